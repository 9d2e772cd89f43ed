//! Engine tests through the library, without the `gpurace` binary: each test
//! writes a small CUDA program to a temporary file, lowers it with
//! `gpurace_front`, derives the launch sites with `gpurace_host` and checks
//! them with `gpurace_static`, wired as `gpurace check` wires them
//! (`src/check.rs`), then asserts on the kernel's verdict and races.
//!
//! Every pattern comes as a pair: a race-free program and a racy twin made by
//! one edit of it ([`twin`]), or, for the patterns about the launch geometry
//! and the host facts, one program checked with and without that knowledge.
//! Both halves are asserted, so that each pattern is shown to be able to fail.
//!
//! The tests need clang (`apt-get install -y clang-19`), like the fixture
//! tests: without it they fail with the front-end's error, they never skip.

use std::collections::BTreeSet;
use std::path::PathBuf;

use gpurace_host::Assumption;
use gpurace_ir::Severity;
use gpurace_static::{check, check_sites, Certainty, Config, KernelResult, RaceClass, RaceKind, Verdict};

/// A CUDA source lowered by the front-end; the temporary folder holding the
/// file lives as long as it does.
struct Source {
    _dir: tempfile::TempDir,
    path: PathBuf,
    lowered: gpurace_front::Lowered,
}

/// Writes `text` to a temporary `kernel.cu` and lowers it. Panics when clang
/// cannot run or reports an error: a test whose program does not compile
/// would prove nothing.
fn lower(text: &str) -> Source {
    let dir = tempfile::tempdir().expect("cannot create a temporary folder");
    let path = dir.path().join("kernel.cu");
    std::fs::write(&path, text).expect("cannot write the CUDA source");
    let lowered = gpurace_front::lower_file(&path, &gpurace_front::Options::default())
        .unwrap_or_else(|e| panic!("the front-end cannot run: {e}"));
    let errors: Vec<_> = lowered.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    assert!(errors.is_empty(), "the test program does not lower cleanly: {errors:#?}\n{text}");
    assert!(!lowered.program.kernels.is_empty(), "no kernel in the test program:\n{text}");
    Source { _dir: dir, path, lowered }
}

/// How much the engine is told beyond the kernel itself.
#[derive(Clone, Copy)]
enum Host<'a> {
    /// The host code's launch sites, as `gpurace check` does by default.
    Sites,
    /// Nothing (`--no-host`): every kernel on its own.
    Ignored,
    /// No host code, facts by hand (`--no-host --assume ...`).
    Assume(&'a [Assumption]),
}

/// Checks every kernel of `source` as `gpurace check` does: the host facts
/// (asserting that every fact by hand was usable), then the engine once per
/// launch site.
fn check_with(source: &Source, config: &Config, host: Host<'_>) -> Vec<KernelResult> {
    let program = &source.lowered.program;
    let (use_host, assumptions) = match host {
        Host::Sites => (true, &[][..]),
        Host::Ignored => (false, &[][..]),
        Host::Assume(assumptions) => (false, assumptions),
    };
    let facts = gpurace_host::host_facts(program, use_host, assumptions);
    assert!(facts.errors.is_empty(), "unusable assumptions: {:?}", facts.errors);
    check_sites(program, config, &facts.sites)
}

/// The result of the only kernel of `text`, with the host code's facts.
fn kernel(text: &str, config: &Config) -> KernelResult {
    only(check_with(&lower(text), config, Host::Sites))
}

fn only(mut results: Vec<KernelResult>) -> KernelResult {
    assert_eq!(results.len(), 1, "expected one kernel: {results:#?}");
    results.remove(0)
}

/// The engine's settings of these tests: one solver thread, so that nothing
/// depends on scheduling.
fn config() -> Config {
    Config { jobs: 1, ..Config::default() }
}

/// [`config`] with a fixed `blockDim.x` (`--block X`).
fn block(x: u32) -> Config {
    Config { block: Some([x, 1, 1]), ..config() }
}

/// `text` with its only occurrence of `from` replaced by `to`: the one edit
/// that turns a race-free program into its racy twin.
fn twin(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur exactly once in:\n{text}");
    text.replacen(from, to, 1)
}

/// The 1-based line of the only line of `text` that contains `needle`.
fn line_of(text: &str, needle: &str) -> u32 {
    let lines: Vec<usize> = text.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i).collect();
    assert_eq!(lines.len(), 1, "`{needle}` must be on exactly one line");
    lines[0] as u32 + 1
}

/// A one-line-per-race summary for assertion messages.
fn show(result: &KernelResult) -> String {
    let mut out = format!("kernel {}: {:?}", result.kernel, result.verdict);
    for race in &result.races {
        let site = race.witness.as_ref().and_then(|w| w.site.clone()).unwrap_or_default();
        out.push_str(&format!(
            "\n  {} {} {} {}:{} `{}` / {}:{} `{}` {}",
            race.rule_id(),
            race.kind.as_str(),
            race.certainty.as_str(),
            race.first.line,
            race.first.col,
            race.first.text,
            race.second.line,
            race.second.col,
            race.second.text,
            site
        ));
    }
    for d in &result.diagnostics {
        out.push_str(&format!("\n  {:?} {}: {}", d.severity, d.code, d.message));
    }
    out
}

fn assert_race_free(result: &KernelResult) {
    assert_eq!(result.verdict, Verdict::RaceFree, "{}", show(result));
    assert!(result.races.is_empty(), "{}", show(result));
    assert_eq!(result.undecided, None, "{}", show(result));
}

/// Asserts a `Race` verdict with exactly `count` races, and returns the
/// classes they are in.
fn assert_races(result: &KernelResult, count: usize) -> BTreeSet<RaceClass> {
    assert_eq!(result.verdict, Verdict::Race, "{}", show(result));
    assert_eq!(result.races.len(), count, "{}", show(result));
    result.races.iter().map(|r| r.class).collect()
}

/// Asserts that every race is a data race of `certainty` on `array`.
fn assert_data_races(result: &KernelResult, array: &str, certainty: Certainty) {
    for race in &result.races {
        assert_eq!(race.kind, RaceKind::DataRace, "{}", show(result));
        assert_eq!(race.certainty, certainty, "{}", show(result));
        assert_eq!(race.array.as_deref(), Some(array), "{}", show(result));
    }
}

const REDUCTION: &str = r#"
#define THREADS 256

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[THREADS];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * THREADS + t];
  __syncthreads();
  for (unsigned half = THREADS / 2; half > 0; half /= 2) {
    if (t < half)
      partial[t] += partial[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}
"#;

/// A shared-memory tree reduction is race-free with the barrier closing each
/// step; without it, a thread still adding in one step races with the thread
/// reading its slot in the next: inside a warp (t = 16 writes, t = 0 reads
/// partial[16]) and across warps (t = 32 and t = 0 on partial[32]).
#[test]
fn tree_reduction_needs_a_barrier_per_step() {
    assert_race_free(&kernel(REDUCTION, &block(256)));

    let racy = twin(REDUCTION, "partial[t + half];\n    __syncthreads();", "partial[t + half];");
    let result = kernel(&racy, &block(256));
    let classes = assert_races(&result, 2);
    assert_eq!(classes, BTreeSet::from([RaceClass::IntraBlock, RaceClass::IntraWarp]), "{}", show(&result));
    assert_data_races(&result, "partial", Certainty::Definite);
    let line = line_of(&racy, "partial[t] += partial[t + half]");
    assert!(result.races.iter().all(|r| r.first.line == line && r.second.line == line), "{}", show(&result));
}

const STAGED: &str = r#"
__global__ void reverse_tiles(float *data, int active) {
  __shared__ float buf[128];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * 128 + t;
  if (blockIdx.x < active) {
    buf[t] = data[g];
    __syncthreads();
    data[g] = buf[127 - t];
  }
}
"#;

/// A barrier under a condition every thread of a block agrees on (it only
/// reads `blockIdx`) is fine; under a condition on `threadIdx` some threads of
/// a block wait at a barrier the others never reach.
#[test]
fn barrier_under_a_thread_dependent_if_diverges() {
    assert_race_free(&kernel(STAGED, &block(128)));

    let racy = twin(STAGED, "if (blockIdx.x < active)", "if (threadIdx.x < active)");
    let result = kernel(&racy, &block(128));
    let divergent: Vec<_> = result.races.iter().filter(|r| r.kind == RaceKind::BarrierDivergence).collect();
    assert_races(&result, 1);
    assert_eq!(divergent.len(), 1, "{}", show(&result));
    let barrier = divergent[0];
    assert_eq!(barrier.class, RaceClass::IntraBlock, "{}", show(&result));
    assert_eq!(barrier.certainty, Certainty::Definite, "{}", show(&result));
    assert_eq!(barrier.second.line, line_of(&racy, "__syncthreads()"), "{}", show(&result));
    assert_eq!(barrier.second.mode, None, "a barrier has no access mode: {}", show(&result));
}

const STENCIL: &str = r#"
__global__ void smooth(float *dst, float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    dst[i] = 0.5f * (src[i] + src[i + 1]);
}
"#;

/// A neighbour read out of place is race-free; in place, thread i reads the
/// element thread i + 1 writes, and with a symbolic geometry i and i + 1 may
/// be in one warp, in two warps of one block, or in two blocks.
#[test]
fn neighbour_read_in_place_races_across_blocks() {
    assert_race_free(&kernel(STENCIL, &config()));

    let racy = twin(STENCIL, "dst[i] = ", "src[i] = ");
    let result = kernel(&racy, &config());
    let classes = assert_races(&result, 3);
    assert_eq!(
        classes,
        BTreeSet::from([RaceClass::InterBlock, RaceClass::IntraBlock, RaceClass::IntraWarp]),
        "{}",
        show(&result)
    );
    assert_data_races(&result, "src", Certainty::Definite);
}

const WARP_SWAP: &str = r#"
__global__ void swap_pairs(float *data) {
  __shared__ float lanes[128];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * 128 + t;
  lanes[t] = data[g];
  __syncwarp();
  data[g] = lanes[t ^ 1];
}
"#;

/// Lanes t and t ^ 1 exchange values through shared memory: `__syncwarp()`
/// orders the write and the partner's read; without it they race, only ever
/// inside one warp (t ^ 1 never leaves t's warp).
#[test]
fn warp_exchange_needs_syncwarp() {
    assert_race_free(&kernel(WARP_SWAP, &block(128)));

    let racy = twin(WARP_SWAP, "  __syncwarp();\n", "");
    let result = kernel(&racy, &block(128));
    let classes = assert_races(&result, 1);
    assert_eq!(classes, BTreeSet::from([RaceClass::IntraWarp]), "{}", show(&result));
    assert_data_races(&result, "lanes", Certainty::Definite);
    let race = &result.races[0];
    assert_eq!(race.first.line, line_of(&racy, "lanes[t] = data[g]"), "{}", show(&result));
    assert_eq!(race.second.line, line_of(&racy, "data[g] = lanes[t ^ 1]"), "{}", show(&result));

    // Lanes in lockstep (`--warp-sync 32`, GPUs before Volta) write before
    // any of them reads: the twin is race-free there.
    assert_race_free(&kernel(&racy, &Config { warp_sync: Some(32), ..block(128) }));
}

const HOST_GUARD: &str = r#"
#include <stdlib.h>

__global__ void rows(float *a, int pitch) {
  a[blockIdx.x * pitch + threadIdx.x] = threadIdx.x;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int pitch = atoi(argv[1]);
  if (pitch < 64 || pitch > 1024)
    return 1;
  float *a;
  cudaMalloc(&a, 8 * 1024 * sizeof(float));
  rows<<<8, 64>>>(a, pitch);
  cudaDeviceSynchronize();
  return 0;
}
"#;

/// `rows` alone races (pitch 0 puts every block on one row); `main` exits
/// early unless each block's row of 64 fits in its pitch. Only the host
/// facts make it race-free, and the racy twin's weaker guard lets two blocks
/// share an element (pitch 32..63), at the one launch site.
#[test]
fn host_early_exit_makes_a_kernel_race_free() {
    let source = lower(HOST_GUARD);
    let alone = only(check_with(&source, &config(), Host::Ignored));
    assert_eq!(assert_races(&alone, 1), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&alone));
    assert!(alone.sites.is_empty(), "{}", show(&alone));
    // `check` alone is the engine without sites: the same answer.
    assert_eq!(only(check(&source.lowered.program, &config())), alone);

    let guarded = only(check_with(&source, &config(), Host::Sites));
    assert_race_free(&guarded);
    assert_eq!(guarded.sites.len(), 1, "{guarded:#?}");

    let racy = twin(HOST_GUARD, "pitch < 64 ||", "pitch < 32 ||");
    let result = kernel(&racy, &config());
    assert_eq!(assert_races(&result, 1), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&result));
    assert_data_races(&result, "a", Certainty::Definite);
    let launch = format!(":{} (main)", line_of(&racy, "rows<<<"));
    assert!(result.sites.len() == 1 && result.sites[0].ends_with(&launch), "{}", show(&result));
    let witness = result.races[0].witness.as_ref().expect("a definite race has a witness");
    assert!(witness.site.as_deref().is_some_and(|s| s.ends_with(&launch)), "{witness:#?}");
    assert_eq!(witness.block, Some([64, 1, 1]), "{witness:#?}");
    let pitch = witness.params.iter().find(|(name, _)| name == "pitch").map(|(_, v)| *v);
    assert!(pitch.is_some_and(|p| (32..64).contains(&p)), "{witness:#?}");
}

const FIXED_TILE: &str = r#"
__global__ void scale(float *out, const float *in) {
  unsigned g = blockIdx.x * 256 + threadIdx.x;
  out[g] = 2.0f * in[g];
}
"#;

/// The kernel hard-codes blocks of 256 threads: race-free when the
/// configuration says so (or when there is one block of 512), racy with
/// blocks of 512 over several blocks, and racy with a symbolic geometry.
#[test]
fn geometry_in_the_config_decides_a_hard_coded_block_size() {
    let source = lower(FIXED_TILE);
    let with = |config: Config| only(check_with(&source, &config, Host::Sites));
    assert_race_free(&with(block(256)));
    assert_race_free(&with(Config { grid: Some([1, 1, 1]), ..block(512) }));

    let wide = with(block(512));
    assert_eq!(assert_races(&wide, 1), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&wide));
    assert_data_races(&wide, "out", Certainty::Definite);
    let witness = wide.races[0].witness.as_ref().expect("a definite race has a witness");
    assert_eq!(witness.block, Some([512, 1, 1]), "{witness:#?}");
    // Kernels and races are named by the path the front-end was given.
    let file = source.path.display().to_string();
    assert_eq!((wide.kernel.as_str(), wide.file.as_str()), ("scale", file.as_str()), "{}", show(&wide));
    assert!(wide.races.iter().all(|r| r.first.file == file && r.second.file == file), "{}", show(&wide));

    let symbolic = with(config());
    assert_eq!(assert_races(&symbolic, 1), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&symbolic));
}

const COUNTER: &str = r#"
__global__ void count_positive(const int *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    atomicAdd(count, 1);
}
"#;

/// A shared counter bumped with `atomicAdd` is race-free; with a plain `+=`
/// every two counting threads race, wherever they are, but only when both
/// read a positive input: the race depends on the data.
#[test]
fn counter_needs_an_atomic_add() {
    assert_race_free(&kernel(COUNTER, &config()));

    let racy = twin(COUNTER, "atomicAdd(count, 1);", "*count += 1;");
    let result = kernel(&racy, &config());
    let classes = assert_races(&result, 6);
    assert_eq!(
        classes,
        BTreeSet::from([RaceClass::InterBlock, RaceClass::IntraBlock, RaceClass::IntraWarp]),
        "{}",
        show(&result)
    );
    assert_data_races(&result, "count", Certainty::DataDependent);
}

const GRID_STRIDE: &str = r#"
__global__ void axpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
"#;

/// A grid-stride loop gives every element to one thread; striding by one
/// block instead of the whole grid hands block b's later elements to block
/// b + 1, whose thread of the same index touches them first.
///
/// The geometry is fixed to keep the test fast: with a symbolic geometry the
/// answers are the same, but the racy twin takes the solver about a second.
/// (With `--block` alone the race-free loop is `unknown` today: its queries
/// run out of solver budget.)
#[test]
fn grid_stride_loop_strides_by_the_whole_grid() {
    let geometry = Config { grid: Some([8, 1, 1]), ..block(256) };
    assert_race_free(&kernel(GRID_STRIDE, &geometry));

    let racy = twin(GRID_STRIDE, "i += blockDim.x * gridDim.x", "i += blockDim.x");
    let result = kernel(&racy, &geometry);
    assert_eq!(assert_races(&result, 2), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&result));
    assert_data_races(&result, "y", Certainty::Definite);
}

const SHIFT: &str = r#"
__global__ void shift_up(float *a, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i + shift] = a[i];
}
"#;

/// Facts by hand for `shift_up`, as `--assume shift_up:EXPR` gives them.
fn assume(exprs: &[&str]) -> Vec<Assumption> {
    exprs.iter().map(|e| Assumption { kernel: Some("shift_up".into()), expr: (*e).into() }).collect()
}

/// A library kernel with no launch in sight moves the first n elements up by
/// `shift`: race-free only when its callers promise `shift >= n` (facts by
/// hand); the twin's off-by-one promise allows shift = n - 1, where thread 0
/// writes the element thread n - 1 reads, in any class depending on n; no
/// promise at all races too (shift = 1).
#[test]
fn assumptions_by_hand_stand_in_for_the_callers() {
    let source = lower(SHIFT);
    let all = BTreeSet::from([RaceClass::InterBlock, RaceClass::IntraBlock, RaceClass::IntraWarp]);
    let bounds = ["n <= 4096", "shift <= 8192"];

    let alone = only(check_with(&source, &config(), Host::Sites));
    assert_eq!(assert_races(&alone, 3), all, "{}", show(&alone));

    let safe = assume(&["shift >= n", bounds[0], bounds[1]]);
    assert_race_free(&only(check_with(&source, &config(), Host::Assume(&safe))));

    let weak = assume(&["shift >= n - 1", bounds[0], bounds[1]]);
    let result = only(check_with(&source, &config(), Host::Assume(&weak)));
    assert_eq!(assert_races(&result, 3), all, "{}", show(&result));
    assert_data_races(&result, "a", Certainty::Definite);
    for race in &result.races {
        let witness = race.witness.as_ref().expect("a definite race has a witness");
        let param = |name: &str| witness.params.iter().find(|(p, _)| p == name).map(|(_, v)| *v);
        let (n, shift) = (param("n"), param("shift"));
        assert!(n.is_some() && shift == n.map(|n| n - 1), "{witness:#?}");
    }

    // A fact on a name the kernel does not have is an error, not a silent no-op.
    let unknown = assume(&["width >= 1"]);
    let facts = gpurace_host::host_facts(&source.lowered.program, false, &unknown);
    assert_eq!(facts.errors.len(), 1, "{:?}", facts.errors);
    assert!(facts.errors[0].contains("width >= 1"), "{:?}", facts.errors);
}

const TWO_LAUNCHES: &str = r#"
__global__ void stripe(float *a, int width) {
  a[blockIdx.x * width + threadIdx.x] = blockIdx.x;
}

int main() {
  float *a;
  cudaMalloc(&a, 4096 * sizeof(float));
  stripe<<<4, 64>>>(a, 64);
  stripe<<<4, 128>>>(a, 128);
  cudaDeviceSynchronize();
  return 0;
}
"#;

/// One kernel, two launches: each passes a row width that fits its block,
/// so both are race-free. In the twin the second launch passes a width
/// narrower than its block, and the race names that launch, not the first.
#[test]
fn race_names_the_launch_site_that_allows_it() {
    let safe = kernel(TWO_LAUNCHES, &config());
    assert_race_free(&safe);
    assert_eq!(safe.sites.len(), 2, "{safe:#?}");

    let racy = twin(TWO_LAUNCHES, "<<<4, 128>>>(a, 128)", "<<<4, 128>>>(a, 64)");
    let result = kernel(&racy, &config());
    assert_eq!(assert_races(&result, 1), BTreeSet::from([RaceClass::InterBlock]), "{}", show(&result));
    assert_data_races(&result, "a", Certainty::Definite);
    let second = format!(":{} (main)", line_of(&racy, "<<<4, 128>>>"));
    let witness = result.races[0].witness.as_ref().expect("a definite race has a witness");
    assert!(witness.site.as_deref().is_some_and(|s| s.ends_with(&second)), "{witness:#?}");
    assert_eq!(witness.block, Some([128, 1, 1]), "{witness:#?}");
}

const FLOAT_GUARD: &str = r#"
__global__ void count_positive(const float *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0.0f)
    atomicAdd(count, 1);
}
"#;

/// The counter pattern with a float comparison in the guard. The comparison
/// is a function of a value read from memory (`in[i]`), so the racy twin's
/// races are data-dependent. (A boolean leaf once failed every witness
/// check: the evaluator masked it with `mask(0)`.)
#[test]
fn float_guard_over_memory_is_data_dependent() {
    assert_race_free(&kernel(FLOAT_GUARD, &config()));

    let racy = twin(FLOAT_GUARD, "atomicAdd(count, 1);", "*count += 1;");
    let result = kernel(&racy, &config());
    assert_eq!(result.verdict, Verdict::Race, "{}", show(&result));
    assert!(!result.races.is_empty(), "{}", show(&result));
    assert!(result.races.iter().all(|r| r.certainty == Certainty::DataDependent), "{}", show(&result));
    assert!(result.diagnostics.iter().all(|d| d.code != "internal-error"), "{}", show(&result));
}
