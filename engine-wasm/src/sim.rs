//! The simulation: owns the scheduler, the bottleneck, the flows and the metrics, and handles one event
//! at a time. Packet path:
//!
//! sender ─(access link: serialise, then `access_delay`)→ `Arrive` → AQM → `TxDone` (serialised at C)
//! ─(bottleneck delay)→ `Deliver` at the receiver → ACK ─(bottleneck delay + access delay)→ `AckArrive`.
//!
//! The bottleneck and the link beyond its queue (loss, propagation, the reverse path, the capacity schedule)
//! are crate::net's; this file owns the event loop and wires the senders, the network and the metrics.

use crate::aqm::{AqmConfig, LinkInfo, Reason, Signal};
use crate::metrics::{FlowSummaryInput, Metrics, Summary};
use crate::net::{Bottleneck, Path, RateChange};
use crate::packet::{Ack, Ect, FlowId, Packet};
use crate::problem::Problem;
use crate::rng::{stream, Rng};
use crate::scenario::{LossRecovery, Scenario, Traffic};
use crate::scheduler::{Fifo, PinnedFifo, Scheduler, TimerLane};
use crate::tcp::receiver::{Feedback, RxOut, TcpReceiver};
use crate::tcp::rtt::RtoConfig;
use crate::tcp::sender::{Outbox, RecoveryKind, SenderConfig, TcpSender};
use crate::tcp::CcConfig;
#[cfg(target_arch = "wasm32")]
use crate::tcp::CongestionControl; // the enum's methods (tcp::registry::BoxedController)
use crate::time::{from_millis, from_secs, Time, TransmissionTimes};
use crate::topology::{self, FlowSpec};
use crate::traffic::{HttpModel, UdpSource};
use crate::view::{self, EventLog, Where};

/// Drops and marks the system view keeps per frame before it samples (crate::view::EventLog).
pub const VIEW_EVENTS_KEPT: usize = 256;

enum Event {
    Start(FlowId),
    Stop(FlowId),
    /// A UDP datagram leaves, or an HTTP session's next object arrives.
    Emit(FlowId),
    /// A packet reaches the bottleneck queue.
    Arrive(Packet),
    /// The bottleneck finished serialising the packet in service.
    TxDone,
    /// A packet reaches its receiver.
    Deliver(Packet),
    AckArrive(Ack),
    Rto {
        flow: FlowId,
        generation: u64,
    },
    DelayedAck {
        flow: FlowId,
        generation: u64,
    },
    /// A paced sender's next departure time.
    Pace(FlowId),
    AqmTick {
        generation: u64,
    },
    Sample,
    /// The bottleneck's capacity changes (crate::net::RateChange).
    Rate(RateChange),
}

/// Who one flow is, as the engine built it: what the page's legends, per-flow table and system view name it
/// by, read from the built flow rather than worked out again from the scenario.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FlowIdentity {
    /// The flow's index in the scenario.
    pub id: FlowId,
    /// Index of the flow group it belongs to.
    pub group: usize,
    /// Congestion-control name, or "udp" (the summary's `tcp`).
    pub tcp: &'static str,
    /// The ECN codepoint its data packets carry (a UDP source's are Not-ECT).
    pub ecn_codepoint: Ect,
    /// How its receiver feeds CE marks back; None where no packet can be marked (Not-ECT, UDP).
    pub feedback: Option<Feedback>,
}

// One per flow, in a Vec: boxing the larger variant would only add an indirection on the hot path.
#[allow(clippy::large_enum_variant)]
enum Source {
    Tcp { sender: TcpSender, receiver: TcpReceiver, http: Option<HttpModel> },
    Udp { source: UdpSource, delivered: u64 },
}

struct Flow {
    spec: FlowSpec,
    source: Source,
    /// When the sender's access link is next free.
    access_free_at: Time,
    /// The access link's last transmission time, for the next packet of the same size.
    access_times: TransmissionTimes,
    lanes: FlowLanes,
}

/// A flow's places in the scheduler (crate::scheduler): its arrivals at the bottleneck and its ACKs'
/// arrivals at the sender each come in time order (a FIFO access link, a constant access delay), and its
/// two timers are re-armed far more often than they fire.
#[derive(Clone, Copy)]
struct FlowLanes {
    arrivals: Fifo,
    acks: Fifo,
    rto: TimerLane,
    delayed_ack: TimerLane,
}

/// Packet accounting, for conservation checks: every packet sent is in one of these places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// Packets the senders have put on their access links.
    pub sent: u64,
    /// On a sender's access link or propagating to the bottleneck.
    pub in_access: u64,
    /// Packets lost at random on the bottleneck link.
    pub random_losses: u64,
    /// Dropped by the queue discipline (any reason; an ATM frame cut by PPD counts when it reaches the
    /// receiver, having used the link).
    pub dropped: u64,
    /// Packets waiting in the bottleneck queue.
    pub queued: u64,
    /// Packets being transmitted by the bottleneck (0 or 1).
    pub in_service: u64,
    /// Sent by the bottleneck, propagating to the receiver.
    pub in_link: u64,
    /// Packets that reached their receiver.
    pub delivered: u64,
    /// Largest queue seen, packets and bytes.
    pub max_queue_pkts: u64,
    /// Largest queue seen, bytes.
    pub max_queue_bytes: u64,
}

impl Ledger {
    /// sent = in_access + random_losses + dropped + queued + in_service + in_link + delivered.
    pub fn balances(&self) -> bool {
        self.sent
            == self.in_access
                + self.random_losses
                + self.dropped
                + self.queued
                + self.in_service
                + self.in_link
                + self.delivered
    }
}

/// The whole dumbbell run: scheduler, bottleneck with its discipline, flows and metrics.
pub struct Simulation {
    scenario: Scenario,
    ledger: Ledger,
    now: Time,
    events: Scheduler<Event>,
    bottleneck: Bottleneck,
    flows: Vec<Flow>,
    /// The link beyond the bottleneck's queue.
    path: Path,
    traffic_rng: Rng,
    metrics: Metrics,
    sample_interval: Time,
    outbox: Outbox,
    events_handled: u64,
    /// Per flow: started and not stopped. Apart from `Flow`, as `windows`, so a sample reads them densely.
    active: Vec<bool>,
    /// Per flow: the congestion window (packets) after the sender's latest event, NaN while the flow is
    /// inactive or has no window (UDP); copied in `dispatch`, after every call that can change it. A trace
    /// sample reads these 8 bytes a flow, where reading each sender touched two cache lines of its state.
    windows: Vec<f64>,
    /// Each sender's counters when the warm-up ended (taken before the first event at or after it), so the
    /// summary reports retransmissions, timeouts and RTTs of the measured window only.
    at_warmup: Option<Vec<SenderCounters>>,
    /// Drops and marks since the page's system view last asked (observation only; crate::view).
    view_events: EventLog,
    /// The state entries the discipline the run started with declares `traced` (DualPI2's per-queue levels,
    /// delays and probabilities), sampled with every trace row into rows of their own (observation only:
    /// not in the trace the digests cover).
    state_columns: Vec<&'static str>,
    state_rows: Vec<f64>,
    keep_state_rows: bool,
    /// The bottleneck's one transmission in progress, and its deliveries in time order (`Path::data_arrival`).
    tx_lane: PinnedFifo,
    deliver_lane: PinnedFifo,
}

/// Monotone counters of a TCP sender (zero for UDP).
#[derive(Clone, Copy, Default)]
struct SenderCounters {
    retransmits: u64,
    timeouts: u64,
    rtt_samples: u64,
    rtt_sum: Time,
}

impl Simulation {
    /// Validates the scenario and builds its network, flows and discipline at time 0.
    pub fn new(scenario: Scenario) -> Result<Simulation, Problem> {
        scenario.validate()?;
        let specs = topology::expand(&scenario);
        let link_delay = from_millis(scenario.link.delay_ms);
        let mean_base_rtt = specs.iter().map(|f| f.base_rtt).sum::<Time>() / specs.len().max(1) as Time;
        let l = &scenario.link;
        let info = LinkInfo {
            rate_bps: l.rate_mbps * 1e6,
            limit: crate::aqm::Limit { unit: l.buffer_unit, value: l.buffer },
            mean_pkt_size: l.mean_pkt_size,
            delay: link_delay,
            base_rtt: mean_base_rtt,
            flows: specs.len(),
            atm: l.atm,
        };
        let bottleneck =
            Bottleneck::new(&scenario.aqm, info, Rng::new(scenario.seed, stream::AQM)).map_err(|e| e.inside("aqm"))?;
        let bottleneck_kind = bottleneck.qdisc().kind();
        let path = Path::new(l, scenario.seed);
        let mut events = Scheduler::new();
        let flows: Vec<Flow> = specs
            .into_iter()
            .map(|spec| {
                let lanes = FlowLanes {
                    arrivals: events.fifo(),
                    acks: events.fifo(),
                    rto: events.timer(),
                    delayed_ack: events.timer(),
                };
                new_flow(spec, &scenario, lanes)
            })
            .collect();
        let n = flows.len();
        let (tx_lane, deliver_lane) = (events.pinned_fifo(), events.pinned_fifo());
        let mut sim = Simulation {
            ledger: Ledger::default(),
            now: 0,
            events,
            tx_lane,
            deliver_lane,
            bottleneck,
            traffic_rng: Rng::new(scenario.seed, stream::TRAFFIC),
            metrics: {
                let m = Metrics::new(n, l.rate_mbps * 1e6, from_secs(scenario.warmup()), mean_base_rtt);
                if path.rate_varies() {
                    m.with_capacity_column()
                } else {
                    m
                }
            },
            path,
            sample_interval: from_secs(scenario.sample_interval),
            outbox: Outbox::default(),
            events_handled: 0,
            active: vec![false; n],
            windows: vec![f64::NAN; n],
            at_warmup: None,
            view_events: EventLog::new(VIEW_EVENTS_KEPT),
            state_columns: traced_state(bottleneck_kind),
            state_rows: Vec::new(),
            keep_state_rows: true,
            flows,
            scenario,
        };
        for i in 0..n {
            let f = &sim.flows[i].spec;
            sim.events.schedule(f.start, Event::Start(i as FlowId));
            if let Some(stop) = f.stop {
                sim.events.schedule(stop, Event::Stop(i as FlowId));
            }
        }
        sim.events.schedule(sim.sample_interval, Event::Sample);
        sim.schedule_aqm_tick();
        sim.schedule_rate_changes();
        Ok(sim)
    }

    /// The scenario being run.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The simulated clock.
    pub fn now(&self) -> Time {
        self.now
    }

    /// Number of events handled so far.
    pub fn events_handled(&self) -> u64 {
        self.events_handled
    }

    /// Where every packet sent so far is now.
    pub fn ledger(&self) -> Ledger {
        let q = self.bottleneck.qdisc();
        Ledger { queued: q.len_packets() as u64, in_service: self.bottleneck.busy() as u64, ..self.ledger }
    }

    /// Number of flows over all groups.
    pub fn flow_count(&self) -> usize {
        self.flows.len()
    }

    /// Handles every event up to and including `until`, then sets the clock to `until`.
    pub fn run_until(&mut self, until: Time) {
        while let Some((at, event)) = self.events.pop_until(until) {
            debug_assert!(at >= self.now, "event scheduled in the past");
            if self.at_warmup.is_none() && at >= self.metrics.warmup() {
                self.at_warmup = Some(self.sender_counters());
            }
            self.now = at;
            self.events_handled += 1;
            self.handle(event);
        }
        self.now = self.now.max(until);
    }

    /// Runs the scenario's whole duration.
    pub fn run_to_end(&mut self) {
        self.run_until(from_secs(self.scenario.duration));
    }

    /// Trace column names (`Metrics::columns`).
    pub fn columns(&self) -> Vec<String> {
        self.metrics.columns()
    }

    /// Trace rows sampled since the last call, row-major, `columns().len()` values per row.
    pub fn take_samples(&mut self) -> Vec<f64> {
        self.metrics.take_rows()
    }

    /// Whether samples write trace rows (and traced state rows); on by default. A batch run that reads only
    /// the summary turns it off: the summary is the same, `take_samples` returns nothing.
    pub fn keep_trace(&mut self, keep: bool) {
        self.metrics.set_keep_rows(keep);
        self.keep_state_rows = keep;
    }

    /// The names of the traced state entries (`StateSpec::traced`) of the discipline the run started with;
    /// empty for most disciplines.
    pub fn state_columns(&self) -> &[&'static str] {
        &self.state_columns
    }

    /// Their values at every sample since the last call, one row per trace row, `state_columns().len()` values
    /// per row (NaN for an entry the running discipline does not report, after a live swap).
    pub fn take_state_samples(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.state_rows)
    }

    /// The running discipline's parameters as a scenario `aqm` object.
    pub fn aqm_config(&self) -> AqmConfig {
        self.bottleneck.qdisc().config()
    }

    /// Queue length (packets, bytes) followed by the discipline's internal state, for the UI.
    pub fn aqm_state(&self) -> Vec<(&'static str, f64)> {
        let q = self.bottleneck.qdisc();
        let mut s = vec![("q_pkts", q.len_packets() as f64), ("q_bytes", q.len_bytes() as f64)];
        s.extend(q.state());
        s
    }

    /// The discipline's per-flow state (GFR's per-VC counters, FQ-CoDel's backlogs), series by flow id.
    pub fn aqm_per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
        self.bottleneck.qdisc().per_flow_state()
    }

    /// The system view's frame (crate::view), appended to `out`: `[packets per slot, slots, capacity in
    /// slots, events kept, events in total since the last call, slot words..., event words...]`. At most
    /// `max_slots` slots; the event log starts a new interval.
    pub fn take_view(&mut self, max_slots: u32, out: &mut Vec<u32>) {
        let q = self.bottleneck.qdisc();
        let limit = self.bottleneck.info.limit;
        let capacity = view::capacity_packets(limit.unit, limit.value, self.bottleneck.info.mean_pkt_size);
        let per_slot = view::packets_per_slot(capacity, q.len_packets() as u64, max_slots);
        let head = out.len();
        out.extend_from_slice(&[per_slot as u32, 0, capacity.div_ceil(per_slot) as u32, 0, 0]);
        let slots = view::fill_slots(q, per_slot, out);
        let kept = self.view_events.kept().len();
        let total = self.view_events.take_into(out);
        out[head + 1] = slots as u32;
        out[head + 3] = kept as u32;
        out[head + 4] = total.min(u32::MAX as u64) as u32;
    }

    /// The discipline's drop/mark probability curve, if it has one (`QueueDisc::curve`).
    pub fn aqm_curve(&self) -> Option<Vec<[f64; 2]>> {
        self.bottleneck.qdisc().curve()
    }

    /// Live change of one parameter of the running discipline; on error nothing changes.
    pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let before = self.bottleneck.qdisc().tick_interval();
        self.bottleneck.set_param(name, value)?;
        self.scenario.aqm = self.aqm_config();
        if self.bottleneck.qdisc().tick_interval() != before {
            self.bottleneck.tick_gen += 1;
            self.schedule_aqm_tick();
        }
        Ok(())
    }

    /// Swaps the discipline live, keeping the queued packets; on error the old one keeps running.
    pub fn set_algorithm(&mut self, config: &AqmConfig) -> Result<(), Problem> {
        self.bottleneck.replace(config)?;
        let traced = traced_state(self.bottleneck.qdisc().kind());
        if self.now < self.sample_interval {
            // Before the first sample no row has been written: the traced entries are the new discipline's.
            self.state_columns = traced;
            self.state_rows.clear();
        } else {
            // Later, rows already sampled keep their columns and the new discipline's entries are appended
            // (DualPI2's two queues after a switch from FIFO); an entry the running one does not report is NaN.
            let added: Vec<&'static str> = traced.into_iter().filter(|c| !self.state_columns.contains(c)).collect();
            self.widen_state(&added);
        }
        self.scenario.aqm = self.aqm_config();
        self.schedule_aqm_tick();
        Ok(())
    }

    /// Appends `added` to the traced state columns; the rows sampled but not yet taken read NaN in them, so
    /// state rows stay one per trace row.
    fn widen_state(&mut self, added: &[&'static str]) {
        if added.is_empty() {
            return;
        }
        let old = self.state_columns.len();
        let rows = if self.keep_state_rows { self.metrics.rows_pending() } else { 0 };
        debug_assert_eq!(self.state_rows.len(), rows * old);
        let mut widened = Vec::with_capacity(rows * (old + added.len()));
        for r in 0..rows {
            widened.extend_from_slice(&self.state_rows[r * old..(r + 1) * old]);
            widened.extend(added.iter().map(|_| f64::NAN));
        }
        self.state_rows = widened;
        self.state_columns.extend_from_slice(added);
    }

    /// Per-flow congestion-control state for the UI.
    pub fn flow_state(&self, flow: usize) -> Option<Vec<(&'static str, f64)>> {
        let f = self.flows.get(flow)?;
        Some(match &f.source {
            Source::Tcp { sender, .. } => {
                let mut v = vec![
                    ("cwnd", sender.w.cwnd),
                    ("ssthresh", sender.w.ssthresh),
                    ("srtt_ms", sender.rtt.srtt().map_or(f64::NAN, |t| t as f64 / 1e6)),
                    ("rto_ms", sender.rtt.rto() as f64 / 1e6),
                    ("retransmits", sender.retransmits as f64),
                    ("timeouts", sender.timeouts as f64),
                ];
                // Loss recovery, segments: SACKed and lost-marked on the scoreboard, pipe (RFC 6675),
                // and which recovery (0 open, 1 fast recovery, 2 after a timeout).
                let (sacked, lost, pipe) = sender.scoreboard_summary();
                v.extend([
                    ("sacked_pkts", sacked as f64),
                    ("lost_pkts", lost as f64),
                    ("pipe_pkts", pipe as f64),
                    ("in_recovery", (sender.recovery_kind() != RecoveryKind::Open) as u8 as f64),
                    ("recovery_kind", sender.recovery_kind() as u8 as f64),
                ]);
                v.extend(sender.variant_state());
                v
            }
            Source::Udp { source, .. } => vec![("sent", source.next_seq as f64)],
        })
    }

    /// Congestion-control state of the flows whose controller keeps a path model (`CcInfo::model_state`; BBR: mode, BtlBw,
    /// RTprop, gains), that declare state for the hover (`CcInfo::state`: DCTCP's and Prague's α) or that keep
    /// a SACK scoreboard (pipe, SACKed, lost, recovery), for the page's
    /// per-flow snapshot; other flows are left out to keep frames small.
    pub fn model_states(&self) -> Vec<(usize, Vec<(&'static str, f64)>)> {
        self.flows
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                // BBR's path model, and the RFC 6675 scoreboard of SACK senders, are what the hover shows.
                let sack = self.scenario.flows.get(f.spec.group).is_some_and(|g| g.sack);
                let info = f.spec.tcp.info();
                f.spec.traffic.is_tcp() && (info.model_state || !info.state.is_empty() || sack)
            })
            .filter_map(|(i, _)| Some((i, self.flow_state(i)?)))
            .collect()
    }

    fn sender_counters(&self) -> Vec<SenderCounters> {
        self.flows
            .iter()
            .map(|f| match &f.source {
                Source::Tcp { sender, .. } => SenderCounters {
                    retransmits: sender.retransmits,
                    timeouts: sender.timeouts,
                    rtt_samples: sender.rtt.samples,
                    rtt_sum: sender.rtt.sample_sum,
                },
                Source::Udp { .. } => SenderCounters::default(),
            })
            .collect()
    }

    /// Every flow's identity, in flow order.
    pub fn flow_identities(&self) -> Vec<FlowIdentity> {
        self.flows
            .iter()
            .map(|f| {
                let (tcp, ecn_codepoint, feedback) = match &f.source {
                    Source::Tcp { sender, receiver, .. } => {
                        let ect = sender.ect();
                        (f.spec.tcp.name(), ect, (ect != Ect::NotEct).then(|| receiver.feedback()))
                    }
                    Source::Udp { .. } => ("udp", Ect::NotEct, None),
                };
                FlowIdentity { id: f.spec.id, group: f.spec.group, tcp, ecn_codepoint, feedback }
            })
            .collect()
    }

    /// The summary of the measured window up to now (`Metrics::summary`).
    pub fn summary(&self) -> Summary {
        let now_counters = self.sender_counters();
        // Before the warm-up ends nothing is measured yet: the counters so far are the baseline.
        let base = self.at_warmup.as_ref().unwrap_or(&now_counters);
        let warmup = self.metrics.warmup();
        let inputs: Vec<FlowSummaryInput> = self
            .flows
            .iter()
            .zip(now_counters.iter().zip(base))
            .map(|(f, (c, b))| {
                let samples = c.rtt_samples - b.rtt_samples;
                let in_window = f.spec.start <= self.now && f.spec.stop.is_none_or(|s| s > warmup);
                FlowSummaryInput {
                    id: f.spec.id,
                    group: f.spec.group,
                    tcp: if f.spec.traffic.is_tcp() { f.spec.tcp.name() } else { "udp" },
                    base_rtt_ms: f.spec.base_rtt as f64 / 1e6,
                    retransmits: c.retransmits - b.retransmits,
                    timeouts: c.timeouts - b.timeouts,
                    mean_rtt_ms: if samples > 0 {
                        (c.rtt_sum - b.rtt_sum) as f64 / samples as f64 / 1e6
                    } else {
                        f64::NAN
                    },
                    demand_mbps: if in_window { demand_mbps(&f.spec) } else { 0.0 },
                }
            })
            .collect();
        let mut summary = self.metrics.summary(self.now, &inputs);
        summary.ack_drops = self.path.ack_drops();
        summary
    }

    /// The capacity changes known from the start (crate::net::Path::initial_rate_changes).
    fn schedule_rate_changes(&mut self) {
        for (at, change) in self.path.initial_rate_changes() {
            self.events.schedule(at, Event::Rate(change));
        }
    }

    /// A capacity change: the bottleneck serialises at the new rate from now on (the packet in service
    /// keeps its rate: net::Bottleneck::set_rate), and the next change, if any, is scheduled.
    fn on_rate_change(&mut self, change: RateChange) {
        let Some((bps, next)) = self.path.rate_change(change) else { return };
        self.bottleneck.set_rate(bps);
        self.metrics.set_link_rate(self.now, bps);
        if let Some((at, change)) = next {
            self.events.schedule(at, Event::Rate(change));
        }
    }

    fn schedule_aqm_tick(&mut self) {
        if let Some(period) = self.bottleneck.qdisc().tick_interval() {
            let generation = self.bottleneck.tick_gen;
            self.events.schedule(self.now + period.max(1), Event::AqmTick { generation });
        }
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Start(f) => self.on_start(f),
            Event::Stop(f) => self.on_stop(f),
            Event::Emit(f) => self.on_emit(f),
            Event::Arrive(p) => self.on_arrive(p),
            Event::TxDone => self.on_tx_done(),
            Event::Deliver(p) => self.on_deliver(p),
            Event::AckArrive(a) => self.on_ack(a),
            Event::Rto { flow, generation } => {
                let mut out = std::mem::take(&mut self.outbox);
                out.clear();
                if let Source::Tcp { sender, .. } = &mut self.flows[flow as usize].source {
                    sender.on_timeout(generation, self.now, &mut out);
                }
                self.dispatch(flow, &mut out);
                self.outbox = out;
            }
            Event::Pace(flow) => {
                let mut out = std::mem::take(&mut self.outbox);
                out.clear();
                if let Source::Tcp { sender, .. } = &mut self.flows[flow as usize].source {
                    sender.on_pace(self.now, &mut out);
                }
                self.dispatch(flow, &mut out);
                self.outbox = out;
            }
            Event::DelayedAck { flow, generation } => {
                let mut rx = RxOut::default();
                if let Source::Tcp { receiver, .. } = &mut self.flows[flow as usize].source {
                    receiver.on_timer(generation, &mut rx);
                }
                self.send_ack(flow, rx);
            }
            Event::AqmTick { generation } => {
                if generation == self.bottleneck.tick_gen {
                    self.bottleneck.tick(self.now);
                    self.count_signals(Where::Timer);
                    self.schedule_aqm_tick();
                }
            }
            Event::Sample => self.on_sample(),
            Event::Rate(change) => self.on_rate_change(change),
        }
    }

    fn on_start(&mut self, id: FlowId) {
        let now = self.now;
        self.active[id as usize] = true;
        let f = &mut self.flows[id as usize];
        let mut out = std::mem::take(&mut self.outbox);
        out.clear();
        match &mut f.source {
            Source::Tcp { sender, http, .. } => {
                if let Some(h) = http {
                    sender.set_app_limit(h.next_object_segments(f.spec.packet_size, &mut self.traffic_rng));
                }
                sender.send_available(now, &mut out);
            }
            Source::Udp { source, .. } => {
                let at = source.first_departure(now, &mut self.traffic_rng);
                self.events.schedule(at, Event::Emit(id));
            }
        }
        self.dispatch(id, &mut out);
        self.outbox = out;
    }

    fn on_stop(&mut self, id: FlowId) {
        self.active[id as usize] = false;
        self.windows[id as usize] = f64::NAN;
        let f = &mut self.flows[id as usize];
        if let Source::Tcp { sender, .. } = &mut f.source {
            sender.stop();
        }
    }

    fn on_emit(&mut self, id: FlowId) {
        let now = self.now;
        if !self.active[id as usize] {
            return;
        }
        let f = &mut self.flows[id as usize];
        let mut out = std::mem::take(&mut self.outbox);
        out.clear();
        match &mut f.source {
            Source::Udp { source, .. } => {
                out.packets.push(Packet::new(id, source.next_seq, f.spec.packet_size, now));
                source.next_seq += 1;
                let next = source.next_departure(now, &mut self.traffic_rng);
                self.events.schedule(next, Event::Emit(id));
            }
            Source::Tcp { sender, http: Some(h), .. } => {
                h.thinking = false;
                let more = h.next_object_segments(f.spec.packet_size, &mut self.traffic_rng);
                sender.set_app_limit(sender.snd_max + more);
                sender.send_available(now, &mut out);
            }
            Source::Tcp { http: None, .. } => {}
        }
        self.dispatch(id, &mut out);
        self.outbox = out;
    }

    /// Puts the sender's packets on its access link and arms the timer it asked for; notes its window.
    fn dispatch(&mut self, id: FlowId, out: &mut Outbox) {
        let now = self.now;
        let f = &mut self.flows[id as usize];
        if let (Source::Tcp { sender, .. }, true) = (&f.source, self.active[id as usize]) {
            self.windows[id as usize] = sender.w.cwnd;
        }
        for p in out.packets.drain(..) {
            self.ledger.sent += 1;
            self.ledger.in_access += 1;
            let depart = f.access_free_at.max(now) + f.access_times.get(p.size, f.spec.access_rate_bps);
            f.access_free_at = depart;
            self.events.schedule_fifo(f.lanes.arrivals, depart + f.spec.access_delay, Event::Arrive(p));
        }
        if let Some((at, generation)) = out.timer.take() {
            // A new generation makes every earlier timeout of this sender stale (TcpSender::on_timeout).
            self.events.arm(f.lanes.rto, at, Event::Rto { flow: id, generation });
        }
        if let Some(at) = out.pace.take() {
            self.events.schedule(at, Event::Pace(id));
        }
        if out.cut {
            self.metrics.on_window_cut(id, now);
            out.cut = false;
        }
    }

    fn on_arrive(&mut self, p: Packet) {
        let now = self.now;
        self.metrics.on_arrival(p.flow, now);
        self.ledger.in_access -= 1;
        if self.path.loses_arrival() {
            self.ledger.random_losses += 1;
            self.metrics.on_random_loss(p.flow, now);
            return;
        }
        self.bottleneck.enqueue(p, now);
        self.count_signals(Where::Arrival);
        if !self.bottleneck.busy() {
            self.start_transmission();
        }
        self.note_queue();
    }

    fn start_transmission(&mut self) {
        let now = self.now;
        let next = self.bottleneck.start_next(now);
        self.count_signals(Where::Departure);
        if let Some((p, done_at)) = next {
            self.metrics.on_dequeue(p.flow, now - p.enqueued_at, now);
            self.metrics.on_transmission_start(self.bottleneck.wire_bytes(&p), now, done_at);
            self.events.schedule_pinned(self.tx_lane, done_at, Event::TxDone);
        }
    }

    fn on_tx_done(&mut self) {
        let now = self.now;
        if let Some(p) = self.bottleneck.finish() {
            let wire = self.bottleneck.wire_bytes(&p);
            self.metrics.on_transmitted(p.flow, wire, now);
            if p.clp {
                self.metrics.on_tagged_transmitted(p.flow, wire, now);
            }
            self.ledger.in_link += 1;
            let at = self.path.data_arrival(now);
            self.events.schedule_pinned(self.deliver_lane, at, Event::Deliver(p));
        }
        self.start_transmission();
        self.note_queue();
    }

    fn on_deliver(&mut self, p: Packet) {
        let now = self.now;
        self.ledger.in_link -= 1;
        if p.corrupt {
            // ATM mode: a frame cut by Partial Packet Discard fails AAL5 reassembly (crate::atm).
            self.ledger.dropped += 1;
            self.metrics.on_signal(&Signal { packet: p, reason: Reason::Ppd, marked: false }, now);
            return;
        }
        self.ledger.delivered += 1;
        let f = &mut self.flows[p.flow as usize];
        let size = match self.scenario.link.atm {
            Some(_) => crate::atm::aal5_cells(f.spec.packet_size) * crate::atm::CELL_BYTES,
            None => f.spec.packet_size,
        } as u64;
        let payload = crate::headers::payload_bytes(f.spec.packet_size, f.spec.traffic.is_tcp()) as u64;
        match &mut f.source {
            Source::Tcp { receiver, .. } => {
                let mut rx = RxOut::default();
                receiver.on_data(&p, now, &mut rx);
                self.metrics.on_delivered(p.flow, rx.delivered * size, rx.delivered * payload, now);
                self.metrics.on_received(p.flow, rx.received * payload, now);
                self.send_ack(p.flow, rx);
            }
            Source::Udp { delivered, .. } => {
                *delivered += 1;
                self.metrics.on_delivered(p.flow, size, payload, now);
                self.metrics.on_received(p.flow, payload, now);
            }
        }
    }

    fn send_ack(&mut self, id: FlowId, rx: RxOut) {
        let Flow { spec, lanes, .. } = &self.flows[id as usize];
        let (access, lanes) = (spec.access_delay, *lanes);
        if let Some((at, generation)) = rx.timer {
            // A new generation makes the receiver's earlier delayed-ACK timers stale (TcpReceiver::on_timer).
            self.events.arm(lanes.delayed_ack, at, Event::DelayedAck { flow: id, generation });
        }
        for ack in [rx.first, rx.ack].into_iter().flatten() {
            if let Some(at) = self.path.ack_arrival(self.now) {
                self.events.schedule_fifo(lanes.acks, at + access, Event::AckArrive(ack));
            }
        }
    }

    /// ACKs dropped by the reverse bottleneck so far.
    pub fn ack_drops(&self) -> u64 {
        self.path.ack_drops()
    }

    fn on_ack(&mut self, ack: Ack) {
        let now = self.now;
        let id = ack.flow;
        let mut out = std::mem::take(&mut self.outbox);
        out.clear();
        let f = &mut self.flows[id as usize];
        if let Source::Tcp { sender, http, .. } = &mut f.source {
            sender.on_ack(&ack, now, &mut out);
            if let Some(h) = http {
                if self.active[id as usize] && !h.thinking && sender.all_acked() {
                    h.thinking = true;
                    let at = now + h.think_time(&mut self.traffic_rng);
                    self.events.schedule(at, Event::Emit(id));
                }
            }
        }
        self.dispatch(id, &mut out);
        self.outbox = out;
    }

    fn count_signals(&mut self, at: Where) {
        if self.bottleneck.signals.is_empty() {
            return; // most packets: no drop, no mark
        }
        let now = self.now;
        for s in self.bottleneck.signals.drain(..) {
            self.view_events.record(view::encode_event(&s, at));
            self.ledger.dropped += !s.marked as u64;
            self.metrics.on_signal(&s, now);
        }
    }

    fn note_queue(&mut self) {
        let q = self.bottleneck.qdisc();
        let (pkts, bytes) = (q.len_packets(), q.len_bytes());
        self.ledger.max_queue_pkts = self.ledger.max_queue_pkts.max(pkts as u64);
        self.ledger.max_queue_bytes = self.ledger.max_queue_bytes.max(bytes);
        self.metrics.on_queue_change(self.now, pkts, bytes);
    }

    fn on_sample(&mut self) {
        let q = self.bottleneck.qdisc();
        let (qp, qb, op) = (q.len_packets(), q.len_bytes(), q.operating_point());
        self.metrics.sample(self.now, qp, qb, op, &self.windows, &self.active);
        if self.keep_state_rows && !self.state_columns.is_empty() {
            let state = q.state();
            let value = |name: &str| state.iter().find(|(k, _)| *k == name).map_or(f64::NAN, |(_, v)| *v);
            self.state_rows.extend(self.state_columns.iter().map(|n| value(n)));
        }
        self.events.schedule(self.now + self.sample_interval, Event::Sample);
    }
}

/// The names of the state entries `kind` declares traced (crate::aqm::params::StateSpec::traced).
fn traced_state(kind: &str) -> Vec<&'static str> {
    crate::aqm::catalogue()
        .into_iter()
        .find(|i| i.kind == kind)
        .map(|i| i.state.iter().filter(|s| s.traced).map(|s| s.name).collect())
        .unwrap_or_default()
}

/// The flow group's congestion-control parameters, and the flow's own random stream.
fn cc_config(spec: &FlowSpec, g: &crate::scenario::FlowGroup, seed: u64) -> CcConfig {
    CcConfig {
        params: crate::tcp::CcValues::of(spec.tcp, g),
        rng_seed: seed,
        rng_stream: stream::CC_FLOW + spec.id as u64,
        segment_bytes: spec.packet_size,
        initial_cwnd: g.initial_cwnd as f64,
        linux_reno: g.linux_reno,
    }
}

/// What a flow would send on an empty link, Mbit/s on the wire, for its max-min fair share: a UDP source's
/// mean rate; a TCP flow takes what it gets (HTTP sessions too: their demand depends on the responses).
/// Either is capped by the flow's access link.
fn demand_mbps(spec: &FlowSpec) -> f64 {
    let offered = match spec.traffic {
        Traffic::Ftp | Traffic::Http { .. } => f64::INFINITY,
        Traffic::Cbr { rate_mbps } | Traffic::Poisson { rate_mbps } => rate_mbps,
        Traffic::OnOff { rate_mbps, on_s, off_s } => rate_mbps * on_s / (on_s + off_s),
    };
    offered.min(spec.access_rate_bps / 1e6)
}

fn new_flow(spec: FlowSpec, s: &Scenario, lanes: FlowLanes) -> Flow {
    let g = &s.flows[spec.group];
    let source = match &spec.traffic {
        Traffic::Ftp | Traffic::Http { .. } => {
            let sack_capable = spec.tcp != crate::tcp::Variant::Tahoe;
            let ect = g.ecn_codepoint.unwrap_or(spec.tcp.default_ect(g.ecn));
            let cfg = SenderConfig {
                flow: spec.id,
                segment_size: spec.packet_size,
                rwnd: g.rwnd,
                initial_cwnd: g.initial_cwnd as f64,
                ecn: ect != Ect::NotEct,
                ect,
                class: g.class,
                whole_segment_cuts: g.whole_segment_cuts,
                rto: RtoConfig {
                    min: from_millis(g.min_rto_ms),
                    granularity: from_millis(g.timer_granularity_ms),
                    ..RtoConfig::default()
                },
                // Tahoe's go-back-N has no use for SACK, PRR or RACK (tcp/sender/recovery.rs).
                sack: g.sack && sack_capable,
                prr: g.recovery == LossRecovery::Prr && sack_capable,
                prr_dupack_credit: g.prr_dupack_credit,
                limited_transmit: g.limited_transmit,
                rack: g.rack && g.sack && sack_capable,
            };
            let http = match spec.traffic {
                Traffic::Http { mean_object_kb, shape, think_s } => {
                    Some(HttpModel { mean_object_bytes: mean_object_kb * 1000.0, shape, think_s, thinking: false })
                }
                _ => None,
            };
            let cc = spec.tcp.controller(&cc_config(&spec, g, s.seed));
            let feedback = cc.feedback();
            Source::Tcp {
                sender: TcpSender::new(cfg, cc),
                receiver: TcpReceiver::new(spec.id, g.delayed_ack, cfg.sack).with_feedback(feedback),
                http,
            }
        }
        t => Source::Udp { source: UdpSource::new(t.clone(), spec.packet_size), delivered: 0 },
    };
    Flow { spec, source, access_free_at: 0, access_times: TransmissionTimes::default(), lanes }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `windows` mirrors the senders: at any moment it holds each active TCP sender's window and NaN for
    /// every other flow, whatever moved the window (ACKs, timeouts, pacing, HTTP objects, stops).
    #[test]
    fn the_window_mirror_matches_every_sender_throughout_a_run() {
        let json = r#"{"seed":7,"duration":12,"sample_interval":0.1,
            "link":{"rate_mbps":4,"delay_ms":10,"buffer":30},"aqm":{"kind":"red"},
            "flows":[{"count":3,"tcp":"reno","rtt_ms":[20,80],"start_spread_s":2,"stop_s":8},
                     {"count":2,"tcp":"cubic","traffic":{"kind":"http","mean_object_kb":40},"rtt_ms":[30,60],"delayed_ack":true},
                     {"count":2,"tcp":"bbr","rtt_ms":[40,40],"start_s":3},
                     {"count":1,"traffic":{"kind":"poisson","rate_mbps":1.5},"rtt_ms":[20,20],"stop_s":6}]}"#;
        let scenario = crate::scenario::Scenario::from_json(json).expect("a valid scenario");
        let mut sim = Simulation::new(scenario).expect("a valid scenario");
        let (mut checked, mut finite) = (0, 0);
        for step in 1..=1200 {
            sim.run_until(from_millis(10.0 * step as f64));
            for (i, f) in sim.flows.iter().enumerate() {
                let expected = match (&f.source, sim.active[i]) {
                    (Source::Tcp { sender, .. }, true) => sender.w.cwnd,
                    _ => f64::NAN,
                };
                assert_eq!(sim.windows[i].to_bits(), expected.to_bits(), "flow {i} at step {step}");
                checked += 1;
                finite += expected.is_finite() as u32;
            }
        }
        // The run went through starts, stops and every kind of flow, not only idle ones.
        assert!(finite > 4000 && finite < checked - 1000, "{finite} of {checked}");
        assert!(sim.summary().flows.iter().any(|f| f.timeouts > 0), "a timeout moved some window");
    }

    /// Each flow's identity is what its packets and receiver do: the variant's own codepoint and feedback,
    /// a group's `ecn` or `ecn_codepoint`, and a UDP source Not-ECT whatever its group says.
    #[test]
    fn flow_identities_are_what_the_built_flows_send() {
        let json = r#"{"link":{"rate_mbps":10,"delay_ms":10,"buffer":50},"aqm":{"kind":"dualpi2"},
            "flows":[{"count":2,"tcp":"prague"},{"count":1,"tcp":"reno","ecn":true},{"count":1,"tcp":"cubic"},
                     {"count":1,"tcp":"dctcp"},{"count":1,"tcp":"reno","ecn_codepoint":"ect1"},
                     {"count":1,"ecn":true,"traffic":{"kind":"cbr","rate_mbps":1}}]}"#;
        let sim = Simulation::new(crate::scenario::Scenario::from_json(json).unwrap()).unwrap();
        let seen: Vec<_> =
            sim.flow_identities().iter().map(|f| (f.id, f.group, f.tcp, f.ecn_codepoint, f.feedback)).collect();
        use Feedback::{Accurate, Classic, Dctcp};
        assert_eq!(
            seen,
            [
                (0, 0, "prague", Ect::Ect1, Some(Accurate)),
                (1, 0, "prague", Ect::Ect1, Some(Accurate)),
                (2, 1, "reno", Ect::Ect0, Some(Classic)),
                (3, 2, "cubic", Ect::NotEct, None),
                (4, 3, "dctcp", Ect::Ect0, Some(Dctcp)),
                (5, 4, "reno", Ect::Ect1, Some(Classic)),
                (6, 5, "udp", Ect::NotEct, None),
            ]
        );
        // The page reads it as JSON (web/scenario/running.ts).
        let json = serde_json::to_string(&sim.flow_identities()).unwrap();
        assert!(json.contains(r#""ecn_codepoint":"ect1","feedback":"accurate""#), "{json}");
        assert!(json.contains(r#""tcp":"udp","ecn_codepoint":"not_ect","feedback":null"#), "{json}");
    }
}
