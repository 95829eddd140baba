//! Typed input errors, each naming the field a reader has to change.

use core::fmt;

/// An input field of a [`crate::Scenario`].
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Total parameters.
    Params,
    /// Parameters active per token.
    ActiveParams,
    /// Number of experts of a mixture-of-experts model.
    Experts,
    /// Experts routed per token.
    ActiveExperts,
    /// Shared experts of a mixture-of-experts layer.
    SharedExperts,
    /// Transformer layers.
    Layers,
    /// Hidden size.
    Hidden,
    /// Attention (query) heads.
    Heads,
    /// Key/value heads.
    KvHeads,
    /// Dimension of one head.
    HeadDim,
    /// Vocabulary size.
    Vocab,
    /// Whether the input embedding and the LM head are one table.
    TiedEmbeddings,
    /// Sliding-window length.
    SlidingWindow,
    /// Layers that attend through the sliding window.
    SlidingLayers,
    /// Elements of multi-head latent attention's compressed KV.
    KvLoraRank,
    /// Elements of multi-head latent attention's rotary key.
    RopeDim,
    /// The longest context the model reads.
    MaxContext,
    /// Layers of linear attention.
    LinearLayers,
    /// State-space (Mamba) layers.
    SsmLayers,
    /// Layers without a token mixer.
    PlainLayers,
    /// Bytes of constant state per request in one linear-attention layer.
    LinearState,
    /// Bytes of constant state per request in one state-space layer.
    SsmState,
    /// Elements of a sparse-attention indexer's key per token and layer.
    IndexDim,
    /// Memory capacity of one device.
    Memory,
    /// Memory bandwidth of one device.
    Bandwidth,
    /// Dense peak FLOP/s of one device.
    Peak,
    /// Number of devices the model is split across.
    Devices,
    /// Concurrent sequences.
    Batch,
    /// Prompt tokens.
    Prompt,
    /// Context length at the decode step.
    Context,
    /// Tokens generated per request.
    Output,
    /// Fraction of memory kept free.
    Reserve,
    /// Values per group of a 4-bit type.
    GroupSize,
    /// Tokens a draft model proposes per verification step.
    DraftTokens,
    /// The chance that a proposed token is accepted.
    Acceptance,
    /// Parameters of the draft model.
    DraftParams,
}

impl Field {
    /// A stable identifier (used in URLs and in content blocks).
    pub fn id(self) -> &'static str {
        match self {
            Field::Params => "params",
            Field::ActiveParams => "active_params",
            Field::Experts => "experts",
            Field::ActiveExperts => "active_experts",
            Field::SharedExperts => "shared_experts",
            Field::Layers => "layers",
            Field::Hidden => "hidden",
            Field::Heads => "heads",
            Field::KvHeads => "kv_heads",
            Field::HeadDim => "head_dim",
            Field::Vocab => "vocab",
            Field::TiedEmbeddings => "tied_embeddings",
            Field::SlidingWindow => "sliding_window",
            Field::SlidingLayers => "sliding_layers",
            Field::KvLoraRank => "kv_lora_rank",
            Field::RopeDim => "qk_rope_head_dim",
            Field::MaxContext => "max_context",
            Field::LinearLayers => "linear_layers",
            Field::SsmLayers => "ssm_layers",
            Field::PlainLayers => "plain_layers",
            Field::LinearState => "linear_state",
            Field::SsmState => "ssm_state",
            Field::IndexDim => "index_head_dim",
            Field::Memory => "memory",
            Field::Bandwidth => "bandwidth",
            Field::Peak => "peak",
            Field::Devices => "devices",
            Field::Batch => "batch",
            Field::Prompt => "prompt",
            Field::Context => "context",
            Field::Output => "output",
            Field::Reserve => "reserve",
            Field::GroupSize => "group_size",
            Field::DraftTokens => "draft_tokens",
            Field::Acceptance => "acceptance",
            Field::DraftParams => "draft_params",
        }
    }
}

/// Why a scenario cannot be computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputError {
    /// The value is NaN or infinite.
    NotFinite(Field),
    /// The value must be greater than zero.
    NotPositive(Field),
    /// The value is below the smallest sensible one; `min` is the limit.
    TooSmall {
        /// The field.
        field: Field,
        /// The smallest accepted value.
        min: f64,
    },
    /// The value is larger than anything sensible; `max` is the limit.
    TooLarge {
        /// The field.
        field: Field,
        /// The largest accepted value.
        max: f64,
    },
    /// The number of query heads is not a multiple of the number of KV heads.
    KvHeadsNotDivisor,
    /// More parameters are active per token than the model has.
    ActiveExceedsTotal,
    /// More experts are routed per token than exist.
    ActiveExpertsExceedTotal,
    /// The parameters (`field`) leave less than the vocabulary tables (vocabulary ×
    /// hidden size, twice where the LM head is its own table) outside the routed
    /// experts; `min` is the least value that holds them.
    TablesExceedParams {
        /// The field to raise: the parameters, or the active ones of a mixture of
        /// experts.
        field: Field,
        /// The least value that holds the tables.
        min: f64,
    },
    /// Too few active parameters for the routing: with k of E experts per token,
    /// the active parameters include k/E of the experts', so they are at least
    /// total × k ÷ E.
    ActiveTooFewForExperts,
    /// More layers use the sliding window than the model has attention layers.
    SlidingLayersExceedLayers,
    /// No layer carries tokens from one to the next: plain layers (an MLP alone)
    /// take up every layer, or more layers are named than the model has. A model
    /// needs an attention, linear-attention or state-space layer.
    NoAttentionLayer,
    /// The reserve fraction must be at least 0 and below 1.
    ReserveOutOfRange,
    /// The acceptance rate must be at least 0 and at most 1.
    AcceptanceOutOfRange,
    /// The context at the decode step is shorter than the prompt.
    ContextShorterThanPrompt,
}

impl InputError {
    /// The field a reader has to change.
    pub fn field(&self) -> Field {
        match *self {
            InputError::NotFinite(f) | InputError::NotPositive(f) => f,
            InputError::TooLarge { field, .. }
            | InputError::TooSmall { field, .. }
            | InputError::TablesExceedParams { field, .. } => field,
            InputError::KvHeadsNotDivisor => Field::KvHeads,
            InputError::ActiveExceedsTotal => Field::ActiveParams,
            InputError::ActiveExpertsExceedTotal => Field::ActiveExperts,
            InputError::ActiveTooFewForExperts => Field::ActiveParams,
            InputError::SlidingLayersExceedLayers => Field::SlidingLayers,
            InputError::NoAttentionLayer => Field::Layers,
            InputError::ReserveOutOfRange => Field::Reserve,
            InputError::AcceptanceOutOfRange => Field::Acceptance,
            InputError::ContextShorterThanPrompt => Field::Context,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NotFinite(field) => write!(f, "`{}` must be a finite number", field.id()),
            InputError::NotPositive(field) => {
                write!(f, "`{}` must be greater than zero", field.id())
            }
            InputError::TooLarge { field, max } => {
                write!(f, "`{}` must be at most {max}", field.id())
            }
            InputError::TooSmall { field, min } => {
                write!(f, "`{}` must be at least {min}", field.id())
            }
            InputError::KvHeadsNotDivisor => f.write_str("`heads` must be a multiple of `kv_heads`"),
            InputError::ActiveExceedsTotal => f.write_str("`active_params` must not exceed `params`"),
            InputError::ActiveExpertsExceedTotal => f.write_str("`active_experts` must not exceed `experts`"),
            InputError::TablesExceedParams { field, min } => write!(
                f,
                "`{}` must be at least {min}: the vocabulary tables (`vocab` × `hidden`) alone hold that many",
                field.id()
            ),
            InputError::ActiveTooFewForExperts => {
                f.write_str("`active_params` must be at least `params` × `active_experts` ÷ `experts`")
            }
            InputError::SlidingLayersExceedLayers => f.write_str("`sliding_layers` must not exceed `layers`"),
            InputError::NoAttentionLayer => {
                f.write_str("`layers` must include an attention, linear-attention or state-space layer")
            }
            InputError::ReserveOutOfRange => f.write_str("`reserve` must be at least 0 and below 1"),
            InputError::AcceptanceOutOfRange => f.write_str("`acceptance` must be at least 0 and at most 1"),
            InputError::ContextShorterThanPrompt => f.write_str("`context` must be at least `prompt`"),
        }
    }
}

impl std::error::Error for InputError {}
