//! `gpurace trace` end to end: the traces of a few fixtures of the
//! repository's `tests/fixtures/`, one per pattern the engine models (a
//! barrier loop, a grid-stride loop, warp barriers, host facts at two launch
//! sites, a spin lock, a flag, a 2-D index, tickets, tile barriers, lanes that exit), against
//! insta snapshots in `tests/snapshots/`.
//!
//! Each runs from the fixture's directory with the bare file name, so that no
//! machine-specific path is printed. Rewrite the snapshots with
//! `INSTA_UPDATE=always cargo test -p gpurace-cli --test trace`, then read the
//! diffs.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Run;

/// The repository's fixture directory `dir` (`static`, `host`, `sync`).
fn fixtures(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures").join(dir)
}

/// Runs `gpurace trace ARGS FILE` in the fixture directory `dir`.
fn trace(dir: &str, file: &str, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(fixtures(dir))
        .env("NO_COLOR", "1")
        .arg("trace")
        .args(args)
        .arg(file)
        .output()
        .expect("cannot run gpurace");
    Run::from(output)
}

/// Traces one fixture, which must succeed, and compares stdout with the
/// snapshot `trace__NAME.snap`.
fn snapshot(dir: &str, file: &str, args: &[&str]) {
    let run = trace(dir, file, args);
    assert_eq!(run.code, 0, "gpurace trace {file} failed:\n{}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr, "", "gpurace trace {file} wrote to stderr");
    for root in ["/work/", "/root/", "/home/", "/tmp/", "/usr/"] {
        assert!(!run.stdout.contains(root), "an absolute path in the trace of {file}:\n{}", run.stdout);
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_omit_expression(true);
    let command: Vec<&str> = ["gpurace", "trace"].into_iter().chain(args.iter().copied()).chain([file]).collect();
    settings.set_description(format!("tests/fixtures/{dir}: {}", command.join(" ")));
    let name = file.strip_suffix(".cu").unwrap_or(file);
    settings.bind(|| insta::assert_snapshot!(name, run.stdout));
}

#[test]
fn barrier_loop_reduction() {
    snapshot("static", "barrier_loop.cu", &[]);
}

#[test]
fn grid_stride_loop() {
    snapshot("static", "grid_stride_csr.cu", &[]);
}

#[test]
fn intra_warp_pattern() {
    snapshot("static", "intra_warp.cu", &["--block", "128", "--grid", "4"]);
}

#[test]
fn two_d_index() {
    snapshot("static", "two_d.cu", &["--block", "16,16", "--grid", "4,4"]);
}

#[test]
fn atomic_tickets() {
    snapshot("static", "atomic_hist.cu", &[]);
}

#[test]
fn host_facts_at_two_sites() {
    snapshot("host", "host_multi_site.cu", &[]);
}

#[test]
fn spin_lock() {
    snapshot("sync", "spin_lock.cu", &["--block", "1", "--grid", "4"]);
}

#[test]
fn message_flag() {
    snapshot("sync", "message_flag.cu", &["--block", "1", "--grid", "2"]);
}

#[test]
fn tile_barriers() {
    snapshot("sync", "tile_sync.cu", &["--block", "64", "--grid", "1"]);
}

#[test]
fn lanes_that_exit() {
    snapshot("sync", "grid_stride_syncwarp.cu", &["--block", "64"]);
}

#[test]
fn no_host_traces_kernels_on_their_own() {
    let run = trace("host", "host_multi_site.cu", &["--no-host", "--kernel", "halve"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.matches("\nkernel ").count(), 1, "{}", run.stdout);
    assert!(run.stdout.contains("kernel halve on its own\n  block: symbolic\n"), "{}", run.stdout);
}

#[test]
fn unknown_kernel_is_an_error() {
    let run = trace("static", "two_d.cu", &["--kernel", "NOPE"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "error: no kernel `NOPE` in two_d.cu: it has `transpose`\n");
}
