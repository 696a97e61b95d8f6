// The replay plan on the real engine (wasm in Node): a session played in irregular slices, as the worker plays it,
// with changes made between two slices, replays from its log to the same trace digest; the same changes a
// little later do not (the test can fail).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, expect, it } from 'vitest'
import { Simulation, initSync, trace_digest } from '../engine/pkg/aqm_engine.js'
import { toNanos, type Action, type SessionLog } from './log'
import { plan } from './replayer'

const root = fileURLToPath(new URL('../../', import.meta.url))

const scenario = JSON.stringify({
  seed: 7,
  duration: 20,
  link: { rate_mbps: 10, delay_ms: 10, buffer: 80 },
  flows: [{ count: 10, tcp: 'reno', rtt_ms: [20, 150] }],
  aqm: { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1 },
})
const END = 20_000_000_000

beforeAll(() => {
  initSync({ module: readFileSync(`${root}web/engine/pkg/aqm_engine_bg.wasm`) })
})

/** Plays like the worker: slices of varying length, the person's changes between two of them. */
function record(): { log: SessionLog; digest: string } {
  const sim = new Simulation(scenario)
  const actions: Action[] = []
  const changes: Array<[number, (s: Simulation) => Action]> = [
    [3.1, (s) => (s.set_param('min_th', 9), { at: toNanos(s.now()), kind: 'param', name: 'min_th', value: 9 })],
    [7.7, (s) => (s.set_param('max_th', 35), { at: toNanos(s.now()), kind: 'param', name: 'max_th', value: 35 })],
    [
      11.3,
      (s) => {
        const aqm = { kind: 'codel', target: 5, interval: 100 }
        s.set_algorithm(JSON.stringify(aqm))
        return { at: toNanos(s.now()), kind: 'algorithm', aqm: JSON.parse(s.aqm()) as { kind: string } }
      },
    ],
    [15.9, (s) => (s.set_param('target', 2), { at: toNanos(s.now()), kind: 'param', name: 'target', value: 2 })],
  ]
  const rows: Float64Array[] = []
  let slice = 0.0137
  while (sim.now() < 20 - 1e-9) {
    sim.run_for(Math.min(slice, 20 - sim.now()))
    rows.push(sim.take_samples())
    slice = slice * 1.7 > 0.4 ? 0.0113 : slice * 1.7 // irregular, as adaptive slices are
    while (changes.length > 0 && sim.now() >= changes[0][0]) actions.push(changes.shift()![1](sim))
  }
  const all = Float64Array.from(rows.flatMap((r) => [...r]))
  sim.free()
  return { log: { scenario, playing: true, speed: 1, end: END, actions }, digest: trace_digest(all) }
}

function replay(log: SessionLog): string {
  const sim = new Simulation(log.scenario)
  const rows: Float64Array[] = []
  for (const op of plan(log, 0, 0, log.end, 1_000_000_000).ops) {
    if (op.op === 'step') sim.run_for(op.seconds)
    else if (op.op === 'param') sim.set_param(op.name, op.value)
    else sim.set_algorithm(JSON.stringify(op.aqm))
    rows.push(sim.take_samples())
  }
  expect(toNanos(sim.now())).toBe(log.end)
  sim.free()
  return trace_digest(Float64Array.from(rows.flatMap((r) => [...r])))
}

it('replays a session played in irregular slices to the same trace digest, and not with shifted times', () => {
  const { log, digest } = record()
  expect(log.actions.map((a) => a.kind)).toEqual(['param', 'param', 'algorithm', 'param'])
  // The changes fell between slices, at instants no round number gives.
  expect(log.actions.every((a) => a.at % 1_000_000 !== 0)).toBe(true)
  expect(replay(log)).toBe(digest)
  const later = { ...log, actions: log.actions.map((a) => ({ ...a, at: a.at + 50_000_000 })) }
  expect(replay(later)).not.toBe(digest)
})
