//! Launch statements: the kernel a launch runs (its own, or each one a
//! pointer it launches through may hold), and what the evaluation records
//! of it.

use super::{Evaluator, LaunchState, State, KERNEL_SLOT, SLOT_BITS};
use gpurace_core::c::is_float;
use gpurace_core::cexpr::ExprEval;
use gpurace_core::term::{self as t, T};
use gpurace_ir::{Expr, Span, Type};

impl<'p> Evaluator<'p> {
    pub(super) fn launch(&mut self, st: &State, index: usize, _span: Span) {
        let Some(l) = self.program.launches.get(index) else { return };
        let dim = |ev: &mut Self, e: &Expr| ev.value_as(st, e, &Type::UINT);
        let grid = [dim(self, &l.grid[0]), dim(self, &l.grid[1]), dim(self, &l.grid[2])];
        let block = [dim(self, &l.block[0]), dim(self, &l.block[1]), dim(self, &l.block[2])];
        // The kernel: the launch's own, or each one the pointer it launches
        // through may hold here (`c ? scale<int> : scale<float>`), under
        // the condition that it holds that one.
        let choices: Vec<(Option<usize>, T)> = match (l.kernel, &l.callee) {
            (None, Some(callee)) => {
                let value = self.value(st, callee);
                let mut found = Vec::new();
                kernel_choices(&value, &t::tru(), &mut found);
                let count = self.program.kernels.len();
                let kernels: Vec<(Option<usize>, T)> = found
                    .into_iter()
                    .filter_map(|(address, cond)| {
                        let index = usize::try_from(address.checked_sub(KERNEL_SLOT << SLOT_BITS)?).ok()?;
                        (index < count).then_some((Some(index), cond))
                    })
                    .collect();
                if kernels.is_empty() {
                    vec![(None, t::tru())]
                } else {
                    kernels
                }
            }
            (kernel, _) => vec![(kernel, t::tru())],
        };
        for (kernel, holds) in choices {
            let alive = t::and(&st.alive, &holds);
            self.launch_of(st, index, kernel, alive, grid.clone(), block.clone());
        }
    }

    /// One launch of `kernel` at the launch statement `index`.
    fn launch_of(&mut self, st: &State, index: usize, kernel: Option<usize>, alive: T, grid: [T; 3], block: [T; 3]) {
        let Some(l) = self.program.launches.get(index) else { return };
        let params = kernel.and_then(|k| self.program.kernels.get(k)).map(|k| &k.params);
        let mut args = Vec::new();
        for (i, a) in l.args.iter().enumerate() {
            let v = self.value(st, a);
            // An integer parameter of a float argument: C converts it.
            let to = params.and_then(|p| p.get(i)).map(|p| &p.ty).filter(|t| matches!(t, Type::Int { .. }));
            let from = self.ty_of(a);
            args.push(match to {
                Some(to) if is_float(&from) => self.convert_value(&v, &from, to),
                _ => v,
            });
        }
        self.launches.push(LaunchState {
            launch: index,
            kernel,
            alive,
            grid,
            block,
            args,
            calls: self.calls.clone(),
            unrolling: self.unrolling,
        });
    }
}

/// The constant addresses a pointer value may hold, each with the
/// condition under which it holds it: `c ? &a : (d ? &b : 0)` gives `a`
/// when `c`, `b` when `!c && d`, `0` otherwise. Leaves that are not
/// constants are left out.
pub(super) fn kernel_choices(value: &T, cond: &T, out: &mut Vec<(u128, T)>) {
    match &value.node {
        t::Node::Const(c) => out.push((*c, cond.clone())),
        t::Node::Ite(c, a, b) if out.len() < 64 => {
            kernel_choices(a, &t::and(cond, c), out);
            kernel_choices(b, &t::and(cond, &t::not(c)), out);
        }
        t::Node::Ext(_, a) | t::Node::Trunc(a) => kernel_choices(a, cond, out),
        _ => {}
    }
}
