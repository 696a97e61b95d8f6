// Finding the LMS's run-time API the way the SCORM run-time environment specifies it: the SCO looks for an
// object named `API` (SCORM 1.2, RTE §3.3) or `API_1484_11` (SCORM 2004, RTE §3.1.2 and IEEE 1484.11.2) in its
// own window's chain of parents, then in the chain of parents of the window that opened it. The search is
// bounded (the 2004 book's sample stops after 500 hops) and a window of another origin, whose properties
// cannot be read, ends that chain instead of throwing.

export type ScormVersion = '1.2' | '2004'

/** The SCORM 1.2 API (RTE 1.2, §3.4): every call takes and returns strings. */
export interface Api12 {
  LMSInitialize(arg: ''): string
  LMSFinish(arg: ''): string
  LMSGetValue(element: string): string
  LMSSetValue(element: string, value: string): string
  LMSCommit(arg: ''): string
  LMSGetLastError(): string
}

/** The SCORM 2004 API (RTE 4th edition, §3.1). */
export interface Api2004 {
  Initialize(arg: ''): string
  Terminate(arg: ''): string
  GetValue(element: string): string
  SetValue(element: string, value: string): string
  Commit(arg: ''): string
  GetLastError(): string
}

export type FoundApi = { version: '1.2'; api: Api12 } | { version: '2004'; api: Api2004 }

/** The part of a window the search reads; a fake in the unit tests. */
export interface WindowLike {
  parent: WindowLike | null
  opener?: WindowLike | null
  [name: string]: unknown
}

const MAX_HOPS = 500
const NAMES: Record<ScormVersion, string> = { '1.2': 'API', '2004': 'API_1484_11' }

function isApi(x: unknown, version: ScormVersion): boolean {
  if (typeof x !== 'object' || x === null) return false
  const o = x as Record<string, unknown>
  return version === '1.2'
    ? typeof o.LMSInitialize === 'function' && typeof o.LMSSetValue === 'function'
    : typeof o.Initialize === 'function' && typeof o.SetValue === 'function'
}

/** `win[name]`, or undefined when the window belongs to another origin (reading it throws). */
function read(win: WindowLike, name: string): unknown {
  try {
    return win[name]
  } catch {
    return undefined
  }
}

/** The API in `start` or one of its parents; null when the chain ends, turns cross-origin or runs too long. */
function scan(start: WindowLike, version: ScormVersion): unknown {
  let win: WindowLike = start
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const api = read(win, NAMES[version])
    if (isApi(api, version)) return api
    let parent: WindowLike | null
    try {
      parent = win.parent
    } catch {
      return null
    }
    if (parent === null || parent === undefined || parent === win) return null
    win = parent
  }
  return null
}

/**
 * The LMS API for `versions` (in order of preference), looked for from `self` up its parents and then from its
 * opener up the opener's parents. Null without an LMS.
 */
export function findApi(self: WindowLike, versions: readonly ScormVersion[] = ['2004', '1.2']): FoundApi | null {
  let opener: WindowLike | null | undefined
  try {
    opener = self.opener
  } catch {
    opener = null
  }
  for (const version of versions) {
    const api = scan(self, version) ?? (opener ? scan(opener, version) : null)
    if (api !== null && api !== undefined) return { version, api } as FoundApi
  }
  return null
}
