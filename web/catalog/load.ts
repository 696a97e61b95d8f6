// Fetches the preset files that ship in public/presets (relative to the page, so the built app works
// from any sub-path) and checks them. React hooks for the views that show presets.
import { useEffect, useState } from 'react'
import { isPreset, isPresetIndex, type Preset } from './types'

const base = `${import.meta.env.BASE_URL}presets/`

async function fetchJson(name: string): Promise<unknown> {
  const res = await fetch(`${base}${name}`)
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`)
  return res.json()
}

const cache = new Map<string, Promise<Preset>>()

export function fetchPreset(id: string): Promise<Preset> {
  if (!/^[a-z0-9-]+$/.test(id)) return Promise.reject(new Error(`no preset "${id}"`))
  let p = cache.get(id)
  if (p === undefined) {
    p = fetchJson(`${id}.json`).then((x) => {
      if (!isPreset(x) || x.id !== id) throw new Error(`${id}.json is not a valid preset`)
      return x
    })
    p.catch(() => cache.delete(id))
    cache.set(id, p)
  }
  return p
}

/** Every preset, in gallery order. */
export async function fetchPresets(): Promise<Preset[]> {
  const index = await fetchJson('index.json')
  if (!isPresetIndex(index)) throw new Error('presets/index.json is not a preset index')
  return Promise.all(index.presets.map(fetchPreset))
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string }

function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [result, setResult] = useState<{ key: string; value: Loaded<T> }>({ key, value: { state: 'loading' } })
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setResult({ key, value: { state: 'ready', value } }),
      (e: unknown) =>
        live && setResult({ key, value: { state: 'error', message: e instanceof Error ? e.message : String(e) } }),
    )
    return () => {
      live = false
    }
    // `load` is derived from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return result.key === key ? result.value : { state: 'loading' }
}

export function usePreset(id: string | null): Loaded<Preset | null> {
  return useLoad(() => (id === null ? Promise.resolve(null) : fetchPreset(id)), id ?? '')
}

export function usePresets(): Loaded<Preset[]> {
  return useLoad(fetchPresets, 'all')
}
