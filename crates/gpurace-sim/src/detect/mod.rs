//! Race detectors: components that watch a run's memory accesses and
//! synchronisation and report the conflicting pairs they see.
//!
//! Every detector gets the same events from the machine ([`Detector`]) and
//! reports [`Observed`] races; the run turns them into the common race
//! format with the detector's name as its `engine`.
//!
//! - [`hb`]: happens-before with vector clocks, the exact reference: two
//!   accesses to one byte race when neither happens before the other,
//!   whatever order this run put them in.
//! - [`iguard`]: iGUARD's rules (last writer and accessor with barrier and
//!   fence counters, scoped atomics, inferred locks), global memory only.
//! - [`supercollider`]: SuperCollider's value checks: each plain access is
//!   followed by a random delay of its thread and a re-read of its bytes
//!   ([`Needs::Delays`]); a changed value is a clobbered read or a lost
//!   update; two lanes of a warp storing to one address, an intra-warp
//!   lost update.
//! - [`ldetector`]: LDetector's privatisation of shared memory: between
//!   two barriers each warp runs on its own copy ([`Needs::Privatization`],
//!   `privatize.rs`); bytes two warps changed are a write-write race, and a
//!   second run on the others' changes that ends differently a read-write
//!   race.

pub mod hb;
pub mod iguard;
pub mod ldetector;
pub mod supercollider;

use std::collections::BTreeSet;

use gpurace_ir::{AtomicOp, Scope};

use crate::memory::Location;

/// How an event touches memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    Read,
    Write,
    /// An atomic read-modify-write (or atomic load or store).
    Atomic(AtomicOp, Scope),
}

impl Mode {
    pub fn writes(self) -> bool {
        match self {
            Mode::Read => false,
            Mode::Write => true,
            Mode::Atomic(op, _) => op != AtomicOp::Load,
        }
    }

    pub fn is_atomic(self) -> bool {
        matches!(self, Mode::Atomic(..))
    }
}

/// A thread of the launch: its block (linear) and its linear index in the
/// block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ThreadRef {
    pub block: u32,
    pub thread: u32,
}

impl ThreadRef {
    pub fn warp(self) -> u32 {
        self.thread / 32
    }
}

/// One memory access as it happens.
#[derive(Debug, Clone, Copy)]
pub struct AccessEvent {
    pub who: ThreadRef,
    pub at: Location,
    pub size: u64,
    pub mode: Mode,
    /// The access of the source, by index into `Code::accesses`.
    pub access: u32,
    /// The access is in a loop's condition: a spin-wait's read.
    pub wait: bool,
}

/// One side of an observed race.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Side {
    pub who: ThreadRef,
    pub access: u32,
    pub mode: Mode,
}

/// Two accesses a detector saw conflict on the byte `at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Observed {
    /// The earlier access of this run.
    pub first: Side,
    pub second: Side,
    pub at: Location,
    /// Which of the detector's checks saw it, when it has several (`lost
    /// update`, `clobbered read`).
    pub check: Option<&'static str>,
}

/// The class of a race between threads `a` and `b`.
pub fn race_class(a: ThreadRef, b: ThreadRef) -> gpurace_core::RaceClass {
    use gpurace_core::RaceClass;
    if a.block != b.block {
        RaceClass::InterBlock
    } else if a.warp() != b.warp() {
        RaceClass::IntraBlock
    } else {
        RaceClass::IntraWarp
    }
}

/// [`race_class`] as a small key: 0 inter-block, 1 intra-block, 2 intra-warp.
pub(crate) fn class(a: ThreadRef, b: ThreadRef) -> u8 {
    race_class(a, b) as u8
}

/// What a detector needs of the machine besides its events. A detector
/// that needs more than events runs alone, in a run of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// The events only.
    Events,
    /// Each plain access to global or shared memory followed by a random
    /// delay of its thread and a re-read of its bytes
    /// ([`Detector::recheck`]), as SuperCollider's instrumentation does.
    Delays,
    /// One block at a time, each warp on its own copy of the block's shared
    /// memory between two barriers, each interval run twice, as LDetector's
    /// instrumentation does; the machine reports what it finds
    /// ([`Detector::found`]).
    Privatization,
}

/// What a detector is told.
pub trait Detector {
    /// The detector's name, the `engine` of the races it reports.
    fn name(&self) -> &'static str;
    /// Block `block` starts with `threads` threads.
    fn block_start(&mut self, block: u32, threads: u32);
    /// A memory access (shared and global; local memory is private).
    fn access(&mut self, ev: &AccessEvent);
    /// Block `block` has ended: its threads make no more accesses.
    fn block_end(&mut self, _block: u32) {}
    /// Threads `participants` of block `block` pass one barrier together
    /// (a block barrier: every thread still running, `whole_block`; a
    /// `__syncwarp`, a tile's sync).
    fn sync(&mut self, block: u32, participants: &[u32], whole_block: bool);
    /// Every thread of the grid passes a grid barrier.
    fn grid_sync(&mut self);
    /// A memory fence of `scope` by `who`.
    fn fence(&mut self, _who: ThreadRef, _scope: Scope) {}
    /// The races seen, one per pair of source accesses and class.
    fn races(&self) -> Vec<Observed>;
    /// What the detector needs of the machine.
    fn needs(&self) -> Needs {
        Needs::Events
    }
    /// [`Needs::Delays`]: the plain access `ev` read or wrote `then`; after
    /// its thread's delay its bytes hold `now`.
    fn recheck(&mut self, _ev: &AccessEvent, _then: u128, _now: u128) {}
    /// [`Needs::Privatization`]: a race the machine's privatisation found.
    fn found(&mut self, _race: Observed) {}
}

/// Every detector's name, as `--detector` takes it.
pub const NAMES: &str = "hb, iguard, supercollider, ldetector, all, none";

/// The detectors a run asks for by name (`hb`; `all`: every detector;
/// `none`: no detector, to measure the simulator alone); `hb` when none is
/// named.
/// The happens-before detector keeps every instance of the `watched`
/// accesses.
pub fn by_names(names: &[String], watched: BTreeSet<u32>) -> Result<Vec<Box<dyn Detector>>, String> {
    let mut out: Vec<Box<dyn Detector>> = Vec::new();
    let hb = || Box::new(hb::HappensBefore::watching(watched.clone()));
    for name in names {
        match name.as_str() {
            "hb" => out.push(hb()),
            "iguard" => out.push(Box::new(iguard::IGuard::new())),
            "supercollider" => out.push(Box::new(supercollider::SuperCollider::new())),
            "ldetector" => out.push(Box::new(ldetector::LDetector::new())),
            "all" => {
                out.push(hb());
                out.push(Box::new(iguard::IGuard::new()));
                out.push(Box::new(supercollider::SuperCollider::new()));
                out.push(Box::new(ldetector::LDetector::new()));
            }
            "none" => {}
            other => return Err(format!("no detector `{other}` (there is: {NAMES})")),
        }
    }
    if out.is_empty() && !names.iter().any(|n| n == "none") {
        out.push(hb());
    }
    Ok(out)
}
