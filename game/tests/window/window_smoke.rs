//! Smoke test of the game window: under Xvfb (started here when `DISPLAY` is
//! unset) and whatever adapter wgpu finds (lavapipe in CI), the game runs 300
//! frames of a wave-1 fight with the overlay on, writes a screenshot and
//! exits 0; the screenshot must not be blank.
//!
//! Without Xvfb the test fails with a fix, unless `ARTIFICER_ALLOW_NO_GPU=1`
//! allows skipping (machines with no display and no GPU).

use std::collections::HashSet;
use std::path::Path;

use crate::window_common;

use window_common::{ALLOW_SKIP_ENV, skip_allowed};

/// Decodes an 8-bit RGB or RGBA PNG into (width, height, RGBA bytes).
fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("open {}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("png header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("png frame");
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, rgba)
}

/// Distinct colours in a rectangle, quantised to 4 bits per channel.
fn colours_in(img: &(u32, u32, Vec<u8>), x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
    let (w, h, px) = img;
    let mut set = HashSet::new();
    for y in y0..y1.min(*h) {
        for x in x0..x1.min(*w) {
            let i = ((y * w + x) * 4) as usize;
            set.insert((px[i] >> 4, px[i + 1] >> 4, px[i + 2] >> 4));
        }
    }
    set.len()
}

#[test]
fn game_window_draws_a_fight_with_hud_and_overlay() {
    let _one = window_common::ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((display, _xvfb)) = window_common::display_or_skip("window smoke test") else {
        return;
    };
    let (dir, runtime) = window_common::scratch("smoke");
    let shot = dir.join("shot.png");
    let output = window_common::game(&display, &runtime)
        .args([
            "--exit-after-frames",
            "300",
            "--overlay",
            "--windowed",
            "1280x720",
            "--seed",
            "7",
        ])
        .arg("--screenshot")
        .arg(&shot)
        .output()
        .expect("run the artificer binary");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() && skip_allowed() && stderr.contains("no GPU adapter") {
        eprintln!("skipping the window smoke test: no adapter ({ALLOW_SKIP_ENV}=1)\n{stderr}");
        return;
    }
    assert!(
        output.status.success(),
        "artificer exited with {}\nstdout:\n{}\nstderr:\n{stderr}",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(!stderr.contains("wgpu error"), "wgpu reported errors:\n{stderr}");
    let img = decode(&shot);
    assert_eq!((img.0, img.1), (1280, 720), "screenshot size");
    let whole = colours_in(&img, 0, 0, 1280, 720);
    assert!(
        whole >= 16,
        "only {whole} distinct colours: the frame looks blank"
    );
    // The HUD sits along the top edge, the overlay window at the left.
    let hud = colours_in(&img, 0, 0, 1280, 60);
    assert!(hud >= 4, "the HUD strip has only {hud} colours");
    let overlay = colours_in(&img, 8, 130, 300, 400);
    assert!(overlay >= 4, "the overlay region has only {overlay} colours");
    let _ = std::fs::remove_dir_all(&dir);
}
