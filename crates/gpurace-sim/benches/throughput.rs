//! How fast the simulator runs, and what each detector costs (a benchmark,
//! not a test): simulated thread-instructions per second on one core for a
//! plain, a shared-memory and an atomic-heavy kernel, without a detector and
//! with each, and the detector's slowdown (time against the run without a
//! detector; LDetector runs each interval twice, and declines the atomic
//! kernel, so its row there is a run without a detector).
//!
//! `cargo bench -p gpurace-sim --bench throughput` (needs clang, like the
//! front-end). Each configuration is run three times; the best time counts.

use std::time::Instant;

use gpurace_sim::{simulate, Request};

const PLAIN: &str = r#"
__global__ void plain(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  int h = i;
  for (int k = 0; k < 64; k++) {
    h = (h * 1103515245 + 12345) & 0x7fffffff;
    acc += in[(i + k) % n] * (float)(h % 7);
  }
  out[i] = acc;
}
"#;

const SHARED: &str = r#"
__global__ void shared(const int *in, int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int round = 0; round < 4; round++) {
    for (unsigned step = 128; step > 0; step /= 2) {
      if (t < step)
        s[t] += s[t + step];
      __syncthreads();
    }
    s[t] += (int)t;
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
"#;

const ATOMIC: &str = r#"
__global__ void atomic(const int *in, int *bins, int *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 16; k++) {
    int v = in[i] + k;
    atomicAdd(&bins[v % 64], 1);
    atomicMax(total, v);
  }
}
"#;

fn lower(source: &str) -> gpurace_ir::Program {
    let dir = std::env::temp_dir().join(format!("gpurace-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("k.cu");
    std::fs::write(&path, source).unwrap();
    gpurace_front::lower_file(&path, &gpurace_front::Options::default()).expect("clang runs").program
}

/// A kernel of the benchmark: name, source, scalar arguments, buffers.
type Case = (&'static str, &'static str, Vec<(&'static str, &'static str)>, Vec<(&'static str, u64)>);

fn main() {
    let kernels: [Case; 3] = [
        ("plain", PLAIN, vec![("n", "4096")], vec![("in", 4096), ("out", 65536)]),
        ("shared", SHARED, vec![], vec![("in", 65536), ("out", 256)]),
        ("atomic", ATOMIC, vec![], vec![("in", 65536), ("bins", 64), ("total", 1)]),
    ];
    println!(
        "{:<8} {:<13} {:>14} {:>10} {:>16} {:>9}",
        "kernel", "detector", "thread-instr", "seconds", "instr/second", "slowdown"
    );
    for (name, source, args, buffers) in kernels {
        let program = lower(source);
        let mut alone = None;
        for detector in ["none", "hb", "iguard", "supercollider", "ldetector"] {
            let request = Request {
                grid: [256, 1, 1],
                block: [256, 1, 1],
                args: args.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
                buffers: buffers.iter().map(|(n, e)| (n.to_string(), *e)).collect(),
                max_steps: u64::MAX,
                detectors: vec![detector.to_string()],
                ..Request::default()
            };
            let mut best = f64::INFINITY;
            let mut steps = 0;
            for _ in 0..3 {
                let start = Instant::now();
                let outcome = simulate(&program, 0, &request).expect("the request fits");
                best = best.min(start.elapsed().as_secs_f64());
                assert!(outcome.error.is_none(), "{name}: {:?}", outcome.error);
                steps = outcome.steps;
            }
            let base = *alone.get_or_insert(best);
            println!(
                "{name:<8} {detector:<13} {steps:>14} {best:>10.3} {:>16.0} {:>8.2}x",
                steps as f64 / best,
                best / base
            );
        }
    }
}
