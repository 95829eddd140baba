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

fn llama2_7b() -> Model {
    Model {
        params: 6.74e9,
        active_params: 6.74e9,
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
        sliding_window: None,
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
    assert_eq!(fmt_digits(Output::WeightBytes, &a100, 4), "13.48\u{a0}GB");
    assert_eq!(fmt(Output::WeightTokensPerS, &a100, Locale::En), "151\u{a0}tokens/s");
    assert_eq!(fmt(Output::WeightTokensPerS, &h100, Locale::En), "249\u{a0}tokens/s");
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
        experts: Some(Experts { count: 8, active: 2 }),
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
        (
            {
                let mut s = base;
                s.hardware.memory = Bytes(10e9);
                s
            },
            InputError::ModelDoesNotFit {
                needed: 14e9,
                available: 9e9,
            },
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
    assert!(matches!(s.report(), Err(InputError::ModelDoesNotFit { .. })));
    let text = |o: Output, s: &Scenario| o.text_for(s, Locale::De, Some(4));
    assert_eq!(text(Output::Params, &s), Ok(Some("70,55\u{a0}Milliarden".into())));
    assert_eq!(text(Output::MaxContext, &s), Ok(Some("8\u{202f}192".into())));
    assert!(text(Output::WeightBytes, &s).is_err());
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
