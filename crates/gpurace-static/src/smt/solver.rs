//! The solver of one worker thread: one backend for the queries of a kernel,
//! the common facts asserted once below every query, a work limit per query
//! (deterministic work units) and, for z3, the two-try strategy: its
//! incremental core first, then a fresh solver with part of the budget.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use gpurace_core::term::{Term, T};

use super::backend::{Backend, Handle, Limit, Status};
use super::bitwuzla::Bitwuzla;
use super::query::{Answer, Query, Relation};
use super::relax::Relaxed;
use super::z3::{QUERY_TIME, Z3};
use crate::config::{SolverDebug, SolverKind};
use crate::trace::Group;

/// A backend with the kernel's common facts asserted.
pub struct Solver {
    pub(super) backend: Box<dyn Backend>,
    kind: SolverKind,
    pub(super) memo: HashMap<(*const Term, u8), (T, Handle)>,
    /// The width of every handle made (0: truth-valued), for checking the
    /// operands of each operation before a backend sees it.
    pub(super) widths: HashMap<Handle, u32>,
    pub(super) relations: HashMap<Relation, Handle>,
    pub(super) groups: HashMap<Group, Handle>,
    timeout: Duration,
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
    pub(super) base: Vec<Handle>,
    /// Common facts asserted only when a model breaks them (see
    /// [`is_lazy`]).
    pub(super) lazy: Vec<Handle>,
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

impl Solver {
    /// `rlimit` bounds each query in deterministic work units (z3's resource
    /// units; Bitwuzla's are counted by its termination callback, see
    /// `bitwuzla.rs`), so that verdicts do not depend on the machine's load;
    /// `timeout_ms` is a wall-clock safety net.
    pub fn new(kind: SolverKind, rlimit: u32, timeout_ms: u32, debug: &SolverDebug) -> Solver {
        let mut backend: Box<dyn Backend> = match kind {
            SolverKind::Z3 => Box::new(Z3::new()),
            SolverKind::Bitwuzla => Box::new(Bitwuzla::new()),
        };
        if !debug.no_relaxation {
            backend = Box::new(Relaxed::new(backend, debug.solver_dump.clone()));
        }
        Solver {
            backend,
            kind,
            memo: HashMap::new(),
            widths: HashMap::new(),
            relations: HashMap::new(),
            groups: HashMap::new(),
            timeout: Duration::from_millis(u64::from(timeout_ms)),
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
                    self.assert_base(b);
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
    }

    /// The work limit of each query (`set_rlimit`).
    pub fn rlimit(&self) -> u32 {
        self.rlimit
    }

    pub(super) fn assert_base(&mut self, b: Handle) {
        self.backend.assert(b);
        self.base.push(b);
    }

    /// Whether queries with exact (nonlinear) products are worth asking:
    /// Bitwuzla decides many, z3 rarely within budget.
    pub fn exact_products(&self) -> bool {
        self.kind == SolverKind::Bitwuzla
    }

    /// The work units this solver has spent so far (deterministic).
    pub fn work(&self) -> u64 {
        self.backend.work()
    }

    /// Answers `q` above the kernel's common facts, in the incremental
    /// solver (pushed and popped).
    pub fn check(&mut self, q: &Query) -> Answer {
        if !self.products_ready {
            // The products the common facts reach, once.
            self.products_ready = true;
            let setup: Vec<T> = self.common.iter().chain(&self.setup_terms).cloned().collect();
            let facts = self.product_facts(&setup.iter().collect::<Vec<_>>());
            facts.into_iter().for_each(|f| self.assert_base(f));
        }
        // The products this query reaches that no query before it did: their
        // facts join the common ones (asserted once, below this query and
        // the next), so that the solver keeps what it learnt about them.
        let facts = self.product_facts(&q.terms());
        facts.into_iter().for_each(|f| self.assert_base(f));
        let parts = self.encode(q);
        // The incremental solvers decide most queries at once, above the
        // common facts; some (stride loops: sums of abstracted products
        // compared across threads; index equalities of nonlinear terms) they
        // do not decide for minutes that a fresh solver decides in a
        // fraction of a second (z3's non-incremental bit-vector tactic:
        // simplify, bit-blast, SAT; Bitwuzla's preprocessing, which its
        // incremental mode leaves to the first scope). A query with a large
        // budget gets part of it in the first and the rest in the second: z3
        // a fifth and then half (a query its first try leaves undecided is
        // rarely decided late in the second: every one decided there on the
        // corpora took under 6 million units), Bitwuzla a tenth and then the
        // rest.
        let two_tries = self.rlimit >= PORTFOLIO_RLIMIT && !self.debug.incremental_only;
        let (first, second) = match self.kind {
            SolverKind::Z3 => (self.rlimit / 5, (self.rlimit - self.rlimit / 5).min(self.rlimit / 2)),
            SolverKind::Bitwuzla => (self.rlimit / 10, self.rlimit - self.rlimit / 10),
        };
        let first = if two_tries { first } else { self.rlimit };
        self.backend.push();
        for b in &parts {
            self.backend.assert(*b);
        }
        let status = self.decide(None, first, self.stage);
        // Out of budget, not out of (wall-clock) time.
        let undecided = matches!(&status, Status::Unknown(r) if r != QUERY_TIME);
        let answer = self.answer(status, q);
        self.backend.pop();
        if !(two_tries && undecided) {
            return answer;
        }
        let all: Vec<Handle> = self.base.iter().chain(&parts).copied().collect();
        let stage = format!("{} (one-shot)", self.stage);
        let status = self.decide(Some(&all), second, &stage);
        self.answer(status, q)
    }

    /// Checks the backend's assertions (or, with `fresh`, those facts alone
    /// in a fresh solver) with the lazy facts left out; a model that breaks
    /// some of them is not an answer: they are asserted and the check is
    /// repeated. Unsatisfiable without them is unsatisfiable with them; a
    /// model that keeps them all is a model of the whole query. Ends, since
    /// each round asserts at least one more.
    fn decide(&mut self, fresh: Option<&[Handle]>, rlimit: u32, stage: &str) -> Status {
        let mut asserted = vec![false; self.lazy.len()];
        let mut facts: Vec<Handle> = fresh.map(<[Handle]>::to_vec).unwrap_or_default();
        loop {
            let status = self.run(fresh.map(|_| facts.as_slice()), rlimit, stage);
            if status != Status::Sat {
                return status;
            }
            let broken: Vec<usize> = (0..self.lazy.len())
                .filter(|&i| !asserted[i])
                .filter(|&i| self.backend.value(self.lazy[i]) != Some(1))
                .collect();
            if broken.is_empty() {
                return status;
            }
            for i in broken {
                asserted[i] = true;
                if fresh.is_some() {
                    facts.push(self.lazy[i]);
                } else {
                    self.backend.assert(self.lazy[i]);
                }
            }
        }
    }

    /// One check of the backend (fresh with `facts`), timed, dumped and
    /// printed as the debugging switches say.
    pub(super) fn run(&mut self, facts: Option<&[Handle]>, rlimit: u32, stage: &str) -> Status {
        if let Some(dir) = &self.debug.solver_dump {
            // Every query as SMT-LIB, for looking at a hard one with a
            // solver of one's own.
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path = dir.join(format!("{n:04}-{}.smt2", stage.replace(' ', "_")));
            let _ = std::fs::write(path, self.backend.smtlib(facts.unwrap_or_default()));
        }
        let limit = Limit { work: u64::from(rlimit), time: self.timeout };
        // Only the pair queries themselves are relaxed: their probes, the
        // refinements of their models and the checks after them either
        // repeat a pair's facts or are rarely decided by arithmetic alone,
        // and each relaxation can cost a second.
        self.backend.set_relaxation(stage.starts_with("pair"));
        let started = Instant::now();
        let before = self.backend.work();
        let status = match facts {
            Some(facts) => self.backend.check_fresh(facts, limit),
            None => self.backend.check(limit),
        };
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let work = self.backend.work() - before;
        self.debug.profile.add(&format!("solver: {stage}"), ms);
        // The work the checks were charged, beside their time: what the
        // prices of `bitwuzla::cost` are checked against.
        self.debug.profile.count(WORK_UNITS, work);
        if self.debug.query_stats {
            let stats = self.backend.last_stats();
            eprintln!(
                "query {stage} [{}] {}: {status:?} {work} units {ms:.0} ms {stats}",
                self.label,
                self.backend.name()
            );
        }
        if matches!(&status, Status::Unknown(r) if r == QUERY_TIME) {
            self.debug.profile.count(WATCHDOG, 1);
        }
        status
    }

    pub(super) fn answer(&mut self, status: Status, q: &Query) -> Answer {
        match status {
            Status::Unsat => Answer::Unsat,
            Status::Unknown(reason) => Answer::Unknown(reason),
            Status::Sat => Answer::Sat(Box::new(self.assignment(q))),
        }
    }

    /// A model of the common facts and `positive` (each a fact of thread 1
    /// or 2) in which `q` or one of `negative` fails: a counterexample to
    /// "whenever `positive` holds, so do `q` and `negative`". `Unsat` means
    /// there is none.
    pub fn refute(&mut self, q: &Query, positive: &[(T, u8)], negative: &[(T, u8)]) -> Answer {
        self.backend.push();
        for (f, th) in positive {
            let b = self.boolean(f, *th);
            self.backend.assert(b);
        }
        let mut parts = self.encode(q);
        for (f, th) in negative {
            parts.push(self.boolean(f, *th));
        }
        let all = self.mk(super::backend::Op::And, &parts);
        let none = self.mk(super::backend::Op::Not, &[all]);
        self.backend.assert(none);
        let status = self.decide(None, self.rlimit, self.stage);
        let answer = self.answer(status, q);
        self.backend.pop();
        answer
    }

    /// Whether the common facts and `facts` (each of thread 1 or 2) have a
    /// model, which is returned.
    pub fn satisfiable(&mut self, facts: &[(T, u8)]) -> Answer {
        let q = Query::default();
        self.backend.push();
        for (f, th) in facts {
            let b = self.boolean(f, *th);
            self.backend.assert(b);
        }
        let status = self.decide(None, self.rlimit, self.stage);
        let answer = self.answer(status, &q);
        self.backend.pop();
        answer
    }

    /// A model of `facts` (over shared values: launch sizes, parameters,
    /// host values) alone, with no pair of threads: a launch the host code
    /// allows.
    pub fn sample(&mut self, facts: &[T]) -> Answer {
        let q = Query { one: facts.to_vec(), ..Query::default() };
        self.backend.push();
        for f in facts {
            let b = self.boolean(f, 1);
            self.backend.assert(b);
        }
        let status = self.run(None, self.rlimit, "sample");
        let answer = self.answer(status, &q);
        self.backend.pop();
        answer
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

/// Queries with at least this budget also try z3's non-incremental tactic.
pub(super) const PORTFOLIO_RLIMIT: u32 = 5_000_000;

/// The profile entry that sums the work units of every check.
pub const WORK_UNITS: &str = "solver work units";

/// The profile entry that counts queries the watchdog interrupted (in any
/// stage, flags and probes included): a file with one has a result that
/// another run could decide otherwise.
pub const WATCHDOG: &str = "watchdog";
