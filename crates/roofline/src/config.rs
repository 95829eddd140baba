//! A model from a Hugging Face `config.json`.
//!
//! The crate reads no JSON text itself: the browser parses it with its own `JSON.parse`
//! and hands over a [`Json`] tree (tests build one with a JSON crate), so the bundle
//! carries no JSON parser. [`from_config`] reads the shape the calculator needs, and
//! estimates the parameter count from it where the reader gives none.

use crate::dtype::{DataType, Groups};
use crate::error::Field;
use crate::families::{family, Mlp, Refusal};
use crate::figures::{self, Figure};
use crate::scenario::{Experts, Latent, Model, Recurrent};

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

/// The bare constants Python's `json` module writes and reads (`Infinity`,
/// `-Infinity`, `NaN`; Nemotron-H's config.json has `"time_step_limit": [0.0,
/// Infinity]`), with the numbers Python reads them as.
pub const CONSTANTS: [(&str, f64); 3] = [
    ("-Infinity", f64::NEG_INFINITY),
    ("Infinity", f64::INFINITY),
    ("NaN", f64::NAN),
];

/// The text with every bare `Infinity`, `-Infinity` and `NaN` outside strings
/// replaced by a JSON string holding its marker (a NUL character and the constant's
/// name, which no config writes), so that a strict JSON parser reads it; the tree
/// turns each marker back into its number ([`Json::number_for`]). Strings are left
/// as written, escapes included.
///
/// ```
/// use roofline::python_constants;
/// let text = r#"{"a": [0.0, Infinity], "b": "NaN"}"#;
/// assert_eq!(python_constants(text), r#"{"a": [0.0, "\u0000Infinity"], "b": "NaN"}"#);
/// ```
pub fn python_constants(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if let Some((name, _)) = CONSTANTS.iter().find(|(name, _)| rest.starts_with(name)) {
            out.push_str("\"\\u0000");
            out.push_str(name);
            out.push('"');
            rest = rest.get(name.len()..).unwrap_or("");
            continue;
        }
        out.push(c);
        rest = rest.get(c.len_utf8()..).unwrap_or("");
    }
    out
}

impl Json {
    /// The number a marker string of [`python_constants`] stands for (the parser
    /// reads it as the string `"\u{0}Infinity"`); `None` for any other text.
    pub fn number_for(text: &str) -> Option<f64> {
        let name = text.strip_prefix('\u{0}')?;
        CONSTANTS.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    pub(crate) fn get(&self, key: &str) -> Option<&Json> {
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
    /// The config's `model_type` where it is none of [`CHECKED_TYPES`]: read with
    /// the same rules, its figures not checked against the family's definition.
    pub unchecked_type: Option<String>,
    /// The total parameters the shapes give, whether or not a count was given: a
    /// count more than [`ModelConfig::DISAGREE`] away from it is named to the reader.
    pub shapes_params: f64,
}

impl ModelConfig {
    /// How far a given parameter count may lie from the shapes' before the reader
    /// is told (the estimate leaves norms and biases out: well under 1 % for the
    /// families checked).
    pub const DISAGREE: f64 = 0.02;

    /// The given count and the shapes' where they disagree by more than
    /// [`ModelConfig::DISAGREE`]; `None` where the count was estimated or agrees.
    ///
    /// ```
    /// use roofline::*;
    /// let json = Json::Object(vec![
    ///     ("num_hidden_layers".into(), Json::Number(32.0)),
    ///     ("hidden_size".into(), Json::Number(4096.0)),
    ///     ("num_attention_heads".into(), Json::Number(32.0)),
    ///     ("num_key_value_heads".into(), Json::Number(8.0)),
    ///     ("intermediate_size".into(), Json::Number(14336.0)),
    ///     ("vocab_size".into(), Json::Number(128256.0)),
    /// ]);
    /// // Llama-3.1-8B's shapes give 8.03 B: 8.03 agrees, 7 does not.
    /// assert_eq!(from_config(&json, Some(8.03e9), None).unwrap().disagreement(), None);
    /// let c = from_config(&json, Some(7e9), None).unwrap();
    /// assert_eq!(c.disagreement(), Some((7e9, c.shapes_params)));
    /// ```
    pub fn disagreement(&self) -> Option<(f64, f64)> {
        let given = self.model.params;
        (!self.params_estimated || given != self.shapes_params)
            .then_some((given, self.shapes_params))
            .filter(|d| self.shapes_params > 0.0 && Self::apart(*d) > Self::DISAGREE)
    }

    /// How far a given count lies from the shapes', as a share of the shapes'.
    pub fn apart((given, shapes): (f64, f64)) -> f64 {
        (given / shapes - 1.0).abs()
    }
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
    /// A figure beyond what the calculator accepts: the key as written, the field
    /// it fills (whose unit the limit is in) and the limit.
    OutOfRange {
        /// The key as the config writes it.
        key: &'static str,
        /// The calculator's field, which names the figure and its unit.
        field: Field,
        /// The largest accepted value.
        max: f64,
    },
    /// A layer kind the calculator does not model, named as the config names it
    /// (`layer_types: cross_attention`).
    Unsupported(String),
    /// A key that gives the layers shapes or kinds the calculator cannot honour
    /// (`block_configs`): the model is not computed.
    Unhonoured(&'static str),
    /// A model type that needs a layer kind the calculator does not model
    /// (`families.tsv`).
    Refused {
        /// The type, as the config names it.
        model_type: String,
        /// The kind it needs.
        kind: Refusal,
    },
    /// A per-layer list or pattern (`hybrid_override_pattern`, `layer_types`, …)
    /// whose length is not the number of layers.
    Length {
        /// The key as the config writes it.
        key: &'static str,
        /// How many layers the list names.
        found: usize,
        /// How many layers the model has (`num_hidden_layers`).
        layers: u32,
    },
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
    // Llama 4, DeepSeek-V3.2, MiniMax: attention details that move no bytes.
    "attn_scale",
    "attn_temperature_tuning",
    "floor_scale",
    "index_topk",
    "qk_norm_type",
    "rotary_dim",
    "use_qk_norm",
    "use_routing_bias",
    "partial_rotary_factor",
    // Multi-token prediction modules, which decoding without speculation does not run.
    "mtp_transformer_layers",
    "num_mtp_modules",
    "use_mtp",
    // Mamba settings of training, kernels and numerics.
    "chunk_size",
    "hidden_dropout",
    "layer_norm_epsilon",
    "mamba_conv_bias",
    "mamba_hidden_act",
    "mamba_proj_bias",
    "mlp_hidden_act",
    "norm_eps",
    "num_logits_to_keep",
    "rescale_prenorm_residual",
    "residual_in_fp32",
    "time_step_floor",
    "time_step_limit",
    "time_step_max",
    "time_step_min",
    "use_bias",
    "use_conv_bias",
    "use_mamba_kernels",
    // Dropout, norms and biases of other families: no bytes of the KV cache or the
    // weights worth counting (biases and norms are left out of every estimate).
    "add_bias_linear",
    "add_qkv_bias",
    "apply_query_key_layer_scaling",
    "apply_residual_connection_post_layernorm",
    "attention_softmax_in_fp32",
    "bias_dropout_fusion",
    "classifier_dropout",
    "embd_pdrop",
    "embedding_dropout",
    "fp32_residual_connection",
    "layer_norm_eps",
    "layernorm_epsilon",
    "norm_epsilon",
    "norm_type",
    "qk_layernorm",
    "resid_pdrop",
    "residual_dropout",
    "use_norm_bias",
    "use_parallel_residual",
    "use_qkv_bias",
];

/// The keys each figure is read from, first match wins: the model's own figures
/// as [`figures`] declares them, and the shapes the estimate and the patterns read.
const LAYERS: &[&str] = figures::LAYERS.config;
const HIDDEN: &[&str] = figures::HIDDEN.config;
const HEADS: &[&str] = figures::HEADS.config;
const KV_HEADS: &[&str] = figures::KV_HEADS.config;
const HEAD_DIM: &[&str] = figures::HEAD_DIM.config;
const VOCAB: &[&str] = figures::VOCAB.config;
const MAX_CONTEXT: &[&str] = figures::MAX_CONTEXT.config;
const FFN: &[&str] = &["intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size"];
const MOE_FFN: &[&str] = &["moe_intermediate_size"];
const EXPERTS: &[&str] = figures::EXPERTS.config;
const ACTIVE_EXPERTS: &[&str] = figures::ACTIVE_EXPERTS.config;
const SHARED_EXPERTS: &[&str] = figures::SHARED_EXPERTS.config;
const SHARED_FFN: &[&str] = &[
    "shared_expert_intermediate_size",
    "moe_shared_expert_intermediate_size",
    "shared_intermediate_size",
];
const DENSE_LAYERS: &[&str] = &["first_k_dense_replace"];
const SPARSE_STEP: &[&str] = &["decoder_sparse_step", "moe_layer_freq"];
const KV_RANK: &[&str] = figures::KV_LORA_RANK.config;
const Q_RANK: &[&str] = &["q_lora_rank"];
const ROPE_DIM: &[&str] = figures::ROPE_DIM.config;
const NOPE_DIM: &[&str] = &["qk_nope_head_dim"];
const V_DIM: &[&str] = &["v_head_dim"];
const WINDOW: &[&str] = figures::SLIDING_WINDOW.config;
const USE_WINDOW: &[&str] = &["use_sliding_window"];
const FULL_LAYERS: &[&str] = &["max_window_layers"];
const PATTERN: &[&str] = &["sliding_window_pattern"];
const LAYER_TYPES: &[&str] = &["layer_types"];
const TIED: &[&str] = &["tie_word_embeddings"];
/// Falcon's and GPTBigCode's one KV head for all query heads (`multi_query`), which
/// Falcon's later models turn off with `new_decoder_architecture` in favour of
/// `num_kv_heads` (`modeling_falcon.py`: `num_kv_heads if (new_decoder_architecture
/// or not multi_query) else 1`).
const MULTI_QUERY: &[&str] = &["multi_query"];
const NEW_ARCHITECTURE: &[&str] = &["new_decoder_architecture"];
/// ChatGLM's and GLM-4's grouped-query attention: `multi_query_group_num` KV heads
/// where `multi_query_attention` is on (`modeling_chatglm.py`), all heads otherwise.
const GROUPED: &[&str] = &["multi_query_attention"];
const GROUPS: &[&str] = &["multi_query_group_num"];

/// Keys that give the layers shapes or kinds this reader cannot honour: a model
/// that sets one is refused with the key named, never computed as if it were
/// uniform.
const UNHONOURED: &[&str] = &[
    // DeciLM / Nemotron-NAS: per-layer blocks, some without attention, FFN widths
    // per layer (`modeling_decilm.py`).
    "block_configs",
    // Kimi Linear: which layers run linear attention, configured in a nested object.
    "linear_attn_config",
    // MiniMax-Text-01 and M1: lightning (linear) attention in most layers, softmax
    // attention where the list says 1.
    "attn_type_list",
    // Mllama: cross-attention layers over the image tokens.
    "cross_attention_layers",
    // DBRX: heads, KV heads and experts configured in nested objects
    // (`configuration_dbrx.py`: `DbrxAttentionConfig`, `DbrxFFNConfig`).
    "attn_config",
    "ffn_config",
    // Falcon-H1: attention and Mamba-2 side by side in every layer
    // (`modeling_falcon_h1.py`), a layer kind of its own.
    "mamba_n_heads",
];

/// The state-space keys of a model that may have no attention at all (Mamba's
/// `state_size`).
const SSM_ONLY: &[&str] = &["state_size", "ssm_state_size"];

/// The model types whose published configurations this reader was checked against
/// (a test each in `tests/configs.rs`, `tests/families.rs`): any other type is read
/// with the same rules, and the reader is told that its figures were not checked.
pub const CHECKED_TYPES: &[&str] = &[
    "RefinedWebModel",
    "baichuan",
    "bloom",
    "chatglm",
    "cohere",
    "cohere2",
    "deepseek",
    "deepseek_v2",
    "deepseek_v3",
    "deepseek_v32",
    "ernie4_5",
    "exaone",
    "exaone4",
    "falcon",
    "gemma",
    "gemma2",
    "gemma3",
    "gemma3_text",
    "glm4_moe",
    "glm4_moe_lite",
    "gpt2",
    "gpt_neox",
    "gpt_oss",
    "gptj",
    "granite",
    "granitemoe",
    "internlm2",
    "jamba",
    "kimi_k2",
    "kimi_k25",
    "llama",
    "llama4",
    "llama4_text",
    "mamba",
    "minicpm",
    "minimax_m2",
    "mistral",
    "mixtral",
    "nemotron",
    "nemotron_h",
    "olmo",
    "olmo2",
    "olmo3",
    "olmoe",
    "opt",
    "orion",
    "phi",
    "phi3",
    "qwen",
    "qwen2",
    "qwen3",
    "qwen3_moe",
    "qwen3_next",
    "qwen3_vl_moe",
    "qwen3_vl_moe_text",
    "smollm3",
    "stablelm",
    "starcoder2",
];
const DTYPE: &[&str] = &["torch_dtype", "dtype"];
const QUANTIZATION: &[&str] = &["quantization_config"];
const MLP_ONLY: &[&str] = &["mlp_only_layers"];
// Hybrid layer patterns.
const HYBRID_PATTERN: &[&str] = &["hybrid_override_pattern"];
const BLOCK_TYPES: &[&str] = &["layers_block_type"];
const FULL_INTERVAL: &[&str] = &["full_attention_interval"];
const ATTN_PERIOD: &[&str] = &["attn_layer_period"];
const ATTN_OFFSET: &[&str] = &["attn_layer_offset"];
const EXPERT_PERIOD: &[&str] = &["expert_layer_period"];
const EXPERT_OFFSET: &[&str] = &["expert_layer_offset"];
// Llama 4.
const CHUNK: &[&str] = &["attention_chunk_size"];
const NO_ROPE: &[&str] = &["no_rope_layers"];
const NO_ROPE_INTERVAL: &[&str] = &["no_rope_layer_interval"];
const MOE_STEP: &[&str] = &["interleave_moe_layer_step"];
const MOE_LAYERS: &[&str] = &["moe_layers"];
const DENSE_FFN: &[&str] = &["intermediate_size_mlp"];
// DeepSeek-V3.2's sparse-attention indexer.
const INDEX_DIM: &[&str] = figures::INDEX_DIM.config;
const INDEX_HEADS: &[&str] = &["index_n_heads"];
// State-space layers: Mamba-2 (Nemotron-H) and Mamba (Jamba).
const SSM_HEADS: &[&str] = &["mamba_num_heads"];
const SSM_HEAD_DIM: &[&str] = &["mamba_head_dim"];
/// A model of state-space layers alone (Mamba2Config) names its state heads and
/// their width without a prefix: no attention claims them.
const PURE_SSM_HEADS: &[&str] = &["mamba_num_heads", "num_heads"];
const PURE_SSM_HEAD_DIM: &[&str] = &["mamba_head_dim", "head_dim"];
const SSM_STATE: &[&str] = &["ssm_state_size", "mamba_d_state", "state_size"];
const SSM_GROUPS: &[&str] = &["n_groups"];
const SSM_CONV: &[&str] = &["conv_kernel", "mamba_d_conv"];
const SSM_EXPAND: &[&str] = &["mamba_expand", "expand"];
const SSM_DT_RANK: &[&str] = &["mamba_dt_rank", "time_step_rank"];
const SSM_CACHE_DTYPE: &[&str] = &["mamba_ssm_cache_dtype"];
// Linear attention (Qwen3-Next's Gated DeltaNet).
const LIN_KEY_HEADS: &[&str] = &["linear_num_key_heads"];
const LIN_VALUE_HEADS: &[&str] = &["linear_num_value_heads"];
const LIN_KEY_DIM: &[&str] = &["linear_key_head_dim"];
const LIN_VALUE_DIM: &[&str] = &["linear_value_head_dim"];
const LIN_CONV: &[&str] = &["linear_conv_kernel_dim"];
const OUTPUT_GATE: &[&str] = &["attn_output_gate"];

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
    MULTI_QUERY,
    NEW_ARCHITECTURE,
    GROUPED,
    GROUPS,
    DTYPE,
    QUANTIZATION,
    MLP_ONLY,
    HYBRID_PATTERN,
    BLOCK_TYPES,
    FULL_INTERVAL,
    ATTN_PERIOD,
    ATTN_OFFSET,
    EXPERT_PERIOD,
    EXPERT_OFFSET,
    CHUNK,
    NO_ROPE,
    NO_ROPE_INTERVAL,
    MOE_STEP,
    MOE_LAYERS,
    DENSE_FFN,
    INDEX_DIM,
    INDEX_HEADS,
    SSM_HEADS,
    PURE_SSM_HEADS,
    SSM_HEAD_DIM,
    SSM_STATE,
    SSM_GROUPS,
    SSM_CONV,
    SSM_EXPAND,
    SSM_DT_RANK,
    SSM_CACHE_DTYPE,
    LIN_KEY_HEADS,
    LIN_VALUE_HEADS,
    LIN_KEY_DIM,
    LIN_VALUE_DIM,
    LIN_CONV,
    OUTPUT_GATE,
];

/// Figures that a model type's published configs leave to the Transformers library,
/// from the defaults of its configuration class (`huggingface/transformers`,
/// `src/transformers/models/<type>/configuration_<type>.py`). A key the config
/// writes always wins; a default used is named to the reader.
const DEFAULTS: &[(&str, &[(&str, f64)])] = &[
    // `FalconConfig.__init__` (falcon/configuration_falcon.py): one KV head unless
    // the new decoder architecture is on.
    ("falcon", &[("multi_query", 1.0), ("new_decoder_architecture", 0.0)]),
    // `GPTBigCodeConfig.__init__` (gpt_bigcode/configuration_gpt_bigcode.py):
    // multi-query attention.
    ("gpt_bigcode", &[("multi_query", 1.0)]),
    // `Gemma3TextConfig.__init__` (gemma3/configuration_gemma3.py): Gemma-3-4B's
    // `text_config` names neither heads nor head_dim.
    (
        "gemma3_text",
        &[
            ("vocab_size", 262_208.0),
            ("hidden_size", 2304.0),
            ("intermediate_size", 9216.0),
            ("num_hidden_layers", 26.0),
            ("num_attention_heads", 8.0),
            ("num_key_value_heads", 4.0),
            ("head_dim", 256.0),
            ("max_position_embeddings", 131_072.0),
            ("sliding_window", 4096.0),
            ("sliding_window_pattern", 6.0),
        ],
    ),
    // `Gemma2Config` (gemma2/configuration_gemma2.py at transformers commit
    // 008e574391258935f3ecc3035c882e73bbcac419): its field defaults, and `layer_types`
    // by default "sliding_attention" where (i + 1) % 2 else "full_attention", so
    // every other layer windowed, the first one included (a pattern of 2).
    (
        "gemma2",
        &[
            ("vocab_size", 256_000.0),
            ("hidden_size", 2304.0),
            ("intermediate_size", 9216.0),
            ("num_hidden_layers", 26.0),
            ("num_attention_heads", 8.0),
            ("num_key_value_heads", 4.0),
            ("head_dim", 256.0),
            ("max_position_embeddings", 8192.0),
            ("sliding_window", 4096.0),
            ("sliding_window_pattern", 2.0),
        ],
    ),
    // `Llama4TextConfig` (llama4/configuration_llama4.py): chunked attention of 8,192
    // tokens in three of every four layers (`no_rope_layer_interval` 4: the fourth
    // is global), MoE in every `interleave_moe_layer_step`-th layer, and
    // `Llama4TextMoe` always adds one shared expert of `intermediate_size`.
    (
        "llama4_text",
        &[
            ("head_dim", 128.0),
            ("attention_chunk_size", 8192.0),
            ("no_rope_layer_interval", 4.0),
            ("interleave_moe_layer_step", 1.0),
            ("intermediate_size_mlp", 16_384.0),
            ("n_shared_experts", 1.0),
        ],
    ),
    // `JambaConfig.__init__` (jamba/configuration_jamba.py): an attention layer in
    // eight (offset 4), MoE in every other layer (offset 1), Mamba with a state of
    // 16, a convolution of 4 and an inner width of 2 × hidden.
    (
        "jamba",
        &[
            ("attn_layer_period", 8.0),
            ("attn_layer_offset", 4.0),
            ("expert_layer_period", 2.0),
            ("expert_layer_offset", 1.0),
            ("mamba_d_state", 16.0),
            ("mamba_d_conv", 4.0),
            ("mamba_expand", 2.0),
            ("max_position_embeddings", 262_144.0),
        ],
    ),
    // Qwen3.5's attention gates its output with a second half of the query
    // projection, always (`Qwen3_5Attention`: `q_proj` of 2 × heads × head_dim,
    // qwen3_5/modeling_qwen3_5.py:836 at v5.25.0); its configs have no key for it.
    ("qwen3_5_text", &[("attn_output_gate", 1.0)]),
    ("qwen3_5_moe_text", &[("attn_output_gate", 1.0)]),
    // `Qwen3NextConfig` (qwen3_next/configuration_qwen3_next.py at transformers commit
    // 008e574391258935f3ecc3035c882e73bbcac419): its field defaults (those of
    // Qwen3-Next-80B-A3B), a full-attention layer in four (`full_attention_interval`,
    // popped in `__post_init__` with 4), MoE in every layer (`decoder_sparse_step` 1);
    // untied embeddings are the reader's default already. Not a config key:
    // `Qwen3NextAttention` always gates its output with a second query projection.
    (
        "qwen3_next",
        &[
            ("vocab_size", 151_936.0),
            ("hidden_size", 2048.0),
            ("intermediate_size", 5632.0),
            ("num_hidden_layers", 48.0),
            ("num_attention_heads", 16.0),
            ("num_key_value_heads", 2.0),
            ("head_dim", 256.0),
            ("max_position_embeddings", 32_768.0),
            ("linear_conv_kernel_dim", 4.0),
            ("linear_key_head_dim", 128.0),
            ("linear_value_head_dim", 128.0),
            ("linear_num_key_heads", 16.0),
            ("linear_num_value_heads", 32.0),
            ("decoder_sparse_step", 1.0),
            ("moe_intermediate_size", 512.0),
            ("shared_expert_intermediate_size", 512.0),
            ("num_experts_per_tok", 10.0),
            ("num_experts", 512.0),
            ("full_attention_interval", 4.0),
            ("attn_output_gate", 1.0),
        ],
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

/// The storage type a `torch_dtype` (or `dtype`) names, where it is one of the
/// plain floating-point types.
fn plain(name: Option<&str>) -> Option<DataType> {
    match name {
        Some("bfloat16") => Some(DataType::Bf16),
        Some("float16") => Some(DataType::Fp16),
        Some("float32") => Some(DataType::Fp32),
        _ => None,
    }
}

/// The plain storage type one config object names (`torch_dtype` or `dtype`).
pub(crate) fn dtype(config: &Json) -> Option<DataType> {
    plain(Reader::new(config).text(DTYPE))
}

/// A storage type from `torch_dtype` and `quantization_config`: the type of the
/// weights, and of the routed experts where the quantization covers only them.
fn storage(r: &Reader<'_>, unknown: &mut Vec<String>) -> (Option<DataType>, Option<DataType>) {
    let plain = plain(r.text(DTYPE));
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

/// What mixes tokens in one layer.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mixer {
    /// Attention to the whole context (or MLA, where the model has a latent).
    Global,
    /// Attention through the sliding window or chunk.
    Windowed,
    /// Linear attention: a constant state.
    Linear,
    /// A state-space (Mamba) layer: a constant state.
    Ssm,
    /// No token mixer.
    Plain,
}

/// What follows the mixer in one layer; `None` where the pattern names no FFN.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ffn {
    Dense,
    Moe,
    None,
}

/// One layer of the stack.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layer {
    mixer: Mixer,
    ffn: Option<Ffn>,
}

impl Layer {
    const fn new(mixer: Mixer) -> Layer {
        Layer { mixer, ffn: None }
    }
}

/// The kinds of `layers` layers from the first hybrid key the config writes:
/// `hybrid_override_pattern` (Nemotron-H: `M` Mamba, `*` attention, `-` MLP, `E`
/// MoE, one character a layer), `layers_block_type`, `layer_types`,
/// `full_attention_interval` (Qwen3-Next), `attn_layer_period`/`offset` (Jamba), or
/// Llama 4's chunked layers (`no_rope_layers`, every fourth layer global by
/// default); `None` for a plain transformer. A kind the calculator does not model is
/// refused with its name.
fn pattern(r: &Reader<'_>, layers: u32) -> Result<Option<Vec<Layer>>, ConfigError> {
    let n = layers as usize;
    let check = |list: Vec<Layer>, key: &'static str| {
        if list.len() == n {
            Ok(Some(list))
        } else {
            Err(ConfigError::Length {
                key,
                found: list.len(),
                layers,
            })
        }
    };
    if let Some(Json::Text(p)) = r.value(HYBRID_PATTERN) {
        let list = p
            .chars()
            .map(|c| match c {
                'M' => Ok(Layer::new(Mixer::Ssm)),
                '*' => Ok(Layer::new(Mixer::Global)),
                '-' => Ok(Layer {
                    mixer: Mixer::Plain,
                    ffn: Some(Ffn::Dense),
                }),
                'E' => Ok(Layer {
                    mixer: Mixer::Plain,
                    ffn: Some(Ffn::Moe),
                }),
                other => Err(ConfigError::Unsupported(format!("hybrid_override_pattern: {other}"))),
            })
            .map(|l| {
                l.map(|l| {
                    if l.ffn.is_none() {
                        Layer {
                            ffn: Some(Ffn::None),
                            ..l
                        }
                    } else {
                        l
                    }
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        return check(list, "hybrid_override_pattern");
    }
    for (keys, key) in [(BLOCK_TYPES, "layers_block_type"), (LAYER_TYPES, "layer_types")] {
        let Some(Json::List(kinds)) = r.value(keys) else {
            continue;
        };
        let list = kinds
            .iter()
            .map(|k| match k {
                Json::Text(t) => match t.as_str() {
                    "attention" | "full_attention" => Ok(Layer::new(Mixer::Global)),
                    "sliding_attention" | "chunked_attention" => Ok(Layer::new(Mixer::Windowed)),
                    "linear_attention" => Ok(Layer::new(Mixer::Linear)),
                    "mamba" => Ok(Layer::new(Mixer::Ssm)),
                    "mlp" => Ok(Layer {
                        mixer: Mixer::Plain,
                        ffn: Some(Ffn::Dense),
                    }),
                    "moe" => Ok(Layer {
                        mixer: Mixer::Plain,
                        ffn: Some(Ffn::Moe),
                    }),
                    other => Err(ConfigError::Unsupported(format!("{key}: {other}"))),
                },
                _ => Err(ConfigError::Invalid(key)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        return check(list, key);
    }
    if let Some(every) = r.count(FULL_INTERVAL)?.filter(|n| *n > 0) {
        let kind = |i: u32| {
            if (i + 1).is_multiple_of(every) {
                Mixer::Global
            } else {
                Mixer::Linear
            }
        };
        return Ok(Some((0..layers).map(|i| Layer::new(kind(i))).collect()));
    }
    if let Some(period) = r.count(ATTN_PERIOD)?.filter(|n| *n > 0) {
        let offset = r.count(ATTN_OFFSET)?.unwrap_or(0);
        let kind = |i: u32| {
            if i % period == offset {
                Mixer::Global
            } else {
                Mixer::Ssm
            }
        };
        return Ok(Some((0..layers).map(|i| Layer::new(kind(i))).collect()));
    }
    if r.count(CHUNK)?.is_some() {
        // `no_rope_layers[i]` is 1 where layer i uses RoPE and chunked attention, 0
        // where it attends globally without RoPE.
        if let Some(Json::List(flags)) = r.value(NO_ROPE).filter(|v| matches!(v, Json::List(l) if !l.is_empty())) {
            let list = flags
                .iter()
                .map(|f| match f {
                    Json::Number(x) if *x == 0.0 => Ok(Layer::new(Mixer::Global)),
                    Json::Number(_) | Json::Bool(true) => Ok(Layer::new(Mixer::Windowed)),
                    Json::Bool(false) => Ok(Layer::new(Mixer::Global)),
                    _ => Err(ConfigError::Invalid("no_rope_layers")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            return check(list, "no_rope_layers");
        }
        let every = r.count(NO_ROPE_INTERVAL)?.unwrap_or(4).max(1);
        let kind = |i: u32| {
            if (i + 1).is_multiple_of(every) {
                Mixer::Global
            } else {
                Mixer::Windowed
            }
        };
        return Ok(Some((0..layers).map(|i| Layer::new(kind(i))).collect()));
    }
    Ok(None)
}

/// How many of `layers` attention layers attend through the window, from a
/// repeating pattern (`sliding_window_pattern` n: n − 1 windowed layers, then a
/// global one) or `max_window_layers` (that many layers attend fully, the rest
/// through the window); `None` where every layer does.
fn sliding_layers(r: &Reader<'_>, layers: u32) -> Result<Option<u32>, ConfigError> {
    if let Some(p) = r.count(PATTERN)?.filter(|p| *p > 0) {
        return Ok(Some(layers - layers / p));
    }
    // Qwen2-style: the layers below `max_window_layers` attend to everything.
    Ok(r.count(FULL_LAYERS)?.map(|full| layers.saturating_sub(full)))
}

/// Bytes per element of a state: the model's 16-bit type, FP32 where the config
/// asks for it (`mamba_ssm_cache_dtype`, the recurrent state only).
const STATE_BYTES: f64 = 2.0;

/// Shapes of the state-space and linear-attention layers, read where the model has
/// them.
struct Recurrence {
    /// Bytes of state per request and layer.
    state: f64,
    /// Parameters per layer (projections and convolution; norms and biases left out).
    params: f64,
}

/// A state-space layer: Mamba-2 where the config gives `mamba_num_heads`
/// (Nemotron-H: state heads × head dim × state, plus the convolution's last
/// kernel − 1 inputs of inner + 2 × groups × state channels), else Mamba
/// (Jamba: inner = expand × hidden; inner × state, plus inner × (kernel − 1)).
fn ssm(r: &Reader<'_>, hidden: u32, pure: bool) -> Result<Recurrence, ConfigError> {
    let (heads, head_dim) = if pure {
        (PURE_SSM_HEADS, PURE_SSM_HEAD_DIM)
    } else {
        (SSM_HEADS, SSM_HEAD_DIM)
    };
    let f = f64::from;
    let h = f(hidden);
    let ds = f(r.required(SSM_STATE)?);
    let kernel = f(r.required(SSM_CONV)?.max(1));
    let ssm_bytes = match r.text(SSM_CACHE_DTYPE) {
        Some("float32") => 4.0,
        _ => STATE_BYTES,
    };
    if let Some(nh) = r.count(heads)? {
        let (nh, hd, groups) = (f(nh), f(r.required(head_dim)?), f(r.count(SSM_GROUPS)?.unwrap_or(1)));
        let inner = nh * hd;
        let conv = inner + 2.0 * groups * ds;
        return Ok(Recurrence {
            state: nh * hd * ds * ssm_bytes + conv * (kernel - 1.0) * STATE_BYTES,
            params: h * (inner + conv + nh) + conv * kernel + inner * h,
        });
    }
    let inner = f(r.required(SSM_EXPAND)?) * h;
    let rank = r.count(SSM_DT_RANK)?.map_or((h / 16.0).ceil(), f);
    Ok(Recurrence {
        state: inner * ds * ssm_bytes + inner * (kernel - 1.0) * STATE_BYTES,
        params: h * 2.0 * inner + inner * kernel + inner * (rank + 2.0 * ds) + rank * inner + inner * ds + inner * h,
    })
}

/// A linear-attention layer (Qwen3-Next's Gated DeltaNet): a state of value heads ×
/// key dim × value dim, plus the convolution's last kernel − 1 inputs of
/// 2 × keys + values channels.
fn linear(r: &Reader<'_>, hidden: u32) -> Result<Recurrence, ConfigError> {
    let f = f64::from;
    let h = f(hidden);
    let (nk, nv) = (f(r.required(LIN_KEY_HEADS)?), f(r.required(LIN_VALUE_HEADS)?));
    let (dk, dv) = (f(r.required(LIN_KEY_DIM)?), f(r.required(LIN_VALUE_DIM)?));
    let kernel = f(r.required(LIN_CONV)?.max(1));
    let (keys, values) = (nk * dk, nv * dv);
    let conv = 2.0 * keys + values;
    Ok(Recurrence {
        state: (nv * dk * dv + conv * (kernel - 1.0)) * STATE_BYTES,
        params: h * (2.0 * keys + 2.0 * values) + h * 2.0 * nv + conv * kernel + values * h,
    })
}

/// Whether the LM head is the embedding table: as the config says (in its
/// `text_config` or at its top), else as the model type's configuration class
/// defaults (`families.tsv`; a default used is named to the reader), else untied.
fn tied(r: &Reader<'_>, json: &Json) -> bool {
    if let Some(t) = r.flag(TIED).or_else(|| Reader::new(json).flag(TIED)) {
        return t;
    }
    let default = r.text(&["model_type"]).and_then(family).and_then(|f| f.tied);
    if default.is_some() {
        r.use_default(TIED[0]);
    }
    default.unwrap_or(false)
}

/// Reads a model from a `config.json`, with its total and active parameter counts
/// where the reader knows them. A count not given is estimated from the shapes:
/// embeddings (and an output head unless tied), attention, gated MLPs of three
/// matrices, experts with their router, state-space and linear-attention
/// projections (norms and biases left out).
pub fn from_config(json: &Json, total: Option<f64>, active: Option<f64>) -> Result<ModelConfig, ConfigError> {
    if !matches!(json, Json::Object(_)) {
        return Err(ConfigError::NotAnObject);
    }
    // Multimodal configs (Gemma 3) keep the language model in `text_config`.
    let text = json.get("text_config").filter(|t| matches!(t, Json::Object(_)));
    let r = Reader::new(text.unwrap_or(json));
    // A type that needs a layer kind the calculator lacks: the wrapper's or its
    // language model's.
    let types = [json.get("model_type"), text.and_then(|t| t.get("model_type"))];
    for model_type in types.into_iter().flatten() {
        if let Json::Text(t) = model_type {
            if let Some(kind) = family(t).and_then(|f| f.refused) {
                return Err(ConfigError::Refused {
                    model_type: t.clone(),
                    kind,
                });
            }
        }
    }
    if let Some(key) = UNHONOURED.iter().find(|k| {
        r.value(&[**k])
            .is_some_and(|v| !matches!(v, Json::List(l) if l.is_empty()))
    }) {
        return Err(ConfigError::Unhonoured(key));
    }
    let unchecked_type = r
        .text(&["model_type"])
        .filter(|t| !CHECKED_TYPES.contains(t))
        .map(str::to_string);
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

    // Each shape within the calculator's bounds, named by its key and its field.
    let bounded = |f: &'static Figure, value: u32| {
        if f64::from(value) > f.max {
            Err(ConfigError::OutOfRange {
                key: r.entry(f.config).map_or(f.key, |(k, _)| k),
                field: f.field,
                max: f.max,
            })
        } else {
            Ok(value)
        }
    };
    let layers = bounded(&figures::LAYERS, r.required(LAYERS)?)?;
    let hidden = bounded(&figures::HIDDEN, r.required(HIDDEN)?)?;
    // A state-space model without attention (Mamba, Mamba-2) names no attention
    // heads: every layer is a state-space layer without an MLP, and the attention
    // figures, which no layer uses, stand at 1.
    let pure_ssm = r.value(HEADS).is_none() && r.value(SSM_ONLY).is_some();
    let heads = if pure_ssm {
        1
    } else {
        bounded(&figures::HEADS, r.required(HEADS)?)?
    };
    let multi_query = r.flag(MULTI_QUERY) == Some(true) && r.flag(NEW_ARCHITECTURE) != Some(true);
    let kv_heads = if multi_query || pure_ssm {
        1
    } else if r.flag(GROUPED) == Some(true) {
        r.required(GROUPS)?
    } else {
        r.count(KV_HEADS)?.unwrap_or(heads)
    };
    let kv_heads = bounded(&figures::KV_HEADS, kv_heads)?;
    let latent = match (r.count(KV_RANK)?, r.count(ROPE_DIM)?) {
        (Some(kv_rank), Some(rope_dim)) => Some(Latent {
            kv_rank: bounded(&figures::KV_LORA_RANK, kv_rank)?,
            rope_dim: bounded(&figures::ROPE_DIM, rope_dim)?,
        }),
        _ => None,
    };
    // With a latent the query/key head is nope + rope wide (a re-saved DeepSeek
    // config writes the rope width alone as `head_dim`).
    let head_dim = match (latent, r.count(NOPE_DIM)?, r.count(HEAD_DIM)?) {
        (Some(l), Some(nope), _) => nope
            .checked_add(l.rope_dim)
            .ok_or(ConfigError::Invalid("qk_nope_head_dim"))?,
        _ if pure_ssm => 1,
        (_, _, Some(d)) => d,
        _ => hidden / heads.max(1),
    };
    let head_dim = bounded(&figures::HEAD_DIM, head_dim)?;
    let vocab = bounded(&figures::VOCAB, r.required(VOCAB)?)?;

    let plan = if pure_ssm {
        Some(vec![
            Layer {
                mixer: Mixer::Ssm,
                ffn: Some(Ffn::None),
            };
            layers as usize
        ])
    } else {
        pattern(&r, layers)?
    };
    let count = |m: Mixer| {
        plan.as_ref()
            .map_or(0, |p| p.iter().filter(|l| l.mixer == m).count() as u32)
    };
    let (linear_layers, ssm_layers, plain_layers) = (count(Mixer::Linear), count(Mixer::Ssm), count(Mixer::Plain));
    let attention_layers = layers - linear_layers - ssm_layers - plain_layers;
    if attention_layers == 0 && linear_layers + ssm_layers == 0 {
        return Err(ConfigError::Unsupported("no attention layer".into()));
    }
    let linear_shape = if linear_layers > 0 {
        Some(linear(&r, hidden)?)
    } else {
        None
    };
    let ssm_shape = if ssm_layers > 0 {
        Some(ssm(&r, hidden, pure_ssm)?)
    } else {
        None
    };
    let recurrent = (attention_layers < layers).then(|| Recurrent {
        linear_layers,
        ssm_layers,
        plain_layers,
        linear_state: linear_shape.as_ref().map_or(0.0, |s| s.state),
        ssm_state: ssm_shape.as_ref().map_or(0.0, |s| s.state),
    });

    // The window: Llama 4's chunk, or a sliding window unless the config turns it off.
    let chunk = r.count(CHUNK)?;
    let window = match (chunk, r.flag(USE_WINDOW)) {
        (Some(c), _) => Some(c),
        (None, Some(false)) => None,
        (None, _) => r.count(WINDOW)?,
    };
    let window = window.map(|w| bounded(&figures::SLIDING_WINDOW, w)).transpose()?;
    let sliding = match (window, &plan) {
        (None, _) => None,
        (Some(_), Some(_)) => Some(count(Mixer::Windowed)),
        (Some(_), None) => sliding_layers(&r, attention_layers)?,
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
    let indexer = r.count(INDEX_DIM)?.filter(|d| *d > 0);
    // A multimodal config may declare the type beside `text_config` only.
    let (weights, expert_weights) = match (storage(&r, &mut unknown), text) {
        ((None, None), Some(_)) => storage(&Reader::new(json), &mut unknown),
        (found, _) => found,
    };
    let max_context = r
        .count(MAX_CONTEXT)?
        .map(|c| bounded(&figures::MAX_CONTEXT, c))
        .transpose()?;
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
        tied_embeddings: tied(&r, json),
        sliding_window: window,
        sliding_layers: sliding.filter(|n| *n != attention_layers),
        chunked: window.is_some() && chunk.is_some(),
        latent,
        indexer,
        recurrent,
        expert_weights: expert_weights.filter(|_| experts.is_some()),
        max_context,
    };
    let shapes = Shapes {
        plan: plan.as_deref(),
        linear: linear_shape.map_or(0.0, |s| s.params),
        ssm: ssm_shape.map_or(0.0, |s| s.params),
    };
    let estimate = Estimate::new(&r, &model, &shapes)?;
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
        unchecked_type,
        shapes_params: estimate.total,
    })
}

/// The per-layer shapes the estimate needs beside the model.
struct Shapes<'a> {
    plan: Option<&'a [Layer]>,
    /// Parameters of one linear-attention layer and of one state-space layer.
    linear: f64,
    ssm: f64,
}

/// Parameters counted from the shapes.
struct Estimate {
    total: f64,
    active: f64,
}

impl Estimate {
    /// The parameters of `m`'s shapes (its counts are not read), layer by layer.
    fn new(r: &Reader<'_>, m: &Model, shapes: &Shapes<'_>) -> Result<Estimate, ConfigError> {
        let Model {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim,
            latent,
            experts,
            ..
        } = *m;
        let f = f64::from;
        let (h, heads) = (f(hidden), f(heads));
        let embeddings = m.embedding_params();
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
            None => {
                // A gated output (Qwen3-Next) doubles the query projection.
                let gate = if r.flag(OUTPUT_GATE).unwrap_or(false) { 2.0 } else { 1.0 };
                (1.0 + gate) * h * heads * f(head_dim) + 2.0 * h * f(kv_heads) * f(head_dim)
            }
        };
        // DeepSeek-V3.2's indexer: its queries from the query latent, one key head,
        // and a weight per index head.
        let indexer = match (m.indexer, r.count(INDEX_HEADS)?) {
            (Some(d), Some(n)) => f(r.count(Q_RANK)?.unwrap_or(hidden)) * f(n) * f(d) + h * f(d) + h * f(n),
            _ => 0.0,
        };
        let mlp_kind = r.text(&["model_type"]).and_then(family).and_then(|f| f.mlp);
        let halved = mlp_kind == Some(Mlp::HalvedGated);
        let ffn = r
            .count(FFN)?
            .map_or(4.0 * h, |w| if halved { f(w) / 2.0 } else { f(w) });
        let dense_ffn = r.count(DENSE_FFN)?.map_or(ffn, f);
        // Gated MLPs have three matrices; Nemotron-H's squared-ReLU MLPs and experts
        // have two (up and down).
        let two = mlp_kind == Some(Mlp::TwoMatrix);
        let matrices = if two || r.text(&["mlp_hidden_act"]) == Some("relu2") {
            2.0
        } else {
            3.0
        };
        let mlp = |width: f64| matrices * h * width;
        // Which layers route to experts, as each family's modelling code decides.
        let mlp_only: Vec<u32> = match r.value(MLP_ONLY) {
            Some(Json::List(list)) => list
                .iter()
                .filter_map(|v| match v {
                    Json::Number(n) if *n >= 0.0 => Some(*n as u32),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let moe_list: Option<Vec<u32>> = match r.value(MOE_LAYERS) {
            Some(Json::List(list)) => Some(
                list.iter()
                    .filter_map(|v| match v {
                        Json::Number(n) if *n >= 0.0 => Some(*n as u32),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => None,
        };
        let first_dense = r.count(DENSE_LAYERS)?.unwrap_or(0);
        // `moe_layer_freq` is a step in some families and a per-layer list of 0/1
        // in others: the list names the MoE layers itself.
        let flags: Option<Vec<u32>> = match r.entry(&["moe_layer_freq"]) {
            Some((key, Json::List(list))) => {
                if list.len() != layers as usize {
                    return Err(ConfigError::Length {
                        key,
                        found: list.len(),
                        layers,
                    });
                }
                Some(
                    list.iter()
                        .zip(0..)
                        .filter(|(v, _)| matches!(v, Json::Number(n) if *n != 0.0) || **v == Json::Bool(true))
                        .map(|(_, i)| i)
                        .collect(),
                )
            }
            _ => None,
        };
        let moe_list = moe_list.or(flags.clone());
        let step = match flags {
            Some(_) => r.count(&["decoder_sparse_step"])?.unwrap_or(1).max(1),
            None => r.count(SPARSE_STEP)?.unwrap_or(1).max(1),
        };
        let interleave = r.count(MOE_STEP)?.map(|s| s.max(1));
        let period = r.count(EXPERT_PERIOD)?.filter(|p| *p > 0);
        let offset = r.count(EXPERT_OFFSET)?.unwrap_or(0);
        let deepseek = r.value(DENSE_LAYERS).is_some();
        let is_moe = |i: u32| {
            if let Some(list) = &moe_list {
                list.contains(&i)
            } else if let Some(p) = period {
                i % p == offset
            } else if let Some(s) = interleave {
                (i + 1).is_multiple_of(s)
            } else if deepseek {
                i >= first_dense && i.is_multiple_of(step)
            } else {
                !mlp_only.contains(&i) && (i + 1).is_multiple_of(step)
            }
        };
        let (mut total, mut skipped) = (embeddings, 0.0);
        for i in 0..layers {
            let layer = shapes
                .plan
                .and_then(|p| p.get(i as usize).copied())
                .unwrap_or(Layer::new(Mixer::Global));
            total += match layer.mixer {
                Mixer::Global | Mixer::Windowed => attention + indexer,
                Mixer::Linear => shapes.linear,
                Mixer::Ssm => shapes.ssm,
                Mixer::Plain => 0.0,
            };
            let ffn_kind = layer.ffn.unwrap_or(match experts {
                Some(_) if is_moe(i) => Ffn::Moe,
                _ => Ffn::Dense,
            });
            match (ffn_kind, experts) {
                (Ffn::None, _) => {}
                (Ffn::Dense, _) | (Ffn::Moe, None) => total += mlp(if experts.is_some() { dense_ffn } else { ffn }),
                (Ffn::Moe, Some(e)) => {
                    let expert_ffn = r.count(MOE_FFN)?.map_or(ffn, f);
                    let shared_ffn = r.count(SHARED_FFN)?.map_or(expert_ffn, f);
                    total += h * f(e.count) + f(e.count) * mlp(expert_ffn) + f(e.shared) * mlp(shared_ffn);
                    skipped += f(e.count - e.active.min(e.count)) * mlp(expert_ffn);
                }
            }
        }
        Ok(Estimate {
            total,
            active: total - skipped,
        })
    }
}
