//! gpurace linker: the translation units of one program joined into one
//! IR [`Program`](gpurace_ir::Program).
//!
//! Each unit is parsed and lowered on its own; [`symbols`] says what a unit
//! defines, what it needs from others (a launch wrapper `main.cpp` calls, a
//! kernel `main.cu` launches) and what it offers them (a wrapper nothing in
//! it calls, a kernel it never launches); [`link`] joins the units the
//! caller chose, by name, as a linker would, so that host evaluation
//! follows a call from `main` in one unit into a wrapper in another and
//! reaches the launch with its facts.
//!
//! Names are the ones the front-end gives (a function's name, with its
//! template arguments where several definitions share it), not mangled
//! names: clang's text dump does not carry those. Two units that define one
//! name at different places keep both definitions, each unit's calls
//! reaching its own.
//!
//! No IO: choosing which units form a program (a compilation database, the
//! files on the command line) is the caller's.

mod merge;
mod remap;
mod symbols;

pub use merge::{link, Linked};
pub use symbols::{symbols, Symbols};
