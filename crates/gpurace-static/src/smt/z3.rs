//! The z3 backend: one z3 context per backend, its incremental solver for
//! [`Backend::check`] and a fresh solver of the same context for
//! [`Backend::check_fresh`]. Work is z3's own deterministic resource count
//! (`rlimit`), one engine work unit per z3 unit.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{Context, FuncDecl, Model, Params, SatResult, Sort};

use gpurace_core::term::{BvOp, CmpOp};

use super::backend::{Backend, Handle, Limit, Op, Status};

/// Why a query the wall-clock watchdog interrupted is undecided.
pub(crate) const QUERY_TIME: &str = "the query's wall-clock safety net fired";

/// A z3 context with its solver. The terms borrow the context, which the
/// backend owns: they are declared before it, so they are dropped first, and
/// no reference to the context leaves the backend.
pub struct Z3 {
    terms: Vec<Dynamic<'static>>,
    functions: HashMap<(String, Vec<u32>, u32), FuncDecl<'static>>,
    /// The model of the last check, when it said `Sat`.
    model: Option<Model<'static>>,
    solver: z3::Solver<'static>,
    ctx: Box<Context>,
}

impl Z3 {
    pub fn new() -> Z3 {
        let ctx = Box::new(Context::new(&z3::Config::new()));
        // SAFETY: the context lives in a box owned by the backend and is
        // dropped after every term, solver and model that borrows it
        // (fields drop in declaration order, `ctx` last); nothing that
        // borrows it is handed out.
        let ctx_ref: &'static Context = unsafe { &*(ctx.as_ref() as *const Context) };
        // Naming the logic lets z3's incremental core set itself up for bit
        // vectors; without it, it falls back to a general setup once the
        // first `push` makes the solver incremental (1.5x slower on a median
        // racy Indigo program).
        let solver = z3::Solver::new_for_logic(ctx_ref, "QF_UFBV").unwrap_or_else(|| z3::Solver::new(ctx_ref));
        Z3 { terms: Vec::new(), functions: HashMap::new(), model: None, solver, ctx }
    }

    fn ctx(&self) -> &'static Context {
        // SAFETY: as in `new`.
        unsafe { &*(self.ctx.as_ref() as *const Context) }
    }

    fn add(&mut self, d: Dynamic<'static>) -> Handle {
        self.terms.push(d);
        Handle(self.terms.len() as u64 - 1)
    }

    fn get(&self, h: Handle) -> &Dynamic<'static> {
        &self.terms[h.0 as usize]
    }

    fn bv(&self, h: Handle) -> BV<'static> {
        self.get(h).as_bv().expect("a bit-vector operand")
    }

    fn bool(&self, h: Handle) -> Bool<'static> {
        self.get(h).as_bool().expect("a truth-valued operand")
    }

    /// Checks `solver` under the wall-clock watchdog (see [`run_watched`]).
    fn run(&self, solver: &z3::Solver<'static>, limit: Limit) -> (SatResult, bool) {
        let mut params = Params::new(self.ctx());
        params.set_u32("rlimit", u32::try_from(limit.work).unwrap_or(u32::MAX).max(1));
        solver.set_params(&params);
        run_watched(self.ctx(), solver, limit)
    }
}

/// Checks `solver` under the wall-clock watchdog: z3 does not look at its
/// timeout inside every procedure (bit-blasting large products can run for
/// minutes), so a thread interrupts it. Says whether the watchdog fired.
pub(super) fn run_watched(ctx: &Context, solver: &z3::Solver<'_>, limit: Limit) -> (SatResult, bool) {
    let handle = ctx.handle();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let fired = AtomicBool::new(false);
    let deadline = limit.time + std::time::Duration::from_millis(50);
    std::thread::scope(|s| {
        let fired = &fired;
        s.spawn(move || {
            if wait.recv_timeout(deadline).is_err() {
                fired.store(true, Ordering::SeqCst);
                handle.interrupt();
            }
        });
        let result = solver.check();
        let _ = done.send(());
        (result, fired.load(Ordering::SeqCst))
    })
}

/// What a check said, and its model when it has one.
fn status(solver: &z3::Solver<'static>, result: SatResult, fired: bool) -> (Status, Option<Model<'static>>) {
    let status = match result {
        SatResult::Unsat => Status::Unsat,
        // Said in words a cache can tell apart: a result the watchdog
        // decided may differ between runs (z3 calls it `canceled`, as it
        // does some deterministic work limits).
        SatResult::Unknown if fired => Status::Unknown(QUERY_TIME.to_string()),
        SatResult::Unknown => Status::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "unknown".into())),
        SatResult::Sat => match solver.get_model() {
            Some(model) => return (Status::Sat, Some(model)),
            None => Status::Unknown("no model".to_string()),
        },
    };
    (status, None)
}

impl Default for Z3 {
    fn default() -> Z3 {
        Z3::new()
    }
}

impl Backend for Z3 {
    fn name(&self) -> &'static str {
        "z3"
    }

    fn constant(&mut self, value: u128, width: u32) -> Handle {
        let ctx = self.ctx();
        let d = if width == 0 {
            Dynamic::from_ast(&Bool::from_bool(ctx, value != 0))
        } else if width <= 64 {
            Dynamic::from_ast(&BV::from_u64(ctx, value as u64, width))
        } else {
            let hi = BV::from_u64(ctx, (value >> 64) as u64, width - 64);
            Dynamic::from_ast(&hi.concat(&BV::from_u64(ctx, value as u64, 64)))
        };
        self.add(d)
    }

    fn var(&mut self, name: &str, width: u32) -> Handle {
        let ctx = self.ctx();
        let d = if width == 0 {
            Dynamic::from_ast(&Bool::new_const(ctx, name))
        } else {
            Dynamic::from_ast(&BV::new_const(ctx, name, width))
        };
        self.add(d)
    }

    fn apply(&mut self, name: &str, domain: &[u32], width: u32, args: &[Handle]) -> Handle {
        let ctx = self.ctx();
        let f = self.functions.entry((name.to_string(), domain.to_vec(), width)).or_insert_with(|| {
            let sorts: Vec<Sort<'static>> = domain.iter().map(|w| Sort::bitvector(ctx, *w)).collect();
            let sorts: Vec<&Sort<'static>> = sorts.iter().collect();
            FuncDecl::new(ctx, format!("{name}/{}", domain.len()), &sorts, &Sort::bitvector(ctx, width))
        });
        let values: Vec<&Dynamic<'static>> = args.iter().map(|a| &self.terms[a.0 as usize]).collect();
        let values: Vec<&dyn Ast<'static>> = values.into_iter().map(|v| v as &dyn Ast<'static>).collect();
        let d = f.apply(&values);
        self.add(d)
    }

    fn op(&mut self, op: Op, args: &[Handle]) -> Handle {
        let ctx = self.ctx();
        let d = match op {
            Op::Not => Dynamic::from_ast(&self.bool(args[0]).not()),
            Op::And | Op::Or => {
                let parts: Vec<Bool<'static>> = args.iter().map(|a| self.bool(*a)).collect();
                let refs: Vec<&Bool<'static>> = parts.iter().collect();
                Dynamic::from_ast(&if op == Op::And { Bool::and(ctx, &refs) } else { Bool::or(ctx, &refs) })
            }
            Op::Ite => self.bool(args[0]).ite(self.get(args[1]), self.get(args[2])),
            Op::Eq => Dynamic::from_ast(&self.get(args[0])._eq(self.get(args[1]))),
            Op::Bv(op) => {
                let (x, y) = (self.bv(args[0]), self.bv(args[1]));
                Dynamic::from_ast(&match op {
                    BvOp::Add => x.bvadd(&y),
                    BvOp::Sub => x.bvsub(&y),
                    BvOp::Mul => x.bvmul(&y),
                    BvOp::UDiv => x.bvudiv(&y),
                    BvOp::SDiv => x.bvsdiv(&y),
                    BvOp::URem => x.bvurem(&y),
                    BvOp::SRem => x.bvsrem(&y),
                    BvOp::Shl => x.bvshl(&y),
                    BvOp::LShr => x.bvlshr(&y),
                    BvOp::AShr => x.bvashr(&y),
                    BvOp::And => x.bvand(&y),
                    BvOp::Or => x.bvor(&y),
                    BvOp::Xor => x.bvxor(&y),
                })
            }
            Op::Cmp(op) => {
                let (x, y) = (self.bv(args[0]), self.bv(args[1]));
                Dynamic::from_ast(&match op {
                    CmpOp::Eq => x._eq(&y),
                    CmpOp::Ult => x.bvult(&y),
                    CmpOp::Ule => x.bvule(&y),
                    CmpOp::Slt => x.bvslt(&y),
                    CmpOp::Sle => x.bvsle(&y),
                    CmpOp::SMulFits => Bool::and(ctx, &[&x.bvmul_no_overflow(&y, true), &x.bvmul_no_underflow(&y)]),
                })
            }
            Op::Extend(signed, by) => {
                let x = self.bv(args[0]);
                Dynamic::from_ast(&if signed { x.sign_ext(by) } else { x.zero_ext(by) })
            }
            Op::Extract(hi, lo) => Dynamic::from_ast(&self.bv(args[0]).extract(hi, lo)),
        };
        self.add(d)
    }

    fn assert(&mut self, fact: Handle) {
        self.solver.assert(&self.bool(fact));
    }

    fn push(&mut self) {
        self.solver.push();
    }

    fn pop(&mut self) {
        self.solver.pop(1);
    }

    fn check(&mut self, limit: Limit) -> Status {
        let (result, fired) = self.run(&self.solver, limit);
        let (status, model) = status(&self.solver, result, fired);
        self.model = model;
        status
    }

    fn check_fresh(&mut self, facts: &[Handle], limit: Limit) -> Status {
        let solver = z3::Solver::new(self.ctx());
        for f in facts {
            solver.assert(&self.bool(*f));
        }
        let (result, fired) = self.run(&solver, limit);
        let (status, model) = status(&solver, result, fired);
        self.model = model;
        status
    }

    fn value(&mut self, term: Handle) -> Option<u128> {
        let model = self.model.as_ref()?;
        let d = model.eval(self.get(term), true)?;
        if let Some(b) = d.as_bool() {
            return b.as_bool().map(u128::from);
        }
        let bv = d.as_bv()?;
        if bv.get_size() <= 64 {
            return bv.as_u64().map(u128::from);
        }
        let lo = bv.extract(63, 0).simplify().as_u64()?;
        let hi = bv.extract(bv.get_size() - 1, 64).simplify().as_u64()?;
        Some((u128::from(hi) << 64) | u128::from(lo))
    }

    fn work(&self) -> u64 {
        // The count is the context's, over all its solvers.
        match self.solver.get_statistics().value("rlimit count") {
            Some(z3::StatisticsValue::UInt(v)) => u64::from(v),
            Some(z3::StatisticsValue::Double(v)) => v as u64,
            None => 0,
        }
    }

    fn smtlib(&mut self, extra: &[Handle]) -> String {
        let mut out = format!("{}", self.solver);
        for h in extra {
            out.push_str(&format!("(assert {})\n", self.get(*h)));
        }
        out.push_str("(check-sat)\n");
        out
    }
}
