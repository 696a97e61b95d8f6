// The lab's learning events between two snapshots of what runs: Play pressed (ran), another algorithm
// (switched algorithm), a parameter of the same algorithm changed (changed parameter, one event per parameter).
// Derived from the engine's confirmed state, so a change counts once whether the student or a host page asked
// for it. A new simulation (the link's scenario loaded, a reset: a new epoch) is a new start, not a change.
import { EXT, type Statement, type Verb } from './xapi'

export interface LabState {
  aqm: Readonly<Record<string, unknown>> | null
  playing: boolean
  /** The simulation's epoch: it counts the simulations built (web/engine/runner.ts). */
  epoch: number
}

export function labEventsBetween(was: LabState, now: LabState): Array<{ verb: Verb; result: Statement['result'] }> {
  const out: Array<{ verb: Verb; result: Statement['result'] }> = []
  if (now.playing && !was.playing) out.push({ verb: 'ran', result: {} })
  const a = was.aqm
  const b = now.aqm
  // The first state the engine reports, or a new simulation's, is where the student starts, not a change.
  if (a === null || b === null || was.epoch !== now.epoch) return out
  if (a.kind !== b.kind) {
    out.push({
      verb: 'switched-algorithm',
      result: { response: String(b.kind), extensions: { [EXT.from]: String(a.kind) } },
    })
    return out
  }
  for (const [name, value] of Object.entries(b)) {
    if (name === 'kind' || JSON.stringify(a[name]) === JSON.stringify(value)) continue
    const shown = typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value)
    const from = a[name]
    out.push({
      verb: 'changed-parameter',
      result: {
        response: `${name}=${String(shown)}`,
        extensions: {
          [EXT.parameter]: name,
          [EXT.value]: shown,
          ...(from === undefined
            ? {}
            : { [EXT.from]: typeof from === 'number' || typeof from === 'boolean' ? from : JSON.stringify(from) }),
        },
      },
    })
  }
  return out
}
