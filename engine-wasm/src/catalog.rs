//! Everything the engine declares to the outside, as one JSON document (`aqm-cli catalog`, wasm `catalog()`):
//! the queue disciplines, the congestion controls, the scenario's fields, the trace's columns, the summary's
//! metrics and the kinds of refusal. The page reads its vocabularies from the generated module
//! `web/contract/engine.ts` ([`typescript_module`], `aqm-cli contract`), never from names it spells itself.

use serde::Serialize;
use serde_json::{json, Value};

use crate::aqm::{self, AlgorithmInfo};
use crate::cc_params::{self, CcEntry};
use crate::fields::{self, Bound, Describe, Spec, Ty, Unit};
use crate::problem::Kind;

/// What a trace column's value is, so a chart knows how to merge, sum and label it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    /// Simulated time at the end of the sample interval.
    Time,
    /// A level at the sample's instant (a queue, a window, an average): merged rows take the mean.
    Level,
    /// Events counted in the sample interval: merged rows add up; a running total is kept.
    Count,
    /// A rate or share over the sample interval: merged rows take the mean; a running total is kept so that
    /// any span's mean is one subtraction.
    Rate,
    /// A probability at the sample's instant.
    Probability,
    /// An index over the sample interval (Jain's).
    Index,
}

/// Who writes a trace column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Writer {
    /// The simulation's clock.
    Clock,
    /// The bottleneck link and its queue.
    Link,
    /// The queue discipline: its state or decisions (left out where two disciplines' traffic is compared).
    Aqm,
    /// The senders.
    Sender,
    /// The metrics over the flows.
    Metrics,
}

/// One trace column, or a family of them (`drops_<reason>`, `cwnd_<flow>`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ColumnSpec {
    /// The name, or a pattern with one `<reason>` or `<flow>` placeholder.
    pub name: &'static str,
    /// What the value is.
    pub kind: ColumnKind,
    /// Its unit ("" for a plain number; "queue unit" for the discipline's own unit).
    pub unit: &'static str,
    /// One column per flow (`<flow>` is the flow's index, from 0).
    pub per_flow: bool,
    /// One column per drop or mark reason.
    pub per_reason: bool,
    /// Who writes it.
    pub written_by: Writer,
    /// Only in traces of links whose capacity changes.
    pub optional: bool,
}

const fn column(name: &'static str, kind: ColumnKind, unit: &'static str, written_by: Writer) -> ColumnSpec {
    ColumnSpec { name, kind, unit, per_flow: false, per_reason: false, written_by, optional: false }
}

/// Every trace column, in row order (`crate::metrics::Metrics::columns`).
pub const TRACE_COLUMNS: &[ColumnSpec] = {
    use ColumnKind::*;
    use Writer::*;
    &[
        column("t", Time, "s", Clock),
        column("q_pkts", Level, "packets", Link),
        column("q_bytes", Level, "bytes", Link),
        column("avg", Level, "queue unit", Aqm),
        column("p", Probability, "", Aqm),
        column("delay_ms", Level, "ms", Link),
        column("util", Rate, "fraction", Link),
        column("jain", Index, "", Metrics),
        column("drops", Count, "packets", Aqm),
        column("marks", Count, "packets", Aqm),
        ColumnSpec { per_reason: true, ..column("drops_<reason>", Count, "packets", Aqm) },
        ColumnSpec { per_reason: true, ..column("marks_<reason>", Count, "packets", Aqm) },
        ColumnSpec { per_flow: true, ..column("cwnd_<flow>", Level, "segments", Sender) },
        ColumnSpec { per_flow: true, ..column("thr_<flow>", Rate, "Mbit/s", Link) },
        ColumnSpec { optional: true, ..column("capacity_mbps", Level, "Mbit/s", Link) },
    ]
};

/// Whether a larger value of a summary metric is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Better {
    /// Larger is better (utilisation, goodput, fairness).
    Higher,
    /// Smaller is better (queue, delay, drops).
    Lower,
    /// Neither: a description, not a goal.
    Neither,
}

/// One number of the run summary (`crate::metrics::Summary`), by its path in the summary's JSON.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MetricSpec {
    /// Its path: `utilisation`, `delay_ms.p95`, `flows[].goodput_payload_mbps` (one per flow).
    pub path: &'static str,
    /// Its unit ("fraction" for a share 0..1).
    pub unit: &'static str,
    /// Whether more is better.
    pub better: Better,
}

const fn metric(path: &'static str, unit: &'static str, better: Better) -> MetricSpec {
    MetricSpec { path, unit, better }
}

/// The summary's numbers, all over the measured window (from the warm-up to the end of the run).
pub const SUMMARY_METRICS: &[MetricSpec] = {
    use Better::*;
    &[
        metric("utilisation", "fraction", Higher),
        metric("mean_queue_pkts", "packets", Lower),
        metric("std_queue_pkts", "packets", Lower),
        metric("mean_queue_bytes", "bytes", Lower),
        metric("delay_ms.mean", "ms", Lower),
        metric("delay_ms.p50", "ms", Lower),
        metric("delay_ms.p95", "ms", Lower),
        metric("delay_ms.p99", "ms", Lower),
        metric("arrivals", "packets", Neither),
        metric("drops", "packets", Lower),
        metric("marks", "packets", Neither),
        metric("random_losses", "packets", Neither),
        metric("drop_rate", "fraction", Lower),
        metric("total_goodput_mbps", "Mbit/s", Higher),
        metric("total_goodput_payload_mbps", "Mbit/s", Higher),
        metric("total_received_payload_mbps", "Mbit/s", Higher),
        metric("jain", "", Higher),
        metric("min_max_fairness_pct", "%", Higher),
        metric("sync.index", "fraction", Lower),
        metric("sync.excess", "fraction", Lower),
        metric("sync.mass_cut_share", "fraction", Lower),
        metric("ack_drops", "packets", Lower),
        // One flow's share is no goal of its own: more for one is less for another.
        metric("flows[].throughput_mbps", "Mbit/s", Neither),
        metric("flows[].link_share", "fraction", Neither),
        metric("flows[].fair_share", "fraction", Neither),
        metric("flows[].goodput_mbps", "Mbit/s", Neither),
        metric("flows[].goodput_payload_mbps", "Mbit/s", Neither),
        metric("flows[].delay_ms", "ms", Lower),
        metric("flows[].drops", "packets", Lower),
        metric("flows[].marks", "packets", Neither),
        metric("flows[].loss_rate", "fraction", Lower),
        metric("flows[].retransmits", "packets", Lower),
        metric("flows[].timeouts", "", Lower),
        metric("flows[].mean_rtt_ms", "ms", Lower),
        metric("flows[].cwnd_mean", "segments", Neither),
    ]
};

/// One scenario field: where it is, what it holds and in which unit, its bounds when they are fixed, and its
/// default.
#[derive(Clone, Debug, Serialize)]
pub struct FieldEntry {
    /// Its path with list items as `[]` and a traffic kind's fields under `traffic`: `flows[].traffic.rate_mbps`.
    pub path: String,
    /// Its JSON type: number, integer, optional_number, boolean, choice, range, object, list, union.
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// Its unit ("" for a plain number; "buffer unit" where the link's `buffer_unit` decides).
    pub unit: &'static str,
    /// Lowest value, when it is a fixed number.
    pub min: Option<f64>,
    /// Highest value, when it is a fixed number.
    pub max: Option<f64>,
    /// Its default, when its object has one.
    pub default: Option<Value>,
    /// A choice's names, or a union's kinds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// Only for this `kind` of its union (a traffic kind's own fields).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when_kind: Option<&'static str>,
    /// Its one line.
    pub description: &'static str,
    /// The step of the editor's number input: 1 for a whole number, none for any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// Where the editor shows it (`fields::PLACES`): absent for a field the editor does not show.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<PlaceEntry>,
}

/// A field's place in the page's editor (`fields::Place`).
#[derive(Clone, Debug, Serialize)]
pub struct PlaceEntry {
    /// The editor's group it is drawn in.
    pub group: &'static str,
    /// Its label's catalogue key (a range's ends add `Min`, `Max`).
    pub label: &'static str,
    /// Its hint's catalogue key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<&'static str>,
    /// The key prefix of a choice's option names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<&'static str>,
    /// Shown only while the object's traffic is one of these kinds.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub when_traffic: &'static [&'static str],
    /// What an empty optional number means.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empty: Option<&'static str>,
    /// A new field's first value where the engine has no default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<f64>,
}

impl From<&fields::Place> for PlaceEntry {
    fn from(p: &fields::Place) -> Self {
        PlaceEntry {
            group: p.group,
            label: p.label,
            help: p.help,
            options: p.options,
            when_traffic: p.when_traffic,
            empty: p.empty,
            start: p.start,
        }
    }
}

fn fixed(b: Bound) -> Option<f64> {
    match b {
        Bound::Is(x) if x.is_finite() => Some(x),
        _ => None,
    }
}

fn type_name(ty: &Ty) -> &'static str {
    match ty {
        Ty::Number => "number",
        Ty::Integer => "integer",
        Ty::OptionalNumber => "optional_number",
        Ty::Boolean => "boolean",
        Ty::Choice(_) => "choice",
        Ty::Range => "range",
        Ty::Object { .. } | Ty::Aqm | Ty::CcParams => "object",
        Ty::List { .. } => "list",
        Ty::Union(_) => "union",
    }
}

fn walk(table: &dyn Describe, prefix: &str, when_kind: Option<&'static str>, out: &mut Vec<FieldEntry>) {
    walk_with(table, table.default_value(), prefix, when_kind, out)
}

fn walk_with(
    table: &dyn Describe,
    defaults: Option<Value>,
    prefix: &str,
    when_kind: Option<&'static str>,
    out: &mut Vec<FieldEntry>,
) {
    for s in table.specs() {
        let path = if prefix.is_empty() { s.name.to_string() } else { format!("{prefix}.{}", s.name) };
        out.push(field_entry(s, path.clone(), defaults.as_ref(), when_kind));
        match s.ty {
            Ty::Object { table, .. } => walk(table, &path, when_kind, out),
            Ty::List { table, .. } => walk(table, &format!("{path}[]"), when_kind, out),
            // A variant's defaults are what serde fills in for `{tag: kind}` (none where a field is required).
            Ty::Union(u) => {
                for c in u.variants {
                    let defaults = (u.reread)(json!({ u.tag: c.kind }));
                    walk_with(c.table, defaults, &path, Some(c.kind), out);
                }
            }
            _ => {}
        }
    }
}

fn field_entry(s: &Spec, path: String, defaults: Option<&Value>, when_kind: Option<&'static str>) -> FieldEntry {
    FieldEntry {
        path,
        ty: type_name(&s.ty),
        unit: match s.unit {
            Unit::Is(u) => u,
            Unit::BufferUnit => "buffer unit",
        },
        min: fixed(s.lo),
        max: fixed(s.hi),
        default: defaults.and_then(|d| d.get(s.name)).cloned(),
        choices: match s.ty {
            Ty::Choice(f) => f(),
            Ty::Union(u) => (u.kinds)(),
            _ => Vec::new(),
        },
        when_kind,
        description: s.description,
        step: matches!(s.ty, Ty::Integer).then_some(1.0),
        place: None,
    }
}

/// Every scenario field, depth first in the order the engine checks them.
pub fn scenario_fields() -> Vec<FieldEntry> {
    let mut out = Vec::new();
    walk(&fields::SCENARIO, "", None, &mut out);
    // The scenario's top-level table names the link and the flow groups; their rows are their own tables.
    walk(&fields::LINK, "link", None, &mut out);
    walk(&fields::FLOW_GROUP, "flows[]", None, &mut out);
    let mut seen = std::collections::HashSet::new();
    out.retain(|f| seen.insert((f.path.clone(), f.when_kind)));
    for f in &mut out {
        f.place = fields::place_of(&f.path, f.when_kind).map(PlaceEntry::from);
    }
    out
}

/// Every unit the catalogue names, each spelled one way (packets, never "pkts"), so the page compares units
/// as words of a vocabulary; "queue unit" is the queue's own (the buffer unit, or bytes in byte mode) and
/// "buffer unit" the link's `buffer_unit`.
#[rustfmt::skip]
pub const UNITS: &[&str] = &[
    "", "%", "fraction",                                               // ratios
    "packets", "bytes", "cells", "frames", "segments", "ACKs", "KB",  // amounts of data
    "queue unit", "buffer unit", "1/queue unit", "queues", "flows",    // the queue's own unit; counts of things
    "s", "ms", "Hz", "MHz", "1/s", "rad/s",                            // time and frequency
    "bit/s", "bytes/s", "Mbit/s", "segments/s",                        // rates
];

/// The whole catalogue.
#[derive(Serialize)]
pub struct Catalog {
    /// Queue disciplines, in picker order.
    pub algorithms: Vec<&'static AlgorithmInfo>,
    /// Congestion controls, in picker order.
    pub congestion_controls: Vec<CcEntry>,
    /// Scenario fields.
    pub scenario_fields: Vec<FieldEntry>,
    /// Trace columns.
    pub trace_columns: &'static [ColumnSpec],
    /// Summary metrics.
    pub summary_metrics: &'static [MetricSpec],
    /// Kinds of refusal (`crate::problem::Kind`).
    pub problem_kinds: &'static [Kind],
    /// Drop and mark reasons, in the order of the trace's `drops_<reason>` columns; the last, `overload`, has
    /// no column of its own (the trace counts it under `early`) and shows in summaries and the event log.
    pub reasons: Vec<&'static str>,
    /// Each reason's trace column: the reason whose `drops_<reason>`/`marks_<reason>` column counts it (itself,
    /// or `early` for `overload`), so a chart of that column names every cause it holds.
    pub reason_columns: std::collections::BTreeMap<&'static str, &'static str>,
    /// Every unit the entries above name ([`UNITS`]).
    pub units: &'static [&'static str],
}

/// The catalogue of this build.
pub fn catalog() -> Catalog {
    Catalog {
        algorithms: aqm::catalogue(),
        congestion_controls: cc_params::catalogue(),
        scenario_fields: scenario_fields(),
        trace_columns: TRACE_COLUMNS,
        summary_metrics: SUMMARY_METRICS,
        problem_kinds: Kind::ALL,
        reasons: aqm::Reason::ALL.iter().map(|r| r.name()).collect(),
        reason_columns: aqm::Reason::ALL.iter().map(|r| (r.name(), r.trace_column().name())).collect(),
        units: UNITS,
    }
}

/// The catalogue as JSON.
pub fn catalog_json() -> Value {
    serde_json::to_value(catalog()).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

/// The page's generated contract module (web/contract/engine.ts): the catalogue as a constant, and the types
/// of its entries as TypeScript infers them from it, so no type is written twice.
pub fn typescript_module() -> String {
    let json = serde_json::to_string_pretty(&catalog_json()).unwrap_or_default();
    format!(
        "// Generated by `aqm-cli contract` (npm run gen:contract) from the engine's catalogue\n\
         // (engine-wasm/src/catalog.rs). Do not edit: web/engine/contract.test.ts fails while this file differs.\n\
         // The page's one copy of the engine's vocabularies; it imports nothing.\n\n\
         export const catalog = {json} as const\n\n\
         export type Catalog = typeof catalog\n\
         export type AlgorithmEntry = Catalog['algorithms'][number]\n\
         export type CcEntry = Catalog['congestion_controls'][number]\n\
         export type CcParamEntry = CcEntry['params'][number]\n\
         export type ScenarioField = Catalog['scenario_fields'][number]\n\
         export type TraceColumn = Catalog['trace_columns'][number]\n\
         export type ColumnKind = TraceColumn['kind']\n\
         export type SummaryMetric = Catalog['summary_metrics'][number]\n\
         export type ProblemKind = Catalog['problem_kinds'][number]\n\
         export type Reason = Catalog['reasons'][number]\n\
         export type Unit = Catalog['units'][number]\n"
    )
}

/// Which [`ColumnSpec`] a trace column name belongs to.
pub fn column_spec(name: &str) -> Option<&'static ColumnSpec> {
    TRACE_COLUMNS.iter().find(|c| match c.name.split_once('<') {
        None => c.name == name,
        Some((head, _)) => {
            name.strip_prefix(head).is_some_and(|rest| !rest.is_empty())
                && if c.per_flow {
                    name[head.len()..].bytes().all(|b| b.is_ascii_digit())
                } else {
                    aqm::Reason::ALL.iter().any(|r| r.name() == &name[head.len()..])
                }
        }
    })
}

/// Test only: `value`, pretty-printed, is the committed fixture `tests/fixtures/<file>` that a page test feeds
/// the page (a test-only entry's catalogue JSON); `UPDATE_FIXTURES=1` rewrites it.
#[cfg(test)]
pub(crate) fn assert_fixture(file: &str, value: &impl Serialize) {
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let json = serde_json::to_string_pretty(value).unwrap() + "\n";
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &json).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap_or_default(), json, "run with UPDATE_FIXTURES=1");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_of_a_real_trace_is_declared_and_in_order() {
        let json = r#"{"version":1,"duration":2,"link":{"rate_mbps":5,"rate_schedule":[{"at_s":1,"rate_mbps":2}]},
            "flows":[{"count":2}]}"#;
        let s = crate::scenario::Scenario::from_json(json).unwrap();
        let sim = crate::sim::Simulation::new(s).unwrap();
        let columns = sim.columns();
        let mut last = 0;
        for c in &columns {
            let spec = column_spec(c).unwrap_or_else(|| panic!("column {c} is not declared"));
            let at = TRACE_COLUMNS.iter().position(|x| std::ptr::eq(x, spec)).unwrap();
            assert!(at >= last, "{c} out of order");
            last = at;
        }
        assert!(column_spec("thr_x").is_none() && column_spec("drops_nothing").is_none());
    }

    #[test]
    fn every_summary_metric_is_a_number_of_a_real_summary() {
        let json = r#"{"version":1,"duration":3,"warmup":1,"flows":[{"count":2}]}"#;
        let mut sim = crate::sim::Simulation::new(crate::scenario::Scenario::from_json(json).unwrap()).unwrap();
        sim.run_until(crate::time::from_secs(3.0));
        let summary = serde_json::to_value(sim.summary()).unwrap();
        for m in SUMMARY_METRICS {
            let (at, path) = match m.path.strip_prefix("flows[].") {
                Some(rest) => (&summary["flows"][0], rest),
                None => (&summary, m.path),
            };
            let value = path.split('.').fold(at, |v, k| &v[k]);
            assert!(value.is_number() || value.is_null(), "{} is not a number: {value}", m.path);
            assert!(!value.is_null() || m.path.contains("rtt"), "{} is missing", m.path);
        }
        // And every number the summary carries is declared (the window's bounds are the window, not metrics).
        for (key, value) in summary.as_object().unwrap() {
            if value.is_number() && !key.starts_with("measured_") {
                assert!(SUMMARY_METRICS.iter().any(|m| m.path == key), "summary's {key} is not declared");
            }
        }
    }

    #[test]
    fn scenario_fields_list_every_flow_group_field_with_its_unit_and_default() {
        let f = scenario_fields();
        let rtt = f.iter().find(|x| x.path == "flows[].min_rto_ms").unwrap();
        assert_eq!((rtt.ty, rtt.unit, rtt.min, rtt.default.clone()), ("number", "ms", Some(1.0), Some(json!(200.0))));
        let tcp = f.iter().find(|x| x.path == "flows[].tcp").unwrap();
        assert_eq!(tcp.choices[..3], ["tahoe", "reno", "newreno"]);
        let cbr = f.iter().find(|x| x.path == "flows[].traffic.rate_mbps" && x.when_kind == Some("cbr")).unwrap();
        assert_eq!(cbr.unit, "Mbit/s");
        assert!(f.iter().any(|x| x.path == "link.rate_schedule[].at_s"));
        assert!(f.iter().any(|x| x.path == "link.buffer" && x.unit == "buffer unit"));
        // Each traffic kind keeps its own fields, with what serde fills in as their defaults.
        let on_off = f.iter().find(|x| x.path == "flows[].traffic.rate_mbps" && x.when_kind == Some("on_off"));
        assert_eq!(on_off.and_then(|x| x.place.as_ref()).map(|p| p.label), Some("flows.onRate"));
        let shape = f.iter().find(|x| x.path == "flows[].traffic.shape").unwrap();
        assert!(shape.default.as_ref().is_some_and(|v| v.is_number()));
    }

    /// The test-only scenario field's catalogue entry, as `aqm-cli catalog` prints it when built with
    /// `--features dummy-field`, is what web/controls/dummyField.test.tsx feeds the page; a scenario that
    /// sets it runs, and a value out of its range is refused under its path.
    /// `UPDATE_FIXTURES=1 cargo test --release --lib dummy_field` rewrites the fixture.
    #[test]
    fn dummy_field_fixture_is_its_catalogue_entry_and_a_scenario_with_it_runs() {
        let entry = scenario_fields().into_iter().find(|f| f.path == "link.dummy_field").expect("under cfg(test)");
        assert_fixture("dummy-field.json", &entry);
        let s = crate::scenario::Scenario::from_json(r#"{"duration":1,"link":{"dummy_field":2.5}}"#).unwrap();
        assert_eq!(s.link.dummy_field, Some(2.5));
        let mut sim = crate::sim::Simulation::new(s).unwrap();
        sim.run_until(crate::time::from_secs(1.0));
        assert!(sim.summary().utilisation > 0.0);
        let p = crate::scenario::Scenario::from_json(r#"{"link":{"dummy_field":11}}"#).unwrap_err();
        assert_eq!((p.field.as_str(), p.hi), ("link.dummy_field", Some(10.0)));
    }

    #[test]
    fn every_place_is_a_field_and_every_editor_group_is_in_check_order() {
        let f = scenario_fields();
        for p in fields::PLACES {
            let (path, kind) = p.path.split_once('@').map_or((p.path, None), |(a, k)| (a, Some(k)));
            let found = f.iter().find(|x| x.path == path && (kind.is_none() || x.when_kind == kind));
            let place = found.and_then(|x| x.place.as_ref()).unwrap_or_else(|| panic!("{} is no field", p.path));
            assert_eq!(place.label, p.label, "{}", p.path);
        }
        assert_eq!(f.iter().filter(|x| x.place.is_some()).count(), fields::PLACES.len());
    }

    #[test]
    fn every_required_field_is_a_scenario_field() {
        let fields = scenario_fields();
        for info in aqm::catalogue() {
            if let Some(path) = info.requires_field {
                assert!(fields.iter().any(|f| f.path == path), "{}: {path} is no scenario field", info.kind);
            }
        }
    }

    #[test]
    fn every_condition_names_a_sibling_choice_or_switch_and_its_settings() {
        use crate::aqm::params::{condition_problems, ParamSpec};
        let mut problems: Vec<String> =
            aqm::catalogue().iter().flat_map(|a| condition_problems(a.kind, a.params)).collect();
        for cc in cc_params::catalogue() {
            let specs: Vec<ParamSpec> = cc.params.iter().map(|p| p.spec).collect();
            problems.extend(condition_problems(cc.name, &specs));
        }
        assert!(problems.is_empty(), "{problems:#?}");
        let dualpi2 = catalog_json()["algorithms"].as_array().unwrap().iter().find(|a| a["kind"] == "dualpi2").cloned();
        let param = |name: &str| {
            dualpi2.as_ref().and_then(|a| a["params"].as_array()?.iter().find(|p| p["name"] == name).cloned())
        };
        assert_eq!(param("tshift").unwrap()["applies_when"], json!({ "param": "scheduler", "values": ["ts_fifo"] }));
        assert_eq!(
            param("classic_protection").unwrap()["applies_when"],
            json!({ "param": "scheduler", "values": ["wrr"] })
        );
        assert!(param("target").unwrap().get("applies_when").is_none(), "unconditioned entries keep their JSON");
    }

    /// Every `unit` anywhere in the catalogue is a word of its vocabulary, and every word is used.
    #[test]
    fn every_unit_is_one_word_of_the_vocabulary() {
        fn collect(v: &Value, out: &mut std::collections::BTreeSet<String>) {
            match v {
                Value::Object(m) => m.iter().for_each(|(k, x)| match (k.as_str(), x) {
                    ("unit", Value::String(u)) => drop(out.insert(u.clone())),
                    ("units", _) => {}
                    _ => collect(x, out),
                }),
                Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
                _ => {}
            }
        }
        let mut used = std::collections::BTreeSet::new();
        collect(&catalog_json(), &mut used);
        let vocabulary: std::collections::BTreeSet<String> = UNITS.iter().map(|u| u.to_string()).collect();
        assert_eq!(used, vocabulary);
    }
}
