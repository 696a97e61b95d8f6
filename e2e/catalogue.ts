// The page's own catalogues, so specs find controls by the words a person reads, in either language,
// without copying those words here.
import { readFileSync } from 'node:fs'

export type Language = 'en' | 'ko'

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null

function load(lng: Language, ns: string): unknown {
  return JSON.parse(readFileSync(new URL(`../web/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'))
}

/** `t('transport.step', { seconds: 1 })` → "Step 1 s" (en) or "1초 진행" (ko); `ns` is the catalogue (app, charts). */
export function catalogue(
  lng: Language,
  ns = 'app',
): (key: string, values?: Record<string, string | number>) => string {
  const tree = load(lng, ns)
  return (key, values = {}) => {
    let node: unknown = tree
    for (const part of key.split('.')) {
      node = isRecord(node) ? node[part] : undefined
    }
    if (typeof node !== 'string') throw new Error(`no ${lng} text for ${key}`)
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`))
  }
}
