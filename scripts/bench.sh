#!/usr/bin/env bash
# `npm run bench`: simulated bottleneck packets per wall second on the reference scenarios of
# engine-wasm/bench/, native (aqm-cli) and WebAssembly in Node, with their ratio; then, if the page is
# built (dist/), the page's frame budget in Chromium (scripts/bench-page.mjs). Numbers, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f web/engine/pkg/aqm_engine_bg.wasm ] || bash scripts/build-wasm.sh
(cd engine-wasm && cargo build --release --quiet --bin aqm-cli)
for scenario in engine-wasm/bench/*.json; do
  echo "== $scenario"
  native=$(engine-wasm/target/release/aqm-cli bench "$(node -e "console.log(JSON.parse(require('fs').readFileSync('$scenario','utf8')).duration)")" "$scenario")
  wasm=$(node scripts/bench-wasm.mjs "$scenario")
  node -e '
    const n = JSON.parse(process.argv[1]), w = JSON.parse(process.argv[2]);
    const row = (k, a, b) => console.log(k.padEnd(28), String(a).padStart(16), String(b).padStart(16));
    row("", "native", "wasm (node)");
    row("bottleneck packets / s", Math.round(n.bottleneck_packets_per_s), Math.round(w.bottleneck_packets_per_s));
    row("events / s", Math.round(n.events_per_s), Math.round(w.events_per_s));
    row("x real time", n.speed_vs_real_time.toFixed(1), w.speed_vs_real_time.toFixed(1));
    row("memory (peak RSS / wasm)", n.peak_rss_bytes, w.wasm_memory_bytes);
    row("memory per flow (bytes)", Math.round(n.peak_rss_bytes / n.flows), Math.round(w.wasm_memory_bytes / n.flows));
    console.log("wasm slowdown vs native:", (n.bottleneck_packets_per_s / w.bottleneck_packets_per_s).toFixed(2) + "x");
  ' "$native" "$wasm"
done
echo "== page frame budget (scripts/bench-page.mjs)"
if [ -f dist/index.html ]; then
  node scripts/bench-page.mjs
else
  echo "skipped: no dist/ (run \`npm run build\` first, then \`npm run bench:page\`)"
fi
