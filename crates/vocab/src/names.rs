//! Class, attribute, id and meta names that one side writes and another reads:
//! the content pipeline writes the prose, the pre-renderer the page, the app and
//! its styles read both. Written once here, so that no selector is shared by
//! convention.

/// Class of a link to another entry (prose, related terms); the app carries the
/// calculator's state into such links and shows a preview of their target.
pub const XREF: &str = "xref";
/// Class of a related term that has no entry yet.
pub const MISSING_TERM: &str = "missing-term";
/// Id of the hidden note "not yet written" that missing terms are described by.
pub const MISSING_NOTE_ID: &str = "not-yet-written";
/// Class of an inline value's span in the prose.
pub const INLINE_VALUE: &str = "rv";
/// Class of an entry's contents list (beside the text and behind the phone's
/// disclosure): the waking script marks the link of the section in view
/// (`aria-current`), before the app and after.
pub const CONTENTS_LIST: &str = "contents-list";
/// Id of an entry's sources heading, which the contents list last, and class of their section.
pub const SOURCES: &str = "sources";
/// Class of the line before an entry's first live figure that shows their style.
pub const LIVE_LEGEND: &str = "rv-legend";
/// Class of that line's sample of the style.
pub const LIVE_SAMPLE: &str = "rv-sample";
/// Class of the list the related-terms section's names are written as, when its
/// paragraph holds nothing else.
pub const RELATED_LIST: &str = "related-list";
/// Class of an inline value whose sentence pins its case (it does not follow the
/// calculator's model or device).
pub const PINNED_VALUE: &str = "pinned";
/// Attribute of an inline value's span: its position in the entry's inline values.
pub const INLINE_VALUE_ATTR: &str = "data-rv";
/// Attribute of an inline value the reader's change has just moved: `a` or `b`,
/// switched at each change so that its highlight starts again.
pub const FLASH_ATTR: &str = "data-flash";
/// Class of the link a section heading has to itself.
pub const HEADING_ANCHOR: &str = "heading-anchor";
/// Attribute keeping a cross-reference's own address while the app adds the
/// calculator's state to `href`.
pub const XREF_BASE_ATTR: &str = "data-href";
/// Attribute on `<body>` of a page the pre-renderer wrote.
pub const PRERENDERED: &str = "data-prerendered";
/// Attribute on `<body>` once the app has taken the page over.
pub const LIVE: &str = "data-live";
/// `<meta name>` of an entry page: the path of the entry's data file.
pub const META_ENTRY: &str = "glossary-entry";
/// `<meta name>` of every page: the config reader's worker, below the base (the
/// calculator starts it when a reader first pastes a config).
pub const META_CONFIG_READER: &str = "glossary-config-reader";
/// `<meta name>` prefix of every page: `glossary-index-de`, `glossary-index-en`, the
/// paths of the languages' index files.
pub const META_INDEX: &str = "glossary-index-";
/// The service worker of offline reading, in the site's root: the page writer
/// names it in the policy, the offline script registers it, the size report
/// counts it apart.
pub const WORKER_FILE: &str = "sw.js";
/// Class of `<html>` once scripts run (the theme script sets it first thing): the
/// styles hide what only works with them, and show it then.
pub const SCRIPTED: &str = "scripted";
/// Attribute of `<html>` naming the reader's colour scheme (one of [`THEMES`]); the
/// system's when absent.
pub const THEME_ATTR: &str = "data-theme";
/// `localStorage` key of the reader's colour scheme.
pub const THEME_KEY: &str = "theme";
/// The colour schemes a reader can choose, in the order the theme button walks them
/// after the system's.
pub const THEMES: [&str; 2] = ["dark", "light"];
/// Class of the theme button, which the waking script serves before the app is live.
pub const THEME_TOGGLE: &str = "theme-toggle";
/// Attribute on `<html>` while the reader holds a pointer down on a page the app has
/// not taken over yet: the app waits for the release, so that the press ends in its
/// click on the element it began on.
pub const PRESSED: &str = "data-pressed";
/// Attribute on a disclosure (`<details>`) the reader opened or closed before the app
/// was live: the app keeps the reader's choice for it, and its own for the others
/// (a shared link may open one the page was written with closed).
pub const TOGGLED: &str = "data-toggled";
/// Class of `<html>` once a jump within the page asked for the whole text to be laid
/// out (before the app, text out of view is not).
pub const LAID_OUT: &str = "whole";
/// Attribute of `<html>` set to `off` when the app could not be started.
pub const APP_STATE: &str = "data-app";
/// Class of the site's footer, after the app's markup on every page: what the site
/// is, who publishes it, and the action of offline reading.
pub const SITE_FOOTER: &str = "site-footer";
/// Class of a language's block of what the site is, in the site's footer.
pub const SITE_ABOUT: &str = "site-about";
/// Class of the action of offline reading, in the site's footer.
pub const OFFLINE: &str = "offline";
/// Class of a language's block in that action.
pub const OFFLINE_ACTION: &str = "offline-action";
/// Class of a block whose language is kept on this device.
pub const OFFLINE_SAVED: &str = "saved";
/// Class of the service worker's note for a page it does not hold.
pub const OFFLINE_NOTE: &str = "offline-note";
/// The service worker of offline reading, in the site's root: the page writer
/// names it in the policy, the offline script registers it, the size report
/// counts it apart.: prose, sources.
pub const EXTERNAL_REL: &str = "noopener noreferrer";
/// Separates the segments of a prose file. Sanitised prose never holds a comment.
pub const PROSE_SEPARATOR: &str = "<!--segment-->\n";

/// The `<meta name>` of a language's index file.
pub fn meta_index(lang: crate::Lang) -> String {
    format!("{META_INDEX}{}", lang.code())
}

/// The id of a calculator's control: `calc{uid}-{name}`.
pub fn control_id(uid: usize, name: &str) -> String {
    format!("{CONTROL_PREFIX}{uid}-{name}")
}

/// The key of calculator `uid`'s static chart: `c{uid}-{chart}`, the value of
/// [`STATIC_CHART_ATTR`] on the box the pre-renderer fills.
pub fn chart_key(uid: usize, chart: &str) -> String {
    format!("c{uid}-{chart}")
}

/// The start of a calculator control's id (see [`control_id`]).
pub const CONTROL_PREFIX: &str = "calc";
/// Class of a calculator.
pub const CALCULATOR: &str = "calculator";
/// Class of the box a static chart goes into, and its attribute naming the chart.
pub const STATIC_CHART: &str = "chart-static";
/// Attribute of a static chart's box: the chart's key ([`chart_key`]).
pub const STATIC_CHART_ATTR: &str = "data-static";
/// Id of every page's `<main>`, where the focus moves after a navigation.
pub const MAIN: &str = "main";
/// Class of a segment of an entry's prose.
pub const PROSE: &str = "prose";
/// Id (and class) of the link preview's tooltip.
pub const XREF_PREVIEW: &str = "xref-preview";

// The index page (`src/pages/index.rs`).

/// Id of the heading above the list of every term; the reading path's end links to it.
pub const ALL_TERMS: &str = "all-terms";
/// Class of a letter's section in the index.
pub const LETTER_GROUP: &str = "letter-group";
/// Start of a letter section's id (`group-A`), the letter bar's link target.
pub const GROUP_PREFIX: &str = "group-";
/// Start of a letter heading's id (`letter-A`), where the letter bar moves the focus.
pub const LETTER_PREFIX: &str = "letter-";
/// Attribute of a letter bar's link: its letter.
pub const LETTER_ATTR: &str = "data-letter";
/// Attribute of an index item: its category.
pub const CATEGORY_ATTR: &str = "data-category";
/// Attribute of an index item: its type.
pub const MARKER_ATTR: &str = "data-marker";
/// Class of the index's count of entries shown.
pub const INDEX_COUNT: &str = "count";
/// Class of the button that clears the index's filters.
pub const FILTER_RESET: &str = "filter-reset";
/// Class of the index's note that no entry matches the filters.
pub const NO_MATCH: &str = "no-match";
/// Id of the category filter.
pub const FILTER_CATEGORY: &str = "filter-category";
/// Id of the type filter.
pub const FILTER_MARKER: &str = "filter-marker";

// The search box (`src/components/search.rs`): its markup and the code that reads it.

/// Id of the search field.
pub const SEARCH_INPUT: &str = "search-input";
/// Id of the panel under the field.
pub const SEARCH_PANEL: &str = "search-panel";
/// Id of the status line (hint, count, nothing found).
pub const SEARCH_STATUS: &str = "search-status";
/// Id of the list of results.
pub const SEARCH_RESULTS: &str = "search-results";
/// Start of a search result's id (`search-option-0`), the field's active descendant.
pub const SEARCH_OPTION: &str = "search-option-";

/// The colour scheme after `current` in the theme button's walk: the system's
/// (`None`), then each of [`THEMES`], then the system's again.
pub fn next_theme(current: Option<&str>) -> Option<&'static str> {
    match current.and_then(|c| THEMES.iter().position(|t| *t == c)) {
        None => THEMES.first().copied(),
        Some(i) => THEMES.get(i + 1).copied(),
    }
}

// Ids.

/// Id of the landing picture's caption, which names the picture.
pub const PICTURE_CAPTION: &str = "picture-caption";
/// Id of the reading path's heading on the landing page.
pub const PATH_HEADING: &str = "path-heading";
/// Prefix of an id in an entry's content that is not a section's words, or that
/// would be one of the site's own ([`is_site_id`]); the sections' ids had it too
/// before they were given as written, and addresses with it still find them.
pub const CONTENT_ID_PREFIX: &str = "user-content-";

/// Every id the site's own markup gives, and the starts of those it numbers or
/// names after something (`calc0-batch`, `group-A`, `search-option-3`). No id of an
/// entry's content may be one: the sanitiser prefixes it ([`CONTENT_ID_PREFIX`]).
pub const SITE_IDS: &[&str] = &[
    MAIN,
    SOURCES,
    MISSING_NOTE_ID,
    XREF_PREVIEW,
    ALL_TERMS,
    FILTER_CATEGORY,
    FILTER_MARKER,
    SEARCH_INPUT,
    SEARCH_PANEL,
    SEARCH_STATUS,
    SEARCH_RESULTS,
    PICTURE_CAPTION,
    PATH_HEADING,
];
/// The starts of the ids the site numbers or names after something.
pub const SITE_ID_PREFIXES: &[&str] = &[CONTROL_PREFIX, GROUP_PREFIX, LETTER_PREFIX, SEARCH_OPTION];

/// Whether `id` is, or may be, one of the site's own ids.
pub fn is_site_id(id: &str) -> bool {
    SITE_IDS.contains(&id) || SITE_ID_PREFIXES.iter().any(|p| id.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::next_theme;

    #[test]
    fn the_theme_button_walks_system_dark_light() {
        assert_eq!(next_theme(None), Some("dark"));
        assert_eq!(next_theme(Some("dark")), Some("light"));
        assert_eq!(next_theme(Some("light")), None);
        assert_eq!(next_theme(Some("sepia")), Some("dark"));
    }
}
