//! Differential testing of the static engine against the simulator's
//! happens-before detector (issue 18): random kernels of barriers, loops,
//! guards, shared and global accesses, atomics, warp barriers, warp
//! collectives and fences, each checked statically
//! at a concrete launch (`--grid 2 --block 64`) and run at that launch.
//!
//! The kernels have no data-dependent control flow or addresses, so one run
//! exercises every access of every thread and the detector's answer does not
//! depend on the schedule: the two answers must agree. A disagreement is
//! printed with its kernel, classified as
//! - `unsound`: static race-free, the run observed a race (the worst kind);
//! - `imprecise`: a definite static race the run did not observe;
//! - `unknown`: the static engine did not decide.
//!
//! `cargo run --release -p gpurace-cli --example differential -- [KERNELS] [SEED]`
//! (default 1000 kernels, seed 1). Needs clang, like gpurace.

use std::fmt::Write as _;

use gpurace_core::Verdict;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PER_FILE: usize = 50;

/// A random shared-memory index over `t` (threadIdx.x, 0..63).
fn shared_index(rng: &mut ChaCha8Rng) -> String {
    match rng.gen_range(0..7) {
        0 => "t".into(),
        1 => format!("(t + {}) % 64", rng.gen_range(1..64)),
        2 => "t / 2".into(),
        3 => "63 - t".into(),
        4 => format!("{}", rng.gen_range(0..64)),
        5 => "t ^ 1".into(),
        _ => format!("(t * {}) % 64", [2, 3, 5][rng.gen_range(0..3)]),
    }
}

/// A random global index over `b` (blockIdx.x, 0..1) and `t`.
fn global_index(rng: &mut ChaCha8Rng) -> String {
    match rng.gen_range(0..5) {
        0 => "b * 64 + t".into(),
        1 => "t".into(),
        2 => format!("(b * 64 + t + {}) % 128", rng.gen_range(1..128)),
        3 => "b".into(),
        _ => "b * 64 + t / 2".into(),
    }
}

/// A random statement; `guarded`: inside a condition on the thread index,
/// where a barrier or a full-warp collective would diverge.
fn statement(rng: &mut ChaCha8Rng, depth: usize, guarded: bool, out: &mut String, indent: &str) {
    let pick = rng.gen_range(0..if depth > 1 { 6 } else { 12 });
    let _ = match pick {
        0 => writeln!(out, "{indent}s[{}] = t + {};", shared_index(rng), rng.gen_range(0..9)),
        1 => writeln!(out, "{indent}acc += s[{}];", shared_index(rng)),
        2 => writeln!(out, "{indent}g[{}] = acc;", global_index(rng)),
        3 => writeln!(out, "{indent}acc += g[{}];", global_index(rng)),
        4 => writeln!(out, "{indent}atomicAdd(&g[{}], 1);", global_index(rng)),
        5 if depth == 0 => writeln!(out, "{indent}__syncthreads();"),
        5 => writeln!(out, "{indent}acc += 1;"),
        6 => {
            let _ =
                writeln!(out, "{indent}if (t {} {}) {{", ["<", ">=", "=="][rng.gen_range(0..3)], rng.gen_range(0..64));
            for _ in 0..rng.gen_range(1..3) {
                statement(rng, depth + 1, true, out, &format!("{indent}  "));
            }
            writeln!(out, "{indent}}}")
        }
        8 if !guarded => writeln!(out, "{indent}__syncwarp();"),
        9 if !guarded => writeln!(out, "{indent}acc += __shfl_down_sync(0xffffffff, acc, {});", rng.gen_range(1..32)),
        10 if !guarded => writeln!(out, "{indent}acc += __ballot_sync(0xffffffff, acc > {}) & 1;", rng.gen_range(0..9)),
        8..=10 => writeln!(out, "{indent}acc -= 1;"),
        11 => writeln!(out, "{indent}__threadfence();"),
        _ => {
            let _ = writeln!(out, "{indent}for (int i = 0; i < {}; i++) {{", rng.gen_range(1..4));
            for _ in 0..rng.gen_range(1..3) {
                statement(rng, depth + 1, guarded, out, &format!("{indent}  "));
            }
            if depth == 0 && rng.gen_bool(0.5) {
                let _ = writeln!(out, "{indent}  __syncthreads();");
            }
            writeln!(out, "{indent}}}")
        }
    };
}

fn kernel(rng: &mut ChaCha8Rng, name: &str) -> String {
    let mut body = String::new();
    for _ in 0..rng.gen_range(2..6) {
        statement(rng, 0, false, &mut body, "  ");
    }
    format!(
        "__global__ void {name}(int *g) {{\n  __shared__ int s[64];\n  unsigned t = threadIdx.x, b = blockIdx.x;\n  int \
         acc = 0;\n{body}  g[256 + b * 64 + t] = acc;\n}}\n"
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let total: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = std::env::temp_dir().join(format!("gpurace-differential-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let config = gpurace_static::Config { block: Some([64, 1, 1]), grid: Some([2, 1, 1]), ..Default::default() };
    let (mut agree_race, mut agree_free, mut unsound, mut imprecise, mut unknown, mut stopped) = (0, 0, 0, 0, 0, 0);
    let mut shown = 0;
    let mut done = 0;
    while done < total {
        let n = PER_FILE.min(total - done);
        let sources: Vec<String> = (0..n).map(|i| kernel(&mut rng, &format!("k{}", done + i))).collect();
        let path = dir.join(format!("batch{done}.cu"));
        std::fs::write(&path, sources.concat()).expect("a kernel file");
        let program = gpurace_front::lower_file(&path, &gpurace_front::Options::default()).expect("clang").program;
        let results = gpurace_static::check(&program, &config);
        for (i, source) in sources.iter().enumerate() {
            let name = format!("k{}", done + i);
            let Some(index) = program.kernels.iter().position(|k| k.name == name) else { continue };
            let Some(result) = results.iter().find(|r| r.kernel == name) else { continue };
            let request = gpurace_sim::Request {
                grid: [2, 1, 1],
                block: [64, 1, 1],
                buffers: vec![("g".into(), 512)],
                max_steps: 10_000_000,
                ..Default::default()
            };
            let outcome = gpurace_sim::simulate(&program, index, &request).expect("the request fits");
            if outcome.error.is_some() {
                stopped += 1;
                continue;
            }
            let observed = !gpurace_sim::races(&program, index, &outcome).is_empty();
            let definite = result.races.iter().any(|r| !r.possible);
            let kind = match (&result.verdict, definite, observed) {
                (Verdict::Race, true, true) => {
                    agree_race += 1;
                    None
                }
                (Verdict::RaceFree, _, false) => {
                    agree_free += 1;
                    None
                }
                (Verdict::RaceFree, _, true) => {
                    unsound += 1;
                    Some("unsound")
                }
                (Verdict::Race, _, false) => {
                    imprecise += 1;
                    Some("imprecise")
                }
                _ => {
                    unknown += 1;
                    None
                }
            };
            if let (Some(kind), true) = (kind, shown < 10) {
                shown += 1;
                println!("--- {kind}: static {}, run {}\n{source}", result.verdict.as_str(), observed);
            }
        }
        done += n;
    }
    println!(
        "{total} kernels: agree {} (race {agree_race}, race-free {agree_free}), unsound {unsound}, imprecise \
         {imprecise}, static unknown {unknown}, run stopped {stopped}",
        agree_race + agree_free
    );
    let _ = std::fs::remove_dir_all(&dir);
}
