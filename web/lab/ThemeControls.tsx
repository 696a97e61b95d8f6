// Light/dark theme (following the system until chosen) and large type, for projectors.
import { useTranslation } from 'react-i18next'
import { THEME_CHOICES } from './preferences'
import { setPrefs, usePreferences } from './usePreferences'

export function ThemeControls() {
  const { t } = useTranslation()
  const prefs = usePreferences()
  return (
    <>
      <div className="field field-inline">
        <label htmlFor="theme">{t('view.theme')}</label>
        <select
          id="theme"
          value={prefs.theme}
          onChange={(e) => {
            const theme = THEME_CHOICES.find((c) => c === e.target.value)
            if (theme) setPrefs({ theme })
          }}
        >
          {THEME_CHOICES.map((c) => (
            <option key={c} value={c}>
              {t(`view.themes.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" aria-pressed={prefs.largeType} onClick={() => setPrefs({ largeType: !prefs.largeType })}>
        <span aria-hidden="true">A+ </span>
        {t('view.largeType')}
      </button>
    </>
  )
}
