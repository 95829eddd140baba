//! The texts of the site's footer, which the pre-renderer writes into every page: what
//! the site is, who publishes it and on which terms, and where to read on. The app
//! neither renders nor replaces the footer, so these texts stay out of
//! [`crate::i18n::Texts`] and out of the wasm.
//!
//! Placeholders in braces (`{owner}`) are filled in by the page writer.

use crate::Lang;

/// The footer's texts in one language.
pub struct FooterTexts {
    /// What the site is, in a sentence or two.
    pub about: &'static str,
    /// Who publishes the site: `{owner}`.
    pub owner: &'static str,
    /// The licence of the entries' text: `{licence}`.
    pub licence: &'static str,
    /// The link to the site's source.
    pub source: &'static str,
    /// The name of the list of the footer's links.
    pub links: &'static str,
    /// The link to the glossary as text for language models (`llms.txt`).
    pub machines: &'static str,
}

const DE: FooterTexts = FooterTexts {
    about: "Ein Glossar der LLM-Inferenz auf Deutsch und Englisch: warum Sprachmodelle beim Erzeugen von Text auf \
            den Speicher warten. Die Zahlen in den Rechenbeispielen der Einträge berechnet das Roofline-Modell \
            dieser Website.",
    owner: "Herausgegeben von {owner}",
    licence: "Lizenz der Texte: {licence}",
    source: "Quellcode",
    links: "Weiterlesen",
    machines: "Das Glossar als Text für Sprachmodelle (llms.txt)",
};

const EN: FooterTexts = FooterTexts {
    about: "A glossary of LLM inference in English and German: why language models wait for memory while they \
            generate text. The figures in each entry’s worked examples are computed by the site’s roofline model.",
    owner: "Published by {owner}",
    licence: "Text licence: {licence}",
    source: "Source code",
    links: "Read on",
    machines: "The glossary as text for language models (llms.txt)",
};

/// The footer's texts in `lang`.
pub fn footer_texts(lang: Lang) -> &'static FooterTexts {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_placeholder_is_where_the_writer_fills_it_in() {
        for lang in Lang::ALL {
            let t = footer_texts(lang);
            assert!(
                t.owner.contains("{owner}") && t.licence.contains("{licence}"),
                "{lang:?}"
            );
            for fixed in [t.about, t.source, t.links, t.machines] {
                assert!(!fixed.contains('{'), "{lang:?}: {fixed}");
            }
        }
    }
}
