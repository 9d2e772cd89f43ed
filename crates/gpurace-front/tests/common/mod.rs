//! Helpers shared by the prelude's API tests: a program written to a
//! temporary file, parsed by clang with the prelude as gpurace runs it, and
//! lowered.

#![allow(dead_code)]

use std::fs;
use std::process::Command;

use gpurace_front::{clang, lower_file, Options};
use gpurace_ir::Severity;

/// clang's stderr when it rejects `program` (parsed with the prelude, as
/// gpurace does), `None` when it parses without an error.
pub fn clang_errors(program: &str) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("api.cu");
    fs::write(&file, program).unwrap();
    let clang = clang::find_clang(None).expect("clang is installed");
    let prelude = clang::prelude_dir().expect("prelude");
    let out = Command::new(clang)
        .args(["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-fsyntax-only", "-w"])
        .arg("-isystem")
        .arg(&prelude)
        .args(["-include", clang::PRELUDE_MAIN])
        .arg(&file)
        .output()
        .expect("clang runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (!out.status.success() || stderr.contains("error")).then_some(stderr)
}

/// The error diagnostics of lowering `program`, one a line.
pub fn lowering_errors(program: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("api.cu");
    fs::write(&file, program).unwrap();
    let lowered = lower_file(&file, &Options::default()).expect("clang runs");
    lowered.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| format!("    {d}")).collect()
}
