//! Queue disciplines (AQM) of the bottleneck, one file per algorithm behind [`QueueDisc`].
//!
//! A discipline owns its packets and decides; it reports every drop and CE mark through [`Env`], and the
//! simulation counts them (per reason, per flow) in one place. Each algorithm also implements [`Algorithm`]:
//! a serde `Params` struct (the scenario's `aqm` object, tagged by `kind`), a static [`AlgorithmInfo`] with
//! the parameter schema the UI renders, and a constructor that validates. Registering an algorithm is one
//! line in the `algorithms!` list at the bottom of this file.

pub mod params;
pub mod queue;

pub mod avq;
pub mod blue;
pub mod codel;
pub mod droptail;
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
pub mod wred;

pub mod gfr;

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
}

impl Reason {
    pub const ALL: [Reason; 7] =
        [Reason::Overflow, Reason::Early, Reason::Forced, Reason::Target, Reason::Selective, Reason::Epd, Reason::Ppd];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        ["overflow", "early", "forced", "target", "selective", "epd", "ppd"][self.index()]
    }
}

/// A drop or a CE mark made by a discipline, reported to the simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Signal {
    pub packet: Packet,
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
    pub now: Time,
    pub rng: &'a mut Rng,
    signals: &'a mut Vec<Signal>,
}

impl<'a> Env<'a> {
    pub fn new(now: Time, rng: &'a mut Rng, signals: &'a mut Vec<Signal>) -> Self {
        Env { now, rng, signals }
    }

    pub fn uniform(&mut self) -> f64 {
        self.rng.uniform()
    }

    /// Drops `packet` (always a drop, never a mark).
    pub fn drop(&mut self, packet: Packet, reason: Reason) {
        self.signals.push(Signal { packet, reason, marked: false });
    }

    /// Congestion signal: CE-marks an ECN-capable packet when `ecn` is on and returns it to be queued;
    /// otherwise drops it and returns None (RFC 3168 §5).
    pub fn signal(&mut self, mut packet: Packet, reason: Reason, ecn: bool) -> Option<Packet> {
        if ecn && packet.ect {
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
    pub avg: f64,
    pub p: f64,
}

impl OperatingPoint {
    pub const NONE: OperatingPoint = OperatingPoint { avg: f64::NAN, p: f64::NAN };
}

/// A queue discipline governing the bottleneck's output queue.
pub trait QueueDisc {
    fn kind(&self) -> &'static str;

    /// An arrival: store it, or drop/mark it through `env`.
    fn enqueue(&mut self, packet: Packet, env: &mut Env);

    /// The link asks for the next packet (dequeue-time disciplines such as CoDel drop here).
    fn dequeue(&mut self, env: &mut Env) -> Option<Packet>;

    fn len_packets(&self) -> usize;
    fn len_bytes(&self) -> u64;

    /// The link finished sending and the queue is empty (RED's idle start, BLUE's decrease).
    fn on_link_idle(&mut self, _env: &mut Env) {}

    /// Period of [`QueueDisc::on_tick`], for disciplines with a timer (ARED, PI, PIE).
    fn tick_interval(&self) -> Option<Time> {
        None
    }
    fn on_tick(&mut self, _env: &mut Env) {}

    /// Live change of one parameter; on error nothing changes.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem>;

    /// The current parameters as a scenario `aqm` object.
    fn config(&self) -> AqmConfig;

    /// Internal state for the UI (avg, p_b, count, ...).
    fn state(&self) -> Vec<(&'static str, f64)>;

    /// Per-flow internal state, as named series indexed by flow id (seed 004's cnt_i, FQ-CoDel's per-queue
    /// backlog and deficit); empty for disciplines without per-flow state.
    fn per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }

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
    };
    (dequeue) => {
        $crate::aqm::fifo_storage!();

        fn dequeue(&mut self, _env: &mut Env) -> Option<Packet> {
            self.queue.pop()
        }
    };
}
pub(crate) use fifo_storage;

/// The static side of an algorithm: its params, schema and validating constructor.
pub trait Algorithm: QueueDisc + Sized + 'static {
    type Params: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + PartialEq;
    const INFO: AlgorithmInfo;
    fn new(params: Self::Params, link: &LinkInfo) -> Result<Self, Problem>;
}

/// Generates [`AqmConfig`] (the serde model, tagged by `kind`), [`build`] and [`catalogue`] from one list.
macro_rules! algorithms {
    ($($variant:ident = $kind:literal => $ty:ty),* $(,)?) => {
        /// The scenario's `aqm` object: `{"kind": "...", <params>}`; missing params take their defaults.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind")]
        pub enum AqmConfig {
            $(#[serde(rename = $kind)] $variant(<$ty as Algorithm>::Params),)*
        }

        impl AqmConfig {
            pub fn kind(&self) -> &'static str {
                match self { $(AqmConfig::$variant(_) => $kind,)* }
            }
        }

        /// Builds the discipline a config describes, validating every parameter.
        pub fn build(config: &AqmConfig, link: &LinkInfo) -> Result<Box<dyn QueueDisc>, Problem> {
            match config {
                $(AqmConfig::$variant(p) => {
                    params::check_all(p, <$ty as Algorithm>::INFO.params)?;
                    Ok(Box::new(<$ty as Algorithm>::new(p.clone(), link)?))
                })*
            }
        }

        /// Every algorithm the engine has, in picker order.
        pub fn catalogue() -> Vec<&'static AlgorithmInfo> {
            vec![$(&<$ty as Algorithm>::INFO,)*]
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
    SelectiveDrop = "selective_drop" => selective_drop::SelectiveDrop,
    Gfr = "gfr" => gfr::Gfr,
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
        let mut p = Packet::new(flow, 0, size, 0);
        p.ect = false;
        p
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
