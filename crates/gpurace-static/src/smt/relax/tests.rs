//! The relaxation's encodings: exact where they say so, and proofs only of
//! what the bit-vector query cannot satisfy.
use std::time::Duration;

use gpurace_core::term::{BvOp, CmpOp};

use super::*;
use crate::smt::bitwuzla::Bitwuzla;

const LIMIT: Limit = Limit { work: 50_000_000, time: Duration::from_secs(600) };

fn relaxed() -> Relaxed {
    Relaxed::new(Box::new(Bitwuzla::new()), None)
}

/// What the relaxation alone says of `facts`.
fn relax(r: &mut Relaxed, facts: &[Handle]) -> Status {
    r.relax(facts, LIMIT)
}

fn bin(r: &mut Relaxed, op: BvOp, a: Handle, b: Handle) -> Handle {
    r.op(Op::Bv(op), &[a, b])
}

fn cmp(r: &mut Relaxed, op: CmpOp, a: Handle, b: Handle) -> Handle {
    r.op(Op::Cmp(op), &[a, b])
}

/// `i` and `j + h` in the same half of their segments of `len = 2h`
/// (`P = i / len * len` abstracted, with its linear facts): no thread
/// pair meets. The relaxation proves it.
#[test]
fn proves_a_bitonic_stage() {
    let mut r = relaxed();
    let v = |r: &mut Relaxed, n: &str| r.var(n, 64);
    let (len, h, i, j, p1, p2, q1, q2) = (
        v(&mut r, "len"),
        v(&mut r, "h"),
        v(&mut r, "i"),
        v(&mut r, "j"),
        v(&mut r, "p1"),
        v(&mut r, "p2"),
        v(&mut r, "q1"),
        v(&mut r, "q2"),
    );
    let zero = r.constant(0, 64);
    let big = r.constant(1 << 31, 64);
    let mut facts = Vec::new();
    for x in [i, j, len, h] {
        facts.push(cmp(&mut r, CmpOp::Sle, zero, x));
        facts.push(cmp(&mut r, CmpOp::Slt, x, big));
    }
    for x in [p1, p2] {
        let low = r.constant((1u128 << 64) - (1 << 31), 64);
        facts.push(cmp(&mut r, CmpOp::Sle, low, x));
        facts.push(cmp(&mut r, CmpOp::Slt, x, big));
    }
    let hh = bin(&mut r, BvOp::Add, h, h);
    let halves = cmp(&mut r, CmpOp::Sle, hh, len);
    facts.push(halves);
    facts.push(cmp(&mut r, CmpOp::Slt, zero, len));
    for (x, p) in [(i, p1), (j, p2)] {
        facts.push(cmp(&mut r, CmpOp::Sle, p, x));
        let end = bin(&mut r, BvOp::Add, p, len);
        facts.push(cmp(&mut r, CmpOp::Slt, x, end));
        let half = bin(&mut r, BvOp::Add, p, h);
        facts.push(cmp(&mut r, CmpOp::Slt, x, half));
    }
    let same = r.op(Op::Eq, &[q1, q2]);
    let same_p = r.op(Op::Eq, &[p1, p2]);
    let not_same = r.op(Op::Not, &[same]);
    facts.push(r.op(Op::Or, &[not_same, same_p]));
    for (a, b, pa, pb) in [(q1, q2, p1, p2), (q2, q1, p2, p1)] {
        let less = cmp(&mut r, CmpOp::Slt, a, b);
        let not_less = r.op(Op::Not, &[less]);
        let end = bin(&mut r, BvOp::Add, pa, len);
        let after = cmp(&mut r, CmpOp::Sle, end, pb);
        facts.push(r.op(Op::Or, &[not_less, after]));
    }
    let partner = bin(&mut r, BvOp::Add, j, h);
    facts.push(r.op(Op::Eq, &[i, partner]));
    assert_eq!(relax(&mut r, &facts), Status::Unsat);
    // Without `2h <= len` a thread's partner may be another's element.
    facts.retain(|f| *f != halves);
    assert_ne!(relax(&mut r, &facts), Status::Unsat);
}

/// Wrapping sums, differences and products are the bit-vector ones: a
/// query satisfiable only by wrapping is not refuted.
#[test]
fn wrapping_is_kept() {
    let mut r = relaxed();
    let x = r.var("x", 32);
    let one = r.constant(1, 32);
    let sum = bin(&mut r, BvOp::Add, x, one);
    let wraps = cmp(&mut r, CmpOp::Ult, sum, x);
    assert_eq!(relax(&mut r, &[wraps]), Status::Sat);
    let zero = r.constant(0, 32);
    let below = bin(&mut r, BvOp::Sub, zero, one);
    let all_ones = r.constant(u128::from(u32::MAX), 32);
    let eq = r.op(Op::Eq, &[below, all_ones]);
    let ne = r.op(Op::Not, &[eq]);
    assert_eq!(relax(&mut r, &[ne]), Status::Unsat);
    let k = r.constant(0x8000_0001, 32);
    let product = bin(&mut r, BvOp::Mul, x, k);
    let two = r.constant(2, 32);
    let is_two = r.op(Op::Eq, &[product, two]);
    let x_is = r.op(Op::Eq, &[x, two]);
    let other = r.op(Op::Not, &[x_is]);
    // 0x80000001 is odd, so invertible modulo 2^32: only 2 gives 2.
    assert_eq!(relax(&mut r, &[is_two, other]), Status::Unsat);
    assert_eq!(relax(&mut r, &[is_two, x_is]), Status::Sat);
}

/// Signed quotients, remainders and shifts round as C and SMT-LIB do.
#[test]
fn signed_operations_round_towards_zero() {
    let mut r = relaxed();
    let minus7 = r.constant(u128::from((-7i32) as u32), 32);
    let x = r.var("x", 32);
    let is_minus7 = r.op(Op::Eq, &[x, minus7]);
    let two = r.constant(2, 32);
    let cases = [
        (BvOp::SDiv, (-3i32) as u32),
        (BvOp::SRem, (-1i32) as u32),
        (BvOp::AShr, (-2i32) as u32),
        (BvOp::LShr, ((-7i32) as u32) >> 2),
        (BvOp::Shl, ((-7i32) as u32) << 2),
        (BvOp::UDiv, ((-7i32) as u32) / 2),
        (BvOp::URem, ((-7i32) as u32) % 2),
    ];
    for (op, expected) in cases {
        let amount = if matches!(op, BvOp::AShr | BvOp::LShr | BvOp::Shl) { r.constant(2, 32) } else { two };
        let value = bin(&mut r, op, x, amount);
        let want = r.constant(u128::from(expected), 32);
        let eq = r.op(Op::Eq, &[value, want]);
        let ne = r.op(Op::Not, &[eq]);
        assert_eq!(relax(&mut r, &[is_minus7, ne]), Status::Unsat, "{op:?}");
        assert_eq!(relax(&mut r, &[is_minus7, eq]), Status::Sat, "{op:?}");
    }
    // Extensions and extractions.
    let wide = r.op(Op::Extend(true, 32), &[x]);
    let low = r.op(Op::Extract(31, 0), &[wide]);
    let back = r.op(Op::Eq, &[low, x]);
    let not_back = r.op(Op::Not, &[back]);
    assert_eq!(relax(&mut r, &[not_back]), Status::Unsat);
    let high = r.op(Op::Extract(63, 32), &[wide]);
    let ones = r.constant(u128::from(u32::MAX), 32);
    let sign = r.op(Op::Eq, &[high, ones]);
    let not_sign = r.op(Op::Not, &[sign]);
    assert_eq!(relax(&mut r, &[is_minus7, not_sign]), Status::Unsat);
}

/// What the relaxation cannot encode stays a function of its operands:
/// equal operands, equal values; nothing more.
#[test]
fn opaque_operations_are_functions() {
    let mut r = relaxed();
    let (x, y) = (r.var("x", 16), r.var("y", 16));
    let p = bin(&mut r, BvOp::Mul, x, y);
    let q = bin(&mut r, BvOp::Mul, x, y);
    let differ = r.op(Op::Eq, &[p, q]);
    let not_equal = r.op(Op::Not, &[differ]);
    assert_eq!(relax(&mut r, &[not_equal]), Status::Unsat);
    let xor = bin(&mut r, BvOp::Xor, x, y);
    let zero = r.constant(0, 16);
    let is_zero = r.op(Op::Eq, &[xor, zero]);
    let same = r.op(Op::Eq, &[x, y]);
    let other = r.op(Op::Not, &[same]);
    // `x ^ y = 0` with `x != y` is impossible, but not for a function.
    assert_eq!(relax(&mut r, &[is_zero, other]), Status::Sat);
}

/// A backend that decides nothing: every check is undecided.
struct Undecided(Bitwuzla);

impl Backend for Undecided {
    fn name(&self) -> &'static str {
        "undecided"
    }
    fn constant(&mut self, value: u128, width: u32) -> Handle {
        self.0.constant(value, width)
    }
    fn var(&mut self, name: &str, width: u32) -> Handle {
        self.0.var(name, width)
    }
    fn apply(&mut self, name: &str, domain: &[u32], width: u32, args: &[Handle]) -> Handle {
        self.0.apply(name, domain, width, args)
    }
    fn op(&mut self, op: Op, args: &[Handle]) -> Handle {
        self.0.op(op, args)
    }
    fn assert(&mut self, fact: Handle) {
        self.0.assert(fact);
    }
    fn push(&mut self) {
        self.0.push();
    }
    fn pop(&mut self) {
        self.0.pop();
    }
    fn check(&mut self, _: Limit) -> Status {
        Status::Unknown("undecided".into())
    }
    fn check_fresh(&mut self, _: &[Handle], _: Limit) -> Status {
        Status::Unknown("undecided".into())
    }
    fn value(&mut self, term: Handle) -> Option<u128> {
        self.0.value(term)
    }
    fn work(&self) -> u64 {
        7
    }
    fn smtlib(&mut self, extra: &[Handle]) -> String {
        self.0.smtlib(extra)
    }
}

/// Behind the backend: an undecided check that the relaxation refutes is
/// `Unsat`, one it cannot refute stays undecided, a relaxation is off when
/// the solver says so, and the engine is not charged for it.
#[test]
fn an_undecided_check_is_relaxed() {
    let mut r = Relaxed::new(Box::new(Undecided(Bitwuzla::new())), None);
    let x = r.var("x", 32);
    let one = r.constant(1, 32);
    let sum = bin(&mut r, BvOp::Add, x, one);
    let less = cmp(&mut r, CmpOp::Slt, x, sum);
    let not_less = r.op(Op::Not, &[less]);
    let big = r.constant(0x7fff_fff0, 32);
    let small = cmp(&mut r, CmpOp::Slt, x, big);
    r.push();
    r.assert(not_less);
    r.assert(small);
    assert_eq!(r.check(LIMIT), Status::Unsat);
    assert_eq!(r.check_fresh(&[not_less, small], LIMIT), Status::Unsat);
    r.set_relaxation(false);
    assert_eq!(r.check(LIMIT), Status::Unknown("undecided".into()));
    r.set_relaxation(true);
    r.pop();
    assert_eq!(r.check(LIMIT), Status::Unknown("undecided".into()));
    assert_eq!(r.work(), 7);
}
