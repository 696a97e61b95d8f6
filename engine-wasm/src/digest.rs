//! A digest of a trace (FNV-1a over the bits of every f64), to compare runs bit for bit: native against
//! WebAssembly, or a shared link's replay against the original.

/// A 64-bit digest of a trace's values (bit patterns), equal native and in WebAssembly.
pub fn trace_digest(values: &[f64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for b in v.to_bits().to_le_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The digest as 16 hex digits (JavaScript numbers cannot hold a u64 exactly).
pub fn trace_digest_hex(values: &[f64]) -> String {
    format!("{:016x}", trace_digest(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differs_on_any_bit_and_is_stable() {
        assert_eq!(trace_digest_hex(&[]), "cbf29ce484222325");
        assert_ne!(trace_digest(&[1.0]), trace_digest(&[1.0000000000000002]));
        assert_eq!(trace_digest(&[1.0, f64::NAN]), trace_digest(&[1.0, f64::NAN]));
    }
}
