//! Fine-grain synchronisation as the checker sees it: which (release,
//! wait) pairs of a trace order accesses, the hand-off chains through third
//! threads, and the address pairs that must differ for a race despite them.

use std::collections::{HashMap, HashSet};

use gpurace_core::term::{self as t, T};
use gpurace_ir::{Kernel, Scope};

use super::facts::kernel_solver;
use crate::config::Config;
use crate::exec;
use crate::smt::{self, Answer, Link, Query, Relation};
use crate::trace::{Abstractions, AccessEv, Chain, Obj, SyncKind, Trace};

/// The address pairs of which one must differ for two accesses to race in
/// a relation: the locks both hold (their scopes covering the relation), a
/// flag one releases after its access and the other waits for before its
/// own, and a chain of flag hand-offs from one to the other. A wait made on
/// some paths only orders a thread that took it: its pair also holds the
/// wait's guard (`true` for the releasing thread, the guard for the waiting
/// one), so either must fail for a race.
pub(super) fn apart(a: &AccessEv<'_>, b: &AccessEv<'_>, r: Relation, trace: &Trace<'_>) -> Vec<Vec<(T, T)>> {
    let syncs = &trace.syncs;
    let mut out = Vec::new();
    for (la, sa) in &a.order.locks {
        for (lb, sb) in &b.order.locks {
            if covers(exec::narrower(*sa, *sb), r) {
                out.push(vec![(syncs[*la].addr.clone(), syncs[*lb].addr.clone())]);
            }
        }
    }
    // The waits of `y` with the links that say `y`'s thread took each.
    let waits = |y: &AccessEv<'_>| -> Vec<(usize, Option<(T, T)>)> {
        let always = y.order.waited.iter().map(|w| (*w, None));
        let some = y.order.maybe.iter().map(|w| (*w, Some((t::tru(), syncs[*w].guard.clone()))));
        always.chain(some).collect()
    };
    let (waits_a, waits_b) = (waits(a), waits(b));
    let flip = |(x, y): &(T, T)| (y.clone(), x.clone());
    for (rel, s) in &a.order.released {
        for (w, took) in &waits_b {
            let w = *w;
            if trace.usable.contains(&(*rel, w)) && covers(exec::narrower(*s, syncs[w].scope), r) {
                let mut links = vec![(syncs[*rel].addr.clone(), syncs[w].addr.clone())];
                links.extend(took.clone());
                out.push(links);
            }
        }
    }
    for (rel, s) in &b.order.released {
        for (w, took) in &waits_a {
            let w = *w;
            if trace.usable.contains(&(*rel, w)) && covers(exec::narrower(*s, syncs[w].scope), r) {
                let mut links = vec![(syncs[w].addr.clone(), syncs[*rel].addr.clone())];
                links.extend(took.as_ref().map(flip));
                out.push(links);
            }
        }
    }
    for c in &trace.chains {
        if a.order.released.contains(&(c.first, c.scope)) {
            if let Some((_, took)) = waits_b.iter().find(|(w, _)| *w == c.last) {
                let mut links = c.links.clone();
                links.extend(took.clone());
                out.push(links);
            }
        }
        if b.order.released.contains(&(c.first, c.scope)) {
            if let Some((_, took)) = waits_a.iter().find(|(w, _)| *w == c.last) {
                let mut links: Vec<(T, T)> = c.links.iter().rev().map(flip).collect();
                links.extend(took.as_ref().map(flip));
                out.push(links);
            }
        }
    }
    out
}

/// Whether synchronisation of this scope orders two threads in this relation.
pub(super) fn covers(scope: Scope, r: Relation) -> bool {
    match scope {
        Scope::Device | Scope::System => true,
        Scope::Block => r != Relation::InterBlock,
        Scope::Warp => matches!(r, Relation::IntraWarp | Relation::IntraWarpApart(_)),
    }
}

/// The (release, wait) pairs of flags that order accesses: no other thread
/// executes the release at the same address, and no store but the release
/// (by a thread other than the waiting one, or by the waiting one before
/// its wait) can end the wait. Each is asked of the solver; an undecided
/// query leaves the pair out, which can only add races. Then the chains of
/// these pairs through other threads ([`flag_chains`]). The work spent is
/// the third result (it counts towards the file's budget); past a quarter
/// of a kernel's budget the pairs left are not asked (left out).
pub(super) fn usable_flags(
    trace: &Trace<'_>,
    kernel: &Kernel,
    config: &Config,
    one: &[T],
    two: &[T],
) -> (HashSet<(usize, usize)>, Vec<Chain>, u64) {
    let mut candidates = Vec::new();
    for a in &trace.accesses {
        for (rel, _) in &a.order.released {
            for b in &trace.accesses {
                for w in b.order.waits() {
                    let (r, wv) = (&trace.syncs[*rel], &trace.syncs[*w]);
                    let alias = r.obj == wv.obj || r.obj == Obj::Dynamic || wv.obj == Obj::Dynamic;
                    if alias && !candidates.contains(&(*rel, *w)) {
                        candidates.push((*rel, *w));
                    }
                }
            }
        }
    }
    let mut usable = HashSet::new();
    if candidates.is_empty() {
        return (usable, Vec::new(), 0);
    }
    let mut solver = kernel_solver(kernel, config, trace, one, two);
    solver.stage = "flag";
    let distinct = || vec![(Relation::InterBlock, Vec::new()), (Relation::SameBlock, Vec::new())];
    let query = |one: Vec<T>, two: Vec<T>, same: Vec<(T, T)>| Query {
        one,
        two,
        same: same.into_iter().map(|(a, b)| Link::Eq(a, b)).collect(),
        overlap: None,
        cases: distinct(),
        apart: Vec::new(),
        abstractions: trace.abstractions.clone(),
    };
    for (rel, w) in candidates {
        if solver.work() > config.kernel_rlimit / 4 {
            break;
        }
        let (r, wv) = (&trace.syncs[rel], &trace.syncs[w]);
        let Some(read) = &wv.value else { continue };
        // A release no other thread waits for at its address orders
        // nothing: one query instead of one per store.
        let meets = query(vec![r.guard.clone()], vec![wv.guard.clone()], vec![(r.addr.clone(), wv.addr.clone())]);
        if matches!(solver.check(&meets), Answer::Unsat) {
            continue;
        }
        // Another thread executing the release could end the wait.
        let mut ok = matches!(
            solver.check(&query(vec![r.guard.clone()], vec![r.guard.clone()], vec![(r.addr.clone(), r.addr.clone())])),
            Answer::Unsat
        );
        for (i, s) in trace.syncs.iter().enumerate() {
            if !ok {
                break;
            }
            if s.kind != SyncKind::Store || i == rel || s.access == wv.access {
                continue;
            }
            if !(s.obj == wv.obj || s.obj == Obj::Dynamic || wv.obj == Obj::Dynamic) {
                continue;
            }
            // The waiting thread's own store before its wait (or anywhere,
            // when the wait is in a loop) could end it, unless no thread
            // executes both (they sit in exclusive branches) or, outside
            // loops, the store is to another address or of another value.
            let mut own = vec![s.guard.clone(), wv.guard.clone()];
            if !wv.nested {
                own.push(t::eq(&s.addr, &wv.addr));
                if let Some(v) = &s.value {
                    own.push(t::eq(&t::resize(&t::to_bv(v), read.width.max(1), false), &t::to_bv(read)));
                }
            }
            if (s.access < wv.access || wv.nested)
                && !matches!(solver.check(&query(own, Vec::new(), Vec::new())), Answer::Unsat)
            {
                ok = false;
                break;
            }
            let mut same = vec![(s.addr.clone(), wv.addr.clone())];
            if let Some(v) = &s.value {
                same.push((t::resize(&t::to_bv(v), read.width.max(1), false), t::to_bv(read)));
            }
            ok = matches!(solver.check(&query(vec![s.guard.clone()], vec![wv.guard.clone()], same)), Answer::Unsat);
        }
        if ok {
            usable.insert((rel, w));
        }
    }
    let chains = flag_chains(trace, &usable, &mut solver, &trace.abstractions);
    let work = solver.work();
    (usable, chains, work)
}

/// Hops a chain of flag hand-offs may take, and chains kept per kernel.
pub(super) const CHAIN_HOPS: usize = 4;

pub(super) const CHAINS: usize = 64;

/// The chains of usable (release, wait) pairs through other threads: a
/// thread that waits releases again after a fence, and a later thread waits
/// for that (HRF-indirect, as in the scoped memory models of
/// hgrd.txt and iguard.txt). A hop counts only when its scope covers every
/// two threads that can take it (asked of the solver for block scope), and
/// the addresses between the first release and the last wait must not depend
/// on the thread: the query has no third thread to evaluate them for.
pub(super) fn flag_chains(
    trace: &Trace<'_>,
    usable: &HashSet<(usize, usize)>,
    solver: &mut smt::Solver,
    abstractions: &Abstractions,
) -> Vec<Chain> {
    let syncs = &trace.syncs;
    let mut effective: HashMap<(usize, usize, Scope), bool> = HashMap::new();
    let mut holds = |rel: usize, w: usize, scope: Scope, solver: &mut smt::Solver| -> bool {
        *effective.entry((rel, w, scope)).or_insert_with(|| match scope {
            Scope::Device | Scope::System => true,
            Scope::Warp => false,
            Scope::Block => {
                let (r, wv) = (&syncs[rel], &syncs[w]);
                let q = Query {
                    one: vec![r.guard.clone()],
                    two: vec![wv.guard.clone()],
                    same: vec![Link::Eq(r.addr.clone(), wv.addr.clone())],
                    overlap: None,
                    cases: vec![(Relation::InterBlock, Vec::new())],
                    apart: Vec::new(),
                    abstractions: abstractions.clone(),
                };
                matches!(solver.check(&q), Answer::Unsat)
            }
        })
    };
    let mut starts: Vec<(usize, Scope)> =
        trace.accesses.iter().flat_map(|a| a.order.released.iter().copied()).collect();
    starts.sort_by_key(|(rel, s)| (*rel, exec::scope_rank(*s)));
    starts.dedup();
    let mut pairs: Vec<(usize, usize)> = usable.iter().copied().collect();
    pairs.sort_unstable();
    let mut chains = Vec::new();
    for (first, scope) in starts {
        // (release, the scope of the fence before it, links so far)
        let mut stack = vec![(first, scope, Vec::new())];
        while let Some((rel, s, links)) = stack.pop() {
            for &(r, w) in pairs.iter().filter(|(r, _)| *r == rel) {
                if !holds(r, w, exec::narrower(s, syncs[w].scope), solver) {
                    continue;
                }
                let mut links: Vec<(T, T)> = links.clone();
                links.push((syncs[r].addr.clone(), syncs[w].addr.clone()));
                if links.len() > 1 && chains.len() < CHAINS {
                    chains.push(Chain { first, scope, last: w, links: links.clone() });
                }
                if links.len() == CHAIN_HOPS || syncs[w].addr.deps.thread {
                    continue;
                }
                // The waiting thread's releases after a fence, each of which
                // only a thread that waited can reach.
                for &(next, s2) in &trace.accesses[syncs[w].access].order.released {
                    let after = trace.accesses[syncs[next].access].order.waited.contains(&w);
                    if after && !syncs[next].addr.deps.thread {
                        stack.push((next, s2, links.clone()));
                    }
                }
            }
        }
    }
    chains
}
