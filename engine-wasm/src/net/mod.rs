//! The network the packets cross, apart from the senders and receivers: the bottleneck (a queue
//! discipline in front of a link that serialises one packet at a time, `bottleneck`) and the link beyond
//! its queue, [`Path`]: random loss on arrival (`loss`), propagation both ways with its delay schedule
//! (`propagation`), the reverse bottleneck the ACKs cross (`reverse`) and the capacity schedule (`rate`).
//!
//! The simulation (crate::sim) owns the event loop and asks these at the right moments: `Path` holds no
//! events, it answers when a packet gets where, and which capacity changes to schedule.

mod bottleneck;
mod loss;
mod propagation;
mod rate;
mod reverse;

pub use bottleneck::Bottleneck;
pub use loss::LinkLoss;
pub use rate::RateChange;

use crate::rng::{stream, Rng};
use crate::scenario::LinkSpec;
use crate::time::Time;

use propagation::Propagation;
use rate::RateSchedule;
use reverse::ReverseBottleneck;

/// The bottleneck link apart from its queue, as one scenario's `link` describes it.
pub struct Path {
    /// `link.loss_rate`, applied by `loss`.
    loss_rate: f64,
    loss: LinkLoss,
    propagation: Propagation,
    reverse: ReverseBottleneck,
    rates: RateSchedule,
}

impl Path {
    /// The path `link` describes; `seed` is the scenario's (the loss and the rate slots draw from their own
    /// streams of it: rng::stream::LOSS, rng::stream::LINK_SCHEDULE).
    pub fn new(link: &LinkSpec, seed: u64) -> Self {
        Path {
            loss_rate: link.loss_rate,
            loss: LinkLoss::new(link.loss_pattern, Rng::new(seed, stream::LOSS)),
            propagation: Propagation::new(link),
            reverse: ReverseBottleneck::new(link.reverse.clone()),
            rates: RateSchedule::new(link, seed),
        }
    }

    /// Whether the link loses the packet arriving at the bottleneck now, before its queue.
    #[inline]
    pub fn loses_arrival(&mut self) -> bool {
        self.loss.lose(self.loss_rate)
    }

    /// When a data packet that the bottleneck finished sending at `sent` reaches the receiver.
    #[inline]
    pub fn data_arrival(&mut self, sent: Time) -> Time {
        self.propagation.forward(sent)
    }

    /// When an ACK sent at `now` reaches the sender's end of the bottleneck link (the sender's access delay
    /// still to come), or None if the reverse bottleneck drops it.
    #[inline]
    pub fn ack_arrival(&mut self, now: Time) -> Option<Time> {
        let leaves = self.reverse.departure(now)?;
        Some(self.propagation.reverse(leaves))
    }

    /// ACKs dropped by the reverse bottleneck so far.
    pub fn ack_drops(&self) -> u64 {
        self.reverse.drops
    }

    /// Whether the bottleneck's capacity changes during the run (then the trace carries `capacity_mbps`).
    pub fn rate_varies(&self) -> bool {
        self.rates.varies()
    }

    /// The capacity changes to schedule at the start, in order.
    pub fn initial_rate_changes(&self) -> Vec<(Time, RateChange)> {
        self.rates.initial()
    }

    /// Applies a capacity change whose time has come: the new capacity, bit/s, and the change to schedule
    /// next, if any.
    pub fn rate_change(&mut self, change: RateChange) -> Option<(f64, Option<(Time, RateChange)>)> {
        self.rates.apply(change)
    }
}
