//! The FIFO of packets that most disciplines keep, with its byte count, and the physical buffer limit.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::packet::Packet;

/// Unit of the bottleneck buffer and of a discipline's queue length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum QueueUnit {
    #[default]
    Packets,
    Bytes,
}

/// The physical buffer: an arrival that does not fit is an overflow drop, whatever the AQM decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    pub unit: QueueUnit,
    pub value: u64,
}

impl Limit {
    pub fn packets(n: u64) -> Self {
        Limit { unit: QueueUnit::Packets, value: n }
    }
    pub fn bytes(n: u64) -> Self {
        Limit { unit: QueueUnit::Bytes, value: n }
    }
}

#[derive(Clone, Debug, Default)]
pub struct PacketQueue {
    packets: VecDeque<Packet>,
    bytes: u64,
}

impl PacketQueue {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.packets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.packets.is_empty()
    }

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

    pub fn push(&mut self, pkt: Packet) {
        self.bytes += pkt.size as u64;
        self.packets.push_back(pkt);
    }

    pub fn pop(&mut self) -> Option<Packet> {
        let pkt = self.packets.pop_front()?;
        self.bytes -= pkt.size as u64;
        Some(pkt)
    }

    pub fn front(&self) -> Option<&Packet> {
        self.packets.front()
    }

    pub fn drain(&mut self) -> Vec<Packet> {
        self.bytes = 0;
        self.packets.drain(..).collect()
    }

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
