//! A launch's inputs: geometry, scalar arguments, and a buffer for each
//! pointer parameter (and each pointer field of a struct parameter), sized
//! by the request and filled with zeros, seeded random values or each
//! element's index.

use std::collections::HashMap;

use gpurace_ir::{Kernel, Program, Type};

use crate::code::{Code, Scalar};
use crate::expr::scalar;
use crate::funcs::bits_of;
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
    /// Bytes of dynamic shared memory; `None`: 48 KiB for a kernel with an
    /// `extern __shared__` array, else none.
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
    fn buffer(&mut self, name: &str, elem_ty: &Type, memory: &mut Memory) -> Result<u64, String> {
        let elem = scalar(elem_ty);
        let elem_size = elem_ty.size().filter(|s| *s > 0).unwrap_or(1);
        let threads: u64 = self.request.grid.iter().chain(&self.request.block).map(|d| u64::from(*d)).product();
        let contents = self.request.contents.iter().find(|(n, _)| n == name).map(|(_, c)| c.as_slice());
        let sized = self.request.buffers.iter().find(|(n, _)| n == name).map(|(_, e)| *e);
        let given = match (sized, contents) {
            (Some(e), Some(c)) => Some(e.max(c.len() as u64)),
            (None, Some(c)) => Some(c.len() as u64),
            (e, None) => e,
        };
        let elements = given.unwrap_or(threads.max(1));
        if given.is_some() {
            self.used.push(name.to_string());
        }
        let fill = if matches!(elem_ty, Type::Int { .. } | Type::Float { .. } | Type::Bool) {
            self.request.fill
        } else {
            Fill::Zero
        };
        let grow = Grow { fill, seed: self.request.seed ^ self.buffers.len() as u64, elem, elem_size };
        let mut bytes = filled(&grow, 0, elements);
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
    fn record(&mut self, name: &str, ty: &Type, memory: &mut Memory) -> Result<Vec<u8>, String> {
        let size = ty.size().unwrap_or(0) as usize;
        let mut bytes = vec![0u8; size];
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

/// The launch and buffers of `request` for `kernel`.
pub fn prepare(
    program: &Program,
    kernel: &Kernel,
    code: &Code,
    request: &Request,
    memory: &mut Memory,
) -> Result<(Launch, Vec<Buffer>), String> {
    if request.grid.contains(&0) || request.block.contains(&0) {
        return Err("the grid and the block need at least one thread in each dimension".into());
    }
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
                    parse_scalar(text, ty).map_err(|e| format!("--arg {}: {e}", p.name))?
                }
                None => {
                    missing.push(format!("--arg {}=VALUE", p.name));
                    0
                }
            },
        };
        params.push(value);
    }
    if !missing.is_empty() {
        return Err(format!("the kernel's scalar parameters need values: {}", missing.join(" ")));
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
        return Err(format!("kernel `{}` has no parameter `{name}` (it has: {})", kernel.name, names.join(", ")));
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
        dynamic_shared: request.dynamic_shared.unwrap_or_else(|| {
            let extern_shared = kernel.shared.iter().any(|s| s.is_extern)
                || program.globals.iter().any(|g| g.is_extern && g.space == gpurace_ir::Space::Shared);
            if extern_shared {
                48 * 1024
            } else {
                0
            }
        }),
        schedule: request.schedule,
        seed: request.seed,
        max_steps: request.max_steps,
        // As on a GPU, many blocks are resident at once (threads that spin on
        // a flag another block sets can make progress), up to 16,384 threads.
        resident: request.resident.unwrap_or(16_384 / request.block.iter().product::<u32>().max(1)).max(1),
        blocks: request.blocks.clone(),
        progress: request.progress,
        preempt: request.preempt.clone(),
    };
    Ok((launch, inputs.buffers))
}
