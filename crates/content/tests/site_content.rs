//! The project's own content: it builds, and the worked examples come out right.

use std::path::Path;

use content::markdown::Segment;

fn site() -> content::Site {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    content::load(&root, "/")
}

fn html(site: &content::Site, lang: &str, slug: &str) -> String {
    let e = site
        .entries
        .iter()
        .find(|e| e.lang == lang && e.front.slug == slug)
        .expect("entry exists");
    e.body
        .segments
        .iter()
        .filter_map(|s| match s {
            Segment::Html(h) => Some(h.as_str()),
            Segment::Calculator(_) => None,
        })
        .collect()
}

/// The prose files hold HTML, but no data file is named as a page: opened on its
/// own, a `.html` file would be a page of the site's origin (GitHub Pages serves it
/// as `text/html`) without the pages' Content-Security-Policy.
#[test]
fn no_data_file_is_named_as_a_page() {
    let bundle = content::files::bundle(&site());
    let prose: Vec<&str> = bundle
        .files
        .iter()
        .map(|(p, _)| p.as_str())
        .filter(|p| p.starts_with("prose/"))
        .collect();
    assert!(!prose.is_empty());
    for path in prose {
        assert!(path.ends_with(".txt"), "{path}");
    }
    for (path, _) in &bundle.files {
        let lower = path.to_ascii_lowercase();
        assert!(
            ![".html", ".htm", ".xhtml", ".svg", ".xml"]
                .iter()
                .any(|ext| lower.ends_with(ext)),
            "{path}"
        );
    }
}

/// No errors and no warnings: no typed figure, no context beyond a model's.
#[test]
fn content_builds_without_errors_or_warnings() {
    let site = site();
    let report = content::Report::of(&site).to_string();
    assert!(site.diagnostics.is_empty(), "{report}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let files: usize = ["de", "en"]
        .iter()
        .map(|lang| std::fs::read_dir(root.join(lang)).map_or(0, |d| d.count()))
        .sum();
    assert_eq!(site.entries.len(), files, "{report}");
    // Every concept in both languages.
    assert!(site.entries.iter().all(|e| e.translation.is_some()), "{report}");
}

/// Whether `html` shows each of `figures` as a whole inline value, written with `~`
/// for the no-break space (`&nbsp;` in HTML) and `_` for the narrow no-break space.
fn shows(html: &str, figures: &[&str]) -> bool {
    figures.iter().all(|f| {
        let f = f.replace('~', "&nbsp;").replace('_', "\u{202f}");
        html.contains(&format!(">{f}<"))
    })
}

/// The headline example, a 7B model in FP16: 14.0 GB of weights, 7.0 ms at the
/// rounded 2.0 TB/s the worked example uses, 6.9 ms at the A100 80GB's datasheet
/// 2,039 GB/s (the calculator's), 4.18 ms on an H100 SXM.
#[test]
fn worked_examples_appear_in_the_prose() {
    let site = site();
    let de = html(&site, "de", "memory-bound");
    let en = html(&site, "en", "memory-bound");
    assert!(shows(&en, &["14.0~GB", "2.0~TB/s", "7.0~ms", "143~tokens/s"]), "{en}");
    assert!(shows(&de, &["14,0~GB", "2,0~TB/s", "7,0~ms", "143~Token/s"]), "{de}");
    assert!(
        shows(
            &en,
            &["2.039~TB/s", "6.9~ms", "146~tokens/s", "4.18~ms", "239~tokens/s"]
        ),
        "{en}"
    );
    assert!(
        shows(&de, &["2,039~TB/s", "6,9~ms", "146~Token/s", "4,18~ms", "239~Token/s"]),
        "{de}"
    );
    // Llama-2-7B itself is named with its own parameter count, not the example's.
    assert!(shows(&en, &["6.74~billion"]), "{en}");
    assert!(shows(&de, &["6,74~Milliarden"]), "{de}");
    // A 32k-token request's KV cache: its bytes where bandwidth reads them, and
    // the same in GB and GiB where the KV cache is explained.
    let bw_en = html(&site, "en", "memory-bandwidth");
    let bw_de = html(&site, "de", "speicherbandbreite");
    assert!(shows(&bw_en, &["4.29~GB", "32,768"]), "{bw_en}");
    assert!(shows(&bw_de, &["4,29~GB", "32_768"]), "{bw_de}");
    let kv_en = html(&site, "en", "kv-cache");
    let kv_de = html(&site, "de", "kv-cache");
    assert!(shows(&kv_en, &["4.29~GB", "4.00~GiB", "32,768"]), "{kv_en}");
    assert!(shows(&kv_de, &["4,29~GB", "4,00~GiB", "32_768"]), "{kv_de}");
}

#[test]
fn math_is_mathml_and_pairs_are_linked() {
    let site = site();
    let bw = html(&site, "en", "memory-bandwidth");
    assert!(bw.contains("<math display=\"block\">"), "{bw}");
    assert!(bw.contains("<mfrac>"));
    let e = site
        .entries
        .iter()
        .find(|e| e.front.slug == "memory-bandwidth")
        .unwrap();
    let t = e.translation.expect("translated");
    assert_eq!(site.entries[t].front.slug, "speicherbandbreite");
    let mb = html(&site, "en", "memory-bound");
    assert!(mb.contains("<a class=\"xref\" href=\"/en/memory-bandwidth\">"), "{mb}");
    assert!(mb.contains("rel=\"noopener noreferrer\""));
}

#[test]
fn every_related_term_of_the_first_two_concepts_has_an_entry() {
    let site = site();
    // Memory-bound (G389) and memory bandwidth (G9001), in both languages.
    let first_two = ["memory-bound", "memory-bandwidth", "speicherbandbreite"];
    for e in site
        .entries
        .iter()
        .filter(|e| first_two.contains(&e.front.slug.as_str()))
    {
        for r in &e.body.related {
            assert!(r.target.is_some(), "{}: {} has no entry", e.path, r.term);
        }
    }
    // Whatever is listed as not yet written really has no entry under any name.
    let names: Vec<(String, String)> = site
        .entries
        .iter()
        .flat_map(|e| {
            std::iter::once(&e.front.term)
                .chain(&e.front.variants)
                .map(|n| (e.lang.clone(), content::site::fold(n)))
        })
        .collect();
    for n in &site.not_yet_written {
        assert!(
            !names.contains(&(n.lang.clone(), content::site::fold(&n.term))),
            "{} has an entry",
            n.term
        );
    }
}

/// The speculative-decoding entry shows Leviathan et al.'s figures, computed: 3.69
/// tokens per step at α = 0.8 and five draft tokens (Table 1), 1.25 for a bigram
/// draft at α = 0.2 and three (Section 3.6), and its scenario's speed-up.
#[test]
fn speculative_decoding_shows_the_papers_figures() {
    let site = site();
    let en = html(&site, "en", "speculative-decoding");
    let de = html(&site, "de", "speculative-decoding");
    assert!(shows(&en, &["3.69", "1.25", "0.8", "2.20~×", "296~tokens/s"]), "{en}");
    assert!(shows(&de, &["3,69", "1,25", "0,8", "2,20~×", "296~Token/s"]), "{de}");
}

/// The keys of a calculator block that set a figure of its model preset: anything
/// that makes the scenario's model differ from the published one.
const MODEL_FIGURE_KEYS: &[&str] = &[
    "params_b",
    "active_params_b",
    "experts",
    "active_experts",
    "shared_experts",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "head_dim",
    "vocab",
    "sliding_window",
    "sliding_layers",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "expert_weights",
    "max_context",
];

/// The keys of a calculator block that set a figure of its device preset.
const HARDWARE_FIGURE_KEYS: &[&str] = &[
    "memory_gb",
    "bandwidth_gb_s",
    "fp16_tflops",
    "fp8_tflops",
    "int8_tops",
    "fp32_tflops",
];

/// The YAML of each ```` ```roofline ```` block of a Markdown file, with the file's
/// line of the block's first line, unindented as far as its fence is (a block in a
/// list item).
fn roofline_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None => {
                if trimmed.starts_with("```roofline") {
                    open = Some((i + 2, line.len() - trimmed.len(), String::new()));
                }
            }
            Some((first, _, yaml)) if trimmed.starts_with("```") => blocks.push((first, yaml)),
            Some((first, indent, mut yaml)) => {
                let cut = line.char_indices().nth(indent).map_or(line.len(), |(at, _)| at);
                let (margin, rest) = line.split_at(cut);
                yaml.push_str(if margin.trim().is_empty() { rest } else { trimmed });
                yaml.push('\n');
                open = Some((first, indent, yaml));
            }
        }
    }
    blocks
}

/// A calculator block takes its model and device exactly as the presets publish
/// them: no key of it changes a figure of a preset it names. Otherwise the
/// calculator shows both menus as "edited" before the reader has touched anything,
/// and the prose, which quotes the presets, contradicts it (an A100 80GB whose
/// ridge point is 153 FLOP/byte in the text and 156 in the calculator). Workload
/// keys, data types and speculative decoding are the block's own.
#[test]
fn no_calculator_block_changes_a_figure_of_its_presets() {
    let site = site();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut problems = Vec::new();
    let (mut fences, mut blocks) = (0, 0);
    for e in &site.entries {
        // As written: no key that sets a figure of a preset, not even to its own value.
        let text = std::fs::read_to_string(root.join(&e.path)).expect("entry file");
        for (line, yaml) in roofline_blocks(&text) {
            fences += 1;
            let keys: serde_yaml::Mapping = serde_yaml::from_str(&yaml).expect("a block is a YAML mapping");
            let named = |preset: &str| keys.get(preset).and_then(|v| v.as_str()).unwrap_or("?").to_string();
            for key in keys.keys().filter_map(|k| k.as_str()) {
                let preset = if MODEL_FIGURE_KEYS.contains(&key) {
                    format!("model `{}`", named("model"))
                } else if HARDWARE_FIGURE_KEYS.contains(&key) {
                    format!("hardware `{}`", named("hardware"))
                } else {
                    continue;
                };
                let at = yaml
                    .lines()
                    .position(|l| l.starts_with(&format!("{key}:")))
                    .map_or(line, |i| line + i);
                problems.push(format!(
                    "{}:{at}: calculator block: `{key}` changes a figure of {preset}; use the preset as published",
                    e.path
                ));
            }
        }
        // As built: the scenario's model and device are the presets' own.
        for c in &e.body.calculators {
            blocks += 1;
            let preset = site.presets.model(&c.model_id).expect("the block's model is a preset");
            let (m, p) = (&c.scenario.model, &preset.model);
            let model = [
                ("params_b", m.params != p.params),
                ("active_params_b", m.active_params != p.active_params),
                ("layers", m.layers != p.layers),
                ("heads", m.heads != p.heads),
                ("kv_heads", m.kv_heads != p.kv_heads),
                ("head_dim", m.head_dim != p.head_dim),
                ("", m != p),
            ];
            let preset = site
                .presets
                .hardware(&c.hardware_id)
                .expect("the block's device is a preset");
            let (h, p) = (&c.scenario.hardware, &preset.hardware);
            let hardware = [
                ("memory_gb", h.memory != p.memory),
                ("bandwidth_gb_s", h.bandwidth != p.bandwidth),
                ("fp16_tflops", h.peaks.fp16 != p.peaks.fp16),
                ("", h != p),
            ];
            for (kind, id, fields) in [
                ("model", &c.model_id, &model[..]),
                ("hardware", &c.hardware_id, &hardware[..]),
            ] {
                // The first key that differs; none named where only another figure does.
                if let Some((key, _)) = fields.iter().find(|(_, differs)| *differs) {
                    let key = if key.is_empty() {
                        String::new()
                    } else {
                        format!(" in `{key}`")
                    };
                    problems.push(format!(
                        "{}: the calculator's scenario differs from {kind} `{id}`{key}",
                        e.path
                    ));
                }
            }
        }
    }
    assert_eq!(fences, blocks, "every block of the entries' files was read both ways");
    assert!(blocks > 30, "only {blocks} calculator blocks");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The formulas with a control space (`\ `) show a space, not the text `&nbsp;`.
#[test]
fn control_spaces_in_the_entries_formulas_are_spaces() {
    let site = site();
    for (lang, slug) in [
        ("en", "quantization"),
        ("de", "quantisierung"),
        ("de", "multi-head-latent-attention"),
    ] {
        let html = html(&site, lang, slug);
        assert!(!html.contains("&amp;nbsp;"), "{lang}/{slug}");
        assert!(html.contains(r#"<mspace width="0.3333em">"#), "{lang}/{slug}");
    }
}

/// The glossary for machines holds every entry: `llms.txt` links each entry's
/// Markdown, each Markdown has its term and every figure of its page written out for
/// the example (no `{{…}}`, no calculator YAML left), and `llms-full.txt` of a
/// language holds every entry of it.
#[test]
fn llms_txt_and_the_markdown_hold_every_entry_with_its_figures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let site = site();
    let source = |e: &content::site::Entry| std::fs::read_to_string(root.join(&e.path)).ok();
    let files = content::llms::machine_files(&site, "https://example.org/g/", &source);
    let file = |path: &str| {
        files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.text.as_str())
            .unwrap_or_else(|| panic!("{path} is written"))
    };
    let index = file("llms.txt");
    assert!(index.starts_with("# Glossary of LLM inference\n\n> "), "{index}");
    for lang in ["en", "de"] {
        assert!(index.contains(&format!("(https://example.org/g/{lang}/llms-full.txt)")));
    }
    for e in &site.entries {
        let url = format!("https://example.org/g/{}/{}.md", e.lang, e.front.slug);
        assert!(index.contains(&format!("- [{}]({url}): ", e.front.term)), "{url}");
        let md = file(&format!("{}/{}.md", e.lang, e.front.slug));
        assert!(md.starts_with(&format!("# {}\n\n> ", e.front.term)), "{}", e.path);
        assert!(!md.contains("{{") && !md.contains("```roofline"), "{}", e.path);
        assert!(file(&format!("{}/llms-full.txt", e.lang)).contains(&format!("\n# {}\n", e.front.term)));
        let locale = if e.lang == "de" {
            roofline::Locale::De
        } else {
            roofline::Locale::En
        };
        let Some(block) = e.body.calculators.first() else {
            continue;
        };
        let read = md_text(md);
        for v in &e.body.inline {
            let scenario = block.scenario;
            let text = v.render(&scenario, locale).expect("the build computed it");
            assert!(read.contains(&text), "{}: {text}", e.path);
        }
    }
    // Links between entries lead to their Markdown.
    assert!(file("en/memory-bound.md").contains("](memory-bandwidth.md)"));
    // The worked example, written out.
    assert!(md_text(file("en/memory-bound.md")).contains("14.0\u{a0}GB"));
}

/// The text a Markdown file reads as: its text and code, each piece once, without
/// math (written as TeX; the page shows MathML) and without the lines written for
/// machines only (the calculator's scenario, the page's address).
fn md_pieces(md: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut pieces = Vec::new();
    let mut paragraph: Vec<String> = Vec::new();
    let mut machine_only = false;
    let mut depth = 0;
    for event in Parser::new_ext(md, content::markdown::cmark_options()) {
        match event {
            Event::Start(Tag::Paragraph) if depth == 0 => paragraph.clear(),
            Event::Start(Tag::Emphasis) if depth == 0 && paragraph.is_empty() => machine_only = true,
            Event::End(TagEnd::Paragraph) if depth == 0 => {
                let whole = paragraph.concat();
                if !machine_only && !whole.starts_with("https://") {
                    pieces.append(&mut paragraph);
                }
                paragraph.clear();
                machine_only = false;
            }
            Event::Start(
                Tag::BlockQuote(_) | Tag::List(_) | Tag::Heading { .. } | Tag::FootnoteDefinition(_) | Tag::Table(_),
            ) => depth += 1,
            Event::End(
                TagEnd::BlockQuote(_)
                | TagEnd::List(_)
                | TagEnd::Heading(_)
                | TagEnd::FootnoteDefinition
                | TagEnd::Table,
            ) => depth -= 1,
            Event::Text(t) | Event::Code(t) if depth == 0 => paragraph.push(t.to_string()),
            Event::Text(t) | Event::Code(t) => pieces.push(t.to_string()),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => {
                if depth == 0 {
                    paragraph.push(" ".into())
                } else {
                    pieces.push(" ".into())
                }
            }
            _ => {}
        }
    }
    pieces.append(&mut paragraph);
    pieces
}

/// The text of a Markdown file in one string: its pieces as they join (an escape
/// splits a word into two pieces), blocks apart.
fn md_text(md: &str) -> String {
    squeeze(&md_pieces(md).concat())
}

/// `text` with every run of ASCII whitespace one space.
fn squeeze(text: &str) -> String {
    text.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of HTML: its tags left out, its character references read.
fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = rest[at..].find('>').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    vocab::markup::unescape(&out).into_owned()
}

/// Every text of an entry's Markdown is on its page: the term, the short definition,
/// the body as the pipeline rendered and cleaned it, the sources. An author's HTML
/// comment, a reference definition no link uses, a term that spells a link: none
/// puts anything into the file for machines that a reader of the page does not see.
#[test]
fn every_text_of_the_markdown_is_on_its_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let site = site();
    let source = |e: &content::site::Entry| std::fs::read_to_string(root.join(&e.path)).ok();
    let files = content::llms::machine_files(&site, "https://example.org/g/", &source);
    for e in &site.entries {
        let md = &files
            .iter()
            .find(|f| f.path == format!("{}/{}.md", e.lang, e.front.slug))
            .expect("written")
            .text;
        let mut page = format!("{} {} ", e.front.term, e.front.short);
        for segment in &e.body.segments {
            if let content::markdown::Segment::Html(html) = segment {
                page.push_str(&html_text(html));
            }
        }
        let t = vocab::i18n::texts(if e.lang == "de" {
            vocab::Lang::De
        } else {
            vocab::Lang::En
        });
        page.push_str(t.sources_heading);
        for s in &e.front.sources {
            page.push(' ');
            page.push_str(&s.label);
        }
        let page = squeeze(&page);
        for piece in md_pieces(md) {
            let piece = squeeze(&piece);
            assert!(
                page.contains(&piece),
                "{}: `{piece}` is in the Markdown, not on the page",
                e.path
            );
        }
    }
}

/// An entry cannot plant a link or a section into the files for language models:
/// a term, a short definition or a source that spells Markdown reads as its text,
/// an HTML comment and a reference definition no link uses stay out.
#[test]
fn the_files_for_machines_hold_an_entrys_text_not_its_markup() {
    use pulldown_cmark::{Event, Parser, Tag};
    let mut site = site();
    let e = site
        .entries
        .iter_mut()
        .find(|e| e.lang == "en" && e.front.slug == "kv-cache")
        .expect("entry");
    e.front.term = "KV](https://evil.example/term) [x".into();
    e.front.short = "Short [y](https://evil.example/short) ## not a heading".into();
    e.front.sources = vec![content::frontmatter::Source {
        label: "Label](https://evil.example/label) [z".into(),
        url: "https://e.org/a)(b](https://evil.example/url)".into(),
    }];
    let body = "Text with \\[brackets\\] and *emphasis*.\n\n<!-- [hidden](https://evil.example/comment) -->\n\n\
                [unused]: https://evil.example/definition\n\nA [link](https://e.org/ok).\n";
    let files = content::llms::machine_files(&site, "https://example.org/g/", &|e: &content::site::Entry| {
        (e.front.slug == "kv-cache" && e.lang == "en").then(|| format!("---\nterm: x\n---\n{body}"))
    });
    for path in ["llms.txt", "en/kv-cache.md", "en/llms-full.txt"] {
        let text = &files.iter().find(|f| f.path == path).expect(path).text;
        let mut links = Vec::new();
        let mut headings = 0;
        for event in Parser::new_ext(text, content::markdown::cmark_options()) {
            match event {
                Event::Start(Tag::Link { dest_url, .. }) => links.push(dest_url.to_string()),
                Event::Start(Tag::Heading { .. }) => headings += 1,
                _ => {}
            }
        }
        // No link but the source's own address, written whole, names that host.
        let whole = "https://e.org/a)(b](https://evil.example/url)";
        assert!(
            links.iter().filter(|l| l.contains("evil")).all(|l| l == whole),
            "{path}: {links:?}\n{text}"
        );
        // Neither the comment's link nor the unused definition (the site's own
        // entries may use the words "hidden" and "definition").
        assert!(
            !text.contains("evil.example/comment") && !text.contains("evil.example/definition"),
            "{path}:\n{text}"
        );
        if path == "en/kv-cache.md" {
            // The term is the heading's text, the source's address one link, whole.
            assert_eq!(headings, 2, "{text}");
            assert!(
                links.contains(&"https://e.org/a)(b](https://evil.example/url)".to_string()),
                "{links:?}"
            );
            assert!(md_text(text).contains("KV](https://evil.example/term) [x"), "{text}");
            assert!(md_text(text).contains("Text with [brackets] and"), "{text}");
        }
    }
}

/// An entry with a live figure says once what live figures look like, right before
/// the paragraph of its first; an entry whose figures are all pinned to their
/// sentence's case (or that has none) says nothing.
#[test]
fn the_live_figures_style_is_told_once_before_the_first() {
    let site = site();
    let legend = "<p class=\"rv-legend\">";
    let (mut with, mut without) = (0, 0);
    for e in &site.entries {
        let html = html(&site, &e.lang, &e.front.slug);
        let first_live = html.find("<span class=\"rv\" data-rv=");
        assert_eq!(
            html.matches(legend).count(),
            usize::from(first_live.is_some()),
            "{}",
            e.path
        );
        let Some(live) = first_live else {
            without += 1;
            continue;
        };
        with += 1;
        // The live figure stands in the block right after the legend.
        let at = html.find(legend).unwrap_or(usize::MAX);
        assert!(at < live, "{}", e.path);
        let end = at + html[at..].find("</p>").unwrap_or(0) + "</p>".len();
        let between = &html[end..live];
        assert!(
            between.trim_start().starts_with("<p>") && !between.contains("</p>"),
            "{}: {between}",
            e.path
        );
    }
    assert!(
        with > 40 && without > 0,
        "{with} entries with a live figure, {without} without"
    );
}

/// Every data file of the site, and the presets, read back as the values they were
/// written from: the browser's decoder (`wire`, derived per type) against serde's
/// and postcard's encoder, on the site's own content. Writing a read value again
/// gives the file's bytes back.
#[test]
fn every_data_file_reads_back_as_written() {
    use vocab::wire::{decode, encode, Bundle, EntryData, Index, Presets};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (bundle, report) = content::build(&root, "/");
    assert!(!report.has_errors());
    let presets = encode(&bundle.presets);
    assert_eq!(encode(&decode::<Presets>(&presets).expect("the presets read")), presets);
    let whole = encode(&bundle.data);
    assert_eq!(decode::<Bundle>(&whole).as_ref(), Ok(&bundle.data));
    let indexes: Vec<&str> = bundle.data.indexes.iter().map(|(_, p)| p.as_str()).collect();
    let (mut entries, mut read) = (0, 0);
    for (path, bytes) in &bundle.data.files {
        if !path.ends_with(".bin") {
            continue;
        }
        let again = if indexes.contains(&path.as_str()) {
            encode(&decode::<Index>(bytes).unwrap_or_else(|_| panic!("{path} reads as an index")))
        } else {
            entries += 1;
            encode(&decode::<EntryData>(bytes).unwrap_or_else(|_| panic!("{path} reads as an entry")))
        };
        assert_eq!(&again, bytes, "{path}");
        read += 1;
    }
    assert_eq!(entries, report.entries);
    assert_eq!(read, entries + indexes.len());
}
