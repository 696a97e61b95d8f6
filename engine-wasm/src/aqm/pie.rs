//! PIE, Proportional Integral controller Enhanced (R. Pan, P. Natarajan, F. Baker, G. White, RFC 8033, 2017;
//! not in the seeds), docs/algorithms/pie.md.
//!
//! PIE drops at enqueue with probability p. A timer updates p every T_UPDATE from the queueing delay estimate
//! `qdelay` (RFC 8033 §4.2):
//!
//! ```text
//!   p ← p + [α·(qdelay − QDELAY_REF) + β·(qdelay − qdelay_old)] / s(p)
//! ```
//!
//! The auto-tuning divisor s(p) is 2048, 512, 128, 32, 8 or 2 for p below 10⁻⁶, 10⁻⁵, 10⁻⁴, 10⁻³, 10⁻² or
//! 0.1, and 1 above. While p ≥ 0.1 one step adds at most 0.02 (§5.5). p decays by 2 % per update when both
//! delays are 0. A burst allowance of MAX_BURST suspends early drops after an idle period (§4.4).
//! De-randomisation (§5.4) accumulates p per arrival in `accu_prob`: no drop below 0.85, always a drop at 8.5.
//!
//! qdelay is the sojourn time of the last dequeued packet (§4.3, timestamp method), taken as 0 when that
//! dequeue left the queue empty (as Linux does) or when the queue is empty at the update. The `dq_rate_estimator`
//! option uses the departure-rate estimate of §5.2 instead, qdelay = backlog·avg_dq_time/DQ_THRESHOLD.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{concat, StateMeaning, StateSpec};
use super::shared_specs;
use super::{check_threshold_in_buffer, params, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint};
use super::{Packet, PacketQueue, ParamSpec, QueueDisc, QueueUnit, Reason};
use crate::time::{from_millis, from_secs, to_secs, Time};

/// PIE's parameters. Times are in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// QDELAY_REF, ms: target queueing delay (RFC 8033 §4.2: 15 ms).
    pub qdelay_ref: f64,
    /// T_UPDATE, ms: period of the probability update (RFC 8033 §4.2: 15 ms).
    pub t_update: f64,
    /// α, 1/s: weight of the delay error (RFC 8033 §4.2: 0.125).
    pub alpha: f64,
    /// β, 1/s: weight of the delay trend (RFC 8033 §4.2: 1.25).
    pub beta: f64,
    /// MAX_BURST, ms: burst allowance after an idle period (RFC 8033 §4.4: 150 ms).
    pub max_burst: f64,
    /// Accumulate p per arrival to space drops evenly (RFC 8033 §5.4; always on in Linux).
    pub derandomize: bool,
    /// Estimate qdelay from the departure rate instead of timestamps (RFC 8033 §5.2).
    pub dq_rate_estimator: bool,
    /// DQ_THRESHOLD, bytes: size of one departure-rate measurement cycle (RFC 8033 §5.2: 16 KB).
    pub dq_threshold: u32,
    /// CE-mark ECN-capable packets while p < 0.1 (RFC 8033 §5.1).
    pub ecn: bool,
    /// Marking stops at this drop probability (RFC 8033 §5.1 mark_ecnth; ns-3 MarkEcnThreshold; Linux
    /// ecn_prob, in percent there).
    pub mark_ecn_th: f64,
    /// Hold p at 0 while burst allowance remains (ns-3 `PieQueueDisc::CalculateP`); off: p keeps updating
    /// (RFC 8033 §4.4, Linux).
    pub burst_holds_p: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            qdelay_ref: 15.0,
            t_update: 15.0,
            alpha: 0.125,
            beta: 1.25,
            max_burst: 150.0,
            derandomize: true,
            dq_rate_estimator: false,
            dq_threshold: 16384,
            ecn: false,
            mark_ecn_th: 0.1,
            burst_holds_p: false,
        }
    }
}

/// EWMA weight of a new departure-time sample, DQ_THRESHOLD/2¹⁶ (RFC 8033 Appendix B).
const DQ_WEIGHT: f64 = 0.25;

/// RFC 8033 §4.2 auto-tuning: the smaller p, the smaller each step.
pub(crate) fn divisor(p: f64) -> f64 {
    const STEPS: [(f64, f64); 6] =
        [(1e-6, 2048.0), (1e-5, 512.0), (1e-4, 128.0), (1e-3, 32.0), (1e-2, 8.0), (0.1, 2.0)];
    STEPS.iter().find(|(below, _)| p < *below).map_or(1.0, |&(_, d)| d)
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Vars {
    drop_prob: f64,
    qdelay: Time,
    qdelay_old: Time,
    burst_allowance: Time,
    accu_prob: f64,
    /// Sojourn of the last dequeued packet, 0 if that dequeue emptied the queue.
    last_sojourn: Time,
    /// The last update's two terms after the divisor: α·error (integral) and β·trend (proportional).
    i_term: f64,
    p_term: f64,
    /// Departure-rate estimator (§5.2): cycle in progress, its start and bytes, and the mean cycle time (s).
    in_measurement: bool,
    measurement_start: Time,
    dq_count: u64,
    avg_dq_time: f64,
}

/// PIE (RFC 8033): a drop probability updated from the estimated queueing delay against a target.
pub struct Pie {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 12] = concat(
    [
        StateSpec::probability("drop_prob"),
        StateSpec::new("qdelay", "s", StateMeaning::QueueDelay),
        StateSpec::new("qdelay_old", "s", StateMeaning::Other),
        StateSpec::new("burst_allowance", "s", StateMeaning::Other),
        StateSpec::other("accu_prob"),
        StateSpec::other("p_term"),
        StateSpec::other("i_term"),
        StateSpec::other("divisor"),
        StateSpec::new("avg_dq_rate", "bytes/s", StateMeaning::Other),
    ],
    super::DELAY_BAND_STATE,
);

impl Algorithm for Pie {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "pie",
        "PIE",
        "R. Pan, P. Natarajan, F. Baker, G. White, RFC 8033 (2017); not in the seeds",
        "Drops at enqueue with a probability that a PI law on queueing delay updates every T_UPDATE, \
                  auto-scaled by the current probability, with a burst allowance.",
    )
    .target_signals()
    .band(super::params::Band::Delay)
    .state(&STATE)
    .params(&[
        ParamSpec::real("qdelay_ref", "Target delay", "ms", (1.0, 1000.0), "QDELAY_REF (RFC 8033 §4.2: 15 ms)")
            .delay_target(),
        ParamSpec::real("t_update", "Update period", "ms", (1.0, 1000.0), "T_UPDATE (RFC 8033 §4.2: 15 ms)")
            .role(Role::Period),
        ParamSpec::real("alpha", "α", "1/s", (0.0, 10.0), "Weight of the delay error (RFC 8033 §4.2: 0.125)")
            .role(Role::Gain),
        ParamSpec::real("beta", "β", "1/s", (0.0, 100.0), "Weight of the delay trend (RFC 8033 §4.2: 1.25)")
            .role(Role::Gain),
        ParamSpec::real(
            "max_burst",
            "Burst allowance",
            "ms",
            (0.0, 10_000.0),
            "MAX_BURST: no early drop this long after the queue was idle (RFC 8033 §4.4: 150 ms)",
        )
        .role(Role::Period),
        ParamSpec::flag("derandomize", "De-randomise", "Accumulate p between drops (RFC 8033 §5.4)"),
        ParamSpec::flag(
            "dq_rate_estimator",
            "Rate estimator",
            "qdelay = backlog / departure rate instead of timestamps (RFC 8033 §5.2)",
        ),
        ParamSpec::int(
            "dq_threshold",
            "DQ_THRESHOLD",
            "bytes",
            (1500.0, 1_000_000.0),
            "Bytes per departure-rate measurement cycle (RFC 8033 §5.2: 16 KB)",
        )
        .role(Role::Size)
        .applies_when("dq_rate_estimator", &["on"]),
        ParamSpec { help: "CE-mark ECN-capable packets while p < mark_ecn_th (RFC 8033 §5.1)", ..shared_specs::ECN },
        ParamSpec::real(
            "mark_ecn_th",
            "ECN marking threshold",
            "",
            (0.0, 1.0),
            "With ECN, mark while p is below this, drop above (RFC 8033 §5.1 mark_ecnth 0.1; ns-3 \
                 MarkEcnThreshold; Linux ecn_prob 10 %; docs/pie.md)",
        )
        .probability(None)
        .applies_when("ecn", &["on"]),
        ParamSpec::flag(
            "burst_holds_p",
            "Hold p during burst",
            "p stays 0 while burst allowance remains, as ns-3 PieQueueDisc::CalculateP; off: p keeps \
                 updating and only early drops wait (RFC 8033 §4.4, Linux; docs/pie.md)",
        ),
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        let vars = Vars { burst_allowance: from_millis(params.max_burst), ..Vars::default() };
        Ok(Pie { params, link: *link, queue: PacketQueue::new(), vars })
    }
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    if p.dq_rate_estimator {
        // A cycle only starts with DQ_THRESHOLD bytes queued (§5.2), so the buffer must be able to hold them.
        check_threshold_in_buffer("dq_threshold", p.dq_threshold as f64, QueueUnit::Bytes, link)?;
    }
    Ok(())
}

impl Pie {
    /// RFC 8033 §4.1 with §5.4: the early-drop decision for one arrival (burst allowance checked by the caller).
    fn drop_early(&mut self, env: &mut Env) -> bool {
        let v = &mut self.vars;
        let half_ref = from_millis(self.params.qdelay_ref) / 2;
        let mean = self.link.mean_pkt_size as u64;
        // Work-conserving safeguard: light congestion or at most two packets queued.
        if (v.qdelay_old < half_ref && v.drop_prob < 0.2) || self.queue.bytes() <= 2 * mean {
            return false;
        }
        if !self.params.derandomize {
            return env.uniform() < v.drop_prob;
        }
        if v.drop_prob == 0.0 {
            v.accu_prob = 0.0;
        }
        v.accu_prob += v.drop_prob;
        if v.accu_prob < 0.85 {
            return false;
        }
        if v.accu_prob >= 8.5 {
            return true;
        }
        env.uniform() < v.drop_prob
    }

    /// RFC 8033 §4.2–§4.4 and §5.5: one T_UPDATE step with the delay estimate `qdelay`.
    fn update(&mut self, qdelay: Time) {
        let p = &self.params;
        let v = &mut self.vars;
        let (q, old, target) = (to_secs(qdelay), to_secs(v.qdelay_old), p.qdelay_ref / 1000.0);
        if p.burst_holds_p && v.burst_allowance > 0 {
            // ns-3 PieQueueDisc::CalculateP: no update while the burst allowance lasts (docs/pie.md).
            (v.drop_prob, v.i_term, v.p_term) = (0.0, 0.0, 0.0);
        } else {
            let scale = divisor(v.drop_prob);
            v.i_term = p.alpha * (q - target) / scale;
            v.p_term = p.beta * (q - old) / scale;
            let mut delta = v.i_term + v.p_term;
            if v.drop_prob >= 0.1 && delta > 0.02 {
                delta = 0.02; // §5.5: cap the step once p is high
            }
            v.drop_prob += delta;
            if qdelay == 0 && v.qdelay_old == 0 {
                v.drop_prob *= 0.98; // §4.2: decay when congestion is gone
            }
            v.drop_prob = v.drop_prob.clamp(0.0, 1.0);
        }
        let (max_burst, t_update, half_ref) =
            (from_millis(p.max_burst), from_millis(p.t_update), from_millis(p.qdelay_ref) / 2);
        v.burst_allowance = v.burst_allowance.saturating_sub(t_update);
        if v.drop_prob == 0.0 && qdelay < half_ref && v.qdelay_old < half_ref {
            v.burst_allowance = max_burst; // §4.4: the queue is calm again
        }
        v.qdelay = qdelay;
        v.qdelay_old = qdelay;
    }

    /// The delay estimate an update uses (§4.3 timestamps, or §5.2 departure rate).
    fn current_qdelay(&self) -> Time {
        if self.queue.is_empty() {
            return 0;
        }
        if self.params.dq_rate_estimator {
            let secs = self.queue.bytes() as f64 * self.vars.avg_dq_time / self.params.dq_threshold as f64;
            return from_secs(secs);
        }
        self.vars.last_sojourn
    }

    /// RFC 8033 §5.2 (Appendix B): time to dequeue DQ_THRESHOLD bytes, measured while the backlog is large.
    fn measure_departure(&mut self, backlog_before: u64, size: u32, now: Time) {
        let (v, threshold) = (&mut self.vars, self.params.dq_threshold as u64);
        if !v.in_measurement && backlog_before >= threshold {
            v.in_measurement = true;
            v.measurement_start = now;
            v.dq_count = 0;
        }
        if v.in_measurement {
            v.dq_count += size as u64;
            if v.dq_count >= threshold {
                let sample = to_secs(now - v.measurement_start);
                v.avg_dq_time =
                    if v.avg_dq_time == 0.0 { sample } else { DQ_WEIGHT * sample + (1.0 - DQ_WEIGHT) * v.avg_dq_time };
                v.in_measurement = false;
            }
        }
    }
}

impl QueueDisc for Pie {
    super::fifo_storage!();

    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        if !self.queue.fits(self.link.limit, &packet) {
            self.vars.accu_prob = 0.0;
            env.drop(packet, Reason::Overflow);
            return;
        }
        if self.vars.burst_allowance == 0 && self.drop_early(env) {
            self.vars.accu_prob = 0.0;
            let ecn = self.params.ecn && self.vars.drop_prob < self.params.mark_ecn_th;
            match env.signal(packet, Reason::Target, ecn) {
                Some(marked) => packet = marked,
                None => return,
            }
        }
        packet.enqueued_at = env.now;
        self.queue.push(packet);
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        let backlog_before = self.queue.bytes();
        let packet = self.queue.pop()?;
        if self.params.dq_rate_estimator {
            self.measure_departure(backlog_before, packet.size, env.now);
        }
        self.vars.last_sojourn = if self.queue.is_empty() { 0 } else { env.now.saturating_sub(packet.enqueued_at) };
        Some(packet)
    }

    fn tick_interval(&self) -> Option<Time> {
        Some(from_millis(self.params.t_update))
    }

    fn on_tick(&mut self, _env: &mut Env) {
        let qdelay = self.current_qdelay();
        self.update(qdelay);
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        validate(&p, &self.link)?;
        if p.max_burst != self.params.max_burst {
            self.vars.burst_allowance = self.vars.burst_allowance.min(from_millis(p.max_burst));
        }
        self.params = p;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let v = &self.vars;
        let rate = if v.avg_dq_time > 0.0 { self.params.dq_threshold as f64 / v.avg_dq_time } else { f64::NAN };
        let mut s = vec![
            ("drop_prob", v.drop_prob),
            ("qdelay", to_secs(v.qdelay)),
            ("qdelay_old", to_secs(v.qdelay_old)),
            ("burst_allowance", to_secs(v.burst_allowance)),
            ("accu_prob", v.accu_prob),
            ("p_term", v.p_term),
            ("i_term", v.i_term),
            ("divisor", divisor(v.drop_prob)),
            ("avg_dq_rate", rate),
        ];
        s.extend(super::delay_band(self.params.qdelay_ref, &self.link));
        s
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: f64::NAN, p: self.vars.drop_prob }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::Limit;
    use super::*;
    use crate::rng::Rng;
    use crate::time::MILLI;

    fn pie(params: Params) -> Pie {
        Pie::new(params, &link(Limit::packets(1000))).unwrap()
    }

    /// A PIE past its burst allowance (early drops on) whose probability is `drop_prob` and whose last
    /// delay was `qdelay_old_ms`.
    fn congested(params: Params, drop_prob: f64, qdelay_old_ms: u64) -> Pie {
        let mut q = pie(params);
        q.vars.burst_allowance = 0;
        q.vars.drop_prob = drop_prob;
        q.vars.qdelay_old = qdelay_old_ms * MILLI;
        q
    }

    /// One update from a given state, returning the new drop probability.
    fn step(drop_prob: f64, qdelay_old_ms: u64, qdelay_ms: u64) -> f64 {
        let mut q = pie(Params::default());
        q.vars.drop_prob = drop_prob;
        q.vars.qdelay_old = qdelay_old_ms * MILLI;
        q.update(qdelay_ms * MILLI);
        q.vars.drop_prob
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1e-12)
    }

    #[test]
    fn auto_tuning_divisor_steps_with_the_probability() {
        let cases = [(0.0, 2048.0), (9.9e-7, 2048.0), (1e-6, 512.0), (5e-5, 128.0), (5e-4, 32.0)];
        let more = [(5e-3, 8.0), (0.05, 2.0), (0.1, 1.0), (0.7, 1.0)];
        for (p, d) in cases.into_iter().chain(more) {
            assert_eq!(divisor(p), d, "p = {p}");
        }
    }

    #[test]
    fn probability_update_matches_rfc_8033_arithmetic() {
        // From p = 0, qdelay 15 → 30 ms: (0.125·0.015 + 1.25·0.015)/2048
        assert!(close(step(0.0, 15, 30), 0.020625 / 2048.0));
        // p = 0.05 (divisor 2), qdelay steady at 20 ms: 0.05 + 0.125·0.005/2
        assert!(close(step(0.05, 20, 20), 0.0503125));
        // p = 0.009 (divisor 8), delay falling 40 → 10 ms: 0.009 + (0.125·(−0.005) + 1.25·(−0.03))/8
        assert!(close(step(0.009, 40, 10), 0.004234375));
        // p = 0.2, a big jump is capped at +0.02 (§5.5)
        assert!(close(step(0.2, 20, 100), 0.22));
        // p = 0.5 with both delays 0: (0.5 − 0.125·0.015)·0.98
        assert!(close(step(0.5, 0, 0), 0.4881625));
        // never below 0
        assert_eq!(step(1e-7, 0, 0), 0.0);
    }

    #[test]
    fn updates_on_each_tick_from_the_last_dequeued_sojourn() {
        let mut q = pie(Params::default());
        let mut rng = Rng::new(1, 2);
        for _ in 0..20 {
            enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        }
        dequeue_at(&mut q, 30 * MILLI, &mut rng);
        let mut sig = Vec::new();
        q.on_tick(&mut Env::new(30 * MILLI, &mut rng, &mut sig));
        assert_eq!(q.vars.qdelay, 30 * MILLI);
        assert!(close(q.vars.drop_prob, (0.125 * 0.015 + 1.25 * 0.03) / 2048.0));
        assert!(close(q.vars.i_term, 0.125 * 0.015 / 2048.0) && close(q.vars.p_term, 1.25 * 0.03 / 2048.0));
        assert_eq!(q.tick_interval(), Some(15 * MILLI));
    }

    #[test]
    fn burst_allowance_runs_down_by_t_update_and_refills_when_calm() {
        let mut q = pie(Params::default());
        q.vars.drop_prob = 0.01;
        for k in 1..=10u64 {
            q.update(40 * MILLI);
            assert_eq!(q.vars.burst_allowance, (150 - 15 * k) * MILLI);
        }
        q.update(40 * MILLI);
        assert_eq!(q.vars.burst_allowance, 0);
        // Calm again: p decays to 0 only through updates with zero delay, then the allowance refills.
        q.vars.drop_prob = 0.0;
        q.vars.qdelay_old = 5 * MILLI;
        q.update(2 * MILLI);
        assert_eq!(q.vars.burst_allowance, 150 * MILLI);
    }

    #[test]
    fn no_early_drop_during_the_burst_allowance() {
        let mut q = pie(Params::default());
        let mut rng = Rng::new(1, 2);
        q.vars.drop_prob = 1.0;
        q.vars.qdelay_old = 100 * MILLI;
        for _ in 0..50 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        }
        q.vars.burst_allowance = 0;
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng)[0].reason, Reason::Target);
    }

    #[test]
    fn derandomised_drops_need_accumulated_probability() {
        let mut q = congested(Params::default(), 0.0, 100);
        let mut rng = Rng::new(1, 2);
        for _ in 0..10 {
            enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        }
        // p = 0.01: the first 84 arrivals accumulate 0.01…0.84 < 0.85 and are never dropped.
        q.vars.drop_prob = 0.01;
        for i in 0..84 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty(), "arrival {i}");
        }
        assert!(close(q.vars.accu_prob, 0.84));
        // At 8.5 the drop is certain, and the accumulator restarts.
        q.vars.accu_prob = 8.46;
        q.vars.drop_prob = 0.05;
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).len(), 1);
        assert_eq!(q.vars.accu_prob, 0.0);
    }

    #[test]
    fn safeguard_skips_early_drops_for_light_congestion_or_two_packets() {
        // The last delay below QDELAY_REF/2 and p < 0.2.
        let mut q = congested(Params { derandomize: false, ..Params::default() }, 0.19, 7);
        let mut rng = Rng::new(1, 2);
        for _ in 0..100 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty());
        }
        let mut q = congested(Params { derandomize: false, ..Params::default() }, 1.0, 100);
        for _ in 0..3 {
            assert!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).is_empty(), "≤ 2 MEAN_PKTSIZE queued");
        }
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng).len(), 1);
    }

    #[test]
    fn ecn_marks_only_below_ten_percent() {
        let mut q = congested(Params { ecn: true, derandomize: false, ..Params::default() }, 0.0, 100);
        let mut rng = Rng::new(1, 2);
        for _ in 0..3 {
            enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        }
        let mut ect = pkt(1, 1000);
        ect.ect = crate::packet::Ect::Ect0;
        q.vars.drop_prob = 0.0999999;
        let marks = (0..500).flat_map(|_| enqueue_at(&mut q, ect, 0, &mut rng)).collect::<Vec<_>>();
        assert!(!marks.is_empty() && marks.iter().all(|s| s.marked));
        q.vars.drop_prob = 0.1;
        let drops = (0..200).flat_map(|_| enqueue_at(&mut q, ect, 0, &mut rng)).collect::<Vec<_>>();
        assert!(!drops.is_empty() && drops.iter().all(|s| !s.marked));
    }

    #[test]
    fn mark_ecn_th_moves_the_switch_from_marking_to_dropping() {
        // ns-3 MarkEcnThreshold / Linux ecn_prob: at p = 0.15 the default 0.1 drops, a threshold of 0.2 marks.
        let run = |mark_ecn_th: f64| {
            let mut q = congested(Params { ecn: true, derandomize: false, mark_ecn_th, ..Params::default() }, 0.0, 100);
            let mut rng = Rng::new(1, 2);
            (0..3).for_each(|_| {
                enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
            });
            q.vars.drop_prob = 0.15;
            let mut ect = pkt(1, 1000);
            ect.ect = crate::packet::Ect::Ect0;
            (0..300).flat_map(|_| enqueue_at(&mut q, ect, 0, &mut rng)).collect::<Vec<_>>()
        };
        let (dropped, marked) = (run(0.1), run(0.2));
        assert!(!dropped.is_empty() && dropped.iter().all(|s| !s.marked));
        assert!(!marked.is_empty() && marked.iter().all(|s| s.marked));
    }

    #[test]
    fn burst_holds_p_keeps_the_probability_at_zero_until_the_allowance_is_spent() {
        // qdelay 40 ms against QDELAY_REF 15 ms from p = 0, allowance 150 ms: RFC 8033 (default) raises p
        // every T_UPDATE, ns-3 holds it at 0 until the allowance has run out after 10 updates.
        let run = |burst_holds_p: bool| {
            let mut q = pie(Params { burst_holds_p, ..Params::default() });
            (0..11)
                .map(|_| {
                    q.update(40 * MILLI);
                    q.vars.drop_prob
                })
                .collect::<Vec<_>>()
        };
        let (rfc, ns3) = (run(false), run(true));
        assert!(close(rfc[0], (0.125 * 0.025 + 1.25 * 0.04) / 2048.0), "{rfc:?}");
        assert!(rfc.windows(2).all(|w| w[1] > w[0]), "{rfc:?}");
        assert!(ns3[..10].iter().all(|&p| p == 0.0), "{ns3:?}");
        // The 11th update is the first with no allowance left: p leaves 0 (α term only, qdelay steady).
        assert!(close(ns3[10], 0.125 * 0.025 / 2048.0), "{ns3:?}");
    }

    #[test]
    fn rate_estimator_turns_backlog_into_delay() {
        let mut q = pie(Params { dq_rate_estimator: true, ..Params::default() });
        let mut rng = Rng::new(1, 2);
        for _ in 0..40 {
            enqueue_at(&mut q, pkt(0, 1024), 0, &mut rng);
        }
        // One packet per ms: the cycle starts at the first dequeue and ends at the 16th (16 × 1024 B).
        for ms in 0..16 {
            dequeue_at(&mut q, ms * MILLI, &mut rng);
        }
        assert!(close(q.vars.avg_dq_time, 0.015));
        // 24 packets left: 24576 B × 15 ms / 16384 B = 22.5 ms
        assert_eq!(q.current_qdelay(), 22_500_000);
        let err = Pie::new(Params { dq_rate_estimator: true, ..Params::default() }, &link(Limit::packets(10)));
        assert!(err.err().unwrap().contains("dq_threshold (16384) must not exceed the buffer"));
    }
}
