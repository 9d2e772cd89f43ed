//! Queries and their translation to z3.
//!
//! A [`Query`] asks whether thread 1 and thread 2 can satisfy a set of
//! per-thread facts together, with some values equal across the threads, two
//! byte ranges overlapping and the two threads in a given [`Relation`]. Terms
//! are instantiated per thread here: a per-thread leaf becomes one solver
//! constant for each thread, a shared leaf one for both.
//!
//! One [`Solver`] (one z3 context) serves all the queries of a worker thread:
//! the facts common to every query of a kernel are asserted once, each query
//! is pushed and popped above them.

mod encode;
mod lemmas;
mod query;
mod solver;

pub use query::{group_holds, overlaps, relation_holds, Answer, Assignment, Link, Query, Relation};
pub use solver::{Solver, WATCHDOG};
