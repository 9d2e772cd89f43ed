//! The on-disk cache: a re-check of an unchanged file reads its lowered
//! unit and its results back (no clang run, the same report), and a change
//! to any file clang read for it (here a header) makes it parse and analyse
//! again; a file checked as part of the unit that `#include`s it is analysed
//! again when that unit changes.

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

#[test]
fn a_file_checked_as_part_of_its_includer_is_analysed_again_when_the_includer_changes() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cache = dir.path().join("cache");
    let cache = cache.to_str().expect("a UTF-8 path");
    fs::write(
        dir.path().join("kernels.cu"),
        "__global__ void fill(int *a) { a[blockIdx.x * 64 + threadIdx.x] = 1; }\n",
    )
    .unwrap();
    let main = |threads: u32| {
        format!("#include \"kernels.cu\"\nint main() {{ int *a; cudaMalloc(&a, 64 * 4 * 8); fill<<<8, {threads}>>>(a); }}\n")
    };
    let check = || {
        let file = dir.path().join("kernels.cu");
        let run = gpurace(&["check", "--format", "json", "--cache-dir", cache, file.to_str().expect("a UTF-8 path")]);
        run.json()["verdict"].as_str().expect("a verdict").to_string()
    };
    fs::write(dir.path().join("main.cu"), main(64)).unwrap();
    assert_eq!(check(), "race-free", "checked at the launch of `main.cu`");
    assert_eq!(check(), "race-free", "read back");
    // Only the including unit changes: the kernel's file and its own unit
    // entry are the same, its program is not.
    fs::write(dir.path().join("main.cu"), main(128)).unwrap();
    assert_eq!(check(), "race", "the changed launch decides");
}
