// Prints `npm run bench`'s tables from the measurements scripts/bench.sh collects.
// Usage: node scripts/bench-report.mjs <baseline label or ""> <result JSON>...; a result is
// {scenario, native, wasm[, baseline: {native, wasm}]} with the fields of `aqm-cli bench` and
// scripts/bench-wasm.mjs.
const [label, ...results] = process.argv.slice(2)

const rows = [
  ['bottleneck packets / s', (m) => m.bottleneck_packets_per_s, 'higher'],
  ['events / s', (m) => m.events_per_s, 'higher'],
  ['x real time', (m) => m.speed_vs_real_time, 'higher'],
  ['events / bottleneck packet', (m) => m.events / m.bottleneck_packets, ''],
  ['peak memory (MB)', (m, side) => (side === 'native' ? m.peak_rss_bytes : m.wasm_memory_bytes) / 1e6, 'lower'],
]

const fmt = (v) => {
  if (v === undefined || !Number.isFinite(v)) return '–'
  return Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2)
}
const pad = (cells, widths) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')

for (const json of results) {
  const r = JSON.parse(json)
  // The wasm side reports events only as a rate: recover the count from its wall time.
  for (const m of [r.wasm, r.baseline?.wasm]) if (m && m.events === undefined) m.events = m.events_per_s * m.wall_s
  console.log(`== ${r.scenario}`)
  if (!r.baseline) {
    const w = [28, 16, 16]
    console.log(pad(['', 'native', 'wasm (node)'], w))
    for (const [name, get] of rows) console.log(pad([name, fmt(get(r.native, 'native')), fmt(get(r.wasm, 'wasm'))], w))
  } else {
    const w = [28, 14, 14, 8, 14, 14, 8]
    console.log(pad(['', 'native', `native@${label}`, 'ratio', 'wasm', `wasm@${label}`, 'ratio'], w))
    for (const [name, get] of rows) {
      const cells = [name]
      for (const side of ['native', 'wasm']) {
        const now = get(r[side], side)
        const then = get(r.baseline[side], side)
        cells.push(fmt(now), fmt(then), Number.isFinite(now / then) ? `${(now / then).toFixed(2)}x` : '–')
      }
      console.log(pad(cells, w))
    }
    console.log('(ratio = this tree / baseline; above 1 is faster for rates, larger for memory)')
  }
  const slow = r.native.bottleneck_packets_per_s / r.wasm.bottleneck_packets_per_s
  console.log(`wasm slowdown vs native: ${slow.toFixed(2)}x (optimised code: the second run in the process)`)
  const cold = r.wasm.first_run_bottleneck_packets_per_s
  if (cold !== undefined) {
    const coldSlow = r.native.bottleneck_packets_per_s / cold
    console.log(`wasm first run (partly V8's baseline code): ${fmt(cold)} packets / s, ${coldSlow.toFixed(2)}x native`)
  }
}
