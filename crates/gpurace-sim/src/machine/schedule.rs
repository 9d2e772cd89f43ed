//! The schedulers: which ready thread runs next (lockstep warps, random,
//! shuffled blocks, adversarial lanes, the systematic search's order), and
//! the delays after plain accesses that SuperCollider's detector needs.

use rand::Rng;

use super::{Machine, Status};
use crate::detect::{AccessEvent, Mode};
use crate::memory::Location;
use crate::RunError;
use gpurace_core::arith::mask;

impl Machine<'_> {
    /// Each warp in turn runs its lanes one instruction at a time, in lane
    /// order, for up to 64 rounds: lanes that have not diverged move
    /// together, as on a GPU without independent thread scheduling.
    pub(super) fn lockstep_round(&mut self) -> Result<bool, RunError> {
        let mut any = false;
        let n = self.threads.len();
        let per_block = (self.launch.block.iter().product::<u32>() as usize).max(1);
        for block_start in (0..n).step_by(per_block) {
            for warp_start in (block_start..block_start + per_block).step_by(32) {
                let end = (warp_start + 32).min(block_start + per_block);
                for _ in 0..64 {
                    let mut moved = false;
                    for i in warp_start..end {
                        if self.threads[i].status == Status::Ready && self.awake(i) {
                            self.step(i)?;
                            moved = true;
                        }
                    }
                    if !moved {
                        break;
                    }
                    any = true;
                }
            }
        }
        Ok(any)
    }

    /// SuperCollider's block shuffling: `order` permuted by the affine
    /// cipher `i -> (a * i + c) mod n`, `a` coprime to `n`.
    pub(super) fn affine(&mut self, order: &[u32]) -> Vec<u32> {
        let n = order.len() as u64;
        if n < 2 {
            return order.to_vec();
        }
        let coprime = |mut x: u64, mut y: u64| {
            while y != 0 {
                (x, y) = (y, x % y);
            }
            x == 1
        };
        let a = loop {
            let a = self.rng.gen_range(1..n.max(2));
            if coprime(a, n) {
                break a;
            }
        };
        let c = self.rng.gen_range(0..n);
        (0..n).map(|i| order[((a * i + c) % n) as usize]).collect()
    }

    /// The least warp-synchronous interleaving: lanes and warps one after
    /// another in order, each running until it cannot (or for 4096
    /// instructions, so that a lane spinning on another does not starve it):
    /// a lane reads what a later lane writes before that lane writes it.
    pub(super) fn adversarial_round(&mut self) -> Result<bool, RunError> {
        let mut any = false;
        for i in 0..self.threads.len() {
            for _ in 0..4096 {
                if self.threads[i].status != Status::Ready || !self.awake(i) {
                    break;
                }
                self.step(i)?;
                any = true;
            }
        }
        Ok(any)
    }

    /// The systematic schedule: the current thread runs until it cannot, or
    /// for 1024 instructions in a row (a spinning thread yields), then the
    /// next ready one in order; a preemption of the launch due at this step
    /// switches to its thread.
    pub(super) fn systematic_round(&mut self) -> Result<bool, RunError> {
        let n = self.threads.len();
        let mut any = false;
        let mut run = 0;
        loop {
            while let Some(&(at, t)) = self.launch.preempt.get(self.preempted) {
                if at > self.steps {
                    break;
                }
                self.preempted += 1;
                if (t as usize) < n && self.threads[t as usize].status == Status::Ready {
                    self.current = t as usize;
                    run = 0;
                }
            }
            let i = self.current.min(n.saturating_sub(1));
            if run < 1024 && self.threads[i].status == Status::Ready && self.awake(i) {
                self.step(i)?;
                any = true;
                run += 1;
                continue;
            }
            let next = (1..=n).map(|d| (i + d) % n).find(|&j| self.threads[j].status == Status::Ready && self.awake(j));
            match next {
                Some(j) if j != i || run < 1024 => {
                    self.current = j;
                    run = 0;
                }
                Some(_) => run = 0,
                None => return Ok(any),
            }
        }
    }

    /// A random ready thread runs a random number of instructions (1 to 8):
    /// the interleavings of independent thread scheduling.
    pub(super) fn random_round(&mut self) -> Result<bool, RunError> {
        let ready: Vec<usize> = (0..self.threads.len()).filter(|&i| self.threads[i].status == Status::Ready).collect();
        let mut moved = false;
        for _ in 0..ready.len() {
            let i = ready[self.rng.gen_range(0..ready.len())];
            let quantum = self.rng.gen_range(1..=8);
            for _ in 0..quantum {
                if self.threads[i].status != Status::Ready || !self.awake(i) {
                    break;
                }
                self.step(i)?;
                moved = true;
            }
        }
        Ok(moved)
    }

    /// Delays: whether thread `i` may run now; a thread whose delay is over
    /// first re-reads the bytes of its last plain access.
    pub(super) fn awake(&mut self, i: usize) -> bool {
        if self.threads[i].wake > self.clock {
            return false;
        }
        if let Some((ev, then)) = self.threads[i].pending.take() {
            if let Ok(now) = self.memory.load(ev.at, ev.size) {
                for d in self.detectors.iter_mut() {
                    d.recheck(&ev, then, now);
                }
            }
        }
        true
    }

    /// Delays: when every thread that could run sleeps, the clock moves to
    /// the first wake-up. False when none sleeps.
    pub(super) fn wake_sleepers(&mut self) -> bool {
        let first =
            self.threads.iter().filter(|t| t.status == Status::Ready && t.wake > self.clock).map(|t| t.wake).min();
        match first {
            Some(at) => {
                self.clock = at;
                true
            }
            None => false,
        }
    }

    /// Delays: thread `i` sleeps after its plain access `ev`, which read or
    /// wrote `value`.
    pub(super) fn sleep(&mut self, i: usize, at: Location, access: u32, mode: Mode, value: u128) {
        let Some(max) = self.delays else { return };
        if at.space == gpurace_ir::Space::Local {
            return;
        }
        let size = self.code.accesses[access as usize].size;
        let ev = AccessEvent { who: self.threads[i].who, at, size, mode, access, wait: false };
        let value = if size >= 16 { value } else { value & mask(8 * size as u32) };
        let t = &mut self.threads[i];
        t.pending = Some((ev, value));
        t.wake = self.clock + self.rng.gen_range(0..=max);
    }
}
