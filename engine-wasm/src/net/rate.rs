//! The bottleneck's capacity over time: the steps of `link.rate_schedule`, then, from `rate_slots.start_s`
//! on, slots of `rate_slots.slot_s` whose rates are drawn uniformly in [min_mbps, max_mbps] (a satellite or
//! cellular link's capacity changes).

use crate::rng::{stream, Rng};
use crate::scenario::{LinkSpec, RateSlots};
use crate::time::{from_secs, Time};

/// A change of the bottleneck's capacity, scheduled as an event of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RateChange {
    /// A step of `link.rate_schedule`: the capacity becomes this many bit/s.
    Step(f64),
    /// Slot `k` of `link.rate_slots` begins: its rate is drawn now, and slot k + 1 is scheduled.
    Slot(u64),
}

pub(super) struct RateSchedule {
    steps: Vec<(Time, f64)>,
    slots: Option<RateSlots>,
    /// Draws the slots' rates (its own stream: rng::stream::LINK_SCHEDULE).
    rng: Rng,
}

impl RateSchedule {
    pub(super) fn new(link: &LinkSpec, seed: u64) -> Self {
        let takeover = link.rate_slots.as_ref().map_or(f64::INFINITY, |p| p.start_s);
        RateSchedule {
            // The steps before the slot pattern takes over.
            steps: link
                .rate_schedule
                .iter()
                .filter(|r| r.at_s < takeover)
                .map(|r| (from_secs(r.at_s), r.rate_mbps * 1e6))
                .collect(),
            slots: link.rate_slots.clone(),
            rng: Rng::new(seed, stream::LINK_SCHEDULE),
        }
    }

    /// Whether the capacity changes during the run.
    pub(super) fn varies(&self) -> bool {
        !self.steps.is_empty() || self.slots.is_some()
    }

    /// The changes known from the start, in the order they are to be scheduled: the steps, then the first slot.
    pub(super) fn initial(&self) -> Vec<(Time, RateChange)> {
        let steps = self.steps.iter().map(|&(at, bps)| (at, RateChange::Step(bps)));
        let slot = self.slots.as_ref().map(|p| (from_secs(p.start_s), RateChange::Slot(0)));
        steps.chain(slot).collect()
    }

    /// The capacity `change` sets, bit/s, and the change that follows it, if any (None: a slot without
    /// `rate_slots`, which changes nothing).
    pub(super) fn apply(&mut self, change: RateChange) -> Option<(f64, Option<(Time, RateChange)>)> {
        match change {
            RateChange::Step(bps) => Some((bps, None)),
            RateChange::Slot(k) => {
                let p = self.slots.as_ref()?;
                let mbps = self.rng.range(p.min_mbps, p.max_mbps);
                // Slot k + 1 starts at start + (k + 1)·slot, computed from k so slot boundaries never drift.
                let next = from_secs(p.start_s + (k + 1) as f64 * p.slot_s);
                Some((mbps * 1e6, Some((next, RateChange::Slot(k + 1)))))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(json: &str) -> RateSchedule {
        RateSchedule::new(&serde_json::from_str(json).expect("a link"), 1)
    }

    #[test]
    fn a_fixed_rate_has_no_changes() {
        let s = schedule(r#"{"rate_mbps": 10}"#);
        assert!(!s.varies());
        assert!(s.initial().is_empty());
    }

    /// The steps at 1 s and 2 s come first; the one at 3 s falls after the slots take over at 2.5 s.
    #[test]
    fn steps_before_the_slots_take_over_then_the_first_slot() {
        let s = schedule(
            r#"{"rate_schedule": [{"at_s": 1, "rate_mbps": 5}, {"at_s": 2, "rate_mbps": 8}, {"at_s": 3, "rate_mbps": 9}],
                "rate_slots": {"start_s": 2.5, "slot_s": 0.5, "min_mbps": 2, "max_mbps": 4}}"#,
        );
        assert!(s.varies());
        let want = [
            (1_000_000_000, RateChange::Step(5e6)),
            (2_000_000_000, RateChange::Step(8e6)),
            (2_500_000_000, RateChange::Slot(0)),
        ];
        assert_eq!(s.initial(), want);
    }

    /// Slot k + 1 starts at start + (k + 1)·slot, and each slot's rate lies in [min, max].
    #[test]
    fn a_slot_draws_its_rate_in_range_and_names_the_next_slot() {
        let mut s = schedule(r#"{"rate_slots": {"start_s": 2.5, "slot_s": 0.5, "min_mbps": 2, "max_mbps": 4}}"#);
        for k in [0, 1, 7] {
            let (bps, next) = s.apply(RateChange::Slot(k)).expect("slots");
            assert!((2e6..=4e6).contains(&bps), "{bps}");
            assert_eq!(next, Some((from_secs(2.5 + (k + 1) as f64 * 0.5), RateChange::Slot(k + 1))));
        }
        assert_eq!(s.apply(RateChange::Step(3e6)), Some((3e6, None)));
        assert_eq!(schedule("{}").apply(RateChange::Slot(0)), None);
    }
}
