// The flows: groups of identical flows; a mix of TCP variants or traffic types is several groups.
import { useTranslation } from 'react-i18next'
import { addFlowGroup, flowGroups, removeFlowGroup, TAB_MAX_FLOWS, totalFlows } from './scenarioDraft'
import { ErrorNote } from './ErrorNote'
import { FlowGroupEditor } from './FlowGroupEditor'
import type { DraftEditorProps } from './FieldPanel'

export function FlowEditor(props: DraftEditorProps) {
  const { t, i18n } = useTranslation()
  const { draft, problemAt, onUpdate } = props
  const groups = flowGroups(draft)
  const total = totalFlows(draft)
  const tooMany =
    total > TAB_MAX_FLOWS
      ? t('flows.tabLimit', { max: TAB_MAX_FLOWS.toLocaleString(i18n.resolvedLanguage ?? 'en'), count: total })
      : undefined
  return (
    <fieldset className="subpanel">
      <legend>{t('flows.panel')}</legend>
      <p className="muted" aria-live="polite">
        {t('flows.total', { count: total })}
      </p>
      <ErrorNote id="flows-error" problem={tooMany ?? problemAt('flows')} />
      {groups.map((g, i) => (
        <FlowGroupEditor
          // Remounted when groups come or go, so half-typed text never moves to a neighbour.
          key={`${i}/${groups.length}`}
          {...props}
          index={i}
          group={g}
          removable={groups.length > 1}
          onRemove={() => onUpdate((d) => removeFlowGroup(d, i))}
        />
      ))}
      <button type="button" onClick={() => onUpdate(addFlowGroup)}>
        + {t('flows.add')}
      </button>
    </fieldset>
  )
}
