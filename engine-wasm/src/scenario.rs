//! The scenario: one serde model of an experiment, shared by the native CLI, the wasm facade, the page and
//! the URL codec. JSON keys are snake_case; every field has a default, so `{}` is a valid scenario and a
//! link need only hold what differs. This module is the data alone: reading a document
//! ([`Scenario::from_json`]: migration, the profile's fill, then [`Scenario::validate`], which names the field
//! and its allowed range) is `crate::load`'s, above it.
//!
//! ```json
//! { "version": 1, "seed": 1, "duration": 60, "sample_interval": 0.05,
//!   "link": { "rate_mbps": 10, "delay_ms": 10, "buffer": 100, "buffer_unit": "packets" },
//!   "flows": [ { "count": 10, "tcp": "reno", "rtt_ms": [40, 120] } ],
//!   "aqm": { "kind": "red", "min_th": 5, "max_th": 15 } }
//! ```

use serde::{Deserialize, Serialize};

use crate::aqm::{AqmConfig, QueueUnit};
pub use crate::migrate::SCENARIO_VERSION;
use crate::tcp::Variant;

/// Limits that keep a scenario within what a browser tab can run.
pub const MAX_FLOWS: u32 = 10_000;
/// Most flow groups in one scenario.
pub const MAX_GROUPS: usize = 64;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
/// One experiment: the dumbbell, its flows, the AQM and the run's timing; the page, the URL and the CLI share it.
pub struct Scenario {
    /// The model's shape version (`SCENARIO_VERSION`).
    pub version: u32,
    /// Seeds every random stream (topology, AQM, loss, traffic).
    pub seed: u64,
    /// Simulated seconds the CLI runs and the summary covers (the live lab may run past it).
    pub duration: f64,
    /// Seconds excluded from summary statistics; default max(10 % of duration, 10 s), capped at half.
    pub warmup: Option<f64>,
    /// Seconds between trace samples.
    pub sample_interval: f64,
    /// The bottleneck link.
    pub link: LinkSpec,
    /// The groups of flows that share the bottleneck.
    pub flows: Vec<FlowGroup>,
    /// The bottleneck's queue discipline and its parameters.
    pub aqm: AqmConfig,
    /// Which implementation the lab behaves like (`crate::profile`): the papers (default), ns-2, ns-3 or
    /// Linux. A profile supplies defaults for the fields a scenario leaves out; written fields win.
    pub profile: Profile,
}

/// The implementation whose published details the engine follows (see `crate::profile`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    /// The algorithms as their papers and RFCs specify them (today's behaviour).
    #[default]
    Paper,
    /// ns-2's defaults and details.
    Ns2,
    /// ns-3's defaults and details.
    Ns3,
    /// Linux's defaults and details.
    Linux,
}

/// How a sender repairs a window after fast retransmit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossRecovery {
    /// NewReno partial-ACK recovery with window inflation (RFC 6582); Reno and Tahoe keep their own.
    #[default]
    #[serde(rename = "rfc6582")]
    Rfc6582,
    /// Proportional Rate Reduction, PRR-SSRB (RFC 6937).
    #[serde(rename = "prr")]
    Prr,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: SCENARIO_VERSION,
            seed: 1,
            duration: 60.0,
            warmup: None,
            sample_interval: 0.05,
            link: LinkSpec::default(),
            flows: vec![FlowGroup::default()],
            aqm: AqmConfig::default(),
            profile: Profile::Paper,
        }
    }
}

/// The bottleneck link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LinkSpec {
    /// Bottleneck capacity, Mbit/s.
    pub rate_mbps: f64,
    /// One-way propagation delay.
    pub delay_ms: f64,
    /// Physical buffer, in `buffer_unit`.
    pub buffer: u64,
    /// Whether `buffer` counts packets or bytes.
    pub buffer_unit: QueueUnit,
    /// Random loss probability per packet on the bottleneck, independent of the queue.
    pub loss_rate: f64,
    /// How the lost packets are picked (`crate::net::LinkLoss`): at random (default) or one every 1/`loss_rate`.
    pub loss_pattern: LossPattern,
    /// Mean packet size the AQMs assume (RED's s, PIE's MEAN_PKTSIZE), bytes.
    pub mean_pkt_size: u32,
    /// ATM mode (seed 002): packets cross the link as AAL5 frames of 53-byte cells, and throughput and
    /// goodput count cells (`crate::atm`). Absent = off; `{}` = on, cells at the line rate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atm: Option<crate::atm::AtmSpec>,
    /// Optional reverse-path bottleneck that every ACK crosses (drop-tail). Absent: ACKs never queue.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reverse: Option<ReverseLink>,
    /// Time-varying capacity: from each step's `at_s` on, the bottleneck serialises at its `rate_mbps`
    /// (`rate_mbps` above holds until the first step). Steps are in increasing `at_s`. Empty = fixed rate.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rate_schedule: Vec<RateStep>,
    /// A repeating capacity pattern (cellular, Wi-Fi, satellite slot reallocations): from `start_s`, every
    /// `slot_s` seconds the rate is drawn uniformly from `[min_mbps, max_mbps]` by the scenario's seed.
    /// It takes over from `rate_schedule` at `start_s`. Absent = no pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_slots: Option<RateSlots>,
    /// Time-varying one-way propagation delay: from each step's `at_s` on, packets entering the link see
    /// its `delay_ms`. Steps are in increasing `at_s`. Empty = fixed delay.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub delay_schedule: Vec<DelayStep>,
    /// Test only (`cfg(test)` or `--features dummy-field`): a field no page code knows, checked by its row in
    /// `fields.rs` and placed in the link editor there; it proves a scenario field needs no page change.
    #[cfg(any(test, feature = "dummy-field"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dummy_field: Option<f64>,
}

/// One step of the bottleneck's capacity schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateStep {
    /// Simulated time the step takes effect, s.
    pub at_s: f64,
    /// Capacity from then on, Mbit/s.
    pub rate_mbps: f64,
}

/// One step of the bottleneck's propagation-delay schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DelayStep {
    /// Simulated time the step takes effect, s.
    pub at_s: f64,
    /// One-way propagation delay from then on, ms.
    pub delay_ms: f64,
}

/// How the link's random loss picks the packets it loses (`crate::net::LinkLoss`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossPattern {
    /// Each packet independently with probability `loss_rate` (Bernoulli).
    #[default]
    Random,
    /// Exactly one packet every 1/`loss_rate` packets (RFC 8312 §5.1's deterministic model).
    Periodic,
}

/// A repeating pattern of capacity slots with rates drawn at random within a range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RateSlots {
    /// Simulated time the pattern starts, s.
    pub start_s: f64,
    /// Length of one slot, s.
    pub slot_s: f64,
    /// Lowest rate a slot may draw, Mbit/s.
    pub min_mbps: f64,
    /// Highest rate a slot may draw, Mbit/s.
    pub max_mbps: f64,
}

impl Default for RateSlots {
    fn default() -> Self {
        RateSlots { start_s: 0.0, slot_s: 15.0, min_mbps: 1.0, max_mbps: 10.0 }
    }
}

/// The reverse path as a drop-tail bottleneck for ACKs (asymmetric links, ACK compression).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReverseLink {
    /// ACK path capacity, Mbit/s.
    pub rate_mbps: f64,
    /// Buffer in ACKs.
    pub buffer: u32,
    /// Bytes of one ACK on the wire.
    pub ack_size: u32,
}

impl Default for ReverseLink {
    fn default() -> Self {
        ReverseLink { rate_mbps: 1.0, buffer: 100, ack_size: 40 }
    }
}

impl Default for LinkSpec {
    fn default() -> Self {
        LinkSpec {
            rate_mbps: 10.0,
            delay_ms: 10.0,
            buffer: 100,
            buffer_unit: QueueUnit::Packets,
            loss_rate: 0.0,
            loss_pattern: LossPattern::Random,
            mean_pkt_size: 1000,
            atm: None,
            reverse: None,
            rate_schedule: Vec::new(),
            rate_slots: None,
            delay_schedule: Vec::new(),
            #[cfg(any(test, feature = "dummy-field"))]
            dummy_field: None,
        }
    }
}

/// What a flow sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Traffic {
    /// Greedy bulk transfer over TCP.
    Ftp,
    /// HTTP-like TCP sessions: Pareto-sized objects separated by exponential think times.
    Http {
        #[serde(default = "http_object_kb")]
        /// Mean object size, KB.
        mean_object_kb: f64,
        #[serde(default = "http_shape")]
        /// Pareto shape parameter of the object sizes.
        shape: f64,
        #[serde(default = "http_think_s")]
        /// Mean think time between objects, s.
        think_s: f64,
    },
    /// UDP at a constant bit rate (does not react to loss).
    Cbr {
        /// Sending rate, Mbit/s.
        rate_mbps: f64,
    },
    /// UDP with exponential gaps at this mean rate.
    Poisson {
        /// Mean sending rate, Mbit/s.
        rate_mbps: f64,
    },
    /// UDP at `rate_mbps` during exponential on periods, silent during exponential off periods.
    OnOff {
        /// Sending rate while on, Mbit/s.
        rate_mbps: f64,
        /// Mean on period, s.
        on_s: f64,
        /// Mean off period, s.
        off_s: f64,
    },
}

fn http_object_kb() -> f64 {
    12.0
}
fn http_shape() -> f64 {
    1.2
}
fn http_think_s() -> f64 {
    1.0
}

impl Traffic {
    /// Whether the flow runs over TCP (FTP and HTTP) rather than UDP.
    pub fn is_tcp(&self) -> bool {
        matches!(self, Traffic::Ftp | Traffic::Http { .. })
    }
}

/// `count` identical flows (their RTTs and start times drawn from the ranges given).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FlowGroup {
    /// Number of flows in the group.
    pub count: u32,
    /// Congestion-control algorithm of the TCP flows.
    pub tcp: Variant,
    /// What each flow sends.
    pub traffic: Traffic,
    /// Base round-trip time range (no queueing), ms; each flow draws uniformly from it.
    pub rtt_ms: [f64; 2],
    /// Sender access link rate.
    pub access_rate_mbps: f64,
    /// Bytes of one packet on the wire (ns-2 packetSize_, headers included).
    pub packet_size: u32,
    /// Each flow starts at a uniform time in [start_s, start_s + start_spread_s].
    pub start_s: f64,
    /// Width of the start-time window, s.
    pub start_spread_s: f64,
    /// Stops offering new data at this time (none: runs forever).
    pub stop_s: Option<f64>,
    /// Sender is ECN-capable (RFC 3168): its packets carry ECT(0) and the AQM may mark CE instead of
    /// dropping; the sender halves once per window on an echoed mark.
    pub ecn: bool,
    /// The ECN codepoint its packets carry, if not the stack's own: ECT(0) with `ecn`, Not-ECT without
    /// (docs/algorithms/l4s.md). Any ECT value makes the sender respond to marks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ecn_codepoint: Option<crate::packet::Ect>,
    /// Receiver window, segments.
    pub rwnd: u32,
    /// Receiver acknowledges every second segment (RFC 1122, RFC 5681 §4.2).
    pub delayed_ack: bool,
    /// Initial congestion window, segments.
    pub initial_cwnd: u32,
    /// Minimum retransmission timeout, ms (ns-2/Linux 200; RFC 6298 1000).
    pub min_rto_ms: f64,
    /// Service class (WRED precedence), 0..=3.
    pub class: u8,
    /// Window cuts land on whole segments, ssthresh = max(⌊flight/2⌋, 2) as in Linux (`tcp_reno_ssthresh`)
    /// and ns-2 before 2006 (`precisionReduce_ false`, the seeds' ns-2); off: flight/2 exactly (RFC 5681
    /// counts bytes; ns-3).
    pub whole_segment_cuts: bool,
    /// Reno as Linux's `tcp_reno` and ns-3's `TcpLinuxReno` (which the ns3 profile follows): the window grows
    /// by each acknowledged segment (also DCTCP's, as ns-3's `TcpDctcp` built on it), and a loss sets ssthresh
    /// to max(cwnd/2, 2) rather than half the flight; off: one increase per ACK however many segments it
    /// covers (RFC 5681 §3.1, ns-2, ns-3's `TcpNewReno`), so delayed ACKs halve the growth, and flight/2.
    pub linux_reno: bool,
    /// PRR's DeliveredData as ns-3.44's `TcpPrrRecovery` counts it (no profile sets it: docs/validation.md):
    /// with SACK, an ACK that SACKs new data adds one segment more than it delivered while prr_delivered <
    /// RecoverFS, and a partial ACK that also SACKs counts its data twice (ns-3 issue 1350, fixed after 3.44).
    /// Recovery then sends about 1.4 segments per delivered one instead of 0.7. Off: RFC 6937 §3
    /// (DeliveredData = newly acknowledged plus newly SACKed).
    pub prr_dupack_credit: bool,
    /// Selective acknowledgements (RFC 2018) with an RFC 6675 scoreboard at the sender.
    pub sack: bool,
    /// Loss recovery after fast retransmit.
    pub recovery: LossRecovery,
    /// Limited Transmit (RFC 3042): a new segment for each of the first two duplicate ACKs.
    pub limited_transmit: bool,
    /// RACK-TLP (RFC 8985): time-based loss detection and tail-loss probes.
    pub rack: bool,
    /// HyStart++ (RFC 9406) slow-start exit for Cubic.
    pub hystart: bool,
    /// Vegas thresholds α, β, γ in segments queued (ns-2 1/3/1; Linux and ns-3 2/4/1).
    pub vegas_alpha: f64,
    /// Vegas β, segments queued (see `vegas_alpha`).
    pub vegas_beta: f64,
    /// Vegas γ, segments queued: slow start ends when the estimate exceeds it (see `vegas_alpha`).
    pub vegas_gamma: f64,
    /// The RTT Vegas compares once per RTT: "ns2" the mean of the round's samples, "min" the smallest
    /// (Linux, ns-3).
    pub vegas_rtt: crate::tcp::vegas::RttMeasure,
    /// Clock granularity G of the RTO estimator (RFC 6298), ms: ns-2 `tcpTick_` 10 ms, ns-3 1 ms.
    pub timer_granularity_ms: f64,
    /// The congestion control's own parameters that have no flow-group field of their own, by the names its
    /// catalogue entry declares (`crate::tcp::registry`); absent ones take their declared defaults.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub cc_params: serde_json::Map<String, serde_json::Value>,
}

impl Default for FlowGroup {
    fn default() -> Self {
        FlowGroup {
            count: 5,
            tcp: Variant::Reno,
            traffic: Traffic::Ftp,
            rtt_ms: [40.0, 100.0],
            access_rate_mbps: 100.0,
            packet_size: 1000,
            start_s: 0.0,
            start_spread_s: 1.0,
            stop_s: None,
            ecn: false,
            ecn_codepoint: None,
            rwnd: 1000,
            delayed_ack: false,
            initial_cwnd: 2,
            min_rto_ms: 200.0,
            class: 0,
            whole_segment_cuts: false,
            linux_reno: false,
            prr_dupack_credit: false,
            sack: false,
            recovery: LossRecovery::Rfc6582,
            limited_transmit: false,
            rack: false,
            hystart: false,
            vegas_alpha: 1.0,
            vegas_beta: 3.0,
            vegas_gamma: 1.0,
            vegas_rtt: crate::tcp::vegas::RttMeasure::Mean,
            timer_granularity_ms: 10.0,
            cc_params: serde_json::Map::new(),
        }
    }
}

impl Scenario {
    /// Number of flows over all groups.
    pub fn total_flows(&self) -> u64 {
        self.flows.iter().map(|g| g.count as u64).sum()
    }

    /// Warm-up excluded from summaries (docs/algorithms/metrics.md).
    pub fn warmup(&self) -> f64 {
        self.warmup.unwrap_or((0.1 * self.duration).max(10.0)).min(self.duration / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warmup_defaults_to_ten_percent_or_ten_seconds() {
        let mut s = Scenario { duration: 300.0, ..Default::default() };
        assert_eq!(s.warmup(), 30.0);
        s.duration = 60.0;
        assert_eq!(s.warmup(), 10.0);
        s.duration = 4.0;
        assert_eq!(s.warmup(), 2.0);
    }
}
