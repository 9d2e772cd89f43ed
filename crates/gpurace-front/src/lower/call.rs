//! Calls: dispatch to CUDA primitives recognised by name (`primitive.rs`),
//! inlining of functions with bodies, opaque calls (host-side launches and
//! calls are in `launch.rs`). Child module of `func`, sharing `FnLower`'s
//! state.

use gpurace_ir::{
    AccessKind, AtomicOp, BinOp, Diagnostic, Expr, Scope, Severity, Span, Stmt, Type, VarKind, FUNCTION_VALUE_PREFIX,
    INDIRECT_CALL,
};

use super::exprs::expr_type;
use super::primitives::linear_thread_id;
use super::{convert, decl_ref, strip_casts, strip_parens, Binding, FnLower, LValue, RefReturn, MAX_INLINE_DEPTH};
use crate::ast::Node;
use crate::lower::is_reference;

/// Functions whose effects do not matter to the analyses (output, timing).
const NO_EFFECT: &[&str] = &[
    "printf",
    "fprintf",
    "puts",
    "clock",
    "clock64",
    "__nanosleep",
    "__prof_trigger",
    "cudaGetLastError",
    "cudaPeekAtLastError",
];

/// The text of the string literal `n` is (through casts and parentheses),
/// its escapes undone; `None` when it is not one.
fn string_literal(n: &Node) -> Option<String> {
    let n = strip_casts(n);
    if n.kind != "StringLiteral" {
        return None;
    }
    let text = &n.text[n.text.find('"')? + 1..n.text.rfind('"')?];
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\u{7}'),
            Some('x') => {
                let mut v = 0u32;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(16)) {
                    v = v * 16 + d;
                    chars.next();
                }
                out.push(char::from_u32(v).unwrap_or('?'));
            }
            Some(d @ '0'..='7') => {
                let mut v = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(v).unwrap_or('?'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    Some(out)
}

impl FnLower<'_, '_> {
    /// `&f` (or `f` decayed to a pointer) for a user host function or a
    /// kernel `f`, in host code: a pure call `&f()` that the host evaluation
    /// turns into an address it can call through (or launch).
    pub(super) fn host_function_value(&self, n: &Node) -> Option<Expr> {
        let h = self.host.as_ref()?;
        let (kind, addr, _) = decl_ref(n)?;
        if kind != "Function" {
            return None;
        }
        let canon = self.ix.canonical(addr);
        let kernel = h.kernel_of.get(&canon).and_then(|k| self.program.kernels.get(*k)).map(|k| k.display_name());
        let name = h.user_names.get(&canon).cloned().or(kernel)?;
        Some(Expr::Call {
            func: format!("{FUNCTION_VALUE_PREFIX}{name}"),
            args: Vec::new(),
            ty: Type::Ptr(Box::new(Type::Void)),
        })
    }

    /// The function an argument names: a function, or a parameter of an
    /// inlined function bound to one.
    pub(super) fn function_target(&self, n: &Node) -> Option<(String, u64)> {
        let (kind, addr, name) = decl_ref(n)?;
        match kind {
            "Function" => Some((name.to_string(), addr)),
            "ParmVar" => self.fn_targets.get(&addr).cloned(),
            _ => None,
        }
    }

    // ----- calls --------------------------------------------------------------

    pub fn call(&mut self, n: &Node, span: Span) -> Expr {
        if n.kind == "CUDAKernelCallExpr" {
            if !self.is_host() {
                // The child grid runs concurrently with its parent: not modelled.
                let e = self.unsupported(n, "kernel launch from device code (dynamic parallelism)".into());
                self.emit(Stmt::Unknown { reason: "kernel launch from device code".into(), span });
                return e;
            }
            return self.launch(n, span);
        }
        let ty = self.types.parse(n.ty());
        // Callee and argument nodes.
        let (callee, this_obj, args): (Option<(String, u64)>, Option<&Node>, Vec<&Node>) = match n.kind.as_str() {
            "CXXMemberCallExpr" => {
                let m = n.children.first().map(strip_parens);
                match m {
                    Some(m) if m.kind == "MemberExpr" => {
                        let name = m.member().map(|(_, f)| f.to_string()).unwrap_or_default();
                        (Some((name, member_decl_addr(m))), m.children.first(), n.children.iter().skip(1).collect())
                    }
                    _ => (None, None, n.children.iter().skip(1).collect()),
                }
            }
            "CXXOperatorCallExpr" => {
                let r = n.children.first().and_then(decl_ref).map(|(_, a, name)| (name.to_string(), a));
                let rest: Vec<&Node> = n.children.iter().skip(1).collect();
                // Member operators take the object as the first operand.
                let is_method = n.children.first().and_then(decl_ref).is_some_and(|(k, _, _)| k == "CXXMethod");
                if is_method {
                    (r, rest.first().copied(), rest.into_iter().skip(1).collect())
                } else {
                    (r, None, rest)
                }
            }
            _ => {
                let callee = n.children.first().map(strip_casts);
                match callee {
                    // A static method called through an object: `g.sync()`
                    // (a member holding a function pointer is not one).
                    Some(m) if m.kind == "MemberExpr" && !m.ty().contains("(*)") => {
                        let name = m.member().map(|(_, f)| f.to_string()).unwrap_or_default();
                        (Some((name, member_decl_addr(m))), m.children.first(), n.children.iter().skip(1).collect())
                    }
                    // `a->get(i)` on an object whose type a template decides.
                    Some(m) if m.kind == "CXXDependentScopeMemberExpr" => {
                        let callee = self.dependent_method(m, n.children.len() - 1);
                        (callee, m.children.first(), n.children.iter().skip(1).collect())
                    }
                    _ => {
                        // Only a function named directly is a known callee; a
                        // variable holding a function pointer is not.
                        let r = n
                            .children
                            .first()
                            .and_then(decl_ref)
                            .filter(|(k, _, _)| matches!(*k, "Function" | "CXXMethod"))
                            .map(|(_, a, name)| (name.to_string(), a))
                            .or_else(|| n.children.first().and_then(|c| self.function_target(c)))
                            .or_else(|| {
                                n.children.first().and_then(|c| self.unresolved_callee(c, n.children.len() - 1))
                            });
                        (r, None, n.children.iter().skip(1).collect())
                    }
                }
            }
        };
        let Some((name, addr)) = callee else {
            if let Some(e) = self.call_overloads(n, &args, span, &ty) {
                return e;
            }
            let target = n.children.first().map(|c| self.rvalue(c));
            let vals: Vec<Expr> = args.iter().map(|a| self.arg_value(a)).collect();
            if let (true, Some(target)) = (self.is_host(), target) {
                // The host evaluation follows a pointer to a user function.
                let dst = (ty != Type::Void).then(|| self.new_var("(*).ret", ty.clone(), VarKind::Temp, span));
                if let Some(d) = dst {
                    self.emit(Stmt::Decl { var: d, init: None });
                }
                let args = std::iter::once(target).chain(vals).collect();
                self.emit(Stmt::Call { callee: INDIRECT_CALL.to_string(), args, dst, span });
                return dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void));
            }
            if let Some(e) = self.call_through_pointer(n, &args, span, &ty) {
                return e;
            }
            let what = match n.children.first().map(strip_casts) {
                // `f(x)` where `f`'s type is a template parameter (a functor,
                // a lambda) in a template analysed without its arguments.
                Some(c) if !c.ty().contains("(*)") && !c.ty().contains('(') => match decl_ref(c) {
                    Some((_, _, name)) => {
                        format!(
                            "call of `{name}`, whose type `{}` only an instantiation of the template decides",
                            c.ty()
                        )
                    }
                    None => format!("call through `{}`, which only an instantiation of a template decides", c.kind),
                },
                _ => "call through a function pointer".to_string(),
            };
            let e = self.unsupported(n, what.clone());
            if !self.is_host() {
                // The callee is unknown: it may do anything to memory.
                self.emit(Stmt::Unknown { reason: what, span });
            }
            return e;
        };
        // Older clangs print a default argument without its expression: take
        // it from the declaration that spells it.
        let args: Vec<&Node> = args
            .iter()
            .enumerate()
            .map(|(i, a)| match (a.kind.as_str(), a.children.is_empty()) {
                ("CXXDefaultArgExpr", true) => self.ix.default_argument(addr, i).unwrap_or(*a),
                _ => *a,
            })
            .collect();
        // An assignment operator without a body, or a defaulted trivial one
        // (a struct of structs: its body assigns member by member), copies
        // the whole object.
        let trivial = |f: &Node| f.text.contains(" default trivial");
        if name == "operator=" && self.ix.function(addr).is_none_or(trivial) {
            if let (Some(obj), Some(src)) = (this_obj, args.first()) {
                let lv = self.lvalue(obj);
                let v = self.rvalue(src);
                self.store(&lv, v.clone(), span);
                return v;
            }
        }
        // `std::forward` and `std::move` (no body: the standard library's
        // declarations are skipped) are their argument.
        let identity = matches!(name.as_str(), "forward" | "move") && args.len() == 1 && this_obj.is_none();
        if identity && self.ix.function(addr).is_none() {
            return match self.lvalue(args[0]) {
                LValue::Mem(p) => self.addr_of(p),
                other => self.load(other, span),
            };
        }
        // The library runs a callable it is given (`invoke.rs`).
        let library = self.is_library(addr);
        if let Some(e) = library.then(|| self.library_call(&name, this_obj, &args, span, &ty)).flatten() {
            return e;
        }
        if let Some(e) = self.primitive(&name, &args, span, &ty) {
            return e;
        }
        let callee_node = (this_obj.is_none() && n.kind == "CallExpr").then(|| n.children.first()).flatten();
        let body = self.ix.function(addr).or_else(|| self.device_overload(addr, &name, callee_node));
        let canon = self.ix.canonical(addr);
        // A lambda called where it is written (`[&] { ... }()`, a dispatch
        // macro's `go()`) is inlined in host code too: its body sees the
        // caller's variables it captures, and a launch inside is the
        // caller's.
        let lambda = this_obj.is_some_and(|o| strip_casts(o).ty().contains("(lambda at "));
        let user_host_fn = !lambda && self.host.as_ref().is_some_and(|h| h.user_functions.contains(&canon));
        if let (None, Some(obj)) = (body, this_obj) {
            if let Some(e) = self.container_method(&name, obj, &args, span) {
                return e;
            }
        }
        match body {
            Some(f) if lambda => self.inline_lambda(f, &args, span, &ty),
            Some(f) if !user_host_fn => self.inline(f, &name, this_obj, &args, span, &ty),
            _ => {
                // A user host method gets its object's address last (see
                // `function_body`); other methods only read the object.
                let method = user_host_fn && body.is_some_and(super::takes_this);
                let this_addr = match this_obj {
                    Some(obj) if method && strip_parens(obj).ty().trim_end().ends_with('*') => Some(self.rvalue(obj)),
                    Some(obj) if method => match self.lvalue(obj) {
                        LValue::Mem(p) => Some(self.addr_of(p)),
                        other => {
                            let _ = self.load(other, span);
                            Some(Expr::Unknown { reason: "the address of an object".into(), span, ty: Type::ULONG })
                        }
                    },
                    Some(obj) => {
                        let _ = self.rvalue(obj);
                        None
                    }
                    None => None,
                };
                let refs = if self.is_host() { self.ix.reference_params(addr) } else { Vec::new() };
                let mut vals: Vec<Expr> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| match refs.get(i) {
                        // A non-const reference parameter gets the address.
                        Some(true) => match self.lvalue(a) {
                            LValue::Mem(p) => self.addr_of(p),
                            other => self.load(other, span),
                        },
                        _ => self.arg_value(a),
                    })
                    .collect();
                vals.extend(this_addr);
                if self.is_host() {
                    if library {
                        self.run_handed_callables(&args, span);
                    }
                    return self.host_call(&name, addr, vals, span, &ty, user_host_fn);
                }
                if NO_EFFECT.contains(&name.as_str()) {
                    if name == "printf" {
                        let format = args.first().and_then(|a| string_literal(a)).unwrap_or_else(|| "(format)".into());
                        self.emit(Stmt::Print { format, args: vals.iter().skip(1).cloned().collect(), span });
                    }
                    return Expr::Call { func: name, args: Vec::new(), ty };
                }
                // cuRAND's device functions read and update the generator
                // state they are given: two threads sharing one state race.
                if name.starts_with("curand") || name.starts_with("skipahead") {
                    for (a, v) in args.iter().zip(&vals) {
                        let t = a.ty();
                        if !t.contains('*') || t.trim_start().starts_with("const ") {
                            continue;
                        }
                        let elem = match expr_type(v) {
                            Some(Type::Ptr(t)) => *t,
                            _ => continue,
                        };
                        if let LValue::Mem(place) = self.deref(v.clone(), None, elem, a, span) {
                            // An MTGP32 state is shared by the threads of one block by
                            // design (the generator synchronises them): an update
                            // atomic at block scope, which races across blocks only.
                            if matches!(&place.ty, Type::Record { name, .. } if name.contains("Mtgp32")) {
                                let kind = AccessKind::Atomic { op: AtomicOp::Exch, scope: Scope::Block };
                                let mut access = self.access(&place, kind, span);
                                // The generator's `offset` word, after its 1024 status words.
                                let word = Expr::int(4096, Type::LONG);
                                access.offset = Expr::binary(BinOp::Add, access.offset.clone(), word, Type::LONG);
                                access.size = 4;
                                access.ty = Type::UINT;
                                self.emit(Stmt::Atomic { dst: None, access, args: Vec::new() });
                                // It serves at most 256 threads: thread t owns status word
                                // t % 256, so threads 256 apart collide.
                                let mut slot = self.access(&place, AccessKind::Write, span);
                                let lane = Expr::binary(
                                    BinOp::Rem,
                                    linear_thread_id(),
                                    Expr::int(256, Type::UINT),
                                    Type::UINT,
                                );
                                let bytes = Expr::binary(BinOp::Mul, lane, Expr::int(4, Type::UINT), Type::UINT);
                                let bytes = Expr::Cast { ty: Type::LONG, arg: Box::new(bytes) };
                                slot.offset = Expr::binary(BinOp::Add, slot.offset.clone(), bytes, Type::LONG);
                                slot.size = 4;
                                slot.ty = Type::UINT;
                                self.emit(Stmt::Write { access: slot, value: Expr::int(0, Type::UINT) });
                                continue;
                            }
                            let read = self.access(&place, AccessKind::Read, span);
                            let dst = self.new_var(&format!("{name}.state"), place.ty.clone(), VarKind::Read, span);
                            self.emit(Stmt::Read { dst, access: read });
                            let write = self.access(&place, AccessKind::Write, span);
                            self.emit(Stmt::Write {
                                access: write,
                                value: Expr::Call {
                                    func: name.clone(),
                                    args: vec![Expr::Var(dst)],
                                    ty: place.ty.clone(),
                                },
                            });
                        }
                    }
                    return Expr::Call { func: name, args: vals, ty };
                }
                // `memcpy`/`memset` of a constant length: byte-range accesses.
                if let Some(e) = self.memory_builtin(&name, &args, &vals, span) {
                    return e;
                }
                // A device function without a body that receives a pointer to
                // non-const memory could write through it.
                let writes_memory = args.iter().any(|a| {
                    let t = a.ty();
                    t.contains('*') && !t.trim_start().starts_with("const ")
                });
                if writes_memory {
                    self.approximate = true;
                    self.diags.push(self.program.diag_at(
                        Diagnostic::new(
                            Severity::Warning,
                            "unsupported-construct",
                            format!("call to `{name}` without a body may write memory"),
                        ),
                        span,
                    ));
                    self.emit(Stmt::Unknown { reason: format!("call to `{name}`"), span });
                }
                if self.ix.user_declared(addr) && !self.externals.contains(&name) {
                    self.externals.push(name.clone());
                }
                Expr::Call { func: name, args: vals, ty }
            }
        }
    }

    pub(super) fn arg_value(&mut self, a: &Node) -> Expr {
        let s = strip_parens(a);
        if s.kind == "DeclRefExpr" && s.text.contains("lvalue") {
            // Passed by reference: its address.
            return match self.lvalue(s) {
                LValue::Mem(p) => self.addr_of(p),
                other => self.load(other, self.span(a)),
            };
        }
        self.rvalue(a)
    }

    /// Inlines a call to a function with a body.
    pub(super) fn inline(
        &mut self,
        f: &Node,
        name: &str,
        this_obj: Option<&Node>,
        args: &[&Node],
        span: Span,
        ty: &Type,
    ) -> Expr {
        // Not inlined (`inline_as` says why): the object is not lowered.
        let deep = self.inline_stack.contains(&f.addr) || self.inline_stack.len() >= MAX_INLINE_DEPTH;
        let this_obj = this_obj.filter(|_| !deep);
        // An object whose constructor only binds members is not built: its
        // methods see the bindings (objects.rs).
        let fields = this_obj.and_then(|o| self.fields_of(o).or_else(|| self.ctor_fields(o)));
        let this_lv = this_obj.filter(|_| fields.is_none()).map(|o| {
            let s = strip_parens(o);
            if s.text.contains("lvalue") || s.kind == "CXXThisExpr" {
                self.lvalue(s)
            } else if s.ty().ends_with('*') {
                let v = self.rvalue(s);
                let t = match expr_type(&v) {
                    Some(Type::Ptr(t)) => *t,
                    _ => Type::Opaque { name: "?".into(), size: None },
                };
                self.deref(v, None, t, s, span)
            } else {
                LValue::Value(self.rvalue(s))
            }
        });
        self.inline_as(f, name, fields, this_lv, args, span, ty)
    }

    /// Inlines `f` with `this` bound to `this_lv` (or its members to
    /// `fields`). A constructor first runs its member initializers.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn inline_as(
        &mut self,
        f: &Node,
        name: &str,
        fields: Option<super::objects::Fields>,
        this_lv: Option<LValue>,
        args: &[&Node],
        span: Span,
        ty: &Type,
    ) -> Expr {
        if self.inline_stack.contains(&f.addr) || self.inline_stack.len() >= MAX_INLINE_DEPTH {
            let vals: Vec<Expr> = args.iter().map(|a| self.arg_value(a)).collect();
            let reason = if self.inline_stack.contains(&f.addr) { "recursive call" } else { "call nested too deeply" };
            self.approximate = true;
            self.diags.push(self.program.diag_at(
                Diagnostic::new(
                    Severity::Warning,
                    "unsupported-construct",
                    format!("{reason} to `{name}` is not inlined"),
                ),
                span,
            ));
            let dst = (*ty != Type::Void).then(|| self.new_var("ret", ty.clone(), VarKind::Temp, span));
            if let Some(d) = dst {
                self.emit(Stmt::Decl { var: d, init: None });
            }
            self.emit(Stmt::Call { callee: name.to_string(), args: vals, dst, span });
            return dst.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void));
        }
        let params: Vec<&Node> = f.children.iter().filter(|c| c.kind == "ParmVarDecl").collect();
        let mut bound = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let (pname, pty_text) = p.decl_name_and_type();
            let is_ref = is_reference(pty_text);
            match args.get(i) {
                Some(a) if is_ref => {
                    let lv = self.lvalue(a);
                    bound.push((*p, pname, None, Some(lv)));
                }
                Some(a) => {
                    // A copy of a bound object keeps its members (objects.rs);
                    // another argument must not see an earlier call's.
                    match self.copied_fields(a, span) {
                        Some(fields) => self.object_fields.insert(p.addr, fields),
                        None => self.object_fields.remove(&p.addr),
                    };
                    let v = match self.function_target(a) {
                        Some(target) => {
                            // A function passed by pointer: calls through the
                            // parameter call it; the pointer's value is unused.
                            self.fn_targets.insert(p.addr, target);
                            Expr::int(0, Type::Ptr(Box::new(Type::Void)))
                        }
                        None => self.rvalue(a),
                    };
                    bound.push((*p, pname, Some(v), None));
                }
                None => {
                    // A default argument the call site did not spell out; an
                    // argument the library passes (`invoke.rs`) is unknown.
                    let d = p.children.iter().find(|c| !c.kind.ends_with("Attr"));
                    let v = match d {
                        Some(d) => self.rvalue(d),
                        None => self.passed_by_library(pname, pty_text, span),
                    };
                    bound.push((*p, pname, Some(v), None));
                }
            }
        }
        // A function returning a reference returns an object, not a value:
        // `return *this;` must not read the object.
        let by_ref = f.decl_name_and_type().1.split('(').next().is_some_and(|r| r.trim_end().ends_with('&'));
        self.inline_stack.push(f.addr);
        scan_mutations_into(f, &mut self.mutated, &mut self.addr_taken);
        let result = (*ty != Type::Void && !by_ref)
            .then(|| self.new_var(&format!("{name}.ret"), ty.clone(), VarKind::Temp, span));
        if let Some(r) = result {
            self.emit(Stmt::Decl { var: r, init: None });
        }
        self.blocks.push(Vec::new());
        for (p, pname, v, lv) in bound {
            match lv {
                Some(lv) => {
                    self.bindings.insert(p.addr, Binding::LValue(lv));
                }
                None => {
                    let ty = self.types.parse(p.decl_name_and_type().1);
                    let v = v.map(|v| convert(v, &ty));
                    self.bind_new(p, pname, ty, v, VarKind::Local, false);
                }
            }
        }
        self.ret_vars.push(if by_ref { None } else { result });
        self.ref_returns.push(by_ref.then(RefReturn::default));
        self.this_places.push(this_lv);
        self.this_fields.push(fields);
        let outer_site = self.call_site;
        if self.call_site.is_none() && self.ix.prelude_files.contains(&crate::ast::decl_file(f, self.ix.files)) {
            self.call_site = Some(span);
        }
        if f.kind == "CXXConstructorDecl" {
            self.member_initializers(f, span);
        }
        let scope = self.types.scope();
        if let Some(body) = f.children.iter().find(|c| c.kind == "CompoundStmt") {
            self.stmt(body);
        }
        self.types.end_scope(scope);
        self.call_site = outer_site;
        self.this_places.pop();
        self.this_fields.pop();
        self.ret_vars.pop();
        let returned = self.ref_returns.pop().flatten();
        self.inline_stack.pop();
        let mut body = self.blocks.pop().unwrap_or_default();
        if matches!(body.last(), Some(Stmt::Return(None))) {
            body.pop();
        }
        if let Some(r) = returned {
            self.emit(Stmt::Inlined { callee: name.to_string(), result: None, body, span });
            return match (r.value, r.conflict) {
                (Some(addr), false) => addr,
                _ => {
                    let why = format!("`{name}` returns a reference to different objects");
                    self.approximate = true;
                    let diag = Diagnostic::new(Severity::Warning, "unsupported-construct", why.clone());
                    self.diags.push(self.program.diag_at(diag, span));
                    Expr::Unknown { reason: why, span, ty: Type::Ptr(Box::new(ty.clone())) }
                }
            };
        }
        // A function that only computes its result from its parameters
        // (`size()`, `thread_rank()`, `ceil_div(a, b)`) is that expression:
        // a loop stepping by `g.size()` keeps its recognised shape, and the
        // address of a fixed object (`operator T *()` of the
        // `SharedMemory<T>` idiom, returning an `extern __shared__` array)
        // keeps its object and memory space in the caller's pointer.
        if let (Some(r), Some((Stmt::Assign { var, value }, decls))) = (result, body.split_last()) {
            if *var == r && decls.iter().all(|s| matches!(s, Stmt::Decl { .. })) {
                let value = value.clone();
                for d in decls {
                    self.emit(d.clone());
                }
                return value;
            }
        }
        self.emit(Stmt::Inlined { callee: name.to_string(), result, body, span });
        result.map(Expr::Var).unwrap_or(Expr::int(0, Type::Void))
    }
}

pub(super) fn scan_mutations_into(
    f: &Node,
    mutated: &mut std::collections::HashSet<u64>,
    addr_taken: &mut std::collections::HashSet<u64>,
) {
    super::scan_mutations(f, mutated, addr_taken);
}

pub(super) fn calls_named(n: &Node, names: &[&str]) -> bool {
    let s = strip_casts(n);
    if s.kind == "CallExpr" {
        if let Some((_, _, name)) = s.children.first().and_then(decl_ref) {
            return names.contains(&name);
        }
    }
    s.children.iter().any(|c| calls_named(c, names))
}

/// The address of the member a `MemberExpr` names (`.sync 0x55d0...`).
fn member_decl_addr(m: &Node) -> u64 {
    m.text.rsplit(' ').next().and_then(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok()).unwrap_or(0)
}
