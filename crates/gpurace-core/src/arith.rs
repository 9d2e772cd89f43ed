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
