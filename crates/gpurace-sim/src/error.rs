//! Why a launch cannot be run at all: the request does not fit the kernel,
//! or the launch needs more than the simulator's limits (`limits.rs`). A
//! run that starts and stops early is not an error: it is a
//! [`crate::RunError`] in the outcome.
//!
//! The messages name no flag: the same request comes from `gpurace run`'s
//! flags and from `gpurace check --confirm`'s witnesses, and each command
//! says in its own terms how to change it.

use crate::limits::{amount, OverLimit, Unit};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The request does not fit the kernel: a parameter it does not have, a
    /// value that is not of its parameter's type, an unknown detector, a
    /// geometry without threads.
    #[error("{0}")]
    Request(String),
    /// Scalar parameters of the kernel that the request gives no value, by
    /// name.
    #[error("the kernel's scalar parameters have no value: `{}`", .0.join("`, `"))]
    MissingArgs(Vec<String>),
    /// The launch needs more than one of the simulator's limits allows.
    #[error("the launch needs {0}")]
    Limit(OverLimit),
    /// The host's allocator refused memory that is within the limits.
    #[error("the host has no memory for {what} ({})", amount(*bytes, Unit::Bytes))]
    Memory { what: String, bytes: u64 },
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Request(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::Request(message.to_string())
    }
}

impl From<OverLimit> for Error {
    fn from(over: OverLimit) -> Error {
        Error::Limit(over)
    }
}
