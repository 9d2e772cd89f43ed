//! The same input and flags give the same answer every time: byte-identical
//! JSON apart from `timings`, with one thread or several, on an idle machine
//! or a loaded one. Budgets are work, not seconds (solver work counted by
//! the solver itself), and a kernel's queries go to solver lanes fixed by
//! the kernel, not by `--jobs` (gpurace-static's `check/lanes.rs`).

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

use common::{examples, gpurace};

/// Every fixture folder of the repository, and `examples/`.
fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs: Vec<PathBuf> =
        ["static", "host", "sync", "certainty"].iter().map(|d| root.join("tests/fixtures").join(d)).collect();
    dirs.push(examples());
    dirs
}

/// `gpurace check --format json` of `dir` with `--jobs N`, without `timings`
/// (and without the cache, so that both runs analyse).
fn report(dir: &Path, jobs: &str) -> String {
    let dir = dir.to_str().expect("a UTF-8 path");
    let run = gpurace(&["check", "--format", "json", "--no-cache", "--jobs", jobs, dir]);
    assert!(run.code == 0 || run.code == 1, "exit {} on {dir}:\n{}", run.code, run.stderr);
    let mut json = run.json();
    strip_timings(&mut json);
    serde_json::to_string_pretty(&json).expect("JSON prints")
}

fn strip_timings(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("timings");
            map.values_mut().for_each(strip_timings);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_timings),
        _ => {}
    }
}

#[test]
fn reports_are_identical_with_one_thread_or_several_and_on_reruns() {
    for dir in inputs() {
        let one = report(&dir, "1");
        let two = report(&dir, "2");
        assert!(one.contains("\"races\""), "no report for {}", dir.display());
        assert_eq!(one, two, "{}: --jobs 1 and --jobs 2 differ", dir.display());
        let again = report(&dir, "2");
        assert_eq!(two, again, "{}: two runs with --jobs 2 differ", dir.display());
    }
}

/// Busy threads beside the analysis, as many as twice the machine's cores,
/// until dropped.
struct Load {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start() -> Load {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (0..2 * cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.threads.drain(..).for_each(|t| t.join().expect("a busy thread ends"));
    }
}

#[test]
fn reports_are_identical_on_an_idle_and_a_loaded_machine() {
    // The fixtures whose kernels need the most solver work, and one whose
    // kernels share the file's budget: a loaded machine stretches their
    // time, never their answer.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/static");
    let files = [
        "interleaved_fields.cu",
        "csr_segments.cu",
        "narrowed_index.cu",
        "block_stride_u32.cu",
        "grid_stride_csr.cu",
        "uniform_readonly_load.cu",
        "row_major_3d.cu",
        "file_budget_rounds.cu",
    ];
    for file in files.map(|f| root.join(f)) {
        let idle = report(&file, "2");
        let loaded = {
            let _load = Load::start();
            report(&file, "2")
        };
        assert_eq!(idle, loaded, "{}: the report changed under load", file.display());
    }
}
