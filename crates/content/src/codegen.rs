//! Rust source for the site crate: typed, static data with no parser left in the
//! browser bundle. The index (entries' metadata), the bodies' structure and the
//! bodies' prose are separate tables.

use std::fmt::Write;

use roofline::{BytesPerSecond, DataType, FlopsPerSecond, Hardware, Model, Override, Scenario, Workload};

use crate::block::{CalcBlock, Chart, InlineValue};
use crate::markdown::{Body, Segment};
use crate::presets::{HardwarePreset, ModelPreset, Presets};
use crate::site::{Category, Entry, Site};

fn s(text: &str) -> String {
    format!("{text:?}")
}

fn opt(text: &Option<String>) -> String {
    match text {
        Some(t) => format!("Some({t:?})"),
        None => "None".into(),
    }
}

fn dtype(d: DataType) -> String {
    format!("DataType::{d:?}")
}

/// A float literal that always compiles: a finite value as Rust writes it
/// (`80000000000.0`, `1e300`), which reads back as the same value; any other value,
/// which validation rules out, by its bits.
fn float(v: f64) -> String {
    if v.is_finite() {
        format!("{v:?}")
    } else {
        format!("f64::from_bits({:#x})", v.to_bits())
    }
}

/// `Some(…)` with `f` of the value, or `None`.
fn option<T: Copy>(v: Option<T>, f: impl Fn(T) -> String) -> String {
    v.map_or_else(|| "None".into(), |v| format!("Some({})", f(v)))
}

fn model(m: &Model) -> String {
    format!(
        "Model {{ params: {}, active_params: {}, experts: {}, layers: {}, hidden: {}, heads: {}, kv_heads: {}, head_dim: {}, vocab: {}, sliding_window: {}, max_context: {} }}",
        float(m.params),
        float(m.active_params),
        option(m.experts, |e| format!("Experts {{ count: {}, active: {} }}", e.count, e.active)),
        m.layers,
        m.hidden,
        m.heads,
        m.kv_heads,
        m.head_dim,
        m.vocab,
        option(m.sliding_window, |w| w.to_string()),
        option(m.max_context, |c| c.to_string()),
    )
}

fn flops(f: FlopsPerSecond) -> String {
    format!("FlopsPerSecond({})", float(f.0))
}

fn bandwidth(b: BytesPerSecond) -> String {
    format!("BytesPerSecond({})", float(b.0))
}

fn hardware(h: &Hardware) -> String {
    format!(
        "Hardware {{ memory: Bytes({}), bandwidth: {}, peaks: Peaks {{ fp16: {}, fp8: {}, int8: {}, fp32: {} }} }}",
        float(h.memory.0),
        bandwidth(h.bandwidth),
        flops(h.peaks.fp16),
        option(h.peaks.fp8, flops),
        option(h.peaks.int8, flops),
        option(h.peaks.fp32, flops),
    )
}

fn workload(w: &Workload) -> String {
    format!(
        "Workload {{ batch: {}, prompt: {}, context: {}, output: {}, devices: {}, reserve: {} }}",
        w.batch,
        w.prompt,
        w.context,
        w.output,
        w.devices,
        float(w.reserve),
    )
}

fn scenario(sc: &Scenario) -> String {
    format!(
        "Scenario {{ model: {}, hardware: {}, workload: {}, weights: {}, kv: {}, speculation: {} }}",
        model(&sc.model),
        hardware(&sc.hardware),
        workload(&sc.workload),
        dtype(sc.weights),
        dtype(sc.kv),
        option(sc.speculation, |sp| format!(
            "Speculation {{ draft_tokens: {}, acceptance: {}, draft_params: {} }}",
            sp.draft_tokens,
            float(sp.acceptance),
            float(sp.draft_params)
        )),
    )
}

/// The index of `item` among the presets, found by its figures: inline values name
/// presets, so every model or device they carry is one. Anything else stops the
/// build with a message rather than pointing at a wrong preset.
fn preset_index<T: PartialEq>(mut presets: impl Iterator<Item = T>, item: T) -> String {
    presets.position(|p| p == item).map_or_else(
        || "compile_error!(\"an inline value carries a model or device that is no preset\")".into(),
        |i| i.to_string(),
    )
}

/// An inline value's change as the app's `Change`, presets by index.
fn change(presets: &Presets, o: &Override) -> String {
    let change = match o {
        Override::Hardware(h) => format!(
            "Hardware({})",
            preset_index(presets.hardware.iter().map(|p| &p.hardware), h)
        ),
        Override::Model(m) => format!("Model({})", preset_index(presets.models.iter().map(|p| &p.model), m)),
        Override::Bandwidth(b) => format!("Bandwidth({})", float(b.0)),
        Override::Batch(n) => format!("Batch({n})"),
        Override::Context(n) => format!("Context({n})"),
        Override::Prompt(n) => format!("Prompt({n})"),
        Override::Devices(n) => format!("Devices({n})"),
        Override::Weights(d) => format!("Weights({})", dtype(*d)),
        Override::Kv(d) => format!("Kv({})", dtype(*d)),
        Override::DraftTokens(n) => format!("DraftTokens({n})"),
        Override::Acceptance(a) => format!("Acceptance({})", float(*a)),
        Override::DraftParams(p) => format!("DraftParams({})", float(*p)),
    };
    format!("Change::{change}")
}

fn chart(c: Chart) -> &'static str {
    match c {
        Chart::Roofline => "Chart::Roofline",
        Chart::Batch => "Chart::Batch",
        Chart::Capacity => "Chart::Capacity",
    }
}

fn lang(code: &str) -> &'static str {
    match code {
        "de" => "Lang::De",
        _ => "Lang::En",
    }
}

/// Appends a table: `head` (its doc comment and `pub static NAME: &[T] = &[`), one
/// row per line, and the closing `];`.
fn table(o: &mut String, head: &str, rows: impl Iterator<Item = String>) {
    o.push_str(head);
    for row in rows {
        let _ = writeln!(o, "    {row},");
    }
    o.push_str("];\n");
}

fn hardware_preset(h: &HardwarePreset) -> String {
    let source = h.sources.get("bandwidth_gb_s").cloned().unwrap_or_default();
    format!(
        "HardwarePreset {{ id: {}, name: {}, hardware: {}, source: {} }}",
        s(&h.id),
        s(&h.name),
        hardware(&h.hardware),
        s(&source)
    )
}

fn model_preset(m: &ModelPreset) -> String {
    let source = m.sources.get("layers").cloned().unwrap_or_default();
    format!(
        "ModelPreset {{ id: {}, name: {}, model: {}, source: {} }}",
        s(&m.id),
        s(&m.name),
        model(&m.model),
        s(&source)
    )
}

fn category(c: &Category) -> String {
    format!(
        "Category {{ lang: {}, slug: {}, name: {} }}",
        lang(&c.lang),
        s(&c.slug),
        s(&c.name)
    )
}

/// An entry's metadata.
fn entry(e: &Entry) -> String {
    let f = &e.front;
    let variants: Vec<String> = f.variants.iter().map(|v| s(v)).collect();
    format!(
        "Entry {{ lang: {}, slug: {}, term: {}, variants: &[{}], category: {}, marker: {}, short: {}, draft: {}, translation: {:?} }}",
        lang(&e.lang),
        s(&f.slug),
        s(&f.term),
        variants.join(", "),
        opt(&f.category),
        opt(&f.marker),
        s(&f.short),
        f.is_draft(),
        e.translation,
    )
}

/// An entry's sources, state, date and related terms.
fn details(e: &Entry) -> String {
    let f = &e.front;
    let sources: Vec<String> = f
        .sources
        .iter()
        .map(|x| format!("Source {{ label: {}, url: {} }}", s(&x.label), s(&x.url)))
        .collect();
    let related: Vec<String> = e
        .related
        .iter()
        .map(|r| format!("Related {{ term: {}, entry: {:?} }}", s(&r.term), r.target))
        .collect();
    format!(
        "Details {{ sources: &[{}], status: {}, updated: {}, related: &[{}] }}",
        sources.join(", "),
        opt(&f.status),
        opt(&f.updated),
        related.join(", ")
    )
}

/// A calculator with its presets as indices into the preset tables.
fn calculator(presets: &Presets, c: &CalcBlock) -> String {
    let model = presets.models.iter().position(|m| m.id == c.model_id).unwrap_or(0);
    let hardware = presets.hardware.iter().position(|h| h.id == c.hardware_id).unwrap_or(0);
    let show: Vec<String> = c.show.iter().map(|o| format!("Output::{o:?}")).collect();
    let charts: Vec<&str> = c.charts.iter().map(|c| chart(*c)).collect();
    format!(
        "Calculator {{ model: {model}, hardware: {hardware}, scenario: {}, show: &[{}], charts: &[{}] }}",
        scenario(&c.scenario),
        show.join(", "),
        charts.join(", ")
    )
}

fn inline(presets: &Presets, v: &InlineValue) -> String {
    let changes: Vec<String> = v.overrides.iter().map(|o| change(presets, o)).collect();
    format!(
        "Inline {{ output: Output::{:?}, changes: &[{}], digits: {:?} }}",
        v.output,
        changes.join(", "),
        v.digits
    )
}

/// An entry's body: its segments (prose by its index among the prose segments),
/// calculators and inline values.
fn body(presets: &Presets, b: &Body) -> String {
    let mut prose = 0;
    let segments: Vec<String> = b
        .segments
        .iter()
        .map(|seg| match seg {
            Segment::Html(_) => {
                prose += 1;
                format!("Segment::Prose({})", prose - 1)
            }
            Segment::Calculator(i) => format!("Segment::Calculator({i})"),
        })
        .collect();
    let calculators: Vec<String> = b.calculators.iter().map(|c| calculator(presets, c)).collect();
    let inline: Vec<String> = b.inline.iter().map(|v| inline(presets, v)).collect();
    format!(
        "Body {{ segments: &[{}], calculators: &[{}], inline: &[{}] }}",
        segments.join(", "),
        calculators.join(", "),
        inline.join(", ")
    )
}

/// An entry's prose segments.
fn prose(b: &Body) -> String {
    let html: Vec<String> = b
        .segments
        .iter()
        .filter_map(|seg| match seg {
            Segment::Html(html) => Some(s(html)),
            Segment::Calculator(_) => None,
        })
        .collect();
    format!("&[{}]", html.join(", "))
}

/// The generated module: presets, the entry index and the bodies. `base` is the
/// URL path the site is served under.
pub fn generate(site: &Site, base: &str) -> String {
    let mut o = String::new();
    o.push_str("// @generated by crates/content from content/ — do not edit.\n\n");
    let _ = writeln!(
        o,
        "/// The URL path the site is served under, ending in `/`.\npub const BASE_PATH: &str = {};\n",
        s(base)
    );
    table(
        &mut o,
        "/// Device presets from content/data/hardware.yaml.\npub static HARDWARE: &[HardwarePreset] = &[\n",
        site.presets.hardware.iter().map(hardware_preset),
    );
    table(
        &mut o,
        "\n/// Model presets from content/data/models.yaml.\npub static MODELS: &[ModelPreset] = &[\n",
        site.presets.models.iter().map(model_preset),
    );
    table(
        &mut o,
        "\n/// The categories the entries use, with their names, by language and name.\npub static CATEGORIES: &[Category] = &[\n",
        site.categories.iter().map(category),
    );
    table(
        &mut o,
        "\n/// Every entry's metadata: what navigation, search and the index need.\npub static ENTRIES: &[Entry] = &[\n",
        site.entries.iter().map(entry),
    );
    // Only the entry's own page shows these, as part of its prose file in the
    // release browser build: they stay out of the bundle like the prose.
    table(
        &mut o,
        "\n/// Every entry's sources, state, date and related terms, by the entry's index.\n\
         #[cfg(any(not(target_arch = \"wasm32\"), debug_assertions))]\n\
         pub static DETAILS: &[Details] = &[\n",
        site.entries.iter().map(details),
    );
    table(
        &mut o,
        "\n/// Every entry's body, by the entry's index.\npub static BODIES: &[Body] = &[\n",
        site.entries.iter().map(|e| body(&site.presets, &e.body)),
    );
    // The prose is the bulk of the content and grows with every entry: the release
    // browser build leaves it out and fetches one entry's prose when it opens.
    table(
        &mut o,
        "\n/// Every entry's prose (sanitised HTML), by the entry's index and prose segment.\n\
         #[cfg(any(not(target_arch = \"wasm32\"), debug_assertions))]\n\
         pub static PROSE: &[&[&str]] = &[\n",
        site.entries.iter().map(|e| prose(&e.body)),
    );
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use roofline::Bytes;

    #[test]
    fn floats_are_written_so_that_they_compile() {
        assert_eq!(float(80e9), "80000000000.0");
        assert_eq!(float(0.1), "0.1");
        assert_eq!(float(1e300), "1e300");
        assert_eq!(float(f64::INFINITY), "f64::from_bits(0x7ff0000000000000)");
        let mut hardware = Scenario::example().hardware;
        hardware.memory = Bytes(f64::INFINITY);
        hardware.bandwidth = BytesPerSecond(f64::NAN);
        let mut site = Site::default();
        site.presets.hardware.push(HardwarePreset {
            id: "x".into(),
            name: "X".into(),
            hardware,
            sources: Default::default(),
        });
        let code = generate(&site, "/");
        assert!(!code.contains("(inf)") && !code.contains("(NaN)"), "{code}");
        assert!(
            code.contains("memory: Bytes(f64::from_bits(0x7ff0000000000000))"),
            "{code}"
        );
    }

    #[test]
    fn inline_values_name_presets_by_index() {
        let mut presets = Presets::default();
        for (id, params) in [("a", 7e9), ("b", 8e9)] {
            presets.models.push(ModelPreset {
                id: id.into(),
                name: id.into(),
                model: Model {
                    params,
                    ..Scenario::example().model
                },
                sources: Default::default(),
            });
        }
        let b = presets.models[1].model;
        assert_eq!(change(&presets, &Override::Model(b)), "Change::Model(1)");
        let other = Model { layers: 3, ..b };
        assert!(change(&presets, &Override::Model(other)).contains("compile_error!"));
        assert_eq!(change(&presets, &Override::Batch(8)), "Change::Batch(8)");
    }
}
