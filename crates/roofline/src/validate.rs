//! The checks of a scenario's inputs, each figure of the model within the bounds
//! [`crate::figures`] declares. (Apart from `scenario.rs`, which the table of figures
//! reads: the types sit below the table, the checks above it.)

use crate::dtype::DataType;
use crate::error::{Field, InputError};
use crate::figures::{self, Figure};
use crate::inputs;
use crate::scenario::{Scenario, MAX_DIM};

/// A figure of the model within its declaration's bounds.
fn bounded(f: &Figure, v: f64) -> Result<(), InputError> {
    inputs::within(f.field, v, f.min, f.max, false)
}

fn groups(dtype: DataType) -> Result<(), InputError> {
    if let Some(g) = dtype.groups() {
        if g.group_size > MAX_DIM {
            return Err(InputError::TooLarge {
                field: Field::GroupSize,
                max: f64::from(MAX_DIM),
            });
        }
        if g.scale_bits > 64 || g.zero_bits > 64 {
            return Err(InputError::TooLarge {
                field: Field::GroupSize,
                max: 64.0,
            });
        }
    }
    Ok(())
}

impl Scenario {
    /// Checks every input; the first problem found is returned.
    ///
    /// Weights that exceed the usable memory are not an input error: a model that
    /// does not fit is computed all the same, and its report says so
    /// ([`crate::Capacity::weights_fit`], [`crate::Capacity::devices_needed`]). The
    /// acceptance rate and the draft model are checked whenever the scenario sets
    /// speculative decoding, also at a draft length of 0.
    pub fn validate(&self) -> Result<(), InputError> {
        let m = &self.model;
        // Each figure within its declared bounds, in the table's order.
        for f in figures::MODEL {
            if let Some(v) = (f.get)(m) {
                bounded(f, v)?;
            }
        }
        if m.active_params > m.params {
            return Err(InputError::ActiveExceedsTotal);
        }
        if let Some(e) = m.experts {
            if e.active > e.count {
                return Err(InputError::ActiveExpertsExceedTotal);
            }
            // Every token reads k/E of the experts' parameters and all the rest.
            if e.count > e.active && m.active_params < m.params * f64::from(e.active) / f64::from(e.count) {
                return Err(InputError::ActiveTooFewForExperts);
            }
        }
        // The vocabulary tables are among the parameters: the layers outside the
        // routed experts hold at least them.
        let tables = m.embedding_params();
        if tables > 0.0 && m.params - self.expert_params() < tables {
            return Err(match m.experts.filter(|e| e.count > e.active) {
                // P − (P − A) × E ÷ (E − k) ≥ tables, solved for the active A.
                Some(e) => {
                    let (count, active) = (f64::from(e.count), f64::from(e.active));
                    InputError::TablesExceedParams {
                        field: Field::ActiveParams,
                        min: m.params - (m.params - tables) * (count - active) / count,
                    }
                }
                None => InputError::TablesExceedParams {
                    field: Field::Params,
                    min: tables,
                },
            });
        }
        // Grouped-query attention shares each KV head among a whole number of query
        // heads; a latent replaces the KV heads and has no such rule.
        if m.latent.is_none() && !m.heads.is_multiple_of(m.kv_heads) {
            return Err(InputError::KvHeadsNotDivisor);
        }
        // Some layer must carry tokens from one to the next: attention, or a state
        // (a model of state-space layers alone, as Mamba, has no attention at all).
        if let Some(r) = m.recurrent {
            let mixing = r.linear_layers.saturating_add(r.ssm_layers);
            if r.layers() > m.layers || (r.layers() == m.layers && mixing == 0) {
                return Err(InputError::NoAttentionLayer);
            }
        }
        if let Some(n) = m.sliding_layers.filter(|_| m.sliding_window.is_some()) {
            if n > m.attention_layers() {
                return Err(InputError::SlidingLayersExceedLayers);
            }
        }

        // The device's, the workload's and speculative decoding's inputs, each within
        // the bounds its declaration gives; the peaks of other types like the FP16 one.
        for input in inputs::all() {
            if let Some(v) = (input.get)(self) {
                input.check(v)?;
            }
        }
        let h = &self.hardware;
        for peak in [h.peaks.fp8, h.peaks.int8, h.peaks.fp32].into_iter().flatten() {
            inputs::PEAK.check(peak.0)?;
        }
        if self.workload.context < self.workload.prompt {
            return Err(InputError::ContextShorterThanPrompt);
        }
        groups(self.weights)?;
        groups(self.kv)?;
        if let Some(e) = m.expert_weights {
            groups(e)?;
        }
        Ok(())
    }
}

/// A value rounded to four significant digits, up or down, so that the rounded value
/// still lies on the side of the bound it was rounded from.
fn round_to_bound(v: f64, up: bool) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    let step = 10f64.powi(v.log10().floor() as i32 - 3);
    let steps = v / step;
    (if up { steps.ceil() } else { steps.floor() }) * step
}

impl Scenario {
    /// The one change that makes the scenario computable after `e`, where there is
    /// one: the field and its value in the core's units (the prompt shortened to the
    /// context, a figure set to the bound it crossed, KV heads to the nearest count
    /// that divides the heads, active parameters to what the routing needs).
    ///
    /// ```
    /// use roofline::*;
    /// let mut s = Scenario::example();
    /// s.workload.context = 128;
    /// let e = s.validate().unwrap_err();
    /// assert_eq!(s.fix(e), Some((Field::Prompt, 128.0)));
    /// ```
    pub fn fix(&self, e: InputError) -> Option<(Field, f64)> {
        let m = &self.model;
        match e {
            InputError::ContextShorterThanPrompt => Some((Field::Prompt, f64::from(self.workload.context))),
            InputError::TooSmall { field, min } | InputError::TablesExceedParams { field, min } => {
                Some((field, round_to_bound(min, true)))
            }
            InputError::TooLarge { field, max } => Some((field, round_to_bound(max, false))),
            InputError::NotPositive(field) => figures::of(field).map(|f| (field, f.min.max(1.0))),
            InputError::KvHeadsNotDivisor => (1..=m.kv_heads.min(m.heads))
                .rev()
                .find(|k| m.heads.is_multiple_of(*k))
                .map(|k| (Field::KvHeads, f64::from(k))),
            InputError::ActiveExceedsTotal => Some((Field::ActiveParams, m.params)),
            InputError::ActiveTooFewForExperts => m.experts.map(|e| {
                let least = m.params * f64::from(e.active) / f64::from(e.count);
                (Field::ActiveParams, round_to_bound(least, true))
            }),
            InputError::SlidingLayersExceedLayers => Some((Field::SlidingLayers, f64::from(m.attention_layers()))),
            InputError::ReserveOutOfRange => Some((Field::Reserve, self.workload.reserve.clamp(0.0, 0.9))),
            InputError::AcceptanceOutOfRange => self
                .speculation
                .map(|sp| (Field::Acceptance, if sp.acceptance > 1.0 { 1.0 } else { 0.0 })),
            InputError::NoAttentionLayer | InputError::NotFinite(_) | InputError::ActiveExpertsExceedTotal => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::round_to_bound;

    #[test]
    fn a_bound_is_rounded_to_its_own_side() {
        assert_eq!(round_to_bound(1_409_630_208.0, true), 1.41e9);
        assert_eq!(round_to_bound(1_409_630_208.0, false), 1.409e9);
        assert_eq!(round_to_bound(128.0, true), 128.0);
    }
}
