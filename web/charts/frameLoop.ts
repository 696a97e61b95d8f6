// One requestAnimationFrame loop for every chart: each registers a draw callback that redraws its
// canvas only when something it shows changed. React does not re-render per frame; the loop reads
// the sample buffer directly. The loop also keeps the last frames' timings for the perf probe.
import { useEffect, useRef } from 'react'

type Draw = (now: number) => void
interface Entry {
  draw: Draw
  label: string
}

const draws = new Set<Entry>()
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

function tick(now: number): void {
  handle = draws.size > 0 ? requestAnimationFrame(tick) : 0
  const start = performance.now()
  let t = start
  for (const { draw, label } of draws) {
    draw(now)
    const end = performance.now()
    const acc = byChart.get(label) ?? { ms: 0, draws: 0 }
    acc.ms += end - t
    if (end - t > 0.05) acc.draws++
    byChart.set(label, acc)
    t = end
  }
  drawMs[frames % STATS] = t - start
  frameGapMs[frames % STATS] = lastFrameAt > 0 ? now - lastFrameAt : Number.NaN
  lastFrameAt = now
  frames++
}

export function onFrame(draw: Draw, label = 'chart'): () => void {
  const entry = { draw, label }
  draws.add(entry)
  if (handle === 0) handle = requestAnimationFrame(tick)
  return () => {
    draws.delete(entry)
    if (draws.size === 0 && handle !== 0) {
      cancelAnimationFrame(handle)
      handle = 0
      lastFrameAt = 0
    }
  }
}

/** Calls the latest `draw` on every animation frame while the component is mounted. */
export function useFrame(draw: Draw, label?: string): void {
  const ref = useRef(draw)
  useEffect(() => {
    ref.current = draw
  })
  useEffect(() => onFrame((now) => ref.current(now), label), [label])
}

export interface FrameStats {
  frames: number
  /** Chart drawing time per frame over the last frames, ms. */
  drawMs: number[]
  /** Gaps between the last frames, ms (16.7 at 60 fps). */
  frameGapMs: number[]
  /** Per chart since the page loaded: drawing time in total and frames in which it redrew. */
  byChart: Record<string, { ms: number; draws: number }>
}

export function frameStats(): FrameStats {
  const n = Math.min(frames, STATS)
  const pick = (ring: Float64Array) =>
    Array.from({ length: n }, (_, k) => ring[(frames - n + k) % STATS]).filter((v) => Number.isFinite(v))
  const charts = Object.fromEntries([...byChart].map(([k, v]) => [k, { ...v }]))
  return { frames, drawMs: pick(drawMs), frameGapMs: pick(frameGapMs), byChart: charts }
}
