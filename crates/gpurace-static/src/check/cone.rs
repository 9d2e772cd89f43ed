//! The normal form of a query: the query with only the kernel's facts it can
//! depend on, so that the launch sites of a kernel (and the kernels of a file
//! that ask the same) share the proofs that do not depend on the site.
//!
//! A fact can matter to a query only through the values they both mention:
//! the facts reached from the query's leaves, through facts that share a
//! leaf with what is reached (its *cone*), are the only ones a proof of the
//! query can use. The query is unsatisfiable with all the facts when it is
//! unsatisfiable with its cone, so an `Unsat` answer is shared by every site
//! whose cone is the same; a model is not (the site's other facts constrain
//! other values), and models are cached under the whole query as before.
//! The solver's own facts about abstracted products and atomic tickets come
//! from the kernel's trace, which is the same at every site of the kernel;
//! they are part of the key as a whole, as are the launch's `blockDim` and
//! the dimensions it uses (the encoding of thread relations).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};

use gpurace_core::term::{self as t, Leaf, T};

use crate::smt::{Link, Query};
use crate::trace::Trace;

/// A leaf of one thread (1 or 2), or a shared leaf (0).
type Key = (Leaf, u32, u8);

/// The kernel's facts at one site, indexed by the leaves they mention.
pub(super) struct Cone {
    /// Each fact's hash (with its thread) and leaves.
    facts: Vec<(u64, Vec<Key>)>,
    /// Which facts mention each leaf.
    by_leaf: HashMap<Key, Vec<usize>>,
    /// What the solver adds from the trace and the launch, the same at every
    /// site of the kernel: products, tickets, `blockDim` when known, the
    /// dimensions thread ids use.
    setting: u64,
}

/// The leaves of `term` for thread `th`: per-thread leaves tagged with it,
/// shared ones with 0.
fn keys(term: &T, th: u8, out: &mut Vec<Key>) {
    let mut leaves = BTreeSet::new();
    t::leaves(term, &mut leaves, &mut HashSet::new());
    out.extend(leaves.into_iter().map(|(l, w)| (l, w, if l.per_thread() { th } else { 0 })));
}

fn link_keys(l: &Link, out: &mut Vec<Key>) {
    match l {
        Link::Eq(a, b) | Link::Cmp(_, a, b) => {
            keys(a, 1, out);
            keys(b, 2, out);
        }
        Link::One(a) => keys(a, 1, out),
        Link::Two(a) => keys(a, 2, out),
        Link::And(parts) | Link::Or(parts) => parts.iter().for_each(|p| link_keys(p, out)),
        Link::Not(l) => link_keys(l, out),
        Link::Group(..) => {}
    }
}

impl Cone {
    /// The facts of thread 1 (`one`, the shared ones among them) and thread
    /// 2 (`two`) of a kernel at a site, with what its trace adds.
    pub(super) fn new(one: &[T], two: &[T], trace: &Trace<'_>, block: Option<[u32; 3]>, dims: [bool; 3]) -> Cone {
        let mut facts = Vec::new();
        for (th, list) in [(1u8, one), (2, two)] {
            for f in list {
                let mut k = Vec::new();
                keys(f, th, &mut k);
                let hash = if f.deps.thread { f.hash ^ u64::from(th) } else { f.hash };
                facts.push((hash, k));
            }
        }
        let mut by_leaf: HashMap<Key, Vec<usize>> = HashMap::new();
        for (i, (_, k)) in facts.iter().enumerate() {
            for key in k {
                by_leaf.entry(*key).or_default().push(i);
            }
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for p in &trace.abstractions.products {
            (p.leaf.hash, p.x.hash, p.y.hash, p.fits_int, p.dim, p.signed, p.range, p.unsigned).hash(&mut h);
            if let Some(s) = &p.stride {
                (s.start.hash, s.value.hash, s.fits.hash, s.below).hash(&mut h);
            }
        }
        trace.abstractions.grid_threads.hash(&mut h);
        for tk in &trace.tickets {
            (tk.offset.hash, tk.guard.hash, tk.result.hash, tk.when.hash, tk.direction).hash(&mut h);
        }
        (block, dims).hash(&mut h);
        Cone { facts, by_leaf, setting: h.finish() }
    }

    /// The normal form of `q` as a cache key: `q` itself, the facts of its
    /// cone and the kernel's setting. Distinct from the keys of whole
    /// queries (`Query::fingerprint`), so the two live in one cache.
    pub(super) fn key(&self, q: &Query) -> (u64, usize, usize) {
        let mut start = Vec::new();
        for f in &q.one {
            keys(f, 1, &mut start);
        }
        for f in &q.two {
            keys(f, 2, &mut start);
        }
        for l in &q.same {
            link_keys(l, &mut start);
        }
        if let Some((a, _, b, _)) = &q.overlap {
            keys(a, 1, &mut start);
            keys(b, 2, &mut start);
        }
        for (_, links) in &q.cases {
            links.iter().for_each(|l| link_keys(l, &mut start));
        }
        for (a, b) in q.apart.iter().flat_map(|(_, links)| links) {
            keys(a, 1, &mut start);
            keys(b, 2, &mut start);
        }
        // Thread relations name both threads' ids and the launch's sizes.
        for d in 0..3 {
            for th in [1, 2] {
                start.push((Leaf::Tid(d), 32, th));
                start.push((Leaf::Bid(d), 32, th));
            }
            start.push((Leaf::BlockDim(d), 32, 0));
            start.push((Leaf::GridDim(d), 32, 0));
        }
        let mut seen: HashSet<Key> = HashSet::new();
        let mut reached: BTreeSet<usize> = BTreeSet::new();
        while let Some(key) = start.pop() {
            if !seen.insert(key) {
                continue;
            }
            for &i in self.by_leaf.get(&key).map(Vec::as_slice).unwrap_or_default() {
                if reached.insert(i) {
                    start.extend(self.facts[i].1.iter().copied());
                }
            }
        }
        let mut cone: Vec<u64> = reached.iter().map(|&i| self.facts[i].0).collect();
        cone.sort_unstable();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let kept = cone.len();
        ("cone", q.fingerprint(self.setting), cone).hash(&mut h);
        (h.finish(), kept, self.facts.len())
    }
}
