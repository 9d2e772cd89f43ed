//! The GCD test of compilers' dependence analysis, as a pruning rule: two
//! byte offsets that are linear forms over integers (`12 * i + 4` against
//! `12 * j`) can only meet where their difference is a multiple of the
//! coefficients' greatest common divisor; when no such multiple brings the
//! accessed bytes together, no two threads can touch a common byte.
//!
//! Offsets are read as integers. That is exact where the engine's
//! semantics make it so: arithmetic under an extension does not wrap (a
//! collision that needs it is an `index-overflow` warning, not a race, and
//! the strict query asserts exactly these facts, `shape::no_wrap_facts`),
//! and a 64-bit byte offset does not wrap (the address space is far below
//! 2^63 bytes: an offset that needs it is no valid access). Everything that
//! is not a sum, difference, constant product or constant shift (a product
//! of two values, a division, a value read from memory, `threadIdx`) is an
//! atom: an unknown integer, one per thread when it depends on the thread,
//! one shared by both threads otherwise. Atoms only add freedom, so a
//! proof with them is a proof. The price: a pair this rule decides gets no
//! `index-overflow` warning.

use std::collections::BTreeMap;

use gpurace_core::arith;
use gpurace_core::term::{BvOp, Node, T};

use crate::trace::{AccessEv, Obj};

/// An atom of a linear form: a term's structural hash and width, how it is
/// extended to an integer, and for per-thread atoms the access side (0, 1).
type Atom = (u64, u32, bool, Option<u8>);

/// A linear form: coefficients of atoms and a constant, as integers.
#[derive(Debug, Default, Clone, PartialEq)]
struct Linear {
    terms: BTreeMap<Atom, i128>,
    constant: i128,
}

impl Linear {
    fn atom(atom: Atom) -> Linear {
        Linear { terms: BTreeMap::from([(atom, 1)]), constant: 0 }
    }

    fn add(mut self, other: Linear, sign: i128) -> Option<Linear> {
        for (atom, c) in other.terms {
            let slot = self.terms.entry(atom).or_insert(0);
            *slot = slot.checked_add(c.checked_mul(sign)?)?;
        }
        self.terms.retain(|_, c| *c != 0);
        self.constant = self.constant.checked_add(other.constant.checked_mul(sign)?)?;
        Some(self)
    }

    fn scale(mut self, k: i128) -> Option<Linear> {
        for c in self.terms.values_mut() {
            *c = c.checked_mul(k)?;
        }
        self.terms.retain(|_, c| *c != 0);
        self.constant = self.constant.checked_mul(k)?;
        Some(self)
    }
}

/// Coefficients past this are left to the solver (no overflow in the sums).
const LIMIT: i128 = 1 << 64;

/// `t` as a linear form, its atoms read as `signed_` integers, per-thread
/// atoms tagged with `side`; exact under the module's assumptions.
fn linear(t: &T, signed_: bool, side: u8) -> Option<Linear> {
    let value = |v: u128| if signed_ { arith::signed(v, t.width) } else { v as i128 };
    let out = match &t.node {
        Node::Const(v) => Linear { terms: BTreeMap::new(), constant: value(*v) },
        Node::Bin(BvOp::Add, a, b) => linear(a, signed_, side)?.add(linear(b, signed_, side)?, 1)?,
        Node::Bin(BvOp::Sub, a, b) => linear(a, signed_, side)?.add(linear(b, signed_, side)?, -1)?,
        Node::Bin(BvOp::Mul, a, b) if b.as_const().is_some() => {
            linear(a, signed_, side)?.scale(value(b.as_const()?))?
        }
        Node::Bin(BvOp::Mul, a, b) if a.as_const().is_some() => {
            linear(b, signed_, side)?.scale(value(a.as_const()?))?
        }
        Node::Bin(BvOp::Shl, a, b) => {
            let k = b.as_const().filter(|k| *k < 64)?;
            linear(a, signed_, side)?.scale(1i128 << k)?
        }
        // Arithmetic under an extension does not wrap (the module's first
        // assumption): its value is the integer its operands make.
        Node::Ext(s, inner) if matches!(&inner.node, Node::Bin(BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::Shl, ..)) => {
            linear(inner, *s, side)?
        }
        Node::Ext(s, inner) => atom(inner, *s, side),
        _ => atom(t, signed_, side),
    };
    let small = out.constant.abs() < LIMIT && out.terms.values().all(|c| c.abs() < LIMIT);
    small.then_some(out)
}

fn atom(t: &T, signed_: bool, side: u8) -> Linear {
    Linear::atom((t.hash, t.width, signed_, t.deps.thread.then_some(side)))
}

pub(super) fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Answered without the solver: the two accesses' offsets in one object
/// are linear forms whose difference, a multiple of the GCD of its
/// coefficients plus a constant, never lands where their bytes would
/// overlap. `false` when the rule does not apply (the solver decides).
pub(super) fn disjoint_congruence(a: &AccessEv<'_>, b: &AccessEv<'_>) -> bool {
    if a.obj != b.obj || a.obj == Obj::Dynamic {
        return false;
    }
    let (Some(la), Some(lb)) = (linear(&a.offset, true, 0), linear(&b.offset, true, 1)) else { return false };
    let Some(diff) = la.add(lb, -1) else { return false };
    let g = diff.terms.values().fold(0, |g, c| gcd(g, *c));
    if g == 0 {
        // Constant offsets: `disjoint_constants`' case.
        return false;
    }
    // Bytes meet when `off_a - off_b` lies in `(-size_a, size_b)`, that is
    // when `g * m + constant` does for some integer `m`.
    let (sa, sb) = (i128::from(a.access.size.max(1)), i128::from(b.access.size.max(1)));
    let (lo, hi) = (-sa - diff.constant, sb - diff.constant);
    // The smallest multiple of `g` above `lo`.
    let first = (lo.div_euclid(g) + 1) * g;
    first >= hi
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::{self as t, Deps, Leaf};

    fn tid() -> T {
        t::leaf(Leaf::Tid(0), 32, Deps { thread: true, ..Deps::default() })
    }

    /// `ext64s(k * tid + c) * size`, the byte offset of `a[k * tid + c]`.
    fn offset(k: i128, c: i128, size: u128) -> T {
        let index = t::add(&t::mul(&tid(), &t::constant_i(k, 32)), &t::constant_i(c, 32));
        t::mul(&t::resize(&index, 64, true), &t::constant(size, 64))
    }

    #[test]
    fn strided_fields_never_meet() {
        // out[3 * i + 1] against out[3 * i] (floats): 12 m + 4 is never in (-4, 4).
        let (a, b) = (linear(&offset(3, 1, 4), true, 0).unwrap(), linear(&offset(3, 0, 4), true, 1).unwrap());
        let diff = a.add(b, -1).unwrap();
        assert_eq!(diff.constant, 4);
        assert_eq!(diff.terms.values().fold(0, |g, c| gcd(g, *c)), 12);
    }

    #[test]
    fn gcd_of_negatives_is_positive() {
        assert_eq!(gcd(-12, 8), 4);
        assert_eq!(gcd(0, -6), 6);
    }

    #[test]
    fn a_shared_atom_cancels_and_a_thread_atom_does_not() {
        let n = t::leaf(Leaf::Param(0), 32, Deps::default());
        let shared = t::resize(&t::add(&n, &t::constant(1, 32)), 64, true);
        let a = linear(&shared, true, 0).unwrap();
        let b = linear(&shared, true, 1).unwrap();
        assert!(a.clone().add(b, -1).unwrap().terms.is_empty());
        let own = t::resize(&t::add(&tid(), &t::constant(1, 32)), 64, true);
        let (a, b) = (linear(&own, true, 0).unwrap(), linear(&own, true, 1).unwrap());
        assert_eq!(a.add(b, -1).unwrap().terms.len(), 2);
    }
}
