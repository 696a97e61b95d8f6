//! AQM Lab engine: a deterministic, packet-level discrete-event simulator of a dumbbell network.
//!
//! ```text
//!  sender i ──access(rate_i, delay_i)──▶ [bottleneck queue: AQM] ──link(C, D)──▶ receiver i
//!     ▲                                                                            │
//!     └──────────────────────────── ACK (reverse delay D + delay_i) ◀─────────────┘
//! ```
//! Events (`scheduler/`) are ordered by (time in integer ns, sequence number). `sim.rs` owns the scheduler
//! and the event loop, the network (`net/`: the bottleneck, an `aqm::QueueDisc` in front of a link, and the
//! link's loss, propagation, reverse path and capacity schedule), the senders (`tcp/`, `traffic.rs`) and the
//! metrics.
//! `scenario.rs` is the one serde model shared with the page and the URL. `api.rs` is the only
//! wasm-bindgen code. Randomness comes from `rng.rs` (one seed, one stream per component) and every
//! transcendental function from `libm`, so native and WebAssembly runs are bit-identical.

// A refusal (`problem::Problem`) carries its field, bounds and English sentence; it is returned only by
// checks outside the event loop (validation, live parameter changes), so its size costs nothing that matters.
#![allow(clippy::result_large_err)]
#![warn(missing_docs)]

/// A built discipline or congestion control as the registries hold it (`aqm::BoxedDisc`,
/// `tcp::registry::BoxedController`): in WebAssembly wrapped in its enum variant (static dispatch), natively
/// a trait object (docs/performance.md, "fifth pass"). Defined before the modules that use it.
#[cfg(target_arch = "wasm32")]
macro_rules! boxed {
    ($variant:path, $built:expr) => {
        Box::new($variant($built))
    };
}
#[cfg(not(target_arch = "wasm32"))]
macro_rules! boxed {
    ($variant:path, $built:expr) => {
        Box::new($built)
    };
}

pub mod aqm;
pub mod atm;
pub mod packet;
pub mod rng;
pub mod time;

#[cfg(target_arch = "wasm32")]
mod api;
pub mod catalog;
pub mod cc_params;
pub mod digest;
pub mod fields;
pub mod headers;
pub mod load;
pub mod metrics;
pub mod migrate;
pub mod net;
pub mod problem;
pub mod profile;
pub mod scenario;
pub mod scheduler;
pub mod schema;
pub mod sim;
pub mod stats;
pub mod tcp;
pub mod topology;
pub mod traffic;
pub mod view;
