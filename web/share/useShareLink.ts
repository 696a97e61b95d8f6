// The page's link to its scenario, both ways: on load the scenario comes from the URL when there is one
// (checked by the schema, then by the engine); afterwards the address bar follows the running scenario
// (replaceState, so editing does not flood the history; pushState only for deliberate acts such as opening
// a file). A link or file with problems is not run as it is: the page keeps what it runs and offers the
// nearest valid scenario or the defaults.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { SimSnapshot, SimStore } from '../engine/store'
import { hasScenarioKeys, isPresetLab, ownedByOtherView, readView, type LinkView } from '../scenario/linkView'
import type { JsonObject } from '../scenario/json'
import type { Problem } from '../scenario/problems'
import type { PresetContext } from './presetContext'
import { isActive, teacher } from '../scenario/teacherView'
import { keepLocked } from '../teacher/fileLocks'

export type ProblemSource = 'link' | 'file' | 'host'

export interface PendingOpen {
  source: ProblemSource
  problems: Problem[]
  /** The nearest valid scenario; null when only the view was wrong (nothing to choose). */
  nearest: JsonObject | null
}

export interface ShareLink {
  /** The view keys of the page's URL (embed, views, controls, caption, ...). */
  view: LinkView
  /** True while the URL's scenario is being checked. */
  checking: boolean
  pending: PendingOpen | null
  /** The name of the file just opened, for a confirmation; null otherwise. */
  opened: string | null
  /** What a worksheet link's locks kept as it was when that file was opened (web/teacher/fileLocks.ts). */
  kept: readonly string[]
  chooseNearest(): void
  chooseDefaults(): void
  dismiss(): void
  openFile(text: string, name: string, bytes: number): Promise<void>
  /** Opens a link's query (a host page's request); reports problems as a link does. */
  openLink(search: string, source: ProblemSource): Promise<{ ok: boolean; problems: Problem[] }>
}

const loadOpen = () => import('./open')

type Prepared = Awaited<ReturnType<Awaited<ReturnType<typeof loadOpen>>['prepareLink']>>

async function prepareAddress(): Promise<[Prepared, JsonObject]> {
  const open = await loadOpen()
  return [await open.prepareLink(currentSearch()), open.defaultScenario()]
}

function currentSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search
}

/** How long the running scenario must stay the same before the address bar follows it (ms). */
const ADDRESS_SETTLE_MS = 200

/** Writes the address bar, keeping the path, the hash and the keys the page's other parts own (lang, and the
 * predictions drawn on the charts: sketch, web/charts/sketch/). */
function writeAddress(query: string, push: boolean): void {
  const here = new URL(window.location.href)
  const pristine = /^v=\d+$/.test(query) // the default scenario at the default speed: the bare page
  let search = pristine ? '' : `?${query}`
  // scorm/pass: an LMS's launch (web/lms/launch.ts); events: the learning-event switch (web/lms/xapi.ts).
  for (const key of ['lang', 'sketch', 'scorm', 'pass', 'events']) {
    const value = here.searchParams.get(key)
    if (value !== null) search += `${search === '' ? '?' : '&'}${key}=${encodeURIComponent(value)}`
  }
  const url = `${here.pathname}${search}${here.hash}`
  if (url === `${here.pathname}${here.search}${here.hash}`) return
  try {
    if (push) window.history.pushState(null, '', url)
    else window.history.replaceState(window.history.state, '', url)
  } catch {
    // A sandboxed frame without its own origin may not touch its history; the link still works.
  }
}

/** Whether the URL asks for anything beyond its layout (a scenario, a speed, autoplay). A page that another
 * view owns (compare, a lesson) loads its scenario itself; so does a preset's lab whose link names only
 * the preset (`?preset=<id>`), while one with scenario keys beside the id runs the link's scenario. */
function addressNeedsOpening(search: string): boolean {
  if (ownedByOtherView(search) && !isPresetLab(search)) return false
  const v = readView(search)
  return hasScenarioKeys(search) || v.speed !== null || v.autoplay
}

/** What is wrong with the view keys of a URL that has nothing else to open. */
function viewProblems(search: string): PendingOpen | null {
  if (addressNeedsOpening(search)) return null
  const problems: Problem[] = []
  readView(search, problems)
  return problems.length > 0 ? { source: 'link', problems, nearest: null } : null
}

export interface ShareLinkOptions {
  addressBar: boolean
  /** The preset whose lab this is, once loaded: its id stays in the address as the lesson panel's context. */
  preset?: PresetContext
}

export function useShareLink(store: SimStore, snapshot: SimSnapshot, options: ShareLinkOptions): ShareLink {
  const search0 = currentSearch()
  const [presetLab] = useState(() => isPresetLab(search0))
  const [ownAddress] = useState(() => options.addressBar && (!ownedByOtherView(search0) || presetLab))
  const preset = options.preset
  /** A preset's lab opened by `?preset=<id>` alone first runs the engine's default, then the preset: the
   * address waits for the preset (the link is already right for it). A link with scenario keys runs its own. */
  const waitForPreset = useRef(presetLab && !hasScenarioKeys(search0))
  const [view] = useState(() => readView(currentSearch()))
  const [checking, setChecking] = useState(() => addressNeedsOpening(currentSearch()))
  const [pending, setPending] = useState<PendingOpen | null>(() => viewProblems(currentSearch()))
  const [opened, setOpened] = useState<string | null>(null)
  const [kept, setKept] = useState<readonly string[]>([])
  /** A scenario sent to the worker and not yet running: its epoch will be above this one. */
  const awaiting = useRef<{ epoch: number; push: boolean } | null>(null)

  const run = useCallback(
    (scenario: JsonObject, push: boolean) => {
      awaiting.current = { epoch: store.getSnapshot().epoch, push }
      store.configure(JSON.stringify(scenario))
    },
    [store],
  )

  /** Runs what the URL's link holds: on load, and again when the person goes back or forward. */
  const applyAddress = useCallback(
    (p: Prepared, initial: boolean, defaults: JsonObject) => {
      setChecking(false)
      if (p.problems.length > 0) {
        setPending({ source: 'link', problems: p.problems, nearest: p.hasScenario ? p.scenario : null })
        return
      }
      if (p.hasScenario) run(p.scenario, false)
      else if (!initial) run(defaults, false)
      if (p.view.speed !== null) store.setSpeed(p.view.speed)
      if (initial && p.view.autoplay) store.play()
    },
    [run, store],
  )

  useEffect(() => {
    if (!addressNeedsOpening(currentSearch())) return
    let cancelled = false
    void prepareAddress().then(([p, defaults]) => {
      if (!cancelled) applyAddress(p, true, defaults)
    })
    return () => {
      cancelled = true
    }
  }, [applyAddress])

  useEffect(() => {
    if (!ownAddress) return
    let cancelled = false
    const onPop = () => {
      setPending(null)
      void prepareAddress().then(([p, defaults]) => {
        if (!cancelled) applyAddress(p, false, preset?.scenario ?? defaults)
      })
    }
    window.addEventListener('popstate', onPop)
    return () => {
      cancelled = true
      window.removeEventListener('popstate', onPop)
    }
  }, [ownAddress, applyAddress, preset])

  // The address bar follows the scenario the worker runs: not while a link waits to be checked or for a
  // decision, nor between sending a scenario and the worker running it.
  const { running, speed, epoch } = snapshot
  const refused = snapshot.errors.configure !== undefined
  useEffect(() => {
    if (!ownAddress || checking || pending !== null || running === null) return
    // A preset's lab writes its address only once it knows the preset it compares the scenario with.
    if (presetLab && preset === undefined) return
    const wait = awaiting.current
    if (wait !== null && epoch <= wait.epoch && !refused) return
    const push = wait?.push === true && epoch > wait.epoch
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    void loadOpen().then(({ contextQuery }) => {
      if (cancelled) return
      const parsed = running.value
      // A worksheet's lock and hide stay in the address (a reload keeps the student's view).
      const kept = { speed, lock: view.lock, hide: view.hide }
      const query = contextQuery(parsed, kept, preset)
      if (waitForPreset.current) {
        if (query !== contextQuery(preset?.scenario ?? {}, kept, preset)) return
        waitForPreset.current = false
      }
      const write = () => {
        writeAddress(query, push)
        awaiting.current = null
      }
      // A new entry in the history is written at once; an address that only follows the run (each step of a
      // dragged threshold) once it has settled: replaceState costs a few milliseconds, every one of them
      // between the drag and the engine's answer on screen.
      if (push) write()
      else timer = setTimeout(write, ADDRESS_SETTLE_MS)
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [ownAddress, presetLab, preset, checking, pending, running, speed, epoch, refused, view])

  const chooseNearest = useCallback(() => {
    if (pending?.nearest) run(pending.nearest, pending.source !== 'link')
    setPending(null)
  }, [pending, run])

  const chooseDefaults = useCallback(() => {
    const source = pending?.source
    setPending(null)
    void loadOpen().then((open) => run(open.defaultScenario(), source !== 'link'))
  }, [pending, run])

  const dismiss = useCallback(() => setPending(null), [])

  const openFile = useCallback(
    async (text: string, name: string, bytes: number) => {
      const open = await loadOpen()
      const p = await open.prepareFile(text, bytes)
      if (p.problems.length > 0) {
        setPending({ source: 'file', problems: p.problems, nearest: p.scenario })
        return
      }
      // A worksheet link's locks hold: the file changes only what the teacher left free.
      const running = store.getSnapshot().running?.value
      const locked =
        isActive(teacher()) && running !== undefined
          ? keepLocked(running, p.scenario, teacher())
          : { scenario: p.scenario, kept: [] }
      run(locked.scenario, true)
      setOpened(name)
      setKept(locked.kept)
    },
    [run, store],
  )

  const openLink = useCallback(
    async (search: string, source: ProblemSource) => {
      const open = await loadOpen()
      const p = await open.prepareLink(search)
      if (p.problems.length > 0) {
        setPending({ source, problems: p.problems, nearest: p.hasScenario ? p.scenario : null })
        return { ok: false, problems: p.problems }
      }
      if (p.hasScenario) run(p.scenario, source !== 'link')
      if (p.view.speed !== null) store.setSpeed(p.view.speed)
      return { ok: true, problems: [] }
    },
    [run, store],
  )

  return useMemo(
    () => ({ view, checking, pending, opened, kept, chooseNearest, chooseDefaults, dismiss, openFile, openLink }),
    [view, checking, pending, opened, kept, chooseNearest, chooseDefaults, dismiss, openFile, openLink],
  )
}
