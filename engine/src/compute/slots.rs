//! CPU-side ownership of projectile slots: allocation (lowest free slot first,
//! so runs are deterministic and live slots stay packed at the front), edits
//! waiting for the next upload, and the rules that keep slot numbers in events
//! unambiguous.
//!
//! Rules, the same on both backends:
//! - A slot named by an EXPIRE event is freed, but only at the start of the
//!   next `step`, so a spawn made while handling a batch of events never
//!   reuses a slot that the same batch still talks about.
//! - `kill` uploads a dead slot with the next step; events of earlier steps
//!   that name it are dropped, and it is freed at the start of the step after.
//! - A `write` uploaded after a step was dispatched wins over that step's
//!   EXPIRE for the slot (e.g. a projectile parried on the step it expired
//!   keeps flying): the EXPIRE is dropped and the slot stays in use.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::config::MAX_PIERCE;
use super::types::{FLAG_ALIVE, MAX_HIT_MEMORY, NONE_U32, Projectile};

/// Slot allocation and pending edits.
#[derive(Debug)]
pub struct SlotBook {
    used: Vec<bool>,
    free: BinaryHeap<Reverse<u32>>,
    live: u32,
    high_water: u32,
    pending: Vec<(u32, Projectile)>,
    killed: Vec<u32>,
    free_next_step: Vec<u32>,
    /// Per slot: in `killed` or `free_next_step` (no slot is freed twice).
    leaving: Vec<bool>,
}

impl SlotBook {
    /// All `capacity` slots free.
    pub fn new(capacity: u32) -> Self {
        Self {
            used: vec![false; capacity as usize],
            // Ascending order is already a valid min-heap.
            free: (0..capacity).map(Reverse).collect(),
            live: 0,
            high_water: 0,
            pending: Vec::new(),
            killed: Vec::new(),
            free_next_step: Vec::new(),
            leaving: vec![false; capacity as usize],
        }
    }

    /// Slots in use (spawned and not yet freed).
    pub fn live_count(&self) -> u32 {
        self.live
    }

    /// One past the highest slot in use: the passes visit only these.
    pub fn high_water(&self) -> u32 {
        self.high_water
    }

    /// Whether `slot` is in use.
    pub fn is_used(&self, slot: u32) -> bool {
        self.used.get(slot as usize).copied().unwrap_or(false)
    }

    /// Takes the lowest free slot for `p` (made live, its pierce capped at
    /// [`MAX_PIERCE`]); `None` when every slot is taken.
    pub fn spawn(&mut self, p: Projectile) -> Option<u32> {
        let Reverse(slot) = self.free.pop()?;
        self.used[slot as usize] = true;
        self.live += 1;
        self.high_water = self.high_water.max(slot + 1);
        self.pending.push((slot, sanitize(p)));
        Some(slot)
    }

    /// Replaces the projectile in a used slot from the next step on; false if the slot is not in use.
    pub fn write(&mut self, slot: u32, p: Projectile) -> bool {
        if !self.is_used(slot) || self.leaving[slot as usize] {
            return false;
        }
        self.pending.push((slot, sanitize(p)));
        true
    }

    /// Removes the projectile in `slot` from the next step on; false if the slot is not in use.
    pub fn kill(&mut self, slot: u32) -> bool {
        if !self.is_used(slot) || self.leaving[slot as usize] {
            return false;
        }
        self.leaving[slot as usize] = true;
        self.killed.push(slot);
        self.pending.push((slot, Projectile::zeroed_dead()));
        true
    }

    /// Start of a step: frees the slots held back since the last one, then
    /// hands over the edits to upload (sorted by slot, last edit wins) and the
    /// slots killed by them.
    pub fn begin_step(&mut self) -> (Vec<(u32, Projectile)>, Vec<u32>) {
        for slot in std::mem::take(&mut self.free_next_step) {
            self.release(slot);
        }
        let mut edits = std::mem::take(&mut self.pending);
        // Stable sort, then keep the last edit of each slot.
        edits.sort_by_key(|&(slot, _)| slot);
        let mut deduped: Vec<(u32, Projectile)> = Vec::with_capacity(edits.len());
        for (slot, p) in edits {
            match deduped.last_mut() {
                Some(last) if last.0 == slot => last.1 = p,
                _ => deduped.push((slot, p)),
            }
        }
        let killed = std::mem::take(&mut self.killed);
        for &slot in &killed {
            self.free_next_step.push(slot);
        }
        (deduped, killed)
    }

    /// An EXPIRE was delivered for `slot`: free it at the start of the next step.
    pub fn expire(&mut self, slot: u32) {
        if self.is_used(slot) && !self.leaving[slot as usize] {
            self.leaving[slot as usize] = true;
            self.free_next_step.push(slot);
        }
    }

    /// Replaces the whole state (tests and debugging): a slot is in use when
    /// its projectile is alive; every slot is uploaded with the next step.
    pub fn load(&mut self, state: &[Projectile]) {
        let capacity = self.used.len();
        self.used = vec![false; capacity];
        self.leaving = vec![false; capacity];
        self.live = 0;
        self.high_water = 0;
        self.pending.clear();
        self.killed.clear();
        self.free_next_step.clear();
        let mut free = Vec::new();
        for slot in 0..capacity as u32 {
            match state.get(slot as usize) {
                Some(p) if p.is_alive() => {
                    self.used[slot as usize] = true;
                    self.live += 1;
                    self.high_water = slot + 1;
                }
                _ => free.push(Reverse(slot)),
            }
        }
        self.free = free.into_iter().collect();
        let upload = state.len().min(capacity);
        self.pending = state[..upload]
            .iter()
            .enumerate()
            .map(|(slot, p)| (slot as u32, *p))
            .collect();
    }

    fn release(&mut self, slot: u32) {
        if !self.is_used(slot) {
            return;
        }
        self.used[slot as usize] = false;
        self.leaving[slot as usize] = false;
        self.live -= 1;
        self.free.push(Reverse(slot));
        while self.high_water > 0 && !self.used[self.high_water as usize - 1] {
            self.high_water -= 1;
        }
    }
}

impl Projectile {
    /// An empty slot as uploaded by `kill`.
    fn zeroed_dead() -> Self {
        bytemuck::Zeroable::zeroed()
    }
}

/// Makes a spawned or edited projectile valid for the passes.
fn sanitize(mut p: Projectile) -> Projectile {
    p.flags |= FLAG_ALIVE;
    p.pierce = p.pierce.min(MAX_PIERCE);
    p.hit_count = p.hit_count.min(MAX_HIT_MEMORY as u32);
    for k in p.hit_count as usize..MAX_HIT_MEMORY {
        p.hit_memory[k] = NONE_U32;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot() -> Projectile {
        Projectile::new([10.0, 10.0], [1.0, 0.0], 4.0, 1.0)
    }

    #[test]
    fn lowest_free_slot_first_and_freed_one_step_later() {
        let mut book = SlotBook::new(4);
        assert_eq!(book.spawn(shot()), Some(0));
        assert_eq!(book.spawn(shot()), Some(1));
        assert_eq!(book.spawn(shot()), Some(2));
        book.begin_step();
        book.expire(1);
        assert_eq!(book.spawn(shot()), Some(3), "slot 1 is held until the next step");
        assert_eq!(book.spawn(shot()), None);
        book.begin_step();
        assert_eq!(book.spawn(shot()), Some(1));
        assert_eq!(book.live_count(), 4);
    }

    #[test]
    fn kill_frees_after_the_next_step_and_edits_dedupe() {
        let mut book = SlotBook::new(3);
        book.spawn(shot());
        book.spawn(shot());
        let mut edited = shot();
        edited.pierce = 50;
        assert!(book.write(1, edited));
        let (edits, killed) = book.begin_step();
        assert_eq!(edits.len(), 2);
        assert_eq!(edits[1].1.pierce, MAX_PIERCE);
        assert!(killed.is_empty());
        assert!(book.kill(1));
        assert!(!book.write(1, shot()));
        let (_, killed) = book.begin_step();
        assert_eq!(killed, vec![1]);
        assert_eq!(book.high_water(), 2);
        book.begin_step();
        assert_eq!(book.high_water(), 1);
        assert_eq!(book.live_count(), 1);
    }
}
