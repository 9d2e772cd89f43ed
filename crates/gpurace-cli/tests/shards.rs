//! `gpurace check --shard I/N` and `gpurace merge`: the shards' reports of the
//! `program` fixtures (kernels launched from other units, a `.cu` file
//! another `#include`s) merged give the report of one run.

mod common;

use std::path::Path;
use std::process::Command;

/// Runs `gpurace ARGS` in `dir` and returns its stdout and exit code.
fn run_in(dir: &Path, args: &[&str]) -> (String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace")).current_dir(dir).args(args).output().unwrap();
    (String::from_utf8(output.stdout).unwrap(), output.status.code().unwrap())
}

/// A JSON report without its timings.
fn without_timings(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            map.into_iter().filter(|(k, _)| k != "timings").map(|(k, v)| (k, without_timings(v))).collect()
        }
        serde_json::Value::Array(list) => list.into_iter().map(without_timings).collect(),
        other => other,
    }
}

#[test]
fn three_shards_merged_are_one_run() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let out = tempfile::tempdir().unwrap();
    for format in ["json", "sarif"] {
        let (one, code) = run_in(&fixtures, &["check", "--no-cache", "--format", format, "program"]);
        let mut reports = Vec::new();
        let mut files = 0;
        for i in 1..=3 {
            let shard = format!("{i}/3");
            let (text, _) =
                run_in(&fixtures, &["check", "--no-cache", "--format", format, "--shard", &shard, "program"]);
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            if format == "json" {
                let shown = value["files"].as_array().unwrap().len();
                assert!(shown > 0, "shard {shard} checks some files");
                files += shown;
            }
            let path = out.path().join(format!("{i}.{format}"));
            std::fs::write(&path, text).unwrap();
            reports.push(path.display().to_string());
        }
        // Given in another order than their numbers.
        reports.reverse();
        let mut args = vec!["merge"];
        args.extend(reports.iter().map(String::as_str));
        let (merged, merged_code) = run_in(&fixtures, &args);
        assert_eq!(merged_code, code);
        if format == "json" {
            let one: serde_json::Value = serde_json::from_str(&one).unwrap();
            assert!(files >= one["files"].as_array().unwrap().len(), "every file is some shard's");
            assert_eq!(without_timings(serde_json::from_str(&merged).unwrap()), without_timings(one));
        } else {
            // SARIF has no timings: the same bytes.
            assert_eq!(merged, one);
            // With the one run as the baseline, the merge knows every race.
            let baseline = out.path().join("baseline.sarif");
            std::fs::write(&baseline, &one).unwrap();
            let mut args = vec!["merge", "--format", "human", "--baseline", baseline.to_str().unwrap()];
            args.extend(reports.iter().map(String::as_str));
            let (text, code) = run_in(&fixtures, &args);
            assert_eq!(code, 0, "{text}");
            assert!(text.contains("of the baseline"), "{text}");
        }
    }
}

#[test]
fn a_missing_or_repeated_shard_is_an_error() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let out = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let (text, _) =
            run_in(&fixtures, &["check", "--no-cache", "--format", "json", "--shard", &shard, "program/units"]);
        let path = out.path().join(format!("{i}.json"));
        std::fs::write(&path, text).unwrap();
        paths.push(path.display().to_string());
    }
    let run = common::gpurace(&["merge", &paths[0]]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("shard 2/2 is missing"), "{}", run.stderr);
    let run = common::gpurace(&["merge", &paths[0], &paths[0]]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("shard 1/2 is given twice"), "{}", run.stderr);
}
