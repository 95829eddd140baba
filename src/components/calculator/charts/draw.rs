//! What every chart is drawn with: the look (texts, number format, colours, pixel
//! scale), log axes, markers, lines, shaded regions and the labels placed beside
//! their points.

use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use roofline::{Locale, Quantity, Unit};
use vocab::i18n::Texts;

use super::place::{self, Obstacles, Rect, Side, Want};

/// Colours of one theme: the same as the page's CSS variables (`--bg`, `--fg`,
/// `--muted`, `--line`, `--memory`, `--compute` in style/main.css; a test holds
/// them equal). The charts ask `theme::is_dark` which of the two to use.
#[derive(Clone, Copy)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    /// The pinned scenario A (dashed), the region where memory is full, leaders.
    pub muted: RGBColor,
    pub grid: RGBColor,
    pub memory: RGBColor,
    pub compute: RGBColor,
    /// Opacity of a region's tint.
    pub tint: f64,
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

/// How a chart is drawn: its texts, number format, colours and pixel scale.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub(super) t: &'a Texts,
    pub(super) locale: Locale,
    pub(super) p: &'a Palette,
    pub(super) scale: f64,
}

/// The size of every text in a chart, in CSS pixels: 13, as the page's smallest
/// texts, and the static chart is drawn at a phone's width so that it keeps it.
pub(super) const FONT: f64 = 13.0;

impl Look<'_> {
    pub(super) fn font(&self, colour: &RGBColor) -> TextStyle<'static> {
        (FontFamily::SansSerif, FONT * self.scale).into_font().color(colour)
    }

    /// `v` CSS pixels in the backend's pixels.
    pub(super) fn px(&self, v: f64) -> f64 {
        v * self.scale
    }

    pub(super) fn stroke(&self, colour: RGBColor, width: f64) -> ShapeStyle {
        colour.stroke_width(self.px(width).round().max(1.0) as u32)
    }

    pub(super) fn format(&self, v: f64, unit: Unit) -> String {
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

pub(super) type DrawResult<DB> = Result<Frame, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;
pub(super) type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Axis labels: 0.1, 1, 10, 1k, 1M.
pub(super) fn tick(v: f64, locale: Locale) -> String {
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
    pub(super) log: LogCoord<f64>,
    pub(super) locale: Locale,
}

impl LogAxis {
    pub(super) fn new(range: std::ops::Range<f64>, locale: Locale) -> Self {
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
pub(super) type LogLog<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogAxis, LogAxis>>;

/// A log-log chart with its grid, ticks and axis titles drawn, and its plot area
/// in pixels. The right margin leaves room for half of the last tick label, the top
/// margin for half of the highest.
pub(super) fn log_log<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    (x_title, y_title): (&str, &str),
    look: Look<'_>,
) -> Result<(LogLog<'a, DB>, Rect), DrawingAreaErrorKind<DB::ErrorType>> {
    let Look { locale, p, .. } = look;
    let size = |v: f64| look.px(v).round() as u32;
    let mut chart = ChartBuilder::on(area)
        .margin_top(size(FONT * 0.65))
        .margin_right(size(16.0))
        .margin_left(size(4.0))
        .margin_bottom(size(4.0))
        .x_label_area_size(size(FONT * 3.0))
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
        // Short tick marks on the y axis (the grid marks the values): their room goes to
        // the tick labels beside the axis' title.
        .set_tick_mark_size(LabelAreaPosition::Left, 2)
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
pub(super) fn px((x, y): (i32, i32)) -> (f64, f64) {
    (f64::from(x), f64::from(y))
}

/// A pixel position for plotters.
pub(super) fn ipx((x, y): (f64, f64)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// The corners of an upright triangle around its centre, `size` pixels to each
/// corner (plotters' triangle marker computes the same with sine and cosine, which
/// would bring their code into the wasm for three constant angles).
pub(super) fn triangle(size: f64) -> Vec<(i32, i32)> {
    let half_width = size * 3f64.sqrt() / 2.0;
    [(0.0, -size), (-half_width, size / 2.0), (half_width, size / 2.0)]
        .into_iter()
        .map(|(x, y): (f64, f64)| (x.ceil() as i32, y.ceil() as i32))
        .collect()
}

/// A label to place: its text and colour, the point it names, where it would
/// rather sit, and the area it must stay in.
pub(super) struct Label {
    pub(super) text: String,
    pub(super) colour: RGBColor,
    pub(super) anchor: (f64, f64),
    pub(super) sides: &'static [Side],
    pub(super) gap: f64,
    pub(super) within: Rect,
    /// Whether a leader line joins it to its anchor when it had to move away.
    pub(super) leader: bool,
    /// Another point it may name instead (see [`Want::or`]).
    pub(super) or: Option<((f64, f64), &'static [Side])>,
}

impl Label {
    pub(super) fn new(
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
    pub(super) fn corner(text: &str, colour: RGBColor, region: Rect, side: Side, look: Look<'_>) -> Self {
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
    pub(super) fn full(text: &str, colour: RGBColor, region: Rect, plot: Rect, look: Look<'_>) -> Self {
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

impl Frame {
    /// Ends a chart: the fixed labels `all` and the data labels `labels` placed and
    /// drawn together around the obstacles, with the plot and its x range.
    pub(super) fn finish<DB: DrawingBackend>(
        area: &DrawingArea<DB, Shift>,
        (plot, x): (Rect, Span),
        mut all: Vec<Label>,
        mut labels: Vec<Label>,
        obstacles: Obstacles,
        look: Look<'_>,
    ) -> DrawResult<DB> {
        all.append(&mut labels);
        let labels = draw_labels(area, all, &obstacles, look)?;
        Ok(Self {
            plot,
            x,
            labels,
            obstacles,
        })
    }
}

/// Places the labels (see [`place::place`]) and draws those that found a spot, with
/// a leader line to their point where they had to move away from it.
pub(super) fn draw_labels<DB: DrawingBackend>(
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
pub(super) fn dot<DB: DrawingBackend>(
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

/// A hollow point: the pinned scenario's, or one of a setup that does not fit in
/// memory (where its step would sit).
pub(super) fn ring<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (f64, f64),
    colour: RGBColor,
    obstacles: &mut Obstacles,
    look: Look<'_>,
) -> Drawn<DB> {
    let r = look.px(5.0);
    area.draw(&Circle::new(ipx(at), r.round() as i32, look.p.background.filled()))?;
    area.draw(&Circle::new(ipx(at), r.round() as i32, look.stroke(colour, 2.0)))?;
    obstacles.marks.push(Rect::around(at, r + look.px(1.0)));
    Ok(())
}

/// A solid line through pixel points, added to the obstacles.
pub(super) fn line<DB: DrawingBackend>(
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
pub(super) fn dashed<DB: DrawingBackend>(
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
pub(super) fn region<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    r: Rect,
    colour: RGBColor,
    alpha: f64,
) -> Drawn<DB> {
    if r.width() > 0.0 {
        area.draw(&Rectangle::new(
            [ipx((r.left, r.top)), ipx((r.right, r.bottom))],
            colour.mix(alpha).filled(),
        ))?;
    }
    Ok(())
}

pub(super) const POINT_SIDES: &[Side] = &[Side::BelowRight, Side::Right, Side::Below, Side::AboveLeft, Side::Left];
pub(super) const ROOF_POINT_SIDES: &[Side] = &[
    Side::Above,
    Side::AboveRight,
    Side::AboveLeft,
    Side::Below,
    Side::BelowRight,
];
pub(super) const PINNED_SIDES: &[Side] = &[Side::Left, Side::AboveLeft, Side::BelowLeft, Side::Above];

/// A range of an axis.
pub type Span = std::ops::Range<f64>;
