// Reading a scenario file: one exported by the share dialog ({"format": "aqm-lab-scenario", "scenario": ...}),
// a preset ({"id": ..., "scenario": ...}), an exported trace file (it holds its scenario too), a bare
// scenario object, a trace CSV exported here (its `# scenario:` line), or a text file holding a link. Old versions are migrated; anything wrong comes back as
// problems with the nearest valid scenario, exactly as for a link.
import { LINK_VERSION, OLDEST_VERSION, UNVERSIONED_FILE, migrateJson } from '../scenario/migrations'
import { isObject, type JsonObject } from '../scenario/model'
import { dedupe, excerpt, problem, type Problem } from '../scenario/problems'
import { decodeLink } from '../scenario/urlCodec'
import { checkScenario } from '../scenario/validate'
import { fillProfile } from '../scenario/profiles'

export const MAX_FILE_BYTES = 1_000_000

export interface ImportedScenario {
  scenario: JsonObject
  problems: Problem[]
}

const SCENARIO_KEYS = ['version', 'seed', 'duration', 'warmup', 'sample_interval', 'link', 'flows', 'aqm']

function scenarioIn(value: unknown): JsonObject | null {
  if (!isObject(value)) return null
  if (isObject(value.scenario)) return value.scenario
  return Object.keys(value).some((k) => SCENARIO_KEYS.includes(k)) || Object.keys(value).length === 0 ? value : null
}

export function readScenarioFile(text: string, bytes = text.length): ImportedScenario {
  if (bytes > MAX_FILE_BYTES) return fallback(problem('file-too-large', { size: bytes, max: MAX_FILE_BYTES }))
  const trimmed = text.trim()
  if (/^(https?:\/\/|\?)/.test(trimmed) && !trimmed.includes('\n')) {
    const d = decodeLink(trimmed.startsWith('?') ? trimmed : new URL(trimmed).search)
    return { scenario: d.scenario, problems: d.problems }
  }
  // A trace CSV exported here says which scenario it came from on a `# scenario: {...}` comment line.
  let json = text
  if (trimmed.startsWith('#')) {
    const line = trimmed.split('\n', 16).find((l) => l.startsWith('# scenario: '))
    if (line === undefined) return fallback(problem('not-json', { detail: excerpt(trimmed.split('\n', 1)[0], 80) }))
    json = line.slice('# scenario: '.length)
  }
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (e) {
    return fallback(problem('not-json', { detail: excerpt(e instanceof Error ? e.message : String(e), 80) }))
  }
  const found = scenarioIn(value)
  if (found === null) return fallback(problem('not-scenario'))
  const problems: Problem[] = []
  // Without its own "version" a scenario is version 1 (as the engine reads it), unless the export around it says.
  const v = found.version ?? (found !== value && isObject(value) ? value.scenario_version : undefined)
  let version = UNVERSIONED_FILE
  if (typeof v === 'number' && Number.isInteger(v)) {
    if (v > LINK_VERSION) problems.push(problem('version-future', { version: v, max: LINK_VERSION }))
    version = Math.max(OLDEST_VERSION, Math.min(v, LINK_VERSION))
  }
  const migrated = migrateJson(found, version)
  if (typeof v === 'number' && v > LINK_VERSION) migrated.version = LINK_VERSION
  // A file is engine JSON: its profile supplies what it leaves out, as `aqm-cli` reads it (docs/profiles.md).
  const checked = checkScenario(fillProfile(migrated))
  return { scenario: checked.scenario, problems: dedupe([...problems, ...checked.problems]) }
}

function fallback(p: Problem): ImportedScenario {
  return { scenario: checkScenario({}).scenario, problems: [p] }
}
