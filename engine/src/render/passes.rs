//! The shared shapes of the render passes: a colour pass with its GPU
//! scope, the full-screen pipeline every composite and post pass uses, the
//! bind-group entries they read, their layer textures, the background clear
//! and additive blending. One builder each, so the world, the crowd layer,
//! the bloom chain, the tiled shading and the cached panel stay alike.

use crate::profile::GpuScopes;

/// Begins a render pass with its GPU scope over one colour target (the world, the glow,
/// the crowd layer and the tiled shading each draw in one), starting from
/// `load` and storing the result.
pub(crate) fn color_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    label: &'static str,
    view: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
    scopes: &mut GpuScopes,
) -> wgpu::RenderPass<'e> {
    // The scope drops the label's "render " (the trace's rows are all passes).
    let scope = label.strip_prefix("render ").unwrap_or(label);
    let desc = wgpu::RenderPassDescriptor {
        label: Some(label),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load,
                store: wgpu::StoreOp::Store,
            },
        })],
        depth_stencil_attachment: None,
        timestamp_writes: None,
        occlusion_query_set: None,
        multiview_mask: None,
    };
    scopes.render_pass(encoder, scope, desc)
}

/// A pipeline that draws from no vertex buffer (`vs_main` makes its
/// vertices from the vertex index) through `fs_main` into one target of
/// `format` with `blend`, bound to one group of `layout`: the shape of every
/// composite pass (the crowd layer's, the cached panel's).
pub(crate) fn composite_pipeline(
    device: &wgpu::Device,
    label: &'static str,
    module: &wgpu::ShaderModule,
    layout: &wgpu::BindGroupLayout,
    format: wgpu::TextureFormat,
    blend: wgpu::BlendState,
) -> wgpu::RenderPipeline {
    fullscreen_pipeline(device, label, module, layout, "fs_main", format, Some(blend))
}

/// A filterable 2-D texture read by the fragment stage: what every
/// composite and post pass samples (the crowd layer, the bloom chain).
pub(crate) fn texture_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Texture {
            sample_type: wgpu::TextureSampleType::Float { filterable: true },
            view_dimension: wgpu::TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    }
}

/// A uniform buffer read by the fragment stage.
pub(crate) fn uniform_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// A filtering sampler used by the fragment stage.
pub(crate) fn sampler_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
        count: None,
    }
}

/// A full-screen pipeline with no vertex buffer (`vs_main` makes a
/// triangle from the vertex index) through fragment entry `fs` into one
/// target of `format`: every composite and post pass (crowd layer, cached
/// panel, the bloom chain) shares this shape, so they share one builder.
pub(crate) fn fullscreen_pipeline(
    device: &wgpu::Device,
    label: &'static str,
    module: &wgpu::ShaderModule,
    layout: &wgpu::BindGroupLayout,
    fs: &'static str,
    format: wgpu::TextureFormat,
    blend: Option<wgpu::BlendState>,
) -> wgpu::RenderPipeline {
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &[Some(layout)],
        immediate_size: 0,
    });
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(&pipeline_layout),
        vertex: wgpu::VertexState {
            module,
            entry_point: Some("vs_main"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some(fs),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// A colour target of `size` that a later composite pass samples (the
/// crowd layer, the cached panel).
pub(crate) fn layer_texture(
    device: &wgpu::Device,
    label: &'static str,
    format: wgpu::TextureFormat,
    size: [u32; 2],
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: size[0],
            height: size[1],
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    })
}

/// A clear to the scene's background colour.
pub(crate) fn clear_to(rgb: [f32; 3]) -> wgpu::LoadOp<wgpu::Color> {
    let [r, g, b] = rgb;
    wgpu::LoadOp::Clear(wgpu::Color {
        r: f64::from(r),
        g: f64::from(g),
        b: f64::from(b),
        a: 1.0,
    })
}

/// Additive blending: light adds up where projectiles overlap.
pub(crate) const ADDITIVE: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::Zero,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
};
