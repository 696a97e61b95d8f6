// @vitest-environment happy-dom
// The experiment's editors follow the running scenario, but not a change of the queue discipline alone: a
// dragged threshold must not render them again (their `shown` object stays the same).
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { readRunning, type RunningScenario } from '../scenario/running'
import { useScenarioDraft, type ScenarioDraft } from './useScenarioDraft'

function mount() {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const seen: ScenarioDraft[] = []
  const Probe = ({ running }: { running: RunningScenario | null }) => {
    seen.push(useScenarioDraft(running))
    return null
  }
  const root = createRoot(document.createElement('div'))
  const show = (running: RunningScenario | null) => act(() => root.render(<Probe running={running} />))
  return { seen, show, latest: () => seen[seen.length - 1], unmount: () => act(() => root.unmount()) }
}

describe('useScenarioDraft', () => {
  it('keeps showing the same object while only the AQM changes, and follows any other change', () => {
    const d = mount()
    const a = readRunning('{"link":{"buffer":100},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":15}}', [])
    d.show(a)
    const first = d.latest().shown
    expect(first).toEqual(a?.value)
    d.show(readRunning('{"link":{"buffer":100},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":16}}', [], a))
    expect(d.latest().shown).toBe(first)
    expect(d.latest().dirty).toBe(false)
    const b = readRunning('{"link":{"buffer":80},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":16}}', [], a)
    d.show(b)
    expect(d.latest().shown).toBe(b?.value)
    // What is applied carries the live AQM, not the one the kept object was parsed with.
    d.show(readRunning('{"link":{"buffer":80},"flows":[{"count":2}],"aqm":{"kind":"red","max_th":30}}', [], b))
    expect(d.latest().shown).toBe(b?.value)
    expect(JSON.parse(d.latest().toApply() ?? 'null').aqm.max_th).toBe(30)
    d.unmount()
  })
})
