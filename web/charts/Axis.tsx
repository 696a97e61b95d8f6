// The only component where D3 writes into the DOM: it renders an axis into a React-owned <g>.
import { useLayoutEffect, useRef } from 'react'
import * as d3 from 'd3'

interface AxisProps {
  scale: d3.ScaleLinear<number, number>
  orient: 'left' | 'bottom'
  ticks?: number
  /** Draws grid lines across the plot, this long. */
  gridLength?: number
}

export function Axis({ scale, orient, ticks = 6, gridLength = 0 }: AxisProps) {
  const ref = useRef<SVGGElement>(null)
  useLayoutEffect(() => {
    if (ref.current === null) return
    const axis = orient === 'left' ? d3.axisLeft(scale) : d3.axisBottom(scale)
    axis.ticks(ticks)
    if (gridLength > 0) axis.tickSizeInner(-gridLength)
    d3.select(ref.current).call(axis)
  }, [scale, orient, ticks, gridLength])
  return <g ref={ref} className={`axis axis-${orient}`} />
}
