// One catalogue per language and namespace: web/i18n/locales/<lng>/<ns>.json. Every file there is
// registered, so a feature adds its namespace by adding its two files (catalogues.test.ts checks
// that each language has the same ones). The page follows the browser's language, and a picker
// overrides it; the choice is part of the view (localStorage, `lang=` in the URL), never of the scenario.
// (The reference types import.meta.glob also where a test compiles this file under tsconfig.node.json.)
/// <reference types="vite/client" />
import i18n, { type Resource, type ResourceLanguage } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ko', label: '한국어' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']

const files = import.meta.glob<ResourceLanguage>('./locales/*/*.json', { eager: true, import: 'default' })

/** { en: { app: {...}, charts: {...} }, ko: {...} } from the files under ./locales. */
export const resources: Resource = {}
for (const [path, catalogue] of Object.entries(files)) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  if (m !== null) resources[m[1]] = { ...resources[m[1]], [m[2]]: catalogue }
}
export const NAMESPACES = Object.keys(resources.en ?? {})

/** Keeps <html lang> and the window title in step with the language (screen readers, hyphenation, fonts). */
function mirrorToDocument(lng: string): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = i18n.resolvedLanguage ?? lng
  document.title = i18n.t('title', { lng })
}
i18n.on('languageChanged', mirrorToDocument)

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: NAMESPACES,
    defaultNS: 'app',
    interpolation: { escapeValue: false }, // React escapes
    detection: {
      order: ['querystring', 'localStorage', 'navigator'],
      lookupQuerystring: 'lang',
      caches: ['localStorage'],
    },
  })

export default i18n
