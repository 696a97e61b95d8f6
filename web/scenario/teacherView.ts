// Worksheet mode: a teacher's link locks or hides chosen parameters and controls of the full lab
// (`?lock=max_p,min_th&hide=flows`), so a worksheet can say "change only max_p". Names are algorithm
// parameters (as the engine names them) or the controls below. Read once from the address the page
// was opened with: the teacher's own lab, which writes such links in the share dialog, stays unlocked.
import { readView } from './linkView'

/** Controls a worksheet can lock or hide besides single parameters. */
export const TEACHER_CONTROLS = ['aqm', 'params', 'link', 'flows', 'run'] as const
export type TeacherControl = (typeof TEACHER_CONTROLS)[number]

export interface TeacherView {
  lock: ReadonlySet<string>
  hide: ReadonlySet<string>
}

export const NO_TEACHER: TeacherView = { lock: new Set(), hide: new Set() }

export function readTeacher(search: string): TeacherView {
  const v = readView(search)
  return { lock: new Set(v.lock ?? []), hide: new Set(v.hide ?? []) }
}

let opened: TeacherView | null = null

/** The worksheet settings of the address this page was opened with. */
export function teacher(): TeacherView {
  if (opened === null) opened = typeof window === 'undefined' ? NO_TEACHER : readTeacher(window.location.search)
  return opened
}

/** For tests: forget the address read. */
export function resetTeacher(view: TeacherView | null = null): void {
  opened = view
}

export function isActive(v: TeacherView = teacher()): boolean {
  return v.lock.size > 0 || v.hide.size > 0
}

/** A hidden name is locked too: nothing may change what the student cannot see. */
export function isLocked(name: string, v: TeacherView = teacher()): boolean {
  return v.lock.has(name) || v.hide.has(name)
}

/** An algorithm parameter is locked by its own name or by `params` (all of them). */
export function isParamLocked(name: string, v: TeacherView = teacher()): boolean {
  return isLocked(name, v) || isLocked('params', v)
}

export function isHidden(name: string, v: TeacherView = teacher()): boolean {
  return v.hide.has(name)
}

export function isParamHidden(name: string, v: TeacherView = teacher()): boolean {
  return v.hide.has(name) || v.hide.has('params')
}

/**
 * The lock list of a worksheet link that lets students change only `allowed`: every parameter of the
 * algorithm and every control that is not allowed.
 */
export function lockAllBut(params: readonly string[], allowed: ReadonlySet<string>): string[] {
  return [...TEACHER_CONTROLS.filter((c) => c !== 'params'), ...params].filter((n) => !allowed.has(n))
}
