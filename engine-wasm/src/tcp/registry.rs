//! Every congestion control the engine has, declared once: the counterpart of `crate::aqm::algorithms!`.
//!
//! One line of [`congestion_controls!`] per variant generates [`Variant`] (the flow group's `tcp`, spelled as
//! scenarios spell it), [`Variant::name`], [`Variant::info`], [`Variant::controller`] and [`catalogue`]. Each
//! variant's [`CcInfo`] lives beside its code and declares its parameters as [`ParamSpec`]s, so the page draws
//! their editors and the engine checks them without either knowing a name.
//!
//! Where a parameter's value lives in a flow group: at `flows[i].<name>` when the flow group has that field
//! (Vegas's `vegas_alpha`, Cubic's `hystart`: the keys links and profiles have always written), otherwise in the
//! group's `cc_params` object (`flows[i].cc_params.<name>`). A new variant with parameters therefore needs no
//! new scenario field: its file, one line here, and its words (en/ko) on the page.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::rate::Delivery;
use super::receiver::Feedback;
use super::{
    bbr, cubic, dctcp, prague, reno, vegas, AckInfo, CcConfig, CongestionControl, EcnSample, Recovery, Window,
};
use crate::aqm::params::ParamSpec;
use crate::packet::Ect;
use crate::problem::Problem;
use crate::scenario::FlowGroup;
use crate::time::Time;

/// What a congestion control declares of itself (the catalogue lists it as a [`CcEntry`]).
#[derive(Clone, Copy, Debug)]
pub struct CcInfo {
    /// The flow group's `tcp` value.
    pub name: &'static str,
    /// Name the page shows.
    pub label: &'static str,
    /// Paper or RFC.
    pub citation: &'static str,
    /// One sentence for the picker's help.
    pub summary: &'static str,
    /// The user-settable parameters, in display order. A choice's `default` is its index in `choices`.
    pub params: &'static [ParamSpec],
    /// It keeps a path model (BBR's bandwidth and RTT estimates) that the page's per-flow hover shows.
    pub model_state: bool,
    /// The entries of its `state()` that the page's per-flow hover shows by meaning (DCTCP's and Prague's α).
    pub state: &'static [CcStateSpec],
    /// The ECN codepoint its stack sends whatever the group's `ecn` switch (Prague ECT(1), DCTCP ECT(0));
    /// None: ECT(0) with `ecn` on, Not-ECT off. A group's `ecn_codepoint` overrides either.
    pub ecn_codepoint: Option<Ect>,
    /// How its receiver feeds CE marks back when its packets are ECN-capable (docs/algorithms/l4s.md).
    pub feedback: Feedback,
}

/// What one of a congestion control's own state entries is, so the page labels it by meaning, not by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CcStateMeaning {
    /// The EWMA of the fraction of marked bytes per window that scales the cut (DCTCP's and Prague's α,
    /// RFC 8257 §3.3).
    MarkFraction,
    /// The rate the sender paces at.
    PacingRate,
}

/// One entry of a congestion control's `state()` that the hover shows: its key, unit and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CcStateSpec {
    /// Key in the flow's state.
    pub name: &'static str,
    /// Unit of the value ("" for a fraction).
    pub unit: &'static str,
    /// What it means to the page.
    pub meaning: CcStateMeaning,
}

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

/// A congestion control as the catalogue lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CcEntry {
    /// The flow group's `tcp` value.
    pub name: &'static str,
    /// Name the page shows.
    pub label: &'static str,
    /// Paper or RFC.
    pub citation: &'static str,
    /// One sentence for the picker's help.
    pub summary: &'static str,
    /// Its parameters with their defaults filled and their places.
    pub params: Vec<CcParam>,
    /// It keeps a path model that the page's per-flow hover shows.
    pub model_state: bool,
    /// Its own state entries the hover shows.
    pub state: &'static [CcStateSpec],
    /// Its stack's own codepoint (None: the group's `ecn` switch decides).
    pub ecn_codepoint: Option<Ect>,
    /// Its receiver's ECN feedback.
    pub feedback: Feedback,
}

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
    CcEntry {
        name: info.name,
        label: info.label,
        citation: info.citation,
        summary: info.summary,
        params,
        model_state: info.model_state,
        state: info.state,
        ecn_codepoint: info.ecn_codepoint,
        feedback: info.feedback,
    }
}

/// The parameter values a flow group gives its controller: every declared parameter, from its place in the
/// group or its default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CcValues(Map<String, Value>);

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

    /// A number parameter (NaN if undeclared: a programming error the registry tests catch).
    pub fn number(&self, name: &str) -> f64 {
        self.0.get(name).and_then(Value::as_f64).unwrap_or(f64::NAN)
    }

    /// A switch.
    pub fn switch(&self, name: &str) -> bool {
        match self.0.get(name) {
            Some(Value::Bool(b)) => *b,
            Some(v) => v.as_f64().is_some_and(|x| x != 0.0),
            None => false,
        }
    }

    /// A choice, read as its serde enum (the default variant if undeclared).
    pub fn choice<T: DeserializeOwned + Default>(&self, name: &str) -> T {
        self.0.get(name).and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()
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

/// What a sender holds. In WebAssembly the [`Controller`] enum: a `match` per call instead of a
/// `call_indirect`, 5 % less CPU on reference b in Node. Natively a trait object: the enum made the native
/// build 6–9 % slower (docs/performance.md, "fifth pass").
#[cfg(target_arch = "wasm32")]
pub type BoxedController = Box<Controller>;
/// What a sender holds (see the WebAssembly definition).
#[cfg(not(target_arch = "wasm32"))]
pub type BoxedController = Box<dyn CongestionControl>;

/// Generates [`Variant`], its `name`/`info`/`controller`, [`Controller`] and [`catalogue`] from one list, in
/// picker order.
macro_rules! congestion_controls {
    ($($(#[$attr:meta])* $variant:ident = $name:literal => $info:path, $ty:ty, |$cfg:ident| $build:expr),* $(,)?) => {
        /// The congestion control of a flow group's TCP flows, as the scenario spells it (`tcp`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Variant {
            $(
                #[doc = concat!("`\"tcp\": \"", $name, "\"`.")]
                $(#[$attr])* #[serde(rename = $name)] $variant,
            )*
        }

        impl Variant {
            /// The variant's name as the scenario spells it.
            pub fn name(self) -> &'static str {
                match self { $($(#[$attr])* Variant::$variant => $name,)* }
            }

            /// What the variant declares.
            pub fn info(self) -> &'static CcInfo {
                match self { $($(#[$attr])* Variant::$variant => &$info,)* }
            }

            /// A fresh controller of this variant.
            pub fn controller(self, cfg: &CcConfig) -> BoxedController {
                match self { $($(#[$attr])* Variant::$variant => { let $cfg = cfg; boxed!(Controller::$variant, $build) })* }
            }

            /// Every variant, in picker order.
            pub const ALL: &'static [Variant] = &[$($(#[$attr])* Variant::$variant,)*];
        }

        /// A congestion control of any variant: a `match` per call (static dispatch, which the compiler can
        /// inline) where a `Box<dyn CongestionControl>` made every call indirect (in WebAssembly a
        /// `call_indirect`, checked and never inlined). Each method forwards to the variant's own, defaults
        /// included, so the behaviour is the variant's.
        pub enum Controller {
            $($(#[$attr])* #[doc = concat!("`\"tcp\": \"", $name, "\"`.")] $variant($ty),)*
        }

        impl CongestionControl for Controller {
            #[inline]
            fn recovery(&self) -> Recovery {
                match self { $($(#[$attr])* Controller::$variant(c) => c.recovery(),)* }
            }
            #[inline]
            fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_ack(w, info),)* }
            }
            #[inline]
            fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, now: Time) -> f64 {
                match self { $($(#[$attr])* Controller::$variant(c) => c.ssthresh_on_loss(w, flight, now),)* }
            }
            #[inline]
            fn on_rto(&mut self, w: &mut Window, flight: u64, now: Time) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_rto(w, flight, now),)* }
            }
            #[inline]
            fn on_send(&mut self, seq: u64, now: Time) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_send(seq, now),)* }
            }
            #[inline]
            fn wants_rate_samples(&self) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.wants_rate_samples(),)* }
            }
            #[inline]
            fn on_delivery(&mut self, w: &mut Window, d: &Delivery) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_delivery(w, d),)* }
            }
            #[inline]
            fn rearm_on_partial_ack(&self) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.rearm_on_partial_ack(),)* }
            }
            #[inline]
            fn pacing_rate(&self) -> Option<f64> {
                match self { $($(#[$attr])* Controller::$variant(c) => c.pacing_rate(),)* }
            }
            #[inline]
            fn feedback(&self) -> Feedback {
                match self { $($(#[$attr])* Controller::$variant(c) => c.feedback(),)* }
            }
            #[inline]
            fn on_ecn(&mut self, w: &mut Window, s: &EcnSample) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_ecn(w, s),)* }
            }
            fn state(&self) -> Vec<(&'static str, f64)> {
                match self { $($(#[$attr])* Controller::$variant(c) => c.state(),)* }
            }
        }

        /// Every congestion control, in picker order, with its parameters' defaults and places filled.
        pub fn catalogue() -> Vec<CcEntry> {
            Variant::ALL.iter().map(|v| entry(v.info())).collect()
        }
    };
}

congestion_controls! {
    Tahoe = "tahoe" => reno::TAHOE, reno::Aimd, |_cfg| reno::Aimd::new(Recovery::Tahoe),
    Reno = "reno" => reno::RENO, reno::Aimd, |cfg| reno::Aimd::new(Recovery::Reno).linux_reno(cfg.linux_reno),
    NewReno = "newreno" => reno::NEWRENO, reno::Aimd, |_cfg| reno::Aimd::new(Recovery::NewReno),
    Vegas = "vegas" => vegas::INFO, vegas::Vegas, |cfg| vegas::Vegas::new(vegas::VegasParams::from_values(&cfg.params)),
    Cubic = "cubic" => cubic::INFO, cubic::Cubic,
        |cfg| cubic::Cubic::with_hystart(cubic::CubicParams::default(), cfg.params.switch("hystart")),
    Bbr = "bbr" => bbr::INFO, bbr::Bbr,
        |cfg| bbr::Bbr::new(crate::rng::Rng::new(cfg.rng_seed, cfg.rng_stream), cfg.segment_bytes, cfg.initial_cwnd),
    Dctcp = "dctcp" => dctcp::INFO, dctcp::Dctcp,
        |cfg| dctcp::Dctcp::new(cfg.params.number("g")).linux_reno(cfg.linux_reno),
    Prague = "prague" => prague::INFO, prague::Prague,
        |cfg| prague::Prague::new(cfg.params.number("g"), cfg.params.switch("rtt_scaling")),
    // Test only: proves a congestion control with a parameter is one file and this line (docs/architecture.md).
    #[cfg(any(test, feature = "dummy-cc"))]
    Dummy = "dummy_cc" => super::dummy::INFO, super::dummy::DummyCc, |cfg| super::dummy::DummyCc::new(cfg.params.number("gain")),
}

// Written out: `#[default]` cannot ride on a registry line, whose attributes also go on match arms.
#[allow(clippy::derivable_impls)]
impl Default for Variant {
    fn default() -> Self {
        Variant::Reno
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Kind;

    /// The test-only congestion control's catalogue entry, as `aqm-cli catalog` prints it when built with
    /// `--features dummy-cc`, is what web/controls/dummyCc.test.tsx feeds the page.
    /// `UPDATE_FIXTURES=1 cargo test --release --lib dummy_cc` rewrites it.
    #[test]
    fn dummy_cc_fixture_is_its_catalogue_entry() {
        let entry = catalogue().into_iter().find(|e| e.name == "dummy_cc").expect("registered under cfg(test)");
        crate::catalog::assert_fixture("dummy-cc.json", &entry);
    }

    #[test]
    fn names_round_trip_through_serde_in_picker_order() {
        for v in Variant::ALL {
            let json = serde_json::to_string(v).unwrap();
            assert_eq!(json, format!("\"{}\"", v.name()));
            assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), *v);
            assert_eq!(v.info().name, v.name());
        }
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(&names[..6], ["tahoe", "reno", "newreno", "vegas", "cubic", "bbr"]);
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
