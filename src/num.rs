//! Reading decimal numbers: typed into the calculator's fields, carried in its
//! address. In the browser the page's own parser reads them (`Number.parseFloat`),
//! which spares the wasm Rust's float parser and its tables (14 KB gzip); natively
//! Rust's (see [`crate::platform`]). Both round correctly, so both read a text to
//! the same value.

/// Whether `s` is a plain decimal number: an optional sign, digits with at most one
/// decimal point (at least one digit), an optional exponent. This is what both
/// parsers read alike; infinities, NaN, hex and surrounding space are not numbers here.
fn is_decimal(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let mut mantissa = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        mantissa += digits(&mut i);
    }
    if mantissa == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        i += usize::from(matches!(b.get(i), Some(b'+' | b'-')));
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// The finite value of the decimal number `s`, or `None` for anything else.
pub fn parse_f64(s: &str) -> Option<f64> {
    if !is_decimal(s) {
        return None;
    }
    crate::platform::parse_decimal(s).filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_decimals_as_rust_does() {
        for s in [
            "0", "7", "-3", "+2.5", "1.", ".5", "6.74e9", "3.35E+12", "1e-3", "007", "0.1",
        ] {
            assert_eq!(parse_f64(s), s.parse::<f64>().ok(), "{s}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_plain_decimal() {
        for s in [
            "", "-", ".", "e5", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "inf", "NaN", "1,5", "1e400",
        ] {
            assert_eq!(parse_f64(s), None, "{s:?}");
        }
    }
}
