//! The host evaluation's values: the core evaluator (`gpurace_core::cexpr`)
//! with the host's hooks: variables of the current frame, parameters, calls
//! it models (`new T[n]`, `rand`), addresses of variables and allocations,
//! and a fresh named host value for everything else.

use super::{is_input, Evaluator, State, SLOT_BITS, VAR_SLOT};
use gpurace_core::c::{is_signed, width};
use gpurace_core::cexpr::{unmodelled, ExprEval};
use gpurace_core::term::{self as t, CmpOp, Leaf, T};
use gpurace_ir::{Base, Builtin, Expr, Type, VarId};

/// Host code evaluates expressions with the core evaluator: every value it
/// does not model is a fresh host value, named for the report.
impl<'p> ExprEval for Evaluator<'p> {
    type State = State;

    fn ty_of(&self, e: &Expr) -> Type {
        match e {
            Expr::Var(v) => self.var_ty(*v),
            Expr::Param(i) => self.frame().func.params.get(*i as usize).map_or(Type::INT, |p| p.ty.clone()),
            other => other.own_type().cloned().unwrap_or(Type::INT),
        }
    }

    fn var(&mut self, st: &State, var: VarId) -> T {
        match st.env.get(&var) {
            Some(value) => value.clone(),
            None => {
                let (name, ty) = (self.var_name(var), self.var_ty(var));
                self.unknown(&format!("{name} (uninitialised)"), &ty)
            }
        }
    }

    fn param(&mut self, _e: &Expr, index: u32) -> T {
        match self.frame().params.get(index as usize) {
            Some(v) => v.clone(),
            None => self.unknown("a parameter", &Type::INT),
        }
    }

    fn builtin(&mut self, e: &Expr, _b: Builtin) -> T {
        let ty = self.ty_of(e);
        self.unknown(unmodelled::VALUE, &ty)
    }

    fn place(&mut self, st: &State, e: &Expr) -> T {
        let ty = self.ty_of(e);
        // `d.rows` of a `struct` value (a by-value parameter, a copy).
        let mut path = String::new();
        let mut base = e;
        while let Expr::Field { value, field, .. } = base {
            path = format!(".{field}{path}");
            base = value;
        }
        if !path.is_empty() && !matches!(base, Expr::Field { .. }) {
            let whole = self.value(st, base);
            if let Some((field_ty, v)) = self.record_field(&whole, &path) {
                return gpurace_core::c::convert(&v, &field_ty, &ty);
            }
        }
        self.unknown(unmodelled::VALUE, &ty)
    }

    /// A signed product of two computed values: C gives an overflow no
    /// meaning, so where the product is computed it does not overflow
    /// (`width * height` in `int` keeps below 2^31). A fact under the
    /// condition that the statement runs, in a linear form solvers decide
    /// quickly (a square `a * a` fits exactly when `|a| <= isqrt(2^(w-1) -
    /// 1)`; for `a * b` at least one of them is that small) and exactly.
    fn product(&mut self, a: &T, b: &T, ty: &Type) -> Option<T> {
        if is_signed(ty) && a.as_const().is_none() && b.as_const().is_none() && (2..=64).contains(&a.width) {
            let root = ((1u128 << (a.width - 1)) - 1).isqrt();
            let small = |x: &T| {
                let lo = t::cmp(CmpOp::Sle, &t::constant_i(-(root as i128), x.width), x);
                t::and(&lo, &t::cmp(CmpOp::Sle, x, &t::constant(root, x.width)))
            };
            let fits = if a == b { small(a) } else { t::or(&small(a), &small(b)) };
            // The exact fact too: nonlinear, so the solver asserts it only
            // when a model breaks it (a witness with `width * height` past
            // 2^31 is then asked again), and the linear one prunes early.
            let exact = t::cmp(CmpOp::SMulFits, a, b);
            for fits in [fits, exact] {
                let fact = t::implies(&self.alive_now, &fits);
                if !self.facts.contains(&fact) {
                    self.facts.push(fact);
                }
            }
        }
        None
    }

    fn call(&mut self, st: &State, _e: &Expr, func: &str, args: &[Expr], ty: &Type) -> T {
        if let Some(v) = self.math_call(st, func, args, ty) {
            return v;
        }
        if let Some(v) = self.vector_value(st, func, args, ty) {
            return v;
        }
        if let Some(v) = self.container_call(st, func, args, ty) {
            return v;
        }
        if func == "new" && args.len() == 1 {
            // `new T[n]`: n elements.
            let elem = match ty {
                Type::Ptr(elem) => elem.size().unwrap_or(1),
                _ => 1,
            };
            let count = self.value_as(st, &args[0], &Type::ULONG);
            let size = t::mul(&count, &t::constant(u128::from(elem), 64));
            // The expression has no location of its own: the function's.
            let span = self.frame().func.span;
            return self.allocate(st, size, span);
        }
        if let Some(v) = func.strip_prefix(gpurace_ir::FUNCTION_VALUE_PREFIX).and_then(|f| self.function_value(f)) {
            return v;
        }
        let name = format!("{func}(...)");
        let v = if is_input(func) { self.input(&name, ty) } else { self.unknown(&name, ty) };
        if let t::Node::Leaf(Leaf::Host(i)) = &v.node {
            self.renamable.insert(*i);
        }
        if func == "rand" && width(ty) == 32 {
            self.facts.push(t::cmp(CmpOp::Sle, &t::constant(0, 32), &v));
        }
        v
    }

    fn base(&mut self, st: &State, base: &Base) -> T {
        match base {
            Base::Host(v) | Base::Local(v) => {
                let slot = self.var_slot(*v);
                t::constant((VAR_SLOT + u128::from(slot)) << SLOT_BITS, 64)
            }
            Base::Dynamic(e) => {
                let v = self.value(st, e);
                t::resize(&v, 64, false)
            }
            Base::Global(g) if self.is_host_global(*g) => {
                let slot = self.global_slot(*g);
                t::constant((VAR_SLOT + u128::from(slot)) << SLOT_BITS, 64)
            }
            Base::Param { index, fields } if fields.is_empty() => {
                let v = self.value(st, &Expr::Param(*index));
                t::resize(&v, 64, false)
            }
            _ => self.unknown("an address", &Type::ULONG),
        }
    }

    fn opaque(&mut self, _e: &Expr, ty: &Type, what: &'static str) -> T {
        self.unknown(what, ty)
    }

    fn float_literal(&mut self, _e: &Expr, value: f64, ty: &Type) -> T {
        self.float_constant(value, ty)
    }

    fn float_op(&mut self, st: &State, _e: &Expr, op: &'static str, args: &[&Expr], ty: &Type) -> T {
        self.float_operation(st, op, args, ty)
    }

    /// Conversions the IR leaves implicit go through C's rules for floats
    /// too: a float's term holds its IEEE bits, which are not its value.
    fn value_as(&mut self, st: &State, e: &Expr, ty: &Type) -> T {
        let v = self.value(st, e);
        let from = self.ty_of(e);
        self.convert_value(&v, &from, ty)
    }

    fn enter_branch(&mut self, cond: &T) {
        self.branches.push(self.alive_now.clone());
        self.alive_now = t::and(&self.alive_now, cond);
    }

    fn leave_branch(&mut self) {
        if let Some(alive) = self.branches.pop() {
            self.alive_now = alive;
        }
    }
}
