//! Element indices (`ext(e) * 4`, `(y * width + x) * 3 + c`): the facts
//! that make two threads' overlapping accesses a matter of equal indices,
//! and, through `radix`, of equal rows and columns, stated for the solver,
//! which does not find them alone behind an abstracted product (see
//! `smt::Solver::assert_int_product`).
//!
//! Each fact is a link of the pair query that holds in every model of the
//! query (its premises include what makes it true), so that no collision is
//! lost: it only shortens the solver's search.

use gpurace_core::term::{self as t, CmpOp, Node, T};

use super::radix::radix_link;
use crate::smt::Link;
use crate::trace::{AccessEv, Product};

/// An element index `e` of an access and the condition under which equal
/// offsets of two such accesses mean equal `e`.
struct Element {
    index: T,
    signed: bool,
    exact: T,
    /// Overlapping accesses have indices closer than this (1: equal).
    near: u64,
    /// A non-negative offset (signed): two of them differ by less than
    /// 2^63, so their overlap mod 2^64 is that of integers (for `near > 1`;
    /// `true` otherwise).
    bounded: T,
}

/// The element index of an access of `size` bytes at byte offset `offset`
/// of the form `ext(e * c) + d` (or `ext(e) + d`, `c = 1`; `d` may be
/// absent). Equal elements follow from overlapping accesses when `e * c`
/// and the sum do not wrap and `0 <= d <= c - size`: then `|c * (e1 - e2)|`
/// would be at least `c` and `|d1 - d2|` at most `c - size`. An access wider
/// than `c` with no `d` (a `float4` through a `__half *`) overlaps another
/// one when `|e1 - e2| < ceil(size / c)`.
fn element(offset: &T, size: u64) -> Option<Element> {
    const WIDE: u32 = 96;
    let (scaled, d) = match &offset.node {
        Node::Bin(t::BvOp::Add, a, b) => match (scaled_part(a), scaled_part(b)) {
            (Some(s), _) => (s, Some(b)),
            (None, Some(s)) => (s, Some(a)),
            _ => return None,
        },
        _ => (scaled_part(offset)?, None),
    };
    let Scaled { term, index, signed, c, mut exact } = scaled;
    if c < u128::from(size) {
        if d.is_some() || c == 0 {
            return None;
        }
        let near = u64::try_from(u128::from(size).div_ceil(c)).ok()?;
        let bounded = t::cmp(CmpOp::Sle, &t::constant(0, offset.width), offset);
        return Some(Element { index, signed, exact, near, bounded });
    }
    if let Some(d) = d {
        let d64 = t::resize(d, 64, true);
        let top = t::constant(c - u128::from(size), 64);
        let within = t::and(&t::cmp(CmpOp::Sle, &t::constant(0, 64), &d64), &t::cmp(CmpOp::Sle, &d64, &top));
        let sum =
            t::eq(&t::resize(offset, WIDE, true), &t::add(&t::resize(term, WIDE, true), &t::resize(d, WIDE, true)));
        exact = t::and(&exact, &t::and(&within, &sum));
    }
    Some(Element { index, signed, exact, near: 1, bounded: t::tru() })
}

/// `ext(e * c)`, `ext(e) * c` or `ext(e)` (`c = 1`) with `e` at most 32
/// bits wide, or `e * c` with `e` 64 bits wide.
struct Scaled<'a> {
    term: &'a T,
    index: T,
    signed: bool,
    c: u128,
    /// `e * c` does not wrap.
    exact: T,
}

fn scaled_part(term: &T) -> Option<Scaled<'_>> {
    // `ext(e) * c` at 64 bits: exact, `e` being at most 32 bits wide.
    if let Node::Bin(t::BvOp::Mul, a, b) = &term.node {
        let (ext, c) = match (a.as_const(), b.as_const()) {
            (None, Some(c)) => (a, c),
            (Some(c), None) => (b, c),
            _ => return None,
        };
        let Node::Ext(signed, e) = &ext.node else {
            // `e * c` at 64 bits, exact when it does not wrap.
            if term.width != 64 || c >= 1 << 16 {
                return None;
            }
            let product = t::mul(&t::resize(ext, 82, true), &t::constant(c, 82));
            let exact = t::eq(&t::resize(term, 82, true), &product);
            return Some(Scaled { term, index: ext.clone(), signed: true, c, exact });
        };
        let fits = term.width >= 64 && e.width <= 32 && c < 1 << 16;
        return fits.then(|| Scaled { term, index: e.clone(), signed: *signed, c, exact: t::tru() });
    }
    let Node::Ext(signed, inner) = &term.node else { return None };
    if inner.width > 32 {
        return None;
    }
    let (index, c, exact) = match &inner.node {
        Node::Bin(t::BvOp::Mul, a, b) if a.as_const().is_some() != b.as_const().is_some() => {
            let (e, c) = match b.as_const() {
                Some(c) => (a, c),
                None => (b, a.as_const()?),
            };
            let wide = 2 * inner.width + 2;
            let product = t::mul(&t::resize(e, wide, *signed), &t::constant(c, wide));
            (e.clone(), c, t::eq(&t::resize(inner, wide, *signed), &product))
        }
        _ => (inner.clone(), 1, t::tru()),
    };
    (c < 1 << 16).then_some(Scaled { term, index, signed: *signed, c, exact })
}

/// The links for accesses `a` (thread 1) and `b` (thread 2) of one element
/// size, each at `ext(e * size)`: equal offsets are equal element indices,
/// and, when both indices are `row * width + col` of one product, equal rows
/// and equal columns.
pub(super) fn row_links(a: &AccessEv<'_>, b: &AccessEv<'_>, products: &[Product]) -> Vec<Link> {
    if a.access.size != b.access.size {
        return Vec::new();
    }
    let (Some(ea), Some(eb)) = (element(&a.offset, a.access.size), element(&b.offset, b.access.size)) else {
        return Vec::new();
    };
    if ea.index.width != eb.index.width || ea.signed != eb.signed {
        return Vec::new();
    }
    let refuted = |x: &T, one: bool| if one { Link::One(t::not(x)) } else { Link::Two(t::not(x)) };
    let mut links = Vec::new();
    if ea.near != eb.near {
        return links;
    }
    // Indices closer than `near > 1` are not equal: the digits say the rest.
    if ea.near == 1 && !(ea.exact.is_true() && eb.exact.is_true()) {
        links.push(Link::Or(vec![
            refuted(&ea.exact, true),
            refuted(&eb.exact, false),
            Link::Eq(ea.index.clone(), eb.index.clone()),
        ]));
    } else if ea.near == 1 {
        links.push(Link::Eq(ea.index.clone(), eb.index.clone()));
    }
    // Mixed-radix indices: equal digits (the row and the column).
    let premise_a = t::and(&ea.exact, &ea.bounded);
    let premise_b = t::and(&eb.exact, &eb.bounded);
    if let Some(link) = radix_link(&ea.index, &eb.index, ea.signed, ea.near, products) {
        links.push(Link::Or(vec![refuted(&premise_a, true), refuted(&premise_b, false), link]));
    }
    links
}
