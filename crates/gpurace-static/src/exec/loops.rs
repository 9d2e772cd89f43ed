//! Loop summaries: a loop is executed once for a symbolic iteration
//! `k` and left after a symbolic trip count `N`; induction variables
//! become exact functions of the iteration number, every other variable the
//! loop changes a per-thread unknown.

use std::collections::{BTreeSet, HashMap, HashSet};

use gpurace_core::c::{is_float, is_signed, width};
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, BvOp, CmpOp, FreshKind, Leaf, T};
use gpurace_ir::{Access, AccessKind, Base, BinOp, Expr, Loop, LoopKind, Scope, Stmt, VarId};

use super::counts::{Passes, StateCounts};
use super::forms::{bounds_var, induction_form, mentions_any};
use super::patterns::{has_store, wait_pattern, Wait};
use super::scan::{count_defs, data_driven, has_jump, has_sync, local_writes};
use super::sync::{merge_sync, Held};
use super::{merge, Exec, Frame, NodeKey, State, Tag};
use crate::trace::{Level, Obj, Product, Stride, SyncEv, SyncKind, COUNT_WIDTH};

/// How an induction variable moves each iteration.
#[derive(Debug, Clone)]
pub(super) struct Induction {
    pub(super) op: BinOp,
    pub(super) step: T,
    pub(super) signed: bool,
}

pub(super) fn induction_value(v0: &T, ind: &Induction, k: &T) -> T {
    let w = v0.width;
    let kw = t::resize(k, w, false);
    let c = &ind.step;
    // Shift amount after k steps of `shift`, capped at the width (a shift by
    // the width or more gives 0, or the sign for an arithmetic shift).
    let amount = |shift: u128| -> T {
        let k64 = t::resize(k, 64, false);
        let total = t::mul(&k64, &t::constant(shift, 64));
        let capped = t::ite(&t::ult(&total, &t::constant(u128::from(w), 64)), &total, &t::constant(u128::from(w), 64));
        t::resize(&capped, w, false)
    };
    match ind.op {
        BinOp::Add => t::add(v0, &t::mul(&kw, c)),
        BinOp::Sub => t::bin(BvOp::Sub, v0, &t::mul(&kw, c)),
        BinOp::Mul => t::bin(BvOp::Shl, v0, &amount(c.as_const().unwrap_or(1).trailing_zeros().into())),
        BinOp::Shl => t::bin(BvOp::Shl, v0, &amount(c.as_const().unwrap_or(0))),
        BinOp::Shr | BinOp::Div if !ind.signed || ind.op == BinOp::Shr => {
            let shift = if ind.op == BinOp::Shr {
                c.as_const().unwrap_or(0)
            } else {
                c.as_const().unwrap_or(1).trailing_zeros().into()
            };
            let op = if ind.signed { BvOp::AShr } else { BvOp::LShr };
            t::bin(op, v0, &amount(shift))
        }
        _ => {
            // Signed division by 2^s, k times: truncating division by 2^(k*s).
            let shift: u128 = c.as_const().unwrap_or(1).trailing_zeros().into();
            let k64 = t::resize(k, 64, false);
            let total = t::mul(&k64, &t::constant(shift, 64));
            let capped = t::ite(&t::ult(&total, &t::constant(62, 64)), &total, &t::constant(62, 64));
            let divisor = t::bin(BvOp::Shl, &t::constant(1, 64), &capped);
            let wide = t::resize(v0, 64, true);
            t::resize(&t::bin(BvOp::SDiv, &wide, &divisor), w, false)
        }
    }
}

impl<'k> Exec<'k> {
    pub(super) fn exec_loop(&mut self, st: State, lp: &'k Loop) -> State {
        let st = self.block(st, &lp.init);
        if st.pc.is_false() {
            return st;
        }
        let node = NodeKey::Loop(lp.id);
        self.loop_data.entry(node).or_insert_with(|| data_driven(&[&lp.cond_pre, &lp.body, &lp.step]));
        let mut defs: HashMap<VarId, usize> = HashMap::new();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            count_defs(b, &mut defs);
        }
        let modified: BTreeSet<VarId> = defs.keys().copied().collect();
        let inductions = self.inductions(&st, lp, &defs, &modified);
        let k = self.fresh(node, Tag::Iteration, || "iteration".into(), 32, FreshKind::Counter);
        let n = self.fresh(node, Tag::Trip, || "trip count".into(), 32, FreshKind::Counter);

        let sync = has_sync(&lp.cond_pre) || has_sync(&lp.body) || has_sync(&lp.step);
        let per_iteration = if sync { self.loop_increment(lp) } else { None };
        // Iterations that pass different numbers of barriers, each a number
        // the thread's own iteration knows: still a level, compared by
        // iteration numbers, with over-approximated counts before and after.
        let own_iteration = match (sync, &per_iteration) {
            (true, None) => self.own_iteration_increment(lp),
            _ => None,
        };
        // One symbolic iteration: iteration number k.
        let env = self.loop_env(&st, node, &modified, &inductions, &k, Tag::Havoc, 0);
        let StateCounts { block, warp, grid, rel, groups } =
            self.loop_counts(&st, node, sync, per_iteration.as_ref(), own_iteration.as_ref(), &k, 0);
        let mut written = BTreeSet::new();
        for b in [&lp.cond_pre, &lp.body, &lp.step] {
            local_writes(b, &mut written);
        }
        let mut local = st.local.clone();
        local.retain(|c| !written.contains(&c.var) && !written.contains(&u32::MAX));
        // A lock held at the loop's entry may be released in any iteration.
        let mut entry_sync = st.sync.clone();
        if has_store(&lp.cond_pre) || has_store(&lp.body) || has_store(&lp.step) {
            entry_sync.held.clear();
        }
        let mut it = State {
            pc: st.pc.clone(),
            env,
            block,
            warp,
            grid,
            rel,
            groups,
            local: local.clone(),
            seen: Vec::new(),
            sync: entry_sync,
            bcast: st.bcast.through_loop(loop_writes(lp)),
            records: Vec::new(),
        };
        let wait = if self.fine { wait_pattern(lp) } else { None };
        let first_access = self.trace.accesses.len();
        self.loop_depth += 1;
        let outer_vars = self.loop_vars.len();
        let mut ind_vars: Vec<&VarId> = inductions.keys().collect();
        ind_vars.sort();
        for var in ind_vars {
            if let Some(value) = it.env[var.0 as usize].clone() {
                self.loop_vars.push((self.var_name(*var), value));
            }
        }
        let outermost = sync && self.sync_iterations.is_empty();
        if sync {
            self.sync_iterations.push(k.clone());
        }
        let level = match sync {
            true => self.loop_level(&st, lp, &k, &n, per_iteration.as_ref(), own_iteration.as_ref()),
            false => None,
        };
        let leveled = level.is_some();
        let (body_rest, step_rest) = if leveled {
            let step = self.increment(&lp.step).map(|p| p.block);
            let body = self.increment(&lp.body).map(|p| p.block).zip(step.clone()).map(|(b, s)| t::add(&b, &s));
            (body, step)
        } else {
            (None, None)
        };
        if let Some(level) = level {
            self.levels.push(level);
            self.rest_base.push(self.rest.len());
            self.rest.push(body_rest);
        }
        self.frames.push(Frame::Loop { breaks: Vec::new(), continues: Vec::new() });
        it = self.block(it, &lp.cond_pre);
        if leveled {
            *self.rest.last_mut().expect("pushed with the level") = step_rest;
        }
        let mut left = None;
        if let (Some(cond), false) = (&lp.cond, lp.kind == LoopKind::DoWhile) {
            let c = t::to_bool(&self.value(&it, cond));
            it.pc = t::and(&it.pc, &c);
            if lp.cond_pre.is_empty() {
                left = Some(t::and(&st.pc, &t::not(&c)));
            }
        }
        self.exited.enter(outermost, left);
        let iteration_pc = it.pc.clone();
        if let Some(cond) = &lp.cond {
            // An iteration whose induction variables wrap around does not
            // happen (signed overflow is undefined): a fact about the thread's
            // iteration number, not a path condition, so that it cannot make
            // one thread of a block skip a barrier another reaches.
            let no_wrap = self.no_wrap(&st, node, 0, &inductions, &k, cond);
            if self.record && !no_wrap.is_true() {
                self.trace.assumptions.push(t::implies(&it.pc, &no_wrap));
            }
        }
        let end = self.block(it, &lp.body);
        let Some(Frame::Loop { breaks, mut continues }) = self.frames.pop() else { unreachable!() };
        continues.push(end);
        if leveled {
            *self.rest.last_mut().expect("pushed with the level") = Some(t::constant(0, COUNT_WIDTH));
        }
        let stepped = self.block(merge(continues), &lp.step);
        self.loop_depth -= 1;
        let after = if stepped.pc.is_false() { st.sync.clone() } else { merge_sync(&[&st.sync, &stepped.sync]) };
        self.loop_vars.truncate(outer_vars);
        if sync {
            self.sync_iterations.pop();
        }
        self.exited.leave(outermost);
        if leveled {
            self.levels.pop();
            let base = self.rest_base.pop().expect("pushed with the level");
            self.rest.truncate(base);
        }

        // Leaving the loop after N iterations.
        let Some(cond) = &lp.cond else {
            return merge(breaks);
        };
        let env = self.loop_env(&st, node, &modified, &inductions, &n, Tag::Exit, 1);
        let StateCounts { block, warp, grid, rel, groups } =
            self.loop_counts(&st, node, sync, per_iteration.as_ref(), own_iteration.as_ref(), &n, 1);
        let mut exit = State {
            pc: st.pc.clone(),
            env,
            block,
            warp,
            grid,
            rel,
            groups,
            local,
            seen: Vec::new(),
            sync: after,
            bcast: st.bcast.through_loop(loop_writes(lp)),
            records: Vec::new(),
        };
        let record = std::mem::replace(&mut self.record, false);
        exit = self.block(exit, &lp.cond_pre);
        let c = t::to_bool(&self.value(&exit, cond));
        // What the exit values satisfy is a fact about them, not a path
        // condition: a thread that reaches the loop leaves it with some trip
        // count (this matters when asking whether a thread skips a barrier).
        let mut facts = t::not(&c);
        if lp.cond_pre.is_empty() && !inductions.is_empty() {
            facts = t::and(&facts, &self.trip_is_least(&st, node, &modified, &inductions, &n, cond));
        }
        facts = t::and(&facts, &self.no_wrap(&st, node, 1, &inductions, &n, cond));
        self.record = record;
        if record {
            self.trace.definitions.push(self.trace.assumptions.len());
            self.trace.assumptions.push(t::implies(&st.pc, &facts));
            if sync && lp.kind != LoopKind::DoWhile {
                // A loop that ran has a real iteration: the thread's
                // iteration number `k` names one even after the loop, so the
                // facts of inner loops (guarded by `k`'s condition) still fix
                // the inner trip counts the count after this loop multiplies.
                let ran = t::cmp(CmpOp::Ult, &t::constant(0, n.width), &n);
                self.trace.assumptions.push(t::implies(&t::and(&st.pc, &ran), &iteration_pc));
            }
        }
        if let (Some(wait), true, true) = (wait, record, breaks.is_empty()) {
            // A gated spin waits only where its gate holds; one that is not
            // known true (a value of the thread, or false) is no wait here.
            let open = wait.gate.is_none_or(|g| t::to_bool(&self.value(&st, g)).is_true());
            if open {
                let guard = t::and(&st.pc, &t::not(&c));
                self.record_wait(&mut exit, wait, first_access, guard);
            }
        }
        let mut out = breaks;
        out.push(exit);
        merge(out)
    }

    /// The level of a loop with barriers, entered with `st`: every iteration
    /// passing `per_iteration`, or each its own count (`own_iteration`), with
    /// the counts before the thread's iteration and of the whole loop
    /// over-approximated.
    fn loop_level(
        &mut self,
        st: &State,
        lp: &'k Loop,
        k: &T,
        n: &T,
        per_iteration: Option<&Passes>,
        own_iteration: Option<&Passes>,
    ) -> Option<Level> {
        let node = NodeKey::Loop(lp.id);
        let (m, before, exit) = match (per_iteration, own_iteration) {
            (Some(m), _) => (m.block.clone(), t::mul(&t::resize(k, COUNT_WIDTH, false), &m.block), None),
            (None, Some(own)) => (
                own.block.clone(),
                self.unknown_passes(node, 0, Some(own)).block,
                Some(self.unknown_passes(node, 1, Some(own)).block),
            ),
            (None, None) => return None,
        };
        Some(Level {
            node: lp.id,
            k: k.clone(),
            m,
            before,
            entry: st.rel.clone(),
            trip: n.clone(),
            rest: self.rest_of_level(),
            exit,
        })
    }

    /// Block barriers from here to the end of the innermost level's
    /// iteration: the sum of what each enclosing block has left.
    fn rest_of_level(&self) -> Option<T> {
        let base = *self.rest_base.last()?;
        self.rest[base..].iter().try_fold(t::constant(0, COUNT_WIDTH), |sum, r| Some(t::add(&sum, r.as_ref()?)))
    }

    /// The counts at iteration `iter` of a loop (`tag` 0) or after it (`tag`
    /// 1), from the counts `st` had at its entry. With barriers in the body,
    /// each iteration adds `per_iteration` (`None`: not the same in every
    /// iteration, so an unknown amount, approximate); the block count
    /// relative to the innermost level restarts at zero in each iteration of
    /// a loop that is a level itself.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn loop_counts(
        &mut self,
        st: &State,
        node: NodeKey,
        sync: bool,
        per_iteration: Option<&Passes>,
        own_iteration: Option<&Passes>,
        iter: &T,
        tag: u8,
    ) -> StateCounts {
        let entry = StateCounts {
            block: st.block.clone(),
            warp: st.warp.clone(),
            grid: st.grid.clone(),
            rel: st.rel.clone(),
            groups: st.groups.clone(),
        };
        if !sync {
            return entry;
        }
        let added = match per_iteration {
            Some(m) => m.times(&t::resize(iter, COUNT_WIDTH, false)),
            None => self.unknown_passes(node, tag, own_iteration),
        };
        // Left inside levels only (this loop's own is popped by now): two
        // threads that left it in one iteration of each passed it alike.
        if per_iteration.is_none() && tag == 1 && self.sync_iterations.len() == self.levels.len() {
            let exit = added.block.clone();
            if exit.as_const().is_none() && !self.exits.contains(&exit) {
                self.exits.push(exit);
            }
        }
        let levelled = per_iteration.is_some() || own_iteration.is_some();
        let rel = match (levelled, tag) {
            (true, 0) => t::constant(0, COUNT_WIDTH),
            // `rel` grows like the block count.
            _ => t::add(&entry.rel, &added.block),
        };
        StateCounts {
            block: t::add(&entry.block, &added.block),
            warp: t::add(&entry.warp, &added.warp),
            grid: t::add(&entry.grid, &added.grid),
            rel,
            groups: entry.groups.iter().zip(&added.groups).map(|(e, a)| t::add(e, a)).collect(),
        }
    }

    /// The barriers of a loop whose iterations pass different numbers of
    /// them, before the thread's iteration (`tag` 0) or in all (`tag` 1):
    /// over-approximated counts, the same terms each time they are asked.
    /// `own`, what the thread's own iteration passes where known, keeps the
    /// kinds of barrier the loop never passes at zero.
    pub(super) fn unknown_passes(&mut self, node: NodeKey, tag: u8, own: Option<&Passes>) -> Passes {
        let groups = self.trace.groups.len();
        let mut fresh = |kind: Tag, none: Option<&T>| match none {
            Some(zero) if zero.as_const() == Some(0) => zero.clone(),
            _ => self.fresh(node, kind, || "barrier count".into(), COUNT_WIDTH, FreshKind::Approx),
        };
        Passes {
            block: fresh(Tag::Counts(tag * 3), own.map(|p| &p.block)),
            warp: fresh(Tag::Counts(tag * 3 + 1), own.map(|p| &p.warp)),
            grid: fresh(Tag::Counts(tag * 3 + 2), own.map(|p| &p.grid)),
            groups: (0..groups)
                .map(|i| fresh(Tag::GroupCounts(tag, i as u32), own.and_then(|p| p.groups.get(i))))
                .collect(),
        }
    }

    /// The lock a CAS spin loop acquires or the flag a spin loop waits for,
    /// once the loop is left (`exit`): a sync event, and the lock held or the
    /// wait done on the exit path.
    pub(super) fn record_wait(
        &mut self,
        exit: &mut State,
        Wait { access, dst, lock, .. }: Wait<'k>,
        first_access: usize,
        guard: T,
    ) {
        let index = (first_access..self.trace.accesses.len()).find(|&i| self.trace.accesses[i].access.id == access.id);
        let (obj, base, offset) = self.locate(exit, access);
        if let (Some(index), Some(value), false) = (index, exit.env[dst.0 as usize].clone(), obj == Obj::Local) {
            let scope = match access.kind {
                AccessKind::Atomic { scope, .. } => scope,
                _ if access.volatile => Scope::System,
                _ => Scope::Device,
            };
            let id = self.trace.syncs.len();
            let addr = t::add(&base, &offset);
            let kind = if lock { SyncKind::Lock } else { SyncKind::Wait };
            self.trace.syncs.push(SyncEv {
                kind,
                obj: obj.clone(),
                addr: addr.clone(),
                guard,
                scope,
                value: Some(value),
                access: index,
                nested: self.loop_depth > 0,
            });
            if lock {
                exit.sync.held.push(Held { id, obj, addr, scope, active: None, inside: Vec::new() });
            } else {
                exit.sync.waited.push(id);
            }
        }
    }

    /// The lock the CAS `access` (its latest execution) took on the path of
    /// `st`: a lock event, and the lock held from here on.
    pub(super) fn take_lock(&mut self, st: &mut State, access: &'k Access, guard: T) {
        let index = (0..self.trace.accesses.len()).rev().find(|&i| self.trace.accesses[i].access.id == access.id);
        let (obj, base, offset) = self.locate(st, access);
        let Some(index) = index.filter(|_| obj != Obj::Local) else { return };
        let scope = match access.kind {
            AccessKind::Atomic { scope, .. } => scope,
            _ => Scope::Device,
        };
        let id = self.trace.syncs.len();
        let addr = t::add(&base, &offset);
        self.trace.syncs.push(SyncEv {
            kind: SyncKind::Lock,
            obj: obj.clone(),
            addr: addr.clone(),
            guard,
            scope,
            value: None,
            access: index,
            nested: self.loop_depth > 0,
        });
        st.sync.held.push(Held { id, obj, addr, scope, active: None, inside: Vec::new() });
    }

    /// `N == 0 || cond(N - 1)`: the trip count is the first iteration whose
    /// condition fails, when the condition depends only on induction
    /// variables and values the loop does not change.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn trip_is_least(
        &mut self,
        st: &State,
        node: NodeKey,
        modified: &BTreeSet<VarId>,
        inductions: &HashMap<VarId, Induction>,
        n: &T,
        cond: &'k Expr,
    ) -> T {
        let prev = t::bin(BvOp::Sub, n, &t::constant(1, 32));
        let env = self.loop_env(st, node, modified, inductions, &prev, Tag::Before, 2);
        let before = State { env, ..st.clone() };
        let c = t::to_bool(&self.value(&before, cond));
        let mut seen = BTreeSet::new();
        t::leaves(&c, &mut seen, &mut HashSet::new());
        let mentions_havoc = modified.iter().any(|v| {
            !inductions.contains_key(v)
                && self
                    .fresh
                    .get(&(node, Tag::Before(v.0)))
                    .is_some_and(|index| seen.iter().any(|(l, _)| *l == Leaf::Fresh(*index)))
        });
        if mentions_havoc {
            return t::tru();
        }
        t::or(&t::eq(n, &t::constant(0, 32)), &c)
    }

    /// Induction variables do not wrap around while the loop runs: signed
    /// overflow is undefined, and an unsigned variable the loop test bounds
    /// leaves the loop before it could wrap.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn no_wrap(
        &mut self,
        st: &State,
        node: NodeKey,
        purpose: u8,
        inductions: &HashMap<VarId, Induction>,
        k: &T,
        cond: &Expr,
    ) -> T {
        let mut out = t::tru();
        let mut vars: Vec<&VarId> = inductions.keys().collect();
        vars.sort();
        for var in vars {
            let ind = &inductions[var];
            let Some(v0) = st.env.get(var.0 as usize).cloned().flatten() else { continue };
            if !ind.signed && !bounds_var(cond, *var) {
                continue;
            }
            // Its start, a signed sum, did not overflow either.
            if let Some(fact) = self.signed_sums.get(&v0).filter(|_| ind.signed) {
                out = t::and(&out, fact);
            }
            let w = v0.width;
            let wide = (2 * w + 34).min(128);
            let ext = |x: &T| t::resize(x, wide, ind.signed);
            let exact = match ind.op {
                BinOp::Add | BinOp::Sub => {
                    // k * step is exact in 64 bits (k < 2^32, |step| < 2^32 for
                    // 32-bit variables); wider variables are approximated there.
                    let scaled = self.scaled(node, *var, purpose, k, ind, &v0);
                    // An abstracted product is never negative; otherwise the
                    // 64-bit product has the variable's signedness.
                    let abstracted = matches!(scaled.node, gpurace_core::term::Node::Leaf(_));
                    let delta = t::resize(&scaled, wide, ind.signed && !abstracted);
                    if ind.op == BinOp::Add {
                        t::add(&ext(&v0), &delta)
                    } else {
                        t::bin(BvOp::Sub, &ext(&v0), &delta)
                    }
                }
                BinOp::Mul | BinOp::Shl => {
                    // v0 * 2^(k*s) fits when shifting back gives v0.
                    let value = induction_value(&v0, ind, k);
                    let back = if ind.signed { BvOp::AShr } else { BvOp::LShr };
                    let s: u128 = match ind.op {
                        BinOp::Mul => ind.step.as_const().unwrap_or(1).trailing_zeros().into(),
                        _ => ind.step.as_const().unwrap_or(0),
                    };
                    let k64 = t::resize(k, 64, false);
                    let total = t::mul(&k64, &t::constant(s, 64));
                    let fits = t::ult(&total, &t::constant(u128::from(w), 64));
                    let amount = t::resize(&total, w, false);
                    let restored = t::eq(&t::bin(back, &value, &amount), &v0);
                    let sign_kept = if ind.signed {
                        t::eq(
                            &t::cmp(CmpOp::Slt, &value, &t::constant(0, w)),
                            &t::cmp(CmpOp::Slt, &v0, &t::constant(0, w)),
                        )
                    } else {
                        t::tru()
                    };
                    out = t::and(&out, &t::and(&fits, &t::and(&restored, &sign_kept)));
                    continue;
                }
                _ => continue,
            };
            let fits = t::eq(&t::resize(&t::resize(&exact, w, false), wide, ind.signed), &exact);
            out = t::and(&out, &fits);
        }
        out
    }

    /// `k * step` (64 bits) for an additive induction variable; a leaf with
    /// linear facts when the step is a symbolic launch size.
    pub(super) fn scaled(&mut self, node: NodeKey, var: VarId, purpose: u8, k: &T, ind: &Induction, start: &T) -> T {
        use gpurace_core::term::Node;
        let mut step = &ind.step;
        while let Node::Ext(_, inner) | Node::Trunc(inner) = &step.node {
            step = inner;
        }
        let dim = match &step.node {
            Node::Leaf(Leaf::BlockDim(d)) if self.sizes.block => Some(*d),
            Node::Leaf(Leaf::GridThreads(d) | Leaf::GridDim(d)) if self.sizes.total() => Some(*d),
            _ => None,
        };
        let k64 = t::resize(k, 64, false);
        let Some(dim) = dim else {
            return t::mul(&k64, &t::resize(&ind.step, 64, ind.signed));
        };
        let name = self.var_name(var);
        let q = self.fresh(
            node,
            Tag::Scaled(var.0, purpose),
            || format!("iterations of {name} * step"),
            64,
            FreshKind::Counter,
        );
        if !self.trace.abstractions.products.iter().any(|x| x.leaf == q) {
            let y = t::resize(step, 64, false);
            let stride = (ind.op == BinOp::Add).then(|| {
                let w = start.width;
                let wide = (2 * w + 34).min(128);
                let value = t::add(start, &t::resize(&q, w, false));
                let exact = t::add(&t::resize(start, wide, ind.signed), &t::resize(&q, wide, false));
                let fits = t::eq(&t::resize(&value, wide, ind.signed), &exact);
                let below = self.start_below(start, step);
                Stride { start: t::resize(start, 64, ind.signed), value, fits, below }
            });
            let product = Product {
                leaf: q.clone(),
                x: k64,
                y,
                fits_int: false,
                dim,
                signed: false,
                range: 62,
                unsigned: false,
                stride,
            };
            self.trace.abstractions.products.push(product);
        }
        q
    }

    /// Whether `start` lies in `[0, step)` by its form (see [`Stride::below`]).
    pub(super) fn start_below(&self, start: &T, step: &T) -> bool {
        use gpurace_core::term::Node;
        // Zero extensions, and truncations to at least 32 bits (which keep
        // these values, all below 2^31, and their sign).
        let strip = |mut t: &T| loop {
            match &t.node {
                Node::Ext(false, inner) => t = inner,
                Node::Trunc(inner) if t.width >= 32 => t = inner,
                _ => return t.clone(),
            }
        };
        let (start, Node::Leaf(step)) = (strip(start), &step.node) else { return false };
        match (&start.node, step) {
            (Node::Leaf(Leaf::Tid(d)), Leaf::BlockDim(e)) | (Node::Leaf(Leaf::Bid(d)), Leaf::GridDim(e)) => d == e,
            (Node::Bin(BvOp::Add, x, y), Leaf::GridThreads(e)) => {
                // `blockIdx * blockDim`, abstracted or (with a concrete
                // block) as it is.
                let block_product = |t: &T| {
                    let t = strip(t);
                    let leaf = |t: &T, l: Leaf| matches!(&t.node, Node::Leaf(x) if *x == l);
                    let (bid, bdim) = (Leaf::Bid(*e), Leaf::BlockDim(*e));
                    match &t.node {
                        Node::Bin(BvOp::Mul, x, y) => {
                            (leaf(x, bid) && leaf(y, bdim)) || (leaf(x, bdim) && leaf(y, bid))
                        }
                        _ => self.trace.abstractions.products.iter().any(|p| p.fits_int && p.dim == *e && p.leaf == t),
                    }
                };
                let tid = |t: &T| matches!(strip(t).node, Node::Leaf(Leaf::Tid(d)) if d == *e);
                (tid(x) && block_product(y)) || (block_product(x) && tid(y))
            }
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn loop_env(
        &mut self,
        st: &State,
        node: NodeKey,
        modified: &BTreeSet<VarId>,
        inductions: &HashMap<VarId, Induction>,
        iteration: &T,
        tag: fn(u32) -> Tag,
        purpose: u8,
    ) -> Vec<Option<T>> {
        let data = self.loop_data.get(&node).cloned().unwrap_or_default();
        let mut env = st.env.clone();
        for var in modified {
            let entry = st.env.get(var.0 as usize).cloned().flatten();
            let value = match (inductions.get(var), entry) {
                (Some(ind), Some(v0)) if matches!(ind.op, BinOp::Add | BinOp::Sub) => {
                    let scaled = self.scaled(node, *var, purpose, iteration, ind, &v0);
                    let delta = t::resize(&scaled, v0.width, false);
                    if ind.op == BinOp::Add {
                        t::add(&v0, &delta)
                    } else {
                        t::bin(BvOp::Sub, &v0, &delta)
                    }
                }
                (Some(ind), Some(v0)) => induction_value(&v0, ind, iteration),
                _ => {
                    let w = self.var_width(*var);
                    let name = self.var_name(*var);
                    let kind = if data.contains(var) { FreshKind::Data } else { FreshKind::Havoc };
                    self.fresh(node, tag(var.0), || name, w, kind)
                }
            };
            if let Some(slot) = env.get_mut(var.0 as usize) {
                *slot = Some(value);
            }
        }
        env
    }

    /// Induction variables of `lp`: assigned exactly once in the loop, at the
    /// top level of the body or the step, as `v = v OP e` with `e` unchanged by
    /// the loop.
    pub(super) fn inductions(
        &mut self,
        st: &State,
        lp: &'k Loop,
        defs: &HashMap<VarId, usize>,
        modified: &BTreeSet<VarId>,
    ) -> HashMap<VarId, Induction> {
        let body_jumps = has_jump(&lp.body);
        let mut out = HashMap::new();
        let top = lp.step.iter().chain(if body_jumps { [].iter() } else { lp.body.iter() });
        for stmt in top {
            let Stmt::Assign { var, value } = stmt else { continue };
            if defs.get(var) != Some(&1) {
                continue;
            }
            let Some((op, step)) = induction_form(*var, value) else { continue };
            if mentions_any(step, modified) || step.has_unknown() {
                continue;
            }
            let ty = self.var_ty(*var);
            if width(&ty) == 0 || is_float(&ty) {
                continue;
            }
            let step_value = self.value_as(st, step, &ty);
            if step_value.deps.data {
                continue;
            }
            let ok = match op {
                BinOp::Add | BinOp::Sub => true,
                BinOp::Shl | BinOp::Shr => step_value.as_const().is_some(),
                BinOp::Mul | BinOp::Div => step_value.as_const().is_some_and(|c| c.is_power_of_two()),
                _ => false,
            };
            if ok {
                out.insert(*var, Induction { op, step: step_value, signed: is_signed(&ty) });
            }
        }
        out
    }
}

/// The shared objects a loop's statements write (broadcasts are of shared
/// memory) and whether they pass a barrier, or `None` when they may write
/// anything.
fn loop_writes(lp: &Loop) -> Option<(Vec<Obj>, bool)> {
    let mut objs = Vec::new();
    let (mut any, mut barrier) = (false, false);
    for part in [&lp.init, &lp.cond_pre, &lp.body, &lp.step] {
        gpurace_ir::walk_stmts(part, &mut |s| match s {
            Stmt::Write { access, .. } | Stmt::Atomic { access, .. } => match &access.base {
                Base::Dynamic(_) => any = true,
                Base::Shared(id) if !objs.contains(&Obj::Shared(id.0)) => objs.push(Obj::Shared(id.0)),
                _ => {}
            },
            Stmt::Call { .. } | Stmt::Unknown { .. } => any = true,
            Stmt::Barrier { .. } => barrier = true,
            _ => {}
        });
    }
    (!any).then_some((objs, barrier))
}
