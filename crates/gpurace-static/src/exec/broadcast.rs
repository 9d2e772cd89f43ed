//! What a block's thread 0 hands the rest of its block through a barrier:
//! a value every thread of the block could name, stored by the threads a
//! path condition like `threadIdx.x == 0` selects and loaded after the next
//! block barrier (`if (threadIdx.x == 0) last = (ticket == gridDim.x - 1);
//! __syncthreads(); if (last) ...`, `if (tid == 0) base = atomicAdd(&n, k);
//! __syncthreads(); out[base + tid]`). The load then returns the stored
//! value as thread (0,0,0) computed it, instead of a value of its own.
//!
//! Sound by the first-race argument the executor's other interval loads
//! rest on: a store of another thread to the address in the interval that is
//! not ordered with the load races with it, and that race is reported.

use std::collections::{BTreeSet, HashSet};

use gpurace_core::term::{self as t, CmpOp, Deps, Leaf, Node, T};
use gpurace_ir::AccessId;

use crate::trace::Obj;

/// Which threads of a block a path condition selects, when it has the form
/// `threadIdx.d == 0 && ...` for some dimensions and a condition the whole
/// block shares (`exists`): thread (0,0,0) is one of them exactly when
/// `exists` holds.
#[derive(Debug, Clone)]
pub(super) struct Writers {
    pub(super) exists: T,
    /// The dimensions the condition pins to 0.
    pub(super) pinned: [bool; 3],
}

/// The writer form of a path condition (see [`Writers`]).
pub(super) fn writers(pc: &T) -> Option<Writers> {
    let mut parts = Vec::new();
    conjuncts(pc, &mut parts);
    let mut out = Writers { exists: t::tru(), pinned: [false; 3] };
    for c in parts {
        if let Some(d) = tid_is_zero(&c) {
            out.pinned[usize::from(d)] = true;
        } else if shared_by_block(&c) {
            out.exists = t::and(&out.exists, &c);
        } else {
            return None;
        }
    }
    out.pinned.iter().any(|p| *p).then_some(out)
}

fn conjuncts(c: &T, out: &mut Vec<T>) {
    match &c.node {
        Node::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        Node::Bool(true) => {}
        _ => out.push(c.clone()),
    }
}

/// `threadIdx.d == 0` (through extensions): the dimension.
fn tid_is_zero(c: &T) -> Option<u8> {
    let Node::Cmp(CmpOp::Eq, a, b) = &c.node else { return None };
    let (x, zero) = if b.as_const() == Some(0) { (a, b) } else { (b, a) };
    if zero.as_const() != Some(0) {
        return None;
    }
    let mut x = x;
    while let Node::Ext(_, inner) = &x.node {
        x = inner;
    }
    match x.node {
        Node::Leaf(Leaf::Tid(d)) => Some(d),
        _ => None,
    }
}

fn leaves(x: &T) -> BTreeSet<(Leaf, u32)> {
    let mut out = BTreeSet::new();
    t::leaves(x, &mut out, &mut HashSet::new());
    out
}

/// Whether every thread of a block evaluates `x` alike: it names no
/// `threadIdx` and no per-thread unknown.
pub(super) fn shared_by_block(x: &T) -> bool {
    leaves(x).iter().all(|(l, _)| !matches!(l, Leaf::Tid(_) | Leaf::Fresh(_)))
}

/// `x` as the block's thread (0,0,0) computes it, with the condition under
/// which that thread is the only one of `writers` (`blockDim.d == 1` for each
/// dimension of `threadIdx` that `x` names and the condition does not pin);
/// `None` when `x` names a per-thread unknown.
pub(super) fn as_thread_zero(x: &T, writers: &Writers) -> Option<(T, T)> {
    let named = leaves(x);
    if named.iter().any(|(l, _)| matches!(l, Leaf::Fresh(_))) {
        return None;
    }
    let mut alone = t::tru();
    for d in 0..3u8 {
        if !writers.pinned[usize::from(d)] && named.iter().any(|(l, _)| *l == Leaf::Tid(d)) {
            alone = t::and(&alone, &block_dim_is_one(d));
        }
    }
    Some((at_thread_zero(x), alone))
}

/// `x` with every `threadIdx` 0.
pub(super) fn at_thread_zero(x: &T) -> T {
    t::substitute(x, &|l| matches!(l, Leaf::Tid(_)).then(|| t::constant(0, 32)))
}

pub(super) fn block_dim_is_one(d: u8) -> T {
    t::eq(&t::leaf(Leaf::BlockDim(d), 32, Deps::default()), &t::constant(1, 32))
}

/// The per-block ticket function of an atomic: its result for the thread
/// `tid` of block `bid`, a value read from memory.
pub(super) fn ticket(access: AccessId, width: u32, tid: [T; 3]) -> T {
    let no = Deps::default();
    let mut args: Vec<T> = (0..3).map(|d| t::leaf(Leaf::Bid(d), 32, no)).collect();
    args.extend(tid);
    let f = t::function(&format!("ticket#{}", access.0), args, width, false);
    t::with_deps(&f, Deps { data: true, ..f.deps })
}

/// A store the block's thread 0 made in a barrier interval.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    access: AccessId,
    obj: Obj,
    offset: T,
    size: u64,
    value: T,
    /// Thread (0,0,0) made the store (and alone).
    cond: T,
}

/// The broadcast stores of the current barrier interval and of the one
/// before, with the objects other stores touched in each (`all`: any
/// object).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Broadcasts {
    now: Vec<Entry>,
    before: Vec<Entry>,
    spoiled_now: Vec<Obj>,
    spoiled_before: Vec<Obj>,
    all_now: bool,
    all_before: bool,
}

impl Broadcasts {
    /// A store of `value` (known, at an address the block shares, outside
    /// loops) by the threads `pc` selects: a broadcast when they have the
    /// writer form; anything else spoils the object for this interval.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        access: AccessId,
        obj: &Obj,
        offset: &T,
        size: u64,
        value: Option<&T>,
        pc: &T,
        top: bool,
    ) {
        let entry = || -> Option<Entry> {
            if !top || !matches!(obj, Obj::Shared(_)) || !shared_by_block(offset) {
                return None;
            }
            let w = writers(pc)?;
            let (value, alone) = as_thread_zero(value?, &w)?;
            Some(Entry {
                access,
                obj: obj.clone(),
                offset: offset.clone(),
                size,
                value,
                cond: t::and(&w.exists, &alone),
            })
        };
        match entry() {
            Some(e) => {
                if !self.now.contains(&e) {
                    self.now.push(e);
                }
            }
            None => self.spoil(obj),
        }
    }

    /// Another write to `obj` (an atomic, a store of another form).
    pub(super) fn spoil(&mut self, obj: &Obj) {
        if *obj == Obj::Dynamic {
            self.all_now = true;
        } else if !self.spoiled_now.contains(obj) {
            self.spoiled_now.push(obj.clone());
        }
    }

    /// A statement that may write anything.
    pub(super) fn spoil_all(&mut self) {
        self.all_now = true;
    }

    /// A block barrier every thread of the block passes at the same point
    /// (outside loops): this interval's stores become the previous one's.
    pub(super) fn barrier(&mut self) {
        self.before = std::mem::take(&mut self.now);
        self.spoiled_before = std::mem::take(&mut self.spoiled_now);
        self.all_before = std::mem::take(&mut self.all_now);
    }

    /// A barrier inside a loop, or another barrier: nothing is known.
    pub(super) fn forget(&mut self) {
        *self = Broadcasts { all_now: true, all_before: true, ..Broadcasts::default() };
    }

    /// What is known inside and after a loop that writes `written` (the
    /// shared objects, and whether it passes a barrier; `None`: anything):
    /// iterations repeat, so a store of one iteration is before a load of the
    /// next; past a barrier of the loop, the interval before is one of its
    /// own, and this one may hold stores of the loop's last iteration.
    pub(super) fn through_loop(&self, written: Option<(Vec<Obj>, bool)>) -> Broadcasts {
        let mut out = self.clone();
        let Some((objs, barrier)) = written else {
            out.forget();
            return out;
        };
        objs.iter().for_each(|o| out.spoil(o));
        if barrier {
            for e in std::mem::take(&mut out.now) {
                out.spoil(&e.obj);
            }
            out.before.clear();
            out.spoiled_before.clear();
            out.all_before = true;
        }
        out
    }

    /// The value a load of `size` bytes at `offset` of `obj` returns when
    /// thread (0,0,0) stored it in the interval before (under the condition
    /// given): the only store to the object there, none since.
    pub(super) fn lookup(&self, obj: &Obj, offset: &T, size: u64) -> Option<(T, T)> {
        if self.all_now || self.all_before || self.spoiled_now.contains(obj) || self.spoiled_before.contains(obj) {
            return None;
        }
        if self.now.iter().any(|e| e.obj == *obj) {
            return None;
        }
        let mut found = self.before.iter().filter(|e| e.obj == *obj);
        let e = found.next()?;
        if found.next().is_some() || e.offset != *offset || e.size != size {
            return None;
        }
        Some((e.cond.clone(), e.value.clone()))
    }
}

/// Where paths meet: stores made on some path stay (each is the store of the
/// threads its own condition selects); the interval before is known only
/// when every path knows it alike.
pub(super) fn merge_broadcasts(states: &[&Broadcasts]) -> Broadcasts {
    let Some((first, rest)) = states.split_first() else { return Broadcasts::default() };
    let mut out = (*first).clone();
    for s in rest {
        for e in &s.now {
            if !out.now.contains(e) {
                out.now.push(e.clone());
            }
        }
        for o in &s.spoiled_now {
            if !out.spoiled_now.contains(o) {
                out.spoiled_now.push(o.clone());
            }
        }
        out.all_now |= s.all_now;
        if s.before != first.before || s.spoiled_before != first.spoiled_before || s.all_before != first.all_before {
            out.all_before = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tid(d: u8) -> T {
        t::leaf(Leaf::Tid(d), 32, Deps::default())
    }

    fn param(i: u32) -> T {
        t::leaf(Leaf::Param(i), 32, Deps::default())
    }

    #[test]
    fn thread_zero_writes_under_a_block_condition() {
        let zero = t::constant(0, 32);
        let pc = t::and(&t::eq(&tid(0), &zero), &t::ult(&param(0), &param(1)));
        let w = writers(&pc).expect("the writer form");
        assert_eq!(w.pinned, [true, false, false]);
        assert_eq!(w.exists, t::ult(&param(0), &param(1)));
        // A per-thread condition besides: not the form.
        assert!(writers(&t::and(&t::eq(&tid(0), &zero), &t::ult(&tid(1), &param(1)))).is_none());
        // No dimension pinned: every thread writes.
        assert!(writers(&t::ult(&param(0), &param(1))).is_none());
    }

    #[test]
    fn a_value_naming_an_unpinned_dimension_needs_it_to_be_one() {
        let w = Writers { exists: t::tru(), pinned: [true, false, false] };
        let x = t::add(&tid(0), &tid(1));
        let (v, alone) = as_thread_zero(&x, &w).unwrap();
        assert_eq!(v.as_const(), Some(0));
        assert_eq!(alone, block_dim_is_one(1));
    }

    #[test]
    fn a_load_sees_the_only_store_of_the_interval_before() {
        let mut b = Broadcasts::default();
        let pc = t::eq(&tid(0), &t::constant(0, 32));
        let obj = Obj::Shared(0);
        let at = t::constant(0, 64);
        b.store(AccessId(1), &obj, &at, 4, Some(&param(0)), &pc, true);
        assert!(b.lookup(&obj, &at, 4).is_none(), "not before the barrier");
        b.barrier();
        assert_eq!(b.lookup(&obj, &at, 4).map(|(_, v)| v), Some(param(0)));
        // A second store to the object in that interval: nothing is known.
        let mut c = Broadcasts::default();
        c.store(AccessId(1), &obj, &at, 4, Some(&param(0)), &pc, true);
        c.store(AccessId(2), &obj, &at, 4, Some(&tid(0)), &t::tru(), true);
        c.barrier();
        assert!(c.lookup(&obj, &at, 4).is_none());
    }
}
