//! Byte offsets as slots: `S * E + c + shared`, a per-thread index `E`
//! scaled by a constant `S`, a constant `c` with the access inside the slot
//! (`c + size <= S`), and addends every thread shares.
//!
//! Arrays of constant extents reach the engine flattened (`a[z][y][x]` of a
//! `double a[][400][400]` is `z * 1280000 + y * 3200 + x * 8`); the slot
//! reads them back as the number `x + 400 * (y + 400 * z)` in elements of
//! 8 bytes. Accesses of one slot with different constants and sizes
//! (`p[2 * i]` and `p[2 * i + 1]` beside `((float2 *)p)[i]`) share their
//! index: two threads whose indices differ touch different slots, so
//! different bytes (`injective::own_digits_at`).
//!
//! Every scale of a per-thread term is below `2^31` and every step is an
//! identity of integers, exact as the engine's semantics of indices say
//! (sums and products of an index do not wrap, see `injective`).

use gpurace_core::term::{self as t, BvOp, Node, T};

use super::congruence::gcd;

/// An offset read as a slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Slot {
    /// The per-thread index, in Horner form with constant widths.
    pub index: T,
    /// The slot's size in bytes (`S`).
    pub bytes: u128,
    /// Where the access starts in its slot (`c`).
    pub start: u128,
    /// The shared addends, with their scales, in a canonical order.
    pub shared: Vec<(u128, T)>,
}

/// Offsets are 64-bit; constants are read modulo `2^64`.
const MASK: u128 = u64::MAX as u128;

/// The slot of a `size`-byte access at `offset`, when the offset has one
/// and the access fits in it.
pub(super) fn slot(offset: &T, size: u128) -> Option<Slot> {
    if offset.width != 64 {
        return None;
    }
    let mut terms = Vec::new();
    let mut constant = 0;
    linear(offset, 1, &mut terms, &mut constant)?;
    let (mut thread, mut shared): (Vec<_>, Vec<_>) = terms.into_iter().partition(|(_, a)| a.deps.thread);
    merge(&mut thread);
    merge(&mut shared);
    if thread.is_empty() || thread.iter().any(|(k, _)| *k == 0 || *k >= 1 << 31) {
        return None;
    }
    let bytes = thread.iter().fold(0i128, |g, (k, _)| gcd(g, *k as i128)) as u128;
    if constant >= bytes || constant + size > bytes {
        return None;
    }
    thread.sort_by_key(|(k, _)| *k);
    if thread[0].0 != bytes {
        return None;
    }
    let mut index = thread.last()?.1.clone();
    for pair in thread.windows(2).rev() {
        let ((low, digit), (high, _)) = (&pair[0], &pair[1]);
        if *high <= *low || *high % *low != 0 {
            return None;
        }
        index = t::add(digit, &t::mul(&index, &t::constant(*high / *low, 64)));
    }
    shared.sort_by_key(|(k, a)| (a.hash, *k));
    Some(Slot { index, bytes, start: constant, shared })
}

/// `term * coef` as scaled terms and a constant, through sums and products
/// and shifts by constants. A per-thread term of at most 32 bits is taken
/// extended, as one term: what it is inside is its own arithmetic.
fn linear(term: &T, coef: u128, terms: &mut Vec<(u128, T)>, constant: &mut u128) -> Option<()> {
    if let Some(c) = term.as_const() {
        *constant = constant.wrapping_add(c.wrapping_mul(coef)) & MASK;
        return Some(());
    }
    let by = |k: &T| k.as_const().map(|k| coef.wrapping_mul(k) & MASK);
    match &term.node {
        Node::Bin(BvOp::Add, p, q) if term.width == 64 => {
            linear(p, coef, terms, constant)?;
            linear(q, coef, terms, constant)
        }
        Node::Bin(BvOp::Mul, x, k) | Node::Bin(BvOp::Mul, k, x) if term.width == 64 && k.as_const().is_some() => {
            linear(x, by(k)?, terms, constant)
        }
        Node::Bin(BvOp::Shl, x, s) if term.width == 64 && s.as_const().is_some_and(|s| s < 64) => {
            linear(x, coef << s.as_const()? & MASK, terms, constant)
        }
        _ => {
            terms.push((coef, term.clone()));
            Some(())
        }
    }
}

/// Equal terms as one, their scales added.
fn merge(terms: &mut Vec<(u128, T)>) {
    let mut out: Vec<(u128, T)> = Vec::new();
    for (k, a) in terms.drain(..) {
        match out.iter_mut().find(|(_, b)| *b == a) {
            Some(entry) => entry.0 = entry.0.wrapping_add(k) & MASK,
            None => out.push((k, a)),
        }
    }
    out.retain(|(k, _)| *k != 0);
    *terms = out;
}

/// The index two accesses share when their offsets are slots of one size
/// with equal shared addends: two threads with different indices then touch
/// different bytes, whatever each access.
pub(super) fn shared_index(a: &T, size_a: u128, b: &T, size_b: u128) -> Option<T> {
    let (sa, sb) = (slot(a, size_a)?, slot(b, size_b)?);
    (sa.bytes == sb.bytes && sa.index == sb.index && sa.shared == sb.shared).then_some(sa.index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::{Deps, Leaf};

    fn gid(d: u8) -> T {
        let leaf = |l: Leaf| t::leaf(l, 32, Deps { thread: l.per_thread(), ..Deps::default() });
        t::add(&t::mul(&leaf(Leaf::Bid(d)), &leaf(Leaf::BlockDim(d))), &leaf(Leaf::Tid(d)))
    }

    fn ext(e: &T) -> T {
        t::resize(e, 64, false)
    }

    fn scaled(e: &T, c: u128) -> T {
        t::mul(&ext(e), &t::constant(c, 64))
    }

    #[test]
    fn constant_extents_are_a_row_major_number() {
        let (x, y, z) = (gid(0), gid(1), gid(2));
        let base = t::leaf(Leaf::Param(0), 64, Deps::default());
        // z * 1280000 + y * 3200 + x * 8 + base
        let offset = t::add(&t::add(&t::add(&scaled(&z, 1_280_000), &scaled(&y, 3200)), &scaled(&x, 8)), &base);
        let s = slot(&offset, 8).expect("a slot");
        assert_eq!((s.bytes, s.start), (8, 0));
        let c = |v: u128| t::constant(v, 64);
        let want = t::add(&ext(&x), &t::mul(&t::add(&ext(&y), &t::mul(&ext(&z), &c(400))), &c(400)));
        assert_eq!(s.index, want);
        assert_eq!(s.shared, vec![(1, base)]);
        // Scales that are not multiples of one another are no number.
        assert!(slot(&t::add(&scaled(&y, 24), &scaled(&x, 16)), 8).is_none());
    }

    #[test]
    fn halves_of_a_pair_share_the_pairs_index() {
        let g = ext(&gid(0));
        let c = |v: u128| t::constant(v, 64);
        // ((float2 *)p)[g], p[2 * g], p[2 * g + 1]
        let pair = t::mul(&g, &c(8));
        let low = t::mul(&t::mul(&g, &c(2)), &c(4));
        let high = t::mul(&t::add(&t::mul(&g, &c(2)), &c(1)), &c(4));
        assert_eq!(shared_index(&pair, 8, &low, 4), Some(g.clone()));
        assert_eq!(shared_index(&low, 4, &high, 4), Some(g.clone()));
        assert_eq!(slot(&high, 4).map(|s| s.start), Some(4));
        // p[2 * g + 1] as a float2 spills into the next slot.
        assert!(slot(&high, 8).is_none());
    }
}
