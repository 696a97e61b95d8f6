//! Set-up shared by the whole-simulation tests.

use aqm_engine::scenario::Scenario;
use aqm_engine::sim::Simulation;

/// Builds the scenario and runs it to its duration.
pub fn run(json: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    sim.run_to_end();
    sim
}
