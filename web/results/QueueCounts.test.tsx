import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import i18n from '../i18n'
import { QueueCounts } from './QueueCounts'

const state = {
  l_step_marks: 120,
  l_coupled_marks: 7,
  l_drops: 2,
  l_overload_drops: 1,
  c_marks: 0,
  c_drops: 31,
  c_overload_drops: 3,
}

describe('marks and drops by queue and cause', () => {
  it('lists each queue’s declared counters with their values and window, in English and Korean', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(<QueueCounts kind="dualpi2" state={state} simTime={12.34} />)
    expect(html).toContain('since 0 s (at 12.3 s')
    const rows = [...html.matchAll(/data-queue="(\w+)" data-count="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)
    expect(rows).toEqual([
      'l4s:l_step_marks',
      'l4s:l_coupled_marks',
      'l4s:l_drops',
      'l4s:l_overload_drops',
      'classic:c_marks',
      'classic:c_drops',
      'classic:c_overload_drops',
    ])
    expect(html).toContain('<td>step marks</td><td data-value="120">120</td>')
    expect(html).toContain('<td>classic drops</td><td data-value="31">31</td>')
    expect(html).toContain('<td>of them overload drops</td><td data-value="3">3</td>')
    // Each queue's name heads its rows.
    expect(html).toMatch(/<th scope="rowgroup" rowSpan="4">.*L4S queue<\/th>/)
    expect(html).toMatch(/<th scope="rowgroup" rowSpan="3">.*Classic queue<\/th>/)
    await i18n.changeLanguage('ko')
    const ko = renderToStaticMarkup(<QueueCounts kind="dualpi2" state={state} simTime={12.34} />)
    expect(ko).toContain('스텝 표시')
    expect(ko).toContain('L4S 큐')
    await i18n.changeLanguage('en')
  })

  it('shows a counter the engine did not report as –, and nothing for a one-queue discipline', () => {
    const html = renderToStaticMarkup(<QueueCounts kind="dualpi2" state={{ c_drops: 3 }} simTime={1} />)
    expect(html).toContain('<td>step marks</td><td data-value="">–</td>')
    expect(renderToStaticMarkup(<QueueCounts kind="red" state={state} simTime={1} />)).toBe('')
    expect(renderToStaticMarkup(<QueueCounts kind={undefined} state={state} simTime={1} />)).toBe('')
  })
})
