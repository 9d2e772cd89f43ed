//! Headers clang cannot find (`#include "util.h"` of a file that is not
//! there, a library that is not installed): empty stand-ins in a temporary
//! folder searched after every other, so that clang reads past the
//! `#include` and the rest of the file is analysed. What the program takes
//! from such a header is undeclared: clang reports those uses as errors and
//! recovers, and the lowering sees unknown values there.

use std::path::{Component, Path, PathBuf};

use gpurace_ir::{Diagnostic, Severity};

/// Rounds of clang at most: each finds the next missing header.
const MAX_ROUNDS: usize = 8;
/// Depth of the include folder inside the temporary one, so that stand-ins
/// for `../x/y.h` stay inside it.
const DEPTH: usize = 4;

pub(super) struct Stubs {
    root: tempfile::TempDir,
    /// The file clang parses, around which the project is searched.
    file: PathBuf,
    /// Missing headers as spelled, with the diagnostic of the first time.
    headers: Vec<(String, Diagnostic)>,
    /// Headers not on the include path that the project has
    /// ([`super::project_headers`]): as spelled, the folder they are in, and
    /// the diagnostic of the first time.
    found: Vec<(String, PathBuf, Diagnostic)>,
    written: usize,
    searched: usize,
    rounds: usize,
}

/// The header of a `'name' file not found` fatal error.
fn not_found(d: &Diagnostic) -> Option<&str> {
    if d.code != "clang-fatal" {
        return None;
    }
    let name = d.message.strip_suffix("' file not found")?.strip_prefix('\'')?;
    (!name.is_empty() && !Path::new(name).is_absolute()).then_some(name)
}

impl Stubs {
    /// Stand-ins for the missing headers of a first run; `None` when none
    /// is missing (or the temporary folder cannot be made).
    pub(super) fn new(file: &Path, diagnostics: &[Diagnostic]) -> Option<Stubs> {
        diagnostics.iter().find_map(not_found)?;
        let root = tempfile::Builder::new().prefix("gpurace-stubs-").tempdir().ok()?;
        let mut stubs = Stubs {
            root,
            file: file.to_path_buf(),
            headers: Vec::new(),
            found: Vec::new(),
            written: 0,
            searched: 0,
            rounds: 0,
        };
        stubs.add(diagnostics);
        Some(stubs)
    }

    /// The missing headers as spelled.
    pub(super) fn names(&self) -> impl Iterator<Item = &str> {
        self.headers.iter().map(|(h, _)| h.as_str())
    }

    /// The temporary folder that holds the stand-ins.
    pub(super) fn root(&self) -> &Path {
        self.root.path()
    }

    /// The folder to search last.
    pub(super) fn dir(&self) -> PathBuf {
        (0..DEPTH).fold(self.root.path().to_path_buf(), |p, _| p.join("d"))
    }

    /// The project's folders that hold headers the include path lacks, to
    /// search after the include path (and before the stand-ins).
    pub(super) fn project_dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for (_, dir, _) in &self.found {
            if !dirs.contains(dir) {
                dirs.push(dir.clone());
            }
        }
        dirs
    }

    /// Records the headers a run could not find, each found in the project
    /// or stood in for; whether there is a new one.
    pub(super) fn add(&mut self, diagnostics: &[Diagnostic]) -> bool {
        let before = self.headers.len() + self.found.len();
        for d in diagnostics {
            let Some(name) = not_found(d) else { continue };
            if self.headers.iter().any(|(h, _)| h == name) || self.found.iter().any(|(h, _, _)| h == name) {
                continue;
            }
            match super::project_headers::find(&self.file, name) {
                Some(dir) => self.found.push((name.to_string(), dir, d.clone())),
                None => self.headers.push((name.to_string(), d.clone())),
            }
        }
        self.headers.len() + self.found.len() > before
    }

    /// Writes the new stand-ins; whether clang should run again.
    pub(super) fn write(&mut self) -> bool {
        if self.rounds >= MAX_ROUNDS || (self.written == self.headers.len() && self.searched == self.found.len()) {
            return false;
        }
        self.rounds += 1;
        self.searched = self.found.len();
        let dir = self.dir();
        for (name, _) in &self.headers[self.written..] {
            if let Some(path) = inside(&dir, self.root.path(), name) {
                let ok = path.parent().is_some_and(|p| std::fs::create_dir_all(p).is_ok());
                if ok {
                    let _ = std::fs::write(&path, "// gpurace: stand-in for a header that was not found\n");
                }
            }
        }
        self.written = self.headers.len();
        true
    }

    /// The final run's diagnostics, with one warning per missing header in
    /// place of clang's fatal errors. clang's other errors of such a run are
    /// what the program takes from those headers (a library's types and
    /// functions, the standard headers they include): warnings that say so
    /// (`missing-header-use`), not failures of the program, which builds
    /// where the headers are; the constructs they touch are unknown to the
    /// analysis, as the lowering reports.
    pub(super) fn report(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let names: Vec<String> = self.headers.iter().map(|(h, _)| format!("`{h}`")).collect();
        let diagnostics = diagnostics.into_iter().map(|mut d| {
            if d.code == "clang-error" && !names.is_empty() {
                d.severity = Severity::Warning;
                d.code = "missing-header-use";
                d.message = format!("{} (after the missing header {})", d.message, names.join(", "));
            }
            d
        });
        let mut out: Vec<Diagnostic> = self
            .headers
            .iter()
            .map(|(name, d)| {
                let advice = super::packages::advice(name, Path::new(&d.file));
                let mut w = Diagnostic::new(
                    Severity::Warning,
                    "missing-header",
                    format!(
                        "header `{name}` not found: read as an empty file, so what the program takes from it is unknown \
                         ({advice})"
                    ),
                );
                w.file = d.file.clone();
                w.line = d.line;
                w.col = d.col;
                w
            })
            .collect();
        out.extend(self.found.iter().map(|(name, dir, d)| {
            let mut n = Diagnostic::new(
                Severity::Note,
                "header-in-project",
                format!(
                    "header `{name}` is not on the include path; gpurace read `{}` from the project (pass `-I {}` \
                     or the build's compilation database with -p to say so)",
                    dir.join(name).display(),
                    dir.display()
                ),
            );
            n.file = d.file.clone();
            n.line = d.line;
            n.col = d.col;
            n
        }));
        let known = |n: &str| self.headers.iter().any(|(h, _)| h == n) || self.found.iter().any(|(h, _, _)| h == n);
        out.extend(diagnostics.filter(|d| not_found(d).is_none_or(|n| !known(n))));
        out
    }
}

/// `dir/name` with `..` resolved, when it stays inside `root`.
fn inside(dir: &Path, root: &Path, name: &str) -> Option<PathBuf> {
    let mut path = dir.to_path_buf();
    for c in Path::new(name).components() {
        match c {
            Component::Normal(p) => path.push(p),
            Component::ParentDir => {
                path.pop();
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    path.starts_with(root).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stand_ins_stay_inside_the_folder() {
        let root = Path::new("/tmp/r");
        let dir = Path::new("/tmp/r/d/d/d/d");
        assert_eq!(inside(dir, root, "a/b.h"), Some(PathBuf::from("/tmp/r/d/d/d/d/a/b.h")));
        assert_eq!(inside(dir, root, "../x/y.h"), Some(PathBuf::from("/tmp/r/d/d/d/x/y.h")));
        assert_eq!(inside(dir, root, "../../../../../../etc/z.h"), None);
    }

    #[test]
    fn only_missing_headers_are_recognised() {
        let d = |code: &'static str, m: &str| Diagnostic::new(Severity::Error, code, m.to_string());
        assert_eq!(not_found(&d("clang-fatal", "'boost/any.hpp' file not found")), Some("boost/any.hpp"));
        assert_eq!(not_found(&d("clang-error", "'a.h' file not found")), None);
        assert_eq!(not_found(&d("clang-fatal", "too many errors emitted")), None);
    }
}
