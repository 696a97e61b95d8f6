//! A packet as the simulator sees it: a model with the fields the algorithms need, no wire bytes.

use serde::{Deserialize, Serialize};

use crate::time::Time;

/// The ECN-capable codepoint a sender puts in the IP header's two ECN bits (RFC 3168 §5): not ECN-capable,
/// ECT(0) (classic ECN), or ECT(1), the L4S identifier (RFC 9331 §4.1). A CE mark is [`Packet::ce`] on top
/// of it; [`Packet::codepoint`] gives the four-valued field as it travels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ect {
    #[default]
    /// Not-ECT (00): an AQM drops instead of marking.
    NotEct,
    /// ECT(0) (10): classic ECN (RFC 3168).
    Ect0,
    /// ECT(1) (01): the L4S identifier (RFC 9331).
    Ect1,
}

/// The IP header's ECN field as a packet carries it (RFC 3168 §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codepoint {
    /// 00
    NotEct,
    /// 10
    Ect0,
    /// 01
    Ect1,
    /// 11: Congestion Experienced.
    Ce,
}

/// Identifies a flow (one sender–receiver pair); also its index in the simulation's flow table.
pub type FlowId = u32;

#[derive(Clone, Copy, Debug, PartialEq)]
/// A data segment or datagram on its way from a sender to a receiver.
pub struct Packet {
    /// The flow it belongs to.
    pub flow: FlowId,
    /// Segment number for TCP (in segments), datagram number for UDP.
    pub seq: u64,
    /// Bytes on the wire (payload + headers).
    pub size: u32,
    /// When the sender put it on its access link (echoed by the receiver for RTT samples).
    pub sent_at: Time,
    /// When it entered the bottleneck queue (set by the queue, used for sojourn time).
    pub enqueued_at: Time,
    /// The ECN-capable codepoint its sender set (RFC 3168 ECT(0), RFC 9331 ECT(1)), or Not-ECT.
    pub ect: Ect,
    /// Congestion Experienced mark set by an AQM (the ECN field then reads CE, whatever `ect` was).
    pub ce: bool,
    /// A retransmission (for goodput and the retransmission counters).
    pub retransmit: bool,
    /// Service class, e.g. WRED's drop precedence; assigned per flow by the scenario.
    pub class: u8,
    /// ATM mode: cells this frame occupies on the link (set by the link's AAL5 framing; fewer after a
    /// Partial Packet Discard). 0 outside ATM mode.
    pub cells: u32,
    /// ATM cell loss priority: GFR's F-GCRA tagged the frame as beyond the VC's MCR (CLP = 1).
    pub clp: bool,
    /// ATM mode: the frame lost cells (PPD); it still crosses the link but AAL5 reassembly fails, so the
    /// receiver never sees it.
    pub corrupt: bool,
}

impl Packet {
    /// A fresh packet sent at `sent_at`: not yet queued, not ECN-capable, unmarked.
    pub fn new(flow: FlowId, seq: u64, size: u32, sent_at: Time) -> Self {
        Packet {
            flow,
            seq,
            size,
            sent_at,
            enqueued_at: sent_at,
            ect: Ect::NotEct,
            ce: false,
            retransmit: false,
            class: 0,
            cells: 0,
            clp: false,
            corrupt: false,
        }
    }

    /// An AQM may CE-mark it instead of dropping (ECT(0) or ECT(1), RFC 3168 §5).
    pub fn ecn_capable(&self) -> bool {
        self.ect != Ect::NotEct
    }

    /// The ECN field as it travels: CE once marked, else the sender's codepoint.
    pub fn codepoint(&self) -> Codepoint {
        match (self.ce, self.ect) {
            (true, _) => Codepoint::Ce,
            (false, Ect::NotEct) => Codepoint::NotEct,
            (false, Ect::Ect0) => Codepoint::Ect0,
            (false, Ect::Ect1) => Codepoint::Ect1,
        }
    }

    /// The L4S identifier (RFC 9331 §5.1): ECT(1) or CE, what a dual-queue AQM sends to its L queue.
    pub fn l4s(&self) -> bool {
        matches!(self.codepoint(), Codepoint::Ect1 | Codepoint::Ce)
    }
}

/// A cumulative acknowledgement travelling back to a sender.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ack {
    /// The flow being acknowledged.
    pub flow: FlowId,
    /// Next segment number the receiver expects.
    pub next_expected: u64,
    /// Timestamp echo: `sent_at` of the segment that triggered this ACK.
    pub ts_echo: Time,
    /// The triggering segment was a retransmission (Karn's rule: no RTT sample from it).
    pub echo_of_retransmit: bool,
    /// ECN-Echo: the receiver saw a CE mark.
    pub ece: bool,
    /// Segments this ACK newly covers at the receiver (1, or 2 with delayed ACKs).
    pub segments: u32,
    /// SACK option (RFC 2018); empty for flows without SACK.
    pub sack: SackBlocks,
    /// Accurate ECN (RFC 9768): CE-marked packets the receiver has counted so far (r.cep, modulo 2³²).
    pub ce_packets: u32,
    /// Accurate ECN: bytes of those packets on the wire (r.ceb, modulo 2³²).
    pub ce_bytes: u32,
}

/// The blocks of one SACK option, most recent first (RFC 2018 §4), in segments. At most
/// [`SackBlocks::MAX`]: RFC 2018 fits 4 blocks in the 40 option bytes, 3 beside the timestamps option
/// (RFC 7323) that every modern stack sends; we keep Linux's and ns-3's 3 although timestamps are not
/// modelled as bytes. Stored inline as offsets from the cumulative ACK so an `Ack` stays small and `Copy`
/// (no allocation per ACK).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SackBlocks {
    /// (start, end) offsets from `next_expected`: the block is segments [ack + start, ack + end).
    blocks: [(u32, u32); SackBlocks::MAX],
    len: u8,
}

impl SackBlocks {
    /// At most three blocks per ACK, as real stacks send with timestamps on (RFC 2018 §3).
    pub const MAX: usize = 3;

    /// Appends block [start, end) (absolute segment numbers, start ≥ ack); ignored when full.
    pub fn push(&mut self, ack: u64, start: u64, end: u64) {
        if (self.len as usize) < Self::MAX && start >= ack && end > start {
            self.blocks[self.len as usize] = ((start - ack) as u32, (end - ack) as u32);
            self.len += 1;
        }
    }

    /// Number of blocks carried.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No block carried.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The blocks as absolute [start, end) segment ranges, most recent first.
    pub fn iter(&self, ack: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.blocks[..self.len as usize].iter().map(move |&(s, e)| (ack + s as u64, ack + e as u64))
    }
}
