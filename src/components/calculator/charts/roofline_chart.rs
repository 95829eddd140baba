//! The roofline: attainable FLOP/s over arithmetic intensity, its two regions, and
//! the scenario's decode and prefill points (and the pinned scenario's).

use plotters::coord::Shift;
use plotters::prelude::*;
use roofline::Unit;

use super::data::*;
use super::draw::DrawResult;
use super::draw::*;
use super::place::{Obstacles, Rect, Side};

/// The roofline's axes: intensity over whole decades that put the ridge point at
/// least 300 times (2.5 decades) from either edge and near the middle, so that both
/// regions have room for their names, and cover both points with room for their
/// labels; FLOP/s (in
/// TFLOP/s) from where the slope enters to a decade above the peak, room for the
/// labels above the roof. Only the device
/// sets them, unless a point leaves them: moving the batch or the context moves
/// the points, not the axes.
pub(super) fn roofline_axes(d: &RooflinePlot, pinned: Option<&RooflinePlot>) -> (Span, Span) {
    let both = || std::iter::once(d).chain(pinned);
    let low = both()
        .map(|d| (d.decode.0 / 2.0).min(d.ridge / 300.0))
        .fold(f64::INFINITY, f64::min);
    let high = both()
        .map(|d| (d.prefill.0 * 2.0).max(d.ridge * 300.0))
        .fold(0.0, f64::max);
    let mut x = decades(low, high);
    // Each region at least 45 % of the plot: a decade more on the short side.
    let (left, right) = ((d.ridge / x.start).log10(), (x.end / d.ridge).log10());
    if left < 0.45 * (left + right) {
        x.start /= 10.0;
    } else if right < 0.45 * (left + right) {
        x.end *= 10.0;
    }
    let slowest = both().map(|d| d.bandwidth).fold(f64::INFINITY, f64::min);
    let top = both().map(|d| d.peak).fold(0.0, f64::max);
    let y = decades(x.start * slowest / 1e12, top * 10.0 / 1e12);
    (x, y)
}

/// Draws the roofline: the memory-bound region left of the ridge point and the
/// compute-bound region right of it, the slope (bandwidth) and the roof (peak) in
/// their colours and labelled with their values, the ridge point with its value,
/// and the decode and prefill points in the colour of what limits them.
pub fn draw_roofline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    d: &RooflinePlot,
    pinned: Option<&RooflinePlot>,
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, .. } = look;
    let (x, y) = roofline_axes(d, pinned);
    let (chart, plot) = log_log(area, x.clone(), y, (t.axis_intensity, t.axis_performance), look)?;
    let at = |i: f64, flops: f64| px(chart.backend_coord(&(i, flops / 1e12)));
    let corner = |d: &RooflinePlot| at(d.ridge, d.peak);
    let ridge = corner(d);
    let start = at(x.start, x.start * d.bandwidth);
    let end = at(x.end, d.peak);
    // The regions under the roofline, what a kernel can attain, left and right of
    // the ridge point; their names go in their bottom corners.
    let memory_side = Rect { right: ridge.0, ..plot };
    let compute_side = Rect { left: ridge.0, ..plot };
    let under = |points: [(f64, f64); 4], colour: RGBColor| {
        area.draw(&Polygon::new(points.map(ipx).to_vec(), colour.mix(p.tint).filled()))
    };
    under(
        [(plot.left, plot.bottom), start, ridge, (ridge.0, plot.bottom)],
        p.memory,
    )?;
    under(
        [ridge, end, (plot.right, plot.bottom), (ridge.0, plot.bottom)],
        p.compute,
    )?;
    let mut obstacles = Obstacles::default();
    let mut labels = Vec::new();
    let mut pinned_points = Vec::new();
    if let Some(a) = pinned {
        let path = [at(x.start, x.start * a.bandwidth), corner(a), at(x.end, a.peak)];
        dashed(area, &path, &mut obstacles, look)?;
        labels.push(Label::new(
            t.series_pinned,
            p.muted,
            corner(a),
            &[Side::AboveLeft, Side::Above],
            plot,
        ));
        for phase in [a.decode, a.prefill] {
            let point = at(phase.0, phase.1);
            ring(area, point, p.muted, &mut obstacles, look)?;
            pinned_points.push(Label::new(t.chart_pinned_point, p.muted, point, PINNED_SIDES, plot));
        }
    }
    line(area, &[start, ridge], look.stroke(p.memory, 2.5), &mut obstacles)?;
    line(area, &[ridge, end], look.stroke(p.compute, 2.5), &mut obstacles)?;
    area.draw(&(EmptyElement::at(ipx(ridge)) + Polygon::new(triangle(look.px(6.0)), p.text.filled())))?;
    obstacles.marks.push(Rect::around(ridge, look.px(6.0)));
    let bound_colour = |ratio: f64| if ratio < 1.0 { p.memory } else { p.compute };
    let mut points = Vec::new();
    for (phase, name) in [(d.decode, t.decode_point), (d.prefill, t.prefill_point)] {
        let point = at(phase.0, phase.1);
        let colour = bound_colour(phase.2);
        if d.fits {
            dot(area, point, colour, &mut obstacles, look)?;
        } else {
            ring(area, point, colour, &mut obstacles, look)?;
        }
        let sides = if phase.2 < 1.0 { POINT_SIDES } else { ROOF_POINT_SIDES };
        points.push(Label::new(name, colour, point, sides, plot));
    }
    // The regions' names first, in the one corner each has; then the ridge point
    // and the points, beside them; then the values on the lines.
    let mut all = vec![
        Label::corner(t.memory_bound, p.memory, memory_side, Side::AboveLeft, look),
        Label::corner(t.compute_bound, p.compute, compute_side, Side::AboveLeft, look),
    ];
    // The ridge point below its corner, its name above its value.
    let value = look.format(d.ridge, Unit::Intensity);
    let name = (t.chart_ridge)(&value);
    all.push(Label::new(
        format!("{}\n{value}", name.strip_suffix(&value).unwrap_or(&name).trim_end()),
        p.text,
        ridge,
        &[Side::BelowRight, Side::AboveLeft, Side::Left, Side::Above],
        plot,
    ));
    all.append(&mut points);
    all.append(&mut pinned_points);
    // The peak on the roof at its right end.
    all.push(Label {
        gap: 3.0,
        ..Label::new(
            (t.chart_peak)(&look.format(d.peak, Unit::FlopRate)),
            p.compute,
            end,
            &[Side::AboveLeft, Side::BelowLeft],
            plot,
        )
    });
    // The bandwidth beside the slope: above it where the text has room on its
    // left, else below it where it has room on its right; left of the ridge point.
    let bandwidth = (t.chart_bandwidth)(&look.format(d.bandwidth, Unit::Bandwidth));
    let (width, _) = area.estimate_text_size(&bandwidth, &look.font(&p.memory))?;
    let width = f64::from(width) + look.px(8.0);
    let on_slope = |x: f64| {
        let x = x.clamp(start.0, ridge.0);
        let f = if ridge.0 > start.0 {
            (x - start.0) / (ridge.0 - start.0)
        } else {
            1.0
        };
        (x, start.1 + f * (ridge.1 - start.1))
    };
    let middle = (start.0 + ridge.0) / 2.0;
    // Left of the ridge point; a text wider than that reaches past it by its excess
    // only, so that it never stands in the compute-bound region.
    let excess = (width - memory_side.width()).max(0.0);
    let within = Rect {
        right: (ridge.0 + excess).min(plot.right),
        ..plot
    };
    all.push(Label {
        gap: 3.0,
        or: Some((on_slope(middle.min(ridge.0 - width)), &[Side::BelowRight])),
        ..Label::new(
            bandwidth,
            p.memory,
            on_slope(middle.max(plot.left + width)),
            &[Side::AboveLeft],
            within,
        )
    });
    Frame::finish(area, (plot, x), all, labels, obstacles, look)
}
