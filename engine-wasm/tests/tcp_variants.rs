//! Behaviour of the delay-based and cubic senders in whole simulations (docs/algorithms/tcp.md, experiments.md).
//! Each test states the expected figure and its tolerance.

use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

mod common;
use common::run;

fn state(sim: &Simulation, flow: usize, key: &str) -> f64 {
    let s = sim.flow_state(flow).expect("flow exists");
    s.iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("no {key} in {s:?}")).1
}

#[test]
fn one_vegas_flow_keeps_between_alpha_and_beta_packets_queued_and_fills_the_link() {
    // Vegas (α = 1, β = 3, diff rounded as ns-2 does) holds diff in [0.5, 3.5): a standing queue of its own
    // of about one to three packets, no losses, and a full link. 10 Mbit/s, base RTT 40 ms (BDP 50 pkts);
    // 2 Mbit/s, 6 ms (BDP 1.5 pkts, seed 004's path).
    for (rate, delay, rtt) in [(10.0, 10.0, 40.0), (2.0, 2.0, 6.0)] {
        let json = format!(
            r#"{{"duration":60,"link":{{"rate_mbps":{rate},"delay_ms":{delay},"buffer":100}},
               "flows":[{{"count":1,"tcp":"vegas","rtt_ms":[{rtt},{rtt}],"start_spread_s":0}}]}}"#
        );
        let sim = run(&json);
        let s = sim.summary();
        assert!((0.5..=3.5).contains(&s.mean_queue_pkts), "{rate} Mbit/s: mean queue {:.2}", s.mean_queue_pkts);
        assert!(s.utilisation > 0.97, "{rate} Mbit/s: utilisation {:.3}", s.utilisation);
        assert_eq!(s.drops, 0, "{rate} Mbit/s: Vegas should not overflow a 100-packet buffer");
        let diff = state(&sim, 0, "diff");
        assert!((0.5..3.5).contains(&diff), "{rate} Mbit/s: diff {diff:.2}");
    }
}

#[test]
fn reno_takes_most_of_a_drop_tail_bottleneck_from_vegas_as_in_seed_004() {
    // Seed 004 Table 1 (ns-2, DropTail, buffer 50, 1000 B, receiver window 20): Reno 1348 and 1798 kbit/s,
    // Vegas 152 and 202 kbit/s at 1.5 and 2 Mbit/s; fairness min/max ≈ 11 %. Reno's 20 packets sit in the
    // queue and Vegas, seeing that queue as its own, backs off to a few packets.
    for rate in [1.5, 2.0] {
        let json = format!(
            r#"{{"duration":100,"link":{{"rate_mbps":{rate},"delay_ms":2,"buffer":50}},
               "flows":[{{"count":1,"tcp":"reno","rtt_ms":[6,6],"start_spread_s":0,"access_rate_mbps":10,"rwnd":20}},
                        {{"count":1,"tcp":"vegas","rtt_ms":[6,6],"start_spread_s":0,"access_rate_mbps":10,"rwnd":20}}]}}"#
        );
        let s = run(&json).summary();
        // Seed 004's rates are wire bytes (its Reno and Vegas add up to the link rate), so goodput_mbps.
        let (reno, vegas) = (s.flows[0].goodput_mbps, s.flows[1].goodput_mbps);
        assert!(reno > 3.0 * vegas, "{rate} Mbit/s: Reno {reno:.3} vs Vegas {vegas:.3} Mbit/s");
        assert!(s.min_max_fairness_pct < 30.0, "{rate} Mbit/s: fairness {:.1} %", s.min_max_fairness_pct);
        assert!(reno + vegas > 0.95 * rate, "{rate} Mbit/s: total goodput {:.3}", reno + vegas);
    }
}

/// First trace sample at or after `from` whose link utilisation reaches `level`, in seconds.
fn time_to_fill(sim: &mut Simulation, from: f64, level: f64) -> Option<f64> {
    let cols = sim.columns();
    let stride = cols.len();
    let t = cols.iter().position(|c| c == "t").expect("t column");
    let util = cols.iter().position(|c| c == "util").expect("util column");
    sim.run_to_end();
    let rows = sim.take_samples();
    rows.chunks(stride).find(|r| r[t] >= from && r[util] >= level).map(|r| r[t])
}

#[test]
fn cubic_refills_a_long_fat_pipe_much_faster_than_reno() {
    // 50 Mbit/s, base RTT 100 ms: BDP 625 packets, buffer BDP/2. A 40 Mbit/s CBR flow holds the TCP flow
    // near a 10 Mbit/s share until it stops at 20 s. Reno then adds one packet per RTT (≈ 45 s to grow by
    // ~450 packets); Cubic, well past K, grows along the convex branch of W_cubic and fills the link in about
    // ten seconds. Utilisation is read from 21 s on, once the CBR backlog has drained.
    let fill = |tcp: &str| {
        let json = format!(
            r#"{{"duration":40,"warmup":20,"sample_interval":0.5,"link":{{"rate_mbps":50,"delay_ms":10,"buffer":312}},
               "flows":[{{"count":1,"tcp":"{tcp}","rtt_ms":[100,100],"start_spread_s":0,"access_rate_mbps":1000,"rwnd":100000}},
                        {{"count":1,"traffic":{{"kind":"cbr","rate_mbps":40}},"rtt_ms":[100,100],"start_spread_s":0,
                          "stop_s":20,"access_rate_mbps":1000}}]}}"#
        );
        let mut sim = Simulation::new(Scenario::from_json(&json).expect("valid scenario")).expect("builds");
        sim.run_until(from_secs(20.0));
        let w_max = sim.flow_state(0).and_then(|s| s.iter().find(|(k, _)| *k == "w_max").map(|kv| kv.1));
        (time_to_fill(&mut sim, 21.0, 0.95), w_max)
    };
    let (cubic, w_max) = fill("cubic");
    let (reno, _) = fill("reno");
    let cubic = cubic.expect("Cubic fills the link before 40 s");
    assert!(w_max.is_some_and(|w| w < 300.0), "Cubic's W_max at 20 s should reflect the shared link: {w_max:?}");
    assert!(cubic < 32.0, "Cubic reached 95 % utilisation at {cubic} s");
    assert!(reno.is_none_or(|r| r > cubic + 5.0), "Reno reached 95 % at {reno:?} s, Cubic at {cubic} s");
}
