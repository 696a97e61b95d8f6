//! The FIFO of packets that most disciplines keep, with its byte count, and the physical buffer limit.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::{Env, Reason};
use crate::packet::Packet;

/// Unit of the bottleneck buffer and of a discipline's queue length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum QueueUnit {
    #[default]
    /// Queue length counts packets.
    Packets,
    /// Queue length counts bytes.
    Bytes,
}

/// The physical buffer: an arrival that does not fit is an overflow drop, whatever the AQM decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    /// Whether `value` counts packets or bytes.
    pub unit: QueueUnit,
    /// Capacity, in `unit`.
    pub value: u64,
}

impl Limit {
    /// A buffer of `n` packets.
    pub fn packets(n: u64) -> Self {
        Limit { unit: QueueUnit::Packets, value: n }
    }
    /// A buffer of `n` bytes.
    pub fn bytes(n: u64) -> Self {
        Limit { unit: QueueUnit::Bytes, value: n }
    }
}

#[derive(Clone, Debug, Default)]
/// A FIFO of packets that keeps its total size in bytes.
pub struct PacketQueue {
    packets: VecDeque<Packet>,
    bytes: u64,
}

impl PacketQueue {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Packets queued.
    pub fn len(&self) -> usize {
        self.packets.len()
    }

    /// Whether no packet is queued.
    pub fn is_empty(&self) -> bool {
        self.packets.is_empty()
    }

    /// Bytes queued (sum of packet sizes).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Queue length in the given unit.
    pub fn length(&self, unit: QueueUnit) -> f64 {
        match unit {
            QueueUnit::Packets => self.packets.len() as f64,
            QueueUnit::Bytes => self.bytes as f64,
        }
    }

    /// Would `pkt` fit under `limit`?
    pub fn fits(&self, limit: Limit, pkt: &Packet) -> bool {
        match limit.unit {
            QueueUnit::Packets => (self.packets.len() as u64) < limit.value,
            QueueUnit::Bytes => self.bytes + pkt.size as u64 <= limit.value,
        }
    }

    /// The physical buffer's tail drop, the last step of most disciplines' enqueue: `packet` joins the
    /// tail stamped with the arrival time if it fits under `limit`, else it is an overflow drop. Returns
    /// whether it was queued.
    pub fn admit(&mut self, mut packet: Packet, limit: Limit, env: &mut Env) -> bool {
        if self.fits(limit, &packet) {
            packet.enqueued_at = env.now;
            self.push(packet);
            true
        } else {
            env.drop(packet, Reason::Overflow);
            false
        }
    }

    /// Appends at the tail.
    pub fn push(&mut self, pkt: Packet) {
        self.bytes += pkt.size as u64;
        self.packets.push_back(pkt);
    }

    /// Removes the head.
    pub fn pop(&mut self) -> Option<Packet> {
        let pkt = self.packets.pop_front()?;
        self.bytes -= pkt.size as u64;
        Some(pkt)
    }

    /// The head, left in place.
    pub fn front(&self) -> Option<&Packet> {
        self.packets.front()
    }

    /// Removes every packet, head first.
    pub fn drain(&mut self) -> Vec<Packet> {
        self.bytes = 0;
        self.packets.drain(..).collect()
    }

    /// The packets head first, left in place.
    pub fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.packets.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_bytes_and_applies_both_limit_units() {
        let mut q = PacketQueue::new();
        let p = Packet::new(0, 0, 1000, 0);
        assert!(q.fits(Limit::packets(1), &p));
        q.push(p);
        assert!(!q.fits(Limit::packets(1), &p));
        assert!(q.fits(Limit::bytes(2000), &p));
        assert!(!q.fits(Limit::bytes(1999), &p));
        assert_eq!(q.bytes(), 1000);
        assert_eq!(q.pop().map(|p| p.size), Some(1000));
        assert_eq!(q.bytes(), 0);
        assert!(q.pop().is_none());
    }
}
