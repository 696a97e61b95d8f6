// Where a preset comes from, on screen: "seed 004" with the seed's file name, "classic" or the RFC.
import { useTranslation } from 'react-i18next'
import { sourceKind, type Preset } from './types'

export function SourceBadge({ preset }: { preset: Preset }) {
  const { t } = useTranslation('teach')
  const kind = sourceKind(preset.source)
  return (
    <p className="preset-source">
      <span className={`badge badge-${kind}`} data-testid="preset-source">
        {kind === 'classic' ? t('source.classic') : preset.source}
      </span>
      {preset.seed_file !== undefined && (
        <span className="seed-file" title={t('source.seed_file')}>
          {preset.seed_file}
        </span>
      )}
    </p>
  )
}
