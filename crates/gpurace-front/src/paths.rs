//! Paths as reports print them, the way rustc and clang do: relative to the
//! working folder when the file is inside it, as given otherwise, without
//! `.` components (`src/./k.cu` is `src/k.cu`) and with `dir/..` folded
//! where that names the same file (`dev/test/../../llmc/k.h` is `llmc/k.h`;
//! not across a symbolic link, where `..` leads elsewhere).

use std::path::{Component, Path, PathBuf};

/// `path` as reports print it.
pub fn display_path(path: &Path) -> String {
    let clean = folded(&without_dots(path));
    if clean.is_absolute() {
        if let Ok(cwd) = std::env::current_dir() {
            let canonical_cwd = std::fs::canonicalize(&cwd).unwrap_or_else(|_| cwd.clone());
            for base in [&cwd, &canonical_cwd] {
                if let Ok(rel) = clean.strip_prefix(base) {
                    if !rel.as_os_str().is_empty() {
                        return rel.display().to_string();
                    }
                }
            }
        }
    }
    clean.display().to_string()
}

/// `path` with each `dir/..` folded, when the result is the same file.
fn folded(path: &Path) -> PathBuf {
    if !path.components().any(|c| c == Component::ParentDir) {
        return path.to_path_buf();
    }
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    let candidate: PathBuf = out.iter().collect();
    let same = match (std::fs::canonicalize(path), std::fs::canonicalize(&candidate)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same && !candidate.as_os_str().is_empty() {
        candidate
    } else {
        path.to_path_buf()
    }
}

/// `path` without `.` components.
fn without_dots(path: &Path) -> PathBuf {
    let out: PathBuf = path.components().filter(|c| *c != Component::CurDir).collect();
    if out.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_inside_the_working_folder_are_relative() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(display_path(&cwd.join("src/k.cu")), "src/k.cu");
        assert_eq!(display_path(&cwd.join("src/./k.cu")), "src/k.cu");
    }

    #[test]
    fn parent_steps_fold_when_they_name_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("dev/test")).unwrap();
        std::fs::create_dir_all(root.join("llmc")).unwrap();
        std::fs::write(root.join("llmc/k.h"), "").unwrap();
        let shown = display_path(&root.join("dev/test/../../llmc/k.h"));
        assert!(shown.ends_with("llmc/k.h") && !shown.contains(".."), "{shown}");
    }

    #[test]
    fn other_paths_stay_as_given_without_dots() {
        assert_eq!(display_path(Path::new("./a/./b.cu")), "a/b.cu");
        assert_eq!(display_path(Path::new("../x/b.cu")), "../x/b.cu");
        assert_eq!(display_path(Path::new("/nonexistent-root-xyz/./k.cu")), "/nonexistent-root-xyz/k.cu");
    }
}
