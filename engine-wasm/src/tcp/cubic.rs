//! CUBIC (RFC 9438, "CUBIC for Fast and Long-Distance Networks"). In congestion
//! avoidance the window follows a cubic function of the time t since the epoch began (the first ACK of the
//! avoidance stage), centred on W_max, the window at the last congestion event:
//! ```text
//! W_cubic(t) = C·(t − K)³ + W_max,   K = ∛((W_max − cwnd_epoch)/C)          (RFC 9438 §4.2, Figs. 1–2)
//! W_est     += α_cubic·acked/cwnd,   α_cubic = 3(1 − β)/(1 + β)              (§4.3, Reno-friendly)
//! W_cubic(t) < W_est: cwnd = W_est
//! else: target = clamp(W_cubic(t + SRTT), cwnd, 1.5·cwnd); cwnd += (target − cwnd)/cwnd per segment
//! loss:  W_max = cwnd·(1 + β)/2 if cwnd < W_max (fast convergence, §4.7) else cwnd;
//!        ssthresh = max(flight·β, 2) (§4.6); the sender's Reno recovery deflates cwnd to ssthresh
//! ```
//! Slow start is RFC 5681's, or with the flow option `hystart` HyStart++ (RFC 9406, `hystart.rs`) in the
//! first slow start, which may end it before any loss (ssthresh = cwnd). After a timeout the next epoch starts with
//! W_max = cwnd_epoch and K = 0 (§4.8). All cube roots go through `libm` so native and WebAssembly runs
//! agree to the bit.
//!
//! Choices where the RFC leaves room or this sender differs from a SACK stack: flight_size is
//! min(flight, cwnd) (see `in_use`); in the Reno-friendly region cwnd = max(cwnd, W_est), so an ACK never
//! shrinks the window; both increments scale with the segments an ACK covers (delayed ACKs); loss recovery
//! is the shared sender's Reno fast recovery, so two or more drops in one window end in a timeout, which a
//! Linux sender with SACK would avoid.

use super::cc::{AckInfo, CcInfo, CongestionControl, Recovery, Window};
use super::hystart::{HyStart, Stage};
use super::reno;
use crate::aqm::params::ParamSpec;

/// CUBIC in the catalogue; `hystart` keeps the flow group's own key.
pub const INFO: CcInfo = CcInfo {
    name: "cubic",
    label: "CUBIC",
    citation: "RFC 9438 (C = 0.4, β = 0.7)",
    summary: "The window grows as a cubic of the time since the last reduction, independent of the RTT.",
    params: &[ParamSpec::flag("hystart", "HyStart++", "Leave the initial slow start on a rising RTT (RFC 9406)")],
    model_state: false,
    state: &[],
    ecn_codepoint: None,
    feedback: crate::tcp::receiver::Feedback::Classic,
};
use crate::time::{to_secs, Time};

/// RFC 9438 §5 constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubicParams {
    /// C, segments/s³ (0.4).
    pub c: f64,
    /// β_cubic, the multiplicative decrease factor (0.7).
    pub beta: f64,
    /// Release bandwidth faster when W_max shrinks (§4.7; on).
    pub fast_convergence: bool,
}

impl Default for CubicParams {
    fn default() -> Self {
        CubicParams { c: 0.4, beta: 0.7, fast_convergence: true }
    }
}

impl CubicParams {
    /// α_cubic = 3(1 − β)/(1 + β): Reno's average rate for the same loss rate (§4.3).
    pub fn alpha(&self) -> f64 {
        3.0 * (1.0 - self.beta) / (1.0 + self.beta)
    }
}

/// One congestion-avoidance stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// When the epoch began.
    pub start: Time,
    /// cwnd at the start of the epoch, segments.
    pub cwnd_epoch: f64,
    /// Seconds until W_cubic returns to W_max.
    pub k: f64,
    /// Window before the last reduction, segments.
    pub w_max: f64,
    /// Cubic's scaling constant C.
    pub c: f64,
}

impl Epoch {
    /// An epoch starting at `start` with its K computed from cwnd, W_max and C (RFC 9438 §4.2).
    pub fn new(start: Time, cwnd_epoch: f64, w_max: f64, c: f64) -> Self {
        let k = libm::cbrt((w_max - cwnd_epoch).max(0.0) / c);
        Epoch { start, cwnd_epoch, k, w_max, c }
    }

    /// W_cubic(t), t in seconds since the epoch began (RFC 9438 Fig. 1).
    pub fn w_cubic(&self, t: f64) -> f64 {
        let d = t - self.k;
        self.c * d * d * d + self.w_max
    }
}

/// Cubic (RFC 9438) with an optional HyStart++ slow start.
pub struct Cubic {
    params: CubicParams,
    /// Window before the last reduction, after fast convergence; None before the first event.
    w_max: Option<f64>,
    /// cwnd when ssthresh was last set (§4.3: α_cubic becomes 1 once W_est reaches it).
    cwnd_prior: f64,
    epoch: Option<Epoch>,
    w_est: f64,
    alpha: f64,
    /// After a timeout, the next epoch starts with W_max = cwnd_epoch and K = 0 (§4.8).
    restart_from_epoch: bool,
    /// Time of the latest ACK, for the exposed epoch age.
    last_ack: Time,
    /// HyStart++ while the first slow start lasts (RFC 9406 §4.3); None without the option or after it.
    hystart: Option<HyStart>,
}

impl Cubic {
    /// A Cubic controller with no epoch yet.
    pub fn new(params: CubicParams) -> Self {
        Cubic {
            params,
            w_max: None,
            cwnd_prior: 0.0,
            epoch: None,
            w_est: 0.0,
            alpha: params.alpha(),
            restart_from_epoch: false,
            last_ack: 0,
            hystart: None,
        }
    }

    /// With `hystart`, the first slow start follows HyStart++ (RFC 9406).
    pub fn with_hystart(params: CubicParams, hystart: bool) -> Self {
        Cubic { hystart: hystart.then(HyStart::default), ..Cubic::new(params) }
    }

    /// HyStart++'s stage, when it is on.
    pub fn hystart_stage(&self) -> Option<Stage> {
        self.hystart.as_ref().map(HyStart::stage)
    }

    /// The current congestion-avoidance epoch, if one has started.
    pub fn epoch(&self) -> Option<Epoch> {
        self.epoch
    }

    /// W_max, once a reduction has set it.
    pub fn w_max(&self) -> Option<f64> {
        self.w_max
    }

    /// The Reno-friendly estimate W_est (RFC 9438 §4.3).
    pub fn w_est(&self) -> f64 {
        self.w_est
    }

    fn avoidance(&mut self, w: &mut Window, info: &AckInfo) {
        let p = self.params;
        let epoch = match self.epoch {
            Some(e) => e,
            None => {
                // No congestion event yet (or just after a timeout): W_max = cwnd, K = 0 (§4.8, §4.10).
                let w_max = match self.w_max {
                    Some(m) if !self.restart_from_epoch => m,
                    _ => w.cwnd,
                };
                self.restart_from_epoch = false;
                self.w_max = Some(w_max);
                self.w_est = w.cwnd;
                let e = Epoch::new(info.now, w.cwnd, w_max, p.c);
                self.epoch = Some(e);
                e
            }
        };
        let t = to_secs(info.now.saturating_sub(epoch.start));
        let acked = info.acked as f64;
        self.w_est += self.alpha * acked / w.cwnd;
        if self.w_est >= self.cwnd_prior {
            self.alpha = 1.0;
        }
        if epoch.w_cubic(t) < self.w_est {
            // Reno-friendly region; an ACK never shrinks the window.
            w.cwnd = w.cwnd.max(self.w_est);
        } else {
            let target = epoch.w_cubic(t + to_secs(info.srtt)).clamp(w.cwnd, 1.5 * w.cwnd);
            w.cwnd += acked * (target - w.cwnd) / w.cwnd;
        }
    }
}

/// RFC 9438's flight_size, taken as min(flight, cwnd). Without SACK the sender's flight counts every segment
/// above the first hole, including those the receiver already holds; after a recovery or a timeout it can be
/// several windows, and 0.7 of it would restart slow start far above the pipe. Linux and ns-2 use cwnd.
fn in_use(w: &Window, flight: u64) -> f64 {
    (flight as f64).min(w.cwnd)
}

impl Default for Cubic {
    fn default() -> Self {
        Cubic::new(CubicParams::default())
    }
}

impl CongestionControl for Cubic {
    fn recovery(&self) -> Recovery {
        Recovery::NewReno
    }

    fn on_ack(&mut self, w: &mut Window, info: &AckInfo) {
        self.last_ack = info.now;
        if w.cwnd < w.ssthresh {
            match &mut self.hystart {
                Some(h) => {
                    w.cwnd += h.on_ack(info.ack, info.snd_max, info.acked, info.rtt);
                    if h.stage() == Stage::Done {
                        // HyStart++ ends slow start without a loss (RFC 9406 §4.2): ssthresh = cwnd.
                        w.ssthresh = w.cwnd;
                        self.hystart = None;
                    }
                }
                None => reno::aimd_increase(w, info.acked),
            }
        } else {
            self.avoidance(w, info);
        }
    }

    fn ssthresh_on_loss(&mut self, w: &Window, flight: u64, _now: Time) -> f64 {
        let p = self.params;
        let shrinking = self.w_max.is_some_and(|m| w.cwnd < m);
        self.w_max = Some(if p.fast_convergence && shrinking { w.cwnd * (1.0 + p.beta) / 2.0 } else { w.cwnd });
        self.cwnd_prior = w.cwnd;
        self.alpha = p.alpha();
        self.epoch = None;
        self.hystart = None;
        (in_use(w, flight) * p.beta).max(2.0)
    }

    fn on_rto(&mut self, w: &mut Window, flight: u64, _now: Time) {
        self.cwnd_prior = in_use(w, flight);
        self.alpha = self.params.alpha();
        self.epoch = None;
        self.restart_from_epoch = true;
        self.hystart = None;
        w.ssthresh = (in_use(w, flight) * self.params.beta).max(2.0);
        w.cwnd = 1.0;
    }

    fn state(&self) -> Vec<(&'static str, f64)> {
        let e = self.epoch;
        vec![
            ("w_max", self.w_max.unwrap_or(f64::NAN)),
            ("k_s", e.map_or(f64::NAN, |e| e.k)),
            ("w_est", if e.is_some() { self.w_est } else { f64::NAN }),
            ("epoch_s", e.map_or(f64::NAN, |e| to_secs(self.last_ack.saturating_sub(e.start)))),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{from_secs, MILLI};

    const K_75: f64 = 4.217163326508746; // ∛(30/0.4)

    fn ack(now: Time, srtt: Time) -> AckInfo {
        AckInfo { now, acked: 1, rtt: Some(srtt), srtt, ack: 0, flight: 0, snd_max: 0 }
    }

    /// A loss at cwnd = flight = 100 and recovery to ssthresh 70.
    fn after_loss_at_100() -> (Cubic, Window) {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 100.0, ssthresh: f64::INFINITY };
        w.ssthresh = c.ssthresh_on_loss(&w, 100, 0);
        w.cwnd = w.ssthresh;
        (c, w)
    }

    /// ACKs one segment at a time, `per_rtt` per RTT of `rtt`, for `rtts` RTTs starting at `t0`.
    fn ack_for(c: &mut Cubic, w: &mut Window, t0: Time, rtt: Time, per_rtt: u64, rtts: u64) -> Time {
        let mut now = t0;
        for _ in 0..rtts * per_rtt {
            c.on_ack(w, &ack(now, rtt));
            now += rtt / per_rtt;
        }
        now
    }

    #[test]
    fn loss_sets_w_max_and_ssthresh_and_k_follows() {
        let (mut c, mut w) = after_loss_at_100();
        assert_eq!(w.ssthresh, 70.0);
        assert_eq!(c.w_max(), Some(100.0));
        assert_eq!(c.epoch(), None);
        c.on_ack(&mut w, &ack(from_secs(10.0), 100 * MILLI));
        let e = c.epoch().expect("epoch starts at the first avoidance ACK");
        assert_eq!(e.start, from_secs(10.0));
        assert_eq!(e.cwnd_epoch, 70.0);
        assert!((e.k - K_75).abs() < 1e-12, "{}", e.k);
    }

    #[test]
    fn a_loss_free_epoch_follows_w_cubic_within_two_percent_until_the_reno_friendly_region_takes_over() {
        // RFC 9438 §4.2: ACK-clocked growth towards W_cubic(t + RTT) keeps cwnd on W(t) = C(t − K)³ + W_max.
        // 100 ms RTT, one ACK per segment, from the loss at 100 (K = 4.22 s) to 2K. §4.3: W_est grows by
        // α = 0.53 per RTT from 70, reaches cwnd_prior = 100 near K + 1.5 s, then α = 1, and from where
        // W_est > W_cubic(t) cwnd is W_est.
        let (mut c, mut w) = after_loss_at_100();
        let rtt = 100 * MILLI;
        let mut now: Time = 0;
        let mut worst: f64 = 0.0;
        let mut reno_from = None;
        while now < from_secs(2.0 * K_75) {
            c.on_ack(&mut w, &ack(now, rtt));
            let e = c.epoch().unwrap();
            let t = to_secs(now);
            // (At the epoch's very first ACK W_est = 70 + α/70 is a hair above W_cubic(0) = 70.)
            if t > 0.5 && c.w_est() > e.w_cubic(t) {
                reno_from.get_or_insert(t);
                // cwnd = max(cwnd, W_est): equal once W_est has overtaken the window it inherited.
                let over = w.cwnd - c.w_est();
                assert!((0.0..0.02 * c.w_est()).contains(&over), "t = {t}: cwnd {} W_est {}", w.cwnd, c.w_est());
            } else if t > 0.5 && reno_from.is_none() {
                worst = worst.max((w.cwnd - e.w_cubic(t)).abs() / e.w_cubic(t));
            }
            now += rtt / libm::floor(w.cwnd) as Time;
        }
        assert!(worst < 0.02, "largest deviation {:.2} %", worst * 100.0);
        let from = reno_from.expect("the Reno-friendly region takes over");
        assert!((5.5..6.0).contains(&from), "from {from:.2} s");
    }

    #[test]
    fn w_cubic_is_concave_to_w_max_at_k_then_convex() {
        let e = Epoch::new(0, 70.0, 100.0, 0.4);
        assert!((e.w_cubic(0.0) - 70.0).abs() < 1e-9);
        assert!((e.w_cubic(1.0) - 86.68076383512988).abs() < 1e-9);
        assert!((e.w_cubic(2.0) - 95.64033568663878).abs() < 1e-9);
        assert!((e.w_cubic(K_75) - 100.0).abs() < 1e-9);
        assert!((e.w_cubic(K_75 + 1.0) - 100.4).abs() < 1e-9);
        // No W_max above cwnd_epoch: K = 0 and growth is convex from the start.
        assert_eq!(Epoch::new(0, 50.0, 40.0, 0.4).k, 0.0);
    }

    #[test]
    fn fast_convergence_lowers_w_max_when_the_window_shrank() {
        let (mut c, _) = after_loss_at_100();
        // Next loss below the previous W_max: W_max = 90·(1 + 0.7)/2 = 76.5; ssthresh = 0.7·90 = 63.
        let w = Window { cwnd: 90.0, ssthresh: 70.0 };
        assert!((c.ssthresh_on_loss(&w, 90, 0) - 63.0).abs() < 1e-12);
        assert!((c.w_max().unwrap() - 76.5).abs() < 1e-12);
        // Without fast convergence W_max is the window at the loss.
        let mut c = Cubic::new(CubicParams { fast_convergence: false, ..CubicParams::default() });
        c.w_max = Some(100.0);
        c.ssthresh_on_loss(&w, 90, 0);
        assert_eq!(c.w_max(), Some(90.0));
        // A loss above W_max sets it to the window too.
        let (mut c, _) = after_loss_at_100();
        c.ssthresh_on_loss(&Window { cwnd: 120.0, ssthresh: 70.0 }, 120, 0);
        assert_eq!(c.w_max(), Some(120.0));
    }

    #[test]
    fn reno_friendly_region_takes_over_at_small_rtt() {
        // 1 ms RTT: W_est grows α ≈ 0.53 per RTT = 529 segments/s, far faster than the cubic curve.
        let (mut c, mut w) = after_loss_at_100();
        let now = ack_for(&mut c, &mut w, 0, MILLI, 70, 10);
        let e = c.epoch().unwrap();
        assert_eq!(w.cwnd, c.w_est());
        assert!(w.cwnd > 75.0 && w.cwnd < 70.0 + 10.0 * c.params.alpha(), "{}", w.cwnd);
        assert!(e.w_cubic(to_secs(now)) < 71.0);
    }

    #[test]
    fn cubic_region_governs_at_large_rtt() {
        // 100 ms RTT: after 1 s the curve (W_cubic(1) = 86.7) is far above W_est (≈ 75).
        let (mut c, mut w) = after_loss_at_100();
        ack_for(&mut c, &mut w, 0, 100 * MILLI, 70, 10);
        assert!(c.w_est() < 75.3, "{}", c.w_est());
        assert!(w.cwnd > 85.0 && w.cwnd < 90.0, "{}", w.cwnd);
    }

    #[test]
    fn alpha_becomes_one_once_w_est_reaches_cwnd_prior() {
        let (mut c, mut w) = after_loss_at_100();
        c.on_ack(&mut w, &ack(0, MILLI));
        assert_eq!(c.alpha, c.params.alpha());
        assert!((c.params.alpha() - 0.5294117647058824).abs() < 1e-15);
        c.w_est = 99.999;
        c.on_ack(&mut w, &ack(MILLI, MILLI));
        assert_eq!(c.alpha, 1.0);
    }

    #[test]
    fn growth_per_ack_is_capped_at_half_a_segment() {
        let (mut c, mut w) = after_loss_at_100();
        c.on_ack(&mut w, &ack(0, 100 * MILLI));
        let before = w.cwnd;
        // 10 s past K the curve is ~500: target = 1.5·cwnd, so cwnd += 0.5.
        c.on_ack(&mut w, &ack(from_secs(K_75 + 10.0), 100 * MILLI));
        assert!((w.cwnd - before - 0.5).abs() < 1e-12, "{} -> {}", before, w.cwnd);
    }

    #[test]
    fn hystart_ends_slow_start_on_an_rtt_rise_and_sets_ssthresh_at_the_end_of_css() {
        let mut c = Cubic::with_hystart(CubicParams::default(), true);
        let mut w = Window { cwnd: 10.0, ssthresh: f64::INFINITY };
        let a = |now: Time, ack: u64, snd_max: u64, rtt_ms: u64| AckInfo {
            now,
            acked: 1,
            rtt: Some(rtt_ms * MILLI),
            srtt: rtt_ms * MILLI,
            ack,
            flight: 0,
            snd_max,
        };
        // Round 1 (windowEnd 20) at 40 ms, round 2 (windowEnd 60) at 50 ms ≥ 40 + 5: CSS on the 8th ACK.
        for k in 10..20 {
            c.on_ack(&mut w, &a(0, k, 20, 40));
        }
        assert_eq!(w.cwnd, 20.0);
        for k in 20..28 {
            c.on_ack(&mut w, &a(0, k, 60, 50));
        }
        assert_eq!(c.hystart_stage(), Some(Stage::Css));
        assert_eq!(w.cwnd, 28.0);
        c.on_ack(&mut w, &a(0, 28, 60, 50));
        assert_eq!(w.cwnd, 28.25);
        // Four more full CSS rounds, then the first ACK of the next: ssthresh = cwnd, HyStart++ done.
        let mut end = 60;
        for _ in 0..4 {
            for k in end..end + 8 {
                c.on_ack(&mut w, &a(0, k, end + 8, 50));
            }
            end += 8;
        }
        assert_eq!(c.hystart_stage(), Some(Stage::Css));
        let before = w.cwnd;
        c.on_ack(&mut w, &a(0, end, end + 8, 50));
        assert_eq!(c.hystart_stage(), None);
        assert_eq!((w.cwnd, w.ssthresh), (before, before));
        // A loss ends HyStart++ for good too (only the first slow start uses it, RFC 9406 §4.3).
        let mut c = Cubic::with_hystart(CubicParams::default(), true);
        c.ssthresh_on_loss(&Window { cwnd: 30.0, ssthresh: f64::INFINITY }, 30, 0);
        assert_eq!(c.hystart_stage(), None);
    }

    #[test]
    fn slow_start_is_standard_below_ssthresh() {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 2.0, ssthresh: f64::INFINITY };
        // One segment per ACK of new data (RFC 5681 §3.1), however many segments it covers.
        c.on_ack(&mut w, &AckInfo { acked: 2, ..ack(0, MILLI) });
        assert_eq!(w.cwnd, 3.0);
        assert_eq!(c.epoch(), None);
    }

    #[test]
    fn timeout_restarts_with_w_max_at_the_epoch_window() {
        let (mut c, mut w) = after_loss_at_100();
        c.on_ack(&mut w, &ack(0, MILLI));
        c.on_rto(&mut w, 60, from_secs(1.0));
        assert_eq!((w.cwnd, w.ssthresh), (1.0, 42.0));
        assert_eq!(c.epoch(), None);
        // Slow start back to ssthresh, then the first avoidance ACK opens an epoch with K = 0.
        w.cwnd = 42.0;
        c.on_ack(&mut w, &ack(from_secs(2.0), MILLI));
        let e = c.epoch().unwrap();
        assert_eq!((e.w_max, e.k, e.cwnd_epoch), (42.0, 0.0, 42.0));
    }

    #[test]
    fn flight_size_is_capped_at_cwnd() {
        // Flight counts segments above a hole that the receiver already holds: after a recovery it can be
        // far above the window actually in use. A second timeout at cwnd 4 must not restart at 0.7·300.
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 4.0, ssthresh: 150.0 };
        c.on_rto(&mut w, 300, 0);
        assert_eq!(w.ssthresh, 2.8);
        let w = Window { cwnd: 100.0, ssthresh: 150.0 };
        assert_eq!(c.ssthresh_on_loss(&w, 300, 0), 70.0);
        // Receiver-window limited: flight below cwnd is what is in use.
        assert_eq!(c.ssthresh_on_loss(&w, 20, 0), 14.0);
    }
}
