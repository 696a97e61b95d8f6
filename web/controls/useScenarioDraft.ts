// The experiment as edited but not yet applied. It starts as the running scenario and follows it
// while nothing is edited; once applied and accepted, the running scenario equals the draft and the
// draft is dropped. The queue discipline is not part of it: that changes live, without a rebuild.
import { useState } from 'react'
import type { RunningScenario } from '../scenario/running'
import { editorPaths, sameExceptAqm, scenarioToApply, unreadableFields } from './scenarioDraft'
import { withAt, type Json, type JsonObject } from '../scenario/json'

export interface ScenarioDraft {
  /** What the editor shows: the draft, or the running scenario when nothing is edited. */
  shown: JsonObject | null
  /** The draft differs from the running experiment. */
  dirty: boolean
  /** Fields holding text that is not a value; nothing is applied while any remain. */
  unreadable: string[]
  /** Every field path the editor shows (to tell whether an engine message names one). */
  paths: string[]
  /** Changes when edits are discarded, so fields forget half-typed text. */
  revision: number
  edit(path: string, value: Json): void
  update(change: (draft: JsonObject) => JsonObject): void
  discard(): void
  /** The scenario JSON to send, with the live queue discipline. */
  toApply(): string | null
}

/** `current` is the store's running scenario: one frozen value per scenario, edited by copying (withAt). */
export function useScenarioDraft(current: RunningScenario | null): ScenarioDraft {
  const running = current?.value ?? null
  const [draft, setDraft] = useState<JsonObject | null>(null)
  const [revision, setRevision] = useState(0)
  const [seen, setSeen] = useState(current)
  if (seen !== current) {
    // A new running scenario (applied, reset, loaded): drop a draft it has caught up with.
    setSeen(current)
    if (draft !== null && running !== null && sameExceptAqm(draft, running)) setDraft(null)
  }

  // Functional updates, so two edits in one event both land.
  const update = (change: (d: JsonObject) => JsonObject) =>
    setDraft((d) => {
      const base = d ?? running
      return base === null ? null : change(base)
    })

  // Undrafted, the editor keeps showing the same object while only the queue discipline changes (a dragged
  // threshold): it shows no AQM field, so it need not render again (toApply takes the live AQM anyway).
  const [kept, setKept] = useState<JsonObject | null>(null)
  const keep = draft === null && running !== null && kept !== null && sameExceptAqm(kept, running)
  const shown = keep ? kept : (draft ?? running)
  if (!keep && kept !== shown) setKept(shown)
  return {
    shown,
    dirty: draft !== null && running !== null && !sameExceptAqm(draft, running),
    unreadable: shown === null ? [] : unreadableFields(shown),
    paths: shown === null ? [] : editorPaths(shown),
    revision,
    edit: (path, value) => update((d) => withAt(d, path, value)),
    update,
    discard: () => {
      setDraft(null)
      setRevision((r) => r + 1)
    },
    toApply: () => (shown === null ? null : scenarioToApply(shown, running)),
  }
}
