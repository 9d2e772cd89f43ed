//! Mixed-radix indices: `x + W * (y + H * z)`, however a program spells it
//! (`z * W * H + y * W + x`, `(n * C + c) * HW + off`, `row * ld + col`),
//! with the widths `W`, `H` shared values the solver knows only as factors
//! of abstracted products (see `smt::Solver::assert_int_product`).
//!
//! Two such indices that are equal (or closer than `k`) have equal digits
//! when every digit but the last is in range: `0 <= x <= W - k`,
//! `0 <= y < H`. The solver does not find this alone behind the products;
//! [`radix_link`] states it as a link of the pair query, premises included,
//! so that it holds in every model and no collision is lost.
//!
//! The value of every term here is its 96-bit extension (`WIDE`): each step
//! from a sum or an extension to its parts is a premise (the step does not
//! wrap), checked by the solver in the model like the rest.

use std::collections::BTreeMap;

use gpurace_core::term::{self as t, CmpOp, Node, T};

use crate::smt::Link;
use crate::trace::Product;

/// Wide enough for a sum of a few 64-bit values and no wider: every bit
/// is bit-blasted.
const WIDE: u32 = 68;

/// Nesting of digits that are themselves mixed-radix numbers
/// (`x = blockIdx.x * blockDim.x + threadIdx.x` inside `y * W + x`).
const MAX_DEPTH: u32 = 3;

fn wide(term: &T, signed: bool) -> T {
    t::resize(term, WIDE, signed)
}

/// A term split into digits: level 0 holds what no product scales, level
/// `i` what the product of the first `i` widths scales.
struct Radix {
    /// `(key, digit)` per level, the key being the widths' hashes, sorted.
    levels: Vec<(Vec<u64>, T)>,
    /// The width between level `i` and level `i + 1`.
    widths: Vec<T>,
    /// What makes the value of the term the sum of its scaled digits.
    exact: T,
}

/// A product's shared factor and how it is read (signed or not).
type Width<'a> = (&'a T, bool);

/// The parts of a sum: `(value, product)` per addend, with the product when
/// the addend is one (its widths, outermost last, and its innermost
/// per-thread factor).
struct Parts<'a> {
    plain: Vec<T>,
    scaled: Vec<ScaledPart<'a>>,
    exact: Vec<T>,
}

/// An addend that is a product: its widths, its digit and its value.
struct ScaledPart<'a> {
    widths: Vec<Width<'a>>,
    digit: T,
    value: T,
}

/// The product `term` stands for, with how its factors are read: signed
/// for a signed product, unsigned for one of zero-extended 32-bit values
/// (`blockIdx.x * blockDim.x`); either way exact at 64 bits.
fn product_of<'a>(term: &T, products: &'a [Product]) -> Option<(&'a Product, bool)> {
    let p = products.iter().find(|p| p.leaf == *term)?;
    let narrow_unsigned = |x: &T| matches!(&x.node, Node::Ext(false, inner) if inner.width <= 32);
    if p.signed {
        Some((p, true))
    } else if narrow_unsigned(&p.x) && narrow_unsigned(&p.y) && p.leaf.width == 64 {
        Some((p, false))
    } else {
        None
    }
}

/// Adds the parts of `term` (read as a `signed` or unsigned integer).
fn split<'a>(term: &T, signed: bool, products: &'a [Product], parts: &mut Parts<'a>) {
    if let Node::Bin(t::BvOp::Add, a, b) = &term.node {
        parts.exact.push(t::eq(&wide(term, signed), &t::add(&wide(a, signed), &wide(b, signed))));
        split(a, signed, products, parts);
        split(b, signed, products, parts);
        return;
    }
    if let Some((inner, reads)) = unwrap_step(term, signed, products, &mut parts.exact) {
        split(inner, reads, products, parts);
        return;
    }
    match product_of(term, products) {
        Some((p, reads)) => {
            if signed != reads {
                parts.exact.push(t::eq(&wide(term, signed), &wide(term, reads)));
            }
            let (mut widths, digit) = factors(p, reads, products, &mut parts.exact);
            widths.push((&p.y, reads));
            parts.scaled.push(ScaledPart { widths, digit, value: wide(term, reads) });
        }
        None => parts.plain.push(wide(term, signed)),
    }
}

/// One step inside `term` read `signed`: an extension's operand, or the
/// product a truncation narrows, with how it is read and the premise that
/// the step keeps the value.
fn unwrap_step<'t>(term: &'t T, signed: bool, products: &[Product], exact: &mut Vec<T>) -> Option<(&'t T, bool)> {
    let (inner, reads) = match &term.node {
        Node::Ext(s, inner) => (inner, *s),
        Node::Trunc(inner) => (inner, product_of(inner, products)?.1),
        _ => return None,
    };
    exact.push(t::eq(&wide(term, signed), &wide(inner, reads)));
    Some((inner, reads))
}

/// The per-thread factor of `p` (its factors read `signed`), with the
/// widths of the products nested in it (`trunc(z * W) * H`: `z` and `[W]`).
fn factors<'a>(p: &'a Product, signed: bool, products: &'a [Product], exact: &mut Vec<T>) -> (Vec<Width<'a>>, T) {
    let (mut x, mut signed) = (&p.x, signed);
    while let Some((inner, reads)) = unwrap_step(x, signed, products, exact) {
        (x, signed) = (inner, reads);
    }
    match product_of(x, products) {
        Some((q, reads)) => {
            if signed != reads {
                exact.push(t::eq(&wide(x, signed), &wide(x, reads)));
            }
            let (mut widths, digit) = factors(q, reads, products, exact);
            widths.push((&q.y, reads));
            (widths, digit)
        }
        None => (Vec::new(), wide(x, signed)),
    }
}

/// At most this many products in one sum (the chains tried are subsets).
const MAX_PRODUCTS: usize = 5;

/// `term` as mixed-radix digits, once per chain of its products (each level
/// one width more than the level below; the products outside the chain add
/// to the lowest digit: in `y * W + (bx * bw + tx)` the chain is `[W]`).
fn radices(term: &T, signed: bool, products: &[Product]) -> Vec<Radix> {
    let mut parts = Parts { plain: Vec::new(), scaled: Vec::new(), exact: Vec::new() };
    split(term, signed, products, &mut parts);
    let n = parts.scaled.len();
    if n == 0 || n > MAX_PRODUCTS {
        return Vec::new();
    }
    let exact = parts.exact.iter().fold(t::tru(), |all, x| t::and(&all, x));
    let mut out: Vec<Radix> = (1u32..1 << n)
        .filter_map(|chain| {
            let mut r = chained(&parts, chain)?;
            r.exact = exact.clone();
            Some(r)
        })
        .collect();
    // Longest chains first.
    out.sort_by_key(|r| std::cmp::Reverse(r.levels.len()));
    out
}

/// The digits when the products in `chain` (a bit set) are the levels.
fn chained(parts: &Parts<'_>, chain: u32) -> Option<Radix> {
    let zero = t::constant(0, WIDE);
    let mut low = parts.plain.iter().fold(zero, |sum, x| t::add(&sum, x));
    // Digits by their set of widths; equal sets add up.
    let mut by_key: BTreeMap<Vec<u64>, (&[Width<'_>], T)> = BTreeMap::new();
    for (i, part) in parts.scaled.iter().enumerate() {
        if chain & (1 << i) == 0 {
            low = t::add(&low, &part.value);
            continue;
        }
        let mut key: Vec<u64> = part.widths.iter().map(|(w, _)| w.hash).collect();
        key.sort_unstable();
        match by_key.get_mut(&key) {
            Some((_, sum)) => *sum = t::add(sum, &part.digit),
            None => {
                by_key.insert(key, (&part.widths, part.digit.clone()));
            }
        }
    }
    let mut levels = vec![(Vec::new(), low)];
    let mut scaled: Vec<_> = by_key.into_iter().collect();
    scaled.sort_by_key(|(key, _)| key.len());
    let mut widths = Vec::new();
    for (key, (factors, digit)) in scaled {
        let below = &levels.last()?.0;
        // One width more than the level below, the others the same.
        if key.len() != below.len() + 1 {
            return None;
        }
        let mut rest = key.clone();
        for h in below {
            let i = rest.iter().position(|x| x == h)?;
            rest.remove(i);
        }
        let (width, signed) = factors.iter().find(|(w, _)| w.hash == rest[0])?;
        widths.push(wide(width, *signed));
        levels.push((key, digit));
    }
    Some(Radix { levels, widths, exact: t::tru() })
}

/// What makes the digits of `r` a number: every digit but the last in
/// `[0, width)` (the lowest in `[0, width - k]`) and the sums exact.
fn in_range(r: &Radix, k: u64) -> T {
    let zero = t::constant(0, WIDE);
    let mut all = r.exact.clone();
    for (i, width) in r.widths.iter().enumerate() {
        let digit = &r.levels[i].1;
        let top = t::add(digit, &t::constant(u128::from(if i == 0 { k } else { 1 }), WIDE));
        all = t::and(&all, &t::cmp(CmpOp::Sle, &zero, digit));
        all = t::and(&all, &t::cmp(CmpOp::Sle, &top, width));
    }
    all
}

/// The link for indices `a` (thread 1) and `b` (thread 2) whose difference
/// is below `k` in every model of the query (`k = 1`: equal): their digits
/// above the lowest are equal, and the lowest too when `k = 1`; digits that
/// are themselves mixed-radix numbers get links of their own. `None` when
/// the indices are not mixed-radix numbers of one shape.
pub(super) fn radix_link(a: &T, b: &T, signed: bool, k: u64, products: &[Product]) -> Option<Link> {
    link_at(a, b, signed, k, products, 0)
}

fn link_at(a: &T, b: &T, signed: bool, k: u64, products: &[Product], depth: u32) -> Option<Link> {
    /// Chains tried per pair of indices.
    const MAX_LINKS: usize = 2;
    if depth >= MAX_DEPTH {
        return None;
    }
    let rbs = radices(b, signed, products);
    let mut links = Vec::new();
    for ra in radices(a, signed, products) {
        let same_shape = |rb: &&Radix| {
            ra.levels.len() == rb.levels.len()
                && ra.levels.iter().zip(&rb.levels).all(|(x, y)| x.0 == y.0)
                && ra.widths == rb.widths
        };
        let Some(rb) = rbs.iter().find(same_shape) else { continue };
        let mut equal = Vec::new();
        for (i, ((_, da), (_, db))) in ra.levels.iter().zip(&rb.levels).enumerate() {
            if i == 0 && k != 1 {
                continue;
            }
            equal.push(Link::Eq(da.clone(), db.clone()));
            // Equal digits, themselves numbers, have equal digits.
            if let Some(inner) = link_at(da, db, true, 1, products, depth + 1) {
                equal.push(inner);
            }
        }
        links.push(Link::Or(vec![
            Link::One(t::not(&in_range(&ra, k))),
            Link::Two(t::not(&in_range(rb, k))),
            Link::And(equal),
        ]));
        if links.len() == MAX_LINKS {
            break;
        }
    }
    match links.len() {
        0 => None,
        1 => links.pop(),
        _ => Some(Link::And(links)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::{Deps, Leaf};

    fn leaf(l: Leaf, width: u32) -> T {
        t::leaf(l, width, Deps::default())
    }

    /// `P = ext(x) * ext(y)`, an `int` product standing for leaf `Fresh(n)`.
    fn product(n: u32, x: &T, y: &T) -> Product {
        Product {
            leaf: leaf(Leaf::Fresh(n), 64),
            x: t::resize(x, 64, true),
            y: t::resize(y, 64, true),
            fits_int: false,
            dim: 0,
            signed: true,
            range: 31,
            unsigned: false,
            stride: None,
        }
    }

    #[test]
    fn nested_products_are_one_chain_of_widths() {
        // x + trunc(y * W) + trunc(trunc(z * W) * H)
        let (x, y, z) = (leaf(Leaf::Tid(0), 32), leaf(Leaf::Tid(1), 32), leaf(Leaf::Tid(2), 32));
        let (w, h) = (leaf(Leaf::Param(0), 32), leaf(Leaf::Param(1), 32));
        let p0 = product(0, &y, &w);
        let p1 = product(1, &z, &w);
        let p2 = product(2, &t::resize(&p1.leaf, 32, true), &h);
        let index = t::add(&t::add(&x, &t::resize(&p0.leaf, 32, true)), &t::resize(&p2.leaf, 32, true));
        let products = [p0, p1, p2];
        let all = radices(&index, true, &products);
        // The longest chain has three levels: x, then y (width W), then z
        // (widths W and H).
        let r = &all[0];
        assert_eq!(r.levels.len(), 3);
        let width = |v: &T| wide(&t::resize(v, 64, true), true);
        assert_eq!(r.widths, vec![width(&w), width(&h)]);
        assert_eq!(r.levels[1].1, wide(&y, true));
        assert_eq!(r.levels[2].1, wide(&z, true));
        // The link asks for equal digits under the ranges of both threads.
        assert!(radix_link(&index, &index, true, 1, &products).is_some());
    }

    #[test]
    fn products_of_unrelated_widths_form_no_longer_chain() {
        // trunc(y * W) + trunc(z * H): a chain of one product each, never two.
        let (y, z) = (leaf(Leaf::Tid(1), 32), leaf(Leaf::Tid(2), 32));
        let (w, h) = (leaf(Leaf::Param(0), 32), leaf(Leaf::Param(1), 32));
        let p0 = product(0, &y, &w);
        let p1 = product(1, &z, &h);
        let index = t::add(&t::resize(&p0.leaf, 32, true), &t::resize(&p1.leaf, 32, true));
        let products = [p0, p1];
        let all = radices(&index, true, &products);
        assert_eq!(all.len(), 2);
        assert!(all.iter().all(|r| r.levels.len() == 2));
    }

    #[test]
    fn a_sum_without_products_has_no_digits() {
        let index = t::add(&leaf(Leaf::Tid(0), 32), &leaf(Leaf::Param(0), 32));
        assert!(radices(&index, true, &[]).is_empty());
        assert!(radix_link(&index, &index, true, 1, &[]).is_none());
    }
}
