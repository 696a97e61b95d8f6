//! The only wasm-bindgen code: a thin facade over [`Simulation`] for the page's Web Worker. A refusal
//! becomes a JS `Error` whose message is the engine's English sentence and whose `problem` property is
//! the typed [`Problem`] (kind, field, bounds, unit, got) the page words in the reader's language; a
//! panic is caught by the hook below so the worker can show its text (`last_panic_message`) instead of a
//! bare "unreachable".
#![deny(clippy::unwrap_used, clippy::expect_used)]

use std::cell::RefCell;

use js_sys::{Float64Array, Uint32Array};
use wasm_bindgen::prelude::*;

use crate::aqm::{self, AqmConfig};
use crate::problem::Problem;
use crate::scenario::Scenario;
use crate::sim::Simulation as Engine;
use crate::time::{from_secs, to_secs};

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        LAST_PANIC.with(|p| *p.borrow_mut() = info.to_string());
    }));
}

/// Text of the last Rust panic ("" if none).
#[wasm_bindgen]
pub fn last_panic_message() -> String {
    LAST_PANIC.with(|p| p.borrow().clone())
}

fn js_error(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

/// A JS `Error` with the English sentence as its message and the problem as `error.problem`.
fn js_problem(problem: Problem) -> JsValue {
    let error = js_sys::Error::new(&problem.message);
    if let Ok(value) = js_sys::JSON::parse(&problem.to_json()) {
        // Setting a property on a fresh Error object cannot fail; if it did, the message still tells.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("problem"), &value);
    }
    error.into()
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(|e| js_error(e.to_string()))
}

/// JSON of the default scenario.
#[wasm_bindgen]
pub fn default_scenario() -> Result<String, JsError> {
    to_json(&Scenario::default())
}

/// JSON list of every algorithm with its parameter schema.
#[wasm_bindgen]
pub fn algorithms() -> Result<String, JsError> {
    to_json(&aqm::catalogue())
}

/// The engine's whole catalogue (`crate::catalog`): disciplines, congestion controls, scenario fields, trace
/// columns, summary metrics and problem kinds.
#[wasm_bindgen]
pub fn catalog() -> String {
    crate::catalog::catalog_json().to_string()
}

/// The page's generated contract module, web/contract/engine.ts (`npm run gen:contract` writes it).
#[wasm_bindgen]
pub fn contract_module() -> String {
    crate::catalog::typescript_module()
}

/// The page's "Behave as" selector: the scenario with every field the profile ("paper", "ns2", "ns3",
/// "linux") controls set to that profile's value, and `profile` set (`crate::profile::apply_profile`).
#[wasm_bindgen]
pub fn apply_profile(scenario_json: &str, profile: &str) -> Result<String, JsValue> {
    crate::profile::apply_profile(scenario_json, profile).map_err(js_problem)
}

/// Every profile's values (`crate::profile::tables_json`), for `npm run gen:profiles`.
#[wasm_bindgen]
pub fn profile_tables() -> String {
    crate::profile::tables_json()
}

/// "" when the scenario is valid, else the JSON of the [`Problem`] (kind, field, bounds, unit, got and
/// the English `message`).
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> String {
    match Scenario::from_json(json).and_then(Engine::new) {
        Ok(_) => String::new(),
        Err(e) => e.to_json(),
    }
}

/// The scenario's whole JSON Schema, generated from the field table and the catalogue (`crate::schema`);
/// the page's `npm run gen:schema` writes it to web/scenario/scenario.schema.json.
#[wasm_bindgen]
pub fn scenario_schema() -> String {
    crate::schema::scenario_schema_json()
}

/// Hex digest of a trace (see digest.rs), to compare runs bit for bit.
#[wasm_bindgen]
pub fn trace_digest(values: &[f64]) -> String {
    crate::digest::trace_digest_hex(values)
}

#[wasm_bindgen]
pub struct Simulation {
    engine: Engine,
    /// Reused by take_view so a frame allocates nothing on the Rust side.
    view_scratch: Vec<u32>,
}

fn pairs_to_json(pairs: &[(&'static str, f64)]) -> Result<String, JsError> {
    let map: serde_json::Map<String, serde_json::Value> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), serde_json::Number::from_f64(*v).map_or(serde_json::Value::Null, Into::into)))
        .collect();
    to_json(&map)
}

#[wasm_bindgen]
impl Simulation {
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsValue> {
        let scenario = Scenario::from_json(scenario_json).map_err(js_problem)?;
        Ok(Simulation { engine: Engine::new(scenario).map_err(js_problem)?, view_scratch: Vec::new() })
    }

    /// Advances simulated time by `seconds`.
    pub fn run_for(&mut self, seconds: f64) {
        let until = self.engine.now() + from_secs(seconds);
        self.engine.run_until(until);
    }

    /// Advances simulated time to `seconds` from the start (`aqm-cli sweep`'s call for a whole run). Exact:
    /// `run_for` adds a step rounded to the nanosecond, so a run cut into slices by it could end a
    /// nanosecond off. Cutting a run into slices changes nothing else: events pop in the same order.
    pub fn run_until(&mut self, seconds: f64) {
        self.engine.run_until(from_secs(seconds).max(self.engine.now()));
    }

    /// Simulated time, seconds.
    pub fn now(&self) -> f64 {
        to_secs(self.engine.now())
    }

    /// Events handled so far (for speed readouts).
    pub fn events(&self) -> f64 {
        self.engine.events_handled() as f64
    }

    /// JSON array of the column names of a sample row.
    pub fn columns(&self) -> Result<String, JsError> {
        to_json(&self.engine.columns())
    }

    /// Every row sampled since the last call, row-major.
    pub fn take_samples(&mut self) -> Float64Array {
        let rows = self.engine.take_samples();
        Float64Array::from(rows.as_slice())
    }

    /// Whether the run keeps trace rows for `take_samples` / `take_state_samples` (on by default). A batch
    /// run that reads only `summary()` turns it off: the summary is the same, and the rows it would never
    /// drain no longer pile up in the module's memory.
    pub fn keep_trace(&mut self, keep: bool) {
        self.engine.keep_trace(keep);
    }

    /// JSON array of the traced state entries' names (DualPI2's per-queue values; [] for most disciplines).
    pub fn state_columns(&self) -> Result<String, JsError> {
        to_json(&self.engine.state_columns())
    }

    /// Their values at every sample since the last call, one row per trace row, row-major.
    pub fn take_state_samples(&mut self) -> Float64Array {
        let rows = self.engine.take_state_samples();
        Float64Array::from(rows.as_slice())
    }

    pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), JsValue> {
        self.engine.set_param(name, value).map_err(|e| js_problem(e.under("aqm")))
    }

    /// Swaps the AQM live; `aqm_json` is `{"kind": ..., params}`: missing params take the running profile's
    /// values, then the defaults.
    pub fn set_algorithm(&mut self, aqm_json: &str) -> Result<(), JsValue> {
        // The running profile supplies what the page leaves out (docs/profiles.md), as at a rebuild.
        let filled = crate::profile::fill_absent_aqm(aqm_json, self.engine.scenario().profile);
        let config: AqmConfig = crate::problem::from_json("aqm", &filled).map_err(js_problem)?;
        self.engine.set_algorithm(&config).map_err(|e| js_problem(e.under("aqm")))
    }

    /// JSON of the running AQM's parameters.
    pub fn aqm(&self) -> Result<String, JsError> {
        to_json(&self.engine.aqm_config())
    }

    /// JSON of the scenario as it now stands (live changes included).
    pub fn scenario(&self) -> Result<String, JsError> {
        to_json(self.engine.scenario())
    }

    /// JSON array of every flow's identity as built (crate::sim::FlowIdentity), in flow order.
    pub fn flows(&self) -> Result<String, JsError> {
        to_json(&self.engine.flow_identities())
    }

    /// JSON object of the AQM's internal state.
    pub fn state(&self) -> Result<String, JsError> {
        pairs_to_json(&self.engine.aqm_state())
    }

    /// JSON object of one flow's congestion-control state ("null" for no such flow).
    pub fn flow_state(&self, flow: u32) -> Result<String, JsError> {
        match self.engine.flow_state(flow as usize) {
            Some(pairs) => pairs_to_json(&pairs),
            None => Ok("null".into()),
        }
    }

    /// JSON object {flow index: state} of the flows with a path model (BBR); {} without any.
    pub fn model_states(&self) -> Result<String, JsError> {
        let mut map = serde_json::Map::new();
        for (i, pairs) in self.engine.model_states() {
            let obj: serde_json::Map<String, serde_json::Value> = pairs
                .iter()
                .map(|(k, v)| {
                    (k.to_string(), serde_json::Number::from_f64(*v).map_or(serde_json::Value::Null, Into::into))
                })
                .collect();
            map.insert(i.to_string(), serde_json::Value::Object(obj));
        }
        to_json(&map)
    }

    /// JSON object of the discipline's per-flow state: {name: [value per flow]} (selective drop's cnt_i,
    /// GFR's per-VC counters, FQ-CoDel's backlogs), {} for disciplines without one.
    pub fn per_flow_state(&self) -> Result<String, JsError> {
        let map: serde_json::Map<String, serde_json::Value> = self
            .engine
            .aqm_per_flow_state()
            .into_iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(v)))
            .collect();
        to_json(&map)
    }

    /// JSON drop-probability curve [[queue, p], ...] or "null".
    pub fn curve(&self) -> Result<String, JsError> {
        to_json(&self.engine.aqm_curve())
    }

    /// The system view's frame: `[packets per slot, slots, capacity in slots, events kept, events in total,
    /// slot words..., event words...]` (crate::view, docs/system-view.md); starts a new event interval.
    pub fn take_view(&mut self, max_slots: u32) -> Uint32Array {
        self.view_scratch.clear();
        self.engine.take_view(max_slots, &mut self.view_scratch);
        Uint32Array::from(self.view_scratch.as_slice())
    }

    /// Packets that have reached the bottleneck queue so far (for benchmarks).
    pub fn bottleneck_packets(&self) -> f64 {
        let l = self.engine.ledger();
        (l.sent - l.in_access - l.random_losses) as f64
    }

    /// JSON summary over the measurement window so far.
    pub fn summary(&self) -> Result<String, JsError> {
        to_json(&self.engine.summary())
    }
}
