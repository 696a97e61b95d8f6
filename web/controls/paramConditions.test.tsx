// A parameter that acts only under a sibling's setting (engine `applies_when`, docs/parameter-roles.md), with
// the engine's own catalogue entries (web/contract/engine.ts; the sweep's side: web/sweep/params.test.ts): DualPI2's tshift under the ts_fifo scheduler and
// classic_protection under wrr, ARED's thresholds only without its automatic settings.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { catalog } from '../contract/engine'
import { isAlgorithmInfo, type AlgorithmInfo, type AqmConfig } from '../engine/protocol'
import { applies, settingOf, unmetCondition } from '../catalog/conditions'
import { queueLevels } from '../charts/thresholds'
import i18n from '../i18n'
import { ParamPanel } from './ParamPanel'

function engineEntry(kind: string): AlgorithmInfo {
  const entry = catalog.algorithms.find((a) => a.kind === kind)
  if (!isAlgorithmInfo(entry)) throw new Error(`${kind} is not an AlgorithmInfo the page accepts`)
  return entry
}
const dualpi2 = engineEntry('dualpi2')
const ared = engineEntry('ared')

/** The panel's markup of the parameter group labelled `label` (its opening tag and everything to the next group). */
function group(html: string, label: string): string {
  const start = html.indexOf(`aria-label="${label}"`)
  if (start < 0) throw new Error(`no group ${label}`)
  const next = html.indexOf('role="group"', start + 1)
  return html.slice(html.lastIndexOf('<div', start), next < 0 ? undefined : next)
}

function panel(aqm: AqmConfig): string {
  return renderToStaticMarkup(
    <ParamPanel info={dualpi2} aqm={aqm} queueUnit="packets" bufferSize={100} errors={{}} onChange={() => {}} />,
  )
}

describe('a parameter that applies only under a sibling setting', () => {
  it('is declared by the engine for DualPI2', () => {
    const param = (name: string) => dualpi2.params.find((p) => p.name === name)
    expect(param('tshift')?.applies_when).toEqual({ param: 'scheduler', values: ['ts_fifo'] })
    expect(param('classic_protection')?.applies_when).toEqual({ param: 'scheduler', values: ['wrr'] })
    expect(param('target')?.applies_when).toBeUndefined()
  })

  it('reads a sibling setting by name, by index, as a switch, or from its default', () => {
    const scheduler = dualpi2.params.find((p) => p.name === 'scheduler')!
    expect([settingOf(scheduler, 'ts_fifo'), settingOf(scheduler, 1), settingOf(scheduler, undefined)]).toEqual([
      'ts_fifo',
      'ts_fifo',
      'wrr',
    ])
    const auto = ared.params.find((p) => p.name === 'auto')!
    expect([settingOf(auto, true), settingOf(auto, 0), settingOf(auto, undefined)]).toEqual(['on', 'off', 'off'])
    const tshift = dualpi2.params.find((p) => p.name === 'tshift')!
    expect(applies(dualpi2.params, tshift, { kind: 'dualpi2' })).toBe(false)
    expect(unmetCondition(dualpi2.params, tshift, { kind: 'dualpi2', scheduler: 'ts_fifo' })).toBeUndefined()
  })

  it('is disabled with a note under wrr, its value kept, while classic protection acts', async () => {
    await i18n.changeLanguage('en')
    const html = panel({ kind: 'dualpi2', scheduler: 'wrr', tshift: 30, classic_protection: 10 })
    const tshift = group(html, 'Time shift')
    expect(tshift).toContain('data-inactive="true"')
    expect(tshift).toContain('Applies only with Scheduler: ts_fifo.')
    expect(tshift.match(/<input[^>]*disabled=""/g)).toHaveLength(2) // slider and number field
    expect(tshift).toMatch(/type="number"[^>]*value="30"/)
    const protection = group(html, 'Classic protection')
    expect(protection).not.toContain('data-inactive')
    expect(protection).not.toContain('disabled')
  })

  it('acts under ts_fifo, where classic protection is the one disabled', async () => {
    await i18n.changeLanguage('en')
    const html = panel({ kind: 'dualpi2', scheduler: 'ts_fifo', tshift: 30, classic_protection: 10 })
    const tshift = group(html, 'Time shift')
    expect(tshift).not.toContain('data-inactive')
    expect(tshift).not.toContain('disabled')
    expect(group(html, 'Classic protection')).toContain('Applies only with Scheduler: wrr.')
  })

  it('names the condition in Korean, a switch as on or off', async () => {
    await i18n.changeLanguage('ko')
    const html = renderToStaticMarkup(
      <ParamPanel
        info={ared}
        aqm={{ kind: 'ared', auto: false }}
        queueUnit="packets"
        bufferSize={100}
        errors={{}}
        onChange={() => {}}
      />,
    )
    expect(html).toContain(': 켜짐일 때만 적용됩니다.') // target_delay waits for auto on
    await i18n.changeLanguage('en')
  })

  it('gets no drag handle while it does not act', () => {
    const aqm = { kind: 'ared', min_th: 5, max_th: 15, auto: false }
    expect(queueLevels(ared, aqm, 'packets', 'packets').map((p) => p.name)).toEqual(['min_th', 'max_th'])
    expect(queueLevels(ared, { ...aqm, auto: true }, 'packets', 'packets')).toEqual([])
  })
})
