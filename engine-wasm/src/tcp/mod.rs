//! TCP senders and receivers (RFC 5681, RFC 6582, RFC 6298). One sender model ([`sender::TcpSender`]) does sequence
//! numbers, RTO (RFC 6298 + Karn) and loss recovery as each variant's [`Recovery`] says; the window's growth
//! and cuts come from a [`CongestionControl`] per variant, one file each.

pub mod bbr;
pub mod cubic;
pub mod dctcp;
#[cfg(any(test, feature = "dummy-cc"))]
pub mod dummy;
pub mod hystart;
pub mod prague;
pub mod prr;
pub mod rack;
pub mod rate;
pub mod receiver;
pub mod registry;
pub mod reno;
pub mod rtt;
pub mod scoreboard;
pub mod sender;
pub mod vegas;

use crate::time::Time;

pub use registry::{CcInfo, CcValues, Variant};

/// What a flow's controller is built from: its flow group's values of the variant's declared parameters
/// ([`registry`]), and the flow's own facts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CcConfig {
    /// The variant's declared parameters, as the flow group sets them.
    pub params: CcValues,
    /// Seed of the flow's own random stream (BBR's ProbeBW start phase).
    pub rng_seed: u64,
    /// Stream id of the flow's own random stream.
    pub rng_stream: u64,
    /// Bytes of one segment on the wire.
    pub segment_bytes: u32,
    /// Initial window, segments.
    pub initial_cwnd: f64,
    /// Reno (and DCTCP's growth) as Linux's and ns-3's `TcpLinuxReno` (`FlowGroup::linux_reno`).
    pub linux_reno: bool,
}

/// How the sender recovers from three duplicate ACKs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// No fast recovery: cwnd = 1 and go-back-N (Jacobson 1988).
    Tahoe,
    /// Fast retransmit + fast recovery; the first new ACK ends recovery (RFC 5681).
    Reno,
    /// As Reno, but partial ACKs retransmit and keep recovery until `recover` is acked (RFC 6582).
    NewReno,
}

/// The window a congestion controller steers, in segments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// Congestion window, segments.
    pub cwnd: f64,
    /// Slow-start threshold, segments.
    pub ssthresh: f64,
}

/// What the sender tells its controller about an ACK of new data outside recovery.
#[derive(Clone, Copy, Debug)]
pub struct AckInfo {
    /// Simulated time of the ACK.
    pub now: Time,
    /// Segments newly acknowledged.
    pub acked: u64,
    /// RTT sample from this ACK, if valid under Karn's rule.
    pub rtt: Option<Time>,
    /// Smoothed RTT.
    pub srtt: Time,
    /// The cumulative ACK number (next expected segment).
    pub ack: u64,
    /// Segments outstanding after this ACK.
    pub flight: u64,
    /// Highest segment sent + 1.
    pub snd_max: u64,
}

impl Variant {
    /// The codepoint its stack sends when the flow group names none: Prague ECT(1) (RFC 9331), DCTCP
    /// ECT(0) as Linux, every other variant ECT(0) with `ecn` and Not-ECT without.
    pub fn default_ect(self, ecn: bool) -> crate::packet::Ect {
        use crate::packet::Ect;
        match self.info().ecn_codepoint {
            Some(own) => own,
            None if ecn => Ect::Ect0,
            None => Ect::NotEct,
        }
    }
}

/// What a scalable-ECN controller (DCTCP, Prague) hears on every ACK of an ECN-capable flow.
#[derive(Clone, Copy, Debug)]
pub struct EcnSample {
    /// Simulated time of the ACK.
    pub now: Time,
    /// Segments newly acknowledged (cumulatively).
    pub acked: u64,
    /// Segments this ACK reports CE-marked: all of `acked` under an ECE (DCTCP), the counter's increase
    /// (accurate ECN).
    pub marked: u64,
    /// The ACK carries a congestion signal (ECE, or new CE counts).
    pub ece: bool,
    /// Oldest unacknowledged segment after this ACK.
    pub snd_una: u64,
    /// Highest segment sent + 1.
    pub snd_max: u64,
    /// The sender is in loss recovery.
    pub in_recovery: bool,
}

/// Per-variant window growth and reduction. Defaults are Reno's (RFC 5681).
pub trait CongestionControl {
    /// How the variant leaves fast retransmit: Tahoe, Reno or NewReno recovery.
    fn recovery(&self) -> Recovery;

    /// New data acknowledged outside recovery: grow the window.
    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        reno::aimd_increase(w, info.acked);
    }

    /// ssthresh after a congestion event (3 duplicate ACKs or ECN-Echo): max(flight/2, 2).
    fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, _now: Time) -> f64 {
        let _ = w;
        (flight as f64 / 2.0).max(2.0)
    }

    /// Window after the retransmission timer expired; the sender sets cwnd = 1 unless this returns another.
    fn on_rto(&mut self, w: &mut Window, flight: u64, now: Time) {
        w.ssthresh = self.ssthresh_on_loss(w, flight, now);
        w.cwnd = 1.0;
    }

    /// A segment left the sender (Vegas counts them per RTT).
    fn on_send(&mut self, _seq: u64, _now: Time) {}

    /// Model-based controllers (BBR) take a delivery-rate sample on every ACK, in recovery too, and then own
    /// the window: the sender keeps its loss detection and retransmissions but the window it leaves is
    /// replaced by [`CongestionControl::on_delivery`]'s.
    fn wants_rate_samples(&self) -> bool {
        false
    }

    /// Every ACK (new, duplicate, in recovery or not), after the sender's own processing; only called when
    /// [`CongestionControl::wants_rate_samples`].
    /// Returns true when the sender's rate sampler should mark the current flight app-limited (BBR's
    /// ProbeRTT, whose low rate is no measure of the path).
    fn on_delivery(&mut self, _w: &mut Window, _d: &rate::Delivery) -> bool {
        false
    }

    /// Restart the retransmission timer on every partial ACK (RFC 6582 §4 "Slow-but-Steady", what Linux
    /// and ns-3 do) instead of the first only ("Impatient", this sender's default).
    fn rearm_on_partial_ack(&self) -> bool {
        false
    }

    /// Pacing rate in segments/s; None: the window alone clocks the sender.
    fn pacing_rate(&self) -> Option<f64> {
        None
    }

    /// The ECN feedback it reads: RFC 3168's ECE, on which the sender halves once per window, or a
    /// scalable controller's own, handed to [`CongestionControl::on_ecn`] on every ACK.
    fn feedback(&self) -> receiver::Feedback {
        receiver::Feedback::Classic
    }

    /// Scalable ECN (DCTCP, Prague): one ACK's marks; returns true if the window was cut.
    fn on_ecn(&mut self, _w: &mut Window, _s: &EcnSample) -> bool {
        false
    }

    /// Variant-specific state for the UI (Vegas diff, Cubic W_max, ...).
    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![]
    }
}
