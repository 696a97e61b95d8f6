//! Simulated time: integer nanoseconds, so event order and every computed instant are exact and identical
//! on every platform (f64 time would make ties and rounding platform-visible).

/// An instant or a duration of simulated time, in nanoseconds.
pub type Time = u64;

/// Nanoseconds in one second.
pub const NANOS_PER_SEC: u64 = 1_000_000_000;
/// One millisecond.
pub const MILLI: Time = 1_000_000;
/// One microsecond.
pub const MICRO: Time = 1_000;

/// Seconds (f64) to nanoseconds, rounded to the nearest nanosecond; negative or NaN become 0.
pub fn from_secs(s: f64) -> Time {
    if s.is_nan() || s <= 0.0 {
        0
    } else {
        libm::round(s * NANOS_PER_SEC as f64) as Time
    }
}

/// Milliseconds to simulated time, rounded to the nearest nanosecond.
pub fn from_millis(ms: f64) -> Time {
    from_secs(ms / 1000.0)
}

/// Simulated time to seconds.
pub fn to_secs(t: Time) -> f64 {
    t as f64 / NANOS_PER_SEC as f64
}

/// Time to serialise `bytes` at `rate_bps`, rounded up so that a link never sends faster than its rate.
/// `f64::ceil` is exact in IEEE 754 (the same as `libm::ceil`), and one instruction in WebAssembly where
/// `libm::ceil` is a call; this runs twice per packet.
pub fn transmission_time(bytes: u32, rate_bps: f64) -> Time {
    let ns = (bytes as f64 * 8.0 * NANOS_PER_SEC as f64 / rate_bps).ceil();
    (ns as Time).max(1)
}

/// [`transmission_time`] of the last (size, rate) asked, kept by a link: its packets mostly come in runs
/// of one size, and the comparison costs less than the division and rounding (twice a packet).
#[derive(Clone, Copy, Debug, Default)]
pub struct TransmissionTimes {
    last: Option<(u32, u64, Time)>,
}

impl TransmissionTimes {
    /// The same as `transmission_time(bytes, rate_bps)`.
    #[inline]
    pub fn get(&mut self, bytes: u32, rate_bps: f64) -> Time {
        match self.last {
            Some((b, r, t)) if b == bytes && r == rate_bps.to_bits() => t,
            _ => {
                let t = transmission_time(bytes, rate_bps);
                self.last = Some((bytes, rate_bps.to_bits(), t));
                t
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_transmission_time() {
        assert_eq!(from_secs(1.5), 1_500_000_000);
        assert_eq!(from_millis(2.0), 2 * MILLI);
        assert_eq!(from_secs(-1.0), 0);
        assert_eq!(to_secs(250 * MILLI), 0.25);
        // 1000 B at 10 Mbit/s = 0.8 ms
        assert_eq!(transmission_time(1000, 10e6), 800 * MICRO);
        // 53-byte ATM cell at 155.52 Mbit/s = 2.726 µs (rounded up)
        assert_eq!(transmission_time(53, 155.52e6), 2727);
    }

    #[test]
    fn remembered_transmission_times_follow_size_and_rate() {
        let mut memo = TransmissionTimes::default();
        for (bytes, rate) in [(1000, 10e6), (1000, 10e6), (53, 155.52e6), (1000, 10e6), (1000, 20e6), (0, 0.0)] {
            assert_eq!(memo.get(bytes, rate), transmission_time(bytes, rate), "{bytes} B at {rate} bit/s");
        }
    }
}
