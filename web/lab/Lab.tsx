// The full lab: controls on the left, live charts on the right.
import { useEffect } from 'react'
import { useSimulation } from '../engine/useSimulation'
import { bufferOf } from '../engine/decode'
import { errorKey } from '../engine/store'
import { isPackets, queueUnitOf } from '../engine/units'
import { QueueChart } from '../charts/QueueChart'
import { Readouts } from '../charts/Readouts'
import { packetThresholds } from '../charts/scales'
import { Transport } from '../controls/Transport'
import { AlgorithmPicker } from '../controls/AlgorithmPicker'
import { ParamPanel } from '../controls/ParamPanel'
import { installTestApi } from '../testApi'

const TRANSPORT_ERRORS = ['run', 'step', 'configure', 'engine', 'protocol'] as const

export function Lab() {
  const { snapshot, store } = useSimulation()
  useEffect(() => installTestApi(store), [store])

  const info = snapshot.algorithms.find((a) => a.kind === snapshot.aqm?.kind)
  const buffer = snapshot.scenario === '' ? null : bufferOf(snapshot.scenario)
  const queueUnit = queueUnitOf(buffer?.unit, snapshot.aqm)
  const thresholds = packetThresholds(info, snapshot.aqm, queueUnit)
  const bufferLimit = buffer !== null && isPackets(buffer.unit) ? buffer.size : null
  const transportError = TRANSPORT_ERRORS.map((k) => snapshot.errors[errorKey({ control: k })]?.message).find(
    (m) => m !== undefined,
  )

  return (
    <div className="app">
      <header className="app-header">
        <h1>AQM Lab</h1>
        <p>A packet-level simulation of a congested link, running in your browser. Change the queue discipline and its parameters while it runs.</p>
      </header>
      <aside className="sidebar">
        <Transport
          playing={snapshot.playing}
          speed={snapshot.speed}
          disabled={!snapshot.ready}
          error={transportError}
          onPlay={() => store.play()}
          onPause={() => store.pause()}
          onStep={(s) => store.step(s)}
          onReset={() => store.reset()}
          onSpeed={(v) => store.setSpeed(v)}
        />
        <AlgorithmPicker
          algorithms={snapshot.algorithms}
          kind={snapshot.aqm?.kind}
          error={snapshot.errors['set-algorithm']?.message}
          onChange={(kind) => store.setAlgorithm(kind)}
        />
        <ParamPanel
          info={info}
          aqm={snapshot.aqm}
          queueUnit={queueUnit}
          bufferSize={buffer !== null && buffer.unit === queueUnit ? buffer.size : null}
          errors={snapshot.errors}
          onChange={(n, v) => store.setParam(n, v)}
        />
      </aside>
      <main className="charts">
        {!snapshot.ready && !transportError && <p className="muted">Starting the simulator…</p>}
        <QueueChart
          buffer={store.buffer}
          version={snapshot.version}
          simTime={snapshot.simTime}
          thresholds={thresholds}
          bufferLimit={bufferLimit}
        />
        <Readouts simTime={snapshot.simTime} buffer={store.buffer} version={snapshot.version} />
      </main>
    </div>
  )
}
