//! The page's system view (crate::view, docs/system-view.md) against the simulation it watches: its slots
//! cover the queue as the engine counts it, its events add up to the drops and marks the engine made, and
//! watching changes nothing in the trace.

use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;
use aqm_engine::time::from_secs;
use aqm_engine::view::{decode_event, SLOT_CE_BIT};

fn sim(buffer: u32, flows: u32, aqm: &str, ecn: bool) -> Simulation {
    let json = format!(
        r#"{{"seed":9,"duration":20,"link":{{"rate_mbps":10,"delay_ms":10,"buffer":{buffer}}},
            "flows":[{{"count":{flows},"tcp":"newreno","rtt_ms":[20,120],"ecn":{ecn}}}],"aqm":{aqm}}}"#
    );
    Simulation::new(Scenario::from_json(&json).expect("valid scenario")).expect("builds")
}

struct Frame {
    per_slot: u32,
    slots: Vec<u32>,
    capacity_slots: u32,
    events: Vec<u32>,
    total: u32,
}

fn take(sim: &mut Simulation, max_slots: u32) -> Frame {
    let mut out = vec![];
    sim.take_view(max_slots, &mut out);
    let (per_slot, n, capacity_slots, kept, total) = (out[0], out[1] as usize, out[2], out[3] as usize, out[4]);
    assert_eq!(out.len(), 5 + n + kept);
    Frame { per_slot, slots: out[5..5 + n].to_vec(), capacity_slots, events: out[5 + n..].to_vec(), total }
}

/// Runs in frames of 20 ms and checks every frame; returns the events reported in total (sampled or not), the
/// marks among the events kept, and the slots that showed a CE mark.
fn watch(sim: &mut Simulation, max_slots: u32, flows: u32) -> (u64, u64, u64) {
    let (mut events, mut marks, mut ce_slots) = (0, 0, 0);
    for k in 1..=500u64 {
        sim.run_until(from_secs(0.02 * k as f64));
        let before = sim.ledger().dropped;
        let f = take(sim, max_slots);
        let queued = sim.ledger().queued;
        assert_eq!(sim.ledger().dropped, before, "taking a view changes nothing");
        assert!(f.slots.len() as u32 <= max_slots && f.capacity_slots <= max_slots);
        let n = f.slots.len() as u64;
        let per = f.per_slot as u64;
        assert_eq!(n, queued.div_ceil(per), "{n} slots of {per} for {queued} packets");
        assert!(f.slots.iter().all(|w| (w & !SLOT_CE_BIT) < flows));
        ce_slots += f.slots.iter().filter(|w| *w & SLOT_CE_BIT != 0).count() as u64;
        assert!(f.events.len() as u32 <= f.total && f.events.len() <= aqm_engine::sim::VIEW_EVENTS_KEPT);
        assert!(f.events.iter().all(|e| decode_event(*e).0 < flows));
        if f.events.len() as u32 != f.total {
            // Sampled: the log halves when full, so it holds more than half its cap.
            assert!(f.events.len() > aqm_engine::sim::VIEW_EVENTS_KEPT / 2);
        }
        marks += f.events.iter().filter(|e| decode_event(**e).2).count() as u64;
        events += f.total as u64;
    }
    (events, marks, ce_slots)
}

#[test]
fn slots_cover_the_queue_and_events_add_up_to_the_drops() {
    // Drop-tail, 50-packet buffer, 20 flows: only overflow drops, all at arrival (the tail).
    let mut s = sim(50, 20, r#"{"kind":"droptail"}"#, false);
    let (drops, marks, _) = watch(&mut s, 200, 20);
    assert_eq!(marks, 0);
    assert!(drops > 50, "a full buffer drops ({drops})");
    assert_eq!(drops, s.ledger().dropped, "every drop reported once");
}

#[test]
fn a_large_buffer_is_aggregated_into_bounded_slots() {
    // 1000 packets in at most 64 slots: 16 packets a slot.
    let mut s = sim(1000, 30, r#"{"kind":"droptail"}"#, false);
    let (drops, _, _) = watch(&mut s, 64, 30);
    assert_eq!(drops, s.ledger().dropped);
    let f = take(&mut s, 64);
    assert_eq!((f.per_slot, f.capacity_slots), (16, 63));
}

#[test]
fn codel_drops_at_the_head_and_red_marks_show_in_the_slots() {
    let mut s = sim(400, 20, r#"{"kind":"codel"}"#, false);
    let mut out = vec![];
    let mut departures = 0;
    for k in 1..=500u64 {
        s.run_until(from_secs(0.02 * k as f64));
        out.clear();
        s.take_view(200, &mut out);
        let n = out[1] as usize;
        departures += out[5 + n..].iter().filter(|e| decode_event(**e).3 == 1).count();
    }
    assert!(departures > 0, "CoDel drops at dequeue (RFC 8289 §5)");

    let mut s = sim(200, 20, r#"{"kind":"red","min_th":5,"max_th":30,"ecn":true}"#, true);
    let (_, marks, ce_slots) = watch(&mut s, 200, 20);
    assert!(marks > 0, "RED with ECN marks");
    assert!(ce_slots > 0, "marked packets wait in the queue with their CE bit");
}

#[test]
fn watching_does_not_change_the_trace() {
    let mut watched = sim(100, 10, r#"{"kind":"red"}"#, false);
    let mut plain = sim(100, 10, r#"{"kind":"red"}"#, false);
    watch(&mut watched, 50, 10);
    plain.run_until(from_secs(10.0));
    let bits = |v: Vec<f64>| v.into_iter().map(f64::to_bits).collect::<Vec<u64>>();
    let (a, b) = (bits(watched.take_samples()), bits(plain.take_samples()));
    assert!(a.len() > 1000);
    assert_eq!(a, b);
}
