//! What the engine needs of an SMT solver, and nothing more: bit-vector and
//! truth-valued terms, uninterpreted functions, assertions in nested scopes,
//! a check under a deterministic work limit, and the values of a model.
//!
//! Everything above this trait (`encode.rs`, `lemmas.rs`, `solver.rs`) is
//! written once, over [`Handle`]s; each solver is one file that implements
//! it (`z3.rs`, `bitwuzla.rs`). A backend is never shared between threads:
//! each solver lane makes its own.

use std::time::Duration;

use gpurace_core::term::{BvOp, CmpOp};

/// A term of one backend, by its number there. Handles of two backends are
/// never mixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handle(pub u64);

/// An operation on terms. Widths are checked by the caller (`Solver`): a
/// backend may assume every operand has the sort its operation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Not,
    And,
    Or,
    /// `if a then b else c`.
    Ite,
    /// Equality of two terms of one sort.
    Eq,
    Bv(BvOp),
    /// `a op b` on bit-vectors; `SMulFits` is true when the signed product
    /// does not overflow.
    Cmp(CmpOp),
    /// Sign (`true`) or zero extension by this many bits.
    Extend(bool, u32),
    /// Bits `hi..=lo`.
    Extract(u32, u32),
}

/// What one check said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Sat,
    Unsat,
    /// Undecided, with the solver's reason in words a cache can tell apart.
    Unknown(String),
}

/// The limits of one check: solver work (deterministic, in the engine's
/// work units, see [`Backend::work`]) and a wall-clock safety net.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub work: u64,
    pub time: Duration,
}

/// An SMT solver the engine can encode its queries into.
pub trait Backend {
    /// The solver's name, for reports and `--query-stats`.
    fn name(&self) -> &'static str;
    /// A constant of `width` bits (`width` 0: a truth value, true unless 0).
    fn constant(&mut self, value: u128, width: u32) -> Handle;
    /// A free constant of `width` bits (0: a truth value), by name: equal
    /// names give the same constant.
    fn var(&mut self, name: &str, width: u32) -> Handle;
    /// An application of the uninterpreted function `name` (of argument
    /// widths `domain`, result width `width`).
    fn apply(&mut self, name: &str, domain: &[u32], width: u32, args: &[Handle]) -> Handle;
    fn op(&mut self, op: Op, args: &[Handle]) -> Handle;

    fn assert(&mut self, fact: Handle);
    fn push(&mut self);
    fn pop(&mut self);
    /// Checks the assertions of every open scope.
    fn check(&mut self, limit: Limit) -> Status;
    /// Checks `facts` alone in a fresh solver over the same terms (the
    /// solver's own assertions left out); the values of its model, when it
    /// has one, are what [`Backend::value`] gives until the next check.
    fn check_fresh(&mut self, facts: &[Handle], limit: Limit) -> Status;
    /// The value of `term` in the model of the last check that said `Sat`.
    fn value(&mut self, term: Handle) -> Option<u128>;
    /// The work this backend has done so far, in the engine's work units:
    /// deterministic (the same calls give the same count on any machine and
    /// under any load).
    fn work(&self) -> u64;
    /// What the last check's solver says about its own work, for
    /// `--query-stats` (Bitwuzla: the size of the bit-blasted formula).
    fn last_stats(&mut self) -> String {
        String::new()
    }
    /// The assertions of every open scope and `extra`, as SMT-LIB (for
    /// `--solver-dump`).
    fn smtlib(&mut self, extra: &[Handle]) -> String;
    /// Whether the next checks that stay undecided are asked again over
    /// the integers (`relax/`); backends without a relaxation ignore it.
    fn set_relaxation(&mut self, _on: bool) {}
}
