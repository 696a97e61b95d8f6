//! Where timer keys wait until their time is near: a hashed timing wheel (Varghese & Lauck, SOSP 1987)
//! in front of the timer heap. A retransmission timer's key is almost always stale when it comes up (the
//! sender re-armed it at a later ACK), and putting it back at the new deadline took a pop and a push of
//! the timer heap: with 1,000 flows, nine timer-heap pops in ten, each a sift through a thousand keys
//! whose every step is a coin flip for the branch predictor. A key due in a bucket not yet open waits in
//! the bucket's slot instead; opening the bucket puts back the stale keys found there without a heap
//! operation and moves only the live ones into the heap. While the wheel holds keys, one key of the
//! timer heap (source `WHEEL`) stands for the next bucket's start, so a pop needs no test of its own.

use super::key::Key;
use crate::time::Time;

/// The wheel: a slot of keys per bucket, for one turn of buckets after the open ones.
pub(super) struct TimerWheel {
    /// One `Vec` of keys a bucket; bucket b waits in slot b mod the number of slots.
    slots: Vec<Vec<Key>>,
    /// A bucket spans 2^shift ns.
    shift: u32,
    /// Buckets up to this one are open: their keys are in the timer heap.
    opened: u64,
    /// Keys in `slots`.
    pub(super) keys: usize,
}

/// Where the wheel files a timer key.
pub(super) enum Filed {
    /// In the wheel, the first there: the caller puts the wheel's own key at `start` in the timer heap.
    First { start: Time },
    /// In the wheel, with others.
    More,
    /// Not in the wheel (due in an open bucket, or more than a turn ahead): in the timer heap.
    Heap(Key),
}

impl TimerWheel {
    /// Buckets of 2^26 ns (67 ms) and 128 slots: keys up to 8.6 s ahead wait in the wheel. A minimum RTO
    /// is 200 ms or more (RFC 6298 §2.4 says 1 s), so most keys are filed and found stale there.
    pub(super) const SHIFT: u32 = 26;
    pub(super) const SLOTS: usize = 128;

    pub(super) fn new(shift: u32, slots: usize) -> Self {
        assert!(slots.is_power_of_two() && shift < 40);
        TimerWheel { slots: (0..slots).map(|_| Vec::new()).collect(), shift, opened: 0, keys: 0 }
    }

    /// Where the first bucket not yet open begins: every key in the wheel is due at or after it.
    pub(super) fn start(&self) -> Time {
        (self.opened + 1) << self.shift
    }

    #[inline]
    pub(super) fn file(&mut self, key: Key) -> Filed {
        let bucket = key.at >> self.shift;
        let first = self.keys == 0;
        if first && bucket > self.opened + 1 {
            // An empty wheel has nothing to open: move its start up to this key's bucket rather than open
            // the empty buckets one by one.
            self.opened = bucket - 1;
        }
        let ahead = bucket.wrapping_sub(self.opened);
        if ahead == 0 || ahead > self.slots.len() as u64 {
            return Filed::Heap(key);
        }
        let slot = bucket as usize & (self.slots.len() - 1);
        self.slots[slot].push(key);
        self.keys += 1;
        if first {
            Filed::First { start: self.start() }
        } else {
            Filed::More
        }
    }

    /// Opens the next bucket and takes its keys out of their slot; they still count in `keys` until the
    /// caller has dealt with them (`close`), so that filing a key meanwhile is never the wheel's first.
    pub(super) fn open_next(&mut self) -> Vec<Key> {
        self.opened += 1;
        let slot = self.opened as usize & (self.slots.len() - 1);
        // The slot's buffer goes with its keys, not kept for the slot's next turn: 128 buffers, each as long
        // as the most keys its bucket ever held, came to 0.5 MB with 1,000 flows, to save 0.2 % of the
        // instructions.
        std::mem::take(&mut self.slots[slot])
    }

    /// The `opened` keys that `open_next` took are dealt with: the start of the next bucket if the wheel
    /// still holds keys (the caller puts the wheel's own key there).
    pub(super) fn close(&mut self, opened: usize) -> Option<Time> {
        self.keys -= opened;
        (self.keys > 0).then(|| self.start())
    }
}
