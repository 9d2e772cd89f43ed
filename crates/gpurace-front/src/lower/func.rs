//! Lowers one function body (a kernel, or a host function) to IR statements.
//!
//! Input: a `FunctionDecl` node. Output: a statement tree where every memory
//! access is an explicit `Read`/`Write`/`Atomic` with its base object, byte
//! offset and element size, `__device__` calls are inlined, and CUDA
//! primitives (barriers, fences, atomics, warp collectives, GPUVerify
//! annotations) are recognised by name.

use std::collections::{HashMap, HashSet};

use gpurace_ir::{
    Base, BinOp, Block, Case, Diagnostic, Dim, Expr, HostFact, Kernel, Launch, Loop, LoopKind, LoopPattern, Param,
    Program, Severity, SharedId, SharedVar, Space, Span, StepOp, Stmt, Type, UnOp, Var, VarId, VarKind,
};

use super::types::{is_volatile, TypeTable};
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
}

pub struct FnLower<'a, 'b> {
    pub ix: &'b Index<'a>,
    pub types: &'b mut TypeTable,
    pub program: &'b Program,
    pub vars: Vec<Var>,
    pub shared: Vec<SharedVar>,
    pub params: Vec<Param>,
    bindings: HashMap<u64, Binding>,
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
    pub approximate: bool,
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
    /// Host arrays of pointers to kernel arguments, with the objects they point to.
    arg_arrays: HashMap<VarId, Vec<LValue>>,
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
fn decl_ref(n: &Node) -> Option<(&str, u64, &str)> {
    let s = strip_casts(n);
    if s.kind == "DeclRefExpr" {
        s.referenced()
    } else {
        None
    }
}

/// Collects declarations assigned after their initialisation, and those
/// whose address is taken (or bound to a reference).
fn scan_mutations(n: &Node, mutated: &mut HashSet<u64>, addr_taken: &mut HashSet<u64>) {
    match n.kind.as_str() {
        "BinaryOperator" if n.last_quoted() == "=" => {
            if let Some((_, a, _)) = n.children.first().and_then(decl_ref) {
                mutated.insert(a);
            }
        }
        "CompoundAssignOperator" => {
            if let Some((_, a, _)) = n.children.first().and_then(decl_ref) {
                mutated.insert(a);
            }
        }
        "UnaryOperator" => {
            let op = n.last_quoted();
            if let Some((_, a, _)) = n.children.first().and_then(decl_ref) {
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
            mutated: HashSet::new(),
            addr_taken: HashSet::new(),
            dynamic_ptrs: HashSet::new(),
            conflict: None,
            blocks: Vec::new(),
            inline_stack: Vec::new(),
            ret_vars: Vec::new(),
            ref_returns: Vec::new(),
            this_places: Vec::new(),
            approximate: false,
            diags: Vec::new(),
            host,
            call_site: None,
            stmt_span: Span::NONE,
            shared_of: HashMap::new(),
            consts: HashMap::new(),
            arg_arrays: HashMap::new(),
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

    fn emit(&mut self, s: Stmt) {
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

    /// Lowers the parameters and body of the top-level function.
    pub fn function_body(&mut self, node: &Node) -> Block {
        scan_mutations(node, &mut self.mutated, &mut self.addr_taken);
        self.blocks.push(Vec::new());
        let host = self.is_host();
        for (i, p) in node.children.iter().filter(|c| c.kind == "ParmVarDecl").enumerate() {
            let (name, ty_text) = p.decl_name_and_type();
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
            self.bind_new(p, name, ty, Some(value), VarKind::Local, false);
        }
        if let Some(body) = node.children.iter().find(|c| c.kind == "CompoundStmt") {
            self.stmt(body);
        }
        self.blocks.pop().unwrap_or_default()
    }

    /// Binds a new declaration `decl` with an optional initial value,
    /// choosing the cheapest exact representation.
    fn bind_new(&mut self, decl: &Node, name: &str, ty: Type, init: Option<Expr>, kind: VarKind, always_var: bool) {
        let span = self.span(decl);
        let addr = decl.addr;
        let mutated = self.mutated.contains(&addr);
        if self.addr_taken.contains(&addr)
            || matches!(ty, Type::Array { .. } | Type::Record { .. }) && !matches!(init, Some(Expr::Param(_)))
        {
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
                if !matches!(ty, Type::Array { .. } | Type::Record { .. }) {
                    self.write(&place, value, span);
                }
            }
            self.bindings.insert(addr, Binding::LValue(LValue::Mem(place)));
            return;
        }
        if let (Type::Ptr(_), Some(Expr::Addr { base, offset, .. })) = (&ty, &init) {
            if !self.dynamic_ptrs.contains(&addr) {
                if !mutated && !always_var {
                    let value = init.clone().unwrap_or_else(|| Expr::int(0, Type::LONG));
                    self.bindings.insert(addr, Binding::LValue(LValue::Value(value)));
                    return;
                }
                let off = self.new_var(&format!("{name}.off"), Type::LONG, kind, span);
                self.emit(Stmt::Decl { var: off, init: Some((**offset).clone()) });
                self.bindings
                    .insert(addr, Binding::LValue(LValue::Ptr { off, base: (**base).clone(), ty, decl: addr }));
                return;
            }
        }
        if !mutated && !always_var && kind == VarKind::Local {
            if let Some(v @ (Expr::Param(_) | Expr::Addr { .. })) = &init {
                self.bindings.insert(addr, Binding::LValue(LValue::Value(v.clone())));
                return;
            }
        }
        let v = self.new_var(name, ty, kind, span);
        if let (false, Some(Expr::Int { value, .. })) = (mutated, &init) {
            self.consts.insert(v, *value);
        }
        self.emit(Stmt::Decl { var: v, init });
        self.bindings.insert(addr, Binding::LValue(LValue::Var(v)));
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

    fn space_of(&self, base: &Base) -> Space {
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
            Base::Dynamic(_) => {
                if self.is_host() {
                    Space::Host
                } else {
                    Space::Generic
                }
            }
        }
    }

    // ----- statements -------------------------------------------------------

    pub fn block_of(&mut self, n: Option<&Node>) -> Block {
        self.blocks.push(Vec::new());
        if let Some(n) = n {
            self.stmt(n);
        }
        self.blocks.pop().unwrap_or_default()
    }

    pub fn stmt(&mut self, n: &Node) {
        let span = self.span(n);
        let outer_stmt_span = self.stmt_span;
        if !span.is_none() {
            self.stmt_span = span;
        }
        self.stmt_inner(n, span);
        self.stmt_span = outer_stmt_span;
    }

    fn stmt_inner(&mut self, n: &Node, span: Span) {
        match n.kind.as_str() {
            "CompoundStmt" => {
                let mark = self.host.as_ref().map(|h| h.facts.len());
                for c in &n.children {
                    self.stmt(c);
                }
                if let (Some(h), Some(m)) = (self.host.as_mut(), mark) {
                    h.facts.truncate(m);
                }
            }
            "DeclStmt" => {
                for d in &n.children {
                    self.decl(d);
                }
            }
            "NullStmt" | "<<<NULL>>>" | "StaticAssertDecl" | "UsingDirectiveDecl" => {}
            "AttributedStmt" | "LabelStmt" => {
                if n.kind == "LabelStmt" {
                    self.approximate = true;
                }
                if let Some(c) = n.children.iter().rev().find(|c| !c.kind.ends_with("Attr")) {
                    self.stmt(c);
                }
            }
            "IfStmt" => self.if_stmt(n, span),
            "ForStmt" => self.for_stmt(n, span),
            "WhileStmt" => {
                let has_var = n.text.contains("has_var");
                let mut it = n.children.iter();
                let init = if has_var { self.block_of(it.next()) } else { Vec::new() };
                let (cond_pre, cond) = self.cond_block(it.next());
                let body = self.loop_body(it.next());
                self.emit_loop(Loop {
                    kind: LoopKind::While,
                    init,
                    cond_pre,
                    cond,
                    step: Vec::new(),
                    body,
                    pattern: None,
                    span,
                });
            }
            "DoStmt" => {
                let body = self.loop_body(n.children.first());
                let (cond_pre, cond) = self.cond_block(n.children.get(1));
                self.emit_loop(Loop {
                    kind: LoopKind::DoWhile,
                    init: Vec::new(),
                    cond_pre,
                    cond,
                    step: Vec::new(),
                    body,
                    pattern: None,
                    span,
                });
            }
            "SwitchStmt" => self.switch_stmt(n, span),
            "BreakStmt" => self.emit(Stmt::Break),
            "ContinueStmt" => self.emit(Stmt::Continue),
            "ReturnStmt" if matches!(self.ref_returns.last(), Some(Some(_))) => {
                let addr = match n.children.first().map(|c| self.lvalue(c)) {
                    Some(LValue::Mem(p)) => Some(self.place_addr(p)),
                    _ => None,
                };
                if let Some(Some(r)) = self.ref_returns.last_mut() {
                    match (&r.value, addr) {
                        (None, Some(a)) if !r.conflict => r.value = Some(a),
                        (Some(v), Some(a)) if *v == a => {}
                        _ => r.conflict = true,
                    }
                }
                self.emit(Stmt::Return(None));
            }
            "ReturnStmt" => {
                let value = n.children.first().map(|c| self.rvalue(c));
                match self.ret_vars.last().copied() {
                    Some(Some(r)) => {
                        if let Some(v) = value {
                            self.emit(Stmt::Assign { var: r, value: v });
                        }
                        self.emit(Stmt::Return(None));
                    }
                    Some(None) => self.emit(Stmt::Return(None)),
                    None => self.emit(Stmt::Return(value)),
                }
            }
            "GotoStmt" | "IndirectGotoStmt" | "CXXTryStmt" | "GCCAsmStmt" | "MSAsmStmt" | "CoreturnStmt" => {
                let e = self.unsupported(n, format!("`{}` is not modelled", n.kind));
                if let Expr::Unknown { reason, span, .. } = e {
                    self.emit(Stmt::Unknown { reason, span });
                }
            }
            "CaseStmt" | "DefaultStmt" => {
                // Outside a recognised switch body: lower the sub-statement.
                if let Some(c) = n.children.last() {
                    self.stmt(c);
                }
            }
            k if k.ends_with("Decl") => self.decl(n),
            "UnaryOperator" if matches!(n.last_quoted(), "++" | "--") && n.children.len() == 1 => {
                // `i++;` as a statement: its old value is never used.
                let op = if n.last_quoted() == "++" { "+" } else { "-" };
                let lv = self.lvalue(n.kid(0));
                let old = self.load(lv.clone(), span);
                let ty = self.types.parse(n.ty());
                let new = self.arith(op, old, Expr::int(1, Type::INT), &ty, n);
                self.store(&lv, new, span);
            }
            _ => {
                // An expression statement: evaluate for its effects.
                let _ = self.rvalue(n);
            }
        }
    }

    fn if_stmt(&mut self, n: &Node, span: Span) {
        let mut it = n.children.iter();
        if n.text.contains("has_init") {
            if let Some(c) = it.next() {
                self.stmt(c);
            }
        }
        if n.text.contains("has_var") {
            if let Some(c) = it.next() {
                self.decl(c);
            }
        }
        let Some(c) = it.next() else { return };
        let cond = self.cond(c);
        let then_node = it.next();
        let else_node = if n.text.contains("has_else") { it.next() } else { None };
        // A condition that is constant (a template argument, `sizeof`)
        // leaves only one branch, as in the instantiated program.
        if let Some(k) = self.fold_with_consts(&cond) {
            if let Some(taken) = if k != 0 { then_node } else { else_node } {
                self.stmt(taken);
            }
            return;
        }
        let pushed = self.push_fact(|_| HostFact::Guard { cond: cond.clone(), holds: true, span });
        let then = self.block_of(then_node);
        self.pop_fact(pushed);
        let pushed = self.push_fact(|_| HostFact::Guard { cond: cond.clone(), holds: false, span });
        let els = self.block_of(else_node);
        self.pop_fact(pushed);
        // `if (c) return;` with no else: the rest of the block runs only when `!c`.
        let exits = |b: &Block| matches!(b.last(), Some(Stmt::Return(_) | Stmt::Exit { .. }));
        let early_exit = exits(&then) && els.is_empty();
        self.emit(Stmt::If { cond: cond.clone(), then, els, span });
        if early_exit {
            if let Some(h) = self.host.as_mut() {
                h.facts.push(HostFact::Guard { cond, holds: false, span });
            }
        }
    }

    /// Gives the allocations recorded since fact `from` (by `malloc`, `new[]`
    /// or a `std::vector` constructor, which return their memory) the
    /// variable that receives it.
    pub(super) fn name_allocations(&mut self, from: usize, target: &LValue) {
        let var = match target {
            LValue::Var(v) => *v,
            LValue::Mem(Place { base: Base::Host(v), .. }) => *v,
            _ => return,
        };
        let Some(h) = self.host.as_mut() else { return };
        for fact in h.facts.iter_mut().skip(from) {
            if let HostFact::Alloc(a) = fact {
                if a.target.is_none() {
                    a.target = Some(var);
                }
            }
        }
    }

    fn push_fact(&mut self, f: impl FnOnce(&mut Self) -> HostFact) -> bool {
        if self.host.is_none() {
            return false;
        }
        let fact = f(self);
        if let Some(h) = self.host.as_mut() {
            h.facts.push(fact);
        }
        true
    }

    fn pop_fact(&mut self, pushed: bool) {
        if pushed {
            if let Some(h) = self.host.as_mut() {
                h.facts.pop();
            }
        }
    }

    /// A loop body, with the host's loop fact in force inside it.
    fn loop_body(&mut self, n: Option<&Node>) -> Block {
        self.block_of(n)
    }

    fn emit_loop(&mut self, l: Loop) {
        self.emit(Stmt::Loop(Box::new(l)));
    }

    fn cond_block(&mut self, n: Option<&Node>) -> (Block, Option<Expr>) {
        let Some(n) = n.filter(|n| n.kind != "<<<NULL>>>") else { return (Vec::new(), None) };
        self.blocks.push(Vec::new());
        let c = self.cond(n);
        let pre = self.blocks.pop().unwrap_or_default();
        (pre, Some(c))
    }

    /// A condition, as an expression that is nonzero when true.
    fn cond(&mut self, n: &Node) -> Expr {
        if n.kind == "VarDecl" {
            self.decl(n);
            return Expr::Unknown { reason: "condition variable".into(), span: self.span(n), ty: Type::Bool };
        }
        self.rvalue(n)
    }

    fn for_stmt(&mut self, n: &Node, span: Span) {
        let c = &n.children;
        let get = |i: usize| c.get(i).filter(|x| x.kind != "<<<NULL>>>");
        let init = self.block_of(get(0));
        let (cond_pre, cond) = self.cond_block(get(2));
        // The step is lowered before the body only so that its shape is known
        // when the host's loop fact is pushed; lowering order has no effect.
        let step = self.block_of(get(3));
        let pattern = loop_pattern(&init, &cond_pre, cond.as_ref(), &step);
        let fact = self.host.is_some().then(|| HostFact::Loop { pattern: pattern.clone(), span });
        if let (Some(h), Some(f)) = (self.host.as_mut(), fact.clone()) {
            h.facts.push(f);
        }
        let body = self.loop_body(get(4));
        self.pop_fact(fact.is_some());
        self.emit_loop(Loop { kind: LoopKind::For, init, cond_pre, cond, step, body, pattern, span });
    }

    fn switch_stmt(&mut self, n: &Node, span: Span) {
        let mut it = n.children.iter();
        if n.text.contains("has_init") {
            if let Some(c) = it.next() {
                self.stmt(c);
            }
        }
        if n.text.contains("has_var") {
            if let Some(c) = it.next() {
                self.decl(c);
            }
        }
        let Some(c) = it.next() else { return };
        let value = self.rvalue(c);
        let mut cases: Vec<Case> = Vec::new();
        let body_children: Vec<&Node> = match it.next() {
            Some(b) if b.kind == "CompoundStmt" => b.children.iter().collect(),
            Some(b) => vec![b],
            None => Vec::new(),
        };
        for stmt in body_children {
            let mut s = stmt;
            // Peel nested labels: `case 1: case 2: stmt`.
            loop {
                match s.kind.as_str() {
                    "CaseStmt" => {
                        let v = s.children.first().and_then(|c| self.const_int(c));
                        cases.push(Case { values: v.into_iter().collect(), is_default: false, body: Vec::new() });
                        match s.children.last() {
                            Some(sub) if s.children.len() > 1 => s = sub,
                            _ => break,
                        }
                    }
                    "DefaultStmt" => {
                        cases.push(Case { values: Vec::new(), is_default: true, body: Vec::new() });
                        match s.children.last() {
                            Some(sub) => s = sub,
                            None => break,
                        }
                    }
                    _ => {
                        let b = self.block_of(Some(s));
                        // Code before the first label is unreachable and dropped.
                        if let Some(c) = cases.last_mut() {
                            c.body.extend(b);
                        }
                        break;
                    }
                }
                if !matches!(s.kind.as_str(), "CaseStmt" | "DefaultStmt") {
                    let b = self.block_of(Some(s));
                    if let Some(c) = cases.last_mut() {
                        c.body.extend(b);
                    }
                    break;
                }
            }
        }
        self.emit(Stmt::Switch { value, cases, span });
    }

    fn const_int(&mut self, n: &Node) -> Option<i128> {
        if let Some(v) = n.children.iter().find(|c| c.kind == "value:") {
            return v.text.strip_prefix("Int ").and_then(|t| t.trim().parse().ok());
        }
        self.blocks.push(Vec::new());
        let e = self.rvalue(n);
        self.blocks.pop();
        fold(&e)
    }

    fn decl(&mut self, d: &Node) {
        match d.kind.as_str() {
            "VarDecl" => {}
            "TypedefDecl" | "TypeAliasDecl" | "CXXRecordDecl" | "EnumDecl" | "StaticAssertDecl" | "UsingDecl"
            | "UsingDirectiveDecl" | "UsingShadowDecl" => {
                if d.kind == "CXXRecordDecl" {
                    self.types.add_record(d);
                }
                if d.kind == "TypedefDecl" || d.kind == "TypeAliasDecl" {
                    self.types.add_typedef(d);
                }
                return;
            }
            _ => {
                let e = self.unsupported(d, format!("declaration `{}` is not modelled", d.kind));
                if let Expr::Unknown { reason, span, .. } = e {
                    self.emit(Stmt::Unknown { reason, span });
                }
                return;
            }
        }
        let (name, ty_text) = d.decl_name_and_type();
        let ty = self.types.parse(ty_text);
        let span = self.span(d);
        if d.has_child("CUDASharedAttr") {
            // One object per block, however often its function is inlined.
            let id = match self.shared_of.get(&d.addr) {
                Some(&id) => id,
                None => {
                    let id = SharedId(self.shared.len() as u32);
                    let is_extern = d.has_flag("extern");
                    self.shared.push(SharedVar { name: name.to_string(), ty: ty.clone(), is_extern, span });
                    self.shared_of.insert(d.addr, id);
                    id
                }
            };
            let place = Place {
                base: Base::Shared(id),
                space: Space::Shared,
                offset: Expr::int(0, Type::LONG),
                ty,
                name: name.to_string(),
                volatile: is_volatile(ty_text),
            };
            self.bindings.insert(d.addr, Binding::LValue(LValue::Mem(place)));
            return;
        }
        if d.has_flag("static") || d.has_flag("extern") {
            // A function-local static or extern: one object for all threads.
            let e = self.unsupported(d, format!("local `static`/`extern` variable `{name}` is not modelled"));
            self.bindings.insert(d.addr, Binding::LValue(LValue::Value(e)));
            return;
        }
        let init_node = d.children.iter().find(|c| !c.kind.ends_with("Attr") && c.kind != "FullComment");
        let is_ref = ty_text.trim_end().ends_with('&');
        if is_ref {
            if let Some(i) = init_node {
                let lv = self.lvalue(i);
                self.bindings.insert(d.addr, Binding::LValue(lv));
                return;
            }
        }
        match (&ty, init_node) {
            (Type::Array { .. } | Type::Record { .. }, Some(init)) => {
                self.bind_new(d, name, ty.clone(), None, VarKind::Local, false);
                if let Some(Binding::LValue(LValue::Mem(place))) = self.bindings.get(&d.addr).cloned() {
                    self.init_aggregate(&place, init);
                    if let (true, Base::Host(array)) = (self.is_host(), &place.base) {
                        self.remember_arg_array(*array, init);
                    }
                }
            }
            (_, Some(init)) => {
                let facts = self.host.as_ref().map_or(0, |h| h.facts.len());
                let v = self.rvalue(init);
                let v = convert(v, &ty);
                self.bind_new(d, name, ty, Some(v), VarKind::Local, false);
                if let Some(Binding::LValue(lv)) = self.bindings.get(&d.addr).cloned() {
                    self.name_allocations(facts, &lv);
                }
            }
            (_, None) => self.bind_new(d, name, ty, None, VarKind::Local, true),
        }
    }

    /// Remembers the objects a host array of pointers is initialised with
    /// (`void *args[] = {&n, &p};`), for `cudaLaunchKernel`'s arguments.
    fn remember_arg_array(&mut self, array: VarId, init: &Node) {
        let init = strip_parens(init);
        if init.kind != "InitListExpr" || !init.ty().contains("void *") {
            return;
        }
        let mut objects = Vec::new();
        for c in &init.children {
            let e = strip_casts(c);
            if e.kind != "UnaryOperator" || e.last_quoted() != "&" {
                return;
            }
            let lv = self.lvalue(e.kid(0));
            objects.push(lv);
        }
        self.arg_arrays.insert(array, objects);
    }

    /// Writes an initialiser list or constructor arguments into a local object.
    fn init_aggregate(&mut self, place: &Place, init: &Node) {
        let init = strip_parens(init);
        let span = self.span(init);
        match init.kind.as_str() {
            "InitListExpr" => {
                let elems: Vec<(u64, Type)> = match &place.ty {
                    Type::Array { elem, len } => {
                        let size = elem.size().unwrap_or(0);
                        (0..len.unwrap_or(init.children.len() as u64)).map(|i| (i * size, (**elem).clone())).collect()
                    }
                    Type::Record { name, .. } => self
                        .types
                        .record(name)
                        .map(|r| r.fields.iter().map(|f| (f.offset, f.ty.clone())).collect())
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                for (child, (off, ty)) in init.children.iter().filter(|c| c.kind != "array_filler:").zip(elems) {
                    let sub = Place { offset: add_offset(&place.offset, off), ty: ty.clone(), ..place.clone() };
                    if matches!(ty, Type::Array { .. } | Type::Record { .. }) {
                        self.init_aggregate(&sub, child);
                    } else {
                        let v = self.rvalue(child);
                        self.write(&sub, convert(v, &ty), span);
                    }
                }
            }
            "CXXConstructExpr" => {
                let args: Vec<&Node> = init.children.iter().collect();
                if args.is_empty() {
                    return;
                }
                let fields = match &place.ty {
                    Type::Record { name, .. } => self.types.record(name).map(|r| r.fields).unwrap_or_default(),
                    _ => Vec::new(),
                };
                let ctor_text = init.text.clone();
                // A copy from another object of the same type.
                if args.len() == 1 && crate::ast::quoted(&ctor_text).last().is_some_and(|s| s.contains('&')) {
                    let src = self.lvalue(args[0]);
                    let v = self.load(src, span);
                    self.write(place, v, span);
                    return;
                }
                // Constructors of CUDA's vector types and dim3 set the fields in order.
                let known = matches!(&place.ty, Type::Record { name, .. } if name == "dim3" || name == "uint3" || name.starts_with("make_"));
                if !known && fields.len() < args.len() {
                    let e = self.unsupported(init, "constructor call is not modelled".into());
                    if let Expr::Unknown { reason, span, .. } = e {
                        self.emit(Stmt::Unknown { reason, span });
                    }
                    return;
                }
                for (a, f) in args.iter().zip(fields) {
                    let v = self.rvalue(a);
                    let sub = Place { offset: add_offset(&place.offset, f.offset), ty: f.ty.clone(), ..place.clone() };
                    self.write(&sub, convert(v, &f.ty), span);
                }
            }
            "ImplicitValueInitExpr" => {}
            _ => {
                let v = self.rvalue(init);
                self.write(place, v, span);
            }
        }
    }
}

/// Recognises `for (v = a; v CMP b; v = v OP s)` on the lowered init,
/// condition and step (so `i++`, `i += s`, `i = i * 2` and `i >>= 1` all
/// match, and nothing is lowered twice).
fn loop_pattern(init: &[Stmt], pre: &[Stmt], cond: Option<&Expr>, step: &[Stmt]) -> Option<LoopPattern> {
    let (var, start) = match init.last()? {
        Stmt::Decl { var, init: Some(e) } => (*var, e.clone()),
        Stmt::Assign { var, value } => (*var, value.clone()),
        _ => return None,
    };
    // GPUVerify's loop invariants live in the condition; they do not change
    // the loop's shape.
    if !pre.iter().all(|s| matches!(s, Stmt::Assert { .. } | Stmt::Assume { .. })) {
        return None;
    }
    let strip = |e: &Expr| match e {
        Expr::Cast { arg, .. } => (**arg).clone(),
        e => e.clone(),
    };
    let Expr::Binary { op, lhs, rhs, .. } = cond? else { return None };
    let (cmp, bound) = if strip(lhs) == Expr::Var(var) {
        (*op, (**rhs).clone())
    } else if strip(rhs) == Expr::Var(var) {
        let flipped = match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            o => *o,
        };
        (flipped, (**lhs).clone())
    } else {
        return None;
    };
    if !cmp.is_comparison() {
        return None;
    }
    let [Stmt::Assign { var: v, value }] = step else { return None };
    if *v != var {
        return None;
    }
    let Expr::Binary { op, lhs, rhs, .. } = strip(value) else { return None };
    if strip(&lhs) != Expr::Var(var) {
        return None;
    }
    let step_op = match op {
        BinOp::Add => StepOp::Add,
        BinOp::Sub => StepOp::Sub,
        BinOp::Mul => StepOp::Mul,
        BinOp::Div => StepOp::Div,
        BinOp::Shl => StepOp::Shl,
        BinOp::Shr => StepOp::Shr,
        _ => return None,
    };
    Some(LoopPattern { var, init: start, cmp, bound, step_op, step: *rhs })
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

#[path = "call.rs"]
mod calls;
#[path = "expr.rs"]
mod exprs;

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

    #[test]
    fn loops_are_recognised_from_their_lowered_parts() {
        let i = VarId(0);
        let var = || Expr::Var(i);
        let init = vec![Stmt::Decl { var: i, init: Some(int(0, Type::INT)) }];
        let cond = Expr::binary(BinOp::Lt, var(), Expr::Param(0), Type::Bool);
        let step = vec![Stmt::Assign { var: i, value: Expr::binary(BinOp::Shl, var(), int(1, Type::INT), Type::INT) }];
        let p = loop_pattern(&init, &[], Some(&cond), &step).expect("a recognised loop");
        assert_eq!((p.cmp, p.step_op, p.bound, p.step), (BinOp::Lt, StepOp::Shl, Expr::Param(0), int(1, Type::INT)));
        // `n > i` is `i < n`.
        let flipped = Expr::binary(BinOp::Gt, Expr::Param(0), var(), Type::Bool);
        assert_eq!(loop_pattern(&init, &[], Some(&flipped), &step).map(|p| p.cmp), Some(BinOp::Lt));
        // A step that is not `i = i OP s` is no pattern.
        let other = vec![Stmt::Assign { var: i, value: Expr::Param(1) }];
        assert!(loop_pattern(&init, &[], Some(&cond), &other).is_none());
    }
}
