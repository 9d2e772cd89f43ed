//! A bounded systematic search over schedules, for small launches: the run
//! under [`Schedule::Systematic`] with no preemption (each thread in turn
//! as far as it goes), then with one preemption at each step for each
//! thread, as a context-bounded search does (one preemption shows most
//! ordering bugs between two threads). When there are more such schedules
//! than the budget, an evenly spaced subset runs, and the exploration says
//! how many of how many ran.
//!
//! Every run's races are merged (one per pair of accesses, class and
//! detector); the outcome is the first run's otherwise, with the merged
//! races. A run that stops early (a deadlock only one order reaches, the
//! step limit) counts, and the first such error is kept.

use std::collections::HashSet;

use gpurace_ir::Program;

use crate::detect::class;
use crate::{simulate, Error, Outcome, Request, Schedule};

/// What a search ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exploration {
    /// Schedules run, the one without preemption included.
    pub runs: u64,
    /// Schedules with at most one preemption there are.
    pub schedules: u64,
}

/// Runs `request` under every schedule with at most one preemption (at
/// most `budget` of them, evenly spaced) and merges what they observed.
pub fn explore(
    program: &Program,
    kernel: usize,
    request: &Request,
    budget: u64,
) -> Result<(Outcome, Exploration), Error> {
    let base = Request { schedule: Schedule::Systematic, preempt: Vec::new(), ..request.clone() };
    let mut outcome = simulate(program, kernel, &base)?;
    let resident = resident_threads(request, outcome.launch.resident);
    let schedules = outcome.steps.saturating_mul(resident).saturating_add(1);
    let mut seen: HashSet<(&'static str, u32, u32, u8)> = HashSet::new();
    for (engine, races) in &outcome.observed {
        for o in races {
            seen.insert(key(engine, o));
        }
    }
    let candidates = schedules - 1;
    let runs = candidates.min(budget.saturating_sub(1));
    for r in 0..runs {
        // Evenly spaced over (step, thread): all of them when they fit.
        let c = if runs == candidates { r } else { (u128::from(r) * u128::from(candidates) / u128::from(runs)) as u64 };
        let (step, thread) = (c / resident, (c % resident) as u32);
        let request = Request { preempt: vec![(step, thread)], ..base.clone() };
        let other = simulate(program, kernel, &request)?;
        if outcome.error.is_none() {
            outcome.error = other.error.clone();
        }
        for (engine, races) in other.observed {
            for o in races {
                if seen.insert(key(engine, &o)) {
                    match outcome.observed.iter_mut().find(|(e, _)| *e == engine) {
                        Some((_, list)) => list.push(o),
                        None => outcome.observed.push((engine, vec![o])),
                    }
                }
            }
        }
    }
    Ok((outcome, Exploration { runs: runs + 1, schedules }))
}

fn key(engine: &'static str, o: &crate::detect::Observed) -> (&'static str, u32, u32, u8) {
    let (a, b) = (o.first.access.min(o.second.access), o.first.access.max(o.second.access));
    (engine, a, b, class(o.first.who, o.second.who))
}

/// Threads resident at once (`resident` blocks of the run): the
/// preemption targets.
fn resident_threads(request: &Request, resident: u32) -> u64 {
    let per_block = request.block.iter().map(|d| u64::from(*d)).product::<u64>().max(1);
    let blocks = request.grid.iter().map(|d| u64::from(*d)).product::<u64>().max(1);
    u64::from(resident).clamp(1, blocks).saturating_mul(per_block)
}
