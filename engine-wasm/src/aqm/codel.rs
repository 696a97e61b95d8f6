//! CoDel, Controlled Delay (K. Nichols, V. Jacobson, A. McGregor, J. Iyengar, RFC 8289, 2018; not in the
//! seeds), docs/algorithms/codel.md.
//!
//! CoDel decides at dequeue. The sojourn time of the packet leaving, s = now − enqueued_at, is compared with
//! TARGET. Once s has stayed ≥ TARGET for a whole INTERVAL and more than MAXPACKET bytes remain queued, CoDel
//! enters the dropping state and drops (or CE-marks) at
//!
//! ```text
//!   drop_next₁ = now + INTERVAL/√count,   drop_nextₖ₊₁ = drop_nextₖ + INTERVAL/√count
//! ```
//!
//! with count rising by one per drop, until a packet leaves below TARGET. If CoDel re-enters soon after it left
//! (within 16·INTERVAL of drop_next), it starts from count − lastcount, the drops of the previous cycle
//! (RFC 8289 §5.5, the Linux rule). 1/√count is computed exactly with `libm::sqrt` by default. The
//! `control_law_newton` switch uses Linux's and ns-3's 16-bit `rec_inv_sqrt` instead, refined by one Newton
//! step per drop (Linux `codel_Newton_step`, ns-3 `CoDelQueueDisc::NewtonStep`): at count 2 it gives
//! INTERVAL·0.5 where √2 gives INTERVAL·0.707 (docs/codel.md).
//!
//! The state machine ([`Vars::dequeue`]) is shared with FQ-CoDel (`fq_codel.rs`), which runs one per queue.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{concat, StateMeaning, StateSpec};
use super::shared_specs;
use super::{params, Algorithm, AlgorithmInfo, Env, LinkInfo, Packet, PacketQueue, ParamSpec};
use super::{QueueDisc, Reason};
use crate::packet::Ect;
use crate::time::{from_millis, to_secs, Time};

/// CoDel's parameters. Times are in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// TARGET, ms: acceptable standing sojourn time (RFC 8289 §4.3: 5 ms).
    pub target: f64,
    /// INTERVAL, ms: how long the sojourn must stay above TARGET, about a worst-case RTT (RFC 8289 §4.2: 100 ms).
    pub interval: f64,
    /// MAXPACKET, bytes: never drop while at most this much remains queued (RFC 8289 §5.3; ns-3 MinBytes 1500).
    pub max_packet: u32,
    /// CE-mark ECN-capable packets instead of dropping them (off by default, as in Linux `codel`).
    pub ecn: bool,
    /// Control law with Linux/ns-3's Newton-step reciprocal square root instead of the exact one.
    pub control_law_newton: bool,
    /// L4S shallow-marking threshold for ECT(1) packets, ms; 0: off (Linux's default).
    pub ce_threshold: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            target: 5.0,
            interval: 100.0,
            max_packet: 1500,
            ecn: false,
            control_law_newton: false,
            ce_threshold: 0.0,
        }
    }
}

pub(crate) const TARGET_SPEC: ParamSpec = ParamSpec::real(
    "target",
    "Target sojourn",
    "ms",
    (0.1, 1000.0),
    "Acceptable standing queue delay (RFC 8289 §4.3: 5 ms)",
)
.delay_target()
.below("interval");
pub(crate) const INTERVAL_SPEC: ParamSpec = ParamSpec::real(
    "interval",
    "Interval",
    "ms",
    (1.0, 10_000.0),
    "Sojourn must exceed target this long before dropping; ≈ worst-case RTT (RFC 8289 §4.2: 100 ms)",
)
.role(Role::Period);

pub(crate) const CE_THRESHOLD_SPEC: ParamSpec = ParamSpec::real(
    "ce_threshold",
    "L4S CE threshold",
    "ms",
    (0.0, 1000.0),
    "CE-mark every ECT(1) packet that waited longer than this: shallow L4S marking (Linux ce_threshold \
     with the ECT(1) selector; ns-3 CeThreshold); 0: off",
)
.delay_target();

pub(crate) const NEWTON_SPEC: ParamSpec = ParamSpec::flag(
    "control_law_newton",
    "Newton-step control law",
    "Next drop at INTERVAL·rec_inv_sqrt, a 16-bit 1/√count refined by one Newton step per drop as Linux \
     codel_Newton_step and ns-3 CoDelQueueDisc (count 2: 50 ms instead of 70.7 ms at 100 ms); off: exact \
     INTERVAL/√count (RFC 8289 §5.6; docs/codel.md)",
);

/// The parameters in engine units, as the state machine uses them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settings {
    pub target: Time,
    pub interval: Time,
    pub max_packet: u64,
    pub ecn: bool,
    /// Newton-step control law (Linux, ns-3) instead of the exact square root.
    pub newton: bool,
    /// L4S shallow marking: an ECT(1) packet leaving after a longer sojourn is CE-marked (Linux
    /// `ce_threshold` with the ECT(1) selector); 0: off.
    pub ce_threshold: Time,
}

impl Settings {
    /// Checks the cross-constraint TARGET < INTERVAL (RFC 8289 §4.3: TARGET is 5–10 % of INTERVAL).
    pub(crate) fn new(target_ms: f64, interval_ms: f64, max_packet: u64, ecn: bool) -> Result<Self, Problem> {
        if target_ms >= interval_ms {
            let message =
                format!("target ({target_ms} ms) must be less than interval ({interval_ms} ms) (RFC 8289 §4.3)");
            return Err(Problem {
                unit: "ms".into(),
                ..Problem::below("target", target_ms, "interval", interval_ms, message)
            });
        }
        Ok(Settings {
            target: from_millis(target_ms),
            interval: from_millis(interval_ms),
            max_packet,
            ecn,
            newton: false,
            ce_threshold: 0,
        })
    }

    /// The same settings with L4S shallow marking above `ms` of sojourn (0: off).
    pub(crate) fn with_ce_threshold(self, ms: f64) -> Self {
        Settings { ce_threshold: from_millis(ms), ..self }
    }

    /// The same settings with the Newton-step control law on or off.
    pub(crate) fn with_newton(self, newton: bool) -> Self {
        Settings { newton, ..self }
    }
}

/// 1.0 in Linux's Q0.16 `rec_inv_sqrt` (`~0U >> REC_INV_SQRT_SHIFT`).
pub(crate) const REC_INV_SQRT_ONE: u16 = 0xFFFF;

/// One Newton step x ← x·(3 − count·x²)/2 towards 1/√count in Linux's fixed point (include/net/codel_impl.h
/// `codel_Newton_step`; ns-3 `CoDelQueueDisc::NewtonStep`): x is Q0.16, widened to Q0.32 for the arithmetic.
/// The wrapping operations are the C code's u32/u64 arithmetic.
pub(crate) fn newton_step(rec_inv_sqrt: u16, count: u32) -> u16 {
    let invsqrt = (rec_inv_sqrt as u32) << 16;
    let invsqrt2 = ((invsqrt as u64 * invsqrt as u64) >> 32) as u32;
    let val = (3u64 << 32).wrapping_sub(count as u64 * invsqrt2 as u64) >> 2;
    let val = val.wrapping_mul(invsqrt as u64) >> (32 - 2 + 1);
    (val >> 16) as u16
}

/// Linux `codel_control_law`: t + INTERVAL·rec_inv_sqrt (`reciprocal_scale` of the Q0.32 value). Linux
/// counts time in 1024 ns units; we scale the interval in nanoseconds.
///
/// ⌊interval·(r << 16) / 2³²⌋ = ⌊interval·r / 2¹⁶⌋, computed in 64 bits without overflow: with
/// interval = hi·2¹⁶ + lo (lo < 2¹⁶), it is hi·r + ⌊lo·r / 2¹⁶⌋ exactly (hi·r is whole), and hi·r < 2⁶⁴
/// because r < 2¹⁶. A 128-bit product is a `__multi3` call in WebAssembly.
pub(crate) fn control_law_newton(t: Time, interval: Time, rec_inv_sqrt: u16) -> Time {
    let r = rec_inv_sqrt as u64;
    t + (interval >> 16) * r + (((interval & 0xFFFF) * r) >> 16)
}

/// RFC 8289 §5.6 control law: the next drop time, `t + INTERVAL/√count` (exact square root).
pub(crate) fn control_law(t: Time, interval: Time, count: u32) -> Time {
    t + libm::round(interval as f64 / libm::sqrt(count.max(1) as f64)) as Time
}

/// CoDel's evolving state for one queue (RFC 8289 §5.2). Time 0 means "unset", as in the RFC.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Vars {
    pub first_above_time: Time,
    pub drop_next: Time,
    pub count: u32,
    pub lastcount: u32,
    pub dropping: bool,
    /// Sojourn time of the last packet taken from the queue (sent, dropped or marked).
    pub sojourn: Time,
    /// Q0.16 estimate of 1/√count for the Newton-step control law (Linux `rec_inv_sqrt`).
    pub rec_inv_sqrt: u16,
}

impl Vars {
    /// The next drop time after `t` for the current count, by the law `s` selects.
    fn next_drop(&self, t: Time, s: &Settings) -> Time {
        if s.newton {
            control_law_newton(t, s.interval, self.rec_inv_sqrt)
        } else {
            control_law(t, s.interval, self.count)
        }
    }

    /// RFC 8289 §5.6 `dodequeue`: pops the head and says whether the sojourn has been above TARGET for INTERVAL.
    fn dodequeue(&mut self, queue: &mut PacketQueue, s: &Settings, now: Time) -> (Option<Packet>, bool) {
        let Some(p) = queue.pop() else {
            self.first_above_time = 0;
            return (None, false);
        };
        self.sojourn = now.saturating_sub(p.enqueued_at);
        // The MAXPACKET test (RFC 8289 §5.3) looks at what remains after the pop, as `bytes()` in §5.6.
        if self.sojourn < s.target || queue.bytes() <= s.max_packet {
            self.first_above_time = 0;
            return (Some(p), false);
        }
        if self.first_above_time == 0 {
            self.first_above_time = now + s.interval;
            return (Some(p), false);
        }
        (Some(p), now >= self.first_above_time)
    }

    /// RFC 8289 §5.5 `dequeue`, then the L4S shallow mark: with `ce_threshold` set, an unmarked ECT(1)
    /// packet that waited longer is CE-marked (reason `target`), whatever the state machine decided
    /// (Linux `codel_dequeue`'s end, with `ce_threshold_selector` ECT(1)).
    pub(crate) fn dequeue(&mut self, queue: &mut PacketQueue, s: &Settings, env: &mut Env) -> Option<Packet> {
        let head = self.codel_dequeue(queue, s, env);
        match head {
            Some(p) if s.ce_threshold > 0 && p.ect == Ect::Ect1 && !p.ce && self.sojourn > s.ce_threshold => {
                env.signal(p, Reason::Target, true)
            }
            other => other,
        }
    }

    /// RFC 8289 §5.5 `dequeue`. Drops go through `env` with reason `target`; with ECN the packet due for a
    /// drop is CE-marked and returned instead, and the next signal is scheduled by the control law
    /// (Linux `codel_dequeue`, which the RFC leaves open).
    fn codel_dequeue(&mut self, queue: &mut PacketQueue, s: &Settings, env: &mut Env) -> Option<Packet> {
        let now = env.now;
        let (mut head, ok) = self.dodequeue(queue, s, now);
        if head.is_none() {
            self.dropping = false;
            return None;
        }
        if self.dropping {
            if !ok {
                self.dropping = false; // sojourn below TARGET: leave the dropping state
            }
            // A large backlog can make several drops due at once, hence the loop.
            while self.dropping && now >= self.drop_next {
                let pkt = head.take()?;
                self.count += 1;
                if s.newton {
                    self.rec_inv_sqrt = newton_step(self.rec_inv_sqrt, self.count);
                }
                if let Some(marked) = env.signal(pkt, Reason::Target, s.ecn) {
                    self.drop_next = self.next_drop(self.drop_next, s);
                    return Some(marked);
                }
                let (next, ok) = self.dodequeue(queue, s, now);
                head = next;
                if ok {
                    self.drop_next = self.next_drop(self.drop_next, s);
                } else {
                    self.dropping = false;
                }
            }
        } else if ok {
            let pkt = head.take()?;
            head = match env.signal(pkt, Reason::Target, s.ecn) {
                Some(marked) => Some(marked),
                None => self.dodequeue(queue, s, now).0,
            };
            self.dropping = true;
            // Re-entry soon after leaving: resume near the previous cycle's drop rate (RFC 8289 §5.5).
            let delta = self.count.saturating_sub(self.lastcount);
            let recent = now.saturating_sub(self.drop_next) < 16 * s.interval;
            self.count = if delta > 1 && recent { delta } else { 1 };
            if s.newton {
                // Linux: one Newton step from the previous estimate when resuming, else back to 1.0.
                self.rec_inv_sqrt =
                    if self.count > 1 { newton_step(self.rec_inv_sqrt, self.count) } else { REC_INV_SQRT_ONE };
            }
            self.drop_next = self.next_drop(now, s);
            self.lastcount = self.count;
        }
        head
    }

    /// The exposed fields (times in seconds).
    pub(crate) fn state(&self) -> [(&'static str, f64); 6] {
        [
            ("sojourn", to_secs(self.sojourn)),
            ("dropping", if self.dropping { 1.0 } else { 0.0 }),
            ("count", self.count as f64),
            ("lastcount", self.lastcount as f64),
            ("drop_next", to_secs(self.drop_next)),
            ("first_above_time", to_secs(self.first_above_time)),
        ]
    }
}

/// CoDel on one FIFO; the physical limit is the link's buffer.
pub struct CoDel {
    params: Params,
    settings: Settings,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

fn settings(p: &Params) -> Result<Settings, Problem> {
    Ok(Settings::new(p.target, p.interval, p.max_packet as u64, p.ecn)?
        .with_newton(p.control_law_newton)
        .with_ce_threshold(p.ce_threshold))
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 9] = concat(
    [
        StateSpec::new("sojourn", "s", StateMeaning::Sojourn),
        StateSpec::new("dropping", "", StateMeaning::Dropping),
        StateSpec::new("count", "packets", StateMeaning::Count),
        StateSpec::new("lastcount", "packets", StateMeaning::Count),
        StateSpec::new("drop_next", "s", StateMeaning::Other),
        StateSpec::new("first_above_time", "s", StateMeaning::Other),
    ],
    super::DELAY_BAND_STATE,
);

impl Algorithm for CoDel {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "codel",
        "CoDel",
        "K. Nichols, V. Jacobson, A. McGregor, J. Iyengar, RFC 8289 (2018); not in the seeds",
        "Drops at dequeue once the sojourn time has stayed above target for an interval, \
                  then spaces drops by interval/√count.",
    )
    .target_signals()
    .band(super::params::Band::Delay)
    .state(&STATE)
    .params(&[
        TARGET_SPEC,
        INTERVAL_SPEC,
        ParamSpec::int(
            "max_packet",
            "MAXPACKET",
            "bytes",
            (0.0, 65_535.0),
            "No drop while at most this many bytes stay queued (RFC 8289 §5.3: one MTU)",
        )
        .role(Role::Size),
        shared_specs::ECN,
        NEWTON_SPEC,
        CE_THRESHOLD_SPEC,
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let settings = settings(&params)?;
        Ok(CoDel { params, settings, link: *link, queue: PacketQueue::new(), vars: Vars::default() })
    }
}

impl QueueDisc for CoDel {
    super::fifo_storage!();

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        // RFC 8289 §5.4: the packet is timestamped on arrival.
        self.queue.admit(packet, self.link.limit, env);
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        self.vars.dequeue(&mut self.queue, &self.settings, env)
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        self.settings = settings(&p)?;
        self.params = p;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let mut s = self.vars.state().to_vec();
        s.extend(super::delay_band(self.params.target, &self.link));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Limit, Signal};
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::aqm::Registered;
    use crate::rng::Rng;
    use crate::time::MILLI;

    /// The 64-bit control law equals the 128-bit product it replaced for every `rec_inv_sqrt` at edge
    /// intervals, and on random intervals of every magnitude.
    #[test]
    fn newton_control_law_equals_the_128_bit_product() {
        let wide = |t: Time, i: Time, r: u16| t + ((i as u128 * ((r as u128) << 16)) >> 32) as Time;
        let intervals =
            [0, 1, 0xFFFF, 0x1_0000, 0x1_FFFF, 100 * MILLI, 1 << 48, (1 << 48) - 1, u64::MAX >> 1, u64::MAX];
        for &i in &intervals {
            for r in 0..=u16::MAX {
                assert_eq!(control_law_newton(0, i, r), wide(0, i, r), "{i} {r}");
            }
        }
        let mut rng = Rng::new(3, 1);
        for _ in 0..200_000 {
            let i = rng.next_u64() >> (rng.uniform() * 64.0) as u32;
            let r = rng.next_u64() as u16;
            let t = rng.next_u64() >> 2;
            assert_eq!(control_law_newton(t, i >> 2, r), wide(t, i >> 2, r), "{t} {i} {r}");
        }
    }

    /// A CoDel with `n` packets of 1000 B all enqueued at t = 0.
    fn backlogged(n: usize, params: Params) -> (CoDel, Rng) {
        let mut rng = Rng::new(1, 2);
        let mut q = CoDel::new(params, &link(Limit::packets(10_000))).unwrap();
        for i in 0..n {
            assert!(enqueue_at(&mut q, pkt(i as u32 % 4, 1000), 0, &mut rng).is_empty());
        }
        (q, rng)
    }

    /// Dequeues every millisecond in [from, to] and returns the instants (ms) at which signals happened.
    fn signal_times(q: &mut CoDel, rng: &mut Rng, from: u64, to: u64) -> Vec<(u64, Signal)> {
        let mut out = Vec::new();
        for ms in from..=to {
            let (_, s) = dequeue_at(q, ms * MILLI, rng);
            out.extend(s.into_iter().map(|s| (ms, s)));
        }
        out
    }

    #[test]
    fn drop_schedule_follows_interval_over_sqrt_count() {
        let (mut q, mut rng) = backlogged(800, Params::default());
        let drops = signal_times(&mut q, &mut rng, 10, 435);
        let times: Vec<u64> = drops.iter().map(|d| d.0).collect();
        // Above target from the first dequeue at 10 ms: first_above_time = 110 ms, then drops at
        // 110, 110+100, +100/√2, +100/√3, +100/√4, +100/√5 ms (each at the first dequeue on or after it).
        assert_eq!(times, vec![110, 210, 281, 339, 389, 434]);
        assert!(drops.iter().all(|d| d.1.reason == Reason::Target && !d.1.marked));
        assert_eq!(q.vars.count, 6);
        // 110 + 100 + 70.710678 + 57.735027 + 50 + 44.721360 + 40.824829 ms
        assert_eq!(q.vars.drop_next, 473_991_894);
    }

    #[test]
    fn control_law_uses_the_exact_square_root() {
        assert_eq!(control_law(0, 100 * MILLI, 1), 100_000_000);
        assert_eq!(control_law(0, 100 * MILLI, 2), 70_710_678);
        assert_eq!(control_law(5, 100 * MILLI, 3), 57_735_032);
        assert_eq!(control_law(0, 100 * MILLI, 100), 10_000_000);
    }

    #[test]
    fn first_drop_waits_a_full_interval_above_target() {
        let (mut q, mut rng) = backlogged(300, Params::default());
        assert!(signal_times(&mut q, &mut rng, 10, 109).is_empty());
        assert_eq!(q.vars.first_above_time, 110 * MILLI);
        assert!(!q.vars.dropping);
        let (p, s) = dequeue_at(&mut q, 110 * MILLI, &mut rng);
        assert_eq!(s.len(), 1);
        assert!(p.is_some(), "the packet after the dropped one is sent");
        assert!(q.vars.dropping);
        assert_eq!((q.vars.count, q.vars.lastcount, q.vars.drop_next), (1, 1, 210 * MILLI));
    }

    /// Drives the re-entry branch directly: a queue whose head has been above target for an interval.
    fn reenter(count: u32, lastcount: u32, drop_next: Time, now: Time) -> Vars {
        let s = settings(&Params::default()).unwrap();
        let mut queue = PacketQueue::new();
        for _ in 0..5 {
            queue.push(pkt(0, 1000));
        }
        let mut v = Vars {
            first_above_time: now - 1,
            drop_next,
            count,
            lastcount,
            dropping: false,
            sojourn: 0,
            rec_inv_sqrt: 0,
        };
        let (mut rng, mut sig) = (Rng::new(1, 2), Vec::new());
        v.dequeue(&mut queue, &s, &mut Env::new(now, &mut rng, &mut sig));
        assert_eq!(sig.len(), 1);
        assert!(v.dropping);
        v
    }

    #[test]
    fn reentry_soon_after_leaving_resumes_from_count_minus_lastcount() {
        // Left dropping with count 9 after entering at lastcount 3; back 1 s after drop_next (< 16 intervals).
        let v = reenter(9, 3, 2_000 * MILLI, 3_000 * MILLI);
        assert_eq!((v.count, v.lastcount), (6, 6));
        assert_eq!(v.drop_next, 3_000 * MILLI + 40_824_829); // 100 ms/√6
    }

    #[test]
    fn reentry_after_sixteen_intervals_or_with_small_delta_restarts_at_one() {
        let late = reenter(9, 3, 2_000 * MILLI, 3_600 * MILLI);
        assert_eq!((late.count, late.drop_next), (1, 3_700 * MILLI));
        let small = reenter(4, 3, 2_000 * MILLI, 2_100 * MILLI);
        assert_eq!(small.count, 1);
        // drop_next still in the future (left before it) counts as recent.
        let early = reenter(7, 2, 2_500 * MILLI, 2_100 * MILLI);
        assert_eq!(early.count, 5);
    }

    #[test]
    fn leaves_dropping_state_when_a_packet_is_below_target() {
        let (mut q, mut rng) = backlogged(300, Params::default());
        signal_times(&mut q, &mut rng, 10, 120);
        assert!(q.vars.dropping);
        // A fresh packet behind the backlog: drain the backlog, then the new packet leaves at 1 ms sojourn.
        while q.len_packets() > 0 {
            dequeue_at(&mut q, 121 * MILLI, &mut rng);
        }
        enqueue_at(&mut q, pkt(0, 1000), 200 * MILLI, &mut rng);
        enqueue_at(&mut q, pkt(0, 1000), 200 * MILLI, &mut rng);
        let (p, s) = dequeue_at(&mut q, 201 * MILLI, &mut rng);
        assert!(p.is_some() && s.is_empty());
        assert!(!q.vars.dropping);
        assert_eq!(q.vars.sojourn, MILLI);
    }

    #[test]
    fn never_drops_with_at_most_max_packet_bytes_left() {
        let (mut q, mut rng) = backlogged(2, Params::default());
        // After the pop 1000 B ≤ 1500 B remain, so even a 1 s sojourn is no reason to drop.
        assert!(signal_times(&mut q, &mut rng, 1000, 1001).is_empty());
        assert_eq!(q.vars.first_above_time, 0);
    }

    #[test]
    fn ecn_marks_and_sends_the_packet_instead_of_dropping() {
        let (mut q, mut rng) = backlogged(300, Params { ecn: true, ..Params::default() });
        let mut ect = pkt(0, 1000);
        ect.ect = crate::packet::Ect::Ect0;
        // Replace the queue with ECN-capable packets.
        q.drain();
        for _ in 0..300 {
            enqueue_at(&mut q, ect, 0, &mut rng);
        }
        signal_times(&mut q, &mut rng, 10, 109);
        let (p, s) = dequeue_at(&mut q, 110 * MILLI, &mut rng);
        assert_eq!(s.len(), 1);
        assert!(s[0].marked && p.is_some_and(|p| p.ce));
        assert_eq!(q.len_packets(), 300 - 101, "a mark removes only the marked packet");
        let (p, s) = dequeue_at(&mut q, 210 * MILLI, &mut rng);
        assert!(s[0].marked && p.is_some_and(|p| p.ce));
        assert_eq!((q.vars.count, q.vars.drop_next), (2, 280_710_678));
    }

    #[test]
    fn rejects_target_not_below_interval_and_keeps_old_params() {
        let l = link(Limit::packets(100));
        let err = CoDel::new(Params { target: 100.0, ..Params::default() }, &l).err().unwrap();
        assert!(err.contains("target (100 ms) must be less than interval (100 ms)"), "{err}");
        let mut q = CoDel::new(Params::default(), &l).unwrap();
        assert!(q.set_param("interval", 4.0).unwrap_err().contains("less than interval"));
        assert_eq!(q.config(), AqmConfig::CoDel(Params::default()));
        q.set_param("target", 10.0).unwrap();
        assert_eq!(q.settings.target, 10 * MILLI);
    }

    #[test]
    fn newton_step_matches_linux_fixed_point_and_halves_the_first_gap() {
        // Linux codel_Newton_step from rec_inv_sqrt = 0xFFFF (1.0): x(3 − count·x²)/2 in Q0.16/Q0.32.
        let mut rec = REC_INV_SQRT_ONE;
        let mut got = vec![];
        for count in 2..=10 {
            rec = newton_step(rec, count);
            got.push(rec);
        }
        let want = [0x8001, 0x9000, 0x7CE0, 0x7107, 0x6771, 0x600C, 0x59FD, 0x54F2, 0x50A7];
        assert_eq!(got, want);
        // With a 100 ms interval: count 2 is 50.0015 ms after the first drop (exact: 70.711 ms).
        let interval = from_millis(100.0);
        assert_eq!(control_law_newton(0, interval, 0x8001), 50_001_525);
        assert_eq!(control_law(0, interval, 2), 70_710_678);
        // Converges to 1/√count to within 1 %: 10 steps reach 0.3150 vs 0.3162.
        assert!((0x50A7 as f64 / 65536.0 - 1.0 / libm::sqrt(10.0)).abs() < 0.01 / libm::sqrt(10.0));
    }

    #[test]
    fn newton_control_law_spaces_the_second_drop_by_half_an_interval() {
        use crate::aqm::testing::{dequeue_at, enqueue_at, link, pkt};
        use crate::aqm::Limit;
        use crate::rng::Rng;
        use crate::time::MILLI;
        let gaps = |newton: bool| {
            let p = Params { control_law_newton: newton, ..Params::default() };
            let mut q = CoDel::new(p, &link(Limit::packets(1000))).unwrap();
            let mut rng = Rng::new(1, 2);
            (0..400).for_each(|_| {
                enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
            });
            // Dequeue one packet per ms; record the drop times.
            let mut drops = vec![];
            for t in 1..400u64 {
                let (_, signals) = dequeue_at(&mut q, t * MILLI, &mut rng);
                drops.extend(signals.iter().map(|_| t));
            }
            drops
        };
        let (exact, newton) = (gaps(false), gaps(true));
        // Entering the dropping state drops once (count 1) and schedules INTERVAL later (Newton: 0xFFFF/2¹⁶ of
        // it, 99.9985 ms); the count-2 gap is INTERVAL/√2 = 70.7 ms exact (next dequeue at 276 ms) and
        // 204.9985 + 50.0015 = 255 ms with Newton.
        assert_eq!((exact[0], newton[0]), (105, 105));
        assert_eq!((exact[1], newton[1]), (205, 205));
        assert_eq!(exact[2] - exact[1], 71, "{exact:?}");
        assert_eq!(newton[2] - newton[1], 50, "{newton:?}");
    }

    #[test]
    fn ce_threshold_marks_ect1_packets_that_waited_longer_and_nothing_else() {
        // 1 ms threshold, no CoDel signal yet (first_above_time only arms). Packets queued at 0, taken at
        // 2 ms: ECT(1) marked (reason target), ECT(0) and Not-ECT untouched; at 0.5 ms nothing is marked.
        let run = |ce_threshold: f64, now: Time| {
            let mut q = CoDel::new(Params { ce_threshold, ..Params::default() }, &link(Limit::packets(100))).unwrap();
            let mut rng = Rng::new(1, 2);
            for ect in [Ect::Ect1, Ect::Ect0, Ect::NotEct, Ect::Ect1] {
                let mut p = pkt(0, 1000);
                p.ect = ect;
                enqueue_at(&mut q, p, 0, &mut rng);
            }
            (0..4)
                .map(|_| {
                    let (p, s) = dequeue_at(&mut q, now, &mut rng);
                    (p.map(|p| p.ce), s.iter().map(|s| (s.marked, s.reason)).collect::<Vec<_>>())
                })
                .collect::<Vec<_>>()
        };
        let marked = (Some(true), vec![(true, Reason::Target)]);
        let untouched = (Some(false), vec![]);
        let at_2ms = run(1.0, 2 * MILLI);
        assert_eq!(at_2ms, [marked.clone(), untouched.clone(), untouched.clone(), marked]);
        assert!(run(1.0, MILLI / 2).iter().all(|o| *o == untouched));
        assert!(run(0.0, 2 * MILLI).iter().all(|o| *o == untouched), "0: off");
    }
}
