//! BBR v1 (Cardwell, Cheng, Gunn, Hassas Yeganeh, Jacobson, "BBR: Congestion-Based Congestion Control",
//! ACM Queue 14(5), 2016; draft-cardwell-iccrg-bbr-congestion-control-00). BBR builds a model of the path
//! from two filters and paces to it instead of reacting to loss:
//! ```text
//! BtlBw  = max delivery rate over the last 10 round trips        (rate samples, `rate.rs`)
//! RTprop = min RTT over the last 10 s
//! pacing rate = pacing_gain·BtlBw        cwnd = cwnd_gain·BtlBw·RTprop + 3·send_quantum
//! Startup  pacing_gain = cwnd_gain = 2/ln 2, until BtlBw grew < 25 % in 3 rounds ("full pipe")
//! Drain    pacing_gain = ln 2/2 until inflight ≤ BDP
//! ProbeBW  pacing_gain cycles 1.25, 0.75, 1, 1, 1, 1, 1, 1 (one phase per RTprop), cwnd_gain 2,
//!          starting at a random phase other than 0.75
//! ProbeRTT every 10 s without a new RTprop: cwnd 4 for max(200 ms, one round)
//! ```
//! Loss (draft §4.2.3.4): on entering fast recovery cwnd = inflight + delivered and packet conservation for
//! one round (cwnd ≥ inflight + delivered), then normal growth; on leaving it the cwnd saved at the loss
//! comes back; a timeout sets cwnd = 1 and restores the saved cwnd once the lost flight is acked.
//!
//! Units: segments and segments/s inside; `state()` gives Mbit/s and ms. Inflight is this sender's
//! `pipe`: outstanding minus the segments duplicate ACKs reported (no SACK here, as Linux without SACK).

use std::collections::VecDeque;

use super::cc::{AckInfo, CcInfo, CongestionControl, Recovery, Window};
use super::rate::Delivery;
use crate::rng::Rng;
use crate::time::{Time, MILLI, NANOS_PER_SEC};

/// 2/ln 2: the smallest gain that doubles the sending rate each round in Startup (draft §4.3.2.1).
pub const HIGH_GAIN: f64 = 2.885_390_081_777_926_8;
/// ProbeBW's eight pacing-gain phases (draft §4.3.4.3).
pub const GAIN_CYCLE: [f64; 8] = [1.25, 0.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
/// Rounds of the windowed max filter on delivery rate (BtlBw).
pub const BTL_BW_FILTER_ROUNDS: u64 = 10;
/// Length of the windowed min filter on RTT (RTprop).
pub const RTPROP_FILTER_LEN: Time = 10 * NANOS_PER_SEC;
/// Time spent at the minimum window in ProbeRTT.
pub const PROBE_RTT_DURATION: Time = 200 * MILLI;
/// The smallest window BBR keeps, segments.
pub const MIN_PIPE_CWND: f64 = 4.0;
/// Full pipe: BtlBw must grow by this factor within `FULL_BW_ROUNDS` rounds (draft §4.3.2.2).
pub const FULL_BW_THRESH: f64 = 1.25;
/// Rounds without 25 % bandwidth growth before the pipe counts as full.
pub const FULL_BW_ROUNDS: u32 = 3;

/// BBR's state machine (draft §3.4). The number is what `state()` reports as `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Exponential search for the bottleneck bandwidth.
    Startup = 0,
    /// Drains the queue Startup built.
    Drain = 1,
    /// Steady state: cycles the pacing gain to probe for more bandwidth.
    ProbeBw = 2,
    /// Drops to a minimal window to re-measure the minimum RTT.
    ProbeRtt = 3,
}

/// Windowed max over the last `window` rounds, exact (a monotone deque; Linux keeps three samples of
/// Nichols' `minmax`, an approximation of the same).
#[derive(Clone, Debug)]
pub struct MaxFilter {
    window: u64,
    /// (round, value), rounds increasing and values decreasing.
    samples: VecDeque<(u64, f64)>,
}

impl MaxFilter {
    /// A filter over the last `window` rounds.
    pub fn new(window: u64) -> Self {
        MaxFilter { window, samples: VecDeque::new() }
    }

    /// Adds a sample taken in round `round`.
    pub fn update(&mut self, value: f64, round: u64) {
        while self.samples.back().is_some_and(|&(_, v)| v <= value) {
            self.samples.pop_back();
        }
        self.samples.push_back((round, value));
        self.expire(round);
    }

    fn expire(&mut self, round: u64) {
        while self.samples.front().is_some_and(|&(r, _)| r + self.window <= round) {
            self.samples.pop_front();
        }
    }

    /// The max over rounds (round − window, round]; 0 before the first sample.
    pub fn get(&self) -> f64 {
        self.samples.front().map_or(0.0, |s| s.1)
    }
}

/// BBR in the catalogue: the per-flow hover shows its path model.
pub const INFO: CcInfo = CcInfo {
    name: "bbr",
    label: "BBR",
    citation: "Cardwell et al., BBR: Congestion-Based Congestion Control, ACM Queue 14(5), 2016",
    summary: "Model-based and paced: estimates the bottleneck bandwidth and the round-trip propagation time.",
    params: &[],
    model_state: true,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};

/// BBR v1's model and state machine (draft-cardwell-iccrg-bbr-congestion-control-00).
pub struct Bbr {
    rng: Rng,
    segment_bytes: u32,
    initial_cwnd: f64,
    mode: Mode,
    pacing_gain: f64,
    cwnd_gain: f64,
    /// Segments/s.
    pacing_rate: f64,
    has_seen_rtt: bool,
    btl_bw: MaxFilter,
    rtprop: Option<Time>,
    rtprop_stamp: Time,
    rtprop_expired: bool,
    /// Round counting (draft §4.1.1.3).
    delivered: u64,
    next_round_delivered: u64,
    round_count: u64,
    round_start: bool,
    /// Full-pipe detection.
    filled_pipe: bool,
    full_bw: f64,
    full_bw_count: u32,
    /// ProbeBW gain cycling.
    cycle_index: usize,
    cycle_stamp: Time,
    /// ProbeRTT.
    probe_rtt_done_stamp: Option<Time>,
    probe_rtt_round_done: bool,
    /// The window BBR computed (the sender's may have been moved by its loss recovery since).
    cwnd: f64,
    prior_cwnd: f64,
    packet_conservation: bool,
    in_recovery: bool,
    /// After a timeout: the flight then outstanding ends the loss episode once acked.
    loss_recover: Option<u64>,
    snd_max: u64,
}

impl Bbr {
    /// A BBR controller in Startup, with its own random stream for the ProbeBW start phase.
    pub fn new(rng: Rng, segment_bytes: u32, initial_cwnd: f64) -> Self {
        let mut b = Bbr {
            rng,
            segment_bytes,
            initial_cwnd,
            mode: Mode::Startup,
            pacing_gain: HIGH_GAIN,
            cwnd_gain: HIGH_GAIN,
            // No RTT yet: a nominal 1 ms (draft §4.2.1, Linux `bbr_init_pacing_rate_from_rtt`).
            pacing_rate: HIGH_GAIN * initial_cwnd / 1e-3,
            has_seen_rtt: false,
            btl_bw: MaxFilter::new(BTL_BW_FILTER_ROUNDS),
            rtprop: None,
            rtprop_stamp: 0,
            rtprop_expired: false,
            delivered: 0,
            next_round_delivered: 0,
            round_count: 0,
            round_start: false,
            filled_pipe: false,
            full_bw: 0.0,
            full_bw_count: 0,
            cycle_index: 0,
            cycle_stamp: 0,
            probe_rtt_done_stamp: None,
            probe_rtt_round_done: false,
            cwnd: initial_cwnd,
            prior_cwnd: 0.0,
            packet_conservation: false,
            in_recovery: false,
            loss_recover: None,
            snd_max: 0,
        };
        b.enter_startup();
        b
    }

    /// The state machine's current mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// BtlBw in segments/s.
    pub fn btl_bw(&self) -> f64 {
        self.btl_bw.get()
    }

    /// The current pacing gain.
    pub fn pacing_gain(&self) -> f64 {
        self.pacing_gain
    }

    /// The ProbeBW gain-cycle phase.
    pub fn cycle_index(&self) -> usize {
        self.cycle_index
    }

    /// Whether Startup found the pipe full.
    pub fn filled_pipe(&self) -> bool {
        self.filled_pipe
    }

    fn enter_startup(&mut self) {
        self.mode = Mode::Startup;
        self.pacing_gain = HIGH_GAIN;
        self.cwnd_gain = HIGH_GAIN;
    }

    fn enter_drain(&mut self) {
        self.mode = Mode::Drain;
        self.pacing_gain = 1.0 / HIGH_GAIN;
        self.cwnd_gain = HIGH_GAIN;
    }

    fn enter_probe_bw(&mut self, now: Time) {
        self.mode = Mode::ProbeBw;
        self.pacing_gain = 1.0;
        self.cwnd_gain = 2.0;
        // Any phase but the draining 0.75 one: index 7 − U{0..6}, then advance (draft §4.3.4.4).
        let r = (self.rng.next_u64() % 7) as usize;
        self.cycle_index = GAIN_CYCLE.len() - 1 - r;
        self.advance_cycle_phase(now);
    }

    fn enter_probe_rtt(&mut self) {
        self.mode = Mode::ProbeRtt;
        self.pacing_gain = 1.0;
        self.cwnd_gain = 1.0;
    }

    fn advance_cycle_phase(&mut self, now: Time) {
        self.cycle_stamp = now;
        self.cycle_index = (self.cycle_index + 1) % GAIN_CYCLE.len();
        self.pacing_gain = GAIN_CYCLE[self.cycle_index];
    }

    fn send_quantum(&self) -> f64 {
        // Draft §4.2.2: 1 MSS below 1.2 Mbit/s, 2 below 24 Mbit/s, else 1 ms of data up to 64 KB.
        let bps = self.pacing_rate * self.segment_bytes as f64 * 8.0;
        if bps < 1.2e6 {
            1.0
        } else if bps < 24e6 {
            2.0
        } else {
            libm::floor((self.pacing_rate * 1e-3).min(65536.0 / self.segment_bytes as f64)).max(2.0)
        }
    }

    /// BBRInflight(gain): gain·BDP + 3 send quanta; the initial window until an RTT is known (§4.2.3.2).
    pub fn inflight(&self, gain: f64) -> f64 {
        match self.rtprop {
            None => self.initial_cwnd,
            Some(rtprop) => {
                let bdp = self.btl_bw() * rtprop as f64 / NANOS_PER_SEC as f64;
                gain * bdp + 3.0 * self.send_quantum()
            }
        }
    }

    fn save_cwnd(&mut self) {
        self.prior_cwnd =
            if !self.in_recovery && self.mode != Mode::ProbeRtt { self.cwnd } else { self.prior_cwnd.max(self.cwnd) };
    }

    fn restore_cwnd(&mut self) {
        self.cwnd = self.cwnd.max(self.prior_cwnd);
    }

    fn update_round(&mut self, d: &Delivery) {
        self.delivered = d.delivered;
        self.round_start = false;
        if let Some(prior) = d.sample.prior_delivered {
            if prior >= self.next_round_delivered {
                self.next_round_delivered = self.delivered;
                self.round_count += 1;
                self.round_start = true;
                self.packet_conservation = false;
            }
        }
    }

    fn update_btl_bw(&mut self, d: &Delivery) {
        let rs = &d.sample;
        // Without a sample the old max stands, however old (Linux `minmax` likewise ages only on update).
        if rs.valid && (rs.delivery_rate >= self.btl_bw() || !rs.is_app_limited) {
            self.btl_bw.update(rs.delivery_rate, self.round_count);
        }
    }

    fn is_next_cycle_phase(&self, d: &Delivery) -> bool {
        let full_length = self.rtprop.is_some_and(|r| d.now.saturating_sub(self.cycle_stamp) > r);
        let prior_inflight = d.prior_pipe as f64;
        if self.pacing_gain > 1.0 {
            full_length && (d.lost > 0 || prior_inflight >= self.inflight(self.pacing_gain))
        } else if self.pacing_gain < 1.0 {
            full_length || prior_inflight <= self.inflight(1.0)
        } else {
            full_length
        }
    }

    fn check_full_pipe(&mut self, d: &Delivery) {
        if self.filled_pipe || !self.round_start || d.sample.is_app_limited {
            return;
        }
        if self.btl_bw() >= self.full_bw * FULL_BW_THRESH {
            self.full_bw = self.btl_bw();
            self.full_bw_count = 0;
            return;
        }
        self.full_bw_count += 1;
        if self.full_bw_count >= FULL_BW_ROUNDS {
            self.filled_pipe = true;
        }
    }

    fn update_rtprop(&mut self, d: &Delivery) {
        self.rtprop_expired = d.now > self.rtprop_stamp + RTPROP_FILTER_LEN;
        if let Some(rtt) = d.rtt.filter(|&r| r > 0) {
            if self.rtprop.is_none_or(|m| rtt <= m) || self.rtprop_expired {
                self.rtprop = Some(rtt);
                self.rtprop_stamp = d.now;
            }
        }
    }

    /// Returns true when the samples of this flight must be taken as app-limited (ProbeRTT's low rate).
    fn check_probe_rtt(&mut self, d: &Delivery) -> bool {
        if self.mode != Mode::ProbeRtt && self.rtprop_expired {
            self.enter_probe_rtt();
            self.save_cwnd();
            self.probe_rtt_done_stamp = None;
        }
        if self.mode != Mode::ProbeRtt {
            return false;
        }
        if self.probe_rtt_done_stamp.is_none() && d.pipe as f64 <= MIN_PIPE_CWND {
            self.probe_rtt_done_stamp = Some(d.now + PROBE_RTT_DURATION);
            self.probe_rtt_round_done = false;
            self.next_round_delivered = self.delivered;
        } else if let Some(done) = self.probe_rtt_done_stamp {
            if self.round_start {
                self.probe_rtt_round_done = true;
            }
            if self.probe_rtt_round_done && d.now > done {
                self.rtprop_stamp = d.now;
                self.restore_cwnd();
                if self.filled_pipe {
                    self.enter_probe_bw(d.now);
                } else {
                    self.enter_startup();
                }
            }
        }
        true
    }

    fn set_pacing_rate(&mut self) {
        let rate = self.pacing_gain * self.btl_bw();
        if self.filled_pipe || rate > self.pacing_rate {
            self.pacing_rate = rate;
        }
    }

    fn set_cwnd(&mut self, d: &Delivery) {
        let newly = d.newly_delivered as f64;
        // Recovery (draft §4.2.3.4; Linux `bbr_set_cwnd_to_recover_or_restore`).
        if d.lost > 0 {
            self.cwnd = (self.cwnd - d.lost as f64).max(1.0);
        }
        if d.in_recovery && !self.in_recovery {
            self.packet_conservation = true;
            self.next_round_delivered = self.delivered; // a round starts now
            self.cwnd = d.pipe as f64 + newly.max(1.0);
        } else if !d.in_recovery && self.in_recovery {
            self.restore_cwnd();
            self.packet_conservation = false;
        }
        self.in_recovery = d.in_recovery;
        if self.loss_recover.is_some_and(|r| d.snd_una >= r) {
            self.loss_recover = None;
            self.restore_cwnd();
        }
        if self.packet_conservation {
            self.cwnd = self.cwnd.max(d.pipe as f64 + newly);
        } else {
            let target = self.inflight(self.cwnd_gain);
            if self.filled_pipe {
                self.cwnd = (self.cwnd + newly).min(target);
            } else if self.cwnd < target || self.delivered < self.initial_cwnd as u64 {
                self.cwnd += newly;
            }
            self.cwnd = self.cwnd.max(MIN_PIPE_CWND);
        }
        if self.mode == Mode::ProbeRtt {
            self.cwnd = self.cwnd.min(MIN_PIPE_CWND);
        }
    }
}

impl CongestionControl for Bbr {
    fn recovery(&self) -> Recovery {
        Recovery::NewReno
    }

    /// Growth happens in `on_delivery`, on every ACK.
    fn on_ack(&mut self, _w: &mut Window, _info: &AckInfo) {}

    /// BBR does not cut on loss (Linux `bbr_ssthresh`): it saves cwnd for the end of recovery, and leaves
    /// ssthresh infinite.
    fn ssthresh_on_loss(&mut self, _w: &Window, _flight: u64, _now: Time) -> f64 {
        self.save_cwnd();
        f64::INFINITY
    }

    fn on_rto(&mut self, w: &mut Window, _flight: u64, _now: Time) {
        self.save_cwnd();
        self.cwnd = 1.0;
        self.packet_conservation = false;
        self.in_recovery = false;
        self.loss_recover = Some(self.snd_max);
        w.cwnd = 1.0;
        w.ssthresh = f64::INFINITY;
    }

    /// BBR keeps sending at its rate through a recovery with many holes; Linux, its reference, rearms the
    /// timer on every ACK of new data, so it recovers one hole per round trip instead of timing out.
    fn rearm_on_partial_ack(&self) -> bool {
        true
    }

    fn wants_rate_samples(&self) -> bool {
        true
    }

    fn on_delivery(&mut self, w: &mut Window, d: &Delivery) -> bool {
        self.snd_max = d.snd_max;
        if !self.has_seen_rtt && d.srtt > 0 {
            // First RTT: the initial pacing rate from it (Linux `bbr_init_pacing_rate_from_rtt`).
            self.has_seen_rtt = true;
            self.pacing_rate = HIGH_GAIN * self.cwnd * NANOS_PER_SEC as f64 / d.srtt as f64;
        }
        // BBRUpdateModelAndState (draft §4.1).
        self.update_round(d);
        self.update_btl_bw(d);
        if self.mode == Mode::ProbeBw && self.is_next_cycle_phase(d) {
            self.advance_cycle_phase(d.now);
        }
        self.check_full_pipe(d);
        if self.mode == Mode::Startup && self.filled_pipe {
            self.enter_drain();
        }
        if self.mode == Mode::Drain && d.pipe as f64 <= self.inflight(1.0) {
            self.enter_probe_bw(d.now);
        }
        self.update_rtprop(d);
        let app_limited = self.check_probe_rtt(d);
        // BBRUpdateControlParameters.
        self.set_pacing_rate();
        self.set_cwnd(d);
        // BBR's window bounds the pipe (Linux compares `tcp_packets_in_flight` with cwnd); the sender tests
        // its window against `d.flight` (the outstanding segments, or a SACK sender's pipe in recovery), so
        // the difference is added back.
        w.cwnd = self.cwnd + d.flight as f64 - d.pipe as f64;
        w.ssthresh = f64::INFINITY;
        app_limited
    }

    fn pacing_rate(&self) -> Option<f64> {
        Some(self.pacing_rate)
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let mbps = |sps: f64| sps * self.segment_bytes as f64 * 8.0 / 1e6;
        vec![
            ("mode", self.mode as u8 as f64),
            ("btl_bw_mbps", mbps(self.btl_bw())),
            ("min_rtt_ms", self.rtprop.map_or(f64::NAN, |r| r as f64 / 1e6)),
            ("pacing_gain", self.pacing_gain),
            ("cwnd_gain", self.cwnd_gain),
            ("pacing_rate_mbps", mbps(self.pacing_rate)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::rate::RateSample;

    fn bbr(seed: u64) -> Bbr {
        Bbr::new(Rng::new(seed, 9), 1000, 2.0)
    }

    /// A BBR (random source `seed`) in ProbeBW after one 40 ms, 1000 segments/s sample, its window
    /// `cwnd` segments, and the sender's window it drives.
    fn probing_bw(seed: u64, cwnd: f64) -> (Bbr, Window) {
        let mut b = bbr(seed);
        let mut w = Window { cwnd: 2.0, ssthresh: f64::INFINITY };
        b.on_delivery(&mut w, &ack(0, 1000.0, 40 * MILLI, 10, 0));
        b.filled_pipe = true;
        b.enter_probe_bw(0);
        b.cwnd = cwnd;
        (b, w)
    }

    /// An ACK at `now` with a valid rate sample of `rate` segments/s that starts a round.
    fn ack(now: Time, rate: f64, rtt: Time, pipe: u64, delivered: u64) -> Delivery {
        Delivery {
            now,
            rtt: Some(rtt),
            srtt: rtt,
            sample: RateSample {
                delivery_rate: rate,
                delivered: 1,
                interval: rtt,
                prior_delivered: Some(delivered),
                is_app_limited: false,
                valid: true,
            },
            newly_delivered: 1,
            delivered: delivered + 1,
            flight: pipe,
            prior_flight: pipe,
            pipe,
            prior_pipe: pipe,
            ..Delivery::default()
        }
    }

    #[test]
    fn the_max_filter_keeps_the_best_of_the_last_ten_rounds() {
        let mut f = MaxFilter::new(10);
        assert_eq!(f.get(), 0.0);
        f.update(5.0, 0);
        f.update(3.0, 1);
        assert_eq!(f.get(), 5.0);
        f.update(2.0, 9);
        assert_eq!(f.get(), 5.0, "round 0 is still within (−1, 9]");
        f.update(2.5, 10);
        assert_eq!(f.get(), 3.0, "round 0 expired: the best of rounds 1..=10");
        f.update(4.0, 11);
        assert_eq!(f.get(), 4.0);
        f.update(1.0, 21);
        assert_eq!(f.get(), 1.0);
    }

    #[test]
    fn startup_ends_after_three_rounds_without_25_percent_growth_then_drain_then_probe_bw() {
        let mut b = bbr(1);
        let mut w = Window { cwnd: 2.0, ssthresh: f64::INFINITY };
        let rtt = 40 * MILLI;
        // Rates double for 4 rounds, then stay flat: full pipe on the 3rd flat round.
        let rates = [100.0, 200.0, 400.0, 800.0, 850.0, 900.0, 950.0];
        for (i, r) in rates.iter().enumerate() {
            b.on_delivery(&mut w, &ack(i as Time * rtt, *r, rtt, 60, b.delivered));
            let expect_full = i == rates.len() - 1;
            assert_eq!(b.filled_pipe(), expect_full, "round {i}");
        }
        // Filled: Drain, unless inflight (60) is already ≤ BDP + quanta = 800·0.04 + 6 = 38: it is not.
        assert_eq!(b.mode(), Mode::Drain);
        assert!((b.pacing_gain() - 1.0 / HIGH_GAIN).abs() < 1e-12);
        b.on_delivery(&mut w, &ack(8 * rtt, 700.0, rtt, 30, b.delivered));
        assert_eq!(b.mode(), Mode::ProbeBw);
        // BBR's cwnd = 2·BDP + 3 quanta at most: 2·950·0.04 + 6 = 82.
        assert!(w.cwnd <= 82.0 + 1e-9, "{}", w.cwnd);
    }

    #[test]
    fn probe_bw_never_starts_in_the_draining_phase_and_cycles_through_all_eight() {
        let mut starts = [0; 8];
        for seed in 0..200 {
            let mut b = bbr(seed);
            b.rtprop = Some(40 * MILLI);
            b.enter_probe_bw(0);
            starts[b.cycle_index()] += 1;
        }
        assert_eq!(starts[1], 0, "{starts:?}");
        assert!(starts.iter().enumerate().all(|(i, &n)| i == 1 || n > 10), "{starts:?}");
        // Phases of gain 1 last one RTprop; 1.25 also needs inflight to reach 1.25·BDP (or a loss); 0.75 ends
        // early once inflight is down to the BDP.
        let mut b = bbr(3);
        b.rtprop = Some(40 * MILLI);
        b.btl_bw.update(1000.0, 0); // BDP 40 segments
        b.pacing_rate = 1000.0; // 8 Mbit/s: send quantum 2 segments
        b.filled_pipe = true;
        b.enter_probe_bw(0);
        b.cycle_index = GAIN_CYCLE.len() - 1;
        b.advance_cycle_phase(0);
        assert_eq!(b.pacing_gain(), 1.25);
        let at = |now: Time, prior_pipe: u64| Delivery { now, prior_pipe, ..Delivery::default() };
        assert!(!b.is_next_cycle_phase(&at(41 * MILLI, 40)), "inflight below 1.25·BDP + quanta");
        assert!(b.is_next_cycle_phase(&at(41 * MILLI, 56)), "1.25·40 + 6 = 56 reached");
        assert!(!b.is_next_cycle_phase(&at(39 * MILLI, 60)), "not a full RTprop yet");
        b.advance_cycle_phase(41 * MILLI);
        assert_eq!(b.pacing_gain(), 0.75);
        assert!(b.is_next_cycle_phase(&at(42 * MILLI, 46)), "inflight ≤ BDP + quanta ends 0.75 early");
        assert!(!b.is_next_cycle_phase(&at(42 * MILLI, 47)));
        for k in 2..8 {
            b.advance_cycle_phase(0);
            assert_eq!((b.cycle_index(), b.pacing_gain()), (k, 1.0));
        }
        b.advance_cycle_phase(0);
        assert_eq!(b.cycle_index(), 0);
    }

    #[test]
    fn probe_rtt_after_ten_seconds_without_a_new_min_holds_four_segments_for_200_ms() {
        let (mut b, mut w) = probing_bw(5, 86.0);
        // 10 s later, RTT samples of 50 ms only: RTprop expired.
        let t = RTPROP_FILTER_LEN + MILLI;
        assert!(b.on_delivery(&mut w, &ack(t, 1000.0, 50 * MILLI, 80, b.delivered)), "samples app-limited");
        assert_eq!(b.mode(), Mode::ProbeRtt);
        assert_eq!(w.cwnd, MIN_PIPE_CWND);
        assert_eq!(b.prior_cwnd, 86.0);
        // Inflight down to 4: the 200 ms start; a round and 200 ms later, back to ProbeBW with cwnd 86.
        b.on_delivery(&mut w, &ack(t + 100 * MILLI, 1000.0, 40 * MILLI, 4, b.delivered));
        assert_eq!(b.mode(), Mode::ProbeRtt);
        b.on_delivery(&mut w, &ack(t + 200 * MILLI, 1000.0, 40 * MILLI, 4, b.delivered));
        assert_eq!(b.mode(), Mode::ProbeRtt, "200 ms not yet over");
        b.on_delivery(&mut w, &ack(t + 301 * MILLI, 1000.0, 40 * MILLI, 4, b.delivered));
        assert_eq!(b.mode(), Mode::ProbeBw);
        assert!(w.cwnd >= 86.0 - 1e-9, "{}", w.cwnd);
        assert_eq!(b.rtprop, Some(40 * MILLI));
    }

    #[test]
    fn recovery_conserves_packets_then_restores_the_window() {
        let (mut b, mut w) = probing_bw(7, 80.0);
        assert_eq!(b.ssthresh_on_loss(&w, 80, MILLI), f64::INFINITY);
        // The third duplicate ACK: recovery with 70 in the pipe: cwnd = pipe + 1, less the lost head.
        let mut d = ack(MILLI, 0.0, 40 * MILLI, 70, b.delivered);
        d.sample = RateSample::default();
        d.in_recovery = true;
        d.lost = 1;
        d.flight = 80;
        b.on_delivery(&mut w, &d);
        assert_eq!(b.cwnd, 71.0);
        // The sender's window counts the 10 segments the duplicates reported as well.
        assert_eq!(w.cwnd, 81.0);
        // Recovery ends: the 80 saved at the loss comes back.
        let mut d = ack(50 * MILLI, 1000.0, 40 * MILLI, 60, b.delivered);
        d.in_recovery = false;
        b.on_delivery(&mut w, &d);
        assert!(b.cwnd >= 80.0, "{}", b.cwnd);
    }
}
