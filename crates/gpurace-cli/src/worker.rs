//! Each file's check in a worker process, so that one file's memory can
//! neither grow the run without bound nor end it.
//!
//! `gpurace check` starts `--jobs` workers: the same binary and arguments
//! with `--worker` (and `-p` to `--make`'s database instead of `--make`).
//! A worker finds the same inputs, then reads input
//! numbers on stdin, one per line, and answers each with one JSON line: the
//! file's [`Checked`] and the worker's peak memory during it (reset before
//! each file). The units it lowered serve the next files (a program's files
//! share them) until they hold a quarter of the limit; then it forgets them
//! (the on-disk cache keeps them).
//!
//! The run watches each worker's resident memory with the clang it runs
//! (every 50 ms, from `/proc`): a worker over `--memory-limit` is stopped.
//! A worker that dies (stopped so, or by the kernel's out-of-memory killer,
//! or by a crash) costs only its file: the file is reported
//! `unknown` with a `memory-limit` warning (or an `internal-error` for
//! another crash), a new worker takes the next file, and the run goes on.
//! Results are stored in the cache by the worker as each file finishes, so
//! an interrupted run keeps them and a rerun resumes from there.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::Context;
use gpurace_ir::{Diagnostic, Severity};
use gpurace_report::{FileReport, Timings};
use serde::{Deserialize, Serialize};

use crate::check::Checked;

/// One answer of a worker.
#[derive(Serialize, Deserialize)]
struct Reply {
    /// The file's check, or why the pipeline cannot run at all (no clang).
    checked: Result<Checked, String>,
    /// The worker's peak resident memory during the file, in MiB.
    peak_mib: f64,
    /// What the file took from the cache.
    counts: Counts,
}

/// What files took from the cache: results reused and analysed, corrupt
/// entries, and the cache's problems (each once).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Counts {
    pub reused: usize,
    pub analysed: usize,
    pub corrupt: usize,
    pub problems: Vec<String>,
}

impl Counts {
    /// What `after` has more than `self`.
    fn since(&self, after: Counts) -> Counts {
        Counts {
            reused: after.reused - self.reused,
            analysed: after.analysed - self.analysed,
            corrupt: after.corrupt - self.corrupt,
            problems: after.problems.into_iter().filter(|p| !self.problems.contains(p)).collect(),
        }
    }

    fn add(&mut self, other: Counts) {
        self.reused += other.reused;
        self.analysed += other.analysed;
        self.corrupt += other.corrupt;
        for problem in other.problems {
            if !self.problems.contains(&problem) {
                self.problems.push(problem);
            }
        }
    }
}

/// One file to check: its place among the run's inputs, and whether only
/// a cached result is wanted (`--changed-since`).
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub index: usize,
    pub cache_only: bool,
}

/// The worker's side: caps memory, then answers jobs until stdin closes.
/// `check(index, cache_only)` checks one input (named `name(index)`);
/// `counts` says what the worker took from the cache so far; `forget` drops
/// what the run holds in memory.
pub fn serve(
    limit_mib: u64,
    name: impl Fn(usize) -> String,
    check: impl Fn(usize, bool) -> Result<Checked, gpurace_front::Error>,
    counts: impl Fn() -> Counts,
    forget: impl Fn(),
) -> anyhow::Result<()> {
    // A run that is killed (a CI time-out, `kill -9`) cannot close our
    // stdin in time: a worker whose parent is gone stops at once.
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if std::os::unix::process::parent_id() != parent {
            std::process::exit(3);
        }
    });
    let keep_mib = if limit_mib > 0 { limit_mib as f64 / 4.0 } else { 1024.0 };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.context("cannot read the next job")?;
        let mut words = line.split_whitespace();
        let (Some(index), Some(cache_only)) = (words.next(), words.next()) else { continue };
        let index: usize = index.parse().context("a job is an input number")?;
        reset_peak();
        let before = counts();
        let started = Instant::now();
        let checked = match check(index, cache_only == "1") {
            // clang itself could not start under the limit.
            Err(gpurace_front::Error::ClangSpawn { source, .. })
                if source.kind() == std::io::ErrorKind::OutOfMemory =>
            {
                let end = End { status: String::new(), memory: true };
                Ok(stopped(&name(index), &end, limit_mib, started))
            }
            Ok(Checked::Report(report)) if out_of_memory(&report) => {
                let end = End { status: String::new(), memory: true };
                Ok(stopped(&report.file, &end, limit_mib, started))
            }
            other => other.map_err(|e| e.to_string()),
        };
        let reply = Reply { checked, peak_mib: resident_mib("VmHWM:"), counts: before.since(counts()) };
        serde_json::to_writer(&mut out, &reply).context("cannot answer")?;
        writeln!(out).and_then(|()| out.flush()).context("cannot answer")?;
        // Units lowered for one file often serve the next (files of one
        // program); they are dropped once they hold a quarter of the limit.
        if resident_mib("VmRSS:") > keep_mib {
            forget();
        }
    }
    Ok(())
}

/// What the run does as each file finishes.
pub type Done<'a> = dyn Fn(Job, &Result<Checked, String>, Instant) + Sync + 'a;

/// The run's side: `jobs` workers started as `command` makes them, each
/// taking the next job until none is left. `done(job, result, started)`
/// is called as each file finishes, in whatever order they do.
pub fn run_all(
    jobs: usize,
    work: &[Job],
    names: &[String],
    limit_mib: u64,
    command: &(dyn Fn() -> Command + Sync),
    start: &(dyn Fn(Job) + Sync),
    done: &Done,
) -> anyhow::Result<(Vec<Result<Checked, String>>, Counts)> {
    let next = AtomicUsize::new(0);
    let counts: Mutex<Counts> = Mutex::default();
    let results: Mutex<Vec<Option<Result<Checked, String>>>> = Mutex::new((0..work.len()).map(|_| None).collect());
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(work.len()).max(1) {
            scope.spawn(|| {
                let mut worker: Option<Worker> = None;
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&job) = work.get(n) else { break };
                    start(job);
                    let started = Instant::now();
                    let answer = match &mut worker {
                        Some(w) => w.ask(job),
                        None => match Worker::start(command(), limit_mib) {
                            Ok(w) => worker.insert(w).ask(job),
                            Err(e) => {
                                *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                                break;
                            }
                        },
                    };
                    let result = match answer {
                        Ok((reply, got)) => {
                            counts.lock().unwrap_or_else(|e| e.into_inner()).add(got);
                            reply
                        }
                        Err(end) => {
                            // The worker is gone: its file says why; the next
                            // file gets a new one.
                            let end = worker.take().map(Worker::end).unwrap_or(end);
                            Ok(stopped(&names[job.index], &end, limit_mib, started))
                        }
                    };
                    done(job, &result, started);
                    results.lock().unwrap_or_else(|e| e.into_inner())[n] = Some(result);
                }
                if let Some(worker) = worker {
                    worker.end();
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let results = results.into_iter().map(|r| r.unwrap_or_else(|| Err("no worker took this file".into()))).collect();
    Ok((results, counts.into_inner().unwrap_or_else(|e| e.into_inner())))
}

/// A running worker.
struct Worker {
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The end of its stderr, for why it stopped.
    stderr: Arc<Mutex<Vec<u8>>>,
    watch: Arc<Watch>,
}

/// What the run's watch over a worker saw.
#[derive(Default)]
struct Watch {
    /// The highest resident memory of the worker and its children since
    /// the current file started, in KiB.
    peak_kib: std::sync::atomic::AtomicU64,
    /// Set when the watch stopped the worker over the limit.
    over: std::sync::atomic::AtomicBool,
    /// Set when the worker is done with (the watch ends).
    done: std::sync::atomic::AtomicBool,
}

/// How a worker ended: its exit status and the end of its stderr.
struct End {
    status: String,
    memory: bool,
}

impl Worker {
    fn start(mut command: Command, limit_mib: u64) -> anyhow::Result<Worker> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context("cannot start a worker process")?;
        let stdin = child.stdin.take().context("no worker stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("no worker stdout")?);
        let mut err = child.stderr.take().context("no worker stderr")?;
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let tail = stderr.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = err.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                // A worker prints nothing on success; what it prints before
                // it stops is kept (the last 16 KiB) to say why.
                let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                tail.extend_from_slice(&buffer[..n]);
                let excess = tail.len().saturating_sub(16 << 10);
                tail.drain(..excess);
            }
        });
        let pid = child.id();
        let child = Arc::new(Mutex::new(child));
        let watch = Arc::new(Watch::default());
        let (watched, seen) = (child.clone(), watch.clone());
        std::thread::spawn(move || {
            while !seen.done.load(Ordering::Relaxed) {
                let kib = tree_kib(pid);
                seen.peak_kib.fetch_max(kib, Ordering::Relaxed);
                if limit_mib > 0 && kib > limit_mib * 1024 {
                    seen.over.store(true, Ordering::Relaxed);
                    let _ = watched.lock().unwrap_or_else(|e| e.into_inner()).kill();
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        Ok(Worker { child, stdin, stdout, stderr, watch })
    }

    /// Sends one job and reads its answer; `Err` when the worker stopped.
    fn ask(&mut self, job: Job) -> Result<(Result<Checked, String>, Counts), End> {
        let gone = || End { status: String::new(), memory: false };
        self.watch.peak_kib.store(0, Ordering::Relaxed);
        writeln!(self.stdin, "{} {}", job.index, u8::from(job.cache_only)).map_err(|_| gone())?;
        self.stdin.flush().map_err(|_| gone())?;
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(n) if n > 0 => {}
            _ => return Err(gone()),
        }
        let reply: Reply = serde_json::from_str(&line).map_err(|_| gone())?;
        let checked = match reply.checked {
            Ok(Checked::Report(mut report)) => {
                let watched = self.watch.peak_kib.load(Ordering::Relaxed) as f64 / 1024.0;
                report.timings.peak_mib = reply.peak_mib.max(watched);
                Ok(Checked::Report(report))
            }
            other => other,
        };
        Ok((checked, reply.counts))
    }

    /// Waits for the worker to stop (closing its stdin asks it to) and says
    /// how it ended.
    fn end(self) -> End {
        drop(self.stdin);
        let status = self.child.lock().unwrap_or_else(|e| e.into_inner()).wait();
        self.watch.done.store(true, Ordering::Relaxed);
        // Let the stderr thread catch up with what the worker printed last.
        std::thread::sleep(std::time::Duration::from_millis(20));
        let text = String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|e| e.into_inner())).into_owned();
        let memory = self.watch.over.load(Ordering::Relaxed) || OUT_OF_MEMORY.iter().any(|m| text.contains(m));
        let status = match status {
            Ok(s) => {
                use std::os::unix::process::ExitStatusExt;
                match (s.code(), s.signal()) {
                    (Some(code), _) => format!("exit code {code}"),
                    (None, Some(9)) => "killed (signal 9: the system's out-of-memory killer, or a user)".into(),
                    (None, Some(signal)) => format!("signal {signal}"),
                    _ => "an unknown end".into(),
                }
            }
            Err(e) => format!("an unknown end ({e})"),
        };
        End { status, memory }
    }
}

/// What Rust, C++ (z3, Bitwuzla, clang) and the system print when memory
/// runs out.
const OUT_OF_MEMORY: &[&str] =
    &["memory allocation of", "bad_alloc", "out of memory", "Cannot allocate memory", "LLVM ERROR: out of memory"];

/// Whether a file's check failed for want of memory: an error of clang or
/// of the pipeline that says so (clang and the lowering thread run under
/// the worker's limit too).
fn out_of_memory(report: &FileReport) -> bool {
    report
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && OUT_OF_MEMORY.iter().any(|m| d.message.contains(m)))
}

/// The report of a file whose worker stopped during its check.
fn stopped(name: &str, end: &End, limit_mib: u64, started: Instant) -> Checked {
    let diagnostic = if end.memory {
        let message = format!(
            "the check of this file needed more than {limit_mib} MiB (`--memory-limit`) and was stopped: its kernels \
             are `unknown`"
        );
        Diagnostic::new(Severity::Warning, "memory-limit", message)
    } else {
        let message =
            format!("gpurace's worker stopped while checking this file ({}); the other files were checked", end.status);
        Diagnostic::new(Severity::Error, "internal-error", message)
    };
    let peak_mib = if end.memory { limit_mib as f64 } else { 0.0 };
    Checked::Report(FileReport {
        file: name.to_string(),
        diagnostics: vec![diagnostic.at(name, 0, 0)],
        timings: Timings { total_ms: started.elapsed().as_secs_f64() * 1000.0, peak_mib, ..Timings::default() },
        ..FileReport::default()
    })
}

/// The resident memory of process `pid` and its children (clang), in KiB.
fn tree_kib(pid: u32) -> u64 {
    let mut total = status_kib(&pid.to_string(), "VmRSS:");
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            total += children.split_whitespace().map(|child| status_kib(child, "VmRSS:")).sum::<u64>();
        }
    }
    total
}

/// A memory figure of process `pid` (a number or `self`) from
/// `/proc/PID/status`, in KiB; 0 when the process is gone.
fn status_kib(pid: &str, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix(field)?.split_whitespace().next()?.parse().ok()).unwrap_or(0)
}

/// Resets this process's peak resident memory (Linux 4.0 and later).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// A memory figure of this process from `/proc/self/status`, in MiB:
/// `VmHWM:` (the peak since the last reset) or `VmRSS:` (now).
fn resident_mib(field: &str) -> f64 {
    status_kib("self", field) as f64 / 1024.0
}
