// Prints `npm run bench`'s tables from the measurements scripts/bench.sh collects.
// Usage: node scripts/bench-report.mjs <baseline label or ""> <result JSON>...; a result is
// {scenario, native, wasm[, baseline: {native, wasm}]} with the fields of `aqm-cli bench` and
// scripts/bench-wasm.mjs.
// Or: node scripts/bench-report.mjs --chromium <runs> <result JSON>... <bench-wasm-chromium.mjs output>...
// (runs of them): the Chromium figures, then the summary table of every reference.
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

if (process.argv[2] === '--chromium') {
  chromium(Number(process.argv[3]), process.argv.slice(4))
  process.exit(0)
}

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
  console.log(`wasm (Node) time / native time: warm ${slow.toFixed(2)}x (optimised code: the best later run)`)
  for (const [what, cold] of [
    ['cut in slices, as the page now runs it', r.wasm.first_run_bottleneck_packets_per_s],
    ['in one call, as before', r.wasm.first_run_one_call_bottleneck_packets_per_s],
  ])
    if (cold !== undefined)
      console.log(
        `  cold (first run in a fresh process, ${what}): ${(r.native.bottleneck_packets_per_s / cold).toFixed(2)}x (${fmt(cold)} packets / s)`,
      )
}

function chromium(runs, args) {
  const results = args.slice(0, args.length - runs).map((s) => JSON.parse(s))
  const lines = args.slice(-runs).flatMap((s) =>
    s
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  )
  const f = (v) => Math.round(v).toLocaleString('en-US')
  const rows = []
  for (const r of results) {
    const mine = lines.filter((l) => l.scenario === r.scenario)
    const top = (get) => Math.max(...mine.map(get).filter(Number.isFinite))
    const warm = top((l) => l.bottleneck_packets_per_s)
    const cold = top((l) => l.first_run_bottleneck_packets_per_s)
    const oneCall = top((l) => l.first_run_one_call_bottleneck_packets_per_s)
    const n = r.native.bottleneck_packets_per_s
    const x = (v) => `${(n / v).toFixed(2)}x`
    console.log(
      `${r.scenario}: warm ${f(warm)} packets / s, ${x(warm)} native; cold ${x(cold)} (one call ${x(oneCall)})`,
    )
    rows.push([
      r.scenario.replace(/^.*\//, '').replace(/\.json$/, ''),
      f(n),
      x(r.wasm.bottleneck_packets_per_s),
      x(r.wasm.first_run_bottleneck_packets_per_s),
      x(r.wasm.first_run_one_call_bottleneck_packets_per_s),
      x(warm),
      x(cold),
      x(oneCall),
    ])
  }
  console.log('')
  console.log(
    '== summary: WebAssembly time / native time (best of each; cold = first run in a fresh process or worker)',
  )
  const head = ['reference', 'native pkt/s', 'Node warm', 'cold', 'cold 1 call', 'Chromium warm', 'cold', 'cold 1 call']
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  for (const row of [head, ...rows]) console.log(pad(row, w))
}
