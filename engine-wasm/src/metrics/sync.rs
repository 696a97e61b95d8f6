//! Global-synchronisation index, computed online as the window cuts happen (docs/metrics.md).
//!
//! A cut at t is synchronised if another flow cut within ±R (R = mean base RTT); S is the synchronised
//! share of all cuts, and the mass-cut share is the share of cuts with at least half the flows cutting
//! within ±R (seed 001 Figs. 13–15, after Floyd & Jacobson 1993's "global synchronization").
//!
//! Cuts arrive in time order, so a cut's verdict is final as soon as a later cut falls beyond t + R.
//! The tracker keeps only the cuts that an undecided cut can still see (those within R before the oldest
//! undecided one): memory is bounded by the cuts of a 2R window, not by the length of the run, and a
//! summary costs a scan of that window plus O(flows), with no sort. S and the mass-cut share are exactly
//! the batch definitions over every cut.
//!
//! S_rand, what chance alone gives, is the *expectation* of S after shifting each flow's cuts by an
//! independent uniform circular offset over the measured span T. For one cut of flow i the chance that a
//! shifted flow j ≠ i lands within ±R is c_j/T, where c_j is the measure of the union of ±R around j's cuts
//! on the circle (Σ over j's circular gaps g of min(g, 2R)); so S_rand = Σ_i n_i·(1 − Π_{j≠i}(1 − c_j/T))/N,
//! from per-flow counts, first and last cut times and a running Σ min(g, 2R). (A single random draw of
//! the offsets would need every cut kept; the expectation has no sampling noise.)

use std::collections::VecDeque;

use serde::Serialize;

use crate::packet::FlowId;
use crate::time::Time;

#[derive(Clone, Debug, Serialize)]
/// How synchronised the flows' window cuts were over the measured interval.
pub struct SyncIndex {
    /// Window cuts counted.
    pub cuts: u64,
    /// Share of cuts with another flow's cut within ±R.
    pub index: f64,
    /// The same share expected by chance (each flow's cuts shifted by an independent random offset).
    pub random: f64,
    /// index − random: > 0 means synchronisation.
    pub excess: f64,
    /// Share of cuts that fell within ±R of cuts by at least half of the flows.
    pub mass_cut_share: f64,
}

#[derive(Clone, Copy, Debug, Default)]
struct FlowCuts {
    n: u64,
    first: Time,
    last: Time,
    /// Σ min(gap, 2R) over the gaps between consecutive cuts (the wrap-around gap is added at summary).
    cover: Time,
}

/// Builds the sync index incrementally from each flow's window cuts, in O(1) memory per flow.
pub struct SyncTracker {
    r: Time,
    from: Time,
    per_flow: Vec<FlowCuts>,
    /// Cuts in time order, from R before the oldest undecided cut on.
    window: VecDeque<(Time, FlowId)>,
    /// `window[open..]` are undecided: a cut within R after them may still come.
    open: usize,
    cuts: u64,
    synced: u64,
    in_mass: u64,
    /// Distinct-flow counting without clearing: flow g was seen in the current scan iff stamp[g] == epoch.
    stamp: Vec<u64>,
    epoch: u64,
}

impl SyncTracker {
    /// Cuts of `flows` flows, R = `r`, measured from `from`.
    pub fn new(flows: usize, r: Time, from: Time) -> Self {
        SyncTracker {
            r,
            from,
            per_flow: vec![FlowCuts::default(); flows],
            window: VecDeque::new(),
            open: 0,
            cuts: 0,
            synced: 0,
            in_mass: 0,
            stamp: vec![0; flows],
            epoch: 0,
        }
    }

    /// Flow `f` cut its window at `t` (not before the previous call's `t`).
    pub fn record(&mut self, t: Time, f: FlowId) {
        debug_assert!(self.window.back().is_none_or(|(u, _)| *u <= t), "cuts out of time order");
        // Decide every cut that no later cut can reach any more.
        while self.open < self.window.len() && t > self.window[self.open].0.saturating_add(self.r) {
            self.epoch += 1;
            let (synced, mass) = judge(&self.window, self.open, self.r, &mut self.stamp, self.epoch);
            self.synced += synced as u64;
            self.in_mass += mass as u64;
            self.open += 1;
        }
        // Forget what neither an undecided cut nor a later one can see.
        let horizon = self.window.get(self.open).map_or(t, |c| c.0);
        while self.window.front().is_some_and(|(u, _)| u.saturating_add(self.r) < horizon) {
            self.window.pop_front();
            self.open -= 1;
        }
        self.window.push_back((t, f));
        self.cuts += 1;
        let c = &mut self.per_flow[f as usize];
        if c.n == 0 {
            c.first = t;
        } else {
            c.cover += (t - c.last).min(2 * self.r);
        }
        c.last = t;
        c.n += 1;
    }

    /// Cuts the tracker holds now (for the memory bound's test).
    pub fn held(&self) -> usize {
        self.window.len()
    }

    /// The index over every cut so far, the measured span ending at `to`.
    pub fn summary(&self, to: Time) -> SyncIndex {
        let flows = self.per_flow.len();
        let (mut synced, mut in_mass) = (self.synced, self.in_mass);
        let mut stamp = vec![0u64; flows];
        for i in self.open..self.window.len() {
            let (s, m) = judge(&self.window, i, self.r, &mut stamp, (i + 1) as u64);
            synced += s as u64;
            in_mass += m as u64;
        }
        let n = self.cuts as f64;
        let (index, mass, random) = if self.cuts == 0 {
            (f64::NAN, f64::NAN, f64::NAN)
        } else {
            let mass = if flows < 2 { f64::NAN } else { in_mass as f64 / n };
            (synced as f64 / n, mass, self.chance(to))
        };
        SyncIndex { cuts: self.cuts, index, random, excess: index - random, mass_cut_share: mass }
    }

    /// E[S] after independent uniform circular shifts of each flow's cuts over [from, to).
    fn chance(&self, to: Time) -> f64 {
        let span = to.saturating_sub(self.from).max(1);
        // miss[j]: the chance that flow j's shifted cuts leave a given instant uncovered.
        let miss: Vec<f64> = self
            .per_flow
            .iter()
            .map(|c| {
                if c.n == 0 {
                    return 1.0;
                }
                let wrap = span.saturating_sub(c.last - c.first);
                let cover = (c.cover + wrap.min(2 * self.r)).min(span);
                1.0 - cover as f64 / span as f64
            })
            .collect();
        // Π_{j≠i} miss[j] from prefix and suffix products (a division would fail on a zero factor).
        let mut suffix = vec![1.0; miss.len() + 1];
        for j in (0..miss.len()).rev() {
            suffix[j] = suffix[j + 1] * miss[j];
        }
        let (mut prefix, mut expected) = (1.0, 0.0);
        for (i, c) in self.per_flow.iter().enumerate() {
            expected += c.n as f64 * (1.0 - prefix * suffix[i + 1]);
            prefix *= miss[i];
        }
        expected / self.cuts as f64
    }
}

/// Whether the cut at `window[i]` has another flow's cut within ±R, and whether at least half the flows
/// (its own included) cut within ±R of it. `window` holds every cut within R of it, in time order.
fn judge(window: &VecDeque<(Time, FlowId)>, i: usize, r: Time, stamp: &mut [u64], epoch: u64) -> (bool, bool) {
    let (t, f) = window[i];
    // The cuts within ±R are one run of the time-ordered window: find it by bisection, so a busy window
    // (a thousand flows) costs O(log k) per cut rather than a scan of every neighbour.
    let lo = window.partition_point(|(u, _)| *u < t.saturating_sub(r));
    let hi = window.partition_point(|(u, _)| *u <= t.saturating_add(r));
    let near = window.range(lo..hi);
    let other = near.clone().any(|(_, g)| *g != f);
    let flows = stamp.len();
    // Fewer cuts than half the flows cannot come from half the flows: no need to count distinct ones.
    if flows < 2 || 2 * (hi - lo) < flows {
        return (other, false);
    }
    let mut distinct = 0usize;
    for (_, g) in near {
        if stamp[*g as usize] != epoch {
            stamp[*g as usize] = epoch;
            distinct += 1;
        }
    }
    (other, 2 * distinct >= flows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::time::MILLI;

    fn tracked(cuts: &[(Time, FlowId)], flows: usize, r: Time, from: Time, to: Time) -> SyncIndex {
        let mut s = SyncTracker::new(flows, r, from);
        for (t, f) in cuts {
            s.record(*t, *f);
        }
        s.summary(to)
    }

    /// The batch definition, straight from the text: every cut against every other cut.
    fn brute(cuts: &[(Time, FlowId)], flows: usize, r: Time) -> (f64, f64) {
        let near = |a: Time, b: Time| a.abs_diff(b) <= r;
        let synced = cuts.iter().filter(|(t, f)| cuts.iter().any(|(u, g)| g != f && near(*t, *u))).count();
        let mass = cuts
            .iter()
            .filter(|(t, _)| {
                let mut seen: Vec<FlowId> = cuts.iter().filter(|(u, _)| near(*t, *u)).map(|c| c.1).collect();
                seen.sort_unstable();
                seen.dedup();
                2 * seen.len() >= flows
            })
            .count();
        (synced as f64 / cuts.len() as f64, mass as f64 / cuts.len() as f64)
    }

    #[test]
    fn simultaneous_cuts_are_synchronised_and_spread_cuts_are_not() {
        let r = 100 * MILLI;
        let sync: Vec<(Time, FlowId)> =
            (0..20).flat_map(|k| (0..4).map(move |f| (k * 2000 * MILLI + f as u64, f))).collect();
        let s = tracked(&sync, 4, r, 0, 40_000 * MILLI);
        assert_eq!((s.cuts, s.index, s.mass_cut_share), (80, 1.0, 1.0));
        // Each flow's 20 cuts, 2 s apart on a 40 s circle, cover 20 · 2R = 4 s: a tenth of the circle per
        // other flow, so chance alone gives 1 − 0.9³ = 0.271.
        assert!((s.random - (1.0 - 0.9f64.powi(3))).abs() < 1e-12, "{s:?}");
        // Each flow cuts at its own phase, 500 ms apart: never within R of another.
        let spread: Vec<(Time, FlowId)> =
            (0..20).flat_map(|k| (0..4).map(move |f| (k * 2000 * MILLI + f as u64 * 500 * MILLI, f))).collect();
        let s = tracked(&spread, 4, r, 0, 40_000 * MILLI);
        assert_eq!((s.index, s.mass_cut_share), (0.0, 0.0));
        assert!((s.excess + (1.0 - 0.9f64.powi(3))).abs() < 1e-12, "{s:?}");
    }

    #[test]
    fn chance_counts_overlapping_neighbourhoods_once_and_wraps_around_the_span() {
        // R = 1 s on a 10 s span. Flow 0 cuts at 1 s and 1.5 s: ±R covers [0, 2.5] = 2.5 s (the 0.5 s gap
        // counted once, the 9.5 s wrap-around gap gives 2R). Flow 1 cuts at 0 s and 9.5 s: its wrap-around
        // gap is 0.5 s, so it covers [8.5, 11] = 2.5 s too. Each cut's chance: 2.5/10.
        let cuts = [(0, 1), (1000 * MILLI, 0), (1500 * MILLI, 0), (9500 * MILLI, 1)];
        let s = tracked(&cuts, 2, 1000 * MILLI, 0, 10_000 * MILLI);
        assert!((s.random - 0.25).abs() < 1e-12, "{s:?}");
        // 0 s and 1 s see each other's flow within R; 1.5 s and 9.5 s do not (the index itself never wraps).
        assert_eq!(s.index, 0.5);
        // With one cutting flow of three, no cut is synchronised, by chance or otherwise.
        let s = tracked(&[(0, 0), (5000 * MILLI, 0)], 3, 1000 * MILLI, 0, 10_000 * MILLI);
        assert_eq!((s.index, s.random, s.mass_cut_share), (0.0, 0.0, 0.0));
        assert!(tracked(&[], 3, MILLI, 0, 10).index.is_nan());
    }

    #[test]
    fn online_verdicts_equal_the_batch_definition_and_memory_stays_within_two_r() {
        let mut rng = Rng::new(7, 0);
        for case in 0..200usize {
            let flows = 1 + case % 7;
            let r = (1 + case as u64 % 5) * 10;
            let mut t = 0;
            let cuts: Vec<(Time, FlowId)> = (0..case % 60)
                .map(|_| {
                    t += (rng.uniform() * 30.0) as Time; // ties and cuts exactly R apart happen
                    (t, (rng.uniform() * flows as f64) as FlowId)
                })
                .collect();
            let mut s = SyncTracker::new(flows, r, 0);
            for (k, (t, f)) in cuts.iter().enumerate() {
                s.record(*t, *f);
                let in_2r = cuts[..=k].iter().filter(|(u, _)| t - u <= 2 * r).count();
                assert!(s.held() <= in_2r, "case {case}: holds {} cuts, {in_2r} within 2R", s.held());
                // A summary mid-run sees the cuts so far, some still undecided, as the batch would.
                let (index, mass) = brute(&cuts[..=k], flows, r);
                let got = s.summary(t + 1);
                assert_eq!(got.index, index, "case {case}, cut {k}");
                if flows >= 2 {
                    assert_eq!(got.mass_cut_share, mass, "case {case}, cut {k}");
                } else {
                    assert!(got.mass_cut_share.is_nan());
                }
            }
            if cuts.is_empty() {
                assert!(s.summary(1).index.is_nan());
            }
        }
    }
}
