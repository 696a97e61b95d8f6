// Checks what a person typed into a parameter field against the engine's schema, before it is
// sent. Cross-parameter rules (RED's min_th < max_th, ...) are the engine's to check.
import type { ParamSchema } from '../engine/protocol'

/** Either the value to send, or why not; the page words the reason (catalogue `params.errors.*`). */
export type ParamInput = { ok: true; value: number } | { ok: false; reason: 'empty' | 'number' | 'range' | 'whole' }

const wide = new Intl.NumberFormat('en', { maximumSignificantDigits: 6 })

/** A number as fields and ranges show it: six significant digits, grouped when large. */
export function formatNumber(v: number): string {
  return Math.abs(v) >= 1e5 ? wide.format(v) : String(Number(v.toPrecision(6)))
}

export function checkParamInput(text: string, p: ParamSchema): ParamInput {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'empty' }
  const value = Number(trimmed)
  if (!Number.isFinite(value)) return { ok: false, reason: 'number' }
  if (value < p.min || value > p.max) return { ok: false, reason: 'range' }
  if (p.integer && !Number.isInteger(value)) return { ok: false, reason: 'whole' }
  return { ok: true, value }
}

/**
 * The text a number field shows for a value: no digit grouping (an <input type="number"> refuses
 * "125,000"), whole numbers exact (seeds), fractions without float noise (0.1 + 0.2 → "0.3").
 */
export function displayValue(v: number | boolean | string | undefined): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12)))
  if (typeof v === 'boolean') return v ? '1' : '0'
  return v ?? ''
}

/** Slider positions: the range input runs over 0..SLIDER_STEPS and maps to parameter values. */
export const SLIDER_STEPS = 1000

export interface SliderScale {
  toPosition(value: number): number
  fromPosition(position: number): number
}

/** Rounds a slider value to what the parameter can take: whole numbers, its step, or 3 digits. */
export function tidy(value: number, p: ParamSchema): number {
  if (p.integer) return Math.round(value)
  if (p.step > 0) return Number((Math.round(value / p.step) * p.step).toPrecision(12))
  return Number(value.toPrecision(3))
}

/**
 * Maps a parameter's range onto slider positions. `cap` narrows a huge range to where it is
 * useful (e.g. a queue threshold up to the buffer size). Ranges over three or more decades that
 * start above zero (RED's w_q: 1e-6 to 1) are logarithmic.
 */
export function sliderScale(p: ParamSchema, cap?: number): SliderScale {
  const lo = p.min
  const hi = cap !== undefined && cap > lo && cap < p.max ? cap : p.max
  const log = lo > 0 && hi / lo >= 1000
  const clamp = (f: number) => Math.min(1, Math.max(0, f))
  return {
    toPosition: (v) => {
      const f = log ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo)
      return Math.round(clamp(Number.isFinite(f) ? f : 0) * SLIDER_STEPS)
    },
    fromPosition: (pos) => {
      const f = clamp(pos / SLIDER_STEPS)
      return tidy(log ? lo * (hi / lo) ** f : lo + f * (hi - lo), p)
    },
  }
}
