//! L4S in the full simulator (docs/algorithms/l4s.md, docs/algorithms/dualpi2.md): DCTCP against a step
//! marking threshold, TCP Prague beside Cubic over DualPI2. Each test states what the RFC or paper leads us
//! to expect and the tolerance it allows.

use aqm_engine::metrics::Summary;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;

fn run(json: &str) -> Summary {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    sim.run_to_end();
    sim.summary()
}

/// Step marking at K = 8 packets: RED with w_q = 1 (the instantaneous queue), thresholds 8/9, max_p 1, ECN,
/// no hard drop, on 100 Mbit/s with a 4 ms RTT (BDP 50 packets of 1000 bytes).
fn step_marking(tcp: &str) -> Summary {
    run(&format!(
        r#"{{"seed":3,"duration":20,"warmup":5,
            "link":{{"rate_mbps":100,"delay_ms":1,"buffer":1000}},
            "flows":[{{"count":2,"tcp":"{tcp}","ecn":true,"rtt_ms":[4,4],"access_rate_mbps":1000,
                       "start_spread_s":0.1}}],
            "aqm":{{"kind":"red","w_q":1,"min_th":8,"max_th":9,"max_p":1,"ecn":true,"hard_drop":false}}}}"#
    ))
}

#[test]
fn dctcp_keeps_the_link_full_with_a_step_threshold_of_bdp_over_six_where_classic_ecn_cannot() {
    // Alizadeh et al. 2010 §3.3: DCTCP needs K > C·RTT/7 ≈ 7.1 packets here; a classic ECN flow, halving
    // on a mark, needs K ≈ C·RTT = 50.
    let dctcp = step_marking("dctcp");
    let k = 8.0;
    assert!(dctcp.utilisation >= 0.95, "DCTCP utilisation {:.3}", dctcp.utilisation);
    assert!(dctcp.mean_queue_pkts <= 2.0 * k, "DCTCP mean queue {:.1} packets", dctcp.mean_queue_pkts);
    assert_eq!(dctcp.drops, 0, "DCTCP drops {:?}", dctcp.drops_by_reason);
    assert!(dctcp.marks > 1000, "marks {}", dctcp.marks);
    let reno = step_marking("newreno");
    assert!(reno.utilisation < 0.90, "classic-ECN NewReno utilisation {:.3}", reno.utilisation);
    eprintln!(
        "step K=8: DCTCP util {:.3} queue {:.2} pkts; NewReno util {:.3} queue {:.2} pkts",
        dctcp.utilisation, dctcp.mean_queue_pkts, reno.utilisation, reno.mean_queue_pkts
    );
}

/// `groups` over DualPI2 with its defaults on 40 Mbit/s, all flows with a 20 ms base RTT.
fn over_dualpi2(groups: &str) -> Summary {
    run(&format!(
        r#"{{"seed":4,"duration":60,"warmup":15,
            "link":{{"rate_mbps":40,"delay_ms":5,"buffer":2000}},
            "flows":[{groups}],
            "aqm":{{"kind":"dualpi2"}}}}"#
    ))
}

#[test]
fn prague_and_cubic_share_a_dualpi2_link_with_separate_delays() {
    let s = over_dualpi2(
        r#"{"count":1,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
           {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000,"start_s":0.5,"start_spread_s":0}"#,
    );
    let (prague, cubic) = (&s.flows[0], &s.flows[1]);
    let ratio = prague.throughput_mbps / cubic.throughput_mbps;
    eprintln!(
        "DualPI2 Prague {:.2} Mbit/s {:.2} ms, Cubic {:.2} Mbit/s {:.2} ms, ratio {ratio:.3}, util {:.3}",
        prague.throughput_mbps, prague.delay_ms, cubic.throughput_mbps, cubic.delay_ms, s.utilisation
    );
    for f in [prague, cubic] {
        eprintln!(
            "  {}: arrivals {} marks {} drops {} p {:.5} cwnd {:.1} rtt {:.1}",
            f.tcp,
            f.arrivals,
            f.marks,
            f.drops,
            (f.marks + f.drops) as f64 / f.arrivals as f64,
            f.cwnd_mean,
            f.mean_rtt_ms
        );
    }
    // RFC 9332 §2.1 (docs/algorithms/dualpi2.md): a Reno-like window is 1.22/√p_C = 1.22/p′, a DCTCP-like
    // one 2/p_L = 2/(k·p′), so with k = 2 the windows stand at 2/(1.22·2) ≈ 0.82. The rates are windows over
    // RTTs, and the classic flow's RTT holds the C queue's ~15 ms: predicted rate ratio 0.82·RTT_C/RTT_L.
    // Measured (seed 4): 2.07 against a prediction of 1.35; Prague's marks come in bursts from the step, so
    // fewer of its rounds see a cut than the fluid model assumes. Within a factor of 2 of the prediction.
    let predicted = 2.0 / (1.22 * 2.0) * cubic.mean_rtt_ms / prague.mean_rtt_ms;
    eprintln!("  predicted rate ratio {predicted:.3}, window ratio {:.3}", prague.cwnd_mean / cubic.cwnd_mean);
    assert!((0.5..=2.0).contains(&(ratio / predicted)), "Prague/Cubic rate ratio {ratio:.3} vs {predicted:.3}");
    assert!(prague.delay_ms <= 2.0, "Prague queueing delay {:.2} ms", prague.delay_ms);
    assert!((10.0..=20.0).contains(&cubic.delay_ms), "Cubic queueing delay {:.2} ms", cubic.delay_ms);
    assert!(s.utilisation > 0.9, "utilisation {:.3}", s.utilisation);
}

#[test]
fn one_cubic_among_many_prague_flows_keeps_near_its_fair_share() {
    let s = over_dualpi2(
        r#"{"count":9,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
           {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}"#,
    );
    let cubic = &s.flows[9];
    let share = cubic.link_share / cubic.fair_share;
    eprintln!("one Cubic among 9 Prague: {:.2} of its fair share ({:.2} Mbit/s)", share, cubic.throughput_mbps);
    assert!((0.5..=2.0).contains(&share), "Cubic gets {share:.2} of its fair share");
}

#[test]
fn dctcp_with_delayed_acks_still_sees_the_marks_exactly() {
    // RFC 8257 §3.2's ACK rule keeps the echo exact with delayed ACKs: the same link stays full and short.
    let s = run(r#"{"seed":3,"duration":20,"warmup":5,
            "link":{"rate_mbps":100,"delay_ms":1,"buffer":1000},
            "flows":[{"count":2,"tcp":"dctcp","delayed_ack":true,"rtt_ms":[4,4],"access_rate_mbps":1000,
                       "start_spread_s":0.1}],
            "aqm":{"kind":"red","w_q":1,"min_th":8,"max_th":9,"max_p":1,"ecn":true,"hard_drop":false}}"#);
    eprintln!("DCTCP delayed ACKs: util {:.3} queue {:.2} pkts", s.utilisation, s.mean_queue_pkts);
    assert!(s.utilisation >= 0.95 && s.mean_queue_pkts <= 16.0 && s.drops == 0, "{s:?}");
}

#[test]
fn fq_codel_with_an_l4s_ce_threshold_keeps_prague_shallow_beside_cubic() {
    // Linux fq_codel ce_threshold 1 ms for ECT(1): Prague's own queue is marked at 1 ms of sojourn, Cubic's
    // is held by CoDel near its 5 ms target; flow queuing splits the rate.
    let s = run(r#"{"seed":4,"duration":40,"warmup":10,
            "link":{"rate_mbps":40,"delay_ms":5,"buffer":2000},
            "flows":[{"count":1,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
                     {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}],
            "aqm":{"kind":"fq_codel","ce_threshold":1}}"#);
    let (prague, cubic) = (&s.flows[0], &s.flows[1]);
    eprintln!(
        "FQ-CoDel L4S: Prague {:.2} Mbit/s {:.2} ms, Cubic {:.2} Mbit/s {:.2} ms",
        prague.throughput_mbps, prague.delay_ms, cubic.throughput_mbps, cubic.delay_ms
    );
    assert!(prague.delay_ms <= 2.0, "Prague queueing delay {:.2} ms", prague.delay_ms);
    assert!(cubic.delay_ms > prague.delay_ms, "Cubic {:.2} ms", cubic.delay_ms);
    assert!(s.jain > 0.95, "Jain {:.3}", s.jain);
}

/// The page's per-queue trace (`StateSpec::traced`): one row of DualPI2's traced entries per trace row,
/// sampled at the same instants, so the two queues' backlogs add up to the trace's queue; the digested trace
/// is the same with or without it (it is kept apart), and a discipline that declares none traces nothing.
#[test]
fn dualpi2_traces_its_two_queues_beside_the_trace() {
    let json = r#"{"seed":4,"duration":4,"link":{"rate_mbps":40,"delay_ms":5,"buffer":2000},
        "flows":[{"count":1,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
                 {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}],
        "aqm":{"kind":"dualpi2"}}"#;
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    sim.run_to_end();
    let names = sim.state_columns().to_vec();
    assert_eq!(names, ["p_c", "p_cl", "l_packets", "c_packets", "l_bytes", "c_bytes", "l_sojourn", "c_sojourn"]);
    let cols = sim.columns();
    let (rows, state) = (sim.take_samples(), sim.take_state_samples());
    let (w, s) = (cols.len(), names.len());
    assert_eq!(rows.len() / w, state.len() / s, "one state row per trace row");
    let at = |n: &str| names.iter().position(|x| *x == n).unwrap();
    let (q, p) = (cols.iter().position(|c| c == "q_pkts").unwrap(), cols.iter().position(|c| c == "p").unwrap());
    let mut l_seen = false;
    for (r, st) in rows.chunks(w).zip(state.chunks(s)) {
        assert_eq!(st[at("l_packets")] + st[at("c_packets")], r[q], "the two queues are the queue");
        assert!((st[at("p_c")] - r[p] * r[p]).abs() < 1e-15, "p_C = p′²");
        assert!((st[at("p_cl")] - (2.0 * r[p]).min(1.0)).abs() < 1e-15, "p_CL = k·p′");
        l_seen |= st[at("l_packets")] > 0.0;
    }
    assert!(l_seen, "Prague's packets queued in the L queue");
    let red = r#"{"seed":4,"duration":1,"aqm":{"kind":"red"}}"#;
    let mut sim = Simulation::new(Scenario::from_json(red).unwrap()).unwrap();
    sim.run_to_end();
    assert!(sim.state_columns().is_empty() && sim.take_state_samples().is_empty());
}
