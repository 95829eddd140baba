//! The roofline calculation: bytes, FLOPs, time bounds, verdicts and capacity.

use crate::dtype::DataType;
use crate::error::InputError;
use crate::scenario::{Scenario, Speculation, MAX_BATCH};
use crate::units::{Bytes, BytesPerSecond, Flops, FlopsPerSecond, Intensity, Seconds, TokensPerSecond};

/// Which resource limits a phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Moving bytes takes longer than computing: more FLOP/s would not help.
    #[default]
    Memory,
    /// Computing takes at least as long as moving bytes.
    Compute,
}

/// One phase (a decode step or a prefill) on the roofline.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Phase {
    /// Bytes moved between memory and the compute units.
    pub bytes: Bytes,
    /// Arithmetic work.
    pub flops: Flops,
    /// FLOP per byte moved.
    pub intensity: Intensity,
    /// Time if only bandwidth limited it.
    pub time_memory: Seconds,
    /// Time if only the dense peak limited it.
    pub time_compute: Seconds,
    /// The roofline time: the larger of the two.
    pub time: Seconds,
    /// The verdict: below the ridge point the phase is memory-bound.
    pub bound: Bound,
    /// Intensity divided by the ridge point (below 1: memory-bound).
    pub ridge_ratio: f64,
}

/// How much fits in memory.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Capacity {
    /// Usable memory (after the reserve) less the weights (the draft model's too,
    /// while speculative decoding is on): room for the KV cache.
    pub free: Bytes,
    /// Requests of the scenario's context whose KV cache fits.
    pub max_requests: f64,
    /// Longest context whose KV cache fits for the scenario's batch; `None` when a
    /// sliding window caps the cache below the free memory (no limit).
    pub fit_context: Option<f64>,
    /// Whether the batch's KV cache fits next to the weights.
    pub batch_fits: bool,
    /// Whether the weights (the draft model's too) fit in the usable memory. Where
    /// they do not, every figure is still computed, as for devices that could hold
    /// them; `free` is negative and no request fits.
    pub weights_fit: bool,
    /// The fewest devices of this kind that hold the weights.
    pub devices_needed: u32,
    /// Memory of all devices less the reserve.
    pub usable: Bytes,
    /// What the scenario holds at once: the weights (the draft model's too) and
    /// every request's KV cache (each copy) and state. Above [`Capacity::usable`]
    /// the setup does not fit, and its figures are for memory that could hold it.
    pub needed: Bytes,
}

impl Capacity {
    /// Whether the weights and the whole batch's KV cache fit in the usable memory.
    pub fn fits(&self) -> bool {
        self.weights_fit && self.batch_fits
    }
}

/// The inputs that prose names ("a model with 7 billion parameters in FP16", "eight
/// requests"), carried with the figures so that a sentence shows them like any
/// other output, computed rather than typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    /// All parameters.
    pub params: f64,
    /// Parameters used per token.
    pub active_params: f64,
    /// Concurrent sequences.
    pub batch: f64,
    /// Prompt tokens per request.
    pub prompt: f64,
    /// Tokens in context at the decode step.
    pub context: f64,
    /// Devices the model is split across.
    pub devices: f64,
    /// The longest context the model reads, where known.
    pub max_context: Option<f64>,
    /// The most tokens one layer attends to, where the model has a window.
    pub sliding_window: Option<f64>,
    /// Storage type of the weights.
    pub weights: DataType,
    /// Storage type of the KV cache.
    pub kv: DataType,
    /// Speculative decoding, where the scenario sets it.
    pub speculation: Option<Speculation>,
}

impl Default for Inputs {
    /// All zeros, FP16.
    fn default() -> Inputs {
        Inputs {
            params: 0.0,
            active_params: 0.0,
            batch: 0.0,
            prompt: 0.0,
            context: 0.0,
            devices: 0.0,
            max_context: None,
            sliding_window: None,
            weights: DataType::Fp16,
            kv: DataType::Fp16,
            speculation: None,
        }
    }
}

impl Scenario {
    /// The inputs prose names, read from the scenario whether or not it is valid.
    pub fn inputs(&self) -> Inputs {
        let s = self;
        let (m, w) = (&s.model, &s.workload);
        Inputs {
            params: m.params,
            active_params: m.active_params,
            batch: f64::from(w.batch),
            prompt: f64::from(w.prompt),
            context: f64::from(w.context),
            devices: f64::from(w.devices),
            max_context: m.max_context.map(f64::from),
            sliding_window: m.sliding_window.map(f64::from),
            weights: s.weights,
            kv: s.kv,
            speculation: s.speculation,
        }
    }
}

/// What speculative decoding is expected to gain ([Leviathan, Kalman, Matias
/// 2023](https://arxiv.org/abs/2211.17192), Section 3): per request, a step of k draft
/// decode steps and one verification step of the model over k + 1 tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Speculative {
    /// Expected tokens per verification step and request:
    /// (1 − αᵏ⁺¹) ÷ (1 − α), k + 1 at α = 1 ([`Speculation::expected_tokens`]).
    pub tokens_per_step: f64,
    /// The model's verification step: k + 1 tokens of each request in one pass,
    /// which reads the weights and each request's KV cache once. While that is
    /// memory-bound it takes about as long as a decode step; the roofline says when
    /// it no longer is.
    pub verify: Phase,
    /// One decode step of the draft model for the batch: its weights, in the
    /// weights' data type, on the same devices (its KV cache is left out: only its
    /// parameter count is known).
    pub draft: Phase,
    /// The verification step plus k draft steps.
    pub step_time: Seconds,
    /// Expected tokens per second seen by one request: tokens per step ÷ step time.
    pub tokens_per_s: TokensPerSecond,
    /// Expected speed-up over plain decoding: tokens per step × decode step time ÷
    /// step time. With the verification taking one decode step's time and c the
    /// draft step's share of it, this is Leviathan et al.'s Theorem 3.8,
    /// (1 − αᵏ⁺¹) ÷ ((1 − α)(k·c + 1)).
    pub speedup: f64,
}

/// Everything the calculator shows, each a typed quantity. `Default` is all zeros.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// Bytes of all weights stored in memory.
    pub weight_bytes: Bytes,
    /// Bytes of weights read in one decode step (fewer than stored for a
    /// mixture of experts at small batch).
    pub decode_weight_bytes: Bytes,
    /// KV cache bytes per token (K and V, every layer, every KV head).
    pub kv_per_token: Bytes,
    /// KV cache of one request at the scenario's context.
    pub kv_per_request: Bytes,
    /// Constant state of one request: the recurrent and convolution state of its
    /// linear-attention and state-space layers, whatever the context (0 for a
    /// transformer). It is held beside the KV cache, read at every decode step and
    /// written by the prefill.
    pub state_per_request: Bytes,
    /// KV cache of the whole batch (one copy).
    pub kv_batch: Bytes,
    /// Copies of the KV cache the devices hold together: 1 on one device; with
    /// tensor parallelism, the devices per KV head where there are more devices
    /// than KV heads, and every device for multi-head latent attention, whose
    /// latent all heads share. Memory, capacity and the bytes of a step count every
    /// copy; the figures per token, request and batch are one copy.
    pub kv_copies: f64,
    /// Memory of all devices.
    pub memory: Bytes,
    /// Tokens in context at the decode step.
    pub context: f64,
    /// Bandwidth of all devices.
    pub bandwidth: BytesPerSecond,
    /// Dense peak of all devices in the weights' precision.
    pub peak: FlopsPerSecond,
    /// Peak ÷ bandwidth: the intensity at which compute takes over.
    pub ridge: Intensity,
    /// Time to stream the decode step's weights once.
    pub weight_time: Seconds,
    /// Bandwidth ÷ weight bytes per step: tokens/s per sequence if only weights moved.
    pub weight_tokens_per_s: TokensPerSecond,
    /// One decode step for the whole batch.
    pub decode: Phase,
    /// Bytes moved per generated token (decode bytes ÷ batch): the b of T ≤ B ÷ b.
    pub bytes_per_token: Bytes,
    /// Tokens per second seen by one request.
    pub tokens_per_s: TokensPerSecond,
    /// Tokens per second of the whole batch.
    pub batch_tokens_per_s: TokensPerSecond,
    /// Smallest batch at which decode becomes compute-bound; `None` if none up to
    /// the batch limit.
    pub critical_batch: Option<u32>,
    /// Routed experts per layer that one decode step of the batch is expected to
    /// read, E × (1 − (1 − k/E)^B) under uniform, independent routing; `None` for a
    /// dense model.
    pub experts_touched: Option<f64>,
    /// The prefill of the whole batch's prompts.
    pub prefill: Phase,
    /// Prefill plus every output token at the decode step's time.
    pub latency: Seconds,
    /// What fits in memory.
    pub capacity: Capacity,
    /// Speculative decoding, where the scenario sets it (at a draft length of 0 it
    /// is plain decoding: one token per step, a speed-up of 1).
    pub speculative: Option<Speculative>,
    /// The inputs prose names.
    pub inputs: Inputs,
}

/// The per-scenario constants the phases are built from.
struct Terms {
    bandwidth: f64,
    peak: f64,
    weight_bytes: f64,
    /// Bytes of the decoder's layers outside the routed experts (the vocabulary
    /// tables not among them).
    shared_bytes: f64,
    expert_bytes: f64,
    /// Bytes of the LM head (the tied table where the input embedding is the LM
    /// head), read in full by any step that computes logits.
    head_bytes: f64,
    /// Bytes of one row of a separate input embedding, read for each token the step
    /// looks up (up to the vocabulary); 0 where the table is the LM head, read
    /// whole already, or the model has no vocabulary.
    row_bytes: f64,
    vocab: f64,
    route_miss: f64,
    /// KV bytes one token adds to one attention layer (a sparse-attention
    /// indexer's keys included).
    kv_per_layer: f64,
    /// Constant state of one request over all layers.
    state: f64,
    /// Attention layers: all of them, and those that attend through the window.
    layers: f64,
    sliding_layers: f64,
    /// FLOPs per token of the decoder's layers: 2 × the active parameters a token
    /// multiplies with, the vocabulary tables left out (the input embedding is a
    /// lookup; the LM head counts where logits are needed).
    flops_per_token: f64,
    /// FLOPs of the LM head for one position whose logits are needed.
    logit_flops: f64,
    /// Attention FLOPs per (query, key) pair in one layer: in a decode step, and in
    /// the prefill (which multi-head latent attention runs differently).
    pair_flops: f64,
    prefill_pair_flops: f64,
    /// Copies of the KV cache the devices hold: a head or a latent that every device
    /// needs is on every device.
    kv_copies: f64,
    window: f64,
}

impl Terms {
    fn new(s: &Scenario) -> Terms {
        let m = &s.model;
        let devices = f64::from(s.workload.devices);
        let expert_params = s.expert_params();
        let route_miss = m
            .experts
            .filter(|_| expert_params > 0.0)
            .map_or(0.0, |e| 1.0 - f64::from(e.active) / f64::from(e.count));
        let heads = f64::from(m.heads);
        let head_dim = f64::from(m.head_dim);
        let devices_per_copy = |shards: f64| (devices / shards).max(1.0);
        let (attention_elements, pair_flops, prefill_pair_flops, kv_copies) = match m.latent {
            // Keys and values share the latent. Decode kernels absorb the
            // up-projections into the query and the output: each head scores against
            // kv_rank + rope_dim elements and sums kv_rank of them. A prefill
            // expands the latent into keys of head_dim (nope + rope) and values of
            // the nope width (v_head_dim, equal to qk_nope_head_dim in DeepSeek-V2/V3
            // and Kimi K2) and runs ordinary attention. The latent is shared by all
            // heads, so tensor parallelism keeps a copy on every device.
            Some(l) => {
                let (rank, rope) = (f64::from(l.kv_rank), f64::from(l.rope_dim));
                let value = (head_dim - rope).max(1.0);
                let prefill = 2.0 * heads * (head_dim + value);
                (rank + rope, 2.0 * heads * (2.0 * rank + rope), prefill, devices)
            }
            // Per head a dot product with the key and a weighted sum of the values.
            // Tensor parallelism splits the KV heads; with more devices than KV heads
            // each head is held by several.
            None => {
                let pair = 4.0 * heads * head_dim;
                let copies = devices_per_copy(f64::from(m.kv_heads));
                (2.0 * f64::from(m.kv_heads) * head_dim, pair, pair, copies)
            }
        };
        // The indexer's keys are cached beside the layer's KV (its scoring work,
        // a few heads over the index keys, is left out: a lower figure).
        let kv_elements = attention_elements + m.indexer.map_or(0.0, f64::from);
        let window = m.sliding_window.map_or(f64::INFINITY, f64::from);
        let sliding_layers = if window.is_finite() {
            f64::from(m.sliding_layers.unwrap_or(m.attention_layers()))
        } else {
            0.0
        };
        Terms {
            bandwidth: s.hardware.bandwidth.0 * devices,
            peak: s.hardware.peaks.for_precision(s.weights.precision()).0 * devices,
            weight_bytes: s.weight_bytes(),
            shared_bytes: s.body_params() * s.weights.bytes(),
            expert_bytes: expert_params * s.expert_type().bytes(),
            head_bytes: m.table_params() * s.table_type().bytes(),
            row_bytes: if m.tied_embeddings {
                0.0
            } else {
                f64::from(m.hidden) * s.table_type().bytes()
            } * f64::from(m.vocab.min(1)),
            vocab: f64::from(m.vocab),
            route_miss,
            kv_per_layer: kv_elements * s.kv.bytes(),
            state: m.state_bytes(),
            layers: f64::from(m.attention_layers()),
            sliding_layers,
            flops_per_token: 2.0 * (m.active_params - m.embedding_params()).max(0.0),
            logit_flops: 2.0 * m.table_params(),
            pair_flops,
            prefill_pair_flops,
            kv_copies,
            window,
        }
    }

    /// Share of the routed experts that `tokens` tokens passing together touch, if
    /// each token picks its k of E experts uniformly and independently of the
    /// others: an expert is missed by one token with probability 1 − k/E, by all of
    /// them with (1 − k/E)^tokens. Real routers are skewed, so batches touch fewer
    /// experts than this; the figure is an upper estimate of the bytes read.
    fn touched(&self, tokens: f64) -> f64 {
        1.0 - self.route_miss.powf(tokens)
    }

    /// Weight bytes read when `tokens` tokens pass through the model together: the
    /// decoder's shared weights and the LM head once, each expert once if any token
    /// is routed to it, and a separate input embedding only for the rows looked up
    /// (at most one per token, at most the vocabulary).
    fn weights_read(&self, tokens: f64) -> f64 {
        let experts = if self.expert_bytes == 0.0 {
            0.0
        } else {
            self.expert_bytes * self.touched(tokens)
        };
        self.shared_bytes + experts + self.head_bytes + tokens.min(self.vocab) * self.row_bytes
    }

    /// Layer-tokens a query at `context` attends to, summed over layers: the
    /// global layers see the whole context, the windowed ones at most the window.
    fn attended(&self, context: f64) -> f64 {
        (self.layers - self.sliding_layers) * context + self.sliding_layers * context.min(self.window)
    }

    /// KV bytes one token adds, over all attention layers.
    fn kv_per_token(&self) -> f64 {
        self.kv_per_layer * self.layers
    }

    fn phase(&self, bytes: f64, flops: f64) -> Phase {
        let intensity = flops / bytes;
        let ridge = self.peak / self.bandwidth;
        let time_memory = bytes / self.bandwidth;
        let time_compute = flops / self.peak;
        Phase {
            bytes: Bytes(bytes),
            flops: Flops(flops),
            intensity: Intensity(intensity),
            time_memory: Seconds(time_memory),
            time_compute: Seconds(time_compute),
            time: Seconds(time_memory.max(time_compute)),
            bound: if intensity < ridge {
                Bound::Memory
            } else {
                Bound::Compute
            },
            ridge_ratio: intensity / ridge,
        }
    }

    /// One decode step: weights once for the batch, every request's KV read, one
    /// new KV entry per request appended.
    fn decode(&self, batch: f64, context: f64) -> Phase {
        self.step(batch, 1.0, context)
    }

    /// One step over `per_request` new tokens of each of `batch` requests: weights
    /// once for all of them, each request's KV read once, one KV entry appended per
    /// token; each request's constant state read once (its update written back is
    /// left out: a lower figure). Decoding passes one token per request;
    /// speculative decoding's verification passes k + 1, each attending to the
    /// whole context.
    fn step(&self, batch: f64, per_request: f64, context: f64) -> Phase {
        let kv_request = self.kv_per_layer * self.attended(context);
        let tokens = batch * per_request;
        let kv = batch * ((kv_request + per_request * self.kv_per_token()) * self.kv_copies + self.state);
        let bytes = self.weights_read(tokens) + kv;
        // Every token of a step samples (or checks a draft), so each needs its logits.
        let flops = tokens * (self.flops_per_token + self.logit_flops + self.pair_flops * self.attended(context));
        self.phase(bytes, flops)
    }

    /// Speculative decoding's figures against the decode step `decode`.
    fn speculative(&self, s: &Scenario, sp: Speculation, decode: Phase) -> Speculative {
        let (batch, context) = (f64::from(s.workload.batch), f64::from(s.workload.context));
        let k = f64::from(sp.draft_tokens);
        let tokens_per_step = sp.expected_tokens();
        let verify = self.step(batch, k + 1.0, context);
        let draft = self.phase(sp.draft_params * s.weights.bytes(), batch * 2.0 * sp.draft_params);
        let step_time = verify.time.0 + k * draft.time.0;
        Speculative {
            tokens_per_step,
            verify,
            draft,
            step_time: Seconds(step_time),
            tokens_per_s: TokensPerSecond(tokens_per_step / step_time),
            speedup: tokens_per_step * decode.time.0 / step_time,
        }
    }

    /// The prefill of `batch` prompts: causal attention over every earlier position
    /// in a global layer and over min(position, window) in a windowed one, and
    /// every prompt token's KV entry written.
    fn prefill(&self, batch: f64, prompt: f64) -> Phase {
        let w = self.window;
        let full = prompt * (prompt + 1.0) / 2.0;
        let windowed = if prompt <= w {
            full
        } else {
            w * (w + 1.0) / 2.0 + (prompt - w) * w
        };
        let pairs = (self.layers - self.sliding_layers) * full + self.sliding_layers * windowed;
        let tokens = batch * prompt;
        let bytes = self.weights_read(tokens) + tokens * self.kv_per_token() * self.kv_copies + batch * self.state;
        // Logits only for each prompt's last position, which samples the first token.
        let flops = tokens * self.flops_per_token + batch * self.logit_flops + batch * pairs * self.prefill_pair_flops;
        self.phase(bytes, flops)
    }

    /// The longest context whose KV cache fits in `free` bytes per request; `None`
    /// where every layer is windowed and the windowed cache fits (no limit).
    fn fit_context(&self, free: f64) -> Option<f64> {
        // Without attention nothing grows with the context.
        if self.layers == 0.0 {
            return None;
        }
        let global = self.layers - self.sliding_layers;
        // Up to the window every layer keeps every token.
        let within = free / (self.kv_per_layer * self.layers);
        if within <= self.window {
            return Some(within.floor());
        }
        if global == 0.0 {
            return None;
        }
        // Beyond it only the global layers grow.
        let beyond = (free / self.kv_per_layer - self.sliding_layers * self.window) / global;
        Some(beyond.floor())
    }

    /// Smallest batch whose decode step is compute-bound.
    fn critical_batch(&self, context: f64) -> Option<u32> {
        let compute_bound = |b: u32| self.decode(f64::from(b), context).bound == Bound::Compute;
        if !compute_bound(MAX_BATCH) {
            return None;
        }
        // Dense models: intensity(B) = f·B / (W + k·B), so B ≥ R·W / (f − R·k).
        // The closed form gives the start; the checks below make it exact in floats.
        let mut guess = if self.expert_bytes == 0.0 {
            let ridge = self.peak / self.bandwidth;
            let f = self.flops_per_token + self.logit_flops + self.pair_flops * self.attended(context);
            let k = self.kv_per_layer * (self.attended(context) + self.layers) * self.kv_copies + self.state;
            let denominator = f - ridge * k;
            if denominator > 0.0 {
                (ridge * self.weights_read(1.0) / denominator)
                    .ceil()
                    .clamp(1.0, f64::from(MAX_BATCH)) as u32
            } else {
                MAX_BATCH
            }
        } else {
            MAX_BATCH
        };
        if compute_bound(guess) && guess > 1 && !compute_bound(guess - 1) {
            return Some(guess);
        }
        if guess == 1 && compute_bound(1) {
            return Some(1);
        }
        // Binary search on the monotone predicate.
        let (mut lo, mut hi) = (0u32, MAX_BATCH);
        if compute_bound(guess) {
            hi = guess;
        } else {
            lo = guess;
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if compute_bound(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        guess = hi;
        Some(guess)
    }
}

impl Scenario {
    /// Validates the scenario and computes every output.
    ///
    /// ```
    /// use roofline::*;
    /// let mut s = Scenario::example();
    /// let r = s.report().unwrap();
    /// assert_eq!(Quantity::new(r.weight_bytes.0, Unit::BytesSi).format(Locale::En), "14.0\u{a0}GB");
    /// assert_eq!(Quantity::new(r.weight_time.0, Unit::Time).format(Locale::En), "7.0\u{a0}ms");
    /// s.workload.batch = 0;
    /// assert_eq!(s.report(), Err(InputError::NotPositive(Field::Batch)));
    /// ```
    pub fn report(&self) -> Result<Report, InputError> {
        self.validate()?;
        Ok(self.report_unchecked())
    }

    fn report_unchecked(&self) -> Report {
        let t = Terms::new(self);
        let w = &self.workload;
        let (batch, context) = (f64::from(w.batch), f64::from(w.context));
        let kv_per_request = t.kv_per_layer * t.attended(context);
        let decode_weight_bytes = t.weights_read(batch);
        let decode = t.decode(batch, context);
        let prefill = t.prefill(batch, f64::from(w.prompt));
        let free = self.usable_memory().0 - self.resident_bytes();
        let weights_fit = free >= 0.0;
        let kv_batch = kv_per_request * batch;
        // What one request holds in memory: its KV cache (every copy) and its state.
        let held = kv_per_request * t.kv_copies + t.state;
        let fit_context = if weights_fit {
            t.fit_context(((free / batch - t.state) / t.kv_copies).max(0.0))
        } else {
            Some(0.0)
        };
        Report {
            weight_bytes: Bytes(t.weight_bytes),
            decode_weight_bytes: Bytes(decode_weight_bytes),
            kv_per_token: Bytes(t.kv_per_token()),
            kv_per_request: Bytes(kv_per_request),
            state_per_request: Bytes(t.state),
            kv_batch: Bytes(kv_batch),
            kv_copies: t.kv_copies,
            memory: Bytes(self.hardware.memory.0 * f64::from(w.devices)),
            context,
            bandwidth: BytesPerSecond(t.bandwidth),
            peak: FlopsPerSecond(t.peak),
            ridge: Intensity(t.peak / t.bandwidth),
            weight_time: Seconds(decode_weight_bytes / t.bandwidth),
            weight_tokens_per_s: TokensPerSecond(t.bandwidth / decode_weight_bytes),
            decode,
            bytes_per_token: Bytes(decode.bytes.0 / batch),
            tokens_per_s: TokensPerSecond(1.0 / decode.time.0),
            batch_tokens_per_s: TokensPerSecond(batch / decode.time.0),
            critical_batch: t.critical_batch(context),
            experts_touched: self
                .model
                .experts
                .filter(|_| t.expert_bytes > 0.0)
                .map(|e| f64::from(e.count) * t.touched(batch)),
            prefill,
            latency: Seconds(prefill.time.0 + f64::from(w.output) * decode.time.0),
            capacity: Capacity {
                free: Bytes(free),
                max_requests: (free / held).floor().max(0.0),
                fit_context,
                batch_fits: held * batch <= free,
                weights_fit,
                devices_needed: self.devices_needed(),
                usable: self.usable_memory(),
                needed: Bytes(self.resident_bytes() + held * batch),
            },
            speculative: self.speculation.map(|sp| t.speculative(self, sp, decode)),
            inputs: self.inputs(),
        }
    }
}
