//! Linear facts the solver gets instead of nonlinear products: about the
//! leaves that stand for `blockIdx * blockDim`, iteration number times a
//! stride and other abstracted products, and about atomic tickets (two
//! threads that apply one counting atomic to one address get different old
//! values).

use z3::ast::{Ast, Bool, BV};

use gpurace_core::term::Leaf;

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
    pub(super) fn assert_int_product(&mut self, p: &Product) {
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
    pub fn assert_tickets(&mut self, tickets: &[Ticket], atomics: &[AtomicUse]) {
        for a in tickets {
            for b in tickets {
                let counter = a.obj == b.obj
                    && a.obj != Obj::Dynamic
                    && atomics.iter().filter(|u| u.obj == a.obj).all(|u| u.direction == Some(a.direction));
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
}
