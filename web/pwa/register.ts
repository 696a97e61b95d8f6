// Registers the service worker (web/pwa/sw.js, docs/offline.md) in production builds, and reports a new
// version that has installed and waits. The lab never depends on it: where registration is refused
// (a third-party iframe whose storage is blocked, a private window, an old browser) the page runs online
// as before.

/** Calls `onUpdate` with a function that switches to the waiting version and reloads the page. */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const sw = navigator.serviceWorker
  const offer = (waiting: ServiceWorker | null) => {
    // Without a controller this is the first install: nothing older is running, nothing to offer.
    if (waiting === null || sw.controller === null) return
    onUpdate(() => {
      sw.addEventListener('controllerchange', () => window.location.reload(), { once: true })
      waiting.postMessage('skip-waiting')
    })
  }
  sw.register('./sw.js')
    .then((registration) => {
      offer(registration.waiting)
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing)
        })
      })
    })
    .catch(() => {
      // Refused (see above): the page works without offline support.
    })
}
