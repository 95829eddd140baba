//! The roofline calculator embedded in entries: results and verdict first, then the
//! form (the model's shape behind a disclosure, a pasted config.json, comparison
//! with a pinned scenario), then the charts.

pub mod charts;
pub mod fields;
pub mod own;
pub mod results;
pub mod state;

use crate::reactive::prelude::*;
use roofline::Field;

use crate::bound::{Part, Prop};
use crate::data::{presets, Lang};
use crate::view::{Builder, HOLDER};
use fields::{
    data_type_select, model_fields, number_field, number_with_slider, optional_field, preset_select, Choice, Place,
    PresetSelect, TypeOf, BATCH, CONTEXT, GROUP,
};
pub use fields::{field_text, parse_number};
use state::{CalcState, OWN_MODEL};
use vocab::i18n::texts;
use vocab::names;
use vocab::Control;

/// The largest batch and context the sliders reach.
const MAX_BATCH_SLIDER: u32 = 4096;
const MAX_CONTEXT_SLIDER: u32 = 1 << 21;

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

/// A `<details>` disclosure whose open state follows `open` both ways: the reader's
/// toggle sets it, and the form opens it where it needs the reader.
fn disclosure(b: &mut Builder, class: &'static str, open: RwSignal<bool>, content: impl FnOnce(&mut Builder)) {
    b.on(&["toggle"], crate::reactive::keep_open(open))
        .parts(vec![Part::flag(None, Prop::Attr("open"), move || open.get())])
        .el(
            "details",
            &[("class", Some(class)), ("open", open.get_untracked().then_some(""))],
            content,
        );
}

/// The model: its preset, its data types, and its shape behind "model details",
/// which opens by itself when the reader changes the shape or a figure of it turns
/// invalid.
fn model_fieldset(b: &mut Builder, state: CalcState, lang: Lang, uid: usize, places: Places, opened: RwSignal<bool>) {
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
    b.el("fieldset", &[("class", Some(places.of_group(in_model)))], |b| {
        b.el_text("legend", &[], t.model_fields);
        preset_select(
            b,
            PresetSelect {
                id: names::control_id(uid, "model"),
                label: t.model,
                edited_label: t.edited,
                options,
                selected,
                edited: Signal::derive(move || edited() && !own()),
                on_pick: pick,
                extra: Some(t.own_model),
                place: places.of(Control::Model),
            },
        );
        results::markup(
            b,
            state,
            None,
            Box::new(move |h| results::fit_notice(h, state, lang, "by-model")),
        );
        data_type_select(b, state, lang, uid, TypeOf::Weights, places.of(Control::Weights));
        optional_field(b, state, lang, GROUP, uid, places.of(Control::Weights));
        disclosure(b, "model-details extra", opened, |b| {
            b.el_text("summary", &[], t.model_details);
            // Built when first opened: a closed disclosure costs the page's
            // take-over nothing.
            b.slot(
                "div",
                &[("class", Some(HOLDER))],
                move || opened.get(),
                move |open, b| {
                    if !*open {
                        return;
                    }
                    for binding in model_fields() {
                        optional_field(b, state, lang, binding, uid, Place::First);
                    }
                    b.slot("div", &[("class", Some(HOLDER))], moe, move |moe, b| {
                        if *moe {
                            data_type_select(b, state, lang, uid, TypeOf::Experts, Place::First);
                        }
                    });
                },
            );
        });
        own::own_model(b, state, lang, uid);
    });
}

/// The device: its preset, grouped by vendor, and its figures.
fn hardware_fieldset(b: &mut Builder, state: CalcState, lang: Lang, uid: usize, places: Places) {
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
    b.el("fieldset", &[("class", Some(places.of_group(in_hardware)))], |b| {
        b.el_text("legend", &[], t.hardware_fields);
        preset_select(
            b,
            PresetSelect {
                id: names::control_id(uid, "hardware"),
                label: t.hardware,
                edited_label: t.edited,
                options,
                selected: Signal::derive(move || Some(state.hardware_preset.get())),
                edited: Signal::derive(edited),
                on_pick: pick,
                extra: None,
                place: places.of(Control::Hardware),
            },
        );
        for i in figures {
            let place = places.of(Control::Figure(i.field));
            number_field(b, state, lang, fields::Binding::input(i), uid, place);
        }
    });
}

/// The form: model, hardware and workload. At first it shows the few controls its
/// entry is about (its block's `inputs`); "More inputs" shows the others in their
/// groups, and does so by itself when one of them needs the reader: a figure of it
/// turned invalid, the model's shape or the device's figures changed, a model of the
/// reader's own chosen, or (at the start) a shared link set one.
fn inputs(b: &mut Builder, state: CalcState, lang: Lang, uid: usize) {
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
            || state.unparsed.with(|list| list.iter().any(|(f, _)| wanted(places, *f)))
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
    let number = move |b: &mut Builder, i: &'static roofline::inputs::Input| {
        number_field(b, state, lang, fields::Binding::input(i), uid, figure_place(i.field));
    };
    b.on(&["submit"], |ev| ev.prevent_default())
        .el("form", &[("class", Some("calc-inputs"))], |b| {
            b.el("fieldset", &[("class", Some(places.of_group(in_workload)))], |b| {
                b.el_text("legend", &[], t.workload_fields);
                number_with_slider(b, state, lang, BATCH, uid, MAX_BATCH_SLIDER, figure_place(Field::Batch));
                number_with_slider(
                    b,
                    state,
                    lang,
                    CONTEXT,
                    uid,
                    MAX_CONTEXT_SLIDER,
                    figure_place(Field::Context),
                );
                number(b, &roofline::inputs::PROMPT);
                for i in speculation {
                    number(b, i);
                }
                data_type_select(b, state, lang, uid, TypeOf::Kv, places.of(Control::Kv));
            });
            model_fieldset(b, state, lang, uid, places, details_open);
            hardware_fieldset(b, state, lang, uid, places);
            // A disclosure (it works before the app is live, and the take-over keeps
            // it as the reader left it); what it shows is the `extra` controls above.
            disclosure(b, "more-inputs", more_open, |b| {
                // Said by what a press does: "More inputs" while closed, "Fewer inputs" while open.
                b.on(&["click"], move |_| reveal_more(uid)).el("summary", &[], |b| {
                    b.el_text("span", &[("class", Some("when-closed"))], t.more_inputs)
                        .el_text("span", &[("class", Some("when-open"))], t.fewer_inputs);
                });
            });
            b.on(&["click"], move |_| state.reset()).el_text(
                "button",
                &[("type", Some("button")), ("class", Some("reset"))],
                t.reset,
            );
        });
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
pub fn calculator(b: &mut Builder, state: CalcState, lang: Lang, uid: usize, ignored: Signal<Vec<String>>) {
    let t = texts(lang);
    let heading = names::control_id(uid, "heading");
    // Each ignored value isolated as `<bdi>` isolates its text (first strong isolate
    // … pop directional isolate): the address is anyone's text, and a right-to-left
    // mark or an override in one value reorders nothing around it.
    let notice = move || {
        vocab::markup::build(|h| {
            ignored.with(|list| {
                if !list.is_empty() {
                    let values: Vec<String> = list.iter().map(|v| format!("\u{2068}{v}\u{2069}")).collect();
                    h.el("p", &[("class", Some("notice")), ("role", Some("status"))], |h| {
                        h.text(t.ignored_parameters)
                            .text(" ")
                            .el_text("code", &[], &values.join(", "));
                    });
                }
            })
        })
    };
    b.el(
        "section",
        &[("class", Some(names::CALCULATOR)), ("aria-labelledby", Some(&heading))],
        |b| {
            b.el_text("h2", &[("id", Some(&heading))], t.calculator_heading)
                .el_text("p", &[("class", Some("needs-js"))], t.needs_javascript);
            b.parts(vec![Part::new(None, Prop::Markup, move || {
                Some(notice().into_string())
            })])
            .el_html("div", &[("class", Some(HOLDER))], &notice());
            b.el("div", &[("class", Some("calc-grid"))], |b| {
                results::results(b, state, lang);
                inputs(b, state, lang, uid);
                results::markup(b, state, None, Box::new(move |h| results::verdict_bar(h, state, lang)));
            });
            b.el("div", &[("class", Some("charts"))], |b| {
                for c in &state.example.charts {
                    charts::chart_figure(b, state, lang, *c, names::chart_key(uid, c.id()));
                }
            });
        },
    );
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
