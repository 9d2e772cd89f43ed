//! What the simulator's test files share: lowering a kernel's source, and
//! the spin lock both the happens-before and SuperCollider tests run.

#![allow(dead_code)]

/// The IR of `source`, a `.cu` file's text.
pub fn lower(source: &str) -> gpurace_ir::Program {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.cu");
    std::fs::write(&path, source).unwrap();
    gpurace_front::lower_file(&path, &gpurace_front::Options::default()).expect("clang runs").program
}

/// A spin lock around a read-modify-write of a shared total: race-free
/// (its `atomicCAS` and a fence take it, a fence and `atomicExch` release it).
pub const LOCK: &str = r#"
__device__ int mutex = 0;
__global__ void locked_sum(const int *in, int *total) {
  while (atomicCAS(&mutex, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + in[blockIdx.x];
  __threadfence();
  atomicExch(&mutex, 0);
}
"#;
