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
//! This crate does no IO and knows no output format: `gpurace-report` converts
//! its types by hand into the JSON and SARIF shapes. Its tests live next to the
//! code.

mod check;
mod exec;
mod race;
mod site;
mod smt;
pub mod term;
mod verdict;

pub use check::{check, check_sites, Config};
pub use exec::width;
pub use race::{AccessMode, Certainty, Location, Race, RaceClass, RaceKind, Witness};
pub use site::{HostValue, Site};
pub use verdict::{KernelResult, Verdict};
