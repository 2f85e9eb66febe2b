//! The world renderer's tests: shader validation, the world path choice,
//! the glow pass, the screen layer, culling and a frame on a real device.

/// Draws `scene` with `renderer` into a fresh offscreen target of `size`
/// and reads it back, failing on any validation error (the render tests
/// share it).
pub(crate) fn render_offscreen(
    ctx: &crate::gpu::GpuContext,
    renderer: &mut super::SceneRenderer,
    scene: &super::Scene,
    size: [u32; 2],
) -> super::RgbaImage {
    let device = &ctx.device;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let target = super::screenshot::offscreen_target(device, renderer.format(), size);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    let mut scopes = crate::profile::GpuScopes::disabled(device);
    let mut f = super::FrameTarget {
        device,
        queue: &ctx.queue,
        encoder: &mut encoder,
        view: &view,
        size,
        scopes: &mut scopes,
    };
    renderer.encode(&mut f, scene);
    ctx.queue.submit([encoder.finish()]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{error:?}");
    super::screenshot::read_texture(device, &ctx.queue, &target).expect("read back")
}

/// Both render shaders parse and validate with naga (what wgpu runs at
/// pipeline creation), so a typo fails here with a line number.
#[test]
fn render_shaders_validate() {
    for (name, src) in [
        ("render_shapes.wgsl", super::shapes_wgsl()),
        ("render_projectiles.wgsl", super::projectiles_wgsl()),
        ("render_tiled_bin.wgsl", super::tiled::bin_wgsl()),
        ("render_tiled_shade.wgsl", super::tiled::shade_wgsl()),
        (
            "render_composite.wgsl",
            super::compose_render("render_composite.wgsl"),
        ),
        ("render_bloom.wgsl", super::compose_render("render_bloom.wgsl")),
        ("ui_panel.wgsl", crate::ui::panel::PANEL_WGSL.to_string()),
    ] {
        let module = naga::front::wgsl::parse_str(&src)
            .unwrap_or_else(|e| panic!("{name}: {}", e.emit_to_string(&src)));
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

#[test]
fn render_path_parses_and_auto_follows_the_adapter_kind() {
    use super::{RenderPath, choose_render_path};
    assert_eq!("Tiled".parse::<RenderPath>(), Ok(RenderPath::Tiled));
    assert_eq!("instanced".parse::<RenderPath>(), Ok(RenderPath::Instanced));
    let err = "quads".parse::<RenderPath>().unwrap_err();
    assert!(err.to_string().contains("\"tiled\""), "{err}");
    let soft = choose_render_path(RenderPath::Auto, wgpu::DeviceType::Cpu, "llvmpipe");
    assert_eq!(soft.path, super::path::AUTO_ON_SOFTWARE);
    assert!(
        soft.reason.contains("software adapter llvmpipe"),
        "{}",
        soft.reason
    );
    let gpu = wgpu::DeviceType::DiscreteGpu;
    assert_eq!(
        choose_render_path(RenderPath::Auto, gpu, "big").path,
        super::path::AUTO_ON_HARDWARE
    );
    let forced = choose_render_path(RenderPath::Tiled, gpu, "big");
    assert_eq!(
        (forced.requested, forced.path),
        (RenderPath::Tiled, RenderPath::Tiled)
    );
}

/// The glow pass adds light around a player shot, where its own halo fades,
/// and nothing where there is no shot.
#[test]
fn the_glow_pass_lights_around_player_shots() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    let mut shot = |glow: bool| {
        let mut scene = super::Scene {
            glow,
            ..super::Scene::default()
        };
        scene.camera.center = glam::Vec2::new(32.0, 32.0);
        let mut p: crate::compute::Projectile = bytemuck::Zeroable::zeroed();
        p.flags = crate::compute::FLAG_ALIVE;
        p.pos = [32.0, 32.0];
        p.radius = 4.0;
        p.user[super::USER_PALETTE] = 1;
        scene.projectile_style.palette[1] = [0.0, 1.0, 0.0, 1.0];
        scene.projectiles = Some(super::ProjectileSource::Cpu(vec![p]));
        super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64])
    };
    let (plain, glowing) = (shot(false), shot(true));
    let green = |img: &super::RgbaImage, x: u32| img.rgb(x, 32)[1];
    // 6 px from the centre: the edge of the shot's own faint halo.
    assert!(
        green(&glowing, 38) > green(&plain, 38) + 4,
        "glow {} vs plain {}",
        green(&glowing, 38),
        green(&plain, 38)
    );
    assert_eq!(green(&glowing, 2), 0, "no light far from the shot");
}

/// Screen-layer shapes land on target pixels whatever the camera looks
/// at, over the world; world shapes out of the camera's view are culled
/// and not drawn.
#[test]
fn the_screen_layer_draws_in_pixels_over_the_world() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    let mut scene = super::Scene::default();
    scene.camera.center = glam::Vec2::new(5000.0, 5000.0);
    let red = [1.0, 0.0, 0.0, 1.0];
    // Under the camera: a green world disc where the screen square goes.
    scene.shapes.push(
        super::Layer::Ground,
        super::Shape::circle(glam::Vec2::new(4984.0, 4984.0), 12.0, [0.0, 1.0, 0.0, 1.0]),
    );
    // Far from the camera: would cover pixel (48, 48) only if drawn at
    // world position 48, 48.
    scene.shapes.push(
        super::Layer::Ground,
        super::Shape::circle(glam::Vec2::new(48.0, 48.0), 6.0, [0.0, 0.0, 1.0, 1.0]),
    );
    let square = super::Shape::new(
        super::ShapeKind::Square,
        glam::Vec2::new(16.0, 16.0),
        glam::Vec2::new(6.0, 6.0),
        red,
    );
    scene.shapes.push(super::Layer::Screen, square);
    for path in [super::RenderPath::Instanced, super::RenderPath::Tiled] {
        renderer.set_path(path);
        let image = super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64]);
        let at = |x, y| image.rgb(x, y);
        let (over, beside) = (at(16, 16), at(24, 16));
        assert!(
            over[0] > 240 && over[1] < 10,
            "{path}: the screen square covers the world: {over:?}"
        );
        assert!(beside[1] > 200, "{path}: the world disc beside it: {beside:?}");
        assert_eq!(at(48, 48), [0, 0, 0], "{path}: the far disc is not drawn");
    }
}

/// A hexagon's corners reach 2/sqrt(3) of its inradius: its quad holds
/// them (it used to end at the inradius and cut the tips off).
#[test]
fn a_hexagon_keeps_its_corners() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    let mut scene = super::Scene::default();
    scene.camera.center = glam::Vec2::new(32.0, 32.0);
    let hexagon = super::Shape::new(
        super::ShapeKind::Hexagon,
        glam::Vec2::new(32.0, 32.0),
        glam::Vec2::splat(20.0),
        [1.0, 1.0, 1.0, 1.0],
    );
    scene.shapes.push(super::Layer::Ground, hexagon);
    let image = super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64]);
    let lit = |x, y| image.rgb(x, y)[0];
    // The corner at x = 32 + 23.1: pixel 54 (centre 54.5) is 1 px inside.
    assert!(
        lit(54, 32) > 100 && lit(9, 32) > 100,
        "{} {}",
        lit(54, 32),
        lit(9, 32)
    );
    assert_eq!(lit(57, 32), 0, "and nothing past the corner");
}

/// The projectile struct in the render shader is the compute contract's size.
#[test]
fn shader_projectile_matches_the_contract() {
    let module = naga::front::wgsl::parse_str(&super::projectiles_wgsl()).expect("parse");
    let ty = module
        .types
        .iter()
        .find(|(_, t)| t.name.as_deref() == Some("Projectile"))
        .expect("Projectile struct");
    let size = ty.1.inner.size(module.to_ctx());
    assert_eq!(size as usize, std::mem::size_of::<crate::compute::Projectile>());
}

/// The pipelines build on a real device without validation errors, and a
/// frame with shapes and projectiles renders into an offscreen target.
#[test]
fn pipelines_build_and_draw_on_a_device() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let device = &ctx.device;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let mut renderer = super::SceneRenderer::new(device, format);
    let mut scene = super::Scene::default();
    scene.camera.center = glam::Vec2::new(32.0, 32.0);
    scene.clear = [0.0, 0.0, 0.0];
    scene.shapes.push(
        super::Layer::Ground,
        super::Shape::circle(glam::Vec2::new(16.0, 32.0), 8.0, [1.0, 0.0, 0.0, 1.0]),
    );
    scene.shapes.push(
        super::Layer::Ground,
        super::Shape::circle(glam::Vec2::new(20.0, 52.0), 10.0, [0.2, 0.6, 0.2, 0.3]).outlined(3.0),
    );
    let mut p: crate::compute::Projectile = bytemuck::Zeroable::zeroed();
    p.flags = crate::compute::FLAG_ALIVE;
    p.pos = [48.0, 32.0];
    p.radius = 4.0;
    p.user[super::USER_PALETTE] = 1;
    scene.projectile_style.palette[1] = [0.0, 1.0, 0.0, 1.0];
    scene.projectiles = Some(super::ProjectileSource::Cpu(vec![p]));
    let target = super::screenshot::offscreen_target(device, format, [64, 64]);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    let mut scopes = crate::profile::GpuScopes::new(device, "frame");
    let mut f = super::FrameTarget {
        device,
        queue: &ctx.queue,
        encoder: &mut encoder,
        view: &view,
        size: [64, 64],
        scopes: &mut scopes,
    };
    renderer.encode(&mut f, &scene);
    scopes.resolve(&mut encoder);
    ctx.queue.submit([encoder.finish()]);
    scopes.end_frame(0);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{error:?}");
    let image = super::screenshot::read_texture(device, &ctx.queue, &target).expect("read back");
    let at = |x, y| image.rgb(x, y);
    assert!(at(16, 32)[0] > 200, "the red circle is drawn: {:?}", at(16, 32));
    assert!(
        at(48, 32)[1] > 100,
        "the green projectile is drawn: {:?}",
        at(48, 32)
    );
    assert_eq!(at(2, 2), [0, 0, 0], "the background is clear");
    let (centre, rim) = (at(20, 52), at(28, 52));
    assert!(
        rim[1] > centre[1] + 60,
        "a translucent outlined shape has a bright rim: centre {centre:?}, rim {rim:?}"
    );
    assert!(centre[1] > 20, "and a visible translucent fill: {centre:?}");
    // The world pass came back as a GPU scope (read-back done: the frame
    // was read above).
    if scopes.supported() {
        let _ = device.poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        });
        let gpu = scopes
            .collect(&ctx.queue)
            .expect("the frame's GPU scopes come back");
        assert!(
            gpu.passes
                .iter()
                .any(|(name, ms, _)| name == "world" && *ms >= 0.0),
            "{:?}",
            gpu.passes
        );
    }
}
