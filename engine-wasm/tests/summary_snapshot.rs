//! A snapshot of one small summary table (drop-tail, RED, CoDel, PIE on one scenario), so that any numeric
//! drift in the engine shows up in review as a readable diff rather than only as a changed digest.
//! Re-record on purpose with `UPDATE_SNAPSHOT=1 cargo test --release --test summary_snapshot`.

mod common;

use std::fmt::Write;
use std::path::PathBuf;

const SCENARIO: &str = r#"{"seed": 7, "duration": 30, "warmup": 5,
    "link": {"rate_mbps": 10, "delay_ms": 10, "buffer": 100},
    "flows": [{"count": 8, "tcp": "newreno", "rtt_ms": [40, 120]}], "aqm": AQM}"#;

const DISCIPLINES: [(&str, &str); 4] = [
    ("droptail", r#"{"kind": "droptail"}"#),
    ("red", r#"{"kind": "red", "min_th": 15, "max_th": 45, "max_p": 0.1}"#),
    ("codel", r#"{"kind": "codel"}"#),
    ("pie", r#"{"kind": "pie"}"#),
];

fn table() -> String {
    let mut out = String::from(
        "aqm       goodput_mbps  util    mean_queue_pkts  delay_mean_ms  delay_p95_ms  drops  marks  jain\n",
    );
    for (name, aqm) in DISCIPLINES {
        let s = common::run(&SCENARIO.replace("AQM", aqm)).summary();
        writeln!(
            out,
            "{name:<9} {:>12.4}  {:.4}  {:>15.3}  {:>13.3}  {:>12.3}  {:>5}  {:>5}  {:.4}",
            s.total_goodput_mbps,
            s.utilisation,
            s.mean_queue_pkts,
            s.delay_ms.mean,
            s.delay_ms.p95,
            s.drops,
            s.marks,
            s.jain
        )
        .unwrap();
    }
    out
}

#[test]
fn summary_table_of_four_disciplines_matches_its_snapshot() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/summary_table.txt");
    let got = table();
    if std::env::var_os("UPDATE_SNAPSHOT").is_some() {
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(got, want, "the summary table drifted; if on purpose, re-record with UPDATE_SNAPSHOT=1");
}
