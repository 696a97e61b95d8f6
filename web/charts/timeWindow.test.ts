import { describe, expect, it } from 'vitest'
import { DEFAULT_VIEW, MIN_SPAN, panView, resolveView, TimeViewStore, withSpan, zoomView } from './timeWindow'

describe('the shared time window', () => {
  it('follows the newest sample when live, and never starts before 0', () => {
    expect(resolveView(DEFAULT_VIEW, 5)).toEqual([0, 20])
    expect(resolveView(DEFAULT_VIEW, 50)).toEqual([30, 50])
    expect(resolveView({ span: Infinity, end: null }, 123)).toEqual([0, 123])
    expect(resolveView({ span: 10, end: 40 }, 100)).toEqual([30, 40])
    // A stored right edge past the data (after a reset) is pulled back to the newest sample.
    expect(resolveView({ span: 10, end: 400 }, 100)).toEqual([90, 100])
  })

  it('pans back through history and turns live again at the newest sample', () => {
    const back = panView(DEFAULT_VIEW, -15, 100)
    expect(back).toEqual({ span: 20, end: 85 })
    expect(panView(back, -200, 100)).toEqual({ span: 20, end: 20 }) // stops at the start
    expect(panView(back, 10, 100)).toEqual({ span: 20, end: 95 })
    expect(panView(back, 30, 100)).toEqual({ span: 20, end: null })
  })

  it('zooms around the pointer, keeping live views live', () => {
    expect(zoomView(DEFAULT_VIEW, 0.5, 85, 100)).toEqual({ span: 10, end: null })
    const past = { span: 20, end: 60 }
    // The pointer at 55 (3/4 across [40, 60]) stays 3/4 across the new window.
    const z = zoomView(past, 0.5, 55, 100)
    expect(z.span).toBe(10)
    expect(resolveView(z, 100)).toEqual([47.5, 57.5])
    expect(zoomView(past, 1e-6, 50, 100).span).toBe(MIN_SPAN)
    expect(zoomView(past, 100, 50, 100)).toEqual({ span: 100, end: null }) // whole run: live
  })

  it('switches span from the toolbar, "all" being live', () => {
    expect(withSpan({ span: 20, end: 60 }, 5)).toEqual({ span: 5, end: 60 })
    expect(withSpan({ span: 20, end: 60 }, Infinity)).toEqual({ span: Infinity, end: null })
  })

  it('notifies subscribers and counts revisions only on real changes', () => {
    const store = new TimeViewStore()
    let calls = 0
    const off = store.subscribe(() => calls++)
    store.set({ span: 20, end: null })
    expect(calls).toBe(0)
    store.set({ span: 5, end: null })
    expect(calls).toBe(1)
    expect(store.revision).toBe(1)
    expect(store.get()).toEqual({ span: 5, end: null })
    off()
    store.set(DEFAULT_VIEW)
    expect(calls).toBe(1)
  })
})
