//! AVQ, Adaptive Virtual Queue (S. Kunniyur, R. Srikant, "Analysis and Design of an Adaptive Virtual Queue
//! (AVQ) Algorithm for Active Queue Management", ACM SIGCOMM 2001; ToN 2004; compared in seed 003),
//! docs/algorithms/avq.md.
//!
//! A virtual queue VQ of the real buffer's size B is drained at an adaptive capacity C̃ ≤ C. An arrival that
//! would overflow VQ is dropped (or CE-marked), and C̃ steers the arrival rate towards γ·C. On each arrival
//! of b bytes at time t, with s the previous arrival (paper Fig. 1):
//!
//! ```text
//!   VQ ← max(VQ − C̃·(t − s), 0)
//!   if VQ + b > B: drop   else: VQ ← VQ + b
//!   C̃ ← max(min(C̃ + α·γ·C·(t − s), C) − α·b, 0),   s ← t
//! ```
//!
//! C is in bytes/s and B in bytes (the buffer in packets × the mean packet size if the buffer counts
//! packets). The initial C̃ is not specified: we start at γ·C (a Linux port starts at 0). Seed 003's
//! "κ = 1.0" has no AVQ counterpart and is read as γ (docs/algorithms/avq.md). Its preset sets γ = 1.0, while the
//! default γ is 0.98.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{StateMeaning, StateSpec};
use super::shared_specs;
use super::{params, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue};
use super::{ParamSpec, QueueDisc, QueueUnit, Reason};
use crate::time::{to_secs, Time};

/// AVQ's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Desired utilisation γ (paper: 0.98; seed 003 "κ" = 1.0).
    pub gamma: f64,
    /// Damping α of the capacity adaptation, 1/s (seed 003: 0.15).
    pub alpha: f64,
    /// CE-mark ECN-capable packets instead of dropping them (AVQ is a marking scheme in the paper).
    pub ecn: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params { gamma: 0.98, alpha: 0.15, ecn: false }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Vars {
    /// Virtual queue, bytes.
    vq: f64,
    /// Virtual capacity C̃, bytes/s.
    c_virtual: f64,
    /// Previous arrival time s.
    last_arrival: Time,
}

/// AVQ (Kunniyur & Srikant 2001): drops when a virtual queue served at an adapted capacity overflows.
pub struct Avq {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 4] = [
    StateSpec::new("vq", "bytes", StateMeaning::VirtualQueue),
    StateSpec::new("c_virtual", "bit/s", StateMeaning::Other),
    StateSpec::other("c_ratio"),
    StateSpec::new("virtual_buffer", "bytes", StateMeaning::Other),
];

impl Algorithm for Avq {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "avq",
        "AVQ",
        "S. Kunniyur, R. Srikant, ACM SIGCOMM 2001 (ToN 2004); compared in seed 003",
        "Drops when a virtual queue drained at an adaptive capacity C̃ overflows; C̃ steers \
                  the link to utilisation γ.",
    )
    .early_signals()
    .avg(super::params::AvgMeaning::VirtualQueue)
    .state(&STATE)
    .params(&[
        ParamSpec::real("gamma", "γ", "", (0.5, 1.0), "Desired utilisation (Kunniyur & Srikant: 0.98)")
            .role(Role::Rate),
        ParamSpec::real("alpha", "α", "1/s", (0.0, 10.0), "Damping of the C̃ adaptation (seed 003: 0.15)")
            .role(Role::Gain),
        shared_specs::ECN,
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        if link.rate_bps <= 0.0 {
            return Err(Problem::constraint(
                "",
                format!("AVQ needs a positive link rate (got {} bit/s)", link.rate_bps),
            ));
        }
        let vars = Vars { c_virtual: params.gamma * link.rate_bps / 8.0, ..Vars::default() };
        Ok(Avq { params, link: *link, queue: PacketQueue::new(), vars })
    }
}

impl Avq {
    /// Link capacity C, bytes/s.
    fn capacity(&self) -> f64 {
        self.link.rate_bps / 8.0
    }

    /// Virtual buffer B = the real buffer, bytes.
    fn virtual_buffer(&self) -> f64 {
        match self.link.limit.unit {
            QueueUnit::Bytes => self.link.limit.value as f64,
            QueueUnit::Packets => (self.link.limit.value * self.link.mean_pkt_size as u64) as f64,
        }
    }

    /// Paper Fig. 1 for one arrival of `b` bytes at `now`; true if the virtual queue overflows.
    fn on_arrival(&mut self, b: f64, now: Time) -> bool {
        let (c, big_b, gamma, alpha) = (self.capacity(), self.virtual_buffer(), self.params.gamma, self.params.alpha);
        let v = &mut self.vars;
        let dt = to_secs(now.saturating_sub(v.last_arrival));
        v.vq = (v.vq - v.c_virtual * dt).max(0.0);
        let overflow = v.vq + b > big_b;
        if !overflow {
            v.vq += b;
        }
        v.c_virtual = ((v.c_virtual + alpha * gamma * c * dt).min(c) - alpha * b).max(0.0);
        v.last_arrival = now;
        overflow
    }
}

impl QueueDisc for Avq {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        if self.on_arrival(packet.size as f64, env.now) {
            match env.signal(packet, Reason::Early, self.params.ecn) {
                Some(marked) => packet = marked,
                None => return,
            }
        }
        self.queue.admit(packet, self.link.limit, env);
    }

    fn set_link_rate(&mut self, rate_bps: f64) {
        self.link.rate_bps = rate_bps;
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        self.params = params::with_value(&self.params, Self::INFO.params, name, value)?;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("vq", self.vars.vq),
            ("c_virtual", self.vars.c_virtual * 8.0),
            ("c_ratio", self.vars.c_virtual / self.capacity()),
            ("virtual_buffer", self.virtual_buffer()),
        ]
    }

    /// The virtual queue (bytes); AVQ has no drop probability.
    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.vars.vq, p: f64::NAN }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::Limit;
    use super::*;
    use crate::rng::Rng;
    use crate::time::MICRO;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9
    }

    #[test]
    fn capacity_and_virtual_queue_follow_the_papers_update() {
        // C = 10 Mbit/s = 1.25e6 B/s, γ = 0.98, α = 0.15, B = 100 × 1000 B; C̃ starts at γC = 1.225e6 B/s.
        let mut q = Avq::new(Params::default(), &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        assert!(close(q.vars.c_virtual, 1.225e6));
        enqueue_at(&mut q, pkt(0, 1000), 1_000 * MICRO, &mut rng);
        // dt = 1 ms: VQ = max(0 − 1225, 0) + 1000; C̃ = min(1.225e6 + 0.15·0.98·1.25e6·0.001, C) − 0.15·1000
        assert!(close(q.vars.vq, 1000.0));
        assert!(close(q.vars.c_virtual, 1_225_033.75));
        enqueue_at(&mut q, pkt(0, 1000), 1_500 * MICRO, &mut rng);
        // dt = 0.5 ms: VQ = 1000 − 1225033.75·0.0005 + 1000; C̃ += 91.875 − 150
        assert!(close(q.vars.vq, 1387.483125));
        assert!(close(q.vars.c_virtual, 1_224_975.625));
        assert_eq!(q.state()[2].0, "c_ratio");
        assert!(close(q.state()[2].1, 1_224_975.625 / 1.25e6));
    }

    #[test]
    fn capacity_never_exceeds_the_link_rate_nor_falls_below_zero() {
        let mut q = Avq::new(Params { alpha: 10.0, ..Params::default() }, &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        enqueue_at(&mut q, pkt(0, 1000), 1_000_000 * MICRO, &mut rng);
        assert!(close(q.vars.c_virtual, 1.25e6 - 10_000.0), "min(…, C) before subtracting α·b");
        q.vars.c_virtual = 5000.0;
        enqueue_at(&mut q, pkt(0, 1000), 1_000_000 * MICRO, &mut rng);
        assert_eq!(q.vars.c_virtual, 0.0);
    }

    #[test]
    fn virtual_overflow_drops_even_with_room_in_the_real_buffer() {
        // B = 5000 B; a burst of six 1000 B packets at one instant: the sixth overflows VQ.
        let mut q = Avq::new(Params::default(), &link(Limit::bytes(5000))).unwrap();
        let mut rng = Rng::new(1, 2);
        for _ in 0..5 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        }
        for _ in 0..3 {
            dequeue_at(&mut q, 0, &mut rng);
        }
        let s = enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        assert_eq!((s[0].reason, s[0].marked), (Reason::Early, false));
        assert_eq!(q.len_packets(), 2);
        // Every arrival, the dropped one too, took α·b = 150 B/s off C̃.
        assert!(close(q.vars.c_virtual, 1.225e6 - 6.0 * 150.0));
        // 2 ms later VQ has drained 2448.2 B: there is room again.
        assert!(enqueue_at(&mut q, pkt(0, 1000), 2_000 * MICRO, &mut rng).is_empty());
        assert!(close(q.vars.vq, 5000.0 - 1_224_100.0 * 0.002 + 1000.0));
    }
}
