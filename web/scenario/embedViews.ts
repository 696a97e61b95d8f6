// What an embed can show, by the names its link uses (views=queue,curve; controls=play,max_th). Shared by
// the embed view and the embed-snippet generator so that both speak of the same things.

/** Charts, in the order the full lab shows them; `system` is the system view above them (web/system/). */
export const EMBED_VIEWS = [
  'system',
  'queue',
  'curve',
  'cwnd',
  'throughput',
  'fairness',
  'delay',
  'readouts',
  'flows',
  'cdf',
] as const
export type EmbedViewName = (typeof EMBED_VIEWS)[number]
export const DEFAULT_EMBED_VIEWS: EmbedViewName[] = ['queue']

/** Controls: the transport, the algorithm picker, every parameter, or single parameters by name. */
export const EMBED_CONTROLS = ['play', 'aqm', 'params'] as const
export const DEFAULT_EMBED_CONTROLS = ['play']

export function isEmbedView(name: string): name is EmbedViewName {
  return (EMBED_VIEWS as readonly string[]).includes(name)
}
