//! gpurace's on-disk cache, so that re-checking an unchanged file costs
//! about as little as hashing it.
//!
//! Two kinds of entries, in one folder (the CLI's default is
//! `$XDG_CACHE_HOME/gpurace/cache`):
//! - **units**: a lowered translation unit, under a key of how it was
//!   parsed (its path, clang's flags), with the files clang read for it and
//!   a hash of each ([`Cache::get_unit`] returns it only while every one of
//!   them still has that content);
//! - **results**: an analysis result, under a key of everything the
//!   analysis sees (the linked program, the settings); budgets are work, not
//!   seconds, so the same key gives the same result.
//!
//! Every key is mixed with the identity of the running binary
//! ([`tool_identity`], a hash of its content): another build never reads
//! what this one wrote, and the same build on another machine does.
//! Entries are written to a temporary file and renamed, so concurrent
//! runs never read a half-written one. Each entry carries its key and a
//! hash of its content ([`envelope`]): a truncated, altered or misplaced
//! entry is ignored, counted and reported ([`Cache::usage`]), never used.
//! Nothing is ever evicted: delete the folder to reclaim its space.
//!
//! A **shared store** ([`Remote`]: Redis, S3-compatible, WebDAV, a shared
//! folder, through OpenDAL) can stand behind the folder: a local miss is
//! looked for there, and entries are written to both (not to a read-only
//! store). Entries hold results, never code.

mod envelope;
mod key;
mod remote;
mod store;

pub use key::{tool_identity, Key};
pub use remote::Remote;
pub use store::{Cache, Usage};

/// The bytes a value is stored as (for keying by a value's content).
pub fn serialize<T: serde::Serialize>(value: &T) -> Option<Vec<u8>> {
    bincode::serialize(value).ok()
}
