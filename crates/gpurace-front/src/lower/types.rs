//! C type strings as clang prints them (`'const unsigned int *'`) to IR types.

use std::collections::HashMap;

use gpurace_ir::{Field, Record, Type};

use crate::ast::Node;

/// Record layouts and enum names known to the lowering.
#[derive(Default)]
pub struct TypeTable {
    /// Record definitions by name, computed on first use.
    pub defs: HashMap<String, Vec<(String, String)>>,
    pub layouts: HashMap<String, Option<Record>>,
    pub enums: std::collections::HashSet<String>,
    /// Values an enum without a fixed underlying type can hold (C++
    /// [dcl.enum]/8: the range of the smallest bit-field that holds every
    /// enumerator), by enum name.
    pub enum_ranges: std::collections::HashMap<String, (i128, i128)>,
    /// Typedef name to aliased type spelling.
    pub typedefs: HashMap<String, String>,
    /// Typedef resolution depth, against alias cycles.
    depth: u32,
    /// Specialization spellings that two different records claim.
    ambiguous: std::collections::HashSet<String>,
    /// Records that are unions: every field at offset 0.
    unions: std::collections::HashSet<String>,
    /// What each typedef local to a function being lowered replaced, to be
    /// put back when the function's scope ends ([`TypeTable::end_scope`]).
    shadowed: Vec<(String, Option<String>)>,
}

/// The names a record goes by besides its plain one: a specialization's
/// spellings, and `scope::Name` for a record nested in specializations.
pub fn scoped_names(node: &Node, scopes: &[String]) -> Vec<String> {
    if let Some(own) = specialization_names(node) {
        return own;
    }
    match record_name(node) {
        Some(name) => scopes.iter().map(|s| format!("{s}::{name}")).collect(),
        None => Vec::new(),
    }
}

/// The name of a record declaration (`struct TempStorage definition`).
pub fn record_name(node: &Node) -> Option<String> {
    let words: Vec<&str> = node.text.split(' ').collect();
    let pos = words.iter().position(|w| matches!(*w, "struct" | "class" | "union"))?;
    match words.get(pos + 1) {
        Some(&"definition") | None => None,
        Some(n) => Some((*n).to_string()),
    }
}

/// The names a class template specialization goes by in type spellings:
/// `Name<a1, ..., ak>` for every k, since clang leaves out trailing
/// arguments that are the template's defaults (`BlockReduce<float, 256>`
/// for `BlockReduce<float, 256, BLOCK_REDUCE_WARP_REDUCTIONS, 1, 1, 0>`).
/// Two specializations that share a spelling make it ambiguous
/// ([`TypeTable::drop_ambiguous`]). `None` for other records.
pub fn specialization_names(node: &Node) -> Option<Vec<String>> {
    if node.kind != "ClassTemplateSpecializationDecl" {
        return None;
    }
    let name = record_name(node)?;
    let args: Vec<String> = node
        .children
        .iter()
        .filter(|c| c.kind == "TemplateArgument")
        .map(|a| match crate::ast::quoted(&a.text).first() {
            Some(q) => q.to_string(),
            None => a.text.rsplit(' ').next().unwrap_or("").to_string(),
        })
        .collect();
    if args.is_empty() || args.iter().any(|a| a.is_empty() || a == "pack") {
        return None;
    }
    Some((1..=args.len()).map(|k| format!("{name}<{}>", args[..k].join(", "))).collect())
}

/// `ty` with a leading member typedef name replaced by what it stands for.
fn member_typedef(ty: &str, typedefs: &[(&str, &str)]) -> String {
    let (konst, bare) = match ty.strip_prefix("const ") {
        Some(rest) => ("const ", rest),
        None => ("", ty),
    };
    for (name, meaning) in typedefs {
        if let Some(rest) = bare.strip_prefix(name) {
            if !name.is_empty() && !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                return format!("{konst}{meaning}{rest}");
            }
        }
    }
    ty.to_string()
}

impl TypeTable {
    /// Registers a `CXXRecordDecl ... definition` node (fields only; bit-fields
    /// and bases make the record opaque).
    pub fn add_record(&mut self, node: &Node) {
        self.add_record_in(node, &[]);
    }

    /// Registers a record nested in the class template specializations
    /// `scopes` (their names as types spell them, `BlockReduce<float, 256>`)
    /// under `scope::Name` for each scope, and a specialization under its
    /// own spellings (see [`specialization_names`]); a plain record under its
    /// name.
    pub fn add_record_in(&mut self, node: &Node, scopes: &[String]) {
        // The plain name as before (the first record of that name keeps it).
        self.add_record_named(node, None);
        for name in scoped_names(node, scopes) {
            self.add_record_named(node, Some(name));
        }
    }

    fn add_record_named(&mut self, node: &Node, name: Option<String>) {
        let text = &node.text;
        // `... definition`, or `... definition implicit_instantiation` and
        // `... definition instantiated_from 0x...` for template instances.
        if !text.split(' ').any(|w| w == "definition") {
            return;
        }
        let words: Vec<&str> = text.split(' ').collect();
        let Some(pos) = words.iter().position(|w| matches!(*w, "struct" | "class" | "union")) else { return };
        // An unnamed record is known by its address until a typedef names it.
        let name = match (name, words.get(pos + 1)) {
            (Some(name), _) => name,
            (None, Some(&"definition") | None) => format!("(unnamed {:#x})", node.addr),
            (None, Some(n)) => (*n).to_string(),
        };
        if words[pos] == "union" {
            self.unions.insert(name.clone());
        }
        // Member typedefs (`typedef T element_type;`), which field types of a
        // specialization spell without their meaning (`element_type[8]`).
        let typedefs: Vec<(&str, &str)> = node
            .children
            .iter()
            .filter(|c| matches!(c.kind.as_str(), "TypedefDecl" | "TypeAliasDecl"))
            .map(|c| c.decl_name_and_type())
            .collect();
        let mut fields = Vec::new();
        for c in &node.children {
            if c.kind == "FieldDecl" {
                let (n, t) = c.decl_name_and_type();
                fields.push((n.to_string(), member_typedef(t, &typedefs)));
            }
            if matches!(c.kind.as_str(), "public" | "private" | "protected") {
                if c.text.contains("virtual") {
                    // Virtual bases move at run time: no layout.
                    return;
                }
                // A base class comes first in the layout, as an unnamed field.
                let base = crate::ast::quoted(&c.text).last().copied().unwrap_or("").to_string();
                fields.push((String::new(), base));
            }
        }
        match self.defs.get(&name) {
            Some(existing) if *existing != fields && name.contains('<') => {
                self.ambiguous.insert(name);
            }
            Some(_) => {}
            None => {
                self.defs.insert(name, fields);
            }
        }
    }

    /// Forgets the spellings two different specializations share (a
    /// prefix of their arguments, see [`specialization_names`]).
    pub fn drop_ambiguous(&mut self) {
        for name in std::mem::take(&mut self.ambiguous) {
            self.defs.remove(&name);
        }
    }

    pub fn record(&mut self, name: &str) -> Option<Record> {
        if let Some(r) = self.layouts.get(name) {
            return r.clone();
        }
        self.layouts.insert(name.to_string(), None);
        let fields = self.defs.get(name)?.clone();
        let mut offset = 0u64;
        let mut align = 1u64;
        let mut out = Vec::new();
        for (n, t) in fields {
            let ty = self.parse(&t);
            let a = ty.align().max(1);
            offset = offset.div_ceil(a) * a;
            if n.is_empty() {
                // A base class: its fields, at their offsets within ours.
                let Type::Record { name: base, size, .. } = &ty else { return None };
                let rec = self.record(base)?;
                let empty = rec.fields.is_empty();
                out.extend(rec.fields.into_iter().map(|f| Field { offset: f.offset + offset, ..f }));
                // An empty base takes no room (the empty-base optimisation).
                offset += if empty { 0 } else { *size };
                align = align.max(a);
                continue;
            }
            let size = ty.size()?;
            if self.unions.contains(name) {
                // A union: every member at its start, as large as the largest.
                out.push(Field { name: n, ty, offset: 0 });
                offset = offset.max(size);
                align = align.max(a);
                continue;
            }
            out.push(Field { name: n, ty, offset });
            offset += size;
            align = align.max(a);
        }
        // CUDA's vector types are aligned to their size (float4: 16 bytes).
        if let Some(n) = vector_alignment(name, offset) {
            align = align.max(n);
        }
        let size = offset.div_ceil(align).max(1) * align;
        let rec = Record { name: name.to_string(), size, align, fields: out };
        self.layouts.insert(name.to_string(), Some(rec.clone()));
        Some(rec)
    }

    /// Registers a `typedef`: its aliased type, and its name for the unnamed
    /// record it may define (`typedef struct { ... } s_t;`).
    pub fn add_typedef(&mut self, node: &Node) {
        let (name, ty) = node.decl_name_and_type();
        if name.is_empty() {
            return;
        }
        self.typedefs.entry(name.to_string()).or_insert_with(|| ty.to_string());
        fn record_ref(n: &Node) -> Option<u64> {
            if n.kind == "CXXRecord" || n.kind == "Record" {
                return n.referenced_addr();
            }
            n.children.iter().find_map(record_ref)
        }
        if let Some(addr) = record_ref(node) {
            let unnamed = format!("(unnamed {addr:#x})");
            if let Some(fields) = self.defs.get(&unnamed).cloned() {
                self.defs.entry(name.to_string()).or_insert(fields);
                if self.unions.contains(&unnamed) {
                    self.unions.insert(name.to_string());
                }
            }
        }
    }

    /// Registers a typedef declared in a function body (`using input_t =
    /// typename Traits::input_t;`), which means what it says until the
    /// function's scope ends, whatever a typedef of the same name meant
    /// before: each instantiation of a template declares its own.
    pub fn add_local_typedef(&mut self, node: &Node) {
        let (name, ty) = node.decl_name_and_type();
        if name.is_empty() {
            return;
        }
        let old = self.typedefs.insert(name.to_string(), ty.to_string());
        self.shadowed.push((name.to_string(), old));
    }

    /// A mark for [`TypeTable::end_scope`]: where a function's scope begins.
    pub fn scope(&self) -> usize {
        self.shadowed.len()
    }

    /// Ends the scope `mark` began: the typedefs declared in it mean again
    /// what they meant before it.
    pub fn end_scope(&mut self, mark: usize) {
        while self.shadowed.len() > mark {
            let Some((name, old)) = self.shadowed.pop() else { break };
            match old {
                Some(t) => self.typedefs.insert(name, t),
                None => self.typedefs.remove(&name),
            };
        }
    }

    /// Registers an unnamed record under the name its type spellings give
    /// it: clang spells `__shared__ union { ... } temp;` (CUB's union of
    /// `TempStorage`s) as `(unnamed union at FILE:LINE:COL)`, where FILE is
    /// the record's file as the dump names it. Each instantiation of a
    /// template kernel declares its own record at the same place: the one
    /// registered last, the one being lowered, takes the name.
    pub fn add_unnamed_spelling(&mut self, node: &Node, files: &[String]) {
        if record_name(node).is_some() || !node.text.split(' ').any(|w| w == "definition") {
            return;
        }
        let Some(loc) = node.loc.filter(crate::ast::Loc::is_valid) else { return };
        let Some(file) = files.get(loc.file as usize) else { return };
        let unnamed = format!("(unnamed {:#x})", node.addr);
        let Some(fields) = self.defs.get(&unnamed).cloned() else { return };
        let name = unnamed_name(&format!("{file}:{}:{}", loc.line, loc.col));
        if self.unions.contains(&unnamed) {
            self.unions.insert(name.clone());
        }
        if self.defs.get(&name) != Some(&fields) {
            self.layouts.remove(&name);
            self.defs.insert(name, fields);
        }
    }

    /// Parses a clang type spelling.
    pub fn parse(&mut self, spelling: &str) -> Type {
        let named = name_unnamed(spelling);
        let s = named.trim();
        if s.is_empty() || s.contains("<dependent type>") {
            return Type::Opaque { name: s.to_string(), size: None };
        }
        // A pointer to an array (`double (*)[8][16]`, what a parameter
        // `double phi[][8][16]` is): a pointer to `double[8][16]`.
        if let Some((elem, dims)) = s.split_once(" (*)").or_else(|| s.split_once("(*)")) {
            if dims.starts_with('[') && !elem.contains('(') && !dims.contains('(') {
                return Type::Ptr(Box::new(self.parse(&format!("{} {dims}", elem.trim()))));
            }
        }
        if s.contains('(') {
            // Function and function-pointer types.
            return Type::Opaque { name: s.to_string(), size: if s.contains("(*)") { Some(8) } else { None } };
        }
        // References are their referent for the lowering.
        let s = s.trim_end_matches('&').trim_end();
        if let Some(inner) = strip_pointer(s) {
            return Type::Ptr(Box::new(self.parse(inner)));
        }
        if let Some(open) = s.find('[') {
            let elem_text = s[..open].trim();
            let dims: Vec<&str> =
                s[open..].split(']').filter(|d| !d.is_empty()).map(|d| d.trim_start_matches('[')).collect();
            let mut ty = self.parse(elem_text);
            for (i, d) in dims.iter().enumerate().rev() {
                let len = if d.is_empty() { None } else { d.trim().parse().ok() };
                // A length a template parameter gives (`float s[BLOCK]` in a
                // template never instantiated) is unknown, like `s[]`'s; only
                // the outermost: an inner one would leave the rows' size unknown.
                let symbolic = i == 0
                    && d.trim().starts_with(|c: char| c.is_alphabetic() || c == '_')
                    && !matches!(ty, Type::Opaque { .. });
                if !d.is_empty() && len.is_none() && !symbolic {
                    return Type::Opaque { name: s.to_string(), size: None };
                }
                ty = Type::Array { elem: Box::new(ty), len };
            }
            return ty;
        }
        let base = strip_qualifiers(s);
        if let Some(t) = scalar(base) {
            return t;
        }
        let name = base
            .trim_start_matches("struct ")
            .trim_start_matches("class ")
            .trim_start_matches("union ")
            .trim_start_matches("enum ")
            .trim();
        // Records and enums are known by their unqualified name.
        let name = match name.find('<') {
            Some(lt) => name[..lt].rsplit("::").next().map(|n| format!("{n}{}", &name[lt..])),
            None => name.rsplit("::").next().map(str::to_string),
        }
        .unwrap_or_else(|| name.to_string());
        let name = name.as_str();
        if self.enums.contains(name) || base.starts_with("enum ") {
            return Type::INT;
        }
        if let Some(aliased) = self.typedefs.get(name).cloned() {
            if self.depth < 16 && aliased != name {
                self.depth += 1;
                let t = self.parse(&aliased);
                self.depth -= 1;
                return t;
            }
        }
        if let Some(t) = std_typedef(name) {
            return t;
        }
        match self.record(name) {
            Some(r) => Type::Record { name: r.name, size: r.size, align: r.align },
            None => Type::Opaque { name: name.to_string(), size: None },
        }
    }
}

/// The name of the unnamed record at `at` (`FILE:LINE:COL`): one word, so
/// that the spelling parses like a named record's, with the file's base
/// name only, so that reports and snapshots hold no machine's paths.
fn unnamed_name(at: &str) -> String {
    let base = at.rsplit(['/', '\\']).next().unwrap_or(at);
    format!("unnamed@{base}")
}

/// A spelling with each `(unnamed union at FILE:L:C)` (or struct, class)
/// replaced by the record's name, [`unnamed_name`].
fn name_unnamed(spelling: &str) -> std::borrow::Cow<'_, str> {
    if !spelling.contains("(unnamed ") {
        return std::borrow::Cow::Borrowed(spelling);
    }
    let mut out = String::new();
    let mut rest = spelling;
    while let Some(start) = rest.find("(unnamed ") {
        let Some(len) = rest[start..].find(')') else { break };
        let inner = &rest[start + 1..start + len];
        let Some((_, at)) = inner.split_once(" at ") else { break };
        out.push_str(&rest[..start]);
        out.push_str(&unnamed_name(at));
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Standard integer typedefs, for when their headers' declarations were not
/// seen (they are always the same on the LP64 targets CUDA supports).
fn std_typedef(name: &str) -> Option<Type> {
    let int = |bits, signed| Some(Type::Int { bits, signed });
    match name {
        "size_t" | "uintptr_t" | "uint64_t" | "uint_fast64_t" | "uint_least64_t" | "uintmax_t" => int(64, false),
        "ssize_t" | "ptrdiff_t" | "intptr_t" | "int64_t" | "int_fast64_t" | "int_least64_t" | "intmax_t" => {
            int(64, true)
        }
        "uint32_t" | "uint_least32_t" | "uint_fast32_t" => int(32, false),
        "int32_t" | "int_least32_t" | "int_fast32_t" => int(32, true),
        "uint16_t" | "uint_least16_t" => int(16, false),
        "int16_t" | "int_least16_t" => int(16, true),
        "uint8_t" | "uint_least8_t" | "uint_fast8_t" => int(8, false),
        "int8_t" | "int_least8_t" | "int_fast8_t" => int(8, true),
        _ => None,
    }
}

fn vector_alignment(name: &str, size: u64) -> Option<u64> {
    let last = name.chars().last()?;
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let known = [
        "char",
        "uchar",
        "short",
        "ushort",
        "int",
        "uint",
        "long",
        "ulong",
        "longlong",
        "ulonglong",
        "float",
        "double",
    ];
    if !known.contains(&base) || !last.is_ascii_digit() {
        return None;
    }
    // float3 and friends keep their element alignment.
    match last {
        '2' | '4' if size.is_power_of_two() => Some(size.min(16)),
        _ => None,
    }
}

fn strip_pointer(s: &str) -> Option<&str> {
    let t = strip_trailing_qualifiers(s);
    t.strip_suffix('*').map(str::trim_end)
}

fn strip_trailing_qualifiers(mut s: &str) -> &str {
    loop {
        let t = s.trim_end();
        let next = ["const", "volatile", "__restrict", "restrict", "__restrict__"]
            .iter()
            .find_map(|q| t.strip_suffix(q).filter(|r| r.ends_with(' ') || r.ends_with('*')));
        match next {
            Some(r) => s = r,
            None => return t,
        }
    }
}

fn strip_qualifiers(s: &str) -> &str {
    let mut s = s.trim();
    loop {
        let before = s;
        for q in ["const ", "volatile ", "__restrict ", "restrict "] {
            s = s.strip_prefix(q).unwrap_or(s).trim_start();
        }
        s = strip_trailing_qualifiers(s);
        if s == before {
            return s;
        }
    }
}

/// Whether the spelling has a `volatile` qualifier on the outermost object.
pub fn is_volatile(spelling: &str) -> bool {
    let s = spelling.trim();
    match s.rfind('*') {
        Some(i) => s[i..].contains("volatile"),
        None => s.contains("volatile"),
    }
}

fn scalar(s: &str) -> Option<Type> {
    let int = |bits, signed| Some(Type::Int { bits, signed });
    match s {
        "void" => Some(Type::Void),
        "bool" | "_Bool" => Some(Type::Bool),
        "char" | "signed char" => int(8, true),
        "unsigned char" => int(8, false),
        "short" | "short int" | "signed short" => int(16, true),
        "unsigned short" | "unsigned short int" => int(16, false),
        "int" | "signed int" | "signed" => int(32, true),
        "unsigned int" | "unsigned" => int(32, false),
        "long" | "long int" | "long long" | "long long int" | "signed long" => int(64, true),
        "unsigned long" | "unsigned long int" | "unsigned long long" | "unsigned long long int" => int(64, false),
        "__int128" => int(128, true),
        "unsigned __int128" => int(128, false),
        "wchar_t" | "char32_t" => int(32, true),
        "char16_t" => int(16, false),
        "char8_t" => int(8, false),
        "float" => Some(Type::Float { bits: 32 }),
        "double" | "long double" => Some(Type::Float { bits: 64 }),
        "_Float16" | "__fp16" => Some(Type::Float { bits: 16 }),
        "std::nullptr_t" | "nullptr_t" => Some(Type::Ptr(Box::new(Type::Void))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_scalars_pointers_and_arrays() {
        let mut t = TypeTable::default();
        assert_eq!(t.parse("const unsigned int"), Type::UINT);
        assert_eq!(t.parse("int *"), Type::Ptr(Box::new(Type::INT)));
        assert_eq!(t.parse("const float *__restrict"), Type::Ptr(Box::new(Type::Float { bits: 32 })));
        assert_eq!(t.parse("volatile int *const"), Type::Ptr(Box::new(Type::INT)));
        let arr = t.parse("float[16][17]");
        assert_eq!(arr.size(), Some(16 * 17 * 4));
        assert_eq!(t.parse("int[]"), Type::Array { elem: Box::new(Type::INT), len: None });
        assert!(matches!(t.parse("T[N]"), Type::Opaque { .. }));
        // A length a template parameter gives: unknown, like `int[]`'s.
        assert_eq!(t.parse("float[BLOCK]"), Type::Array { elem: Box::new(Type::Float { bits: 32 }), len: None });
        assert!(matches!(t.parse("float[4][N]"), Type::Opaque { .. }));
    }

    #[test]
    fn names_unnamed_records_by_place_without_the_path() {
        assert_eq!(name_unnamed("int *"), "int *");
        assert_eq!(name_unnamed("union (unnamed union at /a/b/k.cu:7:14)"), "union unnamed@k.cu:7:14");
        assert_eq!(name_unnamed("const (unnamed struct at k.cu:3:5) &"), "const unnamed@k.cu:3:5 &");
        let mut t = TypeTable::default();
        t.defs.insert("unnamed@k.cu:7:14".into(), vec![("a".into(), "int[4]".into()), ("b".into(), "float".into())]);
        t.unions.insert("unnamed@k.cu:7:14".into());
        let Type::Record { size, .. } = t.parse("union (unnamed union at /a/b/k.cu:7:14)") else {
            panic!("not a record")
        };
        assert_eq!(size, 16);
        assert_eq!(t.parse("(unnamed union at k.cu:7:14)[2]").size(), Some(32));
    }

    #[test]
    fn lays_out_records_with_natural_alignment() {
        let mut t = TypeTable::default();
        t.defs.insert(
            "S".into(),
            vec![("c".into(), "char".into()), ("d".into(), "double".into()), ("i".into(), "int".into())],
        );
        let r = t.record("S").unwrap();
        assert_eq!(r.fields.iter().map(|f| f.offset).collect::<Vec<_>>(), [0, 8, 16]);
        assert_eq!(r.size, 24);
        t.defs.insert(
            "float4".into(),
            vec![
                ("x".into(), "float".into()),
                ("y".into(), "float".into()),
                ("z".into(), "float".into()),
                ("w".into(), "float".into()),
            ],
        );
        assert_eq!(t.record("float4").unwrap().align, 16);
    }
}

impl TypeTable {
    /// The range of values of the enum type `text` (as clang prints a
    /// parameter's type), when it is an enum without a fixed underlying type.
    pub fn enum_range(&self, text: &str) -> Option<(i128, i128)> {
        let base = strip_qualifiers(text).trim_start_matches("enum ").trim();
        let name = base.rsplit("::").next().unwrap_or(base);
        if let Some(range) = self.enum_ranges.get(name) {
            return Some(*range);
        }
        // A typedef of an enum.
        let aliased = self.typedefs.get(name)?;
        if aliased == name {
            return None;
        }
        let base = strip_qualifiers(aliased).trim_start_matches("enum ").trim();
        self.enum_ranges.get(base.rsplit("::").next().unwrap_or(base)).copied()
    }
}

/// The values of the smallest bit-field holding `min..=max`.
pub fn bitfield_range(min: i128, max: i128) -> (i128, i128) {
    let bits_for = |v: i128| 128 - v.leading_zeros() as i128;
    if min >= 0 {
        (0, (1i128 << bits_for(max)) - 1)
    } else {
        let b = bits_for(max).max(bits_for(-min - 1)) + 1;
        (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
    }
}

#[cfg(test)]
mod enum_range_tests {
    use super::bitfield_range;

    #[test]
    fn enum_values_are_the_smallest_bitfield() {
        // enum { A, B, C } holds 0..=3; enum { X = -1, Y = 5 } holds -8..=7.
        assert_eq!(bitfield_range(0, 2), (0, 3));
        assert_eq!(bitfield_range(0, 0), (0, 0));
        assert_eq!(bitfield_range(0, 4), (0, 7));
        assert_eq!(bitfield_range(-1, 5), (-8, 7));
        assert_eq!(bitfield_range(-4, 3), (-4, 3));
    }
}
