// @vitest-environment happy-dom
// The live time axis keeps its tick elements and moves them; what it draws must be what D3's own axis
// draws for the same scale (the static axes and the tests read the same markup), frame after frame.
import { describe, expect, it } from 'vitest'
import { act, createRef } from 'react'
import { createRoot } from 'react-dom/client'
import * as d3 from 'd3'
import { LiveAxis, type LiveAxisHandle } from './Axis'
import { timeTickFormat } from './format'

/** D3's axis for the same scale and options, drawn into a fresh <g>. */
function d3Axis(scale: d3.ScaleLinear<number, number>, ticks: number, format?: (v: number) => string): string {
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g')
  const axis = d3.axisBottom(scale).ticks(ticks).tickPadding(4)
  if (format) axis.tickFormat((v) => format(Number(v)))
  d3.select(g).call(axis)
  return g.innerHTML
}

describe('LiveAxis', () => {
  it('draws what d3.axisBottom draws, and keeps its tick elements as the window slides', () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    document.body.appendChild(svg)
    const handle = createRef<LiveAxisHandle>()
    const root = createRoot(svg)
    act(() => root.render(<LiveAxis handle={handle} orient="bottom" ticksFor={() => 6} format={timeTickFormat} />))
    const g = svg.querySelector('g.axis-bottom')!
    let firstTick: Element | null = null
    for (const [t0, t1] of [
      [0, 20],
      [3.3, 23.3],
      [5021.7, 5041.7],
      [117_000, 117_020],
      [0, 1],
    ]) {
      const scale = d3.scaleLinear().domain([t0, t1]).range([0, 587])
      handle.current!.update(scale)
      expect(g.innerHTML).toBe(d3Axis(scale, 6, timeTickFormat))
      firstTick ??= g.querySelector('.tick')
    }
    // The first tick element is still the one made for the first frame: moved, not replaced.
    expect(g.querySelector('.tick')).toBe(firstTick)
    act(() => root.unmount())
  })
})
