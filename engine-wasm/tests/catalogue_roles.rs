//! The catalogue's declarations against what the disciplines do: every drop and mark a run reports has a
//! cause its algorithm declares (`AlgorithmInfo::drop_causes`, `mark_causes`), so the page, which shows
//! exactly the declared causes, hides nothing (docs/parameter-roles.md).

mod common;

use aqm_engine::aqm::catalogue;

/// 20 Reno flows, ECN-capable when `ecn`, on 10 Mbit/s with a 60-packet buffer: overloaded enough that every
/// discipline drops (or marks) for each of its reasons. GFR runs over ATM (docs/algorithms/gfr-atm.md).
fn scenario(kind: &str, ecn: bool) -> String {
    let (link, aqm) = match kind {
        "gfr" => (
            r#"{"rate_mbps":155.52,"delay_ms":1,"atm":{"cell_rate_basis":"line"}}"#.to_string(),
            r#"{"kind":"gfr"}"#.to_string(),
        ),
        _ => (
            r#"{"rate_mbps":10,"buffer":60}"#.to_string(),
            format!(r#"{{"kind":"{kind}"{}}}"#, if ecn { r#","ecn":true"# } else { "" }),
        ),
    };
    format!(
        r#"{{"seed":3,"duration":12,"warmup":2,"link":{link},
            "flows":[{{"count":20,"rtt_ms":[20,120],"ecn":{ecn}}}],"aqm":{aqm}}}"#
    )
}

#[test]
fn every_drop_and_mark_has_a_declared_cause() {
    for info in catalogue() {
        let has_ecn = info.params.iter().any(|p| p.name == "ecn");
        for ecn in [false, true] {
            if ecn && !has_ecn {
                continue;
            }
            let s = common::run(&scenario(info.kind, ecn)).summary();
            assert!(s.drops + s.marks > 0, "{} (ecn {ecn}) signalled nothing: the check would be empty", info.kind);
            for (reason, n) in &s.drops_by_reason {
                let declared = info.drop_causes.iter().any(|r| r.name() == *reason);
                assert!(*n == 0 || declared, "{} dropped {n} for undeclared '{reason}'", info.kind);
            }
            for (reason, n) in &s.marks_by_reason {
                let declared = info.mark_causes.iter().any(|r| r.name() == *reason);
                assert!(*n == 0 || declared, "{} marked {n} for undeclared '{reason}'", info.kind);
            }
        }
    }
}
