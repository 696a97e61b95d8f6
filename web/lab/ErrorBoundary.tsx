// Keeps a failing view from blanking the page: shows what went wrong and a way back to the last
// scenario the engine accepted. The simulation itself lives outside, in the store, so it survives.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'

interface ErrorBoundaryProps {
  children: ReactNode
  /** Rebuilds the simulation from the last good scenario; the failed view is then mounted afresh. */
  onReset(): void
}

/** `failed` rather than a null check: JavaScript can throw anything, null included. */
type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function Fallback({ error, onReset }: { error: unknown; onReset(): void }) {
  const { t } = useTranslation()
  return (
    <section className="panel boundary" role="alert">
      <h2>{t('errors.boundary.title')}</h2>
      <p className="error-note">
        <Trans
          i18nKey="errors.boundary.detail"
          values={{ detail: describe(error) }}
          components={{ en: <span lang="en" /> }}
        />
      </p>
      <button type="button" className="primary" onClick={onReset}>
        {t('errors.boundary.reset')}
      </button>
    </section>
  )
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('view failed', error, info.componentStack)
  }

  private readonly reset = () => {
    this.props.onReset()
    this.setState({ failed: false })
  }

  render() {
    if (this.state.failed) return <Fallback error={this.state.error} onReset={this.reset} />
    return this.props.children
  }
}
