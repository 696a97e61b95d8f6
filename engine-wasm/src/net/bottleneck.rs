//! The bottleneck: a queue discipline in front of a link that serialises one packet at a time.
//! Disciplines decide; this module asks them at the right moments (arrival, link free, idle, timer) and
//! collects the drops and marks they report, for the simulation to count. In ATM mode (`crate::atm`) it
//! frames each packet with AAL5 on arrival and serialises the frame's 53-byte cells.

use crate::aqm::{self, AqmConfig, Env, LinkInfo, QueueDisc, Signal};
use crate::packet::Packet;
use crate::problem::Problem;
use crate::rng::Rng;
use crate::time::{Time, TransmissionTimes};

/// The bottleneck queue discipline and the link it feeds.
pub struct Bottleneck {
    /// The link as the discipline sees it (its rate follows `set_rate`).
    pub info: LinkInfo,
    qdisc: aqm::BoxedDisc,
    rng: Rng,
    /// Drops and marks reported since the simulation last drained them.
    pub signals: Vec<Signal>,
    in_service: Option<Packet>,
    transmission_times: TransmissionTimes,
    /// Generation of the discipline's timer; bumped when the discipline changes.
    pub tick_gen: u64,
}

impl Bottleneck {
    /// Builds the discipline `config` describes for this link.
    pub fn new(config: &AqmConfig, info: LinkInfo, rng: Rng) -> Result<Self, Problem> {
        let qdisc = aqm::build(config, &info)?;
        Ok(Bottleneck {
            info,
            qdisc,
            rng,
            signals: Vec::new(),
            in_service: None,
            transmission_times: TransmissionTimes::default(),
            tick_gen: 0,
        })
    }

    /// The running discipline.
    pub fn qdisc(&self) -> &dyn QueueDisc {
        self.qdisc.as_ref()
    }

    /// Whether a packet is being transmitted.
    pub fn busy(&self) -> bool {
        self.in_service.is_some()
    }

    /// An arrival: framed into ATM cells in ATM mode, then handed to the discipline.
    pub fn enqueue(&mut self, mut packet: Packet, now: Time) {
        if self.info.atm.is_some() {
            packet.cells = crate::atm::aal5_cells(packet.size);
        }
        let mut env = Env::new(now, &mut self.rng, &mut self.signals);
        self.qdisc.enqueue(packet, &mut env);
    }

    /// The link is free: takes the next packet and returns it with the time its last bit leaves, or
    /// tells the discipline the link went idle.
    pub fn start_next(&mut self, now: Time) -> Option<(Packet, Time)> {
        debug_assert!(self.in_service.is_none());
        let mut env = Env::new(now, &mut self.rng, &mut self.signals);
        match self.qdisc.dequeue(&mut env) {
            Some(p) => {
                self.in_service = Some(p);
                let wire = match self.info.atm {
                    Some(atm) => atm.cells_time(p.cells, self.info.rate_bps),
                    None => self.transmission_times.get(p.size, self.info.rate_bps),
                };
                Some((p, now + wire))
            }
            None => {
                self.qdisc.on_link_idle(&mut env);
                None
            }
        }
    }

    /// The link's capacity changes now. Like ns-3's `PointToPointNetDevice` (the transmission time is
    /// computed from the data rate when a transmission starts, `TransmitStart`), the packet in service
    /// keeps the rate it started with; the next one is serialised at the new rate. The discipline is told
    /// too ([`QueueDisc::set_link_rate`]).
    pub fn set_rate(&mut self, rate_bps: f64) {
        self.info.rate_bps = rate_bps;
        self.qdisc.set_link_rate(rate_bps);
    }

    /// Bytes `p` occupies on the link: its cells in ATM mode, else its size.
    pub fn wire_bytes(&self, p: &Packet) -> u32 {
        match self.info.atm {
            Some(_) => p.cells * crate::atm::CELL_BYTES,
            None => p.size,
        }
    }

    /// The packet in service has been sent.
    pub fn finish(&mut self) -> Option<Packet> {
        self.in_service.take()
    }

    /// The discipline's timer fired.
    pub fn tick(&mut self, now: Time) {
        let mut env = Env::new(now, &mut self.rng, &mut self.signals);
        self.qdisc.on_tick(&mut env);
    }

    /// Live change of one discipline parameter; on error nothing changes.
    pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        self.qdisc.set_param(name, value)
    }

    /// Swaps the discipline live; the queued packets move to the new one in order. On error the old one
    /// keeps running untouched.
    pub fn replace(&mut self, config: &AqmConfig) -> Result<(), Problem> {
        let mut next = aqm::build(config, &self.info)?;
        for p in self.qdisc.drain() {
            next.adopt(p);
        }
        self.qdisc = next;
        self.tick_gen += 1;
        Ok(())
    }
}
