//! Finding entries by what a reader types: folding, matching and ranking. Pure
//! logic, independent of the page, so it is tested natively and timed in the browser.
//!
//! Folding ([`vocab::fold`], the same rule that links related terms at build time)
//! makes case, accents and umlauts irrelevant: `Über`, `uber` and `ueber` all find
//! "Über"; `ae`/`oe`/`ue` in a query also stand for ä, ö, ü.

use std::cell::RefCell;

use vocab::wire::Index;
use vocab::{collation_key, fold, EntryId, Lang};

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
    /// The entry.
    pub entry: EntryId,
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

impl Folded {
    fn of(summary: &vocab::wire::Summary) -> Folded {
        let variants: Vec<String> = summary.variants.iter().map(|v| fold(v)).collect();
        let term = fold(&summary.term);
        Folded {
            all: format!("{term} {} {}", variants.join(" "), fold(&summary.short)),
            sort: collation_key(&summary.term),
            term,
            variants,
        }
    }
}

thread_local! {
    /// Each loaded index's entries, folded once.
    static FOLDED: RefCell<Vec<(Lang, &'static [Folded])>> = RefCell::default();
}

fn folded(index: &'static Index) -> &'static [Folded] {
    if let Some(f) = FOLDED.with(|f| f.borrow().iter().find(|(l, _)| *l == index.lang).map(|(_, f)| *f)) {
        return f;
    }
    let folded: Vec<Folded> = index.entries.iter().map(|e| Folded::of(&e.summary)).collect();
    let folded: &'static [Folded] = Box::leak(folded.into_boxed_slice());
    FOLDED.with(|f| f.borrow_mut().push((index.lang, folded)));
    folded
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

/// The entries of `indexes` matching `query`, best first; within a rank, entries of
/// the first index first, then in dictionary order.
pub fn search(query: &str, indexes: &[&'static Index]) -> Vec<Hit> {
    let forms = query_forms(query);
    if forms[0].is_empty() {
        return Vec::new();
    }
    let mut hits: Vec<(Hit, usize, &'static str)> = Vec::new();
    for (order, index) in indexes.iter().enumerate() {
        let folded = folded(index);
        for (pos, (e, f)) in index.entries.iter().zip(folded).enumerate() {
            let Some((rank, variant)) = forms.iter().filter_map(|q| rank(f, q)).min() else {
                continue;
            };
            let Ok(pos) = u32::try_from(pos) else { break };
            let hit = Hit {
                entry: EntryId { lang: index.lang, pos },
                rank,
                variant: variant.map(|v| e.summary.variants[v].as_str()),
            };
            hits.push((hit, order, f.sort.as_str()));
        }
    }
    crate::order::sorted_by(hits, |(a, ao, asort), (b, bo, bsort)| {
        (a.rank, ao, asort, a.entry).cmp(&(b.rank, bo, bsort, b.entry))
    })
    .into_iter()
    .map(|(h, _, _)| h)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umlauts_can_be_typed_as_two_letters() {
        assert_eq!(query_forms("ueber"), vec!["ueber".to_string(), "uber".to_string()]);
        assert_eq!(query_forms("Über"), vec!["uber".to_string()]);
    }

    fn folded_entry(term: &str, variants: &[&str], short: &str) -> Folded {
        Folded::of(&vocab::wire::Summary {
            term: term.into(),
            variants: variants.iter().map(|v| v.to_string()).collect(),
            short: short.into(),
            ..Default::default()
        })
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
        let (de, en) = (
            crate::data::index(Lang::De).unwrap(),
            crate::data::index(Lang::En).unwrap(),
        );
        let summary = |h: &Hit| &crate::data::index(h.entry.lang).unwrap().get(h.entry).unwrap().summary;
        let hits = search("speicher", &[de]);
        assert_eq!(summary(&hits[0]).term, "Speicherbandbreite");
        assert_eq!(hits[0].rank, Rank::TermPrefix);
        assert!(hits.iter().all(|h| h.entry.lang == Lang::De));

        let variant = search("compute-bound", &[en]);
        assert_eq!(summary(&variant[0]).slug, "memory-bound");
        assert_eq!(variant[0].variant, Some("Compute-bound"));

        let both = search("memory bound", &[en, de]);
        let langs: Vec<Lang> = both.iter().map(|h| h.entry.lang).collect();
        assert_eq!(&langs[..2], &[Lang::En, Lang::De]);

        assert!(search("   ", &[de]).is_empty());
        assert!(search("zzzz", &[de, en]).is_empty());
    }
}
