// Compare mode: two or more labs side by side on identical traffic (the same scenario and seed; only
// the algorithm or one parameter differs), stepped in lock step so their time axes stay linked, with
// the difference summary over the whole run below. One link holds it all (url.ts); `embed=1` shows
// only the labs and the summary, for an iframe.
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePreset } from '../catalog/load'
import { NotFound } from '../presets/NotFound'
import { applyVariant, sideCount, sideLabel, sideScenario } from '../catalog/patch'
import { TeachHeader } from '../chrome/TeachHeader'
import { langOf, type Preset } from '../catalog/types'
import { DEFAULT_RUNS } from '../stats/seeds'
import { CompareRun, type CompareSide } from './CompareRun'
import '../styles/teach.css'
import { compareSearch, editsWithout, parseCompareQuery, type CompareQuery, type SideEdits } from './url'
import { withEdits } from './edits'
import { useResizeMessages } from '../share/hostApi'

const DEFAULT_PRESET = 'red-vs-droptail'

export function CompareView() {
  const { t } = useTranslation('teach')
  const [query] = useState(() => parseCompareQuery(window.location.search))
  const loaded = usePreset(query.preset ?? DEFAULT_PRESET)
  // Framed (embed=1): the host page learns the height to give the frame, as from the single lab.
  useResizeMessages(query.embed)
  const body =
    loaded.state === 'loading' ? (
      <p className="muted">{t('status.loading')}</p>
    ) : loaded.state === 'error' || loaded.value === null ? (
      <NotFound message={t('status.no_preset', { id: query.preset ?? DEFAULT_PRESET })} />
    ) : (
      <CompareSides preset={loaded.value} query={query} />
    )
  if (query.embed) return <div className="teach-page compare-embed">{body}</div>
  return (
    <div className="teach-page">
      <TeachHeader current="compare" subtitle={t('compare.intro')} />
      {body}
    </div>
  )
}

function CompareSides({ preset, query }: { preset: Preset; query: CompareQuery }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const sides: CompareSide[] = useMemo(() => {
    const own = (query.sides ?? Array.from({ length: sideCount(preset) }, (_, k) => k)).filter(
      (k) => k < sideCount(preset),
    )
    const base = sideScenario(preset, 0)
    return [
      ...own.map((k) => ({ label: sideLabel(preset, k, lang), scenario: sideScenario(preset, k) })),
      ...query.extra.map((e) => ({ label: e.label[lang], scenario: applyVariant(base, e.set, e.aqm) })),
    ].map((s, pos) => ({
      label: s.label,
      original: JSON.stringify(s.scenario),
      // The link's edits of this side (a reload keeps a dragged threshold).
      scenario: JSON.stringify(withEdits(s.scenario, query.edits[pos])),
    }))
  }, [preset, query, lang])
  const key = sides.map((s) => s.scenario).join('\n')
  const [runs, setRuns] = useState(query.runs ?? DEFAULT_RUNS)
  // Every side's edited parameters (the link's, then live edits on the page): the address follows them.
  const [edits, setEdits] = useState<SideEdits>(query.edits)
  const urlLang = () => new URLSearchParams(window.location.search).get('lang') ?? undefined
  const onRuns = (n: number) => {
    setRuns(n)
    window.history.replaceState(null, '', compareSearch({ ...query, runs: n, edits }, urlLang()))
  }
  const onEdits = (next: SideEdits) => {
    setEdits(next)
    window.history.replaceState(
      null,
      '',
      compareSearch(
        { ...query, runs: query.runs === null && runs === DEFAULT_RUNS ? null : runs, edits: next },
        urlLang(),
      ),
    )
  }
  // Removing a side reopens the comparison without it (a new address, like adding one).
  const own = (query.sides ?? Array.from({ length: sideCount(preset) }, (_, k) => k)).filter(
    (k) => k < sideCount(preset),
  )
  const onRemove = (k: number) => {
    const next =
      k < own.length
        ? { ...query, sides: own.filter((_, i) => i !== k) }
        : { ...query, extra: query.extra.filter((_, i) => i !== k - own.length) }
    window.location.search = compareSearch({
      ...next,
      runs: query.runs === null && runs === DEFAULT_RUNS ? null : runs,
      edits: editsWithout(edits, k),
    })
  }
  useEffect(() => {
    if (query.problems.length > 0) console.warn(`compare link: ignored ${query.problems.join(', ')}`)
  }, [query])
  if (sides.length < 2) return <p role="alert">{t('compare.need_two')}</p>
  return (
    <CompareRun
      key={key}
      preset={preset}
      sides={sides}
      embed={query.embed}
      shareSearch={compareSearch({
        ...query,
        runs: query.runs === null && runs === DEFAULT_RUNS ? null : runs,
        edits,
      })}
      linkEdits={query.edits}
      onEdits={onEdits}
      runs={runs}
      onRuns={onRuns}
      onRemove={sides.length > 2 ? onRemove : undefined}
    />
  )
}
