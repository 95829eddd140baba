//! The acceptance figures of issue 23: published `config.json` files of model
//! families no preset covers, read into models and checked against figures computed
//! by hand from the config (each test's comment shows the arithmetic). KV in BF16
//! (2 bytes per element); `tests/configs/SOURCES.md` says where each file comes from.

use roofline::*;

mod common;
mod fixture;
use common::scenario;
use fixture::config;

/// The figures a test checks: KV per token, KV per request at 8,192 and 131,072
/// tokens, constant state per request, total and active parameters.
#[derive(Debug, PartialEq)]
struct Figures {
    kv_per_token: f64,
    kv_8k: f64,
    kv_128k: f64,
    state: f64,
    params: f64,
    active: f64,
}

fn figures(c: &ModelConfig) -> Figures {
    let at = |context: u32| {
        let mut s = scenario(c.model);
        s.kv = DataType::Bf16;
        s.workload.context = context;
        s.workload.prompt = 512;
        s.hardware.memory = Bytes(MAX_BYTES);
        s.report().expect("valid")
    };
    let (short, long) = (at(8192), at(131_072));
    Figures {
        kv_per_token: short.kv_per_token.0,
        kv_8k: short.kv_per_request.0,
        kv_128k: long.kv_per_request.0,
        state: short.state_per_request.0,
        params: c.model.params,
        active: c.model.active_params,
    }
}

fn read(name: &str) -> ModelConfig {
    from_config(&config(name), None, None).expect(name)
}

fn expect(name: &str, want: Figures) -> ModelConfig {
    let c = read(name);
    assert_eq!(figures(&c), want, "{name}");
    c
}

#[test]
fn deepseek_r1_and_kimi_k2_cache_one_latent_per_layer() {
    // 61 layers × (512 + 64) × 2 B = 70,272 B per token; × 8,192 = 575,668,224;
    // × 131,072 = 9,210,691,584. Parameters from the shapes: 671.0 B / 37.6 B (card
    // 671 B / 37 B); Kimi K2 with 384 experts and 64 heads 1,026.4 B / 32.9 B (card
    // 1 T / 32 B).
    for (name, params, active) in [
        ("deepseek-r1", 671_025_397_760.0, 37_551_276_032.0),
        ("kimi-k2-instruct", 1_026_407_202_816.0, 32_860_471_296.0),
        // Kimi K2 Thinking and K2.5 (whose vision tower is not counted) have K2's shapes.
        ("kimi-k2-thinking", 1_026_407_202_816.0, 32_860_471_296.0),
        ("kimi-k2.5", 1_026_407_202_816.0, 32_860_471_296.0),
    ] {
        expect(
            name,
            Figures {
                kv_per_token: 70_272.0,
                kv_8k: 575_668_224.0,
                kv_128k: 9_210_691_584.0,
                state: 0.0,
                params,
                active,
            },
        );
    }
}

#[test]
fn deepseek_v3_2_adds_its_indexer_keys_to_the_cache() {
    // 61 × (512 + 64 + 128 index_head_dim) × 2 B = 85,888 B per token (the latent
    // alone is 70,272: 18 % less). × 8,192 = 703,594,496; × 131,072 = 11,257,511,936.
    // The indexer adds 61 × (1,536 × 64 × 128 + 7,168 × 128 + 7,168 × 64) parameters.
    let c = expect(
        "deepseek-v3.2",
        Figures {
            kv_per_token: 85_888.0,
            kv_8k: 703_594_496.0,
            kv_128k: 11_257_511_936.0,
            state: 0.0,
            params: 671_876_907_008.0,
            active: 38_402_785_280.0,
        },
    );
    assert_eq!(c.model.indexer, Some(128));
}

#[test]
fn mixtral_8x22b_and_minimax_m2_5_are_plain_mixtures_of_experts() {
    // Mixtral: 56 × 2 × 8 × 128 × 2 B = 229,376 B per token; 140.6 B / 39.2 B (card
    // 141 B / 39 B). MiniMax-M2.5: 62 × 2 × 8 × 128 × 2 B = 253,952; 228.7 B / 11.0 B
    // (card 229 B / 10 B).
    expect(
        "mixtral-8x22b",
        Figures {
            kv_per_token: 229_376.0,
            kv_8k: 229_376.0 * 8192.0,
            kv_128k: 229_376.0 * 131_072.0,
            state: 0.0,
            params: 140_619_939_840.0,
            active: 39_151_337_472.0,
        },
    );
    expect(
        "minimax-m2.5",
        Figures {
            kv_per_token: 253_952.0,
            kv_8k: 253_952.0 * 8192.0,
            kv_128k: 253_952.0 * 131_072.0,
            state: 0.0,
            params: 228_688_920_576.0,
            active: 11_029_708_800.0,
        },
    );
}

#[test]
fn llama_4_caps_three_layers_in_four_at_the_chunk_and_counts_the_shared_expert() {
    // 48 layers × 2 × 8 × 128 × 2 B = 196,608 B per token. Every fourth layer is
    // global (Transformers' default `no_rope_layers`), the 36 others keep at most the
    // 8,192-token chunk: at 131,072 tokens 12 × 131,072 × 4,096 + 36 × 8,192 × 4,096
    // = 7,650,410,496 B, where all-global would be 25,769,803,776 (3.4 ×).
    // Scout: attention 62,914,560 per layer; every layer MoE with 16 experts of
    // 3 × 5,120 × 8,192 = 125,829,120, one shared expert of the same size and a
    // router of 81,920; embeddings 2 × 202,048 × 5,120: 107,769,364,480 total and
    // 48 × (62,914,560 + 2 × 125,829,120 + 81,920) + 2,068,971,520 = 17,172,398,080
    // active. Maverick: MoE in every other layer (`interleave_moe_layer_step` 2),
    // 128 experts, the 24 others dense with `intermediate_size_mlp` 16,384:
    // 400,711,352,320 total (card 400 B), 17,184,194,560 active (card 17 B).
    let kv = |scout| Figures {
        kv_per_token: 196_608.0,
        kv_8k: 1_610_612_736.0,
        kv_128k: 7_650_410_496.0,
        state: 0.0,
        params: if scout { 107_769_364_480.0 } else { 400_711_352_320.0 },
        active: if scout { 17_172_398_080.0 } else { 17_184_194_560.0 },
    };
    let c = expect("llama-4-scout", kv(true));
    assert_eq!(
        (c.model.sliding_window, c.model.sliding_layers, c.model.chunked),
        (Some(8192), Some(36), true)
    );
    assert_eq!(c.model.experts.map(|e| e.shared), Some(1));
    expect("llama-4-maverick", kv(false));
}

#[test]
fn nemotron_h_counts_mamba_state_and_reads_a_bare_infinity() {
    // The file has `"time_step_limit": [0.0, Infinity]`. Its pattern has 10
    // attention layers, 54 Mamba-2 and 54 MLP layers. KV: 10 × 2 × 8 × 128 × 2 B =
    // 40,960 per token. State per Mamba layer: 256 heads × 64 × 256 state = 4,194,304
    // elements, plus the convolution's 3 last inputs of 16,384 + 2 × 8 × 256 = 20,480
    // channels = 61,440, at 2 B: 8,511,488; × 54 = 459,620,352 B per request.
    // Parameters: MLPs of two matrices (squared ReLU): 56.3 B.
    let c = expect(
        "nemotron-h-56b",
        Figures {
            kv_per_token: 40_960.0,
            kv_8k: 40_960.0 * 8192.0,
            kv_128k: 40_960.0 * 131_072.0,
            state: 459_620_352.0,
            params: 56_321_343_488.0,
            active: 56_321_343_488.0,
        },
    );
    assert_eq!(c.model.attention_layers(), 10);
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
    // The state's formula names the layers that keep it and the state of each.
    let s = scenario(c.model);
    let r = s.report().unwrap();
    assert_eq!(
        Output::StatePerRequest.formula(&s, &r, Locale::En).unwrap(),
        "54 × 8.51\u{a0}MB = 460\u{a0}MB"
    );
}

#[test]
fn nemotron_3_nano_keeps_its_ssm_state_in_fp32_as_its_config_asks() {
    // 6 attention layers × 2 × 2 × 128 × 2 B = 6,144 B per token. 23 Mamba-2 layers:
    // 64 × 64 × 128 = 524,288 state elements in FP32 (`mamba_ssm_cache_dtype`) =
    // 2,097,152 B, plus 3 × (4,096 + 2 × 8 × 128) = 18,432 convolution elements at
    // 2 B = 36,864: 2,134,016 per layer, 49,082,368 per request. 23 MoE layers of 128
    // experts (6 routed) and one shared expert: 31.6 B total, 3.58 B active (card
    // 31.6 B / 3.6 B with embeddings).
    expect(
        "nemotron-3-nano-30b-a3b",
        Figures {
            kv_per_token: 6144.0,
            kv_8k: 6144.0 * 8192.0,
            kv_128k: 6144.0 * 131_072.0,
            state: 49_082_368.0,
            params: 31_577_554_944.0,
            active: 3_579_691_008.0,
        },
    );
}

#[test]
fn gemma_3_4b_takes_heads_and_head_dim_from_the_library() {
    // `text_config` names neither heads nor head_dim: Gemma3TextConfig's 8, 4 and
    // 256. 34 layers × 2 × 4 × 256 × 2 B = 139,264 B per token; 29 of 34 layers
    // windowed at 1,024: at 8,192 tokens 5 × 8,192 × 4,096 + 29 × 1,024 × 4,096 =
    // 289,406,976; at 131,072 5 × 131,072 × 4,096 + 29 × 1,024 × 4,096 =
    // 2,805,989,376. 3.88 B parameters (Gemma 3 report: 675 M + 3,209 M).
    let c = expect(
        "gemma-3-4b-it",
        Figures {
            kv_per_token: 139_264.0,
            kv_8k: 289_406_976.0,
            kv_128k: 2_805_989_376.0,
            state: 0.0,
            params: 3_879_895_040.0,
            active: 3_879_895_040.0,
        },
    );
    assert!(c.defaults.contains(&"head_dim") && c.defaults.contains(&"num_attention_heads"));
}

#[test]
fn qwen2_5_72b_turns_its_window_off() {
    // `use_sliding_window: false`: 80 × 2 × 8 × 128 × 2 B = 327,680 B per token;
    // 72.70 B parameters from the shapes (the checkpoint: 72,706,203,648 with biases
    // and norms).
    expect(
        "qwen2.5-72b-instruct",
        Figures {
            kv_per_token: 327_680.0,
            kv_8k: 327_680.0 * 8192.0,
            kv_128k: 327_680.0 * 131_072.0,
            state: 0.0,
            params: 72_704_065_536.0,
            active: 72_704_065_536.0,
        },
    );
}

#[test]
fn jamba_from_the_library_defaults_has_four_attention_layers_and_mamba_state() {
    // Jamba-v0.1's config is JambaConfig's defaults: one attention layer in eight
    // (offset 4), MoE in every other layer. KV: 4 × 2 × 8 × 128 × 2 B = 16,384 per
    // token. State: 28 Mamba layers × (8,192 × 16 + 8,192 × 3) × 2 B = 8,716,288.
    // Parameters: 51.6 B total, 12.1 B active (card: 52 B / 12 B).
    let n = |v: f64| Json::Number(v);
    let jamba = Json::Object(vec![
        ("model_type".into(), Json::Text("jamba".into())),
        ("num_hidden_layers".into(), n(32.0)),
        ("hidden_size".into(), n(4096.0)),
        ("intermediate_size".into(), n(14_336.0)),
        ("num_attention_heads".into(), n(32.0)),
        ("num_key_value_heads".into(), n(8.0)),
        ("vocab_size".into(), n(65_536.0)),
        ("num_experts".into(), n(16.0)),
        ("num_experts_per_tok".into(), n(2.0)),
    ]);
    let c = from_config(&jamba, None, None).expect("jamba");
    assert_eq!(
        figures(&c),
        Figures {
            kv_per_token: 16_384.0,
            kv_8k: 16_384.0 * 8192.0,
            kv_128k: 16_384.0 * 131_072.0,
            state: 8_716_288.0,
            params: 51_569_360_896.0,
            active: 12_109_348_864.0,
        }
    );
}

#[test]
fn a_layer_kind_the_calculator_does_not_model_is_refused_by_name() {
    let mut c = config("gemma-3-4b-it");
    if let Json::Object(pairs) = &mut c {
        pairs.retain(|(k, _)| k != "text_config");
        pairs.extend([
            ("num_hidden_layers".into(), Json::Number(2.0)),
            ("hidden_size".into(), Json::Number(64.0)),
            ("num_attention_heads".into(), Json::Number(4.0)),
            ("vocab_size".into(), Json::Number(100.0)),
            (
                "layer_types".into(),
                Json::List(vec![
                    Json::Text("full_attention".into()),
                    Json::Text("cross_attention".into()),
                ]),
            ),
        ]);
    }
    assert_eq!(
        from_config(&c, None, None),
        Err(ConfigError::Unsupported("layer_types: cross_attention".into()))
    );
}

#[test]
fn a_figure_out_of_range_names_its_key_and_its_field() {
    let mut c = config("llama-3.1-8b");
    if let Json::Object(pairs) = &mut c {
        for (k, v) in pairs.iter_mut() {
            if k == "num_hidden_layers" {
                *v = Json::Number(1e9);
            }
        }
    }
    assert_eq!(
        from_config(&c, None, None),
        Err(ConfigError::OutOfRange {
            key: "num_hidden_layers",
            field: Field::Layers,
            max: 1e6
        })
    );
}

#[test]
fn a_pattern_that_does_not_name_every_layer_says_how_many_it_names() {
    // Nemotron-H-56B's pattern has 118 characters, one per layer; with 120 layers
    // declared the pattern is two short.
    let mut c = config("nemotron-h-56b");
    if let Json::Object(pairs) = &mut c {
        for (k, v) in pairs.iter_mut() {
            if k == "num_hidden_layers" {
                *v = Json::Number(120.0);
            }
        }
    }
    assert_eq!(
        from_config(&c, None, None),
        Err(ConfigError::Length {
            key: "hybrid_override_pattern",
            found: 118,
            layers: 120
        })
    );
}

#[test]
fn qwen3_next_keeps_a_kv_cache_in_one_layer_of_four_and_a_constant_state_in_the_rest() {
    // `full_attention_interval` 4: 12 of 48 layers attend (2 KV heads × 256), the 36
    // others are Gated DeltaNet. KV: 12 × 2 × 2 × 256 × 2 B = 24,576 per token;
    // × 8,192 = 201,326,592; × 131,072 = 3,221,225,472. State per linear layer: 32
    // value heads × 128 × 128 = 524,288 elements, plus the convolution's 3 last inputs
    // of 2 × 16 × 128 + 32 × 128 = 8,192 channels = 24,576: 548,864 × 2 B =
    // 1,097,728; × 36 = 39,518,208 B per request. Parameters: attention layers
    // 2,048 × 8,192 (query and gate) + 2 × 2,048 × 512 + 4,096 × 2,048 = 27,262,976;
    // linear layers 2,048 × 12,288 + 2,048 × 64 + 8,192 × 4 + 4,096 × 2,048 =
    // 33,718,272 (the printed module shapes); every layer MoE with 512 experts and a
    // shared one of 3 × 2,048 × 512 = 3,145,728 and a router of 2,048 × 512;
    // embeddings untied 2 × 151,936 × 2,048. Total 12 × 27,262,976 + 36 × 33,718,272
    // + 48 × (513 × 3,145,728 + 1,048,576) + 622,329,856 = 79,674,081,280 (card 80 B);
    // active with 10 experts: 1,541,013,504 + 48 × (11 × 3,145,728 + 1,048,576) +
    // 622,329,856 = 3,874,619,392 (card 3 B without the embeddings: 3.25 B).
    // Qwen3-Next-80B-A3B-Thinking has the same shapes.
    expect(
        "qwen3-next-80b-a3b-thinking",
        Figures {
            kv_per_token: 24_576.0,
            kv_8k: 201_326_592.0,
            kv_128k: 3_221_225_472.0,
            state: 39_518_208.0,
            params: 79_674_081_280.0,
            active: 3_874_619_392.0,
        },
    );
    let c = expect(
        "qwen3-next-80b-a3b-instruct",
        Figures {
            kv_per_token: 24_576.0,
            kv_8k: 201_326_592.0,
            kv_128k: 3_221_225_472.0,
            state: 39_518_208.0,
            params: 79_674_081_280.0,
            active: 3_874_619_392.0,
        },
    );
    assert_eq!(c.model.attention_layers(), 12);
    // The output gate is the only figure not in the file; nothing is left unread.
    assert_eq!(c.defaults, ["attn_output_gate"]);
    assert!(c.unknown.is_empty(), "{:?}", c.unknown);
}

#[test]
fn gemma_2_takes_every_figure_it_omits_from_gemma2config() {
    // A config that names only its type is `Gemma2Config()`'s defaults (Gemma-2-2B's
    // shapes): 26 layers, hidden 2,304, 8 heads, 4 KV heads of 256, vocabulary
    // 256,000 (tied), every other layer windowed at 4,096, the first included.
    // KV: 26 × 2 × 4 × 256 × 2 B = 106,496 per token (4,096 per layer). At 8,192
    // tokens 13 × 8,192 × 4,096 + 13 × 4,096 × 4,096 = 654,311,424; at 131,072
    // 13 × 131,072 × 4,096 + 218,103,808 = 7,197,425,664. Parameters: 256,000 × 2,304
    // + 26 × (2,304 × 2,048 × 2 + 2,304 × 1,024 × 2 + 3 × 2,304 × 9,216) =
    // 2,614,099,968 (Gemma-2-2B's card: 2.61 B).
    let gemma2 = Json::Object(vec![("model_type".into(), Json::Text("gemma2".into()))]);
    let c = from_config(&gemma2, None, None).expect("gemma2");
    assert_eq!(
        figures(&c),
        Figures {
            kv_per_token: 106_496.0,
            kv_8k: 654_311_424.0,
            kv_128k: 7_197_425_664.0,
            state: 0.0,
            params: 2_614_099_968.0,
            active: 2_614_099_968.0,
        }
    );
    assert_eq!((c.model.sliding_window, c.model.sliding_layers), (Some(4096), Some(13)));
    assert_eq!(c.model.max_context, Some(8192));
    for key in [
        "vocab_size",
        "hidden_size",
        "num_hidden_layers",
        "head_dim",
        "max_position_embeddings",
    ] {
        assert!(c.defaults.contains(&key), "{key}: {:?}", c.defaults);
    }
}

#[test]
fn deepseek_v2_caches_one_latent_per_layer_and_routes_six_of_160_experts() {
    // 60 layers × (kv_lora_rank 512 + qk_rope_head_dim 64) × 2 B = 69,120 B per token;
    // × 8,192 = 566,231,040; × 131,072 = 9,059,696,640 (no window; 163,840 positions).
    // Attention per layer: q_a 5,120 × 1,536 = 7,864,320, q_b 1,536 × 128 × (128 + 64)
    // = 37,748,736, kv_a 5,120 × 576 = 2,949,120, kv_b 512 × 128 × (128 + 128) =
    // 16,777,216, o 128 × 128 × 5,120 = 83,886,080: 149,225,472. Layer 0 dense:
    // 3 × 5,120 × 12,288 = 188,743,680. Layers 1–59: 160 routed + 2 shared experts of
    // 3 × 5,120 × 1,536 = 23,592,960 and a router of 5,120 × 160 = 819,200:
    // 3,822,878,720. Embeddings untied 2 × 102,400 × 5,120 = 1,048,576,000. Total
    // 1,048,576,000 + 60 × 149,225,472 + 188,743,680 + 59 × 3,822,878,720 =
    // 235,740,692,480 (card 236 B; the checkpoint with its norms 235.741 B). Active:
    // minus 59 × 154 idle experts × 23,592,960 = 21,375,057,920 (card 21 B).
    let c = expect(
        "deepseek-v2",
        Figures {
            kv_per_token: 69_120.0,
            kv_8k: 566_231_040.0,
            kv_128k: 9_059_696_640.0,
            state: 0.0,
            params: 235_740_692_480.0,
            active: 21_375_057_920.0,
        },
    );
    assert_eq!(
        c.model.experts.map(|e| (e.count, e.active, e.shared)),
        Some((160, 6, 2))
    );
}

#[test]
fn olmo_2_7b_is_a_plain_transformer_with_full_multi_head_kv() {
    // 32 layers × 2 × 32 KV heads × 128 (4,096 / 32) × 2 B = 524,288 B per token;
    // × 8,192 = 4,294,967,296; × 131,072 = 68,719,476,736 (the model is trained to
    // 4,096 positions; the figure is the cache such a context would take). Parameters:
    // attention 4 × 4,096 × 4,096 = 67,108,864 and MLP 3 × 4,096 × 11,008 =
    // 135,266,304 per layer, × 32 = 6,476,005,376; embeddings untied 2 × 100,352 ×
    // 4,096 = 822,083,584: 7,298,088,960 (card 7.3 B; q/k norms left out).
    let c = expect(
        "olmo-2-1124-7b-instruct",
        Figures {
            kv_per_token: 524_288.0,
            kv_8k: 4_294_967_296.0,
            kv_128k: 68_719_476_736.0,
            state: 0.0,
            params: 7_298_088_960.0,
            active: 7_298_088_960.0,
        },
    );
    assert_eq!(c.model.max_context, Some(4096));
}

#[test]
fn gemma_2_9b_windows_every_other_layer_at_4096() {
    // 42 layers × 2 × 8 KV heads × 256 × 2 B = 344,064 B per token (8,192 per layer).
    // `layer_types` is not in the file: Gemma2Config windows layers 0, 2, 4, …, so 21
    // of 42 keep at most 4,096 tokens. At 8,192 tokens 21 × 8,192 × 8,192 + 21 ×
    // 4,096 × 8,192 = 2,113,929,216; at 131,072 21 × 131,072 × 8,192 + 21 × 4,096 ×
    // 8,192 = 23,253,221,376 (all-global would be 45,097,156,608). Parameters:
    // attention 2 × 3,584 × 4,096 + 2 × 3,584 × 2,048 = 44,040,192 and MLP 3 × 3,584
    // × 14,336 = 154,140,672 per layer, × 42 = 8,323,596,288; embeddings tied 256,000
    // × 3,584 = 917,504,000: 9,241,100,288 (card 9.24 B).
    let c = expect(
        "gemma-2-9b-it",
        Figures {
            kv_per_token: 344_064.0,
            kv_8k: 2_113_929_216.0,
            kv_128k: 23_253_221_376.0,
            state: 0.0,
            params: 9_241_100_288.0,
            active: 9_241_100_288.0,
        },
    );
    assert_eq!((c.model.sliding_window, c.model.sliding_layers), (Some(4096), Some(21)));
    // The file names neither the pattern nor the tying: Gemma2Config's.
    for key in ["sliding_window_pattern", "tie_word_embeddings"] {
        assert!(c.defaults.contains(&key), "{key}: {:?}", c.defaults);
    }
}

#[test]
fn phi_4_mini_has_a_window_wider_than_any_context_it_is_asked_for() {
    // `sliding_window` 262,144 is twice the longest context here: nothing is capped.
    // 32 layers × 2 × 8 KV heads × 128 (3,072 / 24) × 2 B = 131,072 B per token;
    // × 8,192 = 1,073,741,824; × 131,072 = 17,179,869,184. Parameters: attention
    // 2 × 3,072 × 3,072 + 2 × 3,072 × 1,024 = 25,165,824 and MLP 3 × 3,072 × 8,192
    // = 75,497,472 per layer, × 32 = 3,221,225,472; embeddings tied 200,064 × 3,072
    // = 614,596,608: 3,835,822,080 (card 3.8 B; with its 65 norms 3,836,021,760).
    expect(
        "phi-4-mini-instruct",
        Figures {
            kv_per_token: 131_072.0,
            kv_8k: 1_073_741_824.0,
            kv_128k: 17_179_869_184.0,
            state: 0.0,
            params: 3_835_822_080.0,
            active: 3_835_822_080.0,
        },
    );
}
