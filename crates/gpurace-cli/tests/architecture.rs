//! ARCHITECTURE.md's code map must name every crate, and only crates that
//! exist: a code map that nothing checks drifts (STYLE.md, on Faial's README).

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn code_map_matches_the_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
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
