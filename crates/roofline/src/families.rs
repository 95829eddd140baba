//! The model types a pasted `config.json` may name, and how each is read: the table
//! `families.tsv` (beside this crate's manifest), with the source of every row, read
//! by `build.rs`. The config reader ([`crate::from_config`]) is one interpreter of
//! it: the MLP's matrices, the default for tied embeddings where a config leaves the
//! key out, and the layer kinds it refuses, named.

/// How the MLP of each layer (and of each expert) is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mlp {
    /// Gate, up and down matrices (SwiGLU, GeGLU).
    Gated,
    /// Up and down matrices, an ungated activation between them.
    TwoMatrix,
    /// Gated, with `intermediate_size` the two input matrices' widths together.
    HalvedGated,
    /// No MLP: state-space layers alone.
    None,
}

/// A layer kind or layout the calculator does not model: a model type that needs one
/// is refused with it named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Decoder layers that attend to an encoder's output (encoder-decoder models,
    /// image or audio encoders read through cross-attention).
    CrossAttention,
    /// A bidirectional encoder stack, not a causal decoder.
    Encoder,
    /// Layers of different widths, head counts or head sizes.
    PerLayerShapes,
    /// A KV cache shared with another model or between layers.
    SharedKv,
    /// A recurrence of its own in place of attention (RWKV, xLSTM, RG-LRU).
    Recurrence,
    /// Layers whose weights are reused across the stack.
    SharedLayers,
    /// Experts in the attention layers.
    AttentionExperts,
    /// Short-convolution layers.
    Convolution,
    /// A linear attention of another kind than the one modelled (lightning attention).
    LinearAttention,
    /// Several mixers or sublayers side by side in one layer.
    ParallelBlocks,
    /// Further stacks beside the decoder (a depth decoder, an audio codec).
    ExtraStacks,
    /// An attention of its own (hashed, compressed).
    AttentionKind,
}

impl Refusal {
    /// Its name in `families.tsv`.
    pub fn id(self) -> &'static str {
        match self {
            Refusal::CrossAttention => "cross-attention",
            Refusal::Encoder => "encoder",
            Refusal::PerLayerShapes => "per-layer-shapes",
            Refusal::SharedKv => "shared-kv",
            Refusal::Recurrence => "recurrence",
            Refusal::SharedLayers => "shared-layers",
            Refusal::AttentionExperts => "attention-experts",
            Refusal::Convolution => "convolution",
            Refusal::LinearAttention => "linear-attention",
            Refusal::ParallelBlocks => "parallel-blocks",
            Refusal::ExtraStacks => "extra-stacks",
            Refusal::AttentionKind => "attention-kind",
        }
    }
}

/// One model type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// The config's `model_type`.
    pub model_type: &'static str,
    /// Its MLP; `None` where it is read from `text_config` or the type is refused.
    pub mlp: Option<Mlp>,
    /// The configuration class's default for `tie_word_embeddings`; `None` where it
    /// is not known.
    pub tied: Option<bool>,
    /// The kind that makes the calculator refuse it.
    pub refused: Option<Refusal>,
}

include!(concat!(env!("OUT_DIR"), "/families.rs"));

/// The row of `model_type`, where the table says more than the general rules (a
/// gated MLP, untied tables, nothing refused) do: `None` for any other type.
///
/// ```
/// use roofline::{family, Mlp, Refusal};
/// assert_eq!(family("gpt2").and_then(|f| f.mlp), Some(Mlp::TwoMatrix));
/// assert_eq!(family("smollm3").and_then(|f| f.tied), Some(true));
/// assert_eq!(family("whisper").and_then(|f| f.refused), Some(Refusal::CrossAttention));
/// assert_eq!(family("no-such-type"), None);
/// // Llama is read by the general rules as they are.
/// assert_eq!(family("llama"), None);
/// ```
pub fn family(model_type: &str) -> Option<&'static Family> {
    FAMILIES
        .binary_search_by(|f| f.model_type.cmp(model_type))
        .ok()
        .map(|i| &FAMILIES[i])
}
