// Files the share dialog writes: the traces (CSV, JSON), the scenario (JSON) and a chart (SVG, PNG). Trace
// and scenario files carry the scenario, its link and the engine's version, so a file found months later
// still says exactly which experiment it came from.
import cargoToml from '../../engine-wasm/Cargo.toml?raw'
import type { Rows } from '../engine/samples'
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

export function scenarioFile(meta: ExportMeta): string {
  return `${JSON.stringify({ format: 'aqm-lab-scenario', ...header(meta) }, null, 2)}\n`
}

/** "aqm-lab-red-seed3" for naming files. */
export function baseName(scenario: JsonObject): string {
  const aqm = scenario.aqm
  const kind = typeof aqm === 'object' && aqm !== null && !Array.isArray(aqm) && typeof aqm.kind === 'string' ? aqm.kind : 'scenario'
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

/**
 * A standalone SVG of a chart (a <figure> with canvas traces under SVG axes): the canvases become embedded
 * PNG images, the SVG layers keep their vector shapes with their styles inlined, the title goes on top.
 */
export function chartSvg(figure: Element): { svg: string; width: number; height: number } {
  const body = figure.querySelector('.chart-body') ?? figure
  const box = body.getBoundingClientRect()
  const title = figure.querySelector('figcaption .chart-title, figcaption')?.textContent?.trim() ?? ''
  const top = title === '' ? 0 : 24
  const width = Math.max(1, Math.round(box.width))
  const height = Math.max(1, Math.round(box.height)) + top
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
  if (title !== '') {
    const text = document.createElementNS(ns, 'text')
    text.setAttribute('x', '8')
    text.setAttribute('y', '17')
    text.setAttribute('style', `font: 600 14px ${getComputedStyle(figure).fontFamily}; fill: ${getComputedStyle(figure).color}`)
    text.textContent = title
    root.append(text)
  }
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
      clone.setAttribute('x', String(x))
      clone.setAttribute('y', String(y))
      clone.setAttribute('width', String(r.width))
      clone.setAttribute('height', String(r.height))
      root.append(clone)
    }
  }
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`, width, height }
}

/** The chart's SVG drawn onto a canvas at the screen's pixel ratio. */
export async function chartPng(figure: Element): Promise<Blob> {
  const { svg, width, height } = chartSvg(figure)
  const scale = Math.max(1, Math.min(3, window.devicePixelRatio || 1))
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
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'))
}

/** Charts on the page, by their titles. */
export function chartsOnPage(): Array<{ title: string; figure: Element }> {
  return [...document.querySelectorAll('figure.chart')].map((figure, i) => ({
    title: figure.querySelector('figcaption .chart-title, figcaption')?.textContent?.trim() || `Chart ${i + 1}`,
    figure,
  }))
}
