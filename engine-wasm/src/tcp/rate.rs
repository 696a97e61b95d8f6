//! Delivery-rate estimation (Cheng, Cardwell, Yeganeh, Jacobson, draft-cheng-iccrg-delivery-rate-estimation):
//! each segment remembers, when it is sent, how much had been delivered and when; the ACK that delivers it
//! then yields a rate sample = data delivered between the two instants / the longer of the send and ACK
//! intervals. BBR (`bbr.rs`) is its only user; the sender keeps one only when its controller asks for it.
//!
//! With SACK, every segment an ACK newly delivers, cumulatively or by a SACK block, counts once and may give
//! the sample (the draft's `UpdateRateSample` for each packet newly ACKed or SACKed, the newest one's state
//! making the sample; a SACKed segment is not counted again when the cumulative ACK covers it). The sender
//! reports each newly SACKed segment with `on_sacked` before the ACK's `on_ack`.
//!
//! Without SACK, as Linux does for such a peer (`tcp_add_reno_sack`), each duplicate ACK counts one segment
//! as delivered (it left the network) and the cumulative ACK that ends the hole counts only what those
//! duplicates did not. A duplicate ACK names no segment, so it gives no rate sample (the draft's "no packet
//! newly delivered" case).

use std::collections::VecDeque;

use crate::time::Time;

/// What a segment recorded when it was (re)sent (the draft's per-packet P.* fields).
#[derive(Clone, Copy, Debug, PartialEq)]
struct SentState {
    delivered: u64,
    delivered_time: Time,
    first_sent_time: Time,
    sent_time: Time,
    app_limited: bool,
    /// Delivered by a SACK block already (the draft's P.delivered_time = 0): the cumulative ACK that covers
    /// it does not count it again.
    sacked: bool,
}

/// One ACK's rate sample (the draft's `rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RateSample {
    /// Segments per second; meaningful only when `valid`.
    pub delivery_rate: f64,
    /// Segments delivered over the interval.
    pub delivered: u64,
    /// Length of the sampling interval.
    pub interval: Time,
    /// C.delivered when the newest segment acked by this ACK was sent (BBR's round counting); None when
    /// no segment was newly acked.
    pub prior_delivered: Option<u64>,
    /// The interval included application-limited sending (the draft §3.1).
    pub is_app_limited: bool,
    /// An interval at least as long as the minimum RTT (shorter ones overestimate, the draft §3.3).
    pub valid: bool,
}

/// What the sender tells a model-based controller on every ACK.
#[derive(Clone, Copy, Debug, Default)]
pub struct Delivery {
    /// Simulated time of the ACK.
    pub now: Time,
    /// RTT sample of this ACK (Karn), if any.
    pub rtt: Option<Time>,
    /// Smoothed RTT.
    pub srtt: Time,
    /// This ACK's delivery-rate sample.
    pub sample: RateSample,
    /// Segments this ACK delivered (C.delivered's increase).
    pub newly_delivered: u64,
    /// C.delivered after this ACK.
    pub delivered: u64,
    /// What the sender's window test counts after this ACK: the outstanding segments (snd_max − snd_una),
    /// or RFC 6675's pipe while a SACK sender is in recovery.
    pub flight: u64,
    /// Outstanding segments before this ACK.
    pub prior_flight: u64,
    /// Segments in the network (Linux `tcp_packets_in_flight`): a SACK sender's scoreboard pipe (SACKed and
    /// lost segments left out, retransmissions in); without SACK, outstanding minus those the duplicate
    /// ACKs said have left.
    pub pipe: u64,
    /// Pipe before this ACK.
    pub prior_pipe: u64,
    /// Segments the sender marked lost on this ACK (the head retransmitted by fast retransmit or a partial
    /// ACK).
    pub lost: u64,
    /// The sender is in loss recovery.
    pub in_recovery: bool,
    /// Oldest unacknowledged segment after this ACK.
    pub snd_una: u64,
    /// Highest segment sent + 1.
    pub snd_max: u64,
}

#[derive(Clone, Debug, Default)]
/// The delivery-rate sampler of draft-cheng-iccrg-delivery-rate-estimation.
pub struct RateSampler {
    /// Segment number of `sent[0]` (= snd_una).
    base: u64,
    sent: VecDeque<Option<SentState>>,
    /// C.delivered, C.delivered_time, C.first_sent_time.
    delivered: u64,
    delivered_time: Time,
    first_sent_time: Time,
    /// C.app_limited: the delivered count at which the current app-limited stretch ends (0: none).
    app_limited: u64,
    /// Duplicate ACKs counted as delivered that no cumulative ACK has covered yet (Linux `sacked_out`).
    dup_credit: u64,
    min_rtt: Option<Time>,
    /// Segments this ACK newly SACKed (`on_sacked`), and the most recently sent one's state.
    sacked_now: u64,
    sacked_newest: Option<SentState>,
}

impl RateSampler {
    /// A sampler with nothing sent.
    pub fn new() -> Self {
        RateSampler::default()
    }

    /// Segments delivered so far (C.delivered).
    pub fn delivered(&self) -> u64 {
        self.delivered
    }

    /// Delivery credited to duplicate ACKs and not yet taken back by a cumulative ACK.
    pub fn dup_credit(&self) -> u64 {
        self.dup_credit
    }

    /// The draft's `OnPacketSent`: `flight` = segments outstanding before this one.
    pub fn on_send(&mut self, seq: u64, now: Time, flight: u64) {
        if flight == 0 {
            self.first_sent_time = now;
            self.delivered_time = now;
        }
        let st = SentState {
            delivered: self.delivered,
            delivered_time: self.delivered_time,
            first_sent_time: self.first_sent_time,
            sent_time: now,
            app_limited: self.app_limited != 0,
            sacked: false,
        };
        if seq < self.base {
            return;
        }
        let i = (seq - self.base) as usize;
        if i >= self.sent.len() {
            self.sent.resize(i + 1, None);
        }
        self.sent[i] = Some(st);
    }

    /// The application has nothing more to send while the window has room (the draft's
    /// `CheckIfApplicationLimited`), or BBR's ProbeRTT wants its samples ignored.
    pub fn mark_app_limited(&mut self, flight: u64) {
        self.app_limited = (self.delivered + flight).max(1);
    }

    /// The ACK being processed newly SACKed segment `seq` (the draft's `UpdateRateSample` for a SACKed packet):
    /// it counts as delivered by this ACK, once.
    pub fn on_sacked(&mut self, seq: u64) {
        let Some(Some(p)) = seq.checked_sub(self.base).and_then(|i| self.sent.get_mut(i as usize)) else {
            return;
        };
        if p.sacked {
            return;
        }
        p.sacked = true;
        self.sacked_now += 1;
        if self.sacked_newest.is_none_or(|n| p.sent_time >= n.sent_time) {
            self.sacked_newest = Some(*p);
        }
    }

    /// An ACK moved snd_una to `una`, or was a duplicate (`dup`, without SACK). `outstanding` = segments outstanding
    /// before it. Returns the segments newly delivered and the rate sample.
    pub fn on_ack(&mut self, una: u64, outstanding: u64, dup: bool, now: Time, rtt: Option<Time>) -> (u64, RateSample) {
        if let Some(r) = rtt.filter(|&r| r > 0) {
            self.min_rtt = Some(self.min_rtt.map_or(r, |m| m.min(r)));
        }
        let mut rs = RateSample::default();
        // Segments this ACK SACKed (reported by `on_sacked`), then those its cumulative part covers.
        let mut newest: Option<SentState> = self.sacked_newest.take();
        let mut newly = std::mem::take(&mut self.sacked_now);
        if una > self.base {
            let acked = una - self.base;
            // One segment filled the hole; the rest were counted by duplicate ACKs already.
            let used = self.dup_credit.min(acked - 1);
            self.dup_credit = if acked >= outstanding { 0 } else { self.dup_credit - used };
            // Segments a SACK block delivered before are not counted again.
            let mut was_sacked = 0;
            for _ in 0..acked {
                match self.sent.pop_front() {
                    Some(Some(p)) if p.sacked => was_sacked += 1,
                    Some(Some(p)) if newest.is_none_or(|n| p.sent_time >= n.sent_time) => newest = Some(p),
                    _ => {}
                }
            }
            self.base = una;
            newly += acked - used - was_sacked;
        } else if newly == 0 && dup && outstanding > self.dup_credit + 1 {
            self.dup_credit += 1;
            newly = 1;
        }
        if newly > 0 {
            self.delivered += newly;
            self.delivered_time = now;
        }
        if self.app_limited != 0 && self.delivered > self.app_limited {
            self.app_limited = 0;
        }
        if let Some(p) = newest {
            self.first_sent_time = p.sent_time;
            rs.prior_delivered = Some(p.delivered);
            rs.is_app_limited = p.app_limited;
            let send_elapsed = p.sent_time - p.first_sent_time;
            let ack_elapsed = self.delivered_time - p.delivered_time;
            rs.interval = send_elapsed.max(ack_elapsed);
            rs.delivered = self.delivered - p.delivered;
            rs.valid = rs.interval > 0 && self.min_rtt.is_some_and(|m| rs.interval >= m);
            if rs.valid {
                rs.delivery_rate = rs.delivered as f64 * 1e9 / rs.interval as f64;
            }
        }
        (newly, rs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MILLI;

    #[test]
    fn a_window_acked_one_rtt_later_measures_window_over_rtt() {
        // 10 segments sent back to back at t = 0..9 ms, each ACKed 100 ms after it was sent.
        let mut r = RateSampler::new();
        for s in 0..10 {
            r.on_send(s, s * MILLI, s);
        }
        let (n, rs) = r.on_ack(1, 10, false, 100 * MILLI, Some(100 * MILLI));
        assert_eq!(n, 1);
        // Segment 0 was sent with nothing delivered: 1 segment over 100 ms = 10/s.
        assert_eq!(rs.prior_delivered, Some(0));
        assert!(rs.valid);
        assert!((rs.delivery_rate - 10.0).abs() < 1e-9);
        // Segment 1 sent at 1 ms (send_elapsed 1 ms) is ACKed at 101 ms (ack_elapsed 101 ms): 2 delivered
        // since its send state (delivered 0, delivered_time 0).
        let (_, rs) = r.on_ack(2, 9, false, 101 * MILLI, Some(100 * MILLI));
        assert_eq!(rs.delivered, 2);
        assert_eq!(rs.interval, 101 * MILLI);
        // A segment sent once the first ACK was in: its state remembers delivered = 2 at 101 ms.
        r.on_send(10, 101 * MILLI, 8);
        for s in 3..=10 {
            r.on_ack(s, 12 - s, false, (98 + s) * MILLI, Some(100 * MILLI));
        }
        let (_, rs) = r.on_ack(11, 1, false, 201 * MILLI, Some(100 * MILLI));
        assert_eq!(rs.prior_delivered, Some(2));
        assert_eq!(rs.delivered, 11 - 2);
        assert_eq!(rs.interval, 100 * MILLI);
    }

    #[test]
    fn duplicate_acks_count_as_delivered_once_and_short_intervals_are_invalid() {
        let mut r = RateSampler::new();
        for s in 0..5 {
            r.on_send(s, 0, s);
        }
        // Segment 0 lost: three duplicates count three segments delivered, without a sample.
        for _ in 0..3 {
            let (n, rs) = r.on_ack(0, 5, true, 50 * MILLI, None);
            assert_eq!((n, rs.prior_delivered), (1, None));
        }
        assert_eq!(r.delivered(), 3);
        r.on_send(0, 50 * MILLI, 5);
        // The retransmission fills the hole: 5 acked, 3 already counted: 2 newly delivered.
        let (n, rs) = r.on_ack(5, 5, false, 150 * MILLI, Some(100 * MILLI));
        assert_eq!(n, 2);
        assert_eq!(r.delivered(), 5);
        assert_eq!(rs.prior_delivered, Some(3));
        assert_eq!(r.dup_credit(), 0);
        // An interval shorter than the minimum RTT gives no rate.
        let mut r = RateSampler::new();
        r.on_send(0, 0, 0);
        r.on_ack(1, 1, false, 100 * MILLI, Some(100 * MILLI));
        r.on_send(1, 100 * MILLI, 0);
        let (n, rs) = r.on_ack(2, 1, false, 101 * MILLI, None);
        assert_eq!((n, rs.interval), (1, MILLI));
        assert!(!rs.valid, "{rs:?}");
    }

    #[test]
    fn sacked_segments_are_delivered_and_sampled_when_sacked_and_not_again_when_the_hole_fills() {
        // The draft's UpdateRateSample for each packet an ACK newly SACKs: 10 segments sent at 0..9 ms,
        // segment 0 lost. Each later segment's SACK, 100 ms after it was sent, delivers it and gives a sample.
        let mut r = RateSampler::new();
        for s in 0..10 {
            r.on_send(s, s * MILLI, s);
        }
        for s in 1..10 {
            r.on_sacked(s);
            let (n, rs) = r.on_ack(0, 10, false, (100 + s) * MILLI, None);
            assert_eq!(n, 1, "SACK of {s}");
            // Segment s was sent at s ms with nothing delivered yet (first_sent_time 0): s − 1 + 1 = s delivered
            // since, over max(s ms, (100 + s) ms).
            assert_eq!((rs.prior_delivered, rs.delivered, rs.interval), (Some(0), s, (100 + s) * MILLI));
        }
        assert_eq!(r.delivered(), 9);
        // A block repeated on a later ACK delivers nothing new.
        r.on_sacked(5);
        let (n, rs) = r.on_ack(0, 10, false, 111 * MILLI, None);
        assert_eq!((n, rs.prior_delivered), (0, None));
        // The retransmission of 0, sent at 120 ms (state: 9 delivered at 109 ms), fills the hole at 220 ms: only it
        // is newly delivered; the nine SACKed segments are not counted again.
        r.on_send(0, 120 * MILLI, 9);
        let (n, rs) = r.on_ack(10, 10, false, 220 * MILLI, Some(100 * MILLI));
        assert_eq!((n, r.delivered()), (1, 10));
        assert_eq!((rs.prior_delivered, rs.delivered), (Some(9), 1));
        assert_eq!(rs.interval, 111 * MILLI);
    }

    #[test]
    fn app_limited_marks_the_samples_until_that_data_is_delivered() {
        // Nothing in flight and nothing to send: the bubble ends once delivered passes 0 + 0 (or 1).
        let mut r = RateSampler::new();
        r.mark_app_limited(0);
        r.on_send(0, 0, 0);
        let (_, rs) = r.on_ack(1, 1, false, 100 * MILLI, Some(100 * MILLI));
        assert!(rs.is_app_limited);
        r.on_send(1, 100 * MILLI, 0);
        let (_, rs) = r.on_ack(2, 1, false, 200 * MILLI, Some(100 * MILLI));
        assert!(rs.is_app_limited, "sent before the bubble was delivered");
        r.on_send(2, 200 * MILLI, 0);
        let (_, rs) = r.on_ack(3, 1, false, 300 * MILLI, Some(100 * MILLI));
        assert!(!rs.is_app_limited);
    }
}
