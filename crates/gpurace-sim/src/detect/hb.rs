//! The happens-before reference detector.
//!
//! Each thread has a vector clock over the threads of its block; a barrier
//! (block, warp or tile) joins its participants' clocks and advances each
//! participant's own entry, so an access happens before another of the same
//! block exactly when the later thread's clock has caught up with the
//! earlier one's entry at the time of the access. Threads of different
//! blocks are ordered by a grid barrier between the accesses (an epoch
//! count) and by release and acquire through atomics (below). Atomics do not
//! race with atomics whose scopes both cover the pair of threads
//! (`atomicAdd_block` of two blocks do).
//!
//! Release and acquire follow scoped fences (the HRF model the static
//! engine uses): a fence of scope S snapshots what the thread knows; an
//! atomic write after it publishes the snapshot on its location, with the
//! narrower of S and the atomic's scope; an atomic read of that location by
//! a thread that scope and the reading atomic's scope cover (its block for
//! a block scope, anyone for a device scope) learns it: at once for a
//! flag's read when it is a spin-wait's (in a loop's condition, as the
//! static engine takes waits), at the thread's next fence (of a scope that
//! covers the releaser) for a lock's `atomicCAS`, as the static engine and
//! iGUARD take a lock. Knowledge of other blocks'
//! threads travels in a sparse map next to the block's clocks, so a
//! hand-off through a third thread (thread 0 to thread 32 with a block
//! fence, then to another block with a device fence) orders the first
//! access before the last.
//!
//! Clocks are kept as what the whole block knows since its last block
//! barrier (`base`), each thread's own entry, and per thread the few entries
//! it learnt since from warp syncs, tiles and acquires: a block barrier
//! costs the block's size, not its square.
//!
//! Shadow memory keeps, per byte, the last plain write and, since it, the
//! last plain read and the last atomic of each thread (FastTrack's rule: a
//! later access ordered after a thread's last read is ordered after its
//! earlier ones too; atomics apart, since an atomic does not conflict with
//! another thread's atomic the way the plain access before it does), so it
//! reports the first race on a byte exactly, and every pair of source
//! accesses the run makes conflict unordered on some byte. A block's shared
//! memory and clocks are dropped when it ends.
//!
//! Not modelled (a race this detector reports where the program
//! synchronises by it): ordering through `volatile` accesses without
//! atomics.

use std::collections::{BTreeSet, HashMap};

use gpurace_ir::{AtomicOp, Scope, Space};
use rustc_hash::FxHashMap;

use super::{class, AccessEvent, Detector, Mode, Observed, Side, ThreadRef};
use crate::memory::Location;

/// One access in shadow memory.
#[derive(Debug, Clone, Copy)]
struct Stamp {
    side: Side,
    /// The thread's own clock entry at the access.
    clock: u32,
    /// Grid barriers passed before the access.
    epoch: u32,
}

#[derive(Debug, Default, Clone)]
struct Cell {
    /// The last plain write.
    write: Option<Stamp>,
    /// Each thread's last plain read since that write.
    reads: Vec<Stamp>,
    /// Each thread's last device- or system-scope atomic since that write.
    /// Atomics are kept apart: an atomic does not stand for a plain access
    /// of its thread before it (another thread's atomic races with the plain
    /// access, not with it).
    atomics: Vec<Stamp>,
    /// Each thread's last block- or warp-scope atomic since that write:
    /// kept apart from the others, so that a device-scope atomic, which
    /// conflicts with no device-scope atomic, is not checked against a hot
    /// location's thousands of them.
    scoped: Vec<Stamp>,
}

/// Puts `stamp` in place of its thread's entry of `list`.
///
/// Only the last few entries are searched: a thread that accesses a byte
/// again usually does so before many others have. Otherwise the stamp is
/// added; when the list is full (its capacity, from 64) it is first
/// compacted in place to one entry per thread, and its capacity doubled
/// when that leaves it more than half full, so that compactions stay rare.
/// An older entry of a thread left meanwhile is one more earlier access to
/// check, never a lost one; a byte read by a thousand threads costs a few
/// comparisons a read instead of a thousand.
fn latest(list: &mut Vec<Stamp>, stamp: Stamp) {
    let recent = list.len().saturating_sub(8);
    if let Some(r) = list[recent..].iter_mut().rev().find(|r| r.side.who == stamp.side.who) {
        *r = stamp;
        return;
    }
    if list.len() >= 64 && list.len() == list.capacity() {
        let mut seen = rustc_hash::FxHashSet::with_capacity_and_hasher(list.len(), Default::default());
        let keep: Vec<bool> = list.iter().rev().map(|s| seen.insert(s.side.who)).collect();
        let mut i = list.len();
        list.retain(|_| {
            i -= 1;
            keep[i]
        });
        if list.len() > list.capacity() / 2 {
            list.reserve(list.capacity());
        }
    }
    list.push(stamp);
}

/// What a thread knows of threads of other blocks: per block, a clock per
/// thread (absent: nothing).
type Foreign = HashMap<u32, Vec<u32>>;

/// What a fence published: the releasing thread's knowledge and the fence's
/// scope.
#[derive(Debug, Clone)]
struct Release {
    who: ThreadRef,
    scope: Scope,
    own: Vec<u32>,
    foreign: Foreign,
}

fn join(into: &mut Vec<u32>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(from) {
        *a = (*a).max(*b);
    }
}

fn join_foreign(into: &mut Foreign, from: &Foreign) {
    for (block, clocks) in from {
        join(into.entry(*block).or_default(), clocks);
    }
}

/// The narrower of two scopes.
fn narrower(a: Scope, b: Scope) -> Scope {
    let rank = |s: Scope| match s {
        Scope::Warp => 0,
        Scope::Block => 1,
        Scope::Device => 2,
        Scope::System => 3,
    };
    if rank(a) <= rank(b) {
        a
    } else {
        b
    }
}

/// Whether `scope` covers threads `a` and `b`.
fn covers(scope: Scope, a: ThreadRef, b: ThreadRef) -> bool {
    match scope {
        Scope::Warp => a.block == b.block && a.warp() == b.warp(),
        Scope::Block => a.block == b.block,
        Scope::Device | Scope::System => true,
    }
}

/// The clocks of one running block.
#[derive(Debug, Default)]
struct Block {
    /// The block's linear id.
    block_id: u32,
    /// What every thread of the block knows (joined at its last barrier).
    base: Vec<u32>,
    /// Each thread's own entry.
    own: Vec<u32>,
    /// Per thread: entries above `base` learnt since the last block barrier.
    extra: Vec<Vec<(u32, u32)>>,
    foreign: Vec<Foreign>,
    released: Vec<Option<Release>>,
    /// Per thread: what its `atomicCAS`es read that its next fence acquires
    /// (a lock is taken by a CAS and a fence).
    pending: Vec<Vec<Release>>,
    /// The block's shared memory.
    shared: FxHashMap<u64, Cell>,
}

impl Block {
    fn new(block_id: u32, n: usize) -> Block {
        Block {
            block_id,
            base: vec![0; n],
            own: vec![1; n],
            extra: vec![Vec::new(); n],
            foreign: vec![Foreign::new(); n],
            released: vec![None; n],
            pending: vec![Vec::new(); n],
            shared: FxHashMap::default(),
        }
    }

    /// Thread `t`'s clock entry for thread `w`.
    fn knows(&self, t: usize, w: usize) -> u32 {
        if t == w {
            return self.own[t];
        }
        let learnt = self.extra[t].iter().find(|(x, _)| *x as usize == w).map_or(0, |(_, c)| *c);
        self.base[w].max(learnt)
    }

    /// Thread `t`'s whole clock.
    fn clock(&self, t: usize) -> Vec<u32> {
        let mut vc = self.base.clone();
        for (w, c) in &self.extra[t] {
            vc[*w as usize] = vc[*w as usize].max(*c);
        }
        vc[t] = self.own[t];
        vc
    }

    /// Thread `t` learns the clock `from`.
    fn learn(&mut self, t: usize, from: &[u32]) {
        for (w, &c) in from.iter().enumerate() {
            if w != t && c > self.knows(t, w) {
                match self.extra[t].iter_mut().find(|(x, _)| *x as usize == w) {
                    Some(e) => e.1 = c,
                    None => self.extra[t].push((w as u32, c)),
                }
            }
        }
    }

    /// Thread `t` learns what the release `r` published.
    fn acquire(&mut self, t: usize, r: &Release) {
        let b = self.block_id;
        if r.who.block == b {
            self.learn(t, &r.own);
        } else {
            join(self.foreign[t].entry(r.who.block).or_default(), &r.own);
        }
        let mut learnt = r.foreign.clone();
        learnt.remove(&b);
        join_foreign(&mut self.foreign[t], &learnt);
    }

    /// Every thread still running passes a block barrier: the block learns
    /// what any of them knew.
    fn barrier(&mut self, participants: &[u32]) {
        for &p in participants {
            let p = p as usize;
            for (w, c) in std::mem::take(&mut self.extra[p]) {
                let b = &mut self.base[w as usize];
                *b = (*b).max(c);
            }
            self.base[p] = self.base[p].max(self.own[p]);
        }
        for &p in participants {
            self.own[p as usize] += 1;
        }
    }

    /// Some threads of the block (a warp, a tile) sync with each other.
    fn partial(&mut self, participants: &[u32]) {
        let mut union: Vec<(u32, u32)> = Vec::new();
        let mut add = |w: u32, c: u32| match union.iter_mut().find(|(x, _)| *x == w) {
            Some(e) => e.1 = e.1.max(c),
            None => union.push((w, c)),
        };
        for &p in participants {
            self.extra[p as usize].iter().for_each(|&(w, c)| add(w, c));
            add(p, self.own[p as usize]);
        }
        for &p in participants {
            self.extra[p as usize] = union.iter().copied().filter(|(w, _)| *w != p).collect();
            self.own[p as usize] += 1;
        }
    }
}

#[derive(Default)]
pub struct HappensBefore {
    blocks: FxHashMap<u32, Block>,
    epoch: u32,
    /// Global memory.
    global: FxHashMap<u64, Cell>,
    /// Per atomic location: what writes after fences published there.
    published: HashMap<Location, Vec<Release>>,
    found: BTreeSet<(u32, u32, u8)>,
    races: Vec<Observed>,
    /// Accesses whose every instance is kept (a replay asks whether two
    /// particular accesses conflict: the shadow cells keep only the latest
    /// accesses of a byte, which can hide an earlier pair).
    watched: BTreeSet<u32>,
    /// Per byte: the instances of watched accesses so far.
    history: FxHashMap<Location, Vec<Stamp>>,
    /// The conflicts of the access being checked (a buffer kept between
    /// accesses).
    conflicts: Vec<(Stamp, u64)>,
}

/// Whether `earlier` happens before an access of `now` made now.
fn ordered(blocks: &FxHashMap<u32, Block>, epoch: u32, earlier: &Stamp, now: ThreadRef) -> bool {
    let w = earlier.side.who;
    if earlier.epoch < epoch {
        return true;
    }
    let Some(block) = blocks.get(&now.block) else { return false };
    if w.block != now.block {
        let known = block.foreign.get(now.thread as usize).and_then(|f| f.get(&w.block));
        return known.and_then(|c| c.get(w.thread as usize)).is_some_and(|c| *c >= earlier.clock);
    }
    w.thread == now.thread || block.knows(now.thread as usize, w.thread as usize) >= earlier.clock
}

impl HappensBefore {
    pub fn new() -> HappensBefore {
        HappensBefore::default()
    }

    /// A detector that also keeps every instance of the accesses `watched`
    /// (indices into `Code::accesses`) and reports each conflicting pair of
    /// them, not only the latest on each byte.
    pub fn watching(watched: BTreeSet<u32>) -> HappensBefore {
        HappensBefore { watched, ..HappensBefore::default() }
    }

    fn report(&mut self, earlier: Side, now: Side, at: Location) {
        let (a, b) = (earlier.access.min(now.access), earlier.access.max(now.access));
        if self.found.insert((a, b, class(earlier.who, now.who))) {
            self.races.push(Observed { first: earlier, second: now, at, check: None });
        }
    }

    /// A watched access against every earlier instance of a watched access
    /// on its bytes.
    fn watch(&mut self, ev: &AccessEvent, stamp: Stamp) {
        for byte in 0..ev.size {
            let at = Location { addr: ev.at.addr + byte, ..ev.at };
            let at = if at.space == Space::Shared { at } else { Location { owner: 0, ..at } };
            let racing: Vec<Side> = self
                .history
                .get(&at)
                .into_iter()
                .flatten()
                .filter(|e| (e.side.mode.writes() || ev.mode.writes()) && e.side.who != ev.who)
                .filter(|e| {
                    let atomic_pair = match (e.side.mode, ev.mode) {
                        (Mode::Atomic(_, s1), Mode::Atomic(_, s2)) => {
                            covers(s1, e.side.who, ev.who) && covers(s2, e.side.who, ev.who)
                        }
                        _ => false,
                    };
                    !atomic_pair && !ordered(&self.blocks, self.epoch, e, ev.who)
                })
                .map(|e| e.side)
                .collect();
            for earlier in racing {
                self.report(earlier, stamp.side, at);
            }
            self.history.entry(at).or_default().push(stamp);
        }
    }

    /// An atomic access: a write publishes the thread's latest fence
    /// snapshot on the location; a read learns what was published there by
    /// fences whose scope covers the reader.
    fn synchronise(&mut self, ev: &AccessEvent) {
        let (b, t) = (ev.who.block, ev.who.thread as usize);
        let Some(block) = self.blocks.get_mut(&b) else { return };
        let Mode::Atomic(op, atomic_scope) = ev.mode else { return };
        // A lock's CAS (in a spin loop or a try-lock's `if`) acquires at the
        // next fence; another atomic only when it is a spin-wait's read (a
        // flag), as only a spin loop waits in the static engine: an atomic
        // whose value no loop waits on orders nothing after it.
        if op != AtomicOp::Store && (ev.wait || op == AtomicOp::Cas) {
            // Both the release (its fence and its atomic) and this atomic
            // must cover the two threads: a block-scope lock does not order
            // threads of different blocks.
            let releases = self.published.get(&ev.at).into_iter().flatten();
            let reach = |r: &&Release| covers(r.scope, r.who, ev.who) && covers(atomic_scope, r.who, ev.who);
            let learnt: Vec<Release> = releases.filter(reach).cloned().collect();
            if op == AtomicOp::Cas {
                // A lock's CAS acquires at the thread's next fence (the
                // static engine's and iGUARD's rule): the fence orders the
                // critical section after it.
                block.pending[t].extend(learnt);
            } else {
                // A flag's atomic read acquires at once (the static engine
                // takes a spin-wait on a flag as ordering what follows).
                learnt.iter().for_each(|r| block.acquire(t, r));
            }
        }
        if ev.mode.writes() {
            if let Some(mut release) = block.released[t].clone() {
                release.scope = narrower(release.scope, atomic_scope);
                let list = self.published.entry(ev.at).or_default();
                match list.iter_mut().find(|r| r.who == release.who && r.scope == release.scope) {
                    Some(r) => *r = release,
                    None => list.push(release),
                }
            }
        }
    }
}

impl Detector for HappensBefore {
    fn name(&self) -> &'static str {
        "hb"
    }

    fn block_start(&mut self, block: u32, threads: u32) {
        self.blocks.insert(block, Block::new(block, threads as usize));
    }

    fn block_end(&mut self, block: u32) {
        self.blocks.remove(&block);
    }

    fn access(&mut self, ev: &AccessEvent) {
        if let Mode::Atomic(..) = ev.mode {
            self.synchronise(ev);
        }
        let side = Side { who: ev.who, access: ev.access, mode: ev.mode };
        let clock = self.blocks.get(&ev.who.block).map_or(0, |b| b.own[ev.who.thread as usize]);
        let stamp = Stamp { side, clock, epoch: self.epoch };
        if self.watched.contains(&ev.access) {
            self.watch(ev, stamp);
        }
        let epoch = self.epoch;
        // The earlier accesses of other threads on the access's bytes, in a
        // buffer kept between accesses (no allocation per access).
        let mut conflicts = std::mem::take(&mut self.conflicts);
        conflicts.clear();
        let shadow = match ev.at.space {
            Space::Shared => self.blocks.get_mut(&ev.who.block).map(|b| &mut b.shared),
            _ => Some(&mut self.global),
        };
        if let Some(shadow) = shadow {
            for addr in ev.at.addr..ev.at.addr + ev.size {
                let cell = shadow.entry(addr).or_default();
                let mut push = |list: &[Stamp]| {
                    conflicts.extend(list.iter().filter(|e| e.side.who != side.who).map(|e| (*e, addr)));
                };
                push(cell.write.as_slice());
                match ev.mode {
                    Mode::Read => {
                        push(&cell.atomics);
                        push(&cell.scoped);
                        latest(&mut cell.reads, stamp);
                    }
                    Mode::Write => {
                        push(&cell.reads);
                        push(&cell.atomics);
                        push(&cell.scoped);
                        cell.write = Some(stamp);
                        cell.reads.clear();
                        cell.atomics.clear();
                        cell.scoped.clear();
                    }
                    Mode::Atomic(_, Scope::Device | Scope::System) => {
                        // Device-scope atomics cover every pair of threads.
                        push(&cell.reads);
                        push(&cell.scoped);
                        latest(&mut cell.atomics, stamp);
                    }
                    Mode::Atomic(..) => {
                        push(&cell.reads);
                        push(&cell.atomics);
                        push(&cell.scoped);
                        latest(&mut cell.scoped, stamp);
                    }
                }
            }
        }
        for &(earlier, addr) in &conflicts {
            let atomic_pair = match (earlier.side.mode, side.mode) {
                (Mode::Atomic(_, s1), Mode::Atomic(_, s2)) => {
                    covers(s1, earlier.side.who, side.who) && covers(s2, earlier.side.who, side.who)
                }
                _ => false,
            };
            if atomic_pair || ordered(&self.blocks, epoch, &earlier, side.who) {
                continue;
            }
            self.report(earlier.side, side, Location { addr, ..ev.at });
        }
        self.conflicts = conflicts;
    }

    fn fence(&mut self, who: ThreadRef, scope: Scope) {
        let t = who.thread as usize;
        let Some(block) = self.blocks.get_mut(&who.block) else { return };
        // The locks this thread's CASes took are held from here, for what
        // the fence's scope covers.
        let pending = std::mem::take(&mut block.pending[t]);
        for r in pending.iter().filter(|r| covers(scope, r.who, who)) {
            block.acquire(t, r);
        }
        let own = block.clock(t);
        block.own[t] += 1;
        let foreign = block.foreign[t].clone();
        block.released[t] = Some(Release { who, scope, own, foreign });
    }

    fn sync(&mut self, block: u32, participants: &[u32], whole_block: bool) {
        let Some(b) = self.blocks.get_mut(&block) else { return };
        if participants.iter().any(|&p| !b.foreign[p as usize].is_empty()) {
            let mut all = Foreign::new();
            participants.iter().for_each(|&p| join_foreign(&mut all, &b.foreign[p as usize]));
            participants.iter().for_each(|&p| b.foreign[p as usize] = all.clone());
        }
        if whole_block {
            b.barrier(participants);
        } else {
            b.partial(participants);
        }
    }

    fn grid_sync(&mut self) {
        self.epoch += 1;
    }

    fn races(&self) -> Vec<Observed> {
        self.races.clone()
    }
}
