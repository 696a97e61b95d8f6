//! The RED family's headline claims in the simulator, each against its contrast case (issue: Queue
//! algorithms I): RED against drop-tail (seed 001 Figs. 11, 13–14), ARED against RED with the same max_p
//! (seed 000), HRED's response to a doubling load (seed 003, response time as docs/algorithms/metrics.md), and a
//! live parameter change moving the average as RED's equilibrium predicts.

use aqm_engine::metrics::response_time;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

fn sim(json: &str) -> Simulation {
    Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds")
}

fn state(sim: &Simulation, key: &str) -> f64 {
    sim.aqm_state().iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("no state '{key}'")).1
}

/// Mean of the discipline's `key` sampled every 100 ms over [from, to] s.
fn mean_state(sim: &mut Simulation, key: &str, from: f64, to: f64) -> f64 {
    let mut sum = 0.0;
    let mut n = 0;
    let mut t = from;
    while t < to {
        t += 0.1;
        sim.run_until(from_secs(t));
        sum += state(sim, key);
        n += 1;
    }
    sum / n as f64
}

/// Identical Reno flows (same RTT) on 10 Mbit/s with a 100-packet buffer.
fn seed001_like(flows: u32, aqm: &str) -> String {
    format!(
        r#"{{"seed":4,"duration":120,"link":{{"rate_mbps":10,"delay_ms":5,"buffer":100}},
            "flows":[{{"count":{flows},"tcp":"reno","rtt_ms":[50,50]}}],"aqm":{aqm}}}"#
    )
}

const RED_15_45: &str = r#"{"kind":"red","min_th":15,"max_th":45,"max_p":0.1}"#;

#[test]
fn red_holds_the_average_between_thresholds_where_droptail_sits_near_the_buffer() {
    let mut red = sim(&seed001_like(16, RED_15_45));
    red.run_to_end();
    let mut dt = sim(&seed001_like(16, r#"{"kind":"droptail"}"#));
    dt.run_to_end();
    let (r, d) = (red.summary(), dt.summary());
    eprintln!(
        "mean queue: RED {:.1}, drop-tail {:.1} pkts; utilisation {:.3} / {:.3}",
        r.mean_queue_pkts, d.mean_queue_pkts, r.utilisation, d.utilisation
    );
    assert!((15.0..=45.0).contains(&r.mean_queue_pkts), "RED mean queue {}", r.mean_queue_pkts);
    assert!(d.mean_queue_pkts > 60.0, "drop-tail mean queue {} of a 100-packet buffer", d.mean_queue_pkts);
    // RED trades a little utilisation for the short queue (min_th 15 is a quarter of the BDP here).
    assert!(r.utilisation > 0.85 && d.utilisation > 0.95, "{} {}", r.utilisation, d.utilisation);
}

#[test]
fn red_desynchronises_the_window_cuts_that_droptail_synchronises() {
    // Few flows, so that chance coincidences within ±RTT stay rare and the index can discriminate.
    let mut red = sim(&seed001_like(8, r#"{"kind":"red","min_th":10,"max_th":30,"max_p":0.1}"#));
    red.run_to_end();
    let mut dt = sim(&seed001_like(8, r#"{"kind":"droptail"}"#));
    dt.run_to_end();
    let (r, d) = (red.summary().sync, dt.summary().sync);
    eprintln!("sync: RED {r:?}\n      drop-tail {d:?}");
    // Synchronisation beyond chance (index − index of randomly shifted cuts).
    assert!(d.excess > 0.3, "drop-tail excess {:.2}", d.excess);
    assert!(d.excess > r.excess + 0.2, "drop-tail excess {:.2} vs RED {:.2}", d.excess, r.excess);
}

fn load(flows: u32, aqm: &str) -> String {
    format!(
        r#"{{"seed":1,"duration":80,"link":{{"rate_mbps":10,"buffer":200}},
            "flows":[{{"count":{flows},"rtt_ms":[40,120]}}],"aqm":{aqm}}}"#
    )
}

#[test]
fn ared_reaches_its_target_band_where_red_with_the_same_max_p_misses_it() {
    // min_th 20, max_th 60: ARED's band is [36, 44].
    // At light load RED sits below the band, at heavy load above it. (With far fewer flows ARED's max_p
    // reaches its 0.01 floor and the average stays below the band: by design.)
    for flows in [20, 90] {
        let mut red = sim(&load(flows, r#"{"kind":"red","min_th":20,"max_th":60,"max_p":0.1}"#));
        let mut ared = sim(&load(flows, r#"{"kind":"ared","min_th":20,"max_th":60,"max_p":0.1}"#));
        // Average over 40–80 s, after ARED's max_p has had time to adapt (0.5 s steps).
        let r_late = mean_state(&mut red, "avg", 0.0, 80.0).min(0.0) + mean_state(&mut red, "avg", 80.0, 120.0);
        let a_late = mean_state(&mut ared, "avg", 0.0, 80.0).min(0.0) + mean_state(&mut ared, "avg", 80.0, 120.0);
        eprintln!("{flows} flows: RED avg {r_late:.1}, ARED avg {a_late:.1}");
        assert!((34.0..=46.0).contains(&a_late), "{flows} flows: ARED late avg {a_late}");
        assert!(!(36.0..=44.0).contains(&r_late), "{flows} flows: RED late avg {r_late} is in the band");
    }
}

#[test]
fn hred_settles_quickly_after_the_load_doubles() {
    let n = 200;
    // Seed 003's setting: 32 Mbit/s, 500 KB byte-mode buffer, RTTs 160–240 ms, 500 B packets; 200 FTP flows,
    // 200 more at 60 s. Seed 003 Figs. 5–7: HRED responds faster than PI and RED. Response time: the queue back within [min_th/2, 1.5·max_th] for 10 s.
    let json = |aqm: &str| {
        format!(
            r#"{{"seed":3,"duration":120,"warmup":20,
                "link":{{"rate_mbps":32,"delay_ms":10,"buffer":500000,"buffer_unit":"bytes","mean_pkt_size":500}},
                "flows":[{{"count":{n},"rtt_ms":[160,240],"packet_size":500,"start_spread_s":5}},
                         {{"count":{n},"rtt_ms":[160,240],"packet_size":500,"start_s":60,"start_spread_s":1}}],
                "aqm":{aqm}}}"#
        )
    };
    let mut responses = Vec::new();
    for aqm in [
        r#"{"kind":"hred"}"#,
        r#"{"kind":"pi","q_ref":187000,"byte_mode":true,"a":1.1379e-8,"b":1.1349e-8,"f_s":160}"#,
        r#"{"kind":"red","min_th":125000,"max_th":250000,"max_p":0.02,"byte_mode":true,"gentle":true}"#,
    ] {
        let mut s = sim(&json(aqm));
        let mut samples = Vec::new();
        for k in 1..=1200 {
            let t = k as f64 * 0.1;
            s.run_until(from_secs(t));
            samples.push((t, state(&s, "q_bytes")));
        }
        let r = response_time(&samples, 60.0, 62_500.0, 375_000.0, 10.0);
        let before: Vec<f64> = samples.iter().filter(|(t, _)| (30.0..60.0).contains(t)).map(|x| x.1).collect();
        let after: Vec<f64> = samples.iter().filter(|(t, _)| *t >= 80.0).map(|x| x.1).collect();
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let inband = after.iter().filter(|q| (62_500.0..=375_000.0).contains(*q)).count() as f64 / after.len() as f64;
        let (lo, hi) = after.iter().fold((f64::MAX, 0.0f64), |(a, b), q| (a.min(*q), b.max(*q)));
        eprintln!(
            "{aqm}: response {r:?} s, mean queue before {:.0} B after {:.0} B, in band {inband:.2}, range {lo}..{hi}",
            mean(&before),
            mean(&after)
        );
        responses.push(r.unwrap_or(f64::INFINITY));
    }
    let (hred, pi, red) = (responses[0], responses[1], responses[2]);
    assert!(hred <= 10.0, "HRED response {hred} s");
    assert!(hred < pi && hred < red, "HRED {hred} s, PI {pi} s, RED {red} s");
}

#[test]
fn raising_max_p_live_pulls_the_average_towards_min_th_as_red_equilibrium_predicts() {
    // At equilibrium the load fixes the drop probability p*: avg = min_th + (max_th − min_th)·p*/max_p.
    // Multiplying max_p by 4 should bring avg − min_th down to about a quarter.
    let mut s = sim(&load(40, r#"{"kind":"red","min_th":20,"max_th":100,"max_p":0.05}"#));
    let before = mean_state(&mut s, "avg", 20.0, 60.0);
    s.set_param("max_p", 0.2).expect("valid change");
    let after = mean_state(&mut s, "avg", 70.0, 110.0);
    let predicted = 20.0 + (before - 20.0) / 4.0;
    eprintln!("avg before {before:.1}, after {after:.1}, predicted {predicted:.1}");
    // p* itself rises a little as the shorter queue shortens the RTT (p ∝ 1/RTT², Mathis), so the
    // measured distance to min_th is somewhat above a quarter: allow 0.15–0.45 of the old one.
    let ratio = (after - 20.0) / (before - 20.0);
    assert!((0.15..=0.45).contains(&ratio), "avg − min_th shrank by {ratio:.2}, theory 0.25");
}

#[test]
fn shifting_both_thresholds_live_shifts_the_average_by_the_same_amount() {
    // Same p* and max_p: avg − min_th stays, so moving min_th and max_th up by 20 moves avg up by ~20.
    let mut s = sim(&load(40, r#"{"kind":"red","min_th":20,"max_th":100,"max_p":0.05}"#));
    let before = mean_state(&mut s, "avg", 20.0, 60.0);
    s.set_param("max_th", 120.0).expect("valid change");
    s.set_param("min_th", 40.0).expect("valid change");
    let after = mean_state(&mut s, "avg", 70.0, 110.0);
    eprintln!("avg before {before:.1}, after {after:.1}");
    assert!((after - before - 20.0).abs() <= 8.0, "avg moved by {:.1}, theory 20", after - before);
    // An inconsistent change is refused and leaves the running RED as it was.
    assert!(s.set_param("min_th", 130.0).unwrap_err().contains("max_th"));
    let config = serde_json::to_value(s.aqm_config()).unwrap();
    assert_eq!((config["min_th"].as_f64(), config["max_th"].as_f64()), (Some(40.0), Some(120.0)));
}
