//! Hardware RED as built on NetFPGA in seed 001 (docs/papers.md, §III.2, Figs. 6–8, Table 3),
//! docs/algorithms/red-family.md "Hardware RED": RED (Floyd & Jacobson 1993) in integer arithmetic.
//!
//! ```text
//! avg_fp = avg·2^10 (seed 001: avg_pkts = 11266 ⇒ 11266/1024 ≈ 11.0 pkts);  w_q = 2^−9 as a shift:
//!     avg_fp ← avg_fp − (avg_fp >> 9) + ((q << 10) >> 9)            (= avg_fp − ⌊avg_fp/512⌋ + 2q)
//! avg_fp < min_th·2^10: enqueue;   avg_fp ≥ max_th·2^10: drop
//! else threshold = (avg_fp − min_fp)·⌊max_p·2^21⌉/(max_fp − min_fp)   (p·2^21)
//!      drop iff lfsr < threshold,  lfsr = 21-bit maximal LFSR, x^21 + x^19 + 1
//! ```
//! Unlike `red`: no count spacing (each packet is an independent draw), no idle decay, no gentle, no ECN (a
//! drop is the next stage's write strobe not being asserted). The truncating shift biases avg: with a
//! constant q it settles anywhere in [1024q, 1024q + 511], i.e. up to half a packet high when approached
//! from above — visible next to floating-point `red` with w_q = 2^−9. Without idle decay avg moves only on
//! arrivals: if slow start leaves it above max_th while every flow backs off after timeouts, each
//! retransmission is a forced drop and avg hardly falls (a lock-out, e.g. 3 flows at 10 Mbit/s, buffer 120);
//! Floyd's idle correction exists for exactly this.
//!
//! The LFSR free-runs at the FPGA clock (`clock_mhz`, NetFPGA-1G core 125 MHz) and an arrival reads it, so a
//! draw is the register after ⌊now·f_clk⌋ clocks (computed by jumping ahead: state·x^k mod P). Clocking it once
//! per packet instead (`clock_mhz` = 0) shows why hardware does not do that: successive states are 2·s or
//! 2·s ⊕ P, so a small draw (a drop) is followed by another small one. (Any fixed number of clocks per packet
//! is a fixed linear map between draws; with 21 clocks, a trinomial's next word is ≈ s ⊕ (s << 2), again
//! strongly correlated.) The state at time 0 is `lfsr_seed`, or, if that is 0, a value drawn once from the
//! discipline's random stream at the first arrival, so the scenario seed drives it like every other draw.

use crate::problem::Problem;
use serde::{Deserialize, Serialize};

use super::params::Role;
use super::params::{with_value, ParamSpec};
use super::params::{StateMeaning, StateSpec};
use super::red_core::{check_line, Region};
use super::shared_specs;
use super::{Algorithm, AlgorithmInfo, Env, LinkInfo, OperatingPoint, Packet, PacketQueue, QueueDisc};
use super::{QueueUnit, Reason};

/// avg is held scaled by 2^SCALE_BITS.
pub const SCALE_BITS: u32 = 10;
const ONE: f64 = (1u64 << SCALE_BITS) as f64;
/// The LFSR's width; probabilities are compared as p·2^21.
pub const LFSR_BITS: u32 = 21;

/// The feedback polynomial P = x^21 + x^19 + 1 (primitive, so the LFSR is maximal).
const POLY: u64 = (1 << 21) | (1 << 19) | 1;
/// 2^21 − 1: x^PERIOD ≡ 1 (mod P).
pub const PERIOD: u64 = (1 << LFSR_BITS) - 1;

/// A 21-bit Galois LFSR for P = x^21 + x^19 + 1: the state is a polynomial of degree < 21 and one clock
/// multiplies it by x mod P (shift left; if bit 21 appears, XOR P). Zero is its lock-up state and never occurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lfsr21(u32);

impl Lfsr21 {
    /// Mask of the 21 state bits.
    pub const MASK: u32 = (1 << LFSR_BITS) - 1;

    /// Starts from `seed`'s low 21 bits (1 if they are all zero, the lock-up state).
    pub fn new(seed: u32) -> Self {
        let s = seed & Self::MASK;
        Lfsr21(if s == 0 { 1 } else { s })
    }

    /// One clock: the state times x mod P; returns the new state.
    pub fn clock(&mut self) -> u32 {
        let shifted = (self.0 as u64) << 1;
        self.0 = (if shifted >> LFSR_BITS & 1 == 1 { shifted ^ POLY } else { shifted }) as u32;
        self.0
    }

    /// k clocks at once: state·x^k mod P, by square-and-multiply.
    pub fn jump(&mut self, k: u64) -> u32 {
        let (mut result, mut base, mut e) = (1u32, 2u32, k % PERIOD);
        while e > 0 {
            if e & 1 == 1 {
                result = mul_mod(result, base);
            }
            base = mul_mod(base, base);
            e >>= 1;
        }
        self.0 = mul_mod(self.0, result);
        self.0
    }

    /// The current state.
    pub fn value(self) -> u32 {
        self.0
    }
}

/// a·b mod P over GF(2).
fn mul_mod(a: u32, b: u32) -> u32 {
    let mut acc = 0u64;
    for i in 0..LFSR_BITS {
        if b >> i & 1 == 1 {
            acc ^= (a as u64) << i;
        }
    }
    for i in (LFSR_BITS..2 * LFSR_BITS).rev() {
        if acc >> i & 1 == 1 {
            acc ^= POLY << (i - LFSR_BITS);
        }
    }
    acc as u32
}

/// avg_fp ← avg_fp − (avg_fp >> w_shift) + ((q << 10) >> w_shift): two shifts and an adder, no multiplier.
pub fn ewma_fixed(avg_fp: u64, q: u64, w_shift: u32) -> u64 {
    avg_fp - (avg_fp >> w_shift) + ((q << SCALE_BITS) >> w_shift)
}

/// Seed 001 Table 3's run (buffer 36, min/max 6/12, w_q ≈ 0.002 = 2^−9, max_p 1/50).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Packets.
    pub min_th: u32,
    /// Packets.
    pub max_th: u32,
    /// Held as ⌊max_p·2^21⌉.
    pub max_p: f64,
    /// w_q = 2^−w_shift.
    pub w_shift: u32,
    /// LFSR state at time 0; 0 = drawn from the scenario's random stream at the first arrival.
    pub lfsr_seed: u32,
    /// Clock of the free-running LFSR, MHz; 0 = one clock per packet.
    pub clock_mhz: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params { min_th: 6, max_th: 12, max_p: 0.02, w_shift: 9, lfsr_seed: 0, clock_mhz: 125.0 }
    }
}

const SPECS: &[ParamSpec] = &[
    ParamSpec::int(
        "min_th",
        "min threshold",
        "packets",
        (0.0, 100_000.0),
        "Start of the random-drop region (seed 001 Table 3: 6 with a 36-packet buffer)",
    )
    .queue_level()
    .below("max_th"),
    ParamSpec::int(
        "max_th",
        "max threshold",
        "packets",
        (1.0, 100_000.0),
        "Start of the forced-drop region (seed 001 Table 3: 12 = 2·min_th)",
    )
    .queue_level(),
    shared_specs::max_p("Drop probability at max_th, held as max_p·2^21 (seed 001 Table 3: 1/50)"),
    ParamSpec::int("w_shift", "weight shift", "", (1.0, 16.0), "w_q = 2^−w_shift (seed 001: w_q ≈ 0.002 ≈ 2^−9)")
        .role(Role::Weight),
    ParamSpec::int(
        "lfsr_seed",
        "LFSR seed",
        "",
        (0.0, 2_097_151.0),
        "21-bit LFSR state at time 0; 0 = drawn once from the scenario's random stream",
    )
    .role(Role::Other),
    ParamSpec::real(
        "clock_mhz",
        "LFSR clock",
        "MHz",
        (0.0, 1000.0),
        "Free-running LFSR clock (NetFPGA-1G core: 125 MHz); 0 = one clock per packet (correlated draws)",
    )
    .role(Role::Rate),
];

fn validate(p: &Params, link: &LinkInfo) -> Result<(), Problem> {
    check_line(p.min_th as f64, p.max_th as f64, p.max_p, QueueUnit::Packets, link)
}

#[derive(Clone, Copy, Debug)]
struct Vars {
    avg_fp: u64,
    /// None until seeded.
    lfsr: Option<Lfsr21>,
    /// Clocks applied to the LFSR since time 0.
    clocks: u64,
    /// The last draw and the threshold it was compared with (p·2^21).
    draw: u32,
    threshold: u64,
    region: Region,
}

/// RED in integer arithmetic with an LFSR for its random numbers, as built on NetFPGA in seed 001.
pub struct RedHw {
    params: Params,
    link: LinkInfo,
    queue: PacketQueue,
    vars: Vars,
}

impl RedHw {
    fn thresholds_fp(&self) -> (u64, u64) {
        ((self.params.min_th as u64) << SCALE_BITS, (self.params.max_th as u64) << SCALE_BITS)
    }

    fn max_p_q21(&self) -> u64 {
        libm::round(self.params.max_p * (1u64 << LFSR_BITS) as f64) as u64
    }

    /// p·2^21 at a fixed-point average in the random-drop region.
    fn threshold_at(&self, avg_fp: u64) -> u64 {
        let (min_fp, max_fp) = self.thresholds_fp();
        (avg_fp - min_fp) * self.max_p_q21() / (max_fp - min_fp)
    }

    /// Reads the free-running register at `env.now` (at least one clock after the previous read).
    fn draw(&mut self, env: &mut Env) -> u32 {
        let seed = self.params.lfsr_seed;
        let lfsr = self.vars.lfsr.get_or_insert_with(|| {
            Lfsr21::new(if seed != 0 { seed } else { (env.rng.next_u64() & Lfsr21::MASK as u64) as u32 })
        });
        let target = libm::floor(env.now as f64 * self.params.clock_mhz / 1000.0) as u64;
        let k = target.saturating_sub(self.vars.clocks).max(1);
        self.vars.clocks += k;
        lfsr.jump(k)
    }
}

/// What `state()` reports (in its order): key, unit and meaning.
const STATE: [StateSpec; 6] = [
    StateSpec::other("avg_fp"),
    StateSpec::new("avg", "packets", StateMeaning::Average),
    StateSpec::other("threshold"),
    StateSpec::probability("p"),
    StateSpec::other("lfsr"),
    StateSpec::other("region"),
];

impl Algorithm for RedHw {
    type Params = Params;
    const INFO: AlgorithmInfo = AlgorithmInfo::new(
        "red_hw",
        "Hardware RED (NetFPGA)",
        "Seed 001: RED scheduler on NetFPGA, §III.2, Figs. 7–8; Floyd & Jacobson 1993",
        "Fixed-point RED: avg·2^10, w_q = 2^−9 as a shift, a 21-bit LFSR for randomness.",
    )
    .signals(&[super::Reason::Overflow, super::Reason::Early, super::Reason::Forced], &[])
    .state(&STATE)
    .params(SPECS);
    super::params_field!();

    fn new(params: Params, link: &LinkInfo) -> Result<Self, Problem> {
        validate(&params, link)?;
        let lfsr = (params.lfsr_seed != 0).then(|| Lfsr21::new(params.lfsr_seed));
        let vars = Vars { avg_fp: 0, lfsr, clocks: 0, draw: 0, threshold: 0, region: Region::Below };
        Ok(RedHw { params, link: *link, queue: PacketQueue::new(), vars })
    }
}

impl QueueDisc for RedHw {
    super::fifo_storage!(dequeue);

    fn enqueue(&mut self, packet: Packet, env: &mut Env) {
        let avg_fp = ewma_fixed(self.vars.avg_fp, self.queue.len() as u64, self.params.w_shift);
        self.vars.avg_fp = avg_fp;
        let (min_fp, max_fp) = self.thresholds_fp();
        if avg_fp < min_fp {
            (self.vars.region, self.vars.threshold) = (Region::Below, 0);
        } else if avg_fp >= max_fp {
            (self.vars.region, self.vars.threshold) = (Region::Above, 1 << LFSR_BITS);
            return env.drop(packet, Reason::Forced);
        } else {
            (self.vars.region, self.vars.threshold) = (Region::Between, self.threshold_at(avg_fp));
            self.vars.draw = self.draw(env);
            if (self.vars.draw as u64) < self.vars.threshold {
                return env.drop(packet, Reason::Early);
            }
        }
        self.queue.admit(packet, self.link.limit, env);
    }

    /// A fixed seed reloads the register (as its state at time 0); other changes keep the running state.
    fn set_param(&mut self, name: &str, value: f64) -> Result<(), Problem> {
        let p = with_value(&self.params, SPECS, name, value)?;
        validate(&p, &self.link)?;
        self.params = p;
        if name == "lfsr_seed" && p.lfsr_seed != 0 {
            (self.vars.lfsr, self.vars.clocks) = (Some(Lfsr21::new(p.lfsr_seed)), 0);
        }
        Ok(())
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let v = self.vars;
        vec![
            ("avg_fp", v.avg_fp as f64),
            ("avg", v.avg_fp as f64 / ONE),
            ("threshold", v.threshold as f64),
            ("p", v.threshold as f64 / (1u64 << LFSR_BITS) as f64),
            ("lfsr", v.draw as f64),
            ("region", v.region.code()),
        ]
    }

    fn operating_point(&self) -> OperatingPoint {
        let (min_fp, max_fp) = self.thresholds_fp();
        let avg_fp = self.vars.avg_fp;
        let p = match avg_fp {
            a if a < min_fp => 0.0,
            a if a >= max_fp => 1.0,
            a => self.threshold_at(a) as f64 / (1u64 << LFSR_BITS) as f64,
        };
        OperatingPoint { avg: avg_fp as f64 / ONE, p }
    }

    fn curve(&self) -> Option<Vec<[f64; 2]>> {
        let (lo, hi, mp) = (self.params.min_th as f64, self.params.max_th as f64, self.max_p_q21() as f64);
        let end = super::red_core::buffer_in(QueueUnit::Packets, &self.link).max(hi);
        Some(vec![[0.0, 0.0], [lo, 0.0], [hi, mp / (1u64 << LFSR_BITS) as f64], [hi, 1.0], [end, 1.0]])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::aqm::AqmConfig;
    use crate::aqm::Registered;
    use crate::aqm::{Limit, Signal};
    use crate::rng::Rng;
    use crate::time::{Time, MICRO, MILLI};

    fn hw(params: Params) -> RedHw {
        RedHw::new(params, &link(Limit::packets(36))).unwrap()
    }

    /// One arrival at `now` with `n` packets queued.
    fn arrive(q: &mut RedHw, n: usize, now: Time, rng: &mut Rng) -> Vec<Signal> {
        q.queue.drain();
        (0..n).for_each(|_| q.adopt(pkt(9, 1000)));
        enqueue_at(q, pkt(0, 1000), now, rng)
    }

    #[test]
    fn fixed_point_average_adds_two_q_and_subtracts_avg_over_512() {
        // From 0 with q = 11: +22 per arrival while ⌊avg/512⌋ = 0, i.e. 22·n up to 506; then 528 − 1 + 22.
        let mut avg = 0;
        let seq: Vec<u64> = (0..25).map(|_| (avg = ewma_fixed(avg, 11, 9), avg).1).collect();
        assert_eq!(seq[..3], [22, 44, 66]);
        assert_eq!(seq[22..], [506, 528, 549]);
        // Seed 001 Fig. 8: 11266 = 11.0 pkts is a fixed point for q = 11 (11266 − 22 + 22) ...
        assert_eq!(ewma_fixed(11266, 11, 9), 11266);
        // ... and so is every value in [11264, 11775]: truncation leaves up to half a packet of bias.
        assert_eq!(ewma_fixed(11263, 11, 9), 11264);
        assert_eq!(ewma_fixed(11775, 11, 9), 11775);
        assert_eq!(ewma_fixed(11776, 11, 9), 11775);
        // Through the discipline: 11266 with 11 queued sits in the random region of 6/12.
        let mut q = hw(Params::default());
        q.vars.avg_fp = 11266;
        arrive(&mut q, 11, MILLI, &mut Rng::new(1, 2));
        assert_eq!(q.state()[..2], [("avg_fp", 11266.0), ("avg", 11266.0 / 1024.0)]);
        assert_eq!(q.vars.region, Region::Between);
    }

    #[test]
    fn lfsr_first_states_from_seed_one_match_a_hand_shift() {
        // Multiply by x mod x^21 + x^19 + 1: the 1 walks up to bit 20 (2^20 after 20 clocks); at clock 21
        // bit 21 appears and is replaced by x^19 + 1; then 2^20 + 2; then 2^21 + 4 ⇒ 2^19 + 4 + 1.
        let mut l = Lfsr21::new(1);
        let states: Vec<u32> = (0..23).map(|_| l.clock()).collect();
        assert_eq!(states[..3], [2, 4, 8]);
        assert_eq!(states[19], 1 << 20);
        assert_eq!(states[20..], [(1 << 19) + 1, (1 << 20) + 2, (1 << 19) + 5]);
        assert_eq!(Lfsr21::new(0), Lfsr21::new(1 << 21)); // zero (lock-up) is mapped to 1
    }

    #[test]
    fn lfsr_bits_obey_the_recurrence_of_its_polynomial_and_the_period_is_maximal() {
        // Independent model: every bit position of x^t·s mod P satisfies a[n+21] = a[n+19] ⊕ a[n].
        let mut l = Lfsr21::new(0b1_0110_0111_0000_1111_0101);
        let states: Vec<u32> = (0..600).map(|_| l.clock()).collect();
        for bit in [0, 7, 20] {
            let a: Vec<u32> = states.iter().map(|s| s >> bit & 1).collect();
            assert!((0..a.len() - 21).all(|n| a[n + 21] == a[n + 19] ^ a[n]), "bit {bit}");
        }
        // Maximal length: back to the start after exactly 2^21 − 1 clocks, not before.
        let start = Lfsr21::new(1);
        let (mut l, mut period) = (start, 0u64);
        loop {
            l.clock();
            period += 1;
            if l == start {
                break;
            }
        }
        assert_eq!(period, PERIOD);
    }

    #[test]
    fn jumping_ahead_equals_clocking_one_by_one() {
        for k in [0u64, 1, 2, 21, 1000, 125_000] {
            let (mut a, mut b) = (Lfsr21::new(12345), Lfsr21::new(12345));
            (0..k).for_each(|_| {
                a.clock();
            });
            assert_eq!(b.jump(k), a.value(), "k = {k}");
        }
        assert_eq!(Lfsr21::new(777).jump(PERIOD), 777);
        assert_eq!(Lfsr21::new(777).jump(PERIOD + 5), Lfsr21::new(777).jump(5));
    }

    #[test]
    fn drops_iff_the_lfsr_is_below_p_times_two_to_the_21() {
        // avg_fp 11266 on 6/12: threshold = (11266 − 6144)·⌊0.02·2^21⌉/6144 = 5122·41943/6144 = 34966.
        let mut q = hw(Params { clock_mhz: 0.0, ..Params::default() });
        assert_eq!(q.max_p_q21(), 41943);
        assert_eq!(q.threshold_at(11266), 34966);
        let mut rng = Rng::new(1, 2);
        for (state, dropped) in [(17483, false), (17482, true)] {
            // One clock doubles a state below 2^20: 34966 is not below the threshold, 34964 is.
            q.vars.avg_fp = 11266;
            q.vars.lfsr = Some(Lfsr21::new(state));
            let s = arrive(&mut q, 11, MILLI, &mut rng);
            assert_eq!((q.vars.draw, q.vars.threshold), (state << 1, 34966));
            assert_eq!(s.len() == 1 && s[0].reason == Reason::Early, dropped);
        }
    }

    #[test]
    fn free_running_lfsr_is_read_after_now_times_the_clock_rate() {
        // Fixed seed 1 at time 0, 125 MHz, first arrival at 1 ms: 125000 clocks.
        let mut q = hw(Params { lfsr_seed: 1, ..Params::default() });
        q.vars.avg_fp = 11266;
        arrive(&mut q, 11, MILLI, &mut Rng::new(1, 2));
        let mut want = Lfsr21::new(1);
        (0..125_000).for_each(|_| {
            want.clock();
        });
        assert_eq!((q.vars.draw, q.vars.clocks), (want.value(), 125_000));
        // Seed 0: the state at time 0 is drawn once from the discipline's stream.
        let mut q = hw(Params::default());
        assert!(q.vars.lfsr.is_none());
        q.vars.avg_fp = 11266;
        arrive(&mut q, 11, MILLI, &mut Rng::new(7, 2));
        let seed = (Rng::new(7, 2).next_u64() & Lfsr21::MASK as u64) as u32;
        assert_eq!(q.vars.draw, Lfsr21::new(seed).jump(125_000));
    }

    /// Fraction of drops followed by a drop, at a fixed p ≈ 0.01 (avg 9 on 6/12), arrivals ~800 µs apart.
    fn drop_rate_and_repeat_share(clock_mhz: f64) -> (f64, f64) {
        let mut q = hw(Params { clock_mhz, lfsr_seed: 99, ..Params::default() });
        let mut rng = Rng::new(3, 2);
        q.vars.avg_fp = 9 << 10; // threshold = 3072·41943/6144 = 20971
        let (n, mut now, mut drops, mut repeats, mut last) = (100_000, 0, 0, 0, false);
        for _ in 0..n {
            now += 400 * MICRO + (rng.uniform() * 800_000.0) as Time;
            let dropped = !arrive(&mut q, 9, now, &mut rng).is_empty();
            drops += usize::from(dropped);
            repeats += usize::from(dropped && last);
            last = dropped;
        }
        (drops as f64 / n as f64, repeats as f64 / drops as f64)
    }

    #[test]
    fn free_running_draws_drop_independently_at_p_with_no_count_spacing() {
        let (rate, repeat) = drop_rate_and_repeat_share(125.0);
        assert!((rate - 20971.0 / 2097152.0).abs() < 0.0015, "{rate}");
        assert!((repeat - rate).abs() < 0.01, "{repeat}"); // geometric gaps: P(drop | drop) = p
    }

    #[test]
    fn clocking_once_per_packet_makes_drops_come_in_pairs() {
        // A draw s below the threshold is followed by 2s, itself below it half the time.
        let (_, repeat) = drop_rate_and_repeat_share(0.0);
        assert!(repeat > 0.4, "{repeat}");
    }

    #[test]
    fn forced_drop_at_max_th() {
        let mut q = hw(Params::default());
        q.vars.avg_fp = 12 << 10;
        let s = arrive(&mut q, 12, MILLI, &mut Rng::new(1, 2));
        assert_eq!((s[0].reason, s[0].marked, q.vars.region), (Reason::Forced, false, Region::Above));
        assert_eq!(q.operating_point().p, 1.0);
    }

    #[test]
    fn fixed_point_average_tracks_the_floating_point_one_within_half_a_packet() {
        let mut rng = Rng::new(4, 2);
        let (mut fixed, mut float, mut q) = (0u64, 0.0f64, 0u64);
        for _ in 0..50_000 {
            q = (q as i64 + (rng.uniform() * 3.0) as i64 - 1).clamp(0, 36) as u64;
            fixed = ewma_fixed(fixed, q, 9);
            float = (1.0 - 1.0 / 512.0) * float + q as f64 / 512.0;
            let diff = fixed as f64 / 1024.0 - float;
            assert!((-0.002..0.5).contains(&diff), "{diff}");
        }
    }

    #[test]
    fn set_param_rejects_inverted_or_oversized_thresholds() {
        let mut q = hw(Params::default());
        assert!(q.set_param("min_th", 12.0).unwrap_err().contains("below max_th (12)"));
        assert!(q.set_param("max_th", 40.0).unwrap_err().contains("must not exceed the buffer (36 packets)"));
        assert!(q.set_param("max_p", 0.0).unwrap_err().contains("(0, 1]"));
        assert!(q.set_param("min_th", 6.5).unwrap_err().contains("whole number"));
        assert_eq!(q.config(), AqmConfig::RedHw(Params::default()));
        q.set_param("lfsr_seed", 1.0).unwrap();
        assert_eq!((q.vars.lfsr, q.vars.clocks), (Some(Lfsr21::new(1)), 0));
    }
}
