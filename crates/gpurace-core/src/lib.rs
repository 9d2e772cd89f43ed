//! gpurace's C-semantics core: what a value means, shared by every stage
//! that computes with the IR.
//!
//! Host evaluation (`gpurace-host`) and kernel execution (`gpurace-static`)
//! evaluate IR expressions with one evaluator ([`cexpr`]) into one kind of
//! value ([`term`]), with one set of C rules ([`c`], [`arith`]); a witness is
//! re-checked and a simulator computes with one concrete evaluator
//! ([`eval`]). The result vocabulary every stage and format shares (sites,
//! races, verdicts) lives here too, so that reports need not link the solver.
//!
//! A [`Profile`] sums where a file's analysis time goes.
//!
//! This crate does no IO and links no solver.

pub mod arith;
pub mod c;
pub mod cexpr;
pub mod eval;
pub mod poly;
pub mod profile;
pub mod race;
pub mod site;
pub mod term;
pub mod verdict;

pub use profile::{Phase, Profile};
pub use race::{AccessMode, Certainty, Engine, Holds, Location, Race, RaceClass, RaceKind, Replay, Witness};
pub use site::{HostValue, Origin, Site, Unrolling};
pub use verdict::{KernelResult, Verdict};
