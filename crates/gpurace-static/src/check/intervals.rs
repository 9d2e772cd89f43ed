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
        _ if common == 0 => count_link(&a.counts.block, &b.counts.block),
        _ => count_link(&within(a, common - 1), &within(b, common - 1)),
    };
    if common == 0 {
        return link;
    }
    for i in (0..common).rev() {
        let (x, y) = (&la[i], &lb[i]);
        let (wa, wb) = (within(a, i), within(b, i));
        // Cases a constant lower bound of the counts rules out are left out
        // (they are nonlinear when `m` holds trip counts of inner loops).
        let m_min = least(&x.m);
        let below = |w: &T| w.as_const().is_some_and(|w| w < m_min);
        let mut cases = vec![Link::And(vec![Link::Eq(x.k.clone(), y.k.clone()), link])];
        // Thread 1 after the last barrier of iteration `k`, thread 2 before
        // the first barrier of `k + 1`; and the other way round.
        let adjacent = |end: &AccessEv<'_>, start: &AccessEv<'_>, w: &T, first: bool| -> Option<Vec<Link>> {
            if below(w) {
                return None;
            }
            let (end_facts, start_facts) = (at_end(end, i), at_start(start, i));
            if end_facts.iter().chain(&start_facts).any(|f| f.is_false()) {
                return None;
            }
            let (ke, ks) = (k64(&end.counts.levels[i].k), k64(&start.counts.levels[i].k));
            let on = |fact: T, end_side: bool| if end_side == first { Link::One(fact) } else { Link::Two(fact) };
            let mut all = vec![if first { Link::Eq(t::add(&ke, &one), ks) } else { Link::Eq(ks, t::add(&ke, &one)) }];
            all.extend(end_facts.into_iter().map(|f| on(f, true)));
            all.extend(start_facts.into_iter().map(|f| on(f, false)));
            Some(all)
        };
        if let Some(all) = adjacent(a, b, &wa, true) {
            cases.push(Link::And(all));
        }
        if let Some(all) = adjacent(b, a, &wb, false) {
            cases.push(Link::And(all));
        }
        if m_min == 0 {
            cases.push(Link::And(vec![Link::One(is_zero(&x.m)), Link::One(is_zero(&wa)), Link::Two(is_zero(&wb))]));
        }
        let cases = Link::Or(cases);
        if cases.is_false() {
            return Link::One(t::fals());
        }
        link = Link::And(vec![equal_counts(&x.m, &y.m), equal_counts(&x.entry, &y.entry), cases]);
    }
    link
}

/// Natural-number term `x` is zero, without products: a sum is zero when
/// each term is, a product when a factor is (counts never wrap).
fn is_zero(x: &T) -> T {
    match &x.node {
        t::Node::Bin(t::BvOp::Add, p, q) => t::and(&is_zero(p), &is_zero(q)),
        t::Node::Bin(t::BvOp::Mul, p, q) => t::or(&is_zero(p), &is_zero(q)),
        _ => t::eq(x, &t::constant(0, x.width)),
    }
}

/// Facts of one thread that put access `ev` after the last barrier of its
/// iteration of level `i` (its count within that iteration is the level's
/// `m`), level by level instead of with the products of trip counts: in
/// each deeper level the last iteration (`k + 1 == trip`; `k < trip` holds)
/// with no barrier after the loop in the enclosing iteration, and no barrier
/// after the access in the innermost one. Without the barriers after a
/// deeper loop (paths differ), the count itself is compared.
fn at_end(ev: &AccessEv<'_>, i: usize) -> Vec<T> {
    let levels = &ev.counts.levels;
    let inner = &levels[i + 1..];
    let Some(rests) = inner.iter().map(|l| l.rest.clone()).collect::<Option<Vec<T>>>() else {
        return vec![t::eq(&within(ev, i), &levels[i].m)];
    };
    let one = t::constant(1, COUNT_WIDTH);
    let mut facts = Vec::new();
    for (l, rest) in inner.iter().zip(rests) {
        facts.push(is_zero(&rest));
        let last = t::eq(&t::add(&k64(&l.k), &one), &k64(&l.trip));
        facts.push(if least(&l.m) > 0 { last } else { t::or(&last, &is_zero(&l.m)) });
    }
    facts.push(count_eq(&ev.counts.rel, &levels.last().expect("level i").m));
    facts
}

/// `x == y` for counts, false where a constant is below the other's least
/// value.
fn count_eq(x: &T, y: &T) -> T {
    let below = |c: &T, other: &T| c.as_const().is_some_and(|c| c < least(other));
    if below(x, y) || below(y, x) {
        return t::fals();
    }
    t::eq(x, y)
}

/// Count `x` of thread 1 equals count `y` of thread 2, false where a
/// constant is below the other's least value.
fn count_link(x: &T, y: &T) -> Link {
    match count_eq(x, y).is_false() {
        true => Link::One(t::fals()),
        false => Link::Eq(x.clone(), y.clone()),
    }
}

/// Facts of one thread that put access `ev` before the first barrier of its
/// iteration of level `i` (count zero within it): in each deeper level no
/// barrier before the loop and its first iteration, and none before the
/// access in the innermost one.
fn at_start(ev: &AccessEv<'_>, i: usize) -> Vec<T> {
    let levels = &ev.counts.levels;
    let zero = t::constant(0, COUNT_WIDTH);
    let mut facts = Vec::new();
    for l in &levels[i + 1..] {
        facts.push(is_zero(&l.entry));
        let first = t::eq(&k64(&l.k), &zero);
        facts.push(if least(&l.m) > 0 { first } else { t::or(&first, &is_zero(&l.m)) });
    }
    facts.push(is_zero(&ev.counts.rel));
    facts
}

/// An iteration number (32 bits) as a count.
fn k64(k: &T) -> T {
    t::resize(k, COUNT_WIDTH, false)
}

/// The count of access `ev` within its iteration of level `i`.
fn within(ev: &AccessEv<'_>, i: usize) -> T {
    let levels = &ev.counts.levels;
    levels[i + 1..]
        .iter()
        .rev()
        .fold(ev.counts.rel.clone(), |w, l| t::add(&t::add(&l.entry, &t::mul(&k64(&l.k), &l.m)), &w))
}

/// Count `x` of thread 1 equals count `y` of thread 2. When both are one
/// term (a loop's barriers per iteration, or its entry count, in a nest both
/// threads are in), term by term: barrier counts are sums of constants and
/// products `trip * per-iteration`, and two threads of a block that do not
/// diverge pass each stretch of code the same number of times, so each
/// product has equal factors or is zero in both. This implies the equality
/// and spares the solver the products.
fn equal_counts(x: &T, y: &T) -> Link {
    if x != y {
        return Link::Eq(x.clone(), y.clone());
    }
    same_count(x)
}

fn same_count(x: &T) -> Link {
    if x.as_const().is_some() || !x.deps.thread {
        return Link::And(Vec::new());
    }
    match &x.node {
        t::Node::Bin(t::BvOp::Add, p, q) => Link::And(vec![same_count(p), same_count(q)]),
        t::Node::Bin(t::BvOp::Mul, p, q) => {
            let mut cases = vec![Link::And(vec![same_count(p), same_count(q)])];
            for f in [p, q] {
                if least(f) > 0 {
                    continue;
                }
                let zero = is_zero(f);
                if !zero.is_false() {
                    cases.push(Link::And(vec![Link::One(zero.clone()), Link::Two(zero)]));
                }
            }
            Link::Or(cases)
        }
        t::Node::Ext(false, p) => same_count(p),
        _ => Link::Eq(x.clone(), x.clone()),
    }
}
