// The sweep side of `npm run bench`: a 5-seed × 8-point sweep (the DualPI2 reference, engine-wasm/bench/c_*,
// at 50…400 Mbit/s for 10 simulated seconds) run by `aqm-cli sweep --jobs N` and by the page's way in
// Chromium (N run workers, each run cut in slices; scripts/bench-wasm-chromium.mjs --sweep), N = the cores
// of this machine, as the page's pool takes navigator.hardwareConcurrency. Checks that both give the same
// 40 summaries, and prints the times (best of `runs`).
// Usage: node scripts/bench-sweep.mjs <aqm-cli> <pkg dir> [runs]
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

const [cli, pkg, runsArg = '1'] = process.argv.slice(2)
const runs = Math.max(1, Number(runsArg))
const jobs = availableParallelism()
const base = JSON.parse(
  readFileSync(new URL('../engine-wasm/bench/c_400mbps_prague_cubic_dualpi2.json', import.meta.url)),
)
const lines = []
for (let point = 1; point <= 8; point++)
  for (let seed = 1; seed <= 5; seed++)
    lines.push(
      JSON.stringify({ ...base, seed, duration: 10, warmup: 2, link: { ...base.link, rate_mbps: 50 * point } }),
    )
const dir = mkdtempSync(join(tmpdir(), 'aqm-sweep-'))
const file = join(dir, 'sweep.jsonl')
writeFileSync(file, lines.join('\n') + '\n')

try {
  let native = Infinity
  let nativeOut = ''
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const r = spawnSync(cli, ['sweep', '--jobs', String(jobs)], { input: readFileSync(file), maxBuffer: 1 << 28 })
    const wall = (performance.now() - start) / 1000
    if (r.status !== 0) throw new Error(`aqm-cli sweep failed: ${r.stderr}`)
    native = Math.min(native, wall)
    nativeOut = r.stdout.toString()
  }
  let cold = Infinity
  let warm = Infinity
  let browser = null
  for (let i = 0; i < runs; i++) {
    const script = new URL('./bench-wasm-chromium.mjs', import.meta.url).pathname
    const out = execFileSync('node', [script, pkg, '--sweep', file, String(jobs)], { maxBuffer: 1 << 28 })
    browser = JSON.parse(out.toString())
    cold = Math.min(cold, browser.cold_s)
    warm = Math.min(warm, browser.warm_s)
  }
  const canon = (s) => JSON.stringify(JSON.parse(s))
  const nativeSummaries = nativeOut
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(canon)
  const same =
    browser.same &&
    nativeSummaries.length === lines.length &&
    browser.summaries.every((s, i) => canon(s) === nativeSummaries[i])
  console.log(
    JSON.stringify({ points: lines.length, jobs, native_s: native, browser_cold_s: cold, browser_warm_s: warm, same }),
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
