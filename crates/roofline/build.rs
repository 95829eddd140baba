//! Reads `families.tsv`, the table of model types and how each is read, into
//! `roofline::FAMILIES` (its first four columns, for the types the general rules do
//! not read as they are; the sources and notes stay in the table and in
//! `docs/models.md`, out of the wasm). A malformed row fails the build with its line
//! and the fix.

use std::fmt::Write as _;

fn main() {
    let path = "families.tsv";
    println!("cargo::rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut general: Vec<&str> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("{path}:{}", n + 1);
        let cells: Vec<&str> = line.split('\t').collect();
        let [model_type, mlp, tied, refused, ..] = cells[..] else {
            panic!("{at}: a row has eight tab-separated columns (model_type, mlp, tied, refused, …)");
        };
        let mlp = match mlp {
            "gated" => "Some(Mlp::Gated)",
            "two-matrix" => "Some(Mlp::TwoMatrix)",
            "halved-gated" => "Some(Mlp::HalvedGated)",
            "none" => "Some(Mlp::None)",
            "text" | "-" => "None",
            other => panic!("{at}: mlp `{other}`: write gated, two-matrix, halved-gated, none, text or -"),
        };
        let tied = match tied {
            "tied" => "Some(true)",
            "untied" => "Some(false)",
            "-" => "None",
            other => panic!("{at}: tied `{other}`: write tied, untied or -"),
        };
        let refused = match refused {
            "-" => "None".to_string(),
            kind => {
                let variant: String = kind
                    .split('-')
                    .map(|w| {
                        let mut c = w.chars();
                        c.next()
                            .map_or(String::new(), |f| f.to_ascii_uppercase().to_string() + c.as_str())
                    })
                    .collect();
                format!("Some(Refusal::{variant})")
            }
        };
        if rows.iter().any(|(t, _)| t == model_type) || general.contains(&model_type) {
            panic!("{at}: `{model_type}` is already in the table");
        }
        // A type the general rules read as they are (a gated MLP, untied tables,
        // nothing refused) needs no row in the app: it is read as any other.
        if matches!(mlp, "None" | "Some(Mlp::Gated)") && tied != "Some(true)" && refused == "None" {
            general.push(model_type);
            continue;
        }
        let row =
            format!("    Family {{ model_type: {model_type:?}, mlp: {mlp}, tied: {tied}, refused: {refused} }},\n");
        rows.push((model_type.to_string(), row));
    }
    // Sorted by model type, for a binary search.
    rows.sort();
    let mut out = String::from("/// The model types of `families.tsv` the general rules do not read as they are\n");
    out.push_str("/// (another MLP, tied tables by default, a refusal), sorted by their names.\n");
    out.push_str("pub const FAMILIES: &[Family] = &[\n");
    for (_, row) in &rows {
        out.push_str(row);
    }
    let _ = writeln!(out, "];");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{dir}/families.rs"), out).expect("OUT_DIR is writable");
}
