//! Barrier intervals: when two accesses of threads of one block (or warp,
//! or group) can happen between the same two barriers. Equal barrier counts
//! for accesses outside barrier loops; iteration numbers compared level by
//! level inside one loop nest (Faial's alignment, without products).

use std::collections::HashMap;

use gpurace_core::term::{self as t, T};

use super::concrete::Eval;
use crate::smt::{Assignment, Link, Relation};
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
/// equalities of absolute counts. Not the block counts of accesses in or
/// after a loop whose iterations pass different numbers of barriers: those
/// are over-approximated, and [`block_link`] relates them.
pub(super) fn count_eqs(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation) -> Vec<(T, T)> {
    let (ca, cb) = (&a.counts, &b.counts);
    let mut out = vec![(ca.grid.clone(), cb.grid.clone())];
    if r != Relation::InterBlock && !varying(a) && !varying(b) {
        out.push((ca.block.clone(), cb.block.clone()));
    }
    if matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)) {
        out.push((ca.warp.clone(), cb.warp.clone()));
    }
    out
}

/// Whether access `ev` is in or after a loop whose iterations pass
/// different numbers of barriers (its block count over-approximated).
pub(super) fn varying(ev: &AccessEv<'_>) -> bool {
    ev.counts.levels.iter().any(|l| l.exit.is_some()) || ev.counts.block.deps.approx
}

/// Whether a witness of a race in relation `relation` has exact block
/// counts: no access in or after a loop whose iterations pass different
/// numbers of barriers (counts over-approximated), or the witness meets
/// [`exact_block_link`].
pub(super) fn counts_exact(a: &AccessEv<'_>, b: &AccessEv<'_>, relation: Relation, assignment: &Assignment) -> bool {
    if relation == Relation::InterBlock || !(varying(a) || varying(b)) {
        return true;
    }
    let mut ev = Eval { assignment, memo: HashMap::new() };
    ev.link_holds(&exact_block_link(a, b))
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
    link(a, b, false)
}

/// A condition under which the block counts of `a` and `b` are equal, where
/// [`block_link`] over-approximates (loops whose iterations pass different
/// numbers of barriers): a witness that satisfies it has exact counts.
pub(super) fn exact_block_link(a: &AccessEv<'_>, b: &AccessEv<'_>) -> Link {
    link(a, b, true)
}

/// [`block_link`], or with `exact` [`exact_block_link`].
fn link(a: &AccessEv<'_>, b: &AccessEv<'_>, exact: bool) -> Link {
    let link = over(a, b, exact);
    match exact {
        true => {
            let exits: Vec<&T> = a.counts.exits.iter().filter(|e| b.counts.exits.contains(e)).collect();
            exact_part(link, &exits)
        }
        false => link,
    }
}

/// `link` without its conditions on over-approximated counts (false
/// instead), but for the counts of loops both threads passed whole, equal
/// for both: what it keeps implies equal counts.
fn exact_part(link: Link, exits: &[&T]) -> Link {
    let inexact = |x: &T| x.deps.approx;
    match link {
        Link::Eq(x, y) if x == y && exits.contains(&&x) => Link::Eq(x, y),
        Link::Eq(x, y) | Link::Cmp(_, x, y) if inexact(&x) || inexact(&y) => Link::One(t::fals()),
        Link::One(x) | Link::Two(x) if inexact(&x) => Link::One(t::fals()),
        Link::And(parts) => Link::And(parts.into_iter().map(|l| exact_part(l, exits)).collect()),
        Link::Or(parts) => Link::Or(parts.into_iter().map(|l| exact_part(l, exits)).collect()),
        Link::Not(inner) if mentions_approx(&inner) => Link::One(t::fals()),
        other => other,
    }
}

/// Whether a term of `link` is over-approximated.
fn mentions_approx(link: &Link) -> bool {
    match link {
        Link::Eq(x, y) | Link::Cmp(_, x, y) => x.deps.approx || y.deps.approx,
        Link::One(x) | Link::Two(x) => x.deps.approx,
        Link::And(parts) | Link::Or(parts) => parts.iter().any(mentions_approx),
        Link::Not(inner) => mentions_approx(inner),
        Link::Group(..) => false,
    }
}

/// [`link`] as the query asks it (over-approximating where `!exact`).
fn over(a: &AccessEv<'_>, b: &AccessEv<'_>, exact: bool) -> Link {
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
            facts.push(match l.exit {
                None => t::or(&t::eq(&k64(&l.k), &zero), &t::eq(&l.m, &zero)),
                Some(_) if exact => t::eq(&k64(&l.k), &zero),
                Some(_) => is_zero(&l.before),
            });
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
        _ if after(b, a, common, true, exact).is_some() => after(b, a, common, true, exact).expect("checked"),
        _ if after(a, b, common, false, exact).is_some() => after(a, b, common, false, exact).expect("checked"),
        // Outside every loop nest the two share: the absolute counts.
        _ if common == 0 => after_exits(a, b, &a.counts.block, &b.counts.block),
        _ => after_exits(a, b, &within(a, common - 1), &within(b, common - 1)),
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
        if x.exit.is_some() || y.exit.is_some() {
            link = varying_level(a, b, i, link, exact);
            continue;
        }
        let mut cases = vec![Link::And(vec![Link::Eq(x.k.clone(), y.k.clone()), link])];
        // Thread 1 after the last barrier of iteration `k`, thread 2 before
        // the first barrier of `k + 1`; and the other way round.
        let adjacent = |end: &AccessEv<'_>, start: &AccessEv<'_>, w: &T, first: bool| -> Option<Vec<Link>> {
            if below(w) {
                return None;
            }
            let (end_facts, start_facts) = (at_end(end, i, exact), at_start(start, i, exact));
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

/// Level `i` of a loop whose iterations pass different numbers of barriers
/// (`Level::exit`), `link` relating the two accesses within one iteration.
/// With `S(k)` the barriers before iteration `k` and `w <= m(k)` the count
/// within it, `S(ka) + wa == S(kb) + wb` holds when `ka == kb` and `wa ==
/// wb`, or, for `ka < kb`, only when `wa == m(ka)`, `wb == 0` and every
/// iteration between passes none; and the other way round. Adjacent
/// iterations are exact; further ones leave the iterations between out, an
/// over-approximation that links the (over-approximated) absolute counts
/// too, so that a race found there is approximate.
fn varying_level(a: &AccessEv<'_>, b: &AccessEv<'_>, i: usize, link: Link, exact: bool) -> Link {
    let (x, y) = (&a.counts.levels[i], &b.counts.levels[i]);
    let (ka, kb) = (k64(&x.k), k64(&y.k));
    let one = t::constant(1, COUNT_WIDTH);
    let mut cases = vec![Link::And(vec![Link::Eq(x.k.clone(), y.k.clone()), equal_counts(&x.m, &y.m), link])];
    let absolute = Link::Eq(a.counts.block.clone(), b.counts.block.clone());
    let mut apart = |end: &AccessEv<'_>, start: &AccessEv<'_>, first: bool| {
        let (end_facts, start_facts) = (at_end(end, i, exact), at_start(start, i, exact));
        if end_facts.iter().chain(&start_facts).any(|f| f.is_false()) {
            return;
        }
        let on = |fact: T, end_side: bool| if end_side == first { Link::One(fact) } else { Link::Two(fact) };
        let mut facts: Vec<Link> = end_facts.into_iter().map(|f| on(f, true)).collect();
        facts.extend(start_facts.into_iter().map(|f| on(f, false)));
        // Thread 1 ends iteration `ka`, thread 2 starts `kb` (or the other
        // way round): next to each other, or further apart.
        let (next, further) = match first {
            true => (Link::Eq(t::add(&ka, &one), kb.clone()), Link::Cmp(t::CmpOp::Ult, t::add(&ka, &one), kb.clone())),
            false => (
                Link::Eq(ka.clone(), t::add(&kb, &one)),
                Link::Not(Box::new(Link::Cmp(t::CmpOp::Ule, ka.clone(), t::add(&kb, &one)))),
            ),
        };
        cases.push(Link::And([vec![next], facts.clone()].concat()));
        if !exact {
            cases.push(Link::And([vec![further, absolute.clone()], facts].concat()));
        }
    };
    apart(a, b, true);
    apart(b, a, false);
    Link::And(vec![equal_counts(&x.entry, &y.entry), Link::Or(cases)])
}

/// Access `shallow` after a loop whose iterations pass different numbers of
/// barriers (`Level::exit`), which `deep` is in (its level `common`): their
/// counts are equal only when `deep` is after the last barrier of its
/// iteration (and every later iteration passes none, left out) and no
/// barrier separates `shallow` from the loop's exit. `None` when `shallow`'s
/// count is not the loop's exit count plus barriers after it. At the top
/// level the block count is the count relative to it (`rel` is `block`
/// there).
fn after(shallow: &AccessEv<'_>, deep: &AccessEv<'_>, common: usize, deep_is_one: bool, exact: bool) -> Option<Link> {
    let level = deep.counts.levels.get(common)?;
    let exit = level.exit.as_ref()?;
    // `shallow`'s count relative to the common nest, outside the loop (in a
    // later loop, perhaps): the loop's exit count and what follows it.
    let count = match common {
        0 => shallow.counts.block.clone(),
        _ => within(shallow, common - 1),
    };
    let since = without_summand(&count, exit)?;
    let mut facts = at_end(deep, common, exact);
    if exact {
        // The last iteration: then no iteration after it passes a barrier.
        let one = t::constant(1, COUNT_WIDTH);
        facts.push(t::eq(&t::add(&k64(&level.k), &one), &k64(&level.trip)));
    }
    if facts.iter().any(|f| f.is_false()) {
        return Some(Link::One(t::fals()));
    }
    let (entries, on_deep): (Link, fn(T) -> Link) = match deep_is_one {
        true => (Link::Eq(level.entry.clone(), since), Link::One),
        false => (Link::Eq(since, level.entry.clone()), Link::Two),
    };
    let (one, two) = if deep_is_one { (deep, shallow) } else { (shallow, deep) };
    let mut all = vec![entries];
    if !exact {
        all.push(Link::Eq(one.counts.block.clone(), two.counts.block.clone()));
    }
    all.extend(facts.into_iter().map(on_deep));
    Some(Link::And(all))
}

/// Count `x` of thread 1 equals count `y` of thread 2, without the counts
/// of loops whose iterations pass different numbers of barriers that both
/// passed whole (`Counts::exits`): the same for both threads.
fn after_exits(a: &AccessEv<'_>, b: &AccessEv<'_>, x: &T, y: &T) -> Link {
    let (mut x, mut y) = (x.clone(), y.clone());
    for exit in a.counts.exits.iter().filter(|e| b.counts.exits.contains(e)) {
        if let (Some(x2), Some(y2)) = (without_summand(&x, exit), without_summand(&y, exit)) {
            (x, y) = (x2, y2);
        }
    }
    count_link(&x, &y)
}

/// `x` without one summand `s` of its sums, if it has it.
fn without_summand(x: &T, s: &T) -> Option<T> {
    match &x.node {
        t::Node::Bin(t::BvOp::Add, p, q) if p == s => Some(q.clone()),
        t::Node::Bin(t::BvOp::Add, p, q) if q == s => Some(p.clone()),
        t::Node::Bin(t::BvOp::Add, p, q) => match without_summand(p, s) {
            Some(p) => Some(t::add(&p, q)),
            None => without_summand(q, s).map(|q| t::add(p, &q)),
        },
        _ => None,
    }
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
fn at_end(ev: &AccessEv<'_>, i: usize, exact: bool) -> Vec<T> {
    let levels = &ev.counts.levels;
    let inner = &levels[i + 1..];
    let Some(rests) = inner.iter().map(|l| l.rest.clone()).collect::<Option<Vec<T>>>() else {
        // Through an over-approximated count, not exactly.
        if exact && inner.iter().any(|l| l.exit.is_some()) {
            return vec![t::fals()];
        }
        return vec![t::eq(&within(ev, i), &levels[i].m)];
    };
    let one = t::constant(1, COUNT_WIDTH);
    let mut facts = Vec::new();
    for (l, rest) in inner.iter().zip(rests) {
        facts.push(is_zero(&rest));
        let last = t::eq(&t::add(&k64(&l.k), &one), &k64(&l.trip));
        // Where iterations pass different numbers, `m` is this iteration's:
        // none in it says nothing of the later ones, unless over-approximating.
        let varies_exactly = exact && l.exit.is_some();
        facts.push(if least(&l.m) > 0 || varies_exactly { last } else { t::or(&last, &is_zero(&l.m)) });
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
fn at_start(ev: &AccessEv<'_>, i: usize, exact: bool) -> Vec<T> {
    let levels = &ev.counts.levels;
    let zero = t::constant(0, COUNT_WIDTH);
    let mut facts = Vec::new();
    for l in &levels[i + 1..] {
        facts.push(is_zero(&l.entry));
        let first = t::eq(&k64(&l.k), &zero);
        facts.push(match l.exit {
            Some(_) if exact => first,
            Some(_) => is_zero(&l.before),
            None if least(&l.m) > 0 => first,
            None => t::or(&first, &is_zero(&l.m)),
        });
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
    levels[i + 1..].iter().rev().fold(ev.counts.rel.clone(), |w, l| t::add(&t::add(&l.entry, &l.before), &w))
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
