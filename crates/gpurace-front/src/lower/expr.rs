//! Expressions: rvalues, lvalues and memory accesses, with C's pointer
//! arithmetic in bytes. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{Access, AccessKind, Base, BinOp, Builtin, Expr, HostFact, Span, Stmt, Type, UnOp, VarKind};

use super::calls::calls_named;
use super::{
    add_offset, convert, decl_ref, dim_of, fold, int_value, strip_casts, wrap, Binding, FnLower, LValue, Place,
};
use crate::ast::Node;
use crate::lower::types::is_volatile;

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

/// Splits a pointer value into its base and byte offset.
pub fn ptr_parts(e: &Expr) -> (Base, Expr) {
    match e {
        Expr::Addr { base, offset, .. } => ((**base).clone(), (**offset).clone()),
        Expr::Cast { arg, ty: Type::Ptr(_) } if arg_is_ptr(arg) => ptr_parts(arg),
        other => (Base::Dynamic(Box::new(other.clone())), Expr::int(0, Type::LONG)),
    }
}

fn arg_is_ptr(e: &Expr) -> bool {
    matches!(e, Expr::Addr { .. } | Expr::Cast { ty: Type::Ptr(_), .. })
}

impl FnLower<'_, '_> {
    /// Lowers an expression for its value, emitting the statements (reads,
    /// writes, inlined calls) it performs before the value is available.
    pub fn rvalue(&mut self, n: &Node) -> Expr {
        let span = self.span(n);
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
                let v = n.text.rsplit(' ').next().and_then(|t| t.parse().ok()).unwrap_or(f64::NAN);
                Expr::Float { value: v, ty }
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
                if n.children.len() == 1 && crate::ast::quoted(&n.text).last().is_some_and(|s| s.contains('&')) =>
            {
                self.rvalue(n.kid(0))
            }
            "StringLiteral" => Expr::Unknown {
                reason: "string literal".into(),
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
            "FunctionToPointerDecay" | "BuiltinFnToFnPtr" => self.unsupported(c, "function pointer value".into()),
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

    /// The address of a place (of its first element, for an array).
    pub(super) fn place_addr(&mut self, p: Place) -> Expr {
        Expr::Addr { base: Box::new(p.base), offset: Box::new(p.offset), ty: Type::Ptr(Box::new(p.ty)) }
    }

    pub(super) fn addr_of(&mut self, p: Place) -> Expr {
        let elem = match &p.ty {
            Type::Array { elem, .. } => (**elem).clone(),
            t => t.clone(),
        };
        Expr::Addr { base: Box::new(p.base), offset: Box::new(p.offset), ty: Type::Ptr(Box::new(elem)) }
    }

    /// Reads an lvalue: memory becomes a `Read` into a fresh variable.
    pub fn load(&mut self, lv: LValue, span: Span) -> Expr {
        match lv {
            LValue::Var(v) => Expr::Var(v),
            LValue::Value(e) => e,
            LValue::Ptr { off, base, ty, .. } => {
                Expr::Addr { base: Box::new(base), offset: Box::new(Expr::Var(off)), ty }
            }
            LValue::Mem(p) => {
                if matches!(p.ty, Type::Array { .. }) {
                    return self.addr_of(p);
                }
                let name = format!("{}.v", p.name.split(['.', '[']).next().unwrap_or("r"));
                let dst = self.new_var(&name, p.ty.clone(), VarKind::Read, span);
                let access = self.access(&p, AccessKind::Read, span);
                self.emit(Stmt::Read { dst, access });
                match &p.ty {
                    Type::Ptr(_) if !self.is_host() => Expr::Addr {
                        base: Box::new(Base::Dynamic(Box::new(Expr::Var(dst)))),
                        offset: Box::new(Expr::int(0, Type::LONG)),
                        ty: p.ty.clone(),
                    },
                    _ => Expr::Var(dst),
                }
            }
        }
    }

    pub fn access(&mut self, p: &Place, kind: AccessKind, span: Span) -> Access {
        let size = match p.ty.size() {
            Some(s) => s,
            None => {
                self.approximate = true;
                1
            }
        };
        Access {
            kind,
            space: p.space,
            base: p.base.clone(),
            offset: p.offset.clone(),
            size,
            ty: p.ty.clone(),
            name: p.name.clone(),
            span,
            volatile: p.volatile,
        }
    }

    pub fn write(&mut self, p: &Place, value: Expr, span: Span) {
        let access = self.access(p, AccessKind::Write, span);
        self.emit(Stmt::Write { access, value });
    }

    /// Assigns to an lvalue.
    pub fn store(&mut self, lv: &LValue, value: Expr, span: Span) {
        match lv {
            LValue::Var(v) => {
                let ty = self.vars.get(v.0 as usize).map(|x| x.ty.clone()).unwrap_or(Type::INT);
                self.emit(Stmt::Assign { var: *v, value: convert(value, &ty) });
            }
            LValue::Mem(p) => self.write(p, value, span),
            LValue::Ptr { off, base, decl, .. } => {
                let (b, o) = ptr_parts(&value);
                if &b == base {
                    self.emit(Stmt::Assign { var: *off, value: o });
                } else {
                    self.conflict = Some(*decl);
                }
            }
            LValue::Value(_) => {
                let e = Expr::Unknown { reason: "assignment to a read-only value".into(), span, ty: Type::Void };
                self.approximate = true;
                let _ = e;
                self.emit(Stmt::Unknown {
                    reason: "assignment to a value the lowering treats as read-only".into(),
                    span,
                });
            }
        }
    }

    /// Lowers an expression that denotes an object.
    pub fn lvalue(&mut self, n: &Node) -> LValue {
        let span = self.span(n);
        match n.kind.as_str() {
            "ParenExpr"
            | "MaterializeTemporaryExpr"
            | "CXXBindTemporaryExpr"
            | "ExprWithCleanups"
            | "SubstNonTypeTemplateParmExpr"
            | "ConstantExpr"
                if !n.children.is_empty() =>
            {
                let c = n.children.iter().rev().find(|c| c.kind != "value:");
                match c {
                    Some(c) => self.lvalue(c),
                    None => LValue::Value(self.unsupported(n, "empty expression".into())),
                }
            }
            "ImplicitCastExpr"
            | "CStyleCastExpr"
            | "CXXStaticCastExpr"
            | "CXXConstCastExpr"
            | "CXXReinterpretCastExpr"
            | "CXXFunctionalCastExpr"
                if matches!(n.cast_kind(), "NoOp" | "LValueBitCast" | "DerivedToBase" | "UncheckedDerivedToBase")
                    && n.text.contains("lvalue") =>
            {
                let mut lv = self.lvalue(n.kid(0));
                if let (LValue::Mem(p), "LValueBitCast") = (&mut lv, n.cast_kind()) {
                    p.ty = self.types.parse(n.ty());
                }
                lv
            }
            "DeclRefExpr" => self.decl_ref_lvalue(n, span),
            "ArraySubscriptExpr" => {
                let (b, i) = (n.kid(0), n.kid(1));
                let bv = self.rvalue(b);
                let iv = self.rvalue(i);
                // `i[a]` is legal C: the pointer may be either operand.
                let (ptr, idx) = if is_pointer_expr(&bv) || !is_pointer_expr(&iv) { (bv, iv) } else { (iv, bv) };
                let ty = self.types.parse(n.ty());
                self.deref(ptr, Some(idx), ty, n, span)
            }
            "UnaryOperator" if n.last_quoted() == "*" => {
                let v = self.rvalue(n.kid(0));
                let ty = self.types.parse(n.ty());
                self.deref(v, None, ty, n, span)
            }
            "UnaryOperator" if matches!(n.last_quoted(), "++" | "--") && n.text.contains("prefix") => {
                let _ = self.rvalue(n);
                self.lvalue(n.kid(0))
            }
            "MemberExpr" => self.member_lvalue(n, span),
            "CXXThisExpr" => match self.this_places.last().cloned().flatten() {
                Some(lv) => lv,
                None => LValue::Value(self.unsupported(n, "`this` outside an inlined method".into())),
            },
            "BinaryOperator" if n.last_quoted() == "=" || n.last_quoted() == "," => {
                if n.last_quoted() == "," {
                    let _ = self.rvalue(n.kid(0));
                    return self.lvalue(n.kid(1));
                }
                let _ = self.rvalue(n);
                self.lvalue(n.kid(0))
            }
            "CompoundAssignOperator" => {
                let _ = self.rvalue(n);
                self.lvalue(n.kid(0))
            }
            "CallExpr" | "CXXMemberCallExpr" | "CXXOperatorCallExpr" => {
                // A call returning a reference (`v[i]` on a vector, an accessor).
                let v = self.call(n, span);
                match v {
                    Expr::Addr { base, offset, ty } => {
                        let space = self.space_of(&base);
                        let ty = ty.pointee().cloned().unwrap_or(ty);
                        LValue::Mem(Place {
                            base: *base,
                            space,
                            offset: *offset,
                            ty,
                            name: "ref".into(),
                            volatile: false,
                        })
                    }
                    other => LValue::Value(other),
                }
            }
            "ConditionalOperator" => {
                // `(c ? a : b) = v` is rare: model the selected object dynamically.
                let v = self.rvalue(n);
                LValue::Value(v)
            }
            _ => {
                let v = self.rvalue(n);
                LValue::Value(v)
            }
        }
    }

    pub(super) fn decl_ref_lvalue(&mut self, n: &Node, span: Span) -> LValue {
        let Some((kind, addr, name)) = n.referenced() else {
            return LValue::Value(self.unsupported(n, "unresolved name".into()));
        };
        if let Some(Binding::LValue(lv)) = self.bindings.get(&addr) {
            return lv.clone();
        }
        match kind {
            "EnumConstant" => {
                let ty = self.types.parse(n.ty());
                match self.ix.enum_values.get(&addr) {
                    Some(v) => LValue::Value(Expr::Int { value: *v, ty }),
                    None => LValue::Value(Expr::Unknown { reason: format!("enum constant `{name}`"), span, ty }),
                }
            }
            "Var" => {
                if !self.is_host() {
                    if let Some(b) = builtin_var(name) {
                        return LValue::Value(Expr::Builtin(b));
                    }
                }
                if let Some(&g) = self.ix.globals.get(&addr) {
                    let global = &self.program.globals[g.0 as usize];
                    let ty = global.ty.clone();
                    let space = global.space;
                    return LValue::Mem(Place {
                        base: Base::Global(g),
                        space,
                        offset: Expr::int(0, Type::LONG),
                        ty,
                        name: name.to_string(),
                        volatile: is_volatile(n.ty()),
                    });
                }
                if matches!(name, "threadIdx" | "blockIdx" | "blockDim" | "gridDim") {
                    // Read through `.x` below; the object itself has no value.
                    return LValue::Value(Expr::Unknown {
                        reason: format!("`{name}`"),
                        span,
                        ty: Type::Opaque { name: name.into(), size: None },
                    });
                }
                // A namespace-scope host variable or a variable from a header.
                let ty = self.types.parse(n.ty());
                self.approximate |= !self.is_host();
                LValue::Value(Expr::Unknown { reason: format!("variable `{name}` outside the function"), span, ty })
            }
            _ => {
                let ty = self.types.parse(n.ty());
                LValue::Value(Expr::Unknown { reason: format!("{kind} `{name}`"), span, ty })
            }
        }
    }

    pub(super) fn member_lvalue(&mut self, n: &Node, span: Span) -> LValue {
        let Some((arrow, field)) = n.member() else {
            return LValue::Value(self.unsupported(n, "member expression".into()));
        };
        let field = field.to_string();
        let Some(obj) = n.children.first() else {
            return LValue::Value(self.unsupported(n, "member expression without object".into()));
        };
        // threadIdx.x and friends.
        if !self.is_host() && !arrow {
            if let Some((_, _, name)) = decl_ref(obj) {
                if let (Some(d), Some(b)) = (dim_of(&field), builtin_dim(name)) {
                    return LValue::Value(Expr::Builtin(b(d)));
                }
            }
        }
        let ty = self.types.parse(n.ty());
        let this_obj = strip_casts(obj).kind == "CXXThisExpr";
        let obj_lv = if arrow && this_obj {
            // `this->f` inside an inlined method: the object itself, whether
            // it lives in memory or is a by-value parameter.
            self.lvalue(strip_casts(obj))
        } else if arrow {
            let p = self.rvalue(obj);
            let pointee = match expr_type(&p) {
                Some(Type::Ptr(t)) => *t,
                _ => Type::Opaque { name: "?".into(), size: None },
            };
            self.deref(p, None, pointee, obj, span)
        } else {
            self.lvalue(obj)
        };
        match obj_lv {
            LValue::Mem(p) => {
                let rec = match &p.ty {
                    Type::Record { name, .. } => self.types.record(name),
                    _ => None,
                };
                match rec.and_then(|r| r.fields.into_iter().find(|f| f.name == field)) {
                    Some(f) => LValue::Mem(Place {
                        offset: add_offset(&p.offset, f.offset),
                        ty: f.ty,
                        name: format!("{}.{field}", p.name),
                        volatile: p.volatile || is_volatile(n.ty()),
                        ..p
                    }),
                    None => {
                        self.approximate = true;
                        LValue::Mem(Place {
                            ty,
                            name: format!("{}.{field}", p.name),
                            offset: Expr::Unknown {
                                reason: format!("offset of field `{field}`"),
                                span,
                                ty: Type::LONG,
                            },
                            ..p
                        })
                    }
                }
            }
            LValue::Value(v) => {
                // A field of a by-value struct (a kernel parameter).
                let value = match (&v, &ty) {
                    (Expr::Param(i), Type::Ptr(_)) => Expr::Addr {
                        base: Box::new(Base::Param { index: *i, fields: vec![field.clone()] }),
                        offset: Box::new(Expr::int(0, Type::LONG)),
                        ty: ty.clone(),
                    },
                    (Expr::Addr { base, .. }, Type::Ptr(_))
                        if matches!(**base, Base::Param { .. }) && !self.is_host() =>
                    {
                        let Base::Param { index, mut fields } = (**base).clone() else { unreachable!("matched above") };
                        fields.push(field.clone());
                        Expr::Addr {
                            base: Box::new(Base::Param { index, fields }),
                            offset: Box::new(Expr::int(0, Type::LONG)),
                            ty: ty.clone(),
                        }
                    }
                    _ => Expr::Field { value: Box::new(v), field, ty },
                };
                LValue::Value(value)
            }
            LValue::Var(v) => LValue::Value(Expr::Field { value: Box::new(Expr::Var(v)), field, ty }),
            LValue::Ptr { .. } => LValue::Value(self.unsupported(n, "member of a pointer variable".into())),
        }
    }

    /// `*(ptr + idx)` as a place.
    pub(super) fn deref(&mut self, ptr: Expr, idx: Option<Expr>, ty: Type, n: &Node, _span: Span) -> LValue {
        let (base, mut offset) = ptr_parts(&ptr);
        if let Some(i) = idx {
            let size = ty.size().unwrap_or_else(|| {
                self.approximate = true;
                1
            });
            offset = add_scaled(offset, i, size);
        }
        let space = self.space_of(&base);
        let name = place_name(&base, n, &self.params);
        LValue::Mem(Place { base, space, offset, ty, name, volatile: is_volatile(n.ty()) })
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
                let one = Expr::int(1, Type::INT);
                let new = self.arith(if op == "++" { "+" } else { "-" }, old.clone(), one, &ty, n);
                let prefix = n.text.contains("prefix");
                let result = if prefix {
                    new.clone()
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
        let (ap, bp) = (is_pointer_expr(&a), is_pointer_expr(&b));
        if (bop == BinOp::Add || bop == BinOp::Sub) && (ap ^ bp) {
            let (p, i) = if ap { (a, b) } else { (b, a) };
            let elem = match expr_type(&p) {
                Some(Type::Ptr(t)) => *t,
                _ => Type::Int { bits: 8, signed: true },
            };
            let size = elem.size().unwrap_or(1);
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
                    let size = match expr_type(&a) {
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
        if is_pointer_expr(&x) || is_pointer_expr(&y) {
            let t = self.new_var("sel", ty.clone(), VarKind::Temp, span);
            self.emit(Stmt::Decl { var: t, init: None });
            let mut then = pre_a;
            then.push(Stmt::Assign { var: t, value: x });
            let mut els = pre_b;
            els.push(Stmt::Assign { var: t, value: y });
            self.emit(Stmt::If { cond, then, els, span });
            return Expr::Var(t);
        }
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

fn builtin_var(name: &str) -> Option<Builtin> {
    (name == "warpSize").then_some(Builtin::WarpSize)
}

fn builtin_dim(name: &str) -> Option<fn(gpurace_ir::Dim) -> Builtin> {
    match name {
        "threadIdx" => Some(Builtin::ThreadIdx),
        "blockIdx" => Some(Builtin::BlockIdx),
        "blockDim" => Some(Builtin::BlockDim),
        "gridDim" => Some(Builtin::GridDim),
        _ => None,
    }
}

pub fn is_pointer_expr(e: &Expr) -> bool {
    matches!(expr_type(e), Some(Type::Ptr(_)))
}

/// The C type of an expression, where it is known.
pub fn expr_type(e: &Expr) -> Option<Type> {
    match e {
        Expr::Int { ty, .. }
        | Expr::Float { ty, .. }
        | Expr::Unary { ty, .. }
        | Expr::Binary { ty, .. }
        | Expr::Cast { ty, .. }
        | Expr::Select { ty, .. }
        | Expr::Addr { ty, .. }
        | Expr::Call { ty, .. }
        | Expr::Field { ty, .. }
        | Expr::Unknown { ty, .. } => Some(ty.clone()),
        Expr::Builtin(_) => Some(Type::UINT),
        _ => None,
    }
}

/// `offset + index * size`, in 64-bit bytes.
fn add_scaled(offset: Expr, index: Expr, size: u64) -> Expr {
    let idx = match &index {
        Expr::Int { value, .. } => Expr::int(*value, Type::LONG),
        _ if matches!(expr_type(&index), Some(Type::Int { bits: 64, .. })) => index,
        _ => Expr::Cast { ty: Type::LONG, arg: Box::new(index) },
    };
    let scaled = match fold(&idx) {
        Some(v) => Expr::int(v * i128::from(size), Type::LONG),
        None if size == 1 => idx,
        None => Expr::binary(BinOp::Mul, idx, Expr::int(i128::from(size), Type::LONG), Type::LONG),
    };
    match (fold(&offset), fold(&scaled)) {
        (Some(0), _) => scaled,
        (_, Some(0)) => offset,
        (Some(a), Some(b)) => Expr::int(a + b, Type::LONG),
        _ => Expr::binary(BinOp::Add, offset, scaled, Type::LONG),
    }
}

fn place_name(base: &Base, n: &Node, params: &[gpurace_ir::Param]) -> String {
    match base {
        Base::Param { index, fields } => {
            let mut s = params.get(*index as usize).map(|p| p.name.clone()).unwrap_or_else(|| format!("param{index}"));
            for f in fields {
                s.push('.');
                s.push_str(f);
            }
            s
        }
        _ => {
            fn first_name(n: &Node) -> Option<String> {
                if n.kind == "DeclRefExpr" {
                    return n.referenced().map(|(_, _, name)| name.to_string());
                }
                n.children.iter().find_map(first_name)
            }
            first_name(n).unwrap_or_else(|| "*".to_string())
        }
    }
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
        if let (true, Some(size)) = (n.ty().contains("vector<"), args.first()) {
            let span = self.span(n);
            if let Some(h) = self.host.as_mut() {
                let alloc =
                    gpurace_ir::Alloc { kind: gpurace_ir::AllocKind::Vector, target: None, size: size.clone(), span };
                h.facts.push(HostFact::Alloc(alloc));
            }
        }
        let takes_pointers = n.children.iter().any(|c| c.ty().contains('*') && !c.ty().starts_with("const "));
        if takes_pointers && !self.is_host() {
            return self.unsupported(n, format!("constructor of `{}` taking pointers", n.ty()));
        }
        Expr::Call { func: format!("construct {}", n.ty()), args, ty }
    }
}
