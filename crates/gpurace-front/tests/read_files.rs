//! `Lowered::read`: the user's files clang read for a unit, which tells the
//! CLI that a `.cu` another unit `#include`s is part of that unit.

use std::fs;

use gpurace_front::{lower_file, Options};

#[test]
fn an_included_source_is_read_and_the_prelude_is_not() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub/kernels.cu"), "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n").unwrap();
    fs::write(
        dir.path().join("main.cu"),
        "#include <cstdio>\n#include \"sub/../sub/kernels.cu\"\nint main() { int *a; k<<<1, 32>>>(a); }\n",
    )
    .unwrap();
    let lowered = lower_file(&dir.path().join("main.cu"), &Options::default()).expect("clang runs");
    let root = fs::canonicalize(dir.path()).unwrap();
    // Canonical: `sub/../sub/kernels.cu` is the file itself.
    assert_eq!(lowered.read, [root.join("main.cu"), root.join("sub/kernels.cu")]);
}

#[test]
fn files_read_are_known_when_a_missing_header_is_stood_in_for() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("kernels.cu"), "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n").unwrap();
    fs::write(dir.path().join("main.cu"), "#include \"nope.h\"\n#include \"kernels.cu\"\nint main() {}\n").unwrap();
    let lowered = lower_file(&dir.path().join("main.cu"), &Options::default()).expect("clang runs");
    assert!(lowered.diagnostics.iter().any(|d| d.code == "missing-header"), "{:?}", lowered.diagnostics);
    // What it read is known, the stand-in left out; where the missing
    // header would be found is listed, so that a cache entry of the unit
    // holds only while it does not appear.
    let root = fs::canonicalize(dir.path()).unwrap();
    let deps = lowered.deps.as_ref().expect("the files clang read");
    assert!(deps.iter().all(|d| !d.to_string_lossy().contains("gpurace-stubs")), "{deps:?}");
    assert!(lowered.absent.contains(&root.join("nope.h")), "{:?}", lowered.absent);
    assert_eq!(lowered.read, [root.join("kernels.cu"), root.join("main.cu")]);
}
