//! The entry point of the engine. Input: a lowered [`Program`] and the launch
//! geometry the user gave. Output: one [`KernelResult`] per kernel.
//!
//! Per kernel: trace one symbolic thread ([`crate::exec`]), pair every two
//! accesses that may touch the same memory with at least one write, drop the
//! pairs that cannot race before asking the solver, ask one query per pair
//! for all the thread relations it may race in, then one per remaining
//! relation of a racing pair. Every model is turned into a witness and checked
//! by evaluating the accesses again with the engine's own semantics.

use std::collections::{HashMap, HashSet};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::Instant;

use gpurace_ir::{AccessKind, Diagnostic, Kernel, Program, Scope, Severity, Space, Span, Type};

use gpurace_core::arith;
use gpurace_core::eval::{eval, Valuation};
use gpurace_core::term::{self as t, Leaf, T};
use gpurace_core::{AccessMode, Certainty, KernelResult, Location, Race, RaceClass, RaceKind, Site, Verdict, Witness};

use crate::config::Config;
use crate::exec;
use crate::shape;
use crate::smt::{self, Answer, Assignment, Link, Query, Relation};
use crate::trace::{Abstractions, AccessEv, BarrierEv, BarrierKind, Chain, Group, Obj, SyncKind, Trace, COUNT_WIDTH};

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
                let left = config.file_budget.saturating_sub(started.elapsed());
                if left.is_zero() {
                    let reason = "the file's time budget is spent".to_string();
                    let message = format!("kernel `{}` was not analysed: {reason}", kernel.display_name());
                    let diag = Diagnostic::new(Severity::Warning, "solver-unknown", message).at(&file, line, col);
                    result.diagnostics.push(diag);
                    unknown.get_or_insert(reason);
                    continue;
                }
                let config = Config { kernel_budget: config.kernel_budget.min(left), ..config.clone() };
                let outcome =
                    panic::catch_unwind(AssertUnwindSafe(|| check_kernel(program, kernel, &config, site, &cache)));
                let (verdict, races, mut diagnostics) = outcome.unwrap_or_else(|_| {
                    let message = format!("the static engine failed on kernel `{}`", kernel.display_name());
                    let diag = Diagnostic::new(Severity::Error, "internal-error", message).at(&file, line, col);
                    (Verdict::Unknown { reason: "internal error in the static engine".into() }, Vec::new(), vec![diag])
                });
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
            result.races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
            result.undecided = unknown.clone();
            result.verdict = match unknown {
                _ if !result.races.is_empty() => Verdict::Race,
                Some(reason) => Verdict::Unknown { reason },
                None => Verdict::RaceFree,
            };
            result
        })
        .collect()
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

/// One unit of solver work.
#[derive(Debug, Clone)]
enum Job {
    /// Accesses `a` (thread 1) and `b` (thread 2) in these relations.
    Pair { a: usize, b: usize, relations: Vec<Relation> },
    /// A barrier some threads of a block may skip.
    Divergence { barrier: usize },
}

/// What one job found.
#[derive(Debug, Default)]
struct Found {
    races: Vec<(Job, Relation, Box<Assignment>)>,
    /// Pairs that collide only when an index computation wraps around.
    overflows: Vec<(Job, Relation, Box<Assignment>)>,
    /// Pairs that collide only beyond the end of a host allocation.
    out_of_bounds: Vec<(Job, Relation, Box<Assignment>)>,
    unknown: Vec<(Job, String)>,
    queries: usize,
}

fn check_kernel(
    program: &Program,
    kernel: &Kernel,
    config: &Config,
    site: &Site,
    cache: &Cache,
) -> (Verdict, Vec<Race>, Vec<Diagnostic>) {
    let start = Instant::now();
    // The user's flags win over the host code's geometry.
    let config = &Config {
        block: config.block.or(site.block),
        grid: config.grid.or(site.grid),
        host_geometry: site.geometry && (config.block.is_none() || config.grid.is_none()),
        ..config.clone()
    };
    let mut trace = exec::trace(kernel, config.block.is_none(), &site.pointers);
    let (mut one, two) = common_facts(&trace, kernel, config);
    one.extend(site.facts.iter().cloned());
    (trace.usable, trace.chains) = usable_flags(&trace, kernel, config, &one, &two);
    let jobs = jobs(&trace, kernel, config);
    let base = facts_fingerprint(&one, &two);

    let found = run_jobs(&trace, kernel, &jobs, &one, &two, base, config, site, cache, start);

    let mut diagnostics = Vec::new();
    let mut races = Vec::new();
    let mut seen = HashSet::new();
    let mut bad_witnesses = 0;
    for (job, relation, assignment) in &found.races {
        let race = match job {
            Job::Pair { a, b, .. } => {
                let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
                if !pair_witness_holds(ea, eb, *relation, &one, &two, assignment, &trace)
                    || !products_exact(&trace.abstractions, assignment)
                {
                    bad_witnesses += 1;
                    continue;
                }
                pair_race(program, kernel, site, ea, eb, *relation, assignment, &trace)
            }
            Job::Divergence { barrier } => {
                let ev = &trace.barriers[*barrier];
                if !divergence_witness_holds(ev, &one, &two, assignment)
                    || !products_exact(&trace.abstractions, assignment)
                {
                    bad_witnesses += 1;
                    continue;
                }
                divergence_race(program, kernel, site, ev, assignment)
            }
        };
        if seen.insert((race.first.clone(), race.second.clone(), race.class, race.kind)) {
            races.push(race);
        }
    }
    races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    for (job, _, assignment) in &found.overflows {
        let Job::Pair { a, b, .. } = job else { continue };
        let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
        let witness = base_witness(kernel, site, assignment);
        let params: Vec<String> = witness.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let message = format!(
            "`{}` (line {}) and `{}` (line {}) touch the same element only if an index computation wraps around{}: an out-of-bounds access, not reported as a race",
            ea.access.name,
            ea.access.span.line,
            eb.access.name,
            eb.access.span.line,
            if params.is_empty() { String::new() } else { format!(" (e.g. with {})", params.join(", ")) }
        );
        diagnostics
            .push(program.diag_at(Diagnostic::new(Severity::Warning, "index-overflow", message), eb.access.span));
    }
    for (job, _, assignment) in &found.out_of_bounds {
        let Job::Pair { a, b, .. } = job else { continue };
        let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
        let witness = base_witness(kernel, site, assignment);
        // The host values when there are any (they determine the parameters).
        let shown = if witness.host.is_empty() { &witness.params } else { &witness.host };
        let values: Vec<String> = shown.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let allocation = match &ea.obj {
            Obj::Alloc(g) => site.allocations.get(*g as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let message = format!(
            "`{}` (line {}) and `{}` (line {}) touch the same element only beyond the end of {}{}{}: \
             an out-of-bounds access, not reported as a race",
            ea.access.name,
            ea.access.span.line,
            eb.access.name,
            eb.access.span.line,
            if allocation.is_empty() {
                "its allocation".to_string()
            } else {
                format!("the allocation at {allocation}")
            },
            if site.label.is_empty() { String::new() } else { format!(" (launch at {})", site.label) },
            if values.is_empty() { String::new() } else { format!(", e.g. with {}", values.join(", ")) }
        );
        diagnostics.push(program.diag_at(Diagnostic::new(Severity::Warning, "out-of-bounds", message), eb.access.span));
    }
    let (file, line, col) = program.locate(kernel.span);
    if bad_witnesses > 0 {
        let message = format!(
            "{bad_witnesses} solver witness(es) for `{}` did not check out and were not reported",
            kernel.display_name()
        );
        diagnostics.push(Diagnostic::new(Severity::Error, "internal-error", message).at(&file, line, col));
    }
    for (job, reason) in &found.unknown {
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
        Verdict::Unknown {
            reason: match found.unknown.len() {
                1 => "1 solver query was not decided".to_string(),
                n => format!("{n} solver queries were not decided"),
            },
        }
    } else if let Some((span, reason)) = trace.unsupported.iter().find(|(_, reason)| !nothing_to_race(&trace, reason)) {
        let (f, l, _) = program.locate(*span);
        Verdict::Unknown { reason: format!("unsupported construct at {f}:{l}: {reason}") }
    } else {
        Verdict::RaceFree
    };
    let message = format!(
        "{} accesses, {} pairs, {} solver queries, {:.1} ms",
        trace.accesses.len(),
        jobs.len(),
        found.queries,
        start.elapsed().as_secs_f64() * 1000.0
    );
    if config.stats {
        diagnostics.push(Diagnostic::new(Severity::Note, "solver-stats", message).at(&file, line, col));
    }
    (verdict, races, diagnostics)
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
    if config.block.is_some() && config.grid.is_none() {
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

fn mode(ev: &AccessEv<'_>) -> AccessMode {
    match ev.access.kind {
        AccessKind::Read => AccessMode::Read,
        AccessKind::Write => AccessMode::Write,
        AccessKind::Atomic { .. } => AccessMode::Atomic,
    }
}

/// Whether the two accesses may touch one object, and if so whether their
/// addresses must be compared in full (a pointer of unknown origin).
fn may_alias(a: &AccessEv<'_>, b: &AccessEv<'_>) -> Option<bool> {
    let private = |e: &AccessEv<'_>| e.obj == Obj::Local || e.access.space == Space::Local;
    if private(a) || private(b) {
        return None;
    }
    let shared = |e: &AccessEv<'_>| e.access.space == Space::Shared;
    let global = |e: &AccessEv<'_>| matches!(e.access.space, Space::Global | Space::Constant);
    if (shared(a) && global(b)) || (global(a) && shared(b)) {
        return None;
    }
    match (&a.obj, &b.obj) {
        (Obj::Dynamic, _) | (_, Obj::Dynamic) => Some(true),
        (x, y) if x == y => Some(false),
        _ => None,
    }
}

/// The relations in which two accesses may race, before any solving.
fn relations(a: &AccessEv<'_>, b: &AccessEv<'_>, config: &Config) -> Vec<Relation> {
    let mut out = vec![Relation::InterBlock, Relation::IntraBlock, Relation::IntraWarp];
    if a.access.space == Space::Shared || b.access.space == Space::Shared {
        out.retain(|r| *r != Relation::InterBlock);
    }
    if config.grid.is_some_and(|g| g.iter().product::<u32>() == 1) {
        out.retain(|r| *r != Relation::InterBlock);
    }
    if let Some(block) = config.block {
        let threads: u64 = block.iter().map(|d| u64::from(*d)).product();
        if threads <= 32 {
            out.retain(|r| *r != Relation::IntraBlock);
        }
        if threads <= 1 {
            out.retain(|r| *r == Relation::InterBlock);
        }
    }
    // Lanes of a warp that runs in lockstep execute each statement together:
    // only two lanes writing in one statement still conflict.
    let same_write = std::ptr::eq(a.access, b.access) && mode(a) == AccessMode::Write;
    match config.warp_sync {
        Some(n) if n >= 32 && !same_write => out.retain(|r| *r != Relation::IntraWarp),
        Some(n) if n > 1 && !same_write => {
            for r in &mut out {
                if *r == Relation::IntraWarp {
                    *r = Relation::IntraWarpApart(n);
                }
            }
        }
        _ => {}
    }
    if let (AccessKind::Atomic { scope: sa, .. }, AccessKind::Atomic { scope: sb, .. }) = (a.access.kind, b.access.kind)
    {
        // Two atomics are ordered for threads inside the narrower scope.
        let covers = |s: Scope, r: Relation| match s {
            Scope::Device | Scope::System => true,
            Scope::Block => r != Relation::InterBlock,
            Scope::Warp => r == Relation::IntraWarp,
        };
        out.retain(|r| !(covers(sa, *r) && covers(sb, *r)));
    }
    out
}

fn jobs(trace: &Trace<'_>, kernel: &Kernel, config: &Config) -> Vec<Job> {
    // Threads of one block differ in `threadIdx.x` when the block is 1-D.
    let used = used_dims(kernel, config);
    let one_d = match config.block {
        Some(b) => b[1] == 1 && b[2] == 1,
        None => !used[0] && !used[1],
    };
    let mut jobs = Vec::new();
    let n = trace.accesses.len();
    // With a concrete 1-D block, the offsets of accesses that depend on
    // nothing but `threadIdx.x`, for every thread of the block.
    let tables: Vec<Option<LaneTable>> = match config.block {
        Some([b, 1, 1]) if b <= 1024 => trace.accesses.iter().map(|a| lane_table(a, b)).collect(),
        _ => vec![None; n],
    };
    for i in 0..n {
        for j in i..n {
            let (a, b) = (&trace.accesses[i], &trace.accesses[j]);
            if mode(a) == AccessMode::Read && mode(b) == AccessMode::Read {
                continue;
            }
            if a.guard.is_false() || b.guard.is_false() || may_alias(a, b).is_none() {
                continue;
            }
            let mut relations = relations(a, b, config);
            // Accesses at different constant barrier counts are ordered for
            // threads of one block (and of one warp, for warp counts).
            let differ = |x: &T, y: &T| x.as_const().zip(y.as_const()).is_some_and(|(x, y)| x != y);
            if differ(&a.counts.block, &b.counts.block) {
                relations.retain(|r| *r == Relation::InterBlock);
            } else if differ(&a.counts.warp, &b.counts.warp) {
                relations.retain(|r| !matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)));
            }
            if relations.is_empty() || disjoint_constants(a, b) || disjoint_lanes(a, b, &relations, one_d) {
                continue;
            }
            let same_block = relations.iter().all(|r| *r != Relation::InterBlock);
            if let (true, Some(ta), Some(tb)) = (same_block && a.obj == b.obj, &tables[i], &tables[j]) {
                if !ta.meets(tb, a.access.size.max(1), b.access.size.max(1)) {
                    continue;
                }
            }
            if let (true, Some([block, 1, 1])) = (same_block, config.block) {
                if block <= 1024 && tables[i].is_none() && disjoint_residues(a, b, block) {
                    continue;
                }
            }
            jobs.push(Job::Pair { a: i, b: j, relations });
        }
    }
    for (i, barrier) in trace.barriers.iter().enumerate() {
        if !barrier.guard.is_true() {
            jobs.push(Job::Divergence { barrier: i });
        }
    }
    // Small queries first: a race among them is found before the budget goes
    // to hard ones (nested barrier loops), and an undecided hard query left
    // for last changes nothing once a race is found.
    let size = |job: &Job| -> usize {
        let mut seen = HashSet::new();
        let mut count = 0;
        let mut add = |term: &T| {
            t::visit(term, &mut seen, &mut |_| {
                count += 1;
                true
            })
        };
        match job {
            Job::Pair { a, b, .. } => {
                for ev in [&trace.accesses[*a], &trace.accesses[*b]] {
                    for term in [&ev.guard, &ev.offset, &ev.counts.block, &ev.counts.warp, &ev.counts.grid] {
                        add(term);
                    }
                }
            }
            Job::Divergence { barrier } => add(&trace.barriers[*barrier].guard),
        }
        count
    };
    let mut sized: Vec<(usize, Job)> = jobs.into_iter().map(|j| (size(&j), j)).collect();
    sized.sort_by_key(|(size, _)| *size);
    sized.into_iter().map(|(_, j)| j).collect()
}

/// The byte offset of one access for every thread of a concrete 1-D block,
/// sorted, with the thread: exact (the engine's own evaluator, wrap-around
/// included), for offsets whose only per-thread leaf is `threadIdx.x`.
#[derive(Debug, Clone)]
struct LaneTable(Vec<(u128, u32)>);

struct LaneValues {
    tid: u128,
    block: u128,
}

impl Valuation for LaneValues {
    fn leaf(&self, leaf: Leaf, _thread: usize, _width: u32) -> u128 {
        match leaf {
            Leaf::Tid(0) => self.tid,
            Leaf::BlockDim(0) => self.block,
            _ => 0,
        }
    }

    fn uf(&self, _name: &str, _args: &[u128], _width: u32) -> u128 {
        0
    }
}

fn lane_table(ev: &AccessEv<'_>, block: u32) -> Option<LaneTable> {
    if ev.obj == Obj::Dynamic {
        return None;
    }
    let mut leaves = std::collections::BTreeSet::new();
    t::leaves(&ev.offset, &mut leaves, &mut HashSet::new());
    if !leaves.iter().all(|(l, _)| matches!(l, Leaf::Tid(0) | Leaf::BlockDim(0))) {
        return None;
    }
    let mut values: Vec<(u128, u32)> = (0..block)
        .map(|tid| {
            let val = LaneValues { tid: u128::from(tid), block: u128::from(block) };
            (eval(&ev.offset, 0, &val, &mut HashMap::new()), tid)
        })
        .collect();
    values.sort_unstable();
    Some(LaneTable(values))
}

/// Moduli tried for residues: 2^32 down to 2^4 (a residue that does not
/// exist is found out in a few steps, so trying them all is cheap).
const RESIDUE_BITS: std::ops::RangeInclusive<u32> = 4..=32;

/// Answered without the solver, exactly: modulo some power of two 2^k the
/// offsets of both accesses are `c * threadIdx.x + d` (whatever else they
/// add is a multiple of 2^k), and no two threads of the concrete 1-D block
/// have residues whose bytes overlap, so their offsets cannot either.
fn disjoint_residues(a: &AccessEv<'_>, b: &AccessEv<'_>, block: u32) -> bool {
    if a.obj != b.obj || a.obj == Obj::Dynamic {
        return false;
    }
    let (sa, sb) = (a.access.size.max(1), b.access.size.max(1));
    RESIDUE_BITS.rev().any(|bits| {
        let m = arith::mask(bits);
        let (Some((ca, da)), Some((cb, db))) =
            (shape::residue(&a.offset, bits, u128::from(block)), shape::residue(&b.offset, bits, u128::from(block)))
        else {
            return false;
        };
        if u128::from(sa + sb) >= (1 << bits) {
            return false;
        }
        let table = |c: u128, d: u128| {
            let mut v: Vec<(u128, u32)> =
                (0..block).map(|t| (c.wrapping_mul(u128::from(t)).wrapping_add(d) & m, t)).collect();
            v.sort_unstable();
            LaneTable(v)
        };
        !table(ca, da).meets_mod(&table(cb, db), sa, sb, bits)
    })
}

impl LaneTable {
    /// Whether thread `t1` at an offset of `self` and another thread `t2` at
    /// an offset of `other` touch a common byte.
    fn meets(&self, other: &LaneTable, size_a: u64, size_b: u64) -> bool {
        self.meets_mod(other, size_a, size_b, 64)
    }

    /// The same with offsets taken mod 2^bits: bytes can only be shared when
    /// `x - y` is in `(-size_a, size_b)` mod 2^bits.
    fn meets_mod(&self, other: &LaneTable, size_a: u64, size_b: u64, bits: u32) -> bool {
        let m = arith::mask(bits);
        let (sa, sb) = (u128::from(size_a), u128::from(size_b));
        self.0.iter().any(|&(x, t1)| {
            // y with x - y in (-sa, sb): y in [x - sb + 1, x + sa - 1], circular.
            let lo = x.wrapping_sub(sb - 1) & m;
            let hi = x.wrapping_add(sa - 1) & m;
            let other_thread = |&(_, t2): &(u128, u32)| t2 != t1;
            let range = |lo: u128, hi: u128| {
                let start = other.0.partition_point(|(y, _)| *y < lo);
                other.0[start..].iter().take_while(|(y, _)| *y <= hi).any(other_thread)
            };
            if lo <= hi {
                range(lo, hi)
            } else {
                range(lo, m) || range(0, hi)
            }
        })
    }
}

/// Answered without the solver, exactly: two threads of one 1-D block run
/// the same access expression `c * threadIdx.x + d` with `|c|` at least the
/// access size, so different threads touch disjoint bytes.
fn disjoint_lanes(a: &AccessEv<'_>, b: &AccessEv<'_>, relations: &[Relation], one_d: bool) -> bool {
    let same_block = relations.iter().all(|r| *r != Relation::InterBlock);
    if !one_d || !same_block || a.obj != b.obj || a.obj == Obj::Dynamic || a.offset != b.offset {
        return false;
    }
    let size = i128::from(a.access.size.max(b.access.size).max(1));
    match shape::lane_coefficient(&a.offset) {
        Some(c) => c.abs() >= size && c.abs() * 1024 + size < (1 << 31),
        None => false,
    }
}

/// Two accesses at constant offsets of one object that do not overlap.
fn disjoint_constants(a: &AccessEv<'_>, b: &AccessEv<'_>) -> bool {
    match (a.offset.as_const(), b.offset.as_const(), &a.obj) {
        (Some(x), Some(y), obj) if *obj != Obj::Dynamic && a.obj == b.obj => {
            !smt::overlaps(x, a.access.size.max(1), y, b.access.size.max(1))
        }
        _ => false,
    }
}

/// The address term of an access: the offset for objects compared by
/// offset, the object's address plus the offset otherwise.
fn address(ev: &AccessEv<'_>, absolute: bool) -> T {
    if !absolute || ev.obj == Obj::Dynamic {
        return ev.offset.clone();
    }
    t::add(&ev.base, &ev.offset)
}

/// Whether synchronisation of this scope orders two threads in this relation.
fn covers(scope: Scope, r: Relation) -> bool {
    match scope {
        Scope::Device | Scope::System => true,
        Scope::Block => r != Relation::InterBlock,
        Scope::Warp => matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)),
    }
}

/// The address pairs of which one must differ for two accesses to race in
/// a relation: the locks both hold (their scopes covering the relation), a
/// flag one releases after its access and the other waits for before its
/// own, and a chain of flag hand-offs from one to the other.
fn apart(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Vec<Vec<(T, T)>> {
    let syncs = &trace.syncs;
    let mut out = Vec::new();
    for (la, sa) in &a.order.locks {
        for (lb, sb) in &b.order.locks {
            if covers(exec::narrower(*sa, *sb), r) {
                out.push(vec![(syncs[*la].addr.clone(), syncs[*lb].addr.clone())]);
            }
        }
    }
    for (rel, s) in &a.order.released {
        for w in &b.order.waited {
            if trace.usable.contains(&(*rel, *w)) && covers(exec::narrower(*s, syncs[*w].scope), r) {
                out.push(vec![(syncs[*rel].addr.clone(), syncs[*w].addr.clone())]);
            }
        }
    }
    for (rel, s) in &b.order.released {
        for w in &a.order.waited {
            if trace.usable.contains(&(*rel, *w)) && covers(exec::narrower(*s, syncs[*w].scope), r) {
                out.push(vec![(syncs[*w].addr.clone(), syncs[*rel].addr.clone())]);
            }
        }
    }
    for c in &trace.chains {
        if a.order.released.contains(&(c.first, c.scope)) && b.order.waited.contains(&c.last) {
            out.push(c.links.clone());
        }
        if b.order.released.contains(&(c.first, c.scope)) && a.order.waited.contains(&c.last) {
            out.push(c.links.iter().rev().map(|(x, y)| (y.clone(), x.clone())).collect());
        }
    }
    out
}

/// A solver over `ctx` with the kernel's common facts (`one`, `two`) and the
/// facts of its abstracted products.
fn kernel_solver<'c>(
    ctx: &'c z3::Context,
    kernel: &Kernel,
    config: &Config,
    trace: &Trace<'_>,
    one: &[T],
    two: &[T],
) -> smt::Solver<'c> {
    let timeout = u32::try_from(config.query_timeout.as_millis()).unwrap_or(u32::MAX);
    let mut solver = smt::Solver::new(ctx, config.query_rlimit, timeout);
    let used = used_dims(kernel, config);
    solver.block_dims_used = [true, used[0] || config.block.is_some(), used[1] || config.block.is_some()];
    solver.assert_common(one, two);
    solver.assert_products(&trace.abstractions);
    solver
}

/// The (release, wait) pairs of flags that order accesses: no other thread
/// executes the release at the same address, and no store but the release
/// (by a thread other than the waiting one, or by the waiting one before
/// its wait) can end the wait. Each is asked of the solver; an undecided
/// query leaves the pair out, which can only add races. Then the chains of
/// these pairs through other threads ([`flag_chains`]).
fn usable_flags(
    trace: &Trace<'_>,
    kernel: &Kernel,
    config: &Config,
    one: &[T],
    two: &[T],
) -> (HashSet<(usize, usize)>, Vec<Chain>) {
    let mut candidates = Vec::new();
    for a in &trace.accesses {
        for (rel, _) in &a.order.released {
            for b in &trace.accesses {
                for w in &b.order.waited {
                    let (r, wv) = (&trace.syncs[*rel], &trace.syncs[*w]);
                    let alias = r.obj == wv.obj || r.obj == Obj::Dynamic || wv.obj == Obj::Dynamic;
                    if alias && !candidates.contains(&(*rel, *w)) {
                        candidates.push((*rel, *w));
                    }
                }
            }
        }
    }
    let mut usable = HashSet::new();
    if candidates.is_empty() {
        return (usable, Vec::new());
    }
    let cfg = z3::Config::new();
    let ctx = z3::Context::new(&cfg);
    let mut solver = kernel_solver(&ctx, kernel, config, trace, one, two);
    let distinct = || vec![(Relation::InterBlock, Vec::new()), (Relation::SameBlock, Vec::new())];
    let query = |one: Vec<T>, two: Vec<T>, same: Vec<(T, T)>| Query {
        one,
        two,
        same: same.into_iter().map(|(a, b)| Link::Eq(a, b)).collect(),
        overlap: None,
        cases: distinct(),
        apart: Vec::new(),
        abstractions: trace.abstractions.clone(),
    };
    for (rel, w) in candidates {
        let (r, wv) = (&trace.syncs[rel], &trace.syncs[w]);
        let Some(read) = &wv.value else { continue };
        // Another thread executing the release could end the wait.
        let mut ok = matches!(
            solver.check(&query(vec![r.guard.clone()], vec![r.guard.clone()], vec![(r.addr.clone(), r.addr.clone())])),
            Answer::Unsat
        );
        for (i, s) in trace.syncs.iter().enumerate() {
            if !ok {
                break;
            }
            if s.kind != SyncKind::Store || i == rel || s.access == wv.access {
                continue;
            }
            if !(s.obj == wv.obj || s.obj == Obj::Dynamic || wv.obj == Obj::Dynamic) {
                continue;
            }
            // The waiting thread's own store before its wait (or anywhere,
            // when the wait is in a loop) could end it, unless no thread
            // executes both (they sit in exclusive branches).
            if (s.access < wv.access || wv.nested)
                && !matches!(
                    solver.check(&query(vec![s.guard.clone(), wv.guard.clone()], Vec::new(), Vec::new())),
                    Answer::Unsat
                )
            {
                ok = false;
                break;
            }
            let mut same = vec![(s.addr.clone(), wv.addr.clone())];
            if let Some(v) = &s.value {
                same.push((t::resize(&t::to_bv(v), read.width.max(1), false), t::to_bv(read)));
            }
            ok = matches!(solver.check(&query(vec![s.guard.clone()], vec![wv.guard.clone()], same)), Answer::Unsat);
        }
        if ok {
            usable.insert((rel, w));
        }
    }
    let chains = flag_chains(trace, &usable, &mut solver, &trace.abstractions);
    (usable, chains)
}

/// Hops a chain of flag hand-offs may take, and chains kept per kernel.
const CHAIN_HOPS: usize = 4;
const CHAINS: usize = 64;

/// The chains of usable (release, wait) pairs through other threads: a
/// thread that waits releases again after a fence, and a later thread waits
/// for that (HRF-indirect, as in the scoped memory models of
/// hgrd.txt and iguard.txt). A hop counts only when its scope covers every
/// two threads that can take it (asked of the solver for block scope), and
/// the addresses between the first release and the last wait must not depend
/// on the thread: the query has no third thread to evaluate them for.
fn flag_chains(
    trace: &Trace<'_>,
    usable: &HashSet<(usize, usize)>,
    solver: &mut smt::Solver<'_>,
    abstractions: &Abstractions,
) -> Vec<Chain> {
    let syncs = &trace.syncs;
    let mut effective: HashMap<(usize, usize, Scope), bool> = HashMap::new();
    let mut holds = |rel: usize, w: usize, scope: Scope, solver: &mut smt::Solver<'_>| -> bool {
        *effective.entry((rel, w, scope)).or_insert_with(|| match scope {
            Scope::Device | Scope::System => true,
            Scope::Warp => false,
            Scope::Block => {
                let (r, wv) = (&syncs[rel], &syncs[w]);
                let q = Query {
                    one: vec![r.guard.clone()],
                    two: vec![wv.guard.clone()],
                    same: vec![Link::Eq(r.addr.clone(), wv.addr.clone())],
                    overlap: None,
                    cases: vec![(Relation::InterBlock, Vec::new())],
                    apart: Vec::new(),
                    abstractions: abstractions.clone(),
                };
                matches!(solver.check(&q), Answer::Unsat)
            }
        })
    };
    let mut starts: Vec<(usize, Scope)> =
        trace.accesses.iter().flat_map(|a| a.order.released.iter().copied()).collect();
    starts.sort_by_key(|(rel, s)| (*rel, exec::scope_rank(*s)));
    starts.dedup();
    let mut pairs: Vec<(usize, usize)> = usable.iter().copied().collect();
    pairs.sort_unstable();
    let mut chains = Vec::new();
    for (first, scope) in starts {
        // (release, the scope of the fence before it, links so far)
        let mut stack = vec![(first, scope, Vec::new())];
        while let Some((rel, s, links)) = stack.pop() {
            for &(r, w) in pairs.iter().filter(|(r, _)| *r == rel) {
                if !holds(r, w, exec::narrower(s, syncs[w].scope), solver) {
                    continue;
                }
                let mut links: Vec<(T, T)> = links.clone();
                links.push((syncs[r].addr.clone(), syncs[w].addr.clone()));
                if links.len() > 1 && chains.len() < CHAINS {
                    chains.push(Chain { first, scope, last: w, links: links.clone() });
                }
                if links.len() == CHAIN_HOPS || syncs[w].addr.deps.thread {
                    continue;
                }
                // The waiting thread's releases after a fence, each of which
                // only a thread that waited can reach.
                for &(next, s2) in &trace.accesses[syncs[w].access].order.released {
                    let after = trace.accesses[syncs[next].access].order.waited.contains(&w);
                    if after && !syncs[next].addr.deps.thread {
                        stack.push((next, s2, links.clone()));
                    }
                }
            }
        }
    }
    chains
}

/// The query of a pair, for the given relations.
fn pair_query(a: &AccessEv<'_>, b: &AccessEv<'_>, relations: &[Relation], trace: &Trace<'_>) -> Query {
    let absolute = may_alias(a, b).unwrap_or(true);
    let mut same = vec![Link::Eq(a.counts.grid.clone(), b.counts.grid.clone())];
    let mut cases = Vec::new();
    for r in relations {
        let links = match r {
            Relation::InterBlock => Vec::new(),
            Relation::IntraBlock | Relation::SameBlock => vec![block_link(a, b)],
            Relation::IntraWarp | Relation::IntraWarpApart(_) => {
                vec![block_link(a, b), Link::Eq(a.counts.warp.clone(), b.counts.warp.clone())]
            }
        };
        let mut links = links;
        for (g, x, y) in group_counts(a, b, *r, trace) {
            links.push(Link::Or(vec![Link::Group(g, false), Link::Eq(x.clone(), y.clone())]));
        }
        cases.push((*r, links));
    }
    // The block link, when every relation has it, goes to `same`.
    if cases.iter().all(|(_, links)| !links.is_empty()) {
        same.push(block_link(a, b));
        cases.iter_mut().for_each(|(_, links)| {
            links.remove(0);
        });
    }
    // Elements of one size at offsets `ext(e) * size` overlap exactly when
    // their indices are equal: saying so spares the solver the step from
    // byte ranges to indices (it decides stride-loop collisions from the
    // indices). The equality follows from the overlap, so no model is lost.
    if let (Some((x, sx, cx)), Some((y, sy, cy))) = (shape::scaled_index(&a.offset), shape::scaled_index(&b.offset)) {
        let size = u128::from(a.access.size);
        if !absolute && sx == sy && cx == cy && cx == size && a.access.size == b.access.size && x.width == y.width {
            same.push(Link::Eq(x.clone(), y.clone()));
        }
    }
    Query {
        one: vec![a.guard.clone()],
        two: vec![b.guard.clone()],
        same,
        overlap: Some((address(a, absolute), a.access.size.max(1), address(b, absolute), b.access.size.max(1))),
        apart: relations.iter().flat_map(|r| apart(a, b, *r, trace).into_iter().map(|links| (*r, links))).collect(),
        cases,
        abstractions: Abstractions::default(),
    }
}

/// A constant lower bound of a barrier count, a sum of constants and
/// products of natural numbers.
fn least(count: &T) -> u128 {
    match &count.node {
        t::Node::Const(c) => *c,
        t::Node::Bin(t::BvOp::Add, x, y) => least(x).saturating_add(least(y)),
        _ => 0,
    }
}

/// The barrier counts two threads must share in relation `r`, as
/// equalities of absolute counts.
fn count_eqs(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation) -> Vec<(T, T)> {
    let (ca, cb) = (&a.counts, &b.counts);
    let mut out = vec![(ca.grid.clone(), cb.grid.clone())];
    if r != Relation::InterBlock {
        out.push((ca.block.clone(), cb.block.clone()));
    }
    if matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)) {
        out.push((ca.warp.clone(), cb.warp.clone()));
    }
    out
}

/// The group barriers that order two threads in relation `r` when both are
/// in one group: (group, count of thread 1, count of thread 2). The n-th
/// barrier of a group is one barrier for all its threads (else they diverge,
/// a defect reported on its own), so two threads of one group race only on
/// accesses made with equal counts of its barriers.
fn group_counts<'a>(
    a: &'a AccessEv<'_>,
    b: &'a AccessEv<'_>,
    r: Relation,
    trace: &Trace<'_>,
) -> Vec<(Group, &'a T, &'a T)> {
    let mut out = Vec::new();
    for (i, g) in trace.groups.iter().enumerate() {
        let (Some(x), Some(y)) = (a.counts.groups.get(i), b.counts.groups.get(i)) else { continue };
        let relevant = match r {
            Relation::InterBlock => false,
            Relation::IntraWarp | Relation::IntraWarpApart(_) | Relation::SameBlock => true,
            // Tiles of a warp or less never hold threads of two warps.
            Relation::IntraBlock => matches!(g, Group::Tile(n) if *n > 32),
        };
        let same_constant = x.as_const().zip(y.as_const()).is_some_and(|(x, y)| x == y);
        if relevant && !same_constant {
            out.push((*g, x, y));
        }
    }
    out
}

/// Equal block counts for access `a` of thread 1 and `b` of thread 2.
///
/// In the loops with barriers both accesses are in, the counts are
/// `entry + k * m + w` (`w` the count within iteration `k`, `0 <= w <= m`),
/// a product the solver finds hard. Level by level, they are equal when the
/// threads are in one iteration with equal counts within it, or in adjacent
/// iterations with the first after the iteration's last barrier and the
/// second before the next one's first, or in a loop whose iterations pass no
/// barrier. Both threads of a block enter a loop with one count and pass one
/// number of barriers per iteration (else the block's barriers diverge, a
/// defect reported on its own), so these cases cover every execution; each
/// implies the equality of the absolute counts, so witnesses stay exact.
fn block_link(a: &AccessEv<'_>, b: &AccessEv<'_>) -> Link {
    let (la, lb) = (&a.counts.levels, &b.counts.levels);
    let common = la.iter().zip(lb).take_while(|(x, y)| x.node == y.node).count();
    let k64 = |k: &T| t::resize(k, COUNT_WIDTH, false);
    // The count within the iteration of level `i`.
    let within = |ev: &AccessEv<'_>, i: usize| -> T {
        let levels = &ev.counts.levels;
        levels[i + 1..]
            .iter()
            .rev()
            .fold(ev.counts.rel.clone(), |w, l| t::add(&t::add(&l.entry, &t::mul(&k64(&l.k), &l.m)), &w))
    };
    let zero = t::constant(0, COUNT_WIDTH);
    let one = t::constant(1, COUNT_WIDTH);
    // Where one access is in a further loop with barriers and the other is
    // not, and the other's count is at most the loop's entry count: equal only
    // at the loop's entry (no barrier passed in it yet). Counts are natural
    // numbers (no kernel passes 2^64 barriers): a sum is zero when each term is.
    let deeper = |shallow: &AccessEv<'_>, deep: &AccessEv<'_>| -> Option<(bool, Vec<T>)> {
        let level = deep.counts.levels.get(common)?;
        if shallow.counts.levels.len() != common {
            return None;
        }
        let (here, entry) = (shallow.counts.rel.as_const()?, level.entry.as_const()?);
        if here > entry {
            return None;
        }
        let mut facts = Vec::new();
        let levels = &deep.counts.levels;
        for l in &levels[common..] {
            facts.push(t::or(&t::eq(&k64(&l.k), &zero), &t::eq(&l.m, &zero)));
        }
        for l in &levels[common + 1..] {
            facts.push(t::eq(&l.entry, &zero));
        }
        facts.push(t::eq(&deep.counts.rel, &zero));
        Some((here == entry, facts))
    };
    let mut link = match (deeper(a, b), deeper(b, a)) {
        (Some((false, _)), _) | (_, Some((false, _))) => Link::One(t::fals()),
        (Some((true, facts)), _) => Link::And(facts.into_iter().map(Link::Two).collect()),
        (_, Some((true, facts))) => Link::And(facts.into_iter().map(Link::One).collect()),
        // Outside every loop nest the two share: the absolute counts.
        _ if common == 0 => Link::Eq(a.counts.block.clone(), b.counts.block.clone()),
        _ => Link::Eq(within(a, common - 1), within(b, common - 1)),
    };
    if common == 0 {
        return link;
    }
    for i in (0..common).rev() {
        let (x, y) = (&la[i], &lb[i]);
        let (wa, wb) = (within(a, i), within(b, i));
        let (ka, kb) = (k64(&x.k), k64(&y.k));
        // Cases a constant lower bound of the counts rules out are left out
        // (they are nonlinear when `m` holds trip counts of inner loops).
        let m_min = least(&x.m);
        let below = |w: &T| w.as_const().is_some_and(|w| w < m_min);
        let mut cases = vec![Link::And(vec![Link::Eq(x.k.clone(), y.k.clone()), link])];
        if !below(&wa) {
            cases.push(Link::And(vec![
                Link::Eq(t::add(&ka, &one), kb.clone()),
                Link::One(t::eq(&wa, &x.m)),
                Link::Two(t::eq(&wb, &zero)),
            ]));
        }
        if !below(&wb) {
            cases.push(Link::And(vec![
                Link::Eq(ka, t::add(&kb, &one)),
                Link::One(t::eq(&wa, &zero)),
                Link::Two(t::eq(&wb, &y.m)),
            ]));
        }
        if m_min == 0 {
            cases.push(Link::And(vec![
                Link::One(t::eq(&x.m, &zero)),
                Link::One(t::eq(&wa, &zero)),
                Link::Two(t::eq(&wb, &zero)),
            ]));
        }
        link = Link::And(vec![
            Link::Eq(x.m.clone(), y.m.clone()),
            Link::Eq(x.entry.clone(), y.entry.clone()),
            Link::Or(cases),
        ]);
    }
    link
}

fn divergence_query(ev: &BarrierEv) -> Query {
    Query {
        one: vec![ev.guard.clone()],
        two: vec![t::not(&ev.guard)],
        same: ev.iterations.iter().map(|k| Link::Eq(k.clone(), k.clone())).collect(),
        overlap: None,
        apart: Vec::new(),
        cases: match ev.kind {
            BarrierKind::Grid => vec![(Relation::SameBlock, Vec::new()), (Relation::InterBlock, Vec::new())],
            BarrierKind::Block => vec![(Relation::SameBlock, Vec::new())],
            BarrierKind::Warp => vec![(Relation::IntraWarp, Vec::new())],
            BarrierKind::Group(g) => vec![(Relation::SameBlock, vec![Link::Group(g, true)])],
        },
        abstractions: Abstractions::default(),
    }
}

// ---------------------------------------------------------------- solving

#[allow(clippy::too_many_arguments)]
fn run_jobs(
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
) -> Found {
    if jobs.is_empty() {
        return Found::default();
    }
    // Jobs are dealt to workers by index and answers cached only between
    // kernels, so that every model, and thus every witness, is the same from
    // run to run whatever the machine's load.
    let workers = (1 + jobs.len() / 32).min(4).min(config.jobs.max(1));
    let results = Mutex::new(Found::default());
    let fresh = Mutex::new(Vec::new());
    let worker = |index: usize| {
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
            let mut prober = smt::Solver::new(&probe_ctx, config.query_rlimit / 10, timeout);
            prober.block_dims_used = solver.block_dims_used;
            prober.assert_common(one, two);
            prober.assert_products(&trace.abstractions);
            prober.assert_tickets(&trace.tickets, &trace.atomics);
            prober.stage = "probe";
            prober
        });
        let mut w = Worker {
            solver,
            rlimit: config.query_rlimit,
            base,
            cache,
            answers: Vec::new(),
            queries: 0,
            probes,
            prober,
        };
        let mut local = Found::default();
        for job in jobs.iter().skip(index).step_by(workers) {
            // The budget counts undecided queries, not time, so that verdicts
            // are the same on a loaded machine; the clock is a safety net.
            if local.unknown.len() >= config.undecided_budget {
                local.unknown.push((job.clone(), "the kernel's solver budget is spent".into()));
                continue;
            }
            let work = w.solver.work() + w.prober.as_ref().map_or(0, |p| p.work());
            if work > config.kernel_rlimit {
                local.unknown.push((job.clone(), "the kernel's work budget is spent".into()));
                continue;
            }
            if start.elapsed() > config.kernel_budget {
                local.unknown.push((job.clone(), "the kernel's time budget is spent".into()));
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
        let mut all = results.lock().unwrap();
        all.races.append(&mut local.races);
        all.overflows.append(&mut local.overflows);
        all.out_of_bounds.append(&mut local.out_of_bounds);
        all.unknown.append(&mut local.unknown);
        all.queries += local.queries;
        fresh.lock().unwrap().append(&mut w.answers);
    };
    if workers == 1 {
        worker(0);
    } else {
        std::thread::scope(|s| {
            for index in 0..workers {
                s.spawn(move || worker(index));
            }
        });
    }
    cache.lock().unwrap().extend(fresh.into_inner().unwrap());
    let mut found = results.into_inner().unwrap();
    // Jobs finish in any order; keep the output deterministic.
    found.races.sort_by_key(|(job, r, _)| (job_key(job), class_rank(*r)));
    found.unknown.sort_by_key(|(job, _)| job_key(job));
    found
}

fn class_rank(r: Relation) -> u8 {
    match r {
        Relation::InterBlock => 0,
        Relation::IntraBlock => 1,
        Relation::IntraWarp | Relation::IntraWarpApart(_) => 2,
        Relation::SameBlock => 3,
    }
}

fn job_key(job: &Job) -> (usize, usize, usize) {
    match job {
        Job::Pair { a, b, .. } => (0, *a, *b),
        Job::Divergence { barrier } => (1, *barrier, 0),
    }
}

/// New answers of a worker, added to the file's cache after the kernel.
type Answers = Vec<(u64, Answer)>;

/// Bounds that make a witness small: loop counters and other exact
/// per-thread values at most 64, integer parameters within +-1024, grids of
/// at most 8 blocks per dimension.
const SMALL_COUNT: u128 = 64;
const SMALL_PARAM: i128 = 1024;
const SMALL_GRID: u128 = 8;

/// One worker's solver and what it needs to ask: the file's cache of
/// answers, the answers it adds, and the count of queries it asked.
struct Worker<'a, 'c> {
    solver: smt::Solver<'c>,
    rlimit: u32,
    base: u64,
    cache: &'a Cache,
    answers: Answers,
    queries: usize,
    /// Concrete geometries (block, grid) tried before a query with symbolic
    /// geometry; empty when the geometry is given.
    probes: Vec<([u128; 3], [u128; 3])>,
    prober: Option<smt::Solver<'c>>,
}

impl Worker<'_, '_> {
    fn ask(&mut self, q: &Query) -> Answer {
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
        if let Answer::Sat(assignment) = &answer {
            if !products_exact(&q.abstractions, assignment) {
                answer = self.refine(q, assignment);
            }
        }
        self.answers.push((key, answer.clone()));
        answer
    }
    /// The query again with small values, when that is still satisfiable.
    fn minimize(&mut self, mut q: Query) -> Option<Box<Assignment>> {
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
    fn probe(&mut self, q: &Query) -> Option<Answer> {
        let prober = self.prober.as_mut()?;
        for (block, grid) in &self.probes {
            self.queries += 1;
            match prober.check(&at_geometry(q, *block, *grid, None)) {
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
    /// products are then linear), first as the model had them, then at common
    /// block sizes.
    fn refine(&mut self, q: &Query, first: &Assignment) -> Answer {
        let model_block = [0u8, 1, 2].map(|d| first.leaf(Leaf::BlockDim(d), 0, 32));
        let grid = [0u8, 1, 2].map(|d| first.leaf(Leaf::GridDim(d), 0, 32));
        let mut candidates = vec![model_block];
        for x in [32u128, 256, 1024, 2, 64] {
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

    fn run_job(&mut self, trace: &Trace<'_>, site: &Site, job: &Job, found: &mut Found) {
        match job {
            Job::Pair { a, b, relations } => {
                let (ea, eb) = (&trace.accesses[*a], &trace.accesses[*b]);
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
                            found.unknown.push((job.clone(), reason));
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
                                self.solver.set_rlimit(self.rlimit / 5);
                                self.solver.stage = "no-wrap";
                                let answer = self.ask(&strict);
                                self.solver.set_rlimit(self.rlimit);
                                match answer {
                                    Answer::Sat(clean) => assignment = clean,
                                    Answer::Unsat => {
                                        let r =
                                            remaining.iter().copied().find(|r| smt::relation_holds(*r, &assignment));
                                        found.overflows.push((job.clone(), r.unwrap_or(remaining[0]), assignment));
                                        break;
                                    }
                                    Answer::Unknown(reason) => {
                                        found.unknown.push((job.clone(), reason));
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
                                self.solver.stage = "in-bounds";
                                match self.ask(&strict) {
                                    Answer::Sat(clean) => assignment = clean,
                                    Answer::Unsat => {
                                        let r =
                                            remaining.iter().copied().find(|r| smt::relation_holds(*r, &assignment));
                                        found.out_of_bounds.push((job.clone(), r.unwrap_or(remaining[0]), assignment));
                                        break;
                                    }
                                    Answer::Unknown(reason) => {
                                        found.unknown.push((job.clone(), reason));
                                        break;
                                    }
                                }
                            }
                            let Some(r) = remaining.iter().copied().find(|r| smt::relation_holds(*r, &assignment))
                            else {
                                // The model satisfies none of the relations: report it
                                // as a failed witness under the first.
                                found.races.push((job.clone(), remaining[0], assignment));
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
                            let assignment = if is_small(&small, &assignment) {
                                assignment
                            } else {
                                self.minimize(small).unwrap_or(assignment)
                            };
                            found.races.push((job.clone(), r, assignment));
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
                    Answer::Unknown(reason) => found.unknown.push((job.clone(), reason)),
                    Answer::Sat(assignment) => {
                        let assignment =
                            if is_small(&q, &assignment) { assignment } else { self.minimize(q).unwrap_or(assignment) };
                        found.races.push((job.clone(), Relation::SameBlock, assignment))
                    }
                }
                self.prober = prober;
            }
        }
    }
}

/// Whether a model already has the small values `minimize` asks for.
fn is_small(q: &Query, a: &Assignment) -> bool {
    let mut leaves = std::collections::BTreeSet::new();
    let mut seen = HashSet::new();
    for term in q.terms() {
        t::leaves(term, &mut leaves, &mut seen);
    }
    let small = |leaf: Leaf, width: u32| -> bool {
        let threads: &[usize] = if leaf.per_thread() { &[0, 1] } else { &[0] };
        threads.iter().all(|th| {
            let v = a.leaf(leaf, *th, width);
            match leaf {
                Leaf::Fresh(_) if width > 0 && width <= 32 => v <= SMALL_COUNT,
                Leaf::Param(_) if width > 1 => arith::signed(v, width).unsigned_abs() <= SMALL_PARAM as u128,
                Leaf::GridDim(_) => v <= SMALL_GRID,
                _ => true,
            }
        })
    };
    leaves.into_iter().all(|(leaf, width)| small(leaf, width)) && (0..3).all(|d| small(Leaf::GridDim(d), 32))
}

/// The facts that keep an access inside its host allocation: its byte
/// range lies in `[0, size)`.
fn bounds_facts(ev: &AccessEv<'_>, site: &Site) -> Vec<T> {
    let Obj::Alloc(g) = ev.obj else { return Vec::new() };
    let Some(Some(size)) = site.extents.get(g as usize) else { return Vec::new() };
    let bytes = t::constant(u128::from(ev.access.size.max(1)), 64);
    vec![t::ule(&ev.offset, size), t::ule(&bytes, &t::bin(t::BvOp::Sub, size, &ev.offset))]
}

fn wrap_facts(offset: &T) -> Vec<T> {
    let mut out = Vec::new();
    shape::no_wrap_facts(offset, &mut out, &mut HashSet::new());
    out
}

fn facts_hold(one: &[T], two: &[T], a: &Assignment) -> bool {
    Eval { assignment: a, memo: HashMap::new() }.facts_hold(one, two)
}

/// Whether the model's product leaves are the real products.
fn products_exact(abstractions: &Abstractions, a: &Assignment) -> bool {
    let mut eval = Eval { assignment: a, memo: HashMap::new() };
    let m64 = arith::mask(64);
    let products = abstractions.products.iter().all(|p| {
        (0..2).all(|th| eval.value(&p.leaf, th) == eval.value(&p.x, th).wrapping_mul(eval.value(&p.y, th)) & m64)
    });
    products
        && abstractions.grid_threads.iter().all(|d| {
            let total = a.leaf(Leaf::BlockDim(*d), 0, 32) * a.leaf(Leaf::GridDim(*d), 0, 32);
            a.leaf(Leaf::GridThreads(*d), 0, 64) == total
        })
}

/// The launch geometry probed before a query: two warps per block and two
/// blocks (every relation possible; 8x8 threads when `threadIdx.y` is
/// used). Dimensions the kernel does not use stay 1; those the user gave are
/// kept. A second, larger probe (block 256, grid 3) never found a model the
/// first had not on 40 Indigo programs (160 probes), so there is one.
fn probes(config: &Config, used: [bool; 4]) -> Vec<([u128; 3], [u128; 3])> {
    if config.block.is_some() && config.grid.is_some() {
        return Vec::new();
    }
    let given = |v: Option<[u32; 3]>| v.map(|v| v.map(u128::from));
    let pick = |used: bool, v: u128| if used { v } else { 1 };
    let block = given(config.block).unwrap_or(if used[0] { [8, 8, pick(used[1], 2)] } else { [64, 1, 1] });
    let grid = given(config.grid).unwrap_or([2, pick(used[2], 2), pick(used[3], 2)]);
    vec![(block, grid)]
}

/// The query at one concrete launch geometry: `blockDim` and `gridDim` fixed
/// and every abstracted product equal to the product itself, which is then
/// linear. It has fewer models than `q` and each of them is one of `q`'s.
/// A product of a shared value (`row * width`) gets its shared factor from
/// `model` when there is one, and stays abstract otherwise.
fn at_geometry(q: &Query, block: [u128; 3], grid: [u128; 3], model: Option<&Assignment>) -> Query {
    let no = t::Deps::default();
    let mut fixed = q.clone();
    let size = |l: Leaf| match l {
        Leaf::BlockDim(d) => Some(block[usize::from(d)]),
        Leaf::GridDim(d) => Some(grid[usize::from(d)]),
        Leaf::GridThreads(d) => Some(block[usize::from(d)] * grid[usize::from(d)]),
        _ => None,
    };
    for d in 0..3u8 {
        let (b, g) = (block[usize::from(d)], grid[usize::from(d)]);
        fixed.one.push(t::eq(&t::leaf(Leaf::BlockDim(d), 32, no), &t::constant(b, 32)));
        fixed.one.push(t::eq(&t::leaf(Leaf::GridDim(d), 32, no), &t::constant(g, 32)));
    }
    for d in &q.abstractions.grid_threads {
        let total = t::constant(size(Leaf::GridThreads(*d)).unwrap_or(0), 64);
        fixed.one.push(t::eq(&t::leaf(Leaf::GridThreads(*d), 64, no), &total));
    }
    for p in &q.abstractions.products {
        let y = match (leaf_of(&p.y).and_then(size), model) {
            (Some(v), _) => t::constant(v, 64),
            (None, Some(m)) if p.signed => {
                let v = t::constant(Eval { assignment: m, memo: HashMap::new() }.value(&p.y, 0), 64);
                fixed.one.push(t::eq(&p.y, &v));
                v
            }
            (None, None) if p.signed => continue,
            (None, _) => p.y.clone(),
        };
        let fact = t::eq(&p.leaf, &t::mul(&p.x, &y));
        fixed.one.push(fact.clone());
        fixed.two.push(fact);
    }
    fixed
}

/// The leaf under extensions and truncations.
fn leaf_of(term: &T) -> Option<Leaf> {
    match &term.node {
        t::Node::Leaf(l) => Some(*l),
        t::Node::Ext(_, a) | t::Node::Trunc(a) => leaf_of(a),
        _ => None,
    }
}

// --------------------------------------------------------------- witnesses

struct Eval<'a> {
    assignment: &'a Assignment,
    memo: HashMap<(*const t::Term, usize), u128>,
}

impl Eval<'_> {
    fn value(&mut self, term: &T, thread: usize) -> u128 {
        eval(term, thread, self.assignment, &mut self.memo)
    }

    fn holds(&mut self, term: &T, thread: usize) -> bool {
        self.value(&t::to_bool(term), thread) == 1
    }

    fn facts_hold(&mut self, one: &[T], two: &[T]) -> bool {
        one.iter().all(|f| self.holds(f, 0)) && two.iter().all(|f| self.holds(f, 1))
    }
}

/// Re-evaluates a pair's witness with the engine's own semantics of terms.
fn pair_witness_holds(
    a: &AccessEv<'_>,
    b: &AccessEv<'_>,
    relation: Relation,
    one: &[T],
    two: &[T],
    assignment: &Assignment,
    trace: &Trace<'_>,
) -> bool {
    let mut ev = Eval { assignment, memo: HashMap::new() };
    let q = pair_query(a, b, &[relation], trace);
    let apart_ok = q.apart.iter().all(|(_, links)| links.iter().any(|(x, y)| ev.value(x, 0) != ev.value(y, 1)));
    let same_ok = count_eqs(a, b, relation).iter().all(|(x, y)| ev.value(x, 0) == ev.value(y, 1))
        && group_counts(a, b, relation, trace)
            .iter()
            .all(|(g, x, y)| !smt::group_holds(*g, assignment) || ev.value(x, 0) == ev.value(y, 1));
    let overlap_ok = q.overlap.as_ref().is_some_and(|(x, sx, y, sy)| {
        let (vx, vy) = (ev.value(x, 0), ev.value(y, 1));
        smt::overlaps(vx, *sx, vy, *sy)
    });
    ev.facts_hold(one, two)
        && ev.holds(&a.guard, 0)
        && ev.holds(&b.guard, 1)
        && same_ok
        && apart_ok
        && overlap_ok
        && smt::relation_holds(relation, assignment)
}

fn divergence_witness_holds(ev_b: &BarrierEv, one: &[T], two: &[T], assignment: &Assignment) -> bool {
    let mut ev = Eval { assignment, memo: HashMap::new() };
    ev.facts_hold(one, two)
        && ev.holds(&ev_b.guard, 0)
        && !ev.holds(&ev_b.guard, 1)
        && ev_b.iterations.iter().all(|k| ev.value(k, 0) == ev.value(k, 1))
        && match ev_b.kind {
            BarrierKind::Block => smt::relation_holds(Relation::SameBlock, assignment),
            BarrierKind::Warp => smt::relation_holds(Relation::IntraWarp, assignment),
            BarrierKind::Group(g) => {
                smt::relation_holds(Relation::SameBlock, assignment) && smt::group_holds(g, assignment)
            }
            BarrierKind::Grid => {
                smt::relation_holds(Relation::SameBlock, assignment)
                    || smt::relation_holds(Relation::InterBlock, assignment)
            }
        }
}

fn certainty(terms: &[&T]) -> Certainty {
    if terms.iter().any(|t| t.deps.approx) {
        Certainty::Approximate
    } else if terms.iter().any(|t| t.deps.data) {
        Certainty::DataDependent
    } else {
        Certainty::Definite
    }
}

fn location(program: &Program, span: Span, text: &str, mode: Option<AccessMode>) -> Location {
    let (file, line, col) = program.locate(span);
    Location { file, line, col, text: text.to_string(), mode }
}

fn dim3(a: &Assignment, leaf: fn(u8) -> Leaf, thread: usize) -> [u32; 3] {
    [0, 1, 2].map(|d| a.values.get(&(leaf(d), thread)).copied().unwrap_or(0) as u32)
}

fn class_of(relation: Relation, a: &Assignment) -> RaceClass {
    match relation {
        Relation::InterBlock => RaceClass::InterBlock,
        Relation::IntraBlock => RaceClass::IntraBlock,
        Relation::IntraWarp | Relation::IntraWarpApart(_) => RaceClass::IntraWarp,
        Relation::SameBlock if smt::relation_holds(Relation::IntraWarp, a) => RaceClass::IntraWarp,
        Relation::SameBlock => RaceClass::IntraBlock,
    }
}

fn base_witness(kernel: &Kernel, site: &Site, a: &Assignment) -> Witness {
    let mut params = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        if let (Type::Int { bits, signed }, Some(v)) = (&p.ty, a.values.get(&(Leaf::Param(i as u32), 0))) {
            let bits = u32::from(*bits);
            let v = if *signed { arith::signed(*v, bits) as i64 } else { *v as i64 };
            params.push((p.name.clone(), v));
        }
    }
    Witness {
        grid: Some(dim3(a, Leaf::GridDim, 0)),
        block: Some(dim3(a, Leaf::BlockDim, 0)),
        blocks: vec![dim3(a, Leaf::Bid, 0), dim3(a, Leaf::Bid, 1)],
        threads: vec![dim3(a, Leaf::Tid, 0), dim3(a, Leaf::Tid, 1)],
        params,
        site: (!site.label.is_empty()).then(|| site.label.clone()),
        launch: (!site.config.is_empty()).then(|| site.config.clone()),
        host: site
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.name.is_empty())
            .filter_map(|(i, v)| {
                let raw = *a.values.get(&(Leaf::Host(i as u32), 0))?;
                let value = if v.signed { arith::signed(raw, v.width) as i64 } else { raw as i64 };
                Some((v.name.clone(), value))
            })
            .collect(),
        ..Witness::default()
    }
}

/// Lengths of the array dimensions of an object's type, outermost first.
fn dims(ty: &Type) -> Vec<u64> {
    let mut out = Vec::new();
    let mut ty = ty;
    while let Type::Array { elem, len } = ty {
        out.push(len.unwrap_or(0));
        ty = elem;
    }
    out
}

fn element(program: &Program, kernel: &Kernel, ev: &AccessEv<'_>, offset: i64) -> String {
    let size = ev.access.size.max(1) as i64;
    let name = &ev.access.name;
    if ev.obj == Obj::Dynamic {
        return format!("address {offset:#x} of `{name}`");
    }
    if offset % size != 0 {
        return format!("{name} + {offset} bytes");
    }
    let index = offset / size;
    let ty = match &ev.obj {
        Obj::Shared(id) => kernel.shared.get(*id as usize).map(|s| &s.ty),
        Obj::Global(id) => program.globals.get(*id as usize).map(|g| &g.ty),
        _ => None,
    };
    let dims = ty.map(dims).unwrap_or_default();
    let inner: Vec<u64> = dims.iter().skip(1).copied().collect();
    let elem_size = ty.and_then(|ty| {
        let mut ty = ty;
        while let Type::Array { elem, .. } = ty {
            ty = elem;
        }
        ty.size()
    });
    if !inner.is_empty() && inner.iter().all(|d| *d > 0) && elem_size == Some(size as u64) && index >= 0 {
        let mut rest = index as u64;
        let mut parts = Vec::new();
        for d in inner.iter().rev() {
            parts.push(rest % d);
            rest /= d;
        }
        parts.push(rest);
        parts.reverse();
        let subscripts: String = parts.iter().map(|p| format!("[{p}]")).collect();
        return format!("{name}{subscripts}");
    }
    format!("{name}[{index}]")
}

fn loop_values(ev: &AccessEv<'_>, eval: &mut Eval<'_>, thread: usize) -> Vec<(String, i64)> {
    ev.vars
        .iter()
        .map(|(name, term)| {
            let v = eval.value(term, thread);
            (name.clone(), arith::signed(v, term.width) as i64)
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn pair_race(
    program: &Program,
    kernel: &Kernel,
    site: &Site,
    a: &AccessEv<'_>,
    b: &AccessEv<'_>,
    relation: Relation,
    assignment: &Assignment,
    trace: &Trace<'_>,
) -> Race {
    let notes = sync_notes(a, b, relation, trace);
    let mut witness = base_witness(kernel, site, assignment);
    let mut eval = Eval { assignment, memo: HashMap::new() };
    let absolute = a.obj == Obj::Dynamic;
    let offset = arith::signed(eval.value(&address(a, absolute), 0), 64) as i64;
    witness.element = Some(element(program, kernel, a, offset));
    witness.byte_offset = Some(offset);
    witness.values = vec![loop_values(a, &mut eval, 0), loop_values(b, &mut eval, 1)];
    let la = location(program, a.access.span, &a.access.name, Some(mode(a)));
    let lb = location(program, b.access.span, &b.access.name, Some(mode(b)));
    let terms = [&a.guard, &b.guard, &a.offset, &b.offset, &a.counts.block, &b.counts.block];
    let certainty = certainty(&terms);
    // The access that comes first in the source is `first`; the witness
    // threads follow the accesses.
    let (first, second) = if (lb.line, lb.col) < (la.line, la.col) {
        witness.blocks.reverse();
        witness.threads.reverse();
        witness.values.reverse();
        (lb, la)
    } else {
        (la, lb)
    };
    let class = class_of(relation, assignment);
    let mut notes = notes;
    // Legacy warp-synchronous code relies on lockstep lanes and `volatile`
    // shared memory to see each other's writes; neither orders the lanes
    // since Volta. (A `volatile` global buffer is usually a flag protocol.)
    let legacy = |ev: &AccessEv<'_>| ev.access.volatile && ev.access.space == Space::Shared;
    if class == RaceClass::IntraWarp && (legacy(a) || legacy(b)) {
        notes.push(VOLATILE_NOTE.into());
    }
    Race {
        class,
        kind: RaceKind::DataRace,
        certainty,
        array: Some(a.access.name.clone()),
        // A pointer of unknown provenance may point to either space; the
        // other access may know which.
        space: Some(if a.access.space == Space::Generic { b.access.space } else { a.access.space }),
        first,
        second,
        witness: Some(witness),
        notes,
    }
}

const VOLATILE_NOTE: &str = "warps do not run in lockstep since Volta (independent thread scheduling): a `volatile` \
                             warp-synchronous reduction needs `__syncwarp()` between its steps";

/// Why the locks and flags around two racing accesses do not order them.
fn sync_notes(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for n in a.order.notes.iter().chain(&b.order.notes) {
        if !notes.iter().any(|m| m == n) {
            notes.push(n.to_string());
        }
    }
    let (la, lb) = (&a.order.locks, &b.order.locks);
    if !la.is_empty() && !lb.is_empty() {
        let covering = la.iter().any(|(_, x)| lb.iter().any(|(_, y)| covers(exec::narrower(*x, *y), r)));
        if covering {
            notes.push("both accesses hold a lock, but the locks differ".into());
        } else {
            let scope = la.iter().chain(lb).map(|(_, s)| *s).fold(Scope::System, exec::narrower);
            notes.push(format!(
                "the locks have {} scope, which does not order threads of different {}",
                scope_name(scope),
                if scope == Scope::Block { "blocks" } else { "warps" }
            ));
        }
    } else if la.is_empty() != lb.is_empty() {
        notes.push("only one of the two accesses holds a lock".into());
    }
    let flag = |x: &AccessEv<'_>, y: &AccessEv<'_>, notes: &mut Vec<String>| {
        for (rel, s) in &x.order.released {
            for w in &y.order.waited {
                let alias = trace.syncs[*rel].obj == trace.syncs[*w].obj;
                if !alias {
                    continue;
                }
                let scope = exec::narrower(*s, trace.syncs[*w].scope);
                if !covers(scope, r) {
                    notes.push(format!(
                        "the flag's release has {} scope (fence or atomic), which does not order threads of different {}",
                        scope_name(scope),
                        if scope == Scope::Block { "blocks" } else { "warps" }
                    ));
                } else if !trace.usable.contains(&(*rel, *w)) {
                    notes.push("another store to the flag may end the wait".into());
                }
            }
        }
    };
    flag(a, b, &mut notes);
    flag(b, a, &mut notes);
    notes.dedup();
    notes
}

fn scope_name(s: Scope) -> &'static str {
    match s {
        Scope::Warp => "warp",
        Scope::Block => "block",
        Scope::Device => "device",
        Scope::System => "system",
    }
}

fn divergence_race(program: &Program, kernel: &Kernel, site: &Site, ev: &BarrierEv, assignment: &Assignment) -> Race {
    let text = match ev.kind {
        BarrierKind::Block => "__syncthreads()".to_string(),
        BarrierKind::Warp => "__syncwarp()".to_string(),
        BarrierKind::Grid => "grid.sync()".to_string(),
        BarrierKind::Group(Group::Tile(n)) => format!("the barrier of a tile of {n} threads"),
        BarrierKind::Group(Group::Lanes(m)) => format!("__syncwarp({m:#010x})"),
    };
    let at = location(program, ev.span, &text, None);
    let class = if smt::relation_holds(Relation::InterBlock, assignment) {
        RaceClass::InterBlock
    } else {
        class_of(Relation::SameBlock, assignment)
    };
    Race {
        class,
        kind: RaceKind::BarrierDivergence,
        certainty: certainty(&[&ev.guard]),
        array: None,
        space: None,
        first: at.clone(),
        second: at,
        witness: Some(base_witness(kernel, site, assignment)),
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_tables_meet_exactly_when_two_threads_share_a_byte() {
        let table = |offsets: &[u128]| {
            let mut v: Vec<(u128, u32)> = offsets.iter().enumerate().map(|(t, o)| (*o, t as u32)).collect();
            v.sort_unstable();
            LaneTable(v)
        };
        // a[tid] (ints) against itself: each thread its own word.
        let own = table(&[0, 4, 8, 12]);
        assert!(!own.meets(&own, 4, 4));
        // a[tid] against a[tid + 1]: thread 1 reads what thread 0... writes at 4.
        assert!(own.meets(&table(&[4, 8, 12, 16]), 4, 4));
        // a[tid] against a[tid + 4] (past the block): disjoint.
        assert!(!own.meets(&table(&[16, 20, 24, 28]), 4, 4));
        // bytes 4t+1 against the ints: thread t's own word only.
        assert!(!own.meets(&table(&[1, 5, 9, 13]), 4, 1));
        // byte 4t+5 lies in thread t+1's word.
        assert!(own.meets(&table(&[5, 9, 13, 17]), 4, 1));
        // Mod 16 the residues 0, 4, 8, 12 wrap: thread 3's word touches 16 = 0.
        assert!(!own.meets_mod(&own, 4, 4, 4));
        assert!(own.meets_mod(&table(&[12, 0, 4, 8]), 4, 4, 4));
    }

    #[test]
    fn empty_program_has_no_results() {
        assert!(check(&Program::default(), &Config::default()).is_empty());
    }
}
