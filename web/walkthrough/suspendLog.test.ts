// A lesson's action logs in its suspend data (docs/lms.md): measured on every lesson with the scenarios its sides
// run as the engine confirms them (wasm in Node), a one-minute session with ten actions a side fits SCORM 1.2's
// 4,096 characters beside full answers, scores and sketches; a session too long to fit leaves its logs out with a
// note and keeps every prediction; the logs come back from the suspend data exactly.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { Simulation, initSync } from '../engine/pkg/aqm_engine.js'
import { sideScenario } from '../catalog/patch'
import { isPreset } from '../catalog/types'
import { LESSONS, lessonSides } from './lessons'
import { decodeLog, encodeLog, type Action, type SessionLog } from '../session/log'
import type { Point } from '../charts/sketch/sketch'
import { SUSPEND_LIMIT } from '../lms/cmi'
import { decodeSuspend, encodeSuspend, type LessonProgress } from '../lms/progress'

const root = fileURLToPath(new URL('../../', import.meta.url))
beforeAll(() => {
  initSync({ module: readFileSync(`${root}web/engine/pkg/aqm_engine_bg.wasm`) })
})

/** The scenario JSON the engine confirms for a lesson's side, as the recorder logs it. */
function confirmed(lessonId: string, k: number): string {
  const preset: unknown = JSON.parse(readFileSync(`${root}public/presets/${LESSONS[lessonId].preset}.json`, 'utf8'))
  if (!isPreset(preset)) throw new Error('not a preset')
  const sim = new Simulation(JSON.stringify(sideScenario(preset, k)))
  const text = sim.scenario()
  sim.free()
  return text
}

/** One minute, ten actions at irregular instants no round number gives: a lesson's play, pause and speed. */
function minute(scenario: string, actions = 10): SessionLog {
  let seed = 12345
  const jitter = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 1_000_000_000)
  const kinds: Array<(at: number) => Action> = [
    (at) => ({ at, kind: 'play' }),
    (at) => ({ at, kind: 'pause' }),
    (at) => ({ at, kind: 'speed', speed: 20 }),
  ]
  return {
    scenario,
    playing: false,
    speed: 10,
    end: 60_000_000_000,
    actions: Array.from({ length: actions }, (_, i) =>
      kinds[i % 3](Math.floor(((i + 1) * 59_000_000_000) / (actions + 1)) + jitter()),
    ),
  }
}

/** Every question answered and revealed, every step with a 20-point sketch scored. */
function fullProgress(lessonId: string, logs: string[]): LessonProgress {
  const steps = LESSONS[lessonId].steps
  const sketch: Point[] = Array.from({ length: 20 }, (_, i) => [i * 1.5 + 0.25, 10 + i * 3.5])
  return {
    step: steps.length - 1,
    choices: Object.fromEntries(steps.filter((s) => s.predict).map((s) => [s.id, s.predict!.choices[0].id])),
    right: Object.fromEntries(steps.filter((s) => s.predict).map((s, i) => [s.id, i % 2 === 0])),
    outcomes: Object.fromEntries(steps.filter((s) => s.predict).map((s) => [s.id, s.predict!.choices.at(-1)!.id])),
    sketchScores: Object.fromEntries(steps.map((s) => [s.id, 81])),
    sketches: Object.fromEntries(steps.map((s) => [s.id, sketch])),
    logs,
  }
}

describe('action logs in a lesson’s suspend data', () => {
  for (const id of Object.keys(LESSONS)) {
    it(`${id}: one-minute ten-action sessions fit SCORM 1.2 beside every answer and sketch, all but a fourth side`, () => {
      const sessions = lessonSides(LESSONS[id]).map((k) => minute(confirmed(id, k)))
      const logs = sessions.map(encodeLog)
      // The log of a one-minute ten-action session with its scenario (docs/lms.md quotes the range).
      for (const l of logs) expect(l.length).toBeGreaterThan(600)
      for (const l of logs) expect(l.length).toBeLessThan(900)
      const p = fullProgress(id, logs)
      const text = encodeSuspend(id, p, SUSPEND_LIMIT['1.2'])
      expect(text?.length).toBeLessThanOrEqual(4096)
      const back = decodeSuspend(LESSONS[id], text ?? '')
      // Every prediction stays whole; the logs are kept side by side while they fit (three sides always do).
      expect(back?.choices).toEqual(p.choices)
      expect(back?.outcomes).toEqual(p.outcomes)
      expect(back?.sketches).toEqual(p.sketches)
      const kept = logs.map((l, i) => (i < 3 ? l : null))
      expect(back?.logs).toEqual(kept)
      expect(back?.logsLeftOut).toBe(logs.length > 3 ? true : undefined)
      expect(back?.logs?.slice(0, 3).map((l) => decodeLog(l ?? ''))).toEqual(sessions.slice(0, 3))
    })
  }

  it('leaves the logs out with a note, not the predictions, when a long session would pass 4,096', () => {
    const id = 'red-vs-droptail'
    const long = encodeLog(minute(confirmed(id, 0), 1500))
    expect(long.length).toBeGreaterThan(4096)
    const p = fullProgress(id, [long, null as unknown as string])
    const text = encodeSuspend(id, p, SUSPEND_LIMIT['1.2'])
    expect(text?.length).toBeLessThanOrEqual(4096)
    const back = decodeSuspend(LESSONS[id], text ?? '')
    expect(back?.logsLeftOut).toBe(true)
    expect(back?.logs).toEqual([null, null])
    expect(back?.choices).toEqual(p.choices)
    expect(back?.sketches).toEqual(p.sketches)
    // SCORM 2004's 64,000 keeps it, and a side not run stays empty.
    const roomy = decodeSuspend(LESSONS[id], encodeSuspend(id, p, SUSPEND_LIMIT['2004']) ?? '')
    expect(roomy?.logs).toEqual([long, null])
  })

  it('reads a log that is not base64url as none', () => {
    const text = JSON.stringify({ v: 1, l: 'red-vs-droptail', i: 0, c: {}, r: {}, k: {}, s: {}, g: ['a b', 0] })
    expect(decodeSuspend(LESSONS['red-vs-droptail'], text)?.logs).toEqual([null, null])
  })
})
