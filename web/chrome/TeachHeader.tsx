// The header of the teaching views: the app's name, links between the lab, the preset gallery,
// compare mode, sweeps, guided lessons and the ns-3 validation, and the language picker.
import { useTranslation } from 'react-i18next'
import { LanguagePicker } from './LanguagePicker'
import { links } from '../catalog/links'
import '../styles/teach.css'

export type TeachView = 'gallery' | 'preset' | 'compare' | 'sweep' | 'walkthrough' | 'validation'

export function TeachHeader({ current, subtitle }: { current: TeachView; subtitle?: string }) {
  const { t } = useTranslation('teach')
  const item = (view: TeachView, href: string, label: string) => (
    <a href={href} aria-current={current === view ? 'page' : undefined}>
      {label}
    </a>
  )
  return (
    <header className="app-header teach-header">
      <div className="app-title">
        <h1>
          <a href={links.lab()}>{t('nav.app')}</a>
        </h1>
        {subtitle !== undefined && <p>{subtitle}</p>}
      </div>
      <nav className="teach-nav" aria-label={t('nav.label')}>
        <a href={links.lab()}>{t('nav.lab')}</a>
        {item('gallery', links.gallery(), t('nav.presets'))}
        {item('compare', links.compare('red-vs-droptail'), t('nav.compare'))}
        {item('sweep', links.sweep(), t('nav.sweep'))}
        {item('walkthrough', links.walkthrough('red-vs-droptail'), t('nav.walkthrough'))}
        {item('validation', links.validation(), t('nav.validation'))}
      </nav>
      <div className="view-settings">
        <LanguagePicker />
      </div>
    </header>
  )
}
