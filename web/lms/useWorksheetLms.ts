// The lab launched by an LMS from a worksheet package (launch.ts, scormPackage.ts): it reports "incomplete" at
// the start and "completed" once the run has reached the scenario's end, with the session time and the scenario's
// link as suspend data. A change of scenario is reported once it has settled (a dragged threshold is one change,
// not one commit per step). Without an LMS it does nothing.
import { useEffect, useRef, useState } from 'react'
import type { SimSnapshot } from '../engine/store'
import { activitySession } from './launch'
import { worksheetTracker } from './worksheet'

const SETTLE_MS = 1000

export function useWorksheetLms(snapshot: SimSnapshot): void {
  const [session] = useState(() => activitySession('worksheet', worksheetTracker))
  const ran = useRef(session?.resumed?.ran ?? false)
  const { ended, running, speed } = snapshot
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
