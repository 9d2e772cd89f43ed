//! Stable identities of races, and baselines made of them.
//!
//! A race's fingerprint hashes what identifies it for a person reading the
//! code: the kernel, the rule, and for both accesses the file's name (not its
//! directory), the access as written and whether it reads or writes. Line and
//! column numbers are left out, so an edit elsewhere in the file does not
//! change it. Two races of one kernel that would share a fingerprint (the same
//! access text on two lines) are told apart by their rank in source order,
//! `-2`, `-3`, ...
//!
//! A baseline is the JSON or SARIF report of an earlier run: every race whose
//! fingerprint it holds is left out of the new report (`--baseline`).

use std::collections::{HashMap, HashSet};

use gpurace_core::{KernelResult, Location, Race};
use sha2::{Digest, Sha256};

use crate::FileReport;

/// The version of the fingerprint scheme; part of every hash, and the key of
/// SARIF's `partialFingerprints`.
pub const SCHEME: &str = "gpurace/v1";

/// The fingerprints of `kernel`'s races, in the order of `kernel.races`.
pub fn fingerprints(kernel: &KernelResult) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    kernel
        .races
        .iter()
        .map(|race| {
            let base = base(kernel, race);
            let n = seen.entry(base.clone()).or_insert(0);
            *n += 1;
            if *n == 1 {
                base
            } else {
                format!("{base}-{n}")
            }
        })
        .collect()
}

/// The fingerprint of `race`, one of `kernel`'s races.
pub fn fingerprint(kernel: &KernelResult, race: &Race) -> String {
    let index = kernel.races.iter().position(|r| std::ptr::eq(r, race));
    match index {
        Some(i) => fingerprints(kernel).swap_remove(i),
        None => base(kernel, race),
    }
}

fn base(kernel: &KernelResult, race: &Race) -> String {
    let mut hash = Sha256::new();
    for part in [SCHEME, &kernel.kernel, race.rule_id()] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    for location in [&race.first, &race.second] {
        access(&mut hash, location);
    }
    hash.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

fn access(hash: &mut Sha256, l: &Location) {
    let name = l.file.rsplit(['/', '\\']).next().unwrap_or(&l.file);
    let mode = l.mode.map_or("barrier", |m| m.as_str());
    for part in [name, l.text.trim(), mode] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
}

/// The fingerprints an earlier report holds: every `fingerprint` string of
/// a JSON report, and every value of a SARIF result's `partialFingerprints`.
pub fn baseline(report: &serde_json::Value) -> HashSet<String> {
    let mut out = HashSet::new();
    collect(report, &mut out);
    out
}

fn collect(value: &serde_json::Value, out: &mut HashSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                match (key.as_str(), v) {
                    ("fingerprint", serde_json::Value::String(s)) => {
                        out.insert(s.clone());
                    }
                    ("partialFingerprints", serde_json::Value::Object(fps)) => {
                        if let Some(serde_json::Value::String(s)) = fps.get(SCHEME) {
                            out.insert(s.clone());
                        }
                    }
                    _ => collect(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        _ => {}
    }
}

/// Leaves out of `report` the races whose fingerprint is in `known`, and
/// returns how many. A kernel left without races gets the verdict it would
/// have had without them: race-free, or unknown when some of its pairs were
/// not decided.
pub fn apply_baseline(report: &mut FileReport, known: &HashSet<String>) -> usize {
    report.drop_races(|kernel| fingerprints(kernel).into_iter().map(|fp| known.contains(&fp)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample;

    #[test]
    fn fingerprints_ignore_line_and_column_but_not_the_access() {
        let run = sample::sample_run();
        let kernel = run.files.iter().flat_map(|f| &f.kernels).find(|k| !k.races.is_empty()).unwrap().clone();
        let fp = fingerprints(&kernel);
        let mut moved = kernel.clone();
        for race in &mut moved.races {
            race.first.line += 7;
            race.second.line += 7;
            race.second.col += 2;
            race.first.file = format!("elsewhere/{}", race.first.file);
        }
        assert_eq!(fingerprints(&moved), fp);
        let mut changed = kernel.clone();
        changed.races[0].second.text.push_str(" + 1");
        assert_ne!(fingerprints(&changed)[0], fp[0]);
        assert_eq!(fp[0].len(), 16);
    }

    #[test]
    fn equal_accesses_on_two_lines_get_ranks() {
        let run = sample::sample_run();
        let mut kernel = run.files.iter().flat_map(|f| &f.kernels).find(|k| !k.races.is_empty()).unwrap().clone();
        let mut twin = kernel.races[0].clone();
        twin.first.line += 100;
        twin.second.line += 100;
        kernel.races.insert(1, twin);
        let fp = fingerprints(&kernel);
        assert_eq!(fp[1], format!("{}-2", fp[0]));
    }

    #[test]
    fn a_baseline_drops_known_races_and_restores_the_verdict() {
        let mut run = sample::sample_run();
        let file = run.files.iter_mut().find(|f| f.kernels.iter().any(|k| !k.races.is_empty())).unwrap();
        let all: HashSet<String> = file.kernels.iter().flat_map(fingerprints).collect();
        let report = serde_json::json!({"races": all.iter().map(|fp| serde_json::json!({"fingerprint": fp})).collect::<Vec<_>>()});
        let known = baseline(&report);
        assert_eq!(known, all);
        let total: usize = file.kernels.iter().map(|k| k.races.len()).sum();
        assert_eq!(apply_baseline(file, &known), total);
        assert!(file.kernels.iter().all(|k| k.races.is_empty() && k.verdict != gpurace_core::Verdict::Race));
    }
}
