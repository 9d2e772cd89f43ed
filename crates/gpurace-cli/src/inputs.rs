//! Which files a `check` run looks at: the files the user named, and the
//! `.cu` files under the directories the user named.

use std::fs;
use std::path::{Path, PathBuf};

/// One input file, and the name reports use for it: the path as the user
/// passed it, or joined onto the directory the user passed, never absolute
/// unless the user's was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub name: String,
}

/// Directories deeper than this are not searched: a guard against symlink
/// loops and runaway trees.
const MAX_DEPTH: usize = 64;

/// Expands `paths` into input files, in the order given, each directory's
/// `.cu` files sorted by path. A path that does not exist is kept: checking it
/// reports that it cannot be read, next to the other files' results.
pub fn collect(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            walk(path, 0, &mut found);
            found.sort();
            inputs.extend(found.into_iter().map(|path| Input { name: path.display().to_string(), path }));
        } else {
            inputs.push(Input { path: path.clone(), name: path.display().to_string() });
        }
    }
    inputs
}

fn walk(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    if depth > MAX_DEPTH {
        return;
    }
    // An unreadable directory is skipped like an empty one: the user asked
    // for the `.cu` files we can find.
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        // `path.is_dir()` follows symlinks, so a link to a directory is
        // searched too; MAX_DEPTH stops a loop.
        if path.is_dir() {
            walk(&path, depth + 1, found);
        } else if path.extension().is_some_and(|ext| ext == "cu") {
            found.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn files_are_kept_as_given() {
        let inputs = collect(&[PathBuf::from("missing.cu"), PathBuf::from("kernel.cuh")]);
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["missing.cu", "kernel.cuh"]);
    }
}
