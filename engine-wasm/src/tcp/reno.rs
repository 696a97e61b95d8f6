//! Additive-increase, multiplicative-decrease window of Tahoe, Reno and NewReno (RFC 5681 §3.1;
//! Jacobson 1988): slow start adds one segment per ACKed segment below ssthresh, congestion avoidance
//! about one segment per RTT (1/cwnd per ACKed segment). They differ only in loss recovery.

use super::{CongestionControl, Recovery, Window};

/// Slow start below ssthresh, then 1/cwnd per acknowledged segment.
pub fn aimd_increase(w: &mut Window, acked: u64) {
    for _ in 0..acked {
        if w.cwnd < w.ssthresh {
            w.cwnd += 1.0;
        } else {
            w.cwnd += 1.0 / w.cwnd;
        }
    }
}

pub struct Aimd {
    recovery: Recovery,
}

impl Aimd {
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
        aimd_increase(&mut w, 2);
        assert_eq!(w.cwnd, 4.0);
        aimd_increase(&mut w, 4);
        assert_eq!(w.cwnd, 8.0);
        // At ssthresh: one window of ACKs adds about one segment.
        aimd_increase(&mut w, 8);
        assert!((w.cwnd - 9.0).abs() < 0.1, "{}", w.cwnd);
    }
}
