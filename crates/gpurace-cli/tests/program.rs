//! Programs of several translation units, end to end: a compilation
//! database (`-p`), a `gpurace.toml` `[program]` list, and a directory with
//! the host code in a `.cpp` beside the kernels.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// A kernel whose race depends on its launch: race-free only with 64
/// threads a block, in a unit without `main`.
const KERNEL: &str = "__global__ void fill(int *a) { a[blockIdx.x * 64 + threadIdx.x % 64] = threadIdx.x; }\n";

/// `main` in another unit, launching `fill` with `threads` a block.
fn main_unit(threads: u32) -> String {
    format!(
        "#include <cstdlib>\n__global__ void fill(int *a);\nint main(int argc, char **argv) {{\n  int b = \
         atoi(argv[1]);\n  int *a;\n  cudaMalloc(&a, 64 * 4 * b);\n  fill<<<b, {threads}>>>(a);\n}}\n"
    )
}

/// Runs `gpurace check --format json ARGS` in `dir`.
fn check_in(dir: &Path, args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir)
        .args(["check", "--format", "json"])
        .args(args)
        .output()
        .expect("cannot run gpurace");
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

/// The report of `file` in a run's JSON (one file, or `files`).
fn file_report<'a>(run: &'a Value, file: &str) -> &'a Value {
    match run["files"].as_array() {
        Some(files) => files.iter().find(|f| f["file"] == file).unwrap_or_else(|| panic!("no report of {file}")),
        None => run,
    }
}

#[test]
fn a_compilation_database_links_the_kernel_with_its_main() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("kernel.cu"), KERNEL).unwrap();
    fs::write(dir.path().join("main.cu"), main_unit(128)).unwrap();
    let root = dir.path().display().to_string();
    let entries: Vec<Value> = ["kernel.cu", "main.cu"]
        .iter()
        .map(|f| serde_json::json!({"directory": root, "file": f, "arguments": ["nvcc", "-c", f]}))
        .collect();
    fs::write(dir.path().join("compile_commands.json"), Value::Array(entries).to_string()).unwrap();

    // The kernel alone is checked with any launch; with its program, at the
    // launch `main` makes, where threads t and t + 64 write one element.
    let run = check_in(dir.path(), &["-p", ".", "kernel.cu"]);
    assert_eq!(run["verdict"], "race", "{run:#}");
    let races = run["races"].as_array().unwrap();
    let site = |r: &Value| r["witness"]["site"].as_str().unwrap_or("").to_string();
    assert!(races.iter().any(|r| site(r).starts_with("main.cu:7 (main)")), "{run:#}");

    // With `-p` alone, every `.cu` unit of the database is checked.
    let run = check_in(dir.path(), &["-p", "."]);
    assert_eq!(file_report(&run, "kernel.cu")["verdict"], "race", "{run:#}");
}

#[test]
fn a_program_table_names_the_units_to_link() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("kernel.cu"), KERNEL).unwrap();
    fs::create_dir(dir.path().join("host")).unwrap();
    fs::write(dir.path().join("host/main.cu"), main_unit(64)).unwrap();
    fs::write(dir.path().join("gpurace.toml"), "[program]\nfiles = [\"host/main.cu\"]\n").unwrap();
    let run = check_in(dir.path(), &["kernel.cu"]);
    assert_eq!(run["verdict"], "race-free", "{run:#}");

    // A unit that is not there is a configuration error, not a silent gap.
    fs::write(dir.path().join("gpurace.toml"), "[program]\nfiles = [\"host/missing.cu\"]\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace"))
        .current_dir(dir.path())
        .args(["check", "kernel.cu"])
        .output()
        .expect("cannot run gpurace");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("host/missing.cu") && stderr.contains("does not exist"), "{stderr}");
}

#[test]
fn a_directory_links_its_cu_files_with_the_cpp_beside_them() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("kernel.cu"),
        format!("{KERNEL}void launch_fill(int *a, int blocks, int threads) {{ fill<<<blocks, threads>>>(a); }}\n"),
    )
    .unwrap();
    fs::write(
        dir.path().join("main.cpp"),
        "#include <cstdlib>\nvoid launch_fill(int *a, int blocks, int threads);\nint *buffer(int n);\nint \
         main(int argc, char **argv) {\n  int b = atoi(argv[1]);\n  launch_fill(buffer(64 * b), b, 64);\n}\n",
    )
    .unwrap();
    // On its own the wrapper's `threads` could be anything: only a possible race.
    let alone = check_in(dir.path(), &["kernel.cu"]);
    assert_eq!(alone["verdict"], "unknown", "{alone:#}");
    // The directory holds the caller: 64 threads, race-free.
    let run = check_in(dir.path(), &["."]);
    assert_eq!(file_report(&run, "./kernel.cu")["verdict"], "race-free", "{run:#}");
}

#[test]
fn assumptions_name_members_of_struct_parameters() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/program");
    // Alone, the wrapper's struct could hold any shape.
    let alone = check_in(&dir, &["struct_relation.cu"]);
    assert_eq!(alone["verdict"], "unknown", "{alone:#}");
    // A member relation by hand is enough.
    let assumed = check_in(&dir, &["--assume", "put: d.stride >= d.cols", "struct_relation.cu"]);
    assert_eq!(assumed["verdict"], "race-free", "{assumed:#}");
    // A member the struct does not have is an error that says so.
    let wrong = check_in(&dir, &["--assume", "put: d.strid >= d.cols", "struct_relation.cu"]);
    let diagnostics = wrong["diagnostics"].as_array().unwrap();
    assert!(diagnostics.iter().any(|d| d["code"] == "bad-assumption"), "{wrong:#}");
}
