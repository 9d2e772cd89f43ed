//! `gpurace check --changed-since REV`: the files a change touches, from
//! git. A checked file is *changed* when the file, a header it includes
//! (followed through quoted `#include`s, beside the includer or under an
//! `-I` folder), a C/C++/CUDA source in its folder (a unit its program may
//! be linked with), or a `gpurace.toml`, Makefile, `CMakeLists.txt` or
//! compilation database in its folder or above differs from REV (committed
//! since, staged, unstaged or untracked). Changed files are checked as
//! usual; the others are taken from the cache when it holds their results,
//! and otherwise left out of the report and counted.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

use crate::inputs::canonical;

/// The files that differ from a revision, canonical.
pub struct Changes {
    files: HashSet<PathBuf>,
}

/// Build and settings files: a change to one in a checked file's folder or
/// above may change how it is parsed or analysed.
const SETTINGS: &[&str] =
    &["gpurace.toml", "Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "compile_commands.json"];

/// Sources a file's program may be linked with.
const SOURCES: &[&str] = &["cu", "cpp", "cc", "cxx", "c"];

impl Changes {
    /// What differs from `rev` in the git work tree of the current folder.
    pub fn since(rev: &str) -> anyhow::Result<Changes> {
        let top = git(&["rev-parse", "--show-toplevel"])?;
        let top = PathBuf::from(top.trim());
        // Refuse a revision git does not know before diffing against it.
        git(&["rev-parse", "--verify", "--quiet", &format!("{rev}^{{commit}}")])
            .with_context(|| format!("`{rev}` is not a revision of the repository at {}", top.display()))?;
        let mut names = git(&["diff", "--name-only", "--no-renames", rev, "--"])?;
        names += &git(&["ls-files", "--others", "--exclude-standard"])?;
        let files =
            names.lines().filter(|l| !l.is_empty()).map(|name| canonical(top.join(name))).collect::<HashSet<_>>();
        Ok(Changes { files })
    }

    #[cfg(test)]
    fn of(files: &[PathBuf]) -> Changes {
        Changes { files: files.iter().map(canonical).collect() }
    }

    /// Whether the change touches the checked file at `path` (see the
    /// module documentation).
    pub fn touches(&self, path: &Path, includes: &[PathBuf]) -> bool {
        let path = canonical(path);
        if self.files.contains(&path) {
            return true;
        }
        let folder = path.parent().unwrap_or(Path::new("/"));
        let touches_folder = self.files.iter().any(|f| {
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let is_source = f.extension().and_then(|e| e.to_str()).is_some_and(|e| SOURCES.contains(&e));
            (is_source && f.parent() == Some(folder))
                || (SETTINGS.contains(&name) && f.parent().is_some_and(|dir| folder.starts_with(dir)))
        });
        touches_folder || crate::shards::includes_of(&path, includes).iter().any(|h| self.files.contains(h))
    }
}

fn git(args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new("git").args(args).output().context("cannot run `git` (is it installed?)")?;
    if !output.status.success() {
        let why = String::from_utf8_lossy(&output.stderr);
        bail!("`git {}` failed: {}", args.join(" "), why.lines().next().unwrap_or("no message").trim());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_touched_by_itself_its_headers_its_folder_s_sources_and_settings_above() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("app/inc")).unwrap();
        std::fs::create_dir_all(d.join("other")).unwrap();
        std::fs::write(d.join("app/k.cu"), "#include \"inc/k.cuh\"\n").unwrap();
        std::fs::write(d.join("app/inc/k.cuh"), "__global__ void k();\n").unwrap();
        for f in ["app/main.cpp", "other/x.cu", "other/x.cuh", "gpurace.toml", "README.md"] {
            std::fs::write(d.join(f), "").unwrap();
        }
        let k = d.join("app/k.cu");
        let touched = |f: &str| Changes::of(&[d.join(f)]).touches(&k, &[]);
        assert!(touched("app/k.cu"));
        assert!(touched("app/inc/k.cuh"));
        assert!(touched("app/main.cpp"));
        assert!(touched("gpurace.toml"));
        assert!(!touched("other/x.cu"));
        assert!(!touched("other/x.cuh"));
        assert!(!touched("README.md"));
    }
}
