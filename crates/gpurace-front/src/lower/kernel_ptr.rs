//! Kernels launched through a variable: `auto k = reduce<int>; k<<<g, b>>>(..)`
//! or `void (*kernel)(float *, int); ... kernel = &copy; kernel<<<g, b>>>(..)`.
//!
//! A pre-scan of a host function finds, for each local variable, every
//! function it is ever given (its initialiser and its assignments, through
//! `&`, casts and `c ? f : g`). A launch through the variable is a launch of
//! each of them, with the launch's geometry, arguments and facts. The set is
//! only trusted when it is complete: a variable that is also given anything
//! else (a parameter, a value read from memory), or whose address is taken,
//! has no targets, and its launches stay unlinked as before. Child module of
//! `func`.

use std::collections::HashMap;

use super::{strip_casts, strip_parens};
use crate::ast::Node;

/// A function a variable may hold: its clang address and name.
pub(super) type Target = (u64, String);

/// The functions each local variable of `body` may hold; absent when the
/// variable is given anything but a function.
pub(super) fn scan(body: &Node) -> HashMap<u64, Vec<Target>> {
    let mut seen: HashMap<u64, Option<Vec<Target>>> = HashMap::new();
    walk(body, &mut seen);
    seen.into_iter().filter_map(|(v, t)| Some((v, t?))).collect()
}

fn walk(n: &Node, seen: &mut HashMap<u64, Option<Vec<Target>>>) {
    match n.kind.as_str() {
        "VarDecl" if n.addr != 0 => {
            if let Some(init) = n.children.iter().find(|c| !c.kind.ends_with("Attr")) {
                give(seen, n.addr, functions(init));
            }
        }
        "BinaryOperator" if n.last_quoted() == "=" => {
            if let (Some(lhs), Some(rhs)) = (n.children.first(), n.children.get(1)) {
                if let Some(v) = local(lhs) {
                    give(seen, v, functions(rhs));
                }
            }
        }
        "UnaryOperator" if n.last_quoted() == "&" => {
            if let Some(v) = n.children.first().and_then(local) {
                seen.insert(v, None);
            }
        }
        "CallExpr" | "CXXMemberCallExpr" | "CXXOperatorCallExpr" | "CXXConstructExpr" => {
            // An lvalue passed straight to a call may be bound to a reference.
            for c in n.children.iter().skip(1) {
                let s = strip_parens(c);
                if s.kind == "DeclRefExpr" && s.text.contains("lvalue") {
                    if let Some(v) = local(s) {
                        seen.insert(v, None);
                    }
                }
            }
        }
        _ => {}
    }
    for c in &n.children {
        walk(c, seen);
    }
}

/// Records that variable `v` is given `what` (`None`: not a function).
fn give(seen: &mut HashMap<u64, Option<Vec<Target>>>, v: u64, what: Option<Vec<Target>>) {
    let entry = seen.entry(v).or_insert_with(|| Some(Vec::new()));
    match (entry.as_mut(), what) {
        (Some(list), Some(fs)) => {
            for f in fs {
                if !list.contains(&f) {
                    list.push(f);
                }
            }
        }
        _ => *entry = None,
    }
}

/// The variable a `DeclRefExpr` names, when it is a local variable.
fn local(n: &Node) -> Option<u64> {
    let s = strip_casts(n);
    if s.kind != "DeclRefExpr" {
        return None;
    }
    match s.referenced()? {
        ("Var", a, _) => Some(a),
        _ => None,
    }
}

/// The functions an expression may evaluate to: `f`, `&f`, `(T)f`,
/// `c ? f : g`; `None` for anything else (`nullptr` included: a launch
/// through a null pointer is no launch, but a variable that may be null is
/// still only ever one of the functions it is given).
fn functions(n: &Node) -> Option<Vec<Target>> {
    let s = strip_casts(n);
    match s.kind.as_str() {
        "DeclRefExpr" => match s.referenced()? {
            ("Function", a, name) => Some(vec![(a, name.to_string())]),
            _ => None,
        },
        "UnaryOperator" if s.last_quoted() == "&" => s.children.first().and_then(functions),
        "ConditionalOperator" => {
            let mut out = functions(s.children.get(1)?)?;
            out.extend(functions(s.children.get(2)?)?);
            Some(out)
        }
        "CXXNullPtrLiteralExpr" | "GNUNullExpr" => Some(Vec::new()),
        "IntegerLiteral" if s.text.ends_with(" 0") => Some(Vec::new()),
        _ => None,
    }
}
