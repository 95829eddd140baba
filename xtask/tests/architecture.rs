//! Architecture invariants that a change could break without any other test
//! noticing (`docs/architecture.md` names each with its test).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// The workspace's own crates, lowest first: each may depend only on crates before it.
const LAYERS: &[(&str, &str)] = &[
    ("roofline", "crates/roofline"),
    ("vocab", "crates/vocab"),
    ("content", "crates/content"),
    ("glossary", "."),
    ("site", "crates/site"),
    ("xtask", "xtask"),
];

/// The workspace crates a manifest names in one section (`[dependencies]`,
/// `[build-dependencies]`, `[dev-dependencies]`).
fn named_in(manifest: &str, section: &str) -> Vec<&'static str> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == format!("[{section}]");
            continue;
        }
        let Some((name, _)) = line.split_once('=') else {
            continue;
        };
        if let Some((crate_name, _)) = LAYERS.iter().find(|(n, _)| *n == name.trim()) {
            if inside {
                found.push(*crate_name);
            }
        }
    }
    found
}

fn manifest(dir: &str) -> String {
    std::fs::read_to_string(root().join(dir).join("Cargo.toml")).expect("Cargo.toml")
}

fn layer(name: &str) -> usize {
    LAYERS.iter().position(|(n, _)| *n == name).expect("a workspace crate")
}

/// Architecture invariant: imports run one way. roofline knows no other crate of the
/// workspace, vocab only roofline, content both; the app and xtask sit on top.
#[test]
fn imports_run_one_way() {
    for (name, dir) in LAYERS {
        let text = manifest(dir);
        for section in ["dependencies", "build-dependencies", "dev-dependencies"] {
            for dep in named_in(&text, section) {
                assert!(
                    layer(dep) < layer(name),
                    "{name} names {dep} in [{section}]: imports run from roofline up to the app, never down"
                );
            }
        }
    }
}

/// Architecture invariant: the browser build carries no content code. The app
/// reads entries as data; `content` runs only at build time (`build.rs`, the
/// pre-renderer's native build) and in xtask.
#[test]
fn the_app_does_not_link_the_content_crate() {
    let app = manifest(".");
    assert!(!named_in(&app, "dependencies").contains(&"content"));
    assert!(named_in(&app, "build-dependencies").contains(&"content"));
}

#[test]
fn a_manifest_is_read_by_section() {
    let text = "[dependencies]\nvocab = { workspace = true }\n\n[build-dependencies]\ncontent = \"1\"\n";
    assert_eq!(named_in(text, "dependencies"), ["vocab"]);
    assert_eq!(named_in(text, "build-dependencies"), ["content"]);
    assert!(named_in(text, "dev-dependencies").is_empty());
}

// Architecture invariant: the files of each crate import one another without a cycle.
//
// The graph is read from the source, not from the compiler: every `mod` declaration
// maps a module path to its file, and every `use` tree and every path that starts with
// `crate`, `self`, `super` or a child module's name is an import of the file that holds
// the module it names. A re-export counts as the file that re-exports, not the file it
// forwards to: `crate::markdown::X` depends on `markdown.rs` whatever `X` is. A test
// module (`#[cfg(test)] mod …`) is left out: nothing imports it, so it closes no cycle.

/// The source directory of each crate whose files must not import one another in a cycle.
const SOURCES: &[&str] = &[
    "crates/roofline/src",
    "crates/vocab/src",
    "crates/content/src",
    "src",
    "crates/site/src",
    "xtask/src",
];

/// A token of Rust source, as much as the import graph needs: comments, string and
/// character literals, lifetimes and numbers are dropped.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

fn lex(src: &str) -> Vec<(Tok, usize)> {
    let s: Vec<char> = src.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    // Skips a quoted literal whose opening quote is at `i`; returns the index after it.
    let quoted = |mut i: usize, quote: char, line: &mut usize| {
        i += 1;
        while i < s.len() && s[i] != quote {
            if s[i] == '\\' {
                i += 1;
            }
            if at(i) == '\n' {
                *line += 1;
            }
            i += 1;
        }
        i + 1
    };
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut open = 0;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    open += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    open -= 1;
                    i += 2;
                    if open == 0 {
                        break;
                    }
                } else {
                    line += usize::from(s[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' {
            i = quoted(i, '"', &mut line);
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{41}') or a lifetime ('a, 'static).
            if at(i + 1) == '\\' || at(i + 2) == '\'' {
                i = quoted(i, '\'', &mut line);
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric() || at(i) == '_' || (at(i) == '.' && at(i + 1).is_ascii_digit()) {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            if raw && (at(i) == '"' || (at(i) == '#' && (at(i + 1) == '"' || at(i + 1) == '#'))) {
                // A raw string: r"…", r#"…"#, br##"…"##.
                let hashes = (i..).take_while(|&j| at(j) == '#').count();
                i += hashes + 1;
                while i < s.len() && !(s[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#')) {
                    line += usize::from(s[i] == '\n');
                    i += 1;
                }
                i += hashes + 1;
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = quoted(i, '"', &mut line);
            } else if word == "b" && at(i) == '\'' {
                i = quoted(i, '\'', &mut line);
            } else if word == "r" && at(i) == '#' {
                // A raw identifier: r#type.
                i += 1;
                let start = i;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
                out.push((Tok::Ident(s[start..i].iter().collect()), line));
            } else {
                out.push((Tok::Ident(word), line));
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// What one file says about modules: the modules it declares and the paths it names.
#[derive(Debug, Default)]
struct FileImports {
    /// `mod name;` declarations: the inline modules around it, its name, and whether
    /// it is a test module.
    declared: Vec<(Vec<String>, String, bool)>,
    /// Inline modules outside tests, as paths from the file's own module.
    inline: Vec<Vec<String>>,
    /// Each path that may name a module of the crate: its line, the inline modules
    /// around it, and its segments.
    paths: Vec<(usize, Vec<String>, Vec<String>)>,
    /// What the reader cannot follow (`#[path]`), to fail on rather than guess.
    unreadable: Vec<String>,
}

fn ident(t: Option<&(Tok, usize)>) -> Option<&str> {
    match t {
        Some((Tok::Ident(s), _)) => Some(s),
        _ => None,
    }
}

fn is(t: Option<&(Tok, usize)>, c: char) -> bool {
    matches!(t, Some((Tok::Punct(p), _)) if *p == c)
}

/// The index just past the bracket that closes the one at `open`.
fn closing(toks: &[(Tok, usize)], open: usize, (o, c): (char, char)) -> usize {
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate().skip(open) {
        if is(Some(t), o) {
            depth += 1;
        } else if is(Some(t), c) {
            depth -= 1;
            if depth == 0 {
                return i + 1;
            }
        }
    }
    toks.len()
}

/// Expands a `use` tree (`a::{b, c::{self, d as e}, f::*}`) into its paths.
fn use_tree(toks: &[(Tok, usize)], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(*i) {
            Some((Tok::Ident(s), _)) => path.push(s.clone()),
            Some((Tok::Punct('*'), _)) => path.push("*".into()),
            Some((Tok::Punct('{'), _)) => {
                *i += 1;
                while *i < toks.len() && !is(toks.get(*i), '}') {
                    let before = *i;
                    use_tree(toks, i, &path, out);
                    if is(toks.get(*i), ',') || *i == before {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            _ => break,
        }
        *i += 1;
        if toks.get(*i).map(|t| &t.0) != Some(&Tok::PathSep) {
            break;
        }
        *i += 1;
    }
    if ident(toks.get(*i)) == Some("as") {
        *i += 2;
    }
    out.push(path);
}

fn read_imports(src: &str) -> FileImports {
    let toks = lex(src);
    let mut found = FileImports::default();
    // Inline modules around the current token: name, brace depth inside it, test or not.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let (mut i, mut depth, mut test_attr) = (0, 0, false);
    while i < toks.len() {
        let in_test = inline.iter().any(|m| m.2);
        let around: Vec<String> = inline.iter().map(|m| m.0.clone()).collect();
        let line = toks[i].1;
        match &toks[i].0 {
            Tok::Punct('#') => {
                let open = if is(toks.get(i + 1), '!') { i + 2 } else { i + 1 };
                if is(toks.get(open), '[') {
                    let end = closing(&toks, open, ('[', ']'));
                    let attr: Vec<&Tok> = toks[open + 1..end - 1].iter().map(|t| &t.0).collect();
                    let word = |w: &str| Tok::Ident(w.into());
                    test_attr |= attr == [&word("cfg"), &Tok::Punct('('), &word("test"), &Tok::Punct(')')];
                    if attr.first() == Some(&&word("path")) {
                        found.unreadable.push(format!("line {line}: #[path] is not followed"));
                    }
                    i = end;
                    continue;
                }
            }
            Tok::Ident(w) if w == "pub" => {
                i += 1;
                if is(toks.get(i), '(') {
                    i = closing(&toks, i, ('(', ')'));
                }
                continue;
            }
            Tok::Ident(w) if w == "mod" && ident(toks.get(i + 1)).is_some() => {
                let name = ident(toks.get(i + 1)).unwrap_or_default().to_string();
                let test = test_attr || in_test;
                if is(toks.get(i + 2), ';') {
                    if !in_test {
                        found.declared.push((around, name, test));
                    }
                } else if is(toks.get(i + 2), '{') {
                    depth += 1;
                    if !test {
                        found.inline.push([around, vec![name.clone()]].concat());
                    }
                    inline.push((name, depth, test));
                }
                i += 3;
                test_attr = false;
                continue;
            }
            Tok::Ident(w) if w == "use" && !in_test => {
                let mut end = i + 1;
                while end < toks.len() && !is(toks.get(end), ';') {
                    end += 1;
                }
                let mut paths = Vec::new();
                use_tree(&toks[i + 1..end], &mut 0, &[], &mut paths);
                for path in paths {
                    found.paths.push((line, around.clone(), path));
                }
                i = end + 1;
                test_attr = false;
                continue;
            }
            Tok::Ident(first)
                if !in_test
                    && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::PathSep)
                    && (i == 0 || toks[i - 1].0 != Tok::PathSep) =>
            {
                let mut path = vec![first.clone()];
                i += 1;
                while toks.get(i).map(|t| &t.0) == Some(&Tok::PathSep) {
                    let Some(next) = ident(toks.get(i + 1)) else { break };
                    path.push(next.to_string());
                    i += 2;
                }
                found.paths.push((line, around, path));
                test_attr = false;
                continue;
            }
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        test_attr = false;
        i += 1;
    }
    found
}

/// The files of one crate and the imports between them.
#[derive(Debug, Default)]
struct ImportGraph {
    /// Every file reached from the crate root, test modules' files included, with the
    /// module it holds.
    files: BTreeMap<PathBuf, Vec<String>>,
    /// For each file, the files it imports, each with the line of its first import.
    edges: BTreeMap<PathBuf, BTreeMap<PathBuf, usize>>,
}

/// Reads the crate whose root file is `root` through `read` (a file's text, or `None`
/// where there is no file), following its `mod` declarations.
fn import_graph(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Result<ImportGraph, String> {
    // Module path → the file that holds it, and each non-test file's imports.
    let mut modules: BTreeMap<Vec<String>, PathBuf> = BTreeMap::new();
    let mut imports: Vec<(PathBuf, Vec<String>, FileImports)> = Vec::new();
    let mut graph = ImportGraph::default();
    let mut todo = vec![(root.to_path_buf(), Vec::<String>::new(), true, false)];
    while let Some((file, module, mod_rs, test)) = todo.pop() {
        let text = read(&file).ok_or_else(|| format!("cannot read {}", file.display()))?;
        let found = read_imports(&text);
        if let Some(why) = found.unreadable.first() {
            return Err(format!("{}: {why}", file.display()));
        }
        graph.files.insert(file.clone(), module.clone());
        modules.insert(module.clone(), file.clone());
        // A file's children live beside it if it is a crate root or a mod.rs, else in a
        // folder of its name.
        let own = if mod_rs {
            file.parent().unwrap_or(Path::new("")).to_path_buf()
        } else {
            file.with_extension("")
        };
        for (around, name, child_test) in &found.declared {
            let dir = around.iter().fold(own.clone(), |d, m| d.join(m));
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(name).join("mod.rs");
            let (child, child_mod_rs) = match (read(&flat).is_some(), read(&nested).is_some()) {
                (true, false) => (flat, false),
                (false, true) => (nested, true),
                _ => return Err(format!("{}: mod {name} has no single file", file.display())),
            };
            let path = [module.clone(), around.clone(), vec![name.clone()]].concat();
            todo.push((child, path, child_mod_rs, test || *child_test));
        }
        if !test {
            for inline in &found.inline {
                modules.insert([module.clone(), inline.clone()].concat(), file.clone());
            }
            imports.push((file, module, found));
        }
    }
    for (file, module, found) in imports {
        for (line, around, segments) in found.paths {
            let here = [module.clone(), around].concat();
            let Some(target) = absolute(&here, &segments, &modules) else {
                continue;
            };
            let Some(to) = (0..=target.len()).rev().find_map(|n| modules.get(&target[..n])) else {
                continue;
            };
            if *to != file {
                graph
                    .edges
                    .entry(file.clone())
                    .or_default()
                    .entry(to.clone())
                    .or_insert(line);
            }
        }
    }
    Ok(graph)
}

/// The module a path names, from the module `here` it is written in; `None` for a path
/// outside the crate (another crate, a type's associated item).
fn absolute(here: &[String], segments: &[String], modules: &BTreeMap<Vec<String>, PathBuf>) -> Option<Vec<String>> {
    let first = segments.first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &segments[1..]),
        "self" => (here.to_vec(), &segments[1..]),
        "super" => {
            let supers = segments.iter().take_while(|s| *s == "super").count();
            (here[..here.len().checked_sub(supers)?].to_vec(), &segments[supers..])
        }
        // A child module named without `self::` (2018 paths).
        child if modules.contains_key(&[here, &[child.to_string()]].concat()) => (here.to_vec(), segments),
        _ => return None,
    };
    base.extend(rest.iter().filter(|s| *s != "self" && *s != "*").cloned());
    Some(base)
}

/// A graph to find cycles in: nodes by name, and for each edge where it comes from
/// (`markdown.rs:24`).
#[derive(Debug, Default)]
struct Graph {
    nodes: BTreeSet<String>,
    edges: BTreeMap<String, BTreeMap<String, String>>,
}

impl Graph {
    fn add(&mut self, from: String, to: String, at: String) {
        self.nodes.insert(from.clone());
        self.nodes.insert(to.clone());
        self.edges.entry(from).or_default().entry(to).or_insert(at);
    }
}

fn relative(file: &Path, base: &Path) -> String {
    file.strip_prefix(base).unwrap_or(file).display().to_string()
}

/// The files as nodes: `markdown.rs:24 → sanitize.rs`.
fn file_graph(g: &ImportGraph, base: &Path) -> Graph {
    let mut graph = Graph::default();
    for (from, to) in &g.edges {
        for (to, line) in to {
            let at = format!("{}:{line}", relative(from, base));
            graph.add(relative(from, base), relative(to, base), at);
        }
    }
    graph
}

/// For each module with children: its own file and each child with everything under
/// it as one node, so that two modules whose files do not import one another in a
/// cycle still may not (`calculator` → `charts.rs` → `calculator/state.rs`).
fn module_graphs(g: &ImportGraph, base: &Path) -> Vec<Graph> {
    let parents: BTreeSet<&[String]> = g.files.values().flat_map(|m| (0..m.len()).map(|n| &m[..n])).collect();
    let mut graphs = Vec::new();
    for parent in parents {
        let node = |file: &PathBuf| {
            let module = g.files.get(file)?.strip_prefix(parent)?;
            Some(match module.first() {
                None => relative(file, base),
                Some(child) => [parent, std::slice::from_ref(child)].concat().join("::"),
            })
        };
        let mut graph = Graph::default();
        for (from, to) in &g.edges {
            for (to, line) in to {
                if let (Some(a), Some(b)) = (node(from), node(to)) {
                    if a != b {
                        let at = format!("{a} ({}:{line})", relative(from, base));
                        graph.add(a, b, at);
                    }
                }
            }
        }
        graphs.push(graph);
    }
    graphs
}

/// A cycle: where each node's edge to the next comes from, the last leading back to
/// the first node.
type Cycle = Vec<String>;

/// One cycle for each set of nodes that reach one another, with the whole set.
fn cycles(graph: &Graph) -> Vec<(Cycle, Vec<String>)> {
    // Tarjan's strongly connected components.
    #[derive(Default)]
    struct Walk {
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        sets: Vec<Vec<String>>,
    }
    fn visit(n: &String, graph: &Graph, w: &mut Walk) {
        let i = w.index.len();
        w.index.insert(n.clone(), i);
        w.low.insert(n.clone(), i);
        w.stack.push(n.clone());
        for to in graph.edges.get(n).into_iter().flat_map(|e| e.keys()) {
            if !w.index.contains_key(to) {
                visit(to, graph, w);
                let low = w.low[n].min(w.low[to]);
                w.low.insert(n.clone(), low);
            } else if w.stack.contains(to) {
                let low = w.low[n].min(w.index[to]);
                w.low.insert(n.clone(), low);
            }
        }
        if w.low[n] == w.index[n] {
            let at = w.stack.iter().position(|s| s == n).unwrap_or(0);
            w.sets.push(w.stack.split_off(at));
        }
    }
    let mut w = Walk::default();
    for n in &graph.nodes {
        if !w.index.contains_key(n) {
            visit(n, graph, &mut w);
        }
    }
    let mut found = Vec::new();
    for mut set in w.sets.into_iter().filter(|s| s.len() > 1) {
        set.sort();
        // The shortest way from the set's first node back to it, within the set.
        let start = set[0].clone();
        let mut from: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        'search: while let Some(n) = queue.pop_front() {
            for to in graph.edges.get(&n).into_iter().flat_map(|e| e.keys()) {
                if !set.contains(to) || from.contains_key(to) {
                    continue;
                }
                from.insert(to.clone(), n.clone());
                if *to == start {
                    break 'search;
                }
                queue.push_back(to.clone());
            }
        }
        let mut path = vec![start.clone()];
        let mut n = from.get(&start).cloned().unwrap_or_default();
        while n != start && path.len() <= set.len() {
            path.push(n.clone());
            n = from.get(&n).cloned().unwrap_or_default();
        }
        path[1..].reverse();
        let hops = (0..path.len()).map(|k| graph.edges[&path[k]][&path[(k + 1) % path.len()]].clone());
        found.push((hops.collect(), set));
    }
    found
}

/// How a cycle reads in a failure: `a.rs:12 → b.rs:3 → a.rs`.
fn named((cycle, set): &(Cycle, Vec<String>)) -> String {
    let mut text = format!("{} → {}", cycle.join(" → "), set[0]);
    if set.len() > cycle.len() {
        text += &format!("\n    (all of {} reach one another)", set.join(", "));
    }
    text
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The import graph of each crate of the workspace (the app's binaries are crates of
/// their own), with the directory its files are named from.
fn workspace_graphs() -> Vec<(&'static str, PathBuf, ImportGraph)> {
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let mut graphs = Vec::new();
    for dir in SOURCES {
        let src = root().join(dir);
        let mut roots: Vec<PathBuf> = ["lib.rs", "main.rs"]
            .iter()
            .map(|f| src.join(f))
            .filter(|p| p.is_file())
            .collect();
        if src.join("bin").is_dir() {
            rust_files(&src.join("bin"), &mut roots);
        }
        let mut reached = BTreeSet::new();
        for crate_root in &roots {
            let graph = import_graph(crate_root, &read).unwrap_or_else(|e| panic!("{e}"));
            // A reader that went blind would find no cycle either.
            assert!(
                graph.files.len() == 1 || !graph.edges.is_empty(),
                "no imports read under {dir}"
            );
            reached.extend(graph.files.keys().cloned());
            graphs.push((*dir, src.clone(), graph));
        }
        let mut all = Vec::new();
        rust_files(&src, &mut all);
        let unseen: Vec<_> = all.iter().filter(|f| !reached.contains(*f)).collect();
        assert!(
            unseen.is_empty(),
            "no crate root reaches {unseen:?}: the cycle tests cannot read them"
        );
    }
    graphs
}

/// Architecture invariant: the files of each crate import one another without a cycle.
/// Each file sits below the files that import it, so a change to one reaches only
/// the files above it.
#[test]
fn the_files_of_each_crate_import_one_another_without_a_cycle() {
    let mut failures = Vec::new();
    for (dir, src, graph) in workspace_graphs() {
        for cycle in cycles(&file_graph(&graph, &src)) {
            failures.push(format!("{dir}: {}", named(&cycle)));
        }
    }
    assert!(
        failures.is_empty(),
        "the files of a crate import one another in a cycle (line of each import given); move what they share \
         into a module both import:\n{}",
        failures.join("\n")
    );
}

/// Architecture invariant, at the level of modules: within each module, its own file
/// and its children (each with everything under it) import one another without a
/// cycle, so a module can be read after those it imports, never alongside them.
#[test]
fn the_modules_of_each_crate_import_one_another_without_a_cycle() {
    let mut failures = Vec::new();
    for (dir, src, graph) in workspace_graphs() {
        for module_graph in module_graphs(&graph, &src) {
            for cycle in cycles(&module_graph) {
                failures.push(format!("{dir}: {}", named(&cycle)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "the modules of a crate import one another in a cycle (an import of each given); move what one needs \
         of the other below both, or the one under the other:\n{}",
        failures.join("\n")
    );
}

/// A crate in memory: (file, text) pairs.
fn crate_of(files: &[(&str, &str)]) -> ImportGraph {
    let files: BTreeMap<PathBuf, String> = files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())).collect();
    import_graph(Path::new("lib.rs"), &|p: &Path| files.get(p).cloned()).expect("a crate")
}

fn file_cycles(graph: &ImportGraph) -> Vec<String> {
    cycles(&file_graph(graph, Path::new(""))).iter().map(named).collect()
}

fn module_cycles(graph: &ImportGraph) -> Vec<String> {
    module_graphs(graph, Path::new(""))
        .iter()
        .flat_map(cycles)
        .map(|c| named(&c))
        .collect()
}

#[test]
fn a_cycle_through_a_re_export_fails_and_names_its_files() {
    // The content crate's old cycle: markdown re-exported a vocab name that sanitize
    // read through it, while markdown and its child raw read sanitize.
    let graph = crate_of(&[
        ("lib.rs", "pub mod markdown;\npub mod sanitize;\n"),
        (
            "markdown.rs",
            "mod raw;\nuse crate::sanitize::{self, EXTERNAL_REL};\npub use vocab::names::MISSING;\n",
        ),
        ("markdown/raw.rs", "use crate::sanitize::link_allowed;\n"),
        ("sanitize.rs", "use vocab::names;\n\nuse crate::markdown::MISSING;\n"),
    ]);
    assert_eq!(file_cycles(&graph), ["markdown.rs:2 → sanitize.rs:3 → markdown.rs"]);
    assert_eq!(
        module_cycles(&graph),
        ["markdown (markdown/raw.rs:1) → sanitize (sanitize.rs:3) → markdown"]
    );
}

#[test]
fn a_parent_and_its_child_that_import_each_other_are_a_cycle() {
    let graph = crate_of(&[
        ("lib.rs", "mod charts;\n"),
        (
            "charts.rs",
            "mod svg;\npub struct Frame;\nfn draw() { svg::render(); }\n",
        ),
        ("charts/svg.rs", "use super::{Frame};\npub fn render() {}\n"),
    ]);
    assert_eq!(file_cycles(&graph), ["charts.rs:3 → charts/svg.rs:1 → charts.rs"]);
}

#[test]
fn two_modules_that_import_each_other_through_different_files_are_a_cycle() {
    // The app's old loop: the calculator showed the charts, the charts read the
    // calculator's state; no two files import each other.
    let graph = crate_of(&[
        ("lib.rs", "mod calculator;\nmod charts;\n"),
        ("calculator/mod.rs", "pub mod state;\nuse crate::charts::ChartFigure;\n"),
        ("calculator/state.rs", "pub struct CalcState;\n"),
        (
            "charts.rs",
            "use crate::calculator::state::CalcState;\npub fn ChartFigure() {}\n",
        ),
    ]);
    assert!(file_cycles(&graph).is_empty());
    assert_eq!(
        module_cycles(&graph),
        ["calculator (calculator/mod.rs:2) → charts (charts.rs:1) → calculator"]
    );
    // Moved under the calculator, the charts sit between its file and its state.
    let graph = crate_of(&[
        ("lib.rs", "mod calculator;\n"),
        (
            "calculator/mod.rs",
            "pub mod charts;\npub mod state;\nuse charts::ChartFigure;\n",
        ),
        ("calculator/state.rs", "pub struct CalcState;\n"),
        (
            "calculator/charts.rs",
            "use super::state::CalcState;\npub fn ChartFigure() {}\n",
        ),
    ]);
    assert!(file_cycles(&graph).is_empty() && module_cycles(&graph).is_empty());
}

#[test]
fn imports_are_read_from_use_trees_and_paths_but_not_from_tests_comments_or_strings() {
    let graph = crate_of(&[
        ("lib.rs", "pub mod a;\npub mod b;\nmod c;\nmod d;\n"),
        (
            "a.rs",
            "// use crate::c;\n/* crate::c::X /* nested */ crate::c::Y */\nconst S: &str = \"crate::c::x\";\n\
             const R: &str = r#\"crate::c::\"x\"#;\nfn f<'a>(x: &'a str) -> char { 'c' }\n\
             use crate::{b::{self, X as Y}, d::*};\n#[cfg(test)]\nmod tests {\n    use crate::c::Z;\n}\n",
        ),
        ("b.rs", "pub fn g() { let _ = crate::c::h(); }\n"),
        ("c/mod.rs", "mod e;\npub fn h() { e::i() }\n"),
        ("c/e.rs", "pub fn i() { super::super::d::j(); }\n"),
        ("d.rs", "pub fn j() {}\n"),
    ]);
    let edges: Vec<(String, String)> = file_graph(&graph, Path::new(""))
        .edges
        .iter()
        .flat_map(|(f, to)| to.keys().map(|t| (f.clone(), t.clone())))
        .collect();
    assert_eq!(
        edges,
        [
            ("a.rs", "b.rs"),
            ("a.rs", "d.rs"),
            ("b.rs", "c/mod.rs"),
            ("c/e.rs", "d.rs"),
            ("c/mod.rs", "c/e.rs")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    assert!(file_cycles(&graph).is_empty() && module_cycles(&graph).is_empty());
}

#[test]
fn a_test_module_in_its_own_file_imports_nothing() {
    let graph = crate_of(&[
        ("lib.rs", "mod a;\n#[cfg(test)]\nmod tests;\n"),
        ("a.rs", ""),
        ("tests.rs", "use crate::a;\n"),
    ]);
    assert!(graph.edges.is_empty());
    assert_eq!(graph.files.len(), 3);
}

/// The paths of the content crate's loaders that only [`content::build`] may call:
/// whatever a program does with content, it gets it through that one seam.
const BEHIND_THE_SEAM: &[&[&str]] = &[
    &["content", "load"],
    &["content", "site", "load"],
    &["content", "site", "load_presets_only"],
    &["content", "files", "bundle"],
    &["content", "llms", "machine_files"],
];

/// Where, outside test modules, `src` calls one of the loaders behind the seam:
/// `line N: a::b`.
fn calls_behind_the_seam(src: &str) -> Vec<String> {
    let toks = lex(src);
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        // A test module (`#[cfg(test)] mod name { … }`) may look inside.
        if is(toks.get(i), '#') && is(toks.get(i + 1), '[') {
            let end = closing(&toks, i + 1, ('[', ']'));
            let attr: Vec<Option<&str>> = toks[i + 2..end - 1].iter().map(|t| ident(Some(t))).collect();
            if attr == [Some("cfg"), None, Some("test"), None] && ident(toks.get(end)) == Some("mod") {
                i = if is(toks.get(end + 2), '{') {
                    closing(&toks, end + 2, ('{', '}'))
                } else {
                    end
                };
                continue;
            }
            i = end;
            continue;
        }
        for path in BEHIND_THE_SEAM {
            let matches = path.iter().enumerate().all(|(k, word)| {
                ident(toks.get(i + 2 * k)) == Some(word)
                    && (k == 0 || toks.get(i + 2 * k - 1).map(|t| &t.0) == Some(&Tok::PathSep))
            });
            if matches {
                found.push(format!("line {}: {}", toks[i].1, path.join("::")));
            }
        }
        i += 1;
    }
    found
}

/// Architecture invariant: programs read content through one seam. The build script,
/// the app and xtask call `content::build` (or `content::build_presets`), never the
/// loaders behind it, so the content is parsed and checked the same way for each.
#[test]
fn programs_read_content_through_one_seam() {
    let mut files = vec![root().join("build.rs")];
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("xtask/src"), &mut files);
    let mut found = Vec::new();
    for file in &files {
        let src = std::fs::read_to_string(file).expect("a source file");
        for call in calls_behind_the_seam(&src) {
            found.push(format!("{}: {call}", relative(file, &root())));
        }
    }
    assert!(found.is_empty(), "calls past content::build: {found:?}");
    // The seam itself is in use, so the reader is not blind.
    let build = std::fs::read_to_string(root().join("build.rs")).expect("build.rs");
    assert!(build.contains("content::build"));
}

#[test]
fn a_call_past_the_seam_is_found_outside_test_modules_only() {
    let src = "fn a() { let s = content::load(root, \"/\"); }\n\
               #[cfg(test)]\nmod tests { fn b() { content::site::load(r, b); } }\n\
               fn c() { content::files::bundle(&s, b); content::build(r, b); }";
    assert_eq!(
        calls_behind_the_seam(src),
        ["line 1: content::load", "line 4: content::files::bundle"]
    );
}

/// Architecture invariant: xtask runs the site program, it does not link it. What
/// ships (pages, policy, service worker) is `crates/site`'s alone; xtask knows only
/// its command line.
#[test]
fn xtask_does_not_link_the_site_program() {
    let xtask = manifest("xtask");
    for section in ["dependencies", "build-dependencies", "dev-dependencies"] {
        assert!(
            !named_in(&xtask, section).contains(&"site"),
            "xtask names site in [{section}]"
        );
    }
    let dist = std::fs::read_to_string(root().join("xtask/src/dist.rs")).expect("dist.rs");
    assert!(dist.contains("\"--package\", \"site\""), "dist builds the site program");
}

/// The file allowed to take HTML apart: the page writer.
const PAGE_WRITER: &[&str] = &["crates/site/src/document.rs"];

/// Methods that cut or patch a string where their argument is found.
const SURGERY: &[&str] = &[
    "replace",
    "replacen",
    "replace_range",
    "insert_str",
    "find",
    "rfind",
    "split",
    "split_once",
    "match_indices",
    "strip_prefix",
    "strip_suffix",
];

/// Where, outside test modules, `src` calls one of [`SURGERY`] with a literal that
/// starts with a tag (`"</head"`, `"<title>"`, `format!("<{tag}")`): `line N: .method("…")`.
fn html_surgery(src: &str) -> Vec<String> {
    let code = src.split("#[cfg(test)]\nmod tests").next().unwrap_or(src);
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        for method in SURGERY {
            let call = format!(".{method}(");
            let mut rest = line;
            while let Some(at) = rest.find(&call) {
                let args = &rest[at + call.len()..];
                // A literal among the call's arguments (up to the line's end) that
                // starts with a tag.
                let tag = args.split('"').skip(1).step_by(2).any(|lit| {
                    let mut chars = lit.chars();
                    chars.next() == Some('<')
                        && chars
                            .next()
                            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '{'))
                });
                if tag {
                    found.push(format!("line {}: {}", n + 1, line.trim()));
                }
                rest = args;
            }
        }
    }
    found
}

/// Architecture invariant: pages are written, not patched. Outside the page writer no
/// code finds, cuts or replaces a tag in a string of HTML; every document is written
/// top to bottom by `crates/site/src/document.rs`.
#[test]
fn no_html_is_patched_outside_the_page_writer() {
    let mut files = vec![root().join("build.rs")];
    for dir in SOURCES {
        rust_files(&root().join(dir), &mut files);
    }
    let mut found = Vec::new();
    for file in &files {
        let name = relative(file, &root());
        if PAGE_WRITER.contains(&name.as_str()) {
            continue;
        }
        let src = std::fs::read_to_string(file).expect("a source file");
        for call in html_surgery(&src) {
            found.push(format!("{name}: {call}"));
        }
    }
    assert!(
        found.is_empty(),
        "HTML patched outside the page writer:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_patch_of_html_is_found_outside_test_modules_only() {
    let src = "fn a(h: &str) -> String { h.replace(\"<title>\", \"<title>x\") }\n\
               fn b(h: &mut String) { let at = h.find(\"</head\").unwrap(); h.insert_str(at, \"<meta>\"); }\n\
               fn c(h: &str) -> Option<usize> { h.find(&format!(\"<{tag}\")) }\n\
               fn d(s: &str) -> String { s.replace('.', \",\").replace(\"a<b\", \"\") }\n\
               #[cfg(test)]\nmod tests { fn e(h: &str) { h.replace(\"<p>\", \"\"); } }\n";
    let found = html_surgery(src);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(
        found[0].starts_with("line 1:") && found[3].starts_with("line 3:"),
        "{found:?}"
    );
}
