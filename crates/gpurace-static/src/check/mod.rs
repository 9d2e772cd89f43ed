//! The entry point of the engine. Input: a lowered [`Program`] and the launch
//! geometry the user gave. Output: one [`KernelResult`] per kernel.
//!
//! Per kernel: trace one symbolic thread ([`crate::exec`]), pair every two
//! accesses that may touch the same memory with at least one write, drop the
//! pairs that cannot race before asking the solver, ask one query per pair
//! for all the thread relations it may race in, then one per remaining
//! relation of a racing pair. Every model is turned into a witness and checked
//! by evaluating the accesses again with the engine's own semantics.

mod congruence;
mod findings;
mod flags;
mod injective;
mod intervals;
mod pairs;
mod plausible;
mod prune;
mod radix;
mod robust;
mod rows;
mod segments;
mod solve;
mod witness;

use std::collections::{HashMap, HashSet};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::Instant;

use gpurace_ir::{Diagnostic, Kernel, Program, Severity};

use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::{KernelResult, Race, Site, Verdict};

use crate::config::Config;
use crate::exec;
use crate::smt::Answer;
use crate::trace::{Obj, Trace};
use findings::{divergence_race, out_of_bounds, pair_race};
use flags::usable_flags;
use pairs::{jobs, Job};
use solve::{run_jobs, Hit, Undecided};
use witness::{divergence_witness_holds, pair_witness_holds, products_exact};

/// Answers of one file, by query fingerprint: template instantiations and
/// copies of a kernel ask the same questions.
type Cache = Mutex<HashMap<u64, Answer>>;

/// Checks every kernel of `program` on its own (no host facts). Results come
/// in the order of `program.kernels`.
pub fn check(program: &Program, config: &Config) -> Vec<KernelResult> {
    check_sites(program, config, &[])
}

/// Checks every kernel of `program` once per launch site in `sites` (a
/// kernel without a site is checked on its own). A kernel's result gathers
/// its sites: the races of each (named by their site), the worst verdict.
pub fn check_sites(program: &Program, config: &Config, sites: &[Site]) -> Vec<KernelResult> {
    let cache = Cache::default();
    let started = Instant::now();
    // Work spent on the file so far (z3 resource units), in kernel order.
    let spent = std::cell::Cell::new(0u64);
    program
        .kernels
        .iter()
        .enumerate()
        .map(|(index, kernel)| {
            let (file, line, col) = program.locate(kernel.span);
            let mine: Vec<&Site> = sites.iter().filter(|s| s.kernel == index).collect();
            let standalone = Site::empty(index);
            let runs = if mine.is_empty() { vec![&standalone] } else { mine.clone() };
            let mut result = KernelResult {
                kernel: kernel.display_name(),
                file: file.clone(),
                line,
                col,
                verdict: Verdict::RaceFree,
                races: Vec::new(),
                diagnostics: Vec::new(),
                sites: mine.iter().filter(|s| !s.label.is_empty()).map(|s| s.label.clone()).collect(),
                undecided: None,
            };
            let mut unknown = None;
            for site in runs {
                let over = if spent.get() > config.file_rlimit {
                    Some(("the file's work limit is spent (`--file-rlimit`)", "solver-unknown"))
                } else if started.elapsed() > config.file_budget {
                    Some((
                        "the file's wall-clock safety net fired, so this result may differ between runs",
                        "time-limit",
                    ))
                } else {
                    None
                };
                if let Some((reason, code)) = over {
                    let message = format!("kernel `{}` was not analysed: {reason}", kernel.display_name());
                    let diag = Diagnostic::new(Severity::Warning, code, message).at(&file, line, col);
                    result.diagnostics.push(diag);
                    unknown.get_or_insert(reason.to_string());
                    continue;
                }
                let outcome =
                    panic::catch_unwind(AssertUnwindSafe(|| check_kernel(program, kernel, config, site, &cache)));
                let KernelCheck { verdict, races, mut diagnostics, work } = outcome.unwrap_or_else(|_| {
                    let message = format!("the static engine failed on kernel `{}`", kernel.display_name());
                    let diag = Diagnostic::new(Severity::Error, "internal-error", message).at(&file, line, col);
                    KernelCheck {
                        verdict: Verdict::Unknown { reason: "internal error in the static engine".into() },
                        races: Vec::new(),
                        diagnostics: vec![diag],
                        work: 0,
                    }
                });
                spent.set(spent.get() + work);
                result.diagnostics.append(&mut diagnostics);
                for race in races {
                    // A race two sites allow is reported once, at the first.
                    if !result.races.iter().any(|r| r.sort_key() == race.sort_key()) {
                        result.races.push(race);
                    }
                }
                if let Verdict::Unknown { reason } = verdict {
                    unknown.get_or_insert(reason);
                }
            }
            for race in &mut result.races {
                race.possible = race.possible && !config.report_possible;
            }
            result.races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
            result.undecided = unknown;
            result.settle();
            result
        })
        .collect()
}

/// Per kernel parameter: the constant every launch at `site` passes, when
/// the host code fixes it.
pub fn constant_params(kernel: &Kernel, site: &Site) -> Vec<Option<u128>> {
    let mut out = vec![None; kernel.params.len()];
    for (leaf, term) in &site.bindings {
        if let (Leaf::Param(i), Some(v)) = (leaf, term.as_const()) {
            if let Some(slot) = out.get_mut(*i as usize) {
                *slot = Some(v);
            }
        }
    }
    out
}

/// `site` with its bindings of `struct` parameter fields (`d.rows`) as facts
/// and bindings of the field leaves `trace` numbered.
fn with_fields(site: &Site, trace: &Trace) -> Site {
    let mut out = site.clone();
    for (index, path, id) in &trace.leaves.fields {
        let Some((_, _, term)) = site.fields.iter().find(|(i, p, _)| i == index && p == path) else { continue };
        let leaf = t::leaf(Leaf::ParamField(*id), term.width, t::Deps::default());
        out.facts.push(t::eq(&leaf, term));
        out.bindings.push((Leaf::ParamField(*id), term.clone()));
    }
    out
}

/// The dimensions a kernel reads (`exec::used_dims`), or all of them when
/// the host code gives the geometry.
fn used_dims(kernel: &Kernel, config: &Config) -> [bool; 4] {
    if config.host_geometry {
        [true; 4]
    } else {
        exec::used_dims(kernel)
    }
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
    let jobs = jobs(&trace, kernel, config);
    let base = facts_fingerprint(&one, &two);

    let open = plausible::Open::new(program, kernel, site, &trace, config);
    let frame = robust::Frame::new(open, &trace, &one, &two);
    let found =
        profile.time("pairs", || run_jobs(&trace, kernel, &jobs, &one, &two, base, config, site, cache, start, &frame));
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
    KernelCheck { verdict, races, diagnostics, work: found.work + flag_work }
}

/// What checking a kernel at one launch site gives.
struct KernelCheck {
    /// The verdict without the races.
    verdict: Verdict,
    races: Vec<Race>,
    diagnostics: Vec<Diagnostic>,
    /// z3 resource units spent, for the file's budget.
    work: u64,
}

/// Whether an unsupported construct cannot matter: it only changes control
/// flow (`goto`, labels) and the kernel has no access another thread could see
/// and no barrier, so no path through it can race.
fn nothing_to_race(trace: &Trace<'_>, reason: &str) -> bool {
    let control_only = ["`GotoStmt`", "`LabelStmt`", "`IndirectGotoStmt`"].iter().any(|s| reason.starts_with(s));
    control_only && trace.barriers.is_empty() && trace.accesses.iter().all(|a| a.obj == Obj::Local)
}

// ------------------------------------------------------------------ facts

/// Facts of every query of a kernel: the launch geometry, the thread's ids
/// inside it, and the kernel's own assumptions. `one` also holds the facts
/// shared by both threads.
fn common_facts(trace: &Trace<'_>, kernel: &Kernel, config: &Config) -> (Vec<T>, Vec<T>) {
    let no = t::Deps::default();
    // A dimension the kernel never reads is assumed to be 1: a kernel that
    // only uses `threadIdx.x` is written for one-dimensional launches.
    let used = used_dims(kernel, config);
    let dim = |l: Leaf| t::leaf(l, 32, no);
    let c32 = |v: u128| t::constant(v, 32);
    let mut shared = Vec::new();
    match config.block {
        Some(b) => (0..3).for_each(|d| shared.push(t::eq(&dim(Leaf::BlockDim(d)), &c32(u128::from(b[d as usize]))))),
        None => {
            // CUDA's limits: 1024 x 1024 x 64 threads, at most 1024 in all.
            for (d, max) in [(0u8, 1024), (1, 1024), (2, 64)] {
                let v = dim(Leaf::BlockDim(d));
                if d > 0 && !used[usize::from(d) - 1] {
                    shared.push(t::eq(&v, &c32(1)));
                    continue;
                }
                shared.push(t::ule(&c32(1), &v));
                shared.push(t::ule(&v, &c32(max)));
            }
            let wide = |d| t::resize(&dim(Leaf::BlockDim(d)), 64, false);
            let total = t::mul(&t::mul(&wide(0), &wide(1)), &wide(2));
            shared.push(t::ule(&total, &t::constant(1024, 64)));
        }
    }
    match config.grid {
        Some(g) => (0..3).for_each(|d| shared.push(t::eq(&dim(Leaf::GridDim(d)), &c32(u128::from(g[d as usize]))))),
        None => {
            for (d, max) in [(0u8, (1u128 << 31) - 1), (1, 65535), (2, 65535)] {
                let v = dim(Leaf::GridDim(d));
                if d > 0 && !used[usize::from(d) + 1] {
                    shared.push(t::eq(&v, &c32(1)));
                    continue;
                }
                shared.push(t::ule(&c32(1), &v));
                shared.push(t::ule(&v, &c32(max)));
            }
        }
    }
    // Global thread indices fit in an `int`: at most 2^31 threads along
    // each dimension of the grid.
    // (With a symbolic `blockDim` the products are abstracted and their
    // facts say the same, see `Solver::assert_products`.)
    if let (Some(b), None) = (config.block, config.grid) {
        // `blockDim * gridDim` abstracted with a concrete block: exact,
        // and linear.
        for d in &trace.abstractions.grid_threads {
            let gdim = t::resize(&dim(Leaf::GridDim(*d)), 64, false);
            let total = t::mul(&t::constant(u128::from(b[usize::from(*d)]), 64), &gdim);
            shared.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
        }
        for d in 0..3 {
            let wide = |l: Leaf| t::resize(&dim(l), 64, false);
            let threads = t::mul(&wide(Leaf::BlockDim(d)), &wide(Leaf::GridDim(d)));
            shared.push(t::ule(&threads, &t::constant(1 << 31, 64)));
        }
    }
    let mut per_thread = Vec::new();
    for d in 0..3 {
        per_thread.push(t::ult(&t::leaf(Leaf::Tid(d), 32, no), &dim(Leaf::BlockDim(d))));
        per_thread.push(t::ult(&t::leaf(Leaf::Bid(d), 32, no), &dim(Leaf::GridDim(d))));
    }
    per_thread.extend(trace.assumptions.iter().cloned());
    let mut one = shared;
    one.extend(per_thread.iter().cloned());
    (one, per_thread)
}

fn facts_fingerprint(one: &[T], two: &[T]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    one.iter().for_each(|x| x.hash.hash(&mut h));
    2u8.hash(&mut h);
    two.iter().for_each(|x| x.hash.hash(&mut h));
    h.finish()
}

// ------------------------------------------------------------------ pairs

// ---------------------------------------------------------------- solving

// --------------------------------------------------------------- witnesses

/// Why a kernel with undecided queries is `unknown`, naming each limit that
/// stopped its queries and the setting that raises it: `2 solver queries
/// were not decided within their work limit (`--rlimit` 10000000); 5 were
/// not asked: the kernel reached its limit of 3 undecided queries per solver
/// lane (`--undecided`)`.
fn undecided_reason(unknown: &[solve::Undecided], config: &Config) -> String {
    let asked = unknown.iter().filter(|u| !u.reason.starts_with(solve::NOT_ASKED)).count();
    let mut limits: Vec<&str> = unknown.iter().filter_map(|u| u.reason.strip_prefix(solve::NOT_ASKED)).collect();
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
