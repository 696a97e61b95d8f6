// A switch of the experiment editor: a checkbox with its label, an optional hint under it (which the box is
// described by), and whatever the caller adds below (an error note).
import type { ReactNode } from 'react'
import { fieldId } from './NumberField'

interface CheckFieldProps {
  /** The scenario path it edits: names the hint's id. */
  path: string
  label: string
  help?: string
  checked: boolean
  onChange(checked: boolean): void
  /** Spans both columns of the field grid. */
  wide?: boolean
  children?: ReactNode
}

export function CheckField({ path, label, help, checked, onChange, wide, children }: CheckFieldProps) {
  const helpId = help === undefined ? undefined : `${fieldId(path)}-help`
  return (
    <div className={wide ? 'check-field span-2' : 'check-field'}>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={helpId}
        />
        {label}
      </label>
      {help !== undefined && (
        <p className="muted hint" id={helpId}>
          {help}
        </p>
      )}
      {children}
    </div>
  )
}
