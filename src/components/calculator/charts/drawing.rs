//! How a chart is drawn on any plotters backend (the canvas in the browser, SVG
//! natively): each kind by its own module, the pinned scenario's series beside the
//! current one's.

use plotters::coord::Shift;
use plotters::prelude::*;
use vocab::i18n::texts;

use super::batch_chart::draw_batch;
use super::capacity_chart::draw_capacity;
use super::data::ChartData;
use super::draw::{DrawResult, Look, Palette};
use super::roofline_chart::draw_roofline;
use crate::data::Lang;

impl ChartData {
    /// Draws the chart on any plotters backend, with the pinned scenario's series
    /// (dashed) where there is one. Returns where everything went.
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
        area.fill(&p.background)?;
        let frame = match (self, pinned) {
            (ChartData::Roofline(d), a) => {
                let a = match a {
                    Some(ChartData::Roofline(a)) => Some(a),
                    _ => None,
                };
                draw_roofline(area, d, a, look)?
            }
            (b @ ChartData::Batch { .. }, a) => {
                draw_batch(area, b, a.filter(|a| matches!(a, ChartData::Batch { .. })), look)?
            }
            (ChartData::Capacity { series, current, x_end }, a) => {
                let a = match a {
                    Some(ChartData::Capacity { series, x_end, .. }) => Some((series, *x_end)),
                    _ => None,
                };
                draw_capacity(area, (series, *x_end), a, *current, look)?
            }
        };
        area.present()?;
        Ok(frame)
    }
}
