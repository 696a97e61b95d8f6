// One catalogue per language and namespace (web/i18n/locales/<lng>/<ns>.json). The page follows the
// browser's language, and a picker overrides it; the choice is part of the view (localStorage, `lang=`
// in the URL), never of the scenario.
import i18n from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import enApp from './locales/en/app.json'
import enCharts from './locales/en/charts.json'
import koApp from './locales/ko/app.json'
import koCharts from './locales/ko/charts.json'

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ko', label: '한국어' },
] as const

export const resources = {
  en: { app: enApp, charts: enCharts },
  ko: { app: koApp, charts: koCharts },
} as const

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: ['app', 'charts'],
    defaultNS: 'app',
    interpolation: { escapeValue: false }, // React escapes
    detection: { order: ['querystring', 'localStorage', 'navigator'], lookupQuerystring: 'lang', caches: ['localStorage'] },
  })

export default i18n
