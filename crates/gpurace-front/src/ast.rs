//! Reads clang's textual AST dump (`-Xclang -ast-dump`) into a tree of
//! [`Node`]s, keeping only the top-level declarations that the lowering needs.
//!
//! Why the text dump and not `-ast-dump=json`: on a file that includes
//! `<iostream>` the JSON dump is over 140 MB and takes clang about twice as long
//! as `-fsyntax-only` just to write, while the text dump is ~13 MB and costs
//! ~15% over `-fsyntax-only`. The text format is regular enough: one node a
//! line, a tree prefix whose width gives the depth, the node kind, an address,
//! a source range, and kind-specific fields.
//!
//! Source locations in the dump are relative: `col:N` keeps the last line and
//! file, `line:L:C` keeps the last file, `path:L:C` changes it. So every line
//! is scanned for its locations, even inside declarations that are skipped,
//! but only kept declarations are turned into nodes.

use std::collections::HashMap;
use std::io::BufRead;

/// Nodes nested deeper than this are dropped (their parents lower them as
/// missing children), which bounds the lowering's recursion.
const MAX_DEPTH: usize = 4000;

/// An interned file name; index into [`Dump::files`].
pub type FileIx = u32;

/// A source location of the dump (the spelling location, as clang prints it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Loc {
    pub file: FileIx,
    pub line: u32,
    pub col: u32,
}

impl Loc {
    pub const INVALID: Loc = Loc { file: u32::MAX, line: 0, col: 0 };

    pub fn is_valid(&self) -> bool {
        self.file != u32::MAX
    }
}

/// One AST node: one line of the dump and its children.
#[derive(Debug, Clone)]
pub struct Node {
    pub kind: String,
    pub addr: u64,
    pub begin: Loc,
    pub end: Loc,
    /// The declaration's own location (its name), for declarations.
    pub loc: Option<Loc>,
    /// The previous declaration of the same entity (`prev 0x...`), or 0.
    pub prev: u64,
    /// The rest of the line after the range and location.
    pub text: String,
    pub children: Vec<Node>,
}

/// The kept part of a dump.
#[derive(Debug, Default)]
pub struct Dump {
    pub files: Vec<String>,
    /// Kept top-level declarations (namespaces and `extern "C"` blocks are
    /// kept whole when they start in a kept file).
    pub decls: Vec<Node>,
    /// Lines read, for statistics.
    pub lines: usize,
    /// Every namespace-scope `typedef`/`using` alias, kept or not:
    /// `(name, aliased type)`. Pointers to typedefs are printed sugared
    /// (`'uint32_t *'`), so the lowering resolves them by name.
    pub typedefs: Vec<(String, String)>,
}

/// Decides which top-level declarations to keep, by the file of their location.
pub trait KeepFile {
    fn keep(&self, file: &str) -> bool;
}

impl<F: Fn(&str) -> bool> KeepFile for F {
    fn keep(&self, file: &str) -> bool {
        self(file)
    }
}

/// Parses a whole dump from `input`, keeping top-level declarations whose
/// location is in a file that `keep` accepts.
pub fn parse(input: impl BufRead, keep: &dyn KeepFile) -> std::io::Result<Dump> {
    let mut p = Parser::default();
    let mut keep_cache: HashMap<FileIx, bool> = HashMap::new();
    // Stack of open nodes of the kept top-level declaration, by depth.
    let mut stack: Vec<(usize, Node)> = Vec::new();
    let mut skipping = false;
    let mut dump = Dump::default();
    let mut buf = Vec::new();
    let mut input = input;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        dump.lines += 1;
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        // Valid UTF-8 is the rule; the lossy path only for odd bytes in strings.
        let line = match std::str::from_utf8(&buf) {
            Ok(s) => std::borrow::Cow::Borrowed(s),
            Err(_) => String::from_utf8_lossy(&buf),
        };
        let line: &str = &line;
        let Some((depth, body)) = split_prefix(line) else { continue };
        if depth == 0 {
            // The TranslationUnitDecl itself.
            continue;
        }
        if depth == 1 {
            close_until(&mut stack, 0, &mut dump.decls);
            let parsed = p.parse_line(body);
            if parsed.kind == "TypedefDecl" || parsed.kind == "TypeAliasDecl" {
                let (name, ty) = parsed.decl_name_and_type();
                if !name.is_empty() {
                    dump.typedefs.push((name.to_string(), ty.to_string()));
                }
            }
            let file = decl_file(&parsed, &p.files);
            let kept =
                file != u32::MAX && *keep_cache.entry(file).or_insert_with(|| keep.keep(&p.files[file as usize]));
            skipping = !kept;
            if kept {
                stack.push((1, parsed));
            }
            continue;
        }
        if skipping {
            p.scan_locations(body);
            continue;
        }
        let node = p.parse_line(body);
        close_until(&mut stack, depth - 1, &mut dump.decls);
        if depth > MAX_DEPTH {
            // Deeper than any real program: dropped, and lowered as missing.
            continue;
        }
        stack.push((depth, node));
    }
    close_until(&mut stack, 0, &mut dump.decls);
    dump.files = p.files;
    Ok(dump)
}

/// The file a declaration belongs to: the file of its name, unless the name
/// was made by token pasting (`<scratch space>`) or comes from the command
/// line, where the file of its first token is the one that wrote it.
pub fn decl_file(node: &Node, files: &[String]) -> FileIx {
    let loc = node.loc.filter(Loc::is_valid).unwrap_or(node.begin);
    let synthetic = files.get(loc.file as usize).is_some_and(|f| f.starts_with('<'));
    if synthetic && node.begin.is_valid() {
        node.begin.file
    } else {
        loc.file
    }
}

/// Pops nodes deeper than `depth` off the stack, attaching each to its parent.
fn close_until(stack: &mut Vec<(usize, Node)>, depth: usize, out: &mut Vec<Node>) {
    while let Some((d, _)) = stack.last() {
        if *d <= depth {
            break;
        }
        let Some((d, node)) = stack.pop() else { break };
        let node = unresolved_operator(node);
        match stack.last_mut() {
            // A constant's computed value (`value: Int 256`) beside its
            // initializer: only a `ConstantExpr` reads it; elsewhere the
            // initializer says the same, in terms the lowering may not fold.
            // A variable keeps an integer value as `folded=N` in its text.
            Some((pd, parent)) if *pd < d && node.kind == "value:" && parent.kind != "ConstantExpr" => {
                if let Some(v) = node.text.strip_prefix("Int ").filter(|_| parent.kind == "VarDecl") {
                    parent.text = format!("{} folded={}", parent.text, v.trim());
                }
            }
            Some((pd, parent)) if *pd < d => parent.children.push(node),
            _ => out.push(node),
        }
    }
}

/// An operator that a template's pattern leaves unresolved (`a * x[i]` with
/// `a` of type `T`, once any `operator*` is declared) is a
/// `CXXOperatorCallExpr` whose callee is an `UnresolvedLookupExpr`: it is
/// read as the built-in operator, which is what it is for built-in types (an
/// instantiation is lowered from clang's own resolution). Increments, whose
/// prefix and postfix forms the dump does not tell apart, are left as calls.
fn unresolved_operator(mut node: Node) -> Node {
    if node.kind != "CXXOperatorCallExpr" || node.children.first().is_none_or(|c| c.kind != "UnresolvedLookupExpr") {
        return node;
    }
    let op = node.last_quoted().to_string();
    let kind = match (node.children.len() - 1, op.as_str()) {
        (2, "+" | "-" | "*" | "/" | "%" | "<<" | ">>" | "&" | "|" | "^" | "&&" | "||")
        | (2, "==" | "!=" | "<" | ">" | "<=" | ">=" | "=" | ",") => "BinaryOperator",
        (2, "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "|=" | "^=") => "CompoundAssignOperator",
        (1, "*" | "&" | "-" | "+" | "!" | "~") => "UnaryOperator",
        _ => return node,
    };
    node.children.remove(0);
    node.kind = kind.to_string();
    if kind == "UnaryOperator" {
        node.text = format!("'<dependent type>' prefix '{op}'");
    }
    node
}

/// Splits the tree prefix (`| `, `  `, `|-`, `` `- ``) off a line and returns
/// the depth (0 for the root).
fn split_prefix(line: &str) -> Option<(usize, &str)> {
    let bytes = line.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'|', b' ') | (b' ', b' ') => i += 2,
            (b'|', b'-') | (b'`', b'-') => return Some((i / 2 + 1, &line[i + 2..])),
            _ => break,
        }
    }
    if i == 0 && !line.is_empty() {
        return Some((0, line));
    }
    // A continuation line (text that contained a newline): ignore it.
    None
}

/// The leading fields of a dump line.
struct Header<'l> {
    kind: &'l str,
    addr: u64,
    prev: u64,
    begin: Loc,
    end: Loc,
    loc: Option<Loc>,
    rest: &'l str,
}

#[derive(Default)]
struct Parser {
    files: Vec<String>,
    file_ids: HashMap<String, FileIx>,
    last_file: FileIx,
    last_line: u32,
}

impl Parser {
    fn intern(&mut self, name: &str) -> FileIx {
        if let Some(&id) = self.file_ids.get(name) {
            return id;
        }
        let id = self.files.len() as FileIx;
        self.files.push(name.to_string());
        self.file_ids.insert(name.to_string(), id);
        id
    }

    /// Parses one location token (`col:N`, `line:L:C`, `path:L:C`) and updates
    /// the relative-location state. `<invalid sloc>` gives [`Loc::INVALID`].
    fn location(&mut self, tok: &str) -> Option<Loc> {
        if tok.starts_with("<invalid sloc>") || tok.starts_with("<<invalid") {
            return Some(Loc::INVALID);
        }
        if let Some(c) = tok.strip_prefix("col:") {
            let col = c.parse().ok()?;
            return Some(Loc { file: self.last_file, line: self.last_line, col });
        }
        if let Some(rest) = tok.strip_prefix("line:") {
            let (l, c) = rest.split_once(':')?;
            let (line, col) = (l.parse().ok()?, c.parse().ok()?);
            self.last_line = line;
            return Some(Loc { file: self.last_file, line, col });
        }
        // path:L:C, where the path may itself contain ':' (rarely).
        let (rest, c) = tok.rsplit_once(':')?;
        let (path, l) = rest.rsplit_once(':')?;
        let (line, col) = (l.parse().ok()?, c.parse().ok()?);
        if path.is_empty() {
            return None;
        }
        let file = self.intern(path);
        self.last_file = file;
        self.last_line = line;
        Some(Loc { file, line, col })
    }

    /// Parses a range body `a, b` or `a` (the text between the outer `<>`).
    fn range(&mut self, inner: &str) -> (Loc, Loc) {
        // Macro locations print as `loc <Spelling=loc>`; take the first part of each side.
        let (first, second) = match top_level_comma(inner) {
            Some(i) => (&inner[..i], Some(&inner[i + 1..])),
            None => (inner, None),
        };
        let begin = self.spelled(first);
        let end = match second {
            Some(s) => self.spelled(s),
            None => begin,
        };
        (begin, end)
    }

    fn spelled(&mut self, part: &str) -> Loc {
        let part = part.trim();
        if part.starts_with("<invalid sloc>") || part.is_empty() {
            return Loc::INVALID;
        }
        let spelled_elsewhere = part.as_bytes().contains(&b'<');
        let split = if spelled_elsewhere { part.split_once(" <Spelling=") } else { None };
        let (main, spelling) = match split {
            Some((m, s)) => (m, Some(s.trim_end_matches('>'))),
            None => (part, None),
        };
        let loc = self.location(main).unwrap_or(Loc::INVALID);
        if let Some(s) = spelling {
            // Keep the relative-location state in step with what clang printed.
            let _ = self.location(s);
        }
        loc
    }

    /// Parses `Kind [0xADDR] [<range>] [loc] rest`.
    /// Parses `Kind [0xADDR] [prev 0x..] [<range>] [loc] rest` into a node.
    fn parse_line(&mut self, body: &str) -> Node {
        let h = self.header(body);
        Node {
            kind: h.kind.to_string(),
            addr: h.addr,
            begin: h.begin,
            end: h.end,
            loc: h.loc,
            prev: h.prev,
            text: h.rest.to_string(),
            children: Vec::new(),
        }
    }

    /// The fields every line starts with, without allocating; keeps the
    /// relative-location state in step.
    fn header<'l>(&mut self, body: &'l str) -> Header<'l> {
        let (kind, mut rest) = match body.find(' ') {
            Some(i) => (&body[..i], &body[i + 1..]),
            None => (body, ""),
        };
        let mut addr = 0;
        if let Some(r) = rest.strip_prefix("0x") {
            let end = r.find(' ').unwrap_or(r.len());
            addr = u64::from_str_radix(&r[..end], 16).unwrap_or(0);
            rest = r[end..].trim_start();
        }
        let mut prev = 0;
        // `parent 0x..` and `prev 0x..` come between the address and the range.
        loop {
            let (word, is_prev) = if rest.starts_with("prev 0x") {
                ("prev 0x", true)
            } else if rest.starts_with("parent 0x") {
                ("parent 0x", false)
            } else {
                break;
            };
            let r = &rest[word.len()..];
            let end = r.find(' ').unwrap_or(r.len());
            if is_prev {
                prev = u64::from_str_radix(&r[..end], 16).unwrap_or(0);
            }
            rest = r[end..].trim_start();
        }
        let (mut begin, mut end) = (Loc::INVALID, Loc::INVALID);
        if rest.starts_with('<') {
            if let Some(close) = matching_angle(rest) {
                let inner = &rest[1..close];
                (begin, end) = self.range(inner);
                rest = rest[close + 1..].trim_start();
            }
        }
        let mut loc = None;
        // `<scratch space>:L:C` and `<built-in>:L:C` contain a space or angle brackets.
        let tok_end = if rest.starts_with('<') && !rest.starts_with("<invalid sloc>") {
            rest.find('>').map(|i| i + 1 + rest[i + 1..].find(' ').unwrap_or(rest.len() - i - 1)).unwrap_or(0)
        } else {
            rest.find(' ').unwrap_or(rest.len())
        };
        let tok = &rest[..tok_end];
        if looks_like_location(tok) {
            loc = self.location(tok);
            rest = rest[tok_end..].trim_start();
        } else if rest.starts_with("<invalid sloc>") {
            loc = Some(Loc::INVALID);
            rest = rest["<invalid sloc>".len()..].trim_start();
        }
        Header { kind, addr, prev, begin, end, loc, rest }
    }

    /// Updates the location state from a line that is not kept.
    fn scan_locations(&mut self, body: &str) {
        let _ = self.header(body);
    }
}

fn looks_like_location(tok: &str) -> bool {
    if tok.starts_with("col:") || tok.starts_with("line:") {
        return true;
    }
    // path:L:C
    let mut it = tok.rsplitn(3, ':');
    let (Some(c), Some(l), Some(p)) = (it.next(), it.next(), it.next()) else { return false };
    !p.is_empty()
        && !p.starts_with('\'')
        && c.bytes().all(|b| b.is_ascii_digit())
        && !c.is_empty()
        && l.bytes().all(|b| b.is_ascii_digit())
        && !l.is_empty()
}

/// Index of the `>` matching the `<` at position 0.
fn matching_angle(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The first comma of `s` outside angle brackets.
fn top_level_comma(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The single-quoted strings of a node's text, in order (`'int *'`,
/// `'size_type':'unsigned long'` gives both parts).
pub fn quoted(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('\'') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('\'') else { break };
        out.push(&after[..end]);
        rest = &after[end + 1..];
    }
    out
}

/// A placeholder for a child that a damaged or unusual dump lacks: lowering
/// it gives an `unknown`, never a panic.
pub fn missing() -> &'static Node {
    static MISSING: std::sync::OnceLock<Node> = std::sync::OnceLock::new();
    MISSING.get_or_init(|| Node {
        kind: "<<<NULL>>>".to_string(),
        addr: 0,
        begin: Loc::INVALID,
        end: Loc::INVALID,
        loc: None,
        prev: 0,
        text: String::new(),
        children: Vec::new(),
    })
}

impl Node {
    /// Child `i`, or [`missing`] when there is none.
    pub fn kid(&self, i: usize) -> &Node {
        self.children.get(i).unwrap_or_else(|| missing())
    }

    /// The expression or declaration type: the desugared form when clang
    /// prints `'sugar':'desugared'`, else the only form.
    pub fn ty(&self) -> &str {
        type_after(&self.text, 0)
    }

    /// The cast kind of a cast expression, `<LValueToRValue>`.
    pub fn cast_kind(&self) -> &str {
        let t = &self.text;
        let Some(s) = t.rfind(" <") else {
            return t.strip_prefix('<').and_then(|r| r.split('>').next()).unwrap_or("");
        };
        // `<UncheckedDerivedToBase (s)>` names the base class after the kind.
        t[s + 2..].split(['>', ' ']).next().unwrap_or("")
    }

    /// The last single-quoted string (operator of a `BinaryOperator`, ...).
    pub fn last_quoted(&self) -> &str {
        quoted(&self.text).last().copied().unwrap_or("")
    }

    /// Children that are not attributes or comments.
    pub fn has_child(&self, kind: &str) -> bool {
        self.children.iter().any(|c| c.kind == kind)
    }

    pub fn child(&self, kind: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.kind == kind)
    }

    /// For a declaration: `(name, type)`, from text like
    /// `used tid 'int' cinit`. Unnamed declarations give an empty name.
    pub fn decl_name_and_type(&self) -> (&str, &str) {
        let text = &self.text;
        let q = text.find('\'').unwrap_or(text.len());
        let before = text[..q].trim_end();
        let name = before.rsplit(' ').next().unwrap_or("");
        let name = match name {
            "used" | "referenced" | "implicit" | "constexpr" | "invalid" => "",
            n => n,
        };
        (name, type_after(text, q))
    }

    /// Whether the text carries the given flag word (e.g. `extern`, `static`).
    pub fn has_flag(&self, flag: &str) -> bool {
        let text = strip_quoted(&self.text);
        text.split(' ').any(|w| w == flag)
    }

    /// The referenced declaration of a `DeclRefExpr`/`MemberExpr`:
    /// `(kind, address, name)`, e.g. `("ParmVar", 0x.., "a")`.
    pub fn referenced(&self) -> Option<(&str, u64, &str)> {
        let text = &self.text;
        let (i, _) = text.match_indices(" 0x").next()?;
        let before = &text[..i];
        let kind = before.rsplit(' ').next().unwrap_or("");
        let after = &text[i + 3..];
        let end = after.find(' ').unwrap_or(after.len());
        let addr = u64::from_str_radix(&after[..end], 16).ok()?;
        let name = quoted(&after[end..]).first().copied().unwrap_or("");
        Some((kind, addr, name))
    }

    /// The address right after the kind (`CXXRecord 0x55.. ''`), for
    /// reference nodes that have no address of their own.
    pub fn referenced_addr(&self) -> Option<u64> {
        if self.addr != 0 {
            return Some(self.addr);
        }
        let t = self.text.strip_prefix("0x")?;
        u64::from_str_radix(t.split(' ').next()?, 16).ok()
    }

    /// The member name of a `MemberExpr`: `.x` / `->data`.
    pub fn member(&self) -> Option<(bool, &str)> {
        let text = strip_quoted_prefix(&self.text);
        for w in text.split(' ') {
            if let Some(n) = w.strip_prefix("->") {
                return Some((true, n));
            }
            if let Some(n) = w.strip_prefix('.') {
                return Some((false, n));
            }
        }
        None
    }
}

/// The type quoted at or after byte `from`, preferring the desugared part.
fn type_after(text: &str, from: usize) -> &str {
    let Some(s) = text[from..].find('\'') else { return "" };
    let start = from + s + 1;
    let Some(e) = text[start..].find('\'') else { return "" };
    let sugared = &text[start..start + e];
    let after = &text[start + e + 1..];
    if let Some(rest) = after.strip_prefix(":'") {
        if let Some(e2) = rest.find('\'') {
            return &rest[..e2];
        }
    }
    sugared
}

fn strip_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inq = false;
    for c in text.chars() {
        if c == '\'' {
            inq = !inq;
            continue;
        }
        if !inq {
            out.push(c);
        }
    }
    out
}

/// The text after all leading quoted types (`'int' lvalue .x 0x..` -> ` lvalue .x 0x..`).
fn strip_quoted_prefix(text: &str) -> &str {
    match text.rfind('\'') {
        Some(i) => &text[i + 1..],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUMP: &str = "TranslationUnitDecl 0x1 <<invalid sloc>> <invalid sloc>
|-TypedefDecl 0x2 </usr/include/x.h:3:1, col:20> col:15 size_t 'unsigned long'
| `-BuiltinType 0x3 'unsigned long'
|-FunctionDecl 0x4 <line:9:1, k.cu:2:30> col:17 k 'void (int *)'
| |-ParmVarDecl 0x5 <col:19, col:24> col:24 used a 'int *'
| `-CompoundStmt 0x6 <col:27, line:4:1>
|   `-BinaryOperator 0x7 <line:3:3, col:12> 'int' lvalue '='
|     |-ArraySubscriptExpr 0x8 <col:3, col:8> 'int' lvalue
|     | |-ImplicitCastExpr 0x9 <col:3> 'int *' <LValueToRValue>
|     | | `-DeclRefExpr 0xa <col:3> 'int *' lvalue ParmVar 0x5 'a' 'int *'
|     | `-IntegerLiteral 0xb <col:5> 'int' 0
|     `-IntegerLiteral 0xc <col:12> 'int' 1
`-VarDecl 0xd </usr/include/y.h:1:1, col:5> col:5 y 'size_type':'unsigned long'
";

    #[test]
    fn keeps_user_declarations_and_tracks_relative_locations() {
        let keep = |f: &str| !f.starts_with("/usr/");
        let dump = parse(DUMP.as_bytes(), &keep).unwrap();
        assert_eq!(dump.decls.len(), 1);
        let k = &dump.decls[0];
        assert_eq!(k.kind, "FunctionDecl");
        assert_eq!(dump.files[k.loc.unwrap().file as usize], "k.cu");
        assert_eq!(k.decl_name_and_type(), ("k", "void (int *)"));
        let body = &k.children[1];
        let assign = &body.children[0];
        assert_eq!(assign.begin.line, 3);
        assert_eq!(assign.last_quoted(), "=");
        let sub = &assign.children[0];
        let cast = &sub.children[0];
        assert_eq!(cast.cast_kind(), "LValueToRValue");
        assert_eq!(cast.children[0].referenced(), Some(("ParmVar", 5, "a")));
        assert_eq!(sub.children[1].begin, Loc { file: k.loc.unwrap().file, line: 3, col: 5 });
    }

    #[test]
    fn desugared_type_is_preferred() {
        let n = Node {
            kind: "VarDecl".into(),
            addr: 0,
            begin: Loc::INVALID,
            end: Loc::INVALID,
            loc: None,
            prev: 0,
            text: "used y 'size_type':'unsigned long' cinit".into(),
            children: vec![],
        };
        assert_eq!(n.decl_name_and_type(), ("y", "unsigned long"));
        assert!(n.has_flag("cinit"));
    }
}
