// The share dialog's worksheet mode: "let students change only …". Ticking what students may change
// locks everything else in the link (lock=…), and optionally hides it too (hide=…); teacherView.ts reads
// them when the student opens the link.
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TEACHER_CONTROLS, lockAllBut } from '../scenario/teacherView'
import './teacher.css'

export interface WorksheetChoice {
  on: boolean
  allowed: ReadonlySet<string>
  hideLocked: boolean
}

export const NO_WORKSHEET: WorksheetChoice = { on: false, allowed: new Set(), hideLocked: false }

/** The lock and hide lists the choice puts in the link (none while worksheet mode is off). */
export function worksheetView(
  choice: WorksheetChoice,
  params: readonly string[],
): { lock: string[] | null; hide: string[] | null } {
  if (!choice.on) return { lock: null, hide: null }
  const lock = lockAllBut(params, choice.allowed)
  return choice.hideLocked ? { lock: null, hide: lock } : { lock, hide: null }
}

interface Props {
  /** The printable worksheet of the preset this lab runs, if any. */
  printHref?: string
  choice: WorksheetChoice
  /** The running algorithm's parameters: name and label in the reader's language. */
  params: ReadonlyArray<{ name: string; label: string }>
  onChange(next: WorksheetChoice): void
}

export function WorksheetShare({ printHref, choice, params, onChange }: Props) {
  const { t } = useTranslation('share')
  const { t: tApp } = useTranslation()
  const id = useId()
  const toggle = (name: string, on: boolean) => {
    const allowed = new Set(choice.allowed)
    if (on) allowed.add(name)
    else allowed.delete(name)
    onChange({ ...choice, allowed })
  }
  const controls = TEACHER_CONTROLS.filter((c) => c !== 'params')
  return (
    <section className="share-section worksheet-mode" aria-labelledby={`${id}-ws`} data-testid="worksheet-share">
      <h3 id={`${id}-ws`}>{t('worksheet.heading')}</h3>
      {printHref !== undefined && (
        <p className="share-note">
          <a href={printHref} target="_blank" rel="noopener" data-testid="worksheet-print-link">
            {t('worksheet.print')}
          </a>{' '}
          {t('worksheet.printNote')}
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={choice.on} onChange={(e) => onChange({ ...choice, on: e.target.checked })} />
        {t('worksheet.on')}
      </label>
      {choice.on && (
        <>
          <p className="share-note">{t('worksheet.only')}</p>
          <ul aria-label={t('worksheet.params')}>
            {params.map((p) => (
              <li key={p.name}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={choice.allowed.has(p.name)}
                    onChange={(e) => toggle(p.name, e.target.checked)}
                    data-testid={`allow-${p.name}`}
                  />
                  {p.label} <code>{p.name}</code>
                </label>
              </li>
            ))}
          </ul>
          <ul aria-label={t('worksheet.controls')}>
            {controls.map((c) => (
              <li key={c}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={choice.allowed.has(c)}
                    onChange={(e) => toggle(c, e.target.checked)}
                    data-testid={`allow-${c}`}
                  />
                  {tApp(`teacher.controls.${c}`)}
                </label>
              </li>
            ))}
          </ul>
          <label className="check">
            <input
              type="checkbox"
              checked={choice.hideLocked}
              onChange={(e) => onChange({ ...choice, hideLocked: e.target.checked })}
            />
            {t('worksheet.hide')}
          </label>
        </>
      )}
    </section>
  )
}
