//! The engine's settings: what the user told us about the launches, how much
//! work a kernel may take, and debugging switches. The engine reads no
//! environment variable; the CLI sets these from its flags.

use std::path::PathBuf;
use std::time::Duration;

/// What the user told us about the launches, how much work the analysis may
/// take, and how much parallelism to use.
///
/// Every budget that decides a result is counted in work (z3 resource units,
/// undecided queries), never in seconds, so that the same input gives the
/// same answer on any machine, under any load and with any `jobs`. The
/// wall-clock limits are safety nets: when one fires, the result says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `blockDim` from `--block`; overrides what the host code says.
    pub block: Option<[u32; 3]>,
    /// `gridDim` from `--grid`; overrides what the host code says.
    pub grid: Option<[u32; 3]>,
    /// Threads for solver queries. Results do not depend on it: a kernel's
    /// queries are dealt to a number of solver lanes fixed by the number of
    /// queries, and the threads run the lanes.
    pub jobs: usize,
    /// Work limit of one solver query, in z3 resource units (deterministic).
    pub query_rlimit: u32,
    /// Wall-clock limit of one solver query (a safety net behind the rlimit).
    pub query_timeout: Duration,
    /// Undecided queries (per solver lane) after which a kernel's remaining
    /// queries are not asked.
    pub undecided_budget: usize,
    /// z3 resource units (per solver lane) after which a kernel's remaining
    /// queries are not asked: bounds the time of one kernel.
    pub kernel_rlimit: u64,
    /// z3 resource units all the kernels (and launch sites) of one file may
    /// spend; the kernels left after that are not analysed (`unknown`). The
    /// per-kernel budgets alone do not bound a file with many kernels or
    /// template instantiations.
    pub file_rlimit: u64,
    /// Wall-clock safety net of one kernel, behind `kernel_rlimit`.
    pub kernel_budget: Duration,
    /// Wall-clock safety net of one file, behind `file_rlimit`.
    pub file_budget: Duration,
    /// Add a `solver-stats` note to every kernel.
    pub stats: bool,
    /// GPUVerify's `--warp-sync N`: groups of N lanes run in lockstep (GPUs
    /// before Volta). `None`, the default, is independent thread scheduling.
    pub warp_sync: Option<u32>,
    /// The host code constrains every dimension of the launch: do not assume
    /// that dimensions the kernel never reads are 1.
    pub host_geometry: bool,
    /// Count `approximate` races as races (verdict `race`), not as possible
    /// races of an `unknown` kernel.
    pub report_possible: bool,
    /// The effort the budgets above were set from (`Effort::budgets`), for
    /// saying what a deeper one would try.
    pub effort: Effort,
    /// The SMT solver that decides the queries.
    pub solver: SolverKind,
    /// Switches for looking inside the solver; off by default.
    pub debug: SolverDebug,
}

/// The SMT solver behind the engine's queries (`--solver`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// Bitwuzla: the default (see docs/performance.md, issue 37).
    #[default]
    Bitwuzla,
    /// z3, through its incremental core and a fresh solver for hard queries.
    Z3,
}

impl SolverKind {
    /// The solver's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Bitwuzla => "bitwuzla",
            SolverKind::Z3 => "z3",
        }
    }
}

/// How much work the analysis may spend: every level is a set of work
/// budgets, so each gives the same answer on every run and machine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effort {
    /// A fifth of the default's work per query, a fifth per kernel and file,
    /// stopping a kernel at its second undecided query: for an editor.
    Quick,
    /// The default.
    #[default]
    Default,
    /// Four times the work per query, ten times per kernel and more than ten
    /// per file, ten undecided queries per solver lane: for CI nights.
    Thorough,
}

impl Effort {
    /// `(query_rlimit, kernel_rlimit, file_rlimit, undecided_budget)`.
    pub fn budgets(self) -> (u32, u64, u64, usize) {
        match self {
            Effort::Quick => (4_000_000, 16_000_000, 30_000_000, 2),
            Effort::Default => (20_000_000, 80_000_000, 150_000_000, 3),
            Effort::Thorough => (80_000_000, 800_000_000, 2_000_000_000, 10),
        }
    }

    /// The next deeper level, if any.
    pub fn deeper(self) -> Option<Effort> {
        match self {
            Effort::Quick => Some(Effort::Default),
            Effort::Default => Some(Effort::Thorough),
            Effort::Thorough => None,
        }
    }

    /// The level's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Effort::Quick => "quick",
            Effort::Default => "default",
            Effort::Thorough => "thorough",
        }
    }
}

/// Debugging switches of the solver (hidden CLI flags). The only IO the
/// engine does is theirs, and only when they are set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolverDebug {
    /// Write every query as an SMT-LIB file into this folder
    /// (`NNNN-STAGE.smt2`), for looking at a hard one with z3 itself.
    pub solver_dump: Option<PathBuf>,
    /// Print one line per query on stderr: its stage, answer, z3 resource
    /// units and time.
    pub query_stats: bool,
    /// Never make the second, fresh-solver try of an undecided query (for
    /// measuring what it decides).
    pub incremental_only: bool,
    /// Never ask an undecided query again over the integers (`smt::relax`),
    /// for measuring what the relaxation decides. Changes verdicts, so the
    /// cache keys on it.
    pub no_relaxation: bool,
    /// Where the engine sums its phases and solver stages (always on; one
    /// per file, shared by the file's kernels and threads).
    pub profile: gpurace_core::Profile,
}

impl Config {
    /// The default configuration with the budgets of `effort` (and wall-clock
    /// safety nets that leave them room).
    pub fn with_effort(effort: Effort) -> Config {
        let (query_rlimit, kernel_rlimit, file_rlimit, undecided_budget) = effort.budgets();
        let scale = if effort == Effort::Thorough { 10 } else { 1 };
        Config {
            query_rlimit,
            kernel_rlimit,
            file_rlimit,
            undecided_budget,
            kernel_budget: Duration::from_secs(300 * scale),
            file_budget: Duration::from_secs(600 * scale),
            effort,
            ..Config::default()
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        let (query_rlimit, kernel_rlimit, file_rlimit, undecided_budget) = Effort::Default.budgets();
        Config {
            block: None,
            grid: None,
            jobs: 1,
            query_rlimit,
            query_timeout: Duration::from_millis(60_000),
            undecided_budget,
            kernel_rlimit,
            file_rlimit,
            kernel_budget: Duration::from_secs(300),
            file_budget: Duration::from_secs(600),
            stats: false,
            warp_sync: None,
            host_geometry: false,
            report_possible: false,
            effort: Effort::Default,
            solver: SolverKind::default(),
            debug: SolverDebug::default(),
        }
    }
}
