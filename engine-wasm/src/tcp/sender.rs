//! The TCP sender (docs/algorithms/tcp.md): sequence space in segments, cumulative ACK processing, fast
//! retransmit and recovery per [`Recovery`], ECN response, and the retransmission timer (RFC 6298, Karn,
//! exponential back-off). Window growth and cuts are delegated to the variant's [`CongestionControl`].
//!
//! With SACK (RFC 2018) the sender keeps an RFC 6675 scoreboard and recovers as `recovery.rs` describes;
//! PRR (RFC 6937), Limited Transmit (RFC 3042) and RACK-TLP (RFC 8985) are options of a flow.
//!
//! The sender never touches the scheduler: it writes the packets to send and the timer to (re)arm into an
//! [`Outbox`], and the simulation acts on it.

mod recovery;

use super::prr::Prr;
use super::rack::Rack;
use super::rate::{Delivery, RateSampler};
use super::receiver::Feedback;
use super::registry::BoxedController;
use super::rtt::{RtoConfig, RttEstimator};
use super::scoreboard::Scoreboard;
#[cfg(target_arch = "wasm32")]
use super::CongestionControl; // the enum's methods (registry::BoxedController)
use super::{EcnSample, Recovery, Window};
use crate::packet::{Ack, Ect, FlowId, Packet};
use crate::time::Time;

#[derive(Clone, Copy, Debug)]
/// How one TCP sender is set up.
pub struct SenderConfig {
    /// The flow it sends.
    pub flow: FlowId,
    /// Bytes of one segment on the wire (ns-2 `packetSize_`).
    pub segment_size: u32,
    /// Receiver-advertised window in segments (seed 004's "basic window").
    pub rwnd: u32,
    /// Initial window, segments (RFC 3390 / RFC 6928).
    pub initial_cwnd: f64,
    /// ECN-capable (RFC 3168): reduces once per window on an echoed mark.
    pub ecn: bool,
    /// The codepoint its packets carry (Not-ECT without `ecn`).
    pub ect: Ect,
    /// Service class carried by its packets.
    pub class: u8,
    /// Round ssthresh down to whole segments after a cut (Linux, ns-2 before 2006).
    pub whole_segment_cuts: bool,
    /// Retransmission-timeout bounds.
    pub rto: RtoConfig,
    /// SACK scoreboard and RFC 6675 loss recovery (the receiver sends SACK blocks).
    pub sack: bool,
    /// PRR-SSRB (RFC 6937) sets the window during fast recovery instead of RFC 6582/RFC 6675's.
    pub prr: bool,
    /// With `prr` and SACK, count DeliveredData as ns-3.44 does (`FlowGroup::prr_dupack_credit`).
    pub prr_dupack_credit: bool,
    /// Limited Transmit (RFC 3042).
    pub limited_transmit: bool,
    /// RACK-TLP (RFC 8985); needs `sack`.
    pub rack: bool,
}

/// What one call asks the simulation to do.
#[derive(Debug, Default)]
pub struct Outbox {
    /// Packets to put on the access link, in order.
    pub packets: Vec<Packet>,
    /// Arm the retransmission timer: (deadline, generation). Older generations are stale.
    pub timer: Option<(Time, u64)>,
    /// The window was cut (a congestion event), for the synchronisation index.
    pub cut: bool,
    /// A paced sender has more to send at this time (call `on_pace` then).
    pub pace: Option<Time>,
}

impl Outbox {
    /// Empties the outbox for reuse.
    pub fn clear(&mut self) {
        self.packets.clear();
        self.timer = None;
        self.cut = false;
        self.pace = None;
    }
}

/// Coarse state for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// cwnd below ssthresh.
    SlowStart,
    /// Congestion avoidance.
    Avoidance,
    /// Fast recovery or after a timeout.
    Recovery,
}

/// Which loss recovery the sender is in, for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecoveryKind {
    #[default]
    /// Not in loss recovery.
    Open,
    /// Fast recovery after duplicate ACKs, SACK or RACK marks.
    Fast,
    /// Resending after a retransmission timeout (SACK senders; without SACK a timeout is go-back-N).
    Timeout,
}

/// What the one sender timer is armed for: RACK-TLP shares it with the RTO (RFC 8985 §7.3, as Linux).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum TimerKind {
    #[default]
    Rto,
    /// RACK's reordering timer (RFC 8985 §6.2 step 5).
    Reo,
    /// TLP's probe timeout (RFC 8985 §7.2).
    Pto,
}

/// A TCP sender: windows, timers, loss recovery, and its congestion controller.
pub struct TcpSender {
    cfg: SenderConfig,
    cc: BoxedController,
    /// Congestion window and slow-start threshold.
    pub w: Window,
    /// Oldest unacknowledged segment.
    pub snd_una: u64,
    /// Next segment to send (moves back on go-back-N).
    pub snd_nxt: u64,
    /// Highest segment sent + 1.
    pub snd_max: u64,
    /// Segments the application has made available (u64::MAX for a greedy source).
    app_limit: u64,
    dupacks: u32,
    in_recovery: bool,
    /// snd_max when the last congestion event began (RFC 6582 `recover`).
    recover: u64,
    /// No second ECN reduction until this segment is acked (once per window, RFC 3168 §6.1.2).
    ecn_recover: u64,
    /// Accurate ECN: the receiver's CE packet counter as of the last ACK (RFC 9768 s.cep).
    ce_seen: u32,
    partial_acks: u32,
    /// Outstanding segments when the current recovery began.
    recovery_flight: u64,
    /// RTT estimator and RTO.
    pub rtt: RttEstimator,
    timer_gen: u64,
    timer_armed: bool,
    /// Segments retransmitted so far.
    pub retransmits: u64,
    /// Retransmission timeouts so far.
    pub timeouts: u64,
    timer_kind: TimerKind,
    recovery_kind: RecoveryKind,
    /// RFC 6675 scoreboard (SACK flows only; empty otherwise).
    sb: Scoreboard,
    /// RFC 6675 HighRxt + 1: NextSeg rule 3 looks from here.
    high_rxt: u64,
    /// RFC 6675 RescueRxt.
    rescue_rxt: Option<u64>,
    prr: Prr,
    rack: Rack,
    /// Without SACK: duplicate ACKs counted as delivered segments during PRR recovery (as Linux's
    /// `sacked_out` for Reno), and whether the head segment waits for its retransmission.
    dup_delivered: u64,
    head_pending: bool,
    /// Delivery-rate sampler, for controllers that ask for one (BBR).
    rate: Option<RateSampler>,
    /// A paced sender's next departure, and whether a pacing wake-up is pending.
    pace_next: Time,
    pace_pending: bool,
}

impl TcpSender {
    /// A sender with nothing sent, driven by `cc`.
    pub fn new(cfg: SenderConfig, cc: BoxedController) -> Self {
        let rate = cc.wants_rate_samples().then(RateSampler::new);
        TcpSender {
            cfg,
            cc,
            w: Window { cwnd: cfg.initial_cwnd, ssthresh: f64::INFINITY },
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            app_limit: u64::MAX,
            dupacks: 0,
            in_recovery: false,
            recover: 0,
            ecn_recover: 0,
            ce_seen: 0,
            partial_acks: 0,
            recovery_flight: 0,
            rtt: RttEstimator::new(cfg.rto),
            timer_gen: 0,
            timer_armed: false,
            retransmits: 0,
            timeouts: 0,
            timer_kind: TimerKind::Rto,
            recovery_kind: RecoveryKind::Open,
            sb: Scoreboard::default(),
            high_rxt: 0,
            rescue_rxt: None,
            prr: Prr::default(),
            rack: Rack::default(),
            dup_delivered: 0,
            head_pending: false,
            rate,
            pace_next: 0,
            pace_pending: false,
        }
    }

    /// Segments outstanding (snd_max − snd_una).
    pub fn flight(&self) -> u64 {
        self.snd_max - self.snd_una
    }

    /// The flight a window cut is based on: the outstanding segments, but no more than the window that
    /// sent them. After go-back-N the outstanding range also holds segments the receiver already has;
    /// halving that would restart slow start far above the pipe (ns-2 halves `window()` for this reason).
    fn loss_flight(&self) -> u64 {
        let window = if self.in_recovery { self.recovery_flight } else { self.usable_window() };
        self.flight().min(window)
    }

    /// Coarse state for display.
    pub fn phase(&self) -> Phase {
        if self.in_recovery {
            Phase::Recovery
        } else if self.w.cwnd < self.w.ssthresh {
            Phase::SlowStart
        } else {
            Phase::Avoidance
        }
    }

    /// Sets how many segments the application has handed over in total (HTTP objects).
    pub fn set_app_limit(&mut self, segments: u64) {
        self.app_limit = segments;
    }

    /// The ECN codepoint its data segments carry.
    pub fn ect(&self) -> Ect {
        self.cfg.ect
    }

    /// Everything the application gave has been acknowledged.
    pub fn all_acked(&self) -> bool {
        self.snd_una >= self.app_limit
    }

    /// Stop offering new data (the flow's stop time); outstanding data is still recovered.
    pub fn stop(&mut self) {
        self.app_limit = self.app_limit.min(self.snd_max);
    }

    /// The controller's own state variables for display (e.g. Cubic's W_max, BBR's mode).
    pub fn variant_state(&self) -> Vec<(&'static str, f64)> {
        self.cc.state()
    }

    /// ⌊min(cwnd, rwnd)⌋ segments, at least 1. Written with comparisons and `f64::floor` (exact in IEEE 754,
    /// so the same as `libm::floor`; a NaN cwnd gives rwnd as `f64::min` would): WebAssembly has no
    /// instruction for `min`/`max`'s NaN rule and calls `fmin`/`fmax`, and this runs on every ACK.
    #[inline]
    fn usable_window(&self) -> u64 {
        let rwnd = self.cfg.rwnd as f64;
        let w = (if self.w.cwnd < rwnd { self.w.cwnd } else { rwnd }).floor();
        if w > 1.0 {
            w as u64
        } else {
            1
        }
    }

    /// Sends what the window and the application allow.
    pub fn send_available(&mut self, now: Time, out: &mut Outbox) {
        let wnd = self.usable_window();
        while self.snd_nxt < self.snd_una + wnd && self.snd_nxt < self.app_limit {
            if self.pace_gate(now, out) {
                break;
            }
            self.transmit(self.snd_nxt, now, out);
            self.snd_nxt += 1;
            self.snd_max = self.snd_max.max(self.snd_nxt);
        }
        if let Some(r) = &mut self.rate {
            // Out of application data with room in the window: the next samples are app-limited.
            if self.snd_nxt >= self.app_limit && self.snd_max - self.snd_una < wnd {
                r.mark_app_limited(self.snd_max - self.snd_una);
            }
        }
        if !self.timer_armed && self.snd_max > self.snd_una {
            self.arm_timer(now, out);
        }
    }

    /// A paced sender (BBR, Prague) holds the next segment until its departure time and asks for a
    /// wake-up then.
    fn pace_gate(&mut self, now: Time, out: &mut Outbox) -> bool {
        if self.cc.pacing_rate().is_none() || now >= self.pace_next {
            return false;
        }
        if !self.pace_pending {
            self.pace_pending = true;
            out.pace = Some(self.pace_next);
        }
        true
    }

    /// The pacing wake-up asked for in [`Outbox::pace`].
    pub fn on_pace(&mut self, now: Time, out: &mut Outbox) {
        self.pace_pending = false;
        if self.cfg.sack {
            self.sack_send(now, out);
        } else {
            self.send_available(now, out);
        }
    }

    fn transmit(&mut self, seq: u64, now: Time, out: &mut Outbox) {
        let mut p = Packet::new(self.cfg.flow, seq, self.cfg.segment_size, now);
        p.ect = self.cfg.ect;
        p.class = self.cfg.class;
        p.retransmit = seq < self.snd_max;
        if p.retransmit {
            self.retransmits += 1;
        }
        self.cc.on_send(seq, now);
        if self.cfg.sack {
            self.sb.on_send(seq, now);
        }
        if let Some(r) = &mut self.rate {
            r.on_send(seq, now, self.snd_max - self.snd_una);
        }
        if let Some(rate) = self.cc.pacing_rate().filter(|&r| r > 0.0) {
            let gap = libm::ceil(1e9 / rate) as Time;
            self.pace_next = self.pace_next.max(now) + gap;
        }
        out.packets.push(p);
    }

    fn arm_timer(&mut self, now: Time, out: &mut Outbox) {
        self.timer_gen += 1;
        self.timer_armed = true;
        self.timer_kind = TimerKind::Rto;
        out.timer = Some((now + self.rtt.rto(), self.timer_gen));
    }

    fn cancel_timer(&mut self) {
        self.timer_gen += 1;
        self.timer_armed = false;
    }

    /// With whole-segment cuts, the variant's ssthresh rounds down to a segment (Linux `snd_cwnd >> 1`,
    /// ns-2 `(int)(window()/2)`), never below 2.
    fn round_cut(&mut self) {
        if self.cfg.whole_segment_cuts && self.w.ssthresh.is_finite() {
            self.w.ssthresh = libm::floor(self.w.ssthresh).max(2.0);
        }
    }

    /// A congestion event detected by duplicate ACKs or ECN: the variant's ssthresh.
    fn congestion_event(&mut self, now: Time, out: &mut Outbox) {
        self.recovery_flight = self.loss_flight();
        self.w.ssthresh = self.cc.ssthresh_on_loss(&self.w, self.recovery_flight, now);
        self.round_cut();
        self.recover = self.snd_max;
        out.cut = true;
    }

    /// Processes one ACK at `now`; what to send goes to `out`.
    pub fn on_ack(&mut self, ack: &Ack, now: Time, out: &mut Outbox) {
        let (prior_una, prior_flight, prior_retransmits) = (self.snd_una, self.flight(), self.retransmits);
        if self.cfg.sack {
            let prior_pipe = self.sb.pipe();
            return self.on_sack_ack(ack, now, out, (prior_una, prior_flight, prior_retransmits, prior_pipe));
        }
        if ack.next_expected > self.snd_una {
            self.on_new_ack(ack, now, out);
        } else if ack.next_expected == self.snd_una && self.snd_max > self.snd_una {
            self.on_dupack(now, out);
        }
        self.ecn_echo(ack, prior_una, now, out);
        if self.rate.is_some() {
            self.deliver(ack, now, prior_una, prior_flight, None, self.retransmits - prior_retransmits);
        }
        self.send_available(now, out);
    }

    /// ECN-Echo outside recovery: react as to a loss, without retransmitting, once per window (RFC 3168
    /// §6.1.2), with or without SACK. A scalable controller (DCTCP, Prague) hears every ACK's marks instead.
    fn ecn_echo(&mut self, ack: &Ack, prior_una: u64, now: Time, out: &mut Outbox) {
        let feedback = self.cc.feedback();
        if self.cfg.ecn && feedback != Feedback::Classic {
            let acked = self.snd_una - prior_una;
            let marked = if feedback == Feedback::Accurate {
                let new = ack.ce_packets.wrapping_sub(self.ce_seen) as u64;
                self.ce_seen = ack.ce_packets;
                new
            } else if ack.ece {
                acked // DCTCP: every byte an ECE ACK covers was marked (RFC 8257 §3.3)
            } else {
                0
            };
            let sample = EcnSample {
                now,
                acked,
                marked,
                ece: marked > 0 || (feedback == Feedback::Dctcp && ack.ece),
                snd_una: self.snd_una,
                snd_max: self.snd_max,
                in_recovery: self.in_recovery,
            };
            out.cut |= self.cc.on_ecn(&mut self.w, &sample);
            return;
        }
        if ack.ece && self.cfg.ecn && !self.in_recovery && self.snd_una >= self.ecn_recover {
            self.w.ssthresh = self.cc.ssthresh_on_loss(&self.w, self.loss_flight(), now);
            self.round_cut();
            self.w.cwnd = self.w.ssthresh.max(1.0);
            self.ecn_recover = self.snd_max;
            out.cut = true;
        }
    }

    /// A model-based controller's hook: the rate sample of this ACK, then the controller sets the window.
    /// `prior_sack_pipe`: a SACK sender's RFC 6675 pipe before this ACK.
    ///
    /// The pipe given to the controller is the one the sender's window test then counts: with SACK the
    /// scoreboard's (SACKed and lost segments left out, retransmissions in, as Linux's
    /// `tcp_packets_in_flight`), without SACK the flight less the duplicate ACKs. `flight` is what the
    /// test measures against cwnd: the scoreboard's pipe while a SACK sender is in recovery (RFC 6675
    /// step C), the outstanding segments otherwise.
    fn deliver(
        &mut self,
        ack: &Ack,
        now: Time,
        prior_una: u64,
        prior_flight: u64,
        prior_sack_pipe: Option<u64>,
        lost: u64,
    ) {
        let sack_pipe = self.cfg.sack.then(|| self.sb.pipe());
        let flight = match sack_pipe {
            Some(pipe) if self.in_recovery => pipe,
            _ => self.flight(),
        };
        let srtt = self.rtt.srtt().unwrap_or(0);
        let Some(r) = &mut self.rate else { return };
        let prior_pipe = prior_sack_pipe.unwrap_or(prior_flight.saturating_sub(r.dup_credit()));
        let rtt = (!ack.echo_of_retransmit && self.snd_una > prior_una).then(|| now.saturating_sub(ack.ts_echo));
        // Without SACK a duplicate ACK stands for one segment that left the network; with SACK the sampler
        // has counted exactly the segments the ACK's blocks newly covered (`on_sacked`).
        let dup = !self.cfg.sack && ack.next_expected == prior_una && prior_flight > 0;
        let (newly, sample) = r.on_ack(self.snd_una, prior_flight, dup, now, rtt);
        let d = Delivery {
            now,
            rtt,
            srtt,
            sample,
            newly_delivered: newly,
            delivered: r.delivered(),
            flight,
            prior_flight,
            pipe: sack_pipe.unwrap_or(flight.saturating_sub(r.dup_credit())),
            prior_pipe,
            lost,
            in_recovery: self.in_recovery,
            snd_una: self.snd_una,
            snd_max: self.snd_max,
        };
        if self.cc.on_delivery(&mut self.w, &d) {
            r.mark_app_limited(d.pipe);
        }
        self.w.cwnd = self.w.cwnd.min(self.cfg.rwnd as f64);
    }

    fn on_new_ack(&mut self, ack: &Ack, now: Time, out: &mut Outbox) {
        let acked = ack.next_expected - self.snd_una;
        // Karn: an ACK triggered by a retransmitted segment gives no RTT sample.
        let rtt = (!ack.echo_of_retransmit).then(|| now.saturating_sub(ack.ts_echo));
        if let Some(r) = rtt {
            self.rtt.sample(r);
        }
        self.snd_una = ack.next_expected;
        self.snd_nxt = self.snd_nxt.max(self.snd_una);
        let mut restart_timer = true;
        if self.in_recovery {
            match self.cc.recovery() {
                Recovery::NewReno if self.snd_una < self.recover && self.cfg.prr => {
                    self.prr_partial_ack(acked, now, out);
                    self.partial_acks += 1;
                    restart_timer = self.partial_acks == 1;
                }
                Recovery::NewReno if self.snd_una < self.recover => {
                    // RFC 6582 §3.2 step 5: partial ACK: retransmit the next hole, deflate, stay.
                    self.transmit(self.snd_una, now, out);
                    self.w.cwnd = (self.w.cwnd - acked as f64 + 1.0).max(1.0);
                    // RFC 6582 §4 "Impatient": restart the timer on the first partial ACK only, so a
                    // window with hundreds of holes (a slow-start overshoot) ends in a timeout instead of
                    // one retransmission per RTT for tens of seconds ("Slow-but-Steady").
                    self.partial_acks += 1;
                    restart_timer = self.partial_acks == 1 || self.cc.rearm_on_partial_ack();
                }
                Recovery::NewReno => {
                    // Full ACK: cwnd = min(ssthresh, flight + 1); PRR ends at ssthresh (RFC 6937 §3).
                    self.w.cwnd = if self.cfg.prr {
                        self.w.ssthresh
                    } else {
                        self.w.ssthresh.min(self.flight().max(1) as f64 + 1.0)
                    };
                    self.in_recovery = false;
                    self.dupacks = 0;
                }
                _ => {
                    // Reno: the first new ACK ends fast recovery (RFC 5681 §3.2 step 6).
                    self.w.cwnd = self.w.ssthresh;
                    self.in_recovery = false;
                    self.dupacks = 0;
                }
            }
        } else {
            self.dupacks = 0;
            self.grow(acked, rtt, now);
        }
        if self.snd_una >= self.snd_max {
            self.cancel_timer();
        } else if restart_timer {
            self.arm_timer(now, out);
        }
    }

    fn on_dupack(&mut self, now: Time, out: &mut Outbox) {
        self.dupacks += 1;
        if self.in_recovery && self.cfg.prr {
            return self.prr_dupack(now, out);
        }
        if self.in_recovery {
            // Each further duplicate means a segment left the network: inflate (RFC 5681 §3.2 step 4).
            self.w.cwnd += 1.0;
            return;
        }
        if self.cfg.limited_transmit && self.dupacks < 3 {
            self.limited_transmit(now, out);
        }
        // Only one reaction per window of data (RFC 6582 §3.2 step 2).
        if self.dupacks != 3 || self.snd_una < self.recover {
            return;
        }
        self.congestion_event(now, out);
        match self.cc.recovery() {
            Recovery::Tahoe => {
                self.w.cwnd = 1.0;
                self.snd_nxt = self.snd_una;
            }
            Recovery::Reno | Recovery::NewReno if self.cfg.prr => self.prr_enter(now, out),
            Recovery::Reno | Recovery::NewReno => {
                self.transmit(self.snd_una, now, out);
                self.w.cwnd = self.w.ssthresh + 3.0;
                self.in_recovery = true;
                self.partial_acks = 0;
            }
        }
    }

    /// The retransmission timer of generation `generation` expired.
    pub fn on_timeout(&mut self, generation: u64, now: Time, out: &mut Outbox) {
        if generation != self.timer_gen || !self.timer_armed {
            return; // stale: re-armed or cancelled since
        }
        self.timer_armed = false;
        if self.timer_kind != TimerKind::Rto {
            return self.on_rack_timer(now, out);
        }
        if self.snd_una >= self.snd_max {
            return;
        }
        self.timeouts += 1;
        let flight = self.loss_flight();
        self.cc.on_rto(&mut self.w, flight, now);
        self.round_cut();
        self.rtt.back_off();
        self.in_recovery = false;
        self.dupacks = 0;
        self.recover = self.snd_max;
        out.cut = true;
        if self.cfg.sack {
            return self.sack_timeout(now, out);
        }
        self.snd_nxt = self.snd_una; // go-back-N
        self.send_available(now, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::reno::Aimd;
    use crate::time::MILLI;

    /// The sender the unit tests here and in `recovery` start from: flow 0, 1000-byte segments, a
    /// one-segment initial window, the default RTO and every option off.
    pub(super) fn test_config(rwnd: u32) -> SenderConfig {
        SenderConfig {
            flow: 0,
            segment_size: 1000,
            rwnd,
            initial_cwnd: 1.0,
            ecn: false,
            ect: Ect::NotEct,
            class: 0,
            whole_segment_cuts: false,
            rto: RtoConfig::default(),
            sack: false,
            prr: false,
            prr_dupack_credit: false,
            limited_transmit: false,
            rack: false,
        }
    }

    fn sender(recovery: Recovery) -> TcpSender {
        TcpSender::new(test_config(100), Box::new(Aimd::new(recovery)))
    }

    #[test]
    fn usable_window_is_the_floor_of_min_cwnd_rwnd_and_at_least_one() {
        let mut s = sender(Recovery::NewReno);
        // rwnd = 100 segments.
        for (cwnd, want) in [(3.7, 3), (0.5, 1), (1.0, 1), (0.0, 1), (99.99, 99), (100.0, 100), (250.0, 100)] {
            s.w.cwnd = cwnd;
            assert_eq!(s.usable_window(), want, "cwnd {cwnd}");
            assert_eq!(s.usable_window(), libm::floor(cwnd.min(100.0)).max(1.0) as u64);
        }
        s.w.cwnd = f64::NAN; // as f64::min: the other operand
        assert_eq!(s.usable_window(), 100);
    }

    fn ack(n: u64, ts: Time) -> Ack {
        Ack {
            flow: 0,
            next_expected: n,
            ts_echo: ts,
            echo_of_retransmit: false,
            ece: false,
            segments: 1,
            sack: Default::default(),
            ce_packets: 0,
            ce_bytes: 0,
        }
    }

    fn seqs(out: &Outbox) -> Vec<u64> {
        out.packets.iter().map(|p| p.seq).collect()
    }

    /// Grows the window to 10 segments with 0..10 in flight.
    /// `n` duplicate ACKs for segment 0 at 1 ms.
    fn dupacks(s: &mut TcpSender, n: usize, out: &mut Outbox) {
        for _ in 0..n {
            s.on_ack(&ack(0, 0), MILLI, out);
        }
    }

    fn with_ten_in_flight(recovery: Recovery) -> TcpSender {
        let mut s = sender(recovery);
        s.w = Window { cwnd: 10.0, ssthresh: 64.0 };
        let mut out = Outbox::default();
        s.send_available(0, &mut out);
        assert_eq!(seqs(&out), (0..10).collect::<Vec<_>>());
        s
    }

    #[test]
    fn slow_start_sends_two_for_each_ack_and_arms_the_timer() {
        let mut s = sender(Recovery::Reno);
        let mut out = Outbox::default();
        s.send_available(0, &mut out);
        assert_eq!(seqs(&out), vec![0]);
        assert_eq!(out.timer, Some((1000 * MILLI, 1)));
        out.clear();
        s.on_ack(&ack(1, 0), 100 * MILLI, &mut out);
        assert_eq!(s.w.cwnd, 2.0);
        assert_eq!(seqs(&out), vec![1, 2]);
        // First RTT sample 100 ms: RTO = 300 ms from now.
        assert_eq!(out.timer.map(|t| t.0), Some(400 * MILLI));
    }

    #[test]
    fn reno_fast_retransmit_inflates_and_deflates() {
        let mut s = with_ten_in_flight(Recovery::Reno);
        let mut out = Outbox::default();
        // Segment 0 lost: 3 dupACKs for 0.
        dupacks(&mut s, 2, &mut out);
        assert!(out.packets.is_empty());
        s.on_ack(&ack(0, 0), MILLI, &mut out);
        assert!(out.cut);
        assert_eq!(s.w.ssthresh, 5.0); // flight 10 / 2
        assert_eq!(s.w.cwnd, 8.0); // ssthresh + 3
        assert_eq!(seqs(&out), vec![0]);
        assert!(out.packets[0].retransmit);
        out.clear();
        // Four more dupACKs inflate cwnd to 12: two new segments may go (snd_una + 12 > 10).
        dupacks(&mut s, 4, &mut out);
        assert_eq!(s.w.cwnd, 12.0);
        assert_eq!(seqs(&out), vec![10, 11]);
        out.clear();
        s.on_ack(&ack(10, 0), 2 * MILLI, &mut out);
        assert_eq!(s.w.cwnd, 5.0);
        assert_eq!(s.phase(), Phase::Avoidance);
    }

    #[test]
    fn whole_segment_cuts_halve_seven_segments_to_three_not_three_and_a_half() {
        for (whole, ssthresh) in [(false, 3.5), (true, 3.0)] {
            let mut s = sender(Recovery::Reno);
            s.cfg.whole_segment_cuts = whole;
            s.w = Window { cwnd: 7.0, ssthresh: 64.0 };
            let mut out = Outbox::default();
            s.send_available(0, &mut out);
            dupacks(&mut s, 3, &mut out);
            assert_eq!(s.w.ssthresh, ssthresh, "whole-segment cuts {whole}");
            // And after a timeout: flight 7 → 3 (never below 2).
            s.on_timeout(s.timer_gen, 2000 * MILLI, &mut out);
            assert_eq!(s.w.ssthresh, if whole { 3.0 } else { 3.5 });
        }
    }

    #[test]
    fn newreno_partial_ack_retransmits_next_hole_and_stays_in_recovery() {
        let mut s = with_ten_in_flight(Recovery::NewReno);
        let mut out = Outbox::default();
        dupacks(&mut s, 3, &mut out);
        out.clear();
        // Segments 0 and 5 were lost: the retransmission of 0 brings a partial ACK for 5.
        s.on_ack(&ack(5, 0), 2 * MILLI, &mut out);
        assert_eq!(s.phase(), Phase::Recovery);
        assert_eq!(out.packets[0].seq, 5);
        assert_eq!(s.w.cwnd, 8.0 - 5.0 + 1.0);
        out.clear();
        s.on_ack(&ack(10, 0), 3 * MILLI, &mut out);
        assert_eq!(s.phase(), Phase::SlowStart); // cwnd 2 < ssthresh 5
                                                 // Full ACK with nothing outstanding: cwnd = min(ssthresh 5, max(flight 0, 1) + 1) = 2.
        assert_eq!(s.w.cwnd, 2.0);
    }

    #[test]
    fn tahoe_goes_back_n_with_cwnd_one() {
        let mut s = with_ten_in_flight(Recovery::Tahoe);
        let mut out = Outbox::default();
        dupacks(&mut s, 3, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (1.0, 5.0));
        assert_eq!(seqs(&out), vec![0]);
        assert!(out.packets[0].retransmit);
    }

    #[test]
    fn timeout_backs_off_and_resends_from_snd_una_and_stale_timers_are_ignored() {
        let mut s = with_ten_in_flight(Recovery::Reno);
        let mut out = Outbox::default();
        s.on_timeout(0, 1000 * MILLI, &mut out); // stale generation
        assert!(out.packets.is_empty());
        s.on_timeout(1, 1000 * MILLI, &mut out);
        assert_eq!(s.timeouts, 1);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (1.0, 5.0));
        assert_eq!(seqs(&out), vec![0]);
        assert_eq!(out.timer, Some((3000 * MILLI, 2))); // RTO doubled from 1 s
                                                        // The retransmission's ACK (Karn) gives no RTT sample.
        out.clear();
        let mut a = ack(10, 1000 * MILLI);
        a.echo_of_retransmit = true;
        s.on_ack(&a, 1100 * MILLI, &mut out);
        assert_eq!(s.rtt.srtt(), None);
    }

    #[test]
    fn receiver_window_caps_the_flight() {
        let mut s = sender(Recovery::Reno);
        s.cfg.rwnd = 4;
        s.w.cwnd = 50.0;
        let mut out = Outbox::default();
        s.send_available(0, &mut out);
        assert_eq!(out.packets.len(), 4);
    }
}
