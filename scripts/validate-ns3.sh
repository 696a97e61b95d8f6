#!/usr/bin/env bash
# Regenerates the ns-3 reference results in validation/cases/ (docs/validation.md). Not part of npm test.
# Creates validation/.venv-ns3 and installs the ns3 Python package (3.44: about 3 minutes and 520 MB)
# when it is missing, builds aqm-cli (for each flow's RTT and start time), then runs every case, or the
# case ids given as arguments. Keeps each file's recorded `expect`; re-record it afterwards with
#   cd engine-wasm && UPDATE_VALIDATION=1 cargo test --release --test validation_ns3 -- --nocapture
set -euo pipefail
cd "$(dirname "$0")/.."

NS3_VERSION="3.44.post0"
VENV=validation/.venv-ns3
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import importlib.metadata as m; m.version('ns3')" >/dev/null 2>&1; then
  echo "validate:ns3: creating $VENV and installing ns3 $NS3_VERSION (a few minutes, about 520 MB)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "ns3==$NS3_VERSION"
fi

echo "validate:ns3: building aqm-cli"
(cd engine-wasm && cargo build --release --quiet --bin aqm-cli)

echo "validate:ns3: running the cases in ns-3 (loading ns-3 takes about 20 s)"
# cppyy prints harmless notes about static initialisers of its JIT modules; keep the rest.
"$VENV/bin/python" validation/ns3_dumbbell.py "$@" 2> >(grep -v 'Failed to materialize symbols' >&2)
