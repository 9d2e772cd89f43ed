//! Facts given by hand (`--assume 'n % 32 == 0'`, `gpurace.toml`): C
//! expressions over a kernel's integer parameters, the integer fields of
//! its by-value `struct` parameters (`dim.rows == dim.cols`) and
//! `blockDim`/`gridDim`,
//! evaluated in 64-bit signed arithmetic (no wrap-around: what a person
//! means by `n * 4 < 4096`).

use gpurace_core::arith;
use gpurace_core::c::width;
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, T};
use gpurace_core::Site;
use gpurace_ir::{Kernel, Program, Type};

/// A fact by hand: for one kernel, or for every kernel whose parameters it
/// names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assumption {
    pub kernel: Option<String>,
    pub expr: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Ast {
    Int(i128),
    Name(String),
    Unary(char, Box<Ast>),
    Binary(&'static str, Box<Ast>, Box<Ast>),
}

/// Binary operators by precedence, loosest first.
const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<=", ">=", "<", ">"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

struct Parser<'a> {
    tokens: Vec<&'a str>,
    pos: usize,
}

fn tokenize(text: &str) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_alphanumeric() || c == '_' {
            while i < bytes.len()
                && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'.')
            {
                i += 1;
            }
        } else {
            let two = text.get(i..i + 2).unwrap_or("");
            i += if ["||", "&&", "==", "!=", "<=", ">=", "<<", ">>"].contains(&two) { 2 } else { 1 };
            if !"|&^=!<>+-*/%()~".contains(c) {
                return Err(format!("unexpected `{c}`"));
            }
        }
        out.push(&text[start..i]);
    }
    Ok(out)
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.pos).copied()
    }

    fn binary(&mut self, level: usize) -> Result<Ast, String> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        while let Some(op) = self.peek().and_then(|tok| LEVELS[level].iter().find(|o| **o == tok)) {
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Ast::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Ast, String> {
        let tok = self.peek().ok_or("the expression ends too early")?;
        self.pos += 1;
        match tok {
            "(" => {
                let e = self.binary(0)?;
                if self.peek() != Some(")") {
                    return Err("a `(` is not closed".into());
                }
                self.pos += 1;
                Ok(e)
            }
            "-" | "!" | "~" => Ok(Ast::Unary(tok.chars().next().unwrap_or('-'), Box::new(self.unary()?))),
            _ if tok.starts_with(|c: char| c.is_ascii_digit()) => {
                let digits = tok.trim_end_matches(['u', 'U', 'l', 'L']);
                let v = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                    Some(hex) => i128::from_str_radix(hex, 16),
                    None => digits.parse(),
                };
                v.map(Ast::Int).map_err(|_| format!("`{tok}` is not a number"))
            }
            _ if tok.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => Ok(Ast::Name(tok.to_string())),
            _ => Err(format!("unexpected `{tok}`")),
        }
    }
}

fn parse(text: &str) -> Result<Ast, String> {
    let mut p = Parser { tokens: tokenize(text)?, pos: 0 };
    let e = p.binary(0)?;
    match p.peek() {
        None => Ok(e),
        Some(tok) => Err(format!("unexpected `{tok}`")),
    }
}

/// The names an expression uses.
fn names(ast: &Ast, out: &mut Vec<String>) {
    match ast {
        Ast::Int(_) => {}
        Ast::Name(n) => out.push(n.clone()),
        Ast::Unary(_, a) => names(a, out),
        Ast::Binary(_, a, b) => {
            names(a, out);
            names(b, out);
        }
    }
}

/// Checks that `text` parses; `Err` says why not.
pub fn check_syntax(text: &str) -> Result<(), String> {
    parse(text).map(|_| ())
}

/// What names in a fact by hand refer to: a kernel's parameters, launch
/// sizes and the integer fields of its `struct` parameters. A field is the
/// site's binding of it (`Site::fields`), made a value of its own when the
/// host code did not bind it.
struct Names<'a> {
    program: &'a Program,
    kernel: &'a Kernel,
    site: &'a mut Site,
}

/// The fact `text` states about `kernel` at `site`, as a boolean term;
/// `Ok(None)` when it names something the kernel does not have. A member
/// (`dim.rows`) of a by-value `struct` parameter becomes a field binding
/// of the site.
pub fn fact(program: &Program, kernel: &Kernel, site: &mut Site, text: &str) -> Result<Option<T>, String> {
    let ast = parse(text)?;
    let mut used = Vec::new();
    names(&ast, &mut used);
    let mut names = Names { program, kernel, site };
    if used.iter().any(|n| names.field_type(n).is_none() && leaf_of(kernel, n).is_none()) {
        return Ok(None);
    }
    Ok(Some(t::to_bool(&term(&mut names, &ast))))
}

impl Names<'_> {
    /// The parameter, path and integer type of `param.field.field`.
    fn field_type(&self, name: &str) -> Option<(u32, String, Type)> {
        let mut parts = name.split('.');
        let base = parts.next()?;
        let (i, p) = self.kernel.params.iter().enumerate().find(|(_, p)| p.name == base)?;
        let mut ty = p.ty.clone();
        let mut path = String::new();
        for part in parts {
            let Type::Record { name: record, .. } = &ty else { return None };
            let record = self.program.records.iter().find(|r| &r.name == record)?;
            ty = record.fields.iter().find(|f| f.name == part)?.ty.clone();
            path = format!("{path}.{part}");
        }
        (!path.is_empty() && matches!(ty, Type::Int { .. })).then_some((i as u32, path, ty))
    }

    /// The 64-bit value of a name.
    fn value(&mut self, name: &str) -> Option<T> {
        let Some((param, path, ty)) = self.field_type(name) else { return leaf_of(self.kernel, name) };
        let signed = matches!(ty, Type::Int { signed: true, .. });
        let bound = self.site.fields.iter().find(|(i, p, _)| *i == param && *p == path).map(|(_, _, v)| v.clone());
        let v = bound.unwrap_or_else(|| {
            let w = width(&ty);
            let j = self.site.values.len() as u32;
            self.site.values.push(gpurace_core::HostValue {
                name: name.to_string(),
                width: w,
                signed,
                origin: gpurace_core::Origin::Input,
                span: None,
            });
            let v = t::leaf(Leaf::Host(j), w, t::Deps::default());
            self.site.fields.push((param, path, v.clone()));
            v
        });
        Some(t::resize(&v, 64, signed))
    }
}

/// The 64-bit value of a parameter or launch size.
fn leaf_of(kernel: &Kernel, name: &str) -> Option<T> {
    let no = t::Deps::default();
    let dim = |s: &str| match s {
        "x" => Some(0u8),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    if let Some((base, d)) = name.split_once('.') {
        let d = dim(d)?;
        let leaf = match base {
            "blockDim" => Leaf::BlockDim(d),
            "gridDim" => Leaf::GridDim(d),
            _ => return None,
        };
        return Some(t::resize(&t::leaf(leaf, 32, no), 64, false));
    }
    let (i, p) = kernel.params.iter().enumerate().find(|(_, p)| p.name == name)?;
    match p.ty {
        Type::Int { signed, .. } => {
            let v = t::leaf(Leaf::Param(i as u32), width(&p.ty), no);
            Some(t::resize(&v, 64, signed))
        }
        _ => None,
    }
}

fn term(names: &mut Names<'_>, ast: &Ast) -> T {
    let bv = |x: T| if x.width == 0 { t::bool_to_bv(&x, 64) } else { x };
    match ast {
        Ast::Int(v) => t::constant_i(*v, 64),
        Ast::Name(n) => names.value(n).unwrap_or_else(|| t::constant(0, 64)),
        Ast::Unary(op, a) => {
            let a = bv(term(names, a));
            match op {
                '-' => t::bin(BvOp::Sub, &t::constant(0, 64), &a),
                '~' => t::bin(BvOp::Xor, &a, &t::constant(arith::mask(64), 64)),
                _ => t::bool_to_bv(&t::eq(&a, &t::constant(0, 64)), 64),
            }
        }
        Ast::Binary(op, a, b) => {
            let (a, b) = (bv(term(names, a)), bv(term(names, b)));
            let truth = |x: &T| t::not(&t::eq(x, &t::constant(0, 64)));
            let cmp = |c: T| t::bool_to_bv(&c, 64);
            match *op {
                "||" => cmp(t::or(&truth(&a), &truth(&b))),
                "&&" => cmp(t::and(&truth(&a), &truth(&b))),
                "|" => t::bin(BvOp::Or, &a, &b),
                "^" => t::bin(BvOp::Xor, &a, &b),
                "&" => t::bin(BvOp::And, &a, &b),
                "==" => cmp(t::eq(&a, &b)),
                "!=" => cmp(t::not(&t::eq(&a, &b))),
                "<" => cmp(t::cmp(CmpOp::Slt, &a, &b)),
                "<=" => cmp(t::cmp(CmpOp::Sle, &a, &b)),
                ">" => cmp(t::cmp(CmpOp::Slt, &b, &a)),
                ">=" => cmp(t::cmp(CmpOp::Sle, &b, &a)),
                "<<" => t::bin(BvOp::Shl, &a, &b),
                ">>" => t::bin(BvOp::AShr, &a, &b),
                "+" => t::add(&a, &b),
                "-" => t::bin(BvOp::Sub, &a, &b),
                "*" => t::mul(&a, &b),
                "/" => t::bin(BvOp::SDiv, &a, &b),
                _ => t::bin(BvOp::SRem, &a, &b),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_follows_c() {
        let ast = parse("n % 32 == 0 && n > 1 + 2 * 3").unwrap();
        let Ast::Binary("&&", lhs, rhs) = ast else { panic!("&& binds loosest") };
        assert!(matches!(*lhs, Ast::Binary("==", _, _)));
        let Ast::Binary(">", _, sum) = *rhs else { panic!("> binds looser than +") };
        assert!(matches!(*sum, Ast::Binary("+", _, _)));
    }

    #[test]
    fn bad_expressions_say_why() {
        assert!(parse("n >").is_err());
        assert!(parse("(n").is_err());
        assert!(parse("n $ 2").is_err());
        assert!(parse("n 2").is_err());
        assert_eq!(parse("0x10").unwrap(), Ast::Int(16));
        assert_eq!(parse("blockDim.x").unwrap(), Ast::Name("blockDim.x".into()));
    }
}
