//! Throughput over batch size: tokens/s per request and for the batch, the two
//! regions over batch sizes, the current batch, and where memory is full.

use plotters::coord::Shift;
use plotters::prelude::*;
use roofline::Unit;

use super::data::*;
use super::draw::DrawResult;
use super::draw::*;
use super::place::{Obstacles, Rect, Side};

/// The throughput chart's axes: batch sizes from 1 to the data's end (a decade
/// past the current batch and where memory is full, see [`batch_data`]), tokens/s
/// over the decades that cover the curves with room above and below. The curves do
/// not depend on the batch, so moving it moves only the marker.
pub(super) fn batch_axes(
    (series, x_end): (&Series, f64),
    pinned: Option<(&Series, f64)>,
    current: (f64, f64, f64),
) -> (Span, Span) {
    let x = 1.0..pinned.map_or(x_end, |a| a.1.max(x_end));
    let all = || series.iter().chain(pinned.into_iter().flat_map(|a| a.0.iter()));
    // The current batch's point counts where it is drawn (where it fits), or
    // where there is nothing else.
    let none = all().next().is_none();
    let (lo, hi) = if none {
        (current.1, current.2)
    } else {
        (f64::INFINITY, 0.0)
    };
    let lo = all().map(|s| s.1).fold(lo, f64::min);
    let hi = all().map(|s| s.2).fold(hi, f64::max);
    (x, decades(lo / 2.0, hi * 2.0))
}

/// Draws tokens/s against batch size: the memory-bound region up to the critical
/// batch, the compute-bound region beyond it, and past the requests that fit the
/// region where memory is full, where the curves end; the current batch is marked.
/// The pinned scenario's whole-batch curve is drawn dashed beside it.
pub fn draw_batch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &ChartData,
    pinned: Option<&ChartData>,
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, .. } = look;
    let ChartData::Batch {
        series,
        critical,
        full,
        current,
        x_end,
    } = data
    else {
        return Ok(Frame::default());
    };
    let a = match pinned {
        Some(ChartData::Batch { series, x_end, .. }) => Some((series, *x_end)),
        _ => None,
    };
    let (x, y) = batch_axes((series, *x_end), a, *current);
    let (chart, plot) = log_log(area, x.clone(), y, (t.axis_batch, t.axis_tokens), look)?;
    let at = |b: f64, v: f64| px(chart.backend_coord(&(b, v)));
    let x_at = |b: f64| at(b.clamp(x.start, x.end), 1.0).0;
    let full_x = if *full >= 1.0 { x_at(*full) } else { plot.left };
    let critical_x = critical.map_or(plot.right, x_at).min(full_x);
    let memory_side = Rect {
        right: critical_x,
        ..plot
    };
    let compute_side = Rect {
        left: critical_x,
        right: full_x,
        ..plot
    };
    let full_side = Rect { left: full_x, ..plot };
    region(area, memory_side, p.memory, p.tint)?;
    region(area, compute_side, p.compute, p.tint)?;
    region(area, full_side, p.muted, p.tint * 2.0)?;
    let mut obstacles = Obstacles::default();
    // Where memory is full, the region's edge is where the curves end: no line of
    // its own, nor for the current batch, so that labels have room between them.
    let now = x_at(current.0);
    let critical = critical.unwrap_or(f64::INFINITY);
    let mut curve_labels = Vec::new();
    if let Some((series, _)) = a {
        let path: Vec<_> = series.iter().map(|s| at(s.0, s.2)).collect();
        dashed(area, &path, &mut obstacles, look)?;
        if let Some(&end) = path.last() {
            curve_labels.push(Label::new(t.series_pinned, p.muted, end, PINNED_SIDES, plot));
        }
    }
    for (pick, name) in [(1usize, t.series_per_request), (2, t.series_batch)] {
        let value = |s: &(f64, f64, f64)| if pick == 1 { s.1 } else { s.2 };
        let memory: Vec<_> = series
            .iter()
            .filter(|s| s.0 <= critical)
            .map(|s| at(s.0, value(s)))
            .collect();
        let compute: Vec<_> = series
            .iter()
            .filter(|s| s.0 >= critical)
            .map(|s| at(s.0, value(s)))
            .collect();
        line(area, &memory, look.stroke(p.memory, 2.5), &mut obstacles)?;
        line(area, &compute, look.stroke(p.compute, 2.5), &mut obstacles)?;
        if let Some(last) = series.last() {
            let sides: &'static [Side] = if pick == 1 {
                &[Side::BelowLeft, Side::AboveLeft, Side::Left]
            } else {
                &[Side::AboveLeft, Side::BelowLeft, Side::Left]
            };
            let colour = if last.0 < critical { p.memory } else { p.compute };
            curve_labels.push(Label::new(name, colour, at(last.0, value(last)), sides, plot));
        }
    }
    let mut all = Vec::new();
    let fits = current.0 <= *full;
    if fits {
        let colour = if current.0 < critical { p.memory } else { p.compute };
        dot(area, at(current.0, current.1), colour, &mut obstacles, look)?;
        dot(area, at(current.0, current.2), colour, &mut obstacles, look)?;
    }
    let count = look.format(current.0, Unit::Count);
    let anchor = if fits {
        at(current.0, current.2)
    } else {
        // A batch that does not fit: a mark on the axis, in the full region.
        let mark = (now, plot.bottom - look.px(7.0));
        area.draw(&(EmptyElement::at(ipx(mark)) + Polygon::new(triangle(look.px(6.0)), p.text.filled())))?;
        obstacles.marks.push(Rect::around(mark, look.px(6.0)));
        mark
    };
    all.push(Label::new(
        (t.chart_batch_now)(&count),
        p.text,
        anchor,
        &[
            Side::AboveRight,
            Side::AboveLeft,
            Side::Right,
            Side::Left,
            Side::BelowRight,
        ],
        plot,
    ));
    all.append(&mut curve_labels);
    all.push(Label::corner(
        t.memory_bound,
        p.memory,
        memory_side,
        Side::BelowRight,
        look,
    ));
    all.push(Label::corner(
        t.compute_bound,
        p.compute,
        compute_side,
        Side::AboveLeft,
        look,
    ));
    if full_side.width() > 0.0 {
        all.push(Label::full(t.memory_runs_out, p.text, full_side, plot, look));
    }
    Frame::finish(area, (plot, x), all, Vec::new(), obstacles, look)
}
