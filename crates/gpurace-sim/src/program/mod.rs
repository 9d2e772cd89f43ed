//! The program's own run: its host code from `main`, concretely, with its
//! kernels on the machine, in stream order, within a budget of work.
//!
//! ```text
//! main ──prepare──▶ Kernel-shaped host function ──compile_host──▶ Code ──Exec──▶ calls (library.rs, user functions)
//!                                                                              ──▶ launches ──Machine (+ hb on watched kernels)──▶ LaunchRun*
//! ```
//!
//! This is how gpurace gets the data a program computes before a launch
//! (arrays filled from `rand` with its seed, permutations, prefix sums,
//! what earlier launches wrote) and whether two threads of a launch collide
//! on them. Host memory and device memory are one address space here, as
//! with unified addressing; a host function's variables that live in memory
//! are a frame allocated per call.
//!
//! Invariant: nothing the run cannot compute is made up. A value from a
//! call gpurace does not model, an input it cannot read or memory such a
//! call may have written is *unknown* (`taint.rs`); an unknown value that
//! decides control flow or an address stops the run where it is used, and a
//! launch that reads unknown data, or cannot run, is not decided (its
//! buffers become unknown). So every launch a run reports as run ran on the
//! data the program computes (at its default sizes).
//!
//! Invariant: the run is a function of the program, its arguments and the
//! budget: the budget is instructions (host and thread-instructions), never
//! time.

mod launch;
mod library;
mod prepare;
mod rand;
mod taint;

use std::collections::HashMap;
use std::rc::Rc;

use gpurace_ir::{Program, Span};

use launch::LaunchSite;
pub use prepare::{LaunchExprs, Prepared};

use crate::code::{Code, Instr};
use crate::eval::{eval, Env, EvalError, NO_FAULT};
use crate::memory::{Layout, Memory};
use taint::{Kind, Taint};

/// What a run of the program is asked for.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `argv[1..]` (the program's name is `argv[0]`).
    pub args: Vec<String>,
    /// The most instructions the run may execute: host instructions and
    /// the thread-instructions of its launches together.
    pub max_steps: u64,
    /// Kernels whose launches run under the happens-before detector, each
    /// with the source positions (line, column) of the accesses the caller
    /// asks about (it picks their pairs from the races reported).
    pub watch: HashMap<usize, Vec<(u32, u32)>>,
}

/// What the program's run did.
#[derive(Debug, Clone)]
pub struct ProgramRun {
    /// Every launch the run reached, in order.
    pub launches: Vec<LaunchRun>,
    pub end: End,
    pub steps: u64,
}

/// How the run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// `main` returned or the program called `exit`.
    Finished,
    /// The run could not go on: a value it does not know decides control
    /// flow or an address, or the host code does what it does not model.
    Stopped {
        message: String,
        span: Span,
        /// What it could not compute came from an input.
        input: bool,
    },
    /// The budget of instructions ran out.
    Budget { span: Span },
    /// Every kernel the run watches has run on the program's data: the run
    /// stops there, its later launches would cost without deciding more.
    Decided,
}

/// One launch of the run.
#[derive(Debug, Clone)]
pub struct LaunchRun {
    /// Index into [`Program::launches`].
    pub launch: usize,
    pub kernel: usize,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub outcome: LaunchOutcome,
}

/// What became of one launch.
#[derive(Debug, Clone)]
pub enum LaunchOutcome {
    /// It ran on data the program computed; `races` are the conflicting
    /// pairs the happens-before detector saw (watched kernels only).
    Ran { races: Vec<Collision>, watched: bool },
    /// It did not run on known data, and why; `input` when what it needs
    /// comes from an input.
    Undecided { why: String, input: bool },
}

/// Two accesses of one launch that conflicted on a byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Collision {
    /// The two accesses, the earlier first.
    pub first: Span,
    pub second: Span,
    pub class: gpurace_core::RaceClass,
    /// `blockIdx` and `threadIdx` of the two threads.
    pub blocks: [[u32; 3]; 2],
    pub threads: [[u32; 3]; 2],
}

/// A register without a value because the run does not know it.
const UNKNOWN: u32 = u32::MAX - 1;

/// A register without a value because it comes from an input: a file the
/// program reads, the clock.
const INPUT: u32 = u32::MAX - 2;

/// Faults from this index on are the run's own (`Exec::reasons`): a value
/// without one that crossed a call keeps its reason.
const CARRIED: u32 = 1 << 30;

/// The memory a program's run may hold, host and device together.
pub const MAX_PROGRAM_BYTES: u64 = 4 << 30;

/// The deepest nesting of host calls the run follows.
const MAX_DEPTH: usize = 64;

/// A value as the executor passes it: its bits, or the fault that left it
/// without one.
type Val = Result<u128, u32>;

/// Runs `program` from its `main`.
pub fn run_program(program: &Program, options: &Options) -> ProgramRun {
    let Some(main) = program.host_functions.iter().position(|f| f.is_main()) else {
        return ProgramRun {
            launches: Vec::new(),
            end: End::Stopped { message: "the program has no `main`".into(), span: Span::NONE, input: false },
            steps: 0,
        };
    };
    let empty = gpurace_ir::Kernel {
        name: String::new(),
        template_args: String::new(),
        span: Span::NONE,
        params: Vec::new(),
        vars: Vec::new(),
        shared: Vec::new(),
        body: Vec::new(),
        approximate: false,
        externals: Vec::new(),
    };
    let layout = Layout::new(program, &empty);
    let memory = match Memory::new(&layout) {
        Ok(mut m) => {
            m.limit = Some(MAX_PROGRAM_BYTES);
            m
        }
        Err(e) => {
            let message = format!("the program's device variables: {e}");
            let end = End::Stopped { message, span: Span::NONE, input: false };
            return ProgramRun { launches: Vec::new(), end, steps: 0 };
        }
    };
    let mut exec = Exec {
        program,
        options,
        layout,
        memory,
        taint: Taint::default(),
        functions: HashMap::new(),
        kernels: HashMap::new(),
        glibc: rand::Glibc::new(1),
        rand48: rand::Rand48::default(),
        glibc_unknown: None,
        rand48_unknown: None,
        steps: 0,
        depth: 0,
        launches: Vec::new(),
        scratch: Vec::new(),
        reasons: Vec::new(),
        ran: Default::default(),
        frames: Default::default(),
    };
    exec.initial_globals();
    let args = exec.argv(main);
    let end = match args.and_then(|args| exec.call(main, args)) {
        Ok(_) => End::Finished,
        Err(end) => end,
    };
    ProgramRun { launches: exec.launches, end, steps: exec.steps }
}

/// The executor's state.
pub(crate) struct Exec<'p> {
    program: &'p Program,
    options: &'p Options,
    layout: Layout,
    memory: Memory,
    taint: Taint,
    functions: HashMap<usize, Rc<(Prepared, Code)>>,
    kernels: HashMap<usize, Rc<(Layout, Code)>>,
    glibc: rand::Glibc,
    rand48: rand::Rand48,
    /// `Some(input)`: seeded with a value the run does not know, from an
    /// input (`srand(time(0))`) or not.
    glibc_unknown: Option<bool>,
    rand48_unknown: Option<bool>,
    steps: u64,
    depth: usize,
    launches: Vec<LaunchRun>,
    scratch: Vec<u128>,
    /// Why values that crossed a call have none (fault `CARRIED + i`).
    reasons: Vec<String>,
    /// The frames of the active host calls: a pointer into one is a host
    /// variable passed by address.
    frames: std::collections::HashSet<u64>,
    /// The watched kernels that have run on the program's data.
    ran: std::collections::HashSet<usize>,
}

/// One activation of a host function.
struct Frame<'c> {
    code: &'c Code,
    regs: Vec<u128>,
    poison: Vec<u32>,
    params: [u128; 1],
}

impl Frame<'_> {
    fn get(&self, scratch: &mut Vec<u128>, v: &crate::code::Value) -> Result<Val, EvalError> {
        let env = Env {
            regs: &self.regs,
            poison: &self.poison,
            tid: [0; 3],
            bid: [0; 3],
            block: [1; 3],
            grid: [1; 3],
            params: &self.params,
            fields: &[],
        };
        match eval(v, &env, scratch) {
            Ok(x) => Ok(Ok(x)),
            Err(EvalError::Fault(k)) => Ok(Err(k)),
            Err(e) => Err(e),
        }
    }

    fn set(&mut self, var: u32, v: Val) {
        let Some((ty, _)) = self.code.regs.get(var as usize) else { return };
        match v {
            Ok(x) => {
                self.regs[var as usize] =
                    if ty.bits == 0 { u128::from(x != 0) } else { x & gpurace_core::arith::mask(ty.bits) };
                self.poison[var as usize] = NO_FAULT;
            }
            Err(k) => self.poison[var as usize] = k,
        }
    }
}

impl<'p> Exec<'p> {
    fn stop<T>(&self, message: impl Into<String>, span: Span) -> Result<T, End> {
        Err(End::Stopped { message: message.into(), span, input: false })
    }

    /// Stops the run on a value without one (fault `k`).
    fn stop_on<T>(&self, what: &str, code: &Code, k: u32, span: Span) -> Result<T, End> {
        let message = format!("{what} depends on {}", self.why(code, k));
        Err(End::Stopped { message, span, input: k == INPUT })
    }

    /// Why value fault `k` of `code` has no value, in words.
    fn why(&self, code: &Code, k: u32) -> String {
        match k {
            UNKNOWN => "what a call gpurace does not model returned or wrote".into(),
            INPUT => "an input (what the program reads from a file or the clock)".into(),
            k if k >= CARRIED => self.reasons.get((k - CARRIED) as usize).cloned().unwrap_or_default(),
            k => code.faults.get(k as usize).map_or("an unmodelled value".into(), |f| f.reason.clone()),
        }
    }

    /// `v` as it leaves a function of `code`: a fault of the code becomes
    /// one of the run's, with its reason.
    fn carry(&mut self, code: &Code, v: Val) -> Val {
        match v {
            Err(k) if k != UNKNOWN && k != INPUT && k < CARRIED => {
                let why = self.why(code, k);
                let i = match self.reasons.iter().position(|r| *r == why) {
                    Some(i) => i,
                    None => {
                        self.reasons.push(why);
                        self.reasons.len() - 1
                    }
                };
                Err(CARRIED + i as u32)
            }
            v => v,
        }
    }

    /// The program's variables at namespace scope as it starts: a host
    /// variable's constant value, a device variable's constant bytes (laid
    /// out by `Memory::new`); one whose initializer the front-end did not
    /// evaluate is unknown.
    fn initial_globals(&mut self) {
        for (i, g) in self.program.globals.iter().enumerate() {
            if g.space == gpurace_ir::Space::Shared {
                continue;
            }
            let at = self.layout.global(i as u32);
            let size = g.ty.size().unwrap_or(1).max(1);
            match (&g.space, g.init, &g.initial) {
                (_, _, gpurace_ir::Initial::Bytes(_)) => {}
                (gpurace_ir::Space::Host, Some(v), _) if size <= 16 => {
                    let _ = self.memory.store(self.memory.resolve(at, 0, 0), size, v as u128);
                }
                (gpurace_ir::Space::Host, Some(0), _) => {}
                (_, _, gpurace_ir::Initial::Unknown) | (gpurace_ir::Space::Host, None, _) => {
                    self.taint.add(at, at + size, Kind::Unmodelled)
                }
                _ => {}
            }
        }
    }

    /// `main`'s arguments: `argc` and an `argv` in memory.
    fn argv(&mut self, main: usize) -> Result<Vec<Val>, End> {
        let f = &self.program.host_functions[main];
        if f.params.len() < 2 {
            return Ok(f.params.iter().map(|_| Ok(0)).collect());
        }
        let words: Vec<String> =
            std::iter::once("program".to_string()).chain(self.options.args.iter().cloned()).collect();
        let mut pointers = Vec::new();
        for w in &words {
            let mut bytes = w.as_bytes().to_vec();
            bytes.push(0);
            pointers.push(self.allocate_bytes("an argument", bytes, Span::NONE)?);
        }
        let mut table = Vec::new();
        for p in pointers.iter().chain(std::iter::once(&0)) {
            table.extend_from_slice(&p.to_le_bytes());
        }
        let argv = self.allocate_bytes("argv", table, Span::NONE)?;
        Ok(vec![Ok(words.len() as u128), Ok(u128::from(argv))])
    }

    pub(crate) fn allocate_bytes(&mut self, what: &str, bytes: Vec<u8>, span: Span) -> Result<u64, End> {
        if let Err(e) = self.memory.reserve(what, bytes.len() as u64) {
            return self.stop(format!("the program allocates more than the run may hold: {e}"), span);
        }
        Ok(self.memory.allocate(what, bytes, None))
    }

    pub(crate) fn allocate(&mut self, what: &str, bytes: u64, span: Span) -> Result<u64, End> {
        if let Err(e) = self.memory.reserve(what, bytes) {
            return self.stop(format!("the program allocates more than the run may hold: {e}"), span);
        }
        let Some(zeros) = crate::limits::zeroed(bytes.max(1)) else {
            return self.stop(format!("no host memory for {bytes} bytes"), span);
        };
        Ok(self.memory.allocate(what, zeros, None))
    }

    fn prepared(&mut self, f: usize) -> Rc<(Prepared, Code)> {
        if let Some(c) = self.functions.get(&f) {
            return c.clone();
        }
        let prepared = prepare::prepare(&self.program.host_functions[f], &self.program.launches);
        let code = crate::compile::compile_host(self.program, &prepared, &self.layout);
        let c = Rc::new((prepared, code));
        self.functions.insert(f, c.clone());
        c
    }

    /// The user host function `name` called with `args` arguments, if there
    /// is one (a call of another arity is an overload without a body: a
    /// library's `operator()`).
    fn function(&self, name: &str, args: usize) -> Option<usize> {
        let fs = &self.program.host_functions;
        let named = |f: &&gpurace_ir::HostFunction| gpurace_ir::source_name(&f.name) == name || f.name == name;
        fs.iter().position(|f| named(&f) && f.params.len() == args)
    }

    /// Calls host function `f`; its result.
    fn call(&mut self, f: usize, args: Vec<Val>) -> Result<Val, End> {
        let compiled = self.prepared(f);
        let (prepared, code) = (&compiled.0, &compiled.1);
        if self.depth >= MAX_DEPTH {
            return self.stop("host calls nested deeper than the run follows", prepared.kernel.span);
        }
        let frame = self.allocate(
            &format!("the frame of `{}`", prepared.kernel.name),
            prepared.frame_bytes,
            prepared.kernel.span,
        )?;
        let mut fr = Frame {
            code,
            regs: vec![0; code.regs.len()],
            poison: vec![NO_FAULT; code.regs.len()],
            params: [u128::from(frame)],
        };
        let params = self.program.host_functions[f].params.len();
        let given = args.len();
        for (i, a) in args.into_iter().enumerate().take(params) {
            fr.set(i as u32, a);
        }
        // A parameter the call does not pass (a method's object the lowering
        // left out) has no value.
        for i in given..params {
            fr.set(i as u32, Err(UNKNOWN));
        }
        self.depth += 1;
        self.frames.insert(frame);
        let result = self.body(&mut fr);
        self.frames.remove(&frame);
        self.depth -= 1;
        self.memory.release(frame);
        self.taint.clear(frame, frame + prepared.frame_bytes);
        result
    }

    /// Runs a function's instructions to its end.
    fn body(&mut self, fr: &mut Frame) -> Result<Val, End> {
        let code = fr.code;
        let mut pc = 0usize;
        loop {
            self.steps += 1;
            let span = code.spans.get(pc).copied().unwrap_or(Span::NONE);
            if self.steps > self.options.max_steps {
                return Err(End::Budget { span });
            }
            let Some(instr) = code.instrs.get(pc) else { return Ok(Ok(0)) };
            let mut next = pc + 1;
            let value = |fr: &Frame, s: &mut Vec<u128>, v| match fr.get(s, v) {
                Ok(v) => Ok(v),
                Err(_) => Err(End::Stopped { message: "division by zero in host code".into(), span, input: false }),
            };
            match instr {
                Instr::Set { var, value: v } => {
                    let x = value(fr, &mut self.scratch, v)?;
                    fr.set(*var, x);
                }
                Instr::Read { dst, addr, access } => {
                    let a = self.address(fr, addr, span)?;
                    let size = code.accesses[*access as usize].size;
                    if let Some(kind) = self.taint.overlaps(a, a.saturating_add(size)) {
                        fr.set(*dst, Err(poison(kind)));
                    } else {
                        let at = self.memory.resolve(a, 0, 0);
                        match self.memory.load(at, size) {
                            Ok(v) => fr.set(*dst, Ok(v)),
                            Err(o) => return self.stop(o.message, span),
                        }
                    }
                }
                Instr::Write { addr, value: v, access } => {
                    let a = self.address(fr, addr, span)?;
                    let size = code.accesses[*access as usize].size;
                    match value(fr, &mut self.scratch, v)? {
                        Ok(x) => {
                            let at = self.memory.resolve(a, 0, 0);
                            if let Err(o) = self.memory.store(at, size, x) {
                                return self.stop(o.message, span);
                            }
                            self.taint.clear(a, a.saturating_add(size));
                        }
                        Err(k) => self.taint.add(a, a.saturating_add(size), kind(k)),
                    }
                }
                Instr::Atomic { .. } => return self.stop("an atomic operation in host code", span),
                Instr::Unless { cond, target } => match value(fr, &mut self.scratch, cond)? {
                    Ok(0) => next = *target as usize,
                    Ok(_) => {}
                    Err(k) => return self.stop_on("a branch", code, k, span),
                },
                Instr::Jump(target) => next = *target as usize,
                Instr::Exit => return Ok(Ok(0)),
                Instr::Return(v) => {
                    let v = value(fr, &mut self.scratch, v)?;
                    return Ok(self.carry(code, v));
                }
                Instr::Assert { cond, .. } => {
                    if value(fr, &mut self.scratch, cond)? == Ok(0) {
                        return self.stop("an assertion of the host code fails", span);
                    }
                }
                Instr::Sync { .. }
                | Instr::Fence(_)
                | Instr::Warp { .. }
                | Instr::Assume { .. }
                | Instr::Print { .. } => {}
                Instr::Fault(k) => {
                    let why =
                        code.faults.get(*k as usize).map_or("an unmodelled statement".into(), |f| f.reason.clone());
                    return self.stop(format!("the host code does what the run does not model: {why}"), span);
                }
                Instr::Call { callee, args, dst } => {
                    let mut vals = Vec::with_capacity(args.len());
                    for (v, ty) in args {
                        let v = value(fr, &mut self.scratch, v)?;
                        vals.push((self.carry(code, v), ty.clone()));
                    }
                    let result = match self.function(callee, vals.len()) {
                        Some(f) => self.call(f, vals.into_iter().map(|(v, _)| v).collect())?,
                        None => {
                            let want = dst.and_then(|d| code.regs.get(d as usize)).map(|r| r.0);
                            library::call(self, callee, &vals, want, span)?
                        }
                    };
                    if let Some(d) = dst {
                        fr.set(*d, result);
                    }
                }
                Instr::Launch { launch, grid, block, shmem, args } => {
                    let mut geometry = [[0u32; 3]; 2];
                    let mut known = Ok(());
                    for (g, vs) in geometry.iter_mut().zip([grid, block]) {
                        for (d, v) in g.iter_mut().zip(vs.iter()) {
                            match value(fr, &mut self.scratch, v)? {
                                Ok(x) => *d = x as u32,
                                Err(k) => known = Err(self.carry(code, Err(k)).unwrap_err()),
                            }
                        }
                    }
                    let shmem = match shmem {
                        Some(v) => value(fr, &mut self.scratch, v)?.unwrap_or(0) as u64,
                        None => 0,
                    };
                    let mut vals = Vec::with_capacity(args.len());
                    for v in args {
                        let v = value(fr, &mut self.scratch, v)?;
                        vals.push(self.carry(code, v));
                    }
                    let site =
                        LaunchSite { launch: *launch as usize, grid: geometry[0], block: geometry[1], shmem, span };
                    self.launch(site, known, vals)?;
                }
            }
            pc = next;
        }
    }

    fn address(&mut self, fr: &Frame, addr: &crate::code::Value, span: Span) -> Result<u64, End> {
        match fr.get(&mut self.scratch, addr) {
            Ok(Ok(a)) => Ok(a as u64),
            Ok(Err(k)) => self.stop_on("an address", fr.code, k, span),
            Err(_) => self.stop("division by zero in host code", span),
        }
    }

    pub(crate) fn taint_allocation(&mut self, addr: u64, kind: Kind) {
        if let Some((base, len)) = self.memory.allocation_of(addr) {
            self.taint.add(base, base + len, kind);
        }
    }
}

/// The fault of a value unknown for `kind`.
fn poison(kind: Kind) -> u32 {
    match kind {
        Kind::Input => INPUT,
        Kind::Unmodelled => UNKNOWN,
    }
}

/// Why a value without one (fault `k`) is unknown.
fn kind(k: u32) -> Kind {
    if k == INPUT {
        Kind::Input
    } else {
        Kind::Unmodelled
    }
}
