//! Embeds every file under `prelude/` into the binary, so gpurace needs no
//! CUDA headers at run time.

use std::fmt::Write;
use std::path::Path;

fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, root, out);
        } else if let Ok(rel) = p.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn main() {
    // Read at run time: a build script compiled for another checkout that
    // shares the target folder must still embed this checkout's prelude.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let root = Path::new(&manifest).join("prelude");
    println!("cargo:rerun-if-changed=prelude");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    assert!(!files.is_empty(), "no prelude files under {}", root.display());
    let mut code =
        String::from("/// `(relative path, contents)` of each prelude file.\npub const FILES: &[(&str, &str)] = &[\n");
    let mut hash: u64 = 0xcbf29ce484222325;
    for f in &files {
        let full = root.join(f);
        println!("cargo:rerun-if-changed={}", full.display());
        let text = std::fs::read(&full).unwrap_or_default();
        for b in f.bytes().chain(text) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x100000001b3);
        }
        let _ = writeln!(code, "    ({f:?}, include_str!({:?})),", full.display().to_string());
    }
    code.push_str("];\n");
    let _ = writeln!(
        code,
        "/// A hash of all prelude files, naming the folder they are written to.\npub const HASH: u64 = {hash:#x};"
    );
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("prelude_files.rs");
    std::fs::write(out, code).unwrap_or_else(|e| panic!("cannot write prelude_files.rs: {e}"));
}
