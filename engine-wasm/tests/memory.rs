//! Memory stays flat on long runs: 100 flows over ten simulated hours hold no more heap at the end than
//! after the first hour (issue "Twice as fast": the metrics used to keep every window cut).
//! A counting global allocator measures the live heap of this test binary only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_ten_hour_run_of_100_flows_holds_what_its_first_hour_held() {
    // A slow link keeps the run cheap (≈ 250 packets/s) while 100 Reno flows under drop-tail cut their
    // windows thousands of times an hour: the case where every cut used to be kept.
    let json = r#"{"seed":5,"duration":36000,"warmup":60,"sample_interval":0.1,
        "link":{"rate_mbps":2,"delay_ms":10,"buffer":100},
        "flows":[{"count":100,"tcp":"reno","rtt_ms":[20,200]}],"aqm":{"kind":"droptail"}}"#;
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    let mut peak_by_hour = Vec::new();
    for hour in 1..=10 {
        PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
        // Drain the trace every simulated minute, as the page and the CLI do.
        for minute in 1..=60 {
            sim.run_until(from_secs(((hour - 1) * 3600 + minute * 60) as f64));
            drop(sim.take_samples());
        }
        let summary = sim.summary(); // a summary on the way must not keep anything either
        assert!(summary.sync.cuts > 0);
        drop(summary);
        peak_by_hour.push(PEAK.load(Ordering::Relaxed));
    }
    let cuts = sim.summary().sync.cuts;
    eprintln!("peak live heap per simulated hour (bytes): {peak_by_hour:?}; {cuts} window cuts");
    // Keeping each cut (16 B) would add ≥ cuts · 16 · 9/10 bytes after the first hour; allow 64 KiB of
    // slack for the event heap's and queues' capacities finding their level.
    assert!(cuts > 100_000, "the run should cut often: {cuts}");
    let first = peak_by_hour[0];
    assert!(
        peak_by_hour.iter().all(|p| *p <= first + 64 * 1024),
        "live heap grew after the first hour: {peak_by_hour:?}"
    );
}
