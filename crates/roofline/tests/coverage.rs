//! `docs/models.md` lists every model type of the pinned registries
//! (`tests/registries/`: Transformers' causal-LM and image-text-to-text mappings,
//! vLLM's text-generation architectures) with what the calculator does with it; this
//! test holds the page to the registries and to [`roofline::CHECKED_TYPES`].

use std::collections::BTreeMap;

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

/// The page's table rows: the first cell's code name and the last cell.
fn rows(page: &str) -> BTreeMap<String, String> {
    page.lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            let name = cells.first()?.trim_matches('`').to_string();
            Some((name, cells.last()?.to_string()))
        })
        .collect()
}

#[test]
fn every_registered_type_is_in_the_coverage_table() {
    let page = read("../../docs/models.md");
    let rows = rows(&page);
    let mut missing = Vec::new();
    for list in [
        "transformers-causal-lm.txt",
        "transformers-image-text-to-text.txt",
        "vllm-text-generation.txt",
    ] {
        for name in registry(list) {
            if !rows.contains_key(&name) {
                missing.push(format!("{list}: {name}"));
            }
        }
    }
    assert!(missing.is_empty(), "not in docs/models.md: {missing:?}");
    // Every checked type is on the page, said to be checked, and only those are.
    for t in roofline::CHECKED_TYPES {
        let listed = rows.get(*t).map(String::as_str).or_else(|| {
            page.lines()
                .find(|l| l.starts_with(&format!("- `{t}`:")))
                .map(|l| l.split_once(": ").map_or("", |(_, s)| s))
        });
        assert!(listed.is_some_and(|s| s.starts_with("checked")), "{t}: {listed:?}");
    }
    for (name, status) in &rows {
        if status.starts_with("checked") && name.chars().next().is_some_and(char::is_lowercase) {
            assert!(
                roofline::CHECKED_TYPES.contains(&name.as_str()),
                "{name} is marked checked"
            );
        }
    }
}
