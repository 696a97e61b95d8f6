// A word of jargon explained on demand: a small "?" button that opens a short note beside it. Unlike a
// hover title it works by keyboard (Enter/Space, Escape closes) and by touch (tap), and screen readers
// reach the note through the button it belongs to (WCAG 1.4.13, 2.1.1).
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

export function Help({ term, text }: { term: string; text: string }) {
  const { t } = useTranslation('charts')
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <span className="help" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="help-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('help.about', { term })}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      <span id={id} className="help-text" role="note" hidden={!open}>
        {text}
      </span>
    </span>
  )
}
