// A lab opened from a preset keeps the preset's id in its address as context for the lesson panel.
// `?preset=<id>` alone means "the preset's scenario, exactly" (old links keep meaning that); once the
// running scenario differs, the address and shared links carry the scenario's own keys beside the id,
// so the link reopens the edited experiment with the same lesson panel.
import type { JsonObject } from '../scenario/json'
import type { LinkView } from '../scenario/linkView'
import { encodeLink } from '../scenario/urlCodec'

export interface PresetContext {
  id: string
  /** The preset's scenario as its file states it. */
  scenario: JsonObject
}

/** The query (without '?') for `scenario` in the lab of `preset`, or the plain lab link without one. */
export function contextQuery(scenario: JsonObject, view: Partial<LinkView>, preset: PresetContext | undefined): string {
  const query = encodeLink(scenario, view)
  if (preset === undefined) return query
  const id = `preset=${encodeURIComponent(preset.id)}`
  // encodeLink writes only what differs from the defaults, so equal queries mean the preset as it is
  // (at the page's default view).
  return query === encodeLink(preset.scenario) ? id : `${id}&${query}`
}
