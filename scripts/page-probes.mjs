// Memory probes for scripts/bench-page.mjs: resident memory of Chromium's renderer processes (from
// /proc, Linux) and the simulation worker's own DevTools session (JS heap, WebAssembly memory).
import { readFileSync, readdirSync } from 'node:fs'

/** Bytes as MiB with one decimal. */
export const mib = (bytes) => Number((bytes / 2 ** 20).toFixed(1))

/** Renderer processes below the browser `pid`: their pids. */
export function renderers(pid) {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  const parent = new Map()
  for (const p of procs) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      parent.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const below = (p) => {
    for (let q = parent.get(p); q !== undefined && q > 1; q = parent.get(q)) if (q === pid) return true
    return false
  }
  return [...parent.keys()].filter((p) => {
    try {
      return below(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer')
    } catch {
      return false // gone meanwhile
    }
  })
}

/** Resident memory of these processes, bytes. */
export function rss(pids) {
  let total = 0
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))
      total += m ? Number(m[1]) * 1024 : 0
    } catch {
      // gone
    }
  }
  return total
}

/**
 * The simulation worker's own DevTools session (a child target of the page, reached through the page's
 * CDP session): its JS heap after a GC, and the size of its WebAssembly memories.
 */
export async function workerProbe(cdp) {
  let sessionId = null
  let enabled = false
  let id = 0
  const waiting = new Map()
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type !== 'worker' || !e.targetInfo.url.includes('sim.worker')) return
    sessionId = e.sessionId // a new page load brings a new worker
    enabled = false
  })
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message)
    waiting.get(m.id)?.(m.result ?? {})
    waiting.delete(m.id)
  })
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const k = ++id
      const timer = setTimeout(() => reject(new Error(`bench:page: the worker did not answer ${method}`)), 10_000)
      waiting.set(k, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: k, method, params }) })
        .catch(reject)
    })
  return async () => {
    if (sessionId === null) return { workerHeapUsedMiB: null, wasmMemoryMiB: null }
    if (!enabled) await send('Runtime.enable') // queryObjects answers only then
    enabled = true
    await send('HeapProfiler.collectGarbage')
    const heap = await send('Runtime.getHeapUsage')
    const proto = await send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' })
    const all = await send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId })
    const size = await send('Runtime.callFunctionOn', {
      objectId: all.objects.objectId,
      functionDeclaration: 'function () { return this.reduce((n, m) => n + m.buffer.byteLength, 0) }',
      returnByValue: true,
    })
    return { workerHeapUsedMiB: mib(heap.usedSize), wasmMemoryMiB: mib(size.result.value) }
  }
}
