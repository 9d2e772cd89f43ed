//! The engine's symbolic values: bit-vector terms over the values of one
//! thread, shared by both threads of a query.
//!
//! A [`Term`] is built once per kernel by the symbolic executor and then
//! instantiated for thread 1 and thread 2 of a query: per-thread leaves
//! (`threadIdx`, `blockIdx`, loop counters, values read from memory) get one
//! solver constant per thread, shared leaves (parameters, `blockDim`,
//! `gridDim`) one for both. Terms are immutable and shared (`Arc`), so the
//! queries can be answered on worker threads, and carry a structural hash, so
//! that equal queries are answered once per file.
//!
//! Every value is a bit-vector of its C width (1 to 128 bits) or a boolean:
//! arithmetic wraps exactly like C's `unsigned` and like two's-complement
//! `int` on the GPU, and division and remainder truncate toward zero.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::arith::{fold, fold_cmp, mask, signed};
pub use crate::arith::{BvOp, CmpOp};

/// A shared term.
pub type T = Arc<Term>;

/// A term and what it depends on.
#[derive(Debug)]
pub struct Term {
    pub node: Node,
    /// 0 for booleans, else the bit width.
    pub width: u32,
    /// Structural hash: equal terms have equal hashes.
    pub hash: u64,
    /// What kinds of leaves occur in the term.
    pub deps: Deps,
}

/// Which kinds of values a term depends on; decides a race's certainty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deps {
    /// Values read from memory (or produced by atomics and warp collectives).
    pub data: bool,
    /// Values the engine or the lowering over-approximated.
    pub approx: bool,
    /// Any per-thread leaf.
    pub thread: bool,
}

impl Deps {
    fn union(self, other: Deps) -> Deps {
        Deps { data: self.data | other.data, approx: self.approx | other.approx, thread: self.thread | other.thread }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Leaf {
    /// `threadIdx` / `blockIdx` of the thread (per thread).
    Tid(u8),
    Bid(u8),
    /// `blockDim` / `gridDim` (shared).
    BlockDim(u8),
    GridDim(u8),
    /// `blockDim.d * gridDim.d` (shared), with symbolic geometry.
    GridThreads(u8),
    /// A scalar or pointer kernel parameter (shared).
    Param(u32),
    /// A field path of a by-value struct parameter, by index into
    /// [`Leaves::fields`] (shared).
    ParamField(u32),
    /// A per-thread unknown, by index into [`Leaves::fresh`].
    Fresh(u32),
    /// A value of the host program at a launch site (an input such as
    /// `atoi(argv[1])`), by index into the site's host values (shared).
    Host(u32),
}

impl Leaf {
    pub fn per_thread(self) -> bool {
        matches!(self, Leaf::Tid(_) | Leaf::Bid(_) | Leaf::Fresh(_))
    }
}

/// Why a per-thread unknown exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FreshKind {
    /// A loop's iteration number or trip count: exact.
    Counter,
    /// A variable changed by a loop, at an arbitrary iteration.
    Havoc,
    /// A value read from memory, returned by an atomic or a warp collective.
    Data,
    /// Something not modelled (an `Unknown` of the lowering, a float, an
    /// opaque call, an imprecise barrier count).
    Approx,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Node {
    Bool(bool),
    Const(u128),
    Leaf(Leaf),
    Not(T),
    And(T, T),
    Or(T, T),
    Ite(T, T, T),
    Bin(BvOp, T, T),
    Cmp(CmpOp, T, T),
    /// Zero or sign extension to `width`.
    Ext(bool, T),
    /// The low `width` bits.
    Trunc(T),
    /// A pure function the engine does not know (`__popc`, `sqrtf`, ...):
    /// equal arguments give equal results.
    Uf(Arc<str>, Vec<T>),
}

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        self.hash == other.hash && self.width == other.width && self.node == other.node
    }
}
impl Eq for Term {}
impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The side tables of leaves: names of fresh values and of parameter fields.
#[derive(Debug, Default, Clone)]
pub struct Leaves {
    /// What each fresh leaf stands for, for debugging dumps.
    pub fresh: Vec<String>,
    pub fields: Vec<(u32, String, u32)>,
}

fn make(node: Node, width: u32, deps: Deps) -> T {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    width.hash(&mut h);
    match &node {
        Node::Bool(b) => (0u8, b).hash(&mut h),
        Node::Const(v) => (1u8, v).hash(&mut h),
        Node::Leaf(l) => (2u8, l).hash(&mut h),
        Node::Not(a) => (3u8, a.hash).hash(&mut h),
        Node::And(a, b) => (4u8, a.hash, b.hash).hash(&mut h),
        Node::Or(a, b) => (5u8, a.hash, b.hash).hash(&mut h),
        Node::Ite(c, a, b) => (6u8, c.hash, a.hash, b.hash).hash(&mut h),
        Node::Bin(op, a, b) => (7u8, op, a.hash, b.hash).hash(&mut h),
        Node::Cmp(op, a, b) => (8u8, op, a.hash, b.hash).hash(&mut h),
        Node::Ext(s, a) => (9u8, s, a.hash).hash(&mut h),
        Node::Trunc(a) => (10u8, a.hash).hash(&mut h),
        Node::Uf(name, args) => {
            (11u8, name).hash(&mut h);
            args.iter().for_each(|a| a.hash.hash(&mut h));
        }
    }
    Arc::new(Term { node, width, hash: h.finish(), deps })
}

pub fn tru() -> T {
    make(Node::Bool(true), 0, Deps::default())
}

pub fn fals() -> T {
    make(Node::Bool(false), 0, Deps::default())
}

pub fn boolean(b: bool) -> T {
    if b {
        tru()
    } else {
        fals()
    }
}

/// The constant `v` of `width` bits; of width 0 (a truth value, as a model
/// gives the value of a truth-valued leaf), `true` unless `v` is 0.
pub fn constant(v: u128, width: u32) -> T {
    if width == 0 {
        return make(Node::Bool(v != 0), 0, Deps::default());
    }
    make(Node::Const(v & mask(width)), width, Deps::default())
}

pub fn constant_i(v: i128, width: u32) -> T {
    constant(v as u128, width)
}

pub fn leaf(leaf: Leaf, width: u32, deps: Deps) -> T {
    let deps = Deps { thread: leaf.per_thread(), ..deps };
    make(Node::Leaf(leaf), width, deps)
}

impl Term {
    pub fn as_const(&self) -> Option<u128> {
        match self.node {
            Node::Const(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.node {
            Node::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn is_true(&self) -> bool {
        self.as_bool() == Some(true)
    }

    pub fn is_false(&self) -> bool {
        self.as_bool() == Some(false)
    }
}

pub fn not(a: &T) -> T {
    match &a.node {
        Node::Bool(b) => boolean(!b),
        Node::Not(x) => x.clone(),
        _ => make(Node::Not(a.clone()), 0, a.deps),
    }
}

pub fn and(a: &T, b: &T) -> T {
    if a.is_false() || b.is_true() {
        return a.clone();
    }
    if b.is_false() || a.is_true() || a == b {
        return b.clone();
    }
    make(Node::And(a.clone(), b.clone()), 0, a.deps.union(b.deps))
}

pub fn or(a: &T, b: &T) -> T {
    if a.is_true() || b.is_false() || a == b {
        return a.clone();
    }
    if b.is_true() || a.is_false() {
        return b.clone();
    }
    make(Node::Or(a.clone(), b.clone()), 0, a.deps.union(b.deps))
}

pub fn implies(a: &T, b: &T) -> T {
    or(&not(a), b)
}

pub fn ite(c: &T, a: &T, b: &T) -> T {
    if c.is_true() || a == b {
        return a.clone();
    }
    if c.is_false() {
        return b.clone();
    }
    if a.width == 0 {
        if a.is_true() && b.is_false() {
            return c.clone();
        }
        if a.is_false() && b.is_true() {
            return not(c);
        }
    }
    make(Node::Ite(c.clone(), a.clone(), b.clone()), a.width, c.deps.union(a.deps).union(b.deps))
}

/// Converts `a` to `width` bits: zero/sign extension or truncation.
pub fn resize(a: &T, width: u32, signed_: bool) -> T {
    let a = &to_bv(a);
    if a.width == width {
        return a.clone();
    }
    if let Some(v) = a.as_const() {
        let v = if signed_ { signed(v, a.width) as u128 } else { v };
        return constant(v, width);
    }
    if width < a.width {
        // Truncating an extension of something narrower is a smaller extension.
        if let Node::Ext(s, inner) = &a.node {
            if inner.width <= width {
                return resize(inner, width, *s);
            }
        }
        return make(Node::Trunc(a.clone()), width, a.deps);
    }
    make(Node::Ext(signed_, a.clone()), width, a.deps)
}

/// A boolean as a `width`-bit 0 or 1.
pub fn bool_to_bv(a: &T, width: u32) -> T {
    ite(a, &constant(1, width), &constant(0, width))
}

/// Booleans stay booleans; bit-vectors become `!= 0`.
pub fn to_bool(a: &T) -> T {
    if a.width == 0 {
        return a.clone();
    }
    not(&cmp(CmpOp::Eq, a, &constant(0, a.width)))
}

/// Bit-vectors stay; booleans become a 32-bit 0 or 1 (C's `int` of a comparison).
pub fn to_bv(a: &T) -> T {
    if a.width == 0 {
        bool_to_bv(a, 32)
    } else {
        a.clone()
    }
}

pub fn bin(op: BvOp, a: &T, b: &T) -> T {
    let a = &to_bv(a);
    let b = &resize(b, a.width, false);
    let w = a.width;
    if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
        if let Some(v) = fold(op, x, y, w) {
            return constant(v, w);
        }
    }
    let zero = |t: &T| t.as_const() == Some(0);
    let one = |t: &T| t.as_const() == Some(1);
    match op {
        BvOp::Add | BvOp::Or | BvOp::Xor | BvOp::Sub | BvOp::Shl | BvOp::LShr | BvOp::AShr if zero(b) => {
            return a.clone()
        }
        BvOp::Add | BvOp::Or | BvOp::Xor if zero(a) => return b.clone(),
        BvOp::Mul if one(b) => return a.clone(),
        BvOp::Mul if one(a) => return b.clone(),
        BvOp::Mul | BvOp::And if zero(a) || zero(b) => return constant(0, w),
        BvOp::UDiv | BvOp::SDiv if one(b) => return a.clone(),
        BvOp::Sub if a == b => return constant(0, w),
        _ => {}
    }
    // Keep constants on the right of commutative operators, so that
    // `x + 1` and `1 + x` hash alike.
    let (a, b) = match op {
        BvOp::Add | BvOp::Mul | BvOp::And | BvOp::Or | BvOp::Xor if a.as_const().is_some() => (b, a),
        _ => (a, b),
    };
    // x % n + (x / n) * n = x, unsigned or signed, for every n != 0 (C's
    // quotient and remainder; SMT-LIB's also for n = 0): a flat index split
    // into a column and a row and put back together (`u[i + j * n]` with
    // `i = idx % n`, `j = idx / n`).
    if op == BvOp::Add {
        if let Some(x) = recombined(a, b).or_else(|| recombined(b, a)) {
            return x;
        }
    }
    // (x + c1) + c2 = x + (c1 + c2)
    if op == BvOp::Add {
        if let (Node::Bin(BvOp::Add, x, c1), Some(c2)) = (&a.node, b.as_const()) {
            if let Some(c1) = c1.as_const() {
                return bin(BvOp::Add, x, &constant(c1.wrapping_add(c2), w));
            }
        }
    }
    make(Node::Bin(op, a.clone(), b.clone()), w, a.deps.union(b.deps))
}

/// `x` when `rem` is `x % n` and `prod` is `(x / n) * n` (either factor
/// order), with the same signedness.
fn recombined(rem: &T, prod: &T) -> Option<T> {
    let Node::Bin(r_op @ (BvOp::URem | BvOp::SRem), x, n) = &rem.node else { return None };
    let Node::Bin(BvOp::Mul, p, q) = &prod.node else { return None };
    let div_op = if *r_op == BvOp::URem { BvOp::UDiv } else { BvOp::SDiv };
    let is_quotient = |t: &T| matches!(&t.node, Node::Bin(op, y, m) if *op == div_op && y == x && m == n);
    ((is_quotient(p) && q == n) || (is_quotient(q) && p == n)).then(|| x.clone())
}

pub fn cmp(op: CmpOp, a: &T, b: &T) -> T {
    if a.width == 0 || b.width == 0 {
        // Comparing booleans (C compares them as ints).
        let (a, b) = (to_bv(a), to_bv(b));
        return cmp(op, &a, &b);
    }
    let b = &resize(b, a.width, false);
    if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
        return boolean(fold_cmp(op, x, y, a.width));
    }
    if a == b && op != CmpOp::SMulFits {
        return boolean(matches!(op, CmpOp::Eq | CmpOp::Ule | CmpOp::Sle));
    }
    if op == CmpOp::Ult && b.as_const() == Some(0) {
        return fals();
    }
    make(Node::Cmp(op, a.clone(), b.clone()), 0, a.deps.union(b.deps))
}

pub fn eq(a: &T, b: &T) -> T {
    cmp(CmpOp::Eq, a, b)
}

pub fn ult(a: &T, b: &T) -> T {
    cmp(CmpOp::Ult, a, b)
}

pub fn ule(a: &T, b: &T) -> T {
    cmp(CmpOp::Ule, a, b)
}

pub fn add(a: &T, b: &T) -> T {
    bin(BvOp::Add, a, b)
}

pub fn mul(a: &T, b: &T) -> T {
    bin(BvOp::Mul, a, b)
}

/// The same term with other dependencies (a value the engine knows more
/// about than its leaves say).
pub fn with_deps(t: &T, deps: Deps) -> T {
    make(t.node.clone(), t.width, deps)
}

/// A pure function of `args` the engine knows only as a function (equal
/// arguments, equal results): what the result depends on is what its
/// arguments depend on, and it is approximate when `approx` says so too.
pub fn function(name: &str, args: Vec<T>, width: u32, approx: bool) -> T {
    let deps = args.iter().fold(Deps { approx, ..Deps::default() }, |d, a| d.union(a.deps));
    make(Node::Uf(name.into(), args), width, deps)
}

pub fn uf(name: &str, args: Vec<T>, width: u32) -> T {
    let deps = args.iter().fold(Deps { approx: true, ..Deps::default() }, |d, a| d.union(a.deps));
    make(Node::Uf(name.into(), args), width, deps)
}

/// `t` with each leaf `f` names replaced by what it gives (same width),
/// rebuilt with the folding constructors; `Uf` nodes keep whether they are
/// data or approximate (a function the engine marked as data stays data) and
/// depend on a thread as their new arguments do.
pub fn substitute(t: &T, f: &dyn Fn(Leaf) -> Option<T>) -> T {
    fn go(t: &T, f: &dyn Fn(Leaf) -> Option<T>, memo: &mut std::collections::HashMap<*const Term, T>) -> T {
        if let Some(done) = memo.get(&Arc::as_ptr(t)) {
            return done.clone();
        }
        let mut g = |x: &T| go(x, f, memo);
        let out = match &t.node {
            Node::Bool(_) | Node::Const(_) => t.clone(),
            Node::Leaf(l) => f(*l).map_or_else(|| t.clone(), |v| resize(&v, t.width, false)),
            Node::Not(a) => not(&g(a)),
            Node::And(a, b) => {
                let (x, y) = (g(a), g(b));
                and(&x, &y)
            }
            Node::Or(a, b) => {
                let (x, y) = (g(a), g(b));
                or(&x, &y)
            }
            Node::Ite(c, a, b) => {
                let (c, x, y) = (g(c), g(a), g(b));
                ite(&c, &x, &y)
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (g(a), g(b));
                bin(*op, &x, &y)
            }
            Node::Cmp(op, a, b) => {
                let (x, y) = (g(a), g(b));
                cmp(*op, &x, &y)
            }
            Node::Ext(s, a) => resize(&g(a), t.width, *s),
            Node::Trunc(a) => resize(&g(a), t.width, false),
            Node::Uf(name, args) => {
                let args: Vec<T> = args.iter().map(&mut g).collect();
                let own = Deps { thread: false, ..t.deps };
                let deps = args.iter().fold(own, |d, a| d.union(a.deps));
                make(Node::Uf(name.clone(), args), t.width, deps)
            }
        };
        memo.insert(Arc::as_ptr(t), out.clone());
        out
    }
    go(t, f, &mut std::collections::HashMap::new())
}

/// The direct sub-terms of a node.
fn children(t: &Term) -> Vec<&T> {
    match &t.node {
        Node::Bool(_) | Node::Const(_) | Node::Leaf(_) => Vec::new(),
        Node::Not(a) | Node::Ext(_, a) | Node::Trunc(a) => vec![a],
        Node::And(a, b) | Node::Or(a, b) | Node::Bin(_, a, b) | Node::Cmp(_, a, b) => vec![a, b],
        Node::Ite(c, a, b) => vec![c, a, b],
        Node::Uf(_, args) => args.iter().collect(),
    }
}

/// Calls `f` on every node of the DAG `t` once (pre-order); `f` returns
/// whether to go below the node.
pub fn visit(t: &T, seen: &mut std::collections::HashSet<*const Term>, f: &mut dyn FnMut(&T) -> bool) {
    if !seen.insert(Arc::as_ptr(t)) || !f(t) {
        return;
    }
    for child in children(t) {
        visit(child, seen, f);
    }
}

/// Every leaf occurring in `t`.
pub fn leaves(
    t: &T,
    out: &mut std::collections::BTreeSet<(Leaf, u32)>,
    seen: &mut std::collections::HashSet<*const Term>,
) {
    visit(t, seen, &mut |n| {
        if let Node::Leaf(l) = n.node {
            out.insert((l, n.width));
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_of_no_width_is_a_truth_value() {
        // A model's value of a truth-valued leaf, pinned by a later query.
        assert!(constant(1, 0).is_true());
        assert_eq!(constant(0, 0), fals());
    }

    #[test]
    fn folding_follows_c() {
        // -7 / 2 == -3 and -7 % 2 == -1 in C (truncation toward zero).
        let m7 = constant_i(-7, 32);
        let two = constant(2, 32);
        assert_eq!(signed(bin(BvOp::SDiv, &m7, &two).as_const().unwrap(), 32), -3);
        assert_eq!(signed(bin(BvOp::SRem, &m7, &two).as_const().unwrap(), 32), -1);
        // unsigned wrap: 0u - 1 == 4294967295
        assert_eq!(bin(BvOp::Sub, &constant(0, 32), &constant(1, 32)).as_const(), Some(0xffff_ffff));
        // -1 < 0 signed, but not unsigned
        let m1 = constant_i(-1, 32);
        let zero = constant(0, 32);
        assert!(cmp(CmpOp::Slt, &m1, &zero).is_true());
        assert!(cmp(CmpOp::Ult, &m1, &zero).is_false());
        // shifting by the width or more gives 0 (logical) or the sign (arithmetic)
        assert_eq!(bin(BvOp::Shl, &constant(1, 32), &constant(40, 32)).as_const(), Some(0));
        assert_eq!(bin(BvOp::AShr, &m1, &constant(40, 32)).as_const(), Some(0xffff_ffff));
        // sign extension of a negative int to 64 bits
        assert_eq!(resize(&m1, 64, true).as_const(), Some(u128::from(u64::MAX)));
        assert_eq!(resize(&m1, 64, false).as_const(), Some(0xffff_ffff));
    }

    #[test]
    fn substitution_folds_and_keeps_a_function_data() {
        let x = leaf(Leaf::Tid(0), 32, Deps::default());
        let n = leaf(Leaf::Param(0), 32, Deps::default());
        let f = function("ticket#1", vec![x.clone(), n.clone()], 32, false);
        let f = with_deps(&f, Deps { data: true, ..f.deps });
        let e = cmp(CmpOp::Eq, &add(&x, &f), &n);
        let zero = substitute(&e, &|l| matches!(l, Leaf::Tid(_)).then(|| constant(0, 32)));
        // 0 + f(0, n) folds to f(0, n); the function stays data, no longer
        // depends on the thread.
        let g = function("ticket#1", vec![constant(0, 32), n.clone()], 32, false);
        assert_eq!(zero, cmp(CmpOp::Eq, &g, &n));
        let Node::Cmp(_, lhs, _) = &zero.node else { panic!("a comparison") };
        assert!(lhs.deps.data && !lhs.deps.thread);
        // Leaves it does not name stay.
        assert_eq!(substitute(&n, &|_| None), n);
    }

    #[test]
    fn remainder_plus_quotient_times_divisor_is_the_dividend() {
        let x = leaf(Leaf::Tid(0), 32, Deps::default());
        let n = leaf(Leaf::Param(0), 32, Deps::default());
        for (rem, div) in [(BvOp::URem, BvOp::UDiv), (BvOp::SRem, BvOp::SDiv)] {
            let (r, q) = (bin(rem, &x, &n), bin(div, &x, &n));
            assert_eq!(add(&r, &mul(&q, &n)), x);
            assert_eq!(add(&mul(&n, &q), &r), x);
        }
        // Mixed signedness, another divisor or another dividend: no rewrite.
        let (r, q) = (bin(BvOp::URem, &x, &n), bin(BvOp::SDiv, &x, &n));
        assert_ne!(add(&r, &mul(&q, &n)), x);
        let m = leaf(Leaf::Param(1), 32, Deps::default());
        let q = bin(BvOp::UDiv, &x, &n);
        assert_ne!(add(&bin(BvOp::URem, &x, &n), &mul(&q, &m)), x);
        // What the rewrite relies on, checked on folded constants.
        for (xv, nv) in [(17u128, 5u128), (0, 3), (4_000_000_000, 7), (9, 1)] {
            let (xc, nc) = (constant(xv, 32), constant(nv, 32));
            let sum = add(&bin(BvOp::URem, &xc, &nc), &mul(&bin(BvOp::UDiv, &xc, &nc), &nc));
            assert_eq!(sum.as_const(), Some(xv));
        }
    }

    #[test]
    fn equal_terms_hash_alike() {
        let x = leaf(Leaf::Tid(0), 32, Deps::default());
        let a = add(&x, &constant(1, 32));
        let b = add(&constant(1, 32), &x);
        assert_eq!(a, b);
        assert!(eq(&a, &b).is_true());
        // (x + 1) + 2 == x + 3
        assert_eq!(add(&a, &constant(2, 32)), add(&x, &constant(3, 32)));
    }

    #[test]
    fn deps_propagate() {
        let x = leaf(Leaf::Fresh(0), 32, Deps { data: true, ..Deps::default() });
        let t = leaf(Leaf::Tid(0), 32, Deps::default());
        let s = add(&x, &t);
        assert!(s.deps.data && s.deps.thread && !s.deps.approx);
        assert!(!leaf(Leaf::Param(0), 32, Deps::default()).deps.thread);
    }
}
