//! Per-flow selective drop with an optimal-window threshold (H.-S. Chae, M.-R. Choi, "A New Queueing Algorithm
//! for Improving Fairness between TCP Flows", KIPS 2004; seed 004 §3.2, §4, eqs. 5–9, Fig. 7, Table 2),
//! docs/algorithms/selective-drop.md.
//!
//! A FIFO that counts each flow's queued packets, cnt_i, and drops an arrival of flow i when
//! cnt_i + 1 > Q_thresh. A flow can therefore hold at most Q_thresh packets, so a loss-driven sender (Reno)
//! cannot crowd out a delay-driven one (Vegas). The threshold is set by hand (seed Table 2: 4, 5, 6, 6), or
//! derived from the optimal window (eqs. 6–9):
//!
//! ```text
//!   T_res = 2τ + T_ACK,   W_best = T_res·BW / (8·L_D·N_C) + 2,   Q_thresh = ⌈k_q·W_best⌉
//! ```
//!
//! Here τ is the bottleneck's one-way delay, BW its rate (bit/s), L_D the data packet size (the link's mean
//! packet size), and N_C the live number of flows: those with a packet queued or an arrival within the last
//! `active_timeout`. Eq. 9 only says Q_thresh ∝ W_best. k_q = 2 reproduces Table 2 within ±1, so fixed mode is
//! the default (docs/algorithms/selective-drop.md ambiguity 2). Eq. 7 with τ alone under-predicts the measured windows
//! (ambiguity 3), hence the option to take T_res from the flows' base RTT instead.
//! Selective drops are always drops: a CE mark would leave the packet queued and break the cap.
//!
//! Reno is fragile behind a tight cap: when its whole window sits in the queue, the cap drops two packets of
//! one window and Reno (one fast retransmit per window) times out. Which Q_thresh values avoid that depends on
//! the window grid, hence Table 2 reports the best value per link and the seed-004 tests use those, with the
//! senders' window cuts in whole segments as in the seed's ns-2 (at 5 Mbit/s auto mode's 7 times out ~240
//! times in 100 s where the seed's 6 does once).

use crate::problem::Problem;
use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{StateMeaning, StateSpec};
use super::{params, Algorithm, AlgorithmInfo, Env, LinkInfo, Packet, PacketQueue, ParamSpec};
use super::{QueueDisc, Reason};
use crate::time::{from_millis, to_secs, Time};

/// The selective drop's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Derive Q_thresh from W_best (eq. 9) instead of using `q_thresh`.
    pub auto: bool,
    /// Per-flow cap in packets in fixed mode (seed 004 Table 2: 4, 5, 6, 6; default 6).
    pub q_thresh: u32,
    /// Auto mode: Q_thresh = ⌈k_q·W_best⌉ (2 reproduces Table 2 within ±1).
    pub k_q: f64,
    /// T_ACK, ms: the receiver's ACK generation time (eq. 6; 0 in the seed's runs).
    pub t_ack: f64,
    /// Take T_res from the flows' mean base RTT (+ T_ACK) instead of 2τ + T_ACK.
    pub use_base_rtt: bool,
    /// A flow counts in N_C for this long after its last arrival, ms (1000).
    pub active_timeout: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params { auto: false, q_thresh: 6, k_q: 2.0, t_ack: 0.0, use_base_rtt: false, active_timeout: 1000.0 }
    }
}

/// Seed 004 eq. 8: the smallest per-flow window that keeps the link busy, `t_res·bw/(8·l_d·n_c) + 2`.
pub fn w_best(t_res: f64, bw_bps: f64, l_d: f64, n_c: usize) -> f64 {
    t_res * bw_bps / (8.0 * l_d * n_c.max(1) as f64) + 2.0
}

/// ⌈x⌉, forgiving float noise so that an exact product such as 2 × 2.5 stays 5.
fn ceil_exact(x: f64) -> u32 {
    libm::ceil(x - 1e-9).max(1.0) as u32
}

/// Per-flow counts and the live set of active flows.
#[derive(Clone, Debug, Default)]
struct Vars {
    cnt: Vec<u32>,
    last_arrival: Vec<Option<Time>>,
    active: Vec<bool>,
    n_active: usize,
    /// Arrivals in time order, to retire flows whose last arrival is older than the timeout.
    arrivals: VecDeque<(Time, usize)>,
    q_thresh: u32,
    w_best: f64,
}

impl Vars {
    fn grow(&mut self, flow: usize) {
        if flow >= self.cnt.len() {
            self.cnt.resize(flow + 1, 0);
            self.last_arrival.resize(flow + 1, None);
            self.active.resize(flow + 1, false);
        }
    }

    fn deactivate_if_idle(&mut self, f: usize, now: Time, timeout: Time) {
        let stale = self.last_arrival[f].is_none_or(|t| now.saturating_sub(t) >= timeout);
        if self.active[f] && self.cnt[f] == 0 && stale {
            self.active[f] = false;
            self.n_active -= 1;
        }
    }

    /// Counts an arrival of `flow` at `now` in N_C, retiring flows idle for `timeout`.
    fn note_arrival(&mut self, flow: usize, now: Time, timeout: Time) {
        self.grow(flow);
        while let Some(&(t, f)) = self.arrivals.front() {
            if now.saturating_sub(t) < timeout {
                break;
            }
            self.arrivals.pop_front();
            if self.last_arrival[f] == Some(t) {
                self.deactivate_if_idle(f, now, timeout);
            }
        }
        if !self.active[flow] {
            self.active[flow] = true;
            self.n_active += 1;
        }
        self.last_arrival[flow] = Some(now);
        self.arrivals.push_back((now, flow));
    }
}

/// Seed 004's per-flow selective drop (Chae & Choi 2004): drops an arrival of a flow already holding Q_thresh packets in the queue.
pub struct SelectiveDrop {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 5] = [
    StateSpec::new("q_thresh", "packets", StateMeaning::Other),
    StateSpec::other("w_best"),
    StateSpec::new("n_c", "flows", StateMeaning::Count),
    StateSpec::other("t_res"),
    StateSpec::new("max_cnt", "packets", StateMeaning::Count),
];

impl Algorithm for SelectiveDrop {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "selective_drop",
        "Selective drop (seed 004)",
        "H.-S. Chae, M.-R. Choi, KIPS 2004, eqs. 5–9 and Fig. 7 (seed 004)",
        "Caps each flow's queued packets at Q_thresh, by hand or from the optimal window \
                  W_best = (2τ + T_ACK)·BW/(8·L_D·N_C) + 2, so Reno cannot starve Vegas.",
    )
    .signals(&[super::Reason::Overflow, super::Reason::Selective], &[])
    .per_flow_cap("q_thresh")
    .state(&STATE)
    .params(&[
        ParamSpec::flag("auto", "Auto threshold", "Q_thresh = ⌈k_q·W_best⌉ from live N_C (seed 004 eq. 9)"),
        ParamSpec::int(
            "q_thresh",
            "Q_thresh",
            "packets",
            (1.0, 10_000.0),
            "Most packets one flow may hold in the queue (seed 004 Table 2: 4, 5, 6, 6)",
        )
        .role(Role::FlowLevel)
        .follows_buffer()
        .applies_when("auto", &["off"]),
        // W_best (T_res, N_C) sets the threshold only in auto mode (seed 004 eq. 9); fixed mode reads q_thresh.
        ParamSpec::real("k_q", "k_q", "", (0.1, 20.0), "Auto mode: Q_thresh = ⌈k_q·W_best⌉ (eq. 9 gives only ∝)")
            .role(Role::Gain)
            .applies_when("auto", &["on"]),
        ParamSpec::real("t_ack", "T_ACK", "ms", (0.0, 1000.0), "ACK generation time in T_res (seed 004 eq. 6)")
            .role(Role::Period)
            .applies_when("auto", &["on"]),
        ParamSpec::flag(
            "use_base_rtt",
            "T_res from base RTT",
            "T_res = mean base RTT + T_ACK instead of 2τ + T_ACK (seed 004 Fig. 6 vs eq. 7)",
        )
        .applies_when("auto", &["on"]),
        ParamSpec::real(
            "active_timeout",
            "Active timeout",
            "ms",
            (1.0, 100_000.0),
            "A flow counts in N_C this long after its last arrival",
        )
        .role(Role::Period)
        .applies_when("auto", &["on"]),
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        let mut q = SelectiveDrop { params, link: *link, queue: PacketQueue::new(), vars: Vars::default() };
        q.recompute();
        Ok(q)
    }
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    if !p.auto && link.limit.unit == super::QueueUnit::Packets && p.q_thresh as u64 > link.limit.value {
        let mut problem = Problem::above_buffer("q_thresh", p.q_thresh as f64, link.limit.value as f64, "packets");
        problem.message.push_str(": the cap would never act");
        return Err(problem);
    }
    Ok(())
}

impl SelectiveDrop {
    /// T_res in seconds (seed 004 eq. 6, or the base-RTT option).
    fn t_res(&self) -> f64 {
        let base = if self.params.use_base_rtt { self.link.base_rtt } else { 2 * self.link.delay };
        to_secs(base) + self.params.t_ack / 1000.0
    }

    /// W_best for the current N_C, and the threshold in force.
    fn recompute(&mut self) {
        let n_c = self.vars.n_active.max(1);
        self.vars.w_best = w_best(self.t_res(), self.link.rate_bps, self.link.mean_pkt_size as f64, n_c);
        self.vars.q_thresh =
            if self.params.auto { ceil_exact(self.params.k_q * self.vars.w_best) } else { self.params.q_thresh };
    }

    fn timeout(&self) -> Time {
        from_millis(self.params.active_timeout)
    }
}

impl QueueDisc for SelectiveDrop {
    /// Seed 004 Fig. 7: count the flow's packets, drop the arrival that would exceed Q_thresh.
    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let flow = packet.flow as usize;
        let timeout = self.timeout();
        self.vars.note_arrival(flow, env.now, timeout);
        self.recompute();
        // The arrival counts itself, so a flow holds at most Q_thresh packets (docs/algorithms/selective-drop.md ambiguity 1).
        if self.vars.cnt[flow] + 1 > self.vars.q_thresh {
            env.drop(packet, Reason::Selective);
            return;
        }
        if self.queue.admit(packet, self.link.limit, env) {
            self.vars.cnt[flow] += 1;
        }
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        let packet = self.queue.pop()?;
        let flow = packet.flow as usize;
        self.vars.cnt[flow] -= 1;
        let timeout = self.timeout();
        self.vars.deactivate_if_idle(flow, env.now, timeout);
        Some(packet)
    }

    fn len_packets(&self) -> usize {
        self.queue.len()
    }

    fn len_bytes(&self) -> u64 {
        self.queue.bytes()
    }

    fn set_link_rate(&mut self, rate_bps: f64) {
        self.link.rate_bps = rate_bps;
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        validate(&p, &self.link)?;
        self.params = p;
        self.recompute();
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let max_cnt = self.vars.cnt.iter().copied().max().unwrap_or(0);
        vec![
            ("q_thresh", self.vars.q_thresh as f64),
            ("w_best", self.vars.w_best),
            ("n_c", self.vars.n_active as f64),
            ("t_res", self.t_res()),
            ("max_cnt", max_cnt as f64),
        ]
    }

    fn per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
        let n = self.link.flows.max(self.vars.cnt.len());
        let cnt = (0..n).map(|i| self.vars.cnt.get(i).copied().unwrap_or(0) as f64).collect();
        vec![("cnt", cnt)]
    }

    // No `curve`: the decision is a function of one flow's own count cnt_i against Q_thresh (seed 004 §3.2), not
    // a probability against the averaged shared queue that `curve` describes; INFO.per_flow_cap names the cap.

    fn for_each_queued(&self, f: &mut dyn FnMut(&Packet)) {
        self.queue.iter().for_each(f);
    }

    fn drain(&mut self) -> Vec<Packet> {
        self.vars.cnt.iter_mut().for_each(|c| *c = 0);
        self.queue.drain()
    }

    fn adopt(&mut self, packet: Packet) {
        self.vars.grow(packet.flow as usize);
        self.vars.cnt[packet.flow as usize] += 1;
        self.queue.push(packet);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::Limit;
    use super::*;
    use crate::rng::Rng;
    use crate::time::MILLI;

    /// A seed 004 bottleneck: rate, one-way delay τ, 1000 B packets, two flows.
    fn seed_link(rate_bps: f64, delay_ms: u64) -> LinkInfo {
        LinkInfo { rate_bps, delay: delay_ms * MILLI, flows: 2, ..link(Limit::packets(50)) }
    }

    fn state(q: &SelectiveDrop, name: &str) -> f64 {
        q.state().into_iter().find(|s| s.0 == name).unwrap().1
    }

    #[test]
    fn declares_a_per_flow_cap_and_no_probability_curve() {
        // The decision is cnt_i against Q_thresh, so there is no p-against-average curve to draw.
        let q = SelectiveDrop::new(Params::default(), &seed_link(2e6, 2)).unwrap();
        assert_eq!(q.curve(), None);
        assert_eq!(SelectiveDrop::INFO.per_flow_cap, Some("q_thresh"));
        assert!(SelectiveDrop::INFO.params.iter().any(|p| p.name == "q_thresh"));
        // Every other discipline decides on the shared queue (or its delay) and declares no cap.
        let others: Vec<&str> =
            super::super::catalogue().iter().filter(|i| i.per_flow_cap.is_some()).map(|i| i.kind).collect();
        assert_eq!(others, vec!["selective_drop"]);
    }

    #[test]
    fn w_best_matches_seed_004_equation_8_for_table_2_links() {
        // L_D = 1000 B, N_C = 2, T_ACK = 0; τ = 5, 2, 2, 2 ms (docs/algorithms/experiments.md).
        let links = [(512e3, 0.005), (1.5e6, 0.002), (2e6, 0.002), (5e6, 0.002)];
        let w: Vec<f64> = links.iter().map(|&(bw, tau)| w_best(2.0 * tau, bw, 1000.0, 2)).collect();
        let expected = [2.32, 2.375, 2.5, 3.25];
        for (got, want) in w.iter().zip(expected) {
            assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        }
        // One flow at 2 Mbit/s, τ = 10 ms: 0.02·2e6/8000 + 2 = 7, eq. 7's smallest W > 5 + 1 (docs/algorithms/selective-drop.md).
        assert!((w_best(0.02, 2e6, 1000.0, 1) - 7.0).abs() < 1e-12);
    }

    #[test]
    fn auto_threshold_is_k_q_times_w_best_rounded_up_with_live_flow_count() {
        let mut rng = Rng::new(1, 2);
        let rows = [(512e3, 5, 5), (1.5e6, 2, 5), (2e6, 2, 5), (5e6, 2, 7)];
        for (bw, tau, want) in rows {
            let params = Params { auto: true, ..Params::default() };
            let mut q = SelectiveDrop::new(params, &seed_link(bw, tau)).unwrap();
            enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
            enqueue_at(&mut q, pkt(1, 1000), 0, &mut rng);
            assert_eq!(state(&q, "n_c"), 2.0);
            assert_eq!(state(&q, "q_thresh"), want as f64, "{bw} bit/s, {tau} ms");
        }
    }

    #[test]
    fn each_flow_holds_at_most_q_thresh_packets() {
        let mut rng = Rng::new(1, 2);
        let mut q = SelectiveDrop::new(Params { q_thresh: 4, ..Params::default() }, &seed_link(2e6, 2)).unwrap();
        let drops: Vec<Reason> =
            (0..6).flat_map(|_| enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng)).map(|s| s.reason).collect();
        assert_eq!(drops, vec![Reason::Selective, Reason::Selective]);
        assert!((0..3).all(|_| enqueue_at(&mut q, pkt(1, 1000), 0, &mut rng).is_empty()));
        assert_eq!(q.per_flow_state(), vec![("cnt", vec![4.0, 3.0])]);
        // One of flow 0's packets leaves: it may queue exactly one more.
        assert_eq!(dequeue_at(&mut q, MILLI, &mut rng).0.map(|p| p.flow), Some(0));
        assert!(enqueue_at(&mut q, pkt(0, 1000), MILLI, &mut rng).is_empty());
        assert_eq!(enqueue_at(&mut q, pkt(0, 1000), MILLI, &mut rng)[0].reason, Reason::Selective);
        assert_eq!(state(&q, "max_cnt"), 4.0);
    }

    #[test]
    fn overflow_still_applies_under_the_cap() {
        let mut rng = Rng::new(1, 2);
        let l = LinkInfo { flows: 4, ..link(Limit::packets(3)) };
        let mut q = SelectiveDrop::new(Params { q_thresh: 2, ..Params::default() }, &l).unwrap();
        for f in 0..3 {
            enqueue_at(&mut q, pkt(f, 1000), 0, &mut rng);
        }
        assert_eq!(enqueue_at(&mut q, pkt(3, 1000), 0, &mut rng)[0].reason, Reason::Overflow);
    }

    #[test]
    fn flows_leave_n_c_after_the_timeout_once_their_queue_is_empty() {
        let mut rng = Rng::new(1, 2);
        let params = Params { auto: true, ..Params::default() };
        let mut q = SelectiveDrop::new(params, &seed_link(2e6, 2)).unwrap();
        enqueue_at(&mut q, pkt(0, 1000), 0, &mut rng);
        enqueue_at(&mut q, pkt(1, 1000), 0, &mut rng);
        // 1.2 s: flow 1 sent nothing for 1.2 s but still has a packet queued, so it stays active.
        enqueue_at(&mut q, pkt(0, 1000), 1_200 * MILLI, &mut rng);
        assert_eq!(state(&q, "n_c"), 2.0);
        for _ in 0..3 {
            dequeue_at(&mut q, 1_250 * MILLI, &mut rng);
        }
        // Flow 1's queue emptied 1.25 s after its last arrival: retired at once; flow 0 arrived 50 ms ago.
        enqueue_at(&mut q, pkt(0, 1000), 1_300 * MILLI, &mut rng);
        assert_eq!(state(&q, "n_c"), 1.0);
        // One flow at 2 Mbit/s, τ = 2 ms: W_best = 0.004·2e6/8000 + 2 = 3, Q_thresh = 6.
        assert_eq!((state(&q, "w_best"), state(&q, "q_thresh")), (3.0, 6.0));
        // Exactly one timeout after its last arrival, an idle flow no longer counts.
        enqueue_at(&mut q, pkt(2, 1000), 1_400 * MILLI, &mut rng);
        dequeue_at(&mut q, 1_400 * MILLI, &mut rng);
        dequeue_at(&mut q, 1_401 * MILLI, &mut rng);
        enqueue_at(&mut q, pkt(0, 1000), 2_300 * MILLI, &mut rng);
        assert_eq!(state(&q, "n_c"), 2.0, "flows 0 and 2");
        enqueue_at(&mut q, pkt(0, 1000), 2_400 * MILLI, &mut rng);
        assert_eq!(state(&q, "n_c"), 1.0, "flow 2's last arrival was exactly 1 s ago");
    }

    #[test]
    fn t_res_can_come_from_the_base_rtt() {
        let l = LinkInfo { base_rtt: 30 * MILLI, ..seed_link(2e6, 2) };
        let q = SelectiveDrop::new(Params { use_base_rtt: true, t_ack: 1.0, ..Params::default() }, &l).unwrap();
        assert!((state(&q, "t_res") - 0.031).abs() < 1e-15);
        // N_C = 1 before any arrival: 0.031·2e6/8000 + 2
        assert!((state(&q, "w_best") - 9.75).abs() < 1e-12);
    }

    #[test]
    fn rejects_a_fixed_threshold_beyond_the_buffer_and_keeps_the_old_one() {
        let l = seed_link(2e6, 2);
        assert!(SelectiveDrop::new(Params { q_thresh: 51, ..Params::default() }, &l).is_err());
        let mut q = SelectiveDrop::new(Params::default(), &l).unwrap();
        let err = q.set_param("q_thresh", 60.0).unwrap_err();
        assert!(err.contains("q_thresh (60) must not exceed the buffer (50 packets)"), "{err}");
        assert_eq!(state(&q, "q_thresh"), 6.0);
        q.set_param("q_thresh", 4.0).unwrap();
        assert_eq!(state(&q, "q_thresh"), 4.0);
        // Auto with no flow seen yet takes N_C = 1: ⌈2·(0.004·2e6/8000 + 2)⌉ = 6.
        q.set_param("auto", 1.0).unwrap();
        assert_eq!(state(&q, "q_thresh"), 6.0);
    }
}
