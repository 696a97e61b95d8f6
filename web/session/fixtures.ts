// Recorded sessions for the tests (vitest next to the code, and e2e's class-view files, e2e/classFiles.ts): one
// module, so the unit tests and the browser tests read the same students' sessions.
import { encodeLog, type SessionLog } from './log'
import type { SessionOutcome } from './file'

export const studentScenario = JSON.stringify({
  version: 2,
  seed: 5,
  duration: 30,
  link: { rate_mbps: 10, delay_ms: 10, buffer: 100 },
  flows: [{ count: 8, tcp: 'reno', rtt_ms: [20, 80] }],
  aqm: { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002 },
})

/** A student's half-minute: Play, two RED thresholds, a switch to CoDel. */
export const studentLog: SessionLog = {
  scenario: studentScenario,
  playing: false,
  speed: 5,
  end: 30_000_000_000,
  actions: [
    { at: 0, kind: 'play' },
    { at: 6_328_117_000, kind: 'param', name: 'min_th', value: 8 },
    { at: 9_759_002_000, kind: 'param', name: 'max_th', value: 40 },
    { at: 20_100_000_000, kind: 'algorithm', aqm: { kind: 'codel', target: 5, interval: 100, newton: true } },
  ],
}

/** The outcome the share dialog writes beside it. */
export const studentOutcome: SessionOutcome = {
  measured_from_s: 5,
  measured_to_s: 30,
  mean_queue_pkts: 12.25,
  delay_ms_mean: 9.8,
  goodput_mbps: 9.41,
  utilisation: 0.98,
}

/** One minute with ten actions, every kind, at instants such as a played run gives (not round numbers). */
export const minuteSession: SessionLog = {
  scenario: JSON.stringify({
    version: 4,
    seed: 1,
    duration: 60,
    link: { rate_mbps: 10, buffer: 100 },
    aqm: { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002 },
  }),
  playing: false,
  speed: 1,
  end: 60_000_000_000,
  actions: [
    { at: 0, kind: 'play' },
    { at: 4_216_000_001, kind: 'param', name: 'min_th', value: 8 },
    { at: 9_873_411_250, kind: 'param', name: 'max_th', value: 30 },
    { at: 12_000_000_000, kind: 'speed', speed: 4 },
    { at: 18_320_500_000, kind: 'param', name: 'max_p', value: 0.25 },
    { at: 24_750_000_000, kind: 'pause' },
    { at: 24_750_000_000, kind: 'play' },
    { at: 31_002_000_000, kind: 'algorithm', aqm: { kind: 'codel', target_ms: 5, interval_ms: 100 } },
    { at: 40_123_456_789, kind: 'speed', speed: Infinity },
    { at: 47_500_000_000, kind: 'param', name: 'target_ms', value: 2.5 },
  ],
}

/**
 * A guided lesson's suspend data (web/lms/progress.ts) as an LMS keeps it: all three questions answered, two as
 * the run gave, one sketch scored; the first side's log kept, the second's left out to fit.
 */
export const lessonSuspend = {
  v: 1,
  l: 'red-vs-droptail',
  i: 4,
  c: { droptail: 'full', red: 'min_th', sync: 'droptail' },
  r: { droptail: 1, red: 1, sync: 0 },
  k: { droptail: 64 },
  s: { droptail: '0:10,30:60' },
  o: { droptail: 'full', red: 'min_th', sync: 'red' },
  g: [encodeLog(studentLog), 1],
}
