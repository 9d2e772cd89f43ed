//! SuperCollider's checks (Stephenson et al., PLDI 2026), on the simulator.
//!
//! SuperCollider keeps no state per location: after every weak (plain)
//! load or store, the thread sleeps a random while and reads the bytes
//! again; without synchronisation nothing may change them, so a changed
//! value is a definite race (§3.1, §3.2):
//!
//! - *clobbered read*: a plain read's bytes changed while its thread slept;
//! - *lost update*: a plain write's bytes changed while its thread slept;
//! - *intra-warp lost update* (§3.3): two lanes of a warp store to
//!   overlapping bytes in one execution of one store instruction (the
//!   paper's `match` and `popcount` before the store).
//!
//! The machine does the sleeping and the re-read ([`Needs::Delays`]); this
//! detector compares. Atomics are not checked (they are strong), but they
//! can clobber a plain access. Where the paper has only the racing thread,
//! the simulator also knows who clobbered: the detector keeps the last
//! writer of each byte, which names the race's other side.
//!
//! Blind spots, from the paper (each has a test in `tests/run.rs`): a race
//! is seen only when it happens inside a delay, so blocks that never run
//! at the same time (another wave) are never compared; a write of the value
//! already there changes nothing and is missed (value-based); a read that
//! sees another thread's write only after its re-read is missed.

use std::collections::HashSet;

use gpurace_ir::Space;
use rustc_hash::FxHashMap;

use super::{class, AccessEvent, Detector, Mode, Needs, Observed, Side, ThreadRef};
use crate::memory::Location;

/// One execution of one store instruction by the lanes of a warp.
#[derive(Default)]
struct Instance {
    /// How many times each lane had run the store before this execution.
    count: u32,
    lanes: Vec<(Side, u64, u64)>,
}

#[derive(Default)]
pub struct SuperCollider {
    /// The last writer of each byte of shared (per block) and global memory.
    writers: FxHashMap<(Space, u32, u64), Side>,
    /// Per thread and store: how many times the thread ran it.
    executions: FxHashMap<(ThreadRef, u32), u32>,
    /// Per block, warp and store: its latest execution.
    stores: FxHashMap<(u32, u32, u32), Instance>,
    found: HashSet<(u32, u32, u8, &'static str)>,
    races: Vec<Observed>,
}

impl SuperCollider {
    pub fn new() -> SuperCollider {
        SuperCollider::default()
    }

    fn report(&mut self, first: Side, second: Side, at: Location, check: &'static str) {
        let (a, b) = (first.access.min(second.access), first.access.max(second.access));
        if self.found.insert((a, b, class(first.who, second.who), check)) {
            self.races.push(Observed { first, second, at, check: Some(check) });
        }
    }

    /// The intra-warp check of a plain store: the other lanes of this
    /// execution of the store that wrote an overlapping byte.
    fn intra_warp(&mut self, ev: &AccessEvent, side: Side) {
        let count = self.executions.entry((ev.who, ev.access)).or_insert(0);
        let n = *count;
        *count += 1;
        let key = (ev.who.block, ev.who.warp(), ev.access);
        let instance = self.stores.entry(key).or_default();
        if instance.count < n || instance.lanes.is_empty() {
            *instance = Instance { count: n, lanes: Vec::new() };
        } else if instance.count > n {
            return;
        }
        let (lo, hi) = (ev.at.addr, ev.at.addr + ev.size.max(1));
        let other = instance
            .lanes
            .iter()
            .find(|(s, at, size)| s.who != ev.who && *at < hi && lo < at + size.max(&1))
            .map(|(s, at, _)| (*s, (*at).max(lo)));
        instance.lanes.push((side, lo, ev.size));
        if let Some((earlier, byte)) = other {
            self.report(earlier, side, Location { addr: byte, ..ev.at }, "intra-warp lost update");
        }
    }
}

impl Detector for SuperCollider {
    fn name(&self) -> &'static str {
        "supercollider"
    }

    fn needs(&self) -> Needs {
        Needs::Delays
    }

    fn block_start(&mut self, _block: u32, _threads: u32) {}

    fn block_end(&mut self, block: u32) {
        self.writers.retain(|(space, owner, _), _| *space != Space::Shared || *owner != block);
        self.stores.retain(|(b, _, _), _| *b != block);
    }

    fn access(&mut self, ev: &AccessEvent) {
        let side = Side { who: ev.who, access: ev.access, mode: ev.mode };
        if ev.mode == Mode::Write {
            self.intra_warp(ev, side);
        }
        if ev.mode.writes() {
            for byte in ev.at.addr..ev.at.addr + ev.size {
                self.writers.insert((ev.at.space, ev.at.owner, byte), side);
            }
        }
    }

    fn sync(&mut self, _block: u32, _participants: &[u32], _whole_block: bool) {}

    fn grid_sync(&mut self) {}

    fn recheck(&mut self, ev: &AccessEvent, then: u128, now: u128) {
        let Some(k) = (0..ev.size.min(16)).find(|k| (then ^ now) >> (8 * k) & 0xff != 0) else { return };
        let at = Location { addr: ev.at.addr + k, ..ev.at };
        let Some(&clobberer) = self.writers.get(&(at.space, at.owner, at.addr)) else { return };
        if clobberer.who == ev.who {
            return;
        }
        let side = Side { who: ev.who, access: ev.access, mode: ev.mode };
        let check = if ev.mode == Mode::Read { "clobbered read" } else { "lost update" };
        self.report(side, clobberer, at, check);
    }

    fn races(&self) -> Vec<Observed> {
        self.races.clone()
    }
}
