// The lab launched by an LMS from a worksheet package (launch.ts, scormPackage.ts): it reports "incomplete" at
// the start and "completed" once the run has reached the scenario's end, with the session time and the scenario's
// link as suspend data. A change of scenario is reported once it has settled (a dragged threshold is one change,
// not one commit per step). Reopened by the LMS ("resume"), the lab runs the scenario the student left, with the
// teacher's locks still holding. Without an LMS it does nothing.
import { useEffect, useRef, useState } from 'react'
import type { SimSnapshot, SimStore } from '../engine/store'
import type { JsonObject } from '../scenario/json'
import { isActive, teacher } from '../scenario/teacherView'
import { keepLocked } from '../teacher/fileLocks'
import { activitySession } from './launch'
import { worksheetTracker } from './worksheet'

const SETTLE_MS = 1000

/** Whether two scenarios run the same link, flows and discipline (the parts a worksheet's link sets). */
function sameExperiment(a: JsonObject, b: JsonObject): boolean {
  return (['link', 'flows', 'aqm'] as const).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]))
}

export function useWorksheetLms(snapshot: SimSnapshot, store: SimStore): void {
  const [session] = useState(() => activitySession('worksheet', worksheetTracker))
  const ran = useRef(session?.resumed?.ran ?? false)
  const { ended, running, speed } = snapshot
  // Resume once the launch link's own scenario runs (before that the lab may still run its default, which a
  // later load of the launch link would replace): the stored link changes only what the teacher's locks leave free.
  const resumed = useRef(false)
  useEffect(() => {
    const link = session?.resumed?.link ?? ''
    if (resumed.current || link === '' || running === null) return
    const now = running.value
    let live = true
    void import('../scenario/urlCodec').then(({ decodeLink }) => {
      const launch = decodeLink(window.location.search)
      if (!live || resumed.current || !launch.hasScenario || !sameExperiment(now, launch.scenario)) return
      resumed.current = true
      const stored = decodeLink(link)
      if (!stored.hasScenario || stored.problems.length > 0) return
      const view = teacher()
      store.configure(
        JSON.stringify(isActive(view) ? keepLocked(now, stored.scenario, view).scenario : stored.scenario),
      )
      if (stored.view.speed !== null) store.setSpeed(stored.view.speed)
    })
    return () => {
      live = false
    }
  }, [session, running, store])
  useEffect(() => {
    if (session === null || running === null) return
    const reached = ended && !ran.current
    if (ended) ran.current = true
    const scenario = running.value
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    void import('../scenario/urlCodec').then(({ encodeLink }) => {
      if (!live) return
      const report = () => session.report({ ran: ran.current, link: encodeLink(scenario, { speed }) })
      // Reaching the end is told at once; anything else once it has settled.
      if (reached) report()
      else timer = setTimeout(report, SETTLE_MS)
    })
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [session, ended, running, speed])
}
