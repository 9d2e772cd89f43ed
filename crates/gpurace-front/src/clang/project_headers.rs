//! Headers that are not on the include path but are in the project: a file
//! in `src/` that includes `"symbolic.h"` from the `include/` folder its
//! Makefile passes with `-I../include`. Before a header becomes an empty
//! stand-in ([`super::missing`]), the project around the file is searched
//! for it, the way a user finds the `-I` to pass: a project is a folder at
//! or above the file's (at most [`UP`] levels up) that holds a build file,
//! nearest first, and its folders are visited breadth first, in sorted
//! order, at most [`MAX_FOLDERS`] of them, [`DEPTH`] levels deep. The match
//! nearest the file wins; the search is the same on every machine.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How many folders above the file's own a project root is looked for.
const UP: usize = 3;
/// How deep below the project root, and how many folders at most.
const DEPTH: usize = 5;
const MAX_FOLDERS: usize = 400;

/// The files that mark a project's root.
const BUILD_FILES: &[&str] = &["Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "meson.build", "setup.py"];

/// The folder under which `name` (as `#include`d, `a/b.h` allowed) is a
/// file, in the project around `file`, nearest `file` first; `None` when
/// the project has none. A project inside another (`src/Makefile` under
/// `CMakeLists.txt`) is searched first, then the one around it.
pub(super) fn find(file: &Path, name: &str) -> Option<PathBuf> {
    if Path::new(name).is_absolute() || name.split('/').any(|p| p == "..") {
        return None;
    }
    let here = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let here = here.canonicalize().ok()?;
    let roots = here.ancestors().take(UP + 1).filter(|d| BUILD_FILES.iter().any(|b| d.join(b).is_file()));
    roots.into_iter().find_map(|root| search(&here, root, name))
}

/// The folders under `root` that hold `name`, nearest `here` first.
fn search(here: &Path, root: &Path, name: &str) -> Option<PathBuf> {
    let mut matches: Vec<PathBuf> = Vec::new();
    let mut queue: VecDeque<(PathBuf, usize)> = VecDeque::from([(root.to_path_buf(), 0)]);
    let mut visited = 0;
    while let Some((dir, depth)) = queue.pop_front() {
        visited += 1;
        if visited > MAX_FOLDERS {
            break;
        }
        if dir.join(name).is_file() {
            matches.push(dir.clone());
        }
        if depth >= DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut subs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| e.path())
            .collect();
        subs.sort();
        queue.extend(subs.into_iter().map(|s| (s, depth + 1)));
    }
    matches.into_iter().min_by_key(|m| (steps(here, m), m.clone()))
}

/// Folders between two folders: up from `a` to their common ancestor, then
/// down to `b`.
fn steps(a: &Path, b: &Path) -> usize {
    let common = a.components().zip(b.components()).take_while(|(x, y)| x == y).count();
    a.components().count() - common + b.components().count() - common
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_of_the_project_is_found_nearest_first() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for d in ["src", "include", "other/include", "third/deep"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        std::fs::write(root.join("CMakeLists.txt"), "").unwrap();
        // A project inside it, searched first, without the header.
        std::fs::write(root.join("src/Makefile"), "all:\n").unwrap();
        std::fs::write(root.join("include/symbolic.h"), "").unwrap();
        std::fs::write(root.join("other/include/symbolic.h"), "").unwrap();
        std::fs::create_dir_all(root.join("third/deep/cli")).unwrap();
        std::fs::write(root.join("third/deep/cli/CLI.hpp"), "").unwrap();
        let file = root.join("src/numeric.cu");
        std::fs::write(&file, "").unwrap();
        let root = root.canonicalize().unwrap();
        assert_eq!(find(&file, "symbolic.h"), Some(root.join("include")));
        assert_eq!(find(&file, "cli/CLI.hpp"), Some(root.join("third/deep")));
        assert_eq!(find(&file, "absent.h"), None);
        assert_eq!(find(&file, "../include/symbolic.h"), None);
    }

    #[test]
    fn without_a_build_file_there_is_no_project() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/include")).unwrap();
        std::fs::write(dir.path().join("a/include/x.h"), "").unwrap();
        std::fs::create_dir_all(dir.path().join("a/src")).unwrap();
        assert_eq!(find(&dir.path().join("a/src/k.cu"), "x.h"), None);
    }
}
