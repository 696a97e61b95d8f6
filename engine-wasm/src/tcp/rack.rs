//! RACK-TLP (RFC 8985): time-based loss detection and the tail loss probe, in segments.
//!
//! RACK remembers the most recently *sent* segment that has been delivered (RACK.xmit_ts, RACK.end_seq)
//! and that delivery's RTT (RACK.rtt). A segment sent before it and still unacknowledged RACK.rtt +
//! reo_wnd after its own transmission is lost; one not yet that old sets the reordering timer.
//!
//! Simplifications, said here once: the engine's links never reorder and the receiver sends no D-SACK,
//! so the reordering window is RFC 8985 §6.2 step 4 without its D-SACK adaptation: min_RTT/4 (at most
//! SRTT), or 0 when no reordering has been seen and the sender is in recovery or has DupThresh segments
//! SACKed. Reordering is "seen" when a segment never retransmitted is delivered below the highest
//! SACKed one (RACK.fack).

use crate::time::Time;

/// RFC 8985 §7.2 WCDelAckT: the worst-case delayed-ACK timer, 200 ms.
pub const WC_DEL_ACK: Time = 200 * crate::time::MILLI;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
/// RACK-TLP's per-connection state (RFC 8985 §6.1).
pub struct Rack {
    /// Transmit time and end (exclusive segment number) of the most recently sent delivered segment.
    pub xmit_ts: Time,
    /// End sequence of the most recently sent segment that was delivered (RACK.end_seq).
    pub end_seq: u64,
    /// RTT of that delivery.
    pub rtt: Time,
    /// Highest delivered end_seq (RACK.fack).
    pub fack: u64,
    /// Reordering was observed (RACK.reordering_seen).
    pub reordering_seen: bool,
    /// TLP: end of the probe in flight (TLP.end_seq), and whether it was a retransmission.
    pub tlp_end: Option<u64>,
    /// A TLP probe retransmitted a segment (TLP.is_retrans).
    pub tlp_retx: bool,
}

impl Rack {
    /// RFC 8985 §6.2 steps 1–3, for one newly delivered segment `seq` last sent at `xmit_ts`.
    pub fn on_delivered(&mut self, seq: u64, xmit_ts: Time, retransmitted: bool, now: Time, min_rtt: Time) {
        let rtt = now.saturating_sub(xmit_ts);
        let end = seq + 1;
        if end < self.fack && !retransmitted {
            self.reordering_seen = true;
        }
        self.fack = self.fack.max(end);
        // Step 2: an RTT below min_RTT from a retransmitted segment belongs to its original.
        if retransmitted && rtt < min_rtt {
            return;
        }
        if sent_after(xmit_ts, end, self.xmit_ts, self.end_seq) {
            self.rtt = rtt;
            self.xmit_ts = xmit_ts;
            self.end_seq = end;
        }
    }

    /// Step 4: the reordering window.
    pub fn reo_wnd(&self, min_rtt: Time, srtt: Time, in_recovery: bool, sacked: u64) -> Time {
        if !self.reordering_seen && (in_recovery || sacked >= super::scoreboard::DUP_THRESH) {
            0
        } else {
            (min_rtt / 4).min(srtt)
        }
    }

    /// Step 5 for one outstanding segment: `Some(0)` = lost now, `Some(t)` = lost in t unless delivered,
    /// `None` = not sent before the last delivered segment, so RACK cannot judge it yet.
    pub fn remaining(&self, seq: u64, xmit_ts: Time, reo_wnd: Time, now: Time) -> Option<Time> {
        if self.end_seq == 0 || !sent_after(self.xmit_ts, self.end_seq, xmit_ts, seq + 1) {
            return None;
        }
        let deadline = xmit_ts + self.rtt + reo_wnd;
        Some(deadline.saturating_sub(now))
    }
}

/// RFC 8985 §6.2 RACK_sent_after: t1 later than t2, ties broken by sequence.
fn sent_after(t1: Time, seq1: u64, t2: Time, seq2: u64) -> bool {
    t1 > t2 || (t1 == t2 && seq1 > seq2)
}

/// RFC 8985 §7.2: the probe timeout, 2·SRTT, plus WCDelAckT when one segment is in flight (its ACK may
/// be delayed), never later than the RTO would fire. Without an RTT sample, 1 s.
pub fn pto(srtt: Option<Time>, flight: u64, rto: Time) -> Time {
    let Some(srtt) = srtt else { return 1000 * crate::time::MILLI };
    let mut pto = 2 * srtt;
    if flight == 1 {
        pto += WC_DEL_ACK;
    }
    pto.min(rto)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MILLI;

    #[test]
    fn a_segment_sent_before_a_delivered_one_is_lost_after_rtt_plus_reo_wnd() {
        let mut r = Rack::default();
        // Segments 0..4 sent at 0, 1, 2, 3 ms; 1 is delivered at 61 ms (RTT 60 ms).
        r.on_delivered(1, MILLI, false, 61 * MILLI, 60 * MILLI);
        assert_eq!((r.xmit_ts, r.end_seq, r.rtt), (MILLI, 2, 60 * MILLI));
        // No reordering seen, not in recovery, one SACKed: reo_wnd = min_RTT/4 = 15 ms.
        let reo = r.reo_wnd(60 * MILLI, 60 * MILLI, false, 1);
        assert_eq!(reo, 15 * MILLI);
        // Segment 0 (sent at 0): lost at 0 + 60 + 15 = 75 ms; at 61 ms the timer has 14 ms to go.
        assert_eq!(r.remaining(0, 0, reo, 61 * MILLI), Some(14 * MILLI));
        assert_eq!(r.remaining(0, 0, reo, 75 * MILLI), Some(0));
        // Segment 2 was sent after the delivered one: RACK cannot judge it.
        assert_eq!(r.remaining(2, 2 * MILLI, reo, 100 * MILLI), None);
        // In recovery without reordering the window closes.
        assert_eq!(r.reo_wnd(60 * MILLI, 60 * MILLI, true, 1), 0);
    }

    #[test]
    fn ambiguous_retransmission_rtts_are_ignored_and_reordering_is_noticed() {
        let mut r = Rack::default();
        r.on_delivered(5, 10 * MILLI, false, 70 * MILLI, 60 * MILLI);
        // A retransmission of 0 acked 5 ms after it was resent: the ACK was for the original.
        r.on_delivered(0, 80 * MILLI, true, 85 * MILLI, 60 * MILLI);
        assert_eq!(r.end_seq, 6);
        assert!(!r.reordering_seen);
        // An original delivered below fack: reordering.
        r.on_delivered(3, 9 * MILLI, false, 90 * MILLI, 60 * MILLI);
        assert!(r.reordering_seen);
    }

    #[test]
    fn pto_is_two_srtt_plus_delayed_ack_for_a_single_segment_capped_by_rto() {
        assert_eq!(pto(Some(60 * MILLI), 10, 300 * MILLI), 120 * MILLI);
        assert_eq!(pto(Some(60 * MILLI), 1, 1000 * MILLI), 320 * MILLI);
        assert_eq!(pto(Some(60 * MILLI), 1, 250 * MILLI), 250 * MILLI);
        assert_eq!(pto(None, 3, 3000 * MILLI), 1000 * MILLI);
    }
}
