//! Data types with their true storage cost.

/// Group-wise scaling of a low-bit format: every `group_size` values share one scale
/// (and optionally one zero point), which adds bits per value.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Groups {
    /// Values per group; 0 means no per-group scales at all (a bare 4-bit value).
    pub group_size: u32,
    /// Bits of each group's scale (16 for an FP16 scale, 8 for an E8M0 or FP8 scale).
    pub scale_bits: u32,
    /// Bits of each group's zero point (0 for symmetric formats).
    pub zero_bits: u32,
}

impl Groups {
    /// INT4 as GPTQ and AWQ store it: groups of 128, each with an FP16 scale and a
    /// 4-bit zero point packed eight to an `int32` like the weights, so 4 + 20/128 =
    /// 4.15625 bits per weight. Source: vLLM's loaders allocate `qzeros` as `int32` of
    /// shape `(in / group_size, out / pack_factor)` with `pack_factor = 32 / bits`, next to
    /// `qweight` packed the same way, and `scales` as `(in / group_size, out)` in the
    /// model's 16-bit type (`vllm/model_executor/layers/quantization/gptq.py`, commit
    /// `e5dd90be38faf08d3f841f7ef1f4d7e64a70147d`, which the entries cite; `awq.py` alike).
    pub const INT4_G128: Groups = Groups {
        group_size: 128,
        scale_bits: 16,
        zero_bits: 4,
    };
    /// MXFP4 (OCP Microscaling Formats v1.0): blocks of 32 E2M1 values sharing one
    /// E8M0 scale, a power of two in 8 bits: 4 + 8/32 = 4.25 bits per value.
    pub const MXFP4: Groups = Groups {
        group_size: 32,
        scale_bits: 8,
        zero_bits: 0,
    };
    /// No scales: exactly 4 bits, only when a reader says so.
    pub const NONE: Groups = Groups {
        group_size: 0,
        scale_bits: 0,
        zero_bits: 0,
    };

    fn overhead_bits(self) -> f64 {
        if self.group_size == 0 {
            0.0
        } else {
            (f64::from(self.scale_bits) + f64::from(self.zero_bits)) / f64::from(self.group_size)
        }
    }
}

/// The storage type of weights or of the KV cache.
#[cfg_attr(feature = "wire", derive(serde::Serialize, wire::Decode))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataType {
    /// 32-bit float.
    Fp32,
    /// 16-bit float (IEEE half).
    Fp16,
    /// 16-bit brain float.
    Bf16,
    /// 8-bit float (E4M3 / E5M2); as the weights' type, with FP8 arithmetic
    /// (W8A8: activations quantized too, the device's FP8 peak).
    Fp8,
    /// 8-bit integer (per-channel scales, negligible per value); as the weights'
    /// type, with INT8 arithmetic (W8A8, the device's INT8 peak).
    Int8,
    /// 8-bit float weights only (W8A16): stored in FP8, dequantized and multiplied
    /// in 16 bits, so the FP16 peak applies.
    Fp8Weights,
    /// 8-bit integer weights only (W8A16, as LLM.int8()-style and weight-only INT8
    /// kernels run): stored in INT8, multiplied in 16 bits.
    Int8Weights,
    /// 4-bit integer with group-wise scales.
    Int4(Groups),
    /// 4-bit float with block-wise scales.
    Fp4(Groups),
}

/// The arithmetic a data type is computed in, which selects the hardware peak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    /// FP32 arithmetic.
    Fp32,
    /// FP16/BF16 tensor-core arithmetic.
    Fp16,
    /// FP8 tensor-core arithmetic.
    Fp8,
    /// INT8 tensor-core arithmetic.
    Int8,
}

impl Precision {
    /// The display name: FP16, FP8, …
    pub fn label(self) -> &'static str {
        match self {
            Precision::Fp32 => "FP32",
            Precision::Fp16 => "FP16",
            Precision::Fp8 => "FP8",
            Precision::Int8 => "INT8",
        }
    }
}

impl DataType {
    /// Every data type a reader can choose for the weights, with the default groups
    /// for 4-bit types.
    pub const ALL: [DataType; 9] = [
        DataType::Fp32,
        DataType::Fp16,
        DataType::Bf16,
        DataType::Fp8,
        DataType::Fp8Weights,
        DataType::Int8,
        DataType::Int8Weights,
        DataType::Int4(Groups::INT4_G128),
        DataType::Fp4(Groups::MXFP4),
    ];

    /// Whether the type is a weight-only variant (W8A16) of a storage type: the
    /// same bytes, another arithmetic. A KV cache is only stored, so its menu leaves
    /// these out.
    pub fn weight_only(self) -> bool {
        matches!(self, DataType::Fp8Weights | DataType::Int8Weights)
    }

    /// Storage bits per value, scales included.
    ///
    /// ```
    /// use roofline::{DataType, Groups};
    /// assert_eq!(DataType::Fp16.bits(), 16.0);
    /// assert_eq!(DataType::Int4(Groups::INT4_G128).bits(), 4.15625);
    /// assert_eq!(DataType::Fp4(Groups::MXFP4).bits(), 4.25);
    /// assert_eq!(DataType::Int4(Groups::NONE).bits(), 4.0);
    /// ```
    pub fn bits(self) -> f64 {
        match self {
            DataType::Fp32 => 32.0,
            DataType::Fp16 | DataType::Bf16 => 16.0,
            DataType::Fp8 | DataType::Int8 | DataType::Fp8Weights | DataType::Int8Weights => 8.0,
            DataType::Int4(g) | DataType::Fp4(g) => 4.0 + g.overhead_bits(),
        }
    }

    /// Storage bytes per value, scales included.
    pub fn bytes(self) -> f64 {
        self.bits() / 8.0
    }

    /// The arithmetic this type is computed in: 4-bit and weight-only 8-bit weights
    /// are dequantised and multiplied in FP16.
    pub fn precision(self) -> Precision {
        match self {
            DataType::Fp32 => Precision::Fp32,
            DataType::Fp16
            | DataType::Bf16
            | DataType::Int4(_)
            | DataType::Fp4(_)
            | DataType::Fp8Weights
            | DataType::Int8Weights => Precision::Fp16,
            DataType::Fp8 => Precision::Fp8,
            DataType::Int8 => Precision::Int8,
        }
    }

    /// A stable identifier: `fp32`, `fp16`, `bf16`, `fp8`, `fp8-w16`, `int8`,
    /// `int8-w16`, `int4`, `fp4`.
    pub fn id(self) -> &'static str {
        match self {
            DataType::Fp32 => "fp32",
            DataType::Fp16 => "fp16",
            DataType::Bf16 => "bf16",
            DataType::Fp8 => "fp8",
            DataType::Int8 => "int8",
            DataType::Fp8Weights => "fp8-w16",
            DataType::Int8Weights => "int8-w16",
            DataType::Int4(_) => "int4",
            DataType::Fp4(_) => "fp4",
        }
    }

    /// The display name: FP16, INT4, …
    pub fn label(self) -> &'static str {
        match self {
            DataType::Fp32 => "FP32",
            DataType::Fp16 => "FP16",
            DataType::Bf16 => "BF16",
            DataType::Fp8 => "FP8",
            DataType::Int8 => "INT8",
            DataType::Fp8Weights => "FP8 (W8A16)",
            DataType::Int8Weights => "INT8 (W8A16)",
            DataType::Int4(_) => "INT4",
            DataType::Fp4(_) => "FP4",
        }
    }

    /// Parses an identifier from [`DataType::id`] (case-insensitive); 4-bit types
    /// get their default groups.
    pub fn from_id(id: &str) -> Option<DataType> {
        DataType::ALL
            .into_iter()
            .find(|d| d.id().eq_ignore_ascii_case(id.trim()))
    }

    /// The group settings of a 4-bit type.
    pub fn groups(self) -> Option<Groups> {
        match self {
            DataType::Int4(g) | DataType::Fp4(g) => Some(g),
            _ => None,
        }
    }

    /// The same type with other groups; types without groups are returned unchanged.
    pub fn with_groups(self, groups: Groups) -> DataType {
        match self {
            DataType::Int4(_) => DataType::Int4(groups),
            DataType::Fp4(_) => DataType::Fp4(groups),
            other => other,
        }
    }
}
