// The page's language. The choice is part of the view (saved by the language detector in
// localStorage), never of the scenario. Each language is listed under its own name, and the label
// keeps the English word, so anyone can find the way back.
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../i18n'

export function LanguagePicker() {
  const { t, i18n } = useTranslation()
  return (
    <div className="field field-inline">
      <label htmlFor="language">{t('view.language')}</label>
      <select
        id="language"
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  )
}
