// Adding a discipline needs no change under web/: the engine's test-only discipline (engine-wasm/src/aqm/
// dummy.rs, registered under cfg(test) or `--features dummy-discipline`) is fed to the page's own code as the
// engine describes it. Its catalogue entry is engine-wasm/tests/fixtures/dummy-discipline.json, which a Rust
// test keeps equal to what `aqm-cli algorithms` prints when built with that feature. Its parameters are
// named unlike any real one (start, end, top), so nothing on the page can have guessed them by name.
import { renderToStaticMarkup } from 'react-dom/server'
import { engineFixture } from './engineFixtures'
import { describe, expect, it } from 'vitest'
import { curveParams, delayTargets, dragBounds, queueLevels } from '../charts/thresholds'
import { eventSeries } from '../charts/events'
import { CAUSE_COLUMNS } from '../charts/eventsFixture'
import { isAlgorithmInfo, type AlgorithmInfo } from '../engine/protocol'
import { defaultScenario } from '../scenario/model'
import { decodeLink, encodeLink } from '../scenario/urlCodec'
import i18n from '../i18n'
import { AlgorithmPicker } from './AlgorithmPicker'
import { ParamPanel } from './ParamPanel'

const raw = engineFixture('dummy-discipline')
if (!isAlgorithmInfo(raw)) throw new Error('the fixture is not an AlgorithmInfo the page accepts')
const dummy: AlgorithmInfo = raw
const aqm = { kind: 'dummy', start: 4, end: 12, top: 0.2, ecn: false }

describe('a discipline the page has never heard of', () => {
  it('crosses the protocol guard with its roles', () => {
    expect(dummy.kind).toBe('dummy')
    expect(dummy.params.map((p) => p.role)).toEqual(['queue_level', 'queue_level', 'probability', 'switch'])
  })

  it('is offered in the picker under the name the engine gives it', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <AlgorithmPicker algorithms={[dummy]} kind="dummy" error={undefined} onChange={() => {}} />,
    )
    expect(html).toMatch(/<option value="dummy"[^>]*>Test ramp<\/option>/)
    expect(html).toContain(dummy.summary)
  })

  it("gets one control per parameter, a level's slider ending at the buffer", async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <ParamPanel info={dummy} aqm={aqm} queueUnit="packets" bufferSize={60} errors={{}} onChange={() => {}} />,
    )
    for (const label of ['ramp start', 'ramp end', 'top probability', 'ECN']) expect(html).toContain(label)
    // A level's range ends at the buffer (60), not at the schema's 10^6; the probability keeps its own.
    expect(html.match(/Range 0 to 60 packets\./g)).toHaveLength(2)
    expect(html).toContain('Range 0 to 1.')
  })

  it('has drag handles on the queue chart and the curve, ordered and inside the buffer', () => {
    expect(queueLevels(dummy, aqm, 'packets', 'packets').map((p) => [p.name, p.value])).toEqual([
      ['start', 4],
      ['end', 12],
    ])
    const curve = curveParams(dummy, aqm)
    expect(curve.levels.map((p) => p.name)).toEqual(['start', 'end'])
    expect([curve.probability?.param.name, curve.probability?.at.name]).toEqual(['top', 'end'])
    const [start, end] = curve.levels
    expect(dragBounds(start, aqm, 1, 60)).toEqual({ lo: 0, hi: 11 }) // below end
    expect(dragBounds(end, aqm, 1, 60)).toEqual({ lo: 5, hi: 60 }) // above start, within the buffer
    expect(delayTargets(dummy, aqm)).toEqual([])
  })

  it('shows exactly the drop and mark causes it declares', () => {
    expect(eventSeries(CAUSE_COLUMNS, dummy).map((s) => s.column)).toEqual([
      'drops_overflow',
      'drops_early',
      'drops_forced',
      'marks_early',
    ])
  })

  it('travels through the URL codec, which learns its parameters from the catalogue', () => {
    const algorithms = [dummy]
    const scenario = { ...defaultScenario(), aqm: { kind: 'dummy', start: 6, end: 30, top: 0.5, ecn: true } }
    const query = encodeLink(scenario, {}, { algorithms })
    // Readable keys, named as the engine names them; nothing left for the compressed part.
    expect(new URLSearchParams(query).get('aqm')).toBe('dummy')
    expect(new URLSearchParams(query).get('start')).toBe('6')
    expect(new URLSearchParams(query).get('ecn')).toBe('1')
    expect(new URLSearchParams(query).has('z')).toBe(false)
    const back = decodeLink(query, { algorithms })
    expect(back.problems).toEqual([])
    expect(back.scenario).toEqual(scenario)
    // Defaults are left out of the link and filled back in from the catalogue.
    const atDefaults = { ...defaultScenario(), aqm: { kind: 'dummy', start: 4, end: 12, top: 0.2, ecn: false } }
    expect(decodeLink(encodeLink(atDefaults, {}, { algorithms }), { algorithms }).scenario).toEqual(atDefaults)
  })

  it('decodes a short hand-written link, and says what is wrong with a bad one', () => {
    const algorithms = [dummy]
    const short = decodeLink('?aqm=dummy&start=5&top=0.3', { algorithms })
    expect(short.problems).toEqual([])
    expect(short.scenario.aqm).toEqual({ kind: 'dummy', start: 5, end: 12, top: 0.3, ecn: false })
    const bad = decodeLink('?aqm=dummy&top=3&max_th=9', { algorithms })
    expect(bad.problems.map((p) => [p.code, p.params.field ?? p.params.key])).toEqual([
      ['not-a-param', 'max_th'],
      ['out-of-range', 'aqm.top'],
    ])
    expect(bad.scenario.aqm).toEqual({ kind: 'dummy', start: 4, end: 12, top: 1, ecn: false })
    // Without the catalogue the kind is unknown to the page, as before.
    expect(decodeLink('?aqm=dummy&start=5').problems.map((p) => p.code)).toContain('unknown-kind')
  })
})
