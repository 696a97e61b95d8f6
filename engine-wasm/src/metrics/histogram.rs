//! The queueing-delay distribution of a run as a histogram with fixed, log-spaced bins (docs/results.md).
//!
//! Every run uses the same edges, so the histograms of several runs (seeds, replications) merge exactly by
//! adding counts: the merged histogram is the histogram of all their packets together. Log spacing keeps
//! the same relative resolution from 10 µs to 100 s, the range where queueing delays of real links fall
//! (Flent and the RFC 7928 guidelines plot latency on a log axis for the same reason).
//!
//! Edges are whole nanoseconds, computed once from `libm`, so binning is an integer comparison and gives
//! the same bins natively and in WebAssembly.

use serde::Serialize;

use crate::time::Time;

/// Bins per decade: each bin is 10^(1/20) ≈ 1.122 times as wide as the one before (12 % resolution).
pub const BINS_PER_DECADE: usize = 20;
/// The lowest log edge, 0.01 ms; bin 0 is [0, 0.01 ms) and holds the packets that met an empty queue.
const LOWEST_EDGE_NS: f64 = 10_000.0;
/// 0.01 ms … 100 s: seven decades.
const DECADES: usize = 7;
/// Number of bins: one below the lowest edge, then the log bins.
pub const BINS: usize = 1 + DECADES * BINS_PER_DECADE;

/// Bin edges in ns: `BINS + 1` edges, `edges[0] = 0`, `edges[k] = 0.01 ms · 10^((k−1)/20)` for k ≥ 1.
fn edges_ns() -> Vec<Time> {
    let mut e = vec![0];
    e.extend(
        (0..=DECADES * BINS_PER_DECADE)
            .map(|k| libm::round(LOWEST_EDGE_NS * libm::pow(10.0, k as f64 / BINS_PER_DECADE as f64)) as Time),
    );
    e
}

/// Sixteen slices an octave: each spans at most 17/16 of its lower end, less than a bin's 10^(1/20), so a
/// slice holds at most one edge inside it.
const SLICE_BITS: u32 = 4;

/// The slice of `delay`: its octave (position of the top bit) and the next `SLICE_BITS` bits below it.
/// Delays below 2^SLICE_BITS ns are their own slices (0..16); the others start at 64.
fn slice(delay: Time) -> usize {
    if delay < 1 << SLICE_BITS {
        return delay as usize;
    }
    let octave = Time::BITS - 1 - delay.leading_zeros();
    ((octave << SLICE_BITS) as usize) | ((delay >> (octave - SLICE_BITS)) as usize & ((1 << SLICE_BITS) - 1))
}

/// Counts of queueing delays in the fixed bins. `counts[k]` holds the delays d with
/// `edges[k] ≤ d < edges[k + 1]`; the last bin also holds anything ≥ 100 s.
#[derive(Clone, Debug, PartialEq)]
pub struct DelayHistogram {
    edges: Vec<Time>,
    counts: Vec<u64>,
    /// The bin of each slice's lowest delay: a delay's bin is its slice's, or the next one up when it
    /// reaches the edge inside the slice (one comparison instead of a binary search over 142 edges).
    slice_bin: Vec<u8>,
}

impl Default for DelayHistogram {
    fn default() -> Self {
        let edges = edges_ns();
        let bin_of = |d: Time| (edges.partition_point(|e| *e <= d) - 1).min(BINS - 1) as u8;
        // Each slice's lowest delay: 0..16 themselves, then (octave, top bits) back to a number.
        let lowest = |s: usize| -> Time {
            let (octave, bits) = ((s >> SLICE_BITS) as u32, (s & ((1 << SLICE_BITS) - 1)) as Time);
            if octave < SLICE_BITS {
                s as Time
            } else {
                ((1 << SLICE_BITS) | bits) << (octave - SLICE_BITS)
            }
        };
        let slice_bin = (0..(Time::BITS as usize) << SLICE_BITS).map(|s| bin_of(lowest(s))).collect();
        DelayHistogram { edges, counts: vec![0; BINS], slice_bin }
    }
}

impl DelayHistogram {
    /// Counts one queueing delay in its bin (delays beyond the last edge go in the last bin).
    pub fn add(&mut self, delay: Time) {
        let mut k = self.slice_bin[slice(delay)] as usize;
        // At most once (see SLICE_BITS); the last bin is open above.
        while k < BINS - 1 && delay >= self.edges[k + 1] {
            k += 1;
        }
        self.counts[k] += 1;
    }

    /// Adds another run's counts: exact, as both have the same edges.
    pub fn merge(&mut self, other: &DelayHistogram) {
        debug_assert_eq!(self.edges, other.edges);
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// Number of delays counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The bin [lo, hi) in ms that holds the q-quantile, the ⌈q·n⌉-th smallest delay (the same order
    /// statistic the summary's percentiles report); None when empty.
    pub fn quantile_bin_ms(&self, q: f64) -> Option<(f64, f64)> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let target = (libm::ceil(q * n as f64) as u64).max(1);
        let mut seen = 0;
        for (k, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= target {
                return Some((self.edges[k] as f64 / 1e6, self.edges[k + 1] as f64 / 1e6));
            }
        }
        None
    }

    /// The edges in ms and the counts, for the summary.
    pub fn to_summary(&self) -> HistogramSummary {
        HistogramSummary { edges_ms: self.edges.iter().map(|e| *e as f64 / 1e6).collect(), counts: self.counts.clone() }
    }
}

/// The histogram as the summary carries it: `edges_ms` has one more entry than `counts`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistogramSummary {
    /// Bin edges, ms, ascending from 0.
    pub edges_ms: Vec<f64>,
    /// Delays counted in each bin [edges_ms[k], edges_ms[k+1]).
    pub counts: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MILLI;

    #[test]
    fn edges_run_from_zero_through_ten_microseconds_to_a_hundred_seconds_twenty_per_decade() {
        let e = edges_ns();
        assert_eq!(e.len(), BINS + 1);
        assert_eq!((e[0], e[1], e[1 + 20], e[1 + 40], e[BINS]), (0, 10_000, 100_000, MILLI, 100_000 * MILLI));
        // 10^(1/20) = 1.12201845: 0.01 ms · 1.122 = 11 220 ns.
        assert_eq!(e[2], 11_220);
        assert!(e.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_delay_on_an_edge_goes_to_the_bin_it_opens() {
        let mut h = DelayHistogram::default();
        for d in [0, 9_999, 10_000, MILLI - 1, MILLI, 200_000 * MILLI] {
            h.add(d);
        }
        let c = &h.counts;
        assert_eq!((c[0], c[1], c[40], c[41], c[BINS - 1]), (2, 1, 1, 1, 1));
        assert_eq!(h.total(), 6);
    }

    #[test]
    fn a_delay_falls_in_the_bin_a_search_of_the_edges_gives() {
        let mut h = DelayHistogram::default();
        let edges = h.edges.clone();
        let searched = |d: Time| (edges.partition_point(|e| *e <= d) - 1).min(BINS - 1);
        let mut check = |d: Time| {
            let before = h.counts.clone();
            h.add(d);
            let k = h.counts.iter().zip(&before).position(|(a, b)| a != b).unwrap();
            assert_eq!(k, searched(d), "delay {d} ns");
        };
        // Every edge and its neighbours, every slice's bounds, both ends of the range.
        for e in edges.clone() {
            for d in [e.saturating_sub(1), e, e + 1] {
                check(d);
            }
        }
        for octave in 0..64u32 {
            for d in [
                1u64 << octave,
                (1u64 << octave) - 1,
                (1u64 << octave) + 1,
                (1u64 << octave).saturating_add(1u64 << octave >> 1),
            ] {
                check(d);
            }
        }
        check(Time::MAX);
        // And a spread of values in every decade.
        let mut x = 7u64;
        for _ in 0..100_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            check((x >> 20) % 10u64.pow(((x >> 59) % 13) as u32 + 1));
        }
    }

    #[test]
    fn merging_two_runs_gives_exactly_the_histogram_of_all_their_delays() {
        // Two "runs" of pseudo-random delays spanning every decade, and the pooled run.
        let delays = |seed: u64| -> Vec<Time> {
            let mut x = seed;
            (0..5000)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let decade = (x >> 60) % 8; // 0..7
                    ((x >> 20) % 10_000) * 10u64.pow(decade as u32)
                })
                .collect()
        };
        let (a, b) = (delays(1), delays(2));
        let (mut ha, mut hb, mut all) =
            (DelayHistogram::default(), DelayHistogram::default(), DelayHistogram::default());
        a.iter().for_each(|d| ha.add(*d));
        b.iter().for_each(|d| hb.add(*d));
        a.iter().chain(&b).for_each(|d| all.add(*d));
        ha.merge(&hb);
        assert_eq!(ha, all);
        assert_eq!(ha.total(), 10_000);
    }

    #[test]
    fn the_quantile_bin_holds_the_order_statistic() {
        let mut h = DelayHistogram::default();
        for ms in 1..=100 {
            h.add(ms * MILLI);
        }
        // p95 = the 95th smallest = 95 ms, in the bin [89.1, 100) ms.
        let (lo, hi) = h.quantile_bin_ms(0.95).unwrap();
        assert!(lo <= 95.0 && 95.0 < hi, "[{lo}, {hi})");
        assert!((lo - 89.125094).abs() < 1e-6 && (hi - 100.0).abs() < 1e-9, "[{lo}, {hi})");
        assert_eq!(DelayHistogram::default().quantile_bin_ms(0.5), None);
    }
}
