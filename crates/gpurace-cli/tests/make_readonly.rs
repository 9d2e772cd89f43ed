//! `gpurace check --make` never changes the user's tree: the `make_regen`
//! project's Makefile remakes itself (writing a stamp) and its `config.h`
//! under `make -n -B`, as automake's rules do; after gpurace's run every
//! file has the bytes and modification time it had, and no file is new.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// Every file under `dir`: its bytes and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut out = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.unwrap();
        if !entry.file_type().is_dir() {
            let meta = entry.metadata().unwrap();
            out.insert(entry.path().to_path_buf(), (std::fs::read(entry.path()).unwrap(), meta.modified().unwrap()));
        }
    }
    out
}

#[test]
fn make_leaves_the_tree_as_it_was() {
    if Command::new("make").arg("--version").output().is_err() {
        eprintln!("skipped: make is not installed");
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let project = work.path().join("make_regen");
    std::fs::create_dir(&project).unwrap();
    for entry in std::fs::read_dir(common::projects().join("make_regen")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, project.join(path.file_name().unwrap())).unwrap();
    }
    // The makefile older than its template, as after a checkout: make wants
    // to remake it.
    let old = SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options().write(true).open(project.join("Makefile")).unwrap().set_modified(old).unwrap();
    let before = snapshot(&project);

    let run = common::check_json_in(work.path(), &["--make", "make_regen"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let report = run.json();
    let kernels: Vec<(String, String)> = report["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["name"].as_str().unwrap().into(), k["verdict"].as_str().unwrap().into()))
        .collect();
    assert_eq!(kernels, [("scale".into(), "race-free".into()), ("scale_racy".into(), "race".into())]);

    assert_eq!(snapshot(&project), before, "the tree changed");
}

#[test]
fn a_database_without_cuda_entries_says_what_to_do() {
    // What bear records of a build that stopped where nvcc was missing.
    let build = tempfile::tempdir().unwrap();
    let db = r#"[{"directory": "/src", "command": "gcc -c main.c -o main.o", "file": "main.c"}]"#;
    std::fs::write(build.path().join("compile_commands.json"), db).unwrap();
    let run = common::gpurace(&["check", "-p", &build.path().display().to_string()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("names no `.cu` file"), "{}", run.stderr);
    assert!(run.stderr.contains("gpurace check --make DIR"), "{}", run.stderr);
}
