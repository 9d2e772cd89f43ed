//! ARCHITECTURE.md's code map must name every crate, and only crates that
//! exist, and its entry points must name functions that exist: a code map
//! that nothing checks drifts (STYLE.md, on Faial's README).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[test]
fn code_map_matches_the_crates() {
    let root = root();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the root");
    let headings: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("### `crates/"))
        .map(|l| l.trim_end_matches('`').to_string())
        .collect();
    let crates: BTreeSet<String> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(headings, crates, "ARCHITECTURE.md code map headings vs crates/");
}

/// Every bullet of the "Entry points" section has the form
/// `` - `crate::path::name` (`crates/.../file.rs`): what it does ``, and that
/// file defines `fn name`.
#[test]
fn entry_points_exist() {
    let root = root();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the root");
    let section: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim_end() != "## Entry points")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect();
    let mut entries = Vec::new();
    let mut misses = Vec::new();
    for line in section.iter().filter(|l| l.starts_with("- ")) {
        match entry_point(line) {
            Some(entry) => entries.push(entry),
            None => misses.push(format!("not of the form - `crate::path::name` (`file`): {line}")),
        }
    }
    for (item, name, path) in &entries {
        match std::fs::read_to_string(root.join(path)) {
            Err(_) => misses.push(format!("{item}: `{path}` does not exist")),
            Ok(source) if !defines_fn(&source, name) => misses.push(format!("{item}: `{path}` has no `fn {name}`")),
            Ok(_) => {}
        }
    }
    assert!(misses.is_empty(), "ARCHITECTURE.md entry points that do not match the code:\n{}", misses.join("\n"));
    assert!(entries.len() >= 5, "ARCHITECTURE.md names only {} entry points; is the section there?", entries.len());
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `` - `a::b::name` (`path`): ... `` to (`a::b::name`, `name`, `path`).
fn entry_point(line: &str) -> Option<(String, String, String)> {
    let rest = line.strip_prefix("- `")?;
    let (item, rest) = rest.split_once('`')?;
    let (path, _) = rest.strip_prefix(" (`")?.split_once("`)")?;
    let segments: Vec<&str> = item.split("::").collect();
    if segments.len() < 2 || !segments.iter().all(|s| is_ident(s)) || path.is_empty() {
        return None;
    }
    let name = segments.last()?;
    Some((item.to_string(), name.to_string(), path.to_string()))
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && chars.all(is_ident_char)
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `source` has `fn name(` or `fn name<` (so `fn check` is not found
/// in `fn check_sites(`).
fn defines_fn(source: &str, name: &str) -> bool {
    let needle = format!("fn {name}");
    source.match_indices(&needle).any(|(i, _)| {
        let starts_word = source[..i].chars().next_back().is_none_or(|c| !is_ident_char(c));
        let next = source[i + needle.len()..].chars().next();
        starts_word && matches!(next, Some('(' | '<'))
    })
}

#[test]
fn entry_point_lines_are_read() {
    assert_eq!(
        entry_point("- `gpurace_front::lower_file` (`crates/gpurace-front/src/lib.rs`): runs clang"),
        Some(("gpurace_front::lower_file".into(), "lower_file".into(), "crates/gpurace-front/src/lib.rs".into()))
    );
    assert_eq!(entry_point("- `main` (`crates/gpurace-cli/src/main.rs`)"), None);
    assert_eq!(entry_point("- `a b::c` (`x.rs`)"), None);
    assert!(defines_fn("pub fn check_sites(p: &P) {}\npub fn check<'a>(p: &P) {}", "check"));
    assert!(!defines_fn("pub fn check_sites(p: &P) {}", "check"));
    assert!(!defines_fn("fn recheck(p: &P) {}", "check"));
}

/// The checker of `gpurace-static` is a pipeline whose steps import only
/// earlier steps and their helpers (ARCHITECTURE.md, "One direction through
/// the checker"): every `super::` import of a step names an earlier step or
/// a helper, and every file of `check/` is one or the other.
#[test]
fn checker_steps_import_only_earlier_steps() {
    const STEPS: [&str; 10] =
        ["facts", "flags", "pairs", "cone", "queries", "plausible", "lanes", "witness", "robust", "findings"];
    const HELPERS: [&str; 8] =
        ["concrete", "congruence", "injective", "intervals", "prune", "radix", "rows", "segments"];
    let dir = root().join("crates/gpurace-static/src/check");
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("check/").filter_map(|e| e.ok()) {
        let name = entry.path().file_stem().expect("a file name").to_string_lossy().to_string();
        if name == "mod" {
            continue;
        }
        let step = STEPS.iter().position(|s| *s == name);
        if step.is_none() && !HELPERS.contains(&name.as_str()) {
            problems.push(format!("check/{name}.rs is neither a step nor a helper of the pipeline"));
            continue;
        }
        let source = std::fs::read_to_string(entry.path()).expect("a readable file");
        for import in source.split("super::").skip(1) {
            let target: String = import.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if target == "*" || target.is_empty() {
                continue;
            }
            let allowed = match (step, STEPS.iter().position(|s| *s == target)) {
                // A helper imports only helpers.
                (None, later) => later.is_none(),
                (Some(me), Some(other)) => other < me,
                (Some(_), None) => true,
            };
            if !allowed {
                problems.push(format!("check/{name}.rs imports `{target}`, a later step"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
