//! The heap key: an event's time and sequence number, which order it, and where the event waits, packed
//! in 16 bytes so that both heaps (a few thousand keys with 1,000 flows) fit the first-level cache.

use std::cmp::Ordering;

use crate::time::Time;

/// Where a heap key's event waits (`Key::src`): in the main heap, a slot (its node) or a FIFO lane (the
/// kind bit set); in the timer heap, a timer lane. 23 bits of index leave 40 for the sequence number:
/// a million million events, days of computing at ten million events a second.
pub(super) const SRC_BITS: u32 = 24;
pub(super) const SLOT: u32 = 0;
pub(super) const FIFO: u32 = 1 << (SRC_BITS - 1);
pub(super) const INDEX: u32 = FIFO - 1;
/// The source of the timer wheel's key in the timer heap (no timer lane has this index: `lane_index`).
pub(super) const WHEEL: u32 = INDEX;
pub(super) const MAX_SEQ: u64 = 1 << (64 - SRC_BITS);

/// A heap key: the time and the sequence number that order its event, and where the event waits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) at: Time,
    /// seq << SRC_BITS | src: sequence numbers are unique, so this orders as seq alone.
    tag: u64,
}

impl Key {
    #[inline]
    pub(super) fn new(at: Time, seq: u64, src: u32) -> Key {
        Key { at, tag: (seq << SRC_BITS) | src as u64 }
    }

    #[inline]
    pub(super) fn seq(&self) -> u64 {
        self.tag >> SRC_BITS
    }

    #[inline]
    pub(super) fn src(&self) -> u32 {
        (self.tag & ((1 << SRC_BITS) - 1)) as u32
    }

    /// (time, seq) as one number: comparing it is one wide comparison instead of two branches.
    #[inline]
    pub(super) fn rank(&self) -> u128 {
        ((self.at as u128) << 64) | self.tag as u128
    }
}

/// The rank of an event at `at` with sequence number `seq`, comparable with `Key::rank`.
#[inline]
pub(super) fn rank(at: Time, seq: u64) -> u128 {
    ((at as u128) << 64) | (seq << SRC_BITS) as u128
}

/// The rank of nothing: above every event's (a sequence number never reaches `u64::MAX`).
pub(super) const NONE: u128 = u128::MAX;

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
    // Reversed, as `cmp`. The heap's sifts compare with `<=`, so these avoid building an `Ordering`.
    #[inline]
    fn lt(&self, other: &Self) -> bool {
        other.rank() < self.rank()
    }
    #[inline]
    fn le(&self, other: &Self) -> bool {
        other.rank() <= self.rank()
    }
    #[inline]
    fn gt(&self, other: &Self) -> bool {
        other.rank() > self.rank()
    }
    #[inline]
    fn ge(&self, other: &Self) -> bool {
        other.rank() >= self.rank()
    }
}
impl Ord for Key {
    // Reversed: BinaryHeap is a max-heap and we want the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.rank().cmp(&self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_orders_by_time_then_sequence_whatever_its_source() {
        let k = |at, seq, src| Key::new(at, seq, src);
        assert!(k(10, 5, INDEX | FIFO).rank() < k(10, 6, SLOT).rank());
        assert!(k(10, MAX_SEQ - 1, INDEX).rank() < k(11, 0, 0).rank());
        assert!(k(10, 5, 0).rank() < k(10, 5, 1).rank() && k(10, 5, 1).rank() < rank(10, 6));
        let key = k(7, 123_456, INDEX | FIFO);
        assert_eq!((key.at, key.seq(), key.src()), (7, 123_456, INDEX | FIFO));
        assert_eq!(rank(7, 123_456), k(7, 123_456, 0).rank());
    }
}
