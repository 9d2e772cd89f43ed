//! IR snapshot tests: each fixture in `tests/fixtures/ir/` exercises one
//! construct of the front-end. Its lowered IR (`Program`'s `Display`) and its
//! diagnostics, one per line, are an insta snapshot in `snapshots/`, so a
//! change in lowering shows up as a readable diff. The header comment of each
//! fixture says what the IR must show; a `FIXME` there marks a snapshot that
//! records today's wrong output.
//!
//! After the snapshots come targeted assertions that fail on their own when a
//! property the later stages rely on breaks (kernel names of instantiations,
//! launches resolved to kernels, host facts, approximation flags).
//!
//! Fixture paths are relative to this crate, so snapshots hold no
//! machine-specific paths. Run `INSTA_UPDATE=always cargo test -p
//! gpurace-front --test ir_snapshots` to rewrite them, then read every diff.

use std::path::Path;

use gpurace_front::{lower_file, Lowered, Options};
use gpurace_ir::{
    AccessKind, Barrier, Base, BinOp, Expr, HostFact, Kernel, LaunchForm, Program, Scope, Severity, Space, Stmt, Type,
};

const FIXTURES: &str = "../../tests/fixtures/ir";

fn lower(name: &str) -> Lowered {
    let path = format!("{FIXTURES}/{name}.cu");
    lower_file(Path::new(&path), &Options::default()).unwrap_or_else(|e| panic!("cannot lower `{path}`: {e}"))
}

/// The 1-based line of the first non-comment line of fixture `name` that
/// contains `needle`, so that assertions survive edits to the headers.
fn line_of(name: &str, needle: &str) -> u32 {
    let text = std::fs::read_to_string(format!("{FIXTURES}/{name}.cu")).expect("fixture is readable");
    let at = text
        .lines()
        .position(|l| !l.trim_start().starts_with("//") && l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` is not in `{name}.cu`"));
    at as u32 + 1
}

/// A diagnostic that points into the prelude names its cache folder; only
/// the part from `gpurace_prelude.h` on is stable.
fn normalise(line: &str) -> String {
    match line.find("gpurace_prelude.h") {
        Some(at) => {
            let start = line[..at].rfind(|c: char| c.is_whitespace()).map(|i| i + 1).unwrap_or(0);
            format!("{}<prelude>/{}", &line[..start], &line[at..])
        }
        None => line.to_string(),
    }
}

fn render(lowered: &Lowered) -> String {
    let mut out = lowered.program.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("--- diagnostics\n");
    for d in &lowered.diagnostics {
        out.push_str(&normalise(&d.to_string()));
        out.push('\n');
    }
    out
}

/// Snapshots must read the same on every machine.
fn assert_no_absolute_paths(text: &str) {
    const ROOTS: &[&str] = &["/work/", "/root/", "/home/", "/tmp/", "/usr/", "/opt/", "/private/", "C:\\"];
    for line in text.lines() {
        assert!(!ROOTS.iter().any(|r| line.contains(r)), "absolute path in snapshot line `{line}`");
    }
}

macro_rules! snapshot_tests {
    ($($name:ident),* $(,)?) => {
        /// Every fixture that has a snapshot test.
        const SNAPSHOTTED: &[&str] = &[$(stringify!($name)),*];
        $(
            #[test]
            fn $name() {
                let text = render(&lower(stringify!($name)));
                assert_no_absolute_paths(&text);
                insta::assert_snapshot!(stringify!($name), text);
            }
        )*
    };
}

snapshot_tests!(
    atomics,
    bad_clang_error,
    bad_missing_include,
    condition_variables,
    coop_groups,
    data_dependent_index,
    elem_sizes,
    fences,
    for_patterns,
    gpuverify,
    host_callables,
    host_constructors,
    host_containers,
    host_launch_forms,
    host_main,
    if_else_sequence,
    inline_early_return,
    inline_nested,
    inline_reference_param,
    inline_shared_decl,
    int_types,
    jumps,
    libcudacxx_atomics,
    lvalue_forms,
    mem_constant,
    mem_device_global,
    mem_global_params,
    mem_local_array,
    mem_shared_extern,
    mem_shared_static,
    ptr_arith,
    ptr_arith_unknown_size,
    ptr_casts,
    ptr_diff,
    recursion,
    short_circuit,
    sizeof_enum,
    struct_by_value,
    struct_copy,
    struct_field_ptr,
    switch,
    sync_barriers,
    template_instantiations,
    template_uninstantiated,
    template_value_param,
    ternary,
    unknown_constructs,
    unnamed_union,
    warp_intrinsics,
    while_do,
);

#[test]
fn every_fixture_has_a_snapshot_test() {
    let mut on_disk: Vec<String> = std::fs::read_dir(FIXTURES)
        .expect("fixture folder exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter_map(|f| f.strip_suffix(".cu").map(str::to_string))
        .collect();
    on_disk.sort();
    let mut tested: Vec<String> = SNAPSHOTTED.iter().map(|s| s.to_string()).collect();
    tested.sort();
    assert_eq!(on_disk, tested, "each fixture in {FIXTURES} needs one entry in `snapshot_tests!`");
}

#[test]
fn every_fixture_starts_with_a_header_comment() {
    for name in SNAPSHOTTED {
        let text = std::fs::read_to_string(format!("{FIXTURES}/{name}.cu")).expect("fixture is readable");
        assert!(text.starts_with("// Construct: "), "`{name}.cu` must start with a `// Construct:` header");
    }
}

// ----- targeted assertions ---------------------------------------------------

fn kernel<'p>(program: &'p Program, display_name: &str) -> &'p Kernel {
    program
        .kernels
        .iter()
        .find(|k| k.display_name() == display_name)
        .unwrap_or_else(|| panic!("no kernel `{display_name}` in {:?}", names(program)))
}

fn names(program: &Program) -> Vec<String> {
    program.kernels.iter().map(Kernel::display_name).collect()
}

/// Every statement of a block, nested ones included, pre-order.
fn walk<'s>(block: &'s [Stmt], out: &mut Vec<&'s Stmt>) {
    for s in block {
        out.push(s);
        match s {
            Stmt::If { then, els, .. } => {
                walk(then, out);
                walk(els, out);
            }
            Stmt::Loop(l) => {
                walk(&l.init, out);
                walk(&l.cond_pre, out);
                walk(&l.body, out);
                walk(&l.step, out);
            }
            Stmt::Switch { cases, .. } => cases.iter().for_each(|c| walk(&c.body, out)),
            Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => walk(b, out),
            _ => {}
        }
    }
}

fn stmts(block: &[Stmt]) -> Vec<&Stmt> {
    let mut out = Vec::new();
    walk(block, &mut out);
    out
}

fn has_unknown_stmt(k: &Kernel) -> bool {
    stmts(&k.body).iter().any(|s| matches!(s, Stmt::Unknown { .. }))
}

#[test]
fn template_lowers_one_kernel_per_instantiation() {
    let lowered = lower("template_instantiations");
    let p = &lowered.program;
    assert_eq!(names(p), ["k<int>", "k<float>"]);
    assert_eq!(p.kernels[0].params[0].ty, Type::Ptr(Box::new(Type::INT)));
    assert_eq!(p.kernels[1].params[0].ty, Type::Ptr(Box::new(Type::Float { bits: 32 })));
    assert!(p.kernels.iter().all(|k| !k.approximate));
    let targets: Vec<Option<usize>> = p.launches.iter().map(|l| l.kernel).collect();
    assert_eq!(targets, [Some(0), Some(1)]);
    assert!(lowered.diagnostics.is_empty(), "{:?}", lowered.diagnostics);
}

#[test]
fn uninstantiated_template_is_lowered_from_its_pattern() {
    let p = lower("template_uninstantiated").program;
    assert_eq!(names(&p), ["scale<T, N>", "plain"]);
    assert!(kernel(&p, "scale<T, N>").approximate);
    assert!(!kernel(&p, "plain").approximate);
}

#[test]
fn device_calls_are_inlined_not_called() {
    for name in ["inline_nested", "inline_early_return", "inline_reference_param"] {
        let p = lower(name).program;
        let k = &p.kernels[0];
        let all = stmts(&k.body);
        assert!(all.iter().any(|s| matches!(s, Stmt::Inlined { .. })), "{name}: nothing inlined");
        assert!(!all.iter().any(|s| matches!(s, Stmt::Call { .. })), "{name}: a call was not inlined");
        assert!(!k.approximate, "{name}");
    }
}

#[test]
fn reference_parameter_writes_the_callers_object() {
    let p = lower("inline_reference_param").program;
    let writes: Vec<_> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Write { access, .. } => Some((access.space, access.name.clone())),
            _ => None,
        })
        .collect();
    assert!(writes.contains(&(Space::Global, "out".to_string())), "{writes:?}");
}

#[test]
fn shared_array_of_an_inlined_function() {
    let p = lower("inline_shared_decl").program;
    let stage: Vec<_> = p.kernels[0].shared.iter().filter(|s| s.name == "stage").collect();
    // A function-scope `__shared__` is one object per block: the two inlined
    // call sites share it.
    assert_eq!(stage.len(), 1);
}

#[test]
fn recursive_call_stays_a_call_and_marks_the_kernel_approximate() {
    let lowered = lower("recursion");
    let k = &lowered.program.kernels[0];
    assert!(k.approximate);
    let calls: Vec<&str> = stmts(&k.body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Call { callee, .. } => Some(callee.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(calls, ["fact"]);
    let line = line_of("recursion", "return n * fact");
    assert!(lowered.diagnostics.iter().any(|d| d.line == line && d.message.contains("recursive")));
}

#[test]
fn recognised_loop_patterns() {
    let p = lower("for_patterns").program;
    let loops: Vec<_> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Loop(l) => Some(l.pattern.as_ref().map(|pat| (pat.cmp, pat.step_op))),
            _ => None,
        })
        .collect();
    use gpurace_ir::StepOp;
    assert_eq!(
        loops,
        [
            Some((BinOp::Lt, StepOp::Add)),
            Some((BinOp::Lt, StepOp::Add)),
            Some((BinOp::Lt, StepOp::Mul)),
            Some((BinOp::Gt, StepOp::Shr)),
            Some((BinOp::Ge, StepOp::Sub)),
            None,
        ]
    );
}

#[test]
fn shared_2d_array_rows_are_17_floats() {
    let p = lower("mem_shared_static").program;
    let k = &p.kernels[0];
    let tile = k.shared.iter().find(|s| s.name == "tile").expect("tile is shared");
    assert_eq!(tile.ty.size(), Some(16 * 17 * 4));
    let row = Type::Array { elem: Box::new(Type::Float { bits: 32 }), len: Some(17) };
    assert_eq!(tile.ty, Type::Array { elem: Box::new(row), len: Some(16) });
}

#[test]
fn extern_shared_array_inside_a_kernel() {
    let p = lower("mem_shared_extern").program;
    let k = kernel(&p, "stage");
    assert!(k.shared.iter().any(|s| s.name == "dyn" && s.is_extern));
    assert!(p.launches[0].shmem.is_some());
}

#[test]
fn memory_spaces_of_globals() {
    let p = lower("mem_constant").program;
    assert_eq!(p.globals.iter().map(|g| (g.name.as_str(), g.space)).collect::<Vec<_>>(), [("coeff", Space::Constant)]);
    let p = lower("mem_device_global").program;
    assert!(p.globals.iter().all(|g| g.space == Space::Global));
    let p = lower("mem_local_array").program;
    let local_writes = stmts(&p.kernels[0].body)
        .into_iter()
        .filter(|s| matches!(s, Stmt::Write { access, .. } if access.space == Space::Local && access.name == "acc"))
        .count();
    assert_eq!(local_writes, 5, "four initialisers and `acc[k] += 1`");
}

#[test]
fn struct_by_value_pointer_field_is_a_param_base() {
    let p = lower("struct_by_value").program;
    let bases: Vec<Base> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Write { access, .. } => Some(access.base.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(bases, [Base::Param { index: 0, fields: vec!["data".into()] }]);
}

#[test]
fn scalar_element_sizes() {
    let p = lower("elem_sizes").program;
    let sizes: Vec<u64> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Write { access, .. } => Some(access.size),
            _ => None,
        })
        .take(4)
        .collect();
    assert_eq!(sizes, [1, 2, 4, 8]);
}

#[test]
fn barriers_and_fences() {
    let p = lower("sync_barriers").program;
    let barriers: Vec<String> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Barrier { barrier: Barrier::Block { variant }, .. } => Some(format!("block {variant}")),
            Stmt::Barrier { barrier: Barrier::Warp { mask }, .. } => Some(format!("warp {:?}", mask.as_int())),
            _ => None,
        })
        .collect();
    assert_eq!(
        barriers,
        ["block plain", "block count", "block and", "block or", "warp Some(65535)", "warp Some(4294967295)"]
    );
    let p = lower("fences").program;
    let fences: Vec<Scope> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Fence { scope, .. } => Some(*scope),
            _ => None,
        })
        .collect();
    assert_eq!(fences, [Scope::Device, Scope::Block, Scope::System]);
}

#[test]
fn atomic_ops_and_scopes() {
    use gpurace_ir::AtomicOp;
    let p = lower("atomics").program;
    let ops: Vec<(AtomicOp, Scope, Space)> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Atomic { access, .. } => match access.kind {
                AccessKind::Atomic { op, scope } => Some((op, scope, access.space)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(
        ops,
        [
            (AtomicOp::Add, Scope::Device, Space::Global),
            (AtomicOp::Cas, Scope::Device, Space::Global),
            (AtomicOp::Exch, Scope::Device, Space::Global),
            (AtomicOp::Add, Scope::Block, Space::Shared),
            (AtomicOp::Add, Scope::System, Space::Global),
            (AtomicOp::Sub, Scope::Device, Space::Global),
        ]
    );
}

/// libcu++'s atomics are atomics on the element they name, at their scope,
/// with the fences of their memory order; a thread-scope one is a plain
/// read and write, and constructing an `atomic_ref` reads nothing.
#[test]
fn libcudacxx_atomics_are_on_the_element() {
    let p = lower("libcudacxx_atomics").program;
    let k = &p.kernels[0];
    let param = |b: &Base| match b {
        Base::Param { index, .. } => k.params[*index as usize].name.clone(),
        other => format!("{other:?}"),
    };
    let seen: Vec<String> = stmts(&k.body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Atomic { access, .. } => match access.kind {
                AccessKind::Atomic { op, scope } => Some(format!("{op:?}.{} {}", scope.name(), param(&access.base))),
                _ => None,
            },
            Stmt::Fence { scope, .. } => Some(format!("fence.{}", scope.name())),
            Stmt::Read { access, .. } if access.space == Space::Global => Some(format!("read {}", param(&access.base))),
            Stmt::Write { access, .. } if access.space == Space::Global => {
                Some(format!("write {}", param(&access.base)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        seen,
        [
            "read b",
            "Min.block a",
            "read key",
            "Load.block a",
            "fence.block",
            "fence.block",
            "Store.block a",
            "read key",
            "Exch.system b",
            "read b",
            "write b",
        ]
    );
    assert!(!k.approximate);
}

/// Each instantiation of a template kernel lays out its own unnamed union.
#[test]
fn unnamed_union_per_instantiation() {
    let p = lower("unnamed_union").program;
    let offsets: Vec<Expr> = p
        .kernels
        .iter()
        .map(|k| {
            stmts(&k.body)
                .into_iter()
                .find_map(|s| match s {
                    Stmt::Write { access, .. } if access.space == Space::Shared => Some(access.offset.clone()),
                    _ => None,
                })
                .expect("a shared write")
        })
        .collect();
    assert_eq!(offsets, [Expr::int(4, Type::LONG), Expr::int(8, Type::LONG)]);
    let sizes: Vec<Option<u64>> = p.kernels.iter().map(|k| k.shared[0].ty.size()).collect();
    assert_eq!(sizes, [Some(16), Some(32)]);
    assert!(p.kernels.iter().all(|k| !k.approximate));
}

#[test]
fn warp_collectives() {
    let p = lower("warp_intrinsics").program;
    let ops: Vec<&str> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::WarpOp { op, .. } => Some(op.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ops, ["__shfl_down_sync", "__activemask", "__ballot_sync"]);
}

/// The initial value of the local `name` in kernel `k`.
fn init_of<'k>(k: &'k Kernel, name: &str) -> &'k Expr {
    stmts(&k.body)
        .into_iter()
        .find_map(|s| match s {
            Stmt::Decl { var, init: Some(e) } if k.vars[var.0 as usize].name == name => Some(e),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no initialised local `{name}`"))
}

fn type_of(e: &Expr) -> Option<&Type> {
    match e {
        Expr::Binary { ty, .. } | Expr::Int { ty, .. } | Expr::Cast { ty, .. } => Some(ty),
        _ => None,
    }
}

#[test]
fn integer_operators_carry_their_c_type() {
    let p = lower("int_types").program;
    let k = &p.kernels[0];
    let u8t = Type::Int { bits: 8, signed: false };
    assert_eq!(type_of(init_of(k, "wrap")), Some(&Type::UINT));
    assert_eq!(type_of(init_of(k, "big")), Some(&Type::ULONG));
    assert!(matches!(init_of(k, "q"), Expr::Binary { op: BinOp::Div, ty: Type::INT, .. }));
    assert!(matches!(init_of(k, "r"), Expr::Binary { op: BinOp::Rem, ty: Type::INT, .. }));
    assert!(matches!(init_of(k, "sh"), Expr::Binary { op: BinOp::Shr, ty: Type::INT, .. }));
    assert!(matches!(init_of(k, "ush"), Expr::Binary { op: BinOp::Shl, ty: Type::UINT, .. }));
    assert_eq!(type_of(init_of(k, "byte")), Some(&u8t));
    assert_eq!(init_of(k, "max").as_int(), Some(4_294_967_295));
}

#[test]
fn sizeof_and_enum_constants_fold() {
    let p = lower("sizeof_enum").program;
    let values: Vec<Option<i128>> = stmts(&p.kernels[0].body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Write { access, value } if access.name == "out" => Some(value.as_int()),
            _ => None,
        })
        .collect();
    assert_eq!(values, [Some(4), Some(16), Some(256), Some(6)]);
}

#[test]
fn short_circuit_guards_the_read_of_its_right_operand() {
    let p = lower("short_circuit").program;
    let k = &p.kernels[0];
    // No read of `mask` at the top level: each one sits inside an `if`.
    assert!(!k.body.iter().any(|s| matches!(s, Stmt::Read { .. })));
    let guarded_reads = k
        .body
        .iter()
        .filter(|s| matches!(s, Stmt::If { then, .. } if matches!(then.first(), Some(Stmt::Read { access, .. }) if access.name == "mask")))
        .count();
    assert_eq!(guarded_reads, 2);
}

#[test]
fn data_dependent_index_uses_the_read_value() {
    let p = lower("data_dependent_index").program;
    let k = &p.kernels[0];
    let all = stmts(&k.body);
    let Some(Stmt::Read { dst, .. }) =
        all.iter().find(|s| matches!(s, Stmt::Read { access, .. } if access.name == "idx"))
    else {
        panic!("no read of `idx`")
    };
    assert_eq!(k.vars[dst.0 as usize].kind, gpurace_ir::VarKind::Read);
    let a_read = all.iter().find_map(|s| match s {
        Stmt::Read { access, .. } if access.name == "a" => Some(&access.offset),
        _ => None,
    });
    let mut uses_idx = false;
    a_read.expect("a read of `a`").visit(&mut |e| uses_idx |= *e == Expr::Var(*dst));
    assert!(uses_idx, "the offset of `a[idx[t]]` must use the value read from `idx`");
    assert!(all.iter().any(|s| matches!(s, Stmt::Write { access, .. } if access.space == Space::Generic)));
}

#[test]
fn unknown_constructs_are_approximate_with_a_location() {
    let lowered = lower("unknown_constructs");
    let p = &lowered.program;
    for name in ["with_goto", "with_asm"] {
        let k = kernel(p, name);
        assert!(k.approximate, "{name}");
        assert!(has_unknown_stmt(k), "{name}");
    }
    for line in [line_of("unknown_constructs", "goto again"), line_of("unknown_constructs", "asm volatile")] {
        assert!(
            lowered.diagnostics.iter().any(|d| d.file.ends_with("unknown_constructs.cu")
                && d.line == line
                && d.severity == Severity::Warning
                && d.code == "unsupported-construct"),
            "no diagnostic at line {line}: {:?}",
            lowered.diagnostics
        );
    }
    // A call through a pointer of a type no device function whose address
    // the program takes has is unknown, even with no pointer arguments: the
    // callee could be anything. One of `twice`'s type calls `twice`.
    assert!(kernel(p, "with_foreign_fn_ptr").approximate);
    assert!(!kernel(p, "with_fn_ptr").approximate);
}

#[test]
fn gpuverify_annotations() {
    let p = lower("gpuverify").program;
    let all = stmts(&p.kernels[0].body);
    let assumes = all.iter().filter(|s| matches!(s, Stmt::Assume { .. })).count();
    let asserts = all.iter().filter(|s| matches!(s, Stmt::Assert { .. })).count();
    assert_eq!((assumes, asserts), (3, 2));
    // `__read`/`__write` inside `__requires` are not accesses to `a`.
    assert!(!all.iter().any(|s| matches!(s, Stmt::Read { .. })));
}

#[test]
fn host_main_launches_resolve_and_carry_their_facts() {
    let lowered = lower("host_main");
    let p = &lowered.program;
    assert_eq!(p.launches.len(), 2);
    assert!(p.launches.iter().all(|l| l.kernel.is_some()), "{:?}", p.launches);
    let main = p.launches.iter().find(|l| l.host_function == "main").expect("a launch in main");
    let facts = &main.facts;
    let guard_line = line_of("host_main", "if (n % 32)");
    // The early exit `if (n % 32) return 1;`: the launch runs only when it is false.
    assert!(
        facts.iter().any(|f| matches!(f,
            HostFact::Guard { cond: Expr::Binary { op: BinOp::Ne, lhs, .. }, holds: false, span }
                if span.line == guard_line && matches!(**lhs, Expr::Binary { op: BinOp::Rem, .. }))),
        "{facts:?}"
    );
    assert_eq!(facts.iter().filter(|f| matches!(f, HostFact::Assert { .. })).count(), 2);
    assert!(facts.iter().any(|f| matches!(f, HostFact::Loop { pattern: Some(_), .. })));
    let allocs: Vec<gpurace_ir::AllocKind> = facts
        .iter()
        .filter_map(|f| match f {
            HostFact::Alloc(a) => Some(a.kind),
            _ => None,
        })
        .collect();
    use gpurace_ir::AllocKind;
    assert_eq!(
        allocs,
        [AllocKind::CudaMalloc, AllocKind::CudaMallocManaged, AllocKind::Malloc, AllocKind::New, AllocKind::Vector]
    );
    let host_main = p.host_functions.iter().find(|f| f.name == "main").expect("main is lowered");
    assert!(stmts(&host_main.body).iter().any(|s| matches!(s, Stmt::Call { callee, .. } if callee == "helper")));
    assert!(p.host_functions.iter().any(|f| f.name == "helper"));
}

#[test]
fn callables_handed_to_the_library_run_where_they_are_handed() {
    let p = lower("host_callables").program;
    // Each `k<<<g, ...>>>` of the fixture has its own grid size: every one
    // is lowered, the ones inside lambdas that only a thread, a
    // `std::function` or `std::transform` calls included.
    let mut grids: Vec<i128> = p.launches.iter().filter_map(|l| l.grid[0].as_int()).collect();
    grids.sort_unstable();
    assert_eq!(grids, [1, 1, 2, 3, 4, 5, 6], "{:?}", p.launches);
    let main = p.host_functions.iter().find(|f| f.name == "main").expect("main is lowered");
    let all = stmts(&main.body);
    // `std::thread t1(worker, ...)` and `std::async(..., worker, ...)`.
    let worker_calls: Vec<&Stmt> =
        all.iter().copied().filter(|s| matches!(s, Stmt::Call { callee, .. } if callee == "worker")).collect();
    assert_eq!(worker_calls.len(), 2);
    // `std::ref(out)` passes the address of `out` to `int &out`.
    for call in worker_calls {
        let Stmt::Call { args, .. } = call else { unreachable!("filtered on calls") };
        assert!(matches!(args.get(2), Some(Expr::Addr { .. })), "{args:?}");
    }
    // `std::thread t3(&W::run, &w, a)`: the method with its object last.
    assert!(all.iter().any(|s| matches!(s, Stmt::Call { callee, args, .. } if callee == "run" && args.len() == 2)));
    // `std::transform`: a loop the library decides, around the lambda.
    assert!(all.iter().any(|s| matches!(s, Stmt::Loop(l) if matches!(l.cond, Some(Expr::Unknown { .. })))));
}

#[test]
fn launch_forms_and_configurations() {
    let p = lower("host_launch_forms").program;
    assert!(p.launches.iter().all(|l| l.kernel.is_some()), "{:?}", p.launches);
    let summary: Vec<(&str, LaunchForm, bool, bool)> =
        p.launches.iter().map(|l| (l.kernel_name.as_str(), l.form, l.shmem.is_some(), l.stream.is_some())).collect();
    assert_eq!(
        summary,
        [
            ("clear", LaunchForm::Chevrons, false, false),
            ("tile", LaunchForm::Chevrons, true, false),
            ("tile", LaunchForm::Chevrons, true, true),
            ("clear", LaunchForm::LaunchKernel, true, true),
        ]
    );
    // Both `tile` sites resolve to the same kernel.
    assert_eq!(p.launches[1].kernel, p.launches[2].kernel);
    assert_eq!(p.launches[0].kernel, p.launches[3].kernel);
    assert_eq!(p.launches[0].block[0].as_int(), Some(256));
}

#[test]
fn clang_error_still_lowers_the_good_kernel() {
    let lowered = lower("bad_clang_error");
    let errors: Vec<_> = lowered.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    let line = line_of("bad_clang_error", "undeclared_name");
    assert!(
        errors.iter().any(|d| d.file.ends_with("bad_clang_error.cu") && d.line == line),
        "{:?}",
        lowered.diagnostics
    );
    let p = &lowered.program;
    let fine = kernel(p, "fine");
    assert!(!fine.approximate);
    assert!(stmts(&fine.body).iter().any(|s| matches!(s, Stmt::Write { .. })));
    assert!(kernel(p, "broken").approximate);
}

#[test]
fn missing_include_is_reported_once_and_the_rest_is_analysed() {
    let lowered = lower("bad_missing_include");
    let about: Vec<_> = lowered.diagnostics.iter().filter(|d| d.message.contains("nope.h")).collect();
    assert_eq!(about.len(), 1, "{:?}", lowered.diagnostics);
    assert!(
        about[0].severity == Severity::Warning
            && about[0].code == "missing-header"
            && about[0].file.ends_with("bad_missing_include.cu")
            && about[0].line == line_of("bad_missing_include", "nope.h"),
        "{:?}",
        lowered.diagnostics
    );
    let after = kernel(&lowered.program, "after");
    assert!(stmts(&after.body).iter().any(|s| matches!(s, Stmt::Write { .. })));
}

#[test]
fn cooperative_group_barriers() {
    let p = lower("coop_groups").program;
    let k = &p.kernels[0];
    let kinds: Vec<&str> = stmts(&k.body)
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Barrier { barrier, .. } => Some(match barrier {
                Barrier::Block { .. } => "block",
                Barrier::Warp { .. } => "warp",
                Barrier::Grid => "grid",
                Barrier::Tile { .. } => "tile",
            }),
            _ => None,
        })
        .collect();
    // `block.sync()`, `tile.sync()`, `cg::sync(block)`, `grid.sync()`. The
    // tile's barrier names its size (the template argument), which the
    // engine reads as a warp barrier for 32.
    assert_eq!(kinds, ["block", "tile", "block", "grid"]);
    // `thread_rank()` only computes its result: inlined as that expression,
    // with no call or `Inlined` statement left.
    let ranks: Vec<&Stmt> = stmts(&k.body)
        .into_iter()
        .filter(|s| matches!(s, Stmt::Inlined { callee, .. } | Stmt::Call { callee, .. } if callee == "thread_rank"))
        .collect();
    assert!(ranks.is_empty(), "`thread_rank()` is its expression");
    assert!(!k.approximate, "nothing in the kernel is approximated");
}

#[test]
fn normalise_replaces_the_prelude_folder() {
    assert_eq!(
        normalise("/root/.cache/gpurace/prelude-1a2b/gpurace_prelude.h:12:3: warning[x]: y"),
        "<prelude>/gpurace_prelude.h:12:3: warning[x]: y"
    );
    assert_eq!(normalise("a.cu:1:1: error[e]: m"), "a.cu:1:1: error[e]: m");
}

#[test]
fn pointer_arithmetic_on_an_element_of_unknown_size_is_an_approximation() {
    let lowered = lower("ptr_arith_unknown_size");
    let p = &lowered.program;
    assert!(kernel(p, "skip<T>").approximate);
    let line = line_of("ptr_arith_unknown_size", "p + threadIdx.x");
    assert!(
        lowered
            .diagnostics
            .iter()
            .any(|d| d.line == line && d.message.contains("pointer arithmetic counts it as one byte")),
        "{:?}",
        lowered.diagnostics
    );
}
