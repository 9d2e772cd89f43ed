//! Which files a `check` run looks at: the files the user named, and the
//! `.cu` files under the directories the user named.

use std::path::{Path, PathBuf};

/// One input file, and the name reports use for it: the path as the user
/// passed it, or joined onto the directory the user passed, never absolute
/// unless the user's was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub name: String,
}

/// `path` with links and `..` resolved, or as given when it cannot be (a
/// file that does not exist): the one spelling files are compared by.
pub fn canonical(path: impl AsRef<Path>) -> PathBuf {
    let path = path.as_ref();
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Directories deeper than this are not searched: a guard against runaway
/// trees (walkdir itself stops symlink loops).
const MAX_DEPTH: usize = 64;

/// Expands `paths` into input files, in the order given: each directory's
/// `.cu` files sorted by path, and each glob pattern (`src/**/*.cu`, for
/// shells that do not expand it or when quoted) into the files it matches,
/// sorted. A path that does not exist and matches nothing is kept: checking
/// it reports that it cannot be read, next to the other files' results.
pub fn collect(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.is_dir() {
            inputs.extend(walk(path).into_iter().map(|path| Input { name: gpurace_front::display_path(&path), path }));
        } else if let Some(found) = (!path.exists()).then(|| matches(path)).flatten() {
            for path in found {
                if path.is_dir() {
                    inputs.extend(
                        walk(&path).into_iter().map(|path| Input { name: gpurace_front::display_path(&path), path }),
                    );
                } else {
                    inputs.push(Input { name: gpurace_front::display_path(&path), path });
                }
            }
        } else {
            inputs.push(Input { path: path.clone(), name: gpurace_front::display_path(path) });
        }
    }
    inputs
}

/// The C and C++ sources (`.c`, `.cpp`, `.cc`, `.cxx`) under the directories in
/// `paths`, sorted: not checked themselves (they hold no kernels), but the
/// host code of the `.cu` files' programs may be there.
pub fn sources(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in paths.iter().filter(|p| p.is_dir()) {
        found.extend(
            walkdir::WalkDir::new(dir)
                .follow_links(true)
                .max_depth(MAX_DEPTH)
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| {
                    e.file_type().is_file()
                        && e.path()
                            .extension()
                            .is_some_and(|ext| matches!(ext.to_str(), Some("cpp" | "cc" | "cxx" | "c")))
                })
                .map(|e| e.into_path()),
        );
    }
    found.sort();
    found
}

/// The `.cu` files under `dir`, sorted. Unreadable entries are skipped like
/// missing ones: the user asked for the `.cu` files we can find.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .max_depth(MAX_DEPTH)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|ext| ext == "cu"))
        .map(|e| e.into_path())
        .collect();
    found.sort();
    found
}

/// The paths a glob pattern matches, sorted; `None` when `path` is not a
/// pattern or matches nothing.
fn matches(path: &Path) -> Option<Vec<PathBuf>> {
    let pattern = path.to_str()?;
    if !pattern.contains(['*', '?', '[']) {
        return None;
    }
    let mut found: Vec<PathBuf> = glob::glob(pattern).ok()?.filter_map(Result::ok).collect();
    found.sort();
    (!found.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn directories_expand_to_sorted_cu_files() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.cu", "a.cu", "notes.txt", "header.cuh", "sub/c.cu"] {
            let path = dir.path().join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        let root = dir.path().to_path_buf();
        let names: Vec<PathBuf> = collect(std::slice::from_ref(&root))
            .into_iter()
            .map(|i| i.path.strip_prefix(&root).unwrap().to_path_buf())
            .collect();
        assert_eq!(names, [PathBuf::from("a.cu"), PathBuf::from("b.cu"), PathBuf::from("sub/c.cu")]);
    }

    #[test]
    fn globs_expand_to_sorted_matches() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.cu", "a.cu", "notes.txt", "sub/c.cu", "sub/d.cuh"] {
            let path = dir.path().join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        let root = dir.path().to_path_buf();
        let names = |pattern: &str| -> Vec<PathBuf> {
            collect(&[root.join(pattern)])
                .into_iter()
                .map(|i| i.path.strip_prefix(&root).unwrap().to_path_buf())
                .collect()
        };
        assert_eq!(names("*.cu"), [PathBuf::from("a.cu"), PathBuf::from("b.cu")]);
        assert_eq!(names("**/*.cu"), [PathBuf::from("a.cu"), PathBuf::from("b.cu"), PathBuf::from("sub/c.cu")]);
        // A pattern that matches nothing is kept, to be reported as unreadable.
        assert_eq!(names("*.cpp"), [PathBuf::from("*.cpp")]);
    }

    #[test]
    fn files_are_kept_as_given() {
        let inputs = collect(&[PathBuf::from("missing.cu"), PathBuf::from("kernel.cuh")]);
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["missing.cu", "kernel.cuh"]);
    }
}
