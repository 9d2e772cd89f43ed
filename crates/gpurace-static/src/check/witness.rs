//! Witnesses: a satisfiable query's model, made small when possible
//! (small counts, parameters and grids), and re-checked with the engine's
//! own evaluator (`gpurace_core::eval`) before it is reported.

use std::collections::{HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, Leaf, T};

use super::concrete::Eval;
use super::intervals::{self, count_eqs, group_counts};
use super::lanes::Worker;
use super::queries::pair_query;
use super::tickets;
use crate::smt::{self, Answer, Assignment, Query, Relation};
use crate::trace::{AccessEv, BarrierEv, BarrierKind, Trace};

/// Bounds that make a witness small: loop counters and other exact
/// per-thread values at most 64, integer parameters within +-1024, grids of
/// at most 8 blocks per dimension, and, where the race allows it, threads
/// among the first 64 of their block, in the first two blocks (a witness
/// there holds for every larger grid, which the robustness checks ask).
/// When the race needs larger values, grids of at most 64, then 4096,
/// blocks per dimension are asked for on their own.
pub(super) const SMALL_COUNT: u128 = 64;

pub(super) const SMALL_THREAD: u128 = 64;

pub(super) const SMALL_BLOCK: u128 = 2;

pub(super) const SMALL_PARAM: i128 = 1024;

pub(super) const SMALL_GRID: u128 = 8;

/// Whether a model already has the small values `minimize` asks for.
pub(super) fn is_small(q: &Query, a: &Assignment) -> bool {
    let mut leaves = std::collections::BTreeSet::new();
    let mut seen = HashSet::new();
    for term in q.terms() {
        t::leaves(term, &mut leaves, &mut seen);
    }
    let small = |leaf: Leaf, width: u32| -> bool {
        let threads: &[usize] = if leaf.per_thread() { &[0, 1] } else { &[0] };
        threads.iter().all(|th| {
            let v = a.leaf(leaf, *th, width);
            match leaf {
                Leaf::Fresh(_) if width > 0 && width <= 32 => v <= SMALL_COUNT,
                Leaf::Param(_) if width > 1 => arith::signed(v, width).unsigned_abs() <= SMALL_PARAM as u128,
                Leaf::GridDim(_) => v <= SMALL_GRID,
                Leaf::Tid(_) => v < SMALL_THREAD,
                Leaf::Bid(_) => v < SMALL_BLOCK,
                _ => true,
            }
        })
    };
    leaves.into_iter().all(|(leaf, width)| small(leaf, width))
        && (0..3).all(|d| small(Leaf::GridDim(d), 32) && small(Leaf::Tid(d), 32) && small(Leaf::Bid(d), 32))
}

/// Re-evaluates a pair's witness with the engine's own semantics of terms.
pub(super) fn pair_witness_holds(
    a: &AccessEv<'_>,
    b: &AccessEv<'_>,
    relation: Relation,
    one: &[T],
    two: &[T],
    assignment: &Assignment,
    trace: &Trace<'_>,
) -> bool {
    let mut ev = Eval { assignment, memo: HashMap::new() };
    let q = pair_query(a, b, &[relation], trace);
    let apart_ok = q.apart.iter().all(|(_, links)| links.iter().any(|(x, y)| ev.value(x, 0) != ev.value(y, 1)))
        && tickets::unordered(a, b, relation, trace).is_none_or(|l| ev.link_holds(&l));
    let varying_ok = relation == Relation::InterBlock
        || !(intervals::varying(a) || intervals::varying(b))
        || ev.link_holds(&intervals::block_link(a, b));
    let same_ok = varying_ok
        && count_eqs(a, b, relation).iter().all(|(x, y)| ev.value(x, 0) == ev.value(y, 1))
        && group_counts(a, b, relation, trace)
            .iter()
            .all(|(g, x, y)| !smt::group_holds(*g, assignment) || ev.value(x, 0) == ev.value(y, 1));
    let overlap_ok = q.overlap.as_ref().is_some_and(|(x, sx, y, sy)| {
        let (vx, vy) = (ev.value(x, 0), ev.value(y, 1));
        smt::overlaps(vx, *sx, vy, *sy)
    });
    ev.facts_hold(one, two)
        && ev.holds(&a.guard, 0)
        && ev.holds(&b.guard, 1)
        && same_ok
        && apart_ok
        && overlap_ok
        && smt::relation_holds(relation, assignment)
}

pub(super) fn divergence_witness_holds(ev_b: &BarrierEv, one: &[T], two: &[T], assignment: &Assignment) -> bool {
    let mut ev = Eval { assignment, memo: HashMap::new() };
    ev.facts_hold(one, two)
        && ev.holds(&ev_b.guard, 0)
        && !ev.holds(&ev_b.guard, 1)
        && !ev.holds(&ev_b.exits, 1)
        && ev_b.iterations.iter().all(|k| ev.value(k, 0) == ev.value(k, 1))
        && match ev_b.kind {
            BarrierKind::Block => smt::relation_holds(Relation::SameBlock, assignment),
            BarrierKind::Warp => smt::relation_holds(Relation::IntraWarp, assignment),
            BarrierKind::Group(g) => {
                smt::relation_holds(Relation::SameBlock, assignment) && smt::group_holds(g, assignment)
            }
            BarrierKind::Grid => {
                smt::relation_holds(Relation::SameBlock, assignment)
                    || smt::relation_holds(Relation::InterBlock, assignment)
            }
        }
}

impl Worker<'_> {
    /// The query again with small values, when that is still satisfiable.
    pub(super) fn minimize(&mut self, mut q: Query) -> Option<Box<Assignment>> {
        // Only the grid small, for a race that needs large values elsewhere
        // (a parameter beyond +-1024, a long loop): a kernel analysed without
        // a launch otherwise shows whatever grid the solver picked.
        let no = t::Deps::default();
        let grids = [64u128, 4096].map(|bound| {
            let mut g = q.clone();
            for d in 0..3 {
                g.one.push(t::ule(&t::leaf(Leaf::GridDim(d), 32, no), &t::constant(bound, 32)));
            }
            g
        });
        let mut leaves = std::collections::BTreeSet::new();
        let mut seen = HashSet::new();
        for term in q.terms() {
            t::leaves(term, &mut leaves, &mut seen);
        }
        for (leaf, width) in leaves {
            let term = t::leaf(leaf, width, no);
            match leaf {
                Leaf::Fresh(_) if width > 0 && width <= 32 => {
                    // Data and approximate leaves keep their deps; exact ones are counters.
                    let fact = t::ule(&term, &t::constant(SMALL_COUNT.min(arith::mask(width)), width));
                    q.one.push(fact.clone());
                    q.two.push(fact);
                }
                Leaf::Param(_) if width > 1 => {
                    let lo = t::cmp(t::CmpOp::Sle, &t::constant_i(-SMALL_PARAM, width), &term);
                    let hi = t::cmp(t::CmpOp::Sle, &term, &t::constant_i(SMALL_PARAM, width));
                    q.one.push(t::and(&lo, &hi));
                }
                _ => {}
            }
        }
        for d in 0..3 {
            q.one.push(t::ule(&t::leaf(Leaf::GridDim(d), 32, no), &t::constant(SMALL_GRID, 32)));
        }
        // Low thread and block indices too, unless the race needs others
        // (threads far apart in a block, a late block): a witness then
        // keeps the other small values.
        let low_ids = |q: &Query, leaf: fn(u8) -> Leaf, bound: u128| {
            let mut low = q.clone();
            for d in 0..3 {
                let id = t::leaf(leaf(d), 32, no);
                let fact = t::ult(&id, &t::constant(bound, 32));
                low.one.push(fact.clone());
                low.two.push(fact);
            }
            low
        };
        let low = low_ids(&q, Leaf::Tid, SMALL_THREAD);
        let first = low_ids(&low, Leaf::Bid, SMALL_BLOCK);
        self.solver.stage = "minimize";
        for query in [first, low, q].into_iter().chain(grids) {
            if let Answer::Sat(small) = self.ask(&query) {
                return Some(small);
            }
        }
        None
    }
}
