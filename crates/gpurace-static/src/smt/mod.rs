//! Queries and their translation to SMT solvers.
//!
//! A [`Query`] asks whether thread 1 and thread 2 can satisfy a set of
//! per-thread facts together, with some values equal across the threads, two
//! byte ranges overlapping and the two threads in a given [`Relation`]. Terms
//! are instantiated per thread here: a per-thread leaf becomes one solver
//! constant for each thread, a shared leaf one for both.
//!
//! One [`Solver`] (one backend: a Bitwuzla or a z3 instance) serves all the
//! queries of a worker thread: the facts common to every query of a kernel
//! are asserted once, each query is pushed and popped above them.
//!
//! The layers: `query.rs` what a query is (no solver); `encode.rs` and
//! `lemmas.rs` the engine's terms, links, relations and product facts as
//! solver terms, written once over `backend.rs`'s [`backend::Backend`];
//! `solver.rs` common facts, budgets and the check strategy; `bitwuzla.rs`
//! and `z3.rs` the two backends.

mod backend;
mod bitwuzla;
mod encode;
mod lemmas;
mod query;
mod relax;
mod solver;
mod z3;

pub use query::{group_holds, overlaps, relation_holds, Answer, Assignment, Link, Query, Relation};
pub use solver::{Solver, WATCHDOG};
