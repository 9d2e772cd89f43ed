//! Witnesses: a satisfiable query's model, made small when possible
//! (small counts, parameters and grids), and re-checked with the engine's
//! own evaluator (`gpurace_core::eval`) before it is reported.

use std::collections::{HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::eval::{eval, Valuation};
use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::Site;

use super::intervals::{count_eqs, group_counts};
use super::pairs::pair_query;
use crate::config::Config;
use crate::shape;
use crate::smt::{self, Assignment, Link, Query, Relation};
use crate::trace::{Abstractions, AccessEv, BarrierEv, BarrierKind, Obj, Trace};

/// Bounds that make a witness small: loop counters and other exact
/// per-thread values at most 64, integer parameters within +-1024, grids of
/// at most 8 blocks per dimension.
pub(super) const SMALL_COUNT: u128 = 64;

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
                _ => true,
            }
        })
    };
    leaves.into_iter().all(|(leaf, width)| small(leaf, width)) && (0..3).all(|d| small(Leaf::GridDim(d), 32))
}

/// The facts that keep an access inside its host allocation: its byte
/// range lies in `[0, size)`.
pub(super) fn bounds_facts(ev: &AccessEv<'_>, site: &Site) -> Vec<T> {
    let Obj::Alloc(g) = ev.obj else { return Vec::new() };
    let Some(Some(size)) = site.extents.get(g as usize) else { return Vec::new() };
    let bytes = t::constant(u128::from(ev.access.size.max(1)), 64);
    vec![t::ule(&ev.offset, size), t::ule(&bytes, &t::bin(t::BvOp::Sub, size, &ev.offset))]
}

pub(super) fn wrap_facts(offset: &T) -> Vec<T> {
    let mut out = Vec::new();
    shape::no_wrap_facts(offset, &mut out, &mut HashSet::new());
    out
}

pub(super) fn facts_hold(one: &[T], two: &[T], a: &Assignment) -> bool {
    Eval { assignment: a, memo: HashMap::new() }.facts_hold(one, two)
}

/// Gives the abstracted products that `roots` (a query's terms and the
/// solver's common facts) do not reach, directly or through the factors of
/// a reached product, their real values in the model: nothing constrains
/// such a leaf, so the model with them is still a model. A product the
/// query never mentions (an index of another access) then does not make a
/// witness look inexact.
pub(super) fn complete_products(abstractions: &Abstractions, roots: &[&T], a: &mut Assignment) {
    if abstractions.products.is_empty() {
        return;
    }
    let mut found = std::collections::BTreeSet::new();
    let mut seen = HashSet::new();
    for root in roots {
        t::leaves(root, &mut found, &mut seen);
    }
    let leaf_of_product = |p: &crate::trace::Product| match &p.leaf.node {
        t::Node::Leaf(l) => Some(*l),
        _ => None,
    };
    let mut reached: HashSet<Leaf> = found.iter().map(|(l, _)| *l).collect();
    // Reached products reach their factors' leaves (products are listed
    // after the products their factors use, so one pass from the end).
    for p in abstractions.products.iter().rev() {
        if leaf_of_product(p).is_some_and(|l| reached.contains(&l)) {
            found.clear();
            t::leaves(&p.x, &mut found, &mut seen);
            t::leaves(&p.y, &mut found, &mut seen);
            reached.extend(found.iter().map(|(l, _)| *l));
        }
    }
    let m64 = arith::mask(64);
    for p in &abstractions.products {
        let Some(leaf) = leaf_of_product(p) else { continue };
        if reached.contains(&leaf) {
            continue;
        }
        let threads = if leaf.per_thread() { 0..2 } else { 0..1 };
        for th in threads {
            let mut eval = Eval { assignment: a, memo: HashMap::new() };
            let value = eval.value(&p.x, th).wrapping_mul(eval.value(&p.y, th)) & m64 & arith::mask(p.leaf.width);
            a.values.insert((leaf, th), value);
        }
    }
}

/// Whether the model's product leaves are the real products.
pub(super) fn products_exact(abstractions: &Abstractions, a: &Assignment) -> bool {
    let mut eval = Eval { assignment: a, memo: HashMap::new() };
    let m64 = arith::mask(64);
    let products = abstractions.products.iter().all(|p| {
        (0..2).all(|th| eval.value(&p.leaf, th) == eval.value(&p.x, th).wrapping_mul(eval.value(&p.y, th)) & m64)
    });
    products
        && abstractions.grid_threads.iter().all(|d| {
            let total = a.leaf(Leaf::BlockDim(*d), 0, 32) * a.leaf(Leaf::GridDim(*d), 0, 32);
            a.leaf(Leaf::GridThreads(*d), 0, 64) == total
        })
}

/// The launch geometry probed before a query: two warps per block and two
/// blocks (every relation possible; 8x8 threads when `threadIdx.y` is
/// used). Dimensions the kernel does not use stay 1; those the user gave are
/// kept. A second, larger probe (block 256, grid 3) never found a model the
/// first had not on 40 Indigo programs (160 probes), so there is one.
pub(super) fn probes(config: &Config, used: [bool; 4]) -> Vec<([u128; 3], [u128; 3])> {
    if config.block.is_some() && config.grid.is_some() {
        return Vec::new();
    }
    let given = |v: Option<[u32; 3]>| v.map(|v| v.map(u128::from));
    let pick = |used: bool, v: u128| if used { v } else { 1 };
    let block = given(config.block).unwrap_or(if used[0] { [8, 8, pick(used[1], 2)] } else { [64, 1, 1] });
    let grid = given(config.grid).unwrap_or([2, pick(used[2], 2), pick(used[3], 2)]);
    vec![(block, grid)]
}

/// The query at one concrete launch geometry: `blockDim` and `gridDim` fixed
/// and every abstracted product equal to the product itself, which is then
/// linear. It has fewer models than `q` and each of them is one of `q`'s.
/// A product of a shared value (`row * width`) gets its shared factor from
/// `model` when there is one, and stays abstract otherwise.
pub(super) fn at_geometry(q: &Query, block: [u128; 3], grid: [u128; 3], model: Option<&Assignment>) -> Query {
    let no = t::Deps::default();
    let mut fixed = q.clone();
    let size = |l: Leaf| match l {
        Leaf::BlockDim(d) => Some(block[usize::from(d)]),
        Leaf::GridDim(d) => Some(grid[usize::from(d)]),
        Leaf::GridThreads(d) => Some(block[usize::from(d)] * grid[usize::from(d)]),
        _ => None,
    };
    for d in 0..3u8 {
        let (b, g) = (block[usize::from(d)], grid[usize::from(d)]);
        fixed.one.push(t::eq(&t::leaf(Leaf::BlockDim(d), 32, no), &t::constant(b, 32)));
        fixed.one.push(t::eq(&t::leaf(Leaf::GridDim(d), 32, no), &t::constant(g, 32)));
    }
    for d in &q.abstractions.grid_threads {
        let total = t::constant(size(Leaf::GridThreads(*d)).unwrap_or(0), 64);
        fixed.one.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
    }
    for p in &q.abstractions.products {
        let y = match (leaf_of(&p.y).and_then(size), model) {
            (Some(v), _) => t::constant(v, 64),
            (None, Some(m)) if p.signed => {
                let v = t::constant(Eval { assignment: m, memo: HashMap::new() }.value(&p.y, 0), 64);
                fixed.one.push(t::eq(&p.y, &v));
                v
            }
            (None, None) if p.signed => continue,
            (None, _) => p.y.clone(),
        };
        let fact = t::eq(&p.leaf, &t::mul(&p.x, &y));
        fixed.one.push(fact.clone());
        fixed.two.push(fact);
    }
    fixed
}

/// The leaf under extensions and truncations.
pub(super) fn leaf_of(term: &T) -> Option<Leaf> {
    match &term.node {
        t::Node::Leaf(l) => Some(*l),
        t::Node::Ext(_, a) | t::Node::Trunc(a) => leaf_of(a),
        _ => None,
    }
}

pub(super) struct Eval<'a> {
    pub(super) assignment: &'a Assignment,
    pub(super) memo: HashMap<(*const t::Term, usize), u128>,
}

impl Eval<'_> {
    pub(super) fn value(&mut self, term: &T, thread: usize) -> u128 {
        eval(term, thread, self.assignment, &mut self.memo)
    }

    pub(super) fn holds(&mut self, term: &T, thread: usize) -> bool {
        self.value(&t::to_bool(term), thread) == 1
    }

    pub(super) fn facts_hold(&mut self, one: &[T], two: &[T]) -> bool {
        one.iter().all(|f| self.holds(f, 0)) && two.iter().all(|f| self.holds(f, 1))
    }

    /// Whether a link between the threads holds in the model.
    pub(super) fn link_holds(&mut self, l: &Link) -> bool {
        match l {
            Link::Eq(a, b) => self.value(a, 0) == self.value(b, 1),
            Link::One(a) => self.holds(a, 0),
            Link::Two(a) => self.holds(a, 1),
            Link::And(parts) => parts.iter().all(|p| self.link_holds(p)),
            Link::Or(parts) => parts.iter().any(|p| self.link_holds(p)),
            Link::Not(l) => !self.link_holds(l),
            Link::Group(g, together) => smt::group_holds(*g, self.assignment) == *together,
            Link::Cmp(op, a, b) => {
                let (x, y, w) = (self.value(a, 0), self.value(b, 1), a.width.max(1));
                match op {
                    t::CmpOp::Eq => x == y,
                    t::CmpOp::Ult => x < y,
                    t::CmpOp::Ule => x <= y,
                    t::CmpOp::Slt => arith::signed(x, w) < arith::signed(y, w),
                    t::CmpOp::Sle => arith::signed(x, w) <= arith::signed(y, w),
                    t::CmpOp::SMulFits => {
                        let p = arith::signed(x, w).checked_mul(arith::signed(y, w));
                        p.is_some_and(|p| p >= -(1i128 << (w - 1)) && p < (1i128 << (w - 1)))
                    }
                }
            }
        }
    }
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
    let apart_ok = q.apart.iter().all(|(_, links)| links.iter().any(|(x, y)| ev.value(x, 0) != ev.value(y, 1)));
    let same_ok = count_eqs(a, b, relation).iter().all(|(x, y)| ev.value(x, 0) == ev.value(y, 1))
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
