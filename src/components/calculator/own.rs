//! The reader's own model: a pasted `config.json`, read by the config reader
//! (`crates/config-reader`, started when first asked: see [`crate::config_worker`]).

use crate::reactive::prelude::*;
use config_reader::{Failure, Pasted, Read, Reading, MAX_CONFIG_BYTES};

use super::fields::parse_number;
use super::state::{CalcState, OWN_MODEL};
use crate::bound::{Part, Prop};
use crate::data::Lang;
use crate::view::Builder;
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;

/// A parameter count the reader may give, as typed.
fn count_field(h: &mut Html, id: &str, label: &str, value: &str, help: &str) {
    h.el("div", &[("class", Some("field"))], |h| {
        h.el_text("label", &[("for", Some(id))], label).void(
            "input",
            &[
                ("id", Some(id)),
                ("type", Some("text")),
                ("inputmode", Some("decimal")),
                ("autocomplete", Some("off")),
                ("aria-describedby", Some(help)),
                ("value", Some(value)),
            ],
        );
    });
}

/// A text area for pasted JSON, with its label and help.
struct TextArea<'a> {
    id: &'a str,
    label: &'a str,
    rows: &'a str,
    value: &'a str,
    /// The help's id and text.
    help: (&'a str, &'a str),
    /// The ids that describe the area: its help, and whatever else speaks of it.
    described_by: &'a str,
}

fn text_area(h: &mut Html, a: TextArea<'_>) {
    h.el("div", &[("class", Some("field"))], |h| {
        h.el_text("label", &[("for", Some(a.id))], a.label)
            .el_text(
                "textarea",
                &[
                    ("id", Some(a.id)),
                    ("rows", Some(a.rows)),
                    ("spellcheck", Some("false")),
                    ("autocomplete", Some("off")),
                    ("aria-describedby", Some(a.described_by)),
                ],
                // The parser drops a first line break: one is written, so that a
                // text that starts with one keeps it.
                &format!("\n{}", a.value),
            )
            .el_text("p", &[("class", Some("field-help")), ("id", Some(a.help.0))], a.help.1);
    });
}

/// The panel: a text area for the config, optional parameter counts, and what the
/// calculator made of it.
pub fn own_model(b: &mut Builder, state: CalcState, lang: Lang, uid: usize) {
    let t = texts(lang);
    let fields = Fields {
        text: RwSignal::new(String::new()),
        index: RwSignal::new(String::new()),
        params: RwSignal::new(String::new()),
        active: RwSignal::new(String::new()),
        outcome: RwSignal::new(None),
    };
    let opened = RwSignal::new(false);
    // Shown with the form's "More inputs".
    b.on(&["toggle"], crate::reactive::keep_open(opened))
        .el("details", &[("class", Some("own-model extra"))], |b| {
            b.el_text("summary", &[], t.own_model_summary);
            // Built when first opened: a closed disclosure costs the page's take-over
            // nothing. What the reader typed stays in the signals.
            b.slot(
                "div",
                &[("class", Some(crate::view::HOLDER))],
                move || opened.get(),
                move |open, b| {
                    if *open {
                        panel(b, state, lang, uid, fields);
                    }
                },
            );
        });
}

/// What the reader typed into the panel, and what came of it.
#[derive(Clone, Copy)]
struct Fields {
    text: RwSignal<String>,
    index: RwSignal<String>,
    params: RwSignal<String>,
    active: RwSignal<String>,
    outcome: RwSignal<Option<Outcome>>,
}

/// What came of the reader's last paste.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    /// The config reader is at it (the first time, its module is fetched).
    Reading,
    /// A model, taken over by the form.
    Loaded(Box<Read>),
    /// The config reader read no model.
    Failed(Failure),
    /// A model whose shape the core rejects: the config's problem, not the form's.
    Shape(roofline::InputError),
    /// The config reader could not be had.
    Unavailable,
}

/// A model the config reader read, taken over by the form, unless the core rejects
/// its shape: that is the config's problem, not the form's, and is named in the panel
/// (the memory and the workload are the form's).
fn take_over(state: CalcState, lang: Lang, c: Read) -> Outcome {
    let t = texts(lang);
    let probe = roofline::Scenario {
        model: c.model,
        ..state.scenario.get_untracked()
    };
    if let Err(e) = probe.validate() {
        if super::fields::model_fields().any(|b| b.field == e.field())
            || matches!(e.field(), roofline::Field::Hidden | roofline::Field::Vocab)
        {
            return Outcome::Shape(e);
        }
    }
    state.scenario.update(|s| {
        s.model = c.model;
        if let Some(w) = c.weights {
            s.weights = w;
        }
    });
    state.model_preset.set(OWN_MODEL);
    // An unchecked model type first, then the keys not understood.
    let kind = c.unchecked_type.iter().map(|k| (t.unchecked_type)(k));
    state.unmodelled.set(kind.chain(c.unknown.iter().cloned()).collect());
    state.params_check.set(c.disagreement);
    Outcome::Loaded(Box::new(c))
}

/// The panel's contents.
fn panel(b: &mut Builder, state: CalcState, lang: Lang, uid: usize, fields: Fields) {
    let t = texts(lang);
    let Fields {
        text,
        index,
        params,
        active,
        outcome,
    } = fields;
    let id = |part: &str| names::control_id(uid, &format!("config-{part}"));
    let (text_id, params_id, active_id, help_id, status_id) =
        (id("text"), id("params"), id("active"), id("help"), id("status"));
    let (index_id, index_help) = (id("index"), id("index-help"));
    let params_help = id("params-help");
    let status_focus = status_id.clone();
    let apply = move |_: ()| {
        if outcome.with_untracked(|o| o == &Some(Outcome::Reading)) {
            return;
        }
        let (source, index) = (text.get_untracked(), index.get_untracked());
        let number = |s: RwSignal<String>| parse_number(&s.get_untracked(), lang).filter(|v| *v > 0.0);
        let (params, active) = (number(params), number(active));
        outcome.set(Some(Outcome::Reading));
        let status = status_focus.clone();
        any_spawner::Executor::spawn_local(async move {
            let pasted = Pasted {
                config: &source,
                index: &index,
                params,
                active,
            };
            let result = match crate::config_worker::read(&pasted, lang).await {
                None => Outcome::Unavailable,
                Some(Reading::Failed(failure)) => Outcome::Failed(failure),
                Some(Reading::Read(c)) => take_over(state, lang, c),
            };
            let loaded = matches!(result, Outcome::Loaded(_));
            outcome.set(Some(result));
            // The model's details open above the button and push it and its status
            // down: the status takes the focus, which brings it into view.
            if loaded {
                crate::listen::next_frame(move || {
                    let element = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id(&status));
                    if let Some(e) =
                        element.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
                    {
                        let _ = e.focus();
                    }
                });
            }
        });
    };
    let report = move || {
        build(|h| match outcome.get() {
            None => {}
            Some(Outcome::Reading) => {
                h.el_text("p", &[], t.config_reading);
            }
            Some(Outcome::Loaded(c)) => {
                let estimated = c.params_estimated.then(|| {
                    let q = |v: f64| roofline::Quantity::new(v, roofline::Unit::Params).format(lang.locale());
                    match c.model.experts {
                        Some(_) => format!("{} / {}", q(c.model.params), q(c.model.active_params)),
                        None => q(c.model.params),
                    }
                });
                h.el_text("p", &[], &(t.config_loaded)(estimated.as_deref()));
                for (label, keys) in [(t.config_defaults, c.defaults), (t.config_unknown, c.unknown)] {
                    if !keys.is_empty() {
                        h.el("p", &[], |h| {
                            h.text(label).text(" ").el_text("code", &[], &keys.join(", "));
                        });
                    }
                }
            }
            Some(problem) => {
                let text = match problem {
                    Outcome::Failed(Failure::NotJson) => t.config_not_json.to_string(),
                    Outcome::Failed(Failure::TooLong) => (t.config_too_long)(MAX_CONFIG_BYTES / 1024),
                    Outcome::Failed(Failure::IndexNotJson) => t.index_not_json.to_string(),
                    Outcome::Failed(Failure::Said(said)) => said,
                    Outcome::Shape(e) => format!("{}: {}", (t.field_label)(e.field()), (t.error)(&e, lang.locale())),
                    _ => t.config_unavailable.to_string(),
                };
                h.el_text("p", &[("class", Some("field-error"))], &text);
            }
        })
    };
    // The panel as the reader left it: what they typed stays in the signals while
    // the disclosure is closed.
    let markup = build(|h| {
        let described = format!("{help_id} {status_id}");
        text_area(
            h,
            TextArea {
                id: &text_id,
                label: t.config_label,
                rows: "6",
                value: &text.get_untracked(),
                help: (&help_id, t.config_help),
                described_by: &described,
            },
        );
        h.el("div", &[("class", Some("field-pair"))], |h| {
            count_field(h, &params_id, t.config_params, &params.get_untracked(), &params_help);
            count_field(h, &active_id, t.config_active, &active.get_untracked(), &params_help);
        });
        h.el_text(
            "p",
            &[("class", Some("field-help")), ("id", Some(&params_help))],
            t.config_params_help,
        );
        text_area(
            h,
            TextArea {
                id: &index_id,
                label: t.index_label,
                rows: "3",
                value: &index.get_untracked(),
                help: (&index_help, t.index_help),
                described_by: &index_help,
            },
        );
        h.el_text(
            "button",
            &[("type", Some("button")), ("class", Some("use-config"))],
            t.use_config,
        );
        h.el(
            "div",
            &[
                ("class", Some("config-status")),
                ("id", Some(&status_id)),
                ("role", Some("status")),
                ("tabindex", Some("-1")),
            ],
            |h| {
                h.append(&untrack(report));
            },
        );
    });
    // What is typed goes to its signal, by the field's id.
    let typed = move |ev: &web_sys::Event| {
        let target = event_target::<web_sys::Element>(ev).id();
        let signal = [
            (&text_id, text),
            (&index_id, index),
            (&params_id, params),
            (&active_id, active),
        ]
        .into_iter()
        .find(|(id, _)| **id == target);
        if let Some((_, signal)) = signal {
            signal.set(event_target_value(ev));
        }
    };
    let pressed = move |ev: &web_sys::Event| {
        let on_button = event_target::<web_sys::Element>(ev)
            .closest(".use-config")
            .ok()
            .flatten()
            .is_some();
        if on_button {
            apply(());
        }
    };
    b.on(&["input", "click"], move |ev| match ev.type_().as_str() {
        "input" => typed(&ev),
        _ => pressed(&ev),
    })
    .parts(vec![Part::new(Some(".config-status"), Prop::Markup, move || {
        Some(report().into_string())
    })])
    .el_html("div", &[("class", Some(crate::view::HOLDER))], &markup);
}

#[cfg(test)]
mod tests {
    use crate::data::presets;
    use config_reader::read;
    use roofline::{Json, Output, Scenario};

    fn fixture(name: &str) -> Json {
        let path = format!(
            "{}/crates/roofline/tests/configs/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        config_reader::native::parse(&std::fs::read_to_string(path).expect("fixture")).expect("JSON")
    }

    /// A pasted Llama-3.1-8B config.json with the model card's parameter count gives
    /// the preset's model, and so every output the preset gives.
    #[test]
    fn a_pasted_llama_config_gives_the_presets_outputs() {
        let preset = presets()
            .models
            .iter()
            .find(|m| m.id == "llama-3.1-8b")
            .expect("preset");
        let pasted = read(Some(fixture("llama-3.1-8b")), Some(preset.model.params), None).expect("readable");
        assert_eq!(pasted.model, preset.model);
        let mut s = Scenario::example();
        s.hardware.memory = roofline::Bytes(80e9);
        s.workload.context = 32_768;
        let (a, b) = (
            Scenario {
                model: preset.model,
                ..s
            },
            Scenario {
                model: pasted.model,
                ..s
            },
        );
        let (ra, rb) = (a.report().expect("valid"), b.report().expect("valid"));
        for o in Output::ALL {
            assert_eq!(o.quantity(&ra), o.quantity(&rb), "{}", o.id());
        }
    }

    #[test]
    fn every_model_preset_with_a_fixture_matches_it_in_shape() {
        for (id, file) in [
            ("deepseek-v3", "deepseek-v3"),
            ("gemma-3-27b", "gemma-3-27b-it"),
            ("gpt-oss-20b", "gpt-oss-20b"),
            ("qwen3-30b-a3b", "qwen3-30b-a3b"),
        ] {
            let preset = presets().models.iter().find(|m| m.id == id).expect(id).model;
            let pasted = read(Some(fixture(file)), Some(preset.params), Some(preset.active_params))
                .expect(id)
                .model;
            assert_eq!(pasted, preset, "{id}");
        }
    }
}
