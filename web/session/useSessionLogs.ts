// Records the sessions of several simulations at once (a lesson's sides, web/walkthrough/) and gives each one's
// encoded log (web/session/log.ts) once it has an action, for the LMS's suspend data (web/lms/progress.ts). A log
// is re-encoded only on a `state` message (an action), not on every frame.
import { useEffect, useState } from 'react'
import type { SimStore } from '../engine/store'
import { SessionRecorder } from './recorder'

/** Per store, its session's encoded log once it has an action, else `earlier`'s (a resumed session's) or null. */
export function useSessionLogs(
  stores: readonly SimStore[],
  earlier: ReadonlyArray<string | null> = [],
): Array<string | null> {
  const [logs, setLogs] = useState(() => stores.map((_, k) => earlier[k] ?? null))
  useEffect(() => {
    const stops = stores.map((store, k) => {
      const recorder = new SessionRecorder()
      return store.subscribeMessages((msg) => {
        recorder.receive(msg)
        if (msg.type !== 'state' || (recorder.session()?.actions.length ?? 0) === 0) return
        const text = recorder.encoded()
        setLogs((all) => (all[k] === text ? all : all.map((l, i) => (i === k ? text : l))))
      })
    })
    return () => stops.forEach((stop) => stop())
  }, [stores])
  return logs
}
