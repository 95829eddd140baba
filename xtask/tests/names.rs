//! One name per shared id, class and attribute: every name that one side writes and
//! another reads is a constant in `crates/vocab/src/names.rs`, and no string literal
//! of the app (`src/`), of the site program (`crates/site/src`), of the page's
//! scripts (`crates/site/scripts/*.js`, which read the names from their element's
//! `data-` attributes) or of `index.html` spells it again; and a name the stylesheet
//! shares with a script is one of them (`docs/architecture.md`).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// Where the comment that starts at `i` ends (the index after it), if one starts
/// there: `// …` to the line's end, `/* … */` (nested when `nested`, as in Rust).
fn comment_end(chars: &[char], i: usize, nested: bool) -> Option<usize> {
    match (chars.get(i), chars.get(i + 1)) {
        (Some('/'), Some('/')) => Some(
            chars[i..]
                .iter()
                .position(|c| *c == '\n')
                .map_or(chars.len(), |n| i + n),
        ),
        (Some('/'), Some('*')) => {
            let (mut depth, mut j) = (0, i);
            while j < chars.len() {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') && (nested || depth == 0) {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        return Some(j);
                    }
                } else {
                    j += 1;
                }
            }
            Some(chars.len())
        }
        _ => None,
    }
}

/// The string literals of Rust source, in order, without comments: plain, raw and
/// byte strings. A file's test module (from its `#[cfg(test)]` on) is left out:
/// tests read markup to check it, they are neither side. So is an element's name
/// where markup is written (the first argument of [`ELEMENT_CALLS`]): `"main"` there
/// is a tag, not the id it shares a spelling with.
fn literals(source: &str) -> Vec<String> {
    let source = source.split("#[cfg(test)]").next().unwrap_or_default();
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if let Some(end) = comment_end(&chars, i, true) {
            i = end;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\''), or the quote of a lifetime.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !ident(chars.get(i.wrapping_sub(1))) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            let start = j + 1;
            let mut end = start;
            while end < chars.len() {
                if chars[end] == '"' && (1..=hashes).all(|k| chars.get(end + k) == Some(&'#')) {
                    break;
                }
                end += 1;
            }
            found.push(chars[start..end.min(chars.len())].iter().collect());
            i = end + 1 + hashes;
        } else if c == '"' {
            let before: String = chars[..i]
                .iter()
                .rev()
                .filter(|c| !c.is_whitespace())
                .take(12)
                .collect();
            let before: String = before.chars().rev().collect();
            let element = ELEMENT_CALLS.iter().any(|call| before.ends_with(&format!(".{call}(")));
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(ch) = chars.get(i) {
                    text.push(*ch);
                }
                i += 1;
            }
            if !element {
                found.push(text);
            }
            i += 1;
        } else {
            i += 1;
        }
    }
    found
}

/// The methods of `vocab::markup::Html` and the app's view builder whose first
/// argument is an element's name.
const ELEMENT_CALLS: &[&str] = &["el", "el_text", "el_html", "start", "end", "void", "slot", "empty"];

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The `pub const NAME: &str = "value";` of `names.rs`.
fn names(source: &str) -> Vec<(String, String)> {
    source
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub const ")?;
            let (name, rest) = rest.split_once(':')?;
            let value = rest.split_once('"')?.1.rsplit_once('"')?.0;
            Some((name.trim().to_string(), value.to_string()))
        })
        .collect()
}

/// The words of a literal as a selector, an id or a class list reads them: runs of
/// letters, digits, `-` and `_` (`#search-results a` holds `search-results`). A word
/// of a path (`prose/`, `/data`) is in no such place and is left out.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (word(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let in_path = text[..s].ends_with('/') || c == '/';
                // `<main …>`, `</main>`: an element's name, not an id or a class.
                let tag = text[..s].ends_with('<') || text[..s].ends_with("</");
                if !in_path && !tag {
                    found.push(&text[s..i]);
                }
                start = None;
            }
            _ => {}
        }
    }
    found.into_iter()
}

/// Whether `token` spells `name`: the same word, or, for a prefix such as
/// `glossary-index-`, a word that starts with it.
fn spells(token: &str, name: &str) -> bool {
    token == name || (name.ends_with('-') && token.starts_with(name))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The copies of `names` among the literals of the files under `dir`.
fn copies(names: &[(String, String)], dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("source");
        for literal in literals(&source) {
            for (name, value) in names {
                if tokens(&literal).any(|t| spells(t, value)) {
                    found.push(format!(
                        "{}: {literal:?} spells {name} ({value:?}); use vocab::names::{name}",
                        file.strip_prefix(root()).unwrap_or(&file).display()
                    ));
                }
            }
        }
    }
    found
}

/// The DOM events the scripts listen to whose types a class of the stylesheet shares.
const EVENT_TYPES: &[&str] = &["scroll"];

/// The string literals of JavaScript source, without comments and regular
/// expressions: '…', "…" and the text of `…` templates (each `${…}` a space).
fn js_literals(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    // The last character of code that is not white space: a `/` after one of these
    // starts a regular expression, not a division.
    let mut last = '\n';
    while i < chars.len() {
        let c = chars[i];
        if let Some(end) = comment_end(&chars, i, false) {
            i = end;
            continue;
        }
        if c == '/' && "(,=:[!&|?{};\n".contains(last) {
            let mut class = false;
            i += 1;
            while i < chars.len() && (class || chars[i] != '/') {
                match chars[i] {
                    '\\' => i += 1,
                    '[' => class = true,
                    ']' => class = false,
                    _ => {}
                }
                i += 1;
            }
            i += 1;
            last = 'r';
            continue;
        }
        if matches!(c, '\'' | '"' | '`') {
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    i += 1;
                } else if c == '`' && chars[i] == '$' && chars.get(i + 1) == Some(&'{') {
                    let mut depth = 0;
                    while i < chars.len() {
                        match chars[i] {
                            '{' => depth += 1,
                            '}' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    text.push(' ');
                    i += 1;
                    continue;
                }
                if let Some(ch) = chars.get(i) {
                    text.push(*ch);
                }
                i += 1;
            }
            found.push(text);
            i += 1;
            last = 's';
            continue;
        }
        if !c.is_whitespace() {
            last = c;
        }
        i += 1;
    }
    found
}

/// The page's scripts.
fn js_files() -> Vec<PathBuf> {
    let dir = root().join("crates/site/scripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("crates/site/scripts")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

/// The copies of `names` among `literals` of `file`.
fn copies_in(names: &[(String, String)], file: &Path, literals: &[String], fix: &str) -> Vec<String> {
    let mut found = Vec::new();
    for literal in literals {
        for (name, value) in names {
            if tokens(literal).any(|t| spells(t, value)) {
                found.push(format!(
                    "{}: {literal:?} spells {name} ({value:?}); {fix}",
                    file.strip_prefix(root()).unwrap_or(file).display()
                ));
            }
        }
    }
    found
}

/// The classes, ids and `data-` attributes the stylesheets' selectors name.
fn selector_names() -> Vec<String> {
    let mut found = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(root().join("style")).expect("style/").flatten() {
        let css = std::fs::read_to_string(entry.path()).expect("a stylesheet");
        // Without comments; selectors are what comes before each `{`.
        let mut text = String::new();
        let mut rest = css.as_str();
        while let Some(at) = rest.find("/*") {
            text.push_str(&rest[..at]);
            rest = rest[at..].find("*/").map_or("", |end| &rest[at + end + 2..]);
        }
        text.push_str(rest);
        for block in text.split('}') {
            let Some((selectors, _)) = block.rsplit_once('{') else {
                continue;
            };
            let selectors = selectors.rsplit(';').next().unwrap_or(selectors);
            if selectors.trim_start().starts_with('@') {
                continue;
            }
            let chars: Vec<char> = selectors.chars().collect();
            for (i, c) in chars.iter().enumerate() {
                let word: String = chars[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == '-' || **c == '_')
                    .collect();
                let starts_name = word.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                let name = match c {
                    '.' | '#' => starts_name,
                    '[' => word.starts_with("data-"),
                    _ => false,
                };
                if name {
                    found.insert(word);
                }
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn no_shared_name_is_spelled_twice() {
    let root = root();
    let names = names(&std::fs::read_to_string(root.join("crates/vocab/src/names.rs")).expect("names.rs"));
    assert!(names.len() > 10, "names.rs has its constants: {names:?}");
    // Names that are no word (the prose separator) cannot be spelled by one.
    let names: Vec<(String, String)> = names
        .into_iter()
        .filter(|(_, v)| tokens(v).collect::<Vec<_>>() == [v.as_str()])
        .collect();
    let mut found = copies(&names, &root.join("src"));
    found.extend(copies(&names, &root.join("crates/site/src")));
    let scripts = js_files();
    assert!(scripts.len() >= 4, "the page's scripts: {scripts:?}");
    for file in &scripts {
        let source = std::fs::read_to_string(file).expect("a script");
        found.extend(copies_in(
            &names,
            file,
            &js_literals(&source),
            "read it from the script element's data- attribute, which the page writer fills",
        ));
    }
    // trunk's shell: its markup, without its scripts (read above as scripts, their
    // names written by the page writer from names.rs).
    let shell = root.join("index.html");
    let html = std::fs::read_to_string(&shell).expect("index.html");
    let mut markup = String::new();
    let mut rest = html.as_str();
    while let Some(at) = rest.find("<script") {
        markup.push_str(&rest[..at]);
        rest = rest[at..]
            .find("</script>")
            .map_or("", |end| &rest[at + end + "</script>".len()..]);
    }
    markup.push_str(rest);
    assert!(markup.contains("<noscript>"), "{markup}");
    found.extend(copies_in(
        &names,
        &shell,
        &[markup],
        "index.html is the page writer's: write it anew",
    ));
    assert!(found.is_empty(), "names spelled again:\n{}", found.join("\n"));
}

/// A class, id or attribute the stylesheet selects and a script spells is shared by
/// the two: it is declared in names.rs (and the script reads it from its element).
#[test]
fn what_the_styles_share_with_a_script_is_a_declared_name() {
    let declared: Vec<String> =
        names(&std::fs::read_to_string(root().join("crates/vocab/src/names.rs")).expect("names.rs"))
            .into_iter()
            .map(|(_, v)| v)
            .collect();
    let styled = selector_names();
    assert!(
        styled.len() > 50 && styled.iter().any(|n| n == "data-live"),
        "{styled:?}"
    );
    let mut found = Vec::new();
    for file in js_files() {
        let source = std::fs::read_to_string(&file).expect("a script");
        // A DOM event's type is the platform's word, not a name of the project's,
        // though a class may share it (the wide table's box is "scroll").
        for literal in js_literals(&source)
            .into_iter()
            .filter(|l| !EVENT_TYPES.contains(&l.as_str()))
        {
            for token in tokens(&literal) {
                if styled.iter().any(|s| s == token) && !declared.iter().any(|d| d == token) {
                    found.push(format!(
                        "{}: {literal:?} names {token:?}, which the stylesheet selects: declare it in names.rs",
                        file.strip_prefix(root()).unwrap_or(&file).display()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "names the styles share with a script:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_scripts_literals_are_read_as_javascript_reads_them() {
    let source = "// 'in-a-comment'\n/* \"in a block\" */\nconst a = 'one', b = \"two\";\n\
                  const r = text.replace(/[&<>\"']/g, (c) => `&#${c.charCodeAt(0)};`);\n\
                  const t = `offline-${lang}.json`; const d = x / 2 / 'three';";
    assert_eq!(js_literals(source), ["one", "two", "&# ;", "offline- .json", "three"]);
}

#[test]
fn literals_are_read_as_rust_reads_them() {
    let source = r##"
        // "in-a-comment"
        /* "in /* a nested */ block" */
        let a = "one"; let b = 'x'; let c = '"'; fn f<'a>(x: &'a str) {}
        let d = r#"raw "quoted""#; let e = "esc\"aped";
        #[cfg(test)]
        mod tests { const T: &str = "test-only"; }
    "##;
    assert_eq!(literals(source), ["one", "raw \"quoted\"", "esc\"aped"]);
    let markup = r#"b.el("main", &[("id", Some("main"))], |b| {}); h.el_text("p", &[], "main"); b.el(
 "nav", &[]);"#;
    assert_eq!(literals(markup), ["id", "main", "main"]);
}

#[test]
fn a_name_is_found_as_a_word_of_a_selector() {
    let names = vec![("RESULTS".to_string(), "search-results".to_string())];
    assert!(tokens("#search-results a").any(|t| spells(t, "search-results")));
    assert!(!tokens("search-results-wide").any(|t| spells(t, "search-results")));
    assert!(tokens("glossary-index-de").any(|t| spells(t, "glossary-index-")));
    assert!(!tokens("Disallow: {BASE_PATH}prose/").any(|t| spells(t, "prose")));
    assert!(tokens("a.xref, .prose > *").any(|t| spells(t, "prose")));
    assert!(!tokens("<main class=\"x\"></main>").any(|t| spells(t, "main")));
    assert!(tokens("#main a").any(|t| spells(t, "main")));
    let dir = std::env::temp_dir().join(format!("names-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("a.rs"), "fn f() { by_id(\"search-results\"); }").expect("write");
    assert_eq!(copies(&names, &dir).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
