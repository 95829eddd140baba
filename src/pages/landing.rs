//! The top of a language's index page: what the glossary explains and for whom, a
//! small picture of the roofline with its two regimes, and the reading path.

use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;

use crate::data::{Index, Lang};
use crate::urls;

/// The picture's frame (SVG user units): the plot's corners and the ridge.
const LEFT: f64 = 44.0;
const RIGHT: f64 = 336.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 162.0;
const RIDGE_X: f64 = 196.0;
/// Where the slope starts, at the plot's left edge.
const SLOPE_Y: f64 = 150.0;

fn n(v: f64) -> String {
    format!("{v:.0}")
}

/// A schematic roofline: no figures (those belong to a scenario, in the entries),
/// only its shape, its two regions and where decode and prefill sit. Colours come
/// from the page's styles, so the picture follows the colour scheme.
fn picture(lang: Lang, caption_id: &str) -> Html {
    let t = texts(lang);
    // A point on the slope at x.
    let slope_y = |x: f64| SLOPE_Y - (SLOPE_Y - TOP) * (x - LEFT) / (RIDGE_X - LEFT);
    let (decode_x, prefill_x) = (62.0, 300.0);
    let region = |class: &str, x0: f64, x1: f64, h: &mut Html| {
        let (x0, x1, y0, y1) = (n(x0), n(x1), n(TOP - 14.0), n(BOTTOM));
        let points = format!("{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}");
        h.void("polygon", &[("class", Some(class)), ("points", Some(&points))]);
        h.end("polygon");
    };
    let text = |h: &mut Html, class: &str, x: f64, y: f64, anchor: &str, words: &str| {
        let (x, y) = (n(x), n(y));
        let attrs = [
            ("class", Some(class)),
            ("x", Some(x.as_str())),
            ("y", Some(y.as_str())),
            ("text-anchor", Some(anchor)),
        ];
        h.el_text("text", &attrs, words);
    };
    // A text centred on (x, y) and turned by `angle` degrees about it: along a line
    // or an axis.
    let along = |h: &mut Html, class: &str, x: f64, y: f64, angle: f64, words: &str| {
        let (x, y) = (n(x), n(y));
        let rotate = format!("rotate({angle:.1} {x} {y})");
        let attrs = [
            ("class", Some(class)),
            ("x", Some(x.as_str())),
            ("y", Some(y.as_str())),
            ("text-anchor", Some("middle")),
            ("transform", Some(rotate.as_str())),
        ];
        h.el_text("text", &attrs, words);
    };
    let dot = |h: &mut Html, class: &str, x: f64, y: f64| {
        let (x, y) = (n(x), n(y));
        let attrs = [
            ("class", Some(class)),
            ("cx", Some(x.as_str())),
            ("cy", Some(y.as_str())),
            ("r", Some("4.5")),
        ];
        h.void("circle", &attrs);
        h.end("circle");
    };
    build(|h| {
        let attrs = [
            ("class", Some("roofline-picture")),
            ("viewBox", Some("0 0 350 190")),
            ("role", Some("img")),
            ("aria-labelledby", Some(caption_id)),
        ];
        h.el("svg", &attrs, |h| {
            region("region memory", LEFT, RIDGE_X, h);
            region("region compute", RIDGE_X, RIGHT, h);
            // The regions' names at their foot, clear of the roof and the points.
            text(
                h,
                "region-name memory",
                (LEFT + RIDGE_X) / 2.0 + 18.0,
                BOTTOM - 5.0,
                "middle",
                t.memory_bound,
            );
            text(
                h,
                "region-name compute",
                (RIDGE_X + RIGHT) / 2.0,
                BOTTOM - 5.0,
                "middle",
                t.compute_bound,
            );
            let axes = format!(
                "{},{} {},{} {},{}",
                n(LEFT),
                n(TOP - 14.0),
                n(LEFT),
                n(BOTTOM),
                n(RIGHT),
                n(BOTTOM)
            );
            h.void("polyline", &[("class", Some("axes")), ("points", Some(&axes))]);
            h.end("polyline");
            let roof = format!(
                "{},{} {},{} {},{}",
                n(LEFT),
                n(SLOPE_Y),
                n(RIDGE_X),
                n(TOP),
                n(RIGHT),
                n(TOP)
            );
            h.void("polyline", &[("class", Some("roof")), ("points", Some(&roof))]);
            h.end("polyline");
            // The slope's label runs along it.
            let angle = ((TOP - SLOPE_Y) / (RIDGE_X - LEFT)).atan().to_degrees();
            let (sx, sy) = (
                (LEFT + RIDGE_X) / 2.0 + 6.0,
                slope_y((LEFT + RIDGE_X) / 2.0 + 6.0) - 6.0,
            );
            along(h, "line-name", sx, sy, angle, t.picture_slope);
            // Each point's name beside it, clear of the lines: the ridge's above the
            // slope, the roof's under it, prefill's above its point.
            text(h, "line-name", RIDGE_X + 10.0, TOP + 18.0, "start", t.picture_roof);
            dot(h, "ridge", RIDGE_X, TOP);
            text(h, "point-name", RIDGE_X - 8.0, TOP - 6.0, "end", t.ridge_point);
            dot(h, "decode", decode_x, slope_y(decode_x));
            text(
                h,
                "point-name",
                decode_x + 10.0,
                slope_y(decode_x) + 4.0,
                "start",
                t.decode_point,
            );
            dot(h, "prefill", prefill_x, TOP);
            text(h, "point-name", prefill_x, TOP - 8.0, "middle", t.prefill_point);
            // The y axis' title along it.
            along(
                h,
                "axis-name",
                LEFT - 10.0,
                (TOP + BOTTOM) / 2.0,
                -90.0,
                t.picture_performance,
            );
            text(
                h,
                "axis-name",
                (LEFT + RIGHT) / 2.0,
                BOTTOM + 20.0,
                "middle",
                t.axis_intensity,
            );
        });
    })
}

/// The landing part of the index page: the glossary in two sentences, the
/// reading path (its entries with their definitions), and the picture (beside them
/// on a wide screen, after them on a phone).
pub fn landing_html(lang: Lang, index: &Index) -> Html {
    let t = texts(lang);
    build(|h| {
        h.el_text("p", &[("class", Some("lead"))], t.landing_lead);
        h.el_text("p", &[("class", Some("for-whom"))], t.landing_detail);
        // The owner's status, once for the site, under the introduction: badges mark only the exceptions.
        let usual_drafts = index
            .entries
            .iter()
            .filter(|e| e.summary.draft && !e.summary.marked)
            .count();
        if usual_drafts > 0 {
            let all = usual_drafts == index.entries.len();
            h.el_text(
                "p",
                &[("class", Some("site-status"))],
                if all { t.all_drafts } else { t.most_drafts },
            );
        }
        let path: Vec<_> = index
            .reading_path
            .iter()
            .filter_map(|p| index.entries.get(usize::try_from(*p).ok()?))
            .collect();
        if !path.is_empty() {
            reading_path(h, lang, &path);
        }
        // Where the data names the entry that explains the picture, the caption links
        // to it (after the words that name the picture).
        let explained = index.picture.and_then(|p| index.entries.get(usize::try_from(p).ok()?));
        h.el("figure", &[("class", Some("landing-figure"))], |h| {
            h.append(&picture(lang, names::PICTURE_CAPTION));
            h.el("figcaption", &[], |h| {
                h.el_text("span", &[("id", Some(names::PICTURE_CAPTION))], t.landing_picture);
                if let Some(e) = explained {
                    h.text(" ");
                    h.el("span", &[("class", Some("picture-more"))], |h| {
                        h.text(t.picture_more);
                        h.text(" ");
                        let href = urls::entry(lang, &e.summary.slug);
                        h.el_text(
                            "a",
                            &[("class", Some("picture-link")), ("href", Some(&href))],
                            &e.summary.term,
                        );
                    });
                }
            });
        });
    })
}

/// The reading path: the entries a newcomer reads first, in order.
fn reading_path(h: &mut Html, lang: Lang, path: &[&crate::data::IndexEntry]) {
    let t = texts(lang);
    h.el(
        "nav",
        &[
            ("class", Some("reading-path")),
            ("aria-labelledby", Some(names::PATH_HEADING)),
        ],
        |h| {
            h.el_text("h2", &[("id", Some(names::PATH_HEADING))], t.reading_path);
            h.el("ol", &[], |h| {
                for e in path {
                    let e = &e.summary;
                    h.el("li", &[], |h| {
                        let href = urls::entry(lang, &e.slug);
                        h.el_text("a", &[("class", Some("term")), ("href", Some(&href))], &e.term);
                        h.el_text("p", &[("class", Some("short"))], &e.short);
                    });
                }
            });
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data;

    #[test]
    fn the_landing_names_both_regimes_and_lists_the_reading_path_in_order() {
        for lang in Lang::ALL {
            let index = data::index(lang).expect("index");
            let html = landing_html(lang, index).into_string();
            let t = texts(lang);
            assert!(
                html.contains(t.memory_bound) && html.contains(t.compute_bound),
                "{html}"
            );
            assert!(!index.reading_path.is_empty());
            let mut at = 0;
            for p in &index.reading_path {
                let slug = &index.entries[*p as usize].summary.slug;
                let href = format!("href=\"{}\"", urls::entry(lang, slug));
                let found = html[at..].find(&href).map(|i| i + at);
                assert!(found.is_some(), "{slug} missing or out of order");
                at = found.unwrap_or(at);
            }
        }
    }

    #[test]
    fn the_picture_links_to_the_entry_that_explains_it() {
        for lang in Lang::ALL {
            let index = data::index(lang).expect("index");
            let explained = &index.entries[index.picture.expect("the landing names a concept") as usize].summary;
            let html = landing_html(lang, index).into_string();
            let link = format!(
                "<a class=\"picture-link\" href=\"{}\">{}</a>",
                urls::entry(lang, &explained.slug),
                explained.term
            );
            assert!(html.contains(&link), "{link} in {html}");
        }
    }
}
