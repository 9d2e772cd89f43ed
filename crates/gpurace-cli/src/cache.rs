//! The run's on-disk cache (`gpurace-cache`): lowered units, and each file's
//! kernel results, so that re-checking an unchanged file costs about as
//! much as reading it.
//!
//! A unit's key is how it is parsed (the path as given, the working folder,
//! clang and its flags); the entry holds the files clang read for it, and
//! is used only while each has the content it had. A file's results are
//! keyed by what the analysis sees: the linked program (serialised, with
//! the units that `#include` the file when they stand in for its own), how
//! many of its kernels are the file's, the host settings and the engine's
//! configuration, with its wall-clock safety nets. A result that a net
//! decided is stored too (its `time-limit` diagnostic says so): a rerun,
//! or another machine through the shared cache, reuses it rather than pay
//! the same wait; `--no-cache` or another net decides it again.

use std::path::{Path, PathBuf};

use gpurace_cache::{Cache, Key};
use gpurace_front::{Lowered, Options};

/// Lowers `path` (as given) with `options`, from the cache when an entry
/// of it is still good, storing what it lowered when it can.
pub fn lower(cache: Option<&Cache>, path: &Path, options: &Options) -> Result<Lowered, gpurace_front::Error> {
    let Some(cache) = cache else { return gpurace_front::lower_file(path, options) };
    let key = unit_key(path, options);
    if let Some(mut lowered) = cache.get_unit::<Lowered>(key.clone()) {
        // Nothing was parsed this time.
        lowered.clang_ms = 0.0;
        lowered.lower_ms = 0.0;
        return Ok(lowered);
    }
    let lowered = gpurace_front::lower_file(path, options)?;
    if let Some(deps) = &lowered.deps {
        let mut deps: Vec<PathBuf> = deps.clone();
        // The flags a compilation database gives the file are part of how
        // it was parsed.
        if let Some(dir) = &options.compile_db {
            deps.push(dir.join("compile_commands.json"));
        }
        cache.put_unit(key, &deps, &lowered.absent, &lowered);
    }
    Ok(lowered)
}

fn unit_key(path: &Path, options: &Options) -> Key {
    let cwd = std::env::current_dir().unwrap_or_default();
    let clang = gpurace_front::clang::find_clang(options.clang.as_deref()).ok();
    let mut key = Key::new("unit")
        .text(&cwd.to_string_lossy())
        .text(&path.to_string_lossy())
        .text(&format!("{:?}", clang.as_ref().map(|c| (c, identity_of(c)))))
        .text(&format!("{:?}", (&options.includes, &options.defines, &options.gpu_arch, &options.compile_db)))
        .text(&format!("{:?}", (gpurace_front::clang::installation(options), options.real_cccl)));
    if let Some(env) = std::env::var_os("GPURACE_CLANG") {
        key = key.text(&env.to_string_lossy());
    }
    key
}

/// A file's size and modification time (clang itself is not read whole).
fn identity_of(path: &Path) -> Option<(u64, std::time::SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// The key of a file's kernel results: the linked program it is analysed
/// as, the host settings and the engine's configuration (its debugging
/// switches and profile aside).
pub fn results_key(program: &gpurace_ir::Program, host: &str, config: &gpurace_static::Config) -> Option<Key> {
    let program = gpurace_cache::serialize(program)?;
    Some(Key::new("results").part(&program).text(&settings_text(host, config)))
}

/// The settings that decide results: the host settings and the engine's
/// configuration (its debugging switches and profile aside).
pub fn settings_text(host: &str, config: &gpurace_static::Config) -> String {
    let gpurace_static::Config { block, grid, query_rlimit, undecided_budget, kernel_rlimit, file_rlimit, .. } = config;
    format!(
        "{host} {block:?} {grid:?} {query_rlimit} {undecided_budget} {kernel_rlimit} {file_rlimit} {:?} {} {} {} {:?} {:?} {} \
         {:?} {}",
        config.warp_sync,
        config.host_geometry,
        config.report_possible,
        config.stats,
        config.effort,
        config.solver,
        gpurace_static::BITWUZLA_BUILD,
        (config.query_timeout, config.kernel_budget, config.file_budget),
        if config.debug.no_relaxation { "no-relaxation" } else { "" }
    )
}
