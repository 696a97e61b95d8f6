// A preset's teaching text beside the charts: what the experiment is (assumed values marked), what to
// look for, and what its source reported; with links to the other ways of running it.
import { useTranslation } from 'react-i18next'
import { AgreementBadge } from '../validation/AgreementBadge'
import { links } from '../catalog/links'
import '../styles/teach.css'
import { SourceBadge } from './SourceBadge'
import { langOf, sourceKind, type Preset } from '../catalog/types'
import type { TeachView } from '../chrome/TeachHeader'
import { DEFAULT_RUNS } from '../stats/seeds'

interface PresetInfoProps {
  preset: Preset
  /** The view showing it, whose own link is left out. */
  current: TeachView
}

export function PresetInfo({ preset, current }: PresetInfoProps) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const kind = sourceKind(preset.source)
  const resultHeading =
    kind === 'seed' ? t('info.paper_result') : kind === 'rfc' ? t('info.rfc_result') : t('info.source_result')
  return (
    <aside
      className="panel preset-info"
      aria-label={t('info.label')}
      data-testid="preset-info"
      data-source={preset.source}
    >
      <SourceBadge preset={preset} />
      <AgreementBadge preset={preset} />
      <h2>{preset.title[lang]}</h2>
      <h3>{t('info.about')}</h3>
      <p>{preset.explanation[lang]}</p>
      <h3>{t('info.look_for')}</h3>
      <p className="look-for">{preset.look_for[lang]}</p>
      {/* Which runs the texts' numbers are of (engine-wasm/tests/presets.rs checks them on exactly these). */}
      <p className="muted numbers-note" data-testid="numbers-note">
        {t('info.numbers_note', { runs: DEFAULT_RUNS, last: DEFAULT_RUNS - 1 })}
      </p>
      <h3>{resultHeading}</h3>
      <p className="paper-result" data-testid="paper-result">
        {preset.paper_result[lang]}
      </p>
      <nav className="preset-links" aria-label={t('info.other_views')}>
        {current !== 'preset' && <a href={links.preset(preset.id)}>{t('gallery.open')}</a>}
        {current !== 'compare' && (preset.compare?.length ?? 0) > 0 && (
          <a href={links.compare(preset.id)}>{t('gallery.compare')}</a>
        )}
        {current !== 'sweep' && preset.sweep !== undefined && <a href={links.sweep(preset.id)}>{t('gallery.sweep')}</a>}
        {current !== 'walkthrough' && preset.walkthrough !== undefined && (
          <a href={links.walkthrough(preset.walkthrough)}>{t('gallery.walkthrough')}</a>
        )}
        <a href={links.gallery()}>{t('gallery.all')}</a>
      </nav>
    </aside>
  )
}
