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

use gpurace_ir::{Base, BinOp, Builtin, Expr, Kernel, Type, UnOp, VarId};

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

/// The name of a floating-point operator, as the operation's function
/// (`folt`: ordered less-than, as C's `<` on floats).
pub fn float_op_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "fadd",
        BinOp::Sub => "fsub",
        BinOp::Mul => "fmul",
        BinOp::Div => "fdiv",
        BinOp::Rem => "frem",
        BinOp::Min => "fmin",
        BinOp::Max => "fmax",
        BinOp::Eq => "foeq",
        BinOp::Ne => "fone",
        BinOp::Lt => "folt",
        BinOp::Le => "fole",
        BinOp::Gt => "fogt",
        BinOp::Ge => "foge",
        _ => "fop",
    }
}

/// The C type of variable `var` of `kernel` (`int` for an id it does not have).
pub fn var_type(kernel: &Kernel, var: VarId) -> Type {
    kernel.vars.get(var.0 as usize).map_or(Type::INT, |v| v.ty.clone())
}

/// The C type of `e` in `kernel`: its variables' and parameters' declared
/// types, a shared variable's address as `void *`, else the type the
/// expression carries. What [`ExprEval::ty_of`] is for a kernel's code.
pub fn kernel_expr_type(kernel: &Kernel, e: &Expr) -> Type {
    match e {
        Expr::Var(v) => var_type(kernel, *v),
        Expr::Param(i) => kernel.params.get(*i as usize).map_or(Type::INT, |p| p.ty.clone()),
        Expr::SharedAddr(_) => Type::Ptr(Box::new(Type::Void)),
        other => other.own_type().cloned().unwrap_or(Type::INT),
    }
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

    /// A floating-point literal.
    fn float_literal(&mut self, e: &Expr, _value: f64, ty: &Type) -> T {
        self.opaque(e, ty, unmodelled::FLOAT)
    }

    /// A floating-point operation `op` (`fadd`, `flt`, `fptosi`, ... see
    /// [`float_op_name`]) on `args`, of result type `ty`; `e` is the whole
    /// expression. The default does not model it.
    fn float_op(&mut self, _st: &Self::State, e: &Expr, op: &'static str, _args: &[&Expr], ty: &Type) -> T {
        let what = match op {
            "foeq" | "fone" | "folt" | "fole" | "fogt" | "foge" => unmodelled::FLOAT_COMPARISON,
            "fpext" | "sitofp" | "uitofp" | "fptosi" | "fptoui" | "fne0" => unmodelled::CONVERSION,
            _ => unmodelled::FLOAT,
        };
        self.opaque(e, ty, what)
    }

    /// Evaluation enters an operand that C evaluates only where `cond`
    /// holds (an arm of `?:`, the right operand of `&&` and `||`), until
    /// [`ExprEval::leave_branch`]: a fact the implementor derives there
    /// (no overflow, no undefined conversion) holds only under `cond`.
    fn enter_branch(&mut self, _cond: &T) {}

    fn leave_branch(&mut self) {}

    /// A product the implementor abstracts before its operands are
    /// evaluated (`blockIdx.x * blockDim.x` with symbolic geometry).
    fn product_of(&mut self, _lhs: &Expr, _rhs: &Expr, _ty: &Type) -> Option<T> {
        None
    }

    /// A product of evaluated operands the implementor abstracts.
    fn product(&mut self, _a: &T, _b: &T, _ty: &Type) -> Option<T> {
        None
    }

    /// A sum or difference of evaluated operands (`raw`, of type `ty`) in
    /// another form the implementor prefers, of the same value.
    fn sum(&mut self, _raw: &T, _ty: &Type) -> Option<T> {
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
            Expr::Float { value, ty } => self.float_literal(e, *value, ty),
            Expr::Var(v) => self.var(st, *v),
            Expr::Param(i) => self.param(e, *i),
            Expr::Builtin(b) => self.builtin(e, *b),
            Expr::SharedAddr(_) | Expr::Field { .. } => self.place(st, e),
            Expr::Unary { op, arg, ty } => {
                if is_float(ty) {
                    let name = if *op == UnOp::Neg { "fneg" } else { "fnot" };
                    return self.float_op(st, e, name, &[arg], ty);
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
                if is_float(ty) || is_float(&from) {
                    let name = match (is_float(&from), is_float(ty)) {
                        (true, true) => "fpext",
                        (false, _) if is_signed(&from) => "sitofp",
                        (false, _) => "uitofp",
                        (true, _) if matches!(ty, Type::Bool) => "fne0",
                        (true, _) if is_signed(ty) => "fptosi",
                        (true, _) => "fptoui",
                    };
                    return self.float_op(st, e, name, &[arg], ty);
                }
                if matches!(ty, Type::Record { .. } | Type::Opaque { .. }) {
                    return self.opaque(e, ty, unmodelled::CONVERSION);
                }
                let v = self.value(st, arg);
                convert(&v, &from, ty)
            }
            Expr::Select { cond, then, els, ty } => {
                let c = t::to_bool(&self.value(st, cond));
                self.enter_branch(&c);
                let a = self.value_as(st, then, ty);
                self.leave_branch();
                self.enter_branch(&t::not(&c));
                let b = self.value_as(st, els, ty);
                self.leave_branch();
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
            // `b` is evaluated where `a` does not decide.
            self.enter_branch(&if op == BinOp::LAnd { a.clone() } else { t::not(&a) });
            let b = t::to_bool(&self.value(st, rhs));
            self.leave_branch();
            let r = if op == BinOp::LAnd { t::and(&a, &b) } else { t::or(&a, &b) };
            return convert(&r, &Type::Bool, ty);
        }
        if op.is_comparison() {
            if is_float(&lty) || is_float(&rty) {
                return self.float_op(st, e, float_op_name(op), &[lhs, rhs], ty);
            }
            let (common, signed) = comparison_type(&lty, &rty);
            let a = self.value_as(st, lhs, &common);
            let b = self.value_as(st, rhs, &common);
            let r = c_compare(op, &a, &b, signed).expect("a comparison");
            return convert(&r, &Type::Bool, ty);
        }
        if is_float(ty) || is_float(&lty) || is_float(&rty) {
            return self.float_op(st, e, float_op_name(op), &[lhs, rhs], ty);
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
            Some(v) if matches!(op, BinOp::Add | BinOp::Sub) => self.sum(&v, &ty).unwrap_or(v),
            Some(v) => v,
            None => self.opaque(e, &ty, unmodelled::VALUE),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The evaluator executing concretely: hooks that know every value give
    //! constants, and C's rules decide the result.

    use gpurace_ir::{Base, BinOp, Builtin, Expr, Type, UnOp, VarId};

    use super::{unmodelled, ExprEval};
    use crate::arith::signed;
    use crate::term::{self as t, T};

    /// Variables hold constants; `threadIdx.x` is 5; nothing is unmodelled.
    struct Concrete {
        vars: Vec<(Type, i128)>,
        opaque: Vec<&'static str>,
    }

    impl ExprEval for Concrete {
        type State = ();

        fn ty_of(&self, e: &Expr) -> Type {
            match e {
                Expr::Var(v) => self.vars[v.0 as usize].0.clone(),
                other => other.own_type().cloned().unwrap_or(Type::INT),
            }
        }
        fn var(&mut self, _st: &(), var: VarId) -> T {
            let (ty, v) = &self.vars[var.0 as usize];
            t::constant_i(*v, crate::c::width(ty))
        }
        fn param(&mut self, _e: &Expr, _index: u32) -> T {
            unreachable!("no parameters")
        }
        fn builtin(&mut self, _e: &Expr, _b: Builtin) -> T {
            t::constant(5, 32)
        }
        fn place(&mut self, _st: &(), _e: &Expr) -> T {
            unreachable!("no places")
        }
        fn call(&mut self, _st: &(), _e: &Expr, _func: &str, _args: &[Expr], _ty: &Type) -> T {
            unreachable!("no calls")
        }
        fn base(&mut self, _st: &(), _base: &Base) -> T {
            t::constant(0x1000, 64)
        }
        fn opaque(&mut self, _e: &Expr, ty: &Type, what: &'static str) -> T {
            self.opaque.push(what);
            t::constant(0, crate::c::width(ty).max(1))
        }
    }

    fn eval(e: &Expr, vars: &[(Type, i128)]) -> (i128, u32) {
        let mut c = Concrete { vars: vars.to_vec(), opaque: Vec::new() };
        let v = c.value(&(), e);
        assert!(c.opaque.is_empty(), "unmodelled: {:?}", c.opaque);
        let bits = v.as_const().or(v.as_bool().map(u128::from)).expect("a constant");
        (signed(bits, v.width), v.width)
    }

    fn var(i: u32) -> Box<Expr> {
        Box::new(Expr::Var(VarId(i)))
    }

    fn bin(op: BinOp, lhs: Expr, rhs: Expr, ty: Type) -> Expr {
        Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), ty }
    }

    #[test]
    fn signed_division_and_remainder_truncate_toward_zero() {
        let vars = [(Type::INT, -7), (Type::INT, 2)];
        let div = bin(BinOp::Div, Expr::Var(VarId(0)), Expr::Var(VarId(1)), Type::INT);
        assert_eq!(eval(&div, &vars), (-3, 32));
        let rem = bin(BinOp::Rem, Expr::Var(VarId(0)), Expr::Var(VarId(1)), Type::INT);
        assert_eq!(eval(&rem, &vars), (-1, 32));
    }

    #[test]
    fn a_comparison_with_an_unsigned_operand_of_the_same_width_is_unsigned() {
        // -1 < 1u is false in C: -1 converts to UINT_MAX.
        let vars = [(Type::INT, -1), (Type::UINT, 1)];
        let lt = bin(BinOp::Lt, Expr::Var(VarId(0)), Expr::Var(VarId(1)), Type::Bool);
        assert_eq!(eval(&lt, &vars).0, 0);
        // -1 < 1ul is false too, but -1L < 1u is true: the unsigned int
        // converts to a wider signed type.
        let vars = [(Type::LONG, -1), (Type::UINT, 1)];
        assert_eq!(eval(&lt, &vars).0, 1);
    }

    #[test]
    fn unsigned_arithmetic_wraps_and_casts_truncate_or_extend() {
        let vars = [(Type::UINT, 0)];
        let minus_one = bin(BinOp::Sub, Expr::Var(VarId(0)), Expr::int(1, Type::UINT), Type::UINT);
        assert_eq!(eval(&minus_one, &vars), (-1, 32));
        // (unsigned long)(0u - 1) is 4294967295, not -1: zero extension.
        let widened = Expr::Cast { ty: Type::ULONG, arg: Box::new(minus_one.clone()) };
        assert_eq!(eval(&widened, &vars), (0xffff_ffff, 64));
        // (long)(-1) is -1: sign extension.
        let vars = [(Type::INT, -1)];
        assert_eq!(eval(&Expr::Cast { ty: Type::LONG, arg: var(0) }, &vars), (-1, 64));
        // (char)300 == 44.
        let vars = [(Type::INT, 300)];
        let char_ty = Type::Int { bits: 8, signed: true };
        assert_eq!(eval(&Expr::Cast { ty: char_ty, arg: var(0) }, &vars), (44, 8));
    }

    #[test]
    fn shifts_keep_the_left_type_and_negation_wraps() {
        // 1u << 31 is the top bit; a right shift of a negative int is arithmetic.
        let vars = [(Type::UINT, 1), (Type::INT, -8)];
        let shl = bin(BinOp::Shl, Expr::Var(VarId(0)), Expr::int(31, Type::LONG), Type::UINT);
        assert_eq!(eval(&shl, &vars), (i128::from(i32::MIN), 32));
        let shr = bin(BinOp::Shr, Expr::Var(VarId(1)), Expr::int(1, Type::INT), Type::INT);
        assert_eq!(eval(&shr, &vars), (-4, 32));
        let neg = Expr::Unary { op: UnOp::Neg, arg: var(1), ty: Type::INT };
        assert_eq!(eval(&neg, &vars), (8, 32));
        let not = Expr::Unary { op: UnOp::BitNot, arg: var(0), ty: Type::UINT };
        assert_eq!(eval(&not, &vars), (-2, 32));
    }

    #[test]
    fn logical_operators_select_and_addresses() {
        let vars = [(Type::INT, 3), (Type::INT, 0)];
        let and = bin(BinOp::LAnd, Expr::Var(VarId(0)), Expr::Var(VarId(1)), Type::INT);
        assert_eq!(eval(&and, &vars), (0, 32));
        let or = bin(BinOp::LOr, Expr::Var(VarId(0)), Expr::Var(VarId(1)), Type::INT);
        assert_eq!(eval(&or, &vars), (1, 32));
        let select =
            Expr::Select { cond: var(1), then: var(0), els: Box::new(Expr::Builtin(Builtin::WarpSize)), ty: Type::INT };
        assert_eq!(eval(&select, &vars), (5, 32));
        let addr = Expr::Addr {
            base: Box::new(Base::Local(VarId(0))),
            offset: Box::new(bin(BinOp::Mul, Expr::Var(VarId(0)), Expr::int(4, Type::INT), Type::INT)),
            ty: Type::Ptr(Box::new(Type::INT)),
        };
        assert_eq!(eval(&addr, &vars), (0x100c, 64));
    }

    #[test]
    fn floats_are_unmodelled_and_say_so() {
        let mut c = Concrete { vars: vec![(Type::Float { bits: 32 }, 0)], opaque: Vec::new() };
        let lt =
            bin(BinOp::Lt, Expr::Var(VarId(0)), Expr::Float { value: 1.0, ty: Type::Float { bits: 32 } }, Type::Bool);
        let _ = c.value(&(), &lt);
        assert_eq!(c.opaque, vec![unmodelled::FLOAT_COMPARISON]);
    }
}
