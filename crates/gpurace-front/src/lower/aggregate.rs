//! Objects initialised whole: braced lists and constructor arguments written
//! into a local object, temporaries made from a braced list used as a value,
//! members a binding constructor sets, and host arrays of kernel-argument
//! pointers. Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{Base, Expr, Space, Span, Stmt, Type, VarId, VarKind};

use super::{add_offset, convert, strip_casts, strip_parens, FnLower, Place};
use crate::ast::Node;

impl FnLower<'_, '_> {
    /// The members of a local object whose constructor only binds them
    /// (objects.rs) hold what it binds them to. Its arguments are not read
    /// again: a constructor taking `T &` (`atomic_ref(a[i])`) is not a copy.
    pub(super) fn init_bound_members(&mut self, place: &Place, fields: &super::objects::Fields, span: Span) {
        let Type::Record { name, .. } = &place.ty else { return };
        let Some(record) = self.types.record(name) else { return };
        for f in record.fields {
            let Some(lv) = fields.get(&f.name).cloned() else { continue };
            let value = self.load(lv, span);
            let sub = Place { offset: add_offset(&place.offset, f.offset), ty: f.ty.clone(), ..place.clone() };
            self.write(&sub, convert(value, &f.ty), span);
        }
    }

    /// Remembers the objects a host array of pointers is initialised with
    /// (`void *args[] = {&n, &p};`), for `cudaLaunchKernel`'s arguments.
    pub(super) fn remember_arg_array(&mut self, array: VarId, init: &Node) {
        let init = strip_parens(init);
        if init.kind != "InitListExpr" || !init.ty().contains("void *") {
            return;
        }
        let mut objects = Vec::new();
        for c in &init.children {
            let e = strip_casts(c);
            if e.kind != "UnaryOperator" || e.last_quoted() != "&" {
                return;
            }
            let lv = self.lvalue(e.kid(0));
            objects.push(lv);
        }
        self.arg_arrays.insert(array, objects);
    }

    /// The struct or array type of a braced list used as a value.
    pub(super) fn temporary_aggregate_type(&mut self, n: &Node) -> Option<Type> {
        if n.kind != "InitListExpr" {
            return None;
        }
        let ty = self.types.parse(n.ty());
        matches!(ty, Type::Record { .. } | Type::Array { len: Some(_), .. }).then_some(ty)
    }

    /// A braced list used as a value (`f({x, 1.0f})`, `plus<float>{}`): a
    /// temporary object initialised from it, as C++ makes one.
    pub(super) fn temporary_aggregate(&mut self, n: &Node) -> Option<Place> {
        let ty = self.temporary_aggregate_type(n)?;
        let span = self.span(n);
        let v = self.new_var("braced", ty.clone(), VarKind::Temp, span);
        self.emit(Stmt::Decl { var: v, init: None });
        let (base, space) = if self.is_host() { (Base::Host(v), Space::Host) } else { (Base::Local(v), Space::Local) };
        let place = Place { base, space, offset: Expr::int(0, Type::LONG), ty, name: "braced".into(), volatile: false };
        self.init_aggregate(&place, n);
        Some(place)
    }

    /// Writes an initialiser list or constructor arguments into a local object.
    pub(super) fn init_aggregate(&mut self, place: &Place, init: &Node) {
        let init = strip_parens(init);
        let span = self.span(init);
        match init.kind.as_str() {
            "InitListExpr" => {
                let elems: Vec<(u64, Type)> = match &place.ty {
                    Type::Array { elem, len } => {
                        let size = elem.size().unwrap_or(0);
                        (0..len.unwrap_or(init.children.len() as u64)).map(|i| (i * size, (**elem).clone())).collect()
                    }
                    Type::Record { name, .. } => self
                        .types
                        .record(name)
                        .map(|r| r.fields.iter().map(|f| (f.offset, f.ty.clone())).collect())
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                for (child, (off, ty)) in init.children.iter().filter(|c| c.kind != "array_filler:").zip(elems) {
                    let sub = Place { offset: add_offset(&place.offset, off), ty: ty.clone(), ..place.clone() };
                    if matches!(ty, Type::Array { .. } | Type::Record { .. }) {
                        self.init_aggregate(&sub, child);
                    } else {
                        let v = self.rvalue(child);
                        self.write(&sub, convert(v, &ty), span);
                    }
                }
            }
            "CXXConstructExpr" | "CXXTemporaryObjectExpr" if init.kind == "CXXConstructExpr" || self.is_host() => {
                if self.thread_construct(init) {
                    return;
                }
                let args: Vec<&Node> = init.children.iter().collect();
                let copy = args.len() == 1 && crate::ast::quoted(&init.text).last().is_some_and(|s| s.contains('&'));
                let vector = matches!(&place.ty, Type::Record { name, .. } if super::objects::VECTOR_RECORDS.contains(&name.as_str()));
                // In host code, a constructor with a body runs on the object.
                if !copy && !vector && self.construct_at(place, init, span) {
                    return;
                }
                if args.is_empty() {
                    return;
                }
                let fields = match &place.ty {
                    Type::Record { name, .. } => self.types.record(name).map(|r| r.fields).unwrap_or_default(),
                    _ => Vec::new(),
                };
                let ctor_text = init.text.clone();
                // A copy from another object of the same type.
                if args.len() == 1 && crate::ast::quoted(&ctor_text).last().is_some_and(|s| s.contains('&')) {
                    let src = self.lvalue(args[0]);
                    let v = self.load(src, span);
                    self.write(place, v, span);
                    return;
                }
                // Constructors of CUDA's vector types and dim3 set the fields
                // in order. Another constructor without a body (a library's)
                // leaves host objects unknown: its arguments need not be
                // the fields in order.
                let known = matches!(&place.ty, Type::Record { name, .. } if name == "dim3" || name == "uint3" || name.starts_with("make_"));
                if !known && self.is_host() {
                    return;
                }
                if !known && fields.len() < args.len() {
                    let e = self.unsupported(init, "constructor call is not modelled".into());
                    if let Expr::Unknown { reason, span, .. } = e {
                        self.emit(Stmt::Unknown { reason, span });
                    }
                    return;
                }
                for (a, f) in args.iter().zip(fields) {
                    // `dim3(16, 16)`: the sizes not given are 1 (older clangs print
                    // the default argument without its value).
                    let v = if known && a.kind == "CXXDefaultArgExpr" && a.children.is_empty() {
                        Expr::int(1, Type::UINT)
                    } else {
                        self.rvalue(a)
                    };
                    let sub = Place { offset: add_offset(&place.offset, f.offset), ty: f.ty.clone(), ..place.clone() };
                    self.write(&sub, convert(v, &f.ty), span);
                }
            }
            "ImplicitValueInitExpr" => {}
            _ => {
                let v = self.rvalue(init);
                self.write(place, v, span);
            }
        }
    }
}
