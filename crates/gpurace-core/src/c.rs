//! C's semantics of values in terms: the width of a type, its conversions,
//! the usual arithmetic conversions of a binary operator, and C's
//! arithmetic and comparison operators on terms (`signed` picks the
//! division, remainder, shift and min/max). Host evaluation and kernel
//! execution both go through here (and through [`crate::cexpr`]), so they
//! cannot disagree about what an expression means.

use gpurace_ir::{BinOp, Type};

use crate::term::{self as t, BvOp, CmpOp, T};

/// C's arithmetic operator `op` on two values of one type (`signed` says
/// which division, remainder, shift and min/max); `None` for the logical and
/// comparison operators.
pub fn c_arith(op: BinOp, a: &T, b: &T, signed: bool) -> Option<T> {
    Some(match op {
        BinOp::Add => t::add(a, b),
        BinOp::Sub => t::bin(BvOp::Sub, a, b),
        BinOp::Mul => t::mul(a, b),
        BinOp::Div => t::bin(if signed { BvOp::SDiv } else { BvOp::UDiv }, a, b),
        BinOp::Rem => t::bin(if signed { BvOp::SRem } else { BvOp::URem }, a, b),
        BinOp::Shl => t::bin(BvOp::Shl, a, b),
        BinOp::Shr => t::bin(if signed { BvOp::AShr } else { BvOp::LShr }, a, b),
        BinOp::And => t::bin(BvOp::And, a, b),
        BinOp::Or => t::bin(BvOp::Or, a, b),
        BinOp::Xor => t::bin(BvOp::Xor, a, b),
        BinOp::Min | BinOp::Max => {
            let lt = t::cmp(if signed { CmpOp::Slt } else { CmpOp::Ult }, a, b);
            if op == BinOp::Min {
                t::ite(&lt, a, b)
            } else {
                t::ite(&lt, b, a)
            }
        }
        _ => return None,
    })
}

/// C's comparison `op` on two values of one type; `None` for other operators.
pub fn c_compare(op: BinOp, a: &T, b: &T, signed: bool) -> Option<T> {
    let (lt, le) = if signed { (CmpOp::Slt, CmpOp::Sle) } else { (CmpOp::Ult, CmpOp::Ule) };
    Some(match op {
        BinOp::Eq => t::eq(a, b),
        BinOp::Ne => t::not(&t::eq(a, b)),
        BinOp::Lt => t::cmp(lt, a, b),
        BinOp::Le => t::cmp(le, a, b),
        BinOp::Gt => t::cmp(lt, b, a),
        BinOp::Ge => t::cmp(le, b, a),
        _ => return None,
    })
}

/// The bit width a value of type `ty` has in terms; 0 for booleans.
pub fn width(ty: &Type) -> u32 {
    match ty {
        Type::Bool => 0,
        Type::Int { bits, .. } | Type::Float { bits } => u32::from(*bits).max(1),
        _ => 64,
    }
}

pub fn is_signed(ty: &Type) -> bool {
    matches!(ty, Type::Int { signed: true, .. })
}

pub fn is_float(ty: &Type) -> bool {
    matches!(ty, Type::Float { .. })
}

/// `v`, a value of type `from`, converted to type `to`: to a boolean by
/// `!= 0`, else truncated or extended by the signedness of `from`.
pub fn convert(v: &T, from: &Type, to: &Type) -> T {
    match width(to) {
        0 => t::to_bool(v),
        w => t::resize(v, w, is_signed(from)),
    }
}

/// `value` stored into a variable of type `ty`: a boolean as `!= 0`, a
/// boolean into an integer as 0 or 1, an integer truncated or zero-extended
/// to the variable's width (the value was already converted to its type).
pub fn assigned(value: &T, ty: &Type) -> T {
    match width(ty) {
        0 => t::to_bool(value),
        w if value.width == 0 => t::bool_to_bv(value, w),
        w if value.width != w => t::resize(value, w, false),
        _ => value.clone(),
    }
}

/// The type both operands of a comparison are converted to (the usual
/// arithmetic conversions: the wider type, `int` for booleans) and whether
/// the comparison is signed: only when both operands stay signed, since an
/// unsigned operand as wide as the common type makes it unsigned.
pub fn comparison_type(lhs: &Type, rhs: &Type) -> (Type, bool) {
    let common = if width(rhs) > width(lhs) { rhs.clone() } else { lhs.clone() };
    let signed = is_signed(&common)
        && (is_signed(lhs) || width(lhs) < width(&common))
        && (is_signed(rhs) || width(rhs) < width(&common));
    let common = if width(&common) == 0 { Type::INT } else { common };
    (common, signed)
}

/// The type an arithmetic operator computes in: its result type, `int` for
/// a boolean result (the operands were promoted).
pub fn arithmetic_type(ty: &Type) -> Type {
    if width(ty) == 0 {
        Type::INT
    } else {
        ty.clone()
    }
}
