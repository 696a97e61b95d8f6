#!/usr/bin/env bash
# The one test command (`npm test`): set-up, build, then every gate and every test runner.
# A failing step does not stop the others. At the end: each step's own summary, then one line
# "N passed, N failed" summed over cargo test, vitest and playwright. Exit status is non-zero
# if any step failed, gates included.
set -uo pipefail
cd "$(dirname "$0")/.."
top=$PWD
out=$top/test-results
mkdir -p "$out"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

summary=()   # one line per step
passed=0
failed=0
any_failed=0

banner() { printf '\n\033[1m=== %s\033[0m\n' "$*"; }

# step NAME CMD...: runs CMD, records status and wall time. Sets $rc and $secs.
step() {
  local name=$1; shift
  banner "$name: $*"
  local t0=$SECONDS
  "$@"
  rc=$?
  secs=$((SECONDS - t0))
  if [ "$rc" -ne 0 ]; then any_failed=1; fi
}

gate() {
  local name=$1
  step "$@"
  if [ "$rc" -eq 0 ]; then summary+=("$name: ok (${secs}s)"); else summary+=("$name: FAILED, exit $rc (${secs}s)"); fi
}

# count NAME P F EXTRA: adds a runner's counts. A runner that failed without reporting a failed
# test (compile error, crash, no report) counts as one failure, so the total never reads clean.
count() {
  local name=$1 p=$2 f=$3 extra=$4
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1; extra="$extra; exited $rc without a failed test: counted as 1 failure"
  fi
  passed=$((passed + p)); failed=$((failed + f))
  summary+=("$name: $p passed, $f failed$extra (${secs}s)")
}

# Reads a number from a JSON report with node (present: set-up installs it).
json_num() { node -e '
  const fs = require("fs"); const [file, ...path] = process.argv.slice(1);
  let v; try { v = JSON.parse(fs.readFileSync(file, "utf8")); for (const k of path) v = v?.[k]; } catch { v = 0 }
  console.log(Number.isFinite(v) ? v : 0);' "$@"; }

banner "setup"
if ! bash scripts/setup.sh; then
  echo "setup failed: nothing else can run"
  echo "0 passed, 1 failed"
  exit 1
fi

gate "build (wasm + tsc -b + vite build)" npm run build

gate "cargo fmt --check" bash -c 'cd engine-wasm && cargo fmt --check'
gate "cargo clippy (native, all targets)" bash -c 'cd engine-wasm && cargo clippy --all-targets -- -D warnings'
gate "cargo clippy (wasm32, lib)" bash -c 'cd engine-wasm && cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings'

# cargo test: sum the "test result: ... N passed; M failed; K ignored" lines.
step "cargo test --release" bash -c 'cd engine-wasm && cargo test --release 2>&1 | tee "$0"; exit "${PIPESTATUS[0]}"' "$out/cargo-test.log"
read -r cp cf ci < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) g += $i } }
  END { print p + 0, f + 0, g + 0 }' "$out/cargo-test.log")
count "cargo test" "$cp" "$cf" ", $ci ignored"

gate "eslint" npx eslint .
gate "prettier --check" npx prettier --check .
gate "tsc -b" npx tsc -b

rm -f "$out/vitest.json"
step "vitest run" npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json"
count "vitest" "$(json_num "$out/vitest.json" numPassedTests)" "$(json_num "$out/vitest.json" numFailedTests)" \
  ", $(json_num "$out/vitest.json" numPendingTests) skipped"

rm -f "$out/playwright.json"
step "playwright test" env PLAYWRIGHT_JSON_OUTPUT_NAME="$out/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json
pw_expected=$(json_num "$out/playwright.json" stats expected)
pw_flaky=$(json_num "$out/playwright.json" stats flaky)
count "playwright" "$((pw_expected + pw_flaky))" "$(json_num "$out/playwright.json" stats unexpected)" \
  ", $(json_num "$out/playwright.json" stats skipped) skipped, $pw_flaky flaky"

banner "summary"
for line in "${summary[@]}"; do echo "  $line"; done
if [ "$failed" -gt 0 ]; then any_failed=1; fi
echo "$passed passed, $failed failed"
exit "$any_failed"
