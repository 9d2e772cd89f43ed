//! One evaluator of IR expressions into terms, for host code and kernels.
//!
//! [`ExprEval::value`] gives C's meaning to every operator, conversion and
//! literal (through [`crate::c`]); an implementor says only what differs
//! between its stages, in the hooks: where variables and parameters live,
//! what `threadIdx` or a struct field is, which calls it knows, what an
//! address is based on, and what stands for a value it does not model (a
//! named host value, a fresh per-thread unknown). With hooks that return
//! constants, every operator folds (see [`crate::term`]), so the same
//! evaluator executes concretely.

use gpurace_ir::{Base, BinOp, Builtin, Expr, Type, UnOp, VarId};

use crate::arith::mask;
use crate::c::{arithmetic_type, c_arith, c_compare, comparison_type, convert, is_float, is_signed, width};
use crate::term::{self as t, BvOp, T};

/// What a value the evaluator does not model is, for the name of the
/// unknown that stands for it.
pub mod unmodelled {
    pub const FLOAT: &str = "a floating-point value";
    pub const FLOAT_COMPARISON: &str = "a floating-point comparison";
    pub const CONVERSION: &str = "a converted value";
    pub const VALUE: &str = "an unmodelled value";
}

/// Evaluation of IR expressions in a state of type [`ExprEval::State`].
pub trait ExprEval {
    type State;

    /// The C type of `e`.
    fn ty_of(&self, e: &Expr) -> Type;

    /// The value of variable `var` in `st`.
    fn var(&mut self, st: &Self::State, var: VarId) -> T;

    /// The value of parameter `index` (`e` is the `Param` expression).
    fn param(&mut self, e: &Expr, index: u32) -> T;

    /// `threadIdx.x`, `warpSize` and the like.
    fn builtin(&mut self, e: &Expr, b: Builtin) -> T;

    /// The address of a `__shared__` variable, or of a field of a struct
    /// parameter (`e` is `SharedAddr` or `Field`).
    fn place(&mut self, st: &Self::State, e: &Expr) -> T;

    /// The value of a call that is an expression (pure functions, `new`).
    fn call(&mut self, st: &Self::State, e: &Expr, func: &str, args: &[Expr], ty: &Type) -> T;

    /// The address an access or address expression starts from.
    fn base(&mut self, st: &Self::State, base: &Base) -> T;

    /// A value of type `ty` the evaluator does not model: `what` is one of
    /// [`unmodelled`]; `e` the expression it stands for.
    fn opaque(&mut self, e: &Expr, ty: &Type, what: &'static str) -> T;

    /// A product the implementor abstracts before its operands are
    /// evaluated (`blockIdx.x * blockDim.x` with symbolic geometry).
    fn product_of(&mut self, _lhs: &Expr, _rhs: &Expr, _ty: &Type) -> Option<T> {
        None
    }

    /// A product of evaluated operands the implementor abstracts.
    fn product(&mut self, _a: &T, _b: &T, _ty: &Type) -> Option<T> {
        None
    }

    /// The value of `e`, converted to type `ty`.
    fn value_as(&mut self, st: &Self::State, e: &Expr, ty: &Type) -> T {
        let v = self.value(st, e);
        convert(&v, &self.ty_of(e), ty)
    }

    /// The value of `e`: a boolean term for `bool`, else a bit-vector of the
    /// type's width.
    fn value(&mut self, st: &Self::State, e: &Expr) -> T {
        match e {
            Expr::Int { value, ty } => match width(ty) {
                0 => t::boolean(*value != 0),
                w => t::constant_i(*value, w),
            },
            Expr::Float { ty, .. } => self.opaque(e, ty, unmodelled::FLOAT),
            Expr::Var(v) => self.var(st, *v),
            Expr::Param(i) => self.param(e, *i),
            Expr::Builtin(b) => self.builtin(e, *b),
            Expr::SharedAddr(_) | Expr::Field { .. } => self.place(st, e),
            Expr::Unary { op, arg, ty } => {
                if is_float(ty) {
                    return self.opaque(e, ty, unmodelled::FLOAT);
                }
                match op {
                    UnOp::Not => {
                        let a = self.value(st, arg);
                        convert(&t::not(&t::to_bool(&a)), &Type::Bool, ty)
                    }
                    UnOp::Neg => {
                        let a = self.value_as(st, arg, ty);
                        t::bin(BvOp::Sub, &t::constant(0, a.width), &a)
                    }
                    UnOp::BitNot => {
                        let a = self.value_as(st, arg, ty);
                        t::bin(BvOp::Xor, &a, &t::constant(mask(a.width), a.width))
                    }
                }
            }
            Expr::Binary { op, lhs, rhs, ty } => self.binary(st, e, *op, lhs, rhs, ty),
            Expr::Cast { ty, arg } => {
                let from = self.ty_of(arg);
                // A float converted to `bool` is `!= 0` of an unknown float.
                let float = is_float(ty) || (is_float(&from) && !matches!(ty, Type::Bool));
                if float || matches!(ty, Type::Record { .. } | Type::Opaque { .. }) {
                    return self.opaque(e, ty, unmodelled::CONVERSION);
                }
                let v = self.value(st, arg);
                convert(&v, &from, ty)
            }
            Expr::Select { cond, then, els, ty } => {
                let c = t::to_bool(&self.value(st, cond));
                let a = self.value_as(st, then, ty);
                let b = self.value_as(st, els, ty);
                t::ite(&c, &a, &b)
            }
            Expr::Addr { base, offset, .. } => {
                let b = self.base(st, base);
                let o = self.value_as(st, offset, &Type::LONG);
                t::add(&b, &o)
            }
            Expr::Call { func, args, ty } => self.call(st, e, func, args, ty),
            Expr::Unknown { ty, .. } => self.opaque(e, ty, unmodelled::VALUE),
        }
    }

    /// `lhs op rhs` of result type `ty` (`e` is the whole expression).
    fn binary(&mut self, st: &Self::State, e: &Expr, op: BinOp, lhs: &Expr, rhs: &Expr, ty: &Type) -> T {
        let (lty, rty) = (self.ty_of(lhs), self.ty_of(rhs));
        if op == BinOp::LAnd || op == BinOp::LOr {
            let a = t::to_bool(&self.value(st, lhs));
            let b = t::to_bool(&self.value(st, rhs));
            let r = if op == BinOp::LAnd { t::and(&a, &b) } else { t::or(&a, &b) };
            return convert(&r, &Type::Bool, ty);
        }
        if op.is_comparison() {
            if is_float(&lty) || is_float(&rty) {
                return self.opaque(e, ty, unmodelled::FLOAT_COMPARISON);
            }
            let (common, signed) = comparison_type(&lty, &rty);
            let a = self.value_as(st, lhs, &common);
            let b = self.value_as(st, rhs, &common);
            let r = c_compare(op, &a, &b, signed).expect("a comparison");
            return convert(&r, &Type::Bool, ty);
        }
        if is_float(ty) || is_float(&lty) || is_float(&rty) {
            return self.opaque(e, ty, unmodelled::FLOAT);
        }
        let ty = arithmetic_type(ty);
        if op == BinOp::Mul {
            if let Some(p) = self.product_of(lhs, rhs, &ty) {
                return p;
            }
        }
        let a = self.value_as(st, lhs, &ty);
        let b = match op {
            // The shift count keeps its own type.
            BinOp::Shl | BinOp::Shr => t::resize(&self.value(st, rhs), a.width, false),
            _ => self.value_as(st, rhs, &ty),
        };
        if op == BinOp::Mul {
            if let Some(p) = self.product(&a, &b, &ty) {
                return p;
            }
        }
        match c_arith(op, &a, &b, is_signed(&ty)) {
            Some(v) => v,
            None => self.opaque(e, &ty, unmodelled::VALUE),
        }
    }
}
