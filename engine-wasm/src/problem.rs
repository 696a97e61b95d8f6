//! A refusal as data. Every check of the engine (the scenario's fields, the AQM parameters, a discipline's
//! own rules, a JSON parse) returns a [`Problem`]: what kind of rule failed, the field as the scenario JSON
//! spells its path (`link.rate_mbps`, `flows[0].count`, `aqm.max_th`), the bounds and unit, and the value
//! it got. `Display` is the English sentence the CLI prints; the wasm facade hands the page the whole
//! value as JSON, and the page words it in the reader's language from its catalogues (docs/errors.md).

use serde::Serialize;

/// Which rule a value broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A number outside `lo..=hi` (in `unit`); `other` names the field a bound comes from, if any.
    OutOfRange,
    /// Not a finite number.
    NotFinite,
    /// A fraction where a whole number is read.
    NotInteger,
    /// A switch given something other than 0 (off) or 1 (on).
    NotSwitch,
    /// A value that must stay below (`hi`) or above (`lo`) the value of another field, `other`.
    Order,
    /// A queue level above the physical buffer; `hi` is the buffer in `unit`.
    AboveBuffer,
    /// A key the model does not have (`name`); `expected` lists the ones it has.
    UnknownField,
    /// A choice the engine does not offer (`name`); `expected` lists the ones it has.
    UnknownVariant,
    /// A parameter the running discipline does not have (`name`); `expected` lists its parameters.
    UnknownParam,
    /// A value of the wrong JSON type, or a missing one.
    WrongType,
    /// Text that is not JSON.
    Parse,
    /// A scenario `version` this engine does not read (`got`; `hi` is the one it reads).
    UnsupportedVersion,
    /// `flows` is empty.
    NoGroups,
    /// More flow groups than `hi`.
    TooManyGroups,
    /// More flows in total than `hi`.
    TooManyFlows,
    /// A rule particular to one discipline (a gain formula, a cell-rate budget, a list length): the
    /// English `message` says which; `field` names the parameter.
    Constraint,
}

impl Kind {
    /// Every kind, in declaration order (the catalogue's `problem_kinds`).
    pub const ALL: &'static [Kind] = &[
        Kind::OutOfRange,
        Kind::NotFinite,
        Kind::NotInteger,
        Kind::NotSwitch,
        Kind::Order,
        Kind::AboveBuffer,
        Kind::UnknownField,
        Kind::UnknownVariant,
        Kind::UnknownParam,
        Kind::WrongType,
        Kind::Parse,
        Kind::UnsupportedVersion,
        Kind::NoGroups,
        Kind::TooManyGroups,
        Kind::TooManyFlows,
        Kind::Constraint,
    ];
}

/// What is wrong, where, and what would be right. Absent parts are left out of the JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    /// What kind of problem it is (the page words it from this).
    pub kind: Kind,
    /// The field's path in the scenario JSON; "" when the problem is about no one field.
    pub field: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Lowest accepted value, in `unit`.
    pub lo: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Highest accepted value, in `unit`.
    pub hi: Option<f64>,
    /// The unit of `lo`, `hi` and `got`, as the engine names it ("Mbit/s", "ms", "packets", ...).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The value given, in `unit`.
    pub got: Option<f64>,
    /// The field a bound comes from (RTT's floor from `link.delay_ms`, `max_th` above `min_th`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
    /// How the bound follows from `other`: "twice" (at least twice it), "after" (a later step),
    /// "not_below", "not_before".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// The unknown key, choice or parameter as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    /// The accepted keys, choices or parameters.
    pub expected: Vec<String>,
    /// The English sentence (`Display`).
    pub message: String,
}

/// Numbers as the CLI has always printed them (Rust's shortest round-trip form).
fn unit_suffix(unit: &str) -> String {
    if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    }
}

impl Problem {
    fn bare(kind: Kind, field: impl Into<String>, message: String) -> Problem {
        Problem {
            kind,
            field: field.into(),
            lo: None,
            hi: None,
            unit: String::new(),
            got: None,
            other: None,
            rule: None,
            name: None,
            expected: Vec::new(),
            message,
        }
    }

    /// `field must be within lo..=hi unit (got v)`.
    pub fn out_of_range(field: &str, lo: f64, hi: f64, unit: &str, got: f64) -> Problem {
        let message = format!("{field} must be within {lo}..={hi}{} (got {got})", unit_suffix(unit));
        Problem {
            lo: Some(lo),
            hi: Some(hi),
            unit: unit.into(),
            got: Some(got),
            ..Self::bare(Kind::OutOfRange, field, message)
        }
    }

    /// A range whose lower end comes from another field: `rule` says how ("twice", "after", "not_below").
    pub fn out_of_range_of(
        field: &str,
        (lo, hi): (f64, f64),
        unit: &str,
        got: f64,
        other: &str,
        rule: &'static str,
    ) -> Problem {
        let why = match rule {
            "twice" => "at least twice the link delay".to_string(),
            "after" => "after the step before".to_string(),
            "not_before" => format!("not before {}", other.rsplit('.').next().unwrap_or(other)),
            _ => format!("not below {}", other.rsplit('.').next().unwrap_or(other)),
        };
        let message = format!("{field} must be within {lo}..={hi}{} ({why}) (got {got})", unit_suffix(unit));
        Problem {
            lo: Some(lo),
            hi: Some(hi),
            unit: unit.into(),
            got: Some(got),
            other: Some(other.into()),
            rule: Some(rule),
            ..Self::bare(Kind::OutOfRange, field, message)
        }
    }

    /// `field` is NaN or infinite.
    pub fn not_finite(field: &str) -> Problem {
        Self::bare(Kind::NotFinite, field, format!("{field} must be a finite number"))
    }

    /// `field` must be a whole number.
    pub fn not_integer(field: &str, got: f64) -> Problem {
        Problem { got: Some(got), ..Self::bare(Kind::NotInteger, field, format!("{field} must be a whole number")) }
    }

    /// `field` is a switch and must be 0 or 1.
    pub fn not_switch(field: &str, got: f64) -> Problem {
        Problem {
            got: Some(got),
            ..Self::bare(Kind::NotSwitch, field, format!("{field} is a switch: 0 (off) or 1 (on)"))
        }
    }

    /// `field` (got) must stay below `other` (its value `hi`); `message` is the discipline's sentence.
    pub fn below(field: &str, got: f64, other: &str, hi: f64, message: String) -> Problem {
        Problem { got: Some(got), hi: Some(hi), other: Some(other.into()), ..Self::bare(Kind::Order, field, message) }
    }

    /// `field` (got) must stay above `other` (its value `lo`); `message` is the discipline's sentence.
    pub fn above(field: &str, got: f64, other: &str, lo: f64, message: String) -> Problem {
        Problem { got: Some(got), lo: Some(lo), other: Some(other.into()), ..Self::bare(Kind::Order, field, message) }
    }

    /// A queue level above the buffer (`buffer` in `unit`).
    pub fn above_buffer(field: &str, got: f64, buffer: f64, unit: &str) -> Problem {
        let message = format!("{field} ({got}) must not exceed the buffer ({buffer} {unit})");
        Problem { got: Some(got), hi: Some(buffer), unit: unit.into(), ..Self::bare(Kind::AboveBuffer, field, message) }
    }

    /// No parameter `name` in the discipline; `expected` lists those it has.
    pub fn unknown_param(name: &str, expected: Vec<String>, message: String) -> Problem {
        Problem { name: Some(name.into()), expected, ..Self::bare(Kind::UnknownParam, "", message) }
    }

    /// A rule of one discipline, in its own words.
    pub fn constraint(field: &str, message: String) -> Problem {
        Self::bare(Kind::Constraint, field, message)
    }

    /// The scenario's `version` is not the one this engine reads.
    pub fn unsupported_version(got: u32, reads: u32) -> Problem {
        let message = format!("version {got} is not supported (this engine reads version {reads})");
        Problem {
            got: Some(got as f64),
            hi: Some(reads as f64),
            ..Self::bare(Kind::UnsupportedVersion, "version", message)
        }
    }

    /// The scenario has no flow group.
    pub fn no_groups() -> Problem {
        Self::bare(Kind::NoGroups, "flows", "flows must hold at least one flow group".into())
    }

    /// More flow groups than `max`.
    pub fn too_many_groups(max: usize, got: usize) -> Problem {
        let message = format!("flows may hold at most {max} groups (got {got})");
        Problem { hi: Some(max as f64), got: Some(got as f64), ..Self::bare(Kind::TooManyGroups, "flows", message) }
    }

    /// Total flows outside 1..=`max`.
    pub fn too_many_flows(max: u32, got: u64) -> Problem {
        let message = format!("the total number of flows must be within 1..={max} (got {got})");
        Problem {
            lo: Some(1.0),
            hi: Some(max as f64),
            got: Some(got as f64),
            ..Self::bare(Kind::TooManyFlows, "flows", message)
        }
    }

    /// A JSON document that serde refused: syntax (`Parse`), a key the model lacks (`UnknownField`), a
    /// choice it does not offer (`UnknownVariant`) or a value of the wrong type (`WrongType`). `prefix` is
    /// where the document sits in the scenario ("" for the scenario, "aqm" for an `aqm` object) and starts
    /// the English sentence as before ("scenario: …", "aqm: …").
    pub fn from_serde(prefix: &str, err: serde_path_to_error::Error<serde_json::Error>) -> Problem {
        let path = join(prefix, &err.path().to_string());
        let inner = err.into_inner();
        let head = if prefix.is_empty() { "scenario" } else { prefix };
        let message = format!("{head}: {inner}");
        if inner.is_syntax() || inner.is_eof() {
            return Self::bare(Kind::Parse, "", message);
        }
        // serde's own wording of its data errors (serde::de::Error::unknown_field / unknown_variant),
        // which has been the same since serde 1.0: read back the name and the accepted ones.
        let text = inner.to_string();
        for (lead, kind) in [("unknown field `", Kind::UnknownField), ("unknown variant `", Kind::UnknownVariant)] {
            if let Some(rest) = text.strip_prefix(lead) {
                let name = rest.split('`').next().unwrap_or_default().to_string();
                let expected = rest.split("expected ").nth(1).map(backticked).unwrap_or_default();
                // serde's path for an unknown key ends at the key itself, except inside an internally
                // tagged object (`aqm`), where it ends at the object; for a variant, at its field.
                let at_key = path == name || path.ends_with(&format!(".{name}"));
                let path = if kind == Kind::UnknownField && !at_key { join(&path, &name) } else { path };
                return Problem { name: Some(name), expected, ..Self::bare(kind, path, message) };
            }
        }
        Self::bare(Kind::WrongType, path, message)
    }

    /// The same problem inside `prefix` (a discipline's parameter inside `aqm`): the path gains the
    /// prefix, the sentence starts with it as it always has ("aqm: min_th (20) must be …").
    pub fn inside(self, prefix: &str) -> Problem {
        let mut p = self.under(prefix);
        p.message = format!("{prefix}: {}", p.message);
        p
    }

    /// The same problem with its paths inside `prefix` and its sentence unchanged (a live parameter change,
    /// whose sentence has always named the bare parameter).
    pub fn under(mut self, prefix: &str) -> Problem {
        self.field = join(prefix, &self.field);
        if let Some(o) = self.other.take() {
            self.other = Some(join(prefix, &o));
        }
        self
    }

    /// The same problem with a few words before the sentence (WRED's "class 2: "), the field unchanged.
    pub fn headed(mut self, head: &str) -> Problem {
        self.message = format!("{head}: {}", self.message);
        self
    }

    /// The same problem about another field (a rule checked on one name for several, as WRED's classes).
    pub fn at(mut self, field: &str, other: Option<&str>) -> Problem {
        self.field = field.into();
        if let (Some(o), Some(_)) = (other, &self.other) {
            self.other = Some(o.into());
        }
        self
    }

    /// The same problem filed under another kind (a sentence of its own that a generic kind describes).
    pub fn of_kind(mut self, kind: Kind) -> Problem {
        self.kind = kind;
        self
    }

    /// JSON for the page (`{"kind": "out_of_range", "field": "link.rate_mbps", "lo": 0.01, ...}`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| format!("{{\"kind\":\"constraint\",\"field\":\"\",\"message\":{:?}}}", self.message))
    }

    /// Whether the English sentence contains `text` (tests read messages this way).
    pub fn contains(&self, text: &str) -> bool {
        self.message.contains(text)
    }
}

/// Parses `json` as a `T` (the scenario, or an `aqm` object when `prefix` is "aqm"); a refusal names the
/// path. An unknown `kind` of an internally tagged object (`aqm`, `traffic`) is about its `kind` field.
pub fn from_json<T: serde::de::DeserializeOwned>(prefix: &str, json: &str) -> Result<T, Problem> {
    let de = &mut serde_json::Deserializer::from_str(json);
    let mut problem = match serde_path_to_error::deserialize::<_, T>(de) {
        Ok(value) => return Ok(value),
        Err(e) => Problem::from_serde(prefix, e),
    };
    if problem.kind == Kind::UnknownVariant {
        let root: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let at = problem.field.strip_prefix(prefix).unwrap_or(&problem.field).trim_start_matches('.');
        let pointer: String =
            at.split(['.', '[']).filter(|s| !s.is_empty()).map(|s| format!("/{}", s.trim_end_matches(']'))).collect();
        if root.pointer(&pointer).is_some_and(serde_json::Value::is_object) {
            problem.field = join(&problem.field, "kind");
        }
    }
    Err(problem)
}

/// "a" + "b.c" → "a.b.c"; "a" + "" or "." → "a"; "" + "b" → "b".
fn join(prefix: &str, path: &str) -> String {
    let path = if path == "." { "" } else { path };
    match (prefix.is_empty(), path.is_empty()) {
        (true, _) => path.to_string(),
        (false, true) => prefix.to_string(),
        (false, false) if path.starts_with('[') => format!("{prefix}{path}"),
        (false, false) => format!("{prefix}.{path}"),
    }
}

/// The names between backticks ("one of `a`, `b`" → [a, b]; "there are no fields" → []).
fn backticked(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

/// A problem read as text (the CLI, and callers that only print).
impl From<Problem> for String {
    fn from(p: Problem) -> String {
        p.message
    }
}

/// Checks that `value` is finite and within `lo..=hi` (`unit` as the engine names it).
pub fn in_range(field: &str, value: f64, lo: f64, hi: f64, unit: &str) -> Result<(), Problem> {
    if !value.is_finite() || value < lo || value > hi {
        return Err(Problem::out_of_range(field, lo, hi, unit, value));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn kind_all_lists_every_kind_once() {
        // An exhaustive match: a new kind does not compile until it is placed here, beside `Kind::ALL`.
        let position = |k: Kind| match k {
            Kind::OutOfRange => 0,
            Kind::NotFinite => 1,
            Kind::NotInteger => 2,
            Kind::NotSwitch => 3,
            Kind::Order => 4,
            Kind::AboveBuffer => 5,
            Kind::UnknownField => 6,
            Kind::UnknownVariant => 7,
            Kind::UnknownParam => 8,
            Kind::WrongType => 9,
            Kind::Parse => 10,
            Kind::UnsupportedVersion => 11,
            Kind::NoGroups => 12,
            Kind::TooManyGroups => 13,
            Kind::TooManyFlows => 14,
            Kind::Constraint => 15,
        };
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(position(*k), i);
        }
        assert_eq!(Kind::ALL.len(), 16);
    }

    use super::*;

    fn parse<T: serde::de::DeserializeOwned>(prefix: &str, json: &str) -> Problem {
        let de = &mut serde_json::Deserializer::from_str(json);
        match serde_path_to_error::deserialize::<_, T>(de) {
            Ok(_) => panic!("{json} parsed"),
            Err(e) => Problem::from_serde(prefix, e),
        }
    }

    #[test]
    fn range_sentences_are_the_ones_the_cli_printed() {
        let p = Problem::out_of_range("link.rate_mbps", 0.01, 100_000.0, "Mbit/s", 0.0);
        assert_eq!(p.to_string(), "link.rate_mbps must be within 0.01..=100000 Mbit/s (got 0)");
        assert_eq!(
            p.to_json(),
            r#"{"kind":"out_of_range","field":"link.rate_mbps","lo":0.01,"hi":100000.0,"unit":"Mbit/s","got":0.0,"message":"link.rate_mbps must be within 0.01..=100000 Mbit/s (got 0)"}"#
        );
        let p = Problem::out_of_range_of("flows[0].rtt_ms[0]", (60.0, 60_000.0), "ms", 20.0, "link.delay_ms", "twice");
        assert_eq!(
            p.to_string(),
            "flows[0].rtt_ms[0] must be within 60..=60000 ms (at least twice the link delay) (got 20)"
        );
        let p = Problem::out_of_range_of("flows[0].stop_s", (5.0, 36_000.0), "s", 1.0, "flows[0].start_s", "not_below");
        assert_eq!(p.to_string(), "flows[0].stop_s must be within 5..=36000 s (not below start_s) (got 1)");
        assert_eq!(Problem::out_of_range("x", 0.0, 1.0, "", 2.0).to_string(), "x must be within 0..=1 (got 2)");
    }

    #[test]
    fn inside_prefixes_the_path_and_the_sentence() {
        let p = Problem::above_buffer("max_th", 101.0, 100.0, "packets").inside("aqm");
        assert_eq!((p.field.as_str(), p.kind), ("aqm.max_th", Kind::AboveBuffer));
        assert_eq!(p.to_string(), "aqm: max_th (101) must not exceed the buffer (100 packets)");
        let p = Problem::below("min_th", 20.0, "max_th", 15.0, "m".into()).inside("aqm");
        assert_eq!(p.other.as_deref(), Some("aqm.max_th"));
    }

    #[test]
    fn serde_refusals_name_the_path_the_key_and_the_choices() {
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Inner {
            rate: f64,
            mode: Mode,
        }
        #[derive(serde::Deserialize, Debug)]
        #[serde(rename_all = "snake_case")]
        enum Mode {
            Line,
            Payload,
        }
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Outer {
            link: Inner,
        }
        let p = parse::<Outer>("", r#"{"link":{"speed":1}}"#);
        assert_eq!((p.kind, p.field.as_str(), p.name.as_deref()), (Kind::UnknownField, "link.speed", Some("speed")));
        assert_eq!(p.expected, ["rate", "mode"]);
        assert!(p.to_string().starts_with("scenario: unknown field `speed`"), "{p}");
        let p = parse::<Outer>("", r#"{"link":{"rate":1,"mode":"frame"}}"#);
        assert_eq!((p.kind, p.field.as_str(), p.name.as_deref()), (Kind::UnknownVariant, "link.mode", Some("frame")));
        assert_eq!(p.expected, ["line", "payload"]);
        let p = parse::<Outer>("", r#"{"link":{"rate":"fast"}}"#);
        assert_eq!((p.kind, p.field.as_str()), (Kind::WrongType, "link.rate"));
        let p = parse::<Inner>("aqm", r#"{"rate":1,"mode":"line","x":2}"#);
        assert_eq!((p.kind, p.field.as_str()), (Kind::UnknownField, "aqm.x"));
        assert!(p.to_string().starts_with("aqm: unknown field `x`"), "{p}");
        #[derive(serde::Deserialize, Debug)]
        #[serde(tag = "kind", deny_unknown_fields)]
        #[allow(dead_code)]
        enum Tagged {
            #[serde(rename = "a")]
            A { x: f64 },
        }
        let p = parse::<Tagged>("aqm", r#"{"kind":"a","x":1,"foo":2}"#);
        assert_eq!((p.kind, p.field.as_str(), p.name.as_deref()), (Kind::UnknownField, "aqm.foo", Some("foo")));
        let p = parse::<Outer>("", "{");
        assert_eq!((p.kind, p.field.as_str()), (Kind::Parse, ""));
        assert!(p.to_string().starts_with("scenario: "), "{p}");
    }

    #[test]
    fn joins_paths() {
        assert_eq!(join("aqm", ""), "aqm");
        assert_eq!(join("aqm", "."), "aqm");
        assert_eq!(join("", "link.rate"), "link.rate");
        assert_eq!(join("flows", "[0].count"), "flows[0].count");
        assert_eq!(join("aqm", "mcr_mbps[2]"), "aqm.mcr_mbps[2]");
    }
}
