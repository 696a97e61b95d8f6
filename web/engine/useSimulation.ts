// The only link between React and the engine: one store per mounted component, one worker.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { SimClient, createSimWorker, type WorkerLike } from './simClient'
import { SimStore, type LiveFrame, type SimSnapshot } from './store'

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

/**
 * A value selected from the store's live frame: the component renders when that value changes (Object.is),
 * not on every frame. Select something coarse (a flag, a rounded time), or draw in the frame loop instead.
 */
export function useLive<T>(store: SimStore, select: (live: LiveFrame) => T): T {
  return useSyncExternalStore(store.subscribeLive, () => select(store.live()))
}
