//! `docs/models.md` is written from `families.tsv` (the table the config reader
//! interprets), the pinned registries (`tests/registries/`: Transformers' causal-LM
//! and image-text-to-text mappings, vLLM's text-generation architectures) and
//! [`roofline::CHECKED_TYPES`]: these tests hold every registered type to a row of
//! the table and the page to what they give. `UPDATE_DOCS=1 cargo test -p roofline
//! --test coverage` writes the page after a change to the table.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use roofline::{family, Mlp, CHECKED_TYPES, FAMILIES};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The entries of a registry list: one per line, `#` lines are its header.
fn registry(name: &str) -> Vec<String> {
    read(&format!("tests/registries/{name}"))
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// One row of `families.tsv`, all its columns.
struct Row {
    model_type: String,
    mlp: String,
    tied: String,
    refused: String,
    detail: String,
    mlp_source: String,
    tie_source: String,
    notes: String,
}

fn table() -> Vec<Row> {
    read("families.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<String> = l.split('\t').map(str::to_string).collect();
            assert_eq!(c.len(), 8, "families.tsv: {l}");
            Row {
                model_type: c[0].clone(),
                mlp: c[1].clone(),
                tied: c[2].clone(),
                refused: c[3].clone(),
                detail: c[4].clone(),
                mlp_source: c[5].clone(),
                tie_source: c[6].clone(),
                notes: c[7].clone(),
            }
        })
        .collect()
}

/// The fixture that checks each checked type: the first config file naming it (at
/// its top or in its `text_config`).
fn fixtures() -> BTreeMap<String, String> {
    let dir = format!("{}/tests/configs", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/configs")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut out = BTreeMap::new();
    for name in names {
        let json: serde_json::Value =
            serde_json::from_str(&roofline::python_constants(&read(&format!("tests/configs/{name}")))).expect(&name);
        for t in [&json["model_type"], &json["text_config"]["model_type"]] {
            if let Some(t) = t.as_str() {
                out.entry(t.to_string()).or_insert_with(|| name.clone());
            }
        }
    }
    out
}

/// What the calculator does with a model type, in one cell.
fn status(t: &str, rows: &BTreeMap<&str, &Row>, fixtures: &BTreeMap<String, String>) -> String {
    let row = rows.get(t);
    if let Some(r) = row.filter(|r| r.refused != "-") {
        return format!("refused: {} ({})", r.refused, r.detail);
    }
    if CHECKED_TYPES.contains(&t) {
        return match fixtures.get(t) {
            Some(f) => format!("checked (`tests/configs/{f}`)"),
            None => "checked (a config written in the tests)".into(),
        };
    }
    match row {
        Some(r) if r.mlp == "text" => format!(
            "the language model from `text_config` ({}); the verdict names an unchecked type",
            r.detail.trim_start_matches("decoder: ")
        ),
        _ => "read by the general rules, not checked: the verdict names the type".into(),
    }
}

fn cell(s: &str) -> String {
    if s == "-" || s.is_empty() {
        String::new()
    } else {
        s.replace('|', "\\|")
    }
}

/// The page, from the table, the registries and the checked types.
fn page() -> String {
    let table = table();
    let rows: BTreeMap<&str, &Row> = table.iter().map(|r| (r.model_type.as_str(), r)).collect();
    let fixtures = fixtures();
    let causal = registry("transformers-causal-lm.txt");
    let image = registry("transformers-image-text-to-text.txt");
    let mut out = String::from(INTRO);
    out.push_str("## Model types (Transformers)\n\n");
    out.push_str(
        "| model type | causal LM | image-text-to-text | MLP | tied by default | the calculator | sources | notes |\n",
    );
    out.push_str("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    let mut listed: Vec<&String> = causal.iter().chain(&image).collect();
    listed.sort();
    listed.dedup();
    for t in &listed {
        let r = rows[t.as_str()];
        let yes = |list: &[String]| if list.contains(t) { "yes" } else { "" };
        let sources = [&r.mlp_source, &r.tie_source]
            .into_iter()
            .filter(|s| s.as_str() != "-")
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join("; ");
        let _ = writeln!(
            out,
            "| `{t}` | {} | {} | {} | {} | {} | {} | {} |",
            yes(&causal),
            yes(&image),
            cell(&r.mlp),
            cell(&r.tied),
            status(t, &rows, &fixtures),
            sources,
            cell(&r.notes)
        );
    }
    out.push_str(VLLM);
    out.push_str("| architecture | model type | the calculator |\n| --- | --- | --- |\n");
    let types: BTreeMap<String, String> = registry("vllm-text-generation-types.tsv")
        .iter()
        .filter_map(|l| l.split_once('\t'))
        .map(|(a, t)| (a.to_string(), t.to_string()))
        .collect();
    for arch in registry("vllm-text-generation.txt") {
        match types.get(&arch).filter(|t| t.as_str() != "?") {
            Some(t) => {
                let each: Vec<String> = t
                    .split(',')
                    .map(|t| format!("`{t}`: {}", status(t, &rows, &fixtures)))
                    .collect();
                let _ = writeln!(out, "| `{arch}` | `{t}` | {} |", each.join("; "));
            }
            None => {
                let _ = writeln!(
                    out,
                    "| `{arch}` | not in Transformers | its config's `model_type`: see above, or read by the \
                     general rules, not checked |"
                );
            }
        }
    }
    out.push_str(OUTSIDE);
    for r in &table {
        if !listed.contains(&&r.model_type) {
            let _ = writeln!(
                out,
                "- `{}`: {}; MLP {}, tied by default: {} (`{}`)",
                r.model_type,
                status(&r.model_type, &rows, &fixtures),
                r.mlp,
                r.tied,
                r.mlp_source
            );
        }
    }
    for t in CHECKED_TYPES {
        if !rows.contains_key(t) {
            let _ = writeln!(out, "- `{t}`: {}", status(t, &rows, &fixtures));
        }
    }
    out
}

const INTRO: &str = "# Which models the calculator reads

<!-- Written by `UPDATE_DOCS=1 cargo test -p roofline --test coverage` from
`crates/roofline/families.tsv`; edit the table, not this page. -->

A pasted `config.json` is read by one set of rules (`crates/roofline/src/config.rs`)
from one table, `crates/roofline/families.tsv`: for every model type, how its MLP is
built (gated: gate, up and down matrices; two-matrix: up and down; halved-gated:
`intermediate_size` is both gated matrices together), whether its configuration class
ties the LM head to the embedding table when a config leaves `tie_word_embeddings`
out, and the layer kind that makes the calculator refuse it, each with the file and
line of the definition it was read from. The keys of each figure, the layer kinds
the reader models (global, windowed, chunked, latent, linear attention, state space,
none), the MoE rule and the keys it refuses are the reader's, the same for every
type. What the calculator does with each type:

- **checked**: a published config of the type is read by a test and held to
  figures computed by hand from the family's definition (KV per token and per
  request, constant state, parameters); `roofline::CHECKED_TYPES`.
- **refused**: the type needs a layer kind or a layout the calculator does not
  model; the reader is told which.
- **read by the general rules, not checked**: the figures come from the same rules
  and the table's MLP and tie default, and the results say \"model type … (not
  checked); the figures may be off\" beside the verdict. Any key the rules do not
  know is named there too.

For image-text-to-text types the text decoder is read from `text_config`; the
vision (or audio) tower's parameters are not counted in the weights unless the
checkpoint's `model.safetensors.index.json` is pasted beside the config (its size
then gives the parameter count).

The registries, pinned: Transformers' `MODEL_FOR_CAUSAL_LM_MAPPING_NAMES` and
`MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES`
(`src/transformers/models/auto/modeling_auto.py` at
`00290f09a9f0b0bbb3bb1abbf91a55442ce607ae`) and vLLM's `_TEXT_GENERATION_MODELS`
(`vllm/model_executor/models/registry.py` at
`445c15d5e405e38cf5bb871d5ab725a9fc5e52ea`), kept as lists in
`crates/roofline/tests/registries/`. The definitions are cited at Transformers'
v5.25.0 release unless another source is named; the tie defaults were read from
each configuration class of that release (a class without the field does not tie).

";

const VLLM: &str = "
## vLLM's text-generation architectures

The model type each architecture's checkpoints write (from Transformers' mappings, or
from vLLM's model file and the checkpoints' own configuration class:
`tests/registries/vllm-text-generation-types.tsv`); where none is known, the
architecture's own config decides (its `model_type`).

";

const OUTSIDE: &str = "
## Types outside the registries

Types the table holds that the pinned registries do not list under these names
(earlier names, families served by their own code, the language models of
multimodal wrappers):

";

#[test]
fn every_registered_type_has_a_row_of_the_table() {
    let table = table();
    let mut missing = Vec::new();
    for list in ["transformers-causal-lm.txt", "transformers-image-text-to-text.txt"] {
        for name in registry(list) {
            if !table.iter().any(|r| r.model_type == name) {
                missing.push(format!("{list}: {name}"));
            }
        }
    }
    // vLLM's architectures, by the model type their checkpoints write.
    for line in registry("vllm-text-generation-types.tsv") {
        let (arch, t) = line.split_once('\t').expect("architecture, tab, type");
        // An architecture some types share names them all, joined by commas.
        for t in t.split(',').filter(|t| *t != "?") {
            if !table.iter().any(|r| r.model_type == t) {
                missing.push(format!("vllm-text-generation-types.tsv: {arch} ({t})"));
            }
        }
    }
    assert!(missing.is_empty(), "not in families.tsv: {missing:?}");
    // The build kept every row that says more than the general rules.
    let special = |r: &&Row| !matches!(r.mlp.as_str(), "gated" | "text" | "-") || r.tied == "tied" || r.refused != "-";
    assert_eq!(FAMILIES.len(), table.iter().filter(special).count());
}

/// The interpreter and the table agree: the MLP the build read is the row's, and
/// a checked type is never one the table refuses.
#[test]
fn the_built_table_is_the_file() {
    for r in table() {
        let Some(f) = family(&r.model_type) else {
            // Read by the general rules: a gated MLP (or its text model's), untied
            // tables where the config says nothing, nothing refused.
            assert!(matches!(r.mlp.as_str(), "gated" | "text" | "-"), "{}", r.model_type);
            assert!(r.tied != "tied" && r.refused == "-", "{}", r.model_type);
            continue;
        };
        let mlp = match f.mlp {
            Some(Mlp::Gated) => "gated",
            Some(Mlp::TwoMatrix) => "two-matrix",
            Some(Mlp::HalvedGated) => "halved-gated",
            Some(Mlp::None) => "none",
            None => r.mlp.as_str(),
        };
        assert_eq!(mlp, r.mlp, "{}", r.model_type);
        assert_eq!(f.tied, (r.tied != "-").then_some(r.tied == "tied"), "{}", r.model_type);
        assert_eq!(f.refused.map_or("-", |k| k.id()), r.refused, "{}", r.model_type);
        assert!(f.refused.is_none() || !CHECKED_TYPES.contains(&f.model_type));
    }
}

#[test]
fn docs_models_md_is_written_from_the_table() {
    let want = page();
    let path = format!("{}/../../docs/models.md", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &want).expect("docs/models.md");
    }
    let have = std::fs::read_to_string(&path).expect("docs/models.md");
    assert!(
        have == want,
        "docs/models.md is not what families.tsv, the registries and CHECKED_TYPES give: \
         run `UPDATE_DOCS=1 cargo test -p roofline --test coverage`"
    );
}

/// Each refused type in a published config is refused, with its kind, by the
/// reader: a wrapper whose language model the table refuses too.
#[test]
fn a_refused_type_is_refused_by_the_reader() {
    for r in table().iter().filter(|r| r.refused != "-") {
        let config = roofline::Json::Object(vec![
            ("model_type".into(), roofline::Json::Text(r.model_type.clone())),
            ("num_hidden_layers".into(), roofline::Json::Number(2.0)),
            ("hidden_size".into(), roofline::Json::Number(64.0)),
            ("num_attention_heads".into(), roofline::Json::Number(4.0)),
            ("intermediate_size".into(), roofline::Json::Number(128.0)),
        ]);
        let wrapped = roofline::Json::Object(vec![
            ("model_type".into(), roofline::Json::Text("llava".into())),
            ("text_config".into(), config.clone()),
        ]);
        for c in [config, wrapped] {
            match roofline::from_config(&c, None, None) {
                Err(roofline::ConfigError::Refused { model_type, kind }) => {
                    assert_eq!(
                        (model_type.as_str(), kind.id()),
                        (r.model_type.as_str(), r.refused.as_str())
                    );
                }
                other => panic!("{}: {other:?}", r.model_type),
            }
        }
    }
}
