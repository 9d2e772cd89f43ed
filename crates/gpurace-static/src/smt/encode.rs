//! The engine's terms, links and thread relations, encoded once for every
//! backend: a per-thread leaf becomes one solver constant for each thread,
//! a shared leaf one for both; thread relations and groups are links over
//! linear thread ids, themselves engine terms; a model is read back as an
//! assignment of leaves.

use std::collections::{BTreeSet, HashSet};

use gpurace_core::term::{self as t, BvOp, CmpOp, Deps, Leaf, Node, T};

use super::backend::{Handle, Op};
use super::query::{Assignment, Link, Query, Relation};
use super::solver::Solver;
use crate::trace::Group;

impl Solver {
    /// The assertions of `q` for thread 1 and thread 2.
    pub(super) fn encode(&mut self, q: &Query) -> Vec<Handle> {
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
            // [a, a + sa) and [b, b + sb) overlap iff a - b + sa - 1 < sa + sb - 1.
            let (x, y) = (self.bv(a, 1), self.bv(b, 2));
            let d = self.mk(Op::Bv(BvOp::Sub), &[x, y]);
            let k = self.backend_constant(u128::from(sa - 1), 64);
            let d = self.mk(Op::Bv(BvOp::Add), &[d, k]);
            let bound = self.backend_constant(u128::from(sa + sb - 1), 64);
            out.push(self.mk(Op::Cmp(CmpOp::Ult), &[d, bound]));
        }
        let mut cases = Vec::new();
        for (r, eqs) in &q.cases {
            let mut parts = vec![self.relation(*r)];
            for l in eqs {
                parts.push(self.link(l));
            }
            for (_, links) in q.apart.iter().filter(|(ra, _)| ra == r) {
                let same: Vec<Link> = links.iter().map(|(a, b)| Link::Eq(a.clone(), b.clone())).collect();
                parts.push(self.link(&Link::Not(Box::new(Link::And(same)))));
            }
            cases.push(self.mk(Op::And, &parts));
        }
        out.push(self.mk(Op::Or, &cases));
        if !q.cases.is_empty() {
            // Every relation is between two threads: some index differs.
            // Implied by each case, stated plainly so that the solver need
            // not go through linear thread ids (products when `blockDim` is
            // symbolic) once links have made the indices equal.
            out.push(self.distinct_threads());
        }
        out
    }

    fn distinct_threads(&mut self) -> Handle {
        let no = Deps::default();
        let differ: Vec<Link> = (0..3)
            .flat_map(|d| [Leaf::Tid(d), Leaf::Bid(d)])
            .map(|leaf| {
                let l = t::leaf(leaf, 32, no);
                Link::Not(Box::new(Link::Eq(l.clone(), l)))
            })
            .collect();
        self.link(&Link::Or(differ))
    }

    pub(super) fn link(&mut self, l: &Link) -> Handle {
        match l {
            Link::Eq(a, b) => {
                let (x, y) = (self.term(a, 1), self.term(b, 2));
                self.mk(Op::Eq, &[x, y])
            }
            Link::One(a) => self.boolean(a, 1),
            Link::Two(a) => self.boolean(a, 2),
            Link::Cmp(op, a, b) => {
                let (x, y) = (self.bv(a, 1), self.bv(b, 2));
                self.mk(Op::Cmp(*op), &[x, y])
            }
            Link::Not(l) => {
                let inner = self.link(l);
                self.mk(Op::Not, &[inner])
            }
            Link::Group(g, together) => {
                let inside = self.group(*g);
                if *together {
                    inside
                } else {
                    self.mk(Op::Not, &[inside])
                }
            }
            Link::And(parts) | Link::Or(parts) => {
                let parts: Vec<Handle> = parts.iter().map(|p| self.link(p)).collect();
                self.mk(if matches!(l, Link::And(_)) { Op::And } else { Op::Or }, &parts)
            }
        }
    }

    /// The linear thread id of a thread (64 bits), as an engine term: the
    /// dimensions of `blockDim` that stay 1 are left out, which keeps it
    /// linear when `blockDim.x` is symbolic.
    fn linear_id(&self) -> T {
        let no = Deps::default();
        let wide = |l: Leaf| t::resize(&t::leaf(l, 32, no), 64, false);
        let dim = |d: u8| match self.block {
            Some(b) => t::constant(u128::from(b[usize::from(d)]), 64),
            None => wide(Leaf::BlockDim(d)),
        };
        let mut lin = wide(Leaf::Tid(0));
        if self.block_dims_used[1] {
            lin = t::add(&lin, &t::mul(&wide(Leaf::Tid(1)), &dim(0)));
        }
        if self.block_dims_used[2] {
            lin = t::add(&lin, &t::mul(&t::mul(&wide(Leaf::Tid(2)), &dim(0)), &dim(1)));
        }
        lin
    }

    fn same_block() -> Link {
        let bid = |d: u8| t::leaf(Leaf::Bid(d), 32, Deps::default());
        Link::And((0..3).map(|d| Link::Eq(bid(d), bid(d))).collect())
    }

    /// Thread 1 and thread 2 agree on `lin / n`.
    fn same_part(lin: &T, n: u64) -> Link {
        let part = t::bin(BvOp::UDiv, lin, &t::constant(u128::from(n.max(1)), 64));
        Link::Eq(part.clone(), part)
    }

    pub(super) fn group(&mut self, g: Group) -> Handle {
        if let Some(h) = self.groups.get(&g) {
            return *h;
        }
        let lin = self.linear_id();
        let link = match g {
            Group::Tile(n) => Link::And(vec![Self::same_block(), Self::same_part(&lin, u64::from(n))]),
            Group::Lanes(m) => {
                let c = |v: u64| t::constant(u128::from(v), 64);
                let lane = t::bin(BvOp::URem, &lin, &c(32));
                let member = t::eq(&t::bin(BvOp::And, &t::bin(BvOp::LShr, &c(u64::from(m)), &lane), &c(1)), &c(1));
                Link::And(vec![
                    Self::same_block(),
                    Self::same_part(&lin, 32),
                    Link::One(member.clone()),
                    Link::Two(member),
                ])
            }
        };
        let h = self.link(&link);
        self.groups.insert(g, h);
        h
    }

    pub(super) fn relation(&mut self, rel: Relation) -> Handle {
        if let Some(h) = self.relations.get(&rel) {
            return *h;
        }
        let lin = self.linear_id();
        let not = |l: Link| Link::Not(Box::new(l));
        let link = match rel {
            Relation::InterBlock => not(Self::same_block()),
            Relation::IntraBlock => Link::And(vec![Self::same_block(), not(Self::same_part(&lin, 32))]),
            Relation::IntraWarp => {
                Link::And(vec![Self::same_block(), Self::same_part(&lin, 32), not(Link::Eq(lin.clone(), lin.clone()))])
            }
            Relation::IntraWarpApart(g) => {
                Link::And(vec![Self::same_block(), Self::same_part(&lin, 32), not(Self::same_part(&lin, u64::from(g)))])
            }
            Relation::SameBlock => Link::And(vec![Self::same_block(), not(Link::Eq(lin.clone(), lin.clone()))]),
        };
        let h = self.link(&link);
        self.relations.insert(rel, h);
        h
    }

    /// The model of the last check that said `Sat`, as values of every leaf
    /// `q` and the common facts mention, with the launch's geometry, and
    /// the interpretation of unknown functions at the points they use.
    pub(super) fn assignment(&mut self, q: &Query) -> Assignment {
        let mut leaves = BTreeSet::new();
        let mut seen = HashSet::new();
        let roots: Vec<T> = q.terms().into_iter().chain(&self.common).cloned().collect();
        for term in &roots {
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
                if let Some(v) = self.backend.value(c) {
                    out.values.insert((leaf, usize::from(th - 1)), v);
                }
            }
        }
        // Functions occur anywhere: float operations over inputs and
        // external functions under exact terms too.
        let mut ufs = Vec::new();
        let mut seen = HashSet::new();
        for term in &roots {
            t::visit(term, &mut seen, &mut |n| {
                if matches!(n.node, Node::Uf(..)) {
                    ufs.push(n.clone());
                }
                true
            });
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
                        let v = self.bv(a, th);
                        self.backend.value(v)
                    })
                    .collect();
                if let (Some(arg_values), Some(v)) = (arg_values, self.backend.value(app)) {
                    out.functions.insert((name.clone(), arg_values), v);
                }
            }
        }
        out
    }

    pub(super) fn leaf(&mut self, leaf: Leaf, width: u32, th: u8) -> Handle {
        if let (Leaf::BlockDim(d), Some(block), 1..=64) = (leaf, self.block, width) {
            return self.backend_constant(u128::from(block[usize::from(d)]), width);
        }
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
        let h = self.backend.var(&name, width);
        self.widths.insert(h, width);
        h
    }

    pub(super) fn boolean(&mut self, f: &T, th: u8) -> Handle {
        self.term(&t::to_bool(f), th)
    }

    pub(super) fn bv(&mut self, f: &T, th: u8) -> Handle {
        self.term(&t::to_bv(f), th)
    }

    /// The solver term of `term` for thread `th` (1 or 2).
    pub fn term(&mut self, term: &T, th: u8) -> Handle {
        let th = if term.deps.thread { th } else { 1 };
        let key = (std::sync::Arc::as_ptr(term), th);
        if let Some((_, h)) = self.memo.get(&key) {
            return *h;
        }
        let w = term.width;
        let h = match &term.node {
            Node::Bool(b) => self.backend_constant(u128::from(*b), 0),
            Node::Const(v) => self.backend_constant(*v, w),
            Node::Leaf(l) => self.leaf(*l, w, th),
            Node::Not(a) => {
                let x = self.boolean(a, th);
                self.mk(Op::Not, &[x])
            }
            Node::And(a, b) | Node::Or(a, b) => {
                let (x, y) = (self.boolean(a, th), self.boolean(b, th));
                self.mk(if matches!(term.node, Node::And(..)) { Op::And } else { Op::Or }, &[x, y])
            }
            Node::Ite(c, a, b) => {
                let c = self.boolean(c, th);
                let (x, y) = (self.term(a, th), self.term(b, th));
                self.mk(Op::Ite, &[c, x, y])
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (self.bv(a, th), self.bv(b, th));
                self.mk(Op::Bv(*op), &[x, y])
            }
            Node::Cmp(op, a, b) => {
                let (x, y) = (self.bv(a, th), self.bv(b, th));
                self.mk(Op::Cmp(*op), &[x, y])
            }
            Node::Ext(signed, a) => {
                let x = self.bv(a, th);
                let by = w - self.widths[&x];
                self.mk(Op::Extend(*signed, by), &[x])
            }
            Node::Trunc(a) => {
                let x = self.bv(a, th);
                self.mk(Op::Extract(w - 1, 0), &[x])
            }
            Node::Uf(name, args) => {
                let values: Vec<Handle> = args.iter().map(|a| self.bv(a, th)).collect();
                let domain: Vec<u32> = values.iter().map(|v| self.widths[v]).collect();
                let h = self.backend.apply(name, &domain, w, &values);
                self.widths.insert(h, w);
                h
            }
        };
        self.memo.insert(key, (term.clone(), h));
        h
    }

    pub(super) fn backend_constant(&mut self, value: u128, width: u32) -> Handle {
        let h = self.backend.constant(value, width);
        self.widths.insert(h, width);
        h
    }

    /// `op` over `args`, with the operands' widths checked first (a backend
    /// may abort the process on an ill-sorted term; a panic here is caught
    /// per kernel): the result's width is recorded.
    pub(super) fn mk(&mut self, op: Op, args: &[Handle]) -> Handle {
        let width = |h: &Handle| self.widths.get(h).copied();
        let ws: Vec<u32> = args.iter().map(|h| width(h).expect("an encoded operand")).collect();
        let result = match op {
            Op::Not | Op::And | Op::Or => {
                assert!(ws.iter().all(|w| *w == 0), "truth-valued operands of {op:?}: {ws:?}");
                0
            }
            Op::Ite => {
                assert!(ws.len() == 3 && ws[0] == 0 && ws[1] == ws[2], "operands of an ite: {ws:?}");
                ws[1]
            }
            Op::Eq => {
                assert!(ws.len() == 2 && ws[0] == ws[1], "operands of an equality: {ws:?}");
                0
            }
            Op::Bv(_) | Op::Cmp(_) => {
                assert!(ws.len() == 2 && ws[0] == ws[1] && ws[0] > 0, "operands of {op:?}: {ws:?}");
                if matches!(op, Op::Bv(_)) {
                    ws[0]
                } else {
                    0
                }
            }
            Op::Extend(_, by) => {
                assert!(ws.len() == 1 && ws[0] > 0, "operand of an extension: {ws:?}");
                ws[0] + by
            }
            Op::Extract(hi, lo) => {
                assert!(ws.len() == 1 && hi < ws[0] && lo <= hi, "operand of an extraction: {ws:?}");
                hi - lo + 1
            }
        };
        if matches!(op, Op::And | Op::Or) && args.len() < 2 {
            // Some backends want two operands at least.
            return match args.first() {
                Some(h) => *h,
                None => self.backend_constant(u128::from(op == Op::And), 0),
            };
        }
        if let Op::Extend(_, 0) = op {
            return args[0];
        }
        let h = self.backend.op(op, args);
        self.widths.insert(h, result);
        h
    }
}

pub(super) fn dim(d: u8) -> char {
    ['x', 'y', 'z'][usize::from(d.min(2))]
}

#[cfg(test)]
mod tests {
    use gpurace_core::term::{self as t, Deps, Leaf, T};

    use super::super::query::{relation_holds, Answer, Link, Query, Relation};
    use super::super::solver::Solver;
    use crate::config::{SolverDebug, SolverKind};

    const KINDS: [SolverKind; 2] = [SolverKind::Bitwuzla, SolverKind::Z3];

    fn solver(kind: SolverKind, block: Option<[u32; 3]>) -> Solver {
        let mut s = Solver::new(kind, 10_000_000, 60_000, &SolverDebug::default());
        s.block = block;
        let no = Deps::default();
        let dim = |l: Leaf| t::leaf(l, 32, no);
        let mut one: Vec<T> = Vec::new();
        for d in 0..3 {
            one.push(t::ule(&t::constant(1, 32), &dim(Leaf::BlockDim(d))));
            one.push(t::ule(&dim(Leaf::BlockDim(d)), &t::constant(64, 32)));
            one.push(t::ule(&t::constant(1, 32), &dim(Leaf::GridDim(d))));
            one.push(t::ule(&dim(Leaf::GridDim(d)), &t::constant(4, 32)));
        }
        let per_thread: Vec<T> = (0..3)
            .flat_map(|d| {
                [
                    t::ult(&dim(Leaf::Tid(d)), &dim(Leaf::BlockDim(d))),
                    t::ult(&dim(Leaf::Bid(d)), &dim(Leaf::GridDim(d))),
                ]
            })
            .collect();
        one.extend(per_thread.iter().cloned());
        s.assert_common(&one, &per_thread);
        s
    }

    /// `x` of both threads, the global thread id along `x` (64 bits).
    fn global_x() -> T {
        let no = Deps::default();
        let wide = |l: Leaf| t::resize(&t::leaf(l, 32, no), 64, false);
        t::add(&t::mul(&wide(Leaf::Bid(0)), &wide(Leaf::BlockDim(0))), &wide(Leaf::Tid(0)))
    }

    /// The relations are encoded once for every backend: each has a model
    /// in each, and the model satisfies it as the witness check reads it.
    #[test]
    fn every_relation_has_a_model_that_satisfies_it() {
        for kind in KINDS {
            for block in [None, Some([64, 1, 1])] {
                for rel in [Relation::InterBlock, Relation::IntraBlock, Relation::IntraWarp, Relation::SameBlock] {
                    let mut s = solver(kind, block);
                    let q = Query { cases: vec![(rel, Vec::new())], ..Query::default() };
                    match s.check(&q) {
                        Answer::Sat(a) => assert!(relation_holds(rel, &a), "{kind:?} {block:?} {rel:?}: {a:?}"),
                        other => panic!("{kind:?} {block:?} {rel:?}: {other:?}"),
                    }
                }
            }
        }
    }

    /// Links between the threads mean the same in every backend: two threads
    /// never share a global id along `x` when they differ only along `x`
    /// (unsatisfiable), and do when `blockDim.x` may be 1 across blocks of
    /// one grid row (satisfiable, `x` of two blocks in one column).
    #[test]
    fn backends_agree_on_links_between_the_threads() {
        for kind in KINDS {
            let same_x = Link::Eq(global_x(), global_x());
            let one_d = |d: u8| {
                let no = Deps::default();
                Link::And(vec![
                    Link::Eq(t::leaf(Leaf::Tid(d), 32, no), t::leaf(Leaf::Tid(d), 32, no)),
                    Link::Eq(t::leaf(Leaf::Bid(d), 32, no), t::leaf(Leaf::Bid(d), 32, no)),
                ])
            };
            let mut s = solver(kind, None);
            let q = Query {
                same: vec![same_x.clone(), one_d(1), one_d(2)],
                cases: vec![(Relation::InterBlock, Vec::new()), (Relation::SameBlock, Vec::new())],
                ..Query::default()
            };
            assert!(matches!(s.check(&q), Answer::Unsat), "{kind:?}: threads with one global x");
            let mut s = solver(kind, None);
            let q = Query { same: vec![same_x], cases: vec![(Relation::InterBlock, Vec::new())], ..Query::default() };
            match s.check(&q) {
                Answer::Sat(a) => assert!(relation_holds(Relation::InterBlock, &a), "{kind:?}: {a:?}"),
                other => panic!("{kind:?}: {other:?}"),
            }
        }
    }
}
