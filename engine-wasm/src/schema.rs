//! The JSON Schema of the scenario's `aqm` object, generated from the algorithm catalogue: one branch per
//! discipline (picker order), each parameter with its type, range and default from its [`ParamSpec`], so
//! the page's schema can never drift from the engine (`aqm-cli schema`, wasm `aqm_schema`; the page's
//! `npm run gen:schema` writes it into web/scenario/scenario.schema.json, docs/errors.md).

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};

use crate::aqm::{catalogue, ParamSpec};

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

/// [`aqm_definition`] as JSON text, keys in the catalogue's order.
pub fn aqm_definition_json() -> String {
    serde_json::to_string(&aqm_definition()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_and_parameter_has_its_branch_with_the_spec_range_and_default() {
        let def: Value = serde_json::from_str(&aqm_definition_json()).unwrap();
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
        let text = aqm_definition_json();
        assert!(text.find("\"min_th\"").unwrap() < text.find("\"max_th\"").unwrap());
    }
}
