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

mod batch_chart;
mod capacity_chart;
mod data;
mod draw;
mod drawing;
mod place;
mod roofline_chart;
#[cfg(not(target_arch = "wasm32"))]
pub mod svg;

use crate::reactive::prelude::*;

use plotters::prelude::*;
use roofline::{Output, Quantity, Unit};
use wasm_bindgen::JsCast;

use super::state::CalcState;
use crate::bound::{Part, Prop};
use crate::components::canvas::MeasuringCanvas;
use crate::data::{Chart, Lang};
use crate::view::Builder;
pub use place::{Obstacles, Rect};

pub use batch_chart::*;
pub use capacity_chart::*;
pub use data::*;
pub use draw::*;
// Beside plotters' own `Palette`, which the prelude brings.
use draw::Palette;
pub use roofline_chart::*;
use vocab::i18n::{texts, Texts};
use vocab::markup;
use vocab::names;

thread_local! {
    /// Whether the page is being printed (between the window's `beforeprint` and
    /// `afterprint`): the charts are then drawn in the light colours, for paper.
    static PRINTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn palette() -> Palette {
    if !PRINTING.with(std::cell::Cell::get) && crate::components::theme::is_dark() {
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
    c: web_sys::HtmlCanvasElement,
    data: Memo<Pair>,
    lang: Lang,
    placed: StoredValue<Option<Placed>>,
    shown: Shown,
) {
    let Shown { painted, failed } = shown;
    let resized = RwSignal::new(0u32);
    // Printed, a chart is the one drawn here (the reader's scenario; the static
    // picture of the pre-rendered page shows the example), drawn anew for paper.
    crate::listen::on_window(&["resize", "beforeprint", "afterprint"], move |ev| {
        match ev.type_().as_str() {
            "beforeprint" => PRINTING.with(|p| p.set(true)),
            "afterprint" => PRINTING.with(|p| p.set(false)),
            _ => {}
        }
        resized.update(|n| *n += 1)
    });
    let fitted = StoredValue::new(None::<u32>);
    let theme = use_context::<crate::components::theme::ThemeChanged>();
    crate::reactive::effect(move || {
        if let Some(t) = theme {
            t.0.track();
        }
        let generation = resized.get();
        data.with(|d| {
            if fitted.get_value() != Some(generation) {
                fit(&c);
                fitted.set_value(Some(generation));
            }
            let result = paint(&c, d, lang);
            painted.set(result.is_ok());
            placed.set_value(result.as_ref().ok().cloned());
            failed.set(result.err());
        });
    });
}

/// Whether a chart is painted, and why not where it failed.
#[derive(Clone, Copy)]
struct Shown {
    painted: RwSignal<bool>,
    failed: RwSignal<Option<String>>,
}

/// The picture of a chart's scenario as the pre-renderer writes it into its box (an
/// SVG the page shows before the app and without scripts); nothing in the browser,
/// where the app draws the chart on its canvas. A chart that cannot be drawn stops
/// the build with the reason.
fn static_picture(state: CalcState, chart: Chart, lang: Lang) -> markup::Html {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let svg = state
            .valid
            .with_untracked(|(s, r)| svg::static_svg(&ChartData::new(chart, s, r), lang))
            .unwrap_or_else(|e| panic!("the static {} chart cannot be drawn: {e}", chart.id()));
        markup::Html::sanitised(svg, "the charts' own SVG drawing (`svg::static_svg`)")
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (state, chart, lang);
        markup::Html::new()
    }
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
pub fn chart_figure(b: &mut Builder, state: CalcState, lang: Lang, chart: Chart, key: String) {
    let t = texts(lang);
    let data = crate::reactive::memo(move || {
        let b = state.valid.with(|(s, r)| ChartData::new(chart, s, r));
        let a = state
            .pinned_valid
            .with(|a| a.as_ref().map(|(s, r)| ChartData::new(chart, s, r)));
        (b, a)
    });
    let placed = StoredValue::new(None::<Placed>);
    let shown = Shown {
        painted: RwSignal::new(false),
        failed: RwSignal::new(None),
    };
    let Shown { painted, failed } = shown;
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
    let follow_cursor = move |line: web_sys::HtmlElement| {
        crate::reactive::effect(move || {
            let spot = reading
                .get()
                .and_then(|x| placed.with_value(|p| p.as_ref().and_then(|p| p.position_of(x))));
            let style = line.style();
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
    };
    // One listener for every way of reading the chart (one handler costs the bundle
    // far less than one per event type, see `listen`).
    let read_chart = move |c: web_sys::HtmlCanvasElement| {
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
    };
    let caption = crate::reactive::memo(move || data.with(|d| d.0.caption(lang)));
    // The table's rows and the caption as markup, written anew when they change.
    let rows = crate::reactive::memo(move || {
        markup::build(|h| {
            let rows = data.with(|d| table_rows(d, lang));
            // No point to list (nothing fits): the table says why, as the caption does.
            if rows.is_empty() {
                h.el("tr", &[], |h| {
                    h.el_text("td", &[("colspan", Some("3"))], &caption.get());
                });
            }
            for row in rows {
                h.el("tr", &[], |h| {
                    h.el_text("th", &[("scope", Some("row"))], &row[0])
                        .el_text("td", &[], &row[1])
                        .el_text("td", &[], &row[2]);
                });
            }
        })
    });
    let figcaption = crate::reactive::memo(move || {
        markup::build(|h| {
            h.el_text("strong", &[], title).text(" ").text(&caption.get());
            if let Some(e) = failed.get() {
                h.el_text("span", &[("class", Some("chart-error"))], &e);
            }
        })
    });
    let label = move || format!("{title}. {}", caption.get());
    let pinned = move || data.with(|d| d.1.is_some()).to_string();
    let read_id = format!("{key}-read");
    b.parts(vec![
        Part::flag(None, Prop::Class("painted"), move || painted.get()),
        Part::new(None, Prop::Attr("data-pinned"), move || Some(pinned())),
    ])
    .el(
        "figure",
        &[
            ("class", Some("chart")),
            ("data-chart", Some(chart.id())),
            ("data-pinned", Some(&pinned())),
        ],
        |b| {
            // The title and what to notice, above the plot they describe.
            b.parts(vec![Part::new(None, Prop::Markup, move || {
                Some(figcaption.get().into_string())
            })])
            .el_html("figcaption", &[], &figcaption.get_untracked());
            b.el("div", &[("class", Some("chart-box"))], |b| {
                b.hook(move |el| {
                    if let Some(c) = el.dyn_ref::<web_sys::HtmlCanvasElement>() {
                        repaint(c.clone(), data, lang, placed, shown);
                        read_chart(c.clone());
                    }
                })
                .parts(vec![Part::new(None, Prop::Attr("aria-label"), move || Some(label()))])
                .el_text(
                    "canvas",
                    &[
                        ("role", Some("img")),
                        ("tabindex", Some("0")),
                        ("aria-label", Some(&label())),
                        ("aria-describedby", Some(&read_id)),
                    ],
                    "",
                );
                b.hook(move |el| {
                    if let Some(line) = el.dyn_ref::<web_sys::HtmlElement>() {
                        follow_cursor(line.clone());
                    }
                })
                .el_text(
                    "div",
                    &[
                        ("class", Some("chart-cursor")),
                        ("aria-hidden", Some("true")),
                        ("hidden", Some("")),
                    ],
                    "",
                );
                b.el_html(
                    "div",
                    &[
                        ("class", Some(names::STATIC_CHART)),
                        (names::STATIC_CHART_ATTR, Some(&key)),
                    ],
                    &static_picture(state, chart, lang),
                );
            });
            b.parts(vec![Part::new(None, Prop::Text, move || Some(read_out()))])
                .el_text(
                    "p",
                    &[
                        ("class", Some("chart-read")),
                        ("id", Some(&read_id)),
                        ("aria-live", Some("polite")),
                    ],
                    &read_out(),
                );
            b.el("details", &[("class", Some("chart-table"))], |b| {
                b.el_text("summary", &[], t.chart_table).el("table", &[], |b| {
                    b.el("thead", &[], |b| {
                        b.el("tr", &[], |b| {
                            for head in heads {
                                b.el_text("th", &[("scope", Some("col"))], head);
                            }
                        });
                    })
                    .parts(vec![Part::new(None, Prop::Markup, move || {
                        Some(rows.get().into_string())
                    })])
                    .el_html("tbody", &[], &rows.get_untracked());
                });
            });
        },
    );
}

#[cfg(test)]
mod tests;
