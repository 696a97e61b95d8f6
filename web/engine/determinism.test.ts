// Native and WebAssembly builds of the engine must give bit-identical traces (integer time, one portable
// PRNG, libm for transcendental maths). This runs the same scenario through the native CLI and through
// the wasm module in Node, and compares the digests of the traces.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { Simulation, initSync, trace_digest } from './pkg/aqm_engine.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const cli = `${root}engine-wasm/target/release/aqm-cli`

// DualPI2's mixed L4S and classic senders (the link and the flows), run under both of its schedulers.
const L4S_MIX = {
  link: { rate_mbps: 20, delay_ms: 5, buffer: 400 },
  flows: [
    { count: 2, tcp: 'prague', rtt_ms: [15, 60] },
    { count: 2, tcp: 'dctcp', rtt_ms: [15, 60], ecn_codepoint: 'ect1', delayed_ack: true },
    { count: 2, tcp: 'cubic', rtt_ms: [15, 60] },
    { count: 2, tcp: 'newreno', rtt_ms: [15, 60], ecn: true },
  ],
}

const scenarios: Record<string, object> = {
  'reno over red with random loss': {
    seed: 42,
    duration: 20,
    link: { rate_mbps: 10, delay_ms: 10, buffer: 60, loss_rate: 0.001 },
    flows: [{ count: 12, tcp: 'reno', rtt_ms: [20, 200] }],
    aqm: { kind: 'red', min_th: 10, max_th: 40, max_p: 0.1 },
  },
  'cubic and vegas over pie': {
    seed: 5,
    duration: 15,
    link: { rate_mbps: 8, delay_ms: 5, buffer: 200 },
    flows: [
      { count: 3, tcp: 'cubic', rtt_ms: [20, 120] },
      { count: 3, tcp: 'vegas', rtt_ms: [20, 120] },
    ],
    aqm: { kind: 'pie' },
  },
  'bbr (paced) and cubic with hystart++ over drop-tail': {
    seed: 13,
    duration: 15,
    link: { rate_mbps: 10, delay_ms: 10, buffer: 40 },
    flows: [
      { count: 2, tcp: 'bbr', rtt_ms: [30, 90] },
      { count: 2, tcp: 'cubic', hystart: true, rtt_ms: [30, 90] },
    ],
  },
  'mixed tcp and udp in byte mode': {
    seed: 9,
    duration: 15,
    link: { rate_mbps: 5, delay_ms: 5, buffer: 80000, buffer_unit: 'bytes' },
    flows: [
      { count: 4, tcp: 'newreno', rtt_ms: [20, 80], delayed_ack: true },
      { count: 2, traffic: { kind: 'on_off', rate_mbps: 2, on_s: 0.5, off_s: 0.5 } },
      { count: 3, traffic: { kind: 'http' }, tcp: 'tahoe' },
    ],
  },
  // The implementation details of the ns-3 profile: RED's wait and ns rules, FQ-CoDel's Newton-step
  // control law (fixed-point integer arithmetic).
  'ns-3 profile over gentle red with ecn': {
    seed: 3,
    duration: 15,
    profile: 'ns3',
    link: { rate_mbps: 10, delay_ms: 10, buffer: 100 },
    flows: [{ count: 8, tcp: 'newreno', rtt_ms: [30, 150], ecn: true }],
    aqm: { kind: 'gentle_red', min_th: 10, max_th: 30, max_p: 0.1 },
  },
  'ns-3 profile over fq-codel': {
    seed: 4,
    duration: 15,
    profile: 'ns3',
    link: { rate_mbps: 10, delay_ms: 10, buffer: 300 },
    flows: [{ count: 8, tcp: 'cubic', rtt_ms: [30, 150] }],
    aqm: { kind: 'fq_codel', ecn: false },
  },
  'sack, prr and rack-tlp over drop-tail with random loss': {
    seed: 3,
    duration: 15,
    link: { rate_mbps: 10, delay_ms: 10, buffer: 50, loss_rate: 0.002 },
    flows: [
      { count: 3, tcp: 'cubic', rtt_ms: [30, 90], sack: true, recovery: 'prr', rack: true },
      { count: 3, tcp: 'newreno', rtt_ms: [30, 90], sack: true, limited_transmit: true },
      { count: 2, tcp: 'reno', rtt_ms: [30, 90], recovery: 'prr', limited_transmit: true },
    ],
    aqm: { kind: 'droptail' },
  },
  'sack/prr/rack cubic, bbr and newreno over codel': {
    seed: 11,
    duration: 15,
    link: { rate_mbps: 20, delay_ms: 10, buffer: 150 },
    flows: [
      { count: 3, tcp: 'cubic', rtt_ms: [30, 90], sack: true, recovery: 'prr', rack: true, hystart: true },
      { count: 2, tcp: 'bbr', rtt_ms: [30, 90], sack: true },
      { count: 2, tcp: 'newreno', rtt_ms: [30, 90] },
    ],
    aqm: { kind: 'codel' },
  },
  // A time-varying link (docs/time-varying-links.md): capacity steps, seeded slots on their own stream,
  // delay steps held in order.
  'capacity steps, random slots and delay steps over ared': {
    seed: 21,
    duration: 15,
    link: {
      rate_mbps: 10,
      delay_ms: 10,
      buffer: 120,
      rate_schedule: [{ at_s: 3, rate_mbps: 4 }],
      rate_slots: { start_s: 6, slot_s: 2.5, min_mbps: 2, max_mbps: 20 },
      delay_schedule: [
        { at_s: 4, delay_ms: 30 },
        { at_s: 9, delay_ms: 5 },
      ],
    },
    flows: [{ count: 6, tcp: 'cubic', rtt_ms: [80, 140] }],
    aqm: { kind: 'ared' },
  },
  // L4S (docs/algorithms/l4s.md): DualPI2's two queues and PI timer, Prague's pacing and accurate ECN,
  // DCTCP's ACK rule with delayed ACKs, classic senders beside them.
  'prague, dctcp, cubic and newreno over dualpi2': {
    seed: 17,
    duration: 15,
    ...L4S_MIX,
    aqm: { kind: 'dualpi2' },
  },
  // RFC 9332's time-shifted FIFO between DualPI2's queues (the heads' sojourns decide), with the same mix.
  'prague, dctcp, cubic and newreno over dualpi2 with the time-shifted fifo': {
    seed: 23,
    duration: 15,
    ...L4S_MIX,
    aqm: { kind: 'dualpi2', scheduler: 'ts_fifo', tshift: 30 },
  },
}

function nativeDigest(json: string, seconds: number): string {
  return execFileSync(cli, ['digest', '-', String(seconds)], { input: json })
    .toString()
    .trim()
}

function wasmDigest(json: string, seconds: number): string {
  const sim = new Simulation(json)
  sim.run_for(seconds)
  const digest = trace_digest(sim.take_samples())
  sim.free()
  return digest
}

describe('native and WebAssembly engines', () => {
  beforeAll(() => {
    execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'aqm-cli'], { cwd: `${root}engine-wasm` })
    initSync({ module: readFileSync(`${root}web/engine/pkg/aqm_engine_bg.wasm`) })
  }, 300_000)

  for (const [name, scenario] of Object.entries(scenarios)) {
    it(`give identical trace digests: ${name}`, () => {
      const json = JSON.stringify(scenario)
      const native = nativeDigest(json, 15)
      expect(native).toMatch(/^[0-9a-f]{16}$/)
      expect(wasmDigest(json, 15)).toBe(native)
    })
  }

  it('differ when the seed differs (the digest is sensitive)', () => {
    const a = JSON.stringify({ ...scenarios['reno over red with random loss'], seed: 1 })
    const b = JSON.stringify({ ...scenarios['reno over red with random loss'], seed: 2 })
    expect(wasmDigest(a, 5)).not.toBe(wasmDigest(b, 5))
  })
})
