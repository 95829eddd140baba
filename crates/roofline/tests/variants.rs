//! Attention and weight variants of 2025's models, against their published configs.

use roofline::*;

mod common;
use common::scenario;

/// DeepSeek-V3's config.json: 61 layers, hidden 7168, 128 heads (and 128 KV heads),
/// `kv_lora_rank` 512, `qk_rope_head_dim` 64, `qk_nope_head_dim` 128, 256 routed
/// experts of which 8 per token plus 1 shared; 671 B parameters, 37 B active.
fn deepseek_v3() -> Model {
    Model {
        params: 671e9,
        active_params: 37e9,
        experts: Some(Experts {
            count: 256,
            active: 8,
            shared: 1,
        }),
        layers: 61,
        hidden: 7168,
        heads: 128,
        kv_heads: 128,
        head_dim: 192,
        vocab: 129_280,
        tied_embeddings: false,
        sliding_window: None,
        sliding_layers: None,
        chunked: false,
        latent: Some(Latent {
            kv_rank: 512,
            rope_dim: 64,
        }),
        indexer: None,
        recurrent: None,
        expert_weights: None,
        max_context: Some(163_840),
    }
}

#[test]
fn deepseek_v3_caches_a_latent_not_its_heads() {
    let r = scenario(deepseek_v3()).report().unwrap();
    // (512 + 64) elements × 61 layers × 2 bytes = 70,272 bytes per token.
    assert_eq!(r.kv_per_token, Bytes(70_272.0));
    // Its 128 KV heads of dimension 192 (keys) would cache 2 × 128 × 192 × 61 × 2 =
    // 5,996,544 bytes: MLA keeps 1.2 % of that.
    let heads = Scenario {
        model: Model {
            latent: None,
            indexer: None,
            recurrent: None,
            ..deepseek_v3()
        },
        ..scenario(deepseek_v3())
    };
    let full = heads.report().unwrap().kv_per_token.0;
    assert_eq!(full, 5_996_544.0);
    // A 32,768-token request: 70,272 × 32,768 = 2,302,672,896 bytes (2.14 GiB).
    let mut s = scenario(deepseek_v3());
    s.workload.context = 32_768;
    assert_eq!(s.report().unwrap().kv_per_request, Bytes(2_302_672_896.0));
    assert_eq!(
        Output::KvPerToken
            .formula(&s, &s.report().unwrap(), Locale::En)
            .unwrap(),
        "61 × (512 + 64) × 2\u{a0}B = 70.3\u{a0}kB"
    );
}

/// Gemma-3-27B's text config: 62 layers, 16 KV heads of dimension 128, a 1,024-token
/// window on five of every six layers (`sliding_window_pattern` 6).
fn gemma_3_27b() -> Model {
    Model {
        params: 27e9,
        active_params: 27e9,
        experts: None,
        layers: 62,
        hidden: 5376,
        heads: 32,
        kv_heads: 16,
        head_dim: 128,
        vocab: 262_208,
        tied_embeddings: true,
        sliding_window: Some(1024),
        sliding_layers: Some(52),
        chunked: false,
        latent: None,
        indexer: None,
        recurrent: None,
        expert_weights: None,
        max_context: Some(131_072),
    }
}

#[test]
fn interleaved_layers_keep_the_whole_context_only_where_they_are_global() {
    let mut s = scenario(gemma_3_27b());
    s.workload.context = 32_768;
    let r = s.report().unwrap();
    // By hand: per layer and token 2 × 16 × 128 × 2 bytes = 8,192 bytes.
    // Layers 6, 12, …, 60 are global: 62 ÷ 6 = 10 of them, 52 windowed.
    // Global: 10 × 32,768 tokens × 8,192 = 2,684,354,560 bytes.
    // Windowed: 52 × 1,024 tokens × 8,192 = 436,207,616 bytes.
    // Sum: 3,120,562,176 bytes = 3.12 GB (2.91 GiB); all 62 layers global would be
    // 62 × 32,768 × 8,192 = 16,642,998,272 bytes.
    assert_eq!(r.kv_per_token, Bytes(62.0 * 8192.0));
    assert_eq!(r.kv_per_request, Bytes(3_120_562_176.0));
    assert_eq!(
        Output::KvPerRequest.formula(&s, &r, Locale::En).unwrap(),
        "8.19\u{a0}kB × (10 × 32768 + 52 × 1024) = 3.12\u{a0}GB"
    );
    // Within the window every layer keeps every token.
    s.workload.context = 1000;
    s.workload.prompt = 512;
    assert_eq!(s.report().unwrap().kv_per_request, Bytes(62.0 * 8192.0 * 1000.0));
}

#[test]
fn interleaved_layers_bound_the_context_that_fits_by_their_global_layers() {
    let mut s = scenario(gemma_3_27b());
    s.hardware.memory = Bytes(80e9);
    s.workload.reserve = 0.0;
    let r = s.report().unwrap();
    let free: f64 = 80e9 - 27e9 * 2.0;
    let per_layer: f64 = 8192.0;
    // Beyond the window: (free ÷ per-layer bytes − 52 × 1,024) ÷ 10 tokens.
    let expected = ((free / per_layer - 52.0 * 1024.0) / 10.0).floor();
    assert_eq!(r.capacity.fit_context, Some(expected));
    // And that context's cache does fill the free memory.
    let mut at = s;
    at.workload.context = expected as u32;
    let kv = at.report().unwrap().kv_per_request.0;
    assert!(kv <= free && free - kv < 10.0 * per_layer, "{kv} of {free}");
    // Every layer windowed (Mistral-7B-v0.1's way): the cache stops growing.
    s.model.sliding_layers = None;
    assert_eq!(s.report().unwrap().capacity.fit_context, None);
}

/// gpt-oss-120b: 116.83 B parameters, 5.71 B read by every token (the model card's
/// 5.13 B active plus the 0.58 B input embedding it leaves out), 128 experts of which
/// 4 per token, the experts stored as MXFP4 (4.25 bits: blocks of 32 with an 8-bit
/// scale), the rest in BF16.
fn gpt_oss_120b() -> Model {
    Model {
        params: 116.83e9,
        active_params: 5.71e9,
        experts: Some(Experts {
            count: 128,
            active: 4,
            shared: 0,
        }),
        layers: 36,
        hidden: 2880,
        heads: 64,
        kv_heads: 8,
        head_dim: 64,
        vocab: 201_088,
        tied_embeddings: false,
        sliding_window: Some(128),
        sliding_layers: Some(18),
        chunked: false,
        latent: None,
        indexer: None,
        recurrent: None,
        expert_weights: Some(DataType::Fp4(Groups::MXFP4)),
        max_context: Some(131_072),
    }
}

#[test]
fn gpt_oss_stores_its_experts_in_mxfp4_and_the_rest_in_bf16() {
    let s = scenario(gpt_oss_120b());
    // Experts: (116.83 − 5.71) × 128 ÷ 124 = 114.71 B parameters (the card's MLP:
    // 114.71 B) × 4.25 ÷ 8 bytes; the other 2.12 B parameters × 2 bytes.
    let experts = (116.83e9 - 5.71e9) * 128.0 / 124.0;
    let expected = experts * 4.25 / 8.0 + (116.83e9 - experts) * 2.0;
    let r = s.report().unwrap();
    assert!((r.weight_bytes.0 - expected).abs() < 1.0, "{}", r.weight_bytes.0);
    // About 65.2 GB: it fits one 80 GB device, as its model card says.
    assert_eq!(
        Quantity::new(r.weight_bytes.0, Unit::BytesSi).format(Locale::En),
        "65.2\u{a0}GB"
    );
    assert!(r.weight_bytes.0 < 80e9 * 0.9);
    // Counted as BF16 throughout it would be 233.7 GB.
    let plain = Scenario {
        model: Model {
            expert_weights: None,
            ..gpt_oss_120b()
        },
        ..s
    };
    assert_eq!(plain.weight_bytes(), 116.83e9 * 2.0);
    assert_eq!(
        Output::WeightBytes.formula(&s, &r, Locale::En).unwrap(),
        "2.125 × 10⁹ × 2\u{a0}B + 114.705 × 10⁹ × 0.5312\u{a0}B = 65.2\u{a0}GB"
    );
}

#[test]
fn a_batch_touches_more_experts_as_it_grows() {
    let mut s = scenario(deepseek_v3());
    let touched = |s: &Scenario| s.report().unwrap().experts_touched.unwrap();
    // One token reads its 8 routed experts per layer.
    assert!((touched(&s) - 8.0).abs() < 1e-9);
    // 64 tokens: 256 × (1 − (1 − 8/256)^64) = 222.4 of 256.
    s.workload.batch = 64;
    let expected = 256.0 * (1.0 - (1.0 - 8.0 / 256.0f64).powi(64));
    assert!((touched(&s) - expected).abs() < 1e-9);
    assert_eq!(
        Output::ExpertsTouched
            .formula(&s, &s.report().unwrap(), Locale::En)
            .unwrap(),
        "256 × (1 − (1 − 8/256)^64) = 222"
    );
    // The weights read per step grow with it, from the active parameters' bytes
    // towards all of them. One token reads its active parameters but the input
    // embedding (129,280 × 7,168 = 926,679,040 parameters), of which it reads one
    // row of 7,168: (37 × 10⁹ − 926,679,040 + 7,168) × 2 B = 72,146,656,256 B.
    let r = s.report().unwrap();
    let one = scenario(deepseek_v3()).report().unwrap();
    assert!((one.decode_weight_bytes.0 - 72_146_656_256.0).abs() < 1e3);
    assert!(r.decode_weight_bytes.0 > 0.85 * r.weight_bytes.0);
    // A dense model has no such output.
    assert_eq!(Scenario::example().report().unwrap().experts_touched, None);
}

#[test]
fn more_windowed_layers_than_layers_is_an_error() {
    let mut s = scenario(gemma_3_27b());
    s.model.sliding_layers = Some(63);
    assert_eq!(s.validate(), Err(InputError::SlidingLayersExceedLayers));
    s.model.sliding_layers = Some(62);
    assert_eq!(s.validate(), Ok(()));
}

#[test]
fn mla_prefill_runs_ordinary_attention_on_the_expanded_latent() {
    let mut s = scenario(deepseek_v3());
    s.workload.prompt = 8192;
    s.workload.context = 8192;
    let r = s.report().unwrap();
    // Prefill: 2 FLOPs per active parameter but the two vocabulary tables
    // (2 × 926,679,040 = 1,853,358,080) per token, the LM head once for the last
    // position's logits, and per (query, key) pair and layer 2 × 128 heads ×
    // (192 + 128) = 81,920, over 8,192 × 8,193 ÷ 2 pairs and 61 layers.
    let pairs = 8192.0 * 8193.0 / 2.0;
    let expected = 8192.0 * 2.0 * (37e9 - 1_853_358_080.0) + 2.0 * 926_679_040.0 + pairs * 61.0 * 81_920.0;
    assert!(
        (r.prefill.flops.0 / expected - 1.0).abs() < 1e-12,
        "{}",
        r.prefill.flops.0
    );
    // A decode step multiplies with everything active but the input embedding (its
    // token needs logits), and scores against the latent: 2 × 128 × (2 × 512 + 64) =
    // 278,528 per pair and layer.
    let decode = 2.0 * (37e9 - 926_679_040.0) + 8192.0 * 61.0 * 278_528.0;
    assert!((r.decode.flops.0 / decode - 1.0).abs() < 1e-12, "{}", r.decode.flops.0);
}

#[test]
fn tensor_parallel_devices_each_hold_what_they_cannot_split() {
    // DeepSeek-V3's latent serves every head: on 8 devices it is there 8 times.
    let mut s = scenario(deepseek_v3());
    s.weights = DataType::Fp8;
    s.workload.devices = 8;
    s.hardware.memory = Bytes(141e9);
    let r = s.report().unwrap();
    assert_eq!(r.kv_copies, 8.0);
    // FP8 weights, the two vocabulary tables (1,853,358,080 parameters) in 16 bits:
    // 671 × 10⁹ + 1,853,358,080 bytes.
    let free = 8.0 * 141e9 * 0.9 - (671e9 + 1_853_358_080.0);
    assert_eq!(r.capacity.max_requests, (free / (r.kv_per_request.0 * 8.0)).floor());
    assert!(Output::MaxRequests
        .formula(&s, &r, Locale::En)
        .unwrap()
        .contains(" × 8 = "));
    // Llama-3-70B's 8 KV heads split over 8 devices: one copy; over 16, two.
    let mut llama = Scenario::example();
    llama.model.params = 70.55e9;
    llama.model.active_params = 70.55e9;
    llama.model.layers = 80;
    llama.model.heads = 64;
    llama.model.kv_heads = 8;
    llama.workload.devices = 8;
    let one = llama.report().unwrap();
    assert_eq!(one.kv_copies, 1.0);
    llama.workload.devices = 16;
    let two = llama.report().unwrap();
    assert_eq!(two.kv_copies, 2.0);
    // The per-request figure is one copy; the step reads both.
    assert_eq!(two.kv_per_request, one.kv_per_request);
    let kv = |r: &Report| r.decode.bytes.0 - r.decode_weight_bytes.0;
    assert!((kv(&two) / kv(&one) - 2.0).abs() < 1e-12);
}

#[test]
fn active_parameters_below_the_routed_share_are_an_error() {
    let mut s = scenario(deepseek_v3());
    // 8 of 256 experts per token: at least 671 × 8/256 = 21 B are read.
    s.model.active_params = 20e9;
    assert_eq!(s.validate(), Err(InputError::ActiveTooFewForExperts));
    // And the layers outside the routed experts hold at least the two vocabulary
    // tables (1,853,358,080): 671 × 10⁹ − (671 × 10⁹ − 1,853,358,080) × 248/256 =
    // 22,764,190,640 active parameters.
    s.model.active_params = 21e9;
    let Err(InputError::TablesExceedParams { field, min }) = s.validate() else {
        panic!("{:?}", s.validate())
    };
    assert_eq!(field, Field::ActiveParams);
    assert!((min - 22_764_190_640.0).abs() < 1.0, "{min}");
    s.model.active_params = 22.77e9;
    assert_eq!(s.validate(), Ok(()));
}
