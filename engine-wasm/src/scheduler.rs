//! Discrete-event scheduler: a binary min-heap keyed by (time, sequence number). Ties pop in the order
//! they were scheduled (FIFO), so a run is a pure function of the scenario and seed. The heap holds only
//! 24-byte keys; events wait in a slab with a free list, so a sift moves keys, not whole packets (this
//! matters most in WebAssembly). Push and pop are O(log n) and allocate nothing once grown.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::time::Time;

#[derive(PartialEq, Eq)]
struct Key {
    at: Time,
    seq: u64,
    slot: u32,
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Key {
    // Reversed: BinaryHeap is a max-heap and we want the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

/// The event queue: events ordered by (time, insertion sequence).
pub struct Scheduler<E> {
    heap: BinaryHeap<Key>,
    slots: Vec<Option<E>>,
    free: Vec<u32>,
    next_seq: u64,
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler { heap: BinaryHeap::new(), slots: Vec::new(), free: Vec::new(), next_seq: 0 }
    }
}

impl<E> Scheduler<E> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Schedules `event` at `at`. The caller guarantees `at` is not before the current time
    /// (checked in debug builds by the simulation).
    pub fn schedule(&mut self, at: Time, event: E) {
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = Some(event);
                slot
            }
            None => {
                self.slots.push(Some(event));
                (self.slots.len() - 1) as u32
            }
        };
        self.heap.push(Key { at, seq: self.next_seq, slot });
        self.next_seq += 1;
    }

    /// Time of the earliest pending event.
    pub fn peek_time(&self) -> Option<Time> {
        self.heap.peek().map(|k| k.at)
    }

    /// Removes and returns the earliest event with its time.
    pub fn pop(&mut self) -> Option<(Time, E)> {
        let key = self.heap.pop()?;
        let event = self.slots[key.slot as usize].take()?;
        self.free.push(key.slot);
        Some((key.at, event))
    }

    /// Events pending.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// No event pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_time_order_with_fifo_ties() {
        let mut s = Scheduler::new();
        s.schedule(20, "c");
        s.schedule(10, "a");
        s.schedule(20, "d");
        s.schedule(10, "b");
        let order: Vec<_> = std::iter::from_fn(|| s.pop()).collect();
        assert_eq!(order, vec![(10, "a"), (10, "b"), (20, "c"), (20, "d")]);
        assert!(s.is_empty());
        // Slots are reused: scheduling again does not grow the slab.
        s.schedule(30, "e");
        assert_eq!(s.slots.len(), 4);
        assert_eq!(s.pop(), Some((30, "e")));
    }
}
