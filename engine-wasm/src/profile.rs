//! Scenario profiles: which implementation's published details the engine follows (docs/profiles.md).
//!
//! A profile is a table of values for implementation-detail fields of the flow groups (TCP) and of the
//! `aqm` object (per algorithm kind). Two ways to use it, both on the scenario's JSON:
//!
//! - [`fill_absent`] (run by `Scenario::from_json`): the profile supplies the fields a scenario leaves out;
//!   fields the scenario writes win. `"paper"` supplies nothing, so every existing scenario and digest is
//!   unchanged.
//! - [`apply_profile`] (the page's "Behave as" selector, `aqm-cli --profile`): every field the profile
//!   controls is set to the profile's value, overriding, and `profile` is set. For `"paper"` the values are
//!   the engine's defaults (the papers' and RFCs' behaviour).
//!
//! Sources of each value are in docs/profiles.md, docs/red.md, docs/codel.md and docs/pie.md.

use serde_json::{Map, Value};

use crate::problem::{Kind, Problem};
use crate::scenario::{Profile, Scenario};

/// A value in a profile table (serde_json values cannot be built in a `const`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum V {
    /// A boolean.
    B(bool),
    /// A number.
    N(f64),
    /// A string.
    S(&'static str),
}

impl V {
    fn json(self) -> Value {
        match self {
            V::B(b) => Value::Bool(b),
            V::N(x) if x.fract() == 0.0 && x.abs() < 1e15 => Value::from(x as i64),
            V::N(x) => Value::from(x),
            V::S(s) => Value::from(s),
        }
    }
}

/// One profile's values: field name and value.
type Table = &'static [(&'static str, V)];

/// One field and its value under each profile, in [`Profile`]'s order: paper, ns2, ns3, linux.
type Row = (&'static str, [V; 4]);

/// A table of rows cut into one [`Table`] per profile, at compile time; `Profile as usize` indexes it (the
/// enum declares paper, ns2, ns3, linux in that order).
const fn by_profile<const N: usize>(rows: [Row; N]) -> [[(&'static str, V); N]; 4] {
    let mut out = [[("", V::B(false)); N]; 4];
    let mut p = 0;
    while p < 4 {
        let mut i = 0;
        while i < N {
            out[p][i] = (rows[i].0, rows[i].1[p]);
            i += 1;
        }
        p += 1;
    }
    out
}

use V::{B, N, S};

/// A value every profile gives alike.
const fn all(v: V) -> [V; 4] {
    [v, v, v, v]
}

/// The TCP fields of a flow group. Paper: FlowGroup::default(), the papers' Reno/NewReno as the seeds
/// describe them.
///
/// ns-2 (ns-default.tcl, 2004–2005): one-way Agent/TCP/Newreno with TCPSink (no SACK, no delayed
/// ACK), singledup_ 0, windowInit_ 2, minrto_ 0.2 (since 2004-10-14), tcpTick_ 0.01,
/// precisionReduce_ false (until 2006-01-24: whole-segment window cuts), Vegas v_alpha_ 1,
/// v_beta_ 3, v_gamma_ 1.
///
/// ns-3.44 TcpSocketBase/TcpSocket defaults: Sack true, TcpPrrRecovery, LimitedTransmit true,
/// InitialCwnd 10, DelAckCount 2 / DelAckTimeout 200 ms, MinRto 1 s, ClockGranularity 1 ms; TcpVegas
/// Alpha 2, Beta 4, Gamma 1 on the smallest RTT of the last round (vegas_rtt min); byte-counted ssthresh (no whole-segment cut).
/// TcpLinuxReno and TcpDctcp (on it) grow per acknowledged segment; TcpNewReno per ACK.
///
/// Linux (5.x/6.x): SACK, PRR (tcp_cwnd_reduction), limited transmit, RACK-TLP (tcp_recovery 1),
/// IW 10 (RFC 6928), delayed ACKs, TCP_RTO_MIN 200 ms, 1 ms clock (HZ 1000 / usec RTT), Vegas
/// alpha 2, beta 4, gamma 1 on the minimum RTT of the last round (tcp_vegas.c), tcp_reno_ssthresh max(cwnd >> 1, 2).
static FLOW: [[(&str, V); 15]; 4] = by_profile([
    // (field, [paper, ns2, ns3, linux])
    ("sack", [B(false), B(false), B(true), B(true)]),
    ("recovery", [S("rfc6582"), S("rfc6582"), S("prr"), S("prr")]),
    ("limited_transmit", [B(false), B(false), B(true), B(true)]),
    ("rack", [B(false), B(false), B(false), B(true)]),
    ("delayed_ack", [B(false), B(false), B(true), B(true)]),
    ("initial_cwnd", [N(2.0), N(2.0), N(10.0), N(10.0)]),
    ("min_rto_ms", [N(200.0), N(200.0), N(1000.0), N(200.0)]),
    ("timer_granularity_ms", [N(10.0), N(10.0), N(1.0), N(1.0)]),
    ("vegas_alpha", [N(1.0), N(1.0), N(2.0), N(2.0)]),
    ("vegas_beta", [N(3.0), N(3.0), N(4.0), N(4.0)]),
    ("vegas_gamma", all(N(1.0))),
    ("vegas_rtt", [S("ns2"), S("ns2"), S("min"), S("min")]),
    ("whole_segment_cuts", [B(false), B(true), B(false), B(true)]),
    ("linux_reno", [B(false), B(false), B(true), B(false)]),
    ("prr_dupack_credit", all(B(false))),
]);

/// TCP fields of a flow group, per profile. Every profile lists the same fields.
pub fn flow_settings(profile: Profile) -> Table {
    &FLOW[profile as usize]
}

/// Congestion-control parameters of one variant (`flows[i].cc_params`), per profile: written only into the
/// groups whose `tcp` is that variant, since another variant rejects a key it does not declare.
pub fn cc_settings(profile: Profile, tcp: &str) -> Table {
    match (tcp, profile) {
        // Linux tcp_prague (L4STeam): `prague_rtt_scaling` defaults to RTT_CONTROL_RATE with
        // `prague_rtt_target` 25 ms, i.e. RTT independence on (draft-briscoe-iccrg-prague-congestion-control
        // §2.3.6). The papers, ns-2 and ns-3 (which has no Prague) keep the engine's default, off.
        ("prague", Profile::Linux) => &[("rtt_scaling", B(true))],
        ("prague", _) => &[("rtt_scaling", B(false))],
        _ => &[],
    }
}

/// The variants [`cc_settings`] has a table for (the page's copy lists them).
const CC_WITH_SETTINGS: [&str; 1] = ["prague"];

// The RED family under ns-2 and ns-3 waits between drops, follows ns-3's rules and steps the average
// through idle time; ns-3's AQM examples (and validation/dumbbell.cc) give the NetDevice a 1-packet queue
// (docs/red.md). The paper and Linux profiles keep the engine's defaults.
const RED_WAIT: Row = ("wait", [B(false), B(true), B(true), B(false)]);
const RED_NS3_RULES: Row = ("ns3_rules", [B(false), B(true), B(true), B(false)]);
const RED_IDLE_STEPS: Row = ("idle_steps", [B(false), B(true), B(true), B(false)]);
const RED_DEVICE_QUEUE: Row = ("device_queue", [N(0.0), N(0.0), N(1.0), N(0.0)]);

/// The RED switches and one of a variant's own, after `ns3_rules` as the variant lists its parameters.
const fn red_and(own: Row) -> [Row; 5] {
    [RED_WAIT, RED_NS3_RULES, own, RED_IDLE_STEPS, RED_DEVICE_QUEUE]
}

/// RED and gentle RED.
static RED: [[(&str, V); 4]; 4] = by_profile([RED_WAIT, RED_NS3_RULES, RED_IDLE_STEPS, RED_DEVICE_QUEUE]);

/// ARED: ns-2's automatic bottom (since June 2004) is min(0.01, 80000/C), not ns-3's expression, so ns-2
/// keeps the fixed 0.01 it had before (docs/red.md).
static ARED: [[(&str, V); 5]; 4] = by_profile(red_and(("max_p_bottom_auto", [B(false), B(false), B(true), B(false)])));

/// Feng's adaptive RED.
static FENG_ARED: [[(&str, V); 5]; 4] = by_profile(red_and(("start_above", [B(false), B(false), B(true), B(false)])));

/// CoDel and FQ-CoDel.
static CODEL: [[(&str, V); 1]; 4] = by_profile([("control_law_newton", [B(false), B(false), B(true), B(true)])]);

/// PIE.
static PIE: [[(&str, V); 2]; 4] =
    by_profile([("mark_ecn_th", all(N(0.1))), ("burst_holds_p", [B(false), B(false), B(true), B(false)])]);

/// DualPI2: RFC 9332 Appendix A (the engine's defaults); ns-2 and ns-3 have no DualPI2, their profiles keep
/// these. Linux 6.17 sch_dualpi2 `dualpi2_reset_default`: the gains in 1/256 Hz (41 and 819, "~0.16" and
/// "~3.20"), step 1 ms in time, c_protection 10 %, coupling_factor 2, drop_overload on.
static DUALPI2: [[(&str, V); 8]; 4] = by_profile([
    ("target", all(N(15.0))),
    ("t_update", all(N(16.0))),
    ("alpha", [N(0.16), N(0.16), N(0.16), N(0.16015625)]),
    ("beta", [N(3.2), N(3.2), N(3.2), N(3.19921875)]),
    ("k", all(N(2.0))),
    ("step_thresh", all(N(1.0))),
    ("classic_protection", all(N(10.0))),
    ("drop_overload", all(B(true))),
]);

/// The implementation-detail parameters of one algorithm kind, per profile (empty for kinds without any).
pub fn aqm_settings(profile: Profile, kind: &str) -> Table {
    let p = profile as usize;
    match kind {
        "red" | "gentle_red" => &RED[p],
        "ared" => &ARED[p],
        "feng_ared" => &FENG_ARED[p],
        "codel" | "fq_codel" => &CODEL[p],
        "pie" => &PIE[p],
        "dualpi2" => &DUALPI2[p],
        _ => &[],
    }
}

/// The profile named by a scenario's JSON (`"paper"` when absent); an unknown name is left for serde to
/// report with the scenario's other errors.
fn profile_of(root: &Map<String, Value>) -> Option<Profile> {
    match root.get("profile") {
        None => Some(Profile::Paper),
        Some(v) => serde_json::from_value(v.clone()).ok(),
    }
}

/// Writes `table` into `obj`: every key when `overwrite`, else only the absent ones.
fn write(obj: &mut Map<String, Value>, table: Table, overwrite: bool) {
    for (key, value) in table {
        if overwrite || !obj.contains_key(*key) {
            obj.insert(key.to_string(), value.json());
        }
    }
}

/// Applies `profile` to the flow groups and the aqm object of a scenario's JSON root.
fn apply(root: &mut Map<String, Value>, profile: Profile, overwrite: bool) {
    // An absent `flows` is one default group: make it explicit so the profile reaches it.
    let flows = root.entry("flows").or_insert_with(|| Value::Array(vec![Value::Object(Map::new())]));
    if let Value::Array(groups) = flows {
        for group in groups.iter_mut() {
            if let Value::Object(g) = group {
                write(g, flow_settings(profile), overwrite);
                let tcp = g.get("tcp").and_then(Value::as_str).unwrap_or("").to_string();
                let table = cc_settings(profile, &tcp);
                if !table.is_empty() {
                    if let Value::Object(cc) = g.entry("cc_params").or_insert_with(|| Value::Object(Map::new())) {
                        write(cc, table, overwrite);
                    }
                }
            }
        }
    }
    if let Some(Value::Object(aqm)) = root.get_mut("aqm") {
        let kind = aqm.get("kind").and_then(Value::as_str).unwrap_or("").to_string();
        write(aqm, aqm_settings(profile, &kind), overwrite);
    }
}

/// `Scenario::from_json`'s first step: the scenario's profile supplies values for the fields it leaves
/// out. Malformed input is returned unchanged for serde to report.
pub fn fill_absent(json: &str) -> String {
    let Ok(Value::Object(mut root)) = serde_json::from_str::<Value>(json) else {
        return json.to_string();
    };
    match profile_of(&root) {
        Some(Profile::Paper) | None => json.to_string(),
        Some(profile) => {
            apply(&mut root, profile, false);
            Value::Object(root).to_string()
        }
    }
}

/// A live change of the discipline (the page's algorithm picker): the running scenario's profile supplies
/// the parameters `aqm_json` leaves out, as [`fill_absent`] does for a whole scenario, so switching to RED
/// under ns-3 gives ns-3's RED. Malformed input is returned unchanged for serde to report.
pub fn fill_absent_aqm(aqm_json: &str, profile: Profile) -> String {
    let Ok(Value::Object(mut aqm)) = serde_json::from_str::<Value>(aqm_json) else {
        return aqm_json.to_string();
    };
    if profile == Profile::Paper {
        return aqm_json.to_string();
    }
    let kind = aqm.get("kind").and_then(Value::as_str).unwrap_or("").to_string();
    write(&mut aqm, aqm_settings(profile, &kind), false);
    Value::Object(aqm).to_string()
}

/// Every profile's table as JSON, `{"ns3": {"flow": {field: value}, "cc": {tcp: {param: value}},
/// "aqm": {kind: {param: value}}}, ...}`,
/// for the page (web/scenario/profiles.generated.json, `npm run gen:profiles`), which fills a scenario's
/// absent fields exactly as [`fill_absent`] does.
pub fn tables_json() -> String {
    let mut out = Map::new();
    for (name, p) in
        [("paper", Profile::Paper), ("ns2", Profile::Ns2), ("ns3", Profile::Ns3), ("linux", Profile::Linux)]
    {
        let mut flow = Map::new();
        write(&mut flow, flow_settings(p), true);
        let mut aqm = Map::new();
        for info in crate::aqm::catalogue() {
            let table = aqm_settings(p, info.kind);
            if !table.is_empty() {
                let mut params = Map::new();
                write(&mut params, table, true);
                aqm.insert(info.kind.to_string(), Value::Object(params));
            }
        }
        let mut cc = Map::new();
        for tcp in CC_WITH_SETTINGS {
            let mut params = Map::new();
            write(&mut params, cc_settings(p, tcp), true);
            cc.insert(tcp.to_string(), Value::Object(params));
        }
        let mut entry = Map::new();
        entry.insert("flow".into(), Value::Object(flow));
        entry.insert("cc".into(), Value::Object(cc));
        entry.insert("aqm".into(), Value::Object(aqm));
        out.insert(name.into(), Value::Object(entry));
    }
    Value::Object(out).to_string()
}

/// The page's "Behave as" selector: the scenario with every field `profile` controls set to that
/// profile's value (overriding what the scenario wrote) and `profile` set. The result is checked like any
/// scenario.
pub fn apply_profile(scenario_json: &str, profile: &str) -> Result<String, Problem> {
    let p: Profile = serde_json::from_value(Value::from(profile)).map_err(|_| {
        let expected = ["paper", "ns2", "ns3", "linux"].map(String::from).to_vec();
        let message = format!("profile must be one of paper, ns2, ns3, linux (got {profile:?})");
        Problem { name: Some(profile.into()), expected, ..Problem::constraint("profile", message) }
            .of_kind(Kind::UnknownVariant)
    })?;
    let mut root = match crate::problem::from_json::<Value>("", scenario_json)? {
        Value::Object(root) => root,
        _ => return Err(Problem::constraint("", "scenario: expected a JSON object".into()).of_kind(Kind::WrongType)),
    };
    apply(&mut root, p, true);
    root.insert("profile".into(), Value::from(profile));
    let json = Value::Object(root).to_string();
    Scenario::from_json(&json)?;
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aqm::{self, AqmConfig};
    use crate::scenario::LossRecovery;

    #[test]
    fn paper_profile_is_the_engine_defaults_so_no_scenario_changes() {
        // (An empty scenario is the default one: scenario.rs's tests.)
        let applied = apply_profile("{}", "paper").unwrap();
        let s = Scenario::from_json(&applied).unwrap();
        assert_eq!(s, Scenario::default());
        // Every AQM default equals the paper profile's value for that kind.
        for info in aqm::catalogue() {
            for (name, value) in aqm_settings(Profile::Paper, info.kind) {
                let spec = info.params.iter().find(|s| s.name == *name).unwrap_or_else(|| panic!("{name}"));
                let want = match value {
                    V::B(b) => f64::from(u8::from(*b)),
                    V::N(x) => *x,
                    V::S(_) => unreachable!(),
                };
                assert_eq!(spec.default, want, "{}.{name}", info.kind);
            }
        }
    }

    #[test]
    fn every_profile_sets_the_same_fields_and_every_field_exists() {
        let kinds: Vec<&str> = aqm::catalogue().iter().map(|i| i.kind).collect();
        for p in [Profile::Ns2, Profile::Ns3, Profile::Linux] {
            let names = |t: Table| t.iter().map(|(n, _)| *n).collect::<Vec<_>>();
            assert_eq!(names(flow_settings(p)), names(flow_settings(Profile::Paper)));
            for kind in &kinds {
                assert_eq!(names(aqm_settings(p, kind)), names(aqm_settings(Profile::Paper, kind)), "{kind}");
                // The applied scenario parses: every name is a real parameter of the kind.
                let json = format!(r#"{{"aqm":{{"kind":"{kind}"}}}}"#);
                apply_profile(&json, "ns3").unwrap_or_else(|e| panic!("{kind}: {e}"));
            }
        }
    }

    #[test]
    fn a_profile_fills_absent_fields_and_written_fields_win() {
        let json = r#"{"profile":"ns3","flows":[{"count":2,"initial_cwnd":4},{"count":1}],
                       "aqm":{"kind":"red","wait":false}}"#;
        let s = Scenario::from_json(json).unwrap();
        let (g0, g1) = (&s.flows[0], &s.flows[1]);
        assert_eq!(g0.initial_cwnd, 4); // written
        assert_eq!(g1.initial_cwnd, 10); // ns-3's IW 10
        assert!(g0.sack && g0.delayed_ack && g0.limited_transmit);
        assert_eq!((g0.recovery, g0.min_rto_ms, g0.timer_granularity_ms), (LossRecovery::Prr, 1000.0, 1.0));
        assert_eq!((g1.vegas_alpha, g1.vegas_beta, g1.vegas_gamma), (2.0, 4.0, 1.0));
        let AqmConfig::Red(p) = &s.aqm else { panic!("{:?}", s.aqm) };
        assert!(!p.wait && p.ns3_rules); // wait written, ns3_rules from the profile
                                         // No flows written: the one default group takes the profile's values.
        let s = Scenario::from_json(r#"{"profile":"linux","aqm":{"kind":"codel"}}"#).unwrap();
        assert!(s.flows[0].rack && s.flows[0].whole_segment_cuts);
        assert_eq!(s.flows[0].count, 5);
        let AqmConfig::CoDel(p) = &s.aqm else { panic!() };
        assert!(p.control_law_newton);
        // ns-2: RED waits with ns rules, ARED keeps the fixed bottom, whole-segment cuts; ns-3's bottom is auto.
        let s = Scenario::from_json(r#"{"profile":"ns2","aqm":{"kind":"ared"}}"#).unwrap();
        let AqmConfig::Ared(p) = &s.aqm else { panic!() };
        assert!(p.wait && p.ns3_rules && !p.max_p_bottom_auto && s.flows[0].whole_segment_cuts);
        assert_eq!(s.profile, Profile::Ns2);
        let s = Scenario::from_json(r#"{"profile":"ns3","aqm":{"kind":"ared"}}"#).unwrap();
        let AqmConfig::Ared(p) = &s.aqm else { panic!() };
        assert!(p.max_p_bottom_auto && !s.flows[0].whole_segment_cuts);
    }

    #[test]
    fn apply_profile_overrides_written_fields_and_sets_the_profile() {
        let json =
            r#"{"flows":[{"count":3,"initial_cwnd":4,"sack":false}],"aqm":{"kind":"pie","burst_holds_p":false}}"#;
        let out = apply_profile(json, "ns3").unwrap();
        let s = Scenario::from_json(&out).unwrap();
        assert_eq!(
            (s.profile, s.flows[0].count, s.flows[0].initial_cwnd, s.flows[0].sack),
            (Profile::Ns3, 3, 10, true)
        );
        let AqmConfig::Pie(p) = &s.aqm else { panic!() };
        assert!(p.burst_holds_p);
        // Back to the papers: every controlled field returns to the default, others stay.
        let back = Scenario::from_json(&apply_profile(&out, "paper").unwrap()).unwrap();
        assert_eq!(back.flows[0], crate::scenario::FlowGroup { count: 3, ..Default::default() });
        assert_eq!(back.aqm, AqmConfig::Pie(Default::default()));
        assert_eq!(back.profile, Profile::Paper);
        let err = apply_profile("{}", "ns4").unwrap_err();
        assert!(err.contains("profile must be one of paper, ns2, ns3, linux"), "{err}");
        assert!(apply_profile("[1]", "ns3").unwrap_err().contains("expected a JSON object"));
        assert!(apply_profile(r#"{"flows":[{"count":0}]}"#, "ns3").unwrap_err().contains("flows[0].count"));
    }

    #[test]
    fn linux_gives_dualpi2_the_kernel_s_fixed_point_gains_and_the_others_rfc_9332_s() {
        use crate::aqm::dualpi2::Params;
        let linux: Value =
            serde_json::from_str(&fill_absent_aqm(r#"{"kind":"dualpi2","k":4}"#, Profile::Linux)).unwrap();
        // 41/256 and 819/256 Hz (sch_dualpi2 dualpi2_scale_alpha_beta(41), (819)); the written k wins.
        assert_eq!((linux["alpha"].as_f64(), linux["beta"].as_f64()), (Some(41.0 / 256.0), Some(819.0 / 256.0)));
        assert_eq!(linux["k"].as_f64(), Some(4.0));
        // Paper, ns-2 and ns-3 (neither simulator has DualPI2) keep RFC 9332's values, the engine's defaults.
        let d = Params::default();
        for p in [Profile::Paper, Profile::Ns2, Profile::Ns3] {
            let t: Map<String, Value> =
                aqm_settings(p, "dualpi2").iter().map(|(k, v)| (k.to_string(), v.json())).collect();
            let got: Params = serde_json::from_value(Value::Object(t)).unwrap();
            assert_eq!(got, d, "{p:?}");
        }
    }

    #[test]
    fn linux_turns_on_prague_s_rtt_independence_and_only_in_prague_groups() {
        let json = r#"{"profile":"linux","flows":[{"count":1,"tcp":"prague"},{"count":1,"tcp":"cubic"},
                       {"count":1,"tcp":"prague","cc_params":{"rtt_scaling":false}}],"aqm":{"kind":"dualpi2"}}"#;
        let s = Scenario::from_json(json).unwrap();
        assert_eq!(s.flows[0].cc_params.get("rtt_scaling"), Some(&Value::Bool(true)));
        assert!(s.flows[1].cc_params.is_empty(), "Cubic declares no rtt_scaling");
        assert_eq!(s.flows[2].cc_params.get("rtt_scaling"), Some(&Value::Bool(false)), "written wins");
        // apply_profile overrides it, and back to the papers turns it off.
        let out = apply_profile(json, "linux").unwrap();
        let s = Scenario::from_json(&out).unwrap();
        assert_eq!(s.flows[2].cc_params.get("rtt_scaling"), Some(&Value::Bool(true)));
        let back = Scenario::from_json(&apply_profile(&out, "paper").unwrap()).unwrap();
        assert_eq!(back.flows[0].cc_params.get("rtt_scaling"), Some(&Value::Bool(false)));
        // ns-3 leaves it as the engine's default, and the page's copy says the same.
        let s = Scenario::from_json(r#"{"profile":"ns3","flows":[{"tcp":"prague"}]}"#).unwrap();
        assert_eq!(s.flows[0].cc_params.get("rtt_scaling"), Some(&Value::Bool(false)));
        let tables: Value = serde_json::from_str(&tables_json()).unwrap();
        assert_eq!(tables["linux"]["cc"]["prague"]["rtt_scaling"], Value::Bool(true));
        assert_eq!(tables["paper"]["cc"]["prague"]["rtt_scaling"], Value::Bool(false));
    }

    #[test]
    fn a_live_discipline_change_takes_the_profile_for_what_it_leaves_out() {
        let filled = fill_absent_aqm(r#"{"kind":"red","max_th":30,"wait":false}"#, Profile::Ns3);
        let AqmConfig::Red(p) = serde_json::from_str::<AqmConfig>(&filled).unwrap() else { panic!("{filled}") };
        assert!(!p.wait && p.ns3_rules && p.idle_steps && p.device_queue == 1 && p.max_th == 30.0);
        assert_eq!(fill_absent_aqm(r#"{"kind":"red"}"#, Profile::Paper), r#"{"kind":"red"}"#);
        assert_eq!(fill_absent_aqm("[1]", Profile::Ns3), "[1]");
        // The page's copy of the tables is these tables.
        let tables: Value = serde_json::from_str(&tables_json()).unwrap();
        assert_eq!(tables["ns3"]["aqm"]["codel"]["control_law_newton"], Value::Bool(true));
        assert_eq!(tables["linux"]["flow"]["rack"], Value::Bool(true));
        assert_eq!(tables["paper"]["aqm"]["pie"]["burst_holds_p"], Value::Bool(false));
    }

    #[test]
    fn an_explicit_paper_profile_runs_bit_identically_and_ns3_changes_the_run() {
        use crate::digest::trace_digest_hex;
        use crate::sim::Simulation;
        use crate::time::from_secs;
        let digest = |json: &str| {
            let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
            sim.run_until(from_secs(8.0));
            trace_digest_hex(&sim.take_samples())
        };
        let base = r#""duration":8,"link":{"buffer":40},"flows":[{"count":8}],"aqm":{"kind":"red","max_p":0.1}"#;
        let none = digest(&format!("{{{base}}}"));
        assert_eq!(digest(&format!(r#"{{{base},"profile":"paper"}}"#)), none);
        let ns3 = digest(&format!(r#"{{{base},"profile":"ns3"}}"#));
        assert_ne!(ns3, none);
        assert_eq!(digest(&format!(r#"{{{base},"profile":"ns3"}}"#)), ns3, "same seed, same run");
    }
}
