//! Reads a file's flags from `compile_commands.json` (`-p BUILD_DIR`), as
//! clang-tidy does. Only the flags that change how the source parses are
//! kept (`-I`, `-isystem`, `-D`, `-U`, `-include`, `-std`); nvcc's own flags
//! would make clang fail.

use std::path::{Path, PathBuf};

use crate::Error;

/// The parse-relevant flags for `file` from the database in `build_dir`, or
/// an empty list when the file has no entry.
pub fn flags_for(build_dir: &Path, file: &Path) -> Result<Vec<String>, Error> {
    let path = if build_dir.is_file() { build_dir.to_path_buf() } else { build_dir.join("compile_commands.json") };
    let fail = |reason: String| Error::CompileDb { path: path.clone(), reason };
    let text = std::fs::read_to_string(&path).map_err(|e| fail(e.to_string()))?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| fail(e.to_string()))?;
    let entries = json.as_array().ok_or_else(|| fail("expected a JSON array".into()))?;
    let target = canonical(file);
    for entry in entries {
        let dir = PathBuf::from(entry.get("directory").and_then(|d| d.as_str()).unwrap_or("."));
        let Some(f) = entry.get("file").and_then(|f| f.as_str()) else { continue };
        if canonical(&dir.join(f)) != target {
            continue;
        }
        let args: Vec<String> = match (entry.get("arguments"), entry.get("command")) {
            (Some(serde_json::Value::Array(a)), _) => a.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
            (_, Some(serde_json::Value::String(c))) => shlex::split(c).unwrap_or_default(),
            _ => Vec::new(),
        };
        return Ok(keep_parse_flags(&args, &dir));
    }
    Ok(Vec::new())
}

/// The files of every entry of the database in `build_dir`, in its order,
/// each once: the translation units of the build.
pub fn units(build_dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let path = if build_dir.is_file() { build_dir.to_path_buf() } else { build_dir.join("compile_commands.json") };
    let fail = |reason: String| Error::CompileDb { path: path.clone(), reason };
    let text = std::fs::read_to_string(&path).map_err(|e| fail(e.to_string()))?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| fail(e.to_string()))?;
    let entries = json.as_array().ok_or_else(|| fail("expected a JSON array".into()))?;
    let mut out: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let dir = PathBuf::from(entry.get("directory").and_then(|d| d.as_str()).unwrap_or("."));
        let Some(f) = entry.get("file").and_then(|f| f.as_str()) else { continue };
        let file = canonical(&dir.join(f));
        if !out.contains(&file) {
            out.push(file);
        }
    }
    Ok(out)
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Keeps `-I/-isystem/-D/-U/-include/-std` (joined or separate forms),
/// making include folders absolute against the entry's directory.
fn keep_parse_flags(args: &[String], dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        for (flag, is_path) in [("-I", true), ("-isystem", true), ("-D", false), ("-U", false), ("-include", true)] {
            if a == flag {
                if let Some(v) = it.next() {
                    out.push(flag.to_string());
                    out.push(if is_path { dir.join(v).display().to_string() } else { v.clone() });
                }
                break;
            }
            if let Some(v) = a.strip_prefix(flag) {
                if flag == "-I" && (a.starts_with("-include") || a.starts_with("-isystem")) {
                    continue;
                }
                out.push(flag.to_string());
                out.push(if is_path { dir.join(v).display().to_string() } else { v.to_string() });
                break;
            }
        }
        if let Some(std) = a.strip_prefix("-std=") {
            out.push(format!("-std={std}"));
        } else if let Some(std) = a.strip_prefix("--std=") {
            out.push(format!("-std={std}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_parse_flags() {
        let args: Vec<String> = [
            "nvcc",
            "-Iinc",
            "-I",
            "/abs",
            "-DN=4",
            "-O3",
            "-arch=sm_80",
            "-std=c++17",
            "-isystem",
            "sys",
            "-c",
            "a.cu",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let got = keep_parse_flags(&args, Path::new("/b"));
        assert_eq!(got, ["-I", "/b/inc", "-I", "/abs", "-D", "N=4", "-std=c++17", "-isystem", "/b/sys"]);
    }
}
