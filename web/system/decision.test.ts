import { describe, expect, it } from 'vitest'
import { bufferOf, decisionOf } from './decision'

describe('the AQM decision line', () => {
  it('drop-tail has none to show', () => {
    expect(decisionOf({ kind: 'droptail' }, { q_pkts: 4, q_bytes: 4000 })).toEqual([{ key: 'none', values: {} }])
  })

  it('RED shows the probability it applies, the average and its thresholds', () => {
    const items = decisionOf(
      { kind: 'red', min_th: 5, max_th: 15 },
      { avg: 7.04, p_b: 0.02, p_a: 0.0213, min_th: 5, max_th: 15 },
    )
    expect(items).toEqual([
      { key: 'p', values: { name: 'p_a', p: 0.0213 } },
      { key: 'avg', values: { value: 7 } },
      { key: 'thresholds', values: { min: 5, max: 15 } },
    ])
  })

  it('AVQ decides on its virtual queue, CoDel on the sojourn against target, PIE on the delay', () => {
    expect(decisionOf({ kind: 'avq' }, { vq: 12.34, avg: Number.NaN }).map((i) => i.key)).toEqual(['vq'])
    expect(decisionOf({ kind: 'codel', target: 5 }, { sojourn: 0.0071, dropping: 1, band_ms: 5 })).toEqual([
      { key: 'sojourn', values: { ms: 7.1 } },
      { key: 'target', values: { ms: 5 } },
      { key: 'dropping', values: { n: 1 } },
    ])
    expect(decisionOf({ kind: 'pie', qdelay_ref: 15 }, { drop_prob: 0.05, qdelay: 0.0204, band_ms: 15 })).toEqual([
      { key: 'p', values: { name: 'drop_prob', p: 0.05 } },
      { key: 'qdelay', values: { ms: 20.4 } },
      { key: 'target', values: { ms: 15 } },
    ])
  })

  it('reads each discipline by its declared entries, not by a list of names', () => {
    // BLUE's p_m, HRED's prob: each the one entry declared as the probability applied now.
    expect(decisionOf({ kind: 'blue' }, { p_m: 0.125, loss_events: 3 })).toEqual([
      { key: 'p', values: { name: 'p_m', p: 0.125 } },
    ])
    expect(decisionOf({ kind: 'hred' }, { prob: 0.5, p_min: 0.1, p_max: 0.9 })[0]).toEqual({
      key: 'p',
      values: { name: 'prob', p: 0.5 },
    })
    // RED's p_b is not what it applies (p_a is): with p_a absent no probability is shown.
    expect(decisionOf({ kind: 'red' }, { p_b: 0.02 })).toEqual([{ key: 'none', values: {} }])
    // FQ-CoDel counts its queues in the dropping state.
    expect(decisionOf({ kind: 'fq_codel' }, { dropping_queues: 3 })).toEqual([{ key: 'dropping', values: { n: 3 } }])
  })

  it('skips values the engine reports as NaN', () => {
    expect(decisionOf({ kind: 'pi' }, { p: Number.NaN, avg: Number.NaN })).toEqual([{ key: 'none', values: {} }])
  })

  it("GFR shows its cell buffer against LBO/HBO and its early discards, not 'no early decision'", () => {
    const state = { q_cells: 759, lbo_cells: 1500, hbo_cells: 2500, max_q_cells: 3000, epd_frames: 5460, ppd_frames: 3 }
    expect(decisionOf({ kind: 'gfr' }, state)).toEqual([
      { key: 'cells', values: { q: 759, lbo: 1500, hbo: 2500 } },
      { key: 'discards', values: { epd: 5460, ppd: 3 } },
    ])
  })
})

describe('the buffer the system view names', () => {
  it("is GFR's own MAX_Q in cells, the link's buffer otherwise", () => {
    const link = { buffer: 0, unit: 'packets' as const }
    expect(bufferOf({ kind: 'gfr', max_q_cells: 3000 }, {}, link)).toEqual({ buffer: 3000, unit: 'cells' })
    expect(bufferOf({ kind: 'red' }, {}, { buffer: 100, unit: 'packets' })).toEqual({ buffer: 100, unit: 'packets' })
  })
})

describe('a discipline with sub-queues', () => {
  it('keeps per-queue sojourns out of the decision line (the discipline-wide qdelay is its delay)', () => {
    const items = decisionOf({ kind: 'dualpi2' }, { p_prime: 0.03, qdelay: 0.014, l_sojourn: 0.001, band_ms: 15 })
    expect(items.map((i) => i.key)).toContain('qdelay')
    expect(items.map((i) => i.key)).not.toContain('sojourn')
  })
})
