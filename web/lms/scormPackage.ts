// A lesson as a SCORM package (IMS Content Packaging 1.1 with the SCORM extensions): the built lab as it is (its
// paths are relative, so it runs from the LMS's folder), a launch page that opens the lesson with `scorm=<version>`
// (and the teacher's pass mark), and an imsmanifest.xml with one SCO, whose resource lists every file of the
// package. SCORM 1.2 (CAM §2.3) by default, SCORM 2004 4th edition (CAM §3.4) as a choice; the pass mark goes to
// the LMS as 1.2's adlcp:masteryscore or 2004's primary objective satisfied by a minimum normalised measure. Pure:
// the command line (scripts/package-scorm.mjs) and the page's "Download for your LMS" both call it.
import { zipSync, strToU8 } from 'fflate'
import type { ScormVersion } from './discover'

export interface PackageOptions {
  version: ScormVersion
  /** The lesson's id (the SCO's, and the file names'). */
  lessonId: string
  /** The lesson's title, shown by the LMS. */
  title: string
  /** The teacher's pass mark, 0–100; null: the LMS records completion only. */
  passMark: number | null
  /** Extra keys of the lesson's address, without the leading '?'. */
  extraQuery?: string
  /**
   * A worksheet instead of a lesson: the lab's link query to open (the scenario with the teacher's lock=…&hide=…),
   * without the leading '?'. `lessonId` then names the SCO only.
   */
  target?: string
}

const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** The launch page's file name. */
export const launchName = (lessonId: string) => `scorm-launch-${lessonId}.html`

/** The address (relative to the package's root) the launch page opens. */
export function lessonQuery(o: PackageOptions): string {
  const q = new URLSearchParams(
    o.target === undefined ? { view: 'walkthrough', lesson: o.lessonId, scorm: o.version } : { scorm: o.version },
  )
  if (o.passMark !== null) q.set('pass', String(o.passMark))
  const extra = o.extraQuery ? `&${o.extraQuery}` : ''
  const target = o.target === undefined ? '' : `${o.target.replace(/^\?/, '')}&`
  return `index.html?${target}${q.toString()}${extra}`
}

/**
 * The launch page: it replaces itself in the same window with the lesson, so the lab sits where the LMS launched
 * the SCO and finds the LMS's API in the same chain of parents (or opener).
 */
export function launchPage(o: PackageOptions): string {
  const target = lessonQuery(o)
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${xml(o.title)}</title>
    <script>
      location.replace(${JSON.stringify(target)} + location.hash)
    </script>
  </head>
  <body>
    <p><a href="${xml(target)}">${xml(o.title)}</a></p>
  </body>
</html>
`
}

function fileList(files: readonly string[]): string {
  return files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')
}

/**
 * What the two versions write differently in the one IMS content package manifest: its namespaces, the schema
 * version, the spelling of the SCO's type attribute, and the pass mark (1.2: the item's adlcp:masteryscore; 2004:
 * a primary objective satisfied by a minimum normalised measure).
 */
const DIALECTS: Record<
  ScormVersion,
  {
    manifestVersion: string
    namespaces: string
    schemaVersion: string
    scormType: string
    passMark(mark: number): string
  }
> = {
  '1.2': {
    manifestVersion: '1.0',
    namespaces: `xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"`,
    schemaVersion: '1.2',
    scormType: 'adlcp:scormtype',
    passMark: (mark) => `\n        <adlcp:masteryscore>${Math.round(mark)}</adlcp:masteryscore>`,
  },
  '2004': {
    manifestVersion: '1',
    namespaces: `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`,
    schemaVersion: '2004 4th Edition',
    scormType: 'adlcp:scormType',
    passMark: (mark) => `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass-mark" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${(mark / 100).toFixed(2)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
  },
}

/** imsmanifest.xml for one lesson SCO whose resource holds `files` (paths in the package, '/'-separated). */
export function manifest(o: PackageOptions, files: readonly string[]): string {
  if (!ID.test(o.lessonId)) throw new Error(`not a lesson id: ${o.lessonId}`)
  const id = o.lessonId
  const title = xml(o.title)
  const d = DIALECTS[o.version]
  const passMark = o.passMark === null ? '' : d.passMark(o.passMark)
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="aqm-lab-${id}" version="${d.manifestVersion}"
  ${d.namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${d.schemaVersion}</schemaversion>
  </metadata>
  <organizations default="org-${id}">
    <organization identifier="org-${id}">
      <title>${title}</title>
      <item identifier="item-${id}" identifierref="res-${id}" isvisible="true">
        <title>${title}</title>${passMark}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-${id}" type="webcontent" ${d.scormType}="sco" href="${launchName(id)}">
${fileList(files)}
    </resource>
  </resources>
</manifest>
`
}

/** Files of the built lab that a package leaves out: none is needed by a lesson run from the LMS's folder. */
export function packagedFile(path: string): boolean {
  // Launch pages and a manifest of another package (a build that already holds one) are not part of this SCO.
  return !path.startsWith('scorm-launch-') && path !== 'imsmanifest.xml'
}

/**
 * The zip of a lesson package: `built` (the lab's build, path → bytes), the launch page and the manifest, which
 * lists exactly the zip's files (itself aside).
 */
export function buildPackage(built: Readonly<Record<string, Uint8Array>>, o: PackageOptions): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const [path, bytes] of Object.entries(built)) if (packagedFile(path)) entries[path] = bytes
  entries[launchName(o.lessonId)] = strToU8(launchPage(o))
  const files = Object.keys(entries).sort()
  entries['imsmanifest.xml'] = strToU8(manifest(o, files))
  // A fixed date keeps the same build's package byte-identical; compression level 6 (fflate's default).
  const mtime = new Date('2000-01-01T00:00:00Z')
  return zipSync(Object.fromEntries(Object.entries(entries).map(([p, b]) => [p, [b, { mtime }]])), { level: 6 })
}
