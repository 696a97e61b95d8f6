// Okabe & Ito's colour-blind-safe palette (Color Universal Design, 2008). global.css defines them
// as custom properties (and the theme's series order); these values are the canvas' fallback.
export const palette = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
} as const

/** The series colours as CSS custom properties, in order (SVG and legends; they follow the theme). */
export const seriesVars = [
  'var(--c-series-1)',
  'var(--c-series-2)',
  'var(--c-series-3)',
  'var(--c-series-4)',
  'var(--c-series-5)',
  'var(--c-series-6)',
]

/**
 * The colour of each traffic class (RFC 9330 §2): a sub-queue and the flows it holds share it, canvas name
 * (chartColours) and CSS custom property. Okabe–Ito green for L4S, orange for classic.
 */
export const classColours = {
  l4s: { canvas: 'green', css: 'var(--c-series-3)' },
  classic: { canvas: 'orange', css: 'var(--c-series-2)' },
} as const
