//! The command line, one clap field per flag; each field's doc comment is its
//! `--help` text, and a test after the definitions parses every flag.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::geometry::parse_dim3;

/// A data-race detector for CUDA programs.
///
/// gpurace parses a whole CUDA program (host code and kernels) with clang,
/// without a GPU or the CUDA toolkit, and checks each kernel for data races
/// and barrier divergence.
///
/// Exit codes: 0 no race found, 1 races found, 2 gpurace could not finish.
#[derive(Debug, Parser)]
#[command(name = "gpurace", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// When to colour the output: `auto` (on a terminal, unless `NO_COLOR`
    /// is set), `always` or `never`; for every subcommand
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

impl From<ColorArg> for anstream::ColorChoice {
    fn from(c: ColorArg) -> anstream::ColorChoice {
        match c {
            ColorArg::Auto => anstream::ColorChoice::Auto,
            ColorArg::Always => anstream::ColorChoice::Always,
            ColorArg::Never => anstream::ColorChoice::Never,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check CUDA files for data races
    ///
    /// Each file's kernels are reported with that file; directories are
    /// searched recursively for `.cu` files, in sorted order. A file is
    /// analysed with the other units of its program that the run knows
    /// (see PATH).
    Check(CheckArgs),
    /// Print the gpurace IR of one CUDA file, then the diagnostics of lowering it
    ///
    /// Exits with 2 when a diagnostic is an error, 0 otherwise.
    Ir(IrArgs),
    /// Print what the static engine sees of each kernel of one CUDA file, at each launch site
    ///
    /// One block per kernel and launch site: the site's facts, then every
    /// access and barrier of the symbolic thread with its guard, address and
    /// barrier counts, and the trace's side tables. No solver runs. Exits with
    /// 2 when the file cannot be lowered or no kernel matches `--kernel`.
    Trace(TraceArgs),
    /// Run one kernel on gpurace's CPU simulator and report the races its detectors observe
    ///
    /// The launch is concrete: `--grid`, `--block` and `--arg` give it, or the
    /// file's first launch of the kernel where the host code fixes them. Each
    /// pointer parameter gets a buffer (`--buffer`, `--fill`). A race found is
    /// one that happened in this run; a run without races proves nothing, and
    /// says so (verdict `unknown`). Exits with 1 when a race was observed, 2
    /// when the run could not be made or stopped with an error.
    Run(RunArgs),
    /// Join the reports of `gpurace check --shard I/N` into the report of one run
    ///
    /// Reads every shard's JSON or SARIF report, checks that they are the shards of one run, each once,
    /// and prints the report one `gpurace check` of all the files gives (the same bytes, timings aside):
    /// one result per kernel, suppressions and `--baseline` applied over the whole run. Run it where the
    /// sources are (for `gpurace-ignore` comments and the human format's source lines). Exit codes as
    /// `check`.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files to check, and directories to search for `.cu` files
    ///
    /// The files of one program are analysed together: a checked file is
    /// linked with the units (other files given, C++ sources beside the
    /// `.cu` files of a directory, entries of `-p`'s database, `[program]`
    /// files of gpurace.toml) that define what it calls or launches and
    /// that call what it defines. With `-p` (or `--make`) and no PATH: every `.cu` unit
    /// of the database.
    #[arg(value_name = "PATH", required_unless_present_any = ["build_dir", "make"])]
    pub paths: Vec<PathBuf>,

    /// Output format
    ///
    /// `json` prints one JSON object: the report of the file with one input
    /// file, or `{"verdict", "tool", "files": [...], "timings"}` with several.
    /// `sarif` prints one SARIF 2.1.0 log for all files.
    /// [default: human, or the `format` of gpurace.toml]
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,

    /// Threads per block (blockDim) of every launch, as X, X,Y or X,Y,Z
    ///
    /// Missing dimensions are 1. Overrides the block size the host code
    /// launches with. Sizes beyond what a GPU can launch are analysed as given,
    /// with a warning.
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub block: Option<[u32; 3]>,

    /// Blocks per grid (gridDim) of every launch, as X, X,Y or X,Y,Z
    ///
    /// Missing dimensions are 1. Overrides the grid size the host code
    /// launches with.
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub grid: Option<[u32; 3]>,

    /// Number of files to check in parallel [default: the number of CPUs]
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// How much work the analysis may spend: `quick` (a fifth of the default
    /// per query, kernel and file), `default`, or `thorough` (four times the
    /// work per query and ten times per kernel, for CI nights) [default:
    /// default, or `[budget] effort` of gpurace.toml]; every level is counted
    /// in work, so it gives the same answer on every run. `--rlimit`,
    /// `--kernel-rlimit` and `--file-rlimit` override its budgets
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub effort: Option<EffortArg>,

    /// For a kernel left `unknown` by undecided queries, try a few facts of
    /// the forms programs rely on (`n % blockDim.x == 0`, `n % 32 == 0`, a
    /// grid that covers `n`) and say which one proves it race-free (a
    /// `suggested-fact` note with the `--assume` that gives it); each try is
    /// a second analysis of the kernel at the `quick` effort
    #[arg(long)]
    pub suggest_facts: bool,

    /// A Makefile project without a compilation database: read its
    /// compilations from `make -n -B` in DIR (nothing is built) and use them
    /// as `-p` uses a database
    #[arg(long, value_name = "DIR", conflicts_with = "build_dir")]
    pub make: Option<PathBuf>,

    /// The SMT solver that decides the engine's queries [default: bitwuzla]
    #[arg(long, value_enum, value_name = "SOLVER")]
    pub solver: Option<SolverArg>,

    /// Work limit of one solver query, in work units (at most about 6
    /// million a second: z3's resource units, or Bitwuzla's solver steps
    /// priced by the formula's size in the same measure) [default: 20000000,
    /// or `[budget] query_rlimit` of gpurace.toml]; deterministic, unlike a
    /// time limit
    #[arg(long, value_name = "N")]
    pub rlimit: Option<u32>,

    /// Work limit of one kernel (per solver lane), in work units
    /// [default: 60000000, or `[budget] kernel_rlimit`]; the queries left
    /// when it is spent are not asked and the kernel is `unknown` unless a
    /// race was found
    #[arg(long, value_name = "N")]
    pub kernel_rlimit: Option<u64>,

    /// Work limit of one file (all its kernels and launch sites), in work
    /// units [default: 150000000, or `[budget] file_rlimit`]; the
    /// kernels left when it is spent are not analysed and are `unknown`
    #[arg(long, value_name = "N")]
    pub file_rlimit: Option<u64>,

    /// Undecided solver queries (per solver lane) after which a kernel's
    /// other queries are not asked [default: 3 (`quick` 2, `thorough` 10), or
    /// `[budget] undecided`]; the kernel is then `unknown` unless a race was
    /// found
    #[arg(long, value_name = "N")]
    pub undecided: Option<usize>,

    /// Wall-clock limit of one solver query, in milliseconds (a safety net)
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    pub query_timeout: u64,

    /// Report per-kernel solver statistics (accesses, pairs, queries, time)
    #[arg(long)]
    pub stats: bool,

    /// Neither read nor write the on-disk cache of lowered files and results
    ///
    /// By default gpurace keeps, in `$XDG_CACHE_HOME/gpurace/cache` (or
    /// `~/.cache/gpurace/cache`), each lowered file with the files clang read
    /// for it, and each file's results with what its analysis saw, so that
    /// re-checking an unchanged file does not parse or analyse it again.
    #[arg(long)]
    pub no_cache: bool,

    /// The folder of the on-disk cache (instead of the default one)
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache_dir: Option<PathBuf>,

    /// A cache shared by machines, behind the local one: `redis://HOST:PORT`, `s3://BUCKET/PREFIX`,
    /// `webdav+https://HOST/PATH`, or a folder on shared storage
    ///
    /// A result missing locally is looked for there (and kept locally); every result is written to both.
    /// Entries are keyed by everything that decides them (the preprocessed inputs, flags, settings and
    /// gpurace's build) and carry a hash of their content: a corrupt or foreign entry is ignored and
    /// reported, never used. S3 takes its credentials, region and endpoint from `AWS_*` variables (or
    /// `?region=`, `?endpoint=`). A store that fails is reported once; the run goes on with the local cache.
    #[arg(long, value_name = "URL", env = "GPURACE_SHARED_CACHE", conflicts_with = "no_cache")]
    pub shared_cache: Option<String>,

    /// Read the shared cache, never write it (for untrusted pull requests)
    #[arg(long, env = "GPURACE_SHARED_CACHE_READ_ONLY")]
    pub shared_cache_read_only: bool,

    /// Debugging: write every solver query as an SMT-LIB file into DIR
    #[arg(long, value_name = "DIR", hide = true)]
    pub solver_dump: Option<PathBuf>,

    /// Debugging: one line per solver query on stderr (stage, answer, work, time)
    #[arg(long, hide = true)]
    pub query_stats: bool,

    /// Debugging: never make the second, fresh-solver try of an undecided query
    #[arg(long, hide = true)]
    pub incremental_only: bool,

    /// Debugging: never ask an undecided query again over the integers
    #[arg(long, hide = true)]
    pub no_relaxation: bool,

    /// Assume groups of N lanes run in lockstep (GPUVerify's `--warp-sync`)
    ///
    /// With N >= 32, threads of one warp race only when they write in the same
    /// statement: the semantics of GPUs before Volta. Without it, gpurace
    /// assumes independent thread scheduling.
    #[arg(long, value_name = "N")]
    pub warp_sync: Option<u32>,

    /// Analyse every kernel on its own: ignore what the host code says about
    /// its launches (geometry, argument values, allocations)
    #[arg(long)]
    pub no_host: bool,

    /// Replay each race's witness on the simulator and say whether the two accesses were seen to conflict
    ///
    /// Runs the launch of the witness (its geometry and arguments; only the
    /// two blocks it names when the kernel has no fence and no grid barrier)
    /// under the happens-before detector. A race is `confirmed` when the run
    /// observes its two accesses conflict; otherwise the report says what ran
    /// or why it could not be replayed.
    #[arg(long)]
    pub confirm: bool,

    /// Count possible races as races: a kernel whose only findings are
    /// `approximate` (they rest on what gpurace does not model) is `race`
    /// and the exit code 1, instead of `unknown` and 0
    #[arg(long)]
    pub report_possible: bool,

    /// A fact about kernel launches, as a C expression over a kernel's integer
    /// parameters, `blockDim.x` ... `gridDim.z`; repeatable
    ///
    /// `KERNEL: EXPR` holds for that kernel only; a bare `EXPR` for every
    /// kernel whose parameters it names. Used at every launch site, and for a
    /// kernel without a launch (a library kernel). Example:
    /// `--assume 'scale: n % 256 == 0 && blockDim.x == 256'`. Facts from a
    /// `gpurace.toml` in the current directory are added (see README).
    #[arg(long, value_name = "[KERNEL:] EXPR")]
    pub assume: Vec<String>,

    /// Read settings from this file for every input, instead of the nearest
    /// `gpurace.toml` in the input's directory or above
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Report only races that are not in this earlier report
    ///
    /// FILE is the `--format json` or `--format sarif` output of an earlier run. Races are matched by
    /// fingerprint (kernel, rule, and both accesses as written, not their line numbers), so edits elsewhere
    /// in a file keep a known race known. A kernel whose races are all known gets the verdict it would have
    /// without them, and each file says how many known races it left out.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,

    /// Also write the report as one self-contained HTML page, DIR/index.html
    ///
    /// DIR is created when missing. The page shows every race with both source lines and a picture of its
    /// witness in the thread grid. It comes in addition to the `--format` report on stdout and does not change
    /// the exit code; a page that cannot be written is an error (exit code 2).
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,

    /// Check only the I-th of N parts of the run's files (a CI matrix job), counted from 1
    ///
    /// Every shard finds the same parts on its own: files that include one kernel header, and a `.cu` file
    /// with the file that `#include`s it, stay in one part, so a kernel is reported by one shard. A shard
    /// still links its files with the whole run's units (a launch in another part keeps its facts). Its
    /// `--format json` or `sarif` report carries what `gpurace merge` needs to give the report of one run.
    #[arg(long, value_name = "I/N", value_parser = crate::shards::parse_shard)]
    pub shard: Option<crate::shards::Shard>,

    /// Analyse only the files a change since the git revision REV touches; take the others from the cache
    ///
    /// A file is touched when it, a header it includes, a source in its folder (its program's units) or a
    /// `gpurace.toml`, Makefile, `CMakeLists.txt` or compilation database in its folder or above differs
    /// from REV (committed since, staged, unstaged or untracked). An untouched file's results come from the
    /// cache (local or shared); one the cache does not hold is left out of the report, and the report's
    /// last line counts both.
    #[arg(long, value_name = "REV")]
    pub changed_since: Option<String>,

    /// The most memory one file's check may use, in MiB (0: no limit) [default: 4096]
    ///
    /// Each file is checked in a worker process; the run watches its resident memory with its clang's
    /// and stops one over this. A file that needs more is reported `unknown` with a `memory-limit`
    /// warning, and the run goes on. The JSON report gives each file's peak (`timings.peak_mib`).
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub memory_limit: u64,

    /// Progress on stderr: `auto` (a bar on a terminal, nothing otherwise), `lines` (a line per finished
    /// file with an estimate of the time left, for CI logs) or `never`
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = crate::progress::Mode::Auto)]
    pub progress: crate::progress::Mode,

    /// Debugging: check the files in this process, on threads, without workers or memory limits
    #[arg(long, hide = true)]
    pub in_process: bool,

    /// Internal: serve as a worker of another `gpurace check` (see `worker.rs`)
    #[arg(long, hide = true)]
    pub worker: bool,

    #[command(flatten)]
    pub front: FrontArgs,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON or SARIF reports of `gpurace check --shard I/N`, one per shard, in any order
    #[arg(value_name = "REPORT", required = true)]
    pub reports: Vec<PathBuf>,

    /// Output format [default: the shards' format]
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,

    /// Report only races that are not in this earlier report (as `check --baseline`)
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,

    /// Also write the report as one self-contained HTML page, DIR/index.html (as `check --html`)
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct IrArgs {
    /// The CUDA file to lower
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    #[command(flatten)]
    pub front: FrontArgs,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The CUDA file to trace
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Only the kernel with this name (`name` or `name<args>` of a template instance)
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    /// Threads per block (blockDim) of every launch, as X, X,Y or X,Y,Z
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub block: Option<[u32; 3]>,

    /// Blocks per grid (gridDim) of every launch, as X, X,Y or X,Y,Z
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub grid: Option<[u32; 3]>,

    /// Trace every kernel on its own: ignore what the host code says about its launches
    #[arg(long)]
    pub no_host: bool,

    /// A fact about kernel launches, as for `check` (repeatable)
    #[arg(long, value_name = "[KERNEL:] EXPR")]
    pub assume: Vec<String>,

    #[command(flatten)]
    pub front: FrontArgs,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The CUDA file that defines the kernel
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The kernel to run (`name` or `name<args>`); may be left out when the file has one kernel
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    /// Blocks per grid, as X, X,Y or X,Y,Z [default: the host code's launch, else 1]
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub grid: Option<[u32; 3]>,

    /// Threads per block, as X, X,Y or X,Y,Z [default: the host code's launch, else 32]
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim3)]
    pub block: Option<[u32; 3]>,

    /// A scalar argument, `NAME=VALUE`, or a field of a struct argument, `NAME.FIELD=VALUE` (repeatable)
    #[arg(long = "arg", value_name = "NAME=VALUE", value_parser = parse_assignment)]
    pub args: Vec<(String, String)>,

    /// The value of every scalar parameter that neither `--arg` nor the host code gives
    #[arg(long, value_name = "VALUE")]
    pub default_arg: Option<String>,

    /// Elements of the buffer a pointer parameter points to, `NAME=ELEMENTS` (repeatable)
    /// [default: one per thread of the launch]
    #[arg(long = "buffer", value_name = "NAME=ELEMENTS", value_parser = parse_assignment)]
    pub buffers: Vec<(String, String)>,

    /// What the buffers hold at the start
    #[arg(long, value_enum, default_value = "zero")]
    pub fill: FillArg,

    /// The first elements of a buffer from FILE, `NAME=FILE` (repeatable): its numbers, separated by
    /// white space, or the line `NAME: ...` of a file `--dump` wrote; the buffer has at least as many
    #[arg(long = "input", value_name = "NAME=FILE", value_parser = parse_assignment)]
    pub inputs: Vec<(String, String)>,

    /// Bytes of dynamic shared memory (the launch's third parameter)
    /// [default: 48 KiB for a kernel with an `extern __shared__` array]
    #[arg(long, value_name = "BYTES")]
    pub dynamic_shared: Option<u64>,

    /// The detector that watches the run (repeatable): `hb` (happens-before, the reference),
    /// `iguard`, `supercollider`, `ldetector`, `all` or `none`
    #[arg(long = "detector", value_name = "NAME")]
    pub detectors: Vec<String>,

    /// How threads are interleaved
    #[arg(long, value_enum, default_value = "lockstep")]
    pub schedule: ScheduleArg,

    /// The seed of the random schedule and of `--fill random`
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// The most runs of `--schedule systematic`
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub schedules: u64,

    /// Blocks resident at once, a wave (a kernel with a grid barrier has all of them)
    /// [default: as many as make 16,384 threads]
    #[arg(long, value_name = "N")]
    pub resident_blocks: Option<u32>,

    /// The most thread-instructions the run executes before it stops with an error
    #[arg(long, value_name = "N", default_value_t = 200_000_000)]
    pub max_steps: u64,

    /// Write each buffer's contents after the run to FILE, one line per buffer
    #[arg(long, value_name = "FILE")]
    pub dump: Option<PathBuf>,

    /// Output format
    #[arg(long, value_enum, default_value = "human")]
    pub format: FormatArg,

    #[command(flatten)]
    pub front: FrontArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FillArg {
    /// every byte 0
    Zero,
    /// seeded random values: floats in [0, 1), integers in [0, 256)
    Random,
    /// element i holds i
    Iota,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScheduleArg {
    /// warps in turn, lanes of a warp in lockstep, blocks in order
    Lockstep,
    /// seeded random interleaving of threads, blocks in a seeded order
    Random,
    /// lockstep warps, blocks in a seeded affine order (SuperCollider's block shuffling)
    Shuffle,
    /// lanes and warps one after another, each as far as it can; blocks from the last
    Adversarial,
    /// a bounded systematic search: each thread in turn, then every schedule with one preemption
    /// (at most --schedules runs, evenly spaced), races merged
    Systematic,
}

fn parse_assignment(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
        _ => Err(format!("expected NAME=VALUE, found `{text}`")),
    }
}

/// Flags passed on to clang.
#[derive(Debug, Args)]
pub struct FrontArgs {
    /// Define a macro, as `NAME` or `NAME=VALUE` (repeatable)
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,

    /// Add a directory to the include path (repeatable)
    #[arg(short = 'I', value_name = "DIR")]
    pub includes: Vec<PathBuf>,

    /// Read each file's compile flags from BUILD_DIR/compile_commands.json,
    /// whose units are the program's
    #[arg(short = 'p', value_name = "BUILD_DIR")]
    pub build_dir: Option<PathBuf>,

    /// GPU architecture to compile the device code for, e.g. `sm_80`
    #[arg(long, value_name = "ARCH")]
    pub cuda_gpu_arch: Option<String>,

    /// The clang binary to run
    ///
    /// Overrides `$GPURACE_CLANG`; without either, gpurace runs the newest
    /// `clang-NN` on the PATH.
    #[arg(long, value_name = "PATH")]
    pub clang: Option<PathBuf>,

    /// The CUDA installation: a toolkit's root, or pip's `site-packages/nvidia`
    ///
    /// Without it gpurace looks where clang does (`$CUDA_PATH`, `$CUDA_HOME`,
    /// `/usr/local/cuda`) and then in Python's packages (the `nvidia-*-cu12`
    /// wheels). Its headers add what gpurace's prelude does not have.
    #[arg(long, value_name = "DIR")]
    pub cuda_path: Option<PathBuf>,

    /// libcu++, CUB and Thrust: gpurace's models (`model`, the default) or
    /// the installation's headers as shipped (`real`)
    #[arg(long, value_enum, default_value_t = CcclArg::Model)]
    pub cccl: CcclArg,
}

/// Where libcu++, CUB and Thrust come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CcclArg {
    /// gpurace's models in its prelude
    Model,
    /// the CUDA installation's headers (`--cuda-path`, or the one found)
    Real,
}

impl FrontArgs {
    pub fn options(&self) -> gpurace_front::Options {
        gpurace_front::Options {
            clang: self.clang.clone(),
            includes: self.includes.clone(),
            defines: self.defines.clone(),
            gpu_arch: self.cuda_gpu_arch.clone(),
            compile_db: self.build_dir.clone(),
            cuda_path: self.cuda_path.clone(),
            real_cccl: self.cccl == CcclArg::Real,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EffortArg {
    /// a fifth of the default work
    Quick,
    /// the default budgets
    Default,
    /// more work per query, kernel and file
    Thorough,
}

impl From<EffortArg> for gpurace_static::Effort {
    fn from(effort: EffortArg) -> gpurace_static::Effort {
        match effort {
            EffortArg::Quick => gpurace_static::Effort::Quick,
            EffortArg::Default => gpurace_static::Effort::Default,
            EffortArg::Thorough => gpurace_static::Effort::Thorough,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// Bitwuzla (the default)
    Bitwuzla,
    /// z3
    Z3,
}

impl From<SolverArg> for gpurace_static::SolverKind {
    fn from(solver: SolverArg) -> gpurace_static::SolverKind {
        match solver {
            SolverArg::Bitwuzla => gpurace_static::SolverKind::Bitwuzla,
            SolverArg::Z3 => gpurace_static::SolverKind::Z3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// rustc-like text
    Human,
    /// the JSON object of the tool contract
    Json,
    /// SARIF 2.1.0
    Sarif,
}

impl From<FormatArg> for gpurace_report::Format {
    fn from(format: FormatArg) -> gpurace_report::Format {
        match format {
            FormatArg::Human => gpurace_report::Format::Human,
            FormatArg::Json => gpurace_report::Format::Json,
            FormatArg::Sarif => gpurace_report::Format::Sarif,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    fn check(args: &[&str]) -> Result<CheckArgs, clap::Error> {
        let argv = ["gpurace", "check"].iter().chain(args);
        match Cli::try_parse_from(argv)?.command {
            Command::Check(args) => Ok(args),
            Command::Ir(_) | Command::Trace(_) | Command::Run(_) | Command::Merge(_) => {
                unreachable!("the argv starts with `check`")
            }
        }
    }

    #[test]
    fn definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults() {
        let args = check(&["a.cu"]).unwrap();
        assert_eq!(args.paths, [PathBuf::from("a.cu")]);
        assert_eq!(args.format, None);
        assert_eq!((args.block, args.grid, args.jobs, args.warp_sync), (None, None, None, None));
        assert!(args.front.defines.is_empty() && args.front.includes.is_empty());
    }

    #[test]
    fn paths_are_required() {
        assert!(check(&[]).is_err());
    }

    #[test]
    fn format() {
        assert_eq!(check(&["--format", "json", "a.cu"]).unwrap().format, Some(FormatArg::Json));
        assert_eq!(check(&["--format=sarif", "a.cu"]).unwrap().format, Some(FormatArg::Sarif));
        assert!(check(&["--format", "xml", "a.cu"]).is_err());
    }

    #[test]
    fn block_and_grid() {
        let args = check(&["--block", "16,16", "--grid", "64", "a.cu"]).unwrap();
        assert_eq!(args.block, Some([16, 16, 1]));
        assert_eq!(args.grid, Some([64, 1, 1]));
        assert_eq!(check(&["--block=2,2,2", "a.cu"]).unwrap().block, Some([2, 2, 2]));
        assert!(check(&["--block", "0", "a.cu"]).is_err());
        assert!(check(&["--grid", "1,2,3,4", "a.cu"]).is_err());
    }

    #[test]
    fn defines_and_includes_repeat() {
        let args = check(&["-D", "N=4", "-DDEBUG", "-I", "inc", "-Iother", "a.cu"]).unwrap();
        assert_eq!(args.front.defines, ["N=4", "DEBUG"]);
        assert_eq!(args.front.includes, [PathBuf::from("inc"), PathBuf::from("other")]);
    }

    #[test]
    fn build_dir_arch_and_clang() {
        let args = check(&["-p", "build", "--cuda-gpu-arch", "sm_80", "--clang", "/usr/bin/clang-19", "a.cu"]).unwrap();
        let options = args.front.options();
        assert_eq!(options.compile_db, Some(PathBuf::from("build")));
        assert_eq!(options.gpu_arch.as_deref(), Some("sm_80"));
        assert_eq!(options.clang, Some(PathBuf::from("/usr/bin/clang-19")));
    }

    #[test]
    fn jobs() {
        assert_eq!(check(&["-j", "3", "a.cu"]).unwrap().jobs, Some(3));
        assert_eq!(check(&["--jobs", "1", "a.cu"]).unwrap().jobs, Some(1));
        assert!(check(&["--jobs", "0", "a.cu"]).is_err());
    }

    #[test]
    fn assumptions_repeat_and_host_can_be_ignored() {
        let args = check(&["--assume", "k: n > 0", "--assume", "m == 2", "--no-host", "a.cu"]).unwrap();
        assert_eq!(args.assume, ["k: n > 0", "m == 2"]);
        assert!(args.no_host);
        assert!(!check(&["a.cu"]).unwrap().no_host);
    }

    #[test]
    fn html_takes_a_directory() {
        assert_eq!(check(&["--html", "out", "a.cu"]).unwrap().html, Some(PathBuf::from("out")));
        assert_eq!(check(&["a.cu"]).unwrap().html, None);
        assert!(check(&["a.cu", "--html"]).is_err());
    }

    #[test]
    fn warp_sync_is_accepted() {
        assert_eq!(check(&["--warp-sync", "32", "a.cu"]).unwrap().warp_sync, Some(32));
    }

    #[test]
    fn ir_takes_one_file_and_front_flags() {
        let cli = Cli::try_parse_from(["gpurace", "ir", "-D", "N=2", "-I", "inc", "a.cu"]).unwrap();
        let Command::Ir(args) = cli.command else { panic!("expected `ir`") };
        assert_eq!(args.file, PathBuf::from("a.cu"));
        assert_eq!(args.front.defines, ["N=2"]);
        assert!(Cli::try_parse_from(["gpurace", "ir", "a.cu", "b.cu"]).is_err());
    }

    #[test]
    fn run_takes_a_launch_its_arguments_and_a_schedule() {
        let argv = [
            "gpurace",
            "run",
            "--kernel",
            "k",
            "--grid",
            "2",
            "--arg",
            "n=16",
            "--arg",
            "p.pitch = 4",
            "--buffer",
            "a=64",
            "--schedule",
            "random",
            "--seed",
            "7",
            "--detector",
            "hb",
            "a.cu",
        ];
        let Command::Run(args) = Cli::try_parse_from(argv).unwrap().command else { panic!("expected `run`") };
        assert_eq!((args.grid, args.block), (Some([2, 1, 1]), None));
        assert_eq!(args.args, [("n".to_string(), "16".to_string()), ("p.pitch".to_string(), "4".to_string())]);
        assert_eq!(args.buffers, [("a".to_string(), "64".to_string())]);
        assert_eq!((args.schedule, args.seed, args.fill), (ScheduleArg::Random, 7, FillArg::Zero));
        assert_eq!(args.detectors, ["hb"]);
        assert!(Cli::try_parse_from(["gpurace", "run", "--arg", "n", "a.cu"]).is_err(), "an argument needs a value");
    }

    #[test]
    fn trace_takes_one_file_a_kernel_and_geometry() {
        let argv = ["gpurace", "trace", "--kernel", "k", "--block", "16,16", "--no-host", "-DN=2", "a.cu"];
        let Command::Trace(args) = Cli::try_parse_from(argv).unwrap().command else { panic!("expected `trace`") };
        assert_eq!(args.file, PathBuf::from("a.cu"));
        assert_eq!(args.kernel.as_deref(), Some("k"));
        assert_eq!((args.block, args.grid), (Some([16, 16, 1]), None));
        assert!(args.no_host);
        assert_eq!(args.front.defines, ["N=2"]);
        assert!(Cli::try_parse_from(["gpurace", "trace", "a.cu", "b.cu"]).is_err());
    }
}
