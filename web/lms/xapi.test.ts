// Learning events: the statement's shape (xAPI without an actor), nothing about the person in it, the switch that
// turns the stream off, and the lab's events between two states (one per action).
import { describe, expect, it } from 'vitest'
import { labEventsBetween } from './labEvents'
import { EXT, VERB_IDS, eventsEnabled, statement } from './xapi'

const ALLOWED = ['verb', 'object', 'result', 'context', 'timestamp']

describe('statements', () => {
  it('is an xAPI statement without an actor, about the lesson, with the scenario link', () => {
    const s = statement(
      'answered',
      { lesson: 'red-vs-droptail' },
      '?view=walkthrough&lesson=red-vs-droptail',
      { response: 'full', success: true },
      { [EXT.step]: 'droptail' },
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    )
    expect(Object.keys(s).every((k) => ALLOWED.includes(k))).toBe(true)
    expect(s).not.toHaveProperty('actor')
    expect(s).not.toHaveProperty('authority')
    expect(s.verb).toEqual({ id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } })
    expect(s.object.id).toBe('tag:aqm-lab,2026:lesson/red-vs-droptail')
    expect(s.object.objectType).toBe('Activity')
    expect(s.result).toEqual({ response: 'full', success: true })
    expect(s.context.extensions).toEqual({
      [EXT.link]: '?view=walkthrough&lesson=red-vs-droptail',
      [EXT.step]: 'droptail',
    })
    expect(s.timestamp).toBe('2026-01-02T03:04:05.000Z')
  })

  it('names presets and the free lab, and gives every verb its own IRI', () => {
    expect(statement('ran', { preset: 'seed000' }, '?preset=seed000').object.id).toBe('tag:aqm-lab,2026:preset/seed000')
    expect(statement('ran', { lab: true }, '?v=1').object.id).toBe('tag:aqm-lab,2026:lab')
    expect(new Set(Object.values(VERB_IDS)).size).toBe(6)
    expect(statement('switched-algorithm', { lab: true }, '').verb.display['en-US']).toBe('switched algorithm')
  })

  it('is on unless the address says events=0', () => {
    expect(eventsEnabled('?v=1&aqm=red')).toBe(true)
    expect(eventsEnabled('?events=1')).toBe(true)
    for (const off of ['0', 'false', 'off', 'NO']) expect(eventsEnabled(`?embed=1&events=${off}`)).toBe(false)
  })
})

describe('the lab’s events between two states', () => {
  const red = { kind: 'red', min_th: 5, max_th: 15, max_p: 0.1 }
  it('tells nothing at the first state, one ran per Play, one event per changed parameter', () => {
    expect(labEventsBetween({ aqm: null, playing: false, epoch: 1 }, { aqm: red, playing: false, epoch: 1 })).toEqual(
      [],
    )
    expect(
      labEventsBetween({ aqm: red, playing: false, epoch: 1 }, { aqm: red, playing: true, epoch: 1 }).map(
        (e) => e.verb,
      ),
    ).toEqual(['ran'])
    expect(labEventsBetween({ aqm: red, playing: true, epoch: 1 }, { aqm: red, playing: true, epoch: 1 })).toEqual([])
    const changed = labEventsBetween(
      { aqm: red, playing: true, epoch: 1 },
      { aqm: { ...red, max_p: 0.2 }, playing: true, epoch: 1 },
    )
    expect(changed).toEqual([
      {
        verb: 'changed-parameter',
        result: {
          response: 'max_p=0.2',
          extensions: { [EXT.parameter]: 'max_p', [EXT.value]: 0.2, [EXT.from]: 0.1 },
        },
      },
    ])
  })
  it('takes a new simulation (a link loaded, a reset) as a new start', () => {
    const codel = { kind: 'codel', target: 5, interval: 100 }
    expect(labEventsBetween({ aqm: red, playing: false, epoch: 1 }, { aqm: codel, playing: false, epoch: 2 })).toEqual(
      [],
    )
  })
  it('tells a switch of algorithm once, not each of its parameters', () => {
    const codel = { kind: 'codel', target: 5, interval: 100 }
    expect(labEventsBetween({ aqm: red, playing: false, epoch: 1 }, { aqm: codel, playing: false, epoch: 1 })).toEqual([
      { verb: 'switched-algorithm', result: { response: 'codel', extensions: { [EXT.from]: 'red' } } },
    ])
  })
})
