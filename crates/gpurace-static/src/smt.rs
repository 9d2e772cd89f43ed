//! Queries and their translation to z3.
//!
//! A [`Query`] asks whether thread 1 and thread 2 can satisfy a set of
//! per-thread facts together, with some values equal across the threads, two
//! byte ranges overlapping and the two threads in a given [`Relation`]. Terms
//! are instantiated per thread here: a per-thread leaf becomes one solver
//! constant for each thread, a shared leaf one for both.
//!
//! One [`Solver`] (one z3 context) serves all the queries of a worker thread:
//! the facts common to every query of a kernel are asserted once, each query
//! is pushed and popped above them.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{Context, FuncDecl, Model, Params, SatResult, Sort};

use gpurace_core::arith;
use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, Term, T};

use crate::trace::{Abstractions, Group, Obj, Product, Ticket};

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
#[derive(Debug, Clone)]
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
}

impl Link {
    fn hash_into(&self, h: &mut impl std::hash::Hasher) {
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
        }
    }

    fn terms<'a>(&'a self, out: &mut Vec<&'a T>) {
        match self {
            Link::Eq(a, b) => out.extend([a, b]),
            Link::One(a) | Link::Two(a) => out.push(a),
            Link::And(parts) | Link::Or(parts) => parts.iter().for_each(|p| p.terms(out)),
            Link::Group(..) => {}
        }
    }
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
/// the query mentions, plus the interpretation of unknown functions.
#[derive(Debug, Clone, Default)]
pub struct Assignment {
    pub values: HashMap<(Leaf, usize), u128>,
    pub functions: HashMap<(Arc<str>, Vec<u128>), u128>,
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
fn placed(a: &Assignment) -> (bool, u128, u128) {
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

/// A z3 context and solver with the kernel's common facts asserted.
pub struct Solver<'c> {
    ctx: &'c Context,
    solver: z3::Solver<'c>,
    memo: HashMap<(*const Term, u8), (T, Dynamic<'c>)>,
    functions: HashMap<(Arc<str>, usize, u32), FuncDecl<'c>>,
    timeout_ms: u32,
    /// The facts asserted below every query (their leaves are in every model).
    common: Vec<T>,
    /// Which of `blockDim.x/y/z` may be above 1: the others are left out of
    /// linear thread ids, which keeps them linear when `blockDim.x` is symbolic.
    pub block_dims_used: [bool; 3],
    /// What the next queries are for, in `GPURACE_SOLVER_STATS` lines.
    pub stage: &'static str,
    /// The common facts as asserted, for the fresh solver of each query.
    base: Vec<Bool<'c>>,
    rlimit: u32,
}

impl<'c> Solver<'c> {
    /// `rlimit` bounds each query in z3's deterministic resource units (about
    /// 6 million per second on a 2020s x86 core), so that verdicts do not
    /// depend on the machine's load; `timeout_ms` is a wall-clock safety net.
    pub fn new(ctx: &'c Context, rlimit: u32, timeout_ms: u32) -> Solver<'c> {
        // Naming the logic lets z3's incremental core set itself up for bit
        // vectors; without it, it falls back to a general setup once the
        // first `push` makes the solver incremental (1.5x slower on a median
        // racy Indigo program).
        let solver = z3::Solver::new_for_logic(ctx, "QF_UFBV").unwrap_or_else(|| z3::Solver::new(ctx));
        let mut params = Params::new(ctx);
        params.set_u32("rlimit", rlimit);
        solver.set_params(&params);
        Solver {
            ctx,
            solver,
            memo: HashMap::new(),
            functions: HashMap::new(),
            timeout_ms,
            common: Vec::new(),
            block_dims_used: [true; 3],
            stage: "",
            base: Vec::new(),
            rlimit,
        }
    }

    /// Asserts facts of thread 1, of thread 2 and of both.
    pub fn assert_common(&mut self, one: &[T], two: &[T]) {
        self.common = one.iter().chain(two).cloned().collect();
        for f in one {
            let b = self.boolean(f, 1);
            self.assert_base(&b);
        }
        for f in two {
            let b = self.boolean(f, 2);
            self.assert_base(&b);
        }
    }

    /// Changes the work limit of the next queries.
    pub fn set_rlimit(&mut self, rlimit: u32) {
        self.rlimit = rlimit;
        self.limit(rlimit);
    }

    /// Linear facts about the abstracted products (`P = x * y`, `x` per
    /// thread, `y` a launch size): `x = 0` gives 0, equal `x` give equal `P`,
    /// a larger `x` gives a `P` at least `y` larger; `blockIdx * blockDim`
    /// ends inside the `int` range; `blockDim * gridDim` is at least each
    /// factor and every block ends inside it. They hold for the real products,
    /// so a proof with them is a proof.
    pub fn assert_products(&mut self, abstractions: &Abstractions) {
        let ctx = self.ctx;
        let c64 = |v: u64| BV::from_u64(ctx, v, 64);
        for p in abstractions.products.iter().filter(|p| p.signed) {
            self.assert_int_product(p);
        }
        for p in abstractions.products.iter().filter(|p| !p.signed) {
            let y = self.bv(&p.y, 1);
            let mut vals = Vec::new();
            let mut xs = Vec::new();
            for th in [1u8, 2] {
                let (pv, x) = (self.bv(&p.leaf, th), self.bv(&p.x, th));
                self.assert_base(&x._eq(&c64(0)).implies(&pv._eq(&c64(0))));
                self.assert_base(&pv.bvuge(&x));
                self.assert_base(&x._eq(&c64(0)).not().implies(&pv.bvuge(&y)));
                self.assert_base(&pv.bvule(&c64(1 << 62)));
                if p.fits_int {
                    self.assert_base(&pv.bvadd(&y).bvule(&c64(1 << 31)));
                }
                if abstractions.grid_threads.contains(&p.dim) && p.fits_int {
                    let g = self.leaf(Leaf::GridThreads(p.dim), 64, 1).as_bv().unwrap();
                    self.assert_base(&pv.bvadd(&y).bvule(&g));
                }
                vals.push(pv);
                xs.push(x);
            }
            self.assert_base(&xs[0]._eq(&xs[1]).implies(&vals[0]._eq(&vals[1])));
            self.assert_base(&xs[0].bvult(&xs[1]).implies(&vals[0].bvadd(&y).bvule(&vals[1])));
            self.assert_base(&xs[1].bvult(&xs[0]).implies(&vals[1].bvadd(&y).bvule(&vals[0])));
            // A stride loop `v = start + k * y` with both starts in `[0, y)`:
            // equal values need equal iterations (a consequence of the facts
            // above, stated for the solver, which does not find it alone).
            if let Some(stride) = &p.stride {
                let (s1, s2) = (self.bv(&stride.start, 1), self.bv(&stride.start, 2));
                let (v1, v2) = (self.bv(&stride.value, 1), self.bv(&stride.value, 2));
                let (f1, f2) = (self.boolean(&stride.fits, 1), self.boolean(&stride.fits, 2));
                // A start that is below the step by its form is said so
                // outright: the solver does not derive it from the products.
                if stride.below {
                    self.assert_base(&s1.bvult(&y));
                    self.assert_base(&s2.bvult(&y));
                }
                let inside = Bool::and(ctx, &[&v1._eq(&v2), &f1, &f2, &s1.bvult(&y), &s2.bvult(&y)]);
                self.assert_base(&inside.implies(&Bool::and(ctx, &[&xs[0]._eq(&xs[1]), &s1._eq(&s2)])));
            }
            // `blockIdx * blockDim + threadIdx` (32 bits, which it fits): equal
            // sums are one block.
            if p.fits_int {
                let d = p.dim;
                let t = |s: &mut Self, th: u8| s.leaf(Leaf::Tid(d), 32, th).as_bv().unwrap();
                let (t1, t2) = (t(self, 1), t(self, 2));
                let sum1 = vals[0].extract(31, 0).bvadd(&t1);
                let sum2 = vals[1].extract(31, 0).bvadd(&t2);
                self.assert_base(&sum1._eq(&sum2).implies(&xs[0]._eq(&xs[1])));
            }
        }
        for d in &abstractions.grid_threads {
            let g = self.leaf(Leaf::GridThreads(*d), 64, 1).as_bv().unwrap();
            let b = self.leaf(Leaf::BlockDim(*d), 32, 1).as_bv().unwrap().zero_ext(32);
            let n = self.leaf(Leaf::GridDim(*d), 32, 1).as_bv().unwrap().zero_ext(32);
            self.assert_base(&g.bvuge(&b));
            self.assert_base(&g.bvuge(&n));
            self.assert_base(&g.bvule(&c64(1 << 31)));
        }
    }

    /// Linear facts about an abstracted product `P = x * y` (`x` per thread,
    /// `y` shared, both signed 64-bit values whose exact product fits): zero
    /// factors give 0, equal `x` give equal `P`, `P` moves by at least `|y|`
    /// between different `x`, the signs and magnitudes multiply, and an `int`
    /// product lies in the `int` range (signed overflow is undefined in C).
    /// They hold for the real products.
    fn assert_int_product(&mut self, p: &Product) {
        let ctx = self.ctx;
        let c = |v: i64| BV::from_i64(ctx, v, 64);
        let y = self.bv(&p.y, 1);
        let zero = c(0);
        let y_pos = y.bvsge(&zero);
        let mut vals = Vec::new();
        let mut xs = Vec::new();
        for th in [1u8, 2] {
            let (pv, x) = (self.bv(&p.leaf, th), self.bv(&p.x, th));
            let x_pos = x.bvsge(&zero);
            self.assert_base(&Bool::or(ctx, &[&x._eq(&zero), &y._eq(&zero)]).implies(&pv._eq(&zero)));
            let bound = if p.int_range { 1 << 31 } else { 1 << 62 };
            self.assert_base(&pv.bvsge(&c(-bound)));
            self.assert_base(&pv.bvslt(&c(bound)));
            // Signs.
            self.assert_base(&Bool::and(ctx, &[&x_pos, &y_pos]).implies(&pv.bvsge(&zero)));
            self.assert_base(&Bool::and(ctx, &[&x_pos, &y_pos.not()]).implies(&pv.bvsle(&zero)));
            // |P| >= |x| when y != 0, and >= |y| when x != 0 (non-negative case).
            let x_one = x.bvsge(&c(1));
            let y_one = y.bvsge(&c(1));
            self.assert_base(&Bool::and(ctx, &[&x_pos, &y_one]).implies(&pv.bvsge(&x)));
            self.assert_base(&Bool::and(ctx, &[&x_one, &y_pos]).implies(&pv.bvsge(&y)));
            // Magnitudes: 0 <= x <= 2^a and |y| <= 2^b give |P| <= 2^(a+b).
            let limit = if p.int_range { 31 } else { 62 };
            const EXPONENTS: [u32; 12] = [1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 31];
            for a in EXPONENTS {
                let x_small = Bool::and(ctx, &[&x_pos, &x.bvsle(&c(1 << a))]);
                for b in EXPONENTS.into_iter().filter(|b| a + b < limit) {
                    let up = Bool::and(ctx, &[&x_small, &y_pos, &y.bvsle(&c(1 << b))]);
                    self.assert_base(&up.implies(&pv.bvsle(&c(1 << (a + b)))));
                    let down = Bool::and(ctx, &[&x_small, &y_pos.not(), &y.bvsge(&c(-(1 << b)))]);
                    self.assert_base(&down.implies(&pv.bvsge(&c(-(1 << (a + b))))));
                }
            }
            vals.push(pv);
            xs.push(x);
        }
        self.assert_base(&xs[0]._eq(&xs[1]).implies(&vals[0]._eq(&vals[1])));
        let (p1, p2) = (&vals[0], &vals[1]);
        let (x1, x2) = (&xs[0], &xs[1]);
        let neg_y = zero.bvsub(&y);
        self.assert_base(&Bool::and(ctx, &[&y_pos, &x1.bvslt(x2)]).implies(&p1.bvadd(&y).bvsle(p2)));
        self.assert_base(&Bool::and(ctx, &[&y_pos, &x2.bvslt(x1)]).implies(&p2.bvadd(&y).bvsle(p1)));
        self.assert_base(&Bool::and(ctx, &[&y_pos.not(), &x1.bvslt(x2)]).implies(&p2.bvadd(&neg_y).bvsle(p1)));
        self.assert_base(&Bool::and(ctx, &[&y_pos.not(), &x2.bvslt(x1)]).implies(&p1.bvadd(&neg_y).bvsle(p2)));
    }

    /// Two threads applying counting atomics to one address get different old
    /// values.
    pub fn assert_tickets(&mut self, tickets: &[Ticket], atomics: &[(Obj, Option<i8>)]) {
        for a in tickets {
            for b in tickets {
                let counter = a.obj == b.obj
                    && a.obj != Obj::Dynamic
                    && atomics.iter().filter(|(o, _)| *o == a.obj).all(|(_, d)| *d == Some(a.direction));
                if !counter || a.result.width != b.result.width {
                    continue;
                }
                let (ga, gb) = (self.boolean(&a.guard, 1), self.boolean(&b.guard, 2));
                let (oa, ob) = (self.term(&a.offset, 1), self.term(&b.offset, 2));
                let (ra, rb) = (self.term(&a.result, 1), self.term(&b.result, 2));
                let same = Bool::and(self.ctx, &[&ga, &gb, &oa._eq(&ob)]);
                self.assert_base(&same.implies(&ra._eq(&rb).not()));
            }
        }
    }

    fn assert_base(&mut self, b: &Bool<'c>) {
        self.solver.assert(b);
        self.base.push(b.clone());
    }

    /// Answers `q` above the kernel's common facts, in the incremental
    /// solver (pushed and popped).
    /// The z3 resource units this solver has spent so far (deterministic).
    pub fn work(&self) -> u64 {
        // The count is the context's, over all its solvers.
        rlimit_count(&self.solver)
    }

    pub fn check(&mut self, q: &Query) -> Answer {
        let parts = self.encode(q);
        // Most queries are decided at once by z3's incremental core, above
        // the common facts; some (stride loops: sums of abstracted products
        // compared across threads) it does not decide for minutes that its
        // non-incremental bit-vector tactic (simplify, bit-blast, SAT) decides
        // in a fraction of a second. A query with a large budget gets a fifth
        // of it in the first and half of it in the second (a query the first
        // leaves undecided is rarely decided late in the second: every one
        // decided there on the corpora took under 6 million units).
        let portfolio = self.rlimit >= PORTFOLIO_RLIMIT && !incremental_only();
        let first = if portfolio { self.rlimit / 5 } else { self.rlimit };
        self.solver.push();
        for b in &parts {
            self.solver.assert(b);
        }
        if portfolio {
            self.limit(first);
        }
        let started = std::time::Instant::now();
        let outcome = run(self.ctx, &self.solver, self.timeout_ms, self.stage);
        if portfolio {
            self.limit(self.rlimit);
        }
        // Out of budget, not out of (wall-clock) time.
        let undecided = matches!(outcome, Outcome::Unknown(_))
            && started.elapsed() < std::time::Duration::from_millis(u64::from(self.timeout_ms));
        let answer = self.answer(outcome, q);
        self.solver.pop(1);
        if !(portfolio && undecided) {
            return answer;
        }
        let solver = z3::Solver::new(self.ctx);
        let mut params = Params::new(self.ctx);
        params.set_u32("rlimit", (self.rlimit - first).min(self.rlimit / 2));
        solver.set_params(&params);
        for b in self.base.iter().chain(&parts) {
            solver.assert(b);
        }
        let stage = self.stage;
        let outcome = run(self.ctx, &solver, self.timeout_ms, &format!("{stage} (one-shot)"));
        self.answer(outcome, q)
    }

    fn limit(&mut self, rlimit: u32) {
        let mut params = Params::new(self.ctx);
        params.set_u32("rlimit", rlimit);
        self.solver.set_params(&params);
    }

    /// The assertions of `q` for thread 1 and thread 2.
    fn encode(&mut self, q: &Query) -> Vec<Bool<'c>> {
        let mut out = Vec::new();
        for f in &q.one {
            out.push(self.boolean(f, 1));
        }
        for f in &q.two {
            out.push(self.boolean(f, 2));
        }
        for l in &q.same {
            out.push(self.link(l));
        }
        if let Some((a, sa, b, sb)) = &q.overlap {
            let (x, y) = (self.bv(a, 1), self.bv(b, 2));
            let diff = x.bvsub(&y).bvadd(&BV::from_u64(self.ctx, sa - 1, 64));
            out.push(diff.bvult(&BV::from_u64(self.ctx, sa + sb - 1, 64)));
        }
        let mut cases = Vec::new();
        for (r, eqs) in &q.cases {
            let mut parts = vec![self.relation(*r)];
            for l in eqs {
                parts.push(self.link(l));
            }
            for (_, links) in q.apart.iter().filter(|(ra, _)| ra == r) {
                let eqs: Vec<Bool<'c>> = links.iter().map(|(a, b)| self.term(a, 1)._eq(&self.term(b, 2))).collect();
                parts.push(Bool::and(self.ctx, &eqs.iter().collect::<Vec<_>>()).not());
            }
            cases.push(Bool::and(self.ctx, &parts.iter().collect::<Vec<_>>()));
        }
        let refs: Vec<&Bool<'c>> = cases.iter().collect();
        out.push(Bool::or(self.ctx, &refs));
        out
    }

    fn link(&mut self, l: &Link) -> Bool<'c> {
        match l {
            Link::Eq(a, b) => {
                let (x, y) = (self.term(a, 1), self.term(b, 2));
                x._eq(&y)
            }
            Link::One(a) => self.boolean(a, 1),
            Link::Two(a) => self.boolean(a, 2),
            Link::Group(g, together) => {
                let inside = self.group(*g);
                if *together {
                    inside
                } else {
                    inside.not()
                }
            }
            Link::And(parts) | Link::Or(parts) => {
                let parts: Vec<Bool<'c>> = parts.iter().map(|p| self.link(p)).collect();
                let refs: Vec<&Bool<'c>> = parts.iter().collect();
                if matches!(l, Link::And(_)) {
                    Bool::and(self.ctx, &refs)
                } else {
                    Bool::or(self.ctx, &refs)
                }
            }
        }
    }

    fn answer(&mut self, outcome: Outcome<'c>, q: &Query) -> Answer {
        match outcome {
            Outcome::Unsat => Answer::Unsat,
            Outcome::Unknown(reason) => Answer::Unknown(reason),
            Outcome::Sat(model) => Answer::Sat(Box::new(self.assignment(&model, q))),
        }
    }

    /// Linear thread ids of both threads (64 bits) and whether they are in
    /// one block.
    fn thread_ids(&mut self) -> (BV<'c>, BV<'c>, Bool<'c>) {
        let ctx = self.ctx;
        let dim: Vec<BV<'c>> =
            (0..3).map(|d| self.leaf(Leaf::BlockDim(d), 32, 1).as_bv().unwrap().zero_ext(32)).collect();
        let used = self.block_dims_used;
        let lin = |s: &mut Solver<'c>, th: u8| {
            let tid: Vec<BV<'c>> = (0..3).map(|d| s.leaf(Leaf::Tid(d), 32, th).as_bv().unwrap().zero_ext(32)).collect();
            let mut lin = tid[0].clone();
            if used[1] {
                lin = lin.bvadd(&tid[1].bvmul(&dim[0]));
            }
            if used[2] {
                lin = lin.bvadd(&tid[2].bvmul(&dim[0]).bvmul(&dim[1]));
            }
            lin
        };
        let (l1, l2) = (lin(self, 1), lin(self, 2));
        let same_block: Vec<Bool<'c>> = (0..3)
            .map(|d| {
                let a = self.leaf(Leaf::Bid(d), 32, 1);
                let b = self.leaf(Leaf::Bid(d), 32, 2);
                a._eq(&b)
            })
            .collect();
        let same_block = Bool::and(ctx, &same_block.iter().collect::<Vec<_>>());
        (l1, l2, same_block)
    }

    fn group(&mut self, g: Group) -> Bool<'c> {
        let ctx = self.ctx;
        let c64 = |v: u64| BV::from_u64(ctx, v, 64);
        let (l1, l2, same_block) = self.thread_ids();
        match g {
            Group::Tile(n) => {
                let n = c64(u64::from(n.max(1)));
                Bool::and(ctx, &[&same_block, &l1.bvudiv(&n)._eq(&l2.bvudiv(&n))])
            }
            Group::Lanes(m) => {
                let member = |l: &BV<'c>| c64(u64::from(m)).bvlshr(&l.bvurem(&c64(32))).bvand(&c64(1))._eq(&c64(1));
                let same_warp = l1.bvudiv(&c64(32))._eq(&l2.bvudiv(&c64(32)));
                Bool::and(ctx, &[&same_block, &same_warp, &member(&l1), &member(&l2)])
            }
        }
    }

    fn relation(&mut self, rel: Relation) -> Bool<'c> {
        let ctx = self.ctx;
        let c64 = |v: u64| BV::from_u64(ctx, v, 64);
        let (l1, l2, same_block) = self.thread_ids();
        let (w1, w2) = (l1.bvudiv(&c64(32)), l2.bvudiv(&c64(32)));
        match rel {
            Relation::InterBlock => same_block.not(),
            Relation::IntraBlock => Bool::and(ctx, &[&same_block, &w1._eq(&w2).not()]),
            Relation::IntraWarp => Bool::and(ctx, &[&same_block, &w1._eq(&w2), &l1._eq(&l2).not()]),
            Relation::IntraWarpApart(g) => {
                let (g1, g2) = (l1.bvudiv(&c64(u64::from(g.max(1)))), l2.bvudiv(&c64(u64::from(g.max(1)))));
                Bool::and(ctx, &[&same_block, &w1._eq(&w2), &g1._eq(&g2).not()])
            }
            Relation::SameBlock => Bool::and(ctx, &[&same_block, &l1._eq(&l2).not()]),
        }
    }

    fn assignment(&mut self, model: &Model<'c>, q: &Query) -> Assignment {
        let mut leaves = BTreeSet::new();
        let mut seen = HashSet::new();
        for term in q.terms().into_iter().chain(&self.common) {
            t::leaves(term, &mut leaves, &mut seen);
        }
        for d in 0..3 {
            leaves.extend([Leaf::Tid(d), Leaf::Bid(d), Leaf::BlockDim(d), Leaf::GridDim(d)].map(|l| (l, 32)));
        }
        let mut out = Assignment::default();
        for (leaf, width) in leaves {
            let threads: &[u8] = if leaf.per_thread() { &[1, 2] } else { &[1] };
            for &th in threads {
                let c = self.leaf(leaf, width, th);
                if let Some(v) = model.eval(&c, true).and_then(|v| value_of(&v)) {
                    out.values.insert((leaf, usize::from(th - 1)), v);
                }
            }
        }
        // Interpretations of unknown functions at the points the witness uses.
        let mut ufs = Vec::new();
        let mut seen = HashSet::new();
        for term in q.terms().into_iter().chain(&self.common) {
            collect_ufs(term, &mut ufs, &mut seen);
        }
        for uf in ufs {
            for th in [1u8, 2] {
                if !uf.deps.thread && th == 2 {
                    continue;
                }
                let Node::Uf(name, args) = &uf.node else { continue };
                let app = self.term(&uf, th);
                let arg_values: Option<Vec<u128>> = args
                    .iter()
                    .map(|a| {
                        let v = self.term(a, th);
                        model.eval(&v, true).and_then(|v| value_of(&v))
                    })
                    .collect();
                if let (Some(arg_values), Some(v)) = (arg_values, model.eval(&app, true).and_then(|v| value_of(&v))) {
                    out.functions.insert((name.clone(), arg_values), v);
                }
            }
        }
        out
    }

    fn leaf(&mut self, leaf: Leaf, width: u32, th: u8) -> Dynamic<'c> {
        let name = match leaf {
            Leaf::Tid(d) => format!("threadIdx.{}@{th}", dim(d)),
            Leaf::Bid(d) => format!("blockIdx.{}@{th}", dim(d)),
            Leaf::BlockDim(d) => format!("blockDim.{}", dim(d)),
            Leaf::GridDim(d) => format!("gridDim.{}", dim(d)),
            Leaf::GridThreads(d) => format!("gridThreads.{}", dim(d)),
            Leaf::Param(i) => format!("param{i}"),
            Leaf::ParamField(i) => format!("field{i}"),
            Leaf::Fresh(i) => format!("v{i}@{th}"),
            Leaf::Host(i) => format!("host{i}"),
        };
        if width == 0 {
            Dynamic::from_ast(&Bool::new_const(self.ctx, name))
        } else {
            Dynamic::from_ast(&BV::new_const(self.ctx, name, width))
        }
    }

    fn boolean(&mut self, f: &T, th: u8) -> Bool<'c> {
        let d = self.term(&t::to_bool(f), th);
        d.as_bool().expect("a boolean term")
    }

    fn bv(&mut self, f: &T, th: u8) -> BV<'c> {
        let d = self.term(&t::to_bv(f), th);
        d.as_bv().expect("a bit-vector term")
    }

    /// The z3 term of `term` for thread `th` (1 or 2).
    pub fn term(&mut self, term: &T, th: u8) -> Dynamic<'c> {
        let th = if term.deps.thread { th } else { 1 };
        let key = (Arc::as_ptr(term), th);
        if let Some((_, d)) = self.memo.get(&key) {
            return d.clone();
        }
        let ctx = self.ctx;
        let w = term.width;
        let d = match &term.node {
            Node::Bool(b) => Dynamic::from_ast(&Bool::from_bool(ctx, *b)),
            Node::Const(v) => Dynamic::from_ast(&constant(ctx, *v, w)),
            Node::Leaf(l) => self.leaf(*l, w, th),
            Node::Not(a) => Dynamic::from_ast(&self.boolean(a, th).not()),
            Node::And(a, b) => {
                let (x, y) = (self.boolean(a, th), self.boolean(b, th));
                Dynamic::from_ast(&Bool::and(ctx, &[&x, &y]))
            }
            Node::Or(a, b) => {
                let (x, y) = (self.boolean(a, th), self.boolean(b, th));
                Dynamic::from_ast(&Bool::or(ctx, &[&x, &y]))
            }
            Node::Ite(c, a, b) => {
                let c = self.boolean(c, th);
                let (x, y) = (self.term(a, th), self.term(b, th));
                c.ite(&x, &y)
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (self.bv(a, th), self.bv(b, th));
                Dynamic::from_ast(&match op {
                    BvOp::Add => x.bvadd(&y),
                    BvOp::Sub => x.bvsub(&y),
                    BvOp::Mul => x.bvmul(&y),
                    BvOp::UDiv => x.bvudiv(&y),
                    BvOp::SDiv => x.bvsdiv(&y),
                    BvOp::URem => x.bvurem(&y),
                    BvOp::SRem => x.bvsrem(&y),
                    BvOp::Shl => x.bvshl(&y),
                    BvOp::LShr => x.bvlshr(&y),
                    BvOp::AShr => x.bvashr(&y),
                    BvOp::And => x.bvand(&y),
                    BvOp::Or => x.bvor(&y),
                    BvOp::Xor => x.bvxor(&y),
                })
            }
            Node::Cmp(op, a, b) => {
                let (x, y) = (self.bv(a, th), self.bv(b, th));
                Dynamic::from_ast(&match op {
                    CmpOp::Eq => x._eq(&y),
                    CmpOp::Ult => x.bvult(&y),
                    CmpOp::Ule => x.bvule(&y),
                    CmpOp::Slt => x.bvslt(&y),
                    CmpOp::Sle => x.bvsle(&y),
                })
            }
            Node::Ext(signed, a) => {
                let x = self.bv(a, th);
                let by = w - a.width;
                Dynamic::from_ast(&if *signed { x.sign_ext(by) } else { x.zero_ext(by) })
            }
            Node::Trunc(a) => Dynamic::from_ast(&self.bv(a, th).extract(w - 1, 0)),
            Node::Uf(name, args) => {
                let values: Vec<BV<'c>> = args.iter().map(|a| self.bv(a, th)).collect();
                let widths: Vec<u32> = args.iter().map(|a| a.width.max(1)).collect();
                let f = self.functions.entry((name.clone(), args.len(), w)).or_insert_with(|| {
                    let domain: Vec<Sort<'c>> = widths.iter().map(|w| Sort::bitvector(ctx, *w)).collect();
                    let domain: Vec<&Sort<'c>> = domain.iter().collect();
                    FuncDecl::new(ctx, format!("{name}/{}", args.len()), &domain, &Sort::bitvector(ctx, w))
                });
                let args: Vec<&dyn Ast<'c>> = values.iter().map(|v| v as &dyn Ast<'c>).collect();
                f.apply(&args)
            }
        };
        self.memo.insert(key, (term.clone(), d.clone()));
        d
    }
}

/// Queries with at least this budget also try the non-incremental tactic.
const PORTFOLIO_RLIMIT: u32 = 5_000_000;

/// `GPURACE_INCREMENTAL_ONLY=1`: no second try (for measuring).
fn incremental_only() -> bool {
    static ONLY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ONLY.get_or_init(|| std::env::var("GPURACE_INCREMENTAL_ONLY").is_ok_and(|v| v == "1"))
}

fn rlimit_count(solver: &z3::Solver<'_>) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(v)) => u64::from(v),
        Some(z3::StatisticsValue::Double(v)) => v as u64,
        None => 0,
    }
}

/// What one z3 check said.
enum Outcome<'c> {
    Unsat,
    Unknown(String),
    Sat(Model<'c>),
}

/// Checks `solver` under the wall-clock watchdog.
fn run<'c>(ctx: &'c Context, solver: &z3::Solver<'c>, timeout_ms: u32, stage: &str) -> Outcome<'c> {
    // z3 does not look at its timeout inside every procedure (bit-blasting
    // large products can run for minutes), so a watchdog interrupts it.
    if let Some(dir) = std::env::var_os("GPURACE_SOLVER_DUMP") {
        // Every query as SMT-LIB, for looking at a hard one with z3 itself.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::path::Path::new(&dir).join(format!("{n:04}-{stage}.smt2"));
        let _ = std::fs::write(path, format!("{solver}\n(check-sat)\n"));
    }
    let handle = ctx.handle();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let limit = std::time::Duration::from_millis(u64::from(timeout_ms) + 50);
    let started = std::time::Instant::now();
    let result = std::thread::scope(|s| {
        s.spawn(move || {
            if wait.recv_timeout(limit).is_err() {
                handle.interrupt();
            }
        });
        let result = solver.check();
        let _ = done.send(());
        result
    });
    if std::env::var_os("GPURACE_SOLVER_STATS").is_some() {
        let stats = solver.get_statistics();
        let rlimit = stats.value("rlimit count").map(|v| format!("{v:?}")).unwrap_or_default();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        eprintln!("query {stage}: {result:?} rlimit {rlimit} {ms:.0} ms");
    }
    match result {
        SatResult::Unsat => Outcome::Unsat,
        SatResult::Unknown => Outcome::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "unknown".to_string())),
        SatResult::Sat => match solver.get_model() {
            Some(model) => Outcome::Sat(model),
            None => Outcome::Unknown("no model".to_string()),
        },
    }
}

fn dim(d: u8) -> char {
    ['x', 'y', 'z'][usize::from(d.min(2))]
}

fn constant<'c>(ctx: &'c Context, v: u128, w: u32) -> BV<'c> {
    if w <= 64 {
        BV::from_u64(ctx, v as u64, w)
    } else {
        let hi = BV::from_u64(ctx, (v >> 64) as u64, w - 64);
        hi.concat(&BV::from_u64(ctx, v as u64, 64))
    }
}

fn value_of(d: &Dynamic<'_>) -> Option<u128> {
    if let Some(b) = d.as_bool() {
        return b.as_bool().map(u128::from);
    }
    let bv = d.as_bv()?;
    if bv.get_size() <= 64 {
        return bv.as_u64().map(u128::from);
    }
    let lo = bv.extract(63, 0).simplify().as_u64()?;
    let hi = bv.extract(bv.get_size() - 1, 64).simplify().as_u64()?;
    Some((u128::from(hi) << 64) | u128::from(lo))
}

fn collect_ufs(term: &T, out: &mut Vec<T>, seen: &mut HashSet<*const Term>) {
    // Unknown functions occur under approximate terms, and block-wide
    // reductions (`__syncthreads_or`) under data-dependent ones.
    t::visit(term, seen, &mut |n| {
        if matches!(n.node, Node::Uf(..)) {
            out.push(n.clone());
        }
        n.deps.approx || n.deps.data
    });
}

#[cfg(test)]
mod tests {
    use super::overlaps;

    #[test]
    fn byte_ranges_overlap_exactly_when_they_share_a_byte() {
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
