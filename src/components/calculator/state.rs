//! The calculator's state: the scenario the inputs describe, the scenario pinned for
//! comparison, the last valid results, and the query string that reproduces both.

use crate::reactive::prelude::*;
use roofline::{figures, inputs, DataType, Figure, Groups, InputError, Model, Report, Scenario};

use crate::data::{presets, Calculator, Lang};

/// The model "preset" of a model the reader pasted as a config.json.
pub const OWN_MODEL: usize = usize::MAX;
/// The pasted model's value in the address (`model=own`) and in the model list.
pub const OWN_ID: &str = "own";

/// A scenario with the presets it started from: everything the form shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    /// What the inputs say, valid or not.
    pub scenario: Scenario,
    /// The model preset ([`OWN_MODEL`] for a pasted one).
    pub model: usize,
    /// The device preset.
    pub hardware: usize,
}

impl Setup {
    /// The setup of a calculator's example.
    pub fn example(example: &Calculator) -> Setup {
        Setup {
            scenario: example.scenario,
            model: example.model.index(),
            hardware: example.hardware.index(),
        }
    }

    /// The model's display name: its preset's, or `own` for a pasted one.
    pub fn model_name(&self, own: &'static str, lang: Lang) -> &'static str {
        presets().models.get(self.model).map_or(own, |m| m.name_in(lang))
    }

    /// The device's display name.
    pub fn hardware_name(&self) -> &'static str {
        presets().hardware.get(self.hardware).map_or("", |h| h.name.as_str())
    }

    /// The model this setup's model is measured against: the example's while the
    /// example's preset is chosen (an example may change a preset's figures), else the
    /// chosen preset's; `None` for a pasted model.
    pub fn baseline_model(&self, example: &Calculator) -> Option<roofline::Model> {
        if self.model == example.model.index() {
            Some(example.scenario.model)
        } else {
            presets().models.get(self.model).map(|m| m.model)
        }
    }

    /// The device this setup's device is measured against, likewise.
    pub fn baseline_hardware(&self, example: &Calculator) -> Option<roofline::Hardware> {
        if self.hardware == example.hardware.index() {
            Some(example.scenario.hardware)
        } else {
            presets().hardware.get(self.hardware).map(|h| h.hardware)
        }
    }
}

/// The state of one calculator; cheap to copy (signals only).
#[derive(Clone, Copy)]
pub struct CalcState {
    /// The entry's example.
    pub example: &'static Calculator,
    /// What the inputs say, valid or not.
    pub scenario: RwSignal<Scenario>,
    /// Selected model preset ([`OWN_MODEL`] for a pasted config).
    pub model_preset: RwSignal<usize>,
    /// Selected hardware preset.
    pub hardware_preset: RwSignal<usize>,
    /// The setup pinned as A for comparison; the form edits B.
    pub pinned: RwSignal<Option<Setup>>,
    /// Fields whose text is not a number (or not a whole one), each with the
    /// complaint it shows, in the order the reader typed into them.
    pub unparsed: RwSignal<Vec<(roofline::Field, &'static str)>>,
    /// The core's verdict on the scenario.
    pub error: Memo<Option<InputError>>,
    /// The last valid scenario and its report.
    pub valid: Memo<(Scenario, Report)>,
    /// The pinned scenario and its report, where it is valid.
    pub pinned_valid: Memo<Option<(Scenario, Report)>>,
    /// Whether the reader chose the weights' data type: picking a model then keeps
    /// it instead of taking the model's published checkpoint type.
    pub weights_chosen: RwSignal<bool>,
    /// The keys of a pasted config.json the calculator does not model: its figures
    /// may be off, and the verdict says so while that model is chosen.
    pub unmodelled: RwSignal<Vec<String>>,
    /// A pasted model's given parameter count and the shapes' where they disagree.
    pub params_check: RwSignal<Option<(f64, f64)>>,
    /// Set when the address's state is applied (after the page renders the example).
    pub applied: RwSignal<bool>,
}

/// Shortest text that reads back to the same value.
fn number(v: f64) -> String {
    let text = format!("{v}");
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}

/// The text of one address key of a model: the values of the figures
/// [`roofline::figures`] declares under it, joined by points; `0` for a group the
/// model lacks. A model's figures are written where they differ from its preset's
/// (all of them for a pasted model), so that a link stays short and reproduces the
/// model.
fn model_value(m: &Model, key: &str) -> String {
    let parts: Option<Vec<String>> = figures::at_address(key).map(|f| f.written(m).map(number)).collect();
    parts.map_or_else(|| "0".into(), |p| p.join("."))
}

/// Sets the figures of one address key; `None` where the text is not a value each of
/// them accepts (out of its bounds, a fraction of a count, too few parts).
fn set_model(m: &mut Model, key: &str, value: &str) -> Option<()> {
    let group: Vec<&Figure> = figures::at_address(key).collect();
    if value.trim() == "0" && group.first()?.optional {
        for f in &group {
            (f.set)(m, None);
        }
        return Some(());
    }
    // Decimals (parameters in billions) stand alone; a group's parts are whole.
    let texts: Vec<&str> = if group.len() > 1 {
        value.split('.').collect()
    } else {
        vec![value]
    };
    if texts.len() != group.len() {
        return None;
    }
    let values: Vec<f64> = group
        .iter()
        .zip(texts)
        .map(|(f, t)| {
            crate::num::parse_f64(t.trim())
                .map(|v| v * f.scale)
                .filter(|v| f.accepts(*v))
        })
        .collect::<Option<_>>()?;
    for (f, v) in group.iter().zip(values) {
        (f.set)(m, Some(v));
    }
    Some(())
}

/// The expert weights' own type in the address (`xw=fp4`); `0` for none.
const EXPERT_WEIGHTS: &str = "xw";

fn expert_weights(m: &Model) -> String {
    m.expert_weights.map_or("0", DataType::id).to_string()
}

fn set_expert_weights(m: &mut Model, v: &str) -> Option<()> {
    m.expert_weights = if v.trim() == "0" {
        None
    } else {
        Some(DataType::from_id(v)?)
    };
    Some(())
}

/// The pairs of the address for a setup: what differs from the example (a model or
/// device from its baseline, [`Setup::baseline_model`]). Empty for the example itself.
fn pairs_of(setup: &Setup, example: &Calculator) -> Vec<(&'static str, String)> {
    let base = Setup::example(example);
    let s = &setup.scenario;
    let mut out: Vec<(&'static str, String)> = Vec::new();
    if setup.model != base.model {
        let id = presets().models.get(setup.model).map_or(OWN_ID, |m| m.id.as_str());
        out.push(("model", id.to_string()));
    }
    if setup.hardware != base.hardware {
        if let Some(h) = presets().hardware.get(setup.hardware) {
            out.push(("hw", h.id.clone()));
        }
    }
    let preset_model = setup.baseline_model(example);
    for key in figures::address_keys() {
        let value = model_value(&s.model, key);
        if preset_model.is_none_or(|m| model_value(&m, key) != value) {
            out.push((key, value));
        }
    }
    let value = expert_weights(&s.model);
    if preset_model.is_none_or(|m| expert_weights(&m) != value) {
        out.push((EXPERT_WEIGHTS, value));
    }
    let preset_hw = setup
        .baseline_hardware(example)
        .map(|hardware| Scenario { hardware, ..*s });
    for i in inputs::HARDWARE {
        let value = i.written(s);
        if preset_hw.is_none_or(|p| i.written(&p) != value) {
            out.extend(value.map(|v| (i.address, number(v))));
        }
    }
    let e = &base.scenario;
    let mut differ = |key: &'static str, v: String, was: String| {
        if v != was {
            out.push((key, v));
        }
    };
    differ("weights", s.weights.id().into(), e.weights.id().into());
    differ("kv", s.kv.id().into(), e.kv.id().into());
    let group = |d: DataType| d.groups().map(|g| g.group_size.to_string()).unwrap_or_default();
    differ("group", group(s.weights), group(e.weights));
    for i in inputs::WORKLOAD.iter().chain(inputs::SPECULATION) {
        if let (Some(v), Some(was)) = (i.written(s), i.written(e)) {
            differ(i.address, number(v), number(was));
        }
    }
    out
}

/// The prefix of the pinned setup's keys.
const PINNED: &str = "a.";

/// The query string for the current setup and the pinned one; empty for the
/// example alone.
pub fn encode(current: &Setup, pinned: Option<&Setup>, example: &Calculator) -> String {
    let mut pairs: Vec<String> = pairs_of(current, example)
        .into_iter()
        .map(|(k, v)| format!("{k}={}", crate::urls::encode(&v)))
        .collect();
    if let Some(a) = pinned {
        // A pinned example writes one key, so that the link still pins it.
        let mut pinned = pairs_of(a, example);
        if pinned.is_empty() {
            pinned.push(("batch", a.scenario.workload.batch.to_string()));
        }
        pairs.extend(
            pinned
                .into_iter()
                .map(|(k, v)| format!("{PINNED}{k}={}", crate::urls::encode(&v))),
        );
    }
    pairs.join("&")
}

/// Applies one pair to a setup; `None` where it cannot be used.
fn apply(setup: &mut Setup, key: &str, value: &str) -> Option<()> {
    let s = &mut setup.scenario;
    if figures::at_address(key).next().is_some() {
        return set_model(&mut s.model, key, value);
    }
    if key == EXPERT_WEIGHTS {
        return set_expert_weights(&mut s.model, value);
    }
    // An input of the device, the workload or speculative decoding (only where the
    // entry's block sets it), within the bounds the core declares.
    if let Some(i) = inputs::at_address(key) {
        let v = crate::num::parse_f64(value.trim())? * i.scale;
        return ((i.get)(s).is_some() && i.accepts(v)).then(|| (i.set)(s, v));
    }
    match key {
        "model" if value == OWN_ID => {
            setup.model = OWN_MODEL;
            Some(())
        }
        "model" => presets().models.iter().position(|m| m.id == value).map(|i| {
            setup.model = i;
            s.model = presets().models[i].model;
        }),
        "hw" => presets().hardware.iter().position(|h| h.id == value).map(|i| {
            setup.hardware = i;
            s.hardware = presets().hardware[i].hardware;
        }),
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
        _ => None,
    }
}

/// What an address says: the current setup, the pinned one, and the pairs that
/// could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// The setup the form shows.
    pub current: Setup,
    /// The setup pinned for comparison.
    pub pinned: Option<Setup>,
    /// Unknown or unreadable pairs, as written.
    pub ignored: Vec<String>,
}

/// How many ignored pairs the notice names; the rest are counted (`+3`).
pub const IGNORED_SHOWN: usize = 5;
/// How many characters of an ignored pair the notice repeats.
pub const IGNORED_CHARS: usize = 40;

/// An ignored pair as the notice repeats it: the address is anyone's text, so at
/// most [`IGNORED_CHARS`] characters of it.
fn shown(key: &str, value: &str) -> String {
    let pair = format!("{key}={value}");
    match pair.char_indices().nth(IGNORED_CHARS) {
        Some((end, _)) => format!("{}…", &pair[..end]),
        None => pair,
    }
}

/// Reads a query, starting each setup from the example. Values that are readable
/// but do not fit together (a model too large for the memory) are kept: the
/// calculator shows them with the same message as when they are chosen in the form.
pub fn decode<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>, example: &Calculator) -> Decoded {
    let mut current = Setup::example(example);
    let mut pinned: Option<Setup> = None;
    let mut ignored = Vec::new();
    let mut more = 0;
    // Presets first, so that single figures change the chosen preset.
    let (presets, figures): (Vec<_>, Vec<_>) = pairs
        .into_iter()
        .partition(|(k, _)| matches!(k.strip_prefix(PINNED).unwrap_or(k), "model" | "hw"));
    for (key, value) in presets.into_iter().chain(figures) {
        let (setup, bare) = match key.strip_prefix(PINNED) {
            Some(bare) => (pinned.get_or_insert_with(|| Setup::example(example)), bare),
            None => (&mut current, key),
        };
        if apply(setup, bare, value).is_none() {
            if ignored.len() < IGNORED_SHOWN {
                ignored.push(shown(key, value));
            } else {
                more += 1;
            }
        }
    }
    if more > 0 {
        ignored.push(format!("+{more}"));
    }
    Decoded {
        current,
        pinned,
        ignored,
    }
}

impl CalcState {
    /// A state at the calculator's example.
    pub fn example(example: &'static Calculator) -> CalcState {
        CalcState::new(example, Setup::example(example))
    }

    /// A state showing `setup`.
    pub fn new(example: &'static Calculator, setup: Setup) -> CalcState {
        let scenario = RwSignal::new(setup.scenario);
        let error = crate::reactive::memo(move || scenario.with(|s| s.validate().err()));
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
        let pinned = RwSignal::new(None::<Setup>);
        let pinned_valid = crate::reactive::memo(move || {
            let a = pinned.get()?;
            a.scenario.report().ok().map(|r| (a.scenario, r))
        });
        CalcState {
            example,
            scenario,
            model_preset: RwSignal::new(setup.model),
            hardware_preset: RwSignal::new(setup.hardware),
            pinned,
            unparsed: RwSignal::new(Vec::new()),
            error,
            valid,
            pinned_valid,
            weights_chosen: RwSignal::new(false),
            unmodelled: RwSignal::new(Vec::new()),
            params_check: RwSignal::new(None),
            applied: RwSignal::new(false),
        }
    }

    /// The setup the form shows (tracked).
    pub fn setup(&self) -> Setup {
        Setup {
            scenario: self.scenario.get(),
            model: self.model_preset.get(),
            hardware: self.hardware_preset.get(),
        }
    }

    /// Chooses model preset `i` with its figures: the example's own where the reader
    /// picks the example's preset again ([`Setup::baseline_model`]).
    pub fn pick_model(&self, i: usize) {
        let setup = Setup {
            model: i,
            ..untrack(|| self.setup())
        };
        if let Some(model) = setup.baseline_model(self.example) {
            // The published checkpoint's type (DeepSeek-V3 in FP8), unless the reader
            // chose one; back to the example's where the model has none.
            let weights = (!self.weights_chosen.get_untracked()).then(|| {
                presets()
                    .models
                    .get(i)
                    .and_then(|p| p.weights)
                    .unwrap_or(self.example.scenario.weights)
            });
            self.model_preset.set(i);
            self.scenario.update(|s| {
                s.model = model;
                if let Some(w) = weights {
                    s.weights = w;
                }
            });
        }
    }

    /// Chooses device preset `i` with its figures, likewise.
    pub fn pick_hardware(&self, i: usize) {
        let setup = Setup {
            hardware: i,
            ..untrack(|| self.setup())
        };
        if let Some(hardware) = setup.baseline_hardware(self.example) {
            self.hardware_preset.set(i);
            self.scenario.update(|s| s.hardware = hardware);
        }
    }

    /// Spreads the model over `n` devices (the fix a capacity notice offers).
    pub fn set_devices(&self, n: u32) {
        self.scenario.update(|s| s.workload.devices = n.max(1));
    }

    /// Sets the batch size (the action of the notice that the batch does not fit).
    pub fn set_batch(&self, n: u32) {
        self.scenario.update(|s| s.workload.batch = n.max(1));
    }

    /// Shows what an address says.
    pub fn apply(&self, decoded: &Decoded) {
        self.model_preset.set(decoded.current.model);
        self.hardware_preset.set(decoded.current.hardware);
        self.scenario.set(decoded.current.scenario);
        self.pinned.set(decoded.pinned);
        self.applied.set(true);
    }

    /// Whether the shown results are stale because an input is invalid.
    pub fn stale(&self) -> bool {
        self.error.get().is_some() || !self.unparsed.with(Vec::is_empty)
    }

    /// The query string of the current state (tracked).
    pub fn query(&self) -> String {
        // The last valid scenario: a figure being typed or refused stays in the form
        // with its message, and the address (with the links that carry it onto other
        // pages) holds what the results show.
        let setup = Setup {
            scenario: self.valid.with(|(s, _)| *s),
            ..self.setup()
        };
        encode(&setup, self.pinned.get().as_ref(), self.example)
    }

    /// Pins the current setup as A (its last valid scenario, while an input is
    /// invalid); the form goes on editing B.
    pub fn pin(&self) {
        let setup = Setup {
            scenario: self.valid.get_untracked().0,
            ..self.setup()
        };
        self.pinned.set(Some(setup));
    }

    /// Back to the entry's example, nothing pinned.
    pub fn reset(&self) {
        let setup = Setup::example(self.example);
        self.scenario.set(setup.scenario);
        self.model_preset.set(setup.model);
        self.hardware_preset.set(setup.hardware);
        self.unparsed.set(Vec::new());
        self.pinned.set(None);
        self.weights_chosen.set(false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{entry, index, Lang};
    use roofline::inputs::set_fp16_peak;
    use roofline::{BytesPerSecond, Speculation};

    fn example() -> &'static Calculator {
        index(Lang::En)
            .expect("index")
            .entries
            .iter()
            .find_map(|e| entry(Lang::En, &e.summary.slug)?.body.calculators.first())
            .expect("an entry has a calculator")
    }

    fn pairs(query: &str) -> Vec<(String, String)> {
        query
            .split('&')
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn read(query: &str, c: &Calculator) -> Decoded {
        let pairs = pairs(query);
        decode(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), c)
    }

    fn preset(id: &str) -> usize {
        presets().models.iter().position(|m| m.id == id).expect("preset")
    }

    fn hardware(id: &str) -> usize {
        presets().hardware.iter().position(|h| h.id == id).expect("preset")
    }

    #[test]
    fn every_example_has_an_empty_query() {
        for lang in Lang::ALL {
            for e in &index(lang).expect("index").entries {
                for c in &entry(lang, &e.summary.slug).expect("entry").body.calculators {
                    assert_eq!(encode(&Setup::example(c), None, c), "", "{}", e.summary.slug);
                    // One change writes one key, also where the example changes its preset.
                    let mut setup = Setup::example(c);
                    setup.scenario.workload.batch += 1;
                    let query = encode(&setup, None, c);
                    assert_eq!(query, format!("batch={}", setup.scenario.workload.batch));
                    assert_eq!(read(&query, c).current, setup);
                }
            }
        }
    }

    #[test]
    fn a_changed_state_survives_the_round_trip() {
        let c = example();
        let mut setup = Setup::example(c);
        let s = &mut setup.scenario;
        s.workload.batch = 16;
        s.hardware.bandwidth = BytesPerSecond(3.35e12);
        s.weights = DataType::Int4(Groups {
            group_size: 64,
            ..Groups::INT4_G128
        });
        s.model.sliding_window = Some(4096);
        let query = encode(&setup, None, c);
        let back = read(&query, c);
        assert_eq!(back.current, setup, "{query}");
        assert!(back.ignored.is_empty());
        // Only what differs is written.
        assert!(!query.contains("layers="), "{query}");
    }

    #[test]
    fn every_preset_pair_survives_the_round_trip() {
        let c = example();
        for (m, model) in presets().models.iter().enumerate() {
            for (h, device) in presets().hardware.iter().enumerate() {
                let mut scenario = c.scenario;
                scenario.model = model.model;
                scenario.hardware = device.hardware;
                let setup = Setup {
                    scenario,
                    model: m,
                    hardware: h,
                };
                let query = encode(&setup, None, c);
                assert_eq!(read(&query, c).current, setup, "{query}");
            }
        }
    }

    #[test]
    fn a_pasted_model_lives_in_the_address() {
        let c = example();
        let mut setup = Setup::example(c);
        setup.model = OWN_MODEL;
        setup.scenario.model = presets().models[preset("mixtral-8x7b")].model;
        setup.scenario.model.latent = Some(roofline::Latent {
            kv_rank: 512,
            rope_dim: 64,
        });
        setup.scenario.model.sliding_window = Some(1024);
        setup.scenario.model.sliding_layers = Some(20);
        setup.scenario.model.expert_weights = Some(DataType::Fp4(Groups::MXFP4));
        let query = encode(&setup, None, c);
        assert!(query.starts_with("model=own&"), "{query}");
        assert!(
            query.contains("experts=8.2.0") && query.contains("mla=512.64"),
            "{query}"
        );
        let back = read(&query, c);
        assert_eq!(back.current, setup, "{query}");
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
    }

    /// A pasted hybrid (Nemotron-H's shape: Mamba layers with their state, layers
    /// without a mixer) and an indexer come back from the address whole.
    #[test]
    fn a_pasted_hybrid_lives_in_the_address() {
        let c = example();
        let mut setup = Setup::example(c);
        setup.model = OWN_MODEL;
        let m = &mut setup.scenario.model;
        m.layers = 52;
        m.recurrent = Some(roofline::Recurrent {
            linear_layers: 0,
            ssm_layers: 24,
            plain_layers: 24,
            linear_state: 0.0,
            ssm_state: 4_751_360.0,
        });
        m.indexer = Some(128);
        let query = encode(&setup, None, c);
        for pair in ["ssm=24", "ssm_mb=4.75136", "plain=24", "lin=0", "index=128"] {
            assert!(query.split('&').any(|p| p == pair), "{pair} in {query}");
        }
        let back = read(&query, c);
        assert_eq!(back.current, setup, "{query}");
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
        // `0` takes the layers away again.
        let plain = read(&format!("{query}&ssm=0&ssm_mb=0&plain=0&index=0"), c).current;
        assert_eq!(
            (plain.scenario.model.recurrent, plain.scenario.model.indexer),
            (None, None)
        );
    }

    /// A value beyond what the core accepts is not taken and the notice names it,
    /// in a model's figures and the workload's alike.
    #[test]
    fn out_of_range_values_are_ignored_and_named() {
        let c = example();
        let query = "layers=1000000000&batch=1000000000&experts=8.2&accept=1.5&heads=2.5&memory=1e300&context=4096";
        let back = read(query, c);
        assert_eq!(
            back.ignored,
            [
                "layers=1000000000",
                "batch=1000000000",
                "experts=8.2",
                "accept=1.5",
                "heads=2.5",
                "+1"
            ]
        );
        assert_eq!(back.current.scenario.workload.context, 4096);
        assert_eq!(back.current.scenario.model, c.scenario.model);
    }

    #[test]
    fn a_comparison_lives_in_the_address() {
        let c = example();
        let mut a = Setup::example(c);
        a.hardware = hardware("h100-sxm");
        a.scenario.hardware = presets().hardware[a.hardware].hardware;
        let mut b = a;
        b.hardware = hardware("h200");
        b.scenario.hardware = presets().hardware[b.hardware].hardware;
        let query = encode(&b, Some(&a), c);
        assert_eq!(query, "hw=h200&a.hw=h100-sxm");
        let back = read(&query, c);
        assert_eq!((back.current, back.pinned), (b, Some(a)));
        // The example pinned still pins.
        let query = encode(&b, Some(&Setup::example(c)), c);
        assert_eq!(read(&query, c).pinned, Some(Setup::example(c)), "{query}");
    }

    #[test]
    fn the_peak_keeps_the_other_precisions_in_proportion() {
        let c = example();
        let mut setup = Setup::example(c);
        setup.hardware = hardware("h100-sxm");
        setup.scenario.hardware = presets().hardware[setup.hardware].hardware;
        set_fp16_peak(&mut setup.scenario, 500e12);
        let back = read(&encode(&setup, None, c), c).current;
        let fp8 = back.scenario.hardware.peaks.fp8.expect("fp8").0;
        // H100 SXM: 1,979 FP8 to 989 FP16.
        assert!((fp8 - 500e12 * 1979.0 / 989.0).abs() < 1e3, "{fp8}");
        // Typing "0.5" passes through 0: the other peaks keep their values.
        let mut s = setup.scenario;
        set_fp16_peak(&mut s, 0.0);
        set_fp16_peak(&mut s, 0.5e12);
        let peaks = s.hardware.peaks;
        assert!([peaks.fp8, peaks.int8, peaks.fp32]
            .iter()
            .flatten()
            .all(|p| p.0.is_finite() && p.0 > 0.0));
    }

    /// The notice repeats text from the address, which anyone can write: a few
    /// pairs, each cut short, and a count of the rest.
    #[test]
    fn the_ignored_pairs_named_are_few_and_short() {
        let c = example();
        let long = "x".repeat(10_000);
        let many: String = (0..50).map(|i| format!("&junk{i}=1")).collect();
        let back = read(&format!("colour={long}{many}"), c);
        assert_eq!(back.ignored.len(), IGNORED_SHOWN + 1, "{:?}", back.ignored);
        assert_eq!(
            back.ignored[0],
            format!("colour={}…", "x".repeat(IGNORED_CHARS - "colour=".len()))
        );
        assert_eq!(back.ignored[IGNORED_SHOWN], format!("+{}", 51 - IGNORED_SHOWN));
        assert!(back.ignored.iter().all(|p| p.chars().count() <= IGNORED_CHARS + 1));
    }

    #[test]
    fn garbage_is_ignored_and_named() {
        let c = example();
        let back = read("bw=fast&batch=-3&colour=blue&batch=8&mla=1.x&a.gpus=0", c);
        assert_eq!(back.current.scenario.workload.batch, 8);
        assert_eq!(
            back.ignored,
            vec!["bw=fast", "batch=-3", "colour=blue", "mla=1.x", "a.gpus=0"]
        );
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
            inputs: c.inputs.clone(),
        };
        let mut setup = Setup::example(&with);
        setup.scenario.speculation = Some(Speculation {
            draft_tokens: 0,
            acceptance: 0.65,
            draft_params: 1.1e9,
        });
        let query = encode(&setup, None, &with);
        assert!(query.contains("draft=0&accept=0.65&draft_b=1.1"), "{query}");
        let back = read(&query, &with);
        assert_eq!(back.current, setup);
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
        // Where the block does not set it, the keys change nothing and are named.
        let without = Calculator {
            scenario: plain,
            ..with.clone()
        };
        let back = read("draft=4&accept=0.8", &without);
        assert_eq!(back.current.scenario.speculation, None);
        assert_eq!(back.ignored, vec!["draft=4", "accept=0.8"]);
    }

    #[test]
    fn a_combination_that_does_not_fit_is_kept_for_the_form_to_explain() {
        let c = example();
        let back = read("kv_heads=5", c);
        assert_eq!(back.current.scenario.model.kv_heads, 5);
        assert!(back.current.scenario.validate().is_err());
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
    }
}
