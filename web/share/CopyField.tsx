// A read-only text with its Copy button and a status that says whether the copy worked: the share dialog's link
// row and the replay link's (web/share/SessionShare.tsx). Further buttons of the row go in `children`.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { copyText } from './copy'

interface CopyFieldProps {
  value: string
  /** The text field's accessible name. */
  label: string
  /** The Copy button's words. */
  copy: string
  /** The Copy button is the row's main action. */
  primary?: boolean
  testId?: string
  children?: ReactNode
}

export function CopyField({ value, label, copy, primary = false, testId, children }: CopyFieldProps) {
  const { t } = useTranslation('share')
  const [status, setStatus] = useState('')
  return (
    <div className="share-row">
      <input
        className="share-url"
        type="text"
        readOnly
        value={value}
        aria-label={label}
        data-testid={testId}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        onClick={() => void copyText(value).then((ok) => setStatus(t(ok ? 'link.copied' : 'link.copyFailed')))}
      >
        {copy}
      </button>
      {children}
      <span className="share-status" role="status">
        {status}
      </span>
    </div>
  )
}
