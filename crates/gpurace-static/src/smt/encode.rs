//! Terms to z3: each term is instantiated for thread 1 or thread 2 (a
//! per-thread leaf becomes one solver constant per thread, a shared leaf one
//! for both), thread relations become constraints on linear thread ids, and
//! a model is read back as an assignment.

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{Context, FuncDecl, Model, Sort};

use gpurace_core::term::{self as t, BvOp, CmpOp, Leaf, Node, Term, T};

use super::query::{Assignment, Link, Query, Relation};
use super::solver::Solver;
use crate::trace::Group;

impl<'c> Solver<'c> {
    /// The assertions of `q` for thread 1 and thread 2.
    pub(super) fn encode(&mut self, q: &Query) -> Vec<Bool<'c>> {
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
        if !q.cases.is_empty() {
            // Every relation is between two threads: some index differs.
            // Implied by each case, stated plainly so that the solver need
            // not go through linear thread ids (products when `blockDim` is
            // symbolic) once links have made the indices equal.
            out.push(self.distinct_threads());
        }
        out
    }

    fn distinct_threads(&mut self) -> Bool<'c> {
        let mut differ = Vec::new();
        for d in 0..3 {
            for leaf in [Leaf::Tid(d), Leaf::Bid(d)] {
                let (a, b) = (self.leaf(leaf, 32, 1), self.leaf(leaf, 32, 2));
                differ.push(a._eq(&b).not());
            }
        }
        Bool::or(self.ctx, &differ.iter().collect::<Vec<_>>())
    }

    pub(super) fn link(&mut self, l: &Link) -> Bool<'c> {
        match l {
            Link::Eq(a, b) => {
                let (x, y) = (self.term(a, 1), self.term(b, 2));
                x._eq(&y)
            }
            Link::One(a) => self.boolean(a, 1),
            Link::Two(a) => self.boolean(a, 2),
            Link::Cmp(op, a, b) => {
                let (x, y) = (self.bv(a, 1), self.bv(b, 2));
                self.compare(*op, &x, &y)
            }
            Link::Not(l) => self.link(l).not(),
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

    /// Linear thread ids of both threads (64 bits) and whether they are in
    /// one block.
    pub(super) fn thread_ids(&mut self) -> (BV<'c>, BV<'c>, Bool<'c>) {
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

    pub(super) fn group(&mut self, g: Group) -> Bool<'c> {
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

    pub(super) fn relation(&mut self, rel: Relation) -> Bool<'c> {
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

    pub(super) fn assignment(&mut self, model: &Model<'c>, q: &Query) -> Assignment {
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

    pub(super) fn leaf(&mut self, leaf: Leaf, width: u32, th: u8) -> Dynamic<'c> {
        if let (Leaf::BlockDim(d), Some(block), 1..=64) = (leaf, self.block, width) {
            return Dynamic::from_ast(&BV::from_u64(self.ctx, u64::from(block[usize::from(d)]), width));
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
        if width == 0 {
            Dynamic::from_ast(&Bool::new_const(self.ctx, name))
        } else {
            Dynamic::from_ast(&BV::new_const(self.ctx, name, width))
        }
    }

    /// `x op y` on bit-vectors (of one thread, or of thread 1 against 2).
    fn compare(&self, op: CmpOp, x: &BV<'c>, y: &BV<'c>) -> Bool<'c> {
        match op {
            CmpOp::Eq => x._eq(y),
            CmpOp::Ult => x.bvult(y),
            CmpOp::Ule => x.bvule(y),
            CmpOp::Slt => x.bvslt(y),
            CmpOp::Sle => x.bvsle(y),
            CmpOp::SMulFits => Bool::and(self.ctx, &[&x.bvmul_no_overflow(y, true), &x.bvmul_no_underflow(y)]),
        }
    }

    pub(super) fn boolean(&mut self, f: &T, th: u8) -> Bool<'c> {
        let d = self.term(&t::to_bool(f), th);
        d.as_bool().expect("a boolean term")
    }

    pub(super) fn bv(&mut self, f: &T, th: u8) -> BV<'c> {
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
                Dynamic::from_ast(&self.compare(*op, &x, &y))
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
                let f = self.functions.entry((name.clone(), widths.clone(), w)).or_insert_with(|| {
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

pub(super) fn dim(d: u8) -> char {
    ['x', 'y', 'z'][usize::from(d.min(2))]
}

pub(super) fn constant<'c>(ctx: &'c Context, v: u128, w: u32) -> BV<'c> {
    if w <= 64 {
        BV::from_u64(ctx, v as u64, w)
    } else {
        let hi = BV::from_u64(ctx, (v >> 64) as u64, w - 64);
        hi.concat(&BV::from_u64(ctx, v as u64, 64))
    }
}

pub(super) fn value_of(d: &Dynamic<'_>) -> Option<u128> {
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

pub(super) fn collect_ufs(term: &T, out: &mut Vec<T>, seen: &mut HashSet<*const Term>) {
    // Functions occur anywhere: float operations over inputs and external
    // functions under exact terms too.
    t::visit(term, seen, &mut |n| {
        if matches!(n.node, Node::Uf(..)) {
            out.push(n.clone());
        }
        true
    });
}
