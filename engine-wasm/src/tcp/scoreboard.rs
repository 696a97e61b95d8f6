//! The SACK sender's scoreboard (RFC 6675 §3–4), in segments: one entry per outstanding segment
//! [snd_una, snd_max) in a ring indexed by seq − snd_una, with counters so that `pipe` is O(1).
//!
//! Per segment: SACKed, marked lost (by IsLost's DupThresh rule, by RACK's clock, or by a timeout) and
//! retransmitted-and-in-flight. RFC 6675's pipe counts a segment once if it is not lost and once more if it
//! was retransmitted; we keep the retransmission as a per-segment flag rather than "below HighRxt" so that a
//! lost retransmission found by RACK (RFC 8985 §6.2) can be sent again. With DupThresh marking only the two
//! are the same thing: IsLost is monotone (fewer segments are SACKed above a higher sequence number), so
//! RFC 6675's NextSeg rule 1 retransmits the lost segments in order and HighRxt passes none that is not lost.

use std::collections::VecDeque;

use crate::time::Time;

/// RFC 6675 §2 / RFC 5681: three duplicate ACKs, or three segments SACKed above a hole.
pub const DUP_THRESH: u64 = 3;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
/// One outstanding segment's scoreboard entry.
pub struct Seg {
    /// Last time this segment was (re)transmitted (RACK's Segment.xmit_ts, RFC 8985 §6.1).
    pub xmit_ts: Time,
    /// Covered by a SACK block.
    pub sacked: bool,
    /// Deemed lost (RFC 6675 IsLost, or RACK).
    pub lost: bool,
    /// A retransmission of it is in flight (cleared when it is marked lost again).
    pub retx: bool,
    /// Ever retransmitted (RACK's Segment.retransmitted).
    pub ever_retx: bool,
}

#[derive(Clone, Debug, Default)]
/// The RFC 6675 scoreboard: one entry per outstanding segment from snd_una.
pub struct Scoreboard {
    segs: VecDeque<Seg>,
    /// Sequence number of `segs[0]` (= snd_una).
    base: u64,
    sacked: u64,
    /// Lost and not SACKed.
    lost: u64,
    /// Retransmitted, in flight, not SACKed.
    retx: u64,
    /// Highest SACKed segment + 1 (RFC 6675 HighSACK, exclusive); 0 before any SACK.
    pub high_sacked: u64,
}

impl Scoreboard {
    /// Segments outstanding (snd_max − snd_una).
    pub fn outstanding(&self) -> u64 {
        self.segs.len() as u64
    }

    /// Segments SACKed.
    pub fn sacked(&self) -> u64 {
        self.sacked
    }

    /// Segments marked lost and not SACKed.
    pub fn lost(&self) -> u64 {
        self.lost
    }

    /// Retransmissions in flight and not SACKed.
    pub fn retransmitted(&self) -> u64 {
        self.retx
    }

    /// RFC 6675 SetPipe(): segments believed in the network.
    pub fn pipe(&self) -> u64 {
        self.outstanding() - self.sacked - self.lost + self.retx
    }

    /// The entry of segment `seq`, if outstanding.
    pub fn get(&self, seq: u64) -> Option<&Seg> {
        seq.checked_sub(self.base).and_then(|i| self.segs.get(i as usize))
    }

    /// The oldest outstanding segment (snd_una).
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Segment `seq` left the sender at `now`: new data if it is the next one, else a retransmission.
    pub fn on_send(&mut self, seq: u64, now: Time) {
        let end = self.base + self.segs.len() as u64;
        if seq == end {
            self.segs.push_back(Seg { xmit_ts: now, ..Seg::default() });
            return;
        }
        let Some(s) = seq.checked_sub(self.base).and_then(|i| self.segs.get_mut(i as usize)) else { return };
        s.xmit_ts = now;
        s.ever_retx = true;
        if !s.retx && !s.sacked {
            s.retx = true;
            self.retx += 1;
        }
    }

    /// The cumulative ACK moved to `una`: drops the acknowledged segments and calls `delivered` for each
    /// one that had not been SACKed (newly delivered). Returns how many were SACKed before.
    pub fn advance(&mut self, una: u64, mut delivered: impl FnMut(u64, &Seg)) -> u64 {
        let mut was_sacked = 0;
        while self.base < una {
            let Some(s) = self.segs.pop_front() else {
                self.base = una;
                break;
            };
            if s.sacked {
                self.sacked -= 1;
                was_sacked += 1;
            } else {
                self.lost -= s.lost as u64;
                self.retx -= s.retx as u64;
                delivered(self.base, &s);
            }
            self.base += 1;
        }
        was_sacked
    }

    /// RFC 6675 Update(): marks the segments of one SACK block; calls `delivered` for each newly SACKed.
    pub fn sack(&mut self, start: u64, end: u64, mut delivered: impl FnMut(u64, &Seg)) -> u64 {
        let from = start.max(self.base);
        let to = end.min(self.base + self.segs.len() as u64);
        let mut newly = 0;
        for seq in from..to {
            let s = &mut self.segs[(seq - self.base) as usize];
            if s.sacked {
                continue;
            }
            s.sacked = true;
            self.sacked += 1;
            self.lost -= s.lost as u64;
            self.retx -= s.retx as u64;
            newly += 1;
            delivered(seq, s);
        }
        if to > from {
            self.high_sacked = self.high_sacked.max(to);
        }
        newly
    }

    /// Marks a segment lost (RACK or a timeout); a retransmission of it in flight is lost too.
    pub fn mark_lost(&mut self, seq: u64) {
        let Some(s) = seq.checked_sub(self.base).and_then(|i| self.segs.get_mut(i as usize)) else { return };
        if s.sacked {
            return;
        }
        if !s.lost {
            s.lost = true;
            self.lost += 1;
        }
        if s.retx {
            s.retx = false;
            self.retx -= 1;
        }
    }

    /// RFC 6675 IsLost() for every outstanding segment: a segment with DupThresh or more SACKed segments
    /// above it is lost (equal-sized segments, so "more than (DupThresh − 1)·SMSS bytes" is the same
    /// count). Retransmissions are not re-marked: only RACK can tell a lost retransmission.
    pub fn mark_lost_by_dupthresh(&mut self) {
        if self.sacked < DUP_THRESH {
            return;
        }
        let top = self.high_sacked.saturating_sub(self.base).min(self.segs.len() as u64) as usize;
        let mut above = 0;
        for i in (0..top).rev() {
            let s = &mut self.segs[i];
            if s.sacked {
                above += 1;
            } else if above >= DUP_THRESH {
                if s.lost || s.ever_retx {
                    // Marked on an earlier ACK (everything below was too), or already retransmitted.
                    if s.lost {
                        break;
                    }
                    continue;
                }
                s.lost = true;
                self.lost += 1;
            }
        }
    }

    /// After a retransmission timeout every segment not SACKed is lost (RFC 6675 §5.1: SACKed data is
    /// not sent again).
    pub fn mark_all_lost(&mut self) {
        for s in self.segs.iter_mut() {
            if !s.sacked {
                s.lost = true;
                s.retx = false;
            }
        }
        self.lost = self.outstanding() - self.sacked;
        self.retx = 0;
    }

    /// RFC 6675 NextSeg() rule 1: the first lost segment not yet retransmitted, below HighSACK unless
    /// `anywhere` (after a timeout every unSACKed segment is to be resent).
    pub fn first_lost(&self, anywhere: bool) -> Option<u64> {
        if self.lost == 0 {
            return None;
        }
        let limit = if anywhere { u64::MAX } else { self.high_sacked };
        self.segs
            .iter()
            .enumerate()
            .map(|(i, s)| (self.base + i as u64, s))
            .take_while(|(seq, _)| *seq < limit)
            .find(|(_, s)| s.lost && !s.retx && !s.sacked)
            .map(|(seq, _)| seq)
    }

    /// NextSeg() rule 3: the first segment at or above `from` (HighRxt + 1) below HighSACK, not SACKed
    /// and not in flight as a retransmission.
    pub fn first_unsacked_from(&self, from: u64) -> Option<u64> {
        let from = from.max(self.base);
        (from..self.high_sacked.min(self.base + self.outstanding())).find(|&seq| {
            let s = &self.segs[(seq - self.base) as usize];
            !s.sacked && !s.retx
        })
    }

    /// NextSeg() rule 4 (rescue): the highest outstanding segment not SACKed.
    pub fn last_unsacked(&self) -> Option<u64> {
        self.segs.iter().rposition(|s| !s.sacked).map(|i| self.base + i as u64)
    }

    /// Segments in [base, end) as (seq, segment), for RACK's scan.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &Seg)> {
        self.segs.iter().enumerate().map(move |(i, s)| (self.base + i as u64, s))
    }

    /// Forgets everything (a fresh connection state).
    pub fn reset(&mut self, base: u64) {
        self.segs.clear();
        self.base = base;
        self.sacked = 0;
        self.lost = 0;
        self.retx = 0;
        self.high_sacked = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: u64) -> Scoreboard {
        let mut b = Scoreboard::default();
        for seq in 0..n {
            b.on_send(seq, seq);
        }
        b
    }

    #[test]
    fn is_lost_needs_three_sacked_segments_above_and_pipe_follows_rfc6675() {
        let mut b = board(10);
        assert_eq!(b.pipe(), 10);
        // 0 and 4 lost; 1, 2, 3 SACKed: 0 is lost (three above it), nothing else yet.
        b.sack(1, 4, |_, _| {});
        b.mark_lost_by_dupthresh();
        assert_eq!((b.sacked(), b.lost()), (3, 1));
        assert!(b.get(0).unwrap().lost && !b.get(4).unwrap().lost);
        assert_eq!(b.pipe(), 10 - 3 - 1);
        assert_eq!(b.first_lost(false), Some(0));
        b.on_send(0, 100); // retransmitted: counts once again
        assert_eq!(b.pipe(), 7);
        assert_eq!(b.first_lost(false), None);
        // 5..8 SACKed: 4 is lost now, 0 stays a retransmission in flight.
        b.sack(5, 8, |_, _| {});
        b.mark_lost_by_dupthresh();
        assert_eq!(b.first_lost(false), Some(4));
        assert_eq!(b.pipe(), 10 - 6 - 2 + 1);
        // The cumulative ACK covers 0..4: three of them had been SACKed.
        let mut newly = vec![];
        assert_eq!(b.advance(4, |seq, _| newly.push(seq)), 3);
        assert_eq!(newly, vec![0]);
        assert_eq!((b.outstanding(), b.sacked(), b.lost(), b.retransmitted()), (6, 3, 1, 0));
        assert_eq!(b.last_unsacked(), Some(9));
        assert_eq!(b.first_unsacked_from(5), None);
        assert_eq!(b.first_unsacked_from(0), Some(4));
    }

    #[test]
    fn a_timeout_marks_every_unsacked_segment_lost_and_rack_can_re_mark_a_retransmission() {
        let mut b = board(6);
        b.sack(2, 3, |_, _| {});
        b.mark_all_lost();
        assert_eq!((b.lost(), b.pipe()), (5, 0));
        assert_eq!(b.first_lost(true), Some(0));
        b.on_send(0, 10);
        assert_eq!(b.first_lost(true), Some(1));
        b.mark_lost(0);
        assert_eq!(b.first_lost(true), Some(0));
        assert_eq!(b.pipe(), 0);
    }
}
