//! The simulator end to end: small kernels of each synchronisation pattern,
//! each with its racy twin, lowered by the front-end and run under the
//! happens-before detector; and what kernels compute (warp collectives,
//! floats, `__syncthreads_or`), checked against values worked out by hand.

use gpurace_core::RaceClass;
use gpurace_sim::{simulate, Outcome, Request, Schedule};

mod common;
use common::{lower, LOCK};

fn request(grid: u32, block: u32, args: &[(&str, &str)]) -> Request {
    Request {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        args: args.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
        max_steps: 10_000_000,
        ..Request::default()
    }
}

fn run(source: &str, request: &Request) -> (gpurace_ir::Program, Outcome) {
    let program = lower(source);
    let outcome = simulate(&program, 0, request).expect("the request fits the kernel");
    (program, outcome)
}

/// The classes of the races the run observed.
fn classes(source: &str, request: &Request) -> Vec<RaceClass> {
    let (program, outcome) = run(source, request);
    assert_eq!(outcome.error, None, "the run ends");
    gpurace_sim::races(&program, 0, &outcome).iter().map(|r| r.class).collect()
}

/// The elements of the first buffer after the run.
fn first_buffer(source: &str, request: &Request) -> Vec<String> {
    let (_, outcome) = run(source, request);
    assert_eq!(outcome.error, None, "the run ends");
    let b = &outcome.buffers[0];
    (0..b.elements).map(|i| gpurace_sim::element(&outcome, b, i)).collect()
}

const REDUCE: &str = r#"
__global__ void reduce(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned step = 32; step > 0; step /= 2) {
    if (t < step)
      s[t] += s[t + step];
    __syncthreads();
  }
  if (t == 0)
    *out = s[0];
}
"#;

#[test]
fn a_tree_reduction_with_barriers_has_no_race_and_its_twin_without_them_races() {
    assert_eq!(classes(REDUCE, &request(1, 64, &[])), []);
    let racy = REDUCE.replace("    __syncthreads();\n  }", "  }");
    let found = classes(&racy, &request(1, 64, &[]));
    // Lanes 0-15 read what lanes 16-31 wrote one step before: one warp.
    assert_eq!(found, [RaceClass::IntraWarp]);
}

#[test]
fn threads_of_different_blocks_writing_one_element_race_inter_block() {
    let source = "__global__ void k(int *a) { a[threadIdx.x] = blockIdx.x; }";
    assert_eq!(classes(source, &request(2, 1, &[])), [RaceClass::InterBlock]);
    let disjoint = "__global__ void k(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1; }";
    assert_eq!(classes(disjoint, &request(2, 32, &[])), []);
}

const MESSAGE: &str = r#"
__device__ int ready = 0;
__global__ void handoff(int *payload, int *out) {
  if (blockIdx.x == 0) {
    payload[0] = 42;
    __threadfence();
    atomicExch(&ready, 1);
  } else {
    while (atomicAdd(&ready, 0) == 0) {
    }
    out[0] = payload[0];
  }
}
"#;

#[test]
fn a_fenced_flag_orders_a_message_between_blocks_and_an_unfenced_one_does_not() {
    assert_eq!(classes(MESSAGE, &request(2, 1, &[])), []);
    let racy = MESSAGE.replace("__threadfence();", "");
    assert_eq!(classes(&racy, &request(2, 1, &[])), [RaceClass::InterBlock]);
    let block_fence = MESSAGE.replace("__threadfence();", "__threadfence_block();");
    assert_eq!(classes(&block_fence, &request(2, 1, &[])), [RaceClass::InterBlock], "a block fence covers one block");
}

#[test]
fn a_spin_lock_orders_its_critical_sections_under_every_schedule() {
    for seed in 0..4 {
        let r = Request { schedule: Schedule::Random, seed, ..request(4, 1, &[]) };
        assert_eq!(classes(LOCK, &r), [], "seed {seed}");
    }
    let racy = LOCK.replacen("  __threadfence();\n  atomicExch", "  atomicExch", 1);
    let found = classes(&racy, &request(4, 1, &[]));
    assert!(!found.is_empty() && found.iter().all(|c| *c == RaceClass::InterBlock), "{found:?}");
}

#[test]
fn block_scope_atomics_of_different_blocks_race_and_device_scope_ones_do_not() {
    let device = "__global__ void k(int *c) { atomicAdd(&c[0], 1); }";
    assert_eq!(classes(device, &request(2, 4, &[])), []);
    let block = "__global__ void k(int *c) { atomicAdd_block(&c[0], 1); }";
    assert_eq!(classes(block, &request(2, 4, &[])), [RaceClass::InterBlock]);
}

#[test]
fn warp_collectives_compute_what_cuda_specifies() {
    let source = r#"
__global__ void k(int *out) {
  int v = threadIdx.x;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  unsigned odd = __ballot_sync(0xffffffff, threadIdx.x & 1);
  int last = __any_sync(0xffffffff, threadIdx.x == 31);
  if (threadIdx.x == 0) {
    out[0] = v;
    out[1] = odd == 0xaaaaaaaa;
    out[2] = last;
  }
}"#;
    let r = Request { buffers: vec![("out".into(), 3)], ..request(1, 32, &[]) };
    assert_eq!(first_buffer(source, &r), ["496", "1", "1"]);
}

#[test]
fn floats_convert_and_compute_as_c_does() {
    let source = r#"
__global__ void k(float *out, int n) {
  float x = n / 2;
  out[0] = x;
  out[1] = n / 2.0f;
  out[2] = sqrtf(out[1] * 2.0f + 0.5f);
  out[3] = (int)-2.7f;
  out[4] = (unsigned char)300;
}"#;
    let r = Request { buffers: vec![("out".into(), 5)], ..request(1, 1, &[("n", "9")]) };
    assert_eq!(first_buffer(source, &r), ["4", "4.5", "3.082207", "-2", "44"]);
}

#[test]
fn syncthreads_or_reduces_a_predicate_over_the_block() {
    let source = r#"
__global__ void k(int *out) {
  int any = __syncthreads_or(threadIdx.x == 5);
  int count = __syncthreads_count(threadIdx.x < 10);
  if (threadIdx.x == 0) {
    out[0] = any;
    out[1] = count;
  }
}"#;
    let r = Request { buffers: vec![("out".into(), 2)], ..request(1, 64, &[]) };
    assert_eq!(first_buffer(source, &r), ["1", "10"]);
}

#[test]
fn a_barrier_some_threads_skip_is_reported_and_does_not_hang() {
    let source = r#"
__global__ void k(int *a) {
  if (threadIdx.x < 16)
    __syncthreads();
  a[threadIdx.x] = 1;
}"#;
    let (_, outcome) = run(source, &request(1, 32, &[]));
    assert_eq!(outcome.error, None);
    assert_eq!(outcome.divergences.len(), 1);
    assert_eq!((outcome.divergences[0].waiting, outcome.divergences[0].threads), (16, 32));
}

#[test]
fn a_grid_barrier_orders_blocks() {
    let source = r#"
#include <cooperative_groups.h>
__global__ void k(int *a, int *b) {
  a[blockIdx.x] = 1;
  cooperative_groups::this_grid().sync();
  b[blockIdx.x] = a[(blockIdx.x + 1) % gridDim.x];
}"#;
    assert_eq!(classes(source, &request(4, 1, &[])), []);
}

#[test]
fn what_cannot_run_stops_the_run_with_its_line() {
    let source = "__global__ void k(int *a) {\n  int v;\n  asm(\"mbarrier.arrive.shared.b64 %0, [%1];\" : \"=r\"(v) : \"r\"(0));\n  a[v] = 1;\n}";
    let (_, outcome) = run(source, &request(1, 1, &[]));
    let error = outcome.error.expect("the run stops");
    assert_eq!(error.span.line, 3, "{error:?}");
    assert!(error.message.starts_with("cannot run"), "{}", error.message);
}

#[test]
fn a_buffer_of_given_size_checks_its_bounds() {
    let source = "__global__ void k(int *a) { a[threadIdx.x + 1] = 1; }";
    let r = Request { buffers: vec![("a".into(), 32)], ..request(1, 32, &[]) };
    let (_, outcome) = run(source, &r);
    let error = outcome.error.expect("an access past the end stops the run");
    assert!(error.message.contains("outside its 128 bytes"), "{}", error.message);
    assert_eq!(error.thread, Some([31, 0, 0]));
}

/// The classes the happens-before and iGUARD detectors observed, by detector.
fn by_detector(source: &str, request: &Request) -> Vec<(String, RaceClass)> {
    let request = Request { detectors: vec!["hb".into(), "iguard".into()], ..request.clone() };
    let (program, outcome) = run(source, &request);
    assert_eq!(outcome.error, None, "the run ends");
    let mut out: Vec<(String, RaceClass)> =
        gpurace_sim::races(&program, 0, &outcome).iter().map(|r| (r.engine.as_str().to_string(), r.class)).collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn iguard_finds_an_unfenced_message_and_a_warp_race_in_global_memory() {
    let racy = MESSAGE.replace("__threadfence();", "");
    let found = by_detector(&racy, &request(2, 1, &[]));
    assert!(found.contains(&("iguard".into(), RaceClass::InterBlock)), "{found:?}");
    assert_eq!(by_detector(MESSAGE, &request(2, 1, &[])), []);
    let warp = "__global__ void k(int *a) { a[threadIdx.x / 2] = threadIdx.x; }";
    let found = by_detector(warp, &request(1, 32, &[]));
    assert_eq!(found, [("hb".into(), RaceClass::IntraWarp), ("iguard".into(), RaceClass::IntraWarp)]);
    assert_eq!(by_detector(LOCK, &request(4, 1, &[])), [], "iGUARD infers the lock");
}

/// iGUARD's blind spots, from its paper, each against the reference.
#[test]
fn iguard_misses_shared_memory_and_readers_before_the_last_one() {
    // Shared memory is out of its scope.
    let racy = REDUCE.replace("    __syncthreads();\n  }", "  }");
    assert_eq!(by_detector(&racy, &request(1, 64, &[])), [("hb".into(), RaceClass::IntraWarp)]);
    // Block 0 reads, then block 1 reads and, after its barrier, writes: the
    // write is ordered after the last reader (same block, a barrier), so
    // iGUARD, which keeps only the last accessor, does not see block 0's read.
    let source = r#"
__global__ void k(int *g, int *out) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = g[0];
  __syncthreads();
  if (blockIdx.x == 1 && threadIdx.x == 1)
    g[0] = 7;
}"#;
    assert_eq!(by_detector(source, &request(2, 32, &[])), [("hb".into(), RaceClass::InterBlock)]);
}

#[test]
fn a_grid_barrier_some_threads_skip_is_divergence() {
    let source = r#"
#include <cooperative_groups.h>
__global__ void k(int *a) {
  cooperative_groups::grid_group g = cooperative_groups::this_grid();
  if (threadIdx.x % 2 == 0)
    g.sync();
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}"#;
    let (_, outcome) = run(source, &request(2, 32, &[]));
    assert_eq!(outcome.error, None, "a cooperative-groups handle is not a value the run needs");
    assert_eq!(outcome.divergences.len(), 1);
    assert_eq!((outcome.divergences[0].waiting, outcome.divergences[0].threads), (32, 64));
}

#[test]
fn random_numbers_are_a_function_of_their_arguments() {
    let source = r#"
#include <curand_kernel.h>
__global__ void k(unsigned *out, float *f) {
  curandState s;
  curand_init(7, threadIdx.x, 0, &s);
  out[threadIdx.x] = curand(&s) % 1000;
  f[threadIdx.x] = curand_uniform(&s);
}"#;
    let r = Request { buffers: vec![("out".into(), 4), ("f".into(), 4)], ..request(1, 4, &[]) };
    let (_, first) = run(source, &r);
    let (_, again) = run(source, &r);
    assert_eq!(first.error, None);
    let values = |o: &Outcome| (0..4).map(|i| gpurace_sim::element(o, &o.buffers[1], i)).collect::<Vec<_>>();
    assert_eq!(values(&first), values(&again), "the same request, the same numbers");
    assert!(values(&first).iter().all(|v| v.parse::<f32>().is_ok_and(|x| x > 0.0 && x <= 1.0)), "{:?}", values(&first));
}

/// Found by the differential harness: a thread's atomic after its own plain
/// read must not hide that read from another block's atomic.
#[test]
fn a_plain_read_races_with_another_threads_atomic_after_its_own() {
    let source = r#"
__global__ void k(int *g, int *out) {
  int t = threadIdx.x, b = blockIdx.x;
  out[b * 32 + t] = g[b * 32 + t];
  atomicAdd(&g[t], 1);
}"#;
    assert_eq!(classes(source, &request(2, 32, &[])), [RaceClass::InterBlock]);
    let disjoint =
        "__global__ void k(int *g, int *out) { out[threadIdx.x] = g[threadIdx.x]; atomicAdd(&g[threadIdx.x], 1); }";
    assert_eq!(classes(disjoint, &request(1, 32, &[])), []);
}

/// A lock is taken by its `atomicCAS` and the fence after it: without that
/// fence the critical section is not ordered after the previous holder's
/// (the static engine's and iGUARD's rule). Which block takes the lock
/// first depends on the schedule; some seeded random schedule shows it.
#[test]
fn a_lock_taken_without_a_fence_does_not_order_the_critical_section() {
    let racy = LOCK.replacen("  }\n  __threadfence();\n  *total", "  }\n  *total", 1);
    assert_ne!(racy, LOCK);
    let found = (0..12).any(|seed| {
        let r = Request { schedule: Schedule::Random, seed, ..request(2, 1, &[]) };
        !classes(&racy, &r).is_empty()
    });
    assert!(found, "no schedule showed the race");
}

/// Warp-synchronous code (a reduction of one warp without `__syncwarp`):
/// lockstep lanes compute what its author expected, the adversarial
/// schedule (lanes one after another from the last) does not, and the
/// happens-before detector reports the race under both.
#[test]
fn the_adversarial_schedule_breaks_warp_synchronous_code() {
    let source = r#"
__global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  s[t + 32] = in[t + 32];
  for (unsigned step = 32; step > 0; step /= 2)
    if (t < step)
      s[t] += s[t + step];
  if (t == 0)
    *out = s[0];
}"#;
    let r = |schedule| Request {
        buffers: vec![("out".into(), 1), ("in".into(), 64)],
        fill: gpurace_sim::Fill::Iota,
        schedule,
        ..request(1, 32, &[])
    };
    let out = |schedule| {
        let (_, outcome) = run(source, &r(schedule));
        assert_eq!(outcome.error, None);
        let b = outcome.buffers.iter().find(|b| b.name == "out").unwrap().clone();
        gpurace_sim::element(&outcome, &b, 0)
    };
    assert_eq!(out(Schedule::Lockstep), (0..64).sum::<u32>().to_string());
    assert_ne!(out(Schedule::Adversarial), (0..64).sum::<u32>().to_string());
    for schedule in [Schedule::Lockstep, Schedule::Adversarial] {
        assert_eq!(classes(source, &r(schedule)), [RaceClass::IntraWarp]);
    }
}

#[test]
fn printf_is_captured_in_the_order_threads_print() {
    let source = r#"
#include <cstdio>
__global__ void k(const int *in) {
  if (threadIdx.x < 2)
    printf("t%u=%d %.1f\t%%\n", threadIdx.x, in[threadIdx.x], 0.5f);
}"#;
    let r = Request { buffers: vec![("in".into(), 2)], fill: gpurace_sim::Fill::Iota, ..request(1, 32, &[]) };
    let (_, outcome) = run(source, &r);
    assert_eq!(outcome.error, None);
    assert_eq!(outcome.printed.concat(), "t0=0 0.5\t%\nt1=1 0.5\t%\n");
}

/// The bounded systematic search runs each thread in turn, then every
/// schedule with one preemption. Only block 1 fences after taking the lock:
/// in block order block 0 takes it first and block 1's fence orders its
/// critical section; the race needs block 1 to go first, which a lockstep
/// run and the search's first run never do and one preemption does.
#[test]
fn the_systematic_search_finds_an_order_dependent_race_and_nothing_on_its_twin() {
    let racy = LOCK.replacen(
        "  }\n  __threadfence();\n  *total",
        "  }\n  if (blockIdx.x == 1)\n    __threadfence();\n  *total",
        1,
    );
    assert_ne!(racy, LOCK);
    let r = request(2, 1, &[]);
    assert_eq!(classes(&racy, &r), [], "block order hides the race");
    let (program, _) = run(&racy, &r);
    let (outcome, explored) = gpurace_sim::explore(&program, 0, &r, 1000).unwrap();
    assert!(explored.runs > 10 && explored.runs == explored.schedules, "{explored:?}");
    let classes: Vec<RaceClass> = gpurace_sim::races(&program, 0, &outcome).iter().map(|r| r.class).collect();
    assert!(!classes.is_empty() && classes.iter().all(|c| *c == RaceClass::InterBlock), "{classes:?}");
    let (program, _) = run(LOCK, &r);
    let (outcome, _) = gpurace_sim::explore(&program, 0, &r, 1000).unwrap();
    assert_eq!(outcome.error, None);
    assert_eq!(gpurace_sim::races(&program, 0, &outcome), [], "the fenced lock under every schedule");
}

#[test]
fn buffer_contents_come_from_the_request_and_size_the_buffer() {
    let source = "__global__ void k(const float *in, int *out) { out[threadIdx.x] = (int)(in[threadIdx.x] * 10.0f); }";
    let contents = vec![("in".into(), vec!["0.5".into(), "-1.25".into(), "3".into()])];
    let r = Request { contents, buffers: vec![("out".into(), 3)], ..request(1, 3, &[]) };
    assert_eq!(first_buffer(source, &r), ["0.5", "-1.25", "3"]);
    let (_, outcome) = run(source, &r);
    let out = outcome.buffers.iter().find(|b| b.name == "out").unwrap().clone();
    let values: Vec<String> = (0..3).map(|i| gpurace_sim::element(&outcome, &out, i)).collect();
    assert_eq!(values, ["5", "-12", "30"]);
    let bad = Request { contents: vec![("in".into(), vec!["x".into()])], ..r };
    let program = lower(source);
    let err = simulate(&program, 0, &bad).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("element 0") && err.contains("`x`"), "{err}");
}

/// Device and constant variables start with their initializers' values;
/// one the front-end cannot evaluate stops the run where it is read rather
/// than reading zero.
#[test]
fn device_variables_start_with_their_initializers() {
    let source = r#"
__constant__ int table[4] = {5, -6, 7};
__device__ float w = -1.5f;
__device__ int opaque[2] = {sizeof(long), 3};
__global__ void k(int *out, int pick) {
  out[threadIdx.x] = pick ? opaque[0] : table[threadIdx.x] * 2 + (int)(w * 2.0f);
}"#;
    let r = Request { buffers: vec![("out".into(), 4)], ..request(1, 4, &[("pick", "0")]) };
    assert_eq!(first_buffer(source, &r), ["7", "-15", "11", "-3"]);
    let (_, outcome) = run(source, &Request { args: vec![("pick".into(), "1".into())], ..r });
    let error = outcome.error.expect("an initializer the front-end does not evaluate is not read as zero");
    assert!(error.message.contains("initial value of `opaque`"), "{}", error.message);
}

/// Found by the differential harness: a fence and then an atomic whose value
/// nothing waits on (no spin loop reads it) release nothing another block's
/// atomic on the same element acquires; the read before the fence races
/// with that block's atomic, as the static engine says.
#[test]
fn an_atomic_no_loop_waits_on_acquires_nothing() {
    let source = r#"
__global__ void k(int *g, int *out) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  out[b * 64 + t] = g[b * 64 + t];
  __threadfence();
  atomicAdd(&g[t], 1);
}"#;
    let r = Request { buffers: vec![("g".into(), 128), ("out".into(), 128)], ..request(2, 64, &[]) };
    assert_eq!(classes(source, &r), [RaceClass::InterBlock]);
}
