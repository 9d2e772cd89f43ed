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
        let scalar = !matches!(ty, Type::Record { .. } | Type::Array { .. } | Type::Float { .. });
        if let (Some((slot, offset)), true) = (Self::cell_of(&address), scalar) {
            if let Some((v, size)) = st.mem.get(&(slot, offset)) {
                if *size == access.size {
                    return convert(v, &access.ty, ty);
                }
            }
            let overlapped =
                st.mem.range((slot, 0)..(slot, offset + access.size)).any(|((_, o), (_, s))| o + s > offset);
            if !overlapped {
                // Never written in this generation: the same unknown at
                // every read.
                let generation = st.gens.get(&slot).copied().unwrap_or(0);
                let key = (slot, offset, access.size, generation);
                let v = match self.contents.get(&key) {
                    Some(v) => v.clone(),
                    None => {
                        let v = if self.input_slots.contains(&slot) {
                            self.input(&access.name, &access.ty)
                        } else {
                            self.unknown(&access.name, &access.ty)
                        };
                        self.contents.insert(key, v.clone());
                        v
                    }
                };
                return convert(&v, &access.ty, ty);
            }
        }
        if scalar {
            if let Some(v) = self.indexed_load(st, &address, access.size) {
                return convert(&v, &access.ty, ty);
            }
        }
        let name = format!("{} (read from memory)", access.name);
        if self.read_input(st, &address, access.size) {
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
