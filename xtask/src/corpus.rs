//! `cargo xtask corpus`: a generated glossary of many entries per language (2,000 by
//! default), to check that the build, search and the index stay fast at the size the
//! owner's glossary will reach, and that the wasm does not depend on the content.
//! Entries read like real ones in size and shape: several hundred words of prose with
//! umlauts, links to other entries, inline math, related terms, variants, and a
//! calculator with live values in every tenth. It is written under `target/`, built
//! into its own dist, and never published.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::dist::{self, Build, TEST_BASE_PATH, TEST_ORIGIN};
use crate::e2e::{self, Budgets, Corpus};
use crate::process::say;
use crate::workspace::root;
use crate::{files, setup};

/// Generated entries per language in the corpus, by default.
pub const ENTRIES: usize = 2000;

/// `cargo xtask corpus`: builds the corpus of `n` generated entries per language and
/// holds its timings to their budgets.
pub fn command(n: usize, playwright_args: &[OsString]) -> Result<()> {
    setup::everything()?;
    let (corpus, _) = build(n)?;
    e2e::timings(&dist(), corpus, Budgets::Held, playwright_args).map(drop)
}

/// Where the corpus is built.
pub fn dist() -> PathBuf {
    root().join("target/corpus/dist")
}

/// Generates the corpus (`n` entries per language beside the site's own) under
/// target/corpus and builds it into target/corpus/dist.
pub fn build(n: usize) -> Result<(Corpus, Build)> {
    let dir = root().join("target/corpus");
    let per_lang = write(&root(), &dir, n)?;
    say(&format!("{per_lang} entries per language in {}", dir.display()));
    let build = dist::build(&dist(), TEST_BASE_PATH, TEST_ORIGIN, &dir)?;
    Ok((Corpus { per_lang, generated: n }, build))
}

/// The wasm file of a dist folder.
fn wasm_of(dist: &Path) -> Result<Vec<u8>> {
    let path = files::list(dist)?
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "wasm"))
        .with_context(|| format!("{} has no wasm", dist.display()))?;
    files::read(&path)
}

/// The content is data: the site with its own entries and the corpus with thousands
/// more must ship the same wasm, byte for byte (the app's, and the config reader's
/// module).
pub fn same_wasm(site: &Path, corpus: &Path) -> Result<()> {
    let (a, b) = (wasm_of(site)?, wasm_of(corpus)?);
    if a != b {
        bail!(
            "the wasm changed with the content ({} bytes for the site, {} for the corpus): \
             something per entry is compiled into the browser bundle",
            a.len(),
            b.len()
        );
    }
    let folder = crate::config_reader::FOLDER;
    if wasm_of(&site.join(folder))? != wasm_of(&corpus.join(folder))? {
        bail!("the config reader's module changed with the content");
    }
    say(&format!(
        "the wasm does not depend on the content: {} bytes in both builds",
        a.len()
    ));
    Ok(())
}

const DE_FIRST: [&str; 20] = [
    "Speicher",
    "Rechen",
    "Token",
    "Kontext",
    "Schicht",
    "Gewichts",
    "Anfrage",
    "Über",
    "Größen",
    "Zwischen",
    "Aufmerksamkeits",
    "Gruppen",
    "Daten",
    "Lade",
    "Ausgabe",
    "Eingabe",
    "Präzisions",
    "Bündel",
    "Fluss",
    "Wärme",
];
const DE_SECOND: [&str; 25] = [
    "bandbreite",
    "last",
    "grenze",
    "rate",
    "größe",
    "zeit",
    "fenster",
    "dichte",
    "tiefe",
    "breite",
    "menge",
    "stufe",
    "kette",
    "tabelle",
    "planung",
    "prüfung",
    "kosten",
    "verteilung",
    "ordnung",
    "quote",
    "spitze",
    "lücke",
    "übertragung",
    "schätzung",
    "regel",
];
const EN_FIRST: [&str; 20] = [
    "Memory",
    "Compute",
    "Token",
    "Context",
    "Layer",
    "Weight",
    "Request",
    "Cache",
    "Batch",
    "Prefill",
    "Attention",
    "Group",
    "Data",
    "Load",
    "Output",
    "Input",
    "Precision",
    "Bundle",
    "Flow",
    "Thermal",
];
const EN_SECOND: [&str; 25] = [
    "bandwidth",
    "load",
    "limit",
    "rate",
    "size",
    "time",
    "window",
    "density",
    "depth",
    "width",
    "volume",
    "stage",
    "chain",
    "table",
    "schedule",
    "check",
    "cost",
    "spread",
    "order",
    "ratio",
    "peak",
    "gap",
    "transfer",
    "estimate",
    "rule",
];
const CATEGORIES: [(&str, &str, &str, &str); 5] = [
    (
        "hardware-und-infrastruktur",
        "Hardware und Infrastruktur",
        "hardware-and-infrastructure",
        "Hardware and infrastructure",
    ),
    (
        "modellarchitektur",
        "Modellarchitektur",
        "model-architecture",
        "Model architecture",
    ),
    (
        "inferenzoptimierung",
        "Inferenzoptimierung",
        "inference-optimisation",
        "Inference optimization",
    ),
    ("messgroessen", "Messgrößen", "metrics", "Metrics"),
    ("grundlagen", "Grundlagen", "foundations", "Foundations"),
];
const DE_MARKERS: [&str; 4] = ["Technik", "Begriff", "Metrik", "Hardware"];
const EN_MARKERS: [&str; 4] = ["Technique", "Term", "Metric", "Hardware"];

/// A URL slug for a term, as the content pipeline suggests them: lower case,
/// umlauts spelled out, words joined by `-`.
fn slug(term: &str) -> String {
    content::frontmatter::slugify(term)
}

/// Qualifiers that multiply the 500 word pairs to 2,000 distinct terms.
const DE_QUALIFIER: [&str; 4] = ["", "Roh", "Netto", "Teil"];
const EN_QUALIFIER: [&str; 4] = ["", "Raw ", "Net ", "Partial "];

/// The term of entry `i` in one language: distinct for every `i` (beyond 2,000 with
/// a number). Every 47th starts with a digit, so that the index has a `#` group in
/// every category.
fn base_term(lang: &str, i: usize) -> String {
    let (first, second, qualifiers): (&[&str], &[&str], &[&str]) = match lang {
        "de" => (&DE_FIRST, &DE_SECOND, &DE_QUALIFIER),
        _ => (&EN_FIRST, &EN_SECOND, &EN_QUALIFIER),
    };
    let pairs = first.len() * second.len();
    let qualifier = qualifiers[(i / pairs) % qualifiers.len()];
    let pair = format!("{}{}", first[i % first.len()], second[(i / first.len()) % second.len()]);
    // German compounds: „Rohspeicherbandbreite“.
    let mut word = if lang == "de" && !qualifier.is_empty() {
        format!("{qualifier}{}", pair.to_lowercase())
    } else {
        format!("{qualifier}{pair}")
    };
    let round = i / (pairs * qualifiers.len());
    if round > 0 {
        word = format!("{word} {}", round + 1);
    }
    if i.is_multiple_of(47) {
        format!("{}-Bit-{word}", 2 + i / 47)
    } else {
        word
    }
}

/// The generated terms, kept apart from the site's own entries: a generated term
/// whose slug an entry of the site already has ("Kontextfenster") gets "Korpus"
/// added, everywhere it is named.
struct Terms {
    /// Slugs of the site's own entries.
    reserved: Vec<String>,
}

impl Terms {
    fn term(&self, lang: &str, i: usize) -> String {
        let t = base_term(lang, i);
        if self.reserved.contains(&slug(&t)) {
            format!("{t} Korpus")
        } else {
            t
        }
    }
}

/// Sentences of the prose: ordinary glossary German and English, with umlauts.
const DE_SENTENCES: [&str; 8] = [
    "Beim Decoding liest die GPU für jedes Token alle Gewichte einmal aus dem Speicher, \
     und genau das bestimmt hier das Tempo.",
    "Wer die Größe ändert, verschiebt das Verhältnis von Rechenarbeit zu übertragenen Bytes \
     und damit die Lage gegenüber dem Knickpunkt.",
    "Häufig wird übersehen, dass Kapazität und Übertragungsrate zwei verschiedene Dinge sind: \
     Die eine sagt, was passt, die andere, wie schnell es fließt.",
    "Für Anfragen mit langem Kontext wächst der KV-Cache linear mit der Zahl der Tokens, \
     während die Gewichte gleich bleiben.",
    "Größere Batches verteilen das Lesen der Gewichte auf mehr Anfragen; \
     ab einem Punkt übernimmt die Rechenleistung die Führung.",
    "Die Messung in der Praxis liegt meist unter dem Datenblattwert, \
     weil weder Speicher noch Recheneinheiten voll ausgelastet sind.",
    "Quantisierung verkleinert die Bytes pro Gewicht und hilft dort am meisten, wo das Übertragen die Zeit bestimmt.",
    "Ein Überblick über verwandte Begriffe hilft, die Zusammenhänge zwischen Prefill, Decoding und Kapazität zu sehen.",
];
const EN_SENTENCES: [&str; 8] = [
    "During decoding the GPU reads every weight once per token, and that is what sets the pace here.",
    "Changing the size shifts the ratio of arithmetic to bytes moved, \
     and with it the position relative to the ridge point.",
    "It is easy to overlook that capacity and transfer rate are different things: \
     one says what fits, the other how fast it flows.",
    "For requests with a long context the KV cache grows linearly with the number of tokens, \
     while the weights stay the same.",
    "Larger batches share the reading of the weights among more requests; from some point on, compute takes the lead.",
    "Measurements in practice usually fall short of the datasheet, \
     because neither memory nor compute units are fully busy.",
    "Quantization shrinks the bytes per weight and helps most where moving data sets the time.",
    "A look at the related terms helps to see how prefill, decoding and capacity fit together.",
];

/// A paragraph of about a hundred words, different for every entry and paragraph,
/// with a link to another entry.
fn paragraph(terms: &Terms, lang: &str, i: usize, k: usize, n: usize) -> String {
    let sentences: &[&str] = if lang == "de" { &DE_SENTENCES } else { &EN_SENTENCES };
    let target = terms.term(lang, (i + 17 * (k + 1)) % n);
    let mut p = String::new();
    for j in 0..5 {
        let _ = write!(p, "{} ", sentences[(i + k * 3 + j) % sentences.len()]);
    }
    let see = if lang == "de" { "Mehr dazu unter" } else { "See also" };
    let _ = write!(p, "{see} [{target}]({}).", slug(&target));
    p
}

/// A calculator block and a sentence with live values (every tenth entry).
fn calculator(lang: &str, i: usize) -> String {
    let (model, hardware) = [
        ("llama-3.1-8b", "a100-80gb"),
        ("llama-2-7b", "h100-sxm"),
        ("mistral-7b", "l4"),
    ][i % 3];
    let sentence = if lang == "de" {
        "Ein Decode-Schritt liest {{weight_bytes}} und dauert mindestens {{weight_time}}."
    } else {
        "A decode step reads {{weight_bytes}} and takes at least {{weight_time}}."
    };
    format!(
        "```roofline\nmodel: {model}\nhardware: {hardware}\nbatch: {}\ncontext: 2048\n\
         show: [weight_bytes, weight_time, decode_intensity, ridge]\n\
         charts: [roofline, batch]\n```\n\n{sentence}\n",
        1 + i % 16
    )
}

fn entry(terms: &Terms, lang: &str, i: usize, n: usize) -> (String, String) {
    let markers: &[&str] = if lang == "de" { &DE_MARKERS } else { &EN_MARKERS };
    let t = terms.term(lang, i);
    let other = terms.term(if lang == "de" { "en" } else { "de" }, i);
    let (de_cat, _, en_cat, _) = CATEGORIES[i % CATEGORIES.len()];
    let category = if lang == "de" { de_cat } else { en_cat };
    let mut related: Vec<String> = [7, 31, 113].iter().map(|k| terms.term(lang, (i + k) % n)).collect();
    if i == 0 {
        // One related term without an entry, shown as "not yet written".
        related.push(if lang == "de" { "Zukunftsbegriff" } else { "Future term" }.to_string());
    }
    let short = match lang {
        "de" => {
            format!("{t} beschreibt, wie viel Arbeit pro Schritt anfällt – ein Begriff aus dem Korpus, Nummer {i}.")
        }
        _ => format!("{t} describes how much work each step takes, a term of the corpus, number {i}."),
    };
    let mut md = String::from("---\n");
    let _ = writeln!(md, "term: \"{t}\"\nslug: \"{}\"\nglossar_id: \"K{i}\"", slug(&t));
    let _ = writeln!(
        md,
        "variants: [\"{other}\", \"{}\"]",
        t.to_uppercase().chars().take(4).collect::<String>()
    );
    let _ = writeln!(
        md,
        "category: \"{category}\"\nmarker: \"{}\"",
        markers[i % markers.len()]
    );
    let _ = writeln!(md, "short: \"{short}\"");
    if i.is_multiple_of(9) {
        md.push_str("status: \"entwurf\"\n");
    }
    let _ = writeln!(md, "updated: \"2026-{:02}-{:02}\"\n---\n", 1 + i % 12, 1 + i % 28);
    let (overview, practice, see_also) = match lang {
        "de" => ("Überblick", "Was es in der Praxis bedeutet", "Verwandte Begriffe"),
        _ => ("Overview", "What it means in practice", "Related terms"),
    };
    let _ = writeln!(md, "{short}\n\n## {overview}\n");
    for k in 0..3 {
        let _ = writeln!(md, "{}\n", paragraph(terms, lang, i, k, n));
    }
    md.push_str("$$\\text{intensity} = \\frac{\\text{FLOPs}}{\\text{bytes}}$$\n\n");
    let _ = writeln!(md, "## {practice}\n");
    if i.is_multiple_of(10) {
        let _ = writeln!(md, "{}", calculator(lang, i));
    }
    for k in 3..6 {
        let _ = writeln!(md, "{}\n", paragraph(terms, lang, i, k, n));
    }
    let _ = writeln!(md, "## {see_also}\n\n**{}**", related.join("**, **"));
    (format!("{}.md", slug(&t)), md)
}

/// Writes `n` generated entries per language under `root/content`, beside a copy of
/// the site's own entries and presets; returns the entries per language.
pub fn write(project: &Path, root: &Path, n: usize) -> Result<usize> {
    let content = root.join("content");
    if content.exists() {
        files::remove_dir_all(&content)?;
    }
    let terms = Terms {
        reserved: own_slugs(project)?,
    };
    for lang in ["de", "en"] {
        let dir = content.join(lang);
        files::create_dir_all(&dir)?;
        for i in 0..n {
            let (file, text) = entry(&terms, lang, i, n);
            files::write(&dir.join(file), text)?;
        }
    }
    // The site's own entries too: the pages measured in both builds are the same.
    let mut own = 0;
    for lang in ["de", "en"] {
        for path in files::list(&project.join("content").join(lang))? {
            let Some(name) = path.file_name().filter(|n| n.to_string_lossy().ends_with(".md")) else {
                continue;
            };
            let target = content.join(lang).join(name);
            if target.exists() {
                bail!("a generated entry has the name of {}", path.display());
            }
            files::copy(&path, &target)?;
            own += usize::from(lang == "de");
        }
    }
    let data = content.join("data");
    files::create_dir_all(&data)?;
    for preset in ["hardware.yaml", "models.yaml"] {
        files::copy(&project.join("content/data").join(preset), &data.join(preset))?;
    }
    let mut names = String::from("de:\n");
    for (de, de_name, _, _) in CATEGORIES {
        let _ = writeln!(names, "  {de}: \"{de_name}\"");
    }
    names.push_str("en:\n");
    for (_, _, en, en_name) in CATEGORIES {
        let _ = writeln!(names, "  {en}: \"{en_name}\"");
    }
    // The site's categories, then the corpus's.
    let site_names = files::read_to_string(&project.join("content/data/categories.yaml"))?;
    files::write(&data.join("categories.yaml"), merge_categories(&site_names, &names))?;
    Ok(n + own)
}

/// The file names (without `.md`) of the site's own entries, both languages.
fn own_slugs(project: &Path) -> Result<Vec<String>> {
    let mut slugs = Vec::new();
    for lang in ["de", "en"] {
        for path in files::list(&project.join("content").join(lang))? {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if let Some(stem) = name.strip_suffix(".md") {
                slugs.push(stem.to_string());
            }
        }
    }
    Ok(slugs)
}

/// Two category files in one: each language's names from both.
fn merge_categories(site: &str, corpus: &str) -> String {
    let section = |text: &str, lang: &str| -> Vec<String> {
        let mut inside = false;
        let mut lines = Vec::new();
        for line in text.lines() {
            if !line.starts_with(' ') && line.ends_with(':') {
                inside = line.trim_end_matches(':') == lang;
                continue;
            }
            if inside && line.starts_with("  ") {
                lines.push(line.to_string());
            }
        }
        lines
    };
    let mut out = String::new();
    for lang in ["de", "en"] {
        let _ = writeln!(out, "{lang}:");
        for line in section(site, lang).into_iter().chain(section(corpus, lang)) {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_and_slugs_are_unique() {
        for lang in ["de", "en"] {
            let mut slugs: Vec<String> = (0..4500).map(|i| slug(&base_term(lang, i))).collect();
            slugs.sort();
            slugs.dedup();
            assert_eq!(slugs.len(), 4500);
        }
        assert_eq!(slug("Überübertragung"), "ueberuebertragung");
        assert_eq!(base_term("de", 501), "Rohrechenbandbreite");
        let terms = Terms {
            reserved: vec!["kontextfenster".into()],
        };
        assert_eq!(terms.term("de", 123), "Kontextfenster Korpus");
    }

    #[test]
    fn generated_names_never_take_an_entry_of_the_site() {
        let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let terms = Terms {
            reserved: own_slugs(&project).unwrap(),
        };
        assert!(terms.reserved.contains(&"kontextfenster".to_string()));
        for lang in ["de", "en"] {
            for i in 0..2000 {
                let (file, _) = entry(&terms, lang, i, 2000);
                let stem = file.trim_end_matches(".md").to_string();
                assert!(!terms.reserved.contains(&stem), "{lang}: {file}");
            }
        }
    }

    #[test]
    fn the_corpus_builds_without_errors() {
        let dir = std::env::temp_dir().join(format!("glossary-corpus-{}", std::process::id()));
        let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        // 150 per language: past entry 123, whose German term is a real entry's.
        let per_lang = write(&project, &dir, 150).unwrap();
        let site = content::load(&dir, "/");
        let own = content::load(&project, "/");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!site.has_errors(), "{}", content::Report::of(&site));
        assert_eq!(site.entries.len(), 300 + own.entries.len());
        assert_eq!(per_lang * 2, site.entries.len());
        let calculators = |s: &content::Site| s.entries.iter().filter(|e| !e.body.calculators.is_empty()).count();
        assert_eq!(
            calculators(&site) - calculators(&own),
            30,
            "every tenth entry per language"
        );
        assert!(site
            .entries
            .iter()
            .all(|e| !e.body.inline.is_empty() || e.body.calculators.is_empty()));
    }
}
