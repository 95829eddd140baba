//! The calculator's charts. Data comes from crates/roofline; the drawing code is
//! generic over the plotters backend (canvas in the browser, SVG natively, see
//! [`svg::static_svg`]), and errors are mapped to text at the boundary. The charts
//! read the calculator's state (`state.rs`); the calculator (`mod.rs`) shows them and
//! `svg` draws them for the pre-renderer, so both import this module and it imports
//! neither.
//!
//! What a chart teaches is drawn into it: the roofline shades, under its lines,
//! the memory-bound region left of the ridge point and the compute-bound region
//! right of it, in the verdict's two colours, and writes the bandwidth on the
//! slope, the peak on the roof and the ridge point's value at its corner; the
//! throughput chart shades the same two regions over batch sizes, marks the current
//! batch and ends its curves where memory is full (a neutral region beyond). The
//! pinned scenario A is drawn dashed in the neutral colour. The caption under a
//! chart says what to notice in it ([`ChartData::caption`]). Labels are placed by [`place`]: beside their point, inside
//! the plot, clear of each other and of the lines. Axes span whole decades that
//! cover the data with room to spare, so that they stay put while an input moves.

mod place;
#[cfg(not(target_arch = "wasm32"))]
pub mod svg;

use leptos::prelude::*;
use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use roofline::{log_steps, Axis, Locale, Output, Quantity, Report, Scenario, Unit};
use wasm_bindgen::JsCast;

use super::state::CalcState;
use crate::components::canvas::MeasuringCanvas;
use crate::data::{Chart, Lang};
pub use place::{Obstacles, Rect};
use place::{Side, Want};
use vocab::i18n::{texts, Texts};
use vocab::names;

/// Colours of one theme: the same as the page's CSS variables (`--bg`, `--fg`,
/// `--muted`, `--line`, `--memory`, `--compute` in style/main.css; a test holds
/// them equal). The charts ask `theme::is_dark` which of the two to use.
#[derive(Clone, Copy)]
pub struct Palette {
    background: RGBColor,
    text: RGBColor,
    /// The pinned scenario A (dashed), the region where memory is full, leaders.
    muted: RGBColor,
    grid: RGBColor,
    memory: RGBColor,
    compute: RGBColor,
    /// Opacity of a region's tint.
    tint: f64,
}

/// Light theme colours (contrast ≥ 4.5:1 on the background for text).
pub const LIGHT: Palette = Palette {
    background: RGBColor(0xff, 0xff, 0xff),
    text: RGBColor(0x21, 0x25, 0x29),
    muted: RGBColor(0x55, 0x5d, 0x66),
    grid: RGBColor(0xde, 0xe2, 0xe6),
    memory: RGBColor(0x00, 0x75, 0x6f),
    compute: RGBColor(0xa3, 0x36, 0x00),
    tint: 0.09,
};

/// Dark theme colours.
pub const DARK: Palette = Palette {
    background: RGBColor(0x18, 0x1a, 0x1f),
    text: RGBColor(0xe6, 0xe8, 0xeb),
    muted: RGBColor(0xaa, 0xb1, 0xba),
    grid: RGBColor(0x3c, 0x40, 0x48),
    memory: RGBColor(0x4f, 0xd1, 0xc5),
    compute: RGBColor(0xff, 0x96, 0x5a),
    tint: 0.14,
};

/// What the roofline chart plots: one scenario's bandwidth, peak (in the weights'
/// precision, the one the verdict uses) and ridge point, and its two phases as
/// (intensity, attained FLOP/s, intensity ÷ ridge point).
#[derive(Clone, Debug, PartialEq)]
pub struct RooflinePlot {
    bandwidth: f64,
    peak: f64,
    ridge: f64,
    decode: (f64, f64, f64),
    prefill: (f64, f64, f64),
}

/// What a kernel of `intensity` attains on the roofline (crates/roofline's rule).
fn attained(intensity: f64, bandwidth: f64, peak: f64) -> f64 {
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
    }
}

/// Points of a sweep: (x, y1, y2).
pub type Series = Vec<(f64, f64, f64)>;

/// The powers of ten that cover `lo..hi`, at least one decade apart.
fn decades(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = if lo.is_finite() && lo > 0.0 { lo } else { 1.0 };
    let hi = if hi.is_finite() { hi.max(lo) } else { lo };
    let a = (lo.log10() + 1e-9).floor();
    let b = (hi.log10() - 1e-9).ceil().max(a + 1.0);
    10f64.powf(a)..10f64.powf(b)
}

/// Inserts `v` into the sorted `steps` unless it is there already.
fn insert_step(steps: &mut Vec<u32>, v: u32) {
    let at = steps.iter().position(|&s| s >= v).unwrap_or(steps.len());
    if steps.get(at) != Some(&v) {
        steps.insert(at, v);
    }
}

/// The throughput chart's data: tokens/s per request and for the batch over batch
/// sizes from 1 to a decade past the current batch and where memory is full, up to
/// where memory is full (the batch of the report's capacity), with the critical
/// batch's own point where the curves change colour.
fn batch_data(s: &Scenario, r: &Report) -> ChartData {
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
fn capacity_data(s: &Scenario, r: &Report) -> ChartData {
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
            ChartData::Roofline(d) => (t.caption_roofline)(d.decode.2, d.prefill.2),
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

    /// Draws the chart on any plotters backend, with the pinned scenario's series
    /// (dashed) where there is one. Returns where everything went.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        lang: Lang,
        p: &Palette,
        scale: f64,
        pinned: Option<&ChartData>,
    ) -> DrawResult<DB> {
        let look = Look {
            t: texts(lang),
            locale: lang.locale(),
            p,
            scale,
        };
        area.fill(&p.background)?;
        let frame = match (self, pinned) {
            (ChartData::Roofline(d), a) => {
                let a = match a {
                    Some(ChartData::Roofline(a)) => Some(a),
                    _ => None,
                };
                draw_roofline(area, d, a, look)?
            }
            (b @ ChartData::Batch { .. }, a) => {
                draw_batch(area, b, a.filter(|a| matches!(a, ChartData::Batch { .. })), look)?
            }
            (ChartData::Capacity { series, current, x_end }, a) => {
                let a = match a {
                    Some(ChartData::Capacity { series, x_end, .. }) => Some((series, *x_end)),
                    _ => None,
                };
                draw_capacity(area, (series, *x_end), a, *current, look)?
            }
        };
        area.present()?;
        Ok(frame)
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
                xs.sort_by(f64::total_cmp);
                xs.dedup_by(|a, b| (*a / *b - 1.0).abs() < 1e-9);
                (xs, d.decode.0)
            }
            ChartData::Batch { series, current, .. } => (series.iter().map(|s| s.0).collect(), current.0),
            ChartData::Capacity { series, current, .. } => (series.iter().map(|s| s.0).collect(), current.0),
        }
    }
}

/// The point of `series` nearest to `x` on a logarithmic axis.
fn nearest(series: &Series, x: f64) -> Option<&(f64, f64, f64)> {
    let distance = |s: &&(f64, f64, f64)| (s.0.ln() - x.ln()).abs();
    series.iter().min_by(|a, b| distance(a).total_cmp(&distance(b)))
}

/// How a chart is drawn: its texts, number format, colours and pixel scale.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    t: &'a Texts,
    locale: Locale,
    p: &'a Palette,
    scale: f64,
}

/// The size of every text in a chart, in CSS pixels.
const FONT: f64 = 12.0;

impl Look<'_> {
    fn font(&self, colour: &RGBColor) -> TextStyle<'static> {
        (FontFamily::SansSerif, FONT * self.scale).into_font().color(colour)
    }

    /// `v` CSS pixels in the backend's pixels.
    fn px(&self, v: f64) -> f64 {
        v * self.scale
    }

    fn stroke(&self, colour: RGBColor, width: f64) -> ShapeStyle {
        colour.stroke_width(self.px(width).round().max(1.0) as u32)
    }

    fn format(&self, v: f64, unit: Unit) -> String {
        Quantity::new(v, unit).format(self.locale)
    }
}

/// Where a chart's parts went, in the backend's pixels: the plot area, each label's
/// text and box, and the lines and markers the labels keep clear of.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    pub plot: Rect,
    /// The x axis' range, in data units (logarithmic).
    pub x: Span,
    pub labels: Vec<(String, Rect)>,
    pub obstacles: Obstacles,
}

type DrawResult<DB> = Result<Frame, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;
type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Axis labels: 0.1, 1, 10, 1k, 1M.
fn tick(v: f64, locale: Locale) -> String {
    let (scaled, suffix) = if v >= 1e6 {
        (v / 1e6, "M")
    } else if v >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    format!("{}{suffix}", roofline::format_trimmed(scaled, 2, locale))
}

/// A logarithmic axis labelled by [`tick`]. plotters' own log axis labels with
/// `Debug`, whose float formatting would otherwise stay in the wasm beside ours.
pub struct LogAxis {
    log: LogCoord<f64>,
    locale: Locale,
}

impl LogAxis {
    fn new(range: std::ops::Range<f64>, locale: Locale) -> Self {
        Self {
            log: range.log_scale().into(),
            locale,
        }
    }
}

impl Ranged for LogAxis {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.log.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.log.key_points(hint)
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.log.range()
    }
}

impl ValueFormatter<f64> for LogAxis {
    fn format_ext(&self, value: &f64) -> String {
        tick(*value, self.locale)
    }
}

/// A log-log chart on a drawing area.
type LogLog<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogAxis, LogAxis>>;

/// A log-log chart with its grid, ticks and axis titles drawn, and its plot area
/// in pixels. The right margin leaves room for half of the last tick label, the top
/// margin for half of the highest.
fn log_log<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    (x_title, y_title): (&str, &str),
    look: Look<'_>,
) -> Result<(LogLog<'a, DB>, Rect), DrawingAreaErrorKind<DB::ErrorType>> {
    let Look { locale, p, .. } = look;
    let size = |v: f64| look.px(v).round() as u32;
    let mut chart = ChartBuilder::on(area)
        .margin_top(size(10.0))
        .margin_right(size(16.0))
        .margin_left(size(4.0))
        .margin_bottom(size(4.0))
        .x_label_area_size(size(36.0))
        .y_label_area_size(size(44.0))
        .build_cartesian_2d(LogAxis::new(x, locale), LogAxis::new(y, locale))?;
    chart
        .configure_mesh()
        .x_desc(x_title)
        .y_desc(y_title)
        .label_style(look.font(&p.text))
        .axis_desc_style(look.font(&p.text))
        .light_line_style(TRANSPARENT)
        .bold_line_style(p.grid)
        .axis_style(p.text)
        .draw()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let plot = Rect::new(
        f64::from(xs.start),
        f64::from(ys.start),
        f64::from(xs.end),
        f64::from(ys.end),
    );
    Ok((chart, plot))
}

/// A point in the backend's pixels.
fn px((x, y): (i32, i32)) -> (f64, f64) {
    (f64::from(x), f64::from(y))
}

/// A pixel position for plotters.
fn ipx((x, y): (f64, f64)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// The corners of an upright triangle around its centre, `size` pixels to each
/// corner (plotters' triangle marker computes the same with sine and cosine, which
/// would bring their code into the wasm for three constant angles).
fn triangle(size: f64) -> Vec<(i32, i32)> {
    let half_width = size * 3f64.sqrt() / 2.0;
    [(0.0, -size), (-half_width, size / 2.0), (half_width, size / 2.0)]
        .into_iter()
        .map(|(x, y): (f64, f64)| (x.ceil() as i32, y.ceil() as i32))
        .collect()
}

/// A label to place: its text and colour, the point it names, where it would
/// rather sit, and the area it must stay in.
struct Label {
    text: String,
    colour: RGBColor,
    anchor: (f64, f64),
    sides: &'static [Side],
    gap: f64,
    within: Rect,
    /// Whether a leader line joins it to its anchor when it had to move away.
    leader: bool,
    /// Another point it may name instead (see [`Want::or`]).
    or: Option<((f64, f64), &'static [Side])>,
}

impl Label {
    fn new(
        text: impl Into<String>,
        colour: RGBColor,
        anchor: (f64, f64),
        sides: &'static [Side],
        within: Rect,
    ) -> Self {
        Label {
            text: text.into(),
            colour,
            anchor,
            sides,
            gap: 7.0,
            within,
            leader: true,
            or: None,
        }
    }

    /// A region's name in its corner.
    fn corner(text: &str, colour: RGBColor, region: Rect, side: Side, look: Look<'_>) -> Self {
        let pad = look.px(4.0);
        let anchor = match side {
            Side::BelowRight => (region.left + pad, region.top + pad),
            Side::BelowLeft => (region.right - pad, region.top + pad),
            Side::AboveRight => (region.left + pad, region.bottom - pad),
            _ => (region.right - pad, region.bottom - pad),
        };
        let sides: &'static [Side] = match side {
            Side::BelowRight => &[Side::BelowRight],
            Side::BelowLeft => &[Side::BelowLeft],
            Side::AboveRight => &[Side::AboveRight],
            _ => &[Side::AboveLeft],
        };
        Label {
            gap: 0.0,
            leader: false,
            ..Label::new(text, colour, anchor, sides, region)
        }
    }

    /// The name of the region where memory is full, at the right of the plot: in
    /// its top left corner, or where the region is too narrow for it, just left of
    /// its edge, naming the edge where the curves end.
    fn full(text: &str, colour: RGBColor, region: Rect, plot: Rect, look: Look<'_>) -> Self {
        let pad = look.px(4.0);
        Label {
            gap: 0.0,
            leader: false,
            or: Some(((region.left - pad, region.top + pad), &[Side::BelowLeft])),
            ..Label::new(
                text,
                colour,
                (region.left + pad, region.top + pad),
                &[Side::BelowRight],
                plot,
            )
        }
    }
}

/// Places the labels (see [`place::place`]) and draws those that found a spot, with
/// a leader line to their point where they had to move away from it.
fn draw_labels<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: Vec<Label>,
    obstacles: &Obstacles,
    look: Look<'_>,
) -> Result<Vec<(String, Rect)>, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut wants = Vec::with_capacity(labels.len());
    for l in &labels {
        // A text of several lines (split at '\n') is their widest by their sum.
        let (mut w, mut h) = (0u32, 0u32);
        for line in l.text.split('\n') {
            let (lw, lh) = area.estimate_text_size(line, &look.font(&l.colour))?;
            (w, h) = (w.max(lw), h + lh);
        }
        wants.push(Want {
            size: (f64::from(w), f64::from(h)),
            anchor: l.anchor,
            gap: look.px(l.gap),
            sides: l.sides,
            within: l.within,
            or: l.or,
        });
    }
    let mut drawn = Vec::with_capacity(labels.len());
    for (label, spot) in labels.into_iter().zip(place::place(&wants, obstacles)) {
        let Some(spot) = spot else { continue };
        let r = spot.rect;
        if spot.far && label.leader {
            area.draw(&PathElement::new(
                vec![ipx(label.anchor), ipx(r.nearest(label.anchor))],
                look.stroke(look.p.muted, 1.0),
            ))?;
        }
        // Aligned towards the anchor, so that a text narrower than its measured
        // box (the static SVG measures generously) still sits by its point.
        let (h, x) = match spot.side {
            Side::Left | Side::AboveLeft | Side::BelowLeft => (HPos::Right, r.right),
            Side::Above | Side::Below => (HPos::Center, (r.left + r.right) / 2.0),
            _ => (HPos::Left, r.left),
        };
        let style = look.font(&label.colour).pos(Pos::new(h, VPos::Center));
        let lines = label.text.split('\n').count();
        let row = r.height() / lines as f64;
        for (i, line) in label.text.split('\n').enumerate() {
            let at = ipx((x, r.top + row * (i as f64 + 0.5)));
            area.draw(&Text::new(line.to_string(), at, style.clone()))?;
        }
        drawn.push((label.text, r));
    }
    Ok(drawn)
}

/// A filled point with a ring in the background colour, so that it stands out on
/// the line it sits on; its box is added to the obstacles.
fn dot<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (f64, f64),
    colour: RGBColor,
    obstacles: &mut Obstacles,
    look: Look<'_>,
) -> Drawn<DB> {
    let r = look.px(5.0);
    area.draw(&Circle::new(
        ipx(at),
        (r + look.px(2.0)).round() as i32,
        look.p.background.filled(),
    ))?;
    area.draw(&Circle::new(ipx(at), r.round() as i32, colour.filled()))?;
    obstacles.marks.push(Rect::around(at, r + look.px(1.0)));
    Ok(())
}

/// A hollow point of the pinned scenario.
fn ring<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (f64, f64),
    obstacles: &mut Obstacles,
    look: Look<'_>,
) -> Drawn<DB> {
    let r = look.px(5.0);
    area.draw(&Circle::new(ipx(at), r.round() as i32, look.stroke(look.p.muted, 2.0)))?;
    obstacles.marks.push(Rect::around(at, r + look.px(1.0)));
    Ok(())
}

/// A solid line through pixel points, added to the obstacles.
fn line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[(f64, f64)],
    style: ShapeStyle,
    obstacles: &mut Obstacles,
) -> Drawn<DB> {
    area.draw(&PathElement::new(
        points.iter().copied().map(ipx).collect::<Vec<_>>(),
        style,
    ))?;
    obstacles.line(points);
    Ok(())
}

/// The pinned scenario's line through pixel points: dashed, in the neutral colour.
fn dashed<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[(f64, f64)],
    obstacles: &mut Obstacles,
    look: Look<'_>,
) -> Drawn<DB> {
    let (dash, gap) = (look.px(6.0).round() as i32, look.px(4.0).round() as i32);
    area.draw(&plotters::element::DashedPathElement::new(
        points.iter().copied().map(ipx).collect::<Vec<_>>(),
        dash,
        gap,
        look.stroke(look.p.muted, 2.0),
    ))?;
    obstacles.line(points);
    Ok(())
}

/// A region of the plot, tinted.
fn region<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, r: Rect, colour: RGBColor, alpha: f64) -> Drawn<DB> {
    if r.width() > 0.0 {
        area.draw(&Rectangle::new(
            [ipx((r.left, r.top)), ipx((r.right, r.bottom))],
            colour.mix(alpha).filled(),
        ))?;
    }
    Ok(())
}

const POINT_SIDES: &[Side] = &[Side::BelowRight, Side::Right, Side::Below, Side::AboveLeft, Side::Left];
const ROOF_POINT_SIDES: &[Side] = &[
    Side::Above,
    Side::AboveRight,
    Side::AboveLeft,
    Side::Below,
    Side::BelowRight,
];
const PINNED_SIDES: &[Side] = &[Side::Left, Side::AboveLeft, Side::BelowLeft, Side::Above];

/// A range of an axis.
pub type Span = std::ops::Range<f64>;

/// The roofline's axes: intensity over whole decades that put the ridge point at
/// least 300 times (2.5 decades) from either edge and near the middle, so that both
/// regions have room for their names, and cover both points with room for their
/// labels; FLOP/s (in
/// TFLOP/s) from where the slope enters to a decade above the peak, room for the
/// labels above the roof. Only the device
/// sets them, unless a point leaves them: moving the batch or the context moves
/// the points, not the axes.
fn roofline_axes(d: &RooflinePlot, pinned: Option<&RooflinePlot>) -> (Span, Span) {
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
            ring(area, point, &mut obstacles, look)?;
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
        dot(area, point, colour, &mut obstacles, look)?;
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
    all.append(&mut labels);
    let labels = draw_labels(area, all, &obstacles, look)?;
    Ok(Frame {
        plot,
        x,
        labels,
        obstacles,
    })
}

/// The throughput chart's axes: batch sizes from 1 to the data's end (a decade
/// past the current batch and where memory is full, see [`batch_data`]), tokens/s
/// over the decades that cover the curves with room above and below. The curves do
/// not depend on the batch, so moving it moves only the marker.
fn batch_axes(
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
    let mut labels = Vec::new();
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
    all.append(&mut labels);
    let labels = draw_labels(area, all, &obstacles, look)?;
    Ok(Frame {
        plot,
        x,
        labels,
        obstacles,
    })
}

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
    all.append(&mut labels);
    let labels = draw_labels(area, all, &obstacles, look)?;
    Ok(Frame {
        plot,
        x,
        labels,
        obstacles,
    })
}

fn palette() -> Palette {
    if crate::components::theme::is_dark() {
        DARK
    } else {
        LIGHT
    }
}

/// The pixel ratio of the screen.
fn pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0)
}

/// Sizes the canvas for its CSS size and the screen's pixel density. Reading the
/// CSS size forces a layout, so this runs on mount and resize only.
fn fit(canvas: &web_sys::HtmlCanvasElement) {
    let scale = pixel_ratio();
    let width = f64::from(canvas.client_width().max(240));
    let height = f64::from(canvas.client_height().max(160));
    let (w, h) = ((width * scale) as u32, (height * scale) as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
}

/// Draws one chart on a canvas; where its plot area and x axis went.
fn paint(canvas: &web_sys::HtmlCanvasElement, data: &Pair, lang: Lang) -> Result<Placed, String> {
    let backend = MeasuringCanvas::new(canvas.clone()).ok_or("no 2D context")?;
    let scale = pixel_ratio();
    data.0
        .draw(&backend.into_drawing_area(), lang, &palette(), scale, data.1.as_ref())
        .map(|frame| Placed {
            plot: frame.plot,
            x: frame.x,
            scale,
        })
        .map_err(|e| e.to_string())
}

/// Where a painted chart's plot area is (in the canvas' pixels, `scale` per CSS
/// pixel) and the range of its logarithmic x axis.
#[derive(Clone, Debug, Default)]
struct Placed {
    plot: Rect,
    x: Span,
    scale: f64,
}

impl Placed {
    /// The x value at `css_x` CSS pixels from the canvas' left edge; `None` outside
    /// the plot area.
    fn value_at(&self, css_x: f64) -> Option<f64> {
        let at = css_x * self.scale;
        let width = self.plot.right - self.plot.left;
        if !(self.plot.left..=self.plot.right).contains(&at) || width <= 0.0 || self.x.start <= 0.0 {
            return None;
        }
        let f = (at - self.plot.left) / width;
        Some(self.x.start * (self.x.end / self.x.start).powf(f))
    }

    /// Where `value` is drawn, in CSS pixels: (left, top, height) of its vertical.
    fn position_of(&self, value: f64) -> Option<(f64, f64, f64)> {
        let width = self.plot.right - self.plot.left;
        if !self.x.contains(&value) || width <= 0.0 || self.scale <= 0.0 {
            return None;
        }
        let f = (value / self.x.start).ln() / (self.x.end / self.x.start).ln();
        let left = (self.plot.left + f * width) / self.scale;
        Some((
            left,
            self.plot.top / self.scale,
            (self.plot.bottom - self.plot.top) / self.scale,
        ))
    }
}

/// A chart's data and the pinned scenario's.
type Pair = (ChartData, Option<ChartData>);

/// Rows of the text alternative: a few points of the plotted data, formatted by the
/// core.
fn table_rows((data, pinned): &Pair, lang: Lang) -> Vec<[String; 3]> {
    let mut rows = chart_rows(data, lang);
    if let Some(a) = pinned {
        let prefix = texts(lang).pinned_value;
        rows.extend(
            chart_rows(a, lang)
                .into_iter()
                .map(|[head, x, y]| [format!("{prefix} {head}"), x, y]),
        );
    }
    rows
}

/// Rows of one scenario's chart.
fn chart_rows(data: &ChartData, lang: Lang) -> Vec<[String; 3]> {
    let locale = lang.locale();
    let label = |o: Output| (texts(lang).output_label)(o).to_string();
    let q = |v: f64, unit: Unit| Quantity::new(v, unit).format(locale);
    match data {
        ChartData::Roofline(d) => vec![
            [
                label(Output::DecodeIntensity),
                q(d.decode.0, Unit::Intensity),
                q(d.decode.1, Unit::FlopRate),
            ],
            [
                label(Output::PrefillIntensity),
                q(d.prefill.0, Unit::Intensity),
                q(d.prefill.1, Unit::FlopRate),
            ],
            [
                label(Output::Ridge),
                q(d.ridge, Unit::Intensity),
                q(d.peak, Unit::FlopRate),
            ],
        ],
        ChartData::Batch { series, .. } => series
            .iter()
            .filter(|p| (p.0 as u32).is_power_of_two())
            .map(|p| [q(p.0, Unit::Count), q(p.1, Unit::TokenRate), q(p.2, Unit::TokenRate)])
            .collect(),
        ChartData::Capacity { series, .. } => series
            .iter()
            .step_by(6)
            .map(|p| [q(p.0, Unit::Count), q(p.1, Unit::Count), String::new()])
            .collect(),
    }
}

/// Paints the chart on its canvas whenever the data, the colour scheme or the window
/// size changes (browser only: effects do not run when the page is pre-rendered).
/// Whether it is painted, and why not where it failed.
fn repaint(
    canvas: NodeRef<leptos::html::Canvas>,
    data: Memo<Pair>,
    lang: Lang,
    placed: StoredValue<Option<Placed>>,
) -> (RwSignal<bool>, RwSignal<Option<String>>) {
    let resized = RwSignal::new(0u32);
    let failed = RwSignal::new(None::<String>);
    let painted = RwSignal::new(false);
    Effect::new(move |_| {
        let handle = window_event_listener(leptos::ev::resize, move |_| resized.update(|n| *n += 1));
        on_cleanup(move || handle.remove());
    });
    let fitted = StoredValue::new(None::<u32>);
    let theme = use_context::<crate::components::theme::ThemeChanged>();
    Effect::new(move |_| {
        if let Some(t) = theme {
            t.0.track();
        }
        let generation = resized.get();
        data.with(|d| {
            if let Some(c) = canvas.get() {
                if fitted.get_value() != Some(generation) {
                    fit(&c);
                    fitted.set_value(Some(generation));
                }
                let result = paint(&c, d, lang);
                painted.set(result.is_ok());
                placed.set_value(result.as_ref().ok().cloned());
                failed.set(result.err());
            }
        });
    });
    (painted, failed)
}

/// A chart's title and the heads of its table's three columns.
fn labels(chart: Chart, t: &'static Texts) -> (&'static str, [&'static str; 3]) {
    match chart {
        Chart::Roofline => (t.chart_roofline, ["", t.axis_intensity, t.axis_performance]),
        Chart::Batch => (t.chart_batch, [t.axis_batch, t.series_per_request, t.series_batch]),
        Chart::Capacity => (t.chart_capacity, [t.axis_context, t.axis_requests, ""]),
    }
}

/// A chart with its caption and a table of its points. `key` names the chart in the
/// pre-rendered page, which puts a static SVG of the example into the empty
/// `.chart-static` box; the canvas covers it once painted.
#[component]
pub fn ChartFigure(state: CalcState, lang: Lang, chart: Chart, key: String) -> impl IntoView {
    let t = texts(lang);
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let data = Memo::new(move |_| {
        let b = state.valid.with(|(s, r)| ChartData::new(chart, s, r));
        let a = state
            .pinned_valid
            .with(|a| a.as_ref().map(|(s, r)| ChartData::new(chart, s, r)));
        (b, a)
    });
    let placed = StoredValue::new(None::<Placed>);
    let (painted, failed) = repaint(canvas, data, lang, placed);
    let (title, heads) = labels(chart, t);
    // The value under the reader's pointer, or at the stop the arrow keys reached.
    let reading = RwSignal::new(None::<f64>);
    let read_out = move || {
        reading
            .get()
            .and_then(|x| data.with(|d| d.0.read_out(x, lang)))
            .unwrap_or_else(|| t.read_out_hint.to_string())
    };
    // The line where the reader points, placed through the CSS object model (the
    // page's policy refuses style attributes).
    let cursor = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let spot = reading
            .get()
            .and_then(|x| placed.with_value(|p| p.as_ref().and_then(|p| p.position_of(x))));
        let Some(line) = cursor.get() else { return };
        let style = web_sys::HtmlElement::style(&line);
        match spot {
            Some((left, top, height)) => {
                let _ = style.set_property("left", &format!("{left:.1}px"));
                let _ = style.set_property("top", &format!("{top:.1}px"));
                let _ = style.set_property("height", &format!("{height:.1}px"));
                let _ = line.remove_attribute("hidden");
            }
            None => {
                let _ = line.set_attribute("hidden", "");
            }
        }
    });
    // One listener for every way of reading the chart (one handler costs the bundle
    // far less than one per event type, see `listen`).
    Effect::new(move |_| {
        let Some(c) = canvas.get() else { return };
        let types = &["pointermove", "pointerdown", "pointerleave", "focus", "blur", "keydown"];
        crate::listen::on(c.into(), types, move |ev| {
            let span = || placed.with_value(|p| p.as_ref().map(|p| p.x.clone()));
            match ev.type_().as_str() {
                "pointermove" | "pointerdown" => {
                    let Some(ev) = ev.dyn_ref::<web_sys::MouseEvent>() else {
                        return;
                    };
                    let x = f64::from(ev.offset_x());
                    reading.set(placed.with_value(|p| p.as_ref().and_then(|p| p.value_at(x))));
                }
                "pointerleave" | "blur" => reading.set(None),
                "focus" => {
                    if let Some(span) = span() {
                        reading.set(Some(data.with_untracked(|d| d.0.stops(&span).1)));
                    }
                }
                _ => {
                    let (Some(key), Some(span)) = (ev.dyn_ref::<web_sys::KeyboardEvent>(), span()) else {
                        return;
                    };
                    let (stops, start) = data.with_untracked(|d| d.0.stops(&span));
                    let now = reading.get_untracked().unwrap_or(start);
                    let at = stops
                        .iter()
                        .position(|&s| s >= now * (1.0 - 1e-9))
                        .unwrap_or(stops.len().saturating_sub(1));
                    let next = match key.key().as_str() {
                        "ArrowRight" | "ArrowUp" => stops.get(at + 1).or(stops.get(at)),
                        "ArrowLeft" | "ArrowDown" => stops.get(at.saturating_sub(1)),
                        "Home" => stops.first(),
                        "End" => stops.last(),
                        _ => return,
                    };
                    ev.prevent_default();
                    reading.set(next.copied());
                }
            }
        });
    });
    let caption = Memo::new(move |_| data.with(|d| d.0.caption(lang)));
    let rows = move || {
        data.with(|d| table_rows(d, lang))
            .into_iter()
            .map(|row| {
                view! {
                    <tr>
                        <th scope="row">{row[0].clone()}</th>
                        <td>{row[1].clone()}</td>
                        <td>{row[2].clone()}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <figure
            class="chart"
            class:painted=move || painted.get()
            data-chart=chart.id()
            data-pinned=move || data.with(|d| d.1.is_some()).to_string()
        >
            <div class="chart-box">
                <canvas
                    node_ref=canvas
                    role="img"
                    tabindex="0"
                    aria-label=move || format!("{title}. {}", caption.get())
                    aria-describedby=format!("{key}-read")
                ></canvas>
                <div class="chart-cursor" aria-hidden="true" hidden node_ref=cursor></div>
                <div class=names::STATIC_CHART data-static=key.clone()></div>
            </div>
            <p class="chart-read" id=format!("{key}-read") aria-live="polite">{read_out}</p>
            <figcaption>
                <strong>{title}</strong>" "{move || caption.get()}
                {move || failed.get().map(|e| view! { <span class="chart-error">{e}</span> })}
            </figcaption>
            <details class="chart-table">
                <summary>{t.chart_table}</summary>
                <table>
                    <thead>
                        <tr>
                            <th scope="col">{heads[0]}</th>
                            <th scope="col">{heads[1]}</th>
                            <th scope="col">{heads[2]}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::svg::{static_svg, STATIC_SIZE};
    use super::*;
    use crate::data::presets;
    use roofline::{DataType, Groups};

    /// A colour from `--name: #rrggbb;` in the CSS block that starts at `from`.
    fn css_colour(css: &str, from: &str, name: &str) -> RGBColor {
        let block = &css[css.find(from).unwrap_or_else(|| panic!("no {from}"))..];
        let at = block
            .find(&format!("--{name}: #"))
            .unwrap_or_else(|| panic!("no --{name} after {from}"));
        let hex = &block[at + name.len() + 5..][..6];
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
        RGBColor(byte(0), byte(2), byte(4))
    }

    #[test]
    fn palettes_are_the_pages_colours() {
        let css = include_str!("../../../style/main.css");
        for (palette, block) in [(LIGHT, ":root {"), (DARK, ":root[data-theme=\"dark\"]")] {
            for (colour, name) in [
                (palette.background, "bg"),
                (palette.text, "fg"),
                (palette.muted, "muted"),
                (palette.grid, "line"),
                (palette.memory, "memory"),
                (palette.compute, "compute"),
            ] {
                assert_eq!(colour, css_colour(css, block, name), "--{name} in {block}");
            }
        }
        // The system's dark scheme uses the same colours as the chosen one.
        let css_dark = "@media (prefers-color-scheme: dark)";
        assert_eq!(DARK.memory, css_colour(css, css_dark, "memory"));
        assert_eq!(DARK.compute, css_colour(css, css_dark, "compute"));
    }

    #[test]
    fn decades_cover_with_whole_powers_of_ten() {
        assert_eq!(decades(0.5, 4590.0), 0.1..1e4);
        assert_eq!(decades(1.0, 1000.0), 1.0..1000.0);
        assert_eq!(decades(3.0, 3.0), 1.0..10.0);
        assert_eq!(decades(f64::NAN, 0.0), 1.0..10.0);
    }

    /// Scenarios from every preset pair, and extreme ones: batch from 1 to the
    /// largest, contexts from 128 tokens to a million, FP32 to INT4, one to 64
    /// devices.
    #[test]
    fn a_pointer_reads_the_value_drawn_under_it() {
        let placed = Placed {
            plot: Rect {
                left: 100.0,
                top: 20.0,
                right: 700.0,
                bottom: 400.0,
            },
            x: 1.0..1000.0,
            scale: 2.0,
        };
        assert_eq!(placed.value_at(49.0), None, "left of the plot");
        assert_eq!(placed.value_at(351.0), None, "right of the plot");
        let middle = placed.value_at(200.0).expect("inside");
        assert!((middle - 10f64.powf(1.5)).abs() < 1e-9, "{middle}");
        let (left, top, height) = placed.position_of(middle).expect("on the axis");
        assert!((left - 200.0).abs() < 1e-9 && top == 10.0 && height == 190.0);
        assert_eq!(placed.position_of(5000.0), None);
    }

    #[test]
    fn read_outs_name_the_regime_and_the_nearest_drawn_point() {
        let s = Scenario::example();
        let r = s.report().expect("the example computes");
        let ChartData::Roofline(d) = ChartData::new(Chart::Roofline, &s, &r) else {
            panic!("a roofline")
        };
        let roofline = ChartData::Roofline(d.clone());
        let t = texts(Lang::En);
        let below = roofline.read_out(d.ridge / 10.0, Lang::En).expect("a read-out");
        assert!(below.ends_with(&format!("({})", t.memory_bound)), "{below}");
        let above = roofline.read_out(d.ridge * 10.0, Lang::En).expect("a read-out");
        assert!(
            above.contains(&Quantity::new(d.peak, Unit::FlopRate).format(Locale::En)),
            "{above}"
        );
        assert!(above.ends_with(&format!("({})", t.compute_bound)), "{above}");
        let batch = ChartData::new(Chart::Batch, &s, &r);
        let ChartData::Batch { series, .. } = &batch else {
            panic!("a batch chart")
        };
        let (stops, start) = batch.stops(&(1.0..1e4));
        assert_eq!(stops.len(), series.len());
        assert_eq!(start, f64::from(s.workload.batch));
        let at = series[series.len() / 2];
        let line = batch.read_out(at.0 * 1.01, Lang::De).expect("a read-out");
        assert!(line.starts_with(&format!(
            "Batchgröße {}",
            Quantity::new(at.0, Unit::Count).format(Locale::De)
        )));
        // The roofline's stops include its three points, in order.
        let span = 1e-1..1e5;
        let (stops, start) = roofline.stops(&span);
        assert!(stops.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(start, d.decode.0);
        assert!(stops.contains(&d.ridge) && stops.contains(&d.decode.0));
    }

    fn scenarios() -> Vec<Scenario> {
        let p = presets();
        let mut out = Vec::new();
        for (i, m) in p.models.iter().enumerate() {
            for (j, h) in p.hardware.iter().enumerate() {
                let mut s = Scenario::example();
                s.model = m.model;
                s.hardware = h.hardware;
                // Every pair at the example's workload, and a spread of extremes.
                let k = i * p.hardware.len() + j;
                s.workload.batch = [1, 8, 64, 1024, 4096, 100_000][k % 6];
                s.workload.context = [128, 1024, 32_768, 1_000_000][k % 4];
                s.workload.prompt = [1, 512, 100_000][k % 3].min(s.workload.context);
                s.workload.devices = [1, 1, 2, 8, 64][k % 5];
                s.weights = [
                    DataType::Fp16,
                    DataType::Fp32,
                    DataType::Fp8,
                    DataType::Int4(Groups::INT4_G128),
                    DataType::Int8,
                ][k % 5];
                out.push(s);
            }
        }
        out
    }

    fn pairs() -> Vec<(Scenario, Report)> {
        scenarios()
            .into_iter()
            .filter_map(|s| s.report().ok().map(|r| (s, r)))
            .collect()
    }

    /// Checks a drawn frame: labels inside the plot, apart from each other and
    /// clear of every marker; where the plot is of a usual size (`roomy`), the
    /// points' labels (`points`) clear of every line. Returns how many of the other
    /// labels touch a line, and how many labels there are.
    fn check(frame: &Frame, what: &str, roomy: bool, points: &[&str]) -> (usize, usize) {
        let mut touching = 0;
        for (i, (text, r)) in frame.labels.iter().enumerate() {
            assert!(
                frame.plot.contains(r),
                "{what}: {text:?} {r:?} outside {:?}",
                frame.plot
            );
            for (other, o) in &frame.labels[i + 1..] {
                assert!(!r.overlaps(o), "{what}: {text:?} {r:?} overlaps {other:?} {o:?}");
            }
            for m in &frame.obstacles.marks {
                assert!(!r.overlaps(m), "{what}: {text:?} {r:?} covers a marker {m:?}");
            }
            let on_line = frame.obstacles.segments.iter().any(|&(a, b)| r.crossed_by(a, b));
            if roomy && points.contains(&text.as_str()) {
                assert!(!on_line, "{what}: {text:?} {r:?} on a line in {:?}", frame.labels);
            } else if roomy && on_line {
                touching += 1;
            }
        }
        (touching, frame.labels.len())
    }

    fn has(frame: &Frame, text: &str) -> bool {
        frame.labels.iter().any(|(t, _)| t == text)
    }

    #[test]
    fn labels_are_inside_apart_and_off_the_lines() {
        let pairs = pairs();
        assert!(pairs.len() > 200, "{} scenarios", pairs.len());
        let (mut touching, mut labels) = (0, 0);
        for (n, (s, r)) in pairs.iter().enumerate() {
            let lang = if n % 2 == 0 { Lang::En } else { Lang::De };
            let t = texts(lang);
            let (a_s, a_r) = &pairs[(n * 7 + 3) % pairs.len()];
            for chart in [Chart::Roofline, Chart::Batch, Chart::Capacity] {
                let data = ChartData::new(chart, s, r);
                let pinned = (n % 3 == 0).then(|| ChartData::new(chart, a_s, a_r));
                for size in [(316, 300), STATIC_SIZE, (540, 300), (1100, 300), (240, 160)] {
                    let what = format!("{chart:?} #{n} at {size:?}");
                    let (_, frame) = svg::draw_svg(&data, lang, size, pinned.as_ref()).unwrap();
                    let roomy = size.0 >= 316 && pinned.is_none();
                    // Points are labelled beside them, never on a line; the other
                    // labels nearly always are too.
                    let points = [t.decode_point, t.prefill_point, t.chart_pinned_point];
                    let (on, of) = check(&frame, &what, roomy, &points);
                    (touching, labels) = (touching + on, labels + of);
                    if !roomy {
                        continue;
                    }
                    match &data {
                        ChartData::Roofline(d) => {
                            let value = Quantity::new(d.ridge, Unit::Intensity).format(lang.locale());
                            let name = (t.chart_ridge)(&value);
                            let ridge = format!("{}\n{value}", name.strip_suffix(&value).unwrap_or(&name).trim_end());
                            for must in [t.decode_point, t.prefill_point, t.memory_bound, t.compute_bound, &ridge] {
                                assert!(has(&frame, must), "{what}: no {must:?} in {:?}", frame.labels);
                            }
                            assert_eq!(frame.labels.len(), 7, "{what}: {:?}", frame.labels);
                        }
                        ChartData::Batch { current, .. } => {
                            let now = (t.chart_batch_now)(&Quantity::new(current.0, Unit::Count).format(lang.locale()));
                            assert!(has(&frame, &now), "{what}: no {now:?} in {:?}", frame.labels);
                        }
                        ChartData::Capacity { current, .. } => {
                            let n = (t.chart_requests)(&Quantity::new(current.1, Unit::Count).format(lang.locale()));
                            assert_eq!(has(&frame, &n), current.1 >= 1.0, "{what}: {:?}", frame.labels);
                        }
                    }
                }
            }
        }
        // Labels of lines and regions may have to touch a line in a crowded plot.
        assert!(touching * 500 <= labels, "{touching} of {labels} labels touch a line");
        println!("{touching} of {labels} labels touch a line");
    }

    #[test]
    fn the_example_is_labelled_off_every_line() {
        let s = Scenario::example();
        let r = s.report().unwrap();
        for lang in Lang::ALL {
            for chart in [Chart::Roofline, Chart::Batch, Chart::Capacity] {
                for size in [(316, 300), STATIC_SIZE, (540, 300)] {
                    let (_, frame) = svg::draw_svg(&ChartData::new(chart, &s, &r), lang, size, None).unwrap();
                    assert_eq!(
                        check(&frame, &format!("{chart:?} {size:?}"), true, &[]).0,
                        0,
                        "{:?}",
                        frame.labels
                    );
                }
            }
        }
    }

    #[test]
    fn the_roofline_names_its_lines_with_the_cores_figures() {
        let s = Scenario::example();
        let r = s.report().unwrap();
        let (_, frame) = svg::draw_svg(&ChartData::new(Chart::Roofline, &s, &r), Lang::En, STATIC_SIZE, None).unwrap();
        let texts: Vec<&str> = frame.labels.iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"bandwidth 2.00\u{a0}TB/s"), "{texts:?}");
        assert!(texts.contains(&"peak 312\u{a0}TFLOP/s"), "{texts:?}");
        assert!(texts.contains(&"ridge point\n156\u{a0}FLOP/byte"), "{texts:?}");
        let (_, frame) = svg::draw_svg(&ChartData::new(Chart::Roofline, &s, &r), Lang::De, STATIC_SIZE, None).unwrap();
        let texts: Vec<&str> = frame.labels.iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"Bandbreite 2,00\u{a0}TB/s"), "{texts:?}");
        assert!(texts.contains(&"Knickpunkt\n156\u{a0}FLOP/Byte"), "{texts:?}");
        assert!(
            texts.contains(&"Memory-bound") && texts.contains(&"Compute-bound"),
            "{texts:?}"
        );
    }

    #[test]
    fn axes_stay_put_while_the_batch_or_the_context_moves() {
        let base = Scenario::example();
        let axes = |batch: u32, context: u32| {
            let mut s = base;
            s.workload.batch = batch;
            s.workload.context = context;
            let r = s.report().unwrap();
            let ChartData::Roofline(d) = ChartData::new(Chart::Roofline, &s, &r) else {
                unreachable!()
            };
            let b = ChartData::new(Chart::Batch, &s, &r);
            let ChartData::Batch {
                series, x_end, current, ..
            } = &b
            else {
                unreachable!()
            };
            (roofline_axes(&d, None), batch_axes((series, *x_end), None, *current))
        };
        let first = axes(1, 1024);
        for batch in [2, 3, 8, 17, 64, 100] {
            for context in [512, 1024, 2048, 4096] {
                assert_eq!(
                    axes(batch, context).0,
                    first.0,
                    "roofline at batch {batch}, context {context}"
                );
            }
            assert_eq!(axes(batch, 1024).1, first.1, "throughput at batch {batch}");
        }
    }

    #[test]
    fn the_throughput_curves_end_where_memory_is_full() {
        let s = Scenario::example();
        let r = s.report().unwrap();
        let ChartData::Batch { series, full, .. } = ChartData::new(Chart::Batch, &s, &r) else {
            unreachable!()
        };
        assert_eq!(full, r.capacity.max_requests);
        let last = series.last().unwrap().0;
        assert_eq!(last, full.floor(), "{series:?}");
        // Where decode turns compute-bound, the curves have a point of their own.
        if let Some(c) = r.critical_batch.filter(|&c| f64::from(c) < full) {
            assert!(series.iter().any(|p| p.0 == f64::from(c)));
        }
    }

    #[test]
    fn captions_say_what_to_notice_not_the_title() {
        let s = Scenario::example();
        let r = s.report().unwrap();
        for lang in Lang::ALL {
            let t = texts(lang);
            for (chart, title) in [
                (Chart::Roofline, t.chart_roofline),
                (Chart::Batch, t.chart_batch),
                (Chart::Capacity, t.chart_capacity),
            ] {
                let caption = ChartData::new(chart, &s, &r).caption(lang);
                assert!(!caption.contains(title), "{caption}");
                assert!(caption.ends_with('.'), "{caption}");
            }
        }
        let en = ChartData::new(Chart::Roofline, &s, &r).caption(Lang::En);
        assert!(
            en.starts_with("Decode sits far left of the ridge point: memory is the limit."),
            "{en}"
        );
        let de = ChartData::new(Chart::Roofline, &s, &r).caption(Lang::De);
        assert!(
            de.starts_with("Der Decode-Schritt liegt weit links vom Knickpunkt: Die Bandbreite bremst."),
            "{de}"
        );
    }

    #[test]
    fn the_static_chart_is_phone_sized_with_text_of_twelve_pixels() {
        let s = Scenario::example();
        let r = s.report().unwrap();
        for chart in [Chart::Roofline, Chart::Batch, Chart::Capacity] {
            let svg = static_svg(&ChartData::new(chart, &s, &r), Lang::En).unwrap();
            assert!(svg.starts_with("<svg viewBox=\"0 0 340 300\""), "{}", &svg[..80]);
            assert!(svg.contains("data-plot=\""));
            for size in svg.split("font-size=\"").skip(1) {
                let size: f64 = size[..size.find('"').unwrap()].parse().unwrap();
                assert!(size >= 12.0, "font-size {size}");
            }
        }
    }
}
