//! Where a chart's labels go: beside their point, inside the plot (or the region
//! they name), clear of each other, of the points and of the lines. Pure geometry
//! in pixels (y grows downwards), shared by the canvas and the static SVG.

/// A box in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Rect {
    /// The box between two corners.
    pub fn new(left: f64, top: f64, right: f64, bottom: f64) -> Rect {
        Rect {
            left,
            top,
            right,
            bottom,
        }
    }

    /// A square of `radius` around a point (a marker's box).
    pub fn around((x, y): (f64, f64), radius: f64) -> Rect {
        Rect::new(x - radius, y - radius, x + radius, y + radius)
    }

    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }

    /// Whether the two boxes share more than an edge.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.left < o.right && o.left < self.right && self.top < o.bottom && o.top < self.bottom
    }

    /// Whether `o` lies wholly inside this box.
    pub fn contains(&self, o: &Rect) -> bool {
        o.left >= self.left && o.right <= self.right && o.top >= self.top && o.bottom <= self.bottom
    }

    /// The box grown by `by` on every side.
    pub fn grown(&self, by: f64) -> Rect {
        Rect::new(self.left - by, self.top - by, self.right + by, self.bottom + by)
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky).
    pub fn crossed_by(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, a.0 - self.left),
            (dx, self.right - a.0),
            (-dy, a.1 - self.top),
            (dy, self.bottom - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
                if t0 > t1 {
                    return false;
                }
            }
        }
        true
    }

    /// The point of the box nearest to `p` (where a leader line ends).
    pub fn nearest(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x.clamp(self.left, self.right), y.clamp(self.top, self.bottom))
    }
}

/// Where a label sits relative to its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Right,
    Left,
    Above,
    Below,
    AboveRight,
    AboveLeft,
    BelowRight,
    BelowLeft,
}

const ALL_SIDES: [Side; 8] = [
    Side::Right,
    Side::BelowRight,
    Side::AboveRight,
    Side::Below,
    Side::Above,
    Side::BelowLeft,
    Side::AboveLeft,
    Side::Left,
];

impl Side {
    /// The box of a `w` × `h` label on this side of `(x, y)`, `d` pixels away.
    fn boxed(self, (x, y): (f64, f64), (w, h): (f64, f64), d: f64) -> Rect {
        let (left, top) = match self {
            Side::Right => (x + d, y - h / 2.0),
            Side::Left => (x - d - w, y - h / 2.0),
            Side::Above => (x - w / 2.0, y - d - h),
            Side::Below => (x - w / 2.0, y + d),
            Side::AboveRight => (x + d, y - d - h),
            Side::AboveLeft => (x - d - w, y - d - h),
            Side::BelowRight => (x + d, y + d),
            Side::BelowLeft => (x - d - w, y + d),
        };
        Rect::new(left, top, left + w, top + h)
    }

    /// The box moved along its side to lie within `within`, where that is
    /// possible: sideways for a box above or below its anchor, up or down for one
    /// beside it, so that it never moves onto the anchor; a box in a corner stays.
    fn slid(self, r: Rect, within: &Rect) -> Rect {
        let shift = |lo: f64, hi: f64, min: f64, max: f64| {
            if lo < min {
                min - lo
            } else if hi > max {
                (max - hi).max(min - lo)
            } else {
                0.0
            }
        };
        match self {
            Side::Left | Side::Right => {
                let dy = shift(r.top, r.bottom, within.top, within.bottom);
                Rect::new(r.left, r.top + dy, r.right, r.bottom + dy)
            }
            Side::Above | Side::Below => {
                let dx = shift(r.left, r.right, within.left, within.right);
                Rect::new(r.left + dx, r.top, r.right + dx, r.bottom)
            }
            // A corner's box stays in its corner.
            _ => r,
        }
    }
}

/// A label to place.
#[derive(Clone, Debug, PartialEq)]
pub struct Want {
    /// Width and height of its text.
    pub size: (f64, f64),
    /// The point it names.
    pub anchor: (f64, f64),
    /// Clear space between the anchor and the box.
    pub gap: f64,
    /// Preferred sides, best first; the others are tried after them.
    pub sides: &'static [Side],
    /// Where it must stay: the plot, or the region it names.
    pub within: Rect,
    /// Another point it may name instead, with its sides: tried after the
    /// preferred sides of the first, before any other side or a spot further out
    /// (a line's label has more than one place on it).
    pub or: Option<((f64, f64), &'static [Side])>,
}

/// What labels must keep clear of.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obstacles {
    /// Lines, as segments.
    pub segments: Vec<((f64, f64), (f64, f64))>,
    /// Markers, as boxes.
    pub marks: Vec<Rect>,
}

impl Obstacles {
    /// Adds a polyline.
    pub fn line(&mut self, points: &[(f64, f64)]) {
        self.segments.extend(points.windows(2).map(|w| (w[0], w[1])));
    }
}

/// A placed label: its box, the side of its anchor it is on (text is aligned
/// towards the anchor), and whether it ended up away from its anchor (then a
/// leader line joins them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub rect: Rect,
    pub side: Side,
    pub far: bool,
}

/// Space kept between two labels.
const SPACING: f64 = 2.0;

/// Places the labels in order (the first gets the best spot): each on the first of
/// its sides where it lies within its area and clear of the labels before it, the
/// markers and the lines; failing that, on any side, a little further out, ring by
/// ring; failing that, on the free spot of a grid over its area nearest to its
/// anchor; failing all that, the same touching a line but clear of labels and
/// markers. A label that fits nowhere is left out (`None`), so that what is drawn
/// never overlaps.
pub fn place(wants: &[Want], obstacles: &Obstacles) -> Vec<Option<Placed>> {
    let mut placed: Vec<Rect> = Vec::with_capacity(wants.len());
    let mut out = Vec::with_capacity(wants.len());
    for want in wants {
        let found = spot(want, obstacles, &placed);
        if let Some(p) = found {
            placed.push(p.rect);
        }
        out.push(found);
    }
    out
}

fn spot(want: &Want, obstacles: &Obstacles, placed: &[Rect]) -> Option<Placed> {
    let (w, h) = want.size;
    if w > want.within.width() || h > want.within.height() {
        return None;
    }
    let free = |r: &Rect, lines: bool| {
        want.within.contains(r)
            && !placed.iter().any(|p| p.grown(SPACING).overlaps(r))
            && !obstacles.marks.iter().any(|m| m.overlaps(r))
            && (!lines || !obstacles.segments.iter().any(|&(a, b)| r.crossed_by(a, b)))
    };
    let step = (h * 0.75).max(4.0);
    let far = |r: &Rect, anchor: (f64, f64)| {
        let (x, y) = r.nearest(anchor);
        // Squared distances: no square root (nor libm's hypot) in the wasm.
        let reach = want.gap + 3.0 * h;
        (x - anchor.0).powi(2) + (y - anchor.1).powi(2) > reach * reach
    };
    for lines in [true, false] {
        // Around the anchor, ring by ring: the preferred sides first.
        for ring in 0..6 {
            let d = want.gap + step * ring as f64;
            let first = want.sides.iter().map(|s| (want.anchor, s));
            let or = want
                .or
                .iter()
                .flat_map(|(at, sides)| sides.iter().map(move |s| (*at, s)));
            let rest = ALL_SIDES
                .iter()
                .filter(|s| !want.sides.contains(s))
                .map(|s| (want.anchor, s));
            for (anchor, side) in first.chain(or).chain(rest) {
                let r = side.slid(side.boxed(anchor, want.size, d), &want.within);
                if free(&r, lines) {
                    return Some(Placed {
                        rect: r,
                        side: *side,
                        far: far(&r, anchor),
                    });
                }
            }
        }
        // Then the free spot nearest to the anchor, on a grid over the area.
        let grid = (h / 2.0).max(2.0);
        let (columns, rows) = (
            ((want.within.width() - w) / grid).floor() as usize,
            ((want.within.height() - h) / grid).floor() as usize,
        );
        let mut best: Option<(f64, Rect)> = None;
        for i in 0..=columns {
            for j in 0..=rows {
                let (left, top) = (want.within.left + grid * i as f64, want.within.top + grid * j as f64);
                let r = Rect::new(left, top, left + w, top + h);
                let (x, y) = r.nearest(want.anchor);
                let distance = (x - want.anchor.0).powi(2) + (y - want.anchor.1).powi(2);
                if best.is_none_or(|(d, _)| distance < d) && free(&r, lines) {
                    best = Some((distance, r));
                }
            }
        }
        if let Some((_, r)) = best {
            let side = if r.right <= want.anchor.0 {
                Side::Left
            } else {
                Side::Right
            };
            return Some(Placed {
                rect: r,
                side,
                far: far(&r, want.anchor),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLOT: Rect = Rect {
        left: 0.0,
        top: 0.0,
        right: 300.0,
        bottom: 200.0,
    };

    fn want(anchor: (f64, f64), size: (f64, f64)) -> Want {
        Want {
            size,
            anchor,
            gap: 6.0,
            sides: &[Side::Right],
            within: PLOT,
            or: None,
        }
    }

    #[test]
    fn segments_cross_boxes() {
        let r = Rect::new(10.0, 10.0, 20.0, 20.0);
        assert!(r.crossed_by((0.0, 0.0), (30.0, 30.0)));
        assert!(r.crossed_by((15.0, 0.0), (15.0, 30.0)));
        assert!(r.crossed_by((12.0, 12.0), (13.0, 13.0)), "inside");
        assert!(!r.crossed_by((0.0, 0.0), (30.0, 0.0)));
        assert!(!r.crossed_by((0.0, 30.0), (30.0, 60.0)));
        assert!(!r.crossed_by((0.0, 15.0), (15.0, 0.0)), "passes the corner");
    }

    #[test]
    fn a_free_label_takes_its_first_side() {
        let got = place(&[want((100.0, 100.0), (40.0, 14.0))], &Obstacles::default());
        let r = got[0].unwrap().rect;
        assert_eq!((r.left, r.top), (106.0, 93.0));
        assert!(!got[0].unwrap().far);
    }

    #[test]
    fn labels_of_one_point_do_not_overlap() {
        let wants: Vec<Want> = (0..6).map(|_| want((150.0, 100.0), (60.0, 14.0))).collect();
        let got = place(&wants, &Obstacles::default());
        let boxes: Vec<Rect> = got.iter().map(|p| p.unwrap().rect).collect();
        for (i, a) in boxes.iter().enumerate() {
            assert!(PLOT.contains(a));
            for b in &boxes[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn labels_at_the_edges_stay_inside() {
        for anchor in [(0.0, 0.0), (300.0, 0.0), (0.0, 200.0), (300.0, 200.0), (299.0, 100.0)] {
            let r = place(&[want(anchor, (80.0, 14.0))], &Obstacles::default())[0]
                .unwrap()
                .rect;
            assert!(PLOT.contains(&r), "{anchor:?}: {r:?}");
        }
    }

    #[test]
    fn labels_keep_off_lines_where_they_can() {
        let mut obstacles = Obstacles::default();
        // A line through the spot right of the anchor.
        obstacles.line(&[(100.0, 0.0), (130.0, 200.0)]);
        let r = place(&[want((100.0, 100.0), (40.0, 14.0))], &obstacles)[0]
            .unwrap()
            .rect;
        assert!(!r.crossed_by((100.0, 0.0), (130.0, 200.0)), "{r:?}");
    }

    #[test]
    fn a_label_too_big_for_its_area_is_left_out() {
        assert_eq!(
            place(&[want((10.0, 10.0), (400.0, 14.0))], &Obstacles::default()),
            vec![None]
        );
    }

    #[test]
    fn a_full_plot_leaves_later_labels_out_rather_than_overlapping() {
        let wants: Vec<Want> = (0..200).map(|_| want((150.0, 100.0), (90.0, 40.0))).collect();
        let got = place(&wants, &Obstacles::default());
        let boxes: Vec<Rect> = got.iter().flatten().map(|p| p.rect).collect();
        assert!(boxes.len() < wants.len());
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(!a.overlaps(b));
            }
        }
    }
}
