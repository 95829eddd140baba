//! Calculator blocks (```` ```roofline ````) and inline values (`{{weight_time}}`).

use roofline::{Bytes, BytesPerSecond, DataType, FlopsPerSecond, Groups, Output, Override, Scenario, Workload};
use serde::Deserialize;

use crate::diagnostic::did_you_mean;
use crate::presets::Presets;
use crate::yaml;

/// A chart a calculator can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chart {
    /// Log-log roofline with the decode and prefill points.
    Roofline,
    /// Tokens/s against batch size.
    Batch,
    /// Requests that fit against context length.
    Capacity,
}

impl Chart {
    const ALL: [(Chart, &'static str); 3] = [
        (Chart::Roofline, "roofline"),
        (Chart::Batch, "batch"),
        (Chart::Capacity, "capacity"),
    ];

    fn from_id(id: &str) -> Option<Chart> {
        Chart::ALL.iter().find(|(_, i)| *i == id).map(|(c, _)| *c)
    }
}

/// The keys of a calculator block, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBlock {
    model: String,
    hardware: String,
    params_b: Option<f64>,
    active_params_b: Option<f64>,
    layers: Option<u32>,
    heads: Option<u32>,
    kv_heads: Option<u32>,
    head_dim: Option<u32>,
    memory_gb: Option<f64>,
    bandwidth_gb_s: Option<f64>,
    fp16_tflops: Option<f64>,
    #[serde(default = "fp16")]
    weights: String,
    #[serde(default = "fp16")]
    kv: String,
    group_size: Option<u32>,
    #[serde(default = "one")]
    batch: u32,
    #[serde(default = "prompt")]
    prompt: u32,
    context: Option<u32>,
    #[serde(default = "output")]
    output: u32,
    #[serde(default = "one")]
    devices: u32,
    #[serde(default = "reserve")]
    reserve: f64,
    #[serde(default)]
    show: Vec<String>,
    #[serde(default)]
    charts: Vec<String>,
}

fn fp16() -> String {
    "fp16".into()
}
fn one() -> u32 {
    1
}
fn prompt() -> u32 {
    512
}
fn output() -> u32 {
    256
}
fn reserve() -> f64 {
    0.1
}

/// A parsed calculator block: the scenario it starts from and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CalcBlock {
    /// The model preset the scenario starts from.
    pub model_id: String,
    /// The device preset the scenario starts from.
    pub hardware_id: String,
    /// The full scenario (presets with the block's changes applied).
    pub scenario: Scenario,
    /// Outputs to show, in order.
    pub show: Vec<Output>,
    /// Charts to draw, in order.
    pub charts: Vec<Chart>,
}

/// A problem in a block or inline value, with a 1-based line within it.
#[derive(Debug, PartialEq)]
pub struct BlockError {
    /// 1-based line inside the block's YAML (1 for inline values).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

impl BlockError {
    fn new(message: impl Into<String>, hint: Option<String>) -> BlockError {
        BlockError {
            line: 1,
            column: 1,
            message: message.into(),
            hint,
        }
    }
}

/// The default outputs of a block that names none.
pub const DEFAULT_SHOW: &[Output] = &[
    Output::WeightBytes,
    Output::KvPerRequest,
    Output::DecodeBytes,
    Output::WeightTime,
    Output::DecodeTime,
    Output::TokensPerS,
    Output::BatchTokensPerS,
    Output::DecodeIntensity,
    Output::Ridge,
];

fn dtype(name: &str, group_size: Option<u32>) -> Result<DataType, BlockError> {
    let d = DataType::from_id(name).ok_or_else(|| {
        BlockError::new(
            format!("unknown data type `{name}`"),
            Some(format!(
                "use one of {}",
                DataType::ALL.iter().map(|d| d.id()).collect::<Vec<_>>().join(", ")
            )),
        )
    })?;
    Ok(match (d.groups(), group_size) {
        (Some(_), Some(0)) => d.with_groups(Groups::NONE),
        (Some(g), Some(size)) => d.with_groups(Groups { group_size: size, ..g }),
        _ => d,
    })
}

fn id_hint<'a>(word: &str, ids: impl Iterator<Item = &'a str> + Clone) -> String {
    match did_you_mean(word, ids.clone()) {
        Some(near) => format!("did you mean `{near}`?"),
        None => format!("known: {}", ids.collect::<Vec<_>>().join(", ")),
    }
}

/// Parses the YAML of a calculator block against the presets.
pub fn parse_block(text: &str, presets: &Presets) -> Result<CalcBlock, BlockError> {
    let raw: RawBlock = yaml::from_str(text).map_err(|e| BlockError {
        line: e.line,
        column: e.column,
        message: format!("calculator block: {}", e.message),
        hint: Some("keys: model, hardware, weights, kv, batch, prompt, context, output, devices, show, charts, and model or hardware figures to change".into()),
    })?;
    let key_line = |key: &str| {
        yaml::top_level_keys(text)
            .into_iter()
            .find(|(k, _)| k == key)
            .map_or(1, |(_, l)| l)
    };
    let at = |key: &str, message: String, hint: Option<String>| BlockError {
        line: key_line(key),
        column: 1,
        message,
        hint,
    };
    let model = presets.model(&raw.model).ok_or_else(|| {
        at(
            "model",
            format!("unknown model preset `{}`", raw.model),
            Some(presets.model_hint(&raw.model)),
        )
    })?;
    let hardware = presets.hardware(&raw.hardware).ok_or_else(|| {
        at(
            "hardware",
            format!("unknown hardware preset `{}`", raw.hardware),
            Some(presets.hardware_hint(&raw.hardware)),
        )
    })?;
    let mut m = model.model;
    if let Some(p) = raw.params_b {
        m.params = p * 1e9;
        m.active_params = raw.active_params_b.unwrap_or(p) * 1e9;
    } else if let Some(a) = raw.active_params_b {
        m.active_params = a * 1e9;
    }
    m.layers = raw.layers.unwrap_or(m.layers);
    m.heads = raw.heads.unwrap_or(m.heads);
    m.kv_heads = raw.kv_heads.unwrap_or(m.kv_heads);
    m.head_dim = raw.head_dim.unwrap_or(m.head_dim);
    let mut h = hardware.hardware;
    if let Some(v) = raw.memory_gb {
        h.memory = Bytes(v * 1e9);
    }
    if let Some(v) = raw.bandwidth_gb_s {
        h.bandwidth = BytesPerSecond(v * 1e9);
    }
    if let Some(v) = raw.fp16_tflops {
        h.peaks.fp16 = FlopsPerSecond(v * 1e12);
    }
    let weights = dtype(&raw.weights, raw.group_size).map_err(|e| BlockError {
        line: key_line("weights"),
        ..e
    })?;
    let kv = dtype(&raw.kv, raw.group_size).map_err(|e| BlockError {
        line: key_line("kv"),
        ..e
    })?;
    let scenario = Scenario {
        model: m,
        hardware: h,
        workload: Workload {
            batch: raw.batch,
            prompt: raw.prompt,
            context: raw.context.unwrap_or(raw.prompt.saturating_add(raw.output)),
            output: raw.output,
            devices: raw.devices,
            reserve: raw.reserve,
        },
        weights,
        kv,
    };
    scenario
        .validate()
        .map_err(|e| at(e.field().id(), format!("calculator block: {e}"), None))?;
    let mut show = Vec::new();
    for id in &raw.show {
        match Output::from_id(id) {
            Some(o) => show.push(o),
            None => {
                return Err(at(
                    "show",
                    format!("unknown output `{id}`"),
                    Some(id_hint(id, Output::ALL.iter().map(|o| o.id()))),
                ));
            }
        }
    }
    if show.is_empty() {
        show = DEFAULT_SHOW.to_vec();
    }
    let mut charts = Vec::new();
    for id in &raw.charts {
        match Chart::from_id(id) {
            Some(c) => charts.push(c),
            None => {
                return Err(at(
                    "charts",
                    format!("unknown chart `{id}`"),
                    Some(id_hint(id, Chart::ALL.iter().map(|(_, i)| *i))),
                ));
            }
        }
    }
    Ok(CalcBlock {
        model_id: model.id.clone(),
        hardware_id: hardware.id.clone(),
        scenario,
        show,
        charts,
    })
}

/// An inline value: a figure of the entry's scenario, possibly changed.
#[derive(Clone, Debug, PartialEq)]
pub struct InlineValue {
    /// The figure.
    pub output: Output,
    /// Changes applied to the live scenario first.
    pub overrides: Vec<Override>,
    /// Significant digits, where the default of the unit is not wanted.
    pub digits: Option<u8>,
}

impl InlineValue {
    /// The text of this value for `scenario` in `locale`.
    pub fn render(&self, scenario: &Scenario, locale: roofline::Locale) -> Result<String, String> {
        let s = self.overrides.iter().fold(*scenario, |s, o| s.with_override(*o));
        let report = s.report().map_err(|e| e.to_string())?;
        let q = self
            .output
            .quantity(&report)
            .ok_or_else(|| format!("`{}` has no value in this scenario", self.output.id()))?;
        Ok(match self.digits {
            Some(d) => q.format_digits(locale, d),
            None => q.format(locale),
        })
    }
}

const INLINE_KEYS: &[&str] = &[
    "hardware",
    "model",
    "bandwidth_gb_s",
    "batch",
    "context",
    "prompt",
    "devices",
    "weights",
    "kv",
    "digits",
];

/// Parses the inside of `{{ … }}`: an output id and `key=value` changes.
pub fn parse_inline(text: &str, presets: &Presets) -> Result<InlineValue, BlockError> {
    let mut words = text.split_whitespace();
    let id = words
        .next()
        .ok_or_else(|| BlockError::new("empty inline value `{{}}`", Some("write e.g. `{{weight_time}}`".into())))?;
    let output = Output::from_id(id).ok_or_else(|| {
        BlockError::new(
            format!("unknown output `{id}` in inline value"),
            Some(id_hint(id, Output::ALL.iter().map(|o| o.id()))),
        )
    })?;
    let mut value = InlineValue {
        output,
        overrides: Vec::new(),
        digits: None,
    };
    for word in words {
        let (key, v) = word.split_once('=').ok_or_else(|| {
            BlockError::new(
                format!("`{word}` in inline value is not `key=value`"),
                Some(format!("keys: {}", INLINE_KEYS.join(", "))),
            )
        })?;
        let number = |v: &str| -> Result<u32, BlockError> {
            v.replace('_', "")
                .parse::<u32>()
                .map_err(|_| BlockError::new(format!("`{key}={v}` needs a whole number"), None))
        };
        let change = match key {
            "hardware" => Override::Hardware(
                presets
                    .hardware(v)
                    .ok_or_else(|| {
                        BlockError::new(format!("unknown hardware preset `{v}`"), Some(presets.hardware_hint(v)))
                    })?
                    .hardware,
            ),
            "model" => Override::Model(
                presets
                    .model(v)
                    .ok_or_else(|| BlockError::new(format!("unknown model preset `{v}`"), Some(presets.model_hint(v))))?
                    .model,
            ),
            "bandwidth_gb_s" => {
                let gb = v
                    .parse::<f64>()
                    .ok()
                    .filter(|g| g.is_finite() && *g > 0.0)
                    .ok_or_else(|| BlockError::new(format!("`bandwidth_gb_s={v}` needs a positive number"), None))?;
                Override::Bandwidth(BytesPerSecond(gb * 1e9))
            }
            "batch" => Override::Batch(number(v)?),
            "context" => Override::Context(number(v)?),
            "prompt" => Override::Prompt(number(v)?),
            "devices" => Override::Devices(number(v)?),
            "weights" => Override::Weights(dtype(v, None)?),
            "kv" => Override::Kv(dtype(v, None)?),
            "digits" => {
                let d = number(v)?;
                if !(1..=6).contains(&d) {
                    return Err(BlockError::new(format!("`digits={v}` must be 1 to 6"), None));
                }
                value.digits = Some(d as u8);
                continue;
            }
            other => {
                return Err(BlockError::new(
                    format!("unknown key `{other}` in inline value"),
                    Some(id_hint(other, INLINE_KEYS.iter().copied())),
                ))
            }
        };
        value.overrides.push(change);
    }
    Ok(value)
}
