// Trace and scenario files carry the scenario, its link and the engine's version; numbers are exact.
import { describe, expect, it } from 'vitest'
import type { Rows } from '../engine/samples'
import { ENGINE, baseName, scenarioFile, tracesCsv, tracesJson } from './exporters'
import { escapeAttr, iframeSnippet } from './EmbedSnippet'

function rows(columns: string[], data: number[][]): Rows {
  return {
    columns,
    length: data.length,
    columnIndex: (n) => columns.indexOf(n),
    at: (i, c) => data[i][c],
    copyColumn: (c, from, to, out) => out.set(data.slice(from, to).map((r) => r[c])),
    rangeSum: () => 0,
    firstAtOrAfter: () => 0,
  }
}

const meta = {
  scenario: { seed: 3, aqm: { kind: 'red', max_th: 15 } },
  link: 'https://lab.example/?v=1&seed=3&aqm=red',
}
const sample = rows(
  ['t', 'q_pkts', 'avg'],
  [
    [0.05, 3, NaN],
    [0.1, 4, 0.1 + 0.2],
  ],
)

describe('exports', () => {
  it('knows the engine version from its crate', () => {
    expect(ENGINE.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('writes CSV with the scenario, link and engine version in comment lines, NaN as an empty field', () => {
    expect(tracesCsv(sample, meta).split('\n')).toEqual([
      '# AQM Lab traces: one row per sample, columns as the engine names them',
      `# engine: aqm-engine ${ENGINE.version}; scenario version 2`,
      '# link: https://lab.example/?v=1&seed=3&aqm=red',
      '# scenario: {"seed":3,"aqm":{"kind":"red","max_th":15}}',
      't,q_pkts,avg',
      '0.05,3,',
      '0.1,4,0.30000000000000004',
      '',
    ])
  })

  it('writes JSON traces and scenario files that read back exactly', () => {
    expect(JSON.parse(tracesJson(sample, meta))).toEqual({
      format: 'aqm-lab-traces',
      engine: ENGINE,
      scenario_version: 2,
      link: meta.link,
      scenario: meta.scenario,
      columns: ['t', 'q_pkts', 'avg'],
      rows: [
        [0.05, 3, null],
        [0.1, 4, 0.30000000000000004],
      ],
    })
    expect(JSON.parse(scenarioFile(meta))).toMatchObject({ format: 'aqm-lab-scenario', scenario: meta.scenario })
    expect(baseName(meta.scenario)).toBe('aqm-lab-red-seed3')
  })

  it('escapes the embed snippet attributes', () => {
    expect(escapeAttr('a&b"<c>')).toBe('a&amp;b&quot;&lt;c&gt;')
    const html = iframeSnippet('https://lab.example/?v=1&embed=1&caption=x"y', 800, 500, 'A "lab" <b>')
    expect(html).toContain('src="https://lab.example/?v=1&amp;embed=1&amp;caption=x&quot;y"')
    expect(html).toContain('title="A &quot;lab&quot; &lt;b&gt;"')
    expect(html).toContain('sandbox="allow-scripts allow-same-origin')
  })
})
