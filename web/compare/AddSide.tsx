// Adds a side to the comparison: the same scenario under another algorithm (its default parameters),
// by rewriting the link, so the new comparison is shareable at once.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import { getAt, type Json } from '../scenario/json'
import { algorithmName } from '../i18n/names'
import { compareSearch, parseCompareQuery } from './url'

/** `scenario`: the comparison's scenario; a discipline that requires a field it does not set (GFR without
 * link.atm) is not offered, since the engine would refuse that side. */
export function AddSide({ algorithms, scenario }: { algorithms: AlgorithmInfo[]; scenario: Json | undefined }) {
  const { t, i18n } = useTranslation('teach')
  const { t: tApp } = useTranslation()
  const [kind, setKind] = useState('')
  const add = () => {
    const info = algorithms.find((a) => a.kind === kind)
    if (info === undefined) return
    const q = parseCompareQuery(window.location.search)
    const label = { en: algorithmName(i18n.getFixedT('en'), info), ko: algorithmName(i18n.getFixedT('ko'), info) }
    const extra = [...q.extra, { label, aqm: { kind } }]
    window.location.search = compareSearch({ ...q, extra })
  }
  return (
    <div className="field add-side">
      <label htmlFor="add-side">{t('compare.add_side')}</label>
      <div className="field-row">
        <select id="add-side" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">{t('compare.add_choose')}</option>
          {algorithms
            .filter((a) => !a.requires_field || getAt(scenario, a.requires_field) != null)
            .map((a) => (
              <option key={a.kind} value={a.kind}>
                {algorithmName(tApp, a)}
              </option>
            ))}
        </select>
        <button type="button" disabled={kind === ''} onClick={add}>
          {t('compare.add')}
        </button>
      </div>
    </div>
  )
}
