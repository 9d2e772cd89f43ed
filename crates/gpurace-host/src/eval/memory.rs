//! Host memory: variables whose address is taken and allocations get a
//! slot each; cells at constant offsets hold what was stored, and a store the
//! evaluation cannot place forgets what it might have overwritten.

use std::collections::HashSet;

use gpurace_core::arith;
use gpurace_core::c::convert;
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, BvOp, Leaf, T};
use gpurace_core::Origin;
use gpurace_ir::{Access, Type};

use super::{Evaluator, State, ALLOC_SLOT, SLOT_BITS, VAR_SLOT};

/// `(slot, offset)` of an address that is a slot base plus an offset. The
/// slot is the nearest one, so that constant parts below the base (`p + n -
/// 1` folds to `n + (base - 1)`) keep their object: offsets within 2^39
/// bytes of the base either way.
pub fn split_address(a: &T) -> Option<(u128, T)> {
    let split = |c: u128| {
        let slot = (c + (1 << (SLOT_BITS - 1))) >> SLOT_BITS;
        (slot, t::constant(c.wrapping_sub(slot << SLOT_BITS) & arith::mask(64), 64))
    };
    match &a.node {
        t::Node::Const(c) => Some(split(*c)),
        t::Node::Bin(BvOp::Add, x, c) => {
            let (slot, low) = split(c.as_const()?);
            (slot > 0).then(|| (slot, t::add(x, &low)))
        }
        _ => None,
    }
}

/// The allocation and byte offset a pointer value points into.
pub fn allocation_of(a: &T) -> Option<(u32, T)> {
    let (slot, offset) = split_address(a)?;
    (ALLOC_SLOT..VAR_SLOT).contains(&slot).then(|| ((slot - ALLOC_SLOT) as u32, offset))
}

impl<'p> Evaluator<'p> {
    /// The variable slot and constant offset an address falls in.
    pub(super) fn cell_of(address: &T) -> Option<(u32, u64)> {
        let (slot, offset) = split_address(address)?;
        let offset = offset.as_const()?;
        (slot >= VAR_SLOT).then(|| ((slot - VAR_SLOT) as u32, offset as u64))
    }

    pub(super) fn address(&mut self, st: &State, access: &Access) -> T {
        let base = self.base(st, &access.base);
        let offset = self.value_as(st, &access.offset, &Type::LONG);
        t::add(&base, &offset)
    }

    pub(super) fn load(&mut self, st: &State, access: &Access, ty: &Type) -> T {
        let address = self.address(st, access);
        if let (Type::Record { name, .. }, Some(_)) = (&access.ty, Self::cell_of(&address)) {
            // A `struct` read whole: a value of its own whose integer
            // fields are what the cells held (`Dim d = ...; k<<<..>>>(d)`).
            let fields = self.scalar_fields(name, 0, "");
            let mut snapshot = Vec::new();
            for (path, offset, fty) in fields {
                let size = fty.size().unwrap_or(0);
                let at = t::add(&address, &t::constant(u128::from(offset), 64));
                let v = self.load_at(st, &at, size, &fty, &fty, &format!("{}{path}", access.name));
                snapshot.push((path, fty, v));
            }
            let name = format!("{} (read from memory)", access.name);
            let v = if self.read_input(st, &address, access.size) {
                self.input(&name, ty)
            } else {
                self.unknown(&name, ty)
            };
            if let t::Node::Leaf(Leaf::Host(i)) = &v.node {
                self.records.insert(*i, snapshot);
            }
            return v;
        }
        self.load_at(st, &address, access.size, &access.ty, ty, &access.name)
    }

    /// The integer and pointer fields of the record `name`, nested records
    /// flattened: `(".a.b", byte offset, type)`. At most 64.
    pub(super) fn scalar_fields(&self, name: &str, base: u64, prefix: &str) -> Vec<(String, u64, Type)> {
        let mut out = Vec::new();
        let Some(record) = self.program.records.iter().find(|r| r.name == name) else { return out };
        for field in &record.fields {
            let path = format!("{prefix}.{}", field.name);
            match &field.ty {
                Type::Int { .. } | Type::Ptr(_) => out.push((path, base + field.offset, field.ty.clone())),
                Type::Record { name: inner, .. } if prefix.matches('.').count() < 4 => {
                    out.extend(self.scalar_fields(inner, base + field.offset, &path));
                }
                _ => {}
            }
            if out.len() > 64 {
                out.truncate(64);
                break;
            }
        }
        out
    }

    /// The integer fields of a `struct` value read whole: `(".rows", value)`.
    pub fn record_ints(&self, value: &T) -> Vec<(String, T)> {
        let t::Node::Leaf(Leaf::Host(i)) = &value.node else { return Vec::new() };
        let fields = self.records.get(i).into_iter().flatten();
        fields.filter(|(_, ty, _)| matches!(ty, Type::Int { .. })).map(|(p, _, v)| (p.clone(), v.clone())).collect()
    }

    /// The field at `path` of a `struct` value read whole, when known, and
    /// its type.
    pub(super) fn record_field(&self, value: &T, path: &str) -> Option<(Type, T)> {
        let t::Node::Leaf(Leaf::Host(i)) = &value.node else { return None };
        self.records.get(i)?.iter().find(|(p, _, _)| p == path).map(|(_, ty, v)| (ty.clone(), v.clone()))
    }

    /// Stores each field of a `struct` value read whole at `address`.
    pub(super) fn store_record(&mut self, st: &mut State, address: &T, name: &str, value: &T) -> bool {
        let t::Node::Leaf(Leaf::Host(i)) = &value.node else { return false };
        let Some(snapshot) = self.records.get(i).cloned() else { return false };
        if Self::cell_of(address).is_none() {
            return false;
        }
        let size = self.program.records.iter().find(|r| r.name == name).map_or(0, |r| r.size);
        self.store(st, address, size, None);
        for (path, offset, fty) in self.scalar_fields(name, 0, "") {
            if let Some((_, _, v)) = snapshot.iter().find(|(p, _, _)| *p == path) {
                let at = t::add(address, &t::constant(u128::from(offset), 64));
                self.store(st, &at, fty.size().unwrap_or(0), Some(v.clone()));
            }
        }
        true
    }

    pub(super) fn load_at(&mut self, st: &State, address: &T, size: u64, acc_ty: &Type, ty: &Type, name: &str) -> T {
        let address = address.clone();
        let scalar = !matches!(ty, Type::Record { .. } | Type::Array { .. } | Type::Float { .. });
        if let (Some((slot, offset)), true) = (Self::cell_of(&address), scalar) {
            if let Some((v, cell)) = st.mem.get(&(slot, offset)) {
                if *cell == size {
                    return convert(v, acc_ty, ty);
                }
            }
            let overlapped = st.mem.range((slot, 0)..(slot, offset + size)).any(|((_, o), (_, s))| o + s > offset);
            if !overlapped {
                // Never written in this generation: the same unknown at
                // every read.
                let generation = st.gens.get(&slot).copied().unwrap_or(0);
                if generation == 0 {
                    if let Some(v) = self.initial_value(slot, offset, acc_ty) {
                        return convert(&v, acc_ty, ty);
                    }
                }
                let key = (slot, offset, size, generation);
                let v = match self.contents.get(&key) {
                    Some(v) => v.clone(),
                    None => {
                        let v = if self.input_slots.contains(&slot) {
                            self.input(name, acc_ty)
                        } else {
                            self.unknown(name, acc_ty)
                        };
                        self.contents.insert(key, v.clone());
                        v
                    }
                };
                return convert(&v, acc_ty, ty);
            }
        }
        if scalar {
            if let Some(v) = self.indexed_load(st, &address, size) {
                return convert(&v, acc_ty, ty);
            }
            if let Some(v) = self.indexed_function(st, &address, name, acc_ty) {
                return v;
            }
        }
        let name = format!("{} (read from memory)", name);
        if self.read_input(st, &address, size) {
            self.input(&name, ty)
        } else {
            self.unknown(&name, ty)
        }
    }

    /// A load at a computed offset into a host array whose every element
    /// holds a known value (`int sizes[] = {64, 128}; ... sizes[i]`): `ite`
    /// over the elements. Reading outside the array is undefined, so the
    /// last element answers the remaining offsets. At most 64 elements.
    fn indexed_load(&self, st: &State, address: &T, size: u64) -> Option<T> {
        let (slot, offset) = split_address(address)?;
        let slot = u32::try_from(slot.checked_sub(VAR_SLOT)?).ok()?;
        let bytes = (*self.slot_bytes.get(slot as usize)?)?;
        if size == 0 || bytes == 0 || !bytes.is_multiple_of(size) || bytes / size > 64 {
            return None;
        }
        let mut values = Vec::new();
        for k in 0..bytes / size {
            match st.mem.get(&(slot, k * size)) {
                Some((v, s)) if *s == size => values.push(v.clone()),
                _ => return None,
            }
        }
        let last = values.pop()?;
        Some(
            values.iter().enumerate().rev().fold(last, |acc, (k, v)| {
                t::ite(&t::eq(&offset, &t::constant(u128::from(k as u64 * size), 64)), v, &acc)
            }),
        )
    }

    /// A read at a computed offset of a table of handlers the program never
    /// wrote (`engines[e].run`): the function at each of its entries, under
    /// the condition that the offset is that entry's, else unknown.
    fn indexed_function(&mut self, st: &State, address: &T, name: &str, ty: &Type) -> Option<T> {
        let (slot, offset) = split_address(address)?;
        let slot = u32::try_from(slot.checked_sub(VAR_SLOT)?).ok()?;
        if st.gens.get(&slot).copied().unwrap_or(0) != 0 || st.mem.range((slot, 0)..(slot + 1, 0)).next().is_some() {
            return None;
        }
        let (frame, var) = *self.vars.get(slot as usize)?;
        let global = self.program.globals.get(var.0 as usize).filter(|_| frame == super::GLOBAL_FRAME)?;
        let entries: Vec<(u64, T)> =
            global.functions.iter().filter_map(|(at, f)| Some((*at, self.function_value(f)?))).collect();
        if entries.is_empty() || offset.as_const().is_some() {
            return None;
        }
        let otherwise = self.unknown(name, ty);
        Some(
            entries
                .iter()
                .rev()
                .fold(otherwise, |acc, (at, v)| t::ite(&t::eq(&offset, &t::constant(u128::from(*at), 64)), v, &acc)),
        )
    }

    /// Whether `term` mentions no host value gpurace does not model.
    pub(super) fn only_inputs(&self, term: &T) -> bool {
        let mut leaves = std::collections::BTreeSet::new();
        t::leaves(term, &mut leaves, &mut HashSet::new());
        leaves.iter().all(|(l, _)| match l {
            Leaf::Host(i) => self.values.get(*i as usize).is_some_and(|h| h.origin != Origin::Unmodelled),
            _ => true,
        })
    }

    /// Whether `size` bytes at `address` hold only input: a variable a call
    /// that reads input wrote into, or cells that cover the bytes and hold
    /// nothing computed from a value gpurace does not model (a `struct`
    /// read from a file and returned by value is still input).
    fn read_input(&self, st: &State, address: &T, size: u64) -> bool {
        let Some((slot, offset)) = Self::cell_of(address) else { return false };
        let end = offset + size.max(1);
        let cells: Vec<(u64, u64, &T)> = st
            .mem
            .range((slot, 0)..(slot, end))
            .filter(|((_, o), (_, s))| o + s > offset)
            .map(|((_, o), (v, s))| (*o, *s, v))
            .collect();
        let mut covered = offset;
        for (o, s, _) in &cells {
            if *o <= covered {
                covered = covered.max(o + s);
            }
        }
        let clean = cells.iter().all(|(_, _, v)| self.only_inputs(v));
        clean && (self.input_slots.contains(&slot) || covered >= end)
    }

    pub(super) fn forget(&mut self, st: &mut State, slot: u32) {
        st.gens.insert(slot, self.next_gen);
        self.next_gen += 1;
    }

    pub(super) fn store(&mut self, st: &mut State, address: &T, size: u64, value: Option<T>) {
        let Some((slot, offset)) = Self::cell_of(address) else {
            // Memory the analysis does not track (host arrays, device
            // memory): its values are unknown when read back.
            return;
        };
        let end = offset + size.max(1);
        let stale: Vec<(u32, u64)> =
            st.mem.range((slot, 0)..(slot, end)).filter(|((_, o), (_, s))| o + s > offset).map(|(k, _)| *k).collect();
        for k in stale {
            st.mem.remove(&k);
        }
        // Unknown parts of other cells may overlap the written bytes.
        self.forget(st, slot);
        if let Some(v) = value {
            st.mem.insert((slot, offset), (v, size));
        }
    }

    /// Forgets everything stored in the variable an address points into.
    pub(super) fn clobber(&mut self, st: &mut State, address: &T) {
        if let Some((slot, _)) = Self::cell_of(address) {
            let keys: Vec<(u32, u64)> = st.mem.range((slot, 0)..(slot + 1, 0)).map(|(k, _)| *k).collect();
            for k in keys {
                st.mem.remove(&k);
            }
            self.forget(st, slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use gpurace_core::term::Deps;

    use super::*;

    fn base(index: u128) -> T {
        t::constant((ALLOC_SLOT + index) << SLOT_BITS, 64)
    }

    #[test]
    fn addresses_split_into_allocation_and_offset() {
        let n = t::leaf(Leaf::Host(0), 64, Deps::default());
        // `p + n` and `p + 8`.
        let (a, off) = allocation_of(&t::add(&base(3), &n)).unwrap();
        assert_eq!((a, off), (3, n.clone()));
        let (a, off) = allocation_of(&t::add(&base(3), &t::constant(8, 64))).unwrap();
        assert_eq!((a, off.as_const()), (3, Some(8)));
        // `p + n - 4` folds to `n + (base - 4)`: still allocation 3, offset n - 4.
        let minus = t::add(&t::add(&base(3), &n), &t::constant_i(-4, 64));
        let (a, off) = allocation_of(&minus).unwrap();
        assert_eq!(a, 3);
        assert_eq!(off, t::add(&n, &t::constant_i(-4, 64)));
        // A host variable's address is not an allocation; an unknown pointer neither.
        assert!(allocation_of(&t::constant(VAR_SLOT << SLOT_BITS, 64)).is_none());
        assert!(allocation_of(&n).is_none());
    }
}
