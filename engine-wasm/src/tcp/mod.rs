//! TCP senders and receivers (RFC 5681, RFC 6582, RFC 6298). One sender model ([`sender::TcpSender`]) does sequence
//! numbers, RTO (RFC 6298 + Karn) and loss recovery as each variant's [`Recovery`] says; the window's growth
//! and cuts come from a [`CongestionControl`] per variant, one file each.

pub mod bbr;
pub mod cc;
pub mod cubic;
pub mod dctcp;
#[cfg(any(test, feature = "dummy-cc"))]
pub mod dummy;
pub mod hystart;
pub mod prague;
pub mod prr;
pub mod rack;
pub mod rate;
pub mod receiver;
pub mod registry;
pub mod reno;
pub mod rtt;
pub mod scoreboard;
pub mod sender;
pub mod vegas;

pub use cc::{AckInfo, CcConfig, CcInfo, CcValues, CongestionControl, EcnSample, Recovery, Window};
pub use registry::Variant;
