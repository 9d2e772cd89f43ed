//! The on-disk cache: a re-check of an unchanged file reads its lowered
//! unit and its results back (no clang run, the same report), and a change
//! to any file clang read for it (here a header) makes it parse and analyse
//! again.

mod common;

use std::fs;

use serde_json::Value;

use common::gpurace;

const KERNEL: &str = r#"#include "stride.h"
__global__ void fill(int *a) {
  a[threadIdx.x * STRIDE] = threadIdx.x;
}
"#;

/// `gpurace check --format json` of `dir/k.cu` with the cache in `cache`
/// (or none): the verdict, clang's time, and the report without timings.
fn check(dir: &std::path::Path, cache: Option<&std::path::Path>) -> (String, f64, Value) {
    let file = dir.join("k.cu");
    let mut args = vec!["check", "--format", "json", "--block", "64", "--grid", "1"];
    let cache_arg;
    match cache {
        Some(c) => {
            cache_arg = c.to_str().expect("a UTF-8 path").to_string();
            args.extend(["--cache-dir", &cache_arg]);
        }
        None => args.push("--no-cache"),
    }
    args.push(file.to_str().expect("a UTF-8 path"));
    let run = gpurace(&args);
    assert!(run.code == 0 || run.code == 1, "exit {}:\n{}", run.code, run.stderr);
    let mut json = run.json();
    let clang = json["timings"]["clang_ms"].as_f64().expect("clang_ms");
    json.as_object_mut().expect("an object").remove("timings");
    (json["verdict"].as_str().expect("a verdict").to_string(), clang, json)
}

#[test]
fn a_warm_recheck_parses_nothing_and_a_header_change_is_seen() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cache = dir.path().join("cache");
    fs::write(dir.path().join("k.cu"), KERNEL).unwrap();
    fs::write(dir.path().join("stride.h"), "#define STRIDE 1\n").unwrap();

    let (cold, cold_clang, cold_report) = check(dir.path(), Some(&cache));
    assert_eq!(cold, "race-free");
    assert!(cold_clang > 0.0, "the first run parses");

    let (warm, warm_clang, warm_report) = check(dir.path(), Some(&cache));
    assert_eq!(warm_clang, 0.0, "an unchanged file is read back, not parsed");
    assert_eq!((warm, warm_report), (cold, cold_report), "a warm run reports what the cold one did");

    fs::write(dir.path().join("stride.h"), "#define STRIDE 0\n").unwrap();
    let (changed, changed_clang, _) = check(dir.path(), Some(&cache));
    assert!(changed_clang > 0.0, "a changed header makes the file parse again");
    assert_eq!(changed, "race", "and the new header decides the result");

    let (uncached, uncached_clang, _) = check(dir.path(), None);
    assert!(uncached_clang > 0.0, "`--no-cache` always parses");
    assert_eq!(uncached, "race");
}
