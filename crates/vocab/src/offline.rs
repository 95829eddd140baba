//! The texts of offline reading: the action "Save for offline reading" that the
//! pre-renderer writes into every page, and the note the service worker answers with
//! for a page it has not kept. Neither is shown by the app, so these texts stay out
//! of [`crate::i18n::Texts`] and out of the wasm: the page's own script
//! (`offline.js`) and the service worker (`sw.js`) read them.
//!
//! Placeholders in braces (`{done}`) are filled in by those scripts.

use crate::Lang;

/// The texts of offline reading in one language.
pub struct OfflineTexts {
    /// The line above the button: what the action is for.
    pub intro: &'static str,
    /// The button that starts the action.
    pub keep: &'static str,
    /// What the action will store, said before it fetches: `{pages}`.
    pub ask: &'static str,
    /// The button that starts the download, with its size: `{size}`.
    pub confirm: &'static str,
    /// The button that leaves the action.
    pub cancel: &'static str,
    /// The button's label while it works.
    pub busy: &'static str,
    /// Said once when the download starts: `{total}`, `{size}`.
    pub started: &'static str,
    /// The name of the progress bar.
    pub progress: &'static str,
    /// Every page is stored: `{total}`.
    pub done: &'static str,
    /// The state of a language whose pages are all on the device: `{total}`.
    pub saved: &'static str,
    /// The button that fetches a saved language again.
    pub update: &'static str,
    /// Some pages could not be fetched: `{failed}`, `{total}`.
    pub failed: &'static str,
    /// The list of pages or the service worker could not be had.
    pub unavailable: &'static str,
    /// The offline note's title.
    pub note_title: &'static str,
    /// The offline note's text.
    pub note_text: &'static str,
    /// The heading of the list of pages the device holds.
    pub note_held: &'static str,
    /// How to have every page: names the action.
    pub note_action: &'static str,
    /// The offline note's link to the language's index.
    pub note_index: &'static str,
    /// The offline note's link to the page it stands for, to load it once online.
    pub note_retry: &'static str,
}

const DE: OfflineTexts = OfflineTexts {
    intro: "Auch ohne Internetverbindung weiterlesen: Speichere alle deutschen Seiten auf diesem Gerät.",
    keep: "Glossar zum Offline-Lesen speichern",
    ask: "Das sind alle {pages} deutschen Seiten samt Rechnern.",
    confirm: "{size} speichern",
    cancel: "Abbrechen",
    busy: "Wird gespeichert …",
    started: "{total} Seiten, {size}",
    progress: "Gespeicherte Seiten",
    done: "Zum Offline-Lesen gespeichert: alle {total} deutschen Seiten. Sie öffnen sich auch ohne Internetverbindung.",
    saved: "Zum Offline-Lesen gespeichert: alle {total} deutschen Seiten.",
    update: "Gespeicherte Seiten aktualisieren",
    failed: "{failed} von {total} Seiten ließen sich nicht speichern. Versuch es mit Internetverbindung noch einmal.",
    unavailable: "Offline-Lesen ist gerade nicht möglich. Versuch es mit Internetverbindung noch einmal.",
    note_title: "Du bist offline",
    note_text:
        "Diese Seite ist nicht auf diesem Gerät gespeichert, und ohne Internetverbindung lässt sie sich nicht laden.",
    note_held: "Auf diesem Gerät gespeichert",
    note_action: concat!(
        "Um alle Seiten offline zu lesen, wähle mit Internetverbindung am Ende einer Seite ",
        "„Glossar zum Offline-Lesen speichern“."
    ),
    note_index: "Zur Übersicht",
    note_retry: "Erneut versuchen",
};

const EN: OfflineTexts = OfflineTexts {
    intro: "Keep reading without an internet connection: save every English page to this device.",
    keep: "Save the glossary for offline reading",
    ask: "That is all {pages} English pages, with their calculators.",
    confirm: "Save {size}",
    cancel: "Cancel",
    busy: "Saving…",
    started: "{total} pages, {size}",
    progress: "Pages saved",
    done: "Saved for offline reading: all {total} English pages. They open without an internet connection.",
    saved: "Saved for offline reading: all {total} English pages.",
    update: "Update saved pages",
    failed: "{failed} of {total} pages could not be saved. Try again when you are online.",
    unavailable: "Offline reading is not available right now. Try again when you are online.",
    note_title: "You are offline",
    note_text: "This page is not saved on this device, and without an internet connection it cannot be loaded.",
    note_held: "Saved on this device",
    note_action: concat!(
        "To read every page offline, choose “Save the glossary for offline reading” at the end of any ",
        "page while you are online."
    ),
    note_index: "Go to the index",
    note_retry: "Try again",
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
            [t.ask, t.confirm, t.started, t.done, t.saved, t.failed]
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
        assert_eq!(holes(offline_texts(Lang::En))[0], ["pages"]);
        assert_eq!(holes(offline_texts(Lang::En))[1], ["size"]);
    }
}
