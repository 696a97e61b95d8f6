//! A test-only discipline that proves the catalogue carries everything the page needs: adding it is this
//! file and one registry line (behind `cfg(test)` or the `dummy-discipline` feature), and the page shows it
//! in the picker, the parameter panel, the drag handles and the probability curve without a change under
//! `web/` (docs/parameter-roles.md). Its names are deliberately unlike RED's, so no name can be guessed.
//!
//! ```text
//! q = instantaneous queue (link buffer unit)
//! q < start: admit · start ≤ q < end: early drop/mark with p = top·(q − start)/(end − start) · q ≥ end: forced drop
//! ```

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::StateSpec;
use super::params::{with_value, ParamSpec};
use super::shared_specs;
use super::{check_threshold_in_buffer, Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue};
use super::{QueueDisc, Reason};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
/// The test discipline's ramp, in the link buffer's unit.
pub struct Params {
    /// Queue where early drops begin.
    pub start: f64,
    /// Queue where the probability reaches `top` and forced drops begin.
    pub end: f64,
    /// Drop probability at `end`.
    pub top: f64,
    /// Mark ECN-capable packets (RFC 3168) instead of dropping them.
    pub ecn: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params { start: 4.0, end: 12.0, top: 0.2, ecn: false }
    }
}

const SPECS: &[ParamSpec] = &[
    ParamSpec::real("start", "ramp start", "queue unit", (0.0, 1e6), "Queue where early drops start (test only)")
        .queue_level()
        .below("end"),
    ParamSpec::real("end", "ramp end", "queue unit", (0.0, 1e6), "Queue where p reaches top (test only)").queue_level(),
    ParamSpec::real("top", "top probability", "", (0.0, 1.0), "Drop probability at end (test only)")
        .probability(Some("end")),
    shared_specs::ECN,
];

/// Test-only discipline: a linear drop ramp on the instantaneous queue.
pub struct Dummy {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    p: f64,
}

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    if p.start >= p.end {
        let message = format!("start ({}) must be less than end ({})", p.start, p.end);
        return Err(Problem::below("start", p.start, "end", p.end, message));
    }
    check_threshold_in_buffer("end", p.end, link.limit.unit, link)
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 1] = [StateSpec::probability("p")];

impl Algorithm for Dummy {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "dummy",
        "Test ramp",
        "None: a test-only discipline",
        "Drops with a probability that rises linearly with the instantaneous queue (test only).",
    )
    .signals(&[Reason::Overflow, Reason::Early, Reason::Forced], &[Reason::Early])
    .state(&STATE)
    .params(SPECS);
    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        Ok(Dummy { params, link: *link, queue: PacketQueue::new(), p: 0.0 })
    }
    super::params_field!();
}

impl Dummy {
    fn probability(&self, q: f64) -> f64 {
        let Params { start, end, top, .. } = self.params;
        if q < start {
            0.0
        } else if q >= end {
            1.0
        } else {
            top * (q - start) / (end - start)
        }
    }
}

impl QueueDisc for Dummy {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let q = self.queue.length(self.link.limit.unit);
        self.p = self.probability(q);
        let kept = if q >= self.params.end {
            env.drop(packet, Reason::Forced);
            None
        } else if self.p > 0.0 && env.uniform() < self.p {
            env.signal(packet, Reason::Early, self.params.ecn)
        } else {
            Some(packet)
        };
        if let Some(p) = kept {
            self.queue.admit(p, self.link.limit, env);
        }
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let next = with_value(&self.params, SPECS, name, value)?;
        validate(&next, &self.link)?;
        self.params = next;
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![("p", self.p)]
    }

    fn operating_point(&self) -> OperatingPoint {
        OperatingPoint { avg: self.queue.length(self.link.limit.unit), p: self.p }
    }

    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        let Params { start, end, top, .. } = self.params;
        Some(vec![[0.0, 0.0], [start, 0.0], [end, top], [end, 1.0], [2.0 * end, 1.0]])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::Limit;
    use super::*;

    #[test]
    fn ramps_linearly_from_start_to_end_then_forces() {
        let q = Dummy::new(Params::default(), &link(Limit::packets(100))).unwrap();
        // 4 → 0, 8 → 0.2·4/8 = 0.1, 12 → forced.
        assert_eq!((q.probability(3.0), q.probability(8.0), q.probability(12.0)), (0.0, 0.1, 1.0));
        assert!(Dummy::new(Params { start: 12.0, ..Params::default() }, &link(Limit::packets(100))).is_err());
    }
}
