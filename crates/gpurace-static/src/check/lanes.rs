//! Step 4: solver lanes. The jobs of a kernel are dealt to a number of lanes
//! fixed by the kernel, each a worker thread with its own solvers, under a
//! deterministic work budget per query and per kernel, with the answers of
//! one file cached by query fingerprint. A lane looks for a collision of
//! each pair (and a divergence of each barrier), asks it again under
//! stricter facts (no wrap-around, inside the allocation, plausible values)
//! and hands each race it keeps to the later steps through [`FollowUp`],
//! in its own thread.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use gpurace_core::eval::Valuation;
use gpurace_core::term::{Leaf, T};
use gpurace_core::Site;
use gpurace_ir::Kernel;

use super::concrete::facts_hold;
use super::cone::Cone;
use super::facts::{block_dims_used, kernel_solver, timeout_ms};
use super::intervals::{counts_exact, exact_block_link};
use super::pairs::Job;
use super::plausible::{Frame, Holding};
use super::queries::{
    at_geometry, bounds_facts, complete_products, divergence_query, exact_products, pair_query, probes, products_exact,
    wrap_facts,
};
use crate::config::Config;
use crate::exec;
use crate::smt::{self, Answer, Assignment, Query, Relation};
use crate::trace::Trace;

/// Answers of one file, by query fingerprint: template instantiations and
/// copies of a kernel ask the same questions.
pub(super) type Cache = Mutex<HashMap<u64, Answer>>;

/// What follows a race in its lane, given by the driver (`check/mod.rs`):
/// the later steps of the pipeline (a small witness, `witness.rs`; how the
/// race depends on the values gpurace does not know, `robust.rs`), run in
/// the lane's thread with its solvers.
pub(super) trait FollowUp {
    /// The witness to report and how the race holds, from the race's strict
    /// query and its first model.
    fn follow(
        &mut self,
        worker: &mut Worker<'_>,
        query: &Query,
        assignment: Box<Assignment>,
    ) -> (Box<Assignment>, Holding);
    /// The work units the follow-up's own solvers spent.
    fn work(&self) -> u64;
}

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
    follow_up: &(dyn Fn() -> Box<dyn FollowUp> + Sync),
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
    let cone = Cone::new(one, two, trace, config.block, block_dims_used(kernel, config));
    let lane = |index: usize| -> (Found, Answers) {
        let mut solver = kernel_solver(kernel, config, trace, one, two);
        solver.assert_tickets(&trace.tickets, &trace.atomics);
        // Probe the dimensions the kernel reads; the others at 1, which is
        // what the host code of a 1-D launch says too.
        let probes = probes(config, exec::used_dims(kernel));
        // Probes have a solver of their own: a solver's search on a hard
        // query depends on the terms created before it, and a probe should
        // not change how the symbolic queries are answered.
        let prober = (!probes.is_empty()).then(|| {
            let mut prober =
                smt::Solver::new(config.solver, config.query_rlimit / 10, timeout_ms(config), &config.debug);
            prober.block_dims_used = solver.block_dims_used;
            prober.block = solver.block;
            prober.assert_common(one, two);
            prober.assert_products(&trace.abstractions);
            prober.assert_tickets(&trace.tickets, &trace.atomics);
            prober.stage = "probe";
            prober
        });
        // The one-thread checks of digit ranges (`own_digits`) have a
        // solver of their own: asked in the pair solver, they change how it
        // answers the pairs after them.
        let has_ranges =
            jobs.iter().skip(index).step_by(lanes).any(|j| matches!(j, Job::Pair { ranges, .. } if !ranges.is_empty()));
        let digits = has_ranges.then(|| {
            let mut digits = kernel_solver(kernel, config, trace, one, two);
            digits.assert_tickets(&trace.tickets, &trace.atomics);
            digits.stage = "digits";
            digits
        });
        // A query never gets more than its lane's whole budget: a run the
        // file's share bounds (`check/mod.rs`) spends about that share.
        let budget = config.kernel_rlimit / lanes as u64;
        let rlimit = config.query_rlimit.min(u32::try_from(budget).unwrap_or(u32::MAX)).max(1);
        solver.set_rlimit(rlimit);
        let mut w = Worker {
            solver,
            digits,
            rlimit,
            base,
            cache,
            answers: Vec::new(),
            queries: 0,
            probes,
            prober,
            frame: Some(frame),
            cone: &cone,
            budget,
        };
        let mut follow = follow_up();
        let mut local = Found::default();
        for job in jobs.iter().skip(index).step_by(lanes) {
            if let Some(reason) = spent(&local, &w, follow.as_ref(), config, start) {
                if reason.ends_with(KERNEL_TIME) {
                    local.safety_net = true;
                }
                local.unknown.push(Undecided { job: job.clone(), reason });
                continue;
            }
            // Once the kernel races, the other pairs are still reported when
            // they are easy, but a hard one is not worth the full budget.
            if !local.races.is_empty() && w.rlimit == rlimit {
                w.rlimit = rlimit / 10;
                w.solver.set_rlimit(w.rlimit);
            }
            w.run_job(trace, site, job, &mut local, follow.as_mut());
        }
        local.queries += w.queries;
        local.work += w.work() + follow.work();
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
fn spent(local: &Found, w: &Worker<'_>, follow: &dyn FollowUp, config: &Config, start: Instant) -> Option<String> {
    if local.unknown.len() >= config.undecided_budget {
        Some(format!(
            "{NOT_ASKED}the kernel reached its limit of {} undecided queries per solver lane (`--undecided`)",
            config.undecided_budget
        ))
    } else if w.work() + follow.work() > w.budget {
        Some(format!(
            "{NOT_ASKED}the kernel's work limit is spent (`--kernel-rlimit` {}, or what the file's `--file-rlimit` left)",
            config.kernel_rlimit
        ))
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

/// The cache key of an undecided answer: the query's, with the work limit
/// it was not decided within.
fn unknown_key(key: u64, rlimit: u32) -> u64 {
    key ^ (u64::from(rlimit) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Worker<'_> {
    /// The work units this worker's solvers spent.
    pub(super) fn work(&self) -> u64 {
        self.solver.work() + self.prober.as_ref().map_or(0, |p| p.work()) + self.digits.as_ref().map_or(0, |d| d.work())
    }

    /// The answer to `q`: from the file's cache (the same query at this
    /// site, or a proof of its normal form at another site or kernel), else
    /// from a probe at a concrete geometry, else from the solver.
    pub(super) fn ask(&mut self, q: &Query) -> Answer {
        let key = q.fingerprint(self.base);
        let (normal, kept, all) = self.cone.key(q);
        self.solver.profile().count("cone: facts kept", kept as u64);
        self.solver.profile().count("cone: facts in all", all as u64);
        {
            let cache = self.cache.lock().unwrap();
            if let Some(answer) = cache.get(&key).or_else(|| cache.get(&unknown_key(key, self.solver.rlimit()))) {
                return answer.clone();
            }
            if let Some(Answer::Unsat) = cache.get(&normal) {
                self.solver.profile().count("shared: proofs of another site or kernel", 1);
                return Answer::Unsat;
            }
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
        match answer {
            Answer::Unsat => self.answers.push((normal, Answer::Unsat)),
            // Undecided within this limit: a run with a larger one (the
            // file's second round, `check/mod.rs`) asks again.
            Answer::Unknown(_) => {
                self.answers.push((unknown_key(key, self.solver.rlimit()), answer.clone()));
                return answer;
            }
            Answer::Sat(_) => {}
        }
        self.answers.push((key, answer.clone()));
        answer
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
    /// thread per block and at common block sizes; then, with Bitwuzla, with
    /// every product exact (nonlinear, and decided in some budget where z3
    /// did not: either answer is the query's, so `Unsat` is a proof).
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
        if self.solver.exact_products() {
            self.solver.set_rlimit(self.rlimit / 2);
            self.queries += 1;
            let stage = std::mem::replace(&mut self.solver.stage, "exact");
            let answer = self.solver.check(&exact_products(q));
            self.solver.stage = stage;
            self.solver.set_rlimit(self.rlimit);
            match answer {
                Answer::Unsat => return Answer::Unsat,
                Answer::Sat(a) if products_exact(&q.abstractions, &a) => return Answer::Sat(a),
                _ => {}
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

    /// `hit` in the first of `remaining` (inter-block before intra-block
    /// before intra-warp) that `query` (the pair's query, all relations) has a
    /// model in: a race that only values no launch can have give is reported
    /// once, and its class should not depend on the solver's first model.
    fn broadest(&mut self, query: &Query, hit: Hit, remaining: &[Relation]) -> Hit {
        let Some(rank) = remaining.iter().position(|r| *r == hit.relation) else { return hit };
        if rank == 0 {
            return hit;
        }
        let earlier = &remaining[..rank];
        let mut q = query.clone();
        q.cases.retain(|(r, _)| earlier.contains(r));
        q.apart.retain(|(r, _)| earlier.contains(r));
        let stage = std::mem::replace(&mut self.solver.stage, "class");
        let answer = self.ask(&q);
        self.solver.stage = stage;
        match answer {
            Answer::Sat(assignment) => match earlier.iter().copied().find(|r| smt::relation_holds(*r, &assignment)) {
                Some(relation) => Hit { relation, assignment, ..hit },
                None => hit,
            },
            _ => hit,
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

    pub(super) fn run_job(
        &mut self,
        trace: &Trace<'_>,
        site: &Site,
        job: &Job,
        found: &mut Found,
        follow: &mut dyn FollowUp,
    ) {
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
                                let loose = strict.clone();
                                plausible.add_to(&mut strict);
                                match self.ask_strict(&strict, "plausible", self.rlimit, job, &remaining, assignment) {
                                    Ok(clean) => assignment = clean,
                                    Err(Excluded::Hit(hit)) => {
                                        // Only possible: one race for the pair, in the broadest
                                        // class it has, whichever model the solver gave first.
                                        let mut hit = self.broadest(&loose, *hit, &remaining);
                                        let why = open
                                            .and_then(|o| o.violation(&hit.assignment, &[ea, eb]))
                                            .unwrap_or_else(unnamed);
                                        hit.holding = Holding::implausible(why);
                                        found.races.push(hit);
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
                            // In loops whose iterations pass different numbers
                            // of barriers the query over-approximates the
                            // counts: a witness with exact ones, when there is.
                            if !counts_exact(ea, eb, r, &assignment) {
                                let mut exact = small.clone();
                                exact.same.push(exact_block_link(ea, eb));
                                self.solver.stage = "pair (exact counts)";
                                if let Answer::Sat(found) = self.ask(&exact) {
                                    (small, assignment) = (exact, found);
                                }
                            }
                            let (assignment, holding) = follow.follow(self, &small, assignment);
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
                                let (kept, holding) = follow.follow(self, &strict, assignment);
                                assignment = kept;
                                holding
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
pub(super) struct Worker<'a> {
    pub(super) solver: smt::Solver,
    /// The solver of one-thread digit ranges, when some job has them.
    pub(super) digits: Option<smt::Solver>,
    pub(super) rlimit: u32,
    pub(super) base: u64,
    pub(super) cache: &'a Cache,
    pub(super) answers: Answers,
    pub(super) queries: usize,
    /// Concrete geometries (block, grid) tried before a query with symbolic
    /// geometry; empty when the geometry is given.
    pub(super) probes: Vec<([u128; 3], [u128; 3])>,
    pub(super) prober: Option<smt::Solver>,
    /// The open values of the kernel's site and the facts their checks use.
    pub(super) frame: Option<&'a Frame>,
    /// The kernel's facts at the site by the leaves they mention: proofs
    /// are shared by the normal forms of queries (`cone.rs`).
    pub(super) cone: &'a Cone,
    /// The lane's work limit: the kernel's, shared equally by its lanes.
    pub(super) budget: u64,
}
