// Names of algorithms, parameters and units in the reader's language. The engine describes them in
// English; the catalogue (algorithms.<kind>.name, algorithms.<kind>.params.<name>, units.<unit>)
// names them in each language, and the engine's label stands in for any name it lacks.
import type { TFunction } from 'i18next'

export function algorithmName(t: TFunction, a: { kind: string; label: string }): string {
  return t(`algorithms.${a.kind}.name`, { defaultValue: a.label })
}

export function paramName(t: TFunction, kind: string, p: { name: string; label: string }): string {
  return t(`algorithms.${kind}.params.${p.name}`, { defaultValue: p.label })
}

/** Word units (packets, bytes, cells) are translated; symbols (ms, Mbit/s, Hz) are shown as they are. */
export function unitName(t: TFunction, unit: string): string {
  return unit === '' ? '' : t(`units.${unit}`, { defaultValue: unit })
}
