//! Lowers the kept declarations of a clang dump to a [`Program`].
//!
//! Input: [`crate::ast::Dump`]. Output: kernels (one per `__global__`
//! function or template instantiation, `__device__` calls inlined), the host
//! functions that lead to launches, every launch with its host facts, and
//! diagnostics for whatever could not be modelled. Lowering never fails as a
//! whole: an unknown construct becomes an explicit `Unknown` and the kernel is
//! marked approximate.

mod const_init;
mod func;
mod host;
mod init;
mod types;

use std::collections::{HashMap, HashSet};

use gpurace_ir::{Diagnostic, FileId, Global, GlobalId, Program, Severity, Space, Span};

use crate::ast::{Dump, Loc, Node};
pub use types::TypeTable;

/// Everything the lowering looks up by clang address or name.
pub struct Index<'a> {
    pub files: &'a [String],
    /// Function definitions (with a body) by address, template instantiations included.
    pub functions: HashMap<u64, &'a Node>,
    pub enum_values: HashMap<u64, i128>,
    pub globals: HashMap<u64, GlobalId>,
    /// Files of the prelude: declarations there are not the user's.
    pub prelude_files: HashSet<u32>,
    /// `prev` links between redeclarations of one function.
    pub prev: HashMap<u64, u64>,
    /// Every function declaration, for default arguments.
    pub declarations: Vec<&'a Node>,
    /// Namespace-scope `const`/`constexpr` integer variables and their values.
    pub constants: HashMap<u64, i128>,
    /// Files of system headers (not the prelude): code spelled there (a
    /// libc macro's body) is reported at the user's statement instead.
    pub system_files: HashSet<u32>,
    /// The record that declares each method and constructor, by address.
    pub parent_record: HashMap<u64, &'a Node>,
    /// Record definitions by the names types spell them with (plain,
    /// specialization and nested spellings; the first definition wins).
    pub records_by_name: HashMap<String, &'a Node>,
    /// While collecting: the spellings of the records being walked, which
    /// nested records are known by (`BlockReduce<float, 256>::TempStorage`).
    pub record_scopes: Vec<Vec<String>>,
    /// Function templates by address: the pattern, for a call a template
    /// leaves unresolved (`UnresolvedLookupExpr` names the template).
    pub templates: HashMap<u64, &'a Node>,
    /// The non-type template parameters (`NonTypeTemplateParmDecl`) of a
    /// template kernel never instantiated, by the address of its pattern:
    /// the kernel takes them as parameters of its own.
    pub template_values: HashMap<u64, Vec<&'a Node>>,
    /// Device functions with a body by name, for the device overload of a
    /// host declaration a call resolved to (see `device_overload`).
    pub device_bodies: HashMap<String, Vec<&'a Node>>,
    /// Methods with a body by name, for a call on an object whose type a
    /// template decides (see `dependent_method`).
    pub methods_by_name: HashMap<String, Vec<&'a Node>>,
    /// The device functions whose address the program takes, by type.
    pub function_values: func::fn_pointers::FunctionValues,
    /// The lines of the files literals are read back from, by file (`None`:
    /// unreadable), filled on first use.
    pub sources: std::cell::RefCell<HashMap<u32, Option<Vec<String>>>>,
}

impl<'a> Index<'a> {
    /// The first declaration of the function declared at `addr`: calls name
    /// whichever declaration was visible, definitions may come later.
    pub fn canonical(&self, mut addr: u64) -> u64 {
        for _ in 0..64 {
            match self.prev.get(&addr) {
                Some(&p) if p != addr => addr = p,
                _ => break,
            }
        }
        addr
    }

    /// The default value of parameter `i` of the function declared at
    /// `addr`, from whichever of its declarations spells it.
    pub fn default_argument(&self, addr: u64, i: usize) -> Option<&'a Node> {
        let canon = self.canonical(addr);
        self.declarations.iter().filter(|d| self.canonical(d.addr) == canon).find_map(|d| {
            let param = d.children.iter().filter(|c| c.kind == "ParmVarDecl").nth(i)?;
            param.children.iter().find(|c| !c.kind.ends_with("Attr"))
        })
    }

    /// Whether the function declared at `addr` is declared in the user's
    /// files (not only in the prelude or a system header).
    pub fn user_declared(&self, addr: u64) -> bool {
        let canon = self.canonical(addr);
        self.declarations.iter().filter(|d| self.canonical(d.addr) == canon).any(|d| {
            let file = crate::ast::decl_file(d, self.files);
            !self.prelude_files.contains(&file) && !self.system_files.contains(&file)
        })
    }

    /// Per parameter of the function declared at `addr`, whether it is a
    /// non-const lvalue reference (`int &n`): the caller passes an address.
    pub fn reference_params(&self, addr: u64) -> Vec<bool> {
        let decl = self.function(addr).or_else(|| {
            let canon = self.canonical(addr);
            self.declarations.iter().copied().find(|d| self.canonical(d.addr) == canon)
        });
        decl.map(|d| {
            d.children
                .iter()
                .filter(|c| c.kind == "ParmVarDecl")
                .map(|p| is_mut_reference(p.decl_name_and_type().1))
                .collect()
        })
        .unwrap_or_default()
    }

    pub fn function(&self, addr: u64) -> Option<&Node> {
        self.functions.get(&self.canonical(addr)).or_else(|| self.templates.get(&addr)).copied()
    }

    pub fn span(&self, loc: Loc) -> Span {
        if !loc.is_valid() {
            return Span::NONE;
        }
        Span { file: FileId(loc.file), line: loc.line, col: loc.col }
    }

    /// The value of the `FloatingLiteral` node `n`: the source's spelling
    /// where it is this literal (clang's dump rounds to seven digits), else
    /// the dump's.
    pub fn float_value(&self, n: &Node) -> Option<f64> {
        let dumped: f64 = n.text.rsplit(' ').next()?.parse().ok()?;
        let spelled = self.float_literal(n.begin).filter(|v| (v - dumped).abs() <= 1e-6 * dumped.abs());
        Some(spelled.unwrap_or(dumped))
    }

    /// The value of the floating-point literal spelled at `loc`, read from
    /// the source: clang's dump prints a literal with seven significant
    /// digits (`1.000000e+00` for `1.0000001`). `None` when the text there is
    /// not a decimal literal (a macro's use, a hexadecimal float).
    pub fn float_literal(&self, loc: Loc) -> Option<f64> {
        if !loc.is_valid() {
            return None;
        }
        let text = self.source_text(loc, 1)?;
        let mut end = 0;
        let bytes = text.as_bytes();
        while end < bytes.len() {
            let c = bytes[end];
            let sign = (c == b'+' || c == b'-') && end > 0 && matches!(bytes[end - 1], b'e' | b'E');
            if !(c.is_ascii_digit() || c == b'.' || c == b'e' || c == b'E' || sign) {
                break;
            }
            end += 1;
        }
        text[..end].parse::<f64>().ok()
    }

    /// The source text from `loc` to the end of its line and the next
    /// `more - 1` lines, read from the file (cached per file). `None` when
    /// the file cannot be read or `loc` is not in it.
    pub fn source_text(&self, loc: Loc, more: usize) -> Option<String> {
        if !loc.is_valid() {
            return None;
        }
        let mut sources = self.sources.borrow_mut();
        let lines = sources
            .entry(loc.file)
            .or_insert_with(|| {
                let path = self.files.get(loc.file as usize)?;
                std::fs::read_to_string(path).ok().map(|t| t.lines().map(String::from).collect())
            })
            .as_ref()?;
        let first = loc.line.checked_sub(1)? as usize;
        let mut text = lines.get(first)?.get(loc.col.checked_sub(1)? as usize..)?.to_string();
        for line in lines.iter().skip(first + 1).take(more.saturating_sub(1)) {
            text.push('\n');
            text.push_str(line);
        }
        Some(text)
    }

    pub fn file_name(&self, loc: Loc) -> &str {
        self.files.get(loc.file as usize).map(String::as_str).unwrap_or("<unknown>")
    }
}

/// A function definition found in the dump.
struct FunctionDef<'a> {
    node: &'a Node,
    template_args: String,
    is_kernel: bool,
    is_device_only: bool,
    user: bool,
}

/// Lowers a dump. The program's file table is the dump's.
pub fn lower(dump: &Dump, prelude_dir: &str) -> (Program, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let system_files: HashSet<u32> = dump
        .files
        .iter()
        .enumerate()
        .filter(|(_, f)| crate::clang::is_system_file(f, prelude_dir) && !f.starts_with(prelude_dir))
        .map(|(i, _)| i as u32)
        .collect();
    // Installed libraries' headers count as the prelude's: kept, not the user's.
    let prelude_files: HashSet<u32> = dump
        .files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.starts_with(prelude_dir) || crate::clang::is_library_file(f))
        .map(|(i, _)| i as u32)
        .collect();
    let mut index = Index {
        files: &dump.files,
        functions: HashMap::new(),
        enum_values: HashMap::new(),
        globals: HashMap::new(),
        prelude_files,
        prev: HashMap::new(),
        system_files,
        constants: HashMap::new(),
        declarations: Vec::new(),
        parent_record: HashMap::new(),
        records_by_name: HashMap::new(),
        record_scopes: Vec::new(),
        sources: Default::default(),
        templates: HashMap::new(),
        template_values: HashMap::new(),
        function_values: HashMap::new(),
        device_bodies: HashMap::new(),
        methods_by_name: HashMap::new(),
    };
    let mut types = TypeTable::default();
    for (name, ty) in &dump.typedefs {
        types.typedefs.entry(name.clone()).or_insert_with(|| ty.clone());
    }
    let mut program = Program { files: dump.files.clone(), ..Program::default() };
    let mut defs = Vec::new();
    for decl in &dump.decls {
        collect(decl, &mut index, &mut types, &mut program, &mut defs, "", &mut diags);
    }
    types.drop_ambiguous();
    let by_addr = std::mem::take(&mut index.functions);
    for (addr, node) in by_addr {
        index.functions.insert(index.canonical(addr), node);
    }
    for decl in &dump.decls {
        func::fn_pointers::index_function_values(decl, &mut index);
    }
    // Kernels first, in source order; then the host functions that launch.
    let mut kernel_of: HashMap<u64, usize> = HashMap::new();
    for def in defs.iter().filter(|d| d.is_kernel && d.user) {
        // A bug in the lowering must not cost the other kernels their IR.
        let lowered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut d = Vec::new();
            let k = func::lower_kernel(&index, &mut types, &program, def.node, &def.template_args, &mut d);
            (k, d)
        }));
        let kernel = match lowered {
            Ok((k, mut d)) => {
                diags.append(&mut d);
                k
            }
            Err(_) => {
                let (name, _) = def.node.decl_name_and_type();
                let span = index.span(def.node.loc.unwrap_or(def.node.begin));
                diags.push(program.diag_at(
                    Diagnostic::new(Severity::Error, "internal-error", format!("lowering kernel `{name}` failed")),
                    span,
                ));
                gpurace_ir::Kernel {
                    name: name.to_string(),
                    template_args: def.template_args.clone(),
                    span,
                    params: Vec::new(),
                    vars: Vec::new(),
                    shared: Vec::new(),
                    body: vec![gpurace_ir::Stmt::Unknown { reason: "lowering failed".into(), span }],
                    approximate: true,
                    externals: Vec::new(),
                }
            }
        };
        let mut kernel = kernel;
        gpurace_ir::number_nodes(&mut kernel.body);
        kernel_of.insert(index.canonical(def.node.addr), program.kernels.len());
        program.kernels.push(kernel);
    }
    let host_defs: Vec<&FunctionDef> = defs.iter().filter(|d| d.user && !d.is_kernel && !d.is_device_only).collect();
    host::lower_host(
        &index,
        &mut types,
        &mut program,
        &host_defs.iter().map(|d| d.node).collect::<Vec<_>>(),
        &kernel_of,
        &mut diags,
    );
    program.records = types.layouts.values().flatten().cloned().collect();
    program.records.sort_by(|a, b| a.name.cmp(&b.name));
    (program, diags)
}

/// Walks declarations, indexing functions, enums, records and globals.
/// The call operators of the lambdas written in a function body, so that a
/// call of one (`[&] { ... }()`, `auto f = [](int x) {...}; f(1)`) inlines
/// its body like any function's.
fn index_lambdas<'a>(node: &'a Node, index: &mut Index<'a>) {
    if node.kind == "LambdaExpr" {
        let class = node.children.iter().filter(|c| c.kind == "CXXRecordDecl");
        for member in class.flat_map(|c| &c.children) {
            let methods: Vec<&Node> = match member.kind.as_str() {
                "CXXMethodDecl" => vec![member],
                // A generic lambda (`[](auto x)`): its instantiations.
                "FunctionTemplateDecl" => member.children.iter().filter(|m| m.kind == "CXXMethodDecl").collect(),
                _ => Vec::new(),
            };
            for m in methods {
                if m.children.iter().any(|c| c.kind == "CompoundStmt") {
                    index.functions.insert(m.addr, m);
                }
            }
        }
    }
    for c in &node.children {
        index_lambdas(c, index);
    }
}

fn collect<'a>(
    node: &'a Node,
    index: &mut Index<'a>,
    types: &mut TypeTable,
    program: &mut Program,
    defs: &mut Vec<FunctionDef<'a>>,
    template_args: &str,
    diags: &mut Vec<Diagnostic>,
) {
    let user = !index.prelude_files.contains(&crate::ast::decl_file(node, index.files));
    match node.kind.as_str() {
        // A friend defined in its class (`friend void init(barrier *b, ..)`,
        // found by argument-dependent lookup) is a function like any other.
        "NamespaceDecl" | "LinkageSpecDecl" | "ClassTemplateDecl" | "ExportDecl" | "FriendDecl" => {
            for c in &node.children {
                collect(c, index, types, program, defs, "", diags);
            }
        }
        "CXXRecordDecl" | "ClassTemplateSpecializationDecl" => {
            let scopes = index.record_scopes.last().cloned().unwrap_or_default();
            types.add_record_in(node, &scopes);
            types.add_unnamed_spelling(node, index.files);
            // Records nested in a specialization are spelled through it.
            let names = types::scoped_names(node, &scopes);
            if node.text.split(' ').any(|w| w == "definition") {
                for name in names.iter().cloned().chain(types::record_name(node)) {
                    index.records_by_name.entry(name).or_insert(node);
                }
            }
            index.record_scopes.push(names);
            for c in &node.children {
                if c.kind.starts_with("CXX") && c.kind.ends_with("Decl") && c.kind != "CXXRecordDecl" {
                    index.parent_record.insert(c.addr, node);
                }
                collect(c, index, types, program, defs, "", diags);
            }
            index.record_scopes.pop();
        }
        "FunctionTemplateDecl" => {
            let funcs: Vec<&Node> =
                node.children.iter().filter(|c| c.kind == "FunctionDecl" || c.kind == "CXXMethodDecl").collect();
            if let Some(pattern) = funcs.first().filter(|f| f.has_child("CompoundStmt")) {
                index.templates.insert(node.addr, pattern);
            }
            let mut instantiated = false;
            for c in &funcs {
                // The pattern has no template arguments; each instantiation has them.
                let args: Vec<String> = c
                    .children
                    .iter()
                    .filter(|a| a.kind == "TemplateArgument")
                    // `integral '64'` (clang 19) or `integral 64` (older clangs).
                    .map(|a| match crate::ast::quoted(&a.text).first() {
                        Some(q) => q.to_string(),
                        None => a.text.rsplit(' ').next().unwrap_or("").to_string(),
                    })
                    .collect();
                if args.is_empty() {
                    continue;
                }
                instantiated = true;
                collect(c, index, types, program, defs, &format!("<{}>", args.join(", ")), diags);
            }
            // A template never instantiated is lowered from its pattern, with
            // dependent types left opaque (and so approximate), so that every
            // kernel of the file is in the IR.
            if let (false, Some(pattern)) = (instantiated, funcs.first()) {
                if pattern.has_child("CUDAGlobalAttr") {
                    let (name, _) = pattern.decl_name_and_type();
                    let span = index.span(pattern.loc.unwrap_or(pattern.begin));
                    let values = node.children.iter().any(|p| p.kind == "NonTypeTemplateParmDecl");
                    let how = if values {
                        "its type parameters unknown and its non-type ones as parameters of the kernel"
                    } else {
                        "its template parameters unknown"
                    };
                    let msg = format!("template kernel `{name}` is never instantiated: lowered with {how}");
                    diags.push(
                        program.diag_at(Diagnostic::new(Severity::Warning, "uninstantiated-template", msg), span),
                    );
                }
                let params: Vec<&str> = node
                    .children
                    .iter()
                    .filter(|p| p.kind.contains("Template") && p.kind.ends_with("ParmDecl"))
                    .map(|p| p.text.rsplit(' ').next().unwrap_or("?"))
                    .collect();
                let values = node.children.iter().filter(|p| p.kind == "NonTypeTemplateParmDecl").collect();
                index.template_values.insert(pattern.addr, values);
                collect(pattern, index, types, program, defs, &format!("<{}>", params.join(", ")), diags);
            }
        }
        "EnumDecl" => {
            let (name, _) = node.decl_name_and_type();
            let name = node.text.split(' ').next_back().unwrap_or(name);
            types.enums.insert(name.to_string());
            let mut next: i128 = 0;
            let (mut min, mut max) = (0i128, 0i128);
            for c in node.children.iter().filter(|c| c.kind == "EnumConstantDecl") {
                let value = explicit_enum_value(c).unwrap_or(next);
                index.enum_values.insert(c.addr, value);
                next = value + 1;
                min = min.min(value);
                max = max.max(value);
            }
            // clang prints a fixed underlying type (`enum E : int`, `enum
            // class`) in quotes; such an enum holds any value of that type.
            let fixed = node.text.contains('\'') || node.text.contains(" class ") || node.text.contains(" struct ");
            if !fixed {
                types.enum_ranges.insert(name.to_string(), types::bitfield_range(min, max));
            }
        }
        "FunctionDecl" | "CXXMethodDecl" | "CXXConstructorDecl" | "CXXDestructorDecl" | "CXXConversionDecl" => {
            if node.prev != 0 {
                index.prev.insert(node.addr, node.prev);
            }
            index.declarations.push(node);
            let has_body = node.children.iter().any(|c| c.kind == "CompoundStmt" || c.kind == "CXXTryStmt");
            if !has_body {
                return;
            }
            index.functions.insert(node.addr, node);
            if node.kind == "CXXMethodDecl" {
                let (name, _) = node.decl_name_and_type();
                index.methods_by_name.entry(name.to_string()).or_default().push(node);
            }
            if node.has_child("CUDADeviceAttr") && !node.has_child("CUDAHostAttr") {
                let (name, _) = node.decl_name_and_type();
                index.device_bodies.entry(name.to_string()).or_default().push(node);
            }
            index_lambdas(node, index);
            if node.kind != "FunctionDecl" && node.kind != "CXXMethodDecl" {
                return;
            }
            let is_kernel = node.has_child("CUDAGlobalAttr");
            let is_device_only = node.has_child("CUDADeviceAttr") && !node.has_child("CUDAHostAttr");
            defs.push(FunctionDef { node, template_args: template_args.to_string(), is_kernel, is_device_only, user });
        }
        // A variable template (`template <class T> __constant__ T mask[16];`):
        // each of its specializations is a variable of its own; the pattern,
        // of a dependent type, is none.
        "VarTemplateDecl" => {
            for c in node.children.iter().filter(|c| c.kind == "VarTemplateSpecializationDecl") {
                collect(c, index, types, program, defs, "", diags);
            }
        }
        "VarDecl" | "VarTemplateSpecializationDecl" if user => {
            // clang dumps a specialization under its template and again
            // where it is instantiated.
            let indexed = |a| index.globals.contains_key(a) || index.constants.contains_key(a);
            if node.kind == "VarTemplateSpecializationDecl" && indexed(&node.addr) {
                return;
            }
            // `const int N = 64;` at namespace scope: its value, when clang folded it,
            // or when its initializer is arithmetic on literals and earlier constants
            // (`const_init.rs`).
            let ty_text = node.decl_name_and_type().1;
            if (ty_text.starts_with("const ") || node.has_flag("constexpr")) && !ty_text.contains('[') {
                let folded = folded_value(&node.text);
                if let Some(v) =
                    folded.or_else(|| node.children.iter().find_map(|c| const_init::value(c, &index.constants)))
                {
                    index.constants.insert(node.addr, v);
                }
            }
            let system = index.system_files.contains(&crate::ast::decl_file(node, index.files));
            let space = if node.has_child("CUDASharedAttr") {
                Some(Space::Shared)
            } else if node.has_child("CUDAConstantAttr") {
                Some(Space::Constant)
            } else if node.has_child("CUDADeviceAttr") || node.has_child("CUDAManagedAttr") {
                Some(Space::Global)
            } else if !system && !index.constants.contains_key(&node.addr) {
                // A host variable: memory of the host program.
                Some(Space::Host)
            } else {
                None
            };
            if let Some(space) = space {
                let (name, ty) = node.decl_name_and_type();
                let ty = types.parse(ty);
                let id = GlobalId(program.globals.len() as u32);
                let span = index.span(node.loc.unwrap_or(node.begin));
                let is_extern = node.has_flag("extern");
                let initialised = ["cinit", "callinit", "listinit"].iter().any(|f| node.has_flag(f));
                let init = match (space, initialised) {
                    (Space::Host, false) if !is_extern => Some(0),
                    (Space::Host, true) => node.children.iter().find_map(|c| const_init::value(c, &index.constants)),
                    _ => None,
                };
                let initial = match space {
                    Space::Global | Space::Constant if initialised => init::initial(node, &ty, index),
                    _ => gpurace_ir::Initial::Zero,
                };
                let functions = match space {
                    Space::Host if initialised => init::functions(node, &ty, types),
                    _ => Vec::new(),
                };
                let global = Global { name: name.to_string(), ty, space, is_extern, span, init, initial, functions };
                program.globals.push(global);
                index.globals.insert(node.addr, id);
            }
        }
        "TypedefDecl" | "TypeAliasDecl" => types.add_typedef(node),
        "StaticAssertDecl" | "UsingDirectiveDecl" | "UsingDecl" | "EmptyDecl" => {}
        _ => {}
    }
}

/// The value clang folded for a constant variable (`folded=N`, see
/// `ast::close_until`).
fn folded_value(text: &str) -> Option<i128> {
    text.rsplit(' ').next()?.strip_prefix("folded=")?.parse().ok()
}

fn explicit_enum_value(c: &Node) -> Option<i128> {
    fn find(n: &Node) -> Option<i128> {
        if n.kind == "value:" {
            return n.text.strip_prefix("Int ").and_then(|v| v.trim().parse().ok());
        }
        n.children.iter().find_map(find)
    }
    find(c)
}

/// Whether a type is a reference (`T &`, `T &&`, `float (&)[256]`).
pub(crate) fn is_reference(ty: &str) -> bool {
    ty.trim_end().ends_with('&') || ty.contains("(&)")
}

/// Whether a parameter type is a non-const lvalue reference (`int &`, not
/// `const int &` or `int &&`).
pub(crate) fn is_mut_reference(ty: &str) -> bool {
    let ty = ty.trim();
    ty.ends_with('&') && !ty.ends_with("&&") && !ty.starts_with("const ")
}
