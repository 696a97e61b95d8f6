//! What the registry and every congestion control share, the way `crate::aqm::params` sits under the
//! `algorithms!` registry: the [`CongestionControl`] trait with the window, ACK and ECN facts it is called
//! with, what a controller is built from ([`CcConfig`], [`CcValues`]) and what a variant declares of itself
//! ([`CcInfo`]). The registry (`super::registry`) names each variant; a variant names this module, never the
//! registry.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use super::rate;
use super::receiver::{self, Feedback};
use crate::aqm::params::ParamSpec;
use crate::packet::Ect;
use crate::time::Time;

/// What a congestion control declares of itself. `P` is how its parameters are held: as declared (`ParamSpec`s)
/// beside the variant's code, or in the catalogue's entry with their defaults filled and their places in a flow
/// group named (`crate::cc_params::CcEntry`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CcInfo<P = &'static [ParamSpec]> {
    /// The flow group's `tcp` value.
    pub name: &'static str,
    /// Name the page shows.
    pub label: &'static str,
    /// Paper or RFC.
    pub citation: &'static str,
    /// One sentence for the picker's help.
    pub summary: &'static str,
    /// The user-settable parameters, in display order. A choice's `default` is its index in `choices`.
    pub params: P,
    /// It keeps a path model (BBR's bandwidth and RTT estimates) that the page's per-flow hover shows.
    pub model_state: bool,
    /// The entries of its `state()` that the page's per-flow hover shows by meaning (DCTCP's and Prague's α).
    pub state: &'static [CcStateSpec],
    /// The ECN codepoint its stack sends whatever the group's `ecn` switch (Prague ECT(1), DCTCP ECT(0));
    /// None: ECT(0) with `ecn` on, Not-ECT off. A group's `ecn_codepoint` overrides either.
    pub ecn_codepoint: Option<Ect>,
    /// How its receiver feeds CE marks back when its packets are ECN-capable (docs/algorithms/l4s.md).
    pub feedback: Feedback,
}

impl<P> CcInfo<P> {
    /// The same declaration with its parameters held as `params`.
    pub fn with_params<Q>(&self, params: Q) -> CcInfo<Q> {
        CcInfo {
            name: self.name,
            label: self.label,
            citation: self.citation,
            summary: self.summary,
            params,
            model_state: self.model_state,
            state: self.state,
            ecn_codepoint: self.ecn_codepoint,
            feedback: self.feedback,
        }
    }
}

/// What one of a congestion control's own state entries is, so the page labels it by meaning, not by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CcStateMeaning {
    /// The EWMA of the fraction of marked bytes per window that scales the cut (DCTCP's and Prague's α,
    /// RFC 8257 §3.3).
    MarkFraction,
    /// The rate the sender paces at.
    PacingRate,
}

/// One entry of a congestion control's `state()` that the hover shows: its key, unit and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CcStateSpec {
    /// Key in the flow's state.
    pub name: &'static str,
    /// Unit of the value ("" for a fraction).
    pub unit: &'static str,
    /// What it means to the page.
    pub meaning: CcStateMeaning,
}

/// The parameter values a flow group gives its controller: every declared parameter, from its place in the
/// group or its default (`crate::cc_params` fills it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CcValues(pub(crate) Map<String, Value>);

impl CcValues {
    /// A number parameter (NaN if undeclared: a programming error the `crate::cc_params` tests catch).
    pub fn number(&self, name: &str) -> f64 {
        self.0.get(name).and_then(Value::as_f64).unwrap_or(f64::NAN)
    }

    /// A switch.
    pub fn switch(&self, name: &str) -> bool {
        match self.0.get(name) {
            Some(Value::Bool(b)) => *b,
            Some(v) => v.as_f64().is_some_and(|x| x != 0.0),
            None => false,
        }
    }

    /// A choice, read as its serde enum (the default variant if undeclared).
    pub fn choice<T: DeserializeOwned + Default>(&self, name: &str) -> T {
        self.0.get(name).and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()
    }
}

/// What a flow's controller is built from: its flow group's values of the variant's declared parameters
/// (`super::registry`), and the flow's own facts.
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
        aimd_increase(w, info.acked);
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

/// One increase per ACK of new data, however many segments it covers (RFC 5681 §3.1: slow start adds
/// min(N, SMSS), avoidance SMSS·SMSS/cwnd; ns-2 `opencwnd()` likewise). So a cumulative ACK after a
/// go-back-N does not release a burst, and delayed ACKs slow the growth as they do in ns-2 and the RFC.
pub fn aimd_increase(w: &mut Window, acked: u64) {
    if acked == 0 {
        return;
    }
    if w.cwnd < w.ssthresh {
        w.cwnd += 1.0;
    } else {
        w.cwnd += 1.0 / w.cwnd;
    }
}
