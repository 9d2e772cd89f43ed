//! Fine-grain synchronisation on one path: locks acquired by CAS spin
//! loops, flags waited for, fences, and the stores that may release a
//! waiting thread (ScoR's and iGUARD's lock and flag idioms).

use gpurace_core::term::{self as t, T};
use gpurace_ir::{Access, AccessKind, Scope};

use super::{Exec, State};
use crate::trace::{Obj, SyncEv, SyncKind, TakenBefore};

/// Fine-grain synchronisation on one path: locks held, flags waited for,
/// and the accesses made so far with the widest fence that followed each.
#[derive(Clone, Default)]
pub(super) struct SyncState {
    pub(super) held: Vec<Held>,
    /// Flags waited for on every path here.
    pub(super) waited: Vec<usize>,
    /// Flags waited for on some paths only (each wait's guard says which).
    pub(super) maybe: Vec<usize>,
    /// Access index and the widest fence after it (`None`: no fence yet).
    pub(super) pending: Vec<(usize, Option<Scope>)>,
    /// Tickets this thread took on some path here (each names the condition
    /// under which it did).
    pub(super) took: Vec<TakenBefore>,
    /// Tickets the block's thread (0,0,0) took before a barrier passed.
    pub(super) block_took: Vec<TakenBefore>,
}

/// A lock this path acquired: `active` once a fence followed the acquire
/// (with the narrower scope of the CAS and the fence).
#[derive(Clone)]
pub(super) struct Held {
    pub(super) id: usize,
    pub(super) obj: Obj,
    pub(super) addr: T,
    pub(super) scope: Scope,
    pub(super) active: Option<Scope>,
    pub(super) inside: Vec<usize>,
}

/// Scopes from the narrowest.
pub fn scope_rank(s: Scope) -> u8 {
    match s {
        Scope::Warp => 0,
        Scope::Block => 1,
        Scope::Device => 2,
        Scope::System => 3,
    }
}

pub fn narrower(a: Scope, b: Scope) -> Scope {
    if scope_rank(a) <= scope_rank(b) {
        a
    } else {
        b
    }
}

pub(super) fn wider(a: Scope, b: Scope) -> Scope {
    if scope_rank(a) >= scope_rank(b) {
        a
    } else {
        b
    }
}

/// The sync state where paths meet: locks held on every path; waits done on
/// every path, and those done on some (a thread that took one satisfies its
/// guard); an access unfenced on some path is unfenced.
pub(super) fn merge_sync(states: &[&SyncState]) -> SyncState {
    let Some((first, rest)) = states.split_first() else { return SyncState::default() };
    let mut held = Vec::new();
    for h in &first.held {
        let others: Vec<&Held> =
            rest.iter().filter_map(|s| s.held.iter().find(|g| g.id == h.id && g.addr == h.addr)).collect();
        if others.len() != rest.len() {
            continue;
        }
        let mut h = h.clone();
        for g in others {
            h.active = match (h.active, g.active) {
                (Some(a), Some(b)) => Some(narrower(a, b)),
                _ => None,
            };
            for i in &g.inside {
                if !h.inside.contains(i) {
                    h.inside.push(*i);
                }
            }
        }
        held.push(h);
    }
    let waited: Vec<usize> =
        first.waited.iter().copied().filter(|w| rest.iter().all(|s| s.waited.contains(w))).collect();
    let mut maybe: Vec<usize> =
        states.iter().flat_map(|s| s.waited.iter().chain(&s.maybe).copied()).filter(|w| !waited.contains(w)).collect();
    maybe.sort_unstable();
    maybe.dedup();
    let mut pending: Vec<(usize, Option<Scope>)> = Vec::new();
    for s in states {
        for &(i, f) in &s.pending {
            match pending.iter_mut().find(|(j, _)| *j == i) {
                Some(p) => {
                    p.1 = match (p.1, f) {
                        (Some(a), Some(b)) => Some(narrower(a, b)),
                        _ => None,
                    }
                }
                None => pending.push((i, f)),
            }
        }
    }
    pending.sort_by_key(|(i, _)| *i);
    // A ticket taken on some path: a thread that satisfies its condition
    // took it (outside loops, before this point).
    let union = |pick: fn(&SyncState) -> &Vec<TakenBefore>| {
        let mut out: Vec<TakenBefore> = Vec::new();
        for s in states {
            for tk in pick(s) {
                if !out.iter().any(|o| o.ticket == tk.ticket) {
                    out.push(tk.clone());
                }
            }
        }
        out
    };
    let took = union(|s| &s.took);
    let block_took = union(|s| &s.block_took);
    SyncState { held, waited, maybe, pending, took, block_took }
}

impl<'k> Exec<'k> {
    /// A fence: accesses before it are fenced, locks held become active.
    pub(super) fn fence(&mut self, st: &mut State, scope: Scope) {
        if (self.fine || self.fenced) && self.record {
            for p in &mut st.sync.pending {
                p.1 = Some(p.1.map_or(scope, |f| wider(f, scope)));
            }
            for h in &mut st.sync.held {
                if h.active.is_none() {
                    h.active = Some(narrower(h.scope, scope));
                }
            }
        }
    }

    /// A store that may end another thread's wait (a release when a fence
    /// precedes it), and the release of a lock this path holds at its address.
    pub(super) fn sync_store(&mut self, st: &mut State, access: &'k Access, value: Option<T>) {
        if !self.fine || !self.record || st.pc.is_false() {
            return;
        }
        let index = self.trace.accesses.len() - 1;
        let ev = &self.trace.accesses[index];
        if ev.obj == Obj::Local {
            return;
        }
        let scope = match access.kind {
            AccessKind::Atomic { scope, .. } => scope,
            _ if access.volatile => Scope::System,
            _ => Scope::Device,
        };
        let (obj, addr) = (ev.obj.clone(), t::add(&ev.base, &ev.offset));
        let id = self.trace.syncs.len();
        self.trace.syncs.push(SyncEv {
            kind: SyncKind::Store,
            obj: obj.clone(),
            addr: addr.clone(),
            guard: st.pc.clone(),
            scope,
            value,
            access: index,
            nested: false,
        });
        for &(i, fence) in &st.sync.pending {
            if let (Some(f), true) = (fence, i != index) {
                self.trace.accesses[i].order.released.push((id, narrower(f, scope)));
            }
        }
        let (released, kept): (Vec<Held>, Vec<Held>) =
            st.sync.held.drain(..).partition(|h| h.obj == obj && h.addr == addr);
        st.sync.held = kept;
        for h in released {
            for i in h.inside {
                let fence = st.sync.pending.iter().find(|(j, _)| *j == i).and_then(|(_, f)| *f);
                let order = &mut self.trace.accesses[i].order;
                match (fence, h.active) {
                    (Some(f), Some(a)) => order.locks.push((h.id, narrower(narrower(f, a), narrower(h.scope, scope)))),
                    _ => order.notes.push("no fence between this access and the lock's release"),
                }
            }
        }
    }
}
