//! The glossary's shared vocabulary: what the build (`crates/content`, the
//! pre-renderer) and the browser app both know, defined once.
//!
//! - [`Lang`]: the site's languages;
//! - [`Chart`]: the calculator's chart kinds; [`Control`]: its form's controls;
//! - [`fold`]: the one rule for matching names (related terms, links, search);
//! - [`markup::Html`]: markup that escapes by construction, and [`names`], the class
//!   and attribute names that Rust writes and reads;
//! - [`i18n`]: every interface text; [`offline`]: those of offline reading, which
//!   the app never shows;
//! - [`wire`]: the data files the build writes and the app reads (index, entries,
//!   presets), with their encoding.

pub mod fold;
pub mod footer;
pub mod i18n;
pub mod markup;
pub mod names;
pub mod offline;
pub mod urls;
pub mod wire;

pub use fold::{collation_key, fold};

use ::wire::Decode;
use serde::Serialize;

/// A language of the site.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Decode)]
pub enum Lang {
    /// German.
    De,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Every language, in display order.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// `de` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language for a code, if the site has it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The other language.
    pub fn other(self) -> Lang {
        match self {
            Lang::De => Lang::En,
            Lang::En => Lang::De,
        }
    }

    /// Number formatting for this language.
    pub fn locale(self) -> roofline::Locale {
        match self {
            Lang::De => roofline::Locale::De,
            Lang::En => roofline::Locale::En,
        }
    }
}

/// A chart of a calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Decode)]
pub enum Chart {
    /// Log-log roofline.
    Roofline,
    /// Tokens/s against batch size.
    Batch,
    /// Requests that fit against context length.
    Capacity,
}

impl Chart {
    /// Every chart, in display order.
    pub const ALL: [Chart; 3] = [Chart::Roofline, Chart::Batch, Chart::Capacity];

    /// The name content files and the page use: `roofline`, `batch`, `capacity`.
    pub fn id(self) -> &'static str {
        match self {
            Chart::Roofline => "roofline",
            Chart::Batch => "batch",
            Chart::Capacity => "capacity",
        }
    }

    /// The chart a name stands for.
    pub fn from_id(id: &str) -> Option<Chart> {
        Chart::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// A control of a calculator's form. A block names the few its entry is about
/// (`inputs:`); the form shows those first and the others behind "More inputs".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Decode)]
pub enum Control {
    /// The model preset (and a model of the reader's own).
    Model,
    /// The device preset.
    Hardware,
    /// The weights' data type.
    Weights,
    /// The KV cache's data type.
    Kv,
    /// A number field: one of [`Control::FIGURES`].
    Figure(roofline::Field),
}

impl Control {
    /// The controls a block shows first unless it names its own.
    pub const DEFAULT: [Control; 4] = [
        Control::Model,
        Control::Hardware,
        Control::Figure(roofline::Field::Batch),
        Control::Figure(roofline::Field::Context),
    ];

    /// The most a block names: the form above "More inputs" fits a phone's screen.
    pub const MAX_FIRST: usize = 4;

    /// The choices, by name.
    const CHOICES: [Control; 4] = [Control::Model, Control::Hardware, Control::Weights, Control::Kv];

    /// The inputs the form has a number field for, in the form's order: the
    /// workload's, speculative decoding's and the device's (the share of memory kept
    /// free and the tokens generated are the blocks' to set, not the reader's).
    pub const FIGURES: [&'static roofline::inputs::Input; 10] = {
        use roofline::inputs::*;
        [
            &BATCH,
            &CONTEXT,
            &PROMPT,
            &DRAFT_TOKENS,
            &ACCEPTANCE,
            &DRAFT_PARAMS,
            &MEMORY,
            &BANDWIDTH,
            &PEAK,
            &DEVICES,
        ]
    };

    /// The name content files use: `model`, `hardware`, `weights`, `kv`, or the key
    /// of the figure (`batch`, `bandwidth_gb_s`).
    pub fn id(self) -> &'static str {
        match self {
            Control::Model => "model",
            Control::Hardware => "hardware",
            Control::Weights => "weights",
            Control::Kv => "kv",
            Control::Figure(f) => roofline::inputs::of(f).map_or(f.id(), |i| i.key),
        }
    }

    /// The control a name stands for.
    pub fn from_id(id: &str) -> Option<Control> {
        Control::CHOICES.into_iter().find(|c| c.id() == id).or_else(|| {
            Control::FIGURES
                .iter()
                .find(|i| i.key == id)
                .map(|i| Control::Figure(i.field))
        })
    }

    /// Every name a content file may write, in the form's order.
    pub fn ids() -> impl Iterator<Item = &'static str> + Clone {
        Control::CHOICES
            .into_iter()
            .map(Control::id)
            .chain(Control::FIGURES.iter().map(|i| i.key))
    }
}

/// An entry of one language's index: its position there. Search results, previews
/// and navigation name entries by it; it is valid for the index it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Decode)]
pub struct EntryId {
    /// The index's language.
    pub lang: Lang,
    /// Position in [`wire::Index::entries`].
    pub pos: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_round_trip() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
            assert_eq!(l.other().other(), l);
        }
        assert_eq!(Lang::from_code("fr"), None);
        for c in Chart::ALL {
            assert_eq!(Chart::from_id(c.id()), Some(c));
        }
        assert_eq!(Chart::from_id("pie"), None);
        for id in Control::ids() {
            assert_eq!(Control::from_id(id).map(Control::id), Some(id));
        }
        assert_eq!(Control::ids().count(), 14);
        assert_eq!(
            Control::from_id("bandwidth_gb_s"),
            Some(Control::Figure(roofline::Field::Bandwidth))
        );
        // The share kept free is the block's, not the reader's.
        assert_eq!(Control::from_id("reserve"), None);
        assert!(Control::DEFAULT.len() <= Control::MAX_FIRST);
    }
}
