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

#[cfg(test)]
mod tests {
    use super::*;

    fn link(json: &str) -> LinkSpec {
        serde_json::from_str(json).expect("a link")
    }

    #[test]
    fn a_fixed_delay_adds_the_same_time_to_every_packet() {
        let mut p = Propagation::new(&link(r#"{"delay_ms": 10}"#));
        assert_eq!(p.forward(0), 10_000_000);
        assert_eq!(p.forward(3_000_000), 13_000_000);
        assert_eq!(p.reverse(1), 10_000_001);
    }

    /// 30 ms up to 1 s, then 5 ms: a packet entering at 1.001 s would leave at 1.006 s, before the one that
    /// entered at 0.999 s (1.029 s), so it is held until then. Each direction keeps its own order.
    #[test]
    fn a_falling_delay_holds_a_packet_behind_the_one_before_it() {
        let mut p = Propagation::new(&link(r#"{"delay_ms": 30, "delay_schedule": [{"at_s": 1, "delay_ms": 5}]}"#));
        assert_eq!(p.forward(999_000_000), 1_029_000_000);
        assert_eq!(p.forward(1_001_000_000), 1_029_000_000);
        assert_eq!(p.forward(1_030_000_000), 1_035_000_000);
        // The reverse direction has seen nothing yet: the new delay applies at once.
        assert_eq!(p.reverse(1_001_000_000), 1_006_000_000);
        // The step applies to packets entering at or after it.
        assert_eq!(p.delay_at(999_999_999), 30_000_000);
        assert_eq!(p.delay_at(1_000_000_000), 5_000_000);
    }
}
