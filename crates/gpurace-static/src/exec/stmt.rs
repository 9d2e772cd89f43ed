//! Statements: the path condition through branches, switches, jumps and
//! inlined calls, and the dispatch of every other statement kind.

use gpurace_core::c::{is_float, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, FreshKind, T};
use gpurace_ir::{AccessKind, AtomicOp, Span, Stmt, VarId};

use super::memory::{counting, forget, forward, remember};
use super::sync::{barrier_sync, narrower, wider, Sync};
use super::{dead, key, merge, Exec, Frame, State, Tag};
use crate::trace::{BarrierEv, BarrierKind, Obj, Ticket, COUNT_WIDTH};

impl<'k> Exec<'k> {
    pub(super) fn block(&mut self, mut st: State, stmts: &'k [Stmt]) -> State {
        for stmt in stmts {
            if st.pc.is_false() {
                break;
            }
            st = self.stmt(st, stmt);
        }
        st
    }

    pub(super) fn set(&self, st: &mut State, var: VarId, value: T) {
        let ty = self.var_ty(var);
        let value = match width(&ty) {
            0 => t::to_bool(&value),
            w if value.width == 0 => t::bool_to_bv(&value, w),
            w if value.width != w => t::resize(&value, w, false),
            _ => value,
        };
        if let Some(slot) = st.env.get_mut(var.0 as usize) {
            *slot = Some(value);
        }
    }

    pub(super) fn define_fresh(&mut self, st: &mut State, node: usize, var: VarId, kind: FreshKind) {
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
            }
            Stmt::Read { dst, access } => {
                let ev = self.access(&mut st, access);
                if let Some(value) = self.known_load(&st, access) {
                    self.set(&mut st, *dst, value);
                } else {
                    let kind = if is_float(&self.var_ty(*dst)) { FreshKind::Approx } else { FreshKind::Data };
                    self.define_fresh(&mut st, key(stmt), *dst, kind);
                    if let (Some((obj, offset)), Some(fresh)) = (ev, st.env[dst.0 as usize].clone()) {
                        let value = forward(&st.seen, &obj, access.size, &offset, fresh);
                        self.set(&mut st, *dst, value.clone());
                        remember(
                            &mut st.seen,
                            obj,
                            access.size,
                            offset,
                            st.env[dst.0 as usize].clone().unwrap_or(value),
                        );
                    }
                }
            }
            Stmt::Write { access, value } => {
                let ev = self.access(&mut st, access);
                let v = self.value_as(&st, value, &access.ty);
                self.store(&mut st, access, Some(v.clone()));
                if let Some((obj, offset)) = ev {
                    // A store through an unknown pointer may change anything seen;
                    // a store to an object may change what was seen through one.
                    if obj == Obj::Dynamic {
                        st.seen.clear();
                    } else {
                        st.seen.retain(|(o, ..)| *o != Obj::Dynamic);
                    }
                    let v = if width(&access.ty) == 0 { t::bool_to_bv(&v, 8) } else { v };
                    remember(&mut st.seen, obj, access.size, offset, v.clone());
                    self.sync_store(&mut st, access, Some(v));
                }
            }
            Stmt::Atomic { dst, access, args } => {
                for arg in args {
                    let _ = self.value(&st, arg);
                }
                let ev = self.access(&mut st, access);
                if let Some((obj, _)) = &ev {
                    forget(&mut st.seen, obj);
                    if let AccessKind::Atomic { op, .. } = access.kind {
                        let arg =
                            |i: usize, exec: &mut Exec<'k>| args.get(i).map(|a| exec.value_as(&st, a, &access.ty));
                        let identity = arg(0, self).and_then(|v| v.as_const()) == Some(0);
                        let stored = match op {
                            AtomicOp::Load => None,
                            AtomicOp::Add | AtomicOp::Sub | AtomicOp::Or | AtomicOp::Xor if identity => None,
                            AtomicOp::Exch | AtomicOp::Store => Some(arg(0, self)),
                            AtomicOp::Cas => Some(arg(1, self)),
                            _ => Some(None),
                        };
                        if let Some(value) = stored {
                            self.sync_store(&mut st, access, value);
                        }
                    }
                }
                self.store(&mut st, access, None);
                let step = args.first().map(|a| self.value(&st, a)).and_then(|v| v.as_const());
                let direction = counting(access, step);
                if let (Some((obj, _)), true) = (&ev, self.record) {
                    self.trace.atomics.push((obj.clone(), direction));
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Data);
                    if let (Some((obj, offset)), Some(result), Some(direction), true) =
                        (ev, st.env[dst.0 as usize].clone(), direction, self.record)
                    {
                        self.trace.tickets.push(Ticket { obj, offset, guard: st.pc.clone(), result, direction });
                    }
                }
            }
            Stmt::If { cond, then, els, .. } => {
                let c = t::to_bool(&self.value(&st, cond));
                let mut a = st.clone();
                a.pc = t::and(&st.pc, &c);
                let mut b = st;
                b.pc = t::and(&b.pc, &t::not(&c));
                let a = self.block(a, then);
                let b = self.block(b, els);
                st = merge(vec![a, b]);
            }
            Stmt::Loop(lp) => st = self.exec_loop(st, lp),
            Stmt::Switch { value, cases, .. } => {
                let v = t::to_bv(&self.value(&st, value));
                let matches: Vec<T> = cases
                    .iter()
                    .map(|c| {
                        c.values.iter().fold(t::fals(), |acc, x| t::or(&acc, &t::eq(&v, &t::constant_i(*x, v.width))))
                    })
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
                st = merge(breaks);
            }
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
            Stmt::Barrier { barrier, span } => match barrier_sync(barrier) {
                Some(Sync::Block) => {
                    self.barrier(&st, *span, BarrierKind::Block);
                    st.seen.clear();
                    st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                    st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Grid) => {
                    self.barrier(&st, *span, BarrierKind::Grid);
                    st.seen.clear();
                    st.block = t::add(&st.block, &t::constant(1, COUNT_WIDTH));
                    st.rel = t::add(&st.rel, &t::constant(1, COUNT_WIDTH));
                    st.grid = t::add(&st.grid, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Warp) => {
                    self.barrier(&st, *span, BarrierKind::Warp);
                    st.seen.clear();
                    st.warp = t::add(&st.warp, &t::constant(1, COUNT_WIDTH));
                }
                Some(Sync::Group(g)) => {
                    self.barrier(&st, *span, BarrierKind::Group(g));
                    st.seen.clear();
                    if let Some(i) = self.trace.groups.iter().position(|x| *x == g) {
                        st.groups[i] = t::add(&st.groups[i], &t::constant(1, COUNT_WIDTH));
                    }
                }
                // A warp barrier whose mask or a tile barrier whose size is not
                // a constant orders nothing: ignoring a barrier can only add
                // races.
                None => {}
            },
            Stmt::Fence { scope, .. } => {
                if self.fine && self.record {
                    for p in &mut st.sync.pending {
                        p.1 = Some(p.1.map_or(*scope, |f| wider(f, *scope)));
                    }
                    for h in &mut st.sync.held {
                        if h.active.is_none() {
                            h.active = Some(narrower(h.scope, *scope));
                        }
                    }
                }
            }
            Stmt::Assert { .. } | Stmt::Launch { .. } => {}
            Stmt::WarpOp { dst, mask, args, .. } => {
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
                st.seen.clear();
                if self.record {
                    self.trace.unsupported.push((*span, format!("call to `{callee}` is not inlined")));
                }
                if let Some(dst) = dst {
                    self.define_fresh(&mut st, key(stmt), *dst, FreshKind::Approx);
                }
            }
            Stmt::Unknown { reason, span } => {
                st.seen.clear();
                if self.record {
                    self.trace.unsupported.push((*span, reason.clone()));
                }
            }
        }
        st
    }

    pub(super) fn barrier(&mut self, st: &State, span: Span, kind: BarrierKind) {
        if self.record {
            let iterations = self.sync_iterations.clone();
            self.trace.barriers.push(BarrierEv { span, kind, guard: st.pc.clone(), iterations });
        }
    }
}
