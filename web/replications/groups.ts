// One group of replications for the RFC 7928 view: a Compare side or a sweep point, with the metrics
// of each of its runs read from the engine's summaries (queueing delay, payload goodput, Jain's index).
import { summaryValue, type SummaryJson } from '../engine/summary'

export interface RunGroup {
  key: string
  label: string
  /** Colour index. */
  colour: number
  /** A short name drawn beside its ellipse and box ("A", or the swept value). */
  tag: string
  /** The legend's entry: groups of one colour share it (a side's sweep points). */
  series: string
  delays: number[]
  goodputs: number[]
  jains: number[]
}

/** The metrics the RFC 7928 view plots, by their path in the summary. */
export const DELAY = 'delay_ms.mean'
export const GOODPUT = 'total_goodput_payload_mbps'
export const JAIN = 'jain'

export function groupOf(
  key: string,
  label: string,
  colour: number,
  runs: readonly SummaryJson[],
  tag = label,
  series = label,
): RunGroup {
  return {
    key,
    label,
    colour,
    tag,
    series,
    delays: runs.map((s) => summaryValue(s, DELAY)),
    goodputs: runs.map((s) => summaryValue(s, GOODPUT)),
    jains: runs.map((s) => summaryValue(s, JAIN)),
  }
}
