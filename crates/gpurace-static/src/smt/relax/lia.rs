//! Bit-vector terms as z3 integers: each term is its unsigned value, with
//! the range (`Span`) it is known to lie in. The ranges keep the formula
//! small: a sum that cannot wrap (`ext64(i) + ext64(j)`) is a plain sum, a
//! value below `2^(w-1)` is its own signed value, and only the operations
//! that may wrap get the case split that wraps them.

use std::collections::{BTreeMap, HashMap};

use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{Context, FuncDecl, Params, SatResult, Sort};

use gpurace_core::term::{BvOp, CmpOp};

use super::Made;
use crate::smt::backend::{Handle, Limit, Op, Status};
use crate::smt::z3::run_watched;

/// The unsigned values a term may take, both ends included.
type Span = (u128, u128);

/// The largest value of `w` bits.
fn top(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn full(w: u32) -> Span {
    (0, top(w))
}

/// A translated term and its span (truth values: `(0, 1)`).
#[derive(Clone)]
struct Val {
    d: Dynamic<'static>,
    span: Span,
}

/// Held by every thread while it uses a relaxation's z3 context: two
/// HeCBench workers stopped on a null pointer inside z3 4.8.12 (`libz3.so.4`,
/// the same place both times) while several solver lanes relaxed at once, a
/// crash no single-threaded rerun showed. Relaxations are rare and short, so
/// taking turns costs little.
static Z3_TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn turn() -> std::sync::MutexGuard<'static, ()> {
    Z3_TURN.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The integer side: a z3 context, the translations made so far and the
/// ranges of the variables they mention.
pub(super) struct Lia {
    terms: HashMap<Handle, Val>,
    functions: HashMap<(String, Vec<u32>, u32), FuncDecl<'static>>,
    ranges: BTreeMap<String, Bool<'static>>,
    /// The work of every check so far (z3's resource count).
    pub(super) work: u64,
    /// Dropped by hand, last and in turn (`Drop for Lia`).
    ctx: std::mem::ManuallyDrop<Box<Context>>,
}

/// `2^k` as a z3 integer.
fn pow2(ctx: &'static Context, k: u32) -> Int<'static> {
    if k < 128 {
        int(ctx, 1u128 << k)
    } else {
        Int::mul(ctx, &[&pow2(ctx, 64), &pow2(ctx, k - 64)])
    }
}

fn int(ctx: &'static Context, v: u128) -> Int<'static> {
    match u64::try_from(v) {
        Ok(small) => Int::from_u64(ctx, small),
        Err(_) => Int::from_str(ctx, &v.to_string()).expect("a decimal numeral"),
    }
}

fn val<A: Ast<'static>>(a: &A, span: Span) -> Val {
    Val { d: Dynamic::from_ast(a), span }
}

/// The value of `x` read as a signed `w`-bit number.
fn signed(ctx: &'static Context, x: &Val, w: u32) -> Int<'static> {
    let n = x.d.as_int().expect("an integer operand");
    let half = 1u128.checked_shl(w - 1).unwrap_or(u128::MAX);
    if x.span.1 < half {
        n
    } else if x.span.0 >= half {
        Int::sub(ctx, &[&n, &pow2(ctx, w)])
    } else {
        n.ge(&pow2(ctx, w - 1)).ite(&Int::sub(ctx, &[&n, &pow2(ctx, w)]), &n)
    }
}

/// Whether the span lies below `2^(w-1)`: its signed and unsigned values agree.
fn non_negative(span: Span, w: u32) -> bool {
    w >= 1 && span.1 < 1u128.checked_shl(w - 1).unwrap_or(u128::MAX)
}

impl Drop for Lia {
    fn drop(&mut self) {
        // The terms release their references to the context in turn too.
        let _turn = turn();
        self.terms.clear();
        self.functions.clear();
        self.ranges.clear();
        // SAFETY: nothing borrows the context any more (the maps above held
        // every term and function made in it), and it is not used again.
        unsafe { std::mem::ManuallyDrop::drop(&mut self.ctx) };
    }
}

impl Lia {
    pub(super) fn new() -> Lia {
        let _turn = turn();
        let ctx = std::mem::ManuallyDrop::new(Box::new(Context::new(&z3::Config::new())));
        Lia { terms: HashMap::new(), functions: HashMap::new(), ranges: BTreeMap::new(), work: 0, ctx }
    }

    fn ctx(&self) -> &'static Context {
        // SAFETY: the context lives in a box owned by `Lia` and is dropped
        // after the terms and functions that borrow it (`Drop for Lia`);
        // nothing that borrows it leaves.
        let ctx: &Context = &self.ctx;
        unsafe { &*(ctx as *const Context) }
    }

    /// Checks `facts` over the integers within `limit`.
    pub(super) fn check(
        &mut self,
        made: &HashMap<Handle, (Made, u32)>,
        facts: &[Handle],
        limit: Limit,
        dump: Option<&std::path::Path>,
    ) -> Status {
        let _turn = turn();
        let ctx = self.ctx();
        let mut translated = Vec::with_capacity(facts.len());
        for f in facts {
            match self.translate(made, *f).d.as_bool() {
                Some(b) => translated.push(b),
                None => return Status::Unknown("a fact the relaxation cannot read".into()),
            }
        }
        let solver = z3::Solver::new_for_logic(ctx, "QF_UFLIA").unwrap_or_else(|| z3::Solver::new(ctx));
        for b in self.ranges.values().chain(&translated) {
            solver.assert(b);
        }
        let mut params = Params::new(ctx);
        params.set_u32("rlimit", u32::try_from(limit.work).unwrap_or(u32::MAX).max(1));
        // z3's older arithmetic core, with a cut for a branch in a hundred:
        // it counts its work (each check of the measured queries stopped
        // within 0.4 s at 6 million units). The newer core (the default for
        // this logic in z3 4.8.12, Debian 12's) ran 30-50 s past its limit on
        // some of them, in bound propagation and branch and bound on values
        // up to 2^64 that it does not count.
        params.set_u32("arith.solver", 2);
        params.set_u32("arith.branch_cut_ratio", 100);
        solver.set_params(&params);
        if let Some(dir) = dump {
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let text = format!("(set-logic QF_UFLIA)\n{solver}(check-sat)\n");
            let _ = std::fs::write(dir.join(format!("relaxation-{n:04}.smt2")), text);
        }
        let (result, _) = run_watched(ctx, &solver, limit);
        // The count is the context's, over all its solvers.
        let total = match solver.get_statistics().value("rlimit count") {
            Some(z3::StatisticsValue::UInt(v)) => u64::from(v),
            Some(z3::StatisticsValue::Double(v)) => v as u64,
            None => self.work,
        };
        self.work = self.work.max(total);
        match result {
            SatResult::Unsat => Status::Unsat,
            SatResult::Sat => Status::Sat,
            SatResult::Unknown => Status::Unknown("the relaxation's work limit was reached".into()),
        }
    }

    /// The translation of `h`, made once.
    fn translate(&mut self, made: &HashMap<Handle, (Made, u32)>, h: Handle) -> Val {
        if let Some(v) = self.terms.get(&h) {
            return v.clone();
        }
        let v = match made.get(&h) {
            Some((m, width)) => {
                let (m, width) = (m.clone(), *width);
                self.translate_made(made, &m, width)
            }
            // Every handle is made through the wrapper; a stranger is a free
            // truth value, which no proof can rest on.
            None => val(&Bool::fresh_const(self.ctx(), "unseen"), (0, 1)),
        };
        self.terms.insert(h, v.clone());
        v
    }

    fn translate_made(&mut self, made: &HashMap<Handle, (Made, u32)>, m: &Made, width: u32) -> Val {
        let ctx = self.ctx();
        match m {
            Made::Const(v) if width == 0 => val(&Bool::from_bool(ctx, *v != 0), (0, 1)),
            Made::Const(v) => val(&int(ctx, *v), (*v, *v)),
            Made::Var(name) if width == 0 => val(&Bool::new_const(ctx, name.as_str()), (0, 1)),
            Made::Var(name) => {
                let v = Int::new_const(ctx, name.as_str());
                let range = Bool::and(ctx, &[&v.ge(&Int::from_u64(ctx, 0)), &v.le(&int(ctx, top(width)))]);
                self.ranges.entry(name.clone()).or_insert(range);
                val(&v, full(width))
            }
            Made::Apply(name, domain, args) => {
                let args: Vec<Val> = args.iter().map(|a| self.translate(made, *a)).collect();
                self.call(name, domain, width, &args)
            }
            Made::Op(op, args) => {
                let widths: Vec<u32> = args.iter().map(|a| made.get(a).map_or(0, |m| m.1)).collect();
                let consts: Vec<Option<u128>> = args
                    .iter()
                    .map(|a| match made.get(a) {
                        Some((Made::Const(v), _)) => Some(*v),
                        _ => None,
                    })
                    .collect();
                let values: Vec<Val> = args.iter().map(|a| self.translate(made, *a)).collect();
                self.operation(*op, &values, &widths, &consts, width)
            }
        }
    }

    /// `name(args)`, an uninterpreted function of the domain's sorts, its
    /// value reduced to `width` bits. Functions of one name but other
    /// widths are other functions, as they are for the bit-vector backend.
    fn call(&mut self, name: &str, domain: &[u32], width: u32, args: &[Val]) -> Val {
        let ctx = self.ctx();
        let sort = |w: u32| if w == 0 { Sort::bool(ctx) } else { Sort::int(ctx) };
        let f = self.functions.entry((name.to_string(), domain.to_vec(), width)).or_insert_with(|| {
            let sorts: Vec<Sort<'static>> = domain.iter().map(|w| sort(*w)).collect();
            let refs: Vec<&Sort<'static>> = sorts.iter().collect();
            FuncDecl::new(ctx, format!("{name}/{domain:?}/{width}"), &refs, &sort(width))
        });
        let refs: Vec<&dyn Ast<'static>> = args.iter().map(|a| &a.d as &dyn Ast<'static>).collect();
        let value = f.apply(&refs);
        match value.as_int() {
            Some(i) => val(&i.modulo(&pow2(ctx, width)), full(width)),
            None => Val { d: value, span: (0, 1) },
        }
    }

    fn operation(&mut self, op: Op, values: &[Val], widths: &[u32], consts: &[Option<u128>], width: u32) -> Val {
        let ctx = self.ctx();
        let b = |i: usize| values[i].d.as_bool().expect("a truth-valued operand");
        let boolean = |x: Bool<'static>| val(&x, (0, 1));
        match op {
            Op::Not => boolean(b(0).not()),
            Op::And | Op::Or => {
                let parts: Vec<Bool<'static>> = (0..values.len()).map(b).collect();
                let refs: Vec<&Bool<'static>> = parts.iter().collect();
                boolean(if op == Op::And { Bool::and(ctx, &refs) } else { Bool::or(ctx, &refs) })
            }
            Op::Ite => {
                let (x, y) = (&values[1], &values[2]);
                Val { d: b(0).ite(&x.d, &y.d), span: (x.span.0.min(y.span.0), x.span.1.max(y.span.1)) }
            }
            Op::Eq => boolean(values[0].d._eq(&values[1].d)),
            Op::Cmp(cmp) => boolean(self.compare(cmp, &values[0], &values[1], widths[0], consts)),
            Op::Extend(signed_, by) => self.extend(&values[0], widths[0], signed_, by),
            Op::Extract(hi, lo) => {
                let x = &values[0];
                let n = x.d.as_int().expect("an integer operand");
                let (shifted, span) =
                    if lo == 0 { (n, x.span) } else { (n.div(&pow2(ctx, lo)), (x.span.0 >> lo, x.span.1 >> lo)) };
                if span.1 <= top(hi - lo + 1) {
                    val(&shifted, span)
                } else {
                    val(&shifted.modulo(&pow2(ctx, hi - lo + 1)), full(hi - lo + 1))
                }
            }
            Op::Bv(bv) => match self.arithmetic(bv, &values[0], &values[1], width, consts) {
                Some(v) => v,
                None => self.call(&format!("@{bv:?}"), widths, width, values),
            },
        }
    }

    fn extend(&self, x: &Val, w: u32, signed_: bool, by: u32) -> Val {
        let ctx = self.ctx();
        if !signed_ || non_negative(x.span, w) {
            return x.clone();
        }
        let n = x.d.as_int().expect("an integer operand");
        let up = top(w + by) - top(w);
        let moved = Int::add(ctx, &[&n, &int(ctx, up)]);
        if x.span.0 >= 1u128 << (w - 1) {
            return val(&moved, (x.span.0 + up, x.span.1 + up));
        }
        val(&n.ge(&pow2(ctx, w - 1)).ite(&moved, &n), full(w + by))
    }

    fn compare(&mut self, cmp: CmpOp, x: &Val, y: &Val, w: u32, consts: &[Option<u128>]) -> Bool<'static> {
        let ctx = self.ctx();
        let (nx, ny) = (x.d.as_int().expect("an integer operand"), y.d.as_int().expect("an integer operand"));
        match cmp {
            CmpOp::Eq => nx._eq(&ny),
            CmpOp::Ult => nx.lt(&ny),
            CmpOp::Ule => nx.le(&ny),
            CmpOp::Slt => signed(ctx, x, w).lt(&signed(ctx, y, w)),
            CmpOp::Sle => signed(ctx, x, w).le(&signed(ctx, y, w)),
            CmpOp::SMulFits => {
                let constant = consts[1].map(|c| (x, c)).or_else(|| consts[0].map(|c| (y, c))).filter(|_| w < 127);
                match constant {
                    Some((v, c)) => {
                        let c = if c >= 1u128 << (w - 1) { c as i128 - (1i128 << w) } else { c as i128 };
                        let c = Int::from_str(ctx, &c.to_string()).expect("a decimal numeral");
                        let product = Int::mul(ctx, &[&signed(ctx, v, w), &c]);
                        let low = pow2(ctx, w - 1).unary_minus();
                        Bool::and(ctx, &[&product.ge(&low), &product.lt(&pow2(ctx, w - 1))])
                    }
                    None => {
                        self.call("@SMulFits", &[w, w], 0, &[x.clone(), y.clone()]).d.as_bool().expect("a truth value")
                    }
                }
            }
        }
    }

    /// The exact value of `x op y` where it is linear; `None` where it is not.
    fn arithmetic(&mut self, op: BvOp, x: &Val, y: &Val, w: u32, consts: &[Option<u128>]) -> Option<Val> {
        let ctx = self.ctx();
        let (nx, ny) = (x.d.as_int()?, y.d.as_int()?);
        let m = pow2(ctx, w);
        let max = top(w);
        let c = consts.get(1).copied().flatten();
        Some(match op {
            BvOp::Add => {
                let s = Int::add(ctx, &[&nx, &ny]);
                match (x.span.0.checked_add(y.span.0), x.span.1.checked_add(y.span.1)) {
                    (Some(lo), Some(hi)) if hi <= max => val(&s, (lo, hi)),
                    (Some(lo), Some(hi)) if lo > max => val(&Int::sub(ctx, &[&s, &m]), (lo - max - 1, hi - max - 1)),
                    _ => val(&s.ge(&m).ite(&Int::sub(ctx, &[&s, &m]), &s), full(w)),
                }
            }
            BvOp::Sub => {
                let d = Int::sub(ctx, &[&nx, &ny]);
                if x.span.0 >= y.span.1 {
                    val(&d, (x.span.0 - y.span.1, x.span.1 - y.span.0))
                } else if x.span.1 < y.span.0 {
                    let span = (max - (y.span.1 - x.span.0) + 1, max - (y.span.0 - x.span.1) + 1);
                    val(&Int::add(ctx, &[&d, &m]), span)
                } else {
                    val(&d.lt(&Int::from_u64(ctx, 0)).ite(&Int::add(ctx, &[&d, &m]), &d), full(w))
                }
            }
            BvOp::Mul => {
                let (v, k) = match (consts[0], c) {
                    (Some(k), _) => (y, k),
                    (_, Some(k)) => (x, k),
                    _ => return None,
                };
                self.scaled(v, k, w)
            }
            BvOp::Shl => match c? {
                k if k >= u128::from(w) => val(&Int::from_u64(ctx, 0), (0, 0)),
                k => self.scaled(x, 1u128 << k, w),
            },
            BvOp::UDiv => match c? {
                0 => val(&int(ctx, max), (max, max)),
                k => val(&nx.div(&int(ctx, k)), (x.span.0 / k, x.span.1 / k)),
            },
            BvOp::LShr => match c? {
                k if k >= u128::from(w) => val(&Int::from_u64(ctx, 0), (0, 0)),
                k => val(&nx.div(&pow2(ctx, k as u32)), (x.span.0 >> k, x.span.1 >> k)),
            },
            BvOp::URem => match c? {
                0 => x.clone(),
                k if x.span.1 < k => x.clone(),
                k => val(&nx.modulo(&int(ctx, k)), (0, k - 1)),
            },
            BvOp::SDiv | BvOp::SRem | BvOp::AShr => self.signed_arithmetic(op, x, w, c?)?,
            BvOp::And => {
                let (v, mask) = match (consts[0], c) {
                    (Some(k), _) => (y, k),
                    (_, Some(k)) => (x, k),
                    _ => return None,
                };
                let n = v.d.as_int()?;
                // Every value up to the span's top has only bits below its
                // highest one.
                let below = if v.span.1 == 0 { 0 } else { u128::MAX >> v.span.1.leading_zeros() };
                if below & !mask == 0 {
                    v.clone()
                } else if mask & mask.wrapping_add(1) == 0 {
                    // Low bits: `x & (2^k - 1)`.
                    val(&n.modulo(&int(ctx, mask + 1)), (0, mask.min(v.span.1)))
                } else if (max - mask) & (max - mask).wrapping_add(1) == 0 {
                    // High bits: `x & ~(2^k - 1)`.
                    let low = int(ctx, max - mask + 1);
                    val(&Int::sub(ctx, &[&n, &n.modulo(&low)]), (0, v.span.1))
                } else {
                    return None;
                }
            }
            BvOp::Or | BvOp::Xor => return None,
        })
    }

    /// `v * k` modulo `2^w`; a plain product when it cannot wrap.
    fn scaled(&self, v: &Val, k: u128, w: u32) -> Val {
        let ctx = self.ctx();
        let n = v.d.as_int().expect("an integer operand");
        let product = Int::mul(ctx, &[&n, &int(ctx, k)]);
        match (v.span.0.checked_mul(k), v.span.1.checked_mul(k)) {
            (Some(lo), Some(hi)) if hi <= top(w) => val(&product, (lo, hi)),
            _ => val(&product.modulo(&pow2(ctx, w)), full(w)),
        }
    }

    /// Signed quotients and remainders by a positive constant `k`
    /// (rounding towards zero), and arithmetic shifts right by `k`.
    fn signed_arithmetic(&self, op: BvOp, x: &Val, w: u32, k: u128) -> Option<Val> {
        let ctx = self.ctx();
        let nx = x.d.as_int()?;
        let non_negative = non_negative(x.span, w);
        if op == BvOp::AShr {
            let k = k.min(u128::from(w - 1)) as u32;
            if non_negative {
                return Some(val(&nx.div(&pow2(ctx, k)), (x.span.0 >> k, x.span.1 >> k)));
            }
            return Some(val(&signed(ctx, x, w).div(&pow2(ctx, k)).modulo(&pow2(ctx, w)), full(w)));
        }
        if k == 0 || k >= 1u128 << (w - 1) {
            return None;
        }
        let kk = int(ctx, k);
        if non_negative {
            return Some(if op == BvOp::SDiv {
                val(&nx.div(&kk), (x.span.0 / k, x.span.1 / k))
            } else if x.span.1 < k {
                x.clone()
            } else {
                val(&nx.modulo(&kk), (0, k - 1))
            });
        }
        let s = signed(ctx, x, w);
        let negative = s.lt(&Int::from_u64(ctx, 0));
        let magnitude = negative.ite(&s.unary_minus(), &s);
        let part = if op == BvOp::SDiv { magnitude.div(&kk) } else { magnitude.modulo(&kk) };
        Some(val(&negative.ite(&part.unary_minus(), &part).modulo(&pow2(ctx, w)), full(w)))
    }
}
