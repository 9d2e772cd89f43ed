//! The machine: the threads of a launch, stepped one instruction at a time
//! under a scheduler, waiting at barriers and warp collectives until every
//! participant arrives.
//!
//! Blocks run in groups of resident blocks (one block at a time unless the
//! kernel has a grid barrier, which needs them all). Within a group the
//! scheduler picks which thread runs next; a thread that reaches a barrier
//! or a collective waits. When no thread can run, the machine completes
//! every barrier whose participants have all arrived; when none can
//! complete, the threads are deadlocked and the run says where each waits.

use gpurace_core::arith::mask;
use gpurace_ir::Span;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::code::{Code, Collective, Instr, Reduction, Sync};
use crate::detect::{AccessEvent, Detector, Mode, Needs, Observed, Side, ThreadRef};
use crate::eval::{eval, Env, EvalError, NO_FAULT};
use crate::memory::{Location, Memory, Outside};
use crate::privatize::{End, Privatizer};
use crate::warp;

mod schedule;
use crate::{Cause, Launch, RunError, Schedule};

/// The longest delay after a plain access (delays), in machine steps: a
/// sleeping thread re-reads when its turn comes again after it, so even a
/// short delay lets every other warp of its group take a turn.
const MAX_DELAY: u64 = 64;

/// The most `printf` calls a run keeps the output of.
pub const MAX_PRINTED: usize = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Ready,
    /// At the barrier or collective its `pc` points at.
    Waiting,
    Done,
}

#[derive(Clone)]
struct Thread {
    who: ThreadRef,
    tid: [u32; 3],
    bid: [u32; 3],
    pc: u32,
    regs: Vec<u128>,
    /// Per register: the fault that left it without a value (a value the
    /// lowering could not model is an error only where it is used).
    poison: Vec<u32>,
    status: Status,
    /// The mask (warp syncs, collectives) or tile size it waits with.
    wait: u32,
    /// It sleeps until the machine's clock reaches this (delays).
    wake: u64,
    /// Its last plain access and the value it read or wrote, to re-read
    /// when it wakes (delays).
    pending: Option<(AccessEvent, u128)>,
}

/// A barrier reached by only some of a block's threads, or threads of one
/// block waiting at different barriers.
#[derive(Debug, Clone)]
pub struct Divergence {
    pub block: u32,
    /// The barrier (or barriers) the waiting threads are at.
    pub at: Vec<Span>,
    pub waiting: u32,
    pub threads: u32,
}

pub(crate) struct Machine<'a> {
    code: &'a Code,
    launch: &'a Launch,
    pub memory: Memory,
    detectors: &'a mut [Box<dyn Detector>],
    threads: Vec<Thread>,
    scratch: Vec<u128>,
    rng: ChaCha8Rng,
    pub steps: u64,
    pub divergences: Vec<Divergence>,
    /// What device `printf` printed, in the order the run printed it (at
    /// most [`MAX_PRINTED`] calls), and how many calls past that.
    pub printed: Vec<String>,
    pub unprinted: u64,
    /// Thread-instructions run and time slept: the clock delays count in.
    clock: u64,
    /// The longest delay after a plain access, when a detector needs delays.
    delays: Option<u64>,
    /// The privatisation of the resident block, when a detector needs it,
    /// and the threads and local memory at its interval's start.
    privatize: bool,
    privatizer: Option<Privatizer>,
    saved: (Vec<Thread>, Vec<Vec<u8>>),
    /// The systematic schedule's running thread and the preemptions done.
    current: usize,
    preempted: usize,
}

/// The (x, y, z) of the `linear`-th thread or block of `dims`.
pub(crate) fn coords(linear: u32, dims: [u32; 3]) -> [u32; 3] {
    [linear % dims[0], linear / dims[0] % dims[1], linear / (dims[0] * dims[1])]
}

impl<'a> Machine<'a> {
    pub fn new(
        code: &'a Code,
        launch: &'a Launch,
        memory: Memory,
        detectors: &'a mut [Box<dyn Detector>],
    ) -> Machine<'a> {
        let needs = |n: Needs| detectors.iter().any(|d| d.needs() == n);
        let delays = needs(Needs::Delays).then_some(0);
        let privatize = needs(Needs::Privatization);
        Machine {
            code,
            launch,
            memory,
            detectors,
            threads: Vec::new(),
            scratch: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(launch.seed),
            steps: 0,
            divergences: Vec::new(),
            printed: Vec::new(),
            unprinted: 0,
            clock: 0,
            delays,
            privatize,
            privatizer: None,
            saved: (Vec::new(), Vec::new()),
            current: 0,
            preempted: 0,
        }
    }

    /// Runs every block of the launch (`inputs::prepare` checked the
    /// geometry and the memory of the resident blocks against the limits).
    pub fn run(&mut self) -> Result<(), RunError> {
        let blocks = u32::try_from(self.launch.grid.iter().map(|d| u64::from(*d)).product::<u64>()).unwrap_or(u32::MAX);
        let mut order: Vec<u32> = match &self.launch.blocks {
            Some(only) => only.iter().copied().filter(|b| *b < blocks).collect(),
            None => (0..blocks).collect(),
        };
        match self.launch.schedule {
            Schedule::Lockstep => {}
            Schedule::Random => order.shuffle(&mut self.rng),
            Schedule::Shuffle => order = self.affine(&order),
            Schedule::Adversarial => order.reverse(),
            Schedule::Systematic => {}
        }
        let grid_sync = self.code.instrs.iter().any(|i| matches!(i, Instr::Sync { sync: Sync::Grid, .. }));
        let resident = if grid_sync { order.len() } else { self.launch.resident.max(1) as usize };
        self.memory.shared.clear();
        for group in order.chunks(resident.max(1)) {
            self.start(group)?;
            let result = self.run_group(group.len() as u32 == blocks && self.launch.blocks.is_none());
            for &b in group {
                self.memory.shared.remove(&b);
                for d in self.detectors.iter_mut() {
                    d.block_end(b);
                }
            }
            result?;
        }
        Ok(())
    }

    /// Starts the blocks of `group`: their shared memory, their threads and
    /// their local memory, allocated fallibly (their sizes are the input's).
    fn start(&mut self, group: &[u32]) -> Result<(), RunError> {
        let per_block: u32 = self.launch.block.iter().product();
        let shared = self.code.shared_bytes.saturating_add(self.launch.dynamic_shared);
        let span = self.code.spans.first().copied().unwrap_or(Span::NONE);
        let no_memory = move |what: &str, bytes: u64| RunError {
            message: format!(
                "the host has no memory for {what} ({})",
                crate::limits::amount(bytes, crate::limits::Unit::Bytes)
            ),
            span,
            block: None,
            thread: None,
            cause: Cause::Program,
        };
        self.current = 0;
        self.threads.clear();
        self.memory.local.clear();
        let threads = group.len() * per_block as usize;
        if self.threads.try_reserve(threads).is_err() || self.memory.local.try_reserve(threads).is_err() {
            let bytes = (threads as u64).saturating_mul(crate::limits::THREAD_BYTES);
            return Err(no_memory("the threads of the resident blocks", bytes));
        }
        for &b in group {
            let segment = crate::limits::zeroed(shared).ok_or_else(|| no_memory("a block's shared memory", shared))?;
            self.memory.shared.insert(b, segment);
            for d in self.detectors.iter_mut() {
                d.block_start(b, per_block);
            }
            for t in 0..per_block {
                self.threads.push(Thread {
                    who: ThreadRef { block: b, thread: t },
                    tid: coords(t, self.launch.block),
                    bid: coords(b, self.launch.grid),
                    pc: 0,
                    regs: vec![0; self.code.regs.len()],
                    poison: vec![NO_FAULT; self.code.regs.len()],
                    status: Status::Ready,
                    wait: 0,
                    wake: 0,
                    pending: None,
                });
                let frame = crate::limits::zeroed(self.code.local_bytes)
                    .ok_or_else(|| no_memory("a thread's local memory", self.code.local_bytes))?;
                self.memory.local.push(frame);
            }
        }
        if let Some(d) = &mut self.delays {
            *d = MAX_DELAY;
        }
        self.privatizer = match (self.privatize, group) {
            (true, &[b]) => Some(Privatizer::new(b, per_block.div_ceil(32) as usize)),
            _ => None,
        };
        self.begin_interval();
        Ok(())
    }

    /// Privatisation: an interval starts; the threads as they are now are
    /// where a second pass starts.
    fn begin_interval(&mut self) {
        if let Some(p) = &mut self.privatizer {
            p.begin(&mut self.memory);
            self.saved = (self.threads.clone(), self.memory.local.clone());
        }
    }

    /// Privatisation: the resident block's interval ends (its threads at a
    /// barrier or done). True when it runs again from its start.
    fn end_interval(&mut self) -> bool {
        let Some(p) = &mut self.privatizer else { return false };
        let mut found: Vec<Observed> = Vec::new();
        let end = p.end(&mut self.memory, &mut found);
        for race in found {
            for d in self.detectors.iter_mut() {
                d.found(race);
            }
        }
        if end == End::Again {
            self.threads.clone_from(&self.saved.0);
            self.memory.local.clone_from(&self.saved.1);
            return true;
        }
        false
    }

    fn run_group(&mut self, whole_grid: bool) -> Result<(), RunError> {
        loop {
            let progressed = match self.launch.schedule {
                Schedule::Lockstep | Schedule::Shuffle => self.lockstep_round()?,
                Schedule::Random => self.random_round()?,
                Schedule::Adversarial => self.adversarial_round()?,
                Schedule::Systematic => self.systematic_round()?,
            };
            if progressed {
                continue;
            }
            if self.complete_syncs(whole_grid)? {
                continue;
            }
            if self.wake_sleepers() {
                continue;
            }
            if self.threads.iter().all(|t| t.status == Status::Done) {
                if self.end_interval() {
                    continue;
                }
                return Ok(());
            }
            return Err(self.deadlock());
        }
    }

    fn error(&self, i: usize, message: String, span: Option<Span>) -> RunError {
        let t = &self.threads[i];
        let span = span.unwrap_or_else(|| self.code.spans.get(t.pc as usize).copied().unwrap_or(Span::NONE));
        RunError { message, span, block: Some(t.bid), thread: Some(t.tid), cause: Cause::Program }
    }

    /// An access of thread `i` that is not to memory.
    fn outside(&self, i: usize, outside: Outside) -> RunError {
        RunError { cause: outside.cause, ..self.error(i, outside.message, None) }
    }

    fn value(&mut self, i: usize, v: &crate::code::Value) -> Result<u128, RunError> {
        self.raw_value(i, v).map_err(|e| self.eval_error(i, e))
    }

    fn eval_error(&self, i: usize, e: EvalError) -> RunError {
        match e {
            EvalError::DivisionByZero => self.error(i, "integer division by zero".into(), None),
            EvalError::Fault(k) => match self.code.faults.get(k as usize) {
                Some(f) => self.error(i, format!("cannot run: {}", f.reason), Some(f.span)),
                None => self.error(i, "cannot run: a value the simulator does not model".into(), None),
            },
        }
    }

    fn raw_value(&mut self, i: usize, v: &crate::code::Value) -> Result<u128, EvalError> {
        let t = &self.threads[i];
        let env = Env {
            regs: &t.regs,
            poison: &t.poison,
            tid: t.tid,
            bid: t.bid,
            block: self.launch.block,
            grid: self.launch.grid,
            params: &self.launch.params,
            fields: &self.launch.fields,
        };
        eval(v, &env, &mut self.scratch)
    }

    fn set_reg(&mut self, i: usize, var: u32, v: u128) {
        let Some((ty, _)) = self.code.regs.get(var as usize) else { return };
        let v = if ty.bits == 0 { u128::from(v != 0) } else { v & mask(ty.bits) };
        self.threads[i].regs[var as usize] = v;
        self.threads[i].poison[var as usize] = NO_FAULT;
    }

    /// The location an access touches, told to the detectors (local memory
    /// is the thread's own and is not).
    fn touch(&mut self, i: usize, addr: u128, access: u32, mode: Mode) -> Location {
        let who = self.threads[i].who;
        let at = self.memory.resolve(addr as u64, who.block, i as u32);
        if at.space != gpurace_ir::Space::Local {
            let size = self.code.accesses[access as usize].size;
            if let Some(p) = &mut self.privatizer {
                let warp = who.warp() as usize;
                if at.space == gpurace_ir::Space::Shared {
                    p.enter(&mut self.memory, warp);
                }
                p.access(&mut self.memory, warp, Side { who, access, mode }, at, size);
            }
            let wait = self.code.accesses[access as usize].wait;
            let ev = AccessEvent { who, at, size, mode, access, wait };
            for d in self.detectors.iter_mut() {
                d.access(&ev);
            }
        }
        at
    }

    fn step(&mut self, i: usize) -> Result<(), RunError> {
        self.steps += 1;
        self.clock += 1;
        if self.steps.is_multiple_of(crate::PROGRESS_STEPS) {
            if let Some(progress) = self.launch.progress {
                progress(self.steps, self.launch.max_steps);
            }
        }
        if self.steps > self.launch.max_steps {
            let message = format!(
                "the run passed its limit of {} thread-instructions: the launch needs more, or a thread spins on a \
                 flag that nothing sets",
                self.launch.max_steps
            );
            return Err(RunError { cause: Cause::Steps, ..self.error(i, message, None) });
        }
        let code = self.code;
        let pc = self.threads[i].pc as usize;
        let mut next = pc as u32 + 1;
        match &code.instrs[pc] {
            Instr::Set { var, value } => match self.raw_value(i, value) {
                Err(EvalError::Fault(k)) => self.threads[i].poison[*var as usize] = k,
                other => {
                    let v = other.map_err(|e| self.eval_error(i, e))?;
                    self.set_reg(i, *var, v);
                }
            },
            Instr::Read { dst, addr, access } => {
                let a = self.value(i, addr)?;
                let at = self.touch(i, a, *access, Mode::Read);
                let size = code.accesses[*access as usize].size;
                let v = self.memory.load(at, size).map_err(|m| self.outside(i, m))?;
                self.set_reg(i, *dst, v);
                self.sleep(i, at, *access, Mode::Read, v);
            }
            Instr::Write { addr, value, access } => {
                let a = self.value(i, addr)?;
                let v = self.value(i, value)?;
                let at = self.touch(i, a, *access, Mode::Write);
                let size = code.accesses[*access as usize].size;
                self.memory.store(at, size, v).map_err(|m| self.outside(i, m))?;
                self.sleep(i, at, *access, Mode::Write, v);
            }
            Instr::Atomic { dst, addr, args, access } => {
                let a = self.value(i, addr)?;
                let mut vals = Vec::with_capacity(args.len());
                for arg in args {
                    vals.push(self.value(i, arg)?);
                }
                let info = &code.accesses[*access as usize];
                let (op, scope) = info.atomic().expect("an atomic access");
                let at = self.touch(i, a, *access, Mode::Atomic(op, scope));
                let old = self.memory.load(at, info.size).map_err(|m| self.outside(i, m))?;
                let new = warp::atomic(op, info.elem, old, &vals);
                self.memory.store(at, info.size, new).map_err(|m| self.outside(i, m))?;
                if let Some(dst) = dst {
                    self.set_reg(i, *dst, old);
                }
            }
            Instr::Unless { cond, target } => {
                if self.value(i, cond)? == 0 {
                    next = *target;
                }
            }
            Instr::Jump(target) => next = *target,
            Instr::Sync { sync, .. } => {
                let wait = match sync {
                    Sync::Warp(m) => self.value(i, m)? as u32,
                    Sync::Tile(s) => self.value(i, s)? as u32,
                    Sync::Block(_) | Sync::Grid => 0,
                };
                let t = &mut self.threads[i];
                t.wait = wait;
                t.status = Status::Waiting;
                return Ok(());
            }
            Instr::Fence(scope) => {
                let who = self.threads[i].who;
                for d in self.detectors.iter_mut() {
                    d.fence(who, *scope);
                }
            }
            Instr::Warp { dst, op: Collective::ActiveMask, .. } => {
                let lanes = self.live_lanes(i);
                if let Some(dst) = dst {
                    self.set_reg(i, *dst, u128::from(lanes));
                }
            }
            Instr::Warp { mask, .. } => {
                let m = self.value(i, mask)? as u32;
                let t = &mut self.threads[i];
                t.wait = m;
                t.status = Status::Waiting;
                return Ok(());
            }
            Instr::Assume { cond, span } => {
                if self.value(i, cond)? == 0 {
                    let m = "an assumption (`__assume`, `__requires`) does not hold for this launch".into();
                    return Err(self.error(i, m, Some(*span)));
                }
            }
            Instr::Assert { cond, span } => {
                if self.value(i, cond)? == 0 {
                    return Err(self.error(i, "assertion failed".into(), Some(*span)));
                }
            }
            Instr::Print { format, args } => {
                let mut values = Vec::with_capacity(args.len());
                for (v, ty) in args {
                    values.push((self.raw_value(i, v).ok(), *ty));
                }
                if self.printed.len() < MAX_PRINTED {
                    self.printed.push(crate::print::format(format, &values));
                } else {
                    self.unprinted += 1;
                }
            }
            Instr::Fault(k) => {
                let f = &code.faults[*k as usize];
                return Err(self.error(i, format!("cannot run: {}", f.reason), Some(f.span)));
            }
            Instr::Exit => {
                self.threads[i].status = Status::Done;
                return Ok(());
            }
            Instr::Call { .. } | Instr::Launch { .. } | Instr::Return(_) => {
                return Err(self.error(i, "cannot run: host code in a kernel".into(), None));
            }
        }
        self.threads[i].pc = next;
        Ok(())
    }

    /// The index of the first thread of `i`'s warp and the warp's size.
    fn warp_of(&self, i: usize) -> (usize, usize) {
        let t = self.threads[i].who.thread as usize;
        let block_start = i - t;
        let per_block: usize = self.launch.block.iter().product::<u32>() as usize;
        let start = block_start + t / 32 * 32;
        (start, (block_start + per_block - start).min(32))
    }

    fn live_lanes(&self, i: usize) -> u32 {
        let (start, len) = self.warp_of(i);
        (0..len).filter(|&l| self.threads[start + l].status != Status::Done).fold(0, |m, l| m | 1 << l)
    }

    /// Completes the barriers and collectives whose participants have all
    /// arrived; false when none could.
    fn complete_syncs(&mut self, whole_grid: bool) -> Result<bool, RunError> {
        let mut progressed = false;
        for i in 0..self.threads.len() {
            if self.threads[i].status == Status::Waiting && self.warp_level(i) {
                progressed |= self.complete_warp(i)?;
            }
        }
        progressed |= self.complete_tiles();
        progressed |= self.complete_blocks()?;
        if !progressed && whole_grid {
            progressed |= self.complete_grid();
        }
        Ok(progressed)
    }

    fn instr_of(&self, i: usize) -> &'a Instr {
        let code: &'a Code = self.code;
        &code.instrs[self.threads[i].pc as usize]
    }

    fn warp_level(&self, i: usize) -> bool {
        matches!(self.instr_of(i), Instr::Warp { .. } | Instr::Sync { sync: Sync::Warp(_), .. })
    }

    fn complete_warp(&mut self, i: usize) -> Result<bool, RunError> {
        let (start, len) = self.warp_of(i);
        let lane_mask = if len == 32 { u32::MAX } else { (1u32 << len) - 1 };
        let want = (self.threads[i].wait & lane_mask) | 1 << (i - start);
        let lanes: Vec<usize> = (0..len)
            .filter(|&l| want & (1 << l) != 0 && self.threads[start + l].status != Status::Done)
            .map(|l| start + l)
            .collect();
        if !lanes.iter().all(|&l| self.threads[l].status == Status::Waiting && self.warp_level(l)) {
            return Ok(false);
        }
        match self.instr_of(i) {
            Instr::Warp { dst, op, args, .. } => {
                let mut values = Vec::with_capacity(lanes.len());
                for &l in &lanes {
                    let mut vals = Vec::with_capacity(args.len());
                    for a in args {
                        vals.push(self.value(l, a)?);
                    }
                    values.push((l - start, vals));
                }
                let results = warp::collective(*op, &values);
                for (&l, r) in lanes.iter().zip(results) {
                    if let Some(dst) = dst {
                        self.set_reg(l, *dst, r);
                    }
                }
            }
            _ => {
                let block = self.threads[i].who.block;
                let who: Vec<u32> = lanes.iter().map(|&l| self.threads[l].who.thread).collect();
                for d in self.detectors.iter_mut() {
                    d.sync(block, &who, false);
                }
            }
        }
        for &l in &lanes {
            self.release(l);
        }
        Ok(true)
    }

    fn release(&mut self, i: usize) {
        let t = &mut self.threads[i];
        t.status = Status::Ready;
        t.pc += 1;
    }

    fn complete_tiles(&mut self) -> bool {
        let mut progressed = false;
        let n = self.threads.len();
        let mut i = 0;
        while i < n {
            let at_tile = |t: &Thread, code: &Code| {
                t.status == Status::Waiting
                    && matches!(code.instrs[t.pc as usize], Instr::Sync { sync: Sync::Tile(_), .. })
            };
            if !at_tile(&self.threads[i], self.code) {
                i += 1;
                continue;
            }
            let size = self.threads[i].wait.max(1) as usize;
            let t = self.threads[i].who.thread as usize;
            let start = i - t % size;
            let block = self.threads[i].who.block;
            let members: Vec<usize> = (start..(start + size).min(n))
                .filter(|&j| self.threads[j].who.block == block && self.threads[j].status != Status::Done)
                .collect();
            if members.iter().all(|&j| at_tile(&self.threads[j], self.code)) {
                let who: Vec<u32> = members.iter().map(|&j| self.threads[j].who.thread).collect();
                for d in self.detectors.iter_mut() {
                    d.sync(block, &who, false);
                }
                members.iter().for_each(|&j| self.release(j));
                progressed = true;
            }
            i = start + size;
        }
        progressed
    }

    fn complete_blocks(&mut self) -> Result<bool, RunError> {
        let per_block: usize = self.launch.block.iter().product::<u32>() as usize;
        let mut progressed = false;
        for start in (0..self.threads.len()).step_by(per_block.max(1)) {
            let members: Vec<usize> =
                (start..start + per_block).filter(|&j| self.threads[j].status != Status::Done).collect();
            let at_block = |j: usize| {
                self.threads[j].status == Status::Waiting
                    && matches!(self.instr_of(j), Instr::Sync { sync: Sync::Block(_), .. })
            };
            if members.is_empty() || !members.iter().all(|&j| at_block(j)) {
                continue;
            }
            let mut at: Vec<Span> = members.iter().map(|&j| self.code.spans[self.threads[j].pc as usize]).collect();
            at.sort();
            at.dedup();
            if self.end_interval() {
                progressed = true;
                continue;
            }
            let block = self.threads[start].who.block;
            if at.len() > 1 || members.len() < per_block {
                let waiting = members.len() as u32;
                self.divergences.push(Divergence { block, at, waiting, threads: per_block as u32 });
            }
            self.reduce(&members)?;
            let who: Vec<u32> = members.iter().map(|&j| self.threads[j].who.thread).collect();
            for d in self.detectors.iter_mut() {
                d.sync(block, &who, true);
            }
            members.iter().for_each(|&j| self.release(j));
            self.begin_interval();
            progressed = true;
        }
        Ok(progressed)
    }

    /// `__syncthreads_count/and/or(p)`: `p` over the threads at the barrier,
    /// into each one's barrier-result register.
    fn reduce(&mut self, members: &[usize]) -> Result<(), RunError> {
        let Some(&first) = members.first() else { return Ok(()) };
        let Instr::Sync { sync: Sync::Block(Some((reduction, pred))), .. } = self.instr_of(first) else {
            return Ok(());
        };
        let mut count = 0u32;
        for &j in members {
            count += u32::from(self.value(j, pred)? != 0);
        }
        let n = members.len() as u32;
        let result = match reduction {
            Reduction::Count => count,
            Reduction::And => u32::from(count == n),
            Reduction::Or => u32::from(count > 0),
        };
        let reg = (self.code.regs.len() - 1) as u32;
        for &j in members {
            self.set_reg(j, reg, u128::from(result));
        }
        Ok(())
    }

    fn complete_grid(&mut self) -> bool {
        let live: Vec<usize> = (0..self.threads.len()).filter(|&j| self.threads[j].status != Status::Done).collect();
        let at_grid = |j: usize| matches!(self.instr_of(j), Instr::Sync { sync: Sync::Grid, .. });
        if live.is_empty() || !live.iter().all(|&j| self.threads[j].status == Status::Waiting && at_grid(j)) {
            return false;
        }
        // Threads that exited before the grid barrier: it is divergent.
        if live.len() < self.threads.len() {
            let mut at: Vec<Span> = live.iter().map(|&j| self.code.spans[self.threads[j].pc as usize]).collect();
            at.sort();
            at.dedup();
            let block = self.threads[live[0]].who.block;
            let (waiting, threads) = (live.len() as u32, self.threads.len() as u32);
            self.divergences.push(Divergence { block, at, waiting, threads });
        }
        for d in self.detectors.iter_mut() {
            d.grid_sync();
        }
        live.iter().for_each(|&j| self.release(j));
        true
    }

    /// Where the threads of a deadlocked group wait.
    fn deadlock(&self) -> RunError {
        let mut places: Vec<Span> = self
            .threads
            .iter()
            .filter(|t| t.status == Status::Waiting)
            .map(|t| self.code.spans[t.pc as usize])
            .collect();
        places.sort();
        places.dedup();
        let first = self.threads.iter().position(|t| t.status == Status::Waiting).unwrap_or(0);
        let lines: Vec<String> = places.iter().map(|s| format!("line {}", s.line)).collect();
        let message = format!(
            "deadlock: threads wait at a barrier or warp collective that the others never reach (waiting at {})",
            lines.join(", ")
        );
        self.error(first, message, places.first().copied())
    }
}
