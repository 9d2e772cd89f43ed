//! The Bitwuzla backend, through the C API of `bitwuzla-sys`: one term
//! manager per backend, an incremental instance for [`Backend::check`]
//! (the kernel's common facts bit-blasted once, each query pushed and popped
//! above them) and a fresh instance over the same terms for
//! [`Backend::check_fresh`]. Bitwuzla's incremental mode leaves most of its
//! preprocessing (variable substitution, normalisation) to the assertions of
//! the first scope, which are the common facts: some pair queries above them,
//! index equalities of nonlinear terms, stay undecided at budgets a fresh
//! instance decides them in a fraction of (HeCBench `mask`: 5 of 6 queries
//! undecided at 10 million units incrementally, each decided in under 0.7 s
//! alone), while a fresh instance per query bit-blasts the common facts
//! every time (`fsm`: 273 easy queries of 51 ms each). So the solver asks
//! the incremental instance first and a fresh one for what it leaves
//! undecided (`solver.rs`).
//!
//! Work is counted through Bitwuzla's termination callback, which the solver
//! calls at fixed points of its own work (every few iterations of CaDiCaL's
//! search and of its preprocessing), never on a timer: the number of calls
//! (steps) is a function of the formula alone
//! (`tests::work_is_deterministic`). A step over a large formula takes
//! longer than one over a small one, so a check is priced by both, with the
//! size of the formula Bitwuzla bit-blasted (its own count of clauses, also
//! deterministic): [`cost`]. The callback ends a check past its work limit,
//! and past the wall-clock safety net, which then says so.

use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::os::raw::c_void;
use std::time::Instant;

use bitwuzla_sys as bw;
use gpurace_core::term::{BvOp, CmpOp};

use super::backend::{Backend, Handle, Limit, Op, Status};
use super::z3::QUERY_TIME;

/// The statistic of the bit-blasted formula's size.
const CLAUSES: &str = "solver::bv::bitblast::cnf::num_clauses";

/// Steps of a check's first round (see `Bitwuzla::run`).
const FIRST_ROUND: u64 = 64;

/// The work units of a check that bit-blasted `new` clauses, searched a
/// formula of `clauses` clauses in all and took `steps` steps (calls of the
/// termination callback). Bit-blasting costs by its size, and a step takes
/// longer on a larger formula (each is a few rounds of CaDiCaL's propagation
/// over its clauses): fitted on HeCBench's pair queries so that one unit is
/// about what z3 does in a sixth of a microsecond, as its resource units
/// (docs/performance.md).
pub(super) fn cost(new: u64, clauses: u64, steps: u64) -> u64 {
    CHECK_COST + new * PER_CLAUSE + steps * (PER_STEP + clauses * PER_STEP_CLAUSE / 1000)
}

/// The constants of [`cost`], from 2,406 checks of 76 HeCBench programs (one
/// unit a sixth of a microsecond). A least-squares fit of the time gives 2.2
/// ms a check, 0.84 us a clause bit-blasted, 17 us a step and 0.04 us a step
/// per thousand clauses when it weighs every check alike, and 1.6 us a clause
/// and 33 us a step when it weighs them by their time (the checks that make
/// a file's time); a step's time varies five-fold around either (18 to 106
/// us in checks of more than 80,000 steps; HeCBench `mask`: 450 us a step for
/// the first thousands over 350,000 clauses). The prices follow the second
/// fit, so that a file's budget bounds its time in the aggregate, with a
/// little more for steps over large formulas; the wall-clock safety nets
/// stay far above what any budget takes.
const CHECK_COST: u64 = 13_000;
const PER_CLAUSE: u64 = 10;
const PER_STEP: u64 = 200;
const PER_STEP_CLAUSE: u64 = 1;

/// What the termination callback counts and when it stops a check.
#[derive(Default)]
struct Meter {
    ticks: u64,
    /// The check in progress stops once `ticks` reaches this.
    stop_at: u64,
    deadline: Option<Instant>,
    fired: bool,
}

unsafe extern "C" fn terminate(state: *mut c_void) -> i32 {
    // SAFETY: `state` is the `Meter` the backend registered, boxed so that it
    // does not move, and alive as long as the instances that call it.
    let meter = unsafe { &mut *state.cast::<Meter>() };
    meter.ticks += 1;
    if meter.ticks >= meter.stop_at {
        return 1;
    }
    if meter.deadline.is_some_and(|d| Instant::now() >= d) {
        meter.fired = true;
        return 1;
    }
    0
}

/// A Bitwuzla term manager, its incremental instance and the assertions of
/// each open scope (for fresh instances).
pub struct Bitwuzla {
    tm: *mut bw::BitwuzlaTermManager,
    options: *mut bw::BitwuzlaOptions,
    /// The incremental instance: every scope pushed and asserted into it.
    inc: *mut bw::Bitwuzla,
    /// Clauses the incremental instance had bit-blasted after its last check.
    inc_clauses: u64,
    /// Clauses of its first check: the common facts, below every later one.
    inc_base: Option<u64>,
    /// The assertions of each open scope, the first one's at the bottom.
    scopes: Vec<Vec<Handle>>,
    /// The instance of the last fresh check, kept for its model.
    fresh: Option<*mut bw::Bitwuzla>,
    /// The instance whose last check said `Sat`, while its model is still
    /// the one to read.
    model: Option<*mut bw::Bitwuzla>,
    meter: Box<Meter>,
    /// The work units charged so far (see [`cost`]).
    spent: u64,
    bool_sort: bw::BitwuzlaSort,
    bv_sorts: HashMap<u32, bw::BitwuzlaSort>,
    vars: HashMap<(String, u32), Handle>,
    functions: HashMap<(String, Vec<u32>, u32), bw::BitwuzlaTerm>,
}

impl Bitwuzla {
    pub fn new() -> Bitwuzla {
        // SAFETY: plain constructor calls; every pointer is owned by the
        // backend and released in `Drop`.
        unsafe {
            let tm = bw::bitwuzla_term_manager_new();
            let options = bw::bitwuzla_options_new();
            bw::bitwuzla_set_option(options, bw::BITWUZLA_OPT_PRODUCE_MODELS, 1);
            let bool_sort = bw::bitwuzla_mk_bool_sort(tm);
            let mut meter = Box::<Meter>::default();
            let inc = bw::bitwuzla_new(tm, options);
            bw::bitwuzla_set_termination_callback(inc, Some(terminate), (&mut *meter as *mut Meter).cast());
            Bitwuzla {
                tm,
                options,
                inc,
                inc_clauses: 0,
                inc_base: None,
                scopes: vec![Vec::new()],
                fresh: None,
                model: None,
                meter,
                spent: 0,
                bool_sort,
                bv_sorts: HashMap::new(),
                vars: HashMap::new(),
                functions: HashMap::new(),
            }
        }
    }

    fn sort(&mut self, width: u32) -> bw::BitwuzlaSort {
        if width == 0 {
            return self.bool_sort;
        }
        let tm = self.tm;
        // SAFETY: `tm` is alive; a width of at least 1 is a valid sort.
        *self.bv_sorts.entry(width).or_insert_with(|| unsafe { bw::bitwuzla_mk_bv_sort(tm, u64::from(width)) })
    }

    fn drop_fresh(&mut self) {
        if let Some(fresh) = self.fresh.take() {
            if self.model == Some(fresh) {
                self.model = None;
            }
            // SAFETY: made by `check_fresh`, deleted once.
            unsafe { bw::bitwuzla_delete(fresh) };
        }
    }

    /// An instance with `facts` asserted, calling the backend's meter.
    fn instance(&mut self, facts: impl Iterator<Item = Handle>) -> *mut bw::Bitwuzla {
        // SAFETY: a new instance over this manager, with the backend's meter
        // (which outlives it: every instance is deleted before the backend).
        unsafe {
            let instance = bw::bitwuzla_new(self.tm, self.options);
            bw::bitwuzla_set_termination_callback(instance, Some(terminate), (&mut *self.meter as *mut Meter).cast());
            for f in facts {
                bw::bitwuzla_assert(instance, f.0);
            }
            instance
        }
    }

    /// The values of the statistics named `keys` of `instance`
    /// (deterministic counts), in that order.
    fn statistics(instance: *mut bw::Bitwuzla, keys: &[&str]) -> Vec<(String, u64)> {
        let (mut names, mut values, mut size) = (std::ptr::null_mut(), std::ptr::null_mut(), 0usize);
        // SAFETY: the instance is alive; Bitwuzla owns the returned arrays
        // until the next call, and they are read before it.
        let all: HashMap<String, String> = unsafe {
            bw::bitwuzla_get_statistics(instance, &mut names, &mut values, &mut size);
            (0..size)
                .map(|i| {
                    let k = CStr::from_ptr(*names.add(i)).to_string_lossy().into_owned();
                    let v = CStr::from_ptr(*values.add(i)).to_string_lossy().into_owned();
                    (k, v)
                })
                .collect()
        };
        keys.iter().map(|k| (k.to_string(), all.get(*k).and_then(|v| v.parse().ok()).unwrap_or(0))).collect()
    }

    /// The clauses `instance` has bit-blasted (0 before any check).
    fn clauses(instance: *mut bw::Bitwuzla) -> u64 {
        Self::statistics(instance, &[CLAUSES])[0].1
    }

    /// Checks `instance` under `limit`; `before` is the number of clauses it
    /// had bit-blasted before this check (Bitwuzla counts them over the
    /// instance's life) and `base` the size of what stays asserted below the
    /// check (the common facts of an incremental instance). Returns the
    /// status and the clauses after it.
    fn run(&mut self, instance: *mut bw::Bitwuzla, before: u64, base: u64, limit: Limit) -> (Status, u64) {
        self.model = None;
        self.meter.deadline = Some(Instant::now() + limit.time);
        self.meter.fired = false;
        // Two rounds: the first, of a few steps, decides most queries and
        // bit-blasts the rest; the size of what is bit-blasted then sets the
        // price of each later step, and the second round takes as many steps
        // as the rest of the budget buys.
        let started = self.meter.ticks;
        self.meter.stop_at = started + FIRST_ROUND;
        // SAFETY: `instance` is alive and its terms are this manager's.
        let mut result = unsafe { bw::bitwuzla_check_sat(instance) };
        let mut clauses = Self::clauses(instance);
        let new = |clauses: u64| clauses.saturating_sub(before);
        let mut spent = cost(new(clauses), base + new(clauses), self.meter.ticks - started);
        if result == bw::BITWUZLA_UNKNOWN && !self.meter.fired && spent < limit.work {
            let size = base + new(clauses);
            let per_step = cost(0, size, 1) - cost(0, size, 0);
            self.meter.stop_at = self.meter.ticks + (limit.work - spent) / per_step;
            // SAFETY: as above; an instance may be checked again after an
            // interrupted check.
            result = unsafe { bw::bitwuzla_check_sat(instance) };
            clauses = Self::clauses(instance);
            spent = cost(new(clauses), base + new(clauses), self.meter.ticks - started);
        }
        self.spent += spent;
        let status = match result {
            bw::BITWUZLA_SAT => {
                self.model = Some(instance);
                Status::Sat
            }
            bw::BITWUZLA_UNSAT => Status::Unsat,
            _ if self.meter.fired => Status::Unknown(QUERY_TIME.to_string()),
            _ => Status::Unknown("the work limit was reached".to_string()),
        };
        (status, clauses)
    }

    fn mk(&mut self, kind: bw::BitwuzlaKind, args: &[Handle]) -> Handle {
        let mut args: Vec<bw::BitwuzlaTerm> = args.iter().map(|h| h.0).collect();
        // SAFETY: the caller passes operands of the sorts `kind` needs.
        Handle(unsafe { bw::bitwuzla_mk_term(self.tm, kind, args.len() as u32, args.as_mut_ptr()) })
    }
}

impl Default for Bitwuzla {
    fn default() -> Bitwuzla {
        Bitwuzla::new()
    }
}

impl Drop for Bitwuzla {
    fn drop(&mut self) {
        self.drop_fresh();
        // SAFETY: each pointer was made in `new` and is released once; the
        // instances go before the manager their terms belong to.
        unsafe {
            bw::bitwuzla_delete(self.inc);
            bw::bitwuzla_options_delete(self.options);
            bw::bitwuzla_term_manager_delete(self.tm);
        }
    }
}

impl Backend for Bitwuzla {
    fn name(&self) -> &'static str {
        "bitwuzla"
    }

    fn constant(&mut self, value: u128, width: u32) -> Handle {
        // SAFETY: values of the right sort, made by this manager.
        unsafe {
            if width == 0 {
                return Handle(if value != 0 { bw::bitwuzla_mk_true(self.tm) } else { bw::bitwuzla_mk_false(self.tm) });
            }
            let sort = self.sort(width);
            if width <= 64 {
                return Handle(bw::bitwuzla_mk_bv_value_uint64(self.tm, sort, value as u64));
            }
            let digits = CString::new(format!("{value:x}")).expect("hex digits");
            Handle(bw::bitwuzla_mk_bv_value(self.tm, sort, digits.as_ptr(), 16))
        }
    }

    fn var(&mut self, name: &str, width: u32) -> Handle {
        if let Some(h) = self.vars.get(&(name.to_string(), width)) {
            return *h;
        }
        let sort = self.sort(width);
        let symbol = CString::new(name.replace('\0', " ")).expect("no NUL");
        // SAFETY: a constant of a valid sort; the symbol is copied.
        let h = Handle(unsafe { bw::bitwuzla_mk_const(self.tm, sort, symbol.as_ptr()) });
        self.vars.insert((name.to_string(), width), h);
        h
    }

    fn apply(&mut self, name: &str, domain: &[u32], width: u32, args: &[Handle]) -> Handle {
        if domain.is_empty() {
            // Bitwuzla has no function of no arguments: it is a constant.
            return self.var(&format!("{name}/0"), width);
        }
        let key = (name.to_string(), domain.to_vec(), width);
        let f = match self.functions.get(&key) {
            Some(f) => *f,
            None => {
                let mut sorts: Vec<bw::BitwuzlaSort> = domain.iter().map(|w| self.sort(*w)).collect();
                let codomain = self.sort(width);
                let symbol = CString::new(format!("{}/{}", name.replace('\0', " "), domain.len())).expect("no NUL");
                // SAFETY: a function sort over valid sorts, and a constant of it.
                let f = unsafe {
                    let sort = bw::bitwuzla_mk_fun_sort(self.tm, sorts.len() as u64, sorts.as_mut_ptr(), codomain);
                    bw::bitwuzla_mk_const(self.tm, sort, symbol.as_ptr())
                };
                self.functions.insert(key, f);
                f
            }
        };
        let mut all = vec![Handle(f)];
        all.extend_from_slice(args);
        self.mk(bw::BITWUZLA_KIND_APPLY, &all)
    }

    fn op(&mut self, op: Op, args: &[Handle]) -> Handle {
        let kind = match op {
            Op::Not => bw::BITWUZLA_KIND_NOT,
            Op::And | Op::Or if args.is_empty() => return self.constant(u128::from(op == Op::And), 0),
            Op::And | Op::Or if args.len() == 1 => return args[0],
            Op::And => bw::BITWUZLA_KIND_AND,
            Op::Or => bw::BITWUZLA_KIND_OR,
            Op::Ite => bw::BITWUZLA_KIND_ITE,
            Op::Eq => bw::BITWUZLA_KIND_EQUAL,
            Op::Bv(op) => match op {
                BvOp::Add => bw::BITWUZLA_KIND_BV_ADD,
                BvOp::Sub => bw::BITWUZLA_KIND_BV_SUB,
                BvOp::Mul => bw::BITWUZLA_KIND_BV_MUL,
                BvOp::UDiv => bw::BITWUZLA_KIND_BV_UDIV,
                BvOp::SDiv => bw::BITWUZLA_KIND_BV_SDIV,
                BvOp::URem => bw::BITWUZLA_KIND_BV_UREM,
                BvOp::SRem => bw::BITWUZLA_KIND_BV_SREM,
                BvOp::Shl => bw::BITWUZLA_KIND_BV_SHL,
                BvOp::LShr => bw::BITWUZLA_KIND_BV_SHR,
                BvOp::AShr => bw::BITWUZLA_KIND_BV_ASHR,
                BvOp::And => bw::BITWUZLA_KIND_BV_AND,
                BvOp::Or => bw::BITWUZLA_KIND_BV_OR,
                BvOp::Xor => bw::BITWUZLA_KIND_BV_XOR,
            },
            Op::Cmp(op) => match op {
                CmpOp::Eq => bw::BITWUZLA_KIND_EQUAL,
                CmpOp::Ult => bw::BITWUZLA_KIND_BV_ULT,
                CmpOp::Ule => bw::BITWUZLA_KIND_BV_ULE,
                CmpOp::Slt => bw::BITWUZLA_KIND_BV_SLT,
                CmpOp::Sle => bw::BITWUZLA_KIND_BV_SLE,
                CmpOp::SMulFits => {
                    let overflow = self.mk(bw::BITWUZLA_KIND_BV_SMUL_OVERFLOW, args);
                    return self.mk(bw::BITWUZLA_KIND_NOT, &[overflow]);
                }
            },
            Op::Extend(signed, by) => {
                let kind = if signed { bw::BITWUZLA_KIND_BV_SIGN_EXTEND } else { bw::BITWUZLA_KIND_BV_ZERO_EXTEND };
                // SAFETY: a bit-vector operand.
                return Handle(unsafe { bw::bitwuzla_mk_term1_indexed1(self.tm, kind, args[0].0, u64::from(by)) });
            }
            Op::Extract(hi, lo) => {
                // SAFETY: a bit-vector operand wider than `hi`.
                return Handle(unsafe {
                    bw::bitwuzla_mk_term1_indexed2(
                        self.tm,
                        bw::BITWUZLA_KIND_BV_EXTRACT,
                        args[0].0,
                        u64::from(hi),
                        u64::from(lo),
                    )
                });
            }
        };
        self.mk(kind, args)
    }

    fn assert(&mut self, fact: Handle) {
        self.model = None;
        self.scopes.last_mut().expect("the first scope is never popped").push(fact);
        // SAFETY: a truth-valued term of this manager.
        unsafe { bw::bitwuzla_assert(self.inc, fact.0) }
    }

    fn push(&mut self) {
        self.scopes.push(Vec::new());
        // SAFETY: the instance is alive.
        unsafe { bw::bitwuzla_push(self.inc, 1) }
    }

    fn pop(&mut self) {
        self.model = None;
        if self.scopes.len() > 1 {
            self.scopes.pop();
            // SAFETY: a scope this backend pushed.
            unsafe { bw::bitwuzla_pop(self.inc, 1) }
        }
    }

    fn check(&mut self, limit: Limit) -> Status {
        // The first check bit-blasts the common facts, below every later one.
        let base = self.inc_base.unwrap_or(0);
        let (status, clauses) = self.run(self.inc, self.inc_clauses, base, limit);
        self.inc_base.get_or_insert(clauses);
        self.inc_clauses = clauses;
        status
    }

    fn check_fresh(&mut self, facts: &[Handle], limit: Limit) -> Status {
        self.drop_fresh();
        let fresh = self.instance(facts.iter().copied());
        self.fresh = Some(fresh);
        self.run(fresh, 0, 0, limit).0
    }

    fn value(&mut self, term: Handle) -> Option<u128> {
        let instance = self.model?;
        // SAFETY: the instance's check said `Sat` and nothing was asserted
        // or popped since (`assert`, `pop` and the checks clear `model`).
        unsafe {
            let value = bw::bitwuzla_get_value(instance, term.0);
            if bw::bitwuzla_term_is_bool(value) {
                return Some(u128::from(bw::bitwuzla_term_value_get_bool(value)));
            }
            let text = bw::bitwuzla_term_value_get_str_fmt(value, 16);
            if text.is_null() {
                return None;
            }
            u128::from_str_radix(CStr::from_ptr(text).to_str().ok()?, 16).ok()
        }
    }

    fn work(&self) -> u64 {
        self.spent
    }

    fn last_stats(&mut self) -> String {
        Self::statistics(self.fresh.unwrap_or(self.inc), &[CLAUSES, "solver::bv::bitblast::aig::num_ands"])
            .iter()
            .map(|(k, v)| format!("{} {v}", k.rsplit("::").next().unwrap_or(k)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn smtlib(&mut self, extra: &[Handle]) -> String {
        let facts: Vec<Handle> = self.scopes.iter().flatten().chain(extra).copied().collect();
        let printer = self.instance(facts.into_iter());
        // SAFETY: a temporary instance printed into a temporary file and
        // deleted.
        unsafe {
            let file = libc::tmpfile();
            if file.is_null() {
                bw::bitwuzla_delete(printer);
                return String::new();
            }
            bw::bitwuzla_print_formula(printer, c"smt2".as_ptr(), file, 10);
            bw::bitwuzla_delete(printer);
            libc::fflush(file);
            let length = libc::ftell(file).max(0) as usize;
            libc::rewind(file);
            let mut bytes = vec![0u8; length];
            let read = libc::fread(bytes.as_mut_ptr().cast(), 1, length, file);
            libc::fclose(file);
            bytes.truncate(read);
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const LIMIT: Limit = Limit { work: u64::MAX / 4, time: Duration::from_secs(600) };

    /// `x * y == n` with `1 < x, y < 2^k`: factoring, a query whose search
    /// takes many callback calls.
    fn factoring(b: &mut Bitwuzla, bits: u32, n: u64) {
        let (x, y) = (b.var("x", bits), b.var("y", bits));
        let product = b.op(Op::Bv(BvOp::Mul), &[x, y]);
        let n = b.constant(u128::from(n), bits);
        let one = b.constant(1, bits);
        let bound = b.constant(1 << (bits / 2 + 2), bits);
        for fact in [
            b.op(Op::Eq, &[product, n]),
            b.op(Op::Cmp(CmpOp::Ult), &[one, x]),
            b.op(Op::Cmp(CmpOp::Ult), &[one, y]),
            b.op(Op::Cmp(CmpOp::Ult), &[x, bound]),
            b.op(Op::Cmp(CmpOp::Ult), &[y, bound]),
        ] {
            b.assert(fact);
        }
    }

    #[test]
    fn work_is_deterministic() {
        let run = || {
            let mut b = Bitwuzla::new();
            factoring(&mut b, 30, 32_749 * 32_719);
            assert_eq!(b.check(LIMIT), Status::Sat);
            b.work()
        };
        let first = run();
        assert!(first > CHECK_COST, "the search called the callback");
        assert_eq!(first, run());
        assert_eq!(first, run());
    }

    #[test]
    fn a_work_limit_stops_a_check_and_the_next_goes_on() {
        let mut b = Bitwuzla::new();
        factoring(&mut b, 40, 999_983 * 999_979);
        // Above the price of the first round (64 steps: about 234,000 units
        // here), which a check always takes: a limit below it is overrun by
        // that round, one above it by one step at most.
        let small = Limit { work: 2_000_000, time: Duration::from_secs(600) };
        assert!(matches!(b.check(small), Status::Unknown(reason) if !reason.contains("wall-clock")));
        assert!(b.work() <= 2_000_000 + cost(0, 1_000_000, 1) - cost(0, 1_000_000, 0), "{}", b.work());
        // The solver is still usable: a contradiction is found.
        let x = b.var("x", 40);
        let zero = b.constant(0, 40);
        let fact = b.op(Op::Eq, &[x, zero]);
        b.push();
        b.assert(fact);
        assert_eq!(b.check(LIMIT), Status::Unsat);
        b.pop();
    }

    #[test]
    fn models_give_wide_values_and_functions() {
        let mut b = Bitwuzla::new();
        let x = b.var("x", 128);
        let big = b.constant(u128::MAX - 5, 128);
        let eq = b.op(Op::Eq, &[x, big]);
        b.assert(eq);
        let y = b.var("y", 8);
        let f = b.apply("f", &[8], 16, &[y]);
        let seven = b.constant(7, 16);
        let fact = b.op(Op::Eq, &[f, seven]);
        b.assert(fact);
        assert_eq!(b.check(LIMIT), Status::Sat);
        assert_eq!(b.value(x), Some(u128::MAX - 5));
        assert_eq!(b.value(f), Some(7));
        assert!(b.smtlib(&[]).contains("check-sat") || !b.smtlib(&[]).is_empty());
    }
}
