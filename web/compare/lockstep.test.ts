import { describe, expect, it } from 'vitest'
import { Lockstep, MAX_STEP_S, type Steppable } from './lockstep'

/** A side that reaches the requested time when `settle()` is called, like a worker answering later. */
class FakeSide implements Steppable {
  simTime = 0
  pending = 0
  steps: number[] = []
  ready = true
  step(seconds: number): void {
    this.steps.push(seconds)
    this.pending += seconds
  }
  settle(): void {
    this.simTime += this.pending
    this.pending = 0
  }
  getSnapshot() {
    return { ready: this.ready, simTime: this.simTime, epoch: 1 }
  }
}

function setup(n = 2) {
  let wall = 0
  const sides = Array.from({ length: n }, () => new FakeSide())
  const lock = new Lockstep(sides, { clock: () => wall, schedule: () => {} })
  return { sides, lock, advance: (ms: number) => (wall += ms) }
}

describe('lock step', () => {
  it('sends every side the same steps, and the next only when all have caught up', () => {
    const { sides, lock, advance } = setup()
    lock.setSpeed(2)
    lock.play()
    advance(100)
    lock.tick()
    expect(sides.map((s) => s.steps)).toEqual([[0.2], [0.2]])
    sides[0].settle()
    advance(100)
    lock.tick() // side 1 still on its way
    expect(sides[0].steps).toEqual([0.2])
    sides[1].settle()
    advance(100)
    lock.tick()
    expect(sides[0].steps).toEqual(sides[1].steps)
    expect(sides[0].steps.length).toBe(2)
  })

  it('caps a step at MAX_STEP_S and runs flat out at infinite speed', () => {
    const { sides, lock, advance } = setup(3)
    lock.setSpeed(Infinity)
    lock.play()
    advance(1)
    lock.tick()
    expect(sides.every((s) => s.steps[0] === MAX_STEP_S)).toBe(true)
  })

  it('does not step a side that is not ready, nor while paused', () => {
    const { sides, lock, advance } = setup()
    sides[1].ready = false
    lock.play()
    advance(500)
    lock.tick()
    expect(sides[0].steps).toEqual([])
    sides[1].ready = true
    lock.pause()
    advance(500)
    lock.tick()
    expect(sides[0].steps).toEqual([])
    expect(lock.step(1)).toBe(true)
    expect(lock.step(1)).toBe(false) // not caught up yet
  })
})
