//! One launch of the program's run: its kernel compiled once, what it may
//! touch, whether it reads only what the run knows, and its run on the
//! machine with the run's memory (the happens-before detector on the
//! kernels asked about).

use std::collections::BTreeSet;
use std::rc::Rc;

use gpurace_ir::{Span, Type};

use super::taint::Kind;
use super::{Collision, End, Exec, LaunchOutcome, LaunchRun, Val, INPUT};
use crate::code::Code;
use crate::detect;
use crate::machine::coords;
use crate::memory::Layout;
use crate::{Cause, Launch, Schedule};

/// Where and how a launch is made.
pub(super) struct LaunchSite {
    pub launch: usize,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shmem: u64,
    pub span: Span,
}

impl Exec<'_> {
    fn kernel(&mut self, k: usize) -> Rc<(Layout, Code)> {
        if let Some(c) = self.kernels.get(&k) {
            return c.clone();
        }
        let kernel = &self.program.kernels[k];
        let layout = Layout::new(self.program, kernel);
        let code = crate::compile::compile(self.program, kernel, &layout);
        let c = Rc::new((layout, code));
        self.kernels.insert(k, c.clone());
        c
    }

    /// The allocations a launch may touch: those its pointer arguments
    /// point into, and the device variables.
    fn reach(&self, k: usize, args: &[Val]) -> Vec<(u64, u64)> {
        let kernel = &self.program.kernels[k];
        let mut out: Vec<(u64, u64)> = self.layout.global_objects.iter().map(|(a, n, _, _)| (*a, *n)).collect();
        for (p, a) in kernel.params.iter().zip(args) {
            if let (Type::Ptr(_) | Type::Record { .. }, Ok(a)) = (&p.ty, a) {
                if let Some(r) = self.memory.allocation_of(*a as u64) {
                    out.push(r);
                }
            }
        }
        out
    }

    fn undecided(&mut self, site: &LaunchSite, k: usize, reach: &[(u64, u64)], why: String, input: bool) {
        let kind = if input { Kind::Input } else { Kind::Unmodelled };
        for (base, len) in reach {
            self.taint.add(*base, base + len, kind);
        }
        let run = LaunchRun {
            launch: site.launch,
            kernel: k,
            grid: site.grid,
            block: site.block,
            outcome: LaunchOutcome::Undecided { why, input },
        };
        self.launches.push(run);
    }

    /// Runs one launch on the machine, on the run's memory.
    pub(super) fn launch(&mut self, site: LaunchSite, known: Result<(), u32>, args: Vec<Val>) -> Result<(), End> {
        let none = Code::default();
        let Some(k) = self.program.launches.get(site.launch).and_then(|l| l.kernel) else {
            return self.stop("a launch of a kernel the lowering could not resolve", site.span);
        };
        let reach = self.reach(k, &args);
        if let Some(k0) = known.err() {
            let why = format!("its geometry depends on {}", self.why(&none, k0));
            self.undecided(&site, k, &reach, why, k0 == INPUT);
            return Ok(());
        }
        if let Some(Err(k0)) = args.iter().find(|a| a.is_err()) {
            let why = format!("an argument depends on {}", self.why(&none, *k0));
            self.undecided(&site, k, &reach, why, *k0 == INPUT);
            return Ok(());
        }
        let tainted =
            reach.iter().filter_map(|(b, n)| self.taint.overlaps(*b, b + n)).min_by_key(|k| *k != Kind::Input);
        if let Some(kind) = tainted {
            let why = match kind {
                Kind::Input => "it reads data that come from an input (a file the program reads, the clock)",
                Kind::Unmodelled => "it reads memory that a call gpurace does not model may have written",
            };
            self.undecided(&site, k, &reach, why.into(), kind == Kind::Input);
            return Ok(());
        }
        let compiled = self.kernel(k);
        let code = &compiled.1;
        let threads = site.grid.iter().chain(&site.block).fold(1u64, |n, d| n.saturating_mul(u64::from(*d)));
        let left = self.options.max_steps.saturating_sub(self.steps);
        if threads == 0 || threads > left {
            return Err(End::Budget { span: site.span });
        }
        let per_block: u64 = site.block.iter().map(|d| u64::from(*d)).product();
        let blocks: u64 = site.grid.iter().map(|d| u64::from(*d)).product();
        if per_block > crate::limits::MAX_BLOCK_THREADS || blocks > crate::limits::MAX_RUN_BLOCKS {
            self.undecided(&site, k, &reach, "its geometry is past the simulator's limits".into(), false);
            return Ok(());
        }
        let params: Vec<u128> = args.iter().map(|a| a.unwrap_or(0)).collect();
        let mut fields = Vec::with_capacity(code.fields.len());
        for (param, offset, width) in &code.fields {
            let base = params.get(*param as usize).copied().unwrap_or(0) as u64;
            let at = self.memory.resolve(base + offset, 0, 0);
            match self.memory.load(at, u64::from(*width).div_ceil(8)) {
                Ok(v) => fields.push(v),
                Err(_) => {
                    self.undecided(&site, k, &reach, "a struct argument the run cannot read".into(), false);
                    return Ok(());
                }
            }
        }
        let resident = (16_384 / per_block.max(1)).max(1) as u32;
        let launch = Launch {
            grid: site.grid,
            block: site.block,
            params,
            fields,
            dynamic_shared: site.shmem,
            schedule: Schedule::Lockstep,
            seed: 0,
            max_steps: left,
            resident,
            blocks: None,
            progress: None,
            preempt: Vec::new(),
        };
        // The plain detector: it reports each pair of accesses once per class
        // from its shadow cells, in time linear in the run (a replay's
        // watched accesses keep every instance, quadratic on a hot address).
        let watch = self.options.watch.get(&k);
        let mut detectors = match watch {
            Some(_) => detect::by_names(&["hb".to_string()], BTreeSet::new()).unwrap_or_default(),
            None => Vec::new(),
        };
        let memory = std::mem::take(&mut self.memory);
        let mut machine = crate::machine::Machine::new(code, &launch, memory, &mut detectors);
        let result = machine.run();
        let steps = machine.steps;
        self.memory = std::mem::take(&mut machine.memory);
        drop(machine);
        self.steps = self.steps.saturating_add(steps);
        match result {
            Err(e) if e.cause == Cause::Steps => Err(End::Budget { span: site.span }),
            Err(e) => {
                let line = self.program.locate(e.span).1;
                self.undecided(&site, k, &reach, format!("its run stopped at line {line}: {}", e.message), false);
                Ok(())
            }
            Ok(()) => {
                let mut races = Vec::new();
                for d in &detectors {
                    for o in d.races() {
                        let span =
                            |s: &detect::Side| code.accesses.get(s.access as usize).map_or(Span::NONE, |a| a.span);
                        let (a, b) = (o.first.who, o.second.who);
                        races.push(Collision {
                            first: span(&o.first),
                            second: span(&o.second),
                            class: detect::race_class(a, b),
                            blocks: [coords(a.block, site.grid), coords(b.block, site.grid)],
                            threads: [coords(a.thread, site.block), coords(b.thread, site.block)],
                        });
                    }
                }
                let run = LaunchRun {
                    launch: site.launch,
                    kernel: k,
                    grid: site.grid,
                    block: site.block,
                    outcome: LaunchOutcome::Ran { races, watched: watch.is_some() },
                };
                self.launches.push(run);
                if watch.is_some() {
                    self.ran.insert(k);
                    if self.options.watch.keys().all(|k| self.ran.contains(k)) {
                        return Err(End::Decided);
                    }
                }
                Ok(())
            }
        }
    }
}
