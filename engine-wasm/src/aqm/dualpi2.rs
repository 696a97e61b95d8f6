//! DualPI2, the DualQ Coupled AQM with a PI2 base controller (K. De Schepper, B. Briscoe, G. White,
//! RFC 9332, 2023; Linux `sch_dualpi2`, 6.17; not in the seeds), docs/algorithms/dualpi2.md.
//!
//! Two FIFOs share the bottleneck's buffer: the L queue takes packets carrying the L4S identifier (ECT(1) or
//! CE, RFC 9331 §5.1), the C queue everything else. Every T_update a PI controller moves one base
//! probability p′ from the larger of the two queues' head delays (RFC 9332 §2.4, Appendix A.1):
//!
//! ```text
//!   p′ ← p′ + α·(qdelay − target) + β·(qdelay − qdelay_prev)        clamped to [0, 1]
//! ```
//!
//! and couples it to both queues at dequeue: a classic packet is dropped (ECT(0): marked) with
//! p_C = p′²; an L4S packet is marked with p_CL = k·p′, and also whenever its own sojourn exceeds the
//! step threshold (the L queue's native AQM; p_L = max(step, p_CL)). Overload, p_C > p_Cmax = 1/k²
//! (k·p′ > 1): L4S packets are dropped with p_C like classic ones, and the rest marked (RFC 9332 §4.2.3).
//! No early signal while less than two packets of backlog remain (Linux `must_drop`). Drops that overload
//! causes (a packet that would otherwise have been marked) carry their own reason, `Overload`.
//!
//! The scheduler is one of two (`scheduler`): a weighted round-robin credit in bytes that gives the C queue
//! 10 % of the dequeues when both are backlogged (`wrr`, the default: Linux's classic protection), or RFC
//! 9332 Appendix A.1's time-shifted FIFO (`ts_fifo`): serve the L queue while its head packet's sojourn plus
//! `tshift` is at least the C queue's head packet's sojourn, else the C queue (RFC 9332 §4.2.2 asks for some
//! such guarantee against starving the C queue).

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::QueueClass::{Classic, L4s};
use super::params::{concat, Band, Role, StateMeaning, StateSpec};
use super::{params, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue, ParamSpec};
use super::{QueueDisc, QueueUnit, Reason};
use crate::time::{from_millis, to_secs, Time};

/// DualPI2's parameters (defaults: Linux 6.17 `dualpi2_reset_default`, RFC 9332 Appendix A). Times in ms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Target queueing delay of the PI controller, ms (RFC 9332 A.1, Linux: 15 ms).
    pub target: f64,
    /// T_update, ms: period of the probability update (Linux: 16 ms).
    pub t_update: f64,
    /// α, Hz: integral gain, 0.1·T_update/RTT_max² for RTT_max 100 ms (Linux: 0.16).
    pub alpha: f64,
    /// β, Hz: proportional gain (RFC 9332 A.1: 0.3/RTT_max; Linux: 3.2).
    pub beta: f64,
    /// k: coupling factor, p_CL = k·p′ (RFC 9332 §2.1, Linux: 2).
    pub k: f64,
    /// The L queue's step threshold, ms of sojourn (Linux: 1 ms).
    pub step_thresh: f64,
    /// Classic protection, %: the C queue's WRR weight when both queues are backlogged (Linux: 10).
    pub classic_protection: f64,
    /// Overload (k·p′ > 1): drop L4S packets with p_C too (Linux `drop_on_overload`, default); off: cap
    /// p′ at 1/k and keep marking (Linux `overflow`).
    pub drop_overload: bool,
    /// Which queue goes next while both hold packets: Linux's WRR credit (default) or RFC 9332's
    /// time-shifted FIFO.
    pub scheduler: Scheduler,
    /// The time-shifted FIFO's shift, ms: how much longer a classic head packet may wait than the L4S head
    /// before it goes first (RFC 9332 A.1; 50 ms as in ns-3's DualQ Coupled PI2 model). Unused by `wrr`.
    pub tshift: f64,
}

/// DualPI2's scheduler between its two queues (RFC 9332 §4.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// Weighted round-robin credit with `classic_protection` % for the C queue (Linux `c_protection`).
    #[default]
    Wrr,
    /// Time-shifted FIFO (RFC 9332 Appendix A.1): the older head packet goes first, L4S heads counted
    /// `tshift` older than they are.
    TsFifo,
}

impl Scheduler {
    /// The names a scenario writes, in index order (the parameter's choices).
    pub const NAMES: [&'static str; 2] = ["wrr", "ts_fifo"];
}

/// A scenario writes the name; `set_param` and the page's controls pass the choice's index (0 or 1).
impl<'de> Deserialize<'de> for Scheduler {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let v = serde_json::Value::deserialize(d)?;
        match (v.as_str(), v.as_f64()) {
            (Some("wrr"), _) | (_, Some(0.0)) => Ok(Scheduler::Wrr),
            (Some("ts_fifo"), _) | (_, Some(1.0)) => Ok(Scheduler::TsFifo),
            _ => Err(D::Error::unknown_variant(&v.to_string(), &Scheduler::NAMES)),
        }
    }
}

/// RFC 9332 Appendix A.1's time-shifted FIFO: with both queues backlogged, the L queue goes first when its
/// head's sojourn plus `tshift` is at least the C head's sojourn (ties to L).
pub fn ts_fifo_serves_l(l_sojourn: Time, c_sojourn: Time, tshift: Time) -> bool {
    l_sojourn.saturating_add(tshift) >= c_sojourn
}

impl Default for Params {
    fn default() -> Self {
        Params {
            target: 15.0,
            t_update: 16.0,
            alpha: 0.16,
            beta: 3.2,
            k: 2.0,
            step_thresh: 1.0,
            classic_protection: 10.0,
            drop_overload: true,
            scheduler: Scheduler::Wrr,
            tshift: 50.0,
        }
    }
}

/// Which of the two queues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    L,
    C,
}

/// Signals by queue and cause, for the page.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Counters {
    l_step_marks: u64,
    l_coupled_marks: u64,
    l_drops: u64,
    c_marks: u64,
    c_drops: u64,
    /// L4S packets dropped because of overload (RFC 9332 §4.2.3), also counted in `l_drops`.
    l_overload_drops: u64,
    /// Classic ECT(0) packets dropped rather than marked because of overload, also counted in `c_drops`.
    c_overload_drops: u64,
}

/// DualPI2 (RFC 9332): an L4S queue and a classic queue coupled through one PI controller.
pub struct DualPi2 {
    params: Params,
    link: LinkInfo,
    l: PacketQueue,
    c: PacketQueue,
    /// The base probability p′.
    p: f64,
    /// The queue delay at the previous update.
    last_qdelay: Time,
    /// WRR credit in byte-weights: ≤ 0 serves L, > 0 serves C (Linux `c_protection_credit`).
    credit: i64,
    counters: Counters,
    /// The sojourn of the last packet each queue sent on, (L, C), for the page's per-queue delay.
    last_sojourn: (Time, Time),
}

/// What `state()` reports: the base probability p′ (the operating point), the two derived ones, the queues and
/// the counts of signals by queue and cause.
const STATE: [StateSpec; 22] = concat(
    [
        StateSpec::new("p_prime", "", StateMeaning::Probability),
        StateSpec::new("p_c", "", StateMeaning::QueueProbability).of_queue(Classic).traced(),
        StateSpec::new("p_cl", "", StateMeaning::QueueProbability).of_queue(L4s).traced(),
        StateSpec::new("overload", "", StateMeaning::Other),
        StateSpec::new("qdelay", "s", StateMeaning::QueueDelay),
        StateSpec::new("l_packets", "packets", StateMeaning::QueueLevel).of_queue(L4s).traced(),
        StateSpec::new("c_packets", "packets", StateMeaning::QueueLevel).of_queue(Classic).traced(),
        StateSpec::new("l_bytes", "bytes", StateMeaning::QueueLevel).of_queue(L4s).traced(),
        StateSpec::new("c_bytes", "bytes", StateMeaning::QueueLevel).of_queue(Classic).traced(),
        StateSpec::new("l_sojourn", "s", StateMeaning::Sojourn).of_queue(L4s).traced(),
        StateSpec::new("c_sojourn", "s", StateMeaning::Sojourn).of_queue(Classic).traced(),
        StateSpec::new("wrr_credit", "", StateMeaning::Other),
        StateSpec::new("l_step_marks", "packets", StateMeaning::Count).of_queue(L4s),
        StateSpec::new("l_coupled_marks", "packets", StateMeaning::Count).of_queue(L4s),
        StateSpec::new("l_drops", "packets", StateMeaning::Count).of_queue(L4s),
        StateSpec::new("l_overload_drops", "packets", StateMeaning::Count).of_queue(L4s),
        StateSpec::new("c_marks", "packets", StateMeaning::Count).of_queue(Classic),
        StateSpec::new("c_drops", "packets", StateMeaning::Count).of_queue(Classic),
        StateSpec::new("c_overload_drops", "packets", StateMeaning::Count).of_queue(Classic),
    ],
    super::DELAY_BAND_STATE,
);

impl Algorithm for DualPi2 {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "dualpi2",
        "DualPI2 (L4S)",
        "K. De Schepper, B. Briscoe, G. White, RFC 9332 (2023); Linux sch_dualpi2; not in the seeds",
        "Two queues in one buffer: ECT(1) packets in a shallow L4S queue marked at a 1 ms step and with k·p′, \
         everything else in a classic queue dropped with p′²; one PI controller on delay couples them so scalable \
         and classic flows get about equal rates.",
    )
    .signals(&[Reason::Overflow, Reason::Early, Reason::Target, Reason::Overload], &[Reason::Early, Reason::Target])
    .band(Band::Delay)
    .state(&STATE)
    .params(&[
        ParamSpec::real(
            "target",
            "Classic target delay",
            "ms",
            (0.1, 1000.0),
            "The PI controller holds the larger head delay here (RFC 9332 A.1, Linux: 15 ms)",
        )
        .delay_target(),
        ParamSpec::real("t_update", "Update period", "ms", (1.0, 1000.0), "T_update (Linux: 16 ms)").role(Role::Period),
        ParamSpec::real(
            "alpha",
            "α",
            "Hz",
            (0.0, 100.0),
            "Integral gain, 0.1·T_update/RTT_max² with RTT_max 100 ms (RFC 9332 A.1; Linux 0.16)",
        )
        .role(Role::Gain),
        ParamSpec::real("beta", "β", "Hz", (0.0, 1000.0), "Proportional gain (RFC 9332 A.1: 0.3/RTT_max; Linux 3.2)")
            .role(Role::Gain),
        ParamSpec::real(
            "k",
            "Coupling factor k",
            "",
            (0.5, 16.0),
            "L4S marking p_CL = k·p′ against classic p_C = p′²; 2 gives equal rates at equal RTTs \
                 (RFC 9332 §2.1)",
        )
        .role(Role::Gain),
        ParamSpec::real(
            "step_thresh",
            "L4S step threshold",
            "ms",
            (0.0, 1000.0),
            "An L4S packet that waited longer than this is marked (the L queue's native AQM; Linux: 1 ms)",
        )
        .delay_target(),
        ParamSpec::real(
            "classic_protection",
            "Classic protection",
            "%",
            (0.0, 100.0),
            "The classic queue's share of dequeues while both queues wait (Linux WRR weight: 10 %)",
        )
        .role(Role::Rate)
        .applies_when("scheduler", &["wrr"]),
        ParamSpec::flag(
            "drop_overload",
            "Drop on overload",
            "Past p_C = 1/k², drop L4S packets with p_C as well (RFC 9332 §4.2.3, Linux default); off: \
                 cap p′ at 1/k and only mark",
        ),
        ParamSpec::choice(
            "scheduler",
            "Scheduler",
            &Scheduler::NAMES,
            0,
            "Which queue goes next while both wait: wrr, Linux's round-robin credit with the classic \
                 protection share; ts_fifo, RFC 9332 A.1's time-shifted FIFO (the older head first, L4S heads \
                 counted tshift older)",
        ),
        ParamSpec::real(
            "tshift",
            "Time shift",
            "ms",
            (0.0, 1000.0),
            "ts_fifo only: a classic head packet goes first once it has waited this much longer than the \
                 L4S head (RFC 9332 A.1; 50 ms as in ns-3's DualQ Coupled PI2 model)",
        )
        .applies_when("scheduler", &["ts_fifo"]),
    ]);

    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let mut q = DualPi2 {
            params,
            link: *link,
            l: PacketQueue::new(),
            c: PacketQueue::new(),
            p: 0.0,
            last_qdelay: 0,
            credit: 0,
            counters: Counters::default(),
            last_sojourn: (0, 0),
        };
        q.reset_credit();
        Ok(q)
    }
}

impl DualPi2 {
    /// p_C = p′²: the classic drop/mark probability (RFC 9332 §2.1).
    pub fn p_c(&self) -> f64 {
        self.p * self.p
    }

    /// p_CL = k·p′, the coupled L4S marking probability, at most 1 (RFC 9332 §2.1).
    pub fn p_cl(&self) -> f64 {
        (self.params.k * self.p).min(1.0)
    }

    /// Past p_Cmax = min(1/k², 1): the coupled L4S probability would exceed 1 (RFC 9332 §4.2.3).
    fn overloaded(&self) -> bool {
        self.params.k * self.p > 1.0
    }

    /// WRR weights (C, L) in percent.
    fn weights(&self) -> (i64, i64) {
        let wc = self.params.classic_protection.round() as i64;
        (wc, 100 - wc)
    }

    /// The credit the scheduler restarts from when both queues empty: one packet's worth of (wc − wl), so
    /// with wl > wc the L queue goes first (Linux `dualpi2_calculate_c_protection`).
    fn reset_credit(&mut self) {
        let (wc, wl) = self.weights();
        self.credit = self.link.mean_pkt_size as i64 * (wc - wl);
    }

    /// Head delay of one queue at `now` (0 when empty): what the PI controller samples.
    fn head_delay(q: &PacketQueue, now: Time) -> Time {
        q.front().map_or(0, |p| now.saturating_sub(p.enqueued_at))
    }

    /// RFC 9332 A.1 `dualpi2_update`: one PI step from the larger head delay.
    fn update(&mut self, qdelay: Time) {
        let p = &self.params;
        let (d, prev, target) = (to_secs(qdelay), to_secs(self.last_qdelay), p.target / 1000.0);
        let delta = p.alpha * (d - target) + p.beta * (d - prev);
        self.p = (self.p + delta).clamp(0.0, 1.0);
        if !p.drop_overload {
            self.p = self.p.min(1.0 / p.k); // keep p_CL ≤ 1 (Linux `overflow` mode)
        }
        self.last_qdelay = qdelay;
    }

    /// Whether the scheduler serves L while both queues hold packets: WRR while the credit is not
    /// positive (Linux `dequeue_packet`), the time-shifted FIFO by the heads' sojourns (RFC 9332 A.1).
    fn l_first(&self, now: Time) -> bool {
        match self.params.scheduler {
            Scheduler::Wrr => self.credit <= 0,
            Scheduler::TsFifo => ts_fifo_serves_l(
                Self::head_delay(&self.l, now),
                Self::head_delay(&self.c, now),
                from_millis(self.params.tshift),
            ),
        }
    }

    /// The scheduler's pick: L while C is empty or the scheduler says L, and the WRR credit change that
    /// serving it will cost if the packet leaves (none under the time-shifted FIFO).
    fn pick(&mut self, now: Time) -> Option<(Which, Packet, i64)> {
        let (wc, wl) = self.weights();
        let (l_len, c_len) = (self.l.len(), self.c.len());
        let (which, packet) = if l_len > 0 && (c_len == 0 || self.l_first(now)) {
            (Which::L, self.l.pop()?)
        } else if c_len > 0 {
            (Which::C, self.c.pop()?)
        } else {
            self.reset_credit();
            return None;
        };
        let change = match (self.params.scheduler, which) {
            (Scheduler::Wrr, Which::L) if c_len > 0 => wc,
            (Scheduler::Wrr, Which::C) if l_len > 0 => -wl,
            _ => 0,
        };
        Some((which, packet, change * packet.size as i64))
    }

    /// The coupled PI decision for a packet leaving `which` (Linux `must_drop`): Some(packet) to send on
    /// (perhaps CE-marked), None if dropped.
    fn coupled(&mut self, which: Which, packet: Packet, env: &mut Env) -> Option<Packet> {
        // Never signal with less than two packets of backlog left (Linux: 2 MTU).
        if self.l.bytes() + self.c.bytes() < 2 * self.link.mean_pkt_size as u64 {
            return Some(packet);
        }
        let overload = self.overloaded();
        match which {
            Which::C => {
                if env.uniform() >= self.p_c() {
                    return Some(packet);
                }
                // Overload: drop even ECN-capable classic packets; a drop that a mark would have been without
                // overload has its own cause.
                let overload_drop = overload && packet.ecn_capable();
                let reason = if overload_drop { Reason::Overload } else { Reason::Early };
                let out = env.signal(packet, reason, !overload);
                self.count(which, out.is_some(), false);
                if overload_drop {
                    self.counters.c_overload_drops += 1;
                }
                out
            }
            Which::L if overload => {
                if self.params.drop_overload && env.uniform() < self.p_c() {
                    env.drop(packet, Reason::Overload);
                    self.count(which, false, false);
                    self.counters.l_overload_drops += 1;
                    return None;
                }
                let out = env.signal(packet, Reason::Early, true);
                self.count(which, out.is_some(), false);
                out
            }
            Which::L => {
                if env.uniform() >= self.p_cl() {
                    return Some(packet);
                }
                let out = env.signal(packet, Reason::Early, true);
                self.count(which, out.is_some(), false);
                out
            }
        }
    }

    /// The L queue's native step AQM: mark a packet that waited longer than the threshold (drop it if it
    /// cannot be marked); an already marked packet stays as it is.
    fn step(&mut self, packet: Packet, env: &mut Env) -> Option<Packet> {
        let sojourn = env.now.saturating_sub(packet.enqueued_at);
        if packet.ce || sojourn <= from_millis(self.params.step_thresh) {
            return Some(packet);
        }
        let out = env.signal(packet, Reason::Target, true);
        self.count(Which::L, out.is_some(), true);
        out
    }

    fn count(&mut self, which: Which, marked: bool, step: bool) {
        let c = &mut self.counters;
        match (which, marked, step) {
            (Which::L, true, true) => c.l_step_marks += 1,
            (Which::L, true, false) => c.l_coupled_marks += 1,
            (Which::L, false, _) => c.l_drops += 1,
            (Which::C, true, _) => c.c_marks += 1,
            (Which::C, false, _) => c.c_drops += 1,
        }
    }

    fn fits(&self, packet: &Packet) -> bool {
        let limit = self.link.limit;
        match limit.unit {
            QueueUnit::Packets => ((self.l.len() + self.c.len()) as u64) < limit.value,
            QueueUnit::Bytes => self.l.bytes() + self.c.bytes() + packet.size as u64 <= limit.value,
        }
    }

    fn queue_of(&mut self, packet: &Packet) -> &mut PacketQueue {
        if packet.l4s() {
            &mut self.l
        } else {
            &mut self.c
        }
    }
}

impl QueueDisc for DualPi2 {
    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        if !self.fits(&packet) {
            if packet.l4s() {
                self.counters.l_drops += 1;
            } else {
                self.counters.c_drops += 1;
            }
            env.drop(packet, Reason::Overflow);
            return;
        }
        packet.enqueued_at = env.now;
        self.queue_of(&packet).push(packet);
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        while let Some((which, packet, change)) = self.pick(env.now) {
            let Some(packet) = self.coupled(which, packet, env) else { continue };
            let packet = match which {
                Which::L => match self.step(packet, env) {
                    Some(p) => p,
                    None => continue,
                },
                Which::C => packet,
            };
            let sojourn = env.now.saturating_sub(packet.enqueued_at);
            match which {
                Which::L => self.last_sojourn.0 = sojourn,
                Which::C => self.last_sojourn.1 = sojourn,
            }
            self.credit += change;
            return Some(packet);
        }
        None
    }

    fn len_packets(&self) -> usize {
        self.l.len() + self.c.len()
    }

    fn len_bytes(&self) -> u64 {
        self.l.bytes() + self.c.bytes()
    }

    fn drain(&mut self) -> Vec<Packet> {
        let mut all = self.l.drain();
        all.extend(self.c.drain());
        all
    }

    fn adopt(&mut self, packet: Packet) {
        self.queue_of(&packet).push(packet);
    }

    fn for_each_queued(&self, f: &mut dyn FnMut(&Packet)) {
        self.l.iter().chain(self.c.iter()).for_each(f);
    }

    fn tick_interval(&self) -> Option<Time> {
        Some(from_millis(self.params.t_update))
    }

    fn on_tick(&mut self, env: &mut Env) {
        let qdelay = Self::head_delay(&self.l, env.now).max(Self::head_delay(&self.c, env.now));
        self.update(qdelay);
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        let weights_changed = p.classic_protection != self.params.classic_protection;
        self.params = p;
        if weights_changed {
            self.reset_credit();
        }
        if !self.params.drop_overload {
            self.p = self.p.min(1.0 / self.params.k);
        }
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let c = &self.counters;
        let mut s = vec![
            ("p_prime", self.p),
            ("p_c", self.p_c()),
            ("p_cl", self.p_cl()),
            ("overload", f64::from(u8::from(self.overloaded()))),
            ("qdelay", to_secs(self.last_qdelay)),
            ("l_packets", self.l.len() as f64),
            ("c_packets", self.c.len() as f64),
            ("l_bytes", self.l.bytes() as f64),
            ("c_bytes", self.c.bytes() as f64),
            ("l_sojourn", to_secs(self.last_sojourn.0)),
            ("c_sojourn", to_secs(self.last_sojourn.1)),
            ("wrr_credit", self.credit as f64),
            ("l_step_marks", c.l_step_marks as f64),
            ("l_coupled_marks", c.l_coupled_marks as f64),
            ("l_drops", c.l_drops as f64),
            ("l_overload_drops", c.l_overload_drops as f64),
            ("c_marks", c.c_marks as f64),
            ("c_drops", c.c_drops as f64),
            ("c_overload_drops", c.c_overload_drops as f64),
        ];
        s.extend(super::delay_band(self.params.target, &self.link));
        s
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: f64::NAN, p: self.p }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Limit, Signal};
    use super::*;
    use crate::packet::Ect;
    use crate::rng::Rng;
    use crate::time::MILLI;

    fn dualpi2(params: Params) -> DualPi2 {
        DualPi2::new(params, &link(Limit::packets(100_000))).unwrap()
    }

    fn with(flow: u32, ect: Ect) -> Packet {
        let mut p = pkt(flow, 1000);
        p.ect = ect;
        p
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12
    }

    /// One update from p′ with the previous and the current queue delay (ms).
    fn step_from(p: f64, prev_ms: u64, now_ms: u64, params: Params) -> f64 {
        let mut q = dualpi2(params);
        q.p = p;
        q.last_qdelay = prev_ms * MILLI;
        q.update(now_ms * MILLI);
        q.p
    }

    #[test]
    fn pi_update_follows_rfc_9332_appendix_a() {
        let d = Params::default;
        // From 0 with the delay jumping 0 → 30 ms: 0.16·(0.030 − 0.015) + 3.2·0.030 = 0.0024 + 0.096
        assert!(close(step_from(0.0, 0, 30, d()), 0.0984));
        // p′ 0.1, delay falling 20 → 10 ms: 0.1 + 0.16·(−0.005) + 3.2·(−0.010) = 0.0672
        assert!(close(step_from(0.1, 20, 10, d()), 0.0672));
        // Steady at the target: no change.
        assert!(close(step_from(0.3, 15, 15, d()), 0.3));
        // Clamped to [0, 1].
        assert_eq!(step_from(0.001, 40, 0, d()), 0.0);
        assert_eq!(step_from(0.99, 0, 500, d()), 1.0);
        // Without drop on overload p′ stops at 1/k, so p_CL stays ≤ 1.
        assert!(close(step_from(0.49, 0, 500, Params { drop_overload: false, ..d() }), 0.5));
    }

    #[test]
    fn the_pi_samples_the_larger_head_delay_every_t_update() {
        let mut q = dualpi2(Params::default());
        let mut rng = Rng::new(1, 2);
        enqueue_at(&mut q, with(0, Ect::Ect1), 0, &mut rng);
        enqueue_at(&mut q, with(1, Ect::NotEct), 10 * MILLI, &mut rng);
        let mut sig = Vec::new();
        q.on_tick(&mut Env::new(40 * MILLI, &mut rng, &mut sig));
        // L head waited 40 ms, C head 30 ms: 0.16·0.025 + 3.2·0.040
        assert_eq!(q.last_qdelay, 40 * MILLI);
        assert!(close(q.p, 0.004 + 0.128));
        assert_eq!(q.tick_interval(), Some(16 * MILLI));
    }

    #[test]
    fn classic_probability_is_the_square_and_l4s_the_coupled_k_times() {
        let mut q = dualpi2(Params::default());
        q.p = 0.3;
        assert!(close(q.p_c(), 0.09) && close(q.p_cl(), 0.6));
        q.params.k = 3.0;
        assert!(close(q.p_cl(), 0.9));
        q.p = 0.4; // k·p′ = 1.2: capped at 1 and overloaded (p_C 0.16 > 1/k² ≈ 0.111)
        assert!(close(q.p_cl(), 1.0) && q.overloaded());
        let names: Vec<&str> = q.state().iter().map(|(n, _)| *n).collect();
        for want in ["p_prime", "p_c", "p_cl", "l_packets", "c_packets", "qdelay", "band_hi"] {
            assert!(names.contains(&want), "{want}");
        }
    }

    /// Queues `n` packets of each codepoint at time 0 and dequeues everything at `now` with p′ = `p`;
    /// returns (signals, packets out).
    fn run(params: Params, p: f64, ect: Ect, n: usize, now: Time) -> (Vec<Signal>, Vec<Packet>) {
        let mut q = dualpi2(params);
        let mut rng = Rng::new(7, 3);
        for _ in 0..n {
            enqueue_at(&mut q, with(0, ect), 0, &mut rng);
        }
        q.p = p;
        let (mut signals, mut out) = (Vec::new(), Vec::new());
        loop {
            let (packet, s) = dequeue_at(&mut q, now, &mut rng);
            signals.extend(s);
            match packet {
                Some(p) => out.push(p),
                None => break,
            }
        }
        (signals, out)
    }

    fn fraction(signals: &[Signal], n: usize, marked: bool) -> f64 {
        signals.iter().filter(|s| s.marked == marked).count() as f64 / n as f64
    }

    #[test]
    fn marks_and_drops_at_the_coupled_probabilities() {
        let n = 20_000;
        // p′ = 0.2: classic ECT(0) marked with 0.04, Not-ECT dropped with 0.04, ECT(1) marked with 0.4.
        // No step marks: every packet left at time 0 (sojourn 0).
        let (s, out) = run(Params::default(), 0.2, Ect::Ect0, n, 0);
        assert!((fraction(&s, n, true) - 0.04).abs() < 0.005 && fraction(&s, n, false) == 0.0);
        assert_eq!(out.len(), n);
        let (s, out) = run(Params::default(), 0.2, Ect::NotEct, n, 0);
        assert!((fraction(&s, n, false) - 0.04).abs() < 0.005 && fraction(&s, n, true) == 0.0);
        assert_eq!(out.len() + s.len(), n);
        let (s, _) = run(Params::default(), 0.2, Ect::Ect1, n, 0);
        assert!((fraction(&s, n, true) - 0.4).abs() < 0.01, "{}", fraction(&s, n, true));
        assert!(s.iter().all(|s| s.reason == Reason::Early));
        // The last two packets are never signalled (less than 2 packets of backlog left).
        let (s, _) = run(Params::default(), 1.0, Ect::Ect0, 2, 0);
        assert!(s.is_empty());
    }

    #[test]
    fn step_marks_every_l4s_packet_that_waited_past_the_threshold() {
        // p′ = 0: only the step acts. Sojourn 1.5 ms > 1 ms: every ECT(1) packet marked (Target).
        let (s, out) = run(Params::default(), 0.0, Ect::Ect1, 100, 1_500_000);
        assert_eq!(s.len(), 100);
        assert!(s.iter().all(|s| s.marked && s.reason == Reason::Target) && out.iter().all(|p| p.ce));
        // Exactly at the threshold (0.5 ms below it too): nothing.
        assert!(run(Params::default(), 0.0, Ect::Ect1, 100, MILLI).0.is_empty());
        // Classic packets know no step.
        assert!(run(Params::default(), 0.0, Ect::Ect0, 100, 1_500_000).0.is_empty());
        // A larger threshold moves it.
        let (s, _) = run(Params { step_thresh: 2.0, ..Params::default() }, 0.0, Ect::Ect1, 100, 1_500_000);
        assert!(s.is_empty());
    }

    #[test]
    fn overload_drops_l4s_packets_with_p_c_and_marks_the_rest() {
        let n = 20_000;
        // p′ = 0.6, k = 2: k·p′ = 1.2 > 1. L4S: dropped with p′² = 0.36, every other one marked.
        let (s, out) = run(Params::default(), 0.6, Ect::Ect1, n, 0);
        let dropped = fraction(&s, n, false);
        assert!((dropped - 0.36).abs() < 0.01, "{dropped}");
        assert!(close(fraction(&s, n, true) + dropped, 1.0 - 2.0 / n as f64), "all but the last two");
        assert!(out.iter().take(n - 2 - s.iter().filter(|s| !s.marked).count()).all(|p| p.ce));
        // Overload drops carry their own cause; the marks stay early ones.
        assert!(s.iter().all(|s| s.reason == if s.marked { Reason::Early } else { Reason::Overload }));
        // Classic ECT(0) in overload: dropped with 0.36, never marked, each drop an overload one.
        let (s, _) = run(Params::default(), 0.6, Ect::Ect0, n, 0);
        assert!((fraction(&s, n, false) - 0.36).abs() < 0.01 && fraction(&s, n, true) == 0.0);
        assert!(s.iter().all(|s| s.reason == Reason::Overload));
        // Not-ECT classic packets are dropped with p_C overload or not: those stay early drops.
        let (s, _) = run(Params::default(), 0.6, Ect::NotEct, n, 0);
        assert!(!s.is_empty() && s.iter().all(|s| !s.marked && s.reason == Reason::Early));
        // Not overloaded at p′ = 0.5 (k·p′ = 1): ECT(0) marked with 0.25, nothing dropped.
        let (s, _) = run(Params::default(), 0.5, Ect::Ect0, n, 0);
        assert!((fraction(&s, n, true) - 0.25).abs() < 0.01 && fraction(&s, n, false) == 0.0);
        // Without drop on overload: every L4S packet marked, none dropped.
        let (s, _) = run(Params { drop_overload: false, ..Params::default() }, 0.6, Ect::Ect1, n, 0);
        assert!(s.iter().all(|s| s.marked) && s.len() == n - 2);
    }

    /// Serves 10 000 dequeues, the i-th at i·`step` once `arrive` has queued that moment's arrivals, and hands
    /// each dequeue's signals to `check`; returns how many of them served a classic packet.
    fn classic_served(
        params: Params,
        step: Time,
        arrive: impl Fn(&mut DualPi2, Time, &mut Rng),
        check: impl Fn(&[Signal]),
    ) -> usize {
        let mut q = dualpi2(params);
        let mut rng = Rng::new(1, 2);
        let mut classic = 0;
        for i in 0..10_000u64 {
            arrive(&mut q, i * step, &mut rng);
            let (p, s) = dequeue_at(&mut q, i * step, &mut rng);
            check(&s);
            classic += usize::from(!p.unwrap().l4s());
        }
        classic
    }

    #[test]
    fn classic_gets_its_protected_share_under_saturating_l4s_load() {
        // Both queues always backlogged: count which queue each of 10 000 dequeues served.
        let share = |classic_protection: f64| {
            let fill = |q: &mut DualPi2, now: Time, rng: &mut Rng| {
                while q.l.len() < 5 {
                    enqueue_at(q, with(0, Ect::Ect1), now, rng);
                }
                while q.c.len() < 5 {
                    enqueue_at(q, with(1, Ect::NotEct), now, rng);
                }
            };
            let params = Params { classic_protection, ..Params::default() };
            classic_served(params, 1, fill, |s| assert!(s.is_empty())) as f64 / 10_000.0
        };
        let c = share(10.0);
        assert!((c - 0.10).abs() <= 0.02, "classic share {c}");
        let c = share(30.0);
        assert!((c - 0.30).abs() <= 0.02, "classic share {c}");
        // With one queue empty the other gets everything, whatever the credit.
        let mut q = dualpi2(Params::default());
        let mut rng = Rng::new(1, 2);
        (0..5).for_each(|_| drop(enqueue_at(&mut q, with(1, Ect::Ect0), 0, &mut rng)));
        assert!((0..5).all(|_| dequeue_at(&mut q, 0, &mut rng).0.is_some_and(|p| !p.l4s())));
    }

    #[test]
    fn overload_drops_are_counted_apart_in_the_state() {
        let mut q = dualpi2(Params::default());
        let mut rng = Rng::new(7, 3);
        for ect in [Ect::Ect1, Ect::Ect0, Ect::NotEct].repeat(2000) {
            enqueue_at(&mut q, with(0, ect), 0, &mut rng);
        }
        q.p = 0.6; // k·p′ = 1.2: overloaded
        let mut signals = Vec::new();
        while let (Some(_), s) = dequeue_at(&mut q, 0, &mut rng) {
            signals.extend(s);
        }
        let state: std::collections::HashMap<_, _> = q.state().into_iter().collect();
        let overload = signals.iter().filter(|s| s.reason == Reason::Overload).count() as f64;
        assert!(overload > 0.0);
        assert_eq!(state["l_overload_drops"] + state["c_overload_drops"], overload);
        // Every L drop here is an overload one; the C queue's drops are overload (ECT(0)) and early (Not-ECT).
        assert_eq!(state["l_overload_drops"], state["l_drops"]);
        assert!(state["c_overload_drops"] > 0.0 && state["c_overload_drops"] < state["c_drops"]);
    }

    #[test]
    fn time_shifted_fifo_serves_the_head_with_the_larger_sojourn_plus_tshift() {
        let ms = |x: u64| x * MILLI;
        // RFC 9332 A.1: L goes first while lq.time() + tshift ≥ cq.time().
        assert!(ts_fifo_serves_l(0, ms(49), ms(50)));
        assert!(ts_fifo_serves_l(0, ms(50), ms(50)), "a tie goes to L");
        assert!(!ts_fifo_serves_l(0, ms(51), ms(50)));
        assert!(ts_fifo_serves_l(ms(10), ms(60), ms(50)) && !ts_fifo_serves_l(ms(10), ms(61), ms(50)));
        // With no shift it is a FIFO over both queues.
        assert!(ts_fifo_serves_l(ms(5), ms(5), 0) && !ts_fifo_serves_l(ms(5), ms(6), 0));
        // In the queue: a C packet from 0 ms against L packets from 40 ms and 60 ms, dequeued at 100 ms.
        let ts = Params { scheduler: Scheduler::TsFifo, ..Params::default() };
        let mut q = dualpi2(ts.clone());
        let mut rng = Rng::new(1, 2);
        enqueue_at(&mut q, with(1, Ect::NotEct), 0, &mut rng);
        enqueue_at(&mut q, with(0, Ect::Ect1), ms(40), &mut rng);
        enqueue_at(&mut q, with(0, Ect::Ect1), ms(60), &mut rng);
        // L head waited 60 ms: 60 + 50 = 110 ≥ 100, so L; then the next L head waited 40 ms: 90 < 100, so C.
        let order: Vec<bool> = (0..3).map(|_| dequeue_at(&mut q, ms(100), &mut rng).0.unwrap().l4s()).collect();
        assert_eq!(order, [true, false, true]);
        assert_eq!(q.credit, DualPi2::new(ts, &link(Limit::packets(100_000))).unwrap().credit, "no WRR credit");
    }

    #[test]
    fn under_saturating_load_the_time_shifted_fifo_shares_by_arrivals_where_wrr_guarantees_ten_percent() {
        // One L and one C packet arrive every 1 ms; one packet leaves every 1 ms (twice the link's load).
        // By hand for the time-shifted FIFO (tshift 50 ms): L's heads from 0 to 50 ms go first (51 dequeues,
        // a_L ≤ a_C + 50), then C and L alternate, C first: of the 9 949 dequeues left C gets 4 975. WRR keeps
        // the C queue to its 10 % (± 2 %) whatever arrives.
        let classic = |scheduler: Scheduler| {
            let one_each = |q: &mut DualPi2, now: Time, rng: &mut Rng| {
                enqueue_at(q, with(0, Ect::Ect1), now, rng);
                enqueue_at(q, with(1, Ect::NotEct), now, rng);
            };
            let marks_only = |s: &[Signal]| assert!(s.iter().all(|s| s.marked), "p′ = 0: step marks at most, no drop");
            classic_served(Params { scheduler, ..Params::default() }, MILLI, one_each, marks_only)
        };
        assert_eq!(classic(Scheduler::TsFifo), 4_975);
        let wrr = classic(Scheduler::Wrr) as f64 / 10_000.0;
        assert!((wrr - 0.10).abs() <= 0.02, "WRR classic share {wrr}");
    }

    #[test]
    fn the_scheduler_is_read_by_name_or_index_and_defaults_to_wrr() {
        let p: Params = serde_json::from_str(r#"{"scheduler":"ts_fifo","tshift":20}"#).unwrap();
        assert_eq!((p.scheduler, p.tshift), (Scheduler::TsFifo, 20.0));
        assert_eq!(serde_json::from_str::<Params>("{}").unwrap().scheduler, Scheduler::Wrr);
        assert!(serde_json::from_str::<Params>(r#"{"scheduler":"drr"}"#).is_err());
        assert_eq!(serde_json::to_value(&p).unwrap()["scheduler"], "ts_fifo");
        // set_param takes the choice's index, as the page's control sends it.
        let mut q = dualpi2(Params::default());
        q.set_param("scheduler", 1.0).unwrap();
        assert_eq!(q.params.scheduler, Scheduler::TsFifo);
        assert!(q.set_param("scheduler", 2.0).is_err());
        let info = params::with_defaults::<Params>(&DualPi2::INFO);
        let spec = info.params.iter().find(|s| s.name == "scheduler").unwrap();
        assert_eq!((spec.default, spec.choices), (0.0, &["wrr", "ts_fifo"][..]));
    }

    #[test]
    fn classifies_ect1_and_ce_into_l_and_shares_one_buffer() {
        let mut q = DualPi2::new(Params::default(), &link(Limit::packets(3))).unwrap();
        let mut rng = Rng::new(1, 2);
        let mut ce = with(2, Ect::Ect0);
        ce.ce = true;
        for p in [with(0, Ect::Ect1), ce, with(1, Ect::Ect0)] {
            assert!(enqueue_at(&mut q, p, 0, &mut rng).is_empty());
        }
        assert_eq!((q.l.len(), q.c.len()), (2, 1));
        let s = enqueue_at(&mut q, with(3, Ect::Ect1), 0, &mut rng);
        assert_eq!((s.len(), s[0].reason, s[0].marked), (1, Reason::Overflow, false));
    }
}
