// Statistics over replications (the same scenario run with seeds seed, seed+1, …): mean, sample standard
// deviation and the 95 % confidence interval of the mean from Student's t with k−1 degrees of freedom;
// the 2×2 covariance and its ellipse for the delay–goodput plot (RFC 7928 §2.7); box-plot quartiles.
// See docs/replications.md for the formulas and why each was chosen.
import * as d3 from 'd3'

export interface Interval {
  /** Number of finite values the estimate rests on. */
  n: number
  mean: number
  /** Sample standard deviation (divisor n−1); NaN for n < 2. */
  sd: number
  /** Half-width of the 95 % confidence interval of the mean; NaN for n < 2. */
  ci95: number
}

/**
 * P(|T| ≤ t) for Student's t with an integer number of degrees of freedom, in closed form
 * (Abramowitz & Stegun 26.7.3 and 26.7.4, a finite sum in θ = atan(t/√ν)).
 */
export function tAbsCdf(t: number, df: number): number {
  const theta = Math.atan(Math.abs(t) / Math.sqrt(df))
  const c2 = Math.cos(theta) ** 2
  const s = Math.sin(theta)
  if (df % 2 === 1) {
    // ν odd: (2/π)[θ + sinθ cosθ (1 + (2/3)cos²θ + (2·4)/(3·5)cos⁴θ + … up to cos^(ν−3)θ)]
    let term = 1
    let sum = df > 1 ? 1 : 0
    for (let k = 2; k <= df - 3; k += 2) {
      term *= (k / (k + 1)) * c2
      sum += term
    }
    return (2 / Math.PI) * (theta + s * Math.cos(theta) * sum)
  }
  // ν even: sinθ (1 + (1/2)cos²θ + (1·3)/(2·4)cos⁴θ + … up to cos^(ν−2)θ)
  let term = 1
  let sum = 1
  for (let k = 1; k <= df - 3; k += 2) {
    term *= (k / (k + 1)) * c2
    sum += term
  }
  return s * sum
}

const tCache = new Map<number, number>()

/** The two-sided 95 % quantile t(0.975, df), by bisection on the exact distribution (to double precision). */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1) return Number.NaN
  const cached = tCache.get(df)
  if (cached !== undefined) return cached
  let lo = 0
  let hi = 1e3
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2
    if (tAbsCdf(mid, df) < 0.95) lo = mid
    else hi = mid
  }
  const t = (lo + hi) / 2
  tCache.set(df, t)
  return t
}

/** Mean and 95 % confidence interval of the finite values among `xs` (NaN, a metric the engine left undefined, is skipped). */
export function interval(xs: readonly number[]): Interval {
  const v = xs.filter(Number.isFinite)
  const n = v.length
  if (n === 0) return { n, mean: Number.NaN, sd: Number.NaN, ci95: Number.NaN }
  // No spread: exactly the value (a sum would round it), as `aqm-cli sweep --seeds` reports it.
  if (v.every((x) => x === v[0]))
    return n < 2 ? { n, mean: v[0], sd: Number.NaN, ci95: Number.NaN } : { n, mean: v[0], sd: 0, ci95: 0 }
  const mean = v.reduce((a, b) => a + b, 0) / n
  if (n < 2) return { n, mean, sd: Number.NaN, ci95: Number.NaN }
  const ss = v.reduce((a, b) => a + (b - mean) ** 2, 0)
  const sd = Math.sqrt(ss / (n - 1))
  return { n, mean, sd, ci95: (t975(n - 1) * sd) / Math.sqrt(n) }
}

/** Whether two 95 % intervals overlap (then the runs do not tell the two means apart; a conservative test). */
export function overlaps(a: Interval, b: Interval): boolean {
  if (![a.mean, b.mean, a.ci95, b.ci95].every(Number.isFinite)) return true
  return Math.abs(a.mean - b.mean) <= a.ci95 + b.ci95
}

export interface Cov2 {
  n: number
  mx: number
  my: number
  /** Sample variances and covariance (divisor n−1). */
  sxx: number
  syy: number
  sxy: number
}

/** Mean and sample covariance of paired values (pairs with a non-finite member are skipped). */
export function covariance(xs: readonly number[], ys: readonly number[]): Cov2 {
  const pairs = xs.map((x, i) => [x, ys[i]] as const).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))
  const n = pairs.length
  const mx = n === 0 ? Number.NaN : pairs.reduce((a, [x]) => a + x, 0) / n
  const my = n === 0 ? Number.NaN : pairs.reduce((a, [, y]) => a + y, 0) / n
  if (n < 2) return { n, mx, my, sxx: 0, syy: 0, sxy: 0 }
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (const [x, y] of pairs) {
    sxx += (x - mx) ** 2
    syy += (y - my) ** 2
    sxy += (x - mx) * (y - my)
  }
  return { n, mx, my, sxx: sxx / (n - 1), syy: syy / (n - 1), sxy: sxy / (n - 1) }
}

export interface Ellipse {
  cx: number
  cy: number
  /** Semi-axes (one standard deviation along each principal direction) and the major axis's angle, radians. */
  rx: number
  ry: number
  angle: number
}

/** The one-standard-deviation ellipse of a covariance: its axes are the eigenvectors, its semi-axes √eigenvalues. */
export function ellipseOf(c: Cov2): Ellipse {
  const tr = c.sxx + c.syy
  const det = c.sxx * c.syy - c.sxy * c.sxy
  const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det))
  const l1 = tr / 2 + disc
  const l2 = Math.max(0, tr / 2 - disc)
  // Eigenvector of l1: (sxy, l1 − sxx), or an axis when the covariance is diagonal.
  const angle = c.sxy !== 0 ? Math.atan2(l1 - c.sxx, c.sxy) : c.sxx >= c.syy ? 0 : Math.PI / 2
  return { cx: c.mx, cy: c.my, rx: Math.sqrt(l1), ry: Math.sqrt(l2), angle }
}

/** Points on the ellipse in data coordinates (for drawing through any pair of scales, reversed or not). */
export function ellipsePoints(e: Ellipse, count = 64): Array<[number, number]> {
  const [ca, sa] = [Math.cos(e.angle), Math.sin(e.angle)]
  return Array.from({ length: count }, (_, i) => {
    const t = (2 * Math.PI * i) / count
    const [u, v] = [e.rx * Math.cos(t), e.ry * Math.sin(t)]
    return [e.cx + u * ca - v * sa, e.cy + u * sa + v * ca]
  })
}

export interface BoxStats {
  n: number
  min: number
  q1: number
  median: number
  q3: number
  max: number
}

/** Five-number summary of the finite values (quartiles by linear interpolation, R's type 7 as d3.quantile). */
export function boxStats(xs: readonly number[]): BoxStats {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b)
  const q = (p: number) => d3.quantileSorted(v, p) ?? Number.NaN
  return { n: v.length, min: v[0] ?? Number.NaN, q1: q(0.25), median: q(0.5), q3: q(0.75), max: v.at(-1) ?? Number.NaN }
}
