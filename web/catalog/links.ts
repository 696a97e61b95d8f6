// Where each teaching view lives in the page's URL (App.tsx switches on `view`). Relative query
// strings, so the built app works from any sub-path; the language stays the picker's own.

export const links = {
  lab: (): string => './',
  gallery: (): string => '?view=gallery',
  preset: (id: string): string => `?preset=${encodeURIComponent(id)}`,
  compare: (id: string): string => `?view=compare&preset=${encodeURIComponent(id)}`,
  sweep: (id?: string): string => (id === undefined ? '?view=sweep' : `?view=sweep&preset=${encodeURIComponent(id)}`),
  validation: (): string => '?view=validation',
  walkthrough: (lesson: string): string => `?view=walkthrough&lesson=${encodeURIComponent(lesson)}`,
  /** The printable worksheet of a preset or of a lesson (web/worksheet). */
  worksheet: (of: { preset: string } | { lesson: string }): string =>
    'preset' in of
      ? `?view=worksheet&preset=${encodeURIComponent(of.preset)}`
      : `?view=worksheet&lesson=${encodeURIComponent(of.lesson)}`,
  /** The printable worksheet of a lab link's query (without '?'): its QR code opens that link, locks included. */
  worksheetOf: (query: string): string => `?view=worksheet${query === '' ? '' : `&${query}`}`,
}
