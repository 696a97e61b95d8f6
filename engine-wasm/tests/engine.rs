//! Behaviour of the simulator against theory (issue: Engine). Each test states the expected figure and
//! its tolerance.

use aqm_engine::digest::trace_digest_hex;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

mod common;
use common::run;

fn digest_of(json: &str, secs: f64) -> String {
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    sim.run_until(from_secs(secs));
    trace_digest_hex(&sim.take_samples())
}

#[test]
fn same_scenario_and_seed_give_identical_traces_and_another_seed_differs() {
    let a = r#"{"seed":7,"duration":20,"flows":[{"count":8,"rtt_ms":[20,200]}],"link":{"loss_rate":0.001}}"#;
    let b = r#"{"seed":8,"duration":20,"flows":[{"count":8,"rtt_ms":[20,200]}],"link":{"loss_rate":0.001}}"#;
    assert_eq!(digest_of(a, 20.0), digest_of(a, 20.0));
    assert_ne!(digest_of(a, 20.0), digest_of(b, 20.0));
}

#[test]
fn running_in_slices_gives_the_same_trace_as_one_run() {
    let json = r#"{"seed":3,"duration":10,"flows":[{"count":5}]}"#;
    let mut sliced = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    let mut rows = Vec::new();
    for k in 1..=100 {
        sliced.run_until(from_secs(0.1 * k as f64));
        rows.extend(sliced.take_samples());
    }
    assert_eq!(trace_digest_hex(&rows), digest_of(json, 10.0));
}

/// Ideal single-flow Reno sawtooth (window halves from BDP + B): utilisation as a function of b = B/BDP.
/// Below the BDP the RTT is the base RTT; above it each RTT lasts W/C, which the integral accounts for.
fn reno_sawtooth_utilisation(b: f64) -> f64 {
    let w_min = (1.0 + b) / 2.0;
    if w_min >= 1.0 {
        return 1.0;
    }
    let t1 = 1.0 - w_min; // RTTs (per BDP packet) with an idle link share
    let d1 = (1.0 - w_min * w_min) / 2.0;
    let t2 = ((1.0 + b) * (1.0 + b) - 1.0) / 2.0;
    (d1 + t2) / (t1 + t2)
}

#[test]
fn one_reno_flow_fills_the_link_with_a_bdp_buffer_and_underuses_it_with_a_small_one() {
    // 10 Mbit/s, 1000 B packets, base RTT 100 ms: BDP = 125 packets.
    for (buffer, tolerance) in [(125u32, 0.02), (31, 0.02), (6, 0.02)] {
        let b = buffer as f64 / 125.0;
        let expected = reno_sawtooth_utilisation(b);
        let json = format!(
            r#"{{"duration":200,"warmup":50,"link":{{"rate_mbps":10,"delay_ms":10,"buffer":{buffer}}},
               "flows":[{{"count":1,"tcp":"reno","rtt_ms":[100,100],"start_spread_s":0}}]}}"#
        );
        let u = run(&json).summary().utilisation;
        assert!((u - expected).abs() <= tolerance, "buffer {buffer}: utilisation {u:.3}, theory {expected:.3}");
    }
    assert!((reno_sawtooth_utilisation(0.0) - 0.75).abs() < 1e-12);
}

#[test]
fn reno_and_newreno_follow_the_mathis_formula_under_random_loss() {
    // Mathis et al. 1997: throughput = (MSS/RTT)·sqrt(3/(2p)), no delayed ACKs, in payload bytes: MSS =
    // 1000 B packets less 40 B of TCP/IP headers. The fast link and large buffer keep the queue empty, so
    // RTT is the base RTT. At larger p timeouts pull Reno below it.
    for tcp in ["reno", "newreno"] {
        for (p, tolerance) in [(0.0005, 0.2), (0.002, 0.2), (0.01, 0.2)] {
            let json = format!(
                r#"{{"seed":11,"duration":600,"warmup":20,"link":{{"rate_mbps":1000,"delay_ms":5,"buffer":10000,"loss_rate":{p}}},
                   "flows":[{{"count":1,"tcp":"{tcp}","rtt_ms":[100,100],"start_spread_s":0,"access_rate_mbps":10000,"rwnd":100000}}]}}"#
            );
            let s = run(&json).summary();
            let mathis = 960.0 * 8.0 / 0.1 * (3.0f64 / (2.0 * p)).sqrt() / 1e6;
            let got = s.total_goodput_payload_mbps;
            let ratio = got / mathis;
            assert!(
                (ratio - 1.0).abs() <= tolerance,
                "{tcp} p={p}: {got:.3} Mbit/s vs Mathis {mathis:.3} (ratio {ratio:.2})"
            );
        }
    }
}

#[test]
fn identical_reno_flows_under_droptail_cut_their_windows_together() {
    // Seed 001: drop-tail's tail drops hit every sender at once. Same RTT, small buffer.
    let json = r#"{"seed":2,"duration":120,"link":{"rate_mbps":10,"delay_ms":10,"buffer":40},
                   "flows":[{"count":6,"tcp":"reno","rtt_ms":[60,60]}],"aqm":{"kind":"droptail"}}"#;
    let sync = run(json).summary().sync;
    assert!(sync.cuts > 50, "{sync:?}");
    assert!(sync.index > 0.8, "{sync:?}");
    assert!(sync.excess > 0.2, "synchronised beyond chance: {sync:?}");
}

mod conservation {
    use super::*;
    use proptest::prelude::*;

    #[allow(clippy::too_many_arguments)] // one argument per proptest strategy
    fn scenario_json(
        flows: u32,
        tcp: usize,
        traffic: usize,
        buffer: u64,
        bytes: bool,
        rate: f64,
        loss: f64,
        seed: u64,
    ) -> String {
        let tcp = ["tahoe", "reno", "newreno"][tcp];
        let traffic = [
            r#"{"kind":"ftp"}"#,
            r#"{"kind":"http","mean_object_kb":20}"#,
            r#"{"kind":"cbr","rate_mbps":1}"#,
            r#"{"kind":"on_off","rate_mbps":3,"on_s":0.2,"off_s":0.3}"#,
        ][traffic];
        let (buffer, unit) = if bytes { (buffer * 1000, "bytes") } else { (buffer, "packets") };
        format!(
            r#"{{"seed":{seed},"duration":8,"warmup":1,"link":{{"rate_mbps":{rate},"delay_ms":5,"buffer":{buffer},"buffer_unit":"{unit}","loss_rate":{loss}}},
               "flows":[{{"count":{flows},"tcp":"{tcp}","traffic":{traffic},"rtt_ms":[10,120],"delayed_ack":{}}},
                        {{"count":1,"traffic":{{"kind":"poisson","rate_mbps":0.5}},"rtt_ms":[20,20],"stop_s":5}}]}}"#,
            seed % 2 == 0
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        #[test]
        fn every_packet_is_accounted_for_and_the_queue_respects_its_limit(
            flows in 1u32..30, tcp in 0usize..3, traffic in 0usize..4, buffer in 1u64..200,
            bytes in any::<bool>(), rate in 0.5f64..50.0, loss in 0.0f64..0.05, seed in any::<u64>()
        ) {
            let json = scenario_json(flows, tcp, traffic, buffer, bytes, rate, loss, seed);
            let scenario = Scenario::from_json(&json).unwrap();
            let mut sim = Simulation::new(scenario).unwrap();
            for k in 1..=8 {
                sim.run_until(from_secs(k as f64));
                let l = sim.ledger();
                prop_assert!(l.balances(), "{l:?}");
            }
            let l = sim.ledger();
            prop_assert!(l.delivered > 0);
            if bytes {
                prop_assert!(l.max_queue_bytes <= buffer * 1000, "{l:?}");
            } else {
                prop_assert!(l.max_queue_pkts <= buffer, "{l:?}");
            }
        }

        #[test]
        fn invalid_scenarios_are_errors_not_panics(count in 0u32..20_000, rate in -10.0f64..1e6, buffer in 0u64..2_000_000) {
            let json = format!(r#"{{"link":{{"rate_mbps":{rate},"buffer":{buffer}}},"flows":[{{"count":{count}}}]}}"#);
            let valid = (1..=10_000).contains(&count) && (0.01..=100_000.0).contains(&rate) && (1..=1_000_000).contains(&buffer);
            prop_assert_eq!(Scenario::from_json(&json).is_ok(), valid);
        }
    }
}

#[test]
fn a_slow_reverse_path_ack_clocks_the_forward_flow_down_to_its_ack_rate() {
    // 64 kbit/s of 40-byte ACKs = 200 ACKs/s, one per 1000 B segment (960 B of payload): at most
    // 1.536 Mbit/s of goodput, although the forward link has 10, as long as no ACK is lost (a large ACK buffer; with ACK drops each
    // surviving cumulative ACK covers several segments and the limit rises). Without the reverse
    // bottleneck the flows fill the 10 Mbit/s.
    let json = |reverse: &str| {
        format!(
            r#"{{"duration":60,"link":{{"rate_mbps":10,"delay_ms":10,"buffer":100{reverse}}},
               "flows":[{{"count":2,"tcp":"newreno","rtt_ms":[40,40]}}]}}"#
        )
    };
    let slow = run(&json(r#","reverse":{"rate_mbps":0.064,"buffer":100000,"ack_size":40}"#));
    let free = run(&json(""));
    let (g_slow, g_free) = (slow.summary().total_goodput_payload_mbps, free.summary().total_goodput_payload_mbps);
    assert!((g_slow - 1.536).abs() < 0.16, "goodput {g_slow:.3} Mbit/s, ACK-clock limit 1.536");
    assert!(g_free > 0.95 * 9.6, "goodput {g_free:.3} without a reverse bottleneck (payload of 10 Mbit/s: 9.6)");
    assert_eq!(slow.ack_drops(), 0);
    let thinned = run(&json(r#","reverse":{"rate_mbps":0.064,"buffer":20,"ack_size":40}"#));
    let g_thinned = thinned.summary().total_goodput_payload_mbps;
    assert!(thinned.ack_drops() > 0 && g_thinned > 2.0 * g_slow, "{g_thinned:.3} with ACK drops");
}
