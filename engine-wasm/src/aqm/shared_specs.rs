//! Parameter specs several disciplines share, declared once: the ECN and hard-drop switches (RFC 3168), RED's
//! thresholds, max_p and averaging weight, the ns-2/ns-3 switches of RED, and `concat` to build one discipline's
//! list from another's (QVARED extends ARED).

use super::params::{ParamSpec, Role};

/// CE-mark instead of dropping (RFC 3168 §5); off unless a discipline's RFC says otherwise.
pub const ECN: ParamSpec =
    ParamSpec::flag("ecn", "ECN", "CE-mark ECN-capable packets instead of dropping them (RFC 3168)");

/// The RED family's forced drops stay drops with ECN on (ns-2 `setbit_` with hard drop, ns-3 `UseHardDrop`).
/// With ECN off every forced drop is a drop anyway, so it acts only with `ecn` on.
pub const HARD_DROP: ParamSpec =
    ParamSpec::flag("hard_drop", "hard drop", "Forced drops always drop, even with ECN (ns-2/ns-3 default)")
        .applies_when("ecn", &["on"]);

/// RED's EWMA weight of the average queue (Floyd & Jacobson 1993 §6).
pub const W_Q: ParamSpec = ParamSpec::real(
    "w_q",
    "queue weight",
    "",
    (1e-6, 1.0),
    "EWMA weight of the average queue (Floyd & Jacobson 1993 §6: 0.002)",
)
.role(Role::Weight);

/// ns-2's and ns-3's RED details as switches, off by default (docs/red.md): the last four parameters of `red`,
/// `gentle_red`, `ared` and `feng_ared` (their fields: `red_params::ns_switches!`).
pub const NS_SWITCHES: [ParamSpec; 4] = [
    ParamSpec::flag(
        "wait",
        "wait between marks",
        "ns-2 wait_ / ns-3 Wait: p_a = 0 while count·p_b < 1, p_b/(2 − count·p_b) below 2, else 1, so marks come 1/p_b to 2/p_b arrivals apart; off: Floyd & Jacobson 1993 §7, p_b/(1 − count·p_b) (docs/red.md)",
    ),
    ParamSpec::flag(
        "ns3_rules",
        "ns-2/ns-3 decision rules",
        "ns-2 red.cc and ns-3 RedQueueDisc::DoEnqueue: (1) no early or forced drop while the queue holds ≤ 1 packet; (2) the first arrival with avg ≥ min_th after avg was below (or the queue held ≤ 1) is not tested and restarts count at 1; (3) a forced drop does not reset count (docs/red.md)",
    ),
    ParamSpec::flag(
        "idle_steps",
        "ns idle decay",
        "ns-2 red.cc / ns-3 RedQueueDisc: after an idle time t the average takes m + 1 EWMA steps, m = ⌊t·C/(8·mean_pktsize)⌋, the last with the current queue; off: Floyd & Jacobson 1993 Fig. 2, avg·(1 − w_q)^(t/s) (docs/red.md)",
    ),
    ParamSpec::int(
        "device_queue",
        "device queue",
        "packets",
        (0.0, 1000.0),
        "Packets of the backlog in a transmit queue after the discipline (ns-3 NetDevice queue, e.g. 1p): RED's average and its short-queue rule see the backlog less these, and its idle time starts when ns-3 would find the queue disc empty; 0: the link takes packets from RED itself (paper, ns-2) (docs/red.md)",
    ),
];

/// `a` followed by `b`, in a constant (N must be A + B).
pub const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [ParamSpec; A],
    b: [ParamSpec; B],
) -> [ParamSpec; N] {
    assert!(A + B == N, "concat: N must be A + B");
    let mut out = [ECN; N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

/// RED's `min_th` in `unit`, accepted up to `max`: the level of the average queue where early drops start, a
/// level of the shared queue that stays below `max_th` (Floyd & Jacobson 1993 §4).
pub const fn min_th(unit: &'static str, max: f64, help: &'static str) -> ParamSpec {
    ParamSpec::real("min_th", "min threshold", unit, (0.0, max), help).queue_level().below("max_th")
}

/// RED's `max_th` in `unit`, accepted up to `max`: where the line reaches `max_p` (Floyd & Jacobson 1993 §4).
pub const fn max_th(unit: &'static str, max: f64, help: &'static str) -> ParamSpec {
    ParamSpec::real("max_th", "max threshold", unit, (0.0, max), help).queue_level()
}

/// RED's `max_p`: the probability the line reaches at `max_th` (Floyd & Jacobson 1993 §4).
pub const fn max_p(help: &'static str) -> ParamSpec {
    ParamSpec::real("max_p", "max probability", "", (0.0, 1.0), help).probability(Some("max_th"))
}

/// The `max_p` a variant adapts as it runs (ARED, Feng's ARED): only where it starts, within `range`.
pub const fn initial_max_p(range: (f64, f64), help: &'static str) -> ParamSpec {
    ParamSpec::real("max_p", "initial max probability", "", range, help).probability(Some("max_th")).adapts()
}
