//! Additive-increase, multiplicative-decrease window of Tahoe, Reno and NewReno (RFC 5681 §3.1;
//! Jacobson 1988): slow start adds one segment per ACKed segment below ssthresh, congestion avoidance
//! about one segment per RTT (1/cwnd per ACKed segment). They differ only in loss recovery.

use super::registry::CcInfo;
use super::{CongestionControl, Recovery, Window};

/// Tahoe in the catalogue.
pub const TAHOE: CcInfo = CcInfo {
    name: "tahoe",
    label: "Tahoe",
    citation: "Jacobson, Congestion Avoidance and Control, SIGCOMM 1988",
    summary: "Slow start and congestion avoidance; after a fast retransmit, slow start again from one segment.",
    params: &[],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};
/// Reno in the catalogue.
pub const RENO: CcInfo = CcInfo {
    name: "reno",
    label: "Reno",
    citation: "RFC 5681",
    summary: "Tahoe plus fast recovery: a loss halves the window instead of restarting slow start.",
    params: &[],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};
/// NewReno in the catalogue.
pub const NEWRENO: CcInfo = CcInfo {
    name: "newreno",
    label: "NewReno",
    citation: "RFC 6582",
    summary: "Reno whose partial ACKs retransmit the next hole and keep recovery until the whole window is acked.",
    params: &[],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};

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

/// Additive increase, multiplicative decrease: the Tahoe, Reno and NewReno controllers.
pub struct Aimd {
    recovery: Recovery,
}

impl Aimd {
    /// An AIMD controller with the given recovery.
    pub fn new(recovery: Recovery) -> Self {
        Aimd { recovery }
    }
}

impl CongestionControl for Aimd {
    fn recovery(&self) -> Recovery {
        self.recovery
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_start_doubles_per_window_then_avoidance_adds_one_per_window() {
        let mut w = Window { cwnd: 1.0, ssthresh: 8.0 };
        aimd_increase(&mut w, 1);
        assert_eq!(w.cwnd, 2.0);
        for _ in 0..2 {
            aimd_increase(&mut w, 1);
        }
        assert_eq!(w.cwnd, 4.0);
        for _ in 0..4 {
            aimd_increase(&mut w, 1);
        }
        assert_eq!(w.cwnd, 8.0);
        // At ssthresh: one window of ACKs adds about one segment.
        for _ in 0..8 {
            aimd_increase(&mut w, 1);
        }
        assert!((w.cwnd - 9.0).abs() < 0.1, "{}", w.cwnd);
    }

    #[test]
    fn one_cumulative_ack_is_one_increase_however_much_it_covers() {
        let mut w = Window { cwnd: 7.0, ssthresh: 64.0 };
        aimd_increase(&mut w, 49);
        assert_eq!(w.cwnd, 8.0);
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        aimd_increase(&mut w, 2);
        assert_eq!(w.cwnd, 10.1);
    }
}
