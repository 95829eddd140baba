//! The inputs of a calculation (`validate.rs` checks them).

use crate::dtype::{DataType, Precision};
use crate::units::{Bytes, BytesPerSecond, FlopsPerSecond};

/// Largest accepted context, prompt or output length in tokens (100 million).
pub const MAX_TOKENS: u32 = 100_000_000;
/// Largest accepted batch (concurrent sequences).
pub const MAX_BATCH: u32 = 1_000_000;
/// Largest accepted parameter count (100 trillion).
pub const MAX_PARAMS: f64 = 1e14;
/// Largest accepted memory capacity or bandwidth of one device (1 PB, 1 PB/s).
pub const MAX_BYTES: f64 = 1e15;
/// Largest accepted peak of one device (10 EFLOP/s).
pub const MAX_FLOPS: f64 = 1e19;
/// Largest accepted number of devices.
pub const MAX_DEVICES: u32 = 100_000;
/// Largest accepted layer count, hidden size, head count or head dimension.
pub const MAX_DIM: u32 = 1_000_000;
/// Largest accepted draft length of speculative decoding: tokens proposed per
/// verification step (Leviathan et al. tabulate up to 10).
pub const MAX_DRAFT_TOKENS: u32 = 64;

/// Mixture-of-experts routing.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Experts {
    /// Routed experts per layer (`num_local_experts`, `num_experts`, `n_routed_experts`).
    pub count: u32,
    /// Routed experts chosen per token (`num_experts_per_tok`).
    pub active: u32,
    /// Shared experts per layer, which every token passes through (DeepSeek's
    /// `n_shared_experts`). They count as weights every token reads: with the total
    /// and active parameters given, they change no figure, and the calculator shows
    /// them so that a pasted config can be read back.
    pub shared: u32,
}

/// Multi-head latent attention ([DeepSeek-V2](https://arxiv.org/abs/2405.04434),
/// Section 2.1): each layer caches one compressed latent vector of `kv_rank`
/// elements for keys and values together, plus one key part of `rope_dim` elements
/// that carries the position, shared by all heads. Per token and layer that is
/// `kv_rank + rope_dim` elements, where grouped-query attention caches
/// 2 × KV heads × head dim.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Latent {
    /// Elements of the compressed KV latent (`kv_lora_rank`).
    pub kv_rank: u32,
    /// Elements of the decoupled rotary key (`qk_rope_head_dim`).
    pub rope_dim: u32,
}

/// Layers that keep no KV cache: linear attention, state-space (Mamba) layers and
/// layers without a token mixer (a hybrid's MLP or MoE-only blocks). Each linear
/// attention or state-space layer keeps a state of constant size per request (its
/// recurrent state and the last few inputs of its short convolution), whatever the
/// context; the others keep nothing.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Recurrent {
    /// Layers of linear attention (Qwen3-Next's Gated DeltaNet).
    pub linear_layers: u32,
    /// State-space layers (Mamba in Jamba, Mamba-2 in Nemotron-H).
    pub ssm_layers: u32,
    /// Layers without a token mixer (Nemotron-H's MLP and MoE blocks).
    pub plain_layers: u32,
    /// Bytes of state one request keeps in one linear-attention layer.
    pub linear_state: f64,
    /// Bytes of state one request keeps in one state-space layer.
    pub ssm_state: f64,
}

impl Recurrent {
    /// Layers without a KV cache.
    pub fn layers(&self) -> u32 {
        self.linear_layers
            .saturating_add(self.ssm_layers)
            .saturating_add(self.plain_layers)
    }

    /// Bytes of constant state one request keeps over all layers.
    pub fn state_bytes(&self) -> f64 {
        f64::from(self.linear_layers) * self.linear_state + f64::from(self.ssm_layers) * self.ssm_state
    }
}

/// A transformer's shape, as its `config.json` gives it.
///
/// The model is a stack of layers of these kinds: global attention (every layer not
/// named otherwise), windowed attention (`sliding_layers` of them, sliding or
/// chunked, with `sliding_window` tokens), multi-head latent attention (every
/// attention layer where `latent` is set), and the layers in `recurrent`: linear
/// attention, state-space, or no token mixer at all.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// All parameters stored in memory.
    pub params: f64,
    /// Parameters used for one token (equal to `params` for dense models).
    pub active_params: f64,
    /// Mixture-of-experts routing, if any.
    pub experts: Option<Experts>,
    /// Transformer layers.
    pub layers: u32,
    /// Hidden size (model width).
    pub hidden: u32,
    /// Query heads.
    pub heads: u32,
    /// Key/value heads (fewer than `heads` with grouped-query attention).
    pub kv_heads: u32,
    /// Dimension of one head, as the config gives it (not hidden ÷ heads).
    pub head_dim: u32,
    /// Vocabulary size; 0 for a model without one (the glossary's round 7B example,
    /// a parameter count whose every parameter is read and multiplied with).
    pub vocab: u32,
    /// Whether the LM head is the input embedding table itself
    /// (`tie_word_embeddings`): one table of vocabulary × hidden size, not two.
    pub tied_embeddings: bool,
    /// Sliding-window attention: the most tokens a windowed layer attends to.
    pub sliding_window: Option<u32>,
    /// How many of the layers attend through the window; the others attend to the
    /// whole context (Gemma 3: five of every six, gpt-oss: every other). `None`:
    /// every attention layer, where a window is set. Only the count matters: the KV
    /// cache and the attention work sum over layers, whatever their order.
    pub sliding_layers: Option<u32>,
    /// Whether the window is a chunk (Llama 4's `attention_chunk_size`): a layer
    /// attends to the tokens of its own chunk only, so it keeps at most the chunk's
    /// tokens, as a sliding window keeps at most the window's.
    pub chunked: bool,
    /// Multi-head latent attention, which replaces the KV heads' cache with a latent.
    pub latent: Option<Latent>,
    /// A sparse-attention indexer's key cache (DeepSeek-V3.2's `index_head_dim`):
    /// elements one token adds to each attention layer beside its KV cache.
    pub indexer: Option<u32>,
    /// Layers without a KV cache (linear attention, state-space, none), where the
    /// model has any.
    pub recurrent: Option<Recurrent>,
    /// The storage type of the routed experts where the checkpoint stores them
    /// differently from the other weights (gpt-oss: MXFP4 experts, BF16 elsewhere);
    /// `None`: the weights' type throughout.
    pub expert_weights: Option<DataType>,
    /// The longest context the model is made to read (`max_position_embeddings` in
    /// its `config.json`); `None` where it is not known. A longer context is
    /// computed all the same, and [`Scenario::context_beyond_model`] says so.
    pub max_context: Option<u32>,
}

/// Dense peak arithmetic throughput per precision of one device (never the vendors'
/// "with sparsity" figures, which are twice these).
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Peaks {
    /// FP16/BF16 tensor throughput.
    pub fp16: FlopsPerSecond,
    /// FP8 tensor throughput, where the device has it.
    pub fp8: Option<FlopsPerSecond>,
    /// INT8 tensor throughput, where the device has it.
    pub int8: Option<FlopsPerSecond>,
    /// FP32 throughput, where given.
    pub fp32: Option<FlopsPerSecond>,
}

impl Model {
    /// Layers that attend over a KV cache (global, windowed or latent).
    pub fn attention_layers(&self) -> u32 {
        self.layers.saturating_sub(self.recurrent.map_or(0, |r| r.layers()))
    }

    /// Bytes of constant state one request keeps (linear attention and state-space
    /// layers); 0 for a transformer.
    pub fn state_bytes(&self) -> f64 {
        self.recurrent.map_or(0.0, |r| r.state_bytes())
    }

    /// Parameters of one vocabulary table (the input embedding, or the LM head):
    /// vocabulary × hidden size; 0 for a model without a vocabulary.
    pub fn table_params(&self) -> f64 {
        f64::from(self.vocab) * f64::from(self.hidden)
    }

    /// Parameters of the vocabulary tables the model stores: the input embedding and
    /// the LM head, or the one table both use where they are tied.
    pub fn embedding_params(&self) -> f64 {
        self.table_params() * if self.tied_embeddings { 1.0 } else { 2.0 }
    }
}

impl Peaks {
    /// Whether the device states a peak for `precision` (FP16 always).
    pub fn has(&self, precision: Precision) -> bool {
        match precision {
            Precision::Fp16 => true,
            Precision::Fp8 => self.fp8.is_some(),
            Precision::Int8 => self.int8.is_some(),
            Precision::Fp32 => self.fp32.is_some(),
        }
    }

    /// The arithmetic a precision runs in on this device: itself where the device
    /// has its units, else FP16 (an A100 has no FP8 units, so FP8 weights are
    /// multiplied in FP16 there).
    pub fn runs_in(&self, precision: Precision) -> Precision {
        if self.has(precision) {
            precision
        } else {
            Precision::Fp16
        }
    }

    /// The peak for a precision; a device without it computes in FP16.
    pub fn for_precision(&self, precision: Precision) -> FlopsPerSecond {
        match precision {
            Precision::Fp16 => Some(self.fp16),
            Precision::Fp8 => self.fp8,
            Precision::Int8 => self.int8,
            Precision::Fp32 => self.fp32,
        }
        .unwrap_or(self.fp16)
    }
}

/// One accelerator.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hardware {
    /// Memory capacity.
    pub memory: Bytes,
    /// Sustained memory bandwidth.
    pub bandwidth: BytesPerSecond,
    /// Dense peaks.
    pub peaks: Peaks,
}

/// What is asked of the hardware.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Workload {
    /// Concurrent sequences decoded together.
    pub batch: u32,
    /// Prompt tokens per request (prefill).
    pub prompt: u32,
    /// Tokens in context at the decode step considered.
    pub context: u32,
    /// Tokens generated per request.
    pub output: u32,
    /// Devices the model is split across (ideal tensor parallelism).
    pub devices: u32,
    /// Fraction of memory kept free for activations and fragmentation.
    pub reserve: f64,
}

/// Speculative decoding ([Leviathan, Kalman, Matias 2023](https://arxiv.org/abs/2211.17192);
/// [Chen et al. 2023](https://arxiv.org/abs/2302.01318)): a small draft model
/// proposes `draft_tokens` tokens one after the other, and the model checks all of
/// them in one step over `draft_tokens` + 1 tokens per request. It keeps the proposed
/// tokens up to the first it rejects and adds one token of its own, so a step yields
/// from 1 to `draft_tokens` + 1 tokens.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speculation {
    /// Tokens the draft proposes per verification step (the papers' γ, here k); 0
    /// turns speculative decoding off.
    pub draft_tokens: u32,
    /// The chance that the model accepts a proposed token (the papers' α, from 0 to
    /// 1), taken to be the same for every token.
    pub acceptance: f64,
    /// Parameters of the draft model, stored in the weights' data type on the same
    /// devices and read at every draft step.
    pub draft_params: f64,
}

impl Speculation {
    /// Expected tokens per verification step: 1 + α + α² + … + αᵏ, which is
    /// (1 − αᵏ⁺¹) ÷ (1 − α) and k + 1 at α = 1 (Leviathan et al., Equation 1). The
    /// sum, rather than the quotient, stays exact as α approaches 1.
    ///
    /// ```
    /// use roofline::Speculation;
    /// let s = Speculation { draft_tokens: 5, acceptance: 0.8, draft_params: 1e9 };
    /// assert!((s.expected_tokens() - (1.0 - 0.8f64.powi(6)) / (1.0 - 0.8)).abs() < 1e-12);
    /// assert_eq!(Speculation { acceptance: 1.0, ..s }.expected_tokens(), 6.0);
    /// assert_eq!(Speculation { draft_tokens: 0, ..s }.expected_tokens(), 1.0);
    /// ```
    pub fn expected_tokens(&self) -> f64 {
        (0..self.draft_tokens).fold(1.0, |tokens, _| 1.0 + self.acceptance * tokens)
    }
}

/// Everything one calculation needs.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scenario {
    /// The model.
    pub model: Model,
    /// One device.
    pub hardware: Hardware,
    /// The workload.
    pub workload: Workload,
    /// Storage type of the weights.
    pub weights: DataType,
    /// Storage type of the KV cache.
    pub kv: DataType,
    /// Speculative decoding, where the scenario sets it (its outputs have no value
    /// otherwise).
    pub speculation: Option<Speculation>,
}

impl Scenario {
    /// Bytes the devices must hold before any KV cache: the model's weights, and the
    /// draft model's while speculative decoding is on.
    pub fn resident_bytes(&self) -> f64 {
        self.weight_bytes() + self.draft_params() * self.weights.bytes()
    }

    /// The fewest devices of the scenario's kind whose usable memory holds
    /// [`Scenario::resident_bytes`] (at most [`MAX_DEVICES`]).
    ///
    /// ```
    /// use roofline::*;
    /// let mut s = Scenario::example();
    /// assert_eq!(s.devices_needed(), 1);
    /// s.model.params = 70e9;
    /// s.model.active_params = 70e9;
    /// // 140 GB of FP16 weights; 80 GB devices keep 10 % free: 72 GB each.
    /// assert_eq!(s.devices_needed(), 2);
    /// ```
    pub fn devices_needed(&self) -> u32 {
        let per_device = self.hardware.memory.0 * (1.0 - self.workload.reserve);
        let n = (self.resident_bytes() / per_device).ceil();
        if n.is_finite() && n >= 1.0 {
            n.min(f64::from(MAX_DEVICES)) as u32
        } else {
            1
        }
    }

    /// The model's context limit, where the workload's context exceeds it: the
    /// figures are still computed (as for a model that could read that far), but a
    /// reader is to be told.
    ///
    /// ```
    /// use roofline::Scenario;
    /// let mut s = Scenario::example();
    /// s.model.max_context = Some(4096);
    /// assert_eq!(s.context_beyond_model(), None);
    /// s.workload.context = 32_768;
    /// assert_eq!(s.context_beyond_model(), Some(4096));
    /// ```
    pub fn context_beyond_model(&self) -> Option<u32> {
        self.model.max_context.filter(|limit| self.workload.context > *limit)
    }

    /// Speculative decoding where it is on (a draft length above 0).
    pub fn active_speculation(&self) -> Option<Speculation> {
        self.speculation.filter(|sp| sp.draft_tokens > 0)
    }

    /// Parameters of the draft model held in memory beside the model's: none while
    /// speculative decoding is off.
    pub fn draft_params(&self) -> f64 {
        self.active_speculation().map_or(0.0, |sp| sp.draft_params)
    }

    /// Parameters of the routed experts, all of them: with E routed experts of which
    /// k serve a token, total − active parameters are the E − k experts a token
    /// skips, so all E hold (total − active) × E ÷ (E − k). Shared experts, attention,
    /// embeddings and dense layers are the rest, which every token reads. 0 for a
    /// dense model (or one that routes every token to every expert).
    pub fn expert_params(&self) -> f64 {
        let m = &self.model;
        match m.experts {
            Some(e) if e.count > e.active => {
                let (count, active) = (f64::from(e.count), f64::from(e.active));
                ((m.params - m.active_params) * count / (count - active)).clamp(0.0, m.params)
            }
            _ => 0.0,
        }
    }

    /// The storage type of the routed experts.
    pub fn expert_type(&self) -> DataType {
        self.model.expert_weights.unwrap_or(self.weights)
    }

    /// The storage type of the vocabulary tables (input embedding and LM head).
    /// Weight-only formats of fewer than 16 bits (GPTQ, AWQ, bitsandbytes, FP8
    /// checkpoints) quantize the decoder's linear layers and keep these two tables in
    /// 16 bits: AutoGPTQ and AutoAWQ skip `lm_head`, and an embedding is a lookup,
    /// not a linear layer.
    ///
    /// ```
    /// use roofline::*;
    /// let mut s = Scenario::example();
    /// s.weights = DataType::Int4(Groups::INT4_G128);
    /// assert_eq!(s.table_type(), DataType::Bf16);
    /// s.weights = DataType::Fp32;
    /// assert_eq!(s.table_type(), DataType::Fp32);
    /// ```
    pub fn table_type(&self) -> DataType {
        if self.weights.bits() < 16.0 {
            DataType::Bf16
        } else {
            self.weights
        }
    }

    /// Parameters of the decoder's layers outside the routed experts: attention,
    /// dense MLPs, shared experts, norms; the vocabulary tables are not among them.
    pub fn body_params(&self) -> f64 {
        (self.model.params - self.expert_params() - self.model.embedding_params()).max(0.0)
    }

    /// Bytes of the model's weights in memory: the routed experts in their type, the
    /// vocabulary tables in [`Scenario::table_type`], the rest in the weights' type.
    ///
    /// ```
    /// use roofline::*;
    /// let s = Scenario::example();
    /// assert_eq!(s.weight_bytes(), 14e9);
    /// ```
    pub fn weight_bytes(&self) -> f64 {
        self.body_params() * self.weights.bytes()
            + self.expert_params() * self.expert_type().bytes()
            + self.model.embedding_params() * self.table_type().bytes()
    }

    /// Memory of all devices less the reserve.
    pub fn usable_memory(&self) -> Bytes {
        Bytes(self.hardware.memory.0 * f64::from(self.workload.devices) * (1.0 - self.workload.reserve))
    }

    /// The same scenario with a different batch size.
    pub fn with_batch(mut self, batch: u32) -> Scenario {
        self.workload.batch = batch;
        self
    }

    /// The same scenario with a different context length (the prompt is shortened
    /// when it would exceed the context).
    pub fn with_context(mut self, context: u32) -> Scenario {
        self.workload.context = context;
        self.workload.prompt = self.workload.prompt.min(context);
        self
    }

    /// The same scenario with a different bandwidth.
    pub fn with_bandwidth(mut self, bandwidth: BytesPerSecond) -> Scenario {
        self.hardware.bandwidth = bandwidth;
        self
    }
}

/// One change to a scenario: how a sentence such as "on an H100 it takes …" derives
/// its figure from the calculator's current state. A model and a device are carried
/// as `M` and `H`: themselves here, and as preset ids where a data file names them
/// (`vocab::wire::Change`), the same enum either way.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Override<M = Model, H = Hardware> {
    /// Another device.
    Hardware(H),
    /// Another model.
    Model(M),
    /// Another bandwidth.
    Bandwidth(BytesPerSecond),
    /// Another batch size.
    Batch(u32),
    /// Another context length.
    Context(u32),
    /// Another prompt length.
    Prompt(u32),
    /// Another number of devices.
    Devices(u32),
    /// Another weight type.
    Weights(DataType),
    /// Another KV cache type.
    Kv(DataType),
    /// Another draft length (a scenario without speculative decoding is unchanged).
    DraftTokens(u32),
    /// Another acceptance rate (likewise).
    Acceptance(f64),
    /// Another draft model size in parameters (likewise).
    DraftParams(f64),
}

impl<M, H> Override<M, H> {
    /// The same change with its model and device carried another way (looked up,
    /// or named); `None` where either cannot be.
    pub fn map<M2, H2>(
        self,
        model: impl FnOnce(M) -> Option<M2>,
        hardware: impl FnOnce(H) -> Option<H2>,
    ) -> Option<Override<M2, H2>> {
        Some(match self {
            Override::Hardware(h) => Override::Hardware(hardware(h)?),
            Override::Model(m) => Override::Model(model(m)?),
            Override::Bandwidth(b) => Override::Bandwidth(b),
            Override::Batch(n) => Override::Batch(n),
            Override::Context(n) => Override::Context(n),
            Override::Prompt(n) => Override::Prompt(n),
            Override::Devices(n) => Override::Devices(n),
            Override::Weights(d) => Override::Weights(d),
            Override::Kv(d) => Override::Kv(d),
            Override::DraftTokens(n) => Override::DraftTokens(n),
            Override::Acceptance(a) => Override::Acceptance(a),
            Override::DraftParams(p) => Override::DraftParams(p),
        })
    }
}

impl Scenario {
    /// The scenario with `change` applied.
    pub fn with_override(mut self, change: Override) -> Scenario {
        match change {
            Override::Hardware(h) => self.hardware = h,
            Override::Model(m) => self.model = m,
            Override::Bandwidth(b) => self.hardware.bandwidth = b,
            Override::Batch(b) => self.workload.batch = b,
            Override::Context(c) => return self.with_context(c),
            Override::Prompt(p) => {
                self.workload.prompt = p;
                self.workload.context = self.workload.context.max(p);
            }
            Override::Devices(d) => self.workload.devices = d,
            Override::Weights(d) => self.weights = d,
            Override::Kv(d) => self.kv = d,
            Override::DraftTokens(k) => self.speculation.iter_mut().for_each(|sp| sp.draft_tokens = k),
            Override::Acceptance(a) => self.speculation.iter_mut().for_each(|sp| sp.acceptance = a),
            Override::DraftParams(p) => self.speculation.iter_mut().for_each(|sp| sp.draft_params = p),
        }
        self
    }
}

/// A value in the core's units as a whole count; a fraction, a negative value or no
/// number becomes 0, and a whole number beyond the type's range its largest value,
/// which validation rejects with a message (greater than zero, at most the bound)
/// rather than wrapping.
pub(crate) fn count(v: Option<f64>) -> u32 {
    match v {
        Some(v) if v.fract() == 0.0 && v > f64::from(u32::MAX) => u32::MAX,
        Some(v) if v.fract() == 0.0 && v >= 0.0 => v as u32,
        _ => 0,
    }
}
