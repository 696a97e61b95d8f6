//! One seeded, portable PRNG (xoshiro256++), split into independent streams per component
//! (seed + stream id), so adding a random draw in one component never shifts another's sequence.

use rand_core::{Rng as _, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Stream ids: one per consumer of randomness.
pub mod stream {
    /// Random RTTs and start times of the flows.
    pub const TOPOLOGY: u64 = 1;
    /// The queue discipline's random drops and marks.
    pub const AQM: u64 = 2;
    /// The link's random loss.
    pub const LOSS: u64 = 3;
    /// UDP and web traffic sources.
    pub const TRAFFIC: u64 = 4;
    /// The sync index's random offsets.
    pub const METRICS: u64 = 5;
    /// The bottleneck's capacity slots (`link.rate_slots`): a stream of their own, so a scenario with a
    /// pattern draws exactly what it drew before in every other stream.
    pub const LINK_SCHEDULE: u64 = 6;
    /// Flow i's congestion controller draws from stream CC_FLOW + i (BBR's ProbeBW start phase).
    pub const CC_FLOW: u64 = 1 << 32;
}

#[derive(Clone, Debug)]
/// A seeded random stream (xoshiro256++), identical on every platform.
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// The stream `stream` of seed `seed`: streams of one seed are independent.
    pub fn new(seed: u64, stream: u64) -> Self {
        // seed_from_u64 runs SplitMix64, which decorrelates neighbouring inputs.
        let mixed = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Rng(Xoshiro256PlusPlus::seed_from_u64(mixed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in [0, 1) with 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in [lo, hi].
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.uniform()
    }

    /// Exponential with the given mean (inverse CDF through libm for bit-identical results).
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * libm::log(1.0 - self.uniform())
    }

    /// Pareto with the given mean and shape (> 1).
    pub fn pareto(&mut self, mean: f64, shape: f64) -> f64 {
        let scale = mean * (shape - 1.0) / shape;
        scale / libm::pow(1.0 - self.uniform(), 1.0 / shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_is_reproducible_and_streams_differ() {
        let a: Vec<u64> = (0..4).map(|_| 0).scan(Rng::new(7, 1), |r, _| Some(r.next_u64())).collect();
        let b: Vec<u64> = (0..4).map(|_| 0).scan(Rng::new(7, 1), |r, _| Some(r.next_u64())).collect();
        let c: Vec<u64> = (0..4).map(|_| 0).scan(Rng::new(7, 2), |r, _| Some(r.next_u64())).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn distributions_have_the_right_means() {
        let mut r = Rng::new(1, 1);
        let n = 200_000;
        let u: f64 = (0..n).map(|_| r.uniform()).sum::<f64>() / n as f64;
        let e: f64 = (0..n).map(|_| r.exponential(2.0)).sum::<f64>() / n as f64;
        assert!((u - 0.5).abs() < 0.01, "uniform mean {u}");
        assert!((e - 2.0).abs() < 0.05, "exponential mean {e}");
        assert!((0..1000).all(|_| (0.0..1.0).contains(&r.uniform())));
    }
}
