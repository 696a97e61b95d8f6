//! L4S in the full simulator (docs/algorithms/l4s.md, docs/algorithms/dualpi2.md): DCTCP against a step
//! marking threshold, TCP Prague beside Cubic over DualPI2. Each test states what the RFC or paper leads us
//! to expect and the tolerance it allows.

use aqm_engine::aqm::AqmConfig;
use aqm_engine::metrics::{FlowSummary, Summary};
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

/// `groups` over DualPI2 on 40 Mbit/s with `params` (`"k":1`, or empty for the defaults).
fn over_dualpi2_with(groups: &str, params: &str) -> Summary {
    let params = if params.is_empty() { String::new() } else { format!(",{params}") };
    run(&format!(
        r#"{{"seed":4,"duration":60,"warmup":15,
            "link":{{"rate_mbps":40,"delay_ms":5,"buffer":2000}},
            "flows":[{groups}],
            "aqm":{{"kind":"dualpi2"{params}}}}}"#
    ))
}

/// Prague and Cubic, one flow each with a 20 ms base RTT, over DualPI2 with coupling factor `k`.
fn prague_and_cubic(k: f64) -> Summary {
    over_dualpi2_with(
        r#"{"count":1,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
           {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000,"start_s":0.5,"start_spread_s":0}"#,
        &format!(r#""k":{k}"#),
    )
}

/// A flow's congestion signal rate: marks and drops per packet that reached the queue.
fn signal_rate(f: &FlowSummary) -> f64 {
    (f.marks + f.drops) as f64 / f.arrivals as f64
}

/// 1 + √3: window × mark probability of a DCTCP-style sender under random marking when it cuts at most once per
/// round trip (docs/algorithms/dualpi2.md, "The rate ratio"). After a cut the rest of that round's marks do not
/// cut; the next cut waits for the first mark after it, 1/(p·W) rounds on average. A cycle adds 1 + 1/(p·W)
/// segments and the cut takes W·α/2 with α ≈ p, so (p·W)/2 = 1 + 1/(p·W): p·W = 1 + √3. The fluid model's
/// W = 2/p assumes a cut in every round.
const SCALABLE_PW: f64 = 2.732_050_807_568_877;

#[test]
fn prague_and_cubic_share_a_dualpi2_link_with_separate_delays() {
    let s = prague_and_cubic(2.0);
    let (prague, cubic) = (&s.flows[0], &s.flows[1]);
    let ratio = prague.throughput_mbps / cubic.throughput_mbps;
    let (p_l, p_c) = (signal_rate(prague), signal_rate(cubic));
    eprintln!(
        "DualPI2 Prague {:.2} Mbit/s {:.2} ms, Cubic {:.2} Mbit/s {:.2} ms, ratio {ratio:.3}, util {:.3}",
        prague.throughput_mbps, prague.delay_ms, cubic.throughput_mbps, cubic.delay_ms, s.utilisation
    );
    eprintln!(
        "  p_L {p_l:.4}, p_C {p_c:.5}, W_L {:.1}, W_C {:.1}, W_L·p_L {:.2}, W_C·√p_C {:.2}, p_L/√p_C {:.2}, RTT {:.1}/{:.1} ms",
        prague.cwnd_mean,
        cubic.cwnd_mean,
        prague.cwnd_mean * p_l,
        cubic.cwnd_mean * p_c.sqrt(),
        p_l / p_c.sqrt(),
        prague.mean_rtt_ms,
        cubic.mean_rtt_ms
    );
    // RFC 9332 §2.1: a Reno-friendly window is 1.22/√p_C and a scalable one c/p_L; with p_C = p′² and p_L = k·p′
    // the window ratio is c/(1.22·k), and the rates are windows over RTTs, the classic RTT holding the C queue.
    // The fluid c = 2 predicts 0.82·RTT_C/RTT_L = 1.35 here; measured 2.07 (seed 4). The gap, term by term
    // (docs/algorithms/dualpi2.md):
    // 1. Prague's window is c/p_L with c = 2.89, not 2: it cuts at most once per round trip (SCALABLE_PW, 2.73).
    let c_l = prague.cwnd_mean * p_l;
    assert!((0.9 * SCALABLE_PW..=1.15 * SCALABLE_PW).contains(&c_l), "W_L·p_L {c_l:.2}");
    // 2. Cubic (in its Reno-friendly region here) holds 1.40/√p_C, 15 % above Mathis's 1.22 for periodic losses.
    let c_c = cubic.cwnd_mean * p_c.sqrt();
    assert!((1.1..=1.6).contains(&c_c), "W_C·√p_C {c_c:.2}");
    // 3. p_L/√p_C is 1.68, under k = 2: p′ varies, and the mean of p′² exceeds the square of the mean of p′.
    let coupled = p_l / p_c.sqrt();
    assert!((1.4..=2.0).contains(&coupled), "p_L/√p_C {coupled:.2}");
    // With the measured signals the window law gives the rate ratio within 10 % (2.20 against 2.07).
    let rtts = cubic.mean_rtt_ms / prague.mean_rtt_ms;
    let from_signals = (SCALABLE_PW / p_l) / (1.22 / p_c.sqrt()) * rtts;
    let fluid = 2.0 / (1.22 * 2.0) * rtts;
    eprintln!("  rate ratio {ratio:.3}; from the measured signals {from_signals:.3}; fluid {fluid:.3}");
    assert!((ratio / from_signals - 1.0).abs() < 0.1, "{ratio:.3} vs {from_signals:.3}");
    // From k alone, with the once-per-round cut: (1 + √3)/(1.22·k)·RTT_C/RTT_L = 1.85, within 25 % (terms 2 and 3
    // pull opposite ways). The fluid prediction is outside that band: the cut rule is what it misses.
    let from_k = SCALABLE_PW / (1.22 * 2.0) * rtts;
    assert!((ratio / from_k - 1.0).abs() < 0.25, "{ratio:.3} vs {from_k:.3}");
    assert!(ratio / fluid > 1.25, "{ratio:.3} vs fluid {fluid:.3}");
    assert!(prague.delay_ms <= 2.0, "Prague queueing delay {:.2} ms", prague.delay_ms);
    assert!((10.0..=20.0).contains(&cubic.delay_ms), "Cubic queueing delay {:.2} ms", cubic.delay_ms);
    assert!(s.utilisation > 0.9, "utilisation {:.3}", s.utilisation);
}

#[test]
fn the_rate_ratio_goes_as_one_over_k() {
    // RFC 9332 §2.1: both windows follow p′ (c/(k·p′) and 1.22/p′), so k × (Prague's rate / Cubic's) is the same
    // at every k. Measured (seed 4): 4.1, 4.1, 4.2 at k = 1, 2, 4.
    let at = |k: f64| {
        let s = prague_and_cubic(k);
        k * s.flows[0].throughput_mbps / s.flows[1].throughput_mbps
    };
    let (k1, k2, k4) = (at(1.0), at(2.0), at(4.0));
    eprintln!("k·ratio at k = 1, 2, 4: {k1:.2} {k2:.2} {k4:.2}");
    for c in [k1, k4] {
        assert!((c / k2 - 1.0).abs() < 0.15, "{k1:.2} {k2:.2} {k4:.2}");
    }
}

#[test]
fn one_cubic_among_many_prague_flows_keeps_near_its_fair_share() {
    // Nine Prague flows hold the L queue at its 1 ms step; the WRR credit still serves the C queue 10 % of the
    // dequeues while both wait (classic protection, RFC 9332 §4.2.2). Measured (seed 4): Cubic keeps 1.32 of its
    // fair share with protection, 0.64 without (strict priority to L).
    let nine = |protection: f64| {
        over_dualpi2_with(
            r#"{"count":9,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
               {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}"#,
            &format!(r#""classic_protection":{protection}"#),
        )
    };
    let share = |s: &Summary| s.flows[9].link_share / s.flows[9].fair_share;
    let (with, without) = (nine(10.0), nine(0.0));
    eprintln!(
        "one Cubic among 9 Prague: {:.2} of its fair share, {:.2} without protection",
        share(&with),
        share(&without)
    );
    assert!((0.9..=1.5).contains(&share(&with)), "Cubic gets {:.2} of its fair share", share(&with));
    assert!(share(&without) < 0.8 * share(&with), "protection is what keeps it: {:.2}", share(&without));
}

#[test]
fn the_time_shifted_fifo_gives_priority_up_to_tshift_and_the_coupling_sets_the_rates() {
    // RFC 9332 §4.2.2 / A.1: the time-shifted FIFO serves the older head packet, L4S heads counted tshift
    // older. It reserves no share: while the classic queue's delay stays below tshift (the PI holds it near
    // its 15 ms target, under the default 50 ms) the L queue always goes first, as with strict priority
    // (WRR with classic protection 0), and the coupled signals alone set the classic flow's rate. A tshift
    // below the classic delay serves the C head once it is tshift older than the L head, which gives the
    // classic flow more. Measured (seed 4, nine Prague flows and one Cubic): Cubic keeps 0.63 of its fair
    // share with tshift 50 ms, 0.64 under strict priority, 1.32 with Linux's WRR, and 9.36 with tshift 5 ms,
    // where the L queue waits about the classic delay less 5 ms, far past its 1 ms step, and Prague backs off.
    let run = |params: &str| {
        over_dualpi2_with(
            r#"{"count":9,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
               {"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}"#,
            params,
        )
    };
    let share = |s: &Summary| s.flows[9].link_share / s.flows[9].fair_share;
    let ts = run(r#""scheduler":"ts_fifo""#);
    let strict = run(r#""classic_protection":0"#);
    let short = run(r#""scheduler":"ts_fifo","tshift":5"#);
    let prague_delay = ts.flows[..9].iter().map(|f| f.delay_ms).fold(0.0, f64::max);
    eprintln!(
        "one Cubic among 9 Prague: {:.2} of its fair share with the time-shifted FIFO (tshift 50 ms), {:.2} \
         under strict priority, {:.2} with tshift 5 ms; Cubic waits {:.2} ms ({:.2} ms with tshift 5), \
         Prague at most {:.2} ms; utilisation {:.3}",
        share(&ts),
        share(&strict),
        share(&short),
        ts.flows[9].delay_ms,
        short.flows[9].delay_ms,
        prague_delay,
        ts.utilisation
    );
    assert!((share(&ts) - share(&strict)).abs() <= 0.15 * share(&strict), "tshift 50 ms acts as strict priority");
    assert!(share(&short) > 1.1 * share(&ts), "a shift below the classic delay serves C sooner");
    assert!(ts.flows[9].delay_ms < 50.0, "Cubic waits {:.2} ms: below tshift", ts.flows[9].delay_ms);
    assert!(prague_delay <= 2.0, "Prague waits {prague_delay:.2} ms");
    assert!(ts.utilisation > 0.95, "utilisation {:.3}", ts.utilisation);
}

#[test]
fn overload_drops_are_their_own_cause_in_the_summary_and_early_ones_in_the_trace() {
    // Unresponsive classic UDP at 1.5 × the link beside Prague and classic-ECN NewReno flows: the UDP flow
    // alone needs a drop rate of 1/3, so the PI holds p_C near 0.33, past p_Cmax = 1/k² = 0.25 (k·p′ > 1), and
    // DualPI2 drops Prague's and NewReno's ECN-capable packets with p_C rather than marking them (RFC 9332
    // §4.2.3). Those drops are reason `overload`; the UDP packets (Not-ECT) are dropped with p_C as ever, `early`.
    let json = r#"{"seed":4,"duration":20,"warmup":2,
        "link":{"rate_mbps":20,"delay_ms":5,"buffer":2000},
        "flows":[{"count":4,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000},
                 {"count":2,"tcp":"newreno","ecn":true,"rtt_ms":[20,20],"access_rate_mbps":1000},
                 {"count":1,"traffic":{"kind":"cbr","rate_mbps":30},"rtt_ms":[20,20],"access_rate_mbps":1000}],
        "aqm":{"kind":"dualpi2"}}"#;
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    sim.run_to_end();
    let s = sim.summary();
    let overload = s.drops_by_reason.get("overload").copied().unwrap_or(0);
    let early = s.drops_by_reason.get("early").copied().unwrap_or(0);
    let tcp_drops: u64 = s.flows[..6].iter().map(|f| f.drops).sum();
    let udp = &s.flows[6];
    eprintln!(
        "UDP overload beside Prague and NewReno: drops by cause {:?}; TCP flows {tcp_drops} drops, UDP {} \
         ({:.3} of its packets)",
        s.drops_by_reason, udp.drops, udp.loss_rate
    );
    assert!(overload >= 20 && early > 0, "{:?}", s.drops_by_reason);
    // The UDP flow is Not-ECT: none of its drops is an overload one, and every overload drop is a TCP flow's.
    assert!(tcp_drops >= overload, "the ECN-capable flows' drops include every overload drop");
    assert!(udp.drops <= s.drops - overload, "no UDP drop is an overload drop");
    assert!(udp.loss_rate > 0.25, "UDP loses {:.3}: p_C past p_Cmax", udp.loss_rate);
    // The trace keeps its columns: no drops_overload, and its drops_* columns add up to its drops.
    let cols = sim.columns();
    assert!(!cols.iter().any(|c| c == "drops_overload"));
    let rows = sim.take_samples();
    let at = |n: &str| cols.iter().position(|c| c == n).unwrap();
    let by_cause: Vec<usize> =
        cols.iter().enumerate().filter(|(_, c)| c.starts_with("drops_")).map(|(i, _)| i).collect();
    for r in rows.chunks(cols.len()) {
        assert_eq!(by_cause.iter().map(|i| r[*i]).sum::<f64>(), r[at("drops")]);
    }
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
/// One Prague and one Cubic flow, 20 ms, on 40 Mbit/s for 4 s under `aqm`.
fn prague_and_cubic_4s(aqm: &str) -> Simulation {
    let json = format!(
        r#"{{"seed":4,"duration":4,"link":{{"rate_mbps":40,"delay_ms":5,"buffer":2000}},
            "flows":[{{"count":1,"tcp":"prague","rtt_ms":[20,20],"access_rate_mbps":1000}},
                     {{"count":1,"tcp":"cubic","rtt_ms":[20,20],"access_rate_mbps":1000}}],
            "aqm":{{"kind":"{aqm}"}}}}"#
    );
    Simulation::new(Scenario::from_json(&json).unwrap()).unwrap()
}

/// DualPI2's traced state entries, in order.
const DUALPI2_TRACED: [&str; 8] =
    ["p_c", "p_cl", "l_packets", "c_packets", "l_bytes", "c_bytes", "l_sojourn", "c_sojourn"];

#[test]
fn dualpi2_traces_its_two_queues_beside_the_trace() {
    let mut sim = prague_and_cubic_4s("dualpi2");
    sim.run_to_end();
    let names = sim.state_columns().to_vec();
    assert_eq!(names, DUALPI2_TRACED);
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

/// A run that starts with FIFO and switches to DualPI2 mid-run traces DualPI2's queues from the switch on:
/// the state columns are appended, the rows sampled before the switch (taken or not) read NaN in them, the
/// rows after it hold the two queues, and there is still one state row per trace row.
#[test]
fn a_switch_to_dualpi2_mid_run_traces_its_queues_from_the_switch_on() {
    let dualpi2: AqmConfig = serde_json::from_str(r#"{"kind":"dualpi2"}"#).unwrap();
    for take_before in [true, false] {
        let mut sim = prague_and_cubic_4s("droptail");
        sim.run_until(1_000_000_000);
        assert!(sim.state_columns().is_empty(), "FIFO traces no state");
        let (mut rows, mut state) = (Vec::new(), Vec::new());
        if take_before {
            rows = sim.take_samples();
            assert!(sim.take_state_samples().is_empty());
        }
        sim.set_algorithm(&dualpi2).unwrap();
        let names = sim.state_columns().to_vec();
        assert_eq!(names, DUALPI2_TRACED);
        sim.run_to_end();
        let before = rows.len();
        rows.extend(sim.take_samples());
        state.extend(std::iter::repeat_n(f64::NAN, before / sim.columns().len() * names.len()));
        state.extend(sim.take_state_samples());
        let (w, s) = (sim.columns().len(), names.len());
        assert_eq!(rows.len() / w, state.len() / s, "one state row per trace row");
        let (t, q) = (0, sim.columns().iter().position(|c| c == "q_pkts").unwrap());
        let at = |n: &str| names.iter().position(|x| *x == n).unwrap();
        let (mut nan_before, mut after) = (0, 0);
        for (r, st) in rows.chunks(w).zip(state.chunks(s)) {
            if r[t] <= 1.0 {
                assert!(st.iter().all(|v| v.is_nan()), "before the switch, t = {}", r[t]);
                nan_before += 1;
            } else if r[t] > 1.1 {
                assert_eq!(st[at("l_packets")] + st[at("c_packets")], r[q], "the two queues are the queue");
                after += 1;
            }
        }
        assert!(nan_before > 10 && after > 10, "{nan_before} rows before, {after} after");
    }
}

/// The `linux` profile runs Prague with RTT independence (Linux tcp_prague's default `prague_rtt_scaling`, the
/// rate mode toward 25 ms; docs/profiles.md): two 5 ms Prague flows under `linux` run as with `rtt_scaling`
/// written on, and differently from the same flows with it written off.
#[test]
fn the_linux_profile_runs_prague_rtt_independent() {
    use aqm_engine::digest::trace_digest_hex;
    let digest = |cc: &str| {
        let json = format!(
            r#"{{"seed":4,"duration":5,"profile":"linux","link":{{"rate_mbps":40,"delay_ms":1,"buffer":2000}},
                "flows":[{{"count":2,"tcp":"prague","rtt_ms":[5,5],"access_rate_mbps":1000{cc}}}],
                "aqm":{{"kind":"dualpi2"}}}}"#
        );
        let mut sim = Simulation::new(Scenario::from_json(&json).unwrap()).unwrap();
        sim.run_to_end();
        trace_digest_hex(&sim.take_samples())
    };
    let linux = digest("");
    assert_eq!(digest(r#","cc_params":{"rtt_scaling":true}"#), linux, "linux's value is on");
    assert_ne!(digest(r#","cc_params":{"rtt_scaling":false}"#), linux, "and it changes the run");
}
