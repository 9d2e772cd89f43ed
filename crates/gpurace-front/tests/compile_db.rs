//! `-p BUILD_DIR`: each file's `-D`/`-I` come from `compile_commands.json`,
//! as with clang-tidy, and the command line's own `-D` wins over them.

use std::path::PathBuf;

use gpurace_front::{lower_file, Options};
use gpurace_ir::Severity;

fn project() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpurace-compile-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::create_dir_all(dir.join("build")).unwrap();
    std::fs::write(dir.join("inc/sizes.h"), "#define HALF (SIZE / 2)\n").unwrap();
    std::fs::write(
        dir.join("k.cu"),
        "#include \"sizes.h\"\n__global__ void k(int *a) { a[threadIdx.x + HALF] = SIZE; }\n",
    )
    .unwrap();
    let db = format!(
        r#"[{{"directory": "{}", "command": "nvcc -DSIZE=64 -Iinc -O3 -arch=sm_80 -c k.cu -o k.o", "file": "k.cu"}}]"#,
        dir.display()
    );
    std::fs::write(dir.join("build/compile_commands.json"), db).unwrap();
    dir
}

#[test]
fn flags_come_from_the_compilation_database_and_the_command_line_wins() {
    let dir = project();
    let options = Options { compile_db: Some(dir.join("build")), ..Options::default() };
    let lowered = lower_file(&dir.join("k.cu"), &options).expect("clang runs");
    let errors: Vec<_> = lowered.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let ir = lowered.program.to_string();
    assert!(ir.contains("<- 64"), "{ir}");
    assert!(ir.contains("(threadIdx.x + 32)"), "{ir}");

    let options = Options { compile_db: Some(dir.join("build")), defines: vec!["SIZE=8".into()], ..Options::default() };
    let ir = lower_file(&dir.join("k.cu"), &options).expect("clang runs").program.to_string();
    assert!(ir.contains("<- 8"), "{ir}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_database_is_an_error_that_names_it() {
    let options = Options { compile_db: Some(PathBuf::from("/nonexistent/build")), ..Options::default() };
    let err = lower_file(&PathBuf::from("k.cu"), &options).expect_err("no database");
    assert!(err.to_string().contains("/nonexistent/build/compile_commands.json"), "{err}");
}
