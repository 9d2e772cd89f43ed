//! Host loops: a loop whose pattern gpurace recognises gives facts about its
//! variables at every iteration (`i < n`, the step); any other loop is run
//! as one arbitrary iteration with the variables it assigns unknown.

use std::collections::{BTreeSet, HashSet};

use super::{Evaluator, State};
use gpurace_core::c::{is_signed, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, BvOp, CmpOp, T};
use gpurace_core::{Origin, Unrolling};
use gpurace_ir::{BinOp, Expr, Loop, LoopKind, StepOp, Stmt, Type, VarId};

/// Iterations of one host loop run one by one at most (`unrolled`).
const MAX_UNROLL: u32 = 8;
/// Host loop iterations run one by one in one evaluation at most: nested
/// loops multiply.
const MAX_UNROLLED: u32 = 64;

impl<'p> Evaluator<'p> {
    pub(super) fn exec_loop(&mut self, st: State, lp: &'p Loop) -> State {
        // `do { ... } while (0)`, the statement a macro expands to (`SWAP(a,
        // b)`, a launch and its error check): its body runs exactly once.
        if runs_once(lp) {
            return self.block(st, &lp.body);
        }
        let st = self.block(st, &lp.init);
        if st.alive.is_false() {
            return st;
        }
        // Within a summary, every loop is summarised too: the summary is
        // what the evaluation gave before loops were run both ways.
        if matches!(self.unrolling, Some(Unrolling::Summary(_))) {
            return self.summarised(st, lp);
        }
        let Some(trips) = self.few_iterations(&st, lp) else { return self.summarised(st, lp) };
        match self.unrolling {
            // Within an iteration, a loop runs iteration by iteration only.
            Some(_) => match self.unrolled(&st, lp, trips) {
                Some(out) => out,
                None => self.summarised(st, lp),
            },
            // Both ways: the summary's launches first, then each
            // iteration's, and the evaluation goes on from the last
            // iteration (after `for (; log2N > 10; log2N -= 2, N >>= 2)`,
            // `N` is a constant for the launch after the loop). The facts
            // the iterations add (thousands, for a loop around a whole test)
            // are their launches' alone: later launches have fewer facts,
            // which only makes them less precise.
            None => {
                let group = self.unrollings;
                self.unrollings += 1;
                let recorded = self.launches.len();
                self.unrolling = Some(Unrolling::Summary(group));
                let summary = self.summarised(st.clone(), lp);
                let known = self.facts.len();
                self.unrolling = Some(Unrolling::Iteration(group));
                let out = self.unrolled(&st, lp, trips);
                self.unrolling = None;
                let facts = self.facts.split_off(known);
                match out {
                    Some(out) => {
                        self.iteration_facts.insert(group, facts);
                        out
                    }
                    None => {
                        for l in &mut self.launches[recorded..] {
                            l.unrolling = None;
                        }
                        summary
                    }
                }
            }
        }
    }

    /// A loop summarised: run as one arbitrary iteration, with what the loop
    /// assigns unknown (and what its pattern says of it).
    fn summarised(&mut self, mut st: State, lp: &'p Loop) -> State {
        // Everything the loop may change becomes unknown: the variables it
        // assigns, and the memory cells an iteration changes (found by
        // running the body until no new cell changes).
        let mut assigned = HashSet::new();
        assigned_vars(&[&lp.cond_pre[..], &lp.body[..], &lp.step[..]].concat(), &mut assigned);
        let mut entry = st.clone();
        let mut vars: Vec<VarId> = assigned.into_iter().collect();
        vars.sort();
        let init = lp.pattern.as_ref().and_then(|p| {
            let ty = self.var_ty(p.var);
            self.value_as(&st, &p.init, &ty).as_const()
        });
        let exact = exact_counter(lp, &vars, init);
        for v in &vars {
            let (name, ty) = (self.var_name(*v), self.var_ty(*v));
            self.here = lp.span;
            let name = format!("{name} (in the loop at line {})", lp.span.line);
            let origin = if exact == Some(*v) { Origin::Iteration } else { Origin::Unmodelled };
            let x = self.host_value(&name, &ty, origin);
            self.set(&mut entry, *v, x);
        }
        let pattern_facts = self.pattern_facts(&st, &entry, lp);
        entry.alive = t::and(&entry.alive, &pattern_facts);
        let mut havocked = BTreeSet::new();
        // Variables that get their slot inside an iteration (locals of the
        // body, and of the functions it calls: a fresh frame each call) are
        // initialised there again; only slots from before the loop carry
        // values from one iteration into the next.
        let known = self.vars.len() as u32;
        for round in 0.. {
            let recorded = self.launches.len();
            let (end, _) = self.iteration(entry.clone(), lp);
            self.launches.truncate(recorded);
            let mut changed: BTreeSet<u32> =
                entry.mem.iter().filter(|(k, v)| end.mem.get(k) != Some(v)).map(|(k, _)| k.0).collect();
            changed.extend(end.gens.iter().filter(|(s, g)| entry.gens.get(s) != Some(g)).map(|(s, _)| *s));
            changed.extend(end.mem.keys().filter(|k| !entry.mem.contains_key(k)).map(|k| k.0));
            changed.retain(|s| *s < known && !havocked.contains(s));
            if changed.is_empty() {
                break;
            }
            if round == 3 {
                entry.mem.clear();
                let all: Vec<u32> = end.gens.keys().chain(entry.gens.keys()).copied().collect();
                for slot in all {
                    self.forget(&mut entry, slot);
                }
                break;
            }
            for slot in changed {
                havocked.insert(slot);
                let keys: Vec<(u32, u64)> = entry.mem.range((slot, 0)..(slot + 1, 0)).map(|(k, _)| *k).collect();
                for k in keys {
                    entry.mem.remove(&k);
                }
                self.forget(&mut entry, slot);
            }
        }
        let after = entry.clone();
        let (body, cond) = self.iteration(entry, lp);
        // Launches inside were recorded; after the loop, the state is the
        // unknown one, left when the condition fails or by a `break`.
        let mut out = after;
        out.alive = if body.broke.is_false() && lp.cond_pre.is_empty() {
            let least = match exact {
                Some(var) => self.least(&st, &out, lp, var),
                None => t::tru(),
            };
            t::and(&out.alive, &t::and(&t::not(&cond), &least))
        } else {
            st.alive.clone()
        };
        out.returned = t::or(&st.returned, &body.returned);
        out.ret = body.ret.or(st.ret.take());
        out.broke = st.broke;
        out
    }

    /// The iterations of a loop that launches kernels (in its body or in the
    /// functions it calls) and runs at most [`MAX_UNROLL`] times by
    /// constants (`for (k = 1; k <= 9; k += 2)` around a launch with kernel
    /// size `k`), found from its counter alone (condition and step), which
    /// is cheap. `None` for any other loop.
    fn few_iterations(&mut self, st: &State, lp: &'p Loop) -> Option<u32> {
        if lp.kind == LoopKind::DoWhile
            || !lp.cond_pre.is_empty()
            || leaves_early(&lp.body)
            || !self.launches_in(&lp.body)
        {
            return None;
        }
        let cond = lp.cond.as_ref()?;
        let mut probe = st.clone();
        let mut trips = 0;
        loop {
            match t::to_bool(&self.value(&probe, cond)).as_bool()? {
                false => return Some(trips),
                true if trips < MAX_UNROLL && self.unrolled + trips < MAX_UNROLLED => trips += 1,
                true => return None,
            }
            probe = self.block(probe, &lp.step);
        }
    }

    /// A loop of `trips` constant iterations ([`Self::few_iterations`]) run
    /// iteration by iteration: each launch gets the values of its own
    /// iteration rather than what every iteration has in common. `None`
    /// (and no launch recorded) when an iteration's condition turns out not
    /// to be a constant.
    fn unrolled(&mut self, st: &State, lp: &'p Loop, trips: u32) -> Option<State> {
        let cond = lp.cond.as_ref()?;
        self.unrolled += trips;
        let recorded = self.launches.len();
        let mut cur = st.clone();
        for _ in 0..=trips {
            match t::to_bool(&self.value(&cur, cond)).as_bool() {
                Some(false) => {
                    cur.broke = st.broke.clone();
                    return Some(cur);
                }
                // A `return` in the body ends the loop on some path: not a
                // loop of constant iterations.
                Some(true) if cur.returned == st.returned => {
                    // No `break` or `continue`: the step runs after the
                    // whole body.
                    cur.broke = t::fals();
                    let body = self.block(cur, &lp.body);
                    cur = self.block(body, &lp.step);
                }
                _ => break,
            }
        }
        self.launches.truncate(recorded);
        None
    }

    /// Whether `stmts` launch a kernel, or call a function that does.
    fn launches_in(&self, stmts: &[Stmt]) -> bool {
        let mut found = false;
        gpurace_ir::walk_stmts(stmts, &mut |s| match s {
            Stmt::Launch { .. } => found = true,
            Stmt::Call { callee, .. } => found |= self.launchers.contains(callee.as_str()),
            _ => {}
        });
        found
    }

    /// One iteration from `entry`: condition, body and step. Returns the
    /// state after the body and the loop condition.
    pub(super) fn iteration(&mut self, entry: State, lp: &'p Loop) -> (State, T) {
        let mut body = self.block(entry, &lp.cond_pre);
        let cond = match &lp.cond {
            Some(c) => t::to_bool(&self.value(&body, c)),
            None => t::tru(),
        };
        // A `do`-loop runs its body before the first test: an arbitrary
        // iteration (the first one included) does not need the condition.
        if lp.kind != LoopKind::DoWhile {
            body.alive = t::and(&body.alive, &cond);
        }
        body.broke = t::fals();
        let started = body.alive.clone();
        let body = self.block(body, &lp.body);
        // `continue` still runs the step.
        let mut step = body.clone();
        step.alive = started;
        let step = self.block(step, &lp.step);
        let mut out = body;
        // The memory after the step is what the next iteration sees.
        out.mem = step.mem;
        (out, cond)
    }

    /// The counter `var` of an exactly summarised loop leaves it at the first
    /// value whose condition fails: it is the initial value, or the
    /// condition held one step before (`i == a || cond(i - c)`).
    fn least(&mut self, before: &State, exit: &State, lp: &Loop, var: VarId) -> T {
        let (Some(p), Some(cond), Some(i)) = (&lp.pattern, &lp.cond, exit.env.get(&var).cloned()) else {
            return t::tru();
        };
        let ty = self.var_ty(var);
        let init = self.value_as(before, &p.init, &ty);
        let step = self.value_as(before, &p.step, &ty);
        let previous = match p.step_op {
            StepOp::Add => t::bin(BvOp::Sub, &i, &step),
            StepOp::Sub => t::add(&i, &step),
            StepOp::Mul => t::bin(BvOp::UDiv, &i, &step),
            StepOp::Shl => t::bin(BvOp::LShr, &i, &step),
            _ => return t::tru(),
        };
        let mut at = exit.clone();
        at.env.insert(var, previous);
        let held = t::to_bool(&self.value(&at, cond));
        t::or(&t::eq(&i, &init), &held)
    }

    /// What a recognised loop shape says about its variable at any
    /// iteration: `for (i = a; i < n; i += c)` has `i >= a` and
    /// `(i - a) % c == 0`; `for (s = a; ...; s *= 2)` with `a > 0` has `s`
    /// a multiple of `a`, and a power of two when `a` is 1.
    pub(super) fn pattern_facts(&mut self, before: &State, entry: &State, lp: &Loop) -> T {
        let Some(p) = &lp.pattern else { return t::tru() };
        let ty = self.var_ty(p.var);
        if !matches!(ty, Type::Int { .. }) {
            return t::tru();
        }
        let signed = is_signed(&ty);
        let w = width(&ty);
        let Some(i) = entry.env.get(&p.var).cloned() else { return t::tru() };
        let init = self.value_as(before, &p.init, &ty);
        let step = self.value_as(before, &p.step, &ty);
        let (le, lt) = if signed { (CmpOp::Sle, CmpOp::Slt) } else { (CmpOp::Ule, CmpOp::Ult) };
        let zero = t::constant(0, w);
        match p.step_op {
            StepOp::Add if matches!(p.cmp, BinOp::Lt | BinOp::Le | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &step);
                let from = t::cmp(le, &init, &i);
                let diff = t::bin(BvOp::Sub, &i, &init);
                let on_step = t::eq(&t::bin(BvOp::URem, &diff, &step), &zero);
                t::implies(&positive, &t::and(&from, &on_step))
            }
            StepOp::Sub if matches!(p.cmp, BinOp::Gt | BinOp::Ge | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &step);
                let below = t::cmp(le, &i, &init);
                let diff = t::bin(BvOp::Sub, &init, &i);
                let on_step = t::eq(&t::bin(BvOp::URem, &diff, &step), &zero);
                t::implies(&positive, &t::and(&below, &on_step))
            }
            StepOp::Mul | StepOp::Shl if matches!(p.cmp, BinOp::Lt | BinOp::Le) => {
                let grows = match p.step_op {
                    StepOp::Mul => t::cmp(lt, &t::constant(1, w), &step),
                    _ => t::cmp(lt, &zero, &step),
                };
                let positive = t::cmp(lt, &zero, &init);
                let from = t::cmp(le, &init, &i);
                let multiple = t::eq(&t::bin(BvOp::URem, &i, &init), &zero);
                let mut fact = t::and(&from, &multiple);
                let pow2 = |x: &T| t::eq(&t::bin(BvOp::And, x, &t::bin(BvOp::Sub, x, &t::constant(1, w))), &zero);
                let step_two = match p.step_op {
                    StepOp::Mul => t::eq(&step, &t::constant(2, w)),
                    _ => t::eq(&step, &t::constant(1, w)),
                };
                if init.as_const().is_some() {
                    // Doubling from a constant `a`: `i = a * 2^k`, so `i / a`
                    // is a power of two (`i % a == 0` above).
                    let ratio = t::bin(BvOp::UDiv, &i, &init);
                    fact = t::and(&fact, &t::implies(&step_two, &pow2(&ratio)));
                }
                t::implies(&t::and(&grows, &positive), &fact)
            }
            StepOp::Div | StepOp::Shr if matches!(p.cmp, BinOp::Gt | BinOp::Ge | BinOp::Ne) => {
                let positive = t::cmp(lt, &zero, &init);
                let below = t::cmp(le, &i, &init);
                let nonneg = t::cmp(le, &zero, &i);
                // Halving a power of two (`for (s = n / 2; s > 0; s >>= 1)`
                // with `n` one, as sorting networks loop) leaves a power of
                // two or 0: `s = init >> k`.
                let halves = match p.step_op {
                    StepOp::Div => t::eq(&step, &t::constant(2, w)),
                    _ => t::eq(&step, &t::constant(1, w)),
                };
                let pow2 = |x: &T| t::eq(&t::bin(BvOp::And, x, &t::bin(BvOp::Sub, x, &t::constant(1, w))), &zero);
                let halved = t::implies(&t::and(&halves, &pow2(&init)), &pow2(&i));
                t::implies(&positive, &t::and(&t::and(&below, &nonneg), &halved))
            }
            _ => t::tru(),
        }
    }
}

/// Whether `lp` is `do { ... } while (0)` with no `break` or `continue` of
/// its own: its body runs once, and leaves the loop at its end.
fn runs_once(lp: &Loop) -> bool {
    lp.kind == LoopKind::DoWhile
        && lp.cond_pre.is_empty()
        && lp.cond.as_ref().and_then(Expr::as_int) == Some(0)
        && !leaves_early(&lp.body)
}

/// Whether `stmts` hold a `break` or `continue` of the loop around them
/// (not one of a nested loop, nor a `break` of a nested `switch`).
fn leaves_early(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break | Stmt::Continue => true,
        Stmt::If { then, els, .. } => leaves_early(then) || leaves_early(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => leaves_early(b),
        // A `continue` inside a `switch` continues the loop.
        Stmt::Switch { cases, .. } => cases.iter().any(|c| has_continue(&c.body)),
        _ => false,
    })
}

fn has_continue(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Continue => true,
        Stmt::If { then, els, .. } => has_continue(then) || has_continue(els),
        Stmt::Scope(b) | Stmt::Inlined { body: b, .. } => has_continue(b),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| has_continue(&c.body)),
        _ => false,
    })
}

/// Variables a block assigns.
pub(super) fn assigned_vars(stmts: &[Stmt], out: &mut HashSet<VarId>) {
    gpurace_ir::walk_stmts(stmts, &mut |s| match s {
        Stmt::Decl { var, .. } | Stmt::Assign { var, .. } | Stmt::Read { dst: var, .. } => {
            out.insert(*var);
        }
        Stmt::Atomic { dst: Some(d), .. } | Stmt::Call { dst: Some(d), .. } | Stmt::WarpOp { dst: Some(d), .. } => {
            out.insert(*d);
        }
        _ => {}
    });
}

/// The counter of `lp` when its pattern gives every iteration exactly: a
/// `+`/`-` step toward the bound, or doubling (`*= 2`, `<<= 1`) from a
/// positive constant (`init`, the initial value as the host computed it),
/// or halving from a power of two down to a positive bound, with a
/// condition over the counter and values the loop does not change.
fn exact_counter(lp: &Loop, assigned: &[VarId], init: Option<u128>) -> Option<VarId> {
    let p = lp.pattern.as_ref()?;
    let constant = |e: &Expr| e.as_int();
    // Small enough that the sign bit is clear whatever the counter's width.
    let positive = init.is_some_and(|a| a > 0 && a < (1 << 31));
    let exact = match p.step_op {
        StepOp::Add => matches!(p.cmp, BinOp::Lt | BinOp::Le | BinOp::Ne),
        StepOp::Sub => matches!(p.cmp, BinOp::Gt | BinOp::Ge | BinOp::Ne),
        StepOp::Mul => positive && constant(&p.step) == Some(2) && matches!(p.cmp, BinOp::Lt | BinOp::Le),
        StepOp::Shl => positive && constant(&p.step) == Some(1) && matches!(p.cmp, BinOp::Lt | BinOp::Le),
        // Halving a power of two: `pattern_facts` says every value is one
        // (or 0, which the condition excludes).
        StepOp::Div | StepOp::Shr => {
            let halves = constant(&p.step) == Some(if p.step_op == StepOp::Div { 2 } else { 1 });
            positive && init.is_some_and(u128::is_power_of_two) && halves && matches!(p.cmp, BinOp::Gt | BinOp::Ge)
        }
    };
    let others_fixed = lp.cond.as_ref().is_some_and(|c| {
        let mut fixed = true;
        c.visit(&mut |e| fixed &= !matches!(e, Expr::Var(v) if *v != p.var && assigned.contains(v)));
        fixed
    });
    (exact && others_fixed && lp.cond_pre.is_empty()).then_some(p.var)
}
