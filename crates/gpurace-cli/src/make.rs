//! `gpurace check --make DIR`: the compilation database of a Makefile
//! project, from what `make` would run (`make -n -B`: nothing is built, no
//! CUDA toolkit is needed), the way `compiledb` reads it. Each compiler
//! command (`nvcc`, `gcc`, `g++`, `cc`, `c++`, `clang`, `clang++`) gives one
//! entry per source file it names (`nvcc -o app main.c kernels.cu` gives
//! two), with the command's flags; `cd DIR &&` and make's "Entering
//! directory" lines set the entries' folder. The database is written to a
//! temporary folder and read as `-p` reads one.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// The compilers whose commands are compilations.
const COMPILERS: &[&str] = &["nvcc", "gcc", "g++", "cc", "c++", "clang", "clang++"];

/// The sources a compilation compiles.
const SOURCES: &[&str] = &["cu", "c", "cpp", "cc", "cxx", "C"];

/// Runs `make -n -B` in `dir` and writes its compilations as a
/// `compile_commands.json` in a temporary folder, which it returns (kept
/// for the run).
pub fn database(dir: &Path) -> anyhow::Result<tempfile::TempDir> {
    let dir =
        std::fs::canonicalize(dir).with_context(|| format!("cannot read the Makefile folder {}", dir.display()))?;
    let output = Command::new("make")
        .args(["-n", "-B", "-k"])
        .current_dir(&dir)
        .env("LC_ALL", "C")
        .output()
        .context("cannot run `make` (is it installed?)")?;
    let text = String::from_utf8_lossy(&output.stdout);
    let entries = entries(&text, &dir);
    if entries.is_empty() {
        bail!(
            "`make -n -B` in {} names no compilation of a `.cu`, `.c` or `.cpp` file{}",
            dir.display(),
            String::from_utf8_lossy(&output.stderr).lines().next().map(|l| format!(" ({l})")).unwrap_or_default()
        );
    }
    let out = tempfile::Builder::new().prefix("gpurace-make-").tempdir().context("cannot make a temporary folder")?;
    let json = serde_json::Value::Array(entries);
    std::fs::write(out.path().join("compile_commands.json"), json.to_string())
        .context("cannot write the compilation database")?;
    Ok(out)
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
    fn make_folders_are_followed() {
        let text =
            "make[1]: Entering directory '/p/lib'\nnvcc -c k.cu\nmake[1]: Leaving directory '/p/lib'\ngcc -c m.c\n";
        let got = entries(text, Path::new("/p"));
        assert_eq!(got[0]["directory"], "/p/lib");
        assert_eq!(got[1]["directory"], "/p");
    }
}
