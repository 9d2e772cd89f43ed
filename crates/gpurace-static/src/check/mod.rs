//! The entry point of the engine. Input: a lowered [`Program`] and the launch
//! geometry the user gave. Output: one [`KernelResult`] per kernel.
//!
//! Per kernel and launch site, after tracing one symbolic thread
//! ([`crate::exec`]), the checker is a pipeline; each step is one file and
//! imports no later step (this driver ties them together):
//!
//! 0. `facts.rs`: the facts below every query (geometry, ids, assumptions,
//!    the site's facts) and the solver that holds them;
//! 1. `flags.rs`: the flag hand-offs that order accesses (fine-grain sync);
//! 2. `pairs.rs`: every two accesses that may touch the same memory with a
//!    write among them, and the barriers that may diverge, less what the
//!    rules decide by form (`prune.rs`, `congruence.rs`, `injective.rs`);
//! 3. `queries.rs`: the solver query of each job and its stricter forms,
//!    `cone.rs`: its normal form (the facts it can depend on), which sites
//!    share proofs by, and `plausible.rs`: the values gpurace does not know
//!    and their domain;
//! 4. `lanes.rs`: the jobs dealt to solver lanes, each race asked again
//!    under the strict facts;
//! 5. `witness.rs`: a small witness, and its re-check by evaluation;
//! 6. `robust.rs`: whether a race holds for every value gpurace does not
//!    know;
//! 7. `findings.rs`: races, divergences and notes as the report says them.
//!
//! Steps 5 and 6 run in each lane's thread, through `lanes::FollowUp`.
//! `concrete.rs` (evaluation under a model), `intervals.rs`, `rows.rs`,
//! `radix.rs` and `segments.rs` are helpers of the steps.

mod concrete;
mod cone;
mod congruence;
mod facts;
mod findings;
mod flags;
mod injective;
mod intervals;
mod lanes;
mod layout;
mod pairs;
mod plausible;
mod prune;
mod queries;
mod radix;
mod robust;
mod rows;
mod schedule;
mod segments;
mod slots;
mod tickets;
mod witness;

use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use gpurace_ir::{Diagnostic, Kernel, Program, Severity};

use gpurace_core::{KernelResult, Race, Site, Verdict};

use crate::config::Config;
use crate::exec;
use crate::smt::{Assignment, Query};
use crate::trace::{Obj, Trace};
pub use facts::constant_params;
use facts::{common_facts, facts_fingerprint, with_fields};
use findings::{divergence_race, out_of_bounds, pair_race};
use flags::usable_flags;
use lanes::{run_jobs, Cache, FollowUp, Hit, Undecided, Worker};
use pairs::{jobs, Job, Jobs};
use plausible::{Frame, Holding, Open};
use queries::products_exact;
pub use schedule::check_sites;
use witness::{divergence_witness_holds, is_small, pair_witness_holds};

/// Steps 5 and 6 for one lane: a small witness for each race, and the
/// robustness checks of how it holds.
struct LaneFollowUp {
    checks: robust::Checks,
}

impl FollowUp for LaneFollowUp {
    fn follow(
        &mut self,
        worker: &mut Worker<'_>,
        query: &Query,
        assignment: Box<Assignment>,
    ) -> (Box<Assignment>, Holding) {
        let assignment = if is_small(query, &assignment) {
            assignment
        } else {
            worker.minimize(query.clone()).unwrap_or(assignment)
        };
        let holding = self.checks.holding(worker, query, &assignment);
        (assignment, holding)
    }

    fn work(&self) -> u64 {
        self.checks.work()
    }
}

/// Checks every kernel of `program` on its own (no host facts). Results come
/// in the order of `program.kernels`.
pub fn check(program: &Program, config: &Config) -> Vec<KernelResult> {
    check_sites(program, config, &[])
}

/// Checks kernel `k` at `site` within `cap` work units (its lanes' queries
/// get at most a lane's share of it, `lanes.rs`).
fn check_run(program: &Program, k: usize, config: &Config, site: &Site, cache: &Cache, cap: u64) -> KernelCheck {
    let kernel = &program.kernels[k];
    let config = &Config { kernel_rlimit: cap, ..config.clone() };
    panic::catch_unwind(AssertUnwindSafe(|| check_kernel(program, kernel, config, site, cache))).unwrap_or_else(|_| {
        let (file, line, col) = program.locate(kernel.span);
        let message = format!("the static engine failed on kernel `{}`", kernel.display_name());
        let diag = Diagnostic::new(Severity::Error, "internal-error", message).at(&file, line, col);
        KernelCheck {
            verdict: Verdict::Unknown { reason: "internal error in the static engine".into() },
            races: Vec::new(),
            diagnostics: vec![diag],
            work: 0,
            budget_bound: false,
        }
    })
}

fn check_kernel(program: &Program, kernel: &Kernel, config: &Config, site: &Site, cache: &Cache) -> KernelCheck {
    let start = Instant::now();
    // The user's flags win over the host code's geometry.
    let config = &Config {
        block: config.block.or(site.block),
        grid: config.grid.or(site.grid),
        host_geometry: site.geometry && (config.block.is_none() || config.grid.is_none()),
        ..config.clone()
    };
    let sizes = exec::Symbolic { block: config.block.is_none(), grid: config.grid.is_none() };
    let profile = &config.debug.profile;
    let mut trace = profile
        .time("trace", || exec::trace(kernel, &program.records, sizes, &site.pointers, &constant_params(kernel, site)));
    let site = &with_fields(site, &trace);
    let (mut one, two) = common_facts(&trace, kernel, config);
    one.extend(site.facts.iter().cloned());
    let flag_work;
    (trace.usable, trace.chains, flag_work) =
        profile.time("flags", || usable_flags(&trace, kernel, config, &one, &two));
    let Jobs { jobs, work: pair_work, cut } = jobs(&trace, kernel, config);
    let base = facts_fingerprint(&one, &two);

    let open = Open::new(program, kernel, site, &trace, config);
    let frame = Frame::new(open, &trace, &one, &two);
    let block_dims_used = facts::block_dims_used(kernel, config);
    let follow_up = || -> Box<dyn FollowUp> {
        Box::new(LaneFollowUp { checks: robust::Checks::new(config, &frame, block_dims_used) })
    };
    let found = profile.time("pairs", || {
        run_jobs(&trace, kernel, &jobs, &one, &two, base, config, site, cache, start, &frame, &follow_up)
    });
    let reporting = Instant::now();

    let mut diagnostics = Vec::new();
    let mut races = Vec::new();
    let mut seen = HashSet::new();
    let mut bad_witnesses = 0;
    for Hit { job, relation, assignment, holding } in &found.races {
        let race = match job {
            Job::Pair { a, b, .. } => {
                let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
                if !pair_witness_holds(ea, eb, *relation, &one, &two, assignment, &trace)
                    || !products_exact(&trace.abstractions, assignment)
                {
                    bad_witnesses += 1;
                    continue;
                }
                pair_race(program, kernel, site, ea, eb, *relation, assignment, &trace, holding)
            }
            Job::Divergence { barrier } => {
                let ev = &trace.barriers[*barrier];
                if !divergence_witness_holds(ev, &one, &two, assignment)
                    || !products_exact(&trace.abstractions, assignment)
                {
                    bad_witnesses += 1;
                    continue;
                }
                divergence_race(program, kernel, site, ev, assignment, &trace, holding)
            }
        };
        if seen.insert((race.first.clone(), race.second.clone(), race.class, race.kind)) {
            races.push(race);
        }
    }
    races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    diagnostics.extend(out_of_bounds(program, kernel, site, &trace, &found));
    let (file, line, col) = program.locate(kernel.span);
    if bad_witnesses > 0 {
        let message = format!(
            "{bad_witnesses} solver witness(es) for `{}` did not check out and were not reported",
            kernel.display_name()
        );
        diagnostics.push(Diagnostic::new(Severity::Error, "internal-error", message).at(&file, line, col));
    }
    for Undecided { job, reason } in &found.unknown {
        let span = match job {
            Job::Pair { a, b, .. } => {
                let (sa, sb) = (trace.accesses[*a].access.span, trace.accesses[*b].access.span);
                let message = format!(
                    "could not decide whether `{}` (line {}) and `{}` (line {}) race: {reason}",
                    trace.accesses[*a].access.name, sa.line, trace.accesses[*b].access.name, sb.line
                );
                diagnostics.push(program.diag_at(Diagnostic::new(Severity::Warning, "solver-unknown", message), sb));
                continue;
            }
            Job::Divergence { barrier } => trace.barriers[*barrier].span,
        };
        let message = format!("could not decide whether this barrier may diverge: {reason}");
        diagnostics.push(program.diag_at(Diagnostic::new(Severity::Warning, "solver-unknown", message), span));
    }

    // The verdict without the races (the caller makes it `race` when there
    // are some): what a baseline that removes them all falls back to.
    let verdict = if bad_witnesses > 0 {
        Verdict::Unknown { reason: "a solver witness did not check out (internal error)".into() }
    } else if cut {
        let message = format!(
            "kernel `{}` has {} accesses: not every pair of them was looked at within the kernel's work limit \
             (`--kernel-rlimit` {})",
            kernel.display_name(),
            trace.accesses.len(),
            config.kernel_rlimit
        );
        diagnostics.push(program.diag_at(Diagnostic::new(Severity::Warning, "solver-unknown", message), kernel.span));
        Verdict::Unknown { reason: "not every pair of accesses was looked at within the kernel's work limit".into() }
    } else if !found.unknown.is_empty() {
        // What a deeper effort would try: more work for each query and
        // more undecided queries before the kernel stops.
        let deeper =
            config.effort.deeper().map_or(String::new(), |e| format!("; `--effort {}` gives them more work", e.name()));
        Verdict::Unknown { reason: format!("{}{deeper}", undecided_reason(&found.unknown, config)) }
    } else if let Some((span, reason)) = trace.unsupported.iter().find(|(_, reason)| !nothing_to_race(&trace, reason)) {
        let (f, l, _) = program.locate(*span);
        Verdict::Unknown { reason: format!("unsupported construct at {f}:{l}: {reason}") }
    } else {
        Verdict::RaceFree
    };
    if found.safety_net {
        let message = format!(
            "the wall-clock safety net stopped kernel `{}` after {} s: this result may differ between runs \
             (the work budgets, `--kernel-rlimit` and `--file-rlimit`, are what should bound it)",
            kernel.display_name(),
            config.kernel_budget.as_secs()
        );
        diagnostics.push(Diagnostic::new(Severity::Warning, "time-limit", message).at(&file, line, col));
    }
    if config.stats {
        let message = format!(
            "{} accesses, {} pairs, {} solver queries, {} work units, {:.1} ms{}",
            trace.accesses.len(),
            jobs.len(),
            found.queries,
            found.work,
            start.elapsed().as_secs_f64() * 1000.0,
            if found.safety_net { ", stopped by the wall-clock safety net" } else { "" }
        );
        diagnostics.push(Diagnostic::new(Severity::Note, "solver-stats", message).at(&file, line, col));
    }
    profile.add("report", reporting.elapsed().as_secs_f64() * 1000.0);
    let budget_bound = cut || !found.unknown.is_empty();
    KernelCheck { verdict, races, diagnostics, work: found.work + flag_work + pair_work, budget_bound }
}

/// What checking a kernel at one launch site gives.
struct KernelCheck {
    /// The verdict without the races.
    verdict: Verdict,
    races: Vec<Race>,
    diagnostics: Vec<Diagnostic>,
    /// Solver work units spent, for the file's budget.
    work: u64,
    /// Whether a work budget left it `unknown` (undecided or unasked
    /// queries, pairs not looked at): more work may decide it.
    budget_bound: bool,
}

/// Whether an unsupported construct cannot matter: it only changes control
/// flow (`goto`, labels) and the kernel has no access another thread could see
/// and no barrier, so no path through it can race.
fn nothing_to_race(trace: &Trace<'_>, reason: &str) -> bool {
    let control_only = ["`GotoStmt`", "`LabelStmt`", "`IndirectGotoStmt`"].iter().any(|s| reason.starts_with(s));
    control_only && trace.barriers.is_empty() && trace.accesses.iter().all(|a| a.obj == Obj::Local)
}

// ------------------------------------------------------------------ facts

// ------------------------------------------------------------------ pairs

// ---------------------------------------------------------------- solving

// --------------------------------------------------------------- witnesses

/// Why a kernel with undecided queries is `unknown`, naming each limit that
/// stopped its queries and the setting that raises it: `2 solver queries
/// were not decided within their work limit (`--rlimit` 10000000); 5 were
/// not asked: the kernel reached its limit of 3 undecided queries per solver
/// lane (`--undecided`)`.
fn undecided_reason(unknown: &[Undecided], config: &Config) -> String {
    let asked = unknown.iter().filter(|u| !u.reason.starts_with(lanes::NOT_ASKED)).count();
    let mut limits: Vec<&str> = unknown.iter().filter_map(|u| u.reason.strip_prefix(lanes::NOT_ASKED)).collect();
    let not_asked = limits.len();
    limits.sort_unstable();
    limits.dedup();
    let mut out = match asked {
        0 => String::new(),
        1 => format!("1 solver query was not decided within its work limit (`--rlimit` {})", config.query_rlimit),
        n => {
            format!("{n} solver queries were not decided within their work limit (`--rlimit` {})", config.query_rlimit)
        }
    };
    if not_asked > 0 {
        if !out.is_empty() {
            out.push_str("; ");
        }
        let verb = if not_asked == 1 { "query was" } else { "queries were" };
        out.push_str(&format!("{not_asked} solver {verb} not asked: {}", limits.join("; ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_program_has_no_results() {
        assert!(check(&Program::default(), &Config::default()).is_empty());
    }
}
