// The bottleneck link: the engine's `link` fields (rate, delay, buffer and its unit, random loss and its
// pattern, ATM mode), then how it changes during the run and the reverse path (LinkSchedule).
import { useTranslation } from 'react-i18next'
import { setBufferUnit } from './scenarioDraft'
import { FieldPanel, type DraftEditorProps } from './FieldPanel'
import { LinkSchedule } from './LinkSchedule'

/** Changing the buffer's unit converts its size. */
const UPDATE = { 'link.buffer_unit': setBufferUnit }

export function LinkSettings(props: DraftEditorProps) {
  const { t } = useTranslation()
  return (
    <>
      <fieldset className="subpanel">
        <legend>{t('link.panel')}</legend>
        <div className="field-grid">
          <FieldPanel group="link" update={UPDATE} {...props} />
        </div>
      </fieldset>
      <LinkSchedule {...props} />
    </>
  )
}
