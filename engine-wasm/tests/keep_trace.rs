//! `Simulation::keep_trace(false)`, the summary-only mode of batch runs (`aqm-cli sweep`, the page's run
//! workers): the run keeps no trace rows, and its summary is exactly that of a run that keeps them.

use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;

/// A run to the end, keeping the trace or not; its summary as JSON and whatever rows are left to take.
fn run(json: &str, keep: bool) -> (String, Vec<f64>, Vec<f64>) {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    sim.keep_trace(keep);
    sim.run_to_end();
    let summary = serde_json::to_string(&sim.summary()).unwrap();
    (summary, sim.take_samples(), sim.take_state_samples())
}

/// Scenarios that exercise every part of a sample: window means of TCP flows (one starting late and
/// stopping early), UDP, a time-varying rate (the capacity column and the utilisation split at a rate
/// change), a discipline with traced state rows (DualPI2), marks and drops.
const SCENARIOS: [&str; 3] = [
    r#"{"seed":3,"duration":12,"warmup":2,"sample_interval":0.05,
        "link":{"rate_mbps":20,"delay_ms":5,"buffer":200,
                "rate_schedule":[{"at_s":4.0004,"rate_mbps":8},{"at_s":8,"rate_mbps":30}]},
        "flows":[{"count":4,"tcp":"newreno","rtt_ms":[20,80]},
                 {"count":1,"tcp":"cubic","start_s":1.5,"stop_s":9}],
        "aqm":{"kind":"red","min_th":10,"max_th":60,"max_p":0.1,"ecn":true}}"#,
    r#"{"seed":5,"duration":10,"warmup":1,
        "link":{"rate_mbps":100,"delay_ms":2,"buffer":1000},
        "flows":[{"count":3,"tcp":"prague","rtt_ms":[10,20]},{"count":3,"tcp":"cubic","rtt_ms":[10,20]}],
        "aqm":{"kind":"dualpi2"}}"#,
    r#"{"seed":9,"duration":8,"warmup":1,
        "link":{"rate_mbps":10,"delay_ms":10,"buffer":100},
        "flows":[{"count":2,"tcp":"reno"},{"count":1,"traffic":{"kind":"cbr","rate_mbps":3}}],
        "aqm":{"kind":"codel"}}"#,
];

#[test]
fn a_run_without_its_trace_has_the_same_summary_and_keeps_no_rows() {
    for json in SCENARIOS {
        let (kept, rows, state_rows) = run(json, true);
        let (dropped, none, no_state) = run(json, false);
        assert!(!rows.is_empty(), "the run with its trace keeps rows: {json}");
        assert_eq!(dropped, kept, "summary without the trace: {json}");
        assert!(none.is_empty() && no_state.is_empty(), "rows kept without the trace: {json}");
        if json.contains("dualpi2") {
            assert!(!state_rows.is_empty(), "DualPI2 traces its state rows");
        }
    }
}

#[test]
fn the_trace_can_be_turned_back_on_and_then_holds_rows_from_that_point() {
    let json = SCENARIOS[0];
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    let stride = sim.columns().len();
    sim.keep_trace(false);
    sim.run_until(aqm_engine::time::from_secs(5.0));
    assert!(sim.take_samples().is_empty());
    sim.keep_trace(true);
    sim.run_until(aqm_engine::time::from_secs(6.0));
    // Samples every 50 ms: those after 5 s up to and including 6 s.
    assert_eq!(sim.take_samples().len(), 20 * stride);
}
