//! Discrete-event scheduler: a binary min-heap keyed by (time, sequence number). Ties pop in the order
//! they were scheduled (FIFO), so a run is a pure function of the scenario and seed. Push and pop are
//! O(log n) and allocate nothing once the heap has grown.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::time::Time;

struct Entry<E> {
    at: Time,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    // Reversed: BinaryHeap is a max-heap and we want the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

pub struct Scheduler<E> {
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler { heap: BinaryHeap::new(), next_seq: 0 }
    }
}

impl<E> Scheduler<E> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Schedules `event` at `at`. The caller guarantees `at` is not before the current time
    /// (checked in debug builds by the simulation).
    pub fn schedule(&mut self, at: Time, event: E) {
        self.heap.push(Entry { at, seq: self.next_seq, event });
        self.next_seq += 1;
    }

    /// Time of the earliest pending event.
    pub fn peek_time(&self) -> Option<Time> {
        self.heap.peek().map(|e| e.at)
    }

    pub fn pop(&mut self) -> Option<(Time, E)> {
        self.heap.pop().map(|e| (e.at, e.event))
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

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
    }
}
