//! Memory accesses of one thread: the object and offset an access
//! touches, thread-local memory whose contents the thread knows, and
//! store-to-load forwarding in shared and global memory between barriers.

use gpurace_core::arith;
use gpurace_core::c::{is_float, width};
use gpurace_core::cexpr::ExprEval;
use std::collections::HashSet;
use std::sync::Arc;

use gpurace_core::term::{self as t, BvOp, Deps, FreshKind, Leaf, T};
use gpurace_ir::{Access, AccessKind, AtomicOp, Base, Expr, Scope, Space, Type, VarId};

use super::broadcast;
use super::sync::narrower;
use super::{Exec, Fields, NodeKey, State};
use crate::trace::{
    object_base, AccessEv, AtomicUse, BaseKind, Counts, Obj, SyncOrder, TakenBefore, Taker, Ticket, Trace,
};

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

/// What the thread last stored in `size` bytes at byte `offset` of its local
/// variable `var`.
#[derive(Clone)]
pub(super) struct LocalCell {
    pub(super) var: u32,
    pub(super) offset: u128,
    pub(super) size: u64,
    pub(super) value: T,
}

/// A load at a computed `offset` from a local array of `bytes` bytes whose
/// every element of `size` bytes holds a known value: `ite` over the
/// elements. Reading outside the array is undefined in C, so the last element
/// answers the remaining offsets. Arrays of more than 64 elements are left
/// unknown (the `ite` would grow every term that mentions the load).
pub(super) fn indexed(local: &[LocalCell], var: u32, bytes: u64, size: u64, offset: &T) -> Option<T> {
    if size == 0 || bytes == 0 || !bytes.is_multiple_of(size) || bytes / size > 64 {
        return None;
    }
    let mut values = Vec::new();
    for k in 0..bytes / size {
        let at = u128::from(k * size);
        let cell = local.iter().find(|c| c.var == var && c.offset == at && c.size == size)?;
        values.push(cell.value.clone());
    }
    let offset = t::resize(offset, 64, false);
    let last = values.pop()?;
    Some(
        values
            .iter()
            .enumerate()
            .rev()
            .fold(last, |acc, (k, v)| t::ite(&t::eq(&offset, &t::constant(k as u128 * u128::from(size), 64)), v, &acc)),
    )
}

/// One access this thread made in shared or global memory since its last
/// barrier: `size` bytes of `obj` at `offset`, which held `value`.
#[derive(Clone)]
pub(super) struct Seen {
    pub(super) obj: Obj,
    pub(super) size: u64,
    pub(super) offset: T,
    pub(super) value: T,
}

/// Most entries kept per object for forwarding (each adds an `ite` to loads).
pub(super) const SEEN_PER_OBJECT: usize = 8;

/// The value a load at `offset` returns given what the thread saw: the
/// newest entry at an equal address, else `fresh`.
pub(super) fn forward(seen: &[Seen], obj: &Obj, size: u64, offset: &T, fresh: T) -> T {
    seen.iter().filter(|s| s.obj == *obj && s.size == size).fold(fresh, |acc, s| {
        if s.value.width == acc.width {
            t::ite(&t::eq(&s.offset, offset), &s.value, &acc)
        } else {
            acc
        }
    })
}

pub(super) fn remember(seen: &mut Vec<Seen>, obj: Obj, size: u64, offset: T, value: T) {
    // Entries of another size, or at offsets that may overlap without being
    // equal, cannot be kept next to this one.
    if !aligned(&offset, size) || seen.iter().any(|s| s.obj == obj && s.size != size) {
        forget(seen, &obj);
        if !aligned(&offset, size) {
            return;
        }
    }
    if seen.iter().filter(|s| s.obj == obj).count() >= SEEN_PER_OBJECT {
        if let Some(i) = seen.iter().position(|s| s.obj == obj) {
            seen.remove(i);
        }
    }
    seen.push(Seen { obj, size, offset, value });
}

pub(super) fn forget(seen: &mut Vec<Seen>, obj: &Obj) {
    if *obj == Obj::Dynamic {
        seen.clear();
    } else {
        seen.retain(|s| s.obj != *obj && s.obj != Obj::Dynamic);
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

/// The global objects no thread of the launch writes, from a first trace:
/// objects read (not `volatile`: another agent may change those) and never
/// written nor updated by an atomic. Nothing is immutable when some store
/// goes through a pointer of unknown origin, or when a statement whose
/// effects are not modelled (an opaque call) may write anything.
///
/// Memory nobody writes holds, during the whole launch, what it held at its
/// start: two loads at one address return one value, whichever threads make
/// them and whenever (`row_ptr[row]` read by every lane of a warp).
pub(super) fn immutable(trace: &Trace<'_>) -> HashSet<Obj> {
    if !trace.unsupported.is_empty() {
        return HashSet::new();
    }
    let mut read = HashSet::new();
    let mut excluded = HashSet::new();
    for ev in &trace.accesses {
        let a = ev.access;
        if !matches!(a.kind, AccessKind::Read) && ev.obj == Obj::Dynamic {
            return HashSet::new();
        }
        let global = matches!(a.space, Space::Global | Space::Constant)
            && matches!(ev.obj, Obj::Param(..) | Obj::Alloc(_) | Obj::Global(_));
        if matches!(a.kind, AccessKind::Read) && !a.volatile && global {
            read.insert(ev.obj.clone());
        } else {
            excluded.insert(ev.obj.clone());
        }
    }
    read.retain(|o| !excluded.contains(o));
    read
}

impl<'k> Exec<'k> {
    /// `dst = *access`: a load, whose value is known for thread-local memory
    /// and forwarded from an earlier access of this thread when it can be.
    pub(super) fn read(&mut self, st: &mut State, dst: VarId, access: &'k Access) {
        let ev = self.access(st, access);
        let fields = match access.ty {
            Type::Record { .. } => self.local_fields(st, access),
            _ => None,
        };
        set_record(st, dst.0, fields);
        if let Some(value) = self.known_load(st, access) {
            self.set(st, dst, value);
        } else if let Some(value) = self.immutable_load(ev.as_ref(), dst, access) {
            self.set(st, dst, value);
        } else if self.broadcast_load(st, ev.as_ref(), dst, access) {
            // Set by the load.
        } else if let Some(uniform) = self.interval_load(st, ev.as_ref(), dst, access) {
            // A thread's own earlier access of the address still answers.
            let (obj, offset) = ev.expect("an interval load has an object");
            let value = forward(&st.seen, &obj, access.size, &offset, uniform);
            self.set(st, dst, value.clone());
            remember(&mut st.seen, obj, access.size, offset, value);
        } else {
            // A value read from memory, a float's bits included.
            self.define_fresh(st, NodeKey::Access(access.id), dst, FreshKind::Data);
            if let (Some((obj, offset)), Some(fresh)) = (ev, st.env[dst.0 as usize].clone()) {
                let value = forward(&st.seen, &obj, access.size, &offset, fresh);
                self.set(st, dst, value.clone());
                remember(&mut st.seen, obj, access.size, offset, st.env[dst.0 as usize].clone().unwrap_or(value));
            }
        }
    }

    /// A load from an object nobody writes: the same function of the
    /// address for every thread (`load#OBJ#SIZE(offset)`), a value read from
    /// memory all the same.
    fn immutable_load(&self, ev: Option<&(Obj, T)>, dst: VarId, access: &Access) -> Option<T> {
        let (obj, offset) = ev?;
        let w = self.var_width(dst);
        if w == 0 || access.volatile || !self.immutable.contains(obj) {
            return None;
        }
        let f = t::function(&format!("load#{obj:?}#{}", access.size), vec![offset.clone()], w, false);
        Some(t::with_deps(&f, Deps { data: true, ..f.deps }))
    }

    /// A load from shared (or global) memory that no thread stores to in
    /// the barrier interval: one value for every thread of the block that
    /// loads the address in that interval (`__shared__ int n; if (tid == 0)
    /// n = ...; __syncthreads(); for (i = tid; i < n; ...)`, `if
    /// (cluster[blockIdx.x] != -2) return;` before the block's thread 0
    /// changes it after a barrier), a function of the address, the block and
    /// the thread's barrier counts.
    ///
    /// Sound by the first-race argument of the forwarding above: where
    /// another thread stores to the address in the interval, unordered with
    /// one of the loads, that store and load race, and the race is reported;
    /// stores ordered by a warp or tile barrier inside the interval change
    /// the warp or group count, which is an argument. Kernels with locks or
    /// flags (`fine`), whose stores are ordered otherwise, and `volatile`
    /// loads keep a fresh value.
    fn interval_load(&self, st: &State, ev: Option<&(Obj, T)>, dst: VarId, access: &Access) -> Option<T> {
        let (obj, offset) = ev?;
        let w = self.var_width(dst);
        let shared = matches!(obj, Obj::Shared(_)) && access.space == Space::Shared;
        // Global memory the same way, for the threads of one block: a store
        // another thread (of any block) makes to the address, unordered with
        // one of the loads, is a race of its own, reported through it.
        let global = matches!(obj, Obj::Param(..) | Obj::Alloc(_) | Obj::Global(_)) && access.space == Space::Global;
        if w == 0 || access.volatile || self.fine || !(shared || global) {
            return None;
        }
        let no = Deps::default();
        let mut args = vec![offset.clone(), st.block.clone(), st.warp.clone()];
        args.extend(st.groups.iter().cloned());
        args.extend((0..3).map(|d| t::leaf(Leaf::Bid(d), 32, no)));
        if global {
            args.push(st.grid.clone());
        }
        let kind = if shared { "shared" } else { "global" };
        let f = t::function(&format!("{kind}#{obj:?}#{}", access.size), args, w, false);
        Some(t::with_deps(&f, Deps { data: true, thread: true, ..f.deps }))
    }

    /// A load of what the block's thread 0 stored in the barrier interval
    /// before (see `broadcast`): that value, as thread 0 computed it, when
    /// the store's condition holds. Whether the load was one.
    fn broadcast_load(&mut self, st: &mut State, ev: Option<&(Obj, T)>, dst: VarId, access: &'k Access) -> bool {
        let Some((obj, offset)) = ev else { return false };
        if self.loop_depth != 0 || access.volatile || self.fine || access.space != Space::Shared {
            return false;
        }
        let Some((cond, stored)) = st.bcast.lookup(obj, offset, access.size) else { return false };
        let fallback = match self.interval_load(st, ev, dst, access) {
            Some(uniform) => uniform,
            None => {
                self.define_fresh(st, NodeKey::Access(access.id), dst, FreshKind::Data);
                let Some(fresh) = st.env[dst.0 as usize].clone() else { return false };
                fresh
            }
        };
        let w = self.var_width(dst);
        let stored = if w == 0 { t::to_bool(&stored) } else { t::resize(&stored, w, false) };
        let value = t::ite(&cond, &stored, &fallback);
        self.set(st, dst, value);
        true
    }

    /// `*access = value`: a store.
    pub(super) fn write(&mut self, st: &mut State, access: &'k Access, value: &Expr) {
        let ev = self.access(st, access);
        if ev.is_none() && (self.copy_param_record(st, access, value) || self.copy_record(st, access, value)) {
            return;
        }
        let v = self.value_as(st, value, &access.ty);
        self.store(st, access, Some(v.clone()));
        if let Some((obj, offset)) = ev {
            // A store through an unknown pointer may change anything seen;
            // a store to an object may change what was seen through one.
            if obj == Obj::Dynamic {
                st.seen.clear();
            } else {
                st.seen.retain(|s| s.obj != Obj::Dynamic);
            }
            let v = if width(&access.ty) == 0 { t::bool_to_bv(&v, 8) } else { v };
            st.bcast.store(access.id, &obj, &offset, access.size, Some(&v), &st.pc, self.loop_depth == 0);
            let global = matches!(obj, Obj::Param(..) | Obj::Alloc(_) | Obj::Global(_));
            if global && self.record && v.as_const() == Some(0) && !offset.deps.thread {
                self.trace.resets.push((obj.clone(), offset.clone()));
            }
            remember(&mut st.seen, obj, access.size, offset, v.clone());
            self.sync_store(st, access, Some(v));
        }
    }

    /// The known fields of the struct an access reads whole from thread-local
    /// memory, relative to its start.
    fn local_fields(&mut self, st: &State, access: &Access) -> Option<Fields> {
        let (var, Some(start)) = self.local_target(st, access)? else { return None };
        let end = start + u128::from(access.size);
        let cells: Vec<(u128, u64, T)> = st
            .local
            .iter()
            .filter(|c| c.var == var && c.offset >= start && c.offset + u128::from(c.size) <= end)
            .map(|c| (c.offset - start, c.size, c.value.clone()))
            .collect();
        (!cells.is_empty()).then(|| Arc::new(cells))
    }

    /// A struct value read whole from thread-local memory (a variable), copied
    /// whole into it again (`int8 nX = newPos(...)`, `w = v`): the copy's
    /// fields are the known fields of the original. Whether it was one.
    fn copy_record(&mut self, st: &mut State, access: &Access, value: &Expr) -> bool {
        if !matches!(access.ty, Type::Record { .. }) {
            return false;
        }
        let Expr::Var(src) = value else { return false };
        let Some(fields) = st.records.iter().find(|(v, _)| *v == src.0).map(|(_, c)| c.clone()) else {
            return false;
        };
        let Some((var, Some(offset))) = self.local_target(st, access) else { return false };
        self.store_local(st, var, offset, access.size, None);
        for (at, size, value) in fields.iter() {
            st.local.push(LocalCell { var, offset: offset + at, size: *size, value: value.clone() });
        }
        true
    }

    /// A struct parameter (or a struct field of one) copied whole into
    /// thread-local memory, as a reference to it or a by-value argument of
    /// an inlined function is: each scalar field of the copy holds the
    /// parameter's field, so that a load of `d.s0` through the copy is the
    /// same input as `dir.s0`. Whether the copy was made so.
    fn copy_param_record(&mut self, st: &mut State, access: &Access, value: &Expr) -> bool {
        let Type::Record { name, .. } = &access.ty else { return false };
        let Some((index, path)) = self.param_field(value) else { return false };
        let Some((var, Some(offset))) = self.local_target(st, access) else { return false };
        let mut cells = Vec::new();
        self.record_cells(name, index, &path, offset, &mut cells, 0);
        self.store_local(st, var, offset, access.size, None);
        for (offset, size, value) in cells {
            st.local.push(LocalCell { var, offset, size, value });
        }
        true
    }

    /// The scalar fields of the record `name` at `offset`, as field leaves of
    /// parameter `index` under `path`: `(offset, size, value)`.
    fn record_cells(
        &mut self,
        name: &str,
        index: u32,
        path: &str,
        offset: u128,
        out: &mut Vec<(u128, u64, T)>,
        depth: usize,
    ) {
        let Some(record) = self.records.iter().find(|r| r.name == name) else { return };
        if depth > 4 {
            return;
        }
        for field in &record.fields {
            let at = offset + u128::from(field.offset);
            let path = format!("{path}.{}", field.name);
            match &field.ty {
                Type::Record { name, .. } => self.record_cells(name, index, &path, at, out, depth + 1),
                Type::Int { .. } | Type::Bool | Type::Float { bits: 32 | 64 } | Type::Ptr(_) => {
                    let Some(size) = field.ty.size() else { continue };
                    let id = self.field_leaf(index, path);
                    let value = match &field.ty {
                        Type::Ptr(_) => object_base(BaseKind::Field, id),
                        ty => {
                            if is_float(ty) {
                                self.trace.float_fields.insert(id);
                            }
                            t::leaf(Leaf::ParamField(id), width(ty).max(1), Deps::default())
                        }
                    };
                    out.push((at, size, value));
                }
                // An array of scalars (`sizes_[2]`): each element, named as a
                // load of it from the parameter names it (`path+offset`).
                Type::Array { elem, len: Some(len) } if *len <= 64 && matches!(**elem, Type::Int { .. }) => {
                    let Some(size) = elem.size() else { continue };
                    for k in 0..*len {
                        let id = self.field_leaf(index, format!("{path}+{}", k * size));
                        let value = t::leaf(Leaf::ParamField(id), width(elem).max(1), Deps::default());
                        out.push((at + u128::from(k * size), size, value));
                    }
                }
                _ => {}
            }
        }
    }

    /// An atomic read-modify-write; its result, when used, is a fresh value
    /// (a ticket when the atomic counts).
    pub(super) fn atomic(&mut self, st: &mut State, dst: Option<VarId>, access: &'k Access, args: &[Expr]) {
        for arg in args {
            let _ = self.value(st, arg);
        }
        let ev = self.access(st, access);
        if let Some((obj, _)) = &ev {
            forget(&mut st.seen, obj);
            if let AccessKind::Atomic { op, .. } = access.kind {
                let arg = |i: usize, exec: &mut Exec<'k>| args.get(i).map(|a| exec.value_as(st, a, &access.ty));
                let identity = arg(0, self).and_then(|v| v.as_const()) == Some(0);
                let stored = match op {
                    AtomicOp::Load => None,
                    AtomicOp::Add | AtomicOp::Sub | AtomicOp::Or | AtomicOp::Xor if identity => None,
                    AtomicOp::Exch | AtomicOp::Store => Some(arg(0, self)),
                    AtomicOp::Cas => Some(arg(1, self)),
                    _ => Some(None),
                };
                if let Some(value) = stored {
                    self.sync_store(st, access, value);
                }
            }
        }
        self.store(st, access, None);
        if let Some((obj, _)) = &ev {
            st.bcast.spoil(obj);
        }
        let mut step = args.first().map(|a| self.value(st, a)).and_then(|v| v.as_const());
        let mut direction = counting(access, step);
        // `atomicInc(&count, gridDim.x)` taken once per block counts up by
        // one from a counter's reset (`ticket_bounds` decides).
        let wraps_at_grid = matches!(access.kind, AccessKind::Atomic { op: AtomicOp::Inc, .. })
            && args.first().is_some_and(|a| t::resize(&self.value(st, a), 32, false) == grid_dim_x());
        if wraps_at_grid && self.loop_depth == 0 && broadcast::writers(&st.pc).is_some() {
            (step, direction) = (Some(1), Some(1));
        }
        if let (Some((obj, _)), true) = (&ev, self.record) {
            self.trace.atomics.push(AtomicUse { obj: obj.clone(), direction, access: access.id });
        }
        let Some(dst) = dst else { return };
        // Outside loops, a thread takes a ticket once: its result is a
        // function of the thread, which names the ticket of the block's
        // thread 0 for the threads of its block.
        // (Once: an inlined function that takes a ticket, called twice, is
        // two atomics of one thread with one id.)
        let again = self.trace.tickets.iter().any(|tk| tk.access == access.id);
        let top = self.loop_depth == 0 && self.record && ev.is_some() && !again;
        let writers = direction.filter(|_| top).and_then(|_| broadcast::writers(&st.pc));
        let w = self.var_width(dst);
        match &writers {
            Some(_) if w > 0 => {
                let no = Deps::default();
                let tid = [0, 1, 2].map(|d| t::leaf(Leaf::Tid(d), 32, no));
                self.set(st, dst, broadcast::ticket(access.id, w, tid));
            }
            _ => self.define_fresh(st, NodeKey::Access(access.id), dst, FreshKind::Data),
        }
        let (Some((obj, offset)), Some(result), Some(direction), true) =
            (ev, st.env[dst.0 as usize].clone(), direction, self.record)
        else {
            return;
        };
        let taker = writers.filter(|_| w > 0).map(|wr| {
            let zero = [0, 1, 2].map(|_| t::constant(0, 32));
            let alone = (0..3u8)
                .filter(|d| !wr.pinned[usize::from(*d)])
                .fold(t::tru(), |acc, d| t::and(&acc, &broadcast::block_dim_is_one(d)));
            Taker { value: broadcast::ticket(access.id, w, zero), exists: wr.exists, alone }
        });
        let k = self.trace.tickets.len();
        let unit = step == Some(1);
        let taken_here = top && taker.is_some() && unit;
        self.trace.tickets.push(Ticket {
            obj,
            offset,
            guard: st.pc.clone(),
            result: result.clone(),
            direction,
            access: access.id,
            when: if wraps_at_grid { t::fals() } else { t::tru() },
            taker: taker.filter(|_| unit),
        });
        if !taken_here {
            return;
        }
        // The ticket orders what the thread did before it behind a fence
        // (and the atomic itself) before whoever takes a later ticket.
        let scope = match access.kind {
            AccessKind::Atomic { scope, .. } => scope,
            _ => Scope::Device,
        };
        let index = self.trace.accesses.len() - 1;
        self.trace.accesses[index].order.ticketed.push((k, scope));
        for &(i, fence) in &st.sync.pending {
            let order = &mut self.trace.accesses[i].order;
            match fence {
                _ if i == index => {}
                Some(f) => order.ticketed.push((k, narrower(f, scope))),
                None => order.unfenced.push(k),
            }
        }
        st.sync.took.push(TakenBefore { ticket: k, cond: st.pc.clone(), value: result });
    }

    /// The last-block facts of counters: a counter the kernel sets back to 0
    /// (`count = 0`, for the next launch) holds 0 when the launch starts; when
    /// its only atomic adds 1 and only a block's thread 0 takes it, in a grid
    /// of one dimension, every ticket is below `gridDim.x`, the number of
    /// takers (the Programming Guide's last-block pattern: the block whose
    /// ticket is `gridDim.x - 1` is the last one).
    pub(super) fn ticket_bounds(&mut self) {
        let no = Deps::default();
        let grid = |d: u8| t::leaf(Leaf::GridDim(d), 32, no);
        let one = t::constant(1, 32);
        let flat = t::and(&t::eq(&grid(1), &one), &t::eq(&grid(2), &one));
        let mut facts = Vec::new();
        let mut wrapping = Vec::new();
        for tk in &mut self.trace.tickets {
            let inc = tk.when.is_false();
            let only = self.trace.atomics.iter().filter(|u| u.obj == tk.obj).all(|u| u.access == tk.access);
            let reset = self.trace.resets.iter().any(|(o, at)| *o == tk.obj && *at == tk.offset);
            let Some(taker) = tk.taker.as_ref().filter(|_| tk.direction == 1 && only && reset) else {
                if inc {
                    wrapping.push(tk.access);
                }
                continue;
            };
            let below = |v: &T| t::ult(&t::resize(v, 64, false), &t::resize(&grid(0), 64, false));
            let when = t::and(&flat, &taker.alone);
            facts.push(t::implies(&t::and(&tk.guard, &when), &below(&tk.result)));
            facts.push(t::implies(&t::and(&taker.exists, &when), &below(&taker.value)));
            if inc {
                tk.when = when;
            }
        }
        // An `atomicInc` that may wrap is no counter.
        for u in &mut self.trace.atomics {
            if wrapping.contains(&u.access) {
                u.direction = None;
            }
        }
        self.trace.assumptions.extend(facts);
    }

    /// The value a load from thread-local memory (or from the by-value
    /// parameters, which every thread sees alike) returns, when known.
    pub(super) fn known_load(&mut self, st: &State, access: &Access) -> Option<T> {
        match &access.base {
            Base::Local(var) => {
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                let Some(offset) = offset.as_const() else {
                    let bytes = self.var_ty(*var).size()?;
                    return indexed(&st.local, var.0, bytes, access.size, &offset);
                };
                let cell = st.local.iter().find(|c| c.var == var.0 && c.offset == offset && c.size == access.size)?;
                Some(cell.value.clone())
            }
            Base::Dynamic(e) => {
                let pointer = self.value(st, e);
                let offset = self.value_as(st, &access.offset, &Type::LONG);
                if let Some((var, offset)) =
                    t::add(&t::resize(&pointer, 64, false), &offset).as_const().and_then(local_slot)
                {
                    let cell = st.local.iter().find(|c| c.var == var && c.offset == offset && c.size == access.size)?;
                    return Some(cell.value.clone());
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
            Some((var, None)) => st.local.retain(|c| c.var != var),
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
        st.local.retain(|c| c.var != var || c.offset + u128::from(c.size) <= o || o + u128::from(size) <= c.offset);
        if let Some(v) = value {
            st.local.push(LocalCell { var, offset: o, size, value: v });
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
            if obj != Obj::Local {
                order.taken = st.sync.took.iter().chain(&st.sync.block_took).cloned().collect();
            }
            if self.fenced && !self.fine && obj != Obj::Local {
                st.sync.pending.push((index, None));
            }
            if self.fine && obj != Obj::Local {
                order.waited = st.sync.waited.clone();
                order.maybe = st.sync.maybe.clone();
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
                    exits: self.exits.clone(),
                },
                vars: self.loop_vars.clone(),
                order,
            });
        }
        out
    }
}

/// Says which struct value (the known fields of it) a variable holds now,
/// or that it holds none.
pub(super) fn set_record(st: &mut State, var: u32, fields: Option<Fields>) {
    st.records.retain(|(v, _)| *v != var);
    if let Some(fields) = fields {
        st.records.push((var, fields));
    }
}

fn grid_dim_x() -> T {
    t::leaf(Leaf::GridDim(0), 32, Deps::default())
}
