//! The layout a kernel's indexing assumes, as facts of the plausible domain.
//!
//! An access `a[r * stride + c]` whose column `c` the kernel bounds by a
//! row length (`c < width`, in the access's guard) lays out rows of `width`
//! elements, `stride` apart. A caller that passes a `stride` below `width`
//! makes neighbouring rows overlap: each row's last elements are the next
//! row's first. Real code does not (a pitch is at least the row, a leading
//! dimension at least the columns), so a race that needs it is one no
//! launch has: only possible, like one that needs a size below 1. The fact
//! is `width <= stride` over the open values alone: a stride or a row length
//! the host code gives is what it is.
//!
//! Plausibility never proves anything (ARCHITECTURE.md): a race that needs
//! overlapping rows is still reported, as possible, naming this rule.

use std::collections::{BTreeSet, HashSet};

use gpurace_core::arith;
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, T};

use gpurace_ir::Kernel;

use crate::trace::{AccessEv, Obj, Trace};

/// Why a witness whose block is too large for the kernel's indexing is not
/// a launch.
pub(crate) const BLOCK: &str =
    "a block size the indexing assumes: every thread's unconditional access lies inside its shared array";

/// Why a witness with overlapping rows is not a launch.
pub(crate) const ROWS: &str = "rows do not overlap: a row stride is at least the length of the row the kernel indexes";

/// Why a witness whose mask is not one less than a power of two is not a
/// launch.
pub(crate) const MASK: &str =
    "a value the kernel masks with (`x & (s - 1)`) is a power of two: the mask keeps the low bits of `x`";

/// The facts `s != 0 && (s & (s - 1)) == 0` of every mask `x & (s - 1)` in
/// `terms` (a trace's accesses, guards and assumptions) and `trace`'s
/// abstracted products whose `s` is shared and over `open` leaves only.
/// `i & (stride - 1)` is how GPU code writes `i % stride` for a power-of-two
/// stride (a sorting network's position `2 * i - (i & (stride - 1))`, a
/// bitonic stage's direction `i & (size / 2 - 1)`); a race that needs a
/// stride of 4294967147 there is one no caller has.
pub(crate) fn mask_facts<'t>(
    trace: &'t Trace<'_>,
    terms: impl Iterator<Item = &'t T>,
    open: &BTreeSet<Leaf>,
) -> Vec<T> {
    let products = trace.abstractions.products.iter().flat_map(|p| [&p.x, &p.y]);
    let terms: Vec<&T> = terms.chain(products).collect();
    masks_in(&terms, &|s: &T| !s.deps.thread && over(s, open))
}

/// The facts `s != 0 && (s & (s - 1)) == 0` of the masks `x & (s - 1)` in
/// `terms` whose `s` passes `keep`, in the order the terms meet them.
pub(crate) fn masks_in(terms: &[&T], keep: &dyn Fn(&T) -> bool) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    let mut seen = HashSet::new();
    for term in terms {
        t::visit(term, &mut seen, &mut |n| {
            if let Node::Bin(BvOp::And, a, b) = &n.node {
                for s in [a, b].into_iter().filter_map(below_mask) {
                    if s.as_const().is_some() || !keep(s) {
                        continue;
                    }
                    let zero = t::constant(0, s.width);
                    let low = t::bin(BvOp::And, s, &t::bin(BvOp::Sub, s, &t::constant(1, s.width)));
                    let fact = t::and(&t::not(&t::eq(s, &zero)), &t::eq(&low, &zero));
                    if !matches!(fact.node, Node::Bool(_)) && !out.contains(&fact) {
                        out.push(fact);
                    }
                }
            }
            true
        });
    }
    out
}

/// `s` of a mask `s - 1` (or `s + (-1)`), through casts.
fn below_mask(m: &T) -> Option<&T> {
    match &bare(m).node {
        Node::Bin(BvOp::Sub, s, one) if one.as_const() == Some(1) => Some(s),
        Node::Bin(BvOp::Add, s, minus) if minus.as_const() == Some(arith::mask(minus.width)) => Some(s),
        _ => None,
    }
}

/// The facts `width <= stride` (as 64-bit signed values) of every access of
/// `trace` indexed as rows, over `open` leaves only.
pub(crate) fn row_facts(trace: &Trace<'_>, open: &BTreeSet<Leaf>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for ev in &trace.accesses {
        for (width, stride) in rows(trace, ev) {
            if !over(&width, open) || !over(&stride, open) {
                continue;
            }
            let fact = t::cmp(CmpOp::Sle, &wide(&width), &wide(&stride));
            if !matches!(fact.node, Node::Bool(_)) && !out.contains(&fact) {
                out.push(fact);
            }
        }
    }
    out
}

/// The facts on an open block size that every thread's unconditional access
/// to a shared array of known size keeps it inside the array: an access
/// every thread makes (its guard is `true`) at `c + cx * tid.x + cy * tid.y +
/// cz * tid.z` bytes, the coefficients not negative, of `size` bytes, gives
/// `c + cx * (blockDim.x - 1) + ... + size <= bytes`. A kernel that writes
/// `buf[32 + threadIdx.x]` into a buffer of 64 elements is written for a
/// block of at most 32 threads (`timemachine`'s neighbour lists), and a
/// race between `buf[threadIdx.x]` and `buf[32 + threadIdx.x]` needs a
/// larger one, which no launch of it has.
pub(crate) fn block_facts(kernel: &Kernel, trace: &Trace<'_>, open: &BTreeSet<Leaf>) -> Vec<T> {
    let no = t::Deps::default();
    let mut out: Vec<T> = Vec::new();
    for ev in &trace.accesses {
        let Obj::Shared(i) = ev.obj else { continue };
        if !matches!(ev.guard.node, Node::Bool(true)) {
            continue;
        }
        let Some(bytes) = kernel.shared.get(i as usize).and_then(|v| v.ty.size()) else { continue };
        let Some((c, coef)) = linear_in_threads(&ev.offset) else { continue };
        let used: Vec<u8> = (0..3u8).filter(|d| coef[usize::from(*d)] != 0).collect();
        if used.is_empty() || !used.iter().all(|d| open.contains(&Leaf::BlockDim(*d))) {
            continue;
        }
        let mut last = t::constant((c + i128::from(ev.access.size)) as u128, 64);
        for d in used {
            let dim = t::resize(&t::leaf(Leaf::BlockDim(d), 32, no), 64, false);
            let top = t::bin(BvOp::Sub, &dim, &t::constant(1, 64));
            last = t::add(&last, &t::mul(&t::constant(coef[usize::from(d)] as u128, 64), &top));
        }
        let fact = t::cmp(CmpOp::Ule, &last, &t::constant(u128::from(bytes), 64));
        if !matches!(fact.node, Node::Bool(_)) && !out.contains(&fact) {
            out.push(fact);
        }
    }
    out
}

/// A byte offset as `c + cx * tid.x + cy * tid.y + cz * tid.z` with a
/// constant `c` and coefficients that are not negative; `None` for any
/// other form (another leaf, a product of leaves, a subtraction).
fn linear_in_threads(term: &T) -> Option<(i128, [i128; 3])> {
    const LIMIT: i128 = 1 << 40;
    let (c, coef) = match &term.node {
        Node::Const(v) => (i128::try_from(*v).ok()?, [0; 3]),
        Node::Leaf(Leaf::Tid(d)) if *d < 3 => {
            let mut coef = [0; 3];
            coef[usize::from(*d)] = 1;
            (0, coef)
        }
        Node::Ext(false, a) => linear_in_threads(a)?,
        Node::Ext(true, a) | Node::Trunc(a) => {
            // Values a block's threads reach (ids below 1024) that clear the
            // sign bit and lose nothing to the cut.
            let (c, coef) = linear_in_threads(a)?;
            let top = a.width.min(term.width).saturating_sub(1).min(100);
            if c < 0 || c + coef.iter().sum::<i128>() * 1024 >= 1i128 << top {
                return None;
            }
            (c, coef)
        }
        Node::Bin(BvOp::Add, a, b) => {
            let (ca, ka) = linear_in_threads(a)?;
            let (cb, kb) = linear_in_threads(b)?;
            (ca + cb, [ka[0] + kb[0], ka[1] + kb[1], ka[2] + kb[2]])
        }
        Node::Bin(BvOp::Mul, a, b) => {
            let (k, x) = match (a.as_const(), b.as_const()) {
                (Some(k), None) => (k, b),
                (None, Some(k)) => (k, a),
                _ => return None,
            };
            let k = i128::try_from(k).ok().filter(|k| *k < LIMIT)?;
            let (c, coef) = linear_in_threads(x)?;
            (c * k, coef.map(|v| v * k))
        }
        Node::Bin(BvOp::Shl, a, b) => {
            let s = b.as_const().filter(|s| *s < 32)?;
            let (c, coef) = linear_in_threads(a)?;
            (c << s, coef.map(|v| v << s))
        }
        _ => return None,
    };
    (c.abs() < LIMIT && coef.iter().all(|k| (0..LIMIT).contains(k))).then_some((c, coef))
}

/// The (row length, stride) pairs of one access: an addend `r * s` of the
/// offset with `r` per thread and `s` shared (written out or abstracted as a
/// product), and a guard `c < w` (`c <= w - 1`) with `w` shared whose `c`
/// is a sum of other addends of the offset, the addends left over not per
/// thread (a base offset): `a[base + r * s + c]`.
fn rows(trace: &Trace<'_>, ev: &AccessEv<'_>) -> Vec<(T, T)> {
    let mut addends = Vec::new();
    split_sum(&ev.offset, &mut addends);
    let strides: Vec<(usize, T)> =
        addends.iter().enumerate().filter_map(|(i, a)| Some((i, scaled_product(trace, a)?))).collect();
    if strides.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    conjuncts(&ev.guard, &mut |c| {
        let Some((x, w)) = upper_bound(c) else { return };
        let mut column = Vec::new();
        split_sum(&x, &mut column);
        for (i, s) in &strides {
            let mut rest: Vec<&T> = addends.iter().enumerate().filter(|(j, _)| j != i).map(|(_, a)| a).collect();
            let all_in = column.iter().all(|c| match rest.iter().position(|r| *r == c) {
                Some(k) => {
                    rest.swap_remove(k);
                    true
                }
                None => false,
            });
            if all_in && rest.iter().all(|r| !r.deps.thread) && !out.iter().any(|(a, b)| a == &w && b == s) {
                out.push((w.clone(), s.clone()));
            }
        }
    });
    out
}

/// The addends of a sum, each without casts, through casts and constant
/// scales (the element size of a byte offset).
fn split_sum(term: &T, out: &mut Vec<T>) {
    match &term.node {
        Node::Bin(BvOp::Add, a, b) => {
            split_sum(a, out);
            split_sum(b, out);
        }
        Node::Ext(_, a) | Node::Trunc(a) => split_sum(a, out),
        Node::Bin(BvOp::Mul | BvOp::Shl, a, b) if b.as_const().is_some() => split_sum(a, out),
        Node::Bin(BvOp::Mul, a, b) if a.as_const().is_some() => split_sum(b, out),
        _ => out.push(term.clone()),
    }
}

/// The shared factor of `r * s` with `r` per thread, written out or a
/// product the engine abstracted by a leaf.
fn scaled_product(trace: &Trace<'_>, term: &T) -> Option<T> {
    let term = bare(term);
    let pair = match &term.node {
        Node::Bin(BvOp::Mul, a, b) => Some((a.clone(), b.clone())),
        Node::Leaf(_) => {
            trace.abstractions.products.iter().find(|p| p.leaf == *term).map(|p| (p.x.clone(), p.y.clone()))
        }
        _ => None,
    };
    let (a, b) = pair?;
    match (a.deps.thread, b.deps.thread) {
        (true, false) if b.as_const().is_none() => Some(bare(&b).clone()),
        (false, true) if a.as_const().is_none() => Some(bare(&a).clone()),
        _ => None,
    }
}

/// `x < w` (or `x <= w - 1`, either way round, signed or not) with `x` per
/// thread and `w` shared: `(x, w)`.
fn upper_bound(c: &T) -> Option<(T, T)> {
    let Node::Cmp(op, a, b) = &c.node else { return None };
    let (x, w) = match op {
        CmpOp::Slt | CmpOp::Ult => (a.clone(), b.clone()),
        CmpOp::Sle | CmpOp::Ule => match &b.node {
            Node::Bin(BvOp::Sub, w, one) if one.as_const() == Some(1) => (a.clone(), w.clone()),
            _ => return None,
        },
        _ => return None,
    };
    (x.deps.thread && !w.deps.thread && w.as_const().is_none()).then(|| (x, bare(&w).clone()))
}

/// Calls `f` on each conjunct of a guard.
fn conjuncts(guard: &T, f: &mut dyn FnMut(&T)) {
    match &guard.node {
        Node::And(a, b) => {
            conjuncts(a, f);
            conjuncts(b, f);
        }
        _ => f(guard),
    }
}

/// A term without the extensions and truncations around it.
pub(super) fn bare(term: &T) -> &T {
    match &term.node {
        Node::Ext(_, a) | Node::Trunc(a) => bare(a),
        _ => term,
    }
}

/// Whether every leaf of a shared term is open.
fn over(term: &T, open: &BTreeSet<Leaf>) -> bool {
    let mut leaves = BTreeSet::new();
    t::leaves(term, &mut leaves, &mut HashSet::new());
    !leaves.is_empty() && leaves.iter().all(|(l, _)| open.contains(l))
}

/// A term as a 64-bit signed value.
fn wide(term: &T) -> T {
    if term.width >= 64 {
        term.clone()
    } else {
        t::resize(term, 64, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::Deps;

    fn leaf(l: Leaf) -> T {
        t::leaf(l, 32, Deps { thread: l.per_thread(), ..Deps::default() })
    }

    fn power_of_two(s: &T) -> T {
        let zero = t::constant(0, 32);
        let low = t::bin(BvOp::And, s, &t::bin(BvOp::Sub, s, &t::constant(1, 32)));
        t::and(&t::not(&t::eq(s, &zero)), &t::eq(&low, &zero))
    }

    #[test]
    fn a_mask_is_one_less_than_a_power_of_two() {
        let (i, s) = (leaf(Leaf::Tid(0)), leaf(Leaf::Param(0)));
        let any = |_: &T| true;
        // `i & (s - 1)`, either way round, and `i & (s + 0xffffffff)`.
        let minus = t::bin(BvOp::Sub, &s, &t::constant(1, 32));
        let plus = t::bin(BvOp::Add, &s, &t::constant(0xffff_ffff, 32));
        for mask in [&minus, &plus] {
            assert_eq!(masks_in(&[&t::bin(BvOp::And, &i, mask)], &any), vec![power_of_two(&s)]);
            assert_eq!(masks_in(&[&t::bin(BvOp::And, mask, &i)], &any), vec![power_of_two(&s)]);
        }
        // Once, however often the mask occurs.
        let twice = t::add(&t::bin(BvOp::And, &i, &minus), &t::bin(BvOp::And, &leaf(Leaf::Tid(1)), &minus));
        assert_eq!(masks_in(&[&twice], &any).len(), 1);
        // A constant mask, any other `and`, or a value `keep` refuses: none.
        assert!(masks_in(&[&t::bin(BvOp::And, &i, &t::constant(7, 32))], &any).is_empty());
        let two = t::bin(BvOp::Sub, &s, &t::constant(2, 32));
        assert!(masks_in(&[&t::bin(BvOp::And, &i, &two)], &any).is_empty());
        assert!(masks_in(&[&t::bin(BvOp::And, &i, &minus)], &|_: &T| false).is_empty());
    }
}
