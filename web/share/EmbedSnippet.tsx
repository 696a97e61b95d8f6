// The embed-snippet generator: pick the charts, the controls, autoplay and a caption; copy an <iframe>.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import { CHART_TABLE } from '../chartset/chartTable'
import { DEFAULT_EMBED_CONTROLS, DEFAULT_EMBED_VIEWS, EMBED_CONTROLS, EMBED_VIEWS } from '../scenario/embedViews'
import { MAX_CAPTION } from '../scenario/linkView'
import type { JsonObject } from '../scenario/model'
import { encodeLink } from '../scenario/urlCodec'
import { copyText } from './copy'

/** Attribute-safe text. */
export function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export const SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads'

export function iframeSnippet(src: string, width: number, height: number, title: string): string {
  return (
    `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" title="${escapeAttr(title)}"` +
    ` style="border:0;max-width:100%" loading="lazy" sandbox="${SANDBOX}"></iframe>`
  )
}

interface EmbedSnippetProps {
  scenario: JsonObject
  speed: number
  info: AlgorithmInfo | undefined
  /** The lab's address without query (where the embed loads from). */
  base: string
}

function toggle(list: string[], item: string, on: boolean): string[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)
}

export function EmbedSnippet({ scenario, speed, info, base }: EmbedSnippetProps) {
  const { t } = useTranslation('share')
  const id = useId()
  const [views, setViews] = useState<string[]>(DEFAULT_EMBED_VIEWS)
  const [controls, setControls] = useState<string[]>(DEFAULT_EMBED_CONTROLS)
  const [autoplay, setAutoplay] = useState(false)
  // The learning-event stream (web/lms/xapi.ts) is on unless the link says events=0.
  const [events, setEvents] = useState(true)
  const [caption, setCaption] = useState('')
  const [width, setWidth] = useState(800)
  const [height, setHeight] = useState(560)
  const [status, setStatus] = useState('')

  const order = (list: string[], all: readonly string[]) => all.filter((x) => list.includes(x))
  const params = info?.params.map((p) => p.name) ?? []
  const controlNames = [...EMBED_CONTROLS, ...params]
  const query = encodeLink(scenario, {
    speed,
    embed: true,
    views: order(views, EMBED_VIEWS),
    controls: order(controls, controlNames),
    autoplay,
    caption: caption.trim(),
  })
  const src = `${base}?${query}${events ? '' : '&events=0'}`
  const snippet = iframeSnippet(src, width, height, caption.trim() || t('embedView.label'))

  const check = (label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <label key={label} className="share-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )

  return (
    <section className="share-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('embed.heading')}</h3>
      <fieldset className="share-options">
        <legend>{t('embed.views')}</legend>
        <div className="share-checks">
          {EMBED_VIEWS.map((v) =>
            check(t(CHART_TABLE[v].label), views.includes(v), (on) => setViews((l) => toggle(l, v, on))),
          )}
        </div>
      </fieldset>
      <fieldset className="share-options">
        <legend>{t('embed.controls')}</legend>
        <div className="share-checks">
          {EMBED_CONTROLS.map((c) =>
            check(t(`embed.control.${c}`), controls.includes(c), (on) => setControls((l) => toggle(l, c, on))),
          )}
          {(info?.params ?? []).map((p) =>
            check(
              t('embed.control.param', {
                name: p.name,
                label: t(`algorithms.${info?.kind}.params.${p.name}`, { ns: 'app', defaultValue: p.label }),
              }),
              controls.includes(p.name),
              (on) => setControls((l) => toggle(l, p.name, on)),
            ),
          )}
        </div>
      </fieldset>
      <div className="share-row">
        {check(t('embed.autoplay'), autoplay, setAutoplay)}
        {check(t('embed.events'), events, setEvents)}
      </div>
      <div className="share-row">
        <label className="share-field" style={{ flex: 1 }}>
          {t('embed.caption')}
          <input type="text" maxLength={MAX_CAPTION} value={caption} onChange={(e) => setCaption(e.target.value)} />
        </label>
        <SizeField label={t('embed.width')} min={200} value={width} onChange={setWidth} />
        <SizeField label={t('embed.height')} min={150} value={height} onChange={setHeight} />
      </div>
      <label className="share-field">
        {t('embed.snippet')}
        <textarea readOnly value={snippet} onFocus={(e) => e.target.select()} />
      </label>
      <div className="share-row">
        <button
          type="button"
          onClick={() => void copyText(snippet).then((ok) => setStatus(t(ok ? 'link.copied' : 'link.copyFailed')))}
        >
          {t('embed.copy')}
        </button>
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('embed.preview')}
        </a>
        <span className="share-status" role="status">
          {status}
        </span>
      </div>
      <p className="share-note">{t('embed.note')}</p>
    </section>
  )
}

/** The frame's width or height in CSS pixels, `min` to 4000. */
function SizeField(props: { label: string; min: number; value: number; onChange(v: number): void }) {
  const { label, min, value, onChange } = props
  return (
    <label className="share-field">
      {label}
      <input
        type="number"
        min={min}
        max={4000}
        value={value}
        onChange={(e) => onChange(clampSize(e.target.valueAsNumber, value))}
      />
    </label>
  )
}

function clampSize(v: number, fallback: number): number {
  return Number.isFinite(v) ? Math.min(4000, Math.max(100, Math.round(v))) : fallback
}
