//! Host functions: the ones that launch kernels, `main`, the functions on a
//! call path between them and every user function these call are lowered
//! with their full bodies; each
//! launch records the facts that dominate it (guards, early exits, asserts,
//! enclosing loops, allocations, calls).

use std::collections::{HashMap, HashSet};

use gpurace_ir::{Diagnostic, HostFunction, Program};

use super::func::{FnLower, HostState};
use super::{Index, TypeTable};
use crate::ast::Node;

/// Whether a subtree launches a kernel.
fn launches(n: &Node) -> bool {
    if n.kind == "CUDAKernelCallExpr" {
        return true;
    }
    if n.kind == "DeclRefExpr"
        && n.referenced()
            .is_some_and(|(_, _, name)| name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel")
    {
        return true;
    }
    n.children.iter().any(launches)
}

/// Addresses of the functions a subtree calls.
fn callees(n: &Node, out: &mut HashSet<u64>) {
    if n.kind == "DeclRefExpr" || n.kind == "MemberExpr" {
        if let Some((k, a, _)) = n.referenced() {
            if k == "Function" || k == "CXXMethod" || n.kind == "MemberExpr" {
                out.insert(a);
            }
        }
    }
    for c in &n.children {
        callees(c, out);
    }
}

/// Whether a function calls a function the user's files declare and this
/// unit does not define: another unit may define it and launch kernels
/// there, so the caller is kept like one that launches.
fn calls_external(ix: &Index<'_>, d: &Node, user: &HashSet<u64>) -> bool {
    let mut c = HashSet::new();
    callees(d, &mut c);
    c.into_iter().any(|a| {
        let canon = ix.canonical(a);
        !user.contains(&canon) && ix.function(a).is_none() && ix.user_declared(a)
    })
}

/// `<int, 256>` for an instantiation of a function template; empty else.
fn template_args(d: &Node) -> String {
    let args: Vec<String> = d
        .children
        .iter()
        .filter(|a| a.kind == "TemplateArgument")
        .map(|a| match crate::ast::quoted(&a.text).first() {
            Some(q) => q.to_string(),
            None => a.text.rsplit(' ').next().unwrap_or("").to_string(),
        })
        .collect();
    if args.is_empty() {
        String::new()
    } else {
        format!("<{}>", args.join(", "))
    }
}

pub fn lower_host(
    ix: &Index<'_>,
    types: &mut TypeTable,
    program: &mut Program,
    defs: &[&Node],
    kernel_of: &HashMap<u64, usize>,
    diags: &mut Vec<Diagnostic>,
) {
    let user: HashSet<u64> = defs.iter().map(|d| ix.canonical(d.addr)).collect();
    let mut calls: HashMap<u64, HashSet<u64>> = HashMap::new();
    let mut wanted: HashSet<u64> = HashSet::new();
    for d in defs {
        let mut c = HashSet::new();
        callees(d, &mut c);
        let c: HashSet<u64> = c.into_iter().map(|a| ix.canonical(a)).filter(|a| user.contains(a)).collect();
        calls.insert(ix.canonical(d.addr), c);
        if launches(d) || d.decl_name_and_type().0 == "main" || calls_external(ix, d, &user) {
            wanted.insert(ix.canonical(d.addr));
        }
    }
    // Every host function from which a launching function is reachable.
    loop {
        let before = wanted.len();
        for (f, cs) in &calls {
            if cs.iter().any(|c| wanted.contains(c) && c != f) {
                wanted.insert(*f);
            }
        }
        if wanted.len() == before {
            break;
        }
    }
    // And every user function those call, so that host-guided analysis can
    // follow values through helpers (`round_up(n)`, a graph reader).
    let mut stack: Vec<u64> = wanted.iter().copied().collect();
    while let Some(f) = stack.pop() {
        for c in calls.get(&f).into_iter().flatten() {
            if wanted.insert(*c) {
                stack.push(*c);
            }
        }
    }
    // Definitions that share a name (instantiations of one template,
    // overloads) are told apart by their template arguments, then by order.
    let mut user_names: HashMap<u64, String> = HashMap::new();
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for d in defs.iter().filter(|d| wanted.contains(&ix.canonical(d.addr))) {
        *by_name.entry(d.decl_name_and_type().0).or_default() += 1;
    }
    let mut taken: HashSet<String> = HashSet::new();
    for d in defs.iter().filter(|d| wanted.contains(&ix.canonical(d.addr))) {
        let base = d.decl_name_and_type().0;
        let mut name = if by_name.get(base).copied().unwrap_or(0) > 1 {
            format!("{base}{}", template_args(d))
        } else {
            base.to_string()
        };
        let mut k = 2;
        while !taken.insert(name.clone()) {
            name = format!("{base}{}#{k}", template_args(d));
            k += 1;
        }
        user_names.insert(ix.canonical(d.addr), name);
    }
    let mut launches_all = Vec::new();
    let mut externals = std::collections::BTreeSet::new();
    for d in defs.iter().filter(|d| wanted.contains(&ix.canonical(d.addr))) {
        let name = user_names.get(&ix.canonical(d.addr)).cloned().unwrap_or_default();
        let name = name.as_str();
        let state = HostState {
            kernel_of: kernel_of.clone(),
            function: name.to_string(),
            launches: Vec::new(),
            facts: Vec::new(),
            user_functions: user.clone(),
            user_names: user_names.clone(),
            externals: Default::default(),
        };
        let mut f = FnLower::new(ix, types, program, Some(state));
        let body = f.function_body(d);
        let span = ix.span(d.loc.unwrap_or(d.begin));
        let mut state = f.host.take().unwrap_or_else(|| HostState {
            kernel_of: HashMap::new(),
            function: String::new(),
            launches: Vec::new(),
            facts: Vec::new(),
            user_functions: HashSet::new(),
            user_names: HashMap::new(),
            externals: Default::default(),
        });
        externals.append(&mut state.externals);
        diags.append(&mut f.diags);
        let base = launches_all.len();
        let mut body = renumber(body, base);
        gpurace_ir::number_nodes(&mut body);
        launches_all.append(&mut state.launches);
        program.host_functions.push(HostFunction {
            name: name.to_string(),
            span,
            params: f.params,
            vars: f.vars,
            body,
        });
    }
    program.launches = launches_all;
    program.externals = externals.into_iter().collect();
}

/// Launch statements number launches per function; make them global.
fn renumber(block: Vec<gpurace_ir::Stmt>, base: usize) -> Vec<gpurace_ir::Stmt> {
    use gpurace_ir::Stmt;
    block
        .into_iter()
        .map(|s| match s {
            Stmt::Launch { launch, span } => Stmt::Launch { launch: launch + base, span },
            Stmt::If { cond, then, els, span } => {
                Stmt::If { cond, then: renumber(then, base), els: renumber(els, base), span }
            }
            Stmt::Loop(mut l) => {
                l.body = renumber(std::mem::take(&mut l.body), base);
                l.init = renumber(std::mem::take(&mut l.init), base);
                l.step = renumber(std::mem::take(&mut l.step), base);
                l.cond_pre = renumber(std::mem::take(&mut l.cond_pre), base);
                Stmt::Loop(l)
            }
            Stmt::Switch { value, cases, span } => Stmt::Switch {
                value,
                cases: cases
                    .into_iter()
                    .map(|mut c| {
                        c.body = renumber(std::mem::take(&mut c.body), base);
                        c
                    })
                    .collect(),
                span,
            },
            Stmt::Scope(b) => Stmt::Scope(renumber(b, base)),
            Stmt::Inlined { callee, result, body, span } => {
                Stmt::Inlined { callee, result, body: renumber(body, base), span }
            }
            other => other,
        })
        .collect()
}
