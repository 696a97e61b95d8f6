//! Retransmission timeout estimation (RFC 6298) with Karn's rule applied by the caller and exponential
//! back-off on expiry.

use crate::time::{Time, MILLI};

#[derive(Clone, Copy, Debug, PartialEq)]
/// Bounds of the retransmission timeout (RFC 6298).
pub struct RtoConfig {
    /// RTO before the first RTT sample.
    pub initial: Time,
    /// Lower bound of the RTO.
    pub min: Time,
    /// Upper bound of the RTO.
    pub max: Time,
    /// Clock granularity G (ns-2 tcpTick_ 10 ms).
    pub granularity: Time,
}

impl Default for RtoConfig {
    /// ns-2 / Linux minimum of 200 ms; RFC 6298 initial 1 s and maximum 60 s.
    fn default() -> Self {
        RtoConfig { initial: 1000 * MILLI, min: 200 * MILLI, max: 60_000 * MILLI, granularity: 10 * MILLI }
    }
}

#[derive(Clone, Debug)]
/// SRTT, RTTVAR and RTO as RFC 6298 computes them.
pub struct RttEstimator {
    config: RtoConfig,
    srtt: Option<f64>,
    rttvar: f64,
    rto: Time,
    /// Smallest RTT sample seen.
    pub min_rtt: Option<Time>,
    /// Number and sum of the samples taken, for the summary's mean RTT (not used by the estimator).
    pub samples: u64,
    /// Sum of the samples taken.
    pub sample_sum: Time,
}

impl RttEstimator {
    /// An estimator with no sample yet.
    pub fn new(config: RtoConfig) -> Self {
        RttEstimator { config, srtt: None, rttvar: 0.0, rto: config.initial, min_rtt: None, samples: 0, sample_sum: 0 }
    }

    /// RFC 6298 §2.2–2.3: first sample R: SRTT = R, RTTVAR = R/2; then RTTVAR = ¾RTTVAR + ¼|SRTT − R'|,
    /// SRTT = ⅞SRTT + ⅛R'. RTO = SRTT + max(G, 4·RTTVAR), clamped to [min, max]. A sample also
    /// clears any back-off.
    pub fn sample(&mut self, rtt: Time) {
        self.samples += 1;
        self.sample_sum += rtt;
        let r = rtt as f64;
        match self.srtt {
            None => {
                self.srtt = Some(r);
                self.rttvar = r / 2.0;
            }
            Some(srtt) => {
                self.rttvar = 0.75 * self.rttvar + 0.25 * (srtt - r).abs();
                self.srtt = Some(0.875 * srtt + 0.125 * r);
            }
        }
        self.min_rtt = Some(self.min_rtt.map_or(rtt, |m| m.min(rtt)));
        let srtt = self.srtt.unwrap_or(r);
        let rto = srtt + (self.config.granularity as f64).max(4.0 * self.rttvar);
        self.rto = (rto as Time).clamp(self.config.min, self.config.max);
    }

    /// RFC 6298 §5.5: double the RTO on expiry.
    pub fn back_off(&mut self) {
        self.rto = (self.rto.saturating_mul(2)).min(self.config.max);
    }

    /// The current retransmission timeout, backoff included.
    pub fn rto(&self) -> Time {
        self.rto
    }

    /// Smoothed RTT, once sampled.
    pub fn srtt(&self) -> Option<Time> {
        self.srtt.map(|s| s as Time)
    }

    /// RTT variation.
    pub fn rttvar(&self) -> Time {
        self.rttvar as Time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_rfc6298_updates_and_backoff() {
        let mut e = RttEstimator::new(RtoConfig::default());
        assert_eq!(e.rto(), 1000 * MILLI);
        e.sample(100 * MILLI);
        // SRTT 100 ms, RTTVAR 50 ms, RTO = 100 + 200 = 300 ms.
        assert_eq!(e.srtt(), Some(100 * MILLI));
        assert_eq!(e.rto(), 300 * MILLI);
        e.sample(200 * MILLI);
        // RTTVAR = 37.5 + 25 = 62.5 ms; SRTT = 87.5 + 25 = 112.5 ms; RTO = 112.5 + 250 = 362.5 ms.
        assert_eq!(e.rttvar(), 62_500_000);
        assert_eq!(e.srtt(), Some(112_500_000));
        assert_eq!(e.rto(), 362_500_000);
        e.back_off();
        assert_eq!(e.rto(), 725_000_000);
        for _ in 0..10 {
            e.back_off();
        }
        assert_eq!(e.rto(), 60_000 * MILLI);
        assert_eq!(e.min_rtt, Some(100 * MILLI));
    }

    #[test]
    fn clamps_to_the_minimum_rto() {
        let mut e = RttEstimator::new(RtoConfig::default());
        for _ in 0..50 {
            e.sample(10 * MILLI);
        }
        assert_eq!(e.rto(), 200 * MILLI);
    }
}
