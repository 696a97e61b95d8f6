//! DCTCP (S. Bensley, D. Thaler, P. Balasubramanian, L. Eggert, G. Judd, RFC 8257, 2017; Alizadeh et al.,
//! SIGCOMM 2010), docs/algorithms/l4s.md.
//!
//! The sender estimates the fraction of its bytes that met congestion: per window of data (RFC 8257 §3.3)
//!
//! ```text
//!   F = marked / acked,   α ← (1 − g)·α + g·F         g = 1/16, α starts at 1 (Linux)
//! ```
//!
//! and on the first mark of a window cuts cwnd ← cwnd·(1 − α/2) (§3.3 step 9), once per window. Loss is
//! answered as Reno/NewReno (§3.4): the sender's fast recovery halves. The window grows as Reno's. The
//! receiver echoes the CE state exactly (`receiver::Feedback::Dctcp`, §3.2).
//!
//! [`ScalableEcn`] is the estimator and the cut; TCP Prague (`prague.rs`) uses it too.

use super::cc::{AckInfo, CcInfo, CcStateMeaning, CcStateSpec, CongestionControl, EcnSample, Recovery, Window};
use super::receiver::Feedback;
use crate::aqm::params::{ParamSpec, Role};

/// DCTCP's EWMA gain g (RFC 8257 §4.2: 1/16; Linux `dctcp_shift_g` 4).
pub const G: f64 = 1.0 / 16.0;

/// The EWMA gain as a flow-group parameter (`cc_params.g`), shared by DCTCP and Prague.
pub const G_SPEC: ParamSpec = ParamSpec::real(
    "g",
    "α gain g",
    "",
    (0.001, 1.0),
    "Weight of each window's marked fraction in α (RFC 8257 §4.2: 1/16; Linux dctcp_shift_g 4)",
)
.role(Role::Weight)
.default(G);

/// Its catalogue entry.
pub const INFO: CcInfo = CcInfo {
    name: "dctcp",
    label: "DCTCP",
    citation: "RFC 8257 (g = 1/16, α from 1; Alizadeh et al., SIGCOMM 2010)",
    summary: "Reno's growth; on marks, cuts the window by α/2 once per window, α the EWMA of the fraction \
              of marked bytes. ECT(0) and DCTCP's exact CE echo.",
    params: &[G_SPEC],
    model_state: false,
    state: &[CcStateSpec { name: "alpha", unit: "", meaning: CcStateMeaning::MarkFraction }],
    ecn_codepoint: Some(crate::packet::Ect::Ect0),
    feedback: Feedback::Dctcp,
};

/// The α estimator and its once-per-window cut, shared by DCTCP and Prague.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScalableEcn {
    /// Estimated fraction of marked bytes.
    pub alpha: f64,
    g: f64,
    /// Segments acked and marked in the current observation window.
    acked: u64,
    marked: u64,
    /// The window ends when this segment is acked (`DCTCP.WindowEnd`).
    window_end: u64,
    /// No second cut until this segment is acked.
    cut_end: u64,
    /// Smallest window a cut leaves, segments.
    floor: f64,
}

impl ScalableEcn {
    /// α starting at `alpha`, gain `g`, cuts never below `floor` segments.
    pub fn new(alpha: f64, g: f64, floor: f64) -> Self {
        ScalableEcn { alpha, g, acked: 0, marked: 0, window_end: 0, cut_end: 0, floor }
    }

    /// RFC 8257 §3.3 steps 1–8: count the ACK, and at the end of a window fold F into α.
    pub fn observe(&mut self, s: &EcnSample) {
        self.acked += s.acked;
        self.marked += s.marked;
        if s.snd_una < self.window_end || s.acked == 0 {
            return;
        }
        let f = if self.acked > 0 { (self.marked as f64 / self.acked as f64).min(1.0) } else { 0.0 };
        self.alpha = (1.0 - self.g) * self.alpha + self.g * f;
        (self.acked, self.marked, self.window_end) = (0, 0, s.snd_max);
    }

    /// RFC 8257 §3.3 step 9, at most once per window and not during loss recovery: cwnd ← cwnd·(1 − α/2).
    /// Returns true if it cut.
    pub fn cut(&mut self, w: &mut Window, s: &EcnSample) -> bool {
        if !s.ece || s.in_recovery || s.snd_una < self.cut_end {
            return false;
        }
        w.ssthresh = (w.cwnd * (1.0 - self.alpha / 2.0)).max(self.floor);
        w.cwnd = w.ssthresh;
        self.cut_end = s.snd_max;
        true
    }
}

/// DCTCP: Reno's growth and loss response, α-scaled ECN cuts.
pub struct Dctcp {
    /// The estimator.
    pub ecn: ScalableEcn,
    /// Grow per acknowledged segment (Linux, ns-3 `TcpDctcp` on `TcpLinuxReno`) rather than per ACK.
    pub per_segment: bool,
}

impl Dctcp {
    /// DCTCP with EWMA gain `g`. Linux: α starts at 1 (dctcp_alpha_on_init 1024/1024), cuts stop at 2
    /// segments (dctcp_ssthresh).
    pub fn new(g: f64) -> Self {
        Dctcp { ecn: ScalableEcn::new(1.0, g, 2.0), per_segment: false }
    }

    /// The same controller growing per acknowledged segment when `on` (`FlowGroup::linux_reno`).
    pub fn linux_reno(self, on: bool) -> Self {
        Dctcp { per_segment: on, ..self }
    }
}

impl Default for Dctcp {
    fn default() -> Self {
        Dctcp::new(G)
    }
}

impl CongestionControl for Dctcp {
    fn recovery(&self) -> Recovery {
        Recovery::NewReno
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        if self.per_segment {
            super::reno::aimd_increase_per_segment(w, info.acked);
        } else {
            super::reno::aimd_increase(w, info.acked);
        }
    }

    fn feedback(&self) -> Feedback {
        Feedback::Dctcp
    }

    fn on_ecn(&mut self, w: &mut Window, s: &EcnSample) -> bool {
        self.ecn.observe(s);
        self.ecn.cut(w, s)
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![("alpha", self.ecn.alpha)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(acked: u64, marked: u64, snd_una: u64, snd_max: u64) -> EcnSample {
        EcnSample { now: 0, acked, marked, ece: marked > 0, snd_una, snd_max, in_recovery: false }
    }

    #[test]
    fn alpha_is_an_ewma_of_the_marked_fraction_once_per_window() {
        let mut e = ScalableEcn::new(1.0, G, 2.0);
        // The first ACK closes the (empty) first window: 10 segments, none marked → α = 15/16.
        e.observe(&sample(10, 0, 10, 30));
        assert_eq!(e.alpha, 15.0 / 16.0);
        // Within the window [10, 30): no update until snd_una reaches 30.
        e.observe(&sample(10, 5, 20, 40));
        assert_eq!(e.alpha, 15.0 / 16.0);
        // Window done: 20 acked, 5 marked → F = 0.25: α = 15/16·15/16 + 0.25/16.
        e.observe(&sample(10, 0, 30, 50));
        let want = (15.0 / 16.0) * (15.0 / 16.0) + 0.25 / 16.0;
        assert!((e.alpha - want).abs() < 1e-15, "{} vs {want}", e.alpha);
        // A fully marked window pulls α towards 1, an unmarked one towards 0.
        let mut e = ScalableEcn::new(0.0, G, 2.0);
        e.observe(&sample(8, 8, 8, 16));
        assert_eq!(e.alpha, 1.0 / 16.0);
    }

    #[test]
    fn cut_is_cwnd_times_one_minus_half_alpha_once_per_window() {
        let mut e = ScalableEcn::new(0.5, G, 2.0);
        let mut w = Window { cwnd: 40.0, ssthresh: f64::INFINITY };
        assert!(e.cut(&mut w, &sample(1, 1, 100, 140)));
        assert_eq!((w.cwnd, w.ssthresh), (30.0, 30.0)); // 40·(1 − 0.25)
                                                        // A second mark before 140 is acked: no cut.
        assert!(!e.cut(&mut w, &sample(1, 1, 120, 150)));
        assert_eq!(w.cwnd, 30.0);
        // Next window: α = 1 halves, as classic ECN would.
        e.alpha = 1.0;
        assert!(e.cut(&mut w, &sample(1, 1, 140, 170)));
        assert_eq!(w.cwnd, 15.0);
        // Never below the floor, never in loss recovery, never without a mark.
        let mut w = Window { cwnd: 3.0, ssthresh: 64.0 };
        assert!(e.cut(&mut w, &sample(1, 1, 170, 180)) && w.cwnd == 2.0);
        let recovering = EcnSample { in_recovery: true, ..sample(1, 1, 200, 210) };
        assert!(!e.cut(&mut w, &recovering) && !e.cut(&mut w, &sample(1, 0, 200, 210)));
    }

    #[test]
    fn dctcp_starts_with_alpha_one_and_reads_dctcp_feedback() {
        let mut d = Dctcp::default();
        assert_eq!(d.ecn.alpha, 1.0);
        assert_eq!(d.feedback(), Feedback::Dctcp);
        let mut w = Window { cwnd: 20.0, ssthresh: 64.0 };
        // The first ACK ends the first window with F = 1: α stays 1 and the cut halves.
        assert!(d.on_ecn(&mut w, &sample(2, 2, 2, 22)));
        assert_eq!((d.ecn.alpha, w.cwnd), (1.0, 10.0));
    }
}
