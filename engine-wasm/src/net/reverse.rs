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
