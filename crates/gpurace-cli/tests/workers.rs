//! Files checked in worker processes: a file over `--memory-limit` is
//! `unknown` with the reason and the run goes on, each file's peak memory is
//! reported, `--progress lines` says how far the run is, and an interrupted
//! run resumes from the cache.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::examples;

#[test]
fn a_file_over_the_memory_limit_is_unknown_and_the_run_goes_on() {
    // No check fits in 20 MiB (clang alone needs more).
    let run = common::gpurace(
        &["check", "--no-cache", "--format", "json", "--memory-limit", "20", "--jobs", "2"]
            .into_iter()
            .chain([examples().to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = run.json();
    let files = report["files"].as_array().unwrap();
    assert_eq!(files.len(), 5);
    for file in files {
        assert_eq!(file["verdict"], "unknown", "{file:#}");
        let diagnostic = &file["diagnostics"][0];
        assert_eq!(diagnostic["code"], "memory-limit");
        assert!(diagnostic["message"].as_str().unwrap().contains("more than 20 MiB"));
    }
}

#[test]
fn each_file_s_peak_memory_is_reported() {
    let run = common::gpurace(&["check", "--no-cache", "--format", "json", examples().to_str().unwrap()]);
    let report = run.json();
    for file in report["files"].as_array().unwrap() {
        let peak = file["timings"]["peak_mib"].as_f64().unwrap();
        assert!(peak > 1.0 && peak < 4096.0, "{peak}");
    }
    assert!(report["timings"]["peak_mib"].as_f64().unwrap() > 1.0);
}

#[test]
fn progress_lines_count_the_files() {
    let run = common::gpurace(&["check", "--no-cache", "--progress", "lines", examples().to_str().unwrap()]);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stderr);
    assert!(lines.iter().any(|l| l.starts_with("[5/5] ")), "{}", run.stderr);
    assert!(lines.iter().any(|l| l.contains("reduce_missing_sync.cu: race (1 kernel,")), "{}", run.stderr);
}

#[test]
fn an_interrupted_run_resumes_from_the_cache() {
    let cache = tempfile::tempdir().unwrap();
    let cache = cache.path().display().to_string();
    let args = ["check", "--jobs", "1", "--progress", "lines", "--format", "json", "--cache-dir", &cache];
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .args(args)
        .arg(examples())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Stop it (as Ctrl-C or a CI time-out does) once two files are done.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    for line in stderr.lines() {
        if line.unwrap().starts_with("[2/5]") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_gpurace")).args(args).arg(examples()).output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let reused = report["timings"]["cache"]["reused"].as_u64().unwrap();
    assert!(reused >= 2, "the two files done before the stop are reused: {:#}", report["timings"]);
    assert_eq!(report["verdict"], "race");
}
