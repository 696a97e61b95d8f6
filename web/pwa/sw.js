/* global self, caches, fetch, URL, __AQM_PRECACHE__ */
/* AQM Lab's service worker (docs/offline.md). vite.config.ts writes it into the build as sw.js with
 * PRECACHE (every file of the build and of public/) and VERSION (a hash of their contents) filled in.
 * It keeps one cache per version: the first visit stores the whole app (page, scripts, the engine's wasm,
 * presets), and later visits are served from it, online or not. A new version installs beside the old one
 * and waits; the page offers to reload into it (web/pwa/UpdatePrompt.tsx), which sends 'skip-waiting'. */
const VERSION = '__AQM_VERSION__'
const PRECACHE = __AQM_PRECACHE__
const CACHE = `aqm-lab-${VERSION}`

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('aqm-lab-') && key !== CACHE) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting()
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE)
      // Every view is index.html with a query (?view=…, ?preset=…): serve the cached page for any of them.
      const hit =
        request.mode === 'navigate' ? await cache.match('./') : await cache.match(request, { ignoreVary: true })
      if (hit !== undefined) return hit
      const response = await fetch(request)
      if (response.ok && response.type === 'basic') await cache.put(request, response.clone())
      return response
    })(),
  )
})
