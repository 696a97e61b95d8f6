//! Queue disciplines (AQM) of the bottleneck, one file per algorithm behind [`QueueDisc`].
//!
//! A discipline owns its packets and decides; it reports every drop and CE mark through [`Env`], and the
//! simulation counts them (per reason, per flow) in one place. Each algorithm also implements [`Algorithm`]:
//! a serde `Params` struct (the scenario's `aqm` object, tagged by `kind`), a static [`AlgorithmInfo`] with
//! the parameter schema the UI renders, and a constructor that validates. Registering an algorithm is one
//! line in the `algorithms!` list at the bottom of this file.

pub mod params;
pub mod queue;
pub mod shared_specs;

pub mod avq;
pub mod blue;
pub mod codel;
pub mod droptail;
pub mod dualpi2;
pub mod fq_codel;
pub mod pi;
pub mod pie;
pub mod selective_drop;

pub mod ared;
pub mod feng_ared;
pub mod hred;
pub mod qvared;
pub mod red;
pub mod red_core;
pub mod red_hw;
mod red_params;
pub mod wred;

pub mod gfr;

#[cfg(any(test, feature = "dummy-discipline"))]
pub mod dummy;

use crate::problem::Problem;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use params::{AlgorithmInfo, ParamSpec};
pub use queue::{Limit, PacketQueue, QueueUnit};

use crate::packet::Packet;
use crate::rng::Rng;
use crate::time::Time;

/// Why a packet was dropped or marked (docs/algorithms/conventions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The physical buffer was full.
    Overflow,
    /// A probabilistic early drop (RED family, BLUE, PI, AVQ, PIE).
    Early,
    /// RED's forced drop at avg ≥ max_th (or ≥ 2·max_th with gentle).
    Forced,
    /// CoDel/PIE: sojourn or delay above target.
    Target,
    /// Seed 004's per-flow selective drop.
    Selective,
    /// GFR: Early Packet Discard of a whole frame.
    Epd,
    /// GFR: Partial Packet Discard of the rest of a frame.
    Ppd,
    /// DualPI2 past p_Cmax (RFC 9332 §4.2.3): a drop where, without overload, the packet would have been
    /// CE-marked (an L4S packet, or a classic ECT(0) one).
    Overload,
}

impl Reason {
    /// Every reason, in `index` order (summaries, the event log, the catalogue).
    pub const ALL: [Reason; 8] = [
        Reason::Overflow,
        Reason::Early,
        Reason::Forced,
        Reason::Target,
        Reason::Selective,
        Reason::Epd,
        Reason::Ppd,
        Reason::Overload,
    ];
    /// The reasons with a `drops_<reason>` trace column, in column order: every reason but `Overload`,
    /// whose drops the trace counts under `early` (see [`Reason::trace_column`]) so that every trace,
    /// DualPI2's included, keeps the columns and digests it had before the cause existed.
    pub const TRACED: [Reason; 7] =
        [Reason::Overflow, Reason::Early, Reason::Forced, Reason::Target, Reason::Selective, Reason::Epd, Reason::Ppd];
    /// Position in `ALL` (a counter array index).
    pub fn index(self) -> usize {
        self as usize
    }
    /// Lower-case name used in trace columns and summaries.
    pub fn name(self) -> &'static str {
        ["overflow", "early", "forced", "target", "selective", "epd", "ppd", "overload"][self.index()]
    }
    /// The reason whose trace column counts this one: itself, or `Early` for `Overload`.
    pub fn trace_column(self) -> Reason {
        match self {
            Reason::Overload => Reason::Early,
            r => r,
        }
    }
}

/// A drop or a CE mark made by a discipline, reported to the simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Signal {
    /// The packet dropped, or marked and kept.
    pub packet: Packet,
    /// Why the discipline signalled.
    pub reason: Reason,
    /// true: CE-marked and kept; false: dropped.
    pub marked: bool,
}

/// The bottleneck as a discipline sees it (fixed for the discipline's lifetime).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkInfo {
    /// Bottleneck rate, bit/s.
    pub rate_bps: f64,
    /// Physical buffer.
    pub limit: Limit,
    /// Mean packet size (bytes) the algorithms assume (RED's `s`, PIE's MEAN_PKTSIZE).
    pub mean_pkt_size: u32,
    /// Bottleneck one-way propagation delay.
    pub delay: Time,
    /// Mean base round-trip time of the flows (no queueing), for auto-tuned parameters.
    pub base_rtt: Time,
    /// Number of flows in the scenario.
    pub flows: usize,
    /// ATM mode (`link.atm`): packets cross the link as AAL5 frames of 53-byte cells (see `crate::atm`).
    pub atm: Option<crate::atm::AtmSpec>,
}

impl LinkInfo {
    /// Bottleneck capacity in packets of `mean_pkt_size` per second (docs/algorithms/conventions.md's C_pkt).
    pub fn packets_per_sec(&self) -> f64 {
        self.rate_bps / (8.0 * self.mean_pkt_size as f64)
    }
}

/// What a discipline may use while deciding: the clock, its own random stream, and a sink for signals.
pub struct Env<'a> {
    /// The simulated time of the decision.
    pub now: Time,
    /// The discipline's own random stream.
    pub rng: &'a mut Rng,
    signals: &'a mut Vec<Signal>,
}

impl<'a> Env<'a> {
    /// Wraps the clock, a random stream and the signal sink for one call.
    pub fn new(now: Time, rng: &'a mut Rng, signals: &'a mut Vec<Signal>) -> Self {
        Env { now, rng, signals }
    }

    /// A uniform draw in [0, 1) from the discipline's stream.
    pub fn uniform(&mut self) -> f64 {
        self.rng.uniform()
    }

    /// Drops `packet` (always a drop, never a mark).
    pub fn drop(&mut self, packet: Packet, reason: Reason) {
        self.signals.push(Signal { packet, reason, marked: false });
    }

    /// Congestion signal: CE-marks an ECN-capable packet (ECT(0) and ECT(1) alike) when `ecn` is on and
    /// returns it to be queued; otherwise drops it and returns None (RFC 3168 §5).
    pub fn signal(&mut self, mut packet: Packet, reason: Reason, ecn: bool) -> Option<Packet> {
        if ecn && packet.ecn_capable() {
            packet.ce = true;
            self.signals.push(Signal { packet, reason, marked: true });
            Some(packet)
        } else {
            self.drop(packet, reason);
            None
        }
    }
}

/// The averaged queue and current drop/mark probability, for the trace; NaN where it has no meaning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OperatingPoint {
    /// Averaged queue, in the discipline's unit (NaN if none).
    pub avg: f64,
    /// Current drop/mark probability (NaN if none).
    pub p: f64,
}

impl OperatingPoint {
    /// For disciplines with neither an average nor a probability.
    pub const NONE: OperatingPoint = OperatingPoint { avg: f64::NAN, p: f64::NAN };
}

/// What the registry (`algorithms!`) knows of a discipline: its kind tag and its parameters as a scenario
/// `aqm` object. Generated for every registered type; never written by hand.
pub trait Registered {
    /// The `kind` tag of the scenario's `aqm` object.
    fn kind(&self) -> &'static str;
    /// The current parameters as a scenario `aqm` object.
    fn config(&self) -> AqmConfig;
}

/// A queue discipline governing the bottleneck's output queue.
pub trait QueueDisc: Registered {
    /// An arrival: store it, or drop/mark it through `env`.
    fn enqueue(&mut self, packet: Packet, env: &mut Env);

    /// The link asks for the next packet (dequeue-time disciplines such as CoDel drop here).
    fn dequeue(&mut self, env: &mut Env) -> Option<Packet>;

    /// Packets queued (the one in service on the link excluded).
    fn len_packets(&self) -> usize;
    /// Bytes queued (the one in service on the link excluded).
    fn len_bytes(&self) -> u64;

    /// The link finished sending and the queue is empty (RED's idle start, BLUE's decrease).
    fn on_link_idle(&mut self, _env: &mut Env) {}

    /// The bottleneck's capacity changed (`link.rate_schedule`, `link.rate_slots`). Disciplines that read
    /// the rate while they run take the new one: the RED family's idle-time `s` (Floyd & Jacobson 1993,
    /// Fig. 2: the transmission time of a typical small packet, a property of the link as it is now), AVQ's
    /// C, seed 004's optimal window. Constants a paper designs once from the configured link (ARED's
    /// automatic w_q and thresholds, HRED's gains, PI's a and b) stay as configured; PIE and CoDel measure
    /// the departure rate or the sojourn time and need nothing (docs/time-varying-links.md).
    fn set_link_rate(&mut self, _rate_bps: f64) {}

    /// Period of [`QueueDisc::on_tick`], for disciplines with a timer (ARED, PI, PIE).
    fn tick_interval(&self) -> Option<Time> {
        None
    }
    /// Timer callback, every `tick_interval`.
    fn on_tick(&mut self, _env: &mut Env) {}

    /// Live change of one parameter; on error nothing changes.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem>;

    /// Internal state for the UI (avg, p_b, count, ...).
    fn state(&self) -> Vec<(&'static str, f64)>;

    /// Per-flow internal state, as named series indexed by flow id (seed 004's cnt_i, FQ-CoDel's per-queue
    /// backlog and deficit); empty for disciplines without per-flow state.
    fn per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }

    /// Averaged queue and probability for the trace.
    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint::NONE
    }

    /// Drop/mark probability as a function of the averaged queue for the current parameters, if the
    /// algorithm has such a curve: points (queue in the discipline's unit, probability).
    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        None
    }

    /// Removes every queued packet, in service order (for a live switch of algorithm).
    fn drain(&mut self) -> Vec<Packet>;

    /// Appends a packet without any AQM decision (packets handed over by a live switch).
    fn adopt(&mut self, packet: Packet);

    /// Visits every queued packet without changing anything, in the order `drain` would return them (the
    /// page's system view, `crate::view`).
    fn for_each_queued(&self, f: &mut dyn FnMut(&Packet));
}

/// The storage half of [`QueueDisc`] for a discipline whose packets live in one [`PacketQueue`] named
/// `queue`: lengths, drain and adopt, and with `dequeue` also a plain FIFO dequeue.
macro_rules! fifo_storage {
    () => {
        fn len_packets(&self) -> usize {
            self.queue.len()
        }

        fn len_bytes(&self) -> u64 {
            self.queue.bytes()
        }

        fn drain(&mut self) -> Vec<Packet> {
            self.queue.drain()
        }

        fn adopt(&mut self, packet: Packet) {
            self.queue.push(packet);
        }

        fn for_each_queued(&self, f: &mut dyn FnMut(&Packet)) {
            self.queue.iter().for_each(f);
        }
    };
    (dequeue) => {
        $crate::aqm::fifo_storage!();

        fn dequeue(&mut self, _env: &mut Env) -> Option<Packet> {
            self.queue.pop()
        }
    };
}
pub(crate) use fifo_storage;

/// [`Algorithm::params`] of a discipline that keeps its parameters in a field named `params`.
macro_rules! params_field {
    () => {
        fn params(&self) -> &Self::Params {
            &self.params
        }
    };
}
pub(crate) use params_field;

/// The static side of an algorithm: its params, schema and validating constructor.
pub trait Algorithm: QueueDisc + Sized + 'static {
    /// The serde model of the parameters (defaults = the paper's).
    type Params: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + PartialEq;
    /// Name, citation and parameter schema shown in the page's catalogue.
    const INFO: AlgorithmInfo;
    /// Builds the discipline, validating every parameter against the link.
    fn new(params: Self::Params, link: &LinkInfo) -> Result<Self, Problem>;
    /// The parameters in force (what [`Registered::config`] reports).
    fn params(&self) -> &Self::Params;
}

/// What the bottleneck holds. In WebAssembly the [`Disc`] enum: a `match` per call instead of a
/// `call_indirect`. Natively a trait object: the enum made the native build slower (docs/performance.md,
/// "fifth pass").
#[cfg(target_arch = "wasm32")]
pub type BoxedDisc = Box<Disc>;
/// What the bottleneck holds (see the WebAssembly definition).
#[cfg(not(target_arch = "wasm32"))]
pub type BoxedDisc = Box<dyn QueueDisc>;

/// Generates [`AqmConfig`] (the serde model, tagged by `kind`), [`build`] and [`catalogue`] from one list.
macro_rules! algorithms {
    ($($(#[$attr:meta])* $variant:ident = $kind:literal => $ty:ty),* $(,)?) => {
        /// The scenario's `aqm` object: `{"kind": "...", <params>}`; missing params take their defaults.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind")]
        pub enum AqmConfig {
            $(
                #[doc = concat!("`\"kind\": \"", $kind, "\"` and that discipline's parameters.")]
                $(#[$attr])* #[serde(rename = $kind)] $variant(<$ty as Algorithm>::Params),
            )*
        }

        impl AqmConfig {
            /// The `kind` tag of this config.
            pub fn kind(&self) -> &'static str {
                match self { $($(#[$attr])* AqmConfig::$variant(_) => $kind,)* }
            }
        }

        /// Builds the discipline a config describes, validating every parameter.
        pub fn build(config: &AqmConfig, link: &LinkInfo) -> Result<BoxedDisc, Problem> {
            match config {
                $($(#[$attr])* AqmConfig::$variant(p) => {
                    params::check_all(p, <$ty as Algorithm>::INFO.params)?;
                    Ok(boxed!(Disc::$variant, <$ty as Algorithm>::new(p.clone(), link)?))
                })*
            }
        }

        /// A discipline of any kind: a `match` per call (static dispatch, which the compiler can inline)
        /// where a `Box<dyn QueueDisc>` made every call indirect (in WebAssembly a `call_indirect`, checked
        /// and never inlined). Each method forwards to the discipline's own, defaults included.
        pub enum Disc {
            $($(#[$attr])* #[doc = concat!("`\"kind\": \"", $kind, "\"`.")] $variant($ty),)*
        }

        impl Registered for Disc {
            fn kind(&self) -> &'static str {
                match self { $($(#[$attr])* Disc::$variant(_) => $kind,)* }
            }
            fn config(&self) -> AqmConfig {
                match self { $($(#[$attr])* Disc::$variant(q) => q.config(),)* }
            }
        }

        impl QueueDisc for Disc {
            #[inline]
            fn enqueue(&mut self, packet: Packet, env: &mut Env) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.enqueue(packet, env),)* }
            }
            #[inline]
            fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.dequeue(env),)* }
            }
            #[inline]
            fn len_packets(&self) -> usize {
                match self { $($(#[$attr])* Disc::$variant(q) => q.len_packets(),)* }
            }
            #[inline]
            fn len_bytes(&self) -> u64 {
                match self { $($(#[$attr])* Disc::$variant(q) => q.len_bytes(),)* }
            }
            #[inline]
            fn on_link_idle(&mut self, env: &mut Env) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.on_link_idle(env),)* }
            }
            fn set_link_rate(&mut self, rate_bps: f64) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.set_link_rate(rate_bps),)* }
            }
            fn tick_interval(&self) -> Option<Time> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.tick_interval(),)* }
            }
            fn on_tick(&mut self, env: &mut Env) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.on_tick(env),)* }
            }
            fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.set_param(name, value),)* }
            }
            fn state(&self) -> Vec<(&'static str, f64)> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.state(),)* }
            }
            fn per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.per_flow_state(),)* }
            }
            fn operating_point(&self) -> OperatingPoint {
                match self { $($(#[$attr])* Disc::$variant(q) => q.operating_point(),)* }
            }
            fn curve(&self) -> Option<Vec<[f64; 2]>> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.curve(),)* }
            }
            fn drain(&mut self) -> Vec<Packet> {
                match self { $($(#[$attr])* Disc::$variant(q) => q.drain(),)* }
            }
            fn adopt(&mut self, packet: Packet) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.adopt(packet),)* }
            }
            fn for_each_queued(&self, f: &mut dyn FnMut(&Packet)) {
                match self { $($(#[$attr])* Disc::$variant(q) => q.for_each_queued(f),)* }
            }
        }

        $($(#[$attr])* impl Registered for $ty {
            fn kind(&self) -> &'static str {
                $kind
            }
            fn config(&self) -> AqmConfig {
                AqmConfig::$variant(Algorithm::params(self).clone())
            }
        })*

        /// Every algorithm the engine has, in picker order, each spec's `default` filled from its
        /// `Params::default()` ([`params::with_defaults`]); built once.
        pub fn catalogue() -> Vec<&'static AlgorithmInfo> {
            static CATALOGUE: std::sync::OnceLock<Vec<AlgorithmInfo>> = std::sync::OnceLock::new();
            CATALOGUE
                .get_or_init(|| {
                    vec![$($(#[$attr])* params::with_defaults::<<$ty as Algorithm>::Params>(&<$ty as Algorithm>::INFO),)*]
                })
                .iter()
                .collect()
        }
    };
}

algorithms! {
    DropTail = "droptail" => droptail::DropTail,
    Red = "red" => red::Red,
    GentleRed = "gentle_red" => red::GentleRed,
    Ared = "ared" => ared::Ared,
    FengAred = "feng_ared" => feng_ared::FengAred,
    Qvared = "qvared" => qvared::Qvared,
    Hred = "hred" => hred::Hred,
    RedHw = "red_hw" => red_hw::RedHw,
    Wred = "wred" => wred::Wred,
    Blue = "blue" => blue::Blue,
    Pi = "pi" => pi::Pi,
    Avq = "avq" => avq::Avq,
    CoDel = "codel" => codel::CoDel,
    Pie = "pie" => pie::Pie,
    FqCodel = "fq_codel" => fq_codel::FqCodel,
    DualPi2 = "dualpi2" => dualpi2::DualPi2,
    SelectiveDrop = "selective_drop" => selective_drop::SelectiveDrop,
    Gfr = "gfr" => gfr::Gfr,
    // Test only: proves a discipline is one file and this line (docs/parameter-roles.md).
    #[cfg(any(test, feature = "dummy-discipline"))]
    Dummy = "dummy" => dummy::Dummy,
}

impl Default for AqmConfig {
    fn default() -> Self {
        AqmConfig::DropTail(Default::default())
    }
}

/// Shared check: a queue threshold must lie within the physical buffer (in the same unit).
pub fn check_threshold_in_buffer(name: &str, value: f64, unit: QueueUnit, link: &LinkInfo) -> Result<(), Problem> {
    let buffer = match (unit, link.limit.unit) {
        (a, b) if a == b => link.limit.value as f64,
        (QueueUnit::Bytes, QueueUnit::Packets) => link.limit.value as f64 * link.mean_pkt_size as f64,
        (QueueUnit::Packets, QueueUnit::Bytes) => link.limit.value as f64 / link.mean_pkt_size as f64,
        _ => unreachable!(),
    };
    if value > buffer {
        return Err(Problem::above_buffer(name, value, buffer, unit_name(unit)));
    }
    Ok(())
}

/// The entries of [`delay_band`], in its order.
pub const DELAY_BAND_STATE: [params::StateSpec; 3] = [
    params::StateSpec::new("band_lo", "queue unit", params::StateMeaning::Band),
    params::StateSpec::new("band_hi", "queue unit", params::StateMeaning::Band),
    params::StateSpec::new("band_ms", "ms", params::StateMeaning::Target),
];

/// The target band of a delay-target discipline ([`Band::Delay`](params::Band::Delay): CoDel, PIE): from an
/// empty queue up to the queue that drains in `target_ms` at line rate, in the link buffer's unit, and the
/// target itself in ms, as `state()` entries `band_lo`, `band_hi`, `band_ms`.
pub fn delay_band(target_ms: f64, link: &LinkInfo) -> [(&'static str, f64); 3] {
    let bytes = target_ms / 1000.0 * link.rate_bps / 8.0;
    let hi = match link.limit.unit {
        QueueUnit::Packets => bytes / link.mean_pkt_size as f64,
        QueueUnit::Bytes => bytes,
    };
    [("band_lo", 0.0), ("band_hi", hi), ("band_ms", target_ms)]
}

/// Name of a queue unit as the page and messages show it.
pub fn unit_name(unit: QueueUnit) -> &'static str {
    match unit {
        QueueUnit::Packets => "packets",
        QueueUnit::Bytes => "bytes",
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Small helpers for the algorithms' unit tests.
    use super::*;
    use crate::time::MILLI;

    pub fn link(limit: Limit) -> LinkInfo {
        LinkInfo {
            rate_bps: 10e6,
            limit,
            mean_pkt_size: 1000,
            delay: 10 * MILLI,
            base_rtt: 100 * MILLI,
            flows: 10,
            atm: None,
        }
    }

    pub fn pkt(flow: u32, size: u32) -> Packet {
        Packet::new(flow, 0, size, 0)
    }

    /// Runs one enqueue at `now` and returns the signals it produced.
    pub fn enqueue_at(q: &mut dyn QueueDisc, p: Packet, now: Time, rng: &mut Rng) -> Vec<Signal> {
        let mut signals = Vec::new();
        q.enqueue(p, &mut Env::new(now, rng, &mut signals));
        signals
    }

    pub fn dequeue_at(q: &mut dyn QueueDisc, now: Time, rng: &mut Rng) -> (Option<Packet>, Vec<Signal>) {
        let mut signals = Vec::new();
        let p = q.dequeue(&mut Env::new(now, rng, &mut signals));
        (p, signals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MILLI;
    use params::{Band, RangeFollows, Role};

    #[test]
    fn every_role_declaration_names_a_sibling_parameter_of_the_right_kind() {
        for info in catalogue() {
            let spec = |name: &str| info.params.iter().find(|s| s.name == name);
            for s in info.params {
                let at = format!("{}.{}", info.kind, s.name);
                if let Some(other) = s.below {
                    let o = spec(other).unwrap_or_else(|| panic!("{at} is below unknown {other}"));
                    assert_eq!(o.unit, s.unit, "{at} below {other}");
                    assert!(s.default < o.default, "{at}: defaults out of order");
                }
                if let Some(level) = s.at {
                    assert_eq!(s.role, Role::Probability, "{at}");
                    assert_eq!(spec(level).map(|l| l.role), Some(Role::QueueLevel), "{at} at {level}");
                }
                if s.role == Role::Probability {
                    assert!(s.min >= 0.0 && s.max <= 1.0, "{at}: a probability outside [0, 1]");
                }
                assert!(!s.adapts || (s.role == Role::Probability && !s.handle), "{at}: only a probability adapts");
                assert_eq!(s.role == Role::Switch, s.boolean, "{at}: switches are exactly the booleans");
                if s.range_follows == RangeFollows::Buffer {
                    assert!(matches!(s.role, Role::QueueLevel | Role::FlowLevel), "{at}");
                }
                if s.handle {
                    assert!(matches!(s.role, Role::QueueLevel | Role::DelayTarget | Role::Probability), "{at}");
                }
            }
            assert!(!info.drop_causes.is_empty(), "{} drops for no reason", info.kind);
        }
    }

    /// Every registered algorithm with its default parameters, built on a 1000-packet link (above every
    /// default threshold, HRED's 250 KB, so nothing is clamped to it; with ATM on where the algorithm
    /// requires `link.atm`, GFR's cells).
    fn every_default_algorithm() -> Vec<(&'static AlgorithmInfo, AqmConfig, BoxedDisc)> {
        let link = testing::link(Limit::packets(1000));
        let atm = LinkInfo { atm: Some(Default::default()), ..link };
        catalogue()
            .into_iter()
            .map(|info| {
                let cfg: AqmConfig = serde_json::from_str(&format!(r#"{{"kind":"{}"}}"#, info.kind)).unwrap();
                let needs_atm = info.requires_field == Some("link.atm");
                // The requirement is real: without the field the engine refuses the discipline.
                assert_eq!(build(&cfg, &link).is_err(), needs_atm, "{}", info.kind);
                let q =
                    build(&cfg, if needs_atm { &atm } else { &link }).unwrap_or_else(|e| panic!("{}: {e}", info.kind));
                (info, cfg, q)
            })
            .collect()
    }

    #[test]
    fn registry_kind_and_config_round_trip_for_every_algorithm() {
        for (info, cfg, q) in every_default_algorithm() {
            assert_eq!((q.kind(), q.config()), (info.kind, cfg), "{}", info.kind);
            // A declared band is reported by state(), and only then.
            let state = q.state();
            let has_band = state.iter().any(|(k, _)| *k == "band_lo") && state.iter().any(|(k, _)| *k == "band_hi");
            assert_eq!(has_band, info.band.is_some(), "{}", info.kind);
        }
    }

    #[test]
    fn every_state_entry_is_declared_and_every_declared_entry_is_reported() {
        use params::StateMeaning;
        for (info, _, mut q) in every_default_algorithm() {
            let declared: Vec<&str> = info.state.iter().map(|s| s.name).collect();
            let keys = |q: &dyn QueueDisc| q.state().iter().map(|(k, _)| *k).collect::<Vec<_>>();
            assert_eq!(keys(q.as_ref()), declared, "{}: before any packet", info.kind);
            // A brief run: a burst from four flows that builds a queue, then service 1 ms apart.
            let mut rng = crate::rng::Rng::new(7, 9);
            for i in 0..200u32 {
                testing::enqueue_at(q.as_mut(), testing::pkt(i % 4, 1000), Time::from(i) * 100_000, &mut rng);
                if i % 3 == 0 {
                    testing::dequeue_at(q.as_mut(), Time::from(i) * 100_000, &mut rng);
                }
            }
            for i in 0..100u64 {
                testing::dequeue_at(q.as_mut(), 20 * MILLI + i * MILLI, &mut rng);
            }
            assert_eq!(keys(q.as_ref()), declared, "{}: after a run", info.kind);
            let count = |m: StateMeaning| info.state.iter().filter(|s| s.meaning == m).count();
            assert!(count(StateMeaning::Probability) <= 1, "{}: one probability applied now", info.kind);
            assert!(count(StateMeaning::Average) + count(StateMeaning::VirtualQueue) <= 1, "{}", info.kind);
            assert_eq!(count(StateMeaning::Band) == 2, info.band.is_some(), "{}: a declared band", info.kind);
            assert_eq!(
                count(StateMeaning::VirtualQueue) == 1,
                info.avg == params::AvgMeaning::VirtualQueue,
                "{}: the virtual queue is the avg",
                info.kind
            );
            // An own buffer is a parameter, reported in state as the buffer, and its queue is the avg.
            if let Some(own) = info.own_buffer {
                let spec = info.params.iter().find(|p| p.name == own).expect("own_buffer names a parameter");
                let held = info.state.iter().find(|s| s.name == own).expect("and a state entry");
                assert_eq!((held.meaning, held.unit), (StateMeaning::Buffer, spec.unit), "{}", info.kind);
            }
            assert_eq!(info.own_buffer.is_some(), info.avg == params::AvgMeaning::OwnQueue, "{}", info.kind);
            // A sub-queue's level and signal probability belong to a queue; so does everything traced.
            for s in info.state {
                if matches!(s.meaning, StateMeaning::QueueLevel | StateMeaning::QueueProbability) || s.traced {
                    assert!(s.queue.is_some(), "{}: {} names its queue", info.kind, s.name);
                }
            }
        }
    }

    /// The test-only discipline's catalogue entry, as `aqm-cli algorithms` prints it when built with
    /// `--features dummy-discipline`, is what web/controls/dummyDiscipline.test.ts feeds the page.
    /// `UPDATE_FIXTURES=1 cargo test --lib dummy_discipline` rewrites it.
    #[test]
    fn dummy_discipline_fixture_is_its_catalogue_entry() {
        let info = catalogue().into_iter().find(|i| i.kind == "dummy").expect("registered under cfg(test)");
        crate::catalog::assert_fixture("dummy-discipline.json", info);
    }

    #[test]
    fn delay_band_is_the_queue_that_drains_in_the_target_at_line_rate() {
        // 5 ms at 10 Mbit/s = 6250 bytes = 6.25 packets of 1000 bytes.
        let mut link = testing::link(Limit::packets(100));
        assert_eq!(delay_band(5.0, &link), [("band_lo", 0.0), ("band_hi", 6.25), ("band_ms", 5.0)]);
        link.limit = Limit::bytes(100_000);
        assert_eq!(delay_band(5.0, &link)[1], ("band_hi", 6250.0));
        link.rate_bps = 100e6;
        link.delay = 20 * MILLI;
        assert_eq!(delay_band(15.0, &link)[1], ("band_hi", 187_500.0));
    }

    #[test]
    fn pi_band_is_its_reference_and_codel_pie_report_their_delay_targets() {
        let link = testing::link(Limit::packets(100));
        let state = |json: &str| build(&serde_json::from_str(json).unwrap(), &link).unwrap().state();
        let get = |s: &[(&str, f64)], k: &str| s.iter().find(|(n, _)| *n == k).map(|(_, v)| *v);
        let pi = state(r#"{"kind":"pi","q_ref":40}"#);
        assert_eq!((get(&pi, "band_lo"), get(&pi, "band_hi")), (Some(0.0), Some(40.0)));
        let codel = state(r#"{"kind":"codel","target":8}"#);
        assert_eq!((get(&codel, "band_hi"), get(&codel, "band_ms")), (Some(10.0), Some(8.0)));
        let pie = state(r#"{"kind":"pie"}"#);
        assert_eq!((get(&pie, "band_hi"), get(&pie, "band_ms")), (Some(18.75), Some(15.0)));
        let fq = state(r#"{"kind":"fq_codel"}"#);
        assert_eq!(get(&fq, "band_hi"), Some(6.25));
        let info = |k: &str| catalogue().into_iter().find(|i| i.kind == k).unwrap().band;
        assert_eq!(
            (info("pi"), info("codel"), info("ared")),
            (Some(Band::Reference), Some(Band::Delay), Some(Band::Average))
        );
    }

    /// Fields of a `Params` that are numbers or switches but have no [`ParamSpec`], each with its reason.
    /// Everything else a discipline reads from its scenario object is a parameter the page shows.
    const UNSPECCED: &[(&str, &str, &str)] = &[];

    /// The scenario `aqm` object of `kind` with every parameter at its default, as serde writes it.
    fn default_object(kind: &str) -> serde_json::Map<String, serde_json::Value> {
        let cfg: AqmConfig = serde_json::from_str(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap();
        match serde_json::to_value(cfg).unwrap() {
            serde_json::Value::Object(o) => o,
            other => panic!("{kind}: {other}"),
        }
    }

    #[test]
    fn every_spec_default_is_the_params_default_and_every_params_field_has_a_spec() {
        for info in catalogue() {
            let object = default_object(info.kind);
            for spec in info.params {
                let want = match object.get(spec.name) {
                    Some(serde_json::Value::Bool(b)) => f64::from(u8::from(*b)),
                    // A choice is written by name; its spec's default is the name's index.
                    Some(serde_json::Value::String(c)) => {
                        spec.choices.iter().position(|x| x == c).unwrap_or_else(|| panic!("{}.{c}", spec.name)) as f64
                    }
                    Some(v) => v.as_f64().unwrap_or_else(|| panic!("{}.{} is not a number", info.kind, spec.name)),
                    None => panic!("{}.{} has a spec but no Params field", info.kind, spec.name),
                };
                assert_eq!(spec.default.to_bits(), want.to_bits(), "{}.{}", info.kind, spec.name);
                assert_eq!(spec.boolean, object[spec.name].is_boolean(), "{}.{}", info.kind, spec.name);
            }
            for (name, value) in &object {
                let specced = info.params.iter().any(|s| s.name == name);
                let listed = UNSPECCED.iter().any(|(k, n, _)| *k == info.kind && n == name);
                if name == "kind" || !(value.is_number() || value.is_boolean()) {
                    continue;
                }
                assert!(specced != listed, "{}.{name}: needs a spec, or a reason in UNSPECCED", info.kind);
            }
        }
        for (kind, name, why) in UNSPECCED {
            assert!(default_object(kind).contains_key(*name) && !why.is_empty(), "{kind}.{name}");
        }
    }

    #[test]
    fn every_time_parameter_is_in_milliseconds() {
        // One unit for every AQM time (scenario version 2, docs/scenario-versions.md): periods and delay targets.
        for info in catalogue() {
            for s in info.params.iter().filter(|s| matches!(s.role, Role::Period | Role::DelayTarget)) {
                assert_eq!(s.unit, "ms", "{}.{}", info.kind, s.name);
            }
        }
        // What version 1 → 2 converts is exactly such a parameter, under its version 2 name.
        let spec = |kind: &str, name: &str| {
            let info = catalogue().into_iter().find(|i| i.kind == kind).unwrap_or_else(|| panic!("{kind}"));
            *info.params.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{kind}.{name}"))
        };
        for (kind, fields) in crate::migrate::V1_SECONDS {
            fields.iter().for_each(|f| assert_eq!(spec(kind, f).unit, "ms", "{kind}.{f}"));
        }
        assert_eq!(spec("gfr", crate::migrate::V1_CDVT.1).unit, "ms");
    }

    #[test]
    fn flavours_get_their_own_defaults_from_one_spec_list() {
        let gentle = |kind: &str| {
            let info = catalogue().into_iter().find(|i| i.kind == kind).unwrap();
            info.params.iter().find(|s| s.name == "gentle").unwrap().default
        };
        assert_eq!((gentle("red"), gentle("gentle_red")), (0.0, 1.0));
        // As declared, a spec has no default: only the catalogue's are filled.
        assert!(red::Red::<red::Plain>::INFO.params.iter().all(|s| s.default.is_nan()));
    }

    #[test]
    fn catalogue_kinds_match_config_tags_and_defaults_are_in_range() {
        for info in catalogue() {
            let json = format!(r#"{{"kind":"{}"}}"#, info.kind);
            let cfg: AqmConfig = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", info.kind));
            assert_eq!(cfg.kind(), info.kind);
            for spec in info.params {
                spec.check(spec.default).unwrap_or_else(|e| panic!("{}: default {e}", info.kind));
                assert!(!spec.help.is_empty(), "{}.{} has no help text", info.kind, spec.name);
            }
        }
    }
}
