//! Self-configuring RED (W. Feng, D. Kandlur, D. Saha, K. Shin, "A Self-Configuring RED Gateway", IEEE
//! INFOCOM 1999), docs/algorithms/red-family.md. Seed 003 §II describes this scheme under the name "ARED";
//! the picker labels it so to keep it apart from Floyd's 2001 Adaptive RED (`ared`).
//!
//! ```text
//! after each update of avg (per arrival):
//!     avg < min_th and status ≠ below:  status ← below;  max_p ← max_p/α      (α = 3)
//!     avg > max_th and status ≠ above:  status ← above;  max_p ← max_p·β      (β = 2)
//!     min_th < avg < max_th:            status ← between
//! then RED (docs/algorithms/red-family.md) with the current max_p
//! ```
//! max_p changes only when avg *enters* a region (ns-3 `FengAdaptive`). Ours: the status starts `below`
//! (the queue starts empty, so the first arrival does not divide max_p) and max_p is capped at 1.

use crate::problem::Problem;

use super::params::Role;
use super::params::{concat, StateSpec};
use super::params::{with_value, ParamSpec};
use super::red_core::Region;
use super::red_core::{check_line, check_weight, restart_max_p, Average, Line, Marks};
use super::red_params::{ecn_hard_drop, ns_switches, red_params};
use super::shared_specs;
use super::QueueUnit;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, Packet, PacketQueue, QueueDisc};

red_params! {
    /// Parameters (Feng et al. 1999: α = 3, β = 2; thresholds and w_q as RED).
    pub struct Params {
        /// Packets.
        pub min_th: f64 = 5.0,
        /// Packets.
        pub max_th: f64 = 15.0,
        /// Initial max_p (0.02).
        pub max_p: f64 = 0.02,
        /// EWMA weight of the average queue (Floyd & Jacobson 1993 §4).
        pub w_q: f64 = 0.002,
        /// Divisor of max_p on entering below min_th (3).
        pub alpha: f64 = 3.0,
        /// Factor of max_p on entering above max_th (2).
        pub beta: f64 = 2.0,
        ecn_hard_drop!(),
        /// Start with status `above` as ns-3 does (`InitializeParams`: m_fengStatus = Above); off: `below`.
        pub start_above: bool = false,
        ns_switches!(),
    }
}

const SPECS: &[ParamSpec] = &shared_specs::concat::<9, 4, 13>(
    [
        shared_specs::min_th("packets", 1e6, "Average queue where early drops start (RED, Floyd & Jacobson 1993)"),
        shared_specs::max_th("packets", 1e6, "Average queue where p_b reaches max_p; forced drops beyond (RED 1993)"),
        shared_specs::initial_max_p((0.0, 1.0), "Starting max_p, then scaled by α and β (Feng et al. 1999)"),
        shared_specs::W_Q,
        ParamSpec::real(
            "alpha",
            "decrease divisor α",
            "",
            (1.0, 100.0),
            "max_p ← max_p/α when avg falls below min_th (Feng et al. 1999: 3)",
        )
        .role(Role::Gain),
        ParamSpec::real(
            "beta",
            "increase factor β",
            "",
            (1.0, 100.0),
            "max_p ← max_p·β when avg rises above max_th (Feng et al. 1999: 2)",
        )
        .role(Role::Gain),
        shared_specs::ECN,
        shared_specs::HARD_DROP,
        ParamSpec::flag(
            "start_above",
            "start above max_th",
            "Initial status 'above' as ns-3 RedQueueDisc::InitializeParams (the first arrival, avg below min_th, \
         divides max_p by α); off: 'below', the empty queue's region (docs/red.md)",
        ),
    ],
    shared_specs::NS_SWITCHES,
);

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    check_line(p.min_th, p.max_th, p.max_p, QueueUnit::Packets, link)?;
    check_weight(p.w_q)
}

#[derive(Clone, Copy, Debug)]
struct Vars {
    avg: Average,
    marks: Marks,
    max_p: f64,
    /// Feng's status: the region avg was last seen in (Below, Between or Above).
    status: Region,
}

/// Self-configuring RED (Feng et al. 1999): max_p divided by alpha when avg enters below min_th, multiplied by beta when it enters above max_th.
pub struct FengAred {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

impl FengAred {
    super::red_core::ns_red_switches!();

    fn line(&self) -> Line {
        Line { min_th: self.params.min_th, max_th: self.params.max_th, max_p: self.vars.max_p, gentle_upper: None }
    }

    /// Feng et al. 1999 Fig. 6: scale max_p once on entering the region below min_th or above max_th.
    fn adapt(&mut self, avg: f64) {
        let (p, v) = (&self.params, &mut self.vars);
        if p.min_th < avg && avg < p.max_th {
            v.status = Region::Between;
        } else if avg < p.min_th && v.status != Region::Below {
            v.status = Region::Below;
            v.max_p /= p.alpha;
        } else if avg > p.max_th && v.status != Region::Above {
            v.status = Region::Above;
            v.max_p = (v.max_p * p.beta).min(1.0);
        }
    }
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 7] = concat(super::red_core::SNAPSHOT_STATE, [StateSpec::other("status")]);

impl Algorithm for FengAred {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "feng_ared",
        "Self-configuring RED (Feng 1999; seed 003's \"ARED\")",
        "W. Feng, D. Kandlur, D. Saha, K. Shin, A Self-Configuring RED Gateway, IEEE INFOCOM 1999; seed 003 §II",
        "RED that divides max_p by 3 when the average queue falls below min_th and doubles it above max_th.",
    )
    .red_signals()
    .state(&STATE)
    .params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        let status = if params.start_above { Region::Above } else { Region::Below };
        let vars = Vars { avg: Average::default(), marks: Marks::default(), max_p: params.max_p, status };
        Ok(FengAred { params, link: *link, queue: PacketQueue::new(), vars })
    }
}

impl QueueDisc for FengAred {
    super::red_core::ns_red_queue!(packet_line);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        self.arrive(packet, env, self.params.w_q, QueueUnit::Packets, |feng, avg| {
            feng.adapt(avg);
            let line = feng.line();
            (line.region(avg), line.p_b(avg))
        });
    }

    /// Setting `max_p` restarts from the new value; other changes keep the adapted max_p.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = with_value(&self.params, SPECS, name, value)?;
        validate(&p, &self.link)?;
        self.params = p;
        restart_max_p(name, &mut self.vars.max_p, p.max_p);
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let mut s = self.vars.marks.snapshot(self.vars.avg.avg, self.vars.max_p);
        s.push(("status", self.vars.status.code()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::aqm::Registered;
    use crate::aqm::{Limit, Reason};
    use crate::rng::Rng;
    use crate::time::MILLI;

    /// One arrival with `n` packets queued; w_q = 1 makes avg = n.
    fn arrive_at_queue(q: &mut FengAred, n: usize, rng: &mut Rng) -> Vec<crate::aqm::Signal> {
        q.queue.drain();
        (0..n).for_each(|_| q.adopt(pkt(9, 1000)));
        enqueue_at(q, pkt(0, 1000), MILLI, rng)
    }

    #[test]
    fn max_p_is_doubled_on_entering_above_and_divided_by_three_on_entering_below() {
        let p = Params { w_q: 1.0, ..Params::default() };
        let mut q = FengAred::new(p, &link(Limit::packets(100))).unwrap();
        q.vars.avg.idle = false;
        let mut rng = Rng::new(1, 2);
        let mut trace = vec![];
        for n in [0, 10, 20, 25, 10, 2, 1, 16, 3] {
            let s = arrive_at_queue(&mut q, n, &mut rng);
            if n > 15 {
                assert_eq!(s[0].reason, Reason::Forced);
            }
            trace.push(q.vars.max_p);
        }
        // Starts below: 0 and 10 change nothing; 20 enters above (×2), 25 stays above; 10 between; 2 enters
        // below (/3), 1 stays below; 16 above (×2); 3 below (/3).
        let want = [0.02, 0.02, 0.04, 0.04, 0.04, 0.04 / 3.0, 0.04 / 3.0, 0.08 / 3.0, 0.08 / 9.0];
        assert_eq!(trace.len(), want.len());
        for (got, want) in trace.iter().zip(want) {
            assert!((got - want).abs() < 1e-15, "{trace:?}");
        }
        assert_eq!(q.state()[6], ("status", 0.0));
    }

    #[test]
    fn set_param_rejects_inverted_thresholds_and_keeps_the_old_ones() {
        let mut q = FengAred::new(Params::default(), &link(Limit::packets(100))).unwrap();
        assert!(q.set_param("min_th", 20.0).unwrap_err().contains("below max_th (15)"));
        assert!(q.set_param("max_p", 0.0).unwrap_err().contains("must be in (0, 1]"));
        assert_eq!(q.config(), AqmConfig::FengAred(Params::default()));
        assert!(FengAred::INFO.label.contains("seed 003"));
    }

    #[test]
    fn ns3_start_above_divides_max_p_on_the_first_arrival() {
        // ns-3 RedQueueDisc::InitializeParams sets m_fengStatus = Above: the empty queue's first arrival
        // enters "below" and divides max_p by α; the default status "below" leaves it.
        let p = Params { w_q: 1.0, start_above: true, ..Params::default() };
        let mut q = FengAred::new(p, &link(Limit::packets(100))).unwrap();
        q.vars.avg.idle = false;
        arrive_at_queue(&mut q, 0, &mut Rng::new(1, 2));
        assert!((q.vars.max_p - 0.02 / 3.0).abs() < 1e-15);
        let mut q = FengAred::new(Params { w_q: 1.0, ..Params::default() }, &link(Limit::packets(100))).unwrap();
        q.vars.avg.idle = false;
        arrive_at_queue(&mut q, 0, &mut Rng::new(1, 2));
        assert_eq!(q.vars.max_p, 0.02);
    }
}
