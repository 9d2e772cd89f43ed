//! Faial's scalability experiment (Claim 2, Fig. 7) for gpurace's static
//! engine: five families of generated race-free kernels, each at sizes
//! N = 1..50, with the time clang, lowering and the analysis take at each size.
//!
//! The families follow Fig. 7 of the Faial paper (`/work/shared/papers`), with
//! `T = blockDim.x` and a fixed launch of one block of 256 threads:
//!
//! * `accesses`: N pairs `acc += a[tid + n_j*T]; a[tid + j*T] = acc;` in one
//!   barrier interval (`n_j` positive literals);
//! * `barriers`: N barrier intervals, each writing one half of a shared double
//!   buffer at `tid` and reading the other half at a neighbour's index;
//! * `conditionals`: N sequential `if (p_j > 0) { a[tid + j*T] = a[tid] + p_j; }`
//!   on N scalar parameters;
//! * `loops`: N nested loops `for (i_k = 0; i_k < n; i_k++)` without barriers,
//!   level k writing `a[(i_1 + ... + i_k)*T + tid]`;
//! * `sync-loops`: N nested loops, level k writing `s[tid]`, a barrier, reading
//!   `s[(tid + k) % 256]`, a barrier, then the next level.
//!
//! Every kernel is race-free, so the engine must prove every pair of accesses.
//! A kernel it does not prove race-free is reported on its own line and the
//! run goes on: that is an imprecision of the engine, not of the benchmark.
//!
//! This is a plain program (`harness = false`), not a criterion bench: one run
//! of each size is minutes of solver time, and the point is the growth of the
//! analysis time with N, which the summary gives as the ratio t(50)/t(25)
//! (about 2 for linear growth, 4 for quadratic), a least-squares slope and
//! the exponent of a log-log fit, both over the sizes proved race-free.
//!
//! ```text
//! cargo bench -p gpurace-cli --bench scaling -- --max 50 --step 5 --family barriers
//! ```
//!
//! Flags (the first three also read from an environment variable, the flag
//! winning):
//! `--family NAME[,NAME]` (`GPURACE_SCALING_FAMILY`, default all),
//! `--max N` (`GPURACE_SCALING_MAX`, default 50), `--step S`
//! (`GPURACE_SCALING_STEP`, default 1: sizes 1, S, 2S, ... up to the maximum),
//! `--repeat R` (analysis runs per size, the median is reported; default 1),
//! `--budget-ms MS`, `--query-timeout-ms MS` and `--rlimit UNITS` (the
//! engine's per-kernel budget, per-query time limit and per-query z3 resource
//! limit; default the engine's),
//! `--limit-s S` (stop a family after a size that took longer; default 30) and
//! `--keep DIR` (write the generated kernels there instead of a temporary
//! folder).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gpurace_ir::Severity;
use gpurace_static::{Config, Verdict};

fn main() -> ExitCode {
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("scaling: {message}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let temp = match tempfile::tempdir() {
        Ok(temp) => temp,
        Err(err) => {
            eprintln!("scaling: cannot create a temporary folder: {err}");
            return ExitCode::from(2);
        }
    };
    let dir = args.keep.clone().unwrap_or_else(|| temp.path().to_path_buf());
    if let Err(err) = std::fs::create_dir_all(&dir) {
        eprintln!("scaling: cannot create `{}`: {err}", dir.display());
        return ExitCode::from(2);
    }
    let mut config =
        Config { block: Some([256, 1, 1]), grid: Some([1, 1, 1]), jobs: 1, stats: true, ..Default::default() };
    if let Some(budget) = args.budget {
        config.kernel_budget = budget;
        config.file_budget = config.file_budget.max(budget);
    }
    if let Some(timeout) = args.query_timeout {
        config.query_timeout = timeout;
    }
    if let Some(rlimit) = args.rlimit {
        config.query_rlimit = rlimit;
    }

    println!(
        "# gpurace scaling (Faial Claim 2); block 256, grid 1, jobs 1, kernel budget {:?}, query timeout {:?}, \
         query rlimit {}",
        config.kernel_budget, config.query_timeout, config.query_rlimit
    );
    println!(
        "{:<13} {:>3} {:>9} {:>9} {:>12}  verdict  (engine stats)",
        "family", "N", "clang_ms", "lower_ms", "analysis_ms"
    );
    let mut summaries = Vec::new();
    let mut failures = Vec::new();
    for &family in &args.families {
        let mut points = Vec::new();
        for n in args.sizes() {
            let outcome = match run_one(family, n, &dir, &config, args.repeat) {
                Ok(outcome) => outcome,
                Err(message) => {
                    eprintln!("scaling: {message}");
                    return ExitCode::from(2);
                }
            };
            println!(
                "{:<13} {:>3} {:>9.1} {:>9.1} {:>12.1}  {}  ({})",
                family.name(),
                n,
                outcome.clang_ms,
                outcome.lower_ms,
                outcome.analysis_ms,
                outcome.verdict,
                outcome.stats
            );
            if let Some(problem) = &outcome.problem {
                println!(
                    "NOT PROVEN RACE-FREE: {} N={n}: {problem} (source: {})",
                    family.name(),
                    outcome.path.display()
                );
                failures.push((family, n, outcome.path.clone()));
            }
            points.push(Point { n, analysis_ms: outcome.analysis_ms, proved: outcome.problem.is_none() });
            let total = outcome.clang_ms + outcome.lower_ms + outcome.analysis_ms;
            if total > args.limit.as_secs_f64() * 1000.0 {
                println!(
                    "STOPPED: {} at N={n} took {:.1} s, over the {} s limit",
                    family.name(),
                    total / 1000.0,
                    args.limit.as_secs()
                );
                break;
            }
        }
        summaries.push((family, points));
    }

    println!();
    println!("# analysis_ms at N = 1, 10, 25, 50 (`*`: not proved race-free, often cut short by the budget);");
    println!("# slope (ms per unit of N, least squares) and exponent (log-log fit, N >= 5) over the proved sizes only");
    println!(
        "{:<13} {:>9} {:>9} {:>9} {:>9} {:>11} {:>10} {:>9} {:>7}",
        "family", "t(1)", "t(10)", "t(25)", "t(50)", "t(50)/t(25)", "slope", "exponent", "proved"
    );
    for (family, points) in &summaries {
        println!("{}", summary_line(family.name(), points));
    }
    if failures.is_empty() {
        println!("all kernels proved race-free");
    } else {
        println!("{} kernel(s) not proved race-free:", failures.len());
        for (family, n, path) in &failures {
            println!("  {} N={n} ({})", family.name(), path.display());
        }
        if args.keep.is_none() {
            println!("(the sources are deleted on exit; rerun with `--keep DIR` to keep them)");
        }
    }
    ExitCode::SUCCESS
}

const USAGE: &str = "usage: scaling [--family NAME[,NAME]] [--max N] [--step S] [--repeat R] [--budget-ms MS] \
                     [--query-timeout-ms MS] [--rlimit UNITS] [--limit-s S] [--keep DIR]\nfamilies: accesses, barriers, conditionals, loops, sync-loops";

/// One family of Fig. 7: the same pattern repeated (or nested) N times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Accesses,
    Barriers,
    Conditionals,
    Loops,
    SyncLoops,
}

impl Family {
    const ALL: [Family; 5] =
        [Family::Accesses, Family::Barriers, Family::Conditionals, Family::Loops, Family::SyncLoops];

    fn name(self) -> &'static str {
        match self {
            Family::Accesses => "accesses",
            Family::Barriers => "barriers",
            Family::Conditionals => "conditionals",
            Family::Loops => "loops",
            Family::SyncLoops => "sync-loops",
        }
    }

    fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name || f.name().replace('-', "_") == name)
    }

    /// The kernel of size `n`, as CUDA source text.
    fn source(self, n: usize) -> String {
        match self {
            Family::Accesses => accesses(n),
            Family::Barriers => barriers(n),
            Family::Conditionals => conditionals(n),
            Family::Loops => loops(n),
            Family::SyncLoops => sync_loops(n),
        }
    }
}

/// Fig. 7 "accesses": `rd[tid + n_j*T]; wr[tid + j*T];` repeated. A read of
/// thread 1 and a write of thread 2 meet only if `tid1 - tid2` is a multiple of
/// `T`, which two different threads of one block never are.
fn accesses(n: usize) -> String {
    let mut s = header("accesses", n);
    s.push_str("__global__ void accesses(float *a) {\n  unsigned tid = threadIdx.x;\n  unsigned T = blockDim.x;\n");
    s.push_str("  float acc = 0.0f;\n");
    for j in 1..=n {
        // Positive literals in an order unrelated to `j`, as Fig. 7's n1, n2.
        let r = (7 * j + 3) % (n + 1) + 1;
        let _ = writeln!(s, "  acc += a[tid + {r}u * T];\n  a[tid + {j}u * T] = acc;");
    }
    s.push_str("}\n");
    s
}

/// Fig. 7 "barriers": N barrier intervals. Interval j writes half `j % 2` of a
/// shared double buffer at `tid` and reads the other half, written in interval
/// j - 1, at a neighbour's index; the barrier between two intervals orders the
/// read of one half with the next write to it.
fn barriers(n: usize) -> String {
    let mut s = header("barriers", n);
    s.push_str("__global__ void barriers(float *a) {\n  __shared__ float s[2][256];\n");
    s.push_str("  unsigned tid = threadIdx.x;\n  float v = a[tid];\n");
    for j in 0..n {
        let (w, r) = (j % 2, (j + 1) % 2);
        let _ = writeln!(s, "  s[{w}][tid] = v;\n  v += s[{r}][(tid + {}u) % 256u];\n  __syncthreads();", j + 1);
    }
    s.push_str("  a[tid] = v;\n}\n");
    s
}

/// Fig. 7 "conditionals", with the guards on scalar parameters: N sequential
/// `if`s, each guarding a read at `tid` and a write at `tid + j*T`.
fn conditionals(n: usize) -> String {
    let mut s = header("conditionals", n);
    let params: Vec<String> = (0..n).map(|j| format!("int p{j}")).collect();
    let _ = writeln!(s, "__global__ void conditionals(float *a, {}) {{", params.join(", "));
    s.push_str("  unsigned tid = threadIdx.x;\n  unsigned T = blockDim.x;\n");
    for j in 0..n {
        let _ = writeln!(s, "  if (p{j} > 0) {{\n    a[tid + {j}u * T] = a[tid] + (float)p{j};\n  }}");
    }
    s.push_str("}\n");
    s
}

/// Fig. 7 "unsynchronized loops": N nested loops up to the parameter `n`, level
/// k writing `a[(i1 + ... + ik)*T + tid]`. Two different threads differ in the
/// index modulo `T`, and `T = 256` divides 2^32, so wrapping keeps them apart.
fn loops(n: usize) -> String {
    let mut s = header("loops", n);
    s.push_str(
        "__global__ void loops(float *a, unsigned n) {\n  unsigned tid = threadIdx.x;\n  unsigned T = blockDim.x;\n",
    );
    let mut sum = String::new();
    for k in 1..=n {
        let pad = "  ".repeat(k);
        if k > 1 {
            sum.push_str(" + ");
        }
        let _ = write!(sum, "i{k}");
        let _ = writeln!(s, "{pad}for (unsigned i{k} = 0; i{k} < n; i{k}++) {{");
        let _ = writeln!(s, "{pad}  a[({sum}) * T + tid] = {k}.0f;");
    }
    for k in (1..=n).rev() {
        let _ = writeln!(s, "{}}}", "  ".repeat(k));
    }
    s.push_str("}\n");
    s
}

/// Fig. 7 "synchronized loops": N nested loops up to the parameter `n`, each
/// level writing `s[tid]`, a barrier, reading a neighbour's element, a barrier,
/// then the next level. Every read is followed by a barrier before any write.
fn sync_loops(n: usize) -> String {
    let mut s = header("sync-loops", n);
    s.push_str("__global__ void sync_loops(float *a, unsigned n) {\n  __shared__ float s[256];\n");
    s.push_str("  unsigned tid = threadIdx.x;\n  float v = 0.0f;\n");
    for k in 1..=n {
        let pad = "  ".repeat(k);
        let _ = writeln!(s, "{pad}for (unsigned i{k} = 0; i{k} < n; i{k}++) {{");
        let _ = writeln!(s, "{pad}  s[tid] = v + (float)i{k};");
        let _ = writeln!(s, "{pad}  __syncthreads();");
        let _ = writeln!(s, "{pad}  v += s[(tid + {k}u) % 256u];");
        let _ = writeln!(s, "{pad}  __syncthreads();");
    }
    for k in (1..=n).rev() {
        let _ = writeln!(s, "{}}}", "  ".repeat(k));
    }
    s.push_str("  a[tid] = v;\n}\n");
    s
}

fn header(family: &str, n: usize) -> String {
    format!("// gpurace scaling family `{family}`, N = {n}: race-free, launched as <<<1, 256>>>.\n")
}

/// The measurements of one kernel.
struct Outcome {
    path: PathBuf,
    clang_ms: f64,
    lower_ms: f64,
    /// The median over the repeats.
    analysis_ms: f64,
    verdict: &'static str,
    /// The engine's `solver-stats` note, if it gave one.
    stats: String,
    /// Why the kernel does not count as proved race-free.
    problem: Option<String>,
}

fn run_one(family: Family, n: usize, dir: &Path, config: &Config, repeat: usize) -> Result<Outcome, String> {
    let path = dir.join(format!("{}_{n:02}.cu", family.name().replace('-', "_")));
    std::fs::write(&path, family.source(n)).map_err(|err| format!("cannot write `{}`: {err}", path.display()))?;
    let lowered =
        gpurace_front::lower_file(&path, &gpurace_front::Options::default()).map_err(|err| err.to_string())?;

    let mut times = Vec::new();
    let mut results = Vec::new();
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        results = gpurace_static::check(&lowered.program, config);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let analysis_ms = times[times.len() / 2];

    let mut problems = Vec::new();
    for d in lowered.diagnostics.iter().filter(|d| d.severity != Severity::Note) {
        problems.push(format!("{} {}:{}: {}", d.code, d.line, d.col, d.message));
    }
    if lowered.program.kernels.iter().any(|k| k.approximate) {
        problems.push("the kernel was lowered approximately".to_string());
    }
    if results.len() != 1 {
        problems.push(format!("expected one kernel, the engine checked {}", results.len()));
    }
    let mut stats = String::new();
    let mut verdict = "none";
    for result in &results {
        verdict = result.verdict.as_str();
        match &result.verdict {
            Verdict::RaceFree => {}
            Verdict::Unknown { reason } => problems.push(format!("unknown: {reason}")),
            Verdict::Race => {
                for race in &result.races {
                    problems.push(format!(
                        "race {:?} between line {} and line {}",
                        race.class, race.first.line, race.second.line
                    ));
                }
            }
        }
        for d in &result.diagnostics {
            if d.code == "solver-stats" {
                stats.clone_from(&d.message);
            } else {
                problems.push(format!("{} {}:{}: {}", d.code, d.line, d.col, d.message));
            }
        }
    }
    // A kernel cut short by the budget has one `solver-unknown` per pair left:
    // the first few say enough.
    const SHOWN: usize = 3;
    let more = problems.len().saturating_sub(SHOWN);
    problems.truncate(SHOWN);
    if more > 0 {
        problems.push(format!("and {more} more"));
    }
    let problem = (verdict != "race-free" || !problems.is_empty()).then(|| problems.join("; "));
    Ok(Outcome { path, clang_ms: lowered.clang_ms, lower_ms: lowered.lower_ms, analysis_ms, verdict, stats, problem })
}

/// The analysis time of one size.
struct Point {
    n: usize,
    analysis_ms: f64,
    proved: bool,
}

/// `family t(1) t(10) t(25) t(50) t(50)/t(25) slope exponent proved`, with
/// `-` for a size that was not run. The fits leave out the sizes that were
/// not proved: those are cut short by the engine's budget, and would make any
/// growth look flat.
fn summary_line(name: &str, points: &[Point]) -> String {
    let at = |n: usize| points.iter().find(|p| p.n == n);
    let cell = |n: usize| {
        at(n).map_or_else(|| "-".to_string(), |p| format!("{:.1}{}", p.analysis_ms, if p.proved { "" } else { "*" }))
    };
    let ratio = match (at(25), at(50)) {
        (Some(a), Some(b)) if a.analysis_ms > 0.0 => format!("{:.2}", b.analysis_ms / a.analysis_ms),
        _ => "-".to_string(),
    };
    let xy: Vec<(f64, f64)> = points.iter().filter(|p| p.proved).map(|p| (p.n as f64, p.analysis_ms)).collect();
    let slope = fit(&xy).map_or_else(|| "-".to_string(), |(slope, _)| format!("{slope:.2}"));
    // The exponent of `t = c * N^e`: 1 for linear growth, 2 for quadratic.
    // Sizes under 5 are left out: their time is mostly fixed costs (N = 1
    // may need no query at all), which would steepen the fit.
    let logs: Vec<(f64, f64)> = xy.iter().filter(|p| p.0 >= 5.0 && p.1 > 0.0).map(|&(n, t)| (n.ln(), t.ln())).collect();
    let exponent = fit(&logs).map_or_else(|| "-".to_string(), |(e, _)| format!("{e:.2}"));
    let proved = format!("{}/{}", xy.len(), points.len());
    format!(
        "{name:<13} {:>9} {:>9} {:>9} {:>9} {ratio:>11} {slope:>10} {exponent:>9} {proved:>7}",
        cell(1),
        cell(10),
        cell(25),
        cell(50)
    )
}

/// Least squares `y = slope * x + intercept`; `None` under two distinct `x`.
fn fit(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    if points.len() < 2 || sxx == 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    Some((slope, mean_y - slope * mean_x))
}

struct Args {
    families: Vec<Family>,
    max: usize,
    step: usize,
    repeat: usize,
    budget: Option<Duration>,
    query_timeout: Option<Duration>,
    rlimit: Option<u32>,
    limit: Duration,
    keep: Option<PathBuf>,
}

impl Args {
    fn parse(argv: impl Iterator<Item = String>) -> Result<Args, String> {
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let mut family = env("GPURACE_SCALING_FAMILY");
        let mut max = env("GPURACE_SCALING_MAX");
        let mut step = env("GPURACE_SCALING_STEP");
        let (mut repeat, mut budget, mut query_timeout, mut rlimit, mut limit, mut keep) =
            (None, None, None, None, None, None);
        let mut argv = argv;
        while let Some(arg) = argv.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) => (flag.to_string(), Some(value.to_string())),
                None => (arg.clone(), None),
            };
            let slot = match flag.as_str() {
                "--family" => &mut family,
                "--max" => &mut max,
                "--step" => &mut step,
                "--repeat" => &mut repeat,
                "--budget-ms" => &mut budget,
                "--query-timeout-ms" => &mut query_timeout,
                "--rlimit" => &mut rlimit,
                "--limit-s" => &mut limit,
                "--keep" => &mut keep,
                // `cargo bench` passes `--bench` to every bench target.
                "--bench" => continue,
                _ => return Err(format!("unknown argument `{arg}`")),
            };
            let value = match inline {
                Some(value) => value,
                None => argv.next().ok_or_else(|| format!("`{flag}` needs a value"))?,
            };
            *slot = Some(value);
        }

        let families = match family {
            None => Family::ALL.to_vec(),
            Some(names) => names
                .split(',')
                .map(|name| Family::from_name(name.trim()).ok_or_else(|| format!("unknown family `{name}`")))
                .collect::<Result<_, _>>()?,
        };
        let number = |value: Option<String>, name: &str, default: u64| -> Result<u64, String> {
            value.map_or(Ok(default), |v| v.parse().map_err(|_| format!("`{name}` takes a number, not `{v}`")))
        };
        let size = |v: u64| usize::try_from(v).map_err(|_| format!("{v} is too large"));
        let millis = |value: Option<String>, name: &str| {
            value.map(|v| number(Some(v), name, 0).map(Duration::from_millis)).transpose()
        };
        let args = Args {
            families,
            max: size(number(max, "--max", 50)?)?,
            step: size(number(step, "--step", 1)?)?,
            repeat: size(number(repeat, "--repeat", 1)?)?,
            budget: millis(budget, "--budget-ms")?,
            query_timeout: millis(query_timeout, "--query-timeout-ms")?,
            rlimit: rlimit
                .map(|v| {
                    number(Some(v), "--rlimit", 0)
                        .and_then(|v| u32::try_from(v).map_err(|_| format!("{v} is too large")))
                })
                .transpose()?,
            limit: Duration::from_secs(number(limit, "--limit-s", 30)?),
            keep: keep.map(PathBuf::from),
        };
        if args.max == 0 || args.step == 0 {
            return Err("`--max` and `--step` must be at least 1".to_string());
        }
        Ok(args)
    }

    /// 1, then every multiple of the step up to the maximum.
    fn sizes(&self) -> Vec<usize> {
        let mut sizes = vec![1];
        sizes.extend((self.step..=self.max).step_by(self.step).filter(|&n| n > 1));
        sizes
    }
}
