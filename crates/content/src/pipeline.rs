//! The one way through the pipeline: a `content/` folder in, the site's data out,
//! with a report of what was wrong. The app's build script and every command of
//! xtask that reads content call [`build`], or [`build_presets`] for a build that
//! needs the presets alone (the release browser build, which an edited entry must
//! not rebuild).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Severity};
use crate::files;
use crate::llms::{self, MachineFile};
use crate::site::{self, NotYetWritten, Site};

/// What the site is built from `content/`.
pub struct Bundle {
    /// The presets, which every build of the app carries.
    pub presets: vocab::wire::Presets,
    /// Every data file (indexes, entries, prose), each named by its content; empty
    /// when the report has errors.
    pub data: vocab::wire::Bundle,
    /// The checked site, for the files for machines.
    site: Site,
    /// The folder holding `content/`, where an entry's source is read again.
    root: PathBuf,
    /// The base path the site is served under.
    base: String,
}

impl Bundle {
    /// The glossary for machines (`llms.txt`, each entry's Markdown, each language's
    /// `llms-full.txt`) of the site published at `origin` (`https://owner.github.io`).
    pub fn machine_files(&self, origin: &str) -> Vec<MachineFile> {
        let site_url = format!("{}{}", origin.trim_end_matches('/'), self.base);
        let source = |e: &site::Entry| std::fs::read_to_string(self.root.join(&e.path)).ok();
        llms::machine_files(&self.site, &site_url, &source)
    }
}

/// What was wrong with the content, and what was read.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Errors and warnings, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Related terms without an entry.
    pub not_yet_written: Vec<NotYetWritten>,
    /// Entries read, both languages together.
    pub entries: usize,
    /// Every file and folder read, for a build script's change tracking.
    pub read: Vec<PathBuf>,
}

impl Report {
    /// The report on a loaded site.
    pub fn of(site: &Site) -> Report {
        Report {
            diagnostics: site.diagnostics.clone(),
            not_yet_written: site.not_yet_written.clone(),
            entries: site.entries.len(),
            read: site.files.clone(),
        }
    }

    /// Whether any diagnostic is an error: then nothing is published.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }
}

/// Every diagnostic, then the related terms that have no entry yet, then the counts:
/// what `cargo xtask check-content` prints.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}")?;
        }
        if !self.not_yet_written.is_empty() {
            writeln!(f, "not yet written (named as related terms, no entry exists):")?;
            for n in &self.not_yet_written {
                writeln!(f, "  {}: {} (named by {})", n.lang, n.term, n.named_by.join(", "))?;
            }
        }
        let errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let warnings = self.diagnostics.len() - errors;
        writeln!(f, "{} entries, {errors} errors, {warnings} warnings", self.entries)
    }
}

/// Reads, checks and renders `root/content` (`root` is the project folder, or one
/// holding another `content/` such as the corpus) for a site served below `base`.
pub fn build(root: &Path, base: &str) -> (Bundle, Report) {
    let base = site::normalise_base(base);
    let site = site::load(root, &base);
    let report = Report::of(&site);
    let data = if report.has_errors() {
        vocab::wire::Bundle::default()
    } else {
        files::bundle(&site)
    };
    let bundle = Bundle {
        presets: files::presets(&site.presets),
        data,
        site,
        root: root.to_path_buf(),
        base,
    };
    (bundle, report)
}

/// The presets of `root/content` alone, checked.
pub fn build_presets(root: &Path) -> (vocab::wire::Presets, Report) {
    let (presets, diagnostics, read) = site::load_presets_only(root);
    let report = Report {
        diagnostics,
        read,
        ..Report::default()
    };
    (files::presets(&presets), report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn the_build_carries_every_entry_and_the_presets() {
        let (bundle, report) = build(&project(), "glossary");
        assert!(!report.has_errors(), "{report}");
        assert_eq!(report.entries, bundle.site.entries.len());
        assert!(report.read.iter().any(|p| p.ends_with("models.yaml")));
        assert_eq!(bundle.data.indexes.len(), vocab::Lang::ALL.len());
        assert!(!bundle.presets.models.is_empty() && !bundle.presets.hardware.is_empty());
        // The base path is normalised once, here, for every caller.
        let llms = bundle.machine_files("https://owner.github.io/");
        let index = llms.iter().find(|f| f.path == "llms.txt").expect("llms.txt");
        assert!(
            index.text.contains("(https://owner.github.io/glossary/en/"),
            "{}",
            index.text
        );
    }

    #[test]
    fn content_with_errors_gives_a_report_and_no_data() {
        let dir = std::env::temp_dir().join(format!("content-pipeline-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("content")).expect("temp dir");
        let (bundle, report) = build(&dir, "/");
        std::fs::remove_dir_all(&dir).expect("temp dir");
        assert!(report.has_errors());
        assert!(bundle.data.files.is_empty());
        assert!(
            report.to_string().ends_with("0 entries, 3 errors, 0 warnings\n"),
            "{report}"
        );
    }

    #[test]
    fn the_presets_alone_are_the_presets_of_the_whole_build() {
        let (presets, report) = build_presets(&project());
        assert!(!report.has_errors(), "{report}");
        assert_eq!(presets, build(&project(), "/").0.presets);
        assert_eq!(report.read.len(), 2, "{:?}", report.read);
    }
}
