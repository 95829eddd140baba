//! Cost of one full scenario and of a 1,024-point batch sweep.

use criterion::{criterion_group, criterion_main, Criterion};
use roofline::{Axis, Scenario};
use std::hint::black_box;

fn scenario(c: &mut Criterion) {
    let s = Scenario::example();
    c.bench_function("report/one scenario", |b| b.iter(|| black_box(black_box(&s).report())));

    let batches: Vec<u32> = (1..=1024).collect();
    c.bench_function("sweep/1024 batch sizes", |b| {
        b.iter(|| {
            black_box(&s)
                .sweep(Axis::Batch, batches.clone())
                .filter(|(_, r)| r.is_ok())
                .count()
        })
    });
}

criterion_group!(benches, scenario);
criterion_main!(benches);
