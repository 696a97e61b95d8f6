//! TCP Vegas (Brakmo, O'Malley, Peterson, "TCP Vegas: New Techniques for Congestion Detection and
//! Avoidance", SIGCOMM 1994; Brakmo & Peterson, IEEE JSAC 13(8) 1995), with the window rules of ns-2's
//! `tcp-vegas.cc` (the simulator of seed 004).
//!
//! Once per RTT, on the ACK of the segment tagged at the start of that RTT:
//! ```text
//! rtt      = mean RTT sample of the RTT just ended      BaseRTT = min RTT seen
//! expected = window / BaseRTT                           actual  = segments sent in that RTT / rtt
//! diff     = (expected − actual)·BaseRTT                  (≈ own segments queued; rounded to an integer)
//! slow start (cwnd < ssthresh): grow (+1 per ACK) only every other RTT; diff > γ: ssthresh = 2, cwnd −= cwnd/8
//! avoidance: diff < α: +1/cwnd per ACK (+1 per RTT); α ≤ diff ≤ β: hold; diff > β: cwnd −= 1 (cwnd ≥ 2)
//! ```
//! Growth is suspended while cwnd runs more than 2 segments ahead of the data in flight (ns-2), so a
//! receiver-window-limited Vegas does not inflate cwnd without bound.
//!
//! Loss (ns-2): the window `win` (⌊min(cwnd, flight)⌋) is cut once, and only if it has not been cut since
//! the lost segment was sent: win ≤ 3 → 2; segment already retransmitted → win/2; else win − win/4. The
//! sender's Reno recovery then inflates and deflates to that value, and ssthresh returns to 2 (Vegas uses
//! ssthresh only to leave slow start). Timeout: ssthresh = max(win/2, 2), cwnd = 2.
//!
//! Differences from ns-2. Not modelled: the fine-grained retransmission (resending on the 1st–2nd duplicate
//! ACK, or on the 1st–2nd new ACK after a retransmission, when the oldest segment is older than Vegas's own
//! timeout) and the retransmission without a cut of a later hole in an already-cut window; the shared
//! sender retransmits on the 3rd duplicate ACK (once per window) and on the RTO only. `window` is the
//! flight just before the ACK (flight + acked; ns-2's t_seqno_ − last_ack_, equal for per-segment ACKs);
//! ns-2's window() = min(cwnd, rwnd) is taken as min(cwnd, flight), rwnd being unknown here. BaseRTT is the
//! plain minimum (ns-2 also resets it to the mean RTT of an RTT in which at most one segment was sent).

use std::collections::BTreeMap;

use super::cc::{AckInfo, CcInfo, CcValues, CongestionControl, Recovery, Window};
use crate::aqm::params::ParamSpec;

/// Vegas in the catalogue. Its parameters keep the flow group's own keys (`vegas_alpha`, ...), which links and
/// the profiles have always written.
pub const INFO: CcInfo = CcInfo {
    name: "vegas",
    label: "Vegas",
    citation: "Brakmo & Peterson, TCP Vegas, IEEE JSAC 13(8), 1995",
    summary:
        "Delay-based avoidance: keeps between α and β of its segments queued, estimated from the RTT above BaseRTT.",
    params: &[
        ParamSpec::real(
            "vegas_alpha",
            "α",
            "segments",
            (0.0, 100.0),
            "With fewer segments than this queued, the window grows (ns-2 1; Linux and ns-3 2)",
        ),
        ParamSpec::real(
            "vegas_beta",
            "β",
            "segments",
            (0.0, 100.0),
            "With more segments than this queued, the window shrinks (ns-2 3; Linux and ns-3 4)",
        ),
        ParamSpec::real(
            "vegas_gamma",
            "γ",
            "segments",
            (0.0, 100.0),
            "Slow start ends when more segments than this are queued (1)",
        ),
        ParamSpec::choice(
            "vegas_rtt",
            "RTT measure",
            &["ns2", "min"],
            0,
            "The RTT compared once per RTT: ns2 the mean of the round's samples, min the smallest (Linux, ns-3)",
        ),
    ],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};
use crate::time::Time;

/// Which RTT of the round just ended the per-RTT decision uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RttMeasure {
    /// The mean of the round's samples (ns-2 `v_sumRTT_/v_cntRTT_`).
    #[default]
    #[serde(rename = "ns2")]
    Mean,
    /// The smallest sample of the round (Linux `tcp_vegas.c` minRTT, ns-3 `TcpVegas` m_minRtt), which
    /// ignores delayed-ACK inflation of single samples.
    #[serde(rename = "min")]
    Min,
}

/// Vegas thresholds, in segments queued at the bottleneck. Defaults are ns-2's `v_alpha_`, `v_beta_`,
/// `v_gamma_` = 1, 3, 1 (Linux and ns-3 use 2, 4, 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VegasParams {
    /// Below α queued segments, avoidance adds one segment per RTT.
    pub alpha: f64,
    /// Above β queued segments, avoidance removes one segment per RTT.
    pub beta: f64,
    /// Above γ queued segments, slow start ends.
    pub gamma: f64,
    /// Which RTT Vegas compares with BaseRTT: ns-2's per-segment sample or the round's minimum.
    pub rtt: RttMeasure,
}

impl VegasParams {
    /// The values a flow group gives Vegas's declared parameters ([`INFO`]).
    pub fn from_values(v: &CcValues) -> Self {
        VegasParams {
            alpha: v.number("vegas_alpha"),
            beta: v.number("vegas_beta"),
            gamma: v.number("vegas_gamma"),
            rtt: v.choice("vegas_rtt"),
        }
    }
}

impl Default for VegasParams {
    fn default() -> Self {
        VegasParams { alpha: 1.0, beta: 3.0, gamma: 1.0, rtt: RttMeasure::Mean }
    }
}

/// How cwnd grows on each ACK until the next per-RTT decision.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Growth {
    Hold,
    /// +1 per ACK, until ssthresh.
    SlowStart,
    /// +1/cwnd per ACK, cwnd taken at the decision.
    Linear(f64),
}

/// What the last per-RTT decision measured, for the UI.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct VegasState {
    /// Minimum RTT seen (s).
    pub base_rtt: f64,
    /// Mean RTT over the last measured RTT (s).
    pub rtt: f64,
    /// Expected rate, window/BaseRTT (segments/s).
    pub expected: f64,
    /// Actual rate, segments sent in the last RTT / rtt (segments/s).
    pub actual: f64,
    /// (expected − actual)·BaseRTT in segments, before rounding.
    pub diff: f64,
}

/// TCP Vegas's congestion avoidance and slow start (Brakmo & Peterson 1995).
pub struct Vegas {
    params: VegasParams,
    base_rtt: Option<Time>,
    /// RTT samples since the last decision (ns-2 `v_sumRTT_`, `v_cntRTT_`).
    sum_rtt: Time,
    cnt_rtt: u64,
    /// Smallest sample since the last decision (Linux/ns-3 minRTT).
    min_rtt: Option<Time>,
    /// The decision falls on the first ACK covering this segment (ns-2 `v_begseq_`).
    tag: u64,
    /// When the current RTT began (ns-2 `v_begtime_`); set by the first transmission.
    tag_time: Option<Time>,
    /// Segments sent since the tag was set (ns-2 `t_seqno_ − v_begseq_`).
    sent_in_rtt: u64,
    growth: Growth,
    /// Slow start grows in every other RTT (ns-2 `v_inc_flag_`).
    grow_this_rtt: bool,
    /// Highest segment sent + 1, to locate snd_una at a loss from the flight size.
    snd_max: u64,
    /// Last send time and transmission count of each segment not yet acknowledged.
    sent: BTreeMap<u64, (Time, u32)>,
    /// When cwnd was last cut by a loss or a timeout (ns-2 `t_cwnd_changed_`).
    last_cut: Option<Time>,
    /// A loss cut left ssthresh at the cut window: put it back to 2 at the next ACK.
    restore_ssthresh: bool,
    state: VegasState,
}

impl Vegas {
    /// A Vegas controller with no BaseRTT yet.
    pub fn new(params: VegasParams) -> Self {
        Vegas {
            params,
            base_rtt: None,
            sum_rtt: 0,
            cnt_rtt: 0,
            min_rtt: None,
            tag: 0,
            tag_time: None,
            sent_in_rtt: 0,
            growth: Growth::Hold,
            grow_this_rtt: true,
            snd_max: 0,
            sent: BTreeMap::new(),
            last_cut: None,
            restore_ssthresh: false,
            state: VegasState::default(),
        }
    }

    /// Vegas's current estimates, for tests and display.
    pub fn snapshot(&self) -> VegasState {
        self.state
    }

    /// The once-per-RTT decision. `window` = segments outstanding when this ACK arrived.
    fn decide(&mut self, w: &mut Window, window: u64, now: Time) {
        let rtt = match (self.params.rtt, self.min_rtt) {
            (RttMeasure::Min, Some(m)) => m as f64,
            _ if self.cnt_rtt > 0 => self.sum_rtt as f64 / self.cnt_rtt as f64,
            _ => now.saturating_sub(self.tag_time.unwrap_or(now)) as f64,
        };
        self.sum_rtt = 0;
        self.cnt_rtt = 0;
        self.min_rtt = None;
        if rtt <= 0.0 {
            return;
        }
        let base = self.base_rtt.map_or(rtt, |b| (b as f64).min(rtt));
        self.base_rtt = Some(base as Time);
        let base_s = base / 1e9;
        let rtt_s = rtt / 1e9;
        let expected = window as f64 / base_s;
        let actual = self.sent_in_rtt as f64 / rtt_s;
        let diff = (expected - actual) * base_s;
        self.state = VegasState { base_rtt: base_s, rtt: rtt_s, expected, actual, diff };
        // ns-2 rounds with int(x + 0.5), which truncates towards zero.
        let delta = libm::trunc(diff + 0.5);
        let p = self.params;
        if w.cwnd < w.ssthresh {
            self.grow_this_rtt = !self.grow_this_rtt;
            self.growth = if !self.grow_this_rtt {
                Growth::Hold
            } else if delta > p.gamma {
                // Queue building already in slow start: leave it, a little below the current window.
                w.ssthresh = 2.0;
                w.cwnd = (w.cwnd - w.cwnd / 8.0).max(2.0);
                Growth::Hold
            } else {
                Growth::SlowStart
            };
        } else if delta > p.beta {
            w.cwnd = (w.cwnd - 1.0).max(2.0);
            self.growth = Growth::Hold;
        } else if delta < p.alpha {
            self.growth = Growth::Linear(1.0 / w.cwnd);
        } else {
            self.growth = Growth::Hold;
        }
    }
}

impl Default for Vegas {
    fn default() -> Self {
        Vegas::new(VegasParams::default())
    }
}

impl CongestionControl for Vegas {
    fn recovery(&self) -> Recovery {
        Recovery::Reno
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        if self.restore_ssthresh {
            w.ssthresh = 2.0;
            self.restore_ssthresh = false;
        }
        self.sent = self.sent.split_off(&info.ack);
        let window = info.flight + info.acked;
        if info.ack > self.tag {
            self.decide(w, window, info.now);
            self.tag = info.snd_max;
            self.tag_time = Some(info.now);
            self.sent_in_rtt = 0;
        }
        if self.growth == Growth::SlowStart && w.cwnd >= w.ssthresh {
            self.growth = Growth::Hold;
        }
        // Only grow while the sender keeps up with cwnd (ns-2: cwnd − outstanding ≤ 2).
        if w.cwnd - window as f64 <= 2.0 {
            match self.growth {
                Growth::Hold => {}
                Growth::SlowStart => w.cwnd += 1.0,
                Growth::Linear(inc) => w.cwnd += inc,
            }
        }
        // ns-2 takes this ACK's sample after the decision: it belongs to the next RTT.
        if let Some(r) = info.rtt.filter(|&r| r > 0) {
            self.sum_rtt += r;
            self.cnt_rtt += 1;
            self.min_rtt = Some(self.min_rtt.map_or(r, |m| m.min(r)));
            self.base_rtt = Some(self.base_rtt.map_or(r, |b| b.min(r)));
        }
    }

    fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, now: Time) -> f64 {
        self.restore_ssthresh = true;
        let snd_una = self.snd_max.saturating_sub(flight);
        let (sent_at, transmits) = self.sent.get(&snd_una).copied().unwrap_or((now, 1));
        if self.last_cut.is_some_and(|cut| cut >= sent_at) {
            return w.cwnd; // already cut for this window of data
        }
        self.last_cut = Some(now);
        let win = libm::floor(w.cwnd.min(flight as f64));
        if win <= 3.0 {
            2.0
        } else if transmits > 1 {
            libm::floor(win / 2.0)
        } else {
            win - libm::floor(win / 4.0)
        }
    }

    fn on_rto(&mut self, w: &mut Window, flight: u64, now: Time) {
        let win = libm::floor(w.cwnd.min(flight as f64));
        w.ssthresh = libm::floor(win / 2.0).max(2.0);
        w.cwnd = 2.0;
        self.last_cut = Some(now);
        self.restore_ssthresh = false;
    }

    fn on_send(&mut self, seq: u64, now: Time) {
        let e = self.sent.entry(seq).or_insert((now, 0));
        *e = (now, e.1 + 1);
        self.snd_max = self.snd_max.max(seq + 1);
        self.sent_in_rtt += 1;
        self.tag_time.get_or_insert(now);
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let s = self.state;
        vec![
            ("base_rtt_ms", s.base_rtt * 1e3),
            ("vegas_rtt_ms", s.rtt * 1e3),
            ("diff", s.diff),
            ("expected_pps", s.expected),
            ("actual_pps", s.actual),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MILLI;

    /// One ACK of one segment at `now` with an RTT sample `rtt_ms`.
    fn ack(now: Time, ack: u64, flight: u64, snd_max: u64, rtt_ms: u64) -> AckInfo {
        AckInfo { now, acked: 1, rtt: Some(rtt_ms * MILLI), srtt: rtt_ms * MILLI, ack, flight, snd_max }
    }

    /// A fresh Vegas that has sent segments 0..n at `at`.
    fn having_sent(n: u64, at: Time) -> Vegas {
        let mut v = Vegas::default();
        for s in 0..n {
            v.on_send(s, at);
        }
        v
    }

    /// A Vegas in avoidance with cwnd 10, BaseRTT 100 ms, and segments 0..10 sent at t = 0 (the tag is
    /// segment 0). Then the RTT ends with the ACK of segment 0 after `sent` transmissions in it, whose mean
    /// RTT sample was `rtt_ms`.
    fn decision_after(rtt_ms: u64, sent: u64) -> (Vegas, Window) {
        let mut v = having_sent(sent, 0);
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        v.base_rtt = Some(100 * MILLI);
        v.sum_rtt = rtt_ms * MILLI;
        v.cnt_rtt = 1;
        // ACK of segment 0: 9 still in flight, so the window when it arrived was 10.
        v.on_ack(&mut w, &ack(rtt_ms * MILLI, 1, 9, sent, rtt_ms));
        (v, w)
    }

    #[test]
    fn diff_below_alpha_adds_one_segment_over_the_next_rtt() {
        // rtt = BaseRTT: expected = actual = 100 pkt/s, diff = 0 < α.
        let (mut v, mut w) = decision_after(100, 10);
        assert_eq!(v.snapshot().diff, 0.0);
        assert_eq!(v.snapshot().expected, 100.0);
        // The deciding ACK already adds 1/10; nine more ACKs of the same RTT add 1/10 each.
        assert!((w.cwnd - 10.1).abs() < 1e-12, "{}", w.cwnd);
        for i in 0..9 {
            v.on_ack(&mut w, &ack(101 * MILLI, 2 + i, 9, 11 + i, 100));
        }
        assert!((w.cwnd - 11.0).abs() < 1e-9, "{}", w.cwnd);
    }

    #[test]
    fn the_min_rtt_measure_takes_the_smallest_sample_of_the_round() {
        // Two samples, 100 and 200 ms: ns-2's mean 150 ms gives diff 3.33 (hold); Linux's min 100 ms gives
        // diff 0 (< α: grow).
        for (rtt, diff) in [(RttMeasure::Mean, 10.0 / 3.0), (RttMeasure::Min, 0.0)] {
            let mut v = Vegas::new(VegasParams { rtt, ..VegasParams::default() });
            let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
            v.base_rtt = Some(100 * MILLI);
            for s in 0..10 {
                v.on_send(s, 0);
            }
            v.on_ack(&mut w, &ack(0, 0, 10, 10, 100)); // not past the tag: only records the sample
            v.on_ack(&mut w, &ack(0, 0, 10, 10, 200));
            v.on_ack(&mut w, &ack(150 * MILLI, 1, 9, 10, 150));
            assert!((v.snapshot().diff - diff).abs() < 1e-9, "{rtt:?}: {}", v.snapshot().diff);
        }
    }

    #[test]
    fn diff_between_alpha_and_beta_holds_the_window() {
        // rtt 125 ms: actual = 10/0.125 = 80 pkt/s; diff = (100 − 80)·0.1 = 2 ∈ [1, 3].
        let (v, w) = decision_after(125, 10);
        assert!((v.snapshot().diff - 2.0).abs() < 1e-9);
        assert_eq!(v.snapshot().actual, 80.0);
        assert_eq!(w.cwnd, 10.0);
        // rtt 111 ms: diff = (100 − 90.09)·0.1 = 0.99 → 1 = α: hold, the band is closed.
        let (_, w) = decision_after(111, 10);
        assert_eq!(w.cwnd, 10.0);
    }

    #[test]
    fn diff_above_beta_removes_one_segment() {
        // rtt 200 ms: actual = 50 pkt/s; diff = (100 − 50)·0.1 = 5 > 3.
        let (v, w) = decision_after(200, 10);
        assert!((v.snapshot().diff - 5.0).abs() < 1e-9);
        assert_eq!(w.cwnd, 9.0);
        assert_eq!(v.growth, Growth::Hold);
    }

    #[test]
    fn diff_is_rounded_before_comparing_as_ns2_does() {
        // rtt 150 ms: actual = 66.7 pkt/s, diff = 3.33 → 3 ≤ β: hold, although above β unrounded.
        let (v, w) = decision_after(150, 10);
        assert!((v.snapshot().diff - 10.0 / 3.0).abs() < 1e-9);
        assert_eq!(w.cwnd, 10.0);
        // rtt 160 ms: diff = 3.75 → 4 > β: −1.
        let (_, w) = decision_after(160, 10);
        assert_eq!(w.cwnd, 9.0);
    }

    #[test]
    fn slow_start_grows_every_other_rtt_and_exits_when_diff_exceeds_gamma() {
        let mut v = Vegas::default();
        let mut w = Window { cwnd: 2.0, ssthresh: f64::INFINITY };
        v.on_send(0, 0);
        v.on_send(1, 0);
        // RTT 1 ends (ACK of 0, 100 ms): no-grow RTT; RTT 2 begins, tag = segment 2.
        v.on_ack(&mut w, &ack(100 * MILLI, 1, 1, 2, 100));
        v.on_ack(&mut w, &ack(100 * MILLI, 2, 0, 2, 100));
        assert_eq!(w.cwnd, 2.0);
        v.on_send(2, 100 * MILLI);
        v.on_send(3, 100 * MILLI);
        // RTT 2 ends, diff 0 ≤ γ: growing RTT, +1 per ACK.
        v.on_ack(&mut w, &ack(200 * MILLI, 3, 1, 4, 100));
        assert_eq!(w.cwnd, 3.0);
        assert_eq!(v.snapshot().base_rtt, 0.1);
        v.on_ack(&mut w, &ack(200 * MILLI, 4, 0, 4, 100));
        assert_eq!(w.cwnd, 4.0);
        for s in 4..8 {
            v.on_send(s, 200 * MILLI);
        }
        // RTT 3 ends (tag 4): no-grow RTT.
        v.on_ack(&mut w, &ack(300 * MILLI, 5, 3, 8, 100));
        assert_eq!(w.cwnd, 4.0);
        for (i, s) in (5..8).enumerate() {
            v.on_ack(&mut w, &ack(300 * MILLI, s + 1, 2 - i as u64, 8, 100));
        }
        for s in 8..12 {
            v.on_send(s, 300 * MILLI);
        }
        // RTT 4 ends with a mean RTT of 200 ms (queue building): window 4, expected 40, actual 4/0.2 = 20,
        // diff = 2 > γ = 1: ssthresh = 2, cwnd = 4 − 4/8 = 3.5, and avoidance from then on.
        v.sum_rtt = 200 * MILLI;
        v.cnt_rtt = 1;
        v.on_ack(&mut w, &ack(500 * MILLI, 9, 3, 12, 200));
        assert!((v.snapshot().diff - 2.0).abs() < 1e-9);
        assert_eq!((w.cwnd, w.ssthresh), (3.5, 2.0));
    }

    #[test]
    fn slow_start_with_diff_at_gamma_keeps_growing() {
        let mut v = having_sent(4, 0);
        let mut w = Window { cwnd: 4.0, ssthresh: f64::INFINITY };
        v.grow_this_rtt = false; // the next decision is a growing one
        v.base_rtt = Some(100 * MILLI);
        v.sum_rtt = 133 * MILLI;
        v.cnt_rtt = 1;
        // diff = (40 − 4/0.133)·0.1 = 0.992 → 1 ≤ γ.
        v.on_ack(&mut w, &ack(133 * MILLI, 1, 3, 4, 133));
        assert_eq!((w.cwnd, w.ssthresh), (5.0, f64::INFINITY));
    }

    #[test]
    fn growth_pauses_while_cwnd_runs_ahead_of_the_flight() {
        // Receiver-window limited: 10 in flight but cwnd 13.5 > window + 2: no growth despite diff < α.
        let mut v = having_sent(10, 0);
        let mut w = Window { cwnd: 13.5, ssthresh: 2.0 };
        v.base_rtt = Some(100 * MILLI);
        v.on_ack(&mut w, &ack(100 * MILLI, 1, 9, 10, 100));
        assert_eq!(w.cwnd, 13.5);
    }

    #[test]
    fn loss_cuts_a_quarter_once_per_window_then_ssthresh_returns_to_two() {
        let mut v = having_sent(12, 10 * MILLI);
        let w = Window { cwnd: 12.0, ssthresh: 2.0 };
        // Segment 0 lost, 12 in flight: 12 − 12/4 = 9.
        assert_eq!(v.ssthresh_on_loss(&w, 12, 100 * MILLI), 9.0);
        // ECN for a segment sent before that cut: no second cut.
        let w = Window { cwnd: 9.0, ssthresh: 9.0 };
        assert_eq!(v.ssthresh_on_loss(&w, 11, 120 * MILLI), 9.0);
        let mut w = Window { cwnd: 9.0, ssthresh: 9.0 };
        v.on_ack(&mut w, &ack(130 * MILLI, 5, 7, 12, 100));
        assert_eq!(w.ssthresh, 2.0);
    }

    #[test]
    fn loss_of_a_retransmitted_segment_halves_and_small_windows_go_to_two() {
        let mut v = having_sent(10, 0);
        v.on_send(0, 50 * MILLI); // segment 0 resent
        let w = Window { cwnd: 10.0, ssthresh: 2.0 };
        assert_eq!(v.ssthresh_on_loss(&w, 10, 100 * MILLI), 5.0);
        let mut v = having_sent(3, 0);
        let w = Window { cwnd: 3.0, ssthresh: 2.0 };
        assert_eq!(v.ssthresh_on_loss(&w, 3, 100 * MILLI), 2.0);
    }

    #[test]
    fn timeout_sets_cwnd_two_and_halves_ssthresh() {
        let mut v = Vegas::default();
        let mut w = Window { cwnd: 15.0, ssthresh: 2.0 };
        v.on_rto(&mut w, 15, 0);
        assert_eq!((w.cwnd, w.ssthresh), (2.0, 7.0));
    }
}
