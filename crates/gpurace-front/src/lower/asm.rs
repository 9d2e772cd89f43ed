//! Inline PTX (`asm volatile(...)`, a `GCCAsmStmt`): clang's dump keeps only
//! the operand expressions, so the statement's text is read back from the
//! source (`ptx.rs` parses it) and each PTX instruction becomes the IR of the
//! CUDA primitive it stands for: `bar.sync` the block barrier, `membar` and
//! `fence` fences, `ld`/`st`/`atom`/`red` memory accesses, `shfl`/`vote`/
//! `match`/`redux` warp collectives, `cp.async` a read and a write (again at
//! the `cp.async.wait_*` that completes it), special registers (`%laneid`,
//! `%tid.x`) their values. Arithmetic gives exact values where simple and
//! fresh unknown values elsewhere; an unknown instruction that may touch
//! memory or synchronise is an `Unknown` statement. Child module of `func`;
//! the memory instructions are in `asm_mem.rs`.

use std::collections::HashMap;

use gpurace_ir::{Barrier, BinOp, Builtin, Dim, Expr, Scope, Span, Stmt, Type, UnOp, VarKind};

use super::primitives::linear_thread_id;
use super::{convert, FnLower, LValue};
use crate::ast::Node;
use crate::ptx::{self, Arg, Insn};

pub(super) use super::asm_mem::PendingCopy;

/// A register of the template: an operand of the statement or a register
/// the template declares.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Reg {
    Op(usize),
    Local(String),
}

/// The registers' values while the template is lowered, and the operand
/// expressions (for the names of the objects they address).
pub(super) struct Regs<'n> {
    pub values: HashMap<Reg, Expr>,
    pub nodes: Vec<&'n Node>,
}

/// The C type of a PTX type suffix (`u32`, `s64`, `f32`, `b16`, `pred`).
pub(super) fn ptx_type(part: &str) -> Option<Type> {
    let bits: u8 = part.get(1..)?.parse().ok()?;
    match part.as_bytes()[0] {
        b'u' | b'b' if matches!(bits, 8 | 16 | 32 | 64) => Some(Type::Int { bits, signed: false }),
        b's' if matches!(bits, 8 | 16 | 32 | 64) => Some(Type::Int { bits, signed: true }),
        b'f' if matches!(bits, 16 | 32 | 64) => Some(Type::Float { bits }),
        b'b' if bits == 128 => {
            Some(Type::Array { elem: Box::new(Type::Int { bits: 8, signed: false }), len: Some(16) })
        }
        _ => None,
    }
}

/// The type an instruction's suffixes name (its last type suffix), or `u32`.
pub(super) fn insn_type(insn: &Insn) -> Type {
    insn.parts().iter().rev().find_map(|p| ptx_type(p)).unwrap_or(Type::UINT)
}

/// The scope a `.cta`/`.gpu`/`.sys` qualifier names (none: the device).
pub(super) fn insn_scope(insn: &Insn) -> Scope {
    if insn.has("cta") || insn.has("cluster") {
        Scope::Block
    } else if insn.has("sys") {
        Scope::System
    } else {
        Scope::Device
    }
}

/// Whether an instruction the lowering does not know may touch memory or
/// synchronise.
fn may_touch_memory(op: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "ld",
        "st",
        "atom",
        "red",
        "cp",
        "tex",
        "tld",
        "sured",
        "suld",
        "sust",
        "wgmma",
        "mma",
        "wmma",
        "bar",
        "barrier",
        "mbarrier",
        "multimem",
        "tensormap",
        "call",
        "elect",
        "griddepcontrol",
        "setmaxnreg",
    ];
    let first = op.split('.').next().unwrap_or(op);
    PREFIXES.iter().any(|p| first.starts_with(p))
}

impl FnLower<'_, '_> {
    /// Lowers a `GCCAsmStmt`.
    pub(super) fn asm_stmt(&mut self, n: &Node, span: Span) {
        let stmt = match self.asm_source(n) {
            Ok(s) => s,
            Err(why) => return self.asm_unknown(n, format!("`GCCAsmStmt` is not modelled: {why}")),
        };
        let nodes: Vec<&Node> = n.children.iter().collect();
        if nodes.len() != stmt.outputs.len() + stmt.inputs.len() {
            return self.asm_unknown(n, "`GCCAsmStmt` is not modelled: its operands do not match its text".into());
        }
        let names: Vec<Option<String>> = stmt.outputs.iter().chain(&stmt.inputs).map(|o| o.name.clone()).collect();
        let insns = ptx::instructions(&stmt.template, &names, stmt.basic);
        let mut regs = Regs { values: HashMap::new(), nodes: nodes.clone() };
        let mut outputs: Vec<(LValue, Type)> = Vec::new();
        for (i, (out, node)) in stmt.outputs.iter().zip(&nodes).enumerate() {
            let lv = self.lvalue(node);
            let ty = self.types.parse(node.ty());
            if out.read_write() {
                let v = self.load(lv.clone(), span);
                regs.values.insert(Reg::Op(i), v);
            }
            outputs.push((lv, ty));
        }
        for (i, node) in nodes.iter().enumerate().skip(stmt.outputs.len()) {
            let v = self.rvalue(node);
            regs.values.insert(Reg::Op(i), v);
        }
        for insn in &insns {
            self.ptx_insn(insn, &mut regs, span);
        }
        for (i, (lv, ty)) in outputs.into_iter().enumerate() {
            let value = match regs.values.get(&Reg::Op(i)) {
                Some(v) => v.clone(),
                None => self.ptx_fresh("output of inline PTX", ty.clone(), span),
            };
            self.store(&lv, convert(value, &ty), span);
        }
    }

    /// The `asm` statement's text, parsed.
    fn asm_source(&self, n: &Node) -> Result<ptx::AsmStmt, String> {
        let lines = if n.end.is_valid() && n.end.file == n.begin.file && n.end.line >= n.begin.line {
            (n.end.line - n.begin.line) as usize + 1
        } else {
            64
        };
        let text = self.ix.source_text(n.begin, lines.min(512)).ok_or("its source text cannot be read")?;
        ptx::parse_asm(&text)
    }

    /// Today's fallback: the statement may do anything.
    fn asm_unknown(&mut self, n: &Node, reason: String) {
        let e = self.unsupported(n, reason);
        if let Expr::Unknown { reason, span, .. } = e {
            self.emit(Stmt::Unknown { reason, span });
        }
    }

    /// An unknown statement for an instruction that may touch memory.
    pub(super) fn ptx_unknown_stmt(&mut self, why: String, span: Span) {
        self.approximation(span, why.clone());
        self.emit(Stmt::Unknown { reason: why, span });
    }

    /// A fresh value nothing is known about (a per-thread unknown).
    pub(super) fn ptx_fresh(&mut self, what: &str, ty: Type, span: Span) -> Expr {
        let v = self.new_var(&format!("{what} (line {})", span.line), ty, VarKind::Temp, span);
        self.emit(Stmt::Decl { var: v, init: None });
        Expr::Var(v)
    }

    /// The value of an operand.
    pub(super) fn ptx_value(&mut self, regs: &Regs, arg: &Arg, ty: &Type, span: Span) -> Expr {
        match arg {
            Arg::Op(_) | Arg::Local(_) => match reg_of(arg).and_then(|r| regs.values.get(&r)) {
                Some(v) => v.clone(),
                None => self.ptx_fresh("inline PTX register", ty.clone(), span),
            },
            Arg::Imm(v) => Expr::int(*v, ty.clone()),
            Arg::Special(s) => self.special_register(s, span),
            Arg::Not(a) => {
                let v = self.ptx_value(regs, a, &Type::Bool, span);
                Expr::Unary { op: UnOp::Not, arg: Box::new(v), ty: Type::Bool }
            }
            Arg::Pair(a, _) => self.ptx_value(regs, a, ty, span),
            _ => self.ptx_fresh("inline PTX operand", ty.clone(), span),
        }
    }

    /// `%laneid`, `%tid.x`, `%lanemask_lt`...; a fresh value for the
    /// registers a thread cannot predict (`%clock`, `%smid`).
    fn special_register(&mut self, name: &str, span: Span) -> Expr {
        let u = |v: i128| Expr::int(v, Type::UINT);
        let bin = |op, a, b| Expr::binary(op, a, b, Type::UINT);
        let lane = || bin(BinOp::And, linear_thread_id(), u(31));
        let below = |shift: Expr| bin(BinOp::Sub, bin(BinOp::Shl, u(1), shift), u(1));
        let not = |e| Expr::Unary { op: UnOp::BitNot, arg: Box::new(e), ty: Type::UINT };
        let le = || bin(BinOp::Or, below(lane()), bin(BinOp::Shl, u(1), lane()));
        if let Some((reg, d)) = name.split_once('.') {
            let dim = match d {
                "x" => Dim::X,
                "y" => Dim::Y,
                "z" => Dim::Z,
                _ => return self.ptx_fresh(&format!("inline PTX `%{name}`"), Type::UINT, span),
            };
            let b = match reg {
                "tid" => Builtin::ThreadIdx(dim),
                "ntid" => Builtin::BlockDim(dim),
                "ctaid" => Builtin::BlockIdx(dim),
                "nctaid" => Builtin::GridDim(dim),
                _ => return self.ptx_fresh(&format!("inline PTX `%{name}`"), Type::UINT, span),
            };
            return Expr::Builtin(b);
        }
        match name {
            "laneid" => lane(),
            "lanemask_eq" => bin(BinOp::Shl, u(1), lane()),
            "lanemask_lt" => below(lane()),
            "lanemask_le" => le(),
            "lanemask_ge" => not(below(lane())),
            "lanemask_gt" => not(le()),
            "warpsize" | "WARP_SZ" => Expr::Builtin(Builtin::WarpSize),
            _ => {
                let ty = if name.ends_with("64") || name == "globaltimer" { Type::ULONG } else { Type::UINT };
                self.ptx_fresh(&format!("inline PTX `%{name}`"), ty, span)
            }
        }
    }

    /// Sets the registers an instruction's destination names (`%0`, `p`,
    /// `{%0, %1}`, `%0|p`): `values` in order, the rest unknown.
    pub(super) fn ptx_assign(&mut self, regs: &mut Regs, dst: Option<&Arg>, values: Vec<Expr>) {
        let targets: Vec<Reg> = match dst {
            Some(Arg::Vector(v)) => v.iter().filter_map(reg_of).collect(),
            Some(Arg::Pair(a, _)) => reg_of(a).into_iter().collect(),
            Some(a) => reg_of(a).into_iter().collect(),
            None => Vec::new(),
        };
        for (r, v) in targets.into_iter().zip(values) {
            regs.values.insert(r, v);
        }
    }

    /// Lowers one instruction, under its guard.
    fn ptx_insn(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        let guard = match &insn.guard {
            Some((neg, g)) => {
                let c = self.ptx_value(regs, g, &Type::Bool, span);
                Some(if *neg { Expr::Unary { op: UnOp::Not, arg: Box::new(c), ty: Type::Bool } } else { c })
            }
            None if insn.maybe_skipped => Some(self.ptx_fresh("inline PTX branch", Type::Bool, span)),
            None => None,
        };
        let Some(cond) = guard else { return self.ptx_effect(insn, regs, span) };
        let first = insn.parts().first().copied().unwrap_or("");
        if matches!(first, "bar" | "barrier") && !insn.has("arrive") {
            let why = format!("inline PTX `{}` under a predicate is not modelled", insn.opcode);
            return self.ptx_unknown_stmt(why, span);
        }
        // Registers the instruction sets keep their old value when it does not run.
        let dsts: Vec<Reg> = match insn.args.first() {
            Some(Arg::Vector(v)) => v.iter().filter_map(reg_of).collect(),
            Some(Arg::Pair(a, b)) => [a, b].into_iter().filter_map(|x| reg_of(x)).collect(),
            Some(a) => reg_of(a).into_iter().collect(),
            None => Vec::new(),
        };
        let ty = insn_type(insn);
        let temps: Vec<(Reg, gpurace_ir::VarId)> = dsts
            .into_iter()
            .map(|r| {
                let init = regs.values.get(&r).cloned();
                let t = self.new_var("inline PTX register", ty.clone(), VarKind::Temp, span);
                self.emit(Stmt::Decl { var: t, init });
                (r, t)
            })
            .collect();
        self.blocks.push(Vec::new());
        self.ptx_effect(insn, regs, span);
        for (r, t) in &temps {
            if let Some(v) = regs.values.get(r).cloned() {
                self.emit(Stmt::Assign { var: *t, value: v });
            }
        }
        let then = self.blocks.pop().unwrap_or_default();
        self.emit(Stmt::If { cond, then, els: Vec::new(), span });
        for (r, t) in temps {
            regs.values.insert(r, Expr::Var(t));
        }
    }

    /// What one instruction does.
    fn ptx_effect(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        let parts = insn.parts();
        match parts.first().copied().unwrap_or("") {
            "bar" | "barrier" => self.ptx_barrier(insn, regs, span),
            "membar" | "fence" => {
                // A proxy fence orders one thread's own accesses across proxies.
                if !insn.has("proxy") {
                    let scope = if insn.has("gl") { Scope::Device } else { insn_scope(insn) };
                    self.emit(Stmt::Fence { scope, span });
                }
            }
            "ld" | "ldu" | "st" | "atom" | "red" => self.ptx_memory(insn, regs, span),
            "cp" if insn.has("async") => self.ptx_copy(insn, regs, span),
            "shfl" | "vote" | "match" | "redux" | "activemask" => self.ptx_warp(insn, regs, span),
            "trap" | "exit" => self.emit(Stmt::Exit { span }),
            op if may_touch_memory(op) => {
                self.ptx_unknown_stmt(format!("inline PTX `{}` is not modelled", insn.opcode), span);
                let ty = insn_type(insn);
                let v = self.ptx_fresh(&format!("value of inline PTX `{}`", insn.opcode), ty, span);
                self.ptx_assign(regs, insn.args.first(), vec![v]);
            }
            _ => self.ptx_arith(insn, regs, span),
        }
    }

    /// `bar.sync`, `barrier.sync`, `bar.cta.sync`, `bar.warp.sync`; `bar.arrive`
    /// does not wait.
    fn ptx_barrier(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        if insn.has("warp") {
            let mask = match insn.args.first() {
                Some(a) => self.ptx_value(regs, a, &Type::UINT, span),
                None => Expr::int(0xffff_ffff, Type::UINT),
            };
            self.emit(Stmt::Barrier { barrier: Barrier::Warp { mask }, span });
            return;
        }
        if insn.has("arrive") {
            return;
        }
        self.emit(Stmt::Barrier { barrier: Barrier::Block { variant: "plain".into() }, span });
        // `bar.red.popc.u32 d, 0, p`: the reduction's result.
        if insn.has("red") {
            let v = self.ptx_fresh(&format!("value of inline PTX `{}`", insn.opcode), Type::UINT, span);
            self.ptx_assign(regs, insn.args.first(), vec![v]);
        }
    }

    /// `shfl.sync`, `vote.sync`, `match.sync`, `redux.sync`, `activemask`: the
    /// warp collective of the same name in CUDA.
    fn ptx_warp(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        let parts = insn.parts();
        let ty = insn_type(insn);
        let kind = parts.get(2).copied().unwrap_or("");
        let (name, value_args, ty) = match parts[0] {
            "activemask" => ("__activemask", 0, Type::UINT),
            "shfl" => match kind {
                "idx" => ("__shfl_sync", 2, ty),
                "up" => ("__shfl_up_sync", 2, ty),
                "down" => ("__shfl_down_sync", 2, ty),
                "bfly" => ("__shfl_xor_sync", 2, ty),
                _ => ("", 0, ty),
            },
            "vote" => match kind {
                "ballot" => ("__ballot_sync", 1, Type::UINT),
                "all" => ("__all_sync", 1, Type::Bool),
                "any" => ("__any_sync", 1, Type::Bool),
                "uni" => ("__uni_sync", 1, Type::Bool),
                _ => ("", 0, ty),
            },
            "match" => match parts.get(1).copied() {
                Some("any") => ("__match_any_sync", 1, Type::UINT),
                Some("all") => ("__match_all_sync", 1, Type::UINT),
                _ => ("", 0, ty),
            },
            _ => match kind {
                "add" => ("__reduce_add_sync", 1, ty),
                "min" => ("__reduce_min_sync", 1, ty),
                "max" => ("__reduce_max_sync", 1, ty),
                "and" => ("__reduce_and_sync", 1, ty),
                "or" => ("__reduce_or_sync", 1, ty),
                "xor" => ("__reduce_xor_sync", 1, ty),
                _ => ("", 0, ty),
            },
        };
        let sync = insn.has("sync");
        if name.is_empty() || (parts[0] != "activemask" && !sync) || insn.args.len() < value_args + 1 {
            let v = self.ptx_fresh(&format!("value of inline PTX `{}`", insn.opcode), ty, span);
            return self.ptx_assign(regs, insn.args.first(), vec![v]);
        }
        let mut args: Vec<Expr> =
            insn.args[1..=value_args].iter().map(|a| self.ptx_value(regs, a, &Type::UINT, span)).collect();
        if parts[0] == "shfl" {
            // `c` packs the segment mask: `(32 - width) << 8`.
            let width = match insn.args.get(3) {
                Some(Arg::Imm(c)) => 32 - ((c >> 8) & 31),
                _ => 32,
            };
            args.push(Expr::int(width, Type::INT));
        }
        let mask = match insn.args.get(value_args + if parts[0] == "shfl" { 2 } else { 1 }) {
            Some(m) => self.ptx_value(regs, m, &Type::UINT, span),
            None => Expr::int(0xffff_ffff, Type::UINT),
        };
        let v = self.warp_op(name, mask, args, &ty, span);
        self.ptx_assign(regs, insn.args.first(), vec![v]);
        // `%0|p`: whether the source lane was in range (unknown).
        if let Some(Arg::Pair(_, p)) = insn.args.first() {
            if let Some(r) = reg_of(p) {
                let v = self.ptx_fresh(&format!("predicate of inline PTX `{}`", insn.opcode), Type::Bool, span);
                regs.values.insert(r, v);
            }
        }
    }

    /// Arithmetic: `mov`, `add`, `sub`, `mul.lo`, `and`, `or`, `xor`, `not`,
    /// `shl`, `shr`, `setp`, `selp` exactly; anything else a fresh value.
    fn ptx_arith(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        let parts = insn.parts();
        let ty = insn_type(insn);
        let float = matches!(ty, Type::Float { .. });
        let arg = |this: &mut Self, regs: &Regs, i: usize, ty: &Type| {
            insn.args.get(i).map(|a| this.ptx_value(regs, a, ty, span))
        };
        let binop = match parts[0] {
            "add" if !insn.has("cc") && !insn.has("sat") => Some(BinOp::Add),
            "sub" if !insn.has("cc") && !insn.has("sat") => Some(BinOp::Sub),
            "mul" if insn.has("lo") || float => Some(BinOp::Mul),
            "and" => Some(BinOp::And),
            "or" => Some(BinOp::Or),
            "xor" => Some(BinOp::Xor),
            "shl" => Some(BinOp::Shl),
            "shr" => Some(BinOp::Shr),
            "min" if !float => Some(BinOp::Min),
            "max" if !float => Some(BinOp::Max),
            _ => None,
        };
        let n = insn.args.len();
        let value = match (parts[0], binop) {
            ("mov", _) if n == 2 && !matches!(insn.args[1], Arg::Vector(_)) => arg(self, regs, 1, &ty),
            ("not", _) if n == 2 && !float => {
                arg(self, regs, 1, &ty).map(|a| Expr::Unary { op: UnOp::BitNot, arg: Box::new(a), ty: ty.clone() })
            }
            (_, Some(op)) if n == 3 => {
                let rhs_ty = if matches!(op, BinOp::Shl | BinOp::Shr) { Type::UINT } else { ty.clone() };
                let a = arg(self, regs, 1, &ty);
                let b = arg(self, regs, 2, &rhs_ty);
                a.zip(b).map(|(a, b)| Expr::binary(op, a, b, ty.clone()))
            }
            ("setp", _) if n == 3 && parts.len() == 3 => {
                let cmp = match parts[1] {
                    "eq" => Some(BinOp::Eq),
                    "ne" => Some(BinOp::Ne),
                    "lt" | "lo" => Some(BinOp::Lt),
                    "le" | "ls" => Some(BinOp::Le),
                    "gt" | "hi" => Some(BinOp::Gt),
                    "ge" | "hs" => Some(BinOp::Ge),
                    _ => None,
                };
                let a = arg(self, regs, 1, &ty);
                let b = arg(self, regs, 2, &ty);
                cmp.zip(a.zip(b)).map(|(op, (a, b))| Expr::binary(op, a, b, Type::Bool))
            }
            ("selp", _) if n == 4 => {
                let a = arg(self, regs, 1, &ty);
                let b = arg(self, regs, 2, &ty);
                let c = arg(self, regs, 3, &Type::Bool);
                match (a, b, c) {
                    (Some(a), Some(b), Some(c)) => {
                        Some(Expr::Select { cond: Box::new(c), then: Box::new(a), els: Box::new(b), ty: ty.clone() })
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let ty = if parts[0] == "setp" { Type::Bool } else { ty };
        let value = match value {
            Some(v) => v,
            None => self.ptx_fresh(&format!("value of inline PTX `{}`", insn.opcode), ty, span),
        };
        self.ptx_assign(regs, insn.args.first(), vec![value]);
    }
}

/// The register an operand names.
pub(super) fn reg_of(arg: &Arg) -> Option<Reg> {
    match arg {
        Arg::Op(i) => Some(Reg::Op(*i)),
        Arg::Local(s) => Some(Reg::Local(s.clone())),
        _ => None,
    }
}
