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
    (0usize..7, wild_u32(), 0u32..100, 0u32..100).prop_map(|(i, group_size, scale_bits, zero_bits)| {
        DataType::ALL[i].with_groups(Groups {
            group_size,
            scale_bits,
            zero_bits,
        })
    })
}

prop_compose! {
    fn wild_scenario()(
        params in wild_f64(), active in wild_f64(), experts in proptest::option::of((wild_u32(), wild_u32())),
        dims in proptest::array::uniform6(wild_u32()), window in proptest::option::of(wild_u32()),
        max_context in proptest::option::of(wild_u32()),
        memory in wild_f64(), bandwidth in wild_f64(), peaks in proptest::array::uniform4(wild_f64()),
        work in proptest::array::uniform5(wild_u32()), reserve in wild_f64(),
        weights in dtype(), kv in dtype(),
    ) -> Scenario {
        Scenario {
            model: Model {
                params, active_params: active,
                experts: experts.map(|(count, active)| Experts { count, active }),
                layers: dims[0], hidden: dims[1], heads: dims[2], kv_heads: dims[3], head_dim: dims[4], vocab: dims[5],
                sliding_window: window, max_context,
            },
            hardware: Hardware {
                memory: Bytes(memory), bandwidth: BytesPerSecond(bandwidth),
                peaks: Peaks {
                    fp16: FlopsPerSecond(peaks[0]), fp8: Some(FlopsPerSecond(peaks[1])),
                    int8: Some(FlopsPerSecond(peaks[2])), fp32: Some(FlopsPerSecond(peaks[3])),
                },
            },
            workload: Workload {
                batch: work[0], prompt: work[1], context: work[2], output: work[3], devices: work[4], reserve,
            },
            weights, kv,
        }
    }
}

prop_compose! {
    /// Scenarios inside the valid domain, of realistic shapes.
    fn valid_scenario()(
        params in 1e8..2e11f64, active_share in 0.1..1.0f64, moe in proptest::bool::ANY,
        layers in 1u32..128, kv_heads in 1u32..16, group in 1u32..8, head_dim in 32u32..257,
        window in proptest::option::of(512u32..65_536),
        max_context in proptest::option::of(1u32..1_000_000),
        bandwidth in 1e11..1e13f64, peak in 1e13..5e15f64,
        batch in 1u32..4096, prompt in 1u32..8192, extra in 0u32..65_536,
        weights in 0usize..7, kv in 0usize..7,
    ) -> Scenario {
        let weights = DataType::ALL[weights];
        Scenario {
            model: Model {
                params,
                active_params: if moe { params * active_share } else { params },
                experts: moe.then_some(Experts { count: 8, active: 2 }),
                layers, hidden: 4096, heads: kv_heads * group, kv_heads, head_dim, vocab: 32_000,
                sliding_window: window, max_context,
            },
            hardware: Hardware {
                memory: Bytes(params * weights.bytes() * 2.0 + 1e9),
                bandwidth: BytesPerSecond(bandwidth),
                peaks: Peaks {
                    fp16: FlopsPerSecond(peak), fp8: Some(FlopsPerSecond(2.0 * peak)), int8: None, fp32: None,
                },
            },
            workload: Workload { batch, prompt, context: prompt + extra, output: 128, devices: 1, reserve: 0.1 },
            weights, kv: DataType::ALL[kv],
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
    phases
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
