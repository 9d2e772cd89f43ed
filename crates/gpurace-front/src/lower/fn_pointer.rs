//! Calls whose callee is not a function named directly, in device code:
//! through a device function pointer (a parameter, a table in device
//! memory), and through a name a template leaves unresolved until it is
//! instantiated (`fabs(x)`, `hash(key)` in a template never instantiated).
//!
//! A device function pointer may hold the address of any device function
//! of its type whose address the program takes (gpurace sees the whole
//! program): the call is a choice among those, `p == &f ? f(..) : p == &g ?
//! g(..) : h(..)`, each inlined. A pointer of a type no such function has
//! is still a call gpurace does not model.

use std::collections::HashMap;

use gpurace_ir::{BinOp, Expr, Span, Stmt, Type, VarKind, FUNCTION_VALUE_PREFIX};

use super::{decl_ref, strip_casts, FnLower};
use crate::ast::Node;
use crate::lower::Index;

/// A function type as a key: `float (*)(float)` and `float (float)` alike,
/// without spaces.
pub(super) fn type_key(ty: &str) -> String {
    let ty = ty.replace("(*)", "").replace("__attribute__((device))", "");
    let ty = ty.replace("noexcept(true)", "").replace("noexcept", "").replace("throw()", "");
    ty.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Records every device function whose address the program takes (a use
/// that is not the callee of a call), by its type.
pub(crate) fn index_function_values<'a>(node: &'a Node, index: &mut Index<'a>) {
    let callee = matches!(node.kind.as_str(), "CallExpr" | "CUDAKernelCallExpr");
    for (i, child) in node.children.iter().enumerate() {
        if callee && i == 0 {
            continue;
        }
        if child.kind == "DeclRefExpr" {
            if let Some(("Function", addr, name)) = child.referenced() {
                let device = index.function(addr).is_some_and(|f| f.has_child("CUDADeviceAttr"));
                let canon = index.canonical(addr);
                let entry = index.function_values.entry(type_key(child.ty())).or_default();
                if device && !entry.iter().any(|(_, a)| *a == canon) {
                    entry.push((name.to_string(), canon));
                }
            }
        }
        index_function_values(child, index);
    }
}

/// The name and candidate declarations of an `UnresolvedLookupExpr`:
/// `'<overloaded function type>' lvalue (ADL) = 'fabs' 0x55.. 0x55..`.
fn unresolved(n: &Node) -> Option<(&str, Vec<u64>)> {
    let (_, rest) = n.text.split_once(" = '")?;
    let (name, addrs) = rest.split_once('\'')?;
    let addrs = addrs.split_whitespace().filter_map(|a| u64::from_str_radix(a.strip_prefix("0x")?, 16).ok()).collect();
    Some((name.rsplit("::").next().unwrap_or(name), addrs))
}

/// Whether `f` can be called with `arity` arguments: as many parameters,
/// or more whose last ones have default values.
fn accepts(f: &Node, arity: usize) -> bool {
    let params: Vec<&Node> = f.children.iter().filter(|c| c.kind == "ParmVarDecl").collect();
    let defaulted = |p: &&Node| p.children.iter().any(|c| !c.kind.ends_with("Attr"));
    params.len() >= arity && params[arity..].iter().all(defaulted)
}

impl<'a> FnLower<'a, '_> {
    /// The callee of a call a template leaves unresolved: the one candidate
    /// with a body and as many parameters as arguments (a function template's
    /// pattern included), else, when no candidate has a body, the name (a
    /// primitive or library function known by name). `None` when ambiguous.
    pub(super) fn unresolved_callee(&self, callee: &Node, arity: usize) -> Option<(String, u64)> {
        let c = strip_casts(callee);
        if c.kind != "UnresolvedLookupExpr" {
            return None;
        }
        let (name, addrs) = unresolved(c)?;
        let bodies: Vec<u64> =
            addrs.iter().copied().filter(|a| self.ix.function(*a).is_some_and(|f| accepts(f, arity))).collect();
        match bodies.as_slice() {
            [one] => Some((name.to_string(), *one)),
            [] if !addrs.iter().any(|a| self.ix.function(*a).is_some()) => {
                Some((name.to_string(), addrs.first().copied().unwrap_or(0)))
            }
            _ => None,
        }
    }

    /// The method a call on an object of a type a template decides names
    /// (`a->get(i)` in a template never instantiated): the one method of
    /// that name with a body and as many parameters in the program.
    pub(super) fn dependent_method(&self, member: &Node, arity: usize) -> Option<(String, u64)> {
        let name = member.text.rsplit(['>', '.']).next()?.trim();
        let candidates = self.ix.methods_by_name.get(name)?;
        let mut fitting = candidates.iter().filter(|m| accepts(m, arity));
        match (fitting.next(), fitting.next()) {
            (Some(one), None) => Some((name.to_string(), one.addr)),
            _ => None,
        }
    }

    /// In device code, the `__device__` overload with a body of a host
    /// declaration the call resolved to: clang's host-only parse picks the
    /// host `frexpf(float, int *)` in a `__host__ __device__` function where
    /// nvcc's device pass picks the device one.
    pub(super) fn device_overload(&self, addr: u64, name: &str, callee: Option<&Node>) -> Option<&'a Node> {
        if self.is_host() {
            return None;
        }
        // Most calls without a body have no device overload of their name:
        // ask the index by name before looking for the declaration.
        let overloads = self.ix.device_bodies.get(name)?;
        let canon = self.ix.canonical(addr);
        // The C library's declarations are not kept: the callee's type
        // stands for theirs.
        let decl = self.ix.declarations.iter().find(|d| self.ix.canonical(d.addr) == canon);
        if decl.is_some_and(|d| d.has_child("CUDADeviceAttr")) {
            return None;
        }
        let ty = match decl {
            Some(d) => d.decl_name_and_type().1,
            None => callee.map(|c| strip_casts(c).ty())?,
        };
        let key = type_key(ty);
        overloads.iter().copied().find(|f| type_key(f.decl_name_and_type().1) == key)
    }

    /// `f` decayed to a pointer, for a device function `f` in device code:
    /// the pure call `&f()`, one constant per function.
    pub(super) fn device_function_value(&self, n: &Node) -> Option<Expr> {
        if self.is_host() {
            return None;
        }
        let (kind, addr, name) = decl_ref(n)?;
        self.ix.function(addr).filter(|f| kind == "Function" && f.has_child("CUDADeviceAttr"))?;
        Some(Expr::Call {
            func: format!("{FUNCTION_VALUE_PREFIX}{name}"),
            args: Vec::new(),
            ty: Type::Ptr(Box::new(Type::Void)),
        })
    }

    /// A call through a device function pointer: a choice among the device
    /// functions of its type whose address the program takes. `None` when
    /// there is none.
    pub(super) fn call_through_pointer(&mut self, n: &Node, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        let callee = n.children.first()?;
        let key = type_key(strip_casts_to_pointer(callee).ty());
        let targets: Vec<(String, u64)> = self.ix.function_values.get(&key)?.clone();
        let bodies: Vec<(String, &Node)> =
            targets.iter().filter_map(|(name, addr)| Some((name.clone(), self.ix.function(*addr)?))).collect();
        if bodies.is_empty() {
            return None;
        }
        let pointer = self.rvalue(callee);
        let cond = |name: &str| {
            let address = Expr::Call {
                func: format!("{FUNCTION_VALUE_PREFIX}{name}"),
                args: Vec::new(),
                ty: Type::Ptr(Box::new(Type::Void)),
            };
            Expr::binary(BinOp::Eq, pointer.clone(), address, Type::Bool)
        };
        let conds: Vec<Expr> = bodies.iter().map(|(name, _)| cond(name)).collect();
        Some(self.choose(&bodies, &conds, args, span, ty))
    }

    /// A call a template leaves unresolved among several overloads of one
    /// name and arity (`hash(key)` with `hash(uint32)` and `hash(uint64)`,
    /// in a template never instantiated): a choice among them, each inlined,
    /// under a value that names which one the template's arguments choose.
    pub(super) fn call_overloads(&mut self, n: &Node, args: &[&Node], span: Span, ty: &Type) -> Option<Expr> {
        if self.is_host() {
            return None;
        }
        let c = strip_casts(n.children.first()?);
        if c.kind != "UnresolvedLookupExpr" {
            return None;
        }
        let (name, addrs) = unresolved(c)?;
        let bodies: Vec<(String, &Node)> = addrs
            .iter()
            .filter_map(|a| self.ix.function(*a))
            .filter(|f| accepts(f, args.len()))
            .map(|f| (name.to_string(), f))
            .collect();
        if bodies.len() < 2 {
            return None;
        }
        let which = Expr::Unknown {
            reason: format!("which overload of `{name}` the template's arguments choose"),
            span,
            ty: Type::INT,
        };
        let conds: Vec<Expr> = (0..bodies.len())
            .map(|i| Expr::binary(BinOp::Eq, which.clone(), Expr::int(i as i128, Type::INT), Type::Bool))
            .collect();
        Some(self.choose(&bodies, &conds, args, span, ty))
    }

    /// `conds[0] ? f0(args) : conds[1] ? f1(args) : ... : fn(args)`, each
    /// inlined on its own branch; the last is what none of the others is.
    fn choose(&mut self, bodies: &[(String, &Node)], conds: &[Expr], args: &[&Node], span: Span, ty: &Type) -> Expr {
        let dst = (*ty != Type::Void).then(|| self.new_var("(*).ret", ty.clone(), VarKind::Temp, span));
        if let Some(d) = dst {
            self.emit(Stmt::Decl { var: d, init: None });
        }
        let mut chain: Vec<Stmt> = Vec::new();
        for (i, (name, f)) in bodies.iter().enumerate().rev() {
            self.blocks.push(Vec::new());
            let v = self.inline(f, name, None, args, span, ty);
            if let Some(d) = dst {
                self.emit(Stmt::Assign { var: d, value: v });
            }
            let then = self.blocks.pop().unwrap_or_default();
            if i + 1 == bodies.len() {
                chain = then;
                continue;
            }
            chain = vec![Stmt::If { cond: conds[i].clone(), then, els: chain, span }];
        }
        for s in chain {
            self.emit(s);
        }
        dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void))
    }
}

/// The callee expression's pointer type: below the `LValueToRValue` cast, a
/// variable of type `op_t`, whose desugared type clang prints.
fn strip_casts_to_pointer(n: &Node) -> &Node {
    let s = strip_casts(n);
    if s.ty().contains("(*)") {
        s
    } else {
        n
    }
}

/// The device functions by type whose address the program takes.
pub(crate) type FunctionValues = HashMap<String, Vec<(String, u64)>>;
