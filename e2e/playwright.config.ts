import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

const root = fileURLToPath(new URL('..', import.meta.url))
// E2E_PORT / E2E_DIST let several checkouts or builds run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173)
const dist = process.env.E2E_DIST ?? 'dist'

// Drives Debian's Chromium (/usr/bin/chromium) against the built app served by `vite preview`.
// Run `npm run build` first (npm test does). Playwright never downloads a browser here.
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/playwright',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The built app registers a service worker (docs/offline.md); blocked here so that no test is served a
    // cached file. e2e/tests/offline.spec.ts allows it.
    serviceWorkers: 'block',
    headless: true,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${dist}`,
    cwd: root,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
