//! The charts' data, axes, labels and drawings, natively (SVG).
use super::svg::{static_svg, STATIC_SIZE};
use super::*;
use crate::data::presets;
use roofline::{DataType, Groups, Locale, Report, Scenario};

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
    let css = include_str!("../../../../style/main.css");
    let dark = format!(":root[{}=\"{}\"]", vocab::names::THEME_ATTR, vocab::names::THEMES[0]);
    for (palette, block) in [(LIGHT, ":root {"), (DARK, dark.as_str())] {
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
    let css_dark = "@media screen and (prefers-color-scheme: dark)";
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
            s.workload.batch = [1, 8, 64, 512, 1024, 4096, 100_000][k % 7];
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
            for size in [STATIC_SIZE, (340, 300), (540, 300), (1100, 300), (240, 160)] {
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
    // At one request, at a batch between, and at one where decode nears the ridge.
    for batch in [1, 64, 512] {
        let mut s = Scenario::example();
        s.workload.batch = batch;
        let r = s.report().unwrap();
        for lang in Lang::ALL {
            for chart in [Chart::Roofline, Chart::Batch, Chart::Capacity] {
                for size in [STATIC_SIZE, (340, 300), (540, 300)] {
                    let (_, frame) = svg::draw_svg(&ChartData::new(chart, &s, &r), lang, size, None).unwrap();
                    let what = format!("{chart:?} {size:?} batch {batch}");
                    assert_eq!(check(&frame, &what, true, &[]).0, 0, "{what}: {:?}", frame.labels);
                    // Each label at least as high as a line of 13 px text.
                    for (text, r) in &frame.labels {
                        assert!(r.bottom - r.top >= 13.0, "{what}: {text:?} {r:?}");
                    }
                }
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
    // A batch that does not fit: its points are hollow, and the caption says why.
    let mut unfit = s;
    unfit.workload.batch = 512;
    let unfit_report = unfit.report().unwrap();
    assert!(!unfit_report.capacity.fits());
    for lang in Lang::ALL {
        let t = texts(lang);
        let caption = ChartData::new(Chart::Roofline, &unfit, &unfit_report).caption(lang);
        assert!(caption.ends_with(t.caption_does_not_fit), "{caption}");
        let fitting = ChartData::new(Chart::Roofline, &s, &r).caption(lang);
        assert!(!fitting.contains(t.caption_does_not_fit), "{fitting}");
    }
    let memory = {
        let c = LIGHT.memory;
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    };
    // The decode points (memory-bound in both): filled in the regime's colour, or
    // only outlined in it.
    let circles = |scenario: &Scenario, report: &Report| {
        let svg = static_svg(&ChartData::new(Chart::Roofline, scenario, report), Lang::En).unwrap();
        let solid = svg.matches(&format!("r=\"5\" fill=\"{memory}\"")).count();
        let hollow = svg
            .matches(&format!("r=\"5\" fill=\"none\" stroke=\"{memory}\""))
            .count();
        (solid, hollow)
    };
    let (solid, hollow) = circles(&s, &r);
    assert_eq!((solid, hollow), (1, 0), "the example's decode point is solid");
    let (solid, hollow) = circles(&unfit, &unfit_report);
    assert_eq!((solid, hollow), (0, 1), "an unfit batch's decode point is hollow");
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
fn the_static_chart_is_phone_sized_with_text_of_thirteen_pixels() {
    let s = Scenario::example();
    let r = s.report().unwrap();
    for chart in [Chart::Roofline, Chart::Batch, Chart::Capacity] {
        let svg = static_svg(&ChartData::new(chart, &s, &r), Lang::En).unwrap();
        assert!(svg.starts_with("<svg viewBox=\"0 0 316 298\""), "{}", &svg[..80]);
        assert!(svg.contains("data-plot=\""));
        for size in svg.split("font-size=\"").skip(1) {
            let size: f64 = size[..size.find('"').unwrap()].parse().unwrap();
            assert!(size >= 13.0, "font-size {size}");
        }
    }
}
