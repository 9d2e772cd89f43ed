//! `gpurace trace`: prints what the static engine sees of each kernel of one
//! file at each of its launch sites, for debugging the engine (as `gpurace
//! ir` is for the front-end). Nothing here asks the solver.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};

use anyhow::{bail, Context};
use gpurace_ir::{Diagnostic, Kernel, Program, Severity};
use gpurace_static::show::{self, Names};
use gpurace_static::Site;

use crate::flags::TraceArgs;
use crate::Outcome;

/// Prints one block per kernel and launch site (`--kernel` picks kernels by
/// name), then the diagnostics of lowering the file. The outcome is `Error`
/// when a diagnostic is an error or the engine failed on a kernel.
pub fn run(args: TraceArgs) -> anyhow::Result<Outcome> {
    let lowered = gpurace_front::lower_file(&args.file, &args.front.options())?;
    let program = &lowered.program;
    let file = args.file.display().to_string();
    let kernels: Vec<usize> = (0..program.kernels.len())
        .filter(|&i| {
            let kernel = &program.kernels[i];
            args.kernel.as_deref().is_none_or(|name| name == kernel.name || name == kernel.display_name())
        })
        .collect();
    if let (Some(name), true) = (&args.kernel, kernels.is_empty()) {
        let all: Vec<String> = program.kernels.iter().map(|k| format!("`{}`", k.display_name())).collect();
        let has = if all.is_empty() { "has no kernel".to_string() } else { format!("has {}", all.join(", ")) };
        bail!("no kernel `{name}` in {file}: it {has}");
    }
    let settings = crate::config::PerFile::new(None, &args.assume)?.of(&args.file)?;
    let facts = gpurace_host::host_facts(program, !args.no_host, &settings.assumptions);

    let mut text = format!(
        "# gpurace trace {file}: each trace as symbolic execution leaves it; no solver runs, so no flag pair is \
         usable and no chain is built yet\n"
    );
    let mut failed = false;
    for &index in &kernels {
        let kernel = &program.kernels[index];
        let mine: Vec<&Site> = facts.sites.iter().filter(|s| s.kernel == index).collect();
        let standalone = Site::empty(index);
        let runs = if mine.is_empty() { vec![&standalone] } else { mine };
        for site in runs {
            text.push('\n');
            failed |= !site_trace(program, kernel, site, &args, &mut text);
        }
    }
    let mut diagnostics: Vec<Diagnostic> = facts
        .errors
        .into_iter()
        .map(|e| Diagnostic::new(Severity::Error, "bad-assumption", e).at(file.as_str(), 0, 0))
        .collect();
    diagnostics.extend(lowered.diagnostics);
    if !diagnostics.is_empty() {
        text.push('\n');
    }
    for diagnostic in &diagnostics {
        let _ = writeln!(text, "{diagnostic}");
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    out.write_all(text.as_bytes()).context("cannot write the trace")?;
    out.flush().context("cannot write the trace")?;
    failed |= diagnostics.iter().any(|d| d.severity == Severity::Error);
    Ok(if failed { Outcome::Error } else { Outcome::NoRace })
}

/// The header of one kernel at one site, its facts, and its trace; false
/// when the engine panicked.
fn site_trace(program: &Program, kernel: &Kernel, site: &Site, args: &TraceArgs, out: &mut String) -> bool {
    let name = kernel.display_name();
    let config = if site.config.is_empty() { String::new() } else { format!(" ({})", site.config) };
    let _ = match (site.span, site.label.is_empty()) {
        (Some(_), _) => writeln!(out, "kernel {name} at {}{config}", site.label),
        (None, false) => writeln!(out, "kernel {name} ({})", site.label),
        (None, true) if site.facts.is_empty() => writeln!(out, "kernel {name} on its own"),
        (None, true) => writeln!(out, "kernel {name} with facts by hand"),
    };
    // As `check_sites` does: the flags win over the host code's geometry.
    let block = args.block.or(site.block);
    let grid = args.grid.or(site.grid);
    let sizes = gpurace_static::Symbolic { block: block.is_none(), grid: grid.is_none() };
    let traced = panic::catch_unwind(AssertUnwindSafe(|| {
        let trace = gpurace_static::trace(
            kernel,
            &program.records,
            sizes,
            &site.pointers,
            &gpurace_static::constant_params(kernel, site),
        );
        let names = Names::new(program, kernel, &trace.leaves);
        (site_facts(site, args, &names), show::trace(program, kernel, &trace))
    }));
    match traced {
        Ok((facts, trace)) => {
            for line in facts.lines().chain(trace.lines()) {
                let _ = writeln!(out, "  {line}");
            }
            true
        }
        Err(_) => {
            let _ = writeln!(out, "  error: the static engine failed on kernel `{name}`");
            false
        }
    }
}

/// The launch geometry, host values, facts, pointer bindings and
/// allocations of a site, one per line.
fn site_facts(site: &Site, args: &TraceArgs, names: &Names) -> String {
    let mut out = String::new();
    let dims = |d: [u32; 3]| format!("{},{},{}", d[0], d[1], d[2]);
    for (what, flag, host) in [("block", args.block, site.block), ("grid", args.grid, site.grid)] {
        let _ = match (flag, host) {
            (Some(d), _) => writeln!(out, "{what}: {} (--{what})", dims(d)),
            (None, Some(d)) => writeln!(out, "{what}: {} (host code)", dims(d)),
            (None, None) => writeln!(out, "{what}: symbolic"),
        };
    }
    for (i, value) in site.values.iter().enumerate() {
        let origin = match value.origin {
            gpurace_core::Origin::Input => "input",
            gpurace_core::Origin::Iteration => "iteration",
            gpurace_core::Origin::Unmodelled => "unmodelled",
        };
        let ty = format!("{}{}, {origin}", if value.signed { "i" } else { "u" }, value.width);
        let _ = match value.name.as_str() {
            "" => writeln!(out, "host value h{i} ({ty})"),
            name => writeln!(out, "host value h{i} = {name} ({ty})"),
        };
    }
    for fact in &site.facts {
        let _ = writeln!(out, "fact: {}", show::term(fact, names));
    }
    for (i, pointer) in site.pointers.iter().enumerate() {
        let Some((alloc, offset)) = pointer else { continue };
        let param = names.params.get(i).cloned().unwrap_or_else(|| format!("p{i}"));
        let _ = writeln!(out, "pointer {param} = alloc{alloc} + {}", show::term(offset, names));
    }
    for (i, made) in site.allocations.iter().enumerate() {
        let size = match site.extents.get(i) {
            Some(Some(size)) => format!(", {} bytes", show::term(size, names)),
            _ => String::new(),
        };
        let _ = writeln!(out, "alloc{i}: {made}{size}");
    }
    out
}
