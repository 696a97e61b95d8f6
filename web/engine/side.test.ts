import { describe, expect, it } from 'vitest'
import type { FromWorker } from './protocol'
import { contains, Side } from './side'

describe('a running scenario matches what was asked for', () => {
  it('when every field asked for has the same value, defaults filled in or not', () => {
    const asked = {
      seed: 4,
      link: { buffer: 100 },
      flows: [{ count: 8, rtt_ms: [50, 50] }],
      aqm: { kind: 'red', max_p: 0.1 },
    }
    const running = {
      version: 1,
      seed: 4,
      link: { buffer: 100, rate_mbps: 10 },
      flows: [{ count: 8, rtt_ms: [50, 50], tcp: 'reno' }],
      aqm: { kind: 'red', max_p: 0.1, w_q: 0.002 },
    }
    expect(contains(running, asked)).toBe(true)
    expect(contains({ ...running, seed: 5 }, asked)).toBe(false)
    expect(contains({ ...running, flows: [] }, asked)).toBe(false)
    expect(contains({ ...running, aqm: { kind: 'droptail' } }, asked)).toBe(false)
  })
})

describe('a side', () => {
  const scenario = JSON.stringify({ seed: 4, aqm: { kind: 'red' } })
  const state = (epoch: number, s: object, simTime = 0): FromWorker => ({
    type: 'state',
    epoch,
    flows: [],
    playing: false,
    speed: 1,
    simTime,
    columns: ['t'],
    aqm: { kind: 'red' },
    scenario: JSON.stringify(s),
  })
  const ready: FromWorker = { type: 'ready', version: 1, algorithms: [], defaultScenario: '{}', columns: ['t'] }

  it('is on its scenario only once the worker runs it, and again only after a restart arrived', () => {
    const side = new Side(scenario)
    side.configure()
    side.store.receive(ready)
    side.store.receive(state(1, { seed: 1, aqm: { kind: 'droptail' } })) // the engine's default first
    expect(side.onScenario()).toBe(false)
    side.store.receive(state(2, { seed: 4, aqm: { kind: 'red', max_p: 0.02 } }, 0))
    expect(side.onScenario()).toBe(true)
    expect(side.getSnapshot()).toEqual({ ready: true, simTime: 0, epoch: 2 })
    side.store.receive(state(2, { seed: 4, aqm: { kind: 'red', max_p: 0.02 } }, 12))
    side.configure() // a reset: the old run still reports until the rebuild arrives
    expect(side.onScenario()).toBe(false)
    side.store.receive(state(3, { seed: 4, aqm: { kind: 'red', max_p: 0.02 } }, 0))
    expect(side.onScenario()).toBe(true)
  })

  it('stays on its scenario when a parameter is edited (the running AQM no longer equals the asked one)', () => {
    const side = new Side(JSON.stringify({ seed: 4, aqm: { kind: 'red', min_th: 15 } }))
    side.configure()
    side.store.receive(ready)
    side.store.receive(state(1, { seed: 4, aqm: { kind: 'red', min_th: 15 } }))
    expect(side.onScenario()).toBe(true)
    side.store.receive(state(1, { seed: 4, aqm: { kind: 'red', min_th: 16 } }, 3))
    expect(side.onScenario()).toBe(true)
    side.configure()
    expect(side.onScenario()).toBe(false)
  })
})
