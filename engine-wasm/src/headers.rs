//! Header sizes, defined once: what part of a packet's bytes is payload for the application.
//!
//! A flow's `packet_size` is the IP packet (headers included), as it crosses the bottleneck. Goodput
//! counts only the payload delivered in order to the application, so it subtracts the headers of a
//! packet without options: IPv4 20 B (RFC 791 §3.1, IHL = 5) + TCP 20 B (RFC 793 §3.1, data offset = 5)
//! or UDP 8 B (RFC 768). ATM framing (AAL5 trailer, LLC/SNAP, cell headers) is below IP and never payload.

/// IPv4 header without options (RFC 791 §3.1).
pub const IPV4_HEADER: u32 = 20;
/// TCP header without options (RFC 793 §3.1).
pub const TCP_HEADER: u32 = 20;
/// UDP header (RFC 768).
pub const UDP_HEADER: u32 = 8;

/// Payload bytes of an IP packet of `packet_size` bytes carrying TCP (`tcp`) or UDP. The scenario's
/// validation keeps packets above 40 bytes; a smaller one carries no payload rather than underflowing.
pub fn payload_bytes(packet_size: u32, tcp: bool) -> u32 {
    let transport = if tcp { TCP_HEADER } else { UDP_HEADER };
    packet_size.saturating_sub(IPV4_HEADER + transport)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tcp_payload_is_the_packet_less_forty_bytes_and_udp_less_twenty_eight() {
        // Seed 002: 1024 B MSS in a 1064 B IP packet; the default 1000 B packet carries 960 B of TCP data.
        assert_eq!(payload_bytes(1064, true), 1024);
        assert_eq!(payload_bytes(1000, true), 960);
        assert_eq!(payload_bytes(1500, true), 1460); // Ethernet MTU → the familiar 1460 B MSS
        assert_eq!(payload_bytes(1000, false), 972);
        assert_eq!(payload_bytes(41, true), 1);
        assert_eq!(payload_bytes(30, true), 0);
    }
}
