//! The simulated memory: one 64-bit address space, as CUDA's generic
//! addressing has, with byte-exact contents.
//!
//! - Global memory (kernel buffers, `__device__` and `__constant__`
//!   variables) is a set of allocations at addresses from [`GLOBAL_BASE`];
//!   an access outside every allocation is an error naming the nearest one.
//! - Shared memory is one segment per block at [`SHARED_BASE`]: static
//!   `__shared__` variables, then the dynamic (`extern`) part.
//! - Local memory (a thread's arrays and structs) is one frame per thread at
//!   [`LOCAL_BASE`].
//!
//! A shared or local address means the executing thread's own block's or
//! frame's, as on the GPU; [`Memory::resolve`] turns it into a location
//! that names the block or thread, which is what the detectors see.
//!
//! Global memory is bounded by [`MAX_GLOBAL_BYTES`] in all, a buffer of
//! unknown size by [`MAX_ELASTIC_BYTES`]; sizes the program's types give are
//! summed without overflow, so that a type too large to exist is a size over
//! the limits, not a wrapped small one.

use std::collections::HashMap;

use gpurace_ir::{Kernel, Program, Space, Stmt};
use rustc_hash::FxHashMap;

use crate::code::Scalar;
use crate::error::Error;
use crate::funcs::bits_of;
use crate::inputs::Fill;
use crate::limits::{self, Unit, MAX_ELASTIC_BYTES, MAX_GLOBAL_BYTES};
use crate::Cause;

pub const GLOBAL_BASE: u64 = 0x0000_1000_0000_0000;
pub const SHARED_BASE: u64 = 0x0000_5000_0000_0000;
pub const LOCAL_BASE: u64 = 0x0000_6000_0000_0000;
const REGION: u64 = 0x0000_1000_0000_0000;

/// Where each object of a kernel lives, fixed before it is compiled.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// Offsets of the kernel's `__shared__` variables in a block's segment.
    shared: Vec<u64>,
    /// Addresses of the program's globals (shared ones: in the segment).
    globals: Vec<u64>,
    /// Offsets of local objects in a thread's frame, by variable.
    locals: HashMap<u32, u64>,
    pub shared_bytes: u64,
    pub local_bytes: u64,
    /// Global variables to allocate: address, bytes, name.
    pub global_objects: Vec<(u64, u64, String, Option<Vec<u8>>)>,
}

fn align(n: u64, a: u64) -> u64 {
    n.div_ceil(a.max(1)).saturating_mul(a.max(1))
}

/// The variables of `kernel` that live in local memory (accessed through
/// memory or with their address taken), in order of first use.
fn local_objects(kernel: &Kernel) -> Vec<u32> {
    let mut out = Vec::new();
    let note = |e: &gpurace_ir::Expr, out: &mut Vec<u32>| {
        e.visit(&mut |e| {
            if let gpurace_ir::Expr::Addr { base, .. } = e {
                if let gpurace_ir::Base::Local(v) = base.as_ref() {
                    out.push(v.0);
                }
            }
        })
    };
    gpurace_ir::walk_stmts(&kernel.body, &mut |stmt| match stmt {
        Stmt::Read { access, .. } | Stmt::Write { access, .. } | Stmt::Atomic { access, .. } => {
            if let gpurace_ir::Base::Local(v) = &access.base {
                out.push(v.0);
            }
            note(&access.offset, &mut out);
            match stmt {
                Stmt::Write { value, .. } => note(value, &mut out),
                Stmt::Atomic { args, .. } => args.iter().for_each(|a| note(a, &mut out)),
                _ => {}
            }
        }
        Stmt::Decl { init: Some(e), .. } | Stmt::Assign { value: e, .. } => note(e, &mut out),
        Stmt::WarpOp { args, .. } => args.iter().for_each(|a| note(a, &mut out)),
        _ => {}
    });
    out
}

impl Layout {
    /// Lays out the shared, global and local objects `kernel` uses.
    pub fn new(program: &Program, kernel: &Kernel) -> Layout {
        let mut layout = Layout::default();
        let mut extern_shared = Vec::new();
        let mut shared_end = 0;
        for var in &kernel.shared {
            if var.is_extern {
                extern_shared.push(layout.shared.len());
                layout.shared.push(0);
                continue;
            }
            let at = align(shared_end, var.ty.align());
            layout.shared.push(at);
            shared_end = at.saturating_add(var.ty.size().unwrap_or(0));
        }
        let mut global_end = GLOBAL_BASE;
        let mut extern_globals = Vec::new();
        for (i, global) in program.globals.iter().enumerate() {
            let size = global.ty.size().unwrap_or(0);
            match global.space {
                Space::Shared if global.is_extern => {
                    extern_globals.push(i);
                    layout.globals.push(0);
                }
                Space::Shared => {
                    let at = align(shared_end, global.ty.align());
                    layout.globals.push(SHARED_BASE.saturating_add(at));
                    shared_end = at.saturating_add(size);
                }
                _ => {
                    let at = align(global_end, 256);
                    layout.globals.push(at);
                    let initial = match &global.initial {
                        gpurace_ir::Initial::Bytes(b) => Some(b.clone()),
                        _ => None,
                    };
                    layout.global_objects.push((at, size.max(1), global.name.clone(), initial));
                    global_end = at.saturating_add(size.max(1));
                }
            }
        }
        // Dynamic shared memory: every `extern` array starts at its beginning.
        layout.shared_bytes = align(shared_end, 16);
        for i in extern_shared {
            layout.shared[i] = layout.shared_bytes;
        }
        for i in extern_globals {
            layout.globals[i] = SHARED_BASE.saturating_add(layout.shared_bytes);
        }
        let mut local_end = 0;
        for var in local_objects(kernel) {
            let Some(v) = kernel.vars.get(var as usize) else { continue };
            if let std::collections::hash_map::Entry::Vacant(e) = layout.locals.entry(var) {
                let at = align(local_end, v.ty.align().max(8));
                e.insert(at);
                local_end = at.saturating_add(v.ty.size().unwrap_or(64).max(1));
            }
        }
        layout.local_bytes = align(local_end, 16);
        layout
    }

    pub fn shared(&self, id: u32) -> u64 {
        SHARED_BASE + self.shared.get(id as usize).copied().unwrap_or(0)
    }

    pub fn global(&self, id: u32) -> u64 {
        self.globals.get(id as usize).copied().unwrap_or(GLOBAL_BASE)
    }

    pub fn local(&self, var: u32) -> u64 {
        LOCAL_BASE + self.locals.get(&var).copied().unwrap_or(0)
    }
}

/// A location as the detectors see it: shared and local addresses carry the
/// block or thread they belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Location {
    pub space: Space,
    /// The block (shared), the thread (local) or 0 (global).
    pub owner: u32,
    /// The address as the program sees it.
    pub addr: u64,
}

/// Each global allocation has a region of its own this large, so that a
/// buffer without a known size can grow into it.
const ALLOCATION_REGION: u64 = 1 << 36;
const _: () = assert!(MAX_GLOBAL_BYTES < ALLOCATION_REGION, "an allocation fits its region");

/// How an elastic buffer (one whose size nobody gave) fills what it grows by.
#[derive(Debug, Clone, Copy)]
pub struct Grow {
    pub fill: Fill,
    pub seed: u64,
    pub elem: Scalar,
    pub elem_size: u64,
}

/// One allocation of global memory.
#[derive(Debug, Clone)]
pub struct Allocation {
    pub base: u64,
    pub bytes: Vec<u8>,
    pub name: String,
    /// Set for a buffer that grows to what the kernel touches.
    pub grow: Option<Grow>,
}

/// The bits element `i` of a buffer starts with: a function of the seed and
/// the element, so that a buffer holds the same values whatever order its
/// elements are first touched in.
pub fn fill_value(fill: Fill, seed: u64, elem: Scalar, i: u64) -> u128 {
    let mut z = seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    match (fill, elem.float) {
        (Fill::Zero, _) => 0,
        (Fill::Iota, true) => bits_of(i as f64, elem.bits),
        (Fill::Iota, false) => u128::from(i),
        (Fill::Random, true) => bits_of((z >> 11) as f64 / (1u64 << 53) as f64, elem.bits),
        (Fill::Random, false) => u128::from(z & 0xff),
    }
}

/// `count` elements from element `first` on, filled as `grow` says;
/// `None` when the host's allocator refuses them (callers check the size
/// against the limits first).
pub fn filled(grow: &Grow, first: u64, count: u64) -> Option<Vec<u8>> {
    let mut bytes = limits::zeroed(count.checked_mul(grow.elem_size)?)?;
    if grow.fill == Fill::Zero {
        return Some(bytes);
    }
    for k in 0..count {
        let v = fill_value(grow.fill, grow.seed, grow.elem, first + k);
        let at = (k * grow.elem_size) as usize;
        for b in 0..grow.elem_size.min(16) as usize {
            bytes[at + b] = (v >> (8 * b)) as u8;
        }
    }
    Some(bytes)
}

/// All memory of one launch.
#[derive(Debug, Default)]
pub struct Memory {
    /// Sorted by base address.
    pub allocations: Vec<Allocation>,
    /// Per running block (by linear id), its shared segment: a map, since
    /// a replay runs two blocks of a grid that may have billions.
    pub shared: FxHashMap<u32, Vec<u8>>,
    /// Per thread of the resident blocks, its local frame (created when the
    /// thread starts).
    pub local: Vec<Vec<u8>>,
    next: u64,
    /// Bytes of global memory allocated, against [`MAX_GLOBAL_BYTES`].
    global_bytes: u64,
    /// Global memory allowed in all when not [`MAX_GLOBAL_BYTES`] (a
    /// program's run, `crate::program`, holds its host memory too).
    pub limit: Option<u64>,
}

/// Why an access is not to memory, and what could change that.
#[derive(Debug, Clone)]
pub struct Outside {
    pub message: String,
    pub cause: Cause,
}

impl Outside {
    fn program(message: String) -> Outside {
        Outside { message, cause: Cause::Program }
    }
}

impl Memory {
    /// The launch's memory with the program's `__device__` and
    /// `__constant__` variables, or why they do not fit.
    pub fn new(layout: &Layout) -> Result<Memory, Error> {
        let mut memory = Memory::default();
        for (base, size, name, initial) in &layout.global_objects {
            memory.reserve(&format!("the device variable `{name}`"), *size)?;
            let mut bytes = limits::zeroed(*size)
                .ok_or_else(|| Error::Memory { what: format!("the device variable `{name}`"), bytes: *size })?;
            if let Some(initial) = initial {
                let n = initial.len().min(bytes.len());
                bytes[..n].copy_from_slice(&initial[..n]);
            }
            memory.allocations.push(Allocation { base: *base, bytes, name: name.clone(), grow: None });
        }
        memory.next = GLOBAL_BASE + ALLOCATION_REGION;
        Ok(memory)
    }

    /// Counts `bytes` more of global memory for `what` (`a buffer `out``),
    /// or says which limit they pass: the limit is on global memory in all.
    pub fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), Error> {
        let limit = self.limit.unwrap_or(MAX_GLOBAL_BYTES);
        limits::check(|| what.to_string(), bytes, limit, Unit::Bytes)?;
        let total = self.global_bytes.saturating_add(bytes);
        limits::check(|| format!("global memory ({what} and what came before it)"), total, limit, Unit::Bytes)?;
        self.global_bytes = total;
        Ok(())
    }

    /// A new global allocation holding `bytes` (counted by [`Memory::reserve`]),
    /// elastic when `grow` says how it grows; returns its address.
    pub fn allocate(&mut self, name: &str, bytes: Vec<u8>, grow: Option<Grow>) -> u64 {
        let base = self.next;
        self.next = self.next.saturating_add(ALLOCATION_REGION);
        self.allocations.push(Allocation { base, bytes, name: name.to_string(), grow });
        base
    }

    /// The allocation holding `addr`: its base and its bytes.
    pub fn allocation_of(&self, addr: u64) -> Option<(u64, u64)> {
        let i = self.allocations.partition_point(|a| a.base <= addr);
        let a = self.allocations.get(i.checked_sub(1)?)?;
        (addr - a.base < a.bytes.len() as u64).then_some((a.base, a.bytes.len() as u64))
    }

    /// Frees the allocation at `base` (a host frame, a buffer the program
    /// frees): its bytes no longer count against the limit.
    pub fn release(&mut self, base: u64) {
        if let Some(i) = self.allocations.iter().rposition(|a| a.base == base) {
            let a = self.allocations.remove(i);
            self.global_bytes = self.global_bytes.saturating_sub(a.bytes.len() as u64);
        }
    }

    /// The location of address `addr` accessed by thread `thread` of block
    /// `block`.
    pub fn resolve(&self, addr: u64, block: u32, thread: u32) -> Location {
        let (space, owner) = match addr {
            a if (SHARED_BASE..SHARED_BASE + REGION).contains(&a) => (Space::Shared, block),
            a if (LOCAL_BASE..LOCAL_BASE + REGION).contains(&a) => (Space::Local, thread),
            _ => (Space::Global, 0),
        };
        Location { space, owner, addr }
    }

    /// The bytes `[at, at + len)` of a location, or why they are not memory.
    pub fn bytes_mut(&mut self, at: Location, len: u64) -> Result<&mut [u8], Outside> {
        let no = |what: &str| Outside::program(format!("no {what} memory"));
        let (buf, offset, what): (&mut Vec<u8>, u64, &str) = match at.space {
            Space::Shared => {
                let seg = self.shared.get_mut(&at.owner).ok_or_else(|| no("shared"))?;
                (seg, at.addr - SHARED_BASE, "the block's shared memory")
            }
            Space::Local => {
                let frame = self.local.get_mut(at.owner as usize).ok_or_else(|| no("local"))?;
                (frame, at.addr - LOCAL_BASE, "the thread's local memory")
            }
            _ => return self.global_mut(at.addr, len),
        };
        let end = offset.saturating_add(len);
        if end > buf.len() as u64 {
            return Err(Outside::program(format!("byte {offset} is outside {what} ({} bytes)", buf.len())));
        }
        Ok(&mut buf[offset as usize..end as usize])
    }

    /// The bytes `[addr, addr + len)` of global memory; a buffer of unknown
    /// size grows to hold them, within its limit and global memory's.
    fn global_mut(&mut self, addr: u64, len: u64) -> Result<&mut [u8], Outside> {
        let i = self.allocations.partition_point(|a| a.base <= addr);
        if i == 0 {
            return Err(Outside::program(format!("address {addr:#x} is in no allocation")));
        }
        let a = &mut self.allocations[i - 1];
        let offset = addr - a.base;
        let end = offset.saturating_add(len);
        let have_bytes = a.bytes.len() as u64;
        if let (Some(grow), true) = (a.grow, end > have_bytes) {
            let name = a.name.clone();
            let past = |limit: &str| Outside {
                message: format!(
                    "byte {offset} of `{name}` is past {limit} (`{name}` is a buffer of unknown size, which grows to \
                     what the kernel touches)"
                ),
                cause: Cause::Growth(name.clone()),
            };
            if end > MAX_ELASTIC_BYTES {
                let limit = limits::amount(MAX_ELASTIC_BYTES, Unit::Bytes);
                return Err(past(&format!("the simulator's limit of {limit} for such a buffer")));
            }
            let want_bytes = end.max(2 * have_bytes).min(MAX_ELASTIC_BYTES);
            let (have, want) = (have_bytes / grow.elem_size, want_bytes.div_ceil(grow.elem_size));
            let more = (want - have) * grow.elem_size;
            if self.global_bytes.saturating_add(more) > MAX_GLOBAL_BYTES {
                let limit = limits::amount(MAX_GLOBAL_BYTES, Unit::Bytes);
                return Err(past(&format!("the simulator's limit of {limit} of global memory")));
            }
            let bytes = filled(&grow, have, want - have).ok_or_else(|| {
                let size = limits::amount(want_bytes, Unit::Bytes);
                Outside::program(format!("the host has no memory for `{name}` to grow to {size}"))
            })?;
            self.global_bytes += more;
            let a = &mut self.allocations[i - 1];
            a.bytes.extend(bytes);
        }
        let a = &mut self.allocations[i - 1];
        if end > a.bytes.len() as u64 {
            return Err(Outside {
                message: format!("byte {offset} of `{}` is outside its {} bytes", a.name, a.bytes.len()),
                cause: Cause::Buffer(a.name.clone()),
            });
        }
        Ok(&mut a.bytes[offset as usize..end as usize])
    }

    /// The object an address is in and the byte offset there, for reports.
    pub fn object_of(&self, at: Location) -> Option<(&str, u64)> {
        if at.space != Space::Global {
            return None;
        }
        let i = self.allocations.partition_point(|a| a.base <= at.addr);
        let a = self.allocations.get(i.checked_sub(1)?)?;
        Some((a.name.as_str(), at.addr - a.base))
    }

    /// The `len` bytes of global memory at `addr`, as an integer, if they
    /// are in one allocation.
    pub fn peek(&self, addr: u64, len: u64) -> Option<u128> {
        let i = self.allocations.partition_point(|a| a.base <= addr);
        let a = self.allocations.get(i.checked_sub(1)?)?;
        let at = (addr - a.base) as usize;
        let bytes = a.bytes.get(at..at + len as usize)?;
        Some(bytes.iter().rev().fold(0u128, |v, b| (v << 8) | u128::from(*b)))
    }

    /// Reads `len` little-endian bytes as an integer.
    pub fn load(&mut self, at: Location, len: u64) -> Result<u128, Outside> {
        let bytes = self.bytes_mut(at, len)?;
        Ok(bytes.iter().rev().fold(0u128, |v, b| (v << 8) | u128::from(*b)))
    }

    /// Writes the low `len` bytes of `value`, little-endian; bytes past the
    /// sixteen a value holds (a large struct written whole) are zero.
    pub fn store(&mut self, at: Location, len: u64, value: u128) -> Result<(), Outside> {
        let bytes = self.bytes_mut(at, len)?;
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = value.checked_shr(8 * i as u32).unwrap_or(0) as u8;
        }
        Ok(())
    }
}
