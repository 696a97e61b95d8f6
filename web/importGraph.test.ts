// The import graph of web/ (docs/architecture.md): computed from the non-test files' relative imports, the
// folder graph must have no cycle, even within a tier, and no import up the tiers, and no two files may import
// each other in a loop (type-only and lazy imports count: they tie the files' meaning alike). eslint's
// no-restricted-imports checks the tiers file by file; a cycle is only visible on the whole graph.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

/** The source file a relative specifier names: as written, or with a TypeScript extension or index added. */
function resolveImport(file: string, specifier: string): string | null {
  const base = resolve(dirname(file), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c)) ?? null
}

/** File → the files of web/ it imports (paths relative to web/). */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of sources(web)) {
    const out = new Set<string>()
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, m[1])
      if (target !== null) out.add(relative(web, target))
    }
    graph.set(relative(web, file), out)
  }
  return graph
}

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

describe('file import graph of web/', () => {
  const graph = fileGraph()

  it('reads the imports between files', () => {
    expect([...graph.values()].reduce((n, out) => n + out.size, 0)).toBeGreaterThan(500)
    expect(graph.get('charts/QueueChart.tsx')?.has('charts/LevelHandle.tsx')).toBe(true)
    // A lazy import() is read too.
    expect(graph.get('worksheet/WorksheetView.tsx')?.has('worksheet/AnswerKey.tsx')).toBe(true)
  })

  it('has no circle of files that import each other', () => {
    expect(cycles(graph)).toEqual([])
  })
})
