//! What the static engine leaves opaque and a simulator must compute:
//! floating point (arithmetic, comparisons, conversions) and the device's
//! math and bit intrinsics.
//!
//! Values are bit patterns (`u128` holding the low `bits`). The compiler
//! converts every argument to the type the function takes before the call
//! (with C's rules, [`crate::expr`]), so a function here sees exactly the
//! bits of its declared parameter types.

use gpurace_ir::BinOp;

use crate::code::Scalar;

/// A function the simulator computes.
#[derive(Debug, Clone, Copy)]
pub enum Func {
    /// A float operation whose operands and result have one float width.
    Float1(fn(f64) -> f64, u32),
    Float2(fn(f64, f64) -> f64, u32),
    Float3(fn(f64, f64, f64) -> f64, u32),
    /// A float comparison of two operands of one float width.
    FloatCmp(BinOp, u32),
    /// A value of one scalar type converted to another (at least one a float).
    Convert(Scalar, Scalar),
    /// An integer (or bit-level) function of arguments of its declared types.
    Int(fn(&[u128]) -> u128),
    /// A pseudo-random value of the arguments: a float in (0, 1] of this
    /// width, or (0) an integer.
    Random(u32),
}

impl Func {
    /// The function applied to its arguments' bits.
    pub fn apply(&self, args: &[u128]) -> u128 {
        let f = |i: usize, bits: u32| float_of(args.get(i).copied().unwrap_or(0), bits);
        match *self {
            Func::Float1(op, bits) => bits_of(op(f(0, bits)), bits),
            Func::Float2(op, bits) => bits_of(op(f(0, bits), f(1, bits)), bits),
            Func::Float3(op, bits) => bits_of(op(f(0, bits), f(1, bits), f(2, bits)), bits),
            Func::FloatCmp(op, bits) => {
                let (a, b) = (f(0, bits), f(1, bits));
                u128::from(match op {
                    BinOp::Eq => a == b,
                    BinOp::Ne => a != b,
                    BinOp::Lt => a < b,
                    BinOp::Le => a <= b,
                    BinOp::Gt => a > b,
                    _ => a >= b,
                })
            }
            Func::Convert(from, to) => convert(args.first().copied().unwrap_or(0), from, to),
            Func::Int(op) => op(args),
            Func::Random(bits) => {
                let h = args.iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, a| {
                    let mut z = h ^ (*a as u64);
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    z ^ (z >> 31)
                });
                match bits {
                    0 => u128::from(h),
                    b => bits_of(((h >> 11) + 1) as f64 / (1u64 << 53) as f64, b),
                }
            }
        }
    }
}

/// The value of float bits of width `bits` (16, 32 or 64).
pub fn float_of(v: u128, bits: u32) -> f64 {
    match bits {
        16 => half_to_f64(v as u16),
        32 => f64::from(f32::from_bits(v as u32)),
        _ => f64::from_bits(v as u64),
    }
}

/// The float bits of width `bits` nearest to `x` (round to nearest even).
pub fn bits_of(x: f64, bits: u32) -> u128 {
    match bits {
        16 => u128::from(f64_to_half(x)),
        32 => u128::from((x as f32).to_bits()),
        _ => u128::from(x.to_bits()),
    }
}

/// C's conversion between scalars where at least one is a float: integer to
/// float rounds, float to integer truncates toward zero (saturating, as the
/// GPU's `cvt.rzi` does), float to bool is `!= 0`.
pub fn convert(v: u128, from: Scalar, to: Scalar) -> u128 {
    let x = if from.float {
        float_of(v, from.bits)
    } else if from.signed {
        gpurace_core::arith::signed(v, from.bits.max(1)) as f64
    } else {
        v as f64
    };
    if to.float {
        return bits_of(x, to.bits);
    }
    if to.bits == 0 {
        return u128::from(x != 0.0);
    }
    let m = gpurace_core::arith::mask(to.bits);
    if to.signed {
        let v = match to.bits {
            8 => i128::from(x as i8),
            16 => i128::from(x as i16),
            32 => i128::from(x as i32),
            _ => i128::from(x as i64),
        };
        (v as u128) & m
    } else {
        let v = match to.bits {
            8 => u128::from(x as u8),
            16 => u128::from(x as u16),
            32 => u128::from(x as u32),
            _ => u128::from(x as u64),
        };
        v & m
    }
}

fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

fn f64_to_half(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-14) {
        // Subnormal: units of 2^-24, rounded to nearest even.
        return sign | (a * 2f64.powi(24)).round_ties_even() as u16;
    }
    let e = a.log2().floor() as i32;
    let mut mant = ((a / 2f64.powi(e) - 1.0) * 1024.0).round_ties_even() as u32;
    let mut e = e + 15;
    if mant == 1024 {
        mant = 0;
        e += 1;
    }
    sign | ((e as u16) << 10) | mant as u16
}

/// A device math function of float arguments, by name: `sqrtf`, `__expf`,
/// `pow`... The simulator computes it in double precision and rounds to the
/// result's width (the fast `__` intrinsics are computed exactly, which is
/// within their documented error).
pub fn float_math(name: &str, arity: usize, bits: u32) -> Option<Func> {
    let base = name.trim_start_matches('_');
    let base = base.strip_suffix("_rn").or(base.strip_suffix("_rz")).unwrap_or(base);
    let base = match base {
        "fdividef" | "fdiv" => "div",
        "fadd" => "add",
        "fmul" => "mul",
        "fsub" => "sub",
        "fsqrt" => "sqrt",
        "frcp" => "rcp",
        "frsqrt" => "rsqrt",
        "saturatef" => "saturate",
        b => b,
    };
    let plain = if bits == 32 && base.len() > 1 && base.ends_with('f') && base != "erf" && base != "erfcf" {
        &base[..base.len() - 1]
    } else {
        base
    };
    let plain = if base == "erfcf" { "erfc" } else { plain };
    let one: Option<fn(f64) -> f64> = match plain {
        "sqrt" => Some(f64::sqrt),
        "rsqrt" => Some(|x| 1.0 / x.sqrt()),
        "rcp" => Some(|x| 1.0 / x),
        "cbrt" => Some(f64::cbrt),
        "exp" => Some(f64::exp),
        "exp2" => Some(f64::exp2),
        "exp10" => Some(|x| 10f64.powf(x)),
        "expm1" => Some(f64::exp_m1),
        "log" => Some(f64::ln),
        "log2" => Some(f64::log2),
        "log10" => Some(f64::log10),
        "log1p" => Some(f64::ln_1p),
        "sin" => Some(f64::sin),
        "cos" => Some(f64::cos),
        "tan" => Some(f64::tan),
        "asin" => Some(f64::asin),
        "acos" => Some(f64::acos),
        "atan" => Some(f64::atan),
        "sinh" => Some(f64::sinh),
        "cosh" => Some(f64::cosh),
        "tanh" => Some(f64::tanh),
        "fabs" | "abs" => Some(f64::abs),
        "floor" => Some(f64::floor),
        "ceil" => Some(f64::ceil),
        "trunc" => Some(f64::trunc),
        "round" => Some(f64::round),
        "rint" | "nearbyint" => Some(f64::round_ties_even),
        "saturate" => Some(|x| x.clamp(0.0, 1.0)),
        _ => None,
    };
    let two: Option<fn(f64, f64) -> f64> = match plain {
        "pow" => Some(f64::powf),
        "atan2" => Some(f64::atan2),
        "fmod" => Some(|a, b| a % b),
        "fmin" | "min" => Some(f64::min),
        "fmax" | "max" => Some(f64::max),
        "hypot" => Some(f64::hypot),
        "copysign" => Some(f64::copysign),
        "fdim" => Some(|a, b| if a > b { a - b } else { 0.0 }),
        "div" => Some(|a, b| a / b),
        "add" => Some(|a, b| a + b),
        "sub" => Some(|a, b| a - b),
        "mul" => Some(|a, b| a * b),
        _ => None,
    };
    let three: Option<fn(f64, f64, f64) -> f64> = match plain {
        "fma" | "fmaf" => Some(f64::mul_add),
        _ => None,
    };
    match arity {
        1 => one.map(|f| Func::Float1(f, bits)),
        2 => two.map(|f| Func::Float2(f, bits)),
        3 => three.map(|f| Func::Float3(f, bits)),
        _ => None,
    }
}

/// cuRAND's generators and Faial's `__uniform_int`: a pseudo-random value,
/// a float of the result's width for `curand_uniform*`/`curand_normal*`.
pub fn random(name: &str, ty: &gpurace_ir::Type) -> Option<Func> {
    let float = match ty {
        gpurace_ir::Type::Float { bits } => u32::from(*bits),
        _ => 0,
    };
    match name {
        "curand" | "__uniform_int" | "__uniform_bool" => Some(Func::Random(0)),
        "curand_uniform" | "curand_uniform_double" | "curand_normal" | "curand_normal_double" => {
            Some(Func::Random(float))
        }
        _ => None,
    }
}

/// An integer or bit-level intrinsic by name, with the types of its
/// parameters (`(bits, signed)`, `bits` 32 or 64, a float as `Some(width)`
/// in the third place) and of its result.
pub struct IntSig {
    pub func: Func,
    pub params: Vec<Scalar>,
    pub result: Scalar,
}

pub fn int_intrinsic(name: &str) -> Option<IntSig> {
    let int = |bits: u32, signed: bool| Scalar { bits, float: false, signed };
    let float = |bits: u32| Scalar { bits, float: true, signed: true };
    let (i32_, u32_, i64_, u64_) = (int(32, true), int(32, false), int(64, true), int(64, false));
    let (f32_, f64_) = (float(32), float(64));
    let sig = |func: fn(&[u128]) -> u128, params: Vec<Scalar>, result: Scalar| IntSig {
        func: Func::Int(func),
        params,
        result,
    };
    Some(match name {
        "abs" => sig(|a| (a[0] as u32 as i32).unsigned_abs() as u128, vec![i32_], i32_),
        "labs" | "llabs" => sig(|a| (a[0] as u64 as i64).unsigned_abs() as u128, vec![i64_], i64_),
        "__popc" => sig(|a| u128::from((a[0] as u32).count_ones()), vec![u32_], i32_),
        "__popcll" => sig(|a| u128::from((a[0] as u64).count_ones()), vec![u64_], i32_),
        "__clz" => sig(|a| u128::from((a[0] as u32).leading_zeros()), vec![i32_], i32_),
        "__clzll" => sig(|a| u128::from((a[0] as u64).leading_zeros()), vec![i64_], i32_),
        "__ffs" => sig(|a| ffs(a[0] as u32 as u64), vec![i32_], i32_),
        "__ffsll" => sig(|a| ffs(a[0] as u64), vec![i64_], i32_),
        "__brev" => sig(|a| u128::from((a[0] as u32).reverse_bits()), vec![u32_], u32_),
        "__brevll" => sig(|a| u128::from((a[0] as u64).reverse_bits()), vec![u64_], u64_),
        "__mul24" => {
            sig(|a| (i64::from(sext24(a[0])) * i64::from(sext24(a[1]))) as u32 as u128, vec![i32_, i32_], i32_)
        }
        "__umul24" => sig(|a| ((a[0] as u32 & 0xff_ffff) * (a[1] as u32 & 0xff_ffff)) as u128, vec![u32_, u32_], u32_),
        "__mulhi" => sig(
            |a| ((i64::from(a[0] as u32 as i32) * i64::from(a[1] as u32 as i32)) >> 32) as u32 as u128,
            vec![i32_, i32_],
            i32_,
        ),
        "__umulhi" => sig(|a| ((a[0] as u32 as u64 * a[1] as u32 as u64) >> 32) as u128, vec![u32_, u32_], u32_),
        "__mul64hi" => sig(
            |a| ((i128::from(a[0] as u64 as i64) * i128::from(a[1] as u64 as i64)) >> 64) as u64 as u128,
            vec![i64_, i64_],
            i64_,
        ),
        "__umul64hi" => sig(|a| (a[0] as u64 as u128 * a[1] as u64 as u128) >> 64, vec![u64_, u64_], u64_),
        "__sad" => sig(
            |a| u128::from((a[0] as u32 as i32).abs_diff(a[1] as u32 as i32).wrapping_add(a[2] as u32)),
            vec![i32_, i32_, u32_],
            u32_,
        ),
        "__usad" => {
            sig(|a| u128::from((a[0] as u32).abs_diff(a[1] as u32).wrapping_add(a[2] as u32)), vec![u32_; 3], u32_)
        }
        "__float_as_int" => sig(|a| a[0], vec![f32_], i32_),
        "__float_as_uint" => sig(|a| a[0], vec![f32_], u32_),
        "__int_as_float" => sig(|a| a[0], vec![i32_], f32_),
        "__uint_as_float" => sig(|a| a[0], vec![u32_], f32_),
        "__double_as_longlong" => sig(|a| a[0], vec![f64_], i64_),
        "__longlong_as_double" => sig(|a| a[0], vec![i64_], f64_),
        _ => return None,
    })
}

fn ffs(v: u64) -> u128 {
    if v == 0 {
        0
    } else {
        u128::from(v.trailing_zeros() + 1)
    }
}

fn sext24(v: u128) -> i32 {
    ((v as u32) << 8) as i32 >> 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_precision_round_trips_and_rounds() {
        for x in [0.0, 1.0, -2.5, 65504.0, 0.000_061_035_156_25, 1.0e-7] {
            let h = f64_to_half(x);
            let back = half_to_f64(h);
            assert!((back - x).abs() <= x.abs() * 1e-3 + 6e-8, "{x} -> {h:#x} -> {back}");
        }
        assert_eq!(f64_to_half(1.0), 0x3c00);
        assert_eq!(f64_to_half(1e6), 0x7c00);
    }

    #[test]
    fn float_to_int_truncates_and_saturates() {
        let f32_ = Scalar { bits: 32, float: true, signed: true };
        let i32_ = Scalar { bits: 32, float: false, signed: true };
        let u8_ = Scalar { bits: 8, float: false, signed: false };
        assert_eq!(convert(bits_of(-2.7, 32), f32_, i32_), (-2i32) as u32 as u128);
        assert_eq!(convert(bits_of(300.0, 32), f32_, u8_), 255);
        assert_eq!(convert((-3i32) as u32 as u128, i32_, f32_), u128::from((-3.0f32).to_bits()));
    }

    #[test]
    fn math_functions_by_name() {
        let Some(Func::Float1(f, 32)) = float_math("sqrtf", 1, 32) else { panic!("sqrtf") };
        assert_eq!(f(9.0), 3.0);
        assert!(float_math("__expf", 1, 32).is_some());
        assert!(float_math("pow", 2, 64).is_some());
        assert!(float_math("no_such_function", 1, 32).is_none());
        let popc = int_intrinsic("__popc").unwrap();
        assert_eq!(popc.func.apply(&[0b1011]), 3);
        assert_eq!(int_intrinsic("__ffs").unwrap().func.apply(&[8]), 4);
    }
}
