//! QVARED — queue-variation adaptive RED, seed 000 (docs/papers.md, §III, Figs. 5–6), as
//! docs/algorithms/qvared.md reconstructs it: ARED whose p_b is scaled by the rate of change of the average.
//!
//! ```text
//! per arrival (if now > t_prev):  q_t = (avg − avg_prev)/(now − t_prev)   [pkts/s];  q_tmax = max(q_tmax, q_t)
//! min_th ≤ avg < max_th:          p_b = max_p·(avg − min_th)/(max_th − min_th)
//!                                 p_b ← p_b/2 if q_t < 0;  p_b ← p_b·(1 + q_t/q_tmax) if q_t > 0   (≤ 1)
//!                                 p_a = p_b/(1 − count·p_b)
//! every interval: ARED's max_p update (docs/algorithms/red-family.md)
//! ```
//! Reconstructed: Fig. 6's `q_max` and `q_tmax` are one variable; its garbled branches are the
//! linear p_b modulated by q_t; the literal triangle (rising to max_p at med_th = (min_th + max_th)/2, back to
//! 0 at max_th) is the opt-in `literal`; q_tmax never decays in the paper, `qt_reset_interval` (ms, 0 = never)
//! restarts it. The modulation applies between the thresholds only; the gentle ramp above is ARED's.

use crate::problem::Problem;

use super::ared::{self, resolve, Resolved};
use super::params::Role;
use super::params::{with_value, ParamSpec};
use super::params::{StateMeaning, StateSpec};
use super::red_core::{
    act, ared_step, buffer_in, restart_max_p, small_packet_time, Average, Line, Marks, Region, Signalling,
};
use super::red_params::red_params;
use super::shared_specs;
use super::QueueUnit;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue, QueueDisc};
use crate::time::{from_millis, to_secs, Time};

red_params! {
    /// ARED's parameters (ARED's defaults; seed 000 ran min_th 20, max_th 80, initial max_p 0.1) plus QVARED's options.
    pub struct Params {
        ared::core_fields!(),
        /// Restart q_tmax every this many milliseconds (0 = never, as the paper).
        pub qt_reset_interval: f64 = 0.0,
        /// Fig. 6 taken literally: triangle peaking at med_th.
        pub literal: bool = false,
    }
}

impl Params {
    fn ared(&self) -> ared::Params {
        let Params { min_th, max_th, max_p, w_q, interval, auto, target_delay, gentle, ecn, hard_drop, .. } = *self;
        let rest = ared::Params::default();
        ared::Params { min_th, max_th, max_p, w_q, interval, auto, target_delay, gentle, ecn, hard_drop, ..rest }
    }
}

const OWN: [ParamSpec; 2] = [
    ParamSpec::real(
        "qt_reset_interval",
        "q_tmax reset interval",
        "ms",
        (0.0, 1_000_000.0),
        "Restart the running maximum of d avg/dt this often; 0 = never, as seed 000 Fig. 6",
    )
    .role(Role::Period),
    ParamSpec::flag(
        "literal",
        "literal Fig. 6 shape",
        "Seed 000 Fig. 6 read literally: p rises to max_p at med_th and falls to 0 at max_th",
    ),
];
/// ARED's ten, then QVARED's own.
const SPECS: &[ParamSpec] = &shared_specs::concat::<10, 2, 12>(ared::CORE, OWN);

#[derive(Clone, Copy, Debug)]
struct Vars {
    avg: Average,
    marks: Marks,
    max_p: f64,
    avg_prev: f64,
    t_prev: Time,
    /// d avg/dt, pkts/s.
    q_t: f64,
    /// Largest q_t seen (≥ 0).
    q_tmax: f64,
    last_reset: Time,
    multiplier: f64,
    /// p_b before the q_t modulation.
    p_b_line: f64,
}

/// QVARED (seed 000): ARED with p_b scaled by the rate of change of the average queue.
pub struct Qvared {
    params: Params,
    link: LinkInfo,
    resolved: Resolved,
    queue: PacketQueue,
    vars: Vars,
}

impl Qvared {
    fn line(&self) -> Line {
        Line { max_p: self.vars.max_p, ..self.resolved.line }
    }

    /// p_b between the thresholds before modulation: the linear line, or Fig. 6's triangle when `literal`.
    fn base_p_b(&self, avg: f64) -> f64 {
        let line = self.line();
        if !self.params.literal {
            return line.p_b(avg);
        }
        let med = (line.min_th + line.max_th) / 2.0;
        if avg < med {
            line.max_p * (avg - line.min_th) / (med - line.min_th)
        } else {
            line.max_p * (line.max_th - avg) / (line.max_th - med)
        }
    }

    /// Seed 000 Fig. 6: the slope of avg since the previous arrival and its running maximum.
    fn track_slope(&mut self, avg: f64, now: Time) {
        let v = &mut self.vars;
        if now <= v.t_prev {
            return; // same timestamp: keep the previous q_t
        }
        let reset = from_millis(self.params.qt_reset_interval);
        if reset > 0 && now - v.last_reset >= reset {
            (v.q_tmax, v.last_reset) = (0.0, now);
        }
        v.q_t = (avg - v.avg_prev) / to_secs(now - v.t_prev);
        v.q_tmax = v.q_tmax.max(v.q_t);
        (v.avg_prev, v.t_prev) = (avg, now);
    }

    /// ½ while the average falls, 1 + q_t/q_tmax (≤ 2) while it rises.
    fn multiplier(&self) -> f64 {
        let Vars { q_t, q_tmax, .. } = self.vars;
        if q_t < 0.0 {
            0.5
        } else if q_t > 0.0 && q_tmax > 0.0 {
            1.0 + q_t / q_tmax
        } else {
            1.0
        }
    }
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 12] = [
    StateSpec::new("avg", "queue unit", StateMeaning::Average),
    StateSpec::new("q_t", "queue unit", StateMeaning::Other),
    StateSpec::new("q_tmax", "queue unit", StateMeaning::Other),
    StateSpec::other("multiplier"),
    StateSpec::other("p_b_line"),
    StateSpec::other("p_b"),
    StateSpec::probability("p_a"),
    StateSpec::new("count", "packets", StateMeaning::Count),
    StateSpec::other("max_p"),
    StateSpec::other("region"),
    StateSpec::new("band_lo", "queue unit", StateMeaning::Band),
    StateSpec::new("band_hi", "queue unit", StateMeaning::Band),
];

impl Algorithm for Qvared {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "qvared",
        "QVARED (queue-variation ARED)",
        "Seed 000 §III, Figs. 5–6, as reconstructed in docs/algorithms/qvared.md",
        "Adaptive RED with p halved while the average queue falls, up to doubled while it rises.",
    )
    .red_signals()
    .band(super::params::Band::Average)
    .state(&STATE)
    .params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let resolved = resolve(&params.ared(), link)?;
        let vars = Vars {
            avg: Average::default(),
            marks: Marks::default(),
            max_p: params.max_p,
            avg_prev: 0.0,
            t_prev: 0,
            q_t: 0.0,
            q_tmax: 0.0,
            last_reset: 0,
            multiplier: 1.0,
            p_b_line: 0.0,
        };
        Ok(Qvared { params, link: *link, resolved, queue: PacketQueue::new(), vars })
    }
}

impl QueueDisc for Qvared {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let q = self.queue.len() as f64;
        let avg = self.vars.avg.update(q, self.resolved.w_q, env.now, small_packet_time(&self.link));
        self.track_slope(avg, env.now);
        let line = self.line();
        let region = line.region(avg);
        let p_b = if region == Region::Between {
            (self.vars.p_b_line, self.vars.multiplier) = (self.base_p_b(avg), self.multiplier());
            (self.vars.p_b_line * self.vars.multiplier).min(1.0)
        } else {
            (self.vars.p_b_line, self.vars.multiplier) = (line.p_b(avg), 1.0);
            self.vars.p_b_line
        };
        let verdict = self.vars.marks.decide(region, p_b, || env.uniform());
        let signalling = Signalling { ecn: self.params.ecn, hard_drop: self.params.hard_drop };
        act(verdict, packet, env, &mut self.queue, self.link.limit, signalling);
    }

    fn on_link_idle(&mut self, env: &mut Env) {
        self.vars.avg.go_idle(env.now);
    }

    fn tick_interval(&self) -> Option<Time> {
        Some(from_millis(self.params.interval))
    }

    fn on_tick(&mut self, _env: &mut Env) {
        self.vars.max_p = ared_step(self.vars.max_p, self.vars.avg.avg, self.resolved.line.band());
    }

    fn set_link_rate(&mut self, rate_bps: f64) {
        self.link.rate_bps = rate_bps;
    }

    /// As ARED: setting `max_p` restarts the adaptation from it.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = with_value(&self.params, SPECS, name, value)?;
        self.resolved = resolve(&p.ared(), &self.link)?;
        self.params = p;
        restart_max_p(name, &mut self.vars.max_p, p.max_p);
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let (v, line) = (self.vars, self.line());
        let (lo, hi) = line.band();
        vec![
            ("avg", v.avg.avg),
            ("q_t", v.q_t),
            ("q_tmax", v.q_tmax),
            ("multiplier", v.multiplier),
            ("p_b_line", v.p_b_line),
            ("p_b", v.marks.p_b),
            ("p_a", v.marks.p_a),
            ("count", v.marks.count as f64),
            ("max_p", v.max_p),
            ("region", v.marks.region.code()),
            ("band_lo", lo),
            ("band_hi", hi),
        ]
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.vars.avg.avg, p: self.vars.marks.p_b }
    }

    /// The unmodulated curve (the q_t factor moves the operating point between ½× and 2× of it).
    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        let (line, end) = (self.line(), buffer_in(QueueUnit::Packets, &self.link));
        let mut pts = line.points(end);
        if self.params.literal {
            let med = (line.min_th + line.max_th) / 2.0;
            pts.splice(2..3, [[med, line.max_p], [line.max_th, 0.0], [line.max_th, line.max_p]]);
            if line.gentle_upper.is_none() {
                pts.remove(4); // no gentle ramp: the jump to 1 is at max_th itself
            }
        }
        Some(pts)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::aqm::Limit;
    use crate::aqm::Registered;
    use crate::rng::Rng;
    use crate::time::MILLI;

    /// Seed 000's thresholds 20/80 with w_q = ½ so each arrival moves avg halfway to q.
    fn seed_000() -> Qvared {
        let p = Params { min_th: 20.0, max_th: 80.0, w_q: 0.5, ..Params::default() };
        Qvared::new(p, &link(Limit::packets(160))).unwrap()
    }

    /// Seed 000's QVARED whose average has been 30 packets since `t_prev_ms`, and a random source.
    fn settled_at_30(t_prev_ms: u64) -> (Qvared, Rng) {
        let mut q = seed_000();
        q.vars.avg = Average { avg: 30.0, idle: false, idle_since: 0 };
        (q.vars.avg_prev, q.vars.t_prev) = (30.0, t_prev_ms * MILLI);
        (q, Rng::new(1, 2))
    }

    fn arrive(q: &mut Qvared, queued: usize, ms: u64, rng: &mut Rng) {
        q.queue.drain();
        (0..queued).for_each(|_| q.adopt(pkt(9, 1000)));
        enqueue_at(q, pkt(0, 1000), ms * MILLI, rng);
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn rising_average_multiplies_p_b_by_one_plus_q_t_over_q_tmax_and_falling_halves_it() {
        let (mut q, mut rng) = settled_at_30(1000);
        // q = 40 at 1.1 s: avg 35, q_t = 5/0.1 = 50 = q_tmax ⇒ ×2; line 0.1·15/60 = 0.025.
        arrive(&mut q, 40, 1100, &mut rng);
        assert!(close(q.vars.q_t, 50.0) && close(q.vars.q_tmax, 50.0));
        assert_eq!(q.vars.multiplier, 2.0);
        assert!(close(q.vars.p_b_line, 0.025) && close(q.vars.marks.p_b, 0.05));
        // q = 39 at 1.2 s: avg 37, q_t = 20 ⇒ ×(1 + 20/50) = 1.4 on 0.1·17/60.
        arrive(&mut q, 39, 1200, &mut rng);
        assert!(close(q.vars.q_t, 20.0) && close(q.vars.multiplier, 1.4));
        assert!(close(q.vars.marks.p_b, 0.1 * 17.0 / 60.0 * 1.4));
        // q = 10 at 1.3 s: avg 23.5, q_t = −135 ⇒ ×½; q_tmax keeps 50.
        arrive(&mut q, 10, 1300, &mut rng);
        assert!(close(q.vars.q_t, -135.0) && close(q.vars.q_tmax, 50.0));
        assert_eq!(q.vars.multiplier, 0.5);
        assert!(close(q.vars.marks.p_b, 0.1 * 3.5 / 60.0 / 2.0));
        // Same timestamp: q_t is kept; avg 16.75 < min_th: no modulation, count −1.
        arrive(&mut q, 10, 1300, &mut rng);
        assert!(close(q.vars.q_t, -135.0));
        assert_eq!((q.vars.marks.count, q.vars.multiplier, q.vars.marks.p_b), (-1, 1.0, 0.0));
    }

    #[test]
    fn q_t_is_negative_exactly_when_the_queue_is_below_its_average() {
        // avg_new − avg_old = w_q·(q − avg_old) (docs/algorithms/qvared.md's test identity).
        let (mut q, mut rng) = settled_at_30(50);
        for (i, queued) in [29usize, 31, 30, 12, 50].into_iter().enumerate() {
            let before = q.vars.avg.avg;
            arrive(&mut q, queued, 100 + 10 * i as u64, &mut rng);
            assert_eq!(q.vars.q_t < 0.0, (queued as f64) < before, "q {queued}, avg {before}");
        }
    }

    #[test]
    fn qt_reset_interval_restarts_the_running_maximum() {
        let mut q = seed_000();
        q.set_param("qt_reset_interval", 500.0).unwrap();
        let mut rng = Rng::new(1, 2);
        q.vars.avg = Average { avg: 20.0, idle: false, idle_since: 0 };
        (q.vars.avg_prev, q.vars.t_prev, q.vars.last_reset) = (20.0, 100 * MILLI, 100 * MILLI);
        arrive(&mut q, 120, 101, &mut rng); // a burst: q_t = 50/0.001 = 50000
        assert!(close(q.vars.q_tmax, 50_000.0));
        arrive(&mut q, 72, 200, &mut rng); // avg 70 → 71: q_t = 1/0.099, q_tmax still 50000
        assert!(close(q.vars.q_tmax, 50_000.0));
        arrive(&mut q, 73, 700, &mut rng); // 0.6 s after the last reset: q_tmax restarts at q_t = 1/0.5
        assert!(close(q.vars.q_t, 2.0) && close(q.vars.q_tmax, 2.0));
        assert_eq!(q.vars.multiplier, 2.0);
    }

    #[test]
    fn literal_shape_peaks_at_med_th_and_falls_to_zero_at_max_th() {
        let mut q = seed_000();
        q.set_param("literal", 1.0).unwrap();
        assert!(close(q.base_p_b(35.0), 0.05)); // 0.1·15/30
        assert!(close(q.base_p_b(50.0), 0.1));
        assert!(close(q.base_p_b(65.0), 0.05));
        assert!(close(q.base_p_b(79.0), 0.1 / 30.0));
        let curve = q.curve().unwrap();
        assert_eq!(curve[1..5], [[20.0, 0.0], [50.0, 0.1], [80.0, 0.0], [80.0, 0.1]]);
    }

    #[test]
    fn runs_ared_adaptation_and_rejects_bad_thresholds() {
        let mut q = seed_000();
        q.vars.avg.avg = 70.0; // above the band [44, 56]
        q.on_tick(&mut Env::new(0, &mut Rng::new(1, 2), &mut vec![]));
        assert!(close(q.vars.max_p, 0.11));
        assert_eq!(q.tick_interval(), Some(500 * MILLI));
        let before = q.config();
        assert!(q.set_param("max_th", 200.0).unwrap_err().contains("must not exceed the buffer (160 packets)"));
        assert!(q.set_param("min_th", 90.0).unwrap_err().contains("below max_th (80)"));
        assert_eq!(q.config(), before);
    }
}
