//! Real projects with their dependencies' headers installed from packages
//! (`tests/projects/`, see its README): libcu++ and CUB from pip's
//! `nvidia-cuda-cccl-cu12`, a header CMake's configure step writes, and a
//! PyTorch extension over `torch/extension.h`.
//!
//! CI installs the CCCL and runtime wheels into a virtual environment and
//! CMake from Debian (`.ci/run`), and sets `GPURACE_TEST_NVIDIA` to its
//! `site-packages/nvidia`; elsewhere the tests look for them the way gpurace
//! does and say so when they skip. PyTorch (gigabytes) is tested only where
//! it is already installed (`GPURACE_TEST_TORCH`, its `site-packages`, or a
//! `torch` Python finds).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;
use common::projects;

/// Runs `gpurace check --no-cache --format json ARGS` in `dir`; its JSON.
fn check(dir: &Path, args: &[&str]) -> Value {
    common::check_json_in(dir, args).json()
}

/// The clang errors of a run (none is the bar).
fn clang_errors(run: &Value) -> Vec<String> {
    let diags = run["diagnostics"].as_array().into_iter().flatten();
    diags
        .filter(|d| d["severity"] == "error" && d["code"].as_str().is_some_and(|c| c.starts_with("clang")))
        .map(|d| format!("{}:{}: {}", d["file"], d["line"], d["message"]))
        .collect()
}

/// Every kernel's verdict.
fn verdicts(run: &Value) -> Vec<(String, String)> {
    let kernels = run["kernels"].as_array().into_iter().flatten();
    kernels.map(|k| (k["name"].as_str().unwrap().to_string(), k["verdict"].as_str().unwrap().to_string())).collect()
}

/// pip's `site-packages/nvidia` with CCCL, or why there is none.
fn nvidia() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GPURACE_TEST_NVIDIA") {
        return Some(PathBuf::from(dir));
    }
    let found = gpurace_front::cuda_install::find(None).filter(|i| i.cccl.is_some()).map(|i| i.root);
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI installs nvidia-cuda-cccl-cu12 and sets GPURACE_TEST_NVIDIA");
        eprintln!(
            "skipped: no CUDA headers from packages (pip install nvidia-cuda-cccl-cu12 nvidia-cuda-runtime-cu12)"
        );
    }
    found
}

/// With the models (the default): no clang error, `_racy` kernels `race`,
/// the others `race-free`. As shipped (`--cccl real`): no clang error, every
/// kernel analysed, and no `_racy` kernel proved.
fn assert_cccl_project(name: &str) {
    let Some(nvidia) = nvidia() else { return };
    let dir = projects().join(name);
    let path = nvidia.to_string_lossy().to_string();
    let model = check(&dir, &["--cuda-path", &path, "main.cu"]);
    assert_eq!(clang_errors(&model), Vec::<String>::new(), "{name}");
    let got = verdicts(&model);
    assert!(got.len() >= 3, "{name}: {got:?}");
    for (kernel, verdict) in &got {
        let want = if kernel.ends_with("_racy") { "race" } else { "race-free" };
        assert_eq!(verdict, want, "{name}: `{kernel}` with the models");
    }
    let real = check(&dir, &["--cuda-path", &path, "--cccl", "real", "main.cu"]);
    assert_eq!(clang_errors(&real), Vec::<String>::new(), "{name} as shipped");
    let shipped = verdicts(&real);
    assert_eq!(shipped.len(), got.len(), "{name} as shipped: {shipped:?}");
    for (kernel, verdict) in &shipped {
        assert!(!kernel.ends_with("_racy") || verdict != "race-free", "{name}: `{kernel}` proved as shipped");
    }
}

#[test]
fn libcudacxx_atomics_and_barriers_from_pip() {
    assert_cccl_project("libcudacxx_sync");
}

#[test]
fn cub_block_primitives_from_pip() {
    assert_cccl_project("cub_blocks");
}

#[test]
fn a_header_cmake_generates() {
    let dir = projects().join("cmake_config");
    // Before configuring: the header is missing, and the warning says which
    // template the build writes it from and how.
    let run = check(&dir, &["src/transpose.cu"]);
    let diags = run["diagnostics"].as_array().unwrap();
    let missing = diags.iter().find(|d| d["code"] == "missing-header").expect("a missing-header warning");
    let message = missing["message"].as_str().unwrap();
    assert!(message.contains("transpose_config.h.cmakein") && message.contains("cmake -S . -B build"), "{message}");
    // Configured (CMake writes the header and the compilation database).
    if Command::new("cmake").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI installs cmake");
        eprintln!("skipped: cmake is not installed");
        return;
    }
    let build = tempfile::tempdir().unwrap();
    let status =
        Command::new("cmake").arg("-S").arg(&dir).arg("-B").arg(build.path()).output().expect("cannot run cmake");
    assert!(status.status.success(), "cmake: {}", String::from_utf8_lossy(&status.stderr));
    let db = build.path().to_string_lossy().to_string();
    let run = check(&dir, &["-p", &db, "src/transpose.cu"]);
    assert_eq!(clang_errors(&run), Vec::<String>::new());
    let got = verdicts(&run);
    assert_eq!(
        got,
        [("transpose".to_string(), "race-free".to_string()), ("transpose_racy".to_string(), "race".to_string())]
    );
}

/// `site-packages` holding `torch/include/torch/extension.h`, if PyTorch is
/// installed.
fn torch_site() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GPURACE_TEST_TORCH") {
        return Some(PathBuf::from(dir));
    }
    let out = Command::new("python3")
        .args(["-c", "import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))"])
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    dir.join("torch/include/torch/extension.h").is_file().then_some(dir)
}

/// Python's headers (`Python.h`), which `torch/extension.h` includes.
fn python_include() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args(["-c", "import sysconfig; print(sysconfig.get_paths()['include'])"])
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    dir.join("Python.h").is_file().then_some(dir)
}

#[test]
fn a_pytorch_extension() {
    let (Some(site), Some(python)) = (torch_site(), python_include()) else {
        eprintln!("skipped: PyTorch is not installed (pip install torch; or set GPURACE_TEST_TORCH)");
        return;
    };
    let dir = projects().join("torch_extension");
    let include = site.join("torch/include");
    // The flags torch.utils.cpp_extension builds with, as a compilation
    // database.
    let build = tempfile::tempdir().unwrap();
    let command = format!(
        "nvcc -std=c++20 -I{} -I{} -I{} -DTORCH_EXTENSION_NAME=lltm_cuda -c lltm_cuda_kernel.cu",
        include.display(),
        include.join("torch/csrc/api/include").display(),
        python.display()
    );
    let entry = serde_json::json!([{
        "directory": dir.canonicalize().unwrap(),
        "file": dir.join("lltm_cuda_kernel.cu").canonicalize().unwrap(),
        "command": command,
    }]);
    std::fs::write(build.path().join("compile_commands.json"), entry.to_string()).unwrap();
    let db = build.path().to_string_lossy().to_string();
    let run = check(&dir, &["-p", &db, "lltm_cuda_kernel.cu"]);
    assert_eq!(clang_errors(&run), Vec::<String>::new());
    let got = verdicts(&run);
    // Both kernels, for `float` and `double` (AT_DISPATCH_FLOATING_TYPES).
    assert_eq!(got.len(), 4, "{got:?}");
    for (kernel, verdict) in &got {
        assert!(!kernel.starts_with("lltm_cuda_forward_racy") || verdict != "race-free", "`{kernel}` proved");
    }
}
