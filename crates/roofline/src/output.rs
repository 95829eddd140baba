//! Named outputs: the vocabulary that content blocks, inline values and the
//! calculator use to ask for a figure.

use crate::report::Report;
use crate::scenario::Scenario;
use crate::units::{format_trimmed, Locale, Quantity, Unit};

macro_rules! outputs {
    ($($variant:ident => $id:literal, $unit:ident, |$r:ident| $value:expr;)*) => {
        /// A figure a reader can be shown.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Output {
            $(
                #[doc = concat!("`", $id, "`")]
                $variant,
            )*
        }

        impl Output {
            /// Every output, in display order.
            pub const ALL: &'static [Output] = &[$(Output::$variant),*];

            /// The identifier used in content files and URLs.
            pub fn id(self) -> &'static str {
                match self {
                    $(Output::$variant => $id,)*
                }
            }

            /// The figure for a report; `None` where it has no finite value (no
            /// limit on the context, no compute-bound batch).
            pub fn quantity(self, report: &Report) -> Option<Quantity> {
                let value: Option<f64> = match self {
                    $(Output::$variant => { let $r = report; $value },)*
                };
                value.filter(|v| v.is_finite()).map(|v| Quantity::new(v, self.unit()))
            }

            /// The unit the figure is shown in.
            pub fn unit(self) -> Unit {
                match self {
                    $(Output::$variant => Unit::$unit,)*
                }
            }
        }
    };
}

outputs! {
    WeightBytes => "weight_bytes", BytesSi, |r| Some(r.weight_bytes.0);
    DecodeWeightBytes => "decode_weight_bytes", BytesSi, |r| Some(r.decode_weight_bytes.0);
    KvPerToken => "kv_per_token", BytesSi, |r| Some(r.kv_per_token.0);
    KvPerRequest => "kv_per_request", BytesSi, |r| Some(r.kv_per_request.0);
    KvPerRequestIec => "kv_per_request_gib", BytesIec, |r| Some(r.kv_per_request.0);
    KvBatch => "kv_batch", BytesSi, |r| Some(r.kv_batch.0);
    Memory => "memory", BytesSi, |r| Some(r.memory.0);
    Context => "context", Count, |r| Some(r.context);
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
    PrefillFlops => "prefill_flops", Flops, |r| Some(r.prefill.flops.0);
    PrefillBytes => "prefill_bytes", BytesSi, |r| Some(r.prefill.bytes.0);
    PrefillIntensity => "prefill_intensity", Intensity, |r| Some(r.prefill.intensity.0);
    PrefillTime => "prefill_time", Time, |r| Some(r.prefill.time.0);
    Latency => "latency", Time, |r| Some(r.latency.0);
    FreeMemory => "free_memory", BytesSi, |r| Some(r.capacity.free.0);
    MaxRequests => "max_requests", Count, |r| Some(r.capacity.max_requests);
    MaxContext => "max_context", Count, |r| r.capacity.max_context;
}

impl Output {
    /// Parses an identifier from [`Output::id`].
    pub fn from_id(id: &str) -> Option<Output> {
        Output::ALL.iter().copied().find(|o| o.id() == id)
    }

    /// The calculation with the numbers put in, e.g. "14.0 GB ÷ 2.00 TB/s = 7.0 ms";
    /// `None` where the figure is an input or has no value.
    ///
    /// ```
    /// use roofline::*;
    /// let s = Scenario::example();
    /// let r = s.report().unwrap();
    /// assert_eq!(Output::WeightTime.formula(&s, &r, Locale::En).unwrap(), "14.0 GB ÷ 2.00 TB/s = 7.0 ms");
    /// ```
    pub fn formula(self, scenario: &Scenario, r: &Report, locale: Locale) -> Option<String> {
        let q = |v: f64, unit: Unit| Quantity::new(v, unit).format(locale);
        let result = self.quantity(r)?.format(locale);
        let m = &scenario.model;
        let w = &scenario.workload;
        let count = |v: f64| format_trimmed(v, 3, locale);
        let left = match self {
            Output::WeightBytes => format!(
                "{} × 10⁹ × {} B",
                count(m.params / 1e9),
                format_trimmed(scenario.weights.bytes(), 4, locale)
            ),
            Output::KvPerToken => format!(
                "2 × {} × {} × {} × {} B",
                m.layers,
                m.kv_heads,
                m.head_dim,
                format_trimmed(scenario.kv.bytes(), 4, locale)
            ),
            Output::KvPerRequest | Output::KvPerRequestIec => format!(
                "{} × {}",
                q(r.kv_per_token.0, Unit::BytesSi),
                count(r.kv_per_request.0 / r.kv_per_token.0)
            ),
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
            Output::DecodeBytes => format!(
                "{} + {} × ({} + {})",
                q(r.decode_weight_bytes.0, Unit::BytesSi),
                w.batch,
                q(r.kv_per_request.0, Unit::BytesSi),
                q(r.kv_per_token.0, Unit::BytesSi)
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
            Output::DecodeTime => format!(
                "max({}, {})",
                q(r.decode.time_memory.0, Unit::Time),
                q(r.decode.time_compute.0, Unit::Time)
            ),
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
            Output::PrefillTime => format!(
                "max({}, {})",
                q(r.prefill.time_memory.0, Unit::Time),
                q(r.prefill.time_compute.0, Unit::Time)
            ),
            Output::Latency => format!(
                "{} + {} × {}",
                q(r.prefill.time.0, Unit::Time),
                w.output,
                q(r.decode.time.0, Unit::Time)
            ),
            Output::MaxRequests => {
                format!(
                    "{} ÷ {}",
                    q(r.capacity.free.0, Unit::BytesSi),
                    q(r.kv_per_request.0, Unit::BytesSi)
                )
            }
            Output::MaxContext => format!(
                "{} ÷ ({} × {})",
                q(r.capacity.free.0, Unit::BytesSi),
                w.batch,
                q(r.kv_per_token.0, Unit::BytesSi)
            ),
            Output::Bandwidth
            | Output::Memory
            | Output::Context
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
