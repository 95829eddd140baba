//! Hardware and model presets from `content/data/*.yaml`, every figure with a source.

use std::collections::BTreeMap;

use roofline::{Bytes, BytesPerSecond, Experts, FlopsPerSecond, Hardware, Model, Peaks};
use serde::Deserialize;

use crate::diagnostic::{did_you_mean, Diagnostic};
use crate::yaml;

/// One accelerator as `hardware.yaml` describes it (figures in the datasheets' units).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HardwareSpec {
    /// Identifier used by calculator blocks and URLs.
    id: String,
    /// Display name.
    name: String,
    /// Memory in GB (10⁹ bytes).
    memory_gb: f64,
    /// Memory bandwidth in GB/s.
    bandwidth_gb_s: f64,
    /// Dense FP16/BF16 tensor TFLOPS.
    fp16_tflops: f64,
    /// Dense FP8 tensor TFLOPS.
    #[serde(default)]
    fp8_tflops: Option<f64>,
    /// Dense INT8 tensor TOPS.
    #[serde(default)]
    int8_tops: Option<f64>,
    /// FP32 TFLOPS.
    #[serde(default)]
    fp32_tflops: Option<f64>,
    /// Source of every figure not listed in `sources`.
    #[serde(default)]
    source: Option<String>,
    /// Sources of single figures, keyed by figure name.
    #[serde(default)]
    sources: BTreeMap<String, String>,
}

/// One model as `models.yaml` describes it (figures from its `config.json`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelSpec {
    id: String,
    name: String,
    /// Total parameters in billions.
    params_b: f64,
    /// Parameters active per token in billions (mixture of experts).
    #[serde(default)]
    active_params_b: Option<f64>,
    #[serde(default)]
    experts: Option<u32>,
    #[serde(default)]
    active_experts: Option<u32>,
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    head_dim: u32,
    vocab: u32,
    #[serde(default)]
    sliding_window: Option<u32>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    sources: BTreeMap<String, String>,
}

/// A device preset.
#[derive(Clone, Debug, PartialEq)]
pub struct HardwarePreset {
    /// Identifier (`a100-80gb`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The figures.
    pub hardware: Hardware,
    /// Source URL per figure.
    pub sources: BTreeMap<String, String>,
}

/// A model preset.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelPreset {
    /// Identifier (`llama-3-8b`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The figures.
    pub model: Model,
    /// Source URL per figure.
    pub sources: BTreeMap<String, String>,
}

/// All presets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Presets {
    /// Devices in file order.
    pub hardware: Vec<HardwarePreset>,
    /// Models in file order.
    pub models: Vec<ModelPreset>,
}

const HARDWARE_FIGURES: &[&str] = &[
    "memory_gb",
    "bandwidth_gb_s",
    "fp16_tflops",
    "fp8_tflops",
    "int8_tops",
    "fp32_tflops",
];
const MODEL_FIGURES: &[&str] = &[
    "params_b",
    "active_params_b",
    "experts",
    "active_experts",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "head_dim",
    "vocab",
    "sliding_window",
];

impl Presets {
    /// The device preset with this id.
    pub fn hardware(&self, id: &str) -> Option<&HardwarePreset> {
        self.hardware.iter().find(|h| h.id == id)
    }

    /// The model preset with this id.
    pub fn model(&self, id: &str) -> Option<&ModelPreset> {
        self.models.iter().find(|m| m.id == id)
    }

    /// A "did you mean" hint for an unknown device id.
    pub fn hardware_hint(&self, id: &str) -> String {
        hint(id, self.hardware.iter().map(|h| h.id.as_str()))
    }

    /// A "did you mean" hint for an unknown model id.
    pub fn model_hint(&self, id: &str) -> String {
        hint(id, self.models.iter().map(|m| m.id.as_str()))
    }
}

fn hint<'a>(id: &str, ids: impl Iterator<Item = &'a str> + Clone) -> String {
    match did_you_mean(id, ids.clone()) {
        Some(near) => format!("did you mean `{near}`?"),
        None => format!("known: {}", ids.collect::<Vec<_>>().join(", ")),
    }
}

fn is_http_url(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://")) && url.len() > "https://".len() && !url.contains(' ')
}

/// Line of the list item `- id: <id>` (or of the first line).
fn item_line(text: &str, id: &str) -> usize {
    text.lines()
        .position(|l| {
            let l = l.trim_start_matches(['-', ' ']);
            l.strip_prefix("id:").is_some_and(|v| v.trim().trim_matches('"') == id)
        })
        .map_or(1, |i| i + 1)
}

/// Checks that every figure present has an http(s) source, directly or through
/// `source`.
fn check_sources(
    path: &str,
    line: usize,
    spec: &impl Spec,
    present: &[&str],
    figures: &[&str],
    out: &mut Vec<Diagnostic>,
) -> BTreeMap<String, String> {
    let (id, source, sources) = (spec.id(), spec.source(), spec.sources());
    let mut resolved = BTreeMap::new();
    for key in sources.keys() {
        if !figures.contains(&key.as_str()) {
            out.push(
                Diagnostic::error(
                    path,
                    line,
                    1,
                    format!("`{id}`: `sources` names an unknown figure `{key}`"),
                )
                .hint(format!("figures: {}", figures.join(", "))),
            );
        }
    }
    for figure in present {
        match sources.get(*figure).or(source.as_ref()) {
            Some(url) if is_http_url(url) => {
                resolved.insert((*figure).to_string(), url.clone());
            }
            Some(url) => out.push(
                Diagnostic::error(
                    path,
                    line,
                    1,
                    format!("`{id}`: the source of `{figure}` is not an http(s) URL: `{url}`"),
                )
                .hint("write the full address, starting with https://"),
            ),
            None => out.push(
                Diagnostic::error(path, line, 1, format!("`{id}`: `{figure}` has no source"))
                    .hint("add `source: https://…` for the whole preset or `sources: { figure: https://… }`"),
            ),
        }
    }
    resolved
}

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// A preset spec with an id.
trait Spec: serde::de::DeserializeOwned {
    fn id(&self) -> &str;
    /// The source of every figure not in `sources`.
    fn source(&self) -> &Option<String>;
    /// Sources of single figures.
    fn sources(&self) -> &BTreeMap<String, String>;
}

macro_rules! spec {
    ($($t:ty),*) => {$(
        impl Spec for $t {
            fn id(&self) -> &str {
                &self.id
            }
            fn source(&self) -> &Option<String> {
                &self.source
            }
            fn sources(&self) -> &BTreeMap<String, String> {
                &self.sources
            }
        }
    )*};
}

spec!(HardwareSpec, ModelSpec);

/// The specs of a preset file, each with its line; YAML errors and ids defined twice
/// are reported, and those specs left out.
fn specs<T: Spec>(kind: &str, path: &str, text: &str, out: &mut Vec<Diagnostic>) -> Vec<(T, usize)> {
    let specs: Vec<T> = match yaml::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            out.push(Diagnostic::error(path, e.line, e.column, e.message));
            return Vec::new();
        }
    };
    let mut seen: Vec<String> = Vec::new();
    let mut kept = Vec::new();
    for spec in specs {
        let line = item_line(text, spec.id());
        if seen.iter().any(|id| id == spec.id()) {
            out.push(Diagnostic::error(
                path,
                line,
                1,
                format!("{kind} `{}` is defined twice", spec.id()),
            ));
            continue;
        }
        seen.push(spec.id().to_string());
        kept.push((spec, line));
    }
    kept
}

/// Parses `hardware.yaml`.
pub fn parse_hardware(path: &str, text: &str, out: &mut Vec<Diagnostic>) -> Vec<HardwarePreset> {
    let mut presets: Vec<HardwarePreset> = Vec::new();
    for (s, line) in specs::<HardwareSpec>("hardware", path, text, out) {
        let mut present = vec!["memory_gb", "bandwidth_gb_s", "fp16_tflops"];
        let optional = [
            ("fp8_tflops", s.fp8_tflops),
            ("int8_tops", s.int8_tops),
            ("fp32_tflops", s.fp32_tflops),
        ];
        present.extend(optional.iter().filter(|(_, v)| v.is_some()).map(|(k, _)| *k));
        let values = [
            Some(s.memory_gb),
            Some(s.bandwidth_gb_s),
            Some(s.fp16_tflops),
            s.fp8_tflops,
            s.int8_tops,
            s.fp32_tflops,
        ];
        if values.iter().flatten().any(|v| !positive(*v)) {
            out.push(Diagnostic::error(
                path,
                line,
                1,
                format!("hardware `{}`: every figure must be a positive number", s.id),
            ));
            continue;
        }
        let sources = check_sources(path, line, &s, &present, HARDWARE_FIGURES, out);
        let tera = |v: f64| FlopsPerSecond(v * 1e12);
        presets.push(HardwarePreset {
            hardware: Hardware {
                memory: Bytes(s.memory_gb * 1e9),
                bandwidth: BytesPerSecond(s.bandwidth_gb_s * 1e9),
                peaks: Peaks {
                    fp16: tera(s.fp16_tflops),
                    fp8: s.fp8_tflops.map(tera),
                    int8: s.int8_tops.map(tera),
                    fp32: s.fp32_tflops.map(tera),
                },
            },
            id: s.id,
            name: s.name,
            sources,
        });
    }
    presets
}

/// Parses `models.yaml`.
pub fn parse_models(path: &str, text: &str, out: &mut Vec<Diagnostic>) -> Vec<ModelPreset> {
    let mut presets: Vec<ModelPreset> = Vec::new();
    for (s, line) in specs::<ModelSpec>("model", path, text, out) {
        let mut present = vec!["params_b", "layers", "hidden", "heads", "kv_heads", "head_dim", "vocab"];
        for (key, set) in [
            ("active_params_b", s.active_params_b.is_some()),
            ("experts", s.experts.is_some()),
            ("active_experts", s.active_experts.is_some()),
            ("sliding_window", s.sliding_window.is_some()),
        ] {
            if set {
                present.push(key);
            }
        }
        let sources = check_sources(path, line, &s, &present, MODEL_FIGURES, out);
        let experts = match (s.experts, s.active_experts) {
            (Some(count), Some(active)) => Some(Experts { count, active }),
            (None, None) => None,
            _ => {
                out.push(Diagnostic::error(
                    path,
                    line,
                    1,
                    format!("model `{}`: give both `experts` and `active_experts`", s.id),
                ));
                continue;
            }
        };
        let model = Model {
            params: s.params_b * 1e9,
            active_params: s.active_params_b.unwrap_or(s.params_b) * 1e9,
            experts,
            layers: s.layers,
            hidden: s.hidden,
            heads: s.heads,
            kv_heads: s.kv_heads,
            head_dim: s.head_dim,
            vocab: s.vocab,
            sliding_window: s.sliding_window,
        };
        // Check the shape with the core's own validation on a minimal workload.
        let mut probe = roofline::Scenario::example();
        probe.model = model;
        probe.hardware.memory = Bytes(roofline::MAX_BYTES);
        probe.workload.devices = roofline::MAX_DEVICES;
        if let Err(e) = probe.validate() {
            out.push(Diagnostic::error(path, line, 1, format!("model `{}`: {e}", s.id)));
            continue;
        }
        presets.push(ModelPreset {
            id: s.id,
            name: s.name,
            model,
            sources,
        });
    }
    presets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project_file(name: &str) -> String {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../content/data")
                .join(name),
        )
        .expect("preset file exists")
    }

    #[test]
    fn the_shipped_presets_parse_with_a_source_for_every_figure() {
        let mut out = Vec::new();
        let hardware = parse_hardware("hardware.yaml", &project_file("hardware.yaml"), &mut out);
        let models = parse_models("models.yaml", &project_file("models.yaml"), &mut out);
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(hardware.len(), 9);
        assert_eq!(models.len(), 6);
        for h in &hardware {
            let mut figures = vec!["memory_gb", "bandwidth_gb_s", "fp16_tflops"];
            figures.extend(h.hardware.peaks.fp8.map(|_| "fp8_tflops"));
            for f in figures {
                assert!(
                    h.sources.get(f).is_some_and(|u| u.starts_with("https://")),
                    "{} {f}",
                    h.id
                );
            }
        }
        for m in &models {
            for f in ["params_b", "layers", "hidden", "heads", "kv_heads", "head_dim", "vocab"] {
                assert!(
                    m.sources.get(f).is_some_and(|u| u.starts_with("https://")),
                    "{} {f}",
                    m.id
                );
            }
        }
        let a100 = hardware.iter().find(|h| h.id == "a100-80gb").unwrap();
        assert_eq!(a100.hardware.bandwidth, BytesPerSecond(2039e9));
        let llama3 = models.iter().find(|m| m.id == "llama-3-8b").unwrap();
        assert_eq!((llama3.model.kv_heads, llama3.model.head_dim), (8, 128));
    }

    #[test]
    fn a_missing_figure_source_or_a_repeated_id_is_an_error() {
        let cases = [
            ("- id: x\n  name: X\n  memory_gb: 80\n  fp16_tflops: 1\n  source: https://a.example\n", "missing field `bandwidth_gb_s`"),
            ("- id: x\n  name: X\n  memory_gb: 80\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n", "`memory_gb` has no source"),
            (
                "- id: x\n  name: X\n  memory_gb: 80\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n  source: ftp://a\n",
                "is not an http(s) URL",
            ),
            (
                "- id: x\n  name: X\n  memory_gb: 1\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n  source: https://a.example\n- id: x\n  name: Y\n  memory_gb: 1\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n  source: https://a.example\n",
                "hardware `x` is defined twice",
            ),
        ];
        for (yaml, want) in cases {
            let mut out = Vec::new();
            parse_hardware("hardware.yaml", yaml, &mut out);
            assert!(out.iter().any(|d| d.message.contains(want)), "{want}: {out:?}");
        }
    }
}
