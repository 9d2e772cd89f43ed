//! What a solver query is: facts of thread 1 and thread 2, values equal
//! across the threads, two byte ranges that must overlap, and the relation
//! of the two threads; and what it answers (a model as an assignment of
//! leaves, or why it is undecided). No solver here: the checker builds
//! queries and re-checks assignments with these types alone.

use std::collections::BTreeMap;
use std::sync::Arc;

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{CmpOp, Leaf, T};

use crate::trace::{Abstractions, Group};

/// How the two threads of a query relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Different blocks.
    InterBlock,
    /// One block, different warps.
    IntraBlock,
    /// One warp, different lanes.
    IntraWarp,
    /// One warp, lanes in different lockstep groups of this many lanes
    /// (`--warp-sync` below 32).
    IntraWarpApart(u32),
    /// One block, different threads.
    SameBlock,
}

/// A satisfiability question about two threads.
#[derive(Debug, Clone, Default)]
pub struct Query {
    /// Facts of thread 1 and of thread 2.
    pub one: Vec<T>,
    pub two: Vec<T>,
    /// Links between the threads that hold in every relation.
    pub same: Vec<Link>,
    /// Byte ranges `[a, a + size_a)` of thread 1 and `[b, b + size_b)` of
    /// thread 2 that must overlap.
    pub overlap: Option<(T, u64, T, u64)>,
    /// The threads are in one of these relations, each with links of its
    /// own (barrier counts).
    pub cases: Vec<(Relation, Vec<Link>)>,
    /// In the given relation, some `a` for thread 1 differs from its `b` for
    /// thread 2 (the two threads hold different locks, wait on another
    /// flag...; a chain of flag hand-offs has one pair per hop).
    pub apart: Vec<(Relation, Vec<(T, T)>)>,
    /// The kernel's abstracted products: a model must give them their real
    /// values to be a witness.
    pub abstractions: Abstractions,
}

impl Link {
    pub(super) fn hash_into(&self, h: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        match self {
            Link::Eq(a, b) => (0u8, a.hash, b.hash).hash(h),
            Link::One(a) => (1u8, a.hash).hash(h),
            Link::Two(a) => (2u8, a.hash).hash(h),
            Link::And(parts) | Link::Or(parts) => {
                (if matches!(self, Link::And(_)) { 3u8 } else { 4u8 }, parts.len()).hash(h);
                parts.iter().for_each(|p| p.hash_into(h));
            }
            Link::Group(g, together) => (5u8, g, together).hash(h),
            Link::Cmp(op, a, b) => (6u8, op, a.hash, b.hash).hash(h),
            Link::Not(l) => {
                7u8.hash(h);
                l.hash_into(h);
            }
        }
    }

    /// Whether the link is false by its form (constants), before any solver.
    pub fn is_false(&self) -> bool {
        match self {
            Link::Eq(a, b) => a.as_const().zip(b.as_const()).is_some_and(|(x, y)| x != y),
            Link::One(a) | Link::Two(a) => a.is_false(),
            Link::And(parts) => parts.iter().any(Link::is_false),
            Link::Or(parts) => parts.iter().all(Link::is_false),
            Link::Group(..) | Link::Cmp(..) | Link::Not(_) => false,
        }
    }

    pub(super) fn terms<'a>(&'a self, out: &mut Vec<&'a T>) {
        match self {
            Link::Eq(a, b) | Link::Cmp(_, a, b) => out.extend([a, b]),
            Link::One(a) | Link::Two(a) => out.push(a),
            Link::And(parts) | Link::Or(parts) => parts.iter().for_each(|p| p.terms(out)),
            Link::Not(l) => l.terms(out),
            Link::Group(..) => {}
        }
    }
}

/// A condition on both threads.
#[derive(Debug, Clone)]
pub enum Link {
    /// `a` for thread 1 equals `b` for thread 2.
    Eq(T, T),
    /// A condition of thread 1.
    One(T),
    /// A condition of thread 2.
    Two(T),
    And(Vec<Link>),
    Or(Vec<Link>),
    /// Both threads are (`true`) or are not (`false`) in one group.
    Group(Group, bool),
    /// `a` for thread 1 compared with `b` for thread 2 (`a <=s b`).
    Cmp(CmpOp, T, T),
    Not(Box<Link>),
}

impl Query {
    /// A structural hash, for the per-file cache of answers.
    pub fn fingerprint(&self, base: u64) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        base.hash(&mut h);
        self.one.iter().for_each(|x| x.hash.hash(&mut h));
        1u8.hash(&mut h);
        self.two.iter().for_each(|x| x.hash.hash(&mut h));
        self.same.iter().for_each(|l| l.hash_into(&mut h));
        if let Some((a, sa, b, sb)) = &self.overlap {
            (a.hash, sa, b.hash, sb).hash(&mut h);
        }
        for (r, eqs) in &self.cases {
            r.hash(&mut h);
            eqs.iter().for_each(|l| l.hash_into(&mut h));
        }
        2u8.hash(&mut h);
        for (r, links) in &self.apart {
            r.hash(&mut h);
            links.iter().for_each(|(a, b)| (a.hash, b.hash).hash(&mut h));
        }
        h.finish()
    }

    /// Every term of the query (for collecting leaves).
    pub fn terms(&self) -> Vec<&T> {
        let mut out: Vec<&T> = self.one.iter().chain(&self.two).collect();
        for l in &self.same {
            l.terms(&mut out);
        }
        if let Some((a, _, b, _)) = &self.overlap {
            out.push(a);
            out.push(b);
        }
        for (_, eqs) in &self.cases {
            for l in eqs {
                l.terms(&mut out);
            }
        }
        for (a, b) in self.apart.iter().flat_map(|(_, links)| links) {
            out.push(a);
            out.push(b);
        }
        out
    }
}

/// Values of a satisfying assignment, per thread (0 and 1), for every leaf
/// the query mentions, plus the interpretation of unknown functions. Ordered
/// maps: whatever reads them in order (robustness checks assert their values
/// as facts) asserts them in the same order on every run.
#[derive(Debug, Clone, Default)]
pub struct Assignment {
    pub values: BTreeMap<(Leaf, usize), u128>,
    pub functions: BTreeMap<(Arc<str>, Vec<u128>), u128>,
}

impl Valuation for Assignment {
    fn leaf(&self, leaf: Leaf, thread: usize, _width: u32) -> u128 {
        let thread = if leaf.per_thread() { thread } else { 0 };
        self.values.get(&(leaf, thread)).copied().unwrap_or(0)
    }

    fn uf(&self, name: &str, args: &[u128], _width: u32) -> u128 {
        self.functions.get(&(Arc::from(name), args.to_vec())).copied().unwrap_or(0)
    }
}

#[derive(Debug, Clone)]
pub enum Answer {
    Sat(Box<Assignment>),
    Unsat,
    Unknown(String),
}

/// Linear thread id from concrete values.
pub fn linear(tid: [u128; 3], dim: [u128; 3]) -> u128 {
    tid[0] + tid[1] * dim[0] + tid[2] * dim[0] * dim[1]
}

/// Whether the two threads of `a` are in one block, and their linear ids.
pub(super) fn placed(a: &Assignment) -> (bool, u128, u128) {
    let get = |l: Leaf, th: usize| a.leaf(l, th, 32);
    let dim = [0, 1, 2].map(|d| get(Leaf::BlockDim(d), 0));
    let tid = |th| [0, 1, 2].map(|d| get(Leaf::Tid(d), th));
    let same_block = (0..3).all(|d| get(Leaf::Bid(d), 0) == get(Leaf::Bid(d), 1));
    (same_block, linear(tid(0), dim), linear(tid(1), dim))
}

/// Whether concrete threads satisfy a relation (the witness check's side).
pub fn relation_holds(rel: Relation, a: &Assignment) -> bool {
    let (same_block, l1, l2) = placed(a);
    match rel {
        Relation::InterBlock => !same_block,
        Relation::IntraBlock => same_block && l1 / 32 != l2 / 32,
        Relation::IntraWarp => same_block && l1 / 32 == l2 / 32 && l1 != l2,
        Relation::IntraWarpApart(g) => {
            let g = u128::from(g.max(1));
            same_block && l1 / 32 == l2 / 32 && l1 / g != l2 / g
        }
        Relation::SameBlock => same_block && l1 != l2,
    }
}

/// Whether concrete threads are in one group (the witness check's side).
pub fn group_holds(g: Group, a: &Assignment) -> bool {
    let (same_block, l1, l2) = placed(a);
    same_block
        && match g {
            Group::Tile(n) => l1 / u128::from(n.max(1)) == l2 / u128::from(n.max(1)),
            Group::Lanes(m) => {
                let member = |l: u128| (m >> (l % 32)) & 1 == 1;
                l1 / 32 == l2 / 32 && member(l1) && member(l2)
            }
        }
}

/// The overlap test of two byte ranges, as the engine evaluates it.
pub fn overlaps(a: u128, size_a: u64, b: u128, size_b: u64) -> bool {
    let m = arith::mask(64);
    // [a, a + sa) and [b, b + sb) overlap iff -sa < a - b < sb.
    let diff = a.wrapping_sub(b).wrapping_add(u128::from(size_a) - 1) & m;
    diff < u128::from(size_a + size_b - 1)
}

#[cfg(test)]
mod tests {
    use super::overlaps;

    #[test]
    pub(super) fn byte_ranges_overlap_exactly_when_they_share_a_byte() {
        // An int at 4..8 and single bytes around it.
        assert!(!overlaps(4, 4, 3, 1));
        assert!(overlaps(4, 4, 4, 1));
        assert!(overlaps(4, 4, 7, 1));
        assert!(!overlaps(4, 4, 8, 1));
        // The same pairs the other way round.
        assert!(!overlaps(3, 1, 4, 4));
        assert!(overlaps(5, 1, 4, 4));
        assert!(!overlaps(8, 1, 4, 4));
        // Equal sizes: only equal addresses.
        assert!(overlaps(8, 4, 8, 4) && !overlaps(8, 4, 12, 4) && !overlaps(12, 4, 8, 4));
        // A negative offset (two's complement) before an object's start.
        assert!(!overlaps(u128::from(u64::MAX) - 3, 4, 0, 4));
        assert!(overlaps(u128::from(u64::MAX) - 1, 4, 0, 4));
    }
}
