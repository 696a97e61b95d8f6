// Adding a scenario field needs no change under web/: the engine's test-only link field (`link.dummy_field`,
// engine-wasm/src/scenario.rs and fields.rs, under cfg(test) or `--features dummy-field`) is fed to the page's
// own code as the engine's catalogue lists it. Its entry is engine-wasm/tests/fixtures/dummy-field.json, which
// a Rust test keeps equal to the catalogue's (and which runs a scenario that sets it). Its name is unlike any
// real field's, so nothing on the page can have guessed it.
import { renderToStaticMarkup } from 'react-dom/server'
import { engineFixture } from './engineFixtures'
import { describe, expect, it, vi } from 'vitest'
import i18n from '../i18n'
import type { JsonObject } from '../scenario/json'

const fixture = engineFixture('dummy-field') as {
  path: string
  description: string
  max: number
  place: { group: string; start: number }
}

// The page's one copy of the catalogue, as a build with `--features dummy-field` would generate it.
vi.mock('../contract/engine', async (original) => {
  const real = await original<typeof import('../contract/engine')>()
  const entry = (await import('./engineFixtures')).engineFixture('dummy-field')
  return { catalog: { ...real.catalog, scenario_fields: [...real.catalog.scenario_fields, entry] } }
})

const { LinkSettings } = await import('./LinkSettings')
const { editorPaths } = await import('./scenarioDraft')
const { fieldLabelKey } = await import('./scenarioDraft')

const draft: JsonObject = { version: 1, link: { rate_mbps: 10 }, flows: [{ count: 1 }] }

function editor(d: JsonObject) {
  return renderToStaticMarkup(
    <LinkSettings draft={d} problemAt={() => undefined} onEdit={() => {}} onUpdate={() => {}} />,
  )
}

describe('a scenario field the page has never heard of', () => {
  it('is declared for the link editor', () => {
    expect(fixture.path).toBe('link.dummy_field')
    expect(fixture.place.group).toBe('link')
  })

  it('gets a field in the link editor, labelled with the engine’s words, showing its start value', async () => {
    await i18n.changeLanguage('en')
    const html = editor(draft)
    expect(html).toContain(fixture.description)
    expect(html).toMatch(new RegExp(`id="field-link-dummy_field"[^>]*value="${fixture.place.start}"`))
    const set = { ...draft, link: { rate_mbps: 10, dummy_field: 2.5 } }
    expect(editor(set)).toMatch(/id="field-link-dummy_field"[^>]*value="2.5"/)
  })

  it('is one of the paths the editor shows, so a refusal lands on it and unreadable text blocks Apply', () => {
    expect(editorPaths(draft)).toContain('link.dummy_field')
    expect(fieldLabelKey('link.dummy_field')).toEqual({ key: 'link.dummyField' })
  })
})
