// Where a preset comes from, on screen: for a seed paper its title, authors and year (never the seed's
// file name); "classic lesson" or the RFC otherwise.
import { useTranslation } from 'react-i18next'
import { paperOf } from './papers'
import { langOf, sourceKind, type Preset } from '../catalog/types'

export function SourceBadge({ preset }: { preset: Preset }) {
  const { t, i18n } = useTranslation('teach')
  const lang = langOf(i18n.resolvedLanguage)
  const kind = sourceKind(preset.source)
  const paper = kind === 'seed' ? paperOf(preset.source) : undefined
  return (
    <div className="preset-source">
      <span className={`badge badge-${kind}`} data-testid="preset-source">
        {kind === 'classic' ? t('source.classic') : kind === 'seed' ? t('source.paper') : preset.source}
      </span>
      {paper !== undefined && (
        <p className="paper-cite" data-testid="paper-cite">
          <cite>{paper.title[lang]}</cite>
          <span className="paper-by">
            {paper.authors[lang]}
            {' · '}
            {paper.year === null ? t('source.no_year') : paper.year}
            {paper.venue !== undefined && ` · ${paper.venue[lang]}`}
          </span>
        </p>
      )}
    </div>
  )
}
