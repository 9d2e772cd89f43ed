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

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BvOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
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

pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Sign-extends the `width`-bit value `v` to an `i128`.
pub fn signed(v: u128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
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

pub fn constant(v: u128, width: u32) -> T {
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

/// Constant folding with C semantics; `None` for division by zero.
pub fn fold(op: BvOp, x: u128, y: u128, w: u32) -> Option<u128> {
    let m = mask(w);
    let (sx, sy) = (signed(x, w), signed(y, w));
    let v = match op {
        BvOp::Add => x.wrapping_add(y),
        BvOp::Sub => x.wrapping_sub(y),
        BvOp::Mul => x.wrapping_mul(y),
        BvOp::UDiv => x.checked_div(y)?,
        BvOp::URem => x.checked_rem(y)?,
        BvOp::SDiv => sx.checked_div(sy)? as u128,
        BvOp::SRem => sx.checked_rem(sy)? as u128,
        BvOp::Shl => {
            if y >= u128::from(w) {
                0
            } else {
                x << y
            }
        }
        BvOp::LShr => {
            if y >= u128::from(w) {
                0
            } else {
                x >> y
            }
        }
        BvOp::AShr => (sx >> y.min(u128::from(w) - 1)) as u128,
        BvOp::And => x & y,
        BvOp::Or => x | y,
        BvOp::Xor => x ^ y,
    };
    Some(v & m)
}

fn fold_cmp(op: CmpOp, x: u128, y: u128, w: u32) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ult => x < y,
        CmpOp::Ule => x <= y,
        CmpOp::Slt => signed(x, w) < signed(y, w),
        CmpOp::Sle => signed(x, w) <= signed(y, w),
    }
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
    if a == b {
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

/// C's arithmetic operator `op` on two values of one type (`signed` says
/// which division, remainder, shift and min/max); `None` for the logical and
/// comparison operators.
pub fn c_arith(op: gpurace_ir::BinOp, a: &T, b: &T, signed: bool) -> Option<T> {
    use gpurace_ir::BinOp;
    Some(match op {
        BinOp::Add => add(a, b),
        BinOp::Sub => bin(BvOp::Sub, a, b),
        BinOp::Mul => mul(a, b),
        BinOp::Div => bin(if signed { BvOp::SDiv } else { BvOp::UDiv }, a, b),
        BinOp::Rem => bin(if signed { BvOp::SRem } else { BvOp::URem }, a, b),
        BinOp::Shl => bin(BvOp::Shl, a, b),
        BinOp::Shr => bin(if signed { BvOp::AShr } else { BvOp::LShr }, a, b),
        BinOp::And => bin(BvOp::And, a, b),
        BinOp::Or => bin(BvOp::Or, a, b),
        BinOp::Xor => bin(BvOp::Xor, a, b),
        BinOp::Min | BinOp::Max => {
            let lt = cmp(if signed { CmpOp::Slt } else { CmpOp::Ult }, a, b);
            if op == BinOp::Min {
                ite(&lt, a, b)
            } else {
                ite(&lt, b, a)
            }
        }
        _ => return None,
    })
}

/// C's comparison `op` on two values of one type; `None` for other operators.
pub fn c_compare(op: gpurace_ir::BinOp, a: &T, b: &T, signed: bool) -> Option<T> {
    use gpurace_ir::BinOp;
    let (lt, le) = if signed { (CmpOp::Slt, CmpOp::Sle) } else { (CmpOp::Ult, CmpOp::Ule) };
    Some(match op {
        BinOp::Eq => eq(a, b),
        BinOp::Ne => not(&eq(a, b)),
        BinOp::Lt => cmp(lt, a, b),
        BinOp::Le => cmp(le, a, b),
        BinOp::Gt => cmp(lt, b, a),
        BinOp::Ge => cmp(le, b, a),
        _ => return None,
    })
}

/// The same term with other dependencies (a value the engine knows more
/// about than its leaves say).
pub fn with_deps(t: &T, deps: Deps) -> T {
    make(t.node.clone(), t.width, deps)
}

pub fn uf(name: &str, args: Vec<T>, width: u32) -> T {
    let deps = args.iter().fold(Deps { approx: true, ..Deps::default() }, |d, a| d.union(a.deps));
    make(Node::Uf(name.into(), args), width, deps)
}

/// Facts saying that the arithmetic under every widening in `t` does not wrap
/// around: `(i64)(y * w + x)` equals `(i64)y * (i64)w + (i64)x`. An address
/// whose index wraps is an overflow, not a collision a program means.
pub fn no_wrap_facts(t: &T, out: &mut Vec<T>, seen: &mut std::collections::HashSet<*const Term>) {
    visit(t, seen, &mut |n| {
        if let Node::Ext(signed_, inner) = &n.node {
            if is_arith(inner) {
                let wide = (2 * inner.width + 2).min(128);
                out.push(eq(&resize(inner, wide, *signed_), &lift(inner, wide, *signed_)));
            }
        }
        true
    });
}

fn is_arith(t: &T) -> bool {
    matches!(&t.node, Node::Bin(BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::Shl, ..))
}

/// `t` computed at `wide` bits, its operands extended with `signed_`.
fn lift(t: &T, wide: u32, signed_: bool) -> T {
    match &t.node {
        Node::Bin(op @ (BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::Shl), a, b) => {
            let b = if *op == BvOp::Shl { resize(b, wide, false) } else { lift(b, wide, signed_) };
            bin(*op, &lift(a, wide, signed_), &b)
        }
        _ => resize(t, wide, signed_),
    }
}

/// The coefficient `c` when `t` is `c * threadIdx.x + d` with `d` the same for
/// every thread (through extensions, truncations, sums, constant products and
/// shifts); `None` when it depends on the thread in another way.
pub fn lane_coefficient(t: &T) -> Option<i128> {
    if !t.deps.thread {
        return Some(0);
    }
    let c = match &t.node {
        Node::Leaf(Leaf::Tid(0)) => 1,
        Node::Ext(_, a) | Node::Trunc(a) => lane_coefficient(a)?,
        Node::Bin(BvOp::Add, a, b) => lane_coefficient(a)?.checked_add(lane_coefficient(b)?)?,
        Node::Bin(BvOp::Sub, a, b) => lane_coefficient(a)?.checked_sub(lane_coefficient(b)?)?,
        Node::Bin(BvOp::Mul, a, b) => match (a.as_const(), b.as_const()) {
            (_, Some(k)) => lane_coefficient(a)?.checked_mul(signed(k, b.width))?,
            (Some(k), _) => lane_coefficient(b)?.checked_mul(signed(k, a.width))?,
            _ => return None,
        },
        Node::Bin(BvOp::Shl, a, b) => {
            let k = b.as_const().filter(|k| *k < 32)?;
            lane_coefficient(a)?.checked_mul(1 << k)?
        }
        _ => return None,
    };
    // Large coefficients could wrap around between two lanes.
    (c.abs() < 1 << 20).then_some(c)
}

/// `t` as `ext(e) * c` with a constant `c`: an element index scaled to a
/// byte offset. Returns `e`, whether the extension is signed, and `c`; the
/// product is exact (does not wrap) when `e` is at most 32 bits wide and `t`
/// at least 64.
pub fn scaled_index(t: &T) -> Option<(&T, bool, u128)> {
    let Node::Bin(BvOp::Mul, x, y) = &t.node else { return None };
    let (ext, c) = match (x.as_const(), y.as_const()) {
        (None, Some(c)) => (x, c),
        (Some(c), None) => (y, c),
        _ => return None,
    };
    let Node::Ext(signed, e) = &ext.node else { return None };
    (e.width <= 32 && t.width >= 64 && c > 0 && c < 1 << 16).then_some((e, *signed, c))
}

/// `t mod 2^bits` as `c * threadIdx.x + d` (`c`, `d` reduced mod 2^bits),
/// when every other value in `t` is multiplied by a multiple of 2^bits
/// (loop counters times a row length, say) or is a constant; `block` is the
/// value of `blockDim.x`. Exact under wrap-around: 2^bits divides 2^width for
/// every width at least `bits`.
pub fn residue(t: &T, bits: u32, block: u128) -> Option<(u128, u128)> {
    if bits == 0 {
        return Some((0, 0));
    }
    let m = mask(bits);
    if t.width != 0 && t.width < bits {
        return None;
    }
    let constant_of = |x: &T| match x.node {
        Node::Const(v) => Some(v),
        Node::Leaf(Leaf::BlockDim(0)) => Some(block),
        _ => None,
    };
    // `x * k` mod 2^bits needs `x` only mod 2^(bits - z), z the trailing zeros
    // of k: loop counters times a row length vanish.
    let scaled = |x: &T, k: u128, z: u32| -> Option<(u128, u128)> {
        if z >= bits {
            return Some((0, 0));
        }
        let (c, d) = residue(x, bits - z, block)?;
        Some((c.wrapping_mul(k) & m, d.wrapping_mul(k) & m))
    };
    let r = match &t.node {
        Node::Const(v) => (0, v & m),
        Node::Leaf(Leaf::Tid(0)) => (1, 0),
        Node::Leaf(Leaf::BlockDim(0)) => (0, block & m),
        Node::Ext(_, a) | Node::Trunc(a) => residue(a, bits, block)?,
        Node::Bin(op @ (BvOp::Add | BvOp::Sub), a, b) => {
            let (ca, da) = residue(a, bits, block)?;
            let (cb, db) = residue(b, bits, block)?;
            if *op == BvOp::Add {
                (ca.wrapping_add(cb) & m, da.wrapping_add(db) & m)
            } else {
                (ca.wrapping_sub(cb) & m, da.wrapping_sub(db) & m)
            }
        }
        Node::Bin(BvOp::Mul, a, b) => match (constant_of(a), constant_of(b)) {
            (_, Some(k)) if k != 0 => scaled(a, k, k.trailing_zeros())?,
            (Some(k), _) if k != 0 => scaled(b, k, k.trailing_zeros())?,
            (_, Some(_)) | (Some(_), _) => (0, 0),
            _ => return None,
        },
        Node::Bin(BvOp::Shl, a, b) => {
            let k = b.as_const().filter(|k| *k < 128)?;
            if k >= u128::from(bits) {
                (0, 0)
            } else {
                scaled(a, 1 << k, k as u32)?
            }
        }
        _ => return None,
    };
    Some(r)
}

/// Concrete values of leaves, per thread (index 0 and 1).
pub trait Valuation {
    fn leaf(&self, leaf: Leaf, thread: usize, width: u32) -> u128;
    fn uf(&self, name: &str, args: &[u128], width: u32) -> u128;
}

/// Evaluates `t` for `thread` under `val`; booleans are 0 or 1. This is the
/// engine's own semantics of terms, independent of the solver's, and checks
/// every witness the solver proposes.
pub fn eval(t: &T, thread: usize, val: &dyn Valuation, memo: &mut HashMap<(*const Term, usize), u128>) -> u128 {
    let key = (Arc::as_ptr(t), thread);
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let w = t.width;
    let v = match &t.node {
        Node::Bool(b) => u128::from(*b),
        Node::Const(c) => *c,
        Node::Leaf(l) => val.leaf(*l, thread, w) & mask(w),
        Node::Not(a) => 1 - eval(a, thread, val, memo),
        Node::And(a, b) => eval(a, thread, val, memo) & eval(b, thread, val, memo),
        Node::Or(a, b) => eval(a, thread, val, memo) | eval(b, thread, val, memo),
        Node::Ite(c, a, b) => {
            if eval(c, thread, val, memo) == 1 {
                eval(a, thread, val, memo)
            } else {
                eval(b, thread, val, memo)
            }
        }
        Node::Bin(op, a, b) => {
            let (x, y) = (eval(a, thread, val, memo), eval(b, thread, val, memo));
            // The solver's convention for division by zero (SMT-LIB).
            fold(*op, x, y, w).unwrap_or(match op {
                BvOp::UDiv => mask(w),
                BvOp::SDiv => {
                    if signed(x, w) < 0 {
                        1
                    } else {
                        mask(w)
                    }
                }
                _ => x,
            })
        }
        Node::Cmp(op, a, b) => {
            u128::from(fold_cmp(*op, eval(a, thread, val, memo), eval(b, thread, val, memo), a.width))
        }
        Node::Ext(s, a) => {
            let x = eval(a, thread, val, memo);
            if *s {
                (signed(x, a.width) as u128) & mask(w)
            } else {
                x
            }
        }
        Node::Trunc(a) => eval(a, thread, val, memo) & mask(w),
        Node::Uf(name, args) => {
            let args: Vec<u128> = args.iter().map(|a| eval(a, thread, val, memo)).collect();
            val.uf(name, &args, w) & mask(w)
        }
    };
    memo.insert(key, v);
    v
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
    fn scaled_index_finds_the_element_index() {
        let i = leaf(Leaf::Param(0), 32, Deps::default());
        let offset = mul(&resize(&i, 64, true), &constant(4, 64));
        let (e, signed, c) = scaled_index(&offset).expect("ext(i) * 4");
        assert!(Arc::ptr_eq(e, &i) && signed && c == 4);
        // Not an index times a constant: no index.
        assert!(scaled_index(&add(&offset, &constant(8, 64))).is_none());
        assert!(scaled_index(&mul(&resize(&i, 64, true), &resize(&i, 64, true))).is_none());
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
    fn lane_coefficients() {
        let tid = leaf(Leaf::Tid(0), 32, Deps::default());
        let n = leaf(Leaf::Param(0), 32, Deps::default());
        // (i64)(tid + n) * 4
        let offset = mul(&resize(&add(&tid, &n), 64, false), &constant(4, 64));
        assert_eq!(lane_coefficient(&offset), Some(4));
        // tid * tid is not affine; blockIdx.x is another per-thread value.
        assert_eq!(lane_coefficient(&mul(&tid, &tid)), None);
        assert_eq!(lane_coefficient(&add(&tid, &leaf(Leaf::Bid(0), 32, Deps::default()))), None);
        assert_eq!(lane_coefficient(&bin(BvOp::Shl, &tid, &constant(3, 32))), Some(8));
    }

    #[test]
    fn residues_ignore_multiples_of_the_modulus() {
        let tid = leaf(Leaf::Tid(0), 32, Deps::default());
        let k = leaf(Leaf::Fresh(0), 32, Deps::default());
        let block = leaf(Leaf::BlockDim(0), 32, Deps::default());
        // (i64)(k * blockDim.x + tid) * 4 with blockDim.x = 256: mod 1024 it is 4 * tid.
        let offset = mul(&resize(&add(&mul(&k, &block), &tid), 64, true), &constant(4, 64));
        assert_eq!(residue(&offset, 10, 256), Some((4, 0)));
        // mod 2^12 the loop counter shows: no residue.
        assert_eq!(residue(&offset, 12, 256), None);
        assert_eq!(residue(&mul(&k, &tid), 10, 256), None);
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
