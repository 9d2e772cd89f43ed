//! A kernel's structured statements to the flat instructions of [`Code`]:
//! loops, `if`s and `switch`es become conditional jumps, `break`,
//! `continue` and the `return` of an inlined call jumps to where they lead.

use gpurace_core::c::{assigned, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term as t;
use gpurace_ir::{Access, Barrier, Block, Expr, Kernel, LoopKind, Program, Span, Stmt, Type};

use crate::code::{AccessInfo, Code, Collective, FaultInfo, Instr, Reduction, Scalar, Sync, Value};
use crate::expr::{scalar, Compiler};
use crate::memory::Layout;
use crate::program::{LaunchExprs, Prepared};
use std::collections::HashMap;

/// Where `break`, `continue` and `return` go, innermost last.
enum Frame {
    Loop { breaks: Vec<usize>, continues: Vec<usize> },
    Switch { breaks: Vec<usize> },
    Inlined { returns: Vec<usize> },
}

struct Lower<'a> {
    cx: Compiler<'a>,
    /// The condition of the loop whose `cond_pre` is being compiled (where
    /// `while (__syncthreads_or(p))` puts its barrier).
    loop_cond: Option<Expr>,
    /// Inside a loop's condition (its accesses are spin-waits' reads).
    in_condition: u32,
    code: Code,
    frames: Vec<Frame>,
    /// Host code: its launches' expressions ([`crate::program`]).
    host: Option<&'a HashMap<usize, LaunchExprs>>,
}

/// Compiles `kernel` of `program` with the memory `layout`.
pub fn compile(program: &Program, kernel: &Kernel, layout: &Layout) -> Code {
    let mut lower = Lower {
        cx: Compiler::new(program, kernel, layout),
        loop_cond: None,
        in_condition: 0,
        code: Code::default(),
        frames: Vec::new(),
        host: None,
    };
    lower.block(&kernel.body);
    lower.push(Instr::Exit, kernel.span);
    let Lower { cx, mut code, .. } = lower;
    code.faults = cx.faults;
    code.fields = cx.fields;
    code.regs = kernel.vars.iter().map(|v| (scalar(&v.ty), v.name.clone())).collect();
    code.regs.push((Scalar { bits: 32, float: false, signed: true }, "barrier result".into()));
    code.local_bytes = layout.local_bytes;
    code.shared_bytes = layout.shared_bytes;
    code
}

/// Compiles a host function prepared by `program::prepare`: its calls and
/// launches become [`Instr::Call`] and [`Instr::Launch`] for the program's
/// executor, its variables in memory live in its frame.
pub fn compile_host(program: &Program, prepared: &Prepared, layout: &Layout) -> Code {
    let mut cx = Compiler::new(program, &prepared.kernel, layout);
    cx.host_frame = Some(prepared.frame.clone());
    let mut lower = Lower {
        cx,
        loop_cond: None,
        in_condition: 0,
        code: Code::default(),
        frames: Vec::new(),
        host: Some(&prepared.launches),
    };
    lower.block(&prepared.kernel.body);
    lower.push(Instr::Exit, prepared.kernel.span);
    let Lower { cx, mut code, .. } = lower;
    code.faults = cx.faults;
    code.regs = prepared.kernel.vars.iter().map(|v| (scalar(&v.ty), v.name.clone())).collect();
    code.regs.push((Scalar { bits: 64, float: false, signed: false }, "result".into()));
    code
}

impl Lower<'_> {
    /// A launch in host code.
    fn host_launch(&mut self, launch: usize, span: Span) {
        let program = self.cx.program;
        let exprs = self.host.and_then(|h| h.get(&launch));
        let kernel = program.launches.get(launch).and_then(|l| l.kernel).and_then(|k| program.kernels.get(k));
        let (Some(exprs), Some(kernel)) = (exprs, kernel) else {
            return self.fault("a launch of a kernel the lowering could not resolve".into(), span);
        };
        let grid = exprs.grid.clone().map(|e| self.value_as(&e, &Type::UINT));
        let block = exprs.block.clone().map(|e| self.value_as(&e, &Type::UINT));
        let shmem = exprs.shmem.clone().map(|e| self.value_as(&e, &Type::ULONG));
        let mut args = Vec::new();
        for (i, a) in exprs.args.iter().enumerate() {
            let Some(p) = kernel.params.get(i) else { break };
            let value = match (&p.ty, a) {
                (Type::Record { .. }, Expr::Var(v)) => {
                    match self.cx.host_frame.as_ref().and_then(|f| f.get(&v.0)).copied() {
                        Some(at) => self.cx.compile(&t::add(
                            &t::leaf(gpurace_core::term::Leaf::Param(0), 64, gpurace_core::term::Deps::default()),
                            &t::constant(u128::from(at), 64),
                        )),
                        None => {
                            let f = self.cx.fault("a struct argument not in memory".into(), span, 64);
                            self.cx.compile(&f)
                        }
                    }
                }
                (Type::Record { .. }, _) => {
                    let f = self.cx.fault("a struct argument not in memory".into(), span, 64);
                    self.cx.compile(&f)
                }
                (ty, a) => self.value_as(a, ty),
            };
            args.push(value);
        }
        self.push(Instr::Launch { launch: launch as u32, grid, block, shmem, args }, span);
    }

    fn push(&mut self, instr: Instr, span: Span) -> usize {
        self.code.instrs.push(instr);
        self.code.spans.push(span);
        self.code.instrs.len() - 1
    }

    fn here(&self) -> u32 {
        self.code.instrs.len() as u32
    }

    /// Points the jump at `at` to `target`.
    fn patch(&mut self, at: usize, target: u32) {
        match &mut self.code.instrs[at] {
            Instr::Jump(t) | Instr::Unless { target: t, .. } => *t = target,
            _ => unreachable!("only jumps are patched"),
        }
    }

    fn value(&mut self, e: &Expr) -> Value {
        let term = self.cx.value(&(), e);
        self.cx.compile(&term)
    }

    fn value_as(&mut self, e: &Expr, ty: &Type) -> Value {
        let term = self.cx.value_to(e, ty);
        self.cx.compile(&term)
    }

    fn condition(&mut self, e: &Expr) -> Value {
        let term = self.cx.value(&(), e);
        self.cx.compile(&t::to_bool(&term))
    }

    fn address(&mut self, access: &Access) -> Value {
        let base = self.cx.base(&(), &access.base);
        let offset = self.cx.value_to(&access.offset, &Type::LONG);
        self.cx.compile(&t::add(&base, &offset))
    }

    fn access(&mut self, access: &Access) -> u32 {
        self.code.accesses.push(AccessInfo {
            kind: access.kind,
            space: access.space,
            size: access.size,
            elem: scalar(&access.ty),
            name: access.name.clone(),
            span: access.span,
            wait: self.in_condition > 0,
        });
        (self.code.accesses.len() - 1) as u32
    }

    /// The name of the device variable `access` reads when the front-end
    /// could not evaluate its initializer.
    fn unknown_initial(&self, access: &Access) -> Option<String> {
        let gpurace_ir::Base::Global(g) = &access.base else { return None };
        let global = self.cx.program.globals.get(g.0 as usize)?;
        (global.initial == gpurace_ir::Initial::Unknown).then(|| global.name.clone())
    }

    fn fault(&mut self, reason: String, span: Span) {
        self.cx.faults.push(FaultInfo { reason, span });
        let index = self.cx.faults.len() - 1;
        self.push(Instr::Fault(index as u32), span);
    }

    fn set(&mut self, var: gpurace_ir::VarId, e: &Expr, span: Span) {
        let ty = self.cx.var_ty(var);
        let term = assigned(&self.cx.value_to(e, &ty), &ty);
        let value = self.cx.compile(&term);
        self.push(Instr::Set { var: var.0, value }, span);
    }

    fn block(&mut self, stmts: &Block) {
        for (i, stmt) in stmts.iter().enumerate() {
            if let Stmt::Barrier { barrier: Barrier::Block { variant }, span } = stmt {
                if variant != "plain" {
                    self.reducing_barrier(variant, &stmts[i + 1..], *span);
                    continue;
                }
            }
            self.stmt(stmt);
        }
    }

    /// `__syncthreads_count/and/or(p)`: the lowering puts the barrier before
    /// the statement that uses its value, a call whose argument is `p`.
    fn reducing_barrier(&mut self, variant: &str, after: &[Stmt], span: Span) {
        let name = format!("__syncthreads_{variant}");
        let mut pred = None;
        let hint = self.loop_cond.clone().map(|cond| Stmt::Assume { cond, span });
        for stmt in after.iter().take(1).chain(hint.as_ref().filter(|_| after.is_empty())) {
            gpurace_ir::walk_stmts(std::slice::from_ref(stmt), &mut |s| {
                visit_exprs(s, &mut |e| {
                    e.visit(&mut |e| {
                        if let Expr::Call { func, args, .. } = e {
                            if *func == name && pred.is_none() {
                                pred = args.first().cloned();
                            }
                        }
                    })
                })
            });
        }
        let reduction = match variant {
            "count" => Reduction::Count,
            "and" => Reduction::And,
            _ => Reduction::Or,
        };
        let pred = pred.map(|p| (reduction, self.condition(&p)));
        self.push(Instr::Sync { sync: Sync::Block(pred), span }, span);
    }

    fn stmt(&mut self, stmt: &Stmt) {
        let span = stmt_span(stmt).unwrap_or(self.cx.span);
        self.cx.span = span;
        match stmt {
            Stmt::Decl { var, init: Some(e) } | Stmt::Assign { var, value: e } => self.set(*var, e, span),
            Stmt::Decl { init: None, .. } => {}
            Stmt::Read { dst, access } => {
                if let Some(name) = self.unknown_initial(access) {
                    return self
                        .fault(format!("the initial value of `{name}` (its initializer is not constants)"), span);
                }
                let addr = self.address(access);
                let access = self.access(access);
                self.push(Instr::Read { dst: dst.0, addr, access }, span);
            }
            Stmt::Write { access, value } => {
                let addr = self.address(access);
                let value = self.value_as(value, &access.ty);
                let access = self.access(access);
                self.push(Instr::Write { addr, value, access }, span);
            }
            Stmt::Atomic { dst, access, args } => {
                let addr = self.address(access);
                let args = args.iter().map(|a| self.value_as(a, &access.ty)).collect();
                let access = self.access(access);
                self.push(Instr::Atomic { dst: dst.map(|d| d.0), addr, args, access }, span);
            }
            Stmt::If { cond, then, els, span } => {
                let cond = self.condition(cond);
                let skip = self.push(Instr::Unless { cond, target: 0 }, *span);
                self.block(then);
                if els.is_empty() {
                    let end = self.here();
                    self.patch(skip, end);
                } else {
                    let over = self.push(Instr::Jump(0), *span);
                    let start = self.here();
                    self.patch(skip, start);
                    self.block(els);
                    let end = self.here();
                    self.patch(over, end);
                }
            }
            Stmt::Loop(lp) => self.lower_loop(lp),
            Stmt::Switch { value, cases, span } => self.switch(value, cases, *span),
            Stmt::Break => {
                let at = self.push(Instr::Jump(0), span);
                let frame = self.frames.iter_mut().rev().find(|f| !matches!(f, Frame::Inlined { .. }));
                match frame {
                    Some(Frame::Loop { breaks, .. } | Frame::Switch { breaks }) => breaks.push(at),
                    _ => self.code.instrs[at] = Instr::Exit,
                }
            }
            Stmt::Continue => {
                let at = self.push(Instr::Jump(0), span);
                match self.frames.iter_mut().rev().find(|f| matches!(f, Frame::Loop { .. })) {
                    Some(Frame::Loop { continues, .. }) => continues.push(at),
                    _ => self.code.instrs[at] = Instr::Exit,
                }
            }
            Stmt::Return(value)
                if self.host.is_some() && !self.frames.iter().any(|f| matches!(f, Frame::Inlined { .. })) =>
            {
                match value {
                    Some(e) => {
                        let v = self.value(e);
                        self.push(Instr::Return(v), span)
                    }
                    None => self.push(Instr::Exit, span),
                };
            }
            Stmt::Return(_) => {
                let at = self.push(Instr::Jump(0), span);
                match self.frames.iter_mut().rev().find(|f| matches!(f, Frame::Inlined { .. })) {
                    Some(Frame::Inlined { returns }) => returns.push(at),
                    _ => self.code.instrs[at] = Instr::Exit,
                }
            }
            Stmt::Exit { span } if self.host.is_some() => {
                self.push(Instr::Call { callee: "exit".into(), args: Vec::new(), dst: None }, *span);
            }
            Stmt::Exit { span } => {
                self.push(Instr::Exit, *span);
            }
            Stmt::Scope(body) => self.block(body),
            Stmt::Inlined { body, .. } => {
                self.frames.push(Frame::Inlined { returns: Vec::new() });
                self.block(body);
                let Some(Frame::Inlined { returns }) = self.frames.pop() else { unreachable!() };
                let end = self.here();
                returns.into_iter().for_each(|at| self.patch(at, end));
            }
            Stmt::Barrier { barrier, span } => {
                let sync = match barrier {
                    Barrier::Block { .. } => Sync::Block(None),
                    Barrier::Warp { mask } => Sync::Warp(self.value_as(mask, &Type::UINT)),
                    Barrier::Tile { size } => Sync::Tile(self.value_as(size, &Type::UINT)),
                    Barrier::Grid => Sync::Grid,
                };
                self.push(Instr::Sync { sync, span: *span }, *span);
            }
            Stmt::Fence { scope, span } => {
                self.push(Instr::Fence(*scope), *span);
            }
            Stmt::WarpOp { dst, op, mask, args, span } => match Collective::from_name(op) {
                Some(collective) => {
                    let mask = self.value_as(mask, &Type::UINT);
                    let args = args.iter().map(|a| self.value(a)).collect();
                    let instr = Instr::Warp { dst: dst.map(|d| d.0), op: collective, mask, args, span: *span };
                    self.push(instr, *span);
                }
                None => self.fault(format!("the warp collective `{op}`"), *span),
            },
            Stmt::Assume { cond, span } => {
                let cond = self.condition(cond);
                self.push(Instr::Assume { cond, span: *span }, *span);
            }
            Stmt::Assert { cond, span } => {
                let cond = self.condition(cond);
                self.push(Instr::Assert { cond, span: *span }, *span);
            }
            Stmt::Call { callee, args, dst, span } if self.host.is_some() => {
                let args = args.iter().map(|a| (self.value(a), self.cx.ty_of(a))).collect();
                self.push(Instr::Call { callee: callee.clone(), args, dst: dst.map(|d| d.0) }, *span);
            }
            Stmt::Launch { launch, span } if self.host.is_some() => self.host_launch(*launch, *span),
            Stmt::Call { callee, span, .. } => {
                self.fault(format!("the call to `{callee}` was not inlined (recursion or depth)"), *span)
            }
            Stmt::Launch { span, .. } => self.fault("a launch from device code".into(), *span),
            Stmt::Print { format, args, span } => {
                let args = args.iter().map(|a| (self.value(a), crate::expr::scalar(&self.cx.ty_of(a)))).collect();
                self.push(Instr::Print { format: format.clone(), args }, *span);
            }
            Stmt::Unknown { reason, span } => self.fault(reason.clone(), *span),
        }
    }

    fn lower_loop(&mut self, lp: &gpurace_ir::Loop) {
        self.block(&lp.init);
        let enter = (lp.kind == LoopKind::DoWhile).then(|| self.push(Instr::Jump(0), lp.span));
        let head = self.here();
        let outer = std::mem::replace(&mut self.loop_cond, lp.cond.clone());
        self.in_condition += 1;
        self.block(&lp.cond_pre);
        self.in_condition -= 1;
        self.loop_cond = outer;
        let exit = lp.cond.as_ref().map(|c| {
            let cond = self.condition(c);
            self.push(Instr::Unless { cond, target: 0 }, lp.span)
        });
        let body = self.here();
        if let Some(at) = enter {
            self.patch(at, body);
        }
        self.frames.push(Frame::Loop { breaks: Vec::new(), continues: Vec::new() });
        self.block(&lp.body);
        let Some(Frame::Loop { breaks, continues }) = self.frames.pop() else { unreachable!() };
        let step = self.here();
        self.block(&lp.step);
        self.push(Instr::Jump(head), lp.span);
        let end = self.here();
        continues.into_iter().for_each(|at| self.patch(at, step));
        breaks.into_iter().chain(exit).for_each(|at| self.patch(at, end));
    }

    fn switch(&mut self, value: &Expr, cases: &[gpurace_ir::Case], span: Span) {
        let ty = self.cx.ty_of(value);
        let v = self.cx.value(&(), value);
        let mut entries = Vec::new();
        for case in cases {
            let mut tests = Vec::new();
            for &c in &case.values {
                let hit = t::eq(&v, &t::constant_i(c, width(&ty).max(1)));
                let cond = self.cx.compile(&t::not(&hit));
                tests.push(self.push(Instr::Unless { cond, target: 0 }, span));
            }
            entries.push(tests);
        }
        let fallback = self.push(Instr::Jump(0), span);
        self.frames.push(Frame::Switch { breaks: Vec::new() });
        let mut default = None;
        for (case, tests) in cases.iter().zip(entries) {
            let start = self.here();
            tests.into_iter().for_each(|at| self.patch(at, start));
            if case.is_default {
                default = Some(start);
            }
            self.block(&case.body);
        }
        let Some(Frame::Switch { breaks }) = self.frames.pop() else { unreachable!() };
        let end = self.here();
        self.patch(fallback, default.unwrap_or(end));
        breaks.into_iter().for_each(|at| self.patch(at, end));
    }
}

fn stmt_span(stmt: &Stmt) -> Option<Span> {
    match stmt {
        Stmt::Read { access, .. } | Stmt::Write { access, .. } | Stmt::Atomic { access, .. } => Some(access.span),
        Stmt::If { span, .. }
        | Stmt::Switch { span, .. }
        | Stmt::Inlined { span, .. }
        | Stmt::Barrier { span, .. }
        | Stmt::Fence { span, .. }
        | Stmt::WarpOp { span, .. }
        | Stmt::Assume { span, .. }
        | Stmt::Assert { span, .. }
        | Stmt::Call { span, .. }
        | Stmt::Launch { span, .. }
        | Stmt::Exit { span }
        | Stmt::Print { span, .. }
        | Stmt::Unknown { span, .. } => Some(*span),
        Stmt::Loop(lp) => Some(lp.span),
        _ => None,
    }
}

/// Calls `f` on the expressions a statement holds itself (not those of
/// nested statements).
pub(crate) fn visit_exprs(stmt: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match stmt {
        Stmt::Decl { init: Some(e), .. } | Stmt::Assign { value: e, .. } => f(e),
        Stmt::Write { value, access } => {
            f(value);
            f(&access.offset);
        }
        Stmt::Read { access, .. } => f(&access.offset),
        Stmt::Atomic { args, access, .. } => {
            args.iter().for_each(&mut *f);
            f(&access.offset);
        }
        Stmt::If { cond: e, .. }
        | Stmt::Switch { value: e, .. }
        | Stmt::Return(Some(e))
        | Stmt::Assume { cond: e, .. } => f(e),
        Stmt::Loop(lp) => {
            if let Some(c) = &lp.cond {
                f(c);
            }
        }
        Stmt::Call { args, .. } | Stmt::WarpOp { args, .. } | Stmt::Print { args, .. } => args.iter().for_each(&mut *f),
        _ => {}
    }
}
