// The sides of a comparison and the lock step that advances them together.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useSides } from '../engine/side'
import { Lockstep } from './lockstep'

export function useLockstep(scenarios: readonly string[]) {
  const sides = useSides(scenarios)
  const [lock] = useState(() => new Lockstep(sides))
  useEffect(() => () => lock.pause(), [lock])
  const subscribe = (l: () => void) => lock.subscribe(l)
  const playing = useSyncExternalStore(subscribe, () => lock.isPlaying)
  const speed = useSyncExternalStore(subscribe, () => lock.currentSpeed)
  return { sides, lock, playing, speed }
}
