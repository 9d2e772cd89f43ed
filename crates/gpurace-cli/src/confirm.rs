//! `gpurace check --confirm`: each static race's witness replayed on the
//! simulator (`gpurace-sim`) under the happens-before detector.
//!
//! The replay runs the witness's launch: its geometry and the kernel
//! arguments it names (other integer arguments 1, floats 1, buffers that
//! grow to what the kernel touches). When the kernel has no atomic, no
//! fence and no grid barrier, only the one or two blocks the witness names
//! run: the blocks of a launch are independent then, and a witness names
//! the threads that race. Kernels with atomics, whose ordering depends on
//! who takes a lock or sees a flag first, are also run under a few seeded
//! random schedules when the lockstep run does not show the race. A race is
//! confirmed when the run observes its two
//! accesses (the same source locations) conflict in its class, or, for
//! barrier divergence, the threads split at its barrier.

use gpurace_core::{KernelResult, Race, RaceKind, Replay};
use gpurace_ir::{Program, Stmt};
use gpurace_sim::{Request, Schedule};

/// Random schedules tried when the lockstep replay of a kernel with atomics
/// does not show a race.
const RANDOM_SCHEDULES: u64 = 8;

/// Whether the kernel has atomics: then which accesses are ordered can
/// depend on the schedule.
fn uses_atomics(program: &Program, index: usize) -> bool {
    let mut atomics = false;
    gpurace_ir::walk_stmts(&program.kernels[index].body, &mut |s| atomics |= matches!(s, Stmt::Atomic { .. }));
    atomics
}

/// The most thread-instructions all the replays of one file run (a few
/// seconds): work, not time, so that the answer is the same on every machine.
const FILE_REPLAY_STEPS: u64 = 40_000_000;

/// The most thread-instructions one replay runs (about a second).
const REPLAY_STEPS: u64 = 10_000_000;

/// Replays every race of `kernels` that has a witness. Races whose
/// witnesses name the same launch share one run, which watches all their
/// accesses.
pub fn replay_all(program: &Program, kernels: &mut [KernelResult]) {
    // Work left for the file's replays (thread-instructions).
    let mut left = FILE_REPLAY_STEPS;
    for result in kernels {
        let Some(index) = program.kernels.iter().position(|k| k.display_name() == result.kernel) else { continue };
        let mut groups: Vec<(Result<Request, String>, Vec<usize>)> = Vec::new();
        for (i, race) in result.races.iter().enumerate().filter(|(_, r)| !r.possible) {
            let request = request(program, index, race);
            match groups.iter_mut().find(|(r, _)| same_launch(r, &request)) {
                Some((_, members)) => members.push(i),
                None => groups.push((request, vec![i])),
            }
        }
        for (request, members) in groups {
            let replays = match request {
                Ok(_) if left < REPLAY_STEPS => {
                    let why = format!(
                        "not replayed: the file's replays spent their budget of {FILE_REPLAY_STEPS} thread-instructions"
                    );
                    vec![Replay { confirmed: false, detail: why }; members.len()]
                }
                Ok(mut request) => {
                    for &i in &members {
                        let race = &result.races[i];
                        request.watch.extend(
                            [race.first.line, race.second.line]
                                .iter()
                                .zip([race.first.col, race.second.col])
                                .map(|(l, c)| (*l, c)),
                        );
                    }
                    let outcome = gpurace_sim::simulate(program, index, &request);
                    left = left.saturating_sub(outcome.as_ref().map_or(0, |o| o.steps));
                    let mut replays: Vec<Replay> =
                        members.iter().map(|&i| judge(program, index, &request, &outcome, &result.races[i])).collect();
                    // Where threads synchronise through atomics (locks,
                    // flags), which pairs are ordered depends on who got
                    // there first: a few seeded random schedules more.
                    let ended = outcome.as_ref().is_ok_and(|o| o.error.is_none());
                    if ended && uses_atomics(program, index) {
                        for seed in 1..=RANDOM_SCHEDULES {
                            if replays.iter().all(|r| r.confirmed) || left < REPLAY_STEPS {
                                break;
                            }
                            let request = Request { schedule: Schedule::Random, seed, ..request.clone() };
                            let outcome = gpurace_sim::simulate(program, index, &request);
                            left = left.saturating_sub(outcome.as_ref().map_or(0, |o| o.steps));
                            for (k, &i) in members.iter().enumerate() {
                                let again = judge(program, index, &request, &outcome, &result.races[i]);
                                if again.confirmed && !replays[k].confirmed {
                                    let detail = format!("{}, random schedule of seed {seed}", again.detail);
                                    replays[k] = Replay { confirmed: true, detail };
                                }
                            }
                        }
                    }
                    replays
                }
                Err(why) => vec![Replay { confirmed: false, detail: why }; members.len()],
            };
            for (i, replay) in members.into_iter().zip(replays) {
                let race = &mut result.races[i];
                let verb = if replay.confirmed { "confirmed" } else { "not confirmed" };
                race.notes.push(format!("{verb} by replaying its witness on the simulator: {}", replay.detail));
                race.replay = Some(replay);
            }
        }
    }
}

fn same_launch(a: &Result<Request, String>, b: &Result<Request, String>) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => (a.grid, a.block, &a.args, &a.blocks) == (b.grid, b.block, &b.args, &b.blocks),
        _ => false,
    }
}

/// Whether the kernel's blocks may depend on each other (an atomic, a
/// fence, a grid barrier: a flag or a counter another block sets): then
/// every block runs.
fn blocks_interact(program: &Program, index: usize) -> bool {
    let mut interact = false;
    gpurace_ir::walk_stmts(&program.kernels[index].body, &mut |s| {
        interact |= matches!(s, Stmt::Fence { .. } | Stmt::Barrier { barrier: gpurace_ir::Barrier::Grid, .. });
    });
    interact
}

fn linear(b: [u32; 3], dims: [u32; 3]) -> u32 {
    b[0] + dims[0] * (b[1] + dims[1] * b[2])
}

/// The launch a race's witness names, or why it names none.
fn request(program: &Program, index: usize, race: &Race) -> Result<Request, String> {
    let Some(w) = &race.witness else { return Err("the race has no witness".into()) };
    let (Some(grid), Some(block)) = (w.grid, w.block) else {
        return Err("the witness does not fix the launch's geometry".into());
    };
    let kernel = &program.kernels[index];
    let mut args: Vec<(String, String)> = w.params.iter().map(|(n, v)| (n.clone(), v.to_string())).collect();
    for p in &kernel.params {
        let scalar = p.ty.is_integer() || matches!(p.ty, gpurace_ir::Type::Float { .. });
        if scalar && !args.iter().any(|(n, _)| n == &p.name) {
            args.push((p.name.clone(), "1".into()));
        }
    }
    let mut blocks: Vec<u32> = w.blocks.iter().map(|b| linear(*b, grid)).collect();
    blocks.sort_unstable();
    blocks.dedup();
    let only = (!blocks.is_empty() && !blocks_interact(program, index)).then_some(blocks);
    Ok(Request {
        grid,
        block,
        args,
        blocks: only,
        schedule: Schedule::Lockstep,
        max_steps: REPLAY_STEPS,
        ..Request::default()
    })
}

/// What a replay's outcome says about one of the races it watched.
fn judge(
    program: &Program,
    index: usize,
    request: &Request,
    outcome: &Result<gpurace_sim::Outcome, String>,
    race: &Race,
) -> Replay {
    let not = |detail: String| Replay { confirmed: false, detail };
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(e) => return not(format!("the witness's launch cannot be run: {e}")),
    };
    let (grid, block) = (request.grid, request.block);
    let dims = |d: [u32; 3]| format!("({},{},{})", d[0], d[1], d[2]);
    let ran = match &request.blocks {
        Some(b) if b.len() == 1 => format!("block {} of grid {}, block {}", b[0], dims(grid), dims(block)),
        Some(b) => format!("blocks {} and {} of grid {}, block {}", b[0], b[b.len() - 1], dims(grid), dims(block)),
        None => format!("grid {}, block {}", dims(grid), dims(block)),
    };
    let same = |a: &gpurace_core::Location, b: &gpurace_core::Location| (a.line, a.col) == (b.line, b.col);
    let seen = match race.kind {
        RaceKind::DataRace => gpurace_sim::races(program, index, outcome).into_iter().find(|r| {
            let located = (same(&r.first, &race.first) && same(&r.second, &race.second))
                || (same(&r.first, &race.second) && same(&r.second, &race.first));
            located && r.class == race.class
        }),
        RaceKind::BarrierDivergence => None,
    };
    if let Some(r) = seen {
        let threads = r.witness.map(|w| {
            let t: Vec<String> = w.threads.iter().map(|t| dims(*t)).collect();
            t.join(" and ")
        });
        let by = threads.map(|t| format!(", threads {t}")).unwrap_or_default();
        return Replay { confirmed: true, detail: format!("{ran}{by}") };
    }
    if race.kind == RaceKind::BarrierDivergence
        && outcome.divergences.iter().any(|d| d.at.iter().any(|s| s.line == race.second.line))
    {
        return Replay { confirmed: true, detail: format!("{ran}: the block's threads split at the barrier") };
    }
    match &outcome.error {
        Some(e) => not(format!("the replay ({ran}) stopped at line {}: {}", e.span.line, e.message)),
        None if race.kind == RaceKind::BarrierDivergence => {
            not(format!("the replay ({ran}) ran to the end without its threads splitting at the barrier"))
        }
        None => not(format!("the replay ({ran}) ran to the end without the two accesses conflicting")),
    }
}
