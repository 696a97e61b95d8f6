// Light lint: JS + TypeScript recommended rules, React hooks rules for the page.
// `typescript` in package.json is the TypeScript 6 API package (typescript-eslint cannot load
// TypeScript 7 yet); `tsc` itself is TypeScript 7 from `@typescript/native`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Folders under web/ depend one way (docs/architecture.md): the engine's contract, base layers, then the UI kit, then the lab's
// parts, then views. A folder may import its own tier and the tiers below it; a view imports another view
// only through the entry points listed here.
export const TIERS = [
  ['contract'], // generated from the engine's catalogue (npm run gen:contract); imports nothing
  ['engine', 'scenario', 'i18n', 'stats', 'styles', 'catalog', 'runs'],
  ['charts', 'controls', 'results', 'system', 'replications', 'chrome'],
  ['share', 'teacher', 'firstvisit', 'pwa', 'lms'],
  ['lab', 'embed', 'presets', 'compare', 'sweep', 'walkthrough', 'validation', 'worksheet'],
]
export const VIEW_ENTRY_POINTS = {
  lab: ['Lab'], // the preset page is the lab with a lesson panel
  presets: ['PresetInfo', 'NotFound'], // a preset's card and the "no such preset" gallery, on every teaching view
  validation: ['AgreementBadge'], // the ns-3 agreement of a preset, on its card
  walkthrough: ['lessons'], // the lesson catalogue, printed by the worksheet
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
function boundaryRules(folder) {
  const tier = TIERS.findIndex((t) => t.includes(folder))
  const above = TIERS.slice(tier + 1).flat()
  const views = tier === TIERS.length - 1 ? TIERS[tier].filter((f) => f !== folder) : []
  const patterns = above.map((f) => ({
    regex: `^(\\.\\./)+${escape(f)}(/|$)`,
    message: `web/${folder}/ sits below web/${f}/ in the layering (docs/architecture.md): move the shared piece down instead.`,
  }))
  for (const f of views) {
    const entries = VIEW_ENTRY_POINTS[f] ?? []
    patterns.push({
      regex: `^(\\.\\./)+${escape(f)}/(?!(${entries.map(escape).join('|') || '$^'})$)`,
      message: `Views do not import each other (docs/architecture.md): web/${f}/ is reachable only through ${entries.length > 0 ? entries.join(', ') : 'no entry point'}; move the shared piece to a lower layer.`,
    })
  }
  return {
    files: [`web/${folder}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.shot-*',
      'node_modules',
      'engine-wasm',
      'web/engine/pkg',
      'test-results',
      'playwright-report',
      'validation/.venv-ns3',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...TIERS.flat().map(boundaryRules),
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{js,mjs}', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
)
