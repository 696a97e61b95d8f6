//! Every parameter declared to act only under a sibling's setting (`ParamSpec::applies_when`,
//! docs/parameter-roles.md) against what the discipline does: under a setting outside its condition a change of
//! it leaves the whole run unchanged, and under a setting inside it the same change shows. The page disables the
//! parameter by this declaration, so a declaration that is wrong either way is caught here.

mod common;

use aqm_engine::aqm::{catalogue, params::ParamSpec};
use aqm_engine::scenario::SCENARIO_VERSION;
use serde_json::{json, Value};

/// The changed value of `spec`: a switch flipped; a number halved, or a tenth of its range when it is 0; the ends
/// where half would not show within a short overloaded run (PIE marks below mark_ecn_th: 0 never marks; a flow
/// leaves selective drop's N_C after 1 ms without arrivals; ARED's max_p floor at its top); ARED's automatic
/// min_th is max(5, target_delay·C/2), 5 packets at 10 Mbit/s below 12 ms, so its target_delay is quadrupled;
/// PIE's departure rate at a fixed link rate is the same whatever the cycle, but a cycle starts only above
/// DQ_THRESHOLD bytes of backlog (RFC 8033 §5.2), so 60 000 bytes, more than PIE lets queue, measures rarely.
fn changed(spec: &ParamSpec) -> f64 {
    let v = match spec.name {
        _ if spec.boolean => 1.0 - spec.default,
        "mark_ecn_th" | "active_timeout" => spec.min,
        "max_p_bottom" => spec.max,
        "target_delay" => spec.default * 4.0,
        "dq_threshold" => 60_000.0,
        _ if spec.default == 0.0 => (spec.max - spec.min) / 10.0,
        _ => spec.default / 2.0,
    };
    if spec.integer {
        v.round()
    } else {
        v
    }
}

/// A setting as a scenario writes it: a switch's `on`/`off` as a boolean, a choice by name.
fn setting(of: &ParamSpec, name: &str) -> Value {
    if of.boolean {
        json!(name == "on")
    } else {
        json!(name)
    }
}

/// The run's summary as JSON (a current-version scenario: times in ms as the catalogue declares them): 100 ECN-capable Reno flows and 2 Prague flows overloading 10 Mbit/s with a
/// 60-packet buffer, so the classic and the L4S queue, early and forced signals and marks all occur.
fn run(aqm: &Value) -> String {
    let scenario = json!({
        "version": SCENARIO_VERSION, "seed": 5, "duration": 8, "warmup": 1,
        "link": { "rate_mbps": 10, "buffer": 60 },
        "flows": [
            { "count": 100, "rtt_ms": [20, 120], "ecn": true },
            { "count": 2, "tcp": "prague", "rtt_ms": [20, 40] }
        ],
        "aqm": aqm,
    });
    serde_json::to_string(&common::run(&scenario.to_string()).summary()).unwrap()
}

#[test]
fn a_conditioned_parameter_acts_exactly_under_its_condition() {
    let mut checked = Vec::new();
    for info in catalogue() {
        for spec in info.params {
            let Some(c) = spec.applies_when else { continue };
            let of = info.params.iter().find(|s| s.name == c.param).unwrap();
            let settings: Vec<&str> = if of.boolean { vec!["on", "off"] } else { of.choices.to_vec() };
            let outside = settings.iter().find(|s| !c.values.contains(s)).unwrap();
            let at = format!("{}.{} (when {} is {:?})", info.kind, spec.name, c.param, c.values);
            for (under, acts) in [(c.values[0], true), (*outside, false)] {
                let aqm = |value: f64| {
                    let mut a = json!({ "kind": info.kind });
                    a[c.param] = setting(of, under);
                    a[spec.name] = match (spec.boolean, spec.integer) {
                        (true, _) => json!(value == 1.0),
                        (false, true) => json!(value as i64),
                        (false, false) => json!(value),
                    };
                    a
                };
                let (before, after) = (run(&aqm(spec.default)), run(&aqm(changed(spec))));
                assert_eq!(before != after, acts, "{at} under {under}: the change shows: {}", before != after);
            }
            checked.push(at);
        }
    }
    // The declarations this test holds (docs/parameter-roles.md lists them): a shorter list means one was lost.
    assert_eq!(checked.len(), 25, "{checked:#?}");
}
