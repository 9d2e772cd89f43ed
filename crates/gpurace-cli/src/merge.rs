//! One result per kernel per run. A kernel that a header (or an
//! `#include`d source) defines is in every unit that includes it, and each
//! unit's check analyses it at the launches of its own program. The run
//! reports it once, in the first file (in run order) that saw it launched,
//! with the launch sites, races and diagnostics of every copy, and its
//! verdict settled over all of them. A copy analysed on its own (its unit
//! never launches it) is left out when another unit launches the kernel:
//! a kernel runs only where it is launched, and its values there are the
//! launch's, not any values at all.
//!
//! A kernel is known by its file (canonical), line, column and name with
//! template arguments: two instantiations are two kernels.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use gpurace_core::KernelResult;
use gpurace_ir::{Diagnostic, Severity};
use gpurace_report::FileReport;

use crate::inputs::canonical;

/// A kernel: its file (canonical), line, column and name.
type Identity = (PathBuf, u32, u32, String);

/// Leaves one result per kernel in `files`; each file that loses one gets
/// a `program` note that says where it is reported.
pub fn once_per_kernel(files: &mut [FileReport]) {
    // Each kernel's copies, in run order.
    let mut order: Vec<Identity> = Vec::new();
    let mut copies: HashMap<Identity, Vec<(usize, usize)>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for (k, kernel) in file.kernels.iter().enumerate() {
            let key = (canonical(&kernel.file), kernel.line, kernel.col, kernel.kernel.clone());
            let list = copies.entry(key.clone()).or_default();
            if list.is_empty() {
                order.push(key);
            }
            list.push((f, k));
        }
    }
    let mut dropped: HashSet<(usize, usize)> = HashSet::new();
    let mut notes: Vec<(usize, Diagnostic)> = Vec::new();
    for key in &order {
        let list = &copies[key];
        if list.len() < 2 {
            continue;
        }
        let launched: Vec<(usize, usize)> =
            list.iter().copied().filter(|&(f, k)| !files[f].kernels[k].sites.is_empty()).collect();
        let kept = if launched.is_empty() { list.clone() } else { launched };
        // The kernel's own file, when it is a file of the run and has a copy
        // worth keeping; else the first.
        let (f0, k0) = kept.iter().copied().find(|&(f, _)| canonical(&files[f].file) == key.0).unwrap_or(kept[0]);
        let mut merged = files[f0].kernels[k0].clone();
        for &(f, k) in kept.iter().filter(|&&c| c != (f0, k0)) {
            merge_into(&mut merged, &files[f].kernels[k]);
        }
        let place = format!("{}:{}", merged.file, merged.line);
        let message = format!(
            "kernel `{}` ({place}) is reported once, with `{}`{}",
            merged.kernel,
            files[f0].file,
            if merged.sites.is_empty() { "" } else { ", at every launch seen" }
        );
        files[f0].kernels[k0] = merged;
        for &(f, k) in list.iter().filter(|&&c| c != (f0, k0)) {
            dropped.insert((f, k));
            if f != f0 {
                notes.push((f, Diagnostic::new(Severity::Note, "program", message.clone()).at(&files[f].file, 0, 0)));
            }
        }
    }
    for (f, file) in files.iter_mut().enumerate() {
        let mut k = 0;
        file.kernels.retain(|_| {
            k += 1;
            !dropped.contains(&(f, k - 1))
        });
        file.reported_elsewhere += dropped.iter().filter(|(g, _)| *g == f).count();
    }
    for (f, note) in notes {
        if !files[f].diagnostics.contains(&note) {
            files[f].diagnostics.push(note);
        }
    }
}

/// Adds the sites, races and diagnostics of `other`, a copy of the same
/// kernel analysed in another program, to `into`, and settles the verdict.
fn merge_into(into: &mut KernelResult, other: &KernelResult) {
    for site in &other.sites {
        if !into.sites.contains(site) {
            into.sites.push(site.clone());
        }
    }
    for race in &other.races {
        if !into.races.iter().any(|r| r.sort_key() == race.sort_key()) {
            into.races.push(race.clone());
        }
    }
    into.races.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    for diagnostic in &other.diagnostics {
        if !into.diagnostics.contains(diagnostic) {
            into.diagnostics.push(diagnostic.clone());
        }
    }
    if into.undecided.is_none() {
        into.undecided.clone_from(&other.undecided);
    }
    into.settle();
}

#[cfg(test)]
mod tests {
    use gpurace_core::Verdict;

    use super::*;

    fn kernel(file: &str, sites: &[&str], verdict: Verdict) -> KernelResult {
        KernelResult {
            kernel: "scale".into(),
            file: file.into(),
            line: 1,
            col: 17,
            verdict,
            races: Vec::new(),
            diagnostics: Vec::new(),
            sites: sites.iter().map(|s| s.to_string()).collect(),
            undecided: None,
        }
    }

    fn report(file: &str, kernels: Vec<KernelResult>) -> FileReport {
        FileReport { file: file.into(), kernels, ..FileReport::default() }
    }

    #[test]
    fn a_launched_copy_replaces_the_one_analysed_on_its_own() {
        let mut files = vec![
            report("kernels.cu", vec![kernel("kernels.cu", &[], Verdict::Race)]),
            report("main.cu", vec![kernel("kernels.cu", &["main.cu:6 (main)"], Verdict::RaceFree)]),
        ];
        once_per_kernel(&mut files);
        assert!(files[0].kernels.is_empty());
        assert_eq!(files[1].kernels.len(), 1);
        assert_eq!(files[1].kernels[0].verdict, Verdict::RaceFree);
        let note = &files[0].diagnostics[0];
        assert_eq!(note.code, "program");
        assert_eq!(
            note.message,
            "kernel `scale` (kernels.cu:1) is reported once, with `main.cu`, at every launch seen"
        );
    }

    #[test]
    fn launched_copies_are_merged_in_the_first_file() {
        let undecided = KernelResult {
            undecided: Some("a pair was not decided".into()),
            ..kernel("k.cuh", &["b.cu:9 (main)"], Verdict::Unknown { reason: "a pair was not decided".into() })
        };
        let mut files = vec![
            report("a.cu", vec![kernel("k.cuh", &["a.cu:5 (main)"], Verdict::RaceFree)]),
            report("b.cu", vec![undecided, kernel("other.cuh", &[], Verdict::RaceFree)]),
        ];
        once_per_kernel(&mut files);
        assert_eq!(files[0].kernels[0].sites, ["a.cu:5 (main)", "b.cu:9 (main)"]);
        assert_eq!(files[0].kernels[0].verdict, Verdict::Unknown { reason: "a pair was not decided".into() });
        // A kernel of one file only stays where it is.
        assert_eq!(files[1].kernels.len(), 1);
        assert_eq!(files[1].kernels[0].file, "other.cuh");
    }

    #[test]
    fn a_kernel_stays_in_its_own_file_among_equals() {
        let mut files = vec![
            report("a.cu", vec![kernel("b.cu", &[], Verdict::RaceFree)]),
            report("b.cu", vec![kernel("b.cu", &[], Verdict::RaceFree)]),
        ];
        once_per_kernel(&mut files);
        assert!(files[0].kernels.is_empty());
        assert_eq!(files[1].kernels.len(), 1);
        assert_eq!(files[0].diagnostics[0].message, "kernel `scale` (b.cu:1) is reported once, with `b.cu`");
    }
}
