//! The calculator's charts. Data comes from crates/roofline; the drawing code is
//! generic over the plotters backend (canvas in the browser, SVG natively), and
//! errors are mapped to text at the boundary.

use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use roofline::{log_steps, Axis, Locale, Output, Quantity, Report, Scenario, Unit};

use crate::components::calculator::state::CalcState;
use crate::data::{Chart, Lang};
use crate::i18n::{texts, Texts};

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

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

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

/// Draws the roofline.
pub fn draw_roofline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    d: &RooflinePlot,
    t: &Texts,
    locale: Locale,
    p: &Palette,
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&p.background)?;
    let font = |size: f64| ("sans-serif", size * scale).into_font().color(&p.text);
    let top = d.roofs.iter().map(|r| r.1).fold(0.0, f64::max);
    let x = log_range((d.decode.0.min(d.ridge) / 4.0).min(0.1), (d.prefill.0.max(d.ridge) * 4.0).max(1e3));
    let y = log_range(x.start * d.bandwidth / 1e12, top * 3.0 / 1e12);
    let mut chart = ChartBuilder::on(area)
        .margin((10.0 * scale) as u32)
        .x_label_area_size((40.0 * scale) as u32)
        .y_label_area_size((56.0 * scale) as u32)
        .build_cartesian_2d(x.clone().log_scale(), y.clone().log_scale())?;
    chart
        .configure_mesh()
        .x_desc(t.axis_intensity)
        .y_desc(t.axis_performance)
        .label_style(font(12.0))
        .axis_desc_style(font(12.0))
        .light_line_style(p.grid.mix(0.5))
        .bold_line_style(p.grid)
        .axis_style(p.text)
        .x_label_formatter(&|v| tick(*v, locale))
        .y_label_formatter(&|v| tick(*v, locale))
        .draw()?;
    let xs: Vec<f64> = (0..=96).map(|i| x.start * (x.end / x.start).powf(f64::from(i) / 96.0)).collect();
    let colours = [p.compute, p.second];
    for (i, (label, roof)) in d.roofs.iter().enumerate() {
        let colour = colours[i % colours.len()];
        let line = xs.iter().map(|&xi| (xi, attained(xi, d.bandwidth, *roof) / 1e12));
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width((2.0 * scale) as u32)))?
            .label(*label)
            .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + (16.0 * scale) as i32, ly)], colour.stroke_width(2)));
    }
    let ridge_y = attained(d.ridge, d.bandwidth, d.roofs[0].1) / 1e12;
    chart.draw_series(std::iter::once(TriangleMarker::new((d.ridge, ridge_y), (6.0 * scale) as i32, p.marker.filled())))?;
    chart.draw_series(std::iter::once(Text::new(format!(" {}", t.ridge_point), (d.ridge, ridge_y), font(12.0))))?;
    for ((ix, perf), label, colour) in [(d.decode, t.decode_point, p.memory), (d.prefill, t.prefill_point, p.compute)] {
        let at = (ix, perf / 1e12);
        chart.draw_series(std::iter::once(Circle::new(at, (5.0 * scale) as i32, colour.filled())))?;
        chart.draw_series(std::iter::once(Text::new(format!("  {label}"), at, font(13.0))))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(p.background.mix(0.85))
        .border_style(p.grid)
        .label_font(font(12.0))
        .draw()?;
    area.present()
}

/// Draws tokens/s against batch size, marking where decode turns compute-bound and
/// where the KV cache no longer fits.
#[allow(clippy::too_many_arguments)]
pub fn draw_batch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &Series,
    critical: Option<f64>,
    full: Option<f64>,
    t: &Texts,
    locale: Locale,
    p: &Palette,
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&p.background)?;
    let font = |size: f64| ("sans-serif", size * scale).into_font().color(&p.text);
    let lo = series.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let hi = series.iter().map(|s| s.2).fold(0.0, f64::max);
    let y = log_range(lo / 2.0, hi * 2.0);
    let mut chart = ChartBuilder::on(area)
        .margin((10.0 * scale) as u32)
        .x_label_area_size((40.0 * scale) as u32)
        .y_label_area_size((56.0 * scale) as u32)
        .build_cartesian_2d((1.0..4096.0f64).log_scale(), y.clone().log_scale())?;
    chart
        .configure_mesh()
        .x_desc(t.axis_batch)
        .y_desc(t.axis_tokens)
        .label_style(font(12.0))
        .axis_desc_style(font(12.0))
        .light_line_style(p.grid.mix(0.5))
        .bold_line_style(p.grid)
        .axis_style(p.text)
        .x_label_formatter(&|v| tick(*v, locale))
        .y_label_formatter(&|v| tick(*v, locale))
        .draw()?;
    for (label, colour, pick) in [
        (t.series_per_request, p.memory, 0usize),
        (t.series_batch, p.second, 1usize),
    ] {
        let line = series.iter().map(move |s| (s.0, if pick == 0 { s.1 } else { s.2 }));
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width((2.0 * scale) as u32)))?
            .label(label)
            .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + (16.0 * scale) as i32, ly)], colour.stroke_width(2)));
    }
    for (at, label, colour) in [(critical, t.turns_compute_bound, p.compute), (full, t.memory_runs_out, p.marker)] {
        if let Some(b) = at.filter(|b| (1.0..=4096.0).contains(b)) {
            chart.draw_series(std::iter::once(PathElement::new(vec![(b, y.start), (b, y.end)], colour.stroke_width((2.0 * scale) as u32))))?;
            chart.draw_series(std::iter::once(Text::new(format!(" {label}"), (b, y.end / 2.0), font(12.0))))?;
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(p.background.mix(0.85))
        .border_style(p.grid)
        .label_font(font(12.0))
        .draw()?;
    area.present()
}

/// Draws the requests that fit against context length, marking the current one.
#[allow(clippy::too_many_arguments)]
pub fn draw_capacity<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &Series,
    current: (f64, f64),
    t: &Texts,
    locale: Locale,
    p: &Palette,
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&p.background)?;
    let font = |size: f64| ("sans-serif", size * scale).into_font().color(&p.text);
    let x_lo = series.first().map_or(256.0, |s| s.0);
    let x_hi = series.last().map_or(1e6, |s| s.0);
    let hi = series.iter().map(|s| s.1).fold(1.0, f64::max);
    let mut chart = ChartBuilder::on(area)
        .margin((10.0 * scale) as u32)
        .x_label_area_size((40.0 * scale) as u32)
        .y_label_area_size((56.0 * scale) as u32)
        .build_cartesian_2d((x_lo..x_hi).log_scale(), log_range(0.5, hi * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .x_desc(t.axis_context)
        .y_desc(t.axis_requests)
        .label_style(font(12.0))
        .axis_desc_style(font(12.0))
        .light_line_style(p.grid.mix(0.5))
        .bold_line_style(p.grid)
        .axis_style(p.text)
        .x_label_formatter(&|v| tick(*v, locale))
        .y_label_formatter(&|v| tick(*v, locale))
        .draw()?;
    let line = series.iter().filter(|s| s.1 >= 1.0).map(|s| (s.0, s.1));
    chart.draw_series(LineSeries::new(line, p.memory.stroke_width((2.0 * scale) as u32)))?;
    if current.1 >= 1.0 {
        chart.draw_series(std::iter::once(Circle::new(current, (5.0 * scale) as i32, p.compute.filled())))?;
    }
    area.present()
}

fn palette() -> Palette {
    let dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    if dark { DARK } else { LIGHT }
}

/// Sizes the canvas for the screen's pixel density and draws one chart on it.
fn paint(canvas: &web_sys::HtmlCanvasElement, chart: Chart, s: &Scenario, r: &Report, lang: Lang) -> Result<(), String> {
    use plotters_canvas::CanvasBackend;
    let scale = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).clamp(1.0, 4.0);
    let width = f64::from(canvas.client_width().max(240));
    let height = f64::from(canvas.client_height().max(160));
    canvas.set_width((width * scale) as u32);
    canvas.set_height((height * scale) as u32);
    let backend = CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2D context")?;
    let area = backend.into_drawing_area();
    let (t, locale, p) = (texts(lang), lang.locale(), palette());
    match chart {
        Chart::Roofline => draw_roofline(&area, &roofline_plot(s, r), t, locale, &p, scale),
        Chart::Batch => {
            let full = (r.capacity.max_requests >= 1.0).then_some(r.capacity.max_requests);
            draw_batch(&area, &batch_series(s), r.critical_batch.map(f64::from), full, t, locale, &p, scale)
        }
        Chart::Capacity => draw_capacity(&area, &capacity_series(s), (r.context, r.capacity.max_requests), t, locale, &p, scale),
    }
    .map_err(|e| e.to_string())
}

/// Rows of the text alternative: a few points of the plotted data, formatted by the
/// core.
fn table_rows(chart: Chart, s: &Scenario, r: &Report, lang: Lang) -> Vec<[String; 3]> {
    let locale = lang.locale();
    let label = |o: Output| (texts(lang).output_label)(o).to_string();
    let q = |v: f64, unit: Unit| Quantity::new(v, unit).format(locale);
    match chart {
        Chart::Roofline => {
            let d = roofline_plot(s, r);
            vec![
                [label(Output::DecodeIntensity), q(d.decode.0, Unit::Intensity), q(d.decode.1, Unit::FlopRate)],
                [label(Output::PrefillIntensity), q(d.prefill.0, Unit::Intensity), q(d.prefill.1, Unit::FlopRate)],
                [label(Output::Ridge), q(d.ridge, Unit::Intensity), q(d.ridge * d.bandwidth, Unit::FlopRate)],
            ]
        }
        Chart::Batch => batch_series(s)
            .into_iter()
            .filter(|p| (p.0 as u32).is_power_of_two())
            .map(|p| [q(p.0, Unit::Count), q(p.1, Unit::TokenRate), q(p.2, Unit::TokenRate)])
            .collect(),
        Chart::Capacity => capacity_series(s)
            .into_iter()
            .step_by(6)
            .map(|p| [q(p.0, Unit::Count), q(p.1, Unit::Count), String::new()])
            .collect(),
    }
}

/// A chart with its caption and a table of its points.
#[component]
pub fn ChartFigure(state: CalcState, lang: Lang, chart: Chart) -> impl IntoView {
    let t = texts(lang);
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let resized = RwSignal::new(0u32);
    let failed = RwSignal::new(None::<String>);
    let handle = window_event_listener(leptos::ev::resize, move |_| resized.update(|n| *n += 1));
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        resized.track();
        let (s, r) = state.valid.get();
        if let Some(c) = canvas.get() {
            failed.set(paint(&c, chart, &s, &r, lang).err());
        }
    });
    let (title, caption, heads): (&str, &str, [&str; 3]) = match chart {
        Chart::Roofline => (t.chart_roofline, t.chart_roofline_caption, ["", t.axis_intensity, t.axis_performance]),
        Chart::Batch => (t.chart_batch, t.chart_batch_caption, [t.axis_batch, t.series_per_request, t.series_batch]),
        Chart::Capacity => (t.chart_capacity, t.chart_capacity_caption, [t.axis_context, t.axis_requests, ""]),
    };
    let rows = move || {
        let (s, r) = state.valid.get();
        table_rows(chart, &s, &r, lang)
            .into_iter()
            .map(|row| view! { <tr><th scope="row">{row[0].clone()}</th><td>{row[1].clone()}</td><td>{row[2].clone()}</td></tr> })
            .collect_view()
    };
    view! {
        <figure class="chart" data-chart=format!("{chart:?}").to_lowercase()>
            <canvas node_ref=canvas role="img" aria-label=caption></canvas>
            <figcaption>
                <strong>{title}</strong>" "{caption}
                {move || failed.get().map(|e| view! { <span class="chart-error">{e}</span> })}
            </figcaption>
            <details class="chart-table">
                <summary>{t.chart_table}</summary>
                <table>
                    <thead><tr><th scope="col">{heads[0]}</th><th scope="col">{heads[1]}</th><th scope="col">{heads[2]}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </figure>
    }
}
