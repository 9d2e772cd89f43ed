//! The progress line of `gpurace check` on a terminal (stderr): how many
//! files are done, the ones being analysed, and each file's verdict as it
//! finishes. indicatif draws nothing when stderr is not a terminal; the
//! report itself comes whole on stdout at the end, in input order.

use std::time::Instant;

use crate::check::Checked;

/// The progress line of a `check` run on a terminal: how many files are
/// done, the ones being analysed, and one line per finished file.
pub struct Progress {
    bar: indicatif::ProgressBar,
    running: std::sync::Mutex<Vec<String>>,
}

impl Progress {
    pub fn new(files: usize) -> Progress {
        let bar = indicatif::ProgressBar::new(files as u64);
        let template = if files > 1 {
            "{spinner} {bar:30} {pos}/{len} files, {elapsed}: {wide_msg}"
        } else {
            "{spinner} {elapsed}: {wide_msg}"
        };
        let style = indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style);
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        Progress { bar, running: std::sync::Mutex::new(Vec::new()) }
    }

    pub fn start(&self, name: &str) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.push(name.to_string());
        self.bar.set_message(format!("analysing {}", running.join(", ")));
    }

    pub fn finish(&self, name: &str, checked: &Result<Checked, gpurace_front::Error>, started: Instant) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.retain(|n| n != name);
        self.bar.set_message(format!("analysing {}", running.join(", ")));
        let seconds = started.elapsed().as_secs_f64();
        let line = match checked {
            Ok(Checked::Report(report)) => format!(
                "{name}: {} ({} kernel{}, {seconds:.1} s)",
                report.verdict().as_str(),
                report.kernels.len(),
                if report.kernels.len() == 1 { "" } else { "s" }
            ),
            Ok(Checked::PartOf { by, .. }) => format!("{name}: checked as part of {by}"),
            Ok(Checked::Unchanged { .. }) => format!("{name}: unchanged, no cached result: not checked"),
            Err(e) => format!("{name}: {e}"),
        };
        self.bar.println(line);
        self.bar.inc(1);
    }

    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}
