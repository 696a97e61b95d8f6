//! TCP Prague (the "Prague L4S requirements" of RFC 9331 §4; the Linux reference implementation as
//! draft-briscoe-iccrg-prague-congestion-control describes it), docs/algorithms/l4s.md.
//!
//! What this model has: ECT(1) on every packet (set by the scenario, `ecn_codepoint` default), accurate ECN
//! feedback (`receiver::Feedback::Accurate`), DCTCP's scalable response to marks (α per window with
//! g = 1/16 from 1, cwnd·(1 − α/2) once per window; [`ScalableEcn`]), Reno's response to loss (halve, NewReno
//! recovery), Reno's additive increase, optionally scaled toward a 25 ms reference RTT, and pacing at
//! cwnd/srtt times 2 in slow start and 1.2 after (Linux's default pacing ratios).
//!
//! Simplifications, named: no detection of a classic ECN bottleneck (RFC 9331 §4.3 fall-back); windows are
//! whole segments (cuts stop at 1 segment; Linux paces fractional windows below 2); the cut is immediate
//! rather than spread over a round by PRR; no Prague-specific slow-start exit.

use super::cc::{AckInfo, CcInfo, CcStateMeaning, CcStateSpec, CongestionControl, EcnSample, Recovery, Window};
use super::dctcp::{ScalableEcn, G_SPEC};
use super::receiver::Feedback;
use crate::aqm::params::ParamSpec;
use crate::time::{to_secs, Time, MILLI};

/// Its catalogue entry.
pub const INFO: CcInfo = CcInfo {
    name: "prague",
    label: "TCP Prague",
    citation: "RFC 9331 §4 (Prague L4S requirements); draft-briscoe-iccrg-prague-congestion-control",
    summary: "L4S: ECT(1), accurate ECN, DCTCP's α-scaled cut on marks, Reno's halving on loss, paced. \
              No classic-bottleneck detection; whole-segment windows.",
    params: &[
        G_SPEC,
        ParamSpec::flag(
            "rtt_scaling",
            "RTT independence",
            "Below a 25 ms RTT, scale the additive increase by (RTT/25 ms)² (draft-briscoe-iccrg-prague)",
        )
        .default(0.0),
    ],
    model_state: false,
    state: &[
        CcStateSpec { name: "alpha", unit: "", meaning: CcStateMeaning::MarkFraction },
        CcStateSpec { name: "pacing_rate", unit: "segments/s", meaning: CcStateMeaning::PacingRate },
    ],
    ecn_codepoint: Some(crate::packet::Ect::Ect1),
    feedback: Feedback::Accurate,
};

/// The reference RTT toward which the additive increase is scaled (draft-briscoe-iccrg-prague: 25 ms).
pub const RTT_REFERENCE: Time = 25 * MILLI;

/// TCP Prague.
pub struct Prague {
    /// The scalable ECN estimator and cut.
    pub ecn: ScalableEcn,
    /// Scale the additive increase by (srtt / 25 ms)² below 25 ms, so short-RTT flows gain rate no faster
    /// than a 25 ms flow (RTT independence).
    rtt_scaling: bool,
    /// Pacing rate, segments/s, from the last window and srtt; None before the first RTT sample.
    rate: Option<f64>,
}

impl Prague {
    /// A Prague controller with EWMA gain `g`; `rtt_scaling` turns RTT independence on.
    pub fn new(g: f64, rtt_scaling: bool) -> Self {
        Prague { ecn: ScalableEcn::new(1.0, g, 1.0), rtt_scaling, rate: None }
    }

    /// The additive-increase factor for a smoothed RTT: (srtt/25 ms)² below the reference, 1 above.
    pub fn ai_scale(&self, srtt: Time) -> f64 {
        if !self.rtt_scaling || srtt == 0 || srtt >= RTT_REFERENCE {
            return 1.0;
        }
        let r = srtt as f64 / RTT_REFERENCE as f64;
        r * r
    }

    fn set_rate(&mut self, w: &Window, srtt: Time) {
        if srtt > 0 {
            let ratio = if w.cwnd < w.ssthresh { 2.0 } else { 1.2 };
            self.rate = Some(ratio * w.cwnd / to_secs(srtt));
        }
    }
}

impl CongestionControl for Prague {
    fn recovery(&self) -> Recovery {
        Recovery::NewReno
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        if info.acked > 0 {
            if w.cwnd < w.ssthresh {
                w.cwnd += 1.0;
            } else {
                w.cwnd += self.ai_scale(info.srtt) / w.cwnd;
            }
        }
        self.set_rate(w, info.srtt);
    }

    fn feedback(&self) -> Feedback {
        Feedback::Accurate
    }

    fn on_ecn(&mut self, w: &mut Window, s: &EcnSample) -> bool {
        self.ecn.observe(s);
        let cut = self.ecn.cut(w, s);
        if cut {
            if let Some(r) = self.rate {
                self.rate = Some(r * (1.0 - self.ecn.alpha / 2.0));
            }
        }
        cut
    }

    fn pacing_rate(&self) -> Option<f64> {
        self.rate
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![("alpha", self.ecn.alpha), ("pacing_rate", self.rate.unwrap_or(f64::NAN))]
    }
}

#[cfg(test)]
mod tests {
    use super::super::dctcp::G;
    use super::*;

    #[test]
    fn additive_increase_scales_toward_the_25_ms_reference() {
        let p = Prague::new(G, true);
        assert!((p.ai_scale(5 * MILLI) - 0.04).abs() < 1e-15); // (5/25)²
        assert_eq!(p.ai_scale(25 * MILLI), 1.0);
        assert_eq!(p.ai_scale(80 * MILLI), 1.0);
        assert_eq!(Prague::new(G, false).ai_scale(5 * MILLI), 1.0);
    }

    #[test]
    fn paces_at_twice_the_window_per_rtt_in_slow_start_and_1_2_after() {
        let mut p = Prague::new(G, false);
        assert_eq!(p.pacing_rate(), None);
        let info = |srtt| AckInfo { now: 0, acked: 1, rtt: None, srtt, ack: 1, flight: 0, snd_max: 10 };
        let mut w = Window { cwnd: 9.0, ssthresh: f64::INFINITY };
        p.on_ack(&mut w, &info(10 * MILLI));
        assert_eq!(w.cwnd, 10.0);
        assert!((p.pacing_rate().unwrap() - 2.0 * 10.0 / 0.01).abs() < 1e-9);
        let mut w = Window { cwnd: 10.0, ssthresh: 10.0 };
        p.on_ack(&mut w, &info(10 * MILLI));
        assert!((p.pacing_rate().unwrap() - 1.2 * 10.1 / 0.01).abs() < 1e-9);
        assert_eq!(p.feedback(), Feedback::Accurate);
    }
}
