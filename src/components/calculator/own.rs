//! The reader's own model: a pasted `config.json`, parsed by the browser's own
//! `JSON.parse` (no JSON crate in the bundle; see [`crate::platform`]) and read by
//! [`roofline::from_config`].

use crate::reactive::handler;
use leptos::prelude::*;
use roofline::{checkpoint_params, from_config, ConfigError, IndexError, Json, ModelConfig};

use super::fields::parse_number;
use super::state::{CalcState, OWN_MODEL};
use crate::bound::{self, Part, Prop};
use crate::data::Lang;
use crate::platform;
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;

/// The longest config accepted: published ones are a few kilobytes.
const MAX_CONFIG_BYTES: usize = 256 * 1024;

/// The longest checkpoint index accepted: its `weight_map` names every tensor, a
/// few megabytes for the largest published models (and its `metadata` alone is
/// enough).
const MAX_INDEX_BYTES: usize = 16 * 1024 * 1024;

/// Why a pasted text gives no model.
#[derive(Clone, Debug, PartialEq)]
pub enum PasteError {
    /// Not JSON.
    NotJson,
    /// Longer than [`MAX_CONFIG_BYTES`]: not read at all.
    TooLong,
    /// JSON, but not a config the calculator can read.
    Config(ConfigError),
    /// A config whose shape the core rejects (more windowed layers than layers).
    Shape(roofline::InputError),
    /// A checkpoint index that is not JSON or over [`MAX_INDEX_BYTES`].
    IndexNotJson,
    /// A checkpoint index that gives no parameter count.
    Index(IndexError),
}

/// What the reader pasted and typed into the panel.
pub struct Pasted<'a> {
    /// The config.json.
    pub config: &'a str,
    /// The checkpoint's `model.safetensors.index.json`, or nothing.
    pub index: &'a str,
    /// The total parameters in billions, as typed.
    pub params: Option<f64>,
    /// The active parameters in billions, as typed.
    pub active: Option<f64>,
}

/// What a pasted text gives: a text over [`MAX_CONFIG_BYTES`] is not parsed at all;
/// otherwise the bare `Infinity`, `-Infinity` and `NaN` that Python writes (and
/// reads) are put in a form `parse` accepts, and the result is read. A checkpoint
/// index gives the total where the reader typed none.
pub fn paste(pasted: &Pasted<'_>, parse: impl Fn(&str) -> Option<Json>) -> Result<ModelConfig, PasteError> {
    if pasted.config.len() > MAX_CONFIG_BYTES {
        return Err(PasteError::TooLong);
    }
    let config = parse(&roofline::python_constants(pasted.config)).ok_or(PasteError::NotJson)?;
    let billions = |v: Option<f64>| v.map(|v| v * 1e9);
    let total = match (billions(pasted.params), pasted.index.trim()) {
        (Some(typed), _) => Some(typed),
        (None, "") => None,
        (None, _) if pasted.index.len() > MAX_INDEX_BYTES => return Err(PasteError::IndexNotJson),
        (None, index) => {
            let index = parse(index).ok_or(PasteError::IndexNotJson)?;
            Some(checkpoint_params(&index, &config).map_err(PasteError::Index)?)
        }
    };
    read(Some(config), total, billions(pasted.active))
}

/// Reads a pasted config, with the parameter counts (not in billions) where the
/// reader gives them.
pub fn read(json: Option<Json>, params: Option<f64>, active: Option<f64>) -> Result<ModelConfig, PasteError> {
    let json = json.ok_or(PasteError::NotJson)?;
    from_config(&json, params, active).map_err(PasteError::Config)
}

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
pub fn own_model(state: CalcState, lang: Lang, uid: usize) -> impl IntoView {
    let t = texts(lang);
    let fields = Fields {
        text: RwSignal::new(String::new()),
        index: RwSignal::new(String::new()),
        params: RwSignal::new(String::new()),
        active: RwSignal::new(String::new()),
        outcome: RwSignal::new(None),
    };
    let opened = RwSignal::new(false);
    view! {
        <details
            // Shown with the form's "More inputs".
            class="own-model extra"
            on:toggle=crate::reactive::keep_open(opened)
        >
            <summary>{t.own_model_summary}</summary>
            // Built when first opened: a closed disclosure costs the page's take-over
            // nothing. What the reader typed stays in the signals.
            <Show when=move || opened.get()>{move || panel(state, lang, uid, fields)}</Show>
        </details>
    }
}

/// What the reader typed into the panel, and what came of it.
#[derive(Clone, Copy)]
struct Fields {
    text: RwSignal<String>,
    index: RwSignal<String>,
    params: RwSignal<String>,
    active: RwSignal<String>,
    outcome: RwSignal<Option<Result<ModelConfig, PasteError>>>,
}

/// The panel's contents.
fn panel(state: CalcState, lang: Lang, uid: usize, fields: Fields) -> impl IntoView {
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
        let (source, index) = (text.get_untracked(), index.get_untracked());
        let number = |s: RwSignal<String>| parse_number(&s.get_untracked(), lang).filter(|v| *v > 0.0);
        // A shape the core rejects is the config's problem, not the form's: it is
        // named here and nothing is taken over. (Memory and workload are the form's.)
        let shape = |c: ModelConfig| {
            let probe = roofline::Scenario {
                model: c.model,
                ..state.scenario.get_untracked()
            };
            match probe.validate() {
                Err(e)
                    if super::fields::model_fields().any(|b| b.field == e.field())
                        || matches!(e.field(), roofline::Field::Hidden | roofline::Field::Vocab) =>
                {
                    Err(PasteError::Shape(e))
                }
                _ => Ok(c),
            }
        };
        let pasted = Pasted {
            config: &source,
            index: &index,
            params: number(params),
            active: number(active),
        };
        let result = paste(&pasted, platform::parse_json).and_then(shape);
        if let Ok(c) = &result {
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
            state.params_check.set(c.disagreement());
        }
        let loaded = result.is_ok();
        outcome.set(Some(result));
        // The model's details open above the button and push it and its status down:
        // the status takes the focus, which brings it into view.
        if loaded {
            let status = status_focus.clone();
            crate::listen::next_frame(move || {
                let element = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(&status));
                if let Some(e) = element.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
                    let _ = e.focus();
                }
            });
        }
    };
    let report = move || {
        build(|h| match outcome.get() {
            None => {}
            Some(Err(error)) => {
                let text = match error {
                    PasteError::NotJson => t.config_not_json.to_string(),
                    PasteError::TooLong => (t.config_too_long)(MAX_CONFIG_BYTES / 1024),
                    PasteError::Config(e) => (t.config_error)(&e),
                    PasteError::IndexNotJson => t.index_not_json.to_string(),
                    PasteError::Index(e) => (t.index_error)(&e),
                    PasteError::Shape(e) => format!("{}: {}", (t.field_label)(e.field()), (t.error)(&e, lang.locale())),
                };
                h.el_text("p", &[("class", Some("field-error"))], &text);
            }
            Some(Ok(c)) => {
                let estimated = c.params_estimated.then(|| {
                    let q = |v: f64| roofline::Quantity::new(v, roofline::Unit::Params).format(lang.locale());
                    match c.model.experts {
                        Some(_) => format!("{} / {}", q(c.model.params), q(c.model.active_params)),
                        None => q(c.model.params),
                    }
                });
                h.el_text("p", &[], &(t.config_loaded)(estimated.as_deref()));
                let defaults: Vec<String> = c.defaults.iter().map(|k| k.to_string()).collect();
                for (label, keys) in [(t.config_defaults, defaults), (t.config_unknown, c.unknown)] {
                    if !keys.is_empty() {
                        h.el("p", &[], |h| {
                            h.text(label).text(" ").el_text("code", &[], &keys.join(", "));
                        });
                    }
                }
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
    let root = NodeRef::new();
    bound::bind(
        root,
        vec![Part::new(Some(".config-status"), Prop::Markup, move || {
            Some(report().into_string())
        })],
    );
    // What is typed goes to its signal, by the field's id.
    let typed = move |ev: leptos::ev::Event| {
        let target = event_target::<web_sys::Element>(&ev).id();
        let signal = [
            (&text_id, text),
            (&index_id, index),
            (&params_id, params),
            (&active_id, active),
        ]
        .into_iter()
        .find(|(id, _)| **id == target);
        if let Some((_, signal)) = signal {
            signal.set(event_target_value(&ev));
        }
    };
    let pressed = move |ev: leptos::ev::MouseEvent| {
        let on_button = event_target::<web_sys::Element>(&ev)
            .closest(".use-config")
            .ok()
            .flatten()
            .is_some();
        if on_button {
            apply(());
        }
    };
    view! {
        <div
            class="live-markup"
            node_ref=root
            on:input=handler(typed)
            on:click=handler(pressed)
            inner_html=markup.into_string()
        ></div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::presets;
    use roofline::{Output, Scenario};

    fn json(v: &serde_json::Value) -> Json {
        match v {
            serde_json::Value::Null => Json::Null,
            serde_json::Value::Bool(b) => Json::Bool(*b),
            serde_json::Value::Number(n) => Json::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Json::number_for(s).map_or(Json::Text(s.clone()), Json::Number),
            serde_json::Value::Array(a) => Json::List(a.iter().map(json).collect()),
            serde_json::Value::Object(o) => Json::Object(o.iter().map(|(k, v)| (k.clone(), json(v))).collect()),
        }
    }

    fn fixture(name: &str) -> Json {
        let path = format!(
            "{}/crates/roofline/tests/configs/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        json(&serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("JSON"))
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

    /// The native stand-in for the browser's `JSON.parse`.
    fn parse_native(text: &str) -> Option<Json> {
        serde_json::from_str(text).ok().map(|v| json(&v))
    }

    /// A config pasted alone, with no counts typed.
    fn config(text: &str) -> Pasted<'_> {
        Pasted {
            config: text,
            index: "",
            params: None,
            active: None,
        }
    }

    fn fixture_text(name: &str) -> String {
        let path = format!(
            "{}/crates/roofline/tests/configs/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).expect("fixture")
    }

    /// Nemotron-H's published config.json has a bare `Infinity` (`time_step_limit`),
    /// which strict JSON refuses: pasted, it is read as Python reads it and computes.
    #[test]
    fn a_pasted_config_with_a_bare_infinity_computes() {
        let text = fixture_text("nemotron-h-56b");
        assert!(text.contains("Infinity"));
        assert!(parse_native(&text).is_none(), "strict JSON refuses a bare Infinity");
        let c = paste(&config(&text), parse_native).expect("readable");
        assert_eq!(c.model.attention_layers(), 10);
        let s = Scenario {
            model: c.model,
            ..Scenario::example()
        };
        let r = s.report().expect("valid");
        assert!(r.state_per_request.0 > 0.0 && r.decode.time.0.is_finite());
    }

    /// A text over the size limit is not parsed and gets the size message, not "not
    /// valid JSON", even when it is a valid config.
    #[test]
    fn a_paste_over_the_size_limit_gets_the_size_message() {
        let text = fixture_text("llama-3.1-8b");
        let padded = format!("{}{}", text, " ".repeat(300 * 1024));
        assert!(paste(&config(&text), parse_native).is_ok());
        assert_eq!(paste(&config(&padded), parse_native), Err(PasteError::TooLong));
        for lang in [Lang::En, Lang::De] {
            let message = (texts(lang).config_too_long)(MAX_CONFIG_BYTES / 1024);
            assert!(message.contains("256"), "{message}");
            assert_ne!(message, texts(lang).config_not_json);
        }
    }

    /// A hybrid pattern whose length is not the layer count says so.
    #[test]
    fn a_pattern_of_the_wrong_length_names_both_lengths() {
        let text = fixture_text("nemotron-h-56b").replace("\"num_hidden_layers\": 118", "\"num_hidden_layers\": 117");
        let Err(PasteError::Config(e)) = paste(&config(&text), parse_native) else {
            panic!("a config error");
        };
        assert_eq!(
            e,
            ConfigError::Length {
                key: "hybrid_override_pattern",
                found: 118,
                layers: 117
            }
        );
        assert_eq!(
            (texts(Lang::En).config_error)(&e),
            "“hybrid_override_pattern” names 118 layers, but the model has 117 (num_hidden_layers); \
             it must name one per layer."
        );
    }

    #[test]
    fn text_that_is_no_config_is_named() {
        assert_eq!(read(None, None, None), Err(PasteError::NotJson));
        assert_eq!(
            read(Some(Json::Number(1.0)), None, None),
            Err(PasteError::Config(ConfigError::NotAnObject))
        );
    }

    /// The checkpoint's index gives the total where none is typed: Llama-3.1-8B's
    /// 16,060,522,496 bytes in BF16 are its 8,030,261,248 parameters, which the shapes
    /// give too; an index that counts more (a vision tower the shapes leave out) is
    /// named and used; a typed count wins over the index.
    #[test]
    fn a_pasted_index_checks_the_shapes() {
        let text = fixture_text("llama-3.1-8b");
        let with = |index: &'static str, params: Option<f64>| {
            paste(
                &Pasted {
                    index,
                    params,
                    ..config(&text)
                },
                parse_native,
            )
        };
        let agrees = with(r#"{"metadata": {"total_size": 16060522496}, "weight_map": {}}"#, None).expect("read");
        assert_eq!(agrees.model.params, 8_030_261_248.0);
        assert!(!agrees.params_estimated && agrees.disagreement().is_none());
        let larger = with(r#"{"metadata": {"total_size": 18000000000}}"#, None).expect("read");
        assert_eq!(larger.model.params, 9e9);
        assert_eq!(larger.disagreement(), Some((9e9, agrees.shapes_params)));
        let typed = with(r#"{"metadata": {"total_size": 18000000000}}"#, Some(8.03)).expect("read");
        assert_eq!(typed.model.params, 8.03 * 1e9, "typed in billions");
        assert_eq!(with("{\"metadata\": 3", None), Err(PasteError::IndexNotJson));
        assert_eq!(with("{}", None), Err(PasteError::Index(IndexError::NotAnIndex)));
        let quantized = text.replacen('{', r#"{"quantization_config": {"quant_method": "fp8"},"#, 1);
        let pasted = Pasted {
            index: r#"{"metadata": {"total_size": 9000000000}}"#,
            ..config(&quantized)
        };
        assert_eq!(
            paste(&pasted, parse_native),
            Err(PasteError::Index(IndexError::Quantized("fp8".into())))
        );
        for lang in [Lang::En, Lang::De] {
            assert!((texts(lang).index_error)(&IndexError::Quantized("fp8".into())).contains("fp8"));
        }
    }
}
