//! What the page's system view draws of the bottleneck each frame (docs/system-view.md): the queued
//! packets' flows in order as a bounded row of slots, and the drops and marks since the last frame,
//! uniformly sampled when there are more than the page can draw. Observation only: nothing here feeds back
//! into the simulation, so traces and digests do not depend on whether (or how often) the page asks.

use crate::aqm::{QueueDisc, QueueUnit, Reason, Signal};

/// Where in the queue a drop or mark happened: at the tail (an arrival), at the head (a departure, e.g.
/// CoDel's dequeue-time drops, RFC 8289 §5) or on the discipline's timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// At the tail, as a packet arrived.
    Arrival = 0,
    /// At the head, as a packet left.
    Departure = 1,
    /// On the discipline's timer.
    Timer = 2,
}

/// Bit layout of one event word: flow id, reason index, marked, where.
pub const EVENT_FLOW_BITS: u32 = 21;
const FLOW_MASK: u32 = (1 << EVENT_FLOW_BITS) - 1;
const REASON_SHIFT: u32 = EVENT_FLOW_BITS;
const MARKED_SHIFT: u32 = REASON_SHIFT + 3;
const WHERE_SHIFT: u32 = MARKED_SHIFT + 1;
/// Slot word: the flow id of the slot's first packet; this bit set when a packet of the slot carries CE.
pub const SLOT_CE_BIT: u32 = 1 << 31;

/// Packs one drop or mark into a word (see the shifts above).
pub fn encode_event(s: &Signal, at: Where) -> u32 {
    (s.packet.flow & FLOW_MASK)
        | ((s.reason.index() as u32) << REASON_SHIFT)
        | ((s.marked as u32) << MARKED_SHIFT)
        | ((at as u32) << WHERE_SHIFT)
}

/// The inverse of [`encode_event`]: (flow, reason, marked, where index).
pub fn decode_event(w: u32) -> (u32, Reason, bool, u32) {
    let reason = Reason::ALL[((w >> REASON_SHIFT) & 7) as usize % Reason::ALL.len()];
    (w & FLOW_MASK, reason, (w >> MARKED_SHIFT) & 1 == 1, (w >> WHERE_SHIFT) & 3)
}

/// Drops and marks since the last [`EventLog::take`], at most `cap` kept: when the log fills, every second
/// kept event is discarded and from then on only every `stride`-th event is recorded (stride doubles each
/// time), so what is kept is an even sample of the whole interval. Fixed memory; no allocation after new.
#[derive(Clone, Debug)]
pub struct EventLog {
    kept: Vec<u32>,
    cap: usize,
    stride: u64,
    total: u64,
}

impl EventLog {
    /// An empty log keeping at most `cap` events (at least 2).
    pub fn new(cap: usize) -> Self {
        let cap = cap.max(2);
        EventLog { kept: Vec::with_capacity(cap), cap, stride: 1, total: 0 }
    }

    /// Records one event word, sampling as described on the type.
    pub fn record(&mut self, word: u32) {
        if self.total % self.stride == 0 {
            if self.kept.len() == self.cap {
                // Keep events 0, 2, 4, ... (those at multiples of the doubled stride).
                let mut j = 0;
                for i in (0..self.kept.len()).step_by(2) {
                    self.kept[j] = self.kept[i];
                    j += 1;
                }
                self.kept.truncate(j);
                self.stride *= 2;
            }
            if self.total % self.stride == 0 {
                self.kept.push(word);
            }
        }
        self.total += 1;
    }

    /// Every drop and mark since the last take, sampled or not.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The event words kept so far in this interval.
    pub fn kept(&self) -> &[u32] {
        &self.kept
    }

    /// Appends the kept events to `out`, returns the total since the last take, and starts a new interval.
    pub fn take_into(&mut self, out: &mut Vec<u32>) -> u64 {
        out.extend_from_slice(&self.kept);
        let total = self.total;
        self.kept.clear();
        self.stride = 1;
        self.total = 0;
        total
    }
}

/// The buffer's capacity in packets: the limit itself, or in byte mode the packets of the link's mean size
/// that fit (at least one).
pub fn capacity_packets(unit: QueueUnit, limit: u64, mean_pkt_size: u32) -> u64 {
    match unit {
        QueueUnit::Packets => limit.max(1),
        QueueUnit::Bytes => (limit / mean_pkt_size.max(1) as u64).max(1),
    }
}

/// Packets per slot so that neither the buffer's capacity nor the queue as it is needs more than
/// `max_slots` slots.
pub fn packets_per_slot(capacity: u64, queued: u64, max_slots: u32) -> u64 {
    let m = max_slots.max(1) as u64;
    capacity.max(queued).div_ceil(m).max(1)
}

/// Writes one word per slot of `per_slot` packets, in the discipline's storage order (service order for a
/// FIFO; queue by queue for FQ-CoDel): the flow of the slot's first packet, with [`SLOT_CE_BIT`] when any
/// packet of the slot is CE-marked. Returns the number of slots written.
pub fn fill_slots(q: &dyn QueueDisc, per_slot: u64, out: &mut Vec<u32>) -> usize {
    let start = out.len();
    let mut k = 0u64;
    q.for_each_queued(&mut |p| {
        if k % per_slot == 0 {
            out.push(p.flow & !SLOT_CE_BIT);
        }
        if p.ce {
            if let Some(last) = out.last_mut() {
                *last |= SLOT_CE_BIT;
            }
        }
        k += 1;
    });
    out.len() - start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::Packet;

    fn sig(flow: u32, reason: Reason, marked: bool) -> Signal {
        Signal { packet: Packet::new(flow, 0, 1000, 0), reason, marked }
    }

    #[test]
    fn event_words_round_trip() {
        for (i, r) in Reason::ALL.iter().enumerate() {
            let w = encode_event(&sig(12345 + i as u32, *r, i % 2 == 0), Where::Departure);
            assert_eq!(decode_event(w), (12345 + i as u32, *r, i % 2 == 0, 1));
        }
        let w = encode_event(&sig(FLOW_MASK, Reason::Ppd, true), Where::Timer);
        assert_eq!(decode_event(w), (FLOW_MASK, Reason::Ppd, true, 2));
    }

    #[test]
    fn log_keeps_everything_under_its_cap() {
        let mut log = EventLog::new(8);
        (0..8).for_each(|i| log.record(i));
        assert_eq!(log.kept(), &[0, 1, 2, 3, 4, 5, 6, 7]);
        let mut out = vec![];
        assert_eq!(log.take_into(&mut out), 8);
        assert_eq!(out, vec![0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!((log.total(), log.kept().len()), (0, 0));
    }

    #[test]
    fn log_samples_evenly_once_full() {
        // Cap 4, events 0..10: at event 4 the log halves to [0, 2] (stride 2) and keeps 4, 6; at event 8
        // it halves to [0, 4] (stride 4) and keeps 8. Events 9 is not a multiple of 4.
        let mut log = EventLog::new(4);
        (0..10).for_each(|i| log.record(i));
        assert_eq!(log.kept(), &[0, 4, 8]);
        assert_eq!(log.total(), 10);
        // 1000 events into 4: every kept event is a multiple of the final stride, spread over the interval.
        let mut log = EventLog::new(4);
        (0..1000).for_each(|i| log.record(i));
        assert_eq!(log.kept(), &[0, 256, 512, 768]);
        // A new interval starts at stride 1.
        let mut out = vec![];
        assert_eq!(log.take_into(&mut out), 1000);
        log.record(7);
        assert_eq!(log.kept(), &[7]);
    }

    #[test]
    fn slot_sizes_cover_capacity_and_queue() {
        assert_eq!(capacity_packets(QueueUnit::Packets, 100, 1000), 100);
        assert_eq!(capacity_packets(QueueUnit::Bytes, 150_000, 1500), 100);
        assert_eq!(capacity_packets(QueueUnit::Bytes, 10, 1500), 1);
        assert_eq!(packets_per_slot(100, 40, 200), 1);
        assert_eq!(packets_per_slot(1000, 40, 200), 5);
        assert_eq!(packets_per_slot(1001, 40, 200), 6);
        // A queue over the nominal capacity (byte mode with small packets) still fits.
        assert_eq!(packets_per_slot(100, 450, 200), 3);
    }

    #[test]
    fn slots_take_the_first_packet_and_any_ce() {
        use crate::aqm::testing::{enqueue_at, link, pkt};
        use crate::aqm::{build, AqmConfig, Limit};
        use crate::rng::Rng;
        let mut q = build(&AqmConfig::default(), &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 1);
        for f in [3u32, 3, 5, 7, 7] {
            enqueue_at(q.as_mut(), pkt(f, 1000), 0, &mut rng);
        }
        let mut out = vec![];
        assert_eq!(fill_slots(q.as_ref(), 1, &mut out), 5);
        assert_eq!(out, vec![3, 3, 5, 7, 7]);
        out.clear();
        assert_eq!(fill_slots(q.as_ref(), 2, &mut out), 3);
        assert_eq!(out, vec![3, 5, 7]);
        let mut marked = pkt(9, 1000);
        marked.ce = true;
        q.adopt(marked);
        out.clear();
        fill_slots(q.as_ref(), 2, &mut out);
        assert_eq!(out, vec![3, 5, 7 | SLOT_CE_BIT]);
    }
}
