//! Parameter specs several disciplines share, declared once: the ECN and hard-drop switches (RFC 3168), RED's
//! thresholds, max_p and averaging weight, and `concat` to build one discipline's list from another's (QVARED
//! extends ARED).

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
