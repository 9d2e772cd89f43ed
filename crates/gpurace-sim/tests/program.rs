//! The program's own run: host code from `main` with its data, its kernels
//! on the machine, each pattern with its racy twin.

use std::collections::HashMap;

use gpurace_sim::program::{run_program, End, LaunchOutcome, Options, ProgramRun};

mod common;
use common::lower;

fn run(source: &str, watch: &[&str]) -> ProgramRun {
    let program = lower(source);
    let mut w = HashMap::new();
    for (k, kernel) in program.kernels.iter().enumerate() {
        if watch.contains(&kernel.name.as_str()) {
            let mut accesses = Vec::new();
            gpurace_ir::walk_stmts(&kernel.body, &mut |s| {
                if let gpurace_ir::Stmt::Read { access, .. } | gpurace_ir::Stmt::Write { access, .. } = s {
                    accesses.push((access.span.line, access.span.col));
                }
            });
            w.insert(k, accesses);
        }
    }
    run_program(&program, &Options { args: Vec::new(), max_steps: 50_000_000, watch: w })
}

/// Per launch: `Some(collisions)` when it ran on known data.
fn collisions(run: &ProgramRun) -> Vec<Option<usize>> {
    run.launches
        .iter()
        .map(|l| match &l.outcome {
            LaunchOutcome::Ran { races, .. } => Some(races.len()),
            LaunchOutcome::Undecided { .. } => None,
        })
        .collect()
}

const PERMUTATION: &str = r#"
#include <cstdlib>
__global__ void scatter(const int *perm, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[perm[i]] = in[i];
}
int main() {
  const int n = 1024;
  int *h_perm = (int*)malloc(n * sizeof(int));
  float *h_in = (float*)malloc(n * sizeof(float));
  srand(7);
  for (int i = 0; i < n; i++) { h_perm[i] = i; h_in[i] = rand() % 100; }
  for (int i = n - 1; i > 0; i--) { int j = rand() % (i + 1); int t = h_perm[i]; h_perm[i] = h_perm[j]; h_perm[j] = t; }
  DUPLICATE
  int *d_perm; float *d_in, *d_out;
  cudaMalloc(&d_perm, n * sizeof(int));
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_perm, h_perm, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
  scatter<<<n / 256, 256>>>(d_perm, d_in, d_out, n);
  cudaMemcpy(h_in, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  return 0;
}
"#;

#[test]
fn a_host_permutation_has_no_collision_and_its_twin_with_a_duplicate_has_one() {
    let clean = run(&PERMUTATION.replace("DUPLICATE", ""), &["scatter"]);
    assert_eq!(clean.end, End::Decided, "{clean:?}");
    assert_eq!(collisions(&clean), [Some(0)]);
    let racy = run(&PERMUTATION.replace("DUPLICATE", "h_perm[5] = h_perm[900];"), &["scatter"]);
    assert!(matches!(collisions(&racy)[..], [Some(n)] if n >= 1), "{racy:?}");
}

const FROM_FILE: &str = r#"
#include <cstdio>
__global__ void scatter(const int *idx, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[idx[i]] = i;
}
int main() {
  const int n = 256;
  int h[n];
  FILE *f = fopen("idx.bin", "rb");
  fread(h, sizeof(int), n, f);
  int *d_idx, *d_out;
  cudaMalloc(&d_idx, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_idx, h, n * sizeof(int), cudaMemcpyHostToDevice);
  scatter<<<1, n>>>(d_idx, d_out, n);
  return 0;
}
"#;

#[test]
fn data_read_from_a_file_are_an_input_and_a_launch_on_them_is_not_run() {
    let run = run(FROM_FILE, &["scatter"]);
    assert_eq!(run.launches.len(), 1, "{run:?}");
    assert!(matches!(run.launches[0].outcome, LaunchOutcome::Undecided { input: true, .. }), "{run:?}");
}

const EARLIER_LAUNCH: &str = r#"
__global__ void place(int *pos, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pos[i] = (i * k) % n;
}
__global__ void scatter(const int *pos, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[pos[i]] = i;
}
int main(int argc, char **argv) {
  const int n = 512;
  int *pos, *out;
  cudaMalloc(&pos, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  place<<<n / 128, 128>>>(pos, n, FACTOR);
  scatter<<<n / 128, 128>>>(pos, out, n);
  return 0;
}
"#;

#[test]
fn what_an_earlier_launch_writes_is_the_next_launchs_data() {
    let clean = run(&EARLIER_LAUNCH.replace("FACTOR", "5"), &["scatter"]);
    assert_eq!(collisions(&clean), [Some(0), Some(0)]);
    let racy = run(&EARLIER_LAUNCH.replace("FACTOR", "4"), &["scatter"]);
    assert!(matches!(collisions(&racy)[..], [Some(0), Some(n)] if n >= 1), "{racy:?}");
}

#[test]
fn a_run_stops_on_a_branch_over_a_value_it_does_not_know() {
    let source = r#"
extern int probe(int);
__global__ void k(int *a) { a[threadIdx.x] = 1; }
int main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  if (probe(3) > 0) k<<<1, 64>>>(a);
  return 0;
}
"#;
    let run = run(source, &["k"]);
    assert!(run.launches.is_empty());
    assert!(matches!(run.end, End::Stopped { input: false, .. }), "{run:?}");
}
