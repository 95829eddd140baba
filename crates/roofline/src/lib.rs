//! The roofline model of LLM inference.
//!
//! Given a model, a device and a workload, this crate computes what one decode step
//! and one prefill move and compute, which of the two limits them, and what fits in
//! memory. It has no dependencies, never panics on any input, and never returns a
//! non-finite figure: invalid inputs become a typed [`InputError`].
//!
//! ```
//! use roofline::*;
//! let report = Scenario::example().report().unwrap();
//! assert_eq!(report.decode.bound, Bound::Memory);
//! assert_eq!(Output::WeightBytes.quantity(&report).unwrap().format(Locale::De), "14,0\u{a0}GB");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod checkpoint;
mod config;
mod dtype;
mod error;
mod families;
pub mod figures;
pub mod inputs;
mod output;
mod report;
mod scenario;
mod sweep;
mod units;
mod validate;

pub use checkpoint::{checkpoint_params, IndexError};
pub use config::{from_config, python_constants, ConfigError, Json, ModelConfig, CHECKED_TYPES, CONSTANTS};
pub use dtype::{DataType, Groups, Precision};
pub use error::{Field, InputError};
pub use families::{family, Family, Mlp, Refusal, FAMILIES};
pub use figures::Figure;
pub use output::Output;
pub use report::{Bound, Capacity, Inputs, Phase, Report, Speculative};
pub use scenario::{
    Experts, Hardware, Latent, Model, Override, Peaks, Recurrent, Scenario, Speculation, Workload, MAX_BATCH,
    MAX_BYTES, MAX_DEVICES, MAX_DIM, MAX_DRAFT_TOKENS, MAX_FLOPS, MAX_PARAMS, MAX_TOKENS,
};
pub use sweep::{log_steps, Axis};
pub use units::{
    format_fixed, format_significant, format_trimmed, Bytes, BytesPerSecond, Change, Flops, FlopsPerSecond, Intensity,
    Locale, Quantity, Seconds, TokensPerSecond, Unit,
};

/// The roofline itself: the FLOP/s a kernel of `intensity` (FLOPs per byte moved) can
/// attain on a device with `bandwidth` and `peak`, the lower of the peak and
/// intensity × bandwidth.
///
/// ```
/// use roofline::*;
/// let (bw, peak) = (BytesPerSecond(2e12), FlopsPerSecond(312e12));
/// assert_eq!(attainable(Intensity(1.0), bw, peak), FlopsPerSecond(2e12));
/// assert_eq!(attainable(Intensity(1000.0), bw, peak), peak);
/// ```
pub fn attainable(intensity: Intensity, bandwidth: BytesPerSecond, peak: FlopsPerSecond) -> FlopsPerSecond {
    FlopsPerSecond((intensity.0 * bandwidth.0).min(peak.0))
}

impl Scenario {
    /// The worked example of the glossary: a 7 × 10⁹-parameter model in FP16 with
    /// Llama-2-7B's shape and context limit, batch 1, on a device with 2.0 TB/s and 312 TFLOP/s dense
    /// FP16 (an A100 80GB with its bandwidth rounded as the example does).
    pub fn example() -> Scenario {
        Scenario {
            model: Model {
                params: 7e9,
                active_params: 7e9,
                experts: None,
                layers: 32,
                hidden: 4096,
                heads: 32,
                kv_heads: 32,
                head_dim: 128,
                // A round teaching model: a parameter count without a vocabulary.
                vocab: 0,
                tied_embeddings: false,
                sliding_window: None,
                sliding_layers: None,
                chunked: false,
                latent: None,
                indexer: None,
                recurrent: None,
                expert_weights: None,
                max_context: Some(4096),
            },
            hardware: Hardware {
                memory: Bytes(80e9),
                bandwidth: BytesPerSecond(2.0e12),
                peaks: Peaks {
                    fp16: FlopsPerSecond(312e12),
                    fp8: None,
                    int8: Some(FlopsPerSecond(624e12)),
                    fp32: None,
                },
            },
            workload: Workload {
                batch: 1,
                prompt: 512,
                context: 1024,
                output: 256,
                devices: 1,
                reserve: 0.1,
            },
            weights: DataType::Fp16,
            kv: DataType::Fp16,
            speculation: None,
        }
    }
}
