//! What a translation unit defines and what it uses from other units: the
//! names the linker matches.

use std::collections::{BTreeSet, HashSet};

use gpurace_ir::{walk_stmts, Program, Stmt};

/// The linkable names of one lowered unit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Symbols {
    /// The unit defines `main`: it starts a program.
    pub has_main: bool,
    /// Host functions and kernels the unit defines.
    pub defines: BTreeSet<String>,
    /// Names the unit uses and another unit must define: functions its
    /// files declare without a body and its host code calls, kernels it
    /// launches without their body.
    pub needs: BTreeSet<String>,
    /// Names the unit defines and nothing in it uses: kernels it never
    /// launches, host functions that launch kernels (themselves or through
    /// the functions they call) and that no function of the unit calls.
    /// Another unit may call them.
    pub offers: BTreeSet<String>,
}

/// The symbols of `program`.
pub fn symbols(program: &Program) -> Symbols {
    let mut out = Symbols { has_main: program.host_functions.iter().any(|f| f.name == "main"), ..Symbols::default() };
    out.defines.extend(program.host_functions.iter().map(|f| f.name.clone()));
    out.defines.extend(program.kernels.iter().map(|k| k.name.clone()));
    out.needs.extend(program.externals.iter().filter(|n| !out.defines.contains(*n)).cloned());
    for launch in
        program.launches.iter().filter(|l| l.kernel.is_none() && l.callee.is_none() && l.kernel_name != "<unknown>")
    {
        out.needs.insert(launch.kernel_name.trim_start_matches("::").to_string());
    }
    let mut called: HashSet<String> = HashSet::new();
    let mut calls: Vec<(&str, HashSet<String>)> = Vec::new();
    for f in &program.host_functions {
        let mut mine = HashSet::new();
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Call { callee, .. } = s {
                called.insert(callee.clone());
                mine.insert(callee.clone());
            }
        });
        calls.push((f.name.as_str(), mine));
    }
    let launched: HashSet<usize> = program.launches.iter().filter_map(|l| l.kernel).collect();
    for (i, k) in program.kernels.iter().enumerate() {
        if !launched.contains(&i) {
            out.offers.insert(k.name.clone());
        }
    }
    // Functions that launch, directly or through the functions they call
    // (`run_all` calling a `launch(kernel, ...)` template).
    let mut launchers: HashSet<&str> = program.launches.iter().map(|l| l.host_function.as_str()).collect();
    loop {
        let before = launchers.len();
        for (f, callees) in &calls {
            if callees.iter().any(|c| launchers.contains(c.as_str())) {
                launchers.insert(f);
            }
        }
        if launchers.len() == before {
            break;
        }
    }
    for f in &program.host_functions {
        if f.name != "main" && launchers.contains(f.name.as_str()) && !called.contains(&f.name) {
            out.offers.insert(f.name.clone());
        }
    }
    out
}
