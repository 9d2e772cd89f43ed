//! Whether a unit without `main` belongs to an executable: a source beside
//! it defines `main` that the linking of its program did not reach (`main`
//! calls a wrapper that calls the unit's functions, two units away). Such a
//! unit's uncalled functions are called from code gpurace did not see, not
//! entry points of a library (`Program::main_elsewhere`). A folder of
//! samples whose other programs have their own `main` counts too: the unit
//! is then taken as a program's part, its callers' values as values
//! gpurace could not compute, which only keeps its races possible.

use std::path::Path;

/// The sources whose `main` counts: C, C++ and CUDA.
const SOURCES: &[&str] = &["c", "cc", "cpp", "cxx", "cu"];

/// The largest source read for a `main` (bytes).
const LARGEST: u64 = 4 << 20;

/// Whether a source in `file`'s folder or the folder above it, other than
/// `file`, defines `main`.
pub fn main_nearby(file: &Path) -> bool {
    let Some(dir) = file.parent() else { return false };
    let dirs = [Some(dir), dir.parent()];
    dirs.into_iter().flatten().any(|d| folder_defines_main(d, file))
}

fn folder_defines_main(dir: &Path, except: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }) else {
        return false;
    };
    entries.filter_map(Result::ok).any(|e| {
        let path = e.path();
        let source = path.extension().and_then(|x| x.to_str()).is_some_and(|x| SOURCES.contains(&x));
        let small = e.metadata().is_ok_and(|m| m.is_file() && m.len() <= LARGEST);
        source && small && !same_file(&path, except) && std::fs::read(&path).is_ok_and(|b| defines_main(&b))
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Whether a source's text defines `main`: `int main(` or `void main(`,
/// spaces and line breaks allowed between the words.
fn defines_main(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    let mut from = 0;
    while let Some(i) = text[from..].find("main") {
        let at = from + i;
        from = at + 4;
        let before = text[..at].trim_end();
        let after = text[at + 4..].trim_start();
        let word_before = before.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
        let starts_word = !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if starts_word && after.starts_with('(') && matches!(word_before, "int" | "void") {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::defines_main;

    #[test]
    fn finds_a_definition_of_main() {
        assert!(defines_main(b"int main(int argc, char **argv) {"));
        assert!(defines_main(b"static int\nmain (void)\n{"));
        assert!(!defines_main(b"int domain(int x);"));
        assert!(!defines_main(b"// the main loop (below)\nvoid step();"));
        assert!(!defines_main(b"x = remain(3);"));
    }
}
