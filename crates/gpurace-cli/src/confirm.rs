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
//!
//! Possible races are replayed too, after the others; one the replay
//! confirms stays possible (see [`replay_all`]). Each race's
//! `replay.detail` is one sentence that the report shows as a note: what
//! the replay observed, or why it did not confirm the race or did not run.
//! It names flags only of the command that has them: `check` has no step
//! limit of its own, so the advice points at `gpurace run --max-steps`.

use gpurace_core::{AccessMode, KernelResult, Race, RaceKind, Replay};
use gpurace_ir::{Program, Stmt};
use gpurace_sim::{Cause, Request, Schedule};

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

/// What every replay's detail says ran.
const REPLAY: &str = "a replay of the witness on gpurace's simulator";

/// Replays every race of `kernels` that has a witness, possible races too:
/// first the races that count, then the possible ones, so that thousands of
/// possible races cannot spend the file's budget before them. Races whose
/// witnesses name the same launch share one run, which watches all their
/// accesses.
///
/// A possible race the replay confirms stays possible: the replay ran with
/// the witness's values of what gpurace could not compute (a host value, a
/// value no launch passes), and observing the race with them says nothing
/// about whether the program gives them, which is what made the race only
/// possible. Its replay note says what was observed, with which values.
pub fn replay_all(program: &Program, kernels: &mut [KernelResult]) {
    // Work left for the file's replays (thread-instructions).
    let mut left = FILE_REPLAY_STEPS;
    for possible in [false, true] {
        for result in kernels.iter_mut() {
            replay_kernel(program, result, possible, &mut left);
        }
    }
}

/// Replays the races of one kernel that are `possible` (or those that are
/// not), within the file's budget `left`.
fn replay_kernel(program: &Program, result: &mut KernelResult, possible: bool, left: &mut u64) {
    let Some(index) = program.kernels.iter().position(|k| k.display_name() == result.kernel) else { return };
    let mut groups: Vec<(Result<Request, String>, Vec<usize>)> = Vec::new();
    for (i, race) in result.races.iter().enumerate().filter(|(_, r)| r.possible == possible) {
        let request = request(program, index, race);
        match groups.iter_mut().find(|(r, _)| same_launch(r, &request)) {
            Some((_, members)) => members.push(i),
            None => groups.push((request, vec![i])),
        }
    }
    for (request, members) in groups {
        let replays = match request {
            Ok(_) if *left < REPLAY_STEPS => {
                let why = format!(
                    "not replayed: the file's replays spent their budget of {FILE_REPLAY_STEPS} thread-instructions"
                );
                vec![Replay { confirmed: false, detail: why }; members.len()]
            }
            Ok(mut request) => {
                for &i in &members {
                    let race = &result.races[i];
                    request.watch.extend([(race.first.line, race.first.col), (race.second.line, race.second.col)]);
                }
                let outcome = gpurace_sim::simulate(program, index, &request);
                *left = left.saturating_sub(outcome.as_ref().map_or(0, |o| o.steps));
                let mut replays: Vec<Replay> =
                    members.iter().map(|&i| judge(program, index, &request, &outcome, &result.races[i])).collect();
                // Where threads synchronise through atomics (locks,
                // flags), which pairs are ordered depends on who got
                // there first: a few seeded random schedules more.
                let ended = outcome.as_ref().is_ok_and(|o| o.error.is_none());
                if ended && uses_atomics(program, index) {
                    for seed in 1..=RANDOM_SCHEDULES {
                        if replays.iter().all(|r| r.confirmed) || *left < REPLAY_STEPS {
                            break;
                        }
                        let request = Request { schedule: Schedule::Random, seed, ..request.clone() };
                        let outcome = gpurace_sim::simulate(program, index, &request);
                        *left = left.saturating_sub(outcome.as_ref().map_or(0, |o| o.steps));
                        for (k, &i) in members.iter().enumerate() {
                            let again = judge(program, index, &request, &outcome, &result.races[i]);
                            if again.confirmed && !replays[k].confirmed {
                                replays[k] = again;
                            }
                        }
                    }
                }
                replays
            }
            Err(why) => vec![Replay { confirmed: false, detail: format!("not replayed: {why}") }; members.len()],
        };
        for (i, replay) in members.into_iter().zip(replays) {
            result.races[i].replay = Some(replay);
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

/// The linear id of block `b` of `dims`, saturated: the simulator refuses
/// a grid too large for 32-bit ids anyway.
fn linear(b: [u32; 3], dims: [u32; 3]) -> u32 {
    let (b, dims) = (b.map(u64::from), dims.map(u64::from));
    let id = b[0].saturating_add(dims[0].saturating_mul(b[1].saturating_add(dims[1].saturating_mul(b[2]))));
    u32::try_from(id).unwrap_or(u32::MAX)
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

/// What a replay's outcome says about one of the races it watched, as a
/// sentence that stands on its own.
fn judge(
    program: &Program,
    index: usize,
    request: &Request,
    outcome: &Result<gpurace_sim::Outcome, gpurace_sim::Error>,
    race: &Race,
) -> Replay {
    let not = |detail: String| Replay { confirmed: false, detail };
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(gpurace_sim::Error::Limit(over)) => return not(format!("not replayed: the witness's launch needs {over}")),
        Err(e) => return not(format!("not replayed: the witness's launch cannot be run: {e}")),
    };
    let (grid, block) = (request.grid, request.block);
    let mut ran = match &request.blocks {
        Some(b) if b.len() == 1 => format!("block {} of grid {}, block {}", b[0], dim3(grid), dim3(block)),
        Some(b) => format!("blocks {} and {} of grid {}, block {}", b[0], b[b.len() - 1], dim3(grid), dim3(block)),
        None => format!("grid {}, block {}", dim3(grid), dim3(block)),
    };
    if request.schedule == Schedule::Random {
        ran.push_str(&format!(", random schedule of seed {}", request.seed));
    }
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
        let detail = format!("confirmed: {REPLAY} ({ran}) observed {}", observed(outcome, &r));
        return Replay { confirmed: true, detail };
    }
    if race.kind == RaceKind::BarrierDivergence
        && outcome.divergences.iter().any(|d| d.at.iter().any(|s| s.line == race.second.line))
    {
        let detail = format!("confirmed: {REPLAY} ({ran}) observed the block's threads split at the barrier");
        return Replay { confirmed: true, detail };
    }
    let what = match &outcome.error {
        Some(e) => {
            let advice = match &e.cause {
                // `check` has no flag for the replays' budget: the advice
                // names the command that has one.
                Cause::Steps => format!(
                    " (a replay of `gpurace check --confirm` runs at most {REPLAY_STEPS} thread-instructions; \
                     `gpurace run` runs a launch longer with `--max-steps`)"
                ),
                Cause::Program | Cause::Buffer(_) | Cause::Growth(_) => String::new(),
            };
            format!("stopped at line {}: {}{advice}", e.span.line, e.message)
        }
        None if race.kind == RaceKind::BarrierDivergence => {
            "ran to the end without its threads splitting at the barrier".to_string()
        }
        None => "ran to the end without the two accesses conflicting".to_string(),
    };
    not(format!("not confirmed: {REPLAY} ({ran}) {what}"))
}

/// What the run saw of a race: `thread (2,0,0) read and thread (64,0,0)
/// write `out[0]``, with each thread's block when they differ.
fn observed(outcome: &gpurace_sim::Outcome, race: &Race) -> String {
    let Some(w) = &race.witness else { return "the two accesses conflict".into() };
    let side = |i: usize, location: &gpurace_core::Location| {
        let mut who = w.threads.get(i).map_or_else(|| "a thread".to_string(), |t| format!("thread {}", dim3(*t)));
        if race.class == gpurace_core::RaceClass::InterBlock {
            if let Some(b) = w.blocks.get(i) {
                who.push_str(&format!(" of block {}", dim3(*b)));
            }
        }
        let verb = match location.mode {
            Some(AccessMode::Read) => "read",
            Some(AccessMode::Write) => "write",
            Some(AccessMode::Atomic) => "update atomically",
            None => "access",
        };
        format!("{who} {verb}")
    };
    let array = race.array.as_deref().unwrap_or("the same memory");
    // A buffer's element by its index; elsewhere (shared memory) the byte
    // offset is the block segment's, not the array's: only the array.
    let element = match (outcome.buffers.iter().find(|b| b.name == array), w.byte_offset) {
        (Some(b), Some(offset)) if offset >= 0 && b.elem_size > 0 => {
            format!("`{array}[{}]`", offset as u64 / b.elem_size)
        }
        _ => format!("`{array}`"),
    };
    format!("{} and {} {element}", side(0, &race.first), side(1, &race.second))
}

fn dim3(d: [u32; 3]) -> String {
    format!("({},{},{})", d[0], d[1], d[2])
}
