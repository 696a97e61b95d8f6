// The only link between React and the engine: one store per mounted component, one worker.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { SimClient, createSimWorker, type WorkerLike } from './simClient'
import { SimStore, type SimSnapshot } from './store'

export interface Simulation {
  snapshot: SimSnapshot
  store: SimStore
}

export function useSimulation(makeWorker: () => WorkerLike = createSimWorker): Simulation {
  const [store] = useState(() => new SimStore())
  useEffect(() => {
    store.connect(new SimClient(makeWorker()))
    return () => store.disconnect()
  }, [store, makeWorker])
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot)
  return { snapshot, store }
}
