//! One kernel, one analysis (issue 30): a `.cu` that another unit
//! `#include`s is part of that unit, and a run reports each kernel once, at
//! its launch sites, under the file and line where it is written.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Race-free only with 256 threads a block (the stride it hard-codes).
const SCALE: &str = "__global__ void scale(float *a, int n) {\n  int i = blockIdx.x * 256 + threadIdx.x;\n  if (i < \
                     n) a[i] = a[i] * 2.0f;\n}\n";

/// A kernel nothing launches, race-free with any launch.
const LONELY: &str = "__global__ void lonely(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }\n";

/// `main` that includes `kernels.cu` and launches `scale` with `threads`
/// threads a block (line 5).
fn including_main(threads: u32) -> String {
    format!(
        "#include <cstdlib>\n#include \"kernels.cu\"\nint main(int argc, char **argv) {{\n  int n = atoi(argv[1]); \
         float *a; cudaMalloc(&a, n * 4);\n  scale<<<(n + {threads} - 1) / {threads}, {threads}>>>(a, n);\n}}\n"
    )
}

/// Runs `gpurace ARGS` in `dir`.
fn gpurace_in(dir: &Path, args: &[&str]) -> common::Run {
    let output = Command::new(env!("CARGO_BIN_EXE_gpurace")).current_dir(dir).args(args).output();
    common::Run::from(output.expect("cannot run gpurace"))
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    fs::create_dir_all(path.parent().expect("a folder")).unwrap();
    fs::write(path, text).unwrap();
}

/// A kernel's result in one file's report: the report's file, the
/// kernel's launches and verdict.
type Copy = (String, Vec<String>, String);

/// Every kernel of a run's JSON report, by `(file, line, name)`.
type Kernels = BTreeMap<(String, u64, String), Vec<Copy>>;

/// The kernels of a run's JSON report, each with the report files that
/// hold it.
fn kernels(run: &Value) -> Kernels {
    let mut out: BTreeMap<_, Vec<_>> = BTreeMap::new();
    for file in run["files"].as_array().expect("a run of several files") {
        for kernel in file["kernels"].as_array().expect("kernels") {
            let key = (
                kernel["file"].as_str().unwrap().to_string(),
                kernel["line"].as_u64().unwrap(),
                kernel["name"].as_str().unwrap().to_string(),
            );
            let launches = kernel["launches"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().into()).collect();
            let verdict = kernel["verdict"].as_str().unwrap().to_string();
            out.entry(key).or_default().push((file["file"].as_str().unwrap().to_string(), launches, verdict));
        }
    }
    out
}

#[test]
fn a_directory_reports_each_kernel_once_at_its_launch_site() {
    let dir = tempfile::tempdir().unwrap();
    // (a) `main.cu` includes `kernels.cu`.
    write(dir.path(), "app/kernels.cu", &format!("{SCALE}{LONELY}"));
    write(dir.path(), "app/main.cu", &including_main(256));
    // (b) `main.cpp` launches the kernel of `fill.cu`.
    write(dir.path(), "lib/fill.cu", "__global__ void fill(int *a) { a[blockIdx.x * 64 + threadIdx.x % 64] = 1; }\n");
    write(
        dir.path(),
        "lib/main.cpp",
        "#include <cstdlib>\n__global__ void fill(int *a);\nint main(int argc, char **argv) {\n  int b = \
         atoi(argv[1]); int *a; cudaMalloc(&a, 64 * 4 * b);\n  fill<<<b, 64>>>(a);\n}\n",
    );
    // A header kernel that two programs include and launch.
    write(dir.path(), "two/common.cuh", "__global__ void twice(int *a) { a[blockIdx.x * 32 + threadIdx.x] = 1; }\n");
    for unit in ["p", "q"] {
        let main = "#include \"common.cuh\"\nint main() { int *a; cudaMalloc(&a, 32 * 4 * 8);\n  twice<<<8, \
                    32>>>(a);\n}\n";
        write(dir.path(), &format!("two/{unit}.cu"), main);
    }

    let run = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "."]);
    let json = run.json();
    assert_eq!(json["verdict"], "race-free", "{json:#}");
    let kernels = kernels(&json);
    for (kernel, copies) in &kernels {
        assert_eq!(copies.len(), 1, "{kernel:?} is reported by {copies:?}");
    }
    let of = |file: &str, name: &str| -> &Copy {
        let copy = kernels.iter().find(|((f, _, n), _)| f == file && n == name);
        &copy.unwrap_or_else(|| panic!("no kernel `{name}` of {file}: {json:#}")).1[0]
    };
    // The included kernel under its own file, at the launch of its includer.
    assert_eq!(
        *of("app/kernels.cu", "scale"),
        ("app/main.cu".into(), vec!["app/main.cu:5 (main)".into()], "race-free".into())
    );
    assert_eq!(of("lib/fill.cu", "fill").1, ["lib/main.cpp:5 (main)"]);
    let twice = of(two_common(&kernels).as_str(), "twice");
    assert_eq!(twice.1, ["two/p.cu:3 (main)", "two/q.cu:3 (main)"]);
    // The kernel nothing launches says so: no launches.
    assert_eq!(of("app/kernels.cu", "lonely").1, Vec::<String>::new());

    // `kernels.cu` is not a file of its own in the report; `main.cu` says
    // it checks it.
    let files: Vec<&str> = json["files"].as_array().unwrap().iter().map(|f| f["file"].as_str().unwrap()).collect();
    assert!(!files.contains(&"app/kernels.cu"), "{files:?}");
    let main = json["files"].as_array().unwrap().iter().find(|f| f["file"] == "app/main.cu").unwrap();
    let notes: Vec<&str> =
        main["diagnostics"].as_array().unwrap().iter().map(|d| d["message"].as_str().unwrap()).collect();
    assert!(
        notes.contains(&"`app/kernels.cu` is `#include`d here: its kernels are checked as part of this file"),
        "{notes:?}"
    );

    // The human report: once each, the one without a launch said so.
    let human = gpurace_in(dir.path(), &["check", "--no-cache", "."]).stdout;
    assert_eq!(human.matches("kernel `scale`").count(), 1, "{human}");
    assert!(
        human.contains("app/kernels.cu:1:17: kernel `scale` (launched at app/main.cu:5 (main)): race-free"),
        "{human}"
    );
    assert!(human.contains("kernel `lonely` (no launch seen, analysed on its own): race-free"), "{human}");
}

/// The name the run gives `two/common.cuh`, a header no input names.
fn two_common(kernels: &Kernels) -> String {
    let key = kernels.keys().find(|(f, _, n)| n == "twice" && f.ends_with("two/common.cuh"));
    key.expect("the kernel of two/common.cuh").0.clone()
}

#[test]
fn a_file_named_alone_is_checked_at_the_launch_of_the_unit_that_includes_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "kernels.cu", SCALE);
    write(dir.path(), "main.cu", &including_main(256));
    // On its own, any block size: a race no execution of the program has.
    let alone = gpurace_in(dir.path(), &["check", "--no-cache", "--no-host", "--format", "json", "kernels.cu"]).json();
    assert_eq!(alone["verdict"], "race", "{alone:#}");
    assert_eq!(alone["kernels"][0]["launches"], serde_json::json!([]), "{alone:#}");

    let run = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "kernels.cu"]).json();
    assert_eq!(run["verdict"], "race-free", "{run:#}");
    assert_eq!(run["kernels"][0]["launches"], serde_json::json!(["main.cu:5 (main)"]), "{run:#}");
    let notes: Vec<&str> =
        run["diagnostics"].as_array().unwrap().iter().map(|d| d["message"].as_str().unwrap()).collect();
    assert!(
        notes.contains(&"this file is `#include`d by `main.cu`: its kernels are checked as part of it"),
        "{notes:?}"
    );

    // The includer's launch decides: twice the stride races, at that launch.
    write(dir.path(), "main.cu", &including_main(512));
    let racy = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "kernels.cu"]).json();
    assert_eq!(racy["verdict"], "race", "{racy:#}");
    let race = &racy["races"][0];
    assert_eq!(
        (race["certainty"].as_str(), race["witness"]["site"].as_str()),
        (Some("definite"), Some("main.cu:5 (main)"))
    );
}

#[test]
fn a_file_that_compiles_only_inside_its_includer_is_lowered_there() {
    let dir = tempfile::tempdir().unwrap();
    // `STRIDE` is the includer's: on its own the file does not compile.
    write(dir.path(), "kernels.cu", &SCALE.replace("256", "STRIDE"));
    write(dir.path(), "main.cu", &format!("#define STRIDE 256\n{}", including_main(256)));
    let run = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "kernels.cu"]).json();
    assert_eq!(run["verdict"], "race-free", "{run:#}");
    let errors: Vec<&Value> =
        run["diagnostics"].as_array().unwrap().iter().filter(|d| d["severity"] != "note").collect();
    assert!(errors.is_empty(), "the file's own parse is not a unit of the program: {errors:?}");
    assert_eq!(run["kernels"][0]["launches"], serde_json::json!(["main.cu:6 (main)"]), "{run:#}");
}

#[test]
fn files_that_include_each_other_report_their_kernels_once() {
    let dir = tempfile::tempdir().unwrap();
    let guarded = |guard: &str, other: &str, kernel: &str| {
        format!(
            "#ifndef {guard}\n#define {guard}\n#include \"{other}\"\n__global__ void {kernel}(int *a) {{ a[threadIdx.x] = 1; \
             }}\n#endif\n"
        )
    };
    write(dir.path(), "a.cu", &guarded("A_CU", "b.cu", "ka"));
    write(dir.path(), "b.cu", &guarded("B_CU", "a.cu", "kb"));
    let json = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "."]).json();
    // Neither is part of the other: both are checked, each kernel reported once.
    assert_eq!(json["files"].as_array().map(Vec::len), Some(2), "{json:#}");
    assert_ne!(json["verdict"], "error", "{json:#}");
    let kernels = kernels(&json);
    assert_eq!(kernels.len(), 2, "{json:#}");
    for (kernel, copies) in &kernels {
        // Once, by the file that defines it.
        assert_eq!(copies.len(), 1, "{kernel:?} is reported by {copies:?}");
        assert_eq!(copies[0].0, kernel.0, "{kernel:?} is reported by {copies:?}");
    }
}

#[test]
fn a_unit_that_compiles_none_of_the_kernels_it_includes_is_not_their_program() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "kernels.cu", &format!("#ifndef HOST_ONLY\n{SCALE}#endif\n"));
    write(dir.path(), "main.cu", "#define HOST_ONLY\n#include \"kernels.cu\"\nint main() {}\n");
    let json = gpurace_in(dir.path(), &["check", "--no-cache", "--format", "json", "."]).json();
    let kernels = kernels(&json);
    let copies = &kernels[&("kernels.cu".to_string(), 2, "scale".to_string())];
    assert_eq!(copies.len(), 1, "{json:#}");
    assert_eq!(copies[0].0, "kernels.cu", "analysed as the file's own unit defines it: {json:#}");
    assert_eq!(copies[0].1, Vec::<String>::new(), "{json:#}");
}
