//! The TCP receiver: cumulative ACKs, an immediate duplicate ACK for every out-of-order segment,
//! optional delayed ACKs (every second segment or after 200 ms, RFC 5681 §4.2; immediate when a hole
//! is filled), ECN feedback as [`Feedback`] says and, when enabled, SACK blocks (RFC 2018): the
//! block holding the segment that triggered the ACK first, then the most recently reported other blocks.

use crate::packet::{Ack, FlowId, Packet, SackBlocks};
use crate::time::{Time, MILLI};

/// Longest a receiver holds an ACK back (RFC 1122's 500 ms bound; 200 ms as Linux and ns-3).
pub const DELAYED_ACK_TIMEOUT: Time = 200 * MILLI;

/// How the receiver tells the sender about CE marks (docs/algorithms/l4s.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Feedback {
    #[default]
    /// RFC 3168 §6.1.3 as this lab models it: ECE on the ACK after a CE mark, which is sent at once.
    Classic,
    /// DCTCP (RFC 8257 §3.2): ECE echoes the CE state of the last segment exactly; a change of state
    /// acknowledges the segments before it at once with the old state (if an ACK was held back), and the
    /// segment that changed it at once with the new one (Linux `dctcp_ece_ack_update`).
    Dctcp,
    /// Accurate ECN (RFC 9768 §3.2): every ACK carries the CE-marked packets and bytes counted so far; an
    /// ACK goes at once when a CE mark follows an unmarked segment (§3.2.2.5.1). Counters, not option bytes.
    Accurate,
}

#[derive(Debug, Default)]
/// What one arriving segment makes the receiver do.
pub struct RxOut {
    /// An ACK to send before `ack`: DCTCP's immediate ACK of the segments before a CE state change.
    pub first: Option<Ack>,
    /// The ACK to send now, if any.
    pub ack: Option<Ack>,
    /// Arm the delayed-ACK timer: (deadline, generation).
    pub timer: Option<(Time, u64)>,
    /// Segments newly delivered in order to the application (for goodput).
    pub delivered: u64,
    /// 1 when this segment is data the receiver did not hold yet, in order or not (for the goodput counted
    /// as the data arrives, which never exceeds what the link carried in the same window); 0 for a duplicate.
    pub received: u64,
}

/// A TCP receiver: cumulative ACKs, optional delayed ACKs (RFC 1122) and SACK blocks (RFC 2018).
pub struct TcpReceiver {
    flow: FlowId,
    delayed_ack: bool,
    /// The next in-order segment expected (the cumulative ACK).
    pub next_expected: u64,
    /// Segments held above `next_expected`: disjoint, non-adjacent [start, end) ranges in order.
    out_of_order: Vec<(u64, u64)>,
    sack: bool,
    /// One segment of each block in the order they were last reported, most recent first (RFC 2018 §4);
    /// a block that merged with another leaves two entries, de-duplicated when the option is written.
    recent: Vec<u64>,
    /// In-order segments not yet acknowledged (delayed ACK).
    pending: u32,
    pending_echo: (Time, bool),
    ece: bool,
    timer_gen: u64,
    feedback: Feedback,
    /// CE mark of the last segment (DCTCP.CE of RFC 8257 §3.2; AccECN's change trigger).
    ce_state: bool,
    /// Accurate ECN counters: CE-marked packets and bytes received (RFC 9768 r.cep, r.ceb).
    ce_packets: u32,
    ce_bytes: u32,
}

impl TcpReceiver {
    /// A receiver for `flow`, expecting segment 0.
    pub fn new(flow: FlowId, delayed_ack: bool, sack: bool) -> Self {
        TcpReceiver {
            flow,
            delayed_ack,
            next_expected: 0,
            out_of_order: Vec::new(),
            sack,
            recent: Vec::new(),
            pending: 0,
            pending_echo: (0, false),
            ece: false,
            timer_gen: 0,
            feedback: Feedback::Classic,
            ce_state: false,
            ce_packets: 0,
            ce_bytes: 0,
        }
    }

    /// How it feeds CE marks back.
    pub fn feedback(&self) -> Feedback {
        self.feedback
    }

    /// The same receiver with another ECN feedback.
    pub fn with_feedback(self, feedback: Feedback) -> Self {
        TcpReceiver { feedback, ..self }
    }

    /// Takes one data segment in at `now` and says what to send back.
    pub fn on_data(&mut self, p: &Packet, now: Time, out: &mut RxOut) {
        let changed = p.ce != self.ce_state;
        if self.feedback == Feedback::Dctcp && changed && self.pending > 0 {
            out.first = Some(self.ack_now()); // RFC 8257 §3.2: the old state, for the segments before
        }
        self.ce_state = p.ce;
        if p.ce {
            self.ce_packets = self.ce_packets.wrapping_add(1);
            self.ce_bytes = self.ce_bytes.wrapping_add(p.size);
        }
        // A CE mark hurries its ACK (RFC 3168, as Linux), a change of CE state does (DCTCP), or only the
        // onset of marks (AccECN).
        let hurry = match self.feedback {
            Feedback::Classic => p.ce,
            Feedback::Dctcp => changed,
            Feedback::Accurate => p.ce && changed,
        };
        self.ece |= p.ce;
        self.pending_echo = (p.sent_at, p.retransmit);
        if p.seq == self.next_expected {
            let filled_hole = !self.out_of_order.is_empty();
            self.next_expected += 1;
            if self.out_of_order.first().is_some_and(|r| r.0 == self.next_expected) {
                self.next_expected = self.out_of_order.remove(0).1;
                let next = self.next_expected;
                self.recent.retain(|&s| s >= next);
            }
            out.delivered = self.next_expected - p.seq;
            out.received = 1;
            self.pending += 1;
            if self.delayed_ack && !filled_hole && self.pending < 2 && !hurry {
                self.timer_gen += 1;
                out.timer = Some((now + DELAYED_ACK_TIMEOUT, self.timer_gen));
                return;
            }
        } else if p.seq > self.next_expected && self.hold(p.seq) {
            out.received = 1;
        }
        self.send_ack(out);
    }

    /// The delayed-ACK timer of `generation` expired.
    pub fn on_timer(&mut self, generation: u64, out: &mut RxOut) {
        if generation == self.timer_gen && self.pending > 0 {
            self.send_ack(out);
        }
    }

    /// Keeps an out-of-order segment, merging it into its neighbours; false if it was held already.
    fn hold(&mut self, seq: u64) -> bool {
        let ranges = &mut self.out_of_order;
        // First range that ends at or after seq: the one seq extends, sits in, or precedes.
        let i = ranges.partition_point(|r| r.1 < seq);
        let new = !matches!(ranges.get(i), Some(&(s, e)) if s <= seq && seq < e);
        match ranges.get(i).copied() {
            Some((s, e)) if s <= seq && seq < e => {} // a duplicate: its block is still reported first
            Some((_, e)) if e == seq => {
                ranges[i].1 = seq + 1;
                if ranges.get(i + 1).is_some_and(|n| n.0 == seq + 1) {
                    ranges[i].1 = ranges.remove(i + 1).1;
                }
            }
            Some((s, _)) if s == seq + 1 => ranges[i].0 = seq,
            _ => ranges.insert(i, (seq, seq + 1)),
        }
        if self.sack {
            // The triggering segment's block goes first; drop older entries of that same block.
            let (s, e) = self.block_of(seq).unwrap_or((seq, seq + 1));
            self.recent.retain(|&r| r < s || r >= e);
            self.recent.insert(0, seq);
            self.recent.truncate(4 * SackBlocks::MAX);
        }
        new
    }

    /// The held range that contains `seq`.
    fn block_of(&self, seq: u64) -> Option<(u64, u64)> {
        let i = self.out_of_order.partition_point(|r| r.1 <= seq);
        self.out_of_order.get(i).copied().filter(|r| r.0 <= seq)
    }

    /// The SACK option for the next ACK: distinct blocks, most recently reported first.
    fn sack_blocks(&self) -> SackBlocks {
        let mut blocks = SackBlocks::default();
        let mut seen: [(u64, u64); SackBlocks::MAX] = [(0, 0); SackBlocks::MAX];
        for &r in &self.recent {
            if blocks.len() == SackBlocks::MAX {
                break;
            }
            if let Some(b) = self.block_of(r) {
                if !seen[..blocks.len()].contains(&b) {
                    seen[blocks.len()] = b;
                    blocks.push(self.next_expected, b.0, b.1);
                }
            }
        }
        blocks
    }

    fn send_ack(&mut self, out: &mut RxOut) {
        out.ack = Some(self.ack_now());
    }

    /// The ACK for everything received so far; resets the delayed-ACK state.
    fn ack_now(&mut self) -> Ack {
        let sack = if self.sack && !self.out_of_order.is_empty() { self.sack_blocks() } else { SackBlocks::default() };
        let ack = Ack {
            flow: self.flow,
            next_expected: self.next_expected,
            ts_echo: self.pending_echo.0,
            echo_of_retransmit: self.pending_echo.1,
            ece: if self.feedback == Feedback::Dctcp { self.ce_state } else { self.ece },
            segments: self.pending.max(1),
            sack,
            ce_packets: self.ce_packets,
            ce_bytes: self.ce_bytes,
        };
        self.ece = false;
        self.pending = 0;
        self.timer_gen += 1; // cancels a pending delayed-ACK timer
        ack
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(seq: u64) -> Packet {
        Packet::new(0, seq, 1000, seq * MILLI)
    }

    fn receive(r: &mut TcpReceiver, seq: u64) -> RxOut {
        let mut out = RxOut::default();
        r.on_data(&data(seq), 0, &mut out);
        out
    }

    #[test]
    fn acks_cumulatively_and_dupacks_out_of_order_segments() {
        let mut r = TcpReceiver::new(0, false, false);
        assert_eq!(receive(&mut r, 0).ack.map(|a| a.next_expected), Some(1));
        let gap = receive(&mut r, 2);
        assert_eq!(gap.ack.map(|a| a.next_expected), Some(1));
        assert_eq!(gap.delivered, 0);
        let fill = receive(&mut r, 1);
        assert_eq!(fill.ack.map(|a| a.next_expected), Some(3));
        assert_eq!(fill.delivered, 2);
        // An old duplicate is acknowledged again.
        assert_eq!(receive(&mut r, 0).ack.map(|a| a.next_expected), Some(3));
    }

    #[test]
    fn counts_each_segment_as_received_once_when_it_arrives_in_order_or_not() {
        let mut r = TcpReceiver::new(0, false, true);
        let got = |r: &mut TcpReceiver, seq| {
            let o = receive(r, seq);
            (o.received, o.delivered)
        };
        assert_eq!(got(&mut r, 0), (1, 1));
        // Out of order: received now, delivered when the hole fills.
        assert_eq!(got(&mut r, 2), (1, 0));
        assert_eq!(got(&mut r, 3), (1, 0));
        assert_eq!(got(&mut r, 3), (0, 0)); // held already
        assert_eq!(got(&mut r, 1), (1, 3));
        assert_eq!(got(&mut r, 2), (0, 0)); // delivered already
        assert_eq!(got(&mut r, 5), (1, 0));
        assert_eq!(got(&mut r, 4), (1, 2));
    }

    #[test]
    fn delayed_ack_every_second_segment_or_on_timer() {
        let mut r = TcpReceiver::new(0, true, false);
        let first = receive(&mut r, 0);
        assert!(first.ack.is_none());
        let (deadline, generation) = first.timer.unwrap();
        assert_eq!(deadline, DELAYED_ACK_TIMEOUT);
        let second = receive(&mut r, 1);
        assert_eq!(second.ack.map(|a| (a.next_expected, a.segments)), Some((2, 2)));
        let mut out = RxOut::default();
        r.on_timer(generation, &mut out); // cancelled by the ACK
        assert!(out.ack.is_none());
        let third = receive(&mut r, 2);
        let mut out = RxOut::default();
        r.on_timer(third.timer.unwrap().1, &mut out);
        assert_eq!(out.ack.map(|a| a.next_expected), Some(3));
    }

    #[test]
    fn echoes_ce_on_the_next_ack() {
        let mut r = TcpReceiver::new(0, false, false);
        let mut p = data(0);
        p.ce = true;
        let mut out = RxOut::default();
        r.on_data(&p, 0, &mut out);
        assert!(out.ack.unwrap().ece);
        assert!(!receive(&mut r, 1).ack.unwrap().ece);
    }

    /// RFC 8257 §3.2's state machine with delayed ACKs (one ACK per m = 2 segments): CE marks on
    /// segments 3–5. Every transition of its figure occurs once.
    #[test]
    fn dctcp_echoes_the_ce_state_exactly_with_an_immediate_ack_on_each_change() {
        let mut r = TcpReceiver::new(0, true, false).with_feedback(Feedback::Dctcp);
        let ce = [false, false, false, true, true, true, false, false];
        let acks: Vec<Vec<(u64, bool)>> = ce
            .iter()
            .enumerate()
            .map(|(seq, &ce)| {
                let mut p = data(seq as u64);
                p.ce = ce;
                let mut out = RxOut::default();
                r.on_data(&p, 0, &mut out);
                [out.first, out.ack].iter().flatten().map(|a| (a.next_expected, a.ece)).collect()
            })
            .collect();
        let want: [&[(u64, bool)]; 8] = [
            &[],                      // 0: held back (state 0)
            &[(2, false)],            // 1: second segment, ECE = 0
            &[],                      // 2: held back
            &[(3, false), (4, true)], // 3: 0 → 1: the held ACK with ECE = 0, then this one with ECE = 1
            &[],                      // 4: held back (state 1)
            &[(6, true)],             // 5: second segment, ECE = 1
            &[(7, false)],            // 6: 1 → 0, nothing held: this one at once with ECE = 0
            &[],                      // 7: held back
        ];
        assert_eq!(acks, want);
    }

    #[test]
    fn accurate_ecn_counts_ce_packets_and_bytes_and_hurries_the_onset_of_marks() {
        let mut r = TcpReceiver::new(0, true, false).with_feedback(Feedback::Accurate);
        let mut counts = Vec::new();
        for (seq, ce) in [false, false, true, true, true, false].into_iter().enumerate() {
            let mut p = data(seq as u64);
            p.ce = ce;
            let mut out = RxOut::default();
            r.on_data(&p, 0, &mut out);
            counts.push(out.ack.map(|a| (a.next_expected, a.ce_packets, a.ce_bytes)));
        }
        assert_eq!(
            counts,
            [None, Some((2, 0, 0)), Some((3, 1, 1000)), None, Some((5, 3, 3000)), None],
            "the onset of marks (segment 2) is acked at once, the rest every second segment"
        );
    }

    fn blocks(out: &RxOut) -> Vec<(u64, u64)> {
        let a = out.ack.expect("an ACK");
        a.sack.iter(a.next_expected).collect()
    }

    #[test]
    fn sack_blocks_most_recent_first_at_most_three_and_merged() {
        let mut r = TcpReceiver::new(0, false, true);
        assert!(blocks(&receive(&mut r, 0)).is_empty()); // in order: no option
                                                         // Holes at 1, 3, 5, 7: blocks [2,3), [4,5), [6,7), [8,9) arrive in that order.
        assert_eq!(blocks(&receive(&mut r, 2)), vec![(2, 3)]);
        assert_eq!(blocks(&receive(&mut r, 4)), vec![(4, 5), (2, 3)]);
        assert_eq!(blocks(&receive(&mut r, 6)), vec![(6, 7), (4, 5), (2, 3)]);
        // A fourth block pushes the oldest out: at most 3 (RFC 2018 §3 with timestamps).
        assert_eq!(blocks(&receive(&mut r, 8)), vec![(8, 9), (6, 7), (4, 5)]);
        // 5 joins [4,5) and [6,7) into [4,7), which goes first; [8,9) is next most recent.
        assert_eq!(blocks(&receive(&mut r, 5)), vec![(4, 7), (8, 9), (2, 3)]);
        // A duplicate of a held segment reports its block first again.
        assert_eq!(blocks(&receive(&mut r, 2)), vec![(2, 3), (4, 7), (8, 9)]);
        // Filling hole 1 delivers up to 3; the ACK still reports what is held above (RFC 2018 §4).
        let fill = receive(&mut r, 1);
        assert_eq!(fill.ack.unwrap().next_expected, 3);
        assert_eq!(blocks(&fill), vec![(4, 7), (8, 9)]);
        let fill = receive(&mut r, 3);
        assert_eq!(fill.ack.unwrap().next_expected, 7);
        assert_eq!(blocks(&fill), vec![(8, 9)]);
        let fill = receive(&mut r, 7);
        assert_eq!(fill.ack.unwrap().next_expected, 9);
        assert!(blocks(&fill).is_empty());
    }

    #[test]
    fn without_sack_out_of_order_segments_still_fill_in_and_no_option_is_sent() {
        let mut r = TcpReceiver::new(0, false, false);
        for seq in [1, 3, 2, 5] {
            let out = receive(&mut r, seq);
            assert!(blocks(&out).is_empty());
            assert_eq!(out.ack.unwrap().next_expected, 0);
        }
        assert_eq!(receive(&mut r, 0).ack.unwrap().next_expected, 4);
        assert_eq!(receive(&mut r, 4).ack.unwrap().next_expected, 6);
    }
}
