//! The results: the verdict and its notices, the outputs the entry shows, the
//! comparison with a pinned scenario, and the bar that keeps the verdict in view.
//!
//! What follows the state is written as markup ([`vocab::markup`]) into a few
//! elements, anew when its text changes, instead of as a Leptos view per element: a
//! view's type brings its own code for building and updating its elements, and the
//! results had the most of them (docs/performance.md, "The results as markup"). Their
//! buttons act through one listener on the element that holds them, which reads
//! the action from the state as the button's label was written from it.

use crate::reactive::prelude::*;
use roofline::{Bound, Change, Field, Output, Quantity, Report, Unit};
use vocab::markup::{build, Html};

use super::fields;
use super::state::{CalcState, Setup, OWN_MODEL};
use crate::bound::{Part, Prop};
use crate::data::Lang;
use crate::view::Builder;
use vocab::i18n::texts;

/// An output's text for a report.
pub fn output_text(output: Output, r: &Report, lang: Lang) -> String {
    let t = texts(lang);
    match output.quantity(r) {
        // Weights that alone overrun the memory leave none for the KV cache.
        Some(q) if output == Output::FreeMemory && q.value < 0.0 => {
            (t.memory_short)(&Quantity::new(-q.value, Unit::BytesSi).format_bytes_both(lang.locale()))
        }
        Some(q) if q.unit == Unit::BytesSi => q.format_bytes_both(lang.locale()),
        // A batch that would turn compute-bound but cannot be held: said beside it.
        Some(q) if output == Output::CriticalBatch && q.value > r.capacity.max_requests => {
            let fits = Quantity::new(r.capacity.max_requests, Unit::Count).format(lang.locale());
            format!("{} ({})", q.format(lang.locale()), (t.critical_beyond_fit)(&fits))
        }
        Some(_) => output.text(r, lang.locale(), None).unwrap_or_default(),
        None if output == Output::FitContext => t.no_limit.to_string(),
        None if output == Output::MaxContext => t.not_known.to_string(),
        None if output == Output::ExpertsTouched => t.no_experts.to_string(),
        None => t.not_reached.to_string(),
    }
}

/// How `output` changed from A to B, in words ("2.9× faster"); `None` where either
/// side has no value, or does not fit (its figures cannot happen).
fn change(output: Output, b: &Report, a: &Report, lang: Lang) -> Option<String> {
    if !comparable(a, b) {
        return None;
    }
    let (qb, qa) = (output.quantity(b)?, output.quantity(a)?);
    let c = Change::between(qa.unit, qa.value, qb.value)?;
    Some((texts(lang).change)(c, lang.locale()))
}

/// Whether A and B have changes to show: both fit (a side that does not fit has
/// figures that cannot happen).
fn comparable(a: &Report, b: &Report) -> bool {
    a.capacity.fits() && b.capacity.fits()
}

/// Whether a pinned scenario A shows the same text for `output` as the current B.
pub fn unchanged(state: CalcState, lang: Lang, output: Output) -> bool {
    let Some((_, a)) = state.pinned_valid.get() else {
        return false;
    };
    output_text(output, &a, lang) == output_text(output, &state.valid.get().1, lang)
}

/// A `class` attribute.
fn class(value: &str) -> [(&'static str, Option<&str>); 1] {
    [("class", Some(value))]
}

/// The class of the button that makes the inputs computable.
const FIX_CLASS: &str = "fix-input";

/// What a button of the results does. The label is written from it, and a press
/// reads it from the state again (the same state the label was written from).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Action {
    /// Spread the model over this many devices.
    Devices(u32),
    /// Set the batch to the requests that fit.
    Batch(u32),
    /// Write this number into the field that makes the inputs computable.
    Fix(Field, f64),
}

impl Action {
    /// The button's class, which tells the listener which action it is.
    fn class(self) -> &'static str {
        match self {
            Action::Devices(_) => "use-devices",
            Action::Batch(_) => "use-batch",
            Action::Fix(..) => FIX_CLASS,
        }
    }

    fn label(self, lang: Lang) -> String {
        let t = texts(lang);
        match self {
            Action::Devices(n) => (t.use_devices)(n),
            Action::Batch(n) => (t.use_batch)(&count(f64::from(n), lang)),
            Action::Fix(field, v) => {
                let shown = roofline::format_trimmed(v, 3, lang.locale());
                (t.set_field)((t.field_label)(field), &shown)
            }
        }
    }

    /// The field the action writes.
    fn field(self) -> Field {
        match self {
            Action::Devices(_) => Field::Devices,
            Action::Batch(_) => Field::Batch,
            Action::Fix(field, _) => field,
        }
    }

    fn run(self, state: CalcState) {
        match self {
            Action::Devices(n) => state.set_devices(n),
            Action::Batch(n) => state.set_batch(n),
            Action::Fix(field, v) => {
                if let Some(binding) = fields::binding(field) {
                    state.scenario.update(|s| binding.set(s, v));
                }
            }
        }
    }

    fn write(self, h: &mut Html, lang: Lang) {
        h.el_text(
            "button",
            &[("type", Some("button")), ("class", Some(self.class()))],
            &self.label(lang),
        );
    }
}

fn count(v: f64, lang: Lang) -> String {
    Quantity::new(v, Unit::Count).format(lang.locale())
}

/// The action of a capacity notice: the devices the weights need, or the batch that
/// fits beside them; `None` where everything fits (or not even one request does).
fn fit_action(state: CalcState) -> Option<Action> {
    let (scenario, r) = state.valid.get();
    if !r.capacity.weights_fit {
        return Some(Action::Devices(r.capacity.devices_needed));
    }
    let most = r.capacity.max_requests.floor().max(0.0) as u32;
    (f64::from(scenario.workload.batch) > r.capacity.max_requests && most >= 1).then_some(Action::Batch(most))
}

/// The one action that makes an input computable ("Set prompt length (tokens) to
/// 128"), for a figure the form holds (a text that is no number is the reader's).
fn fix_action(state: CalcState) -> Option<Action> {
    if !state.unparsed.with(Vec::is_empty) {
        return None;
    }
    let e = state.error.get()?;
    let (field, v) = state.scenario.with(|s| s.fix(e))?;
    fields::binding(field)?;
    Some(Action::Fix(field, v / field.scale()))
}

/// A press on a button of the results: its action, read from the state.
fn press(state: CalcState, ev: &web_sys::Event) {
    use wasm_bindgen::JsCast;
    let button = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("button").ok().flatten());
    let Some(button) = button else {
        return;
    };
    // The button's class names its action: the fix, or the capacity notice's.
    let class = button.class_name();
    let action = match class.as_str() {
        FIX_CLASS => fix_action(state),
        _ => fit_action(state),
    };
    if let Some(action) = action.filter(|a| a.class() == class) {
        action.run(state);
        let calculator = button.closest(&format!(".{}", vocab::names::CALCULATOR)).ok().flatten();
        if let Some(calculator) = calculator {
            focus_after(calculator, action.field());
        }
    }
}

/// After a notice's action the notice goes, and its button with the focus: the
/// focus moves to the field the action set, where the reader sees the value it
/// wrote, or to the results where that field is folded away.
fn focus_after(calculator: web_sys::Element, field: Field) {
    use wasm_bindgen::JsCast;
    crate::listen::next_frame(move || {
        let input = calculator
            .query_selector(&format!("input[id$='-{}']", field.id()))
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            .filter(|e| e.offset_parent().is_some());
        let target = input.or_else(|| {
            let results = calculator.query_selector(".calc-results").ok().flatten()?;
            let _ = results.set_attribute("tabindex", "-1");
            results.dyn_into::<web_sys::HtmlElement>().ok()
        });
        if let Some(target) = target {
            let _ = target.focus();
        }
    });
}

/// Markup that follows the state: written into a wrapper the stylesheet lays out as
/// if its children stood in its place, anew when the text changes (so that an
/// unchanged notice keeps its elements, and the focus on its button); its buttons
/// and switches act through one listener each.
pub fn markup(
    b: &mut Builder,
    state: CalcState,
    switch: Option<RwSignal<bool>>,
    write: Box<dyn Fn(&mut Html) + Send + Sync>,
) {
    let html = crate::reactive::memo(move || build(|h| write(h)));
    b.on(&["click", "change"], move |ev| match (ev.type_().as_str(), switch) {
        ("click", _) => press(state, &ev),
        (_, Some(switch)) => switch.set(event_target_checked(&ev)),
        _ => {}
    })
    .parts(vec![Part::new(None, Prop::Markup, move || {
        Some(html.get().into_string())
    })])
    .el_html("div", &class(crate::view::HOLDER), &html.get_untracked());
}

/// The verdict: a setup that does not fit says so first, with what it needs and
/// what there is; else memory- or compute-bound, and by how much.
fn verdict(h: &mut Html, r: &Report, lang: Lang) {
    let t = texts(lang);
    let q = |v: f64| Quantity::new(v, Unit::Intensity).format(lang.locale());
    let (intensity, ridge) = (q(r.decode.intensity.0), q(r.ridge.0));
    let bound = match r.decode.bound {
        Bound::Memory => t.memory_bound,
        Bound::Compute => t.compute_bound,
    };
    let (label, class_name, detail) = if r.capacity.fits() {
        let class_name = match r.decode.bound {
            Bound::Memory => "verdict memory",
            Bound::Compute => "verdict compute",
        };
        (
            bound,
            class_name,
            (t.verdict_detail)(r.decode.ridge_ratio, &intensity, &ridge, lang.locale()),
        )
    } else {
        let bytes = |v: f64| Quantity::new(v, Unit::BytesSi).format(lang.locale());
        let detail = (t.verdict_does_not_fit)(&bytes(r.capacity.needed.0), &bytes(r.capacity.usable.0), bound);
        (t.does_not_fit_short, "verdict nofit", detail)
    };
    h.el("p", &class(class_name), |h| {
        h.el_text("strong", &[], label).text(" ").el_text("span", &[], &detail);
    });
}

/// A notice: a paragraph of text with its classes.
fn notice(h: &mut Html, class_name: &str, text: &str) {
    h.el_text("p", &class(class_name), text);
}

/// Weights that do not fit on the devices, or a batch whose KV cache does not fit
/// beside them: the results stay (computed as for memory that holds them), with
/// what fits and one action that sets it. Shown in the verdict and beside the model
/// menu (`place`).
pub fn fit_notice(h: &mut Html, state: CalcState, lang: Lang, place: &str) {
    let t = texts(lang);
    let (scenario, r) = state.valid.get();
    let text = if r.capacity.weights_fit {
        let batch = scenario.workload.batch;
        if f64::from(batch) <= r.capacity.max_requests {
            return;
        }
        let most = r.capacity.max_requests.floor().max(0.0);
        (t.batch_does_not_fit)(&count(f64::from(batch), lang), &count(most, lang))
    } else {
        let setup = state.setup();
        (t.does_not_fit)(
            setup.model_name(t.own_model, lang),
            r.capacity.devices_needed,
            setup.hardware_name(),
            scenario.workload.devices,
        )
    };
    h.el("div", &class(&format!("notice does-not-fit {place}")), |h| {
        h.el_text("p", &[], &text);
        if let Some(action) = fit_action(state) {
            action.write(h, lang);
        }
    });
}

/// What tells two setups apart: every input that differs (model, device, data
/// types, workload), each side's values joined; "B" and "A" where none does.
pub fn names(b: &Setup, a: &Setup, lang: Lang) -> (String, String) {
    let t = texts(lang);
    let count = |v: u32| count(f64::from(v), lang);
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
fn compare_summary(h: &mut Html, state: CalcState, lang: Lang) -> Option<()> {
    let t = texts(lang);
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
    notice(h, "compare-summary", &format!("{headline}{note}"));
    Some(())
}

/// What the results say above their figures, in their order: the action that makes
/// the inputs computable, the comparison's headline, a capacity notice, the
/// verdict, and the warnings about the model and the workload.
fn summary(h: &mut Html, state: CalcState, lang: Lang) {
    let t = texts(lang);
    if let Some(action) = fix_action(state) {
        action.write(h, lang);
    }
    compare_summary(h, state, lang);
    fit_notice(h, state, lang, "in-results");
    let (scenario, r) = state.valid.get();
    verdict(h, &r, lang);
    let own = state.model_preset.get() == OWN_MODEL;
    // A pasted model with keys the calculator does not model: its figures may be off.
    let keys = state.unmodelled.get();
    if own && !keys.is_empty() {
        h.el("p", &class("notice unmodelled"), |h| {
            h.text(t.not_modelled)
                .text(" ")
                .el_text("code", &[], &keys.join(", "))
                .text(t.not_modelled_after);
        });
    }
    // A pasted model whose given parameter count lies more than 2 % from its
    // shapes': said while that count is the model's.
    if let Some((given, shapes)) = state.params_check.get() {
        if own && state.scenario.with(|s| s.model.params) == given {
            let q = |v: f64| Quantity::new(v, Unit::Params).format(lang.locale());
            let apart = roofline::ModelConfig::apart((given, shapes)) * 100.0;
            let percent = Quantity::new(apart, Unit::Number).format(lang.locale());
            let percent = format!("{percent}\u{a0}%");
            notice(
                h,
                "notice params-check",
                &(t.params_disagree)(&q(given), &q(shapes), &percent),
            );
        }
    }
    // A context beyond what the model reads: the results stay, with a warning.
    if let Some(limit) = scenario.context_beyond_model() {
        let name = state.setup().model_name(t.own_model, lang);
        let limit = roofline::format_fixed(f64::from(limit), 0, lang.locale());
        notice(h, "notice context-limit", &(t.context_beyond_model)(name, &limit));
    }
    // A setup that does not fit: its figures cannot happen on the chosen devices.
    if !r.capacity.fits() {
        notice(h, "cannot-happen", t.results_cannot_happen);
    }
}

/// The verdict and the two figures a reader watches, in a bar that stays in view
/// while the form is edited: at the bottom of a phone's screen, at the top of the
/// results' column on a wide one (the stylesheet hides it while the results' own
/// verdict is on screen).
pub fn verdict_bar(h: &mut Html, state: CalcState, lang: Lang) {
    let t = texts(lang);
    let (_, r) = state.valid.get();
    let locale = lang.locale();
    let (label, class_name) = match (r.capacity.fits(), r.decode.bound) {
        // A model or batch that does not fit says so first: its verdict is for
        // memory that could hold it.
        (false, _) => (t.does_not_fit_short, "verdict-bar nofit"),
        (true, Bound::Memory) => (t.memory_bound, "verdict-bar memory"),
        (true, Bound::Compute) => (t.compute_bound, "verdict-bar compute"),
    };
    let bytes = |v: f64| Quantity::new(v, Unit::BytesSi).format(locale);
    let (needed, usable) = (bytes(r.capacity.needed.0), bytes(r.capacity.usable.0));
    let stale = if state.stale() { " stale" } else { "" };
    let class_name = format!("{class_name}{stale}");
    h.el(
        "p",
        &[("class", Some(&class_name)), ("aria-hidden", Some("true"))],
        |h| {
            h.el_text("strong", &[], label);
            // A setup that does not fit has no speed to show: what it needs instead.
            if r.capacity.fits() {
                let speed = (t.per_request)(&output_text(Output::TokensPerS, &r, lang));
                h.el_text("span", &[], &speed)
                    .el_text("span", &[], &(t.memory_in_use)(&needed, &usable));
            } else {
                h.el_text("span", &class("over"), &(t.needs_usable)(&needed, &usable));
            }
        },
    );
}

/// One output's cells: its value and, on demand, its arithmetic. While a scenario
/// is pinned, a row of the comparison's table: A's value, the current B's and the
/// change (each cell named for a screen reader; the table's head shows the names).
fn output_cells(h: &mut Html, state: CalcState, lang: Lang, output: Output, formulas: bool) {
    let t = texts(lang);
    let (s, r) = state.valid.get();
    let cell_label = |h: &mut Html, label: &str| {
        h.el_text("span", &class("visually-hidden"), &format!("{label} "));
    };
    let pinned = state.pinned_valid.get();
    if let Some((_, a)) = &pinned {
        h.el("span", &class("pinned-value"), |h| {
            cell_label(h, t.pinned_value);
            h.text(&output_text(output, a, lang));
        });
    }
    h.el("span", &class("current"), |h| {
        if state.pinned.with(Option::is_some) {
            cell_label(h, t.current_value);
        }
        h.el_text("span", &class("value"), &output_text(output, &r, lang));
    });
    if let Some((_, a)) = &pinned {
        h.el_text(
            "span",
            &class("ratio"),
            &change(output, &r, a, lang).unwrap_or_default(),
        );
    }
    if formulas {
        if let Some(f) = output.formula(&s, &r, lang.locale()) {
            h.el_text("span", &class("formula"), &f);
        }
    }
}

/// One output: its name and its cells. A row whose figure a pinned A shares is
/// folded away.
fn output_row(b: &mut Builder, state: CalcState, lang: Lang, output: Output, formulas: RwSignal<bool>) {
    let t = texts(lang);
    let cells = crate::reactive::memo(move || build(|h| output_cells(h, state, lang, output, formulas.get())));
    let folded = move || unchanged(state, lang, output);
    let row_class = if folded() { "output unchanged" } else { "output" };
    b.parts(vec![
        Part::flag(None, Prop::Class("unchanged"), folded),
        Part::new(Some("dd"), Prop::Markup, move || Some(cells.get().into_string())),
    ])
    .el(
        "div",
        &[("class", Some(row_class)), ("data-output", Some(output.id()))],
        |b| {
            b.el_text("dt", &[], (t.output_label)(output))
                .el_html("dd", &[], &cells.get_untracked());
        },
    );
}

/// While a scenario is pinned, the head of the comparison's columns, the first
/// group of the list: each side by what tells it apart (each cell names its
/// column for a screen reader).
fn compare_head(b: &mut Builder, state: CalcState, lang: Lang) {
    let t = texts(lang);
    let head = move || {
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
        // "Change" heads a column with changes in it: none where a side does not fit.
        let changes = state.pinned_valid.with(|p| {
            p.as_ref()
                .is_some_and(|(_, a)| state.valid.with(|(_, b)| comparable(a, b)))
        });
        Some(build(|h| {
            h.el_text("span", &[], &side(t.pinned_value, na))
                .el_text("span", &[], &side(t.current_value, nb))
                .el_text("span", &[], if changes { t.compare_change } else { "" });
        }))
    };
    let Some(first) = head() else { return };
    b.el(
        "div",
        &[("class", Some("compare-head")), ("aria-hidden", Some("true"))],
        |b| {
            b.el_text("dt", &[], "")
                .parts(vec![Part::new(None, Prop::Markup, move || {
                    head().map(Html::into_string)
                })])
                .el_html("dd", &[], &first);
        },
    );
}

/// While a scenario is pinned, the switch that unfolds the rows A and B share.
fn unchanged_switch(h: &mut Html, state: CalcState, lang: Lang, shown: RwSignal<bool>) {
    let t = texts(lang);
    if state.pinned.with(Option::is_none) {
        return;
    }
    let n = state
        .example
        .show
        .iter()
        .filter(|o| unchanged(state, lang, **o))
        .count();
    if n == 0 {
        return;
    }
    // Checked as the reader left it; only a change of the count writes it anew.
    let checked = shown.get_untracked().then_some("");
    h.el("label", &class("unchanged-toggle"), |h| {
        h.void("input", &[("type", Some("checkbox")), ("checked", checked)])
            .text(" ")
            .text(&(t.unchanged_figures)(n));
    });
}

/// Pinning: the button that pins the current scenario as A, or lets it go.
fn compare(b: &mut Builder, state: CalcState, lang: Lang) {
    let t = texts(lang);
    let pinned = move || state.pinned.with(Option::is_some);
    let label = move || if pinned() { t.unpin } else { t.pin };
    b.on(
        &["click"],
        move |_| {
            if pinned() {
                state.pinned.set(None)
            } else {
                state.pin()
            }
        },
    )
    .parts(vec![
        Part::new(None, Prop::Attr("aria-pressed"), move || Some(pinned().to_string())),
        Part::new(None, Prop::Text, move || Some(label().to_string())),
    ])
    .el_text(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("pin")),
            ("aria-pressed", Some(if pinned() { "true" } else { "false" })),
        ],
        label(),
    );
}

/// The outputs the list shows: those the entry names and those a model's kind
/// brings beside them: a mixture of experts reads fewer weights than it stores (the
/// weights read per step and the experts a step touches, with their formula); a
/// hybrid keeps a state of fixed size per request (Mamba, linear attention) beside
/// its KV cache.
fn outputs_of(state: CalcState, (moe, hybrid): (bool, bool)) -> Vec<Output> {
    let moe = moe.then_some([Output::DecodeWeightBytes, Output::ExpertsTouched]);
    let kind = moe
        .into_iter()
        .flatten()
        .chain(hybrid.then_some(Output::StatePerRequest))
        .filter(|o| !state.example.show.contains(o));
    state.example.show.iter().copied().chain(kind).collect()
}

/// Why the results are stale: the notice, and the field whose text is no number
/// with its complaint, or the core's message with the field it names (which may be
/// one the form does not show, such as the KV heads of a model with a latent).
fn stale_text(state: CalcState, lang: Lang) -> Option<String> {
    let t = texts(lang);
    if !state.stale() {
        return None;
    }
    // The field the reader typed into last that holds no number says why first.
    if let Some((field, complaint)) = state.unparsed.with(|list| list.last().copied()) {
        return Some(format!("{} {}: {complaint}", t.stale_results, (t.field_label)(field)));
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
    (t.scenario_line)(
        setup.model_name(t.own_model, lang),
        setup.hardware_name(),
        s.workload.devices,
        &count(f64::from(s.workload.batch), lang),
        &count(f64::from(s.workload.context), lang),
    )
}

/// The results: verdict, warnings, the outputs the entry shows, the comparison and
/// the formulas.
pub fn results(b: &mut Builder, state: CalcState, lang: Lang) {
    let t = texts(lang);
    let formulas = RwSignal::new(false);
    let unchanged = RwSignal::new(false);
    let stale = move || state.stale();
    let comparing = move || state.pinned.with(Option::is_some);
    let folding = move || comparing() && !unchanged.get();
    let cannot = move || !state.valid.with(|(_, r)| r.capacity.fits());
    let scenario = move || Some(scenario_line(state, lang));
    let stale_line = move || stale_text(state, lang);
    // The rows: written anew when a side's model changes kind or a scenario is
    // pinned or let go (a memo, so that not every change writes them).
    // Either side's kind: a comparison of a mixture of experts with a dense model
    // shows the experts' rows for both.
    let kind = crate::reactive::memo(move || {
        let of = |r: &Report| (r.experts_touched.is_some(), r.state_per_request.0 > 0.0);
        let b = state.valid.with(|(_, r)| of(r));
        let a = state.pinned_valid.with(|p| p.as_ref().map(|(_, r)| of(r)));
        a.map_or(b, |a| (a.0 || b.0, a.1 || b.1))
    });
    let list_class = || {
        let mut c = String::from("outputs");
        for (on, name) in [
            (comparing(), " comparing"),
            (folding(), " folding"),
            (cannot(), " cannot"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        c
    };
    b.parts(vec![Part::flag(None, Prop::Class("stale"), stale)]).el(
        "div",
        &[
            (
                "class",
                Some(if stale() { "calc-results stale" } else { "calc-results" }),
            ),
            ("aria-live", Some("polite")),
        ],
        |b| {
            b.el_text("h3", &[], t.results);
            b.parts(vec![Part::new(None, Prop::Text, scenario)]).el_text(
                "p",
                &class("scenario-line"),
                &scenario().unwrap_or_default(),
            );
            // Always in the page, so that its text coming and going moves nothing.
            b.parts(vec![Part::new(None, Prop::Text, stale_line)]).el_text(
                "p",
                &class("stale-notice"),
                &stale_line().unwrap_or_default(),
            );
            markup(b, state, None, Box::new(move |h| summary(h, state, lang)));
            b.parts(vec![
                Part::flag(None, Prop::Class("comparing"), comparing),
                Part::flag(None, Prop::Class("folding"), folding),
                Part::flag(None, Prop::Class("cannot"), cannot),
            ])
            .slot(
                "dl",
                &class(&list_class()),
                move || (kind.get(), comparing()),
                move |(kind, _), b| {
                    compare_head(b, state, lang);
                    for o in outputs_of(state, *kind) {
                        output_row(b, state, lang, o, formulas);
                    }
                },
            );
            markup(
                b,
                state,
                Some(unchanged),
                Box::new(move |h| unchanged_switch(h, state, lang, unchanged)),
            );
            compare(b, state, lang);
            b.on(&["change"], move |ev| formulas.set(event_target_checked(&ev)))
                .parts(vec![Part::flag(Some("input"), Prop::Checked, move || formulas.get())])
                .el("label", &class("formula-toggle"), |b| {
                    b.void("input", &[("type", Some("checkbox"))])
                        .text(" ")
                        .text(t.show_formulas);
                });
        },
    );
}
