//! The linker on units the front-end lowered: symbols, launches bound
//! across units, one copy of what a header defines, a name two units define
//! kept twice.

use std::fs;

use gpurace_ir::{Program, Stmt};
use gpurace_link::{link, symbols};

/// Lowers `source` as the file `name` of a fresh folder that also holds
/// `header.h`.
fn lower(dir: &std::path::Path, name: &str, source: &str) -> Program {
    let path = dir.join(name);
    fs::write(&path, source).unwrap();
    gpurace_front::lower_file(&path, &gpurace_front::Options::default()).expect("clang runs").program
}

const HEADER: &str = "__global__ void shared_kernel(int *a) { a[threadIdx.x] = 1; }\nvoid scale(float *x, int n);\n";

#[test]
fn units_link_by_name() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("header.h"), HEADER).unwrap();
    let kernels = lower(
        dir.path(),
        "kernels.cu",
        "#include \"header.h\"\n__global__ void k(float *x, int n) { x[threadIdx.x] = n; }\nvoid scale(float \
         *x, int n) { k<<<1, n>>>(x, n); }\nstatic int helper() { return 1; }\nvoid other() { helper(); \
         shared_kernel<<<1, 1>>>(0); }\n",
    );
    let main = lower(
        dir.path(),
        "main.cu",
        "#include \"header.h\"\n__global__ void k(float *x, int n);\nstatic int helper() { return 2; }\nint \
         main() { helper(); scale(0, 64); k<<<2, 32>>>(0, 32); shared_kernel<<<1, 1>>>(0); }\n",
    );

    let (ks, ms) = (symbols(&kernels), symbols(&main));
    assert!(!ks.has_main && ms.has_main);
    assert!(ks.defines.contains("scale") && ks.defines.contains("k"));
    assert!(ks.offers.contains("scale"), "nothing in kernels.cu calls its wrapper: {ks:?}");
    assert!(ms.needs.contains("scale") && ms.needs.contains("k"), "{ms:?}");

    let linked = link(vec![kernels.clone(), main]);
    let p = &linked.program;
    // The first unit's kernels keep their places; the header's kernel is one.
    assert_eq!(p.kernels.len(), kernels.kernels.len());
    assert!(linked.kernel_unit.iter().all(|u| *u == 0));
    // `main`'s launch of `k` is bound to the kernel kernels.cu defines.
    let k = p.kernels.iter().position(|x| x.name == "k").unwrap();
    assert!(p.launches.iter().any(|l| l.host_function == "main" && l.kernel == Some(k)));
    // Both `helper`s are kept; main.cu's calls reach its own.
    let helpers: Vec<&str> =
        p.host_functions.iter().map(|f| f.name.as_str()).filter(|n| n.starts_with("helper")).collect();
    assert_eq!(helpers, ["helper", "helper@1"]);
    let main = p.host_functions.iter().find(|f| f.name == "main").unwrap();
    let mut callees = Vec::new();
    gpurace_ir::walk_stmts(&main.body, &mut |s| {
        if let Stmt::Call { callee, .. } = s {
            callees.push(callee.clone());
        }
    });
    assert!(callees.contains(&"helper@1".to_string()) && callees.contains(&"scale".to_string()), "{callees:?}");
    // Every launch statement points at a launch of its own function.
    for f in &p.host_functions {
        gpurace_ir::walk_stmts(&f.body, &mut |s| {
            if let Stmt::Launch { launch, .. } = s {
                assert_eq!(p.launches[*launch].host_function, f.name);
            }
        });
    }
}
