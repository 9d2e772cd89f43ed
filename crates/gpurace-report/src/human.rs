//! The human format: rustc-like text, one block per finding, then one line
//! per kernel and one summary line per file (and per run, for several files).
//!
//! ```text
//! error[intra-block-race]: write-read race on shared `s` in kernel `reduce`
//!   --> reduce.cu:14:19
//!    |
//! 13 |         s[tid] = v;
//!    |         ------ first write
//! 14 |         float w = s[tid + 1];
//!    |                   ^^^^^^^^^^ second read
//!    |
//!    = help: a `__syncthreads()` between the two accesses orders them
//! ```

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use gpurace_ir::{Diagnostic, Severity};
use gpurace_static::{KernelResult, Location, Race};

use crate::message::{help, label, message, notes};
use crate::{FileReport, FileVerdict, Run, Sources};

/// Writes the human report of `run`.
pub fn render(run: &Run, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    for file in &run.files {
        render_file(file, sources, out)?;
        if run.files.len() > 1 {
            writeln!(out)?;
        }
    }
    if run.files.len() > 1 {
        let count = |v: FileVerdict| run.files.iter().filter(|f| f.verdict() == v).count();
        writeln!(
            out,
            "summary: {} ({} files: {} racy, {} race-free, {} unknown, {} failed)",
            run.verdict().as_str(),
            run.files.len(),
            count(FileVerdict::Race),
            count(FileVerdict::RaceFree),
            count(FileVerdict::Unknown),
            count(FileVerdict::Error),
        )?;
    }
    Ok(())
}

fn render_file(file: &FileReport, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    for diagnostic in file.sorted_diagnostics() {
        render_diagnostic(diagnostic, sources, out)?;
    }
    for (kernel, race) in file.sorted_races() {
        render_race(kernel, race, sources, out)?;
    }
    for kernel in file.sorted_kernels() {
        let verdict = match kernel.verdict.reason() {
            Some(reason) => format!("{} ({reason})", kernel.verdict.as_str()),
            None => kernel.verdict.as_str().to_string(),
        };
        let launches = match kernel.sites.as_slice() {
            [] => "no launch seen, analysed on its own".to_string(),
            [one] => format!("launched at {one}"),
            [first, rest @ ..] => format!("launched at {first} and {} more site(s)", rest.len()),
        };
        writeln!(
            out,
            "{}:{}:{}: kernel `{}` ({launches}): {verdict}",
            kernel.file, kernel.line, kernel.col, kernel.kernel
        )?;
    }
    let kernels = file.kernels.len();
    let races = file.race_count();
    writeln!(
        out,
        "{}: {} ({kernels} kernel{}, {races} race{})",
        file.file,
        file.verdict().as_str(),
        plural(kernels),
        plural(races),
    )
}

/// Styles of the parts of a finding, as rustc colours them. The CLI strips
/// them when stdout is not a terminal or `NO_COLOR` is set.
const ERROR: Style = AnsiColor::BrightRed.on_default().bold();
const WARNING: Style = AnsiColor::BrightYellow.on_default().bold();
const NOTE: Style = AnsiColor::BrightGreen.on_default().bold();
const GUTTER: Style = AnsiColor::BrightBlue.on_default().bold();
const BOLD: Style = Style::new().bold();

fn render_diagnostic(diagnostic: &Diagnostic, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    let (level, style) = match diagnostic.severity {
        Severity::Error => ("error", ERROR),
        Severity::Warning => ("warning", WARNING),
        Severity::Note => ("note", NOTE),
    };
    writeln!(out, "{style}{level}[{}]{style:#}{BOLD}: {}{BOLD:#}", diagnostic.code, diagnostic.message)?;
    if diagnostic.file.is_empty() {
        return writeln!(out);
    }
    let line = diagnostic.line;
    let source = sources.line(&diagnostic.file, line).filter(|_| diagnostic.col > 0);
    let width = digits(line);
    writeln!(out, "{:width$}{GUTTER}-->{GUTTER:#} {}:{}:{}", "", diagnostic.file, line, diagnostic.col)?;
    if let Some(text) = source {
        let (shown, offset) = expand(text, diagnostic.col);
        writeln!(out, "{:width$} {GUTTER}|{GUTTER:#}", "")?;
        writeln!(out, "{GUTTER}{line} |{GUTTER:#} {shown}")?;
        writeln!(out, "{:width$} {GUTTER}|{GUTTER:#} {:offset$}{style}^{style:#}", "", "")?;
    }
    writeln!(out)
}

fn render_race(kernel: &KernelResult, race: &Race, sources: &Sources, out: &mut dyn Write) -> io::Result<()> {
    let (first, second) = (&race.first, &race.second);
    writeln!(out, "{ERROR}error[{}]{ERROR:#}{BOLD}: {}{BOLD:#}", race.rule_id(), message(race, &kernel.kernel))?;
    let width = digits(first.line.max(second.line));
    writeln!(out, "{:width$}{GUTTER}-->{GUTTER:#} {}:{}:{}", "", second.file, second.line, second.col)?;

    let mut notes = notes(race);
    let first_label = label(race, false);
    let second_label = label(race, true);
    let has_source = |l: &Location| sources.line(&l.file, l.line).is_some() && l.col > 0;
    if first.file == second.file && has_source(first) && has_source(second) {
        writeln!(out, "{:width$} {GUTTER}|{GUTTER:#}", "")?;
        let marks = [(first, '-', first_label), (second, '^', second_label)];
        let mut lines: Vec<u32> = marks.iter().map(|(l, _, _)| l.line).collect();
        lines.sort_unstable();
        lines.dedup();
        for line in lines {
            let text = sources.line(&first.file, line).unwrap_or_default();
            writeln!(out, "{GUTTER}{line:>width$} |{GUTTER:#} {}", expand(text, 1).0)?;
            for (location, mark, label) in marks.iter().filter(|(l, _, _)| l.line == line) {
                underline(location, text, *mark, label, width, out)?;
            }
        }
    } else {
        // The two sides are in different files (a header and the kernel) or
        // the source is not at hand: name both places in notes instead.
        notes.insert(0, format!("{first_label} at {}:{}:{}{}", first.file, first.line, first.col, quoted(first)));
        notes.insert(1, format!("{second_label} at {}:{}:{}{}", second.file, second.line, second.col, quoted(second)));
    }
    writeln!(out, "{:width$} {GUTTER}|{GUTTER:#}", "")?;
    for note in notes {
        writeln!(out, "{:width$} {GUTTER}={GUTTER:#} {BOLD}note{BOLD:#}: {note}", "")?;
    }
    writeln!(out, "{:width$} {GUTTER}={GUTTER:#} {BOLD}help{BOLD:#}: {}", "", help(race))?;
    writeln!(out)
}

fn underline(
    location: &Location,
    text: &str,
    mark: char,
    label: &str,
    width: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (_, offset) = expand(text, location.col);
    let length = location.text.chars().count().max(1);
    let marks = mark.to_string().repeat(length);
    let style = if mark == '^' { ERROR } else { GUTTER };
    writeln!(out, "{:width$} {GUTTER}|{GUTTER:#} {:offset$}{style}{marks} {label}{style:#}", "", "")
}

/// A source line with tabs expanded to four spaces, and the display column
/// (0-based) of the 1-based byte column `col` in it.
fn expand(text: &str, col: u32) -> (String, usize) {
    let byte = usize::try_from(col).unwrap_or(usize::MAX).saturating_sub(1);
    let mut shown = String::with_capacity(text.len());
    let mut offset = None;
    for (index, c) in text.char_indices() {
        if index >= byte && offset.is_none() {
            offset = Some(shown.chars().count());
        }
        if c == '\t' {
            shown.push_str("    ");
        } else {
            shown.push(c);
        }
    }
    let offset = offset.unwrap_or_else(|| shown.chars().count());
    (shown, offset)
}

fn quoted(location: &Location) -> String {
    if location.text.is_empty() {
        String::new()
    } else {
        format!(" (`{}`)", location.text)
    }
}

fn digits(n: u32) -> usize {
    n.max(1).ilog10() as usize + 1
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{sample_run, sample_sources};

    /// The text without styles, as a pipe gets it.
    fn render_to_string(run: &Run, sources: &Sources) -> String {
        let mut out = Vec::new();
        render(run, sources, &mut out).unwrap();
        anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string()
    }

    #[test]
    fn findings_are_styled_for_terminals() {
        let mut out = Vec::new();
        render(&sample_run(), &sample_sources(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(&format!("{ERROR}error[")));
        assert!(text.contains(&format!("{GUTTER}-->")));
    }

    #[test]
    fn sample_run_with_sources() {
        insta::assert_snapshot!(render_to_string(&sample_run(), &sample_sources()));
    }

    #[test]
    fn sample_run_without_sources() {
        insta::assert_snapshot!(render_to_string(&sample_run(), &Sources::new()));
    }

    #[test]
    fn expand_maps_byte_columns_through_tabs() {
        assert_eq!(expand("\tx = 1;", 2), ("    x = 1;".to_string(), 4));
        assert_eq!(expand("ab", 9), ("ab".to_string(), 2));
    }
}
