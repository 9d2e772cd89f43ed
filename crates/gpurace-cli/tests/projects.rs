//! Real project layouts end to end (`tests/projects/`, see its README): a
//! Makefile project with its `main` in C and kernels included by a `.cu`, a
//! CMake project with a compilation database, and kernels in headers
//! launched through a template that takes the kernel as a parameter. In
//! each, every kernel is reported once, at its real launch site, with the
//! launch chain naming the caller in the other unit; the `_racy` kernel is
//! `race` and the others `race-free`.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod common;
use common::projects;

/// Runs `gpurace check --format json ARGS` in `dir`; the run's JSON.
fn check(dir: &Path, args: &[&str]) -> Value {
    let run = common::check_json_in(dir, args);
    assert!(run.code == 1, "exit {}: {}", run.code, run.stderr);
    run.json()
}

/// Every kernel of a run: `name -> (verdict, launches)`; fails on a kernel
/// reported twice.
fn kernels(run: &Value) -> HashMap<String, (String, Vec<String>)> {
    let files: Vec<&Value> = match run["files"].as_array() {
        Some(files) => files.iter().collect(),
        None => vec![run],
    };
    let mut out = HashMap::new();
    for file in files {
        for k in file["kernels"].as_array().into_iter().flatten() {
            let name = k["name"].as_str().unwrap().to_string();
            let launches = k["launches"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
            let verdict = k["verdict"].as_str().unwrap().to_string();
            assert!(out.insert(name.clone(), (verdict, launches)).is_none(), "kernel `{name}` reported twice: {run:#}");
        }
    }
    out
}

/// Asserts each kernel's verdict (`race` for `_racy` ones) and that one of
/// its launches starts at `site` and ends at `caller`.
fn assert_program(run: &Value, expected: &[(&str, &str, &str)]) {
    let got = kernels(run);
    assert_eq!(got.len(), expected.len(), "{run:#}");
    for (name, site, caller) in expected {
        let (verdict, launches) = got.get(*name).unwrap_or_else(|| panic!("no kernel `{name}`: {run:#}"));
        let want = if name.ends_with("_racy") { "race" } else { "race-free" };
        assert_eq!(verdict, want, "`{name}`: {run:#}");
        assert!(
            launches.iter().any(|l| l.starts_with(site) && l.ends_with(caller)),
            "`{name}` is not launched at {site} from {caller}: {launches:?}"
        );
    }
}

#[test]
fn a_makefile_project_with_its_main_in_c() {
    let expected = [
        ("scale", "make_c/hist.cu:9 (run_hist)", "make_c/main.c:13 (main)"),
        ("sum_racy", "make_c/hist.cu:10 (run_hist)", "make_c/main.c:13 (main)"),
    ];
    // The folder, as a user first tries it.
    assert_program(&check(&projects(), &["make_c"]), &expected);
    // Its compilations, as `make -n` lists them (when make is installed).
    if Command::new("make").arg("--version").output().is_ok() {
        assert_program(&check(&projects(), &["--make", "make_c"]), &expected);
    }
}

#[test]
fn a_cmake_project_with_a_compilation_database() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("cmake_wrapper");
    copy_dir(&projects().join("cmake_wrapper"), &root);
    // What `cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON` writes for it.
    let build = root.join("build");
    std::fs::create_dir(&build).unwrap();
    let entries: Vec<Value> = [("nvcc", "src/kernels.cu"), ("c++", "src/main.cpp")]
        .iter()
        .map(|(cc, f)| {
            let file = root.join(f).display().to_string();
            let inc = format!("-I{}", root.join("src").display());
            serde_json::json!({"directory": build.display().to_string(), "file": file, "arguments": [cc, inc, "-c", file]})
        })
        .collect();
    std::fs::write(build.join("compile_commands.json"), Value::Array(entries).to_string()).unwrap();
    let run = check(&root, &["-p", "build"]);
    assert_program(
        &run,
        &[
            ("add", "src/kernels.cu:14 (run)", "src/main.cpp:9 (main)"),
            ("shift_racy", "src/kernels.cu:22 (launch_shift_racy)", "src/main.cpp:10 (main)"),
        ],
    );
}

#[test]
fn kernels_in_headers_launched_through_a_template() {
    let run = check(&projects(), &["header_kernels"]);
    assert_program(
        &run,
        &[
            ("copy", "header_kernels/runner.cu:6 (launch<", "header_kernels/main.cu:10 (main)"),
            ("blur_racy", "header_kernels/runner.cu:6 (launch<", "header_kernels/main.cu:10 (main)"),
        ],
    );
}

#[test]
fn a_header_in_the_project_s_include_folder_is_found() {
    // `src/kernels.cu` includes `params.h`, which the Makefile finds with
    // `-Iinclude`; checked without that flag, gpurace finds it and says so.
    let run = check(&projects().join("include_beside"), &["src/kernels.cu"]);
    assert_program(
        &run,
        &[("reverse", "src/kernels.cu:21 (main)", "(main)"), ("halves_racy", "src/kernels.cu:22 (main)", "(main)")],
    );
    let diags = run["diagnostics"].as_array().unwrap();
    assert!(diags.iter().any(|d| d["code"] == "header-in-project"), "{diags:?}");
    assert!(!diags.iter().any(|d| d["code"] == "missing-header"), "{diags:?}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
