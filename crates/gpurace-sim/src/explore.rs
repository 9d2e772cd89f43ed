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
use crate::{simulate, Outcome, Request, Schedule};

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
) -> Result<(Outcome, Exploration), String> {
    let base = Request { schedule: Schedule::Systematic, preempt: Vec::new(), ..request.clone() };
    let mut outcome = simulate(program, kernel, &base)?;
    let resident = resident_threads(request);
    let schedules = 1 + outcome.steps * resident;
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
        let c = if runs == candidates { r } else { r * candidates / runs };
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

/// Threads resident at once: the preemption targets.
fn resident_threads(request: &Request) -> u64 {
    let per_block = u64::from(request.block.iter().product::<u32>().max(1));
    let blocks = u64::from(request.grid.iter().product::<u32>().max(1));
    let resident = request.resident.map_or(16_384 / per_block, u64::from).clamp(1, blocks);
    resident * per_block
}
