//! HyStart++ (RFC 9406, "HyStart++: Modified Slow Start for TCP"): leave slow start when the RTT of a
//! round rises above the previous round's by a threshold, before the queue overflows, and grow by a quarter
//! of slow start for a few rounds (Conservative Slow Start) in case the rise was jitter.
//! ```text
//! round: ends when the ACK covers windowEnd (snd_max when the round began)
//! slow start: cwnd += min(acked, L);  after N_RTT_SAMPLE samples in a round:
//!     RttThresh = clamp(lastRoundMinRTT/8, 4 ms, 16 ms)
//!     currentRoundMinRTT ≥ lastRoundMinRTT + RttThresh → CSS, cssBaselineMinRtt = currentRoundMinRTT
//! CSS: cwnd += min(acked, L)/4;  after N_RTT_SAMPLE samples: currentRoundMinRTT < baseline → slow start
//!     CSS_ROUNDS rounds in CSS (the partial first one counts) → congestion avoidance, ssthresh = cwnd
//! ```
//! L = 8 (this sender does not pace Cubic). Only the first slow start uses it (§4.3): a loss or a timeout
//! ends it for good, later slow starts stop at the ssthresh the loss set.

use crate::time::{Time, MILLI};

/// Lower clamp of the RTT increase threshold (RFC 9406 §4.3).
pub const MIN_RTT_THRESH: Time = 4 * MILLI;
/// Upper clamp of the RTT increase threshold.
pub const MAX_RTT_THRESH: Time = 16 * MILLI;
/// The threshold is the last round's min RTT over this divisor, then clamped.
pub const MIN_RTT_DIVISOR: Time = 8;
/// RTT samples needed in a round before it can end slow start.
pub const N_RTT_SAMPLE: u32 = 8;
/// Conservative slow start grows cwnd by this fraction of slow start's rate.
pub const CSS_GROWTH_DIVISOR: f64 = 4.0;
/// Rounds of conservative slow start before congestion avoidance.
pub const CSS_ROUNDS: u32 = 5;
/// Segments per ACK at most, for a sender that does not pace (§4.2).
pub const L: u64 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// Where HyStart++ is in its search.
pub enum Stage {
    /// Standard slow start, watching the RTT.
    SlowStart,
    /// Conservative Slow Start.
    Css,
    /// Left for congestion avoidance: the caller sets ssthresh = cwnd.
    Done,
}

#[derive(Clone, Debug)]
/// HyStart++ (RFC 9406): leaves slow start when the RTT rises, through conservative slow start.
pub struct HyStart {
    stage: Stage,
    window_end: Option<u64>,
    last_round_min_rtt: Option<Time>,
    current_round_min_rtt: Option<Time>,
    rtt_sample_count: u32,
    css_baseline_min_rtt: Option<Time>,
    css_rounds: u32,
}

impl Default for HyStart {
    fn default() -> Self {
        HyStart {
            stage: Stage::SlowStart,
            window_end: None,
            last_round_min_rtt: None,
            current_round_min_rtt: None,
            rtt_sample_count: 0,
            css_baseline_min_rtt: None,
            css_rounds: 0,
        }
    }
}

/// The delay-increase threshold: lastRoundMinRTT/8 clamped to [4 ms, 16 ms] (§4.2).
pub fn rtt_thresh(last_round_min_rtt: Time) -> Time {
    (last_round_min_rtt / MIN_RTT_DIVISOR).clamp(MIN_RTT_THRESH, MAX_RTT_THRESH)
}

impl HyStart {
    /// The current stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The min RTT that started conservative slow start, while in it.
    pub fn css_baseline(&self) -> Option<Time> {
        self.css_baseline_min_rtt
    }

    /// One ACK of new data in slow start: `ack` the cumulative ACK, `snd_max` the highest segment sent + 1,
    /// `acked` the segments it covers, `rtt` its sample. Returns the segments to add to cwnd; afterwards
    /// `stage()` says whether to stay in slow start.
    pub fn on_ack(&mut self, ack: u64, snd_max: u64, acked: u64, rtt: Option<Time>) -> f64 {
        if self.stage == Stage::Done {
            return 0.0;
        }
        if self.window_end.is_none_or(|end| ack >= end) {
            // A round ends; the next one ends when what is sent by now is acked.
            self.window_end = Some(snd_max);
            self.last_round_min_rtt = self.current_round_min_rtt.take();
            self.rtt_sample_count = 0;
            if self.stage == Stage::Css {
                self.css_rounds += 1;
                if self.css_rounds >= CSS_ROUNDS {
                    self.stage = Stage::Done;
                    return 0.0;
                }
            }
        }
        let growth = acked.min(L) as f64;
        let growth = if self.stage == Stage::Css { growth / CSS_GROWTH_DIVISOR } else { growth };
        if let Some(r) = rtt {
            self.current_round_min_rtt = Some(self.current_round_min_rtt.map_or(r, |m| m.min(r)));
            self.rtt_sample_count += 1;
        }
        if self.rtt_sample_count >= N_RTT_SAMPLE {
            if let (Some(cur), Some(last)) = (self.current_round_min_rtt, self.last_round_min_rtt) {
                match self.stage {
                    Stage::SlowStart if cur >= last + rtt_thresh(last) => {
                        self.stage = Stage::Css;
                        self.css_baseline_min_rtt = Some(cur);
                        self.css_rounds = 0;
                    }
                    Stage::Css if self.css_baseline_min_rtt.is_some_and(|b| cur < b) => {
                        // The rise was not a queue: back to slow start (§4.2).
                        self.stage = Stage::SlowStart;
                        self.css_baseline_min_rtt = None;
                    }
                    _ => {}
                }
            }
        }
        growth
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One round: ACKs `from..to` (one segment each, RTT `rtt_ms`); the first ends the previous round and
    /// sets windowEnd = `to` (what was sent by then). Returns `to` and the growth.
    fn round(h: &mut HyStart, from: u64, to: u64, rtt_ms: u64) -> (u64, f64) {
        let grown = (from..to).map(|a| h.on_ack(a, to, 1, Some(rtt_ms * MILLI))).sum();
        (to, grown)
    }

    #[test]
    fn the_threshold_is_an_eighth_of_the_last_round_clamped_to_4_and_16_ms() {
        assert_eq!(rtt_thresh(20 * MILLI), 4 * MILLI);
        assert_eq!(rtt_thresh(80 * MILLI), 10 * MILLI);
        assert_eq!(rtt_thresh(200 * MILLI), 16 * MILLI);
    }

    #[test]
    fn exits_to_css_on_the_eighth_sample_of_a_risen_rtt_and_returns_when_it_falls() {
        let mut h = HyStart::default();
        let (at, grown) = round(&mut h, 1, 11, 80);
        assert_eq!(grown, 10.0);
        // +9 ms < threshold 80/8 = 10 ms: slow start goes on, one segment per ACK.
        let (at, grown) = round(&mut h, at, 31, 89);
        assert_eq!((h.stage(), grown), (Stage::SlowStart, 20.0));
        // 101 ms ≥ 89 + 89/8 = 100.125 ms: the exit comes with the 8th sample of the round, not before.
        for a in at..at + 7 {
            h.on_ack(a, 71, 1, Some(101 * MILLI));
            assert_eq!(h.stage(), Stage::SlowStart, "ack {a}");
        }
        h.on_ack(at + 7, 71, 1, Some(101 * MILLI));
        assert_eq!(h.stage(), Stage::Css);
        assert_eq!(h.css_baseline(), Some(101 * MILLI));
        // In CSS an ACK grows cwnd by a quarter segment.
        assert_eq!(h.on_ack(at + 8, 71, 1, Some(101 * MILLI)), 0.25);
        let (at, _) = round(&mut h, at + 9, 71, 101);
        // Next round the minimum falls below the baseline: back to slow start after 8 samples.
        for a in at..at + 7 {
            h.on_ack(a, 111, 1, Some(95 * MILLI));
        }
        assert_eq!(h.stage(), Stage::Css);
        h.on_ack(at + 7, 111, 1, Some(95 * MILLI));
        assert_eq!(h.stage(), Stage::SlowStart);
        assert_eq!(h.css_baseline(), None);
        assert_eq!(h.on_ack(at + 8, 111, 1, Some(95 * MILLI)), 1.0);
    }

    #[test]
    fn css_lasts_five_rounds_counting_the_partial_one_then_congestion_avoidance() {
        let mut h = HyStart::default();
        let (at, _) = round(&mut h, 1, 11, 40);
        // +10 ms ≥ 5 ms (4 ms floor < 40/8): CSS from the 8th ACK of this round (partial CSS round 1).
        let (mut at, _) = round(&mut h, at, 31, 50);
        assert_eq!(h.stage(), Stage::Css);
        for k in 2..=5 {
            at = round(&mut h, at, at + 10, 50).0;
            assert_eq!(h.stage(), Stage::Css, "CSS round {k}");
        }
        // The first ACK after the fifth CSS round: congestion avoidance, no growth.
        assert_eq!(h.on_ack(at, at + 10, 1, Some(50 * MILLI)), 0.0);
        assert_eq!(h.stage(), Stage::Done);
    }

    #[test]
    fn growth_per_ack_is_capped_at_l_segments() {
        let mut h = HyStart::default();
        assert_eq!(h.on_ack(20, 40, 20, Some(10 * MILLI)), 8.0);
        assert_eq!(h.on_ack(22, 40, 2, Some(10 * MILLI)), 2.0);
    }
}
