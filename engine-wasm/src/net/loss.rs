//! Loss on the bottleneck link, before the queue and independent of it (`link.loss_rate` = p), in one of
//! two patterns (`link.loss_pattern`):
//! - `random`: each packet is lost with probability p, independently (Bernoulli; the default);
//! - `periodic`: exactly one packet in every 1/p is lost, the deterministic loss model under which RFC 8312
//!   §5.1 (kept in RFC 9438 §5.1) and Mathis et al. (CCR 27(3), 1997, §2) derive the average window of
//!   Reno and CUBIC. The k-th loss falls on the ⌈k/p⌉-th packet to arrive at the link (all flows counted
//!   together), so a p whose inverse is not whole still loses exactly ⌊n·p⌋ of the first n packets.

use crate::rng::Rng;
use crate::scenario::LossPattern;

/// The link's loss process: decides, packet by packet, which arrivals the link loses.
pub struct LinkLoss {
    pattern: LossPattern,
    rng: Rng,
    /// Packets that have arrived at the link (periodic pattern only).
    arrivals: u64,
    /// Losses so far (periodic pattern only).
    losses: u64,
}

impl LinkLoss {
    /// A loss process of `pattern`; `rng` is the loss stream (drawn only by the random pattern).
    pub fn new(pattern: LossPattern, rng: Rng) -> Self {
        LinkLoss { pattern, rng, arrivals: 0, losses: 0 }
    }

    /// Whether the link loses the packet arriving now, at loss rate `p` (0 ≤ p ≤ 1).
    pub fn lose(&mut self, p: f64) -> bool {
        match self.pattern {
            // One draw per packet while p > 0, exactly as before the pattern existed (the golden traces).
            LossPattern::Random => p > 0.0 && self.rng.uniform() < p,
            LossPattern::Periodic => {
                if p <= 0.0 {
                    return false;
                }
                self.arrivals += 1;
                if self.arrivals >= periodic_loss_at(self.losses + 1, p) {
                    self.losses += 1;
                    true
                } else {
                    false
                }
            }
        }
    }
}

/// The arrival (1-based) the k-th periodic loss falls on: ⌈k/p⌉, with k/p rounded to the nearest
/// 10⁻⁹ first, so that 1/p = 1000 for p = 10⁻³ is read as 1000 although 10⁻³ has no exact binary form.
fn periodic_loss_at(k: u64, p: f64) -> u64 {
    let at = k as f64 / p;
    let snapped = (at * 1e9).round() / 1e9;
    snapped.ceil().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn periodic() -> LinkLoss {
        LinkLoss::new(LossPattern::Periodic, Rng::new(1, crate::rng::stream::LOSS))
    }

    /// The 1-based arrivals lost among the first `n` at rate `p`.
    fn lost(n: u64, p: f64) -> Vec<u64> {
        let mut l = periodic();
        (1..=n).filter(|_| l.lose(p)).collect()
    }

    #[test]
    fn periodic_loses_exactly_every_inverse_p_th_packet() {
        assert_eq!(lost(5000, 1e-3), vec![1000, 2000, 3000, 4000, 5000]);
        assert_eq!(lost(10, 0.5), vec![2, 4, 6, 8, 10]);
        assert_eq!(lost(3, 1.0), vec![1, 2, 3]);
        // 1/p not whole: ⌈k/p⌉, so 3 losses in every 10 packets at p = 0.3.
        assert_eq!(lost(20, 0.3), vec![4, 7, 10, 14, 17, 20]);
        // 10⁻⁵ and 10⁻⁶ have no exact binary form either; the count is still exact over a long run.
        assert_eq!(lost(1_000_000, 1e-5).len(), 10);
        assert_eq!(lost(1_000_000, 1e-5)[9], 1_000_000);
        assert_eq!(lost(3_000_000, 1e-6), vec![1_000_000, 2_000_000, 3_000_000]);
    }

    #[test]
    fn periodic_at_zero_loses_nothing_and_does_not_count() {
        let mut l = periodic();
        assert!((0..10_000).all(|_| !l.lose(0.0)));
        // Counting starts with the first packet at p > 0.
        assert!(!(1..10).any(|_| l.lose(0.1)));
        assert!(l.lose(0.1));
    }

    #[test]
    fn random_draws_one_uniform_per_packet_as_before() {
        // The same decisions as `rng.uniform() < p` on the loss stream (the golden traces depend on it).
        let mut l = LinkLoss::new(LossPattern::Random, Rng::new(7, crate::rng::stream::LOSS));
        let mut r = Rng::new(7, crate::rng::stream::LOSS);
        for _ in 0..10_000 {
            assert_eq!(l.lose(0.05), r.uniform() < 0.05);
        }
        assert!(!l.lose(0.0));
        // At p = 0 no number is drawn: the next decision is the stream's next draw.
        assert_eq!(l.lose(0.05), r.uniform() < 0.05);
    }

    #[test]
    fn random_loses_about_p() {
        let mut l = LinkLoss::new(LossPattern::Random, Rng::new(3, crate::rng::stream::LOSS));
        let n = (0..100_000).filter(|_| l.lose(0.01)).count();
        assert!((900..1100).contains(&n), "{n}");
    }

    #[test]
    fn names_are_the_ones_json_uses() {
        assert_eq!(serde_json::to_string(&LossPattern::Periodic).unwrap(), "\"periodic\"");
        assert_eq!(serde_json::from_str::<LossPattern>("\"random\"").unwrap(), LossPattern::Random);
    }
}
