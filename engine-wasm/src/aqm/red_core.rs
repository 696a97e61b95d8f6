//! Arithmetic shared by the RED family (docs/algorithms/red-family.md), so `red`, `ared`, `feng_ared`, `qvared`,
//! `wred` and `hred` each contain only what makes them different.
//!
//! - The average: S. Floyd, V. Jacobson, "Random Early Detection Gateways for Congestion Avoidance", IEEE/ACM
//!   ToN 1(4), 1993, Fig. 2 (seed 000 §2.1, seed 001 Fig. 3): avg ← (1 − w_q)·avg + w_q·q on each arrival;
//!   after an idle period avg ← (1 − w_q)^m·avg with m = idle_time/s, s = 8·mean_pktsize/C.
//! - The drop line p_b(avg): 0 below min_th, max_p·(avg − min_th)/(max_th − min_th) up to max_th, then 1, or
//!   with gentle (S. Floyd, "Recommendation on using the gentle_ variant of RED", 2000) linear from max_p to
//!   1 between max_th and `upper` (2·max_th, or the buffer as in seed 003).
//! - The spacing of marks: p_a = p_b/(1 − count·p_b), so the gap between marks is uniform, not geometric.
//!   Two implementation details of ns-2's `red.cc` (ported to ns-3's `RedQueueDisc`) are options, see
//!   [`Rules`] and docs/red.md: `wait` (p_a = p_b/(2 − count·p_b), no mark before count·p_b reaches 1) and
//!   the ns rules (no decision while at most one packet is queued; count restarts when avg crosses min_th).
//! - ARED's AIMD step and automatic settings (Floyd, Gummadi, Shenker 2001; seed 000 Fig. 3).

use super::params::{StateMeaning, StateSpec};
use super::{check_threshold_in_buffer, Env, Limit, LinkInfo, Packet, PacketQueue, QueueUnit, Reason};
use crate::problem::Problem;
use crate::time::{to_secs, Time};

/// Where the average queue lies on the drop line. `code()` is what `state()` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// avg < min_th: no early drops.
    Below = 0,
    /// min_th ≤ avg < max_th: p_b rises from 0 to max_p.
    Between = 1,
    /// Gentle only, max_th ≤ avg < upper: p_b rises from max_p to 1.
    Gentle = 2,
    /// Forced drop (avg ≥ max_th, or ≥ upper with gentle).
    Above = 3,
}

impl Region {
    /// The region as a number for the trace (0 below … 3 above).
    pub fn code(self) -> f64 {
        self as u8 as f64
    }
}

/// RED's piecewise-linear drop probability as a function of the average queue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Average queue where early drops begin, in the discipline's unit.
    pub min_th: f64,
    /// Average queue where p_b reaches max_p, in the discipline's unit.
    pub max_th: f64,
    /// p_b at max_th (Floyd & Jacobson 1993 §4).
    pub max_p: f64,
    /// Some(upper) turns on the gentle segment [max_th, upper) (gentle RED); None is the 1993 cliff.
    pub gentle_upper: Option<f64>,
}

impl Line {
    /// Which segment of the line `avg` falls on.
    pub fn region(&self, avg: f64) -> Region {
        if avg < self.min_th {
            Region::Below
        } else if avg < self.max_th {
            Region::Between
        } else {
            match self.gentle_upper {
                Some(upper) if avg < upper => Region::Gentle,
                _ => Region::Above,
            }
        }
    }

    /// p_b before any per-packet (byte-mode) scaling.
    pub fn p_b(&self, avg: f64) -> f64 {
        match self.region(avg) {
            Region::Below => 0.0,
            // Floyd & Jacobson 1993 Fig. 2.
            Region::Between => self.max_p * (avg - self.min_th) / (self.max_th - self.min_th),
            // Floyd 2000: max_p + (1 − max_p)·(avg − max_th)/(upper − max_th); upper − max_th = max_th by default.
            Region::Gentle => {
                let upper = self.gentle_upper.unwrap_or(self.max_th);
                self.max_p + (1.0 - self.max_p) * (avg - self.max_th) / (upper - self.max_th)
            }
            Region::Above => 1.0,
        }
    }

    /// ARED's target band [min_th + 0.4Δ, min_th + 0.6Δ] (Floyd, Gummadi, Shenker 2001).
    pub fn band(&self) -> (f64, f64) {
        let delta = self.max_th - self.min_th;
        (self.min_th + 0.4 * delta, self.min_th + 0.6 * delta)
    }

    /// Corner points of the curve on [0, x_end] for the probability editor; a repeated x is a jump.
    pub fn points(&self, x_end: f64) -> Vec<[f64; 2]> {
        // Without gentle the jump to 1 is at max_th itself (x repeated); with gentle the ramp ends at upper.
        let one_at = self.gentle_upper.unwrap_or(self.max_th);
        vec![[0.0, 0.0], [self.min_th, 0.0], [self.max_th, self.max_p], [one_at, 1.0], [x_end.max(one_at), 1.0]]
    }
}

/// p_a = p_b/(1 − count·p_b), and 1 once count·p_b ≥ 1 (Floyd & Jacobson 1993 §7, Fig. 2).
pub fn spaced(p_b: f64, count: i64) -> f64 {
    let c = count as f64 * p_b;
    if c >= 1.0 {
        1.0
    } else {
        (p_b / (1.0 - c)).min(1.0)
    }
}

/// ns-2 `wait_` / ns-3 `Wait` (docs/red.md): p_a = 0 while count·p_b < 1, p_b/(2 − count·p_b) while
/// count·p_b < 2, else 1, so marks are spaced by between 1/p_b and 2/p_b arrivals instead of 1 to 1/p_b.
pub fn spaced_wait(p_b: f64, count: i64) -> f64 {
    let c = count as f64 * p_b;
    if c < 1.0 {
        0.0
    } else if c < 2.0 {
        (p_b / (2.0 - c)).min(1.0)
    } else {
        1.0
    }
}

/// Implementation details of RED's per-arrival decision; all off is Floyd & Jacobson 1993 Fig. 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Space marks with [`spaced_wait`] (ns-2 `wait_`, ns-3 `Wait`).
    pub wait: bool,
    /// ns-2 `REDQueue::enque` / ns-3 `RedQueueDisc::DoEnqueue`: (1) no early or forced decision while the
    /// queue holds at most 1 (packet, or byte in byte mode) before the arrival; (2) the first arrival with
    /// avg ≥ min_th (after avg was below, or the queue held ≤ 1) is admitted untested and restarts count at
    /// 1; (3) count grows on every arrival and a forced drop does not reset it (ns `Ns1Compat` off).
    pub ns: bool,
}

/// `s` of Floyd Fig. 2: the transmission time of a typical small packet, in seconds.
pub fn small_packet_time(link: &LinkInfo) -> f64 {
    8.0 * link.mean_pkt_size as f64 / link.rate_bps
}

/// The physical buffer expressed in `unit` (what check_threshold_in_buffer compares against).
pub fn buffer_in(unit: QueueUnit, link: &LinkInfo) -> f64 {
    let s = link.mean_pkt_size as f64;
    match (unit, link.limit.unit) {
        (QueueUnit::Packets, QueueUnit::Bytes) => link.limit.value as f64 / s,
        (QueueUnit::Bytes, QueueUnit::Packets) => link.limit.value as f64 * s,
        _ => link.limit.value as f64,
    }
}

/// The averaged queue with Floyd's idle-period correction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Average {
    /// The EWMA of the queue length, in the discipline's unit (Floyd & Jacobson 1993 §4).
    pub avg: f64,
    /// True from the moment the link went idle until the next arrival ("q_time" starts the idle period).
    pub idle: bool,
    /// When the idle period began.
    pub idle_since: Time,
}

impl Default for Average {
    fn default() -> Self {
        Average { avg: 0.0, idle: true, idle_since: 0 }
    }
}

impl Average {
    /// One arrival seeing queue `q` (before it is added). `s` in seconds.
    pub fn update(&mut self, q: f64, w_q: f64, now: Time, s: f64) -> f64 {
        if self.idle {
            // Floyd Fig. 2: m = f(time − q_time), the packets that could have been sent while idle.
            let m = to_secs(now.saturating_sub(self.idle_since)) / s;
            self.avg *= libm::pow(1.0 - w_q, m);
            self.idle = false;
        } else {
            self.avg = (1.0 - w_q) * self.avg + w_q * q;
        }
        self.avg
    }

    /// ns's estimator after idle ([`View::idle_steps`]): m = ⌊idle·ptc⌋ with ptc = C/(8·S) packets per
    /// second, avg ← (1 − w_q)^(m+1)·avg + w_q·q; busy, the plain EWMA (m = 0).
    pub fn update_steps(&mut self, q: f64, w_q: f64, now: Time, ptc: f64) -> f64 {
        let m = if self.idle {
            self.idle = false;
            // uint32_t(m_ptc * (now - m_idleTime).GetSeconds()) truncates toward zero.
            (ptc * to_secs(now.saturating_sub(self.idle_since))).floor()
        } else {
            0.0
        };
        self.avg = self.avg * libm::pow(1.0 - w_q, m + 1.0) + w_q * q;
        self.avg
    }

    /// The link finished sending and the queue is empty: q_time ← now.
    pub fn go_idle(&mut self, now: Time) {
        if !self.idle {
            self.idle = true;
            self.idle_since = now;
        }
    }
}

/// How the RED family sees its queue and its idle periods; all off is Floyd & Jacobson 1993 Fig. 2 with the
/// discipline feeding the link directly (docs/red.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// ns-2 `REDQueue::enque` / ns-3 `RedQueueDisc::DoEnqueue`: after an idle period of length t,
    /// m = ⌊t·C/(8·S)⌋ and avg ← (1 − w_q)^(m+1)·avg + w_q·q (`estimator(q, m + 1, ...)`), instead of the
    /// paper's avg ← (1 − w_q)^(t/s)·avg.
    pub idle_steps: bool,
    /// Packets of the backlog held by a transmit queue between the discipline and the wire (ns-3's
    /// NetDevice queue; 0: the link takes packets from the discipline itself, as in the paper and ns-2).
    /// RED then sees the backlog less these packets, and its idle period starts when the link takes a
    /// packet and leaves the device queue short, because that is when ns-3's traffic-control layer asks the
    /// queue disc for a packet and `RedQueueDisc::DoDequeue` finds it empty.
    pub device_queue: usize,
}

impl View {
    /// The queue length RED sees, in `unit`: the backlog without the first `device_queue` packets.
    pub fn seen(&self, queue: &PacketQueue, unit: QueueUnit) -> f64 {
        let q = queue.length(unit);
        if self.device_queue == 0 {
            return q;
        }
        let held: f64 = queue
            .iter()
            .take(self.device_queue)
            .map(|p| match unit {
                QueueUnit::Packets => 1.0,
                QueueUnit::Bytes => p.size as f64,
            })
            .sum();
        (q - held).max(0.0)
    }

    /// One arrival: the average's update with the view's idle rule. `q` is what [`View::seen`] returns.
    pub fn update(&self, avg: &mut Average, q: f64, w_q: f64, now: Time, link: &LinkInfo) -> f64 {
        if self.idle_steps {
            avg.update_steps(q, w_q, now, link.rate_bps / (8.0 * link.mean_pkt_size as f64))
        } else {
            avg.update(q, w_q, now, small_packet_time(link))
        }
    }

    /// Takes the head packet from `queue` for the link, noting when that leaves RED's own queue empty.
    pub fn dequeue(&self, queue: &mut PacketQueue, avg: &mut Average, now: Time) -> Option<Packet> {
        let before = queue.len();
        let packet = queue.pop();
        if packet.is_some() {
            self.on_dequeue(avg, before, now);
        }
        packet
    }

    /// The link took a packet; `before` is the backlog in packets before it did. With a device queue, a
    /// backlog of exactly `device_queue` means the discipline itself is now empty: ns-3 polls it and it
    /// goes idle.
    pub fn on_dequeue(&self, avg: &mut Average, before: usize, now: Time) {
        if self.device_queue > 0 && before == self.device_queue {
            avg.go_idle(now);
        }
    }

    /// The link went idle with nothing queued. Only without a device queue does this start the idle period
    /// (Floyd Fig. 2, ns-2 `REDQueue::deque`); with one, ns-3 never polls the queue disc at that moment.
    pub fn on_link_idle(&self, avg: &mut Average, now: Time) {
        if self.device_queue == 0 {
            avg.go_idle(now);
        }
    }
}

/// The part of [`super::QueueDisc`] every RED variant with the ns switches of [`View`] shares (RED, ARED,
/// Feng's ARED), for a type with a `queue`, an [`Average`] at `vars.avg`, a `link` and a `fn view(&self) ->
/// View`: the FIFO storage, the dequeue and the idle start through the view, and the live link rate that the
/// idle time's `s` reads (Floyd & Jacobson 1993, Fig. 2). `ns_red_queue!(packet_line)` adds the operating
/// point and curve of a variant whose drop line is `fn line(&self) -> Line` over a queue in packets (ARED,
/// Feng's ARED: the line with the adapted max_p).
macro_rules! ns_red_queue {
    () => {
        $crate::aqm::fifo_storage!();

        fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
            let view = self.view();
            view.dequeue(&mut self.queue, &mut self.vars.avg, env.now)
        }

        fn on_link_idle(&mut self, env: &mut Env) {
            self.view().on_link_idle(&mut self.vars.avg, env.now);
        }

        fn set_link_rate(&mut self, rate_bps: f64) {
            self.link.rate_bps = rate_bps;
        }
    };
    (packet_line) => {
        $crate::aqm::red_core::ns_red_queue!();

        fn operating_point(&self) -> $crate::aqm::OperatingPoint {
            let avg = self.vars.avg.avg;
            $crate::aqm::OperatingPoint { avg, p: self.line().p_b(avg) }
        }

        fn curve(&self) -> Option<Vec<[f64; 2]>> {
            let end = $crate::aqm::red_core::buffer_in($crate::aqm::QueueUnit::Packets, &self.link);
            Some(self.line().points(end))
        }
    };
}
pub(crate) use ns_red_queue;

/// A variant that adapts max_p restarts from a `max_p` that is set (`name`); any other change keeps the
/// adapted value (ARED 2001 §4 and Feng et al. 1999 adapt from where they are).
pub fn restart_max_p(name: &str, adapted: &mut f64, set: f64) {
    if name == "max_p" {
        *adapted = set;
    }
}

/// The inherent half of a RED variant with the ns switches and ECN (`red_params::ns_switches!` and
/// `ecn_hard_drop!` in its `params`), for a type with a `queue`, a `link` and `vars.avg`, `vars.marks`: the
/// [`View`] its switches select, and one arrival through that view (Floyd & Jacobson 1993, Fig. 2).
macro_rules! ns_red_switches {
    () => {
        fn view(&self) -> $crate::aqm::red_core::View {
            $crate::aqm::red_core::View {
                idle_steps: self.params.idle_steps,
                device_queue: self.params.device_queue as usize,
            }
        }

        /// One arrival: the average with weight `w_q` over the queue the view sees in `unit`, then `p_b_at`
        /// (the variant's region and p_b at that average; it may adapt first), the test of p_b under the
        /// variant's rules, and the verdict applied with its ECN and hard-drop switches.
        fn arrive(
            &mut self,
            packet: $crate::aqm::Packet,
            env: &mut $crate::aqm::Env,
            w_q: f64,
            unit: $crate::aqm::QueueUnit,
            p_b_at: impl FnOnce(&mut Self, f64) -> ($crate::aqm::red_core::Region, f64),
        ) {
            use $crate::aqm::red_core::{act, Rules, Signalling};
            let view = self.view();
            let q = view.seen(&self.queue, unit);
            let avg = view.update(&mut self.vars.avg, q, w_q, env.now, &self.link);
            let (region, p_b) = p_b_at(self, avg);
            // ns compares the queue in its unit (bytes in byte mode) with 1, so there "short" means empty.
            let rules = Rules { wait: self.params.wait, ns: self.params.ns3_rules };
            let verdict = self.vars.marks.decide_with(rules, region, p_b, q as usize, || env.uniform());
            let signalling = Signalling { ecn: self.params.ecn, hard_drop: self.params.hard_drop };
            act(verdict, packet, env, &mut self.queue, self.link.limit, signalling);
        }
    };
}
pub(crate) use ns_red_switches;

/// RED's per-arrival outcome before ECN and the buffer limit are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Queue the packet.
    Admit,
    /// Chosen by the random test with probability p_a: mark or drop.
    Early,
    /// Drop (or mark, without `hard_drop`): avg beyond the line.
    Forced,
}

/// The mark-spacing counter and the last decision's probabilities (the Vars every RED variant shares).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// Packets since the last mark; −1 while avg < min_th.
    pub count: i64,
    /// Probability from the line before spacing (Floyd & Jacobson 1993 §4).
    pub p_b: f64,
    /// p_b spread by the count since the last mark: p_b/(1 − count·p_b), or ns's `wait` form (see `Rules`).
    pub p_a: f64,
    /// Where avg lay at the last decision.
    pub region: Region,
    /// ns rules only: avg was at or above min_th with more than one packet queued at the last arrival
    /// (ns `edv_.old` / `m_old`).
    pub old: bool,
}

impl Default for Marks {
    fn default() -> Self {
        Marks { count: -1, p_b: 0.0, p_a: 0.0, region: Region::Below, old: false }
    }
}

/// The entries of [`Marks::snapshot`], in its order.
pub const SNAPSHOT_STATE: [StateSpec; 6] = [
    StateSpec::new("avg", "queue unit", StateMeaning::Average),
    StateSpec::other("p_b"),
    StateSpec::probability("p_a"),
    StateSpec::new("count", "packets", StateMeaning::Count),
    StateSpec::other("max_p"),
    StateSpec::other("region"),
];

impl Marks {
    /// The RED state every variant shows, in this order: avg, p_b, p_a, count, max_p, region.
    pub fn snapshot(&self, avg: f64, max_p: f64) -> Vec<(&'static str, f64)> {
        vec![
            ("avg", avg),
            ("p_b", self.p_b),
            ("p_a", self.p_a),
            ("count", self.count as f64),
            ("max_p", max_p),
            ("region", self.region.code()),
        ]
    }

    /// Floyd & Jacobson Fig. 2 (with the gentle region): `p_b` already includes any byte-mode scaling;
    /// `u` is drawn only where the decision is random.
    pub fn decide(&mut self, region: Region, p_b: f64, u: impl FnOnce() -> f64) -> Verdict {
        self.decide_with(Rules::default(), region, p_b, 0, u)
    }

    /// [`Marks::decide`] with implementation `rules`; `queued` is the queue length (in its unit) before the
    /// arrival (used by the ns rules only).
    pub fn decide_with(
        &mut self,
        rules: Rules,
        region: Region,
        p_b: f64,
        queued: usize,
        u: impl FnOnce() -> f64,
    ) -> Verdict {
        if rules.ns {
            return self.decide_ns(rules.wait, region, p_b, queued, u);
        }
        let spacing = if rules.wait { spaced_wait } else { spaced };
        self.region = region;
        match region {
            Region::Below => {
                (self.count, self.p_b, self.p_a) = (-1, 0.0, 0.0);
                Verdict::Admit
            }
            Region::Between | Region::Gentle => {
                self.count += 1;
                self.p_b = p_b;
                self.p_a = spacing(p_b, self.count);
                if u() < self.p_a {
                    self.count = 0;
                    Verdict::Early
                } else {
                    Verdict::Admit
                }
            }
            Region::Above => {
                (self.count, self.p_b, self.p_a) = (0, 1.0, 1.0);
                Verdict::Forced
            }
        }
    }

    /// ns-2 `REDQueue::enque` and ns-3 `RedQueueDisc::DoEnqueue` ([`Rules::ns`]; docs/red.md).
    fn decide_ns(&mut self, wait: bool, region: Region, p_b: f64, queued: usize, u: impl FnOnce() -> f64) -> Verdict {
        self.region = region;
        self.count += 1;
        if region == Region::Below || queued <= 1 {
            (self.p_b, self.p_a, self.old) = (0.0, 0.0, false);
            return Verdict::Admit;
        }
        if region == Region::Above {
            (self.p_b, self.p_a) = (1.0, 1.0);
            return Verdict::Forced;
        }
        self.p_b = p_b;
        if !self.old {
            // avg has just crossed min_th (or the queue has just refilled): restart the count, no test.
            (self.count, self.old, self.p_a) = (1, true, 0.0);
            return Verdict::Admit;
        }
        self.p_a = if wait { spaced_wait(p_b, self.count) } else { spaced(p_b, self.count) };
        // ns draws u and drops when u ≤ p_a; u is uniform on [0, 1), so < differs only on a null set.
        if u() < self.p_a {
            self.count = 0;
            Verdict::Early
        } else {
            Verdict::Admit
        }
    }
}

/// How congestion is signalled: `ecn` marks ECN-capable packets instead of dropping them; `hard_drop` makes
/// forced drops (avg beyond the line) drops even when ECN is on (ns-2/ns-3 `UseHardDrop`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Signalling {
    /// Mark ECN-capable packets (RFC 3168) instead of dropping them.
    pub ecn: bool,
    /// Forced drops stay drops even with ECN (ns-2/ns-3 `UseHardDrop`).
    pub hard_drop: bool,
}

/// Applies a verdict: early → mark or drop (ECN); forced → drop if `hard_drop`, else like early; then the
/// physical buffer (overflow after the AQM decision, ns order).
pub fn act(
    verdict: Verdict,
    packet: Packet,
    env: &mut Env,
    queue: &mut PacketQueue,
    limit: Limit,
    signalling: Signalling,
) {
    let Signalling { ecn, hard_drop } = signalling;
    let kept = match verdict {
        Verdict::Admit => Some(packet),
        Verdict::Early => env.signal(packet, Reason::Early, ecn),
        Verdict::Forced if hard_drop => {
            env.drop(packet, Reason::Forced);
            None
        }
        Verdict::Forced => env.signal(packet, Reason::Forced, ecn),
    };
    if let Some(p) = kept {
        queue.admit(p, limit, env);
    }
}

/// The checks every RED line needs, with messages naming the violated constraint.
pub fn check_line(min_th: f64, max_th: f64, max_p: f64, unit: QueueUnit, link: &LinkInfo) -> Result<(), Problem> {
    if !(max_p > 0.0 && max_p <= 1.0) {
        return Err(open_unit_interval("max_p", max_p));
    }
    check_thresholds(min_th, max_th, unit, link)
}

/// 0 ≤ min_th < max_th ≤ buffer.
pub fn check_thresholds(min_th: f64, max_th: f64, unit: QueueUnit, link: &LinkInfo) -> Result<(), Problem> {
    if min_th < 0.0 || min_th >= max_th {
        let message = format!("min_th ({min_th}) must be at least 0 and below max_th ({max_th})");
        return Err(Problem { lo: Some(0.0), ..Problem::below("min_th", min_th, "max_th", max_th, message) });
    }
    check_threshold_in_buffer("max_th", max_th, unit, link)
}

/// The queue unit of a discipline with a byte-mode switch.
pub fn unit_of(byte_mode: bool) -> QueueUnit {
    if byte_mode {
        QueueUnit::Bytes
    } else {
        QueueUnit::Packets
    }
}

/// The factor that converts a queue length when a discipline switches between packets and bytes.
pub fn unit_switch_factor(from_bytes: bool, to_bytes: bool, link: &LinkInfo) -> f64 {
    match (from_bytes, to_bytes) {
        (false, true) => link.mean_pkt_size as f64,
        (true, false) => 1.0 / link.mean_pkt_size as f64,
        _ => 1.0,
    }
}

/// w_q is a weight: in (0, 1].
pub fn check_weight(w_q: f64) -> Result<(), Problem> {
    if w_q > 0.0 && w_q <= 1.0 {
        Ok(())
    } else {
        Err(open_unit_interval("w_q", w_q))
    }
}

/// `name (v) must be in (0, 1]`: a probability or weight that may not be 0.
fn open_unit_interval(name: &str, value: f64) -> Problem {
    Problem {
        message: format!("{name} ({value}) must be in (0, 1]"),
        ..Problem::out_of_range(name, 0.0, 1.0, "", value)
    }
}

/// ARED's bounds on max_p (Floyd, Gummadi, Shenker 2001 §4: "max_p ∈ [0.01, 0.5]").
pub const ARED_MAX_P: (f64, f64) = (0.01, 0.5);

/// One ARED interval (Floyd, Gummadi, Shenker 2001 Fig. 6; seed 000 Fig. 3 with its `max_p − β` read as
/// `max_p·β`): additive increase α = min(0.01, max_p/4) above the band, ×0.9 below it, kept in [0.01, 0.5].
pub fn ared_step(max_p: f64, avg: f64, band: (f64, f64)) -> f64 {
    ared_step_within(max_p, avg, band, ARED_MAX_P.0)
}

/// [`ared_step`] with another lower bound on max_p (ARED's `max_p_bottom`; docs/red.md).
pub fn ared_step_within(max_p: f64, avg: f64, band: (f64, f64), bottom: f64) -> f64 {
    let (lo, hi) = band;
    let top = ARED_MAX_P.1;
    let next = if avg > hi && max_p <= top {
        max_p + (max_p / 4.0).min(0.01)
    } else if avg < lo && max_p >= bottom {
        max_p * 0.9
    } else {
        max_p
    };
    next.clamp(bottom, top)
}

/// ns-3's automatic lower bound of ARED's max_p (`Bottom` 0), as `RedQueueDisc::InitializeParams`
/// computes it: min(0.01, 8·MeanPktSize·RTT/C) with RTT = 0.1 s (`Rtt`). Its comment calls this 1/W, W a
/// flow's window in packets, which would be 8·S/(C·RTT) (ns-2's `80000/bandwidth`); we follow ns-3's code
/// (docs/red.md).
pub fn ared_auto_bottom(link: &LinkInfo) -> f64 {
    const RTT: f64 = 0.1;
    (8.0 * link.mean_pkt_size as f64 * RTT / link.rate_bps).min(0.01)
}

/// ARED's automatic settings (2001 §5): min_th = max(5, target_delay·C_pkt/2), max_th = 3·min_th (packets),
/// w_q = 1 − exp(−1/C_pkt), with `target_delay_ms` in milliseconds. Returns (min_th, max_th, w_q).
pub fn ared_auto(target_delay_ms: f64, link: &LinkInfo) -> (f64, f64, f64) {
    let c_pkt = link.packets_per_sec();
    // ms → s first, so that 5 ms gives exactly the f64 0.005 the seconds version used (same thresholds).
    let min_th = (target_delay_ms / 1000.0 * c_pkt / 2.0).max(5.0);
    (min_th, 3.0 * min_th, 1.0 - libm::exp(-1.0 / c_pkt))
}

#[cfg(test)]
mod tests {
    use super::super::testing::link;
    use super::*;
    use crate::aqm::Limit;
    use crate::time::MILLI;

    const LINE: Line = Line { min_th: 5.0, max_th: 15.0, max_p: 0.1, gentle_upper: None };

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn p_b_is_linear_between_the_thresholds_and_one_beyond() {
        assert_eq!(LINE.p_b(4.99), 0.0);
        assert_eq!(LINE.p_b(5.0), 0.0);
        assert!(close(LINE.p_b(10.0), 0.05)); // 0.1·5/10
        assert!(close(LINE.p_b(12.5), 0.075));
        assert_eq!((LINE.region(15.0), LINE.p_b(15.0)), (Region::Above, 1.0));
    }

    #[test]
    fn gentle_line_climbs_from_max_p_to_one_between_max_th_and_its_upper_end() {
        let g = Line { gentle_upper: Some(30.0), ..LINE };
        assert_eq!(g.region(15.0), Region::Gentle);
        assert!(close(g.p_b(15.0), 0.1));
        assert!(close(g.p_b(22.5), 0.55)); // 0.1 + 0.9·7.5/15
        assert!(close(g.p_b(29.0), 0.94)); // 0.1 + 0.9·14/15
        assert_eq!((g.region(30.0), g.p_b(30.0)), (Region::Above, 1.0));
        let to_buffer = Line { gentle_upper: Some(40.0), ..LINE };
        assert!(close(to_buffer.p_b(22.5), 0.37)); // 0.1 + 0.9·7.5/25
        assert_eq!(g.points(50.0), vec![[0.0, 0.0], [5.0, 0.0], [15.0, 0.1], [30.0, 1.0], [50.0, 1.0]]);
        assert_eq!(LINE.points(50.0)[3], [15.0, 1.0]);
    }

    #[test]
    fn spacing_raises_p_a_after_each_unmarked_arrival() {
        // p_b = 0.05: p_a = 0.05/(1 − k·0.05) after k unmarked arrivals, 1 from k = 20 on.
        assert_eq!(spaced(0.05, 0), 0.05);
        assert!(close(spaced(0.05, 1), 0.05 / 0.95));
        assert!(close(spaced(0.05, 10), 0.1));
        assert!(close(spaced(0.05, 19), 1.0));
        assert_eq!(spaced(0.05, 20), 1.0);
        assert_eq!(spaced(0.05, 400), 1.0);
    }

    #[test]
    fn marks_count_from_minus_one_and_reset_on_each_mark() {
        let mut m = Marks::default();
        assert_eq!(m.decide(Region::Below, 0.0, || unreachable!()), Verdict::Admit);
        assert_eq!(m.count, -1);
        assert_eq!(m.decide(Region::Between, 0.1, || 0.5), Verdict::Admit);
        assert_eq!((m.count, m.p_a), (0, 0.1));
        assert_eq!(m.decide(Region::Between, 0.1, || 0.5), Verdict::Admit);
        assert!(close(m.p_a, 0.1 / 0.9));
        assert_eq!(m.decide(Region::Between, 0.1, || 0.1), Verdict::Early); // 0.1 < 0.1/0.8
        assert_eq!(m.count, 0);
        assert_eq!(m.decide(Region::Above, 1.0, || unreachable!()), Verdict::Forced);
        assert_eq!((m.count, m.p_a), (0, 1.0));
    }

    #[test]
    fn gaps_between_marks_are_uniform_at_a_fixed_p_b() {
        // p_b = 0.1: the n-th arrival after a mark is marked with probability p_b/(1 − p_b) = 1/9 for each n
        // in 1..=9 (Floyd & Jacobson 1993 §7), instead of geometrically.
        let (mut m, mut rng) = (Marks { count: 0, ..Marks::default() }, crate::rng::Rng::new(11, 2));
        let (mut hist, marks) = ([0u32; 12], 18_000);
        for _ in 0..marks {
            let mut gap = 1;
            while m.decide(Region::Between, 0.1, || rng.uniform()) == Verdict::Admit {
                gap += 1;
            }
            hist[gap.min(11)] += 1;
        }
        assert_eq!((hist[0], hist[10], hist[11]), (0, 0, 0), "{hist:?}");
        for (n, &h) in hist.iter().enumerate().take(10).skip(1) {
            let share = h as f64 / marks as f64;
            assert!((share - 1.0 / 9.0).abs() < 0.01, "gap {n}: {share} {hist:?}");
        }
    }

    #[test]
    fn wait_spacing_holds_marks_until_count_times_p_b_reaches_one_then_rises_to_one_at_two() {
        // p_b = 1/4 (exact in binary): 0 for count·p_b < 1, p_b/(2 − count·p_b) below 2, 1 from 2 on.
        for count in 0..4 {
            assert_eq!(spaced_wait(0.25, count), 0.0);
        }
        assert_eq!(spaced_wait(0.25, 4), 0.25); // 0.25/(2 − 1)
        assert_eq!(spaced_wait(0.25, 5), 0.25 / 0.75);
        assert_eq!(spaced_wait(0.25, 6), 0.5); // 0.25/(2 − 1.5)
        assert_eq!(spaced_wait(0.25, 7), 1.0); // 0.25/(2 − 1.75)
        assert_eq!(spaced_wait(0.25, 8), 1.0);
    }

    #[test]
    fn with_wait_gaps_between_marks_are_uniform_on_one_to_two_over_p_b() {
        // p_b = 0.1: the n-th arrival after a mark is marked with probability 1/10 for each n in 10..=19.
        let rules = Rules { wait: true, ns: false };
        let (mut m, mut rng) = (Marks { count: 0, ..Marks::default() }, crate::rng::Rng::new(11, 2));
        let (mut hist, marks) = ([0u32; 21], 20_000);
        for _ in 0..marks {
            let mut gap = 1;
            while m.decide_with(rules, Region::Between, 0.1, 5, || rng.uniform()) == Verdict::Admit {
                gap += 1;
            }
            hist[gap.min(20)] += 1;
        }
        assert!(hist[..10].iter().all(|&h| h == 0) && hist[20] == 0, "{hist:?}");
        for (n, &h) in hist.iter().enumerate().take(20).skip(10) {
            let share = h as f64 / marks as f64;
            assert!((share - 0.1).abs() < 0.01, "gap {n}: {share} {hist:?}");
        }
    }

    #[test]
    fn ns_rules_skip_short_queues_restart_count_on_crossing_and_keep_count_on_forced_drops() {
        let rules = Rules { wait: false, ns: true };
        let never = || -> f64 { unreachable!() };
        let mut m = Marks::default();
        assert_eq!(m.decide_with(rules, Region::Below, 0.0, 5, never), Verdict::Admit);
        // At most one packet queued: no decision, even beyond max_th.
        assert_eq!(m.decide_with(rules, Region::Above, 1.0, 1, never), Verdict::Admit);
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 0, never), Verdict::Admit);
        assert!(!m.old);
        // First arrival above min_th with 2 queued: admitted untested, count restarts at 1.
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 2, never), Verdict::Admit);
        assert_eq!((m.count, m.old), (1, true));
        // count 2: p_a = 0.1/(1 − 0.2) = 0.125; u = 0.12 marks and count returns to 0.
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 3, || 0.12), Verdict::Early);
        assert!(close(m.p_a, 0.125));
        assert_eq!(m.count, 0);
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 3, || 0.99), Verdict::Admit);
        // A forced drop leaves count growing (ns Ns1Compat off); the paper resets it to 0.
        assert_eq!(m.decide_with(rules, Region::Above, 1.0, 3, never), Verdict::Forced);
        assert_eq!(m.count, 2);
        let mut paper = Marks { count: 1, ..Marks::default() };
        assert_eq!(paper.decide(Region::Above, 1.0, never), Verdict::Forced);
        assert_eq!(paper.count, 0);
        // The queue drains to one packet: the next crossing restarts the count again.
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 1, never), Verdict::Admit);
        assert_eq!(m.decide_with(rules, Region::Between, 0.1, 4, never), Verdict::Admit);
        assert_eq!(m.count, 1);
        // The paper's first arrival in the region is tested at count 0 with p_a = p_b.
        let mut paper = Marks::default();
        assert_eq!(paper.decide(Region::Between, 0.1, || 0.05), Verdict::Early);
    }

    #[test]
    fn ared_auto_bottom_is_eight_s_rtt_over_c_capped_at_one_hundredth() {
        // 10 Mbit/s, 1000 B: 8·1000·0.1/10⁷ = 8·10⁻⁵. 100 kbit/s: 0.008. 10 kbit/s: 0.08, capped at 0.01.
        assert!(close(ared_auto_bottom(&link(Limit::packets(100))), 8e-5));
        let slow = LinkInfo { rate_bps: 1e5, ..link(Limit::packets(100)) };
        assert!(close(ared_auto_bottom(&slow), 0.008));
        let slower = LinkInfo { rate_bps: 1e4, ..link(Limit::packets(100)) };
        assert_eq!(ared_auto_bottom(&slower), 0.01);
        // Below the band max_p falls under 0.01 down to the bottom.
        assert!(close(ared_step_within(0.01, 8.0, LINE.band(), 0.008), 0.009));
        assert_eq!(ared_step_within(0.0085, 8.0, LINE.band(), 0.008), 0.008);
    }

    #[test]
    fn average_is_an_ewma_while_busy_and_decays_by_idle_time_over_s() {
        let mut a = Average { avg: 0.0, idle: false, idle_since: 0 };
        // w_q = 0.002: 0.002·10 = 0.02, then 0.998·0.02 + 0.02 = 0.03996.
        assert!(close(a.update(10.0, 0.002, 0, 0.0008), 0.02));
        assert!(close(a.update(10.0, 0.002, 0, 0.0008), 0.03996));
        // Idle 80 ms with s = 0.8 ms: m = 100, avg = 10·0.998^100 = 8.18566...
        let mut a = Average { avg: 10.0, idle: false, idle_since: 0 };
        a.go_idle(1000 * MILLI);
        a.go_idle(1050 * MILLI); // already idle: the idle period still starts at 1 s
        let decayed = a.update(0.0, 0.002, 1080 * MILLI, 0.0008);
        assert!((decayed - 8.185668046884).abs() < 1e-9, "{decayed}");
        assert!(!a.idle);
    }

    #[test]
    fn ared_increases_additively_above_the_band_and_decreases_by_nine_tenths_below() {
        let band = LINE.band();
        assert_eq!(band, (9.0, 11.0));
        // Above: α = min(0.01, max_p/4): 0.02 → 0.025 → 0.03125 → 0.0390625 → 0.048828125 → +0.01.
        let mut up = vec![0.02];
        for _ in 0..5 {
            up.push(ared_step(*up.last().unwrap(), 12.0, band));
        }
        let want = [0.02, 0.025, 0.03125, 0.0390625, 0.048828125, 0.058828125];
        assert!(up.iter().zip(want).all(|(a, b)| close(*a, b)), "{up:?}");
        // Below: ×0.9, floored at 0.01; in the band: unchanged; the top is 0.5.
        assert!(close(ared_step(0.1, 8.0, band), 0.09));
        assert!(close(ared_step(0.09, 8.0, band), 0.081));
        assert_eq!(ared_step(0.0105, 8.0, band), 0.01);
        assert_eq!(ared_step(0.3, 10.0, band), 0.3);
        assert_eq!(ared_step(0.495, 12.0, band), 0.5);
    }

    #[test]
    fn ared_auto_settings_follow_the_link_rate() {
        // 10 Mbit/s, 1000 B: C_pkt = 1250/s, 5 ms·1250/2 = 3.125 < 5.
        let (lo, hi, w) = ared_auto(5.0, &link(Limit::packets(100)));
        assert_eq!((lo, hi), (5.0, 15.0));
        assert!(close(w, 1.0 - libm::exp(-1.0 / 1250.0)));
        let fast = LinkInfo { rate_bps: 100e6, ..link(Limit::packets(100)) };
        assert_eq!(ared_auto(5.0, &fast).0, 31.25);
        assert_eq!(ared_auto(5.0, &fast).1, 93.75);
    }
}
