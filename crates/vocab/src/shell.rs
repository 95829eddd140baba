//! trunk's built shell (`dist/index.html`) and every edit made to it: xtask puts the
//! Content-Security-Policy into its head, the pre-renderer makes each page from it
//! (language, head, body). Build side only: the browser never edits the shell.
//!
//! Each edit finds its place however the minifier wrote the shell (`<html lang=en>`,
//! a left-out `<head>` start tag, upper-case tag names), and fails with the reason
//! where the shell lacks it, so that a change in trunk's output cannot silently
//! skip an edit.

use crate::Lang;

/// A built shell, or a page made from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shell(String);

impl Shell {
    pub fn new(html: impl Into<String>) -> Shell {
        Shell(html.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// The texts of the `<script>` elements without a `src` attribute, as the
    /// browser hashes them (everything between the start tag and `</script>`).
    pub fn inline_scripts(&self) -> Result<Vec<&str>, String> {
        self.inline_texts("script")
    }

    /// The texts of the `<style>` elements, as the browser hashes them.
    pub fn inline_styles(&self) -> Result<Vec<&str>, String> {
        self.inline_texts("style")
    }

    /// The texts of the `<{tag}>` elements without a `src` attribute.
    fn inline_texts(&self, tag: &str) -> Result<Vec<&str>, String> {
        let (open, close_tag) = (format!("<{tag}"), format!("</{tag}"));
        let mut found = Vec::new();
        let mut rest = self.as_str();
        while let Some(start) = find_tag(rest, &open) {
            let after = &rest[start..];
            let open_end = after.find('>').ok_or(format!("a <{tag}> start tag is not closed"))?;
            let attributes = &after[open.len()..open_end];
            let body_and_rest = &after[open_end + 1..];
            let close = body_and_rest
                .find(&close_tag)
                .ok_or(format!("a <{tag}> element has no </{tag}>"))?;
            if !has_attribute(attributes, "src") {
                found.push(&body_and_rest[..close]);
            }
            rest = &body_and_rest[close..];
        }
        Ok(found)
    }

    /// The shell with its one `<link rel=stylesheet>` replaced by a `<style>` element
    /// holding the stylesheet's text, which `read` gives for the link's address.
    pub fn with_stylesheet_inlined(&self, read: impl FnOnce(&str) -> Result<String, String>) -> Result<Shell, String> {
        let html = self.as_str();
        let mut found = None;
        let mut from = 0;
        while let Some(at) = find_tag(&html[from..], "<link").map(|i| from + i) {
            let end = at + html[at..].find('>').ok_or("a <link> tag is not closed")? + 1;
            let attributes = &html[at + "<link".len()..end - 1];
            if attribute(attributes, "rel").is_some_and(|r| r.eq_ignore_ascii_case("stylesheet")) {
                if found.is_some() {
                    return Err("the shell links two stylesheets".into());
                }
                let href = attribute(attributes, "href").ok_or("the stylesheet's <link> has no href")?;
                found = Some((at..end, href));
            }
            from = end;
        }
        let (span, href) = found.ok_or("the shell links no stylesheet")?;
        let style = inline_element("style", "", &read(&href)?).map_err(|e| format!("{href}: {e}"))?;
        Ok(Shell(format!("{}{style}{}", &html[..span.start], &html[span.end..])))
    }

    /// The shell with `elements` as the first of its `<head>`. A minified shell may
    /// leave out the optional `<head>` start tag: the head then begins right after
    /// `<html …>`.
    pub fn with_head_start(&self, elements: &str) -> Result<Shell, String> {
        let html = self.as_str();
        let start = find_tag(html, "<head")
            .or_else(|| find_tag(html, "<html"))
            .ok_or("the shell has neither <head> nor <html>")?;
        let head_end = start + html[start..].find('>').ok_or("the start tag is not closed")? + 1;
        Ok(Shell(format!("{}{elements}{}", &html[..head_end], &html[head_end..])))
    }

    /// The shell with `elements` as the last of its `<head>`: before `</head>`, or
    /// before `<body>` where the minifier left out the optional end tag.
    pub fn with_head_end(&self, elements: &str) -> Result<Shell, String> {
        let html = self.as_str();
        let at = find_tag(html, "</head")
            .or_else(|| find_tag(html, "<body"))
            .ok_or("the shell has neither </head> nor <body>")?;
        Ok(Shell(format!("{}{elements}{}", &html[..at], &html[at..])))
    }

    /// The shell with its `<html>` start tag replaced by one that names `lang`.
    pub fn with_lang(&self, lang: Lang) -> Result<Shell, String> {
        let html = self.as_str();
        let start = find_tag(html, "<html").ok_or("the shell has no <html> start tag")?;
        let end = start + html[start..].find('>').ok_or("the <html> start tag is not closed")? + 1;
        Ok(Shell(format!(
            "{}<html lang=\"{}\">{}",
            &html[..start],
            lang.code(),
            &html[end..]
        )))
    }

    /// The shell with its `<title>` element replaced by `head`: a page's title and
    /// its other head elements.
    pub fn with_title(&self, head: &str) -> Result<Shell, String> {
        let html = self.as_str();
        let start = find_tag(html, "<title").ok_or("the shell has no <title>")?;
        let end = start + html[start..].find("</title>").ok_or("the shell has no </title>")? + "</title>".len();
        Ok(Shell(format!("{}{head}{}", &html[..start], &html[end..])))
    }

    /// Whether the `<body>` start tag carries the attribute `name` (a script of the
    /// head may name it too).
    pub fn body_has_attribute(&self, name: &str) -> bool {
        let html = self.as_str();
        find_tag(html, "<body").is_some_and(|at| {
            let end = html[at..].find('>').map_or(html.len(), |e| at + e);
            has_attribute(&html[at + "<body".len()..end], name)
        })
    }

    /// The shell with `body` as its body, whose start tag carries the attribute
    /// `attribute` (written without a value).
    pub fn with_body(&self, attribute: &str, body: &str) -> Result<Shell, String> {
        let html = self.as_str();
        let start = find_tag(html, "<body").ok_or("the shell has no <body>")?;
        let end = html.rfind("</body>").ok_or("the shell has no </body>")?;
        if end < start {
            return Err("the shell's </body> comes before <body>".into());
        }
        Ok(Shell(format!(
            "{}<body {attribute}>{body}{}",
            &html[..start],
            &html[end..]
        )))
    }
}

/// What trunk's loader starts: the JS glue and the wasm module, as addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loader {
    pub glue: String,
    pub wasm: String,
}

impl Shell {
    /// The shell without trunk's loader of the app (the inline module script that
    /// imports the glue and starts the wasm at once, and the links that preload
    /// both), with `replacement`, given the addresses it named, in the script's place.
    pub fn with_loader_replaced(
        &self,
        replacement: impl FnOnce(&Loader) -> Result<String, String>,
    ) -> Result<Shell, String> {
        let html = self.as_str();
        let mut loader = None;
        let mut from = 0;
        while let Some(at) = find_tag(&html[from..], "<script").map(|i| from + i) {
            let open_end = at + html[at..].find('>').ok_or("a <script> start tag is not closed")?;
            let close = open_end
                + html[open_end..]
                    .find("</script>")
                    .ok_or("a <script> element has no </script>")?;
            let text = &html[open_end + 1..close];
            if let (Some(glue), Some(wasm)) = (quoted_after(text, "from"), quoted_after(text, "module_or_path:")) {
                if loader.is_some() {
                    return Err("the shell has two loaders of the app".into());
                }
                loader = Some((at..close + "</script>".len(), Loader { glue, wasm }));
            }
            from = close;
        }
        let (span, loader) = loader.ok_or("the shell has no loader of the app (`import init from …`)")?;
        let mut out = format!("{}{}{}", &html[..span.start], replacement(&loader)?, &html[span.end..]);
        for href in [&loader.glue, &loader.wasm] {
            let mut removed = false;
            let mut from = 0;
            while let Some(at) = find_tag(&out[from..], "<link").map(|i| from + i) {
                let end = at + out[at..].find('>').ok_or("a <link> tag is not closed")? + 1;
                if attribute(&out[at + "<link".len()..end - 1], "href").as_deref() == Some(href.as_str()) {
                    out.replace_range(at..end, "");
                    removed = true;
                } else {
                    from = end;
                }
            }
            if !removed {
                return Err(format!("the shell does not preload {href}"));
            }
        }
        Ok(Shell(out))
    }
}

/// The element `<{tag}{attributes}>{text}</{tag}>` for a script or style written into
/// a page, unless `text` holds its end tag, which would end the element early.
pub fn inline_element(tag: &str, attributes: &str, text: &str) -> Result<String, String> {
    if text.to_ascii_lowercase().contains(&format!("</{tag}")) {
        return Err(format!(
            "the text contains `</{tag}`, which would end the element early"
        ));
    }
    Ok(format!("<{tag}{attributes}>{text}</{tag}>"))
}

/// The first quoted text after `word` in a script (`from '/x.js'` → `/x.js`).
fn quoted_after(script: &str, word: &str) -> Option<String> {
    let rest = script[script.find(word)? + word.len()..].trim_start();
    let quote = rest.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    let inner = &rest[1..];
    Some(inner[..inner.find(quote)?].to_string())
}

/// The value of the attribute `name` in an attribute list, quoted or not.
fn attribute(attributes: &str, name: &str) -> Option<String> {
    let lower = attributes.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(name) {
        let at = from + i;
        from = at + name.len();
        let before = lower[..at].chars().next_back();
        if !before.is_some_and(|c| c.is_ascii_whitespace()) {
            continue;
        }
        let rest = attributes[from..].trim_start();
        let Some(value) = rest.strip_prefix('=') else { continue };
        let value = value.trim_start();
        return Some(match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].split(q).next().unwrap_or_default().to_string(),
            _ => value
                .split(|c: char| c.is_ascii_whitespace())
                .next()
                .unwrap_or_default()
                .to_string(),
        });
    }
    None
}

/// Where `tag` (e.g. `<script`) starts as a whole tag name, case-insensitively.
fn find_tag(html: &str, tag: &str) -> Option<usize> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(tag) {
        let at = from + i;
        let next = lower.as_bytes().get(at + tag.len()).copied();
        if matches!(next, Some(b' ' | b'\t' | b'\n' | b'\r' | b'/' | b'>')) {
            return Some(at);
        }
        from = at + tag.len();
    }
    None
}

/// Whether an attribute list (`type=module src="x.js"`) has the attribute `name`.
fn has_attribute(attributes: &str, name: &str) -> bool {
    attributes
        .split(|c: char| c.is_ascii_whitespace())
        .map(|a| a.split('=').next().unwrap_or_default())
        .any(|a| a.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell as trunk writes it with minification on: unquoted attributes, an
    /// inline theme script, an inline module loader and a script with `src`.
    const SHELL: &str = "<!doctype html><html lang=en><head><meta charset=utf-8>\
        <script>try{theme()}catch(e){}</script><title>Glossary</title>\
        <script src=x.js></script>\
        <script type=module>import init from '/x.js';await init()</script></head><body><p>x</p></body></html>";

    #[test]
    fn only_inline_scripts_are_found() {
        assert_eq!(
            Shell::new(SHELL).inline_scripts().unwrap(),
            vec!["try{theme()}catch(e){}", "import init from '/x.js';await init()"]
        );
        let similar = Shell::new("<head><scripted>x</scripted><header></header></head>");
        assert!(similar.inline_scripts().unwrap().is_empty());
    }

    #[test]
    fn the_head_starts_with_what_is_put_there_even_without_a_start_tag() {
        let page = Shell::new(SHELL).with_head_start("<meta x>").unwrap();
        assert!(page.as_str().contains("<head><meta x><meta charset"), "{page:?}");
        let minified = Shell::new(SHELL.replace("<head>", ""))
            .with_head_start("<meta x>")
            .unwrap();
        assert!(minified.as_str().starts_with("<!doctype html><html lang=en><meta x>"));
        assert!(Shell::new("<p>no document</p>").with_head_start("<meta x>").is_err());
    }

    #[test]
    fn the_body_tag_is_read_not_the_scripts_before_it() {
        let shell = Shell::new(SHELL.replace("theme()", "hasAttribute('data-p')"));
        assert!(!shell.body_has_attribute("data-p"));
        let page = shell.with_body("data-p", "<p>x</p>").unwrap();
        assert!(page.body_has_attribute("data-p") && !page.body_has_attribute("data"));
    }

    #[test]
    fn the_head_ends_with_what_is_put_there_even_without_an_end_tag() {
        let page = Shell::new(SHELL).with_head_end("<meta x>").unwrap();
        assert!(
            page.as_str().contains("await init()</script><meta x></head><body>"),
            "{page:?}"
        );
        let minified = Shell::new(SHELL.replace("</head>", ""))
            .with_head_end("<meta x>")
            .unwrap();
        assert!(minified.as_str().contains("</script><meta x><body>"), "{minified:?}");
        assert!(Shell::new("<p>no document</p>").with_head_end("<meta x>").is_err());
    }

    #[test]
    fn the_html_tag_names_the_page_language_however_it_was_written() {
        for shell in [
            "<!doctype html><html lang=en><head>",
            "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>",
        ] {
            let de = Shell::new(shell).with_lang(Lang::De).unwrap().into_string();
            assert!(de.contains("<html lang=\"de\">"), "{de}");
            assert!(!de.contains("lang=en") && !de.contains("lang=\"en\""), "{de}");
        }
        assert!(Shell::new("<!doctype html><htmlx><head>").with_lang(Lang::De).is_err());
    }

    #[test]
    fn a_page_gets_its_head_and_body() {
        let page = Shell::new(SHELL)
            .with_lang(Lang::De)
            .and_then(|s| s.with_title("<title>KV-Cache</title><meta name=x>"))
            .and_then(|s| s.with_body("data-prerendered", "<main>KV</main>"))
            .unwrap()
            .into_string();
        assert!(page.contains("<html lang=\"de\">"), "{page}");
        assert!(
            page.contains("</script><title>KV-Cache</title><meta name=x><script src=x.js>"),
            "{page}"
        );
        assert!(
            page.ends_with("</head><body data-prerendered><main>KV</main></body></html>"),
            "{page}"
        );
        assert!(!page.contains("Glossary") && !page.contains("<p>x</p>"), "{page}");
    }

    /// The loader as trunk 0.21 writes it minified: links that preload the glue and
    /// the wasm, and a module script that starts them.
    const TRUNK: &str = "<!doctype html><html lang=en><head><meta charset=utf-8>\
        <link rel=modulepreload href=/g/app-1a.js crossorigin=anonymous integrity=sha384-x>\
        <link rel=preload href=\"/g/app-1a_bg.wasm\" crossorigin=anonymous as=fetch type=application/wasm>\
        <link rel=stylesheet href=/g/main-2b.css>\
        <script type=module>import init,*as bindings from\"/g/app-1a.js\";\
        const wasm=await init({module_or_path:\"/g/app-1a_bg.wasm\"});window.wasmBindings=bindings</script>\
        <title>T</title></head><body></body></html>";

    #[test]
    fn trunks_loader_comes_out_whole_and_its_replacement_takes_its_place() {
        let mut seen = None;
        let shell = Shell::new(TRUNK)
            .with_loader_replaced(|l| {
                seen = Some(l.clone());
                Ok("<script src=later.js></script>".into())
            })
            .unwrap();
        assert_eq!(
            seen,
            Some(Loader {
                glue: "/g/app-1a.js".into(),
                wasm: "/g/app-1a_bg.wasm".into()
            })
        );
        assert_eq!(
            shell.as_str(),
            "<!doctype html><html lang=en><head><meta charset=utf-8>\
             <link rel=stylesheet href=/g/main-2b.css><script src=later.js></script>\
             <title>T</title></head><body></body></html>"
        );
        assert!(shell.inline_scripts().unwrap().is_empty());
    }

    #[test]
    fn the_stylesheet_is_inlined_and_hashable() {
        let mut asked = None;
        let shell = Shell::new(TRUNK)
            .with_stylesheet_inlined(|href| {
                asked = Some(href.to_string());
                Ok("p{color:red}".into())
            })
            .unwrap();
        assert_eq!(asked.as_deref(), Some("/g/main-2b.css"));
        assert!(shell
            .as_str()
            .contains("as=fetch type=application/wasm><style>p{color:red}</style><script"));
        assert!(!shell.as_str().contains("stylesheet"));
        assert_eq!(shell.inline_styles().unwrap(), vec!["p{color:red}"]);
        let closing = Shell::new(TRUNK).with_stylesheet_inlined(|_| Ok("a{}</STYLE>".into()));
        assert!(closing.unwrap_err().contains("</style"));
        assert!(Shell::new(SHELL)
            .with_stylesheet_inlined(|_| Ok(String::new()))
            .is_err());
        let two = TRUNK.replace("<title>", "<link href=b.css rel=stylesheet><title>");
        assert!(Shell::new(two).with_stylesheet_inlined(|_| Ok(String::new())).is_err());
    }

    #[test]
    fn a_shell_without_a_loader_or_its_preloads_is_an_error() {
        let none = |_: &Loader| Ok(String::new());
        assert!(Shell::new(SHELL).with_loader_replaced(none).is_err());
        let unloaded = TRUNK.replace(
            "<link rel=modulepreload href=/g/app-1a.js crossorigin=anonymous integrity=sha384-x>",
            "",
        );
        let error = Shell::new(unloaded).with_loader_replaced(none).unwrap_err();
        assert!(error.contains("/g/app-1a.js"), "{error}");
    }

    #[test]
    fn attributes_are_read_quoted_or_not() {
        assert_eq!(
            attribute(" rel=preload href=/a.js as=fetch", "href").as_deref(),
            Some("/a.js")
        );
        assert_eq!(
            attribute(" data-href='x' href=\"/b c\"", "href").as_deref(),
            Some("/b c")
        );
        assert_eq!(attribute(" HREF = /c.js /", "href").as_deref(), Some("/c.js"));
        assert_eq!(attribute(" rel=preload", "href"), None);
    }

    #[test]
    fn an_edit_that_finds_no_place_is_an_error() {
        let bare = Shell::new("<html><head></head></html>");
        assert!(bare.with_title("<title>T</title>").is_err());
        assert!(bare.with_body("data-x", "").is_err());
    }
}
