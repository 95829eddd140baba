//! What the charts plot: each chart's series, computed from the core's report over
//! its axis, and the caption and read-outs that say what they show.

use roofline::{log_steps, Axis, Quantity, Report, Scenario, Unit};
use vocab::i18n::texts;

use super::draw::*;
use crate::data::{Chart, Lang};

/// What the roofline chart plots: one scenario's bandwidth, peak (in the weights'
/// precision, the one the verdict uses) and ridge point, and its two phases as
/// (intensity, attained FLOP/s, intensity ÷ ridge point).
#[derive(Clone, Debug, PartialEq)]
pub struct RooflinePlot {
    pub(super) bandwidth: f64,
    pub(super) peak: f64,
    pub(super) ridge: f64,
    pub(super) decode: (f64, f64, f64),
    pub(super) prefill: (f64, f64, f64),
    /// Whether the setup fits in memory: where it does not, the points are hollow
    /// (where its steps would sit), and the caption says so.
    pub(super) fits: bool,
}

/// What a kernel of `intensity` attains on the roofline (crates/roofline's rule).
pub(super) fn attained(intensity: f64, bandwidth: f64, peak: f64) -> f64 {
    roofline::attainable(
        roofline::Intensity(intensity),
        roofline::BytesPerSecond(bandwidth),
        roofline::FlopsPerSecond(peak),
    )
    .0
}

/// The roofline of a scenario.
pub fn roofline_plot(r: &Report) -> RooflinePlot {
    let (bw, peak) = (r.bandwidth.0, r.peak.0);
    let phase = |p: &roofline::Phase| (p.intensity.0, attained(p.intensity.0, bw, peak), p.ridge_ratio);
    RooflinePlot {
        bandwidth: bw,
        peak,
        ridge: r.ridge.0,
        decode: phase(&r.decode),
        prefill: phase(&r.prefill),
        fits: r.capacity.fits(),
    }
}

/// Points of a sweep: (x, y1, y2).
pub type Series = Vec<(f64, f64, f64)>;

/// The powers of ten that cover `lo..hi`, at least one decade apart.
pub(super) fn decades(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = if lo.is_finite() && lo > 0.0 { lo } else { 1.0 };
    let hi = if hi.is_finite() { hi.max(lo) } else { lo };
    let a = (lo.log10() + 1e-9).floor();
    let b = (hi.log10() - 1e-9).ceil().max(a + 1.0);
    10f64.powf(a)..10f64.powf(b)
}

/// Inserts `v` into the sorted `steps` unless it is there already.
pub(super) fn insert_step(steps: &mut Vec<u32>, v: u32) {
    let at = steps.iter().position(|&s| s >= v).unwrap_or(steps.len());
    if steps.get(at) != Some(&v) {
        steps.insert(at, v);
    }
}

/// The throughput chart's data: tokens/s per request and for the batch over batch
/// sizes from 1 to a decade past the current batch and where memory is full, up to
/// where memory is full (the batch of the report's capacity), with the critical
/// batch's own point where the curves change colour.
pub(super) fn batch_data(s: &Scenario, r: &Report) -> ChartData {
    let full = r.capacity.max_requests.max(0.0);
    let batch = f64::from(s.workload.batch);
    let critical = r.critical_batch.map(f64::from);
    let x_end = decades(1.0, (batch.max(full) * 2.0).clamp(1e3, 1e6)).end;
    let mut steps = log_steps(1, x_end as u32, 48);
    if let Some(c) = critical.filter(|&c| c < full.min(x_end)) {
        insert_step(&mut steps, c as u32);
    }
    if (1.0..x_end).contains(&full) {
        insert_step(&mut steps, full as u32);
    }
    let series = s
        .sweep(Axis::Batch, steps.into_iter().filter(move |&b| f64::from(b) <= full))
        .filter_map(|(b, r)| r.ok().map(|r| (f64::from(b), r.tokens_per_s.0, r.batch_tokens_per_s.0)))
        .collect();
    ChartData::Batch {
        series,
        critical,
        full,
        current: (batch, r.tokens_per_s.0, r.batch_tokens_per_s.0),
        x_end,
    }
}

/// Requests that fit over context lengths from 100 tokens to a decade past the
/// current context.
pub(super) fn capacity_data(s: &Scenario, r: &Report) -> ChartData {
    let context = f64::from(s.workload.context);
    let x_end = decades(100.0, (context * 2.0).clamp(1e4, 1e8)).end;
    let series = s
        .sweep(Axis::Context, log_steps(100, x_end as u32, 48))
        .filter_map(|(c, r)| r.ok().map(|r| (f64::from(c), r.capacity.max_requests, 0.0)))
        .collect();
    ChartData::Capacity {
        series,
        current: (r.context, r.capacity.max_requests),
        x_end,
    }
}

/// The data of one chart, computed once per change and shared by the canvas, the
/// caption and the table.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartData {
    /// The roofline.
    Roofline(RooflinePlot),
    /// Tokens/s over batch sizes, with where decode turns compute-bound, the
    /// requests that fit (where memory is full) and the current batch's point
    /// (batch, per request, whole batch); the x axis ends at `x_end`.
    Batch {
        series: Series,
        critical: Option<f64>,
        full: f64,
        current: (f64, f64, f64),
        x_end: f64,
    },
    /// Requests that fit over context lengths, with the current point.
    Capacity {
        series: Series,
        current: (f64, f64),
        x_end: f64,
    },
}

impl ChartData {
    /// The data of `chart` for a scenario and its report.
    pub fn new(chart: Chart, s: &Scenario, r: &Report) -> ChartData {
        match chart {
            Chart::Roofline => ChartData::Roofline(roofline_plot(r)),
            Chart::Batch => batch_data(s, r),
            Chart::Capacity => capacity_data(s, r),
        }
    }

    /// The sentence under the chart: what to notice in it.
    pub fn caption(&self, lang: Lang) -> String {
        let t = texts(lang);
        let count = |v: f64| Quantity::new(v, Unit::Count).format(lang.locale());
        match self {
            ChartData::Roofline(d) => {
                let caption = (t.caption_roofline)(d.decode.2, d.prefill.2);
                if d.fits {
                    caption
                } else {
                    format!("{caption} {}", t.caption_does_not_fit)
                }
            }
            ChartData::Batch { critical, full, .. } => {
                let full_text = (*full >= 1.0).then(|| count(*full));
                let critical = critical.filter(|c| *c <= *full).map(count);
                (t.caption_batch)(critical.as_deref(), full_text.as_deref())
            }
            ChartData::Capacity { current, .. } => {
                let requests = (current.1 >= 1.0).then(|| count(current.1));
                (t.caption_capacity)(requests.as_deref(), &count(current.0))
            }
        }
    }
}

impl ChartData {
    /// What the chart shows at `x` on its x axis, in one line: the roofline's
    /// attainable FLOP/s and regime at an intensity; the throughput at the nearest
    /// batch size drawn; the requests that fit at the nearest context drawn.
    pub fn read_out(&self, x: f64, lang: Lang) -> Option<String> {
        let t = texts(lang);
        let q = |v: f64, unit: Unit| Quantity::new(v, unit).format(lang.locale());
        match self {
            ChartData::Roofline(d) => {
                let regime = if x < d.ridge { t.memory_bound } else { t.compute_bound };
                let attainable = attained(x, d.bandwidth, d.peak);
                Some((t.read_out_roofline)(
                    &q(x, Unit::Intensity),
                    &q(attainable, Unit::FlopRate),
                    regime,
                ))
            }
            ChartData::Batch { series, .. } => nearest(series, x)
                .map(|s| (t.read_out_batch)(&q(s.0, Unit::Count), &q(s.1, Unit::TokenRate), &q(s.2, Unit::TokenRate))),
            ChartData::Capacity { series, .. } => nearest(series, x)
                .filter(|s| s.1 >= 1.0)
                .map(|s| (t.read_out_capacity)(&q(s.0, Unit::Count), &q(s.1, Unit::Count)))
                .or_else(|| nearest(series, x).map(|s| (t.read_out_no_request)(&q(s.0, Unit::Count)))),
        }
    }

    /// The x values the arrow keys step through, in order, and where the reader
    /// starts: the scenario's own point.
    pub fn stops(&self, span: &Span) -> (Vec<f64>, f64) {
        match self {
            ChartData::Roofline(d) => {
                // Four steps a decade, and the chart's three points.
                let (a, b) = (span.start.log10(), span.end.log10());
                let n = ((b - a) * 4.0).round().clamp(1.0, 80.0) as i32;
                let mut xs: Vec<f64> = (0..=n)
                    .map(|i| 10f64.powf(a + (b - a) * f64::from(i) / f64::from(n)))
                    .collect();
                xs.extend(
                    [d.decode.0, d.ridge, d.prefill.0]
                        .into_iter()
                        .filter(|x| span.contains(x)),
                );
                let mut xs = crate::order::sorted_by(xs, f64::total_cmp);
                xs.dedup_by(|a, b| (*a / *b - 1.0).abs() < 1e-9);
                (xs, d.decode.0)
            }
            ChartData::Batch { series, current, .. } => (series.iter().map(|s| s.0).collect(), current.0),
            ChartData::Capacity { series, current, .. } => (series.iter().map(|s| s.0).collect(), current.0),
        }
    }
}

/// The point of `series` nearest to `x` on a logarithmic axis.
pub(super) fn nearest(series: &Series, x: f64) -> Option<&(f64, f64, f64)> {
    let distance = |s: &&(f64, f64, f64)| (s.0.ln() - x.ln()).abs();
    series.iter().min_by(|a, b| distance(a).total_cmp(&distance(b)))
}
