//! Helpers shared by the end-to-end tests: run the built `gpurace` binary and
//! read what it printed.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// A fixture of this crate's `tests/fixtures/`, as an absolute path.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// `path` as reports print it: relative to the working folder when inside
/// it, else whole, with `..` folded (`crates/x/../../examples` is the
/// repository's `examples`).
pub fn shown(path: &std::path::Path) -> String {
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let cwd = std::fs::canonicalize(std::env::current_dir().unwrap()).unwrap();
    path.strip_prefix(&cwd).unwrap_or(&path).display().to_string()
}

/// The repository's `examples/` folder.
pub fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// The repository's `tests/projects/` folder.
pub fn projects() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/projects")
}

/// Runs `gpurace check --no-cache --format json ARGS` in `dir`.
pub fn check_json_in(dir: &std::path::Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir)
        .args(["check", "--no-cache", "--format", "json"])
        .args(args)
        .output()
        .expect("cannot run gpurace");
    Run::from(output)
}

/// Runs `gpurace` with `args` and returns what it printed and its exit code.
pub fn gpurace(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace")).args(args).output().expect("cannot run gpurace");
    Run::from(output)
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().expect("gpurace was killed by a signal"),
            stdout: String::from_utf8(output.stdout).expect("stdout is not UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is not UTF-8"),
        }
    }
}

impl Run {
    /// stdout as exactly one JSON object: `from_str` rejects anything before
    /// or after it, as the tool contract does.
    pub fn json(&self) -> serde_json::Value {
        let value: serde_json::Value = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}):\n{}", self.stdout));
        assert!(value.is_object(), "stdout is not a JSON object:\n{}", self.stdout);
        value
    }
}

/// Each file of a JSON report with its verdict, in report order.
pub fn file_verdicts(report: &serde_json::Value) -> Vec<(String, String)> {
    let files = report["files"].as_array().expect("a JSON report has files");
    files.iter().map(|f| (f["file"].as_str().unwrap().into(), f["verdict"].as_str().unwrap().into())).collect()
}

/// The exit code the contract gives a verdict.
pub fn exit_code_of(verdict: &str) -> i32 {
    match verdict {
        "race-free" | "unknown" => 0,
        "race" => 1,
        "error" => 2,
        other => panic!("`{other}` is not a verdict"),
    }
}
