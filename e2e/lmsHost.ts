// An LMS for the e2e tests (issue 32): a small HTTP server of the test serving an unzipped SCORM package under
// /pkg/, the real scorm-again runtime under /scorm-again/, and /host.html, the LMS's page: it installs
// scorm-again's SCORM 1.2 (window.API) or 2004 (window.API_1484_11) API, loaded with what an earlier session left
// (sessionStorage 'lms-initial', flattened CMI), records every value the SCO sets and every call, and frames the
// package's launch page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
}

function hostPage(version: '1.2' | '2004', launch: string): string {
  const lib = version === '1.2' ? 'scorm12.min.js' : 'scorm2004.min.js'
  const install =
    version === '1.2'
      ? 'window.API = new Scorm12API({ logLevel: 5 }); var api = window.API; var set = "LMSSetValue.cmi.*"'
      : 'window.API_1484_11 = new Scorm2004API({ logLevel: 5 }); var api = window.API_1484_11; var set = "SetValue.cmi.*"'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="/scorm-again/${lib}"></script>
<script>
  ${install}
  var initial = JSON.parse(sessionStorage.getItem('lms-initial') || 'null')
  if (initial) api.loadFromFlattenedJSON(initial)
  window.lms = { values: {}, calls: [] }
  api.on(set, function (element, value) { window.lms.values[element] = value })
  ;['LMSInitialize', 'LMSCommit', 'LMSFinish', 'Initialize', 'Commit', 'Terminate'].forEach(function (name) {
    api.on(name, function () { window.lms.calls.push(name) })
  })
</script></head>
<body><h1>LMS</h1><iframe title="SCO" src="/pkg/${launch}" style="width:100%;height:1400px"></iframe></body></html>`
}

/** Writes the package's files under `dir` and serves them with the host page; resolves once listening. */
export function serveLms(
  version: '1.2' | '2004',
  zip: Record<string, Uint8Array>,
  dir: string,
  launch: string,
): Promise<{ server: Server; origin: string }> {
  for (const [path, bytes] of Object.entries(zip)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), bytes)
  }
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
      if (path === '/host.html') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(hostPage(version, launch))
        return
      }
      let file: string | null = null
      if (path.startsWith('/scorm-again/'))
        file = join(root, 'node_modules/scorm-again/dist', normalize(path.slice(13)))
      if (path.startsWith('/pkg/')) file = join(dir, normalize(path.slice(5)))
      try {
        if (file === null) throw new Error('not here')
        const body = readFileSync(file)
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        res.end(body)
      } catch {
        res.writeHead(404)
        res.end()
      }
    }).listen(0, '127.0.0.1', () => {
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
    })
  })
}
