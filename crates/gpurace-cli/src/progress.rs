//! The progress of `gpurace check` on stderr: on a terminal, a line with how
//! many files are done, an estimate of the time left and the files being
//! analysed, and each file's verdict above it as the file finishes; with
//! `--progress lines` (CI logs), one plain line per finished file with the
//! count, its time and peak memory, and the estimate. The report itself
//! comes whole on stdout at the end, in input order; nothing is drawn into a
//! stderr that is not a terminal unless asked.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Instant;

use crate::check::Checked;

/// `--progress`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A progress bar on a terminal; nothing otherwise.
    Auto,
    /// One line per finished file, on any stderr (for CI logs).
    Lines,
    /// Nothing.
    Never,
}

/// The progress of a `check` run; see the module documentation.
pub struct Progress {
    bar: indicatif::ProgressBar,
    lines: bool,
    total: usize,
    jobs: usize,
    started: Instant,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    running: Vec<String>,
    done: usize,
}

impl Progress {
    pub fn new(files: usize, jobs: usize, mode: Mode) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = if mode == Mode::Auto && terminal {
            indicatif::ProgressBar::new(files as u64)
        } else {
            indicatif::ProgressBar::hidden()
        };
        let template = if files > 1 {
            "{spinner} {bar:30} {pos}/{len} files, {elapsed}, about {eta} left: {wide_msg}"
        } else {
            "{spinner} {elapsed}: {wide_msg}"
        };
        let style = indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style);
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        Progress {
            bar,
            lines: mode == Mode::Lines,
            total: files,
            jobs: jobs.max(1),
            started: Instant::now(),
            state: Mutex::default(),
        }
    }

    pub fn start(&self, name: &str) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.running.push(name.to_string());
        self.bar.set_message(format!("analysing {}", state.running.join(", ")));
    }

    pub fn finish(&self, name: &str, checked: &Result<Checked, String>, started: Instant) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.running.retain(|n| n != name);
        state.done += 1;
        self.bar.set_message(format!("analysing {}", state.running.join(", ")));
        let seconds = started.elapsed().as_secs_f64();
        let line = match checked {
            Ok(Checked::Report(report)) => {
                let memory = match report.timings.peak_mib {
                    0.0 => String::new(),
                    mib => format!(", {mib:.0} MiB"),
                };
                format!(
                    "{name}: {} ({} kernel{}, {seconds:.1} s{memory})",
                    report.verdict().as_str(),
                    report.kernels.len(),
                    if report.kernels.len() == 1 { "" } else { "s" }
                )
            }
            Ok(Checked::PartOf { by, .. }) => format!("{name}: checked as part of {by}"),
            Ok(Checked::Unchanged { .. }) => format!("{name}: unchanged, no cached result: not checked"),
            Err(e) => format!("{name}: {e}"),
        };
        if self.lines {
            eprintln!("[{}/{}] {line}{}", state.done, self.total, self.estimate(state.done));
        }
        self.bar.println(line);
        self.bar.inc(1);
    }

    /// What is left, at the pace so far: files left over the files done a
    /// second, on the run's jobs.
    fn estimate(&self, done: usize) -> String {
        let left = self.total.saturating_sub(done);
        if left == 0 || done < self.jobs.min(self.total) {
            return String::new();
        }
        let seconds = self.started.elapsed().as_secs_f64() / done as f64 * left as f64;
        match seconds {
            s if s < 90.0 => format!("; about {s:.0} s left"),
            s => format!("; about {:.0} min left", s / 60.0),
        }
    }

    /// Whether progress is shown (a terminal's bar, or lines).
    pub fn shown(&self) -> bool {
        self.lines || !self.bar.is_hidden()
    }

    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}
