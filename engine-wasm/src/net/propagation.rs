//! The bottleneck link's one-way propagation delay, `link.delay_ms`, and its steps in time
//! (`link.delay_schedule`), which data packets and ACKs share.

use crate::scenario::LinkSpec;
use crate::time::{from_millis, from_secs, Time};

/// The delay, and the time the last packet of each direction leaves it.
pub(super) struct Propagation {
    /// `link.delay_ms`.
    fixed: Time,
    /// `link.delay_schedule` as (from, one-way delay), in time order; empty for a fixed delay.
    steps: Vec<(Time, Time)>,
    /// When the last data packet and the last ACK leave the delay: with a delay schedule, a packet never
    /// arrives before one that entered the link earlier (see `exit`).
    forward_exit: Time,
    reverse_exit: Time,
}

impl Propagation {
    pub(super) fn new(link: &LinkSpec) -> Self {
        Propagation {
            fixed: from_millis(link.delay_ms),
            steps: link.delay_schedule.iter().map(|d| (from_secs(d.at_s), from_millis(d.delay_ms))).collect(),
            forward_exit: 0,
            reverse_exit: 0,
        }
    }

    /// When a data packet entering the link at `t` reaches the receiver's side.
    #[inline]
    pub(super) fn forward(&mut self, t: Time) -> Time {
        self.forward_exit = self.exit(t, self.forward_exit);
        self.forward_exit
    }

    /// When an ACK entering the link at `t` reaches the sender's side.
    #[inline]
    pub(super) fn reverse(&mut self, t: Time) -> Time {
        self.reverse_exit = self.exit(t, self.reverse_exit);
        self.reverse_exit
    }

    /// The one-way propagation delay for a packet entering the link at `t`.
    #[inline]
    fn delay_at(&self, t: Time) -> Time {
        if self.steps.is_empty() {
            return self.fixed;
        }
        match self.steps.partition_point(|(from, _)| *from <= t) {
            0 => self.fixed,
            i => self.steps[i - 1].1,
        }
    }

    /// When a packet entering the link at `t` leaves its propagation delay. A delay step applies to
    /// packets entering after it; when the delay falls, a packet is held until the one that entered before
    /// it has left (`last` = that time), so the link stays FIFO like a real path, never reordering. With a
    /// fixed delay the exits are already in order and the max changes nothing.
    #[inline]
    fn exit(&self, t: Time, last: Time) -> Time {
        (t + self.delay_at(t)).max(last)
    }
}
