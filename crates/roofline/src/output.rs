//! Named outputs: the vocabulary that content blocks, inline values and the
//! calculator use to ask for a figure.
//!
//! Results: `weight_bytes`, `decode_weight_bytes`, `kv_per_token`, `kv_per_request`,
//! `kv_per_request_gib` (the same in GiB), `kv_batch`, `state_per_request` (the
//! constant state of linear-attention and state-space layers, hybrids only), `memory` and `bandwidth` and
//! `peak` (all devices together), `ridge`, `weight_time`, `weight_tokens_per_s`,
//! `decode_bytes`, `decode_flops`, `decode_intensity`, `decode_time_memory`,
//! `decode_time_compute`, `decode_time`, `ridge_ratio`, `bytes_per_token`,
//! `tokens_per_s`, `batch_tokens_per_s`, `critical_batch`, `experts_touched` (routed
//! experts per layer a decode step of the batch is expected to read, mixtures of
//! experts only), `prefill_flops`,
//! `prefill_bytes`, `prefill_intensity`, `prefill_time`, `latency`, `free_memory`,
//! `max_requests`, `fit_context` (the longest context whose KV cache fits at the
//! scenario's batch).
//!
//! Speculative decoding, where the scenario sets it (no value otherwise; see
//! [`crate::Speculative`]): `spec_tokens_per_step`, the expected tokens per
//! verification step, (1 − αᵏ⁺¹) ÷ (1 − α) and k + 1 at α = 1;
//! `spec_verify_time`, the model's step over k + 1 tokens per request;
//! `spec_draft_time`, one decode step of the draft model; `spec_step_time`, the
//! verification plus k draft steps; `spec_tokens_per_s`, tokens per second per
//! request; `spec_speedup`, tokens per step × `decode_time` ÷ `spec_step_time`.
//!
//! Inputs, so that prose names them without typing a figure (see
//! [`Output::is_input`]): `params` and `active_params` ("7 billion", "6,74
//! Milliarden"), `batch`, `prompt`, `context`, `sliding_window`, `devices`,
//! `weights_type` and `kv_type` (the data type's name: "FP16", "INT4"), and for
//! speculative decoding `draft_tokens` (k), `acceptance` (α: "0.8", "0,8") and
//! `draft_params` (the draft model's parameters). And `max_context`: the longest
//! context the model reads, from its `config.json`.

use crate::error::InputError;
use crate::report::Report;
use crate::scenario::Scenario;
use crate::units::{format_trimmed, Locale, Quantity, Unit, UNIT_SPACE};

macro_rules! outputs {
    (
        figures { $($variant:ident => $id:literal, $unit:ident, |$r:ident| $value:expr;)* }
        names { $($nvariant:ident => $nid:literal, |$nr:ident| $name:expr;)* }
    ) => {
        /// A figure or a name a reader can be shown.
        #[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Output {
            $(
                #[doc = concat!("`", $id, "`")]
                $variant,
            )*
            $(
                #[doc = concat!("`", $nid, "`")]
                $nvariant,
            )*
        }

        impl Output {
            /// Every output, in display order.
            pub const ALL: &'static [Output] = &[$(Output::$variant,)* $(Output::$nvariant,)*];

            /// The identifier used in content files and URLs.
            pub fn id(self) -> &'static str {
                match self {
                    $(Output::$variant => $id,)*
                    $(Output::$nvariant => $nid,)*
                }
            }

            /// The figure for a report; `None` where it has no finite value (no
            /// limit on the context, no compute-bound batch) and for names.
            pub fn quantity(self, report: &Report) -> Option<Quantity> {
                let value: Option<f64> = match self {
                    $(Output::$variant => { let $r = report; $value },)*
                    $(Output::$nvariant => None,)*
                };
                let unit = self.unit()?;
                value.filter(|v| v.is_finite()).map(|v| Quantity::new(v, unit))
            }

            /// The name for a report, for outputs that are names rather than
            /// figures (a data type: "FP16"); `None` for figures.
            pub fn name(self, report: &Report) -> Option<&'static str> {
                match self {
                    $(Output::$variant => None,)*
                    $(Output::$nvariant => { let $nr = report; Some($name) },)*
                }
            }

            /// The unit the figure is shown in; `None` for names.
            pub fn unit(self) -> Option<Unit> {
                match self {
                    $(Output::$variant => Some(Unit::$unit),)*
                    $(Output::$nvariant => None,)*
                }
            }
        }
    };
}

outputs! {
    figures {
        WeightBytes => "weight_bytes", BytesSi, |r| Some(r.weight_bytes.0);
        DecodeWeightBytes => "decode_weight_bytes", BytesSi, |r| Some(r.decode_weight_bytes.0);
        KvPerToken => "kv_per_token", BytesSi, |r| Some(r.kv_per_token.0);
        KvPerRequest => "kv_per_request", BytesSi, |r| Some(r.kv_per_request.0);
        KvPerRequestIec => "kv_per_request_gib", BytesIec, |r| Some(r.kv_per_request.0);
        KvBatch => "kv_batch", BytesSi, |r| Some(r.kv_batch.0);
        StatePerRequest => "state_per_request", BytesSi, |r| Some(r.state_per_request.0).filter(|v| *v > 0.0);
        Memory => "memory", BytesSi, |r| Some(r.memory.0);
        Params => "params", Params, |r| Some(r.inputs.params);
        ActiveParams => "active_params", Params, |r| Some(r.inputs.active_params);
        Batch => "batch", Count, |r| Some(r.inputs.batch);
        Prompt => "prompt", Count, |r| Some(r.inputs.prompt);
        Context => "context", Count, |r| Some(r.inputs.context);
        MaxContext => "max_context", Count, |r| r.inputs.max_context;
        SlidingWindow => "sliding_window", Count, |r| r.inputs.sliding_window;
        Devices => "devices", Count, |r| Some(r.inputs.devices);
        DraftTokens => "draft_tokens", Count, |r| r.inputs.speculation.map(|s| f64::from(s.draft_tokens));
        Acceptance => "acceptance", Number, |r| r.inputs.speculation.map(|s| s.acceptance);
        DraftParams => "draft_params", Params, |r| r.inputs.speculation.map(|s| s.draft_params);
        Bandwidth => "bandwidth", Bandwidth, |r| Some(r.bandwidth.0);
        Peak => "peak", FlopRate, |r| Some(r.peak.0);
        Ridge => "ridge", Intensity, |r| Some(r.ridge.0);
        WeightTime => "weight_time", Time, |r| Some(r.weight_time.0);
        WeightTokensPerS => "weight_tokens_per_s", TokenRate, |r| Some(r.weight_tokens_per_s.0);
        DecodeBytes => "decode_bytes", BytesSi, |r| Some(r.decode.bytes.0);
        DecodeFlops => "decode_flops", Flops, |r| Some(r.decode.flops.0);
        DecodeIntensity => "decode_intensity", Intensity, |r| Some(r.decode.intensity.0);
        DecodeTimeMemory => "decode_time_memory", Time, |r| Some(r.decode.time_memory.0);
        DecodeTimeCompute => "decode_time_compute", Time, |r| Some(r.decode.time_compute.0);
        DecodeTime => "decode_time", Time, |r| Some(r.decode.time.0);
        RidgeRatio => "ridge_ratio", Ratio, |r| Some(r.decode.ridge_ratio);
        BytesPerToken => "bytes_per_token", BytesSi, |r| Some(r.bytes_per_token.0);
        TokensPerS => "tokens_per_s", TokenRate, |r| Some(r.tokens_per_s.0);
        BatchTokensPerS => "batch_tokens_per_s", TokenRate, |r| Some(r.batch_tokens_per_s.0);
        CriticalBatch => "critical_batch", Count, |r| r.critical_batch.map(f64::from);
        ExpertsTouched => "experts_touched", Number, |r| r.experts_touched;
        PrefillFlops => "prefill_flops", Flops, |r| Some(r.prefill.flops.0);
        PrefillBytes => "prefill_bytes", BytesSi, |r| Some(r.prefill.bytes.0);
        PrefillIntensity => "prefill_intensity", Intensity, |r| Some(r.prefill.intensity.0);
        PrefillTime => "prefill_time", Time, |r| Some(r.prefill.time.0);
        Latency => "latency", Time, |r| Some(r.latency.0);
        FreeMemory => "free_memory", BytesSi, |r| Some(r.capacity.free.0);
        MaxRequests => "max_requests", Count, |r| Some(r.capacity.max_requests);
        FitContext => "fit_context", Count, |r| r.capacity.fit_context;
        DevicesNeeded => "devices_needed", Count, |r| Some(f64::from(r.capacity.devices_needed));
        SpecTokensPerStep => "spec_tokens_per_step", Number, |r| r.speculative.map(|s| s.tokens_per_step);
        SpecVerifyTime => "spec_verify_time", Time, |r| r.speculative.map(|s| s.verify.time.0);
        SpecDraftTime => "spec_draft_time", Time, |r| r.speculative.map(|s| s.draft.time.0);
        SpecStepTime => "spec_step_time", Time, |r| r.speculative.map(|s| s.step_time.0);
        SpecTokensPerS => "spec_tokens_per_s", TokenRate, |r| r.speculative.map(|s| s.tokens_per_s.0);
        SpecSpeedup => "spec_speedup", Ratio, |r| r.speculative.map(|s| s.speedup);
    }
    names {
        WeightsType => "weights_type", |r| r.inputs.weights.label();
        KvType => "kv_type", |r| r.inputs.kv.label();
    }
}

impl Output {
    /// Parses an identifier from [`Output::id`].
    pub fn from_id(id: &str) -> Option<Output> {
        Output::ALL.iter().copied().find(|o| o.id() == id)
    }

    /// Whether the output repeats an input of the calculator's form as the reader
    /// typed it (the parameters, batch, prompt, context, devices, data types, the
    /// inputs of speculative decoding): prose names these, a list of results does
    /// not need them.
    pub fn is_input(self) -> bool {
        matches!(
            self,
            Output::Params
                | Output::ActiveParams
                | Output::Batch
                | Output::Prompt
                | Output::Context
                | Output::SlidingWindow
                | Output::Devices
                | Output::WeightsType
                | Output::KvType
                | Output::DraftTokens
                | Output::Acceptance
                | Output::DraftParams
        )
    }

    /// The text for `scenario`, as [`Output::text`] gives it for the scenario's
    /// report, or the scenario's error. A model whose weights do not fit in memory
    /// is computed all the same: a sentence about Llama-3-70B on one GPU needs no
    /// device that holds it.
    ///
    /// ```
    /// use roofline::*;
    /// let mut s = Scenario::example();
    /// s.hardware.memory = Bytes(1e9);
    /// assert_eq!(Output::Params.text_for(&s, Locale::En, None), Ok(Some("7\u{a0}billion".into())));
    /// assert_eq!(Output::WeightTime.text_for(&s, Locale::En, None), Ok(Some("7.0\u{a0}ms".into())));
    /// assert_eq!(Output::DevicesNeeded.text_for(&s, Locale::En, None), Ok(Some("16".into())));
    /// s.workload.batch = 0;
    /// assert!(Output::Params.text_for(&s, Locale::En, None).is_err());
    /// ```
    pub fn text_for(
        self,
        scenario: &Scenario,
        locale: Locale,
        digits: Option<u8>,
    ) -> Result<Option<String>, InputError> {
        let report = scenario.report()?;
        Ok(self.text(&report, locale, digits))
    }

    /// The text a reader sees for a report: a figure with `digits` significant
    /// digits (the unit's default where `None`), or a name; `None` where the output
    /// has no value. Inline values in prose are this text.
    ///
    /// ```
    /// use roofline::*;
    /// let r = Scenario::example().report().unwrap();
    /// let text = |o: Output, l| o.text(&r, l, None).unwrap();
    /// assert_eq!(text(Output::Params, Locale::En), "7\u{a0}billion");
    /// assert_eq!(text(Output::Params, Locale::De), "7\u{a0}Milliarden");
    /// assert_eq!(text(Output::WeightsType, Locale::De), "FP16");
    /// assert_eq!(text(Output::MaxContext, Locale::De), "4\u{202f}096");
    /// assert_eq!(Output::WeightBytes.text(&r, Locale::En, Some(2)).unwrap(), "14\u{a0}GB");
    /// ```
    pub fn text(self, report: &Report, locale: Locale, digits: Option<u8>) -> Option<String> {
        if let Some(name) = self.name(report) {
            return Some(name.to_string());
        }
        let q = self.quantity(report)?;
        Some(match digits {
            Some(d) => q.format_digits(locale, d),
            None => q.format(locale),
        })
    }

    /// The calculation with the numbers put in, e.g. "14.0 GB ÷ 2.00 TB/s = 7.0 ms";
    /// `None` where the figure is an input or has no value.
    ///
    /// ```
    /// use roofline::*;
    /// let s = Scenario::example();
    /// let r = s.report().unwrap();
    /// assert_eq!(
    ///     Output::WeightTime.formula(&s, &r, Locale::En).unwrap(),
    ///     "14.0\u{a0}GB ÷ 2.00\u{a0}TB/s = 7.0\u{a0}ms"
    /// );
    /// ```
    pub fn formula(self, scenario: &Scenario, r: &Report, locale: Locale) -> Option<String> {
        let q = |v: f64, unit: Unit| Quantity::new(v, unit).format(locale);
        let result = self.quantity(r)?.format(locale);
        let bytes = |v: f64| format!("{}{UNIT_SPACE}B", format_trimmed(v, 4, locale));
        let m = &scenario.model;
        let w = &scenario.workload;
        let count = |v: f64| format_trimmed(v, 3, locale);
        // The copies of the KV cache the devices hold, where there is more than one.
        let copies = |r: &Report| {
            if r.kv_copies > 1.0 {
                format!(" × {}", format_trimmed(r.kv_copies, 2, locale))
            } else {
                String::new()
            }
        };
        let left = match self {
            Output::WeightBytes => {
                // The parameters of each storage size: the decoder's, the routed
                // experts', the vocabulary tables'; parts of one size are added.
                let mut parts: Vec<(f64, f64)> = Vec::new();
                for (params, dtype) in [
                    (scenario.body_params(), scenario.weights),
                    (scenario.expert_params(), scenario.expert_type()),
                    (m.embedding_params(), scenario.table_type()),
                ] {
                    match parts.iter_mut().find(|(_, b)| *b == dtype.bytes()) {
                        Some(part) => part.0 += params,
                        None if params > 0.0 => parts.push((params, dtype.bytes())),
                        None => {}
                    }
                }
                parts
                    .iter()
                    .map(|(params, b)| format!("{} × 10⁹ × {}", count(params / 1e9), bytes(*b)))
                    .collect::<Vec<_>>()
                    .join(" + ")
            }
            Output::KvPerToken => {
                // Over the attention layers; linear-attention and state-space layers
                // keep no KV cache.
                let layers = m.attention_layers();
                let index = m.indexer.map_or(String::new(), |d| format!(" + {d}"));
                match m.latent {
                    Some(l) => format!(
                        "{} × ({} + {}{index}) × {}",
                        layers,
                        l.kv_rank,
                        l.rope_dim,
                        bytes(scenario.kv.bytes())
                    ),
                    None if m.indexer.is_some() => format!(
                        "{} × (2 × {} × {}{index}) × {}",
                        layers,
                        m.kv_heads,
                        m.head_dim,
                        bytes(scenario.kv.bytes())
                    ),
                    None => format!(
                        "2 × {} × {} × {} × {}",
                        layers,
                        m.kv_heads,
                        m.head_dim,
                        bytes(scenario.kv.bytes())
                    ),
                }
            }
            Output::KvPerRequest | Output::KvPerRequestIec => match m.sliding_window {
                // Per layer and token, times the tokens each kind of layer keeps.
                Some(window) if m.sliding_layers.is_some_and(|n| n < m.attention_layers()) && w.context > window => {
                    let sliding = m.sliding_layers.unwrap_or(m.attention_layers());
                    format!(
                        "{} × ({} × {} + {} × {})",
                        q(r.kv_per_token.0 / f64::from(m.attention_layers()), Unit::BytesSi),
                        m.attention_layers() - sliding,
                        w.context,
                        sliding,
                        window
                    )
                }
                // Tokens held per layer on average (the context; 0 without attention).
                _ => format!(
                    "{} × {}",
                    q(r.kv_per_token.0, Unit::BytesSi),
                    count(if r.kv_per_token.0 > 0.0 {
                        r.kv_per_request.0 / r.kv_per_token.0
                    } else {
                        r.context
                    })
                ),
            },
            Output::ExpertsTouched => {
                let e = m.experts?;
                format!("{} × (1 − (1 − {}/{})^{})", e.count, e.active, e.count, w.batch)
            }
            Output::KvBatch => format!("{} × {}", q(r.kv_per_request.0, Unit::BytesSi), w.batch),
            Output::Ridge => format!(
                "{} ÷ {}",
                q(r.peak.0, Unit::FlopRate),
                q(r.bandwidth.0, Unit::Bandwidth)
            ),
            Output::WeightTime => {
                format!(
                    "{} ÷ {}",
                    q(r.decode_weight_bytes.0, Unit::BytesSi),
                    q(r.bandwidth.0, Unit::Bandwidth)
                )
            }
            Output::WeightTokensPerS => {
                format!(
                    "{} ÷ {}",
                    q(r.bandwidth.0, Unit::Bandwidth),
                    q(r.decode_weight_bytes.0, Unit::BytesSi)
                )
            }
            Output::StatePerRequest => {
                // Each linear-attention and state-space layer keeps its state.
                let rec = m.recurrent.filter(|_| r.state_per_request.0 > 0.0)?;
                [(rec.ssm_layers, rec.ssm_state), (rec.linear_layers, rec.linear_state)]
                    .into_iter()
                    .filter(|(layers, state)| *layers > 0 && *state > 0.0)
                    .map(|(layers, state)| format!("{layers} × {}", q(state, Unit::BytesSi)))
                    .collect::<Vec<_>>()
                    .join(" + ")
            }
            Output::DecodeBytes if r.state_per_request.0 > 0.0 => format!(
                "{} + {} × (({} + {}){} + {})",
                q(r.decode_weight_bytes.0, Unit::BytesSi),
                w.batch,
                q(r.kv_per_request.0, Unit::BytesSi),
                q(r.kv_per_token.0, Unit::BytesSi),
                copies(r),
                q(r.state_per_request.0, Unit::BytesSi)
            ),
            Output::DecodeBytes => format!(
                "{} + {} × ({} + {}){}",
                q(r.decode_weight_bytes.0, Unit::BytesSi),
                w.batch,
                q(r.kv_per_request.0, Unit::BytesSi),
                q(r.kv_per_token.0, Unit::BytesSi),
                copies(r)
            ),
            Output::DecodeIntensity => {
                format!(
                    "{} ÷ {}",
                    q(r.decode.flops.0, Unit::Flops),
                    q(r.decode.bytes.0, Unit::BytesSi)
                )
            }
            Output::DecodeTimeMemory => {
                format!(
                    "{} ÷ {}",
                    q(r.decode.bytes.0, Unit::BytesSi),
                    q(r.bandwidth.0, Unit::Bandwidth)
                )
            }
            Output::DecodeTimeCompute => {
                format!("{} ÷ {}", q(r.decode.flops.0, Unit::Flops), q(r.peak.0, Unit::FlopRate))
            }
            Output::DecodeTime | Output::PrefillTime | Output::SpecVerifyTime | Output::SpecDraftTime => {
                let phase = match self {
                    Output::DecodeTime => r.decode,
                    Output::PrefillTime => r.prefill,
                    Output::SpecVerifyTime => r.speculative?.verify,
                    _ => r.speculative?.draft,
                };
                format!(
                    "max({}, {})",
                    q(phase.time_memory.0, Unit::Time),
                    q(phase.time_compute.0, Unit::Time)
                )
            }
            Output::RidgeRatio => format!(
                "{} ÷ {}",
                q(r.decode.intensity.0, Unit::Intensity),
                q(r.ridge.0, Unit::Intensity)
            ),
            Output::BytesPerToken => {
                format!("{} ÷ {}", q(r.decode.bytes.0, Unit::BytesSi), w.batch)
            }
            Output::TokensPerS => format!("1 ÷ {}", q(r.decode.time.0, Unit::Time)),
            Output::BatchTokensPerS => format!("{} ÷ {}", w.batch, q(r.decode.time.0, Unit::Time)),
            Output::PrefillIntensity => {
                format!(
                    "{} ÷ {}",
                    q(r.prefill.flops.0, Unit::Flops),
                    q(r.prefill.bytes.0, Unit::BytesSi)
                )
            }
            Output::Latency | Output::SpecStepTime => {
                // A first step, then n steps of another duration.
                let (first, n, each) = match self {
                    Output::Latency => (r.prefill.time.0, w.output, r.decode.time.0),
                    _ => {
                        let sp = r.speculative?;
                        (sp.verify.time.0, r.inputs.speculation?.draft_tokens, sp.draft.time.0)
                    }
                };
                format!("{} + {n} × {}", q(first, Unit::Time), q(each, Unit::Time))
            }
            Output::DevicesNeeded => {
                let per_device = scenario.hardware.memory.0 * (1.0 - w.reserve);
                format!(
                    "⌈{} ÷ {}⌉",
                    q(scenario.resident_bytes(), Unit::BytesSi),
                    q(per_device, Unit::BytesSi)
                )
            }
            Output::MaxRequests if r.state_per_request.0 > 0.0 => format!(
                "{} ÷ ({}{} + {})",
                q(r.capacity.free.0, Unit::BytesSi),
                q(r.kv_per_request.0, Unit::BytesSi),
                copies(r),
                q(r.state_per_request.0, Unit::BytesSi)
            ),
            Output::MaxRequests => {
                format!(
                    "{} ÷ {}{}",
                    q(r.capacity.free.0, Unit::BytesSi),
                    q(r.kv_per_request.0, Unit::BytesSi),
                    copies(r)
                )
            }
            // The state comes off each request's share first.
            Output::FitContext if r.state_per_request.0 > 0.0 => {
                if m.sliding_window.is_some() && m.sliding_layers.is_some() {
                    return None;
                }
                format!(
                    "({} ÷ {} − {}) ÷ ({}{})",
                    q(r.capacity.free.0, Unit::BytesSi),
                    w.batch,
                    q(r.state_per_request.0, Unit::BytesSi),
                    q(r.kv_per_token.0, Unit::BytesSi),
                    copies(r)
                )
            }
            Output::FitContext => match (m.sliding_window, m.sliding_layers) {
                // Beyond the window only the global layers grow.
                (Some(window), Some(sliding)) if r.capacity.fit_context? > f64::from(window) => format!(
                    "({} ÷ {}{} ÷ {} − {} × {}) ÷ {}",
                    q(r.capacity.free.0, Unit::BytesSi),
                    w.batch,
                    copies(r),
                    q(r.kv_per_token.0 / f64::from(m.attention_layers()), Unit::BytesSi),
                    sliding,
                    window,
                    m.attention_layers().saturating_sub(sliding)
                ),
                _ => format!(
                    "{} ÷ ({} × {}{})",
                    q(r.capacity.free.0, Unit::BytesSi),
                    w.batch,
                    q(r.kv_per_token.0, Unit::BytesSi),
                    copies(r)
                ),
            },
            Output::SpecTokensPerStep => {
                let sp = scenario.speculation?;
                if sp.acceptance == 1.0 {
                    format!("{} + 1", sp.draft_tokens)
                } else {
                    let a = format_trimmed(sp.acceptance, 4, locale);
                    format!("(1 − {a}^{}) ÷ (1 − {a})", sp.draft_tokens + 1)
                }
            }
            Output::SpecTokensPerS => {
                let sp = r.speculative?;
                format!(
                    "{} ÷ {}",
                    q(sp.tokens_per_step, Unit::Number),
                    q(sp.step_time.0, Unit::Time)
                )
            }
            Output::SpecSpeedup => {
                let sp = r.speculative?;
                format!(
                    "{} × {} ÷ {}",
                    q(sp.tokens_per_step, Unit::Number),
                    q(r.decode.time.0, Unit::Time),
                    q(sp.step_time.0, Unit::Time)
                )
            }
            Output::Bandwidth
            | Output::Memory
            | Output::Params
            | Output::ActiveParams
            | Output::Batch
            | Output::Prompt
            | Output::Context
            | Output::MaxContext
            | Output::SlidingWindow
            | Output::Devices
            | Output::DraftTokens
            | Output::Acceptance
            | Output::DraftParams
            | Output::WeightsType
            | Output::KvType
            | Output::Peak
            | Output::DecodeWeightBytes
            | Output::DecodeFlops
            | Output::CriticalBatch
            | Output::PrefillFlops
            | Output::PrefillBytes
            | Output::FreeMemory => return None,
        };
        Some(format!("{left} = {result}"))
    }
}
