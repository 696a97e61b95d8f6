//! Traffic sources (docs/algorithms/tcp.md): greedy FTP and HTTP-like sessions over TCP, and UDP sources
//! that do not react to loss (constant rate, Poisson, exponential on/off).

use crate::rng::Rng;
use crate::scenario::Traffic;
use crate::time::{from_secs, transmission_time, Time};

/// A UDP source's departure process.
pub struct UdpSource {
    traffic: Traffic,
    packet_size: u32,
    /// Next datagram number.
    pub next_seq: u64,
    /// End of the current on period (on/off sources).
    on_until: Time,
}

impl UdpSource {
    /// A source of `traffic` in datagrams of `packet_size` bytes.
    pub fn new(traffic: Traffic, packet_size: u32) -> Self {
        UdpSource { traffic, packet_size, next_seq: 0, on_until: 0 }
    }

    fn gap(&self, rate_mbps: f64) -> Time {
        transmission_time(self.packet_size, rate_mbps * 1e6)
    }

    /// When the datagram after one sent at `now` leaves.
    pub fn next_departure(&mut self, now: Time, rng: &mut Rng) -> Time {
        match self.traffic {
            Traffic::Cbr { rate_mbps } => now + self.gap(rate_mbps),
            Traffic::Poisson { rate_mbps } => {
                let mean = self.gap(rate_mbps) as f64 / 1e9;
                now + from_secs(rng.exponential(mean)).max(1)
            }
            Traffic::OnOff { rate_mbps, on_s, off_s } => {
                let next = now + self.gap(rate_mbps);
                if next <= self.on_until {
                    return next;
                }
                // The on period is over: stay silent for an exponential off time, then start a new one.
                let start = self.on_until.max(now) + from_secs(rng.exponential(off_s));
                self.on_until = start + from_secs(rng.exponential(on_s));
                start
            }
            Traffic::Ftp | Traffic::Http { .. } => unreachable!("TCP traffic has no UDP departure process"),
        }
    }

    /// First departure after the source starts at `now`.
    pub fn first_departure(&mut self, now: Time, rng: &mut Rng) -> Time {
        if let Traffic::OnOff { on_s, .. } = self.traffic {
            self.on_until = now + from_secs(rng.exponential(on_s));
        }
        now
    }
}

/// HTTP-like session model: object sizes Pareto(mean, shape), think times exponential.
#[derive(Clone, Copy, Debug)]
pub struct HttpModel {
    /// Mean object size, bytes.
    pub mean_object_bytes: f64,
    /// Pareto shape of the object sizes.
    pub shape: f64,
    /// Mean think time between objects, s.
    pub think_s: f64,
    /// A think time is running: the next object is already scheduled.
    pub thinking: bool,
}

impl HttpModel {
    /// Segments of the next object (whole packets, as ns-2 counts them).
    pub fn next_object_segments(&self, packet_size: u32, rng: &mut Rng) -> u64 {
        let bytes = rng.pareto(self.mean_object_bytes, self.shape);
        (libm::ceil(bytes / packet_size as f64) as u64).max(1)
    }

    /// An exponentially distributed think time.
    pub fn think_time(&self, rng: &mut Rng) -> Time {
        from_secs(rng.exponential(self.think_s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MICRO;

    #[test]
    fn cbr_spaces_packets_at_its_rate() {
        let mut s = UdpSource::new(Traffic::Cbr { rate_mbps: 1.0 }, 1000);
        let mut rng = Rng::new(1, 1);
        assert_eq!(s.next_departure(0, &mut rng), 8000 * MICRO);
    }

    #[test]
    fn poisson_mean_gap_matches_rate() {
        let mut s = UdpSource::new(Traffic::Poisson { rate_mbps: 8.0 }, 1000);
        let mut rng = Rng::new(3, 1);
        let mut t = 0;
        let n = 50_000;
        for _ in 0..n {
            t = s.next_departure(t, &mut rng);
        }
        let mean_gap_us = t as f64 / n as f64 / 1000.0;
        assert!((mean_gap_us - 1000.0).abs() < 20.0, "{mean_gap_us}");
    }

    #[test]
    fn on_off_sends_about_the_duty_cycle() {
        let mut s = UdpSource::new(Traffic::OnOff { rate_mbps: 8.0, on_s: 0.5, off_s: 0.5 }, 1000);
        let mut rng = Rng::new(5, 1);
        let mut t = s.first_departure(0, &mut rng);
        let mut sent = 0u64;
        while t < from_secs(200.0) {
            sent += 1;
            t = s.next_departure(t, &mut rng);
        }
        // 8 Mbit/s of 1000 B = 1000 pkt/s at 50 % duty over 200 s ≈ 100 000.
        assert!((80_000..120_000).contains(&sent), "{sent}");
    }

    #[test]
    fn http_objects_have_the_configured_mean() {
        let m = HttpModel { mean_object_bytes: 12_000.0, shape: 1.5, think_s: 1.0, thinking: false };
        let mut rng = Rng::new(9, 1);
        let n = 100_000;
        let total: u64 = (0..n).map(|_| m.next_object_segments(1000, &mut rng)).sum();
        let mean = total as f64 / n as f64;
        // ceil() adds about half a segment to the 12-segment mean; heavy tail: loose bound.
        assert!((11.0..15.0).contains(&mean), "{mean}");
    }
}
