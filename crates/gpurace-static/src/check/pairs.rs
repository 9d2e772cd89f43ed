//! Pair generation: every two accesses of a trace that may touch one
//! object with a write among them, in the relations (inter-block,
//! intra-block, intra-warp) they may race in, and the solver query of each
//! pair and of each barrier that may diverge.

use std::collections::HashSet;

use gpurace_core::term::{self as t, T};
use gpurace_core::AccessMode;
use gpurace_ir::{AccessKind, AtomicOp, Kernel, Scope, Space};

use super::congruence::disjoint_congruence;
use super::facts::used_dims;
use super::injective::{own_digits, own_digits_at, own_elements, UnitDims};
use super::intervals::block_link;
use super::prune::{disjoint_constants, disjoint_lanes, disjoint_residues, lane_table, LaneTable};
use super::slots::shared_index;
use crate::config::Config;
use crate::smt::Relation;
use crate::trace::{AccessEv, BarrierEv, Obj, Trace};

/// One unit of solver work.
#[derive(Debug, Clone)]
pub(super) enum Job {
    /// Accesses `a` (thread 1) and `b` (thread 2) in these relations.
    /// `ranges`, when not empty: facts of one thread (an access made with a
    /// digit of its element index out of range) that, all unsatisfiable,
    /// decide the pair without asking it (`injective::own_digits`).
    Pair { a: usize, b: usize, relations: Vec<Relation>, ranges: Box<[T]> },
    /// A barrier some threads of a block may skip.
    Divergence { barrier: usize },
}

pub(super) fn mode(ev: &AccessEv<'_>) -> AccessMode {
    match ev.access.kind {
        AccessKind::Read => AccessMode::Read,
        AccessKind::Write => AccessMode::Write,
        AccessKind::Atomic { .. } => AccessMode::Atomic,
    }
}

/// Whether an access may change memory: an atomic load (libcu++'s
/// `load()`) reads like a plain read, so two of them, or one and a plain
/// read, never conflict.
pub(super) fn writes(ev: &AccessEv<'_>) -> bool {
    match ev.access.kind {
        AccessKind::Read | AccessKind::Atomic { op: AtomicOp::Load, .. } => false,
        AccessKind::Write | AccessKind::Atomic { .. } => true,
    }
}

/// Whether the two accesses may touch one object, and if so whether their
/// addresses must be compared in full (a pointer of unknown origin).
pub(super) fn may_alias(a: &AccessEv<'_>, b: &AccessEv<'_>) -> Option<bool> {
    let private = |e: &AccessEv<'_>| e.obj == Obj::Local || e.access.space == Space::Local;
    if private(a) || private(b) {
        return None;
    }
    let shared = |e: &AccessEv<'_>| e.access.space == Space::Shared;
    let global = |e: &AccessEv<'_>| matches!(e.access.space, Space::Global | Space::Constant);
    if (shared(a) && global(b)) || (global(a) && shared(b)) {
        return None;
    }
    match (&a.obj, &b.obj) {
        (Obj::Dynamic, _) | (_, Obj::Dynamic) => Some(true),
        (x, y) if x == y => Some(false),
        _ => None,
    }
}

/// The relations in which two accesses may race, before any solving.
pub(super) fn relations(a: &AccessEv<'_>, b: &AccessEv<'_>, config: &Config) -> Vec<Relation> {
    let mut out = vec![Relation::InterBlock, Relation::IntraBlock, Relation::IntraWarp];
    if a.access.space == Space::Shared || b.access.space == Space::Shared {
        out.retain(|r| *r != Relation::InterBlock);
    }
    if config.grid.is_some_and(|g| g.iter().product::<u32>() == 1) {
        out.retain(|r| *r != Relation::InterBlock);
    }
    if let Some(block) = config.block {
        let threads: u64 = block.iter().map(|d| u64::from(*d)).product();
        if threads <= 32 {
            out.retain(|r| *r != Relation::IntraBlock);
        }
        if threads <= 1 {
            out.retain(|r| *r == Relation::InterBlock);
        }
    }
    // Lanes of a warp that runs in lockstep execute each statement together:
    // only two lanes writing in one statement still conflict.
    let same_write = a.access.id == b.access.id && mode(a) == AccessMode::Write;
    match config.warp_sync {
        Some(n) if n >= 32 && !same_write => out.retain(|r| *r != Relation::IntraWarp),
        Some(n) if n > 1 && !same_write => {
            for r in &mut out {
                if *r == Relation::IntraWarp {
                    *r = Relation::IntraWarpApart(n);
                }
            }
        }
        _ => {}
    }
    if let (AccessKind::Atomic { scope: sa, .. }, AccessKind::Atomic { scope: sb, .. }) = (a.access.kind, b.access.kind)
    {
        // Two atomics are ordered for threads inside the narrower scope.
        let covers = |s: Scope, r: Relation| match s {
            Scope::Device | Scope::System => true,
            Scope::Block => r != Relation::InterBlock,
            Scope::Warp => r == Relation::IntraWarp,
        };
        out.retain(|r| !(covers(sa, *r) && covers(sb, *r)));
    }
    out
}

/// Work units one candidate pair costs (about 30 microseconds: the rules
/// that decide pairs by form look at both accesses' terms).
pub(super) const PAIR_WORK: u64 = 200;

/// The jobs of a kernel, and whether every pair was looked at: the candidate
/// pairs are work too (`PAIR_WORK` each, against `--kernel-rlimit`), and a
/// kernel with thousands of accesses stops generating when its budget is
/// spent, rather than running for minutes.
pub(super) struct Jobs {
    pub(super) jobs: Vec<Job>,
    /// Work units spent looking at pairs.
    pub(super) work: u64,
    /// Some pairs were not looked at.
    pub(super) cut: bool,
}

pub(super) fn jobs(trace: &Trace<'_>, kernel: &Kernel, config: &Config) -> Jobs {
    // Threads of one block differ in `threadIdx.x` when the block is 1-D.
    let used = used_dims(kernel, config);
    let one_d = match config.block {
        Some(b) => b[1] == 1 && b[2] == 1,
        None => !used[0] && !used[1],
    };
    let mut jobs = Vec::new();
    // Pairs the GCD test and the row-major rule decided, for the profile.
    let (mut congruent, mut own, mut digits) = (0, 0, 0);
    // Launch dimensions of one thread or one block: given so, or unused by a
    // kernel analysed without the host's geometry (the engine's model).
    let unit: UnitDims = [
        config.block.is_some_and(|b| b[1] == 1) || !used[0],
        config.block.is_some_and(|b| b[2] == 1) || !used[1],
        config.grid.is_some_and(|g| g[1] == 1) || !used[2],
        config.grid.is_some_and(|g| g[2] == 1) || !used[3],
    ];
    let n = trace.accesses.len();
    // With a concrete 1-D block, the offsets of accesses that depend on
    // nothing but `threadIdx.x`, for every thread of the block.
    let tables: Vec<Option<LaneTable>> = match config.block {
        Some([b, 1, 1]) if b <= 1024 => trace.accesses.iter().map(|a| lane_table(a, b)).collect(),
        _ => vec![None; n],
    };
    let mut work = 0u64;
    let mut cut = false;
    'pairs: for i in 0..n {
        for j in i..n {
            work += PAIR_WORK;
            if work > config.kernel_rlimit {
                cut = true;
                break 'pairs;
            }
            let (a, b) = (&trace.accesses[i], &trace.accesses[j]);
            if !writes(a) && !writes(b) {
                continue;
            }
            if a.guard.is_false() || b.guard.is_false() || may_alias(a, b).is_none() {
                continue;
            }
            let mut relations = relations(a, b, config);
            // Accesses at different constant barrier counts are ordered for
            // threads of one block (and of one warp, for warp counts).
            let differ = |x: &T, y: &T| x.as_const().zip(y.as_const()).is_some_and(|(x, y)| x != y);
            // Level by level, the block counts may never be equal (a nest of
            // barrier loops whose accesses are in different intervals).
            if differ(&a.counts.block, &b.counts.block) || block_link(a, b).is_false() {
                relations.retain(|r| *r == Relation::InterBlock);
            } else if differ(&a.counts.warp, &b.counts.warp) {
                relations.retain(|r| !matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)));
            }
            if relations.is_empty() || disjoint_constants(a, b) || disjoint_lanes(a, b, &relations, one_d) {
                continue;
            }
            if disjoint_congruence(a, b) {
                congruent += 1;
                continue;
            }
            let same_block = relations.iter().all(|r| *r != Relation::InterBlock);
            // One index function (an access against itself, or a read and a
            // write of one element), each thread its own element: threads
            // never meet there, whichever access each makes.
            let products = &trace.abstractions.products;
            let one_index = i == j || (a.offset == b.offset && a.access.size == b.access.size);
            if one_index && own_elements(a, products, unit) && (i == j || own_elements(b, products, unit)) {
                own += 1;
                continue;
            }
            let mut ranges = Vec::new();
            // Or one slot (`p[2 * i]` beside `((float2 *)p)[i]`): threads
            // with different indices touch different slots.
            let slot = if one_index || a.obj != b.obj {
                None
            } else {
                shared_index(&a.offset, u128::from(a.access.size.max(1)), &b.offset, u128::from(b.access.size.max(1)))
            };
            if one_index || slot.is_some() {
                let ra = match &slot {
                    Some(index) => own_digits_at(a, index, products, unit, same_block),
                    None => own_digits(a, products, unit, same_block),
                };
                let rb = match &slot {
                    Some(index) => own_digits_at(b, index, products, unit, same_block),
                    None if i == j => ra.clone(),
                    None => own_digits(b, products, unit, same_block),
                };
                if let (Some(ra), Some(rb)) = (ra, rb) {
                    if ra.is_empty() && rb.is_empty() {
                        digits += 1;
                        continue;
                    }
                    // The digits out of range somewhere, for the solver.
                    let outside = |ev: &AccessEv<'_>, r: &[T]| {
                        let all = r.iter().fold(t::tru(), |all, x| t::and(&all, x));
                        t::and(&ev.guard, &t::not(&all))
                    };
                    ranges.push(outside(a, &ra));
                    if i != j {
                        ranges.push(outside(b, &rb));
                    }
                }
            }
            if let (true, Some(ta), Some(tb)) = (same_block && a.obj == b.obj, &tables[i], &tables[j]) {
                if !ta.meets(tb, a.access.size.max(1), b.access.size.max(1)) {
                    continue;
                }
            }
            if let (true, Some([block, 1, 1])) = (same_block, config.block) {
                if block <= 1024 && tables[i].is_none() && disjoint_residues(a, b, block) {
                    continue;
                }
            }
            jobs.push(Job::Pair { a: i, b: j, relations, ranges: ranges.into() });
        }
    }
    config.debug.profile.count("pruned: congruence", congruent);
    config.debug.profile.count("pruned: own elements", own);
    config.debug.profile.count("pruned: own digits", digits);
    for (i, barrier) in trace.barriers.iter().enumerate() {
        if !barrier.guard.is_true() && !uniform_guard(barrier) {
            jobs.push(Job::Divergence { barrier: i });
        }
    }
    // Small queries first: a race among them is found before the budget goes
    // to hard ones (nested barrier loops), and an undecided hard query left
    // for last changes nothing once a race is found.
    let size = |job: &Job| -> usize {
        let mut seen = HashSet::new();
        let mut count = 0;
        let mut add = |term: &T| {
            t::visit(term, &mut seen, &mut |_| {
                count += 1;
                true
            })
        };
        match job {
            Job::Pair { a, b, .. } => {
                for ev in [&trace.accesses[*a], &trace.accesses[*b]] {
                    for term in [&ev.guard, &ev.offset, &ev.counts.block, &ev.counts.warp, &ev.counts.grid] {
                        add(term);
                    }
                }
            }
            Job::Divergence { barrier } => add(&trace.barriers[*barrier].guard),
        }
        count
    };
    let mut sized: Vec<(usize, Job)> = jobs.into_iter().map(|j| (size(&j), j)).collect();
    sized.sort_by_key(|(size, _)| *size);
    Jobs { jobs: sized.into_iter().map(|(_, j)| j).collect(), work, cut }
}

/// The address term of an access: the offset for objects compared by
/// offset, the object's address plus the offset otherwise.
pub(super) fn address(ev: &AccessEv<'_>, absolute: bool) -> T {
    if !absolute || ev.obj == Obj::Dynamic {
        return ev.offset.clone();
    }
    t::add(&ev.base, &ev.offset)
}

/// A barrier's guard whose only per-thread values are the iteration numbers
/// of the barrier loops around it (`i < n` of nested loops over a shared
/// `n`): the divergence query puts both threads in one iteration, so the
/// guard is the same for both and the barrier cannot diverge. Decided here.
fn uniform_guard(ev: &BarrierEv) -> bool {
    let mut leaves = std::collections::BTreeSet::new();
    t::leaves(&ev.guard, &mut leaves, &mut HashSet::new());
    leaves.iter().all(|(leaf, width)| {
        !leaf.per_thread() || ev.iterations.iter().any(|k| k.width == *width && k.node == t::Node::Leaf(*leaf))
    })
}
