//! ARED — Adaptive RED (S. Floyd, R. Gummadi, S. Shenker, "Adaptive RED: An Algorithm for Increasing the
//! Robustness of RED's Active Queue Management", 2001), docs/algorithms/red-family.md; seed 000 §2.2 (Fig. 3).
//!
//! ```text
//! every interval (500 ms timer):  band = [min_th + 0.4Δ, min_th + 0.6Δ], Δ = max_th − min_th
//!     avg > band and max_p ≤ 0.5:   max_p ← max_p + min(0.01, max_p/4)
//!     avg < band and max_p ≥ 0.01:  max_p ← 0.9·max_p                       (kept in [0.01, 0.5])
//! per packet: gentle RED (docs/algorithms/red-family.md) with the current max_p
//! auto: min_th = max(5, target_delay·C_pkt/2), max_th = 3·min_th, w_q = 1 − exp(−1/C_pkt)
//! ```
//! Seed 000 prints the decrease as `max_p − β`; the paper's `max_p·β` (β = 0.9) is used. Like Linux (and
//! unlike ns, which adapts on the first arrival after each interval) the adaptation runs on a timer.
//! Thresholds are in packets. Feng et al.'s 1999 self-configuring RED, which seed 003 calls "ARED", is the
//! separate `feng_ared`.

use crate::problem::Problem;

use super::params::Role;
use super::params::{concat, StateMeaning, StateSpec};
use super::params::{with_value, ParamSpec};
use super::red_core::{ared_auto, ared_auto_bottom, ared_step_within, check_line, check_weight, restart_max_p};
use super::red_core::{Average, Line, Marks, ARED_MAX_P};
use super::red_params::{ns_switches, red_params};
use super::shared_specs;
use super::QueueUnit;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, Packet, PacketQueue, QueueDisc};
use crate::time::{from_millis, Time};

/// ARED's first ten fields, which QVARED shares (seed 000 runs QVARED on ARED's settings): a field group of
/// `red_params!`, in the order of [`CORE`].
macro_rules! core_fields {
    ($($state:tt)*) => {
        $crate::aqm::red_params::red_params! { @insert [
            /// Packets; ignored when `auto` is on.
            pub min_th: f64 = 5.0,
            /// Packets; ignored when `auto` is on.
            pub max_th: f64 = 15.0,
            /// Initial max_p (ns-2 0.1); then adapted within [0.01, 0.5].
            pub max_p: f64 = 0.1,
            /// EWMA weight; ignored when `auto` is on.
            pub w_q: f64 = 0.002,
            /// Adaptation period, ms (500).
            pub interval: f64 = 500.0,
            /// Set min_th, max_th and w_q from the link rate.
            pub auto: bool = false,
            /// Target queueing delay of the automatic thresholds, ms (5).
            pub target_delay: f64 = 5.0,
            /// Gentle ramp above max_th (on, as the 2001 paper recommends).
            pub gentle: bool = true,
            $crate::aqm::red_params::ecn_hard_drop!(),
        ] $($state)* }
    };
}
pub(super) use core_fields;

red_params! {
    /// ARED's parameters (defaults: docs/algorithms/red-family.md, initial max_p as ns-2).
    pub struct Params {
        core_fields!(),
        /// Lower bound of the adapted max_p (0.01, ARED 2001 §4).
        pub max_p_bottom: f64 = ARED_MAX_P.0,
        /// Use ns-3's automatic bottom min(0.01, 8·S·0.1 s/C) instead of `max_p_bottom` (docs/red.md).
        pub max_p_bottom_auto: bool = false,
        ns_switches!(),
    }
}

/// The ten parameters ARED shares with QVARED (seed 000 runs QVARED on ARED's settings).
pub(super) const CORE: [ParamSpec; 10] = [
    shared_specs::min_th(
        "packets",
        1e6,
        "Average queue where early drops start; replaced by max(5, target_delay·C/2) when auto (ARED 2001 §5)",
    )
    .applies_when("auto", &["off"]),
    shared_specs::max_th("packets", 1e6, "Average queue where p_b reaches max_p; 3·min_th when auto (ARED 2001 §5)")
        .applies_when("auto", &["off"]),
    shared_specs::initial_max_p(
        ARED_MAX_P,
        "Starting max_p, then adapted within [0.01, 0.5] (ARED 2001 §4; ns-2 starts at 0.1)",
    ),
    ParamSpec::real("w_q", "queue weight", "", (1e-6, 1.0), "EWMA weight; 1 − exp(−1/C_pkt) when auto (ARED 2001 §5)")
        .role(Role::Weight)
        .applies_when("auto", &["off"]),
    ParamSpec::real(
        "interval",
        "adaptation interval",
        "ms",
        (10.0, 10_000.0),
        "Period of the max_p update (ARED 2001 §4: 0.5 s)",
    )
    .role(Role::Period),
    ParamSpec::flag(
        "auto",
        "automatic settings",
        "Set min_th, max_th and w_q from the link rate and target_delay (ARED 2001 §5)",
    ),
    ParamSpec::real(
        "target_delay",
        "target delay",
        "ms",
        (0.1, 1000.0),
        "Queueing delay the automatic min_th aims at (ARED 2001 §5: 5 ms)",
    )
    .delay_target()
    .no_handle()
    .applies_when("auto", &["on"]),
    ParamSpec::flag(
        "gentle",
        "gentle",
        "Linear from max_p to 1 between max_th and 2·max_th (ARED 2001 runs gentle RED)",
    ),
    shared_specs::ECN,
    shared_specs::HARD_DROP,
];
const OWN: [ParamSpec; 2] = [
    ParamSpec::real(
        "max_p_bottom",
        "max_p lower bound",
        "",
        (1e-6, 0.5),
        "Lower bound of the adapted max_p (ARED 2001 §4: 0.01); ignored when max_p_bottom_auto is on",
    )
    .probability(None)
    .applies_when("max_p_bottom_auto", &["off"]),
    ParamSpec::flag(
        "max_p_bottom_auto",
        "automatic lower bound",
        "ns-3 Bottom 0: lower bound min(0.01, 8·mean_pkt_size·0.1 s/C) as ns-3 \
         RedQueueDisc::InitializeParams computes it (ns-2's bottom_ 0 gives 80000/C instead; docs/red.md)",
    ),
];
const SPECS: &[ParamSpec] =
    &shared_specs::concat::<12, 4, 16>(shared_specs::concat::<10, 2, 12>(CORE, OWN), shared_specs::NS_SWITCHES);

/// The thresholds and weight in force: the user's, or ARED's automatic ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Resolved {
    /// Its max_p is the initial one.
    pub line: Line,
    pub w_q: f64,
    /// Lower bound of the adapted max_p.
    pub bottom: f64,
}

/// Validates ARED's parameters on `link` (shared with QVARED).
pub(super) fn resolve(p: &Params, link: &LinkInfo) -> Result<Resolved, Problem> {
    let (min_th, max_th, w_q) = if p.auto { ared_auto(p.target_delay, link) } else { (p.min_th, p.max_th, p.w_q) };
    let tag = |e: Problem| if p.auto { e.headed("automatic settings") } else { e };
    check_line(min_th, max_th, p.max_p, QueueUnit::Packets, link).map_err(tag)?;
    check_weight(w_q)?;
    if p.interval.is_nan() || p.interval <= 0.0 {
        return Err(Problem::constraint("interval", format!("interval ({}) must be positive", p.interval)));
    }
    let gentle_upper = p.gentle.then_some(2.0 * max_th);
    let bottom = if p.max_p_bottom_auto { ared_auto_bottom(link) } else { p.max_p_bottom };
    Ok(Resolved { line: Line { min_th, max_th, max_p: p.max_p, gentle_upper }, w_q, bottom })
}

#[derive(Clone, Copy, Debug)]
struct Vars {
    avg: Average,
    marks: Marks,
    /// The adapted max_p.
    max_p: f64,
}

/// Adaptive RED (Floyd, Gummadi & Shenker 2001): RED whose max_p adapts to keep the average between the thresholds.
pub struct Ared {
    params: Params,
    link: LinkInfo,
    resolved: Resolved,
    queue: PacketQueue,
    vars: Vars,
}

impl Ared {
    super::red_core::ns_red_switches!();

    fn line(&self) -> Line {
        Line { max_p: self.vars.max_p, ..self.resolved.line }
    }
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 11] = concat(
    super::red_core::SNAPSHOT_STATE,
    [
        StateSpec::new("band_lo", "queue unit", StateMeaning::Band),
        StateSpec::new("band_hi", "queue unit", StateMeaning::Band),
        StateSpec::new("min_th", "queue unit", StateMeaning::Threshold),
        StateSpec::new("max_th", "queue unit", StateMeaning::Threshold),
        StateSpec::other("w_q"),
    ],
);

impl Algorithm for Ared {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new("ared", "Adaptive RED", "S. Floyd, R. Gummadi, S. Shenker, Adaptive RED: An Algorithm for Increasing the Robustness of RED's Active Queue Management, 2001; seed 000 §2.2", "Gentle RED that adapts max_p (AIMD, every 0.5 s) to keep the average queue in a target band.").red_signals().band(super::params::Band::Average).state(&STATE).params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let resolved = resolve(&params, link)?;
        let vars = Vars { avg: Average::default(), marks: Marks::default(), max_p: params.max_p };
        Ok(Ared { params, link: *link, resolved, queue: PacketQueue::new(), vars })
    }
}

impl QueueDisc for Ared {
    super::red_core::ns_red_queue!(packet_line);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let w_q = self.resolved.w_q;
        self.arrive(packet, env, w_q, QueueUnit::Packets, |ared, avg| {
            let line = ared.line();
            (line.region(avg), line.p_b(avg))
        });
    }

    fn tick_interval(&self) -> Option<Time> {
        Some(from_millis(self.params.interval))
    }

    fn on_tick(&mut self, _env: &mut Env) {
        let (band, bottom) = (self.resolved.line.band(), self.resolved.bottom);
        self.vars.max_p = ared_step_within(self.vars.max_p, self.vars.avg.avg, band, bottom);
    }

    /// Setting `max_p` restarts the adaptation from the new value; other changes keep the adapted max_p.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = with_value(&self.params, SPECS, name, value)?;
        self.resolved = resolve(&p, &self.link)?;
        self.params = p;
        restart_max_p(name, &mut self.vars.max_p, p.max_p);
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let line = self.line();
        let (lo, hi) = line.band();
        let mut s = self.vars.marks.snapshot(self.vars.avg.avg, line.max_p);
        s.extend([
            ("band_lo", lo),
            ("band_hi", hi),
            ("min_th", line.min_th),
            ("max_th", line.max_th),
            ("w_q", self.resolved.w_q),
        ]);
        s
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

    fn ared(params: Params, limit: u64) -> Ared {
        Ared::new(params, &link(Limit::packets(limit))).unwrap()
    }

    fn tick(q: &mut Ared) {
        q.on_tick(&mut Env::new(0, &mut Rng::new(1, 2), &mut vec![]));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn max_p_follows_aimd_each_interval_under_a_fixed_average() {
        let mut q = ared(Params { max_p: 0.02, ..Params::default() }, 100);
        assert_eq!(q.tick_interval(), Some(500 * MILLI));
        // Band [9, 11] on [5, 15]. avg 12 > 11: +min(0.01, max_p/4) per interval.
        q.vars.avg.avg = 12.0;
        let mut trajectory = vec![];
        for _ in 0..5 {
            tick(&mut q);
            trajectory.push(q.vars.max_p);
        }
        let up = [0.025, 0.03125, 0.0390625, 0.048828125, 0.058828125];
        assert!(trajectory.iter().zip(up).all(|(a, b)| close(*a, b)), "{trajectory:?}");
        // In the band: unchanged. avg 8 < 9: ×0.9 per interval.
        q.vars.avg.avg = 10.0;
        tick(&mut q);
        assert_eq!(q.vars.max_p, trajectory[4]);
        q.vars.avg.avg = 8.0;
        let mut down = vec![];
        for _ in 0..3 {
            tick(&mut q);
            down.push(q.vars.max_p);
        }
        let want = [0.058828125 * 0.9, 0.058828125 * 0.81, 0.058828125 * 0.729];
        assert!(down.iter().zip(want).all(|(a, b)| close(*a, b)), "{down:?}");
    }

    #[test]
    fn max_p_stays_within_one_hundredth_and_one_half() {
        let mut q = ared(Params::default(), 100);
        q.vars.avg.avg = 14.0;
        (0..200).for_each(|_| tick(&mut q));
        assert_eq!(q.vars.max_p, 0.5);
        q.vars.avg.avg = 1.0;
        (0..200).for_each(|_| tick(&mut q));
        assert_eq!(q.vars.max_p, 0.01);
    }

    #[test]
    fn drops_use_the_adapted_max_p_and_the_gentle_line() {
        let mut q = ared(Params::default(), 100);
        let mut rng = Rng::new(1, 2);
        q.vars.avg = Average { avg: 12.0, idle: false, idle_since: 0 };
        tick(&mut q); // 0.1 → 0.11
        (0..12).for_each(|_| q.adopt(pkt(0, 1000)));
        q.vars.marks.count = -1;
        enqueue_at(&mut q, pkt(0, 1000), MILLI, &mut rng);
        assert!(close(q.vars.marks.p_b, 0.11 * 7.0 / 10.0)); // avg stays 12 (q = 12)
                                                             // avg 20 is in the gentle zone [15, 30): 0.11 + 0.89·5/15.
        assert!(close(q.line().p_b(20.0), 0.11 + 0.89 * 5.0 / 15.0));
        let state = q.state();
        assert_eq!((state[6], state[7]), (("band_lo", 9.0), ("band_hi", 11.0)));
    }

    #[test]
    fn auto_sets_thresholds_and_weight_from_the_link_rate() {
        let fast = LinkInfo { rate_bps: 100e6, ..link(Limit::packets(200)) };
        let q = Ared::new(Params { auto: true, ..Params::default() }, &fast).unwrap();
        // C_pkt = 12500/s: min_th = 0.005·12500/2 = 31.25, max_th = 93.75, w_q = 1 − exp(−1/12500).
        assert_eq!((q.resolved.line.min_th, q.resolved.line.max_th), (31.25, 93.75));
        assert!(close(q.resolved.w_q, 1.0 - libm::exp(-1.0 / 12500.0)));
        let small = LinkInfo { limit: Limit::packets(50), ..fast };
        let err = Ared::new(Params { auto: true, ..Params::default() }, &small).err().unwrap();
        assert!(err.contains("automatic settings: max_th (93.75) must not exceed the buffer"), "{err}");
    }

    #[test]
    fn set_param_validates_and_max_p_restarts_the_adaptation() {
        let mut q = ared(Params::default(), 100);
        q.vars.avg.avg = 14.0;
        tick(&mut q);
        assert!(q.set_param("min_th", 15.0).unwrap_err().contains("below max_th"));
        assert!(q.set_param("max_th", 120.0).unwrap_err().contains("must not exceed the buffer"));
        assert!(q.set_param("max_p", 0.6).unwrap_err().contains("max_p must be within 0.01..=0.5"));
        assert_eq!((q.config(), q.vars.max_p), (AqmConfig::Ared(Params::default()), 0.11));
        q.set_param("max_th", 20.0).unwrap();
        assert_eq!((q.line().max_th, q.vars.max_p), (20.0, 0.11));
        q.set_param("max_p", 0.3).unwrap();
        assert_eq!(q.vars.max_p, 0.3);
    }
}
