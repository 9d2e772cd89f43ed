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

use super::slots::slot;
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

/// Thread coordinates a digit determines: `[threadIdx.x, .y, .z, blockIdx.x,
/// .y, .z]`; two threads whose digits are equal have equal coordinates
/// wherever this is `true`.
type Cover = [bool; 6];

/// How deep digits that are themselves numbers are taken apart.
const MAX_NESTING: u32 = 3;

/// Whether no two different threads touch a common byte at access `ev`
/// (against itself), by the digits of its element index: a mixed-radix
/// number `d0 + W0 * (d1 + W1 * (...))` (shared addends aside) whose every
/// digit but the last is in `[0, width)` (non-negative by its form, below
/// its width by the access's guard or because `threadIdx.d < blockDim.d`)
/// has equal digits for equal values; digits that are thread coordinates,
/// global ids or induction variables of block- and grid-stride loops
/// (`threadIdx.y + k * blockDim.y`, themselves such numbers) then make the
/// threads' coordinates equal. The coordinates that must be covered are
/// those of every launch dimension that is not 1, and only the thread's
/// coordinates when `same_block` (shared memory: threads of one block).
///
/// Generalises [`own_elements`] to digits that are not global ids (a
/// thread's own row of a tile, block-stride loops in two dimensions,
/// `blockIdx.x * n + i` with `i` a block-stride loop below `n`), exact
/// under the same semantics.
///
/// `Some(ranges)` when the digits cover `threadIdx.x`, with what the solver
/// must show for every thread that makes the access: the ranges of the
/// top-level digits that neither the guard nor the form bounds (`0 <= d <
/// w`, read signed at a common width; the launch geometry bounds `x` in
/// `out[y * w + x]` without a guard), and `blockDim.d == 1` or `gridDim.d
/// == 1` for each coordinate that must be covered and is not. Empty: each
/// thread's own element by the form alone. `None`: not by its digits.
pub(super) fn own_digits(ev: &AccessEv<'_>, products: &[Product], unit: UnitDims, same_block: bool) -> Option<Vec<T>> {
    let size = u128::from(ev.access.size.max(1));
    let by_element =
        element_index(&ev.offset, size).and_then(|i| own_digits_at(ev, unscaled(&i), products, unit, same_block));
    by_element.or_else(|| own_digits_at(ev, unscaled(&slot(&ev.offset, size)?.index), products, unit, same_block))
}

/// An index without the constant other than 0 that scales it all
/// (`p[2 * i]`): exact, as the index's arithmetic is, so equal indices have
/// equal unscaled ones. Only at the top: a digit scaled inside a number is
/// the number's business.
fn unscaled(index: &T) -> &T {
    match &index.node {
        Node::Bin(BvOp::Mul, inner, k) if k.as_const().is_some_and(|k| k != 0) => unscaled(inner),
        Node::Bin(BvOp::Shl, inner, k) if k.as_const().is_some_and(|k| k < u128::from(index.width)) => unscaled(inner),
        _ => index,
    }
}

/// [`own_digits`] for an element index `index` of access `ev` given
/// (the index of a slot two accesses share, `slots::shared_index`).
pub(super) fn own_digits_at(
    ev: &AccessEv<'_>,
    index: &T,
    products: &[Product],
    unit: UnitDims,
    same_block: bool,
) -> Option<Vec<T>> {
    let index = index.clone();
    let bounds = conjuncts(&ev.guard);
    let mut ranges = Vec::new();
    let cover = match number(&index, products, &bounds, 0, Some(&mut ranges)) {
        Some(cover) => cover,
        None => digit_cover(&index, products, &bounds, 0),
    };
    let needed = |i: usize| match i {
        0 => true,
        1 | 2 => !unit[i - 1],
        3 => !same_block,
        _ => !same_block && !unit[i - 2],
    };
    // A coordinate no digit covers must be the only one of its dimension:
    // `gridDim.z == 1`, which the launch's facts often say (`unit` only
    // knows what the flags and the kernel's own reads say).
    for i in (1..6).filter(|i| !cover[*i] && needed(*i)) {
        let leaf = if i < 3 { Leaf::BlockDim(i as u8) } else { Leaf::GridDim((i - 3) as u8) };
        ranges.push(t::eq(&t::leaf(leaf, 32, Default::default()), &t::constant(1, 32)));
    }
    cover[0].then_some(ranges)
}

/// `0 <= d < w`, both read signed at the wider of their widths: a digit
/// whose unsigned value reaches the sign bit fails it, which only loses a
/// decision.
fn digit_range(d: &T, w: &T) -> T {
    let width = d.width.max(w.width);
    let (d, w) = (t::resize(d, width, true), t::resize(w, width, true));
    t::and(&t::cmp(CmpOp::Sle, &t::constant(0, width), &d), &t::cmp(CmpOp::Slt, &d, &w))
}

/// The element index of a byte offset in elements of `size` bytes: the
/// scaled index `ext(e) * size`, or a sum of such terms (a pointer moved by
/// `blockIdx.x * n` elements, then indexed), as one 64-bit sum of the
/// extended indices.
fn element_index(offset: &T, size: u128) -> Option<T> {
    let one = |x: &T| -> Option<T> {
        let (e, signed, scale) = shape::scaled_index(x)?;
        (scale == size).then(|| t::resize(e, 64, signed))
    };
    if let Some(e) = shape::scaled_index(offset).filter(|(_, _, scale)| *scale == size) {
        return Some(e.0.clone());
    }
    match &offset.node {
        Node::Bin(BvOp::Add, p, q) if offset.width == 64 => Some(t::add(&one(p)?, &one(q)?)),
        _ => None,
    }
}

/// The coordinates `e` determines as a number of digits, when it is one
/// (at least two digits, each but the last in range).
fn number_cover(e: &T, products: &[Product], bounds: &[T], depth: u32) -> Option<Cover> {
    number(e, products, bounds, depth, None)
}

/// [`number_cover`], with the ranges of digits not in range by their form
/// or guard added to `ranges` instead, when it is given.
fn number(e: &T, products: &[Product], bounds: &[T], depth: u32, mut ranges: Option<&mut Vec<T>>) -> Option<Cover> {
    let e = unshared(e);
    let digits = horner(e, products);
    if digits.len() < 2 {
        return None;
    }
    let mut cover = [false; 6];
    for (digit, width) in &digits {
        if let Some(w) = width {
            if !(non_negative(digit, products) && in_range(digit, w, bounds)) {
                ranges.as_mut()?.push(digit_range(digit, w));
            }
        }
        let inner = digit_cover(digit, products, bounds, depth + 1);
        (0..6).for_each(|i| cover[i] |= inner[i]);
    }
    Some(cover)
}

/// The coordinates a digit determines (none for a loop counter or a value
/// read from memory).
fn digit_cover(d: &T, products: &[Product], bounds: &[T], depth: u32) -> Cover {
    let mut cover = [false; 6];
    let d = unshared(d);
    if let Some(x) = global_id(d, products) {
        let x = usize::from(x.min(2));
        (cover[x], cover[3 + x]) = (true, true);
        return cover;
    }
    match &d.node {
        Node::Leaf(Leaf::Tid(x)) => cover[usize::from((*x).min(2))] = true,
        Node::Leaf(Leaf::Bid(x)) => cover[3 + usize::from((*x).min(2))] = true,
        // An extension does not merge values.
        Node::Ext(_, inner) => return digit_cover(inner, products, bounds, depth),
        _ if depth < MAX_NESTING => {
            if let Some(inner) = number_cover(d, products, bounds, depth) {
                return inner;
            }
        }
        _ => {}
    }
    cover
}

/// `e` without the addends every thread shares (`base + x`): adding one
/// value to both sides keeps them equal or different, even wrapping.
fn unshared(e: &T) -> &T {
    match &e.node {
        Node::Bin(BvOp::Add, p, q) if !p.deps.thread => unshared(q),
        Node::Bin(BvOp::Add, p, q) if !q.deps.thread => unshared(p),
        _ => e,
    }
}

/// Whether `d` is not negative by its form: a coordinate, a global id, or
/// the value of a loop's induction variable that steps from such a start
/// (its sum exact by the engine's own facts).
fn non_negative(d: &T, products: &[Product]) -> bool {
    let d = unextended_all(d);
    matches!(d.node, Node::Leaf(Leaf::Tid(_) | Leaf::Bid(_)))
        || global_id(d, products).is_some()
        || products.iter().any(|p| p.stride.as_ref().is_some_and(|s| s.below && s.value == *d))
}

/// Whether `0 <= d` (given) is below `w`: `threadIdx.d < blockDim.d`, or a
/// conjunct of the guard says so.
fn in_range(d: &T, w: &T, bounds: &[T]) -> bool {
    // `d` is not negative, so its extensions keep its value. A signed
    // `d < w` makes `w` positive, so every reading of `w` (extended either
    // way, multiplied signed or not) keeps its value too. An unsigned one
    // does not (`threadIdx.x < w` with `int w = -1022` holds, and `row * w`
    // steps back): only a width that is never negative (`blockDim`,
    // `gridDim`, a constant below 2^31) takes it.
    let (d, w) = (unextended_all(d), unextended_all(w));
    let never_negative = match &w.node {
        Node::Leaf(Leaf::BlockDim(_) | Leaf::GridDim(_)) => true,
        Node::Const(c) => w.width > 1 && *c < 1 << (w.width - 1),
        _ => false,
    };
    let intrinsic = matches!((&d.node, &w.node), (Node::Leaf(Leaf::Tid(x)), Node::Leaf(Leaf::BlockDim(y))) if x == y);
    // `d < c` with a constant `c <= w` (`x < 399` for a row of 400): both
    // constants non-negative, so the comparison's signedness does not matter.
    let constant_below = |c: &T| match (&c.node, w.as_const()) {
        (Node::Cmp(CmpOp::Slt | CmpOp::Ult, a, b), Some(w)) if a == d && never_negative => {
            b.as_const().is_some_and(|v| a.width > 1 && v < 1 << (a.width - 1) && v <= w)
        }
        _ => false,
    };
    intrinsic
        || bounds.iter().any(|c| bound(c, d, w).is_some_and(|signed| signed || never_negative) || constant_below(c))
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
    // `ext(a * b)` is `ext(a) * ext(b)`: index arithmetic does not wrap in
    // the engine's semantics.
    if let Node::Ext(signed, inner) = &rest.node {
        let (a, b) = factors(inner, products)?;
        let (a, b) = (t::resize(&a, rest.width, *signed), t::resize(&b, rest.width, *signed));
        return match (a.deps.thread, b.deps.thread) {
            (true, false) => Some((a, b)),
            (false, true) => Some((b, a)),
            _ => None,
        };
    }
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

/// The term under all its extensions.
fn unextended_all(term: &T) -> &T {
    match &term.node {
        Node::Ext(_, inner) => unextended_all(inner),
        _ => term,
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
    bound(c, x, w).is_some()
}

/// How condition `c` says `x < w`, if it does: `Some(true)` signed,
/// `Some(false)` unsigned (also spelled `!(w <= x)`).
fn bound(c: &T, x: &T, w: &T) -> Option<bool> {
    match &c.node {
        Node::Cmp(op @ (CmpOp::Slt | CmpOp::Ult), a, b) if a == x && b == w => Some(*op == CmpOp::Slt),
        Node::Not(inner) => match &inner.node {
            Node::Cmp(op @ (CmpOp::Sle | CmpOp::Ule), a, b) if a == w && b == x => Some(*op == CmpOp::Sle),
            _ => None,
        },
        _ => None,
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

    #[test]
    fn a_constant_bound_below_a_constant_width_is_in_range() {
        let x = gid(0);
        let ext = |e: &T| t::resize(e, 64, false);
        // `x < 399` keeps `x` below a width of 400; `x < 401` does not.
        let w = t::constant(400, 64);
        let below = |c: u128| t::cmp(CmpOp::Ult, &x, &t::constant(c, 32));
        assert!(in_range(&ext(&x), &w, &[below(399)]));
        assert!(!in_range(&ext(&x), &w, &[below(401)]));
    }

    #[test]
    fn a_digit_is_in_range_by_its_guard_or_its_block() {
        let (tx, bx, w) = (leaf(Leaf::Tid(0)), leaf(Leaf::BlockDim(0)), leaf(Leaf::Param(0)));
        // threadIdx.x < blockDim.x always.
        assert!(in_range(&tx, &bx, &[]));
        assert!(!in_range(&tx, &w, &[]));
        let signed = t::cmp(CmpOp::Slt, &tx, &w);
        let unsigned = t::cmp(CmpOp::Ult, &tx, &w);
        assert!(in_range(&tx, &w, std::slice::from_ref(&signed)));
        // A signed bound makes the width positive: any extension keeps it.
        assert!(in_range(&t::resize(&tx, 64, false), &t::resize(&w, 64, true), &[signed]));
        // An unsigned bound does not bound a width that may be negative
        // (`threadIdx.x < w` with `w = -1022`), only one that never is.
        assert!(!in_range(&tx, &w, &[unsigned]));
        let by = leaf(Leaf::GridDim(0));
        assert!(in_range(&tx, &by, &[t::cmp(CmpOp::Ult, &tx, &by)]));
    }
}
