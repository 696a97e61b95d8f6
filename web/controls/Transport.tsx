// Play / pause, single step, reset and speed.
import { ErrorNote } from './ErrorNote'

export const SPEEDS: Array<{ label: string; value: number }> = [
  { label: '0.1×', value: 0.1 },
  { label: '0.5×', value: 0.5 },
  { label: '1×', value: 1 },
  { label: '2×', value: 2 },
  { label: '5×', value: 5 },
  { label: '10×', value: 10 },
  { label: 'As fast as possible', value: Infinity },
]

const STEP_S = 1

interface TransportProps {
  playing: boolean
  speed: number
  disabled: boolean
  error: string | undefined
  onPlay(): void
  onPause(): void
  onStep(seconds: number): void
  onReset(): void
  onSpeed(simSecondsPerWallSecond: number): void
}

export function Transport({ playing, speed, disabled, error, onPlay, onPause, onStep, onReset, onSpeed }: TransportProps) {
  const speedIndex = SPEEDS.findIndex((s) => s.value === speed)
  return (
    <section className="panel transport" aria-label="Playback">
      <div className="transport-buttons">
        {playing ? (
          <button type="button" onClick={onPause} disabled={disabled}>
            Pause
          </button>
        ) : (
          <button type="button" className="primary" onClick={onPlay} disabled={disabled}>
            Play
          </button>
        )}
        <button type="button" onClick={() => onStep(STEP_S)} disabled={disabled || playing}>
          Step {STEP_S} s
        </button>
        <button type="button" onClick={onReset} disabled={disabled}>
          Reset
        </button>
      </div>
      <div className="field">
        <label htmlFor="speed">Speed (simulated s per second)</label>
        <select
          id="speed"
          value={speedIndex < 0 ? '' : String(speedIndex)}
          disabled={disabled}
          onChange={(e) => {
            const chosen = SPEEDS[Number(e.target.value)]
            if (chosen) onSpeed(chosen.value)
          }}
        >
          {SPEEDS.map((s, i) => (
            <option key={s.label} value={String(i)}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorNote id="transport-error" message={error} />
    </section>
  )
}
