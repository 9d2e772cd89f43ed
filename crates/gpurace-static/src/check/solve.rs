//! Solving: jobs run on worker threads, each with a z3 context, under a
//! deterministic work budget per query and per kernel, with the answers of
//! one file cached by query fingerprint.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::Site;
use gpurace_ir::Kernel;

use super::pairs::{divergence_query, pair_query, Job};
use super::robust::{Frame, Holding, DECIDING_CHECKS, WORDING_CHECKS};
use super::witness::{
    at_geometry, bounds_facts, complete_products, facts_hold, is_small, probes, products_exact, wrap_facts,
    SMALL_COUNT, SMALL_GRID, SMALL_PARAM,
};
use super::{used_dims, Cache};
use crate::config::Config;
use crate::exec;
use crate::smt::{self, Answer, Assignment, Query, Relation};
use crate::trace::Trace;

/// A satisfiable query: the job, the relation of the two threads and the
/// model (not yet re-checked).
#[derive(Debug)]
pub(super) struct Hit {
    pub(super) job: Job,
    pub(super) relation: Relation,
    pub(super) assignment: Box<Assignment>,
    /// How the race depends on the values gpurace does not know.
    pub(super) holding: Holding,
}

/// A job the solver did not decide, and why.
#[derive(Debug)]
pub(super) struct Undecided {
    pub(super) job: Job,
    pub(super) reason: String,
}

/// Why a strict re-ask (`Worker::ask_strict`) gives no model.
pub(super) enum Excluded {
    /// The collision needs what the strict facts rule out.
    Hit(Box<Hit>),
    Undecided(Undecided),
}

/// What one job found.
#[derive(Debug, Default)]
pub(super) struct Found {
    pub(super) races: Vec<Hit>,
    /// Pairs that collide only when an index computation wraps around.
    pub(super) overflows: Vec<Hit>,
    /// Pairs that collide only beyond the end of a host allocation.
    pub(super) out_of_bounds: Vec<Hit>,
    pub(super) unknown: Vec<Undecided>,
    pub(super) queries: usize,
    /// z3 resource units spent.
    pub(super) work: u64,
    /// The wall-clock safety net stopped the kernel: the result may differ
    /// between runs.
    pub(super) safety_net: bool,
}

/// A solver over `ctx` with the kernel's common facts (`one`, `two`) and the
/// facts of its abstracted products.
pub(super) fn kernel_solver<'c>(
    ctx: &'c z3::Context,
    kernel: &Kernel,
    config: &Config,
    trace: &Trace<'_>,
    one: &[T],
    two: &[T],
) -> smt::Solver<'c> {
    let timeout = u32::try_from(config.query_timeout.as_millis()).unwrap_or(u32::MAX);
    let mut solver = smt::Solver::new(ctx, config.query_rlimit, timeout, &config.debug);
    let used = used_dims(kernel, config);
    solver.block_dims_used = [true, used[0] || config.block.is_some(), used[1] || config.block.is_some()];
    solver.block = config.block;
    solver.assert_common(one, two);
    solver.assert_products(&trace.abstractions);
    solver
}

#[allow(clippy::too_many_arguments)]
pub(super) fn run_jobs(
    trace: &Trace<'_>,
    kernel: &Kernel,
    jobs: &[Job],
    one: &[T],
    two: &[T],
    base: u64,
    config: &Config,
    site: &Site,
    cache: &Cache,
    start: Instant,
    frame: &Frame,
) -> Found {
    if jobs.is_empty() {
        return Found::default();
    }
    // Jobs are dealt to solver lanes by index, the number of lanes depends
    // only on the number of jobs, and answers are cached only between
    // kernels: every model, and thus every witness and verdict, is the same
    // from run to run, whatever the machine's load and `config.jobs` (which
    // only says how many threads run the lanes).
    let lanes = (1 + jobs.len() / 32).min(MAX_LANES);
    let threads = lanes.min(config.jobs.max(1));
    let lane = |index: usize| -> (Found, Answers) {
        let cfg = z3::Config::new();
        let ctx = z3::Context::new(&cfg);
        let mut solver = kernel_solver(&ctx, kernel, config, trace, one, two);
        solver.assert_tickets(&trace.tickets, &trace.atomics);
        // Probe the dimensions the kernel reads; the others at 1, which is
        // what the host code of a 1-D launch says too.
        let probes = probes(config, exec::used_dims(kernel));
        // Probes have a z3 context of their own: z3's search on a hard query
        // depends on the terms created before it, and a probe should not
        // change how the symbolic queries are answered.
        let probe_ctx = z3::Context::new(&cfg);
        let prober = (!probes.is_empty()).then(|| {
            let timeout = u32::try_from(config.query_timeout.as_millis()).unwrap_or(u32::MAX);
            let mut prober = smt::Solver::new(&probe_ctx, config.query_rlimit / 10, timeout, &config.debug);
            prober.block_dims_used = solver.block_dims_used;
            prober.block = solver.block;
            prober.assert_common(one, two);
            prober.assert_products(&trace.abstractions);
            prober.assert_tickets(&trace.tickets, &trace.atomics);
            prober.stage = "probe";
            prober
        });
        // The checks of robust races have a context of their own too, with
        // only the shared facts below every check.
        let robust_ctx = z3::Context::new(&cfg);
        let checker = (!frame.open.is_empty()).then(|| {
            let timeout = u32::try_from(config.query_timeout.as_millis()).unwrap_or(u32::MAX);
            let mut checker = smt::Solver::new(&robust_ctx, config.query_rlimit / 5, timeout, &config.debug);
            checker.block_dims_used = solver.block_dims_used;
            checker.block = solver.block;
            checker.assert_common(&frame.shared, &[]);
            checker.stage = "robust";
            checker
        });
        // The one-thread checks of digit ranges (`own_digits`) have a
        // context of their own: asked in the pair solver, they change how
        // z3 answers the pairs after them.
        let digits_ctx = z3::Context::new(&cfg);
        let has_ranges =
            jobs.iter().skip(index).step_by(lanes).any(|j| matches!(j, Job::Pair { ranges, .. } if !ranges.is_empty()));
        let digits = has_ranges.then(|| {
            let mut digits = kernel_solver(&digits_ctx, kernel, config, trace, one, two);
            digits.assert_tickets(&trace.tickets, &trace.atomics);
            digits.stage = "digits";
            digits
        });
        let mut w = Worker {
            solver,
            digits,
            rlimit: config.query_rlimit,
            base,
            cache,
            answers: Vec::new(),
            queries: 0,
            probes,
            prober,
            frame: Some(frame),
            checker,
            robust_left: DECIDING_CHECKS,
            wording_left: WORDING_CHECKS,
            decided: false,
        };
        let mut local = Found::default();
        for job in jobs.iter().skip(index).step_by(lanes) {
            if let Some(reason) = spent(&local, &w, config, start) {
                if reason.ends_with(KERNEL_TIME) {
                    local.safety_net = true;
                }
                local.unknown.push(Undecided { job: job.clone(), reason });
                continue;
            }
            // Once the kernel races, the other pairs are still reported when
            // they are easy, but a hard one is not worth the full budget.
            if !local.races.is_empty() && w.rlimit == config.query_rlimit {
                w.rlimit = config.query_rlimit / 10;
                w.solver.set_rlimit(w.rlimit);
            }
            w.run_job(trace, site, job, &mut local);
        }
        local.queries += w.queries;
        local.work += w.work();
        (local, w.answers)
    };
    let mut results: Vec<Option<(Found, Answers)>> = (0..lanes).map(|_| None).collect();
    if threads == 1 {
        for (index, slot) in results.iter_mut().enumerate() {
            *slot = Some(lane(index));
        }
    } else {
        let done = Mutex::new(&mut results);
        std::thread::scope(|s| {
            for first in 0..threads {
                let (lane, done) = (&lane, &done);
                s.spawn(move || {
                    for index in (first..lanes).step_by(threads) {
                        let result = lane(index);
                        done.lock().unwrap()[index] = Some(result);
                    }
                });
            }
        });
    }
    // Merged in lane order, so that equal fingerprints keep the same answer.
    let mut found = Found::default();
    for (mut local, answers) in results.into_iter().flatten() {
        found.races.append(&mut local.races);
        found.overflows.append(&mut local.overflows);
        found.out_of_bounds.append(&mut local.out_of_bounds);
        found.unknown.append(&mut local.unknown);
        found.queries += local.queries;
        found.work += local.work;
        found.safety_net |= local.safety_net;
        cache.lock().unwrap().extend(answers);
    }
    found.races.sort_by_key(|h| (job_key(&h.job), class_rank(h.relation)));
    found.overflows.sort_by_key(|h| (job_key(&h.job), class_rank(h.relation)));
    found.out_of_bounds.sort_by_key(|h| (job_key(&h.job), class_rank(h.relation)));
    found.unknown.sort_by_key(|u| job_key(&u.job));
    found
}

/// A value no launch can have that the domain's facts do not name.
fn unnamed() -> (String, String) {
    let text = "a value no launch can have".to_string();
    (text.clone(), text)
}

/// Solver lanes of one kernel at most.
const MAX_LANES: usize = 4;

/// The reason the wall-clock safety net gives.
pub(super) const KERNEL_TIME: &str = "the kernel's wall-clock safety net fired";

/// How the reason of a query that was not asked begins: what follows names
/// the limit that stopped it, and the setting that raises it.
pub(super) const NOT_ASKED: &str = "not asked: ";

/// Why a lane asks no more queries, if it does not: its budgets are counted
/// in undecided queries and solver work, which do not depend on the machine;
/// the clock is a safety net.
fn spent(local: &Found, w: &Worker<'_, '_>, config: &Config, start: Instant) -> Option<String> {
    if local.unknown.len() >= config.undecided_budget {
        Some(format!(
            "{NOT_ASKED}the kernel reached its limit of {} undecided queries per solver lane (`--undecided`)",
            config.undecided_budget
        ))
    } else if w.work() > config.kernel_rlimit {
        Some(format!("{NOT_ASKED}the kernel's work limit is spent (`--kernel-rlimit` {})", config.kernel_rlimit))
    } else if start.elapsed() > config.kernel_budget {
        Some(format!("{NOT_ASKED}{KERNEL_TIME}"))
    } else {
        None
    }
}

pub(super) fn class_rank(r: Relation) -> u8 {
    match r {
        Relation::InterBlock => 0,
        Relation::IntraBlock => 1,
        Relation::IntraWarp | Relation::IntraWarpApart(_) => 2,
        Relation::SameBlock => 3,
    }
}

pub(super) fn job_key(job: &Job) -> (usize, usize, usize) {
    match job {
        Job::Pair { a, b, .. } => (0, *a, *b),
        Job::Divergence { barrier } => (1, *barrier, 0),
    }
}

/// New answers of a worker, added to the file's cache after the kernel.
pub(super) type Answers = Vec<(u64, Answer)>;

impl Worker<'_, '_> {
    /// z3 resource units this worker's solvers spent.
    pub(super) fn work(&self) -> u64 {
        self.solver.work()
            + self.prober.as_ref().map_or(0, |p| p.work())
            + self.checker.as_ref().map_or(0, |c| c.work())
            + self.digits.as_ref().map_or(0, |d| d.work())
    }

    pub(super) fn ask(&mut self, q: &Query) -> Answer {
        let key = q.fingerprint(self.base);
        if let Some(answer) = self.cache.lock().unwrap().get(&key) {
            return answer.clone();
        }
        if let Some(answer) = self.probe(q) {
            self.answers.push((key, answer.clone()));
            return answer;
        }
        self.queries += 1;
        let mut answer = self.solver.check(q);
        if let Answer::Sat(assignment) = &mut answer {
            let roots: Vec<&T> = q.terms().into_iter().chain(self.solver.common_terms()).collect();
            complete_products(&q.abstractions, &roots, assignment);
            if !products_exact(&q.abstractions, assignment) {
                answer = self.refine(q, assignment);
            }
        }
        self.answers.push((key, answer.clone()));
        answer
    }
    /// The query again with small values, when that is still satisfiable.
    pub(super) fn minimize(&mut self, mut q: Query) -> Option<Box<Assignment>> {
        let mut leaves = std::collections::BTreeSet::new();
        let mut seen = HashSet::new();
        for term in q.terms() {
            t::leaves(term, &mut leaves, &mut seen);
        }
        let no = t::Deps::default();
        for (leaf, width) in leaves {
            let term = t::leaf(leaf, width, no);
            match leaf {
                Leaf::Fresh(_) if width > 0 && width <= 32 => {
                    // Data and approximate leaves keep their deps; exact ones are counters.
                    let fact = t::ule(&term, &t::constant(SMALL_COUNT.min(arith::mask(width)), width));
                    q.one.push(fact.clone());
                    q.two.push(fact);
                }
                Leaf::Param(_) if width > 1 => {
                    let lo = t::cmp(t::CmpOp::Sle, &t::constant_i(-SMALL_PARAM, width), &term);
                    let hi = t::cmp(t::CmpOp::Sle, &term, &t::constant_i(SMALL_PARAM, width));
                    q.one.push(t::and(&lo, &hi));
                }
                _ => {}
            }
        }
        for d in 0..3 {
            q.one.push(t::ule(&t::leaf(Leaf::GridDim(d), 32, no), &t::constant(SMALL_GRID, 32)));
        }
        self.solver.stage = "minimize";
        match self.ask(&q) {
            Answer::Sat(small) => Some(small),
            _ => None,
        }
    }

    /// A model of `q` at one of the concrete probe geometries, if there is
    /// one within a tenth of the work limit. A model at a concrete geometry is
    /// found fast (products of launch sizes are then linear) and is a model
    /// of `q`; that no probe has one proves nothing, the caller then asks `q`.
    pub(super) fn probe(&mut self, q: &Query) -> Option<Answer> {
        let prober = self.prober.as_mut()?;
        prober.label.clone_from(&self.solver.label);
        for (block, grid) in &self.probes {
            self.queries += 1;
            let probe = at_geometry(q, *block, *grid, None);
            let mut answer = prober.check(&probe);
            if let Answer::Sat(a) = &mut answer {
                let roots: Vec<&T> = probe.terms().into_iter().chain(prober.common_terms()).collect();
                complete_products(&q.abstractions, &roots, a);
            }
            match answer {
                // Products of shared values stay abstract in probes: a model
                // that is not their real value proves nothing.
                Answer::Sat(a) if !products_exact(&q.abstractions, &a) => return None,
                answer @ Answer::Sat(_) => return Some(answer),
                Answer::Unsat => {}
                // Hard even at a concrete geometry: the next probe would be too.
                Answer::Unknown(_) => return None,
            }
        }
        None
    }

    /// A model that used the linear facts about an abstracted product but not
    /// the product itself: ask again with `blockDim` and `gridDim` fixed (the
    /// products are then linear), first as the model had them, then at one
    /// thread per block and at common block sizes.
    pub(super) fn refine(&mut self, q: &Query, first: &Assignment) -> Answer {
        let model_block = [0u8, 1, 2].map(|d| first.leaf(Leaf::BlockDim(d), 0, 32));
        let grid = [0u8, 1, 2].map(|d| first.leaf(Leaf::GridDim(d), 0, 32));
        let mut candidates = vec![model_block];
        // One thread per block first: the smallest geometry, where a race
        // between blocks is cheapest to confirm.
        for x in [1u128, 32, 256, 1024, 2, 64] {
            candidates.push([x, model_block[1], model_block[2]]);
        }
        for (i, block) in candidates.into_iter().enumerate() {
            let refined = at_geometry(q, block, grid, Some(first));
            // The model's own geometry first, with the full budget; the
            // common block sizes after it with a fifth.
            if i == 1 {
                self.solver.set_rlimit(self.rlimit / 5);
            }
            self.queries += 1;
            let stage = std::mem::replace(&mut self.solver.stage, "refine");
            let answer = self.solver.check(&refined);
            self.solver.stage = stage;
            if let answer @ Answer::Sat(_) = answer {
                self.solver.set_rlimit(self.rlimit);
                return answer;
            }
        }
        self.solver.set_rlimit(self.rlimit);
        Answer::Unknown("a race needs an abstracted product at a block size the engine could not find".into())
    }

    /// Asks `strict`, a pair query with more facts (no index wraps, accesses
    /// inside their allocations), with `rlimit`: a model of it replaces
    /// `first`; without one the collision of `first` is excluded (`Hit`, for
    /// the caller to list as an overflow or out of bounds) or undecided.
    pub(super) fn ask_strict(
        &mut self,
        strict: &Query,
        stage: &'static str,
        rlimit: u32,
        job: &Job,
        remaining: &[Relation],
        first: Box<Assignment>,
    ) -> Result<Box<Assignment>, Excluded> {
        self.solver.set_rlimit(rlimit);
        self.solver.stage = stage;
        let answer = self.ask(strict);
        self.solver.set_rlimit(self.rlimit);
        match answer {
            Answer::Sat(clean) => Ok(clean),
            Answer::Unsat => {
                let r = remaining.iter().copied().find(|r| smt::relation_holds(*r, &first));
                Err(Excluded::Hit(Box::new(Hit {
                    job: job.clone(),
                    relation: r.unwrap_or(remaining[0]),
                    assignment: first,
                    holding: Holding::default(),
                })))
            }
            Answer::Unknown(reason) => Err(Excluded::Undecided(Undecided { job: job.clone(), reason })),
        }
    }

    /// Whether every fact of `ranges` (an access made with a digit of its
    /// element index out of range, one thread) is unsatisfiable: the
    /// threads then never meet at the access (`injective::own_digits`).
    fn digits_in_range(&mut self, ranges: &[T]) -> bool {
        let Some(digits) = self.digits.as_mut() else { return false };
        let decided = ranges.iter().all(|r| matches!(digits.satisfiable(&[(r.clone(), 1)]), Answer::Unsat));
        if decided {
            digits.profile().count("decided: own digits in range", 1);
        }
        decided
    }

    pub(super) fn run_job(&mut self, trace: &Trace<'_>, site: &Site, job: &Job, found: &mut Found) {
        match job {
            Job::Pair { a, b, relations, ranges } => {
                let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
                if !ranges.is_empty() && self.digits_in_range(ranges) {
                    return;
                }
                if self.solver.debug_labels() {
                    let (sa, sb) = (ea.access.span, eb.access.span);
                    self.solver.label = format!("{}:{} x {}:{}", sa.line, sa.col, sb.line, sb.col);
                }
                let mut remaining = relations.clone();
                // With abstracted products of shared values, a model that
                // needs an index to wrap around is rarely a real product: ask
                // for collisions without wrap-around from the start (a race
                // needs one), at the price of `index-overflow` warnings.
                let strict_first = trace.abstractions.products.iter().any(|p| p.signed);
                let first_query = |remaining: &[Relation]| {
                    let mut q = pair_query(ea, eb, remaining, trace);
                    q.abstractions = trace.abstractions.clone();
                    if strict_first {
                        q.one.extend(wrap_facts(&ea.offset));
                        q.two.extend(wrap_facts(&eb.offset));
                    }
                    q
                };
                // One query for all relations; then the others, one by one.
                let mut query = first_query(&remaining);
                loop {
                    self.solver.stage = "pair";
                    match self.ask(&query) {
                        Answer::Unsat => break,
                        Answer::Unknown(reason) => {
                            found.unknown.push(Undecided { job: job.clone(), reason });
                            break;
                        }
                        Answer::Sat(mut assignment) => {
                            // A collision that needs an index to wrap around: look
                            // for one without, else it is an overflow, not a race.
                            let (wrap_a, wrap_b) = (wrap_facts(&ea.offset), wrap_facts(&eb.offset));
                            let mut strict = query.clone();
                            if !facts_hold(&wrap_a, &wrap_b, &assignment) {
                                strict.one.extend(wrap_a);
                                strict.two.extend(wrap_b);
                                // No-wrap facts multiply at twice the width: a
                                // smaller budget keeps a hopeless case short.
                                match self.ask_strict(&strict, "no-wrap", self.rlimit / 5, job, &remaining, assignment)
                                {
                                    Ok(clean) => assignment = clean,
                                    Err(Excluded::Hit(hit)) => {
                                        found.overflows.push(*hit);
                                        break;
                                    }
                                    Err(Excluded::Undecided(u)) => {
                                        found.unknown.push(u);
                                        break;
                                    }
                                }
                            }
                            // A collision beyond the end of a host allocation:
                            // look for one inside, else it is out of bounds.
                            let (in_a, in_b) = (bounds_facts(ea, site), bounds_facts(eb, site));
                            if !facts_hold(&in_a, &in_b, &assignment) {
                                strict.one.extend(in_a.iter().cloned());
                                strict.two.extend(in_b.iter().cloned());
                                match self.ask_strict(&strict, "in-bounds", self.rlimit, job, &remaining, assignment) {
                                    Ok(clean) => assignment = clean,
                                    Err(Excluded::Hit(hit)) => {
                                        found.out_of_bounds.push(*hit);
                                        break;
                                    }
                                    Err(Excluded::Undecided(u)) => {
                                        found.unknown.push(u);
                                        break;
                                    }
                                }
                            }
                            // A collision only values no launch can have give
                            // (a negative size, a block of 33 threads): look
                            // for one with plausible values, else it is only
                            // possible.
                            let open = self.frame.map(|f| &f.open);
                            let plausible = open.map(|o| o.pair_facts(ea, eb)).unwrap_or_default();
                            if !plausible.hold(&assignment) {
                                let why =
                                    open.and_then(|o| o.violation(&assignment, &[ea, eb])).unwrap_or_else(unnamed);
                                plausible.add_to(&mut strict);
                                match self.ask_strict(&strict, "plausible", self.rlimit, job, &remaining, assignment) {
                                    Ok(clean) => assignment = clean,
                                    Err(Excluded::Hit(mut hit)) => {
                                        hit.holding = Holding::implausible(why);
                                        found.races.push(*hit);
                                        break;
                                    }
                                    Err(Excluded::Undecided(u)) => {
                                        found.unknown.push(u);
                                        break;
                                    }
                                }
                            }
                            let Some(r) = remaining.iter().copied().find(|r| smt::relation_holds(*r, &assignment))
                            else {
                                // The model satisfies none of the relations: report it
                                // as a failed witness under the first.
                                let holding = Holding::default();
                                found.races.push(Hit { job: job.clone(), relation: remaining[0], assignment, holding });
                                break;
                            };
                            // A witness a person can check: small loop counts,
                            // parameters and grids when there is one.
                            let mut small = pair_query(ea, eb, &[r], trace);
                            small.abstractions = trace.abstractions.clone();
                            small.one.extend(wrap_facts(&ea.offset));
                            small.two.extend(wrap_facts(&eb.offset));
                            small.one.extend(in_a);
                            small.two.extend(in_b);
                            plausible.add_to(&mut small);
                            let assignment = if is_small(&small, &assignment) {
                                assignment
                            } else {
                                self.minimize(small.clone()).unwrap_or(assignment)
                            };
                            let holding = self.holding(&small, &assignment);
                            found.races.push(Hit { job: job.clone(), relation: r, assignment, holding });
                            remaining.retain(|x| *x != r);
                            if remaining.is_empty() {
                                break;
                            }
                            query = first_query(&remaining);
                        }
                    }
                }
            }
            Job::Divergence { barrier } => {
                let mut q = divergence_query(&trace.barriers[*barrier]);
                q.abstractions = trace.abstractions.clone();
                self.solver.stage = "divergence";
                // Only pair queries are probed. A barrier whose result is
                // over-approximated (`__syncthreads_or` in a loop condition)
                // has spurious divergence models that probes find at once.
                let prober = self.prober.take();
                match self.ask(&q) {
                    Answer::Unsat => {}
                    Answer::Unknown(reason) => found.unknown.push(Undecided { job: job.clone(), reason }),
                    Answer::Sat(mut assignment) => {
                        let open = self.frame.map(|f| &f.open).filter(|o| !o.is_empty());
                        let plausible: Vec<T> =
                            open.map(|o| o.shared.iter().map(|(f, _)| f.clone()).collect()).unwrap_or_default();
                        let mut strict = q.clone();
                        strict.one.extend(plausible.iter().cloned());
                        let mut holding = None;
                        if !facts_hold(&plausible, &[], &assignment) {
                            let why = open.and_then(|o| o.violation(&assignment, &[])).unwrap_or_else(unnamed);
                            self.solver.stage = "plausible";
                            match self.ask(&strict) {
                                Answer::Sat(clean) => assignment = clean,
                                Answer::Unsat => holding = Some(Holding::implausible(why)),
                                Answer::Unknown(reason) => {
                                    found.unknown.push(Undecided { job: job.clone(), reason });
                                    self.prober = prober;
                                    return;
                                }
                            }
                        }
                        let holding = match holding {
                            Some(h) => h,
                            None => {
                                if !is_small(&strict, &assignment) {
                                    assignment = self.minimize(strict.clone()).unwrap_or(assignment);
                                }
                                self.holding(&strict, &assignment)
                            }
                        };
                        found.races.push(Hit { job: job.clone(), relation: Relation::SameBlock, assignment, holding })
                    }
                }
                self.prober = prober;
            }
        }
    }
}

/// One worker's solver and what it needs to ask: the file's cache of
/// answers, the answers it adds, and the count of queries it asked.
pub(super) struct Worker<'a, 'c> {
    pub(super) solver: smt::Solver<'c>,
    /// The solver of one-thread digit ranges, when some job has them.
    pub(super) digits: Option<smt::Solver<'c>>,
    pub(super) rlimit: u32,
    pub(super) base: u64,
    pub(super) cache: &'a Cache,
    pub(super) answers: Answers,
    pub(super) queries: usize,
    /// Concrete geometries (block, grid) tried before a query with symbolic
    /// geometry; empty when the geometry is given.
    pub(super) probes: Vec<([u128; 3], [u128; 3])>,
    pub(super) prober: Option<smt::Solver<'c>>,
    /// The open values of the kernel's site and the facts their checks use.
    pub(super) frame: Option<&'a Frame>,
    /// The solver of those checks (`check::robust`), when there are open values.
    pub(super) checker: Option<smt::Solver<'c>>,
    /// Robustness checks this lane may still make: of races over values the
    /// program computes (they decide whether the race counts), and of races
    /// over inputs alone (they only word the condition).
    pub(super) robust_left: usize,
    pub(super) wording_left: usize,
    /// This lane has found a race for every plausible value: the kernel
    /// races, and later checks only word their conditions.
    pub(super) decided: bool,
}
