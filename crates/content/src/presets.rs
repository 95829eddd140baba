//! Hardware and model presets from `content/data/*.yaml`, every figure with a source.

use std::collections::BTreeMap;

use roofline::{
    figures, Bytes, BytesPerSecond, DataType, Field, FlopsPerSecond, Hardware, InputError, Model, Peaks, Scenario,
};
use serde::Deserialize;

use crate::diagnostic::{did_you_mean, Diagnostic};
use crate::yaml::{self, Step};

/// One accelerator as `hardware.yaml` describes it (figures in the datasheets' units).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HardwareSpec {
    /// Identifier used by calculator blocks and URLs.
    id: String,
    /// Display name.
    name: String,
    /// The maker, by which the calculator groups its list.
    vendor: String,
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

/// One model as `models.yaml` describes it: its names, types and sources, and its
/// figures under the keys [`roofline::figures::MODEL`] declares (from its
/// `config.json`), each checked against that declaration.
#[derive(Debug, Deserialize)]
struct ModelSpec {
    id: String,
    name: String,
    /// The name in another of the site's languages, where it is not the same
    /// (`names: {de: …}`): a descriptive name, not a published one.
    #[serde(default)]
    names: BTreeMap<String, String>,
    /// The checkpoint's storage type of the routed experts (`fp4` for MXFP4).
    #[serde(default)]
    expert_weights: Option<String>,
    /// The published checkpoint's storage type of the weights (`fp8` for
    /// DeepSeek-V3), which picking the model in a calculator takes; FP16/BF16 where
    /// not given.
    #[serde(default)]
    weights: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    sources: BTreeMap<String, String>,
    /// Every other key: a figure, or a mistake.
    #[serde(flatten)]
    figures: BTreeMap<String, serde_yaml::Value>,
}

/// The keys of a model preset besides its figures.
const MODEL_NAMES: &[&str] = &["id", "name", "expert_weights", "weights", "source", "sources"];

/// A device preset.
#[derive(Clone, Debug, PartialEq)]
pub struct HardwarePreset {
    /// Identifier (`a100-80gb`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The maker.
    pub vendor: String,
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
    /// The name in other languages, where it differs.
    pub names: Vec<(vocab::Lang, String)>,
    /// The figures.
    pub model: Model,
    /// The published checkpoint's storage type of the weights, where not 16-bit.
    pub weights: Option<DataType>,
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

/// "did you mean `x`?" for the nearest of `ids`, or the list of them.
pub(crate) fn hint<'a>(id: &str, ids: impl Iterator<Item = &'a str> + Clone) -> String {
    match did_you_mean(id, ids.clone()) {
        Some(near) => format!("did you mean `{near}`?"),
        None => format!("known: {}", ids.collect::<Vec<_>>().join(", ")),
    }
}

/// Whether `url` is a web address: http(s), something after the scheme, no spaces.
pub(crate) fn is_http_url(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() > "https://".len()
        && !url.contains(char::is_whitespace)
}

/// The key a content file writes for a field of the core's scenario: the same in
/// preset files, calculator blocks and inline values.
pub(crate) fn author_key(field: Field) -> &'static str {
    field.key().unwrap_or(field.id())
}

/// How many of the core's base units one unit of the author's is (billions of
/// parameters, GB, TFLOPS), and the core's largest accepted value of the field.
fn unit(field: Field) -> (f64, f64) {
    (field.scale(), field.max().unwrap_or(f64::MAX))
}

/// `value`, written in the author's unit of `field`, in the core's base unit. A
/// value whose product is no longer finite (`1e300` GB) is above the core's limit:
/// it is a number, only far too large.
pub(crate) fn to_base(field: Field, value: f64) -> Result<f64, InputError> {
    let (factor, max) = unit(field);
    let scaled = value * factor;
    if value.is_finite() && !scaled.is_finite() {
        return Err(InputError::TooLarge { field, max });
    }
    Ok(scaled)
}

/// The core's message for `e` in the words of a content file: the field's value is
/// named `key`, limits are given in the author's unit.
pub(crate) fn explain(e: &InputError, key: &str) -> String {
    let (factor, _) = unit(e.field());
    match *e {
        InputError::NotFinite(_) => format!("`{key}` must be a finite number"),
        InputError::NotPositive(_) => format!("`{key}` must be greater than zero"),
        InputError::TooSmall { min, .. } => format!("`{key}` must be at least {}", min / factor),
        InputError::TooLarge { max, .. } => format!("`{key}` must be at most {}", max / factor),
        InputError::ActiveExceedsTotal => format!(
            "`{}` must not exceed `{}`",
            author_key(Field::ActiveParams),
            author_key(Field::Params)
        ),
        other => other.to_string(),
    }
}

/// A scenario that only the figures under test can make invalid: the smallest model
/// on as many devices as the core accepts.
fn probe() -> Scenario {
    let mut probe = Scenario::example();
    probe.model.params = 1.0;
    probe.model.active_params = 1.0;
    probe.workload.devices = roofline::MAX_DEVICES;
    probe
}

/// One preset of a file, for messages at the keys it writes.
struct Item<'a> {
    /// Display path of the file.
    path: &'a str,
    /// The file's text.
    text: &'a str,
    /// Index of the preset in the file's list.
    index: usize,
    /// What the file lists, with the preset's id: "hardware `a100-80gb`".
    name: String,
}

impl Item<'_> {
    /// Position of the key at `keys` below the preset; of its `id` where the preset
    /// does not write that key.
    fn at(&self, keys: &[&str]) -> (usize, usize) {
        let item = Step::Item(self.index);
        let path: Vec<Step<'_>> = std::iter::once(item).chain(keys.iter().map(|k| Step::Key(k))).collect();
        yaml::locate(self.text, &path)
            .or_else(|| yaml::locate(self.text, &[item, Step::Key("id")]))
            .or_else(|| yaml::locate(self.text, &[item]))
            .unwrap_or((1, 1))
    }

    /// An error at the key at `keys`, prefixed with the preset's name.
    fn error(&self, keys: &[&str], message: impl std::fmt::Display) -> Diagnostic {
        let (line, column) = self.at(keys);
        Diagnostic::error(self.path, line, column, format!("{}: {message}", self.name))
    }

    /// A warning at the key at `keys`, prefixed with the preset's name.
    fn warning(&self, keys: &[&str], message: impl std::fmt::Display) -> Diagnostic {
        let (line, column) = self.at(keys);
        Diagnostic::warning(self.path, line, column, format!("{}: {message}", self.name))
    }

    /// An error about a figure the core rejects.
    fn invalid(&self, key: &str, e: &InputError) -> Diagnostic {
        self.error(&[key], explain(e, key))
    }
}

/// Checks that every figure present has an http(s) source, directly or through
/// `source`.
fn check_sources(
    item: &Item<'_>,
    spec: &impl Spec,
    present: &[&str],
    figures: &[&str],
    out: &mut Vec<Diagnostic>,
) -> BTreeMap<String, String> {
    let (source, sources) = (spec.source(), spec.sources());
    let mut resolved = BTreeMap::new();
    for key in sources.keys() {
        if !figures.contains(&key.as_str()) {
            out.push(
                item.error(&["sources", key], format!("`sources` names an unknown figure `{key}`"))
                    .hint(format!("figures: {}", figures.join(", "))),
            );
        }
    }
    for figure in present {
        let (url, keys) = match sources.get(*figure) {
            Some(url) => (Some(url), vec!["sources", *figure]),
            None => (source.as_ref(), vec!["source"]),
        };
        match url {
            Some(url) if is_http_url(url) => {
                resolved.insert((*figure).to_string(), url.clone());
            }
            Some(url) => out.push(
                item.error(
                    &keys,
                    format!("the source of `{figure}` is not an http(s) URL: `{url}`"),
                )
                .hint("write the full address, starting with https://"),
            ),
            None => out.push(
                item.error(&[figure], format!("`{figure}` has no source"))
                    .hint("add `source: https://…` for the whole preset or `sources: { figure: https://… }`"),
            ),
        }
    }
    resolved
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

/// Messages per preset file; the presets after the one that reaches this number are
/// left unchecked. Each message locates its key with a parse of the file, so that a
/// file of many faulty presets takes a bounded time.
pub const MESSAGES_PER_FILE: usize = 20;

/// The presets of a file, built by `build` in file order. YAML errors and ids
/// defined twice are reported, and those presets left out.
fn presets_of<T: Spec, P>(
    kind: &str,
    path: &str,
    text: &str,
    out: &mut Vec<Diagnostic>,
    build: impl Fn(T, &Item<'_>, &mut Vec<Diagnostic>) -> Option<P>,
) -> Vec<P> {
    let specs: Vec<T> = match yaml::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            out.push(Diagnostic::error(path, e.line, e.column, e.message));
            return Vec::new();
        }
    };
    let messages_before = out.len();
    let mut seen: Vec<String> = Vec::new();
    let mut presets = Vec::new();
    for (index, spec) in specs.into_iter().enumerate() {
        let item = Item {
            path,
            text,
            index,
            name: format!("{kind} `{}`", spec.id()),
        };
        if out.len() - messages_before >= MESSAGES_PER_FILE {
            let (line, column) = item.at(&[]);
            out.push(
                Diagnostic::error(
                    path,
                    line,
                    column,
                    format!("{} and the presets after it are not checked", item.name),
                )
                .hint(format!("fix the {MESSAGES_PER_FILE} problems above first")),
            );
            break;
        }
        if seen.iter().any(|id| id == spec.id()) {
            let (line, column) = item.at(&["id"]);
            out.push(Diagnostic::error(
                path,
                line,
                column,
                format!("{} is defined twice", item.name),
            ));
            continue;
        }
        seen.push(spec.id().to_string());
        presets.extend(build(spec, &item, out));
    }
    presets
}

/// A device's figures in the core's units, each within the core's limits.
fn hardware(item: &Item<'_>, s: &HardwareSpec) -> Result<Hardware, Diagnostic> {
    let figure = |key: &str, field: Field, value: f64| to_base(field, value).map_err(|e| item.invalid(key, &e));
    let peaks = [
        ("fp16_tflops", Some(s.fp16_tflops)),
        ("fp8_tflops", s.fp8_tflops),
        ("int8_tops", s.int8_tops),
        ("fp32_tflops", s.fp32_tflops),
    ];
    let mut base = [None; 4];
    for ((key, value), scaled) in peaks.iter().zip(&mut base) {
        if let Some(v) = value {
            *scaled = Some(FlopsPerSecond(figure(key, Field::Peak, *v)?));
        }
    }
    let [fp16, fp8, int8, fp32] = base;
    let hardware = Hardware {
        memory: Bytes(figure("memory_gb", Field::Memory, s.memory_gb)?),
        bandwidth: BytesPerSecond(figure("bandwidth_gb_s", Field::Bandwidth, s.bandwidth_gb_s)?),
        peaks: Peaks {
            fp16: fp16.unwrap_or_default(),
            fp8,
            int8,
            fp32,
        },
    };
    // The core checks one peak at a time, so that its message names the figure.
    for ((key, _), peak) in peaks.iter().zip(base) {
        let Some(peak) = peak else { continue };
        let mut p = probe();
        p.hardware = Hardware {
            peaks: Peaks {
                fp16: peak,
                fp8: None,
                int8: None,
                fp32: None,
            },
            ..hardware
        };
        p.validate().map_err(|e| match e.field() {
            Field::Peak => item.invalid(key, &e),
            other => item.invalid(author_key(other), &e),
        })?;
    }
    Ok(hardware)
}

/// Parses `hardware.yaml`.
pub fn parse_hardware(path: &str, text: &str, out: &mut Vec<Diagnostic>) -> Vec<HardwarePreset> {
    presets_of("hardware", path, text, out, |s: HardwareSpec, item, out| {
        let mut present = vec!["memory_gb", "bandwidth_gb_s", "fp16_tflops"];
        let optional = [
            ("fp8_tflops", s.fp8_tflops),
            ("int8_tops", s.int8_tops),
            ("fp32_tflops", s.fp32_tflops),
        ];
        present.extend(optional.iter().filter(|(_, v)| v.is_some()).map(|(k, _)| *k));
        let hardware = hardware(item, &s).map_err(|d| out.push(d)).ok()?;
        let sources = check_sources(item, &s, &present, HARDWARE_FIGURES, out);
        Some(HardwarePreset {
            hardware,
            id: s.id,
            name: s.name,
            vendor: s.vendor,
            sources,
        })
    })
}

/// A model's shape in the core's units, checked by the core's own validation.
fn model(item: &Item<'_>, s: &ModelSpec) -> Result<Model, Diagnostic> {
    for key in s.figures.keys() {
        if figures::MODEL.iter().all(|f| f.key != key) {
            let known = figures::MODEL.iter().map(|f| f.key).chain(MODEL_NAMES.iter().copied());
            return Err(item
                .error(&[key], format!("unknown key `{key}`"))
                .hint(hint(key, known)));
        }
    }
    let mut model = Model {
        params: 0.0,
        active_params: 0.0,
        experts: None,
        layers: 0,
        hidden: 0,
        heads: 0,
        kv_heads: 0,
        head_dim: 0,
        vocab: 0,
        tied_embeddings: false,
        sliding_window: None,
        sliding_layers: None,
        // A preset's window is a sliding one.
        chunked: false,
        latent: None,
        indexer: None,
        recurrent: None,
        expert_weights: None,
        max_context: None,
    };
    for f in figures::MODEL {
        let Some(value) = s.figures.get(f.key) else {
            // Active parameters default to all of them (a dense model).
            if !f.optional && f.field != Field::ActiveParams {
                return Err(item.error(&["id"], format!("`{}` is missing", f.key)));
            }
            continue;
        };
        // A yes-or-no figure may be written as `true` or `false` (1 or 0).
        let number = value
            .as_f64()
            .or_else(|| value.as_bool().map(|b| f64::from(u8::from(b))));
        let number = number.filter(|v| !f.whole || v.fract() == 0.0).ok_or_else(|| {
            let kind = if f.whole { "a whole number" } else { "a number" };
            item.error(&[f.key], format!("`{}` must be {kind}", f.key))
        })?;
        let base = to_base(f.field, number).map_err(|e| item.invalid(f.key, &e))?;
        // 0 stands for "none" in the form and in links; a file leaves the key out.
        if base <= 0.0 && f.min > 0.0 {
            return Err(item.invalid(f.key, &InputError::NotPositive(f.field)));
        }
        (f.set)(&mut model, Some(base));
    }
    // A group (experts, the latent) is given whole: each part but those that may be
    // 0, once any part is given.
    for f in figures::MODEL
        .iter()
        .filter(|f| f.min > 0.0 && figures::at_address(f.address).count() > 1)
    {
        let group: Vec<&str> = figures::at_address(f.address).map(|g| g.key).collect();
        if !s.figures.contains_key(f.key) && group.iter().any(|k| s.figures.contains_key(*k)) {
            let needed: Vec<String> = figures::at_address(f.address)
                .filter(|g| g.min > 0.0)
                .map(|g| format!("`{}`", g.key))
                .collect();
            let given = group
                .iter()
                .find(|k| s.figures.contains_key(**k))
                .copied()
                .unwrap_or(f.key);
            return Err(item.error(&[given], format!("`{given}` needs {}", needed.join(" and "))));
        }
    }
    if s.figures.contains_key(figures::SLIDING_LAYERS.key) && !s.figures.contains_key(figures::SLIDING_WINDOW.key) {
        return Err(item.error(&["sliding_layers"], "`sliding_layers` needs `sliding_window`"));
    }
    model.expert_weights = match &s.expert_weights {
        None => None,
        Some(_) if model.experts.is_none() => {
            return Err(item.error(
                &["expert_weights"],
                "`expert_weights` needs `experts` and `active_experts`",
            ))
        }
        Some(id) => Some(DataType::from_id(id).ok_or_else(|| {
            item.error(&["expert_weights"], format!("unknown data type `{id}`"))
                .hint(format!("one of {}", DataType::ALL.map(|d| d.id()).join(", ")))
        })?),
    };
    let mut p = probe();
    p.model = model;
    p.hardware.memory = Bytes(roofline::MAX_BYTES);
    p.validate().map_err(|e| {
        let key = match e.field() {
            Field::ActiveParams if !s.figures.contains_key(figures::ACTIVE_PARAMS.key) => figures::PARAMS.key,
            other => author_key(other),
        };
        item.invalid(key, &e)
    })?;
    Ok(model)
}

/// Parses `models.yaml`.
pub fn parse_models(path: &str, text: &str, out: &mut Vec<Diagnostic>) -> Vec<ModelPreset> {
    presets_of("model", path, text, out, |s: ModelSpec, item, out| {
        let mut present: Vec<&str> = figures::MODEL
            .iter()
            .map(|f| f.key)
            .filter(|k| s.figures.contains_key(*k))
            .collect();
        for (key, set) in [
            ("expert_weights", s.expert_weights.is_some()),
            ("weights", s.weights.is_some()),
        ] {
            if set {
                present.push(key);
            }
        }
        let named: Vec<&str> = figures::MODEL
            .iter()
            .map(|f| f.key)
            .chain(["expert_weights", "weights"])
            .collect();
        let sources = check_sources(item, &s, &present, &named, out);
        let model = model(item, &s).map_err(|d| out.push(d)).ok()?;
        if model.max_context.is_none() {
            out.push(item.warning(&["id"], "no `max_context`").hint(
                "add `max_context:` with `max_position_embeddings` from the model's config.json, \
                 so that a longer context is flagged",
            ));
        }
        let weights = match s.weights.as_deref().map(|id| (id, DataType::from_id(id))) {
            None => None,
            Some((_, Some(t))) => Some(t),
            Some((id, None)) => {
                out.push(
                    item.error(&["weights"], format!("unknown data type `{id}`"))
                        .hint(format!("one of {}", DataType::ALL.map(|d| d.id()).join(", "))),
                );
                return None;
            }
        };
        let mut names = Vec::new();
        for (code, name) in &s.names {
            match vocab::Lang::from_code(code) {
                Some(lang) => names.push((lang, name.clone())),
                None => {
                    let codes: Vec<&str> = vocab::Lang::ALL.iter().map(|l| l.code()).collect();
                    out.push(
                        item.error(&["names", code], format!("`{code}` is not a language of the site"))
                            .hint(format!("one of {}", codes.join(", "))),
                    );
                    return None;
                }
            }
        }
        Some(ModelPreset {
            id: s.id,
            name: s.name,
            names,
            model,
            weights,
            sources,
        })
    })
}

/// The site's own presets from `content/data`, for tests; panics on any problem.
#[cfg(test)]
pub(crate) fn site_presets() -> Presets {
    let file = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../content/data")
                .join(name),
        )
        .expect("preset file exists")
    };
    let mut out = Vec::new();
    let presets = Presets {
        hardware: parse_hardware("hardware.yaml", &file("hardware.yaml"), &mut out),
        models: parse_models("models.yaml", &file("models.yaml"), &mut out),
    };
    assert!(out.is_empty(), "{out:?}");
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
        // The devices and models readers ask about, among others.
        for id in [
            "h100-sxm", "h200", "h20", "l40s", "b200", "gb200", "mi300x", "mi325x", "mi355x", "gaudi-3", "tpu-v5e",
            "tpu-v6e", "rtx-5090", "m4-max",
        ] {
            assert!(hardware.iter().any(|h| h.id == id), "{id}");
        }
        // Grouped by vendor: each vendor's devices stand together.
        let vendors: Vec<&str> = hardware.iter().map(|h| h.vendor.as_str()).collect();
        let mut groups = vendors.clone();
        groups.dedup();
        let mut unique = groups.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(groups.len(), unique.len(), "{vendors:?}");
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
            for f in [
                "params_b",
                "layers",
                "hidden",
                "heads",
                "kv_heads",
                "head_dim",
                "vocab",
                "max_context",
            ] {
                // The round 7B example has no vocabulary to source.
                if f == "vocab" && m.model.vocab == 0 {
                    continue;
                }
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

    /// `max_position_embeddings` of each model's config.json, and Llama-3.1-8B with
    /// Llama-3-8B's shape.
    #[test]
    fn every_model_reads_the_context_its_config_gives() {
        let mut out = Vec::new();
        let models = parse_models("models.yaml", &project_file("models.yaml"), &mut out);
        let limit = |id: &str| models.iter().find(|m| m.id == id).and_then(|m| m.model.max_context);
        assert_eq!(limit("llama-2-7b"), Some(4096));
        assert_eq!(limit("llama-3-8b"), Some(8192));
        assert_eq!(limit("llama-3.1-8b"), Some(131_072));
        assert_eq!(limit("mistral-7b"), Some(32_768));
        assert_eq!(limit("qwen2.5-7b"), Some(131_072));
        assert_eq!(limit("llama-3-70b"), Some(8192));
        assert_eq!(limit("mixtral-8x7b"), Some(32_768));
        let model = |id: &str| models.iter().find(|m| m.id == id).unwrap().model;
        assert_eq!(
            Model {
                max_context: Some(8192),
                ..model("llama-3.1-8b")
            },
            model("llama-3-8b")
        );
        let source = &models.iter().find(|m| m.id == "llama-3.1-8b").unwrap().sources["max_context"];
        assert_eq!(
            source,
            "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json"
        );
    }

    /// A model's keys are the figures `roofline::figures` declares: a misspelt one is
    /// named with the nearest, a group is given whole, a fraction of a count is refused.
    #[test]
    fn a_models_keys_are_the_declared_figures() {
        let model = concat!(
            "- id: m\n  name: M\n  params_b: 7\n  layers: 32\n  hidden: 4096\n  heads: 32\n  kv_heads: 8\n",
            "  head_dim: 128\n  vocab: 32000\n  max_context: 4096\n  source: https://a.example\n",
        );
        let message = |extra: &str| {
            let found = errors(false, &format!("{model}{extra}"));
            assert_eq!(found.len(), 1, "{found:?}");
            (found[0].line, found[0].message.clone(), found[0].hint.clone())
        };
        let (line, text, hint) = message("  kv_head: 8\n");
        assert_eq!((line, text.as_str()), (12, "model `m`: unknown key `kv_head`"));
        assert_eq!(hint.as_deref(), Some("did you mean `kv_heads`?"));
        assert_eq!(
            message("  shared_experts: 1\n").1,
            "model `m`: `shared_experts` needs `experts` and `active_experts`"
        );
        assert_eq!(
            message("  index_head_dim: 2.5\n").1.as_str(),
            "model `m`: `index_head_dim` must be a whole number"
        );
        // Hybrid layers are figures like any other.
        assert!(errors(false, &format!("{model}  ssm_layers: 8\n  ssm_state_mb: 4.75\n")).is_empty());
    }

    #[test]
    fn a_model_without_a_context_limit_is_a_warning() {
        let model = concat!(
            "- id: m\n  name: M\n  params_b: 7\n  layers: 32\n  hidden: 4096\n  heads: 32\n  kv_heads: 8\n",
            "  head_dim: 128\n  vocab: 32000\n  source: https://a.example\n",
        );
        let found = errors(false, model);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].severity, crate::Severity::Warning);
        assert_eq!((found[0].line, found[0].column), (1, 3));
        assert_eq!(found[0].message, "model `m`: no `max_context`");
        assert!(errors(false, &format!("{model}  max_context: 4096\n")).is_empty());
        let zero = errors(false, &format!("{model}  max_context: 0\n"));
        assert_eq!(zero[0].message, "model `m`: `max_context` must be greater than zero");
    }

    #[test]
    fn a_missing_figure_source_or_a_repeated_id_is_an_error() {
        let cases = [
            (
                "- id: x\n  name: X\n  vendor: V\n  memory_gb: 80\n  fp16_tflops: 1\n  source: https://a.example\n",
                "missing field `bandwidth_gb_s`",
            ),
            (
                "- id: x\n  name: X\n  vendor: V\n  memory_gb: 80\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n",
                "`memory_gb` has no source",
            ),
            (
                concat!(
                    "- id: x\n  name: X\n  vendor: V\n  memory_gb: 80\n  bandwidth_gb_s: 1\n",
                    "  fp16_tflops: 1\n  source: ftp://a\n"
                ),
                "is not an http(s) URL",
            ),
            (
                concat!(
                    "- id: x\n  name: X\n  vendor: V\n  memory_gb: 1\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n",
                    "  source: https://a.example\n",
                    "- id: x\n  name: Y\n  vendor: V\n  memory_gb: 1\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n",
                    "  source: https://a.example\n",
                ),
                "hardware `x` is defined twice",
            ),
        ];
        for (yaml, want) in cases {
            let mut out = Vec::new();
            parse_hardware("hardware.yaml", yaml, &mut out);
            assert!(out.iter().any(|d| d.message.contains(want)), "{want}: {out:?}");
        }
    }

    /// The errors about `yaml`, parsed as `hardware.yaml` or `models.yaml`.
    fn errors(hardware: bool, yaml: &str) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        if hardware {
            parse_hardware("hardware.yaml", yaml, &mut out);
        } else {
            parse_models("models.yaml", yaml, &mut out);
        }
        out
    }

    #[test]
    fn a_models_name_in_another_language_is_read_and_an_unknown_language_refused() {
        let model = concat!(
            "- id: m\n  name: M example\n  names: {de: M-Beispiel}\n  params_b: 7\n  active_params_b: 7\n",
            "  layers: 32\n  hidden: 4096\n  heads: 32\n  kv_heads: 8\n  head_dim: 128\n  vocab: 32000\n",
            "  max_context: 4096\n  source: https://a.example\n",
        );
        let mut out = Vec::new();
        let models = parse_models("models.yaml", model, &mut out);
        assert!(
            out.iter().all(|d| d.severity != crate::diagnostic::Severity::Error),
            "{out:?}"
        );
        assert_eq!(models[0].names, vec![(vocab::Lang::De, "M-Beispiel".to_string())]);
        let out = errors(false, &model.replace("{de: M-Beispiel}", "{fr: M exemple}"));
        let e = out
            .iter()
            .find(|d| d.severity == crate::diagnostic::Severity::Error)
            .expect("an error");
        assert_eq!(
            (e.line, e.message.as_str()),
            (3, "model `m`: `fr` is not a language of the site")
        );
    }

    #[test]
    fn figures_beyond_the_cores_limits_are_errors_at_their_key() {
        let device = concat!(
            "- id: x\n  name: X\n  vendor: V\n  memory_gb: 80\n  bandwidth_gb_s: 2000\n  fp16_tflops: 300\n",
            "  fp8_tflops: 600\n  int8_tops: 600\n  source: https://a.example\n",
        );
        let model = concat!(
            "- id: m\n  name: M\n  params_b: 7\n  active_params_b: 7\n  layers: 32\n  hidden: 4096\n",
            "  heads: 32\n  kv_heads: 8\n  head_dim: 128\n  vocab: 32000\n  max_context: 4096\n",
            "  source: https://a.example\n",
        );
        let cases = [
            (
                true,
                "memory_gb: 80",
                "memory_gb: 1e300",
                4,
                "hardware `x`: `memory_gb` must be at most 1000000",
            ),
            (
                true,
                "bandwidth_gb_s: 2000",
                "bandwidth_gb_s: 1e-12",
                5,
                "hardware `x`: `bandwidth_gb_s` must be at least 0.000000001",
            ),
            (
                true,
                "fp16_tflops: 300",
                "fp16_tflops: -1",
                6,
                "hardware `x`: `fp16_tflops` must be greater than zero",
            ),
            (
                true,
                "fp8_tflops: 600",
                "fp8_tflops: .inf",
                7,
                "hardware `x`: `fp8_tflops` must be a finite number",
            ),
            (
                true,
                "int8_tops: 600",
                "int8_tops: 1e300",
                8,
                "hardware `x`: `int8_tops` must be at most 10000000",
            ),
            (
                false,
                "params_b: 7",
                "params_b: 1e300",
                3,
                "model `m`: `params_b` must be at most 100000",
            ),
            (
                false,
                "active_params_b: 7",
                "active_params_b: 8",
                4,
                "model `m`: `active_params_b` must not exceed `params_b`",
            ),
            (
                false,
                "active_params_b: 7",
                "active_params_b: .nan",
                4,
                "model `m`: `active_params_b` must be a finite number",
            ),
            (
                false,
                "layers: 32",
                "layers: 0",
                5,
                "model `m`: `layers` must be greater than zero",
            ),
            (
                false,
                "kv_heads: 8",
                "kv_heads: 5",
                8,
                "model `m`: `heads` must be a multiple of `kv_heads`",
            ),
        ];
        for (hardware, from, to, line, message) in cases {
            let yaml = if hardware { device } else { model }.replace(from, to);
            let found = errors(hardware, &yaml);
            let found: Vec<_> = found.iter().map(|d| (d.line, d.column, d.message.as_str())).collect();
            assert_eq!(found, [(line, 3, message)], "{to}");
        }
        assert!(errors(true, device).is_empty());
        assert!(errors(false, model).is_empty());
    }

    #[test]
    fn a_file_of_many_faulty_presets_stops_after_a_bounded_number_of_messages() {
        // Each preset lacks its sources: three messages each.
        let yaml: String = (0..2000)
            .map(|i| {
                format!("- id: x{i}\n  name: X\n  vendor: V\n  memory_gb: 80\n  bandwidth_gb_s: 1\n  fp16_tflops: 1\n")
            })
            .collect();
        let found = errors(true, &yaml);
        assert_eq!(found.len(), 7 * 3 + 1);
        let last = &found[7 * 3];
        assert_eq!(last.message, "hardware `x7` and the presets after it are not checked");
        assert_eq!((last.line, last.column), (43, 3));
    }
}
