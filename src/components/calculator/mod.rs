//! The roofline calculator embedded in entries: inputs, results, verdict, charts.

pub mod state;

use leptos::prelude::*;
use roofline::{Bound, Bytes, BytesPerSecond, DataType, Field, FlopsPerSecond, Groups, Output, Scenario};

use crate::components::charts::ChartFigure;
use crate::data::{presets, Chart, Lang};
use state::CalcState;
use vocab::i18n::texts;

/// Parses a number typed by a reader: German readers type a decimal comma and may
/// group thousands with points ("32.768") or spaces, as the site shows them (a
/// narrow no-break space); English readers may group with commas.
pub fn parse_number(text: &str, lang: Lang) -> Option<f64> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\'' && *c != '_')
        .collect();
    let normalised = match lang {
        Lang::De if cleaned.contains(',') => cleaned.replace('.', "").replace(',', "."),
        Lang::De if grouped_by_points(&cleaned) => cleaned.replace('.', ""),
        Lang::De => cleaned,
        Lang::En => cleaned.replace(',', ""),
    };
    normalised.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Whether `text` is digits grouped by points in threes ("32.768", "1.048.576"):
/// a German integer, never a decimal.
fn grouped_by_points(text: &str) -> bool {
    let mut groups = text.trim_start_matches(['-', '+']).split('.');
    let first = groups.next().unwrap_or_default();
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    let rest: Vec<&str> = groups.collect();
    digits(first) && first.len() <= 3 && !rest.is_empty() && rest.iter().all(|g| digits(g) && g.len() == 3)
}

/// The text of a number in a field: no grouping, the language's decimal mark.
pub fn field_text(v: f64, lang: Lang) -> String {
    let rounded = (v * 1e4).round() / 1e4;
    let text = format!("{rounded}");
    let text = text.strip_suffix(".0").unwrap_or(&text).to_string();
    match lang {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// How one numeric field reads and writes the scenario.
#[derive(Clone, Copy)]
struct Binding {
    field: Field,
    get: fn(&Scenario) -> f64,
    set: fn(&mut Scenario, f64),
    whole: bool,
}

fn to_u32(v: f64) -> u32 {
    // Fractions and out-of-range values become values the core rejects with a
    // message (0) rather than wrapping silently.
    if v.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&v) {
        0
    } else {
        v as u32
    }
}

const MODEL_FIELDS: &[Binding] = &[
    Binding {
        field: Field::Params,
        get: |s| s.model.params / 1e9,
        set: |s, v| {
            let dense = s.model.experts.is_none();
            s.model.params = v * 1e9;
            if dense {
                s.model.active_params = s.model.params;
            }
        },
        whole: false,
    },
    Binding {
        field: Field::ActiveParams,
        get: |s| s.model.active_params / 1e9,
        set: |s, v| s.model.active_params = v * 1e9,
        whole: false,
    },
    Binding {
        field: Field::Layers,
        get: |s| f64::from(s.model.layers),
        set: |s, v| s.model.layers = to_u32(v),
        whole: true,
    },
    Binding {
        field: Field::Heads,
        get: |s| f64::from(s.model.heads),
        set: |s, v| s.model.heads = to_u32(v),
        whole: true,
    },
    Binding {
        field: Field::KvHeads,
        get: |s| f64::from(s.model.kv_heads),
        set: |s, v| s.model.kv_heads = to_u32(v),
        whole: true,
    },
    Binding {
        field: Field::HeadDim,
        get: |s| f64::from(s.model.head_dim),
        set: |s, v| s.model.head_dim = to_u32(v),
        whole: true,
    },
    Binding {
        field: Field::SlidingWindow,
        // 0 stands for "no window": every layer attends to the whole context.
        get: |s| s.model.sliding_window.map_or(0.0, f64::from),
        set: |s, v| s.model.sliding_window = (v != 0.0).then(|| to_u32(v)),
        whole: true,
    },
];

const HARDWARE_FIELDS: &[Binding] = &[
    Binding {
        field: Field::Memory,
        get: |s| s.hardware.memory.0 / 1e9,
        set: |s, v| s.hardware.memory = Bytes(v * 1e9),
        whole: false,
    },
    Binding {
        field: Field::Bandwidth,
        get: |s| s.hardware.bandwidth.0 / 1e9,
        set: |s, v| s.hardware.bandwidth = BytesPerSecond(v * 1e9),
        whole: false,
    },
    Binding {
        field: Field::Peak,
        get: |s| s.hardware.peaks.fp16.0 / 1e12,
        set: |s, v| {
            // Keep the ratio of the other precisions to FP16 as the preset has it.
            let ratio = |p: Option<FlopsPerSecond>| p.map(|p| p.0 / s.hardware.peaks.fp16.0);
            let (fp8, int8, fp32) = (
                ratio(s.hardware.peaks.fp8),
                ratio(s.hardware.peaks.int8),
                ratio(s.hardware.peaks.fp32),
            );
            let fp16 = v * 1e12;
            s.hardware.peaks.fp16 = FlopsPerSecond(fp16);
            s.hardware.peaks.fp8 = fp8.map(|r| FlopsPerSecond(r * fp16));
            s.hardware.peaks.int8 = int8.map(|r| FlopsPerSecond(r * fp16));
            s.hardware.peaks.fp32 = fp32.map(|r| FlopsPerSecond(r * fp16));
        },
        whole: false,
    },
    Binding {
        field: Field::Devices,
        get: |s| f64::from(s.workload.devices),
        set: |s, v| s.workload.devices = to_u32(v),
        whole: true,
    },
];

const BATCH: Binding = Binding {
    field: Field::Batch,
    get: |s| f64::from(s.workload.batch),
    set: |s, v| s.workload.batch = to_u32(v),
    whole: true,
};

const WORKLOAD_FIELDS: &[Binding] = &[
    Binding {
        field: Field::Prompt,
        get: |s| f64::from(s.workload.prompt),
        set: |s, v| s.workload.prompt = to_u32(v),
        whole: true,
    },
    Binding {
        field: Field::Context,
        get: |s| f64::from(s.workload.context),
        set: |s, v| s.workload.context = to_u32(v),
        whole: true,
    },
];

/// Speculative decoding's inputs; the calculator shows them where its block sets
/// speculative decoding, and they change nothing in a scenario without it.
const SPECULATION_FIELDS: &[Binding] = &[
    Binding {
        field: Field::DraftTokens,
        get: |s| s.speculation.map_or(0.0, |sp| f64::from(sp.draft_tokens)),
        set: |s, v| {
            if let Some(sp) = &mut s.speculation {
                // 0 turns it off: a fraction or a negative count becomes a length the
                // core rejects with a message instead.
                sp.draft_tokens = if v == 0.0 {
                    0
                } else {
                    Some(to_u32(v)).filter(|k| *k > 0).unwrap_or(u32::MAX)
                };
            }
        },
        whole: true,
    },
    Binding {
        field: Field::Acceptance,
        get: |s| s.speculation.map_or(0.0, |sp| sp.acceptance),
        set: |s, v| {
            if let Some(sp) = &mut s.speculation {
                sp.acceptance = v;
            }
        },
        whole: false,
    },
    Binding {
        field: Field::DraftParams,
        get: |s| s.speculation.map_or(0.0, |sp| sp.draft_params / 1e9),
        set: |s, v| {
            if let Some(sp) = &mut s.speculation {
                sp.draft_params = v * 1e9;
            }
        },
        whole: false,
    },
];

const GROUP: Binding = Binding {
    field: Field::GroupSize,
    get: |s| s.weights.groups().map_or(0.0, |g| f64::from(g.group_size)),
    set: |s, v| {
        let size = to_u32(v.max(0.0));
        let groups = s.weights.groups().unwrap_or(Groups::INT4_G128);
        s.weights = s.weights.with_groups(if size == 0 {
            Groups::NONE
        } else {
            Groups {
                group_size: size,
                ..groups
            }
        });
    },
    whole: true,
};

/// A labelled number input bound to one figure of the scenario.
#[component]
fn NumberField(state: CalcState, lang: Lang, binding: Binding, uid: usize) -> impl IntoView {
    let t = texts(lang);
    let id = format!("calc{uid}-{}", binding.field.id());
    let error_id = format!("{id}-error");
    let text = RwSignal::new(field_text(state.scenario.with_untracked(|s| (binding.get)(s)), lang));
    let unparsed = RwSignal::new(false);
    // Follow changes made elsewhere (presets, reset, slider) unless the text already
    // says the same number.
    Effect::new(move |_| {
        let v = state.scenario.with(|s| (binding.get)(s));
        if parse_number(&text.get_untracked(), lang) != Some(v) {
            text.set(field_text(v, lang));
            unparsed.set(false);
        }
    });
    Effect::new(move |_| {
        let bad = unparsed.get();
        state.unparsed.update(|list| {
            list.retain(|f| *f != binding.field);
            if bad {
                list.push(binding.field);
            }
        });
    });
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        text.set(value.clone());
        match parse_number(&value, lang) {
            Some(v) => {
                unparsed.set(false);
                state.scenario.update(|s| (binding.set)(s, v));
            }
            None => unparsed.set(true),
        }
    };
    let message = move || {
        if unparsed.get() {
            Some(t.not_a_number.to_string())
        } else {
            state
                .error
                .get()
                .filter(|e| e.field() == binding.field)
                .map(|e| (t.error)(&e, lang.locale()))
        }
    };
    let invalid = move || message().is_some();
    view! {
        <div class="field" class:invalid=invalid>
            <label for=id.clone()>{(t.field_label)(binding.field)}</label>
            <input
                id=id
                type="text"
                inputmode=if binding.whole { "numeric" } else { "decimal" }
                autocomplete="off"
                value=text.get_untracked()
                prop:value=move || text.get()
                on:input=on_input
                aria-invalid=move || invalid().to_string()
                aria-describedby=error_id.clone()
            />
            <p class="field-error" id=error_id role="alert">{message}</p>
        </div>
    }
}

/// A choice of preset; `edited` marks a preset whose figures the reader changed.
#[component]
fn PresetSelect(
    id: String,
    label: &'static str,
    edited_label: &'static str,
    options: Vec<(&'static str, &'static str)>,
    selected: RwSignal<usize>,
    edited: Signal<bool>,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let ids: Vec<&'static str> = options.iter().map(|(id, _)| *id).collect();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(i) = ids.iter().position(|id| *id == event_target_value(&ev)) {
            selected.set(i);
            on_pick.run(i);
        }
    };
    let options = options
        .into_iter()
        .enumerate()
        .map(|(i, (value, name))| {
            view! {
                <option value=value selected=move || selected.get() == i>
                    {name}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="field">
            <label for=id.clone()>{label}{move || edited.get().then(|| format!(" ({edited_label})"))}</label>
            <select id=id on:change=on_change>
                {options}
            </select>
        </div>
    }
}

/// The batch size on a logarithmic slider: positions 0 to 240 map to 1 to 4,096.
fn batch_from_slider(position: f64) -> u32 {
    2f64.powf(position / 20.0).round().clamp(1.0, 4096.0) as u32
}

fn slider_from_batch(batch: u32) -> f64 {
    (f64::from(batch.max(1)).log2() * 20.0).round().clamp(0.0, 240.0)
}

/// A choice of data type.
#[component]
fn DataTypeSelect(state: CalcState, lang: Lang, uid: usize, weights: bool) -> impl IntoView {
    let t = texts(lang);
    let id = format!("calc{uid}-{}", if weights { "weights" } else { "kv" });
    let current = move || state.scenario.with(|s| if weights { s.weights } else { s.kv });
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(d) = DataType::from_id(&event_target_value(&ev)) {
            state.scenario.update(|s| {
                if weights {
                    s.weights = d;
                } else {
                    s.kv = d;
                }
            });
        }
    };
    view! {
        <div class="field">
            <label for=id.clone()>{if weights { t.weights_type } else { t.kv_type }}</label>
            <select id=id on:change=on_change>
                {DataType::ALL
                    .into_iter()
                    .map(|d| {
                        let bits = roofline::format_trimmed(d.bits(), 2, lang.locale());
                        view! {
                            <option value=d.id() selected=move || current().id() == d.id()>
                                {format!("{} ({bits}\u{a0}bit)", d.label())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// One output with its value and, on demand, its arithmetic.
fn output_row(state: CalcState, lang: Lang, output: Output, formulas: RwSignal<bool>) -> impl IntoView {
    let t = texts(lang);
    let value = move || {
        let (_, r) = state.valid.get();
        match output.quantity(&r) {
            Some(q) if q.unit == roofline::Unit::BytesSi => q.format_bytes_both(lang.locale()),
            Some(_) => output.text(&r, lang.locale(), None).unwrap_or_default(),
            None if output == Output::FitContext => t.no_limit.to_string(),
            None if output == Output::MaxContext => t.not_known.to_string(),
            None => t.not_reached.to_string(),
        }
    };
    let formula = move || {
        if !formulas.get() {
            return None;
        }
        let (s, r) = state.valid.get();
        output
            .formula(&s, &r, lang.locale())
            .map(|f| view! { <span class="formula">{f}</span> })
    };
    view! {
        <div class="output" data-output=output.id()>
            <dt>{(t.output_label)(output)}</dt>
            <dd><span class="value">{value}</span>{formula}</dd>
        </div>
    }
}

/// The calculator. `uid` (the calculator's index in its entry) keeps element ids
/// unique and the same in the pre-rendered page and in the browser; `ignored` lists
/// the parts of the address that could not be used.
/// The verdict: memory- or compute-bound, and by how much.
fn verdict(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (_, r) = state.valid.get();
        let q = |v: f64| roofline::Quantity::new(v, roofline::Unit::Intensity).format(lang.locale());
        let (intensity, ridge) = (q(r.decode.intensity.0), q(r.ridge.0));
        let (label, class) = match r.decode.bound {
            Bound::Memory => (t.memory_bound, "verdict memory"),
            Bound::Compute => (t.compute_bound, "verdict compute"),
        };
        view! {
            <p class=class>
                <strong>{label}</strong>
                " "
                <span>{(t.verdict_detail)(r.decode.ridge_ratio, &intensity, &ridge, lang.locale())}</span>
            </p>
        }
    }
}

/// A context beyond what the model reads: the results stay, with a warning.
fn context_warning(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (scenario, _) = state.valid.get();
        let limit = scenario.context_beyond_model()?;
        let name = presets()
            .models
            .get(state.model_preset.get())
            .map_or("", |m| m.name.as_str());
        let limit = roofline::format_fixed(f64::from(limit), 0, lang.locale());
        Some(view! { <p class="notice context-limit" role="status">{(t.context_beyond_model)(name, &limit)}</p> })
    }
}

/// The batch size on a logarithmic slider, beside its number field.
fn batch_slider(state: CalcState, lang: Lang, uid: usize) -> impl IntoView {
    let t = texts(lang);
    let slider_id = format!("calc{uid}-batch-slider");
    let on_slider = move |ev: leptos::ev::Event| {
        if let Ok(p) = event_target_value(&ev).parse::<f64>() {
            state.scenario.update(|s| s.workload.batch = batch_from_slider(p));
        }
    };
    let slider_value = move || slider_from_batch(state.scenario.with(|s| s.workload.batch)).to_string();
    view! {
        <div class="field slider">
            <label for=slider_id.clone()>{(t.field_label)(Field::Batch)}" (log)"</label>
            <input
                id=slider_id
                type="range"
                min="0"
                max="240"
                step="1"
                value=slider_from_batch(state.scenario.with_untracked(|s| s.workload.batch)).to_string()
                prop:value=slider_value
                aria-valuetext=move || state.scenario.with(|s| s.workload.batch.to_string())
                on:input=on_slider
            />
        </div>
    }
}

/// The form: model, hardware and workload, each with its presets and fields.
fn inputs(state: CalcState, lang: Lang, uid: usize) -> impl IntoView {
    let t = texts(lang);
    // Speculative decoding's fields, where the entry's block sets it.
    let speculation = if state.example.scenario.speculation.is_some() {
        SPECULATION_FIELDS
    } else {
        &[]
    };
    let model_edited = move || {
        let i = state.model_preset.get();
        state
            .scenario
            .with(|s| presets().models.get(i).is_some_and(|m| m.model != s.model))
    };
    let hardware_edited = move || {
        let i = state.hardware_preset.get();
        state
            .scenario
            .with(|s| presets().hardware.get(i).is_some_and(|h| h.hardware != s.hardware))
    };
    let four_bit = move || state.scenario.with(|s| s.weights.groups().is_some());
    let pick_model = Callback::new(move |i: usize| state.scenario.update(|s| s.model = presets().models[i].model));
    let pick_hardware =
        Callback::new(move |i: usize| state.scenario.update(|s| s.hardware = presets().hardware[i].hardware));
    let number_field = move |b: &Binding| view! { <NumberField state lang binding=*b uid/> };
    view! {
        <form class="calc-inputs" on:submit=|ev| ev.prevent_default()>
            <fieldset>
                <legend>{t.model_fields}</legend>
                <PresetSelect
                    id=format!("calc{uid}-model")
                    label=t.model
                    edited_label=t.edited
                    options=presets().models.iter().map(|m| (m.id.as_str(), m.name.as_str())).collect()
                    selected=state.model_preset
                    edited=Signal::derive(model_edited)
                    on_pick=pick_model
                />
                {MODEL_FIELDS.iter().map(number_field).collect_view()}
                <DataTypeSelect state lang uid weights=true/>
                <Show when=four_bit>
                    <NumberField state lang binding=GROUP uid/>
                </Show>
            </fieldset>
            <fieldset>
                <legend>{t.hardware_fields}</legend>
                <PresetSelect
                    id=format!("calc{uid}-hardware")
                    label=t.hardware
                    edited_label=t.edited
                    options=presets().hardware.iter().map(|h| (h.id.as_str(), h.name.as_str())).collect()
                    selected=state.hardware_preset
                    edited=Signal::derive(hardware_edited)
                    on_pick=pick_hardware
                />
                {HARDWARE_FIELDS.iter().map(number_field).collect_view()}
            </fieldset>
            <fieldset>
                <legend>{t.workload_fields}</legend>
                {batch_slider(state, lang, uid)}
                <NumberField state lang binding=BATCH uid/>
                {WORKLOAD_FIELDS.iter().map(number_field).collect_view()}
                <DataTypeSelect state lang uid weights=false/>
                {speculation.iter().map(number_field).collect_view()}
            </fieldset>
            <button type="button" class="reset" on:click=move |_| state.reset()>{t.reset}</button>
        </form>
    }
}

/// The results: verdict, warnings, the outputs the entry shows and their formulas.
fn results(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let formulas = RwSignal::new(false);
    view! {
        <div class="calc-results" class:stale=move || state.stale() aria-live="polite">
            <h3>{t.results}</h3>
            {move || state.stale().then(|| view! { <p class="stale-notice">{t.stale_results}</p> })}
            {verdict(state, lang)}
            {context_warning(state, lang)}
            <dl class="outputs">
                {state.example.show.iter().map(|o| output_row(state, lang, *o, formulas)).collect_view()}
            </dl>
            <label class="formula-toggle">
                <input
                    type="checkbox"
                    prop:checked=move || formulas.get()
                    on:change=move |ev| formulas.set(event_target_checked(&ev))
                />
                " "{t.show_formulas}
            </label>
        </div>
    }
}

/// A calculator: the form, the results and the charts of one scenario.
#[component]
pub fn CalculatorView(state: CalcState, lang: Lang, uid: usize, ignored: Signal<Vec<String>>) -> impl IntoView {
    let t = texts(lang);
    let heading = format!("calc{uid}-heading");
    let heading_ref = heading.clone();
    let notice = move || {
        ignored.with(|list| {
            (!list.is_empty()).then(|| {
                view! { <p class="notice" role="status">{t.ignored_parameters}" "<code>{list.join(", ")}</code></p> }
            })
        })
    };
    let chart_figure = move |c: &Chart| view! { <ChartFigure state lang chart=*c key=format!("c{uid}-{}", c.id())/> };
    view! {
        <section class="calculator" aria-labelledby=heading_ref>
            <h2 id=heading>{t.calculator_heading}</h2>
            {notice}
            <div class="calc-grid">
                {inputs(state, lang, uid)}
                {results(state, lang)}
            </div>
            <div class="charts">
                {state.example.charts.iter().map(chart_figure).collect_view()}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_in_the_readers_notation() {
        assert_eq!(parse_number("2039", Lang::De), Some(2039.0));
        assert_eq!(parse_number("2,5", Lang::De), Some(2.5));
        assert_eq!(parse_number("2.039,5", Lang::De), Some(2039.5));
        assert_eq!(parse_number("2,039.5", Lang::En), Some(2039.5));
        assert_eq!(parse_number("32.768", Lang::De), Some(32768.0));
        assert_eq!(parse_number("1.048.576", Lang::De), Some(1_048_576.0));
        assert_eq!(parse_number("2.5", Lang::De), Some(2.5));
        assert_eq!(parse_number("32\u{202f}768", Lang::De), Some(32768.0));
        assert_eq!(parse_number("2\u{202f}039,5", Lang::De), Some(2039.5));
        assert_eq!(parse_number("32\u{a0}768", Lang::En), Some(32768.0));
        assert_eq!(parse_number("abc", Lang::En), None);
        assert_eq!(parse_number("inf", Lang::En), None);
        assert_eq!(field_text(2.5, Lang::De), "2,5");
        assert_eq!(field_text(7.0, Lang::En), "7");
    }

    /// What the site shows, a reader can type back: every grouping and decimal
    /// mark of [`roofline::format_fixed`] parses in its language.
    #[test]
    fn shown_numbers_parse_back() {
        for v in [7.0, 2039.5, 32_768.0, 131_072.0, 1_048_576.25, 0.25] {
            for lang in Lang::ALL {
                let shown = roofline::format_fixed(v, 2, lang.locale());
                assert_eq!(parse_number(&shown, lang), Some(v), "{shown}");
                assert_eq!(parse_number(&field_text(v, lang), lang), Some(v));
            }
        }
    }

    #[test]
    fn slider_is_logarithmic_and_round_trips_powers_of_two() {
        assert_eq!(batch_from_slider(0.0), 1);
        assert_eq!(batch_from_slider(240.0), 4096);
        for b in [1, 2, 8, 64, 1024, 4096] {
            assert_eq!(batch_from_slider(slider_from_batch(b)), b);
        }
    }
}
