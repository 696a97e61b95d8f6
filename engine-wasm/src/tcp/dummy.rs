//! Test only (`cfg(test)` or `--features dummy-cc`): a congestion control with one parameter that no page code
//! knows, registered by one line in `registry.rs`. It proves that a congestion control with a parameter is its
//! file, that line and its words: the flow editor, the per-flow table and the engine's checks find it through
//! the catalogue alone (docs/architecture.md, "Adding things").

use super::cc::{AckInfo, CcInfo, CongestionControl, Recovery, Window};
use super::reno;
use crate::aqm::params::ParamSpec;

/// Its catalogue entry: one parameter kept in the flow group's `cc_params`.
pub const INFO: CcInfo = CcInfo {
    name: "dummy_cc",
    label: "Dummy (test)",
    citation: "none: a test fixture",
    summary: "NewReno recovery whose avoidance adds `gain` segments per RTT.",
    params: &[
        ParamSpec::real("gain", "Gain", "segments", (0.1, 4.0), "Segments added per RTT in avoidance").default(1.0)
    ],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};

/// NewReno with a scaled additive increase.
pub struct DummyCc {
    gain: f64,
}

impl DummyCc {
    /// A controller adding `gain` segments per RTT in congestion avoidance.
    pub fn new(gain: f64) -> Self {
        DummyCc { gain }
    }
}

impl CongestionControl for DummyCc {
    fn recovery(&self) -> Recovery {
        Recovery::NewReno
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        if w.cwnd < w.ssthresh {
            reno::aimd_increase(w, info.acked);
        } else if info.acked > 0 {
            w.cwnd += self.gain / w.cwnd;
        }
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        vec![("gain", self.gain)]
    }
}
