//! A generated glossary of many entries per language, to check that search and the
//! index stay fast at the size the owner's glossary will reach. It is written under
//! `target/`, built into its own dist, and never published.

use std::fmt::Write as _;
use std::path::Path;

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

/// A URL slug for a term: lower case, umlauts spelled out, words joined by `-`.
fn slug(term: &str) -> String {
    let mut out = String::new();
    for c in term.to_lowercase().chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ if !out.ends_with('-') => out.push('-'),
            _ => {}
        }
    }
    out.trim_matches('-').to_string()
}

/// The term of entry `i` (0 ≤ i < 500) in one language. Every 47th starts with a
/// digit, so that the index has a `#` group in every category.
fn term(first: &[&str], second: &[&str], i: usize) -> String {
    let word = format!("{}{}", first[i % first.len()], second[(i / first.len()) % second.len()]);
    if i.is_multiple_of(47) {
        format!("{}-Bit-{word}", 2 + i / 47)
    } else {
        word
    }
}

fn entry(lang: &str, i: usize, n: usize) -> (String, String) {
    let (first, second, markers): (&[&str], &[&str], &[&str]) = match lang {
        "de" => (&DE_FIRST, &DE_SECOND, &DE_MARKERS),
        _ => (&EN_FIRST, &EN_SECOND, &EN_MARKERS),
    };
    let t = term(first, second, i);
    let other = match lang {
        "de" => term(&EN_FIRST, &EN_SECOND, i),
        _ => term(&DE_FIRST, &DE_SECOND, i),
    };
    let (de_cat, _, en_cat, _) = CATEGORIES[i % CATEGORIES.len()];
    let category = if lang == "de" { de_cat } else { en_cat };
    let related: Vec<String> = [7, 31, 113].iter().map(|k| term(first, second, (i + k) % n)).collect();
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
    let (overview, see_also) = match lang {
        "de" => ("Überblick", "Verwandte Begriffe"),
        _ => ("Overview", "Related terms"),
    };
    let _ = writeln!(
        md,
        "## {overview}\n\n{short}\n\n## {see_also}\n\n**{}**",
        related.join("**, **")
    );
    (format!("{}.md", slug(&t)), md)
}

/// Writes `n` entries per language (at most 500) under `root/content`, with the
/// real presets.
pub fn write(project: &Path, root: &Path, n: usize) -> Result<(), String> {
    let n = n.min(DE_FIRST.len() * DE_SECOND.len());
    let content = root.join("content");
    if content.exists() {
        std::fs::remove_dir_all(&content).map_err(|e| format!("{}: {e}", content.display()))?;
    }
    let io = |e: std::io::Error| e.to_string();
    for lang in ["de", "en"] {
        let dir = content.join(lang);
        std::fs::create_dir_all(&dir).map_err(io)?;
        for i in 0..n {
            let (file, text) = entry(lang, i, n);
            std::fs::write(dir.join(file), text).map_err(io)?;
        }
    }
    let data = content.join("data");
    std::fs::create_dir_all(&data).map_err(io)?;
    for preset in ["hardware.yaml", "models.yaml"] {
        std::fs::copy(project.join("content/data").join(preset), data.join(preset)).map_err(io)?;
    }
    let mut names = String::from("de:\n");
    for (de, de_name, _, _) in CATEGORIES {
        let _ = writeln!(names, "  {de}: \"{de_name}\"");
    }
    names.push_str("en:\n");
    for (_, _, en, en_name) in CATEGORIES {
        let _ = writeln!(names, "  {en}: \"{en_name}\"");
    }
    std::fs::write(data.join("categories.yaml"), names).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_and_slugs_are_unique() {
        for (first, second) in [(&DE_FIRST[..], &DE_SECOND[..]), (&EN_FIRST[..], &EN_SECOND[..])] {
            let mut slugs: Vec<String> = (0..500).map(|i| slug(&term(first, second, i))).collect();
            slugs.sort();
            slugs.dedup();
            assert_eq!(slugs.len(), 500);
        }
        assert_eq!(slug("Überübertragung"), "ueberuebertragung");
    }

    #[test]
    fn the_corpus_builds_without_errors() {
        let dir = std::env::temp_dir().join(format!("glossary-corpus-{}", std::process::id()));
        let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        write(&project, &dir, 60).unwrap();
        let site = content::load(&dir, "/");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!site.has_errors(), "{}", content::report(&site));
        assert_eq!(site.entries.len(), 120);
    }
}
