//! `aqm-cli sweep`: any number of jobs writes the same lines in the same order as one job, and the
//! shards of a sweep, concatenated in shard order, are the whole sweep.

use std::io::Write;
use std::process::{Command, Stdio};

fn sweep(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aqm-cli"))
        .arg("sweep")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("aqm-cli starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "sweep {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Seven short runs of different lengths (so they finish out of order on several threads), a blank line
/// and a broken one, whose error names its input line.
fn input() -> String {
    let mut lines: Vec<String> = (0..7)
        .map(|k| {
            format!(
                r#"{{"seed":{k},"duration":{},"flows":[{{"count":{}}}],"aqm":{{"kind":"red"}}}}"#,
                4 + 3 * (k % 3),
                1 + k
            )
        })
        .collect();
    lines.insert(3, String::new());
    lines.insert(5, r#"{"duration":-1}"#.into());
    lines.join("\n") + "\n"
}

#[test]
fn two_jobs_write_exactly_what_one_job_writes() {
    let one = sweep(&["--jobs", "1"], &input());
    assert_eq!(one.lines().count(), 8, "{one}");
    assert!(one.lines().nth(4).unwrap().starts_with(r#"{"error""#) && one.contains(r#""line":6"#), "{one}");
    assert!(one.lines().filter(|l| l.contains("utilisation")).count() == 7);
    assert_eq!(sweep(&["--jobs", "2"], &input()), one);
    assert_eq!(sweep(&["-j", "5"], &input()), one);
}

#[test]
fn the_shards_concatenated_in_order_are_the_whole_sweep() {
    let whole = sweep(&["--jobs", "2"], &input());
    for n in [1, 3, 8, 11] {
        let parts: Vec<String> =
            (0..n).map(|i| sweep(&["--jobs", "2", "--shard", &format!("{i}/{n}")], &input())).collect();
        let sizes: Vec<usize> = parts.iter().map(|p| p.lines().count()).collect();
        assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{n} shards: {sizes:?}");
        assert_eq!(parts.concat(), whole, "{n} shards");
    }
}

#[test]
fn bad_options_are_refused_with_a_message() {
    for args in [&["--shard", "2/2"][..], &["--shard", "1"], &["--jobs", "0"], &["--fast"]] {
        let out =
            Command::new(env!("CARGO_BIN_EXE_aqm-cli")).arg("sweep").args(args).stdin(Stdio::null()).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("aqm-cli:"), "{args:?}");
    }
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// A 2 × 2 grid (buffer × flows) expanded into one scenario line per cell, buffer-major.
fn grid(seed: u64) -> Vec<String> {
    let mut cells = Vec::new();
    for buffer in [20, 80] {
        for flows in [2, 5] {
            cells.push(format!(
                r#"{{"seed":{seed},"duration":12,"link":{{"buffer":{buffer}}},"flows":[{{"count":{flows}}}],"aqm":{{"kind":"red"}}}}"#
            ));
        }
    }
    cells
}

#[test]
fn seeds_k_prints_per_line_the_mean_and_student_t_interval_of_the_runs_with_seeds_s_to_s_plus_k_minus_1() {
    let cells = grid(7);
    let out = sweep(&["--jobs", "2", "--seeds", "3"], &(cells.join("\n") + "\n"));
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 4, "one line per grid cell: {out}");
    // Each cell's three runs, one seed at a time, in the cell's order.
    let singles: Vec<Vec<serde_json::Value>> = cells
        .iter()
        .map(|c| {
            let runs: String = (7..10).map(|s| c.replace(r#""seed":7"#, &format!(r#""seed":{s}"#)) + "\n").collect();
            sweep(&["--jobs", "1"], &runs).lines().map(json).collect()
        })
        .collect();
    for (line, runs) in lines.iter().zip(&singles) {
        assert_eq!(line["seeds"], serde_json::json!([7, 8, 9]));
        assert_eq!(line["mean"]["flows.1.fair_share"], runs[0]["flows"][1]["fair_share"]);
        for metric in ["utilisation", "delay_ms.p95", "jain"] {
            let path: Vec<&str> = metric.split('.').collect();
            let x: Vec<f64> = runs.iter().map(|r| path.iter().fold(r, |v, k| &v[*k]).as_f64().unwrap()).collect();
            // By hand: mean, s with divisor k − 1, t_{0.975,2} = 4.302653, half-width t·s/√3.
            let mean = (x[0] + x[1] + x[2]) / 3.0;
            let s = (x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 2.0).sqrt();
            let half = 4.302653 * s / 3f64.sqrt();
            let (m, h) = (line["mean"][metric].as_f64().unwrap(), line["ci95"][metric].as_f64().unwrap());
            assert!((m - mean).abs() < 1e-9 * mean.abs().max(1.0), "{metric}: {m} vs {mean}");
            assert!((h - half).abs() < 1e-9 * half.max(1.0), "{metric}: {h} vs {half}");
        }
        // The merged histogram holds every run's packets.
        let total =
            |h: &serde_json::Value| h["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum::<u64>();
        let merged = total(&line["delay_histogram"]);
        assert_eq!(merged, runs.iter().map(|r| total(&r["delay_histogram"])).sum::<u64>());
    }
    // The cells differ (the grid really is expanded in order): 5 flows have 5 flows' keys.
    assert!(lines[1]["mean"].get("flows.4.goodput_payload_mbps").is_some());
    assert!(lines[0]["mean"].get("flows.2.goodput_payload_mbps").is_none());
    assert_ne!(lines[0]["mean"]["mean_queue_pkts"], lines[2]["mean"]["mean_queue_pkts"]);
}

#[test]
fn bad_seed_counts_are_refused() {
    for k in ["1", "0", "x", "1001"] {
        let out = Command::new(env!("CARGO_BIN_EXE_aqm-cli"))
            .args(["sweep", "--seeds", k])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "--seeds {k}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--seeds"), "--seeds {k}");
    }
}
