//! Calculator blocks (```` ```roofline ````) and inline values (`{{weight_time}}`).

use roofline::{
    figures, inputs, Bytes, BytesPerSecond, DataType, Field, FlopsPerSecond, Groups, Hardware, InputError, Model,
    Output, Override, Scenario, Speculation, Unit, Workload,
};
use serde::Deserialize;

use crate::presets::{author_key, explain, hint, to_base, Presets};
use crate::yaml::{self, Step};

pub use vocab::{Chart, Control};

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
    draft_tokens: Option<u32>,
    acceptance: Option<f64>,
    draft_params_b: Option<f64>,
    #[serde(default)]
    show: Vec<String>,
    #[serde(default)]
    charts: Vec<String>,
    #[serde(default)]
    inputs: Vec<String>,
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
    /// The form's controls shown first, in order; the others wait behind "More inputs".
    pub inputs: Vec<Control>,
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
    pub hint: Option<Hint>,
}

/// How to fix a problem. A "did you mean" compares the word with every id it could
/// be, and an entry may hold thousands of unknown ids of which only the first
/// [`crate::markdown::MAX_MESSAGES`] messages are shown: so the closest id is found
/// by [`Hint::text`], when the message is made, not where the problem is found.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// Written out.
    Text(String),
    /// The id of `ids` closest to the unknown `word`, or all of them.
    Nearest {
        /// The id as written.
        word: String,
        /// What it should have been.
        ids: Ids,
    },
}

/// The ids an unknown id is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ids {
    /// Every output, inputs included (inline values).
    Outputs,
    /// The outputs that are results (a block's `show`).
    Results,
    /// The charts (a block's `charts`).
    Charts,
    /// The form's controls (a block's `inputs`).
    Controls,
    /// The keys of an inline value.
    InlineKeys,
    /// The model presets.
    Models,
    /// The device presets.
    Hardware,
}

impl From<String> for Hint {
    fn from(text: String) -> Hint {
        Hint::Text(text)
    }
}

impl From<&str> for Hint {
    fn from(text: &str) -> Hint {
        Hint::Text(text.to_string())
    }
}

impl Hint {
    fn nearest(word: &str, ids: Ids) -> Hint {
        Hint::Nearest {
            word: word.to_string(),
            ids,
        }
    }

    /// The hint as the message shows it.
    pub fn text(self, presets: &Presets) -> String {
        let (word, ids) = match self {
            Hint::Text(text) => return text,
            Hint::Nearest { word, ids } => (word, ids),
        };
        #[cfg(test)]
        NEAREST_WORKED_OUT.with(|n| n.set(n.get() + 1));
        match ids {
            Ids::Outputs => hint(&word, Output::ALL.iter().map(|o| o.id())),
            Ids::Results => hint(&word, Output::ALL.iter().filter(|o| !o.is_input()).map(|o| o.id())),
            Ids::Charts => hint(&word, Chart::ALL.iter().map(|c| c.id())),
            Ids::Controls => hint(&word, Control::ids()),
            Ids::InlineKeys => hint(&word, inline_keys()),
            Ids::Models => presets.model_hint(&word),
            Ids::Hardware => presets.hardware_hint(&word),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How many "did you mean" hints this thread has worked out: tests bound the
    /// work a flood of unknown ids causes with it.
    pub(crate) static NEAREST_WORKED_OUT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl BlockError {
    fn new(message: impl Into<String>, hint: Option<Hint>) -> BlockError {
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
            Some(
                format!(
                    "use one of {}",
                    DataType::ALL.iter().map(|d| d.id()).collect::<Vec<_>>().join(", ")
                )
                .into(),
            ),
        )
    })?;
    Ok(match (d.groups(), group_size) {
        (Some(_), Some(0)) => d.with_groups(Groups::NONE),
        (Some(g), Some(size)) => d.with_groups(Groups { group_size: size, ..g }),
        _ => d,
    })
}

/// The largest calculator block, in bytes of YAML: a block sets a few keys.
pub const MAX_BLOCK_BYTES: usize = 4 * 1024;

/// The keys of a block that can cause `e`, the most direct first: the figure's own
/// key, then those it depends on, then the preset it comes from.
fn culprits(e: &InputError) -> Vec<&'static str> {
    let key = author_key;
    match e {
        InputError::ActiveExceedsTotal | InputError::ActiveTooFewForExperts => {
            vec![key(Field::ActiveParams), key(Field::Params), "model"]
        }
        InputError::KvHeadsNotDivisor => vec![key(Field::KvHeads), key(Field::Heads), "model"],
        InputError::ContextShorterThanPrompt => vec![key(Field::Context), key(Field::Prompt)],
        _ => {
            let field = e.field();
            let mut keys = vec![key(field)];
            if field == Field::ActiveParams {
                keys.push(key(Field::Params));
            }
            if figures::of(field).is_some() {
                keys.push("model");
            } else if inputs::HARDWARE.iter().any(|i| i.field == field) {
                keys.push("hardware");
            } else if field == Field::Context {
                keys.extend([key(Field::Prompt), key(Field::Output)]);
            } else if field == Field::GroupSize {
                keys.extend(["weights", "kv"]);
            }
            keys
        }
    }
}

/// A block's text, for messages at the keys it writes.
struct Keys<'a>(&'a str);

impl Keys<'_> {
    /// Where `key` is written, if it is.
    fn find(&self, key: &str) -> Option<(usize, usize)> {
        yaml::locate(self.0, &[Step::Key(key)])
    }

    /// An error at the first of `keys` the block writes (its first line if none).
    fn error(&self, keys: &[&str], message: String, hint: Option<Hint>) -> BlockError {
        let (line, column) = keys.iter().find_map(|k| self.find(k)).unwrap_or((1, 1));
        BlockError {
            line,
            column,
            message,
            hint,
        }
    }

    /// An error for a scenario the core rejects, in the block's words.
    fn invalid(&self, e: &InputError) -> BlockError {
        let message = format!("calculator block: {}", explain(e, author_key(e.field())));
        self.error(&culprits(e), message, None)
    }

    /// A figure of the block in the core's unit.
    fn figure(&self, field: Field, value: f64) -> Result<f64, BlockError> {
        to_base(field, value).map_err(|e| self.invalid(&e))
    }
}

/// Parses the YAML of a calculator block against the presets.
pub fn parse_block(text: &str, presets: &Presets) -> Result<CalcBlock, BlockError> {
    if text.len() > MAX_BLOCK_BYTES {
        return Err(BlockError::new(
            format!(
                "calculator block is {} bytes; the limit is {} KiB",
                text.len(),
                MAX_BLOCK_BYTES / 1024
            ),
            Some(
                "a block names a model and a device and changes a few figures; split the rest into several blocks"
                    .into(),
            ),
        ));
    }
    let raw: RawBlock = yaml::from_str(text).map_err(|e| BlockError {
        line: e.line,
        column: e.column,
        message: format!("calculator block: {}", e.message),
        hint: Some(
            "keys: model, hardware, weights, kv, batch, prompt, context, output, devices, draft_tokens, \
             acceptance, draft_params_b, show, charts, inputs, and model or hardware figures to change"
                .into(),
        ),
    })?;
    let keys = Keys(text);
    let model = presets.model(&raw.model).ok_or_else(|| {
        keys.error(
            &["model"],
            format!("unknown model preset `{}`", raw.model),
            Some(Hint::nearest(&raw.model, Ids::Models)),
        )
    })?;
    let hardware = presets.hardware(&raw.hardware).ok_or_else(|| {
        keys.error(
            &["hardware"],
            format!("unknown hardware preset `{}`", raw.hardware),
            Some(Hint::nearest(&raw.hardware, Ids::Hardware)),
        )
    })?;
    let scenario = Scenario {
        model: block_model(&raw, model.model, &keys)?,
        hardware: block_hardware(&raw, hardware.hardware, &keys)?,
        workload: Workload {
            batch: raw.batch,
            prompt: raw.prompt,
            context: raw.context.unwrap_or(raw.prompt.saturating_add(raw.output)),
            output: raw.output,
            devices: raw.devices,
            reserve: raw.reserve,
        },
        weights: dtype(&raw.weights, raw.group_size).map_err(|e| keys.error(&["weights"], e.message, e.hint))?,
        kv: dtype(&raw.kv, raw.group_size).map_err(|e| keys.error(&["kv"], e.message, e.hint))?,
        speculation: block_speculation(&raw, &keys)?,
    };
    scenario.validate().map_err(|e| keys.invalid(&e))?;
    let mut show = ids(&raw.show, &keys, "show", "output", Output::from_id, Ids::Results)?;
    if let Some(i) = show.iter().position(|o| o.is_input()) {
        return Err(input_in_show(&keys, i, show[i]));
    }
    if scenario.speculation.is_none() {
        if let Some(i) = show.iter().position(|o| is_speculative(*o)) {
            return Err(show_item_error(
                &keys,
                i,
                format!("`{}` needs speculative decoding in this block", show[i].id()),
                SPECULATION_HINT,
            ));
        }
    }
    if show.is_empty() {
        show = DEFAULT_SHOW.to_vec();
    }
    let charts = ids(&raw.charts, &keys, "charts", "chart", Chart::from_id, Ids::Charts)?;
    let inputs = first_controls(&raw.inputs, &keys, scenario.speculation.is_some())?;
    Ok(CalcBlock {
        model_id: model.id.clone(),
        hardware_id: hardware.id.clone(),
        scenario,
        show,
        charts,
        inputs,
    })
}

/// The controls a block's `inputs` names, checked: at most [`Control::MAX_FIRST`],
/// each once, speculative decoding's only where the block sets it;
/// [`Control::DEFAULT`] where it names none.
fn first_controls(written: &[String], keys: &Keys<'_>, speculative: bool) -> Result<Vec<Control>, BlockError> {
    let controls = ids(written, keys, "inputs", "input", Control::from_id, Ids::Controls)?;
    let at = |item: usize| {
        yaml::locate(keys.0, &[Step::Key("inputs"), Step::Item(item)])
            .or_else(|| keys.find("inputs"))
            .unwrap_or((1, 1))
    };
    let error = |item: usize, message: String, hint: &str| {
        let (line, column) = at(item);
        BlockError {
            line,
            column,
            message,
            hint: Some(hint.into()),
        }
    };
    if controls.len() > Control::MAX_FIRST {
        return Err(error(
            Control::MAX_FIRST,
            format!(
                "`inputs` names {} controls; the form shows at most {} before \"More inputs\"",
                controls.len(),
                Control::MAX_FIRST
            ),
            "keep the ones the entry is about; the others stay a click away",
        ));
    }
    for (i, c) in controls.iter().enumerate() {
        if controls[..i].contains(c) {
            return Err(error(
                i,
                format!("`{}` is named twice in `inputs`", c.id()),
                "name each input once",
            ));
        }
        let spec = matches!(c, Control::Figure(f) if roofline::inputs::SPECULATION.iter().any(|s| s.field == *f));
        if spec && !speculative {
            return Err(error(
                i,
                format!("`{}` needs speculative decoding in this block", c.id()),
                SPECULATION_HINT,
            ));
        }
    }
    Ok(if controls.is_empty() {
        Control::DEFAULT.to_vec()
    } else {
        controls
    })
}

/// The error for an input in a `show` list, at the item: the calculator's form shows
/// the inputs already.
fn input_in_show(keys: &Keys<'_>, item: usize, output: Output) -> BlockError {
    show_item_error(
        keys,
        item,
        format!("`{}` is an input of the calculator, not a result", output.id()),
        &format!(
            "the form shows it already; name it in the prose as `{{{{{}}}}}`",
            output.id()
        ),
    )
}

/// An error at item `item` of the `show` list.
fn show_item_error(keys: &Keys<'_>, item: usize, message: String, hint: &str) -> BlockError {
    let (line, column) = yaml::locate(keys.0, &[Step::Key("show"), Step::Item(item)])
        .or_else(|| keys.find("show"))
        .unwrap_or((1, 1));
    BlockError {
        line,
        column,
        message,
        hint: Some(hint.into()),
    }
}

/// The keys that set speculative decoding in a block, all or none of them.
const SPECULATION_KEYS: [&str; 3] = ["draft_tokens", "acceptance", "draft_params_b"];

const SPECULATION_HINT: &str =
    "set speculative decoding in the calculator block: `draft_tokens`, `acceptance` and `draft_params_b`";

/// Whether `output` is a figure of speculative decoding, which has a value only
/// where the scenario sets it.
fn is_speculative(output: Output) -> bool {
    matches!(
        output,
        Output::DraftTokens
            | Output::Acceptance
            | Output::DraftParams
            | Output::SpecTokensPerStep
            | Output::SpecVerifyTime
            | Output::SpecDraftTime
            | Output::SpecStepTime
            | Output::SpecTokensPerS
            | Output::SpecSpeedup
    )
}

/// Speculative decoding as the block sets it: all three keys (a draft length of 0
/// starts it off, with the form's fields shown) or none.
fn block_speculation(raw: &RawBlock, keys: &Keys<'_>) -> Result<Option<Speculation>, BlockError> {
    match (raw.draft_tokens, raw.acceptance, raw.draft_params_b) {
        (None, None, None) => Ok(None),
        (Some(draft_tokens), Some(acceptance), Some(params)) => Ok(Some(Speculation {
            draft_tokens,
            acceptance,
            draft_params: keys.figure(Field::DraftParams, params)?,
        })),
        (k, a, p) => {
            let given = [k.is_some(), a.is_some(), p.is_some()];
            let missing: Vec<String> = SPECULATION_KEYS
                .iter()
                .zip(given)
                .filter(|(_, set)| !set)
                .map(|(key, _)| format!("`{key}`"))
                .collect();
            Err(keys.error(
                &SPECULATION_KEYS,
                format!(
                    "calculator block: speculative decoding needs `draft_tokens`, `acceptance` and \
                     `draft_params_b`; {} missing",
                    missing.join(" and ")
                ),
                Some("set all three, or none for plain decoding".into()),
            ))
        }
    }
}

/// The model preset with the block's changes, each set as [`figures`] declares it.
fn block_model(raw: &RawBlock, mut m: Model, keys: &Keys<'_>) -> Result<Model, BlockError> {
    let whole = |v: Option<u32>| v.map(f64::from);
    for (f, value) in [
        (&figures::PARAMS, raw.params_b),
        (&figures::ACTIVE_PARAMS, raw.active_params_b),
        (&figures::LAYERS, whole(raw.layers)),
        (&figures::HEADS, whole(raw.heads)),
        (&figures::KV_HEADS, whole(raw.kv_heads)),
        (&figures::HEAD_DIM, whole(raw.head_dim)),
    ] {
        if let Some(v) = value {
            (f.set)(&mut m, Some(keys.figure(f.field, v)?));
        }
    }
    Ok(m)
}

/// The device preset with the block's changes.
fn block_hardware(raw: &RawBlock, mut h: Hardware, keys: &Keys<'_>) -> Result<Hardware, BlockError> {
    if let Some(v) = raw.memory_gb {
        h.memory = Bytes(keys.figure(Field::Memory, v)?);
    }
    if let Some(v) = raw.bandwidth_gb_s {
        h.bandwidth = BytesPerSecond(keys.figure(Field::Bandwidth, v)?);
    }
    if let Some(v) = raw.fp16_tflops {
        h.peaks.fp16 = FlopsPerSecond(keys.figure(Field::Peak, v)?);
    }
    Ok(h)
}

/// The items of a list of ids (`show`, `charts`); an unknown one is an error where
/// it is written.
fn ids<T>(
    written: &[String],
    keys: &Keys<'_>,
    key: &str,
    what: &str,
    from_id: impl Fn(&str) -> Option<T>,
    known: Ids,
) -> Result<Vec<T>, BlockError> {
    written
        .iter()
        .enumerate()
        .map(|(i, id)| {
            from_id(id).ok_or_else(|| {
                let (line, column) = yaml::locate(keys.0, &[Step::Key(key), Step::Item(i)])
                    .or_else(|| keys.find(key))
                    .unwrap_or((1, 1));
                BlockError {
                    line,
                    column,
                    message: format!("unknown {what} `{id}`"),
                    hint: Some(Hint::nearest(id, known)),
                }
            })
        })
        .collect()
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
    /// The sentence says that its case is hypothetical, so that a context beyond
    /// the model's limit is meant (`{{kv_per_request model=llama-2-7b
    /// hypothetical}}`): no warning then.
    pub hypothetical: bool,
}

impl InlineValue {
    /// The scenario this value is computed for: `scenario` with its changes.
    pub fn scenario(&self, scenario: &Scenario) -> Scenario {
        self.overrides.iter().fold(*scenario, |s, o| s.with_override(*o))
    }

    /// The text of this value for `scenario` in `locale`.
    pub fn render(&self, scenario: &Scenario, locale: roofline::Locale) -> Result<String, String> {
        let changes_speculation = self.overrides.iter().any(|o| {
            matches!(
                o,
                Override::DraftTokens(_) | Override::Acceptance(_) | Override::DraftParams(_)
            )
        });
        if scenario.speculation.is_none() && (changes_speculation || is_speculative(self.output)) {
            return Err(format!(
                "`{}`{} needs speculative decoding; {SPECULATION_HINT}",
                self.output.id(),
                if changes_speculation { " with these changes" } else { "" }
            ));
        }
        self.output
            .text_for(&self.scenario(scenario), locale, self.digits)
            .map_err(|e| explain(&e, author_key(e.field())))?
            .ok_or_else(|| format!("`{}` has no value in this scenario", self.output.id()))
    }
}

/// The keys an inline value may write: the presets, the data types, each input
/// the core declares with a change, and `digits`.
fn inline_keys() -> impl Iterator<Item = &'static str> + Clone {
    let changes = inputs::all().filter(|i| i.change.is_some()).map(|i| i.key);
    ["hardware", "model", "weights", "kv"]
        .into_iter()
        .chain(changes)
        .chain(["digits"])
}

/// The word that marks an inline value's case as hypothetical.
const HYPOTHETICAL: &str = "hypothetical";

/// Parses the inside of `{{ … }}`: an output id, `key=value` changes, and perhaps
/// the word `hypothetical`.
pub fn parse_inline(text: &str, presets: &Presets) -> Result<InlineValue, BlockError> {
    let mut words = text.split_whitespace();
    let id = words
        .next()
        .ok_or_else(|| BlockError::new("empty inline value `{{}}`", Some("write e.g. `{{weight_time}}`".into())))?;
    let output = Output::from_id(id).ok_or_else(|| {
        BlockError::new(
            format!("unknown output `{id}` in inline value"),
            Some(Hint::nearest(id, Ids::Outputs)),
        )
    })?;
    let mut value = InlineValue {
        output,
        overrides: Vec::new(),
        digits: None,
        hypothetical: false,
    };
    for word in words {
        if word == HYPOTHETICAL {
            value.hypothetical = true;
            continue;
        }
        let (key, v) = word.split_once('=').ok_or_else(|| {
            BlockError::new(
                format!("`{word}` in inline value is not `key=value`"),
                Some(
                    format!(
                        "keys: {}; or the word `{HYPOTHETICAL}`",
                        inline_keys().collect::<Vec<_>>().join(", ")
                    )
                    .into(),
                ),
            )
        })?;
        if key == "digits" {
            value.digits = Some(digits(output, v)?);
        } else {
            value.overrides.push(inline_change(key, v, presets)?);
        }
    }
    Ok(value)
}

/// The value of `digits=v` for `output`: 1 to 6, and only where the output is
/// rounded (a figure with a unit or a parameter count; not a count or a name).
fn digits(output: Output, v: &str) -> Result<u8, BlockError> {
    if matches!(output.unit(), None | Some(Unit::Count)) {
        return Err(BlockError::new(
            format!("`digits` does not apply to `{}`", output.id()),
            Some("counts are shown whole and names as they are; leave `digits` out".into()),
        ));
    }
    let d = whole_number("digits", v)?;
    if !(1..=6).contains(&d) {
        return Err(BlockError::new(format!("`digits={v}` must be 1 to 6"), None));
    }
    Ok(d as u8)
}

/// A warning's message where `scenario`'s context is beyond the context its model
/// reads, e.g. "context of 32,768 tokens is beyond the 8,192 tokens Llama-3-8B reads
/// (`max_context`)"; `name` is the model's name.
pub fn context_beyond(scenario: &Scenario, name: &str) -> Option<String> {
    let limit = scenario.context_beyond_model()?;
    let count = |v: u32| roofline::format_fixed(f64::from(v), 0, roofline::Locale::En);
    Some(format!(
        "context of {} tokens is beyond the {} tokens {name} reads (`max_context`)",
        count(scenario.workload.context),
        count(limit)
    ))
}

/// The value of `key=v` as a whole number.
fn whole_number(key: &str, v: &str) -> Result<u32, BlockError> {
    v.replace('_', "")
        .parse::<u32>()
        .map_err(|_| BlockError::new(format!("`{key}={v}` needs a whole number"), None))
}

/// The change `key=v` of an inline value to the entry's scenario.
fn inline_change(key: &str, v: &str, presets: &Presets) -> Result<Override, BlockError> {
    Ok(match key {
        "hardware" => Override::Hardware(
            presets
                .hardware(v)
                .ok_or_else(|| {
                    BlockError::new(
                        format!("unknown hardware preset `{v}`"),
                        Some(Hint::nearest(v, Ids::Hardware)),
                    )
                })?
                .hardware,
        ),
        "model" => Override::Model(
            presets
                .model(v)
                .ok_or_else(|| {
                    BlockError::new(
                        format!("unknown model preset `{v}`"),
                        Some(Hint::nearest(v, Ids::Models)),
                    )
                })?
                .model,
        ),
        "weights" => Override::Weights(dtype(v, None)?),
        "kv" => Override::Kv(dtype(v, None)?),
        key => {
            // An input of the device, the workload or speculative decoding, in the
            // unit and within the bounds the core declares for it.
            let Some((input, change)) = inputs::at_key(key).and_then(|i| Some((i, i.change?))) else {
                return Err(BlockError::new(
                    format!("unknown key `{key}` in inline value"),
                    Some(Hint::nearest(key, Ids::InlineKeys)),
                ));
            };
            let written = if input.whole {
                f64::from(whole_number(key, v)?)
            } else {
                v.replace('_', "")
                    .parse::<f64>()
                    .map_err(|_| BlockError::new(format!("`{key}={v}` needs a number"), None))?
            };
            let value = to_base(input.field, written)
                .and_then(|value| input.check(value).map(|()| value))
                .map_err(|e| BlockError::new(explain(&e, key), None))?;
            change(value)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presets() -> Presets {
        crate::presets::site_presets()
    }

    /// The error of a block with llama-2-7b on an A100 and `change`, as (line,
    /// column, message).
    fn error(change: &str) -> (usize, usize, String) {
        let text = format!("model: llama-2-7b\nhardware: a100-80gb\n{change}\nbatch: 1\n");
        let e = parse_block(&text, &presets()).expect_err(change);
        (e.line, e.column, e.message)
    }

    #[test]
    fn errors_name_the_key_as_written_at_its_line() {
        let cases = [
            ("params_b: 1e300", "`params_b` must be at most 100000"),
            ("active_params_b: 1e300", "`active_params_b` must be at most 100000"),
            ("active_params_b: 9", "`active_params_b` must not exceed `params_b`"),
            ("memory_gb: 1e300", "`memory_gb` must be at most 1000000"),
            ("bandwidth_gb_s: .nan", "`bandwidth_gb_s` must be a finite number"),
            ("fp16_tflops: 1e300", "`fp16_tflops` must be at most 10000000"),
            ("heads: 30", "`heads` must be a multiple of `kv_heads`"),
            ("reserve: 1.5", "`reserve` must be at least 0 and below 1"),
        ];
        for (change, message) in cases {
            assert_eq!(
                error(change),
                (3, 1, format!("calculator block: {message}")),
                "{change}"
            );
        }
    }

    /// A model that does not fit is a case a sentence can be about: the block is
    /// computed, and its report says how many devices the weights need.
    #[test]
    fn a_block_whose_weights_do_not_fit_is_computed() {
        let text = "model: llama-2-7b\nhardware: a100-80gb\nmemory_gb: 1\nbatch: 1\n";
        let block = parse_block(text, &presets()).expect("computed");
        let r = block.scenario.report().expect("a report");
        assert!(!r.capacity.weights_fit);
        assert_eq!(r.capacity.devices_needed, 15);
        let draft = speculative_block("draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 70").expect("computed");
        assert_eq!(draft.scenario.report().map(|r| r.capacity.devices_needed), Ok(3));
    }

    #[test]
    fn unknown_ids_are_reported_where_they_are_written() {
        assert_eq!(error("show: [weight_time, nope]").0, 3);
        assert_eq!(error("show: [weight_time, nope]").1, 21);
        assert_eq!(error("charts:\n  - batch\n  - nope").0, 5);
        assert_eq!(error("inputs: [batch, bandwith_gb_s]").0, 3);
    }

    #[test]
    fn a_block_names_the_few_inputs_its_form_shows_first() {
        let parse = |change: &str| {
            let text = format!("model: llama-2-7b\nhardware: a100-80gb\n{change}\n");
            parse_block(&text, &presets()).map(|b| b.inputs)
        };
        assert_eq!(parse(""), Ok(Control::DEFAULT.to_vec()));
        assert_eq!(
            parse("inputs: [bandwidth_gb_s, model, kv]"),
            Ok(vec![Control::Figure(Field::Bandwidth), Control::Model, Control::Kv])
        );
        // Too many: the error stands at the first one too many.
        let e = parse("inputs:\n  - model\n  - hardware\n  - batch\n  - context\n  - prompt").unwrap_err();
        assert_eq!((e.line, e.message.contains("at most 4")), (8, true), "{e:?}");
        let e = parse("inputs: [batch, model, batch]").unwrap_err();
        assert_eq!((e.line, e.column), (3, 24));
        assert!(e.message.contains("named twice"), "{e:?}");
        // The share of memory kept free is the block's to set, not a field of the form.
        let e = parse("inputs: [reserve]").unwrap_err();
        assert_eq!(e.message, "unknown input `reserve`");
        assert!(matches!(e.hint, Some(Hint::Nearest { ids: Ids::Controls, .. })));
        let e = parse("inputs: [model, acceptance]").unwrap_err();
        assert!(e.message.contains("needs speculative decoding"), "{e:?}");
        let speculative =
            speculative_block("draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 0.07\ninputs: [acceptance]")
                .expect("parsed");
        assert_eq!(speculative.inputs, vec![Control::Figure(Field::Acceptance)]);
    }

    #[test]
    fn a_block_above_the_limit_is_not_parsed() {
        let text = format!("model: llama-2-7b\nhardware: a100-80gb\n{}", "# note\n".repeat(600));
        let e = parse_block(&text, &presets()).unwrap_err();
        assert!(e.message.contains("the limit is 4 KiB"), "{}", e.message);
    }

    #[test]
    fn inline_changes_stay_within_the_cores_limits() {
        let presets = presets();
        let e = parse_inline("weight_time bandwidth_gb_s=1e300", &presets).unwrap_err();
        assert_eq!(e.message, "`bandwidth_gb_s` must be at most 1000000");
        // A finite value beyond the bound is refused where it is written, as the core
        // would refuse it.
        let e = parse_inline("weight_time bandwidth_gb_s=2e6", &presets).unwrap_err();
        assert_eq!(e.message, "`bandwidth_gb_s` must be at most 1000000");
        let e = parse_inline("weight_time batch=0", &presets).unwrap_err();
        assert_eq!(e.message, "`batch` must be greater than zero");
        assert!(parse_inline("weight_time batch=8 bandwidth_gb_s=3350 acceptance=0.5", &presets).is_ok());
    }

    /// The text of `{{inline}}` in the scenario of a Llama-2-7B block on an A100, with
    /// `~` for the no-break space and `_` for the German thousands separator.
    fn inline_text(inline: &str, locale: roofline::Locale) -> String {
        let presets = presets();
        let scenario = parse_block("model: llama-2-7b\nhardware: a100-80gb\ncontext: 32768\n", &presets)
            .unwrap()
            .scenario;
        parse_inline(inline, &presets)
            .unwrap()
            .render(&scenario, locale)
            .unwrap()
            .replace('\u{a0}', "~")
            .replace('\u{202f}', "_")
    }

    #[test]
    fn inline_values_name_the_inputs_in_the_readers_language() {
        use roofline::Locale::{De, En};
        let cases = [
            ("params", "6.74~billion", "6,74~Milliarden"),
            ("params digits=2", "6.7~billion", "6,7~Milliarden"),
            ("params model=llama-3-70b digits=4", "70.55~billion", "70,55~Milliarden"),
            ("sliding_window model=mistral-7b", "4,096", "4_096"),
            ("active_params model=mixtral-8x7b", "12.9~billion", "12,9~Milliarden"),
            ("batch batch=8", "8", "8"),
            ("context", "32,768", "32_768"),
            ("prompt", "512", "512"),
            ("devices devices=2", "2", "2"),
            ("weights_type", "FP16", "FP16"),
            ("weights_type weights=int4", "INT4", "INT4"),
            ("kv_type kv=fp8", "FP8", "FP8"),
            ("max_context", "4,096", "4_096"),
            ("max_context model=llama-3.1-8b", "131,072", "131_072"),
            // The vocabulary tables stay in 16 bits (facts.md): 39.8 GB, not 36.7.
            ("weight_bytes model=llama-3-70b weights=int4", "39.8~GB", "39,8~GB"),
        ];
        for (inline, en, de) in cases {
            assert_eq!(inline_text(inline, En), en, "{inline}");
            assert_eq!(inline_text(inline, De), de, "{inline}");
        }
    }

    #[test]
    fn hypothetical_marks_the_case_and_changes_nothing_else() {
        let presets = presets();
        let plain = parse_inline("kv_per_request model=llama-2-7b", &presets).unwrap();
        let marked = parse_inline("kv_per_request model=llama-2-7b hypothetical", &presets).unwrap();
        assert!(marked.hypothetical && !plain.hypothetical);
        assert_eq!(marked.overrides, plain.overrides);
        let e = parse_inline("kv_per_request hypothetically", &presets).unwrap_err();
        assert!(e.hint.unwrap().text(&presets).contains("`hypothetical`"));
    }

    /// How many "did you mean" hints this thread has worked out so far.
    fn worked_out() -> usize {
        NEAREST_WORKED_OUT.with(std::cell::Cell::get)
    }

    #[test]
    fn unknown_ids_are_compared_only_when_the_hint_is_shown() {
        let presets = presets();
        let before = worked_out();
        let errors: Vec<BlockError> = ["weight_tim", "weight_time model=llama-3-8", "weight_time batsh=2"]
            .iter()
            .map(|inline| parse_inline(inline, &presets).unwrap_err())
            .collect();
        assert_eq!(worked_out(), before);
        let hints: Vec<String> = errors.into_iter().map(|e| e.hint.unwrap().text(&presets)).collect();
        assert_eq!(
            hints,
            [
                "did you mean `weight_time`?",
                "did you mean `llama-3-8b`?",
                "did you mean `batch`?"
            ]
        );
        assert_eq!(worked_out(), before + 3);
    }

    /// A language without entries.
    struct NoEntries;

    impl crate::markdown::Resolve for NoEntries {
        fn slug(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn term(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn slugs(&self) -> Vec<&str> {
            Vec::new()
        }
    }

    /// An entry full of unknown ids: the messages are capped, and so is the work
    /// of finding the closest id, however many there are.
    #[test]
    fn a_flood_of_unknown_ids_works_out_hints_only_for_the_messages_shown() {
        use crate::markdown::{render, Source, MAX_MESSAGES};
        let presets = presets();
        let values = "{{x}} {{weight_time model=nope}} {{weight_time nope=1}} ";
        let text = format!(
            "```roofline\nmodel: llama-3-8b\nhardware: a100-80gb\n```\n\n{}",
            values.repeat(1000)
        );
        let src = Source {
            path: "content/en/x.md",
            text: &text,
            first_line: 1,
            locale: roofline::Locale::En,
        };
        let before = worked_out();
        let mut out = Vec::new();
        let body = render(&src, &presets, &NoEntries, &mut out);
        crate::limits::check(
            &src,
            &crate::prose::parts(&text),
            body.calculators.first(),
            &presets,
            &mut out,
        );
        assert_eq!(out.len(), MAX_MESSAGES + 1, "{out:?}");
        assert_eq!(
            out[MAX_MESSAGES].message,
            "2900 more problems in this entry are not listed"
        );
        assert!(out[..MAX_MESSAGES].iter().all(|d| d.hint.is_some()));
        assert_eq!(worked_out() - before, MAX_MESSAGES);
    }

    /// A Llama-3.1-8B block on an A100 with speculative decoding written as `spec`.
    fn speculative_block(spec: &str) -> Result<CalcBlock, BlockError> {
        let text = format!("model: llama-3.1-8b\nhardware: a100-80gb\n{spec}\n");
        parse_block(&text, &presets())
    }

    #[test]
    fn speculative_decoding_takes_its_three_keys_together() {
        let block = speculative_block("draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 1").unwrap();
        assert_eq!(
            block.scenario.speculation,
            Some(Speculation {
                draft_tokens: 4,
                acceptance: 0.8,
                draft_params: 1e9
            })
        );
        assert_eq!(speculative_block("").unwrap().scenario.speculation, None);
        let e = speculative_block("acceptance: 0.8").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        assert!(
            e.message.ends_with("`draft_tokens` and `draft_params_b` missing"),
            "{}",
            e.message
        );
        let cases = [
            (
                "draft_tokens: 4\nacceptance: 1.5\ndraft_params_b: 1",
                4,
                "`acceptance` must be at least 0 and at most 1",
            ),
            (
                "draft_tokens: 65\nacceptance: 0.8\ndraft_params_b: 1",
                3,
                "`draft_tokens` must be at most 64",
            ),
            (
                "draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 0",
                5,
                "`draft_params_b` must be greater than zero",
            ),
        ];
        for (spec, line, message) in cases {
            let e = speculative_block(spec).unwrap_err();
            assert_eq!(
                (e.line, e.message.as_str()),
                (line, format!("calculator block: {message}").as_str())
            );
        }
    }

    #[test]
    fn speculative_outputs_need_a_block_that_sets_it() {
        let e = speculative_block("show: [decode_time, spec_speedup]").unwrap_err();
        assert_eq!((e.line, e.column), (3, 21));
        assert_eq!(e.message, "`spec_speedup` needs speculative decoding in this block");
        assert!(speculative_block("draft_tokens: 0\nacceptance: 0.8\ndraft_params_b: 1\nshow: [spec_speedup]").is_ok());
        let e =
            speculative_block("draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 1\nshow: [acceptance]").unwrap_err();
        assert_eq!(e.message, "`acceptance` is an input of the calculator, not a result");
    }

    #[test]
    fn inline_values_change_speculative_decoding_where_the_block_sets_it() {
        use roofline::Locale::{De, En};
        let presets = presets();
        let spec = speculative_block("draft_tokens: 4\nacceptance: 0.8\ndraft_params_b: 1")
            .unwrap()
            .scenario;
        let text = |inline: &str, locale| {
            parse_inline(inline, &presets)
                .unwrap()
                .render(&spec, locale)
                .unwrap()
                .replace('\u{a0}', "~")
        };
        assert_eq!(text("spec_tokens_per_step acceptance=0.8 draft_tokens=5", En), "3.69");
        assert_eq!(text("spec_tokens_per_step acceptance=0.8 draft_tokens=5", De), "3,69");
        assert_eq!(text("acceptance acceptance=0.75", De), "0,75");
        assert_eq!(text("draft_params draft_params_b=0.068", En), "68~million");
        assert_eq!(text("spec_speedup draft_tokens=0", En), "1.00~×");
        let plain = speculative_block("").unwrap().scenario;
        for inline in ["spec_speedup", "acceptance", "tokens_per_s acceptance=0.6"] {
            let e = parse_inline(inline, &presets).unwrap().render(&plain, En).unwrap_err();
            assert!(e.contains("needs speculative decoding"), "{inline}: {e}");
        }
        for (inline, message) in [
            (
                "spec_speedup acceptance=1.5",
                "`acceptance` must be at least 0 and at most 1",
            ),
            (
                "spec_speedup draft_tokens=2.5",
                "`draft_tokens=2.5` needs a whole number",
            ),
            (
                "spec_speedup draft_params_b=-1",
                "`draft_params_b` must be greater than zero",
            ),
        ] {
            assert_eq!(parse_inline(inline, &presets).unwrap_err().message, message);
        }
    }

    #[test]
    fn inputs_are_not_results_to_show() {
        let e = error("show: [weight_bytes, batch]");
        assert_eq!(
            e,
            (3, 22, "`batch` is an input of the calculator, not a result".to_string())
        );
        assert!(parse_block(
            "model: llama-2-7b\nhardware: a100-80gb\nshow: [max_context, fit_context]\n",
            &presets()
        )
        .is_ok());
    }
}
