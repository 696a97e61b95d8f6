// The flows: groups of identical flows; a mix of TCP variants or traffic types is several groups.
import { useTranslation } from 'react-i18next'
import { addFlowGroup, flowGroups, removeFlowGroup, totalFlows } from './scenarioDraft'
import { ErrorNote } from './ErrorNote'
import { FlowGroupEditor } from './FlowGroupEditor'
import type { DraftEditorProps } from './LinkSettings'

export function FlowEditor(props: DraftEditorProps) {
  const { t } = useTranslation()
  const { draft, problemAt, onUpdate } = props
  const groups = flowGroups(draft)
  return (
    <fieldset className="subpanel">
      <legend>{t('flows.panel')}</legend>
      <p className="muted" aria-live="polite">
        {t('flows.total', { count: totalFlows(draft) })}
      </p>
      <ErrorNote id="flows-error" problem={problemAt('flows')} />
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
