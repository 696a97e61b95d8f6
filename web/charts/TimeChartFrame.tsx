// A time chart's frame: its caption, legend and screen-reader table (ChartShell, DataTable) around its
// TimePlot, so each chart states only what it draws, its series and its legend.
import type { ReactNode } from 'react'
import { ChartShell } from './ChartShell'
import { DataTable, type TableSeries } from './DataTable'
import { TimePlot, type TimeChart, type TimePlotProps } from './TimeChart'

interface TimeChartFrameProps extends Omit<TimePlotProps, keyof TimeChart> {
  /** What `useTimeChart` returned (with its plot box and store). */
  chart: TimeChart
  testId: string
  className: string
  title: string
  bodyRef: (el: HTMLDivElement | null) => void
  legend: ReactNode
  /** Controls on the caption line. */
  tools?: ReactNode
  data?: Record<`data-${string}`, string | number>
  /** The series the screen-reader table lists (their latest values); none: no table. */
  series?: TableSeries[]
  /** Drawn over the plot, inside the chart body (a hover tip). */
  overlay?: ReactNode
}

export function TimeChartFrame(props: TimeChartFrameProps) {
  const { chart, testId, className, title, bodyRef, legend, tools, data, series, overlay, ...plot } = props
  return (
    <ChartShell
      testId={testId}
      className={className}
      title={title}
      tools={tools}
      bodyRef={bodyRef}
      data={data}
      legend={legend}
      table={series && <DataTable store={chart.store} testId={testId} title={title} series={series} />}
    >
      <TimePlot {...chart} {...plot} />
      {overlay}
    </ChartShell>
  )
}
