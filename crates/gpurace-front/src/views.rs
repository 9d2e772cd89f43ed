//! The device and host views of one translation unit, joined.
//!
//! nvcc compiles a `.cu` file twice: once for the device with `__CUDA_ARCH__`
//! defined and once for the host without it. Code written for that
//! (`#ifndef __CUDA_ARCH__` around host helpers, `#ifdef __CUDA_ARCH__` in a
//! `__host__ __device__` function) means something else in each pass. When
//! the user's files test the macro, the file is parsed in both views;
//! kernels and device functions come from the device view, host functions
//! and launches from the host view, and each view's diagnostics are kept
//! where that view is the one read.

use std::collections::HashSet;
use std::path::PathBuf;

use gpurace_ir::{Diagnostic, Program};

use crate::ast::{Dump, Node};

/// Whether any of the user's files `read` mentions `__CUDA_ARCH__`: only
/// then do the two views differ.
pub fn tests_cuda_arch(read: &[PathBuf]) -> bool {
    read.iter().any(|p| std::fs::read(p).is_ok_and(|bytes| contains(&bytes, b"__CUDA_ARCH__")))
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The lines of host-only function definitions in a host view: `(file,
/// first line, last line)`, the file as clang spells it in diagnostics.
pub struct HostOnly(Vec<(String, u32, u32)>);

impl HostOnly {
    pub fn of(dump: &Dump) -> Self {
        let mut out = Vec::new();
        for decl in &dump.decls {
            walk(decl, dump, &mut out);
        }
        HostOnly(out)
    }

    fn contains(&self, d: &Diagnostic) -> bool {
        self.0.iter().any(|(file, first, last)| *file == d.file && (*first..=*last).contains(&d.line))
    }
}

fn walk(node: &Node, dump: &Dump, out: &mut Vec<(String, u32, u32)>) {
    let function = matches!(
        node.kind.as_str(),
        "FunctionDecl" | "CXXMethodDecl" | "CXXConstructorDecl" | "CXXDestructorDecl" | "CXXConversionDecl"
    );
    if function {
        let device = node.has_child("CUDADeviceAttr") || node.has_child("CUDAGlobalAttr");
        if !device && node.has_child("CompoundStmt") && node.begin.is_valid() {
            let end = if node.end.is_valid() { node.end.line } else { node.begin.line };
            if let Some(file) = dump.files.get(node.begin.file as usize) {
                out.push((file.clone(), node.begin.line, end.max(node.begin.line)));
            }
        }
        return;
    }
    for child in &node.children {
        walk(child, dump, out);
    }
}

/// One program from the two views: the device view's kernels (the first
/// `device.kernels.len()` kernels, in its order) and globals, the host
/// view's host functions, launches and externals; a launch of a kernel both
/// views define is bound to the device view's.
pub fn join(mut device: Program, host: Program) -> Program {
    device.host_functions.clear();
    device.launches.clear();
    device.externals.clear();
    gpurace_link::link(vec![device, host]).program
}

/// The diagnostics of both views: the device view's outside host-only
/// functions, the host view's inside them, and what both say once.
pub fn join_diagnostics(device: Vec<Diagnostic>, host: Vec<Diagnostic>, host_only: &HostOnly) -> Vec<Diagnostic> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let from_device = device.into_iter().filter(|d| !host_only.contains(d));
    let from_host = host.into_iter().filter(|d| host_only.contains(d) || d.line == 0);
    for d in from_device.chain(from_host) {
        if seen.insert((d.code, d.file.clone(), d.line, d.col, d.message.clone())) {
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_ir::Severity;

    fn diag(line: u32, message: &str) -> Diagnostic {
        Diagnostic::new(Severity::Error, "clang-error", message.to_string()).at("a.cu", line, 1)
    }

    #[test]
    fn each_view_speaks_for_its_own_functions() {
        let host_only = HostOnly(vec![("a.cu".into(), 10, 20)]);
        let device = vec![diag(12, "use of undeclared identifier 'check'"), diag(3, "in a kernel")];
        let host = vec![diag(15, "a host error"), diag(3, "in a kernel"), diag(4, "only the host sees")];
        let joined = join_diagnostics(device, host, &host_only);
        let messages: Vec<&str> = joined.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["in a kernel", "a host error"]);
    }
}
