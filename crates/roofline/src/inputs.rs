//! Every number a calculation takes besides the model's figures, declared once:
//! the device's memory, bandwidth and peak, the workload (batch, prompt, context,
//! output, devices, reserve) and speculative decoding's figures.
//!
//! Like [`crate::figures`] for the model, an [`Input`] is read by each layer that
//! names one: the content files' key and the calculator address's key, the unit a
//! reader writes it in, the bounds the core checks, how it is read from and written
//! to a [`Scenario`], and the [`Override`] an inline value makes of it. The form's
//! fields, the address, the block and inline-value readers and the core's
//! validation derive their keys and bounds from this table. (The data types are
//! named by [`crate::DataType::from_id`], and the model and device presets by id.)

use crate::error::{Field, InputError};
use crate::scenario::{
    Override, Scenario, MAX_BATCH, MAX_BYTES, MAX_DEVICES, MAX_DRAFT_TOKENS, MAX_FLOPS, MAX_PARAMS, MAX_TOKENS,
};
use crate::units::{Bytes, BytesPerSecond, FlopsPerSecond};

/// One input of a calculation.
#[derive(Clone, Copy, Debug)]
pub struct Input {
    /// The field it is (messages, texts and form ids are keyed by it).
    pub field: Field,
    /// Its key in content files (calculator blocks and inline values), in
    /// [`Input::scale`] units.
    pub key: &'static str,
    /// Its key in a calculator's address, in the same units.
    pub address: &'static str,
    /// How many of the core's units one written unit is (10⁹ for GB and for
    /// parameters in billions, 10¹² for TFLOP/s).
    pub scale: f64,
    /// The smallest value the core accepts, in its own units.
    pub min: f64,
    /// The largest value the core accepts, in its own units.
    pub max: f64,
    /// Whether the largest value itself is outside (a share below 1).
    pub max_excluded: bool,
    /// A whole number (a count), not a decimal.
    pub whole: bool,
    /// The error for a value outside the bounds where it is not the general one
    /// ("must be at least …", "at most …"): a share's own message.
    pub out_of_range: Option<InputError>,
    /// Its value in the core's units; `None` where the scenario lacks it (speculative
    /// decoding's figures in a scenario without it).
    pub get: fn(&Scenario) -> Option<f64>,
    /// Sets it from a value in the core's units; nothing where the scenario lacks
    /// it. A whole figure takes a whole value only; anything else becomes 0, which
    /// validation rejects with a message rather than wrapping.
    pub set: fn(&mut Scenario, f64),
    /// The change an inline value (`{{decode_time batch=8}}`) makes with it, in the
    /// core's units; `None` for an input no inline value changes.
    pub change: Option<fn(f64) -> Override>,
}

impl Input {
    /// The value as written in content files, the form and links.
    pub fn written(&self, s: &Scenario) -> Option<f64> {
        (self.get)(s).map(|v| v / self.scale)
    }

    /// Sets the value as written.
    pub fn set_written(&self, s: &mut Scenario, v: f64) {
        (self.set)(s, v * self.scale);
    }

    /// Whether `v` (in the core's units) is a value the core accepts: within the
    /// bounds, and whole where the input is a count.
    pub fn accepts(&self, v: f64) -> bool {
        self.check(v).is_ok() && (!self.whole || v.fract() == 0.0)
    }

    /// Why `v` (in the core's units) is not accepted, if it is not.
    pub fn check(&self, v: f64) -> Result<(), InputError> {
        let checked = within(self.field, v, self.min, self.max, self.max_excluded);
        match self.out_of_range {
            Some(e) => checked.map_err(|_| e),
            None => checked,
        }
    }
}

/// Whether `v` lies within `min` and `max` (`max` itself outside where
/// `max_excluded`), with the error that says which bound it crosses: the one check
/// of every input and every figure of a model.
pub(crate) fn within(field: Field, v: f64, min: f64, max: f64, max_excluded: bool) -> Result<(), InputError> {
    let above = if max_excluded { v >= max } else { v > max };
    if !v.is_finite() {
        Err(InputError::NotFinite(field))
    } else if v <= 0.0 && min > 0.0 {
        Err(InputError::NotPositive(field))
    } else if v < min {
        Err(InputError::TooSmall { field, min })
    } else if above {
        Err(InputError::TooLarge { field, max })
    } else {
        Ok(())
    }
}

/// A value in the core's units as a whole count (the rule of every count).
fn count(v: f64) -> u32 {
    crate::scenario::count(Some(v))
}

/// A count as a value.
fn value(n: u32) -> Option<f64> {
    Some(f64::from(n))
}

/// A count from 1 to `max`.
const fn counted(field: Field, key: &'static str, address: &'static str, max: u32) -> Input {
    Input {
        field,
        key,
        address,
        scale: 1.0,
        min: 1.0,
        max: max as f64,
        max_excluded: false,
        whole: true,
        out_of_range: None,
        get: |_| None,
        set: |_, _| {},
        change: None,
    }
}

/// A positive figure of the device, from one of the core's units to `max`.
const fn device(field: Field, key: &'static str, address: &'static str, scale: f64, max: f64) -> Input {
    Input {
        field,
        key,
        address,
        scale,
        min: 1.0,
        max,
        max_excluded: false,
        whole: false,
        out_of_range: None,
        get: |_| None,
        set: |_, _| {},
        change: None,
    }
}

/// The device's memory, in GB.
pub const MEMORY: Input = Input {
    get: |s| Some(s.hardware.memory.0),
    set: |s, v| s.hardware.memory = Bytes(v),
    ..device(Field::Memory, "memory_gb", "memory", 1e9, MAX_BYTES)
};

/// The device's memory bandwidth, in GB/s.
pub const BANDWIDTH: Input = Input {
    get: |s| Some(s.hardware.bandwidth.0),
    set: |s, v| s.hardware.bandwidth = BytesPerSecond(v),
    change: Some(|v| Override::Bandwidth(BytesPerSecond(v))),
    ..device(Field::Bandwidth, "bandwidth_gb_s", "bw", 1e9, MAX_BYTES)
};

/// The device's dense FP16 peak, in TFLOP/s; the peaks of other types keep their
/// ratio to it.
pub const PEAK: Input = Input {
    get: |s| Some(s.hardware.peaks.fp16.0),
    set: |s, v| set_fp16_peak(s, v),
    ..device(Field::Peak, "fp16_tflops", "tflops", 1e12, MAX_FLOPS)
};

/// Sets the FP16 peak and scales the device's other peaks with it: the device's
/// ratios (FP8 at twice FP16, and so on) stay as its datasheet gives them.
pub fn set_fp16_peak(s: &mut Scenario, fp16: f64) {
    let peaks = &mut s.hardware.peaks;
    let old = peaks.fp16.0;
    // A ratio needs two usable peaks: from or to 0 (a field being typed) the others
    // keep their values, so that no 0 ÷ 0 ever reaches them.
    if !(old > 0.0 && old.is_finite() && fp16 > 0.0 && fp16.is_finite()) {
        peaks.fp16 = FlopsPerSecond(fp16);
        return;
    }
    let scale = |p: &mut Option<FlopsPerSecond>| {
        if let Some(p) = p {
            *p = FlopsPerSecond(p.0 / old * fp16);
        }
    };
    scale(&mut peaks.fp8);
    scale(&mut peaks.int8);
    scale(&mut peaks.fp32);
    peaks.fp16 = FlopsPerSecond(fp16);
}

/// Concurrent sequences decoded together.
pub const BATCH: Input = Input {
    get: |s| value(s.workload.batch),
    set: |s, v| s.workload.batch = count(v),
    change: Some(|v| Override::Batch(count(v))),
    ..counted(Field::Batch, "batch", "batch", MAX_BATCH)
};

/// Prompt tokens per request.
pub const PROMPT: Input = Input {
    get: |s| value(s.workload.prompt),
    set: |s, v| s.workload.prompt = count(v),
    change: Some(|v| Override::Prompt(count(v))),
    ..counted(Field::Prompt, "prompt", "prompt", MAX_TOKENS)
};

/// Tokens in context at the decode step.
pub const CONTEXT: Input = Input {
    get: |s| value(s.workload.context),
    set: |s, v| s.workload.context = count(v),
    change: Some(|v| Override::Context(count(v))),
    ..counted(Field::Context, "context", "context", MAX_TOKENS)
};

/// Tokens generated per request.
pub const OUTPUT: Input = Input {
    get: |s| value(s.workload.output),
    set: |s, v| s.workload.output = count(v),
    ..counted(Field::Output, "output", "output", MAX_TOKENS)
};

/// Devices the model is split across.
pub const DEVICES: Input = Input {
    get: |s| value(s.workload.devices),
    set: |s, v| s.workload.devices = count(v),
    change: Some(|v| Override::Devices(count(v))),
    ..counted(Field::Devices, "devices", "gpus", MAX_DEVICES)
};

/// The share of memory kept free, from 0 up to (not including) 1.
pub const RESERVE: Input = Input {
    field: Field::Reserve,
    key: "reserve",
    address: "reserve",
    scale: 1.0,
    min: 0.0,
    max: 1.0,
    max_excluded: true,
    whole: false,
    out_of_range: Some(InputError::ReserveOutOfRange),
    get: |s| Some(s.workload.reserve),
    set: |s, v| s.workload.reserve = v,
    change: None,
};

/// Tokens the draft proposes per step; 0 turns speculative decoding off.
pub const DRAFT_TOKENS: Input = Input {
    min: 0.0,
    get: |s| s.speculation.map(|sp| f64::from(sp.draft_tokens)),
    // 0 turns it off; a fraction or a negative count becomes a length the core
    // rejects with a message instead.
    set: |s, v| {
        let k = if v == 0.0 {
            0
        } else {
            Some(count(v)).filter(|k| *k > 0).unwrap_or(u32::MAX)
        };
        s.speculation.iter_mut().for_each(|sp| sp.draft_tokens = k);
    },
    change: Some(|v| Override::DraftTokens(count(v))),
    ..counted(Field::DraftTokens, "draft_tokens", "draft", MAX_DRAFT_TOKENS)
};

/// The chance that a proposed token is accepted, from 0 to 1.
pub const ACCEPTANCE: Input = Input {
    field: Field::Acceptance,
    key: "acceptance",
    address: "accept",
    scale: 1.0,
    min: 0.0,
    max: 1.0,
    max_excluded: false,
    whole: false,
    out_of_range: Some(InputError::AcceptanceOutOfRange),
    get: |s| s.speculation.map(|sp| sp.acceptance),
    set: |s, v| s.speculation.iter_mut().for_each(|sp| sp.acceptance = v),
    change: Some(Override::Acceptance),
};

/// The draft model's parameters, in billions.
pub const DRAFT_PARAMS: Input = Input {
    get: |s| s.speculation.map(|sp| sp.draft_params),
    set: |s, v| s.speculation.iter_mut().for_each(|sp| sp.draft_params = v),
    change: Some(Override::DraftParams),
    ..device(Field::DraftParams, "draft_params_b", "draft_b", 1e9, MAX_PARAMS)
};

/// The device's inputs.
pub const HARDWARE: &[Input] = &[MEMORY, BANDWIDTH, PEAK];

/// The workload's inputs.
pub const WORKLOAD: &[Input] = &[BATCH, PROMPT, CONTEXT, OUTPUT, DEVICES, RESERVE];

/// Speculative decoding's inputs, which a scenario without it lacks.
pub const SPECULATION: &[Input] = &[DRAFT_TOKENS, ACCEPTANCE, DRAFT_PARAMS];

/// Every input, the device's first.
pub fn all() -> impl Iterator<Item = &'static Input> + Clone {
    [HARDWARE, WORKLOAD, SPECULATION].into_iter().flatten()
}

/// The input of `field`, if it is one.
pub fn of(field: Field) -> Option<&'static Input> {
    all().find(|i| i.field == field)
}

/// The input written under `key` in content files.
pub fn at_key(key: &str) -> Option<&'static Input> {
    all().find(|i| i.key == key)
}

/// The input written under `key` in an address.
pub fn at_address(key: &str) -> Option<&'static Input> {
    all().find(|i| i.address == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_fields_and_addresses_are_each_named_once() {
        let inputs: Vec<&Input> = all().collect();
        for (i, a) in inputs.iter().enumerate() {
            for b in &inputs[i + 1..] {
                assert!(
                    a.field != b.field && a.key != b.key && a.address != b.address,
                    "{a:?} {b:?}"
                );
            }
            // No input's address is a model figure's.
            assert!(crate::figures::at_address(a.address).next().is_none(), "{}", a.address);
        }
    }

    /// A count typed beyond what the type holds is too large, not zero: the reader
    /// is told the bound, as for any other value above it.
    #[test]
    fn a_count_beyond_the_type_is_too_large_not_zero() {
        for i in all().filter(|i| i.whole) {
            for typed in [4_294_967_296.0, 1e20] {
                let mut s = Scenario::example();
                s.speculation = Some(crate::Speculation {
                    draft_tokens: 4,
                    acceptance: 0.7,
                    draft_params: 1e9,
                });
                i.set_written(&mut s, typed);
                match s.validate() {
                    Err(crate::InputError::TooLarge { field, .. }) => assert_eq!(field, i.field, "{}", i.key),
                    other => panic!("{} = {typed}: {other:?}", i.key),
                }
            }
        }
    }

    #[test]
    fn each_input_reads_back_what_it_wrote_and_checks_its_bounds() {
        let mut s = Scenario::example();
        s.speculation = Some(crate::Speculation {
            draft_tokens: 4,
            acceptance: 0.7,
            draft_params: 1e9,
        });
        for i in all() {
            let v = if i.whole { 3.0 } else { 0.5 * (i.min + i.max.min(2.0)) };
            (i.set)(&mut s, v);
            assert_eq!((i.get)(&s), Some(v), "{}", i.key);
            assert!(i.accepts(v), "{}", i.key);
            assert!(!i.accepts(f64::NAN) && !i.accepts(i.max * 2.0), "{}", i.key);
            assert_eq!(i.accepts(2.5), !i.whole && i.check(2.5).is_ok(), "{}", i.key);
        }
        // A scenario without speculative decoding lacks its figures, and keeps lacking them.
        s.speculation = None;
        for i in SPECULATION {
            (i.set)(&mut s, 1.0);
            assert_eq!((i.get)(&s), None);
        }
    }

    #[test]
    fn the_peak_keeps_the_devices_ratios() {
        let mut s = Scenario::example();
        s.hardware.peaks.fp8 = Some(FlopsPerSecond(2.0 * s.hardware.peaks.fp16.0));
        PEAK.set_written(&mut s, 100.0);
        assert_eq!(s.hardware.peaks.fp16.0, 1e14);
        assert_eq!(s.hardware.peaks.fp8.map(|p| p.0), Some(2e14));
    }
}
