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
    const STEPS: [&str; 11] = [
        "facts",
        "flags",
        "tickets",
        "pairs",
        "cone",
        "queries",
        "plausible",
        "lanes",
        "witness",
        "robust",
        "findings",
    ];
    const HELPERS: [&str; 10] =
        ["concrete", "congruence", "slots", "injective", "intervals", "layout", "prune", "radix", "rows", "segments"];
    // `schedule.rs` is the driver's too: which kernel runs at which site
    // with what budget, above every step.
    let problems = layering("check", &["mod", "schedule"], &STEPS, &HELPERS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The executor of `gpurace-static` reads the same way: its helpers (forms
/// of expressions, synchronisation recognised by form, syntactic scans,
/// inner trip counts the same in every outer iteration, what thread 0 hands
/// its block, lanes that exit)
/// import only earlier helpers, and its steps (the path's synchronisation
/// state, barrier counts, loops, memory, values, statements) import only
/// earlier steps and helpers. `mod.rs` is the driver, whose state
/// (`Exec`, `State`) every step shares.
#[test]
fn executor_steps_import_only_earlier_steps() {
    const STEPS: [&str; 6] = ["sync", "counts", "loops", "memory", "value", "stmt"];
    const HELPERS: [&str; 6] = ["forms", "patterns", "scan", "trips", "broadcast", "exited"];
    let problems = layering("exec", &["mod"], &STEPS, &HELPERS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The imports of `crates/gpurace-static/src/{dir}` that break its order:
/// a step may import earlier steps and any helper, a helper only earlier
/// helpers; a file that is neither (nor one of the `driver`'s) is a
/// problem too.
fn layering(dir: &str, driver: &[&str], steps: &[&str], helpers: &[&str]) -> Vec<String> {
    let path = root().join("crates/gpurace-static/src").join(dir);
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&path).expect("a folder of gpurace-static").filter_map(|e| e.ok()) {
        let name = entry.path().file_stem().expect("a file name").to_string_lossy().to_string();
        if driver.contains(&name.as_str()) {
            continue;
        }
        let step = steps.iter().position(|s| *s == name);
        let helper = helpers.iter().position(|s| *s == name);
        if step.is_none() && helper.is_none() {
            problems.push(format!("{dir}/{name}.rs is neither a step nor a helper"));
            continue;
        }
        let source = std::fs::read_to_string(entry.path()).expect("a readable file");
        for target in super_imports(&source) {
            let allowed =
                match (step, steps.iter().position(|s| *s == target), helpers.iter().position(|s| *s == target)) {
                    // Not a file of the folder: the driver's own items.
                    (_, None, None) => true,
                    (Some(me), Some(other), _) => other < me,
                    (Some(_), None, Some(_)) => true,
                    (None, Some(_), _) => false,
                    (None, None, Some(other)) => helper.is_some_and(|me| other < me),
                };
            if !allowed && target != name {
                problems.push(format!("{dir}/{name}.rs imports `{target}`, which comes after it"));
            }
        }
    }
    problems.sort();
    problems
}

/// The first names after `super::` in a source: `super::a::b` gives `a`,
/// `super::{a::b, C}` gives `a` and `C`.
fn super_imports(source: &str) -> Vec<String> {
    let word = |s: &str| -> String { s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect() };
    let mut out = Vec::new();
    for import in source.split("super::").skip(1) {
        match import.strip_prefix('{') {
            Some(group) => {
                let mut depth = 0usize;
                let mut start = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if start && !c.is_whitespace() => {
                            out.push(word(&group[i..]));
                            start = false;
                        }
                        _ => {}
                    }
                }
            }
            None => out.push(word(import)),
        }
    }
    out.retain(|w| !w.is_empty());
    out
}

#[test]
fn super_imports_are_read() {
    assert_eq!(super_imports("use super::a::b;\nuse super::{c::{d, e}, F, g};"), ["a", "c", "F", "g"]);
    assert_eq!(super_imports("/// [`S`](super::State)"), ["State"]);
}
