//! The calculator's state: the scenario the inputs describe, the last valid
//! results, and the query string that reproduces it.

use leptos::prelude::*;
use roofline::{Bytes, BytesPerSecond, DataType, FlopsPerSecond, Groups, InputError, Report, Scenario};

use crate::data::{presets, Calculator};

/// The state of one calculator; cheap to copy (signals only).
#[derive(Clone, Copy)]
pub struct CalcState {
    /// The entry's example.
    pub example: &'static Calculator,
    /// What the inputs say, valid or not.
    pub scenario: RwSignal<Scenario>,
    /// Selected model preset.
    pub model_preset: RwSignal<usize>,
    /// Selected hardware preset.
    pub hardware_preset: RwSignal<usize>,
    /// Fields whose text is not a number.
    pub unparsed: RwSignal<Vec<roofline::Field>>,
    /// The core's verdict on the scenario.
    pub error: Memo<Option<InputError>>,
    /// The last valid scenario and its report.
    pub valid: Memo<(Scenario, Report)>,
}

/// Query keys, in the order they are written.
const KEYS: &[&str] = &[
    "model", "hw", "params", "active", "layers", "heads", "kv_heads", "head_dim", "window", "memory", "bw", "tflops",
    "weights", "kv", "group", "batch", "prompt", "context", "output", "gpus", "draft", "accept", "draft_b",
];

fn number(v: f64) -> String {
    // Shortest text that reads back to the same value.
    let text = format!("{v}");
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}

/// The query string for a state; empty when it equals the example.
pub fn encode(s: &Scenario, model: usize, hardware: usize, example: &Calculator) -> String {
    if *s == example.scenario && model == example.model.index() && hardware == example.hardware.index() {
        return String::new();
    }
    let groups = s.weights.groups().map(|g| g.group_size);
    let values: [Option<String>; 23] = [
        presets().models.get(model).map(|m| m.id.clone()),
        presets().hardware.get(hardware).map(|h| h.id.clone()),
        Some(number(s.model.params / 1e9)),
        (s.model.active_params != s.model.params).then(|| number(s.model.active_params / 1e9)),
        Some(s.model.layers.to_string()),
        Some(s.model.heads.to_string()),
        Some(s.model.kv_heads.to_string()),
        Some(s.model.head_dim.to_string()),
        Some(s.model.sliding_window.unwrap_or(0).to_string()),
        Some(number(s.hardware.memory.0 / 1e9)),
        Some(number(s.hardware.bandwidth.0 / 1e9)),
        Some(number(s.hardware.peaks.fp16.0 / 1e12)),
        Some(s.weights.id().to_string()),
        Some(s.kv.id().to_string()),
        groups.map(|g| g.to_string()),
        Some(s.workload.batch.to_string()),
        Some(s.workload.prompt.to_string()),
        Some(s.workload.context.to_string()),
        Some(s.workload.output.to_string()),
        Some(s.workload.devices.to_string()),
        s.speculation.map(|sp| sp.draft_tokens.to_string()),
        s.speculation.map(|sp| number(sp.acceptance)),
        s.speculation.map(|sp| number(sp.draft_params / 1e9)),
    ];
    KEYS.iter()
        .zip(values)
        .filter_map(|(k, v)| v.map(|v| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join("&")
}

fn positive(v: &str) -> Option<f64> {
    v.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x > 0.0)
}

fn whole(v: &str) -> Option<u32> {
    v.trim().parse::<u32>().ok().filter(|x| *x > 0)
}

/// Reads a query into a state starting from the example. Returns the scenario,
/// the presets and the keys that were ignored (unknown or unreadable). Values that
/// are readable but do not fit together (a model too large for the memory) are
/// kept: the calculator shows them with the same message as when they are chosen in
/// the form.
pub fn decode<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    example: &Calculator,
) -> (Scenario, usize, usize, Vec<String>) {
    let mut s = example.scenario;
    let (mut model, mut hardware) = (example.model.index(), example.hardware.index());
    let mut ignored = Vec::new();
    let mut pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    // Presets first, so that single figures change the chosen preset.
    pairs.sort_by_key(|(k, _)| !matches!(*k, "model" | "hw"));
    for (key, value) in pairs {
        let ok = match key {
            "model" => presets().models.iter().position(|m| m.id == value).map(|i| {
                model = i;
                s.model = presets().models[i].model;
            }),
            "hw" => presets().hardware.iter().position(|h| h.id == value).map(|i| {
                hardware = i;
                s.hardware = presets().hardware[i].hardware;
            }),
            "params" => positive(value).map(|v| {
                let dense = s.model.active_params == s.model.params;
                s.model.params = v * 1e9;
                if dense {
                    s.model.active_params = s.model.params;
                }
            }),
            "active" => positive(value).map(|v| s.model.active_params = v * 1e9),
            "layers" => whole(value).map(|v| s.model.layers = v),
            "heads" => whole(value).map(|v| s.model.heads = v),
            "kv_heads" => whole(value).map(|v| s.model.kv_heads = v),
            "head_dim" => whole(value).map(|v| s.model.head_dim = v),
            "window" => value
                .trim()
                .parse::<u32>()
                .ok()
                .map(|v| s.model.sliding_window = (v > 0).then_some(v)),
            "memory" => positive(value).map(|v| s.hardware.memory = Bytes(v * 1e9)),
            "bw" => positive(value).map(|v| s.hardware.bandwidth = BytesPerSecond(v * 1e9)),
            "tflops" => positive(value).map(|v| s.hardware.peaks.fp16 = FlopsPerSecond(v * 1e12)),
            // The type's default groups; a `group` key after it changes their size.
            "weights" => DataType::from_id(value).map(|d| s.weights = d),
            "kv" => DataType::from_id(value).map(|d| s.kv = d),
            "group" => value.trim().parse::<u32>().ok().filter(|g| *g <= 65_536).and_then(|g| {
                s.weights.groups().map(|old| {
                    s.weights = s.weights.with_groups(if g == 0 {
                        Groups::NONE
                    } else {
                        Groups { group_size: g, ..old }
                    })
                })
            }),
            "batch" => whole(value).map(|v| s.workload.batch = v),
            "prompt" => whole(value).map(|v| s.workload.prompt = v),
            "context" => whole(value).map(|v| s.workload.context = v),
            "output" => whole(value).map(|v| s.workload.output = v),
            "gpus" => whole(value).map(|v| s.workload.devices = v),
            // Speculative decoding only where the entry's block sets it; 0 turns it off.
            "draft" => value
                .trim()
                .parse::<u32>()
                .ok()
                .and_then(|k| s.speculation.as_mut().map(|sp| sp.draft_tokens = k)),
            "accept" => value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|a| a.is_finite())
                .and_then(|a| s.speculation.as_mut().map(|sp| sp.acceptance = a)),
            "draft_b" => positive(value).and_then(|v| s.speculation.as_mut().map(|sp| sp.draft_params = v * 1e9)),
            _ => None,
        };
        if ok.is_none() {
            ignored.push(format!("{key}={value}"));
        }
    }
    (s, model, hardware, ignored)
}

impl CalcState {
    /// A state at the calculator's example.
    pub fn example(example: &'static Calculator) -> CalcState {
        CalcState::new(
            example,
            example.scenario,
            example.model.index(),
            example.hardware.index(),
        )
    }

    /// A state starting from the example with the query's changes.
    pub fn new(example: &'static Calculator, scenario: Scenario, model: usize, hardware: usize) -> CalcState {
        let scenario = RwSignal::new(scenario);
        let error = Memo::new(move |_| scenario.with(|s| s.validate().err()));
        let fallback = example.scenario;
        let valid = Memo::new(move |prev: Option<&(Scenario, Report)>| {
            let s = scenario.get();
            match s.report() {
                Ok(r) => (s, r),
                Err(_) => match prev {
                    Some(p) => *p,
                    // The example is validated at build time, so this is its report.
                    None => (fallback, fallback.report().unwrap_or_default()),
                },
            }
        });
        CalcState {
            example,
            scenario,
            model_preset: RwSignal::new(model),
            hardware_preset: RwSignal::new(hardware),
            unparsed: RwSignal::new(Vec::new()),
            error,
            valid,
        }
    }

    /// Whether the shown results are stale because an input is invalid.
    pub fn stale(&self) -> bool {
        self.error.get().is_some() || !self.unparsed.with(Vec::is_empty)
    }

    /// The query string of the current state (tracked).
    pub fn query(&self) -> String {
        encode(
            &self.scenario.get(),
            self.model_preset.get(),
            self.hardware_preset.get(),
            self.example,
        )
    }

    /// Back to the entry's example.
    pub fn reset(&self) {
        self.scenario.set(self.example.scenario);
        self.model_preset.set(self.example.model.index());
        self.hardware_preset.set(self.example.hardware.index());
        self.unparsed.set(Vec::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{entry, index, Lang};
    use roofline::Speculation;

    fn example() -> &'static Calculator {
        index(Lang::En)
            .expect("index")
            .entries
            .iter()
            .find_map(|e| entry(Lang::En, &e.summary.slug)?.body.calculators.first())
            .expect("an entry has a calculator")
    }

    fn pairs(query: &str) -> Vec<(&str, &str)> {
        query.split('&').filter_map(|p| p.split_once('=')).collect()
    }

    #[test]
    fn the_example_has_an_empty_query() {
        let c = example();
        assert_eq!(encode(&c.scenario, c.model.index(), c.hardware.index(), c), "");
    }

    #[test]
    fn a_changed_state_survives_the_round_trip() {
        let c = example();
        let mut s = c.scenario;
        s.workload.batch = 16;
        s.hardware.bandwidth = BytesPerSecond(3.35e12);
        s.weights = DataType::Int4(Groups {
            group_size: 64,
            ..Groups::INT4_G128
        });
        s.model.sliding_window = Some(4096);
        let query = encode(&s, c.model.index(), c.hardware.index(), c);
        let (back, model, hardware, ignored) = decode(pairs(&query), c);
        assert_eq!(
            (back, model, hardware),
            (s, c.model.index(), c.hardware.index()),
            "{query}"
        );
        assert!(ignored.is_empty());
    }

    #[test]
    fn garbage_is_ignored_and_named() {
        let c = example();
        let (s, _, _, ignored) = decode(pairs("bw=fast&batch=-3&colour=blue&batch=8"), c);
        assert_eq!(s.workload.batch, 8);
        assert_eq!(ignored, vec!["bw=fast", "batch=-3", "colour=blue"]);
    }

    #[test]
    fn speculative_decoding_survives_the_round_trip_where_the_block_sets_it() {
        let c = example();
        let plain = Scenario {
            speculation: None,
            ..c.scenario
        };
        let with = Calculator {
            model: c.model,
            hardware: c.hardware,
            scenario: Scenario {
                speculation: Some(Speculation {
                    draft_tokens: 4,
                    acceptance: 0.8,
                    draft_params: 68e6,
                }),
                ..plain
            },
            show: c.show.clone(),
            charts: c.charts.clone(),
        };
        let mut s = with.scenario;
        s.speculation = Some(Speculation {
            draft_tokens: 0,
            acceptance: 0.65,
            draft_params: 1.1e9,
        });
        let query = encode(&s, with.model.index(), with.hardware.index(), &with);
        assert!(query.contains("draft=0&accept=0.65&draft_b=1.1"), "{query}");
        let (back, _, _, ignored) = decode(pairs(&query), &with);
        assert_eq!(back, s);
        assert!(ignored.is_empty(), "{ignored:?}");
        // Where the block does not set it, the keys change nothing and are named.
        let without = Calculator {
            scenario: plain,
            ..with.clone()
        };
        let (back, _, _, ignored) = decode(pairs("draft=4&accept=0.8"), &without);
        assert_eq!(back.speculation, None);
        assert_eq!(ignored, vec!["draft=4", "accept=0.8"]);
    }

    #[test]
    fn a_combination_that_does_not_fit_is_kept_for_the_form_to_explain() {
        let c = example();
        let (s, _, _, ignored) = decode(pairs("kv_heads=5"), c);
        assert_eq!(s.model.kv_heads, 5);
        assert!(s.validate().is_err());
        assert!(ignored.is_empty(), "{ignored:?}");
    }
}
