//! The form's fields: numbers bound to figures of the scenario, preset and data-type
//! choices, and logarithmic sliders.

use crate::reactive::prelude::*;
use roofline::inputs::{self, Input};
use roofline::{figures, DataType, Field, Figure, Groups, Quantity, Scenario, Unit};

use super::state::{CalcState, OWN_ID};
use crate::bound::{Part, Prop};
use crate::data::Lang;
use crate::view::{Builder, HOLDER};
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;

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
    crate::num::parse_f64(&normalised)
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
    let rounded = if rounded.is_finite() { rounded } else { v };
    let text = format!("{rounded}");
    let text = text.strip_suffix(".0").unwrap_or(&text).to_string();
    match lang {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// How one numeric field reads and writes the scenario, and when the form shows it.
#[derive(Clone, Copy)]
pub struct Binding {
    pub field: Field,
    access: Access,
    whole: bool,
}

/// Where a field's figure lives.
#[derive(Clone, Copy)]
enum Access {
    /// A figure of the model, read, written and shown as the core declares it.
    Model(&'static Figure),
    /// An input of the device, the workload or speculative decoding, as the core
    /// declares it.
    Input(&'static Input),
    /// Another figure of the scenario (the data type's group size).
    Scenario {
        get: fn(&Scenario) -> f64,
        set: fn(&mut Scenario, f64),
        /// Whether the scenario has this figure at all.
        shown: fn(&Scenario) -> bool,
    },
}

impl Binding {
    /// The figure as the field writes it (billions, GB); 0 for one the model lacks.
    pub fn get(&self, s: &Scenario) -> f64 {
        match self.access {
            Access::Model(f) => f.written(&s.model).unwrap_or(0.0),
            Access::Input(i) => i.written(s).unwrap_or(0.0),
            Access::Scenario { get, .. } => get(s),
        }
    }

    /// Sets the figure from the field's number.
    pub fn set(&self, s: &mut Scenario, v: f64) {
        match self.access {
            Access::Model(f) => f.set_written(&mut s.model, Some(v)),
            Access::Input(i) => i.set_written(s, v),
            Access::Scenario { set, .. } => set(s, v),
        }
    }

    /// Whether the form shows the field for this scenario (experts only for a
    /// mixture of experts, the latent only with multi-head latent attention).
    pub fn shown(&self, s: &Scenario) -> bool {
        match self.access {
            Access::Model(f) => f.shown.is_some_and(|shown| shown(&s.model)),
            Access::Input(i) => (i.get)(s).is_some(),
            Access::Scenario { shown, .. } => shown(s),
        }
    }

    /// Whether the core takes 0 for the figure in `valid` (a scenario it takes): as
    /// "none" for a window or shared experts, as no grouping for the group size. A
    /// field asks for "0 or more" there, "1 or more" elsewhere.
    pub fn may_be_zero(&self, valid: &Scenario) -> bool {
        let mut probe = *valid;
        self.set(&mut probe, 0.0);
        probe.validate().is_ok()
    }

    /// The binding of an input of the device, the workload or speculative decoding.
    pub const fn input(i: &'static Input) -> Binding {
        Binding {
            field: i.field,
            access: Access::Input(i),
            whole: i.whole,
        }
    }
}

fn to_u32(v: f64) -> u32 {
    // Fractions and negative values become a value the core rejects with a message
    // (0), and whole values beyond the type its largest (too large), rather than
    // wrapping silently.
    if v.fract() != 0.0 || v.is_nan() || v < 0.0 {
        0
    } else if v > f64::from(u32::MAX) {
        u32::MAX
    } else {
        v as u32
    }
}

/// The model's shape, behind the "model details" disclosure: every figure the core
/// declares for the form, in its order.
pub fn model_fields() -> impl Iterator<Item = Binding> {
    figures::MODEL.iter().filter(|f| f.shown.is_some()).map(|f| Binding {
        field: f.field,
        access: Access::Model(f),
        whole: f.whole,
    })
}

pub const BATCH: Binding = Binding::input(&inputs::BATCH);
pub const CONTEXT: Binding = Binding::input(&inputs::CONTEXT);

/// The binding of `field`, among the model's, the device's, the workload's and
/// speculative decoding's; `None` for a figure the calculator never writes.
pub fn binding(field: Field) -> Option<Binding> {
    if let Some(f) = figures::of(field).filter(|f| f.shown.is_some()) {
        return Some(Binding {
            field,
            access: Access::Model(f),
            whole: f.whole,
        });
    }
    if field == GROUP.field {
        return Some(GROUP);
    }
    inputs::of(field).map(Binding::input)
}

pub const GROUP: Binding = Binding {
    field: Field::GroupSize,
    access: Access::Scenario {
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
        shown: |s| s.weights.groups().is_some(),
    },
    whole: true,
};

/// Where a control stands in the form: among the few its entry is about, which
/// show at once, or among the others, which show with "More inputs".
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Place {
    #[default]
    First,
    Extra,
}

impl Place {
    /// The class of a control's element: `base`, and `extra` where it waits for "More inputs".
    pub fn class(self, base: &'static str, with_extra: &'static str) -> &'static str {
        match self {
            Place::First => base,
            Place::Extra => with_extra,
        }
    }
}

/// The element id of a field.
pub fn field_id(uid: usize, field: Field) -> String {
    names::control_id(uid, field.id())
}

/// A labelled number input bound to one figure of the scenario, with its help text
/// and its error, both announced with the field.
pub fn number_field(b: &mut Builder, state: CalcState, lang: Lang, binding: Binding, uid: usize, place: Place) {
    let t = texts(lang);
    let id = field_id(uid, binding.field);
    let (help_id, error_id) = (format!("{id}-help"), format!("{id}-error"));
    let text = RwSignal::new(field_text(state.scenario.with_untracked(|s| binding.get(s)), lang));
    // The field's own complaint about its text: not a number, or not a whole one.
    let unparsed = RwSignal::new(None::<&'static str>);
    // Follow changes made elsewhere (presets, reset, slider) unless the text already
    // says the same number. A text the field refused stays with its message while
    // other fields change; only a change of this field's own figure replaces it.
    crate::reactive::effect_with(move |last: Option<f64>| {
        let v = state.scenario.with(|s| binding.get(s));
        let moved = last.is_some_and(|last| last != v);
        let refused = unparsed.with_untracked(Option::is_some);
        if (moved || !refused) && parse_number(&text.get_untracked(), lang) != Some(v) {
            text.set(field_text(v, lang));
            unparsed.set(None);
        }
        v
    });
    crate::reactive::effect(move || {
        let complaint = unparsed.get();
        state.unparsed.update(|list| {
            list.retain(|(f, _)| *f != binding.field);
            if let Some(c) = complaint {
                list.push((binding.field, c));
            }
        });
    });
    on_cleanup(move || state.unparsed.update(|list| list.retain(|(f, _)| *f != binding.field)));
    let on_input = move |ev: web_sys::Event| {
        let value = event_target_value(&ev);
        text.set(value.clone());
        // A number whose figure is no longer finite in the core's units (1e300
        // billion) is as unreadable as text.
        let usable = parse_number(&value, lang).filter(|v| {
            let mut probe = state.scenario.get_untracked();
            binding.set(&mut probe, *v);
            binding.get(&probe).is_finite()
        });
        match usable {
            // A count or a width is a whole number, never below 0.
            Some(v) if binding.whole && (v.fract() != 0.0 || v < 0.0) => {
                unparsed.set(Some(if state.valid.with_untracked(|(s, _)| binding.may_be_zero(s)) {
                    t.not_a_whole_number
                } else {
                    t.not_a_count
                }))
            }
            Some(v) => {
                unparsed.set(None);
                state.scenario.update(|s| binding.set(s, v));
            }
            None => unparsed.set(Some(t.not_a_number)),
        }
    };
    let message = move || {
        if let Some(complaint) = unparsed.get() {
            Some(complaint.to_string())
        } else {
            state
                .error
                .get()
                .filter(|e| e.field() == binding.field)
                .map(|e| (t.error)(&e, lang.locale()))
        }
    };
    let invalid = move || message().is_some();
    // The elements as the pre-renderer writes them; then the parts that follow the
    // state are bound to them.
    let first_message = untrack(message);
    let markup = build(|h| {
        h.el_text("label", &[("for", Some(&id))], (t.field_label)(binding.field));
        h.void(
            "input",
            &[
                ("id", Some(&id)),
                ("type", Some("text")),
                ("inputmode", Some(if binding.whole { "numeric" } else { "decimal" })),
                ("autocomplete", Some("off")),
                ("value", Some(&text.get_untracked())),
                (
                    "aria-invalid",
                    Some(if first_message.is_some() { "true" } else { "false" }),
                ),
                ("aria-describedby", Some(&format!("{help_id} {error_id}"))),
            ],
        );
        h.el_text(
            "p",
            &[("class", Some("field-help")), ("id", Some(&help_id))],
            (t.field_help)(binding.field),
        );
        h.el_text(
            "p",
            &[
                ("class", Some("field-error")),
                ("id", Some(&error_id)),
                ("role", Some("alert")),
            ],
            first_message.as_deref().unwrap_or_default(),
        );
    });
    let class = if first_message.is_some() {
        place.class("field invalid", "field extra invalid")
    } else {
        place.class("field", "field extra")
    };
    b.on(&["input"], on_input)
        .parts(vec![
            Part::flag(None, Prop::Class("invalid"), invalid),
            Part::new(Some("input"), Prop::Value, move || Some(text.get())),
            Part::new(Some("input"), Prop::Attr("aria-invalid"), move || {
                Some(invalid().to_string())
            }),
            Part::new(Some(".field-error"), Prop::Text, message),
        ])
        .el_html("div", &[("class", Some(class))], &markup);
}

/// A field that the form shows only where the scenario has its figure.
pub fn optional_field(b: &mut Builder, state: CalcState, lang: Lang, binding: Binding, uid: usize, place: Place) {
    let shown = move || state.scenario.with(|s| binding.shown(s));
    b.slot("div", &[("class", Some(HOLDER))], shown, move |shown, b| {
        if *shown {
            number_field(b, state, lang, binding, uid, place);
        }
    });
}

/// An option of a preset list: its value and its name, in a group.
pub struct Choice {
    pub value: &'static str,
    pub name: &'static str,
    pub group: Option<&'static str>,
}

/// A choice of preset; `edited` marks a preset whose figures the reader changed.
/// Options of one group stand in an `<optgroup>`.
pub struct PresetSelect {
    pub id: String,
    pub label: &'static str,
    pub edited_label: &'static str,
    pub options: Vec<Choice>,
    pub selected: Signal<Option<usize>>,
    pub edited: Signal<bool>,
    pub on_pick: Callback<usize>,
    pub extra: Option<&'static str>,
    pub place: Place,
}

/// Writes a [`PresetSelect`].
pub fn preset_select(b: &mut Builder, p: PresetSelect) {
    let PresetSelect {
        id,
        label,
        edited_label,
        options,
        selected,
        edited,
        on_pick,
        extra,
        place,
    } = p;
    let values: Vec<&'static str> = options.iter().map(|c| c.value).collect();
    let on_change = move |ev: web_sys::Event| {
        if let Some(i) = values.iter().position(|v| *v == event_target_value(&ev)) {
            on_pick.run(i);
        }
    };
    // The options, the chosen one marked; the pasted model's option is there while it
    // is chosen. Consecutive options of one group share an `<optgroup>`.
    let options_html = move |chosen: Option<usize>| {
        build(|h| {
            let mut group = None;
            for (i, c) in options.iter().enumerate() {
                if c.group != group {
                    if group.is_some() {
                        h.end("optgroup");
                    }
                    if let Some(label) = c.group {
                        h.start("optgroup", &[("label", Some(label))]);
                    }
                    group = c.group;
                }
                let selected = (chosen == Some(i)).then_some("");
                h.el_text("option", &[("value", Some(c.value)), ("selected", selected)], c.name);
            }
            if group.is_some() {
                h.end("optgroup");
            }
            if let (Some(name), None) = (extra, chosen) {
                h.el_text("option", &[("value", Some(OWN_ID)), ("selected", Some(""))], name);
            }
        })
    };
    let label_text = move || match edited.get() {
        true => format!("{label} ({edited_label})"),
        false => label.to_string(),
    };
    let markup = build(|h| {
        h.el_text("label", &[("for", Some(&id))], &untrack(label_text));
        h.start("select", &[("id", Some(&id))]);
        h.append(&options_html(selected.get_untracked()));
        h.end("select");
    });
    let parts = vec![
        Part::new(Some("label"), Prop::Text, move || Some(label_text())),
        Part::new(Some("select"), Prop::Markup, move || {
            Some(options_html(selected.get()).into_string())
        }),
    ];
    menu_field(b, place, parts, Box::new(on_change), markup);
}

/// A menu's field: its markup (label, menu and what follows it), the parts bound to
/// it, and the one listener for the menu's `change`.
fn menu_field(b: &mut Builder, place: Place, parts: Vec<Part>, on_change: Box<dyn Fn(web_sys::Event)>, markup: Html) {
    b.on(&["change"], on_change).parts(parts).el_html(
        "div",
        &[("class", Some(place.class("field", "field extra")))],
        &markup,
    );
}

/// A choice of data type: of the weights, of the KV cache, or of the experts.
#[derive(Clone, Copy, PartialEq)]
pub enum TypeOf {
    Weights,
    Kv,
    Experts,
}

/// A choice of data type.
pub fn data_type_select(b: &mut Builder, state: CalcState, lang: Lang, uid: usize, of: TypeOf, place: Place) {
    let t = texts(lang);
    let (name, label) = match of {
        TypeOf::Weights => ("weights", t.weights_type),
        TypeOf::Kv => ("kv", t.kv_type),
        TypeOf::Experts => ("expert-weights", t.expert_weights),
    };
    let id = names::control_id(uid, name);
    let current = move || {
        state.scenario.with(|s| match of {
            TypeOf::Weights => Some(s.weights),
            TypeOf::Kv => Some(s.kv),
            TypeOf::Experts => s.model.expert_weights,
        })
    };
    let on_change = move |ev: web_sys::Event| {
        let d = DataType::from_id(&event_target_value(&ev));
        if of == TypeOf::Weights {
            state.weights_chosen.set(true);
        }
        state.scenario.update(|s| match (of, d) {
            (TypeOf::Weights, Some(d)) => s.weights = d,
            (TypeOf::Kv, Some(d)) => s.kv = d,
            (TypeOf::Experts, d) => s.model.expert_weights = d,
            _ => {}
        });
    };
    // Weights are multiplied, so their menu names the arithmetic each type assumes;
    // a KV cache is only stored.
    let choices = DataType::ALL
        .into_iter()
        .filter(move |d| of != TypeOf::Kv || !d.weight_only());
    let help_id = names::control_id(uid, "weights-peak");
    let described = help_id.clone();
    // Said where it tells something: a 16-bit float computes at the peak the field
    // shows.
    let text = crate::reactive::memo(move || peak_assumption(state, lang).filter(|_| of == TypeOf::Weights));
    let assumption = move || {
        build(|h| {
            if let Some(text) = text.get() {
                h.el_text(
                    "p",
                    &[("class", Some("field-help peak-assumption")), ("id", Some(&help_id))],
                    &text,
                );
            }
        })
    };
    let value = move || current().map_or("same", DataType::id);
    let chosen = untrack(value);
    let selected = |id: &str| (id == chosen).then_some("");
    let first_described = text.with_untracked(Option::is_some).then_some(described.as_str());
    let markup = build(|h| {
        h.el_text("label", &[("for", Some(&id))], label);
        h.el(
            "select",
            &[("id", Some(&id)), ("aria-describedby", first_described)],
            |h| {
                if of == TypeOf::Experts {
                    h.el_text(
                        "option",
                        &[("value", Some("same")), ("selected", selected("same"))],
                        t.expert_weights_same,
                    );
                }
                for d in choices {
                    let bits = roofline::format_trimmed(d.bits(), 2, lang.locale());
                    let text = match of {
                        TypeOf::Kv => format!("{} ({bits}\u{a0}{})", d.label(), t.bit),
                        _ => format!(
                            "{} ({bits}\u{a0}{}, {})",
                            d.label(),
                            t.bit,
                            (t.arithmetic)(d.precision().label())
                        ),
                    };
                    h.el_text(
                        "option",
                        &[("value", Some(d.id())), ("selected", selected(d.id()))],
                        &text,
                    );
                }
            },
        );
        h.el("div", &[("class", Some("live-markup"))], |h| {
            h.append(&untrack(&assumption));
        });
    });
    let parts = vec![
        Part::new(Some("select"), Prop::Value, move || Some(value().to_string())),
        Part::new(Some("select"), Prop::Attr("aria-describedby"), move || {
            text.with(Option::is_some).then(|| described.clone())
        }),
        Part::new(Some(".live-markup"), Prop::Markup, move || {
            Some(assumption().into_string())
        }),
    ];
    menu_field(b, place, parts, Box::new(on_change), markup);
}

/// The arithmetic the weights' type assumes on the chosen device and the peak that
/// follows, per device (the figure the chart and the verdict use).
fn peak_assumption(state: CalcState, lang: Lang) -> Option<String> {
    let t = texts(lang);
    state.scenario.with(|s| {
        if matches!(s.weights, DataType::Fp16 | DataType::Bf16) {
            return None;
        }
        let wanted = s.weights.precision();
        let runs = s.hardware.peaks.runs_in(wanted);
        let peak = Quantity::new(s.hardware.peaks.for_precision(wanted).0, Unit::FlopRate).format(lang.locale());
        let missing = (runs != wanted).then(|| wanted.label());
        Some((t.peak_assumption)(s.weights.label(), runs.label(), &peak, missing))
    })
}

/// Slider positions per doubling.
const STEPS_PER_DOUBLING: f64 = 20.0;

/// A value on a logarithmic slider: position p stands for 2^(p/20).
pub fn from_slider(position: f64, max: u32) -> u32 {
    2f64.powf(position / STEPS_PER_DOUBLING)
        .round()
        .clamp(1.0, f64::from(max)) as u32
}

/// The slider position of a value.
pub fn to_slider(value: u32, max: u32) -> f64 {
    (f64::from(value.clamp(1, max)).log2() * STEPS_PER_DOUBLING).round()
}

/// A number field with a logarithmic slider beside it (batch, context).
pub fn number_with_slider(
    b: &mut Builder,
    state: CalcState,
    lang: Lang,
    binding: Binding,
    uid: usize,
    max: u32,
    place: Place,
) {
    let t = texts(lang);
    let slider_id = names::control_id(uid, &format!("{}-slider", binding.field.id()));
    let top = to_slider(max, max);
    let current = move || to_u32(binding.get(&state.scenario.get()));
    let on_slider = move |ev: web_sys::Event| {
        if let Some(p) = crate::num::parse_f64(&event_target_value(&ev)) {
            state
                .scenario
                .update(|s| binding.set(s, f64::from(from_slider(p, max))));
        }
    };
    let position = move || (to_slider(current(), max) as i64).to_string();
    let spoken = move || roofline::format_fixed(f64::from(current()), 0, lang.locale());
    let markup = build(|h| {
        // Named for a screen reader; on screen the number field above names it.
        let label = format!("{} (log)", (t.field_label)(binding.field));
        h.el_text(
            "label",
            &[("class", Some("visually-hidden")), ("for", Some(&slider_id))],
            &label,
        )
        .void(
            "input",
            &[
                ("id", Some(&slider_id)),
                ("type", Some("range")),
                ("min", Some("0")),
                ("max", Some(&(top as i64).to_string())),
                ("step", Some("1")),
                ("value", Some(&untrack(position))),
                ("aria-valuetext", Some(&untrack(spoken))),
            ],
        );
    });
    b.el(
        "div",
        &[("class", Some(place.class("field-pair", "field-pair extra")))],
        |b| {
            number_field(b, state, lang, binding, uid, Place::First);
            b.on(&["input"], on_slider)
                .parts(vec![
                    Part::new(Some("input"), Prop::Value, move || Some(position())),
                    Part::new(Some("input"), Prop::Attr("aria-valuetext"), move || Some(spoken())),
                ])
                .el_html("div", &[("class", Some("field slider"))], &markup);
        },
    );
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
    fn sliders_are_logarithmic_and_round_trip_powers_of_two() {
        assert_eq!(from_slider(0.0, 4096), 1);
        assert_eq!(from_slider(240.0, 4096), 4096);
        assert_eq!(from_slider(1000.0, 4096), 4096);
        for b in [1, 2, 8, 64, 1024, 4096] {
            assert_eq!(from_slider(to_slider(b, 4096), 4096), b);
        }
        for c in [1024, 32_768, 131_072, 1 << 21] {
            assert_eq!(from_slider(to_slider(c, 1 << 21), 1 << 21), c);
        }
    }

    /// A field asks for "0 or more" only where the core takes 0 (as "none").
    #[test]
    fn a_count_field_asks_for_1_or_more_where_0_is_refused() {
        let mut s = roofline::Scenario::example();
        s.model.experts = Some(roofline::Experts {
            count: 8,
            active: 2,
            shared: 1,
        });
        s.model.active_params = 2e9;
        assert_eq!(s.validate(), Ok(()));
        let of = |field: Field| binding(field).expect("a field").may_be_zero(&s);
        assert!(!of(Field::Batch) && !of(Field::Devices) && !of(Field::Layers) && !of(Field::Experts));
        assert!(of(Field::SharedExperts) && of(Field::SlidingWindow) && GROUP.may_be_zero(&s));
    }

    #[test]
    fn hidden_fields_are_those_the_model_lacks() {
        let s = roofline::Scenario::example();
        let shown: Vec<Field> = model_fields().filter(|b| b.shown(&s)).map(|b| b.field).collect();
        assert!(shown.contains(&Field::KvHeads) && !shown.contains(&Field::KvLoraRank));
        assert!(!shown.contains(&Field::Experts) && !shown.contains(&Field::SlidingLayers));
    }
}
