//! GFR (Guaranteed Frame Rate) on one FIFO: a per-VC F-GCRA frame classifier and a shared cell buffer with
//! two global thresholds and Early/Partial Packet Discard (ATM Forum, Traffic Management 4.1,
//! af-tm-0121.000, 1999; O. Bonaventure, J. Nelissen, "Guaranteed frame rate: a better service for TCP/IP
//! in ATM networks", IEEE Network 15(1), 2001; seed 002 §2; docs/algorithms/gfr-atm.md). One VC per flow.
//!
//! ```text
//!   F-GCRA(I, T), per VC, cell k at Ta(k):      X' = X − (Ta(k) − LPT)
//!     first cell of a frame:                    tag = X' > T
//!     each cell of an untagged frame:           X = max(0, X') + I;  LPT = Ta(k)
//!   I = 1/MCR,  T = (MBS − 1)(1/MCR − 1/PCR) + CDVT;  init X = 0, LPT = Ta(1)
//!   EPD, on the first cell:  discard the whole frame if Q ≥ HBO, or if Q ≥ LBO and it is tagged (CLP = 1)
//!   PPD:                     cells of an accepted frame that find Q ≥ MAX_Q are lost
//! ```
//! Q is the shared queue in cells. A frame accepted below a threshold is kept whole even if Q crosses the
//! threshold meanwhile (seed 002 §2.2). The classifier runs before the buffer, so an untagged frame that EPD
//! then discards has still used the VC's credit.
//!
//! **Modelling** (frame level, see `crate::atm`): a frame's cells reach the classifier back to back, one
//! cell time of the link apart (as from the seed's OC-3c IWU), so F-GCRA is computed exactly per cell; they
//! enter the queue together, so no other VC's cells interleave and the per-VC frame state of a cell switch
//! is not needed. A frame accepted at Q < HBO is cut by PPD only if Q + cells > MAX_Q: its first MAX_Q − Q
//! cells are queued, the rest, EOM included, are lost (with Q at MAX_Q the EOM does not fit either). The
//! remnant uses the link and fails AAL5 reassembly (`Packet::corrupt`); with its EOM lost, reassembly also
//! merges the VC's next accepted frame into it, so that frame is lost too.
//!
//! **Parameters.** MCR per VC in Mbit/s of 53-byte cells (424 bit/cell): the `mcr_mbps` list by flow id, or,
//! when it is empty, VC i gets (i + 1)·`mcr_step_mbps` (seed 002: 5, 10, 15, 20, 25). The seed gives MAX_Q
//! 3000 and HBO 1500 cells only; LBO 750, MBS 46 cells (2·MFS), PCR 100 Mbit/s (the access rate) and
//! CDVT 0 are docs/algorithms/gfr-atm.md's defaults. Variant B (ambiguity 1) reads the seed's 1500 as LBO with HBO =
//! MAX_Q − 4·MFS = 2908: [`Params::variant_b`]. MAX_Q is the buffer: `link.buffer` is not used.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{StateMeaning, StateSpec};
use super::{params, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue};
use super::{ParamSpec, QueueDisc, Reason};
use crate::atm::{aal5_cells, AtmSpec, CELL_BYTES};
use crate::time::Time;

/// Bits of one cell: Mbit/s of cells ↔ cells/s.
const CELL_BITS: f64 = (CELL_BYTES * 8) as f64;
/// Cells of the seed's maximum frame (1024 B MSS + 40 B TCP/IP: 23 cells).
const SEED_MFS: u32 = 23;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
/// GFR's parameters (seed 002 §3.1 and the ATM Forum TM 4.1 contract); cells are 53 bytes.
pub struct Params {
    /// MCR of each VC (flow id order), Mbit/s of cells; empty: VC i gets (i + 1)·`mcr_step_mbps`.
    pub mcr_mbps: Vec<f64>,
    /// MCR step when `mcr_mbps` is empty (5: seed 002's 5, 10, 15, 20, 25 Mbit/s).
    pub mcr_step_mbps: f64,
    /// Peak cell rate in T, Mbit/s (100: the seed's Ethernet access rate; assumed).
    pub pcr_mbps: f64,
    /// Maximum burst size in T, cells (46 = 2·MFS; assumed).
    pub mbs_cells: u32,
    /// Cell delay variation tolerance in T, ms (0; assumed). Milliseconds like every AQM time parameter (it
    /// was `cdvt_us`, µs, in scenario version 1; `crate::migrate`).
    pub cdvt_ms: f64,
    /// Tagged frames are discarded from this queue length on, cells (750; assumed).
    pub lbo_cells: u32,
    /// Every frame is discarded from this queue length on, cells (seed 002 §3.1: 1500).
    pub hbo_cells: u32,
    /// The cell buffer; cells beyond it are lost (PPD) (seed 002 §3.1: 3000).
    pub max_q_cells: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            mcr_mbps: Vec::new(),
            mcr_step_mbps: 5.0,
            pcr_mbps: 100.0,
            mbs_cells: 2 * SEED_MFS,
            cdvt_ms: 0.0,
            lbo_cells: 750,
            hbo_cells: 1500,
            max_q_cells: 3000,
        }
    }
}

impl Params {
    /// docs/algorithms/gfr-atm.md variant B: LBO 1500 (the seed's threshold), HBO = MAX_Q − 4·MFS = 2908.
    pub fn variant_b() -> Self {
        let d = Params::default();
        Params { lbo_cells: 1500, hbo_cells: d.max_q_cells - 4 * SEED_MFS, ..d }
    }

    /// MCR of VC `vc`, Mbit/s.
    pub fn mcr_of(&self, vc: usize) -> f64 {
        self.mcr_mbps.get(vc).copied().unwrap_or((vc + 1) as f64 * self.mcr_step_mbps)
    }
}

/// A VC's contract in F-GCRA units (integer ns, like the clock).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contract {
    /// Minimum cell rate guaranteed to the VC, Mbit/s of cells.
    pub mcr_mbps: f64,
    /// I = 1/MCR, ns per cell.
    pub i: i64,
    /// T = (MBS − 1)(1/MCR − 1/PCR) + CDVT, ns.
    pub t: i64,
}

impl Contract {
    /// The contract of a VC with this MCR under `p`'s PCR, MBS and CDVT.
    pub fn new(mcr_mbps: f64, p: &Params) -> Self {
        let per_cell_ns = |mbps: f64| CELL_BITS * 1e3 / mbps;
        let i = per_cell_ns(mcr_mbps);
        let t = (p.mbs_cells - 1) as f64 * (i - per_cell_ns(p.pcr_mbps)) + p.cdvt_ms * 1e6;
        Contract { mcr_mbps, i: libm::round(i) as i64, t: libm::round(t) as i64 }
    }
}

/// Per-VC counters, exposed through `per_flow_state`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct VcStats {
    /// Frames F-GCRA found conforming (CLP = 0).
    pub untagged_frames: u64,
    /// Frames tagged CLP = 1 as non-conforming.
    pub tagged_frames: u64,
    /// IP bytes of the frames classified untagged / tagged.
    pub untagged_bytes: u64,
    /// IP bytes of the frames tagged CLP = 1.
    pub tagged_bytes: u64,
    /// Frames discarded whole by Early Packet Discard.
    pub epd_frames: u64,
    /// Frames cut short by Partial Packet Discard.
    pub ppd_frames: u64,
    /// Cells sent on the link, by CLP.
    pub untagged_cells_out: u64,
    /// Cells sent on the link with CLP = 1.
    pub tagged_cells_out: u64,
}

/// One VC's evolving state.
#[derive(Clone, Debug, Default)]
struct Vc {
    /// Bucket X, ns, as of `lpt`.
    x: i64,
    /// Arrival of the last cell that used credit; None before the VC's first cell.
    lpt: Option<Time>,
    /// The last frame lost its EOM to PPD: reassembly will merge the next frame into it.
    eom_lost: bool,
    stats: VcStats,
}

impl Vc {
    /// F-GCRA over a frame of `cells` whose first cell arrives at `t`, the others `gap` apart: is it
    /// tagged? Every cell of an untagged frame uses credit.
    fn classify(&mut self, c: &Contract, t: Time, cells: u32, gap: Time) -> bool {
        let lpt = *self.lpt.get_or_insert(t);
        let mut x_prime = self.x - (t as i64 - lpt as i64);
        if x_prime > c.t {
            return true;
        }
        for k in 0..cells as u64 {
            self.x = x_prime.max(0) + c.i;
            self.lpt = Some(t + k * gap);
            x_prime = self.x - gap as i64;
        }
        false
    }

    /// X' a first cell arriving at `now` would see (what is compared with T).
    fn level(&self, now: Time) -> i64 {
        self.lpt.map_or(0, |lpt| self.x - (now as i64 - lpt as i64)).max(0)
    }
}

/// GFR (ATM Forum TM 4.1): per-VC F-GCRA tagging over one cell FIFO with EPD/PPD thresholds.
pub struct Gfr {
    params: Params,
    link: LinkInfo,
    atm: AtmSpec,
    /// The link's cell time: the spacing of a frame's cells at the classifier.
    cell_time: Time,
    contracts: Vec<Contract>,
    vcs: Vec<Vc>,
    queue: PacketQueue,
    /// Q, cells.
    q_cells: u64,
    /// Time of the last arrival or departure, for the bucket levels shown.
    now: Time,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 9] = [
    StateSpec::new("q_cells", "cells", StateMeaning::Occupancy),
    StateSpec::new("lbo_cells", "cells", StateMeaning::DiscardLow),
    StateSpec::new("hbo_cells", "cells", StateMeaning::DiscardHigh),
    StateSpec::new("max_q_cells", "cells", StateMeaning::Buffer),
    StateSpec::new("untagged_frames", "frames", StateMeaning::Count),
    StateSpec::new("tagged_frames", "frames", StateMeaning::Count),
    StateSpec::new("epd_frames", "frames", StateMeaning::EarlyDiscards),
    StateSpec::new("ppd_frames", "frames", StateMeaning::PartialDiscards),
    StateSpec::new("fair_share_mbps", "Mbit/s", StateMeaning::Other),
];

impl Algorithm for Gfr {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "gfr",
        "GFR: F-GCRA + EPD (seed 002)",
        "ATM Forum TM 4.1 (af-tm-0121.000, 1999); Bonaventure & Nelissen, IEEE Network 2001 (seed 002)",
        "ATM GFR on one FIFO: F-GCRA(1/MCR, T) tags each VC's frames beyond its MCR; whole frames are \
                  discarded from LBO if tagged and from HBO if not (EPD), cells beyond MAX_Q are cut (PPD). \
                  Needs link.atm; the queue and thresholds count cells, MAX_Q replaces link.buffer.",
    )
    .signals(&[super::Reason::Epd, super::Reason::Ppd], &[])
    .own_buffer("max_q_cells")
    .requires_field("link.atm")
    .state(&STATE)
    .params(&[
        ParamSpec::real(
            "mcr_step_mbps",
            "MCR step",
            "Mbit/s",
            (0.001, 100_000.0),
            "VC i reserves (i+1)·step unless mcr_mbps lists each VC (seed 002: 5, 10, 15, 20, 25)",
        )
        .role(Role::Rate),
        ParamSpec::real(
            "pcr_mbps",
            "PCR",
            "Mbit/s",
            (0.001, 100_000.0),
            "Peak cell rate in T = (MBS−1)(1/MCR − 1/PCR) + CDVT; not in the seed: its access rate",
        )
        .role(Role::Rate),
        ParamSpec::int(
            "mbs_cells",
            "MBS",
            "cells",
            (1.0, 100_000.0),
            "Maximum burst size in T; not in the seed: 2·MFS = 46 cells (docs/algorithms/gfr-atm.md)",
        )
        .role(Role::Size),
        ParamSpec::real("cdvt_ms", "CDVT", "ms", (0.0, 1000.0), "Cell delay variation tolerance in T")
            .role(Role::Period),
        ParamSpec::int(
            "lbo_cells",
            "LBO",
            "cells",
            (0.0, 1e6),
            "Tagged frames are discarded from here on (EPD); not in the seed: 750 (variant B: 1500)",
        )
        .role(Role::QueueLevel)
        .below("hbo_cells"),
        ParamSpec::int(
            "hbo_cells",
            "HBO",
            "cells",
            (0.0, 1e6),
            "Every frame is discarded from here on (EPD); seed 002 §3.1: 1500 (variant B: 2908)",
        )
        .role(Role::QueueLevel)
        .below("max_q_cells"),
        ParamSpec::int(
            "max_q_cells",
            "MAX_Q",
            "cells",
            (1.0, 1e6),
            "Cell buffer, cells beyond it are cut (PPD); seed 002 §3.1: 3000; replaces link.buffer",
        )
        .role(Role::Size),
    ]);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let atm = link.atm.ok_or_else(|| {
            Problem::constraint("kind", "gfr works on ATM cells: turn on the link's ATM mode (link.atm)".into())
        })?;
        validate(&params, link)?;
        let mut q = Gfr {
            params,
            link: *link,
            atm,
            cell_time: atm.cells_time(1, link.rate_bps),
            contracts: Vec::new(),
            vcs: vec![Vc::default(); link.flows],
            queue: PacketQueue::new(),
            q_cells: 0,
            now: 0,
        };
        q.recompute();
        Ok(q)
    }
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    if !(p.lbo_cells <= p.hbo_cells && p.hbo_cells <= p.max_q_cells) {
        let message = format!(
            "thresholds must satisfy lbo_cells ≤ hbo_cells ≤ max_q_cells (got {}, {}, {})",
            p.lbo_cells, p.hbo_cells, p.max_q_cells
        );
        return Err(if p.lbo_cells > p.hbo_cells {
            Problem::below("lbo_cells", p.lbo_cells as f64, "hbo_cells", p.hbo_cells as f64, message)
        } else {
            Problem::below("hbo_cells", p.hbo_cells as f64, "max_q_cells", p.max_q_cells as f64, message)
        });
    }
    if !p.mcr_mbps.is_empty() && p.mcr_mbps.len() != link.flows {
        let message = format!(
            "mcr_mbps lists {} VCs but the scenario has {} flows (leave it empty for the mcr_step_mbps rule)",
            p.mcr_mbps.len(),
            link.flows
        );
        return Err(Problem::constraint("mcr_mbps", message));
    }
    for vc in 0..link.flows {
        let mcr = p.mcr_of(vc);
        if !(mcr.is_finite() && mcr > 0.0 && mcr <= p.pcr_mbps) {
            let field = if p.mcr_mbps.is_empty() { "mcr_step_mbps".to_string() } else { format!("mcr_mbps[{vc}]") };
            let message = format!("the MCR of VC {vc} must be within 0..={} Mbit/s (pcr_mbps) (got {mcr})", p.pcr_mbps);
            return Err(Problem {
                other: Some("pcr_mbps".into()),
                message,
                ..Problem::out_of_range(&field, 0.0, p.pcr_mbps, "Mbit/s", mcr)
            });
        }
    }
    Ok(())
}

impl Gfr {
    fn recompute(&mut self) {
        let n = self.link.flows.max(self.vcs.len());
        self.contracts = (0..n).map(|vc| Contract::new(self.params.mcr_of(vc), &self.params)).collect();
    }

    /// A flow id beyond the scenario's (not expected): it gets the step rule's contract.
    fn grow(&mut self, vc: usize) {
        if vc >= self.vcs.len() {
            self.vcs.resize(vc + 1, Vc::default());
            self.recompute();
        }
    }

    /// Fair share of the excess, Mbit/s: (C − ΣMCR)/n with C the cell rate (seed 002 §3.2).
    pub fn fair_share_mbps(&self) -> f64 {
        let c = self.atm.cell_rate_bps(self.link.rate_bps) / 1e6;
        let n = self.contracts.len().max(1);
        (c - self.contracts.iter().map(|k| k.mcr_mbps).sum::<f64>()) / n as f64
    }

    /// The counters of VC `vc` (flow id), if it exists.
    pub fn vc_stats(&self, vc: usize) -> Option<VcStats> {
        self.vcs.get(vc).map(|v| v.stats)
    }

    fn total(&self, f: impl Fn(&VcStats) -> u64) -> f64 {
        self.vcs.iter().map(|v| f(&v.stats)).sum::<u64>() as f64
    }
}

impl QueueDisc for Gfr {
    fn enqueue(&mut self, mut packet: Packet, env: &mut Env) {
        self.now = self.now.max(env.now);
        if packet.cells == 0 {
            packet.cells = aal5_cells(packet.size);
        }
        let v = packet.flow as usize;
        self.grow(v);
        let tagged = self.vcs[v].classify(&self.contracts[v], env.now, packet.cells, self.cell_time);
        packet.clp = tagged;
        let vc = &mut self.vcs[v];
        if tagged {
            vc.stats.tagged_frames += 1;
            vc.stats.tagged_bytes += packet.size as u64;
        } else {
            vc.stats.untagged_frames += 1;
            vc.stats.untagged_bytes += packet.size as u64;
        }
        let p = &self.params;
        let q = self.q_cells;
        // EPD (seed 002 §2.2): decided on the first cell against the queue before the frame.
        if q >= p.hbo_cells as u64 || (tagged && q >= p.lbo_cells as u64) {
            vc.stats.epd_frames += 1;
            env.drop(packet, Reason::Epd);
            return;
        }
        // The previous frame's remnant had no EOM: reassembly runs this frame into it and fails.
        packet.corrupt = vc.eom_lost;
        let room = (p.max_q_cells as u64).saturating_sub(q);
        debug_assert!(room > 0, "q < hbo ≤ max_q");
        if packet.cells as u64 > room {
            // PPD: the cells beyond MAX_Q are lost, EOM included; the rest still uses the link.
            packet.cells = room as u32;
            packet.corrupt = true;
            vc.eom_lost = true;
            vc.stats.ppd_frames += 1;
        } else {
            vc.eom_lost = false;
        }
        packet.enqueued_at = env.now;
        self.q_cells += packet.cells as u64;
        self.queue.push(packet);
    }

    fn dequeue(&mut self, env: &mut Env) -> Option<Packet> {
        self.now = self.now.max(env.now);
        let p = self.queue.pop()?;
        self.q_cells -= p.cells as u64;
        let s = &mut self.vcs[p.flow as usize].stats;
        if p.clp {
            s.tagged_cells_out += p.cells as u64;
        } else {
            s.untagged_cells_out += p.cells as u64;
        }
        Some(p)
    }

    fn len_packets(&self) -> usize {
        self.queue.len()
    }

    fn len_bytes(&self) -> u64 {
        self.queue.bytes()
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = params::with_value(&self.params, Self::INFO.params, name, value)?;
        validate(&p, &self.link)?;
        self.params = p;
        self.recompute();
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("q_cells", self.q_cells as f64),
            ("lbo_cells", self.params.lbo_cells as f64),
            ("hbo_cells", self.params.hbo_cells as f64),
            ("max_q_cells", self.params.max_q_cells as f64),
            ("untagged_frames", self.total(|s| s.untagged_frames)),
            ("tagged_frames", self.total(|s| s.tagged_frames)),
            ("epd_frames", self.total(|s| s.epd_frames)),
            ("ppd_frames", self.total(|s| s.ppd_frames)),
            ("fair_share_mbps", self.fair_share_mbps()),
        ]
    }

    /// Per VC: the contract (MCR, MCR + FS, T) and bucket level X' (µs), classification and discard counts,
    /// and the cells sent by CLP (their rate is the VC's untagged and total ATM throughput).
    fn per_flow_state(&self) -> Vec<(&'static str, Vec<f64>)> {
        let fs = self.fair_share_mbps();
        let col = |f: &dyn Fn(&VcStats) -> u64| self.vcs.iter().map(|v| f(&v.stats) as f64).collect();
        vec![
            ("mcr_mbps", self.contracts.iter().map(|c| c.mcr_mbps).collect()),
            ("mcr_fs_mbps", self.contracts.iter().map(|c| c.mcr_mbps + fs).collect()),
            ("x_us", self.vcs.iter().map(|v| v.level(self.now) as f64 / 1e3).collect()),
            ("t_us", self.contracts.iter().map(|c| c.t as f64 / 1e3).collect()),
            ("untagged_frames", col(&|s| s.untagged_frames)),
            ("tagged_frames", col(&|s| s.tagged_frames)),
            ("untagged_bytes", col(&|s| s.untagged_bytes)),
            ("tagged_bytes", col(&|s| s.tagged_bytes)),
            ("epd_frames", col(&|s| s.epd_frames)),
            ("ppd_frames", col(&|s| s.ppd_frames)),
            ("untagged_cells_out", col(&|s| s.untagged_cells_out)),
            ("tagged_cells_out", col(&|s| s.tagged_cells_out)),
        ]
    }

    /// The queue in cells, the unit of LBO/HBO/MAX_Q (GFR has no averaged queue or probability).
    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.q_cells as f64, p: f64::NAN }
    }

    fn for_each_queued(&self, f: &mut dyn FnMut(&Packet)) {
        self.queue.iter().for_each(f);
    }

    fn drain(&mut self) -> Vec<Packet> {
        self.q_cells = 0;
        self.queue.drain()
    }

    fn adopt(&mut self, mut packet: Packet) {
        if packet.cells == 0 {
            packet.cells = aal5_cells(packet.size);
        }
        self.grow(packet.flow as usize);
        self.q_cells += packet.cells as u64;
        self.queue.push(packet);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Limit, Signal};
    use super::*;
    use crate::rng::Rng;
    use crate::time::MICRO;

    /// A 424 Mbit/s ATM link: one cell per µs.
    fn atm_link(flows: usize) -> LinkInfo {
        LinkInfo { rate_bps: 424e6, flows, atm: Some(AtmSpec::default()), ..link(Limit::packets(1000)) }
    }

    /// A frame of `cells` cells (IP size 48·cells − 16).
    fn frame(flow: u32, cells: u32) -> Packet {
        pkt(flow, 48 * cells - 16)
    }

    fn arrive(q: &mut Gfr, flow: u32, cells: u32, at_us: u64, rng: &mut Rng) -> Vec<Signal> {
        enqueue_at(q, frame(flow, cells), at_us * MICRO, rng)
    }

    fn dequeue_n(q: &mut Gfr, n: usize, rng: &mut Rng) -> Vec<Packet> {
        (0..n).map(|_| dequeue_at(q, 0, rng).0.expect("a queued frame")).collect()
    }

    #[test]
    fn contract_of_the_seeds_smallest_vc() {
        // MCR 5 Mbit/s = 11 792.45 cells/s: I = 84.8 µs; PCR 100 Mbit/s: 4.24 µs; T = 45·80.56 µs.
        let c = Contract::new(5.0, &Params::default());
        assert_eq!((c.i, c.t), (84_800, 3_625_200));
    }

    #[test]
    fn fgcra_tags_a_known_frame_sequence_as_computed_by_hand() {
        // I = 100 µs (4.24 Mbit/s), 1/PCR = 10 µs, MBS 3: T = 2·(100 − 10) = 180 µs; cells 1 µs apart.
        let p = Params { mcr_mbps: vec![4.24], pcr_mbps: 42.4, mbs_cells: 3, ..Params::default() };
        let mut q = Gfr::new(p, &atm_link(1)).unwrap();
        assert_eq!((q.contracts[0].i, q.contracts[0].t, q.cell_time), (100_000, 180_000, 1000));
        let mut rng = Rng::new(1, 1);
        // Two-cell frames. t = 0: X' = 0 → untagged; X = 100, then X' = 99, X = 199, LPT = 1.
        // t = 10: X' = 199 − 9 = 190 > 180 → tagged, X unchanged.
        // t = 20: X' = 199 − 19 = 180, not > T → untagged; X = 280, X = 279 + 100 = 379, LPT = 21.
        // t = 500: X' = 379 − 479 < 0 → untagged; X = 100, then 199, LPT = 501.
        for t in [0, 10, 20, 500] {
            assert!(arrive(&mut q, 0, 2, t, &mut rng).is_empty());
        }
        let clp: Vec<bool> = dequeue_n(&mut q, 4, &mut rng).iter().map(|p| p.clp).collect();
        assert_eq!(clp, vec![false, true, false, false]);
        assert_eq!((q.vcs[0].x, q.vcs[0].lpt), (199_000, Some(501 * MICRO)));
        let s = q.vc_stats(0).unwrap();
        assert_eq!((s.untagged_frames, s.tagged_frames, s.untagged_bytes, s.tagged_bytes), (3, 1, 240, 80));
        assert_eq!((s.untagged_cells_out, s.tagged_cells_out), (6, 2));
        // Seen from t = 500 µs the bucket holds 199 + 1 µs, above T: the next frame would be tagged.
        let x = &q.per_flow_state()[2];
        assert_eq!((x.0, x.1[0]), ("x_us", 200.0));
    }

    #[test]
    fn epd_refuses_whole_tagged_frames_from_lbo_and_all_frames_from_hbo() {
        // VC 0: MCR = line rate, never tagged at these spacings. VC 1: I = 1 ms, T = 0: only its first
        // frame is untagged. LBO 4, HBO 8 cells.
        let p = Params {
            mcr_mbps: vec![424.0, 0.424],
            pcr_mbps: 424.0,
            mbs_cells: 1,
            lbo_cells: 4,
            hbo_cells: 8,
            max_q_cells: 20,
            ..Params::default()
        };
        let mut q = Gfr::new(p, &atm_link(2)).unwrap();
        let mut rng = Rng::new(1, 1);
        let epd = |s: Vec<Signal>| s.iter().map(|s| (s.packet.flow, s.reason)).collect::<Vec<_>>();
        assert!(arrive(&mut q, 0, 2, 0, &mut rng).is_empty()); // Q 0 → 2
        assert!(arrive(&mut q, 1, 1, 10, &mut rng).is_empty()); // VC 1's first frame, untagged: Q 3
        assert!(arrive(&mut q, 1, 2, 20, &mut rng).is_empty()); // tagged at Q 3 < LBO: whole frame, Q 5
        assert_eq!(q.q_cells, 5);
        assert_eq!(epd(arrive(&mut q, 1, 2, 30, &mut rng)), vec![(1, Reason::Epd)]); // tagged at Q 5 ≥ LBO
        assert!(arrive(&mut q, 0, 2, 40, &mut rng).is_empty()); // untagged at Q 5: Q 7
        assert!(arrive(&mut q, 0, 2, 50, &mut rng).is_empty()); // untagged at Q 7 < HBO: whole frame, Q 9
        assert_eq!(q.q_cells, 9);
        assert_eq!(epd(arrive(&mut q, 0, 2, 60, &mut rng)), vec![(0, Reason::Epd)]); // Q 9 ≥ HBO
        let out = dequeue_n(&mut q, 3, &mut rng);
        assert_eq!(
            out.iter().map(|p| (p.flow, p.cells, p.clp)).collect::<Vec<_>>(),
            [(0, 2, false), (1, 1, false), (1, 2, true)]
        );
        assert_eq!(q.q_cells, 4);
        assert_eq!(epd(arrive(&mut q, 1, 2, 100, &mut rng)), vec![(1, Reason::Epd)]); // tagged at Q = LBO
        dequeue_n(&mut q, 1, &mut rng);
        assert!(arrive(&mut q, 1, 2, 110, &mut rng).is_empty()); // tagged at Q 2 < LBO
        assert_eq!((q.q_cells, q.len_packets()), (4, 2));
        assert_eq!((q.vc_stats(0).unwrap().epd_frames, q.vc_stats(1).unwrap().epd_frames), (1, 2));
        assert!(q.queue.iter().all(|p| !p.corrupt));
    }

    #[test]
    fn ppd_cuts_a_frame_at_max_q_and_the_next_frame_of_that_vc_is_lost_in_reassembly() {
        let p = Params { lbo_cells: 12, hbo_cells: 12, max_q_cells: 12, ..Params::default() };
        let mut q = Gfr::new(p, &atm_link(2)).unwrap();
        let mut rng = Rng::new(1, 1);
        assert!(arrive(&mut q, 0, 5, 0, &mut rng).is_empty()); // Q 5
        assert!(arrive(&mut q, 0, 5, 10, &mut rng).is_empty()); // Q 10
                                                                // Accepted at Q 10 < HBO, but only 2 of its 5 cells fit: PPD, no signal at the switch.
        assert!(arrive(&mut q, 0, 5, 20, &mut rng).is_empty());
        assert_eq!(q.q_cells, 12);
        assert_eq!(q.vc_stats(0).unwrap().ppd_frames, 1);
        let s = arrive(&mut q, 1, 5, 30, &mut rng);
        assert_eq!((s.len(), s[0].reason), (1, Reason::Epd)); // Q 12 ≥ HBO
        dequeue_n(&mut q, 2, &mut rng);
        assert!(arrive(&mut q, 1, 5, 40, &mut rng).is_empty()); // Q 2 → 7, intact
        assert!(arrive(&mut q, 0, 5, 50, &mut rng).is_empty()); // Q 7 → 12 exactly: no PPD, but merged
        dequeue_n(&mut q, 3, &mut rng).iter().zip([(0, 2, true), (1, 5, false), (0, 5, true)]).for_each(|(p, e)| {
            assert_eq!((p.flow, p.cells, p.corrupt), e);
        });
        assert!(arrive(&mut q, 0, 5, 60, &mut rng).is_empty()); // reassembly back in step
        assert!(!dequeue_n(&mut q, 1, &mut rng)[0].corrupt);
        assert_eq!(q.vc_stats(0).unwrap().ppd_frames, 1);
    }

    #[test]
    fn mcr_plus_fair_share_follows_the_seed_and_parameters_are_checked() {
        let link = LinkInfo { rate_bps: 155.52e6, ..atm_link(5) };
        let q = Gfr::new(Params::default(), &link).unwrap();
        let st = q.per_flow_state();
        assert_eq!(st[0].1, vec![5.0, 10.0, 15.0, 20.0, 25.0]);
        // RBW = 155.52 − 75 = 80.52, FS = 16.104 (seed 002 §3.2).
        for (got, want) in st[1].1.iter().zip([21.104, 26.104, 31.104, 36.104, 41.104]) {
            assert!((got - want).abs() < 1e-9, "{got} vs {want}");
        }
        let payload = LinkInfo { atm: Some(AtmSpec { cell_rate_basis: crate::atm::CellRateBasis::Payload }), ..link };
        assert!((Gfr::new(Params::default(), &payload).unwrap().fair_share_mbps() - 14.952).abs() < 1e-9);

        let err = |p: Params, l: &LinkInfo| Gfr::new(p, l).err().unwrap();
        assert!(err(Params::default(), &LinkInfo { atm: None, ..link }).contains("link.atm"));
        assert!(err(Params { lbo_cells: 2000, ..Params::default() }, &link).contains("lbo_cells ≤ hbo_cells"));
        assert!(err(Params { mcr_mbps: vec![1.0, 2.0], ..Params::default() }, &link).contains("lists 2 VCs"));
        assert!(err(Params { mcr_step_mbps: 30.0, ..Params::default() }, &link).contains("MCR of VC 3"));
        let b = Params::variant_b();
        assert_eq!((b.lbo_cells, b.hbo_cells, b.max_q_cells), (1500, 2908, 3000));

        let mut q = Gfr::new(Params::default(), &link).unwrap();
        q.set_param("mbs_cells", 1.0).unwrap(); // T = CDVT = 0
        assert_eq!(q.contracts[4].t, 0);
        assert!(q.set_param("hbo_cells", 4000.0).unwrap_err().contains("hbo_cells ≤ max_q_cells"));
        assert_eq!(q.params.hbo_cells, 1500);
    }
}
