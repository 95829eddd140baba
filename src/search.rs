//! Finding entries by what a reader types: folding, matching and ranking. Pure
//! logic, independent of the page, so it is tested natively and timed in the browser.
//!
//! Folding makes case, accents and umlauts irrelevant: `Über`, `uber` and `ueber`
//! all find "Über". The per-letter table for accents is nucleo-matcher's (the helix
//! editor's matcher); ß becomes ss, and `ae`/`oe`/`ue` in a query also stand for ä, ö, ü.

use std::sync::OnceLock;

use crate::data::{Lang, ENTRIES};

/// Whether a character belongs to a word: letters and digits, as opposed to spaces,
/// hyphens, dashes, quotes and other punctuation. Decided by Unicode block rather
/// than by the full Unicode tables, which would add kilobytes to the bundle.
fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    !matches!(c as u32, 0x80..=0xBF | 0xD7 | 0xF7 | 0x2000..=0x2BFF | 0x3000..=0x303F | 0xFE30..=0xFE4F | 0xFF00..=0xFF0F)
}

/// Lower case for ASCII and the Latin-1 letters without a base letter (Æ, Ø, Þ).
fn lower_latin(c: char) -> char {
    match c {
        'A'..='Z' => c.to_ascii_lowercase(),
        '\u{C0}'..='\u{DE}' if c != '\u{D7}' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
        c => c,
    }
}

/// Lower case, without accents, ß as ss; every run of other characters (spaces,
/// hyphens, punctuation) becomes one space. Latin letters lose their accents and
/// case through nucleo-matcher's table; other scripts keep their case.
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

/// The folded query, and the same with `ae`, `oe`, `ue` read as ä, ö, ü (for a
/// keyboard without umlauts) where that differs.
fn query_forms(query: &str) -> Vec<String> {
    let folded = fold(query);
    let mut forms = vec![folded.clone()];
    let spelled = folded.replace("ae", "a").replace("oe", "o").replace("ue", "u");
    if spelled != folded {
        forms.push(spelled);
    }
    forms
}

/// How well an entry matches, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// The query is the term.
    Term,
    /// The term starts with the query.
    TermPrefix,
    /// The query is one of the entry's other names.
    Variant,
    /// One of the other names starts with the query.
    VariantPrefix,
    /// A word of the term or of another name starts with the query.
    Word,
    /// Every word of the query occurs in the term, the other names or the definition.
    Text,
}

/// One result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into [`ENTRIES`].
    pub entry: usize,
    /// How it matched.
    pub rank: Rank,
    /// The other name that matched, for results found by one.
    pub variant: Option<&'static str>,
}

/// An entry's searchable text, folded once.
struct Folded {
    term: String,
    variants: Vec<String>,
    /// Term, other names and definition together.
    all: String,
    /// The order of the index.
    sort: String,
}

fn folded() -> &'static [Folded] {
    static FOLDED: OnceLock<Vec<Folded>> = OnceLock::new();
    FOLDED.get_or_init(|| {
        ENTRIES
            .iter()
            .map(|e| {
                let variants: Vec<String> = e.variants.iter().map(|v| fold(v)).collect();
                let all = format!("{} {} {}", fold(e.term), variants.join(" "), fold(e.short));
                Folded {
                    term: fold(e.term),
                    variants,
                    all,
                    sort: collation_key(e.term),
                }
            })
            .collect()
    })
}

/// A sort key for dictionary order in either language: case and accents do not
/// matter, Ä sorts with A and ß as ss.
pub fn collation_key(term: &str) -> String {
    fold(term)
}

fn starts_a_word(text: &str, query: &str) -> bool {
    text.match_indices(query)
        .any(|(at, _)| at == 0 || text.as_bytes()[at - 1] == b' ')
}

fn rank(f: &Folded, query: &str) -> Option<(Rank, Option<usize>)> {
    if f.term == query {
        return Some((Rank::Term, None));
    }
    if f.term.starts_with(query) {
        return Some((Rank::TermPrefix, None));
    }
    if let Some(v) = f.variants.iter().position(|v| v == query) {
        return Some((Rank::Variant, Some(v)));
    }
    if let Some(v) = f.variants.iter().position(|v| v.starts_with(query)) {
        return Some((Rank::VariantPrefix, Some(v)));
    }
    if starts_a_word(&f.term, query) {
        return Some((Rank::Word, None));
    }
    if let Some(v) = f.variants.iter().position(|v| starts_a_word(v, query)) {
        return Some((Rank::Word, Some(v)));
    }
    if query.split(' ').all(|word| f.all.contains(word)) {
        return Some((Rank::Text, None));
    }
    None
}

/// The entries of `langs` matching `query`, best first; within a rank, entries of
/// `langs[0]` first, then in dictionary order.
pub fn search(query: &str, langs: &[Lang]) -> Vec<Hit> {
    let forms = query_forms(query);
    if forms[0].is_empty() {
        return Vec::new();
    }
    let folded = folded();
    let mut hits: Vec<Hit> = ENTRIES
        .iter()
        .enumerate()
        .filter(|(_, e)| langs.contains(&e.lang))
        .filter_map(|(i, e)| {
            let (rank, variant) = forms.iter().filter_map(|q| rank(&folded[i], q)).min()?;
            Some(Hit {
                entry: i,
                rank,
                variant: variant.map(|v| e.variants[v]),
            })
        })
        .collect();
    // Unstable sorting is enough (the entry's index breaks ties) and keeps a second
    // sort algorithm out of the bundle.
    hits.sort_unstable_by(|a, b| {
        let lang_order = |h: &Hit| langs.iter().position(|l| *l == ENTRIES[h.entry].lang);
        (a.rank, lang_order(a), &folded[a.entry].sort, a.entry).cmp(&(
            b.rank,
            lang_order(b),
            &folded[b.entry].sort,
            b.entry,
        ))
    });
    hits
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
    }

    #[test]
    fn umlauts_can_be_typed_as_two_letters() {
        assert_eq!(query_forms("ueber"), vec!["ueber".to_string(), "uber".to_string()]);
        assert_eq!(query_forms("Über"), vec!["uber".to_string()]);
    }

    #[test]
    fn umlauts_sort_with_their_base_letter() {
        let mut terms = vec!["Zeit", "Übertragung", "Uhr", "Maß", "Masse", "apfel"];
        terms.sort_by_key(|t| collation_key(t));
        assert_eq!(terms, vec!["apfel", "Maß", "Masse", "Übertragung", "Uhr", "Zeit"]);
    }

    fn folded_entry(term: &str, variants: &[&str], short: &str) -> Folded {
        let variants: Vec<String> = variants.iter().map(|v| fold(v)).collect();
        Folded {
            term: fold(term),
            all: format!("{} {} {}", fold(term), variants.join(" "), fold(short)),
            variants,
            sort: collation_key(term),
        }
    }

    #[test]
    fn ranks_exact_then_prefix_then_variant_then_word_then_text() {
        let e = folded_entry(
            "Memory-Bound",
            &["Compute-Bound", "speichergebunden"],
            "Die Daten aus dem Speicher bremsen.",
        );
        assert_eq!(rank(&e, "memory bound"), Some((Rank::Term, None)));
        assert_eq!(rank(&e, "memo"), Some((Rank::TermPrefix, None)));
        assert_eq!(rank(&e, "compute bound"), Some((Rank::Variant, Some(0))));
        assert_eq!(rank(&e, "speicherg"), Some((Rank::VariantPrefix, Some(1))));
        assert_eq!(rank(&e, "bound"), Some((Rank::Word, None)));
        assert_eq!(rank(&e, "daten speicher"), Some((Rank::Text, None)));
        assert_eq!(rank(&e, "ound"), Some((Rank::Text, None)));
        assert_eq!(rank(&e, "latency"), None);
    }

    #[test]
    fn finds_the_real_entries() {
        let de = search("speicher", &[Lang::De]);
        let first = &ENTRIES[de[0].entry];
        assert_eq!(first.term, "Speicherbandbreite");
        assert_eq!(de[0].rank, Rank::TermPrefix);
        assert!(de.iter().all(|h| ENTRIES[h.entry].lang == Lang::De));

        let variant = search("compute-bound", &[Lang::En]);
        assert_eq!(ENTRIES[variant[0].entry].slug, "memory-bound");
        assert_eq!(variant[0].variant, Some("Compute-bound"));

        let both = search("memory bound", &[Lang::En, Lang::De]);
        let langs: Vec<Lang> = both.iter().map(|h| ENTRIES[h.entry].lang).collect();
        assert_eq!(&langs[..2], &[Lang::En, Lang::De]);

        assert!(search("   ", &[Lang::De]).is_empty());
        assert!(search("zzzz", &[Lang::De, Lang::En]).is_empty());
    }
}
