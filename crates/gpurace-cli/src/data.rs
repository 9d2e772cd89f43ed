//! Races that depend on data, decided with the program's own data: when a
//! kernel's race rests on values read from memory (`out[perm[i]]`), the
//! program is run from `main` on the simulator (`gpurace_sim::program`) at
//! its default sizes, its kernels in stream order with the happens-before
//! detector watching the race's accesses. A collision the run shows is a
//! race on the data the program builds (`definite`, with the threads that
//! collide); a launch that ran on the program's data without one makes the
//! race `possible` (evidence for the program's run, not a proof for every
//! input). A race whose data the run could not compute stays as it was.
//!
//! The default run's arguments are those of the `run` target of the
//! Makefile next to the file (HeCBench's convention, and that of many
//! projects): `./$(program) 1024 10`.

use std::collections::HashMap;
use std::path::Path;

use gpurace_core::{Certainty, KernelResult, Race};
use gpurace_ir::Program;
use gpurace_sim::program::{run_program, Collision, End, LaunchOutcome, Options, ProgramRun};

/// Instructions a program's run may execute (host and kernel threads).
pub const RUN_STEPS: u64 = 200_000_000;

/// Decides the data-dependent races of `kernels` with a run of `program`
/// (the whole linked program, every unit's kernels) started from the file
/// `path`. Kernels it changes are settled again.
pub fn decide(program: &Program, path: &Path, kernels: &mut [KernelResult]) {
    // Without `main` the kernels' memory is whatever a launcher passes: an
    // input, which can hold any value.
    if !program.host_functions.iter().any(|f| f.is_main()) {
        return;
    }
    unlaunched(program, kernels);
    let mut watch: HashMap<usize, Vec<(u32, u32)>> = HashMap::new();
    for result in kernels.iter() {
        let Some(k) = kernel_index(program, result) else { continue };
        for race in result.races.iter().filter(|r| deciding(r)) {
            let w = watch.entry(k).or_default();
            w.push((race.first.line, race.first.col));
            w.push((race.second.line, race.second.col));
        }
    }
    if watch.is_empty() {
        return;
    }
    let args = path.parent().map(default_arguments).unwrap_or_default();
    let options = Options { args: args.clone(), max_steps: RUN_STEPS, watch };
    let run = match std::panic::catch_unwind(|| run_program(program, &options)) {
        Ok(run) => run,
        Err(_) => return,
    };
    let shown_args =
        if args.is_empty() { "without arguments".to_string() } else { format!("with `{}`", args.join(" ")) };
    for result in kernels.iter_mut() {
        let Some(k) = kernel_index(program, result) else { continue };
        let mut changed = false;
        for race in result.races.iter_mut().filter(|r| deciding(r)) {
            changed |= judge(program, &run, k, race, &shown_args);
        }
        if changed {
            result.settle();
        }
    }
}

/// A kernel the program never launches cannot race in it: its races, found with the kernel analysed on its own, are possible.
/// Not when some launch goes through a pointer the lowering could not follow.
fn unlaunched(program: &Program, kernels: &mut [KernelResult]) {
    if program.launches.iter().any(|l| l.kernel.is_none()) {
        return;
    }
    for result in kernels.iter_mut().filter(|r| r.sites.is_empty() && !r.races.is_empty()) {
        let Some(k) = kernel_index(program, result) else { continue };
        if program.launches.iter().any(|l| l.kernel == Some(k)) {
            continue;
        }
        for race in result.races.iter_mut().filter(|r| !r.possible) {
            race.possible = true;
            race.rests_on.push("a launch the program never makes".into());
            race.notes.push(format!(
                "the program never launches `{}`: this race needs a launch it does not make (found with the kernel \
                 analysed on its own)",
                result.kernel
            ));
        }
        result.settle();
    }
}

/// A race the program's data can decide: it rests on values read from
/// memory and nothing else gpurace does not model.
fn deciding(race: &Race) -> bool {
    race.certainty == Certainty::DataDependent && !race.possible
}

fn kernel_index(program: &Program, result: &KernelResult) -> Option<usize> {
    program.kernels.iter().position(|k| k.display_name() == result.kernel && k.span.line == result.line)
}

/// `(x,y,z)`, or `x` when the others are 1.
fn dims(d: [u32; 3]) -> String {
    match d {
        [x, 1, 1] => x.to_string(),
        [x, y, z] => format!("({x},{y},{z})"),
    }
}

/// Whether a collision is between the race's two accesses, by threads of
/// the race's class.
fn same_pair(race: &Race, c: &Collision) -> bool {
    if c.class != race.class {
        return false;
    }
    let a = (race.first.line, race.first.col);
    let b = (race.second.line, race.second.col);
    let x = (c.first.line, c.first.col);
    let y = (c.second.line, c.second.col);
    (x == a && y == b) || (x == b && y == a)
}

/// Decides one race with the run; whether it changed.
fn judge(program: &Program, run: &ProgramRun, k: usize, race: &mut Race, args: &str) -> bool {
    let launches: Vec<_> = run.launches.iter().filter(|l| l.kernel == k).collect();
    let site = |l: &gpurace_sim::program::LaunchRun| {
        let span = program.launches.get(l.launch).map_or(gpurace_ir::Span::NONE, |l| l.span);
        let (file, line, _) = program.locate(span);
        format!("{file}:{line}")
    };
    for l in &launches {
        if let LaunchOutcome::Ran { races, .. } = &l.outcome {
            if let Some(c) = races.iter().find(|c| same_pair(race, c)) {
                let who = |i: usize| format!("thread {} of block {}", dims(c.threads[i]), dims(c.blocks[i]));
                race.certainty = Certainty::Definite;
                race.condition = Some(format!("with the data the program builds, in its run {args}"));
                if let Some(w) = &mut race.witness {
                    w.grid = Some(l.grid);
                    w.block = Some(l.block);
                    w.blocks = c.blocks.to_vec();
                    w.threads = c.threads.to_vec();
                    w.element = None;
                    w.byte_offset = None;
                    w.values.clear();
                }
                race.notes.push(format!(
                    "it happens with the data the program builds: in its run {args}, the launch at {} (grid {}, block \
                     {}) has {} and {} touch the same byte",
                    site(l),
                    dims(l.grid),
                    dims(l.block),
                    who(0),
                    who(1)
                ));
                return true;
            }
        }
    }
    let ran: Vec<_> = launches.iter().filter(|l| matches!(l.outcome, LaunchOutcome::Ran { .. })).collect();
    if ran.is_empty() {
        let (why, input, at) = launches
            .iter()
            .find_map(|l| match &l.outcome {
                LaunchOutcome::Undecided { why, input } => {
                    Some((format!("its launch at {} was not run: {why}", site(l)), *input, site(l)))
                }
                _ => None,
            })
            .unwrap_or_else(|| match &run.end {
                End::Stopped { message, span, input } => {
                    let (file, line, _) = program.locate(*span);
                    let at = format!("{file}:{line}");
                    (format!("the run stopped at {at} before a launch of the kernel: {message}"), *input, at)
                }
                End::Budget { .. } => {
                    ("the run passed its budget before a launch of the kernel".into(), false, String::new())
                }
                // The program launches the kernel for other inputs than
                // those the run was given (it exited on its arguments).
                End::Finished | End::Decided => (
                    "the run ends without launching the kernel: its arguments do not reach the launch".into(),
                    true,
                    "the program's arguments".into(),
                ),
            });
        if input {
            // Data from outside can hold anything its reader accepts.
            race.condition =
                Some(format!("for input data that make these accesses meet (the program reads them: {at})"));
            race.notes.push(format!(
                "its data come from an input the program reads, which can hold any value its reader accepts: {why}"
            ));
            return false;
        }
        race.possible = true;
        race.rests_on.push("data the program's own run could not compute".into());
        race.condition = Some("needs values read from memory that gpurace could not compute".into());
        race.notes.push(format!("the program's own data could not decide it: {why}"));
        return true;
    }
    let all = ran.len() == launches.len() && run.end == End::Finished;
    let ran_note = if run.end == End::Decided { "the run stopped once every kernel it watches had run; " } else { "" };
    race.possible = true;
    race.rests_on.push("data other than those the program builds".into());
    race.condition =
        Some("needs data the program's own run does not build (a repeated value where its run has none)".into());
    race.notes.push(format!(
        "no collision with the data the program builds: {} launch{} of the kernel in its run {args} ({ran_note}{}first at \
         {}) ran on that data without these accesses meeting; evidence for that run, not a proof for other data",
        ran.len(),
        if ran.len() == 1 { "" } else { "es" },
        if all { "all of them, " } else { "" },
        site(ran[0])
    ));
    true
}

/// The arguments the `run` target of the Makefile in `dir` gives the
/// program (`./$(program) 1024 10`, `$(LAUNCHER) ./main -n 5`); none when
/// there is no such target or an argument is a variable.
pub fn default_arguments(dir: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(dir.join("Makefile")) else { return Vec::new() };
    let mut in_run = false;
    for line in text.lines() {
        if let Some(target) = line.split(':').next().filter(|_| !line.starts_with('\t') && line.contains(':')) {
            in_run = target.trim() == "run";
            continue;
        }
        if !in_run || !line.starts_with('\t') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| w.starts_with("./")) else { continue };
        let args: Vec<String> = words[at + 1..].iter().map(|w| w.to_string()).collect();
        if args.iter().any(|a| a.contains('$') || a.contains('>') || a.contains('|')) {
            return Vec::new();
        }
        return args;
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::default_arguments;

    #[test]
    fn the_run_target_gives_the_default_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let make = "program = main\nall: $(program)\n\nrun: build\n\t$(LAUNCHER) ./$(program) 1024 10\n";
        std::fs::write(dir.path().join("Makefile"), make).unwrap();
        assert_eq!(default_arguments(dir.path()), ["1024", "10"]);
        std::fs::write(dir.path().join("Makefile"), "run:\n\t./main $(DATA)/graph.txt\n").unwrap();
        assert!(default_arguments(dir.path()).is_empty());
    }
}
