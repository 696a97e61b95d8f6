import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sideScenario } from '../catalog/patch'
import type { Preset } from '../catalog/types'
import { sideDifference, summarize } from './summary'

const preset = (id: string): Preset =>
  JSON.parse(readFileSync(new URL(`../../public/presets/${id}.json`, import.meta.url), 'utf8')) as Preset
const keys = (s: ReturnType<typeof summarize>) => s.lines.map((l) => l.key)

describe('worksheet scenario summary', () => {
  it('fills what the preset leaves out with the engine defaults and lists the schedule', () => {
    const s = summarize({
      link: { rate_mbps: 10, rate_schedule: [{ at_s: 30, rate_mbps: 2 }], delay_schedule: [{ at_s: 5, delay_ms: 20 }] },
      flows: [{ tcp: 'cubic', rtt_ms: [40, 80] }],
    })
    expect(s.rateSteps).toEqual([{ at: 30, mbps: 2 }])
    expect(s.delaySteps).toEqual([{ at: 5, ms: 20 }])
    // Engine defaults (scenario.rs): 5 flows, 100-packet buffer, drop-tail, 60 s.
    expect(s.lines.find((l) => l.key === 'flowTcp')).toEqual({
      key: 'flowTcp',
      args: { count: 5, rtt: '40–80' },
      tcp: 'cubic',
    })
    expect(s.lines[0]).toEqual({ key: 'link', args: { rate: '10', delay: '10', buffer: '100' }, unit: 'packets' })
    expect([s.buffer, s.bufferUnit, s.duration]).toEqual([100, 'packets', 60])
    expect(s.lines.find((l) => l.key === 'aqm')?.aqm).toBe('droptail')
  })

  it('describes a UDP flood as UDP at its rate, never as TCP', () => {
    const s = summarize(preset('rfc7928-unresponsive').scenario)
    const udp = s.lines.filter((l) => l.key === 'flowCbr')
    expect(udp).toEqual([{ key: 'flowCbr', args: { count: 1, rtt: '40', rate: '6' } }])
    expect(s.lines.filter((l) => l.key === 'flowTcp')).toHaveLength(1)
  })

  it('lists web sessions as HTTP over TCP', () => {
    const s = summarize(preset('mininet-bufferbloat').scenario)
    expect(keys(s)).toContain('flowHttp')
    expect(s.lines.find((l) => l.key === 'flowHttp')?.args).toMatchObject({ kb: '100', think: '2' })
  })

  it('says when flow groups join and leave', () => {
    const s = summarize(preset('rfc7928-varying-load').scenario)
    expect(s.lines.filter((l) => l.key === 'joins').map((l) => l.args)).toEqual([
      { count: 15, from: '40', to: '42' },
      { count: 30, from: '60', to: '62' },
    ])
    expect(s.lines.filter((l) => l.key === 'stops').map((l) => l.args.at)).toEqual(['100', '80'])
  })

  it('counts a GFR switch buffer in cells, as the discipline holds it', () => {
    const s = summarize(preset('seed002-gfr-atm').scenario)
    expect([s.buffer, s.bufferUnit]).toEqual([3000, 'cells'])
    expect(keys(s)).toContain('atm')
    expect(keys(s)).toContain('runWarmup')
  })

  it('names what each compared side changes', () => {
    const p = preset('tcp-reno-vegas-cubic')
    const base = summarize(sideScenario(p, 0))
    const vegas = sideDifference(base, summarize(sideScenario(p, 1)))
    expect(vegas).toEqual([{ key: 'flowTcp', args: { count: 4, rtt: '40–80' }, tcp: 'vegas' }])
    const red = preset('rfc7928-unresponsive')
    const diff = sideDifference(summarize(sideScenario(red, 0)), summarize(sideScenario(red, 1)))
    expect(diff).toEqual([{ key: 'aqmParams', args: { params: 'min_th 20, max_th 60, max_p 0.1' }, aqm: 'red' }])
  })
})
