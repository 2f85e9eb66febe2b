//! Screenshots: a frame rendered into an offscreen texture with `COPY_SRC`,
//! copied into a buffer with rows padded to 256 bytes, and written as PNG.

use std::path::{Path, PathBuf};

/// Why a screenshot could not be taken or written.
#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    /// The texture format is not one of the 8-bit RGBA/BGRA formats we write.
    #[error("screenshot of a {0:?} texture is not supported (expected 8-bit RGBA or BGRA)")]
    Format(wgpu::TextureFormat),
    /// Mapping the read-back buffer failed.
    #[error("reading the screenshot back from the GPU failed: {0}")]
    Map(String),
    /// A PNG could not be read or decoded (a reference image).
    #[error("reading image {path}: {message}")]
    Read {
        /// What we tried to read.
        path: PathBuf,
        /// What failed.
        message: String,
    },
    /// The PNG could not be written.
    #[error("writing screenshot {path}: {message}")]
    Write {
        /// Where we tried to write.
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

/// An 8-bit RGBA image, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// The red, green and blue bytes of pixel (`x`, `y`): what render tests
    /// read, without each of them redoing the row stride.
    pub fn rgb(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

/// An offscreen colour target the size of the window, readable by copy.
pub fn offscreen_target(device: &wgpu::Device, format: wgpu::TextureFormat, size: [u32; 2]) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("screenshot target"),
        size: wgpu::Extent3d {
            width: size[0].max(1),
            height: size[1].max(1),
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    })
}

/// Bytes per row padded to wgpu's copy alignment (256).
pub fn padded_row_bytes(width: u32) -> u32 {
    let unpadded = width * 4;
    let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    unpadded.div_ceil(align) * align
}

/// Copies `texture` to the CPU (blocking until the GPU is done).
pub fn read_texture(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
) -> Result<RgbaImage, ScreenshotError> {
    let format = texture.format();
    let bgra = match format {
        wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb => true,
        wgpu::TextureFormat::Rgba8Unorm | wgpu::TextureFormat::Rgba8UnormSrgb => false,
        other => return Err(ScreenshotError::Format(other)),
    };
    let (width, height) = (texture.width(), texture.height());
    let row = padded_row_bytes(width);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("screenshot read-back"),
        size: u64::from(row) * u64::from(height),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("screenshot copy"),
    });
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: Some(height),
            },
        },
        texture.size(),
    );
    queue.submit([encoder.finish()]);
    let (tx, rx) = std::sync::mpsc::channel();
    buffer.map_async(wgpu::MapMode::Read, .., move |r| {
        let _ = tx.send(r);
    });
    device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .map_err(|e| ScreenshotError::Map(e.to_string()))?;
    rx.recv()
        .map_err(|e| ScreenshotError::Map(e.to_string()))?
        .map_err(|e| ScreenshotError::Map(e.to_string()))?;
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    {
        let view = buffer
            .get_mapped_range(..)
            .map_err(|e| ScreenshotError::Map(e.to_string()))?;
        for y in 0..height as usize {
            let start = y * row as usize;
            pixels.extend_from_slice(&view[start..start + width as usize * 4]);
        }
    }
    buffer.unmap();
    if bgra {
        for px in pixels.chunks_exact_mut(4) {
            px.swap(0, 2);
        }
    }
    Ok(RgbaImage {
        width,
        height,
        pixels,
    })
}

/// Writes `image` as an 8-bit RGBA PNG (opaque: alpha forced to 255).
pub fn write_png(path: &Path, image: &RgbaImage) -> Result<(), ScreenshotError> {
    let err = |message: String| ScreenshotError::Write {
        path: path.to_path_buf(),
        message,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| err(e.to_string()))?;
    }
    let file = std::fs::File::create(path).map_err(|e| err(e.to_string()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| err(e.to_string()))?;
    let mut opaque = image.pixels.clone();
    for px in opaque.chunks_exact_mut(4) {
        px[3] = 255;
    }
    writer.write_image_data(&opaque).map_err(|e| err(e.to_string()))?;
    writer.finish().map_err(|e| err(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_padded_to_256_bytes() {
        assert_eq!(padded_row_bytes(64), 256);
        assert_eq!(padded_row_bytes(65), 512);
        assert_eq!(padded_row_bytes(1280), 5120);
    }

    #[test]
    fn png_round_trip() {
        let dir = std::env::temp_dir().join(format!("artificer-shot-{}", std::process::id()));
        let path = dir.join("t.png");
        let image = RgbaImage {
            width: 2,
            height: 1,
            pixels: vec![255, 0, 0, 255, 0, 255, 0, 10],
        };
        write_png(&path, &image).expect("write");
        let decoder = png::Decoder::new(std::fs::File::open(&path).expect("open"));
        let mut reader = decoder.read_info().expect("info");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("frame");
        assert_eq!((info.width, info.height), (2, 1));
        assert_eq!(&buf[..8], &[255, 0, 0, 255, 0, 255, 0, 255]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
