// The small HTTP server the Chromium benches share: the wasm package under /pkg/, the bench's slice
// runner (bench-wasm-run.mjs) as /run.mjs, the bench's own generated files by path, and a page for
// anything else. Listens on a free local port.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' }

/**
 * Serves `pkg` (a wasm-bindgen output folder) and `files` (path → body) with `page` as the fallback.
 * Resolves to `{ server, origin }`; close the server when done.
 */
export async function serveBench(pkg, files, page) {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname
    try {
      const body =
        files[path] ??
        (path === '/run.mjs'
          ? readFileSync(new URL('./bench-wasm-run.mjs', import.meta.url))
          : path.startsWith('/pkg/')
            ? readFileSync(join(pkg, path.slice('/pkg/'.length)))
            : page)
      res.setHeader('content-type', TYPES[extname(path)] ?? 'text/html')
      res.end(body)
    } catch {
      res.statusCode = 404
      res.end()
    }
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return { server, origin: `http://127.0.0.1:${server.address().port}/` }
}
