//! Exit codes and flag handling of the `gpurace` binary, end to end: 0 no race,
//! 1 race, 2 gpurace could not finish.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::{examples, exit_code_of, fixture, gpurace};

#[test]
fn help_and_version_exit_0() {
    for args in [&["--help"][..], &["--version"], &["check", "--help"], &["ir", "--help"]] {
        let run = gpurace(args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(!run.stdout.is_empty());
    }
}

#[test]
fn usage_errors_exit_2() {
    let scale = fixture("scale.cu");
    let scale = scale.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &[],
        &["check"],
        &["check", "--block", "0", scale],
        &["check", "--block", "1,2,3,4", scale],
        &["check", "--grid", "16x16", scale],
        &["check", "--format", "xml", scale],
        &["check", "--jobs", "0", scale],
        &["check", "--no-such-flag", scale],
        &["ir"],
    ];
    for args in cases {
        let run = gpurace(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?} printed on stdout: {}", run.stdout);
        assert!(!run.stderr.is_empty(), "{args:?} printed no error");
    }
}

#[test]
fn contract_flags_are_accepted() {
    // The command line of the evaluation harness (eval/README.md, section 3),
    // `--warp-sync` included.
    let include = fixture("");
    let run = gpurace(&[
        "check",
        "--format",
        "json",
        "--block",
        "16,16",
        "--grid",
        "2,2,2",
        "-D",
        "SCALE_UNROLL=4",
        "-D",
        "DEBUG",
        "-I",
        include.to_str().unwrap(),
        "--warp-sync",
        "32",
        fixture("scale.cu").to_str().unwrap(),
    ]);
    let json = run.json();
    let verdict = json["verdict"].as_str().unwrap();
    assert_ne!(verdict, "error", "{}", run.stdout);
    assert_eq!(json["diagnostics"], serde_json::json!([]), "clang rejected a flag");
    assert_eq!(run.code, exit_code_of(verdict));
}

#[test]
fn missing_file_exits_2_with_an_error_verdict() {
    let run = gpurace(&["check", "--format", "json", "no/such/file.cu"]);
    assert_eq!(run.code, 2);
    let json = run.json();
    assert_eq!(json["verdict"], "error");
    assert_eq!(json["diagnostics"][0]["code"], "io-error");
}

#[test]
fn empty_directory_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let run = gpurace(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no `.cu` file"), "{}", run.stderr);
}

#[test]
fn exit_code_follows_the_verdict_of_every_example() {
    for entry in std::fs::read_dir(examples()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("cu") {
            continue;
        }
        let run = gpurace(&["check", "--format", "json", path.to_str().unwrap()]);
        let json = run.json();
        assert_eq!(run.code, exit_code_of(json["verdict"].as_str().unwrap()), "{}", path.display());
    }
}

#[test]
fn clang_failure_without_kernels_exits_2() {
    let run = gpurace(&["check", "--format", "json", fixture("broken.cu").to_str().unwrap()]);
    let json = run.json();
    assert_eq!(json["verdict"], "error", "{}", run.stdout);
    assert_eq!(run.code, 2);
    assert_eq!(json["kernels"].as_array().map(Vec::len), Some(0));
    assert!(json["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "clang-error"));
}

#[test]
fn missing_clang_exits_2_and_names_the_install_command() {
    let run = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .args(["check", "--format", "json", fixture("scale.cu").to_str().unwrap()])
        .env("PATH", "/nonexistent")
        .env_remove("GPURACE_CLANG")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot find clang"), "{stderr}");
    assert!(stderr.contains("apt-get install -y clang-19"), "{stderr}");
    assert!(run.stdout.is_empty());
}

#[test]
fn broken_pipe_exits_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .args(["check", "--format", "sarif", fixture("scale.cu").to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Closing our end before gpurace writes makes its first write fail with
    // EPIPE (Rust ignores SIGPIPE).
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
