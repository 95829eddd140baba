//! Reading the data files. They are written by serde and postcard at build time (one
//! set of Rust types, `vocab::wire`); here they are read by a decoder derived from the
//! same types (`#[derive(Decode)]`), which knows postcard's layout and nothing else:
//! fields and tuple members one after the other; lengths, unsigned integers and an
//! enum's variant as varints (seven bits a byte, the lowest first); signed ones
//! zigzag-encoded first; floats as their little-endian bytes; an option as one byte
//! (0 or 1) before its value; a string as its length and UTF-8 bytes. serde's
//! general machinery (visitors, errors that say what was expected) is not in the
//! browser's wasm: a file that does not read is refused whole.

pub use wire_derive::Decode;

/// A value read from a data file.
pub trait Decode: Sized {
    /// The value at the reader's position, the reader moved past it; `None` where
    /// the bytes do not hold one.
    fn decode(r: &mut Reader<'_>) -> Option<Self>;
}

/// `bytes` read as one `T`, all of them: `None` where they hold no `T` or more than
/// one.
pub fn decode<T: Decode>(bytes: &[u8]) -> Option<T> {
    let mut r = Reader { bytes };
    let value = T::decode(&mut r)?;
    r.bytes.is_empty().then_some(value)
}

/// The bytes not read yet.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    /// The next `n` bytes.
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(taken)
    }

    /// The next byte.
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// A varint (seven bits a byte, the lowest first, the high bit set on every
    /// byte but the last); `None` where it runs past 64 bits.
    fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = self.byte()?;
            let part = u64::from(byte & 0x7f);
            if shift >= 64 || (part << shift) >> shift != part {
                return None;
            }
            value |= part << shift;
            if byte & 0x80 == 0 {
                return Some(value);
            }
            shift += 7;
        }
    }

    /// An enum's variant, by its index.
    pub fn variant(&mut self) -> Option<u32> {
        u32::decode(self)
    }

    /// A length: the number of items or bytes that follow. Every item of the data
    /// files' types takes at least a byte on the wire, so a length beyond the bytes
    /// left is refused before anything is reserved for it.
    fn length(&mut self) -> Option<usize> {
        usize::try_from(self.varint()?).ok().filter(|&n| n <= self.bytes.len())
    }
}

impl Decode for u8 {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        r.byte()
    }
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Decode for $t {
            fn decode(r: &mut Reader<'_>) -> Option<Self> {
                <$t>::try_from(r.varint()?).ok()
            }
        }
    )*};
}
unsigned!(u16, u32, u64, usize);

macro_rules! signed {
    ($($t:ty => $u:ty),*) => {$(
        impl Decode for $t {
            fn decode(r: &mut Reader<'_>) -> Option<Self> {
                let z = <$u>::decode(r)?;
                Some(((z >> 1) as $t) ^ -((z & 1) as $t))
            }
        }
    )*};
}
signed!(i16 => u16, i32 => u32, i64 => u64);

impl Decode for f64 {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        Some(f64::from_le_bytes(r.take(8)?.try_into().ok()?))
    }
}

impl Decode for f32 {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        Some(f32::from_le_bytes(r.take(4)?.try_into().ok()?))
    }
}

impl Decode for bool {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        match r.byte()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Decode for String {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        let n = r.length()?;
        let bytes = r.take(n)?;
        core::str::from_utf8(bytes).ok().map(str::to_string)
    }
}

impl<T: Decode> Decode for Option<T> {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        match r.byte()? {
            0 => Some(None),
            1 => Some(Some(T::decode(r)?)),
            _ => None,
        }
    }
}

impl<T: Decode> Decode for Vec<T> {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        let n = r.length()?;
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(T::decode(r)?);
        }
        Some(items)
    }
}

impl<A: Decode, B: Decode> Decode for (A, B) {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        Some((A::decode(r)?, B::decode(r)?))
    }
}

impl<A: Decode, B: Decode, C: Decode> Decode for (A, B, C) {
    fn decode(r: &mut Reader<'_>) -> Option<Self> {
        Some((A::decode(r)?, B::decode(r)?, C::decode(r)?))
    }
}
