//! Every congestion control the engine has, declared once: the counterpart of `crate::aqm::algorithms!`.
//!
//! One line of [`congestion_controls!`] per variant generates [`Variant`] (the flow group's `tcp`, spelled as
//! scenarios spell it), [`Variant::name`], [`Variant::info`] and [`Variant::controller`]. Each variant's
//! [`CcInfo`] lives beside its code and declares its parameters as `ParamSpec`s, so the page draws their
//! editors and the engine checks them without either knowing a name. A variant's file names only the shared
//! declarations (`super::cc`), never this registry; where a flow group keeps each parameter, and the
//! catalogue's entries, are `crate::cc_params`'s (above both the registry and the scenario model).

use serde::{Deserialize, Serialize};

use super::cc::{AckInfo, CcConfig, CcInfo, CongestionControl, EcnSample, Recovery, Window};
use super::rate::Delivery;
use super::receiver::Feedback;
use super::{bbr, cubic, dctcp, prague, reno, vegas};
use crate::time::Time;

/// What a sender holds. In WebAssembly the [`Controller`] enum: a `match` per call instead of a
/// `call_indirect`, 5 % less CPU on reference b in Node. Natively a trait object: the enum made the native
/// build 6–9 % slower (docs/performance.md, "fifth pass").
#[cfg(target_arch = "wasm32")]
pub type BoxedController = Box<Controller>;
/// What a sender holds (see the WebAssembly definition).
#[cfg(not(target_arch = "wasm32"))]
pub type BoxedController = Box<dyn CongestionControl>;

/// Generates [`Variant`], its `name`/`info`/`controller` and [`Controller`] from one list, in picker order.
macro_rules! congestion_controls {
    ($($(#[$attr:meta])* $variant:ident = $name:literal => $info:path, $ty:ty, |$cfg:ident| $build:expr),* $(,)?) => {
        /// The congestion control of a flow group's TCP flows, as the scenario spells it (`tcp`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Variant {
            $(
                #[doc = concat!("`\"tcp\": \"", $name, "\"`.")]
                $(#[$attr])* #[serde(rename = $name)] $variant,
            )*
        }

        impl Variant {
            /// The variant's name as the scenario spells it.
            pub fn name(self) -> &'static str {
                match self { $($(#[$attr])* Variant::$variant => $name,)* }
            }

            /// What the variant declares.
            pub fn info(self) -> &'static CcInfo {
                match self { $($(#[$attr])* Variant::$variant => &$info,)* }
            }

            /// A fresh controller of this variant.
            pub fn controller(self, cfg: &CcConfig) -> BoxedController {
                match self { $($(#[$attr])* Variant::$variant => { let $cfg = cfg; boxed!(Controller::$variant, $build) })* }
            }

            /// Every variant, in picker order.
            pub const ALL: &'static [Variant] = &[$($(#[$attr])* Variant::$variant,)*];
        }

        /// A congestion control of any variant: a `match` per call (static dispatch, which the compiler can
        /// inline) where a `Box<dyn CongestionControl>` made every call indirect (in WebAssembly a
        /// `call_indirect`, checked and never inlined). Each method forwards to the variant's own, defaults
        /// included, so the behaviour is the variant's.
        pub enum Controller {
            $($(#[$attr])* #[doc = concat!("`\"tcp\": \"", $name, "\"`.")] $variant($ty),)*
        }

        impl CongestionControl for Controller {
            #[inline]
            fn recovery(&self) -> Recovery {
                match self { $($(#[$attr])* Controller::$variant(c) => c.recovery(),)* }
            }
            #[inline]
            fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_ack(w, info),)* }
            }
            #[inline]
            fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, now: Time) -> f64 {
                match self { $($(#[$attr])* Controller::$variant(c) => c.ssthresh_on_loss(w, flight, now),)* }
            }
            #[inline]
            fn on_rto(&mut self, w: &mut Window, flight: u64, now: Time) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_rto(w, flight, now),)* }
            }
            #[inline]
            fn on_send(&mut self, seq: u64, now: Time) {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_send(seq, now),)* }
            }
            #[inline]
            fn wants_rate_samples(&self) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.wants_rate_samples(),)* }
            }
            #[inline]
            fn on_delivery(&mut self, w: &mut Window, d: &Delivery) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_delivery(w, d),)* }
            }
            #[inline]
            fn rearm_on_partial_ack(&self) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.rearm_on_partial_ack(),)* }
            }
            #[inline]
            fn pacing_rate(&self) -> Option<f64> {
                match self { $($(#[$attr])* Controller::$variant(c) => c.pacing_rate(),)* }
            }
            #[inline]
            fn feedback(&self) -> Feedback {
                match self { $($(#[$attr])* Controller::$variant(c) => c.feedback(),)* }
            }
            #[inline]
            fn on_ecn(&mut self, w: &mut Window, s: &EcnSample) -> bool {
                match self { $($(#[$attr])* Controller::$variant(c) => c.on_ecn(w, s),)* }
            }
            fn state(&self) -> Vec<(&'static str, f64)> {
                match self { $($(#[$attr])* Controller::$variant(c) => c.state(),)* }
            }
        }

    };
}

congestion_controls! {
    Tahoe = "tahoe" => reno::TAHOE, reno::Aimd, |_cfg| reno::Aimd::new(Recovery::Tahoe),
    Reno = "reno" => reno::RENO, reno::Aimd, |cfg| reno::Aimd::new(Recovery::Reno).linux_reno(cfg.linux_reno),
    NewReno = "newreno" => reno::NEWRENO, reno::Aimd, |_cfg| reno::Aimd::new(Recovery::NewReno),
    Vegas = "vegas" => vegas::INFO, vegas::Vegas, |cfg| vegas::Vegas::new(vegas::VegasParams::from_values(&cfg.params)),
    Cubic = "cubic" => cubic::INFO, cubic::Cubic,
        |cfg| cubic::Cubic::with_hystart(cubic::CubicParams::default(), cfg.params.switch("hystart")),
    Bbr = "bbr" => bbr::INFO, bbr::Bbr,
        |cfg| bbr::Bbr::new(crate::rng::Rng::new(cfg.rng_seed, cfg.rng_stream), cfg.segment_bytes, cfg.initial_cwnd),
    Dctcp = "dctcp" => dctcp::INFO, dctcp::Dctcp,
        |cfg| dctcp::Dctcp::new(cfg.params.number("g")).linux_reno(cfg.linux_reno),
    Prague = "prague" => prague::INFO, prague::Prague,
        |cfg| prague::Prague::new(cfg.params.number("g"), cfg.params.switch("rtt_scaling")),
    // Test only: proves a congestion control with a parameter is one file and this line (docs/architecture.md).
    #[cfg(any(test, feature = "dummy-cc"))]
    Dummy = "dummy_cc" => super::dummy::INFO, super::dummy::DummyCc, |cfg| super::dummy::DummyCc::new(cfg.params.number("gain")),
}

// Written out: `#[default]` cannot ride on a registry line, whose attributes also go on match arms.
#[allow(clippy::derivable_impls)]
impl Default for Variant {
    fn default() -> Self {
        Variant::Reno
    }
}

impl Variant {
    /// The codepoint its stack sends when the flow group names none: Prague ECT(1) (RFC 9331), DCTCP
    /// ECT(0) as Linux, every other variant ECT(0) with `ecn` and Not-ECT without.
    pub fn default_ect(self, ecn: bool) -> crate::packet::Ect {
        use crate::packet::Ect;
        match self.info().ecn_codepoint {
            Some(own) => own,
            None if ecn => Ect::Ect0,
            None => Ect::NotEct,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_serde_in_picker_order() {
        for v in Variant::ALL {
            let json = serde_json::to_string(v).unwrap();
            assert_eq!(json, format!("\"{}\"", v.name()));
            assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), *v);
            assert_eq!(v.info().name, v.name());
        }
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(&names[..6], ["tahoe", "reno", "newreno", "vegas", "cubic", "bbr"]);
    }
}
