// ?view=replay&log=<session log>: a recorded session replayed exactly (web/session/, docs/replay.md). The page
// rebuilds the log's scenario and steps the engine to each recorded change's instant, so the trace comes out bit
// for bit as the person's. The actions sit on the time axis; the scrubber (or an action) jumps to an instant.
import { useEffect, useMemo, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useSimulation } from '../engine/useSimulation'
import type { AlgorithmInfo } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import { installTestApi } from '../testApi'
import { algorithmName, paramName } from '../i18n/names'
import { ToolPage } from '../chrome/ToolPage'
import { decodeLog, encodeLog, LogError, toSeconds, type Action, type SessionLog } from '../session/log'
import { Replayer, type ReplayStatus } from '../session/replayer'
import { readSession } from '../session/file'
import './replay.css'

const SPEEDS = [1, 4, 16, Infinity]

function fromAddress(): { log: SessionLog | null; error: string | null } {
  const text = new URLSearchParams(window.location.search).get('log')
  if (text === null) return { log: null, error: null }
  try {
    return { log: decodeLog(text), error: null }
  } catch (e) {
    return { log: null, error: e instanceof LogError ? e.message : String(e) }
  }
}

/** The algorithm running at each action (the scenario's, then each switch's), to name its parameters. */
function kindsOf(log: SessionLog): string[] {
  let kind = ''
  try {
    const aqm: unknown = (JSON.parse(log.scenario) as { aqm?: unknown }).aqm
    if (typeof aqm === 'object' && aqm !== null && 'kind' in aqm && typeof aqm.kind === 'string') kind = aqm.kind
  } catch {
    // A scenario the engine wrote is JSON; without it parameters keep their engine names.
  }
  return log.actions.map((a) => (a.kind === 'algorithm' ? (kind = a.aqm.kind) : kind))
}

/** One action in the reader's language; `tApp` names algorithms and parameters (web/i18n/names.ts). */
export function describeAction(
  t: TFunction,
  tApp: TFunction,
  a: Action,
  kind: string,
  algorithms: readonly AlgorithmInfo[],
): string {
  switch (a.kind) {
    case 'param': {
      const p = algorithms.find((x) => x.kind === kind)?.params.find((x) => x.name === a.name)
      return t('action.param', { name: p ? paramName(tApp, kind, p) : a.name, value: a.value })
    }
    case 'algorithm': {
      const info = algorithms.find((x) => x.kind === a.aqm.kind)
      return t('action.algorithm', { name: info ? algorithmName(tApp, info) : a.aqm.kind })
    }
    case 'speed':
      return a.speed === Infinity ? t('action.speedFast') : t('action.speed', { value: `${a.speed}×` })
    default:
      return t(`action.${a.kind}`)
  }
}

const W = 800
const H = 120
const PAD = 8

/** The queue as replayed, and the actions, on the session's simulated time axis. */
function TimeAxis({
  log,
  store,
  at,
  onSeek,
  label,
}: {
  log: SessionLog
  store: SimStore
  at: number
  onSeek: (ns: number) => void
  label: (a: Action, i: number) => string
}) {
  const { t } = useTranslation('session')
  const end = Math.max(1, log.end)
  const x = (ns: number) => PAD + ((W - 2 * PAD) * ns) / end
  // Read at each render: the replay's status changes with every confirmed step.
  const trace = store.buffer === null ? [] : traceOf(store, 'q_pkts')
  const top = Math.max(1, ...trace.map(([, q]) => q))
  const points = trace.map(([s, q]) => `${x(s * 1e9).toFixed(1)},${(H - 30 - ((H - 40) * q) / top).toFixed(1)}`)
  return (
    <svg className="replay-axis" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('replay.axis')}>
      <title>{t('replay.axis')}</title>
      {points.length > 1 && (
        <polyline className="replay-queue" points={points.join(' ')}>
          <title>{t('replay.queue')}</title>
        </polyline>
      )}
      <line className="replay-baseline" x1={PAD} x2={W - PAD} y1={H - 20} y2={H - 20} />
      {log.actions.map((a, i) => (
        <g key={i} className={`replay-mark replay-mark-${a.kind}`} onClick={() => onSeek(a.at)}>
          <line x1={x(a.at)} x2={x(a.at)} y1={H - 28} y2={H - 12} />
          <title>{`${toSeconds(a.at).toFixed(3)} s: ${label(a, i)}`}</title>
        </g>
      ))}
      <line className="replay-now" x1={x(at)} x2={x(at)} y1={4} y2={H - 8} />
      <text className="replay-tick" x={PAD} y={H - 2}>
        0 s
      </text>
      <text className="replay-tick" x={W - PAD} y={H - 2} textAnchor="end">
        {`${toSeconds(log.end).toFixed(1)} s`}
      </text>
    </svg>
  )
}

function traceOf(store: SimStore, column: string): Array<[number, number]> {
  const rows = store.buffer
  const [tc, c] = [rows?.columnIndex('t') ?? -1, rows?.columnIndex(column) ?? -1]
  if (!rows || tc < 0 || c < 0) return []
  const out: Array<[number, number]> = []
  // At most ~800 points: one per horizontal pixel of the axis.
  const every = Math.max(1, Math.ceil(rows.length / W))
  for (let i = 0; i < rows.length; i += every) out.push([rows.at(i, tc), rows.at(i, c)])
  return out
}

export function ReplayView() {
  const { t } = useTranslation('session')
  const { t: tApp } = useTranslation()
  const { snapshot, store } = useSimulation()
  useEffect(() => installTestApi(store), [store])
  const [{ log, error }, setLoaded] = useState(fromAddress)
  const [fileError, setFileError] = useState(false)
  const [status, setStatus] = useState<ReplayStatus>({ at: 0, playing: false, done: false })
  const [speed, setSpeed] = useState(Infinity)
  const bytes = useMemo(() => (log === null ? 0 : encodeLog(log).length), [log])
  const replayer = useMemo(() => (log === null ? null : new Replayer(store, log, setStatus)), [store, log])

  // Starts once the engine is there: rebuild the log's scenario and play the replay.
  useEffect(() => {
    if (replayer === null || !snapshot.ready) return
    replayer.start()
    return () => replayer.dispose()
  }, [replayer, snapshot.ready])

  useEffect(() => replayer?.setSpeed(speed), [replayer, speed])

  const kinds = useMemo(() => (log === null ? [] : kindsOf(log)), [log])
  const label = (a: Action, i: number) => describeAction(t, tApp, a, kinds[i] ?? '', snapshot.algorithms)
  const seek = (ns: number) => replayer?.seek(ns)

  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (file === undefined) return
    const read = readSession(await file.text())
    setFileError(read === null)
    if (read !== null) setLoaded({ log: read, error: null })
  }

  const end = log === null ? 0 : toSeconds(log.end)
  return (
    <ToolPage className="replay-page" title={t('replay.title')} intro={t('replay.intro')}>
      {error !== null && (
        <p role="alert" className="tool-error">
          {t('replay.badLog', { detail: error })}
        </p>
      )}
      {log === null && error === null && <p>{t('replay.noLog')}</p>}
      <p>
        <label>
          {t('replay.pickFile')}{' '}
          <input type="file" accept=".json,application/json,text/plain" onChange={(e) => void openFile(e)} />
        </label>
      </p>
      {fileError && (
        <p role="alert" className="tool-error">
          {t('replay.badFile')}
        </p>
      )}
      {log !== null && (
        <section aria-label={t('replay.title')}>
          <div className="replay-transport" role="group" aria-label={t('replay.title')}>
            <button
              type="button"
              onClick={() => (status.playing ? replayer?.pause() : replayer?.play())}
              disabled={replayer === null}
            >
              {status.playing ? t('replay.pause') : t('replay.play')}
            </button>
            <button type="button" onClick={() => seek(0)} disabled={replayer === null}>
              {t('replay.restart')}
            </button>
            <label>
              {t('replay.speed')}{' '}
              <select value={String(speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
                {SPEEDS.map((s) => (
                  <option key={s} value={String(s)}>
                    {s === Infinity ? t('replay.speedFast') : t('replay.speedTimes', { n: s })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <input
            className="replay-scrubber"
            type="range"
            min={0}
            max={end}
            step={0.1}
            value={toSeconds(status.at)}
            aria-label={t('replay.scrubber')}
            onChange={(e) => seek(Math.round(Number(e.target.value) * 1e9))}
          />
          <p data-testid="replay-position" data-at={status.at} data-done={status.done ? 'true' : 'false'}>
            {t('replay.position', { at: toSeconds(status.at).toFixed(1), end: end.toFixed(1) })}
            {status.done && ` ${t('replay.done')}`}
          </p>
          <TimeAxis log={log} store={store} at={status.at} onSeek={seek} label={label} />
          <p className="muted" data-testid="replay-size">
            {t('replay.size', { actions: log.actions.length, bytes })}
          </p>
          <table className="replay-actions">
            <caption>{t('replay.actions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('replay.time')}</th>
                <th scope="col">{t('replay.action')}</th>
              </tr>
            </thead>
            <tbody>
              {log.actions.map((a, i) => (
                <tr key={i} className={a.at <= status.at ? 'replay-past' : undefined}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => seek(a.at)}
                      aria-label={t('replay.seekTo', { at: toSeconds(a.at).toFixed(3) })}
                    >
                      {toSeconds(a.at).toFixed(3)}
                    </button>
                  </td>
                  <td>{label(a, i)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </ToolPage>
  )
}
