// A page of its own beside the lab (the replay view, the class view): its title and the language picker on
// one line, an introduction, then the page's own content.
import type { ReactNode } from 'react'
import { LanguagePicker } from './LanguagePicker'
import './toolPage.css'

interface ToolPageProps {
  /** The page's own class beside `tool-page`. */
  className: string
  title: string
  intro: string
  children: ReactNode
}

export function ToolPage({ className, title, intro, children }: ToolPageProps) {
  return (
    <div className={`tool-page ${className}`}>
      <header className="tool-header">
        <h1>{title}</h1>
        <LanguagePicker />
      </header>
      <p>{intro}</p>
      {children}
    </div>
  )
}
