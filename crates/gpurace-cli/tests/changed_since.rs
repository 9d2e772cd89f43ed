//! `gpurace check --changed-since REV` on a git repository with two
//! commits: only the unit the second commit changed is analysed again; the
//! others come from the cache, or, with no cache, are left out and counted.

mod common;

use std::path::Path;
use std::process::Command;

use common::file_verdicts;

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .status()
        .expect("cannot run git");
    assert!(status.success(), "git {args:?}");
}

fn kernel(name: &str, body: &str) -> String {
    format!(
        "__global__ void {name}(int *a, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) {{ {body} \
         }}\n}}\nint main() {{\n  int *a;\n  cudaMalloc(&a, 512 * sizeof(int));\n  {name}<<<2, 256>>>(a, 512);\n  \
         return 0;\n}}\n"
    )
}

fn check(dir: &Path, args: &[&str]) -> serde_json::Value {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir)
        .args(["check", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)))
}

fn counts(report: &serde_json::Value) -> (u64, u64, u64) {
    let c = &report["timings"]["cache"];
    (c["reused"].as_u64().unwrap(), c["analysed"].as_u64().unwrap(), c["unchanged"].as_u64().unwrap())
}

#[test]
fn only_the_changed_unit_is_analysed_again() {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("skipped: git is not installed");
        return;
    }
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    let src = dir.join("src");
    std::fs::create_dir(&src).unwrap();
    std::fs::write(src.join("copy.cu"), kernel("copy", "a[i] = a[i] + 1;")).unwrap();
    std::fs::write(src.join("halve.cu"), kernel("halve", "a[i] = a[i] / 2;")).unwrap();
    std::fs::create_dir(dir.join("other")).unwrap();
    std::fs::write(dir.join("other/negate.cu"), kernel("negate", "a[i] = -a[i];")).unwrap();
    git(dir, &["init", "-q"]);
    git(dir, &["add", "."]);
    git(dir, &["commit", "-q", "-m", "first"]);
    let cache = dir.join(".cache-dir");
    std::fs::write(dir.join(".gitignore"), ".cache-dir\n").unwrap();
    let cache = cache.display().to_string();

    // The first commit, checked on main: every result in the cache.
    let first = check(dir, &["--cache-dir", &cache, "."]);
    assert_eq!(counts(&first), (0, 3, 0));

    // The second commit makes `halve` racy.
    std::fs::write(src.join("halve.cu"), kernel("halve", "if (i > 0) a[i] = a[i - 1] / 2;")).unwrap();
    git(dir, &["add", "."]);
    git(dir, &["commit", "-q", "-m", "second"]);

    let second = check(dir, &["--cache-dir", &cache, "--changed-since", "HEAD~1", "."]);
    assert_eq!(counts(&second), (2, 1, 0), "only halve.cu is analysed");
    let verdicts = file_verdicts(&second);
    assert!(verdicts.contains(&("src/halve.cu".into(), "race".into())), "{verdicts:?}");
    assert_eq!(verdicts.len(), 3);

    // Without a cache (a fresh CI machine), the untouched file is left out
    // and counted: the report is about the change. `copy.cu` is beside the
    // changed file (a unit its program could be linked with): touched.
    let fresh = check(dir, &["--no-cache", "--changed-since", "HEAD~1", "."]);
    assert_eq!(counts(&fresh), (0, 2, 1));
    let expected = [("src/copy.cu", "race-free"), ("src/halve.cu", "race")];
    assert_eq!(file_verdicts(&fresh), expected.map(|(f, v)| (f.to_string(), v.to_string())));

    // A revision git does not know is a usage error.
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir)
        .args(["check", "--no-cache", "--changed-since", "no-such-rev", "."])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`no-such-rev` is not a revision"));
}
