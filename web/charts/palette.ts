// Okabe & Ito's colour-blind-safe palette (Color Universal Design, 2008). Canvas needs the
// values in script; global.css mirrors them as custom properties for the rest of the page.
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

/** Series colours in order of use; per-flow traces cycle through them. */
export const seriesColours = [palette.blue, palette.orange, palette.green, palette.vermillion, palette.purple, palette.skyBlue]

/** The same series colours as CSS custom properties (for SVG and legends; they follow the theme). */
export const seriesVars = ['var(--c-series-1)', 'var(--c-series-2)', 'var(--c-series-3)', 'var(--c-series-4)', 'var(--c-series-5)', 'var(--c-series-6)']
