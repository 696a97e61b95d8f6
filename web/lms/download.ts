// "Download for your LMS" in the page: the same package as `npm run package:scorm`, built from the files the
// running lab was served from (the build lists them in build-files.json), zipped in the browser.
import type { PackageOptions } from './scormPackage'

export class NotBuiltError extends Error {}

/** Fetches every file of the build next to this page; NotBuiltError from a development server (no list). */
async function builtFiles(base: URL): Promise<Record<string, Uint8Array>> {
  const list = await fetch(new URL('build-files.json', base)).then(
    (r) => (r.ok ? (r.json() as Promise<unknown>) : null),
    () => null,
  )
  if (!Array.isArray(list) || !list.every((f) => typeof f === 'string')) throw new NotBuiltError()
  const entries = await Promise.all(
    list.map(async (path: string) => {
      const r = await fetch(new URL(path, base))
      if (!r.ok) throw new Error(`${path}: ${r.status}`)
      return [path, new Uint8Array(await r.arrayBuffer())] as const
    }),
  )
  return Object.fromEntries(entries)
}

/** The package's bytes and the file name to save it as. */
export async function lessonPackage(o: PackageOptions): Promise<{ name: string; bytes: Uint8Array }> {
  const base = new URL('./', window.location.href)
  const [files, { buildPackage }] = await Promise.all([builtFiles(base), import('./scormPackage')])
  const suffix = o.version === '1.2' ? 'scorm12' : 'scorm2004'
  return { name: `aqm-lab-${o.lessonId}-${suffix}.zip`, bytes: buildPackage(files, o) }
}

/** Saves bytes as a file through a temporary link. */
export function save(name: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
