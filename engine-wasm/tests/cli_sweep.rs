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
