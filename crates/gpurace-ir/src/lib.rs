//! The gpurace IR: what the front-end produces and every later stage reads.
//!
//! A [`Program`] holds the lowered kernels (one per template instantiation,
//! `__device__` calls inlined), the lowered host functions, every launch site
//! with the host facts around it, and the source files they point into.
//!
//! The IR keeps full semantics (values computed and stored, structured control
//! flow), not only access indices, so that a simulator can execute it as well as
//! the static engine can analyse it. Memory is touched only by `Read`, `Write`
//! and `Atomic` statements; expressions are pure. A value read from memory is a
//! fresh per-thread variable defined by its `Read`.
//!
//! This crate has no clang types and does no IO. Its tests are the snapshot
//! tests of the front-end, which print the IR with the `Display` impls in
//! [`display`].

mod diag;
pub mod display;
mod expr;
mod host;
mod kernel;
mod span;
mod stmt;
mod ty;

pub use diag::{Diagnostic, Severity};
pub use expr::{BinOp, Builtin, Dim, Expr, UnOp};
pub use host::{source_name, Alloc, AllocKind, HostFact, HostFunction, Launch, LaunchForm};
pub use kernel::{Global, GlobalId, Initial, Kernel, Param, Program, SharedId, SharedVar, Var, VarId, VarKind};
pub use span::{FileId, Span};
pub use stmt::{
    number_nodes, walk_stmts, Access, AccessId, AccessKind, AtomicOp, Barrier, Base, Block, Case, Loop, LoopId,
    LoopKind, LoopPattern, Scope, Space, StepOp, Stmt, FUNCTION_VALUE_PREFIX, INDIRECT_CALL,
};
pub use ty::{Field, Record, Type};
