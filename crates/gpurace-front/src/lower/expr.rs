//! Values: literals, casts, operators with C's pointer arithmetic, `?:`,
//! short-circuits and constructors. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{BinOp, Expr, HostFact, Span, Stmt, Type, UnOp, VarKind};

use super::calls::calls_named;
use super::places::{add_scaled, ptr_parts};
use super::{convert, fold, int_value, strip_casts, wrap, FnLower, LValue};
use crate::ast::Node;

fn bin_op(op: &str) -> Option<BinOp> {
    Some(match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Rem,
        "<<" => BinOp::Shl,
        ">>" => BinOp::Shr,
        "&" => BinOp::And,
        "|" => BinOp::Or,
        "^" => BinOp::Xor,
        "&&" => BinOp::LAnd,
        "||" => BinOp::LOr,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// Lowers an expression for its value, emitting the statements (reads,
    /// writes, inlined calls) it performs before the value is available.
    pub fn rvalue(&mut self, n: &Node) -> Expr {
        let span = self.span(n);
        // A thread constructed here runs its function here (`invoke.rs`);
        // the thread object itself is opaque.
        if matches!(n.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") && self.thread_construct(n) {
            let ty = self.types.parse(n.ty());
            return Expr::Call { func: format!("construct {}", n.ty()), args: Vec::new(), ty };
        }
        match n.kind.as_str() {
            "IntegerLiteral" | "CharacterLiteral" => {
                let ty = self.types.parse(n.ty());
                match int_value(&n.text) {
                    Some(v) => Expr::Int { value: v, ty },
                    None => self.unsupported(n, "integer literal out of range".into()),
                }
            }
            "CXXBoolLiteralExpr" => Expr::Int { value: i128::from(n.text.ends_with("true")), ty: Type::Bool },
            "FloatingLiteral" => {
                let ty = self.types.parse(n.ty());
                Expr::Float { value: self.ix.float_value(n).unwrap_or(f64::NAN), ty }
            }
            "CXXNullPtrLiteralExpr" | "GNUNullExpr" => Expr::int(0, Type::Ptr(Box::new(Type::Void))),
            "ImplicitValueInitExpr" | "CXXScalarValueInitExpr" => {
                let ty = self.types.parse(n.ty());
                Expr::Int { value: 0, ty }
            }
            "ConstantExpr" => {
                match n.children.iter().find(|c| c.kind == "value:").and_then(|v| v.text.strip_prefix("Int ")) {
                    Some(v) if v.trim().parse::<i128>().is_ok() => {
                        let ty = self.types.parse(n.ty());
                        Expr::Int { value: v.trim().parse().unwrap_or(0), ty }
                    }
                    _ => match n.children.iter().rev().find(|c| c.kind != "value:") {
                        Some(c) => self.rvalue(c),
                        None => self.unsupported(n, "empty constant expression".into()),
                    },
                }
            }
            "ParenExpr"
            | "ExprWithCleanups"
            | "MaterializeTemporaryExpr"
            | "CXXBindTemporaryExpr"
            | "SubstNonTypeTemplateParmExpr"
            | "CXXDefaultArgExpr"
            | "CXXDefaultInitExpr"
            | "FullExpr"
            | "OpaqueValueExpr"
            | "CXXFunctionalCastExpr"
                if !n.children.is_empty() =>
            {
                // `SubstNonTypeTemplateParmExpr` lists the parameter, then its value.
                let Some(c) = n.children.iter().rev().find(|c| !c.kind.ends_with("Decl")) else {
                    return self.unsupported(n, "empty expression".into());
                };
                if n.kind == "CXXFunctionalCastExpr" {
                    return self.cast(n, c);
                }
                self.rvalue(c)
            }
            k if k.ends_with("CastExpr") && !n.children.is_empty() => {
                let c = n.kid(0);
                self.cast(n, c)
            }
            "CXXThisExpr" => match self.this_places.last().cloned().flatten() {
                Some(LValue::Mem(p)) => self.addr_of(p),
                Some(other) => self.load(other, span),
                None => self.unsupported(n, "`this` outside an inlined method".into()),
            },
            "DeclRefExpr" | "MemberExpr" | "ArraySubscriptExpr" => {
                // An lvalue used as a value without a cast (arrays, records).
                let lv = self.lvalue(n);
                match lv {
                    LValue::Mem(p) if matches!(p.ty, Type::Array { .. }) => self.addr_of(p),
                    other => self.load(other, span),
                }
            }
            "UnaryOperator" => self.unary(n, span),
            "BinaryOperator" => self.binary(n, span),
            "CompoundAssignOperator" => {
                let op = n.last_quoted_op().trim_end_matches('=').to_string();
                let lv = self.lvalue(n.kid(0));
                let rhs = n
                    .children
                    .get(1)
                    .map(|c| self.rvalue(c))
                    .unwrap_or_else(|| self.unsupported(n, "malformed assignment".into()));
                let old = self.load(lv.clone(), span);
                let ty = self.types.parse(n.ty());
                let new = self.arith(&op, old, rhs, &ty, n);
                self.store(&lv, new.clone(), span);
                new
            }
            "ConditionalOperator" | "BinaryConditionalOperator" => self.conditional(n, span),
            "CallExpr" | "CXXMemberCallExpr" | "CXXOperatorCallExpr" | "CUDAKernelCallExpr" | "UserDefinedLiteral" => {
                self.call(n, span)
            }
            "UnaryExprOrTypeTraitExpr" => self.type_trait(n),
            "CXXConstructExpr" | "CXXTemporaryObjectExpr"
                if n.children.len() == 1
                    && crate::ast::quoted(&n.text).last().is_some_and(|s| s.contains('&'))
                    && !self.binds_reference(n) =>
            {
                self.rvalue(n.kid(0))
            }
            "StringLiteral" => Expr::Unknown {
                // The literal as clang spells it, for the program's run
                // (`strcmp(argv[i], "-n")`); no analysis computes it.
                reason: match n.text.find(" \"") {
                    Some(i) => format!("string literal {}", &n.text[i + 1..]),
                    None => "string literal".into(),
                },
                span,
                ty: Type::Ptr(Box::new(Type::Int { bits: 8, signed: true })),
            },
            "RecoveryExpr" => {
                // clang already reported the error; the value is unknown.
                for c in &n.children {
                    let _ = self.rvalue(c);
                }
                self.approximate = true;
                Expr::Unknown {
                    reason: "invalid expression".into(),
                    span,
                    ty: Type::Opaque { name: "<error>".into(), size: None },
                }
            }
            "LambdaExpr"
            | "CXXNewExpr"
            | "CXXDeleteExpr"
            | "CXXThrowExpr"
            | "InitListExpr"
            | "CXXConstructExpr"
            | "CXXTemporaryObjectExpr"
            | "CXXUnresolvedConstructExpr"
            | "UnresolvedLookupExpr"
            | "CXXDependentScopeMemberExpr"
            | "StmtExpr"
            | "VAArgExpr" => {
                if n.kind == "CXXDeleteExpr" && self.is_host() {
                    return Expr::int(0, Type::Void);
                }
                if matches!(n.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") {
                    return self.construct(n);
                }
                if n.kind == "CXXNewExpr" && self.is_host() {
                    return self.host_new(n, span);
                }
                if let Some(place) = self.temporary_aggregate(n) {
                    return self.load(LValue::Mem(place), span);
                }
                self.unsupported(n, format!("expression `{}` is not modelled", n.kind))
            }
            _ => self.unsupported(n, format!("expression `{}` is not modelled", n.kind)),
        }
    }

    pub(super) fn cast(&mut self, n: &Node, c: &Node) -> Expr {
        let span = self.span(n);
        let ty = self.types.parse(n.ty());
        match n.cast_kind() {
            "LValueToRValue" | "AtomicToNonAtomic" | "NonAtomicToAtomic" => {
                let lv = self.lvalue(c);
                self.load(lv, span)
            }
            "ArrayToPointerDecay" => match self.lvalue(c) {
                LValue::Mem(p) => self.addr_of(p),
                other => self.load(other, span),
            },
            "FunctionToPointerDecay" | "BuiltinFnToFnPtr" => {
                match self.host_function_value(c).or_else(|| self.device_function_value(c)) {
                    Some(f) => f,
                    None => self.unsupported(c, "function pointer value".into()),
                }
            }
            "NoOp"
            | "UserDefinedConversion"
            | "ConstructorConversion"
            | "DerivedToBase"
            | "UncheckedDerivedToBase"
            | "LValueBitCast" => {
                let v = self.rvalue(c);
                match (&v, &ty) {
                    (Expr::Addr { base, offset, .. }, Type::Ptr(_)) => {
                        Expr::Addr { base: base.clone(), offset: offset.clone(), ty }
                    }
                    _ => v,
                }
            }
            "BitCast" | "IntegralToPointer" | "NullToPointer" | "AddressSpaceConversion" => {
                let v = self.rvalue(c);
                match v {
                    Expr::Addr { base, offset, .. } => Expr::Addr { base, offset, ty },
                    other => Expr::Cast { ty, arg: Box::new(other) },
                }
            }
            "IntegralToBoolean" | "FloatingToBoolean" | "PointerToBoolean" | "MemberPointerToBoolean" => {
                let v = self.rvalue(c);
                let zero = match &v {
                    Expr::Float { ty, .. } => Expr::Float { value: 0.0, ty: ty.clone() },
                    _ => Expr::int(0, Type::LONG),
                };
                if let Some(x) = fold(&v) {
                    return Expr::Int { value: i128::from(x != 0), ty: Type::Bool };
                }
                Expr::binary(BinOp::Ne, v, zero, Type::Bool)
            }
            _ => {
                let v = self.rvalue(c);
                if let (Some(x), Type::Int { .. } | Type::Bool) = (fold(&v), &ty) {
                    if matches!(v, Expr::Int { .. }) {
                        return Expr::Int { value: wrap(x, &ty), ty };
                    }
                }
                if expr_type(&v).as_ref() == Some(&ty) {
                    return v;
                }
                Expr::Cast { ty, arg: Box::new(v) }
            }
        }
    }

    pub(super) fn unary(&mut self, n: &Node, span: Span) -> Expr {
        let op = n.last_quoted().to_string();
        let Some(c) = n.children.first() else { return self.unsupported(n, "unary operator without operand".into()) };
        let ty = self.types.parse(n.ty());
        match op.as_str() {
            "&" => match self.lvalue(c) {
                LValue::Mem(p) => {
                    let elem = p.ty.clone();
                    Expr::Addr { base: Box::new(p.base), offset: Box::new(p.offset), ty: Type::Ptr(Box::new(elem)) }
                }
                _ => self.unsupported(n, "address of a value that is not in memory".into()),
            },
            "*" => {
                let lv = self.lvalue(n);
                self.load(lv, span)
            }
            "++" | "--" => {
                let lv = self.lvalue(c);
                let old = self.load(lv.clone(), span);
                let one = match ty {
                    Type::Float { .. } => Expr::Float { value: 1.0, ty: ty.clone() },
                    _ => Expr::int(1, Type::INT),
                };
                let new = self.arith(if op == "++" { "+" } else { "-" }, old.clone(), one, &ty, n);
                let prefix = n.text.contains("prefix");
                let result = if prefix {
                    new.clone()
                } else if let (LValue::Ptr { base, .. }, Expr::Addr { offset, ty, .. }) = (&lv, &old) {
                    // `*p++`: the old address keeps its object; only its
                    // offset is saved before the pointer moves.
                    let t = self.new_var("old.off", Type::LONG, VarKind::Temp, span);
                    self.emit(Stmt::Decl { var: t, init: Some((**offset).clone()) });
                    Expr::Addr { base: Box::new(base.clone()), offset: Box::new(Expr::Var(t)), ty: ty.clone() }
                } else if let LValue::Var(_) | LValue::Ptr { .. } = lv {
                    // Keep the old value before the variable changes.
                    let t = self.new_var("old", ty.clone(), VarKind::Temp, span);
                    self.emit(Stmt::Decl { var: t, init: Some(old) });
                    Expr::Var(t)
                } else {
                    old
                };
                self.store(&lv, new, span);
                result
            }
            "-" => {
                let v = self.rvalue(c);
                match fold(&v) {
                    Some(x) if matches!(v, Expr::Int { .. }) => Expr::Int { value: wrap(-x, &ty), ty },
                    _ => Expr::Unary { op: UnOp::Neg, arg: Box::new(v), ty },
                }
            }
            "+" | "__extension__" => self.rvalue(c),
            "!" => {
                let v = self.rvalue(c);
                Expr::Unary { op: UnOp::Not, arg: Box::new(v), ty }
            }
            "~" => {
                let v = self.rvalue(c);
                Expr::Unary { op: UnOp::BitNot, arg: Box::new(v), ty }
            }
            _ => self.unsupported(n, format!("unary operator `{op}`")),
        }
    }

    pub(super) fn binary(&mut self, n: &Node, span: Span) -> Expr {
        let op = n.last_quoted().to_string();
        let (Some(l), Some(r)) = (n.children.first(), n.children.get(1)) else {
            return self.unsupported(n, "binary operator without operands".into());
        };
        let ty = self.types.parse(n.ty());
        match op.as_str() {
            "=" => {
                let lv = self.lvalue(l);
                let facts = self.host.as_ref().map_or(0, |h| h.facts.len());
                let v = self.rvalue(r);
                self.name_allocations(facts, &lv);
                let v = match &lv {
                    LValue::Mem(p) => convert(v, &p.ty),
                    _ => v,
                };
                self.store(&lv, v.clone(), span);
                v
            }
            "," => {
                let _ = self.rvalue(l);
                self.rvalue(r)
            }
            "&&" | "||" => {
                let a = self.rvalue(l);
                self.blocks.push(Vec::new());
                let b = self.rvalue(r);
                let pre = self.blocks.pop().unwrap_or_default();
                let bop = if op == "&&" { BinOp::LAnd } else { BinOp::LOr };
                if pre.is_empty() {
                    return Expr::binary(bop, a, b, Type::Bool);
                }
                // The right operand reads memory: only when the left allows it.
                let t = self.new_var("sc", Type::Bool, VarKind::Temp, span);
                self.emit(Stmt::Decl { var: t, init: Some(truthy(a)) });
                let mut then = pre;
                then.push(Stmt::Assign { var: t, value: truthy(b) });
                let cond = if op == "&&" {
                    Expr::Var(t)
                } else {
                    Expr::Unary { op: UnOp::Not, arg: Box::new(Expr::Var(t)), ty: Type::Bool }
                };
                self.emit(Stmt::If { cond, then, els: Vec::new(), span });
                Expr::Var(t)
            }
            ".*" | "->*" => self.unsupported(n, "pointer to member".into()),
            _ => {
                let a = self.rvalue(l);
                let b = self.rvalue(r);
                self.arith(&op, a, b, &ty, n)
            }
        }
    }

    /// Arithmetic with C's pointer rules: `p + i` scales by the element size,
    /// `p - q` divides by it.
    pub fn arith(&mut self, op: &str, a: Expr, b: Expr, ty: &Type, n: &Node) -> Expr {
        let Some(bop) = bin_op(op) else { return self.unsupported(n, format!("operator `{op}`")) };
        let (ap, bp) = (self.is_pointer(&a), self.is_pointer(&b));
        if (bop == BinOp::Add || bop == BinOp::Sub) && (ap ^ bp) {
            let (p, i) = if ap { (a, b) } else { (b, a) };
            let elem = match self.type_of(&p) {
                Some(Type::Ptr(t)) => *t,
                _ => Type::Int { bits: 8, signed: true },
            };
            let size = match elem.size() {
                Some(size) => size,
                None => {
                    let why = format!("size of {elem} is unknown: pointer arithmetic counts it as one byte");
                    let span = self.span(n);
                    self.approximation(span, why);
                    1
                }
            };
            let (base, off) = ptr_parts(&p);
            let i = if bop == BinOp::Sub { Expr::Unary { op: UnOp::Neg, arg: Box::new(i), ty: Type::LONG } } else { i };
            let result_ty = if ty.is_pointer() { ty.clone() } else { Type::Ptr(Box::new(elem)) };
            return Expr::Addr { base: Box::new(base), offset: Box::new(add_scaled(off, i, size)), ty: result_ty };
        }
        if ap && bp {
            let (ba, oa) = ptr_parts(&a);
            let (bb, ob) = ptr_parts(&b);
            if ba == bb {
                let diff = Expr::binary(BinOp::Sub, oa, ob, Type::LONG);
                if bop == BinOp::Sub {
                    let size = match self.type_of(&a) {
                        Some(Type::Ptr(t)) => t.size().unwrap_or(1),
                        _ => 1,
                    };
                    return Expr::binary(BinOp::Div, diff, Expr::int(i128::from(size), Type::LONG), ty.clone());
                }
                if bop.is_comparison() {
                    return Expr::binary(bop, diff, Expr::int(0, Type::LONG), ty.clone());
                }
            }
        }
        let e = Expr::binary(bop, a, b, ty.clone());
        if let (Expr::Binary { lhs, rhs, .. }, Type::Int { .. } | Type::Bool) = (&e, ty) {
            if matches!((&**lhs, &**rhs), (Expr::Int { .. }, Expr::Int { .. })) {
                if let Some(v) = fold(&e) {
                    return Expr::Int { value: v, ty: ty.clone() };
                }
            }
        }
        e
    }

    pub(super) fn conditional(&mut self, n: &Node, span: Span) -> Expr {
        let (Some(c), Some(a), Some(b)) = (n.children.first(), n.children.get(1), n.children.get(2)) else {
            return self.unsupported(n, "conditional operator".into());
        };
        // `assert(c)` expands to `c ? void(0) : __assert_fail(...)`.
        if calls_named(b, &["__assert_fail", "__assert_rtn", "_assert", "__assert"]) {
            // The condition is spelled by the user; the rest is the macro's.
            let span = self.span(strip_casts(c));
            let cond = self.rvalue(c);
            self.emit_assert(cond, span);
            return Expr::int(0, Type::Void);
        }
        let cond = self.rvalue(c);
        let ty = self.types.parse(n.ty());
        self.blocks.push(Vec::new());
        let x = self.rvalue(a);
        let pre_a = self.blocks.pop().unwrap_or_default();
        self.blocks.push(Vec::new());
        let y = self.rvalue(b);
        let pre_b = self.blocks.pop().unwrap_or_default();
        if pre_a.is_empty() && pre_b.is_empty() {
            return Expr::Select { cond: Box::new(cond), then: Box::new(x), els: Box::new(y), ty };
        }
        // An operand reads memory: only the chosen one may.
        let t = self.new_var("sel", ty.clone(), VarKind::Temp, span);
        self.emit(Stmt::Decl { var: t, init: None });
        let mut then = pre_a;
        then.push(Stmt::Assign { var: t, value: x });
        let mut els = pre_b;
        els.push(Stmt::Assign { var: t, value: y });
        self.emit(Stmt::If { cond, then, els, span });
        Expr::Var(t)
    }

    pub(super) fn emit_assert(&mut self, cond: Expr, span: Span) {
        if let Some(h) = self.host.as_mut() {
            h.facts.push(HostFact::Assert { cond: cond.clone(), span });
        }
        self.emit(Stmt::Assert { cond, span });
    }

    pub(super) fn type_trait(&mut self, n: &Node) -> Expr {
        let ty = self.types.parse(n.ty());
        let q = crate::ast::quoted(&n.text);
        let is_sizeof = n.text.contains("sizeof");
        let is_align = n.text.contains("alignof");
        let measured = if q.len() >= 2 {
            self.types.parse(q[q.len() - 1])
        } else if let Some(c) = n.children.first() {
            self.types.parse(c.ty())
        } else {
            return self.unsupported(n, "type trait".into());
        };
        let v = if is_sizeof {
            measured.size()
        } else if is_align {
            Some(measured.align())
        } else {
            None
        };
        match v {
            Some(v) => Expr::Int { value: i128::from(v), ty },
            None => self.unsupported(n, format!("size of `{}`", q.last().copied().unwrap_or("?"))),
        }
    }
}

pub(super) fn truthy(e: Expr) -> Expr {
    match &e {
        Expr::Binary { op, .. } if op.is_comparison() || matches!(op, BinOp::LAnd | BinOp::LOr) => e,
        _ => Expr::binary(BinOp::Ne, e, Expr::int(0, Type::INT), Type::Bool),
    }
}

impl FnLower<'_, '_> {
    /// The C type of an expression, variables and parameters included.
    fn type_of(&self, e: &Expr) -> Option<Type> {
        match e {
            Expr::Var(v) => self.vars.get(v.0 as usize).map(|x| x.ty.clone()),
            Expr::Param(i) => self.params.get(*i as usize).map(|p| p.ty.clone()),
            other => expr_type(other),
        }
    }

    fn is_pointer(&self, e: &Expr) -> bool {
        matches!(self.type_of(e), Some(Type::Ptr(_)))
    }
}

pub fn is_pointer_expr(e: &Expr) -> bool {
    matches!(expr_type(e), Some(Type::Ptr(_)))
}

/// The C type of an expression, where it is known.
pub fn expr_type(e: &Expr) -> Option<Type> {
    e.own_type().cloned()
}

impl FnLower<'_, '_> {
    /// A constructed object used as a value. Its value is opaque (a pure
    /// `construct T` call over the arguments) unless the record is empty
    /// (cooperative groups handles, tags), which has no state at all. A
    /// constructor that receives pointers could write through them: that is
    /// not modelled, and the kernel becomes approximate.
    pub(super) fn construct(&mut self, n: &Node) -> Expr {
        let ty = self.types.parse(n.ty());
        let args: Vec<Expr> = n.children.iter().map(|c| self.rvalue(c)).collect();
        let empty = match &ty {
            Type::Record { name, .. } => self.types.defs.get(name).is_some_and(|f| f.is_empty()),
            _ => false,
        };
        if empty && args.is_empty() {
            return Expr::Int { value: 0, ty };
        }
        // A host object whose constructor has a body, used as a value
        // (`p = Params(n)`): a temporary constructed in place, read whole.
        if let Some(place) = self.constructed_temporary(n, &ty) {
            let span = self.span(n);
            return self.load(LValue::Mem(place), span);
        }
        if let (true, Some(size)) = (n.ty().contains("vector<"), args.first()) {
            let span = self.span(n);
            if let Some(h) = self.host.as_mut() {
                let alloc =
                    gpurace_ir::Alloc { kind: gpurace_ir::AllocKind::Vector, target: None, size: size.clone(), span };
                h.facts.push(HostFact::Alloc(alloc));
            }
        }
        if let Some(v) = self.container_construct(n, &args, &ty) {
            return v;
        }
        let takes_pointers = n.children.iter().any(|c| c.ty().contains('*') && !c.ty().starts_with("const "));
        if takes_pointers && !self.is_host() {
            return self.unsupported(n, format!("constructor of `{}` taking pointers", n.ty()));
        }
        Expr::Call { func: format!("construct {}", n.ty()), args, ty }
    }
}
