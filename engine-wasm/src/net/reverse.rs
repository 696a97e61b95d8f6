//! The reverse bottleneck (`link.reverse`): a drop-tail FIFO of ACKs in front of a slower return link,
//! for ACK compression and ACK loss. Without it an ACK enters the return link the moment it is sent.

use std::collections::VecDeque;

use crate::scenario::ReverseLink;
use crate::time::{Time, TransmissionTimes};

pub(super) struct ReverseBottleneck {
    spec: Option<ReverseLink>,
    /// Departure times of the ACKs it holds, oldest first.
    queue: VecDeque<Time>,
    /// Its last transmission time (an ACK's, the same for every ACK).
    times: TransmissionTimes,
    /// ACKs dropped because the buffer was full.
    pub(super) drops: u64,
}

impl ReverseBottleneck {
    pub(super) fn new(spec: Option<ReverseLink>) -> Self {
        ReverseBottleneck { spec, queue: VecDeque::new(), times: TransmissionTimes::default(), drops: 0 }
    }

    /// When an ACK sent at `now` leaves the reverse bottleneck (`now`, without one), or None if its drop-tail
    /// buffer is full. The FIFO serves at a constant rate, so the departure times of the ACKs it holds
    /// describe it completely: no events are needed.
    #[inline]
    pub(super) fn departure(&mut self, now: Time) -> Option<Time> {
        let Some(r) = &self.spec else { return Some(now) };
        while self.queue.front().is_some_and(|t| *t <= now) {
            self.queue.pop_front();
        }
        if self.queue.len() >= r.buffer as usize {
            self.drops += 1;
            return None;
        }
        let start = self.queue.back().copied().unwrap_or(now).max(now);
        let leaves = start + self.times.get(r.ack_size, r.rate_mbps * 1e6);
        self.queue.push_back(leaves);
        Some(leaves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_reverse_bottleneck_an_ack_leaves_when_it_is_sent() {
        let mut r = ReverseBottleneck::new(None);
        assert_eq!((r.departure(0), r.departure(0), r.departure(7)), (Some(0), Some(0), Some(7)));
        assert_eq!(r.drops, 0);
    }

    /// 40-byte ACKs at 1 Mbit/s take 320 µs each; a buffer of 2 holds two ACKs, the one in service included.
    #[test]
    fn acks_queue_at_the_reverse_rate_and_the_full_buffer_drops() {
        let spec = ReverseLink { rate_mbps: 1.0, buffer: 2, ack_size: 40 };
        let mut r = ReverseBottleneck::new(Some(spec));
        assert_eq!(r.departure(0), Some(320_000));
        assert_eq!(r.departure(0), Some(640_000));
        assert_eq!(r.departure(100_000), None);
        assert_eq!(r.drops, 1);
        // The first has left by 320 µs: room for one more, behind the second.
        assert_eq!(r.departure(320_000), Some(960_000));
        // An idle link serves at once.
        assert_eq!(r.departure(5_000_000), Some(5_320_000));
    }
}
