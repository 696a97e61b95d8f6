//! BLUE (W. Feng, D. Kandlur, D. Saha, K. Shin, "Blue: A New Class of Active Queue Management Algorithms",
//! U. Michigan CSE-TR-387-99, 1999; IEEE/ACM ToN 10(4), 2002; mentioned in seed 003), docs/algorithms/blue.md.
//!
//! One marking probability p_m, driven by events rather than by the queue length:
//!
//! ```text
//!   loss event (q ≥ L or buffer overflow):  p_m ← min(1, p_m + d1)
//!   link idle (queue empty after a send):   p_m ← max(0, p_m − d2)
//! ```
//!
//! Each change is allowed only if more than `freeze_time` has passed since the last one. Every arrival is
//! dropped (or CE-marked) with probability p_m. The queue length q and the loss threshold L are in the unit of
//! the link's buffer, and L = 0 means "the buffer itself".

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{StateMeaning, StateSpec};
use super::shared_specs;
use super::{check_threshold_in_buffer, params, Algorithm, AlgorithmInfo, Env, LinkInfo};
use super::{OperatingPoint, Packet, PacketQueue, ParamSpec, QueueDisc, Reason};
use crate::time::{from_millis, to_secs, Time};

/// BLUE's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Increment of p_m per loss event (Feng's ns code: 0.0025; rule d1 ≈ 10·d2).
    pub d1: f64,
    /// Decrement of p_m per link-idle event (Feng's ns code: 0.00025).
    pub d2: f64,
    /// Least time between two changes of p_m, ms (Feng: 100 ms).
    pub freeze_time: f64,
    /// Queue length (unit of the buffer) that counts as a loss event; 0 = only a full buffer does.
    pub loss_threshold: u64,
    /// CE-mark ECN-capable packets instead of dropping them (BLUE was designed for marking).
    pub ecn: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params { d1: 0.0025, d2: 0.00025, freeze_time: 100.0, loss_threshold: 0, ecn: false }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Vars {
    p_m: f64,
    /// Time of the last change of p_m; None stands for −∞.
    last_update: Option<Time>,
    loss_events: u64,
    idle_events: u64,
}

/// BLUE (Feng et al. 1999): a mark probability raised on loss events and lowered when the link goes idle.
pub struct Blue {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 5] = [
    StateSpec::probability("p_m"),
    StateSpec::new("last_update", "s", StateMeaning::Other),
    StateSpec::new("loss_events", "", StateMeaning::Count),
    StateSpec::new("idle_events", "", StateMeaning::Count),
    StateSpec::other("loss_threshold"),
];

impl Algorithm for Blue {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "blue",
        "BLUE",
        "W. Feng, D. Kandlur, D. Saha, K. Shin, U. Michigan CSE-TR-387-99 (1999), ToN 2002; seed 003",
        "One drop/mark probability that rises on buffer overflow and falls when the link goes idle.",
    )
    .early_signals()
    .state(&STATE)
    .params(&[
        ParamSpec::real("d1", "Increment d1", "", (0.0, 1.0), "p_m step up per loss event (Feng: 0.0025)")
            .role(Role::Gain),
        ParamSpec::real("d2", "Decrement d2", "", (0.0, 1.0), "p_m step down per idle event (Feng: 0.00025)")
            .role(Role::Gain),
        ParamSpec::real(
            "freeze_time",
            "Freeze time",
            "ms",
            (0.0, 10_000.0),
            "Least time between two changes of p_m (Feng: 100 ms)",
        )
        .role(Role::Period),
        ParamSpec::int(
            "loss_threshold",
            "Loss threshold L",
            "queue unit",
            (0.0, 1e9),
            "Queue length counted as a loss event; 0 = a full buffer (Feng §4)",
        )
        .queue_level(),
        shared_specs::ECN,
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        Ok(Blue { params, link: *link, queue: PacketQueue::new(), vars: Vars::default() })
    }
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    check_threshold_in_buffer("loss_threshold", p.loss_threshold as f64, link.limit.unit, link)
}

impl Blue {
    /// Applies `change` to p_m unless the last change is less than freeze_time old (strictly more is needed).
    fn step(&mut self, now: Time, change: f64) -> bool {
        let freeze = from_millis(self.params.freeze_time);
        if self.vars.last_update.is_some_and(|t| now.saturating_sub(t) <= freeze) {
            return false;
        }
        self.vars.p_m = (self.vars.p_m + change).clamp(0.0, 1.0);
        self.vars.last_update = Some(now);
        true
    }

    fn loss_threshold(&self) -> f64 {
        match self.params.loss_threshold {
            0 => self.link.limit.value as f64,
            l => l as f64,
        }
    }
}

impl QueueDisc for Blue {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        let fits = self.queue.fits(self.link.limit, &packet);
        if !fits || self.queue.length(self.link.limit.unit) >= self.loss_threshold() {
            // Loss event (Feng §4: "upon packet loss (or Qlen > L) event").
            if self.step(env.now, self.params.d1) {
                self.vars.loss_events += 1;
            }
            if !fits {
                env.drop(packet, Reason::Overflow);
                return;
            }
        }
        if self.vars.p_m > 0.0 && env.uniform() < self.vars.p_m {
            match env.signal(packet, Reason::Early, self.params.ecn) {
                Some(marked) => packet = marked,
                None => return,
            }
        }
        packet.enqueued_at = env.now;
        self.queue.push(packet);
    }

    /// Feng §4: "upon link idle event".
    fn on_link_idle(&mut self, env: &mut Env) {
        if self.step(env.now, -self.params.d2) {
            self.vars.idle_events += 1;
        }
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        validate(&p, &self.link)?;
        self.params = p;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let v = &self.vars;
        vec![
            ("p_m", v.p_m),
            ("last_update", v.last_update.map_or(f64::NAN, to_secs)),
            ("loss_events", v.loss_events as f64),
            ("idle_events", v.idle_events as f64),
            ("loss_threshold", self.loss_threshold()),
        ]
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: f64::NAN, p: self.vars.p_m }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::Limit;
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::aqm::Registered;
    use crate::rng::Rng;
    use crate::time::{MICRO, MILLI};

    fn blue(limit: u64, params: Params) -> (Blue, Rng) {
        (Blue::new(params, &link(Limit::packets(limit))).unwrap(), Rng::new(1, 2))
    }

    fn idle(q: &mut Blue, now: Time, rng: &mut Rng) {
        let mut sig = Vec::new();
        q.on_link_idle(&mut Env::new(now, rng, &mut sig));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-15
    }

    #[test]
    fn overflow_raises_p_m_by_d1_at_most_once_per_freeze_time() {
        let (mut q, mut rng) = blue(1, Params::default());
        enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        let s = enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        assert_eq!(s[0].reason, Reason::Overflow);
        assert!(close(q.vars.p_m, 0.0025));
        // Frozen at +50 ms and at exactly +100 ms (strictly more is needed), free at +100.001 ms.
        for t in [50 * MILLI, 100 * MILLI] {
            enqueue_at(&mut q, pkt(0, 1000), t, &mut rng);
            assert!(close(q.vars.p_m, 0.0025), "at {t}");
        }
        enqueue_at(&mut q, pkt(0, 1000), 100 * MILLI + MICRO, &mut rng);
        assert!(close(q.vars.p_m, 0.005));
        assert_eq!(q.vars.loss_events, 2);
    }

    #[test]
    fn idle_link_lowers_p_m_by_d2_after_the_freeze_and_not_below_zero() {
        let (mut q, mut rng) = blue(10, Params::default());
        q.vars.p_m = 0.005;
        q.vars.last_update = Some(100 * MILLI);
        idle(&mut q, 150 * MILLI, &mut rng);
        assert!(close(q.vars.p_m, 0.005));
        idle(&mut q, 250 * MILLI, &mut rng);
        assert!(close(q.vars.p_m, 0.00475));
        idle(&mut q, 351 * MILLI, &mut rng);
        assert!(close(q.vars.p_m, 0.0045));
        assert_eq!(q.vars.idle_events, 2);
        q.vars.p_m = 0.0001;
        idle(&mut q, 500 * MILLI, &mut rng);
        assert_eq!(q.vars.p_m, 0.0);
    }

    #[test]
    fn a_queue_at_the_loss_threshold_is_a_loss_event_without_a_drop() {
        let (mut q, mut rng) = blue(10, Params { loss_threshold: 3, ..Params::default() });
        for _ in 0..3 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        }
        assert_eq!(q.vars.p_m, 0.0);
        // q = 3 ≥ L: p_m rises before the arrival is judged; with p_m = 0.0025 it is very likely kept.
        enqueue_at(&mut q, pkt(0, 1000), MILLI, &mut rng);
        assert!(close(q.vars.p_m, 0.0025));
        assert_eq!(q.state()[4], ("loss_threshold", 3.0));
    }

    #[test]
    fn drops_or_marks_arrivals_with_probability_p_m() {
        let (mut q, mut rng) = blue(100_000, Params { ecn: true, ..Params::default() });
        q.vars.p_m = 0.25;
        q.vars.last_update = Some(0);
        let mut ect = pkt(1, 1000);
        ect.ect = crate::packet::Ect::Ect0;
        let signals: Vec<_> = (0..20_000).flat_map(|_| enqueue_at(&mut q, ect, 0, &mut rng)).collect();
        let share = signals.len() as f64 / 20_000.0;
        assert!((share - 0.25).abs() < 0.015, "{share}");
        assert!(signals.iter().all(|s| s.marked && s.reason == Reason::Early));
        assert_eq!(q.len_packets(), 20_000, "marked packets are queued");
    }

    #[test]
    fn rejects_a_loss_threshold_beyond_the_buffer() {
        let err = Blue::new(Params { loss_threshold: 11, ..Params::default() }, &link(Limit::packets(10)));
        assert!(err.err().unwrap().contains("loss_threshold (11) must not exceed the buffer (10 packets)"));
        let (mut q, _) = blue(10, Params::default());
        assert!(q.set_param("loss_threshold", 20.0).is_err());
        q.set_param("d1", 0.01).unwrap();
        assert_eq!(q.config(), AqmConfig::Blue(Params { d1: 0.01, ..Params::default() }));
    }
}
