// Adding a congestion control with a parameter needs no change under web/: the engine's test-only controller
// (engine-wasm/src/tcp/dummy.rs, registered under cfg(test) or `--features dummy-cc`) is fed to the page's own
// code as the engine's catalogue lists it. Its entry is engine-wasm/tests/fixtures/dummy-cc.json, which a Rust
// test keeps equal to the catalogue's. Its parameter (`gain`) is named unlike any real one, so nothing on the
// page can have guessed it.
import { renderToStaticMarkup } from 'react-dom/server'
import { engineFixture } from './engineFixtures'
import { describe, expect, it, vi } from 'vitest'
import i18n from '../i18n'
import { PerFlowTable } from '../results/PerFlowTable'
import type { FlowResult } from '../engine/resultsModel'

const dummy = engineFixture('dummy-cc') as {
  name: string
  label: string
  params: Array<{ name: string; path: string; default: number }>
}

// The page's one copy of the catalogue, as a build with `--features dummy-cc` would generate it.
vi.mock('../contract/engine', async (original) => {
  const real = await original<typeof import('../contract/engine')>()
  const fixture = (await import('./engineFixtures')).engineFixture('dummy-cc')
  return { catalog: { ...real.catalog, congestion_controls: [...real.catalog.congestion_controls, fixture] } }
})

const { FlowGroupEditor } = await import('./FlowGroupEditor')
const { ccFields, setVariant, TCP_VARIANTS } = await import('./congestionControls')

const group = { count: 2, tcp: 'dummy_cc', traffic: { kind: 'ftp' } }
const draft = { version: 1, flows: [group] }

function editor(d: typeof draft) {
  return renderToStaticMarkup(
    <FlowGroupEditor
      index={0}
      group={d.flows[0]}
      removable={false}
      onRemove={() => {}}
      draft={d}
      problemAt={() => undefined}
      onEdit={() => {}}
      onUpdate={() => {}}
    />,
  )
}

describe('a congestion control the page has never heard of', () => {
  it('is offered in the flow editor under the name the engine gives it', async () => {
    await i18n.changeLanguage('en')
    expect(TCP_VARIANTS).toContain('dummy_cc')
    expect(editor(draft)).toMatch(/<option value="dummy_cc"[^>]*>Dummy \(test\)<\/option>/)
  })

  it('gets a field for its parameter, at its declared place, showing its default', async () => {
    await i18n.changeLanguage('en')
    const [field] = ccFields('dummy_cc', 0)
    expect(field.kind).toBe('number')
    expect(dummy.params[0].path).toBe('cc_params.gain')
    const html = editor(draft)
    expect(html).toContain('Gain')
    expect(html).toMatch(/id="field-flows-0-cc_params-gain"[^>]*value="1"/)
    const set = { ...draft, flows: [{ ...group, cc_params: { gain: 2.5 } }] }
    expect(editor(set)).toMatch(/id="field-flows-0-cc_params-gain"[^>]*value="2.5"/)
  })

  it('drops its own parameters when the group switches to another variant', () => {
    const set = { version: 1, flows: [{ ...group, cc_params: { gain: 2.5 } }] }
    expect(setVariant(set, 0, 'reno')).toEqual({ version: 1, flows: [{ ...group, tcp: 'reno' }] })
  })

  it('shows in the per-flow table under its name', async () => {
    await i18n.changeLanguage('en')
    const row: FlowResult = {
      id: 0,
      group: 0,
      tcp: 'dummy_cc',
      base_rtt_ms: 40,
      throughput_mbps: 1,
      goodput_payload_mbps: 1,
      link_share: 0.5,
      fair_share: 0.5,
      loss_rate: 0,
      retransmits: 0,
      timeouts: 0,
      mean_rtt_ms: 40,
      delay_ms: 1,
      cwnd_mean: 10,
    }
    expect(renderToStaticMarkup(<PerFlowTable flows={[row]} />)).toContain('dummy_cc')
  })
})
