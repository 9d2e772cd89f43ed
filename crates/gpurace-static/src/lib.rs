//! gpurace static engine: decides, kernel by kernel, whether a lowered
//! [`gpurace_ir::Program`] can race.
//!
//! The entry point is [`check`]: it takes a program and the launch geometry the
//! user gave ([`Config`]) and returns one [`KernelResult`] per kernel, each with
//! a [`Verdict`] and the [`Race`]s it found.
//!
//! [`check_sites`] does the same once per launch site, with the facts the
//! host-guided analysis (`gpurace-host`) derived for it ([`Site`]).
//!
//! The stages: [`exec`] runs one symbolic thread over a kernel and produces
//! its [`trace::Trace`]; `check` pairs the trace's events, prunes the pairs
//! it can decide by their form, and asks the solver (`smt`) about the rest.
//!
//! This crate does no IO and knows no output format: `gpurace-report` converts
//! its types by hand into the JSON and SARIF shapes. The result types live in
//! `gpurace-core` and are re-exported here. Its tests live next to the code.

mod check;
mod config;
pub mod exec;
mod sample;
mod shape;
pub mod show;
mod smt;
pub mod trace;

pub use check::{check, check_sites, constant_params};
pub use config::{Config, Effort, SolverDebug, SolverKind};
pub use exec::{trace, Constants, Symbolic};
pub use gpurace_core::c::width;
pub use gpurace_core::{
    term, AccessMode, Certainty, HostValue, KernelResult, Location, Profile, Race, RaceClass, RaceKind, Site, Verdict,
    Witness,
};
pub use sample::{sample_launch, NoSample, Sample};
pub use smt::WATCHDOG;

/// The build of Bitwuzla gpurace links (`tools/install-bitwuzla`'s recipe):
/// another build may decide queries differently, so cached results name it.
pub const BITWUZLA_BUILD: &str = env!("GPURACE_BITWUZLA");
