// The frame every chart sits in: a captioned figure whose body (canvas under SVG) fills the grid
// cell it is given; the chart draws to the size this reports.
import type { ReactNode } from 'react'

interface ChartShellProps {
  testId: string
  title: ReactNode
  /** Controls on the caption line (toggles). */
  tools?: ReactNode
  bodyRef: (el: HTMLDivElement | null) => void
  legend?: ReactNode
  className?: string
  children: ReactNode
  /** The chart's numbers as a table for screen readers (DataTable). */
  table?: ReactNode
  /** Extra data- attributes for tests (trace count, highlighted flow). */
  data?: Record<`data-${string}`, string | number>
}

export function ChartShell({
  testId,
  title,
  tools,
  bodyRef,
  legend,
  className,
  children,
  data,
  table,
}: ChartShellProps) {
  return (
    <figure className={`chart live-chart ${className ?? ''}`} data-testid={testId} {...data}>
      <figcaption>
        <span className="chart-title">{title}</span>
        {tools && <span className="chart-tools">{tools}</span>}
      </figcaption>
      <div className="chart-body" ref={bodyRef}>
        {children}
      </div>
      {legend && <ul className="legend">{legend}</ul>}
      {table}
    </figure>
  )
}

/** One legend entry: a swatch in the series colour (a CSS colour, e.g. var(--c-series-1)) and a label. */
export function LegendItem({
  colour,
  label,
  dashed,
  area,
}: {
  colour: string
  label: ReactNode
  dashed?: boolean
  area?: boolean
}) {
  const cls = `swatch${dashed ? ' swatch-dashed' : ''}${area ? ' swatch-area' : ''}`
  return (
    <li>
      <span className={cls} style={dashed ? { borderTopColor: colour } : { background: colour }} />
      {label}
    </li>
  )
}
