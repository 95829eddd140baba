//! The reader of a pasted `config.json`: the text parsed as Python writes JSON, the
//! model read by [`roofline::from_config`], the parameter count taken from a
//! checkpoint's index where none is typed.
//!
//! Most readers never paste a config, so the site's browser app does not carry this
//! code: the release build compiles this crate into a module of its own (the
//! `module` feature), which the calculator starts as a worker the first time a
//! reader asks for it (`src/worker.rs`). The two speak in [`Reading`], written with
//! postcard and read with the decoder `wire` derives; failures arrive as sentences in
//! the reader's language. Natively, and in a debug build of the app, the app calls
//! [`reading`] itself.

use roofline::{checkpoint_params, from_config, ConfigError, DataType, IndexError, Json, Model, ModelConfig};
use serde::Serialize;
use vocab::Lang;
use wire::Decode;

/// The longest config accepted: published ones are a few kilobytes.
pub const MAX_CONFIG_BYTES: usize = 256 * 1024;

/// The longest checkpoint index accepted: its `weight_map` names every tensor, a
/// few megabytes for the largest published models (and its `metadata` alone is
/// enough).
pub const MAX_INDEX_BYTES: usize = 16 * 1024 * 1024;

/// Why a pasted text gives no model.
#[derive(Clone, Debug, PartialEq)]
pub enum PasteError {
    /// Not JSON.
    NotJson,
    /// Longer than [`MAX_CONFIG_BYTES`]: not read at all.
    TooLong,
    /// JSON, but not a config the calculator can read.
    Config(ConfigError),
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

/// What the app needs of a model read from a config.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct Read {
    /// The model.
    pub model: Model,
    /// The storage type of the weights the checkpoint declares.
    pub weights: Option<DataType>,
    /// Whether a parameter count was estimated from the shapes.
    pub params_estimated: bool,
    /// Keys the calculator did not understand, as written.
    pub unknown: Vec<String>,
    /// Keys taken from the library's defaults for the model type.
    pub defaults: Vec<String>,
    /// A model type read with the rules of others, its figures not checked.
    pub unchecked_type: Option<String>,
    /// The given parameter count and the shapes' where they disagree.
    pub disagreement: Option<(f64, f64)>,
}

impl From<ModelConfig> for Read {
    fn from(c: ModelConfig) -> Read {
        Read {
            model: c.model,
            weights: c.weights,
            params_estimated: c.params_estimated,
            disagreement: c.disagreement(),
            unknown: c.unknown,
            defaults: c.defaults.iter().map(|k| k.to_string()).collect(),
            unchecked_type: c.unchecked_type,
        }
    }
}

/// Why a paste gives no model, as the app says it.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub enum Failure {
    /// The config is not JSON.
    NotJson,
    /// The config is longer than [`MAX_CONFIG_BYTES`].
    TooLong,
    /// The checkpoint index is not JSON or over [`MAX_INDEX_BYTES`].
    IndexNotJson,
    /// A config or an index the calculator cannot read, said in the reader's language.
    Said(String),
}

/// What a paste gave. One value per paste, written once and read once: a variant's
/// size costs nothing worth a box (which the wire format would not read).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub enum Reading {
    Read(Read),
    Failed(Failure),
}

/// [`paste`], as the app receives it: a failure of the config or the index said in `lang`.
pub fn reading(pasted: &Pasted<'_>, parse: impl Fn(&str) -> Option<Json>, lang: Lang) -> Reading {
    match paste(pasted, parse) {
        Ok(c) => Reading::Read(c.into()),
        Err(PasteError::NotJson) => Reading::Failed(Failure::NotJson),
        Err(PasteError::TooLong) => Reading::Failed(Failure::TooLong),
        Err(PasteError::IndexNotJson) => Reading::Failed(Failure::IndexNotJson),
        Err(PasteError::Config(e)) => Reading::Failed(Failure::Said(vocab::i18n::config_error(lang, &e))),
        Err(PasteError::Index(e)) => Reading::Failed(Failure::Said(vocab::i18n::index_error(lang, &e))),
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::parse_json;

/// JSON read natively, as the browser reads it (`JSON.parse`, then the same tree):
/// the tests' stand-in.
#[cfg(feature = "native-json")]
pub mod native {
    use roofline::Json;

    /// `text` parsed by serde_json; `None` where it is not JSON.
    pub fn parse(text: &str) -> Option<Json> {
        serde_json::from_str(text).ok().map(|v| json(&v))
    }

    /// The tree the browser builds from `JSON.parse`.
    pub fn json(v: &serde_json::Value) -> Json {
        match v {
            serde_json::Value::Null => Json::Null,
            serde_json::Value::Bool(b) => Json::Bool(*b),
            serde_json::Value::Number(n) => Json::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Json::number_for(s).map_or(Json::Text(s.clone()), Json::Number),
            serde_json::Value::Array(a) => Json::List(a.iter().map(json).collect()),
            serde_json::Value::Object(o) => Json::Object(o.iter().map(|(k, v)| (k.clone(), json(v))).collect()),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use roofline::Json;
    use wasm_bindgen::JsCast;

    /// Nesting deeper than this is not read from pasted JSON (configs nest two or
    /// three levels).
    const MAX_JSON_DEPTH: u32 = 16;

    /// JSON text read by the browser's `JSON.parse` (no JSON crate in the wasm), down
    /// to [`MAX_JSON_DEPTH`]. The text has its bare `Infinity` and `NaN` put in a form
    /// it accepts already (see [`crate::paste`]).
    pub fn parse_json(text: &str) -> Option<Json> {
        let value = js_sys::JSON::parse(text).ok()?;
        Some(to_json(&value, 0))
    }

    fn to_json(v: &wasm_bindgen::JsValue, depth: u32) -> Json {
        if depth > MAX_JSON_DEPTH || v.is_null() || v.is_undefined() {
            Json::Null
        } else if let Some(b) = v.as_bool() {
            Json::Bool(b)
        } else if let Some(n) = v.as_f64() {
            Json::Number(n)
        } else if let Some(s) = v.as_string() {
            Json::number_for(&s).map_or(Json::Text(s), Json::Number)
        } else if js_sys::Array::is_array(v) {
            Json::List(js_sys::Array::from(v).iter().map(|x| to_json(&x, depth + 1)).collect())
        } else if let Some(o) = v.dyn_ref::<js_sys::Object>() {
            let pairs = js_sys::Object::entries(o)
                .iter()
                .filter_map(|pair| {
                    let pair = js_sys::Array::from(&pair);
                    Some((pair.get(0).as_string()?, to_json(&pair.get(1), depth + 1)))
                })
                .collect();
            Json::Object(pairs)
        } else {
            Json::Null
        }
    }
}

/// The module's one export: a paste read and written as postcard bytes of a
/// [`Reading`]. Counts are in billions, `NaN` where none is typed; `lang` is a
/// language's code.
#[cfg(all(target_arch = "wasm32", feature = "module"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn read_pasted(config: &str, index: &str, params: f64, active: f64, lang: &str) -> Vec<u8> {
    let given = |v: f64| (!v.is_nan()).then_some(v);
    let pasted = Pasted {
        config,
        index,
        params: given(params),
        active: given(active),
    };
    let lang = Lang::from_code(lang).unwrap_or(Lang::En);
    postcard::to_allocvec(&reading(&pasted, parse_json, lang)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use roofline::Scenario;
    use vocab::i18n::texts;

    use crate::native::parse as parse_native;

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
        let path = format!("{}/../roofline/tests/configs/{name}.json", env!("CARGO_MANIFEST_DIR"));
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
            vocab::i18n::config_error(Lang::En, &e),
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
            assert!(vocab::i18n::index_error(lang, &IndexError::Quantized("fp8".into())).contains("fp8"));
        }
    }

    /// What the module writes, the app reads back as it was.
    #[test]
    fn a_reading_survives_the_wire() {
        let text = fixture_text("llama-3.1-8b");
        for r in [
            reading(&config(&text), parse_native, Lang::En),
            reading(&config("[1"), parse_native, Lang::De),
            reading(&config("[1]"), parse_native, Lang::De),
        ] {
            let bytes = postcard::to_allocvec(&r).expect("written");
            assert_eq!(wire::decode::<Reading>(&bytes), Some(r));
        }
        let Reading::Failed(Failure::Said(said)) = reading(&config("[1]"), parse_native, Lang::De) else {
            panic!("a config error");
        };
        assert!(said.contains("JSON-Objekt"), "{said}");
        assert_eq!(
            reading(&config("[1"), parse_native, Lang::De),
            Reading::Failed(Failure::NotJson)
        );
    }
}
