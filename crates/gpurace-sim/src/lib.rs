//! gpurace's dynamic half: runs a kernel of the IR for one concrete launch
//! on the CPU and watches it with race detectors.
//!
//! ```text
//! Kernel ──Layout::new──▶ Layout ──compile──▶ Code ──Machine (scheduler, memory)──▶ events ──Detector*──▶ Observed*
//!                                                                                         ──report::races──▶ Race*
//! ```
//!
//! - `code.rs`: the compiled form (instructions, operations); `compile.rs`
//!   statements to instructions; `expr.rs` expressions to operations through
//!   the shared C-semantics core (`gpurace_core::cexpr`), so the simulator
//!   and the static engine give every operator one meaning; `funcs.rs`
//!   floats and math; `eval.rs` runs an expression.
//! - `memory.rs`: one address space with global allocations, a shared
//!   segment per block and a local frame per thread, byte-exact.
//! - `machine.rs`: threads, schedulers, barriers, collectives, deadlock;
//!   `warp.rs` what atomics and collectives compute.
//! - `detect/`: the detectors; `inputs.rs` the launch's arguments and
//!   buffers; `report.rs` observed races in the common race format.
//!
//! Invariant: a run never panics and never hangs on the program's account:
//! a value the lowering left unknown, an access outside every allocation,
//! a deadlock or a thread past the step limit stops the run with a
//! [`RunError`] that names the line.

mod code;
mod compile;
pub mod detect;
mod eval;
mod expr;
mod funcs;
mod inputs;
mod machine;
mod memory;
mod report;
mod warp;

use gpurace_ir::{Program, Span};

pub use code::Code;
pub use inputs::{Fill, Request};
pub use machine::Divergence;
pub use report::races;

/// How the threads of a block are interleaved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Schedule {
    /// Warps in turn, the lanes of a warp one instruction each in lane
    /// order; blocks in order.
    #[default]
    Lockstep,
    /// A seeded random thread runs a random number of instructions; blocks
    /// in a seeded random order.
    Random,
}

impl Schedule {
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Lockstep => "lockstep",
            Schedule::Random => "random",
        }
    }
}

/// A concrete launch, as the machine runs it.
#[derive(Debug, Clone)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Per kernel parameter: a scalar's bits or a pointer's address.
    pub params: Vec<u128>,
    /// Per struct-parameter field the code reads (`Code::fields`): its bits.
    pub fields: Vec<u128>,
    pub dynamic_shared: u64,
    pub schedule: Schedule,
    pub seed: u64,
    /// The most thread-instructions the run may execute.
    pub max_steps: u64,
    /// Blocks resident at once (all of them when the kernel has a grid barrier).
    pub resident: u32,
    /// Only these blocks run (linear ids), when given.
    pub blocks: Option<Vec<u32>>,
}

/// Why a run stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError {
    pub message: String,
    pub span: Span,
    pub block: Option<[u32; 3]>,
    pub thread: Option<[u32; 3]>,
}

/// What a run did.
pub struct Outcome {
    pub code: Code,
    pub launch: Launch,
    /// Per detector: its name and what it saw.
    pub observed: Vec<(&'static str, Vec<detect::Observed>)>,
    pub divergences: Vec<Divergence>,
    pub error: Option<RunError>,
    pub steps: u64,
    /// The buffers the run allocated for pointer parameters: name, address,
    /// element type, elements.
    pub buffers: Vec<inputs::Buffer>,
    pub memory: memory::Memory,
}

/// Runs kernel `kernel` of `program` as `request` says, under the detectors
/// it names. `Err` when the request does not fit the kernel (a missing
/// argument, an unknown detector).
pub fn simulate(program: &Program, kernel: usize, request: &Request) -> Result<Outcome, String> {
    let k = program.kernels.get(kernel).ok_or("no such kernel")?;
    let layout = memory::Layout::new(program, k);
    let code = compile::compile(program, k, &layout);
    let mut memory = memory::Memory::new(&layout);
    let (launch, buffers) = inputs::prepare(program, k, &code, request, &mut memory)?;
    let watched = code
        .accesses
        .iter()
        .enumerate()
        .filter(|(_, a)| request.watch.contains(&(a.span.line, a.span.col)))
        .map(|(i, _)| i as u32)
        .collect();
    let mut detectors = detect::by_names(&request.detectors, watched)?;
    let mut machine = machine::Machine::new(&code, &launch, memory, &mut detectors);
    let error = machine.run().err();
    let steps = machine.steps;
    let divergences = std::mem::take(&mut machine.divergences);
    let memory = std::mem::take(&mut machine.memory);
    drop(machine);
    let observed = detectors.iter().map(|d| (d.name(), d.races())).collect();
    let mut buffers = buffers;
    for b in buffers.iter_mut().filter(|b| b.elastic) {
        if let Some(a) = memory.allocations.iter().find(|a| a.base == b.addr) {
            b.elements = a.bytes.len() as u64 / b.elem_size;
        }
    }
    Ok(Outcome { code, launch, observed, divergences, error, steps, buffers, memory })
}

/// Element `i` of a buffer after the run, as C would print it (`%g` for
/// floats, decimal for integers).
pub fn element(outcome: &Outcome, buffer: &inputs::Buffer, i: u64) -> String {
    let Some(v) = outcome.memory.peek(buffer.addr + i * buffer.elem_size, buffer.elem_size) else {
        return "?".into();
    };
    let e = buffer.elem;
    match (e.float, e.signed) {
        (true, _) if e.bits == 32 => format!("{}", funcs::float_of(v, 32) as f32),
        (true, _) => format!("{}", funcs::float_of(v, e.bits)),
        (false, true) => gpurace_core::arith::signed(v, (buffer.elem_size * 8) as u32).to_string(),
        (false, false) => v.to_string(),
    }
}
