//! IEEE 754 constants of host code: C's `float` (32 bits) and `double` (64
//! bits) as the bits of their values, and what C's operators, conversions
//! and math functions give on them. Rust's `f32`/`f64` arithmetic is IEEE's
//! (correctly rounded, to nearest, ties to even), as C's is on every host
//! CUDA runs on (x86-64 and ARM use SSE/NEON, no extended precision), and
//! Rust's `sqrt`, `pow`, `log2`, ... call the platform's C math library, the
//! one the program links. `long double` and other widths are not computed.
//!
//! `None` wherever C gives no value (a conversion out of range is undefined)
//! or where the result could depend on more than the operands (the sign of
//! a zero `fmin` returns, a NaN's payload): the caller then does not know it.

/// The significand's bits (the implicit one included) of a float of `w`
/// bits: every integer of magnitude at most `2^p` is exactly representable.
pub fn precision(w: u32) -> Option<u32> {
    match w {
        32 => Some(24),
        64 => Some(53),
        _ => None,
    }
}

/// The value of the `w`-bit float with bits `bits` (a `float` widens to
/// `double` exactly).
pub fn value(bits: u128, w: u32) -> Option<f64> {
    match w {
        32 => Some(f64::from(f32::from_bits(u32::try_from(bits).ok()?))),
        64 => Some(f64::from_bits(u64::try_from(bits).ok()?)),
        _ => None,
    }
}

/// The bits of `v` at `w` bits, rounded to nearest (exact when `v` came from
/// a `w`-bit float).
pub fn bits(v: f64, w: u32) -> Option<u128> {
    match w {
        32 => Some(u128::from((v as f32).to_bits())),
        64 => Some(u128::from(v.to_bits())),
        _ => None,
    }
}

/// `(float)v` or `(double)v` of an integer: rounded to nearest, ties to even
/// (Rust rounds an `i128` to `f32` directly, not through `f64`, which could
/// round twice).
pub fn from_int(v: i128, w: u32) -> Option<u128> {
    match w {
        32 => Some(u128::from((v as f32).to_bits())),
        64 => Some(u128::from((v as f64).to_bits())),
        _ => None,
    }
}

/// C's conversion of a float to an integer of `to` bits: truncation toward
/// zero; `None` where C leaves it undefined (NaN, infinities, a truncated
/// value outside the type).
pub fn to_int(bits: u128, w: u32, to: u32, is_signed: bool) -> Option<i128> {
    let v = value(bits, w)?.trunc();
    if !(1..=64).contains(&to) || v.is_nan() {
        return None;
    }
    // Powers of two are exact in `f64`; the bounds are [-2^(to-1), 2^(to-1))
    // or [0, 2^to).
    let (lo, hi) =
        if is_signed { (-(2f64.powi(to as i32 - 1)), 2f64.powi(to as i32 - 1)) } else { (0.0, 2f64.powi(to as i32)) };
    (v >= lo && v < hi).then_some(v as i128)
}

/// A float converted to another float width: widening is exact, narrowing
/// rounds to nearest.
pub fn resize(bits: u128, from: u32, to: u32) -> Option<u128> {
    self::bits(value(bits, from)?, to)
}

macro_rules! unary {
    ($x:expr, $op:expr) => {{
        let x = $x;
        Some(match $op {
            "fneg" => -x,
            "fabs" => x.abs(),
            "ceil" => x.ceil(),
            "floor" => x.floor(),
            "trunc" => x.trunc(),
            "round" => x.round(),
            "rint" | "nearbyint" => x.round_ties_even(),
            "sqrt" => x.sqrt(),
            "cbrt" => x.cbrt(),
            "exp" => x.exp(),
            "exp2" => x.exp2(),
            "log" => x.ln(),
            "log2" => x.log2(),
            "log10" => x.log10(),
            _ => return None,
        })
    }};
}

macro_rules! binary {
    ($x:expr, $y:expr, $op:expr) => {{
        let (x, y) = ($x, $y);
        Some(match $op {
            "fadd" => x + y,
            "fsub" => x - y,
            "fmul" => x * y,
            "fdiv" => x / y,
            "frem" | "fmod" => x % y,
            "pow" => x.powf(y),
            // `fmin`/`fmax` and `std::min`/`std::max` (both reach here)
            // differ on NaN, and may return either zero of two.
            "fmin" | "fmax" if x.is_nan() || y.is_nan() || (x == 0.0 && y == 0.0) => return None,
            "fmin" => x.min(y),
            "fmax" => x.max(y),
            _ => return None,
        })
    }};
}

/// The C operation or math function `op` (see [`crate::eval::float`]) on one
/// `w`-bit float.
pub fn unary(op: &str, w: u32, a: u128) -> Option<u128> {
    match w {
        32 => {
            let x = f32::from_bits(u32::try_from(a).ok()?);
            unary!(x, op).map(|r: f32| u128::from(r.to_bits()))
        }
        64 => {
            let x = f64::from_bits(u64::try_from(a).ok()?);
            unary!(x, op).map(|r: f64| u128::from(r.to_bits()))
        }
        _ => None,
    }
}

/// The C operation or math function `op` on two `w`-bit floats.
pub fn binary(op: &str, w: u32, a: u128, b: u128) -> Option<u128> {
    match w {
        32 => {
            let (x, y) = (f32::from_bits(u32::try_from(a).ok()?), f32::from_bits(u32::try_from(b).ok()?));
            binary!(x, y, op).map(|r: f32| u128::from(r.to_bits()))
        }
        64 => {
            let (x, y) = (f64::from_bits(u64::try_from(a).ok()?), f64::from_bits(u64::try_from(b).ok()?));
            binary!(x, y, op).map(|r: f64| u128::from(r.to_bits()))
        }
        _ => None,
    }
}

/// C's comparison `op` (`foeq`, `fone`, `folt`, `fole`, `fogt`, `foge`):
/// false with a NaN, except `!=`.
pub fn compare(op: &str, w: u32, a: u128, b: u128) -> Option<bool> {
    let (x, y) = (value(a, w)?, value(b, w)?);
    Some(match op {
        "foeq" => x == y,
        "fone" => x != y,
        "folt" => x < y,
        "fole" => x <= y,
        "fogt" => x > y,
        "foge" => x >= y,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: f64) -> u128 {
        u128::from(v.to_bits())
    }

    fn f(v: f32) -> u128 {
        u128::from(v.to_bits())
    }

    #[test]
    fn conversions_follow_c() {
        // (int)2.9 == 2, (int)-2.9 == -2, (unsigned)-0.5 == 0.
        assert_eq!(to_int(d(2.9), 64, 32, true), Some(2));
        assert_eq!(to_int(d(-2.9), 64, 32, true), Some(-2));
        assert_eq!(to_int(d(-0.5), 64, 32, false), Some(0));
        // Out of range, NaN or infinite: undefined in C.
        assert_eq!(to_int(d(-1.0), 64, 32, false), None);
        assert_eq!(to_int(d(2147483648.0), 64, 32, true), None);
        assert_eq!(to_int(d(2147483647.9), 64, 32, true), Some(2147483647));
        assert_eq!(to_int(d(f64::NAN), 64, 32, true), None);
        assert_eq!(to_int(d(4294967295.0), 64, 32, false), Some(4294967295));
        // (float)16777217 rounds to even: 16777216.
        assert_eq!(from_int(16_777_217, 32), Some(f(16_777_216.0)));
        // (float)(2^54 + 2^30 + 1) rounds once, not twice through double.
        let v: i128 = (1 << 54) + (1 << 30) + 1;
        assert_eq!(from_int(v, 32), Some(u128::from((v as f32).to_bits())));
        assert_eq!(resize(f(0.1), 32, 64), Some(d(f64::from(0.1f32))));
        assert_eq!(resize(d(0.1), 64, 32), Some(f(0.1)));
    }

    #[test]
    fn operations_and_math_functions() {
        // ceil((double)1000 / 256) == 4, floor(1000 / 256.0) == 3.
        let q = binary("fdiv", 64, d(1000.0), d(256.0)).unwrap();
        assert_eq!(unary("ceil", 64, q), Some(d(4.0)));
        assert_eq!(unary("floor", 64, q), Some(d(3.0)));
        // sqrt, log2 and pow of exact cases are exact.
        assert_eq!(unary("sqrt", 64, d(1024.0)), Some(d(32.0)));
        assert_eq!(unary("log2", 64, d(4096.0)), Some(d(12.0)));
        assert_eq!(binary("pow", 64, d(2.0), d(3.0)), Some(d(8.0)));
        // What `float.rs` relies on for pow(2, k) of a symbolic k: exact.
        for k in 0..=62 {
            assert_eq!(binary("pow", 64, d(2.0), d(f64::from(k))), Some(d(2f64.powi(k))), "pow(2, {k})");
        }
        for k in 0..=30 {
            assert_eq!(binary("pow", 32, f(2.0), f(k as f32)), Some(f(2f32.powi(k))), "powf(2, {k})");
        }
        // And for log2 of an integer: exact at powers of two, below k just
        // under them (within 2^40, and 2^16 in float).
        for k in 0..=40 {
            let at = |v: f64| ieee_value(unary("log2", 64, d(v)));
            assert_eq!(at(2f64.powi(k)), f64::from(k), "log2(2^{k})");
            if k >= 1 {
                assert!(at(2f64.powi(k) - 1.0) < f64::from(k), "log2(2^{k} - 1)");
                assert!(at(2f64.powi(k) + 1.0) > f64::from(k), "log2(2^{k} + 1)");
            }
        }
        for k in 1..=16 {
            let at = |v: f32| ieee_value32(unary("log2", 32, f(v)));
            assert_eq!(at(2f32.powi(k)), k as f32, "log2f(2^{k})");
            assert!(at(2f32.powi(k) - 1.0) < k as f32, "log2f(2^{k} - 1)");
        }
        // In float precision: 0.1f * 3 is not 0.3 in double.
        let p = binary("fmul", 32, f(0.1), f(3.0)).unwrap();
        assert_eq!(p, f(0.1f32 * 3.0));
        // round is half away from zero, rint half to even.
        assert_eq!(unary("round", 64, d(2.5)), Some(d(3.0)));
        assert_eq!(unary("rint", 64, d(2.5)), Some(d(2.0)));
        // fmin of a NaN or of two zeros is left unknown.
        assert_eq!(binary("fmin", 64, d(f64::NAN), d(1.0)), None);
        assert_eq!(binary("fmin", 64, d(-0.0), d(0.0)), None);
        assert_eq!(binary("fmax", 64, d(3.0), d(4.0)), Some(d(4.0)));
        assert_eq!(unary("sinh", 64, d(1.0)), None);
    }

    fn ieee_value(bits: Option<u128>) -> f64 {
        f64::from_bits(bits.expect("a value") as u64)
    }

    fn ieee_value32(bits: Option<u128>) -> f32 {
        f32::from_bits(bits.expect("a value") as u32)
    }

    #[test]
    fn comparisons_with_nan_are_false_except_not_equal() {
        let nan = d(f64::NAN);
        assert_eq!(compare("folt", 64, nan, d(1.0)), Some(false));
        assert_eq!(compare("foeq", 64, nan, nan), Some(false));
        assert_eq!(compare("fone", 64, nan, nan), Some(true));
        assert_eq!(compare("fole", 32, f(1.0), f(1.0)), Some(true));
    }
}
