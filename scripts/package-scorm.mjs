// `npm run package:scorm -- --lesson <id> [--version 1.2|2004] [--pass <0-100>]` (or `--all`): writes
// dist-scorm/<id>.zip, a SCORM package of the lesson, from the built lab in dist/ (run `npm run build` first).
// The package itself is made by web/lms/scormPackage.ts, the same code as the page's "Download for your LMS".
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { runnerImport } from 'vite'

const usage =
  'usage: npm run package:scorm -- (--lesson <id> | --all) [--version 1.2|2004] [--pass <0-100>] [--dist dist] [--out dist-scorm]'

function fail(message) {
  console.error(`package:scorm: ${message}\n${usage}`)
  process.exit(2)
}

let args
try {
  args = parseArgs({
    options: {
      lesson: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      version: { type: 'string', default: '1.2' },
      pass: { type: 'string' },
      dist: { type: 'string', default: 'dist' },
      out: { type: 'string', default: 'dist-scorm' },
    },
  }).values
} catch (e) {
  fail(e.message)
}
if (args.version !== '1.2' && args.version !== '2004') fail(`--version must be 1.2 or 2004, not ${args.version}`)
let passMark = null
if (args.pass !== undefined) {
  passMark = Number(args.pass)
  if (args.pass.trim() === '' || !Number.isFinite(passMark) || passMark < 0 || passMark > 100)
    fail(`--pass must be a number from 0 to 100, not ${args.pass}`)
}

const { module: pkg } = await runnerImport('./web/lms/scormPackage.ts')
const { module: lessons } = await runnerImport('./web/walkthrough/lessons.ts')
const known = Object.keys(lessons.LESSONS)
const ids = args.all ? known : (args.lesson ?? [])
if (ids.length === 0) fail('name a lesson (--lesson <id>) or --all')
for (const id of ids) if (!known.includes(id)) fail(`there is no lesson ${id}; lessons: ${known.join(', ')}`)

let built
try {
  built = Object.fromEntries(
    readdirSync(args.dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const path = join(e.parentPath, e.name)
        return [relative(args.dist, path).split('\\').join('/'), new Uint8Array(readFileSync(path))]
      }),
  )
} catch {
  fail(`cannot read ${args.dist}/: run npm run build first`)
}
if (!('index.html' in built)) fail(`${args.dist}/ has no index.html: run npm run build first`)

const titles = JSON.parse(readFileSync('web/i18n/locales/en/teach.json', 'utf8')).lesson
mkdirSync(args.out, { recursive: true })
for (const id of ids) {
  const title = `AQM Lab: ${titles[id]?.intro?.title ?? id}`
  const zip = pkg.buildPackage(built, { version: args.version, lessonId: id, title, passMark })
  const file = join(args.out, `${id}.zip`)
  writeFileSync(file, zip)
  console.log(`${file}: SCORM ${args.version}, ${(zip.length / 1e6).toFixed(2)} MB`)
}
