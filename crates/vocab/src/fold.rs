//! The one rule for matching names: related terms and links at build time, search
//! in the browser. Folding makes case, accents and umlauts irrelevant: `Über`,
//! `uber` and `UBER` fold alike; ß becomes ss; every run of spaces, hyphens and
//! punctuation becomes one space. The per-letter table for accents is
//! nucleo-matcher's (the helix editor's matcher).

/// Whether a character belongs to a word: letters and digits, as opposed to spaces,
/// hyphens, dashes, quotes and other punctuation. Decided by Unicode block rather
/// than by the full Unicode tables, which would add kilobytes to the browser bundle.
fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    !matches!(
        c as u32,
        0x80..=0xBF | 0xD7 | 0xF7 | 0x2000..=0x2BFF | 0x3000..=0x303F | 0xFE30..=0xFE4F | 0xFF00..=0xFF0F
    )
}

/// Lower case for ASCII and the Latin-1 letters without a base letter (Æ, Ø, Þ).
fn lower_latin(c: char) -> char {
    match c {
        'A'..='Z' => c.to_ascii_lowercase(),
        '\u{C0}'..='\u{DE}' if c != '\u{D7}' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
        c => c,
    }
}

/// Lower case, without accents, ß as ss, words separated by single spaces. Latin
/// letters lose their accents and case; other scripts keep their case.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.chars() {
        // nucleo-matcher folds ß to a single s; German spells it ss.
        let c = match c {
            'ß' | 'ẞ' => 'ß',
            c => lower_latin(nucleo_matcher::chars::normalize(c)),
        };
        if is_word_char(c) {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            if c == 'ß' {
                out.push_str("ss");
            } else {
                out.push(c);
            }
        } else {
            gap = true;
        }
    }
    out
}

/// A sort key for dictionary order in either language: case and accents do not
/// matter, Ä sorts with A and ß as ss.
pub fn collation_key(term: &str) -> String {
    fold(term)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_accents_and_punctuation() {
        assert_eq!(fold("Über-Größe"), "uber grosse");
        assert_eq!(fold("  Memory–Bound!  "), "memory bound");
        assert_eq!(fold("Café crème"), "cafe creme");
        assert_eq!(fold("FLOP/s"), "flop s");
        assert_eq!(fold(""), "");
        assert_eq!(fold("„Größe“ – GRÖSSE · ẞ"), "grosse grosse ss");
        assert_eq!(fold("ÆON Ångström"), fold("æon ångström"));
        assert_eq!(fold("KV Cache"), fold("KV-Cache"));
        assert_eq!(fold("Grouped-Query Attention"), fold("grouped query attention"));
    }

    #[test]
    fn umlauts_sort_with_their_base_letter() {
        let mut terms = vec!["Zeit", "Übertragung", "Uhr", "Maß", "Masse", "apfel"];
        terms.sort_by_key(|t| collation_key(t));
        assert_eq!(terms, vec!["apfel", "Maß", "Masse", "Übertragung", "Uhr", "Zeit"]);
    }
}
