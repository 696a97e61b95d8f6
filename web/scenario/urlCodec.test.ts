// The URL codec: exact round trips (property-based), every preset's link, readable hand-written links, the
// v0 → v1 and v1 → v2 migrations on genuine old links, and clear messages for wrong, hostile and future links.
import { readFileSync, readdirSync } from 'node:fs'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { initSync, validate_scenario } from '../engine/pkg/aqm_engine.js'
import { compressToEncodedURIComponent } from 'lz-string'
import { fullScenario } from './arbitraries'
import { defaultScenario, expand, getAt, isObject, schema, type JsonObject } from './model'
import { shiftDecimal } from './migrations'
import { replaceControls } from './problems'
import { DEFAULT_VIEW, LINK_VERSION, MAX_LINK_CHARS, decodeLink, encodeLink, type LinkView } from './urlCodec'

const full = (partial: JsonObject): JsonObject => {
  const s = expand(schema, partial)
  if (!isObject(s)) throw new Error('not an object')
  return s
}

const codes = (search: string) => decodeLink(search).problems.map((p) => p.code)

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../engine/pkg/aqm_engine_bg.wasm', import.meta.url)) })
})

const token = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/)
const view: fc.Arbitrary<LinkView> = fc.record({
  embed: fc.boolean(),
  views: fc.option(fc.array(token, { maxLength: 4 }), { nil: null }),
  controls: fc.option(fc.array(token, { maxLength: 4 }), { nil: null }),
  autoplay: fc.boolean(),
  caption: fc.string({ maxLength: 60 }).map((c) => replaceControls(c, ' ').replace(/[<>]/g, '').trim()),
  speed: fc.option(fc.oneof(fc.constant(Infinity), fc.double({ min: 0.001, max: 1000, noNaN: true })), { nil: null }),
})

describe('round trip', () => {
  it('decodes every encoded scenario and view exactly, with no problems (random scenarios)', () => {
    fc.assert(
      fc.property(fullScenario, view, (s, v) => {
        const query = encodeLink(s, v)
        const back = decodeLink(`?${query}`)
        expect(back.problems).toEqual([])
        expect(back.scenario).toEqual(s)
        expect(back.view).toEqual({ ...v, speed: v.speed === 1 ? null : v.speed })
        expect(encodeLink(back.scenario, back.view)).toBe(query)
        expect(query.length).toBeLessThan(MAX_LINK_CHARS)
      }),
      { numRuns: 400 },
    )
  })

  it('holds only what differs from the defaults: the default scenario is v=2 and nothing else', () => {
    expect(encodeLink(defaultScenario())).toBe(`v=${LINK_VERSION}`)
    expect(encodeLink({})).toBe(`v=${LINK_VERSION}`)
    const d = decodeLink('?v=2')
    expect([d.hasScenario, d.problems, d.scenario]).toEqual([true, [], defaultScenario()])
    expect(decodeLink('').hasScenario).toBe(false)
    expect(decodeLink('?lang=ko&embed=1').hasScenario).toBe(false)
  })
})

describe('readable links', () => {
  it('reads a hand-written link of common settings', () => {
    const d = decodeLink(
      '?aqm=red&min_th=5&max_th=15&max_p=0.1&rate=10&delay=10&buffer=100&flows=10&tcp=reno&rtt=40-100&seed=3',
    )
    expect(d.problems).toEqual([])
    expect(d.scenario).toEqual(
      full({ seed: 3, flows: [{ count: 10 }], aqm: { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1 } }),
    )
    expect(validate_scenario(JSON.stringify(d.scenario))).toBe('')
  })

  it('writes common settings as readable keys, so a teacher can edit max_th=15 by hand', () => {
    const s = full({
      seed: 3,
      link: { rate_mbps: 20, buffer: 200 },
      flows: [{ count: 10, rtt_ms: [40, 120] }],
      aqm: { kind: 'red', max_th: 30, max_p: 0.1, gentle: true },
    })
    const q = encodeLink(s)
    expect(q).toBe('v=2&seed=3&rate=20&buffer=200&flows=10&rtt=40-120&aqm=red&max_th=30&max_p=0.1&gentle=1')
    expect(decodeLink(`?${q.replace('max_th=30', 'max_th=15')}`).scenario.aqm).toMatchObject({ max_th: 15 })
  })

  it("writes the link's loss pattern readably only when it is periodic, and reads it back", () => {
    const s = full({ link: { loss_rate: 0.001, loss_pattern: 'periodic' } })
    const q = encodeLink(s)
    expect(q).toBe('v=2&loss=0.001&loss_pattern=periodic')
    expect(decodeLink(`?${q}`).scenario).toEqual(s)
    expect(validate_scenario(JSON.stringify(s))).toBe('')
    // Random is the default: absent from the link, and a link without it means random.
    expect(encodeLink(full({ link: { loss_rate: 0.001 } }))).toBe('v=2&loss=0.001')
    expect(getAt(decodeLink('?loss=0.001').scenario, ['link', 'loss_pattern'])).toBe('random')
    expect(codes('?loss_pattern=bursty')).not.toEqual([])
  })

  it('lists per-group values with commas and puts the rest in z=', () => {
    const s = full({
      flows: [
        { count: 3, tcp: 'cubic', rtt_ms: [50, 50] },
        { count: 2, tcp: 'cubic', traffic: { kind: 'cbr', rate_mbps: 2 } },
      ],
      link: { atm: {} },
    })
    const q = encodeLink(s)
    expect(q).toMatch(/^v=2&flows=3,2&tcp=cubic&rtt=50,40-100&z=/)
    expect(decodeLink(`?${q}`).scenario).toEqual(s)
  })

  it('writes a parameter whose name is taken as aqm.<name> (FQ-CoDel flows, HRED rtt)', () => {
    const fq = full({ aqm: { kind: 'fq_codel', flows: 256 } })
    expect(encodeLink(fq)).toBe('v=2&aqm=fq_codel&aqm.flows=256')
    expect(decodeLink('?aqm=fq_codel&aqm.flows=256').scenario).toEqual(fq)
    expect(encodeLink(full({ aqm: { kind: 'hred', rtt: 100 } }))).toContain('aqm.rtt=100')
  })

  it('encodes a caption readably and keeps a lang= it does not own out of the scenario', () => {
    expect(encodeLink({}, { embed: true, caption: 'RED, week 3: drag max_th' })).toBe(
      'v=2&embed=1&caption=RED,+week+3:+drag+max_th',
    )
    expect(decodeLink('?v=1&lang=ko').problems).toEqual([])
  })
})

describe('presets', () => {
  const dir = new URL('../../public/presets/', import.meta.url)
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
  const presets = files
    .map((f) => ({ file: f, json: JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown }))
    .filter(
      (p): p is { file: string; json: { id: string; scenario: JsonObject } } =>
        isObject(p.json) && isObject(p.json.scenario),
    )
  const samples =
    presets.length > 0 ? presets.map((p) => [p.file, p.json.scenario] as const) : [['default', {}] as const]

  it.each(samples)('%s: its link decodes to the preset exactly and the engine accepts it', (_file, scenario) => {
    const q = encodeLink(scenario)
    const d = decodeLink(`?${q}`)
    expect(d.problems).toEqual([])
    expect(d.scenario).toEqual(full(scenario))
    expect(validate_scenario(JSON.stringify(d.scenario))).toBe('')
    expect(q.length).toBeLessThan(400)
  })
})

describe('migrations', () => {
  // Written by the v0 prototype (its key names; cfg= holds the rest with v0's JSON keys, sample_ms in ms).
  const v0Red =
    '?v=0&algo=red&minth=10&maxth=30&maxp=0.05&bw=20&qlen=120&n=12&cc=newreno&rtt_min=30&rtt_max=90&seed=7' +
    '&cfg=N4IgRg9gLlA2CmA7eBjA1iAXKADgJwhwH0ATeWAQwE8iBbAZywFYAaEARwFd5ujPEAllCwgcFdPCiMAvm3oVaOBHUaYAjAAYNcpGTyqA2qHpQKeKEXr54FEpawAmNqkRYoebtIC6bdiQH0KFigAO7sWBoAdFoALGwA5khw8G4e8NLSQA'
  const v0Fifo =
    '?v=0&bw=100' +
    '&cfg=N4IgzgpgdgJhBOYQC4DaoooEwBoQGN8UCBXAIwEsi94AXWgfXgEMoBzCBgWyTQFYADDkEBdAL44MKAIx5CxeNAD2IGvSasO3XqixC9A8SLxkl9ADbQI+ANYpQARxIRnDcxS4VaMgb4kgHGAowImRQWgBPAAcIYgAzB3wlOHMQMTEgA'

  it('reads a v0 link: renamed keys, renamed algorithm, sample interval from ms to s', () => {
    const d = decodeLink(v0Red)
    expect(d.problems).toEqual([])
    expect(d.version).toBe(0)
    expect(d.scenario).toEqual(
      full({
        seed: 7,
        sample_interval: 0.1,
        link: { rate_mbps: 20, delay_ms: 5, buffer: 120 },
        flows: [{ count: 12, tcp: 'newreno', rtt_ms: [30, 90], start_spread_s: 2, ecn: true }],
        aqm: { kind: 'red', min_th: 10, max_th: 30, max_p: 0.05, w_q: 0.004, gentle: true },
      }),
    )
    expect(validate_scenario(JSON.stringify(d.scenario))).toBe('')
  })

  it('reads v0 algorithm names (fqcodel) and flow groups from cfg=', () => {
    const d = decodeLink(v0Fifo)
    expect(d.problems).toEqual([])
    expect(getAt(d.scenario, ['aqm', 'kind'])).toBe('fq_codel')
    expect(d.scenario.flows).toEqual(
      full({
        flows: [
          { count: 2, tcp: 'cubic', rtt_ms: [50, 50] },
          { count: 1, rtt_ms: [20, 200] },
        ],
      }).flows,
    )
    expect(getAt(d.scenario, ['link', 'buffer'])).toBe(1000)
  })

  it('re-encodes a migrated link in the current format', () => {
    expect(encodeLink(decodeLink(v0Red).scenario)).toMatch(
      /^v=2&seed=7&rate=20&delay=5&buffer=120&flows=12&tcp=newreno&rtt=30-90&aqm=red/,
    )
  })
})

describe('v1 → v2: AQM time parameters from seconds to milliseconds', () => {
  // Links as the v1 page wrote them: every parameter a readable key (HRED's rtt as aqm.rtt, since rtt= is the
  // flows' RTT), the rest (here the ATM link) in z=.
  it('reads ARED and QVARED intervals and target delays written in seconds', () => {
    const d = decodeLink('?v=1&flows=10&aqm=ared&interval=0.25&auto=1&target_delay=0.02')
    expect(d.problems).toEqual([])
    expect(d.version).toBe(1)
    expect(d.scenario).toEqual(
      full({ flows: [{ count: 10 }], aqm: { kind: 'ared', interval: 250, auto: true, target_delay: 20 } }),
    )
    expect(validate_scenario(JSON.stringify(d.scenario))).toBe('')
    const q = decodeLink('?v=1&aqm=qvared&aqm.interval=1.001&qt_reset_interval=2.5&target_delay=0.0001')
    expect(q.problems).toEqual([])
    // 1.001 s is exactly 1001 ms (1.001 * 1000 would be 1000.9999999999999).
    expect(q.scenario.aqm).toMatchObject({ kind: 'qvared', interval: 1001, qt_reset_interval: 2500, target_delay: 0.1 })
  })

  it("reads HRED's gain RTT and the selective drop's timeout in seconds, and leaves the flows' RTT alone", () => {
    const h = decodeLink('?v=1&rtt=50&aqm=hred&aqm.rtt=0.24')
    expect(h.problems).toEqual([])
    expect(getAt(h.scenario, ['aqm', 'rtt'])).toBe(240)
    expect(getAt(h.scenario, ['flows', 0, 'rtt_ms'])).toEqual([50, 50])
    const s = decodeLink('?v=1&flows=2&aqm=selective_drop&active_timeout=0.5&q_thresh=5')
    expect(s.problems).toEqual([])
    expect(s.scenario.aqm).toMatchObject({ kind: 'selective_drop', active_timeout: 500, q_thresh: 5 })
    // CoDel's interval was always milliseconds: unchanged.
    expect(decodeLink('?v=1&aqm=codel&interval=80').scenario.aqm).toMatchObject({ kind: 'codel', interval: 80 })
  })

  it("reads GFR's cdvt_us (µs) as cdvt_ms, with the ATM link from z=", () => {
    const z = compressToEncodedURIComponent(JSON.stringify({ link: { atm: {} } }))
    const d = decodeLink(`?v=1&aqm=gfr&cdvt_us=250&z=${z}`)
    expect(d.problems).toEqual([])
    expect(getAt(d.scenario, ['aqm', 'cdvt_ms'])).toBe(0.25)
    expect(getAt(d.scenario, ['aqm', 'cdvt_us'])).toBeUndefined()
    expect(validate_scenario(JSON.stringify(d.scenario))).toBe('')
    expect(encodeLink(d.scenario)).toMatch(/^v=2&aqm=gfr&cdvt_ms=0.25&z=/)
  })

  it('converts a whole v1 scenario held in z= (its aqm object names its kind)', () => {
    const v1 = { version: 1, seed: 4, aqm: { kind: 'ared', interval: 0.5, target_delay: 0.005, max_p: 0.05 } }
    const d = decodeLink(`?v=1&z=${compressToEncodedURIComponent(JSON.stringify(v1))}`)
    expect(d.problems).toEqual([])
    expect(d.scenario).toEqual(full({ seed: 4, aqm: { kind: 'ared', interval: 500, target_delay: 5, max_p: 0.05 } }))
  })

  it('re-encodes a v1 link as v2 in milliseconds, and a v2 link is not converted again', () => {
    const d = decodeLink('?v=1&aqm=ared&interval=0.75')
    const q = encodeLink(d.scenario)
    expect(q).toBe('v=2&aqm=ared&interval=750')
    expect(decodeLink(`?${q}`).scenario).toEqual(d.scenario)
  })

  it('shifts the decimal point of the shortest form, as the engine does', () => {
    // The same vectors as engine-wasm/src/migrate.rs shift_decimal_moves_the_point_of_the_shortest_decimal_form.
    expect([0.5, 0.005, 1.001, 0.0001, 1, 0].map((x) => shiftDecimal(x, 3))).toEqual([500, 5, 1001, 0.1, 1000, 0])
    expect([shiftDecimal(250, -3), shiftDecimal(1, -3), shiftDecimal(-2.5, 3)]).toEqual([0.25, 0.001, -2500])
    expect(shiftDecimal(1e300, 10)).toBe(1e300) // overflow: left for the range check to report
  })
})

describe('broken and hostile links', () => {
  it('names an unknown key, a parameter of another algorithm and a value that is not a number', () => {
    expect(decodeLink('?v=1&colour=red').problems[0].message).toBe(
      'colour is not a setting this page knows; it was left out.',
    )
    expect(decodeLink('?v=1&max_th=15').problems[0].message).toMatch(/^max_th is not a parameter of droptail/)
    expect(decodeLink('?aqm=red&max_th=lots').problems[0].message).toBe('max_th=lots is not a number.')
    expect(decodeLink('?aqm=red&gentle=maybe').problems[0].code).toBe('not-a-switch')
    expect(decodeLink('?rtt=40to100').problems[0].code).toBe('bad-range')
  })

  it('caps a million flows to the limit, with a message naming the field and range', () => {
    const d = decodeLink('?v=1&flows=1e6')
    expect(d.problems.map((p) => [p.code, p.params])).toEqual([
      ['out-of-range', { field: 'flows[0].count', min: 1, max: 10000, got: '1000000' }],
    ])
    expect(getAt(d.scenario, ['flows', 0, 'count'])).toBe(10000)
    const two = decodeLink('?v=1&flows=6000,6000')
    expect([two.problems[0].code, two.problems[0].params]).toEqual(['total-flows', { max: 10000, total: 12000 }])
    expect(two.scenario.flows).toEqual(full({ flows: [{ count: 5000 }, { count: 5000 }] }).flows)
  })

  it('reports a future version and reads what it can', () => {
    const d = decodeLink('?v=999&aqm=codel&target=20&hologram=1')
    expect(codes('?v=999&aqm=codel&target=20&hologram=1')).toEqual(['version-future', 'unknown-key'])
    expect(d.problems[0].message).toBe(
      'This link was made by a newer AQM Lab (format v999; this page reads v0 to v2). Anything it does not know was left out.',
    )
    expect(d.scenario.aqm).toMatchObject({ kind: 'codel', target: 20 })
  })

  it('reports truncated or oversized compressed data and keeps the readable part', () => {
    const q = encodeLink(full({ seed: 9, flows: [{ count: 3, ecn: true, delayed_ack: true }] }))
    const cut = `?${q.slice(0, q.length - 12)}`
    expect(codes(cut)).toEqual(['z-damaged'])
    expect(decodeLink(cut).scenario.seed).toBe(9)
    expect(codes('?z=%%%')).toEqual(['z-damaged'])
    expect(codes('?z=N4Ig')).toEqual(['z-damaged'])
  })

  it('keeps captions as plain text, short, and without a problem dialog', () => {
    const d = decodeLink('?embed=1&caption=%3Cscript%3Ealert(1)%3C/script%3E')
    // Kept verbatim: the page shows it as text, never as markup.
    expect(d.view.caption).toBe('<script>alert(1)</script>')
    expect(d.problems).toEqual([])
    const long = decodeLink(`?caption=${'x'.repeat(3000)}`)
    expect(long.view.caption).toBe(`${'x'.repeat(199)}…`)
    expect(long.problems).toEqual([])
  })

  it('rejects an over-long link outright and falls back to the defaults', () => {
    const d = decodeLink(`?v=1&seed=${'9'.repeat(MAX_LINK_CHARS)}`)
    expect(d.problems.map((p) => p.code)).toEqual(['too-long'])
    expect(d.scenario).toEqual(defaultScenario())
  })

  it('never lets a link set an object prototype', () => {
    const d = decodeLink(`?z=${encodeURIComponent('N4IgzgXg+gRgpgBwG4EsBOBOA') /* not a real payload */}&__proto__=1`)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(d.problems.length).toBeGreaterThan(0)
  })

  it('takes the view keys apart from the scenario', () => {
    const d = decodeLink('?embed=1&views=queue,readouts&controls=play,max_th&autoplay=1&speed=max')
    expect(d.hasScenario).toBe(false)
    expect(d.view).toEqual({
      ...DEFAULT_VIEW,
      embed: true,
      views: ['queue', 'readouts'],
      controls: ['play', 'max_th'],
      autoplay: true,
      speed: Infinity,
    })
    expect(codes('?speed=-1')).toEqual(['bad-speed'])
    expect(codes('?views=queue,<b>')).toEqual(['bad-token'])
  })
})
