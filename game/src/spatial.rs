//! A uniform-grid spatial hash over the arena, rebuilt each step.
//!
//! Enemy separation and area-of-effect reactions need "who is near this
//! point"; scanning every enemy for every query would be quadratic at the
//! design load of about 1,000 enemies. The grid is rebuilt from scratch with a
//! counting sort (count per cell, prefix sum, scatter), the same shape as the
//! GPU binning pass, so a rebuild is linear and allocation-free once warm.
//!
//! Results come back in cell order and, within a cell, in insertion order, so
//! they are deterministic for a given insertion sequence. Points outside the
//! grid bounds are clamped into the border cells, so nothing is ever lost.

use glam::Vec2;

/// Uniform grid of square cells covering `[min, max]`; stores item ids by cell.
#[derive(Debug, Clone)]
pub struct SpatialHash {
    min: Vec2,
    cell: f32,
    cols: usize,
    rows: usize,
    /// `starts[c]..starts[c + 1]` indexes `entries` for cell `c`.
    starts: Vec<u32>,
    /// `(id, position)` sorted by cell.
    entries: Vec<(u32, Vec2)>,
    /// Scratch: the cell of each inserted item, in insertion order.
    cells_of: Vec<u32>,
    /// Scratch: the items as inserted.
    pending: Vec<(u32, Vec2)>,
    /// Scratch: each cell's write cursor during a rebuild.
    fill: Vec<u32>,
}

impl SpatialHash {
    /// A grid over the rectangle `[min, max]` with square cells of `cell_size` px.
    ///
    /// A cell about the size of the largest common query radius keeps queries to
    /// a 3×3 block of cells. `cell_size` is clamped to at least 1 px.
    pub fn new(min: Vec2, max: Vec2, cell_size: f32) -> Self {
        let cell = cell_size.max(1.0);
        let size = (max - min).max(Vec2::splat(cell));
        let cols = (size.x / cell).ceil() as usize;
        let rows = (size.y / cell).ceil() as usize;
        Self {
            min,
            cell,
            cols,
            rows,
            starts: vec![0; cols * rows + 1],
            entries: Vec::new(),
            cells_of: Vec::new(),
            pending: Vec::new(),
            fill: Vec::new(),
        }
    }

    /// Side of one cell, px.
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// Number of items inserted by the last [`SpatialHash::rebuild`].
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the last rebuild inserted nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn cell_xy(&self, p: Vec2) -> (usize, usize) {
        let rel = (p - self.min) / self.cell;
        // NaN casts to 0, so a broken position lands in a corner cell instead of panicking.
        let x = (rel.x.max(0.0) as usize).min(self.cols - 1);
        let y = (rel.y.max(0.0) as usize).min(self.rows - 1);
        (x, y)
    }

    /// Replaces the contents with `items` (`(id, position)` pairs).
    pub fn rebuild(&mut self, items: impl IntoIterator<Item = (u32, Vec2)>) {
        self.pending.clear();
        self.pending.extend(items);
        self.cells_of.clear();
        self.starts.iter_mut().for_each(|s| *s = 0);
        for i in 0..self.pending.len() {
            let (x, y) = self.cell_xy(self.pending[i].1);
            let c = y * self.cols + x;
            self.cells_of.push(c as u32);
            self.starts[c + 1] += 1;
        }
        for c in 0..self.cols * self.rows {
            self.starts[c + 1] += self.starts[c];
        }
        self.entries.clear();
        self.entries.resize(self.pending.len(), (0, Vec2::ZERO));
        // `fill` walks each cell's write cursor forward; insertion order is kept within a cell.
        self.fill.clear();
        self.fill.extend_from_slice(&self.starts[..self.cols * self.rows]);
        for (item, &c) in self.pending.iter().zip(&self.cells_of) {
            let slot = &mut self.fill[c as usize];
            self.entries[*slot as usize] = *item;
            *slot += 1;
        }
    }

    /// Appends to `out` the id of every item within `radius` of `center`
    /// (distance ≤ radius), in cell order then insertion order.
    pub fn query_circle(&self, center: Vec2, radius: f32, out: &mut Vec<u32>) {
        self.for_each_in_circle(center, radius, |id, _| out.push(id));
    }

    /// Calls `f(id, position)` for every item within `radius` of `center`, in
    /// the order of [`SpatialHash::query_circle`]. Lets hot loops avoid a `Vec`.
    pub fn for_each_in_circle(&self, center: Vec2, radius: f32, mut f: impl FnMut(u32, Vec2)) {
        if self.entries.is_empty() || radius.is_nan() || radius < 0.0 || !center.is_finite() {
            return;
        }
        let r2 = radius * radius;
        let (x0, y0) = self.cell_xy(center - Vec2::splat(radius));
        let (x1, y1) = self.cell_xy(center + Vec2::splat(radius));
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = y * self.cols + x;
                let (a, b) = (self.starts[c] as usize, self.starts[c + 1] as usize);
                for &(id, p) in &self.entries[a..b] {
                    if p.distance_squared(center) <= r2 {
                        f(id, p);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_points_in_neighbouring_cells_and_clamps_outsiders() {
        let mut h = SpatialHash::new(Vec2::ZERO, Vec2::splat(100.0), 10.0);
        h.rebuild([
            (0, Vec2::new(5.0, 5.0)),
            (1, Vec2::new(14.0, 5.0)),
            (2, Vec2::new(50.0, 50.0)),
            (3, Vec2::new(-30.0, 5.0)),
        ]);
        let mut out = Vec::new();
        h.query_circle(Vec2::new(9.0, 5.0), 5.0, &mut out);
        out.sort_unstable();
        assert_eq!(out, vec![0, 1]);
        out.clear();
        h.query_circle(Vec2::new(-30.0, 5.0), 1.0, &mut out);
        assert_eq!(out, vec![3]);
    }
}
