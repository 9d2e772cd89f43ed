//! Statements: blocks, declarations, `if`/`switch`/loops with their
//! recognised shapes, and the host facts that enclosing statements establish.
//! Child module of `func`, sharing `FnLower`'s state.

use gpurace_ir::{
    Base, BinOp, Block, Case, Expr, HostFact, Loop, LoopKind, LoopPattern, SharedId, SharedVar, Space, Span, StepOp,
    Stmt, Type, VarKind,
};

use super::{convert, fold, strip_casts, Binding, FnLower, LValue, Place};
use crate::ast::Node;
use crate::lower::is_reference;
use crate::lower::types::is_volatile;

impl FnLower<'_, '_> {
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

    pub(super) fn stmt_inner(&mut self, n: &Node, span: Span) {
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
            "NullStmt" | "<<<NULL>>>" | "StaticAssertDecl" | "UsingDirectiveDecl" | "NamespaceAliasDecl" => {}
            "AttributedStmt" | "LabelStmt" => {
                // A label alone changes nothing; a `goto` to it is unknown.
                if let Some(c) = n.children.iter().rev().find(|c| !c.kind.ends_with("Attr")) {
                    self.stmt(c);
                }
            }
            "IfStmt" => self.if_stmt(n, span),
            "ForStmt" => self.for_stmt(n, span),
            "CXXForRangeStmt" => self.range_for_stmt(n, span),
            "WhileStmt" => {
                let has_var = n.text.contains("has_var");
                let mut it = n.children.iter();
                // `while (T x = e)` declares and evaluates `x` before every test.
                let var = if has_var { it.next() } else { None };
                self.blocks.push(Vec::new());
                if let Some(v) = var {
                    self.stmt(v);
                }
                let (pre, cond) = self.cond_block(it.next());
                let mut cond_pre = self.blocks.pop().unwrap_or_default();
                cond_pre.extend(pre);
                let init = Vec::new();
                let body = self.loop_body(it.next());
                // In host code, `T v = a; while (v < n) v = v OP c;` has the
                // shape of a `for` loop: the statement before it starts it,
                // the body is the step.
                let pattern = match (&self.host, body.as_slice()) {
                    (Some(_), [_]) => self
                        .blocks
                        .last()
                        .and_then(|b| b.last())
                        .and_then(|prev| loop_pattern(std::slice::from_ref(prev), &cond_pre, cond.as_ref(), &body)),
                    _ => None,
                };
                self.emit_loop(Loop {
                    id: Default::default(),
                    kind: LoopKind::While,
                    init,
                    cond_pre,
                    cond,
                    step: Vec::new(),
                    body,
                    pattern,
                    span,
                });
            }
            "DoStmt" => {
                let body = self.loop_body(n.children.first());
                let (cond_pre, cond) = self.cond_block(n.children.get(1));
                self.emit_loop(Loop {
                    id: Default::default(),
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
            "GCCAsmStmt" if !self.is_host() => self.asm_stmt(n, span),
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
                let one = match ty {
                    Type::Float { .. } => Expr::Float { value: 1.0, ty: ty.clone() },
                    _ => Expr::int(1, Type::INT),
                };
                let new = self.arith(op, old, one, &ty, n);
                self.store(&lv, new, span);
            }
            _ => {
                // An expression statement: evaluate for its effects.
                let _ = self.rvalue(n);
            }
        }
    }

    /// Lowers the C++17 init-statement and condition variable of an `if` or
    /// `switch` (`if (int k = f(); k > 0)`), leaving the iterator at the
    /// condition.
    pub(super) fn clause_prefix<'n>(&mut self, n: &Node, it: &mut std::slice::Iter<'n, Node>) {
        if n.text.contains("has_init") {
            if let Some(c) = it.next() {
                self.stmt(c);
            }
        }
        if n.text.contains("has_var") {
            if let Some(c) = it.next() {
                self.stmt(c);
            }
        }
    }

    pub(super) fn if_stmt(&mut self, n: &Node, span: Span) {
        let mut it = n.children.iter();
        self.clause_prefix(n, &mut it);
        let Some(c) = it.next() else { return };
        let cond = self.cond(c);
        let then_node = it.next();
        let else_node = if n.text.contains("has_else") { it.next() } else { None };
        // A condition that is constant (a template argument, `sizeof`)
        // leaves only one branch, as in the instantiated program.
        if let Some(k) = self.fold_with_consts(&cond) {
            let (taken, dead) = if k != 0 { (then_node, else_node) } else { (else_node, then_node) };
            if let Some(taken) = taken {
                self.stmt(taken);
            }
            if let (Some(dead), true) = (dead, self.is_host()) {
                self.dead_branch(dead);
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

    /// Lowers host code no path reaches (the branch a constant condition
    /// does not take) and drops it, so that the launches in it are known to
    /// the program as launches that never run; its diagnostics and facts go
    /// with it.
    fn dead_branch(&mut self, n: &Node) {
        let diags = self.diags.len();
        let facts = self.host.as_ref().map_or(0, |h| h.facts.len());
        self.blocks.push(Vec::new());
        self.stmt(n);
        self.blocks.pop();
        self.diags.truncate(diags);
        if let Some(h) = self.host.as_mut() {
            h.facts.truncate(facts);
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

    pub(super) fn push_fact(&mut self, f: impl FnOnce(&mut Self) -> HostFact) -> bool {
        if self.host.is_none() {
            return false;
        }
        let fact = f(self);
        if let Some(h) = self.host.as_mut() {
            h.facts.push(fact);
        }
        true
    }

    pub(super) fn pop_fact(&mut self, pushed: bool) {
        if pushed {
            if let Some(h) = self.host.as_mut() {
                h.facts.pop();
            }
        }
    }

    /// A loop body, with the host's loop fact in force inside it.
    pub(super) fn loop_body(&mut self, n: Option<&Node>) -> Block {
        self.block_of(n)
    }

    pub(super) fn emit_loop(&mut self, l: Loop) {
        self.emit(Stmt::Loop(Box::new(l)));
    }

    pub(super) fn cond_block(&mut self, n: Option<&Node>) -> (Block, Option<Expr>) {
        let Some(n) = n.filter(|n| n.kind != "<<<NULL>>>") else { return (Vec::new(), None) };
        self.blocks.push(Vec::new());
        let c = self.cond(n);
        let pre = self.blocks.pop().unwrap_or_default();
        (pre, Some(c))
    }

    /// A condition, as an expression that is nonzero when true.
    pub(super) fn cond(&mut self, n: &Node) -> Expr {
        if n.kind == "VarDecl" {
            self.decl(n);
            return Expr::Unknown { reason: "condition variable".into(), span: self.span(n), ty: Type::Bool };
        }
        self.rvalue(n)
    }

    pub(super) fn for_stmt(&mut self, n: &Node, span: Span) {
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
        self.emit_loop(Loop {
            id: Default::default(),
            kind: LoopKind::For,
            init,
            cond_pre,
            cond,
            step,
            body,
            pattern,
            span,
        });
    }

    /// `for (T v : range)`. Clang spells out the loop: children are the
    /// init-statement, `__range`, `__begin`, `__end` (declarations), the
    /// condition `__begin != __end`, the step `++__begin`, the declaration of
    /// `v` from `*__begin`, and the body. Over an array of `N` elements it
    /// becomes a counted loop (`for (i = 0; i < N; i++)` with `__begin`
    /// standing for `&range[i]`), whose counter the host and the static
    /// engine summarise exactly; over anything else (a container's
    /// iterators) it is the loop clang wrote.
    pub(super) fn range_for_stmt(&mut self, n: &Node, span: Span) {
        let c = &n.children;
        if c.len() != 8 {
            let e = self.unsupported(n, "range-based `for` without its implicit declarations".into());
            if let Expr::Unknown { reason, span, .. } = e {
                self.emit(Stmt::Unknown { reason, span });
            }
            return;
        }
        let get = |i: usize| c.get(i).filter(|x| x.kind != "<<<NULL>>>");
        let mut init = self.block_of(get(0));
        self.blocks.push(Vec::new());
        for i in 1..4 {
            if let Some(d) = get(i) {
                self.stmt(d);
            }
        }
        let begin = get(2).and_then(|d| d.children.first()).filter(|d| d.kind == "VarDecl");
        let count = get(3).and_then(array_count);
        let counted = match (begin, count) {
            (Some(b), Some(n)) => match self.bindings.get(&b.addr).cloned() {
                Some(Binding::LValue(lv)) => {
                    let ty = self.types.parse(b.decl_name_and_type().1);
                    Some((b.addr, self.load(lv, span), n, ty))
                }
                _ => None,
            },
            _ => None,
        };
        let Some((begin_addr, first, count, ty_ptr)) = counted else {
            init.extend(self.blocks.pop().unwrap_or_default());
            let (cond_pre, cond) = self.cond_block(get(4));
            let step = self.block_of(get(5));
            let pushed = self.push_fact(|_| HostFact::Loop { pattern: None, span });
            let mut body = self.loop_body(get(6));
            body.extend(self.loop_body(get(7)));
            self.pop_fact(pushed);
            self.emit_loop(Loop {
                id: Default::default(),
                kind: LoopKind::For,
                init,
                cond_pre,
                cond,
                step,
                body,
                pattern: None,
                span,
            });
            return;
        };
        let i = self.new_var("__range.i", Type::LONG, VarKind::Local, span);
        self.mutable_vars.insert(i);
        self.emit(Stmt::Decl { var: i, init: Some(Expr::int(0, Type::LONG)) });
        init.extend(self.blocks.pop().unwrap_or_default());
        let cond = Expr::binary(BinOp::Lt, Expr::Var(i), Expr::int(count, Type::LONG), Type::Bool);
        let next = Expr::binary(BinOp::Add, Expr::Var(i), Expr::int(1, Type::LONG), Type::LONG);
        let step = vec![Stmt::Assign { var: i, value: next }];
        let pattern = loop_pattern(&init, &[], Some(&cond), &step);
        let pushed = self.push_fact(|_| HostFact::Loop { pattern: pattern.clone(), span });
        // `__begin` is `&range[i]` in the body: `v = *__begin` reads element i.
        // `first` is `&range[0]`, a value the loop does not change (its step
        // is not lowered).
        let at = self.arith("+", first, Expr::Var(i), &ty_ptr, n);
        self.bindings.insert(begin_addr, Binding::LValue(LValue::Value(at)));
        let mut body = self.loop_body(get(6));
        body.extend(self.loop_body(get(7)));
        self.pop_fact(pushed);
        let cond = Some(cond);
        self.emit_loop(Loop {
            id: Default::default(),
            kind: LoopKind::For,
            init,
            cond_pre: Vec::new(),
            cond,
            step,
            body,
            pattern,
            span,
        });
    }

    pub(super) fn switch_stmt(&mut self, n: &Node, span: Span) {
        let mut it = n.children.iter();
        self.clause_prefix(n, &mut it);
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

    pub(super) fn const_int(&mut self, n: &Node) -> Option<i128> {
        if let Some(v) = n.children.iter().find(|c| c.kind == "value:") {
            return v.text.strip_prefix("Int ").and_then(|t| t.trim().parse().ok());
        }
        self.blocks.push(Vec::new());
        let e = self.rvalue(n);
        self.blocks.pop();
        fold(&e)
    }

    pub(super) fn decl(&mut self, d: &Node) {
        match d.kind.as_str() {
            "VarDecl" => {}
            "TypedefDecl" | "TypeAliasDecl" | "CXXRecordDecl" | "EnumDecl" | "StaticAssertDecl" | "UsingDecl"
            | "UsingDirectiveDecl" | "UsingShadowDecl" | "NamespaceAliasDecl" => {
                if d.kind == "CXXRecordDecl" {
                    self.types.add_record(d);
                    self.types.add_unnamed_spelling(d, self.ix.files);
                }
                if d.kind == "TypedefDecl" || d.kind == "TypeAliasDecl" {
                    self.types.add_local_typedef(d);
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
        self.remember_callable(d, ty_text, init_node);
        let is_ref = is_reference(ty_text);
        if is_ref {
            if let Some(i) = init_node {
                let lv = match self.lvalue(i) {
                    // `T &r = a[i]` names the element `i` was at then.
                    LValue::Mem(p) => {
                        let offset = self.snapshot(p.offset.clone(), &format!("{name}.off"), span);
                        LValue::Mem(Place { offset, ..p })
                    }
                    other => other,
                };
                self.bindings.insert(d.addr, Binding::LValue(lv));
                return;
            }
        }
        // An object whose constructor only binds members (objects.rs): its
        // methods see the bound members. A handle on storage the caller owns
        // (a reference member) is not built, since copying it would read
        // that storage; another is still declared, for other uses of it.
        if let (false, Some(init)) = (self.is_host(), init_node) {
            let handle = self.binds_reference(strip_casts(init));
            if let Some(fields) = self.ctor_fields(init) {
                self.object_fields.insert(d.addr, fields.clone());
                if !handle {
                    self.bind_new(d, name, ty.clone(), None, VarKind::Local, false);
                    if let Some(Binding::LValue(LValue::Mem(place))) = self.bindings.get(&d.addr).cloned() {
                        self.init_bound_members(&place, &fields, span);
                    }
                }
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
}

/// The element count of a range-based `for` over an array: clang declares
/// `__end = __range + N`.
fn array_count(end: &Node) -> Option<i128> {
    let d = end.children.first().filter(|d| d.kind == "VarDecl")?;
    let plus = strip_casts(d.children.last()?);
    if plus.kind != "BinaryOperator" || plus.last_quoted() != "+" {
        return None;
    }
    let lit = plus.children.get(1).map(strip_casts)?;
    (lit.kind == "IntegerLiteral").then(|| lit.text.split_whitespace().last()?.parse().ok()).flatten()
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

#[cfg(test)]
mod tests {
    use super::*;
    use gpurace_ir::VarId;

    fn int(v: i128, ty: Type) -> Expr {
        Expr::Int { value: v, ty }
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
