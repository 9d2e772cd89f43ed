//! An integer relaxation behind a bit-vector backend: a query the backend
//! leaves undecided within its work limit is asked again over the integers
//! (z3's linear arithmetic), where chains of inequalities between sums and
//! abstracted products are cheap, while bit-blasted they cost seconds (a
//! bitonic stage's `i < P + h` against `j + h`, `P = i / len * len`: 3.8 s
//! in Bitwuzla, 0.2 s here).
//!
//! Each bit-vector term stands for its unsigned value in `[0, 2^w)`, and
//! each operation is encoded exactly where that stays linear (sums with
//! their wrap, products, quotients and shifts by constants, masks of low
//! bits, extensions, extractions, signed comparisons) and by an
//! uninterpreted function of its operands reduced modulo `2^w` where it is
//! not (`x * y`, `x / y`, `x ^ y`). Every model of the bit-vector query is
//! then a model of the relaxation (each function takes the value the
//! operation has there), so `Unsat` here is a proof of the query; `Sat`
//! proves nothing and is not used.
//!
//! The wrapper records the terms the engine makes (cheap) and translates
//! them into z3 only when a check is undecided.

use std::collections::HashMap;

use super::backend::{Backend, Handle, Limit, Op, Status};

mod lia;
#[cfg(test)]
mod tests;

use lia::Lia;

/// The most work the relaxation of one query may take, in z3's units:
/// three times the query's own, and at most this (about 0.5 s: z3's
/// arithmetic does about 20 million of them a second on the queries
/// measured); the proofs of a bitonic stage take 2-7 million.
///
/// The engine's budgets are not charged for it: a relaxation follows a pair
/// query left undecided, and a kernel stops at a few of those per lane
/// (`--undecided`), so their number is bounded; charged, they spent the
/// kernel's budget before its last pairs were asked (ScoR `rule-110`, a
/// proof lost). Uncharged, every query the engine asked before is asked
/// with the same budget, and a proof here only saves work.
const MAX_WORK: u64 = 10_000_000;

/// A term the engine made, as the wrapper records it (`width` 0: a truth
/// value).
#[derive(Debug, Clone)]
pub(super) enum Made {
    Const(u128),
    Var(String),
    Apply(String, Vec<u32>, Vec<Handle>),
    Op(Op, Vec<Handle>),
}

/// A bit-vector backend with the integer relaxation behind it.
pub struct Relaxed {
    inner: Box<dyn Backend>,
    made: HashMap<Handle, (Made, u32)>,
    /// The order the terms were made in, which names the same terms the same
    /// way in every run.
    born: HashMap<Handle, usize>,
    /// The assertions of each open scope (the base first).
    scopes: Vec<Vec<Handle>>,
    lia: Lia,
    /// What the last check's relaxation said, for `--query-stats`.
    last: Option<(Status, u64)>,
    /// The fact sets relaxed without a proof, with the work they had: the
    /// stages of one query (probe, pair, one-shot) often ask the same facts
    /// again, and only a larger budget may decide them.
    failed: HashMap<Vec<Handle>, u64>,
    /// Where each relaxation is written as SMT-LIB (`--solver-dump`).
    dump: Option<std::path::PathBuf>,
    /// Whether undecided checks are relaxed now (`Backend::set_relaxation`).
    on: bool,
}

impl Relaxed {
    pub fn new(inner: Box<dyn Backend>, dump: Option<std::path::PathBuf>) -> Relaxed {
        Relaxed {
            inner,
            made: HashMap::new(),
            born: HashMap::new(),
            scopes: vec![Vec::new()],
            lia: Lia::new(),
            last: None,
            failed: HashMap::new(),
            dump,
            on: true,
        }
    }

    fn record(&mut self, h: Handle, made: Made, width: u32) -> Handle {
        let next = self.made.len();
        self.made.entry(h).or_insert((made, width));
        self.born.entry(h).or_insert(next);
        h
    }

    fn width(&self, h: Handle) -> u32 {
        self.made.get(&h).map_or(0, |m| m.1)
    }

    /// The relaxation of `facts`: `Unsat` proves them unsatisfiable.
    fn relax(&mut self, facts: &[Handle], limit: Limit) -> Status {
        // The facts in the order they were made (handles are addresses,
        // which vary between runs: translating in their order would change
        // the integer problem's term order, and with it the answer at a
        // limit); the sorted set only names them in the memo.
        let mut ordered = facts.to_vec();
        ordered.sort_by_key(|f| (self.born.get(f).copied().unwrap_or(usize::MAX), *f));
        ordered.dedup();
        let mut key = ordered.clone();
        key.sort_unstable();
        let limit = Limit { work: limit.work.saturating_mul(3).min(MAX_WORK), time: limit.time };
        if self.failed.get(&key).is_some_and(|work| *work >= limit.work) {
            return Status::Unknown("relaxed before".into());
        }
        let before = self.lia.work;
        let status = self.lia.check(&self.made, &ordered, limit, self.dump.as_deref());
        self.last = Some((status.clone(), self.lia.work - before));
        // A model of the relaxation stays one with more work.
        match status {
            Status::Unsat => {}
            Status::Sat => {
                self.failed.insert(key, u64::MAX);
            }
            Status::Unknown(_) => {
                self.failed.insert(key, limit.work);
            }
        }
        status
    }
}

impl Backend for Relaxed {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn constant(&mut self, value: u128, width: u32) -> Handle {
        let h = self.inner.constant(value, width);
        self.record(h, Made::Const(value), width)
    }

    fn var(&mut self, name: &str, width: u32) -> Handle {
        let h = self.inner.var(name, width);
        self.record(h, Made::Var(name.to_string()), width)
    }

    fn apply(&mut self, name: &str, domain: &[u32], width: u32, args: &[Handle]) -> Handle {
        let h = self.inner.apply(name, domain, width, args);
        self.record(h, Made::Apply(name.to_string(), domain.to_vec(), args.to_vec()), width)
    }

    fn op(&mut self, op: Op, args: &[Handle]) -> Handle {
        let h = self.inner.op(op, args);
        let width = match op {
            Op::Not | Op::And | Op::Or | Op::Eq | Op::Cmp(_) => 0,
            Op::Ite => self.width(args[1]),
            Op::Bv(_) => self.width(args[0]),
            Op::Extend(_, by) => self.width(args[0]) + by,
            Op::Extract(hi, lo) => hi - lo + 1,
        };
        self.record(h, Made::Op(op, args.to_vec()), width)
    }

    fn assert(&mut self, fact: Handle) {
        self.inner.assert(fact);
        self.scopes.last_mut().expect("the base scope is never popped").push(fact);
    }

    fn push(&mut self) {
        self.inner.push();
        self.scopes.push(Vec::new());
    }

    fn pop(&mut self) {
        self.inner.pop();
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn check(&mut self, limit: Limit) -> Status {
        self.last = None;
        match self.inner.check(limit) {
            Status::Unknown(reason) if self.on => {
                let facts: Vec<Handle> = self.scopes.iter().flatten().copied().collect();
                match self.relax(&facts, limit) {
                    Status::Unsat => Status::Unsat,
                    _ => Status::Unknown(reason),
                }
            }
            decided => decided,
        }
    }

    fn check_fresh(&mut self, facts: &[Handle], limit: Limit) -> Status {
        self.last = None;
        match self.inner.check_fresh(facts, limit) {
            Status::Unknown(reason) if self.on => match self.relax(facts, limit) {
                Status::Unsat => Status::Unsat,
                _ => Status::Unknown(reason),
            },
            decided => decided,
        }
    }

    fn value(&mut self, term: Handle) -> Option<u128> {
        self.inner.value(term)
    }

    fn work(&self) -> u64 {
        self.inner.work()
    }

    fn last_stats(&mut self) -> String {
        let inner = self.inner.last_stats();
        match &self.last {
            Some((status, work)) => format!("{inner}; relaxation {status:?} {work} units"),
            None => inner,
        }
    }

    fn smtlib(&mut self, extra: &[Handle]) -> String {
        self.inner.smtlib(extra)
    }

    fn set_relaxation(&mut self, on: bool) {
        self.on = on;
    }
}
