//! The RED family in the full simulator (docs/algorithms/red-family.md, qvared.md, hred.md): each test runs Reno FTP flows through a
//! 10 Mbit/s bottleneck and checks the behaviour the paper claims, with the figure expected and its margin.
//! The averaged queue is read from the discipline's state every 100 ms after the warm-up.

use aqm_engine::aqm::AqmConfig;
use aqm_engine::metrics::Summary;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

/// 10 Mbit/s, 10 ms, 120-packet buffer, `flows` Reno FTP flows with base RTTs in [40, 120] ms, 60 s.
fn scenario(flows: u32, aqm: &str) -> String {
    format!(
        r#"{{"seed":1,"duration":60,"link":{{"rate_mbps":10,"buffer":120}},
            "flows":[{{"count":{flows},"rtt_ms":[40,120]}}],"aqm":{aqm}}}"#
    )
}

struct Run {
    summary: Summary,
    /// State snapshots every 100 ms after the warm-up.
    samples: Vec<Vec<(&'static str, f64)>>,
}

impl Run {
    fn series(&self, key: &str) -> Vec<f64> {
        let pick = |s: &Vec<(&'static str, f64)>| s.iter().find(|(k, _)| *k == key).map(|p| p.1);
        self.samples.iter().map(|s| pick(s).unwrap_or_else(|| panic!("no state '{key}'"))).collect()
    }
    fn mean(&self, key: &str) -> f64 {
        let v = self.series(key);
        v.iter().sum::<f64>() / v.len() as f64
    }
    fn std(&self, key: &str) -> f64 {
        let (v, m) = (self.series(key), self.mean(key));
        (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64).sqrt()
    }
    fn share_within(&self, key: &str, lo: f64, hi: f64) -> f64 {
        let v = self.series(key);
        v.iter().filter(|x| (lo..=hi).contains(*x)).count() as f64 / v.len() as f64
    }
    fn drops(&self, reason: &str) -> u64 {
        self.summary.drops_by_reason.get(reason).copied().unwrap_or(0)
    }
}

fn run(json: &str) -> Run {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    let (warmup, end) = (sim.scenario().warmup(), sim.scenario().duration);
    let mut samples = Vec::new();
    for k in 1..=(end * 10.0).round() as u32 {
        let t = k as f64 / 10.0;
        sim.run_until(from_secs(t));
        if t > warmup {
            samples.push(sim.aqm_state());
        }
    }
    Run { summary: sim.summary(), samples }
}

const RED_20_60: &str = r#"{"kind":"red","min_th":20,"max_th":60,"max_p":0.1}"#;

#[test]
fn red_keeps_the_average_queue_between_min_th_and_max_th_and_it_rises_with_the_load() {
    let light = run(&scenario(30, RED_20_60));
    let heavy = run(&scenario(90, RED_20_60));
    for (n, r) in [(30, &light), (90, &heavy)] {
        let (avg, within) = (r.mean("avg"), r.share_within("avg", 20.0, 60.0));
        println!(
            "RED {n} flows: mean avg {avg:.1}, {within:.3} of the time in [20, 60], util {:.3}",
            r.summary.utilisation
        );
        assert!(within >= 0.9, "{n} flows: avg in [min_th, max_th] only {within:.3} of the time");
        assert!(r.summary.utilisation >= 0.95, "{n} flows: utilisation {}", r.summary.utilisation);
        assert_eq!(r.drops("overflow"), 0);
    }
    // A fixed max_p sets the operating point by the load (what ARED corrects): ~31 → ~50 packets.
    assert!(heavy.mean("avg") > light.mean("avg") + 12.0);
}

#[test]
fn ared_keeps_the_average_in_its_band_as_the_load_triples() {
    let ared = r#"{"kind":"ared","min_th":20,"max_th":60}"#;
    let (light, heavy) = (run(&scenario(30, ared)), run(&scenario(90, ared)));
    let band = (20.0 + 0.4 * 40.0, 20.0 + 0.6 * 40.0);
    for (n, r) in [(30, &light), (90, &heavy)] {
        let (avg, max_p) = (r.mean("avg"), r.mean("max_p"));
        println!("ARED {n} flows: mean avg {avg:.1}, mean max_p {max_p:.3}, std {:.1}", r.std("avg"));
        assert!((band.0..=band.1).contains(&avg), "{n} flows: mean avg {avg} outside the band {band:?}");
        assert_eq!((r.series("band_lo")[0], r.series("band_hi")[0]), band);
    }
    // max_p did the work: about 0.05 for 30 flows, 0.15 for 90.
    assert!(heavy.mean("max_p") > 2.0 * light.mean("max_p"));
    assert!((heavy.mean("avg") - light.mean("avg")).abs() < 6.0);
}

#[test]
fn qvared_holds_the_average_steadier_than_ared_in_the_same_band() {
    let ared = run(&scenario(90, r#"{"kind":"ared","min_th":20,"max_th":60}"#));
    let qvared = run(&scenario(90, r#"{"kind":"qvared","min_th":20,"max_th":60}"#));
    let (sa, sq) = (ared.std("avg"), qvared.std("avg"));
    println!(
        "90 flows: std of avg ARED {sa:.2}, QVARED {sq:.2}; mean {:.1} vs {:.1}",
        ared.mean("avg"),
        qvared.mean("avg")
    );
    assert!((36.0..=44.0).contains(&qvared.mean("avg")));
    assert!(sq < 0.75 * sa, "QVARED std {sq} vs ARED {sa}");
    assert!(qvared.series("multiplier").contains(&0.5));
}

#[test]
fn hardware_red_tracks_float_red_up_to_its_fixed_point_bias() {
    // Seed 001 Table 3's thresholds 6/12, max_p 1/50, w_q = 2^−9 in both.
    let float = run(&scenario(30, r#"{"kind":"red","min_th":6,"max_th":12,"max_p":0.02,"w_q":0.001953125}"#));
    let hw = run(&scenario(30, r#"{"kind":"red_hw","min_th":6,"max_th":12,"max_p":0.02}"#));
    let (f, h) = (&float.summary, &hw.summary);
    let bias = hw.mean("avg") - float.mean("avg");
    println!(
        "float vs hw: avg {:.2} / {:.2}, util {:.3} / {:.3}, drop rate {:.4} / {:.4}",
        float.mean("avg"),
        hw.mean("avg"),
        f.utilisation,
        h.utilisation,
        f.drop_rate,
        h.drop_rate
    );
    // The truncating shift keeps avg_fp up to 511/1024 above the exact average.
    assert!((0.0..=1.0).contains(&bias), "bias {bias}");
    assert!((f.utilisation - h.utilisation).abs() < 0.03);
    assert!((f.drop_rate - h.drop_rate).abs() < 0.1 * f.drop_rate);
    // The raw register is exposed: avg = avg_fp/1024.
    let last = hw.samples.last().unwrap();
    let get = |k: &str| last.iter().find(|(n, _)| *n == k).unwrap().1;
    assert_eq!(get("avg"), get("avg_fp") / 1024.0);
}

#[test]
fn gentle_red_replaces_forced_drops_by_early_ones_under_heavy_load() {
    let red = run(&scenario(90, RED_20_60));
    let gentle = run(&scenario(90, r#"{"kind":"gentle_red","min_th":20,"max_th":60,"max_p":0.1}"#));
    println!("forced drops: RED {}, gentle {}", red.drops("forced"), gentle.drops("forced"));
    assert!(red.drops("forced") > 100);
    assert!(gentle.drops("forced") * 10 < red.drops("forced"));
    assert!(gentle.summary.utilisation >= 0.95);
}

#[test]
fn feng_self_configuring_red_raises_max_p_under_load() {
    let r = run(&scenario(90, r#"{"kind":"feng_ared","min_th":20,"max_th":60,"max_p":0.02}"#));
    println!("Feng 90 flows: mean max_p {:.3}, mean avg {:.1}", r.mean("max_p"), r.mean("avg"));
    assert!(r.mean("max_p") > 0.04);
    assert!(r.share_within("avg", 20.0, 60.0) > 0.8);
}

#[test]
fn hred_holds_the_instantaneous_queue_between_its_thresholds_in_bytes() {
    // Seed 003 scaled to 10 Mbit/s: byte-mode buffer 200 KB, thresholds 50/100 KB, RTTs 160–240 ms.
    let json = r#"{"seed":1,"duration":60,
        "link":{"rate_mbps":10,"buffer":200000,"buffer_unit":"bytes","mean_pkt_size":1000},
        "flows":[{"count":60,"rtt_ms":[160,240]}],"aqm":{"kind":"hred","min_th":50000,"max_th":100000}}"#;
    let r = run(json);
    let (q, p_min) = (r.summary.mean_queue_bytes, r.mean("p_min"));
    println!("HRED: mean queue {q:.0} B, mean p_min {p_min:.4}, util {:.3}", r.summary.utilisation);
    assert!((50_000.0..=100_000.0).contains(&q), "mean queue {q}");
    assert!(r.summary.utilisation >= 0.95);
    assert!(r.series("p_max").iter().zip(r.series("p_min")).all(|(hi, lo)| (hi - 1.25 * lo).abs() < 1e-12));
}

#[test]
fn wred_drops_the_higher_drop_precedence_first() {
    let json = r#"{"seed":1,"duration":60,"link":{"rate_mbps":10,"buffer":120},
        "flows":[{"count":10,"rtt_ms":[40,120],"class":0},{"count":10,"rtt_ms":[40,120],"class":3}],
        "aqm":{"kind":"wred"}}"#;
    let r = run(json);
    let by_group = |g: usize| -> (f64, f64) {
        let f: Vec<_> = r.summary.flows.iter().filter(|f| f.group == g).collect();
        let goodput = f.iter().map(|f| f.goodput_payload_mbps).sum::<f64>();
        let drops = f.iter().map(|f| f.drops).sum::<u64>() as f64 / f.iter().map(|f| f.arrivals).sum::<u64>() as f64;
        (goodput, drops)
    };
    let ((g0, d0), (g3, d3)) = (by_group(0), by_group(1));
    println!("WRED: class 0 goodput {g0:.2} Mbit/s drop rate {d0:.4}; class 3 {g3:.2} / {d3:.4}");
    assert!(d3 > 2.0 * d0, "drop rates {d0} vs {d3}");
    assert!(g0 > 1.5 * g3, "goodputs {g0} vs {g3}");
}

#[test]
fn switching_live_from_drop_tail_to_red_hands_over_the_queue() {
    let mut sim = Simulation::new(Scenario::from_json(&scenario(30, r#"{"kind":"droptail"}"#)).unwrap()).unwrap();
    sim.run_until(from_secs(10.0));
    let queued = sim.aqm_state()[0].1;
    assert!(queued > 20.0, "drop-tail queue {queued}");
    sim.set_algorithm(&serde_json::from_str::<AqmConfig>(RED_20_60).unwrap()).unwrap();
    assert_eq!(sim.aqm_state()[0].1, queued);
    sim.run_until(from_secs(40.0));
    assert!(sim.ledger().balances());
    assert_eq!(sim.aqm_config().kind(), "red");
    let state = sim.aqm_state();
    let avg = state.iter().find(|(k, _)| *k == "avg").unwrap().1;
    assert!((20.0..60.0).contains(&avg), "avg {avg}");
    // A live change that breaks a constraint is refused and RED keeps running unchanged.
    assert!(sim.set_param("min_th", 70.0).unwrap_err().contains("below max_th"));
    assert_eq!(sim.aqm_config(), serde_json::from_str::<AqmConfig>(RED_20_60).unwrap());
}
