#!/usr/bin/env bash
# `npm run bench [-- --baseline <git-rev>]`: simulated bottleneck packets and events per wall second and
# peak memory on the reference scenarios of engine-wasm/bench/, native (aqm-cli) and WebAssembly in Node
# (and, for this tree, in a Chromium Web Worker), WebAssembly warm (optimised code) and cold (the first run
# in a fresh process or worker, cut in slices as the page's run workers do, and in one call as before);
# a 5-seed × 8-point sweep, `aqm-cli sweep --jobs N` beside the page's way in Chromium (scripts/bench-sweep.mjs);
# then, if the page is built (dist/), the page's frame budget in Chromium (scripts/bench-page.mjs).
# With --baseline, that revision is built in a temporary git worktree (its own cargo target directory,
# seeded from ours so dependencies are not compiled again) and measured the same way on the same
# scenario files, and the report shows both with their ratios. Numbers, not a test: on a busy machine
# repeat with --runs N (each figure is the best of N).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

baseline=""
runs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline=${2:?--baseline needs a git revision}; shift 2 ;;
    --baseline=*) baseline=${1#--baseline=}; shift ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    *) echo "usage: npm run bench [-- --baseline <git-rev>] [--runs N]" >&2; exit 2 ;;
  esac
done

say() { printf '[bench] %s\n' "$*" >&2; }

# Builds the native CLI and the wasm package of the engine in <src>/engine-wasm into <out>/.
build_engine() {
  local src=$1 target=$2 out=$3
  mkdir -p "$out/pkg"
  (cd "$src/engine-wasm" && CARGO_TARGET_DIR=$target cargo build --release --quiet --bin aqm-cli)
  cp "$target/release/aqm-cli" "$out/aqm-cli"
  (cd "$src/engine-wasm" && CARGO_TARGET_DIR=$target cargo build --release --quiet --target wasm32-unknown-unknown --lib)
  wasm-bindgen --target web --out-dir "$out/pkg" "$target/wasm32-unknown-unknown/release/aqm_engine.wasm"
}

# One JSON object per scenario: {"scenario", "native": {...}, "wasm": {...}}, best of $runs.
measure() {
  local out=$1 scenario=$2 secs
  secs=$(node -e "console.log(JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')).duration)" "$scenario")
  local natives=() wasms=() ones=()
  # Interleaved: native, Node (cold run in slices), Node (cold run in one call), and again.
  for _ in $(seq "$runs"); do
    natives+=("$("$out/aqm-cli" bench "$secs" "$scenario")")
    wasms+=("$(node scripts/bench-wasm.mjs "$scenario" "$secs" "$out/pkg" slices)")
    ones+=("$(node scripts/bench-wasm.mjs "$scenario" "$secs" "$out/pkg" one-call)")
  done
  node -e '
    const [scenario, runs, ...all] = process.argv.slice(1)
    const n = Number(runs), parse = (a) => a.map((s) => JSON.parse(s))
    const best = (xs, f = (m) => m.bottleneck_packets_per_s) => xs.reduce((a, b) => (f(b) > f(a) ? b : a))
    const [natives, sliced, oneCall] = [parse(all.slice(0, n)), parse(all.slice(n, 2 * n)), parse(all.slice(2 * n))]
    const cold = (m) => m.first_run_bottleneck_packets_per_s
    const wasm = {
      ...best([...sliced, ...oneCall]),
      first_run_bottleneck_packets_per_s: cold(best(sliced, cold)),
      first_run_one_call_bottleneck_packets_per_s: cold(best(oneCall, cold)),
    }
    console.log(JSON.stringify({ scenario, native: best(natives), wasm }))
  ' "$scenario" "$runs" "${natives[@]}" "${wasms[@]}" "${ones[@]}"
}

work=$(mktemp -d)
cleanup() {
  if [ -n "$baseline" ] && [ -d "$work/src" ]; then git worktree remove --force "$work/src" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

say "building this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- engine-wasm || echo '+changes'))"
build_engine "$root" "$root/engine-wasm/target" "$work/current"

if [ -n "$baseline" ]; then
  rev=$(git rev-parse --verify "$baseline^{commit}")
  say "building baseline $baseline ($(git rev-parse --short "$rev")) in a temporary worktree"
  git worktree add --detach --quiet "$work/src" "$rev"
  mkdir -p "$work/target"
  for d in release wasm32-unknown-unknown; do
    [ -d engine-wasm/target/$d ] && cp -a --reflink=auto engine-wasm/target/$d "$work/target/"
  done
  build_engine "$work/src" "$work/target" "$work/baseline"
fi

results=()
for scenario in engine-wasm/bench/*.json; do
  say "measuring $scenario"
  cur=$(measure "$work/current" "$scenario")
  # A scenario that uses fields the baseline predates (e.g. SACK) is measured on this tree only.
  if [ -n "$baseline" ] && base=$(measure "$work/baseline" "$scenario" 2>/dev/null); then
    results+=("$(node -e 'console.log(JSON.stringify({ ...JSON.parse(process.argv[1]), baseline: JSON.parse(process.argv[2]) }))' "$cur" "$base")")
  else
    results+=("$cur")
  fi
done
node scripts/bench-report.mjs "${baseline:+$baseline}" "${results[@]}"

# The same wasm build in Web Workers of Chromium, where the page runs it (this tree only; best of $runs).
echo "== WebAssembly in Chromium (this tree; Web Workers, as the page runs the engine)"
chromes=()
for _ in $(seq "$runs"); do
  chromes+=("$(node scripts/bench-wasm-chromium.mjs "$work/current/pkg" engine-wasm/bench/*.json)")
done
node scripts/bench-report.mjs --chromium "$runs" "${results[@]}" "${chromes[@]}"

echo "== sweep: 5 seeds x 8 points (scripts/bench-sweep.mjs; best of $runs)"
node -e '
  const r = JSON.parse(process.argv[1])
  const f = (s) => `${s.toFixed(2)} s`
  console.log(`aqm-cli sweep --jobs ${r.jobs}: ${f(r.native_s)}`)
  console.log(`page (Chromium, ${r.jobs} run workers): fresh workers ${f(r.browser_cold_s)} (${(r.browser_cold_s / r.native_s).toFixed(2)}x), warm workers ${f(r.browser_warm_s)} (${(r.browser_warm_s / r.native_s).toFixed(2)}x)`)
  console.log(r.same ? "the 40 summaries are identical" : "SUMMARIES DIFFER between the CLI and the page")
' "$(node scripts/bench-sweep.mjs "$work/current/aqm-cli" "$work/current/pkg" "$runs")"

echo "== page frame budget (scripts/bench-page.mjs)"
if [ -f dist/index.html ]; then
  node scripts/bench-page.mjs
else
  echo "skipped: no dist/ (run \`npm run build\` first, then \`npm run bench:page\`)"
fi
