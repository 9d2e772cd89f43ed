//! Each thread its own element: an access whose element index is a
//! row-major number of the threads' global coordinates,
//! `x + W * (y + H * z)` with `x = blockIdx.x * blockDim.x + threadIdx.x`
//! and so on, each digit but the last bounded by the access's guard
//! (`x < W`, `y < H`). Two different threads differ in some coordinate, so
//! in some digit, so in the index: the access never meets itself in another
//! thread. Decided here, before the solver, which does not see it through
//! the products of runtime widths (HeCBench's `IDX(x, y, z, nx, ny, nz)`,
//! `out[y * width + x]`).
//!
//! Exact under the engine's semantics of indices (the sums and products of
//! the index do not wrap, else it is an `index-overflow` warning, which a
//! pair decided here does not get), like the GCD test (`congruence.rs`).

use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, T};

use crate::shape;
use crate::trace::{AccessEv, Product};

/// Which launch dimensions are known to be 1: `[block y, block z, grid y,
/// grid z]` (the order of `used_dims`).
pub(super) type UnitDims = [bool; 4];

/// Whether no two different threads of the launch touch a common byte at
/// access `ev` (against itself).
pub(super) fn own_elements(ev: &AccessEv<'_>, products: &[Product], unit: UnitDims) -> bool {
    let Some((index, _signed, scale)) = shape::scaled_index(&ev.offset) else { return false };
    if scale != u128::from(ev.access.size.max(1)) {
        return false;
    }
    let digits = horner(index, products);
    let bounds = conjuncts(&ev.guard);
    let mut dims = [false; 3];
    for (i, (digit, width)) in digits.iter().enumerate() {
        let Some(d) = global_id(digit, products) else { return false };
        if std::mem::replace(&mut dims[usize::from(d)], true) {
            return false;
        }
        // Every digit but the last in `[0, width)`: a global id is not
        // negative, and the guard bounds it.
        let last = i + 1 == digits.len();
        if !last && !width.as_ref().is_some_and(|w| bounds.iter().any(|c| below(c, digit, w))) {
            return false;
        }
    }
    // A dimension without a digit must hold one thread and one block.
    let one = |d: usize| match d {
        0 => false,
        _ => unit[d - 1] && unit[d + 1],
    };
    (0..3).all(|d| dims[d] || one(d))
}

/// `e` as `g0 + W0 * (g1 + W1 * (...))`: the digits, each with the width
/// that scales the rest (none for the last), however the products are held
/// (plain, or abstracted into leaves truncated back to the index's width).
fn horner(e: &T, products: &[Product]) -> Vec<(T, Option<T>)> {
    let mut out = Vec::new();
    let mut e = e.clone();
    'levels: loop {
        // A global id is a digit, not `threadIdx + blockDim * blockIdx`.
        let step = match (&e.node, global_id(&e, products)) {
            (Node::Bin(BvOp::Add, p, q), None) => [(p, q), (q, p)]
                .into_iter()
                .find_map(|(digit, rest)| scaled(rest, products).map(|(next, w)| (digit.clone(), w, next))),
            _ => None,
        };
        if let Some((digit, width, next)) = step {
            out.push((digit, Some(width)));
            e = next;
            continue 'levels;
        }
        out.push((e, None));
        return out;
    }
}

/// `rest` as `next * width`, `next` per thread and `width` shared.
fn scaled(rest: &T, products: &[Product]) -> Option<(T, T)> {
    let (a, b) = factors(rest, products)?;
    match (a.deps.thread, b.deps.thread) {
        (true, false) if a.width == rest.width => Some((a, b)),
        (false, true) if b.width == rest.width => Some((b, a)),
        _ => None,
    }
}

/// The factors of a product, plain (`a * b`) or abstracted (the product's
/// leaf truncated back to the factors' width).
fn factors(term: &T, products: &[Product]) -> Option<(T, T)> {
    match &term.node {
        Node::Bin(BvOp::Mul, a, b) => Some((a.clone(), b.clone())),
        Node::Trunc(leaf) => {
            let p = products.iter().find(|p| p.leaf == *leaf)?;
            Some((unextended(&p.x)?, unextended(&p.y)?))
        }
        _ => None,
    }
}

/// The term under one extension.
fn unextended(term: &T) -> Option<T> {
    match &term.node {
        Node::Ext(_, inner) => Some(inner.clone()),
        _ => None,
    }
}

/// The dimension `d` when `g` is `blockIdx.d * blockDim.d + threadIdx.d`.
fn global_id(g: &T, products: &[Product]) -> Option<u8> {
    let Node::Bin(BvOp::Add, p, q) = &g.node else { return None };
    [(p, q), (q, p)].into_iter().find_map(|(offset, tid)| match tid.node {
        Node::Leaf(Leaf::Tid(d)) if block_offset(offset, products) == Some(d) => Some(d),
        _ => None,
    })
}

/// The dimension `d` when `t` is `blockIdx.d * blockDim.d` (or its
/// abstracted product, truncated).
fn block_offset(term: &T, products: &[Product]) -> Option<u8> {
    let (a, b) = factors(term, products)?;
    match (&a.node, &b.node) {
        (Node::Leaf(Leaf::Bid(d)), Node::Leaf(Leaf::BlockDim(e)))
        | (Node::Leaf(Leaf::BlockDim(e)), Node::Leaf(Leaf::Bid(d)))
            if d == e =>
        {
            Some(*d)
        }
        _ => None,
    }
}

/// The conjuncts of a guard, through `!(a || b)` (early returns).
fn conjuncts(guard: &T) -> Vec<T> {
    let mut out = Vec::new();
    let mut stack = vec![(guard.clone(), false)];
    while let Some((c, negated)) = stack.pop() {
        match (&c.node, negated) {
            (Node::And(a, b), false) | (Node::Or(a, b), true) => {
                stack.push((a.clone(), negated));
                stack.push((b.clone(), negated));
            }
            (Node::Not(a), _) => stack.push((a.clone(), !negated)),
            (_, false) => out.push(c),
            (_, true) => out.push(t::not(&c)),
        }
    }
    out
}

/// Whether condition `c` says `x < w` (signed or not; `x`, a global id, is
/// not negative).
fn below(c: &T, x: &T, w: &T) -> bool {
    match &c.node {
        Node::Cmp(CmpOp::Slt | CmpOp::Ult, a, b) => a == x && b == w,
        Node::Not(inner) => matches!(&inner.node, Node::Cmp(CmpOp::Sle | CmpOp::Ule, a, b) if a == w && b == x),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::Deps;

    fn leaf(l: Leaf) -> T {
        t::leaf(l, 32, Deps { thread: l.per_thread(), ..Deps::default() })
    }

    fn gid(d: u8) -> T {
        t::add(&t::mul(&leaf(Leaf::Bid(d)), &leaf(Leaf::BlockDim(d))), &leaf(Leaf::Tid(d)))
    }

    #[test]
    fn row_major_digits_are_found_in_either_order() {
        let (x, y, w) = (gid(0), gid(1), leaf(Leaf::Param(0)));
        let index = t::add(&t::mul(&y, &w), &x);
        let digits = horner(&index, &[]);
        assert_eq!(digits.len(), 2);
        assert_eq!(digits[0], (x.clone(), Some(w.clone())));
        assert_eq!(digits[1], (y.clone(), None));
        assert_eq!(global_id(&digits[0].0, &[]), Some(0));
        assert_eq!(global_id(&digits[1].0, &[]), Some(1));
        // `x < w`, spelled either way, bounds the low digit; `w < x` does not.
        assert!(below(&t::cmp(CmpOp::Slt, &x, &w), &x, &w));
        assert!(below(&t::not(&t::cmp(CmpOp::Ule, &w, &x)), &x, &w));
        assert!(!below(&t::cmp(CmpOp::Slt, &w, &x), &x, &w));
        // threadIdx.x * 2 + blockIdx.x is no global id.
        let not_gid = t::add(&t::mul(&leaf(Leaf::Tid(0)), &t::constant(2, 32)), &leaf(Leaf::Bid(0)));
        assert_eq!(global_id(&not_gid, &[]), None);
    }
}
