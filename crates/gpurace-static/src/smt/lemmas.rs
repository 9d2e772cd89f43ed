//! Linear facts the solver gets instead of nonlinear products: about the
//! leaves that stand for `blockIdx * blockDim`, iteration number times a
//! stride and other abstracted products, and about atomic tickets (two
//! threads that apply one counting atomic to one address get different old
//! values). They are engine terms (one thread's) and links (both threads'),
//! so every backend gets them through the one encoder.

use gpurace_core::term::{self as t, CmpOp, Deps, Leaf, Node, T};

use super::backend::Handle;
use super::query::Link;
use super::solver::Solver;
use crate::trace::{Abstractions, AtomicUse, Obj, Product, Ticket};

fn c64(v: u64) -> T {
    t::constant(u128::from(v), 64)
}

fn ci64(v: i64) -> T {
    t::constant_i(i128::from(v), 64)
}

fn not(l: Link) -> Link {
    Link::Not(Box::new(l))
}

/// `a -> b` over links.
fn implies(a: Link, b: Link) -> Link {
    Link::Or(vec![not(a), b])
}

fn shared(l: Leaf, width: u32) -> T {
    t::leaf(l, width, Deps::default())
}

impl Solver {
    /// Linear facts about the abstracted products (`P = x * y`, `x` per
    /// thread, `y` a launch size): `x = 0` gives 0, equal `x` give equal `P`,
    /// a larger `x` gives a `P` at least `y` larger; `blockIdx * blockDim`
    /// ends inside the `int` range; `blockDim * gridDim` is at least each
    /// factor and every block ends inside it. They hold for the real products,
    /// so a proof with them is a proof.
    pub fn assert_products(&mut self, abstractions: &Abstractions) {
        for d in &abstractions.grid_threads {
            let g = shared(Leaf::GridThreads(*d), 64);
            let b = t::resize(&shared(Leaf::BlockDim(*d), 32), 64, false);
            let n = t::resize(&shared(Leaf::GridDim(*d), 32), 64, false);
            for fact in [t::ule(&b, &g), t::ule(&n, &g), t::ule(&g, &c64(1 << 31))] {
                let h = self.boolean(&fact, 1);
                self.assert_base(h);
            }
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
    pub(super) fn product_facts(&mut self, terms: &[&T]) -> Vec<Handle> {
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

    /// One thread's fact, for each thread.
    fn both(&mut self, fact: &T, out: &mut Vec<Handle>) {
        for th in [1, 2] {
            out.push(self.boolean(fact, th));
        }
    }

    /// Facts about `P = x * y` with `x` per thread and `y` a launch size
    /// (unsigned 64-bit): `x = 0` gives 0, equal `x` give equal `P`, a larger
    /// `x` gives a `P` at least `y` larger; `blockIdx * blockDim` ends inside
    /// the `int` range; every block ends inside `blockDim * gridDim`.
    fn launch_product_facts(&mut self, p: &Product, out: &mut Vec<Handle>) {
        let (pv, x, y) = (&p.leaf, &p.x, &p.y);
        let zero = c64(0);
        let x_zero = t::eq(x, &zero);
        let mut one = vec![
            t::implies(&x_zero, &t::eq(pv, &zero)),
            t::ule(x, pv),
            t::implies(&t::not(&x_zero), &t::ule(y, pv)),
            t::ule(pv, &c64(1 << 62)),
        ];
        if p.fits_int {
            one.push(t::ule(&t::add(pv, y), &c64(1 << 31)));
        }
        if self.grid_threads.contains(&p.dim) && p.fits_int {
            one.push(t::ule(&t::add(pv, y), &shared(Leaf::GridThreads(p.dim), 64)));
        }
        for f in &one {
            self.both(f, out);
        }
        let sum = t::add(pv, y);
        let mut links = vec![
            implies(Link::Eq(x.clone(), x.clone()), Link::Eq(pv.clone(), pv.clone())),
            // x1 < x2 -> p1 + y <= p2.
            implies(Link::Cmp(CmpOp::Ult, x.clone(), x.clone()), Link::Cmp(CmpOp::Ule, sum.clone(), pv.clone())),
            // x2 < x1 -> p2 + y <= p1, that is: not x1 <= x2 -> not p1 < p2 + y.
            implies(
                not(Link::Cmp(CmpOp::Ule, x.clone(), x.clone())),
                not(Link::Cmp(CmpOp::Ult, pv.clone(), sum.clone())),
            ),
        ];
        // A stride loop `v = start + k * y` with both starts in `[0, y)`:
        // equal values need equal iterations (a consequence of the facts
        // above, stated for the solver, which does not find it alone).
        if let Some(stride) = &p.stride {
            let below = t::ult(&stride.start, y);
            // A start that is below the step by its form is said so
            // outright: the solver does not derive it from the products.
            if stride.below {
                self.both(&below, out);
            }
            let inside = Link::And(vec![
                Link::Eq(stride.value.clone(), stride.value.clone()),
                Link::One(stride.fits.clone()),
                Link::Two(stride.fits.clone()),
                Link::One(below.clone()),
                Link::Two(below),
            ]);
            let same =
                Link::And(vec![Link::Eq(x.clone(), x.clone()), Link::Eq(stride.start.clone(), stride.start.clone())]);
            links.push(implies(inside, same));
        }
        // `blockIdx * blockDim + threadIdx` (32 bits, which it fits): equal
        // sums are one block.
        if p.fits_int {
            let tid = t::leaf(Leaf::Tid(p.dim), 32, Deps::default());
            let sum = t::add(&t::resize(pv, 32, false), &tid);
            links.push(implies(Link::Eq(sum.clone(), sum), Link::Eq(x.clone(), x.clone())));
        }
        for l in &links {
            out.push(self.link(l));
        }
    }

    /// Linear facts about an abstracted product `P = x * y` (`x` per thread,
    /// `y` shared, both signed 64-bit values whose exact product fits): zero
    /// factors give 0, equal `x` give equal `P`, `P` moves by at least `|y|`
    /// between different `x`, the signs and magnitudes multiply, and an `int`
    /// product lies in the `int` range (signed overflow is undefined in C).
    /// They hold for the real products.
    fn int_product_facts(&mut self, p: &Product, out: &mut Vec<Handle>) {
        let (pv, x, y) = (&p.leaf, &p.x, &p.y);
        let sle = |a: &T, b: &T| t::cmp(CmpOp::Sle, a, b);
        let slt = |a: &T, b: &T| t::cmp(CmpOp::Slt, a, b);
        let zero = ci64(0);
        let y_pos = sle(&zero, y);
        let x_pos = sle(&zero, x);
        let bound = 1 << p.range.min(62);
        let x_one = sle(&ci64(1), x);
        let y_one = sle(&ci64(1), y);
        let one = [
            t::implies(&t::or(&t::eq(x, &zero), &t::eq(y, &zero)), &t::eq(pv, &zero)),
            sle(&ci64(-bound), pv),
            slt(pv, &ci64(bound)),
            // Signs.
            t::implies(&t::and(&x_pos, &y_pos), &sle(&zero, pv)),
            t::implies(&t::and(&x_pos, &t::not(&y_pos)), &sle(pv, &zero)),
            // |P| >= |x| when y != 0, and >= |y| when x != 0 (non-negative case).
            t::implies(&t::and(&x_pos, &y_one), &sle(x, pv)),
            t::implies(&t::and(&x_one, &y_pos), &sle(y, pv)),
        ];
        for f in &one {
            self.both(f, out);
        }
        // Unsigned factors: each is below 2^63 where the other is not 0
        // (an index past 2^62 is an overflow, and 0 times anything is 0).
        if p.unsigned {
            let nonzero = |v: &T| t::not(&t::eq(v, &zero));
            for f in [t::implies(&nonzero(y), &x_pos), t::implies(&nonzero(x), &y_pos)] {
                self.both(&f, out);
            }
        }
        // `P = (a / y) * y` (a block's start `i / len * len`): the remainder
        // `a - P` lies within `|y|` of 0 on `a`'s side (C's division
        // truncates towards zero).
        if let Some(a) = quotient_dividend(x, y) {
            let size = t::ite(&y_pos, y, &t::bin(t::BvOp::Sub, &zero, y));
            let a_pos = sle(&zero, &a);
            let nonzero = t::not(&t::eq(y, &zero));
            let remainder = [
                t::implies(&t::and(&nonzero, &a_pos), &t::and(&sle(pv, &a), &slt(&a, &t::add(pv, &size)))),
                t::implies(
                    &t::and(&nonzero, &t::not(&a_pos)),
                    &t::and(&slt(&t::bin(t::BvOp::Sub, pv, &size), &a), &sle(&a, pv)),
                ),
            ];
            for f in &remainder {
                self.both(f, out);
            }
        }
        // Magnitudes: hundreds of facts, lazy (asserted when a model breaks
        // one): a proof that needs none of them, as most proofs of row-major
        // indices with mixed-radix links do, is found without their cost.
        // 0 <= x <= 2^a and |y| <= 2^b give |P| <= 2^(a+b).
        let limit = p.range.min(62);
        const EXPONENTS: [u32; 12] = [1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 31];
        for a in EXPONENTS {
            let x_small = t::and(&x_pos, &sle(x, &ci64(1 << a)));
            for b in EXPONENTS.into_iter().filter(|b| a + b < limit) {
                let up = t::and(&t::and(&x_small, &y_pos), &sle(y, &ci64(1 << b)));
                let down = t::and(&t::and(&x_small, &t::not(&y_pos)), &sle(&ci64(-(1 << b)), y));
                for fact in [
                    t::implies(&up, &sle(pv, &ci64(1 << (a + b)))),
                    t::implies(&down, &sle(&ci64(-(1 << (a + b))), pv)),
                ] {
                    for th in [1, 2] {
                        let h = self.boolean(&fact, th);
                        self.lazy.push(h);
                    }
                }
            }
        }
        let shared_y = |l: Link| implies(Link::One(y_pos.clone()), l);
        let negative_y = |l: Link| implies(Link::One(t::not(&y_pos)), l);
        let sum = t::add(pv, y);
        let less = t::bin(t::BvOp::Sub, pv, y);
        let links = [
            implies(Link::Eq(x.clone(), x.clone()), Link::Eq(pv.clone(), pv.clone())),
            // y >= 0: x1 < x2 -> p1 + y <= p2; x2 < x1 -> p2 + y <= p1.
            shared_y(implies(
                Link::Cmp(CmpOp::Slt, x.clone(), x.clone()),
                Link::Cmp(CmpOp::Sle, sum.clone(), pv.clone()),
            )),
            shared_y(implies(
                not(Link::Cmp(CmpOp::Sle, x.clone(), x.clone())),
                not(Link::Cmp(CmpOp::Slt, pv.clone(), sum.clone())),
            )),
            // y < 0: x1 < x2 -> p2 - y <= p1; x2 < x1 -> p1 - y <= p2.
            negative_y(implies(
                Link::Cmp(CmpOp::Slt, x.clone(), x.clone()),
                not(Link::Cmp(CmpOp::Slt, pv.clone(), less.clone())),
            )),
            negative_y(implies(
                not(Link::Cmp(CmpOp::Sle, x.clone(), x.clone())),
                Link::Cmp(CmpOp::Sle, less, pv.clone()),
            )),
        ];
        for l in &links {
            out.push(self.link(l));
        }
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
                self.setup_terms.extend([a.guard.clone(), a.offset.clone(), a.result.clone(), a.when.clone()]);
                let same = Link::And(vec![
                    Link::One(a.guard.clone()),
                    Link::Two(b.guard.clone()),
                    Link::Eq(a.offset.clone(), b.offset.clone()),
                    Link::One(a.when.clone()),
                    Link::Two(b.when.clone()),
                ]);
                let fact = implies(same, not(Link::Eq(a.result.clone(), b.result.clone())));
                let h = self.link(&fact);
                self.assert_base(h);
            }
        }
    }
}

/// The dividend `a` (sign-extended to `x`'s width) when `x` is the signed
/// quotient `a / d` of a divisor `d` that `y` is (both extended alike).
fn quotient_dividend(x: &T, y: &T) -> Option<T> {
    let strip = |v: &T| match &v.node {
        Node::Ext(true, inner) => inner.clone(),
        _ => v.clone(),
    };
    let Node::Bin(t::BvOp::SDiv, a, d) = &strip(x).node else {
        return None;
    };
    (strip(y) == *d || *y == *d).then(|| t::resize(a, x.width, true))
}
