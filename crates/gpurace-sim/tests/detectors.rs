//! SuperCollider's and LDetector's detectors: what each finds, that each
//! stays quiet on race-free twins, and each blind spot its paper names,
//! shown by a kernel where it misses and the happens-before reference
//! finds.

use gpurace_core::RaceClass;
use gpurace_sim::{simulate, Request, Schedule};

mod common;
use common::lower;

fn request(grid: u32, block: u32, detectors: &[&str], seed: u64) -> Request {
    Request {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        detectors: detectors.iter().map(|d| d.to_string()).collect(),
        seed,
        max_steps: 10_000_000,
        ..Request::default()
    }
}

/// Per race observed: its engine, class and the check that saw it.
fn observe(source: &str, request: &Request) -> Vec<(String, RaceClass, String)> {
    let program = lower(source);
    let outcome = simulate(&program, 0, request).expect("the request fits the kernel");
    assert_eq!(outcome.error, None, "the run ends");
    let mut out: Vec<_> = gpurace_sim::races(&program, 0, &outcome)
        .iter()
        .map(|r| (r.engine.as_str().to_string(), r.class, r.notes.join(" ")))
        .collect();
    out.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    out
}

/// The (engine, class) pairs a run under `detectors` observed, deduplicated.
fn found(source: &str, grid: u32, block: u32, detectors: &[&str], seed: u64) -> Vec<(String, RaceClass)> {
    let mut out: Vec<_> =
        observe(source, &request(grid, block, detectors, seed)).into_iter().map(|(e, c, _)| (e, c)).collect();
    out.dedup();
    out
}

fn engine(name: &str, class: RaceClass) -> (String, RaceClass) {
    (name.to_string(), class)
}

/// Each thread reads its right neighbour, then writes its own element: the
/// read of thread t and the write of thread t + 1 race (intra-warp, and
/// intra-block at warp boundaries). With the barrier, none does.
const NEIGHBOUR: &str = r#"
__global__ void k(int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int v = s[(t + 1) % 64];
  __syncthreads();
  s[t] = v + 1;
  __syncthreads();
  out[t] = s[t];
}
"#;

fn neighbour_racy() -> String {
    NEIGHBOUR.replacen("  __syncthreads();\n  s[t] = v + 1;", "  s[t] = v + 1;", 1)
}

#[test]
fn supercollider_sees_a_clobbered_read_under_some_delays_and_nothing_on_the_twin() {
    let racy = neighbour_racy();
    let seen: Vec<_> = (0..8).flat_map(|seed| observe(&racy, &request(1, 64, &["supercollider"], seed))).collect();
    assert!(seen.iter().any(|(_, _, note)| note.contains("clobbered read")), "{seen:?}");
    assert!(seen.iter().all(|(e, _, _)| e == "supercollider"));
    for seed in 0..8 {
        assert_eq!(found(NEIGHBOUR, 1, 64, &["supercollider"], seed), [], "seed {seed}");
    }
}

#[test]
fn supercollider_sees_lost_updates_within_a_warp_and_between_warps() {
    let source = "__global__ void k(int *a) { a[0] = threadIdx.x; }";
    let seen: Vec<_> = (0..4).flat_map(|seed| observe(source, &request(1, 64, &["supercollider"], seed))).collect();
    assert!(
        seen.iter().any(|(_, c, n)| *c == RaceClass::IntraWarp && n.contains("intra-warp lost update")),
        "{seen:?}"
    );
    assert!(seen.iter().any(|(_, c, n)| *c == RaceClass::IntraBlock && n.contains("lost update")), "{seen:?}");
    let own = "__global__ void k(int *a) { int i = blockIdx.x * blockDim.x + threadIdx.x; a[i] = i; a[i] += 1; }";
    assert_eq!(found(own, 2, 64, &["supercollider"], 0), []);
}

#[test]
fn supercollider_stays_quiet_on_synchronised_kernels() {
    // A spin lock: what changes the total is ordered before or after the
    // delay of every plain access to it.
    for seed in 0..4 {
        let r = Request { schedule: Schedule::Random, ..request(4, 1, &["supercollider"], seed) };
        assert_eq!(observe(common::LOCK, &r), [], "seed {seed}");
    }
}

#[test]
fn supercollider_misses_same_value_writes_other_waves_and_weak_memory() {
    // Warps writing the value already written: a re-read sees no change.
    let same = "__global__ void k(int *a) { if (threadIdx.x % 32 == 0) a[0] = 1; }";
    for seed in 0..4 {
        assert_eq!(found(same, 1, 64, &["hb", "supercollider"], seed), [engine("hb", RaceClass::IntraBlock)]);
    }
    // The first and the last block write C[0] (the paper's racy_add): with
    // two blocks resident at a time, blocks 0 and 2 of three are in
    // different waves, never run at once, and no delay can show the race.
    // SuperCollider's answer, block shuffling, puts them in one wave under
    // some seeds.
    let waves = r#"
__global__ void racy_add(const float *A, const float *B, float *C, int N) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  int ix = i == (N - 1) ? 0 : i;
  if (i < N)
    C[ix] = A[i] + B[i] + i;
}"#;
    let r = |schedule, seed| Request {
        args: vec![("N".into(), "192".into())],
        resident: Some(2),
        schedule,
        ..request(3, 64, &["hb", "supercollider"], seed)
    };
    let mut seen: Vec<_> = observe(waves, &r(Schedule::Lockstep, 0)).into_iter().map(|(e, c, _)| (e, c)).collect();
    seen.dedup();
    assert_eq!(seen, [engine("hb", RaceClass::InterBlock)]);
    let shuffled: Vec<_> = (0..8).flat_map(|seed| observe(waves, &r(Schedule::Shuffle, seed))).collect();
    assert!(shuffled.iter().any(|(e, c, _)| e == "supercollider" && *c == RaceClass::InterBlock), "{shuffled:?}");
    // An unfenced message: the simulator's memory is sequentially
    // consistent, so the payload is never seen stale and no value changes.
    let message = r#"
__device__ int ready = 0;
__global__ void k(int *payload, int *out) {
  if (blockIdx.x == 0) {
    payload[0] = 42;
    atomicExch(&ready, 1);
  } else {
    while (atomicAdd(&ready, 0) == 0) {
    }
    out[0] = payload[0];
  }
}"#;
    assert_eq!(found(message, 2, 1, &["hb", "supercollider"], 0), [engine("hb", RaceClass::InterBlock)]);
}

#[test]
fn ldetector_sees_read_write_and_write_write_races_between_warps() {
    let racy = neighbour_racy();
    let seen = observe(&racy, &request(1, 64, &["ldetector"], 0));
    assert!(
        !seen.is_empty() && seen.iter().all(|(_, c, n)| *c == RaceClass::IntraBlock && n.contains("read-write")),
        "{seen:?}"
    );
    assert_eq!(found(NEIGHBOUR, 1, 64, &["ldetector"], 0), []);
    let both = r#"
__global__ void k(int *out) {
  __shared__ int s[32];
  s[threadIdx.x % 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x % 32];
}"#;
    let seen = observe(both, &request(1, 64, &["ldetector"], 0));
    assert!(
        !seen.is_empty() && seen.iter().all(|(_, c, n)| *c == RaceClass::IntraBlock && n.contains("write-write")),
        "{seen:?}"
    );
    let own = both.replace("s[threadIdx.x % 32] = threadIdx.x;", "if (threadIdx.x < 32) s[threadIdx.x] = 5;");
    assert_eq!(found(&own, 2, 64, &["ldetector"], 0), []);
}

#[test]
fn ldetector_misses_warps_global_memory_unchanged_outputs_and_atomics() {
    // A tree reduction without its barriers: the racing lanes share a warp.
    let tree = r#"
__global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned step = 32; step > 0; step /= 2) {
    if (t < step)
      s[t] += s[t + step];
  }
  if (t == 0)
    *out = s[0];
}"#;
    assert_eq!(found(tree, 1, 64, &["hb", "ldetector"], 0), [engine("hb", RaceClass::IntraWarp)]);
    // Global memory is out of its scope.
    let global = "__global__ void k(int *a) { a[threadIdx.x % 32] = threadIdx.x; }";
    assert_eq!(found(global, 1, 64, &["hb", "ldetector"], 0), [engine("hb", RaceClass::IntraBlock)]);
    // The neighbour's value is read but does not change what is written.
    let unchanged = neighbour_racy().replace("s[t] = v + 1;", "s[t] = v > 1000 ? 5 : t + 1;");
    let seen = found(&unchanged, 1, 64, &["hb", "ldetector"], 0);
    assert!(seen.iter().all(|(e, _)| e == "hb") && !seen.is_empty(), "{seen:?}");
    // A kernel with atomics is declined, with a note saying why.
    let atomics = "__global__ void k(int *a) { __shared__ int c; atomicAdd(&c, 1); a[0] = c; }";
    let program = lower(atomics);
    let outcome = simulate(&program, 0, &request(1, 64, &["ldetector"], 0)).unwrap();
    assert!(outcome.notes.iter().any(|n| n.contains("atomics")), "{:?}", outcome.notes);
}
