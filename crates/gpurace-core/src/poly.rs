//! Index arithmetic in a normal form: a term built from `+`, `-`, `*`,
//! shifts left by a constant, remainders and low-bit masks, read as a
//! polynomial over the integers modulo `2^w` whose atoms are every other
//! term (leaves, quotients, extensions, ...).
//!
//! Remainders are rewritten by C's identity `x % n = x - (x / n) * n`
//! (SMT-LIB's too, `n = 0` included) and masks by the identity
//! `x & (2^k - 1) = x - (x >> k) * 2^k`, so that an index split into digits
//! and put back together cancels: with `c = idx / S % C` and `s = idx % S`,
//! the index `(idx / S / C * C + c) * S + s` is `idx`. Every step is an
//! identity of bit-vectors, wrap-around included, so the normal form is the
//! same value and no collision is lost.
//!
//! The caller says which leaves stand for products ([`Normal::new`]'s
//! `expand`), and how to build a product back ([`Poly::term`]): the static
//! engine abstracts products of a per-thread and a shared value as leaves,
//! which would otherwise hide the cancellation.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::arith::BvOp;
use crate::term::{self as t, Node, T};

/// Beyond this many monomials or this degree, a term is not normalised.
const MAX_MONOMIALS: usize = 48;
const MAX_DEGREE: usize = 4;

/// A monomial: the atoms it multiplies, by index, sorted.
type Monomial = Vec<usize>;

/// A polynomial over the integers modulo `2^width`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Poly {
    width: u32,
    terms: BTreeMap<Monomial, u128>,
}

fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

impl Poly {
    fn constant(c: u128, width: u32) -> Poly {
        let mut terms = BTreeMap::new();
        if c & mask(width) != 0 {
            terms.insert(Vec::new(), c & mask(width));
        }
        Poly { width, terms }
    }

    fn atom(id: usize, width: u32) -> Poly {
        Poly { width, terms: BTreeMap::from([(vec![id], 1)]) }
    }

    fn add_scaled(mut self, other: &Poly, factor: u128) -> Option<Poly> {
        let m = mask(self.width);
        for (mono, c) in &other.terms {
            let entry = self.terms.entry(mono.clone()).or_insert(0);
            *entry = entry.wrapping_add(c.wrapping_mul(factor)) & m;
            if *entry == 0 {
                self.terms.remove(mono);
            }
        }
        (self.terms.len() <= MAX_MONOMIALS).then_some(self)
    }

    fn mul(&self, other: &Poly) -> Option<Poly> {
        let m = mask(self.width);
        let mut out = Poly { width: self.width, terms: BTreeMap::new() };
        for (ma, ca) in &self.terms {
            for (mb, cb) in &other.terms {
                let mut mono: Monomial = ma.iter().chain(mb).copied().collect();
                if mono.len() > MAX_DEGREE {
                    return None;
                }
                mono.sort_unstable();
                let single = Poly { width: self.width, terms: BTreeMap::from([(mono, ca.wrapping_mul(*cb) & m)]) };
                out = out.add_scaled(&single, 1)?;
            }
        }
        Some(out)
    }

    /// The monomials of degree two or more, each counted once per product
    /// it takes to build (`a * b * c` is two).
    fn products(&self) -> usize {
        self.terms.keys().map(|m| m.len().saturating_sub(1)).sum()
    }

    /// The polynomial as a term over `atoms`, each product of two
    /// non-constant factors built by `mul` (which may abstract it, or
    /// refuse it: then `None`).
    pub fn term(&self, atoms: &[T], mul: &mut dyn FnMut(&T, &T) -> Option<T>) -> Option<T> {
        let w = self.width;
        let mut sum: Option<T> = None;
        let mut constant = 0;
        for (mono, c) in &self.terms {
            if mono.is_empty() {
                constant = *c;
                continue;
            }
            // Per-thread factors first, as a program writes `row * width`.
            let mut factors: Vec<&T> = mono.iter().map(|i| &atoms[*i]).collect();
            factors.sort_by_key(|f| !f.deps.thread);
            let mut value = factors[0].clone();
            for f in &factors[1..] {
                value = mul(&value, f)?;
            }
            let negative = *c > mask(w) >> 1;
            let magnitude = if negative { c.wrapping_neg() & mask(w) } else { *c };
            let scaled = t::mul(&value, &t::constant(magnitude, w));
            sum = Some(match (sum, negative) {
                (None, false) => scaled,
                (None, true) => t::bin(BvOp::Sub, &t::constant(0, w), &scaled),
                (Some(s), false) => t::add(&s, &scaled),
                (Some(s), true) => t::bin(BvOp::Sub, &s, &scaled),
            });
        }
        let c = t::constant(constant, w);
        Some(match sum {
            Some(s) => t::add(&s, &c),
            None => c,
        })
    }
}

/// Whether `term` has at most `limit` distinct nodes.
pub fn within(term: &T, limit: usize) -> bool {
    let mut count = 0;
    t::visit(term, &mut HashSet::new(), &mut |_| {
        count += 1;
        count <= limit
    });
    count <= limit
}

/// A normaliser: the atoms met so far, and which leaves are products.
pub struct Normal<'a> {
    pub atoms: Vec<T>,
    ids: HashMap<T, usize>,
    expand: &'a dyn Fn(&T) -> Option<(T, T)>,
    /// Polynomials of the sub-terms met, by term and width: a term is a
    /// DAG, and reading it as a tree could take exponential time.
    memo: HashMap<(T, u32), Option<Poly>>,
}

impl<'a> Normal<'a> {
    /// `expand` gives the factors of a leaf that stands for their product
    /// (exact in the leaf's width).
    pub fn new(expand: &'a dyn Fn(&T) -> Option<(T, T)>) -> Normal<'a> {
        Normal { atoms: Vec::new(), ids: HashMap::new(), expand, memo: HashMap::new() }
    }

    fn atom(&mut self, term: &T, w: u32) -> Poly {
        let term = t::resize(&quotient_in_order(term), w, false);
        let next = self.atoms.len();
        let id = *self.ids.entry(term.clone()).or_insert(next);
        if id == next {
            self.atoms.push(term);
        }
        Poly::atom(id, w)
    }

    /// The low `w` bits of `term` (at least `w` bits wide) as a polynomial;
    /// `None` when it grows past the limits.
    pub fn poly(&mut self, term: &T, w: u32) -> Option<Poly> {
        let key = (term.clone(), w);
        if let Some(known) = self.memo.get(&key) {
            return known.clone();
        }
        let poly = self.read(term, w);
        self.memo.insert(key, poly.clone());
        poly
    }

    fn read(&mut self, term: &T, w: u32) -> Option<Poly> {
        if term.width < w || term.width == 0 {
            return None;
        }
        if let Some(c) = term.as_const() {
            return Some(Poly::constant(c, w));
        }
        let shift = |c: &T| c.as_const().filter(|c| *c < u128::from(term.width));
        match &term.node {
            Node::Bin(BvOp::Add, a, b) => self.poly(a, w)?.add_scaled(&self.poly(b, w)?, 1),
            Node::Bin(BvOp::Sub, a, b) => self.poly(a, w)?.add_scaled(&self.poly(b, w)?, mask(w)),
            Node::Bin(BvOp::Mul, a, b) => self.poly(a, w)?.mul(&self.poly(b, w)?),
            Node::Bin(BvOp::Shl, a, c) if shift(c).is_some() => {
                let factor = Poly::constant(1u128 << shift(c)?, w);
                self.poly(a, w)?.mul(&factor)
            }
            Node::Bin(op @ (BvOp::URem | BvOp::SRem), a, n) => {
                let div = if *op == BvOp::URem { BvOp::UDiv } else { BvOp::SDiv };
                let quotient = self.atom(&t::bin(div, a, n), w);
                let whole = quotient.mul(&self.poly(n, w)?)?;
                self.poly(a, w)?.add_scaled(&whole, mask(w))
            }
            Node::Bin(BvOp::And, a, m) if m.as_const().is_some_and(|m| (m + 1).is_power_of_two() && m != 0) => {
                let k = (m.as_const()? + 1).trailing_zeros();
                if k >= term.width {
                    return self.poly(a, w);
                }
                let high = self.atom(&t::bin(BvOp::LShr, a, &t::constant(u128::from(k), term.width)), w);
                let whole = high.mul(&Poly::constant(1u128 << k, w))?;
                self.poly(a, w)?.add_scaled(&whole, mask(w))
            }
            Node::Ext(_, a) | Node::Trunc(a) if a.width >= w => self.poly(a, w),
            Node::Leaf(_) => match (self.expand)(term) {
                Some((x, y)) if x.width >= w && y.width >= w => self.poly(&x, w)?.mul(&self.poly(&y, w)?),
                _ => Some(self.atom(term, w)),
            },
            _ => Some(self.atom(term, w)),
        }
    }

    /// The nonlinear operations (products of two non-constant values,
    /// product leaves, quotients and remainders by non-constant values)
    /// `terms` take, each counted once.
    pub fn nonlinear(&self, terms: &[&T]) -> usize {
        let mut seen = HashSet::new();
        let mut count = 0;
        let mut stack: Vec<T> = terms.iter().map(|t| (*t).clone()).collect();
        while let Some(term) = stack.pop() {
            let mut products = Vec::new();
            t::visit(&term, &mut seen, &mut |n| {
                match &n.node {
                    Node::Bin(BvOp::Mul | BvOp::UDiv | BvOp::SDiv | BvOp::URem | BvOp::SRem, a, b)
                        if a.as_const().is_none() && b.as_const().is_none() =>
                    {
                        count += 1
                    }
                    Node::Leaf(_) => {
                        if let Some((x, y)) = (self.expand)(n) {
                            count += 1;
                            products.push(x);
                            products.push(y);
                        }
                    }
                    _ => {}
                }
                true
            });
            stack.extend(products);
        }
        count
    }

    /// `term` (of width `w`) in normal form when that takes fewer nonlinear
    /// operations than `term` itself: the polynomial and its cost.
    pub fn simpler(&mut self, term: &T) -> Option<Poly> {
        let before = self.nonlinear(&[term]);
        if before == 0 {
            return None;
        }
        let poly = self.poly(term, term.width)?;
        let used: BTreeSet<usize> = poly.terms.keys().flatten().copied().collect();
        let atoms: Vec<&T> = used.iter().map(|i| &self.atoms[*i]).collect();
        let after = poly.products() + self.nonlinear(&atoms);
        (after < before).then_some(poly)
    }
}

/// `a / x / y` with its divisors in one order (by hash), so that digits a
/// program splits off in two orders (`idx / S / N` beside `idx / N % S`)
/// are the same atom. C's quotients compose in any order, `trunc(trunc(a /
/// x) / y) = trunc(a / (x * y))`, wherever the program's behaviour is
/// defined: SMT-LIB's quotients by zero (and the signed overflow of
/// `MIN / -1`) differ, and C leaves both undefined (PTX: an unspecified
/// value).
fn quotient_in_order(term: &T) -> T {
    let Node::Bin(op @ (BvOp::UDiv | BvOp::SDiv), _, _) = &term.node else { return term.clone() };
    let mut divisors = Vec::new();
    let mut base = term;
    while let Node::Bin(inner, a, d) = &base.node {
        if inner != op || a.width != term.width {
            break;
        }
        divisors.push(d);
        base = a;
    }
    if divisors.len() < 2 {
        return term.clone();
    }
    // innermost first, then sorted: a stable order for equal hashes
    divisors.reverse();
    divisors.sort_by_key(|d| d.hash);
    divisors.iter().fold(base.clone(), |q, d| t::bin(*op, &q, d))
}

#[cfg(test)]
mod tests {
    use super::{Normal, Poly};
    use crate::arith::BvOp;
    use crate::term::{self as t, Deps, Leaf, T};

    fn var(i: u32, thread: bool) -> T {
        t::leaf(Leaf::Fresh(i), 32, Deps { thread, ..Deps::default() })
    }

    fn no_products(_: &T) -> Option<(T, T)> {
        None
    }

    fn rebuild(p: &Poly, atoms: &[T]) -> T {
        p.term(atoms, &mut |a, b| Some(t::mul(a, b))).expect("every product")
    }

    #[test]
    fn digits_put_back_together_are_the_index() {
        let (idx, c, s) = (var(0, true), var(1, false), var(2, false));
        let q1 = t::bin(BvOp::SDiv, &idx, &s);
        let n = t::bin(BvOp::SDiv, &q1, &c);
        let ch = t::bin(BvOp::SRem, &q1, &c);
        let sp = t::bin(BvOp::SRem, &idx, &s);
        // (n * C + c) * S + s with both products abstracted as leaves, as
        // the engine does (raw, `term::bin` recombines them itself)
        let nc = var(10, true);
        let row = t::add(&nc, &ch);
        let rs = var(11, true);
        let index = t::add(&rs, &sp);
        let products = [(nc.clone(), (n.clone(), c.clone())), (rs.clone(), (row.clone(), s.clone()))];
        let expand = |l: &T| products.iter().find(|(p, _)| p == l).map(|(_, f)| f.clone());
        let mut normal = Normal::new(&expand);
        let poly = normal.simpler(&index).expect("cancels");
        assert_eq!(rebuild(&poly, &normal.atoms), idx);
    }

    #[test]
    fn digits_split_off_in_either_order_are_the_index() {
        let (idx, s, n) = (var(0, true), var(1, false), var(2, false));
        // i = idx / S / N, j = idx / N % S, k = idx % N; i * (S * N) + j * N + k
        let i = t::bin(BvOp::SDiv, &t::bin(BvOp::SDiv, &idx, &s), &n);
        let j = t::bin(BvOp::SRem, &t::bin(BvOp::SDiv, &idx, &n), &s);
        let k = t::bin(BvOp::SRem, &idx, &n);
        let index = t::add(&t::add(&t::mul(&i, &t::mul(&s, &n)), &t::mul(&j, &n)), &k);
        let expand = no_products;
        let mut normal = Normal::new(&expand);
        let poly = normal.simpler(&index).expect("cancels");
        assert_eq!(rebuild(&poly, &normal.atoms), idx);
        // unsigned and signed quotients are not mixed
        let u = t::bin(BvOp::UDiv, &t::bin(BvOp::SDiv, &idx, &s), &n);
        assert_eq!(super::quotient_in_order(&u), u);
    }

    #[test]
    fn a_permutation_of_the_digits_stays() {
        let (idx, c, s) = (var(0, true), var(1, false), var(2, false));
        let q1 = t::bin(BvOp::SDiv, &idx, &s);
        let n = t::bin(BvOp::SDiv, &q1, &c);
        let ch = t::bin(BvOp::SRem, &q1, &c);
        let sp = t::bin(BvOp::SRem, &idx, &s);
        // (n * S + s) * C + c: a transpose, no cancellation
        let index = t::add(&t::mul(&t::add(&t::mul(&n, &s), &sp), &c), &ch);
        let expand = no_products;
        assert!(Normal::new(&expand).simpler(&index).is_none());
    }

    #[test]
    fn product_leaves_are_expanded_and_masks_are_remainders() {
        let (tid, w) = (var(0, true), var(1, false));
        // leaf 9 stands for (tid >> 5) * w
        let high = t::bin(BvOp::LShr, &tid, &t::constant(5, 32));
        let p = t::leaf(Leaf::Fresh(9), 32, Deps { thread: true, ..Deps::default() });
        let (pp, hh, ww) = (p.clone(), high.clone(), w.clone());
        let expand = move |l: &T| (*l == pp).then(|| (hh.clone(), ww.clone()));
        // (tid & 31) + leaf * 32 / w ... here: (tid & 31) + (tid >> 5) * 32
        let index = t::add(&t::bin(BvOp::And, &tid, &t::constant(31, 32)), &t::mul(&high, &t::constant(32, 32)));
        let mut normal = Normal::new(&expand);
        assert_eq!(normal.poly(&index, 32).map(|p| rebuild(&p, &normal.atoms)), Some(tid.clone()));
        // p - (tid >> 5) * w is zero
        let zero = t::bin(BvOp::Sub, &p, &t::mul(&high, &w));
        let mut normal = Normal::new(&expand);
        assert_eq!(normal.simpler(&zero).map(|p| rebuild(&p, &normal.atoms)), Some(t::constant(0, 32)));
    }

    #[test]
    fn a_shared_dag_is_read_in_linear_time() {
        // x1 = x0 + x0, x2 = x1 + x1, ...: 2^60 leaves as a tree
        let mut x = var(0, true);
        for _ in 0..60 {
            x = t::add(&x, &x);
        }
        let expand = no_products;
        let mut normal = Normal::new(&expand);
        // 2^60 * x0 is 0 modulo 2^32
        assert_eq!(normal.poly(&x, 32), Some(Poly::constant(0, 32)));
    }

    #[test]
    fn arithmetic_wraps_at_the_width() {
        let x = var(0, true);
        let expand = no_products;
        let mut normal = Normal::new(&expand);
        // x * 2^31 * 2 is 0 in 32 bits
        let big = t::mul(&t::mul(&x, &t::constant(1 << 31, 32)), &t::constant(2, 32));
        assert_eq!(normal.poly(&big, 32), Some(Poly::constant(0, 32)));
    }
}
