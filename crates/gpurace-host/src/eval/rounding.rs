//! Exact integer formulas for what C's float operations compute on
//! integers (`float.rs` says when they apply): `ceil`, `floor` and the
//! truncation of a quotient `x / y` (as `(int)ceil((double)x / y)` computes
//! it), and `(float)x` of an integer beyond `float`'s 24 bits, rounded to
//! nearest, ties to even. Each is a term over the integers, and each test
//! compares it with what Rust's IEEE arithmetic gives.

use gpurace_core::term::{self as t, BvOp, CmpOp, Node, T};

use super::bounds::{range, Known};

/// `ceil`, `floor` or truncation toward zero (a conversion to an integer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    Ceil,
    Floor,
    Trunc,
}

/// `ceil`, `floor` or the truncation of `x / y`, for 64-bit signed `x` and
/// `y` with `y != 0` and `|x|`, `|y| <= 2^53`, exactly (C's `/` truncates; its
/// `%` has the sign of `x`). With a positive constant divisor and `x` a
/// widened narrower integer it is computed at that width (no step can
/// overflow), and where `x >= 0` is known `ceil` is `(x + y - 1) / y`.
pub fn rounded_quotient(how: Rounding, x: &T, y: &T, known: &Known) -> T {
    let positive = range(y, true, known).0 > 0;
    // A narrower `x` and a constant divisor that fits it: at that width.
    if let (Node::Ext(s, inner), Some(c)) = (&x.node, y.as_const()) {
        let w = inner.width;
        let max = if *s { (1i128 << (w - 1)) - 1 } else { (1i128 << w) - 1 };
        let c = gpurace_core::arith::signed(c, 64);
        if (1..=max).contains(&c) && w < 64 {
            let narrow = rounded_at(how, inner, &t::constant(c as u128, w), *s, max, known);
            return t::resize(&narrow, 64, *s);
        }
    }
    if positive {
        return rounded_at(how, x, y, true, i128::from(i64::MAX), known);
    }
    // Any sign: C's quotient, moved by one where the remainder is not 0
    // and the exact quotient lies on the other side.
    let zero = t::constant(0, 64);
    let (q, r) = (t::bin(BvOp::SDiv, x, y), t::bin(BvOp::SRem, x, y));
    let r_pos = t::cmp(CmpOp::Slt, &zero, &r);
    let r_neg = t::cmp(CmpOp::Slt, &r, &zero);
    let y_pos = t::cmp(CmpOp::Slt, &zero, y);
    let y_neg = t::cmp(CmpOp::Slt, y, &zero);
    let one = |c: &T| t::bool_to_bv(c, 64);
    match how {
        Rounding::Trunc => q,
        Rounding::Ceil => t::add(&q, &one(&t::or(&t::and(&r_pos, &y_pos), &t::and(&r_neg, &y_neg)))),
        Rounding::Floor => t::bin(BvOp::Sub, &q, &one(&t::or(&t::and(&r_pos, &y_neg), &t::and(&r_neg, &y_pos)))),
    }
}

/// `rounded_quotient` for a positive divisor `y`, at `x`'s width, signed or
/// not (`max`: the largest value of that type).
fn rounded_at(how: Rounding, x: &T, y: &T, s: bool, max: i128, known: &Known) -> T {
    let w = x.width;
    let zero = t::constant(0, w);
    let (div, rem) = if s { (BvOp::SDiv, BvOp::SRem) } else { (BvOp::UDiv, BvOp::URem) };
    let (q, r) = (t::bin(div, x, y), t::bin(rem, x, y));
    let xr = range(x, s, known);
    let yr = range(y, s, known);
    let one = |c: &T| t::bool_to_bv(c, w);
    match how {
        Rounding::Trunc => q,
        // `(x + y - 1) / y` where it cannot overflow and x >= 0.
        Rounding::Ceil if xr.0 >= 0 && xr.1 + yr.1 - 1 <= max => {
            t::bin(div, &t::add(x, &t::bin(BvOp::Sub, y, &t::constant(1, w))), y)
        }
        // The quotient truncates toward zero: one more for a positive
        // remainder (then x > 0; for x < 0 truncation is ceil already).
        Rounding::Ceil => t::add(&q, &one(&t::cmp(if s { CmpOp::Slt } else { CmpOp::Ult }, &zero, &r))),
        Rounding::Floor if xr.0 >= 0 => q,
        Rounding::Floor => t::bin(BvOp::Sub, &q, &one(&t::cmp(CmpOp::Slt, &r, &zero))),
    }
}

/// `(float)x` of the `w`-bit integer `x` (signed or not, `w <= 53`) as C
/// computes it, as a 64-bit signed integer: `x` where `|x| < 2^p`, else `|x|`
/// rounded to `p` significant bits, to nearest, ties to even (`p` is 24 for
/// `float`): by the bit length of `|x|`, its low bits are cut, and the rest
/// is one more where they were more than half, or exactly half and the rest
/// odd. A result may reach the next power of two, which is a float too.
pub fn rounded_to_float(x: &T, s: bool, p: u32) -> T {
    let w = x.width;
    let xs = t::resize(x, 64, s);
    if w <= p || w > 53 {
        return xs;
    }
    let zero = t::constant(0, 64);
    let negative = if s { t::cmp(CmpOp::Slt, &xs, &zero) } else { t::fals() };
    let m = t::ite(&negative, &t::bin(BvOp::Sub, &zero, &xs), &xs);
    let rounded = |cut: u32| {
        let q = t::bin(BvOp::LShr, &m, &t::constant(u128::from(cut), 64));
        let r = t::bin(BvOp::And, &m, &t::constant((1u128 << cut) - 1, 64));
        let half = t::constant(1u128 << (cut - 1), 64);
        let odd = t::eq(&t::bin(BvOp::And, &q, &t::constant(1, 64)), &t::constant(1, 64));
        let up = t::or(&t::ult(&half, &r), &t::and(&t::eq(&r, &half), &odd));
        t::bin(BvOp::Shl, &t::add(&q, &t::bool_to_bv(&up, 64)), &t::constant(u128::from(cut), 64))
    };
    // |x| has at most w bits: `w - p` bits cut at most.
    let mut out = rounded(w - p);
    for cut in (1..w - p).rev() {
        out = t::ite(&t::ult(&m, &t::constant(1u128 << (p + cut), 64)), &rounded(cut), &out);
    }
    out = t::ite(&t::ult(&m, &t::constant(1u128 << p, 64)), &m, &out);
    t::ite(&negative, &t::bin(BvOp::Sub, &zero, &out), &out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::eval::{eval, Valuation};
    use gpurace_core::term::{Deps, Leaf};
    use std::collections::HashMap;

    /// Host value 0 is `x`, host value 1 is `y`.
    struct Values(i128, i128);

    impl Valuation for Values {
        fn leaf(&self, leaf: Leaf, _thread: usize, _width: u32) -> u128 {
            match leaf {
                Leaf::Host(0) => self.0 as u128,
                Leaf::Host(1) => self.1 as u128,
                other => panic!("unexpected leaf {other:?}"),
            }
        }
        fn uf(&self, name: &str, _args: &[u128], _width: u32) -> u128 {
            panic!("a function in an integer term: {name}")
        }
    }

    fn at(term: &T, x: i128, y: i128) -> i128 {
        gpurace_core::arith::signed(eval(term, 0, &Values(x, y), &mut HashMap::new()), term.width)
    }

    fn host(i: u32, w: u32) -> T {
        t::leaf(Leaf::Host(i), w, Deps::default())
    }

    /// What C computes: `ceil`, `floor` or the truncation of `(double)x /
    /// (double)y`.
    fn c_double(how: Rounding, x: i128, y: i128) -> i128 {
        let q = x as f64 / y as f64;
        (match how {
            Rounding::Ceil => q.ceil(),
            Rounding::Floor => q.floor(),
            Rounding::Trunc => q.trunc(),
        }) as i128
    }

    const HOW: [Rounding; 3] = [Rounding::Ceil, Rounding::Floor, Rounding::Trunc];

    #[test]
    fn a_rounded_quotient_of_an_int_by_a_constant_is_what_double_gives() {
        // x is a 32-bit int widened; every divisor form: narrow, and with
        // x >= 0 known (the `(x + c - 1) / c` form).
        let x = t::resize(&host(0, 32), 64, true);
        let xs: Vec<i128> = [0, 1, -1, 255, 256, 257, -255, -256, -257, 1 << 20, i32::MAX as i128, i32::MIN as i128]
            .into_iter()
            .chain((-600..600).step_by(7))
            .collect();
        for c in [1i128, 2, 3, 7, 256, 512, 1000, 65535, i32::MAX as i128] {
            let y = t::constant_i(c, 64);
            for how in HOW {
                let term = rounded_quotient(how, &x, &y, &Known::default());
                for &v in &xs {
                    assert_eq!(at(&term, v, 0), c_double(how, v, c), "{how:?} of {v} / {c}");
                }
            }
        }
        let nonneg = Known::from_condition(&t::cmp(CmpOp::Sle, &t::constant(0, 32), &host(0, 32)));
        let up = rounded_quotient(Rounding::Ceil, &x, &t::constant(256, 64), &nonneg);
        // Without an upper bound `n + 255` may overflow 32 bits: no such form.
        assert!(!format!("{up:?}").contains("Const(255)"));
        for v in [0, 1, 255, 256, 257, i32::MAX as i128] {
            assert_eq!(at(&up, v, 0), c_double(Rounding::Ceil, v, 256));
        }
        let bounded = t::and(
            &t::cmp(CmpOp::Sle, &t::constant(0, 32), &host(0, 32)),
            &t::cmp(CmpOp::Sle, &host(0, 32), &t::constant(1 << 20, 32)),
        );
        let up = rounded_quotient(Rounding::Ceil, &x, &t::constant(256, 64), &Known::from_condition(&bounded));
        assert!(format!("{up:?}").contains("Const(255)"), "(n + 255) / 256 where it cannot overflow");
        for v in [0, 1, 255, 256, 257, 1 << 20] {
            assert_eq!(at(&up, v, 0), c_double(Rounding::Ceil, v, 256));
        }
    }

    #[test]
    fn a_rounded_quotient_of_any_signs_is_what_double_gives() {
        let (x, y) = (host(0, 64), host(1, 64));
        let big = 1i128 << 53;
        let values = [0, 1, -1, 2, -2, 3, -3, 7, -7, 255, 256, -256, 1000, -1001, big, -big, big - 1, 1 - big];
        for how in HOW {
            let term = rounded_quotient(how, &x, &y, &Known::default());
            for &a in &values {
                for &b in values.iter().filter(|b| **b != 0) {
                    assert_eq!(at(&term, a, b), c_double(how, a, b), "{how:?} of {a} / {b}");
                }
            }
        }
        // A divisor known to be positive.
        let positive = Known::from_condition(&t::cmp(CmpOp::Slt, &t::constant(0, 64), &y));
        for how in HOW {
            let term = rounded_quotient(how, &x, &y, &positive);
            for &a in &values {
                for &b in values.iter().filter(|b| **b > 0) {
                    assert_eq!(at(&term, a, b), c_double(how, a, b), "{how:?} of {a} / {b}");
                }
            }
        }
    }

    #[test]
    fn the_quotient_rule_needs_x_within_the_precision() {
        // Just past 2^24 the rule's range is not a formality: (float)16777217
        // is 16777216, so `ceilf((float)x / 2)` is 8388608, not 8388609.
        let x = 16_777_217i128;
        let as_float = ((x as f32) / 2.0f32).ceil() as i128;
        assert_ne!(as_float, c_double(Rounding::Ceil, x, 2));
        // Within 2^24 every quotient by every small divisor agrees.
        for x in (16_777_216 - 3000..=16_777_216).chain(-3000..3000) {
            for y in [3i128, 7, 10, 255, 256, 1000] {
                let f = (x as f32) / (y as f32);
                assert_eq!(f.ceil() as i128, c_double(Rounding::Ceil, x, y), "ceil({x} / {y}) in float");
                assert_eq!(f.floor() as i128, c_double(Rounding::Floor, x, y), "floor({x} / {y}) in float");
            }
        }
    }

    #[test]
    fn an_int_rounds_to_float_as_ieee_does() {
        let (x, u) = (host(0, 32), host(0, 32));
        let signed = rounded_to_float(&x, true, 24);
        let unsigned = rounded_to_float(&u, false, 24);
        let edges = [0i128, 1, -1, 1 << 24, (1 << 24) + 1, (1 << 24) + 2, (1 << 24) + 3, (1 << 25) + 3, (1 << 25) + 6];
        let mut values: Vec<i128> = edges.iter().flat_map(|v| [*v, -*v]).collect();
        values.extend([i32::MAX as i128, i32::MIN as i128, 2_147_483_520, 2_147_483_584, 123_456_789, -987_654_321]);
        // Every rounding case near each power of two, and a spread.
        for k in 24..31 {
            for d in -5i128..=5 {
                values.push((1 << k) + d);
                values.push((1 << k) + (1 << (k - 24)) + d);
            }
        }
        values.extend((0..4000).map(|i| i * 536_870 - 1_073_741_824));
        for v in values.into_iter().filter(|v| i32::try_from(*v).is_ok()) {
            assert_eq!(at(&signed, v, 0), (v as i32) as f32 as i128, "(float){v}");
        }
        for v in [u32::MAX as i128, (1 << 31) + 1, 4_294_967_040, 4_294_967_167, 4_294_967_168, 3_000_000_001] {
            assert_eq!(at(&unsigned, v, 0), (v as u32) as f32 as i128, "(float){v}u");
        }
    }
}
