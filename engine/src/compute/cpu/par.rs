//! The two per-projectile passes (`projectile_step`, `collide`) spread over
//! the threads of the current rayon pool, bit for bit the same as the
//! single-threaded twins of this folder, which stay the reference.
//!
//! Why the results cannot differ: each slot runs the very same per-slot
//! function ([`projectile_step::step_slot`], [`collide::collide_slot`]),
//! which reads the enemies and the grid (unchanged during the pass) and
//! writes only its own slot. The only shared output is the event list, and
//! the serial pass appends it in slot order; here every chunk of slots keeps
//! its events in a list of its own and the lists are appended chunk by
//! chunk, in slot order, through the same [`CpuBuffers::push_event`] (so the
//! event cap and the overflow count fall on the same events too).
//!
//! Small steps stay serial: below [`PAR_MIN_SLOTS`] the fork costs more
//! than the work (a wave's hundred projectiles take microseconds).

use rayon::prelude::*;

use super::collide::collide_slot;
use super::projectile_step::{GridView, step_slot};
use super::{CpuBuffers, collide, projectile_step};
use crate::compute::types::Projectile;

/// Slots below which a pass runs on the calling thread.
pub const PAR_MIN_SLOTS: u32 = 4096;

/// Slots per parallel task: big enough that a task's bookkeeping is noise,
/// small enough that two to sixteen threads share a 20k-slot step evenly.
pub const CHUNK_SLOTS: usize = 1024;

/// One event as a chunk records it: kind, projectile, enemy, position.
type Pending = (u32, u32, u32, [f32; 2]);

/// Whether a pass over `slot_count` slots should fork.
pub fn worth_forking(slot_count: u32) -> bool {
    slot_count >= PAR_MIN_SLOTS && rayon::current_num_threads() > 1
}

fn append(b: &mut CpuBuffers, chunks: Vec<Vec<Pending>>) {
    for (kind, projectile, enemy, pos) in chunks.into_iter().flatten() {
        b.push_event(kind, projectile, enemy, pos);
    }
}

/// Runs `body` on every slot of `projectiles`, chunk by chunk over the pool;
/// each chunk's events come back in a list of their own, chunks in order.
fn fork(
    projectiles: &mut [Projectile],
    body: impl Fn(u32, &mut Projectile, &mut Vec<Pending>) + Sync,
) -> Vec<Vec<Pending>> {
    projectiles
        .par_chunks_mut(CHUNK_SLOTS)
        .enumerate()
        .map(|(c, slots)| {
            let mut events = Vec::new();
            let base = (c * CHUNK_SLOTS) as u32;
            for (i, p) in slots.iter_mut().enumerate() {
                body(base + i as u32, p, &mut events);
            }
            events
        })
        .collect()
}

/// [`projectile_step::projectile_step`] over the pool.
pub fn projectile_step(b: &mut CpuBuffers) {
    if !worth_forking(b.params.slot_count) {
        projectile_step::projectile_step(b);
        return;
    }
    let params = b.params;
    let n = params.slot_count as usize;
    let view = GridView {
        params: &params,
        grid: &b.grid,
        cell_enemies: &b.cell_enemies,
        enemies: &b.enemies,
    };
    let chunks = fork(&mut b.projectiles[..n], |slot, p, events| {
        step_slot(&view, slot, p, &mut |k, s, e, pos| events.push((k, s, e, pos)));
    });
    append(b, chunks);
}

/// [`collide::collide`] over the pool.
pub fn collide(b: &mut CpuBuffers) {
    if !worth_forking(b.params.slot_count) {
        collide::collide(b);
        return;
    }
    let params = b.params;
    let n = params.slot_count as usize;
    let (grid, cell_enemies, enemies) = (&b.grid, &b.cell_enemies, &b.enemies);
    let chunks = fork(&mut b.projectiles[..n], |slot, p, events| {
        collide_slot(
            &params,
            grid,
            cell_enemies,
            enemies,
            slot,
            p,
            &mut |k, s, e, pos| events.push((k, s, e, pos)),
        );
    });
    append(b, chunks);
}
