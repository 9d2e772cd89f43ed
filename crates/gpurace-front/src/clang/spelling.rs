//! Launch brackets spelled apart: `kernel<< <grid, block>> >(...)`.
//!
//! nvcc reads `<< <` and `>> >` as `<<<` and `>>>`; clang does not, and
//! stops at the `<` with "expected expression", so the launch is lost. Old
//! code bases write it so (a habit from before C++11, where `>>>` next to
//! template arguments needed a space). When clang reports an error in a
//! file that spells a launch apart, the file is respelled, blank for blank
//! (`<< <` becomes `<<< `, so every line and column stays where it was),
//! into a temporary folder that clang reads through a virtual file system
//! overlay (`-ivfsoverlay`) under the file's own path. Child module of
//! `clang`.

use std::path::{Path, PathBuf};

use gpurace_ir::{Diagnostic, Severity};

/// The files (canonical) that have an error and spell a launch apart.
pub(super) fn files_to_respell(diagnostics: &[Diagnostic], cwd: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let mut read: Vec<PathBuf> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.severity == Severity::Error && d.line > 0) {
        let Ok(path) = std::fs::canonicalize(cwd.join(&d.file)) else { continue };
        // Each file is read once, however many errors it has.
        if read.contains(&path) {
            continue;
        }
        read.push(path.clone());
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        if respell(&text).is_some() {
            out.push(path);
        }
    }
    out
}

/// `text` with every launch spelled apart joined up, blank for blank;
/// `None` when it has none.
pub(super) fn respell(text: &str) -> Option<String> {
    let mut bytes = text.as_bytes().to_vec();
    let mut changed = false;
    let mut i = 0;
    while let Some((start, end)) = find_open(&bytes, i) {
        // The opening `<<`, blanks, `<`: the blanks move after it.
        if end - start > 3 {
            join(&mut bytes, start, end, b'<');
            changed = true;
        }
        // Its closing `>>`, blanks, `>` (or an already joined `>>>`) is the
        // first run of three `>` after it; a statement ends before that.
        let mut j = end;
        while j < bytes.len() && bytes[j] != b';' {
            if bytes[j] == b'>' && bytes.get(j + 1) == Some(&b'>') {
                let mut k = j + 2;
                while k < bytes.len() && matches!(bytes[k], b' ' | b'\t') {
                    k += 1;
                }
                if bytes.get(k) == Some(&b'>') {
                    if k > j + 2 {
                        join(&mut bytes, j, k + 1, b'>');
                        changed = true;
                    }
                    j = k + 1;
                    break;
                }
            }
            j += 1;
        }
        i = j.max(end);
    }
    // Only blanks and brackets moved: the text is still UTF-8.
    changed.then(|| String::from_utf8(bytes).ok()).flatten()
}

/// The next launch opening from `from`: `<<`, blanks (or none), `<`, as
/// the byte range.
fn find_open(bytes: &[u8], from: usize) -> Option<(usize, usize)> {
    let mut i = from;
    while i + 2 < bytes.len() {
        if bytes[i] == b'<' && bytes[i + 1] == b'<' && (i == 0 || bytes[i - 1] != b'<') {
            let mut k = i + 2;
            while k < bytes.len() && matches!(bytes[k], b' ' | b'\t') {
                k += 1;
            }
            if bytes.get(k) == Some(&b'<') && bytes.get(k + 1) != Some(&b'<') {
                return Some((i, k + 1));
            }
        }
        i += 1;
    }
    None
}

/// Rewrites `bytes[start..end]` (`cc`, blanks, `c`) as `ccc` and as many
/// blanks.
fn join(bytes: &mut [u8], start: usize, end: usize, c: u8) {
    bytes[start..start + 3].fill(c);
    bytes[start + 3..end].fill(b' ');
}

/// The respelled files and the overlay that maps them onto their paths.
pub(super) struct Overlay {
    dir: tempfile::TempDir,
}

impl Overlay {
    /// Writes the respelled `files` and the overlay; `None` when nothing
    /// could be written.
    pub(super) fn new(files: &[PathBuf]) -> Option<Overlay> {
        let dir = tempfile::Builder::new().prefix("gpurace-spelling-").tempdir().ok()?;
        let mut roots = Vec::new();
        for (i, path) in files.iter().enumerate() {
            let text = std::fs::read_to_string(path).ok()?;
            let fixed = respell(&text)?;
            let copy = dir.path().join(format!("{i}-{}", path.file_name()?.to_string_lossy()));
            std::fs::write(&copy, fixed).ok()?;
            roots.push(serde_json::json!({
                "name": path.to_string_lossy(),
                "type": "file",
                "external-contents": copy.to_string_lossy(),
            }));
        }
        let overlay = serde_json::json!({ "version": 0, "use-external-names": false, "roots": roots });
        std::fs::write(dir.path().join("overlay.json"), overlay.to_string()).ok()?;
        Some(Overlay { dir })
    }

    /// The file to give `-ivfsoverlay`.
    pub(super) fn file(&self) -> PathBuf {
        self.dir.path().join("overlay.json")
    }
}

#[cfg(test)]
mod tests {
    use super::respell;

    #[test]
    fn joins_a_launch_blank_for_blank() {
        let src = "  k<< <n / 256, 256>> >(d, n);\n";
        let fixed = respell(src).unwrap();
        assert_eq!(fixed, "  k<<< n / 256, 256>>> (d, n);\n");
        assert_eq!(fixed.len(), src.len());
    }

    #[test]
    fn joins_wide_gaps_and_a_joined_closing() {
        assert_eq!(respell("k<<  <g, b>>>(x);").unwrap(), "k<<<  g, b>>>(x);");
        // A tab becomes a blank: one byte either way, so columns stay.
        assert_eq!(respell("k<<<g, b>>\t>(x);").unwrap(), "k<<<g, b>>> (x);");
        assert_eq!(respell("k<< <g, dim3(b)>> >(x);").unwrap(), "k<<< g, dim3(b)>>> (x);");
    }

    #[test]
    fn leaves_other_code_alone() {
        assert_eq!(respell("k<<<g, b>>>(x); std::vector<std::vector<int> > v;"), None);
        assert_eq!(respell("x = a << b; y = c < d;"), None);
        // A template closing `> >` after a joined launch is not touched.
        let fixed = respell("k<< <g, b>> >(x); std::map<int, std::vector<int>> > m;").unwrap();
        assert!(fixed.ends_with("std::map<int, std::vector<int>> > m;"));
    }
}
