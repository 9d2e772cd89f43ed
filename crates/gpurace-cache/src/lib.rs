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
//! ([`tool_identity`]): a rebuilt gpurace never reads what another build
//! wrote. Entries are written to a temporary file and renamed, so concurrent
//! runs never read a half-written one; an entry that cannot be read is a
//! miss. Nothing is ever evicted: delete the folder to reclaim its space.

mod key;
mod store;

pub use key::{tool_identity, Key};
pub use store::Cache;

/// The bytes a value is stored as (for keying by a value's content).
pub fn serialize<T: serde::Serialize>(value: &T) -> Option<Vec<u8>> {
    bincode::serialize(value).ok()
}
