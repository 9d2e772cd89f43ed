//! Who ships a header clang could not find: the package to install (and
//! the folder to pass with `-I`), or, for a configuration header a build
//! writes, the template it is generated from and how to generate it.

use std::path::Path;

/// Headers by the start of their `#include` name: (prefix, what ships it).
/// A prefix ending in `/` is a folder; otherwise the whole name.
const PACKAGES: &[(&str, &str)] = &[
    ("cuda/", "libcu++ (CUDA C++ Core Libraries): `pip install nvidia-cuda-cccl-cu12`, then -I SITE/nvidia/cuda_cccl/include, or a CUDA toolkit (--cuda-path)"),
    ("nv/", "libcu++ (CUDA C++ Core Libraries): `pip install nvidia-cuda-cccl-cu12`, then -I SITE/nvidia/cuda_cccl/include, or a CUDA toolkit (--cuda-path)"),
    ("cub/", "CUB (CUDA C++ Core Libraries): `pip install nvidia-cuda-cccl-cu12`, then -I SITE/nvidia/cuda_cccl/include, or a CUDA toolkit (--cuda-path)"),
    ("thrust/", "Thrust (CUDA C++ Core Libraries): `pip install nvidia-cuda-cccl-cu12`, then -I SITE/nvidia/cuda_cccl/include, or a CUDA toolkit (--cuda-path)"),
    ("cooperative_groups/", "the CUDA toolkit: `pip install nvidia-cuda-runtime-cu12` (-I SITE/nvidia/cuda_runtime/include) or --cuda-path"),
    ("crt/", "the CUDA toolkit: `pip install nvidia-cuda-nvcc-cu12` (-I SITE/nvidia/cuda_nvcc/include) or --cuda-path"),
    ("nvrtc.h", "NVRTC: `pip install nvidia-cuda-nvrtc-cu12` (-I SITE/nvidia/cuda_nvrtc/include) or a CUDA toolkit"),
    ("cudnn", "cuDNN: `pip install nvidia-cudnn-cu12` (-I SITE/nvidia/cudnn/include)"),
    ("cusolver", "cuSOLVER: `pip install nvidia-cusolver-cu12` (-I SITE/nvidia/cusolver/include)"),
    ("cusparse", "cuSPARSE: `pip install nvidia-cusparse-cu12` (-I SITE/nvidia/cusparse/include)"),
    ("cufft", "cuFFT: `pip install nvidia-cufft-cu12` (-I SITE/nvidia/cufft/include)"),
    ("curand", "cuRAND: `pip install nvidia-curand-cu12` (-I SITE/nvidia/curand/include)"),
    ("cublas", "cuBLAS: `pip install nvidia-cublas-cu12` (-I SITE/nvidia/cublas/include)"),
    ("nccl", "NCCL: `pip install nvidia-nccl-cu12` (-I SITE/nvidia/nccl/include)"),
    ("nvtx3/", "NVTX: `pip install nvidia-nvtx-cu12` (-I SITE/nvidia/nvtx/include)"),
    ("nvToolsExt", "NVTX: `pip install nvidia-nvtx-cu12` (-I SITE/nvidia/nvtx/include)"),
    ("cutlass/", "CUTLASS: its `include/` folder (github.com/NVIDIA/cutlass, or `pip install nvidia-cutlass`)"),
    ("cute/", "CUTLASS (CuTe): its `include/` folder (github.com/NVIDIA/cutlass, or `pip install nvidia-cutlass`)"),
    ("torch/", "PyTorch: `pip install torch`, then -I SITE/torch/include -I SITE/torch/include/torch/csrc/api/include"),
    ("ATen/", "PyTorch: `pip install torch`, then -I SITE/torch/include"),
    ("c10/", "PyTorch: `pip install torch`, then -I SITE/torch/include"),
    ("pybind11/", "pybind11: `pip install pybind11` (-I $(python3 -m pybind11 --includes)) or Debian `pybind11-dev`"),
    ("Python.h", "Python's headers: Debian `python3-dev` (-I $(python3-config --includes))"),
    ("rmm/", "RAPIDS Memory Manager: `pip install librmm-cu12` (-I SITE/librmm/include) or conda `librmm`"),
    ("raft/", "RAFT: conda `libraft-headers` or `pip install libraft-cu12`"),
    ("dmlc/", "dmlc-core: its `include/` folder (github.com/dmlc/dmlc-core, a submodule of projects that use it)"),
    ("Eigen/", "Eigen: Debian `libeigen3-dev` (-I /usr/include/eigen3)"),
    ("unsupported/Eigen/", "Eigen: Debian `libeigen3-dev` (-I /usr/include/eigen3)"),
    ("boost/", "Boost: Debian `libboost-dev`"),
    ("gtest/", "GoogleTest: Debian `libgtest-dev`"),
    ("gmock/", "GoogleTest: Debian `libgmock-dev`"),
    ("benchmark/", "Google Benchmark: Debian `libbenchmark-dev`"),
    ("opencv2/", "OpenCV: Debian `libopencv-dev` (-I /usr/include/opencv4)"),
    ("glm/", "GLM: Debian `libglm-dev`"),
    ("GL/", "OpenGL and GLUT: Debian `libgl-dev freeglut3-dev libglew-dev`"),
    ("fmt/", "{fmt}: Debian `libfmt-dev`"),
    ("spdlog/", "spdlog: Debian `libspdlog-dev`"),
    ("nlohmann/", "JSON for Modern C++: Debian `nlohmann-json3-dev`"),
    ("yaml-cpp/", "yaml-cpp: Debian `libyaml-cpp-dev`"),
    ("cxxopts.hpp", "cxxopts: Debian `libcxxopts-dev`"),
    ("tbb/", "oneTBB: Debian `libtbb-dev`"),
    ("oneapi/tbb", "oneTBB: Debian `libtbb-dev`"),
    ("hdf5", "HDF5: Debian `libhdf5-dev` (-I /usr/include/hdf5/serial)"),
    ("H5Cpp.h", "HDF5: Debian `libhdf5-dev` (-I /usr/include/hdf5/serial)"),
    ("fftw3.h", "FFTW: Debian `libfftw3-dev`"),
    ("cblas.h", "BLAS: Debian `libopenblas-dev`"),
    ("lapacke.h", "LAPACKE: Debian `liblapacke-dev`"),
    ("gmp.h", "GMP: Debian `libgmp-dev`"),
    ("zlib.h", "zlib: Debian `zlib1g-dev`"),
    ("png.h", "libpng: Debian `libpng-dev`"),
    ("jpeglib.h", "libjpeg: Debian `libjpeg-dev`"),
    ("mkl", "Intel oneMKL: `pip install mkl-include`"),
    ("cuda_runtime", "the CUDA toolkit (gpurace's prelude stands in for it; this name is not one it has)"),
];

/// What ships `name`, when gpurace knows.
pub(super) fn provider(name: &str) -> Option<&'static str> {
    let name = name.trim_start_matches("./");
    PACKAGES.iter().find(|(prefix, _)| name.starts_with(prefix)).map(|(_, what)| *what)
}

/// A configuration header a build writes (`config.h` from `config.h.in`,
/// CMake's `configure_file`): the template next to the including file or
/// in a folder above it, if there is one.
pub(super) fn generated_from(name: &str, includer: &Path) -> Option<String> {
    let base = Path::new(name).file_name()?.to_str()?;
    let candidates =
        [format!("{base}.in"), format!("{base}.cmakein"), format!("{base}.cmake"), format!("{base}.cmake.in")];
    let stem = Path::new(base).file_stem()?.to_str()?;
    let more = [format!("{stem}.h.in"), format!("{stem}.hpp.in"), format!("{stem}.cuh.in")];
    let sub = Path::new(name).parent().filter(|p| !p.as_os_str().is_empty());
    let mut dir = includer.parent();
    for _ in 0..5 {
        let d = dir?;
        for folder in [Some(d.to_path_buf()), sub.map(|s| d.join(s)), Some(d.join("cmake")), Some(d.join("include"))]
            .into_iter()
            .flatten()
        {
            for c in candidates.iter().chain(&more) {
                let path = folder.join(c);
                if path.is_file() {
                    return Some(path.display().to_string());
                }
            }
        }
        dir = d.parent();
    }
    None
}

/// The advice for a missing header `name` included from `includer`.
pub(super) fn advice(name: &str, includer: &Path) -> String {
    if let Some(template) = generated_from(name, includer) {
        return format!(
            "a build writes it from `{template}` (CMake's `configure_file`, or `./configure`): configure the project \
             (`cmake -S . -B build`), then pass `-p build` (its compile_commands.json) or `-I` the folder it is \
             written to"
        );
    }
    match provider(name) {
        Some(what) => format!("it ships with {what}, where SITE is Python's site-packages"),
        None => "pass its folder with -I, or the build's compilation database with -p".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libraries_are_named_by_their_folders() {
        assert!(provider("cuda/std/atomic").unwrap().contains("nvidia-cuda-cccl-cu12"));
        assert!(provider("torch/extension.h").unwrap().contains("pip install torch"));
        assert!(provider("rmm/device_buffer.hpp").unwrap().contains("librmm"));
        assert_eq!(provider("my_project/util.h"), None);
    }

    #[test]
    fn a_configured_header_names_its_template() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("config.h.in"), "#define N @N@\n").unwrap();
        let includer = dir.path().join("src").join("kernel.cu");
        let advice = advice("config.h", &includer);
        assert!(advice.contains("config.h.in") && advice.contains("cmake -S . -B build"), "{advice}");
        assert!(advice_without_template());
    }

    fn advice_without_template() -> bool {
        advice("other.h", Path::new("/nonexistent/a.cu")).contains("-I")
    }
}
