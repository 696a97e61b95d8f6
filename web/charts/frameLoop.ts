// One requestAnimationFrame loop for every chart: each registers a draw callback that redraws its
// canvas only when something it shows changed. React does not re-render per frame; the loop reads
// the sample buffer directly. The loop also keeps the last frames' timings for the perf probe.
//
// When drawing every data chart in every frame would cost more than a frame can hold (at full speed
// with many flows, on a machine whose other core runs the simulation), the data charts take turns:
// they are split into two halves of about equal cost, and each half draws in every other frame. The
// page, the dragged handles and the other callbacks stay at the display's rate; each chart still
// draws its newest data, 30 times a second instead of 60. Below the threshold every chart draws in
// every frame.
import { useEffect, useRef } from 'react'

type Draw = (now: number) => void
interface Entry {
  draw: Draw
  label: string
  /** A data chart, which may take turns with the others. */
  turns: boolean
  /** Recent cost of one of its redraws, ms of script (an exponential average; 0 until it drew). */
  cost: number
  /** The frames it draws in while the charts take turns: those with frame % 2 === phase. */
  phase: number
}

/** Script time of a frame's data charts above which they take turns, and below which they stop (ms). */
export const TURNS_ABOVE_MS = 3
export const TURNS_BELOW_MS = 2
/** A callback that took less than this did not redraw (nothing it shows had changed). */
const REDRAW_MS = 0.05

/**
 * Which data charts draw in which frame. Pure bookkeeping (no timers, no DOM), so it is tested alone.
 * Costs are script time only; rasterising a canvas costs about as much again, which the thresholds allow for.
 */
export class Turns {
  private readonly entries = new Set<Entry>()
  /** Whether the charts take turns now. */
  taking = false

  add(entry: Entry): void {
    this.entries.add(entry)
    this.balance()
  }

  delete(entry: Entry): void {
    this.entries.delete(entry)
    this.balance()
  }

  get size(): number {
    return this.entries.size
  }

  [Symbol.iterator](): Iterator<Entry> {
    return this.entries.values()
  }

  /** The cost of drawing every data chart once, ms: what a frame would cost without turns. */
  estimate(): number {
    let sum = 0
    for (const e of this.entries) if (e.turns) sum += e.cost
    return sum
  }

  /** Starts a frame: decides whether the charts take turns in it (with hysteresis, so it does not flicker). */
  begin(frame: number): void {
    const estimate = this.estimate()
    if (!this.taking && estimate > TURNS_ABOVE_MS) {
      this.taking = true
      this.balance()
    } else if (this.taking && estimate < TURNS_BELOW_MS) this.taking = false
    else if (frame % 60 === 0) this.balance()
  }

  due(entry: Entry, frame: number): boolean {
    return !this.taking || !entry.turns || entry.phase === frame % 2
  }

  /** Records what one call of the entry took. */
  record(entry: Entry, ms: number): void {
    if (entry.turns && ms > REDRAW_MS) entry.cost = entry.cost === 0 ? ms : 0.8 * entry.cost + 0.2 * ms
  }

  /** Splits the data charts into two halves of about equal cost (largest first, each to the lighter half; on a tie, the smaller). */
  private balance(): void {
    const load = [0, 0]
    const count = [0, 0]
    const charts = [...this.entries].filter((e) => e.turns).sort((a, b) => b.cost - a.cost)
    for (const e of charts) {
      e.phase = load[0] < load[1] || (load[0] === load[1] && count[0] <= count[1]) ? 0 : 1
      load[e.phase] += e.cost
      count[e.phase]++
    }
  }
}

const turns = new Turns()
/** Per chart since the page loaded: total drawing time and frames in which it redrew. */
const byChart = new Map<string, { ms: number; draws: number }>()
let handle = 0

const STATS = 240
/** Wall time spent drawing the charts in each of the last frames, ms (ring). */
const drawMs = new Float64Array(STATS)
/** Time between consecutive frames, ms (ring). */
const frameGapMs = new Float64Array(STATS)
let frames = 0
let lastFrameAt = 0
/** Frames since the page loaded in which the data charts took turns. */
let turnFrames = 0

function tick(now: number): void {
  handle = turns.size > 0 ? requestAnimationFrame(tick) : 0
  const start = performance.now()
  let t = start
  turns.begin(frames)
  if (turns.taking) turnFrames++
  for (const entry of turns) {
    if (!turns.due(entry, frames)) continue
    entry.draw(now)
    const end = performance.now()
    turns.record(entry, end - t)
    const acc = byChart.get(entry.label) ?? { ms: 0, draws: 0 }
    acc.ms += end - t
    if (end - t > REDRAW_MS) acc.draws++
    byChart.set(entry.label, acc)
    t = end
  }
  drawMs[frames % STATS] = t - start
  frameGapMs[frames % STATS] = lastFrameAt > 0 ? now - lastFrameAt : Number.NaN
  lastFrameAt = now
  frames++
}

/** The options of a data chart's draw callback: it may take turns with the others. */
export const DATA_CHART = { turns: true } as const

/** Calls `draw` in every frame; a data chart (`turns`) may be called every other frame instead (see above). */
export function onFrame(draw: Draw, label = 'chart', options: { turns?: boolean } = {}): () => void {
  const entry: Entry = { draw, label, turns: options.turns === true, cost: 0, phase: 0 }
  turns.add(entry)
  if (handle === 0) handle = requestAnimationFrame(tick)
  return () => {
    turns.delete(entry)
    if (turns.size === 0 && handle !== 0) {
      cancelAnimationFrame(handle)
      handle = 0
      lastFrameAt = 0
    }
  }
}

/** Calls the latest `draw` on every animation frame while the component is mounted (see `onFrame`). */
export function useFrame(draw: Draw, label?: string, options: { turns?: boolean } = {}): void {
  const ref = useRef(draw)
  useEffect(() => {
    ref.current = draw
  })
  const taking = options.turns === true
  useEffect(() => onFrame((now) => ref.current(now), label, { turns: taking }), [label, taking])
}

export interface FrameStats {
  frames: number
  /** Chart drawing time per frame over the last frames, ms. */
  drawMs: number[]
  /** Gaps between the last frames, ms (16.7 at 60 fps). */
  frameGapMs: number[]
  /** Per chart since the page loaded: drawing time in total and frames in which it redrew. */
  byChart: Record<string, { ms: number; draws: number }>
  /** Frames since the page loaded in which the data charts took turns (each drew every other frame). */
  turnFrames: number
}

export function frameStats(): FrameStats {
  const n = Math.min(frames, STATS)
  const pick = (ring: Float64Array) =>
    Array.from({ length: n }, (_, k) => ring[(frames - n + k) % STATS]).filter((v) => Number.isFinite(v))
  const charts = Object.fromEntries([...byChart].map(([k, v]) => [k, { ...v }]))
  return { frames, drawMs: pick(drawMs), frameGapMs: pick(frameGapMs), byChart: charts, turnFrames }
}
