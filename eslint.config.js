// Light lint: JS + TypeScript recommended rules, React hooks rules for the page.
// `typescript` in package.json is the TypeScript 6 API package (typescript-eslint cannot load
// TypeScript 7 yet); `tsc` itself is TypeScript 7 from `@typescript/native`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: ['dist', 'dist-*', '.shot-*', 'node_modules', 'engine-wasm', 'web/engine/pkg', 'test-results', 'playwright-report', 'validation/.venv-ns3'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{js,mjs}', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
)
