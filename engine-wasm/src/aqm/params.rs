//! Parameter schemas (rendered by the UI, checked here) and the one generic way to change a parameter live:
//! serialise the params, set the field, check its range, deserialise. A failed change leaves nothing touched.

use crate::problem::Problem;
use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use super::Reason;

/// What a parameter means to the discipline, so the page can present it without knowing its name
/// (docs/parameter-roles.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A level of the shared queue (a threshold or a reference), in the spec's unit: drawn on the queue
    /// chart and the probability curve's queue axis.
    QueueLevel,
    /// A cap on each flow's own packets in the queue (Chae & Choi 2004's Q_thresh).
    FlowLevel,
    /// A target for the queueing delay (CoDel's target, PIE's QDELAY_REF).
    DelayTarget,
    /// A drop or mark probability; see [`ParamSpec::adapts`] and [`ParamSpec::at`].
    Probability,
    /// The time between periodic updates, or a window of observation.
    Period,
    /// An averaging weight (RED's w_q).
    Weight,
    /// A controller gain, step or factor.
    Gain,
    /// An on/off switch.
    Switch,
    /// A count (queues, packets per batch).
    Count,
    /// A size of a packet, a burst or a buffer.
    Size,
    /// A rate or a fraction of one.
    Rate,
    /// Anything else (a random seed, a clock).
    Other,
}

/// How a parameter's useful range follows the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeFollows {
    /// `min..=max` as declared.
    Fixed,
    /// A queue level: useful up to the link's buffer (converted to the spec's unit), whatever `max` allows.
    Buffer,
}

/// What an algorithm's `band_lo`/`band_hi` state means: the shaded range on the queue chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// The range the algorithm steers the *average* queue into (ARED 2001 §4's target range).
    Average,
    /// The queue that drains in the delay target at line rate (CoDel, PIE); state also gives `band_ms`.
    Delay,
    /// The queue reference the controller holds the queue at (PI's q_ref).
    Reference,
}

/// What the `avg` column and the operating point's queue are for an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AvgMeaning {
    /// An average of the real queue (RED's EWMA) or the queue itself; NaN where the algorithm keeps none.
    Average,
    /// A virtual queue drained at an adaptive capacity, in bytes (AVQ, Kunniyur & Srikant 2001).
    VirtualQueue,
    /// The discipline's own queue in the unit of its own buffer ([`AlgorithmInfo::own_buffer`]): GFR keeps
    /// no average and queues ATM cells (seed 002), so the column is not on the link's packet axis.
    OwnQueue,
}

/// What one of an algorithm's `state()` entries is, so the page reads it by meaning, not by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StateMeaning {
    /// The drop or mark probability the discipline applies now (at most one entry per algorithm).
    Probability,
    /// The averaged queue it decides on (RED's EWMA).
    Average,
    /// A virtual queue it decides on (AVQ).
    VirtualQueue,
    /// The sojourn time of the last dequeued packet (CoDel, RFC 8289 §4.3).
    Sojourn,
    /// The estimated queueing delay (PIE, RFC 8033 §4.2).
    QueueDelay,
    /// The delay target the sojourn or queueing delay is held to.
    Target,
    /// One end of the target band (see [`Band`]).
    Band,
    /// One of the two queue thresholds the decision uses now (an adapted or automatic min_th, max_th).
    Threshold,
    /// In the dropping state: a 0/1 switch, or how many queues are in it.
    Dropping,
    /// A count of events, packets or queues.
    Count,
    /// One sub-queue's backlog (a discipline with several queues, see [`QueueClass`]), in packets or bytes.
    QueueLevel,
    /// A probability derived from the one applied now and applied to one sub-queue's packets (DualPI2's
    /// p_C and p_CL, RFC 9332 §2.1).
    QueueProbability,
    /// The buffer the discipline keeps itself, in its own unit, in place of the link's (GFR's MAX_Q cells).
    Buffer,
    /// How much of that buffer is occupied now (GFR's Q).
    Occupancy,
    /// The occupancy above which new frames may be discarded early (GFR's LBO, Goyal et al. 1998).
    DiscardLow,
    /// The occupancy above which every new frame is discarded (GFR's HBO).
    DiscardHigh,
    /// Frames discarded whole before their first cell was queued, since the start (early packet discard).
    EarlyDiscards,
    /// Frames whose remaining cells were discarded once one was lost, since the start (partial packet discard).
    PartialDiscards,
    /// Anything else (controller terms, intermediate values, clocks).
    Other,
}

/// Which traffic class one of a discipline's sub-queues holds (RFC 9330 §2: L4S or classic), so the page
/// draws each queue's entries in the colour of its flows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QueueClass {
    /// Packets carrying the L4S identifier, ECT(1) or CE (RFC 9331 §5.1).
    L4s,
    /// Everything else: Not-ECT and ECT(0).
    Classic,
}

/// One entry of an algorithm's `state()`: its key, its unit and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StateSpec {
    /// Key in `state()` and in the live snapshot's `aqm` object.
    pub name: &'static str,
    /// Unit of the value ("s", "ms", "bytes", "" for a probability or a code); queue levels say "queue unit".
    pub unit: &'static str,
    /// What the value means to the page.
    pub meaning: StateMeaning,
    /// The sub-queue it describes, for a discipline with several (DualPI2's L and C queues); None for the
    /// discipline as a whole.
    pub queue: Option<QueueClass>,
    /// The engine samples it into the page's trace beside the fixed columns, as `state_<name>` (not part of
    /// the trace the digests cover, crate::sim::Sim::take_state_samples).
    pub traced: bool,
}

impl StateSpec {
    /// An entry `name` in `unit` meaning `meaning`.
    pub const fn new(name: &'static str, unit: &'static str, meaning: StateMeaning) -> Self {
        StateSpec { name, unit, meaning, queue: None, traced: false }
    }

    /// A unitless entry of no particular meaning to the page (a code, a controller term).
    pub const fn other(name: &'static str) -> Self {
        Self::new(name, "", StateMeaning::Other)
    }

    /// The drop or mark probability applied now (unitless).
    pub const fn probability(name: &'static str) -> Self {
        Self::new(name, "", StateMeaning::Probability)
    }

    /// The entry describes the sub-queue of `class`.
    pub const fn of_queue(self, class: QueueClass) -> Self {
        StateSpec { queue: Some(class), ..self }
    }

    /// The entry is sampled into the page's trace at every sample interval.
    pub const fn traced(self) -> Self {
        StateSpec { traced: true, ..self }
    }
}

/// `a` followed by `b` (N = A + B), for state lists that share entries (RED's snapshot, the delay band).
pub const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [StateSpec; A],
    b: [StateSpec; B],
) -> [StateSpec; N] {
    assert!(A + B == N, "concat: N must be A + B");
    let mut out = [StateSpec::other(""); N];
    let mut i = 0;
    while i < N {
        out[i] = if i < A { a[i] } else { b[i - A] };
        i += 1;
    }
    out
}

/// The setting of another parameter under which a parameter acts (DualPI2's `tshift` only under the
/// `ts_fifo` scheduler): the page disables the parameter while the condition fails and keeps its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Condition {
    /// The sibling parameter it depends on: a choice or a switch of the same discipline or congestion control.
    pub param: &'static str,
    /// The settings under which it acts: choice names, or `on` / `off` for a switch.
    pub values: &'static [&'static str],
}

/// Why `specs`' conditions are wrong: each must name a sibling choice or switch other than itself, and
/// settings it takes (a choice's names, or `on`/`off`), each once. Empty when all are right.
pub fn condition_problems(owner: &str, specs: &[ParamSpec]) -> Vec<String> {
    let mut problems = Vec::new();
    for spec in specs {
        let Some(c) = spec.applies_when else { continue };
        let Some(other) = specs.iter().find(|s| s.name == c.param && s.name != spec.name) else {
            problems.push(format!("{owner}.{}: applies_when names no sibling parameter '{}'", spec.name, c.param));
            continue;
        };
        let settings: &[&str] = if other.boolean { &["on", "off"] } else { other.choices };
        if settings.is_empty() {
            problems.push(format!("{owner}.{}: '{}' is neither a choice nor a switch", spec.name, c.param));
            continue;
        }
        for (i, v) in c.values.iter().enumerate() {
            if !settings.contains(v) || c.values[..i].contains(v) {
                problems.push(format!("{owner}.{}: '{v}' is not a setting of '{}' (or repeats)", spec.name, c.param));
            }
        }
        if c.values.is_empty() || c.values.len() == settings.len() {
            problems.push(format!("{owner}.{}: applies_when must leave some setting of '{}' out", spec.name, c.param));
        }
    }
    problems
}

/// `ParamSpec::default` of a spec not yet filled from its algorithm's `Params::default()`.
const UNFILLED: f64 = f64::NAN;

/// One user-settable parameter of an algorithm: what the UI renders and what `set_param` checks.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ParamSpec {
    /// Key in the scenario's `aqm` object and in `set_param`.
    pub name: &'static str,
    /// Name the UI shows.
    pub label: &'static str,
    /// Unit shown next to the value, one of [`crate::catalog::UNITS`] ("packets", "s", "", ...). Queue
    /// thresholds say "queue unit".
    pub unit: &'static str,
    /// Smallest accepted value.
    pub min: f64,
    /// Largest accepted value.
    pub max: f64,
    /// Value when the scenario leaves it out: the algorithm's `Params::default()`, the one place a default
    /// is written. A spec as declared holds NaN here; [`super::catalogue`] fills it ([`with_defaults`]), so
    /// read defaults only from the catalogue.
    pub default: f64,
    /// Increment of the UI's control.
    pub step: f64,
    /// Only whole numbers are accepted.
    pub integer: bool,
    /// An on/off switch stored as 0 or 1.
    pub boolean: bool,
    /// One line of help, citing the paper or RFC the value comes from.
    pub help: &'static str,
    /// What the value means to the discipline.
    pub role: Role,
    /// The algorithm adapts this value as it runs; the setting is only where it starts (ARED's max_p).
    pub adapts: bool,
    /// The parameter this one must stay below (RED's min_th < max_th); the engine rejects anything else.
    pub below: Option<&'static str>,
    /// For a probability: the queue level at which the drop curve reaches it (max_p at max_th).
    pub at: Option<&'static str>,
    /// How the useful range follows the link.
    pub range_follows: RangeFollows,
    /// The charts offer a drag handle for it (where: by role). WRED shows class 0's levels only.
    pub handle: bool,
    /// For a choice: the names it takes (then `default` is the default's index); empty for a number or switch.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub choices: &'static [&'static str],
    /// It acts only under this setting of a sibling parameter (docs/parameter-roles.md); None: always.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub applies_when: Option<Condition>,
}

impl ParamSpec {
    /// A real-valued parameter.
    pub const fn real(
        name: &'static str,
        label: &'static str,
        unit: &'static str,
        range: (f64, f64),
        help: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            label,
            unit,
            min: range.0,
            max: range.1,
            default: UNFILLED,
            step: 0.0,
            integer: false,
            boolean: false,
            help,
            role: Role::Other,
            adapts: false,
            below: None,
            at: None,
            range_follows: RangeFollows::Fixed,
            handle: false,
            choices: &[],
            applies_when: None,
        }
    }
    /// A whole-number parameter.
    pub const fn int(
        name: &'static str,
        label: &'static str,
        unit: &'static str,
        range: (f64, f64),
        help: &'static str,
    ) -> Self {
        ParamSpec { step: 1.0, integer: true, ..Self::real(name, label, unit, range, help) }
    }
    /// An on/off switch (0 or 1).
    pub const fn flag(name: &'static str, label: &'static str, help: &'static str) -> Self {
        ParamSpec {
            step: 1.0,
            integer: true,
            boolean: true,
            role: Role::Switch,
            ..Self::real(name, label, "", (0.0, 1.0), help)
        }
    }
    /// One of `choices`; `default` is the index of the default one (a congestion control's setting).
    pub const fn choice(
        name: &'static str,
        label: &'static str,
        choices: &'static [&'static str],
        default: usize,
        help: &'static str,
    ) -> Self {
        ParamSpec {
            default: default as f64,
            step: 1.0,
            integer: true,
            choices,
            ..Self::real(name, label, "", (0.0, (choices.len() - 1) as f64), help)
        }
    }
    /// With its default written here (a congestion control's `cc_params` key, which has no `Default` struct).
    pub const fn default(self, default: f64) -> Self {
        ParamSpec { default, ..self }
    }

    /// With `role`.
    pub const fn role(self, role: Role) -> Self {
        ParamSpec { role, ..self }
    }
    /// A level of the shared queue, useful up to the buffer, with a handle on the charts.
    pub const fn queue_level(self) -> Self {
        ParamSpec { role: Role::QueueLevel, range_follows: RangeFollows::Buffer, handle: true, ..self }
    }
    /// A delay target with a handle on the delay chart.
    pub const fn delay_target(self) -> Self {
        ParamSpec { role: Role::DelayTarget, handle: true, ..self }
    }
    /// A probability; `at`: the queue level where the curve reaches it (then it gets a handle there).
    pub const fn probability(self, at: Option<&'static str>) -> Self {
        ParamSpec { role: Role::Probability, at, handle: at.is_some(), ..self }
    }
    /// Only the starting value: the algorithm adapts it (no handle on the curve).
    pub const fn adapts(self) -> Self {
        ParamSpec { adapts: true, handle: false, ..self }
    }
    /// Must stay below `other`.
    pub const fn below(self, other: &'static str) -> Self {
        ParamSpec { below: Some(other), ..self }
    }
    /// Useful up to the link's buffer (a level that is not of the shared queue: a per-flow cap).
    pub const fn follows_buffer(self) -> Self {
        ParamSpec { range_follows: RangeFollows::Buffer, ..self }
    }
    /// A drag handle only if `on` (WRED: class 0, the class its curve shows).
    pub const fn handle_if(self, on: bool) -> Self {
        ParamSpec { handle: self.handle && on, ..self }
    }
    /// No drag handle on the charts.
    pub const fn no_handle(self) -> Self {
        ParamSpec { handle: false, ..self }
    }
    /// Acts only while the sibling `param` has one of `values` (choice names, or `on`/`off` for a switch).
    pub const fn applies_when(self, param: &'static str, values: &'static [&'static str]) -> Self {
        ParamSpec { applies_when: Some(Condition { param, values }), ..self }
    }

    /// Checks one value against this spec; the problem names the parameter and its range.
    pub fn check(&self, value: f64) -> Result<(), Problem> {
        if !value.is_finite() {
            return Err(Problem::not_finite(self.name));
        }
        if self.boolean && value != 0.0 && value != 1.0 {
            return Err(Problem::not_switch(self.name, value));
        }
        if self.integer && value.fract() != 0.0 {
            return Err(Problem::not_integer(self.name, value));
        }
        crate::problem::in_range(self.name, value, self.min, self.max, self.unit)
    }
}

/// Everything the UI needs to present an algorithm.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AlgorithmInfo {
    /// The `kind` tag used in scenarios and URLs.
    pub kind: &'static str,
    /// Name the UI shows.
    pub label: &'static str,
    /// Paper or RFC, and the seed file that describes it.
    pub citation: &'static str,
    /// One-sentence description for the catalogue.
    pub summary: &'static str,
    #[serde(serialize_with = "specs_as_list")]
    /// The user-settable parameters, in display order.
    pub params: &'static [ParamSpec],
    /// The parameter that caps each flow's own packets in the queue, for a discipline that decides per flow
    /// from that count (seed 004's Q_thresh, Chae & Choi 2004) rather than from the shared queue: the page
    /// then draws no probability curve and names this cap instead. None for every other discipline.
    pub per_flow_cap: Option<&'static str>,
    /// The parameter that sizes the discipline's own buffer, in that parameter's unit, for one that holds its
    /// packets there rather than in the link's buffer (GFR's MAX_Q in ATM cells, seed 002 §3). None for every
    /// other discipline: the link's `buffer` in `buffer_unit` applies.
    pub own_buffer: Option<&'static str>,
    /// A scenario field the discipline cannot run without (GFR: `link.atm`, it queues ATM cells); the engine
    /// refuses the scenario while it is absent. None for every other discipline.
    pub requires_field: Option<&'static str>,
    /// Every reason this discipline can drop a packet for (the trace's `drops_<reason>` columns it fills).
    pub drop_causes: &'static [Reason],
    /// Every reason it can CE-mark a packet for (with ECN on).
    pub mark_causes: &'static [Reason],
    /// What its `band_lo`/`band_hi` state means, if it reports a target band.
    pub band: Option<Band>,
    /// What its `avg` is.
    pub avg: AvgMeaning,
    /// Every entry its `state()` reports, in that order.
    pub state: &'static [StateSpec],
}

impl AlgorithmInfo {
    /// A discipline `kind` shown as `label`, with its source and one-sentence summary; with today's common
    /// defaults, which the builders below override: no parameters and no state, drops on overflow only, no
    /// CE marks, no target band, an `avg` that is an average of the queue, no per-flow cap.
    pub const fn new(kind: &'static str, label: &'static str, citation: &'static str, summary: &'static str) -> Self {
        AlgorithmInfo {
            kind,
            label,
            citation,
            summary,
            params: &[],
            per_flow_cap: None,
            own_buffer: None,
            requires_field: None,
            drop_causes: &[Reason::Overflow],
            mark_causes: &[],
            band: None,
            avg: AvgMeaning::Average,
            state: &[],
        }
    }
    /// With these parameters, in display order.
    pub const fn params(self, params: &'static [ParamSpec]) -> Self {
        AlgorithmInfo { params, ..self }
    }
    /// With these `state()` entries, in their order.
    pub const fn state(self, state: &'static [StateSpec]) -> Self {
        AlgorithmInfo { state, ..self }
    }
    /// Drops for `drops` and CE-marks for `marks`.
    pub const fn signals(self, drops: &'static [Reason], marks: &'static [Reason]) -> Self {
        AlgorithmInfo { drop_causes: drops, mark_causes: marks, ..self }
    }
    /// Drops on overflow, and drops or marks early (BLUE, PI, AVQ, HRED).
    pub const fn early_signals(self) -> Self {
        self.signals(&[Reason::Overflow, Reason::Early], &[Reason::Early])
    }
    /// Drops on overflow, drops or marks early and forced (the RED family, Floyd & Jacobson 1993).
    pub const fn red_signals(self) -> Self {
        self.signals(&[Reason::Overflow, Reason::Early, Reason::Forced], &[Reason::Early, Reason::Forced])
    }
    /// Drops on overflow, drops or marks above a delay target (CoDel, PIE).
    pub const fn target_signals(self) -> Self {
        self.signals(&[Reason::Overflow, Reason::Target], &[Reason::Target])
    }
    /// Reports a target band meaning `band`.
    pub const fn band(self, band: Band) -> Self {
        AlgorithmInfo { band: Some(band), ..self }
    }
    /// Its `avg` means `avg`.
    pub const fn avg(self, avg: AvgMeaning) -> Self {
        AlgorithmInfo { avg, ..self }
    }
    /// Holds its packets in its own buffer of the size `name` gives, and reports that queue as `avg` (see
    /// [`AlgorithmInfo::own_buffer`], [`AvgMeaning::OwnQueue`]).
    pub const fn own_buffer(self, name: &'static str) -> Self {
        AlgorithmInfo { own_buffer: Some(name), avg: AvgMeaning::OwnQueue, ..self }
    }
    /// Runs only on a scenario that sets `path` (see [`AlgorithmInfo::requires_field`]).
    pub const fn requires_field(self, path: &'static str) -> Self {
        AlgorithmInfo { requires_field: Some(path), ..self }
    }
    /// Decides per flow from the cap `name` (see [`AlgorithmInfo::per_flow_cap`]).
    pub const fn per_flow_cap(self, name: &'static str) -> Self {
        AlgorithmInfo { per_flow_cap: Some(name), ..self }
    }
}

fn specs_as_list<S: Serializer>(specs: &&'static [ParamSpec], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(specs.iter())
}

/// `info` with every spec's `default` taken from `P::default()` serialised (a switch's `true`/`false` as
/// 1/0), so that the default of each parameter is written once, in Rust's `Default` impl. The filled specs
/// are leaked to be `'static` like the declared ones: [`super::catalogue`] calls this once per algorithm per
/// process (its `OnceLock`), so the leak is a fixed few kilobytes.
///
/// # Panics
/// If a spec names no numeric or boolean field of `P`: a programming error the catalogue tests catch.
pub fn with_defaults<P: Serialize + Default>(info: &AlgorithmInfo) -> AlgorithmInfo {
    let defaults = serde_json::to_value(P::default()).expect("Params serialise to JSON");
    let specs = info
        .params
        .iter()
        .map(|spec| {
            let default = match defaults.get(spec.name) {
                Some(serde_json::Value::Bool(b)) => f64::from(u8::from(*b)),
                // A choice (DualPI2's scheduler) serialises as its name; its default is the name's index.
                Some(serde_json::Value::String(name)) => {
                    spec.choices.iter().position(|c| c == name).map_or(f64::NAN, |i| i as f64)
                }
                Some(v) => v.as_f64().unwrap_or(f64::NAN),
                None => f64::NAN,
            };
            assert!(default.is_finite(), "{}.{}: Params::default() has no number for it", info.kind, spec.name);
            ParamSpec { default, ..*spec }
        })
        .collect::<Vec<_>>();
    AlgorithmInfo { params: Box::leak(specs.into_boxed_slice()), ..*info }
}

/// Checks every field of `params` that has a spec against its range (used when a whole config arrives).
pub fn check_all<P: Serialize>(params: &P, specs: &[ParamSpec]) -> Result<(), Problem> {
    let value = serde_json::to_value(params).map_err(|e| Problem::constraint("", e.to_string()))?;
    for spec in specs {
        match value.get(spec.name) {
            // A choice's name was checked by serde when the parameters were read.
            Some(serde_json::Value::Bool(_) | serde_json::Value::String(_)) | None => {}
            Some(v) => {
                // Parameters are numbers by their serde types; a NaN serialises as null.
                let x = v.as_f64().ok_or_else(|| Problem::not_finite(spec.name))?;
                spec.check(x)?;
            }
        }
    }
    Ok(())
}

/// Returns a copy of `params` with `name` set to `value`, range-checked against its spec.
pub fn with_value<P: Serialize + DeserializeOwned>(
    params: &P,
    specs: &[ParamSpec],
    name: &str,
    value: f64,
) -> Result<P, Problem> {
    let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
        let known: Vec<String> = specs.iter().map(|s| s.name.to_string()).collect();
        let message = format!("unknown parameter '{name}' (this algorithm has: {})", known.join(", "));
        Problem::unknown_param(name, known, message)
    })?;
    spec.check(value)?;
    let mut json = serde_json::to_value(params).map_err(|e| Problem::constraint(name, e.to_string()))?;
    let obj = json.as_object_mut().ok_or_else(|| Problem::constraint(name, "parameters are not an object".into()))?;
    let new = match obj.get(name) {
        Some(serde_json::Value::Bool(_)) => serde_json::Value::Bool(value != 0.0),
        // A choice takes its index (checked against the range above) and is stored by name.
        Some(serde_json::Value::String(_)) if !spec.choices.is_empty() => {
            serde_json::Value::from(spec.choices[value as usize])
        }
        Some(serde_json::Value::Number(n)) if n.is_u64() || n.is_i64() => serde_json::Value::from(value as i64),
        _ => serde_json::Value::from(value),
    };
    obj.insert(name.to_string(), new);
    serde_json::from_value(json).map_err(|e| Problem::constraint(name, format!("{name}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Kind;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct P {
        x: f64,
        n: u32,
        on: bool,
    }
    const SPECS: &[ParamSpec] = &[
        ParamSpec::real("x", "x", "s", (0.0, 1.0), ""),
        ParamSpec::int("n", "n", "packets", (1.0, 10.0), ""),
        ParamSpec::flag("on", "on", ""),
    ];

    #[test]
    fn sets_each_kind_of_field_and_rejects_out_of_range() {
        let p = P { x: 0.5, n: 2, on: false };
        assert_eq!(with_value(&p, SPECS, "x", 0.25).unwrap(), P { x: 0.25, n: 2, on: false });
        assert_eq!(with_value(&p, SPECS, "n", 7.0).unwrap(), P { x: 0.5, n: 7, on: false });
        assert_eq!(with_value(&p, SPECS, "on", 1.0).unwrap(), P { x: 0.5, n: 2, on: true });
        let err = with_value(&p, SPECS, "n", 11.0).unwrap_err();
        assert!(err.contains("n must be within 1..=10 packets"), "{err}");
        assert!(with_value(&p, SPECS, "n", 2.5).unwrap_err().contains("whole number"));
        let err = with_value(&p, SPECS, "y", 1.0).unwrap_err();
        assert!(err.contains("unknown parameter 'y'"), "{err}");
        assert_eq!((err.kind, err.name.as_deref(), err.expected.len()), (Kind::UnknownParam, Some("y"), 3));
        let err = with_value(&p, SPECS, "n", 0.0).unwrap_err();
        assert_eq!(
            (err.kind, err.field.as_str(), err.lo, err.hi, err.got),
            (Kind::OutOfRange, "n", Some(1.0), Some(10.0), Some(0.0))
        );
        assert_eq!(err.unit, "packets");
        assert_eq!(with_value(&p, SPECS, "on", 0.5).unwrap_err().kind, Kind::NotSwitch);
        assert!(with_value(&p, SPECS, "x", f64::NAN).is_err());
        assert!(check_all(&P { x: 2.0, n: 2, on: true }, SPECS).unwrap_err().contains("x must be within"));
    }

    #[test]
    fn a_condition_is_checked_against_its_sibling_and_serialised_only_where_set() {
        use serde_json::json;
        let specs = [
            ParamSpec::choice("mode", "mode", &["a", "b"], 0, ""),
            ParamSpec::flag("on", "on", ""),
            ParamSpec::real("x", "x", "", (0.0, 1.0), "").applies_when("mode", &["b"]),
            ParamSpec::real("y", "y", "", (0.0, 1.0), "").applies_when("on", &["off"]),
        ];
        assert!(condition_problems("t", &specs).is_empty());
        let wrong = |c: ParamSpec| condition_problems("t", &[specs[0], specs[1], c]);
        let x = ParamSpec::real("x", "x", "", (0.0, 1.0), "");
        assert_eq!(wrong(x.applies_when("nope", &["b"])).len(), 1, "an unknown sibling");
        assert_eq!(wrong(x.applies_when("mode", &["c"])).len(), 1, "a setting the choice lacks");
        assert_eq!(wrong(x.applies_when("on", &["yes"])).len(), 1, "a switch is on or off");
        assert_eq!(wrong(x.applies_when("mode", &["a", "b"])).len(), 1, "every setting: no condition at all");
        assert_eq!(wrong(x.applies_when("x", &["a"])).len(), 1, "itself");
        let y = ParamSpec::real("y", "y", "", (0.0, 1.0), "");
        assert_eq!(condition_problems("t", &[x, y.applies_when("x", &["on"])]).len(), 1, "a number is no switch");
        assert_eq!(serde_json::to_value(x).unwrap().get("applies_when"), None);
        assert_eq!(
            serde_json::to_value(specs[2]).unwrap()["applies_when"],
            json!({ "param": "mode", "values": ["b"] })
        );
    }
}
