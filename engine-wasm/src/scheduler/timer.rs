//! A timer lane's state: at most one armed event, and the times of the keys it has in the timer heap or
//! the wheel. Arming it again replaces the event; a later deadline needs no new key, because the earliest
//! key, when it comes up, finds the new deadline and is put back at it.

use crate::time::Time;

/// An event with the (time, seq) that orders it.
pub(super) struct Entry<E> {
    pub(super) at: Time,
    pub(super) seq: u64,
    pub(super) event: E,
}

pub(super) struct Timer<E> {
    /// The armed event, if any.
    pub(super) armed: Option<Entry<E>>,
    /// The time of this timer's earliest key in the heap (Time::MAX: none). A key is pushed only when the
    /// new deadline is earlier than every key already there, so keys pop earliest first.
    pub(super) earliest: Time,
    /// The times of its other keys, latest first (strictly decreasing); almost always empty. Apart from
    /// `earliest` so that arming, which reads it at every ACK, does not also read a buffer elsewhere.
    later: Vec<Time>,
}

impl<E> Timer<E> {
    /// A timer with nothing armed and no key.
    pub(super) fn new() -> Self {
        Timer { armed: None, earliest: Time::MAX, later: Vec::new() }
    }

    /// Notes a deadline: true if it is earlier than every key of this timer in the heap, so the caller
    /// must push a key for it there.
    #[inline]
    pub(super) fn needs_key(&mut self, at: Time) -> bool {
        if at >= self.earliest {
            return false;
        }
        if self.earliest != Time::MAX {
            self.later.push(self.earliest);
        }
        self.earliest = at;
        true
    }

    /// Whether the key (at, seq) is the armed event's own.
    #[inline]
    pub(super) fn is_live(&self, at: Time, seq: u64) -> bool {
        self.armed.as_ref().is_some_and(|a| a.at == at && a.seq == seq)
    }

    /// Its earliest key is gone; the next one becomes the earliest.
    #[inline]
    pub(super) fn drop_earliest(&mut self) {
        self.earliest = self.later.pop().unwrap_or(Time::MAX);
    }

    /// Its earliest key is gone and was stale: the armed deadline (time, seq), if it now needs a key of its
    /// own (no earlier key of this timer is still waiting).
    #[inline]
    pub(super) fn drop_stale(&mut self) -> Option<(Time, u64)> {
        self.drop_earliest();
        let (at, seq) = self.armed.as_ref().map(|a| (a.at, a.seq))?;
        self.needs_key(at).then_some((at, seq))
    }
}
