//! A flow group's congestion-control parameters: where each parameter a variant declares is kept in the group,
//! the values a group gives its controller ([`CcValues::of`]), the check of its `cc_params` object
//! ([`check_cc_params`]) and the catalogue's entry of each variant ([`catalogue`]). It joins the scenario
//! model (`crate::scenario::FlowGroup`) and the congestion-control registry (`crate::tcp::registry`) from
//! above, so neither of them names the other.
//!
//! Where a parameter's value lives in a flow group: at `flows[i].<name>` when the flow group has that field
//! (Vegas's `vegas_alpha`, Cubic's `hystart`: the keys links and profiles have always written), otherwise in the
//! group's `cc_params` object (`flows[i].cc_params.<name>`). A new variant with parameters therefore needs no
//! new scenario field: its file, one registry line, and its words (en/ko) on the page.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::aqm::params::ParamSpec;
use crate::problem::Problem;
use crate::scenario::FlowGroup;
use crate::tcp::cc::{CcInfo, CcValues};
use crate::tcp::registry::Variant;

/// Where a parameter's value is kept in a flow group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A field of the flow group itself (`flows[i].vegas_alpha`).
    Group,
    /// A key of the flow group's `cc_params` object.
    CcParams,
}

/// One parameter as the catalogue lists it: its spec, its default filled, and where it is kept.
#[derive(Clone, Debug, Serialize)]
pub struct CcParam {
    /// The spec (its `default` filled from `FlowGroup::default()` for a group field).
    #[serde(flatten)]
    pub spec: ParamSpec,
    /// Where a flow group keeps it.
    pub place: Place,
    /// Its path relative to the flow group: `vegas_alpha` or `cc_params.g`.
    pub path: String,
}

/// A congestion control as the catalogue lists it: its declaration with each parameter's default filled and its
/// place named.
pub type CcEntry = CcInfo<Vec<CcParam>>;

/// The flow group's fields, serialised once (the places of group parameters and their defaults).
fn group_fields() -> &'static Map<String, Value> {
    static FIELDS: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    FIELDS.get_or_init(|| match serde_json::to_value(FlowGroup::default()) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    })
}

fn place_of(name: &str) -> Place {
    if group_fields().contains_key(name) {
        Place::Group
    } else {
        Place::CcParams
    }
}

/// A spec's default as a number: a group field's from `FlowGroup::default()` (a switch's as 0/1, a choice's
/// as its index), a `cc_params` key's as declared.
fn filled_default(spec: &ParamSpec) -> f64 {
    match group_fields().get(spec.name) {
        Some(Value::Bool(b)) => f64::from(u8::from(*b)),
        Some(Value::String(s)) => spec.choices.iter().position(|c| c == s).map_or(f64::NAN, |i| i as f64),
        Some(v) => v.as_f64().unwrap_or(f64::NAN),
        None => spec.default,
    }
}

fn entry(info: &CcInfo) -> CcEntry {
    let params = info
        .params
        .iter()
        .map(|spec| {
            let place = place_of(spec.name);
            let path = match place {
                Place::Group => spec.name.to_string(),
                Place::CcParams => format!("cc_params.{}", spec.name),
            };
            CcParam { spec: ParamSpec { default: filled_default(spec), ..*spec }, place, path }
        })
        .collect();
    info.with_params(params)
}

/// Every congestion control, in picker order, with its parameters' defaults and places filled.
pub fn catalogue() -> Vec<CcEntry> {
    Variant::ALL.iter().map(|v| entry(v.info())).collect()
}

// Defined here rather than beside `CcValues` (`crate::tcp::cc`): reading a flow group is the scenario's side.
impl CcValues {
    /// The values `g` gives `variant`'s parameters.
    pub fn of(variant: Variant, g: &FlowGroup) -> CcValues {
        let group = serde_json::to_value(g).unwrap_or(Value::Null);
        let mut values = Map::new();
        for spec in variant.info().params {
            let value = match place_of(spec.name) {
                Place::Group => group.get(spec.name).cloned(),
                Place::CcParams => g.cc_params.get(spec.name).cloned(),
            };
            let value = value.unwrap_or_else(|| default_value(spec));
            values.insert(spec.name.to_string(), value);
        }
        CcValues(values)
    }
}

fn default_value(spec: &ParamSpec) -> Value {
    if !spec.choices.is_empty() {
        let i = spec.default as usize;
        return Value::from(spec.choices.get(i).copied().unwrap_or_default());
    }
    if spec.boolean {
        return Value::Bool(spec.default != 0.0);
    }
    Value::from(spec.default)
}

/// Checks a flow group's `cc_params` against its variant's declarations: every key is a `cc_params` parameter
/// of the variant, every value of its kind and in its range. `prefix` is the group's path (`flows[0]`).
pub fn check_cc_params(variant: Variant, cc_params: &Map<String, Value>, prefix: &str) -> Result<(), Problem> {
    let specs = variant.info().params;
    let own: Vec<&ParamSpec> = specs.iter().filter(|s| place_of(s.name) == Place::CcParams).collect();
    for (key, value) in cc_params {
        let field = format!("{prefix}.cc_params.{key}");
        let Some(spec) = own.iter().find(|s| s.name == key) else {
            let known: Vec<String> = own.iter().map(|s| s.name.to_string()).collect();
            let message = format!(
                "unknown parameter '{key}' for {} (it has: {})",
                variant.name(),
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            );
            return Err(Problem::unknown_param(key, known, message).under(&format!("{prefix}.cc_params")));
        };
        match value {
            Value::String(s) if spec.choices.contains(&s.as_str()) => {}
            Value::Bool(_) if spec.boolean => {}
            Value::Number(n) if spec.choices.is_empty() => {
                spec.check(n.as_f64().unwrap_or(f64::NAN)).map_err(|p| p.at(&field, None))?
            }
            _ => {
                let message = if spec.choices.is_empty() {
                    format!("{field} must be a number")
                } else {
                    format!("{field} must be one of {}", spec.choices.join(", "))
                };
                return Err(Problem::constraint(&field, message));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::Ect;
    use crate::problem::Kind;
    use crate::tcp::{vegas, CcConfig};

    /// The test-only congestion control's catalogue entry, as `aqm-cli catalog` prints it when built with
    /// `--features dummy-cc`, is what web/controls/dummyCc.test.tsx feeds the page.
    /// `UPDATE_FIXTURES=1 cargo test --release --lib dummy_cc` rewrites it.
    #[test]
    fn dummy_cc_fixture_is_its_catalogue_entry() {
        let entry = catalogue().into_iter().find(|e| e.name == "dummy_cc").expect("registered under cfg(test)");
        crate::catalog::assert_fixture("dummy-cc.json", &entry);
    }

    #[test]
    fn every_declared_parameter_has_a_finite_default_in_its_range_and_a_place() {
        for e in catalogue() {
            for p in &e.params {
                let s = &p.spec;
                assert!(s.default.is_finite(), "{}.{}: no default", e.name, s.name);
                if s.choices.is_empty() {
                    assert!(s.check(s.default).is_ok(), "{}.{}: default out of range", e.name, s.name);
                } else {
                    assert!((s.default as usize) < s.choices.len(), "{}.{}", e.name, s.name);
                }
                let expect = if group_fields().contains_key(s.name) { Place::Group } else { Place::CcParams };
                assert_eq!(p.place, expect);
            }
        }
    }

    #[test]
    fn group_parameters_keep_their_flat_keys_and_values_come_from_the_group() {
        let vegas = catalogue().into_iter().find(|e| e.name == "vegas").unwrap();
        let paths: Vec<&str> = vegas.params.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["vegas_alpha", "vegas_beta", "vegas_gamma", "vegas_rtt"]);
        let g = FlowGroup { vegas_alpha: 2.0, vegas_rtt: vegas::RttMeasure::Min, ..FlowGroup::default() };
        let v = CcValues::of(Variant::Vegas, &g);
        assert_eq!((v.number("vegas_alpha"), v.number("vegas_beta")), (2.0, 3.0));
        assert_eq!(v.choice::<vegas::RttMeasure>("vegas_rtt"), vegas::RttMeasure::Min);
        let cubic = CcValues::of(Variant::Cubic, &FlowGroup { hystart: true, ..FlowGroup::default() });
        assert!(cubic.switch("hystart"));
        assert!(!CcValues::of(Variant::Cubic, &FlowGroup::default()).switch("hystart"));
    }

    #[test]
    fn cc_params_hold_only_the_variants_own_parameters_within_range() {
        let mut m = Map::new();
        m.insert("gain".into(), Value::from(0.5));
        assert!(check_cc_params(Variant::Dummy, &m, "flows[0]").is_ok());
        let v = CcValues::of(Variant::Dummy, &FlowGroup { cc_params: m.clone(), ..FlowGroup::default() });
        assert_eq!(v.number("gain"), 0.5);
        assert_eq!(CcValues::of(Variant::Dummy, &FlowGroup::default()).number("gain"), 1.0);

        let err = check_cc_params(Variant::Reno, &m, "flows[1]").unwrap_err();
        assert_eq!((err.kind, err.field.as_str()), (Kind::UnknownParam, "flows[1].cc_params"));
        assert!(err.contains("unknown parameter 'gain' for reno (it has: none)"), "{err}");

        m.insert("gain".into(), Value::from(7.0));
        let err = check_cc_params(Variant::Dummy, &m, "flows[0]").unwrap_err();
        assert_eq!((err.kind, err.field.as_str()), (Kind::OutOfRange, "flows[0].cc_params.gain"));
        m.insert("gain".into(), Value::from("fast"));
        assert_eq!(check_cc_params(Variant::Dummy, &m, "flows[0]").unwrap_err().kind, Kind::Constraint);
        // A group parameter is not a cc_params key: it keeps its flat key.
        let mut flat = Map::new();
        flat.insert("vegas_alpha".into(), Value::from(2.0));
        assert_eq!(check_cc_params(Variant::Vegas, &flat, "flows[0]").unwrap_err().kind, Kind::UnknownParam);
    }

    #[test]
    fn declared_feedback_and_codepoint_are_what_the_stack_uses() {
        for &v in Variant::ALL {
            let cfg = CcConfig {
                params: CcValues::of(v, &FlowGroup::default()),
                rng_seed: 1,
                rng_stream: 2,
                segment_bytes: 1000,
                initial_cwnd: 2.0,
                linux_reno: false,
            };
            assert_eq!(v.controller(&cfg).feedback(), v.info().feedback, "{}", v.info().name);
            let own = v.info().ecn_codepoint;
            assert_eq!(v.default_ect(false), own.unwrap_or(Ect::NotEct), "{}", v.info().name);
            assert_eq!(v.default_ect(true), own.unwrap_or(Ect::Ect0), "{}", v.info().name);
        }
        assert_eq!(Variant::Prague.info().ecn_codepoint, Some(Ect::Ect1));
        assert_eq!(Variant::Dctcp.info().ecn_codepoint, Some(Ect::Ect0));
        assert_eq!(Variant::Reno.info().ecn_codepoint, None);
    }
}
