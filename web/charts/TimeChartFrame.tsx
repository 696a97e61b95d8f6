// A time chart's frame: its caption, legend and screen-reader table (ChartShell, DataTable) around its
// TimePlot, so each chart states only what it draws, its series and its legend.
import type { ComponentProps, ReactNode } from 'react'
import { ChartShell } from './ChartShell'
import { DataTable, type TableSeries } from './DataTable'
import { TimePlot, type TimeChart, type TimePlotProps } from './TimeChart'

interface TimeChartFrameProps extends Omit<ComponentProps<typeof ChartShell>, 'table' | 'children' | 'title'> {
  title: string
  /** What `useTimeChart` returned (with its plot box and store). */
  chart: TimeChart
  /** The plot's axes, label and pointer handlers; the frame's children are its handles. */
  plot: Omit<TimePlotProps, keyof TimeChart | 'children'>
  /** The series the screen-reader table lists (their latest values); none: no table. */
  series?: TableSeries[]
  /** Drawn over the plot, inside the chart body (a hover tip, a note). */
  overlay?: ReactNode
  children?: ReactNode
}

export function TimeChartFrame({ chart, plot, series, overlay, children, ...shell }: TimeChartFrameProps) {
  const table = series && <DataTable store={chart.store} testId={shell.testId} title={shell.title} series={series} />
  return (
    <ChartShell {...shell} table={table}>
      <TimePlot {...chart} {...plot}>
        {children}
      </TimePlot>
      {overlay}
    </ChartShell>
  )
}
