//! The summary's per-flow results and delay distribution (docs/results.md), on whole simulations.

mod common;

use aqm_engine::metrics::{DelayHistogram, Summary};
use common::run;

fn summary(json: &str) -> Summary {
    run(json).summary()
}

/// The bin [lo, hi) in ms holding the q-quantile of the summary's histogram.
fn quantile_bin(s: &Summary, q: f64) -> (f64, f64) {
    let h = &s.delay_histogram;
    let n: u64 = h.counts.iter().sum();
    let target = ((q * n as f64).ceil() as u64).max(1);
    let mut seen = 0;
    for (k, c) in h.counts.iter().enumerate() {
        seen += c;
        if seen >= target {
            return (h.edges_ms[k], h.edges_ms[k + 1]);
        }
    }
    panic!("empty histogram")
}

const RED: &str = r#"{"seed":5,"duration":30,"link":{"rate_mbps":10,"delay_ms":10,"buffer":100},
  "flows":[{"count":4,"rtt_ms":[30,90]}],"aqm":{"kind":"red","min_th":10,"max_th":40}}"#;
const DROPTAIL: &str = r#"{"seed":2,"duration":30,"link":{"rate_mbps":10,"delay_ms":10,"buffer":200},
  "flows":[{"count":3,"rtt_ms":[40,100]}],"aqm":{"kind":"droptail"}}"#;

#[test]
fn the_summary_percentiles_lie_in_the_histogram_bins_of_the_same_order_statistics() {
    // The summary's percentiles come from 0.1 ms bins (reported as the bin's middle, within 0.05 ms of the
    // order statistic); the histogram's bin holding the same order statistic must contain them, give or
    // take that 0.05 ms.
    for json in [RED, DROPTAIL] {
        let s = summary(json);
        for (q, p) in [(0.5, s.delay_ms.p50), (0.95, s.delay_ms.p95), (0.99, s.delay_ms.p99)] {
            let (lo, hi) = quantile_bin(&s, q);
            assert!(lo - 0.05 <= p && p <= hi + 0.05, "p{q}: {p} ms outside [{lo}, {hi}) ms");
        }
        assert!(s.delay_histogram.counts.iter().filter(|c| **c > 0).count() > 5, "{:?}", s.delay_histogram);
    }
}

#[test]
fn the_histograms_of_two_seeds_merge_into_the_histogram_of_every_packet_of_both() {
    let a = summary(RED);
    let b = summary(&RED.replace(r#""seed":5"#, r#""seed":6"#));
    let merged: Vec<u64> = a.delay_histogram.counts.iter().zip(&b.delay_histogram.counts).map(|(x, y)| x + y).collect();
    assert_eq!(a.delay_histogram.edges_ms, b.delay_histogram.edges_ms);
    // Same edges in every run, so adding counts is the histogram of both runs' packets (the unit test in
    // src/metrics/histogram.rs checks that against pooled delays bin by bin).
    let (na, nb) = (a.delay_histogram.counts.iter().sum::<u64>(), b.delay_histogram.counts.iter().sum::<u64>());
    assert_eq!(merged.iter().sum::<u64>(), na + nb);
    assert!(na > 1000 && nb > 1000 && a.delay_histogram.counts != b.delay_histogram.counts);
    assert_eq!(DelayHistogram::default().to_summary().edges_ms, a.delay_histogram.edges_ms);
}

#[test]
fn per_flow_goodputs_add_up_and_shares_are_fractions_of_the_link() {
    let s = summary(RED);
    let total: f64 = s.flows.iter().map(|f| f.goodput_payload_mbps).sum();
    assert!((total - s.total_goodput_payload_mbps).abs() < 1e-9);
    let share: f64 = s.flows.iter().map(|f| f.link_share).sum();
    assert!((share - s.utilisation).abs() < 1e-9, "Σ shares {share} = utilisation {}", s.utilisation);
    for f in &s.flows {
        assert!((f.fair_share - 0.25).abs() < 1e-12, "4 greedy flows: {}", f.fair_share);
        assert!((f.link_share - f.throughput_mbps / 10.0).abs() < 1e-12);
        assert!(f.loss_rate > 0.0 && f.loss_rate < 0.1, "{f:?}");
        assert!((f.loss_rate - f.drops as f64 / f.arrivals as f64).abs() < 1e-12);
        // The RTT a sender measures is its base RTT plus queueing and transmission, never less.
        assert!(f.mean_rtt_ms > f.base_rtt_ms && f.mean_rtt_ms < f.base_rtt_ms + 100.0, "{f:?}");
        assert!(f.cwnd_mean > 1.0 && f.cwnd_mean < 100.0, "{f:?}");
    }
}

#[test]
fn retransmissions_and_timeouts_count_from_the_end_of_the_warm_up() {
    // Measured from 10 s, then from 15 s of the same 30 s run: the later window sees fewer retransmissions,
    // and both fewer than over the whole run (warm-up 0).
    let with =
        |warmup: f64| summary(&DROPTAIL.replace(r#""duration":30"#, &format!(r#""duration":30,"warmup":{warmup}"#)));
    let (whole, from10, from15) = (with(0.0), with(10.0), with(15.0));
    let sum = |s: &Summary| s.flows.iter().map(|f| f.retransmits).sum::<u64>();
    assert!(
        sum(&whole) > sum(&from10) && sum(&from10) > sum(&from15),
        "{} {} {}",
        sum(&whole),
        sum(&from10),
        sum(&from15)
    );
    for (a, b) in whole.flows.iter().zip(&from10.flows) {
        assert!(a.timeouts >= b.timeouts);
    }
}

#[test]
fn an_unresponsive_flow_below_its_share_gets_a_fair_share_of_its_rate_and_tcp_the_rest() {
    // 10 Mbit/s: 2 Mbit/s of CBR, two TCP flows: max-min shares 0.2, 0.4, 0.4 of the link.
    let s = summary(
        r#"{"seed":1,"duration":20,"link":{"rate_mbps":10,"delay_ms":10,"buffer":100},
        "flows":[{"count":2,"rtt_ms":[40,40]},{"count":1,"traffic":{"kind":"cbr","rate_mbps":2},"rtt_ms":[40,40]}],
        "aqm":{"kind":"droptail"}}"#,
    );
    let fair: Vec<f64> = s.flows.iter().map(|f| f.fair_share).collect();
    assert!(
        (fair[0] - 0.4).abs() < 1e-12 && (fair[1] - 0.4).abs() < 1e-12 && (fair[2] - 0.2).abs() < 1e-12,
        "{fair:?}"
    );
    let udp = &s.flows[2];
    assert!(udp.cwnd_mean.is_nan() && udp.mean_rtt_ms.is_nan() && udp.retransmits == 0, "{udp:?}");
    assert!((udp.link_share - 0.2).abs() < 0.01, "CBR at 2 of 10 Mbit/s: {udp:?}");
}
