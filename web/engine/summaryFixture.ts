// A whole run summary for the unit tests, as the engine sends one once a window is measured: a test names only
// the values it checks and takes these for the rest.
import type { RunSummary } from './protocol'

export function runSummary(values: Partial<RunSummary> = {}): RunSummary {
  return {
    measured_from_s: 10,
    measured_to_s: 40,
    mean_queue_pkts: 4,
    delay_ms: { mean: 2 },
    utilisation: 0.9,
    jain: 0.99,
    total_goodput_payload_mbps: 8.64,
    total_goodput_mbps: 9,
    min_max_fairness_pct: 80,
    sync: { index: 0.6, random: 0.3, excess: 0.3 },
    drops_by_reason: { overflow: 3 },
    marks_by_reason: {},
    ...values,
  }
}
