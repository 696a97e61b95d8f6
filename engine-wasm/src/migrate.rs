//! Old scenario documents keep their meaning: [`to_current`] lifts the JSON of a scenario written for an
//! older [`SCENARIO_VERSION`] to the current one before `Scenario::from_json` parses it, so the CLI, the
//! wasm facade, the validation cases and the tests all read old files (docs/scenario-versions.md). The page
//! does the same to old links and files in web/scenario/migrations.ts.
//!
//! A document without `"version"` is version 1: every scenario written before version 2 existed left it
//! out freely (the field had one possible value), so only an explicit `"version": 2` means milliseconds.
//!
//! Version 1 → 2: every AQM time parameter is in milliseconds, like CoDel's and PIE's already were. The
//! fields [`V1_SECONDS`] lists were seconds and are multiplied by 1000; GFR's `cdvt_us` (µs) becomes
//! `cdvt_ms` (divided by 1000). The scenario's own fields keep their unit-suffixed names and units.

use serde_json::{Map, Value};

/// The scenario model's version; bumped (with a migration here and in the page's URL codec) when it changes
/// shape.
pub const SCENARIO_VERSION: u32 = 2;

/// What an absent `"version"` means.
pub const UNVERSIONED: u64 = 1;

/// Version 1's AQM parameters in seconds, per algorithm kind (milliseconds from version 2 on).
pub const V1_SECONDS: &[(&str, &[&str])] = &[
    ("ared", &["interval", "target_delay"]),
    ("qvared", &["interval", "target_delay", "qt_reset_interval"]),
    ("hred", &["rtt"]),
    ("selective_drop", &["active_timeout"]),
];

/// Version 1's GFR CDVT in microseconds, and its version 2 name in milliseconds.
pub const V1_CDVT: (&str, &str) = ("cdvt_us", "cdvt_ms");

/// `x · 10^places`, computed on `x`'s shortest decimal form (the digits a JSON writer prints for it) so the
/// result is the number a person would write: 1.001 s gives exactly 1001 ms, where 1.001 · 1000 in binary
/// floating point is 1000.9999999999999. The page computes the same (web/scenario/migrations.ts).
pub fn shift_decimal(x: f64, places: i32) -> f64 {
    // `{:e}` is the shortest representation that reads back as `x`: "7e-2", "1.25e0".
    let text = format!("{x:e}");
    let Some((mantissa, exponent)) = text.split_once('e') else { return x };
    let Ok(exponent) = exponent.parse::<i32>() else { return x };
    format!("{mantissa}e{}", exponent + places).parse().unwrap_or(x)
}

/// Scales the number at `obj[from]` by 10^places and stores it under `to` (a rename when they differ).
/// Anything that is not a finite number after scaling is left as it was for serde and validation to report.
fn scale_field(obj: &mut Map<String, Value>, from: &str, to: &str, places: i32) {
    let Some(x) = obj.get(from).and_then(Value::as_f64) else { return };
    let scaled = shift_decimal(x, places);
    if !scaled.is_finite() {
        return;
    }
    obj.remove(from);
    let value =
        if scaled.fract() == 0.0 && scaled.abs() < 9e15 { Value::from(scaled as i64) } else { Value::from(scaled) };
    obj.insert(to.to_string(), value);
}

/// Version 1 → 2 on one `aqm` object (`{"kind": ..., params}`): seconds to milliseconds, µs CDVT to ms.
pub fn aqm_v1_to_v2(aqm: &mut Map<String, Value>) {
    let kind = aqm.get("kind").and_then(Value::as_str).unwrap_or("").to_string();
    for (k, fields) in V1_SECONDS {
        if *k == kind {
            fields.iter().for_each(|f| scale_field(aqm, f, f, 3));
        }
    }
    // A document that already holds `cdvt_ms` keeps it; serde names the leftover `cdvt_us` as unknown.
    if kind == "gfr" && !aqm.contains_key(V1_CDVT.1) {
        scale_field(aqm, V1_CDVT.0, V1_CDVT.1, -3);
    }
}

/// The version a scenario document declares: its `version` number, [`UNVERSIONED`] when absent, None when it
/// is not a whole number (left for serde to report).
fn declared_version(root: &Map<String, Value>) -> Option<u64> {
    match root.get("version") {
        None => Some(UNVERSIONED),
        Some(v) => v.as_u64(),
    }
}

/// `Scenario::from_json`'s first step: a scenario document of an older version, lifted to the current one
/// (with `"version"` set); a current, future or malformed document is returned unchanged, for validation
/// and serde to accept or report.
pub fn to_current(json: &str) -> String {
    let Ok(Value::Object(mut root)) = serde_json::from_str::<Value>(json) else {
        return json.to_string();
    };
    match declared_version(&root) {
        Some(1) => {
            if let Some(Value::Object(aqm)) = root.get_mut("aqm") {
                aqm_v1_to_v2(aqm);
            }
            root.insert("version".into(), Value::from(SCENARIO_VERSION));
            Value::Object(root).to_string()
        }
        _ => json.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::scenario::Scenario;
    use crate::time::MILLI;

    fn aqm_of(json: &str) -> AqmConfig {
        Scenario::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}")).aqm
    }

    #[test]
    fn shift_decimal_moves_the_point_of_the_shortest_decimal_form() {
        assert_eq!(shift_decimal(0.5, 3), 500.0);
        assert_eq!(shift_decimal(0.005, 3), 5.0);
        assert_eq!(shift_decimal(1.001, 3), 1001.0);
        assert_eq!(1.001 * 1000.0, 1000.9999999999999); // what multiplying would give
        assert_eq!(shift_decimal(0.0001, 3), 0.1);
        assert_eq!(shift_decimal(1.0, 3), 1000.0);
        assert_eq!(shift_decimal(0.0, 3), 0.0);
        assert_eq!(shift_decimal(250.0, -3), 0.25);
        assert_eq!(shift_decimal(1.0, -3), 0.001);
        assert_eq!(shift_decimal(-2.5, 3), -2500.0);
        assert_eq!(shift_decimal(1e300, 10), f64::INFINITY);
    }

    #[test]
    fn a_v1_document_reads_its_seconds_as_milliseconds_and_cdvt_us_as_cdvt_ms() {
        // Explicit version 1 and no version at all mean the same.
        for version in [r#""version":1,"#, ""] {
            let ared = aqm_of(&format!(r#"{{{version}"aqm":{{"kind":"ared","interval":0.25,"target_delay":0.02}}}}"#));
            let AqmConfig::Ared(p) = ared else { panic!("{ared:?}") };
            assert_eq!((p.interval, p.target_delay), (250.0, 20.0));
            let qv = aqm_of(&format!(
                r#"{{{version}"aqm":{{"kind":"qvared","interval":1,"target_delay":0.005,"qt_reset_interval":2.5}}}}"#
            ));
            let AqmConfig::Qvared(p) = qv else { panic!("{qv:?}") };
            assert_eq!((p.interval, p.target_delay, p.qt_reset_interval), (1000.0, 5.0, 2500.0));
            let hred = aqm_of(&format!(r#"{{{version}"aqm":{{"kind":"hred","rtt":0.24}}}}"#));
            let AqmConfig::Hred(p) = hred else { panic!("{hred:?}") };
            assert_eq!(p.rtt, 240.0);
            let sd = aqm_of(&format!(r#"{{{version}"aqm":{{"kind":"selective_drop","active_timeout":0.5}}}}"#));
            let AqmConfig::SelectiveDrop(p) = sd else { panic!("{sd:?}") };
            assert_eq!(p.active_timeout, 500.0);
            let gfr = aqm_of(&format!(r#"{{{version}"link":{{"atm":{{}}}},"aqm":{{"kind":"gfr","cdvt_us":250}}}}"#));
            let AqmConfig::Gfr(p) = gfr else { panic!("{gfr:?}") };
            assert_eq!(p.cdvt_ms, 0.25);
        }
    }

    #[test]
    fn only_the_listed_fields_of_the_listed_kinds_change() {
        // CoDel's interval was already milliseconds; RED's thresholds are not times; the link keeps its units.
        let json = r#"{"link":{"delay_ms":20},"flows":[{"rtt_ms":[50,50]}],"aqm":{"kind":"codel","interval":100}}"#;
        let s = Scenario::from_json(json).unwrap();
        let AqmConfig::CoDel(p) = &s.aqm else { panic!() };
        assert_eq!((p.interval, s.link.delay_ms, s.flows[0].rtt_ms), (100.0, 20.0, [50.0, 50.0]));
        let v1 = r#"{"aqm":{"kind":"ared","min_th":5,"max_th":15,"w_q":0.002}}"#;
        let v2 = r#"{"version":2,"aqm":{"kind":"ared","min_th":5,"max_th":15,"w_q":0.002}}"#;
        assert_eq!(aqm_of(v1), aqm_of(v2));
        // A v1 default and a v2 default are the same run: the defaults moved with the units.
        assert_eq!(aqm_of(r#"{"aqm":{"kind":"ared"}}"#), AqmConfig::Ared(Default::default()));
    }

    #[test]
    fn a_current_document_is_untouched_and_a_future_or_malformed_one_is_refused_as_before() {
        let v2 = r#"{"version":2,"aqm":{"kind":"ared","interval":250}}"#;
        assert_eq!(to_current(v2), v2);
        let AqmConfig::Ared(p) = aqm_of(v2) else { panic!() };
        assert_eq!(p.interval, 250.0);
        // Read as version 1 it is 250 s, beyond the range: the message names the field in ms.
        let link = crate::aqm::testing::link(crate::aqm::Limit::packets(100));
        let err = crate::aqm::build(&aqm_of(r#"{"aqm":{"kind":"ared","interval":250}}"#), &link).err().unwrap();
        assert!(err.contains("interval must be within 10..=10000 ms"), "{err}");
        assert!(Scenario::from_json(r#"{"version":99}"#).unwrap_err().contains("version 99 is not supported"));
        assert_eq!(to_current("{"), "{");
        assert_eq!(to_current(r#"{"version":"one"}"#), r#"{"version":"one"}"#);
        // A v1 GFR with both names keeps the ms one; serde then names cdvt_us as unknown.
        let both = r#"{"link":{"atm":{}},"aqm":{"kind":"gfr","cdvt_us":5,"cdvt_ms":1}}"#;
        assert!(Scenario::from_json(both).unwrap_err().contains("cdvt_us"));
    }

    #[test]
    fn a_migrated_document_runs_the_same_timer_as_the_current_one() {
        let link = crate::aqm::testing::link(crate::aqm::Limit::packets(100));
        let v1 = aqm_of(r#"{"aqm":{"kind":"ared","interval":1.001}}"#);
        let q = crate::aqm::build(&v1, &link).unwrap();
        assert_eq!(q.tick_interval(), Some(1001 * MILLI));
        assert_eq!(q.config(), aqm_of(r#"{"version":2,"aqm":{"kind":"ared","interval":1001}}"#));
    }
}
