//! Where the pre-renderer puts the static charts into a rendered page. Native only:
//! the pre-renderer uses it, the browser never does. The edits of trunk's shell
//! itself are `vocab::shell`.
use vocab::names;

/// Where the static chart `key` (`c0-roofline`) goes in a rendered page: right after
/// the start tag of the box the app writes for it, a `<div>` with the class
/// `chart-static` and `data-static="{key}"` (in the order the renderer writes them).
/// Only inside such a tag does the attribute count: the prose may hold the text
/// `data-static="c0-roofline"` (quotes are not escaped in text), but no `<` of its
/// own, and the sanitiser keeps neither the class nor the attribute on an author's
/// element.
pub fn chart_box(html: &str, key: &str) -> Result<usize, String> {
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
