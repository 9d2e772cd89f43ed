//! gpurace front-end: runs clang on a CUDA program and lowers its AST to the
//! gpurace IR.
//!
//! This is the only crate that runs clang or knows its AST format.

use std::path::{Path, PathBuf};

use gpurace_ir::{Diagnostic, Program, Severity};

/// Stack for the lowering thread (address space only: pages are touched as
/// the recursion deepens).
const LOWER_STACK: usize = 512 << 20;

/// How to run clang on one file.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Explicit clang binary; otherwise `$GPURACE_CLANG`, then the newest `clang-NN`.
    pub clang: Option<PathBuf>,
    /// `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `-D` definitions, `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    /// `--cuda-gpu-arch`, e.g. `sm_80`.
    pub gpu_arch: Option<String>,
    /// A build directory holding `compile_commands.json` (`-p`).
    pub compile_db: Option<PathBuf>,
    /// `--cuda-path`: the CUDA installation (else one is looked for, see
    /// [`cuda_install`]).
    pub cuda_path: Option<PathBuf>,
    /// `--cccl real`: libcu++, CUB and Thrust from the installation as
    /// shipped, not the prelude's models.
    pub real_cccl: bool,
}

/// The result of lowering one file.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Lowered {
    pub program: Program,
    /// Problems in the input, each with file:line and a reason.
    pub diagnostics: Vec<Diagnostic>,
    /// Wall time spent in clang, in milliseconds.
    pub clang_ms: f64,
    /// Wall time spent lowering clang's output, in milliseconds.
    pub lower_ms: f64,
    /// Every file clang read for it (the file and its headers), for a cache
    /// of lowered files to check; `None` when not known (see
    /// [`clang::ClangRun::deps`]).
    pub deps: Option<Vec<PathBuf>>,
    /// Where missing headers would be found if they appeared (see
    /// [`clang::ClangRun::absent`]): a cache entry holds while none exists.
    #[serde(default)]
    pub absent: Vec<PathBuf>,
    /// The user's files clang read for it, canonical (see
    /// [`clang::ClangRun::read`]): a file another unit `#include`s is part
    /// of that unit.
    pub read: Vec<PathBuf>,
}

/// Failing to run at all (as opposed to problems in the input, which are
/// diagnostics).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No clang binary was found.
    #[error("cannot find clang (tried $GPURACE_CLANG, clang-22 down to clang-14, clang); install it with `apt-get install -y clang-19`")]
    ClangNotFound,
    /// clang could not be started.
    #[error("cannot run clang `{path}`: {source}")]
    ClangSpawn { path: PathBuf, source: std::io::Error },
    /// The compilation database could not be read.
    #[error("cannot read compilation database `{path}`: {reason}")]
    CompileDb { path: PathBuf, reason: String },
    /// The prelude could not be written to disk.
    #[error("cannot write the CUDA prelude to `{path}`: {source}")]
    Prelude { path: PathBuf, source: std::io::Error },
}

/// The translation units a compilation database (`-p BUILD_DIR`) lists.
pub fn compile_db_units(build_dir: &Path) -> Result<Vec<PathBuf>, Error> {
    compile_db::units(build_dir)
}

/// Runs clang on `path` and lowers the result. `Err` only when clang cannot
/// run; everything wrong with the input is a diagnostic in [`Lowered`].
pub fn lower_file(path: &Path, options: &Options) -> Result<Lowered, Error> {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let flags = match &options.compile_db {
        Some(dir) => compile_db::flags_for(dir, &abs)?,
        None => Vec::new(),
    };
    if !abs.is_file() {
        let d = Diagnostic::new(Severity::Error, "clang-fatal", "no such file").at(path.display().to_string(), 0, 0);
        return Ok(Lowered { diagnostics: vec![d], ..Lowered::default() });
    }
    let run = clang::run(&abs, options, &flags, clang::View::Device)?;
    let start = std::time::Instant::now();
    let prelude = run.prelude.to_string_lossy().to_string();
    let (mut program, mut diagnostics) = lower_dump(&run.dump, &prelude, path);
    let mut all = run.diagnostics;
    all.append(&mut diagnostics);
    let (mut clang_ms, mut deps, mut read, mut absent) = (run.clang_ms, run.deps, run.read, run.absent);
    let mut host_clang_ms = 0.0;
    if !clang::is_c(&abs) && views::tests_cuda_arch(&read) {
        let host = clang::run(&abs, options, &flags, clang::View::Host)?;
        let (host_program, mut host_diagnostics) = lower_dump(&host.dump, &prelude, path);
        let mut host_all = host.diagnostics;
        host_all.append(&mut host_diagnostics);
        let host_only = views::HostOnly::of(&host.dump);
        program = views::join(program, host_program);
        all = views::join_diagnostics(all, host_all, &host_only);
        host_clang_ms = host.clang_ms;
        clang_ms += host.clang_ms;
        deps = deps.zip(host.deps).map(|(mut a, b)| {
            a.extend(b);
            a.sort();
            a.dedup();
            a
        });
        read.extend(host.read);
        read.sort();
        read.dedup();
        absent.extend(host.absent);
        absent.sort();
        absent.dedup();
    }
    // Report paths as the user gave them, not as clang resolved them, and
    // the prelude by a stable name rather than its cache folder.
    // Every other file the way reports print paths (`paths`).
    let abs_str = abs.to_string_lossy().to_string();
    let shown = display_path(path);
    let clang_dir = abs.parent().map(Path::to_path_buf).unwrap_or_default();
    let rename = |f: &mut String| {
        if *f == abs_str {
            f.clone_from(&shown);
        } else if let Some(rest) = f.strip_prefix(prelude.as_str()) {
            *f = format!("<prelude>{rest}");
        } else if !f.is_empty() && !f.starts_with('<') {
            // clang ran in the file's folder: a relative name is from there.
            *f = display_path(&clang_dir.join(&*f));
        }
    };
    program.files.iter_mut().for_each(rename);
    all.iter_mut().for_each(|d| rename(&mut d.file));
    Ok(Lowered {
        program,
        diagnostics: all,
        clang_ms,
        lower_ms: start.elapsed().as_secs_f64() * 1000.0 - host_clang_ms,
        deps,
        absent,
        read,
    })
}

/// Lowers one view's dump on a thread with a deep stack.
fn lower_dump(dump: &ast::Dump, prelude: &str, path: &Path) -> (Program, Vec<Diagnostic>) {
    // Lowering recurses along the AST, whose depth the input decides (a sum
    // of 5,000 terms nests 5,000 deep): give it a stack to match.
    let lowered = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("lower".into())
            .stack_size(LOWER_STACK)
            .spawn_scoped(scope, || lower::lower(dump, prelude))
            .map(|handle| handle.join())
    });
    match lowered {
        Ok(Ok(result)) => result,
        failed => {
            let message = match failed {
                Err(e) => format!("cannot start the lowering thread ({e})"),
                _ => "lowering failed".to_string(),
            };
            let d = Diagnostic::new(Severity::Error, "internal-error", message).at(path.display().to_string(), 0, 0);
            (Program::default(), vec![d])
        }
    }
}

pub mod ast;
pub mod clang;
mod paths;

pub use paths::display_path;
mod compile_db;
pub mod cuda_install;
pub mod lower;
pub mod ptx;
mod views;
