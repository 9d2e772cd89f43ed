//! `gpurace check`: runs the pipeline (front-end, static engine) on every
//! input file in parallel, then renders one report for the whole run.

use std::any::Any;
use std::borrow::Cow;
use std::fs;

use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{bail, Context};
use gpurace_core::KernelResult;
use gpurace_ir::{Diagnostic, Severity};
use gpurace_report::{CacheUse, FileReport, Format, Timings};
use rayon::prelude::*;

use crate::flags::CheckArgs;
use crate::geometry::limit_warnings;
use crate::inputs::{self, Input};
use crate::program::{self, Units};
use crate::Outcome;

/// Runs `gpurace check` and prints its report on stdout.
pub fn run(mut args: CheckArgs) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    // `--make DIR`: the database `make -n` gives, kept for the run.
    let made = match args.make.take() {
        Some(dir) => {
            let made = crate::make::database(&dir)?;
            args.front.build_dir = Some(made.path().to_path_buf());
            Some(made)
        }
        None => None,
    };
    let db_units = match &args.front.build_dir {
        Some(dir) => gpurace_front::compile_db_units(dir)?,
        None => Vec::new(),
    };
    let inputs = find_inputs(&args, &db_units)?;
    let jobs = match args.jobs {
        Some(jobs) => usize::from(jobs),
        None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    };
    let options = args.front.options();
    let host = Host {
        enabled: !args.no_host,
        settings: crate::config::PerFile::new(args.config.as_deref(), &args.assume)?,
        confirm: args.confirm,
        suggest: args.suggest_facts,
        tally: Tally::default(),
    };
    let run = host.settings.run()?;
    let (format, config) = engine(&args, &run, jobs)?;
    let warnings = limit_warnings(args.block, args.grid);
    // The baseline and the HTML folder are checked before the analysis:
    // a usage error should not wait for it.
    if let Some(path) = &args.baseline {
        crate::finish::read_baseline(path)?;
    }
    if let Some(dir) = &args.html {
        fs::create_dir_all(dir).with_context(|| format!("cannot create the HTML folder {}", dir.display()))?;
    }

    // Every unit a checked file may be linked with (see `program`).
    let mut pool: Vec<(std::path::PathBuf, String)> =
        inputs::sources(&args.paths).into_iter().map(|p| (p.clone(), gpurace_front::display_path(&p))).collect();
    pool.extend(db_units.iter().map(|p| (p.clone(), program::display_name(p))));
    let cache = open_cache(&args)?;
    if args.worker {
        // A worker of another `gpurace check` (see `worker.rs`).
        let units = Units::new(&options, &inputs, pool, cache);
        let check = |i: usize, cache_only| check_one(&inputs[i], cache_only, &units, &config, &host, &warnings);
        let name = |i: usize| inputs[i].name.clone();
        let counts = || counts(&units, &host);
        crate::worker::serve(args.memory_limit, name, check, counts, || units.forget())?;
        return Ok(Outcome::NoRace);
    }
    // `--changed-since REV`: which files the change touches.
    let changes = args.changed_since.as_deref().map(crate::changed::Changes::since).transpose()?;
    // `--shard I/N`: this shard's inputs, each with its place in the run.
    let shard_of = args.shard.map(|shard| crate::shards::partition(&inputs, &options.includes, shard.count));
    let selected: Vec<crate::worker::Job> = (0..inputs.len())
        .filter(|i| match (&shard_of, args.shard) {
            (Some(of), Some(shard)) => of[*i] == shard.index - 1,
            _ => true,
        })
        .map(|index| crate::worker::Job {
            index,
            cache_only: changes.as_ref().is_some_and(|c| !c.touches(&inputs[index].path, &options.includes)),
        })
        .collect();
    let units = Units::new(&options, &inputs, pool, cache);
    // A progress line on stderr with the files being analysed, and each
    // file's verdict above it as the file finishes (the report itself, on
    // stdout, comes whole at the end, in input order).
    let progress = crate::progress::Progress::new(selected.len(), jobs, args.progress);
    let start_job = |job: crate::worker::Job| progress.start(&inputs[job.index].name);
    let done = |job: crate::worker::Job, result: &Result<Checked, String>, started: Instant| {
        progress.finish(&inputs[job.index].name, result, started)
    };
    let (results, counts) = if args.in_process {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start worker threads")?;
        let results: Vec<Result<Checked, String>> = pool.install(|| {
            selected
                .par_iter()
                .map(|&job| {
                    start_job(job);
                    let started = Instant::now();
                    let result = check_one(&inputs[job.index], job.cache_only, &units, &config, &host, &warnings)
                        .map_err(|e| e.to_string());
                    done(job, &result, started);
                    result
                })
                .collect()
        });
        (results, counts(&units, &host))
    } else {
        let names: Vec<String> = inputs.iter().map(|i| i.name.clone()).collect();
        let command = || worker_command(made.as_ref().map(|m| m.path()));
        crate::worker::run_all(jobs, &selected, &names, args.memory_limit, &command, &start_job, &done)?
    };
    progress.clear();
    // `Err` means the pipeline cannot run at all (no clang), so the first one
    // in input order ends the run.
    let checked = results.into_iter().collect::<Result<Vec<_>, _>>().map_err(|e| anyhow::anyhow!(e))?;
    let unchanged = checked.iter().filter(|c| matches!(c, Checked::Unchanged { .. })).count();
    let shard = match args.shard {
        Some(shard) => {
            let settings = crate::cache::settings_text(&host_text(&host), &config);
            let files = selected.iter().map(|job| job.index).zip(checked.iter().cloned()).collect();
            Some(shard_results(&inputs, shard, &settings, files)?)
        }
        None => None,
    };
    for problem in &counts.problems {
        eprintln!("warning: {problem}");
    }
    let cache = (units.cache().is_some() || changes.is_some()).then_some(CacheUse {
        reused: counts.reused,
        analysed: counts.analysed,
        unchanged,
        corrupt: counts.corrupt,
    });
    if let Some(cache) = cache.as_ref().filter(|_| progress.shown()) {
        eprintln!("{}", gpurace_report::human::cache_line(cache));
    }
    let finish =
        crate::finish::Finish { format, baseline: args.baseline.as_deref(), html: args.html.as_deref(), start };
    finish.report(checked, shard, cache)
}

/// The files a run checks: the paths given (folders searched), or with `-p`
/// (or `--make`) and no path, the `.cu` units of the database.
fn find_inputs(args: &CheckArgs, db_units: &[std::path::PathBuf]) -> anyhow::Result<Vec<Input>> {
    let mut inputs = inputs::collect(&args.paths);
    if args.paths.is_empty() {
        // `gpurace check -p build`: the `.cu` units of the database.
        inputs = db_units
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "cu"))
            .map(|p| Input { path: p.clone(), name: program::display_name(p) })
            .collect();
    }
    if inputs.is_empty() {
        match (&args.front.build_dir, args.paths.is_empty()) {
            (Some(dir), true) => bail!(
                "the compilation database {} names no `.cu` file. bear and compiledb record the compilers a build \
                 ran, and without nvcc a build stops before its CUDA files: use `gpurace check --make DIR` (make's \
                 dry run, no nvcc needed), or `cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON` (CMake writes the CUDA \
                 entries without building), or name the `.cu` files or their folder",
                dir.join("compile_commands.json").display()
            ),
            _ => bail!("no `.cu` file found in the given directories"),
        }
    }
    Ok(inputs)
}

/// The report format and the engine's configuration: the flags, then
/// gpurace.toml's `format` and `[budget]`, then the effort's defaults.
fn engine(
    args: &CheckArgs,
    run: &crate::config::Settings,
    jobs: usize,
) -> anyhow::Result<(Format, gpurace_static::Config)> {
    let format = match (args.format, run.format.clone()) {
        (Some(format), _) => Format::from(format),
        (None, Some(name)) => match name.as_str() {
            "json" => Format::Json,
            "sarif" => Format::Sarif,
            _ => Format::Human,
        },
        (None, None) => Format::Human,
    };
    let effort = match (args.effort, run.budget.effort.as_deref()) {
        (Some(effort), _) => effort.into(),
        (None, Some(name)) => <crate::flags::EffortArg as clap::ValueEnum>::from_str(name, false)
            .map_err(|_| {
                anyhow::anyhow!("gpurace.toml: unknown `[budget] effort` `{name}` (quick, default or thorough)")
            })?
            .into(),
        (None, None) => gpurace_static::Effort::Default,
    };
    let defaults = gpurace_static::Config::with_effort(effort);
    let config = gpurace_static::Config {
        block: args.block,
        grid: args.grid,
        jobs,
        query_rlimit: args.rlimit.or(run.budget.query_rlimit).unwrap_or(defaults.query_rlimit),
        kernel_rlimit: args.kernel_rlimit.or(run.budget.kernel_rlimit).unwrap_or(defaults.kernel_rlimit),
        file_rlimit: args.file_rlimit.or(run.budget.file_rlimit).unwrap_or(defaults.file_rlimit),
        query_timeout: std::time::Duration::from_millis(args.query_timeout),
        stats: args.stats,
        warp_sync: args.warp_sync,
        report_possible: args.report_possible,
        undecided_budget: args.undecided.or(run.budget.undecided).unwrap_or(defaults.undecided_budget),
        kernel_budget: defaults.kernel_budget,
        file_budget: defaults.file_budget,
        effort,
        solver: args.solver.map(Into::into).unwrap_or_default(),
        debug: gpurace_static::SolverDebug {
            solver_dump: args.solver_dump.clone(),
            query_stats: args.query_stats,
            incremental_only: args.incremental_only,
            no_relaxation: args.no_relaxation,
            profile: gpurace_static::Profile::default(),
        },
        ..Default::default()
    };
    Ok((format, config))
}

/// The run's cache, unless `--no-cache`: the local folder, with the shared
/// store of `--shared-cache` behind it.
fn open_cache(args: &CheckArgs) -> anyhow::Result<Option<gpurace_cache::Cache>> {
    Ok(if args.no_cache {
        None
    } else {
        // Beside the prelude, in the user's cache folder.
        let dir = args.cache_dir.clone().unwrap_or_else(|| gpurace_front::clang::cache_home().join("gpurace/cache"));
        let cache = gpurace_cache::Cache::open(&dir, gpurace_cache::tool_identity());
        match (cache, &args.shared_cache) {
            (Some(cache), Some(url)) => {
                let remote =
                    gpurace_cache::Remote::open(url, args.shared_cache_read_only).map_err(|e| anyhow::anyhow!(e))?;
                Some(cache.with_remote(remote))
            }
            (cache, _) => cache,
        }
    })
}

/// A shard's results for `gpurace merge`, as JSON.
fn shard_results(
    inputs: &[Input],
    shard: crate::shards::Shard,
    settings: &str,
    files: Vec<(usize, Checked)>,
) -> anyhow::Result<serde_json::Value> {
    let results = crate::shards::ShardResults {
        run: crate::shards::run_id(inputs, shard.count, settings),
        index: shard.index,
        count: shard.count,
        inputs: inputs.len(),
        files,
    };
    serde_json::to_value(&results).context("cannot write the shard's results")
}

/// What of the host settings decides results (for a shard's run id).
fn host_text(host: &Host) -> String {
    format!("{} {}", host.enabled, host.suggest)
}

/// What checking one file gave.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum Checked {
    Report(FileReport),
    /// The file is `#include`d by `by`, another file of the run, which
    /// checks its kernels as its own.
    PartOf {
        file: String,
        by: String,
    },
    /// `--changed-since`: the change does not touch the file and the cache
    /// holds no result of it; it is left out of the report.
    Unchanged {
        file: String,
    },
}

/// What the files checked in this process took from the cache so far.
fn counts(units: &Units, host: &Host) -> crate::worker::Counts {
    let usage = units.cache().map(gpurace_cache::Cache::usage).unwrap_or_default();
    crate::worker::Counts {
        reused: host.tally.reused.load(Ordering::Relaxed),
        analysed: host.tally.analysed.load(Ordering::Relaxed),
        corrupt: usage.corrupt,
        problems: usage.problems,
    }
}

/// Checks one file (see [`check_file`]); a panic anywhere in the pipeline
/// becomes an `internal-error` diagnostic on that file, so that the other
/// files still get their verdicts. A file `--changed-since` does not touch
/// is `Unchanged` at once when there is no cache to take it from.
fn check_one(
    input: &Input,
    cache_only: bool,
    units: &Units,
    config: &gpurace_static::Config,
    host: &Host,
    warnings: &[Diagnostic],
) -> Result<Checked, gpurace_front::Error> {
    if cache_only && units.cache().is_none() {
        return Ok(Checked::Unchanged { file: input.name.clone() });
    }
    let start = Instant::now();
    guard(&input.name, start, || check_file(input, cache_only, units, config, host, warnings, start))
}

/// The command of a worker: this binary with this run's arguments and
/// `--worker`; `--make`'s database, already made, by `-p`.
fn worker_command(made: Option<&std::path::Path>) -> std::process::Command {
    let exe = std::env::current_exe().unwrap_or_else(|_| "gpurace".into());
    let mut command = std::process::Command::new(exe);
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if text == "--make" {
            args.next();
        } else if !text.starts_with("--make=") {
            command.arg(&arg);
        }
    }
    if let Some(db) = made {
        command.arg("-p").arg(db);
    }
    command.arg("--worker");
    command
}

/// Runs `work` for the file `name`, turning a panic into a report whose only
/// diagnostic is an `internal-error`.
fn guard(
    name: &str,
    start: Instant,
    work: impl FnOnce() -> Result<Checked, gpurace_front::Error>,
) -> Result<Checked, gpurace_front::Error> {
    panic::catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|payload| {
        let message = format!("gpurace panicked while checking this file: {}", panic_message(payload.as_ref()));
        Ok(Checked::Report(FileReport {
            file: name.to_string(),
            kernels: Vec::new(),
            diagnostics: vec![Diagnostic::new(Severity::Error, "internal-error", message).at(name, 0, 0)],
            timings: Timings { total_ms: elapsed_ms(start), ..Timings::default() },
            reported_elsewhere: 0,
        }))
    })
}

/// Checks one file; with `cache_only` (a file `--changed-since` does not
/// touch), a file whose results the cache does not hold is `Unchanged`.
fn check_file(
    input: &Input,
    cache_only: bool,
    units: &Units,
    config: &gpurace_static::Config,
    host: &Host,
    warnings: &[Diagnostic],
    start: Instant,
) -> Result<Checked, gpurace_front::Error> {
    let mut report = FileReport { file: input.name.clone(), diagnostics: warnings.to_vec(), ..FileReport::default() };
    if let Err(err) = fs::metadata(&input.path) {
        let message = format!("cannot read `{}`: {err}", input.name);
        report.diagnostics.push(Diagnostic::new(Severity::Error, "io-error", message).at(&input.name, 0, 0));
        report.timings.total_ms = elapsed_ms(start);
        return Ok(Checked::Report(report));
    }
    let settings = match host.settings.of(&input.path) {
        Ok(settings) => settings,
        Err(err) => {
            let message = format!("{err:#}");
            report.diagnostics.push(Diagnostic::new(Severity::Error, "bad-config", message).at(&input.name, 0, 0));
            report.timings.total_ms = elapsed_ms(start);
            return Ok(Checked::Report(report));
        }
    };
    let unit = match units.lowered_before(&input.path) {
        Some(unit) => unit,
        None => {
            let lowered = crate::cache::lower(units.cache(), &input.path, units.options())?;
            let symbols = gpurace_link::symbols(&lowered.program);
            std::sync::Arc::new(program::Unit { lowered, symbols })
        }
    };
    let lowered = &unit.lowered;
    // A file another file of the run `#include`s is that file's to check.
    let includers = units.includers(&input.path, &unit);
    if let Some(by) = includers.iter().find(|i| i.checked) {
        return Ok(Checked::PartOf { file: input.name.clone(), by: by.name.clone() });
    }
    let analysis = Instant::now();
    // The file's own profile: its phases, not another file's.
    let profile = gpurace_static::Profile::default();
    let config = &gpurace_static::Config {
        debug: gpurace_static::SolverDebug { profile: profile.clone(), ..config.debug.clone() },
        ..config.clone()
    };
    let (mut program, own) = profile
        .time("program", || whole_program(input, &unit, &includers, units, host.enabled, &settings, &mut report));
    // Without `main`, a library unless a `main` beside it was not linked.
    if !program.host_functions.iter().any(|f| f.is_main()) && program::main_nearby(&input.path) {
        program.to_mut().main_elsewhere = true;
    }
    let mut sites = profile.time("host", || host_sites(&program, host.enabled, &settings.assumptions, &mut report));
    // Which kernels are the file's is part of what its results answer.
    let host_key = format!("{} {:?} {own} {}", host.enabled, settings.assumptions, host.suggest);
    let key = units.cache().and_then(|_| crate::cache::results_key(&program, &host_key, config));
    // The file's own kernels come first in the linked program; the other
    // units' kernels are their own files' to report.
    // The program's own run (`data.rs`) needs every unit's kernels.
    let whole = (program.kernels.len() > own).then(|| program.clone().into_owned());
    if program.kernels.len() > own {
        program.to_mut().kernels.truncate(own);
    }
    sites.retain(|s| s.kernel < own);
    let cached = key.clone().and_then(|key| profile.time("cache", || units.cache()?.get::<Vec<KernelResult>>(key)));
    if cache_only && cached.is_none() {
        return Ok(Checked::Unchanged { file: input.name.clone() });
    }
    let tally = if cached.is_some() { &host.tally.reused } else { &host.tally.analysed };
    tally.fetch_add(1, Ordering::Relaxed);
    report.kernels = match cached {
        Some(kernels) => kernels,
        None => {
            let mut kernels = gpurace_static::check_sites(&program, config, &sites);
            if host.suggest {
                profile.time("suggest", || {
                    crate::suggest::suggest(&program, config, host.enabled, &settings.assumptions, &mut kernels)
                });
            }
            // Stored as soon as the file is done, so that an interrupted run
            // keeps it; a result a wall-clock net decided too (its `time-limit`
            // diagnostic says so), or a rerun would pay the same wait again.
            if let (Some(cache), Some(key)) = (units.cache(), key) {
                cache.put(key, &kernels);
            }
            kernels
        }
    };
    if host.enabled {
        let whole = whole.as_ref().unwrap_or(&program);
        profile.time("data", || crate::data::decide(whole, &input.path, &mut report.kernels));
    }
    let before = report.kernels.len();
    report.kernels.retain(|k| !settings.ignores(&k.kernel));
    let ignored = before - report.kernels.len();
    if ignored > 0 {
        let message = format!("{ignored} kernel{} ignored by gpurace.toml", if ignored == 1 { "" } else { "s" });
        report.diagnostics.push(Diagnostic::new(Severity::Note, "ignored", message).at(&input.name, 0, 0));
    }
    if host.confirm {
        profile.time("replay", || crate::confirm::replay_all(&program, &mut report.kernels));
    }
    report.diagnostics.extend(lowering_diagnostics(input, lowered, &includers, units));
    report.timings = Timings {
        clang_ms: lowered.clang_ms,
        lower_ms: lowered.lower_ms,
        analysis_ms: elapsed_ms(analysis),
        total_ms: elapsed_ms(start),
        phases: profile.phases(),
        peak_mib: 0.0,
    };
    Ok(Checked::Report(report))
}

/// The program `input` is part of, and how many of its kernels (the first
/// ones) are the file's own. Its unit is linked with the units that define
/// what it needs and call what it offers (none with `--no-host`: the kernels
/// are analysed on their own anyway). A file other units `#include` is
/// part of them: their programs stand in for its unit, its kernels are
/// those they define where the file does. Notes name the units. Every unit
/// names the run's files as the run does.
fn whole_program<'u>(
    input: &Input,
    unit: &'u program::Unit,
    includers: &[program::Includer],
    units: &Units,
    use_host: bool,
    settings: &crate::config::Settings,
    report: &mut FileReport,
) -> (Cow<'u, gpurace_ir::Program>, usize) {
    let mut own = Cow::Borrowed(&unit.lowered.program);
    units.rename_files(&mut own);
    let own_kernels = own.kernels.len();
    if includers.is_empty() && (!use_host || (units.is_trivial() && settings.program.is_empty())) {
        return (own, own_kernels);
    }
    let extra: Vec<(std::path::PathBuf, String)> =
        settings.program.iter().map(|p| (p.clone(), program::display_name(p))).collect();
    let context = if use_host {
        units.context(&input.path, &unit.symbols, &extra, includers)
    } else {
        program::Context {
            units: includers.iter().map(|i| (i.name.clone(), i.unit.clone())).collect(),
            notes: Vec::new(),
        }
    };
    if !includers.is_empty() {
        let names: Vec<String> = includers.iter().map(|i| format!("`{}`", i.name)).collect();
        let message =
            format!("this file is `#include`d by {}: its kernels are checked as part of it", names.join(", "));
        report.diagnostics.push(Diagnostic::new(Severity::Note, "program", message).at(&input.name, 0, 0));
    }
    for note in &context.notes {
        report.diagnostics.push(Diagnostic::new(Severity::Note, "program", note.clone()).at(&input.name, 0, 0));
    }
    if context.units.is_empty() {
        return (own, own_kernels);
    }
    if use_host {
        let names: Vec<String> = context.units.iter().map(|(name, _)| format!("`{name}`")).collect();
        let message = format!("analysed as one program with {}", names.join(", "));
        report.diagnostics.push(Diagnostic::new(Severity::Note, "program", message).at(&input.name, 0, 0));
    }
    // The file's unit first, so that its kernels are the first ones; the
    // includers' programs have them where they are.
    let mut programs = Vec::new();
    let included = if includers.is_empty() {
        programs.push(own.into_owned());
        None
    } else {
        Some(own)
    };
    for (_, other) in &context.units {
        let mut program = Cow::Borrowed(&other.lowered.program);
        units.rename_files(&mut program);
        programs.push(program.into_owned());
    }
    let mut linked = gpurace_link::link(programs).program;
    let count = match included {
        None => own_kernels,
        Some(own) => program::own_first(&mut linked, &input.path, &own),
    };
    (Cow::Owned(linked), count)
}

/// The diagnostics of lowering the file, with the run's names of its files:
/// its own, or for a file other units `#include`, theirs in the file (its
/// own, parsed without what its includers declare before it, would be
/// about a translation unit that does not exist).
fn lowering_diagnostics(
    input: &Input,
    lowered: &gpurace_front::Lowered,
    includers: &[program::Includer],
    units: &Units,
) -> Vec<Diagnostic> {
    let rename = |d: &Diagnostic| {
        let mut d = d.clone();
        if let Some(name) = units.pool_name(&d.file) {
            d.file = name.to_string();
        }
        d
    };
    if includers.is_empty() {
        return lowered.diagnostics.iter().map(rename).collect();
    }
    let mut out: Vec<Diagnostic> = Vec::new();
    for d in includers.iter().flat_map(|i| &i.unit.lowered.diagnostics).map(rename) {
        if d.file == input.name && !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// Whether to use the host code, and the settings given by hand.
struct Host<'a> {
    enabled: bool,
    settings: crate::config::PerFile<'a>,
    /// `--confirm`: replay each race's witness on the simulator.
    confirm: bool,
    /// `--suggest-facts`: facts that would decide undecided kernels.
    suggest: bool,
    tally: Tally,
}

/// How many files' results the run took from the cache, and how many it
/// analysed.
#[derive(Default)]
struct Tally {
    reused: AtomicUsize,
    analysed: AtomicUsize,
}

/// The launch sites of the program with what its host code knows at each
/// (none with `--no-host`), and the facts by hand; a panic in the host
/// analysis becomes an `internal-error` and the kernels are analysed on
/// their own.
fn host_sites(
    program: &gpurace_ir::Program,
    enabled: bool,
    assumptions: &[gpurace_host::Assumption],
    report: &mut FileReport,
) -> Vec<gpurace_static::Site> {
    let facts = panic::catch_unwind(AssertUnwindSafe(|| gpurace_host::host_facts(program, enabled, assumptions)));
    let facts = facts.unwrap_or_else(|payload| {
        let message = format!(
            "the host-guided analysis failed ({}); kernels are analysed on their own",
            panic_message(payload.as_ref())
        );
        report.diagnostics.push(Diagnostic::new(Severity::Error, "internal-error", message).at(&report.file, 0, 0));
        gpurace_host::HostFacts::default()
    });
    for error in facts.errors {
        report.diagnostics.push(Diagnostic::new(Severity::Error, "bad-assumption", error).at(&report.file, 0, 0));
    }
    facts.sites
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(message) = payload.downcast_ref::<&str>() {
        message
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message
    } else {
        "unknown panic payload"
    }
}

fn elapsed_ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use gpurace_report::FileVerdict;

    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_error_on_its_file() {
        // The default hook would print the panic to the test's stderr; the
        // message is checked below instead.
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let report = guard("k.cu", Instant::now(), || panic!("index out of bounds"));
        panic::set_hook(hook);

        let Ok(Checked::Report(report)) = report else { panic!("a panic is a report of its file") };
        assert_eq!(report.verdict(), FileVerdict::Error);
        assert_eq!(report.diagnostics.len(), 1);
        let diagnostic = &report.diagnostics[0];
        assert_eq!((diagnostic.code, diagnostic.file.as_str()), ("internal-error", "k.cu"));
        assert_eq!(diagnostic.message, "gpurace panicked while checking this file: index out of bounds");
    }
}
