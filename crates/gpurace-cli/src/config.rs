//! Settings by hand: `--assume` flags and `gpurace.toml`.
//!
//! ```toml
//! format = "json"             # default output format (a flag overrides it)
//! ignore = ["debug_dump"]     # kernels not reported
//!
//! [[assume]]
//! kernel = "scale"            # optional: every kernel whose parameters the facts name
//! facts = ["n % 256 == 0", "blockDim.x == 256"]
//!
//! [[kernel]]                  # the launch geometry of one kernel, as facts
//! name = "scale"
//! block = [256]
//! grid = [64, 2]
//!
//! [program]                   # units linked with the files this file governs
//! files = ["main.cpp", "launch.cu"]
//! ```
//!
//! Without `--config`, a file's settings come from the nearest `gpurace.toml`
//! in its directory or above; the run's default format from the nearest one
//! to the current directory.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use gpurace_host::Assumption;
use serde::Deserialize;

pub const FILE_NAME: &str = "gpurace.toml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: Option<String>,
    #[serde(default)]
    ignore: Vec<String>,
    #[serde(default)]
    assume: Vec<Table>,
    #[serde(default)]
    kernel: Vec<KernelTable>,
    #[serde(default)]
    budget: Budget,
    #[serde(default)]
    program: ProgramTable,
}

/// `[program]`: the translation units of the program, relative to the
/// `gpurace.toml`; a checked file is linked with those its program uses.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramTable {
    #[serde(default)]
    files: Vec<PathBuf>,
}

/// `[budget]`: the effort of `--effort` and the limits of `--rlimit`,
/// `--kernel-rlimit`, `--file-rlimit` and `--undecided` (flags win).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// `quick`, `default` or `thorough`.
    pub effort: Option<String>,
    pub query_rlimit: Option<u32>,
    pub kernel_rlimit: Option<u64>,
    pub file_rlimit: Option<u64>,
    pub undecided: Option<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    kernel: Option<String>,
    facts: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KernelTable {
    name: String,
    block: Option<Vec<u32>>,
    grid: Option<Vec<u32>>,
}

/// What one `gpurace.toml` (or none) and the flags say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pub assumptions: Vec<Assumption>,
    /// Kernels whose results are not reported (by name, template arguments
    /// left out).
    pub ignore: Vec<String>,
    /// The default output format, `human`, `json` or `sarif`.
    pub format: Option<String>,
    /// The run's work limits.
    pub budget: Budget,
    /// The units of `[program]`, as paths from the current folder.
    pub program: Vec<PathBuf>,
}

impl Settings {
    /// Whether the kernel named `display` (`name<args>`) is ignored.
    pub fn ignores(&self, display: &str) -> bool {
        let name = display.split('<').next().unwrap_or(display).trim();
        self.ignore.iter().any(|i| i == display || i == name)
    }
}

/// The nearest `gpurace.toml` in `dir` or above.
pub fn find(dir: &Path) -> Option<PathBuf> {
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let start = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    start.ancestors().map(|d| d.join(FILE_NAME)).find(|p| p.is_file())
}

/// The settings of `path` (none: only the flags), then the facts of the flags.
pub fn load(path: Option<&Path>, flags: &[String]) -> anyhow::Result<Settings> {
    let mut settings = Settings::default();
    if let Some(path) = path {
        let text = fs::read_to_string(path).with_context(|| format!("cannot read `{}`", path.display()))?;
        let file: File = toml::from_str(&text).with_context(|| format!("cannot read `{}`", path.display()))?;
        if let Some(format) = &file.format {
            if !["human", "json", "sarif"].contains(&format.as_str()) {
                anyhow::bail!("`{}`: format must be \"human\", \"json\" or \"sarif\", not {format:?}", path.display());
            }
        }
        for table in file.assume {
            let kernel = table.kernel;
            settings
                .assumptions
                .extend(table.facts.into_iter().map(|expr| Assumption { kernel: kernel.clone(), expr }));
        }
        for k in file.kernel {
            for (sizes, what) in [(&k.block, "blockDim"), (&k.grid, "gridDim")] {
                let Some(sizes) = sizes else { continue };
                if sizes.is_empty() || sizes.len() > 3 || sizes.contains(&0) {
                    anyhow::bail!("`{}`: {what} of `{}` must be 1 to 3 positive sizes", path.display(), k.name);
                }
                for (i, dim) in ["x", "y", "z"].iter().enumerate() {
                    let size = sizes.get(i).copied().unwrap_or(1);
                    let expr = format!("{what}.{dim} == {size}");
                    settings.assumptions.push(Assumption { kernel: Some(k.name.clone()), expr });
                }
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        for unit in &file.program.files {
            let unit = dir.join(unit);
            if !unit.is_file() {
                anyhow::bail!("`{}`: the [program] file `{}` does not exist", path.display(), unit.display());
            }
            settings.program.push(unit);
        }
        settings.ignore = file.ignore;
        settings.format = file.format;
        settings.budget = file.budget;
    }
    settings.assumptions.extend(flags.iter().map(|f| flag(f)));
    Ok(settings)
}

/// Settings per input file, each `gpurace.toml` read once.
pub struct PerFile<'a> {
    /// `--config FILE`: the same settings for every file.
    fixed: Option<Settings>,
    flags: &'a [String],
    cache: Mutex<HashMap<Option<PathBuf>, Settings>>,
}

impl<'a> PerFile<'a> {
    /// With `config`, every file gets its settings (the file must exist).
    pub fn new(config: Option<&Path>, flags: &'a [String]) -> anyhow::Result<PerFile<'a>> {
        let fixed = match config {
            Some(path) => Some(load(Some(path), flags)?),
            None => None,
        };
        Ok(PerFile { fixed, flags, cache: Mutex::new(HashMap::new()) })
    }

    /// The settings of the input `file`.
    pub fn of(&self, file: &Path) -> anyhow::Result<Settings> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed.clone());
        }
        let path = find(file.parent().unwrap_or(Path::new(".")));
        if let Some(settings) = self.cache.lock().unwrap().get(&path) {
            return Ok(settings.clone());
        }
        let settings = load(path.as_deref(), self.flags)?;
        self.cache.lock().unwrap().insert(path, settings.clone());
        Ok(settings)
    }

    /// The run's settings (default format, budgets): those of `--config`,
    /// else of the `gpurace.toml` nearest to the current directory.
    pub fn run(&self) -> anyhow::Result<Settings> {
        match &self.fixed {
            Some(fixed) => Ok(fixed.clone()),
            None => load(find(Path::new(".")).as_deref(), &[]),
        }
    }
}

/// `KERNEL: EXPR` or `EXPR`.
fn flag(text: &str) -> Assumption {
    match text.split_once(':') {
        Some((kernel, expr)) if is_identifier(kernel.trim()) => {
            Assumption { kernel: Some(kernel.trim().to_string()), expr: expr.trim().to_string() }
        }
        _ => Assumption { kernel: None, expr: text.trim().to_string() },
    }
}

fn is_identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_tables_set_the_work_limits() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gpurace.toml");
        fs::write(&path, "[budget]\nkernel_rlimit = 5_000_000\nfile_rlimit = 9\n").unwrap();
        let budget = load(Some(&path), &[]).unwrap().budget;
        assert_eq!(
            budget,
            Budget {
                effort: None,
                query_rlimit: None,
                kernel_rlimit: Some(5_000_000),
                file_rlimit: Some(9),
                undecided: None
            }
        );
        // A misspelt key is an error, not a budget silently left at its default.
        fs::write(&path, "[budget]\nfile_limit = 9\n").unwrap();
        assert!(load(Some(&path), &[]).is_err());
        fs::write(&path, "[budget]\nquery_rlimit = -1\n").unwrap();
        assert!(load(Some(&path), &[]).is_err());
    }

    #[test]
    fn flags_name_a_kernel_before_a_colon() {
        assert_eq!(flag("scale: n > 0"), Assumption { kernel: Some("scale".into()), expr: "n > 0".into() });
        assert_eq!(flag("n % 32 == 0"), Assumption { kernel: None, expr: "n % 32 == 0".into() });
    }

    #[test]
    fn config_files_list_facts_per_kernel() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gpurace.toml");
        fs::write(
            &path,
            "[[assume]]\nkernel = \"k\"\nfacts = [\"n > 0\", \"n < 9\"]\n[[assume]]\nfacts = [\"m == 2\"]\n",
        )
        .unwrap();
        let got = load(Some(&path), &["k2: x == 1".into()]).unwrap().assumptions;
        let kernels: Vec<Option<&str>> = got.iter().map(|a| a.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("k"), Some("k"), None, Some("k2")]);
        fs::write(&path, "[[assume]]\nfacts = 3\n").unwrap();
        assert!(load(Some(&path), &[]).is_err());
    }

    #[test]
    fn kernel_tables_give_geometry_facts_and_the_rest_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gpurace.toml");
        let text = "format = \"json\"\nignore = [\"dump\"]\n[[kernel]]\nname = \"k\"\nblock = [256]\ngrid = [4, 2]\n";
        fs::write(&path, text).unwrap();
        let settings = load(Some(&path), &[]).unwrap();
        let facts: Vec<&str> = settings.assumptions.iter().map(|a| a.expr.as_str()).collect();
        assert_eq!(
            facts,
            [
                "blockDim.x == 256",
                "blockDim.y == 1",
                "blockDim.z == 1",
                "gridDim.x == 4",
                "gridDim.y == 2",
                "gridDim.z == 1"
            ]
        );
        assert!(settings.assumptions.iter().all(|a| a.kernel.as_deref() == Some("k")));
        assert_eq!(settings.format.as_deref(), Some("json"));
        assert!(settings.ignores("dump") && settings.ignores("dump<float>") && !settings.ignores("dumper"));
        fs::write(&path, "format = \"xml\"\n").unwrap();
        assert!(load(Some(&path), &[]).is_err());
        fs::write(&path, "[[kernel]]\nname = \"k\"\nblock = [0]\n").unwrap();
        assert!(load(Some(&path), &[]).is_err());
    }

    #[test]
    fn the_nearest_file_above_wins() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("a/b");
        fs::create_dir_all(&inner).unwrap();
        assert_eq!(find(&inner), None.or_else(|| find(dir.path())));
        fs::write(dir.path().join("gpurace.toml"), "").unwrap();
        let top = fs::canonicalize(dir.path()).unwrap().join("gpurace.toml");
        assert_eq!(find(&inner), Some(top));
        fs::write(dir.path().join("a/gpurace.toml"), "").unwrap();
        assert_eq!(find(&inner), Some(fs::canonicalize(dir.path().join("a")).unwrap().join("gpurace.toml")));
    }
}
