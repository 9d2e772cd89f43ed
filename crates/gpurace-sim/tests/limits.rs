//! Launches too large to simulate: every size the input controls (a
//! buffer's elements, a variable's type, the dynamic shared memory, the
//! geometry, the resident blocks) is refused with a message that says what
//! the launch needs and the simulator's limit, instead of the process
//! aborting on a failed allocation; and a replay of two blocks of a huge
//! grid runs, since it allocates only for them.

use gpurace_core::RaceClass;
use gpurace_sim::limits::{MAX_ELASTIC_BYTES, MAX_RUN_BLOCKS};
use gpurace_sim::{simulate, Cause, Error, Request};

mod common;
use common::lower;

fn request(grid: u32, block: u32) -> Request {
    Request { grid: [grid, 1, 1], block: [block, 1, 1], max_steps: 10_000_000, ..Request::default() }
}

/// The message of a launch the simulator refuses for a limit.
fn refused(source: &str, request: &Request) -> String {
    match simulate(&lower(source), 0, request) {
        Err(e @ Error::Limit(_)) => e.to_string(),
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(outcome) => panic!("ran: {:?}", outcome.error),
    }
}

const STORE: &str = "__global__ void k(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1; }";

#[test]
fn a_buffer_of_64_gib_is_refused() {
    let r = Request { buffers: vec![("out".into(), 1 << 34)], ..request(1, 32) };
    assert_eq!(refused(STORE, &r), "the launch needs a buffer `out` of 64 GiB, over the simulator's limit of 1 GiB");
}

#[test]
fn buffers_over_the_limit_together_are_refused() {
    // 512 MiB and 640 MiB: each within the limit, together over it.
    let source = "__global__ void k(int *a, int *b) { a[threadIdx.x] = b[threadIdx.x]; }";
    let r = Request { buffers: vec![("a".into(), 1 << 27), ("b".into(), 5 << 25)], ..request(1, 32) };
    assert_eq!(
        refused(source, &r),
        "the launch needs global memory (a buffer `b` and what came before it) of 1.1 GiB, over the simulator's \
         limit of 1 GiB"
    );
}

#[test]
fn a_device_variable_of_64_gib_is_refused() {
    let source = "__device__ char big[1L << 36];\n__global__ void k() { big[threadIdx.x] = 1; }";
    assert_eq!(
        refused(source, &request(1, 32)),
        "the launch needs the device variable `big` of 64 GiB, over the simulator's limit of 1 GiB"
    );
}

#[test]
fn huge_geometry_shared_and_local_memory_are_refused() {
    let grid = refused(STORE, &request(i32::MAX as u32, 32));
    assert_eq!(
        grid,
        format!(
            "the launch needs a run of every block of a grid of 2147483647 blocks, over the simulator's limit of \
             {MAX_RUN_BLOCKS} blocks"
        )
    );
    let block = Request { block: [1024, 1024, 1], ..request(1, 1) };
    assert_eq!(
        refused(STORE, &block),
        "the launch needs a block of 1048576 threads, over the simulator's limit of 65536 threads"
    );
    let grid = Request { grid: [65535, 65535, 65535], ..request(1, 1) };
    assert!(refused(STORE, &grid).contains("a grid of 281462092005375 blocks"));
    let source = "__global__ void k(int *out) { extern __shared__ int s[]; s[threadIdx.x] = 1; }";
    let shared = Request { dynamic_shared: Some(1 << 32), ..request(1, 32) };
    assert_eq!(
        refused(source, &shared),
        "the launch needs shared memory of a block of 4 GiB, over the simulator's limit of 64 MiB"
    );
    let source = "__global__ void k(int *out) { int a[1 << 28]; a[threadIdx.x] = 1; out[threadIdx.x] = a[0]; }";
    assert_eq!(
        refused(source, &request(1, 32)),
        "the launch needs local memory of a thread of 1 GiB, over the simulator's limit of 1 MiB"
    );
}

#[test]
fn resident_blocks_fit_the_limit() {
    // 16,384 blocks of one thread with 512 KiB of shared memory each would
    // be 8 GiB at once: by default fewer are resident, and asking for them
    // all is refused.
    let source = "__global__ void k(int *out) { __shared__ char s[1 << 19]; s[0] = 1; out[blockIdx.x] = s[0]; }";
    let program = lower(source);
    let outcome = simulate(&program, 0, &request(4096, 1)).expect("fewer blocks are resident");
    assert_eq!(outcome.error, None);
    assert!(outcome.launch.resident < 4096, "{}", outcome.launch.resident);
    let all = Request { resident: Some(4096), ..request(4096, 1) };
    assert!(refused(source, &all).starts_with("the launch needs 4096 blocks resident at once, memory of 2 GiB"));
}

/// A replay runs the two blocks its witness names: a grid of 2^31 - 1
/// blocks costs nothing then, and a buffer of unknown size starts small.
#[test]
fn two_blocks_of_a_huge_grid_run() {
    let source = "__global__ void k(int *out) { out[threadIdx.x] = blockIdx.x; }";
    let program = lower(source);
    let r = Request { blocks: Some(vec![0, i32::MAX as u32 - 1]), ..request(i32::MAX as u32, 32) };
    let outcome = simulate(&program, 0, &r).expect("two blocks run");
    assert_eq!(outcome.error, None);
    let classes: Vec<RaceClass> = gpurace_sim::races(&program, 0, &outcome).iter().map(|r| r.class).collect();
    assert_eq!(classes, [RaceClass::InterBlock]);
    let out = &outcome.buffers[0];
    assert!(out.elements * out.elem_size <= MAX_ELASTIC_BYTES, "{} elements", out.elements);
    // A block far into the grid indexes past what such a buffer grows to:
    // the run stops there and says why, naming no flag.
    let outcome = simulate(&program, 0, &Request { blocks: Some(vec![i32::MAX as u32 - 1]), ..r.clone() }).unwrap();
    assert_eq!(outcome.error, None, "the far block writes out[threadIdx.x]");
    let far = simulate(&lower(STORE), 0, &Request { blocks: Some(vec![i32::MAX as u32 - 1]), ..r }).unwrap();
    let error = far.error.expect("the access is past the buffer's growth");
    assert_eq!(error.cause, Cause::Growth("out".into()));
    assert!(error.message.contains("past the simulator's limit of 64 MiB for such a buffer"), "{}", error.message);
    assert!(!error.message.contains("--"), "{}", error.message);
}

/// What stops a run says what a caller could change, in no flag's terms.
#[test]
fn stops_name_their_cause_and_no_flag() {
    let program = lower("__global__ void k(int *out) { while (out[0] == 0) { } }");
    let outcome = simulate(&program, 0, &Request { max_steps: 1000, ..request(1, 1) }).unwrap();
    let error = outcome.error.expect("the thread spins");
    assert_eq!(error.cause, Cause::Steps);
    assert!(!error.message.contains("--"), "{}", error.message);
    let sized = Request { buffers: vec![("out".into(), 4)], ..request(1, 32) };
    let outcome = simulate(&lower(STORE), 0, &sized).unwrap();
    let error = outcome.error.expect("thread 4 writes past 4 elements");
    assert_eq!(error.cause, Cause::Buffer("out".into()));
    assert!(!error.message.contains("--"), "{}", error.message);
    let missing = simulate(&lower("__global__ void k(int *out, int n) { out[n] = 1; }"), 0, &request(1, 1));
    assert_eq!(missing.err(), Some(Error::MissingArgs(vec!["n".into()])));
}
