//! CoDel, Controlled Delay (K. Nichols, V. Jacobson, A. McGregor, J. Iyengar, RFC 8289, 2018; not in the
//! seeds), ALGORITHMS.md §10.
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
//! (RFC 8289 §5.5, the Linux rule). 1/√count is computed exactly with `libm::sqrt`. Linux and ns-3 use a
//! Newton-step Q0.32 `rec_inv_sqrt` instead, so their drop times differ slightly from ours.
//!
//! The state machine ([`Vars::dequeue`]) is shared with FQ-CoDel (`fq_codel.rs`), which runs one per queue.

use serde::{Deserialize, Serialize};

use super::{params, Algorithm, AlgorithmInfo, AqmConfig, Env, LinkInfo, Packet, PacketQueue, ParamSpec};
use super::{QueueDisc, Reason};
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
}

impl Default for Params {
    fn default() -> Self {
        Params { target: 5.0, interval: 100.0, max_packet: 1500, ecn: false }
    }
}

pub(crate) const TARGET_SPEC: ParamSpec = ParamSpec::real(
    "target",
    "Target sojourn",
    "ms",
    (0.1, 1000.0),
    5.0,
    "Acceptable standing queue delay (RFC 8289 §4.3: 5 ms)",
);
pub(crate) const INTERVAL_SPEC: ParamSpec = ParamSpec::real(
    "interval",
    "Interval",
    "ms",
    (1.0, 10_000.0),
    100.0,
    "Sojourn must exceed target this long before dropping; ≈ worst-case RTT (RFC 8289 §4.2: 100 ms)",
);

/// The parameters in engine units, as the state machine uses them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settings {
    pub target: Time,
    pub interval: Time,
    pub max_packet: u64,
    pub ecn: bool,
}

impl Settings {
    /// Checks the cross-constraint TARGET < INTERVAL (RFC 8289 §4.3: TARGET is 5–10 % of INTERVAL).
    pub(crate) fn new(target_ms: f64, interval_ms: f64, max_packet: u64, ecn: bool) -> Result<Self, String> {
        if target_ms >= interval_ms {
            return Err(format!(
                "target ({target_ms} ms) must be less than interval ({interval_ms} ms) (RFC 8289 §4.3)"
            ));
        }
        Ok(Settings { target: from_millis(target_ms), interval: from_millis(interval_ms), max_packet, ecn })
    }
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
}

impl Vars {
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

    /// RFC 8289 §5.5 `dequeue`. Drops go through `env` with reason `target`; with ECN the packet due for a
    /// drop is CE-marked and returned instead, and the next signal is scheduled by the control law
    /// (Linux `codel_dequeue`, which the RFC leaves open).
    pub(crate) fn dequeue(&mut self, queue: &mut PacketQueue, s: &Settings, env: &mut Env) -> Option<Packet> {
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
                if let Some(marked) = env.signal(pkt, Reason::Target, s.ecn) {
                    self.drop_next = control_law(self.drop_next, s.interval, self.count);
                    return Some(marked);
                }
                let (next, ok) = self.dodequeue(queue, s, now);
                head = next;
                if ok {
                    self.drop_next = control_law(self.drop_next, s.interval, self.count);
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
            self.drop_next = control_law(now, s.interval, self.count);
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

fn settings(p: &Params) -> Result<Settings, String> {
    Settings::new(p.target, p.interval, p.max_packet as u64, p.ecn)
}

impl Algorithm for CoDel {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo {
        kind: "codel",
        label: "CoDel",
        citation: "K. Nichols, V. Jacobson, A. McGregor, J. Iyengar, RFC 8289 (2018); not in the seeds",
        summary: "Drops at dequeue once the sojourn time has stayed above target for an interval, \
                  then spaces drops by interval/√count.",
        params: &[
            TARGET_SPEC,
            INTERVAL_SPEC,
            ParamSpec::int(
                "max_packet",
                "MAXPACKET",
                "bytes",
                (0.0, 65_535.0),
                1500.0,
                "No drop while at most this many bytes stay queued (RFC 8289 §5.3: one MTU)",
            ),
            ParamSpec::flag(
                "ecn",
                "ECN",
                false,
                "CE-mark ECN-capable packets instead of dropping (as Linux codel; off by default)",
            ),
        ],
    };

    fn new(params: Params, link: &LinkInfo) -> Result<Self, String> {
        let settings = settings(&params)?;
        Ok(CoDel { params, settings, link: *link, queue: PacketQueue::new(), vars: Vars::default() })
    }
}

impl QueueDisc for CoDel {
    super::fifo_storage!();

    fn kind(&self) -> &'static str {
        Self::INFO.kind
    }

    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        if !self.queue.fits(self.link.limit, &packet) {
            env.drop(packet, Reason::Overflow);
            return;
        }
        packet.enqueued_at = env.now; // RFC 8289 §5.4: timestamp on arrival
        self.queue.push(packet);
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        self.vars.dequeue(&mut self.queue, &self.settings, env)
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), String> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        self.settings = settings(&p)?;
        self.params = p;
        Ok(())
    }

    fn config(&self) -> AqmConfig {
        AqmConfig::CoDel(self.params.clone())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        self.vars.state().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Limit, Signal};
    use super::*;
    use crate::rng::Rng;
    use crate::time::MILLI;

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
        let mut v = Vars { first_above_time: now - 1, drop_next, count, lastcount, dropping: false, sojourn: 0 };
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
        ect.ect = true;
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
}
