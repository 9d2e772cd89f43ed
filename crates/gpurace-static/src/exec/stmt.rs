//! Statements: the path condition through branches, switches, jumps and
//! inlined calls, and the dispatch of every other statement kind.

use gpurace_core::c::assigned;
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, FreshKind, T};
use gpurace_ir::{Access, Case, Expr, Span, Stmt, VarId};

use super::memory::set_record;
use super::patterns::try_lock;
use super::scan::has_sync;
use super::{dead, key, merge, Exec, Frame, NodeKey, State, Tag};
use crate::trace::{BarrierEv, BarrierKind, COUNT_WIDTH};

impl<'k> Exec<'k> {
    /// A C `switch`: each arm entered by its values or by falling through.
    pub(super) fn switch(&mut self, st: State, value: &Expr, cases: &'k [Case]) -> State {
        let v = t::to_bv(&self.value(&st, value));
        let matches: Vec<T> = cases
            .iter()
            .map(|c| c.values.iter().fold(t::fals(), |acc, x| t::or(&acc, &t::eq(&v, &t::constant_i(*x, v.width)))))
            .collect();
        let none = t::not(&matches.iter().fold(t::fals(), |acc, m| t::or(&acc, m)));
        self.frames.push(Frame::Switch { breaks: Vec::new() });
        let mut fall = dead(&st);
        for (case, m) in cases.iter().zip(&matches) {
            let m = if case.is_default { t::or(m, &none) } else { m.clone() };
            let mut entry = st.clone();
            entry.pc = t::and(&st.pc, &m);
            fall = self.block(merge(vec![fall, entry]), &case.body);
        }
        let Some(Frame::Switch { mut breaks }) = self.frames.pop() else { unreachable!() };
        if !cases.iter().any(|c| c.is_default) {
            let mut skip = st.clone();
            skip.pc = t::and(&st.pc, &none);
            breaks.push(skip);
        }
        breaks.push(fall);
        merge(breaks)
    }

    pub(super) fn block(&mut self, mut st: State, stmts: &'k [Stmt]) -> State {
        let rest = self.suffix_passes(stmts);
        for (i, stmt) in stmts.iter().enumerate() {
            if st.pc.is_false() {
                break;
            }
            let pushed = rest.as_ref().is_some_and(|r| r[i].1);
            if let (Some(r), true) = (&rest, pushed) {
                self.rest.push(r[i].0.clone());
            }
            // `if (atomicCAS(&l, e, n) == e) { ... }`: a lock taken on success.
            let cas = match (stmt, i.checked_sub(1).map(|j| &stmts[j])) {
                (Stmt::If { cond, then, els, .. }, Some(prev)) => {
                    try_lock(prev, cond).map(|cas| (cond, then, els, cas))
                }
                _ => None,
            };
            st = match cas {
                Some((cond, then, els, cas)) => self.branch(st, cond, then, els, Some(cas)),
                None => self.stmt(st, stmt),
            };
            if pushed {
                self.rest.pop();
            }
        }
        st
    }

    /// Inside a level, per statement: the block barriers the statements
    /// after it pass (`None` where paths differ), and whether it has a
    /// barrier (only then can a level start inside it).
    fn suffix_passes(&mut self, stmts: &'k [Stmt]) -> Option<Vec<(Option<T>, bool)>> {
        if self.levels.is_empty() || !has_sync(stmts) {
            return None;
        }
        let mut out = vec![(None, false); stmts.len()];
        let mut after = Some(t::constant(0, COUNT_WIDTH));
        for (i, stmt) in stmts.iter().enumerate().rev() {
            let one = std::slice::from_ref(stmt);
            let sync = has_sync(one);
            out[i] = (after.clone(), sync);
            after = match (after, sync) {
                (a, false) => a,
                (Some(a), true) => self.increment(one).map(|p| t::add(&p.block, &a)),
                (None, true) => None,
            };
        }
        Some(out)
    }

    /// An `if`: both branches, merged. For the `if` of a try-lock
    /// (`try_lock`), the `then` branch runs holding the lock the CAS `cas`
    /// took, when the kernel tracks locks.
    fn branch(&mut self, st: State, cond: &Expr, then: &'k [Stmt], els: &'k [Stmt], cas: Option<&'k Access>) -> State {
        let c = t::to_bool(&self.value(&st, cond));
        let pc = st.pc.clone();
        let mut a = st.clone();
        a.pc = t::and(&st.pc, &c);
        let mut b = st;
        b.pc = t::and(&b.pc, &t::not(&c));
        if let (Some(cas), true) = (cas, self.fine && self.record) {
            let guard = a.pc.clone();
            self.take_lock(&mut a, cas, guard);
        }
        let (then_pc, else_pc) = (a.pc.clone(), b.pc.clone());
        let a = self.block(a, then);
        let b = self.block(b, els);
        // Both branches fell through unchanged (no `break`, `continue` or
        // `return` inside): after the join the path is the one before it,
        // not `(pc && c) || (pc && !c)`, which would double with every
        // short-circuit `&&` of a long condition.
        let rejoined = a.pc == then_pc && b.pc == else_pc && !then_pc.is_false() && !else_pc.is_false();
        let mut joined = merge(vec![a, b]);
        if rejoined {
            joined.pc = pc;
        }
        joined
    }

    pub(super) fn set(&self, st: &mut State, var: VarId, value: T) {
        let value = assigned(&value, &self.var_ty(var));
        if let Some(slot) = st.env.get_mut(var.0 as usize) {
            *slot = Some(value);
        }
    }

    pub(super) fn define_fresh(&mut self, st: &mut State, node: NodeKey, var: VarId, kind: FreshKind) {
        let w = self.var_width(var);
        let name = self.var_name(var);
        let v = self.fresh(node, Tag::Value, || name, w, kind);
        self.set(st, var, v);
    }

    pub(super) fn stmt(&mut self, mut st: State, stmt: &'k Stmt) -> State {
        match stmt {
            Stmt::Decl { var, init } => {
                let v = match init {
                    Some(init) => self.value_as(&st, init, &self.var_ty(*var)),
                    None => {
                        let w = self.var_width(*var);
                        let name = self.var_name(*var);
                        self.fresh(key(stmt), Tag::Value, || format!("{name} (uninitialised)"), w, FreshKind::Havoc)
                    }
                };
                self.set(&mut st, *var, v);
            }
            Stmt::Assign { var, value } => {
                let v = self.value_as(&st, value, &self.var_ty(*var));
                self.set(&mut st, *var, v);
                let copied = match value {
                    Expr::Var(src) => st.records.iter().find(|(v, _)| *v == src.0).map(|(_, c)| c.clone()),
                    _ => None,
                };
                set_record(&mut st, var.0, copied);
            }
            Stmt::Read { dst, access } => self.read(&mut st, *dst, access),
            Stmt::Write { access, value } => self.write(&mut st, access, value),
            Stmt::Atomic { dst, access, args } => self.atomic(&mut st, *dst, access, args),
            Stmt::If { cond, then, els, .. } => st = self.branch(st, cond, then, els, None),
            Stmt::Loop(lp) => st = self.exec_loop(st, lp),
            Stmt::Switch { value, cases, .. } => st = self.switch(st, value, cases),
            Stmt::Break => {
                for frame in self.frames.iter_mut().rev() {
                    match frame {
                        Frame::Loop { breaks, .. } | Frame::Switch { breaks } => {
                            breaks.push(st.clone());
                            break;
                        }
                        Frame::Inlined { .. } => {}
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Continue => {
                for frame in self.frames.iter_mut().rev() {
                    if let Frame::Loop { continues, .. } = frame {
                        continues.push(st.clone());
                        break;
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Return(_) => {
                for frame in self.frames.iter_mut().rev() {
                    if let Frame::Inlined { returns } = frame {
                        returns.push(st.clone());
                        break;
                    }
                }
                st.pc = t::fals();
            }
            Stmt::Exit { .. } => st.pc = t::fals(),
            Stmt::Scope(body) => st = self.block(st, body),
            Stmt::Inlined { body, .. } => {
                self.frames.push(Frame::Inlined { returns: Vec::new() });
                let end = self.block(st, body);
                let Some(Frame::Inlined { mut returns }) = self.frames.pop() else { unreachable!() };
                returns.push(end);
                st = merge(returns);
            }
            Stmt::Barrier { barrier, span } => self.pass_barrier(&mut st, barrier, *span),
            Stmt::Fence { scope, .. } => self.fence(&mut st, *scope),
            Stmt::Assert { .. } | Stmt::Launch { .. } | Stmt::Print { .. } => {}
            Stmt::WarpOp { dst, mask, args, .. } => {
                self.synchronises();
                let _ = self.value(&st, mask);
                for arg in args {
                    let _ = self.value(&st, arg);
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Data);
                }
            }
            Stmt::Assume { cond, .. } => {
                let c = t::to_bool(&self.value(&st, cond));
                if self.record {
                    self.trace.assumptions.push(t::implies(&st.pc, &c));
                }
            }
            Stmt::Call { callee, dst, span, .. } => {
                self.synchronises();
                st.seen.clear();
                st.bcast.spoil_all();
                if self.record {
                    self.trace.unsupported.push((*span, format!("call to `{callee}` is not inlined")));
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Approx);
                }
            }
            Stmt::Unknown { reason, span } => {
                self.synchronises();
                st.seen.clear();
                st.bcast.spoil_all();
                if self.record {
                    self.trace.unsupported.push((*span, reason.clone()));
                }
            }
        }
        st
    }

    /// A statement that synchronises, or may, recorded (see `exited.rs`).
    pub(super) fn synchronises(&mut self) {
        if self.record {
            self.exited.synchronises(&mut self.trace.barriers);
        }
    }

    pub(super) fn barrier(&mut self, st: &State, span: Span, kind: BarrierKind) {
        if self.record {
            let iterations = self.sync_iterations.clone();
            let exits = self.exited.at_barrier(self.trace.barriers.len(), kind);
            self.trace.barriers.push(BarrierEv { span, kind, guard: st.pc.clone(), iterations, exits });
        }
    }
}
