//! Objects whose constructor only binds members to its arguments: a handle
//! on storage the caller owns (CUB's `BlockReduce(temp_storage)`, which keeps
//! a reference to the `__shared__` storage), or a helper that records
//! `threadIdx.x` in its initializer list.
//!
//! The lowering does not build such an object: a method called on it
//! (`BlockReduce(temp).Sum(x)`, or `q.Sum(x)` on a local `q` constructed so)
//! is inlined with `this->member` bound to what the constructor's member
//! initializer binds it to: the argument's object for a reference member;
//! for a member held by value (a pointer, an index), a variable of its own
//! initialised with the argument's value or address, or with an initializer
//! that uses no parameter. Only constructors with an empty body
//! whose initializers are all of these forms qualify; anything else keeps
//! the general path (an opaque object).
//!
//! In host code, an object whose constructor has a body is built: the
//! constructor is inlined on the object (`construct_at`), so `struct Cfg {
//! int bs = 256; }` gives `cfg.bs == 256` and a user constructor's member
//! initializers and body set what they set.

use std::collections::HashMap;
use std::rc::Rc;

use gpurace_ir::{Expr, Span, Stmt, Type, VarKind};

use super::{convert, strip_casts, strip_parens, FnLower, LValue, Place};
use crate::ast::{quoted, Node};
use crate::lower::is_reference;

/// `this->member` of a bound object, by member name.
pub type Fields = Rc<HashMap<String, LValue>>;

impl<'a> FnLower<'a, '_> {
    /// The member bindings of the object `construct` (a `CXXConstructExpr`)
    /// builds, when its constructor qualifies; its arguments are lowered
    /// here, in the caller.
    pub(super) fn ctor_fields(&mut self, construct: &Node) -> Option<Fields> {
        let construct = strip_casts(construct);
        if !matches!(construct.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") {
            return None;
        }
        let ctor = self.constructor(construct)?;
        let params: Vec<&Node> = ctor.children.iter().filter(|c| c.kind == "ParmVarDecl").collect();
        let args: Vec<&Node> = construct.children.iter().collect();
        if params.len() != args.len() || params.is_empty() {
            return None;
        }
        let empty_body = ctor.children.iter().any(|c| c.kind == "CompoundStmt" && c.children.is_empty());
        if !empty_body {
            return None;
        }
        // Decided on the constructor's form first, so that nothing is
        // lowered for a constructor that does not qualify.
        if !self.qualifies(ctor, &params) {
            return None;
        }
        let mut fields = HashMap::new();
        for init in ctor.children.iter().filter(|c| c.kind == "CXXCtorInitializer") {
            // `CXXCtorInitializer Field 0x.. 'name' 'type'`; a base class
            // initializer has no `Field`.
            if !init.text.starts_with("Field") {
                return None;
            }
            let q = quoted(&init.text);
            let (Some(name), Some(ty)) = (q.first(), q.get(1)) else { return None };
            let value = init.children.first()?;
            let lv = self.bound_member(value, is_reference(ty), &params, &args)?;
            // A member held by value is a variable of its own: methods may
            // assign it (`__s = __s * 48271u`), and it lives as long as the
            // object.
            let lv = match lv {
                LValue::Value(v) => {
                    let ty = self.types.parse(ty);
                    if matches!(ty, Type::Record { .. } | Type::Array { .. } | Type::Opaque { .. }) {
                        return None;
                    }
                    let span = self.span(construct);
                    // A pointer member bound to an object's address (libcu++'s
                    // `atomic_ref(a[i])` keeps `&a[i]`) keeps that object, as a
                    // pointer variable does: only its offset is a variable, so
                    // accesses through it name the object and its memory space.
                    // Should a method point it at another object, the kernel is
                    // lowered again with the member a plain variable.
                    if let (Type::Ptr(_), Expr::Addr { base, offset, .. }) = (&ty, &v) {
                        if !self.dynamic_ptrs.contains(&construct.addr) {
                            let off = self.new_var(&format!("{name}.off"), Type::LONG, VarKind::Local, span);
                            self.mutable_vars.insert(off);
                            self.emit(Stmt::Decl { var: off, init: Some((**offset).clone()) });
                            let lv = LValue::Ptr { off, base: (**base).clone(), ty, decl: construct.addr };
                            fields.insert((*name).to_string(), lv);
                            continue;
                        }
                    }
                    let var = self.new_var(name, ty.clone(), VarKind::Local, span);
                    self.emit(Stmt::Decl { var, init: Some(convert(v, &ty)) });
                    LValue::Var(var)
                }
                other => other,
            };
            fields.insert((*name).to_string(), lv);
        }
        (!fields.is_empty()).then(|| Rc::new(fields))
    }

    /// Whether every member initializer of `ctor` is of a form
    /// `bound_member` binds: a parameter, the address of one (for a pointer
    /// member), or a scalar value that uses no parameter.
    fn qualifies(&mut self, ctor: &Node, params: &[&Node]) -> bool {
        let is_param = |n: &Node| {
            let n = strip_casts(n);
            n.kind == "DeclRefExpr"
                && n.referenced().is_some_and(|(k, a, _)| k == "ParmVar" && params.iter().any(|p| p.addr == a))
        };
        ctor.children.iter().filter(|c| c.kind == "CXXCtorInitializer").all(|init| {
            let q = quoted(&init.text);
            let (Some(ty), Some(value)) = (q.get(1), init.children.first()) else { return false };
            if !init.text.starts_with("Field") {
                return false;
            }
            let v = strip_casts(value);
            if is_reference(ty) {
                return is_param(v);
            }
            let scalar =
                !matches!(self.types.parse(ty), Type::Record { .. } | Type::Array { .. } | Type::Opaque { .. });
            let address_of_param =
                v.kind == "UnaryOperator" && v.last_quoted() == "&" && v.children.first().is_some_and(is_param);
            scalar && (is_param(v) || address_of_param || !mentions_param(v))
        })
    }

    /// What one member initializer binds the member to.
    fn bound_member(&mut self, value: &Node, reference: bool, params: &[&Node], args: &[&Node]) -> Option<LValue> {
        let v = strip_casts(value);
        let param = |n: &Node| -> Option<usize> {
            let (kind, addr, _) = strip_casts(n).referenced().filter(|_| strip_casts(n).kind == "DeclRefExpr")?;
            (kind == "ParmVar").then(|| params.iter().position(|p| p.addr == addr)).flatten()
        };
        if let Some(k) = param(v) {
            return Some(if reference { self.lvalue(args[k]) } else { LValue::Value(self.rvalue(args[k])) });
        }
        if v.kind == "UnaryOperator" && v.last_quoted() == "&" && !reference {
            let k = param(v.children.first()?)?;
            return match self.lvalue(args[k]) {
                LValue::Mem(p) => Some(LValue::Value(self.addr_of(p))),
                _ => None,
            };
        }
        if reference || mentions_param(v) {
            return None;
        }
        Some(LValue::Value(self.rvalue(v)))
    }

    /// The constructor a construction expression calls: the record of its
    /// type, and among its constructors the one with the expression's
    /// signature (`'void (TempStorage &)'`), with a body.
    fn constructor(&mut self, construct: &Node) -> Option<&'a Node> {
        let sig = quoted(&construct.text).last().copied()?;
        let name = match self.types.parse(construct.ty()) {
            gpurace_ir::Type::Record { name, .. } => name,
            gpurace_ir::Type::Opaque { name, .. } => name,
            _ => return None,
        };
        let record = self.ix.records_by_name.get(&name)?;
        record
            .children
            .iter()
            .find(|c| c.kind == "CXXConstructorDecl" && c.decl_name_and_type().1 == sig && c.has_child("CompoundStmt"))
    }

    /// Whether `construct` calls a constructor that binds a reference member
    /// (a handle on its argument, not a copy of it).
    pub(super) fn binds_reference(&mut self, construct: &Node) -> bool {
        self.constructor(construct).is_some_and(|c| {
            c.children.iter().any(|i| {
                i.kind == "CXXCtorInitializer"
                    && i.text.starts_with("Field")
                    && quoted(&i.text).get(1).is_some_and(|t| is_reference(t))
            })
        })
    }

    /// The members of a copy of a bound object passed by value
    /// (`LoadDirectStriped(tid, it, items)` with `it` a CUB iterator): a
    /// value member is a fresh variable holding the original's value, so the
    /// copy's changes stay its own, and a pointer member keeps its object;
    /// reference members are shared. `None` when `arg` is not a copy of a
    /// local or parameter bound so.
    pub(super) fn copied_fields(&mut self, arg: &Node, span: Span) -> Option<Fields> {
        let mut a = strip_casts(arg);
        // The copy constructor's argument, of the same type.
        if a.kind == "CXXConstructExpr" && a.children.len() == 1 {
            let inner = strip_casts(&a.children[0]);
            let plain = |t: &str| t.trim().trim_start_matches("const ").trim().to_string();
            if plain(inner.ty()) != plain(a.ty()) {
                return None;
            }
            a = inner;
        }
        if a.kind != "DeclRefExpr" {
            return None;
        }
        let fields = self.fields_of(a)?;
        let mut names: Vec<&String> = fields.keys().collect();
        names.sort();
        let mut copy = HashMap::new();
        for name in names {
            let lv = match &fields[name] {
                LValue::Ptr { off, base, ty, decl } => {
                    let v = self.new_var(&format!("{name}.off"), Type::LONG, VarKind::Local, span);
                    self.mutable_vars.insert(v);
                    self.emit(Stmt::Decl { var: v, init: Some(Expr::Var(*off)) });
                    LValue::Ptr { off: v, base: base.clone(), ty: ty.clone(), decl: *decl }
                }
                LValue::Var(var) => {
                    let ty = self.vars.get(var.0 as usize).map(|x| x.ty.clone()).unwrap_or(Type::INT);
                    let v = self.new_var(name, ty, VarKind::Local, span);
                    self.mutable_vars.insert(v);
                    self.emit(Stmt::Decl { var: v, init: Some(Expr::Var(*var)) });
                    LValue::Var(v)
                }
                other => other.clone(),
            };
            copy.insert(name.clone(), lv);
        }
        Some(Rc::new(copy))
    }

    /// The bound members of the object `obj` names: `this` in an inlined
    /// method of a bound object, or a local constructed so.
    pub(super) fn fields_of(&self, obj: &Node) -> Option<Fields> {
        let s = strip_casts(obj);
        match s.kind.as_str() {
            "CXXThisExpr" => self.this_fields.last().cloned().flatten(),
            "DeclRefExpr" => s.referenced().and_then(|(_, addr, _)| self.object_fields.get(&addr).cloned()),
            _ => None,
        }
    }
}

impl<'a> FnLower<'a, '_> {
    /// `T x(args);`, `T x;` and `T x = T(args);` in host code, for a record
    /// whose constructor has a body: a user's, or the one clang defines for
    /// default member initializers (`struct Cfg { int bs = 256; }`) and
    /// members with constructors (a `dim3` member). The constructor runs on
    /// `place`, inlined: its member initializers, then its body. `T()` of a
    /// class without a user constructor zeroes the object first (clang says
    /// `zeroing`). Whether the construction was lowered so; else the caller
    /// decides.
    pub(super) fn construct_at(&mut self, place: &Place, construct: &Node, span: Span) -> bool {
        let construct = strip_parens(construct);
        if !self.is_host() || !matches!(construct.kind.as_str(), "CXXConstructExpr" | "CXXTemporaryObjectExpr") {
            return false;
        }
        let Type::Record { name, .. } = &place.ty else { return false };
        let name = name.clone();
        let Some(ctor) = self.constructor(construct) else { return false };
        if construct.text.contains(" zeroing") {
            self.zero_fill(place, span, 0);
        }
        let args: Vec<&Node> = construct.children.iter().collect();
        let _ = self.inline_as(ctor, &name, None, Some(LValue::Mem(place.clone())), &args, span, &Type::Void);
        true
    }

    /// A temporary of record type `ty` that `construct` builds in host code
    /// with a constructor that has a body (see `construct_at`).
    pub(super) fn constructed_temporary(&mut self, construct: &Node, ty: &Type) -> Option<Place> {
        let Type::Record { name, .. } = ty else { return None };
        if !self.is_host() || VECTOR_RECORDS.contains(&name.as_str()) || self.constructor(construct).is_none() {
            return None;
        }
        let span = self.span(construct);
        let v = self.new_var("temporary", ty.clone(), VarKind::Temp, span);
        self.emit(Stmt::Decl { var: v, init: None });
        let place = Place {
            base: gpurace_ir::Base::Host(v),
            space: gpurace_ir::Space::Host,
            offset: Expr::int(0, Type::LONG),
            ty: ty.clone(),
            name: "temporary".into(),
            volatile: false,
        };
        self.construct_at(&place, construct, span).then_some(place)
    }

    /// A constructor's member initializers (`: threads(256)`, and the
    /// default member initializers clang lists as `CXXDefaultInitExpr`), on
    /// the object `this` is bound to. Base classes' are not lowered (their
    /// members keep what the declaration left: unknown).
    pub(super) fn member_initializers(&mut self, ctor: &Node, span: Span) {
        let Some(Some(LValue::Mem(this))) = self.this_places.last().cloned() else { return };
        let Type::Record { name, .. } = &this.ty else { return };
        let Some(record) = self.types.record(name) else { return };
        for init in ctor.children.iter().filter(|c| c.kind == "CXXCtorInitializer" && c.text.starts_with("Field")) {
            let q = quoted(&init.text);
            let Some(field) = q.first().and_then(|n| record.fields.iter().find(|f| f.name == *n)) else { continue };
            let Some(mut value) = init.children.first() else { continue };
            if value.kind == "CXXDefaultInitExpr" {
                // The member's own initializer (older clangs print it only
                // in the record).
                match value.children.first().or_else(|| self.default_member_init(name, &field.name)) {
                    Some(v) => value = v,
                    None => continue,
                }
            }
            let sub = Place {
                offset: super::add_offset(&this.offset, field.offset),
                ty: field.ty.clone(),
                name: format!("{}.{}", this.name, field.name),
                ..this.clone()
            };
            if matches!(field.ty, Type::Record { .. } | Type::Array { .. }) {
                self.init_aggregate(&sub, value);
            } else {
                let v = self.rvalue(value);
                self.write(&sub, convert(v, &field.ty), span);
            }
        }
    }

    /// The default member initializer of `field` in the record `record`.
    fn default_member_init(&self, record: &str, field: &str) -> Option<&'a Node> {
        let r = self.ix.records_by_name.get(record)?;
        let decl = r.children.iter().find(|c| c.kind == "FieldDecl" && c.decl_name_and_type().0 == field)?;
        decl.children.iter().find(|c| !c.kind.ends_with("Attr") && c.kind != "FullComment")
    }

    /// Zero in every integer, float and pointer member of the object at
    /// `place` (nested records too; arrays are left as they are).
    fn zero_fill(&mut self, place: &Place, span: Span, depth: usize) {
        let Type::Record { name, .. } = &place.ty else { return };
        let Some(record) = self.types.record(name).filter(|_| depth < 4) else { return };
        for field in record.fields {
            let sub =
                Place { offset: super::add_offset(&place.offset, field.offset), ty: field.ty.clone(), ..place.clone() };
            match &field.ty {
                Type::Int { .. } | Type::Float { .. } | Type::Ptr(_) | Type::Bool => {
                    self.write(&sub, convert(Expr::int(0, Type::LONG), &field.ty), span);
                }
                Type::Record { .. } => self.zero_fill(&sub, span, depth + 1),
                _ => {}
            }
        }
    }
}

/// CUDA's vector types, whose constructors set their fields in order.
pub(super) const VECTOR_RECORDS: &[&str] = &["dim3", "uint3", "int3", "uint2", "int2", "uint4", "int4"];

/// Whether an expression refers to a parameter.
fn mentions_param(n: &Node) -> bool {
    (n.kind == "DeclRefExpr" && n.referenced().is_some_and(|(k, _, _)| k == "ParmVar"))
        || n.children.iter().any(mentions_param)
}
