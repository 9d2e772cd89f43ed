//! Syntactic scans of the IR that execution and checking ask before
//! executing: which variables a block writes, whether it jumps, whether it
//! synchronises, which dimensions a kernel reads.

use std::collections::{BTreeSet, HashMap};

use gpurace_ir::{Access, Barrier, Base, Builtin, Dim, Expr, Kernel, Stmt, VarId};

use super::patterns::barrier_sync;

/// Local variables a block may write through memory (any depth).
pub(super) fn local_writes(stmts: &[Stmt], out: &mut BTreeSet<u32>) {
    gpurace_ir::walk_stmts(stmts, &mut |stmt| {
        if let Stmt::Write { access, .. } | Stmt::Atomic { access, .. } = stmt {
            match &access.base {
                Base::Local(v) => {
                    out.insert(v.0);
                }
                // Through a pointer: may be any local variable.
                Base::Dynamic(_) => {
                    out.insert(u32::MAX);
                }
                _ => {}
            }
        }
    });
}

/// How many times each variable is defined in a block (any depth): `Decl`,
/// `Assign`, and the results of reads, atomics, warp collectives, calls and
/// inlined functions.
pub(super) fn count_defs(stmts: &[Stmt], out: &mut HashMap<VarId, usize>) {
    gpurace_ir::walk_stmts(stmts, &mut |stmt| match stmt {
        Stmt::Decl { var: v, .. }
        | Stmt::Assign { var: v, .. }
        | Stmt::Read { dst: v, .. }
        | Stmt::Atomic { dst: Some(v), .. }
        | Stmt::WarpOp { dst: Some(v), .. }
        | Stmt::Call { dst: Some(v), .. }
        | Stmt::Inlined { result: Some(v), .. } => *out.entry(*v).or_default() += 1,
        _ => {}
    });
}

/// Whether a loop body may leave an iteration early (`continue`, `break`,
/// `return`, `exit`), ignoring jumps that stay inside nested loops.
pub(super) fn has_jump(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. } => true,
        Stmt::If { then, els, .. } => has_jump(then) || has_jump(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => has_jump(b),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| {
            c.body.iter().any(|s| matches!(s, Stmt::Continue | Stmt::Return(_) | Stmt::Exit { .. }))
                || c.body.iter().any(|s| !matches!(s, Stmt::Break) && has_jump(std::slice::from_ref(s)))
        }),
        Stmt::Loop(lp) => lp.body.iter().any(|s| matches!(s, Stmt::Return(_) | Stmt::Exit { .. })),
        _ => false,
    })
}

/// Whether a block contains a barrier the engine counts.
pub fn has_sync(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Barrier { barrier, .. } => barrier_sync(barrier).is_some(),
        Stmt::If { then, els, .. } => has_sync(then) || has_sync(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => has_sync(b),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| has_sync(&c.body)),
        Stmt::Loop(lp) => has_sync(&lp.init) || has_sync(&lp.cond_pre) || has_sync(&lp.body) || has_sync(&lp.step),
        _ => false,
    })
}

/// Calls `f` on every expression of a block (any depth).
pub fn for_each_expr(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    let access = |a: &Access, f: &mut dyn FnMut(&Expr)| {
        a.offset.visit(f);
        if let Base::Dynamic(e) = &a.base {
            e.visit(f);
        }
    };
    for stmt in stmts {
        match stmt {
            Stmt::Decl { init, .. } => init.iter().for_each(|e| e.visit(f)),
            Stmt::Assign { value, .. } => value.visit(f),
            Stmt::Read { access: a, .. } => access(a, f),
            Stmt::Write { access: a, value } => {
                access(a, f);
                value.visit(f);
            }
            Stmt::Atomic { access: a, args, .. } => {
                access(a, f);
                args.iter().for_each(|e| e.visit(f));
            }
            Stmt::If { cond, then, els, .. } => {
                cond.visit(f);
                for_each_expr(then, f);
                for_each_expr(els, f);
            }
            Stmt::Loop(lp) => {
                lp.cond.iter().for_each(|e| e.visit(f));
                for b in [&lp.init, &lp.cond_pre, &lp.body, &lp.step] {
                    for_each_expr(b, f);
                }
            }
            Stmt::Switch { value, cases, .. } => {
                value.visit(f);
                cases.iter().for_each(|c| for_each_expr(&c.body, f));
            }
            Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => for_each_expr(b, f),
            Stmt::Barrier { barrier: Barrier::Warp { mask: e } | Barrier::Tile { size: e }, .. } => e.visit(f),
            Stmt::WarpOp { mask, args, .. } => {
                mask.visit(f);
                args.iter().for_each(|e| e.visit(f));
            }
            Stmt::Assume { cond, .. } | Stmt::Assert { cond, .. } => cond.visit(f),
            Stmt::Return(Some(e)) => e.visit(f),
            Stmt::Call { args, .. } => args.iter().for_each(|e| e.visit(f)),
            _ => {}
        }
    }
}

/// Which dimensions beyond `x` the kernel reads: `[block y, block z, grid y, grid z]`.
pub fn used_dims(kernel: &Kernel) -> [bool; 4] {
    let mut used = [false; 4];
    for_each_expr(&kernel.body, &mut |e| {
        if let Expr::Builtin(b) = e {
            match b {
                Builtin::ThreadIdx(Dim::Y) | Builtin::BlockDim(Dim::Y) => used[0] = true,
                Builtin::ThreadIdx(Dim::Z) | Builtin::BlockDim(Dim::Z) => used[1] = true,
                Builtin::BlockIdx(Dim::Y) | Builtin::GridDim(Dim::Y) => used[2] = true,
                Builtin::BlockIdx(Dim::Z) | Builtin::GridDim(Dim::Z) => used[3] = true,
                _ => {}
            }
        }
    });
    used
}

/// The variables of a loop (`blocks`: its condition, body and step) that
/// only ever hold values read from memory: every definition of one in the
/// loop is a read, an atomic or a warp collective, or an assignment of an
/// expression over such variables (at least one) and values the loop does not
/// change, with nothing the engine does not model in it. At an arbitrary
/// iteration such a variable holds a value that came from memory, so what
/// rests on it is data-dependent rather than approximate (`v = next[v]`,
/// `best = max(best, x[j])`).
pub(super) fn data_driven(blocks: &[&[Stmt]]) -> BTreeSet<VarId> {
    let mut sources = BTreeSet::new();
    let mut defs: Vec<(VarId, Option<Expr>)> = Vec::new();
    for b in blocks {
        gpurace_ir::walk_stmts(b, &mut |stmt| match stmt {
            Stmt::Read { dst, .. } | Stmt::Atomic { dst: Some(dst), .. } | Stmt::WarpOp { dst: Some(dst), .. } => {
                sources.insert(*dst);
            }
            Stmt::Decl { var, init: Some(value) } | Stmt::Assign { var, value } => {
                defs.push((*var, Some(value.clone())))
            }
            Stmt::Decl { var, init: None }
            | Stmt::Call { dst: Some(var), .. }
            | Stmt::Inlined { result: Some(var), .. } => defs.push((*var, None)),
            _ => {}
        });
    }
    let assigned: BTreeSet<VarId> = defs.iter().map(|(v, _)| *v).collect();
    // Assumed data-driven, then refuted until nothing changes.
    let mut data: BTreeSet<VarId> = sources.union(&assigned).copied().collect();
    loop {
        let refuted: Vec<VarId> = defs
            .iter()
            .filter(|(v, value)| {
                data.contains(v)
                    && !sources.contains(v)
                    && !value.as_ref().is_some_and(|e| over_data(e, &data, &assigned))
            })
            .map(|(v, _)| *v)
            .collect();
        if refuted.is_empty() {
            break;
        }
        for v in refuted {
            data.remove(&v);
        }
    }
    // A value reaches a variable from memory only along definitions from a
    // read: `c = c + stride` alone never holds one (it holds its entry value
    // plus steps), though nothing refutes it above.
    let mut reached = sources.clone();
    loop {
        let before = reached.len();
        for (v, value) in &defs {
            let mut from_read = false;
            if let Some(e) = value {
                e.visit(&mut |x| from_read |= matches!(x, Expr::Var(u) if reached.contains(u)));
            }
            if from_read && data.contains(v) {
                reached.insert(*v);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    data.retain(|v| reached.contains(v));
    data
}

/// `e` mentions a variable of `data`, every variable it mentions that the
/// loop changes is one, and it holds nothing the engine does not model.
fn over_data(e: &Expr, data: &BTreeSet<VarId>, assigned: &BTreeSet<VarId>) -> bool {
    let mut some = false;
    let mut fine = true;
    e.visit(&mut |x| match x {
        Expr::Var(v) if data.contains(v) => some = true,
        Expr::Var(v) if assigned.contains(v) => fine = false,
        Expr::Unknown { .. } | Expr::Call { .. } => fine = false,
        _ => {}
    });
    some && fine
}
