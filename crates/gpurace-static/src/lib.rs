//! gpurace static engine: decides, kernel by kernel, whether a lowered
//! [`gpurace_ir::Program`] can race.
//!
//! The entry point is [`check`]: it takes a program and the launch geometry the
//! user gave ([`Config`]) and returns one [`KernelResult`] per kernel, each with
//! a [`Verdict`] and the [`Race`]s it found.
//!
//! For now this crate is a stub: every kernel is `Unknown` with the reason
//! "no analysis yet". Its result types are already the ones the real engine
//! will fill, so that `gpurace-report` and `gpurace-cli` do not change when it
//! lands.
//!
//! This crate does no IO and knows no output format: `gpurace-report` converts
//! its types by hand into the JSON and SARIF shapes. Its tests live next to the
//! code.

mod check;
mod exec;
mod race;
mod smt;
mod term;
mod verdict;

pub use check::{check, Config};
pub use race::{AccessMode, Certainty, Location, Race, RaceClass, RaceKind, Witness};
pub use verdict::{KernelResult, Verdict};
