//! Inline PTX: reads the source text of a GNU `asm` statement (clang's
//! dump of a `GCCAsmStmt` keeps neither its template nor its constraints)
//! and splits its template into PTX instructions and operands. No IR here:
//! `lower/asm.rs` maps the instructions to IR. Bad input is an `Err` or an
//! instruction the lowering does not know, never a panic.

/// One operand of an `asm` statement: its constraint (`"=r"`, `"l"`) and
/// its symbolic name (`[x] "r"(v)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operand {
    pub constraint: String,
    pub name: Option<String>,
}

impl Operand {
    /// `"+r"`: the output's old value is an input too.
    pub fn read_write(&self) -> bool {
        self.constraint.contains('+')
    }
}

/// An `asm [volatile] ("template" : outputs : inputs : clobbers)` statement.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AsmStmt {
    /// The template, adjacent string literals joined and C escapes decoded.
    pub template: String,
    pub outputs: Vec<Operand>,
    pub inputs: Vec<Operand>,
    pub clobbers: Vec<String>,
    /// Basic `asm("...")` without operand sections: `%` is not special.
    pub basic: bool,
}

/// A character cursor over the statement's source text.
struct Cursor<'s> {
    s: &'s [u8],
    i: usize,
}

impl Cursor<'_> {
    fn skip_space(&mut self) {
        loop {
            while self.s.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
                self.i += 1;
            }
            let rest = &self.s[self.i.min(self.s.len())..];
            if rest.starts_with(b"//") {
                while self.s.get(self.i).is_some_and(|c| *c != b'\n') {
                    self.i += 1;
                }
            } else if rest.starts_with(b"/*") {
                let end = rest[2..].windows(2).position(|w| w == b"*/").map_or(rest.len(), |p| p + 4);
                self.i += end;
            } else if rest.starts_with(b"\\\n") {
                self.i += 2;
            } else {
                return;
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected `{}`", c as char))
        }
    }

    fn ident(&mut self) -> Option<String> {
        self.peek()?;
        let start = self.i;
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
            self.i += 1;
        }
        (self.i > start).then(|| String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    /// One C string literal, escapes decoded.
    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else { return Err("unterminated string literal".into()) };
            self.i += 1;
            match c {
                b'"' => return Ok(String::from_utf8_lossy(&out).into_owned()),
                b'\n' => return Err("newline in a string literal".into()),
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else { return Err("unterminated string literal".into()) };
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'0' => out.push(0),
                        b'\n' => {}
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
    }

    /// Adjacent string literals, joined.
    fn strings(&mut self) -> Result<String, String> {
        let mut out = self.string()?;
        while self.peek() == Some(b'"') {
            out.push_str(&self.string()?);
        }
        Ok(out)
    }

    /// Skips a parenthesised C expression (the cursor is on its `(`).
    fn skip_parens(&mut self) -> Result<(), String> {
        self.expect(b'(')?;
        let mut depth = 1;
        while depth > 0 {
            let Some(&c) = self.s.get(self.i) else { return Err("unbalanced parentheses".into()) };
            match c {
                b'(' => depth += 1,
                b')' => depth -= 1,
                b'"' | b'\'' => {
                    let quote = c;
                    self.i += 1;
                    while let Some(&d) = self.s.get(self.i) {
                        if d == b'\\' {
                            self.i += 1;
                        } else if d == quote {
                            break;
                        }
                        self.i += 1;
                    }
                }
                _ => {}
            }
            self.i += 1;
        }
        Ok(())
    }

    /// `[name] "constraint" (expr), ...` up to the next `:` or `)`.
    fn operands(&mut self) -> Result<Vec<Operand>, String> {
        let mut out = Vec::new();
        while !matches!(self.peek(), Some(b':' | b')') | None) {
            let name = if self.eat(b'[') {
                let n = self.ident().ok_or("expected an operand name")?;
                self.expect(b']')?;
                Some(n)
            } else {
                None
            };
            let constraint = self.strings()?;
            if self.peek() != Some(b'(') {
                return Err("expected an operand expression".into());
            }
            self.skip_parens()?;
            out.push(Operand { constraint, name });
            if !self.eat(b',') {
                break;
            }
        }
        Ok(out)
    }
}

/// Parses the source text of an `asm` statement, from its first token.
pub fn parse_asm(src: &str) -> Result<AsmStmt, String> {
    let mut c = Cursor { s: src.as_bytes(), i: 0 };
    match c.ident().as_deref() {
        Some("asm" | "__asm" | "__asm__") => {}
        _ => return Err("the text there is not an `asm` statement (a macro?)".into()),
    }
    while c.peek().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
        match c.ident().as_deref() {
            Some("volatile" | "__volatile__" | "__volatile" | "inline" | "__inline" | "__inline__" | "goto") => {}
            _ => return Err("unexpected word after `asm`".into()),
        }
    }
    c.expect(b'(')?;
    if c.peek() != Some(b'"') {
        return Err("the template is not a string literal".into());
    }
    let mut stmt = AsmStmt { template: c.strings()?, basic: true, ..AsmStmt::default() };
    for section in 0..3 {
        if !c.eat(b':') {
            break;
        }
        stmt.basic = false;
        match section {
            0 => stmt.outputs = c.operands()?,
            1 => stmt.inputs = c.operands()?,
            _ => {
                while c.peek() == Some(b'"') {
                    stmt.clobbers.push(c.strings()?);
                    if !c.eat(b',') {
                        break;
                    }
                }
            }
        }
    }
    if c.eat(b':') {
        // `asm goto`'s labels.
        while c.ident().is_some() && c.eat(b',') {}
    }
    c.expect(b')')?;
    Ok(stmt)
}

/// One PTX operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// `%N`: the asm statement's operand N (outputs first, then inputs).
    Op(usize),
    /// `%%laneid`, `%%tid.x`: a special register (without the `%`).
    Special(String),
    /// A register the template declares (`p`, `r1`).
    Local(String),
    Imm(i128),
    /// `!p`.
    Not(Box<Arg>),
    /// `[base+offset]`.
    Mem {
        base: Box<Arg>,
        offset: i128,
    },
    /// `{a, b}`.
    Vector(Vec<Arg>),
    /// `d|p` (a result and its predicate).
    Pair(Box<Arg>, Box<Arg>),
    /// Anything else (a float literal, a label).
    Other(String),
}

/// One PTX instruction of a template.
#[derive(Debug, Clone, PartialEq)]
pub struct Insn {
    /// `@p` / `@!p`: the guard and whether it is negated.
    pub guard: Option<(bool, Arg)>,
    /// Executed or not depending on control flow inside the template (after
    /// a label or a branch).
    pub maybe_skipped: bool,
    /// The dotted opcode: `ld.global.v2.u32`.
    pub opcode: String,
    pub args: Vec<Arg>,
}

impl Insn {
    /// The opcode's parts: `["ld", "global", "v2", "u32"]`.
    pub fn parts(&self) -> Vec<&str> {
        self.opcode.split('.').filter(|p| !p.is_empty()).collect()
    }

    /// Whether a part of the opcode is `q`.
    pub fn has(&self, q: &str) -> bool {
        self.opcode.split('.').skip(1).any(|p| p == q)
    }
}

/// Strips `//` and `/* */` comments from a template.
fn strip_comments(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.find('\n').map_or("", |p| &r[p..]);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map_or("", |p| &r[p + 2..]);
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// Splits at commas outside `[]` and `{}`.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

fn parse_int(s: &str) -> Option<i128> {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r.trim()),
        None => (false, s),
    };
    let s = s.trim_end_matches(['U', 'u']);
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if s.len() > 1 && s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit()) {
        i128::from_str_radix(&s[1..], 8).ok()?
    } else {
        s.parse().ok()?
    };
    Some(if neg { -v } else { v })
}

/// One operand's text as an [`Arg`]; `names` are the asm statement's
/// operand names, by position.
fn parse_arg(s: &str, names: &[Option<String>], basic: bool) -> Arg {
    let s = s.trim();
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let inner = inner.trim();
        let split = inner.char_indices().skip(1).find(|(_, c)| *c == '+' || *c == '-').map(|(i, _)| i);
        let (base, offset) = match split {
            Some(i) => {
                let off = inner[i + 1..].trim();
                let off = if &inner[i..=i] == "-" { format!("-{off}") } else { off.to_string() };
                match parse_int(&off) {
                    Some(o) => (&inner[..i], o),
                    None => return Arg::Other(s.to_string()),
                }
            }
            None => (inner, 0),
        };
        return Arg::Mem { base: Box::new(parse_arg(base, names, basic)), offset };
    }
    if let Some(inner) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        return Arg::Vector(split_top(inner).into_iter().map(|a| parse_arg(a, names, basic)).collect());
    }
    if let Some((a, b)) = s.split_once('|') {
        return Arg::Pair(Box::new(parse_arg(a, names, basic)), Box::new(parse_arg(b, names, basic)));
    }
    if let Some(r) = s.strip_prefix('!') {
        return Arg::Not(Box::new(parse_arg(r, names, basic)));
    }
    if let Some(r) = s.strip_prefix("%%") {
        return Arg::Special(r.to_string());
    }
    if let Some(r) = s.strip_prefix('%') {
        if basic {
            return Arg::Special(r.to_string());
        }
        if let Ok(n) = r.parse::<usize>() {
            return Arg::Op(n);
        }
        if let Some(name) = r.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            if let Some(i) = names.iter().position(|n| n.as_deref() == Some(name)) {
                return Arg::Op(i);
            }
        }
        return Arg::Other(s.to_string());
    }
    if let Some(v) = parse_int(s) {
        return Arg::Imm(v);
    }
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
        return Arg::Local(s.to_string());
    }
    Arg::Other(s.to_string())
}

/// Splits a template into its instructions. Scope braces, `.reg`
/// declarations and labels are dropped; after a label or a branch every
/// instruction is `maybe_skipped`.
pub fn instructions(template: &str, names: &[Option<String>], basic: bool) -> Vec<Insn> {
    let text = strip_comments(template);
    let mut out = Vec::new();
    let mut branchy = false;
    for piece in text.split(';') {
        let mut s = piece.trim_start_matches(|c: char| c.is_whitespace() || c == '{' || c == '}').trim();
        // Labels: `L1:` (a `::` belongs to an opcode such as `.L1::no_allocate`).
        while let Some(p) = s.find(':') {
            let label = &s[..p];
            let is_label = !label.is_empty()
                && !s[p..].starts_with("::")
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
            if !is_label {
                break;
            }
            branchy = true;
            s = s[p + 1..].trim_start_matches(|c: char| c.is_whitespace() || c == '{' || c == '}').trim();
        }
        if s.is_empty() || s.starts_with('.') {
            continue;
        }
        let mut guard = None;
        if let Some(r) = s.strip_prefix('@') {
            let end = r.find(char::is_whitespace).unwrap_or(r.len());
            let g = &r[..end];
            let (neg, reg) = match g.strip_prefix('!') {
                Some(x) => (true, x),
                None => (false, g),
            };
            guard = Some((neg, parse_arg(reg, names, basic)));
            s = r[end..].trim();
        }
        let end = s.find(char::is_whitespace).unwrap_or(s.len());
        let opcode = s[..end].to_string();
        let args = split_top(&s[end..]).into_iter().map(|a| parse_arg(a, names, basic)).collect();
        let maybe_skipped = branchy;
        if opcode == "bra" || opcode.starts_with("bra.") || opcode == "brx.idx" {
            branchy = true;
        }
        out.push(Insn { guard, maybe_skipped, opcode, args });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asm_statement_sections_and_escapes() {
        let s = parse_asm(
            "asm volatile(\"ld.global.u32 %0, [%1];\\n\\t\"\n  \"st.shared.u32 [%2], %0;\" : \"=r\"(v) : \"l\"(f(p, (q))), \"r\"(a) : \"memory\");",
        )
        .unwrap();
        assert_eq!(s.template, "ld.global.u32 %0, [%1];\n\tst.shared.u32 [%2], %0;");
        assert_eq!(s.outputs.len(), 1);
        assert_eq!(s.outputs[0].constraint, "=r");
        assert_eq!(s.inputs.iter().map(|o| o.constraint.as_str()).collect::<Vec<_>>(), ["l", "r"]);
        assert_eq!(s.clobbers, ["memory"]);
        assert!(!s.basic);
    }

    #[test]
    fn compiler_barrier_and_named_operands() {
        let s = parse_asm("__asm__ __volatile__(\"\" ::: \"memory\")").unwrap();
        assert!(s.template.is_empty() && s.outputs.is_empty() && s.inputs.is_empty());
        assert_eq!(s.clobbers, ["memory"]);
        let s = parse_asm("asm(\"mov.u32 %[d], %%laneid;\" : [d] \"=r\"(lane))").unwrap();
        let names: Vec<_> = s.outputs.iter().map(|o| o.name.clone()).collect();
        let insns = instructions(&s.template, &names, s.basic);
        assert_eq!(insns[0].args, [Arg::Op(0), Arg::Special("laneid".into())]);
        assert!(s.outputs[0].constraint == "=r" && !s.outputs[0].read_write());
    }

    #[test]
    fn bad_input_is_an_error() {
        for src in ["ASM_MACRO(x)", "asm(", "asm(\"x", "asm(TEMPLATE : \"=r\"(x))", "asm(\"x\" : \"=r\"(x", "", "asm"] {
            assert!(parse_asm(src).is_err(), "{src}");
        }
        // Operand text that is not an operand, braces that do not match.
        for t in ["{ { ld [%0+x]; } } }", "@ ;;; %", "mov.u32 %0, %[nope];", "\u{e9}\u{e9};{"] {
            let _ = instructions(t, &[], false);
        }
    }

    #[test]
    fn template_splits_into_instructions() {
        let t = "{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\t@!p st.global.v2.u32 [%0+8], {%1, %2};\n}\n\
                 shfl.sync.idx.b32 %0|p, %1, 0x1f, 0x1f, 0xffffffff; // comment\n\
                 L1: bar.sync 0;\n";
        let i = instructions(t, &[], false);
        assert_eq!(
            i.iter().map(|x| x.opcode.as_str()).collect::<Vec<_>>(),
            ["setp.ne.u32", "st.global.v2.u32", "shfl.sync.idx.b32", "bar.sync"]
        );
        assert_eq!(i[1].guard, Some((true, Arg::Local("p".into()))));
        assert_eq!(
            i[1].args,
            [Arg::Mem { base: Box::new(Arg::Op(0)), offset: 8 }, Arg::Vector(vec![Arg::Op(1), Arg::Op(2)])]
        );
        assert_eq!(i[2].args[0], Arg::Pair(Box::new(Arg::Op(0)), Box::new(Arg::Local("p".into()))));
        assert_eq!(i[2].args[2], Arg::Imm(31));
        assert!(i[3].maybe_skipped && !i[2].maybe_skipped);
        assert!(i[1].has("v2") && i[1].parts()[0] == "st");
        let l1 = instructions("ld.global.L1::no_allocate.u32 %0, [%1-4];", &[], false);
        assert_eq!(l1[0].opcode, "ld.global.L1::no_allocate.u32");
        assert_eq!(l1[0].args[1], Arg::Mem { base: Box::new(Arg::Op(1)), offset: -4 });
    }
}
