//! Host variables at namespace scope (`int n = 64;`, `float *d_x;`): one
//! memory slot each for the whole program, holding its static initial
//! value until stored to in an evaluation that starts at `main`, forgotten
//! by a call the evaluation does not follow.

use gpurace_core::c::width;
use gpurace_core::term::{self as t, T};
use gpurace_ir::{GlobalId, Type, VarId};

use super::{Evaluator, State, FUNC_SLOT, GLOBAL_FRAME, KERNEL_SLOT, SLOT_BITS};

impl Evaluator<'_> {
    pub(super) fn is_host_global(&self, g: GlobalId) -> bool {
        self.program.globals.get(g.0 as usize).is_some_and(|g| g.space == gpurace_ir::Space::Host)
    }

    /// The slot of a host variable at namespace scope: one for the whole
    /// program, whatever the frame.
    pub(super) fn global_slot(&mut self, g: GlobalId) -> u32 {
        let key = (GLOBAL_FRAME, VarId(g.0));
        match self.vars.iter().position(|x| *x == key) {
            Some(i) => i as u32,
            None => {
                self.vars.push(key);
                let bytes = self.program.globals.get(g.0 as usize).and_then(|g| g.ty.size());
                self.slot_bytes.push(bytes);
                (self.vars.len() - 1) as u32
            }
        }
    }

    /// What a host variable at namespace scope holds before anything
    /// stores to it, in an evaluation that starts at `main`: its constant
    /// initial value (`int n = 64;`, or 0 without an initializer).
    pub(super) fn initial_value(&self, slot: u32, offset: u64, ty: &Type) -> Option<T> {
        if !self.from_main {
            return None;
        }
        let (frame, var) = *self.vars.get(slot as usize)?;
        let global = self.program.globals.get(var.0 as usize).filter(|_| frame == GLOBAL_FRAME)?;
        // A function pointer of a table of handlers (`engines[e].run`).
        if let Some((_, name)) = global.functions.iter().find(|(at, _)| *at == offset) {
            return self.function_value(name);
        }
        if offset != 0 {
            return None;
        }
        if global.ty != *ty || !matches!(ty, Type::Int { .. } | Type::Ptr(_)) {
            return None;
        }
        Some(t::constant_i(global.init?, width(ty)))
    }

    /// The address of the host function or kernel `name`, as the host code
    /// calls or launches through it.
    pub(super) fn function_value(&self, name: &str) -> Option<T> {
        if let Some(i) = self.program.host_functions.iter().position(|h| h.name == name) {
            return Some(t::constant((FUNC_SLOT << SLOT_BITS) + i as u128, 64));
        }
        let i = self.program.kernels.iter().position(|k| k.display_name() == name)?;
        Some(t::constant((KERNEL_SLOT << SLOT_BITS) + i as u128, 64))
    }

    /// Forgets what every host variable at namespace scope holds: a call
    /// the evaluation does not follow may store to any of them.
    pub(super) fn forget_globals(&mut self, st: &mut State) {
        let slots: Vec<u32> =
            (0..self.vars.len()).filter(|i| self.vars[*i].0 == GLOBAL_FRAME).map(|i| i as u32).collect();
        for slot in slots {
            let keys: Vec<(u32, u64)> = st.mem.range((slot, 0)..(slot + 1, 0)).map(|(k, _)| *k).collect();
            for k in keys {
                st.mem.remove(&k);
            }
            self.forget(st, slot);
        }
    }
}
