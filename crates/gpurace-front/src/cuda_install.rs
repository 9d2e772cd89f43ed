//! Finds a CUDA installation the way clang does: `--cuda-path`, then
//! `$CUDA_PATH` and `$CUDA_HOME`, then `/usr/local/cuda`; failing those, the
//! headers pip installs (`site-packages/nvidia/*/include`: the wheels
//! `nvidia-cuda-runtime-cu12`, `nvidia-cuda-cccl-cu12`, ...).
//!
//! gpurace parses with its prelude in place of the CUDA runtime's headers
//! either way. An installation adds the headers the prelude does not have
//! (searched after it and after the user's folders), and its CUDA C++ Core
//! Libraries (libcu++, CUB, Thrust) when they are asked for as shipped
//! (`--cccl real`): then the prelude's models of those libraries step aside.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// What an installation offers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CudaInstall {
    /// Where it was found (the toolkit's root, or a `site-packages/nvidia`).
    pub root: PathBuf,
    /// Its header folders, CCCL's excluded.
    pub include: Vec<PathBuf>,
    /// The folder holding CCCL's `cuda/std/version`, `cub/` and `thrust/`.
    pub cccl: Option<PathBuf>,
}

/// The installation `explicit` names, or the first one found.
pub fn find(explicit: Option<&Path>) -> Option<CudaInstall> {
    if let Some(p) = explicit {
        return toolkit(p).or_else(|| pip(p));
    }
    let env = ["CUDA_PATH", "CUDA_HOME"].into_iter().filter_map(std::env::var_os).filter(|v| !v.is_empty());
    for root in env.map(PathBuf::from).chain([PathBuf::from("/usr/local/cuda")]) {
        if let Some(found) = toolkit(&root) {
            return Some(found);
        }
    }
    site_dirs().iter().find_map(|site| pip(&site.join("nvidia")))
}

/// Whether `dir` holds CCCL (`cuda/std/version`).
pub fn has_cccl(dir: &Path) -> bool {
    dir.join("cuda").join("std").join("version").is_file()
}

/// A toolkit: `ROOT/include/cuda_runtime.h` (CCCL in `include/` itself for
/// CUDA 12, in `include/cccl/` for CUDA 13).
fn toolkit(root: &Path) -> Option<CudaInstall> {
    let include = root.join("include");
    if !include.join("cuda_runtime.h").is_file() {
        return None;
    }
    let cccl = [include.join("cccl"), include.clone()].into_iter().find(|d| has_cccl(d));
    let include = if cccl.as_ref() == Some(&include) { Vec::new() } else { vec![include] };
    Some(CudaInstall { root: root.to_path_buf(), include, cccl })
}

/// pip's wheels: `nvidia/<component>/include` under `site-packages/nvidia`.
fn pip(nvidia: &Path) -> Option<CudaInstall> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(nvidia)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path().join("include"))
        .filter(|p| p.is_dir())
        .collect();
    if dirs.is_empty() {
        return None;
    }
    dirs.sort();
    let cccl = dirs.iter().find(|d| has_cccl(d)).cloned();
    dirs.retain(|d| Some(d) != cccl.as_ref());
    Some(CudaInstall { root: nvidia.to_path_buf(), include: dirs, cccl })
}

/// Python's package folders: the active virtual or conda environment's,
/// then what `python3` reports (asked once per process).
fn site_dirs() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let mut dirs = Vec::new();
        for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
            if let Some(prefix) = std::env::var_os(var).filter(|v| !v.is_empty()) {
                let lib = PathBuf::from(prefix).join("lib");
                let pythons = std::fs::read_dir(&lib).into_iter().flatten().filter_map(Result::ok);
                dirs.extend(pythons.map(|e| e.path().join("site-packages")).filter(|p| p.is_dir()));
            }
        }
        let out = std::process::Command::new("python3")
            .args(["-c", "import site, sys; print('\\n'.join(sys.path + [site.getusersitepackages()]))"])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output();
        if let Ok(out) = out {
            let text = String::from_utf8_lossy(&out.stdout);
            dirs.extend(text.lines().filter(|l| !l.is_empty()).map(PathBuf::from).filter(|p| p.is_dir()));
        }
        dirs.dedup();
        dirs
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toolkit_and_pips_layout_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let inc = dir.path().join("include");
        std::fs::create_dir_all(inc.join("cuda/std")).unwrap();
        std::fs::write(inc.join("cuda_runtime.h"), "").unwrap();
        std::fs::write(inc.join("cuda/std/version"), "").unwrap();
        let found = find(Some(dir.path())).unwrap();
        assert_eq!((found.include.len(), found.cccl), (0, Some(inc)));

        let nvidia = tempfile::tempdir().unwrap();
        let runtime = nvidia.path().join("cuda_runtime/include");
        let cccl = nvidia.path().join("cuda_cccl/include");
        std::fs::create_dir_all(&runtime).unwrap();
        std::fs::create_dir_all(cccl.join("cuda/std")).unwrap();
        std::fs::write(cccl.join("cuda/std/version"), "").unwrap();
        let found = find(Some(nvidia.path())).unwrap();
        assert_eq!((found.include, found.cccl), (vec![runtime], Some(cccl)));
        assert_eq!(find(Some(Path::new("/nonexistent"))), None);
    }
}
