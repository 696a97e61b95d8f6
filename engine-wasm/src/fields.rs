//! The scenario's own fields as one table: for every field of [`Scenario`], [`LinkSpec`], [`AtmSpec`],
//! [`ReverseLink`], [`RateStep`], [`RateSlots`], [`DelayStep`], [`FlowGroup`] and each [`Traffic`] variant,
//! its JSON name, the one line the schema shows, its JSON type, its bounds (fixed, or taken from another
//! field: [`Bound`]) and its unit. Two readers, so a bound is written once:
//! - [`Scenario::validate`] runs one range check per row ([`Table::check`]), in row order;
//! - `crate::schema` writes the page's JSON Schema (web/scenario/scenario.schema.json) from the rows.
//!
//! Defaults are not in the table: the schema serialises the `Default` impls (`LinkSpec::default()`, ...) and
//! reads each field's default from them, and the choices of an enum field are the variant names serde reads.
//! Adding a scenario field is the struct field plus one row here (docs/parameter-roles.md, "Scenario
//! fields"); a unit test fails while a serialised field has no row.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::aqm::{unit_name, QueueUnit};
use crate::atm::{AtmSpec, CellRateBasis};
use crate::migrate::SCENARIO_VERSION;
use crate::packet::Ect;
use crate::problem::Problem;
use crate::scenario::{
    DelayStep, FlowGroup, LinkSpec, LossPattern, LossRecovery, Profile, RateSlots, RateStep, ReverseLink, Scenario,
    Traffic, MAX_FLOWS, MAX_GROUPS,
};
use crate::tcp::vegas::RttMeasure;
use crate::tcp::Variant;

/// One end of a number's range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// No bound (fields that are not numbers).
    None,
    /// A fixed value.
    Is(f64),
    /// The value of another field of the same object. `rule` is how a refusal names the relation
    /// (`Problem::rule`: "not_below", "not_before"); `None` refuses as a plain range (`warmup` ≤ `duration`).
    Field {
        /// The other field's JSON name.
        name: &'static str,
        /// How a lower bound follows from it, as a [`Problem`] names it.
        rule: Option<&'static str>,
    },
    /// At least twice the link's largest one-way delay, scheduled or not: a flow's base RTT carries the
    /// bottleneck's delay both ways (`flows[].rtt_ms`).
    TwiceLinkDelay,
    /// Not before the previous step's `at_s`; this value for the first step (the link's schedules).
    AfterPrevious(f64),
    /// Depends on the link's `buffer_unit`.
    PerBufferUnit {
        /// With the buffer in packets.
        packets: f64,
        /// With the buffer in bytes.
        bytes: f64,
    },
}

/// The unit a field's bounds and value are in, as a [`Problem`] names it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// A fixed unit ("" for a plain number).
    Is(&'static str),
    /// The link's `buffer_unit` ("packets" or "bytes").
    BufferUnit,
}

/// A field's JSON type.
#[derive(Clone, Copy)]
pub enum Ty {
    /// A number.
    Number,
    /// A whole number.
    Integer,
    /// A number or null (`Option<f64>`; null: none).
    OptionalNumber,
    /// true or false.
    Boolean,
    /// One of the names serde reads for the field's enum (the function lists them).
    Choice(fn() -> Vec<String>),
    /// `[low, high]`: `low` within the row's bounds, `high` not below `low` and within the upper bound.
    Range,
    /// An object with its own table; `nullable`: null or absent means none.
    Object {
        /// The object's fields.
        table: &'static (dyn Describe + Sync),
        /// Whether null (or absence) means "none" rather than the defaults.
        nullable: bool,
    },
    /// A list of objects with their own table.
    List {
        /// Each item's fields.
        table: &'static (dyn Describe + Sync),
        /// Fewest items, if any.
        min_items: Option<usize>,
        /// Most items, if any.
        max_items: Option<usize>,
    },
    /// A `kind`-tagged choice of objects.
    Union(&'static Union),
    /// The queue discipline: its schema comes from the algorithm catalogue (`crate::schema`).
    Aqm,
    /// A flow group's `cc_params`: its schema comes from the congestion-control catalogue (`crate::schema`).
    CcParams,
}

/// What one row says of its field.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The JSON key.
    pub name: &'static str,
    /// The one line the schema shows (the unit and any relation are added to it); empty for a field whose
    /// object the schema keeps under `definitions` (link, traffic, aqm), whose own line is shown there.
    pub description: &'static str,
    /// The JSON type.
    pub ty: Ty,
    /// Lowest accepted value.
    pub lo: Bound,
    /// Highest accepted value.
    pub hi: Bound,
    /// The unit of the bounds.
    pub unit: Unit,
}

/// A field's value as the range check reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    /// A number (integers as `f64`).
    Num(f64),
    /// A `[low, high]` range.
    Pair([f64; 2]),
    /// Nothing to check: an absent optional value, or a field of another variant.
    Absent,
}

/// One row: the spec and, for a number the engine checks, how to read it from `S`.
pub struct Field<S: 'static> {
    /// What the row says.
    pub spec: Spec,
    /// Reads the value the range check looks at; `None`: the engine checks it otherwise (the type, serde,
    /// or code: `version`, `seed`'s `u64`, objects).
    pub get: Option<fn(&S) -> Val>,
}

/// A name and a description for an object the schema keeps under `definitions` and refers to by `$ref`.
#[derive(Clone, Copy)]
pub struct Definition {
    /// Its key under `definitions`.
    pub name: &'static str,
    /// Its one line.
    pub description: &'static str,
}

/// The rows of one struct.
pub struct Table<S: 'static> {
    /// Set when the schema keeps this object under `definitions`.
    pub definition: Option<Definition>,
    /// The struct's `Default`, serialised; `None` when it has none (every field is then required).
    pub default: Option<fn() -> Value>,
    /// The rows, in the order the engine checks them and the schema lists them.
    pub fields: &'static [Field<S>],
}

/// A table seen without its struct type: what the schema generator needs.
pub trait Describe {
    /// Set when the schema keeps the object under `definitions`.
    fn definition(&self) -> Option<Definition>;
    /// The serialised `Default`, if the struct has one.
    fn default_value(&self) -> Option<Value>;
    /// The rows' specs, in order.
    fn specs(&self) -> Vec<&Spec>;
}

impl<S> Describe for Table<S> {
    fn definition(&self) -> Option<Definition> {
        self.definition
    }
    fn default_value(&self) -> Option<Value> {
        self.default.map(|f| f())
    }
    fn specs(&self) -> Vec<&Spec> {
        self.fields.iter().map(|f| &f.spec).collect()
    }
}

/// A `kind`-tagged union ([`Traffic`]): one table per variant.
pub struct Union {
    /// Its place under `definitions`.
    pub definition: Definition,
    /// The tag's key (`kind`, as [`kinds`] reads it).
    pub tag: &'static str,
    /// The variants, in the schema's order.
    pub variants: &'static [Choice],
    /// The tag values serde reads.
    pub kinds: fn() -> Vec<String>,
    /// `{tag: kind}` read by serde and written back: a variant's defaults, or `None` when it has fields
    /// without one (they are then required).
    pub reread: fn(Value) -> Option<Value>,
}

/// One variant of a [`Union`].
pub struct Choice {
    /// The tag's value.
    pub kind: &'static str,
    /// Its title in the schema.
    pub title: &'static str,
    /// Its fields (their getters read [`Val::Absent`] from the other variants).
    pub table: &'static Table<Traffic>,
}

/// What a range check needs from outside the object it checks.
#[derive(Clone, Debug)]
pub struct Context {
    /// The link's `buffer_unit` ([`Bound::PerBufferUnit`], [`Unit::BufferUnit`]).
    pub buffer_unit: QueueUnit,
    /// The link's largest one-way delay, scheduled or not ([`Bound::TwiceLinkDelay`]), ms.
    pub max_link_delay_ms: f64,
    /// The previous step's `at_s` and its field path ([`Bound::AfterPrevious`]); `None` for the first.
    pub previous: Option<(f64, String)>,
}

impl Context {
    /// The context of `s`'s checks.
    pub fn of(s: &Scenario) -> Context {
        let l = &s.link;
        Context {
            buffer_unit: l.buffer_unit,
            max_link_delay_ms: l.delay_schedule.iter().map(|d| d.delay_ms).fold(l.delay_ms, f64::max),
            previous: None,
        }
    }
}

/// "a" + "b" → "a.b"; "" + "b" → "b".
fn path(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

/// A lower bound's value and, when it comes from another field, that field's path and the rule.
type Lower = (f64, Option<(String, &'static str)>);

impl<S> Table<S> {
    /// The row named `name`.
    pub fn row(&self, name: &str) -> Option<&Field<S>> {
        self.fields.iter().find(|f| f.spec.name == name)
    }

    /// The number `name` holds in `obj` (NaN when it holds none).
    fn number(&self, name: &str, obj: &S) -> f64 {
        match self.row(name).and_then(|f| f.get).map(|get| get(obj)) {
            Some(Val::Num(x)) => x,
            _ => f64::NAN,
        }
    }

    /// A bound's value for `obj` and, when it comes from another field, that field's path and the rule a
    /// refusal names (a lower bound's; an upper bound from another field is refused as a plain range).
    fn resolve(&self, bound: Bound, prefix: &str, obj: &S, ctx: &Context) -> Lower {
        match bound {
            // Never on a row the engine checks (a test holds every such row to two bounds).
            Bound::None => (f64::NAN, None),
            Bound::Is(x) => (x, None),
            Bound::Field { name, rule } => (self.number(name, obj), rule.map(|r| (path(prefix, name), r))),
            Bound::TwiceLinkDelay => (2.0 * ctx.max_link_delay_ms, Some(("link.delay_ms".into(), "twice"))),
            Bound::AfterPrevious(first) => match &ctx.previous {
                Some((at, field)) => (*at, Some((field.clone(), "after"))),
                None => (first, Some((path(prefix, "at_s"), "after"))),
            },
            Bound::PerBufferUnit { packets, bytes } => match ctx.buffer_unit {
                QueueUnit::Packets => (packets, None),
                QueueUnit::Bytes => (bytes, None),
            },
        }
    }

    /// One range check per row that reads a number, in row order: the first field out of its range is
    /// refused with the problem its bounds call for (a plain range, or one whose lower end comes from
    /// another field, `Problem::out_of_range_of`). `prefix` is the object's path in the scenario.
    pub fn check(&self, prefix: &str, obj: &S, ctx: &Context) -> Result<(), Problem> {
        for f in self.fields {
            let Some(get) = f.get else { continue };
            let s = &f.spec;
            let unit = match s.unit {
                Unit::Is(u) => u,
                Unit::BufferUnit => unit_name(ctx.buffer_unit),
            };
            let (hi, _) = self.resolve(s.hi, prefix, obj, ctx);
            match get(obj) {
                Val::Absent => {}
                Val::Num(v) => within(&path(prefix, s.name), v, self.resolve(s.lo, prefix, obj, ctx), hi, unit)?,
                Val::Pair([low, high]) => {
                    let field = path(prefix, s.name);
                    within(&format!("{field}[0]"), low, self.resolve(s.lo, prefix, obj, ctx), hi, unit)?;
                    within(&format!("{field}[1]"), high, (low, Some((format!("{field}[0]"), "not_below"))), hi, unit)?;
                }
            }
        }
        Ok(())
    }
}

/// `value` finite and within `lo..=hi`, else the problem: a plain range, or one whose lower end is another
/// field's (its path and the rule).
fn within(field: &str, value: f64, (lo, other): Lower, hi: f64, unit: &str) -> Result<(), Problem> {
    if value.is_finite() && value >= lo && value <= hi {
        return Ok(());
    }
    Err(match other {
        Some((other, rule)) => Problem::out_of_range_of(field, (lo, hi), unit, value, &other, rule),
        None => Problem::out_of_range(field, lo, hi, unit, value),
    })
}

/// Checks a schedule's steps in order, each against its table; a step's `at_s` may not precede the one
/// before it ([`Bound::AfterPrevious`]).
pub fn check_steps<S>(prefix: &str, steps: &[S], table: &Table<S>, ctx: &Context) -> Result<(), Problem> {
    let mut ctx = ctx.clone();
    for (i, step) in steps.iter().enumerate() {
        table.check(&format!("{prefix}[{i}]"), step, &ctx)?;
        let at = table.number("at_s", step);
        ctx.previous = Some((at, format!("{prefix}[{i}].at_s")));
    }
    Ok(())
}

/// The names serde reads for the enum `T` (its "unknown variant" refusal lists them).
pub fn choices<T: DeserializeOwned>() -> Vec<String> {
    crate::problem::from_json::<T>("", "\"\\u0000\"").err().map(|p| p.expected).unwrap_or_default()
}

/// The tag values serde reads for the `kind`-tagged enum `T`.
pub fn kinds<T: DeserializeOwned>() -> Vec<String> {
    crate::problem::from_json::<T>("", r#"{"kind":"\u0000"}"#).err().map(|p| p.expected).unwrap_or_default()
}

/// `T::default()` as JSON.
fn default_of<T: Default + Serialize>() -> Value {
    serde_json::to_value(T::default()).unwrap_or_default()
}

/// `v` read as a `T` and written back (the defaults serde fills in), or `None` if `T` refuses it.
fn reread<T: DeserializeOwned + Serialize>(v: Value) -> Option<Value> {
    serde_json::from_value::<T>(v).ok().and_then(|t| serde_json::to_value(t).ok())
}

// ---- row builders ------------------------------------------------------------------------------------

const fn spec(name: &'static str, description: &'static str, ty: Ty, lo: Bound, hi: Bound, unit: Unit) -> Spec {
    Spec { name, description, ty, lo, hi, unit }
}

/// A number within `lo..=hi` (`unit`).
const fn number<S>(
    name: &'static str,
    description: &'static str,
    (lo, hi): (Bound, Bound),
    unit: &'static str,
    get: fn(&S) -> Val,
) -> Field<S> {
    Field { spec: spec(name, description, Ty::Number, lo, hi, Unit::Is(unit)), get: Some(get) }
}

/// A whole number within `lo..=hi` (`unit`).
const fn integer<S>(
    name: &'static str,
    description: &'static str,
    (lo, hi): (Bound, Bound),
    unit: Unit,
    get: fn(&S) -> Val,
) -> Field<S> {
    Field { spec: spec(name, description, Ty::Integer, lo, hi, unit), get: Some(get) }
}

/// A number or null (none) within `lo..=hi` (`unit`) when it is a number: `$field` of the row's struct.
macro_rules! optional {
    ($name:expr, $description:expr, $range:expr, $unit:expr, $field:ident) => {
        Field {
            spec: spec($name, $description, Ty::OptionalNumber, $range.0, $range.1, Unit::Is($unit)),
            get: Some(|o| o.$field.map_or(Val::Absent, Val::Num)),
        }
    };
}

/// A field the engine checks otherwise (its type, serde, or code), with no range of its own.
const fn other<S>(name: &'static str, description: &'static str, ty: Ty) -> Field<S> {
    Field { spec: spec(name, description, ty, Bound::None, Bound::None, Unit::Is("")), get: None }
}

const fn is(lo: f64, hi: f64) -> (Bound, Bound) {
    (Bound::Is(lo), Bound::Is(hi))
}

const ENDLESS_S: f64 = 36_000.0;
const MAX_MBPS: f64 = 100_000.0;

// ---- the tables ----------------------------------------------------------------------------------------

/// The scenario's top level (the schema's root).
pub static SCENARIO: Table<Scenario> = Table {
    definition: None,
    default: Some(default_of::<Scenario>),
    fields: &[
        // Checked first, by code: an unsupported version is its own problem (`Problem::unsupported_version`).
        Field {
            spec: spec(
                "version",
                "Scenario model version",
                Ty::Integer,
                Bound::Is(SCENARIO_VERSION as f64),
                Bound::Is(SCENARIO_VERSION as f64),
                Unit::Is(""),
            ),
            get: None,
        },
        // The engine reads any u64; the page keeps to the integers a JavaScript number holds exactly.
        Field {
            spec: spec(
                "seed",
                "Seeds every random stream; the page limits it to integers JavaScript holds exactly",
                Ty::Integer,
                Bound::Is(0.0),
                Bound::Is(9_007_199_254_740_991.0),
                Unit::Is(""),
            ),
            get: None,
        },
        number("duration", "Simulated seconds the CLI runs and the summary covers", is(0.1, ENDLESS_S), "s", |s| {
            Val::Num(s.duration)
        }),
        optional!(
            "warmup",
            "Seconds excluded from summaries; null: max(10 % of duration, 10 s), capped at half",
            (Bound::Is(0.0), Bound::Field { name: "duration", rule: None }),
            "s",
            warmup
        ),
        number("sample_interval", "Seconds between trace samples", is(0.001, 10.0), "s", |s| {
            Val::Num(s.sample_interval)
        }),
        other("link", "", Ty::Object { table: &LINK, nullable: false }),
        other(
            "flows",
            "Flow groups",
            Ty::List { table: &FLOW_GROUP, min_items: Some(1), max_items: Some(MAX_GROUPS) },
        ),
        other("aqm", "", Ty::Aqm),
        other(
            "profile",
            "Which implementation the lab behaves like: the papers, ns-2, ns-3 or Linux; supplies defaults for fields left out",
            Ty::Choice(choices::<Profile>),
        ),
    ],
};

/// `link`: the bottleneck.
pub static LINK: Table<LinkSpec> = Table {
    definition: Some(Definition { name: "link", description: "The bottleneck link" }),
    default: Some(default_of::<LinkSpec>),
    fields: &[
        number("rate_mbps", "Bottleneck rate", is(0.01, MAX_MBPS), "Mbit/s", |l| Val::Num(l.rate_mbps)),
        number("delay_ms", "One-way propagation delay", is(0.0, 10_000.0), "ms", |l| Val::Num(l.delay_ms)),
        integer(
            "buffer",
            "Physical buffer in buffer_unit",
            (Bound::Is(1.0), Bound::PerBufferUnit { packets: 1_000_000.0, bytes: 1.5e9 }),
            Unit::BufferUnit,
            |l| Val::Num(l.buffer as f64),
        ),
        other("buffer_unit", "Unit of the buffer and of queue thresholds", Ty::Choice(choices::<QueueUnit>)),
        number(
            "loss_rate",
            "Random loss probability per packet, independent of the queue",
            is(0.0, 0.5),
            "",
            |l| Val::Num(l.loss_rate),
        ),
        other(
            "loss_pattern",
            "How lost packets are picked: random (each with probability loss_rate) or periodic (exactly one every 1/loss_rate, RFC 8312 §5.1)",
            Ty::Choice(choices::<LossPattern>),
        ),
        integer(
            "mean_pkt_size",
            "Mean packet size the AQMs assume",
            is(40.0, 65_535.0),
            Unit::Is("bytes"),
            |l| Val::Num(l.mean_pkt_size as f64),
        ),
        other("atm", "ATM mode: absent = off, {} = on at the line rate", Ty::Object { table: &ATM, nullable: true }),
        other(
            "reverse",
            "Reverse-path drop-tail bottleneck that every ACK crosses: absent = none, {} = on with the defaults",
            Ty::Object { table: &REVERSE, nullable: true },
        ),
        other(
            "rate_schedule",
            "Capacity steps in increasing at_s: from each step on, the bottleneck runs at its rate; empty = fixed rate",
            Ty::List { table: &RATE_STEP, min_items: None, max_items: None },
        ),
        other(
            "rate_slots",
            "Repeating capacity slots: from start_s, every slot_s seconds the rate is drawn uniformly from [min_mbps, max_mbps]; absent = none",
            Ty::Object { table: &RATE_SLOTS, nullable: true },
        ),
        other(
            "delay_schedule",
            "Propagation-delay steps in increasing at_s; empty = fixed delay",
            Ty::List { table: &DELAY_STEP, min_items: None, max_items: None },
        ),
        #[cfg(any(test, feature = "dummy-field"))]
        optional!(
            "dummy_field",
            "Test only: a number the engine checks and does nothing with",
            is(0.0, 10.0),
            "s",
            dummy_field
        ),
    ],
};

/// `link.atm`: ATM mode (seed 002).
pub static ATM: Table<AtmSpec> = Table {
    definition: None,
    default: Some(default_of::<AtmSpec>),
    fields: &[other(
        "cell_rate_basis",
        "line: cells at the link rate; payload: at the SONET payload share, 26/27",
        Ty::Choice(choices::<CellRateBasis>),
    )],
};

/// `link.reverse`: the ACK path's bottleneck.
pub static REVERSE: Table<ReverseLink> = Table {
    definition: None,
    default: Some(default_of::<ReverseLink>),
    fields: &[
        number("rate_mbps", "Reverse-path rate", is(0.001, MAX_MBPS), "Mbit/s", |r| Val::Num(r.rate_mbps)),
        integer("buffer", "Buffer", is(1.0, 1_000_000.0), Unit::Is("ACKs"), |r| Val::Num(r.buffer as f64)),
        integer("ack_size", "One ACK on the wire", is(20.0, 1500.0), Unit::Is("bytes"), |r| {
            Val::Num(r.ack_size as f64)
        }),
    ],
};

/// One step of `link.rate_schedule`.
pub static RATE_STEP: Table<RateStep> = Table {
    definition: None,
    default: None,
    fields: &[
        number(
            "at_s",
            "Simulated time the step takes effect",
            (Bound::AfterPrevious(0.0), Bound::Is(ENDLESS_S)),
            "s",
            |r| Val::Num(r.at_s),
        ),
        number("rate_mbps", "Capacity from then on", is(0.01, MAX_MBPS), "Mbit/s", |r| Val::Num(r.rate_mbps)),
    ],
};

/// `link.rate_slots`.
pub static RATE_SLOTS: Table<RateSlots> = Table {
    definition: None,
    default: Some(default_of::<RateSlots>),
    fields: &[
        number("start_s", "Time the pattern starts", is(0.0, ENDLESS_S), "s", |p| Val::Num(p.start_s)),
        number("slot_s", "Slot length", is(0.001, ENDLESS_S), "s", |p| Val::Num(p.slot_s)),
        number("min_mbps", "Lowest slot rate", is(0.01, MAX_MBPS), "Mbit/s", |p| Val::Num(p.min_mbps)),
        number(
            "max_mbps",
            "Highest slot rate",
            (Bound::Field { name: "min_mbps", rule: Some("not_below") }, Bound::Is(MAX_MBPS)),
            "Mbit/s",
            |p| Val::Num(p.max_mbps),
        ),
    ],
};

/// One step of `link.delay_schedule`.
pub static DELAY_STEP: Table<DelayStep> = Table {
    definition: None,
    default: None,
    fields: &[
        number(
            "at_s",
            "Simulated time the step takes effect",
            (Bound::AfterPrevious(0.0), Bound::Is(ENDLESS_S)),
            "s",
            |d| Val::Num(d.at_s),
        ),
        number("delay_ms", "One-way propagation delay from then on", is(0.0, 10_000.0), "ms", |d| Val::Num(d.delay_ms)),
    ],
};

/// One flow group (`flows[i]`).
pub static FLOW_GROUP: Table<FlowGroup> = Table {
    definition: Some(Definition { name: "flowGroup", description: "`count` identical flows" }),
    default: Some(default_of::<FlowGroup>),
    fields: &[
        integer("count", "Number of flows in the group", is(1.0, MAX_FLOWS as f64), Unit::Is(""), |g| {
            Val::Num(g.count as f64)
        }),
        other("tcp", "TCP variant", Ty::Choice(choices::<Variant>)),
        // Checked after the group's own numbers (Scenario::validate).
        other("traffic", "", Ty::Union(&TRAFFIC)),
        Field {
            spec: spec(
                "rtt_ms",
                "Base RTT range [low, high], each flow draws uniformly from it",
                Ty::Range,
                Bound::TwiceLinkDelay,
                Bound::Is(60_000.0),
                Unit::Is("ms"),
            ),
            get: Some(|g| Val::Pair(g.rtt_ms)),
        },
        number("access_rate_mbps", "Sender access link rate", is(0.01, MAX_MBPS), "Mbit/s", |g| {
            Val::Num(g.access_rate_mbps)
        }),
        integer(
            "packet_size",
            "One packet on the wire, headers included",
            is(41.0, 65_535.0),
            Unit::Is("bytes"),
            |g| Val::Num(g.packet_size as f64),
        ),
        number("start_s", "Start of the window in which each flow starts", is(0.0, ENDLESS_S), "s", |g| {
            Val::Num(g.start_s)
        }),
        number("start_spread_s", "Width of that window", is(0.0, 3_600.0), "s", |g| Val::Num(g.start_spread_s)),
        optional!(
            "stop_s",
            "Stops offering new data at this time; null: never",
            (Bound::Field { name: "start_s", rule: Some("not_before") }, Bound::Is(ENDLESS_S)),
            "s",
            stop_s
        ),
        other("ecn", "ECN-capable sender", Ty::Boolean),
        other(
            "ecn_codepoint",
            "ECN codepoint of its packets if not the stack's own: not_ect, ect0 (classic ECN) or ect1 (L4S)",
            Ty::Choice(choices::<Ect>),
        ),
        integer("rwnd", "Receiver window", is(1.0, 1_000_000.0), Unit::Is("segments"), |g| Val::Num(g.rwnd as f64)),
        other("delayed_ack", "Receiver delays ACKs", Ty::Boolean),
        integer("initial_cwnd", "Initial congestion window", is(1.0, 100.0), Unit::Is("segments"), |g| {
            Val::Num(g.initial_cwnd as f64)
        }),
        number("min_rto_ms", "Minimum retransmission timeout", is(1.0, 60_000.0), "ms", |g| Val::Num(g.min_rto_ms)),
        integer("class", "Service class (WRED precedence)", is(0.0, 3.0), Unit::Is(""), |g| Val::Num(g.class as f64)),
        other(
            "whole_segment_cuts",
            "Window cuts round ssthresh down to whole segments (Linux, ns-2 before 2006)",
            Ty::Boolean,
        ),
        other(
            "linux_reno",
            "Reno as Linux and ns-3 TcpLinuxReno: growth per acked segment (DCTCP too), ssthresh = cwnd/2 on loss",
            Ty::Boolean,
        ),
        other(
            "prr_dupack_credit",
            "PRR as ns-3.44 counts delivered data: one extra segment per SACKing ACK, partial ACKs counted twice",
            Ty::Boolean,
        ),
        other("sack", "Selective acknowledgements (RFC 2018) with an RFC 6675 scoreboard", Ty::Boolean),
        other(
            "recovery",
            "Loss recovery after fast retransmit: rfc6582 (NewReno partial ACKs) or prr (RFC 6937)",
            Ty::Choice(choices::<LossRecovery>),
        ),
        other("limited_transmit", "Limited Transmit (RFC 3042)", Ty::Boolean),
        other("rack", "RACK-TLP time-based loss detection and tail-loss probes (RFC 8985)", Ty::Boolean),
        other("hystart", "HyStart++ slow-start exit for Cubic (RFC 9406)", Ty::Boolean),
        number(
            "vegas_alpha",
            "Vegas α: with fewer segments than this queued, the window grows",
            is(0.0, 100.0),
            "segments",
            |g| Val::Num(g.vegas_alpha),
        ),
        number(
            "vegas_beta",
            "Vegas β: with more segments than this queued, the window shrinks",
            (Bound::Field { name: "vegas_alpha", rule: Some("not_below") }, Bound::Is(100.0)),
            "segments",
            |g| Val::Num(g.vegas_beta),
        ),
        number(
            "vegas_gamma",
            "Vegas γ: slow start ends when more segments than this are queued",
            is(0.0, 100.0),
            "segments",
            |g| Val::Num(g.vegas_gamma),
        ),
        other(
            "vegas_rtt",
            "The RTT Vegas compares once per RTT: ns2 (mean of the round's samples) or min (smallest, Linux and ns-3)",
            Ty::Choice(choices::<RttMeasure>),
        ),
        number(
            "timer_granularity_ms",
            "Clock granularity of the retransmission timer",
            is(0.001, 1_000.0),
            "ms",
            |g| Val::Num(g.timer_granularity_ms),
        ),
        other(
            "cc_params",
            "The congestion control's own parameters without a flow-group field, by their catalogue names",
            Ty::CcParams,
        ),
    ],
};

/// `flows[i].traffic`: what a flow sends.
pub static TRAFFIC: Union = Union {
    definition: Definition { name: "traffic", description: "What a flow sends" },
    tag: "kind",
    variants: &[
        Choice { kind: "ftp", title: "Greedy bulk transfer over TCP", table: &FTP },
        Choice { kind: "http", title: "HTTP-like TCP sessions", table: &HTTP },
        Choice { kind: "cbr", title: "UDP at a constant bit rate", table: &CBR },
        Choice { kind: "poisson", title: "UDP with exponential gaps", table: &POISSON },
        Choice { kind: "on_off", title: "UDP on/off", table: &ON_OFF },
    ],
    kinds: kinds::<Traffic>,
    reread: reread::<Traffic>,
};

static FTP: Table<Traffic> = Table { definition: None, default: None, fields: &[] };

/// Reads one field of one traffic kind (absent in the other kinds).
macro_rules! traffic_field {
    ($kind:ident, $field:ident) => {
        |t| match t {
            Traffic::$kind { $field, .. } => Val::Num(*$field),
            _ => Val::Absent,
        }
    };
}

static HTTP: Table<Traffic> = Table {
    definition: None,
    default: None,
    fields: &[
        number("mean_object_kb", "Mean object size", is(0.1, MAX_MBPS), "KB", traffic_field!(Http, mean_object_kb)),
        number("shape", "Pareto shape", is(1.01, 10.0), "", traffic_field!(Http, shape)),
        number("think_s", "Mean think time", is(0.0, 3_600.0), "s", traffic_field!(Http, think_s)),
    ],
};

static CBR: Table<Traffic> = Table {
    definition: None,
    default: None,
    fields: &[number("rate_mbps", "Rate", is(0.001, MAX_MBPS), "Mbit/s", traffic_field!(Cbr, rate_mbps))],
};

static POISSON: Table<Traffic> = Table {
    definition: None,
    default: None,
    fields: &[number("rate_mbps", "Mean rate", is(0.001, MAX_MBPS), "Mbit/s", traffic_field!(Poisson, rate_mbps))],
};

static ON_OFF: Table<Traffic> = Table {
    definition: None,
    default: None,
    fields: &[
        number("rate_mbps", "Rate while on", is(0.001, MAX_MBPS), "Mbit/s", traffic_field!(OnOff, rate_mbps)),
        number("on_s", "Mean on period", is(0.001, 3_600.0), "s", traffic_field!(OnOff, on_s)),
        number("off_s", "Mean off period", is(0.001, 3_600.0), "s", traffic_field!(OnOff, off_s)),
    ],
};

/// Where the page's editor shows a scenario field: a layout the page draws with one component
/// (web/controls/FieldPanel.tsx), so the page spells no path, unit, default or group of its own. Read by
/// the catalogue (`crate::catalog::scenario_fields`) only; a field without a place is not in the editor.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The catalogue path (`flows[].traffic.rate_mbps`, `link.rate_schedule[].at_s`).
    pub path: &'static str,
    /// The editor's group of fields it is drawn in (`link`, `flows`, `flows.more`, `schedule.slots`, ...).
    pub group: &'static str,
    /// The catalogue key of its label (namespace app); a range's two ends add `Min` and `Max`.
    pub label: &'static str,
    /// The catalogue key of its hint, if any.
    pub help: Option<&'static str>,
    /// The key prefix of a choice's option names (`<prefix>.<choice>`).
    pub options: Option<&'static str>,
    /// Shown only while the same object's traffic is one of these kinds (TCP's own switches).
    pub when_traffic: &'static [&'static str],
    /// The catalogue key of what an empty optional number means.
    pub empty: Option<&'static str>,
    /// The value a new field starts at where the engine has no default (a UDP source's rate).
    pub start: Option<f64>,
}

const fn place(path: &'static str, group: &'static str, label: &'static str) -> Place {
    Place { path, group, label, help: None, options: None, when_traffic: &[], empty: None, start: None }
}

impl Place {
    const fn help(self, key: &'static str) -> Place {
        Place { help: Some(key), ..self }
    }
    const fn options(self, prefix: &'static str) -> Place {
        Place { options: Some(prefix), ..self }
    }
    const fn tcp(self) -> Place {
        Place { when_traffic: TCP_TRAFFIC, ..self }
    }
    const fn empty(self, key: &'static str) -> Place {
        Place { empty: Some(key), ..self }
    }
    const fn start(self, value: f64) -> Place {
        Place { start: Some(value), ..self }
    }
}

/// The traffic kinds that run over TCP.
const TCP_TRAFFIC: &[&str] = &["ftp", "http"];

/// The editor's layout: each group's fields are drawn in the order of the tables above.
pub static PLACES: &[Place] = &[
    place("duration", "run", "run.duration"),
    place("warmup", "run", "run.warmup").empty("run.warmupAuto"),
    place("seed", "run.seed", "run.seed"),
    place("profile", "run.profile", "run.profile").help("run.profileHelp").options("run.profiles"),
    place("link.rate_mbps", "link", "link.rate"),
    place("link.delay_ms", "link", "link.delay"),
    place("link.buffer", "link", "link.buffer"),
    place("link.buffer_unit", "link", "link.bufferUnit").options("units"),
    place("link.loss_rate", "link", "link.lossRate"),
    place("link.loss_pattern", "link", "link.lossPattern").options("link.lossPatterns"),
    place("link.atm", "link", "link.atm").help("link.atmHelp"),
    place("link.atm.cell_rate_basis", "link", "link.atmBasis").options("link.atmBases"),
    #[cfg(any(test, feature = "dummy-field"))]
    place("link.dummy_field", "link", "link.dummyField").start(1.0),
    place("link.reverse", "schedule.reverse", "schedule.reverse").help("schedule.reverseHelp"),
    place("link.reverse.rate_mbps", "schedule.reverse", "schedule.reverseRate"),
    place("link.reverse.buffer", "schedule.reverse", "schedule.reverseBuffer"),
    place("link.reverse.ack_size", "schedule.reverse", "schedule.reverseAck"),
    place("link.rate_schedule[].at_s", "schedule.rate_step", "schedule.stepAt"),
    place("link.rate_schedule[].rate_mbps", "schedule.rate_step", "schedule.stepRate"),
    place("link.rate_slots", "schedule.slots", "schedule.slots").help("schedule.slotsHelp"),
    place("link.rate_slots.start_s", "schedule.slots", "schedule.slotsStart"),
    place("link.rate_slots.slot_s", "schedule.slots", "schedule.slotLength"),
    place("link.rate_slots.min_mbps", "schedule.slots", "schedule.slotsMin"),
    place("link.rate_slots.max_mbps", "schedule.slots", "schedule.slotsMax"),
    place("link.delay_schedule[].at_s", "schedule.delay_step", "schedule.stepAt"),
    place("link.delay_schedule[].delay_ms", "schedule.delay_step", "schedule.stepDelay"),
    place("flows[].count", "flows", "flows.count"),
    place("flows[].tcp", "flows", "flows.tcp").tcp().options("tcp"),
    place("flows[].traffic", "flows", "flows.traffic").options("traffic"),
    place("flows[].traffic.mean_object_kb", "flows", "flows.meanObject"),
    place("flows[].traffic.shape", "flows", "flows.paretoShape"),
    place("flows[].traffic.think_s", "flows", "flows.thinkTime"),
    place("flows[].traffic.rate_mbps@cbr", "flows", "flows.rate").start(1.0),
    place("flows[].traffic.rate_mbps@poisson", "flows", "flows.meanRate").start(1.0),
    place("flows[].traffic.rate_mbps@on_off", "flows", "flows.onRate").start(1.0),
    place("flows[].traffic.on_s", "flows", "flows.onTime").start(0.5),
    place("flows[].traffic.off_s", "flows", "flows.offTime").start(0.5),
    place("flows[].rtt_ms", "flows", "flows.rtt"),
    place("flows[].start_s", "flows", "flows.start"),
    place("flows[].start_spread_s", "flows", "flows.startSpread"),
    place("flows[].stop_s", "flows", "flows.stop").empty("flows.stopNever"),
    place("flows[].ecn", "flows", "flows.ecn").tcp(),
    place("flows[].access_rate_mbps", "flows.more", "flows.accessRate"),
    place("flows[].packet_size", "flows.more", "flows.packetSize"),
    place("flows[].delayed_ack", "flows.more", "flows.delayedAck").tcp(),
    place("flows[].class", "flows.more", "flows.serviceClass"),
    place("flows[].whole_segment_cuts", "flows.more", "flows.wholeSegmentCuts").tcp(),
    place("flows[].sack", "flows.more", "flows.sack").tcp().help("flows.sackHelp"),
    place("flows[].recovery", "flows.more", "flows.recovery").tcp().help("flows.recoveryHelp").options("recovery"),
    place("flows[].limited_transmit", "flows.more", "flows.limited_transmit").tcp().help("flows.limited_transmitHelp"),
    place("flows[].rack", "flows.more", "flows.rack").tcp().help("flows.rackHelp"),
    place("flows[].timer_granularity_ms", "flows.more", "flows.timerGranularity"),
];

/// The place of the field at catalogue path `path` of traffic kind `kind` (`path@kind` in [`PLACES`] where
/// kinds share a name).
pub fn place_of(path: &str, kind: Option<&str>) -> Option<&'static Place> {
    let keyed = kind.map(|k| format!("{path}@{k}"));
    PLACES.iter().find(|p| Some(p.path) == keyed.as_deref()).or_else(|| PLACES.iter().find(|p| p.path == path))
}

/// Checks every traffic variant's rows against `t` (the other variants' rows read nothing).
pub fn check_traffic(prefix: &str, t: &Traffic, ctx: &Context) -> Result<(), Problem> {
    for v in TRAFFIC.variants {
        v.table.check(prefix, t, ctx)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Kind;
    use serde_json::json;

    /// The keys serde accepts for `T` (its "unknown field" refusal of `json` lists them).
    fn accepted<T: DeserializeOwned>(json: &str) -> Vec<String> {
        let p = crate::problem::from_json::<T>("", json).err().expect("refused");
        assert_eq!(p.kind, Kind::UnknownField, "{p}");
        p.expected
    }

    fn names<S>(t: &Table<S>) -> Vec<String> {
        t.fields.iter().map(|f| f.spec.name.to_string()).collect()
    }

    fn keys(v: impl Serialize) -> Vec<String> {
        serde_json::to_value(v).unwrap().as_object().unwrap().keys().cloned().collect()
    }

    fn sorted(mut v: Vec<String>) -> Vec<String> {
        v.sort();
        v
    }

    #[test]
    fn every_field_serde_reads_or_writes_has_exactly_one_row() {
        const UNKNOWN: &str = r#"{"\u0000":0}"#;
        let link = LinkSpec {
            atm: Some(AtmSpec::default()),
            reverse: Some(ReverseLink::default()),
            rate_schedule: vec![RateStep { at_s: 1.0, rate_mbps: 1.0 }],
            rate_slots: Some(RateSlots::default()),
            delay_schedule: vec![DelayStep { at_s: 1.0, delay_ms: 1.0 }],
            dummy_field: Some(1.0),
            ..LinkSpec::default()
        };
        // `cc_params` is written only when it holds something, `ecn_codepoint` only when set.
        let group = FlowGroup {
            cc_params: serde_json::from_str(r#"{"gain": 1}"#).unwrap(),
            ecn_codepoint: Some(Ect::Ect1),
            ..FlowGroup::default()
        };
        let cases: Vec<(Vec<String>, Vec<String>, Vec<String>)> = vec![
            (names(&SCENARIO), accepted::<Scenario>(UNKNOWN), keys(Scenario::default())),
            (names(&LINK), accepted::<LinkSpec>(UNKNOWN), keys(&link)),
            (names(&ATM), accepted::<AtmSpec>(UNKNOWN), keys(AtmSpec::default())),
            (names(&REVERSE), accepted::<ReverseLink>(UNKNOWN), keys(ReverseLink::default())),
            (names(&RATE_STEP), accepted::<RateStep>(UNKNOWN), keys(RateStep { at_s: 0.0, rate_mbps: 1.0 })),
            (names(&RATE_SLOTS), accepted::<RateSlots>(UNKNOWN), keys(RateSlots::default())),
            (names(&DELAY_STEP), accepted::<DelayStep>(UNKNOWN), keys(DelayStep { at_s: 0.0, delay_ms: 1.0 })),
            (names(&FLOW_GROUP), accepted::<FlowGroup>(UNKNOWN), keys(&group)),
        ];
        // Every row the engine range-checks has both bounds.
        let checked = [
            SCENARIO.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect::<Vec<_>>(),
            LINK.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            REVERSE.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            RATE_STEP.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            RATE_SLOTS.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            DELAY_STEP.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            FLOW_GROUP.fields.iter().filter(|f| f.get.is_some()).map(|f| f.spec).collect(),
            TRAFFIC.variants.iter().flat_map(|c| c.table.fields.iter().map(|f| f.spec)).collect(),
        ];
        for s in checked.iter().flatten() {
            assert!(s.lo != Bound::None && s.hi != Bound::None, "{} has no bound", s.name);
        }
        for (rows, read, written) in cases {
            let mut unique = sorted(rows.clone());
            unique.dedup();
            assert_eq!(unique.len(), rows.len(), "a name twice: {rows:?}");
            assert_eq!(sorted(rows.clone()), sorted(read), "rows vs the fields serde reads");
            assert_eq!(sorted(rows), sorted(written), "rows vs the fields serde writes");
        }
        // Each traffic variant: its rows are the fields serde reads and writes for it (beyond the tag).
        let written = [
            Traffic::Ftp,
            Traffic::Http { mean_object_kb: 1.0, shape: 1.5, think_s: 1.0 },
            Traffic::Cbr { rate_mbps: 1.0 },
            Traffic::Poisson { rate_mbps: 1.0 },
            Traffic::OnOff { rate_mbps: 1.0, on_s: 1.0, off_s: 1.0 },
        ];
        assert_eq!(TRAFFIC.variants.len(), written.len());
        for (c, t) in TRAFFIC.variants.iter().zip(written) {
            let mut keys = keys(&t);
            assert_eq!(keys.remove(0), "kind");
            assert_eq!(serde_json::to_value(&t).unwrap()["kind"], c.kind);
            assert_eq!(sorted(names(c.table)), sorted(keys), "{}", c.kind);
            if !c.table.fields.is_empty() {
                let read = accepted::<Traffic>(&format!(r#"{{"kind":"{}","\u0000":0}}"#, c.kind));
                assert_eq!(sorted(names(c.table)), sorted(read), "{}", c.kind);
            }
        }
    }

    #[test]
    fn choices_and_kinds_are_the_names_serde_reads() {
        assert_eq!(choices::<QueueUnit>(), ["packets", "bytes"]);
        // With the test-only congestion control (`cfg(test)`) last.
        let variants = ["tahoe", "reno", "newreno", "vegas", "cubic", "bbr", "dctcp", "prague", "dummy_cc"];
        assert_eq!(choices::<Variant>(), variants);
        assert_eq!(choices::<Ect>(), ["not_ect", "ect0", "ect1"]);
        assert_eq!(choices::<RttMeasure>(), ["ns2", "min"]);
        let listed: Vec<&str> = TRAFFIC.variants.iter().map(|c| c.kind).collect();
        assert_eq!(kinds::<Traffic>(), listed);
    }

    fn problem(json: &str) -> Problem {
        Scenario::from_json(json).unwrap_err()
    }

    #[test]
    fn each_kind_of_bound_refuses_as_it_always_has() {
        // A fixed range, with a non-finite value read as out of range.
        let mut s = Scenario::default();
        s.link.loss_rate = f64::NAN;
        let p = s.validate().unwrap_err();
        assert_eq!((p.field.as_str(), p.lo, p.hi, p.unit.as_str()), ("link.loss_rate", Some(0.0), Some(0.5), ""));
        assert!(p.got.unwrap().is_nan());
        // Another field as the upper end: a plain range up to its value (warmup ≤ duration = 30 s).
        let p = problem(r#"{"duration":30,"warmup":31}"#);
        assert_eq!((p.field.as_str(), p.lo, p.hi, p.other.as_deref()), ("warmup", Some(0.0), Some(30.0), None));
        // Another field as the lower end: the relation named (stop_s not before start_s = 5).
        let p = problem(r#"{"flows":[{"start_s":5,"stop_s":4}]}"#);
        assert_eq!((p.lo, p.hi, p.got), (Some(5.0), Some(36_000.0), Some(4.0)));
        assert_eq!((p.other.as_deref(), p.rule), (Some("flows[0].start_s"), Some("not_before")));
        // Twice the largest delay, scheduled ones included: 2 × max(10, 25) = 50 ms.
        let p = problem(r#"{"link":{"delay_schedule":[{"at_s":1,"delay_ms":25}]},"flows":[{"rtt_ms":[45,90]}]}"#);
        assert_eq!((p.field.as_str(), p.lo, p.rule), ("flows[0].rtt_ms[0]", Some(50.0), Some("twice")));
        // A range's high end not below its low end.
        let p = problem(r#"{"flows":[{"rtt_ms":[80,79]}]}"#);
        assert_eq!(
            (p.field.as_str(), p.lo, p.other.as_deref()),
            ("flows[0].rtt_ms[1]", Some(80.0), Some("flows[0].rtt_ms[0]"))
        );
        // Steps in order: the first from 0 (naming itself), the next from the one before.
        let p = problem(r#"{"link":{"rate_schedule":[{"at_s":-1,"rate_mbps":1}]}}"#);
        assert_eq!(
            (p.field.as_str(), p.lo, p.other.as_deref()),
            ("link.rate_schedule[0].at_s", Some(0.0), Some("link.rate_schedule[0].at_s"))
        );
        let p = problem(
            r#"{"link":{"rate_schedule":[{"at_s":3,"rate_mbps":1},{"at_s":7,"rate_mbps":1},{"at_s":6,"rate_mbps":1}]}}"#,
        );
        assert_eq!(
            (p.field.as_str(), p.lo, p.other.as_deref()),
            ("link.rate_schedule[2].at_s", Some(7.0), Some("link.rate_schedule[1].at_s"))
        );
        // The buffer's limit and unit by buffer_unit.
        let p = problem(r#"{"link":{"buffer":1000001}}"#);
        assert_eq!((p.hi, p.unit.as_str()), (Some(1e6), "packets"));
        assert!(Scenario::from_json(r#"{"link":{"buffer":1000001,"buffer_unit":"bytes"}}"#).is_ok());
        let p = problem(r#"{"link":{"buffer":1500000001,"buffer_unit":"bytes"}}"#);
        assert_eq!((p.hi, p.unit.as_str()), (Some(1.5e9), "bytes"));
        // Only the variant a flow sends is checked: the same bad rate, first in the variant's rows.
        let p = problem(r#"{"flows":[{"traffic":{"kind":"on_off","rate_mbps":0,"on_s":0,"off_s":1}}]}"#);
        assert_eq!((p.field.as_str(), p.lo), ("flows[0].traffic.rate_mbps", Some(0.001)));
        let p = problem(r#"{"flows":[{"traffic":{"kind":"http","shape":1}}]}"#);
        assert_eq!((p.field.as_str(), p.lo, p.hi), ("flows[0].traffic.shape", Some(1.01), Some(10.0)));
        // Rows are checked in order: of two bad fields, the earlier row is reported.
        let p = problem(r#"{"flows":[{"rwnd":0,"count":0,"traffic":{"kind":"cbr","rate_mbps":0}}]}"#);
        assert_eq!(p.field, "flows[0].count");
    }

    #[test]
    fn serialised_defaults_hold_every_field_the_schema_gives_a_default() {
        // `Scenario::default()`'s parts are the parts' own defaults, so `{}` at any level means the same.
        let s = Scenario::default();
        assert_eq!(s.link, LinkSpec::default());
        assert_eq!(s.flows, vec![FlowGroup::default()]);
        assert_eq!(json!(SCENARIO.default_value().unwrap()["link"]), json!(LINK.default_value().unwrap()));
    }
}
