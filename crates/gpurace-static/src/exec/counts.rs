//! Barrier counts: how many block, warp, grid and group barriers a thread
//! has passed, and how many one iteration of a loop passes.

use gpurace_core::term::{self as t, FreshKind, T};
use gpurace_ir::{Barrier, Loop, Span, Stmt};

use super::scan::has_sync;
use super::sync::{barrier_sync, Sync};
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

/// The counts of the vector [`Exec::loop_counts`] computes with: block,
/// warp, grid, relative block, then the group counts.
pub(super) fn split_counts(mut counts: Vec<T>) -> StateCounts {
    let groups = counts.split_off(4);
    let [block, warp, grid, rel]: [T; 4] = counts.try_into().unwrap_or_else(|_| unreachable!("four counts"));
    StateCounts { block, warp, grid, rel, groups }
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
    /// Barriers one iteration of `lp` passes, when every iteration passes the
    /// same number: block, warp, grid, then each group of `Trace::groups`.
    pub(super) fn loop_increment(&mut self, lp: &'k Loop) -> Option<Vec<T>> {
        let mut total = self.zero_counts();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            let m = self.increment(b)?;
            total = total.iter().zip(&m).map(|(x, y)| t::add(x, y)).collect();
        }
        Some(total)
    }

    pub(super) fn zero_counts(&self) -> Vec<T> {
        vec![t::constant(0, COUNT_WIDTH); 3 + self.trace.groups.len()]
    }

    pub(super) fn unit(&self, i: usize) -> Vec<T> {
        let mut m = self.zero_counts();
        m[i] = t::constant(1, COUNT_WIDTH);
        m
    }

    pub(super) fn increment(&mut self, stmts: &'k [Stmt]) -> Option<Vec<T>> {
        let mut total = self.zero_counts();
        for stmt in stmts {
            let m = match stmt {
                Stmt::Barrier { barrier, .. } => match barrier_sync(barrier) {
                    Some(Sync::Block) => self.unit(0),
                    Some(Sync::Grid) => {
                        let mut m = self.unit(0);
                        m[2] = t::constant(1, COUNT_WIDTH);
                        m
                    }
                    Some(Sync::Warp) => self.unit(1),
                    Some(Sync::Group(g)) => match self.trace.groups.iter().position(|x| *x == g) {
                        Some(i) => self.unit(3 + i),
                        None => self.zero_counts(),
                    },
                    None => self.zero_counts(),
                },
                Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. } => return None,
                Stmt::If { then, els, .. } => {
                    let a = self.increment(then)?;
                    let b = self.increment(els)?;
                    if a.iter().zip(&b).any(|(x, y)| x != y) {
                        return None;
                    }
                    a
                }
                Stmt::Scope(body) | Stmt::Inlined { body, .. } => self.increment(body)?,
                Stmt::Loop(inner) => {
                    if !(has_sync(&inner.cond_pre) || has_sync(&inner.body) || has_sync(&inner.step)) {
                        self.zero_counts()
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
                        m.iter().map(|x| t::mul(&n, x)).collect()
                    }
                }
                Stmt::Switch { .. } if has_sync(std::slice::from_ref(stmt)) => return None,
                _ => self.zero_counts(),
            };
            total = total.iter().zip(&m).map(|(x, y)| t::add(x, y)).collect();
        }
        Some(total)
    }
}
