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
//! - `machine/`: threads, barriers, collectives, deadlock; `schedule.rs` the
//!   schedulers and delays; `privatize.rs` LDetector's per-warp copies;
//!   `explore.rs` the bounded systematic search; `print.rs` device `printf`;
//!   `warp.rs` what atomics and collectives compute.
//! - `detect/`: the detectors; `inputs.rs` the launch's arguments and
//!   buffers; `report.rs` observed races in the common race format.
//! - `limits.rs`: what a launch may make the simulator allocate;
//!   `error.rs`: why a launch cannot be run at all.
//!
//! Invariant: a run never panics and never hangs on the program's account:
//! a value the lowering left unknown, an access outside every allocation,
//! a deadlock or a thread past the step limit stops the run with a
//! [`RunError`] that names the line.
//!
//! Invariant: a run never aborts on the input's account either: every
//! allocation sized by the input (buffers, variables, shared and local
//! memory, threads, blocks) is checked against `limits.rs` first, and a
//! launch over a limit is an [`Error::Limit`] that says what it needs.
//!
//! Invariant: no message names a command-line flag. The requests come from
//! `gpurace run`'s flags and from `gpurace check --confirm`'s witnesses;
//! [`Error`] and [`Cause`] say what went wrong in a form each command turns
//! into its own advice.

mod code;
mod compile;
pub mod detect;
mod error;
mod eval;
mod explore;
mod expr;
mod funcs;
mod inputs;
pub mod limits;
mod machine;
mod memory;
mod print;
mod privatize;
pub mod program;
mod report;
mod warp;

use gpurace_ir::{Program, Span};

pub use code::Code;
pub use error::Error;
pub use explore::{explore, Exploration};
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
    /// Lockstep warps, blocks in the order of SuperCollider's block
    /// shuffling: an affine cipher `(a * b + c) mod N` of the block index
    /// with `a` coprime to `N` (seeded), which changes the composition of
    /// the waves of resident blocks.
    Shuffle,
    /// Independent thread scheduling at its least warp-synchronous: the
    /// lanes of a warp run one after another, each as far as it can (to a
    /// barrier, a collective or its end, at most 4096 instructions a turn),
    /// so a lane reads what a later lane writes before it is written; warps
    /// likewise; blocks from the last.
    Adversarial,
    /// One thread at a time, in order, each until it waits, ends or has run
    /// 1024 instructions in a row, with the launch's preemptions: the
    /// schedules of [`explore`], a bounded systematic search.
    Systematic,
}

impl Schedule {
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Lockstep => "lockstep",
            Schedule::Random => "random",
            Schedule::Shuffle => "shuffle",
            Schedule::Adversarial => "adversarial",
            Schedule::Systematic => "systematic",
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
    /// Told the steps run and the limit every [`PROGRESS_STEPS`] steps.
    pub progress: Option<fn(u64, u64)>,
    /// [`Schedule::Systematic`]: at step `k`, thread `t` (of the resident
    /// group) runs next, in step order.
    pub preempt: Vec<(u64, u32)>,
}

/// How often (in thread-instructions) a run reports its progress.
pub const PROGRESS_STEPS: u64 = 1 << 24;

/// Why a run stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError {
    pub message: String,
    pub span: Span,
    pub block: Option<[u32; 3]>,
    pub thread: Option<[u32; 3]>,
    /// What a different request could change about it.
    pub cause: Cause,
}

/// What stopped a run, as far as a different request could change it: the
/// caller's advice (a flag of `gpurace run`, the fixed budget of a replay).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Cause {
    /// The program itself: a deadlock, a value the simulator does not model,
    /// an access outside every allocation, a failed assertion.
    #[default]
    Program,
    /// The run passed its limit of thread-instructions ([`Launch::max_steps`]).
    Steps,
    /// An access past the end of this buffer, whose size the request gave.
    Buffer(String),
    /// An access past what this buffer of unknown size may grow to
    /// ([`limits::MAX_ELASTIC_BYTES`], or global memory's limit).
    Growth(String),
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
    /// What the run could not do (a detector that declined the kernel, a
    /// detector's own run that stopped early).
    pub notes: Vec<String>,
    /// What device `printf` printed, call by call, in the order of the
    /// (first) run; and how many calls past the most a run keeps.
    pub printed: Vec<String>,
    pub unprinted: u64,
}

/// Runs kernel `kernel` of `program` as `request` says, under the detectors
/// it names. `Err` when the request does not fit the kernel (a missing
/// argument, an unknown detector) or the launch needs more than the
/// simulator's limits (`limits.rs`).
///
/// Detectors that only watch events share one run; one that needs more of
/// the machine (delays, privatisation) runs alone, on fresh memory: the
/// outcome's memory, buffers, steps and error are the first run's, and a
/// later run that stops early says so in `notes`.
pub fn simulate(program: &Program, kernel: usize, request: &Request) -> Result<Outcome, Error> {
    let k = program.kernels.get(kernel).ok_or("no such kernel")?;
    let layout = memory::Layout::new(program, k);
    let code = compile::compile(program, k, &layout);
    let watched = code
        .accesses
        .iter()
        .enumerate()
        .filter(|(_, a)| request.watch.contains(&(a.span.line, a.span.col)))
        .map(|(i, _)| i as u32)
        .collect();
    let detectors = detect::by_names(&request.detectors, watched)?;
    let mut notes = Vec::new();
    let shared = code.shared_bytes.saturating_add(inputs::dynamic_shared(program, k, request));
    let declined = declines_privatization(&code, request.block, shared);
    let mut groups: Vec<Vec<Box<dyn detect::Detector>>> = vec![Vec::new()];
    for d in detectors {
        match d.needs() {
            detect::Needs::Events => groups[0].push(d),
            detect::Needs::Privatization if declined.is_some() => {
                let why = declined.clone().unwrap_or_default();
                notes.push(format!("the `{}` detector did not run: {why}", d.name()));
            }
            _ => groups.push(vec![d]),
        }
    }
    if groups[0].is_empty() && groups.len() > 1 {
        groups.remove(0);
    }
    let mut first: Option<Run> = None;
    let mut observed = Vec::new();
    for mut group in groups {
        let mut memory = memory::Memory::new(&layout)?;
        let (mut launch, buffers) = inputs::prepare(program, k, &code, request, &mut memory)?;
        if group.iter().any(|d| d.needs() == detect::Needs::Privatization) {
            launch.resident = 1;
        }
        let mut machine = machine::Machine::new(&code, &launch, memory, &mut group);
        let error = machine.run().err();
        let (steps, divergences) = (machine.steps, std::mem::take(&mut machine.divergences));
        let printed = (std::mem::take(&mut machine.printed), machine.unprinted);
        let memory = std::mem::take(&mut machine.memory);
        drop(machine);
        observed.extend(group.iter().map(|d| (d.name(), d.races())));
        match (&first, error) {
            (None, error) => first = Some(Run { launch, buffers, divergences, error, steps, memory, printed }),
            (Some(_), Some(e)) => {
                let names: Vec<&str> = group.iter().map(|d| d.name()).collect();
                let line = program.locate(e.span).1;
                notes.push(format!(
                    "the `{}` detector's run stopped at line {line}: {}",
                    names.join("`, `"),
                    e.message
                ));
            }
            (Some(_), None) => {}
        }
    }
    let Run { launch, mut buffers, divergences, error, steps, memory, printed } = first.ok_or("no run")?;
    for b in buffers.iter_mut().filter(|b| b.elastic) {
        if let Some(a) = memory.allocations.iter().find(|a| a.base == b.addr) {
            b.elements = a.bytes.len() as u64 / b.elem_size;
        }
    }
    let (printed, unprinted) = printed;
    Ok(Outcome { code, launch, observed, divergences, error, steps, buffers, memory, notes, printed, unprinted })
}

/// What one run of the machine left.
struct Run {
    launch: Launch,
    buffers: Vec<inputs::Buffer>,
    divergences: Vec<Divergence>,
    error: Option<RunError>,
    steps: u64,
    memory: memory::Memory,
    printed: (Vec<String>, u64),
}

/// Why LDetector's privatisation cannot run `code`: it assumes no atomics
/// between barriers (§4) and one block at a time; and its copies of the
/// block's shared memory, one per warp, must fit the simulator's limit.
fn declines_privatization(code: &Code, block: [u32; 3], shared: u64) -> Option<String> {
    if code.accesses.iter().any(|a| a.atomic().is_some()) {
        return Some("the kernel has atomics, which LDetector's per-warp copies of shared memory do not model".into());
    }
    if code.instrs.iter().any(|i| matches!(i, code::Instr::Sync { sync: code::Sync::Grid, .. })) {
        return Some("the kernel has a grid barrier, and LDetector runs one block at a time".into());
    }
    let threads: u64 = block.iter().map(|d| u64::from(*d)).product();
    // A copy per warp, the interval's start and the merge.
    let copies = threads.div_ceil(32).saturating_add(2).saturating_mul(shared);
    limits::check(
        || "LDetector's copies of shared memory".into(),
        copies,
        limits::MAX_RESIDENT_BYTES,
        limits::Unit::Bytes,
    )
    .err()
    .map(|over| format!("it needs {over}"))
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
