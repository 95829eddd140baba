//! The roofline calculator embedded in entries: results and verdict first, then the
//! form (the model's shape behind a disclosure, a pasted config.json, comparison
//! with a pinned scenario), then the charts.

pub mod charts;
pub mod fields;
pub mod own;
pub mod state;

use crate::reactive::handler;
use leptos::prelude::*;
use roofline::{Bound, Change, Field, Output, Quantity, Report, Unit};

use crate::data::{presets, Chart, Lang};
use charts::ChartFigure;
pub use fields::{field_text, parse_number};
use fields::{
    model_fields, number_with_slider, optional_field, Choice, DataTypeSelect, NumberField, Place, PresetSelect, TypeOf,
    BATCH, CONTEXT, GROUP,
};
use state::{CalcState, Setup, OWN_MODEL};
use vocab::i18n::texts;
use vocab::names;
use vocab::Control;

/// The largest batch and context the sliders reach.
const MAX_BATCH_SLIDER: u32 = 4096;
const MAX_CONTEXT_SLIDER: u32 = 1 << 21;

/// An output's text for a report.
fn output_text(output: Output, r: &Report, lang: Lang) -> String {
    let t = texts(lang);
    match output.quantity(r) {
        Some(q) if q.unit == Unit::BytesSi => q.format_bytes_both(lang.locale()),
        // A batch that would turn compute-bound but cannot be held: said beside it.
        Some(q) if output == Output::CriticalBatch && q.value > r.capacity.max_requests => {
            let fits = Quantity::new(r.capacity.max_requests, Unit::Count).format(lang.locale());
            format!("{} ({})", q.format(lang.locale()), (t.critical_beyond_fit)(&fits))
        }
        Some(_) => output.text(r, lang.locale(), None).unwrap_or_default(),
        None if output == Output::FitContext => t.no_limit.to_string(),
        None if output == Output::MaxContext => t.not_known.to_string(),
        None => t.not_reached.to_string(),
    }
}

/// How `output` changed from A to B, in words ("2.9× faster"); `None` where either
/// side has no value, or does not fit (its figures cannot happen).
fn change(output: Output, b: &Report, a: &Report, lang: Lang) -> Option<String> {
    if !(a.capacity.fits() && b.capacity.fits()) {
        return None;
    }
    let (qb, qa) = (output.quantity(b)?, output.quantity(a)?);
    let c = Change::between(qa.unit, qa.value, qb.value)?;
    Some((texts(lang).change)(c, lang.locale()))
}

/// Whether a pinned scenario A shows the same text for `output` as the current B.
fn unchanged(state: CalcState, lang: Lang, output: Output) -> bool {
    let Some((_, a)) = state.pinned_valid.get() else {
        return false;
    };
    output_text(output, &a, lang) == output_text(output, &state.valid.get().1, lang)
}

/// One output with its value and, on demand, its arithmetic. While a scenario is
/// pinned, a row of the comparison's table: A's value, the current B's and the
/// change; a row whose figure A shares is folded away.
fn output_row(state: CalcState, lang: Lang, output: Output, formulas: RwSignal<bool>) -> impl IntoView {
    let t = texts(lang);
    let value = move || output_text(output, &state.valid.get().1, lang);
    // The cells' own names for a screen reader; the table's head shows them.
    let cell_label = |label: &'static str| view! { <span class="visually-hidden">{label}" "</span> };
    let b_label = move || state.pinned.with(Option::is_some).then(|| cell_label(t.current_value));
    let pinned = move || {
        let (_, a) = state.pinned_valid.get()?;
        Some(view! { <span class="pinned-value">{cell_label(t.pinned_value)}{output_text(output, &a, lang)}</span> })
    };
    let changed = move || {
        let (_, a) = state.pinned_valid.get()?;
        let ratio = change(output, &state.valid.get().1, &a, lang);
        Some(view! { <span class="ratio">{ratio}</span> })
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
        <div class="output" data-output=output.id() class:unchanged=move || unchanged(state, lang, output)>
            <dt>{(t.output_label)(output)}</dt>
            <dd>{pinned}<span class="current">{b_label}<span class="value">{value}</span></span>{changed}{formula}</dd>
        </div>
    }
}

/// While a scenario is pinned, the head of the comparison's columns, the first
/// group of the list: each side by what tells it apart (each cell names its
/// column for a screen reader).
fn compare_head(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let a = state.pinned.get()?;
        let (nb, na) = names(&state.setup(), &a, lang);
        // "A · NVIDIA H100 SXM"; the letter alone where no input tells the sides apart.
        let side = |label: &'static str, name: String| {
            let letter = label.trim_end_matches(':');
            if name == letter {
                name
            } else {
                format!("{letter} · {name}")
            }
        };
        Some(view! {
            <div class="compare-head" aria-hidden="true">
                <dt></dt>
                <dd>
                    <span>{side(t.pinned_value, na)}</span>
                    <span>{side(t.current_value, nb)}</span>
                    <span>{t.compare_change}</span>
                </dd>
            </div>
        })
    }
}

/// The verdict: a setup that does not fit says so first, with what it needs and
/// what there is; else memory- or compute-bound, and by how much.
fn verdict(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (_, r) = state.valid.get();
        let q = |v: f64| Quantity::new(v, Unit::Intensity).format(lang.locale());
        let (intensity, ridge) = (q(r.decode.intensity.0), q(r.ridge.0));
        let bound = match r.decode.bound {
            Bound::Memory => t.memory_bound,
            Bound::Compute => t.compute_bound,
        };
        let (label, class, detail) = if r.capacity.fits() {
            let class = match r.decode.bound {
                Bound::Memory => "verdict memory",
                Bound::Compute => "verdict compute",
            };
            (
                bound,
                class,
                (t.verdict_detail)(r.decode.ridge_ratio, &intensity, &ridge, lang.locale()),
            )
        } else {
            let bytes = |v: f64| Quantity::new(v, Unit::BytesSi).format(lang.locale());
            let detail = (t.verdict_does_not_fit)(&bytes(r.capacity.needed.0), &bytes(r.capacity.usable.0), bound);
            (t.does_not_fit_short, "verdict nofit", detail)
        };
        view! {
            <p class=class>
                <strong>{label}</strong>
                " "
                <span>{detail}</span>
            </p>
        }
    }
}

/// A pasted model with keys the calculator does not model: the verdict names them,
/// for its figures may be off.
fn unmodelled(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let keys = state.unmodelled.get();
        (state.model_preset.get() == OWN_MODEL && !keys.is_empty()).then(|| {
            view! {
                <p class="notice unmodelled">
                    {t.not_modelled}" "<code>{keys.join(", ")}</code>{t.not_modelled_after}
                </p>
            }
        })
    }
}

/// A pasted model whose given parameter count lies more than 2 % from its shapes':
/// said while that count is the model's.
fn params_check(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (given, shapes) = state.params_check.get()?;
        let current = state.scenario.with(|s| s.model.params);
        (state.model_preset.get() == OWN_MODEL && current == given).then(|| {
            let q = |v: f64| Quantity::new(v, Unit::Params).format(lang.locale());
            let apart = roofline::ModelConfig::apart((given, shapes)) * 100.0;
            let percent = Quantity::new(apart, Unit::Number).format(lang.locale());
            let percent = format!("{percent}\u{a0}%");
            view! { <p class="notice params-check">{(t.params_disagree)(&q(given), &q(shapes), &percent)}</p> }
        })
    }
}

/// Over the outputs of a setup that does not fit: its figures cannot happen on the
/// chosen devices.
fn cannot_happen(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let fits = state.valid.with(|(_, r)| r.capacity.fits());
        (!fits).then(|| view! { <p class="cannot-happen">{t.results_cannot_happen}</p> })
    }
}

/// The verdict and the two figures a reader watches, in a bar that stays in view
/// while the form is edited: at the bottom of a phone's screen, at the top of the
/// results' column on a wide one (the stylesheet hides it while the results' own
/// verdict is on screen).
fn verdict_bar(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (_, r) = state.valid.get();
        let locale = lang.locale();
        let (label, class) = match (r.capacity.fits(), r.decode.bound) {
            // A model or batch that does not fit says so first: its verdict is for
            // memory that could hold it.
            (false, _) => (t.does_not_fit_short, "verdict-bar nofit"),
            (true, Bound::Memory) => (t.memory_bound, "verdict-bar memory"),
            (true, Bound::Compute) => (t.compute_bound, "verdict-bar compute"),
        };
        let bytes = |v: f64| Quantity::new(v, Unit::BytesSi).format(locale);
        let (needed, usable) = (bytes(r.capacity.needed.0), bytes(r.capacity.usable.0));
        let class = if state.stale() {
            format!("{class} stale")
        } else {
            class.to_string()
        };
        // A setup that does not fit has no speed to show: what it needs instead.
        let figures = if r.capacity.fits() {
            let speed = (t.per_request)(&output_text(Output::TokensPerS, &r, lang));
            view! {
                <span>{speed}</span>
                <span>{(t.memory_in_use)(&needed, &usable)}</span>
            }
            .into_any()
        } else {
            view! { <span class="over">{(t.needs_usable)(&needed, &usable)}</span> }.into_any()
        };
        view! {
            <p class=class aria-hidden="true">
                <strong>{label}</strong>
                {figures}
            </p>
        }
    }
}

/// Weights that do not fit on the devices: the results stay (computed as for
/// devices that hold them), with the devices they need and one action that sets
/// that number. Shown in the verdict and beside the model menu.
fn fit_notice(state: CalcState, lang: Lang, place: &'static str) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (scenario, r) = state.valid.get();
        if r.capacity.weights_fit {
            return batch_notice(state, lang, place, scenario.workload.batch, r.capacity.max_requests);
        }
        let setup = state.setup();
        let needed = r.capacity.devices_needed;
        let text = (t.does_not_fit)(
            setup.model_name(t.own_model, lang),
            needed,
            setup.hardware_name(),
            scenario.workload.devices,
        );
        Some(
            view! {
                <div class=format!("notice does-not-fit {place}")>
                    <p>{text}</p>
                    <button type="button" class="use-devices" on:click=handler(move |_| state.set_devices(needed))>
                        {(t.use_devices)(needed)}
                    </button>
                </div>
            }
            .into_any(),
        )
    }
}

/// A batch whose KV cache does not fit beside the weights: its figures are computed
/// all the same, and the notice says how many requests fit, with one action that
/// sets the batch to them.
fn batch_notice(state: CalcState, lang: Lang, place: &'static str, batch: u32, fits: f64) -> Option<AnyView> {
    if f64::from(batch) <= fits {
        return None;
    }
    let t = texts(lang);
    let count = |v: f64| Quantity::new(v, Unit::Count).format(lang.locale());
    let most = fits.floor().max(0.0) as u32;
    let text = (t.batch_does_not_fit)(&count(f64::from(batch)), &count(f64::from(most)));
    let action = (most >= 1).then(|| {
        view! {
            <button type="button" class="use-batch" on:click=handler(move |_| state.set_batch(most))>
                {(t.use_batch)(&count(f64::from(most)))}
            </button>
        }
    });
    Some(
        view! {
            <div class=format!("notice does-not-fit {place}")>
                <p>{text}</p>
                {action}
            </div>
        }
        .into_any(),
    )
}

/// A context beyond what the model reads: the results stay, with a warning.
fn context_warning(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let (scenario, _) = state.valid.get();
        let limit = scenario.context_beyond_model()?;
        let name = state.setup().model_name(t.own_model, lang);
        let limit = roofline::format_fixed(f64::from(limit), 0, lang.locale());
        Some(view! { <p class="notice context-limit">{(t.context_beyond_model)(name, &limit)}</p> })
    }
}

/// What tells two setups apart: every input that differs (model, device, data
/// types, workload), each side's values joined; "B" and "A" where none does.
fn names(b: &Setup, a: &Setup, lang: Lang) -> (String, String) {
    let t = texts(lang);
    let count = |v: u32| Quantity::new(f64::from(v), Unit::Count).format(lang.locale());
    let (sb, sa) = (&b.scenario, &a.scenario);
    let (wb, wa) = (&sb.workload, &sa.workload);
    let mut parts: Vec<(String, String)> = Vec::new();
    if a.model != b.model || sa.model != sb.model {
        parts.push((
            b.model_name(t.own_model, lang).into(),
            a.model_name(t.own_model, lang).into(),
        ));
    }
    if a.hardware != b.hardware || sa.hardware != sb.hardware {
        parts.push((b.hardware_name().into(), a.hardware_name().into()));
    }
    if sa.weights != sb.weights {
        parts.push((
            (t.compare_weights)(sb.weights.label()),
            (t.compare_weights)(sa.weights.label()),
        ));
    }
    if sa.kv != sb.kv {
        parts.push(((t.compare_kv)(sb.kv.label()), (t.compare_kv)(sa.kv.label())));
    }
    for (field, vb, va) in [
        (Field::Batch, wb.batch, wa.batch),
        (Field::Prompt, wb.prompt, wa.prompt),
        (Field::Context, wb.context, wa.context),
        (Field::Output, wb.output, wa.output),
        (Field::Devices, wb.devices, wa.devices),
    ] {
        if vb != va {
            parts.push((
                (t.compare_workload)(field, &count(vb)),
                (t.compare_workload)(field, &count(va)),
            ));
        }
    }
    if wb.reserve != wa.reserve {
        let share = |v: f64| Quantity::new(v, Unit::Number).format(lang.locale());
        parts.push((
            (t.compare_workload)(Field::Reserve, &share(wb.reserve)),
            (t.compare_workload)(Field::Reserve, &share(wa.reserve)),
        ));
    }
    if parts.is_empty() {
        return ("B".into(), "A".into());
    }
    let side = |pick: fn(&(String, String)) -> &String| parts.iter().map(pick).cloned().collect::<Vec<_>>().join(", ");
    (side(|p| &p.0), side(|p| &p.1))
}

/// While a scenario is pinned, the comparison in one line: the headline of the
/// results, naming every input that differs. A side that does not fit gets no
/// ratio: its figures cannot happen.
fn compare_summary(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        let a_setup = state.pinned.get()?;
        let (_, a) = state.pinned_valid.get()?;
        let b = state.valid.get().1;
        let (nb, na) = names(&state.setup(), &a_setup, lang);
        let note = [("B", b.capacity.fits()), ("A", a.capacity.fits())]
            .into_iter()
            .filter(|(_, fit)| !fit)
            .map(|(side, _)| format!(" · {}", (t.compare_does_not_fit)(side)))
            .collect::<String>();
        let headline = if note.is_empty() {
            (t.compare_summary)(&nb, &na, &change(Output::BatchTokensPerS, &b, &a, lang)?)
        } else {
            (t.compare_summary_unfit)(&nb, &na)
        };
        Some(view! { <p class="compare-summary">{headline}{note}</p> })
    }
}

/// While a scenario is pinned, the switch that unfolds the rows A and B share.
fn unchanged_switch(state: CalcState, lang: Lang, shown: RwSignal<bool>) -> impl IntoView {
    let t = texts(lang);
    move || {
        state.pinned.with(Option::is_some).then_some(())?;
        let n = state
            .example
            .show
            .iter()
            .filter(|o| unchanged(state, lang, **o))
            .count();
        (n > 0).then(|| {
            view! {
                <label class="unchanged-toggle">
                    <input
                        type="checkbox"
                        prop:checked=move || shown.get()
                        on:change=handler(move |ev: leptos::ev::Event| shown.set(event_target_checked(&ev)))
                    />
                    " "{(t.unchanged_figures)(n)}
                </label>
            }
        })
    }
}

/// Pinning: the button that pins the current scenario as A, or lets it go.
fn compare(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let pinned = move || state.pinned.with(Option::is_some);
    view! {
        <button
            type="button"
            class="pin"
            aria-pressed=move || pinned().to_string()
            on:click=handler(move |_| {
                if pinned() { state.pinned.set(None) } else { state.pin() }
            })
        >
            {move || if pinned() { t.unpin } else { t.pin }}
        </button>
    }
}

/// The outputs a model's kind brings beside those the entry shows: a mixture of
/// experts reads fewer weights than it stores (the weights read per step and the
/// experts a step touches, with their formula); a hybrid keeps a state of fixed size
/// per request (Mamba, linear attention) beside its KV cache.
fn kind_outputs(state: CalcState, lang: Lang, formulas: RwSignal<bool>) -> impl IntoView {
    // A memo, so that the rows are built when the model changes kind, not at every
    // change.
    let kind = crate::reactive::memo(move || {
        state
            .valid
            .with(|(_, r)| (r.experts_touched.is_some(), r.state_per_request.0 > 0.0))
    });
    move || {
        let (moe, hybrid) = kind.get();
        let moe = moe.then_some([Output::DecodeWeightBytes, Output::ExpertsTouched]);
        moe.into_iter()
            .flatten()
            .chain(hybrid.then_some(Output::StatePerRequest))
            .filter(|o| !state.example.show.contains(o))
            .map(|o| output_row(state, lang, o, formulas))
            .collect_view()
    }
}

/// Why the results are stale: the notice, and the core's message with the field it
/// names (which may be one the form does not show, such as the KV heads of a model
/// with a latent).
fn stale_text(state: CalcState, lang: Lang) -> Option<String> {
    let t = texts(lang);
    if !state.stale() {
        return None;
    }
    Some(match state.error.get() {
        Some(e) => format!(
            "{} {}: {}",
            t.stale_results,
            (t.field_label)(e.field()),
            (t.error)(&e, lang.locale())
        ),
        None => t.stale_results.to_string(),
    })
}

/// Beside the notice of an input that cannot be computed: the one action that
/// makes it computable ("Set prompt length (tokens) to 128"), written through the
/// field's own binding.
fn fix_action(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    move || {
        // Only a figure the form holds: a text that is no number is the reader's.
        if !state.unparsed.with(Vec::is_empty) {
            return None;
        }
        let e = state.error.get()?;
        let (field, v) = state.scenario.with(|s| s.fix(e))?;
        let binding = fields::binding(field)?;
        let written = v / field.scale();
        let shown = roofline::format_trimmed(written, 3, lang.locale());
        let label = (t.set_field)((t.field_label)(field), &shown);
        let apply = move |_| state.scenario.update(|s| binding.set(s, written));
        Some(view! { <button type="button" class="fix-input" on:click=handler(apply)>{label}</button> })
    }
}

/// The scenario the results describe, in one line (shown in print).
fn scenario_line(state: CalcState, lang: Lang) -> String {
    let t = texts(lang);
    let (s, _) = state.valid.get();
    // Results kept from the example (no valid input since) name the example's model
    // and device, not the ones the form now names.
    let setup = if state.stale() && s == state.example.scenario {
        Setup::example(state.example)
    } else {
        state.setup()
    };
    let count = |v: u32| Quantity::new(f64::from(v), Unit::Count).format(lang.locale());
    (t.scenario_line)(
        setup.model_name(t.own_model, lang),
        setup.hardware_name(),
        s.workload.devices,
        &count(s.workload.batch),
        &count(s.workload.context),
    )
}

/// The results: verdict, warnings, the outputs the entry shows, the comparison and
/// the formulas.
fn results(state: CalcState, lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let formulas = RwSignal::new(false);
    let unchanged_shown = RwSignal::new(false);
    view! {
        <div class="calc-results" class:stale=move || state.stale() aria-live="polite">
            <h3>{t.results}</h3>
            <p class="scenario-line">{move || scenario_line(state, lang)}</p>
            // Always in the page, so that its text coming and going moves nothing.
            <p class="stale-notice">{move || stale_text(state, lang)}</p>
            {fix_action(state, lang)}
            {compare_summary(state, lang)}
            {fit_notice(state, lang, "in-results")}
            {verdict(state, lang)}
            {unmodelled(state, lang)}
            {params_check(state, lang)}
            {context_warning(state, lang)}
            {cannot_happen(state, lang)}
            <dl
                class="outputs"
                class:comparing=move || state.pinned.with(Option::is_some)
                class:folding=move || state.pinned.with(Option::is_some) && !unchanged_shown.get()
                class:cannot=move || !state.valid.with(|(_, r)| r.capacity.fits())
            >
                {compare_head(state, lang)}
                {state.example.show.iter().map(|o| output_row(state, lang, *o, formulas)).collect_view()}
                {kind_outputs(state, lang, formulas)}
            </dl>
            {unchanged_switch(state, lang, unchanged_shown)}
            {compare(state, lang)}
            <label class="formula-toggle">
                <input
                    type="checkbox"
                    prop:checked=move || formulas.get()
                    on:change=handler(move |ev: leptos::ev::Event| formulas.set(event_target_checked(&ev)))
                />
                " "{t.show_formulas}
            </label>
        </div>
    }
}

/// The controls a calculator shows at once (its block's `inputs`).
#[derive(Clone, Copy)]
struct Places(&'static [Control]);

impl Places {
    /// Where a control stands.
    fn of(self, c: Control) -> Place {
        if self.0.contains(&c) {
            Place::First
        } else {
            Place::Extra
        }
    }

    /// The class of a group: shown at once if any of its controls (`holds`) is.
    fn of_group(self, holds: fn(&Control) -> bool) -> &'static str {
        if self.0.iter().any(holds) {
            ""
        } else {
            EXTRA
        }
    }

    /// Whether `field` is one of the controls shown with "More inputs" (the model's
    /// shape and the group size always are).
    fn extra_field(self, field: Field) -> bool {
        let figure = Control::Figure(field);
        Control::FIGURES.iter().any(|i| i.field == field) && !self.0.contains(&figure)
            || model_fields().any(|b| b.field == field)
            || field == GROUP.field
    }
}

/// The form's groups: which controls each holds.
fn in_workload(c: &Control) -> bool {
    use Field::*;
    matches!(
        c,
        Control::Kv | Control::Figure(Batch | Context | Prompt | DraftTokens | Acceptance | DraftParams)
    )
}

fn in_model(c: &Control) -> bool {
    matches!(c, Control::Model | Control::Weights)
}

fn in_hardware(c: &Control) -> bool {
    use Field::*;
    matches!(
        c,
        Control::Hardware | Control::Figure(Memory | Bandwidth | Peak | Devices)
    )
}

/// The class of the controls shown with "More inputs".
const EXTRA: &str = "extra";

/// The model: its preset, its data types, and its shape behind "model details",
/// which opens by itself when the reader changes the shape or a figure of it turns
/// invalid.
fn model_fieldset(state: CalcState, lang: Lang, uid: usize, places: Places, opened: RwSignal<bool>) -> impl IntoView {
    let t = texts(lang);
    let edited = move || {
        let i = state.model_preset.get();
        state
            .scenario
            .with(|s| presets().models.get(i).is_none_or(|m| m.model != s.model))
    };
    let pick = Callback::new(move |i: usize| state.pick_model(i));
    let selected = Signal::derive(move || Some(state.model_preset.get()).filter(|i| *i != OWN_MODEL));
    let options = presets()
        .models
        .iter()
        .map(|m| Choice {
            value: m.id.as_str(),
            name: m.name_in(lang),
            group: None,
        })
        .collect();
    let own = move || state.model_preset.get() == OWN_MODEL;
    let moe = move || state.scenario.with(|s| s.model.experts.is_some());
    view! {
        <fieldset class=places.of_group(in_model)>
            <legend>{t.model_fields}</legend>
            <PresetSelect
                id=names::control_id(uid, "model")
                label=t.model
                edited_label=t.edited
                options
                selected
                edited=Signal::derive(move || edited() && !own())
                on_pick=pick
                extra=t.own_model
                place=places.of(Control::Model)
            />
            {fit_notice(state, lang, "by-model")}
            <DataTypeSelect state lang uid of=TypeOf::Weights place=places.of(Control::Weights)/>
            {optional_field(state, lang, GROUP, uid, places.of(Control::Weights))}
            <details
                class="model-details extra"
                open=opened.get_untracked()
                on:toggle=crate::reactive::keep_open(opened)
                prop:open=move || opened.get()
            >
                <summary>{t.model_details}</summary>
                // Built when first opened: a closed disclosure costs the page's
                // take-over nothing.
                <Show when=move || opened.get()>
                    {model_fields().map(|b| optional_field(state, lang, b, uid, Place::First)).collect_view()}
                    <Show when=moe>
                        <DataTypeSelect state lang uid of=TypeOf::Experts/>
                    </Show>
                </Show>
            </details>
            {own::own_model(state, lang, uid)}
        </fieldset>
    }
}

/// The device: its preset, grouped by vendor, and its figures.
fn hardware_fieldset(state: CalcState, lang: Lang, uid: usize, places: Places) -> impl IntoView {
    let t = texts(lang);
    let edited = move || {
        let i = state.hardware_preset.get();
        state
            .scenario
            .with(|s| presets().hardware.get(i).is_some_and(|h| h.hardware != s.hardware))
    };
    let pick = Callback::new(move |i: usize| state.pick_hardware(i));
    let options = presets()
        .hardware
        .iter()
        .map(|h| Choice {
            value: h.id.as_str(),
            name: h.name.as_str(),
            group: Some(h.vendor.as_str()),
        })
        .collect();
    let figures = {
        use roofline::inputs::*;
        [&MEMORY, &BANDWIDTH, &PEAK, &DEVICES]
    };
    let number_field = move |i: &'static roofline::inputs::Input| {
        let place = places.of(Control::Figure(i.field));
        view! { <NumberField state lang binding=fields::Binding::input(i) uid place/> }
    };
    view! {
        <fieldset class=places.of_group(in_hardware)>
            <legend>{t.hardware_fields}</legend>
            <PresetSelect
                id=names::control_id(uid, "hardware")
                label=t.hardware
                edited_label=t.edited
                options
                selected=Signal::derive(move || Some(state.hardware_preset.get()))
                edited=Signal::derive(edited)
                on_pick=pick
                place=places.of(Control::Hardware)
            />
            {figures.into_iter().map(number_field).collect_view()}
        </fieldset>
    }
}

/// The form: model, hardware and workload. At first it shows the few controls its
/// entry is about (its block's `inputs`); "More inputs" shows the others in their
/// groups, and does so by itself when one of them needs the reader: a figure of it
/// turned invalid, the model's shape or the device's figures changed, a model of the
/// reader's own chosen, or (at the start) a shared link set one.
fn inputs(state: CalcState, lang: Lang, uid: usize) -> impl IntoView {
    let t = texts(lang);
    let places = Places(&state.example.inputs);
    // Speculative decoding's fields, where the entry's block sets it.
    let speculative = state.example.scenario.speculation.is_some();
    let speculation: &[roofline::inputs::Input] = if speculative {
        roofline::inputs::SPECULATION
    } else {
        &[]
    };
    // The model changed from where the calculator started or from the preset picked.
    let model_changed = move || {
        let setup = state.setup();
        setup.baseline_model(state.example) != Some(setup.scenario.model)
    };
    let invalid = move |wanted: fn(Places, Field) -> bool| {
        state.error.get().is_some_and(|e| wanted(places, e.field()))
            || state.unparsed.with(|list| list.iter().any(|f| wanted(places, *f)))
    };
    let model_field = |_: Places, f: Field| model_fields().any(|b| b.field == f);
    let device_edited = move || {
        state.scenario.with(|s| {
            presets()
                .hardware
                .get(state.hardware_preset.get())
                .is_some_and(|h| h.hardware != s.hardware)
        })
    };
    // Memos, so that only a change of the answer opens a disclosure, not every edit after one.
    let details_wanted = crate::reactive::memo(move || model_changed() || invalid(model_field));
    let more_wanted = crate::reactive::memo(move || {
        details_wanted.get()
            || invalid(Places::extra_field)
            || state.model_preset.get() == OWN_MODEL
            || device_edited()
                && places
                    .0
                    .iter()
                    .all(|c| !matches!(c, Control::Figure(f) if is_device_figure(*f)))
    });
    let details_open = RwSignal::new(details_wanted.get_untracked());
    let more_open = RwSignal::new(more_wanted.get_untracked());
    crate::reactive::effect(move || {
        if details_wanted.get() {
            details_open.set(true);
        }
        if more_wanted.get() {
            more_open.set(true);
        }
    });
    // The address's state, applied after the page renders the example.
    crate::reactive::effect(move || {
        state.applied.track();
        if extra_differs(state, places) {
            more_open.set(true);
        }
    });
    let figure_place = move |field: Field| places.of(Control::Figure(field));
    let number_field = move |i: &'static roofline::inputs::Input| {
        view! { <NumberField state lang binding=fields::Binding::input(i) uid place=figure_place(i.field)/> }
    };
    view! {
        <form class="calc-inputs" on:submit=handler(|ev: leptos::ev::SubmitEvent| ev.prevent_default())>
            <fieldset class=places.of_group(in_workload)>
                <legend>{t.workload_fields}</legend>
                {number_with_slider(state, lang, BATCH, uid, MAX_BATCH_SLIDER, figure_place(Field::Batch))}
                {number_with_slider(state, lang, CONTEXT, uid, MAX_CONTEXT_SLIDER, figure_place(Field::Context))}
                {number_field(&roofline::inputs::PROMPT)}
                {speculation.iter().map(number_field).collect_view()}
                <DataTypeSelect state lang uid of=TypeOf::Kv place=places.of(Control::Kv)/>
            </fieldset>
            {model_fieldset(state, lang, uid, places, details_open)}
            {hardware_fieldset(state, lang, uid, places)}
            // A disclosure (it works before the app is live, and the take-over keeps
            // it as the reader left it); what it shows is the `extra` controls above.
            <details
                class="more-inputs"
                open=more_open.get_untracked()
                on:toggle=crate::reactive::keep_open(more_open)
                prop:open=move || more_open.get()
            >
                // Said by what a press does: "More inputs" while closed, "Fewer inputs" while open.
                <summary on:click=handler(move |_| reveal_more(uid))>
                    <span class="when-closed">{t.more_inputs}</span>
                    <span class="when-open">{t.fewer_inputs}</span>
                </summary>
            </details>
            <button type="button" class="reset" on:click=handler(move |_| state.reset())>{t.reset}</button>
        </form>
    }
}

/// After the reader opens "More inputs" (the browser opens it after this click), the
/// first of the controls it shows is scrolled into view: they stand above the
/// disclosure, in their groups, where a press would otherwise seem to do nothing.
fn reveal_more(uid: usize) {
    crate::listen::next_frame(move || {
        let heading = names::control_id(uid, "heading");
        let selector = format!("#{heading} ~ .calc-grid .calc-inputs:has(> .more-inputs[open]) .extra");
        let first = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(&selector).ok().flatten());
        if let Some(e) = first {
            e.scroll_into_view_with_bool(true);
        }
    });
}

/// Whether `field` is a figure of the device (its memory, bandwidth or peak).
fn is_device_figure(field: Field) -> bool {
    roofline::inputs::HARDWARE.iter().any(|i| i.field == field)
}

/// Whether a control shown with "More inputs" has another value than the example's
/// (read when the address's state is applied: a shared link set it).
fn extra_differs(state: CalcState, places: Places) -> bool {
    let example = &state.example.scenario;
    state.scenario.with_untracked(|s| {
        let figure_differs = Control::FIGURES
            .iter()
            .filter(|i| places.extra_field(i.field))
            .any(|i| (i.get)(s) != (i.get)(example));
        figure_differs
            || s.weights != example.weights && !places.0.contains(&Control::Weights)
            || s.kv != example.kv && !places.0.contains(&Control::Kv)
    })
}

/// A calculator: results first (on a phone the verdict is what a reader looks for),
/// then the form, then the charts of one scenario and, while one is pinned, of both.
/// `uid` (the calculator's index in its entry) keeps element ids unique and the same
/// in the pre-rendered page and in the browser; `ignored` lists the parts of the
/// address that could not be used.
#[component]
pub fn CalculatorView(state: CalcState, lang: Lang, uid: usize, ignored: Signal<Vec<String>>) -> impl IntoView {
    let t = texts(lang);
    let heading = names::control_id(uid, "heading");
    let heading_ref = heading.clone();
    // Each ignored value isolated as `<bdi>` isolates its text (first strong isolate
    // … pop directional isolate): the address is anyone's text, and a right-to-left
    // mark or an override in one value reorders nothing around it.
    let notice = move || {
        ignored.with(|list| {
            (!list.is_empty()).then(|| {
                let values: Vec<String> = list.iter().map(|v| format!("\u{2068}{v}\u{2069}")).collect();
                view! { <p class="notice" role="status">{t.ignored_parameters}" "<code>{values.join(", ")}</code></p> }
            })
        })
    };
    let chart_figure = move |c: &Chart| view! { <ChartFigure state lang chart=*c key=names::chart_key(uid, c.id())/> };
    view! {
        <section class=names::CALCULATOR aria-labelledby=heading_ref>
            <h2 id=heading>{t.calculator_heading}</h2>
            <p class="needs-js">{t.needs_javascript}</p>
            {notice}
            <div class="calc-grid">
                {results(state, lang)}
                {inputs(state, lang, uid)}
                {verdict_bar(state, lang)}
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
    use roofline::Scenario;

    /// Every control a block may name stands in one of the form's groups.
    #[test]
    fn every_control_has_one_group() {
        for c in Control::ids().filter_map(Control::from_id) {
            let groups = [in_workload(&c), in_model(&c), in_hardware(&c)];
            assert_eq!(groups.iter().filter(|g| **g).count(), 1, "{c:?}");
        }
    }

    #[test]
    fn each_offered_fix_makes_the_scenario_computable() {
        let base = Scenario::example();
        let mut cases = Vec::new();
        // Context below the prompt: the prompt is set to the context.
        let mut s = base;
        s.workload.context = 128;
        cases.push(s);
        // A batch beyond the largest: the largest.
        let mut s = base;
        s.workload.batch = roofline::MAX_BATCH + 1;
        cases.push(s);
        // Parameters below the vocabulary tables: the least that holds them.
        let mut s = base;
        s.model.vocab = 262_208;
        s.model.hidden = 5376;
        s.model.params = 1e9;
        s.model.active_params = 1e9;
        cases.push(s);
        // KV heads that do not divide the heads: the nearest count below that does.
        let mut s = base;
        s.model.kv_heads = 7;
        cases.push(s);
        // More active parameters than parameters, and too few for the routing.
        let mut s = base;
        s.model.active_params = 8e9;
        cases.push(s);
        let mut s = base;
        s.model.experts = Some(roofline::Experts {
            count: 8,
            active: 2,
            shared: 0,
        });
        s.model.active_params = 1e9;
        cases.push(s);
        // A reserve and an acceptance rate out of range.
        let mut s = base;
        s.workload.reserve = 1.5;
        cases.push(s);
        let mut s = base;
        s.speculation = Some(roofline::Speculation {
            draft_tokens: 4,
            acceptance: 1.2,
            draft_params: 1e9,
        });
        cases.push(s);
        // A model figure at 0.
        let mut s = base;
        s.model.layers = 0;
        cases.push(s);
        for mut s in cases {
            let e = s.validate().unwrap_err();
            let (field, v) = s.fix(e).unwrap_or_else(|| panic!("no fix for {e:?}"));
            let binding = fields::binding(field).unwrap_or_else(|| panic!("no field for {field:?}"));
            binding.set(&mut s, v / field.scale());
            assert_eq!(s.validate(), Ok(()), "{e:?} → {field:?} = {v}");
        }
        let mut s = base;
        s.workload.context = 128;
        assert_eq!(s.fix(s.validate().unwrap_err()), Some((Field::Prompt, 128.0)));
    }
}
