//! The memory instructions of inline PTX (`asm.rs`): `ld`, `st`, `atom`,
//! `red` and `cp.async`, as the accesses of the CUDA code they stand for.
//! Child module of `func`.

use gpurace_ir::{AccessKind, AtomicOp, Base, BinOp, Expr, Space, Span, Stmt, Type, VarKind};

use super::asm::{insn_scope, insn_type, Regs};
use super::{add_offset, FnLower, Place};
use crate::ptx::{Arg, Insn};

/// The write of a `cp.async` copy, done again where the copy is waited for.
#[derive(Debug, Clone)]
pub struct PendingCopy {
    place: Place,
    value: Expr,
    span: Span,
}

/// The memory space an instruction's qualifiers name.
fn insn_space(insn: &Insn) -> Option<Space> {
    let parts = insn.parts();
    // `cp.async.ca.shared.global`: the destination's space comes first.
    parts.iter().skip(1).find_map(|p| match *p {
        "global" => Some(Space::Global),
        "shared" => Some(Space::Shared),
        "local" => Some(Space::Local),
        "const" => Some(Space::Constant),
        _ => None,
    })
}

fn atomic_op(insn: &Insn) -> Option<AtomicOp> {
    insn.parts().iter().skip(1).find_map(|p| match *p {
        "add" => Some(AtomicOp::Add),
        "inc" => Some(AtomicOp::Inc),
        "dec" => Some(AtomicOp::Dec),
        "min" => Some(AtomicOp::Min),
        "max" => Some(AtomicOp::Max),
        "and" => Some(AtomicOp::And),
        "or" => Some(AtomicOp::Or),
        "xor" => Some(AtomicOp::Xor),
        "exch" => Some(AtomicOp::Exch),
        "cas" => Some(AtomicOp::Cas),
        _ => None,
    })
}

impl FnLower<'_, '_> {
    /// The base and byte offset an address value points at, through the
    /// integer casts and additions of address arithmetic, the variables that
    /// hold it and `__cvta_generic_to_shared`.
    fn ptx_address(&self, e: &Expr, depth: u32) -> Option<(Base, Expr)> {
        if depth > 16 {
            return None;
        }
        match e {
            Expr::Addr { base, offset, .. } => Some(((**base).clone(), (**offset).clone())),
            Expr::Cast { arg, .. } => self.ptx_address(arg, depth + 1),
            Expr::Call { func, args, .. } if func.starts_with("__cvta_generic_to_") && args.len() == 1 => {
                self.ptx_address(&args[0], depth + 1)
            }
            Expr::Binary { op: op @ (BinOp::Add | BinOp::Sub), lhs, rhs, .. } => {
                let long = |x: &Expr| Expr::Cast { ty: Type::LONG, arg: Box::new(x.clone()) };
                if let Some((b, o)) = self.ptx_address(lhs, depth + 1) {
                    return Some((b, Expr::binary(*op, o, long(rhs), Type::LONG)));
                }
                match op {
                    BinOp::Add => {
                        let (b, o) = self.ptx_address(rhs, depth + 1)?;
                        Some((b, Expr::binary(BinOp::Add, o, long(lhs), Type::LONG)))
                    }
                    _ => None,
                }
            }
            Expr::Var(v) if !self.mutable_vars.contains(v) => {
                let init = self.blocks.iter().find_map(|b| definition(b, *v))?;
                self.ptx_address(&init, depth + 1)
            }
            _ => None,
        }
    }

    /// The place `[addr+off]` names, of type `ty`, in the space the
    /// instruction names where its pointer's space is not known.
    fn ptx_place(&mut self, insn: &Insn, regs: &Regs, mem: &Arg, ty: Type, span: Span) -> Option<Place> {
        let Arg::Mem { base, offset } = mem else { return None };
        let value = self.ptx_value(regs, base, &Type::ULONG, span);
        let (b, off) = match self.ptx_address(&value, 0) {
            Some(x) => x,
            None => (Base::Dynamic(Box::new(value)), Expr::int(0, Type::LONG)),
        };
        let off = match u64::try_from(*offset) {
            Ok(k) => add_offset(&off, k),
            Err(_) => Expr::binary(BinOp::Add, off, Expr::int(*offset, Type::LONG), Type::LONG),
        };
        let mut space = self.space_of(&b);
        if space == Space::Generic {
            space = insn_space(insn).unwrap_or(Space::Generic);
        }
        let node = match &**base {
            Arg::Op(i) => regs.nodes.get(*i).copied(),
            _ => None,
        };
        let name = match node {
            Some(n) => self.object_name(&b, n, true),
            None => "*".to_string(),
        };
        Some(Place { base: b, space, offset: off, ty, name, volatile: insn.has("volatile") })
    }

    /// The places of an access of `count` elements of `ty` from `[addr]`.
    fn ptx_places(&mut self, insn: &Insn, regs: &Regs, mem: &Arg, ty: &Type, span: Span) -> Option<Vec<Place>> {
        let count = if insn.has("v8") {
            8
        } else if insn.has("v4") {
            4
        } else if insn.has("v2") {
            2
        } else {
            1
        };
        let first = self.ptx_place(insn, regs, mem, ty.clone(), span)?;
        let size = ty.size().unwrap_or(1);
        Some((0..count).map(|k| Place { offset: add_offset(&first.offset, k * size), ..first.clone() }).collect())
    }

    /// `ld`, `st`, `atom`, `red`.
    pub(super) fn ptx_memory(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        let parts = insn.parts();
        let ty = insn_type(insn);
        let scope = insn_scope(insn);
        // `.relaxed`/`.acquire`/`.release` with a scope: atomic, with the
        // fences of its order (as libcu++'s atomics are lowered).
        let ordered = ["relaxed", "acquire", "release", "acq_rel", "sc"].iter().any(|q| insn.has(q));
        let acquires = insn.has("acquire") || insn.has("acq_rel") || insn.has("sc");
        let releases = insn.has("release") || insn.has("acq_rel") || insn.has("sc");
        let (dst, mem, rest) = match parts[0] {
            "st" | "red" => (None, insn.args.first(), insn.args.get(1..).unwrap_or(&[])),
            _ => (insn.args.first(), insn.args.get(1), insn.args.get(2..).unwrap_or(&[])),
        };
        let places = match mem.and_then(|m| self.ptx_places(insn, regs, m, &ty, span)) {
            Some(p) => p,
            None => {
                self.ptx_unknown_stmt(format!("inline PTX `{}` with this address is not modelled", insn.opcode), span);
                let v = self.ptx_fresh(&format!("value of inline PTX `{}`", insn.opcode), ty, span);
                return self.ptx_assign(regs, dst, vec![v]);
            }
        };
        if releases {
            self.emit(Stmt::Fence { scope, span });
        }
        let mut results = Vec::new();
        match parts[0] {
            "ld" | "ldu" => {
                for p in places {
                    let v = self.new_var(&format!("{}.v", p.name), ty.clone(), VarKind::Read, span);
                    if ordered {
                        let kind = AccessKind::Atomic { op: AtomicOp::Load, scope };
                        let access = self.access(&p, kind, span);
                        self.emit(Stmt::Atomic { dst: Some(v), access, args: Vec::new() });
                    } else {
                        let access = self.access(&p, AccessKind::Read, span);
                        self.emit(Stmt::Read { dst: v, access });
                    }
                    results.push(Expr::Var(v));
                }
            }
            "st" => {
                let values: Vec<&Arg> = match rest.first() {
                    Some(Arg::Vector(v)) => v.iter().collect(),
                    Some(a) => vec![a],
                    None => Vec::new(),
                };
                for (p, a) in places.into_iter().zip(values) {
                    let value = self.ptx_value(regs, a, &ty, span);
                    if ordered {
                        let kind = AccessKind::Atomic { op: AtomicOp::Store, scope };
                        let access = self.access(&p, kind, span);
                        self.emit(Stmt::Atomic { dst: None, access, args: vec![value] });
                    } else {
                        self.write(&p, value, span);
                    }
                }
            }
            _ => {
                let Some(op) = atomic_op(insn) else {
                    return self.ptx_unknown_stmt(format!("inline PTX `{}` is not modelled", insn.opcode), span);
                };
                let args: Vec<Expr> = rest.iter().map(|a| self.ptx_value(regs, a, &ty, span)).collect();
                let kind = AccessKind::Atomic { op, scope };
                for p in places.into_iter().take(1) {
                    let access = self.access(&p, kind, span);
                    let v = (parts[0] == "atom").then(|| self.new_var("old", ty.clone(), VarKind::Read, span));
                    self.emit(Stmt::Atomic { dst: v, access, args: args.clone() });
                    results.extend(v.map(Expr::Var));
                }
            }
        }
        if acquires {
            self.emit(Stmt::Fence { scope, span });
        }
        self.ptx_assign(regs, dst, results);
    }

    /// The writes of the `cp.async` copies not yet waited for, where they
    /// complete: at a `cp.async.wait_*`, or at the end of the kernel when
    /// nothing waits for them.
    pub(super) fn complete_copies(&mut self) {
        for c in std::mem::take(&mut self.pending_copies) {
            self.write(&c.place, c.value, c.span);
        }
    }

    /// `cp.async.{ca,cg}.shared.global [dst], [src], SIZE`: a read of the
    /// source and a write of the destination, done where it is issued and
    /// again at the `cp.async.wait_group`/`wait_all` that completes it;
    /// `commit_group` does nothing.
    pub(super) fn ptx_copy(&mut self, insn: &Insn, regs: &mut Regs, span: Span) {
        if insn.has("commit_group") {
            return;
        }
        if insn.has("wait_group") || insn.has("wait_all") {
            return self.complete_copies();
        }
        let size = match insn.args.get(2) {
            Some(Arg::Imm(n)) if (1..=256).contains(n) => *n as u64,
            _ => 0,
        };
        let plain = insn.has("shared") && insn.has("global") && !insn.has("bulk") && size > 0;
        let bytes = Type::Array { elem: Box::new(Type::Int { bits: 8, signed: false }), len: Some(size) };
        let dst = insn.args.first().and_then(|a| self.ptx_place(insn, regs, a, bytes.clone(), span));
        let src = insn.args.get(1).and_then(|a| self.ptx_place(insn, regs, a, bytes.clone(), span));
        let (Some(mut dst), Some(mut src), true) = (dst, src, plain) else {
            return self.ptx_unknown_stmt(format!("inline PTX `{}` is not modelled", insn.opcode), span);
        };
        if src.space == Space::Generic {
            src.space = Space::Global;
        }
        if dst.space == Space::Generic {
            dst.space = Space::Shared;
        }
        let read = self.access(&src, AccessKind::Read, span);
        let v = self.new_var("cp.async.bytes", bytes, VarKind::Read, span);
        self.emit(Stmt::Read { dst: v, access: read });
        dst.offset = self.snapshot(dst.offset, "cp.async.dst", span);
        self.write(&dst, Expr::Var(v), span);
        self.pending_copies.push(PendingCopy { place: dst, value: Expr::Var(v), span });
    }
}

/// The initial value of `v` where a block declares it.
fn definition(block: &[Stmt], v: gpurace_ir::VarId) -> Option<Expr> {
    let mut found = None;
    gpurace_ir::walk_stmts(block, &mut |s| {
        if let Stmt::Decl { var, init: Some(e) } = s {
            if *var == v && found.is_none() {
                found = Some(e.clone());
            }
        }
    });
    found
}
