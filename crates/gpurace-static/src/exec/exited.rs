//! Exited lanes: a thread that leaves the outermost loop with barriers and
//! meets no barrier and no warp collective after it runs to the kernel's end
//! and exits. Since Volta a warp barrier (`__syncwarp()`, `bar.warp.sync`)
//! counts a lane that has exited as arrived: the lanes still in a grid-stride
//! loop synchronise among themselves, and the barrier waits for a lane that
//! has left the loop until it exits, so what that lane did is ordered before
//! whatever follows the barrier (its barrier counts stay as they were when it
//! left, which is what the race check compares). Such a lane does not make a
//! warp barrier diverge (`BarrierEv::exits`).
//!
//! The executor walks the kernel in program order, so "after the loop" is
//! "recorded later": a barrier, a warp collective, a call it did not inline
//! or a statement it could not model recorded after the loop withdraws the
//! exit from the loop's barriers. Block and grid barriers keep the divergence
//! rule they had (a thread that exits before `__syncthreads()` is undefined
//! behaviour the Programming Guide names).

use gpurace_core::term::{self as t, T};

use crate::trace::{BarrierEv, BarrierKind};

/// The state of the rule while the executor walks the kernel.
#[derive(Debug, Default)]
pub(super) struct Exited {
    /// Inside the outermost loop with barriers: the condition under which the
    /// thread has left it by its current iteration (it entered the loop and
    /// the loop's condition fails at that iteration).
    left: Option<T>,
    /// The warp barriers of the loop last left, while nothing followed it.
    watch: Vec<usize>,
}

impl Exited {
    /// Entering a loop with barriers: `outermost` when no other loop with
    /// barriers encloses it; `left` is `None` where the loop's condition is
    /// not a plain condition at the top of each iteration.
    pub(super) fn enter(&mut self, outermost: bool, left: Option<T>) {
        if outermost {
            self.left = left;
        }
    }

    /// Leaving the outermost loop with barriers.
    pub(super) fn leave(&mut self, outermost: bool) {
        if outermost {
            self.left = None;
        }
    }

    /// The exit condition of a barrier being recorded as `index`.
    pub(super) fn at_barrier(&mut self, index: usize, kind: BarrierKind) -> T {
        match (&self.left, kind) {
            (Some(left), BarrierKind::Warp) => {
                self.watch.push(index);
                left.clone()
            }
            _ => t::fals(),
        }
    }

    /// Something that synchronises (a barrier, a warp collective) or may
    /// (a call not inlined, a statement not modelled) recorded outside the
    /// loop: a thread that left the loop may meet it, so it does not exit.
    pub(super) fn synchronises(&mut self, barriers: &mut [BarrierEv]) {
        if self.left.is_some() {
            return;
        }
        for i in self.watch.drain(..) {
            barriers[i].exits = t::fals();
        }
    }
}
