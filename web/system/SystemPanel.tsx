// The system view with its on/off switch, as the full lab shows it above the charts (on by default). Off,
// the worker stops sending the queue (SystemView's unmount calls store.setView(0)).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AqmConfig } from '../engine/protocol'
import type { SimStore } from '../engine/store'
import type { RunningScenario } from '../scenario/running'
import { SystemView } from './SystemView'

interface SystemPanelProps {
  store: SimStore
  running: RunningScenario | null
  aqm: AqmConfig | null
}

export function SystemPanel({ store, running, aqm }: SystemPanelProps) {
  const { t } = useTranslation('charts')
  const [on, setOn] = useState(true)
  return (
    <div className="system-panel">
      <button
        type="button"
        className="sv-toggle"
        aria-pressed={on}
        onClick={() => setOn((v) => !v)}
        data-testid="system-toggle"
      >
        {t('system.toggle')}
      </button>
      {on && <SystemView store={store} running={running} aqm={aqm} />}
    </div>
  )
}
