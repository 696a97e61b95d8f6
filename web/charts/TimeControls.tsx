// The time window's toolbar: spans to pick, steps back and forth through the run's history, and a
// way back to live. The same window is zoomed with the wheel and panned by dragging any time chart.
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { SimStore } from '../engine/store'
import { latestTime } from './liveData'
import { panView, resolveView, SPANS, withSpan, type TimeViewStore } from './timeWindow'

export function TimeControls({ view, store }: { view: TimeViewStore; store: SimStore }) {
  const { t } = useTranslation('charts')
  const current = useSyncExternalStore(view.subscribe, view.get)
  const pan = (direction: -1 | 1) => {
    const latest = latestTime(store.buffer)
    const [t0, t1] = resolveView(view.get(), latest)
    view.set(panView(view.get(), (direction * (t1 - t0)) / 2, latest))
  }
  const spanLabel = (s: number) =>
    Number.isFinite(s) ? (s >= 60 ? t('time.minutes', { n: s / 60 }) : t('time.seconds', { n: s })) : t('time.all')
  return (
    <div className="time-controls" role="toolbar" aria-label={t('time.toolbar')}>
      <span className="time-label">{t('time.window')}</span>
      <div className="segmented">
        {SPANS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={current.span === s}
            onClick={() => view.set(withSpan(view.get(), s))}
          >
            {spanLabel(s)}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => pan(-1)} aria-label={t('time.back')} title={t('time.back')}>
        ◀
      </button>
      <button
        type="button"
        onClick={() => pan(1)}
        aria-label={t('time.forward')}
        title={t('time.forward')}
        disabled={current.end === null}
      >
        ▶
      </button>
      <button
        type="button"
        className={current.end === null ? 'live live-on' : 'live'}
        aria-pressed={current.end === null}
        onClick={() => view.set({ ...view.get(), end: null })}
        title={t('time.live_help')}
      >
        {t('time.live')}
      </button>
    </div>
  )
}
