//! Native command line of the engine: the same code and results as the browser.
//!
//! ```text
//! aqm-cli run <scenario.json|-> [--trace trace.csv]   summary JSON on stdout
//! aqm-cli sweep [--jobs N] [--shard i/n] < s.jsonl    one summary JSON line per scenario line
//! aqm-cli sweep --seeds k < s.jsonl                   per line: each metric's mean and ci95 over k seeds
//! aqm-cli digest <scenario.json|-> [seconds]           hex digest of the trace (determinism checks)
//! aqm-cli algorithms                                   the algorithm catalogue with parameter schemas
//! aqm-cli catalog                                      everything the engine declares, as one JSON document:
//!                                                      algorithms, congestion_controls, scenario_fields,
//!                                                      trace_columns, summary_metrics, problem_kinds, reasons
//! aqm-cli contract                                     the page's generated module web/contract/engine.ts
//! aqm-cli schema                                       the scenario JSON Schema (fields and algorithms)
//! aqm-cli flows <scenario.json|->                      each flow's RTT, access delay and start time (JSON)
//! aqm-cli bench [seconds] [scenario.json]              bottleneck packets per wall second
//! aqm-cli profile <paper|ns2|ns3|linux> <scenario.json|->  the scenario with every field the profile
//!                                                      controls set to its value (the page's "Behave as")
//! ```
//! `--profile <paper|ns2|ns3|linux>` anywhere on the line runs every scenario as if it said
//! `"profile": "<name>"`: the profile fills the fields the scenario leaves out (docs/profiles.md).

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

use aqm_engine::digest::trace_digest_hex;
use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

fn read_source(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| e.to_string())?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

/// The `--profile` flag, if given.
static PROFILE: OnceLock<String> = OnceLock::new();

/// Parses a scenario, with `"profile"` set to the `--profile` flag's value when there is one.
fn scenario(json: &str) -> Result<Scenario, String> {
    let Some(profile) = PROFILE.get() else {
        return Ok(Scenario::from_json(json)?);
    };
    let mut value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("scenario: {e}"))?;
    let root = value.as_object_mut().ok_or("scenario: expected a JSON object")?;
    root.insert("profile".into(), serde_json::Value::from(profile.as_str()));
    Ok(Scenario::from_json(&value.to_string())?)
}

fn load(path: &str) -> Result<Simulation, String> {
    Ok(Simulation::new(scenario(&read_source(path)?)?)?)
}

fn profile(args: &[String]) -> Result<(), String> {
    let (Some(name), Some(path)) = (args.first(), args.get(1)) else {
        return Err("usage: aqm-cli profile <paper|ns2|ns3|linux> <scenario.json|->".into());
    };
    println!("{}", aqm_engine::profile::apply_profile(&read_source(path)?, name)?);
    Ok(())
}

fn run(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("usage: aqm-cli run <scenario.json|-> [--trace out.csv]")?;
    let mut sim = load(path)?;
    let mut trace = match args.iter().position(|a| a == "--trace") {
        Some(i) => {
            let out = args.get(i + 1).ok_or("--trace needs a file name")?;
            let mut f = std::io::BufWriter::new(std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?);
            writeln!(f, "{}", sim.columns().join(",")).map_err(|e| e.to_string())?;
            Some(f)
        }
        None => None,
    };
    let stride = sim.columns().len();
    let end = from_secs(sim.scenario().duration);
    // Run in one-second slices so the trace never piles up in memory.
    while sim.now() < end {
        sim.run_until((sim.now() + from_secs(1.0)).min(end));
        let rows = sim.take_samples();
        if let Some(f) = trace.as_mut() {
            for row in rows.chunks(stride) {
                let line: Vec<String> = row.iter().map(|v| v.to_string()).collect();
                writeln!(f, "{}", line.join(",")).map_err(|e| e.to_string())?;
            }
        }
    }
    println!("{}", serde_json::to_string_pretty(&sim.summary()).map_err(|e| e.to_string())?);
    Ok(())
}

/// `sweep [--jobs N] [--shard i/n]`: reads every scenario line, keeps shard i's slice of them, runs it on
/// N threads and writes one line per scenario in input order, whatever N (see `sweep::run`).
fn sweep_cmd(args: &[String]) -> Result<(), String> {
    let opts = sweep::Options::parse(args)?;
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).map_err(|e| e.to_string())?;
    let lines: Vec<(usize, &str)> =
        input.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(n, l)| (n + 1, l)).collect();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let seeds = opts.seeds;
    sweep::run(opts.shard.select(&lines), opts.jobs, seeds, |json| writeln!(out, "{json}").and_then(|_| out.flush()))
        .map_err(|e| e.to_string())
}

/// One sweep line: its summary, or `{"line": n, "error": ...}` naming the input line. With `seeds` = k,
/// the scenario runs with seeds s, s + 1, …, s + k − 1 (s its own seed) and the line holds each metric's
/// mean and 95 % confidence half-width over them (`aqm_engine::stats::replications`, docs/results.md).
fn sweep_line(n: usize, line: &str, seeds: Option<usize>) -> String {
    let result = scenario(line).and_then(|s| match seeds {
        None => Simulation::new(s).map_err(|e| e.to_string()).map(|mut sim| {
            sim.keep_trace(false); // a sweep line is its summary: no trace rows to keep
            sim.run_to_end();
            serde_json::to_string(&sim.summary()).unwrap_or_default()
        }),
        Some(k) => {
            let seeds: Vec<u64> = (0..k as u64).map(|j| s.seed.wrapping_add(j)).collect();
            let runs = seeds
                .iter()
                .map(|seed| {
                    let mut sim = Simulation::new(Scenario { seed: *seed, ..s.clone() }).map_err(|e| e.to_string())?;
                    sim.keep_trace(false);
                    sim.run_to_end();
                    Ok(sim.summary())
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(aqm_engine::stats::replications(&seeds, &runs).to_string())
        }
    });
    match result {
        Ok(json) => json,
        Err(e) => serde_json::json!({ "line": n, "error": e }).to_string(),
    }
}

mod sweep {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    pub struct Options {
        pub jobs: usize,
        pub shard: Shard,
        /// `--seeds k`: replications per line (k ≥ 2), or one run with the line's own seed.
        pub seeds: Option<usize>,
    }

    impl Options {
        pub fn parse(args: &[String]) -> Result<Options, String> {
            let mut opts = Options {
                jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
                shard: Shard { index: 0, count: 1 },
                seeds: None,
            };
            let mut it = args.iter();
            while let Some(a) = it.next() {
                let mut value = || it.next().ok_or(format!("{a} needs a value"));
                match a.as_str() {
                    "--jobs" | "-j" => {
                        let v = value()?;
                        opts.jobs = v
                            .parse()
                            .ok()
                            .filter(|n| *n > 0)
                            .ok_or(format!("--jobs: '{v}' is not a positive whole number"))?;
                    }
                    "--shard" => opts.shard = Shard::parse(value()?)?,
                    "--seeds" => {
                        let v = value()?;
                        let k = v.parse().ok().filter(|k| (2..=1000).contains(k));
                        opts.seeds = Some(k.ok_or(format!("--seeds: '{v}' is not a whole number from 2 to 1000"))?);
                    }
                    _ => {
                        return Err(format!(
                            "sweep: unknown option '{a}' (usage: sweep [--jobs N] [--shard i/n] [--seeds k])"
                        ))
                    }
                }
            }
            Ok(opts)
        }
    }

    /// Slice `index` of `count` (0-based): contiguous, so the shards' outputs concatenated in shard order
    /// are the whole sweep's output.
    pub struct Shard {
        pub index: usize,
        pub count: usize,
    }

    impl Shard {
        fn parse(s: &str) -> Result<Shard, String> {
            let bad = || format!("--shard: '{s}' is not i/n with 0 ≤ i < n (e.g. 0/4 … 3/4)");
            let (i, n) = s.split_once('/').ok_or_else(bad)?;
            let (index, count): (usize, usize) = (i.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
            if index >= count {
                return Err(bad());
            }
            Ok(Shard { index, count })
        }

        /// This shard's items: [⌊i·m/n⌋, ⌊(i+1)·m/n⌋) of m, so sizes differ by at most one.
        pub fn select<'a, T>(&self, items: &'a [T]) -> &'a [T] {
            let m = items.len();
            &items[self.index * m / self.count..(self.index + 1) * m / self.count]
        }
    }

    /// Runs every (line number, scenario) on `jobs` threads, handing each idle thread the next line, and
    /// calls `emit` with the results strictly in input order (a result that finishes early waits for the
    /// ones before it), so any number of jobs writes the same bytes. Each run is deterministic on its own.
    pub fn run<E>(
        lines: &[(usize, &str)],
        jobs: usize,
        seeds: Option<usize>,
        mut emit: impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<(usize, String)>();
        std::thread::scope(|scope| {
            for _ in 0..jobs.min(lines.len()) {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((n, line)) = lines.get(k) else { break };
                    if tx.send((k, super::sweep_line(*n, line, seeds))).is_err() {
                        break; // the writer stopped (e.g. a closed pipe)
                    }
                });
            }
            drop(tx);
            let mut pending = std::collections::BTreeMap::new();
            let mut due = 0;
            for (k, json) in rx {
                pending.insert(k, json);
                while let Some(json) = pending.remove(&due) {
                    emit(&json)?;
                    due += 1;
                }
            }
            Ok(())
        })
    }
}

fn digest(args: &[String]) -> Result<(), String> {
    let mut sim = load(args.first().ok_or("usage: aqm-cli digest <scenario.json|-> [seconds]")?)?;
    let secs: f64 = match args.get(1) {
        Some(s) => s.parse().map_err(|_| format!("seconds: '{s}' is not a number"))?,
        None => sim.scenario().duration,
    };
    sim.run_until(from_secs(secs));
    println!("{}", trace_digest_hex(&sim.take_samples()));
    Ok(())
}

/// The scenario's flows as the engine draws them from its seed, so that another simulator (the ns-3
/// validation suite, validation/) can build the same dumbbell: times in ns, rates in Mbit/s.
fn flows(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("usage: aqm-cli flows <scenario.json|->")?;
    let scenario = Scenario::from_json(&read_source(path)?)?;
    let specs: Vec<serde_json::Value> = aqm_engine::topology::expand(&scenario)
        .iter()
        .map(|f| {
            serde_json::json!({
                "id": f.id,
                "group": f.group,
                "tcp": f.tcp.name(),
                "access_delay_ns": f.access_delay,
                "access_rate_mbps": f.access_rate_bps / 1e6,
                "base_rtt_ns": f.base_rtt,
                "packet_size": f.packet_size,
                "start_ns": f.start,
                "stop_ns": f.stop,
            })
        })
        .collect();
    println!("{}", serde_json::to_string_pretty(&specs).map_err(|e| e.to_string())?);
    Ok(())
}

/// A default dumbbell for a quick bench (the reference scenarios live in engine-wasm/bench/).
pub const BENCH_SCENARIO: &str = r#"{"seed":1,"duration":60,"sample_interval":0.05,
  "link":{"rate_mbps":100,"delay_ms":5,"buffer":500},
  "flows":[{"count":100,"tcp":"reno","rtt_ms":[20,100]}],
  "aqm":{"kind":"droptail"}}"#;

fn bench(args: &[String]) -> Result<(), String> {
    let secs: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let scenario = match args.get(1) {
        Some(path) => scenario(&read_source(path)?)?,
        None => scenario(BENCH_SCENARIO)?,
    };
    let mut sim = Simulation::new(scenario)?;
    let start = Instant::now();
    // One-second slices, draining the trace as the page's worker does.
    while sim.now() < from_secs(secs) {
        sim.run_until((sim.now() + from_secs(1.0)).min(from_secs(secs)));
        sim.take_samples();
    }
    let wall = start.elapsed().as_secs_f64();
    let s = sim.summary();
    let l = sim.ledger();
    // Every packet that reached the bottleneck queue (then dropped, queued, sent or delivered).
    let packets = l.sent - l.in_access - l.random_losses;
    let out = serde_json::json!({
        "simulated_s": secs,
        "wall_s": wall,
        "speed_vs_real_time": secs / wall,
        "events": sim.events_handled(),
        "events_per_s": sim.events_handled() as f64 / wall,
        "bottleneck_packets": packets,
        "bottleneck_packets_per_s": packets as f64 / wall,
        "utilisation": s.utilisation,
        "flows": sim.flow_count(),
        "peak_rss_bytes": peak_rss_bytes(),
    });
    println!("{}", serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?);
    Ok(())
}

/// Peak resident set size of this process (Linux), for memory per flow.
fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kb| kb * 1024)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--profile") {
        let Some(name) = args.get(i + 1).cloned() else {
            eprintln!("aqm-cli: --profile needs a name: paper, ns2, ns3 or linux");
            return ExitCode::FAILURE;
        };
        args.drain(i..i + 2);
        let _ = PROFILE.set(name);
    }
    let result = match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("sweep") => sweep_cmd(&args[1..]),
        Some("digest") => digest(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("profile") => profile(&args[1..]),
        Some("flows") => flows(&args[1..]),
        Some("schema") => {
            println!("{}", aqm_engine::schema::scenario_schema_json());
            Ok(())
        }
        Some("algorithms") => serde_json::to_string_pretty(&aqm_engine::aqm::catalogue())
            .map(|s| println!("{s}"))
            .map_err(|e| e.to_string()),
        Some("catalog") => serde_json::to_string_pretty(&aqm_engine::catalog::catalog())
            .map(|s| println!("{s}"))
            .map_err(|e| e.to_string()),
        Some("contract") => {
            print!("{}", aqm_engine::catalog::typescript_module());
            Ok(())
        }
        _ => {
            Err("usage: aqm-cli run|sweep|digest|algorithms|catalog|contract|schema|bench|profile|flows [--profile name] (see the file's doc)"
                .into())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("aqm-cli: {e}");
            ExitCode::FAILURE
        }
    }
}
