//! WRED — Weighted RED: RED (Floyd & Jacobson 1993, docs/algorithms/red-family.md) with a separate drop line per service
//! class, as in Cisco IOS WRED and the DiffServ AF drop precedences (RFC 2597). Seed 001 §V names Weighted
//! RED as its next hardware target.
//!
//! ```text
//! avg: one EWMA of the whole queue, shared by all classes (Floyd's update and idle decay)
//! class c = min(packet.class, 3):  p_b = max_p[c]·(avg − min_th[c])/(max_th[c] − min_th[c]),  p_a with count[c]
//!                                  forced drop at avg ≥ max_th[c]
//! ```
//! Choices: the average is shared (Cisco's WRED averages the interface queue, not a per-class queue), so a
//! class's thresholds say "how congested the link must be before this class loses packets". `class` is a drop
//! precedence: higher classes get lower thresholds and are dropped first (defaults min_th 11, 9, 7, 5 with a
//! common max_th 15 and max_p 0.1, Cisco's 1/10). Classes above 3 use class 3's line. The spacing counter is
//! per class (count since that class's last mark).

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::{with_value, ParamSpec};
use super::params::{StateMeaning, StateSpec};
use super::red_core::Signalling;
use super::red_core::{act, buffer_in, check_line, check_weight, small_packet_time, Average, Line, Marks};
use super::shared_specs;
use super::QueueUnit;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue, QueueDisc};

/// Number of service classes with their own drop line (0..=3).
pub const CLASSES: usize = 4;

/// Per-class lines in packets; see the module doc for the defaults.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Weight of the shared queue average's EWMA (Floyd & Jacobson 1993 §4).
    pub w_q: f64,
    /// Mark ECN-capable packets (RFC 3168) instead of dropping them.
    pub ecn: bool,
    /// Forced drops stay drops even with ECN (ns-2/ns-3 `UseHardDrop`).
    pub hard_drop: bool,
    /// Class 0's min_th, packets.
    pub min_th_0: f64,
    /// Class 0's max_th, packets.
    pub max_th_0: f64,
    /// Class 0's max_p.
    pub max_p_0: f64,
    /// Class 1's min_th, packets.
    pub min_th_1: f64,
    /// Class 1's max_th, packets.
    pub max_th_1: f64,
    /// Class 1's max_p.
    pub max_p_1: f64,
    /// Class 2's min_th, packets.
    pub min_th_2: f64,
    /// Class 2's max_th, packets.
    pub max_th_2: f64,
    /// Class 2's max_p.
    pub max_p_2: f64,
    /// Class 3's min_th, packets.
    pub min_th_3: f64,
    /// Class 3's max_th, packets.
    pub max_th_3: f64,
    /// Class 3's max_p.
    pub max_p_3: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            w_q: 0.002,
            ecn: false,
            hard_drop: true,
            min_th_0: 11.0,
            max_th_0: 15.0,
            max_p_0: 0.1,
            min_th_1: 9.0,
            max_th_1: 15.0,
            max_p_1: 0.1,
            min_th_2: 7.0,
            max_th_2: 15.0,
            max_p_2: 0.1,
            min_th_3: 5.0,
            max_th_3: 15.0,
            max_p_3: 0.1,
        }
    }
}

impl Params {
    /// Validates every class and returns their lines, with the class named in any message.
    fn lines(&self, link: &LinkInfo) -> Result<[Line; CLASSES], Problem> {
        check_weight(self.w_q)?;
        let raw = [
            (self.min_th_0, self.max_th_0, self.max_p_0),
            (self.min_th_1, self.max_th_1, self.max_p_1),
            (self.min_th_2, self.max_th_2, self.max_p_2),
            (self.min_th_3, self.max_th_3, self.max_p_3),
        ];
        let mut lines = [Line { min_th: 0.0, max_th: 1.0, max_p: 1.0, gentle_upper: None }; CLASSES];
        for (c, (min_th, max_th, max_p)) in raw.into_iter().enumerate() {
            check_line(min_th, max_th, max_p, QueueUnit::Packets, link).map_err(|e| {
                // The rule is checked on one line's names; the problem is about this class's parameters.
                let field = format!("{}_{c}", e.field);
                let other = e.other.as_ref().map(|o| format!("{o}_{c}"));
                e.at(&field, other.as_deref()).headed(&format!("class {c}"))
            })?;
            lines[c] = Line { min_th, max_th, max_p, gentle_upper: None };
        }
        Ok(lines)
    }
}

macro_rules! class_specs {
    ($($c:literal: $min:ident $max:ident $p:ident, handles $h:literal;)*) => {
        &[
            shared_specs::W_Q,
            shared_specs::ECN,
            shared_specs::HARD_DROP,
            $(
                ParamSpec::real(
                    stringify!($min),
                    concat!("class ", $c, " min threshold"),
                    "packets",
                    (0.0, 1e6),
                    concat!("Average queue where class ", $c, " starts losing packets (RED min_th; Cisco WRED)"),)
                .queue_level()
                .below(stringify!($max))
                .handle_if($h),
                ParamSpec::real(
                    stringify!($max),
                    concat!("class ", $c, " max threshold"),
                    "packets",
                    (0.0, 1e6),
                    concat!("Class ", $c, "'s p_b reaches max_p here; forced drops beyond (RED max_th)"),)
                .queue_level()
                .handle_if($h),
                ParamSpec::real(
                    stringify!($p),
                    concat!("class ", $c, " max probability"),
                    "",
                    (0.0, 1.0),
                    concat!("Class ", $c, "'s p_b at its max_th (Cisco WRED default 1/10)"),)
                .probability(Some(stringify!($max)))
                .handle_if($h),
            )*
        ]
    };
}

const SPECS: &[ParamSpec] = class_specs! {
    "0": min_th_0 max_th_0 max_p_0, handles true;
    "1": min_th_1 max_th_1 max_p_1, handles false;
    "2": min_th_2 max_th_2 max_p_2, handles false;
    "3": min_th_3 max_th_3 max_p_3, handles false;
};

#[derive(Clone, Copy, Debug, Default)]
struct Vars {
    avg: Average,
    marks: [Marks; CLASSES],
    last_class: usize,
}

/// Weighted RED: RED with a drop line per service class over one shared average (RFC 2597 drop precedences).
pub struct Wred {
    params: Params,
    link: LinkInfo,
    lines: [Line; CLASSES],
    queue: PacketQueue,
    vars: Vars,
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 11] = [
    StateSpec::new("avg", "queue unit", StateMeaning::Average),
    StateSpec::other("p_b_0"),
    StateSpec::other("p_b_1"),
    StateSpec::other("p_b_2"),
    StateSpec::other("p_b_3"),
    StateSpec::new("count_0", "packets", StateMeaning::Count),
    StateSpec::new("count_1", "packets", StateMeaning::Count),
    StateSpec::new("count_2", "packets", StateMeaning::Count),
    StateSpec::new("count_3", "packets", StateMeaning::Count),
    StateSpec::other("last_class"),
    StateSpec::probability("p_a"),
];

impl Algorithm for Wred {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "wred",
        "Weighted RED",
        "RED (Floyd & Jacobson 1993) per class, as Cisco WRED / RFC 2597 drop precedences; seed 001 §V",
        "RED with its own thresholds and max_p per service class, on one shared average queue.",
    )
    .red_signals()
    .state(&STATE)
    .params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        let lines = params.lines(link)?;
        Ok(Wred { params, link: *link, lines, queue: PacketQueue::new(), vars: Vars::default() })
    }
}

impl QueueDisc for Wred {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let q = self.queue.len() as f64;
        let avg = self.vars.avg.update(q, self.params.w_q, env.now, small_packet_time(&self.link));
        let c = (packet.class as usize).min(CLASSES - 1);
        let line = self.lines[c];
        self.vars.last_class = c;
        let verdict = self.vars.marks[c].decide(line.region(avg), line.p_b(avg), || env.uniform());
        let signalling = Signalling { ecn: self.params.ecn, hard_drop: self.params.hard_drop };
        act(verdict, packet, env, &mut self.queue, self.link.limit, signalling);
    }

    fn on_link_idle(&mut self, env: &mut Env) {
        self.vars.avg.go_idle(env.now);
    }

    fn set_link_rate(&mut self, rate_bps: f64) {
        self.link.rate_bps = rate_bps;
    }

    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = with_value(&self.params, SPECS, name, value)?;
        self.lines = p.lines(&self.link)?;
        self.params = p;
        Ok(())
    }

    /// avg, then each class's p_b at the current avg and its count, then the last packet's class and p_a.
    fn state(&self) -> Vec<(&'static str, f64)> {
        let avg = self.vars.avg.avg;
        let (l, m) = (&self.lines, &self.vars.marks);
        let last = self.vars.marks[self.vars.last_class];
        vec![
            ("avg", avg),
            ("p_b_0", l[0].p_b(avg)),
            ("p_b_1", l[1].p_b(avg)),
            ("p_b_2", l[2].p_b(avg)),
            ("p_b_3", l[3].p_b(avg)),
            ("count_0", m[0].count as f64),
            ("count_1", m[1].count as f64),
            ("count_2", m[2].count as f64),
            ("count_3", m[3].count as f64),
            ("last_class", self.vars.last_class as f64),
            ("p_a", last.p_a),
        ]
    }

    /// The point on the line of the last packet's class.
    fn operating_point(&self) -> OperatingPoint {
        let avg = self.vars.avg.avg;
        OperatingPoint { avg, p: self.lines[self.vars.last_class].p_b(avg) }
    }

    /// The trait has one curve: class 0's (the state gives every class's p_b at the current avg).
    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        Some(self.lines[0].points(buffer_in(QueueUnit::Packets, &self.link)))
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

    fn classed(class: u8) -> Packet {
        let mut p = pkt(class as u32, 1000);
        p.class = class;
        p
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn each_class_uses_its_own_line_on_the_shared_average() {
        let mut q = Wred::new(Params::default(), &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        // avg 10, held by 10 queued packets: class 0 (min 11) is below; 1: 0.1·1/6; 2: 0.1·3/8; 3: 0.1·5/10.
        q.vars.avg = Average { avg: 10.0, idle: false, idle_since: 0 };
        (0..10).for_each(|_| q.adopt(pkt(9, 1000)));
        let want = [0.0, 0.1 / 6.0, 0.1 * 3.0 / 8.0, 0.05];
        for class in 0..4u8 {
            enqueue_at(&mut q, classed(class), MILLI, &mut rng);
            q.queue.drain();
            (0..10).for_each(|_| q.adopt(pkt(9, 1000)));
            let m = q.vars.marks[class as usize];
            assert!(close(m.p_b, want[class as usize]), "class {class}: {}", m.p_b);
            assert_eq!(m.count, if class == 0 { -1 } else { 0 });
        }
        let state = q.state();
        assert!(close(state[4].1, 0.05) && state[9] == ("last_class", 3.0));
        // A class above 3 is treated as 3.
        q.vars.marks[3].p_b = 0.0;
        enqueue_at(&mut q, classed(7), MILLI, &mut rng);
        assert_eq!(q.vars.last_class, 3);
        assert!(close(q.vars.marks[3].p_b, 0.05));
    }

    #[test]
    fn forced_drops_start_at_each_class_max_th() {
        let p = Params { max_th_0: 30.0, max_th_3: 12.0, ..Params::default() };
        let mut q = Wred::new(p, &link(Limit::packets(100))).unwrap();
        let mut rng = Rng::new(1, 2);
        q.vars.avg = Average { avg: 13.0, idle: false, idle_since: 0 };
        (0..13).for_each(|_| q.adopt(pkt(9, 1000)));
        let s = enqueue_at(&mut q, classed(3), MILLI, &mut rng);
        assert_eq!((s.len(), s[0].reason), (1, Reason::Forced));
        enqueue_at(&mut q, classed(0), MILLI, &mut rng);
        assert!(close(q.vars.marks[0].p_b, 0.1 * (q.vars.avg.avg - 11.0) / 19.0));
        assert_eq!(q.vars.marks[0].region, super::super::red_core::Region::Between);
    }

    #[test]
    fn set_param_names_the_class_whose_constraint_fails() {
        let mut q = Wred::new(Params::default(), &link(Limit::packets(100))).unwrap();
        let err = q.set_param("min_th_2", 15.0).unwrap_err();
        assert!(err.contains("class 2: min_th (15) must be at least 0 and below max_th (15)"), "{err}");
        assert!(q
            .set_param("max_th_1", 101.0)
            .unwrap_err()
            .message
            .starts_with("class 1: max_th (101) must not exceed"));
        assert!(q.set_param("max_p_0", 0.0).unwrap_err().contains("class 0: max_p (0)"));
        assert_eq!(q.config(), AqmConfig::Wred(Params::default()));
        q.set_param("min_th_3", 2.0).unwrap();
        assert_eq!(q.lines[3].min_th, 2.0);
        assert_eq!(SPECS.len(), 15);
        let info = crate::aqm::catalogue().into_iter().find(|i| i.kind == "wred").unwrap();
        assert_eq!((info.params[9].name, info.params[9].default), ("min_th_2", 7.0));
    }
}
