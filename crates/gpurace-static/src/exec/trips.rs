//! Whether an inner loop runs the same number of iterations in every
//! iteration of a loop around it, read from the IR without executing it.
//!
//! Barrier counts multiply: a loop whose iterations each run an inner barrier
//! loop passes `trip(inner) * m(inner)` barriers per iteration, and the count
//! after it is `trip(outer)` times that. The executor names one trip count per
//! inner loop (a thread's symbol), so the product is only the count when the
//! inner trip is the same in every outer iteration. A bitonic sort's
//! `for (k = 2; k <= N; k <<= 1) for (j = k >> 1; j > 0; j >>= 1) {...
//! __syncthreads(); }` is not: its inner trip grows with `k`, and one symbol
//! for it let a thread's count after the nest equal a count inside it, a
//! race reported between a write and a read a barrier apart. Such a loop
//! passes an unknown number of barriers per iteration (approximate).
//!
//! The test is syntactic and errs towards "varies": every variable the inner
//! loop's test depends on (through the definitions in the inner loop, to a
//! fixpoint) is either never defined in the outer loop, or reset before each
//! run of the inner loop (in its initialiser, or by a straight-line
//! definition just before it in its block) from values the outer loop never
//! defines, and defined nowhere else in the outer loop.

use std::collections::{BTreeSet, HashMap};

use gpurace_ir::{Expr, Loop, Stmt, VarId};

use super::scan::count_defs;

/// Whether the trip count of `inner` is the same in every iteration of the
/// loop whose definitions per variable are `outer_defs` (all its parts, any
/// depth); `before` are the statements preceding `inner` in its block.
pub(super) fn trip_invariant(inner: &Loop, before: &[Stmt], outer_defs: &HashMap<VarId, usize>) -> bool {
    let Some(cond) = &inner.cond else { return false };
    let parts = [before, &inner.init, &inner.cond_pre, &inner.body, &inner.step];
    let mut opaque = false;
    for part in parts {
        gpurace_ir::walk_stmts(part, &mut |s| opaque |= matches!(s, Stmt::Unknown { .. }));
    }
    if opaque {
        return false;
    }
    let constant = |v: &VarId| outer_defs.get(v).copied().unwrap_or(0) == 0;
    let mut defs = HashMap::new();
    for part in [before, &inner.init, &inner.cond_pre, &inner.body, &inner.step] {
        count_defs(part, &mut defs);
    }
    let mut todo = Vec::new();
    if !expr_reads(cond, &mut todo) {
        return false;
    }
    let mut seen = BTreeSet::new();
    while let Some(v) = todo.pop() {
        if !seen.insert(v) || constant(&v) {
            continue;
        }
        // Defined in the outer loop only here, and reset before each run.
        if outer_defs.get(&v) != defs.get(&v) || !reset_at_entry(before, &inner.init, v, &constant) {
            return false;
        }
        for part in [&inner.cond_pre, &inner.body, &inner.step] {
            if !definition_reads(part, v, &mut todo) {
                return false;
            }
        }
    }
    true
}

/// Whether `v` holds the same value whenever the inner loop starts: its last
/// definition in the straight-line code before the loop (`before`, then the
/// loop's initialiser) reads only what the outer loop never defines, and no
/// definition of it there is nested in a branch or loop.
fn reset_at_entry(before: &[Stmt], init: &[Stmt], v: VarId, constant: &dyn Fn(&VarId) -> bool) -> bool {
    let mut nested = HashMap::new();
    count_defs(before, &mut nested);
    count_defs(init, &mut nested);
    let top: Vec<Option<&Expr>> = before
        .iter()
        .chain(init)
        .filter_map(|s| match s {
            Stmt::Decl { var, init } if *var == v => Some(init.as_ref()),
            Stmt::Assign { var, value } if *var == v => Some(Some(value)),
            _ => None,
        })
        .collect();
    let Some(Some(last)) = top.last() else { return false };
    let mut reads = Vec::new();
    nested.get(&v).copied().unwrap_or(0) == top.len() && expr_reads(last, &mut reads) && reads.iter().all(constant)
}

/// Pushes the variables the definitions of `v` in `stmts` read; false when
/// one is not a plain expression (a read of memory, a call, a collective).
fn definition_reads(stmts: &[Stmt], v: VarId, out: &mut Vec<VarId>) -> bool {
    let mut plain = true;
    gpurace_ir::walk_stmts(stmts, &mut |s| match s {
        Stmt::Decl { var, init: Some(e) } if *var == v => plain &= expr_reads(e, out),
        Stmt::Assign { var, value } if *var == v => plain &= expr_reads(value, out),
        Stmt::Read { dst, .. } if *dst == v => plain = false,
        Stmt::Atomic { dst: Some(d), .. }
        | Stmt::WarpOp { dst: Some(d), .. }
        | Stmt::Call { dst: Some(d), .. }
        | Stmt::Inlined { result: Some(d), .. }
            if *d == v =>
        {
            plain = false
        }
        _ => {}
    });
    plain
}

/// Pushes the variables `e` reads; false when it holds a call or something
/// the lowering did not model.
fn expr_reads(e: &Expr, out: &mut Vec<VarId>) -> bool {
    let mut plain = true;
    e.visit(&mut |x| match x {
        Expr::Var(v) => out.push(*v),
        Expr::Call { .. } | Expr::Unknown { .. } => plain = false,
        _ => {}
    });
    plain
}

#[cfg(test)]
mod tests {
    use gpurace_ir::{BinOp, Block, LoopId, LoopKind, Span, Type};

    use super::*;

    const K: VarId = VarId(0);
    const J: VarId = VarId(1);
    const N: VarId = VarId(2);

    fn var(v: VarId) -> Expr {
        Expr::Var(v)
    }

    fn int(v: i128) -> Expr {
        Expr::int(v, Type::UINT)
    }

    fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
        Expr::binary(op, l, r, Type::UINT)
    }

    /// `for (j = init; j < bound; j += 1) {}`, or a `while (j < bound)` loop
    /// without an initialiser.
    fn inner(init: Option<Expr>, bound: Expr) -> Loop {
        let init: Block = init.map(|e| vec![Stmt::Decl { var: J, init: Some(e) }]).unwrap_or_default();
        Loop {
            id: LoopId(1),
            kind: if init.is_empty() { LoopKind::While } else { LoopKind::For },
            init,
            cond_pre: Vec::new(),
            cond: Some(bin(BinOp::Lt, var(J), bound)),
            step: vec![Stmt::Assign { var: J, value: bin(BinOp::Add, var(J), int(1)) }],
            body: Vec::new(),
            pattern: None,
            span: Span::NONE,
        }
    }

    /// The definitions of an outer loop over `k` around `lp`, with `before`.
    fn outer_defs(lp: &Loop, before: &[Stmt]) -> HashMap<VarId, usize> {
        let mut defs = HashMap::new();
        let step = vec![Stmt::Assign { var: K, value: bin(BinOp::Add, var(K), int(1)) }];
        let body: Vec<Stmt> = before.iter().cloned().chain([Stmt::Loop(Box::new(lp.clone()))]).collect();
        count_defs(&body, &mut defs);
        count_defs(&step, &mut defs);
        defs
    }

    #[test]
    fn a_constant_or_parameter_bound_is_the_same_each_time() {
        let lp = inner(Some(int(0)), int(4));
        assert!(trip_invariant(&lp, &[], &outer_defs(&lp, &[])));
        // `n` is never defined in the outer loop.
        let lp = inner(Some(int(0)), var(N));
        assert!(trip_invariant(&lp, &[], &outer_defs(&lp, &[])));
    }

    #[test]
    fn a_bound_or_start_that_follows_the_outer_loop_varies() {
        // for (j = 0; j < k; j++): the triangular nest.
        let lp = inner(Some(int(0)), var(K));
        assert!(!trip_invariant(&lp, &[], &outer_defs(&lp, &[])));
        // for (j = k >> 1; ...): the bitonic sort's inner loop.
        let lp = inner(Some(bin(BinOp::Shr, var(K), int(1))), int(64));
        assert!(!trip_invariant(&lp, &[], &outer_defs(&lp, &[])));
    }

    #[test]
    fn a_counter_not_reset_before_the_loop_varies() {
        // while (j < 4) { j++; }: the second outer iteration runs none.
        let lp = inner(None, int(4));
        assert!(!trip_invariant(&lp, &[], &outer_defs(&lp, &[])));
        // j = 0; while (j < 4) { j++; }: reset each time.
        let reset = [Stmt::Assign { var: J, value: int(0) }];
        assert!(trip_invariant(&lp, &reset, &outer_defs(&lp, &reset)));
        // j = k; while (j < 4) { j++; }: reset from what the outer loop moves.
        let from_k = [Stmt::Assign { var: J, value: var(K) }];
        assert!(!trip_invariant(&lp, &from_k, &outer_defs(&lp, &from_k)));
    }

    #[test]
    fn a_bound_an_unmodelled_statement_or_a_branch_may_define_varies() {
        let lp = inner(Some(int(0)), var(N));
        let read = [Stmt::Unknown { reason: "stands for a read".into(), span: Span::NONE }];
        // A statement the lowering does not model may define anything.
        assert!(!trip_invariant(&lp, &read, &outer_defs(&lp, &read)));
        let mut opaque = lp.clone();
        opaque.body.push(read[0].clone());
        assert!(!trip_invariant(&opaque, &[], &outer_defs(&opaque, &[])));
        let branch = [Stmt::If {
            cond: var(K),
            then: vec![Stmt::Assign { var: N, value: int(3) }],
            els: Vec::new(),
            span: Span::NONE,
        }];
        assert!(!trip_invariant(&lp, &branch, &outer_defs(&lp, &branch)));
    }
}
