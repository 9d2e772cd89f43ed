//! What a first run shows a user, end to end: colours only where asked for
//! (`--color`, `NO_COLOR`, every subcommand), limits that name the setting
//! that raises them, and paths printed as rustc and clang print them.

mod common;

use std::process::Command;

use common::{examples, fixture};

/// Runs gpurace in `dir` with `args` and the environment `env`; (exit code,
/// stdout).
fn run_in(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gpurace"));
    cmd.current_dir(dir).args(args).env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.output().expect("cannot run gpurace");
    (output.status.code().unwrap_or(-1), String::from_utf8_lossy(&output.stdout).into_owned())
}

const ESC: char = '\u{1b}';

#[test]
fn colours_follow_the_color_flag_and_no_color_in_every_subcommand() {
    let racy = examples().join("reduce_missing_sync.cu");
    let racy = racy.to_str().unwrap();
    let here = std::env::temp_dir();
    for sub in
        [&["check", "--no-cache", racy][..], &["run", "--kernel", "block_sum", "--block", "64", "--grid", "1", racy]]
    {
        // Into a pipe: no escape codes, unless asked for.
        let (_, plain) = run_in(&here, sub, &[]);
        assert!(!plain.contains(ESC), "{sub:?} coloured a pipe:\n{plain}");
        let mut always = vec!["--color", "always"];
        always.extend_from_slice(sub);
        let (_, coloured) = run_in(&here, &always, &[]);
        assert!(coloured.contains(ESC), "{sub:?} --color always printed no colour:\n{coloured}");
        // `NO_COLOR` wins over a forced terminal colour, `--color never` over both.
        let (_, forced) = run_in(&here, sub, &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
        assert!(!forced.contains(ESC), "{sub:?} ignored NO_COLOR:\n{forced}");
        let mut never = vec!["--color", "never"];
        never.extend_from_slice(sub);
        let (_, none) = run_in(&here, &never, &[("CLICOLOR_FORCE", "1")]);
        assert!(!none.contains(ESC), "{sub:?} --color never printed colour:\n{none}");
    }
}

#[test]
fn progress_stays_off_a_stderr_that_is_not_a_terminal() {
    // The progress line and the per-file verdicts are for a terminal: into
    // a pipe, stderr stays empty and stdout holds the whole report.
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .args(["check", "--no-cache", examples().to_str().unwrap()])
        .output()
        .expect("cannot run gpurace");
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("summary: race ("));
}

#[test]
fn an_unknown_kernel_names_the_limit_it_reached() {
    let dir = tempfile::tempdir().unwrap();
    // Pairs only the solver decides: with no undecided query allowed, none
    // is asked, and the verdict says which setting would ask them.
    std::fs::write(
        dir.path().join("k.cu"),
        "__global__ void k(int *a, int n, int m) {\n  a[(threadIdx.x * n) % m] = threadIdx.x;\n}\n",
    )
    .unwrap();
    let (_, out) = run_in(dir.path(), &["check", "--no-cache", "--undecided", "0", "k.cu"], &[]);
    assert!(
        out.contains("not asked: the kernel reached its limit of 0 undecided queries per solver lane (`--undecided`)"),
        "{out}"
    );
    // The same from gpurace.toml.
    std::fs::write(dir.path().join("gpurace.toml"), "[budget]\nundecided = 0\n").unwrap();
    let (_, out) = run_in(dir.path(), &["check", "--no-cache", "k.cu"], &[]);
    assert!(out.contains("(`--undecided`)"), "{out}");
}

#[test]
fn paths_inside_the_working_folder_are_printed_relative() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("src");
    std::fs::create_dir(&sub).unwrap();
    std::fs::copy(fixture("scale.cu"), sub.join("scale.cu")).unwrap();
    let absolute = sub.join("scale.cu");
    for given in [absolute.to_str().unwrap(), "./src/./scale.cu", "src"] {
        let (_, out) = run_in(dir.path(), &["check", "--no-cache", given], &[]);
        assert!(out.contains("src/scale.cu:"), "{given}: {out}");
        assert!(!out.contains(&dir.path().display().to_string()) && !out.contains("./"), "{given}: {out}");
    }
}
