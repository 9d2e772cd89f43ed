//! Finds and runs clang in CUDA mode with the built-in prelude.
//!
//! clang runs with `-x cuda --cuda-host-only -nocudainc -nocudalib
//! -fsyntax-only -Xclang -ast-dump`: host code and kernels are both in the
//! host-side AST (kernels keep their bodies there), no CUDA installation is
//! needed, and `#include <cuda_runtime.h>` and friends resolve to the prelude,
//! which is passed with `-isystem` and force-included.
//!
//! A program is seen the way nvcc compiles it twice: the *device view*
//! defines `__CUDA_ARCH__` (kernels and device functions are read from it),
//! the *host view* leaves it undefined (host functions and launches are read
//! from it). The host view is parsed only for files whose user headers or
//! source test `__CUDA_ARCH__`; elsewhere the two views are the same text.

use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

use gpurace_ir::{Diagnostic, Severity};

use crate::ast::{self, Dump};
use crate::{Error, Options};

mod missing;
mod packages;
mod project_headers;
mod spelling;

mod prelude_files {
    include!(concat!(env!("OUT_DIR"), "/prelude_files.rs"));
}

/// The file every translation unit force-includes.
pub const PRELUDE_MAIN: &str = "gpurace_prelude.h";

/// Finds clang: `explicit`, else `$GPURACE_CLANG`, else the newest
/// `clang-NN` on `PATH` (22 down to 14), else `clang`.
pub fn find_clang(explicit: Option<&Path>) -> Result<PathBuf, Error> {
    if let Some(p) = explicit {
        return Ok(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("GPURACE_CLANG").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let names = (14..=22).rev().map(|v| format!("clang-{v}")).chain(std::iter::once("clang".to_string()));
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in names {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(&name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err(Error::ClangNotFound)
}

/// The user's cache folder: `$XDG_CACHE_HOME` (when set and not empty),
/// else `~/.cache`, else the temporary folder. gpurace keeps its prelude and
/// its on-disk cache under `gpurace/` there.
pub fn cache_home() -> PathBuf {
    std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
}

/// Writes the embedded prelude to a folder named after its hash (once per
/// process, and reused across runs) and returns the folder.
pub fn prelude_dir() -> Result<PathBuf, Error> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let result = DIR.get_or_init(|| {
        let base = cache_home();
        let dir = base.join("gpurace").join(format!("prelude-{:016x}", prelude_files::HASH));
        if dir.join(PRELUDE_MAIN).is_file() {
            return Ok(dir);
        }
        // Write into a fresh folder, then rename, so concurrent runs never see
        // a half-written prelude.
        let tmp = base.join("gpurace").join(format!("prelude-tmp-{}-{:016x}", std::process::id(), prelude_files::HASH));
        let write = || -> std::io::Result<()> {
            for (rel, text) in prelude_files::FILES {
                let path = tmp.join(rel);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(path, text)?;
            }
            match std::fs::rename(&tmp, &dir) {
                Ok(()) => Ok(()),
                Err(_) if dir.join(PRELUDE_MAIN).is_file() => {
                    let _ = std::fs::remove_dir_all(&tmp);
                    Ok(())
                }
                Err(e) => Err(e),
            }
        };
        write().map(|()| dir.clone()).map_err(|e| format!("{}: {e}", dir.display()))
    });
    result.clone().map_err(|e| Error::Prelude { path: PathBuf::from(e), source: std::io::Error::other("write failed") })
}

/// Which pass of nvcc a parse stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// `__CUDA_ARCH__` defined: what kernels and device functions are.
    Device,
    /// `__CUDA_ARCH__` undefined (also when the user defines it): what host
    /// functions are.
    Host,
}

/// The macro that tells the prelude not to define `__CUDA_ARCH__`.
const HOST_VIEW_MACRO: &str = "__GPURACE_HOST_VIEW__";

/// The prelude's folder of C declarations, for host code in C.
const C_PRELUDE: &str = "c-host";

/// Whether `file` is host code in C (`.c`), which clang reads as C.
pub fn is_c(file: &Path) -> bool {
    file.extension().is_some_and(|e| e == "c")
}

/// The output of one clang run.
pub struct ClangRun {
    pub dump: Dump,
    pub diagnostics: Vec<Diagnostic>,
    pub clang_ms: f64,
    /// The prelude folder (its declarations are not the user's).
    pub prelude: PathBuf,
    /// Every file clang read (clang's `-MD` list); `None` when it is not
    /// known.
    pub deps: Option<Vec<PathBuf>>,
    /// Where a header that was missing (and stood in for) would be found if
    /// it appeared: beside each file read, in each `-I` folder and in the
    /// system's include folders. The parse holds while none of them exists.
    pub absent: Vec<PathBuf>,
    /// The user's files clang read (the file, its headers, the sources it
    /// `#include`s), canonical: neither the prelude's, the system's nor a
    /// stand-in for a missing header. Known also where `deps` is not.
    pub read: Vec<PathBuf>,
}

/// Folders whose headers are the system's, not the user's. Declarations from
/// them are skipped while reading the dump.
pub(crate) fn is_system_file(path: &str, prelude: &str) -> bool {
    const SYSTEM: &[&str] = &["/usr/include/", "/usr/lib/", "/usr/local/include/", "/usr/lib64/", "/usr/share/"];
    path.starts_with('<') || SYSTEM.iter().any(|s| path.starts_with(s)) || path.starts_with(prelude)
}

/// Folders of installed packages (pip's and conda's, a CUDA toolkit's):
/// their declarations are kept for the lowering to inline, like the
/// prelude's, but they are not the user's code (no kernel of theirs is
/// checked, no host function of theirs lowered on its own).
pub fn is_library_file(path: &str) -> bool {
    const LIBRARY: &[&str] = &["/site-packages/", "/dist-packages/", "/conda/pkgs/", "/usr/local/cuda"];
    LIBRARY.iter().any(|l| path.contains(l))
}

/// Runs clang on `file` with `args` (flags from options or the compilation
/// database) and reads its AST dump.
///
/// A header clang cannot find stops it at the `#include`; the file is then
/// parsed again with an empty stand-in for each missing header (see
/// [`missing`]), so that the rest of it is still analysed, and each missing
/// header is reported once as a warning.
pub fn run(file: &Path, options: &Options, flags: &[String], view: View) -> Result<ClangRun, Error> {
    let clang = find_clang(options.clang.as_deref())?;
    let prelude = prelude_dir()?;
    let first = Extra { view, ..Extra::default() };
    let mut run = run_once(&clang, &prelude, file, options, flags, &first)?;
    // Launches spelled `<< <`: the files respelled, then parsed again.
    let cwd = file.parent().unwrap_or(Path::new("/"));
    let respelled = spelling::files_to_respell(&run.diagnostics, cwd);
    let overlay = if respelled.is_empty() { None } else { spelling::Overlay::new(&respelled) };
    let overlay_file = overlay.as_ref().map(spelling::Overlay::file);
    if let Some(o) = &overlay_file {
        let first_ms = run.clang_ms;
        run = run_once(
            &clang,
            &prelude,
            file,
            options,
            flags,
            &Extra { stubs: None, project: &[], overlay: Some(o), view },
        )?;
        run.clang_ms += first_ms;
    }
    let Some(mut stubs) = missing::Stubs::new(file, &run.diagnostics) else { return Ok(run) };
    let mut clang_ms = run.clang_ms;
    while stubs.write() {
        let project = stubs.project_dirs();
        let extra = Extra { stubs: Some(&stubs.dir()), project: &project, overlay: overlay_file.as_deref(), view };
        run = run_once(&clang, &prelude, file, options, flags, &extra)?;
        clang_ms += run.clang_ms;
        if !stubs.add(&run.diagnostics) {
            break;
        }
    }
    run.diagnostics = stubs.report(run.diagnostics);
    run.clang_ms = clang_ms;
    let root = stubs.root().to_path_buf();
    if let Some(deps) = &mut run.deps {
        deps.retain(|p| !p.starts_with(&root));
    }
    run.absent = absent_places(&stubs, run.deps.as_deref().unwrap_or_default(), file, options, flags);
    run.read.retain(|p| !p.starts_with(&root));
    Ok(run)
}

/// Where each missing header would be found if it appeared (see
/// [`ClangRun::absent`]).
fn absent_places(
    stubs: &missing::Stubs,
    deps: &[PathBuf],
    file: &Path,
    options: &Options,
    flags: &[String],
) -> Vec<PathBuf> {
    const SYSTEM: &[&str] = &["/usr/include", "/usr/local/include", "/usr/include/x86_64-linux-gnu"];
    let mut folders: Vec<PathBuf> = deps.iter().filter_map(|d| d.parent().map(Path::to_path_buf)).collect();
    folders.extend(file.parent().map(Path::to_path_buf));
    folders.extend(options.includes.iter().map(|d| absolute(d)));
    folders.extend(include_flags(flags));
    folders.extend(SYSTEM.iter().map(PathBuf::from));
    folders.extend(installation(options).into_iter().flat_map(|i| i.include));
    folders.sort();
    folders.dedup();
    let mut places: Vec<PathBuf> = stubs.names().flat_map(|n| folders.iter().map(move |f| f.join(n))).collect();
    places.sort();
    places.dedup();
    places
}

/// What a later round of clang adds to the first, and the view of all.
struct Extra<'a> {
    /// The folder of stand-ins for missing headers.
    stubs: Option<&'a Path>,
    /// The project's folders of headers the include path lacks.
    project: &'a [PathBuf],
    /// The overlay of files whose launches were respelled.
    overlay: Option<&'a Path>,
    view: View,
}

impl Default for Extra<'_> {
    fn default() -> Self {
        Extra { stubs: None, project: &[], overlay: None, view: View::Device }
    }
}

fn run_once(
    clang: &Path,
    prelude: &Path,
    file: &Path,
    options: &Options,
    flags: &[String],
    extra: &Extra<'_>,
) -> Result<ClangRun, Error> {
    let prelude = prelude.to_path_buf();
    let mut cmd = Command::new(clang);
    if is_c(file) {
        // Host code in C, as a C compiler reads it (K&R definitions,
        // implicit `int` and declarations), with C declarations of the
        // runtime API.
        cmd.args(["-x", "c", "-fsyntax-only"])
            .args(["-fno-color-diagnostics", "-fno-caret-diagnostics", "-ferror-limit=50", "-w"])
            .args(["-Wno-implicit-function-declaration", "-Wno-implicit-int", "-Wno-int-conversion"])
            .args(["-Wno-incompatible-pointer-types", "-Wno-return-type", "-D__GPURACE__"])
            .arg("-isystem")
            .arg(prelude.join(C_PRELUDE));
    } else {
        cmd.args(["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-fsyntax-only"])
            .args(["-fno-color-diagnostics", "-fno-caret-diagnostics", "-ferror-limit=50", "-w"])
            // `register` is an error in C++17 unless this is said; nvcc accepts it.
            .arg("-Wno-register")
            // What clang's driver passes for CUDA 9 and later, which it does
            // not detect with -nocudainc: libcu++ declares variadic
            // `__host__ __device__` functions for overload resolution.
            .args(["-Xclang", "-fcuda-allow-variadic-functions"])
            .arg("-isystem")
            .arg(&prelude)
            .args(["-include", PRELUDE_MAIN])
            .args(["-D__CUDACC__", "-D__NVCC__", "-D__GPURACE__"]);
        if let Some(arch) = &options.gpu_arch {
            cmd.arg(format!("--cuda-gpu-arch={arch}"));
        }
    }
    // The compilation database first, so that the user's own `-D` and `-I`
    // on the command line win.
    cmd.args(flags);
    for dir in &options.includes {
        cmd.arg("-I").arg(absolute(dir));
    }
    if !is_c(file) {
        cccl_args(&mut cmd, options, flags);
    }
    for d in &options.defines {
        cmd.arg(format!("-D{d}"));
    }
    if extra.view == View::Host && !is_c(file) {
        // After the user's flags: nvcc's host pass never has it.
        cmd.arg("-U__CUDA_ARCH__").arg(format!("-D{HOST_VIEW_MACRO}"));
    }
    if let Some(overlay) = extra.overlay {
        cmd.arg("-ivfsoverlay").arg(overlay);
    }
    for dir in extra.project {
        cmd.arg("-idirafter").arg(dir);
    }
    if let Some(dir) = extra.stubs {
        // Searched last, for `"..."` and `<...>` alike: a real header wins.
        cmd.arg("-idirafter").arg(dir);
    }
    // The files clang reads, for a cache to check (see `ClangRun::deps`).
    let depfile = tempfile::NamedTempFile::new().ok();
    if let Some(dep) = &depfile {
        cmd.arg("-MD").arg("-MF").arg(dep.path());
    }
    cmd.args(["-Xclang", "-ast-dump"]).arg(file);
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        cmd.current_dir(dir);
    }
    let start = Instant::now();
    let mut child = cmd.spawn().map_err(|source| Error::ClangSpawn { path: clang.to_path_buf(), source })?;
    let mut stderr = child.stderr.take();
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(e) = stderr.as_mut() {
            let _ = e.read_to_string(&mut s);
        }
        s
    });
    let prelude_str = prelude.to_string_lossy().to_string();
    // The prelude's own headers (the force-included one, and the models a
    // program includes, such as <cub/cub.cuh>) are kept: their inline bodies
    // are what the lowering inlines.
    let keep = move |f: &str| !is_system_file(f, &prelude_str) || f.starts_with(&prelude_str);
    let dump = match child.stdout.take() {
        Some(out) => ast::parse(BufReader::with_capacity(1 << 20, out), &keep).unwrap_or_default(),
        None => Dump::default(),
    };
    let status = child.wait();
    let stderr_text = err_thread.join().unwrap_or_default();
    let clang_ms = start.elapsed().as_secs_f64() * 1000.0;
    let mut diagnostics = parse_stderr(&stderr_text, file);
    match status {
        Ok(s) if s.success() => {}
        Ok(s) if diagnostics.iter().any(|d| d.severity == Severity::Error || d.code == "nvcc-accepts") => {
            let _ = s;
        }
        Ok(s) => diagnostics.push(
            Diagnostic::new(Severity::Error, "clang-fatal", format!("clang failed ({s}) without a diagnostic")).at(
                file.display().to_string(),
                0,
                0,
            ),
        ),
        Err(e) => {
            diagnostics.push(Diagnostic::new(Severity::Error, "clang-fatal", format!("cannot wait for clang: {e}")).at(
                file.display().to_string(),
                0,
                0,
            ))
        }
    }
    let cwd = file.parent().filter(|d| !d.as_os_str().is_empty()).map(Path::to_path_buf).unwrap_or_default();
    let deps = depfile
        .and_then(|dep| std::fs::read_to_string(dep.path()).ok())
        .map(|text| parse_depfile(&text).into_iter().map(|p| cwd.join(p)).collect::<Vec<_>>())
        .filter(|deps: &Vec<PathBuf>| !deps.is_empty());
    let read = user_files(deps.as_deref().unwrap_or_default(), &prelude);
    Ok(ClangRun { dump, diagnostics, clang_ms, prelude, deps, absent: Vec::new(), read })
}

/// The files of `deps` that are the user's, canonical and sorted.
fn user_files(deps: &[PathBuf], prelude: &Path) -> Vec<PathBuf> {
    let prelude = std::fs::canonicalize(prelude).unwrap_or_else(|_| prelude.to_path_buf());
    let prelude = prelude.to_string_lossy();
    let mut read: Vec<PathBuf> = deps
        .iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .filter(|p| !is_system_file(&p.to_string_lossy(), &prelude) && !is_library_file(&p.to_string_lossy()))
        .collect();
    read.sort();
    read.dedup();
    read
}

/// The prerequisites of a make rule as clang writes it (`target: a.cu \`,
/// ` b.h`; spaces in names escaped with `\`).
fn parse_depfile(text: &str) -> Vec<String> {
    let joined = text.replace("\\\n", " ").replace("\\\r\n", " ");
    let Some((_, rest)) = joined.split_once(": ") else { return Vec::new() };
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                current.push(' ');
                chars.next();
            }
            c if c.is_whitespace() => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The CUDA installation's headers: searched after the prelude (`-idirafter`),
/// so they add what it lacks; CCCL as shipped (`--cccl real`) before it.
/// `__GPURACE_REAL_CCCL__` tells the prelude to leave libcu++ to the real
/// headers, which also holds when the user's own `-I` folders have them.
fn cccl_args(cmd: &mut Command, options: &Options, flags: &[String]) {
    let install = installation(options);
    let mut real = false;
    if let Some(install) = &install {
        if let (true, Some(cccl)) = (options.real_cccl, &install.cccl) {
            cmd.arg("-I").arg(cccl);
            real = true;
        }
        for dir in &install.include {
            cmd.arg("-idirafter").arg(dir);
        }
    }
    let user_dirs = options.includes.iter().map(|d| absolute(d)).chain(include_flags(flags));
    if real || user_dirs.into_iter().any(|d| crate::cuda_install::has_cccl(&d)) {
        cmd.arg("-D__GPURACE_REAL_CCCL__");
    }
}

/// The installation for `options`, looked for once per process.
pub fn installation(options: &Options) -> Option<crate::cuda_install::CudaInstall> {
    static FOUND: OnceLock<Option<crate::cuda_install::CudaInstall>> = OnceLock::new();
    match &options.cuda_path {
        Some(p) => crate::cuda_install::find(Some(p)),
        None => FOUND.get_or_init(|| crate::cuda_install::find(None)).clone(),
    }
}

/// The `-I` folders of compile flags (`-I dir`, `-Idir`, `-isystem dir`).
fn include_flags(flags: &[String]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        match f.as_str() {
            "-I" | "-isystem" => out.extend(it.next().map(PathBuf::from)),
            _ => out.extend(f.strip_prefix("-I").filter(|d| !d.is_empty()).map(PathBuf::from)),
        }
    }
    out
}

/// clang runs in the file's folder, so relative `-I` folders are made
/// absolute against gpurace's own working folder first.
fn absolute(dir: &Path) -> PathBuf {
    if dir.is_absolute() {
        return dir.to_path_buf();
    }
    std::env::current_dir().map(|cwd| cwd.join(dir)).unwrap_or_else(|_| dir.to_path_buf())
}

/// Turns clang's `file:line:col: error: message` lines into diagnostics.
fn parse_stderr(text: &str, file: &Path) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for line in text.lines() {
        let (sev, code, marker) = if line.contains(": fatal error: ") {
            (Severity::Error, "clang-fatal", ": fatal error: ")
        } else if line.contains(": error: ") {
            (Severity::Error, "clang-error", ": error: ")
        } else {
            continue;
        };
        let Some((loc, msg)) = line.split_once(marker) else { continue };
        // clang refuses what nvcc accepts with a warning, skipping the
        // initialisation: a `__shared__` object whose type has a
        // constructor (libcu++'s `cuda::barrier`, CUB's storage unions).
        let (sev, code, msg) = if msg.starts_with("initialization is not supported for __shared__ variables") {
            (Severity::Warning, "nvcc-accepts", format!("{msg} (nvcc accepts it and skips the initialisation)"))
        } else {
            (sev, code, msg.to_string())
        };
        let mut parts = loc.rsplitn(3, ':');
        let col = parts.next().and_then(|c| c.parse().ok());
        let ln = parts.next().and_then(|l| l.parse().ok());
        let path = parts.next();
        let d = Diagnostic::new(sev, code, msg.trim().to_string());
        out.push(match (path, ln, col) {
            (Some(p), Some(l), Some(c)) => d.at(p, l, c),
            _ => d.at(file.display().to_string(), 0, 0),
        });
    }
    out
}
