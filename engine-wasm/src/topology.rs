//! Expands a scenario's flow groups into concrete flows: per-flow base RTT (hence access delay), start
//! and stop times, drawn from the topology random stream so they depend on the seed only.

use crate::packet::FlowId;
use crate::rng::{stream, Rng};
use crate::scenario::{FlowGroup, Scenario, Traffic};
use crate::tcp::Variant;
use crate::time::{from_millis, from_secs, Time};

#[derive(Clone, Debug)]
/// One concrete flow of a group, with its drawn RTT and start time.
pub struct FlowSpec {
    /// Index over all flows of the scenario.
    pub id: FlowId,
    /// Index of its group in `Scenario::flows`.
    pub group: usize,
    /// Congestion-control algorithm (TCP flows).
    pub tcp: Variant,
    /// What the flow sends.
    pub traffic: Traffic,
    /// One-way delay from the sender to the bottleneck (and from the bottleneck back to the sender).
    pub access_delay: Time,
    /// Sender access link rate, bit/s.
    pub access_rate_bps: f64,
    /// Bytes of one packet on the wire, headers included.
    pub packet_size: u32,
    /// When the flow starts sending.
    pub start: Time,
    /// When it stops offering new data (None: never).
    pub stop: Option<Time>,
    /// Round-trip propagation delay: 2·(access_delay + bottleneck delay).
    pub base_rtt: Time,
}

/// The scenario's flows, group by group, their RTTs and start times drawn from the topology stream.
pub fn expand(s: &Scenario) -> Vec<FlowSpec> {
    let mut rng = Rng::new(s.seed, stream::TOPOLOGY);
    let link_delay = from_millis(s.link.delay_ms);
    let mut flows = Vec::with_capacity(s.total_flows() as usize);
    for (group, g) in s.flows.iter().enumerate() {
        for _ in 0..g.count {
            flows.push(flow(flows.len() as FlowId, group, g, link_delay, &mut rng));
        }
    }
    flows
}

fn flow(id: FlowId, group: usize, g: &FlowGroup, link_delay: Time, rng: &mut Rng) -> FlowSpec {
    let rtt = from_millis(rng.range(g.rtt_ms[0], g.rtt_ms[1]));
    let access_delay = (rtt / 2).saturating_sub(link_delay);
    let start = from_secs(g.start_s + rng.range(0.0, g.start_spread_s));
    FlowSpec {
        id,
        group,
        tcp: g.tcp,
        traffic: g.traffic.clone(),
        access_delay,
        access_rate_bps: g.access_rate_mbps * 1e6,
        packet_size: g.packet_size,
        start,
        stop: g.stop_s.map(from_secs),
        base_rtt: 2 * (access_delay + link_delay),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_rtts_in_range_and_depends_only_on_the_seed() {
        let s: Scenario =
            serde_json::from_str(r#"{"link":{"delay_ms":20},"flows":[{"count":50,"rtt_ms":[160,240]}]}"#).unwrap();
        let a = expand(&s);
        assert_eq!(a.len(), 50);
        for f in &a {
            assert!((from_millis(160.0)..=from_millis(240.0)).contains(&f.base_rtt), "{:?}", f.base_rtt);
            assert_eq!(f.base_rtt, 2 * (f.access_delay + from_millis(20.0)));
            assert!(f.start <= from_secs(1.0));
        }
        let b = expand(&s);
        assert_eq!(a.iter().map(|f| f.base_rtt).collect::<Vec<_>>(), b.iter().map(|f| f.base_rtt).collect::<Vec<_>>());
    }
}
