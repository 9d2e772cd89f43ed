//! The file's schedule: which kernel is checked at which launch site, in
//! what order, with how much of the file's work budget, and how the runs of
//! a kernel make its result.
//!
//! Three rounds. Each run (a kernel at a site) first spends at most half an
//! equal share of what the file has left (the last run all of it), so a
//! hard kernel cannot starve the ones after it; then each run its share
//! left `unknown` is run again, in order, with what the file has left.
//! Sites of a host loop's iterations ([`Unrolling::Iteration`]) are not in
//! these rounds: they stand in for the loop's summary site, and are checked
//! in a third round, with what the file has left, only for a kernel the
//! summary left undecided. Checking them from the start would split the
//! budget over up to eight iterations where one summary decides them all.

use std::time::Instant;

use gpurace_ir::{Diagnostic, Program, Severity};

use gpurace_core::{KernelResult, Site, Unrolling, Verdict};

use super::{check_run, Cache, KernelCheck};
use crate::config::Config;

/// Checks every kernel of `program` once per launch site in `sites` (a
/// kernel without a site is checked on its own). A kernel's result gathers
/// its sites: the races of each (named by their site), the worst verdict.
/// Results come in the order of `program.kernels`.
pub fn check_sites(program: &Program, config: &Config, sites: &[Site]) -> Vec<KernelResult> {
    let mut schedule = Schedule { program, config, cache: Cache::default(), started: Instant::now(), spent: 0 };
    let mine: Vec<Vec<&Site>> = (0..program.kernels.len())
        .map(|k| sites.iter().filter(|s| s.kernel == k && !is_iteration(s)).collect())
        .collect();
    let standalone: Vec<Site> = (0..program.kernels.len()).map(Site::empty).collect();
    let runs: Vec<(usize, &Site)> = mine
        .iter()
        .enumerate()
        .flat_map(
            |(k, mine)| {
                if mine.is_empty() {
                    vec![(k, &standalone[k])]
                } else {
                    mine.iter().map(|s| (k, *s)).collect()
                }
            },
        )
        .collect();
    let checks = schedule.first_rounds(&runs);
    let mut done: Vec<(usize, &Site, Run)> = runs.iter().zip(checks).map(|(&(k, s), run)| (k, s, run)).collect();
    schedule.iterations(&mut done, sites);
    gather(program, config, done)
}

fn is_iteration(site: &Site) -> bool {
    matches!(site.unrolling, Some(Unrolling::Iteration(_)))
}

/// One run of the file's schedule: a kernel checked at a site (with the
/// kernel budget it had), or not analysed, and why.
enum Run {
    Done(KernelCheck, u64),
    Skipped((&'static str, &'static str)),
}

impl Run {
    /// Whether the run decided its kernel at its site: proved it, or found
    /// a race that is not only possible.
    fn decided(&self) -> bool {
        match self {
            Run::Done(check, _) if check.races.is_empty() => matches!(check.verdict, Verdict::RaceFree),
            Run::Done(check, _) => check.races.iter().any(|r| !r.possible),
            Run::Skipped(_) => false,
        }
    }

    fn found_race(&self) -> bool {
        matches!(self, Run::Done(check, _) if check.races.iter().any(|r| !r.possible))
    }
}

/// The file's budget as the runs spend it.
struct Schedule<'a> {
    program: &'a Program,
    config: &'a Config,
    cache: Cache,
    started: Instant,
    spent: u64,
}

impl Schedule<'_> {
    /// The first two rounds over `runs`.
    fn first_rounds(&mut self, runs: &[(usize, &Site)]) -> Vec<Run> {
        let config = self.config;
        let mut checks: Vec<Run> = Vec::with_capacity(runs.len());
        for (i, &(k, site)) in runs.iter().enumerate() {
            if let Some(skip) = self.over_budget() {
                checks.push(Run::Skipped(skip));
                continue;
            }
            // Half an equal share, the other half kept for the second round;
            // the last run, with no round after it, takes what is left.
            let share = config.file_rlimit.saturating_sub(self.spent) / (2 * (runs.len() - i) - 1) as u64;
            checks.push(self.run(k, site, config.kernel_rlimit.min(share)));
        }
        // What the file did not spend goes to the runs their share stopped.
        for (slot, &(k, site)) in checks.iter_mut().zip(runs) {
            let Run::Done(check, cap) = slot else { continue };
            let more = config.kernel_rlimit.min(config.file_rlimit.saturating_sub(self.spent));
            if !check.budget_bound || !check.races.is_empty() || more <= *cap || self.over_budget().is_some() {
                continue;
            }
            *slot = self.run(k, site, more);
        }
        checks
    }

    /// The third round: for each kernel whose summary site of a host loop
    /// left it undecided, the loop's iterations, each with an equal share
    /// of what the file has left. They replace the summary's runs when they
    /// decide more: a race, or every iteration decided.
    fn iterations<'s>(&mut self, done: &mut Vec<(usize, &'s Site, Run)>, sites: &'s [Site]) {
        let mut groups: Vec<(usize, u32)> = Vec::new();
        for s in sites {
            if let Some(Unrolling::Iteration(g)) = s.unrolling {
                if !groups.contains(&(s.kernel, g)) {
                    groups.push((s.kernel, g));
                }
            }
        }
        let undecided: Vec<(usize, u32)> = groups
            .into_iter()
            .filter(|&(k, g)| {
                let mut summary = done.iter().filter(|(j, s, _)| *j == k && s.unrolling == Some(Unrolling::Summary(g)));
                summary.any(|(_, _, run)| !run.decided())
            })
            .collect();
        let mut left: usize = undecided
            .iter()
            .map(|&(k, g)| {
                sites.iter().filter(|s| s.kernel == k && s.unrolling == Some(Unrolling::Iteration(g))).count()
            })
            .sum();
        for (k, g) in undecided {
            let mut runs = Vec::new();
            for site in sites.iter().filter(|s| s.kernel == k && s.unrolling == Some(Unrolling::Iteration(g))) {
                let run = match self.over_budget() {
                    Some(skip) => Run::Skipped(skip),
                    None => {
                        let share = self.config.file_rlimit.saturating_sub(self.spent) / left as u64;
                        self.run(k, site, self.config.kernel_rlimit.min(share))
                    }
                };
                left -= 1;
                runs.push((k, site, run));
            }
            if runs.iter().any(|(_, _, r)| r.found_race()) || runs.iter().all(|(_, _, r)| r.decided()) {
                let summary = Some(Unrolling::Summary(g));
                let at = done.iter().position(|(j, s, _)| *j == k && s.unrolling == summary).unwrap_or(done.len());
                done.retain(|(j, s, _)| !(*j == k && s.unrolling == summary));
                let at = at.min(done.len());
                done.splice(at..at, runs);
            }
        }
    }

    /// Kernel `k` checked at `site` within `cap` work units.
    fn run(&mut self, k: usize, site: &Site, cap: u64) -> Run {
        let check = check_run(self.program, k, self.config, site, &self.cache, cap);
        self.spent += check.work;
        Run::Done(check, cap)
    }

    /// Why the file analyses no more kernels, if it does not: its work
    /// budget is spent, or (a safety net) its wall-clock time.
    fn over_budget(&self) -> Option<(&'static str, &'static str)> {
        if self.spent > self.config.file_rlimit {
            Some(("the file's work limit is spent (`--file-rlimit`)", "solver-unknown"))
        } else if self.started.elapsed() > self.config.file_budget {
            Some(("the file's wall-clock safety net fired, so this result may differ between runs", "time-limit"))
        } else {
            None
        }
    }
}

/// Each kernel's result from the runs kept for it.
fn gather(program: &Program, config: &Config, done: Vec<(usize, &Site, Run)>) -> Vec<KernelResult> {
    let mut results: Vec<KernelResult> = program
        .kernels
        .iter()
        .map(|kernel| {
            let (file, line, col) = program.locate(kernel.span);
            KernelResult {
                kernel: kernel.display_name(),
                file,
                line,
                col,
                verdict: Verdict::RaceFree,
                races: Vec::new(),
                diagnostics: Vec::new(),
                sites: Vec::new(),
                undecided: None,
            }
        })
        .collect();
    for (k, site, run) in done {
        let result = &mut results[k];
        if !site.label.is_empty() {
            result.sites.push(site.label.clone());
        }
        match run {
            Run::Skipped((reason, code)) => {
                let message = format!("kernel `{}` was not analysed: {reason}", result.kernel);
                let diag = Diagnostic::new(Severity::Warning, code, message).at(&result.file, result.line, result.col);
                result.diagnostics.push(diag);
                result.undecided.get_or_insert(reason.to_string());
            }
            Run::Done(KernelCheck { verdict, races, mut diagnostics, .. }, _) => {
                result.diagnostics.append(&mut diagnostics);
                for race in races {
                    // A race two sites allow is reported once, at the first.
                    if !result.races.iter().any(|r| r.sort_key() == race.sort_key()) {
                        result.races.push(race);
                    }
                }
                if let Verdict::Unknown { reason } = verdict {
                    result.undecided.get_or_insert(reason);
                }
            }
        }
    }
    for result in &mut results {
        for race in &mut result.races {
            race.possible = race.possible && !config.report_possible;
        }
        result.races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        result.settle();
    }
    results
}
