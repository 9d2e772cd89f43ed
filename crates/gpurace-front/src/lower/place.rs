//! Places: lvalues, memory accesses and their byte addresses. `a[i]`,
//! `p->f`, `*(p + k)` and `threadIdx.x` become a base object, a byte offset
//! and an element type; reading or writing a place emits the access.
//! Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{Access, AccessKind, Base, BinOp, Builtin, Diagnostic, Expr, Severity, Span, Stmt, Type, VarKind};

use super::exprs::{expr_type, is_pointer_expr};
use super::{add_offset, convert, decl_ref, dim_of, fold, strip_casts, Binding, FnLower, LValue, Place};
use crate::ast::Node;
use crate::lower::types::is_volatile;

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
                let why = format!("size of {} is unknown: its accesses count as one byte", p.ty);
                self.approximation(span, why);
                1
            }
        };
        Access {
            id: Default::default(),
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
                let reason = "assignment to a value the lowering treats as read-only";
                if !self.is_host() {
                    self.approximate = true;
                    let diag = Diagnostic::new(Severity::Warning, "unsupported-construct", reason);
                    self.diags.push(self.program.diag_at(diag, span));
                }
                self.emit(Stmt::Unknown { reason: reason.into(), span });
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
                let mut ty = self.types.parse(n.ty());
                // In a template never instantiated, clang leaves the element
                // of an array of dependent length (`s[BLOCK]`) dependent: it
                // is the pointer's.
                if n.ty().contains("<dependent type>") {
                    if let Some(Type::Ptr(elem)) = expr_type(&ptr) {
                        if !matches!(*elem, Type::Opaque { .. } | Type::Void) {
                            ty = *elem;
                        }
                    }
                }
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
            "InitListExpr" if self.temporary_aggregate_type(n).is_some() => match self.temporary_aggregate(n) {
                Some(place) => LValue::Mem(place),
                None => LValue::Value(self.unsupported(n, "initializer list".into())),
            },
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
                        // The object is the callee's: named by its declaration.
                        let name = self.object_name(&base, n, true);
                        LValue::Mem(Place { base: *base, space, offset: *offset, ty, name, volatile: false })
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
            "Var" | "VarTemplateSpecialization" => {
                if !self.is_host() {
                    if let Some(b) = builtin_var(name) {
                        return LValue::Value(Expr::Builtin(b));
                    }
                }
                // A host variable is memory to host code only; device code
                // cannot see it (below).
                let global =
                    self.ix.globals.get(&addr).copied().filter(|g| {
                        self.is_host() || self.program.globals[g.0 as usize].space != gpurace_ir::Space::Host
                    });
                if let Some(g) = global {
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
                // A namespace-scope constant is its value.
                if let Some(&value) = self.ix.constants.get(&addr) {
                    let ty = self.types.parse(n.ty());
                    return LValue::Value(Expr::Int { value, ty });
                }
                // A namespace-scope host variable (a texture reference...):
                // device code cannot see its value.
                if self.is_host() {
                    let ty = self.types.parse(n.ty());
                    return LValue::Value(Expr::Unknown {
                        reason: format!("variable `{name}` outside the function"),
                        span,
                        ty,
                    });
                }
                LValue::Value(self.unsupported(n, format!("host variable `{name}` used in device code")))
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
        if let Some(lv) = self.fields_of(obj).and_then(|f| f.get(&field).cloned()) {
            return lv;
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
                        self.approximation(span, format!("offset of field `{field}` is unknown"));
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
                let value = match (param_path(&v), &ty) {
                    // `s.data` or `s.in.ptr` of a struct parameter: the pointer
                    // field is a base object of its own.
                    (Some((index, mut fields)), Type::Ptr(_)) if !self.is_host() => {
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
    pub(super) fn deref(&mut self, ptr: Expr, idx: Option<Expr>, ty: Type, n: &Node, span: Span) -> LValue {
        let (base, mut offset) = ptr_parts(&ptr);
        if let Some(i) = idx {
            let size = match ty.size() {
                Some(size) => size,
                None => {
                    let why = format!("size of {ty} is unknown: indexing counts it as one byte");
                    self.approximation(span, why);
                    1
                }
            };
            offset = add_scaled(offset, i, size);
        }
        let space = self.space_of(&base);
        // A shared or global object reached through a member of `this` (a
        // bound member, objects.rs) or inside the prelude (libcu++'s
        // `count.load()` on a `__device__` atomic) is named by its
        // declaration: the expression names only the method's locals.
        let declared = mentions_this(n) || self.call_site.is_some();
        let name = self.object_name(&base, n, declared);
        LValue::Mem(Place { base, space, offset, ty, name, volatile: is_volatile(n.ty()) })
    }

    /// The name reports give the object `base` that the expression `n`
    /// reaches: a shared or global object's declaration when `declared`
    /// (the expression names only a callee's locals), else the parameter
    /// or the first variable the expression names.
    pub(super) fn object_name(&self, base: &Base, n: &Node, declared: bool) -> String {
        match base {
            Base::Shared(id) if declared => self.shared.get(id.0 as usize).map(|v| v.name.clone()),
            Base::Global(id) if declared => self.program.globals.get(id.0 as usize).map(|g| g.name.clone()),
            _ => None,
        }
        .unwrap_or_else(|| place_name(base, n, &self.params))
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

/// `offset + index * size`, in 64-bit bytes.
pub(super) fn add_scaled(offset: Expr, index: Expr, size: u64) -> Expr {
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

fn mentions_this(n: &Node) -> bool {
    n.kind == "CXXThisExpr" || n.children.iter().any(mentions_this)
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

/// `p`, `p.a`, `p.a.b` of parameter `p`: its index and the field path.
fn param_path(e: &Expr) -> Option<(u32, Vec<String>)> {
    match e {
        Expr::Param(i) => Some((*i, Vec::new())),
        Expr::Field { value, field, .. } => {
            let (i, mut path) = param_path(value)?;
            path.push(field.clone());
            Some((i, path))
        }
        _ => None,
    }
}
