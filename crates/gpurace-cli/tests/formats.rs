//! The human and SARIF formats, and `gpurace ir`, end to end. The exact
//! rendering is snapshotted in `gpurace-report`; these tests check what the
//! binary adds: file names, sources and exit codes.

mod common;

use std::process::Command;

use common::{examples, fixture, gpurace, Run};

#[test]
fn human_report_ends_with_a_line_per_file() {
    let scale = fixture("scale.cu");
    let scale = scale.to_str().unwrap();
    let run = gpurace(&["check", scale]);
    let last = run.stdout.lines().last().unwrap();
    // Inside the working folder, the path is printed relative to it.
    assert!(last.starts_with(&format!("{}: ", common::shown(&fixture("scale.cu")))), "{}", run.stdout);
}

#[test]
fn human_report_of_several_files_ends_with_a_summary() {
    let dir = examples();
    let run = gpurace(&["check", "--format", "human", dir.to_str().unwrap()]);
    let last = run.stdout.lines().last().unwrap();
    assert!(last.starts_with("summary: "), "{}", run.stdout);
}

/// Colour reaches a terminal only: a pipe gets plain text, and `NO_COLOR`
/// wins even over `CLICOLOR_FORCE`, which stands in for a terminal here.
#[test]
fn human_report_is_coloured_only_when_asked_and_never_with_no_color() {
    let racy = examples().join("reduce_missing_sync.cu");
    let human = |env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gpurace"));
        command.args(["check", "--format", "human", racy.to_str().unwrap()]);
        for name in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
            command.env_remove(name);
        }
        let run = Run::from(command.envs(env.iter().copied()).output().expect("cannot run gpurace"));
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stdout.contains("error[intra-block-race]"), "{}", run.stdout);
        run.stdout
    };
    const ESC: char = '\x1b';
    assert!(!human(&[]).contains(ESC));
    assert!(human(&[("CLICOLOR_FORCE", "1")]).contains(ESC));
    assert!(!human(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).contains(ESC));
}

#[test]
fn sarif_is_one_log_for_all_files() {
    let dir = examples();
    let run = gpurace(&["check", "--format", "sarif", dir.to_str().unwrap()]);
    let log = run.json();
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["tool"]["driver"]["name"], "gpurace");
    let rules: Vec<&str> =
        runs[0]["tool"]["driver"]["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(rules, ["inter-block-race", "intra-block-race", "intra-warp-race", "barrier-divergence"]);
    let artifacts = runs[0]["artifacts"].as_array().unwrap();
    assert!(artifacts.len() >= 3);
}

#[test]
fn ir_prints_the_program() {
    let scale = fixture("scale.cu");
    let run = gpurace(&["ir", "-D", "SCALE_UNROLL=4", scale.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("kernel scale("), "{}", run.stdout);
    assert!(run.stdout.contains("host main()"), "{}", run.stdout);
}

#[test]
fn ir_of_a_broken_file_prints_its_errors_and_exits_2() {
    let run = gpurace(&["ir", fixture("broken.cu").to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stdout.contains("error[clang-error]: expected ')'"), "{}", run.stdout);
}

/// The human format prints one possible race per cause, with a count of the
/// others; `--report-possible` prints every one, and JSON keeps them all.
#[test]
fn possible_races_are_printed_once_per_cause_unless_asked() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/certainty/kernel_asm.cu");
    let file = root.to_str().unwrap();
    let headers = |run: &Run| run.stdout.lines().filter(|l| l.contains("]: possible ")).count();
    let quiet = gpurace(&["check", file]);
    let all = gpurace(&["check", "--report-possible", file]);
    let kept = gpurace(&["check", "--format", "json", file]).json()["races"].as_array().map_or(0, Vec::len);
    assert!(quiet.stdout.contains("more possible race"), "{}", quiet.stdout);
    assert!(headers(&quiet) < headers(&all), "{}\n---\n{}", quiet.stdout, all.stdout);
    assert_eq!(headers(&all), kept, "{}", all.stdout);
}
