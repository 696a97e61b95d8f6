// The Transport wired to a simulation store: the one wiring the lab and the embed share (play, pause, step,
// reset, speed), with the first refusal of a run, step or the engine shown beside it.
import { errorKey, type SimSnapshot, type SimStore } from '../engine/store'
import { Transport } from './Transport'

/** The store's error slots whose refusal belongs to the transport. */
const TRANSPORT_ERRORS = ['run', 'step', 'engine', 'protocol'] as const

export function StoreTransport({ store, snapshot }: { store: SimStore; snapshot: SimSnapshot }) {
  const error = TRANSPORT_ERRORS.map((k) => snapshot.errors[errorKey({ control: k })]).find((e) => e !== undefined)
  return (
    <Transport
      playing={snapshot.playing}
      speed={snapshot.speed}
      disabled={!snapshot.ready}
      error={error}
      onPlay={() => store.play()}
      onPause={() => store.pause()}
      onStep={(s) => store.step(s)}
      onReset={() => store.reset()}
      onSpeed={(v) => store.setSpeed(v)}
    />
  )
}
