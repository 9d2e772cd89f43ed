//! Memory accesses of one thread: the object and offset an access
//! touches, thread-local memory whose contents the thread knows, and
//! store-to-load forwarding in shared and global memory between barriers.

use gpurace_core::arith;
use gpurace_core::c::{is_float, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, BvOp, Deps, Leaf, T};
use gpurace_ir::{Access, Base, Type};

use super::{Exec, State};
use crate::trace::{object_base, AccessEv, BaseKind, Counts, Obj, SyncOrder};

/// The direction an atomic moves its counter, when it adds a nonzero constant.
pub(super) fn counting(access: &Access, step: Option<u128>) -> Option<i8> {
    use gpurace_ir::{AccessKind, AtomicOp};
    let AccessKind::Atomic { op, .. } = access.kind else { return None };
    let bits = (access.size * 8).min(128) as u32;
    let step = arith::signed(step?, bits.max(1));
    match op {
        AtomicOp::Add if step > 0 => Some(1),
        AtomicOp::Add if step < 0 => Some(-1),
        AtomicOp::Sub if step > 0 => Some(-1),
        AtomicOp::Sub if step < 0 => Some(1),
        _ => None,
    }
}

/// Most entries kept per object for forwarding (each adds an `ite` to loads).
pub(super) const SEEN_PER_OBJECT: usize = 8;

/// The value a load at `offset` returns given what the thread saw: the
/// newest entry at an equal address, else `fresh`.
pub(super) fn forward(seen: &[(Obj, u64, T, T)], obj: &Obj, size: u64, offset: &T, fresh: T) -> T {
    seen.iter().filter(|(o, z, ..)| o == obj && *z == size).fold(fresh, |acc, (_, _, off, v)| {
        if v.width == acc.width {
            t::ite(&t::eq(off, offset), v, &acc)
        } else {
            acc
        }
    })
}

pub(super) fn remember(seen: &mut Vec<(Obj, u64, T, T)>, obj: Obj, size: u64, offset: T, value: T) {
    // Entries of another size, or at offsets that may overlap without being
    // equal, cannot be kept next to this one.
    if !aligned(&offset, size) || seen.iter().any(|(o, z, ..)| *o == obj && *z != size) {
        forget(seen, &obj);
        if !aligned(&offset, size) {
            return;
        }
    }
    if seen.iter().filter(|(o, ..)| *o == obj).count() >= SEEN_PER_OBJECT {
        if let Some(i) = seen.iter().position(|(o, ..)| *o == obj) {
            seen.remove(i);
        }
    }
    seen.push((obj, size, offset, value));
}

pub(super) fn forget(seen: &mut Vec<(Obj, u64, T, T)>, obj: &Obj) {
    if *obj == Obj::Dynamic {
        seen.clear();
    } else {
        seen.retain(|(o, ..)| o != obj && *o != Obj::Dynamic);
    }
}

/// Whether an offset is a multiple of `size` by its form (`i * 4`, `i << 2`,
/// a constant, sums of those), so that two such offsets overlap only when equal.
pub(super) fn aligned(offset: &T, size: u64) -> bool {
    use gpurace_core::term::Node;
    let size = u128::from(size.max(1));
    if size == 1 {
        return true;
    }
    match &offset.node {
        Node::Const(c) => c.is_multiple_of(size),
        Node::Bin(BvOp::Mul, a, b) => {
            b.as_const().is_some_and(|c| c.is_multiple_of(size)) || a.as_const().is_some_and(|c| c.is_multiple_of(size))
        }
        Node::Bin(BvOp::Shl, _, b) => b.as_const().is_some_and(|c| c < 64 && (1u128 << c).is_multiple_of(size)),
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) => aligned(a, size as u64) && aligned(b, size as u64),
        Node::Ext(_, a) => aligned(a, size as u64),
        Node::Ite(_, a, b) => aligned(a, size as u64) && aligned(b, size as u64),
        _ => false,
    }
}

pub fn obj_of(base: &Base) -> Obj {
    match base {
        Base::Param { index, fields } => Obj::Param(*index, fields.clone()),
        Base::Shared(id) => Obj::Shared(id.0),
        Base::Global(id) => Obj::Global(id.0),
        Base::Local(_) | Base::Host(_) => Obj::Local,
        Base::Dynamic(_) => Obj::Dynamic,
    }
}

/// Whether every object a pointer may point to is thread-local.
pub(super) fn points_to_local(pointer: &T) -> bool {
    use gpurace_core::term::Node;
    match &pointer.node {
        Node::Const(c) => local_slot(*c).is_some(),
        Node::Bin(BvOp::Add | BvOp::Sub, a, b) => {
            points_to_local(a) && !b.deps.data
                || points_to_local(b) && !a.deps.data && matches!(&a.node, Node::Const(_))
        }
        Node::Ite(_, a, b) => points_to_local(a) && points_to_local(b),
        Node::Ext(_, a) | Node::Trunc(a) => points_to_local(a),
        _ => false,
    }
}

/// The local variable and byte offset a constant address falls in.
pub(super) fn local_slot(address: u128) -> Option<(u32, u128)> {
    let slot = address >> 40;
    let first = (BaseKind::Local as u128) * 4096 + 1;
    (first..first + 4096).contains(&slot).then(|| ((slot - first) as u32, address & ((1 << 40) - 1)))
}

impl<'k> Exec<'k> {
    /// The value a load from thread-local memory (or from the by-value
    /// parameters, which every thread sees alike) returns, when known.
    pub(super) fn known_load(&mut self, st: &State, access: &Access) -> Option<T> {
        match &access.base {
            Base::Local(var) => {
                let offset = self.value_as(st, &access.offset, &Type::LONG).as_const()?;
                let (_, _, _, v) =
                    st.local.iter().find(|(x, o, size, _)| *x == var.0 && *o == offset && *size == access.size)?;
                Some(v.clone())
            }
            Base::Dynamic(e) => {
                let pointer = self.value(st, e);
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                if let Some((var, offset)) =
                    t::add(&t::resize(&pointer, 64, false), &offset).as_const().and_then(local_slot)
                {
                    let (_, _, _, v) =
                        st.local.iter().find(|(x, o, size, _)| *x == var && *o == offset && *size == access.size)?;
                    return Some(v.clone());
                }
                // `s.array[4]` of a struct parameter: parameter memory.
                let (index, path) = self.param_field(e)?;
                if !matches!(self.ty_of(e), Type::Array { .. }) || is_float(&access.ty) {
                    return None;
                }
                let offset = self.value_as(st, &access.offset, &Type::LONG).as_const()?;
                let id = self.field_leaf(index, format!("{path}+{offset}"));
                Some(t::leaf(Leaf::ParamField(id), width(&access.ty).max(1), Deps::default()))
            }
            _ => None,
        }
    }

    /// The local variable a store through a pointer writes, when the pointer
    /// is known to point into one; `None` offset when the offset is unknown.
    pub(super) fn local_target(&mut self, st: &State, access: &Access) -> Option<(u32, Option<u128>)> {
        match &access.base {
            Base::Local(var) => Some((var.0, self.value_as(st, &access.offset, &Type::LONG).as_const())),
            Base::Dynamic(e) => {
                let pointer = self.value(st, e);
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                let address = t::add(&t::resize(&pointer, 64, false), &offset);
                let (var, offset) = address.as_const().and_then(local_slot)?;
                Some((var, Some(offset)))
            }
            _ => None,
        }
    }

    /// Records a store to thread-local memory; a store the engine cannot place
    /// (a pointer into local memory at an unknown offset) forgets everything.
    pub(super) fn store(&mut self, st: &mut State, access: &Access, value: Option<T>) {
        match self.local_target(st, access) {
            Some((var, Some(offset))) => self.store_local(st, var, offset, access.size, value),
            Some((var, None)) => st.local.retain(|(x, ..)| *x != var),
            None => {
                let pointer = match &access.base {
                    Base::Dynamic(e) => Some(self.value(st, e)),
                    _ => None,
                };
                if pointer.is_some_and(|p| points_to_local(&p) || p.deps.data || p.deps.approx) {
                    st.local.clear();
                }
            }
        }
    }

    pub(super) fn store_local(&mut self, st: &mut State, var: u32, o: u128, size: u64, value: Option<T>) {
        st.local.retain(|(x, p, s, _)| *x != var || p + u128::from(*s) <= o || o + u128::from(size) <= *p);
        if let Some(v) = value {
            st.local.push((var, o, size, v));
        }
    }

    /// The object an access touches, the object's address and the offset.
    pub(super) fn locate(&mut self, st: &State, access: &Access) -> (Obj, T, T) {
        let mut offset = self.value_as(st, &access.offset, &Type::LONG);
        let mut obj = obj_of(&access.base);
        let mut base = t::constant(0, 64);
        if let Base::Dynamic(e) = &access.base {
            let pointer = self.value(st, e);
            offset = t::add(&t::resize(&pointer, 64, false), &offset);
            // Thread-local memory, or the kernel's by-value parameters (an
            // array inside a struct parameter): nothing another thread writes.
            let in_params = self.param_field(e).is_some() && matches!(self.ty_of(e), Type::Array { .. });
            if points_to_local(&pointer) || in_params {
                obj = Obj::Local;
            }
        } else if let Some((alloc, start)) = self.bound_param(&access.base) {
            obj = Obj::Alloc(alloc);
            offset = t::add(&start, &offset);
            base = object_base(BaseKind::Alloc, alloc);
        } else {
            base = self.base(st, &access.base);
        }
        (obj, base, offset)
    }

    /// Records an access; returns its object and offset when the access is to
    /// memory other threads may touch.
    pub(super) fn access(&mut self, st: &mut State, access: &'k Access) -> Option<(Obj, T)> {
        if st.pc.is_false() {
            return None;
        }
        let (obj, base, offset) = self.locate(st, access);
        let out = (obj != Obj::Local).then(|| (obj.clone(), offset.clone()));
        if self.record {
            let index = self.trace.accesses.len();
            let mut order = SyncOrder::default();
            if self.fine && obj != Obj::Local {
                order.waited = st.sync.waited.clone();
                st.sync.pending.push((index, None));
                for h in &mut st.sync.held {
                    match h.active {
                        Some(_) => h.inside.push(index),
                        None => order.notes.push("no fence between the lock's acquire and this access"),
                    }
                }
            }
            self.trace.accesses.push(AccessEv {
                access,
                guard: st.pc.clone(),
                obj,
                base,
                offset,
                counts: Counts {
                    block: st.block.clone(),
                    warp: st.warp.clone(),
                    grid: st.grid.clone(),
                    groups: st.groups.clone(),
                    levels: self.levels.clone(),
                    rel: st.rel.clone(),
                },
                vars: self.loop_vars.clone(),
                order,
            });
        }
        out
    }
}
