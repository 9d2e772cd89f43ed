//! Linear facts the solver gets instead of nonlinear products: about the
//! leaves that stand for `blockIdx * blockDim`, iteration number times a
//! stride and other abstracted products, and about atomic tickets (two
//! threads that apply one counting atomic to one address get different old
//! values).

use z3::ast::{Ast, Bool, BV};

use gpurace_core::term::{self as t, Leaf, Node, T};

use super::solver::Solver;
use crate::trace::{Abstractions, AtomicUse, Obj, Product, Ticket};

impl<'c> Solver<'c> {
    /// Linear facts about the abstracted products (`P = x * y`, `x` per
    /// thread, `y` a launch size): `x = 0` gives 0, equal `x` give equal `P`,
    /// a larger `x` gives a `P` at least `y` larger; `blockIdx * blockDim`
    /// ends inside the `int` range; `blockDim * gridDim` is at least each
    /// factor and every block ends inside it. They hold for the real products,
    /// so a proof with them is a proof.
    pub fn assert_products(&mut self, abstractions: &Abstractions) {
        let ctx = self.ctx;
        let c64 = |v: u64| BV::from_u64(ctx, v, 64);
        for d in &abstractions.grid_threads {
            let g = self.leaf(Leaf::GridThreads(*d), 64, 1).as_bv().unwrap();
            let b = self.leaf(Leaf::BlockDim(*d), 32, 1).as_bv().unwrap().zero_ext(32);
            let n = self.leaf(Leaf::GridDim(*d), 32, 1).as_bv().unwrap().zero_ext(32);
            self.assert_base(&g.bvuge(&b));
            self.assert_base(&g.bvuge(&n));
            self.assert_base(&g.bvule(&c64(1 << 31)));
        }
        self.products = abstractions.products.clone();
        self.grid_threads = abstractions.grid_threads.clone();
        self.product_asserted = vec![false; self.products.len()];
    }

    /// The facts of the products that `terms` reach and that are not asserted
    /// yet, marking them asserted. A product is reached through its leaf,
    /// and reaches what its factors mention. The facts of a product whose
    /// leaf nothing mentions are left out: the real product satisfies them
    /// whatever the rest of a model is, so leaving them out changes no
    /// answer, and a kernel with a hundred products no longer carries all
    /// their facts into every query.
    pub(super) fn product_facts(&mut self, terms: &[&T]) -> Vec<Bool<'c>> {
        let mut leaves = std::collections::BTreeSet::new();
        let mut seen = std::collections::HashSet::new();
        for term in terms {
            t::leaves(term, &mut leaves, &mut seen);
        }
        let mut facts = Vec::new();
        loop {
            let reached: Vec<usize> = (0..self.products.len())
                .filter(|&i| !self.product_asserted[i])
                .filter(|&i| {
                    let p = &self.products[i];
                    matches!(p.leaf.node, Node::Leaf(l) if leaves.contains(&(l, p.leaf.width)))
                })
                .collect();
            if reached.is_empty() {
                return facts;
            }
            for i in reached {
                self.product_asserted[i] = true;
                let p = self.products[i].clone();
                for term in [&p.x, &p.y].into_iter().chain(p.stride.as_ref().map(|s| &s.start)) {
                    t::leaves(term, &mut leaves, &mut seen);
                }
                if let Some(stride) = &p.stride {
                    t::leaves(&stride.value, &mut leaves, &mut seen);
                    t::leaves(&stride.fits, &mut leaves, &mut seen);
                }
                if p.signed {
                    self.int_product_facts(&p, &mut facts);
                } else {
                    self.launch_product_facts(&p, &mut facts);
                }
            }
        }
    }

    /// Facts about `P = x * y` with `x` per thread and `y` a launch size
    /// (unsigned 64-bit): `x = 0` gives 0, equal `x` give equal `P`, a larger
    /// `x` gives a `P` at least `y` larger; `blockIdx * blockDim` ends inside
    /// the `int` range; every block ends inside `blockDim * gridDim`.
    fn launch_product_facts(&mut self, p: &Product, out: &mut Vec<Bool<'c>>) {
        let ctx = self.ctx;
        let c64 = |v: u64| BV::from_u64(ctx, v, 64);
        let y = self.bv(&p.y, 1);
        let mut vals = Vec::new();
        let mut xs = Vec::new();
        for th in [1u8, 2] {
            let (pv, x) = (self.bv(&p.leaf, th), self.bv(&p.x, th));
            out.push(x._eq(&c64(0)).implies(&pv._eq(&c64(0))));
            out.push(pv.bvuge(&x));
            out.push(x._eq(&c64(0)).not().implies(&pv.bvuge(&y)));
            out.push(pv.bvule(&c64(1 << 62)));
            if p.fits_int {
                out.push(pv.bvadd(&y).bvule(&c64(1 << 31)));
            }
            if self.grid_threads.contains(&p.dim) && p.fits_int {
                let g = self.leaf(Leaf::GridThreads(p.dim), 64, 1).as_bv().unwrap();
                out.push(pv.bvadd(&y).bvule(&g));
            }
            vals.push(pv);
            xs.push(x);
        }
        out.push(xs[0]._eq(&xs[1]).implies(&vals[0]._eq(&vals[1])));
        out.push(xs[0].bvult(&xs[1]).implies(&vals[0].bvadd(&y).bvule(&vals[1])));
        out.push(xs[1].bvult(&xs[0]).implies(&vals[1].bvadd(&y).bvule(&vals[0])));
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
                out.push(s1.bvult(&y));
                out.push(s2.bvult(&y));
            }
            let inside = Bool::and(ctx, &[&v1._eq(&v2), &f1, &f2, &s1.bvult(&y), &s2.bvult(&y)]);
            out.push(inside.implies(&Bool::and(ctx, &[&xs[0]._eq(&xs[1]), &s1._eq(&s2)])));
        }
        // `blockIdx * blockDim + threadIdx` (32 bits, which it fits): equal
        // sums are one block.
        if p.fits_int {
            let d = p.dim;
            let t = |s: &mut Self, th: u8| s.leaf(Leaf::Tid(d), 32, th).as_bv().unwrap();
            let (t1, t2) = (t(self, 1), t(self, 2));
            let sum1 = vals[0].extract(31, 0).bvadd(&t1);
            let sum2 = vals[1].extract(31, 0).bvadd(&t2);
            out.push(sum1._eq(&sum2).implies(&xs[0]._eq(&xs[1])));
        }
    }

    /// Linear facts about an abstracted product `P = x * y` (`x` per thread,
    /// `y` shared, both signed 64-bit values whose exact product fits): zero
    /// factors give 0, equal `x` give equal `P`, `P` moves by at least `|y|`
    /// between different `x`, the signs and magnitudes multiply, and an `int`
    /// product lies in the `int` range (signed overflow is undefined in C).
    /// They hold for the real products.
    fn int_product_facts(&mut self, p: &Product, out: &mut Vec<Bool<'c>>) {
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
            out.push(Bool::or(ctx, &[&x._eq(&zero), &y._eq(&zero)]).implies(&pv._eq(&zero)));
            let bound = if p.int_range { 1 << 31 } else { 1 << 62 };
            out.push(pv.bvsge(&c(-bound)));
            out.push(pv.bvslt(&c(bound)));
            // Signs.
            out.push(Bool::and(ctx, &[&x_pos, &y_pos]).implies(&pv.bvsge(&zero)));
            out.push(Bool::and(ctx, &[&x_pos, &y_pos.not()]).implies(&pv.bvsle(&zero)));
            // |P| >= |x| when y != 0, and >= |y| when x != 0 (non-negative case).
            let x_one = x.bvsge(&c(1));
            let y_one = y.bvsge(&c(1));
            out.push(Bool::and(ctx, &[&x_pos, &y_one]).implies(&pv.bvsge(&x)));
            out.push(Bool::and(ctx, &[&x_one, &y_pos]).implies(&pv.bvsge(&y)));
            // Magnitudes: hundreds of facts, lazy (asserted when a model
            // breaks one): a proof that needs none of them, as most proofs
            // of row-major indices with mixed-radix links do, is found
            // without their cost.
            // 0 <= x <= 2^a and |y| <= 2^b give |P| <= 2^(a+b).
            let limit = if p.int_range { 31 } else { 62 };
            const EXPONENTS: [u32; 12] = [1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 31];
            for a in EXPONENTS {
                let x_small = Bool::and(ctx, &[&x_pos, &x.bvsle(&c(1 << a))]);
                for b in EXPONENTS.into_iter().filter(|b| a + b < limit) {
                    let up = Bool::and(ctx, &[&x_small, &y_pos, &y.bvsle(&c(1 << b))]);
                    self.lazy.push(up.implies(&pv.bvsle(&c(1 << (a + b)))));
                    let down = Bool::and(ctx, &[&x_small, &y_pos.not(), &y.bvsge(&c(-(1 << b)))]);
                    self.lazy.push(down.implies(&pv.bvsge(&c(-(1 << (a + b))))));
                }
            }
            vals.push(pv);
            xs.push(x);
        }
        out.push(xs[0]._eq(&xs[1]).implies(&vals[0]._eq(&vals[1])));
        let (p1, p2) = (&vals[0], &vals[1]);
        let (x1, x2) = (&xs[0], &xs[1]);
        let neg_y = zero.bvsub(&y);
        out.push(Bool::and(ctx, &[&y_pos, &x1.bvslt(x2)]).implies(&p1.bvadd(&y).bvsle(p2)));
        out.push(Bool::and(ctx, &[&y_pos, &x2.bvslt(x1)]).implies(&p2.bvadd(&y).bvsle(p1)));
        out.push(Bool::and(ctx, &[&y_pos.not(), &x1.bvslt(x2)]).implies(&p2.bvadd(&neg_y).bvsle(p1)));
        out.push(Bool::and(ctx, &[&y_pos.not(), &x2.bvslt(x1)]).implies(&p1.bvadd(&neg_y).bvsle(p2)));
    }

    /// Two threads applying counting atomics to one address get different old
    /// values.
    pub fn assert_tickets(&mut self, tickets: &[Ticket], atomics: &[AtomicUse]) {
        for a in tickets {
            for b in tickets {
                let counter = a.obj == b.obj
                    && a.obj != Obj::Dynamic
                    && atomics.iter().filter(|u| u.obj == a.obj).all(|u| u.direction == Some(a.direction));
                if !counter || a.result.width != b.result.width {
                    continue;
                }
                self.setup_terms.extend([a.guard.clone(), a.offset.clone(), a.result.clone()]);
                let (ga, gb) = (self.boolean(&a.guard, 1), self.boolean(&b.guard, 2));
                let (oa, ob) = (self.term(&a.offset, 1), self.term(&b.offset, 2));
                let (ra, rb) = (self.term(&a.result, 1), self.term(&b.result, 2));
                let same = Bool::and(self.ctx, &[&ga, &gb, &oa._eq(&ob)]);
                self.assert_base(&same.implies(&ra._eq(&rb).not()));
            }
        }
    }
}
