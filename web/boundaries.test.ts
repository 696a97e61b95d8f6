// The folders of web/ depend one way (docs/architecture.md); eslint.config.js enforces it. These tests keep the
// rule honest: every folder has a tier (a folder without one would be checked by nothing), and the rule rejects
// a wrong-way import and a view-to-view import while it lets the listed entry points through.
import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { TIERS, VIEW_ENTRY_POINTS } from '../eslint.config.js'

const root = new URL('./', import.meta.url)
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

async function restricted(file: string, from: string): Promise<boolean> {
  const eslint = new ESLint({ cwd: new URL('../', import.meta.url).pathname })
  const [r] = await eslint.lintText(`import { x } from '${from}'\nexport const y = x\n`, { filePath: file })
  return r.messages.some((m) => m.ruleId === 'no-restricted-imports')
}

describe('feature folder boundaries', () => {
  it('places every folder under web/ in exactly one tier', () => {
    const tiered = TIERS.flat()
    expect(new Set(tiered).size).toBe(tiered.length)
    expect(folders.filter((f) => !tiered.includes(f))).toEqual([])
    expect(Object.keys(VIEW_ENTRY_POINTS).every((f) => TIERS[TIERS.length - 1].includes(f))).toBe(true)
  })

  it('rejects imports up the tiers, from any depth', async () => {
    expect(await restricted('web/contract/x.ts', '../engine/protocol')).toBe(true)
    expect(await restricted('web/engine/x.ts', '../charts/scales')).toBe(true)
    expect(await restricted('web/charts/x.ts', '../share/copy')).toBe(true)
    expect(await restricted('web/charts/sketch/x.ts', '../../lab/Lab')).toBe(true)
    expect(await restricted('web/share/x.ts', '../embed/EmbedView')).toBe(true)
  })

  it('lets imports down the tiers and within a tier through', async () => {
    expect(await restricted('web/charts/x.ts', '../engine/store')).toBe(false)
    expect(await restricted('web/embed/x.ts', '../share/open')).toBe(false)
    expect(await restricted('web/engine/x.ts', '../scenario/model')).toBe(false)
  })

  it('rejects a view importing another view except through its entry points', async () => {
    expect(await restricted('web/compare/x.ts', '../sweep/grid')).toBe(true)
    expect(await restricted('web/compare/x.ts', '../presets/Gallery')).toBe(true)
    expect(await restricted('web/compare/x.ts', '../presets/PresetInfoExtra')).toBe(true)
    expect(await restricted('web/compare/x.ts', '../presets/PresetInfo')).toBe(false)
    expect(await restricted('web/worksheet/x.ts', '../walkthrough/lessons')).toBe(false)
    expect(await restricted('web/presets/x.ts', '../lab/Lab')).toBe(false)
    expect(await restricted('web/embed/x.ts', '../lab/Lab')).toBe(false)
  })
})
