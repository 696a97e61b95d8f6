// Adds a side to the comparison: the same scenario under another algorithm (its default parameters),
// by rewriting the link, so the new comparison is shareable at once.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AlgorithmInfo } from '../engine/protocol'
import { algorithmName } from '../i18n/names'
import { compareSearch, parseCompareQuery } from './url'

export function AddSide({ algorithms }: { algorithms: AlgorithmInfo[] }) {
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
            .filter((a) => a.kind !== 'gfr')
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
