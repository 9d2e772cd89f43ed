//! Barrier counts: how many block, warp, grid and group barriers a thread
//! has passed, and how many one iteration of a loop passes.

use gpurace_core::term::{self as t, FreshKind, T};
use gpurace_ir::{Loop, Stmt};

use super::scan::has_sync;
use super::sync::{barrier_sync, Sync};
use super::{key, Exec, Tag};
use crate::trace::COUNT_WIDTH;

/// Block, warp, grid, relative block and group counts from one vector.
pub(super) fn split_counts(mut counts: Vec<T>) -> (T, T, T, T, Vec<T>) {
    let groups = counts.split_off(4);
    let [block, warp, grid, rel]: [T; 4] = counts.try_into().unwrap_or_else(|_| unreachable!("four counts"));
    (block, warp, grid, rel, groups)
}

impl<'k> Exec<'k> {
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
                        let n = self.fresh(key(&**inner), Tag::Trip, || "trip count".into(), 32, FreshKind::Counter);
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
