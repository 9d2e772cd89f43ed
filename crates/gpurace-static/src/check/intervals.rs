//! Barrier intervals: when two accesses of threads of one block (or warp,
//! or group) can happen between the same two barriers. Equal barrier counts
//! for accesses outside barrier loops; iteration numbers compared level by
//! level inside one loop nest (Faial's alignment, without products).

use gpurace_core::term::{self as t, T};

use crate::smt::{Link, Relation};
use crate::trace::{AccessEv, Group, Trace, COUNT_WIDTH};

/// A constant lower bound of a barrier count, a sum of constants and
/// products of natural numbers.
pub(super) fn least(count: &T) -> u128 {
    match &count.node {
        t::Node::Const(c) => *c,
        t::Node::Bin(t::BvOp::Add, x, y) => least(x).saturating_add(least(y)),
        _ => 0,
    }
}

/// The barrier counts two threads must share in relation `r`, as
/// equalities of absolute counts.
pub(super) fn count_eqs(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation) -> Vec<(T, T)> {
    let (ca, cb) = (&a.counts, &b.counts);
    let mut out = vec![(ca.grid.clone(), cb.grid.clone())];
    if r != Relation::InterBlock {
        out.push((ca.block.clone(), cb.block.clone()));
    }
    if matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)) {
        out.push((ca.warp.clone(), cb.warp.clone()));
    }
    out
}

/// The group barriers that order two threads in relation `r` when both are
/// in one group: (group, count of thread 1, count of thread 2). The n-th
/// barrier of a group is one barrier for all its threads (else they diverge,
/// a defect reported on its own), so two threads of one group race only on
/// accesses made with equal counts of its barriers.
pub(super) fn group_counts<'a>(
    a: &'a AccessEv<'_>,
    b: &'a AccessEv<'_>,
    r: Relation,
    trace: &Trace<'_>,
) -> Vec<(Group, &'a T, &'a T)> {
    let mut out = Vec::new();
    for (i, g) in trace.groups.iter().enumerate() {
        let (Some(x), Some(y)) = (a.counts.groups.get(i), b.counts.groups.get(i)) else { continue };
        let relevant = match r {
            Relation::InterBlock => false,
            Relation::IntraWarp | Relation::IntraWarpApart(_) | Relation::SameBlock => true,
            // Tiles of a warp or less never hold threads of two warps.
            Relation::IntraBlock => matches!(g, Group::Tile(n) if *n > 32),
        };
        let same_constant = x.as_const().zip(y.as_const()).is_some_and(|(x, y)| x == y);
        if relevant && !same_constant {
            out.push((*g, x, y));
        }
    }
    out
}

/// Equal block counts for access `a` of thread 1 and `b` of thread 2.
///
/// In the loops with barriers both accesses are in, the counts are
/// `entry + k * m + w` (`w` the count within iteration `k`, `0 <= w <= m`),
/// a product the solver finds hard. Level by level, they are equal when the
/// threads are in one iteration with equal counts within it, or in adjacent
/// iterations with the first after the iteration's last barrier and the
/// second before the next one's first, or in a loop whose iterations pass no
/// barrier. Both threads of a block enter a loop with one count and pass one
/// number of barriers per iteration (else the block's barriers diverge, a
/// defect reported on its own), so these cases cover every execution; each
/// implies the equality of the absolute counts, so witnesses stay exact.
pub(super) fn block_link(a: &AccessEv<'_>, b: &AccessEv<'_>) -> Link {
    let (la, lb) = (&a.counts.levels, &b.counts.levels);
    let common = la.iter().zip(lb).take_while(|(x, y)| x.node == y.node).count();
    let k64 = |k: &T| t::resize(k, COUNT_WIDTH, false);
    // The count within the iteration of level `i`.
    let within = |ev: &AccessEv<'_>, i: usize| -> T {
        let levels = &ev.counts.levels;
        levels[i + 1..]
            .iter()
            .rev()
            .fold(ev.counts.rel.clone(), |w, l| t::add(&t::add(&l.entry, &t::mul(&k64(&l.k), &l.m)), &w))
    };
    let zero = t::constant(0, COUNT_WIDTH);
    let one = t::constant(1, COUNT_WIDTH);
    // Where one access is in a further loop with barriers and the other is
    // not, and the other's count is at most the loop's entry count: equal only
    // at the loop's entry (no barrier passed in it yet). Counts are natural
    // numbers (no kernel passes 2^64 barriers): a sum is zero when each term is.
    let deeper = |shallow: &AccessEv<'_>, deep: &AccessEv<'_>| -> Option<(bool, Vec<T>)> {
        let level = deep.counts.levels.get(common)?;
        if shallow.counts.levels.len() != common {
            return None;
        }
        let (here, entry) = (shallow.counts.rel.as_const()?, level.entry.as_const()?);
        if here > entry {
            return None;
        }
        let mut facts = Vec::new();
        let levels = &deep.counts.levels;
        for l in &levels[common..] {
            facts.push(t::or(&t::eq(&k64(&l.k), &zero), &t::eq(&l.m, &zero)));
        }
        for l in &levels[common + 1..] {
            facts.push(t::eq(&l.entry, &zero));
        }
        facts.push(t::eq(&deep.counts.rel, &zero));
        Some((here == entry, facts))
    };
    let mut link = match (deeper(a, b), deeper(b, a)) {
        (Some((false, _)), _) | (_, Some((false, _))) => Link::One(t::fals()),
        (Some((true, facts)), _) => Link::And(facts.into_iter().map(Link::Two).collect()),
        (_, Some((true, facts))) => Link::And(facts.into_iter().map(Link::One).collect()),
        // Outside every loop nest the two share: the absolute counts.
        _ if common == 0 => Link::Eq(a.counts.block.clone(), b.counts.block.clone()),
        _ => Link::Eq(within(a, common - 1), within(b, common - 1)),
    };
    if common == 0 {
        return link;
    }
    for i in (0..common).rev() {
        let (x, y) = (&la[i], &lb[i]);
        let (wa, wb) = (within(a, i), within(b, i));
        let (ka, kb) = (k64(&x.k), k64(&y.k));
        // Cases a constant lower bound of the counts rules out are left out
        // (they are nonlinear when `m` holds trip counts of inner loops).
        let m_min = least(&x.m);
        let below = |w: &T| w.as_const().is_some_and(|w| w < m_min);
        let mut cases = vec![Link::And(vec![Link::Eq(x.k.clone(), y.k.clone()), link])];
        if !below(&wa) {
            cases.push(Link::And(vec![
                Link::Eq(t::add(&ka, &one), kb.clone()),
                Link::One(t::eq(&wa, &x.m)),
                Link::Two(t::eq(&wb, &zero)),
            ]));
        }
        if !below(&wb) {
            cases.push(Link::And(vec![
                Link::Eq(ka, t::add(&kb, &one)),
                Link::One(t::eq(&wa, &zero)),
                Link::Two(t::eq(&wb, &y.m)),
            ]));
        }
        if m_min == 0 {
            cases.push(Link::And(vec![
                Link::One(t::eq(&x.m, &zero)),
                Link::One(t::eq(&wa, &zero)),
                Link::Two(t::eq(&wb, &zero)),
            ]));
        }
        link = Link::And(vec![
            Link::Eq(x.m.clone(), y.m.clone()),
            Link::Eq(x.entry.clone(), y.entry.clone()),
            Link::Or(cases),
        ]);
    }
    link
}
