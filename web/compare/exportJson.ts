// The whole comparison as one JSON document: what was compared (the preset, the link, every side's
// label and scenario), how (runs a side and their seeds), and every run's engine summary, with the
// difference table's means and 95 % intervals computed from them.
import { parseObject } from '../scenario/json'
import { seedOf } from '../stats/seeds'
import type { SummaryJson } from '../engine/summary'
import { replicatedRows } from './difference'

export interface ComparisonInput {
  preset: string
  link: string
  sides: ReadonlyArray<{ label: string; scenario: string }>
  runs: number
  /** summaries[k][r]: side k's run with seed + r; null if it did not finish. */
  summaries: ReadonlyArray<ReadonlyArray<SummaryJson | null>>
}

export function comparisonJson(c: ComparisonInput): string {
  const finished = c.summaries.map((row) => row.filter((s): s is SummaryJson => s !== null))
  const rows = replicatedRows(finished)
  return (
    JSON.stringify(
      {
        format: 'aqm-lab-comparison',
        version: 1,
        preset: c.preset,
        link: c.link,
        runs: c.runs,
        sides: c.sides.map((s, k) => {
          const scenario = parseObject(s.scenario)
          const seed = seedOf(scenario)
          return {
            label: s.label,
            scenario,
            seeds: Array.from({ length: c.runs }, (_, r) => seed + r),
            summaries: c.summaries[k] ?? [],
          }
        }),
        difference: rows.map((r) => ({
          metric: r.metric.id,
          sides: r.cells.map((cell) => ({
            mean: Number.isFinite(cell.value) ? cell.value : null,
            ci95: Number.isFinite(cell.ci95) ? cell.ci95 : null,
            runs: cell.n,
            ...(cell.overlap === undefined ? {} : { significant: !cell.overlap }),
          })),
        })),
      },
      null,
      2,
    ) + '\n'
  )
}
