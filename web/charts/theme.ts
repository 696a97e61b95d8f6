// Colours for canvas drawing, read from the page's CSS custom properties so that the traces follow
// the light/dark theme like the SVG parts (which use var(--c-...) in charts.css). Read once and
// again whenever the theme may have changed (a class/attribute on <html> or <body>, or the OS
// colour scheme); `themeRevision()` tells the charts to redraw.
import { palette } from './palette'

export interface ChartColours {
  ink: string
  muted: string
  grid: string
  panel: string
  /** Okabe–Ito series colours in order of use (per-flow traces cycle through them). */
  series: string[]
  /** The series by their light-theme names; `blue` and `sky` trade places in the dark theme. */
  blue: string
  orange: string
  green: string
  vermillion: string
  purple: string
  sky: string
}

const FALLBACK = {
  ink: '#1b1f24',
  muted: '#5b6470',
  grid: '#eef1f4',
  panel: '#ffffff',
  blue: palette.blue,
  orange: palette.orange,
  green: palette.green,
  vermillion: palette.vermillion,
  purple: palette.purple,
  sky: palette.skyBlue,
}

let cached: ChartColours | null = null
let revision = 0
let watching = false

function read(): ChartColours {
  const style = getComputedStyle(document.documentElement)
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const c = {
    ink: v('--c-ink', FALLBACK.ink),
    muted: v('--c-muted', FALLBACK.muted),
    grid: v('--c-grid', FALLBACK.grid),
    panel: v('--c-panel', FALLBACK.panel),
    // The theme may reorder the series (dark: sky blue first, for contrast), so read them as series.
    blue: v('--c-series-1', v('--c-blue', FALLBACK.blue)),
    orange: v('--c-series-2', v('--c-orange', FALLBACK.orange)),
    green: v('--c-series-3', v('--c-green', FALLBACK.green)),
    vermillion: v('--c-series-4', v('--c-vermillion', FALLBACK.vermillion)),
    purple: v('--c-series-5', v('--c-purple', FALLBACK.purple)),
    sky: v('--c-series-6', v('--c-sky', FALLBACK.sky)),
  }
  return { ...c, series: [c.blue, c.orange, c.green, c.vermillion, c.purple, c.sky] }
}

function invalidate(): void {
  cached = null
  revision++
}

function watch(): void {
  if (watching || typeof MutationObserver === 'undefined') return
  watching = true
  const observer = new MutationObserver(invalidate)
  const options = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-type-size'] }
  observer.observe(document.documentElement, options)
  if (document.body) observer.observe(document.body, options)
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', invalidate)
}

export function chartColours(): ChartColours {
  watch()
  cached ??= read()
  return cached
}

/** Changes whenever the colours may have changed. */
export function themeRevision(): number {
  watch()
  return revision
}

/** `colour` at `alpha` (0..1), for dimming traces; accepts #rgb, #rrggbb and rgb(...). */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1]
    const n = parseInt(h, 16)
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(colour)
  if (rgb) {
    const [r, g, b] = rgb[1].split(/[ ,/]+/)
    return `rgba(${r}, ${g}, ${b}, ${alpha})`
  }
  return colour
}

/** Pixels per rem right now (margins scale with the page's type size). */
export function remPx(): number {
  const px = parseFloat(getComputedStyle(document.documentElement).fontSize)
  return Number.isFinite(px) && px > 0 ? px : 16
}
