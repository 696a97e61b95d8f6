import { useCallback, useLayoutEffect, useState } from 'react'

export interface Size {
  width: number
  height: number
}

/**
 * Size of an element in CSS pixels, following resizes. Returns a callback ref, so it also follows
 * an element that mounts later or is replaced (a chart that switches what it shows).
 */
export function useSize<T extends HTMLElement>(fallback: Size): [(el: T | null) => void, Size] {
  const [el, setEl] = useState<T | null>(null)
  const [size, setSize] = useState(fallback)
  const ref = useCallback((node: T | null) => setEl(node), [])
  useLayoutEffect(() => {
    if (el === null) return
    const observer = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect
      if (r === undefined || r.width <= 0 || r.height <= 0) return
      const next = { width: Math.floor(r.width), height: Math.floor(r.height) }
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next))
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [el])
  return [ref, size]
}
