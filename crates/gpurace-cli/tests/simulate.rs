//! The dynamic half against the static engine: every kernel of every
//! fixture the static engine proves race-free is run with `gpurace run` at
//! a launch its host code allows (the fixture's `// args:` geometry where
//! it has one), and the happens-before detector must observe no race. A
//! race-free fixture whose host code lies in other units is left out: `run`
//! reads one file, so its launch would not be one the program makes.
//!
//! A run may stop early (a construct the simulator does not run, a launch
//! larger than the step limit): it then claims nothing, and is counted, not
//! failed. A kernel whose launch the host code never reaches is left out:
//! no run of it is one of the program's.
//!
//! The racy twins are run the same way; a run shows a race only when the
//! launch it picks exercises it, so the test asserts a floor on how many do,
//! which a broken detector or scheduler would fall below.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use serde_json::Value;

const DIRS: &[&str] = &["static", "host", "sync", "certainty", "program"];

/// Racy twin kernels on which the run observes the race today (66); a floor
/// a little below it.
const RACY_FLOOR: usize = 60;

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut out = Vec::new();
    for dir in DIRS {
        for entry in std::fs::read_dir(root.join(dir)).expect("a fixture directory") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "cu") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn gpurace(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace")).args(args).output().expect("cannot run gpurace");
    (output.status.code().unwrap_or(-1), String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The kernels `gpurace ir` lists, by display name.
fn kernels(file: &str) -> Vec<String> {
    let (_, ir) = gpurace(&["ir", file]);
    let mut names: Vec<String> = ir
        .lines()
        .filter_map(|l| l.strip_prefix("kernel "))
        .filter_map(|l| l.split_once('(').map(|(name, _)| name.to_string()))
        .collect();
    names.dedup();
    names
}

/// `--block`/`--grid` of the fixture's `// args:` line.
fn geometry(text: &str) -> Vec<String> {
    let Some(line) = text.lines().find_map(|l| l.strip_prefix("// args:")) else { return Vec::new() };
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        if pair[0] == "--block" || pair[0] == "--grid" {
            out.extend([pair[0].to_string(), pair[1].to_string()]);
        }
    }
    out
}

/// Whether the fixture's `// args:` line names other units of its program.
fn has_units(text: &str) -> bool {
    text.lines()
        .filter_map(|l| l.strip_prefix("// args:"))
        .any(|l| l.split_whitespace().any(|w| w.starts_with("units/")))
}

enum Ran {
    Races(Vec<String>),
    Clean,
    Stopped(String),
    Unreached,
}

fn simulate(file: &str, kernel: &str, geometry: &[String]) -> Ran {
    let mut args = vec!["run", file, "--kernel", kernel, "--format", "json", "--max-steps", "20000000"];
    args.extend(geometry.iter().map(String::as_str));
    let (_, stdout) = gpurace(&args);
    let Ok(report) = serde_json::from_str::<Value>(&stdout) else { return Ran::Stopped("no report".into()) };
    let diagnostics = report["diagnostics"].as_array().cloned().unwrap_or_default();
    let message = |severity: &str| {
        diagnostics.iter().find(|d| d["severity"] == severity).and_then(|d| d["message"].as_str()).map(String::from)
    };
    if message("note").is_some_and(|m| m.contains("never reaches a launch")) {
        return Ran::Unreached;
    }
    let races: Vec<String> = report["races"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| format!("{} at line {}", r["rule"], r["second"]["line"]))
        .collect();
    match (races.is_empty(), message("error")) {
        (false, _) => Ran::Races(races),
        (true, Some(error)) => Ran::Stopped(error),
        (true, None) => Ran::Clean,
    }
}

#[test]
fn the_happens_before_detector_observes_no_race_on_race_free_fixtures() {
    let jobs: Vec<(PathBuf, String, bool)> = fixtures()
        .into_iter()
        .flat_map(|path| {
            let racy = path.to_string_lossy().ends_with(".racy.cu");
            let file = path.to_string_lossy().into_owned();
            kernels(&file).into_iter().map(move |k| (path.clone(), k, racy))
        })
        .collect();
    let next = Mutex::new(0usize);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some((path, kernel, racy)) = jobs.get(i) else { break };
                let text = std::fs::read_to_string(path).unwrap();
                if !racy && !text.contains("// expect: race-free") {
                    continue;
                }
                // `gpurace run` reads one file: a race-free fixture whose
                // host code is in other units (`// args: units/...`) would
                // run at a launch the solver picks without that code, which
                // need not be one of the program's (`c_host`: any `width`).
                if !racy && has_units(&text) {
                    continue;
                }
                // A race-free fixture that rests on memory the host sets up
                // (a last-block counter at 0 at launch) races on the made-up
                // memory of `gpurace run`: the static rule's assumption.
                if !racy && text.lines().any(|l| l.starts_with("// simulate: skip")) {
                    continue;
                }
                let ran = simulate(&path.to_string_lossy(), kernel, &geometry(&text));
                results.lock().unwrap().push((path.clone(), kernel.clone(), *racy, ran));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let mut false_races = Vec::new();
    let (mut clean, mut stopped, mut found) = (0, Vec::new(), 0);
    for (path, kernel, racy, ran) in &results {
        let name = path.file_name().unwrap().to_string_lossy();
        match (racy, ran) {
            (false, Ran::Races(races)) => false_races.push(format!("{name} `{kernel}`: {}", races.join(", "))),
            (false, Ran::Clean) => clean += 1,
            (false, Ran::Stopped(why)) => stopped.push(format!("{name} `{kernel}`: {why}")),
            (true, Ran::Races(_)) => found += 1,
            _ => {}
        }
    }
    assert!(false_races.is_empty(), "races observed on race-free fixtures:\n{}", false_races.join("\n"));
    assert!(
        clean >= 90,
        "only {clean} race-free kernels ran to the end; {} stopped early:\n{}",
        stopped.len(),
        stopped.join("\n")
    );
    assert!(found >= RACY_FLOOR, "the run observed the race on only {found} racy twins (floor {RACY_FLOOR})");
}

/// `--confirm` replays witnesses: a race the static engine reports between
/// blocks through an unfenced flag is observed by the replay, and a replay
/// that does not see the race says why.
#[test]
fn check_confirm_replays_each_witness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sync");
    let file = root.join("message_flag.racy.cu");
    let args = ["check", "--confirm", "--format", "json", "--block", "1", "--grid", "2"];
    let (code, stdout) = gpurace(&[&args[..], &[file.to_str().unwrap()]].concat());
    assert_eq!(code, 1, "{stdout}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let races = report["races"].as_array().unwrap();
    assert!(!races.is_empty());
    for race in races {
        assert_eq!(race["engine"], "static");
        assert_eq!(race["replay"]["confirmed"], true, "{race}");
        assert!(race["replay"]["detail"].as_str().unwrap().contains("blocks 0 and 1"), "{race}");
    }
    // Without --confirm there is no replay.
    let (_, stdout) = gpurace(&["check", "--format", "json", "--block", "1", "--grid", "2", file.to_str().unwrap()]);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert!(report["races"].as_array().unwrap().iter().all(|r| r["replay"].is_null()));
}
