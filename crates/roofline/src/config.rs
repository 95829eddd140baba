//! A model from a Hugging Face `config.json`.
//!
//! The crate reads no JSON text itself: the browser parses it with its own `JSON.parse`
//! and hands over a [`Json`] tree (tests build one with a JSON crate), so the bundle
//! carries no JSON parser. [`from_config`] reads the shape the calculator needs, and
//! estimates the parameter count from it where the reader gives none.

use crate::dtype::{DataType, Groups};
use crate::scenario::{Experts, Latent, Model};

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
    /// An array.
    List(Vec<Json>),
    /// An object, its keys in the order written.
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// What a config says, read into the calculator's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelConfig {
    /// The model.
    pub model: Model,
    /// Whether a parameter count was estimated from the shapes (the reader gave
    /// neither or, for a mixture of experts, only one of them).
    pub params_estimated: bool,
    /// The storage type of the weights the checkpoint declares (`torch_dtype`, or its
    /// quantization), where the config names one this crate knows.
    pub weights: Option<DataType>,
    /// Keys the calculator did not understand, as written (`vision_config`,
    /// `text_config.cache_implementation`), for the reader to check.
    pub unknown: Vec<String>,
    /// Keys the config leaves out and the calculator took from the Transformers
    /// library's defaults for the model type (Gemma 3's published config names no
    /// vocabulary size).
    pub defaults: Vec<&'static str>,
}

/// Why a config cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    /// The text is not a JSON object.
    NotAnObject,
    /// A figure the calculator needs is missing; the keys it looked for.
    Missing(&'static [&'static str]),
    /// A figure is not a whole number the calculator accepts.
    Invalid(&'static str),
}

/// Keys that describe training, tokens or code rather than bytes and FLOPs of
/// inference: read and deliberately left out.
const IRRELEVANT: &[&str] = &[
    "_name_or_path",
    "architectures",
    "attention_bias",
    "attention_dropout",
    "attn_logit_softcapping",
    "aux_loss_alpha",
    "auto_map",
    "bos_token_id",
    "boi_token_index",
    "eoi_token_index",
    "eos_token_id",
    "ep_size",
    "final_logit_softcapping",
    "hidden_act",
    "hidden_activation",
    "image_token_index",
    "initializer_factor",
    "initializer_range",
    "mlp_bias",
    "mm_tokens_per_image",
    "model_type",
    "n_group",
    "norm_topk_prob",
    "num_nextn_predict_layers",
    "output_router_logits",
    "pad_token_id",
    "pretraining_tp",
    "query_pre_attn_scalar",
    "rms_norm_eps",
    "rope_local_base_freq",
    "rope_scaling",
    "rope_theta",
    "routed_scaling_factor",
    "router_aux_loss_coef",
    "router_jitter_noise",
    "scoring_func",
    "seq_aux",
    "swiglu_limit",
    "topk_group",
    "topk_method",
    "transformers_version",
    "initial_context_length",
    "cache_implementation",
    "use_cache",
    "vocab_size_per_layer_input",
];

/// The keys each figure is read from, first match wins.
const LAYERS: &[&str] = &["num_hidden_layers", "n_layer", "num_layers"];
const HIDDEN: &[&str] = &["hidden_size", "n_embd", "d_model"];
const HEADS: &[&str] = &["num_attention_heads", "n_head"];
const KV_HEADS: &[&str] = &["num_key_value_heads"];
const HEAD_DIM: &[&str] = &["head_dim"];
const VOCAB: &[&str] = &["vocab_size"];
const MAX_CONTEXT: &[&str] = &["max_position_embeddings", "n_positions", "max_sequence_length"];
const FFN: &[&str] = &["intermediate_size", "n_inner", "ffn_dim"];
const MOE_FFN: &[&str] = &["moe_intermediate_size"];
const EXPERTS: &[&str] = &["num_local_experts", "num_experts", "n_routed_experts"];
const ACTIVE_EXPERTS: &[&str] = &["num_experts_per_tok", "experts_per_token"];
const SHARED_EXPERTS: &[&str] = &["n_shared_experts"];
const SHARED_FFN: &[&str] = &["shared_expert_intermediate_size"];
const DENSE_LAYERS: &[&str] = &["first_k_dense_replace"];
const SPARSE_STEP: &[&str] = &["decoder_sparse_step", "moe_layer_freq"];
const KV_RANK: &[&str] = &["kv_lora_rank"];
const Q_RANK: &[&str] = &["q_lora_rank"];
const ROPE_DIM: &[&str] = &["qk_rope_head_dim"];
const NOPE_DIM: &[&str] = &["qk_nope_head_dim"];
const V_DIM: &[&str] = &["v_head_dim"];
const WINDOW: &[&str] = &["sliding_window"];
const USE_WINDOW: &[&str] = &["use_sliding_window"];
const FULL_LAYERS: &[&str] = &["max_window_layers"];
const PATTERN: &[&str] = &["sliding_window_pattern"];
const LAYER_TYPES: &[&str] = &["layer_types"];
const TIED: &[&str] = &["tie_word_embeddings"];
const DTYPE: &[&str] = &["torch_dtype", "dtype"];
const QUANTIZATION: &[&str] = &["quantization_config"];
const MLP_ONLY: &[&str] = &["mlp_only_layers"];

/// Every key this module reads.
const READ: &[&[&str]] = &[
    LAYERS,
    HIDDEN,
    HEADS,
    KV_HEADS,
    HEAD_DIM,
    VOCAB,
    MAX_CONTEXT,
    FFN,
    MOE_FFN,
    EXPERTS,
    ACTIVE_EXPERTS,
    SHARED_EXPERTS,
    SHARED_FFN,
    DENSE_LAYERS,
    SPARSE_STEP,
    KV_RANK,
    Q_RANK,
    ROPE_DIM,
    NOPE_DIM,
    V_DIM,
    WINDOW,
    USE_WINDOW,
    FULL_LAYERS,
    PATTERN,
    LAYER_TYPES,
    TIED,
    DTYPE,
    QUANTIZATION,
    MLP_ONLY,
];

/// Figures that a model type's published configs leave to the Transformers library
/// (its `Gemma3TextConfig` defaults, which the Gemma 3 configs rely on).
const DEFAULTS: &[(&str, &[(&str, f64)])] = &[
    (
        "gemma3_text",
        &[
            ("vocab_size", 262_208.0),
            ("max_position_embeddings", 131_072.0),
            ("sliding_window_pattern", 6.0),
            ("tie_word_embeddings", 1.0),
        ],
    ),
    // Gemma 2 windows every other layer; the library hard-codes it.
    (
        "gemma2",
        &[("sliding_window_pattern", 2.0), ("tie_word_embeddings", 1.0)],
    ),
];

/// Reads figures from one object (a config, or a multimodal config's `text_config`).
struct Reader<'a> {
    object: &'a Json,
    /// The library's defaults for the object's model type.
    defaults: &'static [(&'static str, f64)],
    /// The defaults used so far.
    used: std::cell::RefCell<Vec<&'static str>>,
}

impl<'a> Reader<'a> {
    fn new(object: &'a Json) -> Reader<'a> {
        let model_type = match object.get("model_type") {
            Some(Json::Text(t)) => t.as_str(),
            _ => "",
        };
        Reader {
            object,
            defaults: DEFAULTS.iter().find(|(t, _)| *t == model_type).map_or(&[], |(_, d)| d),
            used: Default::default(),
        }
    }

    /// Notes that a default stood in for `key`; the list stays sorted and without
    /// repeats as it grows (no sort: the wasm carries one sort less).
    fn use_default(&self, key: &'static str) {
        let mut used = self.used.borrow_mut();
        if let Err(at) = used.binary_search(&key) {
            used.insert(at, key);
        }
    }

    /// The first of `keys` the object writes (not as null), with its value.
    fn entry<'k>(&self, keys: &[&'k str]) -> Option<(&'k str, &Json)> {
        keys.iter()
            .find_map(|k| Some((*k, self.object.get(k).filter(|v| **v != Json::Null)?)))
    }

    fn value(&self, keys: &[&str]) -> Option<&Json> {
        self.entry(keys).map(|(_, v)| v)
    }

    /// A whole number at one of `keys`, else the model type's default; `Ok(None)`
    /// where there is neither.
    fn count(&self, keys: &'static [&'static str]) -> Result<Option<u32>, ConfigError> {
        match self.value(keys) {
            None => Ok(self.defaults.iter().find(|(k, _)| keys.contains(k)).map(|(k, v)| {
                self.use_default(k);
                *v as u32
            })),
            Some(Json::Number(n)) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n) => Ok(Some(*n as u32)),
            Some(_) => Err(ConfigError::Invalid(self.entry(keys).map_or(keys[0], |(k, _)| k))),
        }
    }

    fn required(&self, keys: &'static [&'static str]) -> Result<u32, ConfigError> {
        self.count(keys)?.ok_or(ConfigError::Missing(keys))
    }

    fn text(&self, keys: &[&str]) -> Option<&str> {
        match self.value(keys) {
            Some(Json::Text(t)) => Some(t),
            _ => None,
        }
    }

    fn flag(&self, keys: &'static [&'static str]) -> Option<bool> {
        match self.value(keys) {
            Some(Json::Bool(b)) => Some(*b),
            Some(_) => None,
            None => self.defaults.iter().find(|(k, _)| keys.contains(k)).map(|(k, v)| {
                self.use_default(k);
                *v != 0.0
            }),
        }
    }
}

/// A storage type from `torch_dtype` and `quantization_config`: the type of the
/// weights, and of the routed experts where the quantization covers only them.
fn storage(r: &Reader<'_>, unknown: &mut Vec<String>) -> (Option<DataType>, Option<DataType>) {
    let plain = match r.text(DTYPE) {
        Some("bfloat16") => Some(DataType::Bf16),
        Some("float16") => Some(DataType::Fp16),
        Some("float32") => Some(DataType::Fp32),
        _ => None,
    };
    let Some(q) = r.value(QUANTIZATION) else {
        return (plain, None);
    };
    let q = Reader::new(q);
    // `group_size: -1` is one scale per output channel: next to nothing per weight.
    let group = |default: u32| match q.value(&["group_size"]) {
        Some(Json::Number(n)) if *n < 0.0 => 0,
        _ => q.count(&["group_size"]).ok().flatten().unwrap_or(default),
    };
    match q.text(&["quant_method"]) {
        // Block-wise FP8 (DeepSeek-V3: 128 × 128 blocks, one FP32 scale each, about
        // 0.002 bit per weight, which the type leaves out).
        Some("fp8") => (Some(DataType::Fp8), None),
        // MXFP4 for the experts, the rest as `torch_dtype` says (gpt-oss).
        Some("mxfp4") => (plain, Some(DataType::Fp4(Groups::MXFP4))),
        Some("gptq" | "awq") if q.count(&["bits"]).ok().flatten() == Some(4) => (
            Some(DataType::Int4(match group(128) {
                0 => Groups::NONE,
                size => Groups {
                    group_size: size,
                    ..Groups::INT4_G128
                },
            })),
            None,
        ),
        // Another method (compressed-tensors, NVFP4, 8-bit GPTQ, bitsandbytes): the
        // weights are not in `torch_dtype`, and the reader is to choose their type.
        other => {
            unknown.push(format!("quantization_config.quant_method={}", other.unwrap_or("?")));
            (plain, None)
        }
    }
}

/// How many of `layers` attend through the window, from `layer_types`, a repeating
/// pattern (`sliding_window_pattern` n: n − 1 windowed layers, then a global one) or
/// `max_window_layers` (that many layers attend fully, the rest through the window);
/// `None` where every layer does.
fn sliding_layers(r: &Reader<'_>, layers: u32) -> Result<Option<u32>, ConfigError> {
    if let Some(Json::List(kinds)) = r.value(LAYER_TYPES) {
        let sliding = kinds
            .iter()
            .filter(|k| matches!(k, Json::Text(t) if t.contains("sliding")))
            .count() as u32;
        return Ok(Some(sliding));
    }
    if let Some(p) = r.count(PATTERN)?.filter(|p| *p > 0) {
        return Ok(Some(layers - layers / p));
    }
    // Qwen2-style: the layers below `max_window_layers` attend to everything.
    Ok(r.count(FULL_LAYERS)?.map(|full| layers.saturating_sub(full)))
}

/// Reads a model from a `config.json`, with its total and active parameter counts
/// where the reader knows them. A count not given is estimated from the shapes:
/// embeddings (and an output head unless tied), attention, gated MLPs of three
/// matrices, experts with their router (norms and biases left out).
pub fn from_config(json: &Json, total: Option<f64>, active: Option<f64>) -> Result<ModelConfig, ConfigError> {
    if !matches!(json, Json::Object(_)) {
        return Err(ConfigError::NotAnObject);
    }
    // Multimodal configs (Gemma 3) keep the language model in `text_config`.
    let text = json.get("text_config").filter(|t| matches!(t, Json::Object(_)));
    let r = Reader::new(text.unwrap_or(json));
    let mut unknown = Vec::new();
    for (object, prefix) in [(Some(json), ""), (text, "text_config.")] {
        let Some(Json::Object(pairs)) = object else { continue };
        for (key, _) in pairs {
            let known = IRRELEVANT.contains(&key.as_str())
                || READ.iter().any(|keys| keys.contains(&key.as_str()))
                || (prefix.is_empty() && text.is_some() && key == "text_config");
            if !known {
                unknown.push(format!("{prefix}{key}"));
            }
        }
    }

    let layers = r.required(LAYERS)?;
    let hidden = r.required(HIDDEN)?;
    let heads = r.required(HEADS)?;
    let kv_heads = r.count(KV_HEADS)?.unwrap_or(heads);
    let latent = match (r.count(KV_RANK)?, r.count(ROPE_DIM)?) {
        (Some(kv_rank), Some(rope_dim)) => Some(Latent { kv_rank, rope_dim }),
        _ => None,
    };
    // With a latent the query/key head is nope + rope wide (a re-saved DeepSeek
    // config writes the rope width alone as `head_dim`).
    let head_dim = match (latent, r.count(NOPE_DIM)?, r.count(HEAD_DIM)?) {
        (Some(l), Some(nope), _) => nope
            .checked_add(l.rope_dim)
            .ok_or(ConfigError::Invalid("qk_nope_head_dim"))?,
        (_, _, Some(d)) => d,
        _ => hidden / heads.max(1),
    };
    let vocab = r.required(VOCAB)?;
    let window = match r.flag(USE_WINDOW) {
        Some(false) => None,
        _ => r.count(WINDOW)?,
    };
    let sliding = match window {
        Some(_) => sliding_layers(&r, layers)?,
        None => None,
    };
    // A window no layer uses is no window.
    let (window, sliding) = match sliding {
        Some(0) => (None, None),
        other => (window, other),
    };
    let experts = match (r.count(EXPERTS)?, r.count(ACTIVE_EXPERTS)?) {
        (Some(count), Some(active)) if count > 0 => Some(Experts {
            count,
            active,
            shared: r
                .count(SHARED_EXPERTS)?
                .unwrap_or(u32::from(r.count(SHARED_FFN)?.is_some_and(|d| d > 0))),
        }),
        _ => None,
    };
    // A multimodal config may declare the type beside `text_config` only.
    let (weights, expert_weights) = match (storage(&r, &mut unknown), text) {
        ((None, None), Some(_)) => storage(&Reader::new(json), &mut unknown),
        (found, _) => found,
    };
    let mut model = Model {
        params: 0.0,
        active_params: 0.0,
        experts,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        vocab,
        sliding_window: window,
        sliding_layers: sliding.filter(|n| *n != layers),
        latent,
        expert_weights: expert_weights.filter(|_| experts.is_some()),
        max_context: r.count(MAX_CONTEXT)?,
    };
    let estimate = Estimate::new(&r, &model)?;
    // A dense model's active count is its total, whichever of the two is given; a
    // mixture of experts needs both.
    let (total, active) = match experts {
        Some(_) => (total, active),
        None => (total.or(active), total.or(active)),
    };
    model.params = total.unwrap_or(estimate.total);
    model.active_params = active.unwrap_or(if experts.is_some() {
        estimate.active
    } else {
        model.params
    });
    Ok(ModelConfig {
        model,
        params_estimated: total.is_none() || active.is_none(),
        weights,
        unknown,
        defaults: r.used.into_inner(),
    })
}

/// Parameters counted from the shapes.
struct Estimate {
    total: f64,
    active: f64,
}

impl Estimate {
    /// The parameters of `m`'s shapes (its counts are not read).
    fn new(r: &Reader<'_>, m: &Model) -> Result<Estimate, ConfigError> {
        let Model {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim,
            vocab,
            latent,
            experts,
            ..
        } = *m;
        let f = f64::from;
        let (h, heads) = (f(hidden), f(heads));
        let tied = r.flag(TIED).unwrap_or(false);
        let embeddings = f(vocab) * h * if tied { 1.0 } else { 2.0 };
        let attention = match latent {
            Some(l) => {
                let qk = f(head_dim);
                let v = f(r.count(V_DIM)?.unwrap_or_else(|| head_dim.saturating_sub(l.rope_dim)));
                let query = match r.count(Q_RANK)? {
                    Some(q) => h * f(q) + f(q) * heads * qk,
                    None => h * heads * qk,
                };
                let rank = f(l.kv_rank);
                let nope = qk - f(l.rope_dim);
                query + h * (rank + f(l.rope_dim)) + rank * heads * (nope + v) + heads * v * h
            }
            None => 2.0 * h * heads * f(head_dim) + 2.0 * h * f(kv_heads) * f(head_dim),
        };
        let ffn = r.count(FFN)?.map_or(4.0 * h, f);
        let mlp = |width: f64| 3.0 * h * width;
        let Some(e) = experts else {
            let total = embeddings + f(layers) * (attention + mlp(ffn));
            return Ok(Estimate { total, active: total });
        };
        let expert_ffn = r.count(MOE_FFN)?.map_or(ffn, f);
        let shared_ffn = r.count(SHARED_FFN)?.map_or(expert_ffn, f);
        // Layers with a plain MLP: DeepSeek's first k, or those `mlp_only_layers` lists.
        let mlp_only = match r.value(MLP_ONLY) {
            Some(Json::List(list)) => list.len() as u32,
            _ => 0,
        };
        let dense = r.count(DENSE_LAYERS)?.unwrap_or(0).max(mlp_only).min(layers);
        let step = r.count(SPARSE_STEP)?.unwrap_or(1).max(1);
        let moe_layers = f((layers - dense) / step);
        let dense_layers = f(layers) - moe_layers;
        let router = h * f(e.count);
        let routed = f(e.count) * mlp(expert_ffn);
        let shared = f(e.shared) * mlp(shared_ffn);
        let total =
            embeddings + f(layers) * attention + dense_layers * mlp(ffn) + moe_layers * (routed + shared + router);
        let skipped = moe_layers * f(e.count - e.active.min(e.count)) * mlp(expert_ffn);
        Ok(Estimate {
            total,
            active: total - skipped,
        })
    }
}
