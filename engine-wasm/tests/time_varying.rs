//! Time-varying bottlenecks (`link.rate_schedule`, `link.rate_slots`, `link.delay_schedule`;
//! docs/time-varying-links.md): the link serialises at the capacity in force, slot rates are drawn from
//! their own seeded stream, delay steps change the RTT without reordering packets.

mod common;

use aqm_engine::digest::trace_digest;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use common::run;

/// Rows of the trace with their column names.
fn trace(sim: &mut Simulation) -> (Vec<String>, Vec<Vec<f64>>) {
    let cols = sim.columns();
    let rows = sim.take_samples().chunks(cols.len()).map(|r| r.to_vec()).collect();
    (cols, rows)
}

fn col(cols: &[String], name: &str) -> usize {
    cols.iter().position(|c| c == name).unwrap_or_else(|| panic!("no column {name} in {cols:?}"))
}

/// Link throughput (sum of the per-flow wire throughputs) averaged over rows with t in (from, to], Mbit/s.
fn mean_throughput(cols: &[String], rows: &[Vec<f64>], from: f64, to: f64) -> f64 {
    let thr: Vec<usize> = (0..cols.len()).filter(|i| cols[*i].starts_with("thr_")).collect();
    let sel: Vec<f64> =
        rows.iter().filter(|r| r[0] > from && r[0] <= to).map(|r| thr.iter().map(|i| r[*i]).sum()).collect();
    sel.iter().sum::<f64>() / sel.len() as f64
}

/// Ten greedy NewReno flows into a drop-tail buffer of about two BDPs at the highest rate: the link
/// never idles, so its throughput is its capacity.
const STEPS: &str = r#"{"seed":3,"duration":60,"warmup":5,"sample_interval":0.1,
    "link":{"rate_mbps":10,"delay_ms":10,"buffer":300,
            "rate_schedule":[{"at_s":20,"rate_mbps":4},{"at_s":40,"rate_mbps":8}]},
    "flows":[{"count":10,"tcp":"newreno","rtt_ms":[40,80]}],"aqm":{"kind":"droptail"}}"#;

#[test]
fn throughput_follows_a_step_schedule_within_two_percent_per_interval() {
    let mut sim = run(STEPS);
    let (cols, rows) = trace(&mut sim);
    let cap = col(&cols, "capacity_mbps");
    // The capacity column reads the rate in force at each sample.
    for r in &rows {
        let want = if r[0] < 20.0 {
            10.0
        } else if r[0] < 40.0 {
            4.0
        } else {
            8.0
        };
        assert_eq!(r[cap], want, "capacity at t = {}", r[0]);
    }
    // Each interval, from 2 s after its step (the queue adjusts) to its end, carries its capacity.
    for (from, to, rate) in [(7.0, 20.0, 10.0), (22.0, 40.0, 4.0), (42.0, 60.0, 8.0)] {
        let thr = mean_throughput(&cols, &rows, from, to);
        assert!((thr - rate).abs() <= 0.02 * rate, "({from}, {to}] s: {thr:.3} Mbit/s against {rate}");
    }
    // Utilisation is measured against the capacity in force: a busy link reads 100 %. Only the interval
    // after the cut to 4 Mbit/s reads a little more: the packet in service at 20 s finishes at 10 Mbit/s.
    let util = col(&cols, "util");
    for r in rows.iter().filter(|r| r[0] > 7.0) {
        let most = if (r[0] - 20.1).abs() < 1e-6 { 1.0 + 8000.0 * 0.6 / 0.4e6 } else { 1.0 + 1e-9 };
        assert!(r[util] <= most && r[util] > 0.97, "util {} at t = {}", r[util], r[0]);
    }
    let s = sim.summary();
    assert!(s.utilisation <= 1.0 + 1e-9 && s.utilisation > 0.98, "summary utilisation {}", s.utilisation);
}

#[test]
fn a_saturated_link_carries_exactly_the_rate_in_force() {
    // One UDP CBR source at twice the capacity keeps the link busy. The rate halves at 1.0005 s, in the
    // middle of a 1000-byte packet's 0.8 ms transmission (that packet keeps 10 Mbit/s, as in ns-3; see
    // net/bottleneck.rs). Every sampling interval before carries 10 Mbit/s and every one from 1.1 s on 5 Mbit/s,
    // to within one packet per 0.1 s interval (0.08 Mbit/s).
    let json = r#"{"seed":1,"duration":2,"warmup":0,"sample_interval":0.1,
        "link":{"rate_mbps":10,"delay_ms":1,"buffer":1000,"rate_schedule":[{"at_s":1.0005,"rate_mbps":5}]},
        "flows":[{"count":1,"traffic":{"kind":"cbr","rate_mbps":20},"rtt_ms":[2,2],"start_spread_s":0,
                  "access_rate_mbps":1000,"packet_size":1000}],"aqm":{"kind":"droptail"}}"#;
    let mut sim = run(json);
    let (cols, rows) = trace(&mut sim);
    let thr = col(&cols, "thr_0");
    for r in rows.iter().filter(|r| r[0] > 0.15 && r[0] < 0.95) {
        assert!((r[thr] - 10.0).abs() < 0.081, "before the step: {} at {}", r[thr], r[0]);
    }
    for r in rows.iter().filter(|r| r[0] > 1.15) {
        assert!((r[thr] - 5.0).abs() < 0.081, "after the step: {} at {}", r[thr], r[0]);
    }
}

const SLOTS: &str = r#"{"seed":SEED,"duration":60,"warmup":0,"sample_interval":0.5,
    "link":{"rate_mbps":10,"delay_ms":10,"buffer":200,"rate_slots":{"start_s":5,"slot_s":5,"min_mbps":MIN,"max_mbps":MAX}},
    "flows":[{"count":4,"tcp":"cubic","rtt_ms":[40,60]}],"aqm":{"kind":"codel"}}"#;

fn slots(seed: u64, min: f64, max: f64) -> String {
    SLOTS.replace("SEED", &seed.to_string()).replace("MIN", &min.to_string()).replace("MAX", &max.to_string())
}

/// The capacity of each 5 s slot, read from the trace: [rate before 5 s, slot 0, slot 1, ...].
fn slot_rates(json: &str) -> Vec<f64> {
    let mut sim = run(json);
    let (cols, rows) = trace(&mut sim);
    let cap = col(&cols, "capacity_mbps");
    let mut per_slot: Vec<Vec<f64>> = vec![Vec::new(); 13];
    for r in &rows {
        // A sample at a slot boundary reads the new slot's rate (the change happens first).
        per_slot[(r[0] / 5.0 + 1e-9).floor() as usize].push(r[cap]);
    }
    per_slot
        .iter()
        .filter(|v| !v.is_empty())
        .map(|v| {
            assert!(v.iter().all(|x| *x == v[0]), "the rate changed inside a slot: {v:?}");
            v[0]
        })
        .collect()
}

#[test]
fn slot_rates_are_reproducible_within_their_range_and_change_every_slot() {
    let a = slot_rates(&slots(7, 2.0, 12.0));
    assert_eq!(a, slot_rates(&slots(7, 2.0, 12.0)), "same seed, same slots");
    assert_eq!(a[0], 10.0, "rate_mbps holds until the pattern starts");
    assert!(a[1..].iter().all(|r| (2.0..=12.0).contains(r)), "{a:?}");
    assert!(a[1..].windows(2).all(|w| w[0] != w[1]), "every slot draws anew: {a:?}");
    assert_ne!(a, slot_rates(&slots(8, 2.0, 12.0)), "another seed, other slots");
}

#[test]
fn slots_draw_from_their_own_stream_so_other_random_streams_are_untouched() {
    // Slots pinned at the link's own rate: the simulation is the fixed link's, bit for bit, with one more
    // column (so the topology, traffic, loss and AQM streams drew exactly the same numbers).
    let pinned = slots(7, 10.0, 10.0)
        .replace(r#""kind":"codel""#, r#""kind":"red""#)
        .replace(r#""delay_ms":10,"#, r#""delay_ms":10,"loss_rate":0.001,"#);
    let fixed = pinned.replace(r#","rate_slots":{"start_s":5,"slot_s":5,"min_mbps":10,"max_mbps":10}"#, "");
    assert_ne!(fixed, pinned);
    let (mut a, mut b) = (run(&fixed), run(&pinned));
    let ((ca, ra), (cb, rb)) = (trace(&mut a), trace(&mut b));
    assert_eq!(cb.len(), ca.len() + 1);
    let stripped: Vec<Vec<f64>> = rb.iter().map(|r| r[..ca.len()].to_vec()).collect();
    assert_eq!(trace_digest(&ra.concat()), trace_digest(&stripped.concat()));
}

#[test]
fn a_fixed_link_has_no_capacity_column() {
    let mut sim = run(r#"{"duration":1,"flows":[{"count":1}]}"#);
    assert!(!sim.columns().iter().any(|c| c == "capacity_mbps"));
    assert_eq!(sim.take_samples().len() % sim.columns().len(), 0);
}

/// One window-limited flow (rwnd 4 segments on a 10 Mbit/s link: no queue), so its smoothed RTT is the
/// propagation RTT: 2·(access + link delay), plus a packet's 0.8 ms serialisation.
fn srtt_at(json: &str, t: f64) -> f64 {
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    sim.run_until((t * 1e9) as u64);
    sim.flow_state(0).unwrap().iter().find(|(k, _)| *k == "srtt_ms").unwrap().1
}

#[test]
fn delay_steps_change_the_rtt_and_never_reorder_packets() {
    let json = r#"{"seed":1,"duration":30,"link":{"rate_mbps":10,"delay_ms":10,
        "delay_schedule":[{"at_s":10,"delay_ms":50},{"at_s":20,"delay_ms":5}]},
        "flows":[{"count":1,"tcp":"newreno","rtt_ms":[120,120],"rwnd":4}],"aqm":{"kind":"droptail"}}"#;
    // Access delay = 120/2 − 10 = 50 ms (the base RTT must cover the largest scheduled delay).
    let rtt = |delay_ms: f64| 2.0 * (50.0 + delay_ms);
    for (t, d) in [(9.9, 10.0), (19.9, 50.0), (29.9, 5.0)] {
        let srtt = srtt_at(json, t);
        assert!((srtt - rtt(d)).abs() < 2.0, "t = {t} s: srtt {srtt:.2} ms, expected ≈ {} ms", rtt(d));
    }
    // The drop from 50 ms to 5 ms at 20 s would let new packets overtake old ones; the link holds them in
    // order, so the receiver never sees a hole: no duplicate ACKs, no retransmission.
    // A flow with 100 segments in flight (rwnd below the 200 ms BDP of 250, so no queue and no loss)
    // keeps packets on the link across the step.
    let busy = json.replace(r#""rwnd":4"#, r#""rwnd":100"#);
    let sim = run(&busy);
    let s = sim.summary();
    assert!(s.flows[0].throughput_mbps > 3.0, "{}", s.flows[0].throughput_mbps);
    assert_eq!((s.drops, s.flows[0].retransmits), (0, 0));
    assert!(sim.ledger().balances());
}

#[test]
fn time_varying_runs_are_deterministic() {
    let json = slots(11, 1.0, 20.0).replace(
        r#""buffer":200,"#,
        r#""buffer":200,"rate_schedule":[{"at_s":2,"rate_mbps":3}],"delay_schedule":[{"at_s":12,"delay_ms":20}],"#,
    );
    let digest = |j: &str| {
        let mut sim = run(j);
        trace_digest(&sim.take_samples())
    };
    assert_eq!(digest(&json), digest(&json));
}
