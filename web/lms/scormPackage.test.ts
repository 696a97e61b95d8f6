// @vitest-environment happy-dom
// A lesson's SCORM package: the zip holds the build, the launch page and imsmanifest.xml; the manifest is
// well-formed XML, declares the version, one SCO launched by the launch page, the pass mark, and references only
// files that are in the zip (and every one of them).
import { strToU8, unzipSync, strFromU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { buildPackage, launchName, launchPage, lessonQuery, manifest, type PackageOptions } from './scormPackage'

const built = {
  'index.html': strToU8('<!doctype html><title>lab</title>'),
  'assets/index-abc.js': strToU8('console.log(1)'),
  'assets/engine_bg-1.wasm': new Uint8Array([0, 97, 115, 109]),
  'presets/red-vs-droptail.json': strToU8('{}'),
  'sw.js': strToU8(''),
  'scorm-launch-old.html': strToU8('stale'),
}

function parse(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml')
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
  return doc
}

const opts = (o: Partial<PackageOptions>): PackageOptions => ({
  version: '1.2',
  lessonId: 'red-vs-droptail',
  title: 'AQM Lab: Two ways <to> run “one” queue & more',
  passMark: 70,
  ...o,
})

describe.each(['1.2', '2004'] as const)('SCORM %s package', (version) => {
  const zip = unzipSync(buildPackage(built, opts({ version })))
  const text = strFromU8(zip['imsmanifest.xml'])
  const doc = parse(text)

  it('holds the build, the launch page and the manifest, and nothing stale', () => {
    expect(Object.keys(zip).sort()).toEqual(
      [
        ...Object.keys(built).filter((f) => !f.startsWith('scorm-launch-')),
        launchName('red-vs-droptail'),
        'imsmanifest.xml',
      ].sort(),
    )
    expect(zip['assets/engine_bg-1.wasm']).toEqual(built['assets/engine_bg-1.wasm'])
  })

  it('references exactly the files in the zip; one SCO launched by the launch page', () => {
    const hrefs = [...doc.getElementsByTagName('file')].map((f) => f.getAttribute('href'))
    expect(new Set(hrefs)).toEqual(new Set(Object.keys(zip).filter((f) => f !== 'imsmanifest.xml')))
    const resources = doc.getElementsByTagName('resource')
    expect(resources).toHaveLength(1)
    const res = resources[0]
    expect(res.getAttribute('href')).toBe(launchName('red-vs-droptail'))
    expect(zip[res.getAttribute('href') ?? '']).toBeDefined()
    expect(res.getAttribute(version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType')).toBe('sco')
    const items = doc.getElementsByTagName('item')
    expect(items).toHaveLength(1)
    expect(items[0].getAttribute('identifierref')).toBe(res.getAttribute('identifier'))
    const org = doc.getElementsByTagName('organizations')[0]
    expect(doc.getElementsByTagName('organization')[0].getAttribute('identifier')).toBe(org.getAttribute('default'))
    expect(doc.getElementsByTagName('title')[0].textContent).toBe('AQM Lab: Two ways <to> run “one” queue & more')
  })

  it('declares its version and the pass mark', () => {
    expect(doc.getElementsByTagName('schemaversion')[0].textContent).toBe(
      version === '1.2' ? '1.2' : '2004 4th Edition',
    )
    if (version === '1.2') expect(doc.getElementsByTagName('adlcp:masteryscore')[0].textContent).toBe('70')
    else expect(doc.getElementsByTagName('imsss:minNormalizedMeasure')[0].textContent).toBe('0.70')
  })

  it('launches the lesson with the version, the pass mark and the worksheet keys', () => {
    const page = strFromU8(zip[launchName('red-vs-droptail')])
    expect(page).toContain(
      JSON.stringify(`index.html?view=walkthrough&lesson=red-vs-droptail&scorm=${version}&pass=70`),
    )
    expect(lessonQuery(opts({ version, passMark: null, extraQuery: 'lock=aqm' }))).toBe(
      `index.html?view=walkthrough&lesson=red-vs-droptail&scorm=${version}&lock=aqm`,
    )
  })
})

describe('a worksheet package', () => {
  it('launches the lab with the worksheet’s link and the version', () => {
    const o = opts({ lessonId: 'worksheet-red', passMark: null, target: '?v=2&aqm=red&lock=aqm,link' })
    expect(lessonQuery(o)).toBe('index.html?v=2&aqm=red&lock=aqm,link&scorm=1.2')
    const zip = unzipSync(buildPackage(built, o))
    expect(strFromU8(zip[launchName('worksheet-red')])).toContain('index.html?v=2&aqm=red&lock=aqm,link&scorm=1.2')
  })
})

describe('without a pass mark', () => {
  it('has no mastery score or objective', () => {
    expect(manifest(opts({ passMark: null }), [])).not.toContain('masteryscore')
    expect(manifest(opts({ version: '2004', passMark: null }), [])).not.toContain('imsss:sequencing')
  })
  it('refuses an id that is not a lesson id, and escapes the title in the launch page', () => {
    expect(() => manifest(opts({ lessonId: '../x' }), [])).toThrow()
    expect(launchPage(opts({ title: '</title><script>' }))).not.toContain('</title><script>')
  })
  it('is the same bytes for the same build', () => {
    expect(buildPackage(built, opts({}))).toEqual(buildPackage(built, opts({})))
  })
})
