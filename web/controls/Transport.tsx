// Play / pause, single step, reset and speed, from slow motion to as fast as the worker can go.
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { ErrorNote, type Problem } from './ErrorNote'

/** Simulated seconds per wall-clock second. */
export const SPEEDS = [0.01, 0.1, 0.25, 0.5, 1, 2, 5, 10, 100, Infinity] as const

const STEP_S = 1

export function speedLabel(t: TFunction, speed: number): string {
  if (speed === Infinity) return t('transport.speedMax')
  if (speed === 1) return t('transport.speedRealTime')
  return t(speed < 1 ? 'transport.speedSlow' : 'transport.speedFast', { value: speed })
}

interface TransportProps {
  playing: boolean
  speed: number
  disabled: boolean
  error: Problem | undefined
  onPlay(): void
  onPause(): void
  onStep(seconds: number): void
  onReset(): void
  onSpeed(simSecondsPerWallSecond: number): void
}

export function Transport({
  playing,
  speed,
  disabled,
  error,
  onPlay,
  onPause,
  onStep,
  onReset,
  onSpeed,
}: TransportProps) {
  const { t } = useTranslation()
  const speedIndex = SPEEDS.findIndex((s) => s === speed)
  return (
    <section className="panel transport" aria-label={t('transport.panel')}>
      <div className="transport-buttons">
        {playing ? (
          <button type="button" className="play" onClick={onPause} disabled={disabled}>
            <span aria-hidden="true">❚❚ </span>
            {t('transport.pause')}
          </button>
        ) : (
          <button type="button" className="play primary" onClick={onPlay} disabled={disabled}>
            <span aria-hidden="true">▶ </span>
            {t('transport.play')}
          </button>
        )}
        <button type="button" onClick={() => onStep(STEP_S)} disabled={disabled || playing}>
          {t('transport.step', { seconds: STEP_S })}
        </button>
        <button type="button" onClick={onReset} disabled={disabled} title={t('transport.resetHint')}>
          {t('transport.reset')}
        </button>
      </div>
      <div className="field">
        <label htmlFor="speed">
          {t('transport.speed')} <span className="unit">({t('transport.speedUnit')})</span>
        </label>
        <select
          id="speed"
          value={speedIndex < 0 ? '' : String(speedIndex)}
          disabled={disabled}
          onChange={(e) => {
            const chosen = SPEEDS[Number(e.target.value)]
            if (chosen !== undefined) onSpeed(chosen)
          }}
        >
          {SPEEDS.map((s, i) => (
            <option key={s} value={String(i)}>
              {speedLabel(t, s)}
            </option>
          ))}
        </select>
      </div>
      <ErrorNote id="transport-error" problem={error} />
    </section>
  )
}
