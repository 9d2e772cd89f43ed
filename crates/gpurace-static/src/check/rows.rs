//! Row-major element indices (`y * width + x`, `(y * width + x) * 3 + c`):
//! the facts that make two threads' equal indices a matter of equal rows and
//! columns, stated for the solver, which does not find them alone behind an
//! abstracted product (see `smt::Solver::assert_int_product`).
//!
//! Each fact is a link of the pair query that holds in every model of the
//! query (its premises include what makes it true), so that no collision is
//! lost: it only shortens the solver's search.

use gpurace_core::term::{self as t, CmpOp, Node, T};

use crate::smt::Link;
use crate::trace::{AccessEv, Product};

/// An element index `e` of an access and the condition under which equal
/// offsets of two such accesses mean equal `e`.
struct Element {
    index: T,
    signed: bool,
    exact: T,
}

/// The element index of an access of `size` bytes at byte offset `offset`
/// of the form `ext(e * c) + d` (or `ext(e) + d`, `c = 1`; `d` may be
/// absent). Equal elements follow from overlapping accesses when `e * c`
/// and the sum do not wrap and `0 <= d <= c - size`: then `|c * (e1 - e2)|`
/// would be at least `c` and `|d1 - d2|` at most `c - size`.
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
        return None;
    }
    if let Some(d) = d {
        let d64 = t::resize(d, 64, true);
        let top = t::constant(c - u128::from(size), 64);
        let within = t::and(&t::cmp(CmpOp::Sle, &t::constant(0, 64), &d64), &t::cmp(CmpOp::Sle, &d64, &top));
        let sum =
            t::eq(&t::resize(offset, WIDE, true), &t::add(&t::resize(term, WIDE, true), &t::resize(d, WIDE, true)));
        exact = t::and(&exact, &t::and(&within, &sum));
    }
    Some(Element { index, signed, exact })
}

/// `ext(e * c)`, `ext(e) * c` or `ext(e)` (`c = 1`) with `e` at most 32
/// bits wide.
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
        let Node::Ext(signed, e) = &ext.node else { return None };
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

/// `e` as `trunc(P) + col` (either order) with `P` an abstracted product of
/// a per-thread row and a shared width: the product and the column.
fn split_row<'a>(e: &'a T, products: &'a [Product]) -> Option<(&'a Product, &'a T)> {
    let Node::Bin(t::BvOp::Add, a, b) = &e.node else { return None };
    let leaf_of = |x: &T| -> Option<&'a Product> {
        let mut x = x;
        while let Node::Trunc(inner) | Node::Ext(_, inner) = &x.node {
            x = inner;
        }
        products.iter().find(|p| p.signed && p.leaf == *x)
    };
    match (leaf_of(a), leaf_of(b)) {
        (Some(p), None) => Some((p, b)),
        (None, Some(p)) => Some((p, a)),
        _ => None,
    }
}

/// What makes `e = P + col` a row and a column: `0 <= col < width` and the
/// sum exact (no wrap at `e`'s width).
fn row_premise(e: &T, p: &Product, col: &T) -> T {
    const WIDE: u32 = 96;
    let col64 = t::resize(col, 64, true);
    let in_row = t::and(&t::cmp(CmpOp::Sle, &t::constant(0, 64), &col64), &t::cmp(CmpOp::Slt, &col64, &p.y));
    let exact = t::eq(&t::resize(e, WIDE, true), &t::add(&t::resize(&p.leaf, WIDE, true), &t::resize(col, WIDE, true)));
    t::and(&in_row, &exact)
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
    if !(ea.exact.is_true() && eb.exact.is_true()) {
        links.push(Link::Or(vec![
            refuted(&ea.exact, true),
            refuted(&eb.exact, false),
            Link::Eq(ea.index.clone(), eb.index.clone()),
        ]));
    } else {
        links.push(Link::Eq(ea.index.clone(), eb.index.clone()));
    }
    if let (Some((pa, ca)), Some((pb, cb))) = (split_row(&ea.index, products), split_row(&eb.index, products)) {
        if pa.y == pb.y && ca.width == cb.width {
            let one = t::and(&ea.exact, &row_premise(&ea.index, pa, ca));
            let two = t::and(&eb.exact, &row_premise(&eb.index, pb, cb));
            links.push(Link::Or(vec![
                refuted(&one, true),
                refuted(&two, false),
                Link::And(vec![Link::Eq(pa.x.clone(), pb.x.clone()), Link::Eq(ca.clone(), cb.clone())]),
            ]));
        }
    }
    links
}
