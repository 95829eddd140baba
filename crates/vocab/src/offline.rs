//! The texts of offline reading: the action "Keep this glossary offline" that the
//! pre-renderer writes into every page, and the note the service worker answers with
//! for a page it has not kept. Neither is shown by the app, so these texts stay out
//! of [`crate::i18n::Texts`] and out of the wasm: the page's own script
//! (`offline.js`) and the service worker (`sw.js`) read them.
//!
//! Placeholders in braces (`{done}`) are filled in by those scripts.

use crate::Lang;

/// The texts of offline reading in one language.
pub struct OfflineTexts {
    /// The button that starts the action.
    pub keep: &'static str,
    /// What the action will fetch, said before it fetches: `{pages}`, `{size}`.
    pub ask: &'static str,
    /// The button that starts the download once the size is known.
    pub confirm: &'static str,
    /// The button that leaves the action.
    pub cancel: &'static str,
    /// Progress: `{done}`, `{total}`.
    pub progress: &'static str,
    /// Every page is kept: `{total}`.
    pub done: &'static str,
    /// Some pages could not be fetched: `{failed}`, `{total}`.
    pub failed: &'static str,
    /// The list of pages or the service worker could not be had.
    pub unavailable: &'static str,
    /// The offline note's title.
    pub note_title: &'static str,
    /// The offline note's text.
    pub note_text: &'static str,
    /// The offline note's link to the language's index.
    pub note_index: &'static str,
}

const DE: OfflineTexts = OfflineTexts {
    keep: "Dieses Glossar offline behalten",
    ask: "{pages} Seiten auf Deutsch, zusammen {size}, werden auf diesem Gerät gespeichert.",
    confirm: "Herunterladen",
    cancel: "Abbrechen",
    progress: "{done} von {total} Seiten",
    done: "Alle {total} Seiten sind auf diesem Gerät gespeichert und öffnen sich ohne Netz.",
    failed: "{failed} von {total} Seiten konnten nicht geladen werden. Mit Netz noch einmal versuchen.",
    unavailable: "Offline-Lesen ist gerade nicht möglich. Mit Netz noch einmal versuchen.",
    note_title: "Offline",
    note_text: concat!(
        "Diese Seite ist nicht auf diesem Gerät gespeichert, und es gibt kein Netz, um sie zu laden. ",
        "Seiten, die Sie schon geöffnet haben, öffnen sich auch offline."
    ),
    note_index: "Zum Index",
};

const EN: OfflineTexts = OfflineTexts {
    keep: "Keep this glossary offline",
    ask: "{pages} pages in English, {size} in all, will be stored on this device.",
    confirm: "Download",
    cancel: "Cancel",
    progress: "{done} of {total} pages",
    done: "All {total} pages are stored on this device and open without a network.",
    failed: "{failed} of {total} pages could not be fetched. Try again when you are online.",
    unavailable: "Offline reading is not available right now. Try again when you are online.",
    note_title: "Offline",
    note_text: concat!(
        "This page is not stored on this device, and there is no network to fetch it. ",
        "Pages you have opened before open offline too."
    ),
    note_index: "Go to the index",
};

/// The texts of offline reading for `lang`.
pub fn offline_texts(lang: Lang) -> &'static OfflineTexts {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each language fills the same placeholders, so that the scripts need no
    /// language of their own.
    #[test]
    fn both_languages_have_the_same_placeholders() {
        let holes = |t: &OfflineTexts| -> Vec<Vec<&str>> {
            [t.ask, t.progress, t.done, t.failed]
                .iter()
                .map(|s| {
                    let mut found: Vec<&str> = s
                        .split('{')
                        .skip(1)
                        .filter_map(|p| p.split_once('}').map(|(name, _)| name))
                        .collect();
                    found.sort_unstable();
                    found
                })
                .collect()
        };
        assert_eq!(holes(offline_texts(Lang::De)), holes(offline_texts(Lang::En)));
        assert_eq!(holes(offline_texts(Lang::En))[0], ["pages", "size"]);
    }
}
