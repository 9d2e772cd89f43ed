//! Barrier counts: how many block, warp, grid and group barriers a thread
//! has passed, and how many one iteration of a loop passes.

use gpurace_core::term::{self as t, FreshKind, T};
use gpurace_ir::{Barrier, Loop, Span, Stmt};

use super::patterns::{barrier_sync, Sync};
use super::scan::has_sync;
use super::{Exec, NodeKey, State, Tag};
use crate::trace::{BarrierKind, COUNT_WIDTH};

/// A thread's barrier counts, as [`State`](super::State) holds them.
pub(super) struct StateCounts {
    pub(super) block: T,
    pub(super) warp: T,
    pub(super) grid: T,
    /// Block count relative to the innermost level.
    pub(super) rel: T,
    pub(super) groups: Vec<T>,
}

/// Barriers a stretch of code passes, per kind: a grid barrier counts as a
/// block barrier too (it orders the threads of a block as well).
#[derive(Clone, PartialEq)]
pub(super) struct Passes {
    pub(super) block: T,
    pub(super) warp: T,
    pub(super) grid: T,
    /// One per group of `Trace::groups`.
    pub(super) groups: Vec<T>,
}

impl Passes {
    pub(super) fn zero(groups: usize) -> Passes {
        let zero = t::constant(0, COUNT_WIDTH);
        Passes { block: zero.clone(), warp: zero.clone(), grid: zero.clone(), groups: vec![zero; groups] }
    }

    pub(super) fn plus(&self, other: &Passes) -> Passes {
        Passes {
            block: t::add(&self.block, &other.block),
            warp: t::add(&self.warp, &other.warp),
            grid: t::add(&self.grid, &other.grid),
            groups: self.groups.iter().zip(&other.groups).map(|(x, y)| t::add(x, y)).collect(),
        }
    }

    /// `n` times these barriers.
    pub(super) fn times(&self, n: &T) -> Passes {
        Passes {
            block: t::mul(n, &self.block),
            warp: t::mul(n, &self.warp),
            grid: t::mul(n, &self.grid),
            groups: self.groups.iter().map(|x| t::mul(n, x)).collect(),
        }
    }
}

impl<'k> Exec<'k> {
    /// A barrier: recorded, and the counts of the threads it orders go up.
    pub(super) fn pass_barrier(&mut self, st: &mut State, barrier: &Barrier, span: Span) {
        match barrier_sync(barrier) {
            Some(Sync::Block) => {
                self.barrier(st, span, BarrierKind::Block);
                st.seen.clear();
                st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
            }
            Some(Sync::Grid) => {
                self.barrier(st, span, BarrierKind::Grid);
                st.seen.clear();
                st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
                st.grid = t::add(&st.grid, &t::constant(1, COUNT_WIDTH));
            }
            Some(Sync::Warp) => {
                self.barrier(st, span, BarrierKind::Warp);
                st.seen.clear();
                st.warp = t::add(&st.warp, &t::constant(1, COUNT_WIDTH));
            }
            Some(Sync::Group(g)) => {
                self.barrier(st, span, BarrierKind::Group(g));
                st.seen.clear();
                if let Some(i) = self.trace.groups.iter().position(|x| *x == g) {
                    st.groups[i] = t::add(&st.groups[i], &t::constant(1, COUNT_WIDTH));
                }
            }
            // A warp barrier whose mask or a tile barrier whose size is not
            // a constant orders nothing: ignoring a barrier can only add
            // races.
            None => {}
        }
    }

    /// Barriers one iteration of `lp` passes, when every iteration passes the
    /// same number.
    pub(super) fn loop_increment(&mut self, lp: &'k Loop) -> Option<Passes> {
        let mut total = self.no_passes();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            total = total.plus(&self.increment(b)?);
        }
        Some(total)
    }

    pub(super) fn no_passes(&self) -> Passes {
        Passes::zero(self.trace.groups.len())
    }

    /// Barriers `stmts` pass, when every path through them passes the same.
    pub(super) fn increment(&mut self, stmts: &'k [Stmt]) -> Option<Passes> {
        let one = t::constant(1, COUNT_WIDTH);
        let mut total = self.no_passes();
        for stmt in stmts {
            let m = match stmt {
                Stmt::Barrier { barrier, .. } => match barrier_sync(barrier) {
                    Some(Sync::Block) => Passes { block: one.clone(), ..self.no_passes() },
                    Some(Sync::Grid) => Passes { block: one.clone(), grid: one.clone(), ..self.no_passes() },
                    Some(Sync::Warp) => Passes { warp: one.clone(), ..self.no_passes() },
                    Some(Sync::Group(g)) => {
                        let mut m = self.no_passes();
                        if let Some(i) = self.trace.groups.iter().position(|x| *x == g) {
                            m.groups[i] = one.clone();
                        }
                        m
                    }
                    None => self.no_passes(),
                },
                Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. } => return None,
                Stmt::If { then, els, .. } => {
                    let a = self.increment(then)?;
                    let b = self.increment(els)?;
                    if a != b {
                        return None;
                    }
                    a
                }
                Stmt::Scope(body) | Stmt::Inlined { body, .. } => self.increment(body)?,
                Stmt::Loop(inner) => {
                    if !(has_sync(&inner.cond_pre) || has_sync(&inner.body) || has_sync(&inner.step)) {
                        self.no_passes()
                    } else {
                        let m = self.loop_increment(inner)?;
                        let n = self.fresh(
                            NodeKey::Loop(inner.id),
                            Tag::Trip,
                            || "trip count".into(),
                            32,
                            FreshKind::Counter,
                        );
                        let n = t::resize(&n, COUNT_WIDTH, false);
                        m.times(&n)
                    }
                }
                Stmt::Switch { .. } if has_sync(std::slice::from_ref(stmt)) => return None,
                _ => self.no_passes(),
            };
            total = total.plus(&m);
        }
        Some(total)
    }
}
