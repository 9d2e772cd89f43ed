//! What a run produced: one [`FileReport`] per input file, and the verdict
//! rules that sum a file (and a run) up in one word.

use std::collections::BTreeMap;

use gpurace_core::{KernelResult, Phase, Race, Verdict};
use gpurace_ir::{Diagnostic, Severity};
use serde::{Deserialize, Serialize};

/// Wall times of the stages, in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Time spent in clang.
    pub clang_ms: f64,
    /// Time spent lowering clang's AST to the IR.
    pub lower_ms: f64,
    /// Time spent in the static engine.
    pub analysis_ms: f64,
    /// Time spent on the file from start to end, all stages included.
    pub total_ms: f64,
    /// Peak resident memory of the file's check, in MiB (0 when not
    /// measured: a check in the run's own process).
    #[serde(default)]
    pub peak_mib: f64,
    /// Where the analysis time went (`gpurace_core::Profile`): the
    /// program's units, host evaluation, trace, flags, pairs, report, and
    /// each solver stage (`solver: pair`), summed over kernels and threads.
    pub phases: BTreeMap<String, Phase>,
}

/// Everything gpurace learnt about one input file. It serializes whole
/// (`serde`) for a shard's results, which `gpurace merge` reads back.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FileReport {
    /// The path as the user passed it (or as found under a directory the user
    /// passed): never made absolute.
    pub file: String,
    pub kernels: Vec<KernelResult>,
    /// Problems found by the front-end or the CLI (per-kernel problems of the
    /// engine stay in [`KernelResult::diagnostics`]).
    pub diagnostics: Vec<Diagnostic>,
    pub timings: Timings,
    /// Kernels of this file's unit that the run reports with another file
    /// (a header's kernel, reported once per run): the unit was analysed,
    /// so having no kernel left is not a failure.
    pub reported_elsewhere: usize,
}

/// The verdict of a file or of a whole run.
///
/// The order of the variants is their precedence when verdicts are combined:
/// an error outweighs a race, a race outweighs an unknown, and a run is
/// race-free only when every file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileVerdict {
    RaceFree,
    Unknown,
    Race,
    Error,
}

impl FileVerdict {
    /// The stable name used in every output format.
    pub fn as_str(self) -> &'static str {
        match self {
            FileVerdict::RaceFree => "race-free",
            FileVerdict::Unknown => "unknown",
            FileVerdict::Race => "race",
            FileVerdict::Error => "error",
        }
    }
}

/// Diagnostic codes that mean the file could not be analysed at all, whatever
/// was lowered from it.
const FATAL_CODES: &[&str] = &["internal-error", "io-error", "bad-config"];

/// Diagnostic codes that mean the file's check was stopped before it
/// finished: the file is `unknown`, whatever it holds.
const STOPPED_CODES: &[&str] = &["memory-limit"];

/// Diagnostic codes that mean clang failed; fatal only when no kernel was
/// lowered, since clang's error recovery often leaves every kernel intact.
const CLANG_FAILED_CODES: &[&str] = &["clang-error", "clang-fatal"];

impl FileReport {
    /// The file's verdict: `error` when the file could not be analysed (clang
    /// failed and no kernel was lowered, or gpurace itself failed), `race` when
    /// any kernel races (possible races do not count), `race-free` when there
    /// is at least one kernel and every kernel is race-free, and `unknown`
    /// otherwise.
    pub fn verdict(&self) -> FileVerdict {
        let is_error =
            |codes: &[&str]| self.diagnostics.iter().any(|d| d.severity == Severity::Error && codes.contains(&d.code));
        let nothing_lowered = self.kernels.is_empty() && self.reported_elsewhere == 0;
        if is_error(FATAL_CODES) || (nothing_lowered && is_error(CLANG_FAILED_CODES)) {
            FileVerdict::Error
        } else if self.kernels.iter().any(|k| k.verdict == Verdict::Race || k.races.iter().any(|r| !r.possible)) {
            FileVerdict::Race
        } else if !self.kernels.is_empty() && self.kernels.iter().all(|k| k.verdict == Verdict::RaceFree) {
            FileVerdict::RaceFree
        } else {
            FileVerdict::Unknown
        }
    }

    /// No kernel and no failure: a unit with host code only. A file whose
    /// check was stopped (`memory-limit`) is not one: its kernels are
    /// `unknown`.
    pub fn is_host_only(&self) -> bool {
        self.kernels.is_empty()
            && self.verdict() != FileVerdict::Error
            && !self.diagnostics.iter().any(|d| STOPPED_CODES.contains(&d.code))
    }

    /// Leaves out the races `drop` picks (one flag per race of the kernel,
    /// in order) and returns how many. A kernel left without races gets the
    /// verdict the engine would have given without them: `unknown` when some
    /// of its pairs were not decided, `race-free` otherwise.
    pub(crate) fn drop_races(&mut self, drop: impl Fn(&KernelResult) -> Vec<bool>) -> usize {
        let mut dropped = 0;
        for kernel in &mut self.kernels {
            if kernel.races.is_empty() {
                continue;
            }
            let mut flags = drop(kernel).into_iter();
            let before = kernel.races.len();
            kernel.races.retain(|_| !flags.next().unwrap_or(false));
            dropped += before - kernel.races.len();
            kernel.settle();
        }
        dropped
    }

    /// Kernels sorted by location, then name.
    pub(crate) fn sorted_kernels(&self) -> Vec<&KernelResult> {
        let mut kernels: Vec<&KernelResult> = self.kernels.iter().collect();
        kernels.sort_by(|a, b| (&a.file, a.line, a.col, &a.kernel).cmp(&(&b.file, b.line, b.col, &b.kernel)));
        kernels
    }

    /// Every race with its kernel, sorted by location, then class.
    pub(crate) fn sorted_races(&self) -> Vec<(&KernelResult, &Race)> {
        let mut races: Vec<(&KernelResult, &Race)> =
            self.kernels.iter().flat_map(|k| k.races.iter().map(move |r| (k, r))).collect();
        races.sort_by(|(ka, a), (kb, b)| (a.sort_key(), &ka.kernel).cmp(&(b.sort_key(), &kb.kernel)));
        races
    }

    /// The file's diagnostics and those of its kernels, sorted by location,
    /// then severity and code. Diagnostics without a location come first.
    pub(crate) fn sorted_diagnostics(&self) -> Vec<&Diagnostic> {
        let mut diagnostics: Vec<&Diagnostic> =
            self.diagnostics.iter().chain(self.kernels.iter().flat_map(|k| &k.diagnostics)).collect();
        diagnostics.sort_by(|a, b| {
            (&a.file, a.line, a.col, a.severity, a.code, &a.message)
                .cmp(&(&b.file, b.line, b.col, b.severity, b.code, &b.message))
        });
        diagnostics.dedup();
        diagnostics
    }

    pub(crate) fn race_count(&self) -> usize {
        self.kernels.iter().map(|k| k.races.iter().filter(|r| !r.possible).count()).sum()
    }

    /// Races that rest on what gpurace does not model (`Race::possible`).
    pub(crate) fn possible_count(&self) -> usize {
        self.kernels.iter().map(|k| k.races.iter().filter(|r| r.possible).count()).sum()
    }
}

/// A whole run: the reports of all input files, in the order the user gave
/// them (directories expanded in sorted order).
#[derive(Debug, Clone, Default)]
pub struct Run {
    pub files: Vec<FileReport>,
    /// Wall time of the whole run, in milliseconds.
    pub total_ms: f64,
    /// A shard's results before the run-wide steps (`gpurace check --shard`):
    /// the JSON and SARIF formats carry it for `gpurace merge` (JSON: a
    /// top-level `shard`; SARIF: the run's `properties.gpurace_shard`).
    pub shard: Option<serde_json::Value>,
    /// What the run took from the caches, for the human format's last line.
    pub cache: Option<CacheUse>,
}

/// How many files' results a run analysed and how many it reused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CacheUse {
    /// Files whose results came from a cache (local or shared).
    pub reused: usize,
    /// Files analysed in this run.
    pub analysed: usize,
    /// Files left out as unchanged (`--changed-since`) with no cached result.
    pub unchanged: usize,
    /// Cache entries that failed their integrity check and were ignored.
    pub corrupt: usize,
}

impl Run {
    /// The combined verdict of all files: the verdict of highest precedence
    /// (see [`FileVerdict`]), `unknown` for a run with no file.
    /// The worst verdict of the files that hold kernels (or failed): a
    /// host-only unit of a program (`main.cpp`) does not make a run
    /// `unknown`. A run of such units alone is `unknown`.
    pub fn verdict(&self) -> FileVerdict {
        let counted = self.files.iter().filter(|f| !f.is_host_only());
        counted.map(FileReport::verdict).max().unwrap_or(FileVerdict::Unknown)
    }

    /// How many files that hold kernels (or failed) have this verdict.
    pub fn files_with(&self, verdict: FileVerdict) -> usize {
        self.files.iter().filter(|f| !f.is_host_only() && f.verdict() == verdict).count()
    }

    /// The files by verdict, as reports say it: `3 racy, 90 race-free,
    /// 2 unknown, 1 failed` (files without kernels are not among them).
    pub fn file_counts(&self) -> String {
        format!(
            "{} racy, {} race-free, {} unknown, {} failed",
            self.files_with(FileVerdict::Race),
            self.files_with(FileVerdict::RaceFree),
            self.files_with(FileVerdict::Unknown),
            self.files_with(FileVerdict::Error),
        )
    }

    /// How many files hold no kernel and did not fail: host code of a
    /// program (`main.cpp`).
    pub fn host_only_files(&self) -> usize {
        self.files.iter().filter(|f| f.is_host_only()).count()
    }

    /// Stage times summed over the files, with `total_ms` the run's wall time
    /// (files are processed in parallel, so it is less than their sum) and
    /// `peak_mib` the largest file's.
    pub fn timings(&self) -> Timings {
        let mut sum = Timings { total_ms: self.total_ms, ..Timings::default() };
        for file in &self.files {
            sum.clang_ms += file.timings.clang_ms;
            sum.peak_mib = sum.peak_mib.max(file.timings.peak_mib);
            sum.lower_ms += file.timings.lower_ms;
            sum.analysis_ms += file.timings.analysis_ms;
            for (name, phase) in &file.timings.phases {
                let total = sum.phases.entry(name.clone()).or_default();
                total.count += phase.count;
                total.ms += phase.ms;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(verdict: Verdict) -> KernelResult {
        KernelResult {
            kernel: "k".into(),
            file: "a.cu".into(),
            line: 1,
            col: 1,
            verdict,
            races: Vec::new(),
            diagnostics: Vec::new(),
            sites: Vec::new(),
            undecided: None,
        }
    }

    fn report(kernels: Vec<KernelResult>, diagnostics: Vec<Diagnostic>) -> FileReport {
        FileReport { file: "a.cu".into(), kernels, diagnostics, ..FileReport::default() }
    }

    fn clang_error() -> Diagnostic {
        Diagnostic::new(Severity::Error, "clang-error", "unknown type name `foo`").at("a.cu", 3, 1)
    }

    #[test]
    fn clang_error_without_kernels_is_an_error() {
        assert_eq!(report(vec![], vec![clang_error()]).verdict(), FileVerdict::Error);
    }

    #[test]
    fn clang_error_with_kernels_keeps_the_kernel_verdicts() {
        assert_eq!(report(vec![kernel(Verdict::RaceFree)], vec![clang_error()]).verdict(), FileVerdict::RaceFree);
    }

    #[test]
    fn internal_error_is_an_error_even_with_kernels() {
        let panic = Diagnostic::new(Severity::Error, "internal-error", "gpurace panicked");
        assert_eq!(report(vec![kernel(Verdict::Race)], vec![panic]).verdict(), FileVerdict::Error);
    }

    #[test]
    fn no_kernel_is_unknown() {
        assert_eq!(report(vec![], vec![]).verdict(), FileVerdict::Unknown);
    }

    #[test]
    fn one_unknown_kernel_makes_the_file_unknown() {
        let unknown = kernel(Verdict::Unknown { reason: "no analysis yet".into() });
        assert_eq!(report(vec![kernel(Verdict::RaceFree), unknown], vec![]).verdict(), FileVerdict::Unknown);
    }

    #[test]
    fn any_race_makes_the_file_racy() {
        let unknown = kernel(Verdict::Unknown { reason: "solver timeout".into() });
        assert_eq!(report(vec![unknown, kernel(Verdict::Race)], vec![]).verdict(), FileVerdict::Race);
    }

    #[test]
    fn run_verdict_takes_the_highest_precedence() {
        let run = |verdicts: &[Verdict]| Run {
            files: verdicts.iter().map(|v| report(vec![kernel(v.clone())], vec![])).collect(),
            ..Run::default()
        };
        assert_eq!(run(&[]).verdict(), FileVerdict::Unknown);
        assert_eq!(run(&[Verdict::RaceFree, Verdict::RaceFree]).verdict(), FileVerdict::RaceFree);
        assert_eq!(run(&[Verdict::RaceFree, Verdict::Race]).verdict(), FileVerdict::Race);
        let unknown = Verdict::Unknown { reason: String::new() };
        assert_eq!(run(&[unknown, Verdict::RaceFree]).verdict(), FileVerdict::Unknown);
    }
}
