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

use std::collections::HashMap;
use std::rc::Rc;

use gpurace_ir::{Expr, Span, Stmt, Type, VarKind};

use super::{convert, strip_casts, FnLower, LValue};
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

/// Whether an expression refers to a parameter.
fn mentions_param(n: &Node) -> bool {
    (n.kind == "DeclRefExpr" && n.referenced().is_some_and(|(k, _, _)| k == "ParmVar"))
        || n.children.iter().any(mentions_param)
}
