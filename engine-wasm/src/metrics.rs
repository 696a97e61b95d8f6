//! Measurements (docs/metrics.md): a trace sampled every `sample_interval` into rows the page and the
//! CLI drain, and summary statistics over the measurement window after the warm-up.
//!
//! Every summary statistic is kept incrementally in memory that does not grow with the run: counters,
//! time integrals, a fixed sojourn histogram and the synchronisation tracker (`sync`), so a ten-hour run
//! holds what a ten-second run holds and a summary costs O(flows + histogram), never a sort.

mod fair_share;
mod histogram;
mod sync;

use serde::Serialize;

use crate::aqm::{OperatingPoint, Reason, Signal};
use crate::packet::FlowId;
use crate::time::{to_secs, Time};

pub use fair_share::max_min_fair_shares;
pub use histogram::{DelayHistogram, HistogramSummary};
pub use sync::{SyncIndex, SyncTracker};

/// Fixed columns of a trace row; then `drops_<reason>` for every reason, `marks_<reason>` for the
/// reasons a discipline can mark for, and `cwnd_i` and `thr_i` for every flow.
pub const FIXED_COLUMNS: [&str; 10] =
    ["t", "q_pkts", "q_bytes", "avg", "p", "delay_ms", "util", "jain", "drops", "marks"];
/// Where `jain` sits in a row (filled in after the flows' throughputs are computed).
const JAIN_COLUMN: usize = 7;
/// Reasons a discipline can CE-mark for (overflow, selective and frame discards always drop).
const MARK_REASONS: [Reason; 3] = [Reason::Early, Reason::Forced, Reason::Target];

/// Sojourn histogram: 100 µs bins up to 10 s (the last bin holds everything longer).
const SOJOURN_BIN: Time = 100_000;
const SOJOURN_BINS: usize = 100_000;

#[derive(Clone, Debug, Default)]
struct FlowCounters {
    bytes_out: u64,
    /// Of `bytes_out`, frames tagged CLP = 1 (GFR).
    tagged_bytes_out: u64,
    /// In-order data at the receiver, counted as it crossed the link (headers; ATM: cells).
    goodput_bytes: u64,
    /// The same data's payload only (crate::headers).
    goodput_payload_bytes: u64,
    /// Payload of new data (not a duplicate) as it reached the receiver, in order or not: what crossed the
    /// link inside the window, so its rate never exceeds the capacity (see `Summary::total_received_payload_mbps`).
    received_payload_bytes: u64,
    arrivals: u64,
    drops: u64,
    marks: u64,
    departures: u64,
    sojourn_sum: Time,
    /// Packets lost on the link at random before the queue (`link.loss_rate`).
    random_losses: u64,
}

/// Σ cwnd (packets) over the trace samples at which a flow had a window, and their number. Apart from
/// `FlowCounters`, which packets update, so that a sample reads 16 bytes a flow, densely.
#[derive(Clone, Copy, Default)]
struct WindowMean {
    sum: f64,
    samples: u64,
}

/// Counters over one sampling interval.
#[derive(Default)]
struct Interval {
    bytes_out: u64,
    /// Bits the link serialised within the interval (for `util`): a packet whose transmission straddles
    /// a sample time is split at it, so a busy link reads exactly 100 %, not 100 % ± one packet.
    util_bits: f64,
    sojourn_sum: Time,
    departures: u64,
    drops: u64,
    marks: u64,
    drops_by: [u64; Reason::TRACED.len()],
    marks_by: [u64; Reason::TRACED.len()],
    flow_bytes: Vec<u64>,
    /// Link capacity over the interval, bits, up to the last rate change in it; `None` while the rate has
    /// not changed within the interval (then the capacity is rate × dt, computed as before).
    capacity_bits: Option<f64>,
}

/// Bottleneck measurements: trace rows per sample interval and the summary of the window after the warm-up.
pub struct Metrics {
    flows: usize,
    /// The capacity in force (it changes with `link.rate_schedule` / `link.rate_slots`).
    link_rate_bps: f64,
    /// When `link_rate_bps` last changed.
    rate_since: Time,
    /// Capacity over the measured window (from `warmup`) up to `rate_since`, bits; `None` while the rate
    /// has not changed since the warm-up (then utilisation divides by rate × span exactly as before).
    window_capacity_bits: Option<f64>,
    /// A time-varying link appends a `capacity_mbps` column (absent otherwise, so traces stay as they were).
    capacity_column: bool,
    warmup: Time,
    interval: Interval,
    last_sample: Time,
    /// The transmission in progress: start, end, wire bytes (see `Interval::util_bits`).
    in_service: Option<(Time, Time, u32)>,
    /// Bits of the packet in service already counted in earlier intervals.
    counted_bits: f64,
    rows: Vec<f64>,
    /// Whether `sample` writes trace rows (true). A batch run that reads only the summary turns it off
    /// (`set_keep_rows`): a row is never read then, and the summary does not depend on the rows.
    keep_rows: bool,
    // Whole-window accumulators (from `warmup` on).
    per_flow: Vec<FlowCounters>,
    windows: Vec<WindowMean>,
    bytes_out: u64,
    arrivals: u64,
    drops: [u64; Reason::ALL.len()],
    marks: [u64; Reason::ALL.len()],
    random_losses: u64,
    /// u64: a bin can pass 2³² packets in ten hours at 1 Gbit/s.
    sojourn_hist: Vec<u64>,
    /// The same delays in fixed log-spaced bins that merge across runs (`delay_histogram`).
    delay_hist: DelayHistogram,
    sojourn_sum: f64,
    departures: u64,
    q_last_change: Time,
    q_pkts: f64,
    q_bytes: f64,
    q_integral: f64,
    q_sq_integral: f64,
    q_bytes_integral: f64,
    sync: SyncTracker,
}

impl Metrics {
    /// `sync_window` is the synchronisation index's R, the flows' mean base RTT.
    pub fn new(flows: usize, link_rate_bps: f64, warmup: Time, sync_window: Time) -> Self {
        Metrics {
            flows,
            link_rate_bps,
            rate_since: 0,
            window_capacity_bits: None,
            capacity_column: false,
            warmup,
            interval: Interval { flow_bytes: vec![0; flows], ..Default::default() },
            last_sample: 0,
            in_service: None,
            counted_bits: 0.0,
            rows: Vec::new(),
            keep_rows: true,
            per_flow: vec![FlowCounters::default(); flows],
            windows: vec![WindowMean::default(); flows],
            bytes_out: 0,
            arrivals: 0,
            drops: [0; Reason::ALL.len()],
            marks: [0; Reason::ALL.len()],
            random_losses: 0,
            sojourn_hist: vec![0; SOJOURN_BINS],
            delay_hist: DelayHistogram::default(),
            sojourn_sum: 0.0,
            departures: 0,
            q_last_change: warmup,
            q_pkts: 0.0,
            q_bytes: 0.0,
            q_integral: 0.0,
            q_sq_integral: 0.0,
            q_bytes_integral: 0.0,
            sync: SyncTracker::new(flows, sync_window, warmup),
        }
    }

    /// Adds the `capacity_mbps` column to every row (for a link whose rate changes).
    pub fn with_capacity_column(mut self) -> Self {
        self.capacity_column = true;
        self
    }

    /// The link's capacity changes to `rate_bps` at `now`: utilisation from now on is measured against it
    /// (docs/time-varying-links.md).
    pub fn set_link_rate(&mut self, now: Time, rate_bps: f64) {
        let old = self.link_rate_bps;
        let seg = now.saturating_sub(self.last_sample.max(self.rate_since));
        self.interval.capacity_bits = Some(self.interval.capacity_bits.unwrap_or(0.0) + old * to_secs(seg));
        // Changes during the warm-up only set the rate the measured window starts with.
        if now > self.warmup {
            let seg = now - self.rate_since.max(self.warmup);
            self.window_capacity_bits = Some(self.window_capacity_bits.unwrap_or(0.0) + old * to_secs(seg));
        }
        self.link_rate_bps = rate_bps;
        self.rate_since = now;
    }

    /// Capacity of the interval since the last sample, bits (`dt` its length, s).
    fn interval_capacity_bits(&self, now: Time, dt: f64) -> f64 {
        match self.interval.capacity_bits {
            None => self.link_rate_bps * dt,
            Some(bits) => {
                bits + self.link_rate_bps * to_secs(now.saturating_sub(self.last_sample.max(self.rate_since)))
            }
        }
    }

    /// Names of the trace columns, in row order: fixed columns, drops and marks per reason, cwnd and throughput per flow.
    pub fn columns(&self) -> Vec<String> {
        let mut c: Vec<String> = FIXED_COLUMNS.iter().map(|s| s.to_string()).collect();
        c.extend(Reason::TRACED.iter().map(|r| format!("drops_{}", r.name())));
        c.extend(MARK_REASONS.iter().map(|r| format!("marks_{}", r.name())));
        c.extend((0..self.flows).map(|i| format!("cwnd_{i}")));
        c.extend((0..self.flows).map(|i| format!("thr_{i}")));
        if self.capacity_column {
            c.push("capacity_mbps".into());
        }
        c
    }

    /// Number of values in one trace row (the length of `columns()`).
    pub fn stride(&self) -> usize {
        FIXED_COLUMNS.len() + Reason::TRACED.len() + MARK_REASONS.len() + 2 * self.flows + self.capacity_column as usize
    }

    /// When the measured window begins.
    pub fn warmup(&self) -> Time {
        self.warmup
    }

    fn measuring(&self, now: Time) -> bool {
        now >= self.warmup
    }

    /// Counts a packet arriving at the bottleneck (only after the warm-up).
    pub fn on_arrival(&mut self, flow: FlowId, now: Time) {
        if self.measuring(now) {
            self.arrivals += 1;
            self.per_flow[flow as usize].arrivals += 1;
        }
    }

    /// Counts a packet lost at random on the link (only after the warm-up).
    pub fn on_random_loss(&mut self, flow: FlowId, now: Time) {
        if self.measuring(now) {
            self.random_losses += 1;
            self.per_flow[flow as usize].random_losses += 1;
        }
    }

    /// Counts an AQM drop or CE mark by reason, in the current trace interval and, after the warm-up, in the summary.
    pub fn on_signal(&mut self, s: &Signal, now: Time) {
        let flow = s.packet.flow as usize;
        if s.marked {
            self.interval.marks += 1;
            self.interval.marks_by[s.reason.trace_column().index()] += 1;
        } else {
            self.interval.drops += 1;
            self.interval.drops_by[s.reason.trace_column().index()] += 1;
        }
        if self.measuring(now) {
            if s.marked {
                self.marks[s.reason.index()] += 1;
                self.per_flow[flow].marks += 1;
            } else {
                self.drops[s.reason.index()] += 1;
                self.per_flow[flow].drops += 1;
            }
        }
    }

    /// The queue length changed at `now` (time-weighted averages).
    pub fn on_queue_change(&mut self, now: Time, q_pkts: usize, q_bytes: u64) {
        if now > self.q_last_change {
            let dt = to_secs(now - self.q_last_change);
            self.q_integral += self.q_pkts * dt;
            self.q_sq_integral += self.q_pkts * self.q_pkts * dt;
            self.q_bytes_integral += self.q_bytes * dt;
            self.q_last_change = now;
        }
        self.q_pkts = q_pkts as f64;
        self.q_bytes = q_bytes as f64;
    }

    /// A packet of `flow` left the queue for the link after `sojourn`.
    pub fn on_dequeue(&mut self, flow: FlowId, sojourn: Time, now: Time) {
        self.interval.sojourn_sum += sojourn;
        self.interval.departures += 1;
        if self.measuring(now) {
            let c = &mut self.per_flow[flow as usize];
            c.departures += 1;
            c.sojourn_sum += sojourn;
            let bin = ((sojourn / SOJOURN_BIN) as usize).min(SOJOURN_BINS - 1);
            self.sojourn_hist[bin] += 1;
            self.delay_hist.add(sojourn);
            self.sojourn_sum += sojourn as f64;
            self.departures += 1;
        }
    }

    /// The link began serialising `bytes` (on the wire) at `now`; the last bit leaves at `done_at`.
    pub fn on_transmission_start(&mut self, bytes: u32, now: Time, done_at: Time) {
        self.in_service = Some((now, done_at, bytes));
        self.counted_bits = 0.0;
    }

    /// A packet's last bit left the bottleneck.
    pub fn on_transmitted(&mut self, flow: FlowId, bytes: u32, now: Time) {
        self.interval.bytes_out += bytes as u64;
        self.interval.util_bits += bytes as f64 * 8.0 - self.counted_bits;
        // The measured window counts a packet whose transmission began in it: one begun before the warm-up
        // ended would add bits sent outside the window, and a busy link would read above 100 % just after it
        // (the page once read 100.3 %): bits sent over the capacity of the window, as `sample` does per interval.
        let started = self.in_service.map_or(now, |(start, _, _)| start);
        self.in_service = None;
        self.counted_bits = 0.0;
        self.interval.flow_bytes[flow as usize] += bytes as u64;
        if self.measuring(started) {
            self.bytes_out += bytes as u64;
            self.per_flow[flow as usize].bytes_out += bytes as u64;
        }
    }

    /// Of the bytes just transmitted, a frame tagged CLP = 1 (GFR's excess traffic).
    pub fn on_tagged_transmitted(&mut self, flow: FlowId, bytes: u32, now: Time) {
        if self.measuring(now) {
            self.per_flow[flow as usize].tagged_bytes_out += bytes as u64;
        }
    }

    /// New in-order data reached the receiver: `bytes` as they crossed the link (headers, ATM cells),
    /// `payload` the application's part of them.
    pub fn on_delivered(&mut self, flow: FlowId, bytes: u64, payload: u64, now: Time) {
        if self.measuring(now) {
            let c = &mut self.per_flow[flow as usize];
            c.goodput_bytes += bytes;
            c.goodput_payload_bytes += payload;
        }
    }

    /// New data (not a duplicate) reached the receiver, in order or not: `payload` bytes of application data.
    pub fn on_received(&mut self, flow: FlowId, payload: u64, now: Time) {
        if self.measuring(now) {
            self.per_flow[flow as usize].received_payload_bytes += payload;
        }
    }

    /// A sender cut its window (loss, timeout or ECN): for the synchronisation index.
    pub fn on_window_cut(&mut self, flow: FlowId, now: Time) {
        if self.measuring(now) {
            self.sync.record(now, flow);
        }
    }

    /// Appends one trace row. `cwnd[i]` is NaN for flows without a window (UDP, not started).
    pub fn sample(
        &mut self,
        now: Time,
        q_pkts: usize,
        q_bytes: u64,
        op: OperatingPoint,
        cwnd: &[f64],
        active: &[bool],
    ) {
        if self.measuring(now) {
            for (m, w) in self.windows.iter_mut().zip(cwnd) {
                if !w.is_nan() {
                    m.sum += w;
                    m.samples += 1;
                }
            }
        }
        let dt = to_secs(now - self.last_sample).max(1e-12);
        let iv = &self.interval;
        let delay_ms = if iv.departures > 0 { iv.sojourn_sum as f64 / iv.departures as f64 / 1e6 } else { f64::NAN };
        // Bits of the packet in service sent by now belong to this interval, not to the one it ends in.
        let mut util_bits = iv.util_bits;
        if let Some((start, end, bytes)) = self.in_service {
            if end > start && now > start {
                let sent = bytes as f64 * 8.0 * to_secs(now.min(end) - start) / to_secs(end - start);
                util_bits += sent - self.counted_bits;
                self.counted_bits = sent;
            }
        }
        if self.keep_rows {
            let util = util_bits / self.interval_capacity_bits(now, dt);
            self.write_row(now, [q_pkts as f64, q_bytes as f64, op.avg, op.p, delay_ms, util], dt, cwnd, active);
        }
        let mut flow_bytes = std::mem::take(&mut self.interval.flow_bytes);
        flow_bytes.fill(0);
        self.interval = Interval { flow_bytes, ..Default::default() };
        self.last_sample = now;
    }

    /// Appends one trace row: `fixed` holds the columns from `q_pkts` to `util`.
    fn write_row(&mut self, now: Time, fixed: [f64; 6], dt: f64, cwnd: &[f64], active: &[bool]) {
        let iv = &self.interval;
        let header = self.rows.len();
        self.rows.push(now as f64 / 1e9);
        self.rows.extend_from_slice(&fixed);
        self.rows.push(f64::NAN);
        self.rows.push(iv.drops as f64);
        self.rows.push(iv.marks as f64);
        self.rows.extend(iv.drops_by.iter().map(|n| *n as f64));
        self.rows.extend(MARK_REASONS.iter().map(|r| iv.marks_by[r.index()] as f64));
        self.rows.extend_from_slice(cwnd);
        // Each flow's throughput, and Jain's index of the active flows' in the same pass.
        let mut fairness = JainSums::default();
        self.rows.extend(iv.flow_bytes.iter().zip(active).map(|(b, a)| {
            let thr = *b as f64 * 8.0 / dt / 1e6;
            if *a {
                fairness.add(thr);
            }
            thr
        }));
        self.rows[header + JAIN_COLUMN] = fairness.index();
        if self.capacity_column {
            self.rows.push(self.link_rate_bps / 1e6);
        }
    }

    /// Whether `sample` writes trace rows (by default it does). Off, a sample still closes its interval and
    /// feeds the window means, so the summary is the same; `take_rows` then returns nothing.
    pub fn set_keep_rows(&mut self, keep: bool) {
        self.keep_rows = keep;
    }

    /// Rows sampled since the last `take_rows`.
    pub fn rows_pending(&self) -> usize {
        self.rows.len() / self.stride()
    }

    /// Takes every row sampled since the last call (row-major, `stride()` values per row).
    pub fn take_rows(&mut self) -> Vec<f64> {
        // The next batch is likely as long as this one: start it at that capacity, not from empty.
        let capacity = self.rows.len();
        std::mem::replace(&mut self.rows, Vec::with_capacity(capacity))
    }

    /// Window cuts the synchronisation tracker holds now (bounded by the cuts of two base RTTs).
    pub fn sync_cuts_held(&self) -> usize {
        self.sync.held()
    }

    /// Capacity of the measured window (from the warm-up to `now`, `span` s long), bits.
    fn window_capacity_bits(&self, now: Time, span: f64) -> f64 {
        match self.window_capacity_bits {
            None => self.link_rate_bps * span,
            Some(bits) => bits + self.link_rate_bps * to_secs(now.saturating_sub(self.rate_since.max(self.warmup))),
        }
    }

    /// The summary of the window from the warm-up to `now`.
    pub fn summary(&self, now: Time, flows: &[FlowSummaryInput]) -> Summary {
        let span = to_secs(now.saturating_sub(self.warmup)).max(1e-9);
        let mut q = (self.q_integral, self.q_sq_integral, self.q_bytes_integral);
        if now > self.q_last_change {
            let dt = to_secs(now - self.q_last_change);
            q.0 += self.q_pkts * dt;
            q.1 += self.q_pkts * self.q_pkts * dt;
            q.2 += self.q_bytes * dt;
        }
        let mean_q = q.0 / span;
        let capacity_mbps = self.link_rate_bps / 1e6;
        let fair = max_min_fair_shares(capacity_mbps, &flows.iter().map(|f| f.demand_mbps).collect::<Vec<_>>());
        let per_flow: Vec<FlowSummary> = flows
            .iter()
            .zip(self.per_flow.iter().zip(&self.windows))
            .zip(fair)
            .map(|((f, (c, w)), fair)| FlowSummary {
                id: f.id,
                group: f.group,
                tcp: f.tcp,
                base_rtt_ms: f.base_rtt_ms,
                throughput_mbps: c.bytes_out as f64 * 8.0 / span / 1e6,
                link_share: c.bytes_out as f64 * 8.0 / span / self.link_rate_bps,
                fair_share: fair / capacity_mbps,
                untagged_mbps: (c.bytes_out - c.tagged_bytes_out) as f64 * 8.0 / span / 1e6,
                goodput_mbps: c.goodput_bytes as f64 * 8.0 / span / 1e6,
                goodput_payload_mbps: c.goodput_payload_bytes as f64 * 8.0 / span / 1e6,
                delay_ms: if c.departures > 0 { c.sojourn_sum as f64 / c.departures as f64 / 1e6 } else { f64::NAN },
                arrivals: c.arrivals,
                drops: c.drops,
                marks: c.marks,
                loss_rate: if c.arrivals > 0 {
                    (c.drops + c.random_losses) as f64 / c.arrivals as f64
                } else {
                    f64::NAN
                },
                random_losses: c.random_losses,
                retransmits: f.retransmits,
                timeouts: f.timeouts,
                mean_rtt_ms: f.mean_rtt_ms,
                cwnd_mean: if w.samples > 0 { w.sum / w.samples as f64 } else { f64::NAN },
            })
            .collect();
        let goodputs: Vec<f64> = per_flow.iter().map(|f| f.goodput_mbps).collect();
        let (min, max) = goodputs.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), g| (lo.min(*g), hi.max(*g)));
        let reasons = |counts: &[u64]| -> Vec<(&'static str, u64)> {
            Reason::ALL.iter().map(|r| (r.name(), counts[r.index()])).filter(|(_, n)| *n > 0).collect()
        };
        let total_drops: u64 = self.drops.iter().sum();
        let total_marks: u64 = self.marks.iter().sum();
        Summary {
            measured_from_s: to_secs(self.warmup),
            measured_to_s: to_secs(now),
            utilisation: self.bytes_out as f64 * 8.0 / self.window_capacity_bits(now, span),
            mean_queue_pkts: mean_q,
            std_queue_pkts: (q.1 / span - mean_q * mean_q).max(0.0).sqrt(),
            mean_queue_bytes: q.2 / span,
            delay_ms: self.delay_stats(),
            delay_histogram: self.delay_hist.to_summary(),
            arrivals: self.arrivals,
            drops: total_drops,
            marks: total_marks,
            random_losses: self.random_losses,
            drops_by_reason: reasons(&self.drops).into_iter().collect(),
            marks_by_reason: reasons(&self.marks).into_iter().collect(),
            drop_rate: if self.arrivals > 0 { total_drops as f64 / self.arrivals as f64 } else { 0.0 },
            total_goodput_mbps: goodputs.iter().sum(),
            total_goodput_payload_mbps: per_flow.iter().map(|f| f.goodput_payload_mbps).sum(),
            total_received_payload_mbps: self.per_flow.iter().map(|c| c.received_payload_bytes).sum::<u64>() as f64
                * 8.0
                / span
                / 1e6,
            jain: jain(&goodputs),
            min_max_fairness_pct: if max > 0.0 { 100.0 * min / max } else { f64::NAN },
            sync: self.sync.summary(now),
            ack_drops: 0,
            flows: per_flow,
        }
    }

    fn delay_stats(&self) -> DelayStats {
        let quantile = |q: f64| -> f64 {
            let target = libm::ceil(q * self.departures as f64).max(1.0) as u64;
            let mut seen = 0u64;
            for (i, n) in self.sojourn_hist.iter().enumerate() {
                seen += *n;
                if seen >= target {
                    // Report the middle of the bin, in ms.
                    return (i as f64 + 0.5) * SOJOURN_BIN as f64 / 1e6;
                }
            }
            f64::NAN
        };
        if self.departures == 0 {
            return DelayStats { mean: f64::NAN, p50: f64::NAN, p95: f64::NAN, p99: f64::NAN };
        }
        DelayStats {
            mean: self.sojourn_sum / self.departures as f64 / 1e6,
            p50: quantile(0.5),
            p95: quantile(0.95),
            p99: quantile(0.99),
        }
    }
}

/// Jain's fairness index (Σx)²/(n·Σx²) ∈ [1/n, 1]; NaN for no flows or all zero.
pub fn jain(x: &[f64]) -> f64 {
    let mut sums = JainSums::default();
    x.iter().for_each(|v| sums.add(*v));
    sums.index()
}

/// Running sums for Jain's index, (Σx)² / (n·Σx²), so that a caller can feed it values as it makes them.
#[derive(Default)]
struct JainSums {
    n: usize,
    sum: f64,
    squares: f64,
}

impl JainSums {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    /// NaN for no values, or all zero.
    fn index(&self) -> f64 {
        if self.n == 0 || self.squares == 0.0 {
            f64::NAN
        } else {
            self.sum * self.sum / (self.n as f64 * self.squares)
        }
    }
}

/// Response time after a load change at `t_change` (seed 003; docs/metrics.md): the delay until the
/// queue enters [lo, hi] and stays there for `hold` seconds. `samples` are (time s, queue) in time order;
/// None if it never settles within the samples.
pub fn response_time(samples: &[(f64, f64)], t_change: f64, lo: f64, hi: f64, hold: f64) -> Option<f64> {
    let after: Vec<&(f64, f64)> = samples.iter().filter(|(t, _)| *t >= t_change).collect();
    let last = after.last()?.0;
    let mut start: Option<f64> = None;
    for (t, q) in after {
        if (lo..=hi).contains(q) {
            let s = *start.get_or_insert(*t);
            if t - s >= hold {
                return Some(s - t_change);
            }
        } else {
            start = None;
        }
    }
    // Settled until the end of the samples, but the samples end before `hold` has passed.
    start.filter(|s| last - s >= hold).map(|s| s - t_change)
}

/// What the metrics need to know about each flow for the summary.
pub struct FlowSummaryInput {
    /// The flow's index in the scenario.
    pub id: FlowId,
    /// Index of the flow group it belongs to.
    pub group: usize,
    /// Congestion-control name, or "udp".
    pub tcp: &'static str,
    /// Round-trip propagation delay without queueing, ms.
    pub base_rtt_ms: f64,
    /// Retransmissions and RTO expiries since the warm-up ended.
    pub retransmits: u64,
    /// RTO expiries since the warm-up ended.
    pub timeouts: u64,
    /// Mean of the sender's RTT samples (RFC 6298, Karn's rule) since the warm-up; NaN if none (UDP).
    pub mean_rtt_ms: f64,
    /// What the flow would send on an empty link, Mbit/s on the wire, for its max-min fair share:
    /// `f64::INFINITY` for a TCP flow, the mean rate of a UDP source, 0 if it is not active.
    pub demand_mbps: f64,
}

#[derive(Clone, Debug, Serialize)]
/// One flow's results over the measured window.
pub struct FlowSummary {
    /// The flow's index in the scenario.
    pub id: FlowId,
    /// Index of the flow group it belongs to.
    pub group: usize,
    /// Congestion-control name, or "udp".
    pub tcp: &'static str,
    /// Round-trip propagation delay without queueing, ms.
    pub base_rtt_ms: f64,
    /// Bytes leaving the bottleneck (in ATM mode: 53-byte cells, seed 002's "ATM throughput").
    pub throughput_mbps: f64,
    /// `throughput_mbps` as a fraction of the link's capacity.
    pub link_share: f64,
    /// The flow's max-min fair share of the capacity, as a fraction of it (docs/results.md).
    pub fair_share: f64,
    /// The part of the throughput not tagged CLP = 1: GFR's guaranteed share; all of it elsewhere.
    pub untagged_mbps: f64,
    /// New in-order data at the receiver as it crossed the link, headers included (in ATM mode: the
    /// cells of those frames, seed 002 §3.2's goodput).
    pub goodput_mbps: f64,
    /// The payload of that data: what the receiving application got (crate::headers).
    pub goodput_payload_mbps: f64,
    /// Mean time the flow's packets waited in the bottleneck queue (NaN if none left it).
    pub delay_ms: f64,
    /// Packets of the flow that reached the bottleneck queue.
    pub arrivals: u64,
    /// Packets of the flow the AQM dropped.
    pub drops: u64,
    /// Packets of the flow the AQM marked CE (RFC 3168).
    pub marks: u64,
    /// (drops + random link losses) / arrivals at the bottleneck; CE marks are not losses.
    pub loss_rate: f64,
    /// Packets of the flow lost at random on the link.
    pub random_losses: u64,
    /// Since the warm-up ended.
    pub retransmits: u64,
    /// RTO expiries (RFC 6298) since the warm-up ended.
    pub timeouts: u64,
    /// Mean of the sender's RTT samples since the warm-up (NaN for UDP or before any sample).
    pub mean_rtt_ms: f64,
    /// Mean congestion window in packets over the trace samples after the warm-up at which the flow had
    /// one (NaN for UDP).
    pub cwnd_mean: f64,
}

#[derive(Clone, Debug, Serialize)]
/// Queueing delay at the bottleneck, ms; quantiles are the middle of their histogram bin.
pub struct DelayStats {
    /// Mean over departed packets, ms.
    pub mean: f64,
    /// Median, ms.
    pub p50: f64,
    /// 95th percentile, ms.
    pub p95: f64,
    /// 99th percentile, ms.
    pub p99: f64,
}

#[derive(Clone, Debug, Serialize)]
/// Results of a run over the measured window (from the warm-up to the end).
pub struct Summary {
    /// Start of the measured window (the warm-up), s.
    pub measured_from_s: f64,
    /// End of the measured window, s.
    pub measured_to_s: f64,
    /// Bits sent on the link / link capacity over the window, 0..1.
    pub utilisation: f64,
    /// Time-averaged queue length, packets.
    pub mean_queue_pkts: f64,
    /// Time-weighted standard deviation of the queue length, packets.
    pub std_queue_pkts: f64,
    /// Time-averaged queue length, bytes.
    pub mean_queue_bytes: f64,
    /// Queueing delay of the departed packets.
    pub delay_ms: DelayStats,
    /// The queueing delays of the measured window in fixed log-spaced bins; merge runs by adding counts.
    pub delay_histogram: HistogramSummary,
    /// Packets that reached the bottleneck queue.
    pub arrivals: u64,
    /// Packets the discipline dropped (all reasons, buffer overflow included).
    pub drops: u64,
    /// Packets the discipline marked CE (all reasons).
    pub marks: u64,
    /// Packets lost at random on the link.
    pub random_losses: u64,
    /// Drops per reason name; reasons with none are left out.
    pub drops_by_reason: std::collections::BTreeMap<&'static str, u64>,
    /// CE marks per reason name; reasons with none are left out.
    pub marks_by_reason: std::collections::BTreeMap<&'static str, u64>,
    /// `drops` / `arrivals` (0 with no arrivals).
    pub drop_rate: f64,
    /// Σ per-flow `goodput_mbps` (wire bytes of in-order data); Jain and min/max fairness use these.
    pub total_goodput_mbps: f64,
    /// Σ per-flow `goodput_payload_mbps`: payload delivered in order to the applications.
    pub total_goodput_payload_mbps: f64,
    /// Payload of new data (not duplicates) counted when it reached the receivers inside the window, in order
    /// or not. Unlike `total_goodput_payload_mbps`, which counts data when the receiver releases it in order,
    /// it never counts data that crossed the link before the warm-up and waited behind a hole, so it never
    /// exceeds the link's payload capacity; over a long window the two agree.
    pub total_received_payload_mbps: f64,
    /// Jain's fairness index of the per-flow goodputs (Jain, Chiu & Hawe 1984).
    pub jain: f64,
    /// Smallest over largest per-flow goodput, percent (NaN if all are 0).
    pub min_max_fairness_pct: f64,
    /// Global synchronisation of the flows' window reductions (docs/metrics.md).
    pub sync: SyncIndex,
    /// ACKs lost in the reverse-path bottleneck (whole run).
    pub ack_drops: u64,
    /// Per-flow results, in flow order.
    pub flows: Vec<FlowSummary>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A greedy Reno flow with no RTT samples or losses: the summary's per-flow input the tests need.
    fn bulk_reno(id: FlowId) -> FlowSummaryInput {
        FlowSummaryInput {
            id,
            group: 0,
            tcp: "reno",
            base_rtt_ms: 0.0,
            retransmits: 0,
            timeouts: 0,
            mean_rtt_ms: f64::NAN,
            demand_mbps: f64::INFINITY,
        }
    }
    use crate::time::MILLI;

    #[test]
    fn utilisation_is_measured_against_the_capacity_in_force() {
        // 8 Mbit/s until 4 ms, then 2 Mbit/s; a 10 ms interval's capacity is 8·4 + 2·6 = 44 kbit. The link
        // sends 1000-byte packets: four at 1 ms each (0–4 ms), then one at 4 ms (4–8 ms): 40 kbit.
        // Utilisation 40/44; a fixed-rate reading would say 40/80.
        let mut m = Metrics::new(1, 8e6, 0, 0).with_capacity_column();
        let stride = m.columns().len();
        assert_eq!(m.columns().last().map(String::as_str), Some("capacity_mbps"));
        for k in 0..4 {
            m.on_transmission_start(1000, k * MILLI, (k + 1) * MILLI);
            m.on_transmitted(0, 1000, (k + 1) * MILLI);
        }
        m.set_link_rate(4 * MILLI, 2e6);
        m.on_transmission_start(1000, 4 * MILLI, 8 * MILLI);
        m.on_transmitted(0, 1000, 8 * MILLI);
        m.sample(10 * MILLI, 0, 0, OperatingPoint::NONE, &[f64::NAN], &[true]);
        // The next interval, idle at 2 Mbit/s throughout: capacity 20 kbit, nothing sent.
        m.sample(20 * MILLI, 0, 0, OperatingPoint::NONE, &[f64::NAN], &[true]);
        let rows = m.take_rows();
        assert_eq!(rows.len(), 2 * stride);
        assert!((rows[6] - 40.0 / 44.0).abs() < 1e-12, "{}", rows[6]);
        assert_eq!((rows[stride - 1], rows[stride + 6], rows[2 * stride - 1]), (2.0, 0.0, 2.0));
        // Summary over 0–20 ms: 40 kbit of 8·4 + 2·16 = 64 kbit.
        let s = m.summary(20 * MILLI, &[bulk_reno(0)]);
        assert!((s.utilisation - 40.0 / 64.0).abs() < 1e-12, "{}", s.utilisation);
    }

    #[test]
    fn a_busy_link_samples_exactly_full_utilisation_when_packets_straddle_sample_times() {
        // 8 Mbit/s: a 1000-byte packet takes 1 ms. Back-to-back packets from 0.5 ms on, samples every
        // 10 ms: each sample falls mid-packet. Counting a packet where its last bit leaves would give
        // 10 packets in one interval and 11 in another (110 %); split at the sample time it is 100 %.
        let mut m = Metrics::new(1, 8e6, 0, 0);
        let stride = m.columns().len();
        let (mut next_sample, mut start) = (10 * MILLI, MILLI / 2);
        while next_sample <= 100 * MILLI {
            let end = start + MILLI;
            m.on_transmission_start(1000, start, end);
            while next_sample <= end && next_sample <= 100 * MILLI {
                if next_sample < end {
                    m.sample(next_sample, 0, 0, OperatingPoint::NONE, &[f64::NAN], &[true]);
                    next_sample += 10 * MILLI;
                } else {
                    break;
                }
            }
            m.on_transmitted(0, 1000, end);
            if next_sample == end {
                m.sample(next_sample, 0, 0, OperatingPoint::NONE, &[f64::NAN], &[true]);
                next_sample += 10 * MILLI;
            }
            start = end;
        }
        let rows = m.take_rows();
        let util: Vec<f64> = rows.chunks(stride).map(|r| r[6]).collect();
        assert_eq!(util.len(), 10);
        // The first interval starts idle for 0.5 ms: 9.5 ms of 10 sent.
        assert!((util[0] - 0.95).abs() < 1e-12, "{util:?}");
        for u in &util[1..] {
            assert!((u - 1.0).abs() < 1e-12, "{util:?}");
        }
    }

    #[test]
    fn a_busy_link_never_reads_above_full_utilisation_just_after_the_warm_up() {
        // 8 Mbit/s: a 1000-byte packet takes 1 ms. Back-to-back packets from 0; the warm-up ends at 10.5 ms,
        // mid-packet. Counting the packet [10, 11] ms, whose last bit leaves at 11 ms, would put 8000 bits
        // in a window of 0.5 ms: 200 %. Only packets begun in the window count.
        let warmup = 10 * MILLI + MILLI / 2;
        let mut m = Metrics::new(1, 8e6, warmup, 0);
        let mut start = 0;
        let mut worst: f64 = 0.0;
        while start < 20 * MILLI {
            let end = start + MILLI;
            m.on_transmission_start(1000, start, end);
            m.on_transmitted(0, 1000, end);
            if end > warmup {
                worst = worst.max(m.summary(end, &[]).utilisation);
            }
            start = end;
        }
        assert!(worst <= 1.0, "{worst}");
        // At 20 ms: the 9 packets begun from 11 ms on, 72 000 bits of 76 000.
        assert!((m.summary(20 * MILLI, &[]).utilisation - 72.0 / 76.0).abs() < 1e-12);
    }

    #[test]
    fn jain_is_one_for_equal_shares_and_one_over_n_for_a_monopoly() {
        assert_eq!(FIXED_COLUMNS[JAIN_COLUMN], "jain");
        assert_eq!(jain(&[2.0, 2.0, 2.0]), 1.0);
        assert!((jain(&[1.0, 0.0, 0.0, 0.0]) - 0.25).abs() < 1e-12);
        // Seed 004 Table 1, 512 kbit/s: Reno 457.16, Vegas 54.84.
        let j = jain(&[457.16, 54.84]);
        assert!((j - 0.6183).abs() < 1e-4, "{j}"); // 512² / (2·(457.16² + 54.84²))
        assert!(jain(&[]).is_nan());
    }

    #[test]
    fn goodput_counts_wire_bytes_and_payload_apart_from_the_warm_up_on() {
        let mut m = Metrics::new(2, 10e6, 1000 * MILLI, 0);
        m.on_delivered(0, 1000, 960, 500 * MILLI); // in the warm-up: not counted
        for _ in 0..10 {
            m.on_delivered(0, 3 * 1000, 3 * 960, 1500 * MILLI); // three 1000 B TCP/IP packets at once
        }
        for _ in 0..5 {
            m.on_delivered(1, 1219, 1024, 1500 * MILLI); // ATM: a 1064 B packet in 23 cells of 53 B
        }
        let s = m.summary(2000 * MILLI, &[bulk_reno(0), bulk_reno(1)]); // 1 s measured
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(s.flows[0].goodput_mbps, 30_000.0 * 8.0 / 1e6), "{:?}", s.flows[0]);
        assert!(close(s.flows[0].goodput_payload_mbps, 28_800.0 * 8.0 / 1e6), "{:?}", s.flows[0]);
        assert!(close(s.flows[1].goodput_mbps, 6_095.0 * 8.0 / 1e6), "{:?}", s.flows[1]);
        assert!(close(s.flows[1].goodput_payload_mbps, 5_120.0 * 8.0 / 1e6), "{:?}", s.flows[1]);
        assert!(close(s.total_goodput_payload_mbps, 0.2304 + 0.04096), "{}", s.total_goodput_payload_mbps);
        assert!(close(s.total_goodput_mbps, 0.24 + 0.04876), "{}", s.total_goodput_mbps);
    }

    #[test]
    fn received_payload_counts_data_when_it_arrives_from_the_warm_up_on() {
        let mut m = Metrics::new(2, 10e6, 1000 * MILLI, 0);
        m.on_received(0, 960, 500 * MILLI); // arrived in the warm-up: not counted, even if released later
        for _ in 0..10 {
            m.on_received(0, 960, 1500 * MILLI);
        }
        m.on_received(1, 1024, 1900 * MILLI);
        let s = m.summary(2000 * MILLI, &[bulk_reno(0), bulk_reno(1)]); // 1 s measured
        assert!((s.total_received_payload_mbps - (9_600.0 + 1_024.0) * 8.0 / 1e6).abs() < 1e-12, "{s:?}");
    }

    #[test]
    fn trace_rows_split_drops_and_marks_by_reason() {
        let mut m = Metrics::new(1, 10e6, 0, 0);
        let p = crate::packet::Packet::new(0, 0, 1000, 0);
        for (reason, marked) in
            [(Reason::Overflow, false), (Reason::Early, false), (Reason::Early, true), (Reason::Target, true)]
        {
            m.on_signal(&Signal { packet: p, reason, marked }, 0);
        }
        m.sample(50 * MILLI, 0, 0, OperatingPoint::NONE, &[f64::NAN], &[true]);
        let columns = m.columns();
        let rows = m.take_rows();
        assert_eq!(rows.len(), m.stride());
        let at = |name: &str| rows[columns.iter().position(|c| c == name).unwrap()];
        assert_eq!((at("drops"), at("marks")), (2.0, 2.0));
        assert_eq!((at("drops_overflow"), at("drops_early"), at("drops_forced")), (1.0, 1.0, 0.0));
        assert_eq!((at("marks_early"), at("marks_target"), at("marks_forced")), (1.0, 1.0, 0.0));
        assert!(columns.iter().any(|c| c == "drops_ppd") && !columns.iter().any(|c| c == "marks_overflow"));
    }

    #[test]
    fn response_time_is_the_start_of_the_first_long_enough_stay_in_band() {
        // Out of band until 12 s, in band 12–15 s, out at 15 s, in band from 17 s on.
        let q = |t: f64| if (12.0..15.0).contains(&t) || t >= 17.0 { 100.0 } else { 500.0 };
        let samples: Vec<(f64, f64)> = (0..400).map(|k| (k as f64 * 0.1, q(k as f64 * 0.1))).collect();
        let r = response_time(&samples, 10.0, 50.0, 200.0, 10.0).unwrap();
        assert!((r - 7.0).abs() < 1e-9, "{r}");
        assert_eq!(response_time(&samples, 10.0, 50.0, 200.0, 30.0), None);
    }

    #[test]
    fn time_weighted_queue_mean_and_delay_percentiles() {
        let mut m = Metrics::new(1, 10e6, 0, 0);
        m.on_queue_change(0, 10, 10_000);
        m.on_queue_change(1000 * MILLI, 20, 20_000);
        for ms in 1..=100 {
            m.on_dequeue(0, ms * MILLI, 0);
        }
        let s = m.summary(2000 * MILLI, &[bulk_reno(0)]);
        assert!((s.flows[0].delay_ms - 50.5).abs() < 1e-9, "per-flow mean delay {}", s.flows[0].delay_ms);
        assert!((s.mean_queue_pkts - 15.0).abs() < 1e-9);
        assert!((s.std_queue_pkts - 5.0).abs() < 1e-9);
        assert!((s.delay_ms.mean - 50.5).abs() < 1e-9);
        assert!((s.delay_ms.p50 - 50.05).abs() < 1e-9, "{}", s.delay_ms.p50);
        assert!((s.delay_ms.p99 - 99.05).abs() < 1e-9);
    }
}
