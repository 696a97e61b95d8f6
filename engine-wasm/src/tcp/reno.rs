//! Additive-increase, multiplicative-decrease window of Tahoe, Reno and NewReno (RFC 5681 §3.1;
//! Jacobson 1988): slow start adds one segment per ACKed segment below ssthresh, congestion avoidance
//! about one segment per RTT (1/cwnd per ACKed segment). They differ only in loss recovery.

// Reno's growth is every controller's default (`CongestionControl::on_ack`), so it lives beside the trait.
pub use super::cc::aimd_increase;
use super::cc::{AckInfo, CcInfo, CongestionControl, Recovery, Window};
use crate::time::Time;

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

/// The same growth for each of `acked` segments (Linux `tcp_reno_cong_avoid` with its `acked` count, ns-3
/// `TcpLinuxReno`): a delayed ACK of two segments grows the window as two ACKs would. Slow start's
/// leftover past ssthresh goes to avoidance, as `tcp_slow_start` returns it.
pub fn aimd_increase_per_segment(w: &mut Window, acked: u64) {
    for _ in 0..acked {
        aimd_increase(w, 1);
    }
}

/// Additive increase, multiplicative decrease: the Tahoe, Reno and NewReno controllers.
pub struct Aimd {
    recovery: Recovery,
    per_segment: bool,
}

impl Aimd {
    /// An AIMD controller with the given recovery, one increase per ACK.
    pub fn new(recovery: Recovery) -> Self {
        Aimd { recovery, per_segment: false }
    }

    /// The same controller as Linux's `tcp_reno` and ns-3's `TcpLinuxReno` when `on` (`FlowGroup::linux_reno`):
    /// growth per acknowledged segment, ssthresh max(cwnd/2, 2) (`tcp_reno_ssthresh`).
    pub fn linux_reno(self, on: bool) -> Self {
        Aimd { per_segment: on, ..self }
    }
}

impl CongestionControl for Aimd {
    fn recovery(&self) -> Recovery {
        self.recovery
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        if self.per_segment {
            aimd_increase_per_segment(w, info.acked);
        } else {
            aimd_increase(w, info.acked);
        }
    }

    fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, _now: Time) -> f64 {
        // Linux `tcp_reno_ssthresh`, ns-3 `TcpLinuxReno::GetSsThresh`: half the window, not of the flight
        // (RFC 5681 (4)), which SACK and limited transmit can leave below cwnd when the loss is detected.
        let base = if self.per_segment { w.cwnd } else { flight as f64 };
        (base / 2.0).max(2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cwnd after one ACK of `acked` segments from `cwnd` and `ssthresh`, grown per segment or per ACK.
    fn after_ack(cwnd: f64, ssthresh: f64, acked: u64, per_segment: bool) -> f64 {
        let mut w = Window { cwnd, ssthresh };
        if per_segment {
            aimd_increase_per_segment(&mut w, acked);
        } else {
            aimd_increase(&mut w, acked);
        }
        w.cwnd
    }

    #[test]
    fn per_segment_growth_counts_each_segment_of_a_delayed_ack() {
        // Slow start to ssthresh 4 from 3: a 2-segment ACK adds 1 (to 4) then 1/4 in avoidance.
        assert_eq!(after_ack(3.0, 4.0, 2, true), 4.25);
        // Per ACK the same ACK adds one segment only.
        assert_eq!(after_ack(3.0, 4.0, 2, false), 4.0);
        // In avoidance at cwnd 10, 2 segments add 1/10 + 1/10.1.
        assert!((after_ack(10.0, 4.0, 2, true) - (10.1 + 1.0 / 10.1)).abs() < 1e-12);
    }

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
        assert_eq!(after_ack(7.0, 64.0, 49, false), 8.0);
        assert_eq!(after_ack(10.0, 5.0, 2, false), 10.1);
    }
}
