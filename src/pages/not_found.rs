//! The page for unknown languages and slugs.

use vocab::i18n::texts;
use vocab::markup::build;
use vocab::names;

use crate::components::head::use_head;
use crate::components::header::{site_header, LanguageTarget};
use crate::data::Lang;
use crate::urls;
use crate::view::Builder;

/// "Page not found", in `lang` where known, in both languages otherwise.
pub fn not_found(b: &mut Builder, lang: Option<Lang>) {
    let langs: Vec<Lang> = match lang {
        Some(l) => vec![l],
        None => vec![Lang::En, Lang::De],
    };
    let title = langs
        .iter()
        .map(|l| texts(*l).not_found_title)
        .collect::<Vec<_>>()
        .join(" · ");
    let main_lang = langs[0];
    use_head(title, main_lang);
    let html = build(|h| {
        for l in langs {
            let t = texts(l);
            h.el("section", &[("lang", Some(l.code()))], |h| {
                h.el_text("h1", &[], t.not_found_title);
                h.el_text("p", &[], t.not_found_text);
                h.el("p", &[], |h| {
                    h.el_text("a", &[("href", Some(&urls::index(l)))], t.back_to_index);
                });
            });
        }
    });
    // A page of a known language leads to the other language's index.
    site_header(b, main_lang, lang.map(|_| LanguageTarget::Index));
    let main = [
        ("id", Some(names::MAIN)),
        ("tabindex", Some("-1")),
        ("class", Some("not-found")),
    ];
    b.el_html("main", &main, &html);
}
