//! The static charts of an entry (SVG, drawn by the app's own chart code), put into
//! the boxes the app's views write for them, so that a page shows its charts before
//! the app and without scripts.
use glossary::components::calculator::charts::{svg::static_svg, ChartData};
use glossary::data::EntryData;
use vocab::names;

/// `html`, an entry's rendered page, with the static charts of its calculators in
/// their boxes.
pub fn add(mut html: String, entry: &EntryData) -> Result<String, String> {
    let lang = entry.lang;
    for (i, calc) in entry.body.calculators.iter().enumerate() {
        let report = calc
            .scenario
            .report()
            .map_err(|e| format!("{}: {e}", entry.summary.slug))?;
        for chart in &calc.charts {
            let at = chart_box(&html, &names::chart_key(i, chart.id()))?;
            let svg = static_svg(&ChartData::new(*chart, &calc.scenario, &report), lang)?;
            html.insert_str(at, &svg);
        }
    }
    Ok(html)
}

/// Where the static chart `key` (`c0-roofline`) goes in a rendered page: right after
/// the start tag of the box the app writes for it, a `<div>` with the class
/// `chart-static` and `data-static="{key}"` (in the order the renderer writes them).
/// Only inside such a tag does the attribute count: the prose may hold the text
/// `data-static="c0-roofline"` (quotes are not escaped in text), but no `<` of its
/// own, and the sanitiser keeps neither the class nor the attribute on an author's
/// element.
fn chart_box(html: &str, key: &str) -> Result<usize, String> {
    let attribute = format!("{}=\"{key}\"", names::STATIC_CHART_ATTR);
    let class = format!("class=\"{}\"", names::STATIC_CHART);
    html.match_indices(&attribute)
        .find_map(|(at, _)| {
            let open = html[..at].rfind('<')?;
            let end = at + html[at..].find('>')?;
            let tag = &html[open..end];
            let inside = !html[open..at].contains('>');
            (inside && tag.starts_with("<div ") && tag.contains(&class)).then_some(end + 1)
        })
        .ok_or_else(|| format!("no box for the chart {key}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prose that quotes the marker does not move the chart.
    #[test]
    fn a_chart_goes_into_its_box_only() {
        for tag in [
            "<div data-static=\"c0-roofline\" class=\"chart-static\">",
            "<div class=\"chart-static\" data-static=\"c0-roofline\">",
        ] {
            let page = format!(
                "<div class=\"prose\"><p>See <b>data-static=\"c0-roofline\"</b> and \
                 data-static=\"c0-roofline\" class=\"chart-static\"&gt;</p></div>{tag}</div>"
            );
            let at = chart_box(&page, "c0-roofline").unwrap();
            assert_eq!(&page[at..], "</div>", "{page}");
            assert!(chart_box(&page, "c1-roofline").is_err());
        }
    }
}
