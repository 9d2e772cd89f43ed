//! LDetector (Li, Ding, Hu and Soyata), on the simulator.
//!
//! LDetector watches no access: between two barriers (a *synchronized
//! block*) it gives each warp of a block a private copy of the block's
//! shared memory and runs the interval twice (§4.1, §4.2):
//!
//! 1. each warp on its own copy; a byte that differs from the interval's
//!    start in the copies of two warps is a *write-write* race (the
//!    paper's bitmap, one bit per byte, warps in turn);
//! 2. when there is none, the interval again, each warp on the start
//!    overlaid with the other warps' changes; a warp whose changed bytes
//!    end differently from the first run read another warp's write: a
//!    *read-write* race.
//!
//! The machine does the privatisation (`privatize.rs`,
//! [`Needs::Privatization`]) and reports here what it found; where the
//! paper has only the byte, the simulator also names the two accesses.
//!
//! Blind spots, from the paper (each has a test in `tests/run.rs`): global
//! memory (its copies would not fit, §4.4); races inside a warp (it
//! assumes lanes in lockstep); a write of the value the byte already had,
//! and a read of another warp's write that does not change what the warp
//! writes (both value-based); kernels with atomics (§4: "no atomic
//! operations in synchronized blocks"), which it declines to run.

use super::{AccessEvent, Detector, Needs, Observed};

#[derive(Default)]
pub struct LDetector {
    races: Vec<Observed>,
}

impl LDetector {
    pub fn new() -> LDetector {
        LDetector::default()
    }
}

impl Detector for LDetector {
    fn name(&self) -> &'static str {
        "ldetector"
    }

    fn needs(&self) -> Needs {
        Needs::Privatization
    }

    fn block_start(&mut self, _block: u32, _threads: u32) {}

    fn access(&mut self, _ev: &AccessEvent) {}

    fn sync(&mut self, _block: u32, _participants: &[u32], _whole_block: bool) {}

    fn grid_sync(&mut self) {}

    fn found(&mut self, race: Observed) {
        self.races.push(race);
    }

    fn races(&self) -> Vec<Observed> {
        self.races.clone()
    }
}
