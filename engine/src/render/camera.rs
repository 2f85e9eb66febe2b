//! The 2D camera: which part of the world the screen shows, and the uniform
//! every render shader reads (`Camera` in `shaders/render_*.wgsl`).

use bytemuck::{Pod, Zeroable};
use glam::Vec2;

/// A camera looking at `center` with `zoom` screen pixels per world pixel.
///
/// World coordinates are pixels at 1× zoom with y pointing down, as in the
/// design (docs/architecture.md#units), so the arena reads the same in data and on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera2d {
    /// World point at the centre of the screen, px.
    pub center: Vec2,
    /// Screen pixels per world pixel.
    pub zoom: f32,
    /// Offset added to `center` for this frame only (screen shake), world px.
    pub shake: Vec2,
}

impl Default for Camera2d {
    fn default() -> Self {
        Self {
            center: Vec2::ZERO,
            zoom: 1.0,
            shake: Vec2::ZERO,
        }
    }
}

impl Camera2d {
    /// Half of the visible world extent for a target of `viewport` pixels.
    pub fn half_extent(&self, viewport: [u32; 2]) -> Vec2 {
        Vec2::new(viewport[0].max(1) as f32, viewport[1].max(1) as f32) * 0.5 / self.zoom.max(1e-3)
    }

    /// Centre clamped so the view stays inside `[min, max]` where the world is
    /// larger than the view, and centred on it where it is smaller.
    pub fn clamp_to(&mut self, min: Vec2, max: Vec2, viewport: [u32; 2]) {
        let half = self.half_extent(viewport);
        for axis in 0..2 {
            let (lo, hi) = (min[axis] + half[axis], max[axis] - half[axis]);
            self.center[axis] = if lo > hi {
                (min[axis] + max[axis]) * 0.5
            } else {
                self.center[axis].clamp(lo, hi)
            };
        }
    }

    /// World position under a screen pixel (e.g. the mouse, for mouse aim).
    pub fn screen_to_world(&self, screen: Vec2, viewport: [u32; 2]) -> Vec2 {
        let vp = Vec2::new(viewport[0] as f32, viewport[1] as f32);
        self.center + self.shake + (screen - vp * 0.5) / self.zoom.max(1e-3)
    }

    /// Screen pixel of a world position (e.g. where to draw a damage number).
    pub fn world_to_screen(&self, world: Vec2, viewport: [u32; 2]) -> Vec2 {
        let vp = Vec2::new(viewport[0] as f32, viewport[1] as f32);
        (world - self.center - self.shake) * self.zoom + vp * 0.5
    }

    /// The uniform for a target of `viewport` pixels at `time` seconds.
    pub fn uniform(&self, viewport: [u32; 2], time: f32) -> CameraUniform {
        let half = self.half_extent(viewport);
        let c = self.center + self.shake;
        CameraUniform {
            center: c.to_array(),
            half_extent: half.to_array(),
            viewport: [viewport[0] as f32, viewport[1] as f32],
            time,
            world_per_px: 1.0 / self.zoom.max(1e-3),
        }
    }
}

/// `Camera` of the render shaders, byte for byte.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct CameraUniform {
    /// World point at the centre of the screen.
    pub center: [f32; 2],
    /// Half the visible world extent.
    pub half_extent: [f32; 2],
    /// Target size in pixels.
    pub viewport: [f32; 2],
    /// Seconds since start.
    pub time: f32,
    /// World pixels per screen pixel (anti-aliasing width).
    pub world_per_px: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_and_world_round_trip() {
        let cam = Camera2d {
            center: Vec2::new(1200.0, 900.0),
            zoom: 2.0,
            shake: Vec2::new(3.0, -1.0),
        };
        let vp = [1280, 720];
        let w = Vec2::new(1000.0, 1100.0);
        let back = cam.screen_to_world(cam.world_to_screen(w, vp), vp);
        assert!((back - w).length() < 1e-3, "{back}");
        assert_eq!(
            cam.world_to_screen(cam.center + cam.shake, vp),
            Vec2::new(640.0, 360.0)
        );
    }

    #[test]
    fn clamp_keeps_the_view_inside_the_arena() {
        let mut cam = Camera2d {
            center: Vec2::new(10.0, 2390.0),
            ..Default::default()
        };
        cam.clamp_to(Vec2::ZERO, Vec2::splat(2400.0), [1280, 720]);
        assert_eq!(cam.center, Vec2::new(640.0, 2400.0 - 360.0));
        // A world smaller than the view is centred.
        cam.clamp_to(Vec2::ZERO, Vec2::splat(400.0), [1280, 720]);
        assert_eq!(cam.center, Vec2::splat(200.0));
    }
}
