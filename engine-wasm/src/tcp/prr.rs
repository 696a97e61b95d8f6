//! Proportional Rate Reduction, PRR-SSRB (RFC 6937 §3), in segments. During recovery the sender may send
//! `sndcnt` segments on each ACK: while pipe is above ssthresh, in proportion to the data delivered
//! (ssthresh/RecoverFS of it); once pipe is at or below ssthresh, enough to climb back to ssthresh but no
//! faster than slow start (the Slow Start Reduction Bound: what was delivered, plus one).

#[derive(Clone, Copy, Debug, Default, PartialEq)]
/// Proportional Rate Reduction, PRR-SSRB (RFC 6937): the sending budget during fast recovery.
pub struct Prr {
    /// Flight at the start of recovery (snd.nxt − snd.una).
    pub recover_fs: u64,
    /// Segments delivered to the receiver since recovery began.
    pub delivered: u64,
    /// Segments sent since recovery began.
    pub out: u64,
}

impl Prr {
    /// RFC 6937 §3 "at the beginning of recovery".
    pub fn start(recover_fs: u64) -> Prr {
        Prr { recover_fs: recover_fs.max(1), delivered: 0, out: 0 }
    }

    /// One ACK during recovery that delivered `delivered_data` segments, with `pipe` segments in the
    /// network after it: how many segments may be sent now.
    pub fn sndcnt(&mut self, delivered_data: u64, pipe: u64, ssthresh: f64) -> u64 {
        self.delivered += delivered_data;
        let sndcnt = if pipe as f64 > ssthresh {
            // Proportional part: CEIL(prr_delivered · ssthresh / RecoverFS) − prr_out.
            libm::ceil(self.delivered as f64 * ssthresh / self.recover_fs as f64) - self.out as f64
        } else {
            // PRR-SSRB: limit = MAX(prr_delivered − prr_out, DeliveredData) + MSS.
            let limit = (self.delivered.saturating_sub(self.out)).max(delivered_data) + 1;
            (libm::floor(ssthresh) - pipe as f64).min(limit as f64)
        };
        sndcnt.max(0.0) as u64
    }

    /// A segment (new or retransmitted) was sent during recovery.
    pub fn on_sent(&mut self) {
        self.out += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proportional_then_slow_start_bound() {
        // RecoverFS 20, ssthresh 10: one segment per two delivered while pipe > ssthresh.
        let mut p = Prr::start(20);
        let mut sent = vec![];
        let mut pipe = 18; // after the third duplicate ACK, with the fast retransmit still to go
        for _ in 0..6 {
            let n = p.sndcnt(1, pipe, 10.0);
            for _ in 0..n {
                p.on_sent();
            }
            pipe = pipe + n - 1;
            sent.push(n);
        }
        assert_eq!(sent, vec![1, 0, 1, 0, 1, 0]);
        // Below ssthresh: an ACK of 3 segments may send up to 3 + 1, capped by ssthresh − pipe.
        let mut p = Prr { recover_fs: 20, delivered: 10, out: 10 };
        assert_eq!(p.sndcnt(3, 5, 10.0), 4);
        let mut p = Prr { recover_fs: 20, delivered: 10, out: 10 };
        assert_eq!(p.sndcnt(3, 8, 10.0), 2);
    }
}
