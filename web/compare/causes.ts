// The difference summary's drop and mark rows by cause: one row per cause that a side's discipline declares
// it can report (the engine's `algorithms[].drop_causes` / `mark_causes`, in the order of its `reasons`), read
// from the summary's `drops_by_reason` / `marks_by_reason`. Whether fewer is better is the engine's word for
// `drops` and `marks` (`summary_metrics`). A cause the engine adds (DualPI2's overload drops) needs no code here.
import { catalog } from '../contract/engine'
import { getOwn, isObject } from '../scenario/json'
import { summaryValue, type Metric, type SummaryJson } from '../engine/summary'

export type CauseKind = 'drops' | 'marks'

/** A metric of one cause's count: `drops_by_reason.<cause>`. */
export interface CauseMetric extends Metric {
  kind: CauseKind
  cause: string
}

const BY: Record<CauseKind, 'drops_by_reason' | 'marks_by_reason'> = {
  drops: 'drops_by_reason',
  marks: 'marks_by_reason',
}

const betterOf = (path: CauseKind): Metric['better'] =>
  catalog.summary_metrics.find((m) => m.path === path)?.better ?? 'neither'

/** The causes the disciplines `kinds` declare, in the engine's order of reasons (then any it lists no reason for). */
export function declaredCauses(kinds: readonly string[], kind: CauseKind): string[] {
  const declared = new Set<string>(
    kinds.flatMap((k) => {
      const a = catalog.algorithms.find((x) => x.kind === k)
      return a === undefined ? [] : kind === 'drops' ? a.drop_causes : a.mark_causes
    }),
  )
  const reasons: readonly string[] = catalog.reasons
  return [...reasons.filter((r) => declared.has(r)), ...[...declared].filter((c) => !reasons.includes(c))]
}

/**
 * The cause rows for sides running `kinds`: every declared drop cause, and the declared mark causes when a
 * finished run marked at all (a comparison without ECN would show rows of zeros).
 */
export function causeMetrics(kinds: readonly string[], runs: readonly (readonly SummaryJson[])[]): CauseMetric[] {
  const marked = runs.some((side) => side.some((s) => Number(getOwn(s, 'marks')) > 0))
  const rows = (kind: CauseKind): CauseMetric[] =>
    declaredCauses(kinds, kind).map((cause) => ({
      id: `${BY[kind]}.${cause}`,
      key: `${kind}_by`,
      scale: 1,
      digits: 0,
      better: betterOf(kind),
      kind,
      cause,
    }))
  return [...rows('drops'), ...(marked ? rows('marks') : [])]
}

export function isCauseMetric(m: Metric): m is CauseMetric {
  return 'cause' in m
}

/**
 * A metric's value in one summary. A cause count the summary leaves out is 0 (the engine lists causes with
 * at least one event); NaN when the summary has no counts by cause at all.
 */
export function metricValue(summary: SummaryJson, m: Metric): number {
  if (!isCauseMetric(m)) return summaryValue(summary, m.id)
  const counts = getOwn(summary, BY[m.kind])
  if (!isObject(counts)) return Number.NaN
  const v = getOwn(counts, m.cause)
  return v === undefined ? 0 : typeof v === 'number' ? v : Number.NaN
}
