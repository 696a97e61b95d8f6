// "Per-flow results": the engine's per-flow summary as a real, sortable <table> (docs/results.md). Each
// column header is a button (keyboard: Tab, then Enter or Space) that sorts by it, again to reverse;
// aria-sort tells screen readers the order. A footer sums goodput and link share over the flows.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import * as d3 from 'd3'
import { FLOW_FIELDS, type FlowField, type FlowResult } from '../engine/resultsModel'
import { Help } from '../charts/Help'

const fmt: Record<FlowField, (v: number) => string> = {
  goodput_payload_mbps: d3.format(',.3~f'),
  link_share: d3.format('.1%'),
  fair_share: d3.format('.1%'),
  loss_rate: d3.format('.2%'),
  retransmits: d3.format(',.0f'),
  timeouts: d3.format(',.0f'),
  mean_rtt_ms: d3.format(',.1f'),
  delay_ms: d3.format(',.2f'),
  cwnd_mean: d3.format(',.1f'),
}

const shown = (field: FlowField, v: number) => (Number.isFinite(v) ? fmt[field](v) : '–')

type SortKey = 'id' | FlowField

/** Rows sorted by `key`; NaN (no value) last either way, ties by flow id. */
export function sortRows(rows: readonly FlowResult[], key: SortKey, descending: boolean): FlowResult[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]]
    const [nx, ny] = [Number.isNaN(x), Number.isNaN(y)]
    if (nx || ny) return nx === ny ? a.id - b.id : nx ? 1 : -1
    return (descending ? y - x : x - y) || a.id - b.id
  })
}

/** A flow's ECN as the scenario sets it (web/scenario/running.ts `ecnOf`). */
export interface FlowEcn {
  codepoint: string
  feedback: string
}

interface PerFlowTableProps {
  flows: readonly FlowResult[]
  /** Each flow's codepoint and feedback by flow id: shown as two columns when given. */
  ecn?: readonly FlowEcn[]
  /** Distinguishes the tables of several sides (Compare) for tests and labels. */
  testId?: string
  caption?: string
}

export function PerFlowTable({ flows, ecn, testId = 'per-flow-table', caption }: PerFlowTableProps) {
  const { t } = useTranslation('charts')
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'id', descending: false })
  const rows = sortRows(flows, sort.key, sort.descending)
  const by = (key: SortKey) => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== 'id' }))
  const header = (key: SortKey) => {
    const active = sort.key === key
    return (
      <th key={key} scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => by(key)}>
          {t(`results.col.${key}`)}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    )
  }
  const sum = (f: 'goodput_payload_mbps' | 'link_share') =>
    flows.reduce((a, r) => a + (Number.isFinite(r[f]) ? r[f] : 0), 0)
  return (
    <div className="per-flow-scroll" role="region" aria-label={caption ?? t('results.table_title')} tabIndex={0}>
      <table className="per-flow-table" data-testid={testId}>
        <caption>{caption ?? t('results.table_title')}</caption>
        <thead>
          <tr>
            {header('id')}
            {ecn && (
              <>
                <th scope="col">
                  {t('results.col.codepoint')} <Help term={t('l4s.terms.ect1')} text={t('l4s.help.ect1')} />
                </th>
                <th scope="col">
                  {t('results.col.feedback')} <Help term={t('l4s.terms.scalable')} text={t('l4s.help.scalable')} />
                </th>
              </>
            )}
            {FLOW_FIELDS.map(header)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-flow={r.id}>
              <th scope="row">{t('results.flow_name', { id: r.id + 1, tcp: r.tcp })}</th>
              {ecn && (
                <>
                  <td data-field="codepoint" data-value={ecn[r.id]?.codepoint ?? ''}>
                    {ecn[r.id]
                      ? t(`results.codepoint.${ecn[r.id].codepoint}`, { defaultValue: ecn[r.id].codepoint })
                      : '–'}
                  </td>
                  <td data-field="feedback" data-value={ecn[r.id]?.feedback ?? ''}>
                    {ecn[r.id]
                      ? t(`results.feedback.${ecn[r.id].feedback}`, { defaultValue: ecn[r.id].feedback })
                      : '–'}
                  </td>
                </>
              )}
              {FLOW_FIELDS.map((f) => (
                <td key={f} data-field={f} data-value={Number.isFinite(r[f]) ? r[f] : ''}>
                  {shown(f, r[f])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('results.total')}</th>
            {ecn && <td colSpan={2} />}
            <td data-field="goodput_payload_mbps" data-value={sum('goodput_payload_mbps')}>
              {shown('goodput_payload_mbps', sum('goodput_payload_mbps'))}
            </td>
            <td data-field="link_share">{shown('link_share', sum('link_share'))}</td>
            <td colSpan={FLOW_FIELDS.length - 2} />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
