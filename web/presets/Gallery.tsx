// The preset gallery: one card per experiment (each seed paper, the classic lessons, RFC 7928's
// scenarios), filtered by source, each opening in the lab, compare mode, a sweep or a walk-through.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AgreementBadge } from '../validation/AgreementBadge'
import { links } from '../catalog/links'
import { usePresets } from '../catalog/load'
import { SourceBadge } from './SourceBadge'
import { TeachHeader } from '../chrome/TeachHeader'
import { langOf, sourceKind, type Preset, type SourceKind } from '../catalog/types'

const FILTERS: readonly (SourceKind | 'all')[] = ['all', 'seed', 'classic', 'rfc']

export function Gallery() {
  const { t } = useTranslation('teach')
  const presets = usePresets()
  const [filter, setFilter] = useState<SourceKind | 'all'>('all')
  return (
    <div className="teach-page">
      <TeachHeader current="gallery" subtitle={t('gallery.intro')} />
      <main className="gallery">
        <div className="segmented gallery-filter" role="group" aria-label={t('gallery.filter')}>
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t(`gallery.filter_${f}`)}
            </button>
          ))}
        </div>
        <p className="gallery-validation">
          <a href={links.validation()}>{t('gallery.validation')}</a>
        </p>
        {presets.state === 'loading' && <p className="muted">{t('status.loading')}</p>}
        {presets.state === 'error' && (
          <p role="alert" className="error-note">
            {t('status.load_failed', { detail: presets.message })}
          </p>
        )}
        {presets.state === 'ready' && (
          <GalleryGrid presets={presets.value.filter((p) => filter === 'all' || sourceKind(p.source) === filter)} />
        )}
      </main>
    </div>
  )
}

/** The cards themselves, also shown under "there is no preset called …". */
export function GalleryGrid({ presets }: { presets: Preset[] }) {
  const { t } = useTranslation('teach')
  return (
    <ul className="gallery-grid" aria-label={t('gallery.list')}>
      {presets.map((p) => (
        <PresetCard key={p.id} preset={p} />
      ))}
    </ul>
  )
}

function PresetCard({ preset }: { preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const title = preset.title[lang]
  return (
    <li className="panel preset-card" data-testid={`preset-card-${preset.id}`} aria-labelledby={`card-${preset.id}`}>
      <SourceBadge preset={preset} />
      <AgreementBadge preset={preset} />
      <h2 id={`card-${preset.id}`}>{title}</h2>
      <p className="look-for">{preset.look_for[lang]}</p>
      <div className="card-actions">
        <a className="button primary" href={links.preset(preset.id)} aria-label={t('gallery.open_named', { title })}>
          {t('gallery.open')}
        </a>
        {(preset.compare?.length ?? 0) > 0 && (
          <a className="button" href={links.compare(preset.id)} aria-label={t('gallery.compare_named', { title })}>
            {t('gallery.compare')}
          </a>
        )}
        {preset.sweep !== undefined && (
          <a className="button" href={links.sweep(preset.id)} aria-label={t('gallery.sweep_named', { title })}>
            {t('gallery.sweep')}
          </a>
        )}
        {preset.walkthrough !== undefined && (
          <a
            className="button"
            href={links.walkthrough(preset.walkthrough)}
            aria-label={t('gallery.walkthrough_named', { title })}
          >
            {t('gallery.walkthrough')}
          </a>
        )}
        <a
          className="button"
          href={links.worksheet({ preset: preset.id })}
          aria-label={t('worksheet.card_named', { title })}
        >
          {t('worksheet.card')}
        </a>
        {preset.walkthrough !== undefined && (
          <a
            className="button"
            href={links.worksheet({ lesson: preset.walkthrough })}
            aria-label={t('worksheet.lesson_card_named', { title })}
          >
            {t('worksheet.lesson_card')}
          </a>
        )}
      </div>
    </li>
  )
}
