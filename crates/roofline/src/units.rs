//! Typed quantities and their locale-aware formatting.
//!
//! SI prefixes (kB, MB, GB: powers of 10) and IEC prefixes (KiB, MiB, GiB: powers of
//! 2) are separate units: a value is formatted in exactly one of them, and
//! [`Quantity::format_bytes_both`] shows both where they differ by more than rounding.
//!
//! Typography: English groups thousands with a comma ("32,768") and writes a decimal
//! point; German groups with a narrow no-break space, U+202F ("32 768", as DIN 5008
//! and the SI brochure recommend: it cannot be mistaken for the decimal comma) and
//! writes a decimal comma. In both languages a no-break space, U+00A0
//! ([`UNIT_SPACE`]), separates a number from its unit, so that a line never breaks
//! between them.

use core::fmt;

/// The space between a number and its unit: a no-break space (U+00A0).
pub const UNIT_SPACE: char = '\u{a0}';

/// The thousands separator of German numbers: a narrow no-break space (U+202F).
pub const GERMAN_GROUP: char = '\u{202f}';

/// The language a number is formatted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Locale {
    /// German: decimal comma, a narrow no-break space groups thousands, "Token/s".
    De,
    /// English: decimal point, `,` groups thousands, "tokens/s".
    En,
}

impl Locale {
    /// The locale for a language code such as `de` or `en-GB`; English otherwise.
    pub fn from_lang(lang: &str) -> Locale {
        if lang.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("de")) {
            Locale::De
        } else {
            Locale::En
        }
    }

    fn decimal_separator(self) -> char {
        match self {
            Locale::De => ',',
            Locale::En => '.',
        }
    }

    fn group_separator(self) -> char {
        match self {
            Locale::De => GERMAN_GROUP,
            Locale::En => ',',
        }
    }
}

macro_rules! quantity {
    ($(#[$doc:meta])* $name:ident, $unit:literal) => {
        $(#[$doc])*
        #[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
        #[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
        pub struct $name(pub f64);

        impl $name {
            /// The raw value in the base unit (
            #[doc = $unit]
            /// ).
            pub fn get(self) -> f64 {
                self.0
            }
        }

        impl core::ops::Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                $name(self.0 + rhs.0)
            }
        }

        impl core::ops::Mul<f64> for $name {
            type Output = $name;
            fn mul(self, rhs: f64) -> $name {
                $name(self.0 * rhs)
            }
        }
    };
}

quantity!(
    /// A number of bytes.
    Bytes, "B"
);
quantity!(
    /// A memory bandwidth in bytes per second.
    BytesPerSecond, "B/s"
);
quantity!(
    /// A number of floating-point operations.
    Flops, "FLOP"
);
quantity!(
    /// An arithmetic throughput in FLOP per second.
    FlopsPerSecond, "FLOP/s"
);
quantity!(
    /// A duration in seconds.
    Seconds, "s"
);
quantity!(
    /// A token rate in tokens per second.
    TokensPerSecond, "tokens/s"
);
quantity!(
    /// Arithmetic intensity in FLOP per byte moved.
    Intensity, "FLOP/B"
);

impl core::ops::Div<BytesPerSecond> for Bytes {
    type Output = Seconds;
    fn div(self, rhs: BytesPerSecond) -> Seconds {
        Seconds(self.0 / rhs.0)
    }
}

impl core::ops::Div<FlopsPerSecond> for Flops {
    type Output = Seconds;
    fn div(self, rhs: FlopsPerSecond) -> Seconds {
        Seconds(self.0 / rhs.0)
    }
}

impl core::ops::Div<Bytes> for Flops {
    type Output = Intensity;
    fn div(self, rhs: Bytes) -> Intensity {
        Intensity(self.0 / rhs.0)
    }
}

impl core::ops::Div<BytesPerSecond> for FlopsPerSecond {
    type Output = Intensity;
    fn div(self, rhs: BytesPerSecond) -> Intensity {
        Intensity(self.0 / rhs.0)
    }
}

/// The unit a [`Quantity`] is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Bytes with SI prefixes (kB, MB, GB, TB).
    BytesSi,
    /// Bytes with IEC prefixes (KiB, MiB, GiB, TiB).
    BytesIec,
    /// Bytes per second with SI prefixes (GB/s, TB/s).
    Bandwidth,
    /// FLOP with SI prefixes (GFLOP, TFLOP).
    Flops,
    /// FLOP/s with SI prefixes (TFLOP/s).
    FlopRate,
    /// Seconds, shown as s, ms, µs or ns.
    Time,
    /// Tokens per second.
    TokenRate,
    /// FLOP per byte.
    Intensity,
    /// A plain count (requests, tokens).
    Count,
    /// A parameter count in words: "7 billion", "6,74 Milliarden".
    Params,
    /// A dimensionless ratio, shown with "×".
    Ratio,
    /// A plain number with trailing zeros dropped: "3.69", "0.8" (an expected
    /// number of tokens per step, an acceptance rate).
    Number,
}

impl Unit {
    /// Significant digits used when a caller does not ask for others: times carry two
    /// ("7.0 ms"), everything else three ("14.0 GB", "4.29 GB").
    pub fn default_digits(self) -> u8 {
        match self {
            Unit::Time => 2,
            _ => 3,
        }
    }
}

/// A value with its unit, ready to be shown to a reader.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantity {
    /// The value in the unit's base (bytes, seconds, FLOP, …).
    pub value: f64,
    /// How it is shown.
    pub unit: Unit,
}

const SI_BYTES: &[(f64, &str)] = &[
    (1.0, "B"),
    (1e3, "kB"),
    (1e6, "MB"),
    (1e9, "GB"),
    (1e12, "TB"),
    (1e15, "PB"),
];
const IEC_BYTES: &[(f64, &str)] = &[
    (1.0, "B"),
    (1024.0, "KiB"),
    (1_048_576.0, "MiB"),
    (1_073_741_824.0, "GiB"),
    (1_099_511_627_776.0, "TiB"),
    (1_125_899_906_842_624.0, "PiB"),
];
const SI_BANDWIDTH: &[(f64, &str)] = &[
    (1.0, "B/s"),
    (1e3, "kB/s"),
    (1e6, "MB/s"),
    (1e9, "GB/s"),
    (1e12, "TB/s"),
    (1e15, "PB/s"),
];
const SI_FLOPS: &[(f64, &str)] = &[
    (1.0, "FLOP"),
    (1e3, "kFLOP"),
    (1e6, "MFLOP"),
    (1e9, "GFLOP"),
    (1e12, "TFLOP"),
    (1e15, "PFLOP"),
    (1e18, "EFLOP"),
];
const SI_FLOP_RATE: &[(f64, &str)] = &[
    (1.0, "FLOP/s"),
    (1e3, "kFLOP/s"),
    (1e6, "MFLOP/s"),
    (1e9, "GFLOP/s"),
    (1e12, "TFLOP/s"),
    (1e15, "PFLOP/s"),
    (1e18, "EFLOP/s"),
];
const TIME: &[(f64, &str)] = &[(1e-9, "ns"), (1e-6, "µs"), (1e-3, "ms"), (1.0, "s")];

impl Quantity {
    /// A quantity of `value` in `unit`.
    pub fn new(value: f64, unit: Unit) -> Quantity {
        Quantity { value, unit }
    }

    /// Formats with the unit's default significant digits.
    ///
    /// ```
    /// use roofline::{Locale, Quantity, Unit};
    /// assert_eq!(Quantity::new(14e9, Unit::BytesSi).format(Locale::En), "14.0\u{a0}GB");
    /// assert_eq!(Quantity::new(4.294967296e9, Unit::BytesSi).format(Locale::De), "4,29\u{a0}GB");
    /// assert_eq!(Quantity::new(0.007, Unit::Time).format(Locale::En), "7.0\u{a0}ms");
    /// ```
    pub fn format(self, locale: Locale) -> String {
        match self.unit {
            // A count is shown whole unless fewer digits are asked for.
            Unit::Count if self.value.is_finite() => format_fixed(self.value.floor(), 0, locale),
            _ => self.format_digits(locale, self.unit.default_digits()),
        }
    }

    /// Formats with `digits` significant digits (integer digits are never dropped:
    /// 2,039 GB/s stays 2,039 GB/s at three digits only when shown in GB/s).
    ///
    /// ```
    /// use roofline::*;
    /// let q = Quantity::new(36_879.0, Unit::Count);
    /// assert_eq!(q.format(Locale::En), "36,879");
    /// assert_eq!(q.format_digits(Locale::En, 2), "36,000");
    /// assert_eq!(q.format_digits(Locale::De, 6), "36\u{202f}879");
    /// ```
    pub fn format_digits(self, locale: Locale, digits: u8) -> String {
        let digits = digits.clamp(1, 12);
        let v = if self.value.is_finite() { self.value } else { 0.0 };
        match self.unit {
            Unit::BytesSi => scaled(v, SI_BYTES, 1000.0, digits, locale),
            Unit::BytesIec => scaled(v, IEC_BYTES, 1024.0, digits, locale),
            Unit::Bandwidth => scaled(v, SI_BANDWIDTH, 1000.0, digits, locale),
            Unit::Flops => scaled(v, SI_FLOPS, 1000.0, digits, locale),
            Unit::FlopRate => scaled(v, SI_FLOP_RATE, 1000.0, digits, locale),
            Unit::Time => scaled(v, TIME, 1000.0, digits, locale),
            Unit::TokenRate => {
                let unit = match locale {
                    Locale::De => "Token/s",
                    Locale::En => "tokens/s",
                };
                format!("{}{UNIT_SPACE}{unit}", format_significant(v, digits, locale))
            }
            Unit::Intensity => {
                let unit = match locale {
                    Locale::De => "FLOP/Byte",
                    Locale::En => "FLOP/byte",
                };
                format!("{}{UNIT_SPACE}{unit}", format_significant(v, digits, locale))
            }
            // Counts are capacities (requests, tokens that fit): rounded down to the
            // digits asked for, so that 36,879 at two digits is 36,000 and still fits.
            Unit::Count => {
                let whole = v.floor();
                let scale = 10f64.powi((whole.abs().max(1.0).log10().floor() as i32 + 1 - i32::from(digits)).max(0));
                format_fixed((whole / scale).floor() * scale, 0, locale)
            }
            Unit::Params => params_in_words(v, digits, locale),
            Unit::Ratio => format!("{}{UNIT_SPACE}×", format_significant(v, digits, locale)),
            Unit::Number => {
                let text = format_significant(v, digits, locale);
                let separator = locale.decimal_separator();
                if text.contains(separator) {
                    text.trim_end_matches('0').trim_end_matches(separator).to_string()
                } else {
                    text
                }
            }
        }
    }

    /// Bytes in SI units, followed by IEC units in parentheses where the two differ
    /// by more than rounding: "4.29 GB (4.00 GiB)"; "512 B" alone.
    ///
    /// ```
    /// use roofline::{Locale, Quantity, Unit};
    /// let kv = Quantity::new(4_294_967_296.0, Unit::BytesSi);
    /// assert_eq!(kv.format_bytes_both(Locale::En), "4.29\u{a0}GB (4.00\u{a0}GiB)");
    /// assert_eq!(kv.format_bytes_both(Locale::De), "4,29\u{a0}GB (4,00\u{a0}GiB)");
    /// ```
    pub fn format_bytes_both(self, locale: Locale) -> String {
        let si = Quantity::new(self.value, Unit::BytesSi).format(locale);
        let iec = Quantity::new(self.value, Unit::BytesIec).format(locale);
        if self.value.abs() < 1000.0 || si.replace("B", "") == iec.replace("iB", "").replace('K', "k") {
            si
        } else {
            format!("{si} ({iec})")
        }
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(Locale::En))
    }
}

/// Picks the largest prefix not above the value, rounds, and moves up a prefix when
/// rounding reached the next one (999.96 MB → 1.00 GB).
fn scaled(v: f64, table: &[(f64, &str)], step: f64, digits: u8, locale: Locale) -> String {
    let mag = v.abs();
    let mut idx = 0;
    for (i, (factor, _)) in table.iter().enumerate() {
        if mag >= *factor {
            idx = i;
        }
    }
    let mut mantissa = v / table[idx].0;
    let rounded = round_significant(mantissa, digits);
    if rounded.abs() >= step && idx + 1 < table.len() {
        idx += 1;
        mantissa = v / table[idx].0;
    }
    format!(
        "{}{UNIT_SPACE}{}",
        format_significant(mantissa, digits, locale),
        table[idx].1
    )
}

/// Number words for parameter counts: (factor, English, German singular, German
/// plural). The German "Billion" is 10¹², the English "trillion".
const NUMBER_WORDS: &[(f64, &str, &str, &str)] = &[
    (1e6, "million", "Million", "Millionen"),
    (1e9, "billion", "Milliarde", "Milliarden"),
    (1e12, "trillion", "Billion", "Billionen"),
];

/// A parameter count as a number and a number word, trailing zeros dropped: "7
/// billion", "6.74 billion", "6,74 Milliarden", "1 Milliarde". Below a million the
/// plain count.
fn params_in_words(v: f64, digits: u8, locale: Locale) -> String {
    let Some(mut idx) = NUMBER_WORDS.iter().rposition(|(f, ..)| v.abs() >= *f) else {
        return format_fixed(v.round(), 0, locale);
    };
    let mut mantissa = round_significant(v / NUMBER_WORDS[idx].0, digits);
    // 999.96 billion rounds to 1,000 billion: one trillion.
    if mantissa.abs() >= 1000.0 && idx + 1 < NUMBER_WORDS.len() {
        idx += 1;
        mantissa = round_significant(v / NUMBER_WORDS[idx].0, digits);
    }
    let (_, en, de_one, de_many) = NUMBER_WORDS[idx];
    let word = match locale {
        Locale::En => en,
        Locale::De if mantissa == 1.0 => de_one,
        Locale::De => de_many,
    };
    let number = format_trimmed(mantissa, decimals_for(mantissa, digits), locale);
    format!("{number}{UNIT_SPACE}{word}")
}

fn decimals_for(v: f64, digits: u8) -> usize {
    if v == 0.0 {
        return 0;
    }
    let exponent = v.abs().log10().floor() as i32;
    (i32::from(digits) - 1 - exponent).max(0) as usize
}

fn round_significant(v: f64, digits: u8) -> f64 {
    let d = decimals_for(v, digits);
    let p = 10f64.powi(d as i32);
    (v * p).round() / p
}

/// Formats `v` with `digits` significant digits (never dropping integer digits).
///
/// ```
/// use roofline::{format_significant, Locale};
/// assert_eq!(format_significant(142.857, 3, Locale::En), "143");
/// assert_eq!(format_significant(2039.0, 3, Locale::En), "2,039");
/// assert_eq!(format_significant(2039.0, 3, Locale::De), "2\u{202f}039");
/// assert_eq!(format_significant(9.996, 3, Locale::En), "10.0");
/// assert_eq!(format_significant(70.55, 3, Locale::En), "70.6");
/// ```
pub fn format_significant(v: f64, digits: u8, locale: Locale) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let mut decimals = decimals_for(v, digits);
    let rounded = round_significant(v, digits);
    // 9.996 rounds to 10.00 at two decimals: recount for the new magnitude.
    if rounded != 0.0 && decimals_for(rounded, digits) < decimals {
        decimals = decimals_for(rounded, digits);
    }
    // The rounded value, so that a figure given in decimals rounds half up as
    // written: 70.55 is stored as 70.5499…, and shows as 70.6.
    format_fixed(rounded, decimals, locale)
}

/// Formats `v` with at most `max_decimals` decimals, dropping trailing zeros.
///
/// ```
/// use roofline::{format_trimmed, Locale};
/// assert_eq!(format_trimmed(2.0, 3, Locale::De), "2");
/// assert_eq!(format_trimmed(0.53125, 3, Locale::De), "0,531");
/// ```
pub fn format_trimmed(v: f64, max_decimals: usize, locale: Locale) -> String {
    let text = format_fixed(v, max_decimals, locale);
    if max_decimals == 0 {
        return text;
    }
    let trimmed = text.trim_end_matches('0');
    trimmed
        .strip_suffix(locale.decimal_separator())
        .unwrap_or(trimmed)
        .to_string()
}

/// Formats `v` with exactly `decimals` decimals, grouping thousands.
pub fn format_fixed(v: f64, decimals: usize, locale: Locale) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let text = format!("{:.*}", decimals, v.abs());
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (text.as_str(), None),
    };
    let mut out = String::with_capacity(text.len() + 4);
    let negative = v < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    if negative {
        out.push('-');
    }
    let len = int.len();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (len - i) % 3 == 0 {
            out.push(locale.group_separator());
        }
        out.push(ch);
    }
    if let Some(frac) = frac {
        out.push(locale.decimal_separator());
        out.push_str(frac);
    }
    out
}

/// How a figure changed from a pinned scenario A to the current B, the way a reader
/// says it: a time or a rate as a speed ("2.9× faster"), every other figure as a
/// multiple of A's ("1.4×"). The factor is at least 1 for a speed (the slower side
/// is named), B ÷ A otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// The factor rounds to 1 at the digits shown.
    Same,
    /// B is this many times as fast as A.
    Faster(f64),
    /// B is this many times slower than A (A this many times as fast).
    Slower(f64),
    /// B as a multiple of A, for anything that is not a speed.
    Multiple(f64),
}

impl Change {
    /// The change of a figure in `unit` from `a` to `b`; `None` where no factor is
    /// meaningful (A is zero, either side is not a finite figure, or a speed of
    /// zero).
    ///
    /// ```
    /// use roofline::{Change, Unit};
    /// assert_eq!(Change::between(Unit::Time, 4.2e-3, 2.1e-3), Some(Change::Faster(2.0)));
    /// assert_eq!(Change::between(Unit::TokenRate, 200.0, 100.0), Some(Change::Slower(2.0)));
    /// assert_eq!(Change::between(Unit::BytesSi, 1e9, 1.4e9), Some(Change::Multiple(1.4)));
    /// assert_eq!(Change::between(Unit::Count, 64.0, 64.1), Some(Change::Same));
    /// ```
    pub fn between(unit: Unit, a: f64, b: f64) -> Option<Change> {
        if !(a.is_finite() && b.is_finite() && a > 0.0 && b >= 0.0) {
            return None;
        }
        let speed = match unit {
            Unit::Time => Some(a / b),
            Unit::TokenRate => Some(b / a),
            _ => None,
        };
        let change = match speed {
            Some(s) if !s.is_finite() || s <= 0.0 => return None,
            Some(s) if s >= 1.0 => Change::Faster(s),
            Some(s) => Change::Slower(1.0 / s),
            None => Change::Multiple(b / a),
        };
        // Compared as shown: rounded to the digits a factor is written with.
        let shown = change
            .factor()
            .map(|f| round_significant(f, Unit::Number.default_digits()));
        Some(if shown == Some(1.0) { Change::Same } else { change })
    }

    /// The factor as a reader sees it: "2.86", "0.5" (`None` for [`Change::Same`]).
    pub fn factor_text(self, locale: Locale) -> Option<String> {
        self.factor().map(|f| Quantity::new(f, Unit::Number).format(locale))
    }

    fn factor(self) -> Option<f64> {
        match self {
            Change::Same => None,
            Change::Faster(f) | Change::Slower(f) | Change::Multiple(f) => Some(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with `~` for the no-break space before a unit and `_` for the
    /// German thousands separator, so that the tables stay readable.
    fn typeset(text: &str) -> String {
        text.replace('~', "\u{a0}").replace('_', "\u{202f}")
    }

    #[test]
    fn table_of_formats() {
        let cases: &[(f64, Unit, Locale, &str)] = &[
            (14e9, Unit::BytesSi, Locale::En, "14.0~GB"),
            (14e9, Unit::BytesSi, Locale::De, "14,0~GB"),
            (14e9, Unit::BytesIec, Locale::En, "13.0~GiB"),
            (4_294_967_296.0, Unit::BytesIec, Locale::En, "4.00~GiB"),
            (4_294_967_296.0, Unit::BytesIec, Locale::De, "4,00~GiB"),
            (2.039e12, Unit::Bandwidth, Locale::En, "2.04~TB/s"),
            (2.0e12, Unit::Bandwidth, Locale::De, "2,00~TB/s"),
            (2.039e12, Unit::Bandwidth, Locale::De, "2,04~TB/s"),
            (0.007, Unit::Time, Locale::De, "7,0~ms"),
            (14e9 / 3.35e12, Unit::Time, Locale::En, "4.2~ms"),
            (999.96e6, Unit::BytesSi, Locale::En, "1.00~GB"),
            (512.0, Unit::BytesSi, Locale::En, "512~B"),
            (989e12, Unit::FlopRate, Locale::En, "989~TFLOP/s"),
            (1.979e15, Unit::FlopRate, Locale::En, "1.98~PFLOP/s"),
            (142.857, Unit::TokenRate, Locale::En, "143~tokens/s"),
            (142.857, Unit::TokenRate, Locale::De, "143~Token/s"),
            (485.3, Unit::Intensity, Locale::De, "485~FLOP/Byte"),
            (2.46, Unit::Ratio, Locale::De, "2,46~×"),
            (3.689_28, Unit::Number, Locale::En, "3.69"),
            (3.689_28, Unit::Number, Locale::De, "3,69"),
            (0.8, Unit::Number, Locale::De, "0,8"),
            (6.0, Unit::Number, Locale::En, "6"),
            (9.996, Unit::Number, Locale::En, "10"),
            (1500.0, Unit::Number, Locale::En, "1,500"),
            (12345.9, Unit::Count, Locale::En, "12,345"),
            (12345.9, Unit::Count, Locale::De, "12_345"),
            (32768.0, Unit::Count, Locale::De, "32_768"),
            (131_072.0, Unit::Count, Locale::En, "131,072"),
            (1_234_567.0, Unit::Count, Locale::De, "1_234_567"),
            (999.0, Unit::Count, Locale::De, "999"),
            (0.0, Unit::BytesSi, Locale::En, "0~B"),
            (f64::NAN, Unit::Time, Locale::En, "0~ns"),
            (-1.5e-6, Unit::Time, Locale::En, "-1.5~µs"),
        ];
        for (v, unit, locale, want) in cases {
            assert_eq!(
                Quantity::new(*v, *unit).format(*locale),
                typeset(want),
                "{v} {unit:?} {locale:?}"
            );
        }
    }

    #[test]
    fn german_decimals_keep_the_comma_beside_the_narrow_group_space() {
        assert_eq!(format_fixed(2039.5, 1, Locale::De), typeset("2_039,5"));
        assert_eq!(format_fixed(2039.5, 1, Locale::En), "2,039.5");
        assert_eq!(format_fixed(-1_048_576.0, 0, Locale::De), typeset("-1_048_576"));
    }

    #[test]
    fn parameter_counts_in_words() {
        let cases: &[(f64, Locale, Option<u8>, &str)] = &[
            (7e9, Locale::En, None, "7~billion"),
            (7e9, Locale::De, None, "7~Milliarden"),
            (6.74e9, Locale::En, None, "6.74~billion"),
            (6.74e9, Locale::De, None, "6,74~Milliarden"),
            (70.55e9, Locale::En, None, "70.6~billion"),
            (70.55e9, Locale::En, Some(4), "70.55~billion"),
            (46.7e9, Locale::De, Some(2), "47~Milliarden"),
            (1e9, Locale::De, None, "1~Milliarde"),
            (1.5e12, Locale::De, None, "1,5~Billionen"),
            (1.5e12, Locale::En, None, "1.5~trillion"),
            (999.96e9, Locale::En, None, "1~trillion"),
            (125e6, Locale::De, None, "125~Millionen"),
            (350_000.0, Locale::De, None, "350_000"),
        ];
        for (v, locale, digits, want) in cases {
            let q = Quantity::new(*v, Unit::Params);
            let text = digits.map_or_else(|| q.format(*locale), |d| q.format_digits(*locale, d));
            assert_eq!(text, typeset(want), "{v} {locale:?} {digits:?}");
        }
    }

    #[test]
    fn both_units_only_where_they_differ() {
        assert_eq!(
            Quantity::new(14e9, Unit::BytesSi).format_bytes_both(Locale::En),
            typeset("14.0~GB (13.0~GiB)")
        );
        assert_eq!(
            Quantity::new(100.0, Unit::BytesSi).format_bytes_both(Locale::En),
            typeset("100~B")
        );
    }

    #[test]
    fn locale_from_language_code() {
        assert_eq!(Locale::from_lang("de-AT"), Locale::De);
        assert_eq!(Locale::from_lang("en"), Locale::En);
        assert_eq!(Locale::from_lang(""), Locale::En);
    }
    #[test]
    fn a_change_is_a_speed_for_times_and_rates_and_a_multiple_otherwise() {
        // A time that halves and a rate that doubles are the same change.
        assert_eq!(
            Change::between(Unit::Time, 2.0, 1.0),
            Change::between(Unit::TokenRate, 1.0, 2.0)
        );
        // The slower side is named with a factor above one.
        assert_eq!(Change::between(Unit::Time, 1.0, 4.0), Some(Change::Slower(4.0)));
        assert_eq!(Change::between(Unit::BytesIec, 4.0, 1.0), Some(Change::Multiple(0.25)));
        assert_eq!(Change::between(Unit::Intensity, 2.0, 3.0), Some(Change::Multiple(1.5)));
        // Rounds to one at the digits shown: no change.
        assert_eq!(Change::between(Unit::Time, 1.0, 0.9996), Some(Change::Same));
        assert_ne!(Change::between(Unit::Time, 1.0, 0.99), Some(Change::Same));
        // No factor against nothing, and no speed of zero.
        for (a, b) in [(0.0, 1.0), (1.0, f64::NAN), (f64::INFINITY, 1.0), (-1.0, 1.0)] {
            assert_eq!(Change::between(Unit::BytesSi, a, b), None, "{a} → {b}");
        }
        assert_eq!(Change::between(Unit::Time, 1.0, 0.0), None);
        assert_eq!(Change::between(Unit::TokenRate, 1.0, 0.0), None);
        assert_eq!(Change::between(Unit::Count, 4.0, 0.0), Some(Change::Multiple(0.0)));
        assert_eq!(Change::Faster(2.857).factor_text(Locale::De).as_deref(), Some("2,86"));
        assert_eq!(Change::Same.factor_text(Locale::En), None);
    }
}
