//! Pruning rules: pairs decided by their form, before the solver. Each
//! rule answers "these two accesses cannot race in these relations" and
//! says in its comment why that is sound.

use std::collections::{HashMap, HashSet};

use gpurace_core::arith;
use gpurace_core::eval::{eval, Valuation};
use gpurace_core::term::{self as t, Leaf};

use crate::shape;
use crate::smt::{self, Relation};
use crate::trace::{AccessEv, Obj};

/// The byte offset of one access for every thread of a concrete 1-D block,
/// sorted, with the thread: exact (the engine's own evaluator, wrap-around
/// included), for offsets whose only per-thread leaf is `threadIdx.x`.
#[derive(Debug, Clone)]
pub(super) struct LaneTable(pub(super) Vec<(u128, u32)>);

pub(super) struct LaneValues {
    pub(super) tid: u128,
    pub(super) block: u128,
}

impl Valuation for LaneValues {
    fn leaf(&self, leaf: Leaf, _thread: usize, _width: u32) -> u128 {
        match leaf {
            Leaf::Tid(0) => self.tid,
            Leaf::BlockDim(0) => self.block,
            _ => 0,
        }
    }

    fn uf(&self, _name: &str, _args: &[u128], _width: u32) -> u128 {
        0
    }
}

pub(super) fn lane_table(ev: &AccessEv<'_>, block: u32) -> Option<LaneTable> {
    if ev.obj == Obj::Dynamic {
        return None;
    }
    let mut leaves = std::collections::BTreeSet::new();
    t::leaves(&ev.offset, &mut leaves, &mut HashSet::new());
    if !leaves.iter().all(|(l, _)| matches!(l, Leaf::Tid(0) | Leaf::BlockDim(0))) {
        return None;
    }
    let mut values: Vec<(u128, u32)> = (0..block)
        .map(|tid| {
            let val = LaneValues { tid: u128::from(tid), block: u128::from(block) };
            (eval(&ev.offset, 0, &val, &mut HashMap::new()), tid)
        })
        .collect();
    values.sort_unstable();
    Some(LaneTable(values))
}

/// Moduli tried for residues: 2^32 down to 2^4 (a residue that does not
/// exist is found out in a few steps, so trying them all is cheap).
pub(super) const RESIDUE_BITS: std::ops::RangeInclusive<u32> = 4..=32;

/// Answered without the solver, exactly: modulo some power of two 2^k the
/// offsets of both accesses are `c * threadIdx.x + d` (whatever else they
/// add is a multiple of 2^k), and no two threads of the concrete 1-D block
/// have residues whose bytes overlap, so their offsets cannot either.
pub(super) fn disjoint_residues(a: &AccessEv<'_>, b: &AccessEv<'_>, block: u32) -> bool {
    if a.obj != b.obj || a.obj == Obj::Dynamic {
        return false;
    }
    let (sa, sb) = (a.access.size.max(1), b.access.size.max(1));
    RESIDUE_BITS.rev().any(|bits| {
        let m = arith::mask(bits);
        let (Some((ca, da)), Some((cb, db))) =
            (shape::residue(&a.offset, bits, u128::from(block)), shape::residue(&b.offset, bits, u128::from(block)))
        else {
            return false;
        };
        if u128::from(sa + sb) >= (1 << bits) {
            return false;
        }
        let table = |c: u128, d: u128| {
            let mut v: Vec<(u128, u32)> =
                (0..block).map(|t| (c.wrapping_mul(u128::from(t)).wrapping_add(d) & m, t)).collect();
            v.sort_unstable();
            LaneTable(v)
        };
        !table(ca, da).meets_mod(&table(cb, db), sa, sb, bits)
    })
}

impl LaneTable {
    /// Whether thread `t1` at an offset of `self` and another thread `t2` at
    /// an offset of `other` touch a common byte.
    pub(super) fn meets(&self, other: &LaneTable, size_a: u64, size_b: u64) -> bool {
        self.meets_mod(other, size_a, size_b, 64)
    }

    /// The same with offsets taken mod 2^bits: bytes can only be shared when
    /// `x - y` is in `(-size_a, size_b)` mod 2^bits.
    pub(super) fn meets_mod(&self, other: &LaneTable, size_a: u64, size_b: u64, bits: u32) -> bool {
        let m = arith::mask(bits);
        let (sa, sb) = (u128::from(size_a), u128::from(size_b));
        self.0.iter().any(|&(x, t1)| {
            // y with x - y in (-sa, sb): y in [x - sb + 1, x + sa - 1], circular.
            let lo = x.wrapping_sub(sb - 1) & m;
            let hi = x.wrapping_add(sa - 1) & m;
            let other_thread = |&(_, t2): &(u128, u32)| t2 != t1;
            let range = |lo: u128, hi: u128| {
                let start = other.0.partition_point(|(y, _)| *y < lo);
                other.0[start..].iter().take_while(|(y, _)| *y <= hi).any(other_thread)
            };
            if lo <= hi {
                range(lo, hi)
            } else {
                range(lo, m) || range(0, hi)
            }
        })
    }
}

/// Answered without the solver, exactly: two threads of one 1-D block run
/// the same access expression `c * threadIdx.x + d` with `|c|` at least the
/// access size, so different threads touch disjoint bytes.
pub(super) fn disjoint_lanes(a: &AccessEv<'_>, b: &AccessEv<'_>, relations: &[Relation], one_d: bool) -> bool {
    let same_block = relations.iter().all(|r| *r != Relation::InterBlock);
    if !one_d || !same_block || a.obj != b.obj || a.obj == Obj::Dynamic || a.offset != b.offset {
        return false;
    }
    let size = i128::from(a.access.size.max(b.access.size).max(1));
    match shape::lane_coefficient(&a.offset) {
        Some(c) => c.abs() >= size && c.abs() * 1024 + size < (1 << 31),
        None => false,
    }
}

/// Two accesses at constant offsets of one object that do not overlap.
pub(super) fn disjoint_constants(a: &AccessEv<'_>, b: &AccessEv<'_>) -> bool {
    match (a.offset.as_const(), b.offset.as_const(), &a.obj) {
        (Some(x), Some(y), obj) if *obj != Obj::Dynamic && a.obj == b.obj => {
            !smt::overlaps(x, a.access.size.max(1), y, b.access.size.max(1))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_tables_meet_exactly_when_two_threads_share_a_byte() {
        let table = |offsets: &[u128]| {
            let mut v: Vec<(u128, u32)> = offsets.iter().enumerate().map(|(t, o)| (*o, t as u32)).collect();
            v.sort_unstable();
            LaneTable(v)
        };
        // a[tid] (ints) against itself: each thread its own word.
        let own = table(&[0, 4, 8, 12]);
        assert!(!own.meets(&own, 4, 4));
        // a[tid] against a[tid + 1]: thread 1 reads what thread 0... writes at 4.
        assert!(own.meets(&table(&[4, 8, 12, 16]), 4, 4));
        // a[tid] against a[tid + 4] (past the block): disjoint.
        assert!(!own.meets(&table(&[16, 20, 24, 28]), 4, 4));
        // bytes 4t+1 against the ints: thread t's own word only.
        assert!(!own.meets(&table(&[1, 5, 9, 13]), 4, 1));
        // byte 4t+5 lies in thread t+1's word.
        assert!(own.meets(&table(&[5, 9, 13, 17]), 4, 1));
        // Mod 16 the residues 0, 4, 8, 12 wrap: thread 3's word touches 16 = 0.
        assert!(!own.meets_mod(&own, 4, 4, 4));
        assert!(own.meets_mod(&table(&[12, 0, 4, 8]), 4, 4, 4));
    }
}
