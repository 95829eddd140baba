//! Properties that hold for every input.

use proptest::prelude::*;
use roofline::*;

/// Any value at all, including NaN, infinities, zero and negatives.
fn wild_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-1.0),
        any::<f64>(),
        1e-3..1e16f64,
    ]
}

fn wild_u32() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0u32), Just(u32::MAX), any::<u32>(), 1u32..200_000]
}

fn dtype() -> impl Strategy<Value = DataType> {
    (0usize..DataType::ALL.len(), wild_u32(), 0u32..100, 0u32..100).prop_map(
        |(i, group_size, scale_bits, zero_bits)| {
            DataType::ALL[i].with_groups(Groups {
                group_size,
                scale_bits,
                zero_bits,
            })
        },
    )
}

// The parts of a wild scenario are boxed: as one strategy of fifteen parts, the
// scenario's value tree overflows a debug build's stack.

fn wild_model() -> BoxedStrategy<Model> {
    (
        wild_f64(),
        wild_f64(),
        proptest::option::of((wild_u32(), wild_u32())),
        proptest::array::uniform6(wild_u32()),
        proptest::option::of(wild_u32()),
        proptest::option::of(wild_u32()),
        (
            proptest::option::of(wild_u32()),
            proptest::option::of((wild_u32(), wild_u32())),
            proptest::option::of(0usize..7),
            wild_u32(),
        ),
    )
        .prop_map(
            |(params, active_params, experts, dims, sliding_window, max_context, more)| Model {
                params,
                active_params,
                experts: experts.map(|(count, active)| Experts {
                    count,
                    active,
                    shared: more.3,
                }),
                sliding_layers: more.0,
                chunked: false,
                latent: more.1.map(|(kv_rank, rope_dim)| Latent { kv_rank, rope_dim }),
                indexer: None,
                recurrent: None,
                expert_weights: more.2.map(|i| DataType::ALL[i]),
                layers: dims[0],
                hidden: dims[1],
                heads: dims[2],
                kv_heads: dims[3],
                head_dim: dims[4],
                vocab: dims[5],
                tied_embeddings: dims[5] % 2 == 0,
                sliding_window,
                max_context,
            },
        )
        .boxed()
}

fn wild_hardware() -> BoxedStrategy<Hardware> {
    (wild_f64(), wild_f64(), proptest::array::uniform4(wild_f64()))
        .prop_map(|(memory, bandwidth, peaks)| Hardware {
            memory: Bytes(memory),
            bandwidth: BytesPerSecond(bandwidth),
            peaks: Peaks {
                fp16: FlopsPerSecond(peaks[0]),
                fp8: Some(FlopsPerSecond(peaks[1])),
                int8: Some(FlopsPerSecond(peaks[2])),
                fp32: Some(FlopsPerSecond(peaks[3])),
            },
        })
        .boxed()
}

/// Speculative decoding with any inputs at all, or none.
fn wild_speculation() -> BoxedStrategy<Option<Speculation>> {
    proptest::option::of((prop_oneof![0u32..80, wild_u32()], wild_f64(), wild_f64()).prop_map(
        |(draft_tokens, acceptance, draft_params)| Speculation {
            draft_tokens,
            acceptance,
            draft_params,
        },
    ))
    .boxed()
}

prop_compose! {
    fn wild_scenario()(
        model in wild_model(), hardware in wild_hardware(),
        work in proptest::array::uniform5(wild_u32()), reserve in wild_f64(),
        weights in dtype(), kv in dtype(), speculation in wild_speculation(),
    ) -> Scenario {
        Scenario {
            model,
            hardware,
            workload: Workload {
                batch: work[0], prompt: work[1], context: work[2], output: work[3], devices: work[4], reserve,
            },
            weights, kv, speculation,
        }
    }
}

prop_compose! {
    /// Scenarios inside the valid domain, of realistic shapes.
    fn valid_scenario()(
        params in 1e8..2e11f64, active_share in 0.25..1.0f64, moe in proptest::bool::ANY,
        layers in 1u32..128, kv_heads in 1u32..16, group in 1u32..8, head_dim in 32u32..257,
        window in proptest::option::of((512u32..65_536, proptest::option::of(0.0..=1.0f64))),
        latent in proptest::option::of((64u32..1024, 16u32..128)),
        mxfp4_experts in proptest::bool::ANY,
        max_context in proptest::option::of(1u32..1_000_000),
        bandwidth in 1e11..1e13f64, peak in 1e13..5e15f64,
        batch in 1u32..4096, prompt in 1u32..8192, extra in 0u32..65_536,
        weights in 0usize..DataType::ALL.len(), kv in 0usize..DataType::ALL.len(),
        speculation in proptest::option::of((0u32..=MAX_DRAFT_TOKENS, 0.0..=1.0f64, 0.01..0.2f64)),
        vocab in 1_000u32..300_000, tied in proptest::bool::ANY,
    ) -> Scenario {
        let weights = DataType::ALL[weights];
        // The vocabulary tables live outside the routed experts (8, 2 per token):
        // a model too small to hold them has no vocabulary.
        let outside = if moe { params * (1.0 - (1.0 - active_share) * 4.0 / 3.0) } else { params };
        let tables = f64::from(vocab) * 4096.0 * if tied { 1.0 } else { 2.0 };
        let vocab = if outside >= tables { vocab } else { 0 };
        Scenario {
            model: Model {
                params,
                active_params: if moe { params * active_share } else { params },
                experts: moe.then_some(Experts { count: 8, active: 2, shared: 1 }),
                layers, hidden: 4096, heads: kv_heads * group, kv_heads, head_dim, vocab, tied_embeddings: tied,
                sliding_window: window.map(|(w, _)| w),
                // Some share of the layers windowed, the rest global.
                sliding_layers: window
                    .and_then(|(_, share)| share)
                    .map(|share| ((f64::from(layers) * share).round() as u32).max(1)),
                chunked: false,
                latent: latent.map(|(kv_rank, rope_dim)| Latent { kv_rank, rope_dim }),
                indexer: None,
                recurrent: None,
                expert_weights: (moe && mxfp4_experts).then_some(DataType::Fp4(Groups::MXFP4)),
                max_context,
            },
            hardware: Hardware {
                // Room for the weights, a draft of up to a fifth of them, and some KV cache.
                memory: Bytes(params * weights.bytes() * 2.5 + 1e9),
                bandwidth: BytesPerSecond(bandwidth),
                peaks: Peaks {
                    fp16: FlopsPerSecond(peak), fp8: Some(FlopsPerSecond(2.0 * peak)), int8: None, fp32: None,
                },
            },
            workload: Workload { batch, prompt, context: prompt + extra, output: 128, devices: 1, reserve: 0.1 },
            weights, kv: DataType::ALL[kv],
            speculation: speculation.map(|(draft_tokens, acceptance, share)| Speculation {
                draft_tokens, acceptance, draft_params: params * share,
            }),
        }
    }
}

fn all_finite(r: &Report) -> bool {
    let phases = [r.decode, r.prefill].into_iter().all(|p| {
        [
            p.bytes.0,
            p.flops.0,
            p.intensity.0,
            p.time_memory.0,
            p.time_compute.0,
            p.time.0,
            p.ridge_ratio,
        ]
        .iter()
        .all(|v| v.is_finite())
    });
    let speculative = r.speculative.is_none_or(|sp| {
        [sp.verify, sp.draft]
            .iter()
            .all(|p| p.time.0.is_finite() && p.intensity.0.is_finite())
            && [sp.tokens_per_step, sp.step_time.0, sp.tokens_per_s.0, sp.speedup]
                .iter()
                .all(|v| v.is_finite())
    });
    phases
        && speculative
        && Output::ALL
            .iter()
            .all(|o| o.quantity(r).is_none_or(|q| q.value.is_finite()))
        && Output::ALL.iter().all(|o| {
            o.text(r, Locale::De, None)
                .is_none_or(|t| !t.contains("NaN") && !t.contains("inf"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn never_panics_and_never_yields_non_finite(s in wild_scenario()) {
        if let Ok(r) = s.report() {
            prop_assert!(all_finite(&r), "{s:?} gave {r:?}");
            for o in Output::ALL {
                if let Some(text) = o.formula(&s, &r, Locale::De) {
                    prop_assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn valid_scenarios_compute(s in valid_scenario()) {
        let r = s.report();
        prop_assert!(r.is_ok(), "{:?}", r);
        prop_assert!(all_finite(&r.unwrap()));
    }

    #[test]
    fn more_bandwidth_or_flops_never_lowers_tokens_per_second(s in valid_scenario(), factor in 1.0..10.0f64) {
        let base = s.report().unwrap();
        let mut faster_memory = s;
        faster_memory.hardware.bandwidth = BytesPerSecond(s.hardware.bandwidth.0 * factor);
        let mut faster_compute = s;
        faster_compute.hardware.peaks.fp16 = FlopsPerSecond(s.hardware.peaks.fp16.0 * factor);
        faster_compute.hardware.peaks.fp8 = s.hardware.peaks.fp8.map(|p| FlopsPerSecond(p.0 * factor));
        for faster in [faster_memory, faster_compute] {
            let r = faster.report().unwrap();
            prop_assert!(r.tokens_per_s.0 >= base.tokens_per_s.0);
            prop_assert!(r.batch_tokens_per_s.0 >= base.batch_tokens_per_s.0);
        }
    }

    #[test]
    fn a_longer_context_never_shortens_the_step(s in valid_scenario(), more in 1u32..100_000) {
        let longer = s.with_context(s.workload.context + more);
        prop_assert!(longer.report().unwrap().decode.time.0 >= s.report().unwrap().decode.time.0);
    }

    #[test]
    fn the_verdict_flips_exactly_at_the_ridge(s in valid_scenario(), factor in 0.5..2.0f64) {
        let intensity = s.report().unwrap().decode.intensity.0;
        // Put the ridge at factor × the decode intensity by choosing the peak of the
        // precision the weights compute in.
        let mut moved = s;
        let peak = FlopsPerSecond(intensity * factor * s.hardware.bandwidth.0);
        moved.hardware.peaks = Peaks { fp16: peak, fp8: Some(peak), int8: Some(peak), fp32: Some(peak) };
        let r = moved.report().unwrap();
        prop_assert_eq!(r.decode.intensity.0, intensity);
        prop_assume!((r.ridge.0 / intensity - 1.0).abs() > 1e-12);
        let want = if intensity < r.ridge.0 { Bound::Memory } else { Bound::Compute };
        prop_assert_eq!(r.decode.bound, want);
        prop_assert_eq!(r.decode.bound == Bound::Memory, factor > 1.0);
        match r.decode.bound {
            Bound::Memory => prop_assert!(r.decode.time_memory.0 >= r.decode.time_compute.0),
            Bound::Compute => prop_assert!(r.decode.time_compute.0 >= r.decode.time_memory.0 * (1.0 - 1e-12)),
        }
    }

    #[test]
    fn critical_batch_is_where_the_verdict_changes(s in valid_scenario()) {
        let s = s.with_batch(1);
        if let Some(b) = s.report().unwrap().critical_batch {
            prop_assert_eq!(s.with_batch(b).report().unwrap().decode.bound, Bound::Compute);
            if b > 1 {
                prop_assert_eq!(s.with_batch(b - 1).report().unwrap().decode.bound, Bound::Memory);
            }
        }
    }
}

/// A valid scenario with speculative decoding set.
fn with_speculation(s: Scenario, draft_tokens: u32, acceptance: f64) -> Scenario {
    Scenario {
        speculation: Some(Speculation {
            draft_tokens,
            acceptance,
            draft_params: s.model.params / 100.0,
        }),
        ..s
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Equation 1 of Leviathan et al.: (1 − α^(k+1)) ÷ (1 − α), k + 1 at α = 1,
    /// between 1 and k + 1, and never above 1 ÷ (1 − α).
    #[test]
    fn expected_tokens_follow_the_papers_formula(k in 0u32..=MAX_DRAFT_TOKENS, alpha in 0.0..=1.0f64) {
        let sp = Speculation { draft_tokens: k, acceptance: alpha, draft_params: 1e9 };
        let tokens = sp.expected_tokens();
        let n = f64::from(k) + 1.0;
        prop_assert!((1.0..=n).contains(&tokens), "{tokens}");
        if alpha < 0.999 {
            let closed = (1.0 - alpha.powf(n)) / (1.0 - alpha);
            prop_assert!((tokens - closed).abs() <= 1e-9 * closed, "{tokens} {closed}");
            prop_assert!(tokens <= 1.0 / (1.0 - alpha) * (1.0 + 1e-12));
        }
        prop_assert_eq!(Speculation { acceptance: 1.0, ..sp }.expected_tokens(), n);
    }

    #[test]
    fn more_acceptance_or_more_draft_tokens_never_yield_fewer_tokens(
        k in 0u32..MAX_DRAFT_TOKENS, alpha in 0.0..1.0f64, more in 0.0..1.0f64,
    ) {
        let sp = Speculation { draft_tokens: k, acceptance: alpha, draft_params: 1e9 };
        let higher = Speculation { acceptance: alpha + (1.0 - alpha) * more, ..sp };
        let longer = Speculation { draft_tokens: k + 1, ..sp };
        prop_assert!(higher.expected_tokens() >= sp.expected_tokens());
        prop_assert!(longer.expected_tokens() >= sp.expected_tokens());
    }

    /// The speed-up is tokens per step × decode step ÷ (verification + k draft
    /// steps); a verification over k + 1 tokens never takes less than a decode step,
    /// so the speed-up never exceeds the tokens per step, nor Theorem 3.8 with the
    /// draft's cost coefficient c.
    #[test]
    fn speedup_is_bounded_by_the_tokens_per_step(s in valid_scenario(), k in 0u32..=16, alpha in 0.0..=1.0f64) {
        let s = with_speculation(s, k, alpha);
        let r = s.report().unwrap();
        let sp = r.speculative.unwrap();
        let k = f64::from(k);
        prop_assert!(sp.verify.time.0 >= r.decode.time.0);
        prop_assert_eq!(sp.step_time.0, sp.verify.time.0 + k * sp.draft.time.0);
        prop_assert!((sp.speedup - sp.tokens_per_step * r.decode.time.0 / sp.step_time.0).abs() <= 1e-12 * sp.speedup);
        prop_assert!(sp.speedup <= sp.tokens_per_step * (1.0 + 1e-12));
        let c = sp.draft.time.0 / r.decode.time.0;
        prop_assert!(sp.speedup <= sp.tokens_per_step / (k * c + 1.0) * (1.0 + 1e-12));
        prop_assert!((sp.tokens_per_s.0 / r.tokens_per_s.0 - sp.speedup).abs() <= 1e-9 * sp.speedup);
    }

    /// Off (k = 0) is plain decoding, whatever the other inputs of speculation.
    #[test]
    fn no_draft_tokens_is_plain_decoding(s in valid_scenario(), alpha in 0.0..=1.0f64) {
        let plain = Scenario { speculation: None, ..s }.report().unwrap();
        let r = with_speculation(s, 0, alpha).report().unwrap();
        let sp = r.speculative.unwrap();
        prop_assert_eq!(sp.speedup, 1.0);
        prop_assert_eq!(sp.verify, plain.decode);
        prop_assert_eq!(r.capacity, plain.capacity);
    }
}

/// Every time the calculator presents as a floor ("at least"): each phase's memory,
/// compute and roofline time, the weights' read time, the latency, and speculative
/// decoding's step times.
fn at_least_times(r: &Report) -> Vec<(&'static str, f64)> {
    let mut times = vec![("weight_time", r.weight_time.0), ("latency", r.latency.0)];
    for (name, p) in [("decode", r.decode), ("prefill", r.prefill)] {
        times.extend([(name, p.time.0), (name, p.time_memory.0), (name, p.time_compute.0)]);
    }
    if let Some(sp) = r.speculative {
        times.extend([
            ("verify", sp.verify.time.0),
            ("draft", sp.draft.time.0),
            ("speculative step", sp.step_time.0),
        ]);
    }
    times
}

prop_compose! {
    /// A valid scenario, or the same with some of its layers made hybrid (linear
    /// attention, state-space or plain layers with a constant state), chunked, or
    /// with a sparse-attention indexer.
    fn valid_layered_scenario()(
        s in valid_scenario(),
        recurrent in proptest::option::of((0.0..=1.0f64, 0.0..=1.0f64, 0.0..1e8f64, 0.0..1e8f64)),
        chunked in proptest::bool::ANY,
        indexer in proptest::option::of(1u32..256),
        state_space_only in proptest::option::of(1.0..1e8f64),
    ) -> Scenario {
        let mut s = s;
        let layers = s.model.layers;
        // A model of state-space layers alone (Mamba): no attention, no window.
        if let Some(ssm_state) = state_space_only {
            s.model.recurrent = Some(Recurrent {
                linear_layers: 0,
                ssm_layers: layers,
                plain_layers: 0,
                linear_state: 0.0,
                ssm_state,
            });
            s.model.sliding_window = None;
            s.model.sliding_layers = None;
            s.model.latent = None;
            return s;
        }
        if let Some((linear, ssm, linear_state, ssm_state)) = recurrent {
            // Keep at least one attention layer, and no more windowed layers than
            // attention layers.
            let spare = layers - 1;
            let linear_layers = (f64::from(spare) * linear).floor() as u32;
            let ssm_layers = (f64::from(spare - linear_layers) * ssm).floor() as u32;
            s.model.recurrent = Some(Recurrent {
                linear_layers,
                ssm_layers,
                plain_layers: 0,
                linear_state,
                ssm_state,
            });
            let attention = layers - linear_layers - ssm_layers;
            s.model.sliding_layers = s.model.sliding_layers.map(|w| w.min(attention));
        }
        s.model.chunked = chunked && s.model.sliding_window.is_some();
        s.model.indexer = indexer;
        s
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Issue 23's acceptance: for any valid scenario, every "at least" time is a
    /// number ≥ 0 (finite, not NaN).
    #[test]
    fn every_at_least_time_is_finite_and_not_negative(s in valid_layered_scenario()) {
        let r = s.report();
        prop_assert!(r.is_ok(), "{s:?}: {r:?}");
        let r = r.unwrap();
        for (name, t) in at_least_times(&r) {
            prop_assert!(t.is_finite() && t >= 0.0, "{name}: {t} for {s:?}");
        }
    }
}

/// The same scenario as the round parameter count of the worked examples: no
/// vocabulary, every parameter read and multiplied with at every token, as the
/// model computed every scenario before it knew the vocabulary tables.
fn without_vocabulary(mut s: Scenario) -> Scenario {
    s.model.vocab = 0;
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The bounds decision (`facts.md`, 2026-12-06): with its vocabulary known, a
    /// model's "at least" times are never above those that charged every token the
    /// whole input embedding and the LM head, and never below 0. Weights of 16 bits or
    /// more keep the tables in their own type; below that the tables stay in 16 bits,
    /// which only the weights' bytes may raise, by exactly the tables' difference.
    #[test]
    fn every_at_least_time_is_at_most_the_old_models(s in valid_layered_scenario()) {
        let (new, old) = (s.report().unwrap(), without_vocabulary(s).report().unwrap());
        let tables = s.model.embedding_params();
        if s.weights.bits() >= 16.0 {
            prop_assert!((new.weight_bytes.0 - old.weight_bytes.0).abs() <= 1e-12 * old.weight_bytes.0);
            for ((name, t), (_, before)) in at_least_times(&new).into_iter().zip(at_least_times(&old)) {
                prop_assert!(t >= 0.0 && t <= before * (1.0 + 1e-12), "{name}: {t} > {before} for {s:?}");
            }
        } else {
            let more = tables * (2.0 - s.weights.bytes());
            prop_assert!((new.weight_bytes.0 - old.weight_bytes.0 - more).abs() <= 1e-9 * old.weight_bytes.0);
        }
        // FLOPs drop by the tables: in decode by the input embedding for every token
        // (the LM head stays), in prefill by both tables for all but each prompt's last.
        let b = f64::from(s.workload.batch);
        let skipped = if s.model.tied_embeddings { 0.0 } else { tables / 2.0 };
        let decode = b * 2.0 * skipped;
        prop_assert!((old.decode.flops.0 - new.decode.flops.0 - decode).abs() <= 1e-9 * old.decode.flops.0);
        let prompts = b * f64::from(s.workload.prompt);
        let prefill = 2.0 * (prompts * tables - b * s.model.table_params());
        prop_assert!((old.prefill.flops.0 - new.prefill.flops.0 - prefill).abs() <= 1e-9 * old.prefill.flops.0);
    }
}
