//! The same input and flags give the same answer every time: byte-identical
//! JSON apart from `timings`, with one thread or several. Budgets are work,
//! not seconds, and a kernel's queries go to solver lanes fixed by the
//! kernel, not by `--jobs` (gpurace-static's `check/solve.rs`).

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

use common::{examples, gpurace};

/// Every fixture folder of the repository, and `examples/`.
fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs: Vec<PathBuf> =
        ["static", "host", "sync", "certainty"].iter().map(|d| root.join("tests/fixtures").join(d)).collect();
    dirs.push(examples());
    dirs
}

/// `gpurace check --format json` of `dir` with `--jobs N`, without `timings`
/// (and without the cache, so that both runs analyse).
fn report(dir: &Path, jobs: &str) -> String {
    let dir = dir.to_str().expect("a UTF-8 path");
    let run = gpurace(&["check", "--format", "json", "--no-cache", "--jobs", jobs, dir]);
    assert!(run.code == 0 || run.code == 1, "exit {} on {dir}:\n{}", run.code, run.stderr);
    let mut json = run.json();
    strip_timings(&mut json);
    serde_json::to_string_pretty(&json).expect("JSON prints")
}

fn strip_timings(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("timings");
            map.values_mut().for_each(strip_timings);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_timings),
        _ => {}
    }
}

#[test]
fn reports_are_identical_with_one_thread_or_several_and_on_reruns() {
    for dir in inputs() {
        let one = report(&dir, "1");
        let two = report(&dir, "2");
        assert!(one.contains("\"races\""), "no report for {}", dir.display());
        assert_eq!(one, two, "{}: --jobs 1 and --jobs 2 differ", dir.display());
        let again = report(&dir, "2");
        assert_eq!(two, again, "{}: two runs with --jobs 2 differ", dir.display());
    }
}
