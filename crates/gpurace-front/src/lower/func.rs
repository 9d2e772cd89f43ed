//! Lowers one function body (a kernel, or a host function) to IR statements.
//!
//! Input: a `FunctionDecl` node. Output: a statement tree where every memory
//! access is an explicit `Read`/`Write`/`Atomic` with its base object, byte
//! offset and element size, `__device__` calls are inlined, and CUDA
//! primitives (barriers, fences, atomics, warp collectives, GPUVerify
//! annotations) are recognised by name.

use std::collections::{HashMap, HashSet};

use gpurace_ir::{
    Base, BinOp, Block, Diagnostic, Dim, Expr, HostFact, Kernel, Launch, Param, Program, Severity, SharedId, SharedVar,
    Space, Span, Stmt, Type, UnOp, Var, VarId, VarKind,
};

use super::types::TypeTable;
use super::Index;
use crate::ast::{Loc, Node};

/// Calls nest at most this deep when inlined; deeper calls stay calls and
/// make the kernel approximate.
const MAX_INLINE_DEPTH: usize = 24;

/// An object in memory: `base + offset`, of type `ty`.
#[derive(Debug, Clone)]
pub struct Place {
    pub base: Base,
    pub space: Space,
    pub offset: Expr,
    pub ty: Type,
    pub name: String,
    pub volatile: bool,
}

/// What an lvalue expression denotes.
#[derive(Debug, Clone)]
pub enum LValue {
    Mem(Place),
    Var(VarId),
    /// A read-only value (a parameter, a builtin index variable).
    Value(Expr),
    /// A mutable pointer variable with a fixed base: its offset lives in `off`.
    Ptr {
        off: VarId,
        base: Base,
        ty: Type,
        decl: u64,
    },
}

/// What the `return`s of an inlined function that returns a reference named.
#[derive(Debug, Default)]
pub struct RefReturn {
    value: Option<Expr>,
    conflict: bool,
}

/// How a declaration is bound while lowering.
#[derive(Debug, Clone)]
enum Binding {
    LValue(LValue),
}

/// Host-side state: launches and the facts that dominate them.
pub struct HostState {
    pub kernel_of: HashMap<u64, usize>,
    pub function: String,
    pub launches: Vec<Launch>,
    /// Facts in force at the current point (a stack; scopes pop back).
    pub facts: Vec<HostFact>,
    /// User host functions by address (not inlined: host code keeps calls).
    pub user_functions: HashSet<u64>,
    /// The name each user host function goes by, by address: its own, or
    /// with its template arguments (`runTest<int, 256>`) where several
    /// definitions share it, so that a call reaches its instantiation.
    pub user_names: HashMap<u64, String>,
    /// Functions the user's files declare, without a body in this unit,
    /// that this function calls.
    pub externals: std::collections::BTreeSet<String>,
}

pub struct FnLower<'a, 'b> {
    pub ix: &'b Index<'a>,
    pub types: &'b mut TypeTable,
    pub program: &'b Program,
    pub vars: Vec<Var>,
    pub shared: Vec<SharedVar>,
    pub params: Vec<Param>,
    bindings: HashMap<u64, Binding>,
    /// Parameters of inlined functions bound to a function (`reduce(g, v,
    /// op)` with `op` a function): the function a call through them calls.
    fn_targets: HashMap<u64, (String, u64)>,
    /// Local variables of host functions that hold kernels (see `kernel_ptr`).
    kernel_ptrs: HashMap<u64, Vec<kernel_ptr::Target>>,
    mutated: HashSet<u64>,
    addr_taken: HashSet<u64>,
    dynamic_ptrs: HashSet<u64>,
    conflict: Option<u64>,
    blocks: Vec<Block>,
    inline_stack: Vec<u64>,
    ret_vars: Vec<Option<VarId>>,
    /// For each inlined call, whether it returns a reference, and which
    /// object its `return`s named.
    ref_returns: Vec<Option<RefReturn>>,
    this_places: Vec<Option<LValue>>,
    /// For each inlined method, the members of `this` its constructor bound
    /// (see `objects.rs`); `None` for other objects.
    this_fields: Vec<Option<objects::Fields>>,
    /// Locals constructed as bound objects, by declaration address.
    object_fields: HashMap<u64, objects::Fields>,
    pub approximate: bool,
    /// Bodyless device functions the user declared and this function calls.
    pub externals: Vec<String>,
    pub diags: Vec<Diagnostic>,
    pub host: Option<HostState>,
    /// Inside an inlined prelude function, the user's call site: what the
    /// prelude does is reported where the user asked for it.
    call_site: Option<Span>,
    /// The innermost user statement being lowered, for code without a
    /// location of its own in the user's files.
    stmt_span: Span,
    /// `__shared__` declarations already given an object.
    shared_of: HashMap<u64, SharedId>,
    /// Local variables never assigned after an integer-constant initialiser.
    consts: HashMap<VarId, i128>,
    /// Variables assigned after their declaration (loop counters, `idx =
    /// idx / n`): a pointer or reference bound to an expression over one
    /// keeps the value the expression had when it was bound.
    mutable_vars: HashSet<VarId>,
    /// Host arrays of pointers to kernel arguments, with the objects they point to.
    arg_arrays: HashMap<VarId, Vec<LValue>>,
    /// Host variables that hold a known callable (a lambda, a
    /// `std::function`, a function pointer), by declaration (see `invoke`).
    callables: HashMap<u64, invoke::Callable>,
    /// Variables the host function assigns whole after their declaration.
    reassigned: HashSet<u64>,
    /// Writes of inline PTX `cp.async` copies not yet waited for (see `asm.rs`).
    pending_copies: Vec<asm::PendingCopy>,
}

/// Lowers one kernel (or one instantiation).
pub fn lower_kernel(
    ix: &Index<'_>,
    types: &mut TypeTable,
    program: &Program,
    node: &Node,
    template_args: &str,
    diags: &mut Vec<Diagnostic>,
) -> Kernel {
    let mut dynamic = HashSet::new();
    // A pointer variable reassigned to another object is lowered again as a
    // dynamic pointer; a few rounds settle it.
    for _ in 0..8 {
        let mut f = FnLower::new(ix, types, program, None);
        f.dynamic_ptrs = dynamic.clone();
        let body = f.function_body(node);
        if let Some(conflict) = f.conflict {
            dynamic.insert(conflict);
            continue;
        }
        let (name, _) = node.decl_name_and_type();
        diags.append(&mut f.diags);
        return Kernel {
            name: name.to_string(),
            template_args: template_args.to_string(),
            span: ix.span(node.loc.unwrap_or(node.begin)),
            params: f.params,
            vars: f.vars,
            shared: f.shared,
            body,
            approximate: f.approximate,
            externals: f.externals,
        };
    }
    let (name, _) = node.decl_name_and_type();
    let span = ix.span(node.loc.unwrap_or(node.begin));
    diags.push(program.diag_at(
        Diagnostic::new(Severity::Warning, "unsupported-construct", "pointer variables reassigned too often"),
        span,
    ));
    Kernel {
        name: name.to_string(),
        template_args: template_args.to_string(),
        span,
        params: Vec::new(),
        vars: Vec::new(),
        shared: Vec::new(),
        body: vec![Stmt::Unknown { reason: "lowering did not converge".into(), span }],
        approximate: true,
        externals: Vec::new(),
    }
}

fn strip_parens(mut n: &Node) -> &Node {
    while matches!(
        n.kind.as_str(),
        "ParenExpr"
            | "ExprWithCleanups"
            | "ConstantExpr"
            | "MaterializeTemporaryExpr"
            | "CXXBindTemporaryExpr"
            | "SubstNonTypeTemplateParmExpr"
            | "FullExpr"
    ) {
        match n.children.iter().rev().find(|c| c.kind != "value:") {
            Some(c) => n = c,
            None => break,
        }
    }
    n
}

fn strip_casts(mut n: &Node) -> &Node {
    loop {
        let s = strip_parens(n);
        if s.kind.ends_with("CastExpr") && !s.children.is_empty() {
            n = &s.children[0];
        } else {
            return s;
        }
    }
}

/// The declaration a (possibly cast/parenthesised) `DeclRefExpr` refers to.
/// Whether a function definition is a method with an object (`this`).
pub(super) fn takes_this(def: &Node) -> bool {
    def.kind == "CXXMethodDecl" && !def.text.split_whitespace().any(|w| w == "static")
}

/// The type of `this` in a method body (`'const Image *'`), from its first use.
fn this_type(n: &Node) -> Option<&str> {
    if n.kind == "CXXThisExpr" {
        return Some(n.ty());
    }
    n.children.iter().find_map(this_type)
}

fn decl_ref(n: &Node) -> Option<(&str, u64, &str)> {
    let s = strip_casts(n);
    if s.kind == "DeclRefExpr" {
        s.referenced()
    } else {
        None
    }
}

/// The variable whose storage an lvalue is part of: `v`, `v.f`, `v.f.g`
/// (not through a pointer: `p->f` changes memory, not `p`).
fn object_ref(n: &Node) -> Option<(&str, u64, &str)> {
    let s = strip_casts(n);
    if s.kind == "MemberExpr" && s.member().is_some_and(|(arrow, _)| !arrow) {
        return s.children.first().and_then(object_ref);
    }
    decl_ref(s)
}

/// Collects declarations assigned after their initialisation, and those
/// whose address is taken (or bound to a reference).
fn scan_mutations(n: &Node, mutated: &mut HashSet<u64>, addr_taken: &mut HashSet<u64>) {
    match n.kind.as_str() {
        "BinaryOperator" if n.last_quoted() == "=" => {
            if let Some((_, a, _)) = n.children.first().and_then(object_ref) {
                mutated.insert(a);
            }
        }
        "CompoundAssignOperator" => {
            if let Some((_, a, _)) = n.children.first().and_then(object_ref) {
                mutated.insert(a);
            }
        }
        "UnaryOperator" => {
            let op = n.last_quoted();
            if let Some((_, a, _)) = n.children.first().and_then(object_ref) {
                if op == "++" || op == "--" {
                    mutated.insert(a);
                } else if op == "&" {
                    addr_taken.insert(a);
                    mutated.insert(a);
                }
            }
        }
        "CallExpr" | "CXXMemberCallExpr" | "CXXOperatorCallExpr" | "CXXConstructExpr" => {
            // An lvalue passed straight to a call is bound to a reference parameter.
            for c in n.children.iter().skip(1) {
                let s = strip_parens(c);
                if s.kind == "DeclRefExpr" && s.text.contains("lvalue") {
                    if let Some((_, a, _)) = s.referenced() {
                        addr_taken.insert(a);
                        mutated.insert(a);
                    }
                }
            }
        }
        _ => {}
    }
    for c in &n.children {
        scan_mutations(c, mutated, addr_taken);
    }
}

fn dim_of(m: &str) -> Option<Dim> {
    match m {
        "x" => Some(Dim::X),
        "y" => Some(Dim::Y),
        "z" => Some(Dim::Z),
        _ => None,
    }
}

fn int_value(text: &str) -> Option<i128> {
    let last = text.rsplit(' ').next()?;
    last.parse().ok()
}

impl<'a, 'b> FnLower<'a, 'b> {
    pub fn new(ix: &'b Index<'a>, types: &'b mut TypeTable, program: &'b Program, host: Option<HostState>) -> Self {
        FnLower {
            ix,
            types,
            program,
            vars: Vec::new(),
            shared: Vec::new(),
            params: Vec::new(),
            bindings: HashMap::new(),
            fn_targets: HashMap::new(),
            kernel_ptrs: HashMap::new(),
            mutated: HashSet::new(),
            addr_taken: HashSet::new(),
            dynamic_ptrs: HashSet::new(),
            conflict: None,
            blocks: Vec::new(),
            inline_stack: Vec::new(),
            ret_vars: Vec::new(),
            ref_returns: Vec::new(),
            this_places: Vec::new(),
            this_fields: Vec::new(),
            object_fields: HashMap::new(),
            approximate: false,
            externals: Vec::new(),
            diags: Vec::new(),
            host,
            call_site: None,
            stmt_span: Span::NONE,
            shared_of: HashMap::new(),
            consts: HashMap::new(),
            mutable_vars: HashSet::new(),
            arg_arrays: HashMap::new(),
            callables: HashMap::new(),
            reassigned: HashSet::new(),
            pending_copies: Vec::new(),
        }
    }

    pub fn span(&self, n: &Node) -> Span {
        if let Some(s) = self.call_site {
            return s;
        }
        let loc = if n.begin.is_valid() { n.begin } else { n.loc.unwrap_or(Loc::INVALID) };
        if !loc.is_valid() || self.ix.system_files.contains(&loc.file) {
            return self.stmt_span;
        }
        self.ix.span(loc)
    }

    fn is_host(&self) -> bool {
        self.host.is_some()
    }

    pub(super) fn emit(&mut self, s: Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }

    fn new_var(&mut self, name: &str, ty: Type, kind: VarKind, span: Span) -> VarId {
        let id = VarId(self.vars.len() as u32);
        self.vars.push(Var { name: name.to_string(), ty, kind, span });
        id
    }

    /// Records an unsupported construct: a warning with file:line, and the
    /// function becomes approximate.
    fn unsupported(&mut self, n: &Node, what: String) -> Expr {
        let span = self.span(n);
        let ty = self.types.parse(n.ty());
        // Host code is evaluated later with unknown inputs anyway (an
        // `Unknown` there is one more unknown input), so only kernels warn.
        if !self.is_host() {
            self.approximate = true;
            let diag = Diagnostic::new(Severity::Warning, "unsupported-construct", what.clone());
            self.diags.push(self.program.diag_at(diag, span));
        }
        Expr::Unknown { reason: what, span, ty }
    }

    /// Marks the function approximate for a reason that is not an `Unknown`
    /// in the IR (an unknown size, an unknown field offset), with one warning
    /// per reason and line.
    pub(super) fn approximation(&mut self, span: Span, why: String) {
        if self.is_host() {
            return;
        }
        self.approximate = true;
        let diag = self.program.diag_at(Diagnostic::new(Severity::Warning, "unsupported-construct", why), span);
        if !self.diags.iter().any(|d| d.line == diag.line && d.message == diag.message && d.file == diag.file) {
            self.diags.push(diag);
        }
    }

    /// Lowers the parameters and body of the top-level function.
    pub fn function_body(&mut self, node: &Node) -> Block {
        scan_mutations(node, &mut self.mutated, &mut self.addr_taken);
        if self.host.is_some() {
            self.kernel_ptrs = kernel_ptr::scan(node);
            invoke::scan_reassigned(node, &mut self.reassigned);
        }
        self.blocks.push(Vec::new());
        let host = self.is_host();
        for (i, p) in node.children.iter().filter(|c| c.kind == "ParmVarDecl").enumerate() {
            let (name, ty_text) = p.decl_name_and_type();
            if host && super::is_mut_reference(ty_text) {
                // `int &n` in host code: the caller passed the address of its
                // variable (`call.rs`), and `n` is that memory.
                let target = self.types.parse(ty_text.trim().trim_end_matches('&').trim());
                self.params.push(Param { name: name.to_string(), ty: Type::Ptr(Box::new(target.clone())) });
                let place = Place {
                    base: Base::Dynamic(Box::new(Expr::Param(i as u32))),
                    space: Space::Host,
                    offset: Expr::int(0, Type::LONG),
                    ty: target,
                    name: name.to_string(),
                    volatile: false,
                };
                self.bindings.insert(p.addr, Binding::LValue(LValue::Mem(place)));
                continue;
            }
            let ty = self.types.parse(ty_text);
            self.params.push(Param { name: name.to_string(), ty: ty.clone() });
            let value = match &ty {
                Type::Ptr(_) => Expr::Addr {
                    base: Box::new(Base::Param { index: i as u32, fields: Vec::new() }),
                    offset: Box::new(Expr::int(0, Type::LONG)),
                    ty: ty.clone(),
                },
                _ => Expr::Param(i as u32),
            };
            let value = if host && ty.is_pointer() { Expr::Param(i as u32) } else { value };
            // An enum parameter holds one of the enum's values.
            if let (false, Some((lo, hi))) = (host, self.types.enum_range(ty_text)) {
                let param = || Box::new(Expr::Param(i as u32));
                let ge = Expr::Binary {
                    op: BinOp::Ge,
                    lhs: param(),
                    rhs: Box::new(Expr::int(lo, Type::INT)),
                    ty: Type::Bool,
                };
                let le = Expr::Binary {
                    op: BinOp::Le,
                    lhs: param(),
                    rhs: Box::new(Expr::int(hi, Type::INT)),
                    ty: Type::Bool,
                };
                let cond = Expr::binary(BinOp::LAnd, ge, le, Type::Bool);
                self.emit(Stmt::Assume { cond, span: self.span(p) });
            }
            self.bind_new(p, name, ty, Some(value), VarKind::Local, false);
        }
        if !host {
            self.template_values(node);
        }
        if host && takes_this(node) {
            // A host method's object: its address is the last parameter
            // (call sites pass it, `launch.rs`), and `this->f` is memory.
            let ty = this_type(node).map_or(Type::Ptr(Box::new(Type::Void)), |t| self.types.parse(t));
            let index = self.params.len() as u32;
            self.params.push(Param { name: "this".into(), ty: ty.clone() });
            let place = Place {
                base: Base::Dynamic(Box::new(Expr::Param(index))),
                space: Space::Host,
                offset: Expr::int(0, Type::LONG),
                ty: ty.pointee().cloned().unwrap_or(Type::Void),
                name: "this".into(),
                volatile: false,
            };
            self.this_places.push(Some(LValue::Mem(place)));
        }
        let scope = self.types.scope();
        if let Some(body) = node.children.iter().find(|c| c.kind == "CompoundStmt") {
            self.stmt(body);
        }
        self.types.end_scope(scope);
        self.complete_copies();
        self.blocks.pop().unwrap_or_default()
    }

    /// The non-type template parameters of a template kernel never
    /// instantiated (`template <int N, bool Flag>`), as parameters after its
    /// own: values its instantiations choose, which the analysis quantifies
    /// over as it does a kernel's arguments, rather than unknowns it
    /// over-approximates. Unnamed ones cannot be used, and are left out.
    fn template_values(&mut self, node: &Node) {
        let Some(values) = self.ix.template_values.get(&node.addr) else { return };
        for p in values.clone() {
            let Some(ty_text) = crate::ast::quoted(&p.text).first().map(|q| q.to_string()) else { continue };
            let name = p.text.rsplit(' ').next().unwrap_or("");
            if name.is_empty() || !name.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                continue;
            }
            let ty = self.types.parse(&ty_text);
            if !matches!(ty, Type::Int { .. } | Type::Bool) {
                continue;
            }
            let i = self.params.len() as u32;
            self.params.push(Param { name: name.to_string(), ty });
            self.bindings.insert(p.addr, Binding::LValue(LValue::Value(Expr::Param(i))));
        }
    }

    /// Binds a new declaration `decl` with an optional initial value,
    /// choosing the cheapest exact representation.
    fn bind_new(&mut self, decl: &Node, name: &str, ty: Type, init: Option<Expr>, kind: VarKind, always_var: bool) {
        let span = self.span(decl);
        let addr = decl.addr;
        let mutated = self.mutated.contains(&addr);
        // A struct parameter stays a value (its pointer fields are base
        // objects) unless the function writes to it.
        let aggregate = matches!(ty, Type::Array { .. } | Type::Record { .. });
        let param_value = matches!(init, Some(Expr::Param(_))) && !mutated;
        if self.addr_taken.contains(&addr) || aggregate && !param_value {
            let v = self.new_var(name, ty.clone(), kind, span);
            self.emit(Stmt::Decl { var: v, init: None });
            let space = if self.is_host() { Space::Host } else { Space::Local };
            let base = if self.is_host() { Base::Host(v) } else { Base::Local(v) };
            let place = Place {
                base,
                space,
                offset: Expr::int(0, Type::LONG),
                ty: ty.clone(),
                name: name.to_string(),
                volatile: false,
            };
            if let Some(value) = init {
                if !matches!(ty, Type::Array { .. }) {
                    self.write(&place, value, span);
                }
            }
            self.bindings.insert(addr, Binding::LValue(LValue::Mem(place)));
            return;
        }
        if let (Type::Ptr(_), Some(Expr::Addr { base, offset, .. })) = (&ty, &init) {
            if !self.dynamic_ptrs.contains(&addr) {
                if !mutated && !always_var && !self.mentions_mutable(offset) {
                    let value = init.clone().unwrap_or_else(|| Expr::int(0, Type::LONG));
                    self.bindings.insert(addr, Binding::LValue(LValue::Value(value)));
                    return;
                }
                let off = self.new_var(&format!("{name}.off"), Type::LONG, kind, span);
                self.mutable_vars.insert(off);
                self.emit(Stmt::Decl { var: off, init: Some((**offset).clone()) });
                self.bindings
                    .insert(addr, Binding::LValue(LValue::Ptr { off, base: (**base).clone(), ty, decl: addr }));
                return;
            }
        }
        if !mutated && !always_var && kind == VarKind::Local {
            if let Some(v @ (Expr::Param(_) | Expr::Addr { .. })) = &init {
                if !self.mentions_mutable(v) {
                    self.bindings.insert(addr, Binding::LValue(LValue::Value(v.clone())));
                    return;
                }
            }
        }
        let v = self.new_var(name, ty, kind, span);
        if mutated {
            self.mutable_vars.insert(v);
        }
        if let (false, Some(Expr::Int { value, .. })) = (mutated, &init) {
            self.consts.insert(v, *value);
        }
        self.emit(Stmt::Decl { var: v, init });
        self.bindings.insert(addr, Binding::LValue(LValue::Var(v)));
    }

    /// Whether `e` reads a variable that is assigned after its declaration.
    pub(super) fn mentions_mutable(&self, e: &Expr) -> bool {
        let mut found = false;
        e.visit(&mut |x| found |= matches!(x, Expr::Var(v) if self.mutable_vars.contains(v)));
        found
    }

    /// `offset` as it is now: a fresh variable holding it when it reads a
    /// variable that may change before the offset is used.
    pub(super) fn snapshot(&mut self, offset: Expr, name: &str, span: Span) -> Expr {
        if !self.mentions_mutable(&offset) {
            return offset;
        }
        let v = self.new_var(name, Type::LONG, VarKind::Temp, span);
        self.emit(Stmt::Decl { var: v, init: Some(offset) });
        Expr::Var(v)
    }

    /// Folds an expression, reading constant local variables.
    pub(super) fn fold_with_consts(&self, e: &Expr) -> Option<i128> {
        fn subst(e: &Expr, consts: &HashMap<VarId, i128>) -> Expr {
            match e {
                Expr::Var(v) => match consts.get(v) {
                    Some(c) => Expr::int(*c, Type::LONG),
                    None => e.clone(),
                },
                Expr::Cast { ty, arg } => Expr::Cast { ty: ty.clone(), arg: Box::new(subst(arg, consts)) },
                Expr::Unary { op, arg, ty } => {
                    Expr::Unary { op: *op, arg: Box::new(subst(arg, consts)), ty: ty.clone() }
                }
                Expr::Binary { op, lhs, rhs, ty } => {
                    Expr::binary(*op, subst(lhs, consts), subst(rhs, consts), ty.clone())
                }
                other => other.clone(),
            }
        }
        fold(&subst(e, &self.consts))
    }

    pub(super) fn space_of(&self, base: &Base) -> Space {
        match base {
            Base::Param { .. } => {
                if self.is_host() {
                    Space::Host
                } else {
                    Space::Global
                }
            }
            Base::Shared(_) => Space::Shared,
            Base::Global(g) => self.program.globals.get(g.0 as usize).map(|g| g.space).unwrap_or(Space::Global),
            Base::Local(_) => Space::Local,
            Base::Host(_) => Space::Host,
            Base::Dynamic(_) if self.is_host() => Space::Host,
            // `(c ? p : q)`: the space both choices agree on.
            Base::Dynamic(e) => match &**e {
                Expr::Select { then, els, .. } => match (&**then, &**els) {
                    (Expr::Addr { base: a, .. }, Expr::Addr { base: b, .. }) => {
                        let (sa, sb) = (self.space_of(a), self.space_of(b));
                        if sa == sb {
                            sa
                        } else {
                            Space::Generic
                        }
                    }
                    _ => Space::Generic,
                },
                _ => Space::Generic,
            },
        }
    }
}

/// Folds a constant integer expression.
pub fn fold(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int { value, .. } => Some(*value),
        Expr::Cast { arg, ty } => fold(arg).map(|v| wrap(v, ty)),
        Expr::Unary { op: UnOp::Neg, arg, ty } => fold(arg).map(|v| wrap(-v, ty)),
        Expr::Unary { op: UnOp::Not, arg, .. } => fold(arg).map(|v| i128::from(v == 0)),
        Expr::Binary { op, lhs, rhs, ty } => {
            let (a, b) = (fold(lhs)?, fold(rhs)?);
            let v = match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                // C and Rust both truncate toward zero.
                BinOp::Div if b != 0 => Some(a / b),
                BinOp::Rem if b != 0 => Some(a % b),
                BinOp::Shl if (0..64).contains(&b) => a.checked_shl(b as u32),
                BinOp::Eq => Some(i128::from(a == b)),
                BinOp::Ne => Some(i128::from(a != b)),
                BinOp::Lt => Some(i128::from(a < b)),
                BinOp::Le => Some(i128::from(a <= b)),
                BinOp::Gt => Some(i128::from(a > b)),
                BinOp::Ge => Some(i128::from(a >= b)),
                BinOp::LAnd => Some(i128::from(a != 0 && b != 0)),
                BinOp::LOr => Some(i128::from(a != 0 || b != 0)),
                _ => None,
            }?;
            Some(wrap(v, ty))
        }
        _ => None,
    }
}

/// Wraps a constant to the width of an integer type (C's conversion rules;
/// signed overflow is undefined in C, and wrapping is what GPUs do).
pub fn wrap(v: i128, ty: &Type) -> i128 {
    match ty {
        Type::Int { bits, signed } if *bits < 128 => {
            let m = 1i128 << bits;
            let r = v.rem_euclid(m);
            if *signed && r >= m / 2 {
                r - m
            } else {
                r
            }
        }
        Type::Bool => i128::from(v != 0),
        _ => v,
    }
}

pub fn add_offset(base: &Expr, bytes: u64) -> Expr {
    if bytes == 0 {
        return base.clone();
    }
    match fold(base) {
        Some(v) => Expr::int(v + i128::from(bytes), Type::LONG),
        None => Expr::binary(BinOp::Add, base.clone(), Expr::int(i128::from(bytes), Type::LONG), Type::LONG),
    }
}

/// Converts a value to a declared type (an implicit cast the AST already
/// made explicit in most places; this only retypes constants).
pub fn convert(v: Expr, ty: &Type) -> Expr {
    match (&v, ty) {
        (Expr::Int { value, .. }, Type::Int { .. } | Type::Bool) => Expr::Int { value: *value, ty: ty.clone() },
        _ => v,
    }
}

#[path = "aggregate.rs"]
mod aggregates;
#[path = "asm.rs"]
mod asm;
#[path = "asm_mem.rs"]
mod asm_mem;
#[path = "call.rs"]
mod calls;
#[path = "containers.rs"]
mod containers;
#[path = "expr.rs"]
mod exprs;
#[path = "fn_pointer.rs"]
pub(super) mod fn_pointers;
#[path = "invoke.rs"]
mod invoke;
#[path = "kernel_ptr.rs"]
mod kernel_ptr;
#[path = "launch.rs"]
mod launches;
#[path = "objects.rs"]
mod objects;
#[path = "place.rs"]
mod places;
#[path = "primitive.rs"]
mod primitives;
#[path = "stmt.rs"]
mod stmts;

impl crate::ast::Node {
    /// The operator of a `CompoundAssignOperator` (`'+='`), which is the
    /// first quoted word after the result type.
    pub fn last_quoted_op(&self) -> &str {
        crate::ast::quoted(&self.text)
            .into_iter()
            .find(|q| q.ends_with('=') && q.len() <= 3 && !q.chars().any(char::is_alphanumeric))
            .unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: i128, ty: Type) -> Expr {
        Expr::Int { value: v, ty }
    }

    #[test]
    fn constants_fold_with_c_widths() {
        let u8t = Type::Int { bits: 8, signed: false };
        // (unsigned char)256 is 0: a folded condition must not say "true".
        assert_eq!(fold(&Expr::Cast { ty: u8t, arg: Box::new(int(256, Type::INT)) }), Some(0));
        // 0u - 1 wraps to UINT_MAX.
        assert_eq!(
            fold(&Expr::binary(BinOp::Sub, int(0, Type::UINT), int(1, Type::UINT), Type::UINT)),
            Some(4294967295)
        );
        // INT_MAX + 1 wraps to INT_MIN, as the hardware does.
        assert_eq!(
            fold(&Expr::binary(BinOp::Add, int(i32::MAX.into(), Type::INT), int(1, Type::INT), Type::INT)),
            Some(i32::MIN.into())
        );
        // C division and remainder truncate toward zero.
        assert_eq!(fold(&Expr::binary(BinOp::Div, int(-7, Type::INT), int(2, Type::INT), Type::INT)), Some(-3));
        assert_eq!(fold(&Expr::binary(BinOp::Rem, int(-7, Type::INT), int(2, Type::INT), Type::INT)), Some(-1));
        assert_eq!(fold(&Expr::binary(BinOp::Div, int(1, Type::INT), int(0, Type::INT), Type::INT)), None);
        assert_eq!(fold(&Expr::binary(BinOp::Gt, int(32, Type::UINT), int(32, Type::UINT), Type::Bool)), Some(0));
        assert_eq!(fold(&Expr::Var(VarId(0))), None);
    }
}
