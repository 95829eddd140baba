//! Every figure of a model, declared once.
//!
//! A figure such as `head_dim` is read from a `config.json`, written in `models.yaml`
//! and in calculator blocks, typed into the form, carried in a link, bounded by the
//! core's validation and named in messages. Each of those reads this table: the
//! form, the address, the preset and block readers and the config reader derive
//! their keys, units and bounds from a [`Figure`], and the texts of a figure are
//! keyed by its [`Field`].

use crate::error::Field;
use crate::scenario::{count, Experts, Latent, Model, Recurrent, MAX_BYTES, MAX_DIM, MAX_PARAMS, MAX_TOKENS};

/// One figure of a [`Model`].
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// The field it is (messages, texts and form ids are keyed by it).
    pub field: Field,
    /// Its key in content files (`models.yaml`, calculator blocks), in [`Figure::scale`]
    /// units.
    pub key: &'static str,
    /// Its key in a calculator's address. Figures that share a key are written
    /// together, as whole numbers joined by points, in the table's order
    /// (`experts=256.8.1`); `0` stands for a group the model does not have.
    pub address: &'static str,
    /// The keys of a `config.json` that give it, the first found read.
    pub config: &'static [&'static str],
    /// How many of the core's units one written unit is (10⁹ for parameters written
    /// in billions, 10⁶ for a state written in MB).
    pub scale: f64,
    /// The smallest value the core accepts, in its own units.
    pub min: f64,
    /// The largest value the core accepts, in its own units.
    pub max: f64,
    /// A whole number (a count or a width), not a decimal.
    pub whole: bool,
    /// Whether a model may lack it (no experts, no window): `0` written for it means
    /// "none" in a link and in the form.
    pub optional: bool,
    /// Its value in the core's units; `None` where the model lacks it.
    pub get: fn(&Model) -> Option<f64>,
    /// Sets it from a value in the core's units (a whole figure takes the value's
    /// whole part only where it is one; else 0, which validation rejects); `None`
    /// removes an optional figure, and its group once no part of it is left.
    pub set: fn(&mut Model, Option<f64>),
    /// Whether the form shows it for this model; `None` for a figure the form never
    /// shows (the hidden size and the vocabulary: read from a `config.json` for the
    /// parameter estimate, and kept in links).
    pub shown: Option<fn(&Model) -> bool>,
}

impl Figure {
    /// The value as written in content files, the form and links.
    pub fn written(&self, m: &Model) -> Option<f64> {
        (self.get)(m).map(|v| v / self.scale)
    }

    /// Sets the value as written.
    pub fn set_written(&self, m: &mut Model, v: Option<f64>) {
        (self.set)(m, v.map(|v| v * self.scale));
    }

    /// Whether `v` (in the core's units) lies within the figure's bounds.
    pub fn accepts(&self, v: f64) -> bool {
        v.is_finite() && (self.min..=self.max).contains(&v) && (!self.whole || v.fract() == 0.0)
    }
}

fn always(_: &Model) -> bool {
    true
}

fn moe(m: &Model) -> bool {
    m.experts.is_some()
}

fn with_latent(m: &Model) -> bool {
    m.latent.is_some()
}

fn with_heads(m: &Model) -> bool {
    m.latent.is_none() && attends(m)
}

/// Whether any layer attends (a model of state-space layers alone does not).
fn attends(m: &Model) -> bool {
    m.attention_layers() > 0
}

fn windowed(m: &Model) -> bool {
    m.sliding_window.is_some()
}

fn hybrid(m: &Model) -> bool {
    m.recurrent.is_some()
}

fn with_indexer(m: &Model) -> bool {
    m.indexer.is_some()
}

fn experts(m: &mut Model) -> &mut Experts {
    m.experts.get_or_insert(Experts {
        count: 1,
        active: 1,
        shared: 0,
    })
}

fn latent(m: &mut Model) -> &mut Latent {
    m.latent.get_or_insert(Latent {
        kv_rank: 1,
        rope_dim: 1,
    })
}

/// Sets one part of the recurrent layers; the group goes once every part is 0.
fn recurrent(m: &mut Model, v: Option<f64>, part: fn(&mut Recurrent) -> &mut f64) {
    let r = m.recurrent.get_or_insert(Recurrent::default());
    *part(r) = v.unwrap_or(0.0);
    if *r == Recurrent::default() {
        m.recurrent = None;
    }
}

fn recurrent_count(m: &mut Model, v: Option<f64>, part: fn(&mut Recurrent) -> &mut u32) {
    let r = m.recurrent.get_or_insert(Recurrent::default());
    *part(r) = count(v);
    if *r == Recurrent::default() {
        m.recurrent = None;
    }
}

const DIM: f64 = MAX_DIM as f64;
const TOKENS: f64 = MAX_TOKENS as f64;

/// A required whole figure from 1 to [`MAX_DIM`].
const fn shape(
    field: Field,
    key: &'static str,
    config: &'static [&'static str],
    get: fn(&Model) -> Option<f64>,
    set: fn(&mut Model, Option<f64>),
    shown: Option<fn(&Model) -> bool>,
) -> Figure {
    Figure {
        field,
        key,
        address: key,
        config,
        scale: 1.0,
        min: 1.0,
        max: DIM,
        whole: true,
        optional: false,
        get,
        set,
        shown,
    }
}

/// Total parameters, written in billions.
pub const PARAMS: Figure = Figure {
    field: Field::Params,
    key: "params_b",
    address: "params",
    config: &[],
    scale: 1e9,
    min: 1.0,
    max: MAX_PARAMS,
    whole: false,
    optional: false,
    get: |m| Some(m.params),
    set: |m, v| {
        // A dense model's active parameters are all of them.
        let dense = m.experts.is_none();
        m.params = v.unwrap_or(0.0);
        if dense {
            m.active_params = m.params;
        }
    },
    shown: Some(always),
};

/// Parameters active per token, written in billions.
pub const ACTIVE_PARAMS: Figure = Figure {
    field: Field::ActiveParams,
    key: "active_params_b",
    address: "active",
    shown: Some(moe),
    get: |m| Some(m.active_params),
    set: |m, v| m.active_params = v.unwrap_or(0.0),
    ..PARAMS
};

/// Routed experts per MoE layer.
pub const EXPERTS: Figure = Figure {
    address: "experts",
    optional: true,
    ..shape(
        Field::Experts,
        "experts",
        &["num_local_experts", "num_experts", "n_routed_experts"],
        |m| m.experts.map(|e| f64::from(e.count)),
        |m, v| match v {
            Some(_) => experts(m).count = count(v),
            None => m.experts = None,
        },
        Some(moe),
    )
};

/// Experts routed per token.
pub const ACTIVE_EXPERTS: Figure = Figure {
    address: "experts",
    optional: true,
    ..shape(
        Field::ActiveExperts,
        "active_experts",
        &["num_experts_per_tok", "experts_per_token"],
        |m| m.experts.map(|e| f64::from(e.active)),
        |m, v| match v {
            Some(_) => experts(m).active = count(v),
            None => m.experts = None,
        },
        Some(moe),
    )
};

/// Shared experts per MoE layer (DeepSeek's `n_shared_experts`, Hunyuan's and
/// EXAONE-MoE's `num_shared_experts`).
pub const SHARED_EXPERTS: Figure = Figure {
    address: "experts",
    optional: true,
    min: 0.0,
    ..shape(
        Field::SharedExperts,
        "shared_experts",
        &["n_shared_experts", "num_shared_experts"],
        |m| m.experts.map(|e| f64::from(e.shared)),
        |m, v| match v {
            Some(_) => experts(m).shared = count(v),
            None => m.experts = None,
        },
        Some(moe),
    )
};

/// Layers of every kind.
pub const LAYERS: Figure = shape(
    Field::Layers,
    "layers",
    &["num_hidden_layers", "n_layer", "num_layers"],
    |m| Some(f64::from(m.layers)),
    |m, v| m.layers = count(v),
    Some(always),
);

/// Hidden size.
pub const HIDDEN: Figure = shape(
    Field::Hidden,
    "hidden",
    &["hidden_size", "n_embd", "n_embed", "d_model"],
    |m| Some(f64::from(m.hidden)),
    |m, v| m.hidden = count(v),
    None,
);

/// Query heads.
pub const HEADS: Figure = shape(
    Field::Heads,
    "heads",
    &["num_attention_heads", "n_head"],
    |m| Some(f64::from(m.heads)),
    |m, v| m.heads = count(v),
    Some(attends),
);

/// Key/value heads.
pub const KV_HEADS: Figure = shape(
    Field::KvHeads,
    "kv_heads",
    &["num_key_value_heads", "num_kv_heads", "n_head_kv"],
    |m| Some(f64::from(m.kv_heads)),
    |m, v| m.kv_heads = count(v),
    Some(with_heads),
);

/// Width of one head.
pub const HEAD_DIM: Figure = shape(
    Field::HeadDim,
    "head_dim",
    &["head_dim", "attention_head_dim", "kv_channels"],
    |m| Some(f64::from(m.head_dim)),
    |m, v| m.head_dim = count(v),
    Some(with_heads),
);

/// Multi-head latent attention's compressed KV.
pub const KV_LORA_RANK: Figure = Figure {
    address: "mla",
    optional: true,
    ..shape(
        Field::KvLoraRank,
        "kv_lora_rank",
        &["kv_lora_rank"],
        |m| m.latent.map(|l| f64::from(l.kv_rank)),
        |m, v| match v {
            Some(_) => latent(m).kv_rank = count(v),
            None => m.latent = None,
        },
        Some(with_latent),
    )
};

/// Multi-head latent attention's rotary key.
pub const ROPE_DIM: Figure = Figure {
    address: "mla",
    optional: true,
    ..shape(
        Field::RopeDim,
        "qk_rope_head_dim",
        &["qk_rope_head_dim"],
        |m| m.latent.map(|l| f64::from(l.rope_dim)),
        |m, v| match v {
            Some(_) => latent(m).rope_dim = count(v),
            None => m.latent = None,
        },
        Some(with_latent),
    )
};

/// Vocabulary size; 0 for a model without one (the round 7B example).
pub const VOCAB: Figure = Figure {
    max: TOKENS,
    min: 0.0,
    optional: true,
    ..shape(
        Field::Vocab,
        "vocab",
        &["vocab_size", "padded_vocab_size"],
        |m| Some(f64::from(m.vocab)).filter(|v| *v > 0.0),
        |m, v| m.vocab = count(v),
        None,
    )
};

/// Whether the LM head is the input embedding table (`tie_word_embeddings`): 1 for
/// one shared table, 0 (or absent) for two.
pub const TIED_EMBEDDINGS: Figure = Figure {
    address: "tied",
    min: 0.0,
    max: 1.0,
    optional: true,
    ..shape(
        Field::TiedEmbeddings,
        "tied_embeddings",
        &["tie_word_embeddings"],
        |m| m.tied_embeddings.then_some(1.0),
        |m, v| m.tied_embeddings = v == Some(1.0),
        None,
    )
};

/// The sliding window (or Llama 4's chunk); 0 for none.
pub const SLIDING_WINDOW: Figure = Figure {
    address: "window",
    max: TOKENS,
    optional: true,
    ..shape(
        Field::SlidingWindow,
        "sliding_window",
        &["sliding_window"],
        |m| m.sliding_window.map(f64::from),
        |m, v| m.sliding_window = Some(count(v)).filter(|_| v.is_some_and(|v| v != 0.0)),
        Some(always),
    )
};

/// Layers that attend through the window; every attention layer where not given.
pub const SLIDING_LAYERS: Figure = Figure {
    address: "swl",
    optional: true,
    ..shape(
        Field::SlidingLayers,
        "sliding_layers",
        &[],
        |m| {
            m.sliding_window
                .map(|_| f64::from(m.sliding_layers.unwrap_or(m.attention_layers())))
        },
        // Every attention layer is the same as none named.
        |m, v| m.sliding_layers = Some(count(v)).filter(|n| v.is_some_and(|v| v != 0.0) && *n != m.attention_layers()),
        Some(windowed),
    )
};

/// The longest context the model reads; 0 where not known.
pub const MAX_CONTEXT: Figure = Figure {
    address: "max_ctx",
    max: TOKENS,
    optional: true,
    ..shape(
        Field::MaxContext,
        "max_context",
        &[
            "max_position_embeddings",
            "n_positions",
            "max_sequence_length",
            "seq_length",
        ],
        |m| m.max_context.map(f64::from),
        |m, v| m.max_context = Some(count(v)).filter(|_| v.is_some_and(|v| v != 0.0)),
        Some(always),
    )
};

/// A sparse-attention indexer's key per token and layer; 0 for none.
pub const INDEX_DIM: Figure = Figure {
    address: "index",
    optional: true,
    ..shape(
        Field::IndexDim,
        "index_head_dim",
        &["index_head_dim"],
        |m| m.indexer.map(f64::from),
        |m, v| m.indexer = Some(count(v)).filter(|_| v.is_some_and(|v| v != 0.0)),
        Some(with_indexer),
    )
};

/// Layers of linear attention.
pub const LINEAR_LAYERS: Figure = Figure {
    address: "lin",
    min: 0.0,
    optional: true,
    ..shape(
        Field::LinearLayers,
        "linear_layers",
        &[],
        |m| m.recurrent.map(|r| f64::from(r.linear_layers)),
        |m, v| recurrent_count(m, v, |r| &mut r.linear_layers),
        Some(hybrid),
    )
};

/// State-space (Mamba) layers.
pub const SSM_LAYERS: Figure = Figure {
    field: Field::SsmLayers,
    key: "ssm_layers",
    address: "ssm",
    get: |m| m.recurrent.map(|r| f64::from(r.ssm_layers)),
    set: |m, v| recurrent_count(m, v, |r| &mut r.ssm_layers),
    ..LINEAR_LAYERS
};

/// Bytes of state one request keeps in one linear-attention layer, written in MB.
pub const LINEAR_STATE: Figure = Figure {
    field: Field::LinearState,
    key: "linear_state_mb",
    address: "lin_mb",
    scale: 1e6,
    max: MAX_BYTES,
    whole: false,
    get: |m| m.recurrent.map(|r| r.linear_state),
    set: |m, v| recurrent(m, v, |r| &mut r.linear_state),
    ..LINEAR_LAYERS
};

/// Bytes of state one request keeps in one state-space layer, written in MB.
pub const SSM_STATE: Figure = Figure {
    field: Field::SsmState,
    key: "ssm_state_mb",
    address: "ssm_mb",
    get: |m| m.recurrent.map(|r| r.ssm_state),
    set: |m, v| recurrent(m, v, |r| &mut r.ssm_state),
    ..LINEAR_STATE
};

/// Layers without a token mixer (Nemotron-H's MLP and MoE blocks).
pub const PLAIN_LAYERS: Figure = Figure {
    field: Field::PlainLayers,
    key: "plain_layers",
    address: "plain",
    get: |m| m.recurrent.map(|r| f64::from(r.plain_layers)),
    set: |m, v| recurrent_count(m, v, |r| &mut r.plain_layers),
    ..LINEAR_LAYERS
};

/// Every figure of a model, in the form's order.
pub const MODEL: &[Figure] = &[
    PARAMS,
    ACTIVE_PARAMS,
    EXPERTS,
    ACTIVE_EXPERTS,
    SHARED_EXPERTS,
    LAYERS,
    HIDDEN,
    HEADS,
    KV_HEADS,
    HEAD_DIM,
    KV_LORA_RANK,
    ROPE_DIM,
    INDEX_DIM,
    VOCAB,
    TIED_EMBEDDINGS,
    SLIDING_WINDOW,
    SLIDING_LAYERS,
    SSM_LAYERS,
    SSM_STATE,
    LINEAR_LAYERS,
    LINEAR_STATE,
    PLAIN_LAYERS,
    MAX_CONTEXT,
];

/// The declaration of a model's field; `None` for a field of the device or the
/// workload.
pub fn of(field: Field) -> Option<&'static Figure> {
    MODEL.iter().find(|f| f.field == field)
}

impl Field {
    /// How many of the core's units one unit a reader or an author writes is:
    /// parameters in billions, memory in GB, peaks in TFLOP/s, a model's figures as
    /// this table declares them. (It lives here, not in `error.rs`, so that the
    /// fields know nothing of the table that names them.)
    pub fn scale(self) -> f64 {
        self.declared().map_or(1.0, |(_, scale, _)| scale)
    }

    /// Its key in content files (`layers`, `memory_gb`), where it is a declared
    /// figure or input.
    pub fn key(self) -> Option<&'static str> {
        self.declared().map(|(key, _, _)| key)
    }

    /// The largest value the core accepts, in its units, where it is declared.
    pub fn max(self) -> Option<f64> {
        self.declared().map(|(_, _, max)| max)
    }

    /// Its key, scale and largest value from the table that declares it: the
    /// model's figures, or the other inputs.
    fn declared(self) -> Option<(&'static str, f64, f64)> {
        of(self)
            .map(|f| (f.key, f.scale, f.max))
            .or_else(|| crate::inputs::of(self).map(|i| (i.key, i.scale, i.max)))
    }
}

/// The figures written under one address key, in their order within it.
pub fn at_address(key: &str) -> impl Iterator<Item = &'static Figure> + '_ {
    MODEL.iter().filter(move |f| f.address == key)
}

/// Each address key once, in the table's order.
pub fn address_keys() -> impl Iterator<Item = &'static str> {
    MODEL
        .iter()
        .enumerate()
        .filter(|(i, f)| !MODEL[..*i].iter().any(|g| g.address == f.address))
        .map(|(_, f)| f.address)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;

    #[test]
    fn every_figure_reads_back_what_it_sets() {
        let mut m = Scenario::example().model;
        for f in MODEL {
            let v = if f.min > 0.0 { f.min.max(3.0) } else { f.max.min(2.0) };
            (f.set)(&mut m, Some(v));
            assert_eq!((f.get)(&m), Some(v), "{}", f.key);
        }
    }

    #[test]
    fn optional_figures_go_with_none_and_required_ones_stay() {
        let mut m = Scenario::example().model;
        for f in MODEL.iter().filter(|f| f.optional) {
            (f.set)(&mut m, Some(4.0));
            (f.set)(&mut m, None);
            assert_eq!((f.get)(&m), None, "{}", f.key);
        }
        assert!(MODEL.iter().filter(|f| !f.optional).all(|f| (f.get)(&m).is_some()));
    }

    #[test]
    fn keys_are_unique_and_groups_are_whole_numbers() {
        for (i, f) in MODEL.iter().enumerate() {
            assert!(
                MODEL[..i].iter().all(|g| g.key != f.key && g.field != f.field),
                "{}",
                f.key
            );
            if at_address(f.address).count() > 1 {
                assert!(f.whole && f.optional, "{} shares `{}`", f.key, f.address);
            }
        }
        assert_eq!(address_keys().filter(|k| *k == "experts").count(), 1);
    }

    #[test]
    fn a_fraction_or_a_negative_count_becomes_a_value_validation_rejects() {
        let mut m = Scenario::example().model;
        (LAYERS.set)(&mut m, Some(2.5));
        assert_eq!(m.layers, 0);
        (LAYERS.set)(&mut m, Some(-1.0));
        assert_eq!(m.layers, 0);
        assert!(!LAYERS.accepts(2.5) && !LAYERS.accepts(DIM + 1.0) && LAYERS.accepts(32.0));
    }
}
