// The only components that write an axis into the DOM, each into a React-owned <g>. `Axis` follows its
// props and lets D3 draw it. `LiveAxis` is for the time axis that slides every frame: the chart's frame
// loop calls `update(scale)` instead of re-rendering React 60 times a second, and it keeps its tick
// elements and moves them (the same markup as D3's axis), because at full speed every tick value is new
// in every frame and D3's data join would remove and create every tick 60 times a second.
import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react'
import * as d3 from 'd3'

export type AxisScale = d3.ScaleContinuousNumeric<number, number>
type Orient = 'left' | 'bottom' | 'right'

interface AxisOptions {
  orient: Orient
  ticks?: number
  /** Exact tick positions (e.g. on a square-root scale). */
  tickValues?: number[]
  format?: (v: number) => string
  /** Draws grid lines across the plot, this long. */
  gridLength?: number
  /** Tick count from the scale (a live axis whose labels grow longer as time goes on). */
  ticksFor?: (scale: AxisScale) => number
}

function render(g: SVGGElement | null, scale: AxisScale, o: AxisOptions): void {
  if (g === null) return
  const axis =
    o.orient === 'left' ? d3.axisLeft(scale) : o.orient === 'right' ? d3.axisRight(scale) : d3.axisBottom(scale)
  axis.ticks(o.ticksFor ? o.ticksFor(scale) : (o.ticks ?? 6))
  if (o.tickValues) axis.tickValues(o.tickValues)
  if (o.format) {
    const f = o.format
    axis.tickFormat((v) => f(Number(v)))
  }
  if (o.gridLength) axis.tickSizeInner(-o.gridLength)
  axis.tickPadding(o.gridLength ? 6 : 4)
  d3.select(g).call(axis)
}

export function Axis({ scale, orient, ticks, tickValues, format, gridLength }: AxisOptions & { scale: AxisScale }) {
  const ref = useRef<SVGGElement>(null)
  useLayoutEffect(() => {
    render(ref.current, scale, { orient, ticks, tickValues, format, gridLength })
  }, [scale, orient, ticks, tickValues, format, gridLength])
  return <g ref={ref} className={`axis axis-${orient}`} />
}

export interface LiveAxisHandle {
  update(scale: AxisScale): void
}

const SVG = 'http://www.w3.org/2000/svg'
/** D3's defaults (d3-axis): outer tick length, inner tick length and label padding, px. */
const TICK_OUTER = 6
const TICK_INNER = 6

/** Sets an attribute only when it changes: an unchanged attribute still costs a style and layout pass. */
function put(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value)
}

/** Draws the axis like d3.axis(scale) would, reusing the tick elements already in `g`. */
function renderPooled(g: SVGGElement | null, scale: AxisScale, o: AxisOptions): void {
  if (g === null) return
  const count = o.ticksFor ? o.ticksFor(scale) : (o.ticks ?? 6)
  const values = scale.ticks(count)
  const format = o.format ?? scale.tickFormat(count)
  const vertical = o.orient !== 'bottom'
  const k = o.orient === 'left' ? -1 : 1
  const inner = o.gridLength ? -o.gridLength : TICK_INNER
  const spacing = Math.max(inner, 0) + (o.gridLength ? 6 : 4)
  const offset = typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 0 : 0.5
  const [r0, r1] = scale.range()
  put(g, 'fill', 'none')
  put(g, 'font-size', '10')
  put(g, 'font-family', 'sans-serif')
  put(g, 'text-anchor', o.orient === 'right' ? 'start' : o.orient === 'left' ? 'end' : 'middle')
  let domain = g.querySelector(':scope > path.domain')
  if (domain === null) {
    domain = g.appendChild(document.createElementNS(SVG, 'path'))
    domain.setAttribute('class', 'domain')
    domain.setAttribute('stroke', 'currentColor')
  }
  const [a, b] = [r0 + offset, r1 + offset]
  put(
    domain,
    'd',
    vertical
      ? `M${k * TICK_OUTER},${a}H${offset}V${b}H${k * TICK_OUTER}`
      : `M${a},${k * TICK_OUTER}V${offset}H${b}V${k * TICK_OUTER}`,
  )
  const ticks = g.querySelectorAll<SVGGElement>(':scope > g.tick')
  for (let i = values.length; i < ticks.length; i++) ticks[i].remove()
  values.forEach((v, i) => {
    let tick = ticks[i]
    if (tick === undefined) {
      tick = g.appendChild(document.createElementNS(SVG, 'g'))
      tick.setAttribute('class', 'tick')
      tick.setAttribute('opacity', '1')
      tick.appendChild(document.createElementNS(SVG, 'line')).setAttribute('stroke', 'currentColor')
      const text = tick.appendChild(document.createElementNS(SVG, 'text'))
      text.setAttribute('fill', 'currentColor')
      text.appendChild(document.createTextNode(''))
    }
    const pos = scale(v) + offset
    put(tick, 'transform', vertical ? `translate(0,${pos})` : `translate(${pos},0)`)
    const line = tick.firstElementChild as SVGLineElement
    put(line, vertical ? 'x2' : 'y2', String(k * inner))
    const text = tick.lastElementChild as SVGTextElement
    put(text, vertical ? 'x' : 'y', String(k * spacing))
    put(text, 'dy', vertical ? '0.32em' : '0.71em')
    // The label's text node changes in place: replacing it would remove and re-add it to the layout.
    const label = format(v)
    const node = text.firstChild as Text
    if (node.data !== label) node.data = label
  })
}

export function LiveAxis({
  handle,
  orient,
  ticks,
  format,
  gridLength,
  ticksFor,
}: AxisOptions & { handle: Ref<LiveAxisHandle> }) {
  const ref = useRef<SVGGElement>(null)
  useImperativeHandle(
    handle,
    () => ({ update: (scale) => renderPooled(ref.current, scale, { orient, ticks, format, gridLength, ticksFor }) }),
    [orient, ticks, format, gridLength, ticksFor],
  )
  return <g ref={ref} className={`axis axis-${orient}`} />
}
