//! LDetector's privatisation of shared memory: the machine's half of
//! [`crate::detect::ldetector`].
//!
//! A run with privatisation has one block resident at a time. Each
//! interval between two of its barriers (or its start or end) runs twice:
//!
//! - *first pass*: each warp on its own copy of the block's shared memory
//!   (the copy of the warp whose thread touches shared memory is swapped
//!   into the block's segment, so the machine's loads and stores are
//!   unchanged); global writes are logged with the bytes they overwrote.
//!   At the interval's end, the bytes each warp changed (value against the
//!   start) are compared warp by warp: a byte two warps changed is a
//!   write-write race. With one, the warps' changes are merged (later warps
//!   win) and the run goes on, without a second pass.
//! - *second pass*: the threads go back to the interval's start (the
//!   machine's snapshot), global writes are undone, and each warp runs on
//!   the start overlaid with the other warps' changes. A warp whose bytes
//!   (any warp's changed bytes) end differently from the first pass's
//!   merge read another warp's write: each of its reads of another warp's
//!   changed bytes races with that write. The merge is the block's shared
//!   memory after the interval.

use std::collections::HashSet;

use rustc_hash::FxHashMap;

use crate::detect::{Observed, Side};
use crate::memory::{Location, Memory, SHARED_BASE};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    First,
    Second,
}

/// What the machine does at an interval's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// Run the interval again from its snapshot.
    Again,
    /// Go on past the barrier.
    Continue,
}

pub(crate) struct Privatizer {
    block: u32,
    pass: Pass,
    /// The block's shared memory at the interval's start.
    start: Vec<u8>,
    /// Per warp: its copy (empty while it is in the block's segment).
    copies: Vec<Vec<u8>>,
    current: Option<usize>,
    /// Global bytes the first pass overwrote, in order.
    undo: Vec<(Location, Vec<u8>)>,
    /// Per warp: the first pass's last write of each shared byte (offset).
    writers: Vec<FxHashMap<u64, Side>>,
    /// After the first pass: the warp that changed each byte, and its write.
    owner: FxHashMap<u64, (usize, Side)>,
    merged: Vec<u8>,
    /// Per warp: its second pass's reads of bytes another warp changed.
    foreign: Vec<Vec<(Side, Side, u64)>>,
}

impl Privatizer {
    pub fn new(block: u32, warps: usize) -> Privatizer {
        Privatizer {
            block,
            pass: Pass::First,
            start: Vec::new(),
            copies: vec![Vec::new(); warps],
            current: None,
            undo: Vec::new(),
            writers: vec![FxHashMap::default(); warps],
            owner: FxHashMap::default(),
            merged: Vec::new(),
            foreign: vec![Vec::new(); warps],
        }
    }

    fn segment<'m>(&self, memory: &'m mut Memory) -> &'m mut Vec<u8> {
        memory.shared.entry(self.block).or_default()
    }

    /// An interval starts (first pass) with the block's shared memory as it is.
    pub fn begin(&mut self, memory: &mut Memory) {
        self.pass = Pass::First;
        self.start = self.segment(memory).clone();
        self.copies.iter_mut().for_each(|c| c.clone_from(&self.start));
        self.current = None;
        self.undo.clear();
        self.writers.iter_mut().for_each(|w| w.clear());
        self.owner.clear();
    }

    /// Puts warp `warp`'s copy in the block's segment.
    pub fn enter(&mut self, memory: &mut Memory, warp: usize) {
        if self.current == Some(warp) || warp >= self.copies.len() {
            return;
        }
        let mine = std::mem::take(&mut self.copies[warp]);
        let out = std::mem::replace(self.segment(memory), mine);
        if let Some(c) = self.current {
            self.copies[c] = out;
        }
        self.current = Some(warp);
    }

    fn leave(&mut self, memory: &mut Memory) {
        if let Some(c) = self.current.take() {
            self.copies[c] = std::mem::take(self.segment(memory));
        }
    }

    /// An access by a thread of warp `warp`, before it happens.
    pub fn access(&mut self, memory: &mut Memory, warp: usize, side: Side, at: Location, size: u64) {
        if warp >= self.copies.len() {
            return;
        }
        let shared = at.space == gpurace_ir::Space::Shared;
        match self.pass {
            Pass::First if shared && side.mode.writes() => {
                for o in at.addr - SHARED_BASE..at.addr - SHARED_BASE + size {
                    self.writers[warp].insert(o, side);
                }
            }
            Pass::First if at.space == gpurace_ir::Space::Global && side.mode.writes() => {
                if let Ok(old) = memory.bytes_mut(at, size) {
                    self.undo.push((at, old.to_vec()));
                }
            }
            Pass::Second if shared && !side.mode.writes() => {
                for o in at.addr - SHARED_BASE..at.addr - SHARED_BASE + size {
                    match self.owner.get(&o) {
                        Some(&(w, write)) if w != warp => {
                            let list = &mut self.foreign[warp];
                            if !list.iter().any(|(r, wr, _)| r.access == side.access && wr.access == write.access) {
                                list.push((side, write, o));
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    /// The interval ends: the first pass's write-write check, or the second
    /// pass's comparison. Races found go to `races`.
    pub fn end(&mut self, memory: &mut Memory, races: &mut Vec<Observed>) -> End {
        self.leave(memory);
        match self.pass {
            Pass::First => self.end_first(memory, races),
            Pass::Second => {
                self.end_second(races);
                let merged = std::mem::take(&mut self.merged);
                *self.segment(memory) = merged;
                End::Continue
            }
        }
    }

    fn end_first(&mut self, memory: &mut Memory, races: &mut Vec<Observed>) -> End {
        let mut merged = self.start.clone();
        let mut seen = HashSet::new();
        let mut conflict = false;
        for w in 0..self.copies.len() {
            for (o, (&now, &was)) in self.copies[w].iter().zip(&self.start).enumerate() {
                if now == was {
                    continue;
                }
                let o = o as u64;
                let Some(&write) = self.writers[w].get(&o) else { continue };
                if let Some(&(_, earlier)) = self.owner.get(&o) {
                    conflict = true;
                    if seen.insert((earlier.access, write.access)) {
                        races.push(self.observed(earlier, write, o, "write-write (first pass)"));
                    }
                }
                self.owner.insert(o, (w, write));
                merged[o as usize] = now;
            }
        }
        if conflict {
            *self.segment(memory) = merged;
            return End::Continue;
        }
        for (at, old) in self.undo.drain(..).rev() {
            if let Ok(bytes) = memory.bytes_mut(at, old.len() as u64) {
                bytes.copy_from_slice(&old);
            }
        }
        for w in 0..self.copies.len() {
            let mut copy = merged.clone();
            for (&o, &(owner, _)) in &self.owner {
                if owner == w {
                    copy[o as usize] = self.start[o as usize];
                }
            }
            self.copies[w] = copy;
            self.foreign[w].clear();
        }
        *self.segment(memory) = self.start.clone();
        self.merged = merged;
        self.pass = Pass::Second;
        End::Again
    }

    fn end_second(&mut self, races: &mut Vec<Observed>) {
        let mut seen = HashSet::new();
        for w in 0..self.copies.len() {
            let differs = self.owner.keys().any(|&o| self.copies[w].get(o as usize) != self.merged.get(o as usize));
            if !differs {
                continue;
            }
            for &(read, write, o) in &self.foreign[w] {
                if seen.insert((write.access, read.access)) {
                    races.push(self.observed(write, read, o, "read-write (second pass)"));
                }
            }
        }
    }

    fn observed(&self, first: Side, second: Side, offset: u64, check: &'static str) -> Observed {
        let at = Location { space: gpurace_ir::Space::Shared, owner: self.block, addr: SHARED_BASE + offset };
        Observed { first, second, at, check: Some(check) }
    }
}
