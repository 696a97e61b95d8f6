import { describe, expect, it } from 'vitest'
import { isAlgorithmInfo, isFromWorker, isToWorker } from './protocol'
import { runSummary } from './summaryFixture'

/** A parameter schema as the engine declares one; a test names the values it checks. */
const paramSchema = (values: object = {}) => ({
  name: 'lo',
  label: 'lo',
  unit: 'packets',
  min: 0,
  max: 10,
  default: 1,
  step: 0,
  integer: false,
  boolean: false,
  help: 'h',
  ...values,
})

describe('isToWorker', () => {
  it('accepts every well-formed page message', () => {
    const ok: unknown[] = [
      { type: 'configure' },
      { type: 'configure', scenario: '{}' },
      { type: 'play' },
      { type: 'pause' },
      { type: 'reset' },
      { type: 'step', seconds: 0.5 },
      { type: 'set-speed', simSecondsPerWallSecond: 2 },
      { type: 'set-speed', simSecondsPerWallSecond: Infinity },
      { type: 'set-param', name: 'min_th', value: 5 },
      { type: 'set-view', slots: 0 },
      { type: 'set-view', slots: 240 },
      { type: 'set-algorithm', aqm: { kind: 'red', min_th: 5, gentle: true } },
    ]
    for (const m of ok) expect(isToWorker(m), JSON.stringify(m)).toBe(true)
  })

  it('rejects unknown types, missing fields and bad values', () => {
    const bad: unknown[] = [
      null,
      'play',
      [],
      { type: 'jump' },
      { type: 'step' },
      { type: 'step', seconds: 0 },
      { type: 'step', seconds: NaN },
      { type: 'step', seconds: Infinity },
      { type: 'set-speed', simSecondsPerWallSecond: -1 },
      { type: 'set-param', name: 'min_th' },
      { type: 'set-param', name: 3, value: 5 },
      { type: 'set-algorithm', aqm: { min_th: 5 } },
      { type: 'set-algorithm', aqm: { kind: 'red', nested: { a: 1 } } },
      { type: 'configure', scenario: 42 },
      { type: 'set-view' },
      { type: 'set-view', slots: -1 },
      { type: 'set-view', slots: 2.5 },
      { type: 'set-view', slots: 1e9 },
    ]
    for (const m of bad) expect(isToWorker(m), JSON.stringify(m)).toBe(false)
  })
})

describe('isFromWorker', () => {
  const frame = {
    type: 'frame',
    epoch: 1,
    samples: new Float64Array([0, 1]),
    columns: 2,
    simTime: 0.1,
    state: { avg: 1.5 },
    curve: [
      [0, 0],
      [5, 0.1],
    ],
  }

  it('accepts a frame with a Float64Array and a curve or null', () => {
    expect(isFromWorker(frame)).toBe(true)
    expect(isFromWorker({ ...frame, curve: null })).toBe(true)
  })

  it('rejects a frame whose samples are a plain array or whose state has strings', () => {
    expect(isFromWorker({ ...frame, samples: [0, 1] })).toBe(false)
    expect(isFromWorker({ ...frame, state: { avg: 'high' } })).toBe(false)
    expect(isFromWorker({ ...frame, curve: [[0]] })).toBe(false)
  })

  it('takes a system view only as a Uint32Array with its header', () => {
    expect(isFromWorker({ ...frame, view: Uint32Array.from([1, 0, 10, 0, 0]) })).toBe(true)
    expect(isFromWorker({ ...frame, view: [1, 0, 10, 0, 0] })).toBe(false)
    expect(isFromWorker({ ...frame, view: Uint32Array.from([1, 0]) })).toBe(false)
  })

  it('checks error contexts per control', () => {
    const ok = {
      type: 'error',
      code: 'engine',
      message: 'x',
      context: { control: 'set-param', param: 'min_th', value: 9 },
    }
    expect(isFromWorker(ok)).toBe(true)
    expect(isFromWorker({ ...ok, context: { control: 'set-param' } })).toBe(false)
    expect(isFromWorker({ ...ok, context: { control: 'elsewhere' } })).toBe(false)
  })

  it('requires a known error code, so the page can word every error', () => {
    const ok = { type: 'error', code: 'panic', message: 'x', context: { control: 'run' } }
    expect(isFromWorker(ok)).toBe(true)
    expect(isFromWorker({ ...ok, code: 'oops' })).toBe(false)
    expect(isFromWorker({ type: 'error', message: 'x', context: { control: 'run' } })).toBe(false)
  })

  it('checks the ready message, including the parameter schemas', () => {
    const param = paramSchema({ name: 'min_th', label: 'Min', unit: 'packets', integer: true })
    const alg = { kind: 'red', label: 'RED', citation: 'c', summary: 's', params: [param] }
    const ready = { type: 'ready', version: 1, algorithms: [alg], defaultScenario: '{}', columns: ['t'] }
    expect(isFromWorker(ready)).toBe(true)
    expect(isFromWorker({ ...ready, algorithms: [{ ...alg, params: [{ ...param, integer: 'yes' }] }] })).toBe(false)
  })

  it('checks the run summary, NaN allowed where the engine has no value yet', () => {
    const summary = runSummary({
      measured_to_s: 12,
      jain: NaN,
      min_max_fairness_pct: NaN,
      sync: { index: NaN, random: NaN, excess: NaN },
    })
    expect(isFromWorker({ type: 'summary', epoch: 1, summary })).toBe(true)
    expect(isFromWorker({ type: 'summary', epoch: 1, summary: { ...summary, sync: { index: 0.5 } } })).toBe(false)
    expect(
      isFromWorker({ type: 'summary', epoch: 1, summary: { ...summary, drops_by_reason: { overflow: '3' } } }),
    ).toBe(false)
    expect(isFromWorker({ type: 'summary', summary })).toBe(false)
    expect(
      isFromWorker({ type: 'summary', epoch: 1, summary: { ...summary, total_goodput_payload_mbps: undefined } }),
    ).toBe(false)
  })
})

describe('isAlgorithmInfo', () => {
  const param = paramSchema()
  const info = { kind: 'x', label: 'X', citation: '', summary: '', params: [param] }
  it('accepts the roles and capabilities the engine declares, and their absence', () => {
    expect(isAlgorithmInfo(info)).toBe(true)
    const declared = {
      role: 'queue_level',
      adapts: false,
      below: 'hi',
      at: null,
      range_follows: 'buffer',
      handle: true,
    }
    expect(
      isAlgorithmInfo({
        ...info,
        params: [{ ...param, ...declared }],
        drop_causes: ['early'],
        mark_causes: [],
        band: 'delay',
        avg: 'average',
      }),
    ).toBe(true)
  })
  it('rejects what the engine never sends', () => {
    expect(isAlgorithmInfo({ ...info, params: [{ ...param, role: 'threshold' }] })).toBe(false)
    expect(isAlgorithmInfo({ ...info, params: [{ ...param, range_follows: 'link' }] })).toBe(false)
    expect(isAlgorithmInfo({ ...info, params: [{ ...param, below: 3 }] })).toBe(false)
    expect(isAlgorithmInfo({ ...info, drop_causes: 'early' })).toBe(false)
    expect(isAlgorithmInfo({ ...info, band: 'queue' })).toBe(false)
    expect(isAlgorithmInfo({ ...info, avg: 'ewma' })).toBe(false)
  })
})
