//! `gpurace check --make DIR`: the compilation database of a Makefile
//! project, from what `make` would run (`make -n -B`: nothing is built, no
//! CUDA toolkit is needed), the way `compiledb` reads it. Each compiler
//! command (`nvcc`, `gcc`, `g++`, `cc`, `c++`, `clang`, `clang++`) gives one
//! entry per source file it names (`nvcc -o app main.c kernels.cu` gives
//! two), with the command's flags; `cd DIR &&` and make's "Entering
//! directory" lines set the entries' folder. The database is written to a
//! temporary folder and read as `-p` reads one.
//!
//! **The user's tree is never written.** GNU make remakes its makefiles
//! even under `-n` (and `-B` makes every one out of date): automake's rules
//! re-run `automake` and `config.status` and rewrite `Makefile`s. So make
//! runs in a copy of DIR (without `.git` and files over 16 MiB), and the
//! copy's paths in its commands are mapped back to DIR's.
//!
//! A DIR without a makefile of its own (a collection of samples) gives the
//! compilations of each topmost makefile under it.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// The compilers whose commands are compilations.
const COMPILERS: &[&str] = &["nvcc", "gcc", "g++", "cc", "c++", "clang", "clang++"];

/// The sources a compilation compiles.
const SOURCES: &[&str] = &["cu", "c", "cpp", "cc", "cxx", "C"];

/// The names GNU make looks for.
const MAKEFILES: &[&str] = &["GNUmakefile", "makefile", "Makefile"];

/// Files the copy leaves out: no makefile or source is this large.
const MAX_COPIED: u64 = 16 << 20;

/// Runs `make -n -B` for `dir` (in a copy of it) and writes its
/// compilations as a `compile_commands.json` in a temporary folder, which
/// it returns (kept for the run).
pub fn database(dir: &Path) -> anyhow::Result<tempfile::TempDir> {
    let dir =
        std::fs::canonicalize(dir).with_context(|| format!("cannot read the Makefile folder {}", dir.display()))?;
    let folders = makefile_folders(&dir);
    if folders.is_empty() {
        bail!("{} has no Makefile (GNUmakefile, makefile or Makefile), nor a folder under it with one", dir.display());
    }
    let copy =
        tempfile::Builder::new().prefix("gpurace-make-tree-").tempdir().context("cannot make a temporary folder")?;
    let root = copy.path().join(dir.file_name().unwrap_or_default());
    copy_tree(&dir, &root).with_context(|| format!("cannot copy {} to run make there", dir.display()))?;
    let mut entries = Vec::new();
    let mut first_error = None;
    for folder in &folders {
        let here = root.join(folder.strip_prefix(&dir).unwrap_or(Path::new("")));
        let output = Command::new("make")
            .args(["-n", "-B", "-k"])
            .current_dir(&here)
            .env("LC_ALL", "C")
            .output()
            .context("cannot run `make` (is it installed?)")?;
        let text =
            String::from_utf8_lossy(&output.stdout).replace(&root.display().to_string(), &dir.display().to_string());
        entries.extend(self::entries(&text, folder));
        if first_error.is_none() {
            first_error = String::from_utf8_lossy(&output.stderr).lines().next().map(str::to_string);
        }
    }
    if entries.is_empty() {
        bail!(
            "`make -n -B` in {} names no compilation of a `.cu`, `.c` or `.cpp` file{}",
            dir.display(),
            first_error.map(|l| format!(" ({l})")).unwrap_or_default()
        );
    }
    let out = tempfile::Builder::new().prefix("gpurace-make-").tempdir().context("cannot make a temporary folder")?;
    let json = serde_json::Value::Array(entries);
    std::fs::write(out.path().join("compile_commands.json"), json.to_string())
        .context("cannot write the compilation database")?;
    Ok(out)
}

/// `dir` when it has a makefile; otherwise each topmost folder under it
/// that has one, sorted.
fn makefile_folders(dir: &Path) -> Vec<PathBuf> {
    let has_makefile = |d: &Path| MAKEFILES.iter().any(|m| d.join(m).is_file());
    if has_makefile(dir) {
        return vec![dir.to_path_buf()];
    }
    let mut found = Vec::new();
    let mut walk = walkdir::WalkDir::new(dir).min_depth(1).max_depth(32).sort_by_file_name().into_iter();
    while let Some(Ok(entry)) = walk.next() {
        if !entry.file_type().is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy();
        if name.starts_with('.') {
            walk.skip_current_dir();
        } else if has_makefile(entry.path()) {
            found.push(entry.path().to_path_buf());
            walk.skip_current_dir();
        }
    }
    found
}

/// Copies the tree at `from` to `to`: folders, files up to [`MAX_COPIED`]
/// with their permissions and modification times, and symbolic links as
/// links; version-control folders are left out.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    let mut walk = walkdir::WalkDir::new(from).into_iter();
    while let Some(entry) = walk.next() {
        let entry = entry.map_err(std::io::Error::other)?;
        let target = to.join(entry.path().strip_prefix(from).unwrap_or(Path::new("")));
        let kind = entry.file_type();
        if kind.is_dir() {
            if [".git", ".hg", ".svn"].contains(&entry.file_name().to_string_lossy().as_ref()) {
                walk.skip_current_dir();
                continue;
            }
            std::fs::create_dir_all(&target)?;
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path())?, &target)?;
        } else if entry.metadata().map_err(std::io::Error::other)?.len() <= MAX_COPIED {
            std::fs::copy(entry.path(), &target)?;
            let modified = entry.metadata().map_err(std::io::Error::other)?.modified()?;
            std::fs::File::options().write(true).open(&target)?.set_modified(modified)?;
        }
    }
    Ok(())
}

/// The database entries of `make -n`'s output, run in `dir`.
fn entries(text: &str, dir: &Path) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    let mut folders: Vec<PathBuf> = vec![dir.to_path_buf()];
    let joined = text.replace("\\\n", " ");
    for line in joined.lines() {
        if let Some(rest) = line.split("Entering directory '").nth(1) {
            folders.push(PathBuf::from(rest.trim_end_matches('\'')));
            continue;
        }
        if line.contains("Leaving directory '") {
            if folders.len() > 1 {
                folders.pop();
            }
            continue;
        }
        let mut here = folders.last().cloned().unwrap_or_else(|| dir.to_path_buf());
        for command in line.split("&&").flat_map(|c| c.split(';')) {
            let Some(words) = shlex::split(command.trim()) else { continue };
            let Some(first) = words.first() else { continue };
            if first == "cd" {
                if let Some(to) = words.get(1) {
                    here = here.join(to);
                }
                continue;
            }
            let name = Path::new(first).file_name().and_then(|n| n.to_str()).unwrap_or("");
            let compiler = COMPILERS.contains(&name) || name.starts_with("clang-") || name.ends_with("-gcc");
            if !compiler {
                continue;
            }
            let mut skip_next = false;
            for word in &words[1..] {
                if std::mem::take(&mut skip_next) {
                    continue;
                }
                if word == "-o" {
                    skip_next = true;
                    continue;
                }
                let is_source =
                    Path::new(word).extension().and_then(|e| e.to_str()).is_some_and(|e| SOURCES.contains(&e));
                if is_source && !word.starts_with('-') {
                    out.push(serde_json::json!({
                        "directory": here.display().to_string(),
                        "arguments": words,
                        "file": word,
                    }));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_of_a_compilation_is_an_entry() {
        let text =
            "nvcc -O2 -Iinclude -o app main.c \\\nhist.cu\nrm -f app.o\ncd sub && g++ -DX=1 -c util.cpp -o util.o\n";
        let got = entries(text, Path::new("/p"));
        let files: Vec<(&str, &str)> =
            got.iter().map(|e| (e["directory"].as_str().unwrap(), e["file"].as_str().unwrap())).collect();
        assert_eq!(files, [("/p", "main.c"), ("/p", "hist.cu"), ("/p/sub", "util.cpp")]);
        assert_eq!(got[0]["arguments"][2], "-Iinclude");
    }

    #[test]
    fn a_folder_of_samples_gives_each_topmost_makefile() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for folder in ["a", "b/inner", "b/inner/deeper", ".hidden"] {
            std::fs::create_dir_all(d.join(folder)).unwrap();
            std::fs::write(d.join(folder).join("Makefile"), "all:\n").unwrap();
        }
        std::fs::create_dir_all(d.join("c")).unwrap();
        assert_eq!(makefile_folders(d), [d.join("a"), d.join("b/inner")]);
        std::fs::write(d.join("Makefile"), "all:\n").unwrap();
        assert_eq!(makefile_folders(d), [d.to_path_buf()]);
    }

    #[test]
    fn make_folders_are_followed() {
        let text =
            "make[1]: Entering directory '/p/lib'\nnvcc -c k.cu\nmake[1]: Leaving directory '/p/lib'\ngcc -c m.c\n";
        let got = entries(text, Path::new("/p"));
        assert_eq!(got[0]["directory"], "/p/lib");
        assert_eq!(got[1]["directory"], "/p");
    }
}
