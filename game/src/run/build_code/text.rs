//! The byte and text layers under a build code: base64url without padding
//! (RFC 4648 section 5, URL- and chat-safe), CRC-32 (any one changed character is
//! always caught) and little varints.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url text, no padding.
pub fn to_base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Base64url text back to bytes; the first character outside the alphabet
/// (its 0-based position and itself) on failure.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, (usize, char)> {
    let mut sextets = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        let v = ALPHABET.iter().position(|&a| a as char == c).ok_or((i, c))?;
        sextets.push(v as u32);
    }
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &s)| n | (s << (18 - 6 * i)));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

/// CRC-32 (IEEE, reflected), bit by bit: codes are a few dozen bytes.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A content id's 16-bit name hash (FNV-1a 32, folded): codes name content
/// by name, so adding chips to the game never changes an old code's meaning.
pub fn name_hash(id: &str) -> u16 {
    let h = id.bytes().fold(0x811C_9DC5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    ((h >> 16) ^ (h & 0xFFFF)) as u16
}

/// Writes a little-endian base-128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads bytes in order; `None` when the bytes run out or a varint overflows.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }
    /// One byte.
    pub fn u8(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }
    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.u8()?, self.u8()?]))
    }
    /// Four bytes as an `f32`'s bits, so every value comes back exactly.
    pub fn f32(&mut self) -> Option<f32> {
        Some(f32::from_bits(u32::from_le_bytes([
            self.u8()?,
            self.u8()?,
            self.u8()?,
            self.u8()?,
        ])))
    }
    /// A varint of at most 32 bits.
    pub fn varint(&mut self) -> Option<u32> {
        let mut v = 0u32;
        for shift in (0..35).step_by(7) {
            let b = self.u8()?;
            v |= u32::from(b & 0x7F).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    /// Bytes not read yet.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(97).wrapping_add(len)).collect();
            let text = to_base64url(&bytes);
            assert!(
                text.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            );
            assert_eq!(from_base64url(&text).unwrap(), bytes, "length {len}");
        }
        assert_eq!(to_base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(from_base64url("Zm9v!"), Err((4, '!')));
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn varints_round_trip_and_refuse_overflow() {
        let mut out = Vec::new();
        for v in [0, 1, 127, 128, 300, u32::MAX] {
            out.clear();
            put_varint(&mut out, v);
            assert_eq!(Reader::new(&out).varint(), Some(v));
        }
        assert_eq!(Reader::new(&[0xFF; 6]).varint(), None);
    }
}
