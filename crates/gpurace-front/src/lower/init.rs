//! The initial bytes of a `__device__` or `__constant__` variable whose
//! initializer is constants (`__constant__ float w[4] = {0.25f, 0.5f};`):
//! integers, floats, negations and casts of them, and lists of those for
//! arrays (missing elements are zero). Anything else (a call, a struct, an
//! address) is [`Initial::Unknown`], so that a simulator reading it says
//! so instead of reading zero.

use gpurace_ir::{Initial, Type};

use super::types::TypeTable;
use super::Index;
use crate::ast::Node;

/// The initial bytes of the variable `decl` (a `VarDecl` with an
/// initializer) of type `ty`.
pub(super) fn initial(decl: &Node, ty: &Type, index: &Index) -> Initial {
    let Some(size) = ty.size() else { return Initial::Unknown };
    let Some(init) = decl.children.iter().rev().find(|c| !c.kind.ends_with("Attr") && !c.kind.ends_with(':')) else {
        return Initial::Unknown;
    };
    let mut bytes = vec![0u8; size as usize];
    match fill(init, ty, index, &mut bytes, 0) {
        Some(()) => Initial::Bytes(bytes),
        None => Initial::Unknown,
    }
}

/// The functions a host variable's initializer stores, by byte offset: the
/// handlers of a table of structs (`{{"scale", run_scale}, ...}`), of an
/// array of function pointers, or one pointer.
pub(super) fn functions(decl: &Node, ty: &Type, types: &mut TypeTable) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    if let Some(init) = decl.children.iter().rev().find(|c| !c.kind.ends_with("Attr") && !c.kind.ends_with(':')) {
        collect_functions(init, ty, types, 0, &mut out);
    }
    out
}

fn collect_functions(n: &Node, ty: &Type, types: &mut TypeTable, at: u64, out: &mut Vec<(u64, String)>) {
    let n = strip(n);
    match ty {
        Type::Array { elem, .. } if n.kind == "InitListExpr" => {
            let Some(size) = elem.size() else { return };
            for (i, item) in n.children.iter().filter(|c| !c.kind.ends_with(':')).enumerate() {
                collect_functions(item, elem, types, at + i as u64 * size, out);
            }
        }
        Type::Record { name, .. } if n.kind == "InitListExpr" => {
            let Some(record) = types.record(name) else { return };
            let items = n.children.iter().filter(|c| !c.kind.ends_with(':'));
            for (field, item) in record.fields.iter().zip(items) {
                collect_functions(item, &field.ty, types, at + field.offset, out);
            }
        }
        // A function pointer's type is opaque to the lowering.
        Type::Ptr(_) | Type::Opaque { .. } => {
            let target = if n.kind == "UnaryOperator" { n.children.first().map(strip) } else { Some(n) };
            if let Some(("Function", _, name)) = target.filter(|t| t.kind == "DeclRefExpr").and_then(|t| t.referenced())
            {
                out.push((at, name.to_string()));
            }
        }
        _ => {}
    }
}

/// Writes the value of `n`, of type `ty`, at `at` in `bytes`.
fn fill(n: &Node, ty: &Type, index: &Index, bytes: &mut [u8], at: usize) -> Option<()> {
    match ty {
        Type::Array { elem, len } => {
            let n = strip(n);
            if n.kind != "InitListExpr" {
                return None;
            }
            let size = elem.size()? as usize;
            let items = n.children.iter().filter(|c| !c.kind.ends_with(':'));
            for (i, item) in items.enumerate() {
                if len.is_some_and(|l| i as u64 >= l) || item.kind == "ImplicitValueInitExpr" {
                    continue;
                }
                fill(item, elem, index, bytes, at + i * size)?;
            }
            Some(())
        }
        Type::Int { bits, .. } => {
            let v = match number(n, index)? {
                Num::Int(v) => v,
                Num::Float(f) => f.trunc() as i128,
            };
            write(bytes, at, v as u128, u32::from(*bits))
        }
        Type::Bool => write(bytes, at, u128::from(number(n, index)?.float() != 0.0), 8),
        Type::Float { bits: 32 } => write(bytes, at, u128::from((number(n, index)?.float() as f32).to_bits()), 32),
        Type::Float { bits: 64 } => write(bytes, at, u128::from(number(n, index)?.float().to_bits()), 64),
        _ => None,
    }
}

fn write(bytes: &mut [u8], at: usize, v: u128, bits: u32) -> Option<()> {
    let len = (bits as usize).div_ceil(8);
    let slot = bytes.get_mut(at..at + len)?;
    for (i, b) in slot.iter_mut().enumerate() {
        *b = (v >> (8 * i)) as u8;
    }
    Some(())
}

/// Through casts, parentheses and constant wrappers.
fn strip(mut n: &Node) -> &Node {
    while matches!(
        n.kind.as_str(),
        "ImplicitCastExpr" | "CStyleCastExpr" | "ParenExpr" | "ConstantExpr" | "ExprWithCleanups"
    ) {
        match n.children.iter().rev().find(|c| !c.kind.ends_with(':')) {
            Some(c) => n = c,
            None => return n,
        }
    }
    n
}

/// A constant: an integer exactly, or a float.
#[derive(Clone, Copy)]
enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            Num::Int(v) => v as f64,
            Num::Float(f) => f,
        }
    }
}

/// The number a constant expression is.
fn number(n: &Node, index: &Index) -> Option<Num> {
    let n = strip(n);
    match n.kind.as_str() {
        "IntegerLiteral" | "CharacterLiteral" => n.text.rsplit(' ').next()?.parse::<i128>().ok().map(Num::Int),
        "CXXBoolLiteralExpr" => Some(Num::Int(i128::from(n.text.ends_with("true")))),
        "FloatingLiteral" => index.float_value(n).map(Num::Float),
        "UnaryOperator" if n.text.contains("'-'") => match number(n.children.first()?, index)? {
            Num::Int(v) => Some(Num::Int(-v)),
            Num::Float(f) => Some(Num::Float(-f)),
        },
        "UnaryOperator" if n.text.contains("'+'") => number(n.children.first()?, index),
        _ => None,
    }
}
