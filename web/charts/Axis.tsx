// The only component where D3 writes into the DOM: it renders an axis into a React-owned <g>.
// `Axis` follows its props; `LiveAxis` is for the time axis that slides every frame: the chart's
// frame loop calls `update(scale)` instead of re-rendering React 60 times a second.
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
    () => ({ update: (scale) => render(ref.current, scale, { orient, ticks, format, gridLength, ticksFor }) }),
    [orient, ticks, format, gridLength, ticksFor],
  )
  return <g ref={ref} className={`axis axis-${orient}`} />
}
