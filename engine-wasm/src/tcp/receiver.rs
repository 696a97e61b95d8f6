//! The TCP receiver: cumulative ACKs, an immediate duplicate ACK for every out-of-order segment,
//! optional delayed ACKs (every second segment or after 200 ms, RFC 5681 §4.2; immediate when a hole
//! is filled), and ECN-Echo of CE marks (RFC 3168 §6.1.3).

use std::collections::BTreeSet;

use crate::packet::{Ack, FlowId, Packet};
use crate::time::{Time, MILLI};

pub const DELAYED_ACK_TIMEOUT: Time = 200 * MILLI;

#[derive(Debug, Default)]
pub struct RxOut {
    pub ack: Option<Ack>,
    /// Arm the delayed-ACK timer: (deadline, generation).
    pub timer: Option<(Time, u64)>,
    /// Segments newly delivered in order to the application (for goodput).
    pub delivered: u64,
}

pub struct TcpReceiver {
    flow: FlowId,
    delayed_ack: bool,
    pub next_expected: u64,
    out_of_order: BTreeSet<u64>,
    /// In-order segments not yet acknowledged (delayed ACK).
    pending: u32,
    pending_echo: (Time, bool),
    ece: bool,
    timer_gen: u64,
}

impl TcpReceiver {
    pub fn new(flow: FlowId, delayed_ack: bool) -> Self {
        TcpReceiver {
            flow,
            delayed_ack,
            next_expected: 0,
            out_of_order: BTreeSet::new(),
            pending: 0,
            pending_echo: (0, false),
            ece: false,
            timer_gen: 0,
        }
    }

    pub fn on_data(&mut self, p: &Packet, now: Time, out: &mut RxOut) {
        self.ece |= p.ce;
        self.pending_echo = (p.sent_at, p.retransmit);
        if p.seq == self.next_expected {
            let filled_hole = !self.out_of_order.is_empty();
            self.next_expected += 1;
            while self.out_of_order.remove(&self.next_expected) {
                self.next_expected += 1;
            }
            out.delivered = self.next_expected - p.seq;
            self.pending += 1;
            if self.delayed_ack && !filled_hole && self.pending < 2 && !p.ce {
                self.timer_gen += 1;
                out.timer = Some((now + DELAYED_ACK_TIMEOUT, self.timer_gen));
                return;
            }
        } else if p.seq > self.next_expected {
            self.out_of_order.insert(p.seq);
        }
        self.send_ack(out);
    }

    /// The delayed-ACK timer of `generation` expired.
    pub fn on_timer(&mut self, generation: u64, out: &mut RxOut) {
        if generation == self.timer_gen && self.pending > 0 {
            self.send_ack(out);
        }
    }

    fn send_ack(&mut self, out: &mut RxOut) {
        out.ack = Some(Ack {
            flow: self.flow,
            next_expected: self.next_expected,
            ts_echo: self.pending_echo.0,
            echo_of_retransmit: self.pending_echo.1,
            ece: self.ece,
            segments: self.pending.max(1),
        });
        self.ece = false;
        self.pending = 0;
        self.timer_gen += 1; // cancels a pending delayed-ACK timer
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
        let mut r = TcpReceiver::new(0, false);
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
    fn delayed_ack_every_second_segment_or_on_timer() {
        let mut r = TcpReceiver::new(0, true);
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
        let mut r = TcpReceiver::new(0, false);
        let mut p = data(0);
        p.ce = true;
        let mut out = RxOut::default();
        r.on_data(&p, 0, &mut out);
        assert!(out.ack.unwrap().ece);
        assert!(!receive(&mut r, 1).ack.unwrap().ece);
    }
}
