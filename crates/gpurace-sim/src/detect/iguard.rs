//! iGUARD's detector (Kamath and Basu, SOSP '21; `../shared/papers/
//! iguard.txt`, Table 2), with exact data structures in place of the
//! paper's bit fields and Bloom filters.
//!
//! Per 4-byte granule of global memory: flags (valid, modified, atomic and
//! its scope, shared across blocks or warps) and the last writer and last
//! accessor, each with the synchronisation counters of its thread at the
//! access: its block's barrier count, its warp's `__syncwarp` count, its
//! own device and block fence counts, and the locks it held. An access is
//! trivially race-free by P1-P6 (first access, no write, program order,
//! warp-synced, barrier, safe atomic); otherwise R1-R5 (scoped atomic,
//! intra-warp, intra-block, inter-block, missing lock) decide, in order.
//! Fences are release-side: the earlier accessor must have fenced since its
//! access. Locks are inferred: `atomicCAS` then a fence takes one,
//! `atomicExch` releases it.
//!
//! Blind spots, from the paper, each shown by a test against the
//! happens-before reference: shared memory is not watched; only the last
//! writer and last accessor are kept (a writer ordered after the last
//! reader but not an earlier one is missed); an acquire fence on the
//! reader's side is not needed (only the producer's fence is checked).
//! Independent thread scheduling is assumed: a warp's active mask holds
//! only the accessing lane, so P4 needs a `__syncwarp`.

use std::collections::{BTreeSet, HashMap};

use gpurace_ir::{AtomicOp, Scope, Space};

use super::{class, AccessEvent, Detector, Mode, Observed, Side, ThreadRef};
use crate::memory::Location;

/// A thread's synchronisation counters at an access.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Accessor {
    side: Side,
    blk_bar: u32,
    warp_bar: u32,
    dev_fence: u32,
    blk_fence: u32,
    locks: BTreeSet<u64>,
    /// Grid barriers passed before the access.
    epoch: u32,
}

#[derive(Debug, Default, Clone)]
struct Granule {
    modified: bool,
    atomic: bool,
    block_scope: bool,
    dev_shared: bool,
    blk_shared: bool,
    writer: Option<Accessor>,
    accessor: Option<Accessor>,
}

/// A lock a warp took with `atomicCAS`: active once a fence follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lock {
    addr: u64,
    block_scope: bool,
    active: bool,
}

#[derive(Default)]
pub struct IGuard {
    granules: HashMap<u64, Granule>,
    /// Per block: `__syncthreads` passed.
    blk_bar: HashMap<u32, u32>,
    /// Per (block, warp): `__syncwarp`s passed.
    warp_bar: HashMap<(u32, u32), u32>,
    /// Per thread: device and block fences executed.
    fences: HashMap<ThreadRef, (u32, u32)>,
    /// Per thread: the locks it holds (iGUARD keeps them per warp or per
    /// thread; per thread is the finer of the two).
    locks: HashMap<ThreadRef, Vec<Lock>>,
    /// Grid barriers passed.
    epoch: u32,
    found: BTreeSet<(u32, u32, u8)>,
    races: Vec<Observed>,
}

impl IGuard {
    pub fn new() -> IGuard {
        IGuard::default()
    }

    fn accessor(&self, side: Side) -> Accessor {
        let who = side.who;
        let (dev_fence, blk_fence) = self.fences.get(&who).copied().unwrap_or_default();
        let locks = self.locks.get(&who).into_iter().flatten().filter(|l| l.active).map(|l| l.addr).collect();
        Accessor {
            side,
            blk_bar: self.blk_bar.get(&who.block).copied().unwrap_or(0),
            warp_bar: self.warp_bar.get(&(who.block, who.warp())).copied().unwrap_or(0),
            dev_fence,
            blk_fence,
            locks,
            epoch: self.epoch,
        }
    }

    /// Table 2: whether the access `curr` races with the metadata `g`, and
    /// with whom.
    fn check(&self, g: &Granule, curr: &Accessor) -> Option<Side> {
        let load = curr.side.mode == Mode::Read;
        let md = if load { g.writer.as_ref() } else { g.accessor.as_ref() }?;
        let c = curr.side.who;
        let m = md.side.who;
        let shared = g.dev_shared || g.blk_shared;
        // P1 is the `?` above; P2: nothing wrote it and this does not. A
        // grid barrier since orders everything.
        if (!g.modified && load) || md.epoch != self.epoch {
            return None;
        }
        // P3: program order; P4: a `__syncwarp` since (the active mask holds
        // only the accessing lane under independent thread scheduling).
        if !shared && c == m {
            return None;
        }
        let now = self.accessor(curr.side);
        if !shared && c.block == m.block && c.warp() == m.warp() && md.warp_bar != now.warp_bar {
            return None;
        }
        // P5: a block barrier since, in the same block.
        if !g.dev_shared && c.block == m.block && md.blk_bar != now.blk_bar {
            return None;
        }
        // P6: atomics of a scope that covers both.
        let atomic = matches!(curr.side.mode, Mode::Atomic(..));
        if g.atomic && atomic && (c.block == m.block || !g.block_scope) {
            return None;
        }
        // The earlier accessor's fences since its access.
        let (dev_now, blk_now) = self.fences.get(&m).copied().unwrap_or_default();
        let no_dev_fence = md.dev_fence == dev_now;
        let no_blk_fence = md.blk_fence == blk_now;
        let writer_block = g.writer.as_ref().map(|w| w.side.who.block);
        let racy = (g.atomic && g.block_scope && writer_block.is_some_and(|b| b != c.block)) // R1
            || (c.block == m.block && c.warp() == m.warp() && no_dev_fence && no_blk_fence && !shared) // R2
            || (no_dev_fence && no_blk_fence && !g.dev_shared && c.block == m.block) // R3
            || (c.block != m.block && no_dev_fence) // R4
            || ((!md.locks.is_empty() || !curr.locks.is_empty()) && md.locks.is_disjoint(&curr.locks)); // R5
        racy.then_some(md.side)
    }
}

impl Detector for IGuard {
    fn name(&self) -> &'static str {
        "iguard"
    }

    fn block_start(&mut self, block: u32, _threads: u32) {
        self.blk_bar.insert(block, 0);
    }

    fn access(&mut self, ev: &AccessEvent) {
        if ev.at.space != Space::Global {
            return;
        }
        let side = Side { who: ev.who, access: ev.access, mode: ev.mode };
        if let Mode::Atomic(op, scope) = ev.mode {
            let locks = self.locks.entry(ev.who).or_default();
            let block_scope = scope == Scope::Block || scope == Scope::Warp;
            match op {
                AtomicOp::Cas if !locks.iter().any(|l| l.addr == ev.at.addr) => {
                    locks.push(Lock { addr: ev.at.addr, block_scope, active: false })
                }
                AtomicOp::Exch => locks.retain(|l| l.addr != ev.at.addr),
                _ => {}
            }
        }
        let curr = self.accessor(side);
        let first = ev.at.addr & !3;
        let last = (ev.at.addr + ev.size.max(1) - 1) & !3;
        for granule in (first..=last).step_by(4) {
            let g = self.granules.get(&granule).cloned().unwrap_or_default();
            if let Some(earlier) = self.check(&g, &curr) {
                let (a, b) = (earlier.access.min(side.access), earlier.access.max(side.access));
                if self.found.insert((a, b, class(earlier.who, side.who))) {
                    let at = Location { addr: granule, ..ev.at };
                    self.races.push(Observed { first: earlier, second: side, at, check: None });
                }
            }
            let g = self.granules.entry(granule).or_default();
            if let Some(a) = &g.accessor {
                let m = a.side.who;
                if m.block != ev.who.block {
                    g.dev_shared = true;
                } else if m.warp() != ev.who.warp() {
                    g.blk_shared = true;
                }
            }
            g.accessor = Some(curr.clone());
            if ev.mode.writes() {
                g.writer = Some(curr.clone());
                g.modified = true;
                g.dev_shared = false;
                g.blk_shared = false;
            }
            if let Mode::Atomic(_, scope) = ev.mode {
                g.atomic = true;
                g.block_scope = scope == Scope::Block || scope == Scope::Warp;
            }
        }
    }

    fn sync(&mut self, block: u32, participants: &[u32], whole_block: bool) {
        if whole_block {
            *self.blk_bar.entry(block).or_default() += 1;
            return;
        }
        let mut warps: Vec<u32> = participants.iter().map(|t| t / 32).collect();
        warps.dedup();
        for w in warps {
            *self.warp_bar.entry((block, w)).or_default() += 1;
        }
    }

    fn grid_sync(&mut self) {
        // A grid barrier is built from device atomics, fences and block
        // barriers, which iGUARD sees one by one; here it is one step.
        self.epoch += 1;
    }

    fn fence(&mut self, who: ThreadRef, scope: Scope) {
        let f = self.fences.entry(who).or_default();
        match scope {
            Scope::Block | Scope::Warp => f.1 += 1,
            Scope::Device | Scope::System => f.0 += 1,
        }
        // A device fence activates every lock taken; a block fence only
        // block-scope ones.
        let device = matches!(scope, Scope::Device | Scope::System);
        for lock in self.locks.entry(who).or_default() {
            if device || lock.block_scope {
                lock.active = true;
            }
        }
    }

    fn races(&self) -> Vec<Observed> {
        self.races.clone()
    }
}
