// Files the share dialog writes: the traces (CSV, JSON), the scenario (JSON) and a chart (SVG, PNG). Trace
// and scenario files carry the scenario, its link and the engine's version, so a file found months later
// still says exactly which experiment it came from.
import cargoToml from '../../engine-wasm/Cargo.toml?raw'
import type { RunSummary } from '../engine/protocol'
import type { Rows } from '../engine/samples'
import { FLOW_FIELDS } from '../engine/resultsModel'
import { LINK_VERSION } from '../scenario/migrations'
import type { JsonObject } from '../scenario/model'

export const ENGINE = {
  name: 'aqm-engine',
  version: /^version\s*=\s*"([^"]+)"/m.exec(cargoToml)?.[1] ?? 'unknown',
}

export interface ExportMeta {
  scenario: JsonObject
  /** The scenario's link (absolute URL). */
  link: string
}

function header(meta: ExportMeta) {
  return { engine: ENGINE, scenario_version: LINK_VERSION, link: meta.link, scenario: meta.scenario }
}

/** Numbers in their shortest exact form; NaN (no value in that sample) as an empty field. */
function cell(v: number): string {
  return Number.isFinite(v) ? String(v) : ''
}

export function tracesCsv(rows: Rows, meta: ExportMeta): string {
  const lines = [
    '# AQM Lab traces: one row per sample, columns as the engine names them',
    `# engine: ${ENGINE.name} ${ENGINE.version}; scenario version ${LINK_VERSION}`,
    `# link: ${meta.link}`,
    `# scenario: ${JSON.stringify(meta.scenario)}`,
    rows.columns.join(','),
  ]
  for (let i = 0; i < rows.length; i++) {
    const row: string[] = []
    for (let c = 0; c < rows.columns.length; c++) row.push(cell(rows.at(i, c)))
    lines.push(row.join(','))
  }
  return `${lines.join('\n')}\n`
}

export function tracesJson(rows: Rows, meta: ExportMeta): string {
  const data: Array<Array<number | null>> = []
  for (let i = 0; i < rows.length; i++) {
    const row: Array<number | null> = []
    for (let c = 0; c < rows.columns.length; c++) {
      const v = rows.at(i, c)
      row.push(Number.isFinite(v) ? v : null)
    }
    data.push(row)
  }
  return `${JSON.stringify({ format: 'aqm-lab-traces', ...header(meta), columns: rows.columns, rows: data })}\n`
}

/** The per-flow results table (docs/results.md): one row per flow, the engine's field names as columns. */
export function perFlowCsv(summary: RunSummary, meta: ExportMeta): string {
  const columns = ['id', 'group', 'tcp', 'base_rtt_ms', ...FLOW_FIELDS, 'throughput_mbps'] as const
  const lines = [
    `# AQM Lab per-flow results over the measured window ${summary.measured_from_s}–${summary.measured_to_s} s`,
    `# engine: ${ENGINE.name} ${ENGINE.version}; scenario version ${LINK_VERSION}`,
    `# link: ${meta.link}`,
    `# scenario: ${JSON.stringify(meta.scenario)}`,
    columns.join(','),
  ]
  for (const f of summary.flows ?? []) {
    lines.push(columns.map((c) => (c === 'tcp' ? f.tcp : cell(f[c]))).join(','))
  }
  return `${lines.join('\n')}\n`
}

/** The per-flow rows, the delay percentiles and histogram (NaN as null), with the scenario and engine. */
export function resultsJson(summary: RunSummary, meta: ExportMeta): string {
  const clean = (v: unknown): unknown => (typeof v === 'number' && !Number.isFinite(v) ? null : v)
  const body = {
    format: 'aqm-lab-results',
    ...header(meta),
    measured_from_s: summary.measured_from_s,
    measured_to_s: summary.measured_to_s,
    total_goodput_payload_mbps: summary.total_goodput_payload_mbps,
    delay_ms: summary.delay_ms,
    delay_histogram: summary.delay_histogram ?? null,
    flows: summary.flows ?? [],
  }
  return `${JSON.stringify(body, (_k, v: unknown) => clean(v))}\n`
}

export function scenarioFile(meta: ExportMeta): string {
  return `${JSON.stringify({ format: 'aqm-lab-scenario', ...header(meta) }, null, 2)}\n`
}

/** "aqm-lab-red-seed3" for naming files. */
export function baseName(scenario: JsonObject): string {
  const aqm = scenario.aqm
  const kind =
    typeof aqm === 'object' && aqm !== null && !Array.isArray(aqm) && typeof aqm.kind === 'string'
      ? aqm.kind
      : 'scenario'
  const seed = typeof scenario.seed === 'number' ? `-seed${scenario.seed}` : ''
  return `aqm-lab-${kind}${seed}`.replace(/[^a-z0-9_-]/gi, '_')
}

export function download(name: string, content: Blob | string, type = 'application/octet-stream'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

// ---- charts -------------------------------------------------------------------------------------

const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
  'display',
]

/** Copies the computed presentation styles onto the clone, so the SVG looks the same outside the page. */
function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source)
  const style = STYLE_PROPS.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';')
  target.setAttribute('style', style)
  const s = source.children
  const t = target.children
  for (let i = 0; i < s.length && i < t.length; i++) inlineStyles(s[i], t[i])
}

/** A chart's title as its caption line reads, without the toggles that share that line. */
function chartTitle(figure: Element): string {
  return (
    (figure.querySelector('figcaption .chart-title') ?? figure.querySelector('figcaption'))?.textContent?.trim() ?? ''
  )
}

/** Drag grips and their hit areas are controls, not data: an exported figure leaves them out. */
const CONTROL_ONLY = '.grip, .grip-arrows, .level-hit, .level-hit-band'

const LEGEND_ROW = 18

/** The legend's entries as the page draws them: a swatch colour (or none) and a label. */
function legendEntries(figure: Element): Array<{ colour: string | null; dashed: boolean; label: string }> {
  return [...figure.querySelectorAll(':scope > .legend > li')].map((li) => {
    const swatch = li.querySelector('.swatch')
    const dashed = swatch?.classList.contains('swatch-dashed') ?? false
    const cs = swatch ? getComputedStyle(swatch) : null
    const colour = cs === null ? null : dashed ? cs.borderTopColor : cs.backgroundColor
    return { colour, dashed, label: li.textContent?.trim() ?? '' }
  })
}

/**
 * A standalone SVG of a chart (a <figure> with canvas traces under SVG axes): the canvases become embedded
 * PNG images, the SVG layers keep their vector shapes with their styles inlined, the title goes on top and
 * the legend below, so the file says what it shows without the page around it. Drag grips are left out.
 */
export function chartSvg(figure: Element): { svg: string; width: number; height: number } {
  const body = figure.querySelector('.chart-body') ?? figure
  const box = body.getBoundingClientRect()
  const title = chartTitle(figure)
  const legend = legendEntries(figure).filter((e) => e.label !== '')
  const top = title === '' ? 0 : 24
  const width = Math.max(1, Math.round(box.width))
  const ink = getComputedStyle(figure).color
  const font = getComputedStyle(figure).fontFamily
  // Legend entries flow in rows, about 7 px a character plus the swatch.
  const rows: Array<Array<{ entry: (typeof legend)[number]; x: number }>> = []
  let x = 8
  for (const entry of legend) {
    const w = 28 + entry.label.length * 7
    if (rows.length === 0 || (x + w > width - 8 && x > 8)) {
      rows.push([])
      x = 8
    }
    rows[rows.length - 1].push({ entry, x })
    x += w + 12
  }
  const bodyH = Math.max(1, Math.round(box.height))
  const height = top + bodyH + (rows.length > 0 ? rows.length * LEGEND_ROW + 6 : 0)
  const ns = 'http://www.w3.org/2000/svg'
  const root = document.createElementNS(ns, 'svg')
  root.setAttribute('xmlns', ns)
  root.setAttribute('width', String(width))
  root.setAttribute('height', String(height))
  root.setAttribute('viewBox', `0 0 ${width} ${height}`)
  const bg = getComputedStyle(figure).backgroundColor
  const rect = document.createElementNS(ns, 'rect')
  rect.setAttribute('width', '100%')
  rect.setAttribute('height', '100%')
  rect.setAttribute('fill', bg && bg !== 'rgba(0, 0, 0, 0)' ? bg : '#ffffff')
  root.append(rect)
  const text = (x: number, y: number, content: string, weight: number, size: number) => {
    const el = document.createElementNS(ns, 'text')
    el.setAttribute('x', String(x))
    el.setAttribute('y', String(y))
    el.setAttribute('style', `font: ${weight} ${size}px ${font}; fill: ${ink}`)
    el.textContent = content
    root.append(el)
  }
  if (title !== '') text(8, 17, title, 600, 14)
  for (const layer of body.querySelectorAll('canvas, svg')) {
    const r = layer.getBoundingClientRect()
    const x = r.left - box.left
    const y = r.top - box.top + top
    if (layer instanceof HTMLCanvasElement) {
      const img = document.createElementNS(ns, 'image')
      img.setAttribute('x', String(x))
      img.setAttribute('y', String(y))
      img.setAttribute('width', String(r.width))
      img.setAttribute('height', String(r.height))
      img.setAttribute('href', layer.toDataURL('image/png'))
      root.append(img)
    } else if (layer instanceof SVGSVGElement && layer.parentElement?.closest('svg') === null) {
      const clone = layer.cloneNode(true)
      if (!(clone instanceof SVGSVGElement)) continue
      inlineStyles(layer, clone)
      for (const el of clone.querySelectorAll(CONTROL_ONLY)) el.remove()
      clone.setAttribute('x', String(x))
      clone.setAttribute('y', String(y))
      clone.setAttribute('width', String(r.width))
      clone.setAttribute('height', String(r.height))
      root.append(clone)
    }
  }
  rows.forEach((row, i) => {
    const y = top + bodyH + 6 + i * LEGEND_ROW + LEGEND_ROW / 2
    for (const { entry, x } of row) {
      if (entry.colour !== null) {
        const sw = document.createElementNS(ns, 'line')
        sw.setAttribute('x1', String(x))
        sw.setAttribute('x2', String(x + 18))
        sw.setAttribute('y1', String(y))
        sw.setAttribute('y2', String(y))
        sw.setAttribute(
          'style',
          `stroke: ${entry.colour}; stroke-width: 3${entry.dashed ? '; stroke-dasharray: 4 3' : ''}`,
        )
        root.append(sw)
      }
      text(x + (entry.colour !== null ? 24 : 0), y + 4, entry.label, 400, 12)
    }
  })
  return {
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`,
    width,
    height,
  }
}

/** PNG exports are drawn at twice the chart's CSS size, whatever the screen, so they stay sharp in slides. */
export const PNG_SCALE = 2

/** The chart's SVG drawn onto a canvas at PNG_SCALE. */
export async function chartPng(figure: Element): Promise<Blob> {
  const { svg, width, height } = chartSvg(figure)
  const scale = PNG_SCALE
  const img = new Image()
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  await img.decode()
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(width * scale)
  canvas.height = Math.round(height * scale)
  const ctx = canvas.getContext('2d')
  if (ctx === null) throw new Error('no 2D canvas')
  ctx.scale(scale, scale)
  ctx.drawImage(img, 0, 0, width, height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  )
}

/** Charts on the page, by their titles, each with a file-name part saying which chart it is ("queue"). */
export function chartsOnPage(): Array<{ title: string; slug: string; figure: Element }> {
  const seen = new Map<string, number>()
  return [...document.querySelectorAll('figure.chart')].map((figure, i) => {
    const base = (figure.getAttribute('data-testid') ?? `chart-${i + 1}`)
      .replace(/-chart$/, '')
      .replace(/[^a-z0-9_-]/gi, '_')
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return { title: chartTitle(figure) || `Chart ${i + 1}`, slug: n === 1 ? base : `${base}-${n}`, figure }
  })
}
