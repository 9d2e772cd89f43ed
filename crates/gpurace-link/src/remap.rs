//! Rewrites one unit's IR for its place in a linked program: file ids,
//! global ids, launch indices and the names of host functions the unit
//! defines under a name another unit defines too.

use std::collections::HashMap;

use gpurace_ir::{
    Access, Base, Block, Expr, FileId, GlobalId, HostFact, HostFunction, Kernel, Launch, Span, Stmt, Var,
    FUNCTION_VALUE_PREFIX, INDIRECT_CALL,
};

/// Where one unit's ids go in the linked program.
pub(crate) struct Remap {
    /// New id of each of the unit's files.
    pub files: Vec<FileId>,
    /// New id of each of the unit's globals.
    pub globals: Vec<GlobalId>,
    /// Added to every launch index of the unit.
    pub launch_base: usize,
    /// New index of each of the unit's kernels.
    pub kernels: Vec<usize>,
    /// Host functions of this unit renamed in the linked program: calls
    /// inside the unit reach the unit's own definition, as they would after
    /// linking (internal linkage, or one definition of an inline function).
    pub renames: HashMap<String, String>,
}

impl Remap {
    fn span(&self, span: &mut Span) {
        if !span.is_none() {
            span.file = self.files.get(span.file.0 as usize).copied().unwrap_or(FileId(u32::MAX));
        }
    }

    fn callee(&self, name: &mut String) {
        if let Some(new) = self.renames.get(name.as_str()) {
            *name = new.clone();
        }
    }

    pub fn kernel(&self, kernel: &mut Kernel) {
        self.span(&mut kernel.span);
        kernel.vars.iter_mut().for_each(|v| self.var(v));
        kernel.shared.iter_mut().for_each(|s| self.span(&mut s.span));
        self.block(&mut kernel.body);
    }

    pub fn host_function(&self, func: &mut HostFunction) {
        self.callee(&mut func.name);
        self.span(&mut func.span);
        func.vars.iter_mut().for_each(|v| self.var(v));
        self.block(&mut func.body);
    }

    pub fn launch(&self, launch: &mut Launch) {
        self.callee(&mut launch.host_function);
        self.span(&mut launch.span);
        launch.kernel = launch.kernel.and_then(|k| self.kernels.get(k).copied());
        for e in launch.grid.iter_mut().chain(launch.block.iter_mut()).chain(launch.args.iter_mut()) {
            self.expr(e);
        }
        for e in launch.shmem.iter_mut().chain(launch.stream.iter_mut()).chain(launch.callee.iter_mut()) {
            self.expr(e);
        }
        for fact in &mut launch.facts {
            match fact {
                HostFact::Guard { cond, span, .. } | HostFact::Assert { cond, span } => {
                    self.expr(cond);
                    self.span(span);
                }
                HostFact::Loop { pattern, span } => {
                    if let Some(p) = pattern {
                        self.expr(&mut p.init);
                        self.expr(&mut p.bound);
                        self.expr(&mut p.step);
                    }
                    self.span(span);
                }
                HostFact::Alloc(alloc) => {
                    self.expr(&mut alloc.size);
                    self.span(&mut alloc.span);
                }
                HostFact::Call { callee, args, span } => {
                    self.callee(callee);
                    args.iter_mut().for_each(|a| self.expr(a));
                    self.span(span);
                }
            }
        }
    }

    fn var(&self, var: &mut Var) {
        self.span(&mut var.span);
    }

    fn block(&self, block: &mut Block) {
        for stmt in block {
            self.stmt(stmt);
        }
    }

    fn access(&self, access: &mut Access) {
        self.base(&mut access.base);
        self.expr(&mut access.offset);
        self.span(&mut access.span);
    }

    fn base(&self, base: &mut Base) {
        match base {
            Base::Global(g) => *g = self.globals.get(g.0 as usize).copied().unwrap_or(*g),
            Base::Dynamic(e) => self.expr(e),
            Base::Param { .. } | Base::Shared(_) | Base::Local(_) | Base::Host(_) => {}
        }
    }

    fn stmt(&self, stmt: &mut Stmt) {
        match stmt {
            Stmt::Decl { init, .. } => init.iter_mut().for_each(|e| self.expr(e)),
            Stmt::Assign { value, .. } => self.expr(value),
            Stmt::Read { access, .. } => self.access(access),
            Stmt::Write { access, value } => {
                self.access(access);
                self.expr(value);
            }
            Stmt::Atomic { access, args, .. } => {
                self.access(access);
                args.iter_mut().for_each(|e| self.expr(e));
            }
            Stmt::If { cond, then, els, span } => {
                self.expr(cond);
                self.block(then);
                self.block(els);
                self.span(span);
            }
            Stmt::Loop(lp) => {
                for b in [&mut lp.init, &mut lp.cond_pre, &mut lp.body, &mut lp.step] {
                    self.block(b);
                }
                lp.cond.iter_mut().for_each(|e| self.expr(e));
                if let Some(p) = &mut lp.pattern {
                    self.expr(&mut p.init);
                    self.expr(&mut p.bound);
                    self.expr(&mut p.step);
                }
                self.span(&mut lp.span);
            }
            Stmt::Switch { value, cases, span } => {
                self.expr(value);
                cases.iter_mut().for_each(|c| self.block(&mut c.body));
                self.span(span);
            }
            Stmt::Return(value) => value.iter_mut().for_each(|e| self.expr(e)),
            Stmt::Scope(body) => self.block(body),
            Stmt::Inlined { body, span, .. } => {
                self.block(body);
                self.span(span);
            }
            Stmt::Barrier { barrier, span } => {
                match barrier {
                    gpurace_ir::Barrier::Warp { mask } => self.expr(mask),
                    gpurace_ir::Barrier::Tile { size } => self.expr(size),
                    gpurace_ir::Barrier::Block { .. } | gpurace_ir::Barrier::Grid => {}
                }
                self.span(span);
            }
            Stmt::WarpOp { mask, args, span, .. } => {
                self.expr(mask);
                args.iter_mut().for_each(|e| self.expr(e));
                self.span(span);
            }
            Stmt::Print { args, span, .. } => {
                args.iter_mut().for_each(|e| self.expr(e));
                self.span(span);
            }
            Stmt::Assume { cond, span } | Stmt::Assert { cond, span } => {
                self.expr(cond);
                self.span(span);
            }
            Stmt::Call { callee, args, span, .. } => {
                if callee != INDIRECT_CALL {
                    self.callee(callee);
                }
                args.iter_mut().for_each(|e| self.expr(e));
                self.span(span);
            }
            Stmt::Launch { launch, span } => {
                *launch += self.launch_base;
                self.span(span);
            }
            Stmt::Fence { span, .. } | Stmt::Exit { span } | Stmt::Unknown { span, .. } => self.span(span),
            Stmt::Break | Stmt::Continue => {}
        }
    }

    fn expr(&self, expr: &mut Expr) {
        expr.visit_mut(&mut |e| match e {
            // The base's own expression (a dynamic pointer) is visited too.
            Expr::Addr { base, .. } => {
                if let Base::Global(g) = base.as_mut() {
                    *g = self.globals.get(g.0 as usize).copied().unwrap_or(*g);
                }
            }
            Expr::Call { func, .. } => {
                if let Some(new) = func.strip_prefix(FUNCTION_VALUE_PREFIX).and_then(|n| self.renames.get(n)) {
                    *func = format!("{FUNCTION_VALUE_PREFIX}{new}");
                }
            }
            Expr::Unknown { span, .. } => self.span(span),
            _ => {}
        });
    }
}
