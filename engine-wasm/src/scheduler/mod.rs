//! Discrete-event scheduler: events ordered by (time, sequence number). Ties pop in the order they were
//! scheduled (FIFO), so a run is a pure function of the scenario and seed.
//!
//! Most events of a packet simulation are already in order when they are scheduled, and most timers are
//! re-armed long before they fire. Keeping every one of them in one binary heap made the heap hold one
//! entry per packet in flight plus one stale timer per ACK (tens of thousands at 1 Gbit/s), and sifting it
//! was three quarters of the run time. So the heap holds *sources*, each at most once or a few times:
//! - a slot: one event of any kind (waiting in a slab, so a sift moves 16-byte keys, not packets);
//! - a FIFO lane ([`Scheduler::schedule_fifo`]): events that a source schedules in non-decreasing time,
//!   such as one access link's arrivals or the bottleneck's deliveries; only the lane's head is in the heap;
//! - a timer lane ([`Scheduler::arm`]): at most one pending event; arming it again replaces the event, and
//!   a later deadline needs no heap operation: the heap entry of the earlier one, when it comes up, finds
//!   the new deadline and is put back at it. A sender re-arms its retransmission timer on every ACK
//!   (RFC 6298 §5.3) and it almost never fires, so this turns one heap push per ACK into one per RTO.
//!
//! The events of slots and FIFO lanes wait in one slab of nodes with a free list (a lane is a chain through
//! it), and the timer lanes' keys in a heap of their own, compared with the main heap's top at each pop;
//! a timer key due more than a bucket ahead waits in a timing wheel in front of that heap, where a stale
//! one is put back at its timer's new deadline without a heap operation (docs/performance.md).
//!
//! Every event takes its sequence number when it is scheduled, wherever it waits, and a key goes back in the
//! heap with its event's own (time, seq): so events pop in exactly the order one heap of every event would
//! give, and trace digests do not depend on the lanes. Replacing a timer's event drops the replaced one:
//! callers use a timer lane only for events that a later arming makes a no-op (generation-checked timers).
//!
//! One file per mechanism, behind this one face: `key` (the 16-byte heap key), `slab` (the nodes of slots
//! and FIFO lanes), `timer` (a timer lane's armed event and keys) and `wheel` (the timing wheel); this
//! file holds the queue itself, which chooses among them at each pop.

mod key;
mod slab;
mod timer;
mod wheel;

use std::collections::binary_heap::PeekMut;
use std::collections::BinaryHeap;

use crate::time::Time;
use key::{rank, Key, FIFO, INDEX, MAX_SEQ, NONE, SLOT, WHEEL};
use slab::{Chain, Slab, NIL};
use timer::{Entry, Timer};
use wheel::{Filed, TimerWheel};

/// A FIFO lane: events scheduled into it must come in non-decreasing time (else they wait in a slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fifo(u32);

/// A pinned FIFO lane ([`Scheduler::pinned_fifo`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinnedFifo(u32);

/// A pinned lane's chain, and the rank of its head with the lane's index in its source bits (NONE: empty),
/// so that the earliest of the lanes' ranks also says which lane it is.
struct PinnedLane {
    chain: Chain,
    first: u128,
}

/// A timer lane: at most one pending event, replaced when armed again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimerLane(u32);

/// The event queue: events ordered by (time, insertion sequence).
pub struct Scheduler<E> {
    /// Keys of slots and FIFO lane heads.
    heap: BinaryHeap<Key>,
    /// Keys of timer lanes, apart: a retransmission timer's key waits about an RTO (far beyond the packets
    /// in flight) and rarely comes up, so with 1,000 flows these keys were more than half the heap and
    /// every packet's sift went through them. Each pop compares the two tops.
    timer_heap: BinaryHeap<Key>,
    /// Timer keys due after the open buckets, filed by bucket (see `file_timer_key`).
    wheel: TimerWheel,
    /// Events of slots and FIFO lanes.
    slab: Slab<E>,
    fifos: Vec<Chain>,
    /// Pinned FIFO lanes: their heads wait outside the heap (see `pinned_fifo`).
    pinned: Vec<PinnedLane>,
    /// The earliest of the pinned lanes' `first` (NONE: they are empty), kept up to date as their heads
    /// change, so that a pop does not look at every pinned lane.
    pinned_first: u128,
    timers: Vec<Timer<E>>,
    next_seq: u64,
    pending: usize,
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler {
            heap: BinaryHeap::new(),
            timer_heap: BinaryHeap::new(),
            wheel: TimerWheel::new(TimerWheel::SHIFT, TimerWheel::SLOTS),
            slab: Slab::default(),
            fifos: Vec::new(),
            pinned: Vec::new(),
            pinned_first: NONE,
            timers: Vec::new(),
            next_seq: 0,
            pending: 0,
        }
    }
}

impl<E> Scheduler<E> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty queue whose timer wheel has buckets of 2^shift ns and `slots` slots (a power of two): for
    /// tests that reach the wheel's edges in a few events.
    #[cfg(test)]
    fn with_wheel(shift: u32, slots: usize) -> Self {
        Scheduler { wheel: TimerWheel::new(shift, slots), ..Self::default() }
    }

    /// A new FIFO lane.
    pub fn fifo(&mut self) -> Fifo {
        self.fifos.push(Chain::EMPTY);
        Fifo(self.lane_index(self.fifos.len()))
    }

    /// A new FIFO lane whose head is compared with the heap's at every pop instead of waiting in it: for the
    /// one or two busiest sources (the bottleneck's transmissions and deliveries, a third of all events),
    /// which then cost no heap operation at all. Each pinned lane adds a comparison to every pop of one.
    /// Schedule into it with [`Scheduler::schedule_pinned`].
    pub fn pinned_fifo(&mut self) -> PinnedFifo {
        self.pinned.push(PinnedLane { chain: Chain::EMPTY, first: NONE });
        PinnedFifo(self.lane_index(self.pinned.len()))
    }

    /// A new timer lane.
    pub fn timer(&mut self) -> TimerLane {
        self.timers.push(Timer::new());
        TimerLane(self.lane_index(self.timers.len()))
    }

    fn lane_index(&self, len: usize) -> u32 {
        assert!(len <= INDEX as usize, "too many scheduler lanes");
        (len - 1) as u32
    }

    #[inline]
    fn take_seq(&mut self) -> u64 {
        self.pending += 1;
        assert!(self.next_seq < MAX_SEQ, "too many events for the scheduler's sequence numbers");
        self.next_seq += 1;
        self.next_seq - 1
    }

    /// Schedules `event` at `at`. The caller guarantees `at` is not before the current time
    /// (checked in debug builds by the simulation).
    #[inline]
    pub fn schedule(&mut self, at: Time, event: E) {
        let seq = self.take_seq();
        self.push_slot(at, seq, event);
    }

    #[inline]
    fn push_slot(&mut self, at: Time, seq: u64, event: E) {
        let slot = self.slab.alloc(at, seq, event);
        self.heap.push(Key::new(at, seq, SLOT | slot));
    }

    /// Schedules `event` at `at` in `lane`. An event earlier than the lane's last one still pops in its
    /// place: it waits in a slot instead.
    #[inline]
    pub fn schedule_fifo(&mut self, lane: Fifo, at: Time, event: E) {
        let seq = self.take_seq();
        let tail = self.fifos[lane.0 as usize].tail;
        if tail == NIL {
            let node = self.slab.alloc(at, seq, event);
            self.fifos[lane.0 as usize] = Chain { head: node, tail: node };
            self.heap.push(Key::new(at, seq, FIFO | lane.0));
        } else if at < self.slab.node(tail).at {
            self.push_slot(at, seq, event);
        } else {
            let node = self.slab.alloc(at, seq, event);
            self.slab.link(tail, node);
            self.fifos[lane.0 as usize].tail = node;
        }
    }

    /// Schedules `event` at `at` in the pinned lane `lane`, as [`Scheduler::schedule_fifo`] does.
    #[inline]
    pub fn schedule_pinned(&mut self, lane: PinnedFifo, at: Time, event: E) {
        let seq = self.take_seq();
        let tail = self.pinned[lane.0 as usize].chain.tail;
        if tail == NIL {
            let node = self.slab.alloc(at, seq, event);
            let first = rank(at, seq) | lane.0 as u128;
            self.pinned[lane.0 as usize] = PinnedLane { chain: Chain { head: node, tail: node }, first };
            self.pinned_first = self.pinned_first.min(first);
        } else if at < self.slab.node(tail).at {
            self.push_slot(at, seq, event);
        } else {
            let node = self.slab.alloc(at, seq, event);
            self.slab.link(tail, node);
            self.pinned[lane.0 as usize].chain.tail = node;
        }
    }

    /// Arms `lane` with `event` at `at`, replacing the event it held (which will not happen).
    #[inline]
    pub fn arm(&mut self, lane: TimerLane, at: Time, event: E) {
        debug_assert!(at < Time::MAX, "a timer armed at the end of time");
        let seq = self.take_seq();
        let timer = &mut self.timers[lane.0 as usize];
        if timer.armed.replace(Entry { at, seq, event }).is_some() {
            self.pending -= 1;
        }
        if timer.needs_key(at) {
            self.file_timer_key(Key::new(at, seq, lane.0));
        }
    }

    /// A timer key goes in the wheel, or in the timer heap when it is due in an open bucket or beyond one
    /// turn of the wheel.
    #[inline]
    fn file_timer_key(&mut self, key: Key) {
        match self.wheel.file(key) {
            Filed::More => {}
            Filed::First { start } => self.timer_heap.push(Key::new(start, 0, WHEEL)),
            Filed::Heap(key) => self.timer_heap.push(key),
        }
    }

    /// Opens the next bucket of the wheel. Each key in it that is its timer's earliest is dealt with now,
    /// as its pop would: a live one (the armed deadline's) goes in the timer heap; a stale one is dropped
    /// and the armed deadline, if any, filed in its stead. Consuming a timer's earliest key before its time
    /// changes nothing, as its pop fires nothing: the armed event still pops at its own (time, seq). A key
    /// that is not its timer's earliest (a timer with several, which is rare) goes in the heap, so that
    /// each timer's keys are consumed in time order (`Timer::earliest` relies on it).
    #[cold]
    fn open_next_bucket(&mut self) {
        let keys = self.wheel.open_next();
        let opening = keys.len();
        for key in keys {
            let src = key.src();
            let timer = &mut self.timers[(src & INDEX) as usize];
            if key.at != timer.earliest || timer.is_live(key.at, key.seq()) {
                self.timer_heap.push(key);
            } else if let Some((at, seq)) = timer.drop_stale() {
                self.file_timer_key(Key::new(at, seq, src));
            }
        }
        if let Some(start) = self.wheel.close(opening) {
            self.timer_heap.push(Key::new(start, 0, WHEEL));
        }
    }

    /// Removes the head of the (non-empty) pinned lane `lane` and returns its event.
    #[inline]
    fn pop_pinned(&mut self, lane: usize) -> E {
        let (event, next) = self.slab.release(self.pinned[lane].chain.head);
        let first = if next == NIL {
            NONE
        } else {
            let n = self.slab.node(next);
            rank(n.at, n.seq) | lane as u128
        };
        let p = &mut self.pinned[lane];
        p.chain.head = next;
        p.chain.tail = if next == NIL { NIL } else { p.chain.tail };
        p.first = first;
        self.pending -= 1;
        // The earliest of a few ranks, with selects rather than branches (which lane comes next is
        // as random as the traffic).
        self.pinned_first = self.pinned.iter().fold(NONE, |best, p| best.min(p.first));
        event
    }

    /// Removes and returns the earliest event if it is due at or before `until`.
    #[inline]
    pub fn pop_until(&mut self, until: Time) -> Option<(Time, E)> {
        loop {
            let pinned = self.pinned_first;
            let heap_first = self.heap.peek().map_or(NONE, Key::rank);
            let timer_first = self.timer_heap.peek().map_or(NONE, Key::rank);
            if pinned < heap_first.min(timer_first) {
                if (pinned >> 64) as Time > until {
                    return None;
                }
                let event = self.pop_pinned((pinned as u32 & INDEX) as usize);
                return Some(((pinned >> 64) as Time, event));
            }
            if timer_first < heap_first {
                let top = self.timer_heap.peek_mut().expect("a timer key");
                let (at, seq, src) = (top.at, top.seq(), top.src());
                if at > until {
                    return None;
                }
                PeekMut::pop(top);
                if src == WHEEL {
                    self.open_next_bucket();
                    continue;
                }
                let timer = &mut self.timers[(src & INDEX) as usize];
                if timer.is_live(at, seq) {
                    timer.drop_earliest();
                    let armed = timer.armed.take().expect("the armed event");
                    self.pending -= 1;
                    return Some((at, armed.event));
                }
                // Re-armed later since this key was pushed (or fired by an earlier key): a key goes back at
                // the armed deadline, with its own seq.
                if let Some((at, seq)) = timer.drop_stale() {
                    self.file_timer_key(Key::new(at, seq, src));
                }
                continue;
            }
            let mut top = self.heap.peek_mut()?;
            let (at, seq, src) = (top.at, top.seq(), top.src());
            if at > until {
                return None;
            }
            let index = (src & INDEX) as usize;
            if src & !INDEX == SLOT {
                PeekMut::pop(top);
                let (event, _) = self.slab.release(index as u32);
                self.pending -= 1;
                return Some((at, event));
            }
            debug_assert!(src & !INDEX == FIFO);
            let head = self.fifos[index].head;
            debug_assert!(self.slab.node(head).at == at && self.slab.node(head).seq == seq);
            let (event, next) = self.slab.release(head);
            let chain = &mut self.fifos[index];
            chain.head = next;
            if next == NIL {
                chain.tail = NIL;
                PeekMut::pop(top);
            } else {
                // One sift down instead of a pop and a push.
                let n = self.slab.node(next);
                *top = Key::new(n.at, n.seq, src);
            }
            self.pending -= 1;
            return Some((at, event));
        }
    }

    /// Removes and returns the earliest event with its time.
    pub fn pop(&mut self) -> Option<(Time, E)> {
        self.pop_until(Time::MAX)
    }

    /// Events pending (a replaced timer event no longer counts).
    pub fn len(&self) -> usize {
        self.pending
    }

    /// No event pending.
    pub fn is_empty(&self) -> bool {
        self.pending == 0
    }

    /// Keys in the heaps: what a push or pop sifts through (for benchmarks and tests).
    pub fn heap_len(&self) -> usize {
        self.heap.len() + self.timer_heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain<E>(s: &mut Scheduler<E>) -> Vec<(Time, E)> {
        std::iter::from_fn(|| s.pop()).collect()
    }

    #[test]
    fn pops_in_time_order_with_fifo_ties() {
        let mut s = Scheduler::new();
        s.schedule(20, "c");
        s.schedule(10, "a");
        s.schedule(20, "d");
        s.schedule(10, "b");
        assert_eq!(s.len(), 4);
        assert_eq!(drain(&mut s), vec![(10, "a"), (10, "b"), (20, "c"), (20, "d")]);
        assert!(s.is_empty());
        // Slots are reused: scheduling again does not grow the slab.
        s.schedule(30, "e");
        assert_eq!(s.slab.capacity(), 4);
        assert_eq!(s.pop(), Some((30, "e")));
    }

    #[test]
    fn lanes_keep_the_order_of_one_heap_and_only_their_heads_in_it() {
        let mut s = Scheduler::new();
        let (a, b) = (s.fifo(), s.fifo());
        s.schedule_fifo(a, 10, "a10");
        s.schedule_fifo(a, 20, "a20");
        s.schedule(20, "x20");
        s.schedule_fifo(b, 20, "b20");
        s.schedule_fifo(a, 20, "a20'");
        s.schedule_fifo(b, 30, "b30");
        assert_eq!(s.heap_len(), 3);
        // Out of order for its lane: waits in a slot, still pops in (time, seq) order.
        s.schedule_fifo(a, 15, "a15");
        let order: Vec<_> = drain(&mut s).into_iter().map(|(_, e)| e).collect();
        assert_eq!(order, ["a10", "a15", "a20", "x20", "b20", "a20'", "b30"]);
    }

    #[test]
    fn re_arming_a_timer_replaces_its_event_and_keeps_its_sequence_number() {
        let mut s = Scheduler::new();
        let t = s.timer();
        s.arm(t, 100, "rto1");
        s.schedule(150, "x150");
        s.arm(t, 150, "rto2"); // later: no heap push; seq after x150's
        assert_eq!(s.heap_len(), 2);
        assert_eq!(s.len(), 2);
        s.schedule(150, "y150"); // same time, scheduled after rto2: pops after it
        assert_eq!(drain(&mut s), vec![(150, "x150"), (150, "rto2"), (150, "y150")]);
        // An earlier deadline pushes a key at once; the later key finds nothing and is skipped.
        s.arm(t, 300, "late");
        s.arm(t, 200, "early");
        s.schedule(250, "z");
        assert_eq!(drain(&mut s), vec![(200, "early"), (250, "z")]);
        assert!(s.is_empty() && s.heap_len() == 0);
    }

    #[test]
    fn pop_until_stops_at_the_first_real_event_after_the_limit() {
        let mut s = Scheduler::new();
        let t = s.timer();
        s.arm(t, 10, "t10");
        s.arm(t, 50, "t50"); // leaves a key at 10 that leads to 50
        assert_eq!(s.pop_until(20), None);
        assert_eq!(s.pop_until(50), Some((50, "t50")));
    }

    /// Any interleaving of slots, lanes (two pinned) and timers pops as one heap of (time, seq) would, less the
    /// replaced timer events: with the simulation's timer wheel (every key in the heap at these times), and
    /// with wheels of 8 ns buckets and 4 slots (keys filed, found stale, or beyond a turn) and of 1 ns and
    /// one slot.
    #[test]
    fn lanes_and_timers_match_a_single_heap_on_random_schedules() {
        use crate::rng::Rng;
        let wheels = [(TimerWheel::SHIFT, TimerWheel::SLOTS), (3, 4), (0, 1)];
        for (seed, (shift, slots)) in (0..600).zip(wheels.iter().cycle()) {
            let mut rng = Rng::new(seed, 0);
            let mut s = Scheduler::with_wheel(*shift, *slots);
            let fifo = s.fifo();
            let pinned = [s.pinned_fifo(), s.pinned_fifo()];
            let timers = [s.timer(), s.timer()];
            let mut reference: Vec<(Time, u64, u32)> = Vec::new();
            let mut armed: [Option<usize>; 2] = [None, None];
            let mut last = [0; 3];
            let mut now = 0;
            let mut got = Vec::new();
            for id in 0..400u32 {
                let r = rng.uniform();
                let at = now + (rng.uniform() * 50.0) as Time;
                let seq = reference.len() as u64;
                if r < 0.3 {
                    s.schedule(at, id);
                    reference.push((at, seq, id));
                } else if r < 0.6 {
                    let k = (r * 100.0) as usize % 3;
                    let at = if rng.uniform() < 0.9 { at.max(last[k]) } else { at };
                    last[k] = last[k].max(at);
                    match k {
                        0 => s.schedule_fifo(fifo, at, id),
                        _ => s.schedule_pinned(pinned[k - 1], at, id),
                    }
                    reference.push((at, seq, id));
                } else if r < 0.85 {
                    let k = (r * 10.0) as usize % 2;
                    if let Some(old) = armed[k] {
                        reference[old].2 = u32::MAX; // replaced: never pops
                    }
                    armed[k] = Some(reference.len());
                    s.arm(timers[k], at, id);
                    reference.push((at, seq, id));
                } else if let Some((t, e)) = s.pop() {
                    now = t;
                    armed.iter_mut().for_each(|a| {
                        if a.is_some_and(|i| reference[i].2 == e) {
                            *a = None
                        }
                    });
                    got.push((t, e));
                }
            }
            got.extend(drain(&mut s));
            reference.retain(|r| r.2 != u32::MAX);
            reference.sort();
            let want: Vec<_> = reference.iter().map(|&(t, _, e)| (t, e)).collect();
            assert_eq!(got, want, "seed {seed}, buckets of 2^{shift} ns, {slots} slots");
        }
    }

    #[test]
    fn a_stale_timer_key_is_put_back_from_the_wheel_without_the_heap() {
        let mut s = Scheduler::with_wheel(4, 8); // 16 ns buckets, 128 ns ahead
        let t = s.timer();
        s.arm(t, 40, "rto1");
        assert_eq!((s.wheel.keys, s.heap_len()), (1, 1)); // and the wheel's own key
        s.arm(t, 70, "rto2"); // later: the key at 40 stays, now stale
        s.schedule(100, "x");
        // Opening bucket 2 (32..48) finds the key at 40 stale and files one at 70 (bucket 4).
        assert_eq!(s.pop(), Some((70, "rto2")));
        // The key at 70 only.
        assert_eq!((s.wheel.keys, s.heap_len()), (0, 1));
        // Beyond one turn of the wheel: the key goes in the heap at once.
        s.arm(t, 70 + 200, "far");
        assert_eq!(s.heap_len(), 2);
        assert_eq!(drain(&mut s), vec![(100, "x"), (270, "far")]);
    }

    #[test]
    fn a_timer_with_two_keys_in_one_bucket_consumes_them_in_time_order() {
        let mut s = Scheduler::with_wheel(4, 8);
        let t = s.timer();
        s.arm(t, 41, "a");
        s.arm(t, 40, "b"); // earlier: a second key, filed after the first in the same bucket (32..48)
        s.schedule(100, "x");
        assert_eq!(s.pop(), Some((40, "b")));
        // The key at 41 is still to come and must lead to the new deadline.
        s.arm(t, 50, "c");
        assert_eq!(drain(&mut s), vec![(50, "c"), (100, "x")]);
    }
}
