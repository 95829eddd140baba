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
    /// Said once when the download starts: `{total}`.
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
}

const DE: OfflineTexts = OfflineTexts {
    intro: "Ohne Internetverbindung weiterlesen: Alle deutschen Seiten lassen sich auf diesem Gerät speichern.",
    keep: "Glossar für Offline-Lesen speichern",
    ask: "Gespeichert werden {pages} Seiten auf Deutsch, mit ihren Rechnern.",
    confirm: "{size} speichern",
    cancel: "Abbrechen",
    busy: "Wird gespeichert …",
    started: "{total} Seiten werden gespeichert …",
    progress: "Gespeicherte Seiten",
    done: "Alle {total} Seiten sind auf diesem Gerät gespeichert und öffnen sich auch ohne Internetverbindung.",
    saved: "Für Offline-Lesen gespeichert: alle {total} Seiten auf Deutsch.",
    update: "Gespeicherte Seiten aktualisieren",
    failed: "{failed} von {total} Seiten ließen sich nicht speichern. Bitte mit Internetverbindung erneut versuchen.",
    unavailable: "Offline-Lesen ist gerade nicht möglich. Bitte mit Internetverbindung erneut versuchen.",
    note_title: "Offline",
    note_text:
        "Diese Seite ist nicht auf diesem Gerät gespeichert, und ohne Internetverbindung lässt sie sich nicht laden.",
    note_held: "Auf diesem Gerät gespeichert",
    note_action: concat!(
        "Um alle Seiten offline zu lesen, wähle bei bestehender Verbindung am Ende einer Seite ",
        "„Glossar für Offline-Lesen speichern“."
    ),
    note_index: "Zum Index",
};

const EN: OfflineTexts = OfflineTexts {
    intro: "Keep reading without an internet connection: every English page can be saved on this device.",
    keep: "Save for offline reading",
    ask: "This saves {pages} English pages with their calculators.",
    confirm: "Save {size}",
    cancel: "Cancel",
    busy: "Saving…",
    started: "Saving {total} pages…",
    progress: "Pages saved",
    done: "All {total} pages are saved on this device and open without an internet connection.",
    saved: "Saved for offline reading: all {total} English pages.",
    update: "Update saved pages",
    failed: "{failed} of {total} pages could not be saved. Try again when you are online.",
    unavailable: "Offline reading is not available right now. Try again when you are online.",
    note_title: "Offline",
    note_text: "This page is not saved on this device, and without an internet connection it cannot be loaded.",
    note_held: "Saved on this device",
    note_action:
        "To read every page offline, choose “Save for offline reading” at the end of any page while you are online.",
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
