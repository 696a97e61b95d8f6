// For a discipline that decides per flow from that flow's own packets in the queue (seed 004's selective
// drop, Chae & Choi, KIPS 2004): there is no drop probability and no averaged queue to plot, so the panel
// says what the decision uses, the cap Q_thresh, with its current value (live in auto mode).
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo, AqmConfig } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { ChartShell } from './ChartShell'
import { useFrame } from './frameLoop'
import { useSize } from './useSize'

interface PerFlowCapProps {
  store: SimStore
  info: AlgorithmInfo
  aqm: AqmConfig | null
  /** The parameter that caps each flow (the engine's `per_flow_cap`). */
  cap: string
}

/** The cap in force: the engine's live value when it reports one (auto mode derives it), else the setting. */
export function capValue(cap: string, aqm: AqmConfig | null, live: number | undefined): number | null {
  if (live !== undefined && Number.isFinite(live)) return live
  const set = aqm?.[cap]
  return typeof set === 'number' && Number.isFinite(set) ? set : null
}

export function PerFlowCap({ store, info, aqm, cap }: PerFlowCapProps) {
  const { t } = useTranslation('charts')
  const [bodyRef] = useSize<HTMLDivElement>({ width: 300, height: 220 })
  const [live, setLive] = useFrameState<number | undefined>(() => store.live().aqmState[cap])
  useFrame(() => {
    const next = store.live().aqmState[cap]
    if (next !== live && !(Number.isNaN(next) && Number.isNaN(live))) setLive(next)
  }, 'per-flow-cap')
  const label = info.params.find((p) => p.name === cap)?.label ?? cap
  const value = capValue(cap, aqm, live)
  return (
    <ChartShell testId="probability-curve" className="chart-curve" title={t('curve.title_rule')} bodyRef={bodyRef}>
      <p className="chart-note" data-testid="per-flow-cap">
        {t('curve.per_flow', {
          label: t(`algorithms.${info.kind}.name`, { ns: 'app', defaultValue: info.label }),
          cap: label,
          value: value === null ? '?' : String(value),
        })}
      </p>
    </ChartShell>
  )
}
