// The parameter panel wired to a simulation store: the one wiring the lab and the embed share (the running
// parameters, their refusals, live changes), with the running buffer as the end of buffer-following sliders.
import type { SimSnapshot, SimStore } from '../engine/store'
import type { AlgorithmInfo } from '../engine/protocol'
import { queueUnitOf } from '../engine/units'
import { ParamPanel } from './ParamPanel'

interface StoreParamPanelProps {
  info: AlgorithmInfo | undefined
  store: SimStore
  snapshot: SimSnapshot
}

export function StoreParamPanel({ info, store, snapshot }: StoreParamPanelProps) {
  const buffer = snapshot.running?.buffer ?? null
  const queueUnit = queueUnitOf(buffer?.unit, snapshot.aqm)
  return (
    <ParamPanel
      info={info}
      aqm={snapshot.aqm}
      queueUnit={queueUnit}
      bufferSize={buffer !== null && buffer.unit === queueUnit ? buffer.size : null}
      errors={snapshot.errors}
      onChange={(n, v) => store.setParam(n, v)}
    />
  )
}
