//! PI controller (C. V. Hollot, V. Misra, D. Towsley, W. Gong, "On Designing Improved Controllers for AQM
//! Routers Supporting TCP Flows", IEEE INFOCOM 2001; compared in seed 003), docs/algorithms/pi.md.
//!
//! The drop probability is a sampled proportional-integral law on the instantaneous queue q. Every
//! T = 1/f_s:
//!
//! ```text
//!   p ← clamp(p + a·(q − q_ref) − b·(q_old − q_ref), 0, 1),   q_old ← q
//! ```
//!
//! which is the bilinear (Tustin) discretisation of C(s) = K_PI·(s/z + 1)/s with
//! a = K_PI·(1/z + T/2), b = K_PI·(1/z − T/2) (paper §5). The step splits into an integral part
//! (a − b)·(q − q_ref) = K_PI·T·e and a proportional part b·(q − q_old) ≈ (K_PI/z)·Δe, exposed as `i_term`
//! and `p_term`. Set `k_pi` > 0 to derive a, b from K_PI and z; otherwise a and b are used as given.
//! In byte mode q and q_ref are bytes and an arrival of s bytes is dropped with p·s/mean_pkt_size. Seed 003
//! runs q_ref = 187 KB, 160 Hz, a = 1.1379e−8, b = 1.1349e−8 per byte (K_PI = 4.8e−9, z ≈ 0.42).

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{StateMeaning, StateSpec};
use super::shared_specs;
use super::{check_threshold_in_buffer, params, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint};
use super::{Packet, PacketQueue, ParamSpec, QueueDisc, QueueUnit, Reason};
use crate::time::{from_secs, Time};

/// The PI controller's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Reference queue length, packets (bytes in byte mode). Default 50 packets (the ns-3 port; the paper's
    /// example uses 200 with a 300-packet buffer).
    pub q_ref: f64,
    /// Sampling frequency f_s, Hz (paper: 160).
    pub f_s: f64,
    /// Coefficient a, per queue unit (paper: 1.822e−5 per packet).
    pub a: f64,
    /// Coefficient b, per queue unit (paper: 1.816e−5 per packet).
    pub b: f64,
    /// K_PI > 0 derives a and b from K_PI and z by the bilinear transform; 0 uses a and b.
    pub k_pi: f64,
    /// Controller zero z, rad/s (paper: 0.53), used when k_pi > 0.
    pub z: f64,
    /// Measure q in bytes and scale p by packet size (seed 003's byte-mode queue).
    pub byte_mode: bool,
    /// CE-mark ECN-capable packets instead of dropping them.
    pub ecn: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params { q_ref: 50.0, f_s: 160.0, a: 1.822e-5, b: 1.816e-5, k_pi: 0.0, z: 0.53, byte_mode: false, ecn: false }
    }
}

/// a and b for the current parameters (given, or from K_PI and z by the bilinear transform).
pub fn coefficients(p: &Params) -> (f64, f64) {
    if p.k_pi > 0.0 {
        let t = 1.0 / p.f_s;
        (p.k_pi * (1.0 / p.z + t / 2.0), p.k_pi * (1.0 / p.z - t / 2.0))
    } else {
        (p.a, p.b)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Vars {
    p: f64,
    q_old: f64,
    p_term: f64,
    i_term: f64,
}

/// The PI controller (Hollot et al. 2001): p updated at the sampling rate from the instantaneous queue against q_ref.
pub struct Pi {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 8] = [
    StateSpec::probability("p"),
    StateSpec::new("q_error", "queue unit", StateMeaning::Other),
    StateSpec::other("p_term"),
    StateSpec::other("i_term"),
    StateSpec::other("a"),
    StateSpec::other("b"),
    StateSpec::new("band_lo", "queue unit", StateMeaning::Band),
    StateSpec::new("band_hi", "queue unit", StateMeaning::Band),
];

impl Algorithm for Pi {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "pi",
        "PI controller",
        "C. V. Hollot, V. Misra, D. Towsley, W. Gong, IEEE INFOCOM 2001; compared in seed 003",
        "Regulates the instantaneous queue to q_ref with a sampled proportional-integral law on p.",
    )
    .early_signals()
    .band(super::params::Band::Reference)
    .state(&STATE)
    .params(&[
        ParamSpec::real("q_ref", "q_ref", "queue unit", (0.0, 1e9), "Reference queue (Hollot et al. §5: 200 pkts)")
            .queue_level(),
        ParamSpec::real("f_s", "Sampling rate", "Hz", (1.0, 10_000.0), "Update frequency (Hollot et al. §5: 160 Hz)")
            .role(Role::Rate),
        ParamSpec::real("a", "a", "1/queue unit", (0.0, 1.0), "Coefficient a (Hollot et al. §5: 1.822e−5)")
            .role(Role::Gain),
        ParamSpec::real("b", "b", "1/queue unit", (0.0, 1.0), "Coefficient b (Hollot et al. §5: 1.816e−5)")
            .role(Role::Gain),
        ParamSpec::real(
            "k_pi",
            "K_PI",
            "1/queue unit",
            (0.0, 1.0),
            "If > 0: a, b = K_PI(1/z ± T/2), bilinear transform (Hollot et al. §5: 9.64e−6)",
        )
        .role(Role::Gain),
        ParamSpec::real("z", "Zero z", "rad/s", (1e-6, 1000.0), "Controller zero, used with K_PI (paper: 0.53)")
            .role(Role::Gain),
        ParamSpec::flag("byte_mode", "Byte mode", "q in bytes; p scaled by packet size (seed 003)"),
        shared_specs::ECN,
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        Ok(Pi { params, link: *link, queue: PacketQueue::new(), vars: Vars::default() })
    }
}

fn unit(p: &Params) -> QueueUnit {
    if p.byte_mode {
        QueueUnit::Bytes
    } else {
        QueueUnit::Packets
    }
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    check_threshold_in_buffer("q_ref", p.q_ref, unit(p), link)?;
    if p.k_pi > 0.0 {
        if p.z >= 2.0 * p.f_s {
            let message = format!("z ({}) must be below 2·f_s ({}) so that b = K_PI(1/z − T/2) > 0", p.z, 2.0 * p.f_s);
            return Err(Problem::constraint("z", message));
        }
    } else if p.a <= p.b {
        let message = format!("a ({}) must exceed b ({}): a − b = K_PI·T is the integral gain", p.a, p.b);
        return Err(Problem::above("a", p.a, "b", p.b, message));
    }
    Ok(())
}

impl Pi {
    /// Hollot et al. §5: one sample of the difference equation with queue length `q`.
    fn update(&mut self, q: f64) {
        let (a, b) = coefficients(&self.params);
        let (q_ref, v) = (self.params.q_ref, &mut self.vars);
        v.i_term = (a - b) * (q - q_ref);
        v.p_term = b * (q - v.q_old);
        v.p = (v.p + a * (q - q_ref) - b * (v.q_old - q_ref)).clamp(0.0, 1.0);
        v.q_old = q;
    }

    /// Drop probability for one arrival: p, or p·size/mean in byte mode (capped at 1).
    fn drop_probability(&self, size: u32) -> f64 {
        if self.params.byte_mode {
            (self.vars.p * size as f64 / self.link.mean_pkt_size as f64).min(1.0)
        } else {
            self.vars.p
        }
    }
}

impl QueueDisc for Pi {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        if !self.queue.fits(self.link.limit, &packet) {
            env.drop(packet, Reason::Overflow);
            return;
        }
        let p = self.drop_probability(packet.size);
        if p > 0.0 && env.uniform() < p {
            match env.signal(packet, Reason::Early, self.params.ecn) {
                Some(marked) => packet = marked,
                None => return,
            }
        }
        packet.enqueued_at = env.now;
        self.queue.push(packet);
    }

    fn tick_interval(&self) -> Option<Time> {
        Some(from_secs(1.0 / self.params.f_s))
    }

    fn on_tick(&mut self, _env: &mut Env) {
        let q = self.queue.length(unit(&self.params));
        self.update(q);
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        validate(&p, &self.link)?;
        if p.byte_mode != self.params.byte_mode {
            self.vars.q_old = self.queue.length(unit(&p)); // keep the proportional term meaningful
        }
        self.params = p;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let (a, b) = coefficients(&self.params);
        let v = &self.vars;
        vec![
            ("p", v.p),
            ("q_error", v.q_old - self.params.q_ref),
            ("p_term", v.p_term),
            ("i_term", v.i_term),
            ("a", a),
            ("b", b),
            // The reference the controller holds the queue at (Hollot et al. 2001), as Band::Reference.
            ("band_lo", 0.0),
            ("band_hi", self.params.q_ref),
        ]
    }

    /// The sampled queue the controller last acted on, and p.
    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.vars.q_old, p: self.vars.p }
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
        (a - b).abs() <= 1e-12 * b.abs().max(1e-300)
    }

    fn tick(q: &mut Pi, rng: &mut Rng) {
        let mut sig = Vec::new();
        q.on_tick(&mut Env::new(0, rng, &mut sig));
    }

    /// Sets the queue to `n` packets of `size` bytes.
    fn fill(q: &mut Pi, n: usize, size: u32) {
        q.drain();
        (0..n).for_each(|_| q.adopt(pkt(0, size)));
    }

    #[test]
    fn difference_equation_over_four_samples() {
        let mut q = Pi::new(Params::default(), &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        let (a, b) = (1.822e-5, 1.816e-5);
        // q = 60, 70, 40, 50 against q_ref = 50, starting from q_old = 0.
        let mut expected = 0.0;
        let mut q_old = 0.0;
        let samples = [60.0, 70.0, 40.0, 50.0];
        let by_hand = [1.0902e-3, 1.2730e-3, 7.276e-4, 9.092e-4];
        for (qn, want) in samples.into_iter().zip(by_hand) {
            fill(&mut q, qn as usize, 1000);
            tick(&mut q, &mut rng);
            expected += a * (qn - 50.0) - b * (q_old - 50.0);
            q_old = qn;
            assert!(close(q.vars.p, expected) && (q.vars.p - want).abs() < 1e-15, "{} vs {want}", q.vars.p);
        }
        // Last step: integral (a − b)·0 and proportional b·(50 − 40).
        assert!(close(q.vars.i_term, 0.0) && close(q.vars.p_term, b * 10.0));
        assert_eq!(q.tick_interval(), Some(6_250 * MICRO));
    }

    #[test]
    fn probability_is_clamped_to_zero_and_one() {
        let mut q = Pi::new(Params::default(), &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        tick(&mut q, &mut rng); // q = 0 < q_ref, from q_old = 0: a·(−50) + b·50 < 0
        assert_eq!(q.vars.p, 0.0);
        q.set_param("a", 0.5).unwrap();
        fill(&mut q, 100, 1000);
        tick(&mut q, &mut rng);
        assert_eq!(q.vars.p, 1.0);
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng)[0].reason, Reason::Overflow);
        q.drain();
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng)[0].reason, Reason::Early);
    }

    #[test]
    fn bilinear_transform_reproduces_the_papers_coefficients() {
        let p = Params { k_pi: 9.64e-6, z: 0.53, ..Params::default() };
        let (a, b) = coefficients(&p);
        assert!(close(a, 9.64e-6 * (1.0 / 0.53 + 1.0 / 320.0)) && close(b, 9.64e-6 * (1.0 / 0.53 - 1.0 / 320.0)));
        // The paper prints them rounded: 1.822e−5 and 1.816e−5.
        assert!((a - 1.822e-5).abs() < 5e-9 && (b - 1.816e-5).abs() < 5e-9, "{a} {b}");
        // Seed 003: a − b = K_PI·T with K_PI = 4.8e−9 at 160 Hz.
        assert!(((1.1379e-8_f64 - 1.1349e-8) * 160.0 - 4.8e-9).abs() < 1e-20);
    }

    #[test]
    fn seed_003_byte_mode_configuration_is_expressible() {
        let l = LinkInfo { rate_bps: 32e6, mean_pkt_size: 500, ..link(Limit::bytes(500_000)) };
        let params =
            Params { q_ref: 187_000.0, f_s: 160.0, a: 1.1379e-8, b: 1.1349e-8, byte_mode: true, ..Params::default() };
        let mut q = Pi::new(params, &l).unwrap();
        let mut rng = Rng::new(1, 2);
        fill(&mut q, 374, 500); // exactly q_ref bytes
        tick(&mut q, &mut rng);
        assert!(close(q.vars.p, 1.1349e-8 * 187_000.0));
        // A 1000 B arrival is twice as likely to be dropped as a 500 B one.
        assert!(close(q.drop_probability(1000), 2.0 * q.vars.p));
        assert!(close(q.drop_probability(500), q.vars.p));
    }

    #[test]
    fn rejects_q_ref_beyond_the_buffer_and_a_not_above_b() {
        let l = link(Limit::packets(100));
        let err = Pi::new(Params { q_ref: 200.0, ..Params::default() }, &l).err().unwrap();
        assert!(err.contains("q_ref (200) must not exceed the buffer (100 packets)"), "{err}");
        let err = Pi::new(Params { b: 1.9e-5, ..Params::default() }, &l).err().unwrap();
        assert!(err.contains("a (0.00001822) must exceed b (0.000019)"), "{err}");
        let mut q = Pi::new(Params::default(), &l).unwrap();
        assert!(q.set_param("b", 0.1).is_err());
        assert_eq!(coefficients(&q.params), (1.822e-5, 1.816e-5));
        assert!(q.set_param("k_pi", 1e-5).is_ok(), "a ≤ b is fine once K_PI derives them");
        assert!(q.set_param("z", 400.0).unwrap_err().contains("must be below 2·f_s"));
    }
}
