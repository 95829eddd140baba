//! The worked examples of the glossary, to the digits the entries show.

use roofline::*;

fn fmt(output: Output, s: &Scenario, locale: Locale) -> String {
    output
        .quantity(&s.report().expect("valid scenario"))
        .expect("finite")
        .format(locale)
}

fn fmt_digits(output: Output, s: &Scenario, digits: u8) -> String {
    output
        .quantity(&s.report().expect("valid scenario"))
        .expect("finite")
        .format_digits(Locale::En, digits)
}

/// Llama-2-7B: the example's shape with its 32,000-token vocabulary in two tables.
fn llama2_7b() -> Model {
    Model {
        params: 6.74e9,
        active_params: 6.74e9,
        vocab: 32_000,
        tied_embeddings: false,
        ..Scenario::example().model
    }
}

fn llama3_8b() -> Model {
    Model {
        params: 8.03e9,
        active_params: 8.03e9,
        experts: None,
        layers: 32,
        hidden: 4096,
        heads: 32,
        kv_heads: 8,
        head_dim: 128,
        vocab: 128_256,
        tied_embeddings: false,
        sliding_window: None,
        sliding_layers: None,
        chunked: false,
        latent: None,
        indexer: None,
        recurrent: None,
        expert_weights: None,
        max_context: Some(8192),
    }
}

/// Llama-3.1-8B: Llama-3-8B's shape with a 131,072-token context
/// (`max_position_embeddings` in its config.json).
fn llama3_1_8b() -> Model {
    Model {
        max_context: Some(131_072),
        ..llama3_8b()
    }
}

fn with_bandwidth(gb_per_s: f64) -> Scenario {
    Scenario::example().with_bandwidth(BytesPerSecond(gb_per_s * 1e9))
}

#[test]
fn seven_billion_fp16_weights_are_14_gb_per_decode_step() {
    let s = Scenario::example();
    let r = s.report().unwrap();
    assert_eq!(r.weight_bytes, Bytes(14e9));
    assert_eq!(r.decode_weight_bytes, Bytes(14e9));
    assert_eq!(fmt(Output::WeightBytes, &s, Locale::En), "14.0\u{a0}GB");
    assert_eq!(fmt(Output::WeightBytes, &s, Locale::De), "14,0\u{a0}GB");
    let iec = Quantity::new(r.weight_bytes.0, Unit::BytesIec).format_digits(Locale::En, 4);
    assert_eq!(iec, "13.04\u{a0}GiB");
}

#[test]
fn streaming_14_gb_at_2_tb_per_s_takes_7_ms() {
    let s = with_bandwidth(2000.0);
    assert_eq!(fmt(Output::WeightTime, &s, Locale::En), "7.0\u{a0}ms");
    assert_eq!(fmt(Output::WeightTime, &s, Locale::De), "7,0\u{a0}ms");
    assert_eq!(fmt(Output::WeightTokensPerS, &s, Locale::En), "143\u{a0}tokens/s");
}

#[test]
fn a100_datasheet_bandwidth_gives_6_9_ms() {
    assert_eq!(
        fmt(Output::WeightTime, &with_bandwidth(2039.0), Locale::En),
        "6.9\u{a0}ms"
    );
}

#[test]
fn h100_sxm_streams_14_gb_in_4_18_ms() {
    let s = with_bandwidth(3350.0);
    assert_eq!(fmt_digits(Output::WeightTime, &s, 3), "4.18\u{a0}ms");
    assert_eq!(fmt(Output::WeightTokensPerS, &s, Locale::En), "239\u{a0}tokens/s");
}

#[test]
fn kv_cache_of_a_32k_request_is_4_gib() {
    let mut s = Scenario::example();
    s.model = llama3_8b();
    s.workload.context = 32_768;
    let r = s.report().unwrap();
    assert_eq!(r.kv_per_request, Bytes(4_294_967_296.0));
    assert_eq!(fmt(Output::KvPerRequest, &s, Locale::En), "4.29\u{a0}GB");
    assert_eq!(fmt(Output::KvPerRequestIec, &s, Locale::En), "4.00\u{a0}GiB");
    assert_eq!(fmt(Output::KvPerRequest, &s, Locale::De), "4,29\u{a0}GB");
    assert_eq!(fmt(Output::KvPerRequestIec, &s, Locale::De), "4,00\u{a0}GiB");
    assert_eq!(
        Quantity::new(r.kv_per_request.0, Unit::BytesSi).format_bytes_both(Locale::En),
        "4.29\u{a0}GB (4.00\u{a0}GiB)"
    );
}

#[test]
fn llama2_7b_decode_bounds_on_a100_and_h100() {
    let mut a100 = with_bandwidth(2039.0);
    a100.model = llama2_7b();
    let mut h100 = with_bandwidth(3350.0);
    h100.model = llama2_7b();
    // 13.48 GB in memory; a decode step at batch 1 reads all of it but the input
    // embedding (32,000 × 4,096 = 131,072,000 parameters), of which one row:
    // (6.74 × 10⁹ − 131,072,000 + 4,096) × 2 B = 13,217,855,992 B (facts.md).
    assert_eq!(fmt_digits(Output::WeightBytes, &a100, 4), "13.48\u{a0}GB");
    assert_eq!(fmt_digits(Output::DecodeWeightBytes, &a100, 4), "13.22\u{a0}GB");
    assert_eq!(
        a100.report().unwrap().decode_weight_bytes,
        Bytes((6.74e9 - 131_072_000.0 + 4096.0) * 2.0)
    );
    // 2,039 GB/s ÷ 13.218 GB = 154.3; 3,350 ÷ 13.218 = 253.4.
    assert_eq!(fmt(Output::WeightTokensPerS, &a100, Locale::En), "154\u{a0}tokens/s");
    assert_eq!(fmt(Output::WeightTokensPerS, &h100, Locale::En), "253\u{a0}tokens/s");
}

#[test]
fn the_seven_billion_example_has_no_vocabulary_and_stays_exact() {
    // The decision of 2026-12-06: the round example's every parameter is read and
    // multiplied with, so its figures are those of the parameter count alone.
    let r = Scenario::example().report().unwrap();
    assert_eq!(r.decode_weight_bytes, Bytes(14e9));
    // 2 × 7 × 10⁹ FLOPs and attention over 1,024 tokens: 4 × 32 heads × 128 × 32
    // layers × 1,024 = 536,870,912.
    assert_eq!(r.decode.flops, Flops(14e9 + 536_870_912.0));
    // Its prefill charges all 512 prompt tokens 2 × 7 × 10⁹, and attention over
    // 512 × 513 ÷ 2 pairs: 131,328 × 32 layers × 16,384 = 68,853,694,464.
    assert_eq!(r.prefill.flops, Flops(512.0 * 14e9 + 68_853_694_464.0));
}

#[test]
fn llama3_1_8b_bounds_leave_out_the_lookup_and_the_logits_nobody_needs() {
    let mut s = with_bandwidth(2039.0);
    s.model = llama3_1_8b();
    s.hardware.peaks.fp16 = FlopsPerSecond(312e12);
    s.workload.prompt = 2048;
    s.workload.context = 2048;
    let r = s.report().unwrap();
    // One table: 128,256 × 4,096 = 525,336,576 parameters; two of them untied.
    let table = 525_336_576.0;
    // Decode at batch 1 reads all but the input embedding, and one of its rows:
    // (8.03 × 10⁹ − 525,336,576 + 4,096) × 2 B = 15.01 GB (16.06 GB whole).
    assert_eq!(r.decode_weight_bytes, Bytes((8.03e9 - table + 4096.0) * 2.0));
    assert_eq!(fmt(Output::DecodeWeightBytes, &s, Locale::En), "15.0\u{a0}GB");
    // Prefill of 2,048 tokens: 2 × (8.03 × 10⁹ − 2 × 525,336,576) per token, the LM
    // head once (2 × 525,336,576), and attention: 4 × 32 heads × 128 × 32 layers ×
    // 2,048 × 2,049 ÷ 2 pairs = 1,100,048,498,688.
    let attention = 4.0 * 32.0 * 128.0 * 32.0 * 2048.0 * 2049.0 / 2.0;
    let expected = 2048.0 * 2.0 * (8.03e9 - 2.0 * table) + 2.0 * table + attention;
    assert!(
        (r.prefill.flops.0 / expected - 1.0).abs() < 1e-12,
        "{}",
        r.prefill.flops.0
    );
    // 29.7 TFLOP at most 312 TFLOP/s: 95 ms, where charging every token 2 × 8.03 ×
    // 10⁹ gave 34.0 TFLOP and 109 ms.
    assert_eq!(fmt(Output::PrefillFlops, &s, Locale::En), "29.7\u{a0}TFLOP");
    assert_eq!(fmt(Output::PrefillTime, &s, Locale::En), "95\u{a0}ms");
}

#[test]
fn llama3_70b_int4_keeps_its_vocabulary_tables_in_16_bits() {
    // facts.md: 68.45 × 10⁹ parameters × 4.156/8 + 2 × 1.051 × 10⁹ × 2 B ≈ 39.8 GB
    // in memory, ≈ 37.7 GB read per decode step, ≈ 89 tokens/s on an H100 SXM.
    let mut s = with_bandwidth(3350.0);
    s.model = Model {
        params: 70.55e9,
        active_params: 70.55e9,
        layers: 80,
        hidden: 8192,
        heads: 64,
        kv_heads: 8,
        ..llama3_8b()
    };
    s.weights = DataType::Int4(Groups::INT4_G128);
    s.hardware.memory = Bytes(80e9);
    let table = 128_256.0 * 8192.0;
    let r = s.report().unwrap();
    assert_eq!(
        r.weight_bytes,
        Bytes((70.55e9 - 2.0 * table) * 4.15625 / 8.0 + 2.0 * table * 2.0)
    );
    assert_eq!(fmt(Output::WeightBytes, &s, Locale::En), "39.8\u{a0}GB");
    assert_eq!(fmt(Output::DecodeWeightBytes, &s, Locale::En), "37.7\u{a0}GB");
    assert_eq!(fmt(Output::WeightTokensPerS, &s, Locale::En), "88.9\u{a0}tokens/s");
    assert_eq!(
        Output::WeightBytes
            .formula(&s, &s.report().unwrap(), Locale::En)
            .unwrap(),
        "68.449 × 10⁹ × 0.5195\u{a0}B + 2.101 × 10⁹ × 2\u{a0}B = 39.8\u{a0}GB"
    );
}

#[test]
fn grouped_query_attention_shrinks_kv_fourfold_against_mha() {
    let mut gqa = Scenario::example();
    gqa.model = llama3_8b();
    let mut mha = Scenario::example();
    mha.model = llama2_7b();
    let ratio = mha.report().unwrap().kv_per_token.0 / gqa.report().unwrap().kv_per_token.0;
    assert_eq!(ratio, 4.0);
}

#[test]
fn four_bit_weights_carry_their_scales() {
    let mut s = Scenario::example();
    s.weights = DataType::Int4(Groups::INT4_G128);
    // GPTQ/AWQ: 4 bits + an FP16 scale and a packed 4-bit zero per 128 weights.
    assert_eq!(
        s.report().unwrap().weight_bytes,
        Bytes(7e9 * (4.0 + 20.0 / 128.0) / 8.0)
    );
    s.weights = DataType::Fp4(Groups::MXFP4);
    assert_eq!(s.report().unwrap().weight_bytes, Bytes(7e9 * 4.25 / 8.0));
    s.weights = DataType::Int4(Groups::NONE);
    assert_eq!(s.report().unwrap().weight_bytes, Bytes(3.5e9));
}

#[test]
fn batch_shares_weights_but_not_kv() {
    let s = Scenario::example();
    let one = s.report().unwrap();
    let eight = s.with_batch(8).report().unwrap();
    assert_eq!(eight.decode_weight_bytes, one.decode_weight_bytes);
    assert_eq!(eight.kv_batch.0, 8.0 * one.kv_per_request.0);
    let kv_step = |r: &Report| r.decode.bytes.0 - r.decode_weight_bytes.0;
    assert!((kv_step(&eight) - 8.0 * kv_step(&one)).abs() < 1.0);
    // Eight times the tokens for a third more bytes: throughput grows sixfold.
    assert!(eight.batch_tokens_per_s.0 > 6.0 * one.batch_tokens_per_s.0);
    assert!(eight.batch_tokens_per_s.0 < 8.0 * one.batch_tokens_per_s.0);
}

#[test]
fn decode_is_memory_bound_and_prefill_compute_bound_at_batch_one() {
    let r = Scenario::example().report().unwrap();
    assert_eq!(r.decode.bound, Bound::Memory);
    assert_eq!(r.prefill.bound, Bound::Compute);
    // Ridge of 312 TFLOP/s over 2 TB/s.
    assert_eq!(r.ridge, Intensity(156.0));
}

#[test]
fn critical_batch_is_the_first_compute_bound_batch() {
    let s = Scenario::example().with_context(128);
    let b = s.report().unwrap().critical_batch.expect("turns compute-bound");
    assert!(b > 1);
    assert_eq!(s.with_batch(b).report().unwrap().decode.bound, Bound::Compute);
    assert_eq!(s.with_batch(b - 1).report().unwrap().decode.bound, Bound::Memory);
}

#[test]
fn mixture_of_experts_reads_active_experts_at_batch_one() {
    let mut s = Scenario::example();
    s.model = Model {
        params: 46.7e9,
        active_params: 12.9e9,
        experts: Some(Experts {
            count: 8,
            active: 2,
            shared: 0,
        }),
        kv_heads: 8,
        ..s.model
    };
    s.hardware.memory = Bytes(192e9);
    let one = s.report().unwrap();
    assert!(
        (one.decode_weight_bytes.0 - 12.9e9 * 2.0).abs() < 1e3,
        "{}",
        one.decode_weight_bytes.0
    );
    let many = s.with_batch(256).report().unwrap();
    assert!(many.decode_weight_bytes.0 > 0.999 * many.weight_bytes.0);
    let critical = s.report().unwrap().critical_batch.unwrap();
    assert_eq!(s.with_batch(critical).report().unwrap().decode.bound, Bound::Compute);
    assert_eq!(s.with_batch(critical - 1).report().unwrap().decode.bound, Bound::Memory);
}

#[test]
fn capacity_counts_requests_that_fit_next_to_the_weights() {
    let mut s = Scenario::example();
    s.model = llama3_8b();
    s.workload.context = 32_768;
    s.workload.reserve = 0.0;
    let r = s.report().unwrap();
    // (80 GB − 16.06 GB) ÷ 4.29 GB = 14.88…
    assert_eq!(r.capacity.max_requests, 14.0);
    assert!(r.capacity.batch_fits);
    assert!(!s.with_batch(15).report().unwrap().capacity.batch_fits);
    let fit_context = r.capacity.fit_context.unwrap();
    assert_eq!(fit_context, ((80e9 - 16.06e9) / 131_072.0_f64).floor());
}

#[test]
fn sliding_window_caps_the_kv_cache() {
    let mut s = Scenario::example();
    s.model.sliding_window = Some(4096);
    s.model.kv_heads = 8;
    s.workload.context = 32_768;
    let r = s.report().unwrap();
    assert_eq!(r.kv_per_request.0, r.kv_per_token.0 * 4096.0);
    assert_eq!(r.capacity.fit_context, None);
}

#[test]
fn invalid_inputs_are_typed_errors() {
    let base = Scenario::example();
    let cases: Vec<(Scenario, InputError)> = vec![
        (
            {
                let mut s = base;
                s.model.params = f64::NAN;
                s
            },
            InputError::NotFinite(Field::Params),
        ),
        (
            {
                let mut s = base;
                s.model.params = -1.0;
                s
            },
            InputError::NotPositive(Field::Params),
        ),
        (
            {
                let mut s = base;
                s.model.params = 0.5;
                s
            },
            InputError::TooSmall {
                field: Field::Params,
                min: 1.0,
            },
        ),
        (
            {
                let mut s = base;
                s.model.kv_heads = 5;
                s
            },
            InputError::KvHeadsNotDivisor,
        ),
        (
            {
                let mut s = base;
                s.model.active_params = 8e9;
                s
            },
            InputError::ActiveExceedsTotal,
        ),
        (
            {
                let mut s = base;
                s.hardware.bandwidth = BytesPerSecond(f64::INFINITY);
                s
            },
            InputError::NotFinite(Field::Bandwidth),
        ),
        (
            {
                let mut s = base;
                s.workload.context = MAX_TOKENS + 1;
                s
            },
            InputError::TooLarge {
                field: Field::Context,
                max: f64::from(MAX_TOKENS),
            },
        ),
        (
            {
                let mut s = base;
                s.workload.context = 100;
                s
            },
            InputError::ContextShorterThanPrompt,
        ),
        (
            {
                let mut s = base;
                s.workload.reserve = 1.0;
                s
            },
            InputError::ReserveOutOfRange,
        ),
    ];
    for (s, want) in cases {
        assert_eq!(s.report(), Err(want));
        assert!(!want.to_string().is_empty());
    }
}

#[test]
fn every_output_has_a_formula_or_is_an_input() {
    let s = Scenario::example();
    let r = s.report().unwrap();
    let with_formula = Output::ALL
        .iter()
        .filter(|o| o.formula(&s, &r, Locale::De).is_some())
        .count();
    assert!(with_formula >= 20);
    assert_eq!(
        Output::KvPerToken.formula(&s, &r, Locale::De).unwrap(),
        "2 × 32 × 32 × 128 × 2\u{a0}B = 524\u{a0}kB"
    );
}

#[test]
fn llama_3_1_8b_holds_131072_bytes_of_kv_per_token_in_fp16() {
    let mut s = Scenario::example();
    s.model = llama3_1_8b();
    let r = s.report().unwrap();
    // 2 (K and V) × 32 layers × 8 KV heads × 128 × 2 bytes.
    assert_eq!(r.kv_per_token, Bytes(2.0 * 32.0 * 8.0 * 128.0 * 2.0));
    assert_eq!(r.kv_per_token, Bytes(131_072.0));
    assert_eq!(
        Output::KvPerToken.formula(&s, &r, Locale::En).unwrap(),
        "2 × 32 × 8 × 128 × 2\u{a0}B = 131\u{a0}kB"
    );
}

#[test]
fn the_32k_example_fits_llama_3_1_8b_but_not_llama_3_8b() {
    let mut s = Scenario::example();
    s.workload.context = 32_768;
    s.model = llama3_1_8b();
    assert_eq!(s.context_beyond_model(), None);
    s.model = llama3_8b();
    // Computed all the same, and flagged.
    assert_eq!(s.report().unwrap().kv_per_request, Bytes(4_294_967_296.0));
    assert_eq!(s.context_beyond_model(), Some(8192));
    s.workload.context = 8192;
    assert_eq!(s.context_beyond_model(), None);
    s.model.max_context = None;
    s.workload.context = MAX_TOKENS;
    assert_eq!(s.context_beyond_model(), None);
}

#[test]
fn a_context_limit_of_zero_is_an_input_error() {
    let mut s = Scenario::example();
    s.model.max_context = Some(0);
    assert_eq!(s.report(), Err(InputError::NotPositive(Field::MaxContext)));
}

/// The text of `output` for `s` in `locale`, with `~` for the no-break space
/// before a unit and `_` for the German thousands separator.
fn text(output: Output, s: &Scenario, locale: Locale) -> String {
    output
        .text(&s.report().unwrap(), locale, None)
        .expect("has a value")
        .replace('\u{a0}', "~")
        .replace('\u{202f}', "_")
}

#[test]
fn inputs_read_as_prose_names_them() {
    let mut s = Scenario::example();
    assert_eq!(text(Output::Params, &s, Locale::En), "7~billion");
    assert_eq!(text(Output::Params, &s, Locale::De), "7~Milliarden");
    s.model = llama2_7b();
    assert_eq!(text(Output::Params, &s, Locale::En), "6.74~billion");
    assert_eq!(text(Output::Params, &s, Locale::De), "6,74~Milliarden");
    assert_eq!(text(Output::ActiveParams, &s, Locale::De), "6,74~Milliarden");
    s.model = llama3_1_8b();
    s.workload.batch = 8;
    s.workload.prompt = 30_720;
    s.workload.context = 32_768;
    s.workload.devices = 2;
    s.kv = DataType::Int4(Groups::INT4_G128);
    let cases = [
        (Output::Batch, "8", "8"),
        (Output::Prompt, "30,720", "30_720"),
        (Output::Context, "32,768", "32_768"),
        (Output::MaxContext, "131,072", "131_072"),
        (Output::Devices, "2", "2"),
        (Output::WeightsType, "FP16", "FP16"),
        (Output::KvType, "INT4", "INT4"),
    ];
    for (output, en, de) in cases {
        assert_eq!(text(output, &s, Locale::En), en, "{output:?}");
        assert_eq!(text(output, &s, Locale::De), de, "{output:?}");
        assert!(output.formula(&s, &s.report().unwrap(), Locale::En).is_none());
    }
    s.model.max_context = None;
    assert_eq!(Output::MaxContext.text(&s.report().unwrap(), Locale::En, None), None);
    assert_eq!(Output::SlidingWindow.text(&s.report().unwrap(), Locale::En, None), None);
    s.model.sliding_window = Some(4096);
    assert_eq!(text(Output::SlidingWindow, &s, Locale::De), "4_096");
}

#[test]
fn inputs_of_a_model_that_does_not_fit_are_still_named() {
    let mut s = Scenario::example();
    s.model = Model {
        params: 70.55e9,
        active_params: 70.55e9,
        layers: 80,
        ..llama3_8b()
    };
    let r = s.report().expect("a model that does not fit is computed all the same");
    // 141.1 GB of FP16 weights against 72 GB usable on one 80 GB device: two hold them.
    assert!(!r.capacity.weights_fit);
    assert_eq!(r.capacity.devices_needed, 2);
    assert_eq!(r.capacity.max_requests, 0.0);
    assert_eq!(r.capacity.fit_context, Some(0.0));
    assert!(!r.capacity.batch_fits);
    let text = |o: Output, s: &Scenario| o.text_for(s, Locale::De, Some(4));
    assert_eq!(text(Output::Params, &s), Ok(Some("70,55\u{a0}Milliarden".into())));
    assert_eq!(text(Output::MaxContext, &s), Ok(Some("8\u{202f}192".into())));
    assert_eq!(text(Output::WeightBytes, &s), Ok(Some("141,1\u{a0}GB".into())));
    assert_eq!(text(Output::DevicesNeeded, &s), Ok(Some("2".into())));
    // On the devices it needs, it fits, and the figures per device scale.
    s.workload.devices = 2;
    let two = s.report().unwrap();
    assert!(two.capacity.weights_fit);
    assert_eq!(two.capacity.devices_needed, 2);
    assert!((two.decode.time_memory.0 * 2.0 - r.decode.time_memory.0).abs() < 1e-12);
    s.workload.batch = 0;
    assert_eq!(text(Output::Params, &s), Err(InputError::NotPositive(Field::Batch)));
}

#[test]
fn a_sentence_about_another_model_reads_that_models_limit() {
    let s = Scenario::example().with_override(Override::Model(llama3_1_8b()));
    assert_eq!(text(Output::MaxContext, &s, Locale::En), "131,072");
    let s = s.with_override(Override::Weights(DataType::Int4(Groups::INT4_G128)));
    assert_eq!(text(Output::WeightsType, &s, Locale::En), "INT4");
    assert_eq!(text(Output::Params, &s, Locale::En), "8.03~billion");
}

#[test]
fn inputs_are_named_as_such_and_names_have_no_unit() {
    let inputs: Vec<&str> = Output::ALL.iter().filter(|o| o.is_input()).map(|o| o.id()).collect();
    assert_eq!(
        inputs,
        [
            "params",
            "active_params",
            "batch",
            "prompt",
            "context",
            "sliding_window",
            "devices",
            "draft_tokens",
            "acceptance",
            "draft_params",
            "weights_type",
            "kv_type"
        ]
    );
    let r = Scenario::example().report().unwrap();
    for o in Output::ALL {
        assert_eq!(o.unit().is_none(), o.name(&r).is_some(), "{o:?}");
        assert_eq!(
            o.quantity(&r).is_some() || o.name(&r).is_some(),
            o.text(&r, Locale::En, None).is_some()
        );
    }
}

/// The example with speculative decoding: `k` draft tokens, acceptance `alpha`, a
/// draft model of `draft_params` parameters.
fn speculative(k: u32, alpha: f64, draft_params: f64) -> Scenario {
    Scenario {
        speculation: Some(Speculation {
            draft_tokens: k,
            acceptance: alpha,
            draft_params,
        }),
        ..Scenario::example()
    }
}

fn spec(s: &Scenario) -> Speculative {
    s.report().unwrap().speculative.expect("speculation is set")
}

/// Leviathan, Kalman, Matias, “Fast Inference from Transformers via Speculative
/// Decoding” (ICML 2023, arXiv:2211.17192), Table 1: speed over plain decoding for
/// α and γ (our k) with a draft of no cost (c = 0). That speed is Equation 1, the
/// expected tokens per step (1 − α^(γ+1)) ÷ (1 − α). In the memory-bound example a
/// verification step reads the weights once, as a decode step does, and a draft of
/// one parameter costs nothing: the model gives the table's figures.
#[test]
fn leviathan_table_1_speed_for_a_draft_of_no_cost() {
    let table = [
        (0.6, 2, "1.96"),
        (0.7, 3, "2.53"),
        (0.8, 2, "2.44"),
        (0.8, 5, "3.69"),
        (0.9, 2, "2.71"),
        (0.9, 10, "6.86"),
    ];
    for (alpha, k, speed) in table {
        let s = speculative(k, alpha, 1.0);
        let sp = spec(&s);
        let closed_form = (1.0 - f64::powi(alpha, k as i32 + 1)) / (1.0 - alpha);
        assert!((sp.tokens_per_step - closed_form).abs() < 1e-12, "{alpha} {k}");
        assert_eq!(sp.verify.bound, Bound::Memory);
        let r = s.report().unwrap();
        let text = |o: Output| o.quantity(&r).unwrap().format(Locale::En);
        assert_eq!(text(Output::SpecTokensPerStep), speed, "{alpha} {k}");
        assert_eq!(text(Output::SpecSpeedup), format!("{speed}\u{a0}×"), "{alpha} {k}");
    }
}

/// Leviathan et al., Appendix A.3, Table 4: the expected improvement factor of
/// Theorem 3.8, (1 − α^(γ+1)) ÷ ((1 − α)(γc + 1)), for the α, γ and cost
/// coefficient c (a draft step's time over a model step's) of their twelve T5-XXL
/// runs. A draft model sized so that its step takes c of the example's decode step
/// gives the theorem's value. The table prints α and c to two decimals and the
/// factor to one: from the printed inputs, nine rows give the printed factor and
/// three (γ = 5, α = 0.68; γ = 3, α = 0.71; γ = 3, α = 0.56) fall short of it by
/// less than 0.07.
#[test]
fn leviathan_table_4_expected_improvement_with_the_drafts_cost() {
    let table = [
        (7, 0.75, 0.02, 3.2),
        (7, 0.8, 0.04, 3.3),
        (7, 0.82, 0.11, 2.5),
        (7, 0.62, 0.02, 2.3),
        (5, 0.68, 0.04, 2.4),
        (3, 0.71, 0.11, 2.0),
        (5, 0.65, 0.02, 2.4),
        (5, 0.73, 0.04, 2.6),
        (3, 0.74, 0.11, 2.0),
        (5, 0.53, 0.02, 1.9),
        (3, 0.55, 0.04, 1.8),
        (3, 0.56, 0.11, 1.6),
    ];
    let decode = Scenario::example().report().unwrap().decode;
    let mut same_to_one_decimal = 0;
    for (k, alpha, c, expected) in table {
        // A memory-bound draft step reads 2 bytes per FP16 parameter.
        let s = speculative(k, alpha, c * decode.bytes.0 / 2.0);
        let sp = spec(&s);
        assert!((sp.draft.time.0 / decode.time.0 - c).abs() < 1e-12);
        let theorem = (1.0 - f64::powi(alpha, k as i32 + 1)) / ((1.0 - alpha) * (f64::from(k) * c + 1.0));
        // Below the theorem only by the verification's k extra KV entries.
        assert!(sp.speedup <= theorem && sp.speedup > 0.999 * theorem, "{k} {alpha} {c}");
        assert!((sp.speedup - expected).abs() < 0.07, "{k} {alpha} {c}: {}", sp.speedup);
        if format_significant(sp.speedup, 2, Locale::En) == format_significant(expected, 2, Locale::En) {
            same_to_one_decimal += 1;
        }
    }
    assert_eq!(same_to_one_decimal, 9);
}

/// Corollary 3.9 of Leviathan et al.: one draft token gives (1 + α) ÷ (1 + c).
#[test]
fn one_draft_token_gives_one_plus_alpha_over_one_plus_c() {
    let s = speculative(1, 0.7, 70e6);
    let sp = spec(&s);
    let c = sp.draft.time.0 / s.report().unwrap().decode.time.0;
    let corollary = (1.0 + 0.7) / (1.0 + c);
    assert!(
        (sp.speedup / corollary - 1.0).abs() < 1e-4,
        "{} {corollary}",
        sp.speedup
    );
}

#[test]
fn speculation_off_is_plain_decoding() {
    let s = speculative(0, 0.8, 70e6);
    let r = s.report().unwrap();
    let sp = r.speculative.unwrap();
    assert_eq!(sp.tokens_per_step, 1.0);
    assert_eq!(sp.verify, r.decode);
    assert_eq!(sp.step_time, r.decode.time);
    assert_eq!(sp.speedup, 1.0);
    assert_eq!(sp.tokens_per_s, r.tokens_per_s);
    // No draft is held in memory while it is off.
    assert_eq!(r.capacity, Scenario::example().report().unwrap().capacity);
    // Without speculative decoding its outputs have no value.
    let plain = Scenario::example().report().unwrap();
    assert_eq!(plain.speculative, None);
    assert_eq!(Output::SpecSpeedup.text(&plain, Locale::En, None), None);
    assert_eq!(Output::Acceptance.text(&plain, Locale::En, None), None);
}

#[test]
fn every_proposal_accepted_yields_k_plus_one_tokens() {
    let sp = spec(&speculative(4, 1.0, 70e6));
    assert_eq!(sp.tokens_per_step, 5.0);
    let none = spec(&speculative(4, 0.0, 70e6));
    assert_eq!(none.tokens_per_step, 1.0);
    // Nothing accepted: one token per step, and the draft's time is lost.
    assert!(none.speedup < 1.0);
}

#[test]
fn the_draft_is_read_from_the_same_memory_and_held_in_it() {
    let s = speculative(4, 0.8, 1e9);
    let r = s.report().unwrap();
    let sp = r.speculative.unwrap();
    // 10⁹ parameters in FP16 at 2.0 TB/s: 1.0 ms per draft step.
    assert_eq!(sp.draft.bytes, Bytes(2e9));
    assert_eq!(Output::SpecDraftTime.text(&r, Locale::En, None).unwrap(), "1.0\u{a0}ms");
    assert_eq!(sp.step_time.0, sp.verify.time.0 + 4.0 * sp.draft.time.0);
    let plain = Scenario::example().report().unwrap();
    assert_eq!(r.capacity.free.0, plain.capacity.free.0 - 2e9);
    // A draft too large for the memory left does not fit, as too large a model.
    let mut full = speculative(4, 0.8, 58e9);
    assert!(!full.report().unwrap().capacity.weights_fit);
    assert_eq!(full.devices_needed(), 2);
    full.speculation.as_mut().unwrap().draft_tokens = 0;
    assert!(full.report().unwrap().capacity.weights_fit);
}

#[test]
fn verification_reads_the_kv_cache_once_and_writes_k_plus_one_entries() {
    let s = speculative(4, 0.8, 70e6);
    let r = s.report().unwrap();
    let sp = r.speculative.unwrap();
    assert_eq!(sp.verify.bytes.0, r.decode.bytes.0 + 4.0 * r.kv_per_token.0);
    assert_eq!(sp.verify.flops.0, 5.0 * r.decode.flops.0);
}

/// Where decoding is compute-bound, a step over k + 1 tokens costs about k + 1
/// decode steps: speculative decoding no longer pays.
#[test]
fn a_compute_bound_batch_gains_nothing() {
    let s = speculative(4, 0.8, 70e6).with_context(128);
    let critical = s.report().unwrap().critical_batch.unwrap();
    let big = s.with_batch(critical * 2);
    let r = big.report().unwrap();
    assert_eq!(r.decode.bound, Bound::Compute);
    assert!(r.speculative.unwrap().speedup < 1.0);
    assert!(spec(&s).speedup > 2.0);
}

/// A mixture of experts reads more experts when k + 1 tokens per request are routed.
#[test]
fn mixture_of_experts_verification_touches_more_experts() {
    let mut s = speculative(4, 0.8, 1e9);
    s.model = Model {
        params: 46.7e9,
        active_params: 12.9e9,
        experts: Some(Experts {
            count: 8,
            active: 2,
            shared: 0,
        }),
        kv_heads: 8,
        ..s.model
    };
    s.hardware.memory = Bytes(192e9);
    let r = s.report().unwrap();
    let sp = r.speculative.unwrap();
    assert!(sp.verify.bytes.0 > 1.5 * r.decode.bytes.0);
    assert!(sp.speedup < sp.tokens_per_step / 1.5);
}

#[test]
fn speculation_inputs_are_checked() {
    let cases = [
        (speculative(4, 1.5, 1e9), InputError::AcceptanceOutOfRange),
        (speculative(4, -0.1, 1e9), InputError::AcceptanceOutOfRange),
        (speculative(4, f64::NAN, 1e9), InputError::AcceptanceOutOfRange),
        (
            speculative(MAX_DRAFT_TOKENS + 1, 0.8, 1e9),
            InputError::TooLarge {
                field: Field::DraftTokens,
                max: f64::from(MAX_DRAFT_TOKENS),
            },
        ),
        (speculative(4, 0.8, 0.0), InputError::NotPositive(Field::DraftParams)),
        (
            speculative(0, 0.8, f64::INFINITY),
            InputError::NotFinite(Field::DraftParams),
        ),
    ];
    for (s, want) in cases {
        assert_eq!(s.report(), Err(want));
        assert!(want.to_string().contains(want.field().id()), "{want}");
    }
}

#[test]
fn speculation_reads_in_prose_and_formulas() {
    let s = speculative(5, 0.8, 68e6);
    let r = s.report().unwrap();
    assert_eq!(text(Output::DraftTokens, &s, Locale::De), "5");
    assert_eq!(text(Output::Acceptance, &s, Locale::En), "0.8");
    assert_eq!(text(Output::Acceptance, &s, Locale::De), "0,8");
    assert_eq!(text(Output::DraftParams, &s, Locale::En), "68~million");
    assert_eq!(text(Output::DraftParams, &s, Locale::De), "68~Millionen");
    assert_eq!(text(Output::SpecTokensPerStep, &s, Locale::De), "3,69");
    assert_eq!(
        Output::SpecTokensPerStep.formula(&s, &r, Locale::En).unwrap(),
        "(1 − 0.8^6) ÷ (1 − 0.8) = 3.69"
    );
    let all = speculative(5, 1.0, 68e6);
    assert_eq!(
        Output::SpecTokensPerStep
            .formula(&all, &all.report().unwrap(), Locale::En)
            .unwrap(),
        "5 + 1 = 6"
    );
    for o in [
        Output::SpecStepTime,
        Output::SpecSpeedup,
        Output::SpecTokensPerS,
        Output::SpecVerifyTime,
    ] {
        assert!(o.formula(&s, &r, Locale::De).is_some(), "{o:?}");
    }
    let changed = s
        .with_override(Override::Acceptance(0.6))
        .with_override(Override::DraftTokens(2));
    assert_eq!(text(Output::SpecTokensPerStep, &changed, Locale::En), "1.96");
    assert_eq!(
        Scenario::example().with_override(Override::Acceptance(0.6)),
        Scenario::example()
    );
}

/// The figures of a hardware preset in `content/data/hardware.yaml`: its lines from
/// `- id: <id>` to the next preset, as `key: value` pairs.
fn preset(id: &str) -> Vec<(String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/data/hardware.yaml");
    let text = std::fs::read_to_string(path).expect("hardware.yaml");
    let start = format!("- id: {id}");
    text.lines()
        .skip_while(|l| l.trim() != start)
        .enumerate()
        .take_while(|(i, l)| *i == 0 || !l.starts_with("- id:"))
        .filter_map(|(_, l)| l.trim_start_matches("- ").trim().split_once(": "))
        .filter(|(k, _)| !k.starts_with('#'))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn figure(preset: &[(String, String)], key: &str) -> Option<f64> {
    preset.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.parse().ok())
}

#[test]
fn int8_weights_fall_back_to_the_fp16_peak_where_a_preset_has_no_int8_peak() {
    // The L40S and the RTX 4090 list no INT8 peak: INT8 weights are multiplied at the
    // FP16 peak there (362.05 and 165 TFLOP/s), FP8 weights at the FP8 peak.
    for (id, fp16, fp8) in [("l40s", 362.05e12, 733e12), ("rtx-4090", 165e12, 330e12)] {
        let p = preset(id);
        assert_eq!(figure(&p, "fp16_tflops").map(|t| t * 1e12), Some(fp16), "{id}");
        assert_eq!(figure(&p, "fp8_tflops").map(|t| t * 1e12), Some(fp8), "{id}");
        assert_eq!(figure(&p, "int8_tops"), None, "{id}: {p:?}");
        let mut s = Scenario::example();
        s.hardware.peaks = Peaks {
            fp16: FlopsPerSecond(fp16),
            fp8: Some(FlopsPerSecond(fp8)),
            int8: None,
            fp32: None,
        };
        s.weights = DataType::Int8;
        assert_eq!(s.report().unwrap().peak, FlopsPerSecond(fp16), "{id}");
        s.weights = DataType::Fp8;
        assert_eq!(s.report().unwrap().peak, FlopsPerSecond(fp8), "{id}");
    }
    // The L4 lists both; its dense FP8 and INT8 peaks are the datasheet's 485 ÷ 2.
    let l4 = preset("l4");
    assert_eq!(figure(&l4, "fp8_tflops"), Some(242.5));
    assert_eq!(figure(&l4, "int8_tops"), Some(242.5));
}
