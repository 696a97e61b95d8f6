//! The scenario's JSON Schema (web/scenario/scenario.schema.json), generated whole: the scenario's own
//! fields from the field table (`crate::fields`: type, bounds, unit, one line each) with every default read
//! from the serialised `Default` impls, and the `aqm` object from the algorithm catalogue (one branch per
//! discipline, picker order, each parameter's type, range and default from its [`ParamSpec`]). So the page's
//! schema cannot drift from the engine: `aqm-cli schema` prints it, wasm `scenario_schema` returns it, and
//! the page's `npm run gen:schema` writes it (docs/parameter-roles.md, "Scenario fields").

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};

use crate::aqm::{catalogue, ParamSpec};
use crate::fields::{self, Bound, Describe, Spec, Ty, Union, Unit};
use crate::migrate::SCENARIO_VERSION;
use crate::scenario::MAX_FLOWS;

/// A JSON object whose keys keep the order they were written in (serde_json's own map sorts them), so the
/// generated schema reads in the catalogue's and the spec's order.
pub struct Ordered(Vec<(&'static str, Node)>);

/// A node of the generated schema.
pub enum Node {
    /// A plain JSON value.
    Value(Value),
    /// An object with its keys in written order.
    Object(Ordered),
    /// An array.
    List(Vec<Node>),
}

impl Serialize for Ordered {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Value(v) => v.serialize(s),
            Node::Object(o) => o.serialize(s),
            Node::List(l) => s.collect_seq(l),
        }
    }
}

fn obj(entries: Vec<(&'static str, Node)>) -> Node {
    Node::Object(Ordered(entries))
}

fn val(v: impl Into<Value>) -> Node {
    Node::Value(v.into())
}

/// A number as JSON: whole values as integers (100000000, not 100000000.0), the rest as they are.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

/// One parameter's node: a switch is a boolean, the rest numbers within the spec's range.
fn param_node(p: &ParamSpec) -> Node {
    let description = if p.unit.is_empty() { p.label.to_string() } else { format!("{} ({})", p.label, p.unit) };
    if !p.choices.is_empty() {
        let default = p.choices.get(p.default as usize).copied().unwrap_or_default();
        return obj(vec![("description", val(description)), ("enum", val(p.choices)), ("default", val(default))]);
    }
    if p.boolean {
        return obj(vec![
            ("description", val(description)),
            ("type", val("boolean")),
            ("default", val(p.default != 0.0)),
        ]);
    }
    obj(vec![
        ("description", val(description)),
        ("type", val(if p.integer { "integer" } else { "number" })),
        ("minimum", Node::Value(number(p.min))),
        ("maximum", Node::Value(number(p.max))),
        ("default", Node::Value(number(p.default))),
    ])
}

/// Parameters that are lists rather than one number, so have no [`ParamSpec`]: GFR's per-VC minimum cell
/// rates (`aqm::gfr::Params::mcr_mbps`, seed 002), at most one per flow.
fn list_params(kind: &str) -> Vec<(&'static str, Node)> {
    match kind {
        "gfr" => vec![(
            "mcr_mbps",
            obj(vec![
                (
                    "description",
                    val("MCR of each VC in flow-id order, Mbit/s of cells; empty: VC i gets (i + 1)·mcr_step_mbps"),
                ),
                ("type", val("array")),
                ("items", obj(vec![("type", val("number")), ("minimum", val(0)), ("maximum", val(100_000))])),
                ("maxItems", val(crate::scenario::MAX_FLOWS)),
                ("default", val(json!([]))),
            ]),
        )],
        _ => Vec::new(),
    }
}

/// The schema of the scenario's `aqm` object: a `kind`-discriminated choice of the catalogue's branches.
pub fn aqm_definition() -> Node {
    let branches: Vec<Node> = catalogue()
        .into_iter()
        .map(|info| {
            let mut properties = vec![("kind", obj(vec![("const", val(info.kind))]))];
            properties.extend(list_params(info.kind));
            properties.extend(info.params.iter().map(|p| (p.name, param_node(p))));
            obj(vec![
                ("title", val(info.label)),
                ("type", val("object")),
                ("additionalProperties", val(false)),
                ("required", val(json!(["kind"]))),
                ("properties", obj(properties)),
            ])
        })
        .collect();
    obj(vec![
        ("description", val("The queue discipline: {\"kind\": ..., params}; missing params take their defaults")),
        ("type", val("object")),
        ("required", val(json!(["kind"]))),
        ("default", val(json!({ "kind": crate::aqm::AqmConfig::default().kind() }))),
        (
            "properties",
            obj(vec![(
                "kind",
                obj(vec![
                    ("description", val("The algorithm (see the engine's algorithms())")),
                    ("type", val("string")),
                ]),
            )]),
        ),
        ("discriminator", val(json!({ "propertyName": "kind" }))),
        ("oneOf", Node::List(branches)),
    ])
}

/// A flow group's `cc_params`: every congestion control's parameters that have no flow-group field, by
/// name (which of them a group may hold depends on its `tcp`: the engine checks that,
/// `crate::cc_params::check_cc_params`).
fn cc_params_node(description: String) -> Node {
    let mut properties: Vec<(&'static str, Node)> = Vec::new();
    for entry in crate::cc_params::catalogue() {
        for p in entry.params.iter().filter(|p| p.place == crate::cc_params::Place::CcParams) {
            if !properties.iter().any(|(name, _)| *name == p.spec.name) {
                properties.push((p.spec.name, param_node(&p.spec)));
            }
        }
    }
    obj(vec![
        ("description", val(description)),
        ("type", val("object")),
        ("additionalProperties", val(false)),
        ("properties", obj(properties)),
    ])
}

/// The whole scenario schema: the top level, `definitions` (link, flowGroup, traffic, aqm) in the order the
/// fields first refer to them.
pub fn scenario_schema() -> Node {
    let mut gen = Generator { definitions: Vec::new() };
    let description = format!(
        "Generated from the engine (the field table engine-wasm/src/fields.rs and the algorithm catalogue) by \
         `aqm-cli schema`; npm run gen:schema writes it. Every field has a default, so {{}} is valid. Rules \
         across fields are the engine's to check: each field's description names its own, and at most \
         {MAX_FLOWS} flows in total, thresholds within the buffer."
    );
    let head = vec![
        ("$schema", val("http://json-schema.org/draft-07/schema#")),
        ("$id", val("https://aqm-lab.invalid/scenario.schema.json")),
        ("title", val(format!("AQM Lab scenario, version {SCENARIO_VERSION}"))),
        ("description", val(description)),
        ("type", val("object")),
    ];
    let own = fields::SCENARIO.default_value();
    let Node::Object(Ordered(mut root)) = gen.object(&fields::SCENARIO, head, own.clone().map(|d| minimise(d, own)))
    else {
        unreachable!("an object node")
    };
    root.push(("definitions", Node::Object(Ordered(gen.definitions))));
    Node::Object(Ordered(root))
}

/// [`scenario_schema`] as JSON text, keys in the table's and the catalogue's order.
pub fn scenario_schema_json() -> String {
    serde_json::to_string(&scenario_schema()).unwrap_or_default()
}

/// What `value` holds beyond `own` (the defaults of its type): a default equal to the type's own is `{}`,
/// as the page's schema has always written it.
fn minimise(value: Value, own: Option<Value>) -> Value {
    match (value, own) {
        (Value::Object(v), Some(Value::Object(own))) => {
            Value::Object(v.into_iter().filter(|(k, x)| own.get(k) != Some(x)).collect())
        }
        (value, _) => value,
    }
}

/// The static end of a bound as the schema states it: a bound taken from another field is that field's own
/// range end (the engine checks the relation; the description says it).
fn envelope(bound: Bound, lower: bool, siblings: &[&Spec]) -> Option<f64> {
    match bound {
        Bound::None => None,
        Bound::Is(x) | Bound::AfterPrevious(x) => Some(x),
        Bound::Field { name, .. } => {
            let other = siblings.iter().find(|s| s.name == name)?;
            envelope(if lower { other.lo } else { other.hi }, lower, siblings)
        }
        Bound::TwiceLinkDelay => {
            let delay = fields::LINK.row("delay_ms")?;
            envelope(if lower { delay.spec.lo } else { delay.spec.hi }, lower, &fields::LINK.specs()).map(|d| 2.0 * d)
        }
        Bound::PerBufferUnit { packets, bytes } => Some(if lower { packets.min(bytes) } else { packets.max(bytes) }),
    }
}

/// The row's line, the rules its bounds follow from other fields, and its unit.
fn description(s: &Spec) -> String {
    let mut rules = Vec::new();
    match s.lo {
        Bound::Field { name, rule: Some("not_before") } => rules.push(format!("not before {name}")),
        Bound::Field { name, .. } => rules.push(format!("not below {name}")),
        Bound::TwiceLinkDelay if matches!(s.ty, Ty::Range) => {
            rules.push("low at least twice link.delay_ms, high not below low".to_string())
        }
        Bound::TwiceLinkDelay => rules.push("at least twice link.delay_ms".to_string()),
        Bound::AfterPrevious(_) => rules.push("not before the previous step's at_s".to_string()),
        _ => {}
    }
    match s.hi {
        Bound::Field { name, .. } => rules.push(format!("at most {name}")),
        Bound::PerBufferUnit { packets, bytes } => rules.push(format!("at most {packets} packets or {bytes} bytes")),
        _ => {}
    }
    if let Ty::List { max_items: Some(n), .. } = s.ty {
        rules.push(format!("at most {n}"));
    }
    let mut text = s.description.to_string();
    for r in rules {
        text = format!("{text}; {r}");
    }
    match s.unit {
        Unit::Is(u) if !u.is_empty() => format!("{text} ({u})"),
        _ => text,
    }
}

fn bounded(entries: &mut Vec<(&'static str, Node)>, s: &Spec, siblings: &[&Spec]) {
    if let Some(lo) = envelope(s.lo, true, siblings) {
        entries.push(("minimum", Node::Value(number(lo))));
    }
    if let Some(hi) = envelope(s.hi, false, siblings) {
        entries.push(("maximum", Node::Value(number(hi))));
    }
}

/// Walks the tables, collecting the objects kept under `definitions`.
struct Generator {
    definitions: Vec<(&'static str, Node)>,
}

impl Generator {
    /// A `$ref` to `name`, built on first use (its place taken first, so definitions read in walk order).
    fn define(&mut self, name: &'static str, build: impl FnOnce(&mut Generator) -> Node) -> Node {
        if !self.definitions.iter().any(|(n, _)| *n == name) {
            let at = self.definitions.len();
            self.definitions.push((name, Node::Value(Value::Null)));
            self.definitions[at].1 = build(self);
        }
        obj(vec![("$ref", val(format!("#/definitions/{name}")))])
    }

    /// An object of `table`'s rows: `head` first, then (no other keys), the required ones (all when the
    /// struct has no `Default`), its `default`, the properties with their defaults from the struct's
    /// `Default`, and the buffer's limit by unit where a row's bound depends on it.
    fn object(&mut self, table: &dyn Describe, mut head: Vec<(&'static str, Node)>, default: Option<Value>) -> Node {
        let own = table.default_value();
        let specs = table.specs();
        head.push(("additionalProperties", val(false)));
        if own.is_none() {
            head.push(("required", val(specs.iter().map(|s| s.name).collect::<Vec<_>>())));
        }
        if let Some(d) = default {
            head.push(("default", val(d)));
        }
        let properties = specs.iter().map(|s| (s.name, self.property(s, &specs, own.as_ref()))).collect();
        head.push(("properties", Node::Object(Ordered(properties))));
        head.extend(by_buffer_unit(&specs, own.as_ref()));
        obj(head)
    }

    fn property(&mut self, s: &Spec, siblings: &[&Spec], defaults: Option<&Value>) -> Node {
        let default = defaults.and_then(|d| d.get(s.name)).cloned();
        let mut e = vec![("description", val(description(s)))];
        match s.ty {
            Ty::Number | Ty::Integer | Ty::OptionalNumber => {
                e.push((
                    "type",
                    match s.ty {
                        Ty::Integer => val("integer"),
                        Ty::OptionalNumber => val(json!(["number", "null"])),
                        _ => val("number"),
                    },
                ));
                bounded(&mut e, s, siblings);
            }
            Ty::Boolean => e.push(("type", val("boolean"))),
            Ty::Choice(choices) => e.push(("enum", val(choices()))),
            Ty::Range => {
                let mut items = vec![("type", val("number"))];
                bounded(&mut items, s, siblings);
                e.extend([("type", val("array")), ("minItems", val(2)), ("maxItems", val(2)), ("items", obj(items))]);
            }
            Ty::Object { table, nullable } => {
                let default = default.map(|d| minimise(d, table.default_value()));
                return match table.definition() {
                    Some(d) => self.define(d.name, |g| {
                        g.object(table, vec![("description", val(d.description)), ("type", val("object"))], default)
                    }),
                    None => {
                        let ty = if nullable { val(json!(["object", "null"])) } else { val("object") };
                        self.object(table, vec![e.remove(0), ("type", ty)], default)
                    }
                };
            }
            Ty::List { table, min_items, max_items } => {
                e.push(("type", val("array")));
                if let Some(n) = min_items {
                    e.push(("minItems", val(n)));
                }
                if let Some(n) = max_items {
                    e.push(("maxItems", val(n)));
                }
                let items = match table.definition() {
                    Some(d) => self.define(d.name, |g| {
                        g.object(table, vec![("description", val(d.description)), ("type", val("object"))], None)
                    }),
                    None => self.object(table, vec![("type", val("object"))], None),
                };
                e.push(("items", items));
                let own = table.default_value();
                let default = default.map(|d| match d {
                    Value::Array(items) => Value::Array(items.into_iter().map(|x| minimise(x, own.clone())).collect()),
                    d => d,
                });
                if let Some(d) = default {
                    e.push(("default", val(d)));
                }
                return obj(e);
            }
            Ty::Union(u) => return self.define(u.definition.name, |g| g.union(u, default)),
            Ty::Aqm => return self.define("aqm", |_| aqm_definition()),
            Ty::CcParams => return cc_params_node(description(s)),
        }
        if let Some(d) = default {
            e.push(("default", val(d)));
        }
        obj(e)
    }

    /// A `tag`-discriminated choice: one branch per variant, its fields' defaults as serde fills them in
    /// for `{tag: kind}` (fields without one are required).
    fn union(&mut self, u: &Union, default: Option<Value>) -> Node {
        let branches = u
            .variants
            .iter()
            .map(|c| {
                let own = (u.reread)(json!({ u.tag: c.kind }));
                let specs = c.table.specs();
                let mut required = vec![u.tag];
                if own.is_none() {
                    required.extend(specs.iter().map(|s| s.name));
                }
                let mut properties = vec![(u.tag, obj(vec![("const", val(c.kind))]))];
                properties.extend(specs.iter().map(|s| (s.name, self.property(s, &specs, own.as_ref()))));
                obj(vec![
                    ("title", val(c.title)),
                    ("type", val("object")),
                    ("additionalProperties", val(false)),
                    ("required", val(required)),
                    ("properties", Node::Object(Ordered(properties))),
                ])
            })
            .collect();
        let kinds = (u.kinds)();
        let listed = match kinds.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => kinds.join(""),
        };
        // The default keeps its tag, and beyond it what differs from that variant's own defaults.
        let default = default.map(|d| {
            let kind = d.get(u.tag).cloned().unwrap_or_default();
            let own = kind.as_str().and_then(|k| (u.reread)(json!({ u.tag: k })));
            let mut rest = minimise(d, own);
            if let Value::Object(m) = &mut rest {
                let mut tagged = serde_json::Map::new();
                tagged.insert(u.tag.to_string(), kind);
                tagged.extend(std::mem::take(m));
                *m = tagged;
            }
            rest
        });
        let mut e = vec![
            ("description", val(u.definition.description)),
            ("type", val("object")),
            ("required", val(json!([u.tag]))),
        ];
        if let Some(d) = default {
            e.push(("default", val(d)));
        }
        e.extend([
            ("properties", obj(vec![(u.tag, obj(vec![("description", val(listed)), ("type", val("string"))]))])),
            ("discriminator", val(json!({ "propertyName": u.tag }))),
            ("oneOf", Node::List(branches)),
        ]);
        obj(e)
    }
}

/// JSON Schema's `if`/`then`/`else` for a row whose upper bound depends on `buffer_unit`: the other unit's
/// limit when it is given, else the default unit's.
fn by_buffer_unit(specs: &[&Spec], own: Option<&Value>) -> Vec<(&'static str, Node)> {
    let Some(s) = specs.iter().find(|s| matches!(s.hi, Bound::PerBufferUnit { .. })) else { return Vec::new() };
    let Bound::PerBufferUnit { packets, bytes } = s.hi else { return Vec::new() };
    let default_unit = own.and_then(|d| d.get("buffer_unit")).and_then(Value::as_str).unwrap_or("packets");
    let (other, other_max, default_max) =
        if default_unit == "packets" { ("bytes", bytes, packets) } else { ("packets", packets, bytes) };
    let ty = if matches!(s.ty, Ty::Integer) { "integer" } else { "number" };
    let limit = |max: f64| {
        obj(vec![(
            "properties",
            obj(vec![(s.name, obj(vec![("type", val(ty)), ("maximum", Node::Value(number(max)))]))]),
        )])
    };
    vec![
        (
            "if",
            obj(vec![
                ("type", val("object")),
                ("properties", obj(vec![("buffer_unit", obj(vec![("const", val(other))]))])),
                ("required", val(json!(["buffer_unit"]))),
            ]),
        ),
        ("then", limit(other_max)),
        ("else", limit(default_max)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_and_parameter_has_its_branch_with_the_spec_range_and_default() {
        let def: Value = serde_json::to_value(aqm_definition()).unwrap();
        let branches = def["oneOf"].as_array().unwrap();
        assert_eq!(branches.len(), catalogue().len());
        let red = branches.iter().find(|b| b["properties"]["kind"]["const"] == "red").unwrap();
        assert_eq!(
            red["properties"]["max_th"],
            json!({ "description": "max threshold (queue unit)", "type": "number", "minimum": 0, "maximum": 100000000, "default": 15 })
        );
        assert_eq!(
            red["properties"]["gentle"],
            json!({ "description": "gentle", "type": "boolean", "default": false })
        );
        assert_eq!(red["properties"]["w_q"]["minimum"], json!(1e-6));
        let gfr = branches.iter().find(|b| b["properties"]["kind"]["const"] == "gfr").unwrap();
        assert_eq!(gfr["properties"]["mcr_mbps"]["maxItems"], json!(10000));
        assert_eq!(def["default"], json!({ "kind": "droptail" }));
        // Keys keep the spec's order: kind first, then the parameters as the catalogue lists them.
        let text = serde_json::to_string(&aqm_definition()).unwrap();
        assert!(text.find("\"min_th\"").unwrap() < text.find("\"max_th\"").unwrap());
    }

    #[test]
    fn the_whole_schema_takes_types_and_bounds_from_the_table_and_defaults_from_the_default_impls() {
        use crate::scenario::{FlowGroup, LinkSpec};
        let doc: Value = serde_json::from_str(&scenario_schema_json()).unwrap();
        assert_eq!(doc["title"], format!("AQM Lab scenario, version {SCENARIO_VERSION}"));
        // Definitions in the order the fields first refer to them (serde_json's Value sorts keys: read the text).
        let text = scenario_schema_json();
        let defs = &text[text.find("\"definitions\"").unwrap()..];
        let at: Vec<usize> = ["link", "flowGroup", "traffic", "aqm"]
            .iter()
            .map(|d| defs.find(&format!("\"{d}\":{{\"description\"")).unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
        assert_eq!(doc["definitions"].as_object().unwrap().len(), 4);
        assert_eq!(doc["definitions"]["aqm"], serde_json::to_value(aqm_definition()).unwrap());
        // Defaults: `{}` where a part's default is its type's own, every leaf from the serialised Default.
        assert_eq!((&doc["default"], &doc["definitions"]["link"]["default"]), (&json!({}), &json!({})));
        assert_eq!(doc["properties"]["flows"]["default"], json!([{}]));
        assert_eq!(doc["definitions"]["traffic"]["default"], json!({ "kind": "ftp" }));
        let group = serde_json::to_value(FlowGroup::default()).unwrap();
        for (k, v) in doc["definitions"]["flowGroup"]["properties"].as_object().unwrap() {
            if k != "traffic" {
                assert_eq!(v["default"], group[k], "{k}");
            }
        }
        let link = serde_json::to_value(LinkSpec::default()).unwrap();
        let props = &doc["definitions"]["link"]["properties"];
        assert_eq!(
            (&props["rate_mbps"]["default"], &props["buffer_unit"]["default"]),
            (&link["rate_mbps"], &json!("packets"))
        );
        // Optional parts have no default (absent = off) but their fields do.
        assert_eq!(props["reverse"].get("default"), None);
        assert_eq!(props["reverse"]["properties"]["ack_size"]["default"], json!(40));
        // A struct without Default (a schedule step) and a variant with fields serde cannot default (cbr)
        // require them; HTTP's fields take serde's defaults.
        assert_eq!(props["rate_schedule"]["items"]["required"], json!(["at_s", "rate_mbps"]));
        let branches = doc["definitions"]["traffic"]["oneOf"].as_array().unwrap();
        assert_eq!(branches[2]["required"], json!(["kind", "rate_mbps"]));
        assert_eq!(branches[1]["required"], json!(["kind"]));
        assert_eq!(branches[1]["properties"]["shape"]["default"], json!(1.2));
        assert_eq!(
            doc["definitions"]["traffic"]["properties"]["kind"]["description"],
            "ftp, http, cbr, poisson or on_off"
        );
        // Bounds from other fields: their static ends, and the relation in the description.
        let group = &doc["definitions"]["flowGroup"]["properties"];
        let delay_min = doc["definitions"]["link"]["properties"]["delay_ms"]["minimum"].as_f64().unwrap();
        assert_eq!(group["rtt_ms"]["items"]["minimum"].as_f64(), Some(2.0 * delay_min));
        assert_eq!(group["rtt_ms"]["items"]["maximum"], json!(60000));
        assert_eq!(group["vegas_beta"]["minimum"], group["vegas_alpha"]["minimum"]);
        assert!(group["vegas_beta"]["description"].as_str().unwrap().contains("not below vegas_alpha"));
        assert_eq!(doc["properties"]["warmup"]["maximum"], doc["properties"]["duration"]["maximum"]);
        // The buffer's limit by unit.
        let l = &doc["definitions"]["link"];
        assert_eq!(l["properties"]["buffer"]["maximum"], json!(1_500_000_000));
        assert_eq!(l["if"]["properties"]["buffer_unit"]["const"], "bytes");
        assert_eq!(l["then"]["properties"]["buffer"]["maximum"], json!(1_500_000_000));
        assert_eq!(l["else"]["properties"]["buffer"]["maximum"], json!(1_000_000));
        assert_eq!(doc["properties"]["flows"]["maxItems"], json!(crate::scenario::MAX_GROUPS));
        assert_eq!(group["count"]["maximum"], json!(MAX_FLOWS));
    }
}
