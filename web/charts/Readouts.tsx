// The latest values as numbers with units, in one compact row. Refreshed four times a second from
// the frame loop: faster changing digits cannot be read anyway, and React stays idle in between.
import { useRef } from 'react'
import { useFrameState } from './frameState'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import type { SimStore } from '../engine/store'
import { useFrame } from './frameLoop'
import { avgIsOwnQueue, queueUnitOf } from '../engine/units'
import { Help } from './Help'
import { lastWindow } from './fairness'

const REFRESH_MS = 250

/**
 * The window a number is over (docs/architecture.md, "One number per concept"): the latest sample, the
 * last simulated second (as the fairness chart), or the total since the run started at 0 s.
 */
export type Window = 'now' | 'last_second' | 'since_start'

interface Field {
  key: string
  column: string
  format: (v: number) => string
  window: Window
  /** Shown with a unit (readouts.<key>_value in the catalogue). */
  unit?: boolean
  /**
   * Room kept for the value, in widths of a digit: a value that grows or shrinks by a digit would otherwise
   * move where the row wraps, and every chart below would jump up or down by a line while the run plays.
   */
  room: number
}

const FIELDS: Field[] = [
  { key: 'queue', column: 'q_pkts', format: d3.format(',.0f'), window: 'now', unit: true, room: 9 },
  { key: 'avg', column: 'avg', format: d3.format(',.1f'), window: 'now', unit: true, room: 10 },
  { key: 'p', column: 'p', format: d3.format('.3f'), window: 'now', room: 5 },
  { key: 'delay', column: 'delay_ms', format: d3.format(',.1f'), window: 'now', unit: true, room: 8 },
  // Utilisation and Jain's index over the last second, as the fairness chart draws them: one 50 ms sample
  // in which a flow happened not to send is not unfairness.
  { key: 'util', column: 'util', format: d3.format('.1%'), window: 'last_second', room: 6 },
  { key: 'jain', column: 'jain', format: d3.format('.3f'), window: 'last_second', room: 5 },
  { key: 'drops', column: 'drops', format: d3.format(',.0f'), window: 'since_start', room: 6 },
  { key: 'marks', column: 'marks', format: d3.format(',.0f'), window: 'since_start', room: 6 },
]
/** Room for the simulated time ("1,234.56 s"). */
const TIME_ROOM = 10

/** The unit of the averaged queue: the AQM's queue unit (bytes in byte mode and for AVQ's virtual queue). */
function avgUnit(store: SimStore): 'bytes' | 'packets' {
  const snap = store.getSnapshot()
  return queueUnitOf(snap.running?.buffer?.unit, snap.aqm) === 'bytes' ? 'bytes' : 'packets'
}

/** Readouts whose name is jargon get a "?" that explains it. */
const HELP = new Set(['avg', 'p'])

function read(store: SimStore): string[] {
  const buffer = store.buffer
  const cells = avgIsOwnQueue(store.getSnapshot().aqm)
  const latest = buffer?.latest() ?? null
  const second = buffer === null ? null : lastWindow(buffer)
  const value = (f: Field): number | undefined =>
    f.window === 'since_start'
      ? buffer?.sum(f.column)
      : f.window === 'last_second'
        ? second === null
          ? undefined
          : f.column === 'util'
            ? second.util
            : second.jain
        : latest?.[f.column]
  return [
    d3.format(',.2f')(store.live().simTime),
    avgUnit(store),
    ...FIELDS.map((f) => {
      const v = f.key === 'avg' && cells ? undefined : value(f)
      return v === undefined || !Number.isFinite(v) ? '–' : f.format(v)
    }),
  ]
}

export function Readouts({ store }: { store: SimStore }) {
  const { t } = useTranslation('charts')
  const [values, setValues] = useFrameState<string[]>(() => read(store))
  const lastAt = useRef(0)
  useFrame((now) => {
    if (now - lastAt.current < REFRESH_MS) return
    lastAt.current = now
    const next = read(store)
    if (next.some((v, i) => v !== values[i])) setValues(next)
  }, 'readouts')
  return (
    <dl className="chart-readouts" aria-label={t('readouts.aria')}>
      <div>
        <dt>{t('readouts.time')}</dt>
        <dd data-testid="sim-time" style={{ minWidth: `${TIME_ROOM}ch` }}>
          {t('readouts.seconds', { v: values[0] })}
        </dd>
      </div>
      {FIELDS.map((f, i) => (
        <div key={f.key}>
          <dt>
            {t(`readouts.${f.key}`)}
            {f.window !== 'since_start' && <span className="readout-window"> · {t(`windows.${f.window}`)}</span>}
            {HELP.has(f.key) && (
              <>
                {' '}
                <Help term={t(`readouts.${f.key}`)} text={t(`readouts.help_${f.key}`)} />
              </>
            )}
          </dt>
          <dd style={{ minWidth: `${f.room}ch` }}>
            {f.unit
              ? t(f.key === 'avg' ? `readouts.avg_value_${values[1]}` : `readouts.${f.key}_value`, { v: values[i + 2] })
              : values[i + 2]}
          </dd>
        </div>
      ))}
      <div>
        <dt>
          {t('windows.title')} <Help term={t('windows.title')} text={t('windows.glossary')} />
        </dt>
      </div>
    </dl>
  )
}
