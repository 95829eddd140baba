//! Series of reports over one input, for charts.

use crate::error::InputError;
use crate::report::Report;
use crate::scenario::Scenario;

/// The input a sweep varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Concurrent sequences.
    Batch,
    /// Context length at the decode step.
    Context,
}

impl Scenario {
    /// The report at each value of `axis`, in order. Each point is validated on its
    /// own, so a point beyond a limit is an error without spoiling the others.
    ///
    /// ```
    /// use roofline::*;
    /// let points: Vec<_> = Scenario::example().sweep(Axis::Batch, log_steps(1, 1024, 11)).collect();
    /// assert_eq!(points.len(), 11);
    /// let tokens_per_s = |i: usize| points[i].1.as_ref().unwrap().batch_tokens_per_s.0;
    /// assert!(tokens_per_s(10) > tokens_per_s(0));
    /// ```
    pub fn sweep<I>(&self, axis: Axis, values: I) -> impl Iterator<Item = (u32, Result<Report, InputError>)> + '_
    where
        I: IntoIterator<Item = u32>,
        I::IntoIter: 'static,
    {
        values.into_iter().map(move |v| {
            let s = match axis {
                Axis::Batch => self.with_batch(v),
                Axis::Context => self.with_context(v),
            };
            (v, s.report())
        })
    }
}

/// `count` integers spaced evenly on a log scale from `from` to `to` (both
/// included), without repeats.
///
/// ```
/// assert_eq!(roofline::log_steps(1, 1000, 4), vec![1, 10, 100, 1000]);
/// assert_eq!(roofline::log_steps(1, 4, 10), vec![1, 2, 3, 4]);
/// ```
pub fn log_steps(from: u32, to: u32, count: usize) -> Vec<u32> {
    let (from, to) = (from.max(1), to.max(from.max(1)));
    if count < 2 || from == to {
        return vec![from];
    }
    let (a, b) = (f64::from(from).ln(), f64::from(to).ln());
    let mut out: Vec<u32> = (0..count)
        .map(|i| (a + (b - a) * i as f64 / (count - 1) as f64).exp().round() as u32)
        .map(|v| v.clamp(from, to))
        .collect();
    out.dedup();
    out
}
