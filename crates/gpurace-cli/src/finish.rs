//! The end of a run, shared by `gpurace check` and `gpurace merge`: the
//! run-wide steps over every file's result (notes of included files, one
//! result per kernel, `gpurace-ignore`, `--baseline`), then the report on
//! stdout and the `--html` page.

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Write};
use std::time::Instant;

use anyhow::Context;
use gpurace_ir::{Diagnostic, Severity};
use gpurace_report::{CacheUse, FileReport, Format, Run, Sources};

use crate::check::Checked;
use crate::Outcome;

/// The run-wide steps after every file is checked, shared by `check` and
/// `merge`: one result per kernel, notes of included files, suppressions,
/// the baseline, then the report.
pub struct Finish<'a> {
    pub format: Format,
    pub baseline: Option<&'a std::path::Path>,
    pub html: Option<&'a std::path::Path>,
    pub start: Instant,
}

impl Finish<'_> {
    /// Takes the run-wide steps over `checked` (the run's files in run
    /// order), prints the report and says how the run ended. `shard` is the
    /// shard's results, carried by the JSON and SARIF reports.
    pub fn report(
        &self,
        checked: Vec<Checked>,
        shard: Option<serde_json::Value>,
        cache: Option<CacheUse>,
    ) -> anyhow::Result<Outcome> {
        let known = match self.baseline {
            Some(path) => Some(read_baseline(path)?),
            None => None,
        };
        // A folder that cannot be made is a usage error.
        if let Some(dir) = self.html {
            fs::create_dir_all(dir).with_context(|| format!("cannot create the HTML folder {}", dir.display()))?;
        }
        let mut files = part_of_includers(checked);
        crate::merge::once_per_kernel(&mut files);
        let sources = read_sources(&files);
        for file in &mut files {
            let dropped = gpurace_report::suppress::apply(file, &sources);
            if dropped > 0 {
                let message = format!(
                    "{dropped} race{} silenced by `gpurace-ignore` comments",
                    if dropped == 1 { "" } else { "s" }
                );
                file.diagnostics.push(Diagnostic::new(Severity::Note, "suppressed", message).at(&file.file, 0, 0));
            }
        }
        if let (Some(known), Some(path)) = (&known, self.baseline) {
            for file in &mut files {
                let dropped = gpurace_report::fingerprint::apply_baseline(file, known);
                if dropped > 0 {
                    let message = format!(
                        "{dropped} known race{} of the baseline {} not shown",
                        if dropped == 1 { "" } else { "s" },
                        path.display()
                    );
                    file.diagnostics.push(Diagnostic::new(Severity::Note, "baseline", message).at(&file.file, 0, 0));
                }
            }
        }
        let run = Run { files, total_ms: self.start.elapsed().as_secs_f64() * 1000.0, shard, cache };

        // The page is written before stdout, so that a reader that stops early
        // (`gpurace check --html out . | head`) still leaves a whole page.
        if let Some(dir) = self.html {
            write_html(&run, &sources, dir)?;
        }
        // Styles reach a terminal only, and not with `NO_COLOR` set (anstream).
        let mut out = io::BufWriter::new(anstream::AutoStream::auto(io::stdout().lock()));
        gpurace_report::render(&run, self.format, &sources, &mut out).context("cannot write the report")?;
        out.flush().context("cannot write the report")?;
        Ok(Outcome::from_verdict(run.verdict()))
    }
}

/// Runs `gpurace merge`: the shards' files in run order, then the run-wide
/// steps and the report, as `check` ends.
pub fn merge(args: crate::flags::MergeArgs) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let checked = crate::shards::read(&args.reports)?;
    let format = match args.format {
        Some(format) => Format::from(format),
        None => {
            // The first report's: SARIF has `runs`.
            let text = fs::read_to_string(&args.reports[0]).unwrap_or_default();
            if text.contains("\"runs\"") && text.contains("\"$schema\"") {
                Format::Sarif
            } else {
                Format::Json
            }
        }
    };
    let finish = Finish { format, baseline: args.baseline.as_deref(), html: args.html.as_deref(), start };
    finish.report(checked, None, None)
}

/// Writes the HTML page of `run` to `dir/index.html`.
fn write_html(run: &Run, sources: &Sources, dir: &std::path::Path) -> anyhow::Result<()> {
    let path = dir.join("index.html");
    let context = || format!("cannot write the HTML report {}", path.display());
    let mut out = io::BufWriter::new(fs::File::create(&path).with_context(context)?);
    gpurace_report::html::render(run, sources, &mut out).with_context(context)?;
    out.flush().with_context(context)
}

/// The fingerprints of the races in an earlier JSON or SARIF report.
pub fn read_baseline(path: &std::path::Path) -> anyhow::Result<std::collections::HashSet<String>> {
    let text = fs::read_to_string(path).with_context(|| format!("cannot read the baseline {}", path.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("the baseline {} is not a JSON or SARIF report of gpurace", path.display()))?;
    Ok(gpurace_report::fingerprint::baseline(&value))
}

/// The reports of a run, each with a note naming the files of the run it
/// `#include`s and checks as part of itself.
fn part_of_includers(checked: Vec<Checked>) -> Vec<FileReport> {
    let mut parts: Vec<(String, String)> = Vec::new();
    let mut files: Vec<FileReport> = Vec::new();
    for outcome in checked {
        match outcome {
            Checked::Report(report) => files.push(report),
            Checked::PartOf { file, by } => parts.push((file, by)),
            Checked::Unchanged { .. } => {}
        }
    }
    for (file, by) in parts {
        let message = format!("`{file}` is `#include`d here: its kernels are checked as part of this file");
        if let Some(report) = files.iter_mut().find(|r| r.file == by) {
            report.diagnostics.push(Diagnostic::new(Severity::Note, "program", message).at(&by, 0, 0));
        }
    }
    files
}

/// The source files of every race, kernel and diagnostic, for
/// `gpurace-ignore` comments and the human report's source lines. A file that
/// cannot be read is left out: its findings are shown without source lines.
fn read_sources(files: &[FileReport]) -> Sources {
    let mut names = BTreeSet::new();
    for file in files {
        names.extend(file.diagnostics.iter().map(|d| d.file.as_str()));
        for kernel in &file.kernels {
            names.insert(kernel.file.as_str());
            names.extend(kernel.diagnostics.iter().map(|d| d.file.as_str()));
            for race in &kernel.races {
                names.insert(race.first.file.as_str());
                names.insert(race.second.file.as_str());
            }
        }
    }
    let mut sources = Sources::new();
    for name in names.into_iter().filter(|n| !n.is_empty()) {
        if let Ok(bytes) = fs::read(name) {
            sources.insert(name, &String::from_utf8_lossy(&bytes));
        }
    }
    sources
}
