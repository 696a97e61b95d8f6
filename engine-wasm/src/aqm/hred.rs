//! HRED — Hybrid RED (C. Joo, S. Bahk, "Hybrid Random Early Detection", KICS 2003; seed 003,
//! docs/papers.md, eqs. 6–11, Fig. 1, Tables 1–2), docs/algorithms/hred.md.
//!
//! ```text
//! per arrival:  l = q (instantaneous; an EWMA if w_q < 1)
//!               prob = clamp(p_min + (p_max − p_min)·(l − min_th)/(max_th − min_th), 0, 1)
//!               l > max_th:  p_min += K_α·prob·(l − max_th)        l < min_th:  p_min −= K_β·prob·(min_th − l)
//!               p_max = p_min + (1/K)·(p_min/max_th)·(max_th − min_th)          (eq. 8, K = 2)
//!               drop with the recomputed prob
//! gains (eqs. 9–11):  K_α ≈ 2S/(C·RTT)²  in the queue's unit,  K_β = 2·K_α
//! ```
//! Reconstructed: Fig. 1's decrease test `l > min_th` is `l < min_th`; its `1/K_α` in p_max is eq.
//! 8's stability constant K; Table 2's K_α = 1.3563e−10 is 2S/(C·RTT)² in *bits* (S = 4000 bit, C = 32 Mbit/s,
//! RTT = 0.24 s), so by default the gains are computed in the queue's unit and `literal` uses the printed
//! constants; K_β = 2·K_α is Table 2's ratio. Ours: initial p_min 0.01, floor 1e−6, the line extended over the
//! whole buffer (Fig. 2 is illegible), Bernoulli drops unless `count_spacing`.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{with_value, ParamSpec};
use super::params::{StateMeaning, StateSpec};
use super::red_core::{buffer_in, check_thresholds, check_weight, small_packet_time, spaced};
use super::red_core::{unit_of, unit_switch_factor, Average};
use super::shared_specs;
use super::Reason;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue, QueueDisc};
use crate::time::to_secs;

/// Seed 003 Table 2's printed gains.
pub const LITERAL_K_ALPHA: f64 = 1.3563e-10;
/// Seed 003 Table 2's printed K_β.
pub const LITERAL_K_BETA: f64 = 2.7126e-10;
/// Lower bound of p_min (ours), so that it can recover.
pub const P_MIN_FLOOR: f64 = 1e-6;

/// HRED's parameters (defaults: seed 003 Tables 1–2, byte mode).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Queue unit (bytes by default: 125 KB).
    pub min_th: f64,
    /// Queue unit (250 KB).
    pub max_th: f64,
    /// Queue and thresholds in bytes (seed 003 uses a byte-mode queue).
    pub byte_mode: bool,
    /// 1 = instantaneous queue (seed 003); < 1 = RED's EWMA.
    pub w_q: f64,
    /// Stability constant of eq. 8 (2).
    pub k: f64,
    /// Initial p_min (ours: 0.01).
    pub p_min: f64,
    /// RTT for the gain formula, ms; 0 = the scenario's mean base RTT.
    pub rtt: f64,
    /// Use Table 2's printed K_α, K_β instead of the formula.
    pub literal: bool,
    /// RED's count spacing instead of Bernoulli drops.
    pub count_spacing: bool,
    /// Mark ECN-capable packets (RFC 3168) instead of dropping them.
    pub ecn: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            min_th: 125_000.0,
            max_th: 250_000.0,
            byte_mode: true,
            w_q: 1.0,
            k: 2.0,
            p_min: 0.01,
            rtt: 0.0,
            literal: false,
            count_spacing: false,
            ecn: false,
        }
    }
}

const SPECS: &[ParamSpec] = &[
    shared_specs::min_th("queue unit", 1e9, "Below it p_min is integrated down (seed 003 Table 1: 125 KB)"),
    shared_specs::max_th("queue unit", 1e9, "Above it p_min is integrated up (seed 003 Table 1: 250 KB)"),
    ParamSpec::flag(
        "byte_mode",
        "byte mode",
        "Queue and thresholds in bytes (seed 003 §IV); switching converts the thresholds",
    ),
    ParamSpec::real(
        "w_q",
        "queue weight",
        "",
        (1e-6, 1.0),
        "1 = instantaneous queue (seed 003 Table 1); below 1, RED's EWMA",
    )
    .role(Role::Weight),
    ParamSpec::real(
        "k",
        "stability constant K",
        "",
        (0.1, 100.0),
        "p_max = p_min + (1/K)(p_min/max_th)(max_th − min_th) (seed 003 eq. 8, Table 2: 2)",
    )
    .role(Role::Gain),
    ParamSpec::real(
        "p_min",
        "initial p_min",
        "",
        (P_MIN_FLOOR, 1.0),
        "Starting probability at min_th, then integrated (not in seed 003; ours 0.01)",
    )
    .probability(Some("min_th"))
    .adapts(),
    ParamSpec::real(
        "rtt",
        "gain RTT",
        "ms",
        (0.0, 10_000.0),
        "RTT in K_α ≈ 2S/(C·RTT)² (seed 003 eq. 11 used the largest, 240 ms); 0 = scenario mean",
    )
    .role(Role::Period)
    .applies_when("literal", &["off"]),
    ParamSpec::flag(
        "literal",
        "printed gains",
        "Use seed 003 Table 2's K_α = 1.3563e−10, K_β = 2.7126e−10 (computed in bits)",
    ),
    ParamSpec::flag(
        "count_spacing",
        "count spacing",
        "Space drops as RED, p_a = p/(1 − count·p) (ours; seed 003 draws independently)",
    ),
    shared_specs::ECN,
];

/// Validates and returns (K_α, K_β) per unit of queue.
fn gains(p: &Params, link: &LinkInfo) -> Result<(f64, f64), Problem> {
    check_thresholds(p.min_th, p.max_th, unit_of(p.byte_mode), link)?;
    check_weight(p.w_q)?;
    if p.literal {
        return Ok((LITERAL_K_ALPHA, LITERAL_K_BETA));
    }
    let rtt = if p.rtt > 0.0 { p.rtt / 1000.0 } else { to_secs(link.base_rtt) };
    if rtt <= 0.0 {
        return Err(Problem::constraint(
            "rtt",
            "HRED's gains need an RTT: set rtt or give the flows a base RTT".into(),
        ));
    }
    // Eq. 11: K_α ≈ 2S/(C·RTT)², S and C in the queue's unit (bytes and bytes/s, or 1 and packets/s).
    let (s, c) =
        if p.byte_mode { (link.mean_pkt_size as f64, link.rate_bps / 8.0) } else { (1.0, link.packets_per_sec()) };
    let k_alpha = 2.0 * s / ((c * rtt) * (c * rtt));
    Ok((k_alpha, 2.0 * k_alpha))
}

#[derive(Clone, Copy, Debug)]
struct Vars {
    avg: Average,
    /// The queue the line was last evaluated at.
    l: f64,
    p_min: f64,
    p_max: f64,
    prob: f64,
    count: i64,
}

/// HRED (Joo & Bahk 2003): a drop line whose p_min is pushed up or down per arrival while the queue is outside the thresholds (seed 003).
pub struct Hred {
    params: Params,
    link: LinkInfo,
    k_alpha: f64,
    k_beta: f64,
    queue: PacketQueue,
    vars: Vars,
}

impl Hred {
    /// Eq. 8: p_max tied to p_min for local stability.
    fn p_max(&self, p_min: f64) -> f64 {
        let Params { min_th, max_th, k, .. } = self.params;
        p_min + (1.0 / k) * (p_min / max_th) * (max_th - min_th)
    }

    /// The line through (min_th, p_min) and (max_th, p_max), clamped to [0, 1].
    fn prob_at(&self, l: f64) -> f64 {
        let Params { min_th, max_th, .. } = self.params;
        let (p_min, p_max) = (self.vars.p_min, self.vars.p_max);
        (p_min + (p_max - p_min) * (l - min_th) / (max_th - min_th)).clamp(0.0, 1.0)
    }

    /// Fig. 1 (with `l < min_th` for the decrease): integrate p_min, then re-derive p_max and prob.
    fn adapt(&mut self, l: f64) {
        let Params { min_th, max_th, .. } = self.params;
        let prob = self.prob_at(l);
        let mut p_min = self.vars.p_min;
        if l > max_th {
            p_min += self.k_alpha * prob * (l - max_th);
        } else if l < min_th {
            p_min -= self.k_beta * prob * (min_th - l);
        }
        self.vars.p_min = p_min.clamp(P_MIN_FLOOR, 1.0);
        self.vars.p_max = self.p_max(self.vars.p_min);
        (self.vars.l, self.vars.prob) = (l, self.prob_at(l));
    }
}

/// Seed 003's thresholds (125 KB, 250 KB) are a quarter and a half of its 500 KB buffer. Left at those
/// defaults on a link whose buffer is smaller (the lab's 100 packets = 100 KB), they would be refused
/// ("max_th must not exceed the buffer"): the default line is then scaled into the buffer with the
/// paper's proportions. Thresholds that differ from the defaults are taken as given.
fn fit_default_line(mut p: Params, link: &LinkInfo) -> Params {
    let d = Params::default();
    let buffer = buffer_in(unit_of(p.byte_mode), link);
    if p.min_th == d.min_th && p.max_th == d.max_th && p.byte_mode == d.byte_mode && buffer < d.max_th {
        p.min_th = buffer / 4.0;
        p.max_th = buffer / 2.0;
    }
    p
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 7] = [
    StateSpec::new("l", "queue unit", StateMeaning::Other),
    StateSpec::other("p_min"),
    StateSpec::other("p_max"),
    StateSpec::probability("prob"),
    StateSpec::new("count", "packets", StateMeaning::Count),
    StateSpec::other("k_alpha"),
    StateSpec::other("k_beta"),
];

impl Algorithm for Hred {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "hred",
        "HRED (Hybrid RED)",
        "C. Joo, S. Bahk, Hybrid Random Early Detection, KICS 2003; seed 003",
        "RED line on the instantaneous queue; p_min is integrated up above max_th, down below min_th.",
    )
    .early_signals()
    .state(&STATE)
    .params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let params = fit_default_line(params, link);
        let (k_alpha, k_beta) = gains(&params, link)?;
        let vars = Vars { avg: Average::default(), l: 0.0, p_min: params.p_min, p_max: 0.0, prob: 0.0, count: -1 };
        let mut h = Hred { params, link: *link, k_alpha, k_beta, queue: PacketQueue::new(), vars };
        h.vars.p_max = h.p_max(params.p_min);
        h.vars.prob = h.prob_at(0.0);
        Ok(h)
    }
}

impl QueueDisc for Hred {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let q = self.queue.length(unit_of(self.params.byte_mode));
        let l = if self.params.w_q >= 1.0 {
            q
        } else {
            self.vars.avg.update(q, self.params.w_q, env.now, small_packet_time(&self.link))
        };
        self.adapt(l);
        let p = if self.params.count_spacing {
            self.vars.count += 1;
            spaced(self.vars.prob, self.vars.count)
        } else {
            self.vars.prob
        };
        let kept = if env.uniform() < p {
            self.vars.count = 0;
            env.signal(packet, Reason::Early, self.params.ecn)
        } else {
            Some(packet)
        };
        if let Some(packet) = kept {
            self.queue.admit(packet, self.link.limit, env);
        }
    }

    fn on_link_idle(&mut self, env: &mut Env) {
        self.vars.avg.go_idle(env.now);
    }

    fn set_link_rate(&mut self, rate_bps: f64) {
        self.link.rate_bps = rate_bps;
    }

    /// p_min and the averaged queue survive a change; switching `byte_mode` converts the thresholds.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let mut p = with_value(&self.params, SPECS, name, value)?;
        let scale = unit_switch_factor(self.params.byte_mode, p.byte_mode, &self.link);
        (p.min_th, p.max_th) = (p.min_th * scale, p.max_th * scale);
        (self.k_alpha, self.k_beta) = gains(&p, &self.link)?;
        self.params = p;
        self.vars.avg.avg *= scale;
        self.vars.l *= scale;
        if name == "p_min" {
            self.vars.p_min = p.p_min;
        }
        self.vars.p_max = self.p_max(self.vars.p_min);
        self.vars.prob = self.prob_at(self.vars.l);
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let v = self.vars;
        vec![
            ("l", v.l),
            ("p_min", v.p_min),
            ("p_max", v.p_max),
            ("prob", v.prob),
            ("count", v.count as f64),
            ("k_alpha", self.k_alpha),
            ("k_beta", self.k_beta),
        ]
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.vars.l, p: self.vars.prob }
    }

    /// The current line over the whole buffer, with its kinks where the clamps to 0 and 1 bite.
    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        let end = buffer_in(unit_of(self.params.byte_mode), &self.link);
        let Params { min_th, max_th, .. } = self.params;
        let slope = (self.vars.p_max - self.vars.p_min) / (max_th - min_th);
        let mut xs = vec![0.0, min_th, max_th, end];
        if slope > 0.0 {
            xs.extend([min_th - self.vars.p_min / slope, min_th + (1.0 - self.vars.p_min) / slope]);
        }
        xs.retain(|x| (0.0..=end).contains(x));
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        Some(xs.into_iter().map(|x| [x, self.prob_at(x)]).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::aqm::Limit;
    use crate::aqm::Registered;
    use crate::rng::Rng;
    use crate::time::MILLI;

    /// Seed 003's bottleneck: 32 Mbit/s, 500 KB buffer, 500 B mean packets.
    fn seed_003() -> LinkInfo {
        LinkInfo { rate_bps: 32e6, mean_pkt_size: 500, ..link(Limit::bytes(500_000)) }
    }

    fn hred(params: Params) -> Hred {
        Hred::new(params, &seed_003()).unwrap()
    }

    /// One 1000-byte arrival with `bytes` queued.
    fn arrive(h: &mut Hred, bytes: usize, rng: &mut Rng) {
        h.queue.drain();
        (0..bytes / 1000).for_each(|_| h.adopt(pkt(9, 1000)));
        enqueue_at(h, pkt(0, 1000), MILLI, rng);
    }

    #[test]
    fn default_line_fits_a_buffer_smaller_than_seed_003s_and_explicit_thresholds_are_kept() {
        // The lab's default link: 100 packets of 1000 B = 100 KB, below the default max_th of 250 KB.
        let lab = link(Limit::packets(100));
        let h = Hred::new(Params::default(), &lab).unwrap();
        assert_eq!((h.params.min_th, h.params.max_th), (25_000.0, 50_000.0));
        // Seed 003's own 500 KB buffer: Table 1's 125 KB and 250 KB as printed.
        let h = Hred::new(Params::default(), &seed_003()).unwrap();
        assert_eq!((h.params.min_th, h.params.max_th), (125_000.0, 250_000.0));
        // Thresholds someone chose are not moved: too large is still refused.
        let chosen = Params { max_th: 200_000.0, ..Params::default() };
        assert!(matches!(Hred::new(chosen, &lab), Err(e) if e.contains("max_th")));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1e-300)
    }

    #[test]
    fn p_max_follows_eq_8_from_p_min() {
        // 0.01 + (1/2)(0.01/250000)(125000) = 0.0125; with K = 4: 0.01125.
        assert!(close(hred(Params::default()).vars.p_max, 0.0125));
        assert!(close(hred(Params { k: 4.0, ..Params::default() }).vars.p_max, 0.01125));
        assert!(close(hred(Params { p_min: 0.2, ..Params::default() }).vars.p_max, 0.25));
    }

    #[test]
    fn p_min_is_integrated_up_by_k_alpha_while_the_queue_is_above_max_th() {
        let mut h = hred(Params { literal: true, ..Params::default() });
        let mut rng = Rng::new(1, 2);
        arrive(&mut h, 300_000, &mut rng);
        // prob = 0.01 + 0.0025·175000/125000 = 0.0135; p_min += 1.3563e−10·0.0135·50000.
        let p_min = 0.01 + 1.3563e-10 * 0.0135 * 50_000.0;
        assert!(close(h.vars.p_min, p_min), "{}", h.vars.p_min);
        assert!(close(h.vars.p_max, p_min * 1.25));
        assert!(close(h.vars.prob, p_min + 0.25 * p_min * 1.4));
        assert_eq!(h.vars.l, 300_000.0);
    }

    #[test]
    fn p_min_is_integrated_down_by_k_beta_while_the_queue_is_below_min_th() {
        let mut h = hred(Params { literal: true, ..Params::default() });
        let mut rng = Rng::new(1, 2);
        arrive(&mut h, 25_000, &mut rng);
        // prob = 0.01 − 0.0025·100000/125000 = 0.008; p_min −= 2.7126e−10·0.008·100000.
        assert!(close(h.vars.p_min, 0.01 - 2.7126e-10 * 0.008 * 100_000.0), "{}", h.vars.p_min);
        // Between the thresholds p_min holds.
        let held = h.vars.p_min;
        arrive(&mut h, 187_000, &mut rng);
        assert_eq!(h.vars.p_min, held);
        // A huge decrease stops at the floor.
        h.k_beta = 1.0;
        arrive(&mut h, 0, &mut rng);
        assert_eq!(h.vars.p_min, P_MIN_FLOOR);
    }

    #[test]
    fn gains_are_two_s_over_c_rtt_squared_in_the_queue_unit() {
        let h = hred(Params { rtt: 240.0, ..Params::default() });
        // Bytes: 2·500/(4e6·0.24)² = 1.0851e−9, 8× Table 2's bit-based 1.3563e−10.
        assert!(close(h.k_alpha, 1000.0 / (960_000.0f64 * 960_000.0)));
        assert!((h.k_alpha / 8.0 - LITERAL_K_ALPHA).abs() < 1e-14);
        assert!(close(h.k_beta, 2.0 * h.k_alpha));
        // Packets: C_pkt = 8000/s ⇒ 2/(8000·0.24)²; default RTT = the scenario's mean (100 ms here).
        let pk = Params { byte_mode: false, min_th: 250.0, max_th: 500.0, rtt: 240.0, ..Params::default() };
        assert!(close(hred(pk).k_alpha, 2.0 / (1920.0f64 * 1920.0)));
        assert!(close(hred(Params::default()).k_alpha, 1000.0 / (400_000.0f64 * 400_000.0)));
    }

    #[test]
    fn drops_are_bernoulli_at_the_line_probability() {
        let mut h = hred(Params { p_min: 0.2, ..Params::default() });
        let mut rng = Rng::new(5, 2);
        let (n, mut drops) = (20_000, 0);
        for _ in 0..n {
            arrive(&mut h, 187_000, &mut rng); // between: prob = 0.2 + 0.05·62000/125000
            drops += usize::from(h.queue.len() == 187);
        }
        let want = 0.2 + 0.05 * 62_000.0 / 125_000.0;
        assert!(close(h.vars.prob, want));
        assert!((drops as f64 / n as f64 - want).abs() < 0.01, "{drops}");
    }

    #[test]
    fn set_param_validates_and_byte_mode_converts_thresholds() {
        let mut h = hred(Params::default());
        assert!(h.set_param("min_th", 300_000.0).unwrap_err().contains("below max_th (250000)"));
        assert!(h.set_param("max_th", 600_000.0).unwrap_err().contains("must not exceed the buffer (500000 bytes)"));
        assert_eq!(h.config(), AqmConfig::Hred(Params::default()));
        h.set_param("byte_mode", 0.0).unwrap();
        assert_eq!((h.params.min_th, h.params.max_th), (250.0, 500.0));
        let no_rtt = LinkInfo { base_rtt: 0, ..seed_003() };
        assert!(Hred::new(Params::default(), &no_rtt).err().unwrap().contains("need an RTT"));
        assert!(Hred::new(Params { literal: true, ..Params::default() }, &no_rtt).is_ok());
    }

    #[test]
    fn curve_is_the_clamped_line_over_the_buffer() {
        let mut h = hred(Params { p_min: 0.9, ..Params::default() });
        // p_max = 1.125: the line 0.675 at 0, 0.9 at min_th, reaches 1 at 125000 + 0.1/1.8e−6 = 180555.6.
        let c = h.curve().unwrap();
        assert_eq!(c.len(), 5, "{c:?}");
        assert!(close(c[0][1], 0.675) && c[1] == [125_000.0, 0.9]);
        assert!((c[2][0] - 180_555.555_555).abs() < 1e-3 && close(c[2][1], 1.0));
        assert_eq!((c[3], c[4]), ([250_000.0, 1.0], [500_000.0, 1.0]));
        h.set_param("p_min", 0.2).unwrap(); // p_max 0.25: no clamp within the buffer
        let c = h.curve().unwrap();
        assert_eq!(c.iter().map(|p| p[0]).collect::<Vec<_>>(), [0.0, 125_000.0, 250_000.0, 500_000.0]);
        assert!(close(c[3][1], 0.35));
    }
}
