//! Step 3: the solver queries of a job: the pair query of two accesses (in
//! the relations they may race in) and the divergence query of a barrier;
//! the stricter facts a model is asked again with (no index wraps around,
//! accesses inside their allocations); the concrete geometries probed first;
//! and whether a model's abstracted products are the real ones.

use std::collections::{HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::Site;

use super::concrete::{leaf_of, Eval};
use super::flags::apart;
use super::intervals::{block_link, group_counts};
use super::pairs::{address, may_alias};
use super::rows;
use super::tickets::unordered;
use crate::config::Config;
use crate::shape;
use crate::smt::{Assignment, Link, Query, Relation};
use crate::trace::{Abstractions, AccessEv, BarrierEv, BarrierKind, Obj, Trace};

/// The query of a pair, for the given relations.
pub(super) fn pair_query(a: &AccessEv<'_>, b: &AccessEv<'_>, relations: &[Relation], trace: &Trace<'_>) -> Query {
    let absolute = may_alias(a, b).unwrap_or(true);
    let mut same = vec![Link::Eq(a.counts.grid.clone(), b.counts.grid.clone())];
    let mut cases = Vec::new();
    for r in relations {
        let links = match r {
            Relation::InterBlock => Vec::new(),
            Relation::IntraBlock | Relation::SameBlock => vec![block_link(a, b)],
            Relation::IntraWarp | Relation::IntraWarpApart(_) => {
                vec![block_link(a, b), Link::Eq(a.counts.warp.clone(), b.counts.warp.clone())]
            }
        };
        let mut links = links;
        for (g, x, y) in group_counts(a, b, *r, trace) {
            links.push(Link::Or(vec![Link::Group(g, false), Link::Eq(x.clone(), y.clone())]));
        }
        cases.push((*r, links));
    }
    // The block link, when every relation has it, goes to `same`.
    if cases.iter().all(|(_, links)| !links.is_empty()) {
        same.push(block_link(a, b));
        cases.iter_mut().for_each(|(_, links)| {
            links.remove(0);
        });
    }
    // Tickets of a counter that order the accesses.
    for (r, links) in &mut cases {
        links.extend(unordered(a, b, *r, trace));
    }
    // Elements of one size at offsets `ext(e) * size` overlap exactly when
    // their indices are equal: saying so spares the solver the step from
    // byte ranges to indices (it decides stride-loop collisions from the
    // indices). The equality follows from the overlap, so no model is lost.
    if let (Some((x, sx, cx)), Some((y, sy, cy))) = (shape::scaled_index(&a.offset), shape::scaled_index(&b.offset)) {
        let size = u128::from(a.access.size);
        if !absolute && sx == sy && cx == cy && cx == size && a.access.size == b.access.size && x.width == y.width {
            same.push(Link::Eq(x.clone(), y.clone()));
        }
    }
    if !absolute {
        same.extend(rows::row_links(a, b, &trace.abstractions.products));
    }
    let (mut one, mut two) = (vec![a.guard.clone()], vec![b.guard.clone()]);
    shape::scale_facts(&a.offset, &mut one);
    shape::scale_facts(&b.offset, &mut two);
    Query {
        one,
        two,
        same,
        overlap: Some((address(a, absolute), a.access.size.max(1), address(b, absolute), b.access.size.max(1))),
        apart: relations.iter().flat_map(|r| apart(a, b, *r, trace).into_iter().map(|links| (*r, links))).collect(),
        cases,
        abstractions: Abstractions::default(),
    }
}

pub(super) fn divergence_query(ev: &BarrierEv) -> Query {
    Query {
        one: vec![ev.guard.clone()],
        two: vec![t::not(&ev.guard), t::not(&ev.exits)],
        same: ev.iterations.iter().map(|k| Link::Eq(k.clone(), k.clone())).collect(),
        overlap: None,
        apart: Vec::new(),
        cases: match ev.kind {
            BarrierKind::Grid => vec![(Relation::SameBlock, Vec::new()), (Relation::InterBlock, Vec::new())],
            BarrierKind::Block => vec![(Relation::SameBlock, Vec::new())],
            BarrierKind::Warp => vec![(Relation::IntraWarp, Vec::new())],
            BarrierKind::Group(g) => vec![(Relation::SameBlock, vec![Link::Group(g, true)])],
        },
        abstractions: Abstractions::default(),
    }
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

/// `q` with every abstracted product equal to the product itself (for both
/// threads) and every `blockDim * gridDim` leaf to its value: nonlinear, and
/// with exactly the real products' models.
pub(super) fn exact_products(q: &Query) -> Query {
    let no = t::Deps::default();
    let mut exact = q.clone();
    for p in &q.abstractions.products {
        let fact = t::eq(&p.leaf, &t::mul(&p.x, &p.y));
        exact.one.push(fact.clone());
        exact.two.push(fact);
    }
    for d in &q.abstractions.grid_threads {
        let wide = |l: Leaf| t::resize(&t::leaf(l, 32, no), 64, false);
        let total = t::mul(&wide(Leaf::BlockDim(*d)), &wide(Leaf::GridDim(*d)));
        exact.one.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
    }
    exact
}
