//! Ranges of host integers, without a solver: what a term's form says (its
//! width and signedness, constants, sums and quotients of bounded terms) and
//! what the condition under which the statement runs says (`if (n < 1 || n >
//! (1 << 20)) return 1;` leaves `1 <= n <= 2^20`). The floating-point rules
//! (`float.rs`) use them to decide that an identity holds where the program
//! computes it, so that it needs no condition.
//!
//! A range is an over-approximation: every value the term takes where the
//! statement runs is inside it. A term's range is never narrowed by what is
//! not known to hold.

use gpurace_core::arith::{mask, signed};
use gpurace_core::term::{BvOp, CmpOp, Node, T};

/// How deep a term or a condition is looked into.
const MAX_DEPTH: usize = 16;
/// How many conjuncts of the condition are kept.
const MAX_CONJUNCTS: usize = 64;

/// Inclusive bounds of an integer, as a mathematical value.
pub type Range = (i128, i128);

/// What the condition under which a statement runs bounds: (term, whether
/// the comparison was signed, low, high), each in the term's own
/// interpretation.
#[derive(Debug, Default, Clone)]
pub struct Known {
    bounds: Vec<(T, bool, i128, i128)>,
}

impl Known {
    /// The bounds the conjuncts of `cond` (a boolean term) put on terms
    /// compared with a constant.
    pub fn from_condition(cond: &T) -> Known {
        let mut known = Known::default();
        known.conjuncts(cond, true, 0);
        known
    }

    fn conjuncts(&mut self, c: &T, holds: bool, depth: usize) {
        if depth > MAX_DEPTH || self.bounds.len() >= MAX_CONJUNCTS {
            return;
        }
        match (&c.node, holds) {
            (Node::And(a, b), true) | (Node::Or(a, b), false) => {
                self.conjuncts(a, holds, depth + 1);
                self.conjuncts(b, holds, depth + 1);
            }
            (Node::Not(a), _) => self.conjuncts(a, !holds, depth + 1),
            (Node::Cmp(op, a, b), _) => self.comparison(*op, a, b, holds),
            _ => {}
        }
    }

    /// `a op b` (or its negation) with a constant side.
    fn comparison(&mut self, op: CmpOp, a: &T, b: &T, holds: bool) {
        let (term, c, constant_right) = match (a.as_const(), b.as_const()) {
            (None, Some(c)) => (a, c, true),
            (Some(c), None) => (b, c, false),
            _ => return,
        };
        let w = term.width;
        if w == 0 || w > 64 {
            return;
        }
        let is_signed = matches!(op, CmpOp::Slt | CmpOp::Sle);
        let c = if is_signed { signed(c, w) } else { c as i128 };
        let (min, max) = full(w, is_signed);
        // As `term REL c`: `c < term` is `term > c`; a negation flips it.
        let strict = matches!(op, CmpOp::Slt | CmpOp::Ult);
        let (below, strict) = match op {
            CmpOp::Eq if holds => {
                self.bounds.push((term.clone(), true, signed(c as u128, w), signed(c as u128, w)));
                self.bounds.push((term.clone(), false, c & mask(w) as i128, c & mask(w) as i128));
                return;
            }
            CmpOp::Slt | CmpOp::Sle | CmpOp::Ult | CmpOp::Ule => (constant_right, strict),
            _ => return,
        };
        let (below, strict) = if holds { (below, strict) } else { (!below, !strict) };
        let (lo, hi) = match (below, strict) {
            (true, true) => (min, c - 1),
            (true, false) => (min, c),
            (false, true) => (c + 1, max),
            (false, false) => (c, max),
        };
        if lo <= hi {
            self.bounds.push((term.clone(), is_signed, lo, hi));
        }
    }

    /// The bounds the condition puts on `t` itself, read as signed or not.
    fn of(&self, t: &T, is_signed: bool) -> Range {
        let w = t.width;
        let half = 1i128 << (w - 1);
        // All signed bounds together, all unsigned ones together; then what
        // the other reading's range says where it lies in [0, 2^(w-1)), on
        // which both readings agree.
        let mut by = [full(w, false), full(w, true)];
        for (_, s, lo, hi) in self.bounds.iter().filter(|b| &b.0 == t) {
            let r = &mut by[usize::from(*s)];
            *r = (r.0.max(*lo), r.1.min(*hi));
        }
        let (own, other) = (by[usize::from(is_signed)], by[usize::from(!is_signed)]);
        if other.0 >= 0 && other.1 < half {
            (own.0.max(other.0), own.1.min(other.1))
        } else {
            own
        }
    }
}

/// The values of a `w`-bit integer, signed or not.
pub fn full(w: u32, is_signed: bool) -> Range {
    if is_signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, mask(w) as i128)
    }
}

/// Bounds of `t` (a bit-vector of at most 64 bits) read as signed or not,
/// where the conditions `known` hold.
pub fn range(t: &T, is_signed: bool, known: &Known) -> Range {
    range_at(t, is_signed, known, 0)
}

fn range_at(t: &T, is_signed: bool, known: &Known, depth: usize) -> Range {
    let w = t.width;
    if w == 0 || w > 64 {
        return (0, 1);
    }
    let whole = full(w, is_signed);
    let fits = |r: Range| r.0 >= whole.0 && r.1 <= whole.1;
    let structural = if depth > MAX_DEPTH {
        whole
    } else {
        let r = |x: &T, s: bool| range_at(x, s, known, depth + 1);
        match &t.node {
            Node::Const(c) => {
                let v = if is_signed { signed(*c, w) } else { *c as i128 };
                (v, v)
            }
            // A zero extension is never negative; a sign extension is the
            // value itself, read as signed.
            Node::Ext(false, a) => r(a, false),
            Node::Ext(true, a) => {
                let inner = r(a, true);
                if is_signed || inner.0 >= 0 {
                    inner
                } else {
                    whole
                }
            }
            Node::Ite(_, a, b) => {
                let (x, y) = (r(a, is_signed), r(b, is_signed));
                (x.0.min(y.0), x.1.max(y.1))
            }
            Node::Bin(op @ (BvOp::Add | BvOp::Sub | BvOp::Mul), a, b) => {
                let (x, y) = (r(a, is_signed), r(b, is_signed));
                let out = match op {
                    BvOp::Add => (x.0 + y.0, x.1 + y.1),
                    BvOp::Sub => (x.0 - y.1, x.1 - y.0),
                    _ => {
                        let p = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
                        (p.iter().copied().min().unwrap_or(0), p.iter().copied().max().unwrap_or(0))
                    }
                };
                // A result that may wrap says nothing.
                if fits(out) {
                    out
                } else {
                    whole
                }
            }
            // Division by a positive constant (C truncation) keeps the sign
            // and shrinks the magnitude.
            Node::Bin(op @ (BvOp::SDiv | BvOp::UDiv), a, b) if (*op == BvOp::SDiv) == is_signed => {
                match b.as_const().map(|c| if is_signed { signed(c, w) } else { c as i128 }) {
                    Some(c) if c > 0 => {
                        let x = r(a, is_signed);
                        (x.0 / c, x.1 / c)
                    }
                    _ => whole,
                }
            }
            _ => whole,
        }
    };
    let by_condition = known.of(t, is_signed);
    let r = (structural.0.max(by_condition.0), structural.1.min(by_condition.1));
    // Contradictory bounds: the statement does not run; any range is right.
    if r.0 > r.1 {
        structural
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::{self as t, Deps, Leaf};

    fn n() -> T {
        t::leaf(Leaf::Host(0), 32, Deps::default())
    }

    #[test]
    fn widths_and_extensions_bound_a_term() {
        let none = Known::default();
        assert_eq!(range(&n(), true, &none), (-(1 << 31), (1 << 31) - 1));
        assert_eq!(range(&t::resize(&n(), 64, false), true, &none), (0, (1 << 32) - 1));
        assert_eq!(range(&t::resize(&n(), 64, true), true, &none), (-(1 << 31), (1 << 31) - 1));
        // n + 255 may wrap in 32 bits, not in 64.
        assert_eq!(range(&t::add(&n(), &t::constant(255, 32)), true, &none), (-(1 << 31), (1 << 31) - 1));
        let wide = t::add(&t::resize(&n(), 64, true), &t::constant(255, 64));
        assert_eq!(range(&wide, true, &none), (255 - (1 << 31), (1 << 31) + 254));
    }

    #[test]
    fn an_early_exit_bounds_what_follows() {
        // `if (n < 1 || n > (1 << 20)) return 1;`
        let low = t::cmp(CmpOp::Slt, &n(), &t::constant(1, 32));
        let high = t::cmp(CmpOp::Slt, &t::constant(1 << 20, 32), &n());
        let alive = t::not(&t::or(&low, &high));
        let known = Known::from_condition(&alive);
        assert_eq!(range(&n(), true, &known), (1, 1 << 20));
        // Read as unsigned the same bounds hold: they are non-negative.
        assert_eq!(range(&n(), false, &known), (1, 1 << 20));
        let q = t::bin(BvOp::SDiv, &t::add(&n(), &t::constant(255, 32)), &t::constant(256, 32));
        assert_eq!(range(&q, true, &known), (1, 4096));
        // Only the condition's own conjuncts count: under `a || b` nothing.
        let either = Known::from_condition(&t::or(&low, &high));
        assert_eq!(range(&n(), true, &either), full(32, true));
    }

    #[test]
    fn a_negative_signed_bound_does_not_bound_the_unsigned_reading() {
        let alive = t::cmp(CmpOp::Sle, &t::constant_i(-5, 32), &n());
        let known = Known::from_condition(&alive);
        assert_eq!(range(&n(), true, &known), (-5, (1 << 31) - 1));
        assert_eq!(range(&n(), false, &known), full(32, false));
    }
}
