//! A launch's inputs: geometry, scalar arguments, and a buffer for each
//! pointer parameter (and each pointer field of a struct parameter), sized
//! by the request and filled with zeros, seeded random values or each
//! element's index.
//!
//! Every size here comes from the input (the request, the program's types),
//! so each is checked against the simulator's limits (`limits.rs`) before
//! anything of that size is allocated, and the allocation itself is
//! fallible: a launch too large to simulate is an [`Error`], not an abort.

use std::collections::HashMap;

use gpurace_ir::{Kernel, Program, Type};

use crate::code::{Code, Instr, Scalar, Sync};
use crate::error::Error;
use crate::expr::scalar;
use crate::funcs::bits_of;
use crate::limits::{self, Unit};
use crate::memory::{filled, Grow, Memory};
use crate::{Launch, Schedule};

/// How buffers start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fill {
    #[default]
    Zero,
    /// Seeded random values (floats in [0, 1), integers in [0, 256)).
    Random,
    /// Element `i` holds `i`.
    Iota,
}

/// What the user asks a run for.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// `name=value` of scalar parameters and struct fields (`p.n=4`).
    pub args: Vec<(String, String)>,
    /// Elements of the buffer behind a pointer parameter (or field).
    pub buffers: Vec<(String, u64)>,
    /// The first elements of a buffer, as text (C's integers and floats);
    /// the buffer has at least this many elements.
    pub contents: Vec<(String, Vec<String>)>,
    pub fill: Fill,
    /// Bytes of dynamic shared memory; `None`: [`DEFAULT_DYNAMIC_SHARED`]
    /// for a kernel with an `extern __shared__` array, else none.
    pub dynamic_shared: Option<u64>,
    pub schedule: Schedule,
    pub seed: u64,
    pub max_steps: u64,
    /// Blocks resident at once (a wave); `None`: as many as make 16,384
    /// threads.
    pub resident: Option<u32>,
    /// Called every [`crate::PROGRESS_STEPS`] thread-instructions with the
    /// steps run and the limit (a long run's progress).
    pub progress: Option<fn(u64, u64)>,
    /// [`Schedule::Systematic`]: the preemptions (step, thread) of the run.
    pub preempt: Vec<(u64, u32)>,
    pub detectors: Vec<String>,
    /// Only these blocks (linear ids) run, when given: a replay of a
    /// witness whose blocks do not interact.
    pub blocks: Option<Vec<u32>>,
    /// Source positions (line, column) of accesses whose every conflicting
    /// pair the happens-before detector reports (a replay's two accesses).
    pub watch: Vec<(u32, u32)>,
}

/// The dynamic shared memory of a kernel with an `extern __shared__` array
/// when the request gives none: 48 KiB, what every GPU allows without
/// opting in.
pub const DEFAULT_DYNAMIC_SHARED: u64 = 48 * 1024;

/// A buffer made for a pointer parameter.
#[derive(Debug, Clone)]
pub struct Buffer {
    pub name: String,
    pub addr: u64,
    pub elem: Scalar,
    pub elem_size: u64,
    pub elements: u64,
    /// No size was given: the buffer grew to what the kernel touched.
    pub elastic: bool,
}

fn parse_scalar(text: &str, ty: &Type) -> Result<u128, String> {
    let s = scalar(ty);
    if s.float {
        let x: f64 = text.parse().map_err(|_| format!("`{text}` is not a number"))?;
        return Ok(bits_of(x, s.bits));
    }
    let v: i128 = if let Some(hex) = text.strip_prefix("0x") {
        i128::from_str_radix(hex, 16).map_err(|_| format!("`{text}` is not an integer"))?
    } else {
        text.parse().map_err(|_| format!("`{text}` is not an integer"))?
    };
    Ok((v as u128) & gpurace_core::arith::mask(s.bits.max(1)))
}

struct Inputs<'a> {
    program: &'a Program,
    request: &'a Request,
    args: HashMap<&'a str, &'a str>,
    buffers: Vec<Buffer>,
    used: Vec<String>,
}

impl Inputs<'_> {
    fn buffer(&mut self, name: &str, elem_ty: &Type, memory: &mut Memory) -> Result<u64, Error> {
        let elem = scalar(elem_ty);
        let elem_size = elem_ty.size().filter(|s| *s > 0).unwrap_or(1);
        let threads =
            self.request.grid.iter().chain(&self.request.block).fold(1u64, |n, d| n.saturating_mul(u64::from(*d)));
        let contents = self.request.contents.iter().find(|(n, _)| n == name).map(|(_, c)| c.as_slice());
        let sized = self.request.buffers.iter().find(|(n, _)| n == name).map(|(_, e)| *e);
        let given = match (sized, contents) {
            (Some(e), Some(c)) => Some(e.max(c.len() as u64)),
            (None, Some(c)) => Some(c.len() as u64),
            (e, None) => e,
        };
        // A buffer of unknown size starts with an element per thread, within
        // what it may grow to: a grid of billions of threads whose replay
        // runs two blocks touches a few of them.
        let elements = given.unwrap_or(threads.clamp(1, (limits::MAX_ELASTIC_BYTES / elem_size).max(1)));
        if given.is_some() {
            self.used.push(name.to_string());
        }
        let size = elements.saturating_mul(elem_size);
        memory.reserve(&format!("a buffer `{name}`"), size)?;
        let fill = if matches!(elem_ty, Type::Int { .. } | Type::Float { .. } | Type::Bool) {
            self.request.fill
        } else {
            Fill::Zero
        };
        let grow = Grow { fill, seed: self.request.seed ^ self.buffers.len() as u64, elem, elem_size };
        let mut bytes = filled(&grow, 0, elements)
            .ok_or_else(|| Error::Memory { what: format!("a buffer `{name}`"), bytes: size })?;
        for (i, text) in contents.unwrap_or_default().iter().enumerate() {
            let value =
                parse_scalar(text, elem_ty).map_err(|e| format!("the contents of `{name}`, element {i}: {e}"))?;
            let at = i * elem_size as usize;
            for b in 0..(elem_size as usize).min(16) {
                if let Some(slot) = bytes.get_mut(at + b) {
                    *slot = (value >> (8 * b)) as u8;
                }
            }
        }
        let addr = memory.allocate(name, bytes, given.is_none().then_some(grow));
        self.buffers.push(Buffer { name: name.to_string(), addr, elem, elem_size, elements, elastic: given.is_none() });
        Ok(addr)
    }

    /// The bytes of a by-value struct parameter: its pointer fields get
    /// buffers, its scalar fields the values given as `p.field=value`.
    fn record(&mut self, name: &str, ty: &Type, memory: &mut Memory) -> Result<Vec<u8>, Error> {
        let size = ty.size().unwrap_or(0);
        let what = || format!("a struct argument `{name}`");
        limits::check(what, size, limits::MAX_ARGUMENT_BYTES, Unit::Bytes)?;
        let mut bytes = limits::zeroed(size).ok_or_else(|| Error::Memory { what: what(), bytes: size })?;
        let Type::Record { name: rname, .. } = ty else { return Ok(bytes) };
        let Some(record) = self.program.records.iter().find(|r| &r.name == rname) else { return Ok(bytes) };
        for field in &record.fields {
            let path = format!("{name}.{}", field.name);
            let value = match &field.ty {
                Type::Ptr(elem) => u128::from(self.buffer(&path, elem, memory)?),
                fty => match self.args.get(path.as_str()) {
                    Some(text) => {
                        self.used.push(path.clone());
                        parse_scalar(text, fty)?
                    }
                    None => continue,
                },
            };
            let at = field.offset as usize;
            let len = field.ty.size().unwrap_or(8) as usize;
            for b in 0..len.min(16) {
                if let Some(slot) = bytes.get_mut(at + b) {
                    *slot = (value >> (8 * b)) as u8;
                }
            }
        }
        Ok(bytes)
    }
}

/// The dynamic shared memory of a launch of `kernel`.
pub(crate) fn dynamic_shared(program: &Program, kernel: &Kernel, request: &Request) -> u64 {
    request.dynamic_shared.unwrap_or_else(|| {
        let extern_shared = kernel.shared.iter().any(|s| s.is_extern)
            || program.globals.iter().any(|g| g.is_extern && g.space == gpurace_ir::Space::Shared);
        if extern_shared {
            DEFAULT_DYNAMIC_SHARED
        } else {
            0
        }
    })
}

/// The blocks resident at once for `request`, or the limit that the
/// geometry, the shared memory or the threads' state pass.
///
/// As on a GPU, many blocks are resident at once (threads that spin on a
/// flag another block sets can make progress): by default as many as make
/// 16,384 threads, fewer when their memory would pass
/// [`limits::MAX_RESIDENT_BYTES`]. A kernel with a grid barrier has every
/// block it runs resident.
fn resident(program: &Program, kernel: &Kernel, code: &Code, request: &Request) -> Result<u32, Error> {
    let threads = request.block.iter().map(|d| u64::from(*d)).product::<u64>();
    limits::check(|| "a block".into(), threads, limits::MAX_BLOCK_THREADS, Unit::Threads)?;
    let blocks = request.grid.iter().map(|d| u64::from(*d)).product::<u64>();
    limits::check(|| "a grid".into(), blocks, limits::MAX_GRID_BLOCKS, Unit::Blocks)?;
    let run = match &request.blocks {
        Some(only) => only.iter().filter(|b| u64::from(**b) < blocks).count() as u64,
        None => {
            let what = || "a run of every block of a grid".into();
            limits::check(what, blocks, limits::MAX_RUN_BLOCKS, Unit::Blocks)?;
            blocks
        }
    };
    let shared = code.shared_bytes.saturating_add(dynamic_shared(program, kernel, request));
    limits::check(|| "shared memory of a block".into(), shared, limits::MAX_SHARED_BYTES, Unit::Bytes)?;
    let local = code.local_bytes;
    limits::check(|| "local memory of a thread".into(), local, limits::MAX_LOCAL_BYTES, Unit::Bytes)?;
    let registers = (code.regs.len() as u64).saturating_mul(limits::REGISTER_BYTES);
    let per_thread = local.saturating_add(registers).saturating_add(limits::THREAD_BYTES);
    let per_block = shared.saturating_add(threads.saturating_mul(per_thread));
    let what = || "a block's memory (shared memory, and the registers and local memory of its threads)".into();
    limits::check(what, per_block, limits::MAX_RESIDENT_BYTES, Unit::Bytes)?;
    let fit = (limits::MAX_RESIDENT_BYTES / per_block.max(1)).max(1);
    let grid_sync = code.instrs.iter().any(|i| matches!(i, Instr::Sync { sync: Sync::Grid, .. }));
    let at_once = |n: u64| n.saturating_mul(per_block);
    if grid_sync {
        let what = || format!("{run} blocks resident at once (the kernel has a grid barrier), memory");
        limits::check(what, at_once(run), limits::MAX_RESIDENT_BYTES, Unit::Bytes)?;
    }
    match request.resident {
        Some(n) => {
            let what = || format!("{n} blocks resident at once, memory");
            limits::check(what, at_once(u64::from(n)), limits::MAX_RESIDENT_BYTES, Unit::Bytes)?;
            Ok(n.max(1))
        }
        None => Ok((16_384 / threads.max(1)).min(fit).clamp(1, u64::from(u32::MAX)) as u32),
    }
}

/// The launch and buffers of `request` for `kernel`.
pub fn prepare(
    program: &Program,
    kernel: &Kernel,
    code: &Code,
    request: &Request,
    memory: &mut Memory,
) -> Result<(Launch, Vec<Buffer>), Error> {
    if request.grid.contains(&0) || request.block.contains(&0) {
        return Err("the grid and the block need at least one thread in each dimension".into());
    }
    let resident = resident(program, kernel, code, request)?;
    let args = request.args.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let mut inputs = Inputs { program, request, args, buffers: Vec::new(), used: Vec::new() };
    let mut params = Vec::new();
    let mut records: HashMap<u32, Vec<u8>> = HashMap::new();
    let mut missing = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        let value = match &p.ty {
            Type::Ptr(elem) => u128::from(inputs.buffer(&p.name, elem, memory)?),
            Type::Record { .. } => {
                records.insert(i as u32, inputs.record(&p.name, &p.ty, memory)?);
                0
            }
            ty => match inputs.args.get(p.name.as_str()) {
                Some(text) => {
                    inputs.used.push(p.name.clone());
                    parse_scalar(text, ty).map_err(|e| format!("the value of `{}`: {e}", p.name))?
                }
                None => {
                    missing.push(p.name.clone());
                    0
                }
            },
        };
        params.push(value);
    }
    if !missing.is_empty() {
        return Err(Error::MissingArgs(missing));
    }
    let unused: Vec<&str> = request
        .args
        .iter()
        .map(|(n, _)| n.as_str())
        .chain(request.buffers.iter().map(|(n, _)| n.as_str()))
        .chain(request.contents.iter().map(|(n, _)| n.as_str()))
        .filter(|n| !inputs.used.iter().any(|u| u == n))
        .collect();
    if let Some(name) = unused.first() {
        let names: Vec<&str> = kernel.params.iter().map(|p| p.name.as_str()).collect();
        return Err(format!("kernel `{}` has no parameter `{name}` (it has: {})", kernel.name, names.join(", ")).into());
    }
    let fields = code
        .fields
        .iter()
        .map(|&(param, offset, width)| {
            let bytes = records.get(&param).map(Vec::as_slice).unwrap_or(&[]);
            let len = (width.max(8) / 8) as usize;
            (0..len).rev().fold(0u128, |v, b| (v << 8) | u128::from(*bytes.get(offset as usize + b).unwrap_or(&0)))
        })
        .collect();
    let launch = Launch {
        grid: request.grid,
        block: request.block,
        params,
        fields,
        dynamic_shared: dynamic_shared(program, kernel, request),
        schedule: request.schedule,
        seed: request.seed,
        max_steps: request.max_steps,
        resident,
        blocks: request.blocks.clone(),
        progress: request.progress,
        preempt: request.preempt.clone(),
    };
    Ok((launch, inputs.buffers))
}
