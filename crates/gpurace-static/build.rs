//! Finds the Bitwuzla library (`bitwuzla-sys` links `-lbitwuzla`, but the
//! linker must be told where it is) through `pkg-config`, as
//! `tools/install-bitwuzla` (run by `setup.sh`) installs it, and names the
//! build it installed (`GPURACE_BITWUZLA`, part of the result cache's key:
//! another build of the solver may decide differently).

fn main() {
    let library = match pkg_config::Config::new().atleast_version("0.8").probe("bitwuzla") {
        Ok(library) => library,
        Err(e) => panic!(
            "gpurace needs the Bitwuzla SMT solver (0.8 or newer), which pkg-config did not find: {e}\n\
             Run ./setup.sh (or tools/install-bitwuzla), which builds and installs it."
        ),
    };
    let prefix = pkg_config::get_variable("bitwuzla", "prefix").unwrap_or_default();
    let recipe_file = std::path::Path::new(&prefix).join("share/gpurace/bitwuzla.recipe");
    println!("cargo:rerun-if-changed={}", recipe_file.display());
    let recipe = std::fs::read_to_string(&recipe_file).map(|r| r.trim().to_string()).unwrap_or_else(|_| {
        println!(
            "cargo:warning=Bitwuzla {} was not built by tools/install-bitwuzla: its models may differ from the \
             tested build's (run ./setup.sh)",
            library.version
        );
        format!("bitwuzla-{} (another build)", library.version)
    });
    println!("cargo:rustc-env=GPURACE_BITWUZLA={recipe}");
}
