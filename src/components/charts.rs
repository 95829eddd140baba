//! The calculator's charts. Data comes from crates/roofline; the drawing code is
//! generic over the plotters backend (canvas in the browser, SVG natively), and
//! errors are mapped to text at the boundary.

use leptos::prelude::*;
use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use roofline::{log_steps, Axis, Locale, Output, Quantity, Report, Scenario, Unit};

use crate::components::calculator::state::CalcState;
use crate::components::canvas::MeasuringCanvas;
use crate::data::{Chart, Lang};
use vocab::i18n::{texts, Texts};

/// Colours of one theme.
#[derive(Clone, Copy)]
pub struct Palette {
    background: RGBColor,
    text: RGBColor,
    grid: RGBColor,
    memory: RGBColor,
    compute: RGBColor,
    second: RGBColor,
    marker: RGBColor,
}

/// Light theme colours (contrast ≥ 4.5:1 on the background for text).
pub const LIGHT: Palette = Palette {
    background: RGBColor(255, 255, 255),
    text: RGBColor(33, 37, 41),
    grid: RGBColor(222, 226, 230),
    memory: RGBColor(0, 94, 184),
    compute: RGBColor(183, 61, 0),
    second: RGBColor(0, 122, 77),
    marker: RGBColor(110, 50, 160),
};

/// Dark theme colours.
pub const DARK: Palette = Palette {
    background: RGBColor(24, 26, 31),
    text: RGBColor(230, 232, 235),
    grid: RGBColor(60, 64, 72),
    memory: RGBColor(110, 180, 255),
    compute: RGBColor(255, 150, 90),
    second: RGBColor(90, 210, 150),
    marker: RGBColor(200, 160, 255),
};

/// What the roofline chart plots.
#[derive(Clone, Debug, PartialEq)]
pub struct RooflinePlot {
    bandwidth: f64,
    roofs: Vec<(&'static str, f64)>,
    decode: (f64, f64),
    prefill: (f64, f64),
    ridge: f64,
}

fn attained(intensity: f64, bandwidth: f64, peak: f64) -> f64 {
    (intensity * bandwidth).min(peak)
}

/// The roofline of a scenario: a roof per precision the device has.
pub fn roofline_plot(s: &Scenario, r: &Report) -> RooflinePlot {
    let devices = f64::from(s.workload.devices);
    let p = &s.hardware.peaks;
    let mut roofs = vec![("FP16", p.fp16.0 * devices)];
    if let Some(fp8) = p.fp8 {
        roofs.push(("FP8", fp8.0 * devices));
    }
    let bw = r.bandwidth.0;
    RooflinePlot {
        bandwidth: bw,
        roofs,
        decode: (r.decode.intensity.0, attained(r.decode.intensity.0, bw, r.peak.0)),
        prefill: (r.prefill.intensity.0, attained(r.prefill.intensity.0, bw, r.peak.0)),
        ridge: r.ridge.0,
    }
}

/// Points of a sweep: (x, y1, y2).
pub type Series = Vec<(f64, f64, f64)>;

/// Tokens/s per request and for the batch over batch sizes 1 to 4,096.
pub fn batch_series(s: &Scenario) -> Series {
    s.sweep(Axis::Batch, log_steps(1, 4096, 48))
        .filter_map(|(b, r)| r.ok().map(|r| (f64::from(b), r.tokens_per_s.0, r.batch_tokens_per_s.0)))
        .collect()
}

/// Requests that fit over context lengths from 256 tokens to the model's reach.
pub fn capacity_series(s: &Scenario) -> Series {
    let top = s.workload.context.saturating_mul(8).clamp(8192, 1 << 21);
    s.sweep(Axis::Context, log_steps(256, top, 48))
        .filter_map(|(c, r)| r.ok().map(|r| (f64::from(c), r.capacity.max_requests, 0.0)))
        .collect()
}

/// The data of one chart, computed once per change and shared by the canvas and the
/// table.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartData {
    /// The roofline.
    Roofline(RooflinePlot),
    /// Tokens/s over batch sizes, with the compute-bound and memory-full marks.
    Batch {
        series: Series,
        critical: Option<f64>,
        full: Option<f64>,
    },
    /// Requests that fit over context lengths, with the current point.
    Capacity { series: Series, current: (f64, f64) },
}

impl ChartData {
    /// The data of `chart` for a scenario and its report.
    pub fn new(chart: Chart, s: &Scenario, r: &Report) -> ChartData {
        match chart {
            Chart::Roofline => ChartData::Roofline(roofline_plot(s, r)),
            Chart::Batch => ChartData::Batch {
                series: batch_series(s),
                critical: r.critical_batch.map(f64::from),
                full: (r.capacity.max_requests >= 1.0).then_some(r.capacity.max_requests),
            },
            Chart::Capacity => ChartData::Capacity {
                series: capacity_series(s),
                current: (r.context, r.capacity.max_requests),
            },
        }
    }

    /// Draws the chart on any plotters backend, with the pinned scenario's series
    /// (dashed) where there is one.
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
        match (self, pinned) {
            (ChartData::Roofline(d), a) => {
                let a = match a {
                    Some(ChartData::Roofline(a)) => Some(a),
                    _ => None,
                };
                draw_roofline(area, d, a, look)
            }
            (ChartData::Batch { series, critical, full }, a) => {
                let a = match a {
                    Some(ChartData::Batch { series, .. }) => Some(series),
                    _ => None,
                };
                draw_batch(area, series, a, (*critical, *full), look)
            }
            (ChartData::Capacity { series, current }, a) => {
                let a = match a {
                    Some(ChartData::Capacity { series, .. }) => Some(series),
                    _ => None,
                };
                draw_capacity(area, series, a, *current, look)
            }
        }
    }
}

/// How a chart is drawn: its texts, number format, colours and pixel scale.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    t: &'a Texts,
    locale: Locale,
    p: &'a Palette,
    scale: f64,
}

impl Look<'_> {
    fn font(&self, size: f64) -> TextStyle<'static> {
        (FontFamily::SansSerif, size * self.scale)
            .into_font()
            .color(&self.p.text)
    }
}

/// The pinned scenario's series: a dashed line in the marker colour.
fn pinned_line<I>(points: I, look: Look<'_>) -> DashedLineSeries<I::IntoIter, u32>
where
    I: IntoIterator<Item = (f64, f64)>,
    I::IntoIter: Clone,
{
    let scale = look.scale;
    let (dash, gap) = ((6.0 * scale) as u32, (4.0 * scale) as u32);
    DashedLineSeries::new(points, dash, gap, look.p.marker.stroke_width((2.0 * scale) as u32))
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A one-line legend above the plot. plotters' own legend measures its text through
/// the page layout; this one asks the backend.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[(&str, RGBColor)],
    look: Look<'_>,
) -> DrawResult<DB> {
    let scale = look.scale;
    let style = look.font(12.0).pos(Pos::new(HPos::Left, VPos::Center));
    let (mut x, y) = ((66.0 * scale) as i32, (13.0 * scale) as i32);
    let (segment, gap) = ((16.0 * scale) as i32, (6.0 * scale) as i32);
    for (label, colour) in items {
        area.draw(&PathElement::new(
            vec![(x, y), (x + segment, y)],
            colour.stroke_width((2.0 * scale) as u32),
        ))?;
        area.draw(&Text::new(label.to_string(), (x + segment + gap, y), style.clone()))?;
        let (width, _) = area.estimate_text_size(label, &style)?;
        x += segment + 2 * gap + width as i32 + gap;
    }
    Ok(())
}

fn log_range(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = 10f64.powf(lo.max(1e-12).log10().floor());
    let hi = 10f64.powf(hi.max(lo * 10.0).log10().ceil());
    lo..hi
}

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

/// A log-log chart with its grid, ticks and axis titles drawn.
fn log_log<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    (x_title, y_title): (&str, &str),
    look: Look<'_>,
) -> Result<LogLog<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let Look { locale, p, scale, .. } = look;
    let font = |size: f64| look.font(size);
    let mut chart = ChartBuilder::on(area)
        .margin((10.0 * scale) as u32)
        .margin_top((28.0 * scale) as u32)
        .x_label_area_size((40.0 * scale) as u32)
        .y_label_area_size((56.0 * scale) as u32)
        .build_cartesian_2d(LogAxis::new(x, locale), LogAxis::new(y, locale))?;
    chart
        .configure_mesh()
        .x_desc(x_title)
        .y_desc(y_title)
        .label_style(font(12.0))
        .axis_desc_style(font(12.0))
        .light_line_style(TRANSPARENT)
        .bold_line_style(p.grid)
        .axis_style(p.text)
        .draw()?;
    Ok(chart)
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

/// Draws the roofline.
pub fn draw_roofline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    d: &RooflinePlot,
    pinned: Option<&RooflinePlot>,
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, scale, .. } = look;
    area.fill(&p.background)?;
    let font = |size: f64| look.font(size);
    let both = || std::iter::once(d).chain(pinned);
    let top = both().flat_map(|d| d.roofs.iter().map(|r| r.1)).fold(0.0, f64::max);
    let low = both().map(|d| d.decode.0.min(d.ridge)).fold(f64::INFINITY, f64::min);
    let high = both().map(|d| d.prefill.0.max(d.ridge)).fold(0.0, f64::max);
    let slowest = both().map(|d| d.bandwidth).fold(f64::INFINITY, f64::min);
    let x = log_range((low / 4.0).min(0.1), (high * 4.0).max(1e3));
    let y = log_range(x.start * slowest / 1e12, top * 3.0 / 1e12);
    let mut chart = log_log(area, x.clone(), y.clone(), (t.axis_intensity, t.axis_performance), look)?;
    let xs: Vec<f64> = (0..=96)
        .map(|i| x.start * (x.end / x.start).powf(f64::from(i) / 96.0))
        .collect();
    let colours = [p.compute, p.second];
    let mut items: Vec<(&str, RGBColor)> = d
        .roofs
        .iter()
        .enumerate()
        .map(|(i, (label, _))| (*label, colours[i % colours.len()]))
        .collect();
    if let Some(a) = pinned {
        items.push((t.series_pinned, p.marker));
        // A's FP16 roof, dashed, and its decode point.
        let roof = a.roofs[0].1;
        let line = xs.iter().map(|&xi| (xi, attained(xi, a.bandwidth, roof) / 1e12));
        chart.draw_series(pinned_line(line, look))?;
        let at = (a.decode.0, a.decode.1 / 1e12);
        chart.draw_series(std::iter::once(Circle::new(
            at,
            (5.0 * scale) as i32,
            p.marker.stroke_width(2),
        )))?;
        chart.draw_series(std::iter::once(Text::new("  A".to_string(), at, font(13.0))))?;
    }
    legend(area, &items, look)?;
    for (i, (_, roof)) in d.roofs.iter().enumerate() {
        let colour = colours[i % colours.len()];
        let line = xs.iter().map(|&xi| (xi, attained(xi, d.bandwidth, *roof) / 1e12));
        chart.draw_series(LineSeries::new(line, colour.stroke_width((2.0 * scale) as u32)))?;
    }
    let ridge_y = attained(d.ridge, d.bandwidth, d.roofs[0].1) / 1e12;
    chart.draw_series(std::iter::once(
        EmptyElement::at((d.ridge, ridge_y)) + Polygon::new(triangle(6.0 * scale), p.marker.filled()),
    ))?;
    chart.draw_series(std::iter::once(Text::new(
        format!(" {}", t.ridge_point),
        (d.ridge, ridge_y),
        font(12.0),
    )))?;
    for ((ix, perf), label, colour) in [
        (d.decode, t.decode_point, p.memory),
        (d.prefill, t.prefill_point, p.compute),
    ] {
        let at = (ix, perf / 1e12);
        chart.draw_series(std::iter::once(Circle::new(at, (5.0 * scale) as i32, colour.filled())))?;
        chart.draw_series(std::iter::once(Text::new(format!("  {label}"), at, font(13.0))))?;
    }
    area.present()
}

/// Draws tokens/s against batch size, marking where decode turns compute-bound and
/// where the KV cache no longer fits.
/// The pinned scenario's whole-batch series is drawn dashed beside it.
pub fn draw_batch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &Series,
    pinned: Option<&Series>,
    (critical, full): (Option<f64>, Option<f64>),
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, scale, .. } = look;
    area.fill(&p.background)?;
    let font = |size: f64| look.font(size);
    let all = || series.iter().chain(pinned.into_iter().flatten());
    let lo = all().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let hi = all().map(|s| s.2).fold(0.0, f64::max);
    let y = log_range(lo / 2.0, hi * 2.0);
    let mut chart = log_log(area, 1.0..4096.0f64, y.clone(), (t.axis_batch, t.axis_tokens), look)?;
    let mut items = vec![(t.series_per_request, p.memory), (t.series_batch, p.second)];
    if let Some(a) = pinned {
        items.push((t.series_pinned, p.marker));
        let line = a.iter().map(|s| (s.0, s.2));
        chart.draw_series(pinned_line(line, look))?;
    }
    legend(area, &items, look)?;
    for (colour, pick) in [(p.memory, 0usize), (p.second, 1usize)] {
        let line = series.iter().map(move |s| (s.0, if pick == 0 { s.1 } else { s.2 }));
        chart.draw_series(LineSeries::new(line, colour.stroke_width((2.0 * scale) as u32)))?;
    }
    for (at, label, colour) in [
        (critical, t.turns_compute_bound, p.compute),
        (full, t.memory_runs_out, p.marker),
    ] {
        if let Some(b) = at.filter(|b| (1.0..=4096.0).contains(b)) {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(b, y.start), (b, y.end)],
                colour.stroke_width((2.0 * scale) as u32),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                format!(" {label}"),
                (b, y.end / 2.0),
                font(12.0),
            )))?;
        }
    }
    area.present()
}

/// Draws the requests that fit against context length, marking the current one.
/// The pinned scenario's series is drawn dashed beside it.
pub fn draw_capacity<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &Series,
    pinned: Option<&Series>,
    current: (f64, f64),
    look: Look<'_>,
) -> DrawResult<DB> {
    let Look { t, p, scale, .. } = look;
    area.fill(&p.background)?;
    let x_lo = series.first().map_or(256.0, |s| s.0);
    let x_hi = series.last().map_or(1e6, |s| s.0);
    let hi = series
        .iter()
        .chain(pinned.into_iter().flatten())
        .map(|s| s.1)
        .fold(1.0, f64::max);
    let mut chart = log_log(
        area,
        x_lo..x_hi,
        log_range(0.5, hi * 2.0),
        (t.axis_context, t.axis_requests),
        look,
    )?;
    let line = series.iter().filter(|s| s.1 >= 1.0).map(|s| (s.0, s.1));
    chart.draw_series(LineSeries::new(line, p.memory.stroke_width((2.0 * scale) as u32)))?;
    if let Some(a) = pinned {
        legend(area, &[(t.series_pinned, p.marker)], look)?;
        let line = a
            .iter()
            .filter(|s| s.1 >= 1.0 && (x_lo..=x_hi).contains(&s.0))
            .map(|s| (s.0, s.1));
        chart.draw_series(pinned_line(line, look))?;
    }
    if current.1 >= 1.0 {
        chart.draw_series(std::iter::once(Circle::new(
            current,
            (5.0 * scale) as i32,
            p.compute.filled(),
        )))?;
    }
    area.present()
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

/// Draws one chart on a canvas.
fn paint(canvas: &web_sys::HtmlCanvasElement, data: &Pair, lang: Lang) -> Result<(), String> {
    let backend = MeasuringCanvas::new(canvas.clone()).ok_or("no 2D context")?;
    data.0
        .draw(
            &backend.into_drawing_area(),
            lang,
            &palette(),
            pixel_ratio(),
            data.1.as_ref(),
        )
        .map_err(|e| e.to_string())
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
                q(d.ridge * d.bandwidth, Unit::FlopRate),
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
                failed.set(result.err());
            }
        });
    });
    (painted, failed)
}

/// A chart's title, caption and the heads of its table's three columns.
fn labels(chart: Chart, t: &'static Texts) -> (&'static str, &'static str, [&'static str; 3]) {
    match chart {
        Chart::Roofline => (
            t.chart_roofline,
            t.chart_roofline_caption,
            ["", t.axis_intensity, t.axis_performance],
        ),
        Chart::Batch => (
            t.chart_batch,
            t.chart_batch_caption,
            [t.axis_batch, t.series_per_request, t.series_batch],
        ),
        Chart::Capacity => (
            t.chart_capacity,
            t.chart_capacity_caption,
            [t.axis_context, t.axis_requests, ""],
        ),
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
    let (painted, failed) = repaint(canvas, data, lang);
    let (title, caption, heads) = labels(chart, t);
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
                <canvas node_ref=canvas role="img" aria-label=caption></canvas>
                <div class="chart-static" data-static=key></div>
            </div>
            <figcaption>
                <strong>{title}</strong>" "{caption}
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
