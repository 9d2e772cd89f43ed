//! Forms of IR expressions read without executing them: casts stripped,
//! the variables an expression mentions, a loop test's bound, an induction
//! step. Helpers of every step of execution; they import nothing of it.

use std::collections::BTreeSet;

use gpurace_ir::{BinOp, Expr, VarId};

/// Whether the loop test compares `var` with `<`, `<=`, `>` or `>=`.
pub(super) fn bounds_var(cond: &Expr, var: VarId) -> bool {
    let mut found = false;
    cond.visit(&mut |e| {
        if let Expr::Binary { op: BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, lhs, rhs, .. } = e {
            found |= [lhs, rhs].iter().any(|x| matches!(strip_casts(x), Expr::Var(v) if *v == var));
        }
    });
    found
}

/// `e` without the casts around it.
pub(super) fn strip_casts(e: &Expr) -> &Expr {
    match e {
        Expr::Cast { arg, .. } => strip_casts(arg),
        other => other,
    }
}

/// `v = v OP e` (through casts): the operator and `e`.
pub(super) fn induction_form(var: VarId, value: &Expr) -> Option<(BinOp, &Expr)> {
    let Expr::Binary { op, lhs, rhs, .. } = strip_casts(value) else { return None };
    let is_var = |e: &Expr| matches!(strip_casts(e), Expr::Var(v) if *v == var);
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Shl | BinOp::Shr if is_var(lhs) => Some((*op, rhs)),
        BinOp::Add | BinOp::Mul if is_var(rhs) => Some((*op, lhs)),
        _ => None,
    }
}

/// Whether `e` mentions any of `vars`.
pub(super) fn mentions_any(e: &Expr, vars: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Var(v) if vars.contains(v)));
    found
}
