//! What one launch may make the simulator allocate.
//!
//! Every size the input controls (a buffer's elements, a type's size, the
//! dynamic shared memory, the geometry, the number of resident blocks) is
//! checked against these limits before anything is allocated, and a launch
//! over one is refused with an [`OverLimit`] that says what it needs: the
//! process never aborts because an allocation of the program's size failed.
//! Allocations sized by the input are also fallible (`try_reserve`), so a
//! host with less memory than the limits assume gets an error, not an abort.
//!
//! The limits are far above what a GPU allows a kernel (48 to 228 KiB of
//! shared memory a block, 1024 threads a block, 512 KiB of local memory a
//! thread), except global memory, all of which a run keeps in host memory.

use std::fmt;

/// The global memory of a launch, together: its buffers, its `__device__`
/// and `__constant__` variables, and what buffers of unknown size grow to.
pub const MAX_GLOBAL_BYTES: u64 = 1 << 30;

/// The most a buffer of unknown size (no flag and no allocation of the
/// host code gives one) grows to as the kernel touches it; it starts at one
/// element per thread of the launch, or this, whichever is less.
pub const MAX_ELASTIC_BYTES: u64 = 1 << 26;

/// A block's shared memory, static and dynamic: far beyond a GPU's (a
/// test kernel may declare megabytes), bounded by what the resident blocks
/// may hold together.
pub const MAX_SHARED_BYTES: u64 = 1 << 26;

/// A thread's local memory: its arrays, structs and variables whose
/// address is taken.
pub const MAX_LOCAL_BYTES: u64 = 1 << 20;

/// A struct passed to the kernel by value (CUDA allows 32 KiB of arguments).
pub const MAX_ARGUMENT_BYTES: u64 = 1 << 20;

/// The threads of a block.
pub const MAX_BLOCK_THREADS: u64 = 1 << 16;

/// The blocks of a grid. Blocks are numbered with 32 bits.
pub const MAX_GRID_BLOCKS: u64 = u32::MAX as u64;

/// The blocks a run runs: every block of the grid unless the request names
/// some (a replay of a witness runs only the blocks it names, of a grid that
/// may be far larger).
pub const MAX_RUN_BLOCKS: u64 = 1 << 24;

/// The memory of the blocks resident at once: their shared memory and their
/// threads' registers, local memory and bookkeeping. The default number of
/// resident blocks is lowered to fit; a kernel with a grid barrier (every
/// block resident) or a request for more resident blocks that does not fit
/// is refused.
pub const MAX_RESIDENT_BYTES: u64 = 1 << 30;

/// What the machine and the detectors keep for one thread besides its
/// registers and local memory, generously: its state, its vector clock's
/// entries and its knowledge of other threads.
pub(crate) const THREAD_BYTES: u64 = 512;

/// What a register costs a thread: its value and its poison mark.
pub(crate) const REGISTER_BYTES: u64 = 20;

/// What a launch needs that is over one of the simulator's limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverLimit {
    /// What needs it: "a buffer `out`", "a block", "a grid".
    pub what: String,
    pub needs: u64,
    pub limit: u64,
    pub unit: Unit,
}

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    Threads,
    Blocks,
}

impl fmt::Display for OverLimit {
    /// `a buffer `out` of 64 GiB, over the simulator's limit of 1 GiB`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (needs, limit) = (amount(self.needs, self.unit), amount(self.limit, self.unit));
        write!(f, "{} of {needs}, over the simulator's limit of {limit}", self.what)
    }
}

/// `Err` when `needs` is over `limit`.
pub(crate) fn check(what: impl FnOnce() -> String, needs: u64, limit: u64, unit: Unit) -> Result<(), OverLimit> {
    if needs > limit {
        return Err(OverLimit { what: what(), needs, limit, unit });
    }
    Ok(())
}

/// An amount as a reader takes it in: `64 GiB`, `1.5 MiB`, `300 bytes`,
/// `2147483647 blocks`.
pub fn amount(n: u64, unit: Unit) -> String {
    match unit {
        Unit::Threads => format!("{n} threads"),
        Unit::Blocks => format!("{n} blocks"),
        Unit::Bytes => {
            for (size, name) in [(1u64 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
                if n >= size {
                    // One decimal, none when it is zero: `64 GiB` for 64 GiB
                    // and 512 bytes, which a reader takes as 64 GiB anyway.
                    let text = format!("{:.1}", n as f64 / size as f64);
                    return format!("{} {name}", text.strip_suffix(".0").unwrap_or(&text));
                }
            }
            format!("{n} bytes")
        }
    }
}

/// `n` zero bytes, or `None` when the host's allocator refuses them.
pub(crate) fn zeroed(n: u64) -> Option<Vec<u8>> {
    let n = usize::try_from(n).ok()?;
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(n).ok()?;
    bytes.resize(n, 0);
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_a_person_writes_them() {
        assert_eq!(amount(1 << 36, Unit::Bytes), "64 GiB");
        assert_eq!(amount((1 << 36) + 512, Unit::Bytes), "64 GiB");
        assert_eq!(amount(3 << 19, Unit::Bytes), "1.5 MiB");
        assert_eq!(amount(300, Unit::Bytes), "300 bytes");
        assert_eq!(amount(2_147_483_647, Unit::Blocks), "2147483647 blocks");
    }

    #[test]
    fn an_over_limit_says_what_needs_how_much() {
        let over = check(|| "a buffer `out`".into(), 1 << 36, MAX_GLOBAL_BYTES, Unit::Bytes).unwrap_err();
        assert_eq!(over.to_string(), "a buffer `out` of 64 GiB, over the simulator's limit of 1 GiB");
        assert_eq!(check(|| unreachable!("within the limit"), 1 << 30, MAX_GLOBAL_BYTES, Unit::Bytes), Ok(()));
    }
}
