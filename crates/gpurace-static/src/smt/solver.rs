//! The solver of one worker thread: one z3 context for the queries of a
//! kernel, the common facts asserted once below every query, a work limit
//! per query (z3 resource units, deterministic) and the two-try strategy:
//! z3's incremental core first, then a fresh solver with part of the budget.

use std::collections::HashMap;
use std::sync::Arc;

use z3::ast::{Bool, Dynamic};
use z3::{Context, FuncDecl, Model, Params, SatResult};

use gpurace_core::term::{Term, T};

use super::query::{Answer, Query};
use crate::config::SolverDebug;

/// A z3 context and solver with the kernel's common facts asserted.
pub struct Solver<'c> {
    pub(super) ctx: &'c Context,
    pub(super) solver: z3::Solver<'c>,
    pub(super) memo: HashMap<(*const Term, u8), (T, Dynamic<'c>)>,
    /// Uninterpreted functions by name, argument widths and result width.
    pub(super) functions: HashMap<(Arc<str>, Vec<u32>, u32), FuncDecl<'c>>,
    pub(super) timeout_ms: u32,
    /// The facts asserted below every query (their leaves are in every model).
    pub(super) common: Vec<T>,
    /// Which of `blockDim.x/y/z` may be above 1: the others are left out of
    /// linear thread ids, which keeps them linear when `blockDim.x` is symbolic.
    pub block_dims_used: [bool; 3],
    /// The launch's `blockDim`, when it is known: its leaves are encoded as
    /// constants, so that `blockIdx * blockDim` and the linear thread ids are
    /// linear terms (the incremental solver does not substitute an equality
    /// into a product before bit-blasting it).
    pub block: Option<[u32; 3]>,
    /// What the next queries are for, in the lines of `SolverDebug::query_stats`.
    pub stage: &'static str,
    /// Which job the next queries are for (the lines of its accesses), in
    /// the lines of `SolverDebug::query_stats`.
    pub label: String,
    /// The common facts as asserted, for the fresh solver of each query.
    pub(super) base: Vec<Bool<'c>>,
    /// Common facts asserted only when a model breaks them (see
    /// [`is_lazy`]).
    pub(super) lazy: Vec<Bool<'c>>,
    /// The kernel's abstracted products, whose facts are asserted when a
    /// query or a common fact reaches them (`Solver::product_facts`).
    pub(super) products: Vec<crate::trace::Product>,
    pub(super) grid_threads: Vec<u8>,
    pub(super) product_asserted: Vec<bool>,
    /// Terms of the common facts asserted outside `assert_common` (atomic
    /// tickets), and whether the facts of the products that the common facts
    /// reach are asserted yet.
    pub(super) setup_terms: Vec<T>,
    pub(super) products_ready: bool,
    pub(super) rlimit: u32,
    pub(super) debug: SolverDebug,
}

impl<'c> Solver<'c> {
    /// `rlimit` bounds each query in z3's deterministic resource units (about
    /// 6 million per second on a 2020s x86 core), so that verdicts do not
    /// depend on the machine's load; `timeout_ms` is a wall-clock safety net.
    pub fn new(ctx: &'c Context, rlimit: u32, timeout_ms: u32, debug: &SolverDebug) -> Solver<'c> {
        // Naming the logic lets z3's incremental core set itself up for bit
        // vectors; without it, it falls back to a general setup once the
        // first `push` makes the solver incremental (1.5x slower on a median
        // racy Indigo program).
        let solver = z3::Solver::new_for_logic(ctx, "QF_UFBV").unwrap_or_else(|| z3::Solver::new(ctx));
        let mut params = Params::new(ctx);
        params.set_u32("rlimit", rlimit);
        solver.set_params(&params);
        Solver {
            ctx,
            solver,
            memo: HashMap::new(),
            functions: HashMap::new(),
            timeout_ms,
            common: Vec::new(),
            block_dims_used: [true; 3],
            block: None,
            stage: "",
            label: String::new(),
            base: Vec::new(),
            lazy: Vec::new(),
            products: Vec::new(),
            grid_threads: Vec::new(),
            product_asserted: Vec::new(),
            setup_terms: Vec::new(),
            products_ready: false,
            rlimit,
            debug: debug.clone(),
        }
    }

    /// Asserts facts of thread 1, of thread 2 and of both.
    pub fn assert_common(&mut self, one: &[T], two: &[T]) {
        self.common = one.iter().chain(two).cloned().collect();
        for (th, facts) in [(1, one), (2, two)] {
            for f in facts {
                let b = self.boolean(f, th);
                if is_lazy(f) {
                    if !self.lazy.contains(&b) {
                        self.lazy.push(b);
                    }
                } else {
                    self.assert_base(&b);
                }
            }
        }
    }

    /// The terms of the facts asserted below every query.
    pub fn common_terms(&self) -> impl Iterator<Item = &T> {
        self.common.iter().chain(&self.setup_terms)
    }

    /// The profile the solver's stages add to.
    pub fn profile(&self) -> &gpurace_core::Profile {
        &self.debug.profile
    }

    /// Whether queries are printed (`--query-stats`), so labels are worth making.
    pub fn debug_labels(&self) -> bool {
        self.debug.query_stats
    }

    /// Changes the work limit of the next queries.
    pub fn set_rlimit(&mut self, rlimit: u32) {
        self.rlimit = rlimit;
        self.limit(rlimit);
    }

    pub(super) fn assert_base(&mut self, b: &Bool<'c>) {
        self.solver.assert(b);
        self.base.push(b.clone());
    }

    /// Answers `q` above the kernel's common facts, in the incremental
    /// solver (pushed and popped).
    /// The z3 resource units this solver has spent so far (deterministic).
    pub fn work(&self) -> u64 {
        // The count is the context's, over all its solvers.
        rlimit_count(&self.solver)
    }

    pub fn check(&mut self, q: &Query) -> Answer {
        if !self.products_ready {
            // The products the common facts reach, once.
            self.products_ready = true;
            let setup: Vec<T> = self.common.iter().chain(&self.setup_terms).cloned().collect();
            let facts = self.product_facts(&setup.iter().collect::<Vec<_>>());
            facts.iter().for_each(|f| self.assert_base(f));
        }
        // The products this query reaches that no query before it did: their
        // facts join the common ones (asserted once, below this query and
        // the next), so that the solver keeps what it learnt about them.
        let facts = self.product_facts(&q.terms());
        facts.iter().for_each(|f| self.assert_base(f));
        let parts = self.encode(q);
        // Most queries are decided at once by z3's incremental core, above
        // the common facts; some (stride loops: sums of abstracted products
        // compared across threads) it does not decide for minutes that its
        // non-incremental bit-vector tactic (simplify, bit-blast, SAT) decides
        // in a fraction of a second. A query with a large budget gets a fifth
        // of it in the first and half of it in the second (a query the first
        // leaves undecided is rarely decided late in the second: every one
        // decided there on the corpora took under 6 million units).
        let portfolio = self.rlimit >= PORTFOLIO_RLIMIT && !self.debug.incremental_only;
        let first = if portfolio { self.rlimit / 5 } else { self.rlimit };
        self.solver.push();
        for b in &parts {
            self.solver.assert(b);
        }
        if portfolio {
            self.limit(first);
        }
        let started = std::time::Instant::now();
        let outcome = self.decide(&self.solver, self.stage);
        if portfolio {
            self.limit(self.rlimit);
        }
        // Out of budget, not out of (wall-clock) time.
        let undecided = matches!(outcome, Outcome::Unknown(_))
            && started.elapsed() < std::time::Duration::from_millis(u64::from(self.timeout_ms));
        let answer = self.answer(outcome, q);
        self.solver.pop(1);
        if !(portfolio && undecided) {
            return answer;
        }
        let solver = z3::Solver::new(self.ctx);
        let mut params = Params::new(self.ctx);
        params.set_u32("rlimit", (self.rlimit - first).min(self.rlimit / 2));
        solver.set_params(&params);
        for b in self.base.iter().chain(&parts) {
            solver.assert(b);
        }
        let stage = self.stage;
        let outcome = self.decide(&solver, &format!("{stage} (one-shot)"));
        self.answer(outcome, q)
    }

    /// Checks `solver` with the lazy facts left out; a model that breaks
    /// some of them is not an answer: they are asserted (in the solver's
    /// current scope) and the check is repeated. Unsatisfiable without them
    /// is unsatisfiable with them; a model that keeps them all is a model of
    /// the whole query. Ends, since each round asserts at least one more.
    fn decide(&self, solver: &z3::Solver<'c>, stage: &str) -> Outcome<'c> {
        let mut asserted = vec![false; self.lazy.len()];
        loop {
            let outcome = run(self.ctx, solver, self.timeout_ms, stage, &self.label, &self.debug);
            let Outcome::Sat(model) = &outcome else { return outcome };
            let broken: Vec<usize> = (0..self.lazy.len())
                .filter(|&i| !asserted[i])
                .filter(|&i| model.eval(&self.lazy[i], true).and_then(|v| v.as_bool()) != Some(true))
                .collect();
            if broken.is_empty() {
                return outcome;
            }
            for i in broken {
                solver.assert(&self.lazy[i]);
                asserted[i] = true;
            }
        }
    }

    pub(super) fn limit(&mut self, rlimit: u32) {
        let mut params = Params::new(self.ctx);
        params.set_u32("rlimit", rlimit);
        self.solver.set_params(&params);
    }

    pub(super) fn answer(&mut self, outcome: Outcome<'c>, q: &Query) -> Answer {
        match outcome {
            Outcome::Unsat => Answer::Unsat,
            Outcome::Unknown(reason) => Answer::Unknown(reason),
            Outcome::Sat(model) => Answer::Sat(Box::new(self.assignment(&model, q))),
        }
    }
}

/// A common fact the solver need not see up front: one about shared values
/// only (host values, parameters, launch sizes) with a product or quotient
/// of two non-constant values, such as an allocation's size `nx * ny * 4`
/// being at most 1 TiB. Bit-blasting such a product costs more than most
/// queries, and few races or proofs depend on it.
pub(super) fn is_lazy(fact: &T) -> bool {
    use gpurace_core::term::{BvOp, Node};
    fn constant(t: &T) -> bool {
        match &t.node {
            Node::Ext(_, a) | Node::Trunc(a) => constant(a),
            _ => t.as_const().is_some(),
        }
    }
    if fact.deps.thread {
        return false;
    }
    let mut nonlinear = false;
    let mut seen = std::collections::HashSet::new();
    gpurace_core::term::visit(fact, &mut seen, &mut |n| {
        match &n.node {
            Node::Bin(BvOp::Mul | BvOp::UDiv | BvOp::SDiv | BvOp::URem | BvOp::SRem, a, b)
            | Node::Cmp(gpurace_core::term::CmpOp::SMulFits, a, b) => {
                nonlinear |= !constant(a) && !constant(b);
            }
            _ => {}
        }
        !nonlinear
    });
    nonlinear
}

/// Queries with at least this budget also try the non-incremental tactic.
pub(super) const PORTFOLIO_RLIMIT: u32 = 5_000_000;

pub(super) fn rlimit_count(solver: &z3::Solver<'_>) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(v)) => u64::from(v),
        Some(z3::StatisticsValue::Double(v)) => v as u64,
        None => 0,
    }
}

/// What one z3 check said.
pub(super) enum Outcome<'c> {
    Unsat,
    Unknown(String),
    Sat(Model<'c>),
}

/// Why a query the wall-clock watchdog interrupted is undecided.
pub(crate) const QUERY_TIME: &str = "the query's wall-clock safety net fired";

/// The profile entry that counts queries the watchdog interrupted (in any
/// stage, flags and probes included): a file with one has a result that
/// another run could decide otherwise.
pub const WATCHDOG: &str = "watchdog";

/// Checks `solver` under the wall-clock watchdog.
pub(super) fn run<'c>(
    ctx: &'c Context,
    solver: &z3::Solver<'c>,
    timeout_ms: u32,
    stage: &str,
    label: &str,
    debug: &SolverDebug,
) -> Outcome<'c> {
    // z3 does not look at its timeout inside every procedure (bit-blasting
    // large products can run for minutes), so a watchdog interrupts it.
    if let Some(dir) = &debug.solver_dump {
        // Every query as SMT-LIB, for looking at a hard one with z3 itself.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = dir.join(format!("{n:04}-{stage}.smt2"));
        let _ = std::fs::write(path, format!("{solver}\n(check-sat)\n"));
    }
    let handle = ctx.handle();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let limit = std::time::Duration::from_millis(u64::from(timeout_ms) + 50);
    let started = std::time::Instant::now();
    let fired = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|s| {
        let fired = &fired;
        s.spawn(move || {
            if wait.recv_timeout(limit).is_err() {
                fired.store(true, std::sync::atomic::Ordering::SeqCst);
                handle.interrupt();
            }
        });
        let result = solver.check();
        let _ = done.send(());
        result
    });
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    debug.profile.add(&format!("solver: {stage}"), ms);
    if debug.query_stats {
        // No z3 statistics here: reading them between checks changes z3's
        // later search, and a debugging flag must not change verdicts.
        eprintln!("query {stage} [{label}]: {result:?} {ms:.0} ms");
    }
    match result {
        SatResult::Unsat => Outcome::Unsat,
        // Said in words a cache can tell apart: a result the watchdog
        // decided may differ between runs (z3 calls it `canceled`, as it
        // does some deterministic work limits).
        SatResult::Unknown if fired.load(std::sync::atomic::Ordering::SeqCst) => {
            debug.profile.count(WATCHDOG, 1);
            Outcome::Unknown(QUERY_TIME.to_string())
        }
        SatResult::Unknown => Outcome::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "unknown".to_string())),
        SatResult::Sat => match solver.get_model() {
            Some(model) => Outcome::Sat(model),
            None => Outcome::Unknown("no model".to_string()),
        },
    }
}

impl<'c> Solver<'c> {
    /// A model of the common facts and `positive` (each a fact of thread 1
    /// or 2) in which `q` or one of `negative` fails: a counterexample to
    /// "whenever `positive` holds, so do `q` and `negative`". `Unsat` means
    /// there is none.
    pub fn refute(&mut self, q: &Query, positive: &[(T, u8)], negative: &[(T, u8)]) -> Answer {
        self.solver.push();
        for (f, th) in positive {
            let b = self.boolean(f, *th);
            self.solver.assert(&b);
        }
        let mut parts = self.encode(q);
        for (f, th) in negative {
            parts.push(self.boolean(f, *th));
        }
        let all = Bool::and(self.ctx, &parts.iter().collect::<Vec<_>>());
        self.solver.assert(&all.not());
        let outcome = self.decide(&self.solver, self.stage);
        let answer = self.answer(outcome, q);
        self.solver.pop(1);
        answer
    }

    /// Whether the common facts and `facts` (each of thread 1 or 2) have a
    /// model, which is returned.
    pub fn satisfiable(&mut self, facts: &[(T, u8)]) -> Answer {
        let q = Query::default();
        self.solver.push();
        for (f, th) in facts {
            let b = self.boolean(f, *th);
            self.solver.assert(&b);
        }
        let outcome = self.decide(&self.solver, self.stage);
        let answer = self.answer(outcome, &q);
        self.solver.pop(1);
        answer
    }

    /// A model of `facts` (over shared values: launch sizes, parameters,
    /// host values) alone, with no pair of threads: a launch the host code
    /// allows.
    pub fn sample(&mut self, facts: &[T]) -> Answer {
        let q = Query { one: facts.to_vec(), ..Query::default() };
        self.solver.push();
        for f in facts {
            let b = self.boolean(f, 1);
            self.solver.assert(&b);
        }
        let outcome = run(self.ctx, &self.solver, self.timeout_ms, "sample", &self.label, &self.debug);
        let answer = self.answer(outcome, &q);
        self.solver.pop(1);
        answer
    }
}
