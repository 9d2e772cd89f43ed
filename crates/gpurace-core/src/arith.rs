//! C's integer arithmetic on concrete values: a `width`-bit value is a
//! `u128` holding its low `width` bits. Unsigned arithmetic wraps, signed
//! arithmetic is two's complement (as on the GPU), division and remainder
//! truncate toward zero, and shifts by the width or more give 0 (logical) or
//! the sign (arithmetic). Constant folding in [`crate::term`], the term
//! evaluator [`crate::eval`] and a concrete simulator all compute with these.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BvOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
    /// The signed product of the operands fits their width (C's signed
    /// multiplication does not overflow).
    SMulFits,
}

pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Sign-extends the `width`-bit value `v` to an `i128`.
pub fn signed(v: u128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
}

/// Constant folding with C semantics; `None` for division by zero.
pub fn fold(op: BvOp, x: u128, y: u128, w: u32) -> Option<u128> {
    if (1..=64).contains(&w) && (x | y) >> 64 == 0 {
        return fold64(op, x as u64, y as u64, w).map(u128::from);
    }
    fold128(op, x, y, w)
}

fn fold128(op: BvOp, x: u128, y: u128, w: u32) -> Option<u128> {
    let m = mask(w);
    let (sx, sy) = (signed(x, w), signed(y, w));
    let v = match op {
        BvOp::Add => x.wrapping_add(y),
        BvOp::Sub => x.wrapping_sub(y),
        BvOp::Mul => x.wrapping_mul(y),
        BvOp::UDiv => x.checked_div(y)?,
        BvOp::URem => x.checked_rem(y)?,
        BvOp::SDiv => sx.checked_div(sy)? as u128,
        BvOp::SRem => sx.checked_rem(sy)? as u128,
        BvOp::Shl => {
            if y >= u128::from(w) {
                0
            } else {
                x << y
            }
        }
        BvOp::LShr => {
            if y >= u128::from(w) {
                0
            } else {
                x >> y
            }
        }
        BvOp::AShr => (sx >> y.min(u128::from(w) - 1)) as u128,
        BvOp::And => x & y,
        BvOp::Or => x | y,
        BvOp::Xor => x ^ y,
    };
    Some(v & m)
}

/// [`fold`] of operands and width that fit 64 bits, in 64-bit arithmetic
/// (the same bits: 128-bit division is a library call, 64-bit one an
/// instruction).
fn fold64(op: BvOp, x: u64, y: u64, w: u32) -> Option<u64> {
    let m = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let sign = |v: u64| ((v << (64 - w)) as i64) >> (64 - w);
    let (sx, sy) = (sign(x), sign(y));
    let v = match op {
        BvOp::Add => x.wrapping_add(y),
        BvOp::Sub => x.wrapping_sub(y),
        BvOp::Mul => x.wrapping_mul(y),
        BvOp::UDiv => x.checked_div(y)?,
        BvOp::URem => x.checked_rem(y)?,
        // i64::MIN / -1 wraps to i64::MIN, the low bits of the true quotient.
        BvOp::SDiv if sy == 0 => return None,
        BvOp::SDiv => sx.wrapping_div(sy) as u64,
        BvOp::SRem if sy == 0 => return None,
        BvOp::SRem => sx.wrapping_rem(sy) as u64,
        BvOp::Shl => {
            if y >= u64::from(w) {
                0
            } else {
                x << y
            }
        }
        BvOp::LShr => {
            if y >= u64::from(w) {
                0
            } else {
                x >> y
            }
        }
        BvOp::AShr => (sx >> y.min(u64::from(w) - 1)) as u64,
        BvOp::And => x & y,
        BvOp::Or => x | y,
        BvOp::Xor => x ^ y,
    };
    Some(v & m)
}

pub fn fold_cmp(op: CmpOp, x: u128, y: u128, w: u32) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ult => x < y,
        CmpOp::Ule => x <= y,
        CmpOp::Slt => signed(x, w) < signed(y, w),
        CmpOp::Sle => signed(x, w) <= signed(y, w),
        CmpOp::SMulFits => {
            let half = 1i128 << (w.clamp(1, 64) - 1);
            signed(x, w).checked_mul(signed(y, w)).is_some_and(|p| -half <= p && p < half)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit fast path gives the 128-bit path's bits for every
    /// operation, at every width, on edge values and a spread of others.
    #[test]
    fn the_64_bit_path_computes_what_the_128_bit_one_does() {
        let ops = [
            BvOp::Add,
            BvOp::Sub,
            BvOp::Mul,
            BvOp::UDiv,
            BvOp::SDiv,
            BvOp::URem,
            BvOp::SRem,
            BvOp::Shl,
            BvOp::LShr,
            BvOp::AShr,
            BvOp::And,
            BvOp::Or,
            BvOp::Xor,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for w in [1, 2, 7, 8, 15, 16, 31, 32, 33, 48, 63, 64] {
            let m = mask(w) as u64;
            let mut values = vec![0, 1, 2, 3, m, m - 1, m >> 1, (m >> 1) + 1, u64::from(w), u64::from(w) - 1];
            values.extend((0..24).map(|_| next() & m));
            for &op in &ops {
                for &x in &values {
                    for &y in &values {
                        let (x, y) = (u128::from(x & m), u128::from(y & m));
                        assert_eq!(fold(op, x, y, w), fold128(op, x, y, w), "{op:?} {x} {y} at width {w}");
                    }
                }
            }
        }
    }
}
