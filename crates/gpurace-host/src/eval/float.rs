//! Floating-point host values: `(int)ceil((double)n / 256)`, `ceil(n /
//! (float)bs)`, `(int)sqrt(1024.0)`. Input: the IR's float operations,
//! conversions and math calls (`ceil`, `floor`, `sqrt`, `pow`, `fmin`, ...);
//! output: host terms, integer ones exact where C's result is.
//!
//! A float is a term of its width (32 or 64 bits) of one of these forms, and
//! never leaves the host evaluation as one (a conversion to an integer or a
//! comparison turns it into an integer term or an unknown):
//!
//! - a constant: the bits of its IEEE value, computed as C does (`ieee.rs`);
//! - [`INT`]`(X)`: exactly the integer `X` (a 64-bit signed term), with
//!   `|X| <= 2^p`, `p` the precision (24 bits for `float`, 53 for `double`):
//!   every such integer is a float, so `(double)x` of a 32-bit `x` is one, and
//!   sums and products of them stay exact while they stay that small;
//! - [`QUOT`]`(X, Y)`: C's quotient `fl(X / Y)` of two such integers, `Y != 0`,
//!   of which only this is kept: it lies in the same open unit interval as
//!   `X / Y`, or is `X / Y` when that is an integer. So `ceil`, `floor` and
//!   the truncation of a conversion give exactly `ceil(X / Y)`, `floor(X / Y)`
//!   and C's `X / Y` (see [`rounded_quotient`]);
//! - an `ite` of these (a variable assigned in both branches of an `if`);
//! - anything else is an unknown host value.
//!
//! Why `QUOT` holds: if `X / Y` is not an integer, its distance to the
//! nearest integer is at least `1 / |Y|`; rounding to nearest moves it by at
//! most half an ulp, `|X / Y| * 2^-p`, which is less than `1 / |Y|` exactly
//! when `|X| < 2^p` (at `|X| = 2^p` the bound is reached only by a power of
//! two, and then `Y` divides `X`). If it is an integer, it is at most `2^p`
//! in magnitude, hence a float, and the division is exact. The property does
//! not depend on the precision, so `(double)` of a `float` quotient keeps it.
//!
//! Where an identity needs a range (`|x| <= 2^24` for `(float)x`, a divisor
//! that is not 0), the range is first looked up in what the term's form and
//! the statement's condition say (`bounds.rs`); what is not known is a
//! condition: `ite(range, exact, unknown)`. A conversion to an integer out of
//! the type's range is undefined in C, so where it happens the value is in
//! range: a fact under the statement's condition, as for signed products.

use gpurace_core::c::{is_float, is_signed, width};
use gpurace_core::cexpr::{unmodelled, ExprEval};
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, T};
use gpurace_core::Origin;
use gpurace_ir::{Expr, Type};

use super::bounds::{range, Known};
use super::rounding::{rounded_quotient, rounded_to_float, Rounding};
use super::{ieee, Evaluator, State};

/// A float that is exactly the integer of its one argument.
pub const INT: &str = "host.float.int";
/// A float in the unit interval of the quotient of its two arguments.
pub const QUOT: &str = "host.float.quot";
/// A float that is exactly the integer of its one argument, which may be
/// past `2^p` (at most `2^53`): `(float)n` of an `int`, rounded.
pub const WIDE: &str = "host.float.wide";

/// How deep `ite`s of floats are followed.
const MAX_ITE: usize = 4;

/// The integer `X` when the float `f` is exactly one (a constant, or
/// [`INT`]), through `ite`s.
fn as_int(f: &T) -> Option<T> {
    match &f.node {
        Node::Const(c) => {
            let p = ieee::precision(f.width)?;
            let v = ieee::value(*c, f.width)?;
            (v.fract() == 0.0 && v.abs() <= 2f64.powi(p as i32)).then(|| t::constant_i(v as i128, 64))
        }
        Node::Uf(name, args) if &**name == INT => args.first().cloned(),
        Node::Ite(c, a, b) => Some(t::ite(c, &as_int(a)?, &as_int(b)?)),
        _ => None,
    }
}

/// The integer `X` when the float `f` is exactly one of at most `2^53` in
/// magnitude ([`INT`], [`WIDE`] or a constant), through `ite`s: what it
/// compares and converts as.
fn as_exact(f: &T) -> Option<T> {
    match &f.node {
        Node::Const(c) => {
            let v = ieee::value(*c, f.width)?;
            (v.fract() == 0.0 && v.abs() <= 2f64.powi(53)).then(|| t::constant_i(v as i128, 64))
        }
        Node::Uf(name, args) if &**name == INT || &**name == WIDE => args.first().cloned(),
        Node::Ite(c, a, b) => Some(t::ite(c, &as_exact(a)?, &as_exact(b)?)),
        _ => None,
    }
}

/// The float of width `fw` that is exactly `x`, a value a float of that
/// width holds (`|x| <= 2^53`).
fn make_wide(x: &T, fw: u32) -> T {
    match x.as_const() {
        Some(c) => ieee::from_int(gpurace_core::arith::signed(c, 64), fw)
            .map_or_else(|| t::function(WIDE, vec![x.clone()], fw, false), |bits| t::constant(bits, fw)),
        None => t::function(WIDE, vec![x.clone()], fw, false),
    }
}

/// `2^k` (k >= 1) when the float `f` is that constant: a division by it is
/// exact.
fn power_of_two(f: &T) -> Option<i128> {
    let v = ieee::value(f.as_const()?, f.width)?;
    (v >= 2.0 && v <= 2f64.powi(62) && v.fract() == 0.0 && (v as u64).is_power_of_two()).then_some(v as i128)
}

/// `(X, Y)` when the float `f` is [`QUOT`]`(X, Y)` or the integer `X` (then
/// `Y` is 1).
fn as_quot(f: &T) -> Option<(T, T)> {
    match &f.node {
        Node::Uf(name, args) if &**name == QUOT && args.len() == 2 => Some((args[0].clone(), args[1].clone())),
        Node::Ite(c, a, b) => {
            let ((x1, y1), (x2, y2)) = (as_quot(a)?, as_quot(b)?);
            Some((t::ite(c, &x1, &x2), t::ite(c, &y1, &y2)))
        }
        _ => as_int(f).map(|x| (x, t::constant(1, 64))),
    }
}

/// The float of width `fw` that is exactly `x` (the caller knows `|x| <=
/// 2^p`).
fn make_int(x: &T, fw: u32) -> T {
    match x.as_const() {
        Some(c) => ieee::from_int(gpurace_core::arith::signed(c, 64), fw)
            .map_or_else(|| t::function(INT, vec![x.clone()], fw, false), |bits| t::constant(bits, fw)),
        None => t::function(INT, vec![x.clone()], fw, false),
    }
}

/// The float of width `fw` that is C's `x / y` (`y != 0`).
fn make_quot(x: &T, y: &T, fw: u32) -> T {
    if y.as_const() == Some(1) {
        return make_int(x, fw);
    }
    let signed = |c: u128| gpurace_core::arith::signed(c, 64);
    match (x.as_const(), y.as_const()) {
        (Some(a), Some(b)) => {
            let quotient =
                (|| ieee::binary("fdiv", fw, ieee::from_int(signed(a), fw)?, ieee::from_int(signed(b), fw)?))();
            quotient.map_or_else(|| t::function(QUOT, vec![x.clone(), y.clone()], fw, false), |q| t::constant(q, fw))
        }
        _ => t::function(QUOT, vec![x.clone(), y.clone()], fw, false),
    }
}

/// `2^k` when the float constant `f` is `2^-k` (k >= 1): multiplying an
/// integer by it is dividing by `2^k`, exactly.
fn reciprocal_power_of_two(f: &T) -> Option<i128> {
    let v = ieee::value(f.as_const()?, f.width)?;
    let inverse = 1.0 / v;
    (v > 0.0 && v < 1.0 && inverse.fract() == 0.0 && (inverse as u64).is_power_of_two() && inverse <= 2f64.powi(53))
        .then_some(inverse as i128)
}

fn float_type(w: u32) -> Type {
    Type::Float { bits: w as u8 }
}

/// `lo <= x <= hi` (64-bit signed).
fn between(x: &T, lo: i128, hi: i128) -> T {
    let above = t::cmp(CmpOp::Sle, &t::constant_i(lo, 64), x);
    t::and(&above, &t::cmp(CmpOp::Sle, x, &t::constant_i(hi, 64)))
}

impl Evaluator<'_> {
    /// A float literal of type `ty`.
    pub(super) fn float_constant(&mut self, value: f64, ty: &Type) -> T {
        match ieee::bits(value, width(ty)) {
            Some(bits) if is_float(ty) => t::constant(bits, width(ty)),
            _ => self.unknown(unmodelled::FLOAT, ty),
        }
    }

    /// The float operation `op` (`fadd`, `folt`, `sitofp`, ... see
    /// `gpurace_core::cexpr::float_op_name`) on `args`, of type `ty`.
    pub(super) fn float_operation(&mut self, st: &State, op: &str, args: &[&Expr], ty: &Type) -> T {
        match (op, args) {
            ("sitofp" | "uitofp" | "fptosi" | "fptoui" | "fpext" | "fne0", [arg]) => {
                let v = self.value(st, arg);
                let from = self.ty_of(arg);
                self.convert_value(&v, &from, ty)
            }
            ("foeq" | "fone" | "folt" | "fole" | "fogt" | "foge", [lhs, rhs]) => {
                let (lt, rt) = (self.ty_of(lhs), self.ty_of(rhs));
                let common = if !is_float(&lt) || (is_float(&rt) && width(&rt) > width(&lt)) { rt } else { lt };
                let a = self.value_as(st, lhs, &common);
                let b = self.value_as(st, rhs, &common);
                let r = self.compare(op, &a, &b, 0);
                gpurace_core::c::convert(&r, &Type::Bool, ty)
            }
            ("fneg", [arg]) if ieee::precision(width(ty)).is_some() => {
                let a = self.value_as(st, arg, ty);
                self.unary(op, &a, 0)
            }
            (_, [lhs, rhs]) if ieee::precision(width(ty)).is_some() && is_float(ty) => {
                let a = self.value_as(st, lhs, ty);
                let b = self.value_as(st, rhs, ty);
                self.binary(op, &a, &b, 0)
            }
            _ => {
                let what = if op.starts_with("fo") { unmodelled::FLOAT_COMPARISON } else { unmodelled::FLOAT };
                self.unknown(what, ty)
            }
        }
    }

    /// `v`, a value of type `from`, converted to `to`, where either is a
    /// float (else C's integer conversion).
    pub(super) fn convert_value(&mut self, v: &T, from: &Type, to: &Type) -> T {
        match (is_float(from), is_float(to)) {
            (false, false) => gpurace_core::c::convert(v, from, to),
            (false, true) => self.int_to_float(v, from, width(to)),
            (true, true) => self.float_to_float(v, width(to), 0),
            (true, false) if matches!(to, Type::Bool) => self.float_to_bool(v, 0),
            (true, false) if matches!(to, Type::Int { .. }) => {
                let path = t::tru();
                self.float_to_int(v, width(to), is_signed(to), &path, 0)
            }
            (true, false) => self.unknown(unmodelled::CONVERSION, to),
        }
    }

    /// A call to a math function (`ceil`, `sqrtf`, `std::pow`, `abs`) of
    /// result type `ty`, computed; `None` for another function. C++'s
    /// overloads (`std::ceil(float)` is `float`, `std::pow(int, int)` is
    /// `double`) compute in the call's result type.
    pub(super) fn math_call(&mut self, st: &State, func: &str, args: &[Expr], ty: &Type) -> Option<T> {
        let name = func.rsplit("::").next().unwrap_or(func).trim_start_matches("__builtin_");
        if matches!(name, "abs" | "labs" | "llabs") && matches!(ty, Type::Int { .. }) && args.len() == 1 {
            // abs(INT_MIN) is undefined; what the bits give is as good.
            let x = self.value_as(st, &args[0], ty);
            let negative = t::cmp(CmpOp::Slt, &x, &t::constant(0, x.width));
            return Some(t::ite(&negative, &t::bin(BvOp::Sub, &t::constant(0, x.width), &x), &x));
        }
        ieee::precision(width(ty)).filter(|_| is_float(ty))?;
        const UNARY: &[&str] = &[
            "ceil",
            "floor",
            "trunc",
            "round",
            "rint",
            "nearbyint",
            "fabs",
            "sqrt",
            "cbrt",
            "exp",
            "exp2",
            "log",
            "log2",
            "log10",
        ];
        const BINARY: &[&str] = &["pow", "fmin", "fmax", "fmod"];
        let base = |n: &str| {
            let n = if n == "abs" { "fabs" } else { n };
            UNARY.iter().chain(BINARY).find(|b| **b == n).copied()
        };
        let op = base(name).or_else(|| name.strip_suffix('f').and_then(base))?;
        let values: Vec<T> = args.iter().map(|a| self.value_as(st, a, ty)).collect();
        Some(match (UNARY.contains(&op), values.as_slice()) {
            (true, [a]) => self.unary(op, a, 0),
            (false, [a, b]) => self.binary(op, a, b, 0),
            _ => self.unknown(unmodelled::FLOAT, ty),
        })
    }

    fn unknown_float(&mut self, what: &str, fw: u32) -> T {
        self.unknown(what, &float_type(fw))
    }

    /// What the condition of the statement being evaluated bounds.
    fn known(&self) -> Known {
        Known::from_condition(&self.alive_now)
    }

    /// `exact` where `cond` holds, else a value gpurace does not compute.
    fn guarded(&mut self, cond: &T, exact: T, what: &str, fw: u32) -> T {
        if cond.is_true() {
            return exact;
        }
        if cond.is_false() {
            return self.unknown_float(what, fw);
        }
        let other = self.unknown_float(what, fw);
        t::ite(cond, &exact, &other)
    }

    /// The float `INT(x)` of width `fw` where `|x| <= 2^p` holds (known, or
    /// as a condition).
    fn exact_int(&mut self, x: &T, fw: u32) -> T {
        let Some(p) = ieee::precision(fw) else { return self.unknown_float(unmodelled::FLOAT, fw) };
        let limit = 1i128 << p;
        let r = range(x, true, &self.known());
        if r.0 >= -limit && r.1 <= limit {
            return make_int(x, fw);
        }
        let cond = between(x, -limit, limit);
        self.guarded(&cond, make_int(x, fw), &format!("a floating-point value beyond 2^{p}"), fw)
    }

    /// `log2(x)` of an integer `x`: `k = floor(log2(x))` exactly, or `k`
    /// and a bit more when `x` is no power of two. For `1 <= x <= 2^40`
    /// (`2^16` in `float`) `log2(2^k - 1)` is further below `k` than the C
    /// library's error (it is `k - 2^-k / ln 2`, an ulp of `k` is `2^-47` at
    /// most), and `log2(2^k)` is `k` exactly. So it is the quotient `(2k +
    /// [x is no power of two]) / 2`, in the same unit interval.
    fn log2(&mut self, x: &T, fw: u32) -> T {
        let limit: u32 = if fw == 32 { 16 } else { 40 };
        let r = range(x, true, &self.known());
        let top = r.1.clamp(1, 1 << limit);
        let bits = 128 - (top as u128).leading_zeros();
        let mut k = t::constant(0, 64);
        for b in 1..bits {
            k = t::ite(&t::cmp(CmpOp::Sle, &t::constant(1u128 << b, 64), x), &t::constant(u128::from(b), 64), &k);
        }
        let one = t::constant(1, 64);
        let power = t::eq(&t::bin(BvOp::And, x, &t::bin(BvOp::Sub, x, &one)), &t::constant(0, 64));
        let twice = t::add(&t::bin(BvOp::Shl, &k, &one), &t::bool_to_bv(&t::not(&power), 64));
        let value = make_quot(&twice, &t::constant(2, 64), fw);
        if r.0 >= 1 && r.1 <= 1 << limit {
            return value;
        }
        let cond = between(x, 1, 1 << limit);
        self.guarded(&cond, value, unmodelled::FLOAT, fw)
    }

    /// `pow(2, k)`: the float `INT(2^k)` where `0 <= k <= p`.
    fn power_of_two(&mut self, k: &T, fw: u32) -> T {
        let Some(p) = ieee::precision(fw) else { return self.unknown_float(unmodelled::FLOAT, fw) };
        let value = make_int(&t::bin(BvOp::Shl, &t::constant(1, 64), k), fw);
        let r = range(k, true, &self.known());
        if r.0 >= 0 && r.1 <= i128::from(p) {
            return value;
        }
        let cond = between(k, 0, i128::from(p));
        self.guarded(&cond, value, unmodelled::FLOAT, fw)
    }

    /// `(float)v` or `(double)v` of an integer (or boolean) `v` of type
    /// `from`.
    fn int_to_float(&mut self, v: &T, from: &Type, fw: u32) -> T {
        let Some(p) = ieee::precision(fw) else { return self.unknown_float(unmodelled::CONVERSION, fw) };
        let s = is_signed(from);
        if v.width == 0 {
            return make_int(&t::bool_to_bv(v, 64), fw);
        }
        if v.width > 64 {
            return self.unknown_float(unmodelled::CONVERSION, fw);
        }
        if let Some(c) = v.as_const() {
            let value = if s { gpurace_core::arith::signed(c, v.width) } else { c as i128 };
            return ieee::from_int(value, fw)
                .map_or_else(|| self.unknown_float(unmodelled::CONVERSION, fw), |b| t::constant(b, fw));
        }
        let limit = 1u128 << p;
        let r = range(v, s, &self.known());
        if r.0 >= -(limit as i128) && r.1 <= limit as i128 {
            return make_int(&t::resize(v, 64, s), fw);
        }
        // An unsigned 64-bit value above 2^63 would be negative as a signed
        // one: the condition is on the value itself.
        let cond = if s {
            between(&t::resize(v, 64, true), -(limit as i128), limit as i128)
        } else {
            t::ule(v, &t::constant(limit, v.width))
        };
        let exact = make_int(&t::resize(v, 64, s), fw);
        // `(float)x` of an integer of at most 32 bits past 2^24: rounded,
        // exactly (`rounding::rounded_to_float`).
        if v.width <= 32 {
            let rounded = make_wide(&rounded_to_float(v, s, p), fw);
            return t::ite(&cond, &exact, &rounded);
        }
        self.guarded(&cond, exact, &format!("an integer beyond 2^{p} converted to a float"), fw)
    }

    /// A float converted to another float width.
    fn float_to_float(&mut self, f: &T, to: u32, depth: usize) -> T {
        if f.width == to {
            return f.clone();
        }
        if let (Node::Ite(c, a, b), true) = (&f.node, depth < MAX_ITE) {
            let (a, b) = (self.float_to_float(a, to, depth + 1), self.float_to_float(b, to, depth + 1));
            return t::ite(c, &a, &b);
        }
        if let Some(bits) = f.as_const().and_then(|c| ieee::resize(c, f.width, to)) {
            return t::constant(bits, to);
        }
        if let Some(x) = as_int(f) {
            return self.exact_int(&x, to);
        }
        // A wider float holds the integer exactly (a `double` every integer
        // up to 2^53).
        if let (Some(x), true) = (as_exact(f), to == 64) {
            return make_int(&x, to);
        }
        // A wider float keeps a quotient's unit interval (it is the same
        // value); a narrower one may round it onto an integer.
        match as_quot(f) {
            Some((x, y)) if to > f.width => make_quot(&x, &y, to),
            _ => self.unknown_float(unmodelled::CONVERSION, to),
        }
    }

    /// `(bool)f`: true unless `f` is a zero (a NaN is true).
    fn float_to_bool(&mut self, f: &T, depth: usize) -> T {
        if let (Node::Ite(c, a, b), true) = (&f.node, depth < MAX_ITE) {
            let (a, b) = (self.float_to_bool(a, depth + 1), self.float_to_bool(b, depth + 1));
            return t::ite(c, &a, &b);
        }
        if let Some(v) = f.as_const().and_then(|c| ieee::value(c, f.width)) {
            return t::boolean(v != 0.0);
        }
        match as_quot(f).map(|(x, _)| x).or_else(|| as_exact(f)) {
            Some(x) => t::not(&t::eq(&x, &t::constant(0, 64))),
            None => self.unknown(unmodelled::CONVERSION, &Type::Bool),
        }
    }

    /// C's conversion of the float `f` to a `to`-bit integer: truncation
    /// toward zero. `path`: the `ite` conditions that lead to `f` within the
    /// value; where that part is converted, it is in range.
    fn float_to_int(&mut self, f: &T, to: u32, s: bool, path: &T, depth: usize) -> T {
        let ty = Type::Int { bits: to as u8, signed: s };
        if !(1..=64).contains(&to) {
            return self.unknown(unmodelled::CONVERSION, &ty);
        }
        if let (Node::Ite(c, a, b), true) = (&f.node, depth < MAX_ITE) {
            let a = self.float_to_int(a, to, s, &t::and(path, c), depth + 1);
            let b = self.float_to_int(b, to, s, &t::and(path, &t::not(c)), depth + 1);
            return t::ite(c, &a, &b);
        }
        if let Some(c) = f.as_const() {
            return match ieee::to_int(c, f.width, to, s) {
                Some(v) => t::constant_i(v, to),
                None => self.unknown(unmodelled::CONVERSION, &ty),
            };
        }
        // `(int)atof(argv[1])`: an input converted is an input.
        if let Node::Leaf(Leaf::Host(i)) = &f.node {
            let input = self.values.get(*i as usize).filter(|v| v.origin == Origin::Input).map(|v| v.name.clone());
            if let Some(name) = input {
                let v = self.host_value(&name, &ty, Origin::Input);
                if let Node::Leaf(Leaf::Host(j)) = &v.node {
                    self.renamable.insert(*j);
                }
                return v;
            }
        }
        let one = || t::constant(1, 64);
        let Some((x, y)) = as_quot(f).or_else(|| as_exact(f).map(|x| (x, one()))) else {
            return self.unknown(unmodelled::CONVERSION, &ty);
        };
        let known = self.known();
        let r = rounded_quotient(Rounding::Trunc, &x, &y, &known);
        // Out of the type's range the conversion is undefined: where it
        // happens, the value is in range.
        let (lo, hi) = if s { (-(1i128 << (to - 1)), (1i128 << (to - 1)) - 1) } else { (0, (1i128 << to) - 1) };
        let now = range(&r, true, &known);
        if now.0 < lo || now.1 > hi {
            let fact = t::implies(&t::and(&self.alive_now, path), &between(&r, lo, hi));
            if !self.facts.contains(&fact) {
                self.facts.push(fact);
            }
        }
        t::resize(&r, to, true)
    }

    /// A unary float operation or math function `op` on `f`.
    fn unary(&mut self, op: &str, f: &T, depth: usize) -> T {
        let fw = f.width;
        if let (Node::Ite(c, a, b), true) = (&f.node, depth < MAX_ITE) {
            let (a, b) = (self.unary(op, a, depth + 1), self.unary(op, b, depth + 1));
            return t::ite(c, &a, &b);
        }
        if let Some(c) = f.as_const() {
            return match ieee::unary(op, fw, c) {
                Some(bits) => t::constant(bits, fw),
                None => self.unknown_float(unmodelled::FLOAT, fw),
            };
        }
        let zero = t::constant(0, 64);
        let negate = |x: &T| t::bin(BvOp::Sub, &zero, x);
        let magnitude = |x: &T| t::ite(&t::cmp(CmpOp::Slt, x, &zero), &negate(x), x);
        if let Some(x) = as_int(f) {
            return match op {
                "fneg" => make_int(&negate(&x), fw),
                "fabs" => make_int(&magnitude(&x), fw),
                // An integer is its own ceil, floor, ...
                "ceil" | "floor" | "trunc" | "round" | "rint" | "nearbyint" => f.clone(),
                "log2" => self.log2(&x, fw),
                _ => self.unknown_float(unmodelled::FLOAT, fw),
            };
        }
        if let (Some(x), Node::Uf(..)) = (as_exact(f), &f.node) {
            return match op {
                "fneg" => make_wide(&negate(&x), fw),
                "fabs" => make_wide(&magnitude(&x), fw),
                "ceil" | "floor" | "trunc" | "round" | "rint" | "nearbyint" => f.clone(),
                _ => self.unknown_float(unmodelled::FLOAT, fw),
            };
        }
        let Some((x, y)) = as_quot(f) else { return self.unknown_float(unmodelled::FLOAT, fw) };
        let how = match op {
            "fneg" => return make_quot(&negate(&x), &y, fw),
            "fabs" => return make_quot(&magnitude(&x), &magnitude(&y), fw),
            "ceil" => Rounding::Ceil,
            "floor" => Rounding::Floor,
            "trunc" => Rounding::Trunc,
            _ => return self.unknown_float(unmodelled::FLOAT, fw),
        };
        let known = self.known();
        make_int(&rounded_quotient(how, &x, &y, &known), fw)
    }

    /// A binary float operation or math function `op` on `a` and `b` (of
    /// one width).
    fn binary(&mut self, op: &str, a: &T, b: &T, depth: usize) -> T {
        let fw = a.width;
        if depth < MAX_ITE {
            if let Node::Ite(c, x, y) = &a.node {
                let (x, y) = (self.binary(op, x, b, depth + 1), self.binary(op, y, b, depth + 1));
                return t::ite(c, &x, &y);
            }
            if let Node::Ite(c, x, y) = &b.node {
                let (x, y) = (self.binary(op, a, x, depth + 1), self.binary(op, a, y, depth + 1));
                return t::ite(c, &x, &y);
            }
        }
        if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
            return match ieee::binary(op, fw, x, y) {
                Some(bits) => t::constant(bits, fw),
                None => self.unknown_float(unmodelled::FLOAT, fw),
            };
        }
        // `pow(2, k)` of an integer `k`: 2^k, exactly (a float for 0 <= k <=
        // p; the C library's `pow` returns exact results exactly).
        if let (Some(base), Some(k)) = (a.as_const().and_then(|c| ieee::value(c, fw)), as_int(b)) {
            if op == "pow" && base == 2.0 {
                return self.power_of_two(&k, fw);
            }
        }
        // `n * 0.5`: an exact division by a power of two.
        if op == "fmul" {
            for (i, c) in [(a, b), (b, a)] {
                if let (Some(x), Some(k)) = (as_int(i), reciprocal_power_of_two(c)) {
                    return make_quot(&x, &t::constant_i(k, 64), fw);
                }
            }
        }
        // Any float integer divided by a power of two: exact, so in the
        // quotient's unit interval (`(float)n / 256` for every int n).
        if as_int(a).is_none() {
            let by = match op {
                "fdiv" => power_of_two(b),
                "fmul" => reciprocal_power_of_two(b),
                _ => None,
            };
            if let (Some(x), Some(k)) = (as_exact(a), by) {
                return make_quot(&x, &t::constant_i(k, 64), fw);
            }
        }
        let (Some(x), Some(y), Some(p)) = (as_int(a), as_int(b), ieee::precision(fw)) else {
            return self.unknown_float(unmodelled::FLOAT, fw);
        };
        let limit = 1i128 << p;
        let known = self.known();
        let (xr, yr) = (range(&x, true, &known), range(&y, true, &known));
        match op {
            // |x|, |y| <= 2^53: no 64-bit overflow; exact while the result
            // is a float.
            "fadd" => self.exact_int(&t::add(&x, &y), fw),
            "fsub" => self.exact_int(&t::bin(BvOp::Sub, &x, &y), fw),
            "fmul" => {
                let products = [xr.0 * yr.0, xr.0 * yr.1, xr.1 * yr.0, xr.1 * yr.1];
                let small = products.iter().all(|v| v.abs() <= limit);
                let product = t::mul(&x, &y);
                if small {
                    return make_int(&product, fw);
                }
                // By a constant: |x| <= 2^p / |c| keeps the product exact
                // (and within 64 bits).
                let scaled = |v: &T, c: u128| {
                    let c = gpurace_core::arith::signed(c, 64).unsigned_abs() as i128;
                    (c != 0).then(|| between(v, -(limit / c), limit / c))
                };
                let cond = match (x.as_const(), y.as_const()) {
                    (Some(c), None) => scaled(&y, c),
                    (None, Some(c)) => scaled(&x, c),
                    _ => None,
                };
                match cond {
                    Some(cond) => self.guarded(&cond, make_int(&product, fw), unmodelled::FLOAT, fw),
                    None => self.unknown_float(unmodelled::FLOAT, fw),
                }
            }
            "fdiv" if yr.0 > 0 || yr.1 < 0 => make_quot(&x, &y, fw),
            "fdiv" => {
                let nonzero = t::not(&t::eq(&y, &t::constant(0, 64)));
                self.guarded(
                    &nonzero,
                    make_quot(&x, &y, fw),
                    "a floating-point quotient by a divisor that may be 0",
                    fw,
                )
            }
            "fmin" | "fmax" => {
                let lt = t::cmp(CmpOp::Slt, &x, &y);
                let pick = if op == "fmin" { t::ite(&lt, &x, &y) } else { t::ite(&lt, &y, &x) };
                make_int(&pick, fw)
            }
            _ => self.unknown_float(unmodelled::FLOAT, fw),
        }
    }

    /// C's comparison `op` of two floats of one width: a boolean term.
    fn compare(&mut self, op: &str, a: &T, b: &T, depth: usize) -> T {
        if depth < MAX_ITE {
            if let Node::Ite(c, x, y) = &a.node {
                let (x, y) = (self.compare(op, x, b, depth + 1), self.compare(op, y, b, depth + 1));
                return t::ite(c, &x, &y);
            }
            if let Node::Ite(c, x, y) = &b.node {
                let (x, y) = (self.compare(op, a, x, depth + 1), self.compare(op, a, y, depth + 1));
                return t::ite(c, &x, &y);
            }
        }
        if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
            if let Some(r) = ieee::compare(op, a.width, x, y) {
                return t::boolean(r);
            }
        }
        // Floats that are integers compare as those integers.
        let (Some(x), Some(y)) = (as_exact(a), as_exact(b)) else {
            return self.unknown(unmodelled::FLOAT_COMPARISON, &Type::Bool);
        };
        match op {
            "foeq" => t::eq(&x, &y),
            "fone" => t::not(&t::eq(&x, &y)),
            "folt" => t::cmp(CmpOp::Slt, &x, &y),
            "fole" => t::cmp(CmpOp::Sle, &x, &y),
            "fogt" => t::cmp(CmpOp::Slt, &y, &x),
            "foge" => t::cmp(CmpOp::Sle, &y, &x),
            _ => self.unknown(unmodelled::FLOAT_COMPARISON, &Type::Bool),
        }
    }
}

/// Whether `term` holds a float of the host evaluation ([`INT`] or
/// [`QUOT`]), which must not leave it.
pub fn has_float(term: &T) -> bool {
    let mut found = false;
    t::visit(term, &mut std::collections::HashSet::new(), &mut |n| {
        if let Node::Uf(name, _) = &n.node {
            found |= &**name == INT || &**name == QUOT || &**name == WIDE;
        }
        !found
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_core::term::Deps;

    fn host(i: u32, w: u32) -> T {
        t::leaf(Leaf::Host(i), w, Deps::default())
    }

    #[test]
    fn forms_fold_to_constants() {
        let five = make_int(&t::constant(5, 64), 64);
        assert_eq!(ieee::value(five.as_const().unwrap(), 64), Some(5.0));
        let q = make_quot(&t::constant(1000, 64), &t::constant(256, 64), 32);
        assert_eq!(ieee::value(q.as_const().unwrap(), 32), Some(1000.0 / 256.0));
        assert_eq!(as_int(&five).and_then(|x| x.as_const()), Some(5));
        // 2.5 is no integer; 2^54 is beyond the precision of the rule.
        assert!(as_int(&t::constant(u128::from(2.5f64.to_bits()), 64)).is_none());
        assert!(as_int(&t::constant(u128::from(2f64.powi(54).to_bits()), 64)).is_none());
        assert_eq!(reciprocal_power_of_two(&t::constant(u128::from(0.25f64.to_bits()), 64)), Some(4));
        assert_eq!(reciprocal_power_of_two(&t::constant(u128::from(0.3f64.to_bits()), 64)), None);
        let x = host(0, 64);
        assert!(has_float(&t::add(&t::constant(1, 64), &t::resize(&make_int(&x, 32), 64, false))));
        assert!(!has_float(&x));
    }
}
