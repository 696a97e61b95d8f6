//! Drop-tail: a FIFO that accepts every packet that fits and drops arrivals when full (docs/algorithms/droptail.md).
//! The baseline of seeds 000, 001 and 004. Its limit is the bottleneck buffer, in packets or bytes.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, Packet, PacketQueue, QueueDisc};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
/// Drop-tail has no parameters: its limit is the link's buffer.
pub struct Params {}

/// A FIFO that drops arrivals that do not fit in the buffer.
pub struct DropTail {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
}

impl Algorithm for DropTail {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "droptail",
        "Drop-tail",
        "Classic FIFO; the baseline of seeds 000, 001 and 004",
        "Accepts every packet that fits in the buffer; drops arrivals when it is full.",
    );
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        Ok(DropTail { params, link: *link, queue: PacketQueue::new() })
    }
}

impl QueueDisc for DropTail {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        self.queue.admit(packet, self.link.limit, env);
    }

    fn set_param(&mut self, name: &str, _value: f64) -> Result<(), Problem> {
        let message = format!("drop-tail has no parameter '{name}' (its limit is the link's buffer)");
        Err(Problem::unknown_param(name, Vec::new(), message))
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![]
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::aqm::Reason;
    use crate::rng::Rng;

    #[test]
    fn drops_arrivals_beyond_the_packet_limit_in_fifo_order() {
        let mut rng = Rng::new(1, 1);
        let mut q = DropTail::new(Params::default(), &link(super::super::Limit::packets(2))).unwrap();
        assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        assert!(enqueue_at(&mut q, pkt(1, 1000), 1, &mut rng).is_empty());
        let s = enqueue_at(&mut q, pkt(2, 1000), 2, &mut rng);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].reason, s[0].marked, s[0].packet.flow), (Reason::Overflow, false, 2));
        assert_eq!(dequeue_at(&mut q, 3, &mut rng).0.map(|p| p.flow), Some(0));
        assert_eq!(q.len_packets(), 1);
    }

    #[test]
    fn byte_limit_counts_bytes() {
        let mut rng = Rng::new(1, 1);
        let mut q = DropTail::new(Params::default(), &link(super::super::Limit::bytes(1500))).unwrap();
        assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        assert_eq!(enqueue_at(&mut q, pkt(0, 600), 0, &mut rng).len(), 1);
        assert!(enqueue_at(&mut q, pkt(0, 500), 0, &mut rng).is_empty());
        assert_eq!(q.len_bytes(), 1500);
    }
}
