// Plays a side until a simulated time, then pauses it.
import { useEffect, useState } from 'react'
import type { Side } from '../engine/side'

export function usePlayUntil(sides: readonly Side[]) {
  const [until, setUntil] = useState<{ side: number; time: number } | null>(null)
  useEffect(() => {
    if (until === null) return
    const { store } = sides[until.side]
    return store.subscribeLive(() => {
      if (store.live().simTime >= until.time) {
        store.pause()
        setUntil(null)
      }
    })
  }, [sides, until])
  const play = (side: number, time: number, speed: number) => {
    const { store } = sides[side]
    setUntil({ side, time })
    store.setSpeed(speed)
    store.play()
  }
  const stop = () => {
    if (until !== null) sides[until.side].store.pause()
    setUntil(null)
  }
  return { play, stop, running: until !== null }
}
