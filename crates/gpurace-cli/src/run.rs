//! `gpurace run`: one kernel on the CPU simulator (`gpurace-sim`) for one
//! concrete launch, its observed races reported in any output format.
//!
//! What the flags leave out comes from the file's first launch of the
//! kernel where the host code fixes it: the geometry and integer arguments
//! that are constants there.
//!
//! The simulator's errors and stops name no flag (`gpurace-sim` also
//! replays `check --confirm`'s witnesses); the advice in this command's
//! flags is added here, from what went wrong ([`gpurace_sim::Error`],
//! [`gpurace_sim::Cause`]).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use anyhow::{bail, Context};
use gpurace_core::{KernelResult, Location, Race, RaceClass, RaceKind, Verdict};
use gpurace_ir::{Diagnostic, Program, Severity};
use gpurace_report::{FileReport, Run, Sources, Timings};
use gpurace_sim::{Cause, Fill, Request, Schedule};

use crate::flags::{FillArg, RunArgs, ScheduleArg};
use crate::Outcome;

pub fn run(args: RunArgs) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let lowered = gpurace_front::lower_file(&args.file, &args.front.options())?;
    let program = &lowered.program;
    let file = args.file.display().to_string();
    let index = pick_kernel(program, args.kernel.as_deref(), &file)?;
    let (request, origins) = request(program, index, &args)?;
    let ran = match request.schedule {
        Schedule::Systematic => {
            gpurace_sim::explore(program, index, &request, args.schedules).map(|(o, e)| (o, Some(e)))
        }
        _ => gpurace_sim::simulate(program, index, &request).map(|o| (o, None)),
    };
    let (outcome, explored) = match ran {
        Ok(ran) => ran,
        Err(e) => bail!("cannot run kernel `{}`: {e}{}", program.kernels[index].display_name(), advice(&e)),
    };
    if request.progress.is_some() && outcome.steps >= gpurace_sim::PROGRESS_STEPS {
        let _ = write!(io::stderr().lock(), "\r\x1b[K");
    }
    if let Some(path) = &args.dump {
        std::fs::write(path, dump(&outcome)).with_context(|| format!("cannot write {}", path.display()))?;
    }

    let kernel = &program.kernels[index];
    let mut races = gpurace_sim::races(program, index, &outcome);
    races.extend(divergences(program, &outcome));
    let mut diagnostics = Vec::new();
    let (kfile, line, col) = program.locate(kernel.span);
    let what = format!(
        "{} blocks of {} threads, schedule {}, seed {}, {} thread-instructions",
        request.grid.iter().map(|d| u64::from(*d)).product::<u64>(),
        request.block.iter().map(|d| u64::from(*d)).product::<u64>(),
        request.schedule.name(),
        request.seed,
        outcome.steps
    );
    if let Some(error) = &outcome.error {
        let (efile, eline, ecol) = program.locate(error.span);
        let mut message = error.message.clone();
        if let (Some(b), Some(t)) = (error.block, error.thread) {
            let _ = write!(message, " (block ({},{},{}), thread ({},{},{}))", b[0], b[1], b[2], t[0], t[1], t[2]);
        }
        match &error.cause {
            Cause::Steps => message.push_str("; raise --max-steps or give a smaller --grid"),
            Cause::Buffer(name) => {
                let _ = write!(message, "; give it more with --buffer {name}=ELEMENTS");
            }
            Cause::Growth(name) => {
                let _ = write!(message, "; give it a size with --buffer {name}=ELEMENTS");
            }
            Cause::Program => {}
        }
        let d = Diagnostic::new(Severity::Error, "simulation-error", message);
        diagnostics.push(if eline == 0 { d.at(kfile.as_str(), line, col) } else { d.at(efile.as_str(), eline, ecol) });
    }
    let verdict = match (&outcome.error, races.is_empty()) {
        (_, false) => Verdict::Race,
        (Some(_), true) => Verdict::Unknown { reason: "the run stopped before the kernel ended".into() },
        (None, true) => {
            Verdict::Unknown { reason: format!("no race observed in this run ({what}); a run proves nothing") }
        }
    };
    let mut note = format!("simulated {what}");
    if let Some(e) = explored {
        let _ = write!(
            note,
            " (the first of {} schedules with at most one preemption, of {} there are)",
            e.runs, e.schedules
        );
    }
    if !origins.is_empty() {
        let _ = write!(note, "; {}", origins.join("; "));
    }
    let note = Diagnostic::new(Severity::Note, "simulated-run", note);
    diagnostics.push(note.at(kfile.as_str(), line, col));
    if !outcome.printed.is_empty() {
        // What the kernel printed goes to stderr, as a GPU's would go to the
        // program's output, apart from the report on stdout.
        let mut err = io::stderr().lock();
        for text in &outcome.printed {
            let _ = err.write_all(text.as_bytes());
        }
        let mut said = format!("the kernel's `printf` printed {} times (on stderr)", outcome.printed.len());
        if outcome.unprinted > 0 {
            let _ = write!(said, "; {} later calls were not kept", outcome.unprinted);
        }
        diagnostics.push(Diagnostic::new(Severity::Note, "printf", said).at(kfile.as_str(), line, col));
    }
    for n in &outcome.notes {
        diagnostics.push(Diagnostic::new(Severity::Warning, "detector", n.clone()).at(kfile.as_str(), line, col));
    }
    let result = KernelResult {
        kernel: kernel.display_name(),
        file: kfile.clone(),
        line,
        col,
        verdict,
        races,
        diagnostics,
        sites: vec![format!("a simulated launch: {what}")],
        undecided: None,
    };
    let total_ms = start.elapsed().as_secs_f64() * 1000.0;
    let report = FileReport {
        file: file.clone(),
        kernels: vec![result],
        diagnostics: lowered.diagnostics.into_iter().filter(|d| d.severity == Severity::Error).collect(),
        timings: Timings { clang_ms: lowered.clang_ms, total_ms, ..Timings::default() },
        reported_elsewhere: 0,
    };
    let run = Run { files: vec![report], total_ms, ..Run::default() };
    let mut sources = Sources::new();
    if let Ok(text) = std::fs::read_to_string(&args.file) {
        sources.insert(kfile, &text);
    }
    // Styles reach a terminal only, and not with `NO_COLOR` set (anstream).
    let mut out = io::BufWriter::new(anstream::AutoStream::auto(io::stdout().lock()));
    gpurace_report::render(&run, args.format.into(), &sources, &mut out).context("cannot write the report")?;
    out.flush().context("cannot write the report")?;
    Ok(if outcome.error.is_some() { Outcome::Error } else { Outcome::from_verdict(run.verdict()) })
}

/// How this command's flags change a launch the simulator refuses.
fn advice(error: &gpurace_sim::Error) -> String {
    match error {
        gpurace_sim::Error::MissingArgs(names) => {
            let flags: Vec<String> = names.iter().map(|n| format!("--arg {n}=VALUE")).collect();
            format!("; give them with {}", flags.join(" "))
        }
        gpurace_sim::Error::Limit(_) => {
            "; a smaller --grid, --block, --buffer, --dynamic-shared or --resident-blocks gives a launch that fits"
                .to_string()
        }
        gpurace_sim::Error::Request(_) | gpurace_sim::Error::Memory { .. } => String::new(),
    }
}

/// A long run's progress, on a terminal's stderr (overwritten in place).
fn progress(steps: u64, max: u64) {
    let _ = write!(
        io::stderr().lock(),
        "\rgpurace run: {} million thread-instructions of at most {} million\x1b[K",
        steps >> 20,
        max >> 20
    );
}

fn pick_kernel(program: &Program, name: Option<&str>, file: &str) -> anyhow::Result<usize> {
    let all: Vec<String> = program.kernels.iter().map(|k| format!("`{}`", k.display_name())).collect();
    let matches: Vec<usize> = (0..program.kernels.len())
        .filter(|&i| name.is_none_or(|n| n == program.kernels[i].name || n == program.kernels[i].display_name()))
        .collect();
    match (matches.as_slice(), name) {
        ([one], _) => Ok(*one),
        ([], _) if all.is_empty() => bail!("{file} has no kernel"),
        ([], Some(n)) => bail!("no kernel `{n}` in {file}: it has {}", all.join(", ")),
        (_, Some(n)) => bail!("{file} has several kernels named `{n}`: name one of {}", all.join(", ")),
        (_, None) => bail!("{file} has several kernels: pick one with --kernel ({})", all.join(", ")),
    }
}

/// The run's inputs: the flags, then a launch that the host code's first
/// launch of the kernel allows (its facts solved for small values), then
/// defaults (1 for a float argument). The second value says where each
/// argument came from, for the report.
fn request(program: &Program, index: usize, args: &RunArgs) -> anyhow::Result<(Request, Vec<String>)> {
    let facts = gpurace_host::host_facts(program, true, &[]);
    let kernel = &program.kernels[index];
    let mut origins = Vec::new();
    let empty = gpurace_core::Site::empty(index);
    let site = facts.sites.iter().find(|s| s.kernel == index).unwrap_or(&empty);
    let need_sample = args.grid.is_none()
        || args.block.is_none()
        || kernel.params.iter().any(|p| p.ty.is_integer() && !args.args.iter().any(|(n, _)| n == &p.name));
    let sampled = if need_sample { Some(gpurace_static::sample_launch(kernel, site)) } else { None };
    let launched = program.launches.iter().any(|l| l.kernel == Some(index));
    let reached = facts.sites.iter().any(|s| s.kernel == index);
    if (launched && !reached) || sampled == Some(Err(gpurace_static::NoSample::Unreachable)) {
        origins
            .push("the host code never reaches a launch of this kernel: this run is not one of the program's".into());
    }
    let sample = sampled.and_then(Result::ok);
    let from = match (&sample, site.span.is_some()) {
        (Some(_), true) => format!("values the launch at {} allows", site.label),
        (Some(_), false) => "small values chosen by gpurace".to_string(),
        (None, _) => "defaults (the host code's facts have no solution gpurace could find)".to_string(),
    };
    let mut values = args.args.clone();
    let mut inputs = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        if values.iter().any(|(n, _)| n == &p.name) {
            continue;
        }
        let sampled = sample.as_ref().and_then(|s| s.params.get(i).copied().flatten());
        let value = match (&p.ty, sampled, &args.default_arg) {
            (_, _, Some(v)) if p.ty.is_integer() || matches!(p.ty, gpurace_ir::Type::Float { .. }) => v.clone(),
            (ty, Some(v), _) if ty.is_integer() => {
                inputs.push(format!("`{}` = {v}", p.name));
                v.to_string()
            }
            (gpurace_ir::Type::Float { .. }, _, _) => {
                inputs.push(format!("`{}` = 1 (a default for floats)", p.name));
                "1".to_string()
            }
            _ => continue,
        };
        values.push((p.name.clone(), value));
    }
    if let Some(sample) = &sample {
        for (param, path, v) in &sample.fields {
            let Some(p) = kernel.params.get(*param as usize) else { continue };
            let name = format!("{}{path}", p.name);
            if !values.iter().any(|(n, _)| n == &name) {
                inputs.push(format!("`{name}` = {v}"));
                values.push((name, v.to_string()));
            }
        }
    }
    let mut buffers = Vec::new();
    for (name, n) in &args.buffers {
        let n: u64 = n.parse().with_context(|| format!("--buffer {name}: `{n}` is not a number of elements"))?;
        buffers.push((name.clone(), n));
    }
    // The host code's allocation sizes, where the flags give none: a buffer
    // of known size checks its bounds.
    for (i, p) in kernel.params.iter().enumerate() {
        let extent = sample.as_ref().and_then(|s| s.extents.get(i).copied().flatten());
        let elem = p.ty.pointee().and_then(|t| t.size()).filter(|s| *s > 0);
        if let (Some(bytes), Some(elem)) = (extent, elem) {
            if !buffers.iter().any(|(n, _)| n == &p.name) {
                inputs.push(format!("`{}` has {} elements", p.name, bytes / elem));
                buffers.push((p.name.clone(), bytes / elem));
            }
        }
    }
    let mut contents = Vec::new();
    for (name, path) in &args.inputs {
        let text = std::fs::read_to_string(path).with_context(|| format!("--input {name}: cannot read {path}"))?;
        contents.push((name.clone(), buffer_contents(&text, name)));
    }
    let dims = |d: [u32; 3]| format!("({},{},{})", d[0], d[1], d[2]);
    let grid = args.grid.or(sample.as_ref().map(|s| s.grid)).or(site.grid).unwrap_or([1, 1, 1]);
    let block = args.block.or(sample.as_ref().map(|s| s.block)).or(site.block).unwrap_or([32, 1, 1]);
    if args.grid.is_none() {
        inputs.insert(0, format!("grid {}", dims(grid)));
    }
    if args.block.is_none() {
        inputs.insert(0, format!("block {}", dims(block)));
    }
    let request = Request {
        grid,
        block,
        args: values,
        buffers,
        contents,
        fill: match args.fill {
            FillArg::Zero => Fill::Zero,
            FillArg::Random => Fill::Random,
            FillArg::Iota => Fill::Iota,
        },
        dynamic_shared: args.dynamic_shared,
        schedule: match args.schedule {
            ScheduleArg::Lockstep => Schedule::Lockstep,
            ScheduleArg::Random => Schedule::Random,
            ScheduleArg::Shuffle => Schedule::Shuffle,
            ScheduleArg::Adversarial => Schedule::Adversarial,
            ScheduleArg::Systematic => Schedule::Systematic,
        },
        seed: args.seed,
        max_steps: args.max_steps,
        resident: args.resident_blocks,
        progress: std::io::IsTerminal::is_terminal(&io::stderr()).then_some(progress as fn(u64, u64)),
        preempt: Vec::new(),
        detectors: args.detectors.clone(),
        blocks: None,
        watch: Vec::new(),
    };
    if !inputs.is_empty() {
        origins.push(format!("inputs the flags did not give are {from}: {}", inputs.join(", ")));
    }
    Ok((request, origins))
}

/// Barriers some threads of a block waited at while others had left, or
/// threads of one block waiting at different barriers.
fn divergences(program: &Program, outcome: &gpurace_sim::Outcome) -> Vec<Race> {
    let mut out: Vec<Race> = Vec::new();
    for d in &outcome.divergences {
        let loc = |s: &gpurace_ir::Span| {
            let (file, line, col) = program.locate(*s);
            Location { file, line, col, text: "__syncthreads()".into(), mode: None }
        };
        let first = loc(&d.at[0]);
        let second = loc(d.at.last().unwrap_or(&d.at[0]));
        if out.iter().any(|r| r.first == first && r.second == second) {
            continue;
        }
        let note = if d.at.len() > 1 {
            format!("the threads of block {} wait at different barriers", d.block)
        } else {
            format!(
                "{} of the {} threads of block {} reached this barrier; the others had exited",
                d.waiting, d.threads, d.block
            )
        };
        out.push(Race {
            class: RaceClass::IntraBlock,
            kind: RaceKind::BarrierDivergence,
            certainty: gpurace_core::Certainty::Definite,
            array: None,
            space: None,
            first,
            second,
            witness: None,
            notes: vec![note],
            rests_on: Vec::new(),
            possible: false,
            holds: Default::default(),
            condition: None,
            engine: gpurace_core::race::Engine::Static,
            replay: None,
        });
    }
    out
}

/// The values of buffer `name` in the text of an `--input` file: the line
/// `name: ...` of a dump, else every number of the file.
fn buffer_contents(text: &str, name: &str) -> Vec<String> {
    let prefix = format!("{name}:");
    let line = text.lines().find_map(|l| l.trim_start().strip_prefix(prefix.as_str()));
    line.unwrap_or(text).split_whitespace().map(str::to_string).collect()
}

/// Each buffer's elements after the run, one line per buffer: `name: v0 v1 ...`.
fn dump(outcome: &gpurace_sim::Outcome) -> String {
    let mut text = String::new();
    for b in &outcome.buffers {
        let _ = write!(text, "{}:", b.name);
        for i in 0..b.elements {
            let _ = write!(text, " {}", gpurace_sim::element(outcome, b, i));
        }
        text.push('\n');
    }
    text
}
