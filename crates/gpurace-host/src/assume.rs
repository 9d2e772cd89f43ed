//! Facts given by hand (`--assume 'n % 32 == 0'`, `gpurace.toml`): C
//! expressions over a kernel's integer parameters and `blockDim`/`gridDim`,
//! evaluated in 64-bit signed arithmetic (no wrap-around: what a person
//! means by `n * 4 < 4096`).

use gpurace_core::arith;
use gpurace_core::c::width;
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, T};
use gpurace_ir::{Kernel, Type};

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

/// The fact `text` states about `kernel`, as a boolean term; `Ok(None)`
/// when it names something the kernel does not have.
pub fn fact(kernel: &Kernel, text: &str) -> Result<Option<T>, String> {
    let ast = parse(text)?;
    let mut used = Vec::new();
    names(&ast, &mut used);
    if used.iter().any(|n| leaf_of(kernel, n).is_none()) {
        return Ok(None);
    }
    Ok(Some(t::to_bool(&term(kernel, &ast))))
}

/// The 64-bit value of a name.
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

fn term(kernel: &Kernel, ast: &Ast) -> T {
    let bv = |x: T| if x.width == 0 { t::bool_to_bv(&x, 64) } else { x };
    match ast {
        Ast::Int(v) => t::constant_i(*v, 64),
        Ast::Name(n) => leaf_of(kernel, n).unwrap_or_else(|| t::constant(0, 64)),
        Ast::Unary(op, a) => {
            let a = bv(term(kernel, a));
            match op {
                '-' => t::bin(BvOp::Sub, &t::constant(0, 64), &a),
                '~' => t::bin(BvOp::Xor, &a, &t::constant(arith::mask(64), 64)),
                _ => t::bool_to_bv(&t::eq(&a, &t::constant(0, 64)), 64),
            }
        }
        Ast::Binary(op, a, b) => {
            let (a, b) = (bv(term(kernel, a)), bv(term(kernel, b)));
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
