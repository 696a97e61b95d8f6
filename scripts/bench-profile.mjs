// `npm run bench:profile [-- <scenario.json>] [--seconds S] [--runs N] [--top K] [--cli path] [--pkg dir]`:
// where the time of one reference goes, per function, native against WebAssembly (docs/performance.md,
// "The measured ceiling").
// - Native: `aqm-cli bench S <scenario>` under valgrind's callgrind, counting only inside
//   `Simulation::run_until` (the set-up is left out): each function's own (self) instructions, a share
//   of the total. Instruction counts are exact, so a busy machine does not disturb them.
// - WebAssembly: the same scenario and seconds in Node, N warm runs (after one cold run that is not
//   counted, so V8 has optimised the hot functions) in one-second slices, sampled by V8's CPU profiler
//   every 100 µs; each function's self samples inside `Simulation::run_until`, a share of those samples.
// The two builds inline differently (LLVM inlines more into run_until natively; V8 keeps what LLVM left
// out of line in wasm), so the table by module (scheduler, TCP, AQM, metrics, …) is the fairer comparison;
// the table by function shows where each build keeps its hot code. Defaults: reference b, 20 s, 3 runs.
// Needs valgrind, a release aqm-cli (engine-wasm/target/release) and the wasm package (web/engine/pkg):
// `npm run build:wasm` and `cargo build --release --bin aqm-cli` in engine-wasm.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
const opts = {
  scenario: join(root, 'engine-wasm/bench/b_32mbps_1000_flows.json'),
  seconds: 20,
  runs: 3,
  top: 20,
  cli: join(root, 'engine-wasm/target/release/aqm-cli'),
  pkg: join(root, 'web/engine/pkg'),
}
const args = process.argv.slice(2)
for (let i = 0; i < args.length; i++) {
  const a = args[i]
  const value = () => {
    if (i + 1 >= args.length) throw new Error(`${a} needs a value`)
    return args[++i]
  }
  if (a === '--seconds') opts.seconds = Number(value())
  else if (a === '--runs') opts.runs = Number(value())
  else if (a === '--top') opts.top = Number(value())
  else if (a === '--cli') opts.cli = resolve(value())
  else if (a === '--pkg') opts.pkg = resolve(value())
  else if (!a.startsWith('--')) opts.scenario = resolve(a)
  else {
    console.error(
      'usage: npm run bench:profile -- [scenario.json] [--seconds S] [--runs N] [--top K] [--cli path] [--pkg dir]',
    )
    process.exit(2)
  }
}
if (!(opts.seconds > 0) || !(opts.runs >= 1)) throw new Error('--seconds and --runs must be positive')
for (const [what, path] of [
  ['aqm-cli (cargo build --release --bin aqm-cli in engine-wasm)', opts.cli],
  ['the wasm package (npm run build:wasm)', join(opts.pkg, 'aqm_engine_bg.wasm')],
])
  if (!existsSync(path)) throw new Error(`missing ${what}: ${path}`)

const RUN_UNTIL = 'aqm_engine::sim::Simulation::run_until'

/** A symbol without its hash (`::h0123…`) or wasm's `$` prefix. */
function normalise(name) {
  return name.replace(/^\$/, '').replace(/::h[0-9a-f]{16}$/, '')
}

/** The part of the engine a function belongs to (robust to the builds' different inlining). */
function moduleOf(name) {
  const rules = [
    [/scheduler|binary_heap/, 'event queue (scheduler, heaps)'],
    [/aqm_engine::tcp::receiver/, 'TCP receiver'],
    [/aqm_engine::tcp::/, 'TCP sender and congestion control'],
    [/aqm_engine::aqm::/, 'queue discipline (AQM)'],
    [/aqm_engine::metrics/, 'metrics and trace'],
    [/aqm_engine::sim::|aqm_engine::link|aqm_engine::time/, 'event loop and links (sim.rs)'],
    [/alloc|realloc|dealloc|__rust|memcpy|memmove|memset|RawVec|drop_in_place/, 'memory (allocation, copies)'],
    [/^libm::|^(pow|exp|log|floor|ceil|fmin|fmax)$/, 'maths library'],
  ]
  for (const [re, what] of rules) if (re.test(name)) return what
  return 'other'
}

/** The part of the engine a source file belongs to (the same parts as moduleOf). */
function moduleOfFile(path) {
  const rules = [
    [/scheduler\.rs|binary_heap/, 'event queue (scheduler, heaps)'],
    [/src\/tcp\/receiver/, 'TCP receiver'],
    [/src\/tcp\//, 'TCP sender and congestion control'],
    [/src\/aqm\//, 'queue discipline (AQM)'],
    [/src\/metrics/, 'metrics and trace'],
    [/src\/(sim|link|time|packet|traffic|link_loss)\.rs/, 'event loop and links (sim.rs)'],
    [/alloc\/src\/(raw_vec|alloc)|memcpy|memmove|memset/, 'memory (allocation, copies)'],
    [/libm/, 'maths library'],
  ]
  for (const [re, what] of rules) if (re.test(path)) return what
  // Generic helpers of the standard library (comparisons, Option, iterators, slices, Vec) inlined into
  // their callers: counted apart, since line tables cannot say for which caller.
  if (/\/library\/(core|alloc|std)\/|\/rustc\//.test(path))
    return 'standard library helpers (cmp, Option, iter, slice, Vec)'
  return 'other'
}

/** Shares of the total by key, largest first. */
function shares(counts) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  return new Map([...counts].map(([k, v]) => [k, v / total]))
}

function nativeProfile(dir) {
  const out = join(dir, 'callgrind.out')
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      `--toggle-collect=${RUN_UNTIL}*`,
      opts.cli,
      'bench',
      String(opts.seconds),
      opts.scenario,
    ],
    { maxBuffer: 1 << 26 },
  )
  if (r.status !== 0) throw new Error(`valgrind failed (is it installed?): ${r.stderr}`)
  const bench = JSON.parse(r.stdout.toString())
  const text = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', '--auto=no', out], {
    maxBuffer: 1 << 26,
  }).toString()
  const counts = new Map()
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+)\s+\([\s\d.]+%\)\s+[^:]*:(.*?)(?: \[[^\]]*\])?$/.exec(line)
    if (!m || m[2] === '' || line.includes('PROGRAM TOTALS')) continue
    const name = normalise(m[2])
    counts.set(name, (counts.get(name) ?? 0) + Number(m[1].replaceAll(',', '')))
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  return { counts, total, byFile: nativeByFile(out), packets: bench.bottleneck_packets, events: bench.events }
}

/**
 * Native instructions by the source file each instruction came from, inlined code included, read from
 * callgrind's output when aqm-cli has line tables (`CARGO_PROFILE_RELEASE_DEBUG=line-tables-only`): the
 * cost of, say, the heap's sift counts under binary_heap even where LLVM inlined it into run_until.
 * Null without line tables (then every file is unknown).
 */
function nativeByFile(out) {
  const names = new Map()
  const counts = new Map()
  let file = '???'
  let skipNext = false
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const named = /^(fl|fi|fe)=\((\d+)\)(?: (.*))?$/.exec(line)
    if (named) {
      if (named[3] !== undefined) names.set(named[2], named[3])
      file = names.get(named[2]) ?? '???'
    } else if (line.startsWith('calls=')) skipNext = true
    else if (/^[+\-*\d]/.test(line)) {
      if (skipNext)
        skipNext = false // the inclusive cost of a call, counted where it is spent
      else {
        const cost = Number(line.split(' ')[1] ?? 0)
        counts.set(file, (counts.get(file) ?? 0) + cost)
      }
    }
  }
  return counts.size === 1 && counts.has('???') ? null : counts
}

async function wasmProfile() {
  const pkgUrl = pathToFileURL(opts.pkg + '/')
  const { Simulation, initSync } = await import(new URL('aqm_engine.js', pkgUrl).href)
  initSync({ module: new WebAssembly.Module(readFileSync(new URL('aqm_engine_bg.wasm', pkgUrl))) })
  const scenario = readFileSync(opts.scenario, 'utf8')
  const run = () => {
    const sim = new Simulation(scenario)
    const start = performance.now()
    for (let t = 0; t < opts.seconds; t += 1) {
      sim.run_until(Math.min(t + 1, opts.seconds))
      sim.take_samples()
    }
    const wall = (performance.now() - start) / 1000
    const packets = sim.bottleneck_packets()
    sim.free()
    return { wall, packets }
  }
  run() // cold: compiled by Liftoff, tiered up by TurboFan in the background; not counted
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  let wall = 0
  let packets = 0
  for (let i = 0; i < opts.runs; i++) {
    const r = run()
    wall += r.wall
    packets += r.packets
  }
  const { profile } = await session.post('Profiler.stop')
  session.disconnect()
  // Self samples of each function whose stack passes through run_until.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inside = new Map()
  const isInside = (id) => {
    if (inside.has(id)) return inside.get(id)
    const n = byId.get(id)
    const up = parent.get(id)
    const v = normalise(n.callFrame.functionName) === RUN_UNTIL || (up !== undefined && isInside(up))
    inside.set(id, v)
    return v
  }
  const counts = new Map()
  let all = 0
  for (const id of profile.samples) {
    all++
    if (!isInside(id)) continue
    const name = normalise(byId.get(id).callFrame.functionName) || '(anonymous)'
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  return { counts, total, all, wall, packets }
}

const pct = (v) => (v === undefined ? '–' : `${(100 * v).toFixed(1)} %`)
const pad = (cells, widths) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
function table(head, rows) {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  console.log(pad(head, w))
  for (const r of rows) console.log(pad(r, w))
}
/** `a` and `b` (shares by key) side by side, the `top` largest by either, and their ratio. */
function compare(title, a, b, top) {
  const keys = [...new Set([...a.keys(), ...b.keys()])]
    .sort((x, y) => Math.max(b.get(y) ?? 0, a.get(y) ?? 0) - Math.max(b.get(x) ?? 0, a.get(x) ?? 0))
    .slice(0, top)
  const ratio = (k) => (a.has(k) && b.has(k) ? `${(b.get(k) / a.get(k)).toFixed(2)}` : '–')
  table(
    [title, 'native, instructions', 'wasm (Node), time', 'wasm share / native'],
    keys.map((k) => [k.length > 90 ? k.slice(0, 87) + '...' : k, pct(a.get(k)), pct(b.get(k)), ratio(k)]),
  )
}

const dir = mkdtempSync(join(tmpdir(), 'aqm-profile-'))
try {
  const name = opts.scenario.replace(/^.*\//, '')
  console.log(`== profile of ${name}, ${opts.seconds} simulated s, inside Simulation::run_until`)
  const native = nativeProfile(dir)
  const wasm = await wasmProfile()
  console.log(
    `native: ${(native.total / 1e6).toFixed(1)} M instructions, ${(native.total / native.packets).toFixed(0)} a bottleneck packet, ${(native.total / native.events).toFixed(0)} an event (callgrind)`,
  )
  console.log(
    `wasm (Node, warm): ${wasm.total} samples of 100 µs in run_until (${((100 * wasm.total) / wasm.all).toFixed(0)} % of all), ${((wasm.wall / wasm.packets) * 1e9).toFixed(0)} ns a bottleneck packet over ${opts.runs} runs`,
  )
  const byModule = (counts) => {
    const m = new Map()
    for (const [k, v] of counts) m.set(moduleOf(k), (m.get(moduleOf(k)) ?? 0) + v)
    return shares(m)
  }
  console.log('')
  compare('by part of the engine', byModule(native.counts), byModule(wasm.counts), 20)
  console.log('')
  compare('by function (self)', shares(native.counts), shares(wasm.counts), opts.top)
  if (native.byFile) {
    const byPart = new Map()
    for (const [f, v] of native.byFile) {
      const part = moduleOfFile(f)
      byPart.set(part, (byPart.get(part) ?? 0) + v)
    }
    console.log('\nnative instructions by the source file they come from (inlined code under its own file):')
    const sh = shares(byPart)
    table(
      ['part of the engine', 'native, instructions'],
      [...sh].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, pct(v)]),
    )
  } else
    console.log('\n(build aqm-cli with CARGO_PROFILE_RELEASE_DEBUG=line-tables-only for native shares by source file)')
  console.log(
    '\n(– : not a function of its own in that build, inlined into its caller; the ratio above 1 is where wasm spends more of its time than native spends of its instructions)',
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
