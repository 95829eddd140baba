//! Published `config.json` files of thirty-five families no earlier test named,
//! and further checkpoints, read into models and held to figures computed by hand
//! from each family's definition (`tests/configs/SOURCES.md` says where each text
//! comes from and how faithful it is). Each family is either computed right (KV
//! exactly; parameters within 0.2 %, the estimate leaving norms and biases out) or
//! refused with its reason.
//!
//! KV in BF16 (2 bytes per element). Per token: layers with attention × 2 × KV heads
//! × head dim × 2 B; per request at a context, a windowed layer keeps at most its
//! window.

use roofline::*;

mod common;
mod fixture;
use common::scenario;
use fixture::config;

/// KV bytes per token, per request at 8,192 tokens and at the model's longest
/// context, total and active parameters.
struct Expected {
    name: &'static str,
    kv_per_token: f64,
    kv_8k: f64,
    max_context: u32,
    kv_max: f64,
    params: f64,
    active: f64,
    /// How far the parameter estimate may lie from the count (norms and biases, and
    /// learned position tables, left out).
    tolerance: f64,
}

const COMPUTED: &[Expected] = &[
    // Cohere Command R (08-2024): 40 layers × 2 × 8 KV heads × 128 × 2 B; 131,072
    // tokens. Tied table (CohereConfig's default): 256,000 × 8,192 once.
    Expected {
        name: "command-r-08-2024",
        kv_per_token: 163_840.0,
        kv_8k: 1_342_177_280.0,
        max_context: 131_072,
        kv_max: 21_474_836_480.0,
        params: 32_296_476_672.0,
        active: 32_296_476_672.0,
        tolerance: 0.002,
    },
    // Command A: 64 layers × 2 × 8 × 128 × 2 B = 262,144 while the context is within
    // the 4,096 window; `sliding_window_pattern` 4 keeps 16 layers global: at 8,192
    // tokens 16 × 4,096 × 8,192 + 48 × 4,096 × 4,096; at 262,144 17,985,175,552.
    Expected {
        name: "command-a-03-2025",
        kv_per_token: 262_144.0,
        kv_8k: 1_342_177_280.0,
        max_context: 262_144,
        kv_max: 17_985_175_552.0,
        params: 111_057_580_032.0,
        active: 111_057_580_032.0,
        tolerance: 0.002,
    },
    // Phi-2: 32 layers × 2 × 32 × 80 (2,560 ÷ 32) × 2 B; an ungated MLP of two
    // matrices (`fc1`, `fc2`); 2,048 tokens.
    Expected {
        name: "phi-2",
        kv_per_token: 327_680.0,
        kv_8k: 2_684_354_560.0,
        max_context: 2048,
        kv_max: 671_088_640.0,
        params: 2_779_683_840.0,
        active: 2_779_683_840.0,
        tolerance: 0.002,
    },
    // StarCoder2-3B: 30 layers × 2 × 2 × 128 × 2 B, every layer windowed at 4,096
    // (30,720 × 4,096 at 8,192 and at 16,384 tokens); ungated MLP, tied table.
    Expected {
        name: "starcoder2-3b",
        kv_per_token: 30_720.0,
        kv_8k: 125_829_120.0,
        max_context: 16_384,
        kv_max: 125_829_120.0,
        params: 3_030_371_328.0,
        active: 3_030_371_328.0,
        tolerance: 0.002,
    },
    // Gemma-2B: 18 layers × 2 × 1 KV head × 256 (the config's head_dim) × 2 B; tied.
    Expected {
        name: "gemma-2b",
        kv_per_token: 18_432.0,
        kv_8k: 150_994_944.0,
        max_context: 8192,
        kv_max: 150_994_944.0,
        params: 2_506_172_416.0,
        active: 2_506_172_416.0,
        tolerance: 0.002,
    },
    // BLOOM-560m: `n_layer` 24, `n_embed` 1,024, 16 heads of 64: 24 × 2 × 16 × 64 ×
    // 2 B; no context limit in the config (ALiBi), so the longest is 8,192 here; MLP
    // 4 × hidden, ungated; tied.
    Expected {
        name: "bloom-560m",
        kv_per_token: 98_304.0,
        kv_8k: 805_306_368.0,
        max_context: 8192,
        kv_max: 805_306_368.0,
        params: 559_214_592.0,
        active: 559_214_592.0,
        tolerance: 0.002,
    },
    // StableLM-2-12B: 40 layers × 2 × 8 × 160 (5,120 ÷ 32) × 2 B; 4,096 tokens.
    Expected {
        name: "stablelm-2-12b",
        kv_per_token: 204_800.0,
        kv_8k: 1_677_721_600.0,
        max_context: 4096,
        kv_max: 838_860_800.0,
        params: 12_142_976_000.0,
        active: 12_142_976_000.0,
        tolerance: 0.002,
    },
    // EXAONE-4.0-32B: 64 layers × 2 × 8 × 128 × 2 B; `sliding_window_pattern` "LLLG":
    // 16 global, 48 windowed at 4,096; at 131,072 tokens 9,395,240,960.
    Expected {
        name: "exaone-4.0-32b",
        kv_per_token: 262_144.0,
        kv_8k: 1_342_177_280.0,
        max_context: 131_072,
        kv_max: 9_395_240_960.0,
        params: 32_003_216_384.0,
        active: 32_003_216_384.0,
        tolerance: 0.002,
    },
    // GLM-4.7: 92 layers × 2 × 8 × 128 (not 5,120 ÷ 96) × 2 B; 202,752 tokens; 160
    // routed experts, 8 per token, 1 shared, the first 3 layers dense (its MTP layer
    // left out). Active counts both vocabulary tables, as the total does.
    Expected {
        name: "glm-4.7",
        kv_per_token: 376_832.0,
        kv_8k: 3_087_007_744.0,
        max_context: 202_752,
        kv_max: 76_403_441_664.0,
        params: 352_797_829_024.0,
        active: 33_632_266_144.0,
        tolerance: 0.002,
    },
    // ChatGLM2-6B: `multi_query_group_num` 2 KV heads of `kv_channels` 128 in 28
    // layers (`num_layers`): 28 × 2 × 2 × 128 × 2 B; `seq_length` 32,768.
    Expected {
        name: "chatglm2-6b",
        kv_per_token: 28_672.0,
        kv_8k: 234_881_024.0,
        max_context: 32_768,
        kv_max: 939_524_096.0,
        params: 6_243_584_000.0,
        active: 6_243_584_000.0,
        tolerance: 0.002,
    },
    // OLMoE-1B-7B: 16 layers × 2 × 16 × 128 × 2 B; 4,096 tokens; 64 experts, 8 per
    // token, every layer.
    Expected {
        name: "olmoe-1b-7b",
        kv_per_token: 131_072.0,
        kv_8k: 1_073_741_824.0,
        max_context: 4096,
        kv_max: 536_870_912.0,
        params: 6_919_161_856.0,
        active: 1_282_017_280.0,
        tolerance: 0.002,
    },
    // Granite 3.0 2B: 40 layers × 2 × 8 × 64 × 2 B; 4,096 tokens; gated MLP of 8,192;
    // tied.
    Expected {
        name: "granite-3.0-2b-instruct",
        kv_per_token: 81_920.0,
        kv_8k: 671_088_640.0,
        max_context: 4_096,
        kv_max: 335_544_320.0,
        params: 2_533_531_648.0,
        active: 2_533_531_648.0,
        tolerance: 0.002,
    },
    // Granite 3.0 1B-A400M: 24 layers × 2 × 8 × 64 × 2 B; every layer routes 8 of 32
    // experts of width 512 (`intermediate_size`), no dense MLP; tied.
    Expected {
        name: "granite-3.0-1b-a400m-base",
        kv_per_token: 49_152.0,
        kv_8k: 402_653_184.0,
        max_context: 4_096,
        kv_max: 201_326_592.0,
        params: 1_334_625_280.0,
        active: 428_655_616.0,
        tolerance: 0.002,
    },
    // AMD OLMo 1B: 16 layers × 2 × 16 × 128 × 2 B; 2,048 tokens; tied.
    Expected {
        name: "amd-olmo-1b-sft",
        kv_per_token: 131_072.0,
        kv_8k: 1_073_741_824.0,
        max_context: 2_048,
        kv_max: 268_435_456.0,
        params: 1_176_764_416.0,
        active: 1_176_764_416.0,
        tolerance: 0.002,
    },
    // Minitron-8B (`nemotron`): 32 layers × 2 × 8 × 128 (the config's head_dim, not
    // 4,096 ÷ 48) × 2 B; a squared-ReLU MLP of two matrices.
    Expected {
        name: "minitron-8b-base",
        kv_per_token: 131_072.0,
        kv_8k: 1_073_741_824.0,
        max_context: 4_096,
        kv_max: 536_870_912.0,
        params: 8_271_699_968.0,
        active: 8_271_699_968.0,
        tolerance: 0.002,
    },
    // OPT-1.3B: 24 layers × 2 × 32 × 64 × 2 B; 2,048 tokens; two-matrix MLP
    // (`ffn_dim`), tied (OPTConfig). The estimate leaves out the learned position
    // table (2,050 × 2,048) and biases: 0.4 % low.
    Expected {
        name: "opt-1.3b",
        kv_per_token: 196_608.0,
        kv_8k: 1_610_612_736.0,
        max_context: 2_048,
        kv_max: 402_653_184.0,
        params: 1_315_758_080.0,
        active: 1_315_758_080.0,
        tolerance: 0.01,
    },
    // Pythia-6.9B (`gpt_neox`): 32 layers × 2 × 32 × 128 × 2 B; two-matrix MLP, untied
    // `embed_out`; the card's 6,857,302,016.
    Expected {
        name: "pythia-6.9b",
        kv_per_token: 524_288.0,
        kv_8k: 4_294_967_296.0,
        max_context: 2_048,
        kv_max: 1_073_741_824.0,
        params: 6_857_302_016.0,
        active: 6_857_302_016.0,
        tolerance: 0.002,
    },
    // DeepSeekMoE 16B (`deepseek`): 28 layers of full multi-head attention, 2 × 16 ×
    // 128 × 2 B; 64 experts, 6 per token, 2 shared, the first layer dense.
    Expected {
        name: "deepseek-moe-16b-chat",
        kv_per_token: 229_376.0,
        kv_8k: 1_879_048_192.0,
        max_context: 4_096,
        kv_max: 939_524_096.0,
        params: 16_375_728_128.0,
        active: 2_828_650_496.0,
        tolerance: 0.002,
    },
    // Baichuan-13B: 40 layers × 2 × 40 × 128 × 2 B; 4,096 tokens (`model_max_length`,
    // ALiBi).
    Expected {
        name: "baichuan-13b-chat",
        kv_per_token: 819_200.0,
        kv_8k: 6_710_886_400.0,
        max_context: 4_096,
        kv_max: 3_355_443_200.0,
        params: 13_264_901_120.0,
        active: 13_264_901_120.0,
        tolerance: 0.002,
    },
    // GPT-J-6B: 28 layers × 2 × 16 × 256 × 2 B; 2,048 tokens; two-matrix MLP of 4 ×
    // 4,096 (`n_inner` null).
    Expected {
        name: "gpt-j-6b",
        kv_per_token: 458_752.0,
        kv_8k: 3_758_096_384.0,
        max_context: 2_048,
        kv_max: 939_524_096.0,
        params: 6_050_882_784.0,
        active: 6_050_882_784.0,
        tolerance: 0.002,
    },
    // GPT-2: 12 layers × 2 × 12 × 64 × 2 B; 1,024 tokens; two-matrix MLP, tied
    // (GPT2Config). The estimate leaves out the learned position table (1,024 × 768)
    // and biases: 0.7 % low.
    Expected {
        name: "gpt2",
        kv_per_token: 36_864.0,
        kv_8k: 301_989_888.0,
        max_context: 1_024,
        kv_max: 37_748_736.0,
        params: 124_439_808.0,
        active: 124_439_808.0,
        tolerance: 0.01,
    },
    // Qwen-1.8B (`qwen`): 24 layers × 2 × 16 × 128 (`kv_channels`) × 2 B; 8,192 tokens
    // (`seq_length`); its `intermediate_size` is both gated matrices' widths together
    // (QWenMLP halves it).
    Expected {
        name: "qwen-1_8b-mlc",
        kv_per_token: 196_608.0,
        kv_8k: 1_610_612_736.0,
        max_context: 8_192,
        kv_max: 1_610_612_736.0,
        params: 1_836_828_672.0,
        active: 1_836_828_672.0,
        tolerance: 0.002,
    },
    // InternLM2-7B: 32 layers × 2 × 8 × 128 × 2 B; 32,768 tokens.
    Expected {
        name: "internlm2-chat-7b-mlc",
        kv_per_token: 131_072.0,
        kv_8k: 1_073_741_824.0,
        max_context: 32_768,
        kv_max: 4_294_967_296.0,
        params: 7_737_708_544.0,
        active: 7_737_708_544.0,
        tolerance: 0.002,
    },
    // MiniCPM-2B: 40 layers × 2 × 36 × 64 × 2 B; 4,096 tokens; tied.
    Expected {
        name: "minicpm-2b-sft-bf16-mlc",
        kv_per_token: 368_640.0,
        kv_8k: 3_019_898_880.0,
        max_context: 4_096,
        kv_max: 1_509_949_440.0,
        params: 2_724_880_896.0,
        active: 2_724_880_896.0,
        tolerance: 0.002,
    },
    // Orion-14B: 40 layers × 2 × 40 × 128 × 2 B; 4,096 tokens.
    Expected {
        name: "orion-14b-mlc",
        kv_per_token: 819_200.0,
        kv_8k: 6_710_886_400.0,
        max_context: 4_096,
        kv_max: 3_355_443_200.0,
        params: 14_498_703_360.0,
        active: 14_498_703_360.0,
        tolerance: 0.002,
    },
    // EXAONE-3.0-7.8B (`exaone`, `num_layers`): 32 layers × 2 × 8 × 128 × 2 B; 4,096
    // tokens.
    Expected {
        name: "exaone-3.0-7.8b-instruct",
        kv_per_token: 131_072.0,
        kv_8k: 1_073_741_824.0,
        max_context: 4_096,
        kv_max: 536_870_912.0,
        params: 7_818_448_896.0,
        active: 7_818_448_896.0,
        tolerance: 0.002,
    },
    // Mistral-7B-v0.1: 32 layers × 2 × 8 × 128 × 2 B = 131,072; every layer windowed at
    // `sliding_window` 4,096 (MistralAttention passes it to each layer, no pattern), so
    // 131,072 × 4,096 at 8,192 and at 32,768 tokens. 2 × 32,000 × 4,096 + 32 × (2 ×
    // 4,096² + 2 × 4,096 × 1,024 + 3 × 4,096 × 14,336) = 7,241,465,856 (7,241,732,096
    // with the 65 norms of 4,096).
    Expected {
        name: "mistral-7b-v0.1",
        kv_per_token: 131_072.0,
        kv_8k: 536_870_912.0,
        max_context: 32_768,
        kv_max: 536_870_912.0,
        params: 7_241_465_856.0,
        active: 7_241_465_856.0,
        tolerance: 0.002,
    },
    // Qwen3-32B (`qwen3`): 64 layers × 2 × 8 × 128 × 2 B; `use_sliding_window` false;
    // 40,960 tokens. Queries 64 × 128 = 8,192 wide, not 5,120: per layer 2 × 5,120 ×
    // 8,192 + 2 × 5,120 × 1,024 + 3 × 5,120 × 25,600 = 487,587,840; untied 2 × 151,936
    // × 5,120: 32,761,446,400 (the q/k norms of 128 left out).
    Expected {
        name: "qwen3-32b",
        kv_per_token: 262_144.0,
        kv_8k: 2_147_483_648.0,
        max_context: 40_960,
        kv_max: 10_737_418_240.0,
        params: 32_761_446_400.0,
        active: 32_761_446_400.0,
        tolerance: 0.002,
    },
    // Olmo 3.1 32B (`olmo3`): 64 layers × 2 × 8 × 128 × 2 B; `layer_types` windows 48
    // layers at 4,096, 16 global: at 8,192 16 × 4,096 × 8,192 + 48 × 4,096 × 4,096; at
    // 65,536 16 × 4,096 × 65,536 + 48 × 4,096 × 4,096 = 5,100,273,664. Per layer 2 ×
    // 5,120² + 2 × 5,120 × 1,024 + 3 × 5,120 × 27,648; untied 2 × 100,278 × 5,120.
    Expected {
        name: "olmo-3.1-32b-instruct",
        kv_per_token: 262_144.0,
        kv_8k: 1_342_177_280.0,
        max_context: 65_536,
        kv_max: 5_100_273_664.0,
        params: 32_232_468_480.0,
        active: 32_232_468_480.0,
        tolerance: 0.002,
    },
    // ERNIE-4.5-0.3B (`ernie4_5`): 18 layers × 2 × 2 × 128 (the config's head_dim, not
    // 1,024 ÷ 16) × 2 B; 131,072 tokens. Per layer 2 × 1,024 × 2,048 + 2 × 1,024 × 256
    // + 3 × 1,024 × 3,072; one tied table of 103,424 × 1,024: 360,710,144.
    Expected {
        name: "ernie-4.5-0.3b-pt",
        kv_per_token: 18_432.0,
        kv_8k: 150_994_944.0,
        max_context: 131_072,
        kv_max: 2_415_919_104.0,
        params: 360_710_144.0,
        active: 360_710_144.0,
        tolerance: 0.002,
    },
    // SmolLM3-3B (`smollm3`): 36 layers × 2 × 4 × 128 × 2 B; 65,536 tokens (no window:
    // `use_sliding_window` false). Per layer 2 × 2,048² + 2 × 2,048 × 512 + 3 × 2,048 ×
    // 11,008; its config leaves `tie_word_embeddings` out and `SmolLM3Config` ties by
    // default: one table of 128,256 × 2,048. 3,074,949,120.
    Expected {
        name: "smollm3-3b",
        kv_per_token: 73_728.0,
        kv_8k: 603_979_776.0,
        max_context: 65_536,
        kv_max: 4_831_838_208.0,
        params: 3_074_949_120.0,
        active: 3_074_949_120.0,
        tolerance: 0.002,
    },
    // Further checkpoints. Llama-3.3-70B: 80 layers × 2 × 8 × 128 × 2 B; 131,072
    // tokens; 2 × 128,256 × 8,192 + 80 × (2 × 8,192² + 2 × 8,192 × 1,024 + 3 × 8,192
    // × 28,672) = 70,552,387,584 (card 70.55 B).
    Expected {
        name: "llama-3.3-70b-instruct",
        kv_per_token: 327_680.0,
        kv_8k: 2_684_354_560.0,
        max_context: 131_072,
        kv_max: 42_949_672_960.0,
        params: 70_552_387_584.0,
        active: 70_552_387_584.0,
        tolerance: 0.002,
    },
    // Qwen3-VL-235B-A22B (its text decoder in `text_config`; the vision tower is not
    // counted): 94 layers × 2 × 4 × 128 × 2 B; 262,144 tokens. 2 × 151,936 × 4,096 +
    // 94 × (71,303,168 attention + 524,288 router + 128 × 3 × 4,096 × 1,536) =
    // 235,092,836,352; active without 120 of the 128 experts: 22,189,965,312.
    Expected {
        name: "qwen3-vl-235b-a22b-thinking",
        kv_per_token: 192_512.0,
        kv_8k: 1_577_058_304.0,
        max_context: 262_144,
        kv_max: 50_465_865_728.0,
        params: 235_092_836_352.0,
        active: 22_189_965_312.0,
        tolerance: 0.002,
    },
    // GLM-4.7-Flash (`glm4_moe_lite`): a latent of 512 + 64 in 47 layers × 2 B =
    // 54,144 per token; 202,752 tokens. Attention per layer 2,048 × 768 + 768 × 20 ×
    // 256 + 2,048 × 576 + 512 × 20 × 448 + 20 × 256 × 2,048 = 21,757,952; one dense
    // MLP of 3 × 2,048 × 10,240; 46 layers of 64 experts (4 per token) and a shared
    // one of 3 × 2,048 × 1,536 with a router of 2,048 × 64; 2 × 154,880 × 2,048
    // embeddings: 29,943,136,256; active 3,896,508,416.
    Expected {
        name: "glm-4.7-flash",
        kv_per_token: 54_144.0,
        kv_8k: 443_547_648.0,
        max_context: 202_752,
        kv_max: 10_977_804_288.0,
        params: 29_943_136_256.0,
        active: 3_896_508_416.0,
        tolerance: 0.002,
    },
];

fn kv_at(model: Model, context: u32) -> f64 {
    let mut s = scenario(model);
    s.kv = DataType::Bf16;
    s.workload.context = context;
    s.workload.prompt = 512;
    s.report().unwrap().kv_per_request.0
}

#[test]
fn each_family_is_computed_as_its_definition_says() {
    for e in COMPUTED {
        let c = from_config(&config(e.name), None, None).unwrap_or_else(|err| panic!("{}: {err:?}", e.name));
        let m = c.model;
        let r = scenario(m).report().unwrap();
        assert_eq!(r.kv_per_token.0, e.kv_per_token, "{} KV per token", e.name);
        assert_eq!(kv_at(m, 8192), e.kv_8k, "{} KV at 8,192", e.name);
        assert_eq!(kv_at(m, e.max_context), e.kv_max, "{} KV at {}", e.name, e.max_context);
        assert_eq!(r.state_per_request.0, 0.0, "{}", e.name);
        for (what, got, want) in [("params", m.params, e.params), ("active", m.active_params, e.active)] {
            assert!(
                (got / want - 1.0).abs() < e.tolerance,
                "{} {what}: {got} against {want}",
                e.name
            );
        }
    }
}

/// Mamba: 24 state-space layers and no attention at all, so no KV cache; each layer
/// keeps inner × state + inner × (kernel − 1) = 1,536 × 16 + 1,536 × 3 elements in
/// 16 bits: 58,368 B, 1,400,832 B per request whatever the context. Parameters per
/// layer: in_proj 768 × 3,072, conv 1,536 × 4, x_proj 1,536 × (48 + 32), dt_proj
/// 48 × 1,536, A 1,536 × 16, out_proj 1,536 × 768 (3,771,648 with D, biases and the
/// norm), and one tied table of 50,280 × 768: 129,135,360.
#[test]
fn a_state_space_model_without_attention_is_computed() {
    let c = from_config(&config("mamba-130m-hf"), None, None).unwrap();
    let m = c.model;
    assert_eq!(m.attention_layers(), 0);
    assert!(m.tied_embeddings, "MambaConfig keeps PretrainedConfig's tied tables");
    assert_eq!(c.unchecked_type, None);
    let r = scenario(m).report().unwrap();
    assert_eq!(r.kv_per_token.0, 0.0);
    assert_eq!(kv_at(m, 8192), 0.0);
    assert_eq!(r.state_per_request.0, 1_400_832.0);
    // Nothing grows with the context: no limit on it.
    assert_eq!(r.capacity.fit_context, None);
    assert!((m.params / 129_135_360.0 - 1.0).abs() < 0.002, "{}", m.params);
    // Every formula is a number, not NaN.
    let s = scenario(m);
    for o in Output::ALL {
        if let Some(f) = o.formula(&s, &r, Locale::En) {
            assert!(!f.contains("NaN") && !f.contains("inf"), "{}: {f}", o.id());
        }
    }
}

/// The three that need a layer kind the calculator lacks are refused with it named,
/// never computed as plain attention.
#[test]
fn families_with_a_layer_kind_the_calculator_lacks_are_refused_with_it() {
    let refused = |name: &str| from_config(&config(name), None, None).unwrap_err();
    // LFM2: short convolutions in 10 of 16 layers.
    let refusal = |model_type: &str, kind| ConfigError::Refused {
        model_type: model_type.into(),
        kind,
    };
    assert_eq!(refused("lfm2.5-vl-1.6b"), refusal("lfm2", Refusal::Convolution));
    // DBRX: its KV heads (8 of 48) live in `attn_config`; read flat they were 6×.
    assert_eq!(refused("dbrx-instruct"), ConfigError::Unhonoured("attn_config"));
    // MPT: its attention configured in a nested `attn_config` (KV heads among it).
    assert_eq!(refused("mpt-30b-chat"), ConfigError::Unhonoured("attn_config"));
    // Falcon-H1: attention and Mamba-2 side by side in every layer.
    assert_eq!(refused("falcon-h1-0.5b"), refusal("falcon_h1", Refusal::ParallelBlocks));
}
