//! Comparing two frames: reference-image tests of the screens, and two
//! render paths that must look the same. Rasterisers differ in the last bit
//! of an edge's coverage (lavapipe versions, GPU vendors), so a pixel counts
//! as changed only past a per-channel threshold, and a test allows a small
//! share of changed pixels.

use std::path::Path;

use super::screenshot::{RgbaImage, ScreenshotError};

/// How two images differ.
#[derive(Debug, Clone)]
pub struct ImageDiff {
    /// Pixels whose largest channel difference is over the threshold.
    pub changed: usize,
    /// All pixels compared.
    pub total: usize,
    /// The largest channel difference anywhere.
    pub max: u8,
    /// The changes in red over the reference darkened to a third (the
    /// picture to look at when a test fails).
    pub image: RgbaImage,
}

impl ImageDiff {
    /// Changed pixels as a share of all.
    pub fn share(&self) -> f64 {
        self.changed as f64 / self.total.max(1) as f64
    }
}

/// Compares `actual` with `reference` (`None` when their sizes differ).
pub fn compare(reference: &RgbaImage, actual: &RgbaImage, threshold: u8) -> Option<ImageDiff> {
    if (reference.width, reference.height) != (actual.width, actual.height) {
        return None;
    }
    let mut image = reference.clone();
    let (mut changed, mut max) = (0, 0u8);
    for (out, (a, b)) in image.pixels.chunks_exact_mut(4).zip(
        reference
            .pixels
            .chunks_exact(4)
            .zip(actual.pixels.chunks_exact(4)),
    ) {
        let d = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
        max = max.max(d);
        if d > threshold {
            changed += 1;
            out.copy_from_slice(&[255, 0, 0, 255]);
        } else {
            for c in &mut out[..3] {
                *c /= 3;
            }
            out[3] = 255;
        }
    }
    Some(ImageDiff {
        changed,
        total: image.pixels.len() / 4,
        max,
        image,
    })
}

/// Reads an 8-bit RGB or RGBA PNG (a reference image).
pub fn read_png(path: &Path) -> Result<RgbaImage, ScreenshotError> {
    let err = |message: String| ScreenshotError::Read {
        path: path.to_path_buf(),
        message,
    };
    let file = std::fs::File::open(path).map_err(|e| err(e.to_string()))?;
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .map_err(|e| err(e.to_string()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|e| err(e.to_string()))?;
    let pixels = match (info.color_type, info.bit_depth) {
        (png::ColorType::Rgba, png::BitDepth::Eight) => buf[..info.buffer_size()].to_vec(),
        (png::ColorType::Rgb, png::BitDepth::Eight) => buf[..info.buffer_size()]
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        (c, d) => return Err(err(format!("{c:?} at {d:?} is not 8-bit RGB(A)"))),
    };
    Ok(RgbaImage {
        width: info.width,
        height: info.height,
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(px: &[[u8; 4]]) -> RgbaImage {
        RgbaImage {
            width: px.len() as u32,
            height: 1,
            pixels: px.iter().flatten().copied().collect(),
        }
    }

    #[test]
    fn small_differences_pass_the_threshold_and_big_ones_count() {
        let a = image(&[[10, 10, 10, 255], [200, 0, 0, 255], [0, 0, 0, 255]]);
        let b = image(&[[12, 10, 9, 255], [100, 0, 0, 255], [0, 0, 0, 0]]);
        let d = compare(&a, &b, 4).expect("same size");
        assert_eq!((d.changed, d.total, d.max), (1, 3, 100));
        assert_eq!(&d.image.pixels[4..8], &[255, 0, 0, 255], "changed pixel in red");
        assert_eq!(&d.image.pixels[0..4], &[3, 3, 3, 255], "the rest darkened");
        assert!(compare(&a, &image(&[[0; 4]]), 4).is_none(), "sizes differ");
    }

    #[test]
    fn a_written_png_reads_back() {
        let dir = std::env::temp_dir().join(format!("artificer-cmp-{}", std::process::id()));
        let path = dir.join("r.png");
        let a = image(&[[1, 2, 3, 255], [250, 128, 0, 255]]);
        super::super::screenshot::write_png(&path, &a).expect("write");
        assert_eq!(read_png(&path).expect("read"), a);
        let _ = std::fs::remove_dir_all(dir);
    }
}
