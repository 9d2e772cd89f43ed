//! Facts that would decide an undecided kernel: for a kernel left `unknown`
//! by undecided solver queries, a few facts of the forms programs rely on
//! (`n % 32 == 0`, `n % blockDim.x == 0`, `gridDim.x * blockDim.x >= n`) are
//! each added as a fact by hand (the `--assume` machinery, so the text
//! proposed is the fact checked) and the kernel is checked again with a
//! small work budget. The first under which the kernel is race-free, and that
//! every launch the host code reaches can keep (a launch sample exists with
//! it), becomes a `suggested-fact` note: what to give `--assume` or
//! `gpurace.toml` to make the proof go through.
//!
//! Deterministic like the rest: candidates in a fixed order, budgets in work.

use gpurace_core::{KernelResult, Site, Verdict};
use gpurace_ir::{Diagnostic, Program, Severity, Type};

use gpurace_host::Assumption;

/// Candidate facts tried per kernel, at most.
const MAX_CANDIDATES: usize = 6;

/// Kernels of one file that get suggestions, at most.
const MAX_KERNELS: usize = 3;

/// Whether `k` is `unknown` only because solver queries were not decided.
fn undecided(k: &KernelResult) -> bool {
    matches!(&k.verdict, Verdict::Unknown { reason } if reason.contains("not decided")) && k.races.is_empty()
}

/// The candidate facts for `kernel`, in order: for each integer parameter,
/// divisibility by a warp and by the block, and a grid that covers it.
fn candidates(program: &Program, kernel: usize) -> Vec<String> {
    let params = &program.kernels[kernel].params;
    facts_of(params.iter().filter(|p| matches!(p.ty, Type::Int { .. }) && !p.name.is_empty()).map(|p| p.name.as_str()))
}

/// The candidate facts over integer parameters named `names`.
fn facts_of<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out = Vec::new();
    for n in names {
        out.push(format!("{n} % blockDim.x == 0"));
        out.push(format!("{n} % 32 == 0"));
        out.push(format!("gridDim.x * blockDim.x >= {n}"));
    }
    out.truncate(MAX_CANDIDATES);
    out
}

/// Adds a `suggested-fact` note to each undecided kernel of `kernels` (the
/// file's own, in program order) that a candidate fact proves race-free.
pub(crate) fn suggest(
    program: &Program,
    config: &gpurace_static::Config,
    enabled: bool,
    assumptions: &[Assumption],
    kernels: &mut [KernelResult],
) {
    let (query_rlimit, kernel_rlimit, file_rlimit, undecided_budget) = gpurace_static::Effort::Quick.budgets();
    let quick = gpurace_static::Config {
        query_rlimit,
        kernel_rlimit,
        file_rlimit,
        undecided_budget,
        debug: gpurace_static::SolverDebug::default(),
        ..config.clone()
    };
    let mut tried = 0;
    for (i, result) in kernels.iter_mut().enumerate() {
        if i >= program.kernels.len() || !undecided(result) || tried == MAX_KERNELS {
            continue;
        }
        tried += 1;
        let name = program.kernels[i].display_name();
        for fact in candidates(program, i) {
            let mut all = assumptions.to_vec();
            all.push(Assumption { kernel: Some(name.clone()), expr: fact.clone() });
            let facts = gpurace_host::host_facts(program, enabled, &all);
            if !facts.errors.is_empty() {
                continue;
            }
            let sites: Vec<Site> = facts.sites.into_iter().filter(|s| s.kernel == i).collect();
            // A fact no launch of the program keeps is not a suggestion.
            let launches = sites.iter().filter(|s| s.span.is_some()).count();
            if sites.iter().any(|s| s.span.is_some() && gpurace_static::sample_launch(&program.kernels[i], s).is_err())
            {
                continue;
            }
            // The kernel alone: a program whose only kernel it is.
            let mut alone = program.clone();
            alone.kernels = vec![program.kernels[i].clone()];
            let sites: Vec<Site> = sites.into_iter().map(|s| Site { kernel: 0, ..s }).collect();
            let checked = gpurace_static::check_sites(&alone, &quick, &sites);
            let proved = checked.first().is_some_and(|k| k.verdict == Verdict::RaceFree);
            if proved {
                let kept = if launches > 0 { ", which the program's launches can keep" } else { "" };
                let message = format!(
                    "`{name}` is race-free if `{fact}`{kept}: say so with `--assume '{fact}'`, or in gpurace.toml with \
                     `[[assume]]`, `kernel = \"{name}\"`, `facts = [\"{fact}\"]`"
                );
                let d = Diagnostic::new(Severity::Note, "suggested-fact", message).at(
                    &result.file,
                    result.line,
                    result.col,
                );
                result.diagnostics.push(d);
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_name_each_integer_parameter() {
        let ints = ["n", "m", "k"];
        assert_eq!(
            facts_of(ints.iter().copied())[..3],
            ["n % blockDim.x == 0", "n % 32 == 0", "gridDim.x * blockDim.x >= n"]
        );
        // At most MAX_CANDIDATES, the first parameters first.
        assert_eq!(facts_of(ints.iter().copied()).len(), MAX_CANDIDATES);
        assert!(facts_of(std::iter::empty()).is_empty());
    }
}
