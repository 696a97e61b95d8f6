/// <reference types="vitest/config" />
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** Files under `dir`, relative to it, with '/' separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
}

/** Offline (docs/offline.md): writes web/pwa/sw.js into the build as sw.js, with the list of every file
 * the build and public/ hold to precache, and a version that changes whenever any of them does. */
function serviceWorker(): Plugin {
  return {
    name: 'aqm-service-worker',
    apply: 'build',
    // After Vite's own plugins, so the bundle holds index.html too.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256')
      const files: string[] = []
      for (const [name, item] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        files.push(name)
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source)
      }
      for (const name of filesUnder('public').sort()) {
        files.push(name)
        hash.update(name).update(readFileSync(join('public', name)))
      }
      const version = hash.digest('hex').slice(0, 16)
      const source = readFileSync('web/pwa/sw.js', 'utf8')
        .replace("'__AQM_VERSION__'", JSON.stringify(version))
        .replace(
          'const PRECACHE = __AQM_PRECACHE__',
          // build-files.json (below) too: "Download for your LMS" then works offline.
          `const PRECACHE = ${JSON.stringify(['./', ...files.filter((f) => f !== 'sw.js'), 'build-files.json'])}`,
        )
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
      // Every file of the build, for the page's "Download for your LMS" (web/lms/download.ts), which zips them.
      const all = [...files.filter((f) => f !== 'sw.js'), 'sw.js', 'build-files.json'].sort()
      this.emitFile({ type: 'asset', fileName: 'build-files.json', source: JSON.stringify(all) })
    },
  }
}

// No COOP/COEP headers on purpose: the lab must work on any static host and inside third-party
// iframes, so it never relies on cross-origin isolation (data moves as transferred ArrayBuffers).
export default defineConfig({
  base: './',
  plugins: [react(), serviceWorker()],
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    include: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
    // Property and fuzz tests run thousands of cases; on a shared 2-core machine 5 s is not enough.
    testTimeout: 30_000,
  },
})
