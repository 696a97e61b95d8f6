// The folder import graph of web/ (docs/architecture.md): computed from the non-test files' relative imports,
// it must have no cycle, even within a tier, and no import up the tiers. eslint's no-restricted-imports checks
// the tiers file by file; a cycle between two folders of one tier is only visible on the whole graph.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { TIERS } from '../eslint.config.js'

const web = dirname(fileURLToPath(import.meta.url))

/** Source files below `dir`, tests, declaration files and the generated wasm bindings (engine/pkg) left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'pkg' ? [] : sources(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name) ? [p] : []
  })
}

/** `from '…'`, `import('…')` and bare `import '…'` specifiers that start with `./` or `../`. */
const IMPORT = /(?:\b(?:import|export)\b[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm

/** Folder → folder → number of imports, for imports between two different top-level folders of web/. */
function folderGraph(): Map<string, Map<string, number>> {
  const graph = new Map<string, Map<string, number>>()
  for (const file of sources(web)) {
    const [from, ...rest] = relative(web, file).split('/')
    if (rest.length === 0) continue // root files (App.tsx, main.tsx, testApi.ts) sit above every tier
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const [to, ...inner] = relative(web, resolve(dirname(file), m[1])).split('/')
      if (inner.length === 0 || to === '..' || to === from) continue
      const out = graph.get(from) ?? new Map<string, number>()
      out.set(to, (out.get(to) ?? 0) + 1)
      graph.set(from, out)
    }
  }
  return graph
}

/** The graph's cycles as its strongly connected components of two or more nodes (Tarjan 1972). */
function cycles(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component = stack.splice(stack.indexOf(v))
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of edges.keys()) if (!index.has(v)) visit(v)
  return found
}

const tierOf = (folder: string) => TIERS.findIndex((t: string[]) => t.includes(folder))

describe('folder import graph of web/', () => {
  const graph = folderGraph()
  const edges = [...graph].flatMap(([from, out]) => [...out.keys()].map((to) => [from, to] as const))

  it('reads the imports between folders', () => {
    // A reader that finds nothing would pass the checks below trivially.
    expect(edges.length).toBeGreaterThan(50)
    expect(graph.get('lab')?.has('engine')).toBe(true)
  })

  it('has no cycle between folders', () => {
    expect(cycles(new Map([...graph].map(([k, v]) => [k, v.keys()])))).toEqual([])
  })

  it('has no import up the tiers', () => {
    expect(edges.filter(([from, to]) => tierOf(to) > tierOf(from)).map((e) => e.join(' -> '))).toEqual([])
  })

  it('finds a cycle, within or across tiers, and none in a chain', () => {
    const g = (pairs: string[][]) => new Map(pairs.map(([k, ...v]) => [k, v]))
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['d', 'a'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']])
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'a'],
          ['c', 'd'],
          ['d', 'c'],
        ]),
      ),
    ).toHaveLength(2)
    expect(cycles(g([['a', 'b', 'c'], ['b', 'c'], ['c']]))).toEqual([])
  })
})
