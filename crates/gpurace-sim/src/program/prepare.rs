//! A host function made ready for the simulator's compiler: its parameters
//! become variables (an argument may hold no value, which a register can say
//! and a parameter cannot), the library calls inside expressions become
//! calls of their own (`n = atoi(argv[1])`: the executor runs them with the
//! memory), and its variables that live in memory get a place in its frame.

use std::collections::HashMap;

use gpurace_ir::{Base, Expr, HostFunction, Kernel, Loop, Span, Stmt, Type, Var, VarId, VarKind};

use super::library;

/// A host function as the compiler takes it.
pub struct Prepared {
    /// The function as a kernel without shared memory: its body, its
    /// variables (the parameters' first, then the lowering's, then the
    /// temporaries of hoisted calls).
    pub kernel: Kernel,
    /// Byte offset in the frame of each variable that lives in memory.
    pub frame: HashMap<u32, u64>,
    pub frame_bytes: u64,
    /// The launches' expressions with the parameters replaced, by launch.
    pub launches: HashMap<usize, LaunchExprs>,
}

/// A launch's expressions in the prepared function's variables.
pub struct LaunchExprs {
    pub grid: [Expr; 3],
    pub block: [Expr; 3],
    pub shmem: Option<Expr>,
    pub args: Vec<Expr>,
}

/// Prepares `f` for compilation; `launches` are the program's.
pub fn prepare(f: &HostFunction, launches: &[gpurace_ir::Launch]) -> Prepared {
    let offset = f.params.len() as u32;
    let mut vars: Vec<Var> = f
        .params
        .iter()
        .map(|p| Var { name: p.name.clone(), ty: p.ty.clone(), kind: VarKind::Local, span: f.span })
        .collect();
    vars.extend(f.vars.iter().cloned());
    let mut body = f.body.clone();
    renumber(&mut body, offset);
    let mut hoist = Hoist { vars, span: f.span };
    let body = hoist.block(body);
    let mut kernel = Kernel {
        name: f.name.clone(),
        template_args: String::new(),
        span: f.span,
        params: vec![gpurace_ir::Param { name: "frame".into(), ty: Type::Ptr(Box::new(Type::Void)) }],
        vars: hoist.vars,
        shared: Vec::new(),
        body,
        approximate: false,
        externals: Vec::new(),
    };
    let mut launch_exprs = HashMap::new();
    gpurace_ir::walk_stmts(&kernel.body, &mut |s| {
        if let Stmt::Launch { launch, .. } = s {
            if let Some(l) = launches.get(*launch) {
                let fix = |e: &Expr| {
                    let mut e = e.clone();
                    renumber_expr(&mut e, offset);
                    e
                };
                launch_exprs.insert(
                    *launch,
                    LaunchExprs {
                        grid: l.grid.clone().map(|e| fix(&e)),
                        block: l.block.clone().map(|e| fix(&e)),
                        shmem: l.shmem.as_ref().map(fix),
                        args: l.args.iter().map(fix).collect(),
                    },
                );
            }
        }
    });
    let (frame, frame_bytes) = frame_layout(&kernel, &launch_exprs);
    gpurace_ir::number_nodes(&mut kernel.body);
    Prepared { kernel, frame, frame_bytes, launches: launch_exprs }
}

/// Parameters to the variables `0..n`, the function's own variables after.
fn renumber(body: &mut [Stmt], offset: u32) {
    for stmt in body {
        renumber_stmt(stmt, offset);
    }
}

fn renumber_var(v: &mut VarId, offset: u32) {
    v.0 += offset;
}

fn renumber_base(b: &mut Base, offset: u32) {
    match b {
        Base::Host(v) | Base::Local(v) => renumber_var(v, offset),
        Base::Dynamic(e) => renumber_expr(e, offset),
        Base::Param { index, fields } if fields.is_empty() => *b = Base::Dynamic(Box::new(Expr::Var(VarId(*index)))),
        _ => {}
    }
}

fn renumber_expr(e: &mut Expr, offset: u32) {
    e.visit_mut(&mut |e| match e {
        Expr::Var(v) => renumber_var(v, offset),
        Expr::Param(i) => *e = Expr::Var(VarId(*i)),
        Expr::Addr { base, .. } => match base.as_mut() {
            Base::Host(v) | Base::Local(v) => renumber_var(v, offset),
            Base::Param { index, fields } if fields.is_empty() => {
                **base = Base::Dynamic(Box::new(Expr::Var(VarId(*index))))
            }
            _ => {}
        },
        _ => {}
    });
}

fn renumber_stmt(stmt: &mut Stmt, offset: u32) {
    let e = |e: &mut Expr| renumber_expr(e, offset);
    match stmt {
        Stmt::Decl { var, init } => {
            renumber_var(var, offset);
            if let Some(i) = init {
                e(i);
            }
        }
        Stmt::Assign { var, value } => {
            renumber_var(var, offset);
            e(value);
        }
        Stmt::Read { dst, access } => {
            renumber_var(dst, offset);
            renumber_base(&mut access.base, offset);
            e(&mut access.offset);
        }
        Stmt::Write { access, value } => {
            renumber_base(&mut access.base, offset);
            e(&mut access.offset);
            e(value);
        }
        Stmt::Atomic { dst, access, args } => {
            if let Some(d) = dst {
                renumber_var(d, offset);
            }
            renumber_base(&mut access.base, offset);
            e(&mut access.offset);
            args.iter_mut().for_each(e);
        }
        Stmt::If { cond, then, els, .. } => {
            e(cond);
            renumber(then, offset);
            renumber(els, offset);
        }
        Stmt::Loop(lp) => {
            if let Some(c) = &mut lp.cond {
                e(c);
            }
            for b in [&mut lp.init, &mut lp.cond_pre, &mut lp.body, &mut lp.step] {
                renumber(b, offset);
            }
        }
        Stmt::Switch { value, cases, .. } => {
            e(value);
            cases.iter_mut().for_each(|c| renumber(&mut c.body, offset));
        }
        Stmt::Return(Some(v)) => e(v),
        Stmt::Scope(b) => renumber(b, offset),
        Stmt::Inlined { result, body, .. } => {
            if let Some(r) = result {
                renumber_var(r, offset);
            }
            renumber(body, offset);
        }
        Stmt::WarpOp { dst, mask, args, .. } => {
            if let Some(d) = dst {
                renumber_var(d, offset);
            }
            e(mask);
            args.iter_mut().for_each(e);
        }
        Stmt::Assume { cond, .. } | Stmt::Assert { cond, .. } => e(cond),
        Stmt::Call { args, dst, .. } => {
            args.iter_mut().for_each(e);
            if let Some(d) = dst {
                renumber_var(d, offset);
            }
        }
        Stmt::Print { args, .. } => args.iter_mut().for_each(e),
        Stmt::Barrier { .. }
        | Stmt::Fence { .. }
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Return(None)
        | Stmt::Launch { .. }
        | Stmt::Exit { .. }
        | Stmt::Unknown { .. } => {}
    }
}

/// Moves the library calls out of expressions into statements of their own.
struct Hoist {
    vars: Vec<Var>,
    span: Span,
}

impl Hoist {
    fn temp(&mut self, name: &str, ty: &Type) -> VarId {
        self.vars.push(Var { name: format!("{name}.call"), ty: ty.clone(), kind: VarKind::Temp, span: self.span });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A string literal argument of a library call (`strcmp(argv[i], "-n")`)
    /// as a temporary that `library.rs` makes the literal's bytes for.
    fn literal(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) {
        let Expr::Unknown { reason, ty, .. } = e else { return };
        let Some(text) = reason.strip_prefix("string literal ").filter(|t| t.starts_with('"')) else { return };
        let var = self.temp("literal", ty);
        let callee = format!("{}{text}", library::LITERAL);
        out.push(Stmt::Call { callee, args: Vec::new(), dst: Some(var), span: self.span });
        *e = Expr::Var(var);
    }

    /// `e` with its library calls replaced by temporaries, and the calls
    /// that compute them (innermost first) appended to `out`.
    fn expr(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) {
        if let Expr::Call { func, args, ty } = e {
            for a in args.iter_mut() {
                self.expr(a, out);
            }
            if library::hoisted(func) {
                for a in args.iter_mut() {
                    self.literal(a, out);
                }
                if func == "new" {
                    let elem = match ty {
                        Type::Ptr(t) => t.size().unwrap_or(1).max(1),
                        _ => 1,
                    };
                    args.push(Expr::int(i128::from(elem), Type::ULONG));
                }
                let var = self.temp(func, ty);
                out.push(Stmt::Call {
                    callee: func.clone(),
                    args: std::mem::take(args),
                    dst: Some(var),
                    span: self.span,
                });
                *e = Expr::Var(var);
            }
            return;
        }
        match e {
            Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => self.expr(arg, out),
            Expr::Field { value, .. } => self.expr(value, out),
            Expr::Binary { lhs, rhs, .. } => {
                self.expr(lhs, out);
                self.expr(rhs, out);
            }
            Expr::Select { cond, then, els, .. } => {
                self.expr(cond, out);
                self.expr(then, out);
                self.expr(els, out);
            }
            Expr::Addr { base, offset, .. } => {
                if let Base::Dynamic(b) = base.as_mut() {
                    self.expr(b, out);
                }
                self.expr(offset, out);
            }
            _ => {}
        }
    }

    fn block(&mut self, body: Vec<Stmt>) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(body.len());
        for stmt in body {
            self.stmt(stmt, &mut out);
        }
        out
    }

    fn stmt(&mut self, mut stmt: Stmt, out: &mut Vec<Stmt>) {
        if let Some(span) = span_of(&stmt) {
            self.span = span;
        }
        match &mut stmt {
            Stmt::Decl { init: Some(e), .. } | Stmt::Assign { value: e, .. } => self.expr(e, out),
            Stmt::Read { access, .. } => self.expr(&mut access.offset, out),
            Stmt::Write { access, value } => {
                self.expr(&mut access.offset, out);
                self.expr(value, out);
            }
            Stmt::If { cond, then, els, .. } => {
                self.expr(cond, out);
                *then = self.block(std::mem::take(then));
                *els = self.block(std::mem::take(els));
            }
            Stmt::Loop(lp) => self.lower_loop(lp),
            Stmt::Switch { value, cases, .. } => {
                self.expr(value, out);
                for c in cases.iter_mut() {
                    c.body = self.block(std::mem::take(&mut c.body));
                }
            }
            Stmt::Return(Some(e)) | Stmt::Assert { cond: e, .. } => self.expr(e, out),
            Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => *b = self.block(std::mem::take(b)),
            Stmt::Call { args, .. } | Stmt::Print { args, .. } => args.iter_mut().for_each(|a| self.expr(a, out)),
            _ => {}
        }
        out.push(stmt);
    }

    fn lower_loop(&mut self, lp: &mut Loop) {
        lp.init = self.block(std::mem::take(&mut lp.init));
        let mut pre = self.block(std::mem::take(&mut lp.cond_pre));
        if let Some(c) = &mut lp.cond {
            self.expr(c, &mut pre);
        }
        lp.cond_pre = pre;
        lp.body = self.block(std::mem::take(&mut lp.body));
        lp.step = self.block(std::mem::take(&mut lp.step));
    }
}

fn span_of(stmt: &Stmt) -> Option<Span> {
    match stmt {
        Stmt::Read { access, .. } | Stmt::Write { access, .. } | Stmt::Atomic { access, .. } => Some(access.span),
        Stmt::If { span, .. } | Stmt::Switch { span, .. } | Stmt::Call { span, .. } | Stmt::Launch { span, .. } => {
            Some(*span)
        }
        Stmt::Loop(lp) => Some(lp.span),
        _ => None,
    }
}

/// The frame: every variable the function accesses through memory or
/// whose address it takes, at 8-byte aligned offsets (at least 8 bytes
/// each, so a pointer fits whatever the lowering called its type).
fn frame_layout(kernel: &Kernel, launches: &HashMap<usize, LaunchExprs>) -> (HashMap<u32, u64>, u64) {
    let mut order = Vec::new();
    let note_expr = |e: &Expr, order: &mut Vec<u32>| {
        e.visit(&mut |e| {
            if let Expr::Addr { base, .. } = e {
                if let Base::Host(v) | Base::Local(v) = base.as_ref() {
                    order.push(v.0);
                }
            }
        })
    };
    gpurace_ir::walk_stmts(&kernel.body, &mut |s| {
        if let Stmt::Read { access, .. } | Stmt::Write { access, .. } | Stmt::Atomic { access, .. } = s {
            if let Base::Host(v) | Base::Local(v) = &access.base {
                order.push(v.0);
            }
        }
        crate::compile::visit_exprs(s, &mut |e| note_expr(e, &mut order));
    });
    let mut keys: Vec<&usize> = launches.keys().collect();
    keys.sort();
    for k in keys {
        let l = &launches[k];
        for a in &l.args {
            if let Expr::Var(v) = a {
                if matches!(kernel.vars.get(v.0 as usize).map(|v| &v.ty), Some(Type::Record { .. })) {
                    order.push(v.0);
                }
            }
            note_expr(a, &mut order);
        }
    }
    let mut frame = HashMap::new();
    let mut end = 0u64;
    for v in order {
        if frame.contains_key(&v) {
            continue;
        }
        let size = kernel.vars.get(v as usize).and_then(|v| v.ty.size()).unwrap_or(64).max(8);
        let at = end.div_ceil(16) * 16;
        frame.insert(v, at);
        end = at.saturating_add(size);
    }
    (frame, end.max(16))
}
