//! Reading a scenario document: parse, lift an older version (`crate::migrate`), let its profile fill the
//! fields it leaves out (`crate::profile`), then check every field against its row (`crate::fields`) and each
//! flow group's congestion-control parameters against their declarations (`crate::cc_params`). The model it
//! reads into (`crate::scenario`) knows none of these steps, so they can all name it.

use crate::fields;
use crate::migrate::SCENARIO_VERSION;
use crate::problem::Problem;
use crate::scenario::{Scenario, MAX_FLOWS, MAX_GROUPS};

impl Scenario {
    /// Parses and validates a scenario. Its `profile` first supplies the fields it leaves out
    /// (`crate::profile::fill_absent`; nothing for the default "paper").
    pub fn from_json(json: &str) -> Result<Scenario, Problem> {
        let json = crate::profile::fill_absent(&crate::migrate::to_current(json));
        let s: Scenario = crate::problem::from_json("", &json)?;
        s.validate()?;
        Ok(s)
    }

    /// Checks every field; the message names the field and the allowed range. The ranges are the rows of
    /// `crate::fields` (one check per row, in row order); the rules across objects are code here.
    pub fn validate(&self) -> Result<(), Problem> {
        if self.version != SCENARIO_VERSION {
            return Err(Problem::unsupported_version(self.version, SCENARIO_VERSION));
        }
        let ctx = fields::Context::of(self);
        fields::SCENARIO.check("", self, &ctx)?;
        let l = &self.link;
        fields::LINK.check("link", l, &ctx)?;
        if let Some(r) = &l.reverse {
            fields::REVERSE.check("link.reverse", r, &ctx)?;
        }
        fields::check_steps("link.rate_schedule", &l.rate_schedule, &fields::RATE_STEP, &ctx)?;
        if let Some(p) = &l.rate_slots {
            fields::RATE_SLOTS.check("link.rate_slots", p, &ctx)?;
        }
        fields::check_steps("link.delay_schedule", &l.delay_schedule, &fields::DELAY_STEP, &ctx)?;
        if self.flows.is_empty() {
            return Err(Problem::no_groups());
        }
        if self.flows.len() > MAX_GROUPS {
            return Err(Problem::too_many_groups(MAX_GROUPS, self.flows.len()));
        }
        for (i, g) in self.flows.iter().enumerate() {
            // The group's own numbers (its RTT at least twice every delay the link will take), then what it sends.
            let prefix = format!("flows[{i}]");
            fields::FLOW_GROUP.check(&prefix, g, &ctx)?;
            crate::cc_params::check_cc_params(g.tcp, &g.cc_params, &prefix)?;
            fields::check_traffic(&format!("{prefix}.traffic"), &g.traffic, &ctx)?;
        }
        let total = self.total_flows();
        if total > MAX_FLOWS as u64 {
            return Err(Problem::too_many_flows(MAX_FLOWS, total));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::RateStep;

    #[test]
    fn empty_json_is_the_default_scenario_and_round_trips() {
        let s = Scenario::from_json("{}").unwrap();
        assert_eq!(s, Scenario::default());
        let back = Scenario::from_json(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn rejections_name_the_field_and_range() {
        let err = Scenario::from_json(r#"{"flows":[{"count":1000000}]}"#).unwrap_err();
        assert!(err.contains("flows[0].count must be within 1..=10000"), "{err}");
        let err = Scenario::from_json(r#"{"flows":[{"count":6000},{"count":6000}]}"#).unwrap_err();
        assert!(err.contains("total number of flows must be within 1..=10000 (got 12000)"), "{err}");
        let err = Scenario::from_json(r#"{"link":{"rate_mbps":-1}}"#).unwrap_err();
        assert!(err.contains("link.rate_mbps must be within"), "{err}");
        let err = Scenario::from_json(r#"{"link":{"delay_ms":50}}"#).unwrap_err();
        assert!(err.contains("flows[0].rtt_ms[0]"), "{err}");
        let err = Scenario::from_json(r#"{"link":{"rate":1}}"#).unwrap_err();
        assert!(err.contains("unknown field `rate`"), "{err}");
        let err = Scenario::from_json(r#"{"link":{"atm":{"cell_rate_basis":"frame"}}}"#).unwrap_err();
        assert!(err.contains("unknown variant `frame`"), "{err}");
        let err = Scenario::from_json(r#"{"version":99}"#).unwrap_err();
        assert!(err.contains("version 99 is not supported"), "{err}");
        assert!(Scenario::from_json("{").unwrap_err().message.starts_with("scenario:"));
    }

    #[test]
    fn rejections_are_typed_with_path_bounds_unit_and_value() {
        use crate::problem::Kind;
        let p = Scenario::from_json(r#"{"link":{"rate_mbps":0}}"#).unwrap_err();
        assert_eq!((p.kind, p.field.as_str()), (Kind::OutOfRange, "link.rate_mbps"));
        assert_eq!((p.lo, p.hi, p.unit.as_str(), p.got), (Some(0.01), Some(100_000.0), "Mbit/s", Some(0.0)));
        assert_eq!(p.to_string(), "link.rate_mbps must be within 0.01..=100000 Mbit/s (got 0)");
        let p = Scenario::from_json(r#"{"link":{"delay_ms":30},"flows":[{"rtt_ms":[20,100]}]}"#).unwrap_err();
        assert_eq!(
            (p.kind, p.field.as_str(), p.lo, p.got),
            (Kind::OutOfRange, "flows[0].rtt_ms[0]", Some(60.0), Some(20.0))
        );
        assert_eq!((p.other.as_deref(), p.rule), (Some("link.delay_ms"), Some("twice")));
        assert_eq!(
            p.to_string(),
            "flows[0].rtt_ms[0] must be within 60..=60000 ms (at least twice the link delay) (got 20)"
        );
        let p = Scenario::from_json(r#"{"flows":[{"rtt_ms":[80,50]}]}"#).unwrap_err();
        assert_eq!(
            (p.field.as_str(), p.other.as_deref(), p.rule),
            ("flows[0].rtt_ms[1]", Some("flows[0].rtt_ms[0]"), Some("not_below"))
        );
        let p = Scenario::from_json(r#"{"flows":[{"count":6000},{"count":6000}]}"#).unwrap_err();
        assert_eq!(
            (p.kind, p.field.as_str(), p.hi, p.got),
            (Kind::TooManyFlows, "flows", Some(10_000.0), Some(12_000.0))
        );
        let p = Scenario::from_json(r#"{"flows":[]}"#).unwrap_err();
        assert_eq!(p.kind, Kind::NoGroups);
        let p = Scenario::from_json(r#"{"version":99}"#).unwrap_err();
        assert_eq!((p.kind, p.got, p.hi), (Kind::UnsupportedVersion, Some(99.0), Some(2.0)));
        let p = Scenario::from_json(r#"{"link":{"rate":1}}"#).unwrap_err();
        assert_eq!((p.kind, p.field.as_str(), p.name.as_deref()), (Kind::UnknownField, "link.rate", Some("rate")));
        assert!(p.expected.iter().any(|e| e == "rate_mbps"), "{:?}", p.expected);
        let p = Scenario::from_json(r#"{"flows":[{"tcp":"westwood"}]}"#).unwrap_err();
        assert_eq!(
            (p.kind, p.field.as_str(), p.name.as_deref()),
            (Kind::UnknownVariant, "flows[0].tcp", Some("westwood"))
        );
        let p = Scenario::from_json(r#"{"aqm":{"kind":"nope"}}"#).unwrap_err();
        assert_eq!((p.kind, p.field.as_str()), (Kind::UnknownVariant, "aqm.kind"));
        assert!(p.expected.iter().any(|e| e == "red"), "{:?}", p.expected);
        let p = Scenario::from_json(r#"{"aqm":{"kind":"red","max_th":"x"}}"#).unwrap_err();
        assert_eq!(p.kind, Kind::WrongType);
        let p = Scenario::from_json("{").unwrap_err();
        assert_eq!(p.kind, Kind::Parse);
        let p = crate::sim::Simulation::new(
            Scenario::from_json(r#"{"aqm":{"kind":"red","min_th":20,"max_th":15}}"#).unwrap(),
        )
        .err()
        .unwrap();
        assert_eq!((p.kind, p.field.as_str(), p.other.as_deref()), (Kind::Order, "aqm.min_th", Some("aqm.max_th")));
        assert_eq!(p.to_string(), "aqm: min_th (20) must be at least 0 and below max_th (15)");
        let p = crate::sim::Simulation::new(Scenario::from_json(r#"{"aqm":{"kind":"red","max_th":101}}"#).unwrap())
            .err()
            .unwrap();
        assert_eq!(
            (p.kind, p.field.as_str(), p.hi, p.unit.as_str()),
            (Kind::AboveBuffer, "aqm.max_th", Some(100.0), "packets")
        );
        let p = crate::sim::Simulation::new(Scenario::from_json(r#"{"aqm":{"kind":"red","max_p":2}}"#).unwrap())
            .err()
            .unwrap();
        assert_eq!((p.kind, p.field.as_str(), p.got), (Kind::OutOfRange, "aqm.max_p", Some(2.0)));
    }

    #[test]
    fn link_schedules_are_absent_by_default_round_trip_and_reject_unsorted_steps() {
        assert!(!serde_json::to_string(&Scenario::default()).unwrap().contains("schedule"));
        let json = r#"{"link":{"rate_schedule":[{"at_s":10,"rate_mbps":2},{"at_s":20,"rate_mbps":8}],
            "rate_slots":{"start_s":30,"slot_s":15,"min_mbps":1,"max_mbps":5},
            "delay_schedule":[{"at_s":5,"delay_ms":20}]},"flows":[{"rtt_ms":[60,60]}]}"#;
        let s = Scenario::from_json(json).unwrap();
        assert_eq!(s.link.rate_schedule[1], RateStep { at_s: 20.0, rate_mbps: 8.0 });
        assert_eq!(s.link.rate_slots.as_ref().map(|p| p.slot_s), Some(15.0));
        assert_eq!(Scenario::from_json(&serde_json::to_string(&s).unwrap()).unwrap(), s);
        let err =
            Scenario::from_json(r#"{"link":{"rate_schedule":[{"at_s":10,"rate_mbps":2},{"at_s":5,"rate_mbps":8}]}}"#)
                .unwrap_err();
        assert!(err.contains("link.rate_schedule[1].at_s"), "{err}");
        // A scheduled delay must still fit in every flow's base RTT.
        let err = Scenario::from_json(r#"{"link":{"delay_schedule":[{"at_s":5,"delay_ms":50}]}}"#).unwrap_err();
        assert!(err.contains("flows[0].rtt_ms[0]"), "{err}");
    }

    #[test]
    fn atm_mode_is_off_by_default_and_an_empty_object_turns_it_on_at_the_line_rate() {
        use crate::atm::{AtmSpec, CellRateBasis};
        assert_eq!(Scenario::default().link.atm, None);
        assert!(!serde_json::to_string(&Scenario::default()).unwrap().contains("atm"));
        let s = Scenario::from_json(r#"{"link":{"atm":{}}}"#).unwrap();
        assert_eq!(s.link.atm, Some(AtmSpec { cell_rate_basis: CellRateBasis::Line }));
        let s = Scenario::from_json(r#"{"link":{"atm":{"cell_rate_basis":"payload"}}}"#).unwrap();
        assert_eq!(s.link.atm.map(|a| a.cell_rate_basis), Some(CellRateBasis::Payload));
        assert_eq!(Scenario::from_json(&serde_json::to_string(&s).unwrap()).unwrap(), s);
    }
}
