//! Barrier counts: how many block, warp, grid and group barriers a thread
//! has passed, and how many one iteration of a loop passes.

use gpurace_core::term::{self as t, FreshKind, T};
use std::collections::HashMap;

use gpurace_ir::{Barrier, Loop, Span, Stmt, VarId};

use super::broadcast;
use super::patterns::{barrier_sync, Sync};
use super::scan::{count_defs, has_sync};
use super::trips::trip_invariant;
use super::{Exec, NodeKey, State, Tag};
use crate::trace::{BarrierKind, TakenBefore, COUNT_WIDTH};

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
        self.synchronises();
        match barrier_sync(barrier) {
            Some(Sync::Block) => {
                self.barrier(st, span, BarrierKind::Block);
                st.seen.clear();
                self.hand_over(st);
                st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
            }
            Some(Sync::Grid) => {
                self.barrier(st, span, BarrierKind::Grid);
                st.seen.clear();
                self.hand_over(st);
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

    /// What a block barrier hands every thread of the block (outside loops):
    /// the stores its thread 0 made since the barrier before, and the tickets
    /// it took when it reaches this barrier (the path condition with
    /// `threadIdx` 0 says so; a condition that names a per-thread unknown
    /// says nothing).
    fn hand_over(&mut self, st: &mut State) {
        if self.loop_depth != 0 {
            st.bcast.forget();
            return;
        }
        st.bcast.barrier();
        let reach = broadcast::at_thread_zero(&st.pc);
        if !broadcast::shared_by_block(&reach) {
            return;
        }
        for tk in &st.sync.took {
            let Some(taker) = &self.trace.tickets[tk.ticket].taker else { continue };
            if st.sync.block_took.iter().any(|b| b.ticket == tk.ticket) {
                continue;
            }
            let cond = t::and(&taker.exists, &reach);
            st.sync.block_took.push(TakenBefore { ticket: tk.ticket, cond, value: taker.value.clone() });
        }
    }

    /// Barriers one iteration of `lp` passes, when every iteration passes the
    /// same number.
    pub(super) fn loop_increment(&mut self, lp: &'k Loop) -> Option<Passes> {
        self.loop_increment_in(lp, None, false)
    }

    /// Barriers the thread's own iteration of `lp` passes, where its inner
    /// barrier loops run a number of iterations that follows `lp`'s (and
    /// each of their iterations passes the same number): a bitonic sort's
    /// outer loop. Not a count every iteration passes.
    pub(super) fn own_iteration_increment(&mut self, lp: &'k Loop) -> Option<Passes> {
        self.loop_increment_in(lp, None, true)
    }

    /// [`Self::loop_increment`] inside the iterations of an outer loop
    /// (`outer`: its definitions per variable), whose inner loops must run
    /// the same number of iterations each time for the products to hold
    /// (unless `own`: the thread's own iteration only).
    fn loop_increment_in(
        &mut self,
        lp: &'k Loop,
        outer: Option<&HashMap<VarId, usize>>,
        own_iteration: bool,
    ) -> Option<Passes> {
        if own_iteration {
            let mut total = self.no_passes();
            for b in [&lp.cond_pre, &lp.body, &lp.step] {
                total = total.plus(&self.increment_in(b, None, true)?);
            }
            return Some(total);
        }
        let own;
        let defs = match outer {
            Some(defs) => defs,
            None => {
                let mut defs = HashMap::new();
                for b in [&lp.cond_pre, &lp.body, &lp.step] {
                    count_defs(b, &mut defs);
                }
                own = defs;
                &own
            }
        };
        let mut total = self.no_passes();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            total = total.plus(&self.increment_in(b, Some(defs), false)?);
        }
        Some(total)
    }

    pub(super) fn no_passes(&self) -> Passes {
        Passes::zero(self.trace.groups.len())
    }

    /// Barriers `stmts` pass, when every path through them passes the same.
    pub(super) fn increment(&mut self, stmts: &'k [Stmt]) -> Option<Passes> {
        self.increment_in(stmts, None, false)
    }

    /// [`Self::increment`] inside the iterations of an outer loop (see
    /// [`Self::loop_increment_in`]); `own_iteration`: the inner loops' trip
    /// counts are the thread's, not required to be the same each time.
    fn increment_in(
        &mut self,
        stmts: &'k [Stmt],
        outer: Option<&HashMap<VarId, usize>>,
        own_iteration: bool,
    ) -> Option<Passes> {
        let one = t::constant(1, COUNT_WIDTH);
        let mut total = self.no_passes();
        for (i, stmt) in stmts.iter().enumerate() {
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
                    let a = self.increment_in(then, outer, own_iteration)?;
                    let b = self.increment_in(els, outer, own_iteration)?;
                    if a != b {
                        return None;
                    }
                    a
                }
                Stmt::Scope(body) | Stmt::Inlined { body, .. } => self.increment_in(body, outer, own_iteration)?,
                Stmt::Loop(inner) => {
                    if !(has_sync(&inner.cond_pre) || has_sync(&inner.body) || has_sync(&inner.step)) {
                        self.no_passes()
                    } else {
                        // One trip-count symbol per loop: the product is
                        // the count only if the trip is the same each time.
                        if outer.is_some_and(|defs| !trip_invariant(inner, &stmts[..i], defs)) {
                            return None;
                        }
                        // The thread's own iteration: each inner loop's own
                        // count, under its own test.
                        let m = match own_iteration {
                            true => self.loop_increment_in(inner, None, false)?,
                            false => self.loop_increment_in(inner, outer, false)?,
                        };
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
