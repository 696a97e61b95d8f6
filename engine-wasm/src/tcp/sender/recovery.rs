//! Loss recovery beyond RFC 6582: the SACK sender (RFC 6675), PRR (RFC 6937) with and without SACK,
//! Limited Transmit (RFC 3042) and RACK-TLP (RFC 8985). The non-SACK RFC 5681/6582 paths stay in
//! `sender.rs`; they call in here only when a flow turns one of these options on.
//!
//! Which variants use it: Reno, NewReno, Cubic and Vegas (ns-3 and Linux run Vegas over their SACK
//! stack). Tahoe never does: its recovery is go-back-N with cwnd = 1 (Jacobson 1988), which predates
//! SACK and has nothing for a scoreboard to steer; `sim.rs` turns SACK, PRR and RACK off for it.
//!
//! In segments: SMSS = 1, so RFC 6675's "cwnd − pipe ≥ 1 SMSS" is `cwnd − pipe ≥ 1`.

use super::{Outbox, RecoveryKind, TcpSender, TimerKind};
use crate::packet::Ack;
use crate::tcp::prr::Prr;
use crate::tcp::rack;
use crate::tcp::scoreboard::DUP_THRESH;
use crate::tcp::AckInfo;
#[cfg(target_arch = "wasm32")]
use crate::tcp::CongestionControl; // the enum's methods (tcp::registry::BoxedController)
use crate::time::Time;

impl TcpSender {
    /// The loss recovery the sender is in, for display.
    pub fn recovery_kind(&self) -> RecoveryKind {
        match (self.in_recovery, self.recovery_kind) {
            (false, _) => RecoveryKind::Open,
            (true, RecoveryKind::Timeout) => RecoveryKind::Timeout,
            (true, _) => RecoveryKind::Fast,
        }
    }

    /// Scoreboard summary in segments: (SACKed, lost, pipe). Without SACK, pipe is the flight less the
    /// duplicate ACKs PRR counts as delivered.
    pub fn scoreboard_summary(&self) -> (u64, u64, u64) {
        if self.cfg.sack {
            (self.sb.sacked(), self.sb.lost(), self.sb.pipe())
        } else {
            (0, 0, self.nosack_pipe())
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Limited Transmit (RFC 3042 §2): on each of the first two duplicate ACKs one previously unsent
    // segment, if the receiver's window allows and the flight stays within cwnd + 2; cwnd unchanged.

    pub(super) fn limited_transmit(&mut self, now: Time, out: &mut Outbox) {
        let cap = libm::floor(self.w.cwnd).max(1.0) as u64 + self.dupacks.min(2) as u64;
        if self.snd_nxt == self.snd_max
            && self.snd_max < self.app_limit
            && self.snd_max < self.snd_una + self.cfg.rwnd as u64
            && self.flight() < cap
        {
            self.send_new(now, out);
        }
    }

    fn send_new(&mut self, now: Time, out: &mut Outbox) {
        self.transmit(self.snd_max, now, out);
        self.snd_max += 1;
        self.snd_nxt = self.snd_max;
        if !self.timer_armed {
            self.arm_timer(now, out);
        }
    }

    fn new_data_allowed(&self) -> bool {
        self.snd_max < self.app_limit && self.snd_max < self.snd_una + self.cfg.rwnd as u64
    }

    // ---------------------------------------------------------------------------------------------
    // PRR without SACK (RFC 6937 §3: DeliveredData from the cumulative ACK and one segment per duplicate
    // ACK). pipe = flight − duplicate ACKs counted − the head segment while it waits to be resent.

    fn nosack_pipe(&self) -> u64 {
        if !self.in_recovery {
            return self.flight();
        }
        self.flight().saturating_sub(self.dup_delivered + self.head_pending as u64)
    }

    /// Third duplicate ACK: ssthresh from the variant, then PRR's first ACK with the fast retransmit.
    pub(super) fn prr_enter(&mut self, now: Time, out: &mut Outbox) {
        self.in_recovery = true;
        self.recovery_kind = RecoveryKind::Fast;
        self.partial_acks = 0;
        self.prr = Prr::start(self.flight());
        self.dup_delivered = (self.dupacks as u64).min(self.flight().saturating_sub(1));
        self.head_pending = true;
        // The three duplicate ACKs delivered three segments; only the third is this ACK.
        self.prr.delivered = self.dup_delivered.saturating_sub(1);
        self.nosack_prr_send(1, now, out);
    }

    pub(super) fn prr_dupack(&mut self, now: Time, out: &mut Outbox) {
        let delivered = (self.dup_delivered < self.flight().saturating_sub(1)) as u64;
        self.dup_delivered += delivered;
        self.nosack_prr_send(delivered, now, out);
    }

    /// RFC 6582 partial ACK under PRR: the new head is presumed lost; the segments the ACK covers beyond
    /// the head were counted already as duplicate ACKs (Linux `tcp_remove_reno_sacks`).
    pub(super) fn prr_partial_ack(&mut self, acked: u64, now: Time, out: &mut Outbox) {
        let counted = acked.saturating_sub(1).min(self.dup_delivered);
        self.dup_delivered -= counted;
        self.head_pending = true;
        self.nosack_prr_send(acked - counted, now, out);
    }

    fn nosack_prr_send(&mut self, delivered: u64, now: Time, out: &mut Outbox) {
        let pipe = self.nosack_pipe();
        let mut sndcnt = self.prr.sndcnt(delivered, pipe, self.w.ssthresh);
        if self.prr.out == 0 {
            sndcnt = sndcnt.max(1); // the fast retransmit goes at once (Linux tcp_cwnd_reduction)
        }
        self.w.cwnd = (pipe + sndcnt) as f64;
        for _ in 0..sndcnt {
            if self.head_pending {
                self.transmit(self.snd_una, now, out);
                self.head_pending = false;
            } else if self.new_data_allowed() && self.snd_nxt == self.snd_max {
                self.send_new(now, out);
            } else {
                break;
            }
            self.prr.on_sent();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The SACK sender (RFC 6675).

    /// `prior`: snd_una, flight, retransmissions and pipe before this ACK, for the delivery-rate sample.
    pub(super) fn on_sack_ack(&mut self, ack: &Ack, now: Time, out: &mut Outbox, prior: (u64, u64, u64, u64)) {
        let rack_on = self.cfg.rack;
        let min_rtt = self.rtt.min_rtt.unwrap_or(0);
        let advanced = ack.next_expected > self.snd_una;
        let mut acked = 0;
        let mut delivered = 0;
        let mut rtt = None;
        if advanced {
            acked = ack.next_expected - self.snd_una;
            // Karn: an ACK triggered by a retransmitted segment gives no RTT sample.
            rtt = (!ack.echo_of_retransmit).then(|| now.saturating_sub(ack.ts_echo));
            if let Some(r) = rtt {
                self.rtt.sample(r);
            }
            let rack = &mut self.rack;
            let was_sacked = self.sb.advance(ack.next_expected, |seq, s| {
                if rack_on {
                    rack.on_delivered(seq, s.xmit_ts, s.ever_retx, now, min_rtt);
                }
            });
            delivered += acked - was_sacked;
            self.snd_una = ack.next_expected;
            self.snd_nxt = self.snd_nxt.max(self.snd_una);
            self.high_rxt = self.high_rxt.max(self.snd_una);
        }
        // RFC 6675 Update() with each block.
        let mut newly_sacked = 0;
        for (start, end) in ack.sack.iter(ack.next_expected) {
            let (rack, rate) = (&mut self.rack, &mut self.rate);
            newly_sacked += self.sb.sack(start, end, |seq, s| {
                if rack_on {
                    rack.on_delivered(seq, s.xmit_ts, s.ever_retx, now, min_rtt);
                }
                // The delivery-rate draft samples every newly SACKed segment, not only cumulative ACKs.
                if let Some(r) = rate {
                    r.on_sacked(seq);
                }
            });
        }
        delivered += newly_sacked;
        // RFC 6675 §2: a duplicate ACK does not advance, newly SACKs data, and data is outstanding.
        if advanced {
            self.dupacks = 0;
        } else if newly_sacked > 0 {
            self.dupacks += 1;
        }
        if rack_on {
            self.tlp_episode(now, out);
        }
        let reo_timeout = if rack_on {
            self.rack_detect_loss(now)
        } else {
            self.sb.mark_lost_by_dupthresh();
            None
        };

        if self.in_recovery {
            if self.snd_una >= self.recover {
                // (A) The cumulative ACK covers RecoveryPoint: recovery ends (PRR: at ssthresh).
                if self.recovery_kind == RecoveryKind::Fast {
                    self.w.cwnd = self.w.ssthresh;
                } else {
                    self.grow(acked, rtt, now);
                }
                self.in_recovery = false;
                self.recovery_kind = RecoveryKind::Open;
                self.dupacks = 0;
            } else if self.recovery_kind == RecoveryKind::Timeout {
                // After a timeout the window slow-starts from one segment as it resends the holes.
                self.grow(acked, rtt, now);
            } else if self.cfg.prr {
                let delivered = self.ns3_delivered(delivered, newly_sacked > 0, advanced);
                self.prr_cwnd(delivered);
            }
        } else if advanced {
            self.grow(acked, rtt, now);
        }
        if !self.in_recovery && self.snd_una >= self.recover && self.should_recover() {
            self.sack_enter_recovery(delivered, (newly_sacked > 0, advanced), now, out);
        } else if !self.in_recovery && self.cfg.limited_transmit && !advanced && newly_sacked > 0 && self.dupacks < 3 {
            self.limited_transmit(now, out);
        }
        self.ecn_echo(ack, prior.0, now, out);
        if !rack_on && advanced {
            // RFC 6298 (5.3): restart the timer on every ACK of new data.
            if self.snd_una >= self.snd_max {
                self.cancel_timer();
            } else {
                self.arm_timer(now, out);
            }
        }
        if self.rate.is_some() {
            // A model-based controller (BBR) sets its window from this ACK's rate sample before sending.
            let (prior_una, prior_flight, prior_retransmits, prior_pipe) = prior;
            self.deliver(ack, now, prior_una, prior_flight, Some(prior_pipe), self.retransmits - prior_retransmits);
        }
        self.sack_send(now, out);
        if rack_on {
            self.rack_rearm(now, reo_timeout, advanced, out);
        }
    }

    /// Window growth for an ACK of new data, outside fast recovery (the variant's rule), capped by the
    /// receiver's window: a window the receiver never lets us use is not grown further (ns-2 maxcwnd_).
    pub(super) fn grow(&mut self, acked: u64, rtt: Option<Time>, now: Time) {
        if acked == 0 {
            return;
        }
        let info = AckInfo {
            now,
            acked,
            rtt,
            srtt: self.rtt.srtt().unwrap_or(0),
            ack: self.snd_una,
            flight: self.flight(),
            snd_max: self.snd_max,
        };
        self.cc.on_ack(&mut self.w, &info);
        self.w.cwnd = self.w.cwnd.min(self.cfg.rwnd as f64);
    }

    /// RFC 6675 §5 entry: DupThresh duplicate ACKs, or IsLost(HighACK + 1); with RACK, any segment
    /// RACK marked lost (RFC 8985 §6.2, Linux's `tcp_time_to_recover` with RACK).
    fn should_recover(&self) -> bool {
        if self.snd_una >= self.snd_max {
            return false;
        }
        if self.cfg.rack {
            self.sb.lost() > 0
        } else {
            self.dupacks >= DUP_THRESH as u32 || self.sb.get(self.snd_una).is_some_and(|s| s.lost && !s.sacked)
        }
    }

    /// `ack`: whether the entering ACK SACKed new data and whether it advanced SND.UNA (`ns3_delivered`).
    fn sack_enter_recovery(&mut self, delivered: u64, ack: (bool, bool), now: Time, out: &mut Outbox) {
        // (4.1) RecoveryPoint = HighData; (4.2) ssthresh from the variant (RFC 5681: FlightSize/2).
        self.congestion_event(now, out);
        self.in_recovery = true;
        self.recovery_kind = RecoveryKind::Fast;
        self.rescue_rxt = None;
        self.high_rxt = self.snd_una;
        self.rack.tlp_end = None;
        if self.cfg.prr {
            self.prr = Prr::start(self.flight());
            let delivered = self.ns3_delivered(delivered, ack.0, ack.1);
            self.prr_cwnd(delivered);
        } else {
            // (4.2) cwnd = ssthresh, (4.3) retransmit the first segment presumed dropped at once.
            self.w.cwnd = self.w.ssthresh;
            let seq = self.sb.first_lost(false).unwrap_or(self.snd_una);
            self.transmit(seq, now, out);
            self.high_rxt = self.high_rxt.max(seq + 1);
        }
    }

    /// DeliveredData for PRR. RFC 6937 §3: what the ACK newly acknowledged or SACKed. With
    /// `prr_dupack_credit`, as ns-3.44's `TcpSocketBase` feeds its `TcpPrrRecovery`: an ACK that SACKs new
    /// data is a duplicate ACK there (RFC 6675 §2) and adds one segment more while prr_delivered <
    /// RecoverFS (the estimate RFC 6937 gives for a sender without SACK), and a partial ACK that also
    /// SACKs runs the PRR step a second time on the same data (ns-3 issue 1350, fixed after 3.44).
    fn ns3_delivered(&self, delivered: u64, sacked_new: bool, advanced: bool) -> u64 {
        if !self.cfg.prr_dupack_credit || !sacked_new {
            return delivered;
        }
        let credit = u64::from(self.prr.delivered < self.prr.recover_fs);
        let again = if advanced { delivered } else { 0 };
        delivered + credit + again
    }

    /// RFC 6937 §3 with SACK: cwnd = pipe + sndcnt. The first ACK of recovery always releases the fast
    /// retransmit (Linux forces it as well), even when PRR's proportional share rounds to none.
    fn prr_cwnd(&mut self, delivered: u64) {
        let pipe = self.sb.pipe();
        let mut sndcnt = self.prr.sndcnt(delivered, pipe, self.w.ssthresh);
        if self.prr.out == 0 {
            sndcnt = sndcnt.max(1);
        }
        self.w.cwnd = (pipe + sndcnt) as f64;
    }

    /// RFC 6675 §5.1 after a retransmission timeout (the variant has set cwnd and ssthresh): every
    /// segment not SACKed is presumed lost and resent in order, SACKed ones are not; RecoveryPoint =
    /// HighData, and the flow leaves this state when it is acknowledged.
    pub(super) fn sack_timeout(&mut self, now: Time, out: &mut Outbox) {
        self.sb.mark_all_lost();
        self.in_recovery = true;
        self.recovery_kind = RecoveryKind::Timeout;
        self.high_rxt = self.snd_una;
        self.rescue_rxt = None;
        self.rack.tlp_end = None;
        self.sack_send(now, out);
    }

    /// RFC 6675 step (C): while cwnd − pipe ≥ 1, send NextSeg(). Outside recovery the window counts the
    /// flight as RFC 5681 does.
    pub(super) fn sack_send(&mut self, now: Time, out: &mut Outbox) {
        if !self.in_recovery {
            self.send_available(now, out);
            return;
        }
        while self.w.cwnd - self.sb.pipe() as f64 >= 1.0 {
            if self.pace_gate(now, out) {
                break;
            }
            let Some(seq) = self.next_seg() else { break };
            if seq == self.snd_max {
                self.send_new(now, out);
            } else {
                self.transmit(seq, now, out);
            }
            if self.recovery_kind == RecoveryKind::Fast && self.cfg.prr {
                self.prr.on_sent();
            }
        }
        if !self.timer_armed && self.snd_max > self.snd_una {
            self.arm_timer(now, out);
        }
    }

    /// RFC 6675 NextSeg(). Rule 1 takes the first lost segment not yet resent (see `scoreboard.rs` for
    /// why a flag rather than HighRxt); rules 3 and 4 only in fast recovery.
    fn next_seg(&mut self) -> Option<u64> {
        let timeout = self.recovery_kind == RecoveryKind::Timeout;
        if let Some(seq) = self.sb.first_lost(timeout || self.cfg.rack) {
            self.high_rxt = self.high_rxt.max(seq + 1);
            return Some(seq);
        }
        if self.new_data_allowed() {
            return Some(self.snd_max);
        }
        if timeout {
            return None;
        }
        if let Some(seq) = self.sb.first_unsacked_from(self.high_rxt) {
            self.high_rxt = seq + 1;
            return Some(seq);
        }
        // Rule 4: one rescue retransmission per recovery, of the highest unSACKed segment.
        if self.rescue_rxt.is_none_or(|r| self.snd_una > r) {
            if let Some(seq) = self.sb.last_unsacked().filter(|&s| !self.sb.get(s).is_some_and(|g| g.retx)) {
                self.rescue_rxt = Some(self.recover);
                return Some(seq);
            }
        }
        None
    }

    // ---------------------------------------------------------------------------------------------
    // RACK-TLP (RFC 8985).

    /// §6.2 step 5: marks lost every segment sent before RACK's and older than RACK.rtt + reo_wnd;
    /// returns when the next one would be (the reordering timer), if any.
    fn rack_detect_loss(&mut self, now: Time) -> Option<Time> {
        if self.rack.end_seq == 0 {
            return None;
        }
        let min_rtt = self.rtt.min_rtt.unwrap_or(0);
        let srtt = self.rtt.srtt().unwrap_or(min_rtt);
        let reo = self.rack.reo_wnd(min_rtt, srtt, self.in_recovery, self.sb.sacked());
        let mut timeout: Option<Time> = None;
        for seq in self.sb.base()..self.snd_max {
            let Some(s) = self.sb.get(seq).copied() else { break };
            if s.sacked || (s.lost && !s.retx) {
                continue;
            }
            match self.rack.remaining(seq, s.xmit_ts, reo, now) {
                Some(0) => self.sb.mark_lost(seq),
                Some(t) => timeout = Some(timeout.map_or(t, |m: Time| m.max(t))),
                None => {}
            }
        }
        timeout
    }

    /// §7.4: the ACK covers the probe. Without D-SACK (not modelled) a retransmitted probe that is
    /// acknowledged may have repaired a loss, so the sender reduces its window as for a loss.
    fn tlp_episode(&mut self, now: Time, out: &mut Outbox) {
        let Some(end) = self.rack.tlp_end else { return };
        if self.snd_una < end {
            return;
        }
        self.rack.tlp_end = None;
        if self.rack.tlp_retx && !self.in_recovery {
            self.congestion_event(now, out);
            self.w.cwnd = self.w.ssthresh;
        }
    }

    /// One timer for RTO, reordering and probe (RFC 8985 §6.3, §7.2–7.3): the reordering timer when
    /// RACK waits on a segment, else a probe after new data was sent or acknowledged in the open state,
    /// else the RTO.
    fn rack_rearm(&mut self, now: Time, reo: Option<Time>, restart: bool, out: &mut Outbox) {
        if self.snd_una >= self.snd_max {
            self.cancel_timer();
            return;
        }
        if let Some(t) = reo {
            return self.arm_kind(now + t.max(1), TimerKind::Reo, out);
        }
        if !self.in_recovery && self.rack.tlp_end.is_none() && (restart || self.timer_kind != TimerKind::Rto) {
            let pto = rack::pto(self.rtt.srtt(), self.flight(), self.rtt.rto());
            return self.arm_kind(now + pto, TimerKind::Pto, out);
        }
        if !self.timer_armed || self.timer_kind != TimerKind::Rto || restart {
            self.arm_timer(now, out);
        }
    }

    fn arm_kind(&mut self, at: Time, kind: TimerKind, out: &mut Outbox) {
        self.timer_gen += 1;
        self.timer_armed = true;
        self.timer_kind = kind;
        out.timer = Some((at, self.timer_gen));
    }

    /// The reordering timer or the probe timeout fired (the RTO is `on_timeout`'s).
    pub(super) fn on_rack_timer(&mut self, now: Time, out: &mut Outbox) {
        if self.snd_una >= self.snd_max {
            return;
        }
        if self.timer_kind == TimerKind::Pto {
            // §7.3: send one new segment if allowed, else retransmit the highest sent; cwnd unchanged.
            if self.new_data_allowed() && self.snd_nxt == self.snd_max {
                self.rack.tlp_retx = false;
                self.send_new(now, out);
            } else {
                self.rack.tlp_retx = true;
                self.transmit(self.snd_max - 1, now, out);
            }
            self.rack.tlp_end = Some(self.snd_max);
            self.arm_timer(now, out);
            return;
        }
        let reo = self.rack_detect_loss(now);
        if !self.in_recovery && self.snd_una >= self.recover && self.should_recover() {
            self.sack_enter_recovery(0, (false, false), now, out);
        }
        self.sack_send(now, out);
        self.rack_rearm(now, reo, false, out);
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::super::tests::test_config;
    use super::super::SenderConfig;
    use super::*;
    use crate::packet::{Packet, SackBlocks};
    use crate::tcp::receiver::{RxOut, TcpReceiver};
    use crate::tcp::reno::Aimd;
    use crate::tcp::{Recovery, Window};
    use crate::time::MILLI;

    fn sender(sack: bool, prr: bool, limited_transmit: bool, rack: bool) -> TcpSender {
        let cfg = SenderConfig { sack, prr, limited_transmit, rack, ..test_config(1000) };
        TcpSender::new(cfg, Box::new(Aimd::new(Recovery::NewReno)))
    }

    fn ack(n: u64, blocks: &[(u64, u64)]) -> Ack {
        let mut sack = SackBlocks::default();
        for &(s, e) in blocks {
            sack.push(n, s, e);
        }
        Ack {
            flow: 0,
            next_expected: n,
            ts_echo: 0,
            echo_of_retransmit: false,
            ece: false,
            segments: 1,
            sack,
            ce_packets: 0,
            ce_bytes: 0,
        }
    }

    fn seqs(out: &Outbox) -> Vec<u64> {
        out.packets.iter().map(|p| p.seq).collect()
    }

    /// `n` segments in flight, sent at time 0, cwnd n.
    fn in_flight(mut s: TcpSender, n: u64) -> TcpSender {
        s.w = Window { cwnd: n as f64, ssthresh: 1000.0 };
        let mut out = Outbox::default();
        s.send_available(0, &mut out);
        assert_eq!(seqs(&out), (0..n).collect::<Vec<_>>());
        s
    }

    /// `n` segments in flight and nothing more to send: the application's data ends there.
    fn all_sent(s: TcpSender, n: u64) -> TcpSender {
        let mut s = in_flight(s, n);
        s.set_app_limit(n);
        s
    }

    /// A path with a one-way delay of `rtt` for data (ACKs return at once) and 0.1 ms serialisation per
    /// segment; the first transmission of each segment in `lose` is dropped. Runs until every segment
    /// below `until` is acknowledged, firing the sender's timer when it is due. Returns the time it took
    /// and every retransmitted sequence number.
    fn run_path(s: &mut TcpSender, lose: &[u64], until: u64, rtt: Time) -> (Time, Vec<u64>) {
        let mut r = TcpReceiver::new(0, false, s.cfg.sack);
        let mut heap: BinaryHeap<Reverse<(Time, u64)>> = BinaryHeap::new();
        let mut packets: Vec<Packet> = vec![];
        let mut link_free = 0;
        let mut timer: Option<(Time, u64)> = None;
        let mut retransmitted = vec![];
        let mut out = Outbox::default();
        // The initial window is already out: re-create it on the path.
        for seq in 0..s.snd_max {
            packets.push(Packet::new(0, seq, 1000, 0));
        }
        let schedule = |out: &mut Outbox, now: Time, heap: &mut BinaryHeap<_>, packets: &mut Vec<Packet>| {
            for p in out.packets.drain(..) {
                packets.push(p);
            }
            let _ = (now, heap);
        };
        let mut queued = 0;
        let mut now = 0;
        loop {
            // Put newly sent packets on the path.
            while queued < packets.len() {
                let p = packets[queued];
                if p.retransmit {
                    retransmitted.push(p.seq);
                }
                link_free = link_free.max(p.sent_at) + MILLI / 10;
                if p.retransmit || !lose.contains(&p.seq) {
                    heap.push(Reverse((link_free + rtt, queued as u64)));
                }
                queued += 1;
            }
            if s.snd_una >= until {
                return (now, retransmitted);
            }
            let next = heap.peek().map(|Reverse((t, _))| *t);
            if let Some((at, generation)) = timer.filter(|(at, _)| next.is_none_or(|n| *at < n)) {
                now = at;
                timer = None;
                s.on_timeout(generation, now, &mut out);
            } else {
                let Reverse((t, i)) = heap.pop().expect("something in flight");
                now = t;
                let mut rx = RxOut::default();
                r.on_data(&packets[i as usize], now, &mut rx);
                if let Some(a) = rx.ack {
                    s.on_ack(&a, now, &mut out);
                }
            }
            if let Some(t) = out.timer.take() {
                timer = Some(t);
            }
            schedule(&mut out, now, &mut heap, &mut packets);
            assert!(now < 10_000 * MILLI, "stuck");
        }
    }

    #[test]
    fn sixty_segments_with_twelve_scattered_losses_are_repaired_in_one_rtt_without_a_timeout() {
        // 2, 6, ..., 46: each has DupThresh segments of the same window above it (a loss among the last
        // three waits for the next window's SACKs, one RTT more, as RFC 6675's IsLost says).
        let lose: Vec<u64> = (0..12).map(|k| 2 + 4 * k).collect();
        for prr in [false, true] {
            // A greedy source: NextSeg rule 2 sends new data before rules 3–4 would resend unSACKed
            // segments whose ACKs are merely still on their way.
            let mut s = in_flight(sender(true, prr, false, false), 60);
            let rtt = 100 * MILLI;
            let (done, retransmitted) = run_path(&mut s, &lose, 60, rtt);
            assert_eq!(s.timeouts, 0, "prr {prr}");
            // Exactly the lost segments, once each: nothing the scoreboard knew was received.
            let mut sorted = retransmitted.clone();
            sorted.sort();
            assert_eq!(sorted, lose, "prr {prr}: retransmitted {retransmitted:?}");
            // The window's ACKs arrive 100–106 ms; its repairs one RTT later.
            assert!(done <= 2 * rtt + 10 * MILLI, "prr {prr}: repaired at {done} ns");
            assert_eq!(s.recovery_kind(), RecoveryKind::Open);
        }
    }

    #[test]
    fn prr_follows_rfc6937s_example_within_one_segment() {
        // RFC 6937 §6 (examples): 20 segments in flight, the first lost, Limited Transmit on, ssthresh
        // 10. PRR sends the retransmission on the third duplicate ACK and then one segment on every
        // other ACK: cumulative sends after ACK k (k ≥ 3) are ⌊(k − 1)/2⌋.
        let mut s = in_flight(sender(true, true, true, false), 20);
        let mut sent_on = vec![0; 20];
        let mut first = None;
        for k in 1..20u64 {
            let mut out = Outbox::default();
            s.on_ack(&ack(0, &[(1, k + 1)]), MILLI * k, &mut out);
            sent_on[k as usize] = out.packets.len();
            if k == 3 {
                first = out.packets.first().map(|p| (p.seq, p.retransmit));
            }
        }
        assert_eq!(&sent_on[1..3], &[1, 1], "Limited Transmit on duplicate ACKs 1 and 2");
        assert_eq!(s.w.ssthresh, 10.0);
        assert_eq!(first, Some((0, true)), "the fast retransmit first");
        let mut cum = 0;
        for k in 3..20 {
            cum += sent_on[k];
            let rfc = (k - 1) / 2;
            assert!((cum as i64 - rfc as i64).abs() <= 1, "after ACK {k}: sent {cum}, RFC 6937 {rfc} ({sent_on:?})");
        }
        assert!((s.sb.pipe() as f64 - s.w.ssthresh).abs() <= 1.0, "pipe {} at the end", s.sb.pipe());
    }

    #[test]
    fn prr_dupack_credit_sends_as_ns3_44_does() {
        // RFC 6937 §6's example without Limited Transmit: 20 in flight, the first lost, ssthresh 10,
        // RecoverFS 20; ACK k SACKs segment k. RFC 6937: cumulative sends after ACK k are
        // ⌈(k − 2)·10/20⌉, 9 after ACK 19. ns-3.44 adds one segment to DeliveredData per SACKing ACK
        // while prr_delivered < RecoverFS: 2 per ACK up to ACK 12 (prr_delivered 20), 1 after, so
        // ⌈2(k − 2)/2⌉ = 10 after ACK 12 and ⌈(20 + k − 12)/2⌉ = 14 after ACK 19.
        let mut sent = [0, 0];
        for (i, credit) in [false, true].into_iter().enumerate() {
            let mut s = sender(true, true, false, false);
            s.cfg.prr_dupack_credit = credit;
            let mut s = in_flight(s, 20);
            for k in 1..20u64 {
                let mut out = Outbox::default();
                s.on_ack(&ack(0, &[(1, k + 1)]), MILLI * k, &mut out);
                sent[i] += out.packets.len();
                if k == 12 && credit {
                    assert_eq!(sent[i], 10, "after ACK 12");
                }
            }
            assert_eq!(s.w.ssthresh, 10.0);
        }
        assert!((8..=10).contains(&sent[0]), "RFC 6937: {}", sent[0]);
        assert_eq!(sent[1], 14, "ns-3.44");
        // A partial ACK that also SACKs counts its data twice: here 2 acknowledged + 1 SACKed, twice,
        // plus the credit, against 3.
        let mut s = sender(true, true, false, false);
        s.cfg.prr_dupack_credit = true;
        s.prr = Prr::start(40);
        assert_eq!(s.ns3_delivered(3, true, true), 7);
        assert_eq!(s.ns3_delivered(3, false, true), 3);
        s.prr.delivered = 40;
        assert_eq!(s.ns3_delivered(1, true, false), 1, "no credit once prr_delivered reaches RecoverFS");
    }

    #[test]
    fn prr_without_sack_counts_duplicate_acks_as_delivered() {
        let mut s = in_flight(sender(false, true, false, false), 20);
        let mut total = 0;
        for k in 1..20u64 {
            let mut out = Outbox::default();
            s.on_ack(&ack(0, &[]), MILLI * k, &mut out);
            total += out.packets.len();
        }
        // Same proportion as with SACK: about half of the 17 delivered after entry, plus the retransmit.
        assert!((8..=10).contains(&total), "sent {total}");
        let mut out = Outbox::default();
        s.on_ack(&ack(20 + total as u64 - 1, &[]), 30 * MILLI, &mut out);
        assert_eq!(s.recovery_kind(), RecoveryKind::Open);
        assert_eq!(s.w.cwnd, 10.0, "PRR ends at ssthresh");
    }

    #[test]
    fn limited_transmit_sends_one_new_segment_on_each_of_the_first_two_dupacks() {
        for sack in [false, true] {
            let mut s = in_flight(sender(sack, false, true, false), 10);
            let mut out = Outbox::default();
            s.on_ack(&ack(0, &[(1, 2)]), MILLI, &mut out);
            assert_eq!(seqs(&out), vec![10], "sack {sack}");
            out.clear();
            s.on_ack(&ack(0, &[(1, 3)]), MILLI, &mut out);
            assert_eq!(seqs(&out), vec![11], "sack {sack}");
            assert_eq!(s.w.cwnd, 10.0, "cwnd unchanged");
            out.clear();
            s.on_ack(&ack(0, &[(1, 4)]), MILLI, &mut out);
            assert_eq!(out.packets.first().map(|p| (p.seq, p.retransmit)), Some((0, true)), "sack {sack}");
        }
        // The receiver's window bounds it: none when rwnd is full.
        let mut s = in_flight(sender(false, false, true, false), 10);
        s.cfg.rwnd = 10;
        let mut out = Outbox::default();
        s.on_ack(&ack(0, &[]), MILLI, &mut out);
        assert!(out.packets.is_empty());
        // And without the option, nothing before the third.
        let mut s = in_flight(sender(false, false, false, false), 10);
        s.on_ack(&ack(0, &[]), MILLI, &mut out);
        assert!(out.packets.is_empty());
    }

    #[test]
    fn rack_marks_a_segment_lost_by_time_after_the_reordering_window() {
        let mut s = all_sent(sender(true, false, false, true), 10);
        let mut out = Outbox::default();
        // RTT sample 60 ms: min_RTT 60 ms, reo_wnd 15 ms.
        s.on_ack(&ack(1, &[]), 60 * MILLI, &mut out);
        out.clear();
        // Segment 1 is missing; 2 arrives 1 ms later. One SACKed segment is far from DupThresh.
        s.on_ack(&ack(1, &[(2, 3)]), 61 * MILLI, &mut out);
        assert!(out.packets.is_empty());
        assert_eq!(s.timer_kind, TimerKind::Reo);
        // RACK.rtt 61 ms: segment 1 (sent at 0) is lost at 0 + 61 + 15 = 76 ms.
        let (at, generation) = out.timer.expect("reordering timer");
        assert_eq!(at, 76 * MILLI);
        out.clear();
        s.on_timeout(generation, at, &mut out);
        assert_eq!(out.packets.first().map(|p| (p.seq, p.retransmit)), Some((1, true)));
        assert_eq!(s.recovery_kind(), RecoveryKind::Fast);
        assert_eq!(s.timeouts, 0);
    }

    #[test]
    fn tlp_probes_after_pto_when_the_tail_is_lost_and_rack_then_repairs_it() {
        let mut s = all_sent(sender(true, false, false, true), 10);
        let mut out = Outbox::default();
        // 8 and 9 (the tail) are lost: no duplicate ACK will ever come.
        s.on_ack(&ack(8, &[]), 60 * MILLI, &mut out);
        assert_eq!(s.timer_kind, TimerKind::Pto);
        // PTO = 2·SRTT = 120 ms (two segments in flight: no delayed-ACK allowance), before the RTO.
        let (at, generation) = out.timer.expect("probe timer");
        assert_eq!(at, 180 * MILLI);
        out.clear();
        s.on_timeout(generation, at, &mut out);
        assert_eq!(out.packets.iter().map(|p| (p.seq, p.retransmit)).collect::<Vec<_>>(), vec![(9, true)]);
        assert_eq!(s.timeouts, 0);
        assert_eq!(s.timer_kind, TimerKind::Rto);
        out.clear();
        // The probe's SACK reveals 8: RACK marks it lost (sent 180 ms before) and recovery resends it.
        s.on_ack(&ack(8, &[(9, 10)]), 240 * MILLI, &mut out);
        assert_eq!(seqs(&out), vec![8]);
        assert_eq!(s.timeouts, 0);
    }

    #[test]
    fn after_a_timeout_sacked_segments_are_not_sent_again() {
        let mut s = all_sent(sender(true, false, false, false), 6);
        let mut out = Outbox::default();
        s.on_ack(&ack(0, &[(2, 3), (4, 5)]), MILLI, &mut out);
        let generation = s.timer_gen;
        out.clear();
        s.on_timeout(generation, 1000 * MILLI, &mut out);
        assert_eq!(s.recovery_kind(), RecoveryKind::Timeout);
        assert_eq!(seqs(&out), vec![0]); // cwnd 1
        s.w.cwnd = 10.0;
        out.clear();
        s.on_ack(&ack(1, &[(2, 3), (4, 5)]), 1100 * MILLI, &mut out);
        assert_eq!(seqs(&out), vec![1, 3, 5]);
    }
}
