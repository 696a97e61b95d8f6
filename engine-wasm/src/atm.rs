//! ATM mode of the bottleneck (seed 002; docs/algorithms/gfr-atm.md): each IP packet crosses the link as an AAL5
//! frame of 53-byte cells.
//!
//! **Modelling level: frames, not cells.** A packet stays one event. In ATM mode the link frames it with
//! AAL5 (RFC 2684 LLC/SNAP, 8 B, + IP packet + 8 B AAL5 trailer, padded to whole 48-byte cell payloads)
//! and serialises `cells · 53` bytes at the cell rate, so a 1064 B TCP/IP packet (1024 B MSS) takes
//! 23 cells = 1219 B on the wire, 62.7 µs at 155.52 Mbit/s. A discipline that works on cells (GFR) counts
//! its queue in cells and decides on a frame when its first cell arrives. Approximations:
//! - the cells of one frame enter the queue together at the frame's arrival instant (a cell-level switch
//!   receives them one cell time apart), and cells of different VCs are never interleaved;
//! - a frame cut by Partial Packet Discard keeps the link time of its accepted cells
//!   ([`crate::packet::Packet::cells`] shrinks) and is marked `corrupt`: AAL5 reassembly at the receiver
//!   fails and the simulation counts it as a `ppd` drop on delivery instead of handing it to TCP.
//!
//! Throughput, goodput and utilisation then count 53-byte cells (seed 002 §3.2 measures both in cells).
//! `cell_rate_basis` picks the rate the cells leave at: `line` = the link rate as given (the seed's
//! 155.52 Mbit/s), `payload` = the SONET STS-3c payload share of it (26/27: 149.76 of 155.52 Mbit/s).

use serde::{Deserialize, Serialize};

use crate::time::{transmission_time, Time};

/// Bytes of one ATM cell: 5 B header + 48 B payload.
pub const CELL_BYTES: u32 = 53;
/// Payload bytes carried by one 53-byte ATM cell (AAL5).
pub const CELL_PAYLOAD: u32 = 48;
/// RFC 2684 LLC/SNAP encapsulation header.
pub const LLC_SNAP: u32 = 8;
/// AAL5 CPCS trailer (UU, CPI, length, CRC-32).
pub const AAL5_TRAILER: u32 = 8;

/// Cells of the AAL5 frame that carries an IP packet of `ip_bytes`: ⌈(ip + 8 + 8)/48⌉.
pub fn aal5_cells(ip_bytes: u32) -> u32 {
    (ip_bytes + LLC_SNAP + AAL5_TRAILER).div_ceil(CELL_PAYLOAD)
}

/// What the cells' bit rate is taken from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellRateBasis {
    /// Cells leave at the link rate (seed 002's 155.52 Mbit/s for OC-3c).
    #[default]
    Line,
    /// Cells leave at the SONET payload share of the link rate, 26/27 (OC-3c: 149.76 Mbit/s).
    Payload,
}

/// `link.atm` in a scenario: present turns ATM mode on (`"atm": {}` takes the defaults).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AtmSpec {
    /// Whether the cell rate is the line rate or the payload rate.
    pub cell_rate_basis: CellRateBasis,
}

impl AtmSpec {
    /// Bit rate of the cell stream (53-byte cells, headers included) on a link of `line_bps`.
    pub fn cell_rate_bps(&self, line_bps: f64) -> f64 {
        match self.cell_rate_basis {
            CellRateBasis::Line => line_bps,
            CellRateBasis::Payload => line_bps * 26.0 / 27.0,
        }
    }

    /// Time to serialise `cells` back to back on a link of `line_bps`.
    pub fn cells_time(&self, cells: u32, line_bps: f64) -> Time {
        transmission_time(cells * CELL_BYTES, self.cell_rate_bps(line_bps))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aal5_frames_a_1064_byte_tcp_packet_in_23_cells() {
        // Seed 002 §3.1: (1024 + 20 + 20 + 8 + 8)/48 = 22.5 → 23 cells.
        assert_eq!(aal5_cells(1024 + 20 + 20), 23);
        // 32 B fill one payload exactly with the 16 B of overhead; one more byte needs a second cell.
        assert_eq!(aal5_cells(32), 1);
        assert_eq!(aal5_cells(33), 2);
        assert_eq!(aal5_cells(1500), 32);
    }

    #[test]
    fn cells_leave_at_the_line_or_the_payload_rate() {
        let line = AtmSpec::default();
        // 23 · 53 B = 1219 B = 9752 bit at 155.52 Mbit/s = 62 705.8 ns, rounded up.
        assert_eq!(line.cells_time(23, 155.52e6), 62_706);
        assert_eq!(line.cells_time(1, 155.52e6), 2727);
        let payload = AtmSpec { cell_rate_basis: CellRateBasis::Payload };
        assert!((payload.cell_rate_bps(155.52e6) - 149.76e6).abs() < 1e-3);
        // 424 bit at 149.76 Mbit/s = 2831.2 ns.
        assert_eq!(payload.cells_time(1, 155.52e6), 2832);
    }
}
