//! Synchronisation recognised by its form, before execution: what a barrier
//! statement orders, spin loops (flags and CAS locks), try-locks, and
//! whether a kernel synchronises at a finer grain than barriers. Pure
//! functions of the IR; the path-sensitive state they feed is `sync.rs`.

use std::collections::BTreeSet;

use gpurace_ir::{Access, AccessKind, AtomicOp, Barrier, BinOp, Expr, Loop, LoopKind, Stmt, VarId};

use super::forms::{mentions_any, strip_casts};
use crate::trace::Group;

/// What a barrier statement synchronises, decided from the IR alone so that
/// a loop's per-iteration counts and the barriers its body executes agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sync {
    Block,
    Grid,
    Warp,
    Group(Group),
}

/// `None`: the barrier orders nothing the engine can name (a mask or tile
/// size that is not a constant, an empty mask, a size that is not a power of
/// two), so it is ignored, which can only add races.
pub(super) fn barrier_sync(barrier: &Barrier) -> Option<Sync> {
    let constant = |e: &Expr| match strip_casts(e) {
        Expr::Int { value, .. } => Some(*value),
        _ => None,
    };
    match barrier {
        Barrier::Block { .. } => Some(Sync::Block),
        Barrier::Grid => Some(Sync::Grid),
        Barrier::Warp { mask } => match constant(mask)? as u32 {
            u32::MAX => Some(Sync::Warp),
            0 => None,
            m => Some(Sync::Group(Group::Lanes(m))),
        },
        Barrier::Tile { size } => match u32::try_from(constant(size)?).ok()? {
            32 => Some(Sync::Warp),
            n if n.is_power_of_two() && n <= 1024 => Some(Sync::Group(Group::Tile(n))),
            _ => None,
        },
    }
}

/// Whether a kernel synchronises at a finer grain than barriers: a fence
/// and a spin loop on memory. Only then are locks and flags tracked.
pub(super) fn fine_sync(stmts: &[Stmt]) -> bool {
    let (mut fence, mut spin) = (false, false);
    // The statement visited before, when it is an atomic (a CAS may start
    // a try-lock).
    let mut prev: Option<Stmt> = None;
    gpurace_ir::walk_stmts(stmts, &mut |s| {
        match s {
            Stmt::Fence { .. } => fence = true,
            Stmt::Loop(lp) if wait_pattern(lp).is_some() => spin = true,
            Stmt::If { cond, .. } if prev.as_ref().is_some_and(|p| try_lock(p, cond).is_some()) => spin = true,
            _ => {}
        }
        prev = matches!(s, Stmt::Atomic { .. }).then(|| s.clone());
    });
    fence && spin
}

/// Whether a kernel has a memory fence (`__threadfence()` and the like) or
/// an atomic: what orders accesses through a counter's tickets.
pub(super) fn fence_or_atomic(stmts: &[Stmt]) -> bool {
    let mut found = false;
    gpurace_ir::walk_stmts(stmts, &mut |s| found |= matches!(s, Stmt::Fence { .. } | Stmt::Atomic { .. }));
    found
}

/// A try-lock: `old = atomicCAS(&l, e, n)` right before `if (old == e)`;
/// the `if`'s branch runs once the CAS took the lock. Gives the CAS.
pub(super) fn try_lock<'a>(prev: &'a Stmt, cond: &Expr) -> Option<&'a Access> {
    let Stmt::Atomic { dst: Some(dst), access, args } = prev else { return None };
    let AccessKind::Atomic { op: AtomicOp::Cas, .. } = access.kind else { return None };
    let expected = args.first().map(strip_casts)?;
    let Expr::Binary { op: BinOp::Eq, lhs, rhs, .. } = strip_casts(cond) else { return None };
    let is_dst = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if v == dst);
    ((is_dst(lhs) && strip_casts(rhs) == expected) || (is_dst(rhs) && strip_casts(lhs) == expected)).then_some(access)
}

/// Whether statements write memory (a write or an atomic).
pub(super) fn has_store(stmts: &[Stmt]) -> bool {
    let mut found = false;
    gpurace_ir::walk_stmts(stmts, &mut |s| {
        found |= matches!(s, Stmt::Write { .. } | Stmt::Atomic { .. } | Stmt::Call { .. } | Stmt::Unknown { .. })
    });
    found
}

/// A spin loop found by [`wait_pattern`].
#[derive(Clone, Copy)]
pub(super) struct Wait<'a> {
    /// The access the condition makes each time round.
    pub(super) access: &'a Access,
    /// The variable it reads into.
    pub(super) dst: VarId,
    /// Whether the loop acquires a lock (a CAS spin).
    pub(super) lock: bool,
    /// `G` of a condition `G && test(read)`: the loop waits only where `G`
    /// is true, so the caller records the wait only where `G` is known true.
    pub(super) gate: Option<&'a Expr>,
}

/// A spin loop: its condition reads one memory location (an atomic or a
/// read) and tests the value read, perhaps behind a gate that reads no
/// memory (`while (blockSize >= 512 && atomicAdd(&f, 0) != 1)`, which the
/// lowering short-circuits into `sc = G; if (sc) { old = atomic; sc = .. }`);
/// its body and step touch no memory. The read may sit in inlined calls
/// with fences beside it (libcu++'s `while (f.load(memory_order_acquire) ==
/// 0)`: an atomic load and the acquire fence after it) and reach the test
/// through copies. Gives the access, the variable read, and whether it
/// acquires a lock: an `atomicCAS(&l, e, n)` repeated while it returns
/// something other than `e`.
pub(super) fn wait_pattern(lp: &Loop) -> Option<Wait<'_>> {
    let cond = lp.cond.as_ref()?;
    let (pre, gate) = gated(&lp.cond_pre, cond).map_or((lp.cond_pre.as_slice(), None), |(g, b)| (b, Some(g)));
    let mut flat = Vec::new();
    let mut other = !flatten(pre, &mut flat);
    let mut memory = Vec::new();
    for s in flat.iter().copied() {
        match s {
            Stmt::Read { dst, access } => memory.push((access, *dst, None)),
            Stmt::Atomic { dst: Some(dst), access, args } => memory.push((access, *dst, Some(args))),
            Stmt::Decl { .. } | Stmt::Assign { .. } | Stmt::Fence { .. } => {}
            _ => other = true,
        }
    }
    let [(access, dst, args)] = memory.as_slice() else { return None };
    // The variables that hold the value read: its own and its copies.
    let mut read = BTreeSet::from([*dst]);
    for s in &flat {
        match s {
            Stmt::Decl { var, init: Some(value) } | Stmt::Assign { var, value } if mentions_any(value, &read) => {
                read.insert(*var);
            }
            _ => {}
        }
    }
    let tested = match gate {
        // The test is the gated block's last statement (`sc = test(read)`).
        Some(_) => matches!(pre.last(), Some(Stmt::Assign { value, .. }) if mentions_any(value, &read)),
        None => mentions_any(cond, &read),
    };
    if other || !tested {
        return None;
    }
    let mut quiet = true;
    for b in [&lp.body, &lp.step] {
        gpurace_ir::walk_stmts(b, &mut |s| {
            quiet &= matches!(s, Stmt::Decl { .. } | Stmt::Assign { .. } | Stmt::Scope(_) | Stmt::If { .. })
        });
    }
    if !quiet || lp.kind == LoopKind::DoWhile && !lp.body.is_empty() {
        return None;
    }
    let lock = gate.is_none()
        && match (access.kind, args) {
            (AccessKind::Atomic { op: AtomicOp::Cas, .. }, Some(args)) => match strip_casts(cond) {
                Expr::Binary { op: BinOp::Ne, lhs, rhs, .. } => {
                    let is_dst = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if v == dst);
                    let expected = args.first().map(strip_casts);
                    (is_dst(lhs) && expected == Some(strip_casts(rhs)))
                        || (is_dst(rhs) && expected == Some(strip_casts(lhs)))
                }
                _ => false,
            },
            _ => false,
        };
    Some(Wait { access, dst: *dst, lock, gate })
}

/// The statements of `stmts` with inlined calls opened, in order; `false`
/// when a call returns early (its `return` would skip what follows).
fn flatten<'a>(stmts: &'a [Stmt], out: &mut Vec<&'a Stmt>) -> bool {
    for s in stmts {
        match s {
            Stmt::Inlined { body, .. } => {
                if !flatten(body, out) {
                    return false;
                }
            }
            Stmt::Return(_) => return false,
            _ => out.push(s),
        }
    }
    true
}

/// `let sc = G; if (sc) { B }` with the loop's condition `sc` and a gate `G`
/// that reads no memory: `G` and `B`.
fn gated<'a>(pre: &'a [Stmt], cond: &Expr) -> Option<(&'a Expr, &'a [Stmt])> {
    let [Stmt::Decl { var, init: Some(gate) }, Stmt::If { cond: c, then, els, .. }] = pre else { return None };
    let is_sc = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if v == var);
    let assigns_sc = then.last().is_some_and(|s| matches!(s, Stmt::Assign { var: v, .. } if v == var));
    (is_sc(cond) && is_sc(c) && els.is_empty() && assigns_sc && !reads_memory(gate)).then_some((gate, then.as_slice()))
}

/// Whether an expression may read memory or call a function.
fn reads_memory(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Call { .. } | Expr::Unknown { .. } | Expr::Field { .. }));
    found
}
