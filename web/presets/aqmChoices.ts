// The algorithms a preset describes, with its own settings, for the lab's algorithm picker.
import { isAqmConfig, type AqmConfig } from '../engine/protocol'
import type { Preset } from '../catalog/types'

/**
 * The algorithms a preset describes, with its settings: its own scenario's and each compare side's (the
 * first of a kind wins). Choosing RED in red-vs-droptail's lab then runs the 15/45/0.1 its text describes.
 */
export function presetAqms(preset: Preset): AqmConfig[] {
  // A side that also changes the scenario (`set`) may need those changes for its settings: left out.
  const sides = (preset.compare ?? []).filter((c) => c.set === undefined).map((c) => c.aqm)
  const all = [preset.scenario.aqm, ...sides].filter(isAqmConfig)
  return all.filter((a, i) => all.findIndex((b) => b.kind === a.kind) === i)
}
