//! Capacity: the requests that fit in memory over the context length.

use plotters::coord::Shift;
use plotters::prelude::*;
use roofline::Unit;

use super::data::*;
use super::draw::DrawResult;
use super::draw::*;
use super::place::{Obstacles, Rect, Side};

/// Draws the requests that fit against context length, marking the current one.
/// The pinned scenario's series is drawn dashed beside it.
pub fn draw_capacity<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (series, x_end): (&Series, f64),
    pinned: Option<(&Series, f64)>,
    current: (f64, f64),
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, .. } = look;
    let x = 100.0..pinned.map_or(x_end, |a| a.1.max(x_end));
    let hi = series
        .iter()
        .chain(pinned.into_iter().flat_map(|a| a.0.iter()))
        .map(|s| s.1)
        .fold(current.1.max(1.0), f64::max);
    let (chart, plot) = log_log(
        area,
        x.clone(),
        decades(1.0, hi * 2.0).start..decades(1.0, hi * 2.0).end.max(100.0),
        (t.axis_context, t.axis_requests),
        look,
    )?;
    let at = |c: f64, n: f64| px(chart.backend_coord(&(c, n)));
    let mut obstacles = Obstacles::default();
    let mut labels = Vec::new();
    let fitting = |s: &&(f64, f64, f64)| s.1 >= 1.0 && (x.start..=x.end).contains(&s.0);
    // Where not one request fits, memory is full: the region past the curve's end.
    let full_x = series.iter().rev().find(fitting).map_or(plot.left, |s| at(s.0, 1.0).0);
    let full_side = Rect { left: full_x, ..plot };
    if full_x < plot.right - 1.0 {
        region(area, full_side, p.muted, p.tint * 2.0)?;
        labels.push(Label::full(t.memory_runs_out, p.text, full_side, plot, look));
    }
    if let Some((a, _)) = pinned {
        let path: Vec<_> = a.iter().filter(fitting).map(|s| at(s.0, s.1)).collect();
        dashed(area, &path, &mut obstacles, look)?;
        if let Some(&end) = path.last() {
            labels.push(Label::new(t.series_pinned, p.muted, end, PINNED_SIDES, plot));
        }
    }
    let path: Vec<_> = series.iter().filter(fitting).map(|s| at(s.0, s.1)).collect();
    line(area, &path, look.stroke(p.text, 2.5), &mut obstacles)?;
    let mut all = Vec::new();
    if current.1 >= 1.0 {
        let point = at(current.0, current.1);
        dot(area, point, p.text, &mut obstacles, look)?;
        all.push(Label::new(
            (t.chart_requests)(&look.format(current.1, Unit::Count)),
            p.text,
            point,
            &[Side::AboveRight, Side::Right, Side::BelowLeft, Side::Left],
            plot,
        ));
    }
    Frame::finish(area, (plot, x), all, labels, obstacles, look)
}
