//! The static SVG of a chart for pre-rendered pages (native only): the same drawing
//! code as the canvas, on plotters' SVG backend, sized for a phone so that its text
//! stays readable where the page is 360 px wide.

use plotters::prelude::{IntoDrawingArea, SVGBackend};
use plotters_backend::text_anchor::VPos;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};

use super::data::ChartData;
use super::draw::{Frame, LIGHT};
use crate::data::Lang;

/// The size the static chart is drawn at. The box is 300 px high within its 1 px
/// border and as wide as the column: 316 px on a 360 px phone, where the text comes
/// out at its own size; wider boxes show it at its own size, centred.
pub const STATIC_SIZE: (u32, u32) = (316, 298);

/// The static SVG of a chart: scales with its box, names its plot area (left, top,
/// right, bottom in its own units) for the browser tests.
pub fn static_svg(data: &ChartData, lang: Lang) -> Result<String, String> {
    static_svg_with(data, lang, None)
}

/// The same with the pinned scenario's series.
pub(super) fn static_svg_with(data: &ChartData, lang: Lang, pinned: Option<&ChartData>) -> Result<String, String> {
    let (w, h) = STATIC_SIZE;
    let (svg, frame) = draw_svg(data, lang, STATIC_SIZE, pinned)?;
    let open_end = svg.find('>').ok_or("plotters wrote no <svg>")?;
    let rest = svg[open_end..].replace(" opacity=\"1\"", "");
    let p = frame.plot;
    Ok(format!(
        "<svg viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\" aria-hidden=\"true\" \
         data-plot=\"{} {} {} {}\"{rest}",
        p.left, p.top, p.right, p.bottom
    ))
}

/// A chart drawn in SVG at `size`, with the pinned scenario's where there is one,
/// and its frame (plot area, labels, lines).
pub(super) fn draw_svg(
    data: &ChartData,
    lang: Lang,
    size: (u32, u32),
    pinned: Option<&ChartData>,
) -> Result<(String, Frame), String> {
    let mut svg = String::new();
    let frame = {
        let area = StaticSvg(SVGBackend::with_string(&mut svg, size)).into_drawing_area();
        data.draw(&area, lang, &LIGHT, 1.0, pinned).map_err(|e| e.to_string())?
    };
    Ok((svg, frame))
}

/// plotters' SVG backend with two corrections: text is written at the size the
/// chart asks for (plotters' SVG backend divides it by 1.24, its canvas backend does
/// not), and text is measured generously for a sans-serif font, since the page's
/// font is not known here and plotters' own estimate is narrower than most. Labels
/// are aligned towards their point, so that the spare width ends up away from it.
struct StaticSvg<'a>(SVGBackend<'a>);

/// A text style at the size it names, for the SVG backend.
struct CssSize<'a, S>(&'a S);

impl<S: BackendTextStyle> BackendTextStyle for CssSize<'_, S> {
    type FontError = S::FontError;

    fn color(&self) -> BackendColor {
        self.0.color()
    }

    fn size(&self) -> f64 {
        self.0.size() * 1.24
    }

    fn transform(&self) -> FontTransform {
        self.0.transform()
    }

    fn style(&self) -> FontStyle {
        self.0.style()
    }

    fn anchor(&self) -> plotters_backend::text_anchor::Pos {
        self.0.anchor()
    }

    fn family(&self) -> FontFamily<'_> {
        self.0.family()
    }

    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.0.layout_box(text)
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        self.0.draw(text, pos, draw)
    }
}

/// The width of `text` in ems, a little wider than Arial and its metric twins
/// (Liberation Sans, Arimo), close to DejaVu Sans, the widest common sans-serif.
pub fn text_width_em(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            ' ' | '\u{a0}' | '\u{202f}' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | 'i' | 'j' | 'l' | 'I' => 0.3,
            'f' | 't' | 'r' | '/' | '(' | ')' | '-' | '[' | ']' => 0.38,
            'm' | 'w' => 0.9,
            'M' | 'W' => 0.95,
            'A'..='Z' => 0.72,
            _ => 0.6,
        })
        .sum()
}

impl DrawingBackend for StaticSvg<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        // plotters centres a line on half its x-height (`dy="0.5ex"`); a sans-serif
        // line's box (ascent 0.905 em, descent 0.212 em) then sits 0.08 em high of
        // the point asked for: brought down to it.
        let centred = matches!(style.anchor().v_pos, VPos::Center) && matches!(style.transform(), FontTransform::None);
        let down = if centred {
            (style.size() * 0.08).round() as i32
        } else {
            0
        };
        self.0.draw_text(text, &CssSize(style), (pos.0, pos.1 + down))
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let bold = if matches!(style.style(), FontStyle::Bold) {
            1.08
        } else {
            1.0
        };
        let w = (text_width_em(text) * style.size() * bold).ceil() as u32;
        let h = (style.size() * 1.2).ceil() as u32;
        Ok(match style.transform() {
            FontTransform::Rotate90 | FontTransform::Rotate270 => (h, w),
            _ => (w, h),
        })
    }
}
